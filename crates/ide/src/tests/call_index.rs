//! The call index outside salsa (`call_index.rs`) answers exactly as salsa's bucket
//! `hir::sites_named` on the same snapshot, across every kind of edit; it is refreshed only while
//! `hir::binding_fingerprint` holds, and a refresh after a body edit neither re-runs nor re-verifies
//! any other file's inference.

use std::sync::Arc;

use expect_test::expect;
use hir::Change;

use crate::{
    Analysis, AnalysisHost, CallIndex, CallIndexReport, FileId, SymbolQuery,
    call_index::SiteSource,
    fixture::{Fixture, FixtureExt},
};

/// Calls of one name from several files and projects; a constant another file's overload
/// resolution reads (`Take(Limits.Small)` converts to `byte` only while `Small` fits); constructor
/// calls that do not name their type (`: base()`, target-typed `new()`); unresolved sites; a method
/// group; a property. `/*body*/` marks where each method body starts.
const FIXTURE: &str = r#"
//- /Lib/Counter.cs project:Lib
namespace Lib
{
    public class Counter
    {
        public int Total { get; set; }
        public Counter() { /*body*/ }
        public void Add(int x) { /*body*/ Total = Total + x; }
        public void Add(string s) { /*body*/ Add(s.Length); }
    }
    public static class Limits
    {
        public const int Small = 1;
    }
    public enum Sizes { Tiny = 1, Huge = 2 }
}
//- /App/First.cs project:App references:Lib
using Lib;
namespace App
{
    class First
    {
        void Run() { /*body*/ var c = new Counter(); c.Add(1); c.Add("x"); Take(Limits.Small); Take(Sizes.Huge - Sizes.Tiny); }
        void Take(byte b) { /*body*/ }
        void Take(long l) { /*body*/ }
        void Unknown(dynamic d) { /*body*/ d.Add(2); missing.Add(3); }
    }
}
//- /App/Second.cs project:App references:Lib
using System;
using Lib;
namespace App
{
    class Special : Counter
    {
        public Special() : base() { /*body*/ }
    }
    class Second
    {
        Counter made = new();
        void Run(Counter c) { /*body*/ c.Add(2); Action<int> a = c.Add; a(3); c.Total = 4; }
    }
}
//- /App/Third.cs project:App references:Lib
using Lib;
namespace App
{
    class Third
    {
        void Run(Counter c) { /*body*/ c.Add(5); }
        void Other(First f) { /*body*/ }
    }
}
"#;

/// An edit of one file's text.
type Edit = fn(&str) -> String;

/// Every name some site carries, and one none does.
fn site_names(db: &hir::RootDatabase) -> Vec<smol_str::SmolStr> {
    let mut names: Vec<_> = hir::workspace_files(db)
        .into_iter()
        .flat_map(|file| {
            hir::file_sites_by_name(db, file)
                .names()
                .cloned()
                .collect::<Vec<_>>()
        })
        .collect();
    names.push("Nobody".into());
    names.sort();
    names.dedup();
    names
}

/// The index answers every name, narrowed or not, exactly as the bucket on the same snapshot.
fn assert_answers_as_salsa(analysis: &Analysis, index: &CallIndex) {
    let db = &analysis.db;
    for name in site_names(db) {
        for narrow in [false, true] {
            assert_eq!(
                index.sites_named(&name, narrow),
                *hir::sites_named(db, &name, narrow),
                "sites named {name} (narrow: {narrow})"
            );
        }
    }
}

fn set_text(host: &mut AnalysisHost, file: u32, text: String) {
    host.apply_change(Change {
        files: vec![(FileId(file), Some(Arc::from(text)))],
        project_graph: None,
        libraries: None,
    });
}

fn fixture_with(extra: &str) -> String {
    format!("{FIXTURE}{extra}")
}

