//! Packs read back what was written; damaged, truncated and foreign packs are ignored; eviction keeps
//! the newest within bounds.

use std::{
    path::{Path, PathBuf},
    time::{Duration, SystemTime},
};

use super::*;

fn entries() -> Vec<(ContentHash, Vec<u8>)> {
    (0..20u8)
        .map(|i| (ContentHash([i; 32]), vec![i; 10 + i as usize]))
        .collect()
}

/// A fresh folder under the system's temporary one.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("csnav-index-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn a_pack_decodes_to_what_was_encoded() {
    let build = [7; 32];
    let pack = encode(&entries(), &build);
    assert_eq!(decode(&pack, &build), Ok(entries()));
}

#[test]
fn damaged_truncated_and_foreign_packs_are_refused() {
    let build = [7; 32];
    let pack = encode(&entries(), &build);
    for len in (0..pack.len()).step_by(7) {
        assert!(decode(&pack[..len], &build).is_err(), "truncated to {len}");
    }
    for at in (0..pack.len()).step_by(5) {
        let mut damaged = pack.clone();
        damaged[at] ^= 0x20;
        assert!(decode(&damaged, &build).is_err(), "byte {at} flipped");
    }
    let mut longer = pack.clone();
    longer.push(0);
    assert_eq!(decode(&longer, &build), Err("truncated"));
    assert_eq!(
        decode(&pack, &[8; 32]),
        Err("written by another csnav build")
    );
    let mut other_format = pack.clone();
    other_format[MAGIC.len()] += 1;
    assert_eq!(
        decode(&other_format, &build),
        Err("written by another csnav build")
    );
}

#[test]
fn a_damaged_pack_opens_empty_and_is_replaced() {
    let dir = scratch("damaged");
    let config = IndexCacheConfig::Dir(dir.clone());
    let input = Path::new("/some/workspace.sln");
    let path = dir.join(pack_name(input));
    fs::write(&path, b"csnav-index\ngarbage").expect("write");
    let index = PersistedIndex::open(&config, input).expect("enabled");
    assert_eq!(index.cache.stored_count(), 0);
    index.write();
    // Nothing was used: the pack written is empty but valid.
    let build = build_stamp().expect("the test binary is readable");
    assert_eq!(
        decode(&fs::read(&path).expect("written"), build),
        Ok(vec![])
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_pack_of_each_workspace_is_its_own() {
    assert_ne!(
        pack_name(Path::new("/a/A.sln")),
        pack_name(Path::new("/a/B.sln"))
    );
    assert!(IndexCacheConfig::resolve(true, Some("/x".into())) == IndexCacheConfig::Disabled);
    assert_eq!(
        IndexCacheConfig::resolve(false, Some("/x".into())),
        IndexCacheConfig::Dir("/x".into())
    );
}

#[test]
fn eviction_keeps_the_most_recently_used_packs_within_bounds() {
    let dir = scratch("evict");
    let now = SystemTime::now();
    for i in 0..6u64 {
        let path = dir.join(format!("index-{i}.pack"));
        fs::write(&path, vec![0; 100]).expect("write");
        let file = fs::File::options().append(true).open(&path).expect("open");
        file.set_modified(now - Duration::from_secs(60 * i))
            .expect("set mtime");
    }
    let temp = dir.join(".index-9.pack.1.tmp");
    fs::write(&temp, b"partial").expect("write");
    fs::File::options()
        .append(true)
        .open(&temp)
        .and_then(|f| f.set_modified(now - STALE_TEMP * 2))
        .expect("set mtime");
    fs::write(dir.join("unrelated.txt"), b"kept").expect("write");

    evict(&dir, 350, 4);
    let mut left: Vec<String> = fs::read_dir(&dir)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(
        left,
        [
            "index-0.pack",
            "index-1.pack",
            "index-2.pack",
            "unrelated.txt"
        ]
    );
    evict(&dir, 1000, 2);
    assert!(!dir.join("index-2.pack").exists());
    assert!(dir.join("index-1.pack").exists());
    let _ = fs::remove_dir_all(&dir);
}

/// The sample solution loaded by a server with `config`, ready.
fn sample(config: IndexCacheConfig) -> std::sync::Arc<crate::state::ServerState> {
    use crate::state::{IndexState, ServerState};
    let solution = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/Bookstore.sln");
    let state = ServerState::new(
        fs::canonicalize(&solution).expect("in the repository"),
        config,
    );
    state.load();
    loop {
        match &*state.index.borrow() {
            IndexState::Ready => break,
            IndexState::Failed(why) => panic!("the sample solution did not load: {why}"),
            _ => {}
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    state
}

/// Search, hierarchy, callers and callees of every symbol a few searches find, as the tools answer.
fn answers(state: &crate::state::ServerState) -> Vec<serde_json::Value> {
    let snapshot = state.snapshot().expect("loaded");
    let call = |tool: &str, arguments: serde_json::Value| {
        let serde_json::Value::Object(arguments) = arguments else {
            unreachable!("arguments are objects")
        };
        crate::tools::find(tool)
            .expect("a tool")
            .call(state, &snapshot, &arguments)
            .expect("not cancelled")
            .0
    };
    let mut out = Vec::new();
    for query in ["Book", "Order", "Repository", "Get", "Add", "Price"] {
        let found = call("search_symbols", serde_json::json!({ "query": query }));
        let keys: Vec<String> = found["symbols"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|s| s["symbolKey"].as_str().map(str::to_owned))
            .collect();
        out.push(found);
        for key in keys {
            for tool in ["get_type_hierarchy", "find_callers", "get_outgoing_calls"] {
                out.push(call(tool, serde_json::json!({ "symbolKey": key })));
            }
        }
    }
    out
}

#[test]
fn a_restart_reads_the_index_and_answers_the_same() {
    let dir = scratch("restart");
    let cold = answers(&sample(IndexCacheConfig::Disabled));
    assert!(
        cold.len() > 30,
        "too few answers to compare: {}",
        cold.len()
    );

    let first = sample(IndexCacheConfig::Dir(dir.clone()));
    let written = |dir: &Path| {
        fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .any(|e| e.file_name().to_string_lossy().ends_with(".pack"))
    };
    let deadline = SystemTime::now() + Duration::from_secs(60);
    while !written(&dir) {
        assert!(SystemTime::now() < deadline, "no pack written");
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(answers(&first), cold);

    let restarted = sample(IndexCacheConfig::Dir(dir.clone()));
    let files = restarted.snapshot().expect("loaded").world.file_count();
    let counts = restarted.persisted_counts().expect("a cache");
    // An item tree and a word index a file.
    assert_eq!(
        (counts.hits, counts.misses, counts.undecodable),
        (2 * files, 0, 0)
    );
    assert_eq!(answers(&restarted), cold);
    let _ = fs::remove_dir_all(&dir);
}
