//! Two projects referencing two versions of one assembly (`VersionOne.dll`, `VersionTwo.dll` of
//! `crates/metadata/test-data`) whose types have other bases, interfaces, kinds and delegate
//! shapes: the same code binds to other overloads in each, as the compiler of each project does.

use expect_test::expect;

use super::check_outgoing;

/// The same class in a project on each version, the cursor in the one named `cursor`.
fn on_both_versions(cursor: &str) -> String {
    let body = |project: &str| {
        let cursor = if project == cursor { "$0" } else { "" };
        format!(
            r#"
using System;
using Fixtures.Versions;
class Use
{{
    static void Take(Shape s) {{ }}
    static void Take(Box b) {{ }}
    static void Close(IDisposable d) {{ }}
    static void Close(object o) {{ }}
    static void Null(Point p) {{ }}
    static void Null(object o) {{ }}
    void M{cursor}()
    {{
        Take(new Widget());
        Close(new Widget());
        Null(null);
        Handler h = v => v.CompareTo(null);
    }}
}}
"#
        )
    };
    format!(
        "//- /One/Use.cs project:One assemblies:VersionOne\n{}//- /Two/Use.cs project:Two assemblies:VersionTwo\n{}",
        body("One"),
        body("Two")
    )
}

#[test]
fn conversions_read_the_version_the_project_references() {
    // Version one: `Widget : Shape, IDisposable`, `Point` a struct, `Handler` takes an `int`.
    check_outgoing(
        &on_both_versions("One"),
        expect![[r#"
            external Fixtures.Versions.Widget.#ctor [Ctor, Ctor]
            M:Use.Take(Fixtures.Versions.Shape) [Call]
            M:Use.Close(System.IDisposable) [Call]
            M:Use.Null(System.Object) [Call]
            external System.Int32.CompareTo [Call]
            coverage 6/6/0/0
        "#]],
    );
    // Version two: `Widget : Box`, `Point` a class, `Handler` takes a `string`.
    check_outgoing(
        &on_both_versions("Two"),
        expect![[r#"
            external Fixtures.Versions.Widget.#ctor [Ctor, Ctor]
            M:Use.Take(Fixtures.Versions.Box) [Call]
            M:Use.Close(System.Object) [Call]
            M:Use.Null(Fixtures.Versions.Point) [Call]
            external System.String.CompareTo [Call]
            coverage 6/6/0/0
        "#]],
    );
}
