//! Member lookup in library types: by name through the base classes (or base interfaces) that the
//! assemblies declare, as C#'s member lookup does (§12.5): a group of non-methods hides what is below.

use std::sync::Arc;

use metadata::{Param, RefKind, TypeKind};
use smol_str::SmolStr;

use crate::{
    base_db::Db,
    item_tree::ParamModifier,
    library::{
        LibType, LibraryDefs, LibraryTy, ScopedDb, library_base, library_defs, library_interfaces,
    },
    ty::Ty,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LibMemberKind {
    /// A method or constructor (`.ctor`), an index into `TypeDef::methods`.
    Method,
    Property,
    Field,
    Event,
}

/// One member of a library type: stable while the library input is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LibMember {
    pub(crate) ty: LibType,
    pub(crate) kind: LibMemberKind,
    pub(crate) idx: u32,
}

/// A library member's shape as the binder uses it: parameters (after the declaring type's type
/// arguments are substituted) and the type it gives.
pub(crate) struct LibSignature {
    pub(crate) name: SmolStr,
    /// Shared with the declared signature when the declaring type has no type arguments: overload
    /// resolution builds a candidate of every overload at every call.
    pub(crate) params: Arc<[ParamInfo]>,
    pub(crate) ret: Ty,
    pub(crate) method_type_params: usize,
}

/// A parameter as overload resolution sees it, of a source or a library method.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ParamInfo {
    pub(crate) name: SmolStr,
    pub(crate) ty: Ty,
    pub(crate) modifier: ParamModifier,
    pub(crate) has_default: bool,
}

/// The members named `name` found from `ty` in the assemblies of `scope`, grouped by the
/// (constructed) type that declares them, most derived first.
pub(crate) fn library_members(
    db: &dyn Db,
    scope: &LibraryDefs,
    ty: &Ty,
    name: &str,
) -> Vec<(Ty, Vec<LibMember>)> {
    let index = scope;
    let mut groups = Vec::new();
    let mut seen: Vec<Ty> = Vec::new();
    let mut queue = vec![ty.clone()];
    let is_interface = index
        .type_of(db, ty)
        .is_some_and(|id| index.type_def(id).kind == TypeKind::Interface);
    let mut i = 0;
    while i < queue.len() && i < 64 {
        let current = queue[i].clone();
        i += 1;
        if seen.contains(&current) {
            continue;
        }
        seen.push(current.clone());
        let Some(id) = index.type_of(db, &current) else {
            continue;
        };
        let own = own_members(index.type_def(id), id, name);
        if !own.is_empty() {
            let only_methods = own.iter().all(|m| m.kind == LibMemberKind::Method);
            groups.push((current.clone(), own));
            if !only_methods {
                break;
            }
        }
        if is_interface {
            queue.extend(library_interfaces(db, scope, &current));
        } else if let Some(base) = library_base(db, scope, &current) {
            queue.push(base);
        }
    }
    // Every interface is also an object (§12.5: `object`'s members are found through interfaces),
    // and methods hide by signature only: `comparer.GetHashCode()` is `object.GetHashCode()` beside
    // `IEqualityComparer<T>.GetHashCode(T)`, a last level after the interfaces'.
    let only_methods = groups
        .iter()
        .all(|(_, members)| members.iter().all(|m| m.kind == LibMemberKind::Method));
    if is_interface && only_methods && name != ".ctor" {
        let object = library_members(db, scope, &Ty::object(db), name);
        if groups.is_empty() {
            return object;
        }
        groups.extend(
            object
                .into_iter()
                .filter(|(_, members)| members.iter().all(|m| m.kind == LibMemberKind::Method)),
        );
    }
    groups
}

fn own_members(def: &metadata::TypeDef, id: LibType, name: &str) -> Vec<LibMember> {
    let member = |kind, idx: usize| LibMember {
        ty: id,
        kind,
        idx: idx as u32,
    };
    // An override is not a candidate beside the member it overrides (§12.6.4.1): lookup finds the
    // virtual member where it was introduced, and the call names it, as the compiler's does
    // (`fileStream.Write(..)` calls `Stream.Write`).
    let is_override = |m: &metadata::Method| m.is_virtual && !m.is_new_slot;
    let overrides_accessor = |i: Option<u32>| {
        i.and_then(|i| def.methods().get(i as usize))
            .is_some_and(is_override)
    };
    let mut out = Vec::new();
    for (i, m) in def.methods().iter().enumerate() {
        // Accessors are reached through their property or event; explicit implementations only
        // through the interface (their metadata names hold a dot).
        let accessor = m.is_special_name && m.name != ".ctor" && !m.name.starts_with("op_");
        if m.name == name && !accessor && !is_override(m) {
            out.push(member(LibMemberKind::Method, i));
        }
    }
    for (i, p) in def.properties().iter().enumerate() {
        if p.name == name && p.params.is_empty() && !overrides_accessor(p.getter.or(p.setter)) {
            out.push(member(LibMemberKind::Property, i));
        }
    }
    for (i, f) in def.fields().iter().enumerate() {
        if f.name == name {
            out.push(member(LibMemberKind::Field, i));
        }
    }
    for (i, e) in def.events().iter().enumerate() {
        if e.name == name {
            out.push(member(LibMemberKind::Event, i));
        }
    }
    out
}

