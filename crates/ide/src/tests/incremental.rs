//! Incrementality, proved with salsa's event log: which queries re-run after an edit.

use std::sync::Arc;

use expect_test::{Expect, expect};
use hir::Change;

use crate::{
    AnalysisHost, FileId,
    fixture::{Fixture, FixtureExt},
};

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

/// Loads `fixture`, answers with `ask`, applies `edit` to the file at `path`, answers again, and
/// returns the first answer and the names of the queries that ran for the second, in the order
/// they ran.
fn rerun_after<T>(
    fixture: &str,
    ask: impl Fn(&AnalysisHost) -> T,
    path: &str,
    edit: impl FnOnce(&str) -> String,
) -> (T, Vec<String>) {
    let fixture = Fixture::parse(fixture);
    let (mut host, log) = AnalysisHost::with_event_log();
    host.apply_change(fixture.change());
    let first = ask(&host);
    log.take();
    let file = fixture.file(path);
    let edited = edit(&file.text);
    assert_ne!(edited, file.text, "the edit changed nothing");
    host.apply_change(Change {
        files: vec![(FileId(file.id), Some(Arc::from(edited)))],
        project_graph: None,
        libraries: None,
    });
    ask(&host);
    (first, query_names(log.take()))
}

/// How many times each query ran, as `name ×n` sorted by name.
fn counted(names: Vec<String>) -> Vec<String> {
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for name in names {
        *counts.entry(name).or_default() += 1;
    }
    counts
        .into_iter()
        .map(|(name, n)| format!("{name} ×{n}"))
        .collect()
}

