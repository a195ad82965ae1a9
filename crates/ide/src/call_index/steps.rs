//! A request's call sites gathered over successive snapshots, while no call index is valid (the
//! server still priming, or the index stale after an item edit): gathering every candidate file of
//! a name on one snapshot binds them all where nothing can be evicted, and that was the server's
//! peak memory (2.7 GB at a million lines, from one `find_callers` during priming).
//!
//! A query reads sites through [`SiteSteps`]; when more files are missing than a step's budget, it
//! gathers a step's worth, then unwinds ([`StepTaken`], caught by `Analysis::with_db` as a
//! cancellation), and its caller evicts what binding memoized and runs the query again on a new
//! snapshot, which goes on from the parts gathered so far. The answer comes from a snapshot on which
//! every part it reads is current: a part is kept while the file's text is the one it was gathered
//! from and `hir::binding_fingerprint` is the same (the call index's invariant: a file's sites are a
//! function of its own text and of what the fingerprint covers), and the candidate files are chosen
//! on that snapshot, so the answer is exactly salsa's bucket's on it (`hir::sites_named`).

use std::{
    sync::{Arc, Mutex, MutexGuard},
    time::{Duration, Instant},
};

use hir::{
    BindingFingerprint, CallSites, Database, Db, FileId, FileSitesByName, NamedCallSites,
    RootDatabase,
};
use rustc_hash::FxHashMap;

/// How much a step may gather before its query stops for an eviction: at most `files` files, and
/// (when set) no file started after `time` (a file already bound costs microseconds, one still to
/// bind milliseconds, so time is what measures what a step memoized). A step gathers at least one
/// file, so every step makes progress.
#[derive(Clone, Copy, Debug)]
pub struct StepBudget {
    files: usize,
    time: Option<Duration>,
}

impl StepBudget {
    /// At most `files` files a step (at least one).
    pub fn files(files: usize) -> StepBudget {
        StepBudget {
            files: files.max(1),
            time: None,
        }
    }

    /// Files until `time` has passed in the step.
    pub fn time(time: Duration) -> StepBudget {
        StepBudget {
            files: usize::MAX,
            time: Some(time),
        }
    }

    fn spent(&self, gathered: usize, started: Instant) -> bool {
        gathered >= self.files
            || (gathered > 0 && self.time.is_some_and(|t| started.elapsed() >= t))
    }
}

/// The sites one request gathered so far, shared by the snapshots it runs on. Cheap to clone.
#[derive(Clone)]
pub struct SiteSteps(Arc<Mutex<Gathered>>);

struct Gathered {
    budget: StepBudget,
    /// What every part was gathered under.
    fingerprint: Option<Arc<BindingFingerprint>>,
    parts: FxHashMap<FileId, Arc<Part>>,
    /// A query stopped for a step since [`SiteSteps::take_stepped`] last looked.
    stepped: bool,
}

/// One file's sites, and the text they were gathered from.
pub(crate) struct Part {
    text: Option<Arc<str>>,
    pub(crate) calls: Arc<CallSites>,
    grouped: Arc<FileSitesByName>,
}

/// The payload a query unwinds with when it stopped for a step.
pub(crate) struct StepTaken;

impl SiteSteps {
    pub fn new(budget: StepBudget) -> SiteSteps {
        SiteSteps(Arc::new(Mutex::new(Gathered {
            budget,
            fingerprint: None,
            parts: FxHashMap::default(),
            stepped: false,
        })))
    }

    /// Whether a query stopped for a step since the last call: its caller should evict, then run
    /// it again on a new snapshot.
    pub fn take_stepped(&self) -> bool {
        std::mem::take(&mut self.lock().stepped)
    }

    fn lock(&self) -> MutexGuard<'_, Gathered> {
        // Parts go in whole: a query unwinding with the lock held leaves nothing half-done.
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Exactly `hir::sites_named(name, narrow_files)` on this snapshot, or a step.
    pub(crate) fn sites_named(
        &self,
        db: &RootDatabase,
        name: &str,
        narrow_files: bool,
    ) -> NamedCallSites {
        let files = hir::site_candidate_files(db, name, narrow_files);
        let mut out = NamedCallSites::default();
        for part in self.parts(db, &files) {
            part.grouped.collect(&part.calls, name, &mut out);
        }
        out
    }

    /// Each file's sites on this snapshot (`hir::file_call_sites`), in `files` order; unwinds with
    /// [`StepTaken`] once a step's budget is spent while some are still missing.
    pub(crate) fn parts(&self, db: &RootDatabase, files: &[FileId]) -> Vec<Arc<Part>> {
        let fingerprint = hir::binding_fingerprint(db);
        let mut gathered = self.lock();
        let current = gathered
            .fingerprint
            .as_ref()
            .is_some_and(|f| super::same_fingerprint(f, &fingerprint));
        if !current {
            gathered.parts.clear();
            gathered.fingerprint = Some(fingerprint);
        }
        let started = Instant::now();
        let mut count = 0;
        for &file in files {
            let source = db.source_file(file);
            let text = source.map(|s| s.text(db));
            if gathered
                .parts
                .get(&file)
                .is_some_and(|part| super::same_text(part.text.as_ref(), text))
            {
                continue;
            }
            if gathered.budget.spent(count, started) {
                gathered.stepped = true;
                drop(gathered);
                std::panic::resume_unwind(Box::new(StepTaken));
            }
            db.unwind_if_revision_cancelled();
            let part = Part {
                text: text.cloned(),
                calls: hir::file_call_sites(db, file),
                grouped: hir::file_sites_by_name(db, file),
            };
            gathered.parts.insert(file, Arc::new(part));
            count += 1;
        }
        files
            .iter()
            .filter_map(|file| gathered.parts.get(file).cloned())
            .collect()
    }
}
