// Fixture for crates/metadata: type-level features (kinds, nesting, generics, visibility).
using System;
using System.Collections;
using System.Collections.Generic;

namespace Fixtures.Types
{
    public interface IShape { double Area { get; } }

    public interface IProducer<out T> { T Produce(); }
    public interface IConsumer<in T> { void Consume(T item); }

    public abstract class Shape : IShape, IComparable<Shape>
    {
        public abstract double Area { get; }
        public int CompareTo(Shape other) => Area.CompareTo(other.Area);
        protected Shape() { }
    }

    public sealed class Circle : Shape
    {
        public Circle(double radius) { Radius = radius; }
        public double Radius { get; }
        public override double Area => Math.PI * Radius * Radius;
    }

    public struct Point : IEquatable<Point>
    {
        public int X, Y;
        public bool Equals(Point other) => X == other.X && Y == other.Y;
    }

    public enum Color : byte { Red = 1, Green = 2, Blue = 4 }

    [Flags]
    public enum Access : long { None = 0, Read = 1, Write = 2, All = -1 }

    public delegate TResult Mapper<in TSource, out TResult>(TSource source);

    public static class Util
    {
        public static int Twice(int x) => 2 * x;
    }

    public class Constrained<TKey, TValue, TNum, TItem>
        where TKey : class, IComparable<TKey>
        where TValue : struct
        where TNum : IComparable, new()
        where TItem : TKey
    {
        public TItem Pick<TOther>(TOther other) where TOther : IEnumerable<TItem> => default(TItem);
    }

    public class Outer<T>
    {
        public class Inner
        {
            public T Value;
        }

        public class Pair<U>
        {
            public Dictionary<T, U> Map;
            public class Deepest { }
        }

        protected class ForDerived { }
        protected internal class ForDerivedOrFriends { }
        internal class Hidden { public class StillHidden { } }
        private class Secret { }

        public Inner MakeInner() => new Inner();
    }

    // Explicit interface implementations keep their metadata names.
    public class Numbers : IEnumerable<int>, IDisposable
    {
        IEnumerator<int> IEnumerable<int>.GetEnumerator() { yield return 1; }
        IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable<int>)this).GetEnumerator();
        void IDisposable.Dispose() { }
    }

    internal class NotExported { }
}

public class GlobalType { }
