//! The call-site index outside salsa: per file its call sites grouped by the name they carry, and per
//! name the files holding such sites; plain, immutable data, cheap to clone (`Arc`s shared with
//! salsa's memoized per-file results).
//!
//! Why outside salsa: the bucket `hir::sites_named` depends on the inference of every body of every
//! file mentioning the name, and after any text edit salsa deep-verifies all of it before it can say
//! that only the edited file changed. The index knows which files changed by comparing texts, and
//! knows the other files' sites did not change while `hir::binding_fingerprint` is the same (its
//! invariant: a file's sites are a function of its own text and of what the fingerprint covers). So a
//! refresh re-gathers the changed files' sites only, and answers exactly as the bucket would on the
//! same snapshot (same files, same order, same sites); when the fingerprint changed (an item edit, a
//! constant, the project graph, the libraries) the index is invalid and the bucket answers until a
//! new index is built.
//!
//! The server's owner holds the current index and hands it out with each snapshot
//! ([`crate::Analysis::with_call_index`]); a snapshot refreshes it once, on first use, and tells the
//! owner what it became ([`CallIndexReport`]), so the next snapshot starts from the refreshed one.

mod steps;

use std::sync::{Arc, OnceLock};

use hir::{
    BindingFingerprint, CallSites, Database, Db, FileId, FileSitesByName, MemberId, MemberRanges,
    NamedCallSites, RootDatabase, SitesBefore,
};
use rustc_hash::FxHashMap;
use smol_str::SmolStr;

pub(crate) use self::steps::StepTaken;
pub use self::steps::{SiteSteps, StepBudget};

/// Changed files kept beside the base before they are merged into a new one: a lookup scans them,
/// a merge copies the name map.
const MAX_OVERLAY: usize = 64;

/// The call sites of every workspace file at one revision, by the name they carry.
#[derive(Clone)]
pub struct CallIndex {
    base: Arc<Base>,
    /// Files whose text changed since `base` was built, with their sites at the index's revision.
    overlay: Arc<FxHashMap<FileId, FilePart>>,
}

struct Base {
    /// What every part was gathered under; the index is valid for a snapshot with the same one.
    fingerprint: Arc<BindingFingerprint>,
    /// `hir::workspace_files` (fixed by the fingerprint, which covers the project graph).
    files: Vec<FileId>,
    parts: FxHashMap<FileId, FilePart>,
    /// The files holding sites of each name, in file order.
    by_name: FxHashMap<SmolStr, Vec<FileId>>,
}

/// One file's sites, and the text they were gathered from.
#[derive(Clone)]
struct FilePart {
    text: Option<Arc<str>>,
    calls: Arc<CallSites>,
    /// Where each member's declaration was in `text`: after an edit, the sites of the members
    /// outside the edited text are moved, not gathered again.
    members: MemberRanges,
    grouped: Arc<FileSitesByName>,
    /// The names of its sites that the file's words do not include (a constructor's `: base()`, a
    /// target-typed `new()`): a search narrowed to the files naming its target skips the file.
    unworded: Box<[SmolStr]>,
}

impl FilePart {
    fn gather(db: &RootDatabase, file: FileId) -> FilePart {
        FilePart::new(
            db,
            file,
            hir::file_call_sites(db, file),
            hir::file_sites_by_name(db, file),
        )
    }

    /// The file's part after an edit of its text: the sites of the members the edit did not touch
    /// moved from this part's, the others gathered (`hir::file_call_sites_after_edit`).
    fn after_edit(&self, db: &RootDatabase, file: FileId) -> FilePart {
        let Some(text) = &self.text else {
            return FilePart::gather(db, file);
        };
        let before = SitesBefore {
            text,
            sites: &self.calls,
            members: &self.members,
        };
        let calls = hir::file_call_sites_after_edit(db, file, &before);
        let grouped = Arc::new(FileSitesByName::of(db, &calls));
        FilePart::new(db, file, calls, grouped)
    }

    fn new(
        db: &RootDatabase,
        file: FileId,
        calls: Arc<CallSites>,
        grouped: Arc<FileSitesByName>,
    ) -> FilePart {
        let source = db.source_file(file);
        // A file without a text has no sites.
        let unworded = source.map_or_else(Box::default, |source| {
            let words = hir::word_index(db, source);
            grouped
                .names()
                .filter(|name| !words.contains(name))
                .cloned()
                .collect()
        });
        FilePart {
            text: source.map(|s| s.text(db).clone()),
            calls,
            members: hir::file_member_ranges(db, file),
            grouped,
            unworded,
        }
    }

