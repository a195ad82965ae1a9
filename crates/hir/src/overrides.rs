//! Which base and interface members a member overrides or implements: what a call may dispatch to.

use std::sync::Arc;

use crate::{
    base_db::Db,
    body::BodyKey,
    hierarchy::{all_interfaces, base_chain},
    infer::{lookup_own_members, type_kind_of},
    item_tree::{Member, MemberKind, Modifiers, TypeKind},
    symbols::{MemberId, member_ref, member_signature},
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
    overrides_query(db, BodyKey::new(db, member))
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
    let member = key.member(db);
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