/// Applies `edit` (to the text of `path`) and refreshes the index: `Some` new index when the
/// fingerprint held, checked against salsa's bucket; else `None`, and a rebuilt index checked too.
fn refresh_after(
    host: &mut AnalysisHost,
    fixture: &Fixture,
    index: &CallIndex,
    path: &str,
    edit: impl FnOnce(&str) -> String,
) -> (CallIndex, bool) {
    let file = fixture.file(path);
    let text = host.analysis().file_text(FileId(file.id)).unwrap();
    let edited = edit(&text);
    assert_ne!(*text, *edited, "the edit changed nothing");
    set_text(host, file.id, edited);
    let analysis = host.analysis();
    let refreshed = index.refresh(&analysis.db);
    let kept = refreshed.is_some();
    let index = refreshed.unwrap_or_else(|| CallIndex::build(&analysis.db));
    assert_answers_as_salsa(&analysis, &index);
    (index, kept)
}

#[test]
fn the_index_answers_as_the_bucket_across_edits() {
    let (mut host, fixture) = AnalysisHost::from_fixture(FIXTURE);
    let analysis = host.analysis();
    let mut index = CallIndex::build(&analysis.db);
    assert_answers_as_salsa(&analysis, &index);
    drop(analysis);
    let steps: [(&str, &str, Edit, bool); 12] = [
        (
            "a call added",
            "/App/First.cs",
            |t| t.replace("c.Add(1);", "c.Add(1); c.Add(10);"),
            true,
        ),
        (
            "a call removed",
            "/App/Second.cs",
            |t| t.replace("c.Add(2);", ""),
            true,
        ),
        (
            "a call rebound",
            "/App/Third.cs",
            |t| t.replace("c.Add(5);", "c.Add(\"five\");"),
            true,
        ),
        (
            "text moved above every site",
            "/App/First.cs",
            |t| format!("\n\n// moved\n{t}"),
            true,
        ),
        (
            "an unresolved site added",
            "/App/Third.cs",
            |t| {
                t.replace(
                    "void Other(First f) { /*body*/ }",
                    "void Other(First f) { /*body*/ f.Gone(); }",
                )
            },
            true,
        ),
        (
            "a comment between two members, and every site after it moved",
            "/App/Third.cs",
            |t| t.replace("void Other(", "// a note\n        void Other("),
            true,
        ),
        (
            "a call put in a preprocessor region of a body",
            "/App/First.cs",
            |t| t.replace("c.Add(1);", "\n#if NEVER\n c.Add(1);\n#endif\n"),
            true,
        ),
        (
            "the same file edited again",
            "/App/First.cs",
            |t| t.replace("c.Add(10);", ""),
            true,
        ),
        (
            "a member added (an item edit)",
            "/Lib/Counter.cs",
            |t| {
                t.replace(
                    "public int Total",
                    "public void Add(long x) { }\n        public int Total",
                )
            },
            false,
        ),
        (
            "a constant's initializer edited",
            "/Lib/Counter.cs",
            |t| t.replace("Small = 1;", "Small = 1000;"),
            false,
        ),
        (
            "an enum member's initializer edited",
            "/Lib/Counter.cs",
            |t| t.replace("Huge = 2", "Huge = 2000"),
            false,
        ),
        (
            "a body edited after the rebuild",
            "/Lib/Counter.cs",
            |t| t.replace("Add(s.Length);", "Add(s.Length); Add(0);"),
            true,
        ),
    ];
    for (what, path, edit, kept) in steps {
        let (next, was_kept) = refresh_after(&mut host, &fixture, &index, path, edit);
        assert_eq!(was_kept, kept, "{what}: the index was kept");
        index = next;
    }
    // One file changed since the rebuild after the constant's edit; the others are the base's.
    assert_eq!(index.changed_files(), 1);
}

