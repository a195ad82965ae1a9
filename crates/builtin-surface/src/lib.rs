//! The framework surface csnav carries for machines with no .NET at all: the public API of a set of
//! real reference assemblies, read by the `metadata` crate and stored compactly in `data/surface.bin`
//! by `cargo xtask surface` (its sources, versions and licence: `data/manifest.txt`, README).
//!
//! Loaders use it only where a project's own framework assemblies were not found; it is decoded once
//! per process and shared.

use std::sync::{Arc, OnceLock};

use metadata::Assembly;

/// The encoded surface, as `cargo xtask surface` wrote it.
pub const ENCODED: &[u8] = include_bytes!("../data/surface.bin");

/// Where the surface comes from: one line per assembly (name, version, source file, SHA-256).
pub const MANIFEST: &str = include_str!("../data/manifest.txt");

/// The built-in assemblies, decoded on first use.
pub fn assemblies() -> Arc<[Arc<Assembly>]> {
    static DECODED: OnceLock<Arc<[Arc<Assembly>]>> = OnceLock::new();
    DECODED
        .get_or_init(|| match metadata::surface::decode(ENCODED) {
            Ok(all) => all.into_iter().map(Arc::new).collect(),
            // The data is generated and checked by a test: a decode failure is a build defect, and
            // an empty surface only makes answers less complete (loaders report it).
            Err(_) => Arc::from(Vec::new()),
        })
        .clone()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_surface_decodes_and_holds_the_core_library() {
        let all = metadata::surface::decode(super::ENCODED).expect("surface decodes");
        let mscorlib = all
            .iter()
            .find(|a| a.name == "mscorlib")
            .expect("mscorlib is in the surface");
        assert!(
            mscorlib
                .types
                .iter()
                .any(|t| t.namespace == "System" && t.name == "String")
        );
        assert_eq!(super::assemblies().len(), all.len());
        assert_eq!(super::MANIFEST.lines().count(), all.len());
    }
}
