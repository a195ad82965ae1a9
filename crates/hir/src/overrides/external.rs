//! Which library members a member overrides or implements: a call bound to a framework virtual
//! (`Stream.Write`) may run an override declared elsewhere, and a call bound to an override is
//! compiled as a call of the member that introduced the slot (§12.5: lookup drops overrides).

use metadata::{Method, TypeDef, Visibility};

use crate::{
    base_db::Db,
    hierarchy::{base_chain, type_bases},
    item_tree::{MemberKind, Modifiers, ParamModifier},
    library::{
        LibMember, LibMemberKind, LibraryDefs, library_base, library_defs, library_interfaces,
        library_members, library_scope, library_signature, library_type_ty,
    },
    overrides::{overrides, root_member},
    symbols::{MemberId, member_ref, member_signature},
    ty::Ty,
};

/// What identifies a member within its slot: kind, name, method type parameter count and parameter
/// types (with `@` for by-reference ones), as documentation ids write them.
#[derive(PartialEq, Eq)]
struct Shape {
    kind: LibMemberKind,
    name: String,
    type_params: usize,
    params: Vec<String>,
}

fn by_ref(modifier: ParamModifier) -> bool {
    matches!(
        modifier,
        ParamModifier::Ref | ParamModifier::Out | ParamModifier::In | ParamModifier::RefReadonly
    )
}

fn param_id(db: &dyn Db, ty: &Ty, modifier: ParamModifier) -> String {
    let mut id = ty.doc_id(db);
    if by_ref(modifier) {
        id.push('@');
    }
    id
}

/// The shape of a library member found in `decl` (the constructed type declaring it).
fn library_shape(db: &dyn Db, decl: &Ty, member: LibMember) -> Shape {
    let sig = library_signature(db, decl, member);
    Shape {
        kind: member.kind,
        name: sig.name.to_string(),
        type_params: sig.method_type_params,
        params: sig
            .params
            .iter()
            .map(|p| param_id(db, &p.ty, p.modifier))
            .collect(),
    }
}

/// The accessor (or method) whose flags say whether a member is virtual, an override, public.
fn slot_method(def: &TypeDef, member: LibMember) -> Option<&Method> {
    let idx = match member.kind {
        LibMemberKind::Method => Some(member.idx),
        LibMemberKind::Property => {
            let p = &def.properties()[member.idx as usize];
            p.getter.or(p.setter)
        }
        LibMemberKind::Event => {
            let e = &def.events()[member.idx as usize];
            e.adder.or(e.remover)
        }
        LibMemberKind::Field => None,
    }?;
    def.methods().get(idx as usize)
}

/// The first member of `groups` (as [`library_members`] gives them) of the shape `shape`.
fn find_shape(db: &dyn Db, groups: &[(Ty, Vec<LibMember>)], shape: &Shape) -> Option<LibMember> {
    groups.iter().find_map(|(decl, members)| {
        members
            .iter()
            .copied()
            .find(|&m| library_shape(db, decl, m) == *shape)
    })
}

/// The members of `iface` itself (not of its base interfaces) of the shape `shape`, in `scope`.
fn find_in_interface(
    db: &dyn Db,
    scope: &LibraryDefs,
    iface: &Ty,
    shape: &Shape,
) -> Option<LibMember> {
    let groups = library_members(db, scope, iface, &shape.name);
    let own: Vec<(Ty, Vec<LibMember>)> = groups.into_iter().filter(|(d, _)| d == iface).collect();
    find_shape(db, &own, shape)
}

/// The library members `member` overrides (the nearest first, up to the one that introduced the
/// slot) and the library interface members it, or what it overrides, implements.
pub fn library_member_bases(db: &dyn Db, member: LibMember) -> Vec<LibMember> {
    let mut out = Vec::new();
    collect_library_bases(db, member, &mut out);
    out
}

