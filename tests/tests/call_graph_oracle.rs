//! Call edges of every corpus member against the calls the Roslyn compiler emitted, by the rules of
//! `tests::oracle`.

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
    if std::env::var_os("CALL_GRAPH_DIFF").is_some() {
        for e in calls.extra() {
            eprintln!("extra   {} -> {}", e.0, e.1);
        }
        for e in calls.missing() {
            eprintln!("missing {} -> {}", e.0, e.1);
        }
    }
    assert!(all.precision() >= 0.99, "precision {:.3}", all.precision());
    assert!(all.recall() >= 0.95, "recall {:.3}", all.recall());
}
