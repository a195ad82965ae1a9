//! Persisted per-file artifacts: a read-through cache that lets a restarted process decode what an
//! earlier one computed instead of parsing, lowering and lexing every file again.
//!
//! Only results that are a pure function of one file's inputs are kept, so a persisted value is
//! exactly what the computation would give: a file's item tree and item source map depend on its text
//! and the preprocessor symbols its `#if`s see ([`item_tree_key`] hashes both), its word index on its
//! text alone ([`word_index_key`]). The cache is consulted inside the query that would otherwise
//! compute the value (`item_tree_with_source_map`, `word_index`), which still reads the same inputs,
//! so salsa's dependency tracking is unchanged and an edited file simply misses. What depends on more
//! than one file (def maps, symbol indexes, bound call sites) is never persisted: it is recomputed
//! from these, and salsa ids (interned, valid in one process only) never appear in what is stored.
//!
//! This crate knows no files: a store (the server's `index_cache.rs`) fills an [`ArtifactCache`]
//! with the encoded entries it read, stamped with the build that wrote them, and writes back
//! [`ArtifactCache::take_entries`] once the workspace is indexed. An entry that does not decode, or
//! decodes to something the computation could not give (an index out of its arena, unsorted words),
//! is computed as if it were absent.

use std::sync::{
    Arc, Mutex,
    atomic::{AtomicBool, AtomicUsize, Ordering},
};

use la_arena::{Arena, Idx, RawIdx};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};
use syntax::{Defines, WordIndex};

use crate::{
    base_db::{Db, SourceFile},
    item_tree::{ItemParent, ItemRef, ItemSourceMap, ItemTree, ItemTreeWithSourceMap},
};

/// SHA-256 of everything an artifact is computed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ContentHash(pub [u8; 32]);

/// SHA-256 of a file's text, once per text: both of its keys are made from it.
#[salsa::tracked(returns(copy))]
fn text_hash(db: &dyn Db, file: SourceFile) -> ContentHash {
    ContentHash(Sha256::digest(file.text(db).as_bytes()).into())
}

/// The key of a file's item tree: its defines and its text, with a tag naming the artifact so that
/// no two kinds of artifact share a key.
pub(crate) fn item_tree_key(db: &dyn Db, file: SourceFile, defines: &Defines) -> ContentHash {
    let mut hasher = Sha256::new();
    hasher.update(b"csnav item tree\0");
    for symbol in defines.iter() {
        // A symbol is an identifier: it holds no NUL, so the encoding is unambiguous.
        hasher.update(symbol.as_bytes());
        hasher.update(b"\0");
    }
    hasher.update(b"\0");
    hasher.update(text_hash(db, file).0);
    ContentHash(hasher.finalize().into())
}

/// The key of a file's word index: its text alone (the index ignores `#if`s).
pub(crate) fn word_index_key(db: &dyn Db, file: SourceFile) -> ContentHash {
    let mut hasher = Sha256::new();
    hasher.update(b"csnav word index\0");
    hasher.update(text_hash(db, file).0);
    ContentHash(hasher.finalize().into())
}

/// How the cache served this process: entries decoded, computed because absent, and present but
/// not decodable (computed too).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheCounts {
    pub hits: usize,
    pub misses: usize,
    pub undecodable: usize,
}

/// What a store read, and what this process consulted or computed (what is worth writing back).
#[derive(Default)]
pub struct ArtifactCache {
    stored: FxHashMap<ContentHash, Box<[u8]>>,
    used: Mutex<FxHashMap<ContentHash, Used>>,
    /// Set once the entries were taken: later results (edits) are not kept.
    taken: AtomicBool,
    hits: AtomicUsize,
    misses: AtomicUsize,
    undecodable: AtomicUsize,
}

enum Used {
    /// Decoded from `stored` under the same key.
    Stored,
    /// Computed here; encoded only when written, off the query's path.
    Computed(Arc<ItemTree>, Arc<ItemSourceMap>),
    /// Computed here and encoded at once: a word index is its words, encoding them is a copy.
    Encoded(Vec<u8>),
}

