//! Hostile sources through the whole analysis (item trees, bodies, binding, navigation): deep nesting,
//! huge and broken files, cyclic inheritance and aliases, long call chains. Nothing may overflow the
//! stack or take unbounded time. Lowering and binding recurse along the syntax tree, which the syntax
//! crate flattens below 1000 levels; in a debug build that takes more than a test thread's 2 MiB, so the
//! deepest inputs run on a stack of the size the server gives its analysis threads.

use crate::{AnalysisHost, FileId, SymbolKey};
use expect_test::expect;

/// How deep the hostile nestings go.
const DEEP: usize = 100_000;

/// The stack of the server's analysis threads (`ANALYSIS_STACK` in mcp-server).
const ANALYSIS_STACK: usize = 16 << 20;

fn on_analysis_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(ANALYSIS_STACK)
        .spawn(f)
        .expect("a thread")
        .join()
        .expect("the analysis thread did not panic");
}

/// Loads `text` as a one-file fixture and runs every per-file analysis on it; returns the host and the
/// parse errors' messages (deduplicated).
fn analyse(text: &str) -> (AnalysisHost, Vec<String>) {
    let (host, _) = AnalysisHost::from_fixture(text);
    let analysis = host.analysis();
    let file = FileId(0);
    analysis.prime_file(file).unwrap();
    analysis.prime_call_sites(file).unwrap();
    analysis.prime_symbol_index().unwrap();
    analysis.unaccounted_sites(file).unwrap();
    let mut errors: Vec<String> = (analysis.parse_errors(file).unwrap().into_iter())
        .map(|e| e.message)
        .collect();
    errors.dedup();
    drop(analysis);
    (host, errors)
}

fn method(doc_id: &str) -> SymbolKey {
    SymbolKey {
        project: "Test".into(),
        documentation_id: doc_id.into(),
    }
}

#[test]
fn deep_nesting_is_flattened_and_analysed() {
    let cases = [
        (
            "parentheses",
            format!(
                "class C {{ int x = {}1{}; }}",
                "(".repeat(DEEP),
                ")".repeat(DEEP)
            ),
        ),
        (
            "blocks",
            format!(
                "class C {{ void M() {}{} }}",
                "{".repeat(DEEP),
                "}".repeat(DEEP)
            ),
        ),
        (
            "generic arguments",
            format!(
                "class C {{ {}int{} f; }}",
                "List<".repeat(DEEP),
                ">".repeat(DEEP)
            ),
        ),
        (
            "lambdas",
            format!("class C {{ object f = {}0; }}", "x => ".repeat(DEEP)),
        ),
        (
            "calls",
            format!(
                "class C {{ int F(int i) => {}0{}; }}",
                "F(".repeat(DEEP),
                ")".repeat(DEEP)
            ),
        ),
        (
            "member accesses",
            format!(
                "class C {{ C c; void M() {{ c{}.M(); }} }}",
                ".c".repeat(DEEP)
            ),
        ),
        (
            "binary operators",
            format!("class C {{ int x = {}1; }}", "1 + ".repeat(DEEP)),
        ),
        (
            "conditionals",
            format!(
                "class C {{ void M() {{ {} M(); }} }}",
                "if (true) ".repeat(DEEP)
            ),
        ),
        (
            "nested types",
            format!("{}{}", "class C { ".repeat(DEEP), "}".repeat(DEEP)),
        ),
        (
            "namespaces",
            format!("{}{}", "namespace N { ".repeat(DEEP), "}".repeat(DEEP)),
        ),
        (
            "array ranks",
            format!("class C {{ int{} a; }}", "[]".repeat(DEEP)),
        ),
    ];
    for (name, text) in cases {
        on_analysis_stack(move || {
            let started = std::time::Instant::now();
            let (_, errors) = analyse(&text);
            eprintln!("{name}: {:?}", started.elapsed());
            assert!(
                errors.iter().any(|e| e.contains("nesting deeper than")),
                "{name}: {errors:?}"
            );
        });
    }
}

