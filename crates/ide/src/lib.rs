//! The IDE layer: an [`AnalysisHost`] that takes changes and [`Analysis`] snapshots whose queries answer
//! navigation questions in plain data (file ids, ranges, names, kinds). No JSON, no protocol.
//!
//! Every query returns [`Cancellable`]: a change applied to the host while a snapshot computes makes the
//! snapshot's query unwind with [`Cancelled`], and the caller retries on a fresh snapshot.

mod call_hierarchy;
mod call_index;
mod external;
#[cfg(test)]
mod fixture;
pub mod fuzz;
mod implementations;
mod navigation;
mod references;
mod search;
mod site_audit;
mod source;
mod stats;
mod structure;
mod symbol_info;
mod type_hierarchy;

use std::{panic::UnwindSafe, sync::Arc};

use hir::{Database, RootDatabase};

use crate::call_index::{IndexSlot, SiteSource, StepTaken};

pub use crate::{
    call_hierarchy::{
        CallSiteRef, CalleeInfo, Coverage, IncomingCaller, IncomingCalls, IncomingSite,
        OutgoingCallee, OutgoingCalls, UnresolvedCall,
    },
    call_index::{CallIndex, CallIndexBuild, CallIndexReport, OnCallIndex, SiteSteps, StepBudget},
    implementations::{Implementations, MemberImplementation, MemberImplementationKind},
    references::{Reference, ReferenceKind, References, UnboundReason, UnboundReference},
    search::SymbolQuery,
    site_audit::UnaccountedSite,
    source::{SourcePart, SourceRequest, SymbolSource},
    stats::ItemCounts,
    structure::StructureItem,
    symbol_info::{NavigationTarget, SymbolInfo, SymbolKey, SymbolOrigin},
    type_hierarchy::{DerivedRelation, DerivedType, InterfaceInfo, TypeHierarchy, TypeRefInfo},
};
pub use builtin_surface::{Flavor as SurfaceFlavor, assemblies as builtin_surface};
pub use hir::{
    ArtifactCache, CacheCounts, CallKind, Cancelled, Change, ContentHash, FileId, GlobalUsing,
    Libraries, ProjectData, ProjectGraph, ProjectId, SymbolKind, UnresolvedReason,
};
pub use line_index::{LineCol, LineIndex, WideEncoding, WideLineCol};
/// Call sites of some files by how they bound (see [`Analysis::binding_counts`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BindingCounts {
    /// The name and reason of each unresolved site, to tell what is missing most.
    pub unresolved_names: Vec<(UnresolvedReason, smol_str::SmolStr)>,
    pub source: usize,
    pub library: usize,
    pub external: usize,
    pub unknown_receiver: usize,
    pub not_found: usize,
    pub ambiguous: usize,
    pub missing_metadata: usize,
    /// Member accesses on a `dynamic` value, bound at run time.
    pub dynamic_receiver: usize,
    /// Code tree-sitter reads otherwise than C# does.
    pub misread_syntax: usize,
    /// Invocations with a `dynamic` argument, bound at run time (one each, however many
    /// candidates it lists).
    pub late_bound: usize,
}

impl std::ops::AddAssign for BindingCounts {
    fn add_assign(&mut self, o: BindingCounts) {
        self.unresolved_names.extend(o.unresolved_names);
        self.source += o.source;
        self.library += o.library;
        self.external += o.external;
        self.unknown_receiver += o.unknown_receiver;
        self.not_found += o.not_found;
        self.ambiguous += o.ambiguous;
        self.missing_metadata += o.missing_metadata;
        self.dynamic_receiver += o.dynamic_receiver;
        self.misread_syntax += o.misread_syntax;
        self.late_bound += o.late_bound;
    }
}

/// Reference assemblies, read by the `metadata` crate; loaders feed them in through [`Change`].
pub use metadata::{Assembly, read_file as read_assembly};
pub use salsa::CancellationToken;
pub use syntax::{
    Defines, MAX_PARSED_LEN, SyntaxError, TextRange, TextSize, use_mimalloc_for_tree_sitter,
};