#[test]
fn new_and_deleted_files_invalidate_the_index() {
    let (mut host, _) = AnalysisHost::from_fixture(FIXTURE);
    let index = CallIndex::build(&host.analysis().db);
    let added = Fixture::parse(&fixture_with(
        "//- /App/Fourth.cs project:App references:Lib\nclass Fourth { void M(Lib.Counter c) { c.Add(6); } }\n",
    ));
    host.apply_change(added.change());
    let analysis = host.analysis();
    assert!(
        index.refresh(&analysis.db).is_none(),
        "a new file is a graph change"
    );
    let index = CallIndex::build(&analysis.db);
    assert_answers_as_salsa(&analysis, &index);
    drop(analysis);
    // Deleted again: the loader drops it from the project graph and its text.
    let mut change = Fixture::parse(FIXTURE).change();
    change.files = vec![(FileId(4), None)];
    host.apply_change(change);
    let analysis = host.analysis();
    assert!(
        index.refresh(&analysis.db).is_none(),
        "a deleted file is a graph change"
    );
    assert_answers_as_salsa(&analysis, &CallIndex::build(&analysis.db));
}

/// Why constants are in the fingerprint: a constant's initializer decides another file's overload
/// (`Take(Limits.Small)` is `Take(byte)` while `Small` fits in a byte), so sites kept across that
/// edit would be wrong.
#[test]
fn a_kept_index_would_be_wrong_after_a_constant_edit() {
    let (mut host, fixture) = AnalysisHost::from_fixture(FIXTURE);
    let index = CallIndex::build(&host.analysis().db);
    let file = fixture.file("/Lib/Counter.cs");
    set_text(
        &mut host,
        file.id,
        file.text.replace("Small = 1;", "Small = 1000;"),
    );
    let analysis = host.analysis();
    let now = hir::sites_named(&analysis.db, "Take", true);
    assert_ne!(
        index.sites_named("Take", true),
        *now,
        "another file's site rebound"
    );
    assert!(index.refresh(&analysis.db).is_none());
}

fn fingerprint_after(edit: impl FnOnce(&mut AnalysisHost, &Fixture)) -> (bool, bool) {
    let (mut host, fixture) = AnalysisHost::from_fixture(FIXTURE);
    let before = hir::binding_fingerprint(&host.analysis().db);
    edit(&mut host, &fixture);
    let after = hir::binding_fingerprint(&host.analysis().db);
    (Arc::ptr_eq(&before, &after), before == after)
}

fn edit_file(path: &str, edit: Edit) -> impl FnOnce(&mut AnalysisHost, &Fixture) {
    move |host, fixture| {
        let file = fixture.file(path);
        set_text(host, file.id, edit(&file.text));
    }
}

/// What the fingerprint covers (`hir/src/call_index/fingerprint.rs`): unchanged, not even re-run,
/// by body edits and text moves; changed by item edits, constants' initializers, the project graph
/// and the libraries.
#[test]
fn the_fingerprint_changes_exactly_with_what_binding_reads_of_other_files() {
    let body_edit = edit_file("/App/First.cs", |t| {
        t.replace("c.Add(1);", "c.Add(1); c.Add(2);")
    });
    assert_eq!(fingerprint_after(body_edit), (true, true), "a body edit");
    let moved = edit_file("/Lib/Counter.cs", |t| format!("\n\n{t}"));
    assert_eq!(fingerprint_after(moved), (true, true), "text moved");
    let item = edit_file("/App/Third.cs", |t| {
        t.replace("void Other", "void Another() { }\n void Other")
    });
    assert!(!fingerprint_after(item).1, "an item edit");
    let constant = edit_file("/Lib/Counter.cs", |t| t.replace("Small = 1;", "Small = 2;"));
    assert!(!fingerprint_after(constant).1, "a constant's initializer");
    let new_file = |host: &mut AnalysisHost, _: &Fixture| {
        host.apply_change(
            Fixture::parse(&fixture_with(
                "//- /App/New.cs project:App\nclass New { }\n",
            ))
            .change(),
        );
    };
    assert!(!fingerprint_after(new_file).1, "a new file");
    let libraries = |host: &mut AnalysisHost, fixture: &Fixture| {
        host.apply_change(Change {
            libraries: fixture.change().libraries,
            ..Change::default()
        });
    };
    assert!(!fingerprint_after(libraries).1, "the libraries");
}

