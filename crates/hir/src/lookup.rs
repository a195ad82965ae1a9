//! Member lookup: a type's members by name, through its base classes and interfaces, and the extension
//! methods of a project.

use std::sync::Arc;

use rustc_hash::FxHashMap;
use smol_str::SmolStr;

use crate::{
    base_db::{Db, ProjectId},
    def_map::{ProjectKey, TypeId, TypeKey, def_map, type_header, visible_projects},
    hierarchy::{base_class_of, declared_interfaces_of},
    item_tree::{MemberKind, Modifiers, ParamModifier, TypeKind},
    library::{KnownType, ScopedDb},
    symbols::{MemberId, member_ref, member_signature, type_members},
    ty::Ty,
};

/// The name constructors are indexed under.
pub(crate) const CTOR: &str = ".ctor";

/// A type's own members by the name code uses to reach them (explicit interface implementations are
/// reachable only through the interface, so they are left out).
#[salsa::tracked(returns(clone))]
fn member_index_query<'db>(
    db: &'db dyn Db,
    key: TypeKey<'db>,
) -> Arc<FxHashMap<SmolStr, Vec<MemberId>>> {
    let mut index: FxHashMap<SmolStr, Vec<MemberId>> = FxHashMap::default();
    for member in type_members(db, key.id(db)) {
        let Some(data) = member_ref(db, member) else {
            continue;
        };
        if data.explicit_interface.is_some() {
            continue;
        }
        let name = match data.kind {
            MemberKind::Constructor if data.modifiers.contains(Modifiers::STATIC) => continue,
            MemberKind::Constructor => SmolStr::new_static(CTOR),
            MemberKind::Destructor => continue,
            _ => data.name.clone(),
        };
        index.entry(name).or_default().push(member);
    }
    Arc::new(index)
}

pub(crate) fn own_members(db: &dyn Db, id: TypeId, name: &str) -> Vec<MemberId> {
    own_members_named(db, TypeMemberName::new(db, id, SmolStr::new(name)))
        .as_deref()
        .map(<[MemberId]>::to_vec)
        .unwrap_or_default()
}

#[salsa::interned(revisions = usize::MAX)]
struct TypeMemberName<'db> {
    ty: TypeId,
    #[returns(ref)]
    name: SmolStr,
}

/// A type's own members of one name: what a body's member lookups read instead of the whole
/// index, so a member added to a type re-runs only the bodies that look its name up there.
#[salsa::tracked(returns(ref))]
fn own_members_named<'db>(db: &'db dyn Db, key: TypeMemberName<'db>) -> Option<Arc<[MemberId]>> {
    member_index_query(db, key.ty(db).key())
        .get(key.name(db))
        .map(|members| members.as_slice().into())
}

pub(crate) fn type_kind(db: &dyn Db, id: TypeId) -> TypeKind {
    type_header(db, id).map_or(TypeKind::Class, |h| h.kind)
}

/// Members named `name` found from a type, grouped by the type they were found in (most derived
/// first), each group with the constructed type that declares it (for substituting type arguments).
/// Lookup stops at the first group that holds anything but methods and indexers: a property or field
/// hides what is below it, an indexer only the one of its signature (§12.8.12.3 takes the indexers of
/// every base type, a base type's out only when a derived one applies).
pub(crate) struct Found {
    pub(crate) groups: Vec<(Ty, Vec<MemberId>)>,
    /// The first type the sources do not declare that lookup reached (the member may be there).
    pub(crate) external: Option<Ty>,
}

pub(crate) fn lookup_members(sdb: &ScopedDb<'_>, ty: &Ty, name: &str) -> Found {
    lookup_members_where(sdb, ty, name, &|_| true)
}

