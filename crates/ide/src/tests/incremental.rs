//! Incrementality, proved with salsa's event log: which queries re-run after an edit.

use std::sync::Arc;

use expect_test::{Expect, expect};
use hir::Change;

use crate::{AnalysisHost, fixture::Fixture};

const FIXTURE: &str = r#"
//- /Shapes.cs
namespace Geo
{
    public interface IShape { double Area(); }
    public abstract class Shape : IShape
    {
        public abstract double Area();
        public override string ToString() { return "shape"; }
    }
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

/// Loads the fixture, answers every type's hierarchy once, applies `edit` to `/Circle.cs`, answers
/// again, and returns the queries that ran for the second answer.
fn queries_rerun_after(edit: impl FnOnce(&str) -> String) -> Vec<String> {
    let fixture = Fixture::parse(FIXTURE);
    let mut host = AnalysisHost::with_event_log();
    host.apply_change(fixture.change());
    let hierarchy_of_all = |host: &AnalysisHost| {
        let analysis = host.analysis();
        for name in ["IShape", "Shape", "Circle"] {
            let query = crate::SymbolQuery {
                text: name.into(),
                limit: 1,
                ..Default::default()
            };
            let symbol = analysis.search_symbols(&query).unwrap().remove(0);
            analysis
                .type_hierarchy(&symbol.key)
                .unwrap()
                .expect("a type");
        }
    };
    hierarchy_of_all(&host);
    host.take_event_log();
    let circle = &fixture.files[1];
    let edited = edit(&circle.text);
    assert_ne!(edited, circle.text, "the edit changed nothing");
    host.apply_change(Change {
        files: vec![(circle.id, Some(Arc::from(edited)))],
        project_graph: None,
        libraries: None,
    });
    hierarchy_of_all(&host);
    let mut log: Vec<String> = host
        .take_event_log()
        .into_iter()
        .map(|e| e.split('(').next().unwrap_or(&e).to_owned())
        .collect();
    log.sort();
    log.dedup();
    log
}

fn check(edit: impl FnOnce(&str) -> String, expect: Expect) {
    expect.assert_debug_eq(&queries_rerun_after(edit));
}

#[test]
fn typing_inside_a_method_body_reruns_no_item_level_query() {
    check(
        |text| text.replace("3.14 * R * R", "System.Math.PI * R * R"),
        expect![[r#"
            [
                "file_item_tree",
                "item_source_map",
                "item_tree_with_source_map",
                "parse",
            ]
        "#]],
    );
}

#[test]
fn adding_blank_lines_above_a_type_reruns_no_item_level_query() {
    check(
        |text| format!("\n\n\n{text}"),
        expect![[r#"
        [
            "file_item_tree",
            "item_source_map",
            "item_tree_with_source_map",
            "parse",
        ]
    "#]],
    );
}

#[test]
fn adding_a_class_reruns_what_depends_on_it() {
    check(
        |text| {
            text.replace("namespace Geo\n{", "namespace Geo\n{\n    public class Square : Shape { public override double Area() { return 1; } }")
        },
        expect![[r#"
            [
                "def_map_query",
                "direct_derived_index",
                "file_item_tree",
                "item_source_map",
                "item_tree_with_source_map",
                "member_signature_query",
                "parse",
                "symbol_index",
                "type_bases_query",
            ]
        "#]],
    );
}

/// Three projects, two of them on the same framework: the calls of one method in each.
const LIBRARY_FIXTURE: &str = r#"
//- /Old/Old.cs project:Old framework:netfx
using System;
class OldApp { void M() { Console.WriteLine(Math.Abs(-1)); } }
//- /New/New.cs project:New framework:netcore
using System;
class NewApp { void M() { Console.WriteLine(HashCode.Combine(1, 2)); } }
//- /Tool/Tool.cs project:Tool framework:netcore
using System;
class ToolApp { void M() { Console.WriteLine(Environment.NewLine); } }
"#;

fn outgoing_of_every_method(host: &AnalysisHost) {
    let analysis = host.analysis();
    for doc_id in ["M:OldApp.M", "M:NewApp.M", "M:ToolApp.M"] {
        let symbol = analysis
            .symbols_by_documentation_id(doc_id)
            .unwrap()
            .remove(0);
        analysis
            .outgoing_calls(&symbol.key, 1, 100)
            .unwrap()
            .expect("a member");
    }
}

fn query_names(log: Vec<String>) -> Vec<String> {
    log.into_iter()
        .map(|e| e.split('(').next().unwrap_or(&e).to_owned())
        .collect()
}

#[test]
fn projects_on_one_framework_share_its_index_and_a_body_edit_rereads_no_library() {
    let fixture = Fixture::parse(LIBRARY_FIXTURE);
    let mut host = AnalysisHost::with_event_log();
    host.apply_change(fixture.change());
    outgoing_of_every_method(&host);
    let first = query_names(host.take_event_log());
    // One index per distinct set of assemblies, not per project.
    let indexes = first.iter().filter(|q| *q == "assembly_set_index").count();
    assert_eq!(indexes, 2, "{first:?}");
    let old = &fixture.files[0];
    host.apply_change(Change {
        files: vec![(
            old.id,
            Some(Arc::from(old.text.replace("Math.Abs(-1)", "Math.Abs(-2)"))),
        )],
        project_graph: None,
        libraries: None,
    });
    outgoing_of_every_method(&host);
    let mut log = query_names(host.take_event_log());
    log.sort();
    log.dedup();
    expect![[r#"
        [
            "body_query",
            "body_with_source_map_query",
            "file_item_tree",
            "infer_query",
            "item_source_map",
            "item_tree_with_source_map",
            "parse",
        ]
    "#]]
    .assert_debug_eq(&log);
}