/// The callers of `Counter.Add(int)` through the analysis' API, with and without an index.
fn callers_of_add(analysis: &Analysis) -> String {
    let add = analysis
        .search_symbols(&SymbolQuery {
            text: "Add".into(),
            limit: 10,
            ..Default::default()
        })
        .unwrap()
        .into_iter()
        .find(|s| s.documentation_id.ends_with("Add(System.Int32)"))
        .expect("Counter.Add(int)");
    let callers = analysis
        .incoming_calls(&add.key)
        .unwrap()
        .expect("a member");
    let references = analysis
        .find_references(&add.key)
        .unwrap()
        .expect("a member");
    format!("{callers:#?}\n{references:#?}")
}

/// The server's path: an index handed to each snapshot, refreshed there and reported, the reported
/// one handed to the next; answers are the bucket's, and a stale index is reported as such.
#[test]
fn snapshots_answer_through_the_index_as_without_it() {
    let (mut host, fixture) = AnalysisHost::from_fixture(FIXTURE);
    let mut index = host.analysis().build_call_index().unwrap();
    let edits: [(&str, Edit); 3] = [
        ("/App/Third.cs", |t| {
            t.replace("c.Add(5);", "c.Add(5); c.Add(7);")
        }),
        ("/App/Second.cs", |t| format!("// moved\n{t}")),
        ("/Lib/Counter.cs", |t| {
            t.replace(
                "public int Total",
                "public void Sub() { }\n public int Total",
            )
        }),
    ];
    for (path, edit) in edits {
        let file = fixture.file(path);
        let text = host.analysis().file_text(FileId(file.id)).unwrap();
        set_text(&mut host, file.id, edit(&text));
        let (send, reports) = std::sync::mpsc::channel();
        let report = Box::new(move |r| send.send(r).unwrap());
        let with = host
            .analysis()
            .with_call_index(Some(index.clone()), Some(report));
        assert!(reports.try_recv().is_err(), "reported before any use");
        assert_eq!(callers_of_add(&with), callers_of_add(&host.analysis()));
        index = match reports.try_recv().expect("a report") {
            CallIndexReport::Current(index) => index,
            CallIndexReport::Stale => {
                assert_eq!(path, "/Lib/Counter.cs", "only the item edit makes it stale");
                with.build_call_index().unwrap()
            }
        };
        assert!(reports.try_recv().is_err(), "reported once");
    }
}

/// The server's rebuild: an index built a file at a time over successive snapshots answers as the
/// bucket, though files changed between the steps: a body edit is picked up by the finished index's
/// refresh (the part gathered before it is seen to be of another text), an item edit starts the build
/// again (every part gathered before it is of another fingerprint).
#[test]
fn an_index_built_in_steps_across_edits_answers_as_the_bucket() {
    let (mut host, fixture) = AnalysisHost::from_fixture(FIXTURE);
    let files = hir::workspace_files(&host.analysis().db).len();
    let mut edits: Vec<(&str, Edit)> = vec![
        ("/Lib/Counter.cs", |t| {
            t.replace(
                "public int Total",
                "public void Sub() { }\n public int Total",
            )
        }),
        ("/App/First.cs", |t| {
            t.replace("c.Add(1);", "c.Add(1); c.Add(10);")
        }),
    ];
    let mut build = None;
    let mut steps = 1;
    let index = loop {
        if let Some(index) = host
            .analysis()
            .build_call_index_step(&mut build, 1)
            .unwrap()
        {
            break index;
        }
        steps += 1;
        // The item edit after the first step; the body edit once the build started again has
        // gathered the edited file (the second of the workspace's files).
        if let Some((path, edit)) = (steps == 2 || steps == 4).then(|| edits.remove(0)) {
            let file = fixture.file(path);
            let text = host.analysis().file_text(FileId(file.id)).unwrap();
            set_text(&mut host, file.id, edit(&text));
        }
    };
    assert_eq!(steps, files + 1, "the item edit started the build again");
    let analysis = host.analysis();
    let index = index
        .refresh(&analysis.db)
        .expect("built under the snapshot's fingerprint");
    assert_eq!(
        index.changed_files(),
        1,
        "the body-edited file gathered anew"
    );
    assert_answers_as_salsa(&analysis, &index);
}

