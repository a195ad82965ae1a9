//! `find_implementations` and `find_overrides` over C# fixtures.

use expect_test::{Expect, expect};

use crate::{AnalysisHost, Implementations, fixture::FixtureExt};

/// Renders `find_implementations` (or `find_overrides`) of the symbol at `$0`.
fn check(fixture: &str, overrides: bool, expect: Expect) {
    let (host, fixture) = AnalysisHost::from_fixture(fixture);
    let analysis = host.analysis();
    let symbol = fixture.cursor_symbol(&analysis);
    let answer = match overrides {
        true => analysis.find_overrides(&symbol.key),
        false => analysis.find_implementations(&symbol.key),
    }
    .unwrap()
    .expect("no answer");
    let out = match answer {
        Implementations::Types { types, .. } => types
            .iter()
            .map(|t| {
                format!(
                    "{} {:?}{}\n",
                    t.symbol.documentation_id,
                    t.relation,
                    if t.is_direct { " direct" } else { "" }
                )
            })
            .collect(),
        Implementations::Members { members, .. } => members
            .iter()
            .map(|m| {
                let for_types: Vec<&str> = m
                    .for_types
                    .iter()
                    .map(|k| k.documentation_id.as_str())
                    .collect();
                format!(
                    "{} {:?}{} for {}\n",
                    m.symbol.documentation_id,
                    m.kind,
                    if m.is_direct { "" } else { " indirect" },
                    for_types.join(", ")
                )
            })
            .collect(),
        Implementations::NotApplicable { reason, .. } => format!("not applicable: {reason}\n"),
    };
    expect.assert_eq(&out);
}

const SHAPES: &str = r#"
//- /IShape.cs
public interface IShape { double Area(); string Name { get; } }
public interface ISolid : IShape { }
//- /Shapes.cs
public abstract class Base { public double Area() => 0; public abstract void Draw(); public virtual string Name => "b"; }
public class Square : Base, IShape { public override void Draw() { } }
public class Circle : IShape { double IShape.Area() => 1; public string Name => "c"; }
public partial class Cube : Square, ISolid { public override string Name => "cube"; }
//- /Cube.cs
public partial class Cube { public override void Draw() { } }
public sealed class Tiny : Cube { public override void Draw() { } }
"#;

fn with_cursor(at: &str) -> String {
    SHAPES.replacen(&at.replace('|', ""), &at.replace('|', "$0"), 1)
}

#[test]
fn types_implementing_an_interface_transitively() {
    check(
        &with_cursor("interface I|Shape"),
        false,
        expect![[r#"
            T:Circle Implementation direct
            T:ISolid DerivedInterface direct
            T:Square Implementation direct
            T:Cube Implementation
            T:Tiny Implementation
        "#]],
    );
}

#[test]
fn interface_members_implicit_explicit_and_inherited_from_a_base() {
    check(
        &with_cursor("double Ar|ea();"),
        false,
        expect![[r#"
        M:Base.Area Inherited for T:Square, T:Cube, T:Tiny
        M:Circle.IShape#Area Explicit for T:Circle
    "#]],
    );
    check(
        &with_cursor("string Na|me { get; } }"),
        false,
        expect![[r#"
        P:Base.Name Inherited for T:Square
        P:Circle.Name Implicit for T:Circle
        P:Cube.Name Implicit for T:Cube, T:Tiny
    "#]],
    );
}

#[test]
fn overrides_down_the_hierarchy_across_partial_parts() {
    check(
        &with_cursor("abstract void Dr|aw"),
        true,
        expect![[r#"
        M:Square.Draw Override for T:Square
        M:Cube.Draw Override indirect for T:Cube
        M:Tiny.Draw Override indirect for T:Tiny
    "#]],
    );
    check(
        &with_cursor("abstract void Dr|aw"),
        false,
        expect![[r#"
        M:Square.Draw Override for T:Square
        M:Cube.Draw Override indirect for T:Cube
        M:Tiny.Draw Override indirect for T:Tiny
    "#]],
    );
    check(
        &with_cursor("public double Ar|ea() => 0"),
        true,
        expect![[r#"
        not applicable: the member is not virtual, abstract or an unsealed override
    "#]],
    );
}

#[test]
fn generic_interface_members_by_substituted_signature() {
    check(
        r#"
//- /Repo.cs
public interface IRepo<T> { void Save$0(T item); void Save(int id, T item); }
public class Users : IRepo<string> { public void Save(string item) { } public void Save(int id, string item) { } public void Save(object o) { } }
public class Named<T> : IRepo<T> { void IRepo<T>.Save(T item) { } public void Save(int id, T item) { } }
"#,
        false,
        expect![[r#"
            M:Users.Save(System.String) Implicit for T:Users
            M:Named`1.IRepo{T}#Save(`0) Explicit for T:Named`1
        "#]],
    );
}

const FRAMEWORK: &str = r#"
using System;
using System.IO;
public class Bag : IDisposable { public void Dispose() { } }
public class Lease : IDisposable { void IDisposable.Dispose() { } }
public class Tracked : MemoryStream { public override void Flush() { } }
public class Audited : Tracked { public override void Flush() { } }
public class Use { void M(IDisposable d, Stream s) { d.Dispose(); s.Flush(); } }
"#;

#[test]
fn implementations_and_overrides_of_framework_members() {
    check(
        &FRAMEWORK.replace("d.Dispose()", "d.Dis$0pose()"),
        false,
        expect![[r#"
            M:Bag.Dispose Implicit for T:Bag
            M:Lease.System#IDisposable#Dispose Explicit for T:Lease
        "#]],
    );
    check(
        &FRAMEWORK.replace("s.Flush()", "s.Fl$0ush()"),
        true,
        expect![[r#"
            M:Audited.Flush Override indirect for T:Audited
            M:Tracked.Flush Override for T:Tracked
        "#]],
    );
    check(
        &FRAMEWORK.replace("d.Dispose()", "d.Dis$0pose()"),
        true,
        expect![[r#"
            not applicable: an interface member is implemented, not overridden: use find_implementations
        "#]],
    );
}
