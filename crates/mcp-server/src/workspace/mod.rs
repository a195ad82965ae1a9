//! The live workspace: the project model, the file table, the analysis host and the watcher that keeps
//! them current.

mod libraries;
mod load;

pub use load::project_data;
mod vfs;
mod watcher;

use std::{
    collections::{HashMap, HashSet},
    path::{Path, PathBuf},
    sync::Arc,
    time::{Duration, Instant},
};

use anyhow::Context;
use ide::{Analysis, AnalysisHost, Change, FileId, ProjectId};
use project_model::{LoadProblem, OsFs, Workspace, WorkspaceKind};

use self::{
    libraries::{Libraries, ProjectLibraries},
    watcher::{Pending, Watcher},
};
pub(crate) use self::{load::read_source, vfs::Vfs};
use crate::paths::WorkspaceRoot;

/// What tools see of the workspace at one revision; immutable, shared with running requests.
pub(crate) struct World {
    pub(crate) root: WorkspaceRoot,
    pub(crate) kind: &'static str,
    pub(crate) vfs: Arc<Vfs>,
    pub(crate) projects: Vec<ProjectSummary>,
    pub(crate) project_names: Vec<String>,
    pub(crate) problems: Vec<LoadProblem>,
    pub(crate) revision: u64,
    pub(crate) watcher: String,
    /// How many pending file-system changes the last sync applied.
    pub(crate) changes_applied: usize,
    sources: HashSet<FileId>,
}

pub(crate) struct ProjectSummary {
    pub(crate) name: String,
    pub(crate) path: Option<PathBuf>,
    pub(crate) kind: String,
    pub(crate) target_framework: Option<String>,
    pub(crate) files: Vec<FileId>,
    pub(crate) libraries: ProjectLibraries,
}

impl World {
    pub(crate) fn path(&self, file: FileId) -> &Path {
        self.vfs.path(file)
    }

    /// The id of a C# file that some loaded project compiles.
    pub(crate) fn source_file(&self, path: &Path) -> Option<FileId> {
        self.vfs
            .file_id(path)
            .filter(|id| self.sources.contains(id))
    }

    pub(crate) fn project_id(&self, name: &str) -> Option<ProjectId> {
        self.projects
            .iter()
            .position(|p| p.name == name)
            .map(|i| ProjectId(i as u32))
    }

    pub(crate) fn file_count(&self) -> usize {
        self.sources.len()
    }
}

/// A consistent pair: the analysis snapshot and the world it was taken at.
pub(crate) struct Snapshot {
    pub(crate) analysis: Analysis,
    pub(crate) world: Arc<World>,
}

pub(crate) struct LiveWorkspace {
    host: AnalysisHost,
    state: State,
    watcher: Result<Watcher, String>,
    revision: u64,
    world: Arc<World>,
}

/// The loader's side of the workspace: where it is and what it holds.
struct State {
    input: PathBuf,
    root: PathBuf,
    vfs: Arc<Vfs>,
    model: Workspace,
    files: Vec<FileId>,
    /// Taken before each file was last read: a file whose stamp moved has changed even if the
    /// watcher has not said so yet (or cannot: watch limits, network file systems).
    stamps: HashMap<FileId, load::Stamp>,
    load_problems: Vec<LoadProblem>,
    libraries: Libraries,
}

/// Timings of the initial load, for `csnav load` and `server_status`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LoadTimings {
    pub(crate) project_model: Duration,
    pub(crate) read: Duration,
    pub(crate) libraries: Duration,
    pub(crate) files: usize,
    pub(crate) bytes: usize,
}

