//! The type hierarchy of every type of the oracle corpus against what the Roslyn compiler emitted, by
//! the rules of `tests::oracle`.
//!
//! A ratchet, like the call graph's: every difference is listed in
//! `tests/fixtures/corpus.hierarchy_diff.txt` (`UPDATE_EXPECT=1` rewrites it), so a change shows up in
//! review, and so does a change in how many types were compared.

use expect_test::expect_file;

#[test]
fn hierarchy_matches_the_compiler() {
    let oracle = tests::corpus_oracle();
    let (host, _) = tests::load_folder(&tests::corpus_dir(), "Corpus");
    let hierarchy = tests::oracle::compare_hierarchy(&host.analysis(), &oracle);
    let mut mismatches = hierarchy.mismatches;
    mismatches.sort();
    let mut diff = format!(
        "types compared: {}, with a mismatch: {}\n\n",
        hierarchy.types, hierarchy.mismatched_types
    );
    for mismatch in &mismatches {
        diff.push_str(mismatch);
        diff.push('\n');
    }
    eprint!("{diff}");
    expect_file!["../fixtures/corpus.hierarchy_diff.txt"].assert_eq(&diff);
}
