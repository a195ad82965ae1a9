//! The comparison's own rules, on fixtures whose compiler output is checked in beside them
//! (`tests/fixtures/harness/`, regenerated with `regen-oracle.sh DIR OUT`): a difference the
//! harness reports must be csnav's, not the comparison's.

use expect_test::expect;

/// The edges csnav misses or adds on one harness fixture, as the ratchets print them.
fn diff_of(fixture: &str) -> String {
    let root = tests::project_root().join("tests/fixtures/harness");
    let dir = root.join(fixture);
    let json = std::fs::read_to_string(root.join(format!("{fixture}.oracle.json")))
        .expect("the fixture's oracle output");
    let oracle: serde_json::Value = serde_json::from_str(&json).expect("oracle JSON");
    let (host, files) = tests::load_folder(&dir, "Harness");
    let calls = tests::oracle::compare_calls(&host.analysis(), "Harness", &files, &oracle, &dir);
    let mut diff = format!("all edges: {}\n", calls.all_edges());
    for e in calls.extra() {
        diff.push_str(&format!("extra   {} -> {}\n", e.0, e.1));
    }
    for e in calls.missing() {
        diff.push_str(&format!("missing {} -> {}\n", e.0, e.1));
    }
    diff
}

/// The compiler gives a field initializer's calls the lines of the whole declaration, and checks
/// their text on its first line only: csnav's calls on the later lines, credited to the field, are
/// the constructor's calls, neither extra nor missing.
#[test]
fn calls_in_multi_line_initializers_are_the_constructors_calls() {
    expect![[r#"
        all edges: precision 1.000 (5/5), recall 1.000 (5/5)
    "#]]
    .assert_eq(&diff_of("multiline_initializer"));
}
