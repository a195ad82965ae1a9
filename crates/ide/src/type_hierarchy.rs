//! `type_hierarchy`: base chain, interfaces and derived types of a type.

use hir::{RootDatabase, Symbol, Ty};

use crate::{
    SymbolInfo, SymbolKey, external,
    symbol_info::{self, AnySymbol},
};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeHierarchy {
    pub symbol: SymbolInfo,
    /// Nearest first, down to `System.Object` where the chain is known.
    pub base_types: Vec<TypeRefInfo>,
    /// The transitive closure through bases and interface inheritance.
    pub interfaces: Vec<InterfaceInfo>,
    pub derived: Vec<DerivedType>,
    /// The base chain loops (invalid code); it was cut where it repeated.
    pub cyclic: bool,
}

/// A type as used in a hierarchy: a source type (with a symbol) or an external one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeRefInfo {
    /// `Repository<User>`
    pub display: String,
    /// `MyApp.Data.Repository<MyApp.Models.User>`
    pub full_name: String,
    /// Of the definition, without type arguments: `T:MyApp.Data.Repository`1`.
    pub documentation_id: Option<String>,
    /// The source type, or the library type when a loaded assembly declares it.
    pub symbol: Option<SymbolInfo>,
    /// Not declared in the sources.
    pub is_external: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InterfaceInfo {
    pub ty: TypeRefInfo,
    /// Named in the type's own base list (else inherited from a base or another interface).
    pub declared_here: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DerivedRelation {
    Subclass,
    Implementation,
    DerivedInterface,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DerivedType {
    pub symbol: SymbolInfo,
    pub relation: DerivedRelation,
    /// Names the type in its own base list.
    pub is_direct: bool,
}

/// With `include_external`, the derived types of a library type include library types (no library
/// type derives from a source one).
pub(crate) fn type_hierarchy(
    db: &RootDatabase,
    key: &SymbolKey,
    include_external: bool,
) -> Option<TypeHierarchy> {
    let id = match symbol_info::resolve(db, key)? {
        AnySymbol::Source(Symbol::Type(id)) => id,
        AnySymbol::Library(external::LibrarySymbol::Type(id)) => {
            return Some(external::type_hierarchy(db, id, include_external));
        }
        AnySymbol::Source(Symbol::Member(_)) | AnySymbol::Library(_) => return None,
    };
    let (chain, class_cycle) = hir::base_chain(db, id);
    let cyclic = class_cycle || hir::interfaces_cycle_back(db, id);
    let base_types = chain.iter().map(|t| type_ref_info(db, t)).collect();
    let interfaces = hir::all_interfaces(db, id)
        .iter()
        .map(|(t, declared_here)| InterfaceInfo {
            ty: type_ref_info(db, t),
            declared_here: *declared_here,
        })
        .collect();
    let mut derived: Vec<DerivedType> = hir::derived_types(db, id)
        .into_iter()
        .map(|(t, relation, is_direct)| DerivedType {
            symbol: SymbolInfo::new(db, Symbol::Type(t)),
            relation: derived_relation(relation),
            is_direct,
        })
        .collect();
    sort_derived(&mut derived);
    Some(TypeHierarchy {
        symbol: SymbolInfo::new(db, Symbol::Type(id)),
        base_types,
        interfaces,
        derived,
        cyclic,
    })
}

pub(crate) fn derived_relation(relation: hir::Relation) -> DerivedRelation {
    match relation {
        hir::Relation::Subclass => DerivedRelation::Subclass,
        hir::Relation::Implementation => DerivedRelation::Implementation,
        hir::Relation::DerivedInterface => DerivedRelation::DerivedInterface,
    }
}

/// Direct ones first, then by full name.
pub(crate) fn sort_derived(derived: &mut [DerivedType]) {
    derived.sort_by(|a, b| {
        (!a.is_direct, &a.symbol.full_name).cmp(&(!b.is_direct, &b.symbol.full_name))
    });
}

pub(crate) fn type_ref_info(db: &RootDatabase, ty: &Ty) -> TypeRefInfo {
    let symbol = match ty.as_source() {
        Some(id) => Some(SymbolInfo::new(db, Symbol::Type(id))),
        None => hir::library_type_of(db, ty)
            .map(|t| external::info(db, external::LibrarySymbol::Type(t))),
    };
    TypeRefInfo {
        display: ty.display(db),
        full_name: ty.full_name(db),
        documentation_id: symbol
            .as_ref()
            .map(|s| s.documentation_id.clone())
            .or_else(|| ty.definition_doc_id(db)),
        is_external: ty.as_source().is_none(),
        symbol,
    }
}

#[cfg(test)]
mod tests;
