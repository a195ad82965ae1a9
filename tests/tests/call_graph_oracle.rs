//! Call edges of every corpus member against the calls the Roslyn compiler emitted, by the rules of
//! `tests::oracle`.
//!
//! A ratchet, not a threshold: every edge csnav misses or adds is listed in
//! `tests/fixtures/corpus.call_graph_diff.txt`, so any change of the graph shows up in review
//! (`UPDATE_EXPECT=1` rewrites it when the change is an improvement).

use expect_test::expect_file;

#[test]
fn call_edges_match_the_compiler() {
    let oracle = tests::corpus_oracle();
    let dir = tests::corpus_dir();
    let (host, files) = tests::load_folder(&dir, "Corpus");
    let calls = tests::oracle::compare_calls(&host.analysis(), "Corpus", &files, &oracle, &dir);
    let all = calls.all_edges();
    eprintln!("all edges: {all}");
    eprintln!("without accessors: {}", calls.without_accessors());
    eprintln!("coverage: {:?}", calls.coverage);
    let mut diff = format!(
        "all edges: {all}\nwithout accessors: {}\n\n",
        calls.without_accessors()
    );
    for e in calls.extra() {
        diff.push_str(&format!("extra   {} -> {}\n", e.0, e.1));
    }
    for e in calls.missing() {
        diff.push_str(&format!("missing {} -> {}\n", e.0, e.1));
    }
    expect_file!["../fixtures/corpus.call_graph_diff.txt"].assert_eq(&diff);
}
