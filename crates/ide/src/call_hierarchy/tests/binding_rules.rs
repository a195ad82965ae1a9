//! Binding rules measured wrong on real libraries (Mono.Cecil, Castle.Core), each checked against
//! the compiler: member lookup of an invoked name (C# §12.5), the better conversion from a lambda
//! (§12.6.4.5), constant values and the implicit constant expression conversions (§10.2.11), the
//! better conversion target through array covariance (§12.6.4.7, §10.2.8), explicit type arguments
//! (§12.6.4.1) and framework extension methods of reflection.

use expect_test::expect;

use super::check_outgoing;

#[test]
fn an_invoked_name_inside_its_own_property_binds_the_extension_method() {
    check_outgoing(
        r#"
namespace N
{
    public interface IGeneric { }
    public class Module : IGeneric
    {
        public bool ContainsGeneric$0 { get { return this.ContainsGeneric(); } }
    }
    static class Mixin
    {
        public static bool ContainsGeneric(this IGeneric g) { return false; }
    }
}
"#,
        expect![[r#"
            M:N.Mixin.ContainsGeneric(N.IGeneric) [Call]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn an_invoked_property_that_is_no_delegate_gives_way_to_the_extension_method() {
    check_outgoing(
        r#"
using System;
namespace N
{
    public class Rule<T> { public T Action { get; set; } }
    public class Module
    {
        internal bool HasImage { get { return true; } }
        public Func<int> Next { get { return null; } }
        void Use$0(Module module, Rule<Action<int>> rule, Lazy<Func<int>> lazy)
        {
            module.HasImage();
            module.Next();
            rule.Action(1);
            lazy.Value();
        }
    }
    static class Mixin
    {
        public static bool HasImage(this Module m) { return m != null && m.HasImage; }
        public static int Next(this Module m) { return 0; }
    }
}
"#,
        expect![[r#"
            M:N.Mixin.HasImage(N.Module) [Call]
            P:N.Module.Next [Get]
            external System.Func.Invoke [DelegateInvoke, DelegateInvoke]
            P:N.Rule`1.Action [Get]
            external System.Action.Invoke [DelegateInvoke]
            external System.Lazy.Value [Get]
            coverage 7/7/0/0
        "#]],
    );
}

#[test]
fn a_lambda_with_a_value_takes_the_delegate_with_a_return_type() {
    check_outgoing(
        r#"
using System;
namespace N
{
    public class Reader { public int ReadLayout(Field f) { return 0; } public void Skip(Field f) { } }
    public class Module
    {
        public void Read<TItem>(TItem item, Action<TItem, Reader> read) { }
        public TRet Read<TItem, TRet>(TItem item, Func<TItem, Reader, TRet> read) { return default(TRet); }
        public TRet Read<TItem, TRet>(ref TRet variable, TItem item, Func<TItem, Reader, TRet> read) where TRet : class { return variable; }
        public void Sum(Func<int> f) { }
        public void Sum(Func<long> f) { }
    }
    public class Policy<TResult>
    {
        public static Policy<TResult> HandleResult(Func<TResult, bool> predicate) { return null; }
        public static Policy<TResult> HandleResult(TResult result) { return HandleResult(r => r != null && r.Equals(result)); }
    }
    public class Field
    {
        Module module;
        int offset;
        public void Resolve$0(Reader r)
        {
            offset = module.Read(this, (field, reader) => reader.ReadLayout(field));
            module.Read(this, (field, reader) => reader.Skip(field));
            module.Sum(() => r.ReadLayout(this));
            Policy<Field>.HandleResult(f => f.offset > 0);
        }
    }
}
"#,
        expect![[r#"
            M:N.Module.Read``2(``0,System.Func{``0,N.Reader,``1}) [Call]
            M:N.Reader.ReadLayout(N.Field) [Call, Call]
            M:N.Module.Read``1(``0,System.Action{``0,N.Reader}) [Call]
            M:N.Reader.Skip(N.Field) [Call]
            M:N.Module.Sum(System.Func{System.Int32}) [Call]
            M:N.Policy`1.HandleResult(System.Func{`0,System.Boolean}) [Call]
            coverage 7/7/0/0
        "#]],
    );
}

#[test]
fn constant_expressions_convert_to_smaller_integer_types() {
    check_outgoing(
        r#"
namespace N
{
    public struct Dir { public Dir(uint rva, uint size) { } }
    public struct Row<T1, T2> { public Row(T1 a, T2 b) { } }
    static class Mixin { public const int NoData = -1; public const int Big = NoData + 70000; }
    public class Buffer
    {
        public void WriteByte(byte b) { }
        public void WriteByte(sbyte b) { }
        public void WriteUInt64(ulong v) { }
        public void WriteUInt16(ushort v) { }
        public void Write(byte b) { }
        public void Write(long l) { }
        public Dir Get$0(uint start, uint length, int variable)
        {
            const byte eh_table = 0x1;
            const byte fat_format = 0x40;
            WriteByte(eh_table | fat_format);
            WriteUInt64(0xc416003301fa00);
            WriteUInt16((ushort)3);
            WriteUInt16(~0xff00 & 0xffff);
            Write(eh_table << 2);
            Write(variable);
            Write(Mixin.Big);
            Write(-(1) + 2 * 3);
            var row = new Row<short, int>(Mixin.NoData, Mixin.NoData);
            return new Dir(length == 0 ? 0 : start, length);
        }
    }
}
"#,
        expect![[r#"
            M:N.Buffer.WriteByte(System.SByte) [Call]
            M:N.Buffer.WriteUInt64(System.UInt64) [Call]
            M:N.Buffer.WriteUInt16(System.UInt16) [Call, Call]
            M:N.Buffer.Write(System.Byte) [Call, Call]
            M:N.Buffer.Write(System.Int64) [Call, Call]
            M:N.Row`2.#ctor(`0,`1) [Ctor]
            M:N.Dir.#ctor(System.UInt32,System.UInt32) [Ctor]
            coverage 10/10/0/0
        "#]],
    );
}

#[test]
fn an_array_is_a_better_target_than_the_sequences_it_converts_to() {
    check_outgoing(
        r#"
using System.Collections.Generic;
namespace N
{
    public interface IBehavior { }
    public interface IMetaInit : IBehavior { }
    public class Descriptor
    {
        public Descriptor AddBehaviors(params IBehavior[] behaviors) { return this; }
        public Descriptor AddBehaviors(IEnumerable<IBehavior> behaviors) { return this; }
        public void Use$0(IMetaInit[] inits, List<IBehavior> list, IBehavior one)
        {
            AddBehaviors(inits);
            AddBehaviors(list);
            AddBehaviors(one);
        }
    }
}
"#,
        expect![[r#"
            M:N.Descriptor.AddBehaviors(N.IBehavior[]) [Call, Call]
            M:N.Descriptor.AddBehaviors(System.Collections.Generic.IEnumerable{N.IBehavior}) [Call]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn explicit_type_arguments_keep_the_methods_of_that_arity_also_under_a_cast() {
    check_outgoing(
        r#"
using System;
using System.Collections;
using System.Collections.Generic;
namespace N
{
    public class Factory
    {
        public T GetAdapter<T>(IDictionary dictionary) { return (T)GetAdapter(typeof(T), dictionary); }
        public object GetAdapter(Type type, IDictionary dictionary) { return null; }
        public T GetAdapter$0<T, R>(IDictionary<string, R> dictionary)
        {
            var inferred = GetAdapter(typeof(T), dictionary);
            var written = GetAdapter<R>(typeof(T), dictionary);
            // tree-sitter reads `((T)GetAdapter < R) > (..)`; C# keeps the type arguments (§6.2.5).
            return (T)GetAdapter<R>(typeof(T), dictionary);
        }
        public object GetAdapter<R>(Type type, IDictionary<string, R> dictionary) { return null; }
    }
}
"#,
        expect![[r#"
            M:N.Factory.GetAdapter``1(System.Type,System.Collections.Generic.IDictionary{System.String,``0}) [Call, Call, Call]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn reflection_extension_methods_of_the_framework_carry_the_type() {
    check_outgoing(
        r#"
using System;
using System.Linq;
using System.Reflection;
namespace N
{
    public class Attrs
    {
        public bool Inherited$0(Type attribute)
        {
            var attrs = attribute.GetTypeInfo().GetCustomAttributes<AttributeUsageAttribute>(true).ToArray();
            return attrs[0].Inherited;
        }
    }
}
"#,
        expect![[r#"
            external System.Reflection.IntrospectionExtensions.GetTypeInfo [Call]
            external System.Reflection.CustomAttributeExtensions.GetCustomAttributes [Call]
            external System.Linq.Enumerable.ToArray [Call]
            external System.AttributeUsageAttribute.Inherited [Get]
            coverage 4/4/0/0
        "#]],
    );
}

/// Found on NCrontab: a lambda block that only throws converts to any delegate (§10.7.1), so
/// `TryParse<T>` applies with `T` fixed by the other lambda; beside an `Action` overload, the
/// delegate with a return type is the better conversion (§12.6.4.5; Roslyn: `Run(Func<int>)`).
#[test]
fn a_lambda_block_that_only_throws_converts_to_any_delegate() {
    check_outgoing(
        r#"
using System;
namespace N
{
    public delegate Exception ExceptionProvider();
    public class F
    {
        public static T TryParse<T>(string s, Func<F, T> value, Func<ExceptionProvider, T> error) { return default(T); }
        public static void Run(Action a) { }
        public static void Run(Func<int> f) { }
        public static void Use$0(string s)
        {
            TryParse(s, v => v, e => { throw e(); });
            Run(() => { throw new InvalidOperationException(); });
        }
    }
}
"#,
        expect![[r#"
            M:N.F.TryParse``1(System.String,System.Func{N.F,``0},System.Func{N.ExceptionProvider,``0}) [Call]
            M:N.ExceptionProvider.Invoke [DelegateInvoke]
            M:N.F.Run(System.Func{System.Int32}) [Call]
            external System.InvalidOperationException.#ctor [Ctor]
            coverage 4/4/0/0
        "#]],
    );
}

/// Found on NCrontab: enumeration addition and subtraction (§12.10.5, §12.10.6) give the enum type,
/// so `(Kind) i + offset` passes for a `Kind` parameter. `E - E` is the underlying type (Roslyn:
/// `Take(int)`).
#[test]
fn an_enum_plus_an_integer_is_the_enum() {
    check_outgoing(
        r#"
namespace N
{
    public enum Kind { A, B, C }
    public class H
    {
        static void Take(Kind kind) { }
        static void Take(int value) { }
        static void Use$0(int i, int offset)
        {
            Take((Kind) i + offset);
            Take(offset + Kind.B);
            Take(Kind.C - 1);
            Take(Kind.C - Kind.A);
        }
    }
}
"#,
        expect![[r#"
            M:N.H.Take(N.Kind) [Call, Call, Call]
            M:N.H.Take(System.Int32) [Call]
            coverage 4/4/0/0
        "#]],
    );
}

/// Found on NLog: tree-sitter reads `ready && list?.Count > 0` as `((ready && list)?.Count) > 0`
/// and `a?.L ?? a?.M` as `(a?.L ?? a)?.M`. A conditional access is a primary expression (§12.8.8):
/// the binary operator's right operand is the receiver, and `>` binds tighter than `&&` (§12.4.2).
#[test]
fn a_binary_operator_before_a_conditional_access_leaves_the_receiver_to_it() {
    check_outgoing(
        r#"
using System.Collections.Generic;
namespace N
{
    public class H
    {
        public int? L { get; set; }
        public int M { get; set; }
        public static bool operator >(H h, int i) { return true; }
        public static bool operator <(H h, int i) { return false; }
        public H Next { get; set; }
        static void Use$0(bool ready, IList<int> list, H h)
        {
            var a = ready && list?.Count > 0;
            var b = h?.L ?? h?.M ?? 0;
            var c = ready || !h?.Next.L.HasValue;
            var d = ready && h?.Next > 1;
        }
    }
}
"#,
        expect![[r#"
            external System.Collections.Generic.ICollection.Count [Get]
            P:N.H.L [Get, Get]
            P:N.H.M [Get]
            P:N.H.Next [Get, Get]
            external System.Nullable.HasValue [Get]
            M:N.H.op_GreaterThan(N.H,System.Int32) [Operator]
            coverage 8/8/0/0
        "#]],
    );
}

/// Found on NLog: `namespace N.Internal { using Common; }` imports `N.Common`; read as written,
/// `Common` looked like a namespace nobody declares, and the unknown `System` of
/// `System.Threading.Interlocked` was guessed into it. A namespace of the assemblies is a member of
/// the global namespace (§7.8.1, §12.8.4).
#[test]
fn a_framework_namespace_is_not_guessed_into_a_relative_using() {
    check_outgoing(
        r#"
namespace N.Common { public delegate void Continuation(System.Exception e); }
namespace N.Internal
{
    using System;
    using Common;
    public class Counter
    {
        private int _count;
        private Continuation _then;
        void Use$0()
        {
            System.Threading.Interlocked.Increment(ref _count);
            System.Threading.Monitor.PulseAll(this);
        }
    }
}
"#,
        expect![[r#"
            external System.Threading.Interlocked.Increment [Call]
            external System.Threading.Monitor.PulseAll [Call]
            coverage 2/2/0/0
        "#]],
    );
}

/// Found on NLog: `(now - last).TotalSeconds` reads a `TimeSpan`: the operators an assembly's
/// type declares are user-defined operators (§12.4.6), `DateTime.op_Subtraction(DateTime,
/// DateTime)` here, not the left operand's type.
#[test]
fn a_library_type_operator_gives_the_result_type() {
    check_outgoing(
        r#"
using System;
namespace N
{
    public class Clock
    {
        public static bool Take(TimeSpan span) { return true; }
        public static bool Take(DateTime time) { return false; }
        void Use$0(DateTime now, DateTime last, TimeSpan step)
        {
            var seconds = (now - last).TotalSeconds;
            Take(now - last);
            Take(now - step);
            Take(now + step);
        }
    }
}
"#,
        expect![[r#"
            external System.DateTime.op_Subtraction [Operator, Operator]
            external System.TimeSpan.TotalSeconds [Get]
            M:N.Clock.Take(System.TimeSpan) [Call]
            external System.DateTime.op_Subtraction [Operator]
            M:N.Clock.Take(System.DateTime) [Call, Call]
            external System.DateTime.op_Addition [Operator]
            coverage 8/8/0/0
        "#]],
    );
}

/// Found on NLog and SimpleInjector: a method group argument fixes a type argument through its
/// return type once the delegate's parameter types are fixed (output type inference, §12.6.3.7):
/// `Select(Item.FromType)` is an `IEnumerable<Item>`, `Zip(b, Pair.Create)` one of `Pair`.
#[test]
fn a_method_group_argument_infers_the_result_type() {
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
namespace N
{
    public class Item
    {
        public static Item FromType(Type type) { return new Item(); }
        public bool Open { get; set; }
    }
    public class Pair
    {
        public static Pair Create(Type a, Type b) { return null; }
        public bool Matches() { return true; }
    }
    public static class Use
    {
        static void Append(IEnumerable<Item> items) { }
        static void Append(IEnumerable<Type> types) { }
        static void Run$0(IEnumerable<Type> types, Type[] a, Type[] b)
        {
            Append(types.Select(Item.FromType));
            var open = types.Select(Item.FromType).Where(i => i.Open).ToArray();
            var all = a.Zip(b, Pair.Create).All(p => p.Matches());
            var names = Directory.GetFiles("a").Select(Path.GetFileName).Where(n => n.Length > 0);
        }
    }
}
"#,
        expect![[r#"
            external System.Linq.Enumerable.Select [Call, Call, Call]
            M:N.Item.FromType(System.Type) [MethodGroup, MethodGroup]
            M:N.Use.Append(System.Collections.Generic.IEnumerable{N.Item}) [Call]
            external System.Linq.Enumerable.Where [Call, Call]
            P:N.Item.Open [Get]
            external System.Linq.Enumerable.ToArray [Call]
            external System.Linq.Enumerable.Zip [Call]
            M:N.Pair.Create(System.Type,System.Type) [MethodGroup]
            external System.Linq.Enumerable.All [Call]
            M:N.Pair.Matches [Call]
            external System.IO.Directory.GetFiles [Call]
            external System.IO.Path.GetFileName [MethodGroup]
            external System.String.Length [Get]
            coverage 13/13/0/0
        "#]],
    );
}

/// Found on Jint: `new Descriptor(value, true, true, true)` with `(Value, bool?, bool?, bool?)` and
/// `(Value, Value, bool?, bool?)`, where `Value` has `implicit operator Value(bool)`: `bool?` is the
/// better conversion target, for its own implicit conversion to `Value` (user-defined, lifted as
/// Roslyn does towards a class) counts (§12.6.4.7).
#[test]
fn a_user_defined_conversion_between_targets_decides_the_better_one() {
    check_outgoing(
        r#"
namespace N
{
    public class Value
    {
        public static implicit operator Value(bool b) { return null; }
        public static implicit operator Value(double d) { return null; }
    }
    public struct Meters
    {
        public static implicit operator Meters(int i) { return new Meters(); }
    }
    public class Descriptor
    {
        public Descriptor(Value value, bool? writable, bool? enumerable, bool? configurable) { }
        public Descriptor(Value get, Value set, bool? enumerable, bool? configurable) { }
        static void Take(int? i, object o) { }
        static void Take(Meters m, string s) { }
        static void Use$0(Value v, int? n)
        {
            new Descriptor(v, true, true, true);
            new Descriptor(v, null, null, null);
            Take(n, "s");
        }
    }
}
"#,
        expect![[r#"
            M:N.Descriptor.#ctor(N.Value,System.Nullable{System.Boolean},System.Nullable{System.Boolean},System.Nullable{System.Boolean}) [Ctor, Ctor]
            M:N.Descriptor.Take(System.Nullable{System.Int32},System.Object) [Call]
            coverage 3/3/0/0
        "#]],
    );
}

/// Found on Jint: an array's elements convert to its element type (§12.8.17.5), by a user-defined
/// conversion where they take one (`new Value[] { count }`); the element type of `new[] { value,
/// k, o }` is the one type every element converts to, a user-defined conversion counting
/// (§12.6.3.15).
#[test]
fn array_elements_convert_to_the_element_type() {
    check_outgoing(
        r#"
namespace N
{
    public class Shape { }
    public class Value
    {
        public static implicit operator Value(double d) { return null; }
        public static implicit operator Value(Shape s) { return null; }
    }
    public class Use
    {
        static void Take(Value[] values) { }
        static void Take(object[] values) { }
        static void Run$0(Value v, double k, Shape o, int count)
        {
            Take(new Value[] { count });
            Take(new[] { v, k, o });
        }
    }
}
"#,
        expect![[r#"
            M:N.Value.op_Implicit(System.Double)~N.Value [Operator, Operator]
            M:N.Use.Take(N.Value[]) [Call, Call]
            M:N.Value.op_Implicit(N.Shape)~N.Value [Operator]
            coverage 5/5/0/0
        "#]],
    );
}

/// Found on Jint: tree-sitter reads `Swap(ref map, new Dictionary<Type, Func<Engine, Value>>(map) {
/// .. }, map)` as the arguments `new Dictionary < Type` and `Func<..> > (map) { .. }`. An object
/// creation has an argument list or an initializer (§12.8.17.2): the `<` opens a type argument
/// list, and `Type` is no read of the `Type` property in scope.
#[test]
fn a_misread_type_argument_list_binds_no_type_name_as_a_value() {
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
using System.Threading;
namespace N
{
    public class Engine { }
    public class Value
    {
        public Value(Engine e) { }
        public int Type { get { return 0; } }
        static Dictionary<Type, Func<Engine, Value>> Mappers = new Dictionary<Type, Func<Engine, Value>>();
        void Learn$0(Type key)
        {
            var map = Mappers;
            Interlocked.CompareExchange(ref Mappers, new Dictionary<Type, Func<Engine, Value>>(map) { [key] = e => new Value(e) }, map);
        }
    }
}
"#,
        expect![[r#"
            M:N.Value.#ctor(N.Engine) [Ctor]
            external System.Threading.Interlocked.CompareExchange [Call]
            unresolved Dictionary (MisreadSyntax)
            coverage 3/2/0/1
        "#]],
    );
}

/// Found on Jint: an integer literal with a suffix has the first of the suffix's types that holds
/// its value (§6.4.5.3): `0xe61acf033d1a45dfL` is a `ulong`, `5L` a `long`, `0x1_0000_0000u` a
/// `ulong`.
#[test]
fn a_suffixed_integer_literal_too_large_for_its_type_is_a_ulong() {
    check_outgoing(
        r#"
namespace N
{
    public struct Power
    {
        internal Power(ulong significand, short binaryExponent, short decimalExponent) { }
        static void Take(long l) { }
        static void Take(ulong u) { }
        static void Take(uint u) { }
        static void Use$0()
        {
            var cache = new[] { new Power(0xe61acf033d1a45dfL, -1087, -308) };
            Take(0xFFFFFFFFFFFFFFFFL);
            Take(5L);
            Take(0x1_0000_0000u);
            Take(7u);
        }
    }
}
"#,
        expect![[r#"
            M:N.Power.#ctor(System.UInt64,System.Int16,System.Int16) [Ctor]
            M:N.Power.Take(System.UInt64) [Call, Call]
            M:N.Power.Take(System.Int64) [Call]
            M:N.Power.Take(System.UInt32) [Call]
            coverage 5/5/0/0
        "#]],
    );
}

/// Found on Newtonsoft.Json: tree-sitter ranks every binary operator above `?.`, so
/// `uri != Parent?.Uri` comes as `(uri != Parent)?.Uri`. A conditional access is a primary
/// expression (§12.8.8): the operator's right operand is the chain, `uri != (Parent?.Uri)`.
#[test]
fn a_binary_operator_applies_to_the_whole_conditional_access_on_its_right() {
    check_outgoing(
        r#"
namespace N
{
    public interface INode { string Uri { get; } INode Parent { get; } int Count { get; } }
    public class D
    {
        INode Parent { get { return null; } }
        static bool TryGet(out INode node) { node = null; return false; }
        bool Use$0(string uri, INode other)
        {
            var a = uri != Parent?.Uri;
            var b = uri ?? other?.Parent?.Uri;
            var c = 1 == 2 + other?.Parent.Count;
            var d = TryGet(out var n) && n?.Uri == uri;
            return uri == (other?.Uri).Trim() + uri?.Trim();
        }
    }
}
"#,
        expect![[r#"
            P:N.D.Parent [Get]
            P:N.INode.Uri [Get, Get, Get, Get]
            P:N.INode.Parent [Get, Get]
            P:N.INode.Count [Get]
            M:N.D.TryGet(N.INode@) [Call]
            external System.String.Trim [Call, Call]
            coverage 11/11/0/0
        "#]],
    );
}

/// Found on Newtonsoft.Json: the indexers of every base type are candidates, a base type's removed
/// only when one declared below it applies (§12.8.12.3), so `this[string]` declared on a
/// `Collection<T>` subclass (or on a source base) leaves the base's `this[int]` to `keyed[0]`.
#[test]
fn a_derived_indexer_leaves_the_base_indexers_that_it_does_not_replace() {
    check_outgoing(
        r#"
using System.Collections.ObjectModel;
namespace N
{
    public class Item { public void Run() { } }
    class Keyed : Collection<Item> { public Item this[string key] { get { return null; } } }
    class Base { public Item this[int i] { get { return null; } } }
    class Derived : Base
    {
        public Item this[string key] { get { return null; } }
    }
    class Widened : Derived { public Item this[long key] { get { return null; } } }
    public class U
    {
        void Use$0(Keyed keyed, Derived derived, Widened widened, short s)
        {
            keyed[0].Run();
            keyed["a"].Run();
            derived[0].Run();
            derived[s].Run();
            widened[0].Run();
        }
    }
}
"#,
        expect![[r#"
            external System.Collections.ObjectModel.Collection.Item [Get]
            M:N.Item.Run [Call, Call, Call, Call, Call]
            P:N.Keyed.Item(System.String) [Get]
            P:N.Base.Item(System.Int32) [Get, Get]
            P:N.Widened.Item(System.Int64) [Get]
            coverage 10/10/0/0
        "#]],
    );
}

/// Found on Newtonsoft.Json: the operators of a user-defined conversion are those of `S0` and its
/// base classes and of `T0` (an explicit conversion's also of `T0`'s bases), `S0`/`T0` without `?`
/// (§10.5.4, §10.5.5), the most specific one from `SX` to `TX`, lifted when the operands are
/// nullable. `new Val(flag)` has no conversion to `Val` through the base's `Tok(bool?)`, and `int?`
/// none to `long` (§10.2): both take `object`.
#[test]
fn user_defined_conversions_come_from_the_base_classes_and_the_most_specific_target() {
    check_outgoing(
        r#"
namespace N
{
    public abstract class Tok
    {
        public static implicit operator Tok(bool value) { return null; }
        public static implicit operator Tok(bool? value) { return null; }
        public static explicit operator bool(Tok value) { return false; }
        public static explicit operator bool?(Tok value) { return null; }
    }
    public class Val : Tok
    {
        public Val(Val other) { }
        public Val(bool value) { }
        public Val(object value) { }
    }
    public struct Meters
    {
        public static implicit operator Meters(int value) { return default(Meters); }
        public static explicit operator Meters(string text) { return default(Meters); }
    }
    public class U
    {
        static void Take(long value) { }
        static void Take(object value) { }
        void Use$0(bool? flag, Tok tok, Val val, int? count, object boxed)
        {
            new Val(flag);
            var a = (bool?)tok;
            var b = (bool)val;
            Tok c = flag;
            Tok d = true;
            Meters? e = count;
            Take(count);
            var f = (Meters)boxed;
            var g = (Meters)"1";
        }
    }
}
"#,
        expect![[r#"
            M:N.Val.#ctor(System.Object) [Ctor]
            M:N.Tok.op_Explicit(N.Tok)~System.Nullable{System.Boolean} [Operator]
            M:N.Tok.op_Explicit(N.Tok)~System.Boolean [Operator]
            M:N.Tok.op_Implicit(System.Nullable{System.Boolean})~N.Tok [Operator]
            M:N.Tok.op_Implicit(System.Boolean)~N.Tok [Operator]
            M:N.Meters.op_Implicit(System.Int32)~N.Meters [Operator]
            M:N.U.Take(System.Object) [Call]
            M:N.Meters.op_Explicit(System.String)~N.Meters [Operator]
            coverage 8/8/0/0
        "#]],
    );
}

/// Found on Newtonsoft.Json: tree-sitter names the bracketed argument list of `x?[key]` itself the
/// element binding; its arguments choose the indexer (`this[string]` over `this[object]`).
#[test]
fn a_conditional_element_access_passes_its_arguments() {
    check_outgoing(
        r#"
namespace N
{
    public class Obj
    {
        public Obj this[string name] { get { return null; } }
        public Obj this[object key] { get { return null; } }
    }
    public class U
    {
        public string Name { get { return null; } }
        object Use$0(object component) => (component as Obj)?[Name]?[component];
    }
}
"#,
        expect![[r#"
            P:N.U.Name [Get]
            P:N.Obj.Item(System.String) [Get]
            P:N.Obj.Item(System.Object) [Get]
            coverage 3/3/0/0
        "#]],
    );
}

/// Found on Newtonsoft.Json: a local declared in one section of a `switch` statement is in scope in
/// the whole switch block (§13.8.3), so a later section assigns and uses it.
#[test]
fn a_switch_sections_locals_are_in_scope_in_the_later_sections() {
    check_outgoing(
        r#"
namespace N
{
    public class Val { public void SetLineInfo(int i) { } }
    public class U
    {
        void Use$0(int kind, object o)
        {
            switch (kind)
            {
                case 1:
                    Val v = new Val();
                    v.SetLineInfo(1);
                    break;
                case 2 when o is Val w:
                    v = w;
                    v.SetLineInfo(2);
                    break;
                default:
                    v = null;
                    v.SetLineInfo(3);
                    break;
            }
        }
    }
}
"#,
        expect![[r#"
            M:N.Val.#ctor [Ctor]
            M:N.Val.SetLineInfo(System.Int32) [Call, Call, Call]
            coverage 4/4/0/0
        "#]],
    );
}

/// Found on Autofac: a lambda or a method group converts to no element type of a `params` array
/// that is not a delegate (§10.7, §10.8), so `As(params Type[])` is no candidate for
/// `registration.As(t => t)` in its expanded form either, and the extension method
/// `As(Func<Type, Type>)` is called; for `As(Same)` too, since `Type Same(Type)` returns no
/// `Service` (§20.4; checked with Roslyn).
#[test]
fn a_lambda_is_no_element_of_a_params_array_of_a_type_that_is_no_delegate() {
    check_outgoing(
        r#"
using System;
namespace N
{
    public class Service { }
    public interface IBuilder
    {
        IBuilder As(params Type[] types);
        IBuilder As(params Service[] services);
    }
    public static class Extensions
    {
        public static IBuilder As(this IBuilder builder, Func<Type, Type> map) { return builder; }
        public static IBuilder As(this IBuilder builder, Func<Type, Service> map) { return builder; }
        static Type Same(Type t) { return t; }
        static void Use$0(IBuilder builder)
        {
            builder.As(t => t);
            builder.As(Same);
            builder.As(typeof(string));
        }
    }
}
"#,
        expect![[r#"
            M:N.Extensions.As(N.IBuilder,System.Func{System.Type,System.Type}) [Call, Call]
            M:N.Extensions.Same(System.Type) [MethodGroup]
            M:N.IBuilder.As(System.Type[]) [Call]
            coverage 3/3/0/0
        "#]],
    );
}

/// Found on Newtonsoft.Json: the indexers of a value of a type parameter are those of its bound
/// (`where T : Token`, §15.2.5), as its other members are; the access was dropped unreported.
#[test]
fn a_type_parameters_indexers_are_those_of_its_bound() {
    check_outgoing(
        r#"
using System.Collections.Generic;
namespace N
{
    public class Token { public virtual Token this[object key] { get { return null; } } }
    public static class Extensions
    {
        public static IEnumerable<Token> Values$0<T>(IEnumerable<T> source, object key) where T : Token
        {
            foreach (T token in source)
            {
                yield return token[key];
            }
        }
    }
}
"#,
        expect![[r#"
            P:N.Token.Item(System.Object) [Get]
            coverage 1/1/0/0
        "#]],
    );
}

/// Found on log4net: in an expression, a dotted name whose first identifier is a namespace
/// (`log4net.Util.LogLog.Error(…)` inside `namespace log4net.Appender`) is a namespace-or-type name
/// (§12.8.7.1): its namespace is found by the same lookup as any simple name, through the enclosing
/// namespaces out to the global one.
#[test]
fn a_namespace_qualified_name_in_an_expression_binds_its_member() {
    check_outgoing(
        r#"
namespace log4net.Util
{
    public sealed class LogLog { public static void Error(string message) { } }
}
namespace log4net.Core
{
    public class LoggingEvent { public const string HostNameProperty = "h"; public static string Host { get { return null; } } }
}
namespace log4net.Appender
{
    public class BufferingAppenderSkeleton { }
    public class Udp
    {
        void Use$0(object appender)
        {
            log4net.Util.LogLog.Error("x");
            var h = log4net.Core.LoggingEvent.Host;
            bool b = appender is Appender.BufferingAppenderSkeleton;
        }
    }
}
"#,
        expect![[r#"
            M:log4net.Util.LogLog.Error(System.String) [Call]
            P:log4net.Core.LoggingEvent.Host [Get]
            coverage 2/2/0/0
        "#]],
    );
}

/// Found on Jurassic: a method group names the members its lookup finds (§12.5): a derived class's
/// own `__STUB__Call` hides the base class's private one of the same signature, which is not even
/// accessible there; the group converts to the delegate type through that one method (§10.8), and
/// a derived method whose parameters the delegate's do not convert to hides nothing.
#[test]
fn a_method_group_does_not_see_the_base_classes_private_method_of_its_name() {
    check_outgoing(
        r#"
using System;
namespace N
{
    public class FunctionInstance
    {
        private static object __STUB__Call(string engine, object thisObj) { return null; }
        protected FunctionInstance(Func<string, object, object> call) { }
        public static Func<string, object, object> Stub() { return __STUB__Call; }
        protected static int Parse(string text) { return 0; }
    }
    public class ArrayConstructor : FunctionInstance
    {
        private static object __STUB__Call(string engine, object thisObj) { return null; }
        private static object __STUB__ValueOf(string engine, object thisObj) { return null; }
        private static int Parse(Type type) { return 0; }
        internal ArrayConstructor$0() : base(__STUB__Call)
        {
            Func<string, object, object> f = __STUB__ValueOf;
            Func<string, int> parse = Parse;
        }
    }
}
"#,
        expect![[r#"
            M:N.FunctionInstance.#ctor(System.Func{System.String,System.Object,System.Object}) [Ctor]
            M:N.ArrayConstructor.__STUB__Call(System.String,System.Object) [MethodGroup]
            M:N.ArrayConstructor.__STUB__ValueOf(System.String,System.Object) [MethodGroup]
            M:N.FunctionInstance.Parse(System.String) [MethodGroup]
            coverage 1/1/0/0
        "#]],
    );
}

/// Found on Irony: the user-defined operators of `term | Empty` (`BnfTerm` and `Terminal`
/// operands) are those of both operand types (§12.4.6); only `|(BnfTerm, BnfTerm)` is applicable,
/// as no conversion takes a `Terminal` to `string`.
#[test]
fn a_user_defined_operator_between_derived_operands_binds_the_one_applicable() {
    check_outgoing(
        r#"
namespace N
{
    public abstract class BnfTerm
    {
        public static BnfExpression operator +(BnfTerm a, BnfTerm b) { return null; }
        public static BnfExpression operator +(BnfTerm a, string b) { return null; }
        public static BnfExpression operator +(string a, BnfTerm b) { return null; }
        public static BnfExpression operator |(BnfTerm a, BnfTerm b) { return null; }
        public static BnfExpression operator |(BnfTerm a, string b) { return null; }
        public static BnfExpression operator |(string a, BnfTerm b) { return null; }
    }
    public class BnfExpression : BnfTerm
    {
        public static implicit operator BnfExpression(string symbol) { return null; }
        public static implicit operator BnfExpression(Terminal term) { return null; }
        public static implicit operator BnfExpression(NonTerminal nonTerminal) { return null; }
    }
    public class Terminal : BnfTerm { }
    public class NonTerminal : BnfTerm { public BnfExpression Rule; }
    public class Grammar
    {
        public readonly Terminal Empty = new Terminal();
        void Use$0(BnfTerm term, NonTerminal list, Terminal delimiter)
        {
            list.Rule = term | Empty;
            list.Rule += delimiter;
            list.Rule = Empty | list;
        }
    }
}
"#,
        expect![[r#"
            M:N.BnfTerm.op_BitwiseOr(N.BnfTerm,N.BnfTerm) [Operator, Operator]
            M:N.BnfTerm.op_Addition(N.BnfTerm,N.BnfTerm) [Operator]
            coverage 3/3/0/0
        "#]],
    );
}

/// Found on Irony: a compound assignment `x op= y` other than `+=`/`-=` is `x = x op y` by the
/// binary operator's overload resolution (§12.21.4), a user-defined operator included
/// (`plusList.Rule |= listMember`); the keyword types' operators stay the predefined ones.
#[test]
fn a_compound_assignment_binds_the_user_defined_operator() {
    check_outgoing(
        r#"
namespace N
{
    public class BnfTerm
    {
        public static BnfTerm operator |(BnfTerm a, BnfTerm b) { return a; }
        public static BnfTerm operator *(BnfTerm a, int times) { return a; }
        public static BnfTerm operator >>(BnfTerm a, int shift) { return a; }
    }
    public class Grammar
    {
        public BnfTerm Rule;
        void Use$0(BnfTerm member, int flags)
        {
            Rule |= member;
            Rule *= 2;
            Rule >>= 1;
            flags |= 4;
            flags >>= 1;
        }
    }
}
"#,
        expect![[r#"
            M:N.BnfTerm.op_BitwiseOr(N.BnfTerm,N.BnfTerm) [Operator]
            M:N.BnfTerm.op_Multiply(N.BnfTerm,System.Int32) [Operator]
            M:N.BnfTerm.op_RightShift(N.BnfTerm,System.Int32) [Operator]
            coverage 3/3/0/0
        "#]],
    );
}

/// Found on Fleck: a method group whose methods return `void` infers nothing for the delegate's
/// return type (§12.6.3.7), so `FromAsync<TResult>(begin, stream.EndWrite, null)` fails inference
/// and only the non-generic `FromAsync(Func<…>, Action<IAsyncResult>, object)` applies.
#[test]
fn a_void_method_group_infers_no_type_argument() {
    check_outgoing(
        r#"
using System;
using System.IO;
using System.Threading.Tasks;
namespace N
{
    public class SocketWrapper
    {
        Stream _stream;
        public Task Send$0(byte[] buffer)
        {
            Func<AsyncCallback, object, IAsyncResult> begin =
                (cb, s) => _stream.BeginWrite(buffer, 0, buffer.Length, cb, s);
            return Task.Factory.FromAsync(begin, _stream.EndWrite, null);
        }
    }
}
"#,
        expect![[r#"
            external System.Array.Length [Get]
            external System.IO.Stream.BeginWrite [Call]
            external System.Threading.Tasks.Task.Factory [Get]
            external System.Threading.Tasks.TaskFactory.FromAsync [Call]
            external System.IO.Stream.EndWrite [MethodGroup]
            coverage 4/4/0/0
        "#]],
    );
}

/// Found on Handlebars.Net: a parameter typed `dynamic` is `System.Object` in documentation ids
/// (§8.7.1: `dynamic` is `object` to the runtime), the delegate `Invoke` of one too.
#[test]
fn a_dynamic_parameter_is_object_in_documentation_ids() {
    check_outgoing(
        r#"
using System.IO;
namespace N
{
    public delegate void HandlebarsHelper(TextWriter output, dynamic context, params object[] arguments);
    public class HandlebarsException : System.Exception { public HandlebarsException(string m) { } }
    public static class BuiltinHelpers
    {
        public static void With(TextWriter output, dynamic context, params object[] arguments)
        {
            throw new HandlebarsException("x");
        }
        static void Use$0(HandlebarsHelper helper, TextWriter w, object context)
        {
            helper(w, context);
            With(w, context);
        }
    }
}
"#,
        expect![[r#"
            M:N.HandlebarsHelper.Invoke(System.IO.TextWriter,System.Object,System.Object[]) [DelegateInvoke]
            M:N.BuiltinHelpers.With(System.IO.TextWriter,System.Object,System.Object[]) [Call]
            coverage 2/2/0/0
        "#]],
    );
}

/// Found on DotLiquid: of several methods of a group the delegate's parameter types convert to,
/// the conversion takes the best for arguments of those types (§10.8 by §12.6.4): a `Func<int,
/// int>` takes `Succ(int)` over `Succ(long)` and `Succ(double)`.
#[test]
fn a_method_group_takes_the_best_of_the_methods_that_fit() {
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
namespace N
{
    public static class Range
    {
        internal static long Succ(long val) { return val + 1; }
        internal static int Succ(int val) { return val + 1; }
        internal static double Succ(double val) { return val + 1; }
        public static IEnumerable<T> Inclusive<T>(T start, T finish, Func<T, T> succ) { return null; }
        public static IEnumerable<int> Inclusive$0(int start, int finish)
        {
            Func<long, long> next = Succ;
            return Inclusive(start, finish, Succ);
        }
    }
}
"#,
        expect![[r#"
            M:N.Range.Succ(System.Int64) [MethodGroup]
            M:N.Range.Inclusive``1(``0,``0,System.Func{``0,``0}) [Call]
            M:N.Range.Succ(System.Int32) [MethodGroup]
            coverage 1/1/0/0
        "#]],
    );
}
