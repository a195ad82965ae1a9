//! Library types: what reference assemblies (the framework, NuGet packages) declare, read by the
//! `metadata` crate and entered as one HIGH-durability input, as rust-analyzer enters its library
//! roots. An edit to a source file never re-validates anything that depends only on libraries.
//!
//! Types outside the sources stay [`Ty::External`] values named as C# names them (`System.Collections.
//! Generic.List` with one argument); this module answers what the assemblies say of such a name: that
//! it exists (so name resolution can tell which imported namespace holds it), its kind, base type,
//! interfaces and members.
//!
//! The index is the union of every loaded assembly (the first assembly declaring a name wins), not a
//! per-project view: a project sees types it does not reference only where its usings name their
//! namespace, which real code rarely does by accident.

mod convert;
mod hierarchy;
mod identity;
mod members;
mod overrides;
mod symbols;

use std::sync::Arc;

use metadata::{Assembly, Method, TypeDef, TypeKind};
use rustc_hash::{FxHashMap, FxHashSet};
use salsa::Durability;
use smol_str::SmolStr;

use crate::{base_db::Db, ty::Ty};

pub(crate) use self::{
    convert::{LibraryTy, hir_name},
    members::{
        library_constraints_hold, library_delegate_shape, library_indexers, library_members,
        library_signature,
    },
};
pub use self::{
    hierarchy::{library_all_interfaces, library_base_chain, library_direct_bases},
    identity::{
        library_member_by_doc_id, library_member_kind, library_type_by_doc_id, library_type_doc_id,
        library_type_kind, library_type_members, library_type_of, library_type_ty,
    },
    members::{LibMember, LibMemberKind},
    overrides::{library_member_bases, library_members_filled_by},
    symbols::{
        library_member_doc_id, library_member_full_name, library_member_metadata_name,
        library_member_name, library_member_qualified_name, library_type_container,
        library_type_name, library_type_qualified_name,
    },
};

/// Every reference assembly of the workspace (and the built-in surface where nothing better was
/// found), in priority order.
#[salsa::input(singleton)]
pub struct LibraryInput {
    #[returns(ref)]
    pub assemblies: Arc<[Arc<Assembly>]>,
}

impl std::fmt::Debug for LibraryInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LibraryInput")
    }
}

pub(crate) fn new_library_input(db: &dyn Db) -> LibraryInput {
    LibraryInput::builder(Arc::from(Vec::new()))
        .durability(Durability::HIGH)
        .new(db)
}

/// A type an assembly declares: an index into [`LibraryIndex::assemblies`] and into its types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LibType {
    pub asm: u32,
    pub idx: u32,
}

/// Library types by their C# name, the namespaces they live in and their extension methods.
pub struct LibraryIndex {
    assemblies: Arc<[Arc<Assembly>]>,
    /// By C# full name (nesting with `.`, no arity suffix) and the count of all generic parameters.
    types: FxHashMap<(SmolStr, u32), LibType>,
    /// Every namespace that holds a type, with all its prefixes (`System`, `System.Collections`).
    namespaces: FxHashSet<SmolStr>,
    /// Extension methods by name, with the namespace of their static class.
    extensions: FxHashMap<SmolStr, Vec<(SmolStr, LibType, u32)>>,
}

impl PartialEq for LibraryIndex {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.assemblies, &other.assemblies)
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
    fn new(assemblies: Arc<[Arc<Assembly>]>) -> LibraryIndex {
        let mut index = LibraryIndex {
            assemblies: assemblies.clone(),
            types: FxHashMap::default(),
            namespaces: FxHashSet::default(),
            extensions: FxHashMap::default(),
        };
        for (a, asm) in assemblies.iter().enumerate() {
            for (t, def) in asm.types.iter().enumerate() {
                let id = LibType {
                    asm: a as u32,
                    idx: t as u32,
                };
                let name = hir_name(&def.full_name(asm));
                let arity = def.generic_params.len() as u32;
                index.types.entry((name, arity)).or_insert(id);
                let mut ns = def.namespace.as_str();
                while !ns.is_empty() && index.namespaces.insert(SmolStr::new(ns)) {
                    ns = ns.rsplit_once('.').map_or("", |(outer, _)| outer);
                }
                if def.is_extension_container && def.declaring.is_none() {
                    for (m, method) in def.methods.iter().enumerate() {
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

    pub fn type_def(&self, id: LibType) -> &TypeDef {
        &self.assemblies[id.asm as usize].types[id.idx as usize]
    }

    pub(crate) fn assembly(&self, id: LibType) -> &Assembly {
        &self.assemblies[id.asm as usize]
    }

    pub fn method(&self, id: LibType, idx: u32) -> &Method {
        &self.type_def(id).methods[idx as usize]
    }

    /// The type named `name` (C# spelling) with `arity` generic parameters in all.
    pub fn lookup(&self, name: &str, arity: u32) -> Option<LibType> {
        self.types.get(&(SmolStr::new(name), arity)).copied()
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

#[salsa::tracked(returns(clone))]
pub fn library_index(db: &dyn Db) -> Arc<LibraryIndex> {
    Arc::new(LibraryIndex::new(db.libraries().assemblies(db).clone()))
}

/// The name and type arguments of a type as metadata declares it: `int?` is `System.Nullable<int>`,
/// `(int, string)` is `System.ValueTuple<int, string>`.
pub(crate) fn named(ty: &Ty) -> Option<(&str, std::borrow::Cow<'_, [Ty]>)> {
    match ty {
        Ty::External(name, args) => Some((name, std::borrow::Cow::Borrowed(args))),
        Ty::Nullable(inner) => Some((
            "System.Nullable",
            std::borrow::Cow::Owned(vec![(**inner).clone()]),
        )),
        Ty::Tuple(elems) => Some(("System.ValueTuple", std::borrow::Cow::Borrowed(elems))),
        _ => None,
    }
}

/// The library type a type names, if an assembly declares it.
pub(crate) fn library_type(db: &dyn Db, ty: &Ty) -> Option<LibType> {
    let (name, args) = named(ty)?;
    library_index(db).lookup(name, args.len() as u32)
}

/// What kind of type an assembly says `ty` is.
pub(crate) fn library_kind(db: &dyn Db, ty: &Ty) -> Option<TypeKind> {
    let id = library_type(db, ty)?;
    Some(library_index(db).type_def(id).kind)
}

/// The direct base class of a library type, with `ty`'s type arguments substituted.
pub(crate) fn library_base(db: &dyn Db, ty: &Ty) -> Option<Ty> {
    let (_, args) = named(ty)?;
    let id = library_type(db, ty)?;
    let index = library_index(db);
    let def = index.type_def(id);
    let base = def.base.as_ref()?;
    Some(LibraryTy::new(def, None).convert(base).substitute(&args))
}

/// The interfaces a library type lists (metadata lists inherited interfaces too).
pub(crate) fn library_interfaces(db: &dyn Db, ty: &Ty) -> Vec<Ty> {
    let Some((_, args)) = named(ty) else {
        return Vec::new();
    };
    let Some(id) = library_type(db, ty) else {
        return Vec::new();
    };
    let index = library_index(db);
    let def = index.type_def(id);
    let conv = LibraryTy::new(def, None);
    def.interfaces
        .iter()
        .map(|i| conv.convert(i).substitute(&args))
        .collect()
}
