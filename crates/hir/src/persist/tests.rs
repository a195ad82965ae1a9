//! A persisted item tree equals the computed one; damaged entries and edited files are computed.

use std::{path::Path, sync::Arc};

use syntax::Defines;

use super::{ArtifactCache, CacheCounts, ContentHash};
use crate::{
    Change, FileId, ProjectData, ProjectGraph, RootDatabase, file_item_tree, item_source_map,
    word_index,
};

/// Every `.cs` file of the oracle corpus, and a few texts the lowering treats specially.
fn texts() -> Vec<Arc<str>> {
    fn walk(dir: &Path, out: &mut Vec<Arc<str>>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("the corpus is there")
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "cs") {
                let text = std::fs::read_to_string(&path).expect("UTF-8 corpus");
                out.push(text.into());
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/corpus"),
        &mut out,
    );
    out.extend(
        [
            "",
            "class {",
            "#if DEBUG\nclass OnlyInDebug {}\n#else\nclass OnlyInRelease {}\n#endif\n",
            "record R(int X, string Y);\ndelegate int D(int a);\nstatic class E { extension(string s) { public bool IsBlank() => s.Length == 0; } }\n",
            "System.Console.WriteLine(1);\n",
        ]
        .map(Arc::from),
    );
    out
}

fn database(texts: &[Arc<str>], cache: Option<Arc<ArtifactCache>>) -> RootDatabase {
    database_with(texts, cache, "DEBUG")
}

fn database_with(
    texts: &[Arc<str>],
    cache: Option<Arc<ArtifactCache>>,
    define: &str,
) -> RootDatabase {
    let mut db = RootDatabase::default();
    db.set_artifact_cache(cache);
    let files: Vec<FileId> = (0..texts.len() as u32).map(FileId).collect();
    db.apply_change(Change {
        files: files
            .iter()
            .zip(texts)
            .map(|(&id, text)| (id, Some(text.clone())))
            .collect(),
        project_graph: Some(ProjectGraph {
            projects: vec![ProjectData {
                name: "P".into(),
                defines: Defines::new([define]),
                files,
                ..ProjectData::default()
            }],
        }),
        libraries: None,
    });
    db
}

/// Every file's item tree, source map and words, as `Debug` text.
fn item_trees(db: &RootDatabase, files: usize) -> Vec<String> {
    use crate::Db;
    (0..files as u32)
        .map(|i| {
            let file = db.source_file(FileId(i)).expect("loaded");
            let words: Vec<&str> = word_index(db, file).iter().collect();
            format!(
                "{:?}\n{:?}\n{words:?}",
                file_item_tree(db, file),
                item_source_map(db, file)
            )
        })
        .collect()
}

/// The entries a first process would write.
fn written(texts: &[Arc<str>]) -> Vec<(ContentHash, Vec<u8>)> {
    let cache = Arc::new(ArtifactCache::default());
    let db = database(texts, Some(cache.clone()));
    item_trees(&db, texts.len());
    cache.take_entries()
}

fn reading(entries: Vec<(ContentHash, Vec<u8>)>) -> Arc<ArtifactCache> {
    Arc::new(ArtifactCache::new(
        entries.into_iter().map(|(k, v)| (k, v.into_boxed_slice())),
    ))
}

#[test]
fn persisted_item_trees_equal_computed_ones() {
    let texts = texts();
    let computed = item_trees(&database(&texts, None), texts.len());
    let entries = written(&texts);
    // An item tree and a word index a file; two texts of the corpus may be equal, each key is
    // stored once.
    assert!(entries.len() > 60 && entries.len() <= 2 * texts.len());

    let cache = reading(entries);
    let db = database(&texts, Some(cache.clone()));
    assert_eq!(item_trees(&db, texts.len()), computed);
    assert_eq!(
        cache.counts(),
        CacheCounts {
            hits: 2 * texts.len(),
            misses: 0,
            undecodable: 0
        }
    );
}

#[test]
fn damaged_entries_are_computed() {
    let texts = texts();
    let computed = item_trees(&database(&texts, None), texts.len());
    let damaged: Vec<_> = written(&texts)
        .into_iter()
        .enumerate()
        .map(|(i, (key, mut bytes))| {
            match i % 3 {
                0 => bytes.truncate(bytes.len() / 2),
                1 => bytes.clear(),
                // Indices past the arenas: what a well-formed decode must still refuse.
                _ => bytes.iter_mut().for_each(|b| *b = 0x7f),
            }
            (key, bytes)
        })
        .collect();
    let count = damaged.len();
    let cache = reading(damaged);
    let db = database(&texts, Some(cache.clone()));
    assert_eq!(item_trees(&db, texts.len()), computed);
    let counts = cache.counts();
    assert_eq!(counts.hits + counts.undecodable, 2 * texts.len());
    assert!(counts.undecodable >= count * 2 / 3, "{counts:?}");
}

#[test]
fn an_edited_file_misses_and_other_defines_miss() {
    let texts = texts();
    let cache = reading(written(&texts));
    let mut db = database(&texts, Some(cache.clone()));
    item_trees(&db, texts.len());
    let edited: Arc<str> = format!("{}\nclass AddedByTheEdit {{}}\n", texts[0]).into();
    db.apply_change(Change {
        files: vec![(FileId(0), Some(edited.clone()))],
        ..Change::default()
    });
    let trees = item_trees(&db, texts.len());
    assert!(trees[0].contains("AddedByTheEdit"));
    // Its item tree and its word index.
    assert_eq!(cache.counts().misses, 2);

    // The same texts under other preprocessor symbols are other keys.
    let db = database_with(&texts, Some(cache.clone()), "RELEASE");
    let trees = item_trees(&db, texts.len());
    let debug_only = texts.len() - 3;
    assert!(
        trees[debug_only].contains("OnlyInRelease"),
        "{}",
        trees[debug_only]
    );
    // Item trees depend on the defines, word indexes do not.
    assert_eq!(cache.counts().misses, 2 + texts.len());
}

#[test]
fn nothing_computed_after_the_entries_were_taken_is_kept() {
    let texts = texts();
    let cache = Arc::new(ArtifactCache::default());
    let mut db = database(&texts, Some(cache.clone()));
    item_trees(&db, texts.len());
    assert!(!cache.take_entries().is_empty());
    db.apply_change(Change {
        files: vec![(FileId(0), Some("class Edited {}".into()))],
        ..Change::default()
    });
    assert!(item_trees(&db, texts.len())[0].contains("Edited"));
    assert_eq!(cache.take_entries(), vec![]);
}
