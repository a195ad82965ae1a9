//! From a folder, `.sln`, `.slnx` or `.csproj` to a plain project graph.
//!
//! This crate knows MSBuild just well enough to answer what a code-navigation engine needs: which
//! `.cs` files make up each project, which preprocessor symbols and global usings apply, how
//! projects reference each other, and which reference assemblies each compiles against (module
//! `references`: found, never read). It evaluates project files with a small MSBuild property
//! evaluator (module `msbuild`) and emulates the few parts of the .NET SDK that matter (module
//! `sdk`); it never runs MSBuild. Bad input never panics: it becomes a [`LoadProblem`] and the
//! rest of the workspace still loads.
//!
//! All file access goes through [`FileSystem`], so tests run against [`MemoryFs`] and only the
//! server touches the disk (through [`OsFs`]).
//!
//! Decisions where this crate is not plain MSBuild:
//! - The default `Compile` glob of an SDK project leaves out folders holding another project file
//!   (MSBuild would compile them twice) and `node_modules`.
//! - Expressions it cannot evaluate (unknown property functions, `@(..)`, `%(..)`) count as
//!   absent: such a property keeps its previous value, such a condition is false. Nothing is
//!   reported, because real projects are full of them in places that do not matter here.
//! - Imports of missing files are skipped silently (legacy projects import toolset files).
//!   `Directory.Build.targets` and other `.targets` files of the SDK are not read; only the
//!   nearest `Directory.Build.props` (and what it imports) is.
//! - `Configuration` is a global property (`Debug` unless [`LoadOptions`] says otherwise), as in
//!   an IDE; a multi-targeted project is evaluated a second time with `TargetFramework` set to
//!   the active framework, like MSBuild's inner build.
//! - Legacy projects get no framework symbols (`NET472`): only the SDK defines them.
//! - References come from the assets file of a restore when there is one, else from the
//!   packages folder as NuGet would choose; a package that a workspace project builds is that
//!   project. A framework that is not installed in the target's version is taken from the
//!   nearest version that is (a `net9.0` project on a machine with .NET 8 gets .NET 8's).

mod dump;
mod fs;
mod glob;
mod items;
mod msbuild;
mod os_fs;
mod paths;
mod project;
mod references;
mod sdk;
mod solution;
pub mod source_text;
mod tfm;
mod workspace;

#[cfg(test)]
mod tests;

use std::path::PathBuf;

use smol_str::SmolStr;

pub use crate::{
    fs::{DirEntry, FileSystem, MemoryFs},
    os_fs::OsFs,
    workspace::{load_workspace, load_workspace_with},
};

/// Choices a user can make that MSBuild would take as global properties.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadOptions {
    /// Which of a multi-targeted project's frameworks to analyse; the first listed when `None` or
    /// when the project does not list it.
    pub target_framework: Option<String>,
    /// `Debug` when `None`.
    pub configuration: Option<String>,
    /// Where reference assemblies outside the workspace are looked for.
    pub environment: ReferenceEnvironment,
}

