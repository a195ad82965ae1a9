//! The server's shared state: the handle to the workspace's owner (see `workspace/owner.rs`), the
//! priming that runs on its own pool after loading, and the indexing progress early requests wait on.

use std::{
    panic::AssertUnwindSafe,
    path::PathBuf,
    sync::{
        Arc, Mutex, OnceLock,
        atomic::{AtomicUsize, Ordering},
    },
};

use ide::{Analysis, Cancellable, FileId};
use rayon::prelude::*;
use tokio::sync::watch;

use crate::{
    index_cache::IndexCacheConfig,
    workspace::{self, CALL_SITE_CHUNK, Snapshot, WorkspaceHandle},
};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum IndexState {
    /// Reading the project model and the files.
    Loading,
    /// Parsing every file once, so the first answers do not pay for it, while the reference
    /// assemblies are read.
    Indexing {
        done: usize,
        total: usize,
        /// Whether the reference assemblies are in the analysis yet.
        libraries: bool,
    },
    Ready,
    Failed(String),
}

impl IndexState {
    pub(crate) fn describe(&self) -> String {
        match self {
            IndexState::Loading => "loading".to_owned(),
            IndexState::Indexing {
                done,
                total,
                libraries,
            } => format!(
                "indexing ({done}/{total} files; reference assemblies {})",
                if *libraries { "read" } else { "loading" }
            ),
            IndexState::Ready => "ready".to_owned(),
            IndexState::Failed(why) => format!("failed: {why}"),
        }
    }
}

/// What the index state is made of; both the primer and the workspace's owner move it on.
#[derive(Default)]
struct Phase {
    loaded: bool,
    done: usize,
    total: usize,
    primed: bool,
    libraries: bool,
}

impl Phase {
    fn state(&self) -> IndexState {
        match self {
            Phase { loaded: false, .. } => IndexState::Loading,
            Phase {
                primed: true,
                libraries: true,
                ..
            } => IndexState::Ready,
            _ => IndexState::Indexing {
                done: self.done,
                total: self.total,
                libraries: self.libraries,
            },
        }
    }
}

pub(crate) struct ServerState {
    pub(crate) input: PathBuf,
    index_cache: IndexCacheConfig,
    /// The persisted index the analysis reads, when enabled (for `server_status`).
    persisted: OnceLock<Arc<ide::ArtifactCache>>,
    /// Set once the workspace is loaded; the owner of the workspace is behind it.
    workspace: OnceLock<WorkspaceHandle>,
    pub(crate) index: watch::Sender<IndexState>,
    phase: Mutex<Phase>,
    pub(crate) cancelled_requests: AtomicUsize,
}

impl ServerState {
    pub(crate) fn new(input: PathBuf, index_cache: IndexCacheConfig) -> Arc<ServerState> {
        Arc::new(ServerState {
            input,
            index_cache,
            persisted: OnceLock::new(),
            workspace: OnceLock::new(),
            index: watch::Sender::new(IndexState::Loading),
            phase: Mutex::new(Phase::default()),
            cancelled_requests: AtomicUsize::new(0),
        })
    }

    fn advance(&self, step: impl FnOnce(&mut Phase)) {
        let mut phase = self.phase.lock().unwrap_or_else(|p| p.into_inner());
        step(&mut phase);
        self.index.send_replace(phase.state());
    }

    /// Loads and indexes the workspace; call on a blocking thread. Answers wait for the files to be
    /// primed and the reference assemblies to be in; those two overlap (the assemblies are read on
    /// their own thread from the moment the project model is known).
    pub(crate) fn load(self: &Arc<Self>) {
        let state = Arc::downgrade(self);
        let on_libraries = move || {
            if let Some(state) = state.upgrade() {
                state.advance(|phase| phase.libraries = true);
            }
        };
        let started = match workspace::start(&self.input, &self.index_cache, on_libraries) {
            Ok(started) => started,
            Err(error) => {
                tracing::error!(%error, "cannot load the workspace");
                self.index
                    .send_replace(IndexState::Failed(format!("{error:#}")));
                return;
            }
        };
        tracing::info!(timings = ?started.timings, "workspace loaded");
        if let Some(index) = &started.persisted {
            let _ = self.persisted.set(index.cache.clone());
        }
        let handle = self.workspace.get_or_init(|| started.handle);
        let files = started.files;
        self.advance(|phase| {
            phase.loaded = true;
            phase.total = files.len();
        });
        let pool = match rayon::ThreadPoolBuilder::new()
            .thread_name(|i| format!("csnav-prime-{i}"))
            .stack_size(crate::ANALYSIS_STACK)
            .build()
        {
            Ok(pool) => pool,
            Err(error) => {
                // Not primed, answers are only slower: every query computes what it needs.
                tracing::warn!(%error, "cannot start the priming threads");
                self.advance(|phase| phase.primed = true);
                return;
            }
        };
        pool.install(|| self.prime(handle, &files));
        self.advance(|phase| phase.primed = true);
        crate::allocator::return_freed_pages_at_once();
        // Answers are possible now. Reference searches choose their files by the word indexes:
        // built next, in parallel, as the item trees were, but after the first answer.
        pool.install(|| {
            files.par_chunks(prime_chunk(&files)).for_each(|chunk| {
                prime_each(handle, chunk, |analysis, file| {
                    analysis.prime_word_index(file)
                })
            })
        });
        // Every item tree and word index is in the cache's hands now; writing them is nobody's
        // wait.
        if let Some(index) = started.persisted {
            let spawned = std::thread::Builder::new()
                .name("csnav-index-write".to_owned())
                .spawn(move || index.write());
            if let Err(error) = spawned {
                tracing::warn!(%error, "cannot start the persisted index's writer");
            }
        }
        // Answers are possible now; binding every body ahead makes the first reference searches
        // fast. One thread, so that requests keep the other core. What a chunk memoized beyond its
        // call sites (bodies, inference, trees) is freed before the next: no answer reads it again,
        // and all of it at once is most of the peak memory.
        pool.install(|| {
            for chunk in files.chunks(CALL_SITE_CHUNK) {
                prime_each(handle, chunk, |analysis, file| {
                    analysis.prime_call_sites(file)
                });
                handle.evict_unused();
            }
        });
        // Every file's sites are memoized now: the call index outside salsa is built from them, and
        // from then on a body edit re-gathers only its own file's sites (`ide/src/call_index.rs`).
        handle.build_call_index();
    }