    fn is_gathered_from(&self, text: Option<&Arc<str>>) -> bool {
        same_text(self.text.as_ref(), text)
    }
}

/// Whether a part gathered from text `gathered_from` is of the file's `text` now (texts are
/// compared by pointer: an unchanged file keeps its `Arc`).
fn same_text(gathered_from: Option<&Arc<str>>, text: Option<&Arc<str>>) -> bool {
    match (gathered_from, text) {
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        (None, None) => true,
        _ => false,
    }
}

/// Whether two snapshots' fingerprints are the same (by pointer first: an unchanged one is
/// backdated and kept).
fn same_fingerprint(a: &Arc<BindingFingerprint>, b: &Arc<BindingFingerprint>) -> bool {
    Arc::ptr_eq(a, b) || a == b
}

/// A call index being built a few files at a time, over successive snapshots, so that the server can
/// evict what binding memoized between two steps: gathered on one snapshot, a fingerprint change
/// makes every file's binding run while nothing may be evicted (about 3 GB at a million lines).
/// Parts gathered on earlier snapshots stay valid by the index's own invariant (a file's sites are a
/// function of its text and of the fingerprint): a step under another fingerprint starts again, and
/// the files whose text changed since their part was gathered are gathered anew by the finished
/// index's first [`CallIndex::refresh`].
pub struct CallIndexBuild {
    fingerprint: Arc<BindingFingerprint>,
    files: Vec<FileId>,
    parts: FxHashMap<FileId, FilePart>,
    /// `files[..next]` are gathered.
    next: usize,
}

impl CallIndexBuild {
    /// Gathers the sites of at most `count` more files on this snapshot, going on from `build`
    /// (started anew when there is none or the fingerprint changed); the index once every file is
    /// gathered. A cancellation leaves `build` holding every part gathered before it.
    pub(crate) fn step(
        build: &mut Option<CallIndexBuild>,
        db: &RootDatabase,
        count: usize,
    ) -> Option<CallIndex> {
        let fingerprint = hir::binding_fingerprint(db);
        let current = build
            .take()
            .filter(|b| same_fingerprint(&b.fingerprint, &fingerprint));
        let state = build.insert(current.unwrap_or_else(|| CallIndexBuild {
            fingerprint,
            files: hir::workspace_files(db),
            parts: FxHashMap::default(),
            next: 0,
        }));
        let end = state.files.len().min(state.next.saturating_add(count));
        while state.next < end {
            db.unwind_if_revision_cancelled();
            let file = state.files[state.next];
            state.parts.insert(file, FilePart::gather(db, file));
            state.next += 1;
        }
        if state.next < state.files.len() {
            return None;
        }
        let done = build.take()?;
        Some(CallIndex {
            base: Arc::new(Base::new(done.fingerprint, done.files, done.parts)),
            overlay: Arc::default(),
        })
    }
}

impl CallIndex {
    /// Gathers every file's sites on this snapshot at once (the server builds in steps).
    #[cfg(test)]
    pub(crate) fn build(db: &RootDatabase) -> CallIndex {
        let mut build = None;
        CallIndexBuild::step(&mut build, db, usize::MAX)
            .expect("a step over every file finishes the index")
    }

    /// The index as of this snapshot: the changed files' sites gathered anew, the others kept; `None`
    /// when the fingerprint changed, so that kept sites could be wrong.
    pub(crate) fn refresh(&self, db: &RootDatabase) -> Option<CallIndex> {
        let fingerprint = hir::binding_fingerprint(db);
        if !same_fingerprint(&fingerprint, &self.base.fingerprint) {
            return None;
        }
        let changed: Vec<FileId> = self
            .base
            .files
            .iter()
            .copied()
            .filter(|&file| {
                let text = db.source_file(file).map(|s| s.text(db));
                !self.part(file).is_some_and(|p| p.is_gathered_from(text))
            })
            .collect();
        if changed.is_empty() {
            return Some(self.clone());
        }
        // A file with a part before the edit binds only its edited members; a new one binds all.
        let new_files: Vec<FileId> = changed
            .iter()
            .copied()
            .filter(|&file| self.part(file).is_none_or(|p| p.text.is_none()))
            .collect();
        bind_on_every_core(db, &new_files);
        let mut overlay = (*self.overlay).clone();
        for file in changed {
            db.unwind_if_revision_cancelled();
            let part = match self.part(file) {
                Some(part) => part.after_edit(db, file),
                None => FilePart::gather(db, file),
            };
            overlay.insert(file, part);
        }
        if overlay.len() <= MAX_OVERLAY {
            return Some(CallIndex {
                base: self.base.clone(),
                overlay: Arc::new(overlay),
            });
        }
        let mut parts = self.base.parts.clone();
        parts.extend(overlay);
        Some(CallIndex {
            base: Arc::new(Base::new(
                self.base.fingerprint.clone(),
                self.base.files.clone(),
                parts,
            )),
            overlay: Arc::default(),
        })
    }

