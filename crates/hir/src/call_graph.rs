//! Call sites with positions: the bound sites of every member of a file, each with its caller and the
//! range of the invoked name.

use std::sync::Arc;

use rustc_hash::FxHashMap;
use syntax::{TextRange, TextSize};

use crate::{
    base_db::{Db, FileId, SourceFile, file_project},
    body::body_source_map,
    def_map::{TypeDecl, def_map},
    infer::{CallKind, Callee, FieldAccessKind, UnresolvedReason, infer},
    item_tree::{MemberIdx, file_item_tree, item_source_map},
    symbols::{MemberId, member_at, member_file},
};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallSiteInfo {
    /// The member whose code holds the site (lambdas and local functions count for the member that
    /// contains them; a field initializer for the field).
    pub caller: MemberId,
    pub callee: Callee,
    pub kind: CallKind,
    pub file: FileId,
    /// The invoked name (the type of a `new`, the operator of an operator call).
    pub focus_range: TextRange,
    /// The whole expression.
    pub full_range: TextRange,
    /// Through `base.`: the member named runs, no override of it.
    pub non_virtual: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnresolvedCallSite {
    pub caller: MemberId,
    pub name: smol_str::SmolStr,
    pub reason: UnresolvedReason,
    pub file: FileId,
    pub focus_range: TextRange,
}

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct CallSites {
    pub sites: Vec<CallSiteInfo>,
    pub unresolved: Vec<UnresolvedCallSite>,
    /// The focus ranges of accesses bound to compiler-synthesized members (no edge; see
    /// [`crate::InferenceResult::synthesized`]).
    pub synthesized: Vec<TextRange>,
    /// The full ranges of calls the compiler omits (no edge, nor any inside; see
    /// [`crate::InferenceResult::omitted`]).
    pub omitted: Vec<TextRange>,
    /// Reads and writes of fields, constants and enum members (see
    /// [`crate::InferenceResult::field_accesses`]).
    pub field_accesses: Vec<FieldAccessSite>,
    /// The members whose entries these are, in order, each with where its entries end in every
    /// list above: a file's lists are gathered member by member, so one member's part is read
    /// without binding it again (its body and inference are evicted once the file is gathered).
    members: Vec<MemberSpan>,
}

/// One member's entries in [`CallSites`]: they end before these lengths of `sites`, `unresolved`,
/// `synthesized`, `omitted` and `field_accesses`, and start where the previous member's end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct MemberSpan {
    member: MemberId,
    ends: [u32; 5],
}

impl CallSites {
    /// Where each list ends now.
    fn lengths(&self) -> [u32; 5] {
        [
            self.sites.len(),
            self.unresolved.len(),
            self.synthesized.len(),
            self.omitted.len(),
            self.field_accesses.len(),
        ]
        .map(|len| len as u32)
    }

    /// Appends one member's entries.
    fn push_member(&mut self, member: MemberId, sites: CallSites) {
        self.sites.extend(sites.sites);
        self.unresolved.extend(sites.unresolved);
        self.synthesized.extend(sites.synthesized);
        self.omitted.extend(sites.omitted);
        self.field_accesses.extend(sites.field_accesses);
        let ends = self.lengths();
        self.members.push(MemberSpan { member, ends });
    }

    fn shrink_to_fit(&mut self) {
        self.sites.shrink_to_fit();
        self.unresolved.shrink_to_fit();
        self.synthesized.shrink_to_fit();
        self.omitted.shrink_to_fit();
        self.field_accesses.shrink_to_fit();
        self.members.shrink_to_fit();
    }

    /// The entries of `member`, when it is one of those these were gathered for.
    fn of_member(&self, member: MemberId) -> Option<CallSites> {
        let at = self.members.iter().position(|span| span.member == member)?;
        Some(self.part(at))
    }

    /// The entries of the `at`-th member these were gathered for.
    fn part(&self, at: usize) -> CallSites {
        let starts = match at {
            0 => [0; 5],
            _ => self.members[at - 1].ends,
        };
        let [s, u, y, o, f] =
            std::array::from_fn(|i| starts[i] as usize..self.members[at].ends[i] as usize);
        CallSites {
            sites: self.sites[s].to_vec(),
            unresolved: self.unresolved[u].to_vec(),
            synthesized: self.synthesized[y].to_vec(),
            omitted: self.omitted[o].to_vec(),
            field_accesses: self.field_accesses[f].to_vec(),
            members: Vec::new(),
        }
    }

