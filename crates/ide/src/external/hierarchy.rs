//! The hierarchy of a library type: its base chain and interfaces from metadata, and the source
//! types deriving from it (directly, through other source types, or through library types that
//! derive from it: `class Log : FileStream` derives from `Stream`), and when asked the library types
//! deriving from it.

use std::{
    collections::{HashMap, HashSet},
    sync::Arc,
};

use hir::{LibType, Relation, RootDatabase, Symbol, SymbolKind, TypeId, def_map, type_bases};

use super::{LibrarySymbol, info};
use crate::{
    DerivedType, InterfaceInfo, SymbolInfo, TypeHierarchy,
    type_hierarchy::{derived_relation, sort_derived, type_ref_info},
};

/// For every library type that source types name in their base lists, those source types and how
/// they relate to it, as `hir::direct_derived_index` is for source types.
#[salsa::tracked(returns(clone))]
fn library_derived_index(db: &dyn hir::Db) -> Arc<HashMap<LibType, Vec<(TypeId, Relation)>>> {
    let graph = db.workspace().graph(db);
    let mut index: HashMap<LibType, Vec<(TypeId, Relation)>> = HashMap::new();
    for (project, _) in graph.iter() {
        for (id, def) in def_map(db, project).types() {
            let bases = type_bases(db, id);
            let relation = if def.kind == hir::TypeKind::Interface {
                Relation::DerivedInterface
            } else {
                Relation::Implementation
            };
            let class_base = bases.base_class.iter().map(|b| (b, Relation::Subclass));
            for (base, rel) in class_base.chain(bases.interfaces.iter().map(|i| (i, relation))) {
                if let Some(lib) = hir::library_type_of(db, base) {
                    let list = index.entry(lib).or_default();
                    if !list.iter().any(|(t, _)| *t == id) {
                        list.push((id, rel));
                    }
                }
            }
        }
    }
    Arc::new(index)
}

/// For every library type, the library types that list it as their base class or an interface.
#[salsa::tracked(returns(clone))]
fn library_subtype_index(db: &dyn hir::Db) -> Arc<HashMap<LibType, Vec<(LibType, Relation)>>> {
    let mut index: HashMap<LibType, Vec<(LibType, Relation)>> = HashMap::new();
    for ty in hir::library_index(db).types() {
        let (base, interfaces) = hir::library_direct_bases(db, ty);
        let relation = if hir::library_type_kind(db, ty) == SymbolKind::Interface {
            Relation::DerivedInterface
        } else {
            Relation::Implementation
        };
        let class_base = base.iter().map(|b| (b, Relation::Subclass));
        for (base, rel) in class_base.chain(interfaces.iter().map(|i| (i, relation))) {
            if let Some(lib) = hir::library_type_of(db, base) {
                let list = index.entry(lib).or_default();
                if !list.iter().any(|(t, _)| *t == ty) {
                    list.push((ty, rel));
                }
            }
        }
    }
    Arc::new(index)
}

/// The hierarchy of a library type; with `include_external` its derived types include the library
/// types deriving from it.
pub(crate) fn type_hierarchy(
    db: &RootDatabase,
    id: LibType,
    include_external: bool,
) -> TypeHierarchy {
    let base_types = hir::library_base_chain(db, id)
        .iter()
        .map(|t| type_ref_info(db, t))
        .collect();
    let interfaces = hir::library_all_interfaces(db, id)
        .iter()
        .map(|(t, declared_here)| InterfaceInfo {
            ty: type_ref_info(db, t),
            declared_here: *declared_here,
        })
        .collect();
    let mut derived = derived_types(db, id);
    if include_external {
        derived.extend(library_derived_types(db, id));
    }
    sort_derived(&mut derived);
    TypeHierarchy {
        symbol: info(db, LibrarySymbol::Type(id)),
        base_types,
        interfaces,
        derived,
        cyclic: false,
    }
}

/// How a type deriving from `root` relates to it, given how it relates to the type it names.
fn relation_to(db: &RootDatabase, root: LibType, rel: Relation) -> Relation {
    match rel {
        // A class deriving from an implementation of an interface implements it too.
        Relation::Subclass if hir::library_type_kind(db, root) == SymbolKind::Interface => {
            Relation::Implementation
        }
        rel => rel,
    }
}

/// The library types deriving from `root`, transitively (breadth-first), with whether metadata lists
/// `root` among their own bases.
fn library_derived_types(db: &RootDatabase, root: LibType) -> Vec<DerivedType> {
    let index = library_subtype_index(db);
    let mut seen: HashSet<LibType> = HashSet::from([root]);
    let mut queue = vec![root];
    let mut out = Vec::new();
    let mut i = 0;
    while i < queue.len() {
        let current = queue[i];
        i += 1;
        for &(t, rel) in index.get(&current).map(Vec::as_slice).unwrap_or(&[]) {
            if seen.insert(t) {
                out.push(DerivedType {
                    symbol: info(db, LibrarySymbol::Type(t)),
                    relation: derived_relation(relation_to(db, root, rel)),
                    is_direct: current == root,
                });
                queue.push(t);
            }
        }
    }
    out
}

/// Whether the library type `ty` derives from (or implements) the library type `root`.
fn derives_from(db: &RootDatabase, ty: LibType, root: LibType) -> bool {
    let names_root = |t: &hir::Ty| hir::library_type_of(db, t) == Some(root);
    hir::library_base_chain(db, ty).iter().any(names_root)
        || hir::library_all_interfaces(db, ty)
            .iter()
            .any(|(t, _)| names_root(t))
}

/// Every source type deriving from `root`, with whether it names `root` in its own base list.
fn derived_types(db: &RootDatabase, root: LibType) -> Vec<DerivedType> {
    let index = library_derived_index(db);
    let relation = |rel: Relation| relation_to(db, root, rel);
    // The source types naming `root` come first, so that a type reached both ways is direct.
    let mut named: Vec<(TypeId, Relation, bool)> = Vec::new();
    for (&lib, entries) in index.iter() {
        let direct = lib == root;
        if direct || derives_from(db, lib, root) {
            named.extend(entries.iter().map(|&(t, rel)| (t, relation(rel), direct)));
        }
    }
    named.sort_by_key(|&(t, _, direct)| (!direct, t));
    let mut seen: HashSet<TypeId> = HashSet::new();
    let mut out = Vec::new();
    let mut push = |t: TypeId, rel: Relation, direct: bool| {
        if seen.insert(t) {
            out.push(DerivedType {
                symbol: SymbolInfo::new(db, Symbol::Type(t)),
                relation: derived_relation(rel),
                is_direct: direct,
            });
        }
    };
    for &(t, rel, direct) in &named {
        push(t, rel, direct);
    }
    for &(t, _, _) in &named {
        for (below, rel, _) in hir::derived_types(db, t) {
            push(below, relation(rel), false);
        }
    }
    out
}
