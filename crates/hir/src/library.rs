//! Library types: what reference assemblies (the framework, NuGet packages) declare, read by the
//! `metadata` crate and entered as one HIGH-durability input, as rust-analyzer enters its library
//! roots. An edit to a source file never re-validates anything that depends only on libraries.
//!
//! A library type is a [`Ty::Library`] holding a [`LibTypeId`]: its metadata name, interned. The id
//! says which type, not which assembly's definition of it: a project sees the assemblies it
//! references ([`library_scope`]), the first of its list declaring a name winning, and a body's name
//! lookup, member lookup, extension methods and constructors are that scope's answers. Two projects
//! referencing different versions of a package each bind to their own; a type met in another
//! project's signature is the same type in both (as the compiler retargets referenced compilations
//! to the referencing one's assemblies). Conversions and hierarchies read a library type's kind,
//! base class, interfaces and delegate shape in the scope of the project asking ([`ScopedDb`]): two
//! versions of a type with different bases convert differently. Only navigation from a library
//! type itself, which no project asks, reads the workspace's definitions ([`library_defs`]).

mod convert;
mod identity;
mod known;
mod members;
mod symbols;

use std::{
    cell::{OnceCell, RefCell},
    rc::Rc,
    sync::{Arc, RwLock},
};

use metadata::{Assembly, Method, TypeDef, TypeKind};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use smol_str::SmolStr;

use crate::{
    base_db::{Db, ProjectId},
    def_map::{ProjectKey, TypeId, type_header},
    ty::{Ty, TypeParam},
};

pub use self::{
    convert::library_type_ty,
    identity::{
        library_member_by_doc_id, library_type_by_doc_id, library_type_doc_id,
        library_type_members, library_type_of, library_type_seen_by,
    },
    members::{LibMember, LibMemberKind},
    symbols::{
        library_member_doc_id, library_member_full_name, library_member_kind,
        library_member_metadata_name, library_member_name, library_member_qualified_name,
        library_type_container, library_type_kind, library_type_name, library_type_qualified_name,
    },
};
pub(crate) use self::{
    convert::{LibraryTy, hir_name},
    known::KnownType,
    members::{
        DeclaredSignature, ParamInfo, library_constraints_hold, library_delegate_shape,
        library_indexers, library_members, library_params, library_return, library_signature,
    },
};
/// The input is the database's; it is named here, where it is read.
pub use crate::base_db::{Libraries, LibraryInput};
/// Held by [`Ty::Library`], so declared with it; named here, where ids are made.
pub use crate::ty::LibTypeId;

/// A type an assembly declares: an index into [`LibraryInput::assemblies`] and into its types.
/// Positions, valid while the library input is; the stable identity is a [`LibTypeId`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LibType {
    pub asm: u32,
    pub idx: u32,
}

impl LibTypeId {
    pub(crate) fn from_metadata_name(db: &dyn Db, metadata_name: &str) -> LibTypeId {
        LibTypeId::new(db, SmolStr::new(metadata_name), hir_name(metadata_name))
    }
}

/// Which definition each library type id names in a set of assemblies: the first assembly of the
/// set declaring it. What member lookup, conversions and hierarchies read.
pub struct LibraryDefs {
    assemblies: Arc<[Arc<Assembly>]>,
    /// The assemblies of the set, indices into `assemblies`, in priority order.
    members: Arc<[u32]>,
    defs: FxHashMap<LibTypeId, LibType>,
    /// The members whose signatures were asked, converted once (see [`DeclaredSignature`]); valid as
    /// long as `assemblies`, which this index lives no longer than.
    signatures: RwLock<FxHashMap<LibMember, Arc<DeclaredSignature>>>,
}

impl LibraryDefs {
    fn new(db: &dyn Db, assemblies: Arc<[Arc<Assembly>]>, members: Arc<[u32]>) -> LibraryDefs {
        let mut defs = FxHashMap::default();
        for &a in members.iter() {
            let ids = assembly_type_ids(db, AssemblyKey::new(db, a));
            for (t, &type_id) in ids.iter().enumerate() {
                defs.entry(type_id).or_insert(LibType {
                    asm: a,
                    idx: t as u32,
                });
            }
        }
        LibraryDefs {
            assemblies,
            members,
            defs,
            signatures: RwLock::default(),
        }
    }

