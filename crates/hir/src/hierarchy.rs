//! Base types, interfaces and derived types.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::{
    base_db::Db,
    def_map::{TypeId, TypeKey, def_map},
    item_tree::{TypeKind, file_item_tree},
    library::{self, KnownType, ScopedDb},
    resolve::Resolver,
    ty::Ty,
};

/// A type's direct bases, resolved, with generic arguments in terms of the type's own parameters.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct TypeBases {
    /// The base class: declared, or the implicit one (`System.Object`, `System.ValueType`,
    /// `System.Enum`, `System.MulticastDelegate`); `None` for interfaces.
    pub base_class: Option<Ty>,
    /// Interfaces declared in the base lists of all declarations (plus `IEquatable<T>` that records
    /// implement), in order, without duplicates.
    pub interfaces: Vec<Ty>,
}

pub fn type_bases(db: &dyn Db, id: TypeId) -> &TypeBases {
    type_bases_query(db, TypeKey::new(db, id))
}

/// Resolving a base list may look at the bases of the containing types; in invalid code that can come
/// back to this type (`class A : A.B.C`): such a cycle resolves to no bases.
#[salsa::tracked(returns(ref), cycle_result = bases_cycle_result)]
fn type_bases_query<'db>(db: &'db dyn Db, key: TypeKey<'db>) -> TypeBases {
    let id = key.id(db);
    let map = def_map(db, id.project);
    let def = map.type_def(id);
    let mut bases = TypeBases::default();
    let mut explicit_class = None;
    let sdb = ScopedDb::project(db, id.project);
    for &decl in &def.decls {
        let Some(file) = db.source_file(decl.file) else {
            continue;
        };
        let tree = file_item_tree(db, file);
        let Some(resolver) = Resolver::for_base_list(db, id, decl) else {
            continue;
        };
        let item = &tree.types[decl.item];
        if item.kind == TypeKind::Enum {
            // `enum E : byte` names the underlying type, not a base.
            continue;
        }
        for (i, base) in item.bases.iter().enumerate() {
            let ty = resolver.resolve(base);
            if matches!(ty, Ty::TypeParam(_)) {
                // `class H<T> : T` does not compile (CS0689): a type parameter is never a base, and
                // taking it for one would make `class G : H<G>` inherit from itself.
                continue;
            }
            let is_class_slot =
                i == 0 && matches!(def.kind, TypeKind::Class | TypeKind::RecordClass);
            if is_class_slot && !is_interface(&sdb, &ty) {
                // Each part of a partial class may repeat the base class; it is never an
                // interface (the first one counts where parts disagree, which does not compile).
                explicit_class.get_or_insert(ty);
            } else if !bases.interfaces.contains(&ty) {
                bases.interfaces.push(ty);
            }
        }
    }
    if def.kind.is_record() {
        let this = Ty::Source(id, Resolver::identity_args(db, id));
        let equatable = KnownType::IEquatable.ty(db, vec![this]);
        if !bases.interfaces.contains(&equatable) {
            bases.interfaces.push(equatable);
        }
    }
    bases.base_class = match def.kind {
        TypeKind::Interface => None,
        TypeKind::Class | TypeKind::RecordClass => {
            Some(explicit_class.unwrap_or_else(|| Ty::object(db)))
        }
        TypeKind::Struct | TypeKind::RecordStruct => Some(Ty::known(db, KnownType::ValueType)),
        TypeKind::Enum => Some(Ty::known(db, KnownType::Enum)),
        TypeKind::Delegate => Some(Ty::known(db, KnownType::MulticastDelegate)),
    };
    bases
}

fn bases_cycle_result<'db>(_db: &'db dyn Db, _id: salsa::Id, _key: TypeKey<'db>) -> TypeBases {
    TypeBases::default()
}

/// Whether a base-list entry names an interface: known for source types and those of the
/// project's assemblies; for a type no assembly declares, by the .NET naming convention (`IFoo`).
fn is_interface(sdb: &ScopedDb<'_>, ty: &Ty) -> bool {
    let db = sdb.db();
    match ty {
        Ty::Source(id, _) => def_map(db, id.project).type_def(*id).kind == TypeKind::Interface,
        Ty::Library(..) | Ty::Unresolved(..) => library::library_kind(sdb, ty)
            .map(|k| k == metadata::TypeKind::Interface)
            .unwrap_or_else(|| {
                let name = ty.written_name(db).map_or("", |(n, _)| n);
                let last = name.rsplit('.').next().unwrap_or(name);
                let mut chars = last.chars();
                chars.next() == Some('I') && chars.next().is_some_and(char::is_uppercase)
            }),
        _ => false,
    }
}

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
    base_chain_query(db, TypeKey::new(db, id)).clone()
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
    all_interfaces_query(db, TypeKey::new(db, id)).clone()
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

/// For every source type, the source types that name it directly in their base lists.
#[salsa::tracked(returns(clone))]
pub fn direct_derived_index(db: &dyn Db) -> Arc<FxHashMap<TypeId, Vec<(TypeId, Relation)>>> {
    let graph = db.workspace().graph(db);
    let mut index: FxHashMap<TypeId, Vec<(TypeId, Relation)>> = FxHashMap::default();
    for (project, _) in graph.iter() {
        for (id, def) in def_map(db, project).types() {
            let bases = type_bases(db, id);
            let class_base = bases.base_class.iter().map(|b| (b, Relation::Subclass));
            let relation = if def.kind == TypeKind::Interface {
                Relation::DerivedInterface
            } else {
                Relation::Implementation
            };
            for (base, rel) in class_base.chain(bases.interfaces.iter().map(|i| (i, relation))) {
                if let Some(base_id) = base.as_source() {
                    let list = index.entry(base_id).or_default();
                    if !list.iter().any(|(t, _)| *t == id) {
                        list.push((id, rel));
                    }
                }
            }
        }
    }
    Arc::new(index)
}

/// Every source type deriving from `id`, transitively (breadth-first), with its relation to the
/// hierarchy and whether it names `id` itself in its base list. Memoized per type on top of the
/// workspace-wide direct index, so a warm hierarchy walks nothing.
pub fn derived_types(db: &dyn Db, id: TypeId) -> Vec<(TypeId, Relation, bool)> {
    derived_types_query(db, TypeKey::new(db, id)).clone()
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
