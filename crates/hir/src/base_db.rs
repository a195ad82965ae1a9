//! Inputs of the database and the first layer of queries on them (parse, word index).

mod keys;
mod libraries;

use std::{
    fmt,
    sync::{Arc, OnceLock},
};

use rustc_hash::FxHashMap;
use salsa::{Durability, Setter};
use smol_str::SmolStr;
use syntax::{Defines, WordIndex};

pub(crate) use self::keys::item_tree_key;
use self::libraries::new_library_input;
pub use self::libraries::{Libraries, LibraryInput};
use crate::{parsed::ParsedFile, persist::ArtifactCache};

/// An opaque file handle. The loader maps it to a path; the HIR never sees one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub u32);

/// A project: an index into [`ProjectGraph::projects`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ProjectId(pub u32);

/// A `global using` that the project adds to every file (implicit usings and `<Using>` items).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GlobalUsing {
    pub target: SmolStr,
    pub alias: Option<SmolStr>,
    pub is_static: bool,
}

/// What the HIR needs to know about one project; paths stay with the loader.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ProjectData {
    pub name: SmolStr,
    pub assembly_name: SmolStr,
    pub root_namespace: SmolStr,
    pub lang_version: Option<SmolStr>,
    pub defines: Defines,
    pub global_usings: Vec<GlobalUsing>,
    pub files: Vec<FileId>,
    pub references: Vec<ProjectId>,
}

/// Every project of the workspace. A file listed by several projects (a linked file, a shared folder)
/// belongs to the first one for its preprocessor symbols.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ProjectGraph {
    pub projects: Vec<ProjectData>,
}

impl ProjectGraph {
    pub fn iter(&self) -> impl Iterator<Item = (ProjectId, &ProjectData)> {
        self.projects
            .iter()
            .enumerate()
            .map(|(i, p)| (ProjectId(i as u32), p))
    }

    pub fn project(&self, id: ProjectId) -> Option<&ProjectData> {
        self.projects.get(id.0 as usize)
    }
}

/// The text of one file. Created once per [`FileId`]; later changes set the text.
#[salsa::input(debug)]
pub struct SourceFile {
    #[returns(copy)]
    pub id: FileId,
    #[returns(ref)]
    pub text: Arc<str>,
}

/// The project graph: one input for the whole workspace, changed rarely, so it is HIGH durability and a
/// text edit never re-validates what depends only on it.
#[salsa::input(singleton, debug)]
pub struct WorkspaceInput {
    #[returns(ref)]
    pub graph: Arc<ProjectGraph>,
    /// For each file, the project it belongs to (derived from `graph`, kept as an input so lookups are
    /// O(1) without a query over the whole graph).
    #[returns(ref)]
    pub owners: Arc<FxHashMap<FileId, ProjectId>>,
}

#[salsa::db]
pub trait Db: salsa::Database {
    fn source_file(&self, id: FileId) -> Option<SourceFile>;
    fn workspace(&self) -> WorkspaceInput;
    fn libraries(&self) -> LibraryInput;
    /// Per-file results persisted by an earlier process, consulted instead of recomputing them.
    fn artifacts(&self) -> Option<&ArtifactCache>;
    /// Whether item trees lower a syntax tree parsed for them alone and freed at once, instead of
    /// `parse`'s memoized one: see [`RootDatabase::with_transient_trees`].
    fn transient_trees(&self) -> bool;
    /// The ids of the types the language names (`library::KnownType`), filled on first use and
    /// shared by every snapshot. Outside salsa because conversions ask for them all the time and
    /// a query without arguments costs an interning and a dependency at every ask (5 % of
    /// binding); they never change, being immortal interned ids of fixed names.
    fn known_type_slots(&self) -> &OnceLock<Box<[salsa::Id]>>;
}

/// A batch of input changes, applied in one new revision.
#[derive(Default)]
pub struct Change {
    /// `None` removes the file's text (the loader also drops it from the project graph).
    pub files: Vec<(FileId, Option<Arc<str>>)>,
    pub project_graph: Option<ProjectGraph>,
    /// The reference assemblies of the workspace and which of them each project references
    /// ([`crate::Libraries`]).
    pub libraries: Option<Libraries>,
}

impl fmt::Debug for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Change")
            .field("files", &self.files.len())
            .field(
                "project_graph",
                &self.project_graph.as_ref().map(|g| g.projects.len()),
            )
            .field(
                "libraries",
                &self.libraries.as_ref().map(|l| l.assemblies.len()),
            )
            .finish()
    }
}

/// The one database. Cloning it gives a snapshot for another thread; a write on the original cancels the
/// snapshots' running queries and waits for them to be dropped.
#[salsa::db]
#[derive(Clone)]
pub struct RootDatabase {
    storage: salsa::Storage<Self>,
    files: Arc<FxHashMap<FileId, SourceFile>>,
    /// Not an input: what it holds equals what the queries would compute (see `persist.rs`).
    artifacts: Option<Arc<ArtifactCache>>,
    /// Not an input either: it changes how an item tree is computed, never what it is.
    transient_trees: bool,
    known_types: Arc<OnceLock<Box<[salsa::Id]>>>,
}

impl Default for RootDatabase {
    fn default() -> Self {
        RootDatabase::new(None)
    }
}

#[salsa::db]
impl salsa::Database for RootDatabase {}

#[salsa::db]
impl Db for RootDatabase {
    fn source_file(&self, id: FileId) -> Option<SourceFile> {
        self.files.get(&id).copied()
    }

