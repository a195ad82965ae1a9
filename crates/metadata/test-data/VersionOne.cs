// Version one of a library whose types change shape in version two (VersionTwo.cs): the same
// type names with other bases, interfaces, kinds and delegate signatures, for projects that
// reference different versions of one assembly.
using System;

namespace Fixtures.Versions
{
    public class Shape { }
    public class Box { }
    public class Widget : Shape, IDisposable
    {
        public void Dispose() { }
    }
    public struct Point { public int X; }
    public delegate int Handler(int value);
}
