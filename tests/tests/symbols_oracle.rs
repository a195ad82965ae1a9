//! Every member the compiler emitted for the oracle corpus can be found by its documentation id, the
//! identity csnav's symbol keys are made of.
//!
//! A ratchet, like the call graph's: the ids not found are listed in
//! `tests/fixtures/corpus.documentation_ids_diff.txt` (`UPDATE_EXPECT=1` rewrites it), with how many
//! were looked for.

use std::collections::BTreeSet;

use expect_test::expect_file;

#[test]
fn documentation_ids_match_the_compiler() {
    let oracle = tests::corpus_oracle();
    let (host, _) = tests::load_folder(&tests::corpus_dir(), "Corpus");
    let analysis = host.analysis();

    let delegates: BTreeSet<&str> = oracle["types"]
        .as_array()
        .expect("types[]")
        .iter()
        .filter(|t| t["kind"] == "delegate")
        .filter_map(|t| t["id"].as_str().map(|id| id.trim_start_matches("T:")))
        .collect();
    let mut expected = BTreeSet::new();
    for method in oracle["methods"].as_array().expect("methods[]") {
        let Some(id) = method["id"].as_str() else {
            continue;
        };
        // Accessors are found through their property or event.
        let id = method["member"].as_str().unwrap_or(id);
        // Not symbols of the source: closures and state machines, static constructors the compiler
        // makes for static field initializers, and the members the runtime gives a delegate besides
        // `Invoke`.
        let runtime_delegate_member = delegates.iter().any(|d| {
            ["#ctor(", "BeginInvoke(", "EndInvoke("]
                .iter()
                .any(|m| id.starts_with(&format!("M:{d}.{m}")))
        });
        if id.contains('<') || id.ends_with(".#cctor") || runtime_delegate_member {
            continue;
        }
        expected.insert(id.to_owned());
    }
    let mut diff = String::new();
    let mut missing = 0;
    for id in &expected {
        if analysis.symbols_by_documentation_id(id).unwrap().is_empty() {
            diff.push_str(&format!("not found {id}\n"));
            missing += 1;
        }
    }
    let diff = format!(
        "documentation ids: {} expected, {missing} not found\n\n{diff}",
        expected.len()
    );
    eprint!("{diff}");
    expect_file!["../fixtures/corpus.documentation_ids_diff.txt"].assert_eq(&diff);
}
