//! The hierarchy of a library type as its metadata declares it: the base-class chain and every
//! interface, for navigating from a framework type as from a source one. No project asks, so the
//! bases are those the workspace's assemblies declare.

use crate::{
    base_db::Db,
    hierarchy::{base_class_of, declared_interfaces_of},
    library::{LibType, ScopedDb, library_type_ty},
    ty::Ty,
};

/// The direct base class and the interfaces a library type lists, over its own type parameters.
pub fn library_direct_bases(db: &dyn Db, id: LibType) -> (Option<Ty>, Vec<Ty>) {
    let this = library_type_ty(db, id);
    let sdb = ScopedDb::workspace(db);
    (
        base_class_of(&sdb, &this),
        declared_interfaces_of(&sdb, &this),
    )
}

/// The base classes of a library type, nearest first (metadata has no cycles, but a broken
/// assembly set must not loop).
pub fn library_base_chain(db: &dyn Db, id: LibType) -> Vec<Ty> {
    let mut chain: Vec<Ty> = Vec::new();
    let mut current = library_type_ty(db, id);
    let sdb = ScopedDb::workspace(db);
    while let Some(base) = base_class_of(&sdb, &current) {
        if chain.contains(&base) || chain.len() > 64 {
            break;
        }
        chain.push(base.clone());
        current = base;
    }
    chain
}

/// Every interface of a library type, through its bases and interface inheritance, each with
/// whether the type lists it itself (metadata lists an interface's inherited interfaces too).
pub fn library_all_interfaces(db: &dyn Db, id: LibType) -> Vec<(Ty, bool)> {
    let sdb = ScopedDb::workspace(db);
    let declared = declared_interfaces_of(&sdb, &library_type_ty(db, id));
    let mut queue = declared.clone();
    for base in library_base_chain(db, id) {
        queue.extend(declared_interfaces_of(&sdb, &base));
    }
    let mut out: Vec<(Ty, bool)> = Vec::new();
    let mut i = 0;
    while i < queue.len() && out.len() < 1024 {
        let iface = queue[i].clone();
        i += 1;
        if out.iter().any(|(t, _)| *t == iface) {
            continue;
        }
        queue.extend(declared_interfaces_of(&sdb, &iface));
        let here = declared.contains(&iface);
        out.push((iface, here));
    }
    out
}