impl LiveWorkspace {
    /// Loads the workspace at `input` (a folder, `.sln`, `.slnx` or `.csproj`).
    pub(crate) fn load(input: &Path, watch: bool) -> anyhow::Result<(LiveWorkspace, LoadTimings)> {
        let input = std::fs::canonicalize(input)
            .with_context(|| format!("cannot open {}", input.display()))?;
        let start = Instant::now();
        let model = load_model(&input);
        let root = std::fs::canonicalize(&model.root).unwrap_or_else(|_| model.root.clone());
        let project_model = start.elapsed();

        let mut vfs = Vfs::default();
        let inputs = load::inputs(&model, &root, &mut vfs);
        let start = Instant::now();
        let stamps = load::stamps(&vfs, &inputs.files).into_iter().collect();
        // Source texts and reference assemblies are read side by side: the assemblies cost the first
        // answer only what outlasts the texts.
        let mut libraries = Libraries::default();
        let ((texts, read), libraries_time) = rayon::join(
            || {
                let texts = load::read_texts(&vfs, &inputs.files);
                (texts, start.elapsed())
            },
            || {
                libraries.load(&model, true);
                start.elapsed()
            },
        );
        let timings = LoadTimings {
            project_model,
            read,
            libraries: libraries_time,
            files: texts.len(),
            bytes: texts
                .iter()
                .filter_map(|(_, t)| t.as_ref())
                .map(|t| t.len())
                .sum(),
        };
        let mut host = AnalysisHost::new();
        host.apply_change(Change {
            files: texts,
            project_graph: Some(inputs.graph),
            libraries: Some(libraries.input()),
        });
        // Watch before answering anything, so no edit after the load goes unseen.
        let watcher = if watch {
            Watcher::start(&root).map_err(|e| format!("not watching: {e}"))
        } else {
            Err("not watching".to_owned())
        };
        let state = State {
            input,
            root,
            vfs: Arc::new(vfs),
            model,
            files: inputs.files,
            stamps,
            load_problems: inputs.problems,
            libraries,
        };
        let world = Arc::new(state.world(watcher_state(&watcher), 1, 0));
        Ok((
            LiveWorkspace {
                host,
                state,
                watcher,
                revision: 1,
                world,
            },
            timings,
        ))
    }

    pub(crate) fn snapshot(&self) -> Snapshot {
        Snapshot {
            analysis: self.host.analysis(),
            world: self.world.clone(),
        }
    }

    pub(crate) fn world(&self) -> &Arc<World> {
        &self.world
    }

    pub(crate) fn files(&self) -> &[FileId] {
        &self.state.files
    }

    /// Applies every change the watcher has reported and every file whose stamp moved. Must not run while
    /// this thread holds a snapshot: applying a change waits for all snapshots to be dropped. Runs under
    /// the workspace lock, so it must not hand work to rayon either: priming workers wait for that lock.
    pub(crate) fn sync(&mut self) {
        let mut pending = Pending::default();
        if let Ok(watcher) = &mut self.watcher {
            watcher.drain(&mut pending);
        }
        self.state.stale_files(&mut pending);
        if pending.is_empty() {
            return;
        }
        let applied = pending.len();
        let change = if pending.reload {
            self.state.reload(&pending)
        } else {
            self.state.text_change(&pending)
        };
        if !change.files.is_empty() || change.project_graph.is_some() {
            self.host.apply_change(change);
            self.revision += 1;
        }
        self.world = Arc::new(self.state.world(
            watcher_state(&self.watcher),
            self.revision,
            applied,
        ));
        tracing::info!(
            revision = self.revision,
            applied,
            "applied workspace changes"
        );
    }
}

/// The project model, with reference assemblies looked for where this machine keeps them (the .NET
/// SDK's packs, the NuGet packages folder, Mono).
fn load_model(input: &Path) -> Workspace {
    let options = project_model::LoadOptions {
        environment: project_model::ReferenceEnvironment::from_process(),
        ..project_model::LoadOptions::default()
    };
    project_model::load_workspace_with(&OsFs, input, &options)
}

fn watcher_state(watcher: &Result<Watcher, String>) -> String {
    match watcher {
        Ok(Watcher {
            error: Some(error), ..
        }) => format!("watching (last error: {error})"),
        Ok(_) => "watching".to_owned(),
        Err(why) => why.clone(),
    }
}

impl State {
    /// Files whose stamp moved since they were read: changed texts, or gone (then the project model is
    /// loaded again). One `stat` a file, in parallel.
    fn stale_files(&mut self, pending: &mut Pending) {
        for (id, stamp) in load::stamps(&self.vfs, &self.files) {
            if self.stamps.get(&id) != Some(&stamp) {
                match stamp {
                    Some(_) => {
                        pending.texts.insert(self.vfs.path(id).to_path_buf());
                    }
                    None => pending.reload = true,
                }
                self.stamps.insert(id, stamp);
            }
        }
    }