/// [`lookup_members`] over the members `keep` accepts: those it removes neither are found nor hide
/// anything (§12.5: an invocation removes the non-invocable members before hiding applies).
pub(crate) fn lookup_members_where(
    sdb: &ScopedDb<'_>,
    ty: &Ty,
    name: &str,
    keep: &dyn Fn(MemberId) -> bool,
) -> Found {
    let db = sdb.db();
    let mut found = Found {
        groups: Vec::new(),
        external: None,
    };
    let mut seen: Vec<Ty> = Vec::new();
    let mut queue: Vec<Ty> = vec![ty.clone()];
    let is_interface = matches!(ty, Ty::Source(id, _) if type_kind(db, *id) == TypeKind::Interface);
    let mut i = 0;
    while i < queue.len() && i < 64 {
        let current = queue[i].clone();
        i += 1;
        if seen.contains(&current) {
            continue;
        }
        seen.push(current.clone());
        match &current {
            Ty::Source(id, _) => {
                let mut members = own_members(db, *id, name);
                members.retain(|&m| keep(m));
                if !members.is_empty() {
                    let by_signature = members.iter().all(|&m| {
                        member_ref(db, m).is_some_and(|d| {
                            matches!(
                                d.kind,
                                MemberKind::Method
                                    | MemberKind::Indexer
                                    | MemberKind::Operator
                                    | MemberKind::Conversion
                                    | MemberKind::Constructor
                            )
                        })
                    });
                    found.groups.push((current.clone(), members));
                    if !by_signature {
                        return found;
                    }
                }
            }
            Ty::Library(..) | Ty::Unresolved(..) => {
                // An interface has several library bases (`IScope : IEnumerable<IScope>,
                // IDisposable`): the first whose lookup finds the name, else the first.
                let finds =
                    |ty: &Ty| !crate::library::library_members(db, sdb.libs(), ty, name).is_empty();
                match &found.external {
                    None => found.external = Some(current.clone()),
                    Some(first) if is_interface && !finds(first) && finds(&current) => {
                        found.external = Some(current.clone())
                    }
                    Some(_) => {}
                }
                // A class's bases beyond a library type are library types: nothing more to find.
                if !is_interface {
                    return found;
                }
            }
            _ => continue,
        }
        // Interfaces search their base interfaces; classes their base class (an interface member is
        // reached through the class that implements it).
        if is_interface {
            queue.extend(declared_interfaces_of(sdb, &current));
        } else if let Some(base) = base_class_of(sdb, &current) {
            queue.push(base);
        }
    }
    // An interface's lookup reaches `object`'s members (§12.5), methods beside its methods of the
    // name (they hide by signature only: `keyed.GetHashCode()` beside `GetHashCode(int)`).
    if is_interface {
        found.external = found.external.or_else(|| Some(Ty::object(db)));
    }
    found
}

pub(crate) fn is_object(db: &dyn Db, ty: &Ty) -> bool {
    ty.is_known(db, KnownType::Object)
}

/// Extension members by name.
type ExtensionIndex = FxHashMap<SmolStr, ExtensionsNamed>;

/// The extension members of one name: the namespace of their class, the member, and whether it is
/// a member of a C# 14 extension block other than an instance method; and the namespaces of the
/// classes declaring methods among them, each once (every extension call asks which scope levels
/// can hold one).
#[derive(Debug, Default, PartialEq, Eq)]
struct ExtensionsNamed {
    members: Vec<(SmolStr, MemberId, bool)>,
    method_namespaces: Vec<SmolStr>,
}

/// Every extension method of the projects a project sees, by name, with the namespace of its class.
#[salsa::tracked(returns(clone))]
fn extension_index_query<'db>(db: &'db dyn Db, key: ProjectKey<'db>) -> Arc<ExtensionIndex> {
    let mut index = ExtensionIndex::default();
    for &project in visible_projects(db, key.id(db)).iter() {
        let map = def_map(db, project);
        for (id, def) in map.types() {
            if def.parent.is_some()
                || def.arity > 0
                || def.kind != TypeKind::Class
                || !def.modifiers.contains(Modifiers::STATIC)
            {
                continue;
            }
            for member in type_members(db, id) {
                let Some(data) = member_ref(db, member) else {
                    continue;
                };
                // Members of a C# 14 extension block other than instance methods (which are
                // lowered as classic extension methods) are indexed under their name too; the
                // binder tells them apart by `Member::extension`.
                let block_member = data.extension.is_some()
                    && !data
                        .params
                        .first()
                        .is_some_and(|p| p.modifier == ParamModifier::This);
                if block_member
                    || data.kind == MemberKind::Method
                        && data
                            .params
                            .first()
                            .is_some_and(|p| p.modifier == ParamModifier::This)
                {
                    let named = index.entry(data.name.clone()).or_default();
                    if !block_member && !named.method_namespaces.contains(&def.namespace) {
                        named.method_namespaces.push(def.namespace.clone());
                    }
                    named
                        .members
                        .push((def.namespace.clone(), member, block_member));
                }
            }
        }
    }
    Arc::new(index)
}