    /// `member`'s declared signature, converted by `convert` on the first ask. Two threads asking at
    /// once may both convert; both get the same signature.
    pub(crate) fn declared_signature(
        &self,
        member: LibMember,
        convert: impl FnOnce() -> DeclaredSignature,
    ) -> Arc<DeclaredSignature> {
        let cached = self.signatures.read().unwrap_or_else(|p| p.into_inner());
        if let Some(signature) = cached.get(&member) {
            return signature.clone();
        }
        drop(cached);
        let signature = Arc::new(convert());
        let mut cache = self.signatures.write().unwrap_or_else(|p| p.into_inner());
        cache.entry(member).or_insert(signature).clone()
    }

    pub fn type_def(&self, id: LibType) -> &TypeDef {
        &self.assemblies[id.asm as usize].types[id.idx as usize]
    }

    pub(crate) fn assembly(&self, id: LibType) -> &Assembly {
        &self.assemblies[id.asm as usize]
    }

    pub fn method(&self, id: LibType, idx: u32) -> &Method {
        &self.type_def(id).methods()[idx as usize]
    }

    /// The definition `id` names in this set of assemblies.
    pub(crate) fn def(&self, id: LibTypeId) -> Option<LibType> {
        self.defs.get(&id).copied()
    }

    /// The definition of the library type `ty` names in this set of assemblies.
    pub(crate) fn type_of(&self, db: &dyn Db, ty: &Ty) -> Option<LibType> {
        let (id, _) = named(db, ty)?;
        self.def(id)
    }
}

impl PartialEq for LibraryDefs {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.assemblies, &other.assemblies) && self.members == other.members
    }
}

impl Eq for LibraryDefs {}

impl std::fmt::Debug for LibraryDefs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LibraryDefs")
            .field("defs", &self.defs.len())
            .finish()
    }
}

/// What one set of assemblies declares: its definitions ([`LibraryDefs`], through `Deref`), types
/// by their C# name, the namespaces they live in and their extension methods. Built once per
/// distinct set (`library_scope`).
pub struct LibraryIndex {
    defs: Arc<LibraryDefs>,
    /// By simple name (the last part of the C# full name, no arity suffix) and the count of all
    /// generic parameters: each type of that name with its container. Keyed by the simple name, so
    /// that looking a name up in every namespace a scope imports is one hash lookup (it was one per
    /// namespace, each building the full name) and a comparison per type of that name.
    types: FxHashMap<(SmolStr, u32), SmallVec<[Named; 1]>>,
    /// Every namespace that holds a type, with all its prefixes (`System`, `System.Collections`).
    namespaces: FxHashSet<SmolStr>,
    /// Extension methods by name, with the namespace of their static class.
    extensions: FxHashMap<SmolStr, Vec<(SmolStr, LibType, u32)>>,
}

/// A type of the index under its simple name: its container (the namespace, nesting types after it
/// with `.`) and which type it is. The first assembly of the set declaring a full name wins.
#[derive(Clone, Debug)]
pub(crate) struct Named {
    pub(crate) container: SmolStr,
    pub(crate) id: LibTypeId,
    pub(crate) def: LibType,
}

impl PartialEq for LibraryIndex {
    fn eq(&self, other: &Self) -> bool {
        self.defs == other.defs
    }
}

impl std::ops::Deref for LibraryIndex {
    type Target = LibraryDefs;

    fn deref(&self) -> &LibraryDefs {
        &self.defs
    }
}

impl Eq for LibraryIndex {}

impl std::fmt::Debug for LibraryIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LibraryIndex")
            .field("types", &self.types.len())
            .finish()
    }
}

