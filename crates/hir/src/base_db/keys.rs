//! The keys of the persisted artifacts (`persist.rs`): SHA-256 of everything each is computed
//! from, read from the inputs the computing query reads anyway.

use sha2::{Digest, Sha256};
use syntax::Defines;

use crate::{
    base_db::{Db, SourceFile},
    persist::ContentHash,
};

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