fn collect_library_bases(db: &dyn Db, member: LibMember, out: &mut Vec<LibMember>) {
    let index = library_defs(db);
    let def = index.type_def(member.ty);
    let Some(method) = slot_method(def, member).filter(|m| !m.is_static) else {
        return;
    };
    let this = library_type_ty(db, member.ty);
    let shape = library_shape(db, &this, member);
    if method.is_virtual && !method.is_new_slot {
        // Metadata marks an override as a virtual method that reuses its base's slot.
        if let Some(base) = library_base(db, &index, &this) {
            let groups = library_members(db, &index, &base, &shape.name);
            if let Some(found) = find_shape(db, &groups, &shape)
                && !out.contains(&found)
            {
                out.push(found);
                collect_library_bases(db, found, out);
            }
        }
    }
    if method.visibility == Visibility::Public {
        for iface in library_interfaces(db, &index, &this) {
            if let Some(found) = find_in_interface(db, &index, &iface, &shape)
                && !out.contains(&found)
            {
                out.push(found);
            }
        }
    }
}

/// The library members a source member overrides or implements, also through the source members it
/// overrides (an override of an override of `Stream.Write` is one of `Stream.Write`), in the
/// assemblies its project sees.
pub fn library_members_filled_by(db: &dyn Db, member: MemberId) -> Vec<LibMember> {
    let mut out = Vec::new();
    let scope = library_scope(db, member.ty.project);
    let Some(data) = member_ref(db, member) else {
        return out;
    };
    let (kind, name) = match data.kind {
        MemberKind::Method => (LibMemberKind::Method, data.name.to_string()),
        MemberKind::Property => (LibMemberKind::Property, data.name.to_string()),
        MemberKind::Indexer => (LibMemberKind::Property, "Item".to_owned()),
        MemberKind::Event => (LibMemberKind::Event, data.name.to_string()),
        _ => return out,
    };
    if data.modifiers.contains(Modifiers::STATIC) {
        return out;
    }
    let shape_of = |m: MemberId| Shape {
        kind,
        name: name.clone(),
        type_params: data.type_params.len(),
        params: member_signature(db, m)
            .params
            .iter()
            .map(|(ty, modifier)| param_id(db, ty, *modifier))
            .collect(),
    };
    let push = |found: LibMember, out: &mut Vec<LibMember>| {
        if !out.contains(&found) {
            out.push(found);
            for base in library_member_bases(db, found) {
                if !out.contains(&base) {
                    out.push(base);
                }
            }
        }
    };
    // The slot the source chain of overrides fills comes from the first library class above it.
    let root = root_member(db, member);
    if member_ref(db, root).is_some_and(|d| d.modifiers.contains(Modifiers::OVERRIDE)) {
        let shape = shape_of(root);
        let external = base_chain(db, root.ty)
            .0
            .into_iter()
            .find(|t| scope.type_of(db, t).is_some());
        if let Some(base) = external
            && let Some(found) = find_shape(db, &library_members(db, &scope, &base, &name), &shape)
        {
            push(found, &mut out);
        }
    }
    let overridden = overrides(db, member);
    for m in std::iter::once(member).chain(overridden.overridden.iter().copied()) {
        let shape = shape_of(m);
        let explicit = member_signature(db, m).explicit_interface.clone();
        for iface in library_interfaces_of_source(db, &scope, m) {
            if explicit.as_ref().is_some_and(|e| *e != iface) {
                continue;
            }
            if let Some(found) = find_in_interface(db, &scope, &iface, &shape) {
                push(found, &mut out);
            }
        }
    }
    out
}

/// The library interfaces the type of `member` declares, directly or through the interfaces it
/// declares (not those of its base classes: a class maps those only when it re-declares them).
fn library_interfaces_of_source(db: &dyn Db, scope: &LibraryDefs, member: MemberId) -> Vec<Ty> {
    let mut queue: Vec<Ty> = type_bases(db, member.ty).interfaces.clone();
    let mut out: Vec<Ty> = Vec::new();
    let mut i = 0;
    while i < queue.len() && i < 256 {
        let iface = queue[i].clone();
        i += 1;
        match &iface {
            Ty::Source(id, args) => queue.extend(
                type_bases(db, *id)
                    .interfaces
                    .iter()
                    .map(|t| t.substitute(args)),
            ),
            // Metadata lists an interface's bases flattened.
            Ty::Library(..) if scope.type_of(db, &iface).is_some() && !out.contains(&iface) => {
                queue.extend(library_interfaces(db, scope, &iface));
                out.push(iface);
            }
            _ => {}
        }
    }
    out
}
