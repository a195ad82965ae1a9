//! A source type's members: their stable ids ([`MemberId`], interned by kind, name and ordinal), where
//! each is declared this revision and its declaration. Plain definitions: nothing here resolves a
//! type (signatures are `symbols`', which lowers declarations to `Ty`).

use rustc_hash::FxHashMap;
use smol_str::SmolStr;

use crate::{
    base_db::{Db, FileId},
    def_map::{TypeDecl, TypeId, TypeKey, def_map},
    item_tree::{Member, MemberIdx, MemberKind, MemberOrigin, Modifiers, TypeIdx, file_item_tree},
};

/// A member of a source type: its type and its interned [`MemberName`] (kind, name and ordinal), so
/// it keeps its id when members or types are added before it; where it is declared this revision is
/// [`member_loc`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MemberId {
    pub ty: TypeId,
    name: salsa::Id,
}

/// What identifies a member of a source type. Immortal, so an id never changes meaning.
#[salsa::interned(revisions = usize::MAX)]
pub(crate) struct MemberName<'db> {
    ty: TypeId,
    kind: MemberKind,
    #[returns(ref)]
    name: SmolStr,
    /// Among the type's members of this kind and name, in declaration order: tells overloads apart.
    ordinal: u32,
}

/// Where a member is declared in this revision (a partial type's members live in different files).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemberLoc {
    pub file: FileId,
    /// The type declaration it is a member of.
    pub decl: TypeIdx,
    pub idx: MemberIdx,
}

/// A type's members: which [`type_members`] lists, and where every member is.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct TypeMembers {
    pub(crate) listed: Vec<MemberId>,
    pub(crate) locs: FxHashMap<MemberId, MemberLoc>,
    by_loc: FxHashMap<(FileId, MemberIdx), MemberId>,
}

/// A member's declaration. Memoized per member, so what reads it (a body's inference) is not re-run
/// for edits elsewhere in the member's file.
pub fn member_data(db: &dyn Db, member: MemberId) -> Option<Member> {
    member_ref(db, member).cloned()
}

/// [`member_data`] without the copy.
pub(crate) fn member_ref(db: &dyn Db, member: MemberId) -> Option<&Member> {
    member_data_query(db, member.key()).as_ref()
}

#[salsa::tracked(returns(ref))]
fn member_data_query<'db>(db: &'db dyn Db, key: MemberKey<'db>) -> Option<Member> {
    let loc = member_loc(db, key.id(db))?;
    let file = db.source_file(loc.file)?;
    file_item_tree(db, file).member(loc.idx).cloned()
}

/// Where a member is declared, `None` when this revision no longer declares it.
pub fn member_loc(db: &dyn Db, member: MemberId) -> Option<MemberLoc> {
    type_member_table(db, member.ty.key())
        .locs
        .get(&member)
        .copied()
}

/// The file a member is declared in: memoized apart from [`member_loc`], so what reads only the
/// file (a body's inference) is not re-run when the member moves inside it.
pub(crate) fn member_file(db: &dyn Db, member: MemberId) -> Option<FileId> {
    *member_file_query(db, member.key())
}

#[salsa::tracked]
fn member_file_query<'db>(db: &'db dyn Db, key: MemberKey<'db>) -> Option<FileId> {
    member_loc(db, key.id(db)).map(|loc| loc.file)
}

/// The member declared at `idx` of `file`'s item tree, a member of `ty`.
pub fn member_at(db: &dyn Db, ty: TypeId, file: FileId, idx: MemberIdx) -> Option<MemberId> {
    type_member_table(db, ty.key())
        .by_loc
        .get(&(file, idx))
        .copied()
}

/// The members of a type across all its declarations, in declaration order. A partial type gets a
/// default constructor only when none of its declarations has an instance constructor, and then once.
pub fn type_members(db: &dyn Db, id: TypeId) -> Vec<MemberId> {
    type_member_table(db, id.key()).listed.clone()
}

