//! Binding rules measured wrong on real libraries first compared with the compiler in session 20
//! (Eto.Parse, LightInject, C5, FluentFTP), each checked against the Roslyn oracle: a constant zero
//! converts to any enum (§10.2.4, FluentFTP); a delegate's `BeginInvoke` and `EndInvoke` (§20.2,
//! FluentFTP); `operator true` of a condition (§12.24, Eto.Parse); a nested type named through a derived
//! class is its base's constructed type (§15.3.9, Eto.Parse); a discard assignment's type (§12.21.2, C5).
//! Then session 21's (TinyIoC, HtmlAgilityPack, fclp, PowerCollections, DryIoc): conversions through
//! the type parameters a type parameter depends on (§10.1.5); a lambda's better conversion target
//! between delegate types with different parameter types (§12.6.4.5); method groups as delegates
//! (§10.8: the best library method, extension methods after the receiver's, local functions); `new
//! G<T>(x) { .. }` as tree-sitter splits it; library indexers' accessors (§12.8.12.3); delegate
//! equality (§12.12.9); `object`'s members through interfaces (§12.5); `new S()` of a library struct
//! (§16.4.9); implicit `base()` of a library base (§15.11.2); a namespace's own types before its
//! `using static` members (§12.8.4) and its imports' extension methods (§12.8.10.3); ref locals (C#
//! 7); calls of unimplemented partial methods (§15.6.9).

use expect_test::expect;

use super::check_outgoing;

