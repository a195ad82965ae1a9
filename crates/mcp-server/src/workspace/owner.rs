//! The one owner of the live workspace (rust-analyzer's `GlobalState` main loop, ty's `Session`): a
//! thread that alone holds the `AnalysisHost`, the file table and the watcher. Everything else talks
//! to it over one channel: requests ask "apply what changed, then give me a snapshot" and run their
//! query on their own thread with that snapshot; priming asks for snapshots as they are; the watcher,
//! the reference-assembly reader and the background sweep send what they found.
//!
//! What this makes true by construction: only the owner writes, so no two changes race; the owner
//! never holds a snapshot (it hands each one out at once), so its `apply_change` — which cancels the
//! running queries and waits for their snapshots — only ever waits for workers that are unwinding; and
//! no worker waits for the owner while holding a snapshot (each takes a new one only after dropping the
//! last), so that wait ends.
//!
//! It also frees what answers do not read again (memos past their LRU capacities: bodies, inference,
//! trees), which salsa otherwise does only when a change starts a revision. Evicting cancels the
//! snapshots in use as a change does, so the owner evicts only when no snapshot is out (each one
//! carries a lease): when priming asks between chunks (`Msg::Evict`, priming waiting for it), and
//! before a request's snapshot at most every [`EVICT_INTERVAL`] (requests that bind many files
//! before priming has, one after the other). No query is ever cancelled by an eviction.

use std::{
    collections::VecDeque,
    panic::AssertUnwindSafe,
    sync::Arc,
    sync::mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender, channel, sync_channel},
    time::{Duration, Instant},
};

use ide::FileId;
use load_workspace::Stamp;

use crate::index_cache::{IndexCacheConfig, PersistedIndex};

use super::{LiveWorkspace, LoadTimings, ReadLibraries, Snapshot, WatchEvent};

/// How long a sync waits for its cookie before it falls back to checking every file: far above
/// the watcher's latency (microseconds), so only a stuck watcher ever reaches it.
const COOKIE_TIMEOUT: Duration = Duration::from_secs(2);

/// How often every file's stamp is checked in the background, for what no watcher reports (a
/// watch limit reached, a network file system, a file changed through a mapping).
const SWEEP_INTERVAL: Duration = Duration::from_secs(10);

/// How often requests may find the memos past their LRU capacities evicted first; an eviction
/// with nothing to free costs microseconds.
const EVICT_INTERVAL: Duration = Duration::from_secs(1);

/// How often the owner looks whether the snapshots are all back while priming waits for an
/// eviction.
const EVICT_POLL: Duration = Duration::from_millis(5);

enum Msg {
    /// A snapshot for a worker; `fresh` applies every change saved before the request first.
    Snapshot {
        fresh: bool,
        reply: SyncSender<Snapshot>,
    },
    Watch(WatchEvent),
    /// The initial read of the reference assemblies is done.
    Libraries(ReadLibraries),
    /// A background sweep's stamps.
    Swept(Vec<(FileId, Stamp)>),
    /// Priming finished a chunk: free what it memoized that answers do not read (see
    /// [`WorkspaceHandle::evict_unused`]), then reply.
    Evict(SyncSender<()>),
}

/// How workers reach the owner. Cheap to clone.
#[derive(Clone)]
pub(crate) struct WorkspaceHandle {
    sender: Sender<Msg>,
}

impl WorkspaceHandle {
    /// A snapshot that reflects every file saved before this call (`fresh`), or the current one
    /// (for priming, which needs no sync). Must not be called while this thread holds another
    /// snapshot: the owner may be applying a change, which waits for that snapshot to be dropped.
    /// `None` if the owner is gone.
    pub(crate) fn snapshot(&self, fresh: bool) -> Option<Snapshot> {
        let (reply, answer) = sync_channel(1);
        self.sender.send(Msg::Snapshot { fresh, reply }).ok()?;
        answer.recv().ok()
    }