pub type Cancellable<T> = Result<T, Cancelled>;

/// Owns the database: the single writer.
#[derive(Default)]
pub struct AnalysisHost {
    db: RootDatabase,
}

impl AnalysisHost {
    pub fn new() -> AnalysisHost {
        AnalysisHost::default()
    }

    /// Decodes per-file results persisted by an earlier process instead of recomputing them
    /// (`hir/src/persist.rs`); set before the first query.
    pub fn set_artifact_cache(&mut self, cache: Option<Arc<ArtifactCache>>) {
        self.db.set_artifact_cache(cache);
    }

    /// Cancels the running analyses and waits for their snapshots to be dropped, then applies.
    pub fn apply_change(&mut self, change: Change) {
        self.db.apply_change(change);
    }

    pub fn analysis(&self) -> Analysis {
        Analysis {
            db: self.db.clone(),
            call_index: IndexSlot::default(),
            steps: None,
        }
    }

    pub fn request_cancellation(&mut self) {
        self.db.trigger_cancellation();
    }

    /// Frees the memoized values past their LRU capacities (syntax trees, bodies, inference
    /// results): salsa enforces those only when a revision starts, and whole-workspace priming
    /// fills them within one revision. An evicted value keeps its dependencies, so it still
    /// verifies after later edits and is computed again only when asked for. Cancels the running
    /// analyses and waits for their snapshots to be dropped, as [`AnalysisHost::apply_change`].
    pub fn evict_unused(&mut self) {
        self.db.trigger_lru_eviction();
    }

    /// See `RootDatabase::set_syntax_tree_capacity`.
    pub fn set_syntax_tree_capacity(&mut self, capacity: usize) {
        self.db.set_syntax_tree_capacity(capacity);
    }
}

/// A snapshot of the database at one revision. Cheap to make; send it to a worker thread.
pub struct Analysis {
    db: RootDatabase,
    /// The call index its owner handed it, refreshed on first use (`call_index.rs`).
    call_index: IndexSlot,
    /// Where the request it serves gathers call sites over several snapshots while no index is
    /// valid (`call_index/steps.rs`).
    steps: Option<SiteSteps>,
}

impl Analysis {
    /// Reads call sites through `index` where it is valid for this snapshot (see `call_index.rs`);
    /// `report` is told, on first use, what it became here (refreshed, or stale). The server's owner
    /// hands out its current index with each snapshot.
    pub fn with_call_index(
        mut self,
        index: Option<CallIndex>,
        report: Option<OnCallIndex>,
    ) -> Analysis {
        self.call_index = IndexSlot::new(index, report);
        self
    }

    /// Reads call sites through `steps` while no call index is valid for this snapshot: a query
    /// that would bind more files than a step's budget gathers a step's worth into `steps`, then
    /// returns `Err(Cancelled)` with [`SiteSteps::take_stepped`] true; the caller evicts and asks
    /// again on a new snapshot with the same `steps`, until the answer comes (exactly the one a
    /// single snapshot would give).
    pub fn with_site_steps(mut self, steps: SiteSteps) -> Analysis {
        self.steps = Some(steps);
        self
    }

    /// A call index valid for this snapshot: the one it was handed, refreshed, else built from
    /// every file's (memoized) sites.
    #[cfg(test)]
    pub(crate) fn build_call_index(&self) -> Cancellable<CallIndex> {
        self.with_db(|db| self.call_index.build(db))
    }

    /// One step of building a call index over successive snapshots: at most `files` more files'
    /// sites gathered into `build` (see [`CallIndexBuild`]), the index once every file's are. The
    /// caller may evict between steps; a cancelled step keeps what it gathered.
    pub fn build_call_index_step(
        &self,
        build: &mut Option<CallIndexBuild>,
        files: usize,
    ) -> Cancellable<Option<CallIndex>> {
        // `build` holds only whole parts at every point a cancellation can unwind from.
        let build = std::panic::AssertUnwindSafe(build);
        self.with_db(move |db| {
            let build = build;
            CallIndexBuild::step(build.0, db, files)
        })
    }

