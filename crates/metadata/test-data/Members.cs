// Fixture for crates/metadata: member-level features (signatures, accessors, constants, attributes).
using System;
using System.Collections.Generic;
using System.Reflection;

namespace Fixtures.Members
{
    public class Members
    {
        // Fields and constants.
        public const int Answer = 42;
        public const string Greeting = "hi\u00e9";
        public const double Ratio = 0.5;
        public const float Half = 0.5f;
        public const char Letter = 'x';
        public const bool Yes = true;
        public const ulong Big = ulong.MaxValue;
        public const sbyte Negative = -5;
        public const string Nothing = null;
        public static readonly object Shared = new object();
        public int Counter;
        protected int ForDerived;
        private int secret;
        internal int friendly;

        // Constructors (the static one is dropped).
        static Members() { }
        public Members() { }
        protected Members(int x) { secret = x; }

        // params, optional and default values.
        public void Log(string format, params object[] args) { }
        public void Defaults(int a = 1, string b = "two", object c = null, double d = 2.5, Color e = Color.Green, char f = 'q') { }

        // ref, out, in, ref returns.
        public void Refs(ref int a, out int b, in Point c) { b = a; }
        public ref int RefReturn(int[] array) => ref array[0];
        public ref readonly Point ReadonlyReturn() => ref origin;
        public virtual void VirtualIn(in Point p) { }
        private Point origin;

        // Properties and indexers.
        public int ReadOnly { get; }
        public int ReadWrite { get; set; }
        public int PrivateSetter { get; private set; }
        public static int StaticProperty { get; set; }
        public string this[int index, string key = "k"] { get => key; set { } }
        private int Hidden { get; set; }

        // Events.
        public event EventHandler Changed;
        public static event Action<int> StaticChanged;
        protected event EventHandler<EventArgs> Protected { add { } remove { } }

        // Generic methods.
        public T Identity<T>(T value) => value;
        public TOut Convert<TIn, TOut>(TIn value, Func<TIn, TOut> map) where TOut : class => map(value);
        public void Arrays(int[] one, int[,] two, int[][] jagged, List<int>[] lists) { }
        public unsafe void Pointers(int* p, void* q) { }

        // Visibility.
        protected virtual void Hook() { }
        protected internal void Either() { }
        internal void Friend() { }
        private void Private() { }
        private protected void NarrowProtected() { }

        public void Raise() { Changed?.Invoke(this, EventArgs.Empty); StaticChanged?.Invoke(1); Private(); }
    }

    public readonly struct Point
    {
        public readonly int X;
        public Point(int x) { X = x; }
    }

    public enum Color { Red, Green }

    public struct Money
    {
        public decimal Amount;
        public static Money operator +(Money a, Money b) => a;
        public static bool operator ==(Money a, Money b) => true;
        public static bool operator !=(Money a, Money b) => false;
        public static implicit operator decimal(Money m) => m.Amount;
        public static explicit operator Money(int x) => new Money();
        public override bool Equals(object o) => false;
        public override int GetHashCode() => 0;
    }

    public static class Extensions
    {
        public static string Shout(this string s) => s.ToUpper();
        public static IEnumerable<T> Twice<T>(this IEnumerable<T> items) { yield return default(T); }
        public static int NotExtension(int x) => x;
    }

    public abstract class Base
    {
        public abstract void Run();
        public virtual string Name => "base";
        protected abstract int Size { get; }
    }

    public class Derived : Base
    {
        public sealed override void Run() { }
        public new virtual string Name => "derived";
        protected override int Size => 1;
    }

    [DefaultMember("Entry")]
    public class CustomIndexer
    {
        public int Entry(int i) => i;
    }

    public static class Attributed
    {
        [System.Diagnostics.Conditional("DEBUG")]
        public static void DebugOnly(string message) { }
        [System.Diagnostics.Conditional("TRACE"), System.Diagnostics.Conditional("VERBOSE")]
        public static void Traced() { }
        public static (int count, string) Pair((bool ok, (int x, int y) at) input) => (0, "");
        public static (int a, int b) Field;
        public static (string key, object value) Property => (null, null);
        public static (bool ok, (int x, string y) at, (long l, (char c, byte b) inner) deep) Nested() => default;
    }

    /// A conditional virtual method: calls of its overrides are omitted like its own (§22.5.3.2).
    public class Logger
    {
        [System.Diagnostics.Conditional("TRACE")]
        public virtual void Log(string message) { }
    }
}
