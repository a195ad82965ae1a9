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
//! before priming has, one after the other). No request's query is ever cancelled by an eviction.
//! A request gathering call sites in steps asks between two (`Msg::EvictForRequest`): that one
//! waits for the other requests only, and cancels priming's snapshot (and the call index build's),
//! which goes on with a new one: waiting for priming's chunk of files to end would cost the request
//! most of a second each step.
//!
//! The owner also holds the current call index (`ide`'s `CallIndex`, plain data outside salsa) and hands
//! it out with each snapshot; a snapshot refreshes it for the files changed since, off the owner, and
//! sends the refreshed one back, or says it is stale (an item edit), and then the owner has a new one
//! built on a thread of its own. No lock: the index travels in messages.

use std::{
    collections::VecDeque,
    panic::AssertUnwindSafe,
    sync::Arc,
    sync::mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender, channel, sync_channel},
    time::{Duration, Instant},
};

use ide::{CallIndex, CallIndexReport, FileId};
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

/// How many files' call sites priming and a call index rebuild gather between two evictions: after a
/// fingerprint change every file's binding runs again, and all of it memoized at once was the
/// peak memory (3 GB at a million lines), so a rebuild goes in steps as priming does.
pub(crate) const CALL_SITE_CHUNK: usize = 16;

