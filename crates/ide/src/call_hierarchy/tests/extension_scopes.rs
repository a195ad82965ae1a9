//! Extension method invocations (§12.8.9.3), each checked against the Roslyn oracle: a method whose
//! type inference fails (§12.6.3.12: no type fits all of a type parameter's bounds) is not applicable.

use expect_test::expect;

use super::check_outgoing;

#[test]
fn bounds_are_fixed_by_their_kinds() {
    // §12.6.3.9-12, each call checked with the oracle: `Action<T>` is contravariant, so two
    // `Action`s give `T` the upper bounds `object` and `string`, fixed to `string`; an
    // `IEnumerable<int>` gives the exact bound `int` (no variance for value types), which `object`
    // does not fit, so the outer `Pick(object, object)` is called; an `IEnumerable<string>` gives a
    // lower bound, fixed with `object` to `object`; `List<T>` is invariant: exact `object`, which
    // the lower bound `string` converts to.
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
namespace Outer
{
    public static class OuterExt
    {
        public static void Both(this object a, object b) { }
        public static void Pick(this object a, object b) { }
        public static void Put(this object a, object b) { }
    }
    namespace Inner
    {
        public static class InnerExt
        {
            public static void Both<T>(this Action<T> a, Action<T> b) { }
            public static void Pick<T>(this IEnumerable<T> a, T b) { }
            public static void Put<T>(this List<T> a, T b) { }
        }
        public static class Use
        {
            static void M$0(Action<object> ao, Action<string> astr, IEnumerable<int> ints, IEnumerable<string> strs, List<object> objs, object o)
            {
                ao.Both(astr);
                ints.Pick(o);
                strs.Pick(o);
                objs.Put("s");
            }
        }
    }
}
"#,
        expect![[r#"
            M:Outer.Inner.InnerExt.Both``1(System.Action{``0},System.Action{``0}) [Call]
            M:Outer.OuterExt.Pick(System.Object,System.Object) [Call]
            M:Outer.Inner.InnerExt.Pick``1(System.Collections.Generic.IEnumerable{``0},``0) [Call]
            M:Outer.Inner.InnerExt.Put``1(System.Collections.Generic.List{``0},``0) [Call]
            coverage 4/4/0/0
        "#]],
    );
}
