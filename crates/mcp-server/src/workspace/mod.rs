//! The live workspace: the project model, the file table, the analysis host and the watcher that keeps
//! them current.

mod owner;
mod watcher;

use std::{
    collections::{HashMap, HashSet},
    path::{Path, PathBuf},
    sync::{Arc, OnceLock},
    time::Duration,
};

use anyhow::Context;
use ide::{Analysis, AnalysisHost, Change, FileId, ProjectId};
pub(crate) use load_workspace::Vfs;
use load_workspace::{self as load, Libraries, ProjectLibraries};
use project_model::{LoadProblem, Workspace, WorkspaceKind};

use self::watcher::{Pending, Watcher};
pub(crate) use self::{
    owner::{CALL_SITE_CHUNK, WorkspaceHandle, start},
    watcher::WatchEvent,
};
use crate::{
    index_cache::{IndexCacheConfig, PersistedIndex},
    paths::WorkspaceRoot,
};

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
    /// `server_status`'s short entry of each project, rendered on first ask: a world lives until the
    /// next change, and every status answer would otherwise build them all again.
    pub(crate) status_entries: OnceLock<Vec<serde_json::Value>>,
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
    /// Held (never read) by a request's snapshot, so that the owner sees one is out (`owner.rs`).
    pub(crate) _lease: Option<Arc<()>>,
}

pub(crate) struct LiveWorkspace {
    host: AnalysisHost,
    state: State,
    watcher: Result<Watcher, String>,
    /// What the watcher and the sweeps reported since the last change was applied.
    pending: Pending,
    /// Folders that appeared before the last sync (see `Pending::folders`).
    new_folders: Vec<PathBuf>,
    revision: u64,
    world: Arc<World>,
    /// The persisted index the analysis reads, until the starter takes it to write it back.
    persisted: Option<PersistedIndex>,
}

/// The loader's side of the workspace: where it is and what it holds.
struct State {
    input: PathBuf,
    root: PathBuf,
    vfs: Arc<Vfs>,
    model: Arc<Workspace>,
    /// Counts project-model loads, so that reference assemblies read for an older model are checked
    /// against the current one.
    generation: u64,
    files: Vec<FileId>,
    /// Taken before each file was last read: a file whose stamp moved has changed even if the
    /// watcher has not said so (or cannot: watch limits, network file systems).
    stamps: HashMap<FileId, load::Stamp>,
    load_problems: Vec<LoadProblem>,
    /// Files over [`ide::MAX_PARSED_LEN`]: the analysis skips their code, so every answer says so
    /// (they are load problems).
    oversized: HashSet<FileId>,
    libraries: Libraries,
    /// Whether the reference assemblies are in the analysis; until then answers would be missing
    /// what they declare.
    libraries_ready: bool,
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

/// The reference assemblies of one project model, read on their own thread while the sources are
/// read and parsed.
pub(crate) struct LibraryRead {
    generation: u64,
    read: load::LibraryRead,
}

/// Reference assemblies that were read, ready for [`LiveWorkspace::set_libraries`].
pub(crate) struct ReadLibraries {
    generation: u64,
    libraries: Libraries,
    pub(crate) took: Duration,
}

impl LibraryRead {
    /// Whether the read is over, so that [`LibraryRead::wait`] would not wait.
    pub(crate) fn is_done(&self) -> bool {
        self.read.is_done()
    }