/// Answers every type's hierarchy once, applies `edit` to `/Circle.cs`, answers again, and returns
/// the queries that ran for the second answer.
fn queries_rerun_after(edit: impl FnOnce(&str) -> String) -> Vec<String> {
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
    let ((), mut log) = rerun_after(FIXTURE, hierarchy_of_all, "/Circle.cs", edit);
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
                "derived_types_query",
                "direct_derived_index",
                "documentation_id_query",
                "file_item_tree",
                "item_source_map",
                "item_tree_with_source_map",
                "parse",
                "project_derived_edges",
                "symbol_index",
                "type_bases_query",
                "type_documentation_ids",
                "type_header_query",
                "type_member_table",
                "types_by_name",
                "types_named",
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
    let (mut host, log) = AnalysisHost::with_event_log();
    host.apply_change(fixture.change());
    outgoing_of_every_method(&host);
    let first = query_names(log.take());
    // One index per distinct set of assemblies, not per project.
    let indexes = first.iter().filter(|q| *q == "assembly_set_index").count();
    assert_eq!(indexes, 2, "{first:?}");
    let old = &fixture.files[0];
    host.apply_change(Change {
        files: vec![(
            FileId(old.id),
            Some(Arc::from(old.text.replace("Math.Abs(-1)", "Math.Abs(-2)"))),
        )],
        project_graph: None,
        libraries: None,
    });
    outgoing_of_every_method(&host);
    let mut log = query_names(log.take());
    log.sort();
    log.dedup();
    expect![[r#"
        [
            "body_query",
            "body_with_source_map_query",
            "file_call_sites_query",
            "file_item_tree",
            "infer_query",
            "item_source_map",
            "item_tree_with_source_map",
            "parse",
        ]
    "#]]
    .assert_debug_eq(&log);
}

const CALLS_FIXTURE: &str = r#"
//- /Lib/Counter.cs project:Lib
namespace Lib
{
    public class Counter { public void Add(int n) { } }
}
//- /App/First.cs project:App references:Lib
namespace App
{
    class First { void Run(Lib.Counter c) { c.Add(1); } }
}
//- /App/Second.cs project:App references:Lib
namespace App
{
    class Second { void Run(Lib.Counter c) { c.Add(2); } }
}
"#;

/// Asks for the callers of `Counter.Add` and searches every project, applies `edit` to the file at
/// `path`, asks again, and returns how many times each query ran for the second answer.
fn call_queries_rerun_after(path: &str, edit: impl FnOnce(&str) -> String) -> Vec<String> {
    let callers_of_add = |host: &AnalysisHost| {
        let analysis = host.analysis();
        let query = crate::SymbolQuery {
            text: "Add".into(),
            limit: 10,
            ..Default::default()
        };
        let add = analysis.search_symbols(&query).unwrap().remove(0);
        let callers = analysis
            .incoming_calls(&add.key)
            .unwrap()
            .expect("a member");
        callers.callers.len()
    };
    let (callers, names) = rerun_after(CALLS_FIXTURE, callers_of_add, path, edit);
    assert_eq!(callers, 2);
    counted(names)
}

/// One body re-inferred, one file's sites re-gathered and regrouped; the callers' bucket is rebuilt
/// (it gained a site) from the other file's memoized part; no symbol index is rebuilt.
#[test]
fn a_body_edit_regathers_the_call_sites_of_its_own_file_only() {
    let log = call_queries_rerun_after("/App/Second.cs", |text| {
        text.replace("c.Add(2);", "c.Add(2); c.Add(3);")
    });
    expect![[r#"
        [
            "body_query ×2",
            "body_with_source_map_query ×2",
            "file_call_sites_query ×1",
            "file_item_tree ×1",
            "file_sites_by_name_query ×1",
            "infer_query ×1",
            "item_source_map ×1",
            "item_tree_with_source_map ×1",
            "parse ×1",
            "sites_named_query ×1",
            "word_index ×1",
        ]
    "#]]
    .assert_debug_eq(&log);
}

/// `symbol_index` runs once: for `App`, not for `Lib`, whose items did not change. (The new class's implied
/// constructor is lowered and bound: it calls `base()`.)
#[test]
fn a_new_class_rebuilds_the_symbol_index_of_its_own_project_only() {
    let log = call_queries_rerun_after("/App/Second.cs", |text| {
        text.replace("namespace App\n{", "namespace App\n{\n    class Third { }")
    });
    expect![[r#"
        [
            "body_query ×3",
            "body_with_source_map_query ×3",
            "def_map_query ×1",
            "file_call_sites_query ×2",
            "file_item_tree ×1",
            "file_sites_by_name_query ×1",
            "infer_query ×1",
            "item_source_map ×1",
            "item_tree_with_source_map ×1",
            "member_data_query ×3",
            "member_file_query ×3",
            "member_scopes ×3",
            "member_signature_query ×1",
            "namespaces ×1",
            "nested_type_names_query ×2",
            "parse ×1",
            "sites_named_query ×1",
            "symbol_index ×1",
            "type_bases_query ×3",
            "type_decl_scopes_query ×2",
            "type_header_query ×3",
            "type_member_table ×3",
            "types_by_name ×1",
            "types_named ×2",
            "word_index ×1",
        ]
    "#]]
    .assert_debug_eq(&log);
}

/// Two projects: bodies that mention `Circle`'s members, one that names a type not declared yet
/// (`Square`), one a member not declared yet (`Circle.Perimeter`), and one that mentions nothing of
/// the sources.
const BODIES_FIXTURE: &str = r#"
//- /Geo/Shapes.cs project:Geo
namespace Geo
{
    public class Shape { public virtual double Area() { return 0; } }
    public class Circle : Shape
    {
        public double R;
        public override double Area() { return 3.14 * R * R; }
    }
}
//- /Geo/Use.cs project:Geo
namespace Geo
{
    class Painter { double Paint(Shape s) { return s.Area(); } }
    class Maker { object Make() { return new Square(); } }
    class Plain { int Run() { int x = 1; return x + 1; } }
}
//- /App/Main.cs project:App references:Geo
namespace App
{
    class Program
    {
        double Main(Geo.Circle c) { return c.Area(); }
        double Around(Geo.Circle c) { return c.Perimeter(); }
    }
}
"#;

/// The seven bodies of [`BODIES_FIXTURE`].
const BODIES: [&str; 7] = [
    "M:Geo.Shape.Area",
    "M:Geo.Circle.Area",
    "M:Geo.Painter.Paint(Geo.Shape)",
    "M:Geo.Maker.Make",
    "M:Geo.Plain.Run",
    "M:App.Program.Main(Geo.Circle)",
    "M:App.Program.Around(Geo.Circle)",
];

/// Binds every body of [`BODIES_FIXTURE`] (their outgoing calls), applies `edit` to the file at
/// `path`, binds them again and returns how many times each query ran for the second round.
fn body_queries_rerun_after(path: &str, edit: impl FnOnce(&str) -> String) -> Vec<String> {
    let bind_all = |host: &AnalysisHost| {
        let analysis = host.analysis();
        for doc_id in BODIES {
            let symbol = analysis
                .symbols_by_documentation_id(doc_id)
                .unwrap()
                .into_iter()
                .next()
                .unwrap_or_else(|| panic!("no {doc_id}"));
            analysis
                .outgoing_calls(&symbol.key, 1, 100)
                .unwrap()
                .expect("a member");
        }
    };
    let ((), names) = rerun_after(BODIES_FIXTURE, bind_all, path, edit);
    counted(names)
}

/// The outgoing calls of every body of [`BODIES_FIXTURE`] and the callers of both `Area`s.
fn call_answers(host: &AnalysisHost) -> (Vec<crate::OutgoingCalls>, Vec<crate::IncomingCalls>) {
    let analysis = host.analysis();
    let key = |doc_id: &str| {
        analysis.symbols_by_documentation_id(doc_id).unwrap()[0]
            .key
            .clone()
    };
    let outgoing = BODIES
        .iter()
        .map(|doc_id| {
            analysis
                .outgoing_calls(&key(doc_id), 1, 100)
                .unwrap()
                .unwrap()
        })
        .collect();
    let incoming = ["M:Geo.Shape.Area", "M:Geo.Circle.Area"]
        .iter()
        .map(|doc_id| analysis.incoming_calls(&key(doc_id)).unwrap().unwrap())
        .collect();
    (outgoing, incoming)
}

/// Bodies and inference results evicted (a capacity of one member here, as a workspace's members
/// past the 1,024 kept): answers read the gathered call sites and bind nothing again; after a body
/// edit the other files' sites verify through the evicted memos' dependencies, so only the edited
/// file's members are bound again (all of them: their bodies re-ran and an evicted one cannot be
/// backdated); and every answer is the one a fresh analysis of the edited text gives.
#[test]
fn evicted_bodies_verify_without_binding_again_and_answer_the_same() {
    let fixture = Fixture::parse(BODIES_FIXTURE);
    let (mut host, log) = AnalysisHost::with_event_log();
    hir::test_utils::set_body_lru_capacity(&mut host.db, 1);
    host.apply_change(fixture.change());
    let before = call_answers(&host);
    host.evict_unused();
    log.take();
    assert_eq!(call_answers(&host), before);
    let rerun = counted(query_names(log.take()));
    assert!(
        !rerun.iter().any(|q| q.starts_with("infer_query")),
        "{rerun:?}"
    );

    let file = fixture.file("/Geo/Use.cs");
    let edited = file
        .text
        .replace("return s.Area();", "s.Area(); return s.Area();");
    let edit = || Change {
        files: vec![(FileId(file.id), Some(Arc::from(edited.as_str())))],
        project_graph: None,
        libraries: None,
    };
    host.apply_change(edit());
    let after = call_answers(&host);
    let rerun = counted(query_names(log.take()));
    // Use.cs's three methods and three implied constructors.
    expect![[r#"
        6
    "#]]
    .assert_debug_eq(&bodies_reinferred(&rerun));
    let mut fresh = AnalysisHost::default();
    fresh.apply_change(fixture.change());
    fresh.apply_change(edit());
    assert_eq!(after, call_answers(&fresh));
    assert_ne!(after, before, "the edit added a call");
}

/// How many bodies were bound again (`infer_query` runs) in a log of [`body_queries_rerun_after`].
fn bodies_reinferred(log: &[String]) -> usize {
    log.iter()
        .find_map(|line| line.strip_prefix("infer_query ×"))
        .map_or(0, |n| n.parse().unwrap())
}

/// Only `Plain.Run` is bound again; a second body here would mean a body's inference reads another
/// body or the file's text.
#[test]
fn a_body_edit_reinfers_that_body_only() {
    let log = body_queries_rerun_after("/Geo/Use.cs", |text| text.replace("x + 1", "x + 2"));
    expect![[r#"
        1
    "#]]
    .assert_debug_eq(&bodies_reinferred(&log));
}

/// `Maker.Make` names `Square`, so it is bound again, and `Square`'s implied constructor is bound
/// for the first time (its file's sites are gathered again); the other five bodies mention nothing
/// the new class changes (a higher count would mean they read the whole def map or the whole item
/// tree of their file).
#[test]
fn a_class_appended_to_a_file_reinfers_only_the_bodies_naming_it() {
    let log = body_queries_rerun_after("/Geo/Shapes.cs", |text| {
        format!("{text}namespace Geo {{ public class Square : Shape {{ }} }}\n")
    });
    expect![[r#"
        2
    "#]]
    .assert_debug_eq(&bodies_reinferred(&log));
}

/// The same class inserted above every other type of the file: the ids of the types and members
/// declared after it do not move, so again only `Maker.Make` is bound again, and the new implied
/// constructor (a higher count would mean an id is a position in the file).
#[test]
fn a_class_inserted_at_the_top_of_a_file_reinfers_only_the_bodies_naming_it() {
    let log = body_queries_rerun_after("/Geo/Shapes.cs", |text| {
        text.replace(
            "namespace Geo\n{",
            "namespace Geo\n{\n    public class Square : Shape { }",
        )
    });
    expect![[r#"
        2
    "#]]
    .assert_debug_eq(&bodies_reinferred(&log));
}

/// A method added to `Circle`: only `Program.Around`, which calls `c.Perimeter()`, is bound again,
/// and the new method itself.
/// `Circle.Area` (reads `R`) and `Program.Main` (calls `c.Area()`) look up other names of the same
/// type (a higher count would mean member lookup reads the type's whole member index, or positions).
#[test]
fn a_member_added_to_a_type_reinfers_only_the_bodies_naming_it() {
    let log = body_queries_rerun_after("/Geo/Shapes.cs", |text| {
        text.replace(
            "public double R;",
            "public double R;\n        public double Perimeter() { return 2 * R; }",
        )
    });
    expect![[r#"
        2
    "#]]
    .assert_debug_eq(&bodies_reinferred(&log));
}

/// Positions in answers go through the line index: it is built once per text and an edit rebuilds
/// only the edited file's, so a large file costs its index once, not a scan on every request.
#[test]
fn line_indexes_are_built_once_per_text() {
    let fixture = Fixture::parse(FIXTURE);
    let (mut host, log) = AnalysisHost::with_event_log();
    host.apply_change(fixture.change());
    let index_every_file = |host: &AnalysisHost| {
        let analysis = host.analysis();
        for file in &fixture.files {
            analysis.file_line_index(FileId(file.id)).unwrap();
        }
        query_names(log.take())
            .into_iter()
            .filter(|name| name == "source_line_index")
            .count()
    };
    assert_eq!(index_every_file(&host), 2);
    assert_eq!(index_every_file(&host), 0);
    let circle = &fixture.files[1];
    host.apply_change(Change {
        files: vec![(
            FileId(circle.id),
            Some(Arc::from(format!("\n{}", circle.text))),
        )],
        project_graph: None,
        libraries: None,
    });
    assert_eq!(index_every_file(&host), 1);
}

const OPERATOR_FIXTURE: &str = r#"
//- /Pay/Money.cs
namespace Pay
{
    public class Money
    {
        public decimal Amount;
    }
}
//- /Pay/Till.cs
namespace Pay
{
    public class Till
    {
        public static void Take(Money m) { }
        public static void Ring() { Take(5); }
    }
}
"#;

/// The names `Till.Ring` calls, the unresolved ones after a `?`.
fn ring_calls(host: &AnalysisHost) -> Vec<String> {
    let analysis = host.analysis();
    let key = analysis
        .symbols_by_documentation_id("M:Pay.Till.Ring")
        .unwrap()
        .remove(0)
        .key;
    let calls = analysis.outgoing_calls(&key, 1, 100).unwrap().unwrap();
    let bound = calls.callees.iter().map(|c| match &c.callee {
        crate::CalleeInfo::Source { symbol, .. } => symbol.key.documentation_id.to_string(),
        other => format!("{other:?}"),
    });
    let unresolved = calls.unresolved.iter().map(|u| format!("?{}", u.name));
    bound.chain(unresolved).collect()
}

/// Binding looks for user-defined conversions only in the types that declare an operator (a set of
/// the whole workspace, `infer/conversion/user_defined.rs`): an operator added to a type of another
/// file enters that set, so the call it makes applicable binds through it, as a fresh analysis of
/// the edited text binds it.
#[test]
fn an_operator_added_in_another_file_makes_the_call_through_it_bind() {
    let edit = |text: &str| {
        text.replace(
            "public decimal Amount;",
            "public decimal Amount;\n        public static implicit operator Money(int a) { return null; }",
        )
    };
    let fixture = Fixture::parse(OPERATOR_FIXTURE);
    let mut host = AnalysisHost::default();
    host.apply_change(fixture.change());
    expect![[r#"
        [
            "?Take",
        ]
    "#]]
    .assert_debug_eq(&ring_calls(&host));
    let file = fixture.file("/Pay/Money.cs");
    let change = || Change {
        files: vec![(FileId(file.id), Some(Arc::from(edit(&file.text))))],
        project_graph: None,
        libraries: None,
    };
    host.apply_change(change());
    let after = ring_calls(&host);
    expect![[r#"
        [
            "M:Pay.Till.Take(Pay.Money)",
            "M:Pay.Money.op_Implicit(System.Int32)~Pay.Money",
        ]
    "#]]
    .assert_debug_eq(&after);
    let mut fresh = AnalysisHost::default();
    fresh.apply_change(fixture.change());
    fresh.apply_change(change());
    assert_eq!(after, ring_calls(&fresh));
}

/// How many members' data were re-verified when `Till.Ring`, which converts an `int` to a `Money`
/// (binding looks for user-defined conversions), is bound again after an edit of its body, with
/// `others` more types of three members each in the workspace.
fn member_data_verified_after_a_body_edit(others: usize) -> usize {
    let mut text = OPERATOR_FIXTURE.to_owned();
    for n in 0..others {
        text.push_str(&format!(
            "//- /Pay/Other{n}.cs\nnamespace Pay\n{{\n    public class Other{n}\n    {{\n        \
             public int A;\n        public int B() {{ return 1; }}\n        public void C(int x) {{ }}\n    }}\n}}\n"
        ));
    }
    let fixture = Fixture::parse(&text);
    let (mut host, log) = AnalysisHost::with_event_log();
    host.apply_change(fixture.change());
    ring_calls(&host);
    let file = fixture.file("/Pay/Till.cs");
    host.apply_change(Change {
        files: vec![(
            FileId(file.id),
            Some(Arc::from(file.text.replace("Take(5);", "Take(6);"))),
        )],
        project_graph: None,
        libraries: None,
    });
    log.take_both();
    ring_calls(&host);
    let (_, validated) = log.take_both();
    validated
        .iter()
        .filter(|e| e.starts_with("member_data_query"))
        .count()
}

/// The set of types declaring a conversion operator is verified through the item trees, not every
/// member's data: after a body edit, the members re-verified do not grow with the types that
/// declare no operator (reading them all was most of a body edit's cost at a million lines).
#[test]
fn a_body_edit_reverifies_no_member_of_types_without_operators() {
    assert_eq!(
        member_data_verified_after_a_body_edit(0),
        member_data_verified_after_a_body_edit(6)
    );
}
