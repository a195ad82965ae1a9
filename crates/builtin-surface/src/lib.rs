//! The framework surfaces csnav carries for machines with no .NET at all: the public API of real
//! assemblies, read by the `metadata` crate and stored compactly under `data/` by `cargo xtask
//! surface` (their sources, versions and licences: the manifests, README).
//!
//! - [`Flavor::NetFx`]: .NET Framework 4.8 (Mono's reference assemblies), for .NET Framework and
//!   .NET Standard projects;
//! - [`Flavor::NetCore`]: .NET Core 2.2 and ASP.NET Core 2.2 (their shared frameworks), for .NET Core
//!   and .NET 5+ projects.
//!
//! Loaders use them only where a project's own framework assemblies were not found; each is decoded
//! once per process and shared: its types at once, its members' section inflated on a thread of
//! its own and each type's members decoded when first read (`metadata::surface`).

use std::sync::{Arc, OnceLock};

use metadata::Assembly;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flavor {
    NetFx,
    NetCore,
}

impl Flavor {
    /// The encoded surface, as `cargo xtask surface` wrote it.
    pub fn encoded(self) -> &'static [u8] {
        match self {
            Flavor::NetFx => include_bytes!("../data/netfx.bin"),
            Flavor::NetCore => include_bytes!("../data/netcore.bin"),
        }
    }

    /// Where the surface comes from: one line per assembly (name, version, source file, SHA-256).
    pub fn manifest(self) -> &'static str {
        match self {
            Flavor::NetFx => include_str!("../data/netfx.manifest.txt"),
            Flavor::NetCore => include_str!("../data/netcore.manifest.txt"),
        }
    }

    /// What people call it.
    pub fn describe(self) -> &'static str {
        match self {
            Flavor::NetFx => "built-in .NET Framework 4.8 surface",
            Flavor::NetCore => "built-in .NET Core 2.2 and ASP.NET Core 2.2 surface",
        }
    }
}

/// The built-in assemblies of a flavour, decoded on first use.
pub fn assemblies(flavor: Flavor) -> Arc<[Arc<Assembly>]> {
    static NETFX: OnceLock<Arc<[Arc<Assembly>]>> = OnceLock::new();
    static NETCORE: OnceLock<Arc<[Arc<Assembly>]>> = OnceLock::new();
    let cell = match flavor {
        Flavor::NetFx => &NETFX,
        Flavor::NetCore => &NETCORE,
    };
    cell.get_or_init(|| match metadata::surface::decode(flavor.encoded()) {
        Ok(all) => {
            let all: Arc<[Arc<Assembly>]> = all.into_iter().map(Arc::new).collect();
            // The types are what indexes and the first answers read; the members' section
            // inflates beside them, before most bodies ask for a member.
            let members = all.clone();
            std::thread::spawn(move || {
                metadata::surface::inflate_members(members.iter().map(|a| &**a))
            });
            all
        }
        // The data is generated and checked by a test: a decode failure is a build defect, and an
        // empty surface only makes answers less complete.
        Err(_) => Arc::from(Vec::new()),
    })
    .clone()
}

#[cfg(test)]
mod tests {
    use super::Flavor;

    fn has_type(flavor: Flavor, namespace: &str, name: &str) -> bool {
        super::assemblies(flavor).iter().any(|a| {
            a.types
                .iter()
                .any(|t| t.namespace == namespace && t.name == name)
        })
    }

    #[test]
    fn the_surfaces_decode_and_hold_their_frameworks() {
        for flavor in [Flavor::NetFx, Flavor::NetCore] {
            let all = metadata::surface::decode(flavor.encoded()).expect("surface decodes");
            assert_eq!(super::assemblies(flavor).len(), all.len());
            assert_eq!(flavor.manifest().lines().count(), all.len());
            assert!(has_type(flavor, "System", "String"));
        }
        assert!(has_type(Flavor::NetFx, "System.Data", "CommandType"));
        assert!(has_type(Flavor::NetCore, "System", "Span"));
        assert!(has_type(
            Flavor::NetCore,
            "Microsoft.AspNetCore.Mvc",
            "ControllerBase"
        ));
    }
}
