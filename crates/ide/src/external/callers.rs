//! Who calls a library member: the sources' call sites bound to it, and (`isDirect: false`) those
//! bound to a member that overrides or implements it, or that it overrides or implements, since
//! either may dispatch to the other.

use std::collections::HashMap;

use hir::{Callee, LibMember, SymbolKind};

use super::{LibrarySymbol, info};
use crate::{
    IncomingCalls,
    call_hierarchy::{CallTarget, collect_incoming},
    call_index::SiteSource,
};

pub(crate) fn incoming_calls(sites: SiteSource<'_>, target: LibMember) -> IncomingCalls {
    let db = sites.db;
    let kind = hir::library_member_kind(db, target);
    let name = match kind {
        SymbolKind::Indexer | SymbolKind::Operator | SymbolKind::Conversion => None,
        _ => Some(hir::library_site_name(db, target).to_string()),
    };
    // As for source members: a constructor's call need not name its type (`: base(...)`,
    // target-typed `new()`), a delegate's invocation does not name `Invoke`, a deconstruction
    // does not name `Deconstruct`.
    let is_invoke = hir::library_type_kind(db, target.owner()) == SymbolKind::Delegate
        && hir::library_member_metadata_name(db, target) == "Invoke";
    let narrow_files = kind != SymbolKind::Constructor
        && !is_invoke
        && !crate::call_hierarchy::called_by_pattern(&hir::library_site_name(db, target));
    let bases = hir::library_member_bases(db, target);
    let mut known: HashMap<Callee, Option<bool>> = HashMap::new();
    collect_incoming(
        sites,
        CallTarget {
            symbol: info(db, LibrarySymbol::Member(target)),
            name,
            narrow_files,
        },
        &mut |callee| {
            *known
                .entry(callee.clone())
                .or_insert_with(|| match *callee {
                    Callee::Library(m) if m == target => Some(true),
                    Callee::Library(m) => (bases.contains(&m)
                        || hir::library_member_bases(db, m).contains(&target))
                    .then_some(false),
                    Callee::Member(m) => hir::library_members_filled_by(db, m)
                        .contains(&target)
                        .then_some(false),
                    Callee::External(_) => None,
                })
        },
    )
}