#[test]
fn broken_and_unterminated_sources_are_analysed() {
    let cases = [
        "class C { void M() { M(\0); } }\0\0",
        "class C { string s = \"\u{fffd}\u{fffd}\"; void \u{fffd}M() { } }",
        "class C { string s = \"unterminated\n void M() { M(); } }",
        "class C { string s = @\"unterminated verbatim\n void M() { M(); } }",
        "class C { string s = \"\"\"\n unterminated raw\n void M() { M(); } }",
        "class C { string s = $\"{M(\n void M() { M(); } }",
        "class C { string s = $@\"{M()} {\n void M() { M(); } }",
        "class C { string s = $$\"\"\"{{M()}}\n void M() { M(); } }",
        "class C { char c = 'x\n void M() { M(); } }",
        "class C { char c = '\n void M() { M(); } }",
        "class C { /* unterminated comment\n void M() { M(); } }",
        "class C { void M() { M(); }\n#if DEBUG\n void N() { M(); }\n",
        "#if (A && (B || !C)\nclass C { }\n#elif\nclass D { }\n#else\n#else\n",
        "#region\nclass C { #endregion void M() { } }",
    ];
    for text in cases {
        analyse(text);
    }
    let unclosed = format!("class C {{ void M() {{ M({} }} }}", "(".repeat(DEEP));
    on_analysis_stack(move || {
        analyse(&unclosed);
    });
}

