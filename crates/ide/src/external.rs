//! Library symbols: the types and members the reference assemblies declare, named as navigation names
//! source symbols (keys, names, kinds), and the lookups from a key, a documentation id, a full name or
//! a search back to them. Their callers (`callers`) and their derived source types (`hierarchy`) are
//! the sources' own code.

mod callers;
mod hierarchy;

use std::sync::Arc;

use hir::{LibMember, LibType, RootDatabase, SymbolKind};
use smol_str::SmolStr;

use crate::{SymbolInfo, SymbolKey, symbol_info::SymbolOrigin};

pub(crate) use self::{callers::incoming_calls, hierarchy::type_hierarchy};

/// A type or member a reference assembly declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum LibrarySymbol {
    Type(LibType),
    Member(LibMember),
}

impl LibrarySymbol {
    fn owner(self) -> LibType {
        match self {
            LibrarySymbol::Type(t) => t,
            LibrarySymbol::Member(m) => m.owner(),
        }
    }
}

pub(crate) fn info(db: &RootDatabase, symbol: LibrarySymbol) -> SymbolInfo {
    let index = hir::library_index(db);
    let assembly = SmolStr::new(index.assembly_name(symbol.owner()));
    let (documentation_id, name, full_name, container_name) = match symbol {
        LibrarySymbol::Type(t) => (
            hir::library_type_doc_id(db, t),
            hir::library_type_name(db, t),
            full_name(db, symbol),
            hir::library_type_container(db, t),
        ),
        LibrarySymbol::Member(m) => (
            hir::library_member_doc_id(db, m),
            hir::library_member_name(db, m),
            full_name(db, symbol),
            Some(hir::library_type_qualified_name(db, m.owner())),
        ),
    };
    SymbolInfo {
        key: SymbolKey::library(&assembly, &documentation_id),
        name,
        full_name,
        kind: kind(db, symbol),
        container_name,
        origin: SymbolOrigin::Library { assembly },
        documentation_id,
        declarations: Vec::new(),
    }
}

/// `System.IO.File.ReadAllText(string)`, as [`SymbolInfo::full_name`] has it.
pub(crate) fn full_name(db: &RootDatabase, symbol: LibrarySymbol) -> String {
    match symbol {
        LibrarySymbol::Type(t) => hir::library_type_qualified_name(db, t),
        LibrarySymbol::Member(m) => hir::library_member_qualified_name(db, m),
    }
}

pub(crate) fn kind(db: &RootDatabase, symbol: LibrarySymbol) -> SymbolKind {
    match symbol {
        LibrarySymbol::Type(t) => hir::library_type_kind(db, t),
        LibrarySymbol::Member(m) => hir::library_member_kind(db, m),
    }
}

/// The library symbol whose documentation id is `doc_id`. The assembly a key names is not required
/// to match: a type moves between assemblies (type forwarding, another framework version) and keeps
/// its documentation id.
pub(crate) fn lookup(db: &RootDatabase, doc_id: &str) -> Option<LibrarySymbol> {
    match doc_id.strip_prefix("T:") {
        Some(_) => hir::library_type_by_doc_id(db, doc_id).map(LibrarySymbol::Type),
        None => hir::library_member_by_doc_id(db, doc_id).map(LibrarySymbol::Member),
    }
}

/// The library member that introduced the virtual slot a source override fills (`Object.ToString`
/// for an override of `ToString`): the last class member of the chain it overrides.
pub(crate) fn slot_root(db: &RootDatabase, member: hir::MemberId) -> Option<LibMember> {
    hir::library_members_filled_by(db, member)
        .into_iter()
        .filter(|m| hir::library_type_kind(db, m.owner()) != SymbolKind::Interface)
        .last()
}

/// Library types and members by name, for search and full-name lookup. Members are those an agent
/// can name (`hir::library_type_members`: public and protected ones, no accessors). Built from the
/// HIGH-durability library input, so source edits never rebuild it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct LibrarySymbolIndex {
    pub(crate) names: hir::NameIndex<LibrarySymbol>,
}

#[salsa::tracked(returns(clone))]
pub(crate) fn library_symbol_index(db: &dyn hir::Db) -> Arc<LibrarySymbolIndex> {
    let index = hir::library_index(db);
    let mut entries = Vec::new();
    for ty in index.types() {
        let def = index.type_def(ty);
        entries.push((def.name.clone(), LibrarySymbol::Type(ty)));
        for member in hir::library_type_members(db, ty) {
            // Indexed as source members are: constructors and finalizers by their type's name.
            let name = match hir::library_member_kind(db, member) {
                SymbolKind::Constructor | SymbolKind::Destructor => def.name.clone(),
                SymbolKind::Indexer => SmolStr::new_static("this"),
                _ => SmolStr::new(hir::library_member_metadata_name(db, member)),
            };
            entries.push((name, LibrarySymbol::Member(member)));
        }
    }
    Arc::new(LibrarySymbolIndex {
        names: hir::NameIndex::new(entries),
    })
}

#[cfg(test)]
mod tests;
