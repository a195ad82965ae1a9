//! What `find_references` looks for: a member's callee, site name and owner, the same for a source
//! and a library member, and a type as either kind, with the derivation test between them.

use hir::{
    Callee, LibMember, LibTypeId, MemberId, MemberKind, RootDatabase, Symbol, SymbolKind, Ty,
    TypeId,
};

/// A type, of the sources or of a library, as a member's owner or a reference's target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Owner {
    Source(TypeId),
    /// By identity (the metadata name), so the same type of another assembly version is the same.
    Library(LibTypeId),
}

impl Owner {
    pub(super) fn of(ty: &Ty) -> Option<Owner> {
        match ty {
            Ty::Source(id, _) => Some(Owner::Source(*id)),
            Ty::Library(id, _) => Some(Owner::Library(*id)),
            _ => None,
        }
    }
}

/// What a member's references are found by, the same for a source and a library member.
pub(super) struct MemberTarget {
    /// What its bound sites are bound to.
    pub(super) callee: Callee,
    /// The name its sites carry (a constructor's: its type's).
    pub(super) name: String,
    pub(super) kind: SymbolKind,
    /// Whether every use names it, so only the files whose words include the name hold one.
    pub(super) narrow: bool,
    pub(super) owner: Owner,
}

impl MemberTarget {
    pub(super) fn source(db: &RootDatabase, target: MemberId) -> Option<MemberTarget> {
        let data = hir::member_data(db, target)?;
        let name = match data.kind {
            MemberKind::Constructor => hir::def_map(db, target.ty.project)
                .type_def(target.ty)
                .name
                .clone(),
            _ => data.name.clone(),
        };
        // A constructor's call need not name its type in the file (`: base(..)` in another part of
        // a partial class, target-typed `new()`), nor do indexers, operators and the members the
        // language calls by pattern name themselves.
        let narrow = !matches!(
            data.kind,
            MemberKind::Constructor
                | MemberKind::Indexer
                | MemberKind::Operator
                | MemberKind::Conversion
        ) && data.origin != hir::MemberOrigin::DelegateInvoke
            && !crate::call_hierarchy::called_by_pattern(&data.name);
        Some(MemberTarget {
            callee: Callee::Member(target),
            name: name.to_string(),
            kind: hir::symbol_kind(db, Symbol::Member(target)),
            narrow,
            owner: Owner::Source(target.ty),
        })
    }

    pub(super) fn library(db: &RootDatabase, target: LibMember) -> Option<MemberTarget> {
        let kind = hir::library_member_kind(db, target);
        let name = hir::library_site_name(db, target);
        let is_invoke = hir::library_type_kind(db, target.owner()) == SymbolKind::Delegate
            && hir::library_member_metadata_name(db, target) == "Invoke";
        // As for a source member.
        let narrow = !matches!(
            kind,
            SymbolKind::Constructor
                | SymbolKind::Indexer
                | SymbolKind::Operator
                | SymbolKind::Conversion
        ) && !is_invoke
            && !crate::call_hierarchy::called_by_pattern(&name);
        Some(MemberTarget {
            callee: Callee::Library(target),
            name: name.to_string(),
            kind,
            narrow,
            owner: Owner::of(&hir::library_type_ty(db, target.owner()))?,
        })
    }
}

/// Whether `ty` is `base` or derives from or implements it.
pub(super) fn is_same_or_derived(db: &RootDatabase, ty: Owner, base: Owner) -> bool {
    if ty == base {
        return true;
    }
    let (chain, interfaces) = match ty {
        Owner::Source(t) => (hir::base_chain(db, t).0, hir::all_interfaces(db, t)),
        Owner::Library(id) => match hir::library_type_of(db, &Ty::Library(id, Vec::new())) {
            Some(t) => (
                hir::library_base_chain(db, t),
                hir::library_all_interfaces(db, t),
            ),
            None => return false,
        },
    };
    chain
        .iter()
        .chain(interfaces.iter().map(|(i, _)| i))
        .any(|b| Owner::of(b) == Some(base))
}