/// The indexers of a library type and its bases in `scope`, the most derived type's first.
pub(crate) fn library_indexers(
    db: &dyn Db,
    scope: &LibraryDefs,
    ty: &Ty,
) -> Vec<(Ty, Vec<LibMember>)> {
    let index = scope;
    let mut groups = Vec::new();
    let mut current = Some(ty.clone());
    let mut depth = 0;
    while let Some(cur) = current.take() {
        depth += 1;
        let Some(id) = index.type_of(db, &cur).filter(|_| depth < 32) else {
            break;
        };
        let def = index.type_def(id);
        let own: Vec<LibMember> = def
            .properties()
            .iter()
            .enumerate()
            // Explicit implementations (`IList.Item`) are reached only through their interface.
            .filter(|(_, p)| !p.params.is_empty() && !p.name.contains('.'))
            .map(|(i, _)| LibMember {
                ty: id,
                kind: LibMemberKind::Property,
                idx: i as u32,
            })
            .collect();
        // A base type's indexers stay candidates where the derived type's do not apply
        // (§12.8.12.3): `WebHeaderCollection`'s `this[HttpResponseHeader]` leaves
        // `NameValueCollection`'s `this[string]`.
        if !own.is_empty() {
            groups.push((cur.clone(), own));
        }
        current = if def.kind == TypeKind::Interface {
            library_interfaces(db, scope, &cur)
                .into_iter()
                .find(|i| !library_indexers(db, scope, i).is_empty())
        } else {
            library_base(db, scope, &cur)
        };
    }
    groups
}

/// The signature of a member found in `decl` (the constructed type that declares it).
pub(crate) fn library_signature(db: &dyn Db, decl: &Ty, member: LibMember) -> LibSignature {
    let declared = declared_of(db, member);
    let args = decl_args(db, decl);
    LibSignature {
        name: declared.name.clone(),
        params: substituted_params(&declared, &args),
        ret: declared_return(&declared, decl, &args),
        method_type_params: declared.method_type_params,
    }
}

/// The parameters of [`library_signature`] alone and how many type parameters the method
/// declares: what an overload candidate needs.
pub(crate) fn library_params(
    sdb: &ScopedDb<'_>,
    decl: &Ty,
    member: LibMember,
) -> (Arc<[ParamInfo]>, usize) {
    let db = sdb.db();
    let declared = declared_in(db, sdb.workspace_libs(), member);
    let params = substituted_params(&declared, &decl_args(db, decl));
    (params, declared.method_type_params)
}

/// The declared parameters with the declaring type's arguments substituted, shared when there are
/// none.
fn substituted_params(declared: &DeclaredSignature, args: &[Ty]) -> Arc<[ParamInfo]> {
    match args.is_empty() {
        true => declared.params.clone(),
        false => (declared.params.iter())
            .map(|p| ParamInfo {
                ty: p.ty.substitute(args),
                ..p.clone()
            })
            .collect(),
    }
}

/// The return type of [`library_signature`] alone: what most callers read, without the
/// parameters substituted.
pub(crate) fn library_return(db: &dyn Db, decl: &Ty, member: LibMember) -> Ty {
    declared_return(&declared_of(db, member), decl, &decl_args(db, decl))
}

fn declared_of(db: &dyn Db, member: LibMember) -> Arc<DeclaredSignature> {
    declared_in(db, &library_defs(db), member)
}

/// [`declared_of`] with the workspace's definitions at hand: asking the database for them costs
/// more than the signature's cache lookup.
fn declared_in(db: &dyn Db, index: &LibraryDefs, member: LibMember) -> Arc<DeclaredSignature> {
    index.declared_signature(member, || declared_signature(db, index, member))
}

/// The type arguments of the (constructed) type a member is found in.
fn decl_args<'t>(db: &dyn Db, decl: &'t Ty) -> std::borrow::Cow<'t, [Ty]> {
    crate::library::named(db, decl)
        .map(|(_, a)| a)
        .unwrap_or_default()
}

fn declared_return(declared: &DeclaredSignature, decl: &Ty, args: &[Ty]) -> Ty {
    declared
        .ret
        .as_ref()
        .map_or_else(|| decl.clone(), |ret| ret.substitute(args))
}

/// A member's signature as its assembly declares it, the declaring type's parameters unsubstituted:
/// the same for every use of the member, so [`LibraryDefs`] keeps it once converted (converting
/// interns every named type of the signature, and overload resolution asks for the signature of
/// every candidate at every call).
#[derive(Debug)]
pub(crate) struct DeclaredSignature {
    name: SmolStr,
    params: Arc<[ParamInfo]>,
    /// `None` for an enum's constant, whose type is the (constructed) type it is found in.
    ret: Option<Ty>,
    method_type_params: usize,
}

