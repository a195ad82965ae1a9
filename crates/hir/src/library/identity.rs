//! Library symbols as navigation sees them: every type and member an agent can name, and the type or
//! member a documentation id names, so that keys of framework symbols resolve back.

use std::sync::Arc;

use metadata::Visibility;
use rustc_hash::FxHashMap;
use smol_str::SmolStr;

use crate::{
    base_db::{Db, ProjectId},
    library::{
        LibMember, LibMemberKind, LibType, LibraryIndex, hir_name, library_index,
        library_member_doc_id, library_scope, library_type, symbols::library_type_doc_name,
    },
    ty::Ty,
};

impl LibraryIndex {
    /// Every type the index finds by its name: a name declared by several assemblies counts once, as
    /// the one [`LibraryIndex::lookup`] gives.
    pub fn types(&self) -> impl Iterator<Item = LibType> + '_ {
        self.assemblies
            .iter()
            .enumerate()
            .flat_map(move |(a, asm)| {
                (0..asm.types.len() as u32)
                    .map(move |idx| LibType { asm: a as u32, idx })
                    .filter(move |&id| {
                        let def = self.type_def(id);
                        let name = hir_name(&def.full_name(self.assembly(id)));
                        self.lookup(&name, def.generic_params.len() as u32) == Some(id)
                    })
            })
    }

    /// The simple name of the assembly that declares `id` (`mscorlib`).
    pub fn assembly_name(&self, id: LibType) -> &str {
        &self.assembly(id).name
    }
}

impl LibMember {
    /// The type that declares the member.
    pub fn owner(self) -> LibType {
        self.ty
    }
}

/// The members of a library type an agent can name: methods and constructors (not accessors, which
/// are reached through their property or event, nor explicit interface implementations), properties
/// and indexers, fields and events.
pub fn library_type_members(db: &dyn Db, id: LibType) -> Vec<LibMember> {
    let index = library_index(db);
    let def = index.type_def(id);
    let member = |kind, idx: usize| LibMember {
        ty: id,
        kind,
        idx: idx as u32,
    };
    let mut out = Vec::new();
    for (i, m) in def.methods().iter().enumerate() {
        let accessor = m.is_special_name && m.name != ".ctor" && !m.name.starts_with("op_");
        if !accessor && m.visibility != Visibility::Private {
            out.push(member(LibMemberKind::Method, i));
        }
    }
    for (i, p) in def.properties().iter().enumerate() {
        if !p.name.contains('.') {
            out.push(member(LibMemberKind::Property, i));
        }
    }
    for (i, f) in def.fields().iter().enumerate() {
        if f.visibility != Visibility::Private {
            out.push(member(LibMemberKind::Field, i));
        }
    }
    for (i, e) in def.events().iter().enumerate() {
        if !e.name.contains('.') {
            out.push(member(LibMemberKind::Event, i));
        }
    }
    out
}

/// The library type a resolved type names (its definition: `List<int>` names `List<T>`), in the
/// workspace's assemblies.
pub fn library_type_of(db: &dyn Db, ty: &Ty) -> Option<LibType> {
    library_type(db, ty)
}

/// The library type a resolved type names in the assemblies `project` references: what a name in
/// that project's code means.
pub fn library_type_seen_by(db: &dyn Db, project: ProjectId, ty: &Ty) -> Option<LibType> {
    library_scope(db, project).type_of(db, ty)
}

/// Library types by the type part of their documentation ids (`System.Collections.Generic.List`1`).
#[salsa::tracked(returns(clone))]
fn library_doc_id_index(db: &dyn Db) -> Arc<FxHashMap<SmolStr, LibType>> {
    let index = library_index(db);
    let mut out = FxHashMap::default();
    for id in index.types() {
        out.entry(SmolStr::new(library_type_doc_name(db, id)))
            .or_insert(id);
    }
    Arc::new(out)
}

/// The library type whose documentation id is `doc_id` (`T:System.IO.Stream`).
pub fn library_type_by_doc_id(db: &dyn Db, doc_id: &str) -> Option<LibType> {
    let name = doc_id.strip_prefix("T:")?;
    library_doc_id_index(db).get(name).copied()
}

/// The library member whose documentation id is `doc_id`: its type is found by the id's type part,
/// and only that type's members are compared.
pub fn library_member_by_doc_id(db: &dyn Db, doc_id: &str) -> Option<LibMember> {
    let (prefix, rest) = doc_id.split_at_checked(2)?;
    if !matches!(prefix, "M:" | "P:" | "F:" | "E:") {
        return None;
    }
    // Member names never hold a `.` (the compiler writes `#` for it), parameter lists may.
    let path = rest.split('(').next().unwrap_or(rest);
    let (owner, _) = path.rsplit_once('.')?;
    let ty = *library_doc_id_index(db).get(owner)?;
    library_type_members(db, ty)
        .into_iter()
        .find(|&m| library_member_doc_id(db, m) == doc_id)
}

/// `T:System.IO.Stream`: the documentation id of a library type.
pub fn library_type_doc_id(db: &dyn Db, id: LibType) -> String {
    format!("T:{}", library_type_doc_name(db, id))
}