impl LibraryIndex {
    fn new(db: &dyn Db, assemblies: Arc<[Arc<Assembly>]>, members: Arc<[u32]>) -> LibraryIndex {
        let mut index = LibraryIndex {
            defs: Arc::new(LibraryDefs::new(db, assemblies.clone(), members.clone())),
            types: FxHashMap::default(),
            namespaces: FxHashSet::default(),
            extensions: FxHashMap::default(),
        };
        for &a in members.iter() {
            let Some(asm) = assemblies.get(a as usize) else {
                continue;
            };
            let ids = assembly_type_ids(db, AssemblyKey::new(db, a));
            for ((t, def), &type_id) in asm.types.iter().enumerate().zip(ids.iter()) {
                let id = LibType {
                    asm: a,
                    idx: t as u32,
                };
                let arity = def.generic_params.len() as u32;
                let full: &str = type_id.name(db);
                let (container, name) = full.rsplit_once('.').unwrap_or(("", full));
                let named = index.types.entry((SmolStr::new(name), arity)).or_default();
                if !named.iter().any(|n| n.container == container) {
                    let container = match container == def.namespace.as_str() {
                        true => def.namespace.clone(),
                        false => SmolStr::new(container),
                    };
                    named.push(Named {
                        container,
                        id: type_id,
                        def: id,
                    });
                }
                let mut ns = def.namespace.as_str();
                while !ns.is_empty() && !index.namespaces.contains(ns) {
                    index.namespaces.insert(SmolStr::new(ns));
                    ns = ns.rsplit_once('.').map_or("", |(outer, _)| outer);
                }
                if def.is_extension_container && def.declaring.is_none() {
                    for (m, method) in def.methods().iter().enumerate() {
                        if method.is_extension && method.is_static && !method.params.is_empty() {
                            index
                                .extensions
                                .entry(method.name.clone())
                                .or_default()
                                .push((def.namespace.clone(), id, m as u32));
                        }
                    }
                }
            }
        }
        index
    }

    /// The type named `name` (C# spelling) with `arity` generic parameters in all.
    pub fn lookup(&self, name: &str, arity: u32) -> Option<LibType> {
        self.find(name, arity).map(|n| n.def)
    }

    /// The id of the type named `name` (C# spelling) with `arity` generic parameters in all.
    pub(crate) fn lookup_id(&self, name: &str, arity: u32) -> Option<LibTypeId> {
        self.find(name, arity).map(|n| n.id)
    }

    fn find(&self, full: &str, arity: u32) -> Option<&Named> {
        let (container, name) = full.rsplit_once('.').unwrap_or(("", full));
        self.lookup_in(container, name, arity)
    }

    /// The type `container.name` with `arity` generic parameters in all, without building its
    /// full name.
    pub(crate) fn lookup_in(&self, container: &str, name: &str, arity: u32) -> Option<&Named> {
        self.named(name, arity)
            .iter()
            .find(|n| n.container == container)
    }

    /// Every type whose simple name is `name` with `arity` generic parameters in all, whatever
    /// its container.
    pub(crate) fn named(&self, name: &str, arity: u32) -> &[Named] {
        self.types
            .get(&(SmolStr::new(name), arity))
            .map_or(&[], |named| named.as_slice())
    }

    pub fn has_namespace(&self, ns: &str) -> bool {
        self.namespaces.contains(ns)
    }

    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    /// The extension methods named `name` whose static class is in one of `namespaces`.
    pub(crate) fn extension_methods<'a>(
        &'a self,
        name: &str,
        namespaces: &'a [SmolStr],
    ) -> impl Iterator<Item = (LibType, u32)> + 'a {
        self.extensions
            .get(name)
            .into_iter()
            .flatten()
            .filter(|(ns, _, _)| namespaces.contains(ns))
            .map(|&(_, ty, m)| (ty, m))
    }

    /// The namespaces of the static classes declaring extension methods named `name`.
    pub(crate) fn extension_namespaces(&self, name: &str) -> impl Iterator<Item = &SmolStr> {
        self.extensions
            .get(name)
            .into_iter()
            .flatten()
            .map(|(ns, _, _)| ns)
    }

    /// The extension methods named `name` declared by the static class `class`.
    pub(crate) fn extension_methods_of(
        &self,
        name: &str,
        class: LibType,
    ) -> impl Iterator<Item = (LibType, u32)> + '_ {
        self.extensions
            .get(name)
            .into_iter()
            .flatten()
            .filter(move |(_, ty, _)| *ty == class)
            .map(|&(_, ty, m)| (ty, m))
    }
}