    /// These entries `delta` bytes further on, if every one lies inside `within` (their member's
    /// declaration, which moved so): an entry outside it would not have moved with it.
    fn moved_within(mut self, within: TextRange, delta: i64) -> Option<CallSites> {
        let moved = |range: &mut TextRange| {
            if !within.contains_range(*range) {
                return None;
            }
            let start = i64::from(u32::from(range.start())) + delta;
            *range = TextRange::at(TextSize::new(u32::try_from(start).ok()?), range.len());
            Some(())
        };
        for site in &mut self.sites {
            moved(&mut site.focus_range)?;
            moved(&mut site.full_range)?;
        }
        for site in &mut self.unresolved {
            moved(&mut site.focus_range)?;
        }
        for range in self.synthesized.iter_mut().chain(&mut self.omitted) {
            moved(range)?;
        }
        for access in &mut self.field_accesses {
            moved(&mut access.focus_range)?;
        }
        Some(self)
    }
}

/// A use of a field, constant or enum member (of the sources or of a library), at its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldAccessSite {
    pub caller: MemberId,
    pub field: Callee,
    pub kind: FieldAccessKind,
    pub focus_range: TextRange,
}

/// The call sites of one member's code: its part of its file's memoized sites
/// ([`file_call_sites`]), so that asking again after the file was gathered binds nothing.
pub fn member_call_sites(db: &dyn Db, member: MemberId) -> CallSites {
    let Some(file) = member_file(db, member) else {
        return CallSites::default();
    };
    file_call_sites(db, file)
        .of_member(member)
        .unwrap_or_else(|| gather_member_sites(db, member, file))
}

/// Binds one member and gathers its sites with their ranges.
fn gather_member_sites(db: &dyn Db, member: MemberId, file: FileId) -> CallSites {
    let mut out = CallSites::default();
    let result = infer(db, member);
    let map = body_source_map(db, member);
    for site in &result.sites {
        let Some(range) = map.expr_range(site.expr) else {
            continue;
        };
        out.sites.push(CallSiteInfo {
            caller: member,
            callee: site.callee.clone(),
            kind: site.kind,
            file,
            focus_range: range.focus,
            full_range: range.full,
            non_virtual: site.non_virtual,
        });
    }
    out.synthesized.extend(
        result
            .synthesized
            .iter()
            .filter_map(|&e| map.expr_range(e))
            .map(|range| range.focus),
    );
    out.omitted.extend(
        result
            .omitted
            .iter()
            .filter_map(|&e| map.expr_range(e))
            .map(|range| range.full),
    );
    out.field_accesses
        .extend(result.field_accesses.iter().filter_map(|a| {
            Some(FieldAccessSite {
                caller: member,
                field: a.field.clone(),
                kind: a.kind,
                focus_range: map.expr_range(a.expr)?.focus,
            })
        }));
    for site in &result.unresolved {
        let Some(range) = map.expr_range(site.expr) else {
            continue;
        };
        out.unresolved.push(UnresolvedCallSite {
            caller: member,
            name: site.name.clone(),
            reason: site.reason,
            file,
            focus_range: range.focus,
        });
    }
    out
}

/// The members declared in a file (a partial type's members in other files are not).
pub fn file_members(db: &dyn Db, file: FileId) -> Vec<MemberId> {
    members_with_items(db, file)
        .into_iter()
        .map(|(member, _)| member)
        .collect()
}

/// The members declared in a file, each with its whole declaration's range in the file's text
/// (memoized: the call index keeps every file's, and an edit reads the edited file's twice).
pub fn file_member_ranges(db: &dyn Db, file: FileId) -> MemberRanges {
    match db.source_file(file) {
        Some(source) => file_member_ranges_query(db, source),
        None => Arc::default(),
    }
}

/// See [`file_member_ranges`].
pub type MemberRanges = Arc<[(MemberId, Option<TextRange>)]>;

#[salsa::tracked(returns(clone))]
fn file_member_ranges_query(db: &dyn Db, file: SourceFile) -> MemberRanges {
    let map = item_source_map(db, file);
    members_with_items(db, file.id(db))
        .into_iter()
        .map(|(member, idx)| (member, map.member_range(idx).map(|r| r.full)))
        .collect()
}

