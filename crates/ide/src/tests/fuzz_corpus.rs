//! Replays the `analysis` fuzz target's committed corpus and crash inputs on stable, so a fixed crash
//! stays fixed without a fuzzer.

#[test]
fn fuzz_corpus_and_regressions() {
    let replayed = syntax::fuzz::replay_corpus("analysis", crate::fuzz::check_analysis);
    eprintln!("{replayed} inputs replayed");
}
