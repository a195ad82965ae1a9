//! `find_implementations` and `find_overrides`: the types deriving from a type, the members
//! implementing an interface member (explicitly, implicitly, or by a member a base class declares)
//! and the overrides of a virtual or abstract member, down the hierarchy.

use hir::{LibMember, Modifiers, RootDatabase, Symbol, SymbolKind, TypeId, TypeKind};

use crate::{
    DerivedType, SymbolInfo, SymbolKey,
    external::{self, LibrarySymbol},
    symbol_info::{self, AnySymbol},
    type_hierarchy::type_hierarchy,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemberImplementationKind {
    /// A member of the same signature implements the interface member.
    Implicit,
    /// `void I.M()`.
    Explicit,
    /// A member declared in a base class that does not itself implement the interface
    /// (`class B : A, I` where `A` has the method).
    Inherited,
    /// `override` of a virtual or abstract member (directly or through another override).
    Override,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberImplementation {
    pub symbol: SymbolInfo,
    pub kind: MemberImplementationKind,
    /// For an interface member: the classes and structs for which this member is the
    /// implementation. For an override: the type declaring it.
    pub for_types: Vec<SymbolKey>,
    /// An override of the member itself, not of one of its overrides.
    pub is_direct: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Implementations {
    /// The types deriving from a class or implementing an interface, transitively.
    Types {
        symbol: SymbolInfo,
        types: Vec<DerivedType>,
    },
    Members {
        symbol: SymbolInfo,
        members: Vec<MemberImplementation>,
    },
    /// The symbol has none by the language's rules; why, in a sentence.
    NotApplicable { symbol: SymbolInfo, reason: String },
}

/// `None` when the key names nothing.
pub(crate) fn find_implementations(db: &RootDatabase, key: &SymbolKey) -> Option<Implementations> {
    if let Some(AnySymbol::Library(LibrarySymbol::Member(m))) = symbol_info::resolve(db, key) {
        return library_member_answer(db, m, false);
    }
    match symbol_info::lookup(db, key) {
        Some(Symbol::Member(m)) => {
            let symbol = SymbolInfo::new(db, Symbol::Member(m));
            if kind_of(db, m.ty) == TypeKind::Interface {
                Some(Implementations::Members {
                    symbol,
                    members: interface_member_implementations(db, m),
                })
            } else {
                overrides_answer(db, m, symbol)
            }
        }
        // Source and library types alike: the derived types of the hierarchy.
        _ => {
            let hierarchy = type_hierarchy(db, key, false)?;
            Some(Implementations::Types {
                symbol: hierarchy.symbol,
                types: hierarchy.derived,
            })
        }
    }
}

/// The overrides of a virtual, abstract or override member; `None` as for
/// [`find_implementations`].
pub(crate) fn find_overrides(db: &RootDatabase, key: &SymbolKey) -> Option<Implementations> {
    if let Some(AnySymbol::Library(LibrarySymbol::Member(m))) = symbol_info::resolve(db, key) {
        return library_member_answer(db, m, true);
    }
    match symbol_info::lookup(db, key)? {
        Symbol::Member(m) => overrides_answer(db, m, SymbolInfo::new(db, Symbol::Member(m))),
        Symbol::Type(t) => Some(Implementations::NotApplicable {
            symbol: SymbolInfo::new(db, Symbol::Type(t)),
            reason: "a type is derived from, not overridden".to_owned(),
        }),
    }
}

/// The source members that implement or override a library member (a framework interface member,
/// a virtual or abstract framework member): members of the source types deriving from its type
/// that fill its slot. `overrides_only` answers `find_overrides`, for which an interface member is
/// not applicable.
fn library_member_answer(
    db: &RootDatabase,
    target: LibMember,
    overrides_only: bool,
) -> Option<Implementations> {
    let symbol = external::info(db, LibrarySymbol::Member(target));
    let is_interface = hir::library_type_kind(db, target.owner()) == SymbolKind::Interface;
    if overrides_only && is_interface {
        return Some(Implementations::NotApplicable {
            symbol,
            reason: "an interface member is implemented, not overridden: use find_implementations"
                .to_owned(),
        });
    }
    let owner = external::info(db, LibrarySymbol::Type(target.owner()));
    let derived = type_hierarchy(db, &owner.key, false)?.derived;
    let target_name = hir::library_site_name(db, target);
    let mut members = Vec::new();
    for d in derived {
        let Some(Symbol::Type(ty)) = symbol_info::lookup(db, &d.symbol.key) else {
            continue;
        };
        for candidate in hir::type_members(db, ty) {
            if candidate.ty != ty {
                continue;
            }
            let Some(data) = hir::member_data(db, candidate) else {
                continue;
            };
            // Only a member of the same name can fill the slot (an indexer is `this` in source,
            // `Item` in metadata): the slot search is not run for every member of every class
            // deriving from `object`.
            if data.name != target_name && data.kind != hir::MemberKind::Indexer {
                continue;
            }
            // Nearest first: the library member it overrides, then that one's bases.
            let filled = hir::library_members_filled_by(db, candidate);
            if !filled.contains(&target) {
                continue;
            }
            let kind = match (is_interface, data.explicit_interface.is_some()) {
                (true, true) => MemberImplementationKind::Explicit,
                (true, false) => MemberImplementationKind::Implicit,
                (false, _) => MemberImplementationKind::Override,
            };
            // Directly: it implements the framework member, or overrides it and no other member.
            let is_direct = is_interface
                || (hir::overrides(db, candidate).overridden.is_empty()
                    && filled.first() == Some(&target));
            members.push(MemberImplementation {
                symbol: SymbolInfo::new(db, Symbol::Member(candidate)),
                kind,
                for_types: vec![SymbolKey::of(db, Symbol::Type(ty))],
                is_direct,
            });
        }
    }
    Some(Implementations::Members { symbol, members })
}

fn kind_of(db: &RootDatabase, ty: TypeId) -> TypeKind {
    hir::def_map(db, ty.project).type_def(ty).kind
}

fn overrides_answer(
    db: &RootDatabase,
    member: hir::MemberId,
    symbol: SymbolInfo,
) -> Option<Implementations> {
    let data = hir::member_data(db, member)?;
    let overridable = data.modifiers.contains(Modifiers::VIRTUAL)
        || data.modifiers.contains(Modifiers::ABSTRACT)
        || (data.modifiers.contains(Modifiers::OVERRIDE)
            && !data.modifiers.contains(Modifiers::SEALED));
    if kind_of(db, member.ty) == TypeKind::Interface {
        return Some(Implementations::NotApplicable {
            symbol,
            reason: "an interface member is implemented, not overridden: use find_implementations"
                .to_owned(),
        });
    }
    if !overridable {
        return Some(Implementations::NotApplicable {
            symbol,
            reason: "the member is not virtual, abstract or an unsealed override".to_owned(),
        });
    }
    let mut members = Vec::new();
    for (derived, _, _) in hir::derived_types(db, member.ty) {
        for candidate in hir::type_members(db, derived) {
            if candidate.ty != derived {
                continue;
            }
            let overridden = &hir::overrides(db, candidate).overridden;
            if overridden.contains(&member) {
                members.push(MemberImplementation {
                    symbol: SymbolInfo::new(db, Symbol::Member(candidate)),
                    kind: MemberImplementationKind::Override,
                    for_types: vec![SymbolKey::of(db, Symbol::Type(derived))],
                    is_direct: overridden.first() == Some(&member),
                });
            }
        }
    }
    Some(Implementations::Members { symbol, members })
}

/// For every class and struct implementing the interface, the member its interface mapping picks.
fn interface_member_implementations(
    db: &RootDatabase,
    target: hir::MemberId,
) -> Vec<MemberImplementation> {
    let mut out: Vec<MemberImplementation> = Vec::new();
    let mut found: Vec<hir::MemberId> = Vec::new();
    for (ty, _, _) in hir::derived_types(db, target.ty) {
        if kind_of(db, ty) == TypeKind::Interface {
            continue;
        }
        let Some(implementation) = hir::implementation_in(db, ty, target) else {
            continue;
        };
        let for_type = SymbolKey::of(db, Symbol::Type(ty));
        if let Some(i) = found.iter().position(|&m| m == implementation) {
            out[i].for_types.push(for_type);
            continue;
        }
        let is_explicit = hir::member_signature(db, implementation)
            .explicit_interface
            .is_some();
        let declarer_implements = hir::all_interfaces(db, implementation.ty)
            .iter()
            .any(|(i, _)| i.as_source() == Some(target.ty));
        let kind = match (is_explicit, declarer_implements) {
            (true, _) => MemberImplementationKind::Explicit,
            (false, true) => MemberImplementationKind::Implicit,
            (false, false) => MemberImplementationKind::Inherited,
        };
        found.push(implementation);
        out.push(MemberImplementation {
            symbol: SymbolInfo::new(db, Symbol::Member(implementation)),
            kind,
            for_types: vec![for_type],
            is_direct: true,
        });
    }
    out
}

#[cfg(test)]
mod tests;
