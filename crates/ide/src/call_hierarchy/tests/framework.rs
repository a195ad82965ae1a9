//! Binding through the framework's real API (the built-in surface of reference assemblies): which
//! member a call binds to when framework and source members compete, and how framework result types
//! carry a chain on to source members.

use expect_test::expect;

use super::check_outgoing;

#[test]
fn source_extensions_beat_framework_properties_and_static_methods() {
    check_outgoing(
        r#"
using System;
using System.IO;
namespace Acme
{
    static class Ext
    {
        public static bool IsValueType(this Type t) => t.IsValueType;
        public static bool IsNullOrWhiteSpace(this string s) => string.IsNullOrWhiteSpace(s);
        public static void CopyTo(this Stream s, Stream other) { }
    }
    class C
    {
        void M$0(Type t, string name, Stream a, Stream b)
        {
            t.IsValueType();
            name.IsNullOrWhiteSpace();
            string.IsNullOrWhiteSpace(name);
            a.CopyTo(b);
        }
    }
}
"#,
        expect![[r#"
            M:Acme.Ext.IsValueType(System.Type) [Call]
            M:Acme.Ext.IsNullOrWhiteSpace(System.String) [Call]
            external System.String.IsNullOrWhiteSpace [Call]
            external System.IO.Stream.CopyTo [Call]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn framework_results_carry_chains_to_source_members() {
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
namespace Acme
{
    class Order { public decimal Total; public Customer Customer; public void Ship() { } }
    class Customer { public void Notify() { } }
    class Book : Dictionary<string, Order> { }
    class C
    {
        Order last;
        void M$0(List<Order> orders, Book book, int? count, Order fresh)
        {
            orders.Where(o => o.Total > 0).Select(o => o.Customer).First().Notify();
            if (book.TryGetValue("a", out var found)) found.Ship();
            book["b"].Ship();
            orders.Aggregate(fresh, (acc, o) => o).Ship();
            Interlocked.CompareExchange(ref last, fresh, null).Ship();
            count.GetValueOrDefault().ToString();
            orders.ToDictionary(o => o.Customer).Values.First().Ship();
        }
    }
}
"#,
        expect![[r#"
            external System.Linq.Enumerable.Where [Call]
            external System.Linq.Enumerable.Select [Call]
            external System.Linq.Enumerable.First [Call, Call]
            M:Acme.Customer.Notify [Call]
            external System.Collections.Generic.Dictionary.TryGetValue [Call]
            M:Acme.Order.Ship [Call, Call, Call, Call, Call]
            external System.Collections.Generic.Dictionary.Item [Get]
            external System.Linq.Enumerable.Aggregate [Call]
            external System.Threading.Interlocked.CompareExchange [Call]
            external System.Nullable.GetValueOrDefault [Call]
            external System.Int32.ToString [Call]
            external System.Linq.Enumerable.ToDictionary [Call]
            external System.Collections.Generic.Dictionary.Values [Get]
            coverage 18/18/0/0
        "#]],
    );
}

#[test]
fn expression_trees_compile_to_their_delegate() {
    check_outgoing(
        r#"
using System;
using System.Linq.Expressions;
static class Ext
{
    public static Func<object, object> Coerce<T, TProperty>(this Func<T, TProperty> func) => x => func((T)x);
    public static Func<object, bool> Coerce<T>(this Func<T, bool> func) => x => func((T)x);
}
class C
{
    void M$0<T, TProperty>(Expression<Func<T, TProperty>> expression, Expression<Func<T, bool>> predicate)
    {
        var func = expression.Compile();
        func.Coerce();
        predicate.Compile().Coerce();
    }
}
"#,
        expect![[r#"
            external System.Linq.Expressions.Expression.Compile [Call, Call]
            M:Ext.Coerce``2(System.Func{``0,``1}) [Call]
            M:Ext.Coerce``1(System.Func{``0,System.Boolean}) [Call]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn lambdas_returning_task_do_not_infer_task_of_t() {
    check_outgoing(
        r#"
using System;
using System.Threading;
using System.Threading.Tasks;
class Context { }
class Policy
{
    public Task ExecuteAsync(Func<Context, CancellationToken, Task> action, Context context, CancellationToken ct, bool capture) => null;
    public Task<TResult> ExecuteAsync<TResult>(Func<Context, CancellationToken, Task<TResult>> action, Context context, CancellationToken ct, bool capture) => null;
    public Task M$0(Func<Context, Task> action, Context context)
    {
        ExecuteAsync((ctx, ct) => action(ctx), context, CancellationToken.None, false);
        return ExecuteAsync(async (ctx, ct) => { await action(ctx); return 1; }, context, CancellationToken.None, false);
    }
}
"#,
        expect![[r#"
            external System.Threading.CancellationToken.None [Get, Get]
            M:Policy.ExecuteAsync(System.Func{Context,System.Threading.CancellationToken,System.Threading.Tasks.Task},Context,System.Threading.CancellationToken,System.Boolean) [Call]
            external System.Func.Invoke [DelegateInvoke, DelegateInvoke]
            M:Policy.ExecuteAsync``1(System.Func{Context,System.Threading.CancellationToken,System.Threading.Tasks.Task{``0}},Context,System.Threading.CancellationToken,System.Boolean) [Call]
            coverage 6/6/0/0
        "#]],
    );
}

#[test]
fn spans_and_vectors_of_the_core_surface() {
    check_outgoing(
        r#"
//- /Test.cs framework:netcore
using System;
class C
{
    int M$0(Span<byte> span, ReadOnlySpan<char> text, byte[] bytes)
    {
        var a = span.Length + text.Length;
        var b = bytes.AsSpan().Slice(1).Length;
        return a + b + span[0];
    }
}
"#,
        expect![[r#"
            external System.Span.Length [Get, Get]
            external System.ReadOnlySpan.Length [Get]
            external System.MemoryExtensions.AsSpan [Call]
            external System.Span.Slice [Call]
            external System.Span.Item [Get]
            coverage 6/6/0/0
        "#]],
    );
}

#[test]
fn a_lambda_whose_body_is_void_takes_the_action_overload_not_a_func() {
    let fixture = r#"
using System;
using System.Threading;
using System.Threading.Tasks;
namespace Polly
{
    public class Context { }
    public class Policy
    {
        public void Exec/*1*/ute(Action action)
            => Execute((ctx, ct) => action(), new Context(), CancellationToken.None);
        public void Execute(Action<Context, CancellationToken> action, Context context, CancellationToken token) { }
        public TResult Execute<TResult>(Func<Context, CancellationToken, TResult> action, Context context, CancellationToken token) => default;
        public Task<T> Ru/*2*/n<T>(Func<Task<T>> action) => Run((ctx, ct) => action(), new Context(), CancellationToken.None, false);
        public Task<T> Run<T>(Func<Context, CancellationToken, Task<T>> action, Context context, CancellationToken token, bool continueOnCapturedContext) => null;
        public Task Run(Func<Context, CancellationToken, Task> action, Context context, CancellationToken token, bool continueOnCapturedContext) => null;
    }
}
"#;
    check_outgoing(
        &fixture.replace("/*1*/", "$0").replace("/*2*/", ""),
        expect![[r#"
            M:Polly.Context.#ctor [Ctor]
            external System.Threading.CancellationToken.None [Get]
            M:Polly.Policy.Execute(System.Action{Polly.Context,System.Threading.CancellationToken},Polly.Context,System.Threading.CancellationToken) [Call]
            external System.Action.Invoke [DelegateInvoke]
            coverage 4/4/0/0
        "#]],
    );
    check_outgoing(
        &fixture.replace("/*1*/", "").replace("/*2*/", "$0"),
        expect![[r#"
            M:Polly.Context.#ctor [Ctor]
            external System.Threading.CancellationToken.None [Get]
            M:Polly.Policy.Run``1(System.Func{Polly.Context,System.Threading.CancellationToken,System.Threading.Tasks.Task{``0}},Polly.Context,System.Threading.CancellationToken,System.Boolean) [Call]
            external System.Func.Invoke [DelegateInvoke]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn library_methods_named_as_method_groups_are_references() {
    check_outgoing(
        r#"
using System;
using System.Threading;
using System.Threading.Tasks;
class C
{
    Func<TimeSpan, CancellationToken, Task> sleep;
    void M$0()
    {
        sleep = Task.Delay;
        Func<string, int> parse = int.Parse;
    }
}
"#,
        expect![[r#"
            external System.Threading.Tasks.Task.Delay [MethodGroup]
            external System.Int32.Parse [MethodGroup]
            coverage 0/0/0/0
        "#]],
    );
}

#[test]
fn explicitly_typed_lambda_parameters_pick_the_delegate() {
    check_outgoing(
        r#"
using System;
namespace Polly
{
    public class Context { }
    public static class Retry
    {
        public static void Forever(Action<Exception, int> onRetry) { }
        public static void Forever(Action<Exception, Context> onRetry) { }
        public static void Forever$0(Action<Exception> onRetry)
            => Forever((Exception outcome, Context ctx) => onRetry(outcome));
    }
}
"#,
        expect![[r#"
            M:Polly.Retry.Forever(System.Action{System.Exception,Polly.Context}) [Call]
            external System.Action.Invoke [DelegateInvoke]
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn a_lambda_body_must_convert_to_the_delegates_return_type_and_null_fixes_no_type_argument() {
    let fixture = r#"
using System;
using System.Collections.Generic;
using System.Linq;
namespace MoreLinq
{
    public static partial class MoreEnumerable
    {
        public static ILookup<TKey, TValue> ToLo/*1*/okup<TKey, TValue>(this IEnumerable<KeyValuePair<TKey, TValue>> source) =>
            source.ToLookup(null);
        public static ILookup<TKey, TValue> ToLookup<TKey, TValue>(this IEnumerable<KeyValuePair<TKey, TValue>> source,
            IEqualityComparer<TKey> comparer) => null;
        public static IEnumerable<object> Flat/*2*/ten(this System.Collections.IEnumerable source) =>
            Flatten(source, obj => !(obj is string));
        public static IEnumerable<object> Flatten(this System.Collections.IEnumerable source, Func<System.Collections.IEnumerable, bool> predicate) => null;
        public static IEnumerable<object> Flatten(this System.Collections.IEnumerable source, Func<object, System.Collections.IEnumerable> selector) => null;
    }
}
"#;
    check_outgoing(
        &fixture.replace("/*1*/", "$0").replace("/*2*/", ""),
        expect![[r#"
            M:MoreLinq.MoreEnumerable.ToLookup``2(System.Collections.Generic.IEnumerable{System.Collections.Generic.KeyValuePair{``0,``1}},System.Collections.Generic.IEqualityComparer{``0}) [Call]
            coverage 1/1/0/0
        "#]],
    );
    check_outgoing(
        &fixture.replace("/*1*/", "").replace("/*2*/", "$0"),
        expect![[r#"
            M:MoreLinq.MoreEnumerable.Flatten(System.Collections.IEnumerable,System.Func{System.Collections.IEnumerable,System.Boolean}) [Call]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn a_lambda_body_converting_by_a_framework_operator_still_fits() {
    check_outgoing(
        r#"
using System;
namespace Acme
{
    public class Mapper
    {
        public void Register<T>(Func<string, T> deserialize) { }
        public void Re$0gisterAll() => Register<DateTimeOffset>(text => DateTime.Parse(text));
    }
}
"#,
        expect![[r#"
            M:Acme.Mapper.Register``1(System.Func{System.String,``0}) [Call]
            external System.DateTime.Parse [Call]
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn constraints_keep_the_candidates_whose_type_arguments_satisfy_them() {
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
static class Ext
{
    public static T First<T>(this IEnumerable<T> items, int skip) where T : class => default;
}
class Order { public void Ship() { } }
class C
{
    void M$0(IComparer<Order> byTotal, List<Order> orders)
    {
        Comparer<Order>.Create((a, b) => 0).Compare(null, null);
        var max = Max(3, 4);
        orders.First(1).Ship();
    }
    static T Max<T>(T a, T b) where T : IComparable<T> => a;
}
"#,
        expect![[r#"
            external System.Collections.Generic.Comparer.Create [Call]
            external System.Collections.Generic.Comparer.Compare [Call]
            M:C.Max``1(``0,``0) [Call]
            M:Ext.First``1(System.Collections.Generic.IEnumerable{``0},System.Int32) [Call]
            M:Order.Ship [Call]
            coverage 5/5/0/0
        "#]],
    );
}

#[test]
fn an_extension_from_a_package_that_is_not_there_is_missing_metadata_not_not_found() {
    check_outgoing(
        r#"
using Shouldly;
class C
{
    void M$0(int i, string s)
    {
        i.ShouldBe(1);
        s.Trim().ShouldNotBeNull();
    }
}
"#,
        expect![[r#"
            external System.String.Trim [Call]
            unresolved ShouldBe (MissingMetadata)
            unresolved ShouldNotBeNull (MissingMetadata)
            coverage 3/1/0/2
        "#]],
    );
}

#[test]
fn character_literals_are_chars() {
    check_outgoing(
        r#"
using System.Text;
namespace Acme
{
    static class Ext { public static char Escape(this char c) => c; }
    class W
    {
        public void Write(char c) { }
        public void Write(int i) { }
        public void Write(string s) { }
        public void Write(object o) { }
    }
    class C
    {
        void M$0(W w, StringBuilder sb)
        {
            w.Write('<');
            w.Write('\n');
            '\0'.Escape();
            sb.Append('<');
        }
    }
}
"#,
        expect![[r#"
            M:Acme.W.Write(System.Char) [Call, Call]
            M:Acme.Ext.Escape(System.Char) [Call]
            external System.Text.StringBuilder.Append [Call]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn extension_methods_on_type_parameter_receivers() {
    check_outgoing(
        r#"
namespace Acme
{
    interface IObj { }
    interface IFenced { }
    class Block : IObj { }
    static class Ext
    {
        public static Block Attrs(this IObj o) => null;
        public static void Any<T>(this T o) { }
        public static void Text(this string s) { }
    }
    class P<T> where T : Block, IFenced
    {
        void M$0(T fenced)
        {
            fenced.Attrs();
            fenced.Any();
            fenced.Text();
        }
    }
}
"#,
        expect![[r#"
            M:Acme.Ext.Attrs(Acme.IObj) [Call]
            M:Acme.Ext.Any``1(``0) [Call]
            unresolved Text (NotFound)
            coverage 3/2/0/1
        "#]],
    );
}

#[test]
fn generic_overloads_win_by_better_conversions() {
    check_outgoing(
        r#"
using System;
using System.Collections;
using System.Collections.Generic;
namespace Acme
{
    static class S
    {
        public static int Find(Array a, object v, IComparer c) => 0;
        public static int Find<T>(T[] a, T v, IComparer<T> c) => 0;
    }
    class C
    {
        static readonly string[] Tags = { "a" };
        void M$0(string name)
        {
            S.Find(Tags, name, StringComparer.Ordinal);
            Array.BinarySearch(Tags, name, StringComparer.Ordinal);
        }
    }
}
"#,
        expect![[r#"
            external System.StringComparer.Ordinal [Get, Get]
            M:Acme.S.Find``1(``0[],``0,System.Collections.Generic.IComparer{``0}) [Call]
            external System.Array.BinarySearch [Call]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn anonymous_types_carry_their_properties() {
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
using System.Linq;
namespace Acme
{
    class Provider { public bool Full; public Func<Uri, string> Render; public void Touch() { } }
    class C
    {
        void M$0(List<Provider> providers, Uri uri)
        {
            var found = providers
                .Select(p => new { p.Full, Result = p.Render(uri), Owner = p })
                .FirstOrDefault(x => x.Result != null);
            found.Result.Trim();
            found.Owner.Touch();
            found.ToString();
            var same = new { Full = true, Result = "", Owner = providers[0] };
            same.Owner.Touch();
        }
    }
}
"#,
        expect![[r#"
            external System.Linq.Enumerable.Select [Call]
            external System.Func.Invoke [DelegateInvoke]
            external System.Linq.Enumerable.FirstOrDefault [Call]
            external System.String.Trim [Call]
            M:Acme.Provider.Touch [Call, Call]
            external System.Object.ToString [Call]
            external System.Collections.Generic.List.Item [Get]
            coverage 8/8/0/0
        "#]],
    );
}

#[test]
fn lambdas_in_constructor_and_delegate_creation_arguments() {
    check_outgoing(
        r#"
using System;
namespace Acme
{
    interface ICtx { object Instance { get; } }
    class Src { public Src(Func<ICtx, string> f) { } }
    class Cfg { public Src Source { get; set; } }
    class Rule<T> { }
    static class E { public static Rule<T> Configure<T>(this Rule<T> r, Action<Cfg> a) => r; }
    static class X
    {
        static Rule<T> M$0<T>(Rule<T> rule, Func<T, string> p)
        {
            var w = new Func<ICtx, object>(ctx => ctx.Instance);
            var s = new Src(ctx => p((T)ctx?.Instance));
            return rule.Configure(config => { config.Source = new Src(ctx => p((T)ctx?.Instance)); });
        }
    }
}
"#,
        expect![[r#"
            P:Acme.ICtx.Instance [Get, Get, Get]
            external System.Func.#ctor [Ctor]
            M:Acme.Src.#ctor(System.Func{Acme.ICtx,System.String}) [Ctor, Ctor]
            external System.Func.Invoke [DelegateInvoke, DelegateInvoke]
            M:Acme.E.Configure``1(Acme.Rule{``0},System.Action{Acme.Cfg}) [Call]
            P:Acme.Cfg.Source [Set]
            coverage 10/10/0/0
        "#]],
    );
}

#[test]
fn conditional_access_to_interface_members() {
    check_outgoing(
        r#"
namespace Acme
{
    interface ICtx { object Instance { get; } bool Ready(); int Count { get; } ICtx Next { get; } }
    class C
    {
        void M$0(ICtx c)
        {
            var a = c.Instance;
            var b = c?.Instance;
            var d = (string)c?.Instance;
            var e = !c?.Ready();
            var f = -c?.Next.Count;
            var g = (object)c?.Next?.Instance;
        }
    }
}
"#,
        expect![[r#"
            P:Acme.ICtx.Instance [Get, Get, Get, Get]
            M:Acme.ICtx.Ready [Call]
            P:Acme.ICtx.Next [Get, Get]
            P:Acme.ICtx.Count [Get]
            coverage 8/8/0/0
        "#]],
    );
}

#[test]
fn base_class_methods_that_apply_hide_object_ones() {
    check_outgoing(
        r#"
namespace Acme
{
    abstract class Node
    {
        protected bool Equals(Node other) => true;
        public override int GetHashCode() => 0;
    }
    class Alias : Node
    {
        public override bool Equals$0(object obj)
        {
            var other = obj as Alias;
            return other != null && Equals(other) && other.Equals(obj);
        }
    }
}
"#,
        expect![[r#"
            M:Acme.Node.Equals(Acme.Node) [Call]
            M:Acme.Alias.Equals(System.Object) [Call]
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn select_over_a_read_only_dictionary() {
    check_outgoing(
        r#"
//- /Test.cs framework:netcore
using System.Collections.Generic;
using System.Linq;
namespace Acme
{
    class Value { }
    class Prop
    {
        public Prop(string name, Value value) { }
        public Prop(Prop other) { }
    }
    class C
    {
        void M$0(IReadOnlyDictionary<string, Value> properties, IEnumerable<KeyValuePair<string, Value>> pairs)
        {
            var a = properties.Where(kvp => kvp.Key != null).Select(kvp => new Prop(kvp.Key, kvp.Value));
            var b = properties.Select(kvp => new Prop(kvp.Key, kvp.Value));
            var c = pairs.Select(kvp => new Prop(kvp.Key, kvp.Value));
        }
    }
}
"#,
        expect![[r#"
            external System.Linq.Enumerable.Where [Call]
            external System.Collections.Generic.KeyValuePair.Key [Get, Get, Get, Get]
            external System.Linq.Enumerable.Select [Call, Call, Call]
            external System.Collections.Generic.KeyValuePair.Value [Get, Get, Get]
            M:Acme.Prop.#ctor(System.String,Acme.Value) [Ctor, Ctor, Ctor]
            coverage 14/14/0/0
        "#]],
    );
}

#[test]
fn query_expressions_are_the_calls_they_translate_to() {
    check_outgoing(
        r#"
//- /Test.cs framework:netcore
using System;
using System.Collections.Generic;
using System.Linq;
namespace Acme
{
    delegate Result<T> Parser<out T>(string input);
    class Result<T> { public T Value; }
    static class Parse
    {
        public static Parser<U> Select<T, U>(this Parser<T> p, Func<T, U> f) => null;
        public static Parser<V> SelectMany<T, U, V>(this Parser<T> p, Func<T, Parser<U>> f, Func<T, U, V> g) => null;
        public static Parser<char> Char(char c) => null;
    }
    class Order { public int Total; public Customer Customer; }
    class Customer { public string Name; public void Notify() { } }
    class C
    {
        void M$0(List<Order> orders, Customer[] customers)
        {
            var p = from a in Parse.Char('a') from b in Parse.Char('b') select a.ToString() + b;
            var p2 = Parse.Char('a').SelectMany(a => Parse.Char('b'), (a, b) => a.ToString() + b);
            var q = from o in orders
                    where o.Total > 0
                    let c = o.Customer
                    orderby o.Total descending, c.Name
                    join k in customers on c equals k
                    select k;
            q.First().Notify();
            var g = from o in orders group o by o.Customer into byCustomer select byCustomer.Key;
            g.First().Notify();
            var t = from Order o in orders select o.Customer;
            t.Single().Notify();
        }
    }
}
"#,
        expect![[r#"
            M:Acme.Parse.Char(System.Char) [Call, Call, Call, Call]
            M:Acme.Parse.SelectMany``3(Acme.Parser{``0},System.Func{``0,Acme.Parser{``1}},System.Func{``0,``1,``2}) [Call, Call]
            external System.Char.ToString [Call, Call]
            external System.Linq.Enumerable.Where [Call]
            external System.Linq.Enumerable.Select [Call, Call, Call]
            external System.Linq.Enumerable.OrderByDescending [Call]
            external System.Linq.Enumerable.ThenBy [Call]
            external System.Linq.Enumerable.Join [Call]
            external System.Linq.Enumerable.First [Call, Call]
            M:Acme.Customer.Notify [Call, Call, Call]
            external System.Linq.Enumerable.GroupBy [Call]
            external System.Linq.IGrouping.Key [Get]
            external System.Linq.Enumerable.Cast [Call]
            external System.Linq.Enumerable.Single [Call]
            coverage 24/24/0/0
        "#]],
    );
}

#[test]
fn a_property_named_like_its_framework_type_reaches_the_types_statics() {
    // §12.8.7.2 ("Color Color"): `Encoding.UTF8` is the type's static property, `Encoding.GetByteCount`
    // an instance call on the property's value.
    check_outgoing(
        r#"
using System.Text;
namespace N
{
    public class C
    {
        public Encoding Encoding { get; set; }
        public C$0()
        {
            Encoding = Encoding.UTF8;
            var n = Encoding.GetByteCount("x");
        }
    }
}
"#,
        expect![[r#"
            P:N.C.Encoding [Set, Get]
            external System.Text.Encoding.UTF8 [Get]
            external System.Text.Encoding.GetByteCount [Call]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn foreach_over_framework_collections_and_lambdas_that_give_no_value() {
    // A non-generic `IList` enumerates `object`s (§13.9.5, through `IEnumerable.GetEnumerator`); a
    // lambda whose body is a `void` call is an `Action`, never a `Func<Task, TResult>` (§12.6.3.7).
    check_outgoing(
        r#"
using System.Collections;
using System.Threading;
using System.Threading.Tasks;
namespace N
{
    public class C
    {
        void M$0(object obj, Task task, CancellationToken token)
        {
            if (obj is IList list) { foreach (var item in list) { var t = item.GetType(); } }
            var registration = token.Register(() => { });
            task.ContinueWith(t => registration.Dispose(), token);
        }
    }
}
"#,
        expect![[r#"
            external System.Object.GetType [Call]
            external System.Threading.CancellationToken.Register [Call]
            external System.Threading.Tasks.Task.ContinueWith [Call]
            external System.Threading.CancellationTokenRegistration.Dispose [Call]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn the_special_structs_own_overrides_of_object_members_are_called() {
    // What Roslyn 2.10 emits against Mono's 4.8 reference assemblies (the oracle): `call
    // System.Char::ToString()` on the special structs (keyword types, `IntPtr`, `DateTime`), the
    // method that introduced the slot (`System.Object::ToString`, constrained) on any other value,
    // and on every class.
    let fixture = r#"
using System;
using System.Text;
using System.Collections.Generic;
class Calls
{
    void Values(char c, int i, DateTime d, Guid g, KeyValuePair<int, string> kv, int? n, TimeSpan t, DayOfWeek e, double x)
    {
        c.ToString();
        c.GetHashCode();
        c.Equals('x');
        c.Equals((object)'x');
        i.ToString();
        i.GetHashCode();
        d.ToString();
        g.GetHashCode();
        kv.ToString();
        n.GetHashCode();
        t.ToString();
        e.GetHashCode();
        'a'.ToString();
        5.ToString();
        x.Equals((object)x);
    }
    void References(string s, StringBuilder sb, Exception e, object o, Version v)
    {
        s.ToString();
        s.GetHashCode();
        s.Equals("x");
        s.Equals((object)"x");
        sb.ToString();
        e.ToString();
        o.ToString();
        v.GetHashCode();
    }
}
"#;
    check_outgoing(
        &fixture.replace("Values(", "Values$0("),
        expect![[r#"
            external System.Char.ToString [Call, Call]
            external System.Char.GetHashCode [Call]
            external System.Char.Equals [Call]
            external System.Char.Equals [Call]
            external System.Int32.ToString [Call, Call]
            external System.Int32.GetHashCode [Call]
            external System.DateTime.ToString [Call]
            external System.Object.GetHashCode [Call, Call, Call]
            external System.Object.ToString [Call, Call]
            external System.Double.Equals [Call]
            coverage 15/15/0/0
        "#]],
    );
    check_outgoing(
        &fixture.replace("References(", "References$0("),
        expect![[r#"
            external System.Object.ToString [Call, Call, Call, Call]
            external System.Object.GetHashCode [Call, Call]
            external System.String.Equals [Call]
            external System.Object.Equals [Call]
            coverage 8/8/0/0
        "#]],
    );
}

#[test]
fn a_framework_indexer_calls_its_accessors() {
    // As the oracle shows: `map[k] = 1` calls `Dictionary.set_Item`, `map[k] += 1` its `get_Item`
    // and `set_Item`, `list[0]` and `bag[0]` (a source class deriving from `List<int>`)
    // `List.get_Item`, as a framework property's access calls its accessors.
    check_outgoing(
        r#"
using System.Collections.Generic;
namespace N
{
    public class Bag : List<int> { }
    public class Use
    {
        int M$0(List<string> list, Dictionary<string, int> map, Bag bag, string k)
        {
            map[k] = 1;
            map[k] += 1;
            list[0].Trim();
            return bag[0];
        }
    }
}
"#,
        expect![[r#"
            external System.Collections.Generic.Dictionary.Item [Set, Get, Set]
            external System.Collections.Generic.List.Item [Get, Get]
            external System.String.Trim [Call]
            coverage 6/6/0/0
        "#]],
    );
}

#[test]
fn a_framework_indexer_access_no_indexer_is_found_for_is_listed_unresolved() {
    // `values[Missing()]`: of `NameValueCollection`'s `this[int]` and `this[string]` the binder
    // cannot tell which: the access is listed, as a call none of whose overloads fits.
    check_outgoing(
        r#"
using System.Collections.Specialized;
namespace N
{
    public class Use
    {
        string M$0(NameValueCollection values) { return values[Missing()]; }
    }
}
"#,
        expect![[r#"
            unresolved Missing (UnknownReceiver)
            unresolved this[] (Ambiguous)
            coverage 2/0/1/1
        "#]],
    );
}