#[salsa::tracked(returns(ref))]
pub(crate) fn type_member_table<'db>(db: &'db dyn Db, key: TypeKey<'db>) -> TypeMembers {
    let id = key.id(db);
    let map = def_map(db, id.project);
    let mut table = TypeMembers {
        listed: Vec::new(),
        locs: FxHashMap::default(),
        by_loc: FxHashMap::default(),
    };
    let mut ordinals: FxHashMap<(MemberKind, SmolStr), u32> = FxHashMap::default();
    let mut listed = Vec::new();
    // Only partial members take part in merging: the others are not copied.
    let mut partials: Vec<(MemberId, Member)> = Vec::new();
    let mut default_ctors = Vec::new();
    let mut has_instance_ctor = false;
    for decl in map.get(id).map_or(&[][..], |def| &def.decls) {
        let Some(file) = db.source_file(decl.file) else {
            continue;
        };
        let tree = file_item_tree(db, file);
        for &idx in &tree.types[decl.item].members {
            let member = &tree.members[idx];
            let ordinal = ordinals
                .entry((member.kind, member.name.clone()))
                .or_default();
            let key = MemberName::new(db, id, member.kind, member.name.clone(), *ordinal);
            *ordinal += 1;
            let mid = MemberId {
                ty: id,
                name: salsa::plumbing::AsId::as_id(&key),
            };
            table.locs.insert(
                mid,
                MemberLoc {
                    file: decl.file,
                    decl: decl.item,
                    idx,
                },
            );
            table.by_loc.insert((decl.file, idx), mid);
            if member.origin == MemberOrigin::DefaultConstructor {
                default_ctors.push(mid);
                continue;
            }
            has_instance_ctor |= member.kind == MemberKind::Constructor
                && !member.modifiers.contains(Modifiers::STATIC);
            listed.push(mid);
            if member.modifiers.contains(Modifiers::PARTIAL) {
                partials.push((mid, member.clone()));
            }
        }
    }
    let merged_away = defining_partial_halves(&partials);
    listed.retain(|m| !merged_away.contains(m));
    table.listed = listed;
    if !has_instance_ctor && let Some(&first) = default_ctors.first() {
        table.listed.push(first);
    }
    table
}

/// A partial method or property (C# 9, 13) is one member declared twice: the defining declaration
/// (no body) and the implementing one. The implementing declaration stands for both: these are the
/// defining declarations that have an implementing one, among a type's partial members.
fn defining_partial_halves(partials: &[(MemberId, Member)]) -> Vec<MemberId> {
    let same_signature = |a: &Member, b: &Member| {
        a.kind == b.kind
            && a.name == b.name
            && a.type_params.len() == b.type_params.len()
            && a.params.len() == b.params.len()
            && a.params.iter().zip(&b.params).all(|(x, y)| x.ty == y.ty)
    };
    partials
        .iter()
        .filter(|(_, d)| {
            !d.has_body
                && partials
                    .iter()
                    .any(|(_, other)| other.has_body && same_signature(d, other))
        })
        .map(|&(m, _)| m)
        .collect()
}

/// The type declaration a member is declared in.
pub(crate) fn member_decl(db: &dyn Db, member: MemberId) -> Option<TypeDecl> {
    let loc = member_loc(db, member)?;
    Some(TypeDecl {
        file: loc.file,
        item: loc.decl,
    })
}

/// What a query about one member is keyed by: the member's own interned [`MemberName`], which its
/// id holds, so asking needs no interning (see `def_map::TypeKey`).
pub(crate) type MemberKey<'db> = MemberName<'db>;

impl MemberId {
    pub(crate) fn key<'db>(self) -> MemberKey<'db> {
        salsa::plumbing::FromId::from_id(self.name)
    }
}

impl<'db> MemberName<'db> {
    pub(crate) fn id(self, db: &'db dyn Db) -> MemberId {
        MemberId {
            ty: *self.ty(db),
            name: salsa::plumbing::AsId::as_id(&self),
        }
    }
}
