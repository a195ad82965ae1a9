//! `incoming_calls` and `outgoing_calls`: who calls a member, and what a member calls.

use hir::{
    CallKind, CallSiteInfo, Callee, Database, FileId, MemberId, MemberKind, RootDatabase, Symbol,
    UnresolvedCallSite, UnresolvedReason, def_map, member_data,
};
use std::collections::VecDeque;
use std::collections::{HashMap, HashSet};
use syntax::TextRange;

use crate::{SymbolInfo, SymbolKey, call_index::SiteSource, external, symbol_info};

/// How much of the code the answer rests on.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Coverage {
    /// Candidate call sites looked at.
    pub examined: usize,
    pub resolved: usize,
    /// Several overloads remained and the argument types could not tell them apart.
    pub ambiguous: usize,
    /// The receiver's type or the member was not found.
    pub unresolved: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallSiteRef {
    pub file: FileId,
    /// The invoked name (the type of a `new`, the operator of an operator call).
    pub range: TextRange,
    pub kind: CallKind,
}

/// A call site the binder could not bind, for the agent to read itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnresolvedCall {
    pub caller: SymbolKey,
    pub name: String,
    pub reason: UnresolvedReason,
    pub file: FileId,
    pub range: TextRange,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IncomingCalls {
    pub symbol: SymbolInfo,
    pub callers: Vec<IncomingCaller>,
    pub coverage: Coverage,
    pub unresolved: Vec<UnresolvedCall>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IncomingCaller {
    pub caller: SymbolInfo,
    pub sites: Vec<IncomingSite>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IncomingSite {
    pub site: CallSiteRef,
    /// `false` when the call binds to a base or interface member this member overrides or implements:
    /// it may dispatch here.
    pub is_direct: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingCalls {
    pub symbol: SymbolInfo,
    pub callees: Vec<OutgoingCallee>,
    pub coverage: Coverage,
    pub unresolved: Vec<UnresolvedCall>,
    /// The node cap cut the expansion.
    pub partial: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingCallee {
    pub callee: CalleeInfo,
    /// 1 for the member's own calls, 2 for its callees' calls, …
    pub depth: u32,
    /// For depth > 1, the member whose body holds the sites.
    pub caller: Option<SymbolKey>,
    pub sites: Vec<CallSiteRef>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CalleeInfo {
    Source {
        /// Boxed, as the other variant's: a `SymbolInfo` is large.
        symbol: Box<SymbolInfo>,
        /// The member that introduced the virtual slot, when the callee overrides one: a virtual call
        /// is compiled as a call of it.
        root: Option<SymbolKey>,
        /// When that member is outside the sources (`ToString` overrides `System.Object.ToString`), its
        /// full name.
        external_root: Option<String>,
        /// That member, when a loaded assembly declares it.
        library_root: Option<Box<SymbolInfo>>,
    },
    External {
        /// As the binder names it (`System.Console.WriteLine`), also when no assembly declares it.
        full_name: String,
        /// The library member, when a loaded assembly declares it.
        symbol: Option<Box<SymbolInfo>>,
    },
}

impl CalleeInfo {
    pub fn is_external(&self) -> bool {
        matches!(self, CalleeInfo::External { .. })
    }
}

fn member_of_key(db: &RootDatabase, key: &SymbolKey) -> Option<MemberId> {
    match symbol_info::lookup(db, key)? {
        Symbol::Member(m) => Some(m),
        Symbol::Type(_) => None,
    }
}

fn key_of(db: &RootDatabase, member: MemberId) -> SymbolKey {
    SymbolInfo::new(db, Symbol::Member(member)).key
}

fn count(coverage: &mut Coverage, sites: &[CallSiteInfo], unresolved: &[UnresolvedCallSite]) {
    let resolved = sites
        .iter()
        .filter(|s| !matches!(s.kind, CallKind::MethodGroup | CallKind::LateBound))
        .count();
    let late_bound = late_bound_sites(sites);
    let ambiguous = unresolved
        .iter()
        .filter(|u| u.reason == UnresolvedReason::Ambiguous)
        .count();
    coverage.resolved += resolved;
    coverage.ambiguous += ambiguous + late_bound;
    coverage.unresolved += unresolved.len() - ambiguous;
    coverage.examined += resolved + late_bound + unresolved.len();
}

/// How many late-bound calls `sites` hold. A late-bound call lists each of its candidates at one
/// position: like an ambiguous call, it is one site several methods may answer.
pub(crate) fn late_bound_sites(sites: &[CallSiteInfo]) -> usize {
    let mut late_bound: Vec<(FileId, TextRange)> = sites
        .iter()
        .filter(|s| s.kind == CallKind::LateBound)
        .map(|s| (s.file, s.focus_range))
        .collect();
    late_bound.sort_by_key(|&(file, range)| (file, range.start(), range.end()));
    late_bound.dedup();
    late_bound.len()
}

fn unresolved_call(db: &RootDatabase, u: &UnresolvedCallSite) -> UnresolvedCall {
    UnresolvedCall {
        caller: key_of(db, u.caller),
        name: u.name.to_string(),
        reason: u.reason,
        file: u.file,
        range: u.focus_range,
    }
}

pub(crate) fn outgoing_calls(
    db: &RootDatabase,
    key: &SymbolKey,
    depth: u32,
    node_cap: usize,
) -> Option<OutgoingCalls> {
    let root = member_of_key(db, key)?;
    let mut out = OutgoingCalls {
        symbol: SymbolInfo::new(db, Symbol::Member(root)),
        callees: Vec::new(),
        coverage: Coverage::default(),
        unresolved: Vec::new(),
        partial: false,
    };
    let mut visited: HashSet<MemberId> = HashSet::default();
    visited.insert(root);
    let mut queue: VecDeque<(MemberId, u32)> = VecDeque::from([(root, 1)]);
    'bfs: while let Some((member, level)) = queue.pop_front() {
        db.unwind_if_revision_cancelled();
        let calls = hir::member_call_sites(db, member);
        count(&mut out.coverage, &calls.sites, &calls.unresolved);
        out.unresolved
            .extend(calls.unresolved.iter().map(|u| unresolved_call(db, u)));
        let caller = (level > 1).then(|| key_of(db, member));
        let mut grouped: Vec<(Callee, Vec<CallSiteRef>)> = Vec::new();
        for site in &calls.sites {
            let site_ref = CallSiteRef {
                file: site.file,
                range: site.focus_range,
                kind: site.kind,
            };
            match grouped.iter_mut().find(|(c, _)| *c == site.callee) {
                Some((_, sites)) => sites.push(site_ref),
                None => grouped.push((site.callee.clone(), vec![site_ref])),
            }
        }
        for (callee, sites) in grouped {
            if out.callees.len() >= node_cap {
                out.partial = true;
                break 'bfs;
            }
            if let Callee::Member(m) = callee
                && level < depth
                && sites.iter().any(|s| s.kind != CallKind::MethodGroup)
                && visited.insert(m)
            {
                queue.push_back((m, level + 1));
            }
            out.callees.push(OutgoingCallee {
                callee: callee_info(db, &callee),
                depth: level,
                caller: caller.clone(),
                sites,
            });
        }
    }
    Some(out)
}

fn callee_info(db: &RootDatabase, callee: &Callee) -> CalleeInfo {
    match callee {
        Callee::Member(m) => {
            let root = hir::root_member(db, *m);
            let external_root = hir::external_root(db, *m);
            CalleeInfo::Source {
                symbol: Box::new(SymbolInfo::new(db, Symbol::Member(*m))),
                root: (root != *m).then(|| key_of(db, root)),
                external_root: external_root.clone(),
                library_root: external_root
                    .and_then(|_| external::slot_root(db, *m))
                    .map(|l| Box::new(external::info(db, external::LibrarySymbol::Member(l)))),
            }
        }
        Callee::Library(m) => CalleeInfo::External {
            full_name: hir::library_member_full_name(db, *m),
            symbol: Some(Box::new(external::info(
                db,
                external::LibrarySymbol::Member(*m),
            ))),
        },
        Callee::External(name) => CalleeInfo::External {
            full_name: name.to_string(),
            symbol: None,
        },
    }
}

pub(crate) fn incoming_calls(sites: SiteSource<'_>, key: &SymbolKey) -> Option<IncomingCalls> {
    let db = sites.db;
    let target = member_of_key(db, key)?;
    let data = member_data(db, target)?;
    let indirect: Vec<MemberId> = hir::overrides(db, target).all().collect();
    let name = site_name(db, target, &data);
    // A constructor's call need not name its type in the file (`: base(...)` in another part of a
    // partial class, target-typed `new()`), nor does a delegate's invocation name its `Invoke`, nor
    // a deconstruction or a `foreach` the methods it calls.
    let narrow_files = data.kind != MemberKind::Constructor
        && data.origin != hir::MemberOrigin::DelegateInvoke
        && !called_by_pattern(&data.name);
    let target_info = SymbolInfo::new(db, Symbol::Member(target));
    Some(collect_incoming(
        sites,
        CallTarget {
            symbol: target_info,
            name,
            narrow_files,
        },
        &mut |callee| match *callee {
            Callee::Member(c) if c == target => Some(true),
            Callee::Member(c) if indirect.contains(&c) => Some(false),
            _ => None,
        },
    ))
}

/// Whether the language calls a member of this name without the code naming it: a
/// deconstruction's or positional pattern's `Deconstruct`, `foreach`'s enumeration members.
pub(crate) fn called_by_pattern(name: &str) -> bool {
    matches!(
        name,
        "Deconstruct"
            | "GetEnumerator"
            | "MoveNext"
            | "Current"
            | "GetAsyncEnumerator"
            | "MoveNextAsync"
    )
}

/// What a reference search looks for.
pub(crate) struct CallTarget {
    pub(crate) symbol: SymbolInfo,
    /// The name its call sites carry; `None` when a call need not name it (indexers, operators).
    pub(crate) name: Option<String>,
    /// Whether only files whose words include `name` can hold a call.
    pub(crate) narrow_files: bool,
}

/// The sites of the workspace named like the target whose callee `classify` accepts
/// (`Some(is_direct)`), grouped per calling member; every site so named counts for coverage. A named
/// target's sites come from the call index outside salsa when it is valid for the snapshot, else from
/// salsa's reverse call index (`hir::sites_named`): the same answer, a lookup when warm.
pub(crate) fn collect_incoming(
    sites: SiteSource<'_>,
    target: CallTarget,
    classify: &mut dyn FnMut(&Callee) -> Option<bool>,
) -> IncomingCalls {
    let db = sites.db;
    let mut incoming = Incoming {
        out: IncomingCalls {
            symbol: target.symbol,
            callers: Vec::new(),
            coverage: Coverage::default(),
            unresolved: Vec::new(),
        },
        by_caller: HashMap::default(),
        order: Vec::new(),
    };
    match &target.name {
        Some(name) => {
            let named = sites.sites_named(name, target.narrow_files);
            incoming.add(db, &named.sites, &named.unresolved, classify);
        }
        // Every file is read; the sites of a callee that has a name still count.
        None => {
            for calls in sites.file_call_sites(&hir::workspace_files(db)) {
                db.unwind_if_revision_cancelled();
                let sites: Vec<CallSiteInfo> = calls
                    .sites
                    .iter()
                    .filter(|s| hir::callee_site_name(db, &s.callee).is_some())
                    .cloned()
                    .collect();
                incoming.add(db, &sites, &calls.unresolved, classify);
            }
        }
    }
    let Incoming {
        mut out,
        mut by_caller,
        order,
    } = incoming;
    for caller in order {
        let sites = by_caller.remove(&caller).unwrap_or_default();
        out.callers.push(IncomingCaller {
            caller: SymbolInfo::new(db, Symbol::Member(caller)),
            sites,
        });
    }
    out
}

/// An incoming-calls answer being gathered: sites per calling member, in the order callers appear.
struct Incoming {
    out: IncomingCalls,
    by_caller: HashMap<MemberId, Vec<IncomingSite>>,
    order: Vec<MemberId>,
}

impl Incoming {
    fn add(
        &mut self,
        db: &RootDatabase,
        sites: &[CallSiteInfo],
        unresolved: &[UnresolvedCallSite],
        classify: &mut dyn FnMut(&Callee) -> Option<bool>,
    ) {
        count(&mut self.out.coverage, sites, unresolved);
        self.out
            .unresolved
            .extend(unresolved.iter().map(|u| unresolved_call(db, u)));
        for site in sites {
            let Some(is_direct) = classify(&site.callee) else {
                continue;
            };
            // A `base.` call never dispatches to an override.
            if !is_direct && site.non_virtual {
                continue;
            }
            if !self.by_caller.contains_key(&site.caller) {
                self.order.push(site.caller);
            }
            self.by_caller
                .entry(site.caller)
                .or_default()
                .push(IncomingSite {
                    site: CallSiteRef {
                        file: site.file,
                        range: site.focus_range,
                        kind: site.kind,
                    },
                    is_direct,
                });
        }
    }
}

/// The name the sites of a call of the member carry (a constructor's sites are named by its type),
/// or `None` when a call need not name it (indexers, operators, conversions).
fn site_name(db: &RootDatabase, member: MemberId, data: &hir::Member) -> Option<String> {
    match data.kind {
        MemberKind::Indexer | MemberKind::Operator | MemberKind::Conversion => None,
        MemberKind::Constructor => Some(
            def_map(db, member.ty.project)
                .type_def(member.ty)
                .name
                .to_string(),
        ),
        _ => Some(data.name.to_string()),
    }
}

#[cfg(test)]
mod tests;
