//! Operations Roslyn binds at run time because an operand or index is `dynamic` (§12.3.3), each
//! checked against the Roslyn oracle (the IL holds a `BinaryOperation`, `GetIndex` or `SetIndex` call
//! site of the runtime binder): every operator or indexer that applies when the dynamic value
//! converts to its parameter is a late-bound site, a possible call, not a certain one; the value is
//! `dynamic`.

use expect_test::expect;

use super::check_outgoing;

#[test]
fn a_user_defined_operator_with_a_dynamic_operand_is_late_bound() {
    // `m + d`, `d + m` and `m += d` may run either `operator +` of `Money` (the runtime type of `d`
    // decides), `m + m` is bound at compile time; `-d` has no candidate known at compile time.
    check_outgoing(
        r#"
namespace N
{
    public struct Money
    {
        public static Money operator +(Money a, Money b) { return a; }
        public static Money operator +(Money a, int b) { return a; }
        public static Money operator -(Money a) { return a; }
    }
    public class Use
    {
        object M$0(Money m, dynamic d)
        {
            var a = m + d;
            m += d;
            var b = d + m;
            var c = -d;
            var e = m + m;
            return a.Frob();
        }
    }
}
"#,
        expect![[r#"
            M:N.Money.op_Addition(N.Money,N.Money) [LateBound, LateBound, LateBound, Operator]
            M:N.Money.op_Addition(N.Money,System.Int32) [LateBound, LateBound]
            unresolved Frob (DynamicReceiver)
            coverage 5/1/3/1
        "#]],
    );
}

#[test]
fn a_framework_indexer_with_a_dynamic_argument_is_late_bound() {
    // `list[d]` and `map[d] = 1` are the runtime binder's `GetIndex` and `SetIndex`: each indexer
    // that applies is a late-bound site, the value `dynamic` (`list[d].Frob()` is looked up at run
    // time); `list[0]` is `List<string>.this[int]`, a `string`.
    check_outgoing(
        r#"
using System.Collections.Generic;
namespace N
{
    public class Use
    {
        object M$0(dynamic d, List<string> list, Dictionary<string, int> map)
        {
            map[d] = 1;
            list[0].Trim();
            return list[d].Frob();
        }
    }
}
"#,
        expect![[r#"
            external System.Collections.Generic.Dictionary.Item [LateBound]
            external System.Collections.Generic.List.Item [Get, LateBound]
            external System.String.Trim [Call]
            unresolved Frob (DynamicReceiver)
            coverage 5/2/2/1
        "#]],
    );
}
