//! Which base and interface members a member overrides or implements: what a call may dispatch to.

mod external;

use std::sync::Arc;

pub use self::external::{library_member_bases, library_members_filled_by};
use crate::{
    base_db::Db,
    body::BodyKey,
    def_map::TypeId,
    hierarchy::{all_interfaces, base_chain},
    item_tree::{Member, MemberKind, Modifiers, TypeKind},
    lookup::{own_members as lookup_own_members, type_kind as type_kind_of},
    symbols::{MemberId, member_data, member_ref, member_signature, type_members},
    ty::Ty,
};

/// What a member overrides or implements.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Overrides {
    /// The base member an `override` overrides, and that one's, up to the member that introduced the
    /// virtual slot (nearest first).
    pub overridden: Vec<MemberId>,
    /// The interface members it implements, implicitly or explicitly.
    pub implemented: Vec<MemberId>,
}

impl Overrides {
    pub fn all(&self) -> impl Iterator<Item = MemberId> + '_ {
        self.overridden.iter().chain(&self.implemented).copied()
    }
}

pub fn overrides(db: &dyn Db, member: MemberId) -> Arc<Overrides> {
    overrides_query(db, member.key())
}

/// The member that introduced the virtual slot a member fills (itself when it overrides nothing): the
/// compiler names a virtual call by it.
pub fn root_member(db: &dyn Db, member: MemberId) -> MemberId {
    overrides(db, member)
        .overridden
        .last()
        .copied()
        .unwrap_or(member)
}

/// For an `override` whose virtual slot comes from outside the sources (`ToString`, `Equals`), the
/// framework member that introduced it, by the first framework class of the base chain:
/// `System.Object.ToString`. The compiler names calls of the override by that member.
pub fn external_root(db: &dyn Db, member: MemberId) -> Option<String> {
    let data = member_ref(db, member)?;
    let root = root_member(db, member);
    let root_data = if root == member {
        data
    } else {
        member_ref(db, root)?
    };
    if !root_data.modifiers.contains(Modifiers::OVERRIDE) {
        return None;
    }
    let (chain, _) = base_chain(db, root.ty);
    let framework = chain
        .iter()
        .find(|t| matches!(t, Ty::Library(..) | Ty::Unresolved(..)))?;
    Some(format!("{}.{}", framework.full_name(db), root_data.name))
}

#[salsa::tracked(returns(clone))]
fn overrides_query<'db>(db: &'db dyn Db, key: BodyKey<'db>) -> Arc<Overrides> {
    let member = key.id(db);
    let mut out = Overrides::default();
    let Some(data) = member_ref(db, member) else {
        return Arc::new(out);
    };
    if !matches!(
        data.kind,
        MemberKind::Method | MemberKind::Property | MemberKind::Indexer | MemberKind::Event
    ) {
        return Arc::new(out);
    }
    // A static member overrides nothing, but implements a static abstract or virtual interface
    // member (C# 11); an instance member only instance ones.
    let is_static = data.modifiers.contains(Modifiers::STATIC);
    let own = param_ids(db, member, &[]);
    if data.modifiers.contains(Modifiers::OVERRIDE) {
        for base in base_chain(db, member.ty).0 {
            let Ty::Source(id, args) = &base else { break };
            if let Some(found) = matching(db, data, &own, *id, args) {
                out.overridden.push(found);
                out.overridden
                    .extend(overrides(db, found).overridden.iter().copied());
                break;
            }
        }
    }
    let explicit = member_signature(db, member).explicit_interface.clone();
    let owner_is_interface = type_kind_of(db, member.ty) == TypeKind::Interface;
    if !owner_is_interface {
        for (iface, _) in all_interfaces(db, member.ty) {
            let Ty::Source(id, args) = &iface else {
                continue;
            };
            if let Some(explicit) = &explicit
                && explicit.as_source() != Some(*id)
            {
                continue;
            }
            if let Some(found) = matching(db, data, &own, *id, args).filter(|&f| {
                member_ref(db, f).is_some_and(|d| d.modifiers.contains(Modifiers::STATIC))
                    == is_static
            }) {
                out.implemented.push(found);
            }
        }
    }
    Arc::new(out)
}

/// A member of type `id` (seen as constructed with `args`) with the same name, kind and parameter
/// types.
fn matching(
    db: &dyn Db,
    data: &Member,
    own_params: &[String],
    id: crate::def_map::TypeId,
    args: &[Ty],
) -> Option<MemberId> {
    lookup_own_members(db, id, &data.name)
        .into_iter()
        .find(|&m| {
            member_ref(db, m).is_some_and(|d| {
                d.kind == data.kind && d.type_params.len() == data.type_params.len()
            }) && param_ids(db, m, args) == own_params
        })
}

fn param_ids(db: &dyn Db, member: MemberId, args: &[Ty]) -> Vec<String> {
    member_signature(db, member)
        .params
        .iter()
        .map(|(t, m)| format!("{}{m:?}", t.substitute(args).doc_id(db)))
        .collect()
}

/// The member that implements the interface member `target` for the class or struct `ty` (the
/// interface mapping, C# §18.6.5): in `ty`, then in each base class nearest first, an explicit
/// implementation of the interface, else a member of the same name, kind and parameter types
/// (with the interface's type arguments as `ty` implements it). A member a base class declares
/// implements the interface for `ty` even when that base does not implement it (`class B : A, I`).
/// `None` when `ty` does not implement the interface or no member fits.
pub fn implementation_in(db: &dyn Db, ty: TypeId, target: MemberId) -> Option<MemberId> {
    let data = member_data(db, target)?;
    let is_static = data.modifiers.contains(Modifiers::STATIC);
    let iface_args = all_interfaces(db, ty)
        .into_iter()
        .find_map(|(iface, _)| match iface {
            Ty::Source(id, args) if id == target.ty => Some(args),
            _ => None,
        })?;
    let wanted = param_ids(db, target, &iface_args);
    let levels =
        std::iter::once((ty, Vec::new())).chain(base_chain(db, ty).0.into_iter().map_while(
            |base| match base {
                Ty::Source(id, args) => Some((id, args)),
                _ => None,
            },
        ));
    for (level, args) in levels {
        // Explicit implementations too, which the member index leaves out.
        let candidates: Vec<(MemberId, Member)> = type_members(db, level)
            .into_iter()
            .filter(|m| m.ty == level)
            .filter_map(|m| Some((m, member_data(db, m)?)))
            .filter(|(m, d)| {
                d.name == data.name
                    && d.kind == data.kind
                    && d.type_params.len() == data.type_params.len()
                    && d.modifiers.contains(Modifiers::STATIC) == is_static
                    && param_ids(db, *m, &args) == wanted
            })
            .collect();
        let explicit_of = |m: MemberId| member_signature(db, m).explicit_interface.clone();
        let explicit = candidates
            .iter()
            .find(|(m, _)| explicit_of(*m).and_then(|t| t.as_source()) == Some(target.ty));
        let implicit = candidates.iter().find(|(m, _)| explicit_of(*m).is_none());
        if let Some((found, _)) = explicit.or(implicit) {
            return Some(*found);
        }
    }
    None
}