/// Every assembly of the workspace, in the input's order: what navigation searches (framework
/// symbols are named by assembly and documentation id, whichever project references them) and what a
/// project without its own list sees.
#[salsa::tracked(returns(clone))]
pub fn library_index(db: &dyn Db) -> Arc<LibraryIndex> {
    let assemblies = db.libraries().assemblies(db).clone();
    let all = (0..assemblies.len() as u32).collect();
    Arc::new(LibraryIndex::new(db, assemblies, all))
}

/// An assembly of the input, by its position.
#[salsa::interned(revisions = usize::MAX)]
struct AssemblyKey<'db> {
    #[returns(copy)]
    idx: u32,
}

/// The id of each type an assembly declares, in its order: named once per assembly, however many
/// sets (projects' views) hold it.
#[salsa::tracked(returns(clone))]
fn assembly_type_ids<'db>(db: &'db dyn Db, key: AssemblyKey<'db>) -> Arc<[LibTypeId]> {
    let assemblies = db.libraries().assemblies(db);
    let Some(asm) = assemblies.get(key.idx(db) as usize) else {
        return Arc::from(Vec::new());
    };
    asm.types
        .iter()
        .map(|def| LibTypeId::from_metadata_name(db, &def.full_name(asm)))
        .collect()
}

/// A set of assemblies, to key the index of a set shared by the projects that reference it.
#[salsa::interned(revisions = usize::MAX)]
struct AssemblySet<'db> {
    #[returns(ref)]
    members: Arc<[u32]>,
}

#[salsa::tracked(returns(clone))]
fn assembly_set_index<'db>(db: &'db dyn Db, set: AssemblySet<'db>) -> Arc<LibraryIndex> {
    let assemblies = db.libraries().assemblies(db).clone();
    Arc::new(LibraryIndex::new(db, assemblies, set.members(db).clone()))
}

/// What `project` sees of the libraries: the assemblies it references. Projects referencing the same
/// set (the usual case: one framework, the same packages) share one index.
pub(crate) fn library_scope(db: &dyn Db, project: ProjectId) -> Arc<LibraryIndex> {
    project_library_scope(db, ProjectKey::new(db, project))
}

/// [`library_scope`], memoized per project: choosing the index hashes the project's assembly set
/// (interning it) and compares it with every assembly, and every library lookup of a body asks
/// (1,600 instructions a lookup, 3 % of binding).
#[salsa::tracked(returns(clone))]
fn project_library_scope<'db>(db: &'db dyn Db, key: ProjectKey<'db>) -> Arc<LibraryIndex> {
    let input = db.libraries();
    match input.project_assemblies(db).get(key.id(db).0 as usize) {
        Some(set) if !is_everything(set, input.assemblies(db).len()) => {
            assembly_set_index(db, AssemblySet::new(db, set.clone()))
        }
        _ => library_index(db),
    }
}

/// Builds the index of what `project` sees of the libraries ([`library_scope`]): one workspace-wide
/// pass over every type of the assemblies, which the first body or hierarchy asking would otherwise
/// build while the other threads wait for it.
pub fn prime_library_scope(db: &dyn Db, project: ProjectId) {
    library_scope(db, project);
}

fn is_everything(set: &[u32], len: usize) -> bool {
    set.len() == len && set.iter().enumerate().all(|(i, &a)| a as usize == i)
}

/// The id and type arguments of a type as metadata declares it: `int?` is `System.Nullable<int>`,
/// `(int, string)` is `System.ValueTuple<int, string>`.
pub(crate) fn named<'t>(
    db: &dyn Db,
    ty: &'t Ty,
) -> Option<(LibTypeId, std::borrow::Cow<'t, [Ty]>)> {
    match ty {
        Ty::Library(id, args) => Some((*id, std::borrow::Cow::Borrowed(args))),
        Ty::Nullable(inner) => Some((
            KnownType::Nullable.id(db),
            std::borrow::Cow::Owned(vec![(**inner).clone()]),
        )),
        Ty::Tuple(elems) => Some((
            known::value_tuple_id(db, elems.len()),
            std::borrow::Cow::Borrowed(elems),
        )),
        _ => None,
    }
}