    fn text_change(&self, pending: &Pending) -> Change {
        let files = pending
            .texts
            .iter()
            .filter_map(|path| self.vfs.file_id(path))
            .map(|id| (id, read_source(self.vfs.path(id))))
            .collect();
        Change {
            files,
            project_graph: None,
            libraries: None,
        }
    }

    /// Loads the project model again; texts are read for new files and for files the events named.
    fn reload(&mut self, pending: &Pending) -> Change {
        self.model = load_model(&self.input);
        let libraries = self
            .libraries
            .load(&self.model, false)
            .then(|| self.libraries.input());
        let vfs = Arc::make_mut(&mut self.vfs);
        let inputs = load::inputs(&self.model, &self.root, vfs);
        let old: HashSet<FileId> = self.files.iter().copied().collect();
        let new: HashSet<FileId> = inputs.files.iter().copied().collect();
        let named = pending
            .texts
            .iter()
            .filter_map(|p| vfs.file_id(p))
            .filter(|id| old.contains(id));
        let to_read: Vec<FileId> = inputs
            .files
            .iter()
            .copied()
            .filter(|id| !old.contains(id))
            .chain(named)
            .filter(|id| new.contains(id))
            .collect();
        self.stamps.extend(load::stamps(vfs, &to_read));
        let mut files: Vec<(FileId, Option<Arc<str>>)> = to_read
            .iter()
            .map(|&id| (id, read_source(vfs.path(id))))
            .collect();
        files.extend(
            self.files
                .iter()
                .filter(|id| !new.contains(id))
                .map(|&id| (id, None)),
        );
        self.files = inputs.files;
        self.load_problems = inputs.problems;
        Change {
            files,
            project_graph: Some(inputs.graph),
            libraries,
        }
    }

    fn world(&self, watcher: String, revision: u64, changes_applied: usize) -> World {
        let projects: Vec<ProjectSummary> = self
            .model
            .projects
            .iter()
            .enumerate()
            .map(|(i, p)| ProjectSummary {
                name: p.name.to_string(),
                path: p.path.clone(),
                kind: match &p.kind {
                    project_model::ProjectKind::Sdk { sdk } => format!("sdk ({sdk})"),
                    project_model::ProjectKind::Legacy => "legacy".to_owned(),
                    project_model::ProjectKind::Implicit => "implicit".to_owned(),
                },
                target_framework: p.active_target_framework.as_ref().map(|t| t.to_string()),
                files: p.files.iter().filter_map(|f| self.vfs.file_id(f)).collect(),
                libraries: self.libraries.projects.get(i).cloned().unwrap_or_default(),
            })
            .collect();
        World {
            root: WorkspaceRoot::new(self.root.clone()),
            kind: match self.model.kind {
                WorkspaceKind::Solution(_) => "solution",
                WorkspaceKind::Project(_) => "project",
                WorkspaceKind::Folder => "folder",
            },
            vfs: self.vfs.clone(),
            project_names: projects.iter().map(|p| p.name.clone()).collect(),
            projects,
            problems: self
                .model
                .problems
                .iter()
                .chain(&self.load_problems)
                .chain(&self.libraries.problems)
                .cloned()
                .collect(),
            revision,
            watcher,
            changes_applied,
            sources: self.files.iter().copied().collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without a watcher, the stamps alone keep answers current: an edit made just before a request
    /// is seen by it.
    #[test]
    fn edits_are_seen_without_the_watcher() {
        let dir = std::env::temp_dir().join(format!("csnav-stamps-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("A.cs");
        std::fs::write(&file, "class A { }").unwrap();
        let (mut workspace, _) = LiveWorkspace::load(&dir, false).unwrap();
        let text = |workspace: &LiveWorkspace| {
            let snapshot = workspace.snapshot();
            let id = snapshot
                .world
                .vfs
                .file_id(&std::fs::canonicalize(&file).unwrap())
                .unwrap();
            snapshot.analysis.file_text(id).unwrap().to_string()
        };
        assert_eq!(text(&workspace), "class A { }");

        // A different length, so the stamp moves even within one tick of the file system's clock.
        std::fs::write(&file, "class A { void M() { } }").unwrap();
        workspace.sync();
        assert_eq!(text(&workspace), "class A { void M() { } }");
        assert_eq!(workspace.world().revision, 2);

        std::fs::remove_file(&file).unwrap();
        workspace.sync();
        assert_eq!(workspace.world().file_count(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
