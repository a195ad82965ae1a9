//! Every member the compiler emitted for the oracle corpus can be found by its documentation id, the
//! identity csnav's symbol keys are made of.

use std::collections::BTreeSet;

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
    let missing: Vec<&String> = expected
        .iter()
        .filter(|id| analysis.symbols_by_documentation_id(id).unwrap().is_empty())
        .collect();
    eprintln!(
        "documentation ids: {} expected, {} missing",
        expected.len(),
        missing.len()
    );
    assert!(
        expected.len() > 300,
        "too few members in the corpus: {}",
        expected.len()
    );
    assert!(missing.is_empty(), "not found:\n{missing:#?}");
}