/// The library type a type names, as the workspace's assemblies declare it (the first declaring
/// it): for what does not depend on the version a project references (the shape of its name, its
/// identity). What a project's code means goes through its [`ScopedDb`].
pub(crate) fn library_type(db: &dyn Db, ty: &Ty) -> Option<LibType> {
    library_defs(db).type_of(db, ty)
}

/// The workspace's definitions (every assembly, the first declaring a name winning), without the
/// name tables navigation's [`library_index`] adds.
#[salsa::tracked(returns(clone))]
pub(crate) fn library_defs(db: &dyn Db) -> Arc<LibraryDefs> {
    let assemblies = db.libraries().assemblies(db).clone();
    let all = (0..assemblies.len() as u32).collect();
    Arc::new(LibraryDefs::new(db, assemblies, all))
}

/// The database as one project asks it: with the library definitions that project sees
/// ([`library_scope`]). Conversions, hierarchies, value types and delegate shapes of library types
/// are read through one, so that two projects referencing two versions of an assembly each get
/// their own answer; the definitions are one index per set of assemblies, shared by the projects
/// on it.
#[derive(Clone)]
pub struct ScopedDb<'a> {
    db: &'a dyn Db,
    /// `None` for the workspace's view.
    project: Option<ProjectId>,
    libs: Arc<LibraryDefs>,
    /// The type parameters in scope known not to be reference types (no `class` or type
    /// constraint): a body's view sets them ([`ScopedDb::with_plain_type_params`]); without them
    /// a type parameter may be either.
    plain_type_params: Arc<[TypeParam]>,
    /// Shared by the clones of this view (a body's inference makes many).
    memo: Rc<ScopedMemo<'a>>,
}

/// What a view was asked before, kept while it lives (within one query's run, whose dependencies
/// the first ask recorded): overload resolution asks for the supertypes of the same argument types
/// at every candidate of every call, and each ask of the database interns its key and records a
/// read.
#[derive(Default)]
struct ScopedMemo<'a> {
    supertypes: RefCell<FxHashMap<Ty, &'a (Vec<Ty>, bool)>>,
    workspace_defs: OnceCell<Arc<LibraryDefs>>,
    conversion_declarers: OnceCell<&'a FxHashSet<TypeId>>,
}

impl<'a> ScopedDb<'a> {
    /// What `project`'s code sees.
    pub fn project(db: &'a dyn Db, project: ProjectId) -> ScopedDb<'a> {
        ScopedDb {
            db,
            project: Some(project),
            libs: library_scope(db, project).defs.clone(),
            plain_type_params: Arc::default(),
            memo: Rc::default(),
        }
    }

    /// The workspace's definitions, for questions no project asks (a library type's own hierarchy,
    /// how a type is written).
    pub fn workspace(db: &'a dyn Db) -> ScopedDb<'a> {
        ScopedDb {
            db,
            project: None,
            libs: library_defs(db),
            plain_type_params: Arc::default(),
            memo: Rc::default(),
        }
    }

    /// [`ScopedDb::project`] for `Some`, else [`ScopedDb::workspace`].
    pub(crate) fn for_project(db: &'a dyn Db, project: Option<ProjectId>) -> ScopedDb<'a> {
        match project {
            Some(project) => ScopedDb::project(db, project),
            None => ScopedDb::workspace(db),
        }
    }

    /// This view with the type parameters of a body's scope that are not reference types.
    pub(crate) fn with_plain_type_params(self, plain: Vec<TypeParam>) -> ScopedDb<'a> {
        ScopedDb {
            plain_type_params: plain.into(),
            ..self
        }
    }

    /// Whether `ty` is a type parameter known not to be a reference type.
    pub(crate) fn is_plain_type_param(&self, ty: &Ty) -> bool {
        matches!(ty, Ty::TypeParam(p) if self.plain_type_params.contains(p))
    }

    pub fn db(&self) -> &'a dyn Db {
        self.db
    }

    /// The project whose view this is; `None` for the workspace's.
    pub(crate) fn viewer(&self) -> Option<ProjectId> {
        self.project
    }

    pub(crate) fn libs(&self) -> &LibraryDefs {
        &self.libs
    }

    /// The definition of the library type `ty` names in the assemblies the project sees.
    pub(crate) fn library_type(&self, ty: &Ty) -> Option<LibType> {
        self.libs.type_of(self.db, ty)
    }

    /// The workspace's definitions (the project's own are [`ScopedDb::libs`]): where every library
    /// member's converted signature is kept.
    pub(crate) fn workspace_libs(&self) -> &LibraryDefs {
        match self.project {
            None => &self.libs,
            Some(_) => self
                .memo
                .workspace_defs
                .get_or_init(|| library_defs(self.db)),
        }
    }

    /// The source types that declare a conversion operator, as `ask` gave them the first time.
    pub(crate) fn conversion_declarers(
        &self,
        ask: impl FnOnce() -> &'a FxHashSet<TypeId>,
    ) -> &'a FxHashSet<TypeId> {
        self.memo.conversion_declarers.get_or_init(ask)
    }

