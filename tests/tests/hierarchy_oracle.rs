//! The type hierarchy of every type of the oracle corpus against what the Roslyn compiler emitted, by
//! the rules of `tests::oracle`.

#[test]
fn hierarchy_matches_the_compiler() {
    let oracle = tests::corpus_oracle();
    let (host, _) = tests::load_folder(&tests::corpus_dir(), "Corpus");
    let hierarchy = tests::oracle::compare_hierarchy(&host.analysis(), &oracle);
    eprintln!(
        "hierarchy: {} types compared, {} mismatches",
        hierarchy.types,
        hierarchy.mismatches.len()
    );
    assert!(
        hierarchy.types > 50,
        "the corpus has too few types: {}",
        hierarchy.types
    );
    assert!(
        hierarchy.mismatches.is_empty(),
        "{} mismatches:\n{}",
        hierarchy.mismatches.len(),
        hierarchy.mismatches.join("\n")
    );
}
