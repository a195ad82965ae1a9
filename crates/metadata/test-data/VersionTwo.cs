// Version two of VersionOne.cs: `Widget` derives from `Box` and is not disposable, `Point` is a
// class, `Handler` takes a string.
namespace Fixtures.Versions
{
    public class Shape { }
    public class Box { }
    public class Widget : Box { }
    public class Point { public int X; }
    public delegate void Handler(string text);
}