/// How long after a call index is found stale its rebuild starts: the request that found it answers
/// through salsa meanwhile, and a rebuild walking every file would take the cores from it.
const REBUILD_DELAY: Duration = Duration::from_secs(1);

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
    /// A request finished a step of its gathering: the same, once no other request holds a
    /// snapshot (see [`WorkspaceHandle::evict_for_request`]).
    EvictForRequest(SyncSender<()>),
    /// What became of the call index a snapshot was handed (that of revision `given`), at the
    /// snapshot's revision `at`.
    CallIndex {
        given: u64,
        at: u64,
        report: CallIndexReport,
    },
    /// Priming is done (every file's call sites memoized): build the call index.
    BuildCallIndex,
    /// A call index built, with the revision it is valid for; `None` when the owner went away.
    CallIndexBuilt(Option<(CallIndex, u64)>),
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
        self.evict(Msg::Evict);
    }

    /// Like [`WorkspaceHandle::evict_unused`] for a request between two steps: it does not wait
    /// for priming, whose snapshot the eviction cancels.
    pub(crate) fn evict_for_request(&self) {
        self.evict(Msg::EvictForRequest);
    }

    fn evict(&self, ask: fn(SyncSender<()>) -> Msg) {
        let (done, evicted) = sync_channel(1);
        if self.sender.send(ask(done)).is_ok() {
            let _ = evicted.recv();
        }
    }

    /// Has the call index built (once priming memoized every file's call sites).
    pub(crate) fn build_call_index(&self) {
        let _ = self.sender.send(Msg::BuildCallIndex);
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
        evict_asked: Vec::new(),
        request_evict_asked: Vec::new(),
        last_eviction: Instant::now(),
        call_index: None,
        building_call_index: false,
        rebuild_at: None,
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
    /// Priming (and the call index's builder) wait for these evictions, until the requests in
    /// flight end.
    evict_asked: Vec<SyncSender<()>>,
    /// Requests between two steps wait for these, until the other requests' snapshots are back.
    request_evict_asked: Vec<SyncSender<()>>,
    last_eviction: Instant,
    /// The newest call index a snapshot or a build reported valid, with the revision it was valid
    /// at; handed out with every snapshot, which refreshes it to its own revision.
    call_index: Option<(CallIndex, u64)>,
    building_call_index: bool,
    /// When to rebuild the call index, found stale (see [`REBUILD_DELAY`]).
    rebuild_at: Option<Instant>,
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
            if self.rebuild_at.is_some_and(|at| Instant::now() >= at) {
                self.rebuild_at = None;
                self.build_call_index();
            }
            let msg = match self.backlog.pop_front() {
                Some(msg) => msg,
                None => {
                    let wake = self.rebuild_at.map_or(next_sweep, |at| at.min(next_sweep));
                    let mut wait = wake.saturating_duration_since(Instant::now());
                    if !self.evict_asked.is_empty() || !self.request_evict_asked.is_empty() {
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
    /// [`EVICT_INTERVAL`] old; when a request between two steps asked, once no request's snapshot
    /// is out (priming's are cancelled).
    fn evict_if_idle(&mut self, for_request: bool) {
        let requests_idle = Arc::strong_count(&self.requests) == 1;
        let priming_idle = Arc::strong_count(&self.priming) == 1;
        let stepping = !self.request_evict_asked.is_empty();
        let due = stepping
            || !self.evict_asked.is_empty()
            || (for_request && self.last_eviction.elapsed() >= EVICT_INTERVAL);
        if requests_idle && (priming_idle || stepping) && due {
            // Waits for priming's snapshot, if one is out, to unwind.
            self.workspace.evict_unused();
            self.last_eviction = Instant::now();
            for done in self
                .evict_asked
                .drain(..)
                .chain(self.request_evict_asked.drain(..))
            {
                let _ = done.send(());
            }
        }
    }

    /// A snapshot for priming (and the call index's builder), with its lease.
    fn priming_snapshot(&self) -> Snapshot {
        Snapshot {
            _lease: Some(self.priming.clone()),
            ..self.snapshot()
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
            Msg::Evict(done) => self.evict_asked.push(done),
            Msg::EvictForRequest(done) => self.request_evict_asked.push(done),
            Msg::CallIndex {
                at,
                report: CallIndexReport::Current(index),
                ..
            } => self.keep_call_index(index, at),
            Msg::CallIndex {
                given,
                report: CallIndexReport::Stale,
                ..
            } => {
                // Unless a newer index came meanwhile, the held one is of no use any more.
                if self.call_index.as_ref().is_some_and(|(_, at)| *at == given) {
                    self.call_index = None;
                }
                self.rebuild_at
                    .get_or_insert_with(|| Instant::now() + REBUILD_DELAY);
            }
            Msg::BuildCallIndex => self.build_call_index(),
            Msg::CallIndexBuilt(built) => {
                self.building_call_index = false;
                if let Some((index, at)) = built {
                    tracing::info!(revision = at, "call index built");
                    self.keep_call_index(index, at);
                }
            }
        }
    }

    /// A snapshot for a worker, with the current call index and where to report what became of it.
    fn snapshot(&self) -> Snapshot {
        let mut snapshot = self.workspace.snapshot();
        let Some((index, given)) = &self.call_index else {
            return snapshot;
        };
        let (given, at) = (*given, snapshot.world.revision);
        let sender = self.sender.clone();
        let report: ide::OnCallIndex = Box::new(move |report| {
            let _ = sender.send(Msg::CallIndex { given, at, report });
        });
        snapshot.analysis = snapshot
            .analysis
            .with_call_index(Some(index.clone()), Some(report));
        snapshot
    }

    /// Keeps `index` (valid at revision `at`) if it is newer than the one held. One older than the
    /// current revision is still kept: every snapshot checks the index against its own revision and
    /// refreshes only the files changed since, so a newer base only saves work.
    fn keep_call_index(&mut self, index: CallIndex, at: u64) {
        if self.call_index.as_ref().is_none_or(|(_, held)| *held < at) {
            self.call_index = Some((index, at));
        }
    }

    /// Builds a call index on a thread of its own, on snapshots like priming's (a change cancels
    /// one; the next goes on from what salsa memoized).
    fn build_call_index(&mut self) {
        if self.building_call_index {
            return;
        }
        let handle = WorkspaceHandle {
            sender: self.sender.clone(),
        };
        let spawned = std::thread::Builder::new()
            .name("csnav-call-index".to_owned())
            .stack_size(crate::ANALYSIS_STACK)
            .spawn(move || {
                let mut build = None;
                let built = loop {
                    let Some(snapshot) = handle.snapshot(false) else {
                        break None;
                    };
                    let step = snapshot
                        .analysis
                        .build_call_index_step(&mut build, CALL_SITE_CHUNK);
                    if let Ok(Some(index)) = step {
                        break Some((index, snapshot.world.revision));
                    }
                    // What the step bound is evicted before the next, as priming's chunks are.
                    drop(snapshot);
                    handle.evict_unused();
                };
                let _ = handle.sender.send(Msg::CallIndexBuilt(built));
            });
        self.building_call_index = spawned.is_ok();
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
                ..self.snapshot()
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