impl ArtifactCache {
    /// A cache holding `entries` as a store wrote them (encoded by [`ArtifactCache::take_entries`] of
    /// the same build: the store checks that).
    pub fn new(entries: impl IntoIterator<Item = (ContentHash, Box<[u8]>)>) -> ArtifactCache {
        ArtifactCache {
            stored: entries.into_iter().collect(),
            ..ArtifactCache::default()
        }
    }

    /// How many entries the store read.
    pub fn stored_count(&self) -> usize {
        self.stored.len()
    }

    pub fn counts(&self) -> CacheCounts {
        CacheCounts {
            hits: self.hits.load(Ordering::Relaxed),
            misses: self.misses.load(Ordering::Relaxed),
            undecodable: self.undecodable.load(Ordering::Relaxed),
        }
    }

    /// The item tree stored under `key`, else `compute()`'s, recorded for writing.
    pub(crate) fn item_tree(
        &self,
        key: ContentHash,
        compute: impl FnOnce() -> ItemTreeWithSourceMap,
    ) -> ItemTreeWithSourceMap {
        if let Some(bytes) = self.stored.get(&key) {
            match postcard::from_bytes::<(ItemTree, ItemSourceMap)>(bytes) {
                Ok((tree, source_map)) if well_formed(&tree, &source_map) => {
                    self.hits.fetch_add(1, Ordering::Relaxed);
                    self.record(key, Used::Stored);
                    return ItemTreeWithSourceMap {
                        tree: Arc::new(tree),
                        source_map: Arc::new(source_map),
                    };
                }
                _ => {
                    self.undecodable.fetch_add(1, Ordering::Relaxed);
                }
            }
        } else {
            self.misses.fetch_add(1, Ordering::Relaxed);
        }
        let computed = compute();
        self.record(
            key,
            Used::Computed(computed.tree.clone(), computed.source_map.clone()),
        );
        computed
    }

    /// The word index stored under `key`, else `compute()`'s, recorded for writing.
    pub(crate) fn word_index(
        &self,
        key: ContentHash,
        compute: impl FnOnce() -> WordIndex,
    ) -> WordIndex {
        if let Some(bytes) = self.stored.get(&key) {
            let decoded = postcard::from_bytes::<Vec<&str>>(bytes)
                .ok()
                .and_then(WordIndex::from_sorted_words);
            if let Some(index) = decoded {
                self.hits.fetch_add(1, Ordering::Relaxed);
                self.record(key, Used::Stored);
                return index;
            }
            self.undecodable.fetch_add(1, Ordering::Relaxed);
        } else {
            self.misses.fetch_add(1, Ordering::Relaxed);
        }
        let computed = compute();
        if let Ok(bytes) = postcard::to_allocvec(&computed.iter().collect::<Vec<&str>>()) {
            self.record(key, Used::Encoded(bytes));
        }
        computed
    }

    fn record(&self, key: ContentHash, used: Used) {
        let mut map = self.used.lock().unwrap_or_else(|p| p.into_inner());
        // Read under the lock `take_entries` sets it under: nothing is recorded after the take.
        if !self.taken.load(Ordering::Relaxed) {
            map.insert(key, used);
        }
    }

    /// Every entry this process decoded or computed, encoded, sorted by key. Entries of files no
    /// longer consulted are left out: that is how a store's file stops growing. Taken once: what is
    /// computed afterwards (each edit's version of a file) is not kept, so a long session does not
    /// hold every version of the files it saw edited.
    pub fn take_entries(&self) -> Vec<(ContentHash, Vec<u8>)> {
        let used = {
            let mut map = self.used.lock().unwrap_or_else(|p| p.into_inner());
            self.taken.store(true, Ordering::Relaxed);
            std::mem::take(&mut *map)
        };
        let mut entries: Vec<(ContentHash, Vec<u8>)> = used
            .into_iter()
            .filter_map(|(key, used)| {
                let bytes = match used {
                    Used::Stored => self.stored.get(&key)?.to_vec(),
                    Used::Computed(tree, source_map) => {
                        postcard::to_allocvec(&(&*tree, &*source_map)).ok()?
                    }
                    Used::Encoded(bytes) => bytes,
                };
                Some((key, bytes))
            })
            .collect();
        entries.sort_unstable_by_key(|(key, _)| *key);
        entries
    }
}