    /// Cancels the query this snapshot is running (e.g. on an MCP `notifications/cancelled`).
    pub fn cancellation_token(&self) -> CancellationToken {
        self.db.cancellation_token()
    }

    fn sites<'a>(&'a self, db: &'a RootDatabase) -> SiteSource<'a> {
        SiteSource::new(db, &self.call_index, self.steps.as_ref())
    }

    /// Runs `f`, a cancellation or a stop for a step (`call_index/steps.rs`) turned into
    /// `Err(Cancelled)`.
    fn with_db<T>(&self, f: impl FnOnce(&RootDatabase) -> T + UnwindSafe) -> Cancellable<T> {
        let db = &self.db;
        let run = std::panic::AssertUnwindSafe(|| {
            Cancelled::catch(std::panic::AssertUnwindSafe(|| f(db)))
        });
        match std::panic::catch_unwind(run) {
            Ok(result) => result,
            Err(payload) if payload.is::<StepTaken>() => Err(Cancelled::Local),
            Err(payload) => std::panic::resume_unwind(payload),
        }
    }

    pub fn file_text(&self, file: FileId) -> Cancellable<Arc<str>> {
        self.with_db(|db| {
            use hir::Db;
            db.source_file(file)
                .map(|f| f.text(db).clone())
                .unwrap_or_else(|| Arc::from(""))
        })
    }

    /// Whether the file's code is analysed: `false` for a file over [`syntax::MAX_PARSED_LEN`], which
    /// has no symbols or call sites and should be counted apart in coverage.
    pub fn is_analysed(&self, file: FileId) -> Cancellable<bool> {
        self.with_db(|db| {
            use hir::Db;
            db.source_file(file)
                .is_none_or(|f| hir::parse(db, f).is_analysed())
        })
    }

    pub fn parse_errors(&self, file: FileId) -> Cancellable<Vec<SyntaxError>> {
        self.with_db(|db| {
            use hir::Db;
            db.source_file(file)
                .map(|f| hir::parse(db, f).errors().to_vec())
                .unwrap_or_default()
        })
    }

    /// Computes what every later query needs of a file: its item tree and word index.
    pub fn prime_file(&self, file: FileId) -> Cancellable<()> {
        self.with_db(|db| prime_file_in(db, file))
    }

    /// [`Analysis::prime_file`]'s item tree without memoizing the file's syntax tree: the tree is
    /// parsed for the item tree alone and freed at once (`RootDatabase::with_transient_trees`). A
    /// server calls it for all files in parallel after loading, so the first answers do not pay
    /// for it, and no tree outlives its file's step.
    pub fn prime_item_tree_transient(&self, file: FileId) -> Cancellable<()> {
        let db = self.db.with_transient_trees();
        Cancelled::catch(std::panic::AssertUnwindSafe(|| {
            prime_item_tree_in(&db, file)
        }))
    }

    /// [`Analysis::prime_file`]'s word index, by which reference searches choose the files they
    /// bind: a server builds them after the item trees, since no first answer needs them.
    pub fn prime_word_index(&self, file: FileId) -> Cancellable<()> {
        self.with_db(|db| prime_word_index_in(db, file))
    }

    /// Binds every body of a file, so reference searches find its call sites ready.
    pub fn prime_call_sites(&self, file: FileId) -> Cancellable<()> {
        self.with_db(|db| {
            hir::file_call_sites(db, file);
        })
    }