/// The extension methods named `name` whose class is in one of `namespaces` (or is one of `statics`).
pub(crate) fn extension_methods(
    db: &dyn Db,
    project: ProjectId,
    name: &str,
    namespaces: &[SmolStr],
    statics: &[Ty],
) -> Vec<MemberId> {
    let index = extension_index_query(db, ProjectKey::new(db, project));
    let Some(all) = index.get(name) else {
        return Vec::new();
    };
    // A class's methods are listed together: whether their namespace is imported is asked once
    // per run of them, not per method (a class of hundreds of overloads of one name).
    let mut found = Vec::new();
    let mut last: Option<(&SmolStr, bool)> = None;
    for (ns, m, block) in &all.members {
        if *block {
            continue;
        }
        let imported = match last {
            Some((seen, imported)) if seen == ns => imported,
            _ => {
                let imported = namespaces.contains(ns);
                last = Some((ns, imported));
                imported
            }
        };
        if imported || statics.iter().any(|s| s.as_source() == Some(m.ty)) {
            found.push(*m);
        }
    }
    found
}

/// The namespaces of the classes declaring extension methods named `name` (not in extension
/// blocks) that `project` sees.
pub(crate) fn extension_method_namespaces(
    db: &dyn Db,
    project: ProjectId,
    name: &str,
) -> Vec<SmolStr> {
    let index = extension_index_query(db, ProjectKey::new(db, project));
    index
        .get(name)
        .map(|named| named.method_namespaces.clone())
        .unwrap_or_default()
}

/// The members of C# 14 extension blocks named `name` that are not instance methods (extension
/// properties, static extension members) whose class is in one of `namespaces`.
pub(crate) fn extension_block_members(
    db: &dyn Db,
    project: ProjectId,
    name: &str,
    namespaces: &[SmolStr],
) -> Vec<MemberId> {
    let index = extension_index_query(db, ProjectKey::new(db, project));
    let Some(all) = index.get(name) else {
        return Vec::new();
    };
    (all.members.iter())
        .filter(|(ns, _, block)| *block && namespaces.contains(ns))
        .map(|(_, m, _)| *m)
        .collect()
}

/// Whether code in type `from` (or in a type nested in it) may use `member` (C# §7.5): private
/// members only inside their type, protected ones also in derived types. Internal members count as
/// accessible: code that compiles against them from another project has `InternalsVisibleTo`.
pub(crate) fn is_accessible(db: &dyn Db, member: MemberId, from: TypeId) -> bool {
    let Some(data) = member_ref(db, member) else {
        return true;
    };
    let m = data.modifiers;
    let declaring = member.ty;
    // Without a modifier, a member of a class or struct is private; of an interface or enum public.
    let private = m.contains(Modifiers::PRIVATE)
        || !(m.contains(Modifiers::PUBLIC)
            || m.contains(Modifiers::PROTECTED)
            || m.contains(Modifiers::INTERNAL)
            || matches!(
                type_kind(db, declaring),
                TypeKind::Interface | TypeKind::Enum
            ));
    let protected = m.contains(Modifiers::PROTECTED);
    if !private && !protected {
        return true;
    }
    let containers = containing_types(db, from);
    if containers.contains(&declaring) {
        return true;
    }
    if private && !protected {
        return false;
    }
    // `protected`, `protected internal`, `private protected`: from a derived type.
    let derived = containers.iter().any(|&c| derives_from(db, c, declaring));
    let internal_ok = !m.contains(Modifiers::PRIVATE) || from.project == declaring.project;
    (derived && internal_ok) || m.contains(Modifiers::INTERNAL)
}

/// `id` and the types it is nested in, innermost first.
pub(crate) fn containing_types(db: &dyn Db, id: TypeId) -> Vec<TypeId> {
    let mut out = vec![id];
    while let Some(parent) = type_header(db, out[out.len() - 1]).and_then(|h| h.parent) {
        out.push(parent);
    }
    out
}

fn derives_from(db: &dyn Db, id: TypeId, base: TypeId) -> bool {
    let mut current = id;
    for _ in 0..64 {
        match crate::hierarchy::type_bases(db, current).base_class {
            Some(Ty::Source(b, _)) if b == base => return true,
            Some(Ty::Source(next, _)) => current = next,
            _ => return false,
        }
    }
    false
}

/// A member's return (or property) type as seen through the constructed type that declares it.
pub(super) fn declared_type(db: &dyn Db, member: MemberId, decl_ty: &Ty) -> Ty {
    let decl_args = match decl_ty {
        Ty::Source(_, a) => a.as_slice(),
        _ => &[],
    };
    member_signature(db, member)
        .ty
        .clone()
        .unwrap_or(Ty::Unknown)
        .substitute(decl_args)
}
