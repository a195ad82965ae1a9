//! Extension method invocations (§12.8.9.3), each checked against the Roslyn oracle: the candidate
//! sets are searched scope by scope, innermost first (a namespace's own types, then the namespaces
//! its using directives import), and the first with an applicable method wins; a method whose type
//! inference fails (§12.6.3.12: no type fits all of a type parameter's bounds) is not applicable.

use expect_test::expect;

use super::check_outgoing;

#[test]
fn a_method_whose_inference_fails_gives_way_to_an_outer_scope() {
    // MoreLINQ: its own `Concat<T>(this IEnumerable<T>, T)` is closer than `Enumerable.Concat`, but
    // given two `IEnumerable<TSource>` its `T` has the bounds `TSource` and `IEnumerable<TSource>`,
    // neither converts to the other: inference fails, it is not applicable, and the search goes on
    // to the namespaces `using System.Linq` imports. Given a `TSource` it applies.
    check_outgoing(
        r#"
using System.Collections.Generic;
using System.Linq;
namespace MoreLinq
{
    public static class MoreEnumerable
    {
        public static IEnumerable<T> Concat<T>(this IEnumerable<T> head, T tail) { return head; }
    }
    public static class Use
    {
        static IEnumerable<TSource> M$0<TSource>(IEnumerable<TSource> first, IEnumerable<TSource> second, TSource x)
        {
            first.Concat(x);
            return first.Concat(second);
        }
    }
}
"#,
        expect![[r#"
            M:MoreLinq.MoreEnumerable.Concat``1(System.Collections.Generic.IEnumerable{``0},``0) [Call]
            external System.Linq.Enumerable.Concat [Call]
            coverage 2/2/0/0
        "#]],
    );
    check_outgoing(
        r#"
using System.Collections.Generic;
using System.Linq;
namespace MoreLinq
{
    public static class MoreEnumerable
    {
        public static IEnumerable<T> Concat<T>(this IEnumerable<T> head, T tail) { return head; }
    }
    public static class Use
    {
        static void M$0(IEnumerable<string> a, IEnumerable<int> b)
        {
            a.Concat(a);
            b.Concat(b);
        }
    }
}
"#,
        expect![[r#"
            external System.Linq.Enumerable.Concat [Call, Call]
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn a_namespaces_own_extension_methods_come_before_its_using_directives() {
    // LightInject: `TypeHelper.GetCustomAttributes(this Assembly, Type)` and
    // `System.Reflection.CustomAttributeExtensions`' apply equally well; the namespace's own types
    // are a scope of their own, searched before the namespaces its using directives import, so the
    // call is not ambiguous.
    check_outgoing(
        r#"
namespace N
{
    using System;
    using System.Collections.Generic;
    using System.Reflection;
    static class TypeHelper
    {
        public static IEnumerable<Attribute> GetCustomAttributes(this Assembly assembly, Type attributeType) { return null; }
        public static MethodInfo GetMethodInfo(this Delegate del) { return del.Method; }
    }
    class C
    {
        void M$0(Assembly a, Action d)
        {
            a.GetCustomAttributes(typeof(C));
            d.GetMethodInfo();
        }
    }
}
"#,
        expect![[r#"
            M:N.TypeHelper.GetCustomAttributes(System.Reflection.Assembly,System.Type) [Call]
            M:N.TypeHelper.GetMethodInfo(System.Delegate) [Call]
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn an_inner_namespaces_using_directives_come_before_an_outer_namespaces_types() {
    check_outgoing(
        r#"
namespace N
{
    static class OwnExt { public static string Tag(this string s) { return s; } }
    namespace Inner
    {
        using Other;
        class D { string M$0(string s) { return s.Tag(); } }
    }
}
namespace Other
{
    static class OtherExt { public static string Tag(this string s) { return s; } }
}
"#,
        expect![[r#"
            M:Other.OtherExt.Tag(System.String) [Call]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn bounds_are_fixed_by_their_kinds() {
    // §12.6.3.9-12, each call checked with the oracle: `Action<T>` is contravariant, so two
    // `Action`s give `T` the upper bounds `object` and `string`, fixed to `string`; an
    // `IEnumerable<int>` gives the exact bound `int` (no variance for value types), which `object`
    // does not fit, so the outer `Pick(object, object)` is called; an `IEnumerable<string>` gives a
    // lower bound, fixed with `object` to `object`; `List<T>` is invariant: exact `object`, which
    // the lower bound `string` converts to; an anonymous type is a class, so a sequence of one
    // gives a lower bound too, fixed with `object` to `object`.
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
using System.Linq;
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
                ints.Select(x => new { X = x }).Pick(o);
            }
        }
    }
}
"#,
        expect![[r#"
            M:Outer.Inner.InnerExt.Both``1(System.Action{``0},System.Action{``0}) [Call]
            M:Outer.OuterExt.Pick(System.Object,System.Object) [Call]
            M:Outer.Inner.InnerExt.Pick``1(System.Collections.Generic.IEnumerable{``0},``0) [Call, Call]
            M:Outer.Inner.InnerExt.Put``1(System.Collections.Generic.List{``0},``0) [Call]
            external System.Linq.Enumerable.Select [Call]
            coverage 6/6/0/0
        "#]],
    );
}

#[test]
fn a_type_parameter_inference_left_unfixed_is_no_type_of_the_caller() {
    // MoreLINQ's tests: `AssertTakeLast<T>(ICollection<T>, int, Action<IEnumerable<T>>)` given a
    // collection expression, whose element type the binder does not infer: `result` is an
    // `IEnumerable<T>` of a `T` nobody fixed, not a type parameter of `TakeLast`, so it does not make
    // `AssertSequenceEqual<T>(this IEnumerable<T>, params T[])` fail to infer (C# 12, no oracle).
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
namespace N
{
    static class TestExtensions
    {
        internal static void AssertSequenceEqual<T>(this IEnumerable<T> actual, params T[] expected) { }
    }
    public class TakeLastTest
    {
        public void TakeLast$0()
        {
            AssertTakeLast([12, 34, 56], 3, result => result.AssertSequenceEqual(78, 910, 1112));
        }
        static void AssertTakeLast<T>(ICollection<T> input, int count, Action<IEnumerable<T>> action) { }
    }
}
"#,
        expect![[r#"
            M:N.TakeLastTest.AssertTakeLast``1(System.Collections.Generic.ICollection{``0},System.Int32,System.Action{System.Collections.Generic.IEnumerable{``0}}) [Call]
            M:N.TestExtensions.AssertSequenceEqual``1(System.Collections.Generic.IEnumerable{``0},``0[]) [Call]
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn inference_failing_in_the_normal_form_tries_the_expanded_form() {
    // §12.6.4.2, checked with the oracle (MoreLINQ's `SubsetTest`): given an `IEnumerable<IList<int>>`
    // and an `int[]`, `T` fits no bound in the normal form of `(this IEnumerable<T>, params T[])`
    // (`IList<int>`, and `int` exactly), but in the expanded form `int[]` is one element, and
    // `T = IList<int>`; the other overload fails to infer. Given an `IEnumerable<int>`, both apply
    // and `T[]` is the more specific.
    check_outgoing(
        r#"
using System.Collections.Generic;
namespace N
{
    static class TestExtensions
    {
        internal static void AssertSequenceEqual<T>(this IEnumerable<T> actual, IEnumerable<T> expected) { }
        internal static void AssertSequenceEqual<T>(this IEnumerable<T> actual, params T[] expected) { }
    }
    public class SubsetTest
    {
        void M$0(IEnumerable<IList<int>> subsets, IEnumerable<int> ints)
        {
            subsets.AssertSequenceEqual(new int[0]);
            ints.AssertSequenceEqual(new int[0]);
            ints.AssertSequenceEqual(1, 2);
        }
    }
}
"#,
        expect![[r#"
            M:N.TestExtensions.AssertSequenceEqual``1(System.Collections.Generic.IEnumerable{``0},``0[]) [Call, Call, Call]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn an_annotated_type_parameter_is_the_type_parameter_to_fixing() {
    // MoreLINQ's `ZipLongest` passes a `Func<T1?, TResult>` to `ZipImpl<T1, TResult>(IEnumerable<T1>,
    // Func<T1, TResult>)`: `T1?` of an unconstrained `T1` is `T1` with a nullable annotation, so the
    // bounds `T1` and `T1?` are one type (C# 9, no oracle).
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
namespace N
{
    static class Zips
    {
        static IEnumerable<TResult> ZipImpl<T1, TResult>(IEnumerable<T1> s1, Func<T1, TResult> resultSelector) { return null; }
        public static IEnumerable<TResult> ZipLongest$0<T1, TResult>(IEnumerable<T1> first, Func<T1?, TResult> resultSelector)
        {
            return ZipImpl(first, resultSelector);
        }
    }
}
"#,
        expect![[r#"
            M:N.Zips.ZipImpl``2(System.Collections.Generic.IEnumerable{``0},System.Func{``0,``1}) [Call]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn receivers_reach_their_this_parameter_by_identity_reference_and_boxing_conversions() {
    // Checked against the Roslyn oracle. Candidates whose `this` parameter a receiver's supertypes
    // do not name are dropped before overload resolution; those below are reached all the same: a
    // struct by boxing to its source interface, to `object` and to `ValueType`, an enum to `Enum`,
    // an interface to `object`, a derived class to its base's overload, `List<Order>` and
    // `string[]` to `IEnumerable<object>` by variance.
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
namespace N
{
    public interface IShape { }
    public struct Point : IShape { }
    public enum Color { Red }
    public class Order { }
    public class BigOrder : Order { }
    public class Customer { }
    public static class Describe
    {
        public static string Text(this Order o) { return "order"; }
        public static string Text(this Customer c) { return "customer"; }
        public static string Text(this IShape s) { return "shape"; }
        public static string Boxed(this object o) { return "object"; }
        public static string Named(this Enum e) { return "enum"; }
        public static string Valued(this ValueType v) { return "value"; }
        public static int Count(this IEnumerable<object> items) { return 0; }
    }
    public static class Use
    {
        static void M$0(Point p, Color c, BigOrder b, Customer k, IShape s, List<Order> orders, string[] names)
        {
            p.Text();
            b.Text();
            k.Text();
            s.Boxed();
            p.Boxed();
            c.Named();
            p.Valued();
            c.Valued();
            orders.Count();
            names.Count();
        }
    }
}
"#,
        expect![[r#"
            M:N.Describe.Text(N.IShape) [Call]
            M:N.Describe.Text(N.Order) [Call]
            M:N.Describe.Text(N.Customer) [Call]
            M:N.Describe.Boxed(System.Object) [Call, Call]
            M:N.Describe.Named(System.Enum) [Call]
            M:N.Describe.Valued(System.ValueType) [Call, Call]
            M:N.Describe.Count(System.Collections.Generic.IEnumerable{System.Object}) [Call, Call]
            coverage 10/10/0/0
        "#]],
    );
}