/// Two callers' files and the callee's; one body edited, then the callers asked again.
const COUNTED: &str = r#"
//- /Lib/Counter.cs project:Lib
namespace Lib { public class Counter { public void Add(int x) { } } }
//- /App/First.cs project:App references:Lib
class First { void A(Lib.Counter c) { c.Add(1); } void B(Lib.Counter c) { c.Add(2); } }
//- /App/Second.cs project:App references:Lib
class Second { void A(Lib.Counter c) { c.Add(3); } void B(Lib.Counter c) { c.Add(4); } }
"#;

/// How many inference results ran and were re-verified when the callers were asked after a body
/// edit, through the index (`with_index`) or salsa's bucket.
fn inference_after_a_body_edit(with_index: bool) -> (usize, usize) {
    let fixture = Fixture::parse(COUNTED);
    let (mut host, log) = AnalysisHost::with_event_log();
    host.apply_change(fixture.change());
    let index = host.analysis().build_call_index().unwrap();
    let ask = |analysis: &Analysis| {
        let sites = match with_index {
            true => SiteSource::new(&analysis.db, &analysis.call_index, None),
            false => SiteSource::salsa(&analysis.db),
        };
        sites.sites_named("Add", true).sites.len()
    };
    assert_eq!(
        ask(&host.analysis().with_call_index(Some(index.clone()), None)),
        4
    );
    let file = fixture.file("/App/First.cs");
    set_text(
        &mut host,
        file.id,
        file.text.replace("c.Add(2);", "c.Add(2); c.Add(5);"),
    );
    log.take_both();
    assert_eq!(ask(&host.analysis().with_call_index(Some(index), None)), 5);
    let (executed, validated) = log.take_both();
    let infer = |log: &[String]| log.iter().filter(|e| e.starts_with("infer_query")).count();
    (infer(&executed), infer(&validated))
}

/// Through the index, only the edited file's inference is looked at: the edited body re-runs; of its
/// file's other two, `A`'s sites are moved from the index (its declaration is outside the edited
/// text) and the implied constructor, which has no declaration to compare, is re-verified; no other
/// file's bodies are.
/// Through the bucket, every body of every file mentioning `Add` is re-verified (2 + 3 + 2).
#[test]
fn a_body_edit_reverifies_no_other_file_s_inference_through_the_index() {
    expect![[r#"
        (
            (
                1,
                1,
            ),
            (
                1,
                7,
            ),
        )
    "#]]
    .assert_debug_eq(&(
        inference_after_a_body_edit(true),
        inference_after_a_body_edit(false),
    ));
}

/// The guard of the fingerprint's invariant: inserting a statement into any one method body (the
/// fingerprint holds) re-runs that body's inference only, nothing of another file. A binder that
/// read another member's body or another file's text beyond what the fingerprint covers would
/// re-run the readers' inference here.
#[test]
fn a_body_edit_reruns_no_other_body_s_inference() {
    let fixture = Fixture::parse(FIXTURE);
    for file in &fixture.files {
        for (n, _) in file.text.match_indices("/*body*/").enumerate() {
            let (mut host, log) = AnalysisHost::with_event_log();
            host.apply_change(fixture.change());
            let every_file = |host: &AnalysisHost| {
                let db = &host.analysis().db;
                for f in hir::workspace_files(db) {
                    hir::file_call_sites(db, f);
                }
                hir::binding_fingerprint(db)
            };
            let before = every_file(&host);
            let mut parts = file.text.split("/*body*/");
            let mut edited = parts.next().unwrap_or_default().to_owned();
            for (i, part) in parts.enumerate() {
                edited.push_str(if i == n { "int probe = 0;" } else { "/*body*/" });
                edited.push_str(part);
            }
            log.take();
            set_text(&mut host, file.id, edited);
            let after = every_file(&host);
            assert_eq!(before, after, "{} body {n}: the fingerprint", file.path);
            let infer = log
                .take()
                .iter()
                .filter(|e| e.starts_with("infer_query"))
                .count();
            assert_eq!(infer, 1, "{} body {n}: inference re-run", file.path);
        }
    }
}