/// Inheritance cycles, in one file and across projects, end with the cycle flagged and nothing looping.
#[test]
fn cyclic_inheritance_terminates() {
    let fixture = r#"
//- /A.cs project:A references:B
class Self : Self { void M() { M(); base.M(); } }
class A : B { }
class B : A { void M() { new A().M(); } }
interface I : J { void M(); }
interface J : I { }
class Impl : I { public void M() { ((J)this).M(); } }
class G : H<G> { }
class H<T> : T { }
class Outer : Outer.Inner { public class Inner : Outer { } }
class X : Y.Z { }
//- /B.cs project:B references:A
class Y : X { public class Z : Y { } }
class P : Q { }
//- /Q.cs project:A
class Q : P { }
"#;
    let (host, fixture) = AnalysisHost::from_fixture(fixture);
    let analysis = host.analysis();
    let mut out = String::new();
    for file in &fixture.files {
        analysis.prime_call_sites(FileId(file.id)).unwrap();
    }
    for (project, id) in [
        ("A", "T:Self"),
        ("A", "T:A"),
        ("A", "T:B"),
        ("A", "T:I"),
        ("A", "T:Impl"),
        ("A", "T:G"),
        ("A", "T:H`1"),
        ("A", "T:Outer"),
        ("A", "T:X"),
        ("B", "T:Y"),
        ("B", "T:P"),
        ("A", "T:Q"),
    ] {
        let key = SymbolKey {
            project: project.into(),
            documentation_id: id.into(),
        };
        let Some(h) = analysis.type_hierarchy(&key).unwrap() else {
            out.push_str(&format!("{id}: not found\n"));
            continue;
        };
        let bases: Vec<&str> = h.base_types.iter().map(|b| b.full_name.as_str()).collect();
        let interfaces: Vec<&str> = (h.interfaces.iter())
            .map(|i| i.ty.full_name.as_str())
            .collect();
        let derived: Vec<&str> = (h.derived.iter())
            .map(|d| d.symbol.full_name.as_str())
            .collect();
        out.push_str(&format!(
            "{id}{}: bases {bases:?} interfaces {interfaces:?} derived {derived:?}\n",
            if h.cyclic { " cyclic" } else { "" }
        ));
    }
    for (project, id) in [("A", "M:Self.M"), ("A", "M:B.M"), ("A", "M:I.M")] {
        let incoming = analysis.incoming_calls(&SymbolKey {
            project: project.into(),
            documentation_id: id.into(),
        });
        let callers = incoming.unwrap().map_or(0, |calls| calls.callers.len());
        out.push_str(&format!("{id}: {callers} callers\n"));
    }
    expect![[r#"
        T:Self cyclic: bases [] interfaces [] derived []
        T:A cyclic: bases ["B"] interfaces [] derived ["B"]
        T:B cyclic: bases ["A"] interfaces [] derived ["A"]
        T:I cyclic: bases [] interfaces ["J"] derived ["Impl", "J"]
        T:Impl: bases ["System.Object"] interfaces ["I", "J"] derived []
        T:G: bases ["H<G>", "System.Object"] interfaces [] derived []
        T:H`1: bases ["System.Object"] interfaces [] derived ["G"]
        T:Outer: bases ["Outer.Inner"] interfaces [] derived []
        T:X: bases ["Y.Z"] interfaces [] derived ["Y"]
        T:Y: bases ["X", "Y.Z"] interfaces [] derived []
        T:P cyclic: bases ["Q"] interfaces [] derived ["Q"]
        T:Q cyclic: bases ["P"] interfaces [] derived ["P"]
        M:Self.M: 1 callers
        M:B.M: 1 callers
        M:I.M: 1 callers
    "#]]
    .assert_eq(&out);
}

/// `using` aliases naming themselves or each other resolve to nothing, without looping.
#[test]
fn recursive_using_aliases_terminate() {
    let (host, _) = analyse(
        "using X = X;\nusing Y = Z;\nusing Z = Y;\nusing L = System.Collections.Generic.List<L>;\nusing N = N.M;\n\
         namespace NS { using A = B; using B = A; using C = NS.C; \
         class C { X x; Y y; A a; L l; N n; void M() { x.M(); y.M(); a.M(); l.Add(l); n.M(); new C().M(); } } }",
    );
    let analysis = host.analysis();
    let counts = analysis.binding_counts(FileId(0)).unwrap();
    expect![[r#"
        (
            2,
            0,
            [
                (
                    MissingMetadata,
                    "M",
                ),
                (
                    MissingMetadata,
                    "M",
                ),
                (
                    MissingMetadata,
                    "M",
                ),
                (
                    MissingMetadata,
                    "M",
                ),
            ],
        )
    "#]]
    .assert_debug_eq(&(counts.source, counts.library, counts.unresolved_names));
}

/// Ten thousand methods calling each other in a chain: callers and callees at depth 100 stay bounded.
#[test]
fn ten_thousand_method_call_chain() {
    let methods: String = (0..10_000)
        .map(|i| format!("    public void M{i}() {{ M{}(); }}\n", i + 1))
        .collect();
    let text = format!("class C {{\n{methods}    public void M10000() {{ }}\n}}\n");
    let (host, _) = analyse(&text);
    let analysis = host.analysis();
    let outgoing = analysis
        .outgoing_calls(&method("M:C.M0"), 100, 1_000)
        .unwrap()
        .expect("a member");
    let deepest = outgoing.callees.iter().map(|c| c.depth).max();
    let callers = analysis
        .incoming_calls(&method("M:C.M5000"))
        .unwrap()
        .expect("a member");
    let callers: Vec<&str> = (callers.callers.iter())
        .map(|c| c.caller.documentation_id.as_str())
        .collect();
    expect![[r#"
        (
            100,
            Some(
                100,
            ),
            [
                "M:C.M4999",
            ],
        )
    "#]]
    .assert_debug_eq(&(outgoing.callees.len(), deepest, callers));
}

/// A file over `MAX_PARSED_LEN` is skipped: no symbols, said by `is_analysed`, one error.
#[test]
fn fifty_megabyte_file_is_skipped() {
    let class = "class C { void M() { M(); } }\n";
    let text = class.repeat(50_000_000 / class.len());
    let (host, errors) = analyse(&text);
    let analysis = host.analysis();
    assert!(!analysis.is_analysed(FileId(0)).unwrap());
    assert!(analysis.symbol_at(FileId(0), 6.into()).unwrap().is_none());
    expect![[r#"
        [
            "the file is 49999980 bytes long, more than the 16 MiB analysed: it is skipped",
        ]
    "#]]
    .assert_debug_eq(&errors);
}
