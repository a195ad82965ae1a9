//! A file's outline (`get_structure`) over C# fixtures.

use expect_test::{Expect, expect};

use crate::{AnalysisHost, FileId};

/// Renders the outline of the fixture's first file: one indented line per item with its kind,
/// lines, signature and key.
fn check(fixture: &str, expect: Expect) {
    let (host, fixture) = AnalysisHost::from_fixture(fixture);
    let analysis = host.analysis();
    let file = &fixture.files[0];
    let line =
        |offset: syntax::TextSize| file.text[..usize::from(offset)].matches('\n').count() + 1;
    let mut out = String::new();
    for item in analysis.file_structure(FileId(file.id)).unwrap() {
        out.push_str(&format!(
            "{}{} {} {}-{} `{}` {}\n",
            "  ".repeat(item.depth as usize),
            item.kind
                .map_or("namespace".to_owned(), |k| format!("{k:?}")),
            item.name,
            line(item.full_range.start()),
            line(item.full_range.end()),
            item.signature,
            item.key
                .map_or("-".to_owned(), |k| k.documentation_id.to_string()),
        ));
    }
    expect.assert_eq(&out);
}

#[test]
fn namespaces_types_members_and_nested_types_in_document_order() {
    check(
        r#"
//- /Shapes.cs
namespace Geo.Shapes
{
    /// <summary>A shape.</summary>
    [System.Serializable]
    public abstract partial class Shape<T> : System.IComparable where T : struct
    {
        public const int Sides = 0;
        public abstract double Area(T scale);
        public string Name { get; set; } = "shape";
        public class Nested { void Inner() { } }
        public int CompareTo(object other) { return 0; }
        public event System.EventHandler Changed;
        public Shape() { }
    }
    enum Color { Red, Green }
    delegate void Draw(int x);
}
"#,
        expect![[r#"
            namespace Geo.Shapes 1-17 `namespace Geo.Shapes` -
              Class Shape 4-14 `public abstract partial class Shape<T> : System.IComparable where T : struct` T:Geo.Shapes.Shape`1
                Constant Sides 7-7 `public const int Sides = 0` F:Geo.Shapes.Shape`1.Sides
                Method Area 8-8 `public abstract double Area(T scale)` M:Geo.Shapes.Shape`1.Area(`0)
                Property Name 9-9 `public string Name` P:Geo.Shapes.Shape`1.Name
                Class Nested 10-10 `public class Nested` T:Geo.Shapes.Shape`1.Nested
                  Method Inner 10-10 `void Inner()` M:Geo.Shapes.Shape`1.Nested.Inner
                Method CompareTo 11-11 `public int CompareTo(object other)` M:Geo.Shapes.Shape`1.CompareTo(System.Object)
                Event Changed 12-12 `public event System.EventHandler Changed` E:Geo.Shapes.Shape`1.Changed
                Constructor Shape 13-13 `public Shape()` M:Geo.Shapes.Shape`1.#ctor
              Enum Color 15-15 `enum Color` T:Geo.Shapes.Color
                EnumMember Red 15-15 `Red` F:Geo.Shapes.Color.Red
                EnumMember Green 15-15 `Green` F:Geo.Shapes.Color.Green
              Delegate Draw 16-16 `delegate void Draw(int x)` T:Geo.Shapes.Draw
        "#]],
    );
}
