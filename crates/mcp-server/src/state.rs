//! The server's shared state: the live workspace behind a lock, and the indexing progress that early
//! requests wait on.

use std::{
    path::PathBuf,
    sync::{
        Arc, Mutex, MutexGuard,
        atomic::{AtomicUsize, Ordering},
    },
};

use ide::FileId;
use rayon::prelude::*;
use tokio::sync::watch;

use crate::workspace::{LiveWorkspace, Snapshot};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum IndexState {
    /// Reading the project model and the files.
    Loading,
    /// Parsing every file once, so the first answers do not pay for it.
    Indexing {
        done: usize,
        total: usize,
    },
    Ready,
    Failed(String),
}

impl IndexState {
    pub(crate) fn describe(&self) -> String {
        match self {
            IndexState::Loading => "loading".to_owned(),
            IndexState::Indexing { done, total } => format!("indexing ({done}/{total} files)"),
            IndexState::Ready => "ready".to_owned(),
            IndexState::Failed(why) => format!("failed: {why}"),
        }
    }
}

pub(crate) struct ServerState {
    pub(crate) input: PathBuf,
    workspace: Mutex<Option<LiveWorkspace>>,
    pub(crate) index: watch::Sender<IndexState>,
    pub(crate) cancelled_requests: AtomicUsize,
}

impl ServerState {
    pub(crate) fn new(input: PathBuf) -> Arc<ServerState> {
        Arc::new(ServerState {
            input,
            workspace: Mutex::new(None),
            index: watch::Sender::new(IndexState::Loading),
            cancelled_requests: AtomicUsize::new(0),
        })
    }

    fn lock(&self) -> MutexGuard<'_, Option<LiveWorkspace>> {
        self.workspace
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Loads and indexes the workspace; call on a blocking thread.
    pub(crate) fn load(&self) {
        match LiveWorkspace::load(&self.input, true) {
            Ok((workspace, timings)) => {
                tracing::info!(?timings, "workspace loaded");
                let files = workspace.files().to_vec();
                *self.lock() = Some(workspace);
                self.index.send_replace(IndexState::Indexing {
                    done: 0,
                    total: files.len(),
                });
                self.prime(&files);
                self.index.send_replace(IndexState::Ready);
                // Answers are possible now; binding every body ahead makes the first reference
                // searches fast. A request's change cancels it, harmlessly.
                self.prime_call_sites(&files);
            }
            Err(error) => {
                tracing::error!(%error, "cannot load the workspace");
                self.index
                    .send_replace(IndexState::Failed(format!("{error:#}")));
            }
        }
    }

    /// Builds every file's item tree and word index in parallel, then the symbol index. Stops early,
    /// harmlessly, if a request applies a change meanwhile.
    fn prime(&self, files: &[FileId]) {
        let done = AtomicUsize::new(0);
        let total = files.len();
        files.par_chunks(64).for_each(|chunk| {
            let Some(snapshot) = self.snapshot_without_sync() else {
                return;
            };
            for &file in chunk {
                if snapshot.analysis.prime_file(file).is_err() {
                    return;
                }
            }
            let done = done.fetch_add(chunk.len(), Ordering::Relaxed) + chunk.len();
            self.index
                .send_replace(IndexState::Indexing { done, total });
        });
        if let Some(snapshot) = self.snapshot_without_sync() {
            let _ = snapshot.analysis.prime_symbol_index();
        }
    }

    /// On one thread, in the background: requests keep the other core. A fresh snapshot every few
    /// files, so a request that applies a change waits for at most one chunk to unwind.
    fn prime_call_sites(&self, files: &[FileId]) {
        for chunk in files.chunks(16) {
            let Some(snapshot) = self.snapshot_without_sync() else {
                return;
            };
            for &file in chunk {
                if snapshot.analysis.prime_call_sites(file).is_err() {
                    break;
                }
            }
        }
    }

    fn snapshot_without_sync(&self) -> Option<Snapshot> {
        self.lock().as_ref().map(LiveWorkspace::snapshot)
    }

    /// Applies pending changes, then takes a snapshot: the answer reflects every change the watcher
    /// reported before the request. Call on a blocking thread.
    pub(crate) fn snapshot(&self) -> Option<Snapshot> {
        let mut guard = self.lock();
        let workspace = guard.as_mut()?;
        workspace.sync();
        Some(workspace.snapshot())
    }
}