    /// How a file's call sites bound: to source members, to library members, to external members no
    /// loaded assembly declares, and the unresolved ones by reason (for `csnav load --calls`).
    pub fn binding_counts(&self, file: FileId) -> Cancellable<BindingCounts> {
        self.with_db(|db| {
            let sites = hir::file_call_sites(db, file);
            let mut counts = BindingCounts {
                unresolved_names: sites
                    .unresolved
                    .iter()
                    .map(|u| (u.reason, u.name.clone()))
                    .collect(),
                ..BindingCounts::default()
            };
            let mut late_bound = Vec::new();
            for site in &sites.sites {
                if site.kind == hir::CallKind::LateBound {
                    late_bound.push(site.focus_range.start());
                    continue;
                }
                match site.callee {
                    hir::Callee::Member(_) => counts.source += 1,
                    hir::Callee::Library(_) => counts.library += 1,
                    hir::Callee::External(_) => counts.external += 1,
                }
            }
            for site in &sites.unresolved {
                match site.reason {
                    UnresolvedReason::UnknownReceiver => counts.unknown_receiver += 1,
                    UnresolvedReason::NotFound => counts.not_found += 1,
                    UnresolvedReason::Ambiguous => counts.ambiguous += 1,
                    UnresolvedReason::MissingMetadata => counts.missing_metadata += 1,
                    UnresolvedReason::DynamicReceiver => counts.dynamic_receiver += 1,
                    UnresolvedReason::MisreadSyntax => counts.misread_syntax += 1,
                }
            }
            late_bound.dedup();
            counts.late_bound = late_bound.len();
            counts
        })
    }

    /// Builds one project's symbol index, its definition map and member tables (after its files
    /// are primed): a server builds the projects' on all its threads.
    pub fn prime_project_symbols(&self, project: ProjectId) -> Cancellable<()> {
        self.with_db(|db| {
            hir::project_symbol_index(db, project);
        })
    }

    /// Builds the workspace-wide symbol index (after the files are primed).
    pub fn prime_symbol_index(&self) -> Cancellable<()> {
        self.with_db(|db| {
            hir::symbol_indexes(db);
        })
    }

    pub fn file_line_index(&self, file: FileId) -> Cancellable<Arc<LineIndex>> {
        self.with_db(|db| navigation::line_index(db, file))
    }

    pub fn search_symbols(&self, query: &SymbolQuery) -> Cancellable<Vec<SymbolInfo>> {
        self.with_db(|db| search::search(db, query))
    }

    pub fn symbols_by_full_name(&self, full_name: &str) -> Cancellable<Vec<SymbolInfo>> {
        self.with_db(|db| search::by_full_name(db, full_name))
    }

    pub fn symbols_by_documentation_id(&self, doc_id: &str) -> Cancellable<Vec<SymbolInfo>> {
        self.with_db(|db| search::by_documentation_id(db, doc_id))
    }

    /// The library types and members named `full_name` (as [`Analysis::symbols_by_full_name`]
    /// matches names).
    pub fn library_symbols_by_full_name(&self, full_name: &str) -> Cancellable<Vec<SymbolInfo>> {
        self.with_db(|db| search::library_by_full_name(db, full_name))
    }

    /// The library type or member whose documentation id is `doc_id`.
    pub fn library_symbols_by_documentation_id(
        &self,
        doc_id: &str,
    ) -> Cancellable<Vec<SymbolInfo>> {
        self.with_db(|db| search::library_by_documentation_id(db, doc_id))
    }

    /// The symbol declared or referenced at `offset`: a source symbol, or the library type or
    /// member a reference names.
    pub fn symbol_at(&self, file: FileId, offset: TextSize) -> Cancellable<Option<SymbolInfo>> {
        self.with_db(|db| navigation::symbol_at(db, file, offset).map(|s| SymbolInfo::of(db, s)))
    }

    /// The invocations, member accesses and object creations of a file that could be calls of a
    /// source member and yet are neither bound nor listed unresolved: what must never exist.
    pub fn unaccounted_sites(&self, file: FileId) -> Cancellable<Vec<UnaccountedSite>> {
        self.with_db(|db| site_audit::unaccounted_sites(db, file))
    }

    /// The source or library symbol a key names now.
    /// Every symbol `key` names now: the source symbols with that key (more than one only for
    /// duplicate definitions in its project), else the library symbol it names. One lookup, in the
    /// key's project only.
    pub fn symbols_with_key(&self, key: &SymbolKey) -> Cancellable<Vec<SymbolInfo>> {
        self.with_db(|db| symbol_info::with_key(db, key))
    }

