//! Snapshots of the model read from the fixture assemblies in `test-data/` (their C# sources lie
//! next to them; `test-data/regen.sh` rebuilds them with Roslyn).

use expect_test::{Expect, expect};
use std::path::PathBuf;

fn read(dll: &str) -> metadata::Assembly {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("test-data")
        .join(dll);
    metadata::read_file(&path).unwrap()
}

fn check(dll: &str, expect: Expect) {
    expect.assert_eq(&metadata::dump::dump(&read(dll)));
}

/// Kinds, visibility, nesting, generic parameters with variance and constraints, explicit
/// interface implementations; internal and private types are dropped.
#[test]
fn types() {
    check(
        "Types.dll",
        expect![[r#"
        assembly Types 0.0.0.0
        reference mscorlib 4.0.0.0
        type 0 public class GlobalType (global namespace)
          : [mscorlib]System.Object
          method 0 public specialname void .ctor()
        type 1 public interface Fixtures.Types.IShape
          method 0 public abstract newslot specialname double get_Area()
          property double Area get=0
        type 2 public interface Fixtures.Types.IProducer`1<out T>
          method 0 public abstract newslot T Produce()
        type 3 public interface Fixtures.Types.IConsumer`1<in T>
          method 0 public abstract newslot void Consume(T item)
        type 4 public abstract class Fixtures.Types.Shape
          : [mscorlib]System.Object, Fixtures.Types.IShape, [mscorlib]System.IComparable`1<Fixtures.Types.Shape>
          method 0 public abstract newslot specialname double get_Area()
          method 1 public virtual final newslot int CompareTo(Fixtures.Types.Shape other)
          method 2 protected specialname void .ctor()
          property double Area get=0
        type 5 public sealed class Fixtures.Types.Circle
          : Fixtures.Types.Shape
          method 0 public specialname void .ctor(double radius)
          method 1 public specialname double get_Radius()
          method 2 public virtual specialname double get_Area()
          property double Radius get=1
          property double Area get=2
        type 6 public struct Fixtures.Types.Point
          : [mscorlib]System.ValueType, [mscorlib]System.IEquatable`1<valuetype Fixtures.Types.Point>
          field public int X
          field public int Y
          method 0 public virtual final newslot bool Equals(valuetype Fixtures.Types.Point other)
        type 7 public enum Fixtures.Types.Color
          : [mscorlib]System.Enum
          field public const valuetype Fixtures.Types.Color Red = 1u
          field public const valuetype Fixtures.Types.Color Green = 2u
          field public const valuetype Fixtures.Types.Color Blue = 4u
        type 8 public enum Fixtures.Types.Access
          : [mscorlib]System.Enum
          field public const valuetype Fixtures.Types.Access None = 0
          field public const valuetype Fixtures.Types.Access Read = 1
          field public const valuetype Fixtures.Types.Access Write = 2
          field public const valuetype Fixtures.Types.Access All = -1
        type 9 public delegate Fixtures.Types.Mapper`2<in TSource, out TResult>
          : [mscorlib]System.MulticastDelegate
          method 0 public specialname void .ctor(object object, nint method)
          method 1 public virtual newslot TResult Invoke(TSource source)
          method 2 public virtual newslot [mscorlib]System.IAsyncResult BeginInvoke(TSource source, [mscorlib]System.AsyncCallback callback, object object)
          method 3 public virtual newslot TResult EndInvoke([mscorlib]System.IAsyncResult result)
        type 10 public static class Fixtures.Types.Util
          : [mscorlib]System.Object
          method 0 public static int Twice(int x)
        type 11 public class Fixtures.Types.Constrained`4<TKey, TValue, TNum, TItem>
          : [mscorlib]System.Object
            where TKey : class, [mscorlib]System.IComparable`1<TKey>
            where TValue : struct
            where TNum : [mscorlib]System.IComparable, new()
            where TItem : TKey
          method 0 public TItem Pick<TOther>(TOther other)
            where TOther : [mscorlib]System.Collections.Generic.IEnumerable`1<TItem>
          method 1 public specialname void .ctor()
        type 12 public class Fixtures.Types.Outer`1<T>
          : [mscorlib]System.Object
          method 0 public Fixtures.Types.Outer`1+Inner<T> MakeInner()
          method 1 public specialname void .ctor()
        type 13 public class Fixtures.Types.Numbers
          : [mscorlib]System.Object, [mscorlib]System.Collections.Generic.IEnumerable`1<int>, [mscorlib]System.Collections.IEnumerable, [mscorlib]System.IDisposable
          method 0 private virtual final newslot [mscorlib]System.Collections.Generic.IEnumerator`1<int> System.Collections.Generic.IEnumerable<System.Int32>.GetEnumerator()
          method 1 private virtual final newslot [mscorlib]System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator()
          method 2 private virtual final newslot void System.IDisposable.Dispose()
          method 3 public specialname void .ctor()
        type 14 public class Fixtures.Types.Outer`1+Inner in 12
          : [mscorlib]System.Object
          field public T Value
          method 0 public specialname void .ctor()
        type 15 public class Fixtures.Types.Outer`1+Pair`1<U> in 12
          : [mscorlib]System.Object
          field public [mscorlib]System.Collections.Generic.Dictionary`2<T, U> Map
          method 0 public specialname void .ctor()
        type 16 protected class Fixtures.Types.Outer`1+ForDerived in 12
          : [mscorlib]System.Object
          method 0 public specialname void .ctor()
        type 17 protected internal class Fixtures.Types.Outer`1+ForDerivedOrFriends in 12
          : [mscorlib]System.Object
          method 0 public specialname void .ctor()
        type 18 public class Fixtures.Types.Outer`1+Pair`1+Deepest in 15
          : [mscorlib]System.Object
          method 0 public specialname void .ctor()
    "#]],
    );
}

/// Constants, constructors, `params`, optional and default values, `ref`/`out`/`in`, ref returns,
/// properties, indexers, events, operators, extension methods, overrides; non-visible members are
/// dropped.
#[test]
fn members() {
    check(
        "Members.dll",
        expect![[r#"
            assembly Members 0.0.0.0
            reference mscorlib 4.0.0.0
            type 0 public class Fixtures.Members.Members
              : [mscorlib]System.Object
              [DefaultMember(Item)]
              field public const int Answer = 42
              field public const string Greeting = "hié"
              field public const double Ratio = 0.5d
              field public const float Half = 0.5f
              field public const char Letter = '\u0078'
              field public const bool Yes = true
              field public const ulong Big = 18446744073709551615u
              field public const sbyte Negative = -5
              field public const string Nothing = null
              field public static readonly object Shared
              field public int Counter
              field protected int ForDerived
              method 0 public specialname void .ctor()
              method 1 protected specialname void .ctor(int x)
              method 2 public void Log(string format, params object[] args)
              method 3 public void Defaults(int a [opt] = 1, string b [opt] = "two", object c [opt] = null, double d [opt] = 2.5d, valuetype Fixtures.Members.Color e [opt] = 1, char f [opt] = '\u0071')
              method 4 public void Refs(ref int a, out int b, in valuetype Fixtures.Members.Point c)
              method 5 public ref int RefReturn(int[] array)
              method 6 public ref readonly valuetype Fixtures.Members.Point ReadonlyReturn()
              method 7 public virtual newslot void VirtualIn(in valuetype Fixtures.Members.Point p)
              method 8 public specialname int get_ReadOnly()
              method 9 public specialname int get_ReadWrite()
              method 10 public specialname void set_ReadWrite(int value)
              method 11 public specialname int get_PrivateSetter()
              method 12 public static specialname int get_StaticProperty()
              method 13 public static specialname void set_StaticProperty(int value)
              method 14 public specialname string get_Item(int index, string key [opt] = "k")
              method 15 public specialname void set_Item(int index, string key [opt] = "k", string value)
              method 16 public specialname void add_Changed([mscorlib]System.EventHandler value)
              method 17 public specialname void remove_Changed([mscorlib]System.EventHandler value)
              method 18 public static specialname void add_StaticChanged([mscorlib]System.Action`1<int> value)
              method 19 public static specialname void remove_StaticChanged([mscorlib]System.Action`1<int> value)
              method 20 protected specialname void add_Protected([mscorlib]System.EventHandler`1<[mscorlib]System.EventArgs> value)
              method 21 protected specialname void remove_Protected([mscorlib]System.EventHandler`1<[mscorlib]System.EventArgs> value)
              method 22 public T Identity<T>(T value)
              method 23 public TOut Convert<TIn, TOut>(TIn value, [mscorlib]System.Func`2<TIn, TOut> map)
                where TOut : class
              method 24 public void Arrays(int[] one, int[,] two, int[][] jagged, [mscorlib]System.Collections.Generic.List`1<int>[] lists)
              method 25 public void Pointers(int* p, void* q)
              method 26 protected virtual newslot void Hook()
              method 27 protected internal void Either()
              method 28 public void Raise()
              property int ReadOnly get=8
              property int ReadWrite get=9 set=10
              property int PrivateSetter get=11
              property static int StaticProperty get=12 set=13
              property string Item[int index, string key [opt] = "k"] get=14 set=15
              event [mscorlib]System.EventHandler Changed add=16 remove=17
              event static [mscorlib]System.Action`1<int> StaticChanged add=18 remove=19
              event [mscorlib]System.EventHandler`1<[mscorlib]System.EventArgs> Protected add=20 remove=21
            type 1 public struct Fixtures.Members.Point
              : [mscorlib]System.ValueType
              field public readonly int X
              method 0 public specialname void .ctor(int x)
            type 2 public enum Fixtures.Members.Color
              : [mscorlib]System.Enum
              field public const valuetype Fixtures.Members.Color Red = 0
              field public const valuetype Fixtures.Members.Color Green = 1
            type 3 public struct Fixtures.Members.Money
              : [mscorlib]System.ValueType
              field public valuetype [mscorlib]System.Decimal Amount
              method 0 public static specialname valuetype Fixtures.Members.Money op_Addition(valuetype Fixtures.Members.Money a, valuetype Fixtures.Members.Money b)
              method 1 public static specialname bool op_Equality(valuetype Fixtures.Members.Money a, valuetype Fixtures.Members.Money b)
              method 2 public static specialname bool op_Inequality(valuetype Fixtures.Members.Money a, valuetype Fixtures.Members.Money b)
              method 3 public static specialname valuetype [mscorlib]System.Decimal op_Implicit(valuetype Fixtures.Members.Money m)
              method 4 public static specialname valuetype Fixtures.Members.Money op_Explicit(int x)
              method 5 public virtual bool Equals(object o)
              method 6 public virtual int GetHashCode()
            type 4 public static class Fixtures.Members.Extensions
              : [mscorlib]System.Object
              [Extension]
              method 0 public static [Extension] string Shout(string s)
              method 1 public static [Extension] [mscorlib]System.Collections.Generic.IEnumerable`1<T> Twice<T>([mscorlib]System.Collections.Generic.IEnumerable`1<T> items)
              method 2 public static int NotExtension(int x)
            type 5 public abstract class Fixtures.Members.Base
              : [mscorlib]System.Object
              method 0 public abstract newslot void Run()
              method 1 public virtual newslot specialname string get_Name()
              method 2 protected abstract newslot specialname int get_Size()
              method 3 protected specialname void .ctor()
              property string Name get=1
              property int Size get=2
            type 6 public class Fixtures.Members.Derived
              : Fixtures.Members.Base
              method 0 public virtual final void Run()
              method 1 public virtual newslot specialname string get_Name()
              method 2 protected virtual specialname int get_Size()
              method 3 public specialname void .ctor()
              property string Name get=1
              property int Size get=2
            type 7 public class Fixtures.Members.CustomIndexer
              : [mscorlib]System.Object
              [DefaultMember(Entry)]
              method 0 public int Entry(int i)
              method 1 public specialname void .ctor()
            type 8 public static class Fixtures.Members.Attributed
              : [mscorlib]System.Object
              field public static valuetype [mscorlib]System.ValueTuple`2<int, int> [TupleElementNames(a, b)] Field
              method 0 public static [Conditional(DEBUG)] void DebugOnly(string message)
              method 1 public static [Conditional(TRACE, VERBOSE)] void Traced()
              method 2 public static valuetype [mscorlib]System.ValueTuple`2<int, string> [TupleElementNames(count, _)] Pair(valuetype [mscorlib]System.ValueTuple`2<bool, valuetype [mscorlib]System.ValueTuple`2<int, int>> [TupleElementNames(ok, at, x, y)] input)
              method 3 public static specialname valuetype [mscorlib]System.ValueTuple`2<string, object> [TupleElementNames(key, value)] get_Property()
              method 4 public static valuetype [mscorlib]System.ValueTuple`3<bool, valuetype [mscorlib]System.ValueTuple`2<int, string>, valuetype [mscorlib]System.ValueTuple`2<long, valuetype [mscorlib]System.ValueTuple`2<char, byte>>> [TupleElementNames(ok, at, deep, x, y, l, inner, c, b)] Nested()
              property static valuetype [mscorlib]System.ValueTuple`2<string, object> [TupleElementNames(key, value)] Property get=3
            type 9 public class Fixtures.Members.Logger
              : [mscorlib]System.Object
              method 0 public virtual newslot [Conditional(TRACE)] void Log(string message)
              method 1 public specialname void .ctor()
        "#]],
    );
}

#[test]
fn full_names_match_references() {
    let asm = read("Types.dll");
    let names: Vec<_> = asm.types.iter().map(|t| t.full_name(&asm)).collect();
    assert!(
        names
            .iter()
            .any(|n| n == "Fixtures.Types.Outer`1+Pair`1+Deepest")
    );
    // `MakeInner` returns `Outer<T>.Inner`: the reference spells the TypeDef's own full name.
    let outer = asm.types.iter().find(|t| t.name == "Outer").unwrap();
    let metadata::TypeSig::Named(ret) = &outer.methods()[0].ret else {
        panic!("not named")
    };
    assert!(names.contains(&ret.full_name));
    assert_eq!(ret.scope, None);
    let inner = asm.types.iter().find(|t| t.name == "Inner").unwrap();
    assert_eq!((inner.arity, inner.generic_params.len()), (0, 1));
    assert_eq!(inner.namespace, "Fixtures.Types");
    assert_eq!(asm.types[inner.declaring.unwrap() as usize].name, "Outer");
}
