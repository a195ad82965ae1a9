//! `cargo xtask surface`: generates the built-in framework surface (`crates/builtin-surface/data`) from
//! real reference assemblies a fresh Debian machine can install: Mono's .NET Framework 4.8 reference
//! assemblies (`apt-get install mono-devel`, `/usr/lib/mono/4.8-api`; MIT licensed, as Mono's class
//! libraries are). The manifest records each input's SHA-256, so the staleness test can tell whether
//! the committed data is what these inputs give.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// Mono's reference assemblies for .NET Framework 4.8.
pub(crate) const MONO_API: &str = "/usr/lib/mono/4.8-api";

/// The assemblies of the surface, in priority order: the ones SDK-style and legacy .NET Framework
/// projects reference by default, and the framework APIs library code uses most.
const ASSEMBLIES: &[&str] = &[
    "mscorlib",
    "System",
    "System.Core",
    "System.Data",
    "System.Xml",
    "System.Xml.Linq",
    "System.Net.Http",
    "System.Numerics",
    "System.Runtime.Serialization",
    "System.ComponentModel.DataAnnotations",
    "System.Configuration",
    "System.Transactions",
    "System.Web",
    "System.Drawing",
    "Microsoft.CSharp",
];

pub(crate) struct Generated {
    pub(crate) surface: Vec<u8>,
    pub(crate) manifest: String,
}

pub(crate) fn run(args: &[String]) -> Result<()> {
    if let Some(arg) = args.first() {
        anyhow::bail!("`cargo xtask surface` takes no arguments, got `{arg}`");
    }
    let generated = generate(Path::new(MONO_API))?;
    let dir = data_dir();
    std::fs::write(dir.join("surface.bin"), &generated.surface)?;
    std::fs::write(dir.join("manifest.txt"), &generated.manifest)?;
    eprintln!(
        "wrote {} ({} bytes) from {} assemblies",
        dir.join("surface.bin").display(),
        generated.surface.len(),
        generated.manifest.lines().count()
    );
    Ok(())
}

pub(crate) fn data_dir() -> PathBuf {
    crate::project_root().join("crates/builtin-surface/data")
}

pub(crate) fn generate(mono_api: &Path) -> Result<Generated> {
    let mut assemblies = Vec::new();
    let mut manifest = String::new();
    for name in ASSEMBLIES {
        let path = mono_api.join(format!("{name}.dll"));
        let bytes = std::fs::read(&path).with_context(|| {
            format!(
                "cannot read {} (install Mono's reference assemblies: apt-get install mono-devel)",
                path.display()
            )
        })?;
        let asm = metadata::read_assembly(&bytes)
            .map_err(|err| anyhow::anyhow!("{}: {err}", path.display()))?;
        let [a, b, c, d] = asm.version;
        manifest.push_str(&format!(
            "{} {a}.{b}.{c}.{d} mono:4.8-api/{name}.dll sha256:{}\n",
            asm.name,
            sha256_hex(&bytes)
        ));
        assemblies.push(asm);
    }
    Ok(Generated {
        surface: metadata::surface::encode(&assemblies),
        manifest,
    })
}

fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The committed surface is what the generator makes of the inputs its manifest names: a change to
    /// the generator or the reader shows here. CI installs Mono (`cargo xtask test` with
    /// `CSNAV_REQUIRE_MONO=1`); elsewhere the check needs Mono too.
    #[test]
    fn builtin_surface_is_fresh() {
        let mono = Path::new(super::MONO_API);
        if !mono.join("mscorlib.dll").exists() {
            assert!(
                std::env::var_os("CSNAV_REQUIRE_MONO").is_none(),
                "CSNAV_REQUIRE_MONO is set but {} is missing",
                mono.display()
            );
            eprintln!(
                "skipped: {} is missing (apt-get install mono-devel)",
                mono.display()
            );
            return;
        }
        let generated = super::generate(mono).expect("surface generation");
        let dir = super::data_dir();
        let manifest = std::fs::read_to_string(dir.join("manifest.txt")).unwrap_or_default();
        if manifest != generated.manifest {
            // Another build of Mono than the one the surface was made from: the committed data still
            // is what its manifest says, so this is news, not a defect of the checkout.
            eprintln!(
                "note: this machine's Mono reference assemblies differ from the surface's manifest; \
                 `cargo xtask surface` would regenerate it from them"
            );
            return;
        }
        let surface = std::fs::read(dir.join("surface.bin")).unwrap_or_default();
        assert!(
            surface == generated.surface,
            "stale crates/builtin-surface/data/surface.bin: run `cargo xtask surface`"
        );
    }
}