/// The places outside the workspace that hold reference assemblies. Tests build one by hand; the
/// server uses [`ReferenceEnvironment::from_process`]. The default is empty: then only what the
/// workspace itself names is found (assets files and the package folders they list, hint paths).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReferenceEnvironment {
    /// .NET installations (the folders holding `packs/`), best first.
    pub dotnet_roots: Vec<PathBuf>,
    /// The NuGet global packages folder.
    pub nuget_packages: Option<PathBuf>,
    /// Folders holding the .NET Framework reference assemblies by version (`v4.8/`), as
    /// `C:\Program Files (x86)\Reference Assemblies\Microsoft\Framework\.NETFramework`.
    pub netfx_reference_roots: Vec<PathBuf>,
    /// Mono's library folders, holding `4.8-api/` and the like (`/usr/lib/mono`).
    pub mono_roots: Vec<PathBuf>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Workspace {
    /// The folder of the solution or project file, or the folder given.
    pub root: PathBuf,
    pub kind: WorkspaceKind,
    /// Projects of the solution (in its order), then projects only reached through
    /// `ProjectReference`s.
    pub projects: Vec<Project>,
    pub problems: Vec<LoadProblem>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkspaceKind {
    Solution(PathBuf),
    Project(PathBuf),
    Folder,
}

/// Something that could not be loaded, or a choice the loader made that the user should know of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadProblem {
    pub path: PathBuf,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Project {
    pub name: SmolStr,
    /// `None` for the implicit project of a folder without project files.
    pub path: Option<PathBuf>,
    pub dir: PathBuf,
    pub kind: ProjectKind,
    pub assembly_name: SmolStr,
    pub root_namespace: SmolStr,
    pub target_frameworks: Vec<SmolStr>,
    pub active_target_framework: Option<SmolStr>,
    pub lang_version: Option<SmolStr>,
    /// Preprocessor symbols: `DefineConstants` after evaluation (with the SDK's `TRACE` and
    /// configuration symbol) and the symbols implied by the active target framework.
    pub defines: Vec<SmolStr>,
    pub global_usings: Vec<GlobalUsing>,
    pub nullable: Option<SmolStr>,
    /// Sorted, deduplicated `.cs` files compiled by the project.
    pub files: Vec<PathBuf>,
    pub project_references: Vec<ProjectReference>,
    /// `PackageReference`s to packages that a project of the workspace builds: they bind to
    /// that project's sources, not to a package's assemblies.
    pub package_project_references: Vec<PackageProjectReference>,
    /// The reference assemblies of the active target framework, and what could not be found.
    pub references: References,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProjectKind {
    /// An SDK-style project; `sdk` is the first SDK named, without version.
    Sdk { sdk: SmolStr },
    /// An old-style project (`ToolsVersion`, explicit `Compile` items).
    Legacy,
    /// All `.cs` files of a folder that has no project file.
    Implicit,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalUsing {
    pub namespace_or_type: SmolStr,
    pub alias: Option<SmolStr>,
    pub is_static: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProjectReference {
    /// The referenced project file, normalised.
    pub path: PathBuf,
    /// Index into [`Workspace::projects`]; `None` when the project could not be loaded (missing,
    /// malformed, or not a C# project).
    pub project: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackageProjectReference {
    /// The package id as the reference names it.
    pub package: SmolStr,
    /// Index into [`Workspace::projects`].
    pub project: usize,
}

/// The metadata a project compiles against, without reading it: which assembly files, from
/// where. A project always has one, even when nothing was found (then [`References::missing`]
/// says why).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct References {
    /// Deduplicated by file name (ignoring case), in this order: the framework's assemblies
    /// (sorted by name), the packages' (in reference order, then transitive ones; by package id
    /// when from an assets file), then `Reference` items (hint paths and files). A package assembly named like a framework one
    /// replaces it only when the package's version is higher than the framework's (as a newer
    /// `System.Text.Json` package wins over the one in the framework); otherwise the first wins.
    pub assemblies: Vec<ReferenceAssembly>,
    pub missing: Vec<MissingReference>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReferenceAssembly {
    pub path: PathBuf,
    pub origin: ReferenceOrigin,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReferenceOrigin {
    /// A reference pack of the .NET SDK (`Microsoft.NETCore.App` 8.0.11), the .NET Framework
    /// reference assemblies (`.NETFramework` 4.8, from a targeting pack or its NuGet package),
    /// or `NETStandard.Library`'s reference assemblies.
    Framework { name: SmolStr, version: SmolStr },
    /// A package found in the packages folder from a `PackageReference` or a `.nuspec`
    /// dependency (no restore happened).
    Package { id: SmolStr, version: SmolStr },
    /// A package's compile asset listed in `obj/project.assets.json`.
    AssetsFile { id: SmolStr, version: SmolStr },
    /// A `Reference` item's `HintPath`, or a `Reference` naming a file.
    HintPath,
    /// Mono's reference assemblies for .NET Framework (`/usr/lib/mono/4.8-api`).
    Mono { version: SmolStr },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissingReference {
    pub kind: MissingKind,
    /// `Microsoft.NETCore.App`, a package id, an assembly name.
    pub name: SmolStr,
    /// The framework or package version asked for, if any.
    pub version: Option<SmolStr>,
    /// What was looked for where, for a person to act on.
    pub reason: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MissingKind {
    /// A framework: a reference pack, the .NET Framework reference assemblies.
    Framework,
    Package,
    /// A `Reference` item (by name or hint path) or a framework assembly it names.
    Assembly,
}