    fn part(&self, file: FileId) -> Option<&FilePart> {
        self.overlay
            .get(&file)
            .or_else(|| self.base.parts.get(&file))
    }

    /// Exactly `hir::sites_named(name, narrow_files)` on the snapshot the index is valid for: the
    /// sites named `name` in file order, then site order.
    pub(crate) fn sites_named(&self, name: &str, narrow_files: bool) -> NamedCallSites {
        let mut files: Vec<FileId> = self
            .base
            .by_name
            .get(name)
            .into_iter()
            .flatten()
            .copied()
            .filter(|file| !self.overlay.contains_key(file))
            .collect();
        files.extend(
            self.overlay
                .iter()
                .filter(|(_, part)| part.grouped.contains(name))
                .map(|(&file, _)| file),
        );
        files.sort_unstable();
        let mut out = NamedCallSites::default();
        for file in files {
            let Some(part) = self.part(file) else {
                continue;
            };
            if narrow_files && part.unworded.iter().any(|n| n == name) {
                continue;
            }
            part.grouped.collect(&part.calls, name, &mut out);
        }
        out
    }

    /// How many files were gathered anew since the last full build.
    #[cfg(test)]
    pub(crate) fn changed_files(&self) -> usize {
        self.overlay.len()
    }
}

/// The stack of a binding thread: that of the server's analysis threads (`ANALYSIS_STACK` in
/// mcp-server), as binding recurses along the tree.
const BINDING_STACK: usize = 16 << 20;

/// Binds the members of `files` on every core, so that gathering their sites then reads memoized
/// inference: the files the index had no part of (an edited file's untouched members are moved from
/// its part instead, `hir::file_call_sites_after_edit`); the members are independent queries, so
/// they split over threads. Answers are unchanged: each thread only fills salsa's memos, on a clone of this
/// snapshot. A cancellation unwinds every thread, and the first one's payload goes on unwinding
/// here, so the snapshot's caller sees it as [`hir::Cancelled`].
fn bind_on_every_core(db: &RootDatabase, files: &[FileId]) {
    let members: Vec<MemberId> = files
        .iter()
        .flat_map(|&file| hir::file_members(db, file))
        .collect();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(members.len());
    if threads < 2 {
        return;
    }
    let bind = |db: &RootDatabase, first: usize| {
        for &member in members.iter().skip(first).step_by(threads) {
            hir::infer(db, member);
        }
    };
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .filter_map(|first| {
                let db = db.clone();
                std::thread::Builder::new()
                    .name("csnav-bind".to_owned())
                    .stack_size(BINDING_STACK)
                    .spawn_scoped(scope, move || bind(&db, first))
                    .ok()
            })
            .collect();
        // A helper that could not start leaves its members to the gathering below.
        bind(db, 0);
        for helper in helpers {
            if let Err(payload) = helper.join() {
                std::panic::resume_unwind(payload);
            }
        }
    });
}

impl Base {
    fn new(
        fingerprint: Arc<BindingFingerprint>,
        files: Vec<FileId>,
        parts: FxHashMap<FileId, FilePart>,
    ) -> Base {
        let mut by_name: FxHashMap<SmolStr, Vec<FileId>> = FxHashMap::default();
        for &file in &files {
            if let Some(part) = parts.get(&file) {
                for name in part.grouped.names() {
                    by_name.entry(name.clone()).or_default().push(file);
                }
            }
        }
        Base {
            fingerprint,
            files,
            parts,
            by_name,
        }
    }
}

/// What a snapshot made of the index it was handed, told to its owner on first use.
pub enum CallIndexReport {
    /// Valid at the snapshot's revision (refreshed if files changed).
    Current(CallIndex),
    /// The fingerprint changed: a new index must be built.
    Stale,
}

