//! From a path (a `.sln`, `.slnx`, `.csproj` or a folder) to a loaded analysis, rust-analyzer's
//! `load-cargo`: the project model, the file table ([`Vfs`]), the project graph, the source texts and
//! the reference assemblies (the built-in surface where a project's framework was not found). The
//! server, `cargo xtask` and the integration tests all load through here.
//!
//! The steps are public so that the server can put its own work between them (a watcher started
//! before the sources are read, its persisted index read beside them) and reload parts later; [`load`]
//! and [`Model::into_analysis`] run them all for a caller that wants a ready host. Both read the
//! reference assemblies on a thread of their own while the sources are read in parallel, so a load
//! waits for max(sources, assemblies), not their sum.

mod graph;
mod libraries;
mod sources;
mod vfs;

use std::{
    path::{Path, PathBuf},
    sync::Arc,
    time::{Duration, Instant},
};

use ide::{AnalysisHost, Change, FileId};
use project_model::{LoadOptions, LoadProblem, OsFs, Workspace};

pub use crate::{
    graph::{Inputs, inputs, normalize, project_data},
    libraries::{Libraries, Missing, ProjectLibraries},
    sources::{Stamp, read_source, read_texts, stamp, stamps, stamps_of},
    vfs::Vfs,
};

/// How the server loads: reference assemblies looked for where this machine keeps them (the .NET
/// SDK's packs, the NuGet packages folder, Mono). Tests use [`LoadOptions::default`], which finds only
/// what the workspace names, so their answers do not depend on the machine.
pub fn process_options() -> LoadOptions {
    LoadOptions {
        environment: project_model::ReferenceEnvironment::from_process(),
        ..LoadOptions::default()
    }
}

/// The project model at `input`, read from the file system.
pub fn load_model(input: &Path, options: &LoadOptions) -> Workspace {
    project_model::load_workspace_with(&OsFs, input, options)
}

/// A project model and where it lives, the first step of a load.
pub struct Model {
    /// The path asked for, canonical: what a reload reads again.
    pub input: PathBuf,
    /// The model's root, canonical: no file outside it is read.
    pub root: PathBuf,
    pub workspace: Arc<Workspace>,
    /// How long reading the project model took.
    pub took: Duration,
}

impl Model {
    /// Reads the project model at `input`; an error only when `input` cannot be opened (a broken
    /// project is one of the model's problems, and the rest loads).
    pub fn load(input: &Path, options: &LoadOptions) -> std::io::Result<Model> {
        let input = std::fs::canonicalize(input)?;
        let start = Instant::now();
        let workspace = load_model(&input, options);
        let mut model = Model::new(input, workspace);
        model.took = start.elapsed();
        Ok(model)
    }

    /// A model built in memory (the tests' "these files as one project").
    pub fn new(input: PathBuf, workspace: Workspace) -> Model {
        let root =
            std::fs::canonicalize(&workspace.root).unwrap_or_else(|_| workspace.root.clone());
        Model {
            input,
            root,
            workspace: Arc::new(workspace),
            took: Duration::ZERO,
        }
    }

    /// Every step at once: the sources and, on another thread meanwhile, the reference assemblies,
    /// both in the analysis when this returns.
    pub fn into_analysis(self) -> std::io::Result<Loaded> {
        let libraries = LibraryRead::spawn(self.workspace.clone())?;
        let mut vfs = Vfs::default();
        let sources = read_sources(&self.workspace, &self.root, &mut vfs);
        let unread = sources
            .change
            .files
            .iter()
            .filter(|(_, text)| text.is_none())
            .map(|&(id, _)| id)
            .collect();
        let mut host = AnalysisHost::new();
        host.apply_change(sources.change);
        // A reader that panicked leaves the sources without assemblies, as the server does.
        let (libraries, _) = libraries.wait().unwrap_or_default();
        host.apply_change(Change {
            files: Vec::new(),
            project_graph: None,
            libraries: Some(libraries.input()),
        });
        let problems = self
            .workspace
            .problems
            .iter()
            .chain(&sources.problems)
            .chain(&libraries.problems)
            .cloned()
            .collect();
        Ok(Loaded {
            host,
            vfs,
            files: sources.files,
            unread,
            problems,
            model: self,
            libraries,
        })
    }
}

/// The sources of a model, read: ready for the first `Change`.
pub struct Sources {
    /// Every file of every project, deduplicated, in id order.
    pub files: Vec<FileId>,
    /// Files the model listed that are not read (outside the root).
    pub problems: Vec<LoadProblem>,
    /// Each file's stamp, taken before it was read: a write during the read shows as a moved stamp.
    pub stamps: Vec<(FileId, Stamp)>,
    /// The texts (`None` for a file that could not be read) and the project graph.
    pub change: Change,
    /// How long reading took.
    pub took: Duration,
}