    /// Waits for the read; a panic while reading gives no assemblies (the built-in surface is part
    /// of what panicked, so nothing better is at hand) rather than no server.
    pub(crate) fn wait(self) -> ReadLibraries {
        let (libraries, took) = self.read.wait().unwrap_or_else(|| {
            tracing::error!("reading the reference assemblies panicked");
            (Libraries::default(), Duration::ZERO)
        });
        ReadLibraries {
            generation: self.generation,
            libraries,
            took,
        }
    }
}

/// Receives the watcher's events (on the watcher's thread).
pub(crate) type WatchSink = Box<dyn Fn(WatchEvent) + Send>;

impl LiveWorkspace {
    /// Loads the workspace at `input` (a folder, `.sln`, `.slnx` or `.csproj`): the project model and
    /// the sources. The reference assemblies are then read on another thread; they enter with
    /// [`LiveWorkspace::set_libraries`] once the returned read is done, so reading them overlaps with
    /// parsing the sources. Not with reading them: beside the decoding of assemblies, which allocates
    /// at every step, reading serilog's 214 files took 20 ms instead of 4. With a sink, the workspace
    /// is watched from before the sources are read, so no edit after the load goes unseen.
    ///
    /// The persisted index of `index_cache` is read meanwhile too; the analysis consults it.
    pub(crate) fn load(
        input: &Path,
        watch: Option<WatchSink>,
        index_cache: &IndexCacheConfig,
    ) -> anyhow::Result<(LiveWorkspace, LibraryRead, LoadTimings)> {
        let model = load::Model::load(input, &load::process_options())
            .with_context(|| format!("cannot open {}", input.display()))?;
        let watcher = match watch {
            Some(sink) => {
                Watcher::start(&model.root, sink).map_err(|e| format!("not watching: {e}"))
            }
            None => Err("not watching".to_owned()),
        };

        let persisted = {
            let (config, input) = (index_cache.clone(), model.input.clone());
            std::thread::Builder::new()
                .name("csnav-index-read".to_owned())
                .spawn(move || PersistedIndex::open(&config, &input))
        };
        let mut vfs = Vfs::default();
        let sources = load::read_sources(&model.workspace, &model.root, &mut vfs);
        let library_read = LibraryRead {
            generation: 0,
            read: load::LibraryRead::spawn(model.workspace.clone())
                .context("cannot start the reference assembly reader")?,
        };
        let texts = &sources.change.files;
        let mut oversized = HashSet::new();
        note_sizes(&mut oversized, texts);
        let timings = LoadTimings {
            project_model: model.took,
            read: sources.took,
            libraries: Duration::ZERO,
            files: texts.len(),
            bytes: texts
                .iter()
                .filter_map(|(_, t)| t.as_ref())
                .map(|t| t.len())
                .sum(),
        };
        // Without it (not started, panicked) everything is computed, as without a cache.
        let persisted = persisted.ok().and_then(|read| read.join().ok()).flatten();
        let mut host = AnalysisHost::new();
        host.set_artifact_cache(persisted.as_ref().map(|p| p.cache.clone()));
        host.apply_change(sources.change);
        let state = State {
            input: model.input,
            root: model.root,
            vfs: Arc::new(vfs),
            model: model.workspace,
            generation: 0,
            files: sources.files,
            stamps: sources.stamps.into_iter().collect(),
            load_problems: sources.problems,
            oversized,
            libraries: Libraries::default(),
            libraries_ready: false,
        };
        let world = Arc::new(state.world(watcher_state(&watcher), 1, 0));
        Ok((
            LiveWorkspace {
                host,
                state,
                watcher,
                pending: Pending::default(),
                new_folders: Vec::new(),
                revision: 1,
                world,
                persisted,
            },
            library_read,
            timings,
        ))
    }

    /// Loads everything, the reference assemblies included, unwatched: for `csnav load` and tests.
    pub(crate) fn load_complete(input: &Path) -> anyhow::Result<(LiveWorkspace, LoadTimings)> {
        // Not persisted: what these report is the work itself.
        let (mut workspace, libraries, mut timings) =
            LiveWorkspace::load(input, None, &IndexCacheConfig::Disabled)?;
        let libraries = libraries.wait();
        timings.libraries = libraries.took;
        workspace.set_libraries(libraries);
        Ok((workspace, timings))
    }

    /// Puts the reference assemblies into the analysis (checked against the current project model
    /// if it was loaded again meanwhile).
    pub(crate) fn set_libraries(&mut self, read: ReadLibraries) {
        let state = &mut self.state;
        state.libraries = read.libraries;
        if read.generation != state.generation {
            state.libraries.load(&state.model);
        }
        state.libraries_ready = true;
        self.host.apply_change(Change {
            files: Vec::new(),
            project_graph: None,
            libraries: Some(state.libraries.input()),
        });
        self.new_revision(0);
    }

    /// See [`AnalysisHost::evict_unused`]; no revision, so nothing for the world to record.
    pub(crate) fn evict_unused(&mut self) {
        self.host.evict_unused();
    }

    pub(crate) fn set_syntax_tree_capacity(&mut self, capacity: usize) {
        self.host.set_syntax_tree_capacity(capacity);
    }

