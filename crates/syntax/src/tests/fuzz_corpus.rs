//! Replays the `syntax` fuzz target's committed corpus and crash inputs on stable, so a fixed crash stays
//! fixed without a fuzzer.

#[test]
fn fuzz_corpus_and_regressions() {
    let replayed = crate::fuzz::replay_corpus("syntax", crate::fuzz::check_parser);
    eprintln!("{replayed} inputs replayed");
}