/// Told what became of a snapshot's index (see [`crate::Analysis::with_call_index`]).
pub type OnCallIndex = Box<dyn Fn(CallIndexReport) + Send + Sync>;

/// Only ever called, once, after the refresh completed: a panic unwinding through a query leaves
/// nothing of it half-done.
struct Reporter(OnCallIndex);

impl std::panic::RefUnwindSafe for Reporter {}

/// The index a snapshot was handed and, once a query needed it, what it is at the snapshot's revision.
#[derive(Default)]
pub(crate) struct IndexSlot {
    given: Option<CallIndex>,
    current: OnceLock<Option<CallIndex>>,
    report: Option<Reporter>,
}

impl IndexSlot {
    pub(crate) fn new(given: Option<CallIndex>, report: Option<OnCallIndex>) -> IndexSlot {
        IndexSlot {
            given,
            current: OnceLock::new(),
            report: report.map(Reporter),
        }
    }

    /// The index valid for this snapshot, refreshed (and reported) on first use; `None` when there
    /// is none.
    fn valid(&self, db: &RootDatabase) -> Option<&CallIndex> {
        let given = self.given.as_ref()?;
        self.current
            .get_or_init(|| {
                let refreshed = given.refresh(db);
                if let Some(Reporter(report)) = &self.report {
                    report(match &refreshed {
                        Some(index) => CallIndexReport::Current(index.clone()),
                        None => CallIndexReport::Stale,
                    });
                }
                refreshed
            })
            .as_ref()
    }

    /// A valid index: the refreshed one, else one built anew.
    #[cfg(test)]
    pub(crate) fn build(&self, db: &RootDatabase) -> CallIndex {
        match self.valid(db) {
            Some(index) => index.clone(),
            None => CallIndex::build(db),
        }
    }
}

/// Where a query reads the call sites of a name: the index when one is valid for the snapshot, else
/// the request's steps when it has them (see `steps.rs`), else salsa's bucket (the same answer, see
/// [`CallIndex::sites_named`]).
#[derive(Clone, Copy)]
pub(crate) struct SiteSource<'a> {
    pub(crate) db: &'a RootDatabase,
    index: Option<&'a IndexSlot>,
    steps: Option<&'a SiteSteps>,
}

impl<'a> SiteSource<'a> {
    pub(crate) fn new(
        db: &'a RootDatabase,
        index: &'a IndexSlot,
        steps: Option<&'a SiteSteps>,
    ) -> SiteSource<'a> {
        SiteSource {
            db,
            index: Some(index),
            steps,
        }
    }

    /// Salsa's bucket only.
    #[cfg(test)]
    pub(crate) fn salsa(db: &'a RootDatabase) -> SiteSource<'a> {
        SiteSource {
            db,
            index: None,
            steps: None,
        }
    }

    pub(crate) fn sites_named(&self, name: &str, narrow_files: bool) -> Arc<NamedCallSites> {
        match self.index.and_then(|slot| slot.valid(self.db)) {
            Some(index) => Arc::new(index.sites_named(name, narrow_files)),
            None => match self.steps {
                Some(steps) => Arc::new(steps.sites_named(self.db, name, narrow_files)),
                None => hir::sites_named(self.db, name, narrow_files),
            },
        }
    }

    /// Each file's sites (`hir::file_call_sites`), in `files` order: the index's parts when it is
    /// valid (equal by its invariant, and nothing for salsa to verify), else through the request's
    /// steps when it has them, so that reading many files not yet bound goes over several snapshots.
    pub(crate) fn file_call_sites(&self, files: &[FileId]) -> Vec<Arc<CallSites>> {
        if let Some(index) = self.index.and_then(|slot| slot.valid(self.db)) {
            return files
                .iter()
                .map(|&file| match index.part(file) {
                    Some(part) => part.calls.clone(),
                    None => hir::file_call_sites(self.db, file),
                })
                .collect();
        }
        match self.steps {
            Some(steps) => steps
                .parts(self.db, files)
                .into_iter()
                .map(|part| part.calls.clone())
                .collect(),
            None => files
                .iter()
                .map(|&file| {
                    self.db.unwind_if_revision_cancelled();
                    hir::file_call_sites(self.db, file)
                })
                .collect(),
        }
    }
}
