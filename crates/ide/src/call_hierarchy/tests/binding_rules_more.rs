//! More binding rules, each measured wrong on a real library or known from the C# spec and checked
//! against the compiler: members of a type parameter through the framework base of its source
//! bound (§12.8.7, SharpCompress); a simple name two using directives import is ambiguous
//! (CS0104, §7.6.5); enumeration subtraction (§12.10.5); `char`, `bool` and enum constants
//! (§12.23); a library base's methods beside a source method of another signature (§12.5,
//! Newtonsoft.Json); the conversions of a user-defined operator's operands (§12.4.5,
//! SharpCompress); nested types of generic library types (§7.6.5); fixing a type argument from
//! several lower bounds (§12.6.3.12); extension method groups (§12.8.7, SharpCompress); calls with a
//! `dynamic` argument or receiver, bound at run time (§12.3.3); a `foreach` variable of a generic
//! type tree-sitter reads as comparisons (§13.9.5, ExCSS); a `new` it splits at its type arguments'
//! commas, listed unresolved (C5); an element access with a `dynamic` argument, late-bound (§12.8.12.3).

use expect_test::expect;

use super::{check_incoming, check_outgoing};

#[test]
fn a_type_parameter_reaches_the_framework_base_of_its_source_bound() {
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
namespace N
{
    public interface IVolume : IDisposable { }
    public interface IReader { int Read(); }
    public class Chunk : IReader { public int Read() { return 0; } }
    public abstract class A<TVolume, TChunk> : IDisposable where TVolume : IVolume where TChunk : Chunk, IComparable
    {
        private readonly List<TVolume> volumes = new List<TVolume>();
        public virtual void Dispose() { }
        void Use$0(TVolume v, TChunk c)
        {
            v.Dispose();
            volumes.ForEach(x => x.Dispose());
            c.CompareTo(null);
            c.Read();
        }
    }
}
"#,
        expect![[r#"
            external System.IDisposable.Dispose [Call, Call]
            external System.Collections.Generic.List.ForEach [Call]
            external System.IComparable.CompareTo [Call]
            M:N.Chunk.Read [Call]
            coverage 5/5/0/0
        "#]],
    );
}

#[test]
fn a_name_two_using_directives_import_is_ambiguous() {
    // CS0104: `A.Helper` or `B.Helper`, `B.Timer` or the framework's `System.Threading.Timer`: the
    // compiler rejects both; neither is bound.
    check_outgoing(
        r#"
using System.Threading;
using A;
using B;
namespace A { public class Helper { public static void Run() {} } public class Only { public static void Go() {} } }
namespace B { public class Helper { public static void Run() {} } public class Timer { public void Start() {} } }
namespace N
{
    class C
    {
        void M$0(Timer t)
        {
            Helper.Run();
            new Helper();
            Only.Go();
            t.Start();
        }
    }
}
"#,
        expect![[r#"
            M:A.Only.Go [Call]
            unresolved Run (UnknownReceiver)
            unresolved Helper (UnknownReceiver)
            unresolved Start (UnknownReceiver)
            coverage 4/1/0/3
        "#]],
    );
}

#[test]
fn a_closer_declaration_or_a_source_twin_of_a_framework_type_is_no_ambiguity() {
    // A type of the enclosing namespace hides the imported ones; a source type with a framework
    // type's full name is the source one (CS0436).
    check_outgoing(
        r#"
using System.Threading;
using A;
using B;
namespace A { public class Helper { public static void Run() {} } }
namespace B { public class Helper { public static void Run() {} } }
namespace System.Threading { public class Timer { public void Start() {} } }
namespace N
{
    class Helper { public static void Run() {} }
    class C
    {
        void M$0(Timer t)
        {
            Helper.Run();
            t.Start();
        }
    }
}
"#,
        expect![[r#"
            M:N.Helper.Run [Call]
            M:System.Threading.Timer.Start [Call]
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn the_difference_of_two_enum_values_is_of_the_underlying_type() {
    // §12.10.5: `E - E` is `U`, `E - U`, `E + U` and `U + E` are `E`.
    check_outgoing(
        r#"
namespace N
{
    enum E { A, B }
    enum Small : byte { X, Y }
    class C
    {
        static void F(int x) {}
        static void F(E x) {}
        static void F(object x) {}
        static void G(byte x) {}
        static void G(int x) {}
        static void G(object x) {}
        void M$0(E a, E b, Small s, Small t)
        {
            F(a - b);
            F(a - 1);
            F(1 + a);
            F(a + 1);
            G(s - t);
            (s - t).CompareTo((byte)0);
        }
    }
}
"#,
        expect![[r#"
            M:N.C.F(System.Int32) [Call]
            M:N.C.F(N.E) [Call, Call, Call]
            M:N.C.G(System.Byte) [Call]
            external System.Byte.CompareTo [Call]
            coverage 6/6/0/0
        "#]],
    );
}

#[test]
fn char_bool_and_enum_constants_fold_for_the_constant_conversions() {
    // §10.2.11 asks for a constant `int`: `'a' + 1`, `T ? 1 : 100000` over a `const bool`, `(int)
    // E.B` and `E.B - E.A` are ones, `checked`/`unchecked` change no type; a long is none.
    check_outgoing(
        r#"
namespace N
{
    enum E { A, B = 7, C }
    enum F : byte { X = 3, Y = X | 4 }
    class C
    {
        const char K = 'a';
        const bool T = true;
        static void H(short x) {}
        static void H(object x) {}
        void M$0()
        {
            H(unchecked(1 + 1));
            H(checked((short)1 + 2));
            H((int)E.B);
            H(K + 1);
            H('\x41' + 1);
            H(T ? 1 : 100000);
            H(true ? 2 : 100000);
            H(unchecked((int)0x80000000) + 0x80000001);
            H(E.C - E.A);
            H(!T ? 100000 : 3);
            H(E.C);
            H((int)F.Y * 1000);
            H((int)F.Y * 10000);
        }
    }
}
"#,
        expect![[r#"
            M:N.C.H(System.Int16) [Call, Call, Call, Call, Call, Call, Call, Call, Call, Call]
            M:N.C.H(System.Object) [Call, Call, Call]
            coverage 13/13/0/0
        "#]],
    );
}

#[test]
fn a_source_method_of_another_signature_leaves_the_library_base_method_in_the_group() {
    // Newtonsoft.Json's `JToken` declares `static string GetType(JToken)`: `t.GetType()` is still
    // `object.GetType()` (methods hide by signature, §12.5), a `Type` whose `Name` is read.
    check_outgoing(
        r#"
namespace N
{
    public abstract class JToken
    {
        private static string GetType(JToken token) { return null; }
        string M$0(JToken t) { return t.GetType().Name + GetType().Name + GetType(t); }
    }
}
"#,
        expect![[r#"
            external System.Object.GetType [Call, Call]
            external System.Reflection.MemberInfo.Name [Get, Get]
            M:N.JToken.GetType(N.JToken) [Call]
            coverage 5/5/0/0
        "#]],
    );
}

#[test]
fn an_operand_of_a_user_defined_operator_goes_through_its_conversion() {
    // SharpCompress's PPMd model: `context < pointer` is `Pointer.op_LessThan` after converting
    // `context` by `Pointer.op_Implicit(Context)` (§12.4.5 then §10.5.5).
    check_outgoing(
        r#"
namespace N
{
    struct Pointer
    {
        public static implicit operator Pointer(Ctx c) { return new Pointer(); }
        public static bool operator <(Pointer a, Pointer b) { return true; }
        public static bool operator >(Pointer a, Pointer b) { return true; }
    }
    struct Ctx
    {
        public static implicit operator Ctx(Pointer p) { return new Ctx(); }
        public static bool operator <=(Ctx a, Ctx b) { return true; }
        public static bool operator >=(Ctx a, Ctx b) { return true; }
    }
    class C
    {
        bool M$0(Ctx c, Pointer p) { return c < p && p > c; }
    }
}
"#,
        expect![[r#"
            M:N.Pointer.op_Implicit(N.Ctx)~N.Pointer [Operator, Operator]
            M:N.Pointer.op_LessThan(N.Pointer,N.Pointer) [Operator]
            M:N.Pointer.op_GreaterThan(N.Pointer,N.Pointer) [Operator]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn a_nested_type_of_a_generic_library_type_is_named_through_its_outer_type() {
    // `Dictionary<string, int>.Enumerator` is `Dictionary`2+Enumerator` with the outer arguments
    // (its members were MissingMetadata); a non-generic outer and a qualified name too.
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
namespace N
{
    class C
    {
        void M$0(Dictionary<string, int> d, List<int> l)
        {
            Dictionary<string, int>.Enumerator e = d.GetEnumerator();
            e.MoveNext();
            var k = e.Current.Key;
            List<int>.Enumerator f = l.GetEnumerator();
            f.MoveNext();
            var v = f.Current;
            Environment.SpecialFolder s = Environment.SpecialFolder.System;
            s.CompareTo(s);
            System.Collections.Generic.List<int>.Enumerator h = l.GetEnumerator();
            h.MoveNext();
        }
    }
}
"#,
        expect![[r#"
            external System.Collections.Generic.Dictionary.GetEnumerator [Call]
            external System.Collections.Generic.Dictionary.Enumerator.MoveNext [Call]
            external System.Collections.Generic.Dictionary.Enumerator.Current [Get]
            external System.Collections.Generic.KeyValuePair.Key [Get]
            external System.Collections.Generic.List.GetEnumerator [Call, Call]
            external System.Collections.Generic.List.Enumerator.MoveNext [Call, Call]
            external System.Collections.Generic.List.Enumerator.Current [Get]
            external System.Enum.CompareTo [Call]
            coverage 10/10/0/0
        "#]],
    );
}

#[test]
fn a_type_argument_is_fixed_to_the_bound_every_other_converts_to() {
    // §12.6.3.12: `Pick(d1s, bases)` is `Pick<Base[]>`, `Pick(t, u)` of `(int, string)` and
    // `(long, string)` is `Pick<(long, string)>`, `Pick(1, 2L)` is `Pick<long>`, whatever the order.
    check_outgoing(
        r#"
namespace N
{
    class Base { public void B() {} } class D1 : Base {}
    class C
    {
        static T Pick<T>(T a, T b) { return a; }
        void M$0(Base[] a, D1[] b, (int, string) t, (long, string) u, Base x, D1 y)
        {
            Pick(b, a).Initialize();
            Pick(t, u).Item1.GetHashCode();
            Pick(1, 2L).GetHashCode();
            Pick(y, x).B();
        }
    }
}
"#,
        expect![[r#"
            M:N.C.Pick``1(``0,``0) [Call, Call, Call, Call]
            external System.Array.Initialize [Call]
            external System.Int64.GetHashCode [Call, Call]
            M:N.Base.B [Call]
            coverage 8/8/0/0
        "#]],
    );
}

#[test]
fn an_extension_method_named_on_a_value_is_a_method_group() {
    // SharpCompress: `entry.WriteToFile` passed as an `Action<string, Options>` is a reference to
    // the extension method, its `this` the receiver (§12.8.7; was MissingMetadata); one whose
    // `this` the receiver does not convert to is none (an `IEnumerable<int>` is no `Options`).
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
namespace N
{
    public class Options {}
    public interface IEntry { }
    public interface IArchiveEntry : IEntry { }
    static class M
    {
        public static void Write(IEntry e, string d, Options o, Action<string, Options> write) { }
    }
    public static class X
    {
        public static void WriteToDirectory$0(this IArchiveEntry entry, string d, Options options = null)
        {
            M.Write(entry, d, options, entry.WriteToFile);
            Action<string, Options> a = entry.WriteToFile;
            Func<int> count = Numbers().Count;
        }
        public static void WriteToFile(this IArchiveEntry entry, string f, Options options = null) { }
        public static int Count<T>(this IEnumerable<T> items) { return 0; }
        public static string Count(this Options o) { return null; }
        static IEnumerable<int> Numbers() { return null; }
    }
}
"#,
        expect![[r#"
            M:N.M.Write(N.IEntry,System.String,N.Options,System.Action{System.String,N.Options}) [Call]
            M:N.X.WriteToFile(N.IArchiveEntry,System.String,N.Options) [MethodGroup, MethodGroup]
            M:N.X.Numbers [Call]
            M:N.X.Count``1(System.Collections.Generic.IEnumerable{``0}) [MethodGroup]
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn a_call_with_a_dynamic_argument_is_late_bound_to_its_candidates() {
    // §12.3.3: `Foo(d)`, `One(d)` (one candidate), `Inst(d)` and `new C(d)` are bound at run time
    // (Roslyn's IL calls the runtime binder, no method): each lists the methods that take the
    // arguments when `d` converts to any parameter (§12.6.5), `Foo(int)` and `Foo(string)` but not
    // `Foo(int, int)`; a member of a dynamic value is looked up at run time, and a late-bound
    // call's value is `dynamic` (`Ret(d).ToString()`, `x.Frob()`). A local function, `One((int)
    // d)` and `t.Bar()` are bound as ever.
    check_outgoing(
        r#"
namespace N
{
    public class T { public void Bar() {} }
    public class C
    {
        public C() {}
        public C(int x) {}
        public C(string s) {}
        static void Foo(int x) {}
        static void Foo(string s) {}
        static void Foo(int x, int y) {}
        static void One(int x) {}
        static int Ret(int x) { return x; }
        void Inst(object o) {}
        dynamic field;
        void M$0(dynamic d, T t)
        {
            Foo(d);
            One(d);
            Ret(d).ToString();
            this.Inst(d);
            new C(d);
            d.Baz();
            field.Zap();
            void Local(int q) {}
            Local(d);
            var x = Ret(d);
            x.Frob();
            One((int)d);
            t.Bar();
        }
    }
}
"#,
        expect![[r#"
            M:N.C.Foo(System.Int32) [LateBound]
            M:N.C.Foo(System.String) [LateBound]
            M:N.C.One(System.Int32) [LateBound, Call]
            M:N.C.Ret(System.Int32) [LateBound, LateBound]
            M:N.C.Inst(System.Object) [LateBound]
            M:N.C.#ctor(System.Int32) [LateBound]
            M:N.C.#ctor(System.String) [LateBound]
            M:N.T.Bar [Call]
            unresolved ToString (DynamicReceiver)
            unresolved Baz (DynamicReceiver)
            unresolved Zap (DynamicReceiver)
            unresolved Frob (DynamicReceiver)
            coverage 12/2/6/4
        "#]],
    );
}

#[test]
fn the_callers_of_a_method_list_its_late_bound_calls() {
    // An agent asking who calls `Foo(string)` learns of `Foo(d)`: it may run it.
    check_incoming(
        r#"
namespace N
{
    public class C
    {
        static void Foo(int x) {}
        static void Foo$0(string s) {}
        void M(dynamic d) { Foo(d); Foo("s"); Foo(1); }
    }
}
"#,
        expect![[r#"
            M:N.C.M(System.Object) [LateBound@7, Call@7]
            coverage 3/2/1/0
        "#]],
    );
}

#[test]
fn a_method_group_argument_takes_the_delegate_its_return_type_fits_best() {
    // A method group converts only to a delegate whose return type its method's converts to by
    // identity or reference (§10.8, §20.4: `int Foo()` is no `Action`), and the better conversion
    // is to the delegate whose return type is the better target from the method's (§12.6.4.5:
    // `Func<int>` over `Func<long>`, `Func<string>` over `Func<object>`). Checked with Roslyn.
    check_outgoing(
        r#"
using System;
using System.Linq;
using System.Threading.Tasks;
using System.Collections.Generic;
namespace N
{
    public class C
    {
        static void Run(Action a) {}
        static void Run(Func<int> f) {}
        static void Take(Func<int> f) {}
        static void Take(Func<long> f) {}
        static void Pick(Func<object> f) {}
        static void Pick(Func<string> f) {}
        static int Foo() { return 0; }
        static void Bar() {}
        static string S() { return null; }
        static int Len(string s) { return 0; }
        void M$0(List<string> items)
        {
            Run(Foo);
            Run(Bar);
            Take(Foo);
            Pick(S);
            Task.Run(Foo);
            items.Select(Len);
        }
    }
}
"#,
        expect![[r#"
            M:N.C.Run(System.Func{System.Int32}) [Call]
            M:N.C.Foo [MethodGroup, MethodGroup, MethodGroup]
            M:N.C.Run(System.Action) [Call]
            M:N.C.Bar [MethodGroup]
            M:N.C.Take(System.Func{System.Int32}) [Call]
            M:N.C.Pick(System.Func{System.String}) [Call]
            M:N.C.S [MethodGroup]
            external System.Threading.Tasks.Task.Run [Call]
            external System.Linq.Enumerable.Select [Call]
            M:N.C.Len(System.String) [MethodGroup]
            coverage 6/6/0/0
        "#]],
    );
}

#[test]
fn a_framework_type_two_using_directives_of_one_level_import_is_ambiguous() {
    // CS0104 between two framework types: `System.Threading.Timer` or `System.Timers.Timer`,
    // neither is bound (the first directive's was).
    check_outgoing(
        r#"
using System.Threading;
using System.Timers;
namespace N
{
    class C
    {
        void M$0(Timer t)
        {
            t.Start();
            t.Dispose();
        }
    }
}
"#,
        expect![[r#"
            unresolved Start (UnknownReceiver)
            unresolved Dispose (UnknownReceiver)
            coverage 2/0/0/2
        "#]],
    );
}

#[test]
fn a_framework_type_an_inner_using_directive_imports_comes_first() {
    // A directive of an inner namespace imports before the compilation unit's (§14.5.2): `Timer`
    // is `System.Timers.Timer`, whose `Start` exists (the outer directive's was taken).
    check_outgoing(
        r#"
using System.Threading;
namespace O
{
    using System.Timers;
    class D
    {
        void M$0(Timer t) { t.Start(); }
    }
}
"#,
        expect![[r#"
            external System.Timers.Timer.Start [Call]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn a_framework_method_group_is_an_argument() {
    // A framework method named as a delegate argument: a static one (`string.IsNullOrEmpty`), an
    // extension method called as a static one (`Enumerable.Count`) and one named on a value
    // (`numbers.Contains`, §12.8.7). Checked with Roslyn.
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
using System.Linq;
namespace N
{
    class C
    {
        void M$0(List<string> items, List<List<int>> lists, IEnumerable<int> numbers, List<int> others)
        {
            items.Where(string.IsNullOrEmpty);
            lists.Select(Enumerable.Count);
            others.Where(numbers.Contains);
            Func<int> count = numbers.Count;
        }
    }
}
"#,
        expect![[r#"
            external System.Linq.Enumerable.Where [Call, Call]
            external System.String.IsNullOrEmpty [MethodGroup]
            external System.Linq.Enumerable.Select [Call]
            external System.Linq.Enumerable.Count [MethodGroup, MethodGroup]
            external System.Linq.Enumerable.Contains [MethodGroup]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn a_foreach_variable_of_a_generic_type_with_one_named_argument() {
    // tree-sitter reads `foreach (List<Token> t in list)` as `(List < Token) > t` (ExCSS); the
    // variable was untyped and every call on it unresolved.
    check_outgoing(
        r#"
using System.Collections.Generic;
namespace N
{
    public class Token { public int Type; }
    public static class Outer { public class Bag<T> : List<T> { } }
    public static class Ext
    {
        public static void Trim(this List<Token> value) { }
        public static List<List<Token>> ToList$0(this IEnumerable<Token> value)
        {
            var list = new List<List<Token>>();
            foreach (var token in value)
            {
                if (token.Type == 0) continue;
            }
            foreach (List<Token> token in list)
            {
                token.Trim();
            }
            foreach (List<List<Token>> nested in new[] { list }) { nested.Clear(); }
            foreach (Outer.Bag<Token> bag in new Outer.Bag<Token>[0]) { bag.Trim(); }
            return list;
        }
    }
}
"#,
        expect![[r#"
            external System.Collections.Generic.List.#ctor [Ctor]
            M:N.Ext.Trim(System.Collections.Generic.List{N.Token}) [Call, Call]
            external System.Collections.Generic.List.Clear [Call]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn a_conditional_operand_without_a_type_converts_to_the_others() {
    // §12.18 (SmartFormat): `var round = less ? (Func<double, double>)Math.Floor : Math.Ceiling;`
    // binds `Ceiling(double)`, and a lambda operand's parameter is typed by the other operand's
    // delegate, in either order.
    check_outgoing(
        r#"
using System;
namespace N
{
    public static class T
    {
        static int Twice(int n) { return n; }
        static string Twice(string s) { return s; }
        static double M$0(bool less, double x)
        {
            var round = less ? (Func<double, double>) Math.Floor : Math.Ceiling;
            var other = less ? Math.Floor : (Func<double, double>)Math.Ceiling;
            var twice = less ? n => Twice(n) : (Func<int, int>)(n => n);
            return round(x) + other(x) + twice(1);
        }
    }
}
"#,
        expect![[r#"
            external System.Math.Floor [MethodGroup, MethodGroup]
            external System.Math.Ceiling [MethodGroup, MethodGroup]
            M:N.T.Twice(System.Int32) [Call]
            external System.Func.Invoke [DelegateInvoke, DelegateInvoke, DelegateInvoke]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn a_creation_tree_sitter_splits_at_its_type_arguments_commas_is_listed_unresolved() {
    // C5: in `(block ?? (block = new Proxy<Pair<K, V>>(this, pairs)))` tree-sitter reads a tuple
    // `(block = new Proxy < Pair < K, V >> (this, pairs))`; the constructor call was dropped without a
    // trace, so find_callers of the constructor said nobody calls it from there.
    check_incoming(
        r#"
namespace C5
{
    public struct Pair<K, V> { }
    internal sealed class Proxy<T>
    {
        internal Proxy$0(object owner, object real) { }
        internal int Count;
    }
    public abstract class Dictionary<K, V>
    {
        protected object pairs;
        Proxy<Pair<K, V>> block;
        public int Count() { return (block ?? (block = new Proxy<Pair<K, V>>(this, pairs))).Count; }
    }
}
"#,
        expect![[r#"
            unresolved Proxy (MisreadSyntax)
            coverage 1/0/0/1
        "#]],
    );
}

#[test]
fn an_element_access_with_a_dynamic_argument_is_late_bound_to_each_indexer_that_applies() {
    // §12.8.12.3: `t[d]` is bound at run time, like a call with a dynamic argument; an array's
    // element access stays static (its index is converted at run time).
    check_outgoing(
        r#"
namespace N
{
    public class Table
    {
        public int this[int i] { get { return i; } set { } }
        public int this[string key] { get { return 0; } }
        public int this[int i, int j] { get { return 0; } }
    }
    public class Use
    {
        int M$0(Table t, dynamic d, int[] xs)
        {
            t[d] = 1;
            return t[d] + t[1] + xs[d];
        }
    }
}
"#,
        expect![[r#"
            P:N.Table.Item(System.Int32) [LateBound, LateBound, Get]
            P:N.Table.Item(System.String) [LateBound]
            coverage 3/1/2/0
        "#]],
    );
}