    /// Has the owner free the memoized values past their LRU capacities (`parse`, bodies,
    /// inference), which priming fills within one revision; returns once it did, which waits for
    /// the requests in flight. Call it holding no snapshot (as [`WorkspaceHandle::snapshot`]).
    pub(crate) fn evict_unused(&self) {
        let (done, evicted) = sync_channel(1);
        if self.sender.send(Msg::Evict(done)).is_ok() {
            let _ = evicted.recv();
        }
    }
}

/// What [`start`] tells the caller.
pub(crate) struct Started {
    pub(crate) handle: WorkspaceHandle,
    pub(crate) files: Vec<FileId>,
    pub(crate) timings: LoadTimings,
    /// The persisted index the analysis reads, to write back once primed.
    pub(crate) persisted: Option<PersistedIndex>,
}

/// Loads the workspace on this thread, watched, then hands it to its owner thread. The reference
/// assemblies are read meanwhile and enter when ready; `on_libraries` runs on the owner once they are
/// in the analysis.
pub(crate) fn start(
    input: &std::path::Path,
    index_cache: &IndexCacheConfig,
    on_libraries: impl Fn() + Send + 'static,
) -> anyhow::Result<Started> {
    let (sender, receiver) = channel();
    let sink = sender.clone();
    let (mut workspace, libraries, timings) = LiveWorkspace::load(
        input,
        Some(Box::new(move |event| {
            let _ = sink.send(Msg::Watch(event));
        })),
        index_cache,
    )?;
    let persisted = workspace.take_persisted();
    let files = workspace.files().to_vec();
    let forward = sender.clone();
    std::thread::Builder::new()
        .name("csnav-libraries-wait".to_owned())
        .spawn(move || {
            let read = libraries.wait();
            tracing::info!(took = ?read.took, "reference assemblies read");
            let _ = forward.send(Msg::Libraries(read));
        })?;
    let owner = Owner {
        workspace,
        receiver,
        sender: sender.clone(),
        backlog: VecDeque::new(),
        sweeping: false,
        on_libraries: Box::new(on_libraries),
        requests: Arc::new(()),
        priming: Arc::new(()),
        evict_asked: None,
        last_eviction: Instant::now(),
    };
    std::thread::Builder::new()
        .name("csnav-owner".to_owned())
        .spawn(move || owner.run())?;
    Ok(Started {
        handle: WorkspaceHandle { sender },
        files,
        timings,
        persisted,
    })
}

struct Owner {
    workspace: LiveWorkspace,
    receiver: Receiver<Msg>,
    /// For the background sweeps' answers.
    sender: Sender<Msg>,
    /// Messages that arrived while a sync waited for its cookie, handled next.
    backlog: VecDeque<Msg>,
    sweeping: bool,
    on_libraries: Box<dyn Fn() + Send>,
    /// Cloned into every request's snapshot: more than one count means a request holds one.
    requests: Arc<()>,
    /// The same for priming's snapshots.
    priming: Arc<()>,
    /// Priming waits for this eviction, until the requests in flight end.
    evict_asked: Option<SyncSender<()>>,
    last_eviction: Instant,
}

impl Owner {
    fn run(mut self) {
        let mut next_sweep = Instant::now() + SWEEP_INTERVAL;
        loop {
            // Checked on every turn, so that a steady stream of requests does not put it off.
            if Instant::now() >= next_sweep {
                self.start_sweep();
                next_sweep = Instant::now() + SWEEP_INTERVAL;
            }
            let msg = match self.backlog.pop_front() {
                Some(msg) => msg,
                None => {
                    let mut wait = next_sweep.saturating_duration_since(Instant::now());
                    if self.evict_asked.is_some() {
                        wait = wait.min(EVICT_POLL);
                    }
                    match self.receiver.recv_timeout(wait) {
                        Ok(msg) => msg,
                        Err(RecvTimeoutError::Timeout) => {
                            self.evict_if_idle(false);
                            continue;
                        }
                        Err(RecvTimeoutError::Disconnected) => return,
                    }
                }
            };
            // A panic while applying a change must not leave every later request without an
            // owner; the requests it was serving get no reply and answer with an error.
            let handled = std::panic::catch_unwind(AssertUnwindSafe(|| {
                self.handle(msg);
                self.evict_if_idle(false);
            }));
            if handled.is_err() {
                tracing::error!("the workspace owner panicked while handling a message");
            }
        }
    }