#[test]
fn the_literal_zero_converts_to_any_enum() {
    // §10.2.4: the constant `0` converts implicitly to every enum type, so `List(string, Options)`
    // applies and beats `List(string, object)` (Options converts to object, not back).
    check_outgoing(
        r#"
namespace N
{
    [System.Flags] public enum Options { None = 0, All = 1 }
    public class C
    {
        int List(string path) { return List(path, 0); }
        int List$0(string path, Options options) { return List(path, 0); }
        int List(string path, object o) { return 0; }
    }
}
"#,
        expect![[r#"
            M:N.C.List(System.String,N.Options) [Call]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn begin_invoke_and_end_invoke_of_a_source_delegate() {
    // §20.2: a delegate type declares `Invoke`, and (.NET Framework) `BeginInvoke` with the
    // parameters followed by `AsyncCallback` and `object`, `EndInvoke` with the `ref`/`out`
    // parameters followed by `IAsyncResult`.
    check_outgoing(
        r#"
using System;
namespace N
{
    public class C
    {
        delegate int Work(string path, bool deep);
        delegate bool TryWork(ref int a, out string b, int c);
        int Do(string p, bool d) { return 0; }
        void M$0(AsyncCallback cb, TryWork t)
        {
            Work w = Do;
            IAsyncResult r = w.BeginInvoke("a", true, cb, null);
            int n = w.EndInvoke(r);
            w.Invoke("b", false);
            int a = 0; string b;
            t.EndInvoke(ref a, out b, t.BeginInvoke(ref a, out b, 1, null, null));
        }
    }
}
"#,
        expect![[r#"
            M:N.C.Do(System.String,System.Boolean) [MethodGroup]
            M:N.C.Work.BeginInvoke(System.String,System.Boolean,System.AsyncCallback,System.Object) [Call]
            M:N.C.Work.EndInvoke(System.IAsyncResult) [Call]
            M:N.C.Work.Invoke(System.String,System.Boolean) [Call]
            M:N.C.TryWork.BeginInvoke(System.Int32@,System.String@,System.Int32,System.AsyncCallback,System.Object) [Call]
            M:N.C.TryWork.EndInvoke(System.Int32@,System.String@,System.IAsyncResult) [Call]
            coverage 5/5/0/0
        "#]],
    );
}

#[test]
fn a_class_with_operator_true_as_a_condition() {
    // §12.24: a condition of a type with no implicit conversion to `bool` calls its `operator true`;
    // one with a user-defined implicit conversion to `bool` calls that instead.
    check_outgoing(
        r#"
namespace N
{
    public class Match
    {
        public static bool operator true(Match m) { return m != null; }
        public static bool operator false(Match m) { return m == null; }
    }
    public struct Flag
    {
        public static implicit operator bool(Flag f) { return true; }
        public static bool operator true(Flag f) { return true; }
        public static bool operator false(Flag f) { return false; }
    }
    public class C
    {
        int M$0(Match m, Flag f)
        {
            if (m) return 1;
            while (m) { }
            do { } while (m);
            for (; m;) { }
            if (f) return 4;
            return m ? 2 : 3;
        }
    }
}
"#,
        expect![[r#"
            M:N.Match.op_True(N.Match) [Operator, Operator, Operator, Operator, Operator]
            M:N.Flag.op_Implicit(N.Flag)~System.Boolean [Operator]
            coverage 6/6/0/0
        "#]],
    );
}

#[test]
fn a_nested_type_named_through_a_derived_class_is_the_bases() {
    // §15.3.9: `Tpw.IHandler` names `Pw<Args>.IHandler`, whose `TArgs` is `Args`.
    check_outgoing(
        r#"
namespace N
{
    public class Pw<TArgs> { public interface IHandler { TArgs Get(); } }
    public class Args { public void Run() { } }
    public class Tpw : Pw<Args> { }
    public class Gen<T> : Pw<T> { }
    public class C
    {
        void M$0(Tpw.IHandler h, Gen<Args>.IHandler g)
        {
            h.Get().Run();
            g.Get().Run();
        }
    }
}
"#,
        expect![[r#"
            M:N.Pw`1.IHandler.Get [Call, Call]
            M:N.Args.Run [Call, Call]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn a_discard_assignment_has_the_type_of_its_right_side() {
    // §12.21.2 with discards (§9.2.9.2): `_ = e` has the type of `e` when no `_` is in scope.
    check_outgoing(
        r#"
namespace N
{
    public class P { public int Index; public int Get() { return 0; } }
    public class C
    {
        void M$0(P[] ps)
        {
            (_ = ps[0]).Get();
        }
    }
}
"#,
        expect![[r#"
            M:N.P.Get [Call]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn an_argument_of_a_type_parameter_converts_through_the_type_parameters_it_depends_on() {
    // §10.1.5 (C# 7.3 §6.1.10): a `T` converts to the type parameter `U` it depends on and to
    // everything `U` converts to, and to nothing else: `TImpl : class, TReg` is no `string`, so
    // only `Register(Type, Type, object)` applies; `C : B`, `B : A`, `A : IComparable` is an
    // `IComparable`, so `Take(IComparable)` applies, `Take(string)` does not (TinyIoC).
    check_outgoing(
        r#"
using System;
namespace N
{
    public class Registry
    {
        public int Register(Type a, Type b, string name) { return 0; }
        public int Register(Type a, Type b, object instance) { return 1; }
        public int Register(Type a, object instance, string name) { return 2; }
        public void Take(IComparable c) { }
        public void Take(string s) { }
        public int M$0<TReg, TImpl, A, B, C>(TImpl instance, C c)
            where TReg : class where TImpl : class, TReg where A : IComparable where B : A where C : B
        {
            Take(c);
            return Register(typeof(TReg), typeof(TImpl), instance);
        }
    }
}
"#,
        expect![[r#"
            M:N.Registry.Take(System.IComparable) [Call]
            M:N.Registry.Register(System.Type,System.Type,System.Object) [Call]
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn a_lambda_takes_the_delegate_type_that_converts_to_the_other() {
    // §12.6.4.5 (C# 7.3 §7.5.3.5): where a lambda converts to two delegate types with different
    // parameter types, the better conversion target is the one with an implicit conversion to the
    // other: `Func<object, bool>` is a `Func<string, bool>` by contravariance, not the reverse;
    // `Action<object>` over `Action<string>`; `Func<object, string>` over `Func<string, object>`
    // (HtmlAgilityPack: `LoadFromBrowser(url, browser => ...)`). A body of `null` alone, which has no
    // type, the binder does not type: whether it matches either exactly it cannot tell, and says so.
    check_outgoing(
        r#"
using System;
namespace N
{
    public class Browser
    {
        public int Load(string url, Func<string, bool> done) { return 0; }
        public int Load(string url, Func<object, bool> done) { return 0; }
        public void Each(Action<string> a) { }
        public void Each(Action<object> a) { }
        public void Pick(Func<string, object> f) { }
        public void Pick(Func<object, string> f) { }
        public void M$0(Func<string, bool> done)
        {
            Load("u", b => done(b.ToString()));
            Each(x => Console.WriteLine(x));
            Pick(x => null);
            Pick(x => x.ToString());
        }
    }
}
"#,
        expect![[r#"
            M:N.Browser.Load(System.String,System.Func{System.Object,System.Boolean}) [Call]
            external System.Func.Invoke [DelegateInvoke]
            external System.Object.ToString [Call, Call]
            M:N.Browser.Each(System.Action{System.Object}) [Call]
            external System.Console.WriteLine [Call]
            M:N.Browser.Pick(System.Func{System.Object,System.String}) [Call]
            unresolved Pick (Ambiguous)
            coverage 8/7/1/0
        "#]],
    );
}

#[test]
fn a_method_group_of_instance_methods_and_of_extension_methods_as_a_delegate() {
    // §10.8 / §12.6.4: `arg.Equals` as a `Func<string, bool>` is `String.Equals(string)`, the better
    // of `Equals(string)` and `Equals(object)`; `w.Contains` as a `Func<char, bool>`, where no
    // instance `Contains` takes a `char`, is the extension method `Enumerable.Contains<char>` with
    // `w` as its first argument (fclp). Passed to a call that binds nothing, no delegate type tells
    // `Word.Contains` from the extension method: the group is ambiguous, not guessed.
    check_outgoing(
        r#"
using System.Collections.Generic;
using System.Linq;
namespace N
{
    public class Word : IEnumerable<char>
    {
        public bool Contains(string s) { return false; }
        public IEnumerator<char> GetEnumerator() { return null; }
        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() { return null; }
    }
    public class Keys
    {
        public bool M$0(string arg, List<string> prefixes, Word w, char[] marks)
        {
            Missing.Run(w.Contains);
            return prefixes.Any(arg.StartsWith) && prefixes.Any(arg.Equals) == false && marks.Any(w.Contains);
        }
    }
}
"#,
        expect![[r#"
            external System.Linq.Enumerable.Any [Call, Call, Call]
            external System.String.StartsWith [MethodGroup]
            external System.String.Equals [MethodGroup]
            external System.Linq.Enumerable.Contains [MethodGroup]
            unresolved Contains (Ambiguous)
            unresolved Run (MissingMetadata)
            coverage 5/3/1/1
        "#]],
    );
}

#[test]
fn a_generic_creation_with_one_argument_and_an_initializer() {
    // tree-sitter reads `new Box<T>(seed) { Value = 1 }` as `(new Box < T) > ((seed) { .. })`, a
    // cast of the initializer; after `new` C# reads a type (§12.8.17.2), so it is the creation of
    // `Box<T>` with one argument and an initializer (PowerCollections: `new Hash<T>(comparer) {
    // count = .. }`). An argument that is no simple name does not come out as a cast and stays
    // reported as misread.
    check_outgoing(
        r#"
using System.Collections.Generic;
namespace N
{
    public class Box<T> : List<T>
    {
        public Box(IEqualityComparer<T> seed) { }
        public int Value { get; set; }
    }
    public class C<T>
    {
        private IEqualityComparer<T> comparer;
        private C<T> other;
        void Take(Box<T> box, int n) { }
        void M$0(T item)
        {
            var box = new Box<T>(comparer) { Value = 1 };
            Take(new N.Box<T>(comparer) { item }, box.Value);
            var misread = new Box<T>(other.comparer) { };
        }
    }
}
"#,
        expect![[r#"
            M:N.Box`1.#ctor(System.Collections.Generic.IEqualityComparer{`0}) [Ctor, Ctor]
            P:N.Box`1.Value [Set, Get]
            external System.Collections.Generic.List.Add [Call]
            M:N.C`1.Take(N.Box{`0},System.Int32) [Call]
            unresolved Box (MisreadSyntax)
            coverage 7/6/0/1
        "#]],
    );
}

#[test]
fn a_local_function_as_a_method_group_argument() {
    // §10.8: a local function converts to a delegate as a method does; its signature gives the
    // delegate's type arguments (`Select(Converter)` is `Select<T, T>(Func<T, T>)`, not the
    // `Func<T, int, TResult>` overload, PowerCollections).
    check_outgoing(
        r#"
using System.Collections.Generic;
using System.Linq;
namespace N
{
    public class C<T> : List<T>
    {
        public C() { }
        public C(IEnumerable<T> items) { }
        public C(int capacity) { }
        T Conv(T item) { return item; }
        C<T> M$0()
        {
            T Converter(T item) { return item; }
            int Length(string s) { return s.Length; }
            var lengths = new List<string>().Select(Length).Sum();
            var viaMethod = new C<T>(this.Select(Conv));
            return new C<T>(this.Select(Converter));
        }
    }
}
"#,
        expect![[r#"
            external System.String.Length [Get]
            external System.Collections.Generic.List.#ctor [Ctor]
            external System.Linq.Enumerable.Select [Call, Call, Call]
            external System.Linq.Enumerable.Sum [Call]
            M:N.C`1.Conv(`0) [MethodGroup]
            M:N.C`1.#ctor(System.Collections.Generic.IEnumerable{`0}) [Ctor, Ctor]
            coverage 8/8/0/0
        "#]],
    );
}

#[test]
fn delegate_equality_is_system_delegates_and_a_null_test_calls_nothing() {
    // §12.12.9: every delegate type has the predefined `==` and `!=`, which the compiler calls as
    // `System.Delegate.op_Equality` / `op_Inequality` (for `Delegate` and `MulticastDelegate`
    // operands too); `MulticastDelegate`'s own operators are never chosen, and a comparison with
    // `null` is a reference test without a call (fclp: `ReturnCallback != null`). A method group
    // compared with a delegate converts to its type (DryIoc: `rule == SelectLastRegisteredFactory`).
    check_outgoing(
        r#"
using System;
namespace N
{
    public delegate void Handler(int x);
    public class C
    {
        Action<int> cb; Handler h; Func<int> f;
        static void Pick(int x) { }
        static Handler Pick() { return Pick; }
        bool M$0(Action<int> other, MulticastDelegate m, Delegate d, EventHandler e)
        {
            bool p = h == Pick;
            bool a = cb != null;
            bool b = cb == other;
            bool c = h != null && f == null;
            bool g = m != null;
            bool k = d == null;
            bool l = m == d;
            bool n = e != null;
            return p && a && b && c && g && k && l && n;
        }
    }
}
"#,
        expect![[r#"
            M:N.C.Pick(System.Int32) [MethodGroup]
            external System.Delegate.op_Equality [Operator, Operator, Operator]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn element_access_through_library_indexers_calls_their_accessors() {
    // §12.8.12.3: an element access through a library type's indexer calls its accessors, as a
    // property access does (`d["c"] += 3` both); a base type's indexers stay candidates where the
    // derived type's do not apply (`WebHeaderCollection`'s `this[HttpResponseHeader]` leaves
    // `NameValueCollection`'s `this[string]`), and a source subclass reaches its library base's
    // (HtmlAgilityPack, fclp: the accesses had no sites).
    check_outgoing(
        r#"
using System.Collections.Generic;
using System.Net;
namespace N
{
    public class Bag<T> : List<T> { public string this[string key] { get { return key; } } }
    public class C
    {
        void M$0(Dictionary<string, int> d, List<int> l, WebHeaderCollection headers, Bag<int> bag, IList<string> il)
        {
            var x = d["a"];
            d["b"] = 2;
            d["c"] += 3;
            var y = l[0];
            var loc = headers["Location"];
            var s = bag["k"] + bag[1];
            il[0] = "z";
        }
    }
}
"#,
        expect![[r#"
            external System.Collections.Generic.Dictionary.Item [Get, Set, Get, Set]
            external System.Collections.Generic.List.Item [Get, Get]
            external System.Collections.Specialized.NameValueCollection.Item [Get]
            P:N.Bag`1.Item(System.String) [Get]
            external System.Collections.Generic.IList.Item [Set]
            coverage 9/9/0/0
        "#]],
    );
}

#[test]
fn an_interfaces_lookup_reaches_the_methods_of_object() {
    // §12.5: the members of `object` are found through an interface, and methods hide by
    // signature only: `comparer.GetHashCode()` is `object.GetHashCode()` beside
    // `IEqualityComparer<T>.GetHashCode(T)`, `eq.Equals(o)` of an `object` is `object.Equals`
    // beside `IEquatable<T>.Equals(T)`, for a source interface as for a library one
    // (PowerCollections; the calls were named after the interface's method, or not found). A source
    // interface's library bases are all searched (DryIoc: `IScope : IEnumerable<IScope>,
    // IDisposable`, whose `Dispose` was not found).
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
namespace N
{
    public interface IKeyed { int GetHashCode(int salt); }
    public interface IScope : IEnumerable<IScope>, IDisposable { }
    public class C<T>
    {
        IEqualityComparer<T> comparer;
        int M$0(IKeyed keyed, IEquatable<T> eq, T item, object o, IScope scope)
        {
            scope.Dispose();
            bool b = eq.Equals(item) && eq.Equals(o);
            return comparer.GetHashCode() + keyed.GetHashCode() + keyed.GetHashCode(1) + comparer.GetHashCode(item);
        }
    }
}
"#,
        expect![[r#"
            external System.IDisposable.Dispose [Call]
            external System.IEquatable.Equals [Call]
            external System.Object.Equals [Call]
            external System.Object.GetHashCode [Call, Call]
            M:N.IKeyed.GetHashCode(System.Int32) [Call]
            external System.Collections.Generic.IEqualityComparer.GetHashCode [Call]
            coverage 7/7/0/0
        "#]],
    );
}

#[test]
fn a_struct_created_without_arguments_calls_no_constructor() {
    // §16.4.9: `new S()` of a struct zero-initializes; no constructor is called unless the struct
    // declares a parameterless one (`new TimeSpan()`, `new DictionaryEntry()`: PowerCollections,
    // which had edges to constructors that do not exist).
    check_outgoing(
        r#"
using System;
using System.Collections;
namespace N
{
    public class C
    {
        void M$0()
        {
            var entry = new DictionaryEntry();
            var span = new TimeSpan();
            var count = new int?();
            var pair = new DictionaryEntry("k", 1);
        }
    }
}
"#,
        expect![[r#"
            external System.Collections.DictionaryEntry.#ctor [Ctor]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn a_constructor_without_initializer_calls_its_library_bases_constructor() {
    // §15.11.2: a class's constructor without an initializer calls `base()`, also of a library base
    // class (`Exception()`); `System.Object()`, every class's, is left out, and a struct's
    // constructor calls none (fclp, HtmlAgilityPack, LitJson: the edges were missing).
    check_outgoing(
        r#"
using System;
namespace N
{
    public class MyError : Exception
    {
        public MyError$0() { }
        public MyError(string m) : base(m) { }
    }
    public struct Point { int x; public Point(int x) { this.x = x; } }
}
"#,
        expect![[r#"
            external System.Exception.#ctor [Ctor]
            coverage 1/1/0/0
        "#]],
    );
    check_outgoing(
        r#"
namespace N
{
    public struct Point { int x; public Point$0(int x) { this.x = x; } }
}
"#,
        expect![[r#"
            coverage 0/0/0/0
        "#]],
    );
}

#[test]
fn a_namespaces_own_type_comes_before_its_using_static_members() {
    // §12.8.4: at each namespace level, the types the namespace declares (and those its `using`s
    // import) come before the static members its `using static`s import: in `namespace N { using
    // static Lib.Expr; }`, `Throw.It(1)` calls `N.Throw.It`, not a method group `Expr.Throw`
    // (DryIoc: `Throw.It(..)` beside `using static ..Expression;`, which has `Throw` methods). A
    // type another `using` imports does not hide them: `Convert(3)` is `Expr.Convert`, not a use of
    // `System.Convert`. Instance members are not imported: `x is Type` tests for `System.Type`.
    check_outgoing(
        r#"
namespace Lib
{
    public class Expr
    {
        public static int Throw(int x) { return x; }
        public static int Twice(int x) { return x; }
        public static int Convert(int x) { return x; }
        public int Type { get { return 0; } }
    }
}
namespace N
{
    using System;
    using static Lib.Expr;
    public static class Throw { public static int It(int e) { return e; } }
    public class C
    {
        int M$0(object x) { return x is Type ? Throw.It(1) + Twice(2) + Convert(3) : 0; }
    }
}
"#,
        expect![[r#"
            M:N.Throw.It(System.Int32) [Call]
            M:Lib.Expr.Twice(System.Int32) [Call]
            M:Lib.Expr.Convert(System.Int32) [Call]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn a_ref_local_has_the_type_of_the_variable_it_refers_to() {
    // C# 7 ref locals: `ref var e = ref slots[0];` and `ref Slot s = ref one;` are variables of
    // type `Slot`, and `ref e` is the variable `e` (DryIoc: `ref var entry = ref cacheEntry.Value;`
    // left the receivers of its calls unknown).
    check_outgoing(
        r#"
namespace N
{
    public class Slot { public string Name { get; set; } }
    public class C
    {
        Slot[] slots;
        Slot one;
        ref Slot Get(int i) { return ref slots[i]; }
        string M$0()
        {
            ref var entry = ref slots[0];
            ref Slot other = ref one;
            ref var got = ref Get(1);
            System.Threading.Interlocked.CompareExchange(ref entry, new Slot(), null);
            return entry.Name + other.Name + got.Name;
        }
    }
}
"#,
        expect![[r#"
            M:N.C.Get(System.Int32) [Call]
            M:N.Slot.#ctor [Ctor]
            external System.Threading.Interlocked.CompareExchange [Call]
            P:N.Slot.Name [Get, Get, Get]
            coverage 6/6/0/0
        "#]],
    );
}

#[test]
fn a_call_of_an_unimplemented_partial_method_is_omitted() {
    // §15.6.9: a partial method with no implementing declaration is removed with its calls and
    // the evaluation of their arguments (`Generated(ref Counter())` calls nothing); one with an
    // implementation is called (DryIoc: `ResolveGenerated(ref service, ..)`, whose implementing
    // part is generated or in an inactive `#if`).
    check_outgoing(
        r#"
namespace N
{
    public partial class P
    {
        partial void Generated(ref int id);
        partial void Implemented(int x);
        partial void Implemented(int x) { }
        public int Run$0()
        {
            int id = 0;
            Generated(ref id);
            Generated(ref Counter());
            Implemented(Count());
            return id;
        }
        int Count() { return 1; }
        ref int Counter() { return ref field; }
        int field;
    }
}
"#,
        expect![[r#"
            M:N.P.Count [Call]
            M:N.P.Implemented(System.Int32) [Call]
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn extension_methods_of_the_enclosing_namespace_come_before_its_imports() {
    // §12.8.10.3: for each enclosing namespace declaration, the extension methods of the types the
    // namespace itself declares are tried before those of the namespaces its `using`s import:
    // `type.IsPrimitive()` inside `namespace Ioc` is `Ioc.ReflectionTools.IsPrimitive(Type, bool)`,
    // although `Fec.Tools.IsPrimitive(Type)` would be the better overload (DryIoc: it was bound to
    // the imported one, or ambiguous when the signatures were the same).
    check_outgoing(
        r#"
using System;
namespace Fec
{
    internal static class Tools
    {
        internal static bool IsPrimitive(this Type type) => true;
        internal static bool IsValueType(this Type type) => true;
    }
}
namespace Ioc
{
    using Fec;
    public static class ReflectionTools
    {
        public static bool IsPrimitive(this Type type, bool orArrays = false) => true;
        public static bool IsValueType(this Type type) => true;
    }
    public class C
    {
        bool M$0(Type type) { return type.IsPrimitive() && type.IsValueType(); }
    }
}
"#,
        expect![[r#"
            M:Ioc.ReflectionTools.IsPrimitive(System.Type,System.Boolean) [Call]
            M:Ioc.ReflectionTools.IsValueType(System.Type) [Call]
            coverage 2/2/0/0
        "#]],
    );
}