/// Gives the model's files ids in `vfs` and reads them, in parallel.
pub fn read_sources(model: &Workspace, root: &Path, vfs: &mut Vfs) -> Sources {
    let inputs = inputs(model, root, vfs);
    let start = Instant::now();
    let stamps = stamps(vfs, &inputs.files);
    let texts = read_texts(vfs, &inputs.files);
    Sources {
        files: inputs.files,
        problems: inputs.problems,
        stamps,
        change: Change {
            files: texts,
            project_graph: Some(inputs.graph),
            libraries: None,
        },
        took: start.elapsed(),
    }
}

/// The reference assemblies of one project model, read on their own thread.
pub struct LibraryRead {
    thread: std::thread::JoinHandle<(Libraries, Duration)>,
}

impl LibraryRead {
    /// Reads on threads of its own, not rayon's global pool: the read is meant to run beside the
    /// parse of the sources, whose pass keeps every worker of that pool busy to its end, and a job
    /// handed to a busy pool waits (`csnav stats` on 106k lines: 560 ms instead of 25, about one time
    /// in two).
    pub fn spawn(model: Arc<Workspace>) -> std::io::Result<LibraryRead> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(rayon::current_num_threads())
            .thread_name(|i| format!("csnav-libraries-{i}"))
            .build()
            .map_err(std::io::Error::other)?;
        let thread = std::thread::Builder::new()
            .name("csnav-libraries".to_owned())
            .spawn(move || {
                let start = Instant::now();
                let mut libraries = Libraries::default();
                pool.install(|| libraries.load(&model));
                (libraries, start.elapsed())
            })?;
        Ok(LibraryRead { thread })
    }

    /// Whether the read is over (its [`LibraryRead::wait`] returns at once).
    pub fn is_done(&self) -> bool {
        self.thread.is_finished()
    }

    /// The assemblies read and how long that took; `None` when reading panicked.
    pub fn wait(self) -> Option<(Libraries, Duration)> {
        self.thread.join().ok()
    }
}

/// A workspace loaded in one go.
pub struct Loaded {
    pub host: AnalysisHost,
    pub vfs: Vfs,
    /// Every source file, in id order.
    pub files: Vec<FileId>,
    /// Files listed but not read (missing, unreadable, not a regular file).
    pub unread: Vec<FileId>,
    /// The model's problems, files outside the root, assemblies not read.
    pub problems: Vec<LoadProblem>,
    pub model: Model,
    pub libraries: Libraries,
}

/// Loads the workspace at `input` completely, unwatched.
pub fn load(input: &Path, options: &LoadOptions) -> std::io::Result<Loaded> {
    Model::load(input, options)?.into_analysis()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A broken project is reported while the rest loads; a file outside the root is not read.
    #[test]
    fn a_broken_project_is_reported_and_the_rest_loads() {
        let base =
            std::env::temp_dir().join(format!("csnav-load-workspace-{}", std::process::id()));
        let dir = base.join("w");
        std::fs::create_dir_all(dir.join("Good")).unwrap();
        std::fs::create_dir_all(dir.join("Broken")).unwrap();
        std::fs::write(base.join("Outside.cs"), "class Outside { }").unwrap();
        std::fs::write(
            dir.join("W.slnx"),
            r#"<Solution><Project Path="Good/Good.csproj" /><Project Path="Broken/Broken.csproj" /></Solution>"#,
        )
        .unwrap();
        std::fs::write(
            dir.join("Good/Good.csproj"),
            "<Project Sdk=\"Microsoft.NET.Sdk\"><ItemGroup><Compile Include=\"../../Outside.cs\" /></ItemGroup></Project>",
        )
        .unwrap();
        std::fs::write(dir.join("Good/A.cs"), "class A { }").unwrap();
        std::fs::write(dir.join("Broken/Broken.csproj"), "<Project").unwrap();

        let loaded = load(&dir.join("W.slnx"), &LoadOptions::default()).unwrap();
        let names: Vec<_> = loaded
            .model
            .workspace
            .projects
            .iter()
            .map(|p| p.name.to_string())
            .collect();
        assert_eq!(names, ["Good"]);
        let files: Vec<_> = loaded
            .files
            .iter()
            .map(|&id| {
                loaded
                    .vfs
                    .path(id)
                    .strip_prefix(&loaded.model.root)
                    .unwrap()
                    .to_owned()
            })
            .collect();
        assert_eq!(files, [Path::new("Good/A.cs")]);
        assert_eq!(loaded.unread, []);
        let problems: Vec<_> = loaded
            .problems
            .iter()
            .map(|p| p.path.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert!(
            problems.contains(&"Broken.csproj".to_owned()),
            "{problems:?}"
        );
        assert!(problems.contains(&"Outside.cs".to_owned()), "{problems:?}");
        // The project names no framework that was found: the built-in surface stands in.
        assert!(!loaded.libraries.assemblies.is_empty());
        let analysis = loaded.host.analysis();
        assert_eq!(
            &*analysis.file_text(loaded.files[0]).unwrap(),
            "class A { }"
        );
        std::fs::remove_dir_all(&base).unwrap();
    }
}