    pub(crate) fn take_persisted(&mut self) -> Option<PersistedIndex> {
        self.persisted.take()
    }

    /// A snapshot for a worker. The owner hands it out and never keeps one: applying a change waits
    /// for every snapshot to be dropped.
    pub(crate) fn snapshot(&self) -> Snapshot {
        Snapshot {
            analysis: self.host.analysis(),
            world: self.world.clone(),
            _lease: None,
        }
    }

    pub(crate) fn world(&self) -> &Arc<World> {
        &self.world
    }

    pub(crate) fn files(&self) -> &[FileId] {
        &self.state.files
    }

    /// Records what the watcher reported; applied by the next [`LiveWorkspace::apply_pending`].
    pub(crate) fn watch_event(&mut self, event: WatchEvent) {
        match event {
            WatchEvent::Event(event) => self.pending.add(&event),
            WatchEvent::Error(error) => self.watcher_failed(error),
            // Cookies are the owner's business; a late one says nothing new.
            WatchEvent::Cookie(_) => {}
        }
    }

    /// The watcher may have missed events (a watch limit, a failed read, a cookie that never came):
    /// every file is checked now, and from now on before each request, since the watcher can no
    /// longer vouch for the workspace.
    pub(crate) fn watcher_failed(&mut self, error: String) {
        tracing::warn!(%error, "file watcher failed; checking every file before each request");
        if let Ok(watcher) = &mut self.watcher {
            watcher.error = Some(error);
        }
        self.pending.rescan = true;
    }

    /// Starts a sync through the watcher: the number of the cookie to wait for, or `None` when the
    /// watcher cannot prove freshness (not watching, not ordered, failed) and the caller must check
    /// every file's stamp instead.
    pub(crate) fn send_cookie(&mut self) -> Option<u64> {
        if !watcher::COOKIES_ARE_ORDERED {
            return None;
        }
        let watcher = self.watcher.as_mut().ok()?;
        if watcher.error.is_some() {
            return None;
        }
        watcher.send_cookie()
    }

    /// The fallback when the watcher cannot vouch for freshness: one `stat` a file, in parallel.
    pub(crate) fn check_stamps(&mut self) {
        let stamps = load::stamps(&self.state.vfs, &self.state.files);
        self.compare_stamps(stamps);
    }

    /// What a background sweep needs, to stat every file away from the owner.
    pub(crate) fn sweep_inputs(&self) -> (Arc<Vfs>, Vec<FileId>) {
        (self.state.vfs.clone(), self.state.files.clone())
    }

    /// Files whose stamp moved since they were read: changed texts, or gone (then the project model is
    /// loaded again).
    pub(crate) fn compare_stamps(&mut self, stamps: Vec<(FileId, load::Stamp)>) {
        for (id, stamp) in stamps {
            if self.state.stamps.get(&id).is_some_and(|old| *old != stamp) {
                let path = self.state.vfs.path(id).to_path_buf();
                match stamp {
                    Some(_) => self.pending.texts.insert(path),
                    None => self.pending.moved.insert(path),
                };
            }
        }
    }

    /// Applies what is pending: texts of the files named, the project model again when files came or
    /// went. Runs on the owner, which holds no snapshot.
    pub(crate) fn apply_pending(&mut self) {
        if self.pending.rescan {
            self.check_stamps();
        }
        let folders = std::mem::take(&mut self.new_folders);
        if !folders.is_empty() {
            let under: Vec<FileId> = self
                .state
                .files
                .iter()
                .copied()
                .filter(|&id| {
                    let path = self.state.vfs.path(id);
                    folders.iter().any(|folder| path.starts_with(folder))
                })
                .collect();
            let stamps = load::stamps(&self.state.vfs, &under);
            self.compare_stamps(stamps);
        }
        if self.pending.is_empty() {
            return;
        }
        let mut pending = std::mem::take(&mut self.pending);
        self.new_folders = std::mem::take(&mut pending.folders).into_iter().collect();
        let applied = pending.len();
        // A source the model lists that is still there was saved by rename (or deleted and written
        // again): only its text changed.
        let known: HashSet<FileId> = self.state.files.iter().copied().collect();
        for path in std::mem::take(&mut pending.moved) {
            let listed = self
                .state
                .vfs
                .file_id(&path)
                .is_some_and(|id| known.contains(&id));
            if !(listed && path.is_file()) {
                pending.reload = true;
            }
            pending.texts.insert(path);
        }
        let change = if pending.reload || pending.rescan {
            self.state.reload(&pending)
        } else {
            self.state.text_change(&pending)
        };
        if !change.files.is_empty() || change.project_graph.is_some() || change.libraries.is_some()
        {
            self.host.apply_change(change);
        }
        self.new_revision(applied);
    }

