//! Reads ECMA-335 (.NET) assembly metadata into a plain-data, C#-facing model (`model`): the layer
//! a `.dll` is to csnav what a `.cs` file is to `syntax`. No salsa, no file handles, no unsafe code.
//!
//! Layers, bottom up: `bytes` (bounds-checked reads), `pe` (PE headers → metadata root), `streams`
//! (heaps), `tables` (`#~` row layout and typed rows), `image` (names and reverse indexes),
//! `signature`, `constant`, `attributes`, then `lower` (tables → model). A type's members are lowered
//! when first read, from the image kept with the file's bytes (`image::OwnedImage`). `surface`
//! stores models compactly; `dump` renders them as text for tests and debugging. Any malformed
//! input yields an `Err`, never a panic.
//!
//! The table layer is written here rather than taken from a crate. Evaluated:
//! - `dotnetdll` reads everything needed, but is GPL-3.0.
//! - `dotscope` (Apache-2.0) reads everything, but is a reverse-engineering framework of ~500k
//!   lines with ~40 required dependencies (crypto, x86 decoding, XML, goblin): far from building
//!   fast, for the few hundred lines of table reading used here.
//! - `pelite`, `goblin`, `object` read PE/COFF only, not the CLI metadata; the PE part needed here
//!   (locating the CLI header) is ~100 lines, so none of them is worth a dependency.
//!
//! C# 14 extension members (`extension(T t) { … }` blocks): the compiler emits unspeakable nested
//! grouping and marker types (`<G>$…`, `<M>$…`) carrying the skeleton members; like every
//! compiler-generated type they are dropped, and the static implementation methods in the
//! enclosing static class stay as ordinary static (or, for extension methods, `[Extension]`) methods.

mod attributes;
mod bytes;
mod constant;
pub mod dump;
mod error;
mod image;
mod lower;
mod members;
pub mod model;
mod pe;
mod signature;
mod streams;
pub mod surface;
mod tables;

pub use error::Error;
pub use model::*;

use std::path::Path;

/// Reads the assembly in a PE image's bytes (copied: the model keeps them for its members).
pub fn read_assembly(bytes: &[u8]) -> Result<Assembly, Error> {
    read_owned(bytes.to_vec())
}

/// Reads the assembly in a file.
pub fn read_file(path: &Path) -> Result<Assembly, Error> {
    read_owned(std::fs::read(path)?)
}

/// Types are lowered now, each type's members when first read (`members`): code uses the members
/// of few framework types, and lowering every method of every referenced assembly was most of
/// reading them.
fn read_owned(bytes: Vec<u8>) -> Result<Assembly, Error> {
    lower::assembly(&std::sync::Arc::new(image::OwnedImage::try_new(
        bytes,
        |bytes| image::Image::open(bytes),
    )?))
}
