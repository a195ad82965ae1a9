//! From a folder, `.sln`, `.slnx` or `.csproj` to a plain project graph.
//!
//! This crate knows MSBuild just well enough to answer what a code-navigation engine needs: which
//! `.cs` files make up each project, which preprocessor symbols and global usings apply, and how
//! projects reference each other. It evaluates project files with a small MSBuild property
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

mod dump;
mod fs;
mod glob;
mod items;
mod msbuild;
mod os_fs;
mod paths;
mod project;
mod sdk;
mod solution;
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