    /// Applies every change the watcher reported and every file whose stamp moved; for `csnav load`
    /// and tests, which have no owner loop.
    #[cfg(test)]
    pub(crate) fn sync(&mut self) {
        self.check_stamps();
        self.apply_pending();
    }

    fn new_revision(&mut self, applied: usize) {
        self.revision += 1;
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

fn watcher_state(watcher: &Result<Watcher, String>) -> String {
    match watcher {
        Ok(Watcher {
            error: Some(error), ..
        }) => format!(
            "watching, and checking every file before each request (watcher error: {error})"
        ),
        Ok(_) if !watcher::COOKIES_ARE_ORDERED => {
            "watching, and checking every file before each request".to_owned()
        }
        Ok(_) => "watching".to_owned(),
        Err(why) => why.clone(),
    }
}

impl State {
    /// Reads the named files; each stamp is taken before the read, so a write during the read shows
    /// as a moved stamp later.
    fn read(&mut self, ids: &[FileId]) -> Vec<(FileId, Option<Arc<str>>)> {
        self.stamps.extend(load::stamps(&self.vfs, ids));
        let texts = load::read_texts(&self.vfs, ids);
        note_sizes(&mut self.oversized, &texts);
        texts
    }

    fn text_change(&mut self, pending: &Pending) -> Change {
        let ids: Vec<FileId> = pending
            .texts
            .iter()
            .filter_map(|path| self.vfs.file_id(path))
            .collect();
        Change {
            files: self.read(&ids),
            project_graph: None,
            libraries: None,
        }
    }

    /// Loads the project model again; texts are read for new files and for files the events named.
    fn reload(&mut self, pending: &Pending) -> Change {
        self.model = Arc::new(load::load_model(&self.input, &load::process_options()));
        self.generation += 1;
        // Until the first read of the assemblies is in, it is the one to check against this model.
        let libraries = (self.libraries_ready && self.libraries.load(&self.model))
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
        let mut files = self.read(&to_read);
        files.extend(
            self.files
                .iter()
                .filter(|id| !new.contains(id))
                .map(|&id| (id, None)),
        );
        for (id, _) in files.iter().filter(|(_, text)| text.is_none()) {
            if !new.contains(id) {
                self.stamps.remove(id);
            }
        }
        self.files = inputs.files;
        self.load_problems = inputs.problems;
        Change {
            files,
            project_graph: Some(inputs.graph),
            libraries,
        }
    }

    fn oversized_problems(&self) -> Vec<LoadProblem> {
        let mut paths: Vec<PathBuf> = self
            .oversized
            .iter()
            .filter(|id| self.files.contains(id))
            .map(|&id| self.vfs.path(id).to_path_buf())
            .collect();
        paths.sort();
        paths
            .into_iter()
            .map(|path| LoadProblem {
                path,
                message: format!(
                    "larger than the {} MiB csnav analyses: skipped, its code is in no answer",
                    ide::MAX_PARSED_LEN >> 20
                ),
            })
            .collect()
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
                .chain(self.oversized_problems())
                .collect(),
            revision,
            watcher,
            changes_applied,
            sources: self.files.iter().copied().collect(),
            status_entries: OnceLock::new(),
        }
    }
}

/// Keeps `oversized` to the files of `texts` whose text the analysis skips for its size.
fn note_sizes(oversized: &mut HashSet<FileId>, texts: &[(FileId, Option<Arc<str>>)]) {
    for (id, text) in texts {
        if text.as_ref().is_some_and(|t| t.len() > ide::MAX_PARSED_LEN) {
            oversized.insert(*id);
        } else {
            oversized.remove(id);
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
        let (mut workspace, _) = LiveWorkspace::load_complete(&dir).unwrap();
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
        assert_eq!(workspace.world().revision, 3);

        std::fs::remove_file(&file).unwrap();
        workspace.sync();
        assert_eq!(workspace.world().file_count(), 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
