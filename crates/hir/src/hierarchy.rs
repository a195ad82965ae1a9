//! Base types, interfaces and derived types.

mod external;

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

pub use self::external::{library_all_interfaces, library_base_chain, library_direct_bases};
pub use crate::resolve::{TypeBases, type_bases};
use crate::{
    base_db::{Db, ProjectId},
    def_map::{ProjectKey, TypeId, TypeKey, def_map},
    item_tree::TypeKind,
    library::{self, ScopedDb},
    resolve::Resolver,
    ty::Ty,
};

/// The direct base class of a (possibly constructed) type, with its arguments substituted; a
/// library type's as the assemblies `sdb`'s project sees declare it.
pub fn base_class_of(sdb: &ScopedDb<'_>, ty: &Ty) -> Option<Ty> {
    let db = sdb.db();
    match ty {
        Ty::Source(id, args) => type_bases(db, *id)
            .base_class
            .as_ref()
            .map(|b| b.substitute(args)),
        Ty::Library(..) => library::library_base(db, sdb.libs(), ty),
        _ => None,
    }
}

/// The interfaces a (possibly constructed) type declares directly (a library type's, as the
/// assemblies `sdb`'s project sees declare them).
pub fn declared_interfaces_of(sdb: &ScopedDb<'_>, ty: &Ty) -> Vec<Ty> {
    let db = sdb.db();
    match ty {
        Ty::Source(id, args) => type_bases(db, *id)
            .interfaces
            .iter()
            .map(|i| i.substitute(args))
            .collect(),
        Ty::Library(..) => library::library_interfaces(db, sdb.libs(), ty),
        _ => Vec::new(),
    }
}

/// The base-class chain of a type, nearest first, and whether it ran into a cycle (invalid code such
/// as `class A : B {}  class B : A {}`, which must terminate and be reported); library bases as the
/// type's project sees them. Memoized: hierarchies and override searches ask for the same chains
/// again and again.
pub fn base_chain(db: &dyn Db, id: TypeId) -> (Vec<Ty>, bool) {
    base_chain_ref(db, id).clone()
}

/// [`base_chain`] without copying it.
pub(crate) fn base_chain_ref(db: &dyn Db, id: TypeId) -> &(Vec<Ty>, bool) {
    base_chain_query(db, id.key())
}

#[salsa::tracked(returns(ref))]
fn base_chain_query<'db>(db: &'db dyn Db, key: TypeKey<'db>) -> (Vec<Ty>, bool) {
    let id = key.id(db);
    let sdb = ScopedDb::project(db, id.project);
    let mut chain = Vec::new();
    let mut seen = FxHashSet::default();
    seen.insert(id);
    let mut current = Ty::Source(id, Resolver::identity_args(db, id));
    while let Some(base) = base_class_of(&sdb, &current) {
        if let Some(base_id) = base.as_source()
            && !seen.insert(base_id)
        {
            return (chain, true);
        }
        if chain.len() > 256 {
            return (chain, true);
        }
        chain.push(base.clone());
        current = base;
    }
    (chain, false)
}

/// Every interface a type implements, transitively through its bases and interface inheritance, in
/// breadth-first order, each with whether the type itself declares it (library interfaces as the
/// type's project sees them). Memoized.
pub fn all_interfaces(db: &dyn Db, id: TypeId) -> Vec<(Ty, bool)> {
    all_interfaces_query(db, id.key()).clone()
}

#[salsa::tracked(returns(ref))]
fn all_interfaces_query<'db>(db: &'db dyn Db, key: TypeKey<'db>) -> Vec<(Ty, bool)> {
    let id = key.id(db);
    let sdb = ScopedDb::project(db, id.project);
    let this = Ty::Source(id, Resolver::identity_args(db, id));
    let declared = declared_interfaces_of(&sdb, &this);
    let mut queue: Vec<Ty> = declared.clone();
    for base in base_chain(db, id).0 {
        queue.extend(declared_interfaces_of(&sdb, &base));
    }
    let mut out: Vec<(Ty, bool)> = Vec::new();
    let mut i = 0;
    while i < queue.len() {
        let iface = queue[i].clone();
        i += 1;
        // An interface reached again through a cycle (`interface I : J {}  interface J : I {}`) is
        // not an interface of itself.
        if out.iter().any(|(t, _)| *t == iface) || iface.as_source() == Some(id) || out.len() > 1024
        {
            continue;
        }
        queue.extend(declared_interfaces_of(&sdb, &iface));
        let here = declared.contains(&iface);
        out.push((iface, here));
    }
    out
}

