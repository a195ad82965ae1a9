//! A host reading persisted artifacts (`hir::ArtifactCache`) answers the oracle corpus exactly as a
//! cold one: every call edge with its sites, every unresolved site and every hierarchy mismatch, and
//! it read every file's artifacts instead of computing them.

use std::sync::Arc;

use ide::ArtifactCache;

/// csnav's side of both oracle comparisons, as text.
fn answers(cache: Option<Arc<ArtifactCache>>) -> String {
    let oracle = tests::corpus_oracle();
    let dir = tests::corpus_dir();
    let (mut host, files) = tests::load_folder(&dir, "Corpus");
    host.set_artifact_cache(cache);
    let analysis = host.analysis();
    let calls = tests::oracle::compare_calls(&analysis, "Corpus", &files, &oracle, &dir);
    let hierarchy = tests::oracle::compare_hierarchy(&analysis, &oracle);
    format!(
        "{:?}\n{:?}\n{:?}\n{} types\n{:?}",
        calls.ours, calls.coverage, calls.unresolved, hierarchy.types, hierarchy.mismatches
    )
}

#[test]
fn a_warm_cache_answers_as_a_cold_start() {
    let cold = answers(None);
    let first = Arc::new(ArtifactCache::default());
    assert_eq!(answers(Some(first.clone())), cold);
    let entries = first.take_entries();

    let warm = Arc::new(ArtifactCache::new(
        entries.into_iter().map(|(k, v)| (k, v.into_boxed_slice())),
    ));
    assert_eq!(answers(Some(warm.clone())), cold);
    let counts = warm.counts();
    let files = tests::cs_files(&tests::corpus_dir()).len();
    // Every item tree (and the word indexes the answers looked at), none computed.
    assert!(counts.hits >= files, "{counts:?}");
    assert_eq!((counts.misses, counts.undecodable), (0, 0));
}
