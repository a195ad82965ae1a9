//! Early cutoff at the item level, counted with `test_utils::logging_database`: an edit that
//! leaves a file's item tree equal re-runs nothing built on item trees.

use std::sync::Arc;

use expect_test::{Expect, expect};
use test_fixture::Fixture;

use crate::{
    Change, Db, FileId, all_interfaces, base_chain, item_tree::item_tree_with_source_map, parse,
    test_utils::logging_database,
};

const FIXTURE: &str = r#"
//- /Shapes.cs
namespace Geo
{
    public interface IShape { double Area(); }
    public abstract class Shape : IShape { public abstract double Area(); }
}
//- /Circle.cs
namespace Geo
{
    public class Circle : Shape
    {
        public double R;
        public override double Area() { return 3.14 * R * R; }
    }
}
"#;

/// Asks for `Circle`'s base chain and interfaces, applies `edit` to `/Circle.cs`, asks again, and
/// returns the queries that ran for the second answer (sorted, once each).
fn check(edit: impl FnOnce(&str) -> String, expect: Expect) {
    let fixture = Fixture::parse(FIXTURE);
    let (mut db, log) = logging_database();
    db.apply_change(Change::from_fixture(&fixture));
    let ask = |db: &crate::RootDatabase| {
        let circle = super::source_type(db, "Geo.Circle");
        (base_chain(db, circle), all_interfaces(db, circle))
    };
    let before = ask(&db);
    log.take();
    let circle = fixture.file("/Circle.cs");
    let edited = edit(&circle.text);
    assert_ne!(edited, circle.text, "the edit changed nothing");
    db.apply_change(Change {
        files: vec![(FileId(circle.id), Some(Arc::from(edited)))],
        project_graph: None,
        libraries: None,
    });
    assert_eq!(ask(&db), before);
    let mut queries: Vec<String> = log
        .take()
        .into_iter()
        .map(|e| e.split('(').next().unwrap_or(&e).to_owned())
        .collect();
    queries.sort();
    queries.dedup();
    expect.assert_debug_eq(&queries);
}

/// The new item tree equals the old one: nothing above it runs.
#[test]
fn a_body_edit_reruns_only_the_files_item_tree() {
    check(
        |text| text.replace("3.14 * R * R", "System.Math.PI * R * R"),
        expect![[r#"
            [
                "file_item_tree",
                "item_tree_with_source_map",
                "parse",
            ]
        "#]],
    );
}

/// The item tree changed, so what reads it (the def map, the type's header and bases) runs again;
/// they come out equal, so the base chain and the interfaces built on them do not.
#[test]
fn a_new_member_reruns_the_def_map_and_bases_but_not_the_chain_built_on_them() {
    check(
        |text| {
            text.replace(
                "public double R;",
                "public double R;\n        public double D;",
            )
        },
        expect![[r#"
            [
                "def_map_query",
                "file_item_tree",
                "item_tree_with_source_map",
                "parse",
                "type_bases_query",
                "type_header_query",
            ]
        "#]],
    );
}

/// A snapshot with transient trees (priming's first pass) builds the same item trees and source
/// maps as one that reads `parse`, `#if` regions included, without running `parse`: no syntax tree
/// stays memoized. `parse` runs when a later query asks for the tree.
#[test]
fn transient_trees_lower_the_same_item_trees_without_memoizing_a_tree() {
    let fixture = Fixture::parse(
        r#"
//- /Shapes.cs defines:WIDE
namespace Geo
{
#if WIDE
    public class Wide { public void Grow() { } }
#else
    public class Narrow { }
#endif
    public interface IShape { double Area(); }
}
"#,
    );
    let (mut db, log) = logging_database();
    db.apply_change(Change::from_fixture(&fixture));
    let (mut plain, _) = logging_database();
    plain.apply_change(Change::from_fixture(&fixture));
    let id = FileId(fixture.file("/Shapes.cs").id);
    let file = db.source_file(id).expect("the file");
    let plain_file = plain.source_file(id).expect("the file");
    log.take();

    let transient = db.with_transient_trees();
    let lowered = item_tree_with_source_map(&transient, file);
    assert_eq!(lowered, item_tree_with_source_map(&plain, plain_file));
    let names: Vec<_> = lowered
        .tree
        .types
        .iter()
        .map(|(_, t)| t.name.as_str())
        .collect();
    assert_eq!(names, ["Wide", "IShape"]);
    expect![[r#"
        [
            "item_tree_with_source_map(Id(100))",
            "file_defines(Id(100))",
            "file_project(Id(100))",
        ]
    "#]]
    .assert_debug_eq(&log.take());
    assert!(parse(&db, file).is_analysed());
    expect![[r#"
        [
            "parse(Id(100))",
        ]
    "#]]
    .assert_debug_eq(&log.take());
}