fn declared_signature(db: &dyn Db, index: &LibraryDefs, member: LibMember) -> DeclaredSignature {
    let def = index.type_def(member.ty);
    let params = |conv: &LibraryTy<'_>, params: &[Param]| {
        params
            .iter()
            .map(|p| ParamInfo {
                name: p.name.clone(),
                ty: conv.convert(&p.ty),
                modifier: modifier(p),
                has_default: p.is_optional || p.default.is_some(),
            })
            .collect()
    };
    match member.kind {
        LibMemberKind::Method => {
            let m = &def.methods()[member.idx as usize];
            let conv = LibraryTy::new(db, def, Some(m));
            DeclaredSignature {
                name: m.name.clone(),
                params: params(&conv, &m.params),
                ret: Some(conv.convert(&m.ret)),
                method_type_params: m.generic_params.len(),
            }
        }
        LibMemberKind::Property => {
            let p = &def.properties()[member.idx as usize];
            let conv = LibraryTy::new(db, def, None);
            DeclaredSignature {
                name: p.name.clone(),
                params: params(&conv, &p.params),
                ret: Some(conv.convert(&p.ty)),
                method_type_params: 0,
            }
        }
        LibMemberKind::Field => {
            let f = &def.fields()[member.idx as usize];
            let ret = (def.kind != TypeKind::Enum || !f.is_literal)
                .then(|| LibraryTy::new(db, def, None).convert(&f.ty));
            DeclaredSignature {
                name: f.name.clone(),
                params: Arc::new([]),
                ret,
                method_type_params: 0,
            }
        }
        LibMemberKind::Event => {
            let e = &def.events()[member.idx as usize];
            DeclaredSignature {
                name: e.name.clone(),
                params: Arc::new([]),
                ret: Some(LibraryTy::new(db, def, None).convert(&e.ty)),
                method_type_params: 0,
            }
        }
    }
}

fn modifier(p: &Param) -> ParamModifier {
    match p.ref_kind {
        _ if p.is_params => ParamModifier::Params,
        RefKind::None => ParamModifier::None,
        RefKind::Ref => ParamModifier::Ref,
        RefKind::Out => ParamModifier::Out,
        RefKind::In => ParamModifier::In,
        RefKind::RefReadonly => ParamModifier::RefReadonly,
    }
}

/// The parameter types and return type of a library delegate type (those of its `Invoke`).
pub(crate) fn library_delegate_shape(sdb: &ScopedDb<'_>, ty: &Ty) -> Option<(Vec<Ty>, Ty)> {
    let db = sdb.db();
    let index = sdb.libs();
    let id = sdb.library_type(ty)?;
    let def = index.type_def(id);
    if def.kind != TypeKind::Delegate {
        return None;
    }
    let invoke = def.methods().iter().position(|m| m.name == "Invoke")?;
    let member = LibMember {
        ty: id,
        kind: LibMemberKind::Method,
        idx: invoke as u32,
    };
    let declared = declared_in(db, sdb.workspace_libs(), member);
    let args = decl_args(db, ty);
    let params = (declared.params.iter()).map(|p| p.ty.substitute(&args));
    Some((params.collect(), declared_return(&declared, ty, &args)))
}

/// Whether a library method's inferred type arguments satisfy its `where` constraints: `class`,
/// `struct` and the constraint types (`converts` says whether a type converts to a bound). A bound
/// that mentions a type parameter the binder cannot substitute keeps the candidate, as an argument it
/// could not type does.
pub(crate) fn library_constraints_hold(
    sdb: &ScopedDb<'_>,
    member: LibMember,
    method_args: &[Ty],
    converts: &dyn Fn(&Ty, &Ty) -> bool,
) -> bool {
    let db = sdb.db();
    if member.kind != LibMemberKind::Method {
        return true;
    }
    let index = library_defs(db);
    let def = index.type_def(member.ty);
    let method = &def.methods()[member.idx as usize];
    let conv = LibraryTy::new(db, def, Some(method));
    method.generic_params.iter().enumerate().all(|(i, param)| {
        let Some(arg) = method_args.get(i).filter(|a| **a != Ty::Unknown) else {
            return true;
        };
        let is_value = match arg {
            Ty::Source(..)
            | Ty::Library(..)
            | Ty::Unresolved(..)
            | Ty::Nullable(_)
            | Ty::Tuple(_) => {
                Some(crate::library::is_value_type(sdb, arg) && !matches!(arg, Ty::Nullable(_)))
            }
            Ty::Array(..) => Some(false),
            _ => None,
        };
        if param.value_type && is_value == Some(false)
            || param.reference_type && is_value == Some(true)
        {
            return false;
        }
        param
            .constraints
            .iter()
            .map(|c| conv.convert(c).substitute_method(method_args))
            .filter(|bound| !bound.is_open())
            .all(|bound| converts(arg, &bound))
    })
}