fn members_with_items(db: &dyn Db, file: FileId) -> Vec<(MemberId, MemberIdx)> {
    let Some(source) = db.source_file(file) else {
        return Vec::new();
    };
    let Some(project) = file_project(db, source) else {
        return Vec::new();
    };
    let map = def_map(db, project);
    let tree = file_item_tree(db, source);
    tree.members
        .iter()
        .filter_map(|(idx, _)| {
            let item = tree.member_owner(idx)?;
            let ty = map.type_of_decl(TypeDecl { file, item })?;
            Some((member_at(db, ty, file, idx)?, idx))
        })
        .collect()
}

/// A file's sites before an edit of its text: what [`file_call_sites_after_edit`] may re-use.
pub struct SitesBefore<'a> {
    pub text: &'a str,
    pub sites: &'a CallSites,
    /// [`file_member_ranges`] of that text.
    pub members: &'a [(MemberId, Option<TextRange>)],
}

/// A file's sites after an edit of its text, equal to what [`file_call_sites`] gathers on this
/// snapshot, re-using `before`'s entries of every member whose whole declaration lies in text the
/// edit did not touch, at the same place or moved by the edit's length: only the edited members are
/// bound again (an edited file's members' inference is evicted by then, and binding all of them was
/// most of an edit's cost). Sound because a member's sites are a function of its own text and of
/// `binding_fingerprint` (`call_index/fingerprint.rs`), which the caller checked is unchanged; an
/// entry outside its member's declaration, or a `#` in the edited text (a preprocessor region may
/// have moved), makes the member, or the whole file, bound again.
pub fn file_call_sites_after_edit(
    db: &dyn Db,
    file: FileId,
    before: &SitesBefore<'_>,
) -> Arc<CallSites> {
    let Some(source) = db.source_file(file) else {
        return Arc::default();
    };
    let text = source.text(db);
    let (old, new) = (before.text.as_bytes(), text.as_bytes());
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let (old_end, new_end) = (old.len() - suffix, new.len() - suffix);
    if old[prefix..old_end].contains(&b'#') || new[prefix..new_end].contains(&b'#') {
        return file_call_sites(db, file);
    }
    let delta = new.len() as i64 - old.len() as i64;
    let old_ranges: FxHashMap<MemberId, TextRange> = before
        .members
        .iter()
        .filter_map(|&(member, range)| Some((member, range?)))
        .collect();
    // By member, not by a search per member: a generated file has thousands.
    let old_parts: FxHashMap<MemberId, usize> = (before.sites.members.iter())
        .enumerate()
        .map(|(at, span)| (span.member, at))
        .collect();
    // Where `member`'s entries before the edit are now, when its declaration is in untouched text.
    let moved = |member: MemberId, now: Option<TextRange>| {
        let (was, now) = (*old_ranges.get(&member)?, now?);
        let shift = if u32::from(was.end()) as usize <= prefix && now == was {
            0
        } else if u32::from(was.start()) as usize >= old_end
            && u32::from(now.start()) as usize >= new_end
            && now.len() == was.len()
            && i64::from(u32::from(now.start())) == i64::from(u32::from(was.start())) + delta
        {
            delta
        } else {
            return None;
        };
        let at = *old_parts.get(&member)?;
        before.sites.part(at).moved_within(was, shift)
    };
    let mut out = CallSites::default();
    for &(member, range) in file_member_ranges(db, file).iter() {
        let part = moved(member, range).unwrap_or_else(|| gather_member_sites(db, member, file));
        out.push_member(member, part);
    }
    out.shrink_to_fit();
    Arc::new(out)
}

/// Every call site in a file, memoized: reference searches ask for the same files again and again,
/// and after an edit only the edited file's sites are gathered anew.
pub fn file_call_sites(db: &dyn Db, file: FileId) -> Arc<CallSites> {
    match db.source_file(file) {
        Some(source) => file_call_sites_query(db, source),
        None => Arc::default(),
    }
}

#[salsa::tracked(returns(clone))]
fn file_call_sites_query(db: &dyn Db, file: SourceFile) -> Arc<CallSites> {
    let mut out = CallSites::default();
    let id = file.id(db);
    for member in file_members(db, id) {
        out.push_member(member, gather_member_sites(db, member, id));
    }
    // Kept for the life of the file's text (the call index shares them): not the slack of growth.
    out.shrink_to_fit();
    Arc::new(out)
}
