//! [`ReferenceEnvironment::from_process`]: where this machine keeps .NET installations, NuGet
//! packages and Mono, from the environment and the usual install folders. The environment is
//! read through [`Host`] so the rules can be tested without touching the process.

use std::{
    ffi::OsString,
    path::{Path, PathBuf},
};

use crate::ReferenceEnvironment;

/// What [`ReferenceEnvironment::from_process`] asks of the machine.
pub(crate) trait Host {
    fn var(&self, name: &str) -> Option<OsString>;
    /// The target of a symbolic link chain, for `dotnet` and `mono` on `PATH`.
    fn canonicalize(&self, path: &Path) -> Option<PathBuf>;
    fn is_file(&self, path: &Path) -> bool;
    fn is_dir(&self, path: &Path) -> bool;
    fn is_windows(&self) -> bool;
}

struct Process;

impl Host for Process {
    fn var(&self, name: &str) -> Option<OsString> {
        std::env::var_os(name)
    }

    fn canonicalize(&self, path: &Path) -> Option<PathBuf> {
        std::fs::canonicalize(path).ok()
    }

    fn is_file(&self, path: &Path) -> bool {
        path.is_file()
    }

    fn is_dir(&self, path: &Path) -> bool {
        path.is_dir()
    }

    fn is_windows(&self) -> bool {
        cfg!(windows)
    }
}

impl ReferenceEnvironment {
    /// The server's environment:
    /// - .NET: `DOTNET_ROOT`, the folder of `dotnet` on `PATH` (links resolved), then the usual
    ///   install folders (`/usr/share/dotnet`, `/usr/lib/dotnet`, `/usr/local/share/dotnet`,
    ///   `~/.dotnet`, Homebrew's, `C:\Program Files\dotnet`);
    /// - NuGet: `NUGET_PACKAGES`, else `~/.nuget/packages`;
    /// - .NET Framework: `Reference Assemblies\Microsoft\Framework\.NETFramework` under
    ///   `Program Files (x86)` on Windows;
    /// - Mono: next to `mono` on `PATH`, then `/usr/lib/mono`, `/usr/local/lib/mono`, the macOS
    ///   framework, Homebrew's, `C:\Program Files\Mono\lib\mono`.
    ///
    /// The usual folders are listed whether or not they exist, so a reference that is not found
    /// can say where it was looked for.
    pub fn from_process() -> ReferenceEnvironment {
        from_host(&Process)
    }
}

pub(crate) fn from_host(host: &dyn Host) -> ReferenceEnvironment {
    let home = host
        .var("HOME")
        .or_else(|| host.var("USERPROFILE"))
        .filter(|h| !h.is_empty())
        .map(PathBuf::from);
    let path_dirs: Vec<PathBuf> = host
        .var("PATH")
        .map(|path| std::env::split_paths(&path).collect())
        .unwrap_or_default();
    let windows = host.is_windows();
    let program_files = |var: &str, default: &str| {
        host.var(var)
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(default))
    };

    let mut dotnet_roots = Vec::new();
    dotnet_roots.extend(
        host.var("DOTNET_ROOT")
            .filter(|r| !r.is_empty())
            .map(PathBuf::from),
    );
    // `dotnet` on `PATH` is usually a link into the installation (`/usr/bin/dotnet`); a folder
    // without `packs` or `sdk` is not one (a shim, a snap).
    dotnet_roots.extend(
        on_path(host, &path_dirs, "dotnet")
            .and_then(|exe| exe.parent().map(Path::to_path_buf))
            .filter(|root| host.is_dir(&root.join("packs")) || host.is_dir(&root.join("sdk"))),
    );
    let mut mono_roots: Vec<PathBuf> = on_path(host, &path_dirs, "mono")
        .and_then(|exe| Some(exe.parent()?.parent()?.join("lib/mono")))
        .into_iter()
        .collect();
    let mut netfx_reference_roots = Vec::new();
    if windows {
        let program_files_64 = program_files("ProgramFiles", r"C:\Program Files");
        let program_files_32 = program_files("ProgramFiles(x86)", r"C:\Program Files (x86)");
        dotnet_roots.push(program_files_64.join("dotnet"));
        if let Some(local) = host.var("LOCALAPPDATA") {
            dotnet_roots.push(PathBuf::from(local).join("Microsoft").join("dotnet"));
        }
        netfx_reference_roots
            .push(program_files_32.join(r"Reference Assemblies\Microsoft\Framework\.NETFramework"));
        mono_roots.push(program_files_64.join(r"Mono\lib\mono"));
    } else {
        dotnet_roots.extend(
            [
                "/usr/share/dotnet",
                "/usr/lib/dotnet",
                "/usr/lib64/dotnet",
                "/usr/local/share/dotnet",
                "/opt/dotnet",
                "/opt/homebrew/opt/dotnet/libexec",
                "/usr/local/opt/dotnet/libexec",
            ]
            .map(PathBuf::from),
        );
        mono_roots.extend(
            [
                "/usr/lib/mono",
                "/usr/local/lib/mono",
                "/Library/Frameworks/Mono.framework/Versions/Current/lib/mono",
                "/opt/homebrew/opt/mono/lib/mono",
            ]
            .map(PathBuf::from),
        );
    }
    dotnet_roots.extend(home.as_ref().map(|home| home.join(".dotnet")));

    let nuget_packages = host
        .var("NUGET_PACKAGES")
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .or_else(|| Some(home?.join(".nuget").join("packages")));
    ReferenceEnvironment {
        dotnet_roots: dedup(dotnet_roots),
        nuget_packages,
        netfx_reference_roots,
        mono_roots: dedup(mono_roots),
    }
}

/// The first `name` (or `name.exe`) in the `PATH` folders, links resolved.
fn on_path(host: &dyn Host, path_dirs: &[PathBuf], name: &str) -> Option<PathBuf> {
    let names = [name.to_owned(), format!("{name}.exe")];
    path_dirs
        .iter()
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|exe| host.is_file(exe))
        .map(|exe| host.canonicalize(&exe).unwrap_or(exe))
}

fn dedup(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut seen = Vec::new();
    for path in paths {
        if !seen.contains(&path) {
            seen.push(path);
        }
    }
    seen
}
