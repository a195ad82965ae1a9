//! Persisted per-file artifacts: a read-through cache that lets a restarted process decode what an
//! earlier one computed instead of parsing, lowering and lexing every file again.
//!
//! Only results that are a pure function of one file's inputs are kept, so a persisted value is
//! exactly what the computation would give: a file's item tree and item source map depend on its text
//! and the preprocessor symbols its `#if`s see (its key hashes both), its word index on its text
//! alone. The cache is consulted inside the query that would otherwise
//! compute the value (`item_tree_with_source_map`, `word_index`), which still reads the same inputs,
//! so salsa's dependency tracking is unchanged and an edited file simply misses. What depends on more
//! than one file (def maps, symbol indexes, bound call sites) is never persisted: it is recomputed
//! from these, and salsa ids (interned, valid in one process only) never appear in what is stored.
//!
//! This module is a plain store, below the database: the keys are computed by the database
//! (`base_db/keys.rs`) and each artifact is decoded and checked by its owner (the item tree's in
//! `item_tree/persisted.rs`; the word index, a `syntax` type, here).
//!
//! This crate knows no files: a store (the server's `index_cache.rs`) fills an [`ArtifactCache`]
//! with the encoded entries it read, stamped with the build that wrote them, and writes back
//! [`ArtifactCache::take_entries`] once the workspace is indexed. An entry that does not decode, or
//! decodes to something the computation could not give (an index out of its arena, unsorted words),
//! is computed as if it were absent.

use std::sync::{
    Mutex,
    atomic::{AtomicBool, AtomicUsize, Ordering},
};

use la_arena::{Arena, Idx, RawIdx};
use rustc_hash::FxHashMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use syntax::WordIndex;

/// SHA-256 of everything an artifact is computed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ContentHash(pub [u8; 32]);

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

pub(crate) enum Used {
    /// Decoded from `stored` under the same key.
    Stored,
    /// Computed here; encoded only when written, off the query's path.
    Computed(Box<dyn Encode>),
    /// Computed here and encoded at once.
    Encoded(Vec<u8>),
}

/// A computed artifact, encoded when the entries are taken.
pub(crate) trait Encode: Send + Sync {
    fn encode(&self) -> Option<Vec<u8>>;
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

    /// The artifact stored under `key` when `decode` accepts it, else `compute()`'s, recorded for
    /// writing as `keep` says (`None`: not kept). What a decoder accepts must be what the
    /// computation could give: the queries index into it without checking.
    pub(crate) fn read_through<T>(
        &self,
        key: ContentHash,
        decode: impl FnOnce(&[u8]) -> Option<T>,
        compute: impl FnOnce() -> T,
        keep: impl FnOnce(&T) -> Option<Used>,
    ) -> T {
        if let Some(bytes) = self.stored.get(&key) {
            if let Some(value) = decode(bytes) {
                self.hits.fetch_add(1, Ordering::Relaxed);
                self.record(key, Used::Stored);
                return value;
            }
            self.undecodable.fetch_add(1, Ordering::Relaxed);
        } else {
            self.misses.fetch_add(1, Ordering::Relaxed);
        }
        let computed = compute();
        if let Some(used) = keep(&computed) {
            self.record(key, used);
        }
        computed
    }

    /// The word index stored under `key`, else `compute()`'s, recorded for writing.
    pub(crate) fn word_index(
        &self,
        key: ContentHash,
        compute: impl FnOnce() -> WordIndex,
    ) -> WordIndex {
        self.read_through(
            key,
            |bytes| {
                postcard::from_bytes::<Vec<&str>>(bytes)
                    .ok()
                    .and_then(WordIndex::from_sorted_words)
            },
            compute,
            // A word index is its words: encoding them is a copy, done at once.
            |index| {
                postcard::to_allocvec(&index.iter().collect::<Vec<&str>>())
                    .ok()
                    .map(Used::Encoded)
            },
        )
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
                    Used::Computed(artifact) => artifact.encode()?,
                    Used::Encoded(bytes) => bytes,
                };
                Some((key, bytes))
            })
            .collect();
        entries.sort_unstable_by_key(|(key, _)| *key);
        entries
    }
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

pub(crate) fn raw<T>(idx: Idx<T>) -> u32 {
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