    /// Evicts when no snapshot is out, if priming asked or (`for_request`) the last eviction is
    /// [`EVICT_INTERVAL`] old.
    fn evict_if_idle(&mut self, for_request: bool) {
        let idle = Arc::strong_count(&self.requests) == 1 && Arc::strong_count(&self.priming) == 1;
        let due = self.evict_asked.is_some()
            || (for_request && self.last_eviction.elapsed() >= EVICT_INTERVAL);
        if idle && due {
            self.workspace.evict_unused();
            self.last_eviction = Instant::now();
            if let Some(done) = self.evict_asked.take() {
                let _ = done.send(());
            }
        }
    }

    /// A snapshot for priming, with its lease.
    fn priming_snapshot(&self) -> Snapshot {
        Snapshot {
            _lease: Some(self.priming.clone()),
            ..self.workspace.snapshot()
        }
    }

    fn handle(&mut self, msg: Msg) {
        match msg {
            Msg::Snapshot { fresh: true, reply } => self.answer_fresh(reply),
            Msg::Snapshot {
                fresh: false,
                reply,
            } => {
                let _ = reply.send(self.priming_snapshot());
            }
            Msg::Watch(event) => self.workspace.watch_event(event),
            Msg::Libraries(read) => {
                self.workspace.set_libraries(read);
                (self.on_libraries)();
            }
            Msg::Swept(stamps) => {
                self.sweeping = false;
                self.workspace.compare_stamps(stamps);
            }
            Msg::Evict(done) => self.evict_asked = Some(done),
        }
    }

    fn answer_fresh(&mut self, first: SyncSender<Snapshot>) {
        let mut replies = vec![first];
        // Requests queued already were sent before the cookie below is written: one sync serves
        // them all.
        while let Ok(msg) = self.receiver.try_recv() {
            match msg {
                Msg::Snapshot { fresh: true, reply } => replies.push(reply),
                other => self.handle(other),
            }
        }
        match self.workspace.send_cookie() {
            Some(cookie) => self.wait_for_cookie(cookie),
            None => self.workspace.check_stamps(),
        }
        self.workspace.apply_pending();
        // Requests come one after the other: the moment before this one gets its snapshot is
        // often the only one no request holds a snapshot.
        self.evict_if_idle(true);
        for reply in replies {
            let _ = reply.send(Snapshot {
                _lease: Some(self.requests.clone()),
                ..self.workspace.snapshot()
            });
        }
    }

    /// Takes in the watcher's events up to the cookie (see `watcher.rs` for why that is every save
    /// made before the requests being served).
    fn wait_for_cookie(&mut self, cookie: u64) {
        let deadline = Instant::now() + COOKIE_TIMEOUT;
        loop {
            match self
                .receiver
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            {
                Ok(Msg::Watch(WatchEvent::Cookie(n))) if n >= cookie => return,
                Ok(Msg::Watch(event)) => self.workspace.watch_event(event),
                Ok(Msg::Snapshot {
                    fresh: false,
                    reply,
                }) => {
                    let _ = reply.send(self.priming_snapshot());
                }
                // A request arriving now may follow a save whose event is behind the cookie: it
                // gets a sync of its own.
                Ok(other) => self.backlog.push_back(other),
                Err(RecvTimeoutError::Timeout) => {
                    self.workspace
                        .watcher_failed("the sync cookie was not reported in time".to_owned());
                    self.workspace.check_stamps();
                    return;
                }
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
    }

    /// Stats every file on a thread of its own; the result is compared when it arrives.
    fn start_sweep(&mut self) {
        if self.sweeping {
            return;
        }
        let (vfs, files) = self.workspace.sweep_inputs();
        let sender = self.sender.clone();
        let spawned = std::thread::Builder::new()
            .name("csnav-sweep".to_owned())
            .spawn(move || {
                let stamps = files
                    .iter()
                    .map(|&id| (id, load_workspace::stamp(vfs.path(id))))
                    .collect();
                let _ = sender.send(Msg::Swept(stamps));
            });
        self.sweeping = spawned.is_ok();
    }
}