    /// `ty`'s supertypes as this view asked them before, else as `ask` gives them.
    pub(crate) fn supertypes(
        &self,
        ty: &Ty,
        ask: impl FnOnce() -> &'a (Vec<Ty>, bool),
    ) -> &'a (Vec<Ty>, bool) {
        if let Some(&found) = self.memo.supertypes.borrow().get(ty) {
            return found;
        }
        let found = ask();
        self.memo.supertypes.borrow_mut().insert(ty.clone(), found);
        found
    }
}

/// The variance of each generic parameter of a library type (containers' parameters included, as
/// metadata lists them).
pub(crate) fn library_variances(sdb: &ScopedDb<'_>, ty: &Ty) -> Option<Vec<metadata::Variance>> {
    let id = sdb.library_type(ty)?;
    let def = sdb.libs.type_def(id);
    Some(def.generic_params.iter().map(|p| p.variance).collect())
}

/// What kind of type `ty` is in the assemblies `sdb`'s project sees.
pub(crate) fn library_kind(sdb: &ScopedDb<'_>, ty: &Ty) -> Option<TypeKind> {
    let id = sdb.library_type(ty)?;
    Some(sdb.libs.type_def(id).kind)
}

/// The direct base class of a library type in `scope`, with `ty`'s type arguments substituted.
pub(crate) fn library_base(db: &dyn Db, scope: &LibraryDefs, ty: &Ty) -> Option<Ty> {
    let (_, args) = named(db, ty)?;
    let id = scope.type_of(db, ty)?;
    let def = scope.type_def(id);
    let base = def.base.as_ref()?;
    Some(
        LibraryTy::new(db, def, None)
            .convert(base)
            .substitute(&args),
    )
}

/// The interfaces a library type lists in `scope` (metadata lists inherited interfaces too).
pub(crate) fn library_interfaces(db: &dyn Db, scope: &LibraryDefs, ty: &Ty) -> Vec<Ty> {
    let Some((_, args)) = named(db, ty) else {
        return Vec::new();
    };
    let Some(id) = scope.type_of(db, ty) else {
        return Vec::new();
    };
    let def = scope.type_def(id);
    let conv = LibraryTy::new(db, def, None);
    def.interfaces
        .iter()
        .map(|i| conv.convert(i).substitute(&args))
        .collect()
}

/// Whether `T?` means `Nullable<T>`: source structs and enums, and the assemblies' value types.
pub(crate) fn is_value_type(sdb: &ScopedDb<'_>, ty: &Ty) -> bool {
    let db = sdb.db();
    match ty {
        Ty::Source(id, _) => type_header(db, *id).is_some_and(|h| h.kind.is_value_type()),
        Ty::Library(..) => matches!(
            library_kind(sdb, ty),
            Some(metadata::TypeKind::Struct | metadata::TypeKind::Enum)
        ),
        Ty::Tuple(_) => true,
        _ => false,
    }
}