/// Whether every index of a decoded tree is in its arena and the source map has a range for each
/// item: what the lowering guarantees and the queries index by without checking. A store checks its
/// file's checksum; this keeps a damaged entry from ever making a query panic.
fn well_formed(tree: &ItemTree, map: &ItemSourceMap) -> bool {
    let ns = |i: Idx<_>| (raw(i) as usize) < tree.namespaces.len();
    let ty = |i: Idx<_>| (raw(i) as usize) < tree.types.len();
    let member = |i: Idx<_>| (raw(i) as usize) < tree.members.len();
    let using = |i: Idx<_>| (raw(i) as usize) < tree.usings.len();
    let item = |r: &ItemRef| match *r {
        ItemRef::Namespace(i) => ns(i),
        ItemRef::Type(i) => ty(i),
    };
    map.namespaces.len() == tree.namespaces.len()
        && map.types.len() == tree.types.len()
        && map.members.len() == tree.members.len()
        && tree.top_usings.iter().all(|&u| using(u))
        && tree.top_items.iter().all(item)
        && tree.namespaces.values().all(|n| {
            n.parent.is_none_or(ns)
                && n.usings.iter().all(|&u| using(u))
                && n.items.iter().all(item)
        })
        && tree.types.values().all(|t| {
            (match t.parent {
                ItemParent::TopLevel => true,
                ItemParent::Namespace(i) => ns(i),
                ItemParent::Type(i) => ty(i),
            }) && t.members.iter().all(|&m| member(m))
                && t.nested.iter().all(|&n| ty(n))
        })
        && tree.member_owners.len() == tree.members.len()
        && tree.member_owners.iter().all(|&owner| ty(owner))
}

/// Serde for an [`Arena`]: its values in order (indices are positions).
pub(crate) mod arena {
    use super::*;

    pub(crate) fn serialize<T: Serialize, S: Serializer>(
        arena: &Arena<T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(arena.values())
    }

    pub(crate) fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Arena<T>, D::Error> {
        Vec::<T>::deserialize(d).map(Arena::from_iter)
    }
}

fn raw<T>(idx: Idx<T>) -> u32 {
    idx.into_raw().into_u32()
}

fn from_raw<T>(n: u32) -> Idx<T> {
    Idx::from_raw(RawIdx::from_u32(n))
}

/// Serde for an arena index, as its position.
pub(crate) mod idx {
    use super::*;

    pub(crate) fn serialize<T, S: Serializer>(idx: &Idx<T>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(raw(*idx))
    }

    pub(crate) fn deserialize<'de, T, D: Deserializer<'de>>(d: D) -> Result<Idx<T>, D::Error> {
        u32::deserialize(d).map(from_raw)
    }
}

pub(crate) mod idx_opt {
    use super::*;

    pub(crate) fn serialize<T, S: Serializer>(
        idx: &Option<Idx<T>>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        idx.map(raw).serialize(s)
    }

    pub(crate) fn deserialize<'de, T, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Idx<T>>, D::Error> {
        Option::<u32>::deserialize(d).map(|n| n.map(from_raw))
    }
}

pub(crate) mod idx_vec {
    use super::*;

    pub(crate) fn serialize<T, S: Serializer>(idxs: &[Idx<T>], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(idxs.iter().map(|&i| raw(i)))
    }

    pub(crate) fn deserialize<'de, T, D: Deserializer<'de>>(d: D) -> Result<Vec<Idx<T>>, D::Error> {
        Vec::<u32>::deserialize(d).map(|v| v.into_iter().map(from_raw).collect())
    }
}

#[cfg(test)]
mod tests;