    /// Builds every file's item tree in parallel, then the symbol index: what the first answers
    /// wait for.
    ///
    /// Each file's syntax tree is parsed for its item tree alone and freed by the thread that parsed
    /// it (`Analysis::prime_item_tree_transient`): the item tree is what later queries keep, and every
    /// file's tree memoized at once was the peak memory (0.11 MB a file, 330 MB at a million
    /// lines). The trees were evicted in rounds of 512 files before: the threads waited for each
    /// other at every round's end, and the bulk frees on the dropper thread fragmented their heaps
    /// (a fifth more CPU in malloc at 1.11M lines).
    fn prime(&self, handle: &WorkspaceHandle, files: &[FileId]) {
        let done = AtomicUsize::new(0);
        files.par_chunks(prime_chunk(files)).for_each(|chunk| {
            prime_each(handle, chunk, |analysis, file| {
                analysis.prime_item_tree_transient(file)
            });
            let done = done.fetch_add(chunk.len(), Ordering::Relaxed) + chunk.len();
            self.advance(|phase| phase.done = phase.done.max(done));
        });
        // The projects' symbol indexes (definition maps, member tables) on every thread too: one
        // thread building them all kept the other idle while the first answer waited.
        let projects = (handle.snapshot(false))
            .and_then(|snapshot| snapshot.analysis.projects().ok())
            .unwrap_or_default();
        projects.par_iter().for_each(|&project| {
            prime_each(handle, &[project], |analysis, project| {
                analysis.prime_project_symbols(project)
            })
        });
        prime_each(handle, &[()], |analysis, ()| analysis.prime_symbol_index());
    }

    /// How the persisted index served this process so far; `None` when there is none.
    pub(crate) fn persisted_counts(&self) -> Option<ide::CacheCounts> {
        self.persisted.get().map(|cache| cache.counts())
    }

    /// A snapshot that reflects every file saved before this call; `None` before the workspace is
    /// loaded. Call on a blocking thread, holding no other snapshot.
    pub(crate) fn snapshot(&self) -> Option<Snapshot> {
        self.workspace.get()?.snapshot(true)
    }

    /// Frees what a request's step bound before its next (see [`WorkspaceHandle::evict_for_request`]).
    /// Call holding no snapshot.
    pub(crate) fn evict_for_request(&self) {
        if let Some(handle) = self.workspace.get() {
            handle.evict_for_request();
        }
    }
}

/// How many files a parallel priming step takes. Many chunks per thread, so that the threads
/// finish together: with a few large chunks (306 files in chunks of 64 on 2 threads) one thread
/// parses the last chunk alone while the first answer waits. Each chunk costs a snapshot and a
/// progress update, no more.
fn prime_chunk(files: &[FileId]) -> usize {
    (files.len() / (rayon::current_num_threads() * 16)).clamp(1, 16)
}

/// Runs `step` for each item on snapshots from the owner: a change cancels the snapshot, and the
/// rest go on with a new one (taken after the old one is dropped). An item whose step panics is
/// skipped: the request that needs it will say so.
fn prime_each<T: Copy + std::fmt::Debug>(
    handle: &WorkspaceHandle,
    items: &[T],
    step: impl Fn(&Analysis, T) -> Cancellable<()>,
) {
    let mut rest = items;
    while !rest.is_empty() {
        let Some(snapshot) = handle.snapshot(false) else {
            return;
        };
        let finished = rest
            .iter()
            .take_while(|&&item| {
                match std::panic::catch_unwind(AssertUnwindSafe(|| step(&snapshot.analysis, item)))
                {
                    Ok(result) => result.is_ok(),
                    Err(_) => {
                        tracing::error!(?item, "priming panicked");
                        true
                    }
                }
            })
            .count();
        rest = &rest[finished..];
    }
}