/// Whether a type's interfaces lead back to itself (`interface I : J {}  interface J : I {}`, which
/// does not compile): the hierarchy is reported cyclic, like a cycle of base classes.
pub fn interfaces_cycle_back(db: &dyn Db, id: TypeId) -> bool {
    let sdb = ScopedDb::project(db, id.project);
    let this = Ty::Source(id, Resolver::identity_args(db, id));
    let mut queue = declared_interfaces_of(&sdb, &this);
    let mut seen = FxHashSet::default();
    while let Some(iface) = queue.pop() {
        let Some(iface_id) = iface.as_source() else {
            continue;
        };
        if iface_id == id {
            return true;
        }
        if seen.insert(iface_id) {
            queue.extend(declared_interfaces_of(&sdb, &iface));
        }
    }
    false
}

/// How a derived type relates to the type it derives from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Relation {
    Subclass,
    Implementation,
    DerivedInterface,
}

/// For every source type, the source types that name it directly in their base lists: each
/// project's edges ([`project_derived_edges`]) in graph order.
#[salsa::tracked(returns(clone))]
pub fn direct_derived_index(db: &dyn Db) -> Arc<FxHashMap<TypeId, Vec<(TypeId, Relation)>>> {
    let graph = db.workspace().graph(db);
    let mut index: FxHashMap<TypeId, Vec<(TypeId, Relation)>> = FxHashMap::default();
    for (project, _) in graph.iter() {
        for &(base_id, id, rel) in project_derived_edges(db, ProjectKey::new(db, project)).iter() {
            let list = index.entry(base_id).or_default();
            if !list.iter().any(|(t, _)| *t == id) {
                list.push((id, rel));
            }
        }
    }
    Arc::new(index)
}

/// Builds `id`'s member table and resolves its base list: what a project's symbol index and its
/// derived edges read of each of its types. Type by type, a whole-workspace pass divides among
/// threads evenly; project by project, the largest project's thread worked while the others waited.
pub fn prime_type_tables(db: &dyn Db, id: TypeId) {
    crate::members::type_member_table(db, id.key());
    type_bases(db, id);
}

/// Resolves the base lists of `project`'s types: what [`direct_derived_index`] costs, one project
/// at a time, so that projects can be primed on several threads (the index itself then only
/// merges) and an edit resolves again only the bases of the project it touched.
pub fn prime_project_derived_edges(db: &dyn Db, project: ProjectId) {
    project_derived_edges(db, ProjectKey::new(db, project));
}

/// (base, derived type, relation) for each source base named in a base list of `project`'s types,
/// in definition-map order.
#[salsa::tracked(returns(clone))]
fn project_derived_edges<'db>(
    db: &'db dyn Db,
    key: ProjectKey<'db>,
) -> Arc<[(TypeId, TypeId, Relation)]> {
    let mut edges = Vec::new();
    for (id, def) in def_map(db, key.id(db)).types() {
        let bases = type_bases(db, id);
        let class_base = bases.base_class.iter().map(|b| (b, Relation::Subclass));
        let relation = if def.kind == TypeKind::Interface {
            Relation::DerivedInterface
        } else {
            Relation::Implementation
        };
        for (base, rel) in class_base.chain(bases.interfaces.iter().map(|i| (i, relation))) {
            if let Some(base_id) = base.as_source() {
                edges.push((base_id, id, rel));
            }
        }
    }
    edges.into()
}

/// Every source type deriving from `id`, transitively (breadth-first), with its relation to the
/// hierarchy and whether it names `id` itself in its base list. Memoized per type on top of the
/// workspace-wide direct index, so a warm hierarchy walks nothing.
pub fn derived_types(db: &dyn Db, id: TypeId) -> Vec<(TypeId, Relation, bool)> {
    derived_types_query(db, id.key()).clone()
}

#[salsa::tracked(returns(ref))]
fn derived_types_query<'db>(db: &'db dyn Db, key: TypeKey<'db>) -> Vec<(TypeId, Relation, bool)> {
    let id = key.id(db);
    let index = direct_derived_index(db);
    let root_is_interface = def_map(db, id.project).type_def(id).kind == TypeKind::Interface;
    let mut out: Vec<(TypeId, Relation, bool)> = Vec::new();
    let mut seen = FxHashSet::default();
    seen.insert(id);
    let mut queue = vec![(id, true)];
    let mut i = 0;
    while i < queue.len() {
        let (current, direct_level) = queue[i];
        i += 1;
        for &(derived, rel) in index.get(&current).map(Vec::as_slice).unwrap_or(&[]) {
            if !seen.insert(derived) {
                continue;
            }
            // A class deriving from an implementation of an interface implements it too.
            let relation = match (root_is_interface, rel) {
                (true, Relation::Subclass) => Relation::Implementation,
                (_, rel) => rel,
            };
            out.push((derived, relation, direct_level));
            queue.push((derived, false));
        }
    }
    out
}