    pub fn symbol_info(&self, key: &SymbolKey) -> Cancellable<Option<SymbolInfo>> {
        self.with_db(|db| symbol_info::resolve(db, key).map(|s| SymbolInfo::of(db, s)))
    }

    /// `None` when the key names no type (the caller checks the kind first). Derived types are
    /// source types.
    pub fn type_hierarchy(&self, key: &SymbolKey) -> Cancellable<Option<TypeHierarchy>> {
        self.with_db(|db| type_hierarchy::type_hierarchy(db, key, false))
    }

    /// Like [`Analysis::type_hierarchy`]; the derived types of a library type also include the
    /// library types deriving from it.
    pub fn type_hierarchy_including_external(
        &self,
        key: &SymbolKey,
    ) -> Cancellable<Option<TypeHierarchy>> {
        self.with_db(|db| type_hierarchy::type_hierarchy(db, key, true))
    }

    /// Every call site of the member (a source or a library one) in the workspace, grouped per
    /// calling member; `None` when the key names no member.
    pub fn incoming_calls(&self, key: &SymbolKey) -> Cancellable<Option<IncomingCalls>> {
        self.with_db(|db| match symbol_info::resolve(db, key)? {
            symbol_info::AnySymbol::Library(external::LibrarySymbol::Member(m)) => {
                Some(external::incoming_calls(self.sites(db), m))
            }
            _ => call_hierarchy::incoming_calls(self.sites(db), key),
        })
    }

    /// Every reference in the sources to a type or member, of the sources or of a library; `None`
    /// when the key names none.
    pub fn find_references(&self, key: &SymbolKey) -> Cancellable<Option<References>> {
        self.with_db(|db| references::find_references(self.sites(db), key))
    }

    /// The types deriving from a type, or the members implementing an interface member or
    /// overriding a virtual one; `None` when the key names nothing or a library member.
    pub fn find_implementations(&self, key: &SymbolKey) -> Cancellable<Option<Implementations>> {
        self.with_db(|db| implementations::find_implementations(db, key))
    }

    /// The overrides of a virtual, abstract or override source member, down the hierarchy.
    pub fn find_overrides(&self, key: &SymbolKey) -> Cancellable<Option<Implementations>> {
        self.with_db(|db| implementations::find_overrides(db, key))
    }

    /// The file's namespaces, types and declared members in document order (its outline).
    pub fn file_structure(&self, file: FileId) -> Cancellable<Vec<StructureItem>> {
        self.with_db(|db| structure::file_structure(db, file))
    }

    /// The source lines of a symbol's declarations (every part of a partial type) that `request`
    /// asks for; `None` when the key names nothing. A library symbol has no parts.
    pub fn symbol_source(
        &self,
        key: &SymbolKey,
        request: SourceRequest,
    ) -> Cancellable<Option<SymbolSource>> {
        self.with_db(|db| source::symbol_source(db, key, request))
    }

    /// The member's callees grouped per callee, expanded breadth-first to `depth` levels and at most
    /// `node_cap` callees; `None` when the key names no source member (a library member's body is
    /// not read).
    pub fn outgoing_calls(
        &self,
        key: &SymbolKey,
        depth: u32,
        node_cap: usize,
    ) -> Cancellable<Option<OutgoingCalls>> {
        self.with_db(|db| call_hierarchy::outgoing_calls(db, key, depth, node_cap))
    }
}

/// A file's item tree and word index, memoized in `db`.
fn prime_file_in(db: &RootDatabase, file: FileId) {
    prime_item_tree_in(db, file);
    prime_word_index_in(db, file);
}

fn prime_item_tree_in(db: &RootDatabase, file: FileId) {
    use hir::Db;
    if let Some(source) = db.source_file(file) {
        hir::file_item_tree(db, source);
    }
}

fn prime_word_index_in(db: &RootDatabase, file: FileId) {
    use hir::Db;
    if let Some(source) = db.source_file(file) {
        hir::word_index(db, source);
    }
}

#[cfg(test)]
mod tests {
    mod call_index;
    mod fuzz_corpus;
    mod hostile;
    mod incremental;
    mod site_steps;
}