    fn workspace(&self) -> WorkspaceInput {
        WorkspaceInput::get(self)
    }

    fn libraries(&self) -> LibraryInput {
        LibraryInput::get(self)
    }

    fn artifacts(&self) -> Option<&ArtifactCache> {
        self.artifacts.as_deref()
    }

    fn transient_trees(&self) -> bool {
        self.transient_trees
    }

    fn known_type_slots(&self) -> &OnceLock<Box<[salsa::Id]>> {
        &self.known_types
    }
}

/// What salsa calls on every event of a database's runtime: only test databases have one
/// (`test_utils.rs`), so a production database never pays for events.
pub(crate) type EventCallback = Box<dyn Fn(salsa::Event) + Send + Sync>;

impl RootDatabase {
    pub(crate) fn new(on_event: Option<EventCallback>) -> RootDatabase {
        let db = RootDatabase {
            storage: salsa::Storage::new(on_event),
            files: Arc::default(),
            artifacts: None,
            transient_trees: false,
            known_types: Arc::default(),
        };
        // A singleton: found again with `WorkspaceInput::get`.
        let _workspace = WorkspaceInput::builder(Arc::default(), Arc::default())
            .durability(Durability::HIGH)
            .new(&db);
        let _libraries = new_library_input(&db);
        db
    }

    /// Consults `cache` for per-file results from now on (set it before the first query).
    pub fn set_artifact_cache(&mut self, cache: Option<Arc<ArtifactCache>>) {
        self.artifacts = cache;
    }

    /// A snapshot whose item trees lower a syntax tree of their own, dropped on this thread as soon
    /// as the item tree is built, and never memoized: for a pass that builds every file's item tree
    /// and nothing else of the file (priming's first pass). Through `parse`, every file's tree stays
    /// memoized until an eviction (0.11 MB a file) and is then freed in bulk on another thread,
    /// which fragments the priming threads' heaps and makes them wait for each other. The item tree
    /// is the same either way: `parse` is a pure function of the text and the defines, which are
    /// what the item tree reads then.
    pub fn with_transient_trees(&self) -> RootDatabase {
        RootDatabase {
            transient_trees: true,
            ..self.clone()
        }
    }

    /// Keeps up to `capacity` syntax trees memoized past an eviction (64 by default): for a batch
    /// run that reads every file's tree twice, for its item tree and for its bodies, and would
    /// parse each file again between the two.
    pub fn set_syntax_tree_capacity(&mut self, capacity: usize) {
        parse::set_lru_capacity(self, capacity);
    }

    pub fn apply_change(&mut self, change: Change) {
        for (id, text) in change.files {
            let text: Arc<str> = text.unwrap_or_else(|| Arc::from(""));
            match self.files.get(&id).copied() {
                Some(file) => {
                    file.set_text(self).to(text);
                }
                None => {
                    let file = SourceFile::new(self, id, text);
                    Arc::make_mut(&mut self.files).insert(id, file);
                }
            }
        }
        if let Some(libraries) = change.libraries {
            let input = self.libraries();
            input
                .set_assemblies(self)
                .with_durability(Durability::HIGH)
                .to(libraries.assemblies);
            input
                .set_project_assemblies(self)
                .with_durability(Durability::HIGH)
                .to(libraries.projects);
        }
        if let Some(graph) = change.project_graph {
            let mut owners = FxHashMap::default();
            for (project, data) in graph.iter() {
                for &file in &data.files {
                    owners.entry(file).or_insert(project);
                }
            }
            let workspace = self.workspace();
            workspace
                .set_graph(self)
                .with_durability(Durability::HIGH)
                .to(Arc::new(graph));
            workspace
                .set_owners(self)
                .with_durability(Durability::HIGH)
                .to(Arc::new(owners));
        }
    }
}

/// The project a file belongs to for its preprocessor symbols and global usings.
#[salsa::tracked(returns(copy))]
pub fn file_project(db: &dyn Db, file: SourceFile) -> Option<ProjectId> {
    db.workspace().owners(db).get(&file.id(db)).copied()
}

/// The symbols a file's `#if`s see before its own `#define`s.
#[salsa::tracked(returns(ref))]
pub fn file_defines(db: &dyn Db, file: SourceFile) -> Defines {
    let graph = db.workspace().graph(db);
    file_project(db, file)
        .and_then(|p| graph.project(p))
        .map(|p| p.defines.clone())
        .unwrap_or_default()
}

/// The lossless syntax tree. Evicted when unused (LRU): the item tree is what later queries keep.
/// Evicted trees are freed off the writer (`parsed.rs`). A tree costs about eight times its text
/// (0.11 MB for a file of 13 KB) and parsing it again a millisecond or two: binding lowers a file's
/// bodies one after the other from one tree, and an answer reads a few files' trees, so a few dozen
/// trees kept are enough.
#[salsa::tracked(returns(ref), lru = 64)]
pub fn parse(db: &dyn Db, file: SourceFile) -> ParsedFile {
    ParsedFile::new(syntax::parse(file.text(db), file_defines(db, file)))
}

/// The identifiers the file mentions, to narrow the files a reference search must bind. A pure
/// function of the text, so a persisted one is decoded when there is one (`persist.rs`).
#[salsa::tracked(returns(ref))]
pub fn word_index(db: &dyn Db, file: SourceFile) -> WordIndex {
    let text = file.text(db);
    match db.artifacts() {
        Some(cache) => cache.word_index(keys::word_index_key(db, file), || WordIndex::new(text)),
        None => WordIndex::new(text),
    }
}
