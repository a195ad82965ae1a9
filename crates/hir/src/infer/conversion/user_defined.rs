//! User-defined conversions (C# §10.5): the operators of the source types that take part, and the
//! most specific one the compiler applies.
//!
//! The operators considered are those of `S0` and its base classes and of `T0` (an explicit
//! conversion also those of `T0`'s base classes), `S0`/`T0` being `S`/`T` without `?` (§10.5.4,
//! §10.5.5): `(bool) value` of a `JValue : JToken` finds `JToken`'s `explicit operator bool(JToken)`,
//! while `new JValue(flag)` never converts `flag` to a `JValue` through `JToken`'s
//! `implicit operator JToken(bool?)`. An operator from a non-nullable value type to another is also
//! taken lifted, `S? → T?`. Among the applicable ones the compiler takes the one from the most
//! specific source type to the most specific target type, preferring the operator as declared over
//! its lifted form; none when that is not one operator (the conversion is ambiguous).

use rustc_hash::FxHashSet;

use super::{is_value_type, numeric_conv, supertypes};
use crate::{
    base_db::Db,
    def_map::{TypeDecl, TypeId, def_map},
    hierarchy::{base_chain_ref, base_class_of},
    item_tree::file_item_tree,
    library::ScopedDb,
    lookup::{self, own_members},
    symbols::{MemberId, member_signature},
    ty::Ty,
};

/// The operator names a conversion looks up (`op_Explicit` only for an explicit one).
const OPERATORS: [&str; 2] = ["op_Implicit", "op_Explicit"];

/// One applicable operator, as it converts: its parameter and return types (with the declaring
/// type's arguments, lifted to `?` for a lifted form).
struct Applicable {
    member: MemberId,
    param: Ty,
    ret: Ty,
    lifted: bool,
}

/// The user-defined conversion operators (`implicit`, and with `explicit` also `explicit` ones) that
/// convert `from` into `to` through standard conversions on either side.
pub(crate) fn user_conversions(
    sdb: &ScopedDb<'_>,
    from: &Ty,
    to: &Ty,
    explicit: bool,
) -> Vec<MemberId> {
    let mut found: Vec<MemberId> = Vec::new();
    for op in applicable(sdb, from, to, explicit) {
        if !found.contains(&op.member) {
            found.push(op.member);
        }
    }
    found
}

/// The user-defined conversion the compiler applies from `from` to `to` (C# §10.5.4, §10.5.5);
/// none when no operator applies or when the most specific one is ambiguous. A cast takes, as
/// Roslyn classifies it, a standard implicit conversion, else a user-defined implicit one, else a
/// built-in explicit one (§10.3: `(Sku) obj` unboxes, whatever `explicit operator Sku(string)`
/// says), and only then a user-defined explicit one.
pub(crate) fn user_conversion(
    sdb: &ScopedDb<'_>,
    from: &Ty,
    to: &Ty,
    explicit: bool,
) -> Option<MemberId> {
    if explicit {
        if standard_conv(sdb, from, to) {
            return None;
        }
        if let Some(op) = user_conversion(sdb, from, to, false) {
            return Some(op);
        }
        if builtin_explicit(sdb, from, to) {
            return None;
        }
    }
    let ops = applicable(sdb, from, to, explicit);
    let params: Vec<&Ty> = ops.iter().map(|op| &op.param).collect();
    let rets: Vec<&Ty> = ops.iter().map(|op| &op.ret).collect();
    let source = most_specific(sdb, from, &params, explicit, Side::Source)?;
    let target = most_specific(sdb, to, &rets, explicit, Side::Target)?;
    let from_to = |lifted: bool| -> Vec<MemberId> {
        ops.iter()
            .filter(|op| op.lifted == lifted && op.param == source && op.ret == target)
            .map(|op| op.member)
            .collect()
    };
    match (from_to(false).as_slice(), from_to(true).as_slice()) {
        ([one], _) | ([], [one]) => Some(*one),
        _ => None,
    }
}

/// The operators of the types §10.5.4/§10.5.5 name that apply from `from` to `to`: an implicit
/// conversion's from a type encompassing `from` to one `to` encompasses, an explicit one's from a
/// type encompassing or encompassed by `from` to one encompassing or encompassed by `to`.
fn applicable(sdb: &ScopedDb<'_>, from: &Ty, to: &Ty, explicit: bool) -> Vec<Applicable> {
    let db = sdb.db();
    if !any_declarer(sdb, from, to, explicit) {
        return Vec::new();
    }
    let declarers = sdb.conversion_declarers(|| conversion_declarers(db));
    let names: &[&str] = if explicit {
        &["op_Explicit", "op_Implicit"]
    } else {
        &["op_Implicit"]
    };
    let applies = |param: &Ty, ret: &Ty| {
        if explicit {
            (standard_conv(sdb, from, param) || standard_conv(sdb, param, from))
                && (standard_conv(sdb, ret, to) || standard_conv(sdb, to, ret))
        } else {
            standard_conv(sdb, from, param) && standard_conv(sdb, ret, to)
        }
    };
    let mut out = Vec::new();
    for decl in declaring_types(sdb, from, to, explicit) {
        let Ty::Source(id, args) = &decl else {
            continue;
        };
        if !declarers.contains(id) {
            continue;
        }
        for name in names {
            for member in own_members(db, *id, name) {
                let sig = member_signature(db, member);
                let (Some((param, _)), Some(ret)) = (sig.params.first(), &sig.ty) else {
                    continue;
                };
                let (param, ret) = (param.substitute(args), ret.substitute(args));
                if applies(&param, &ret) {
                    out.push(Applicable {
                        member,
                        param,
                        ret,
                        lifted: false,
                    });
                } else if is_plain_value_type(sdb, &param) && is_plain_value_type(sdb, &ret) {
                    let (param, ret) = (Ty::Nullable(Box::new(param)), Ty::Nullable(Box::new(ret)));
                    if applies(&param, &ret) {
                        out.push(Applicable {
                            member,
                            param,
                            ret,
                            lifted: true,
                        });
                    }
                }
            }
        }
    }
    out
}

/// The source types that declare a conversion operator: the only ones whose operators
/// [`applicable`] can find. Most code declares none, and overload resolution asks for a
/// user-defined conversion between every pair of unrelated types it meets, each asking for the
/// operators of the source type, its base classes and the target: one set answers for all of them.
/// Built from the same per-type member lookups, so it holds exactly the types where those find an
/// operator; it is equal after an edit that adds or removes no operator, so salsa backdates it and
/// no body binds again because of it.
///
/// Only the types whose declarations' item trees name such an operator are looked up (a type's
/// members are its declarations' item-tree members): the lookups read every member's data, and
/// reading them for every type of the workspace made each edit re-verify hundreds of thousands of
/// memos here, most of a body edit's cost at a million lines. The item trees are what every edit
/// verifies anyway.
#[salsa::tracked(returns(ref))]
fn conversion_declarers(db: &dyn Db) -> FxHashSet<TypeId> {
    let graph = db.workspace().graph(db);
    let mut out = FxHashSet::default();
    for (project, _) in graph.iter() {
        for (id, def) in def_map(db, project).types() {
            if def.decls.iter().any(|decl| names_an_operator(db, decl))
                && OPERATORS
                    .iter()
                    .any(|name| !own_members(db, id, name).is_empty())
            {
                out.insert(id);
            }
        }
    }
    out
}

/// Whether a type declaration's item tree declares a member named like a conversion operator.
fn names_an_operator(db: &dyn Db, decl: &TypeDecl) -> bool {
    let Some(source) = db.source_file(decl.file) else {
        return false;
    };
    let tree = file_item_tree(db, source);
    tree.types[decl.item]
        .members
        .iter()
        .any(|&idx| OPERATORS.contains(&tree.members[idx].name.as_str()))
}

/// Whether a type [`declaring_types`] lists declares an operator, told from the memoized base
/// chains: overload resolution asks for a user-defined conversion between most pairs of types it
/// meets, and most of those pairs have none on either side. Only source types are listed, so
/// between two framework types nothing is read at all.
fn any_declarer(sdb: &ScopedDb<'_>, from: &Ty, to: &Ty, explicit: bool) -> bool {
    let sides = [(underlying(from), true), (underlying(to), explicit)];
    if !sides.iter().any(|(ty, _)| matches!(ty, Ty::Source(..))) {
        return false;
    }
    let db = sdb.db();
    let declarers = sdb.conversion_declarers(|| conversion_declarers(db));
    let declares = |ty: &Ty| matches!(ty, Ty::Source(id, _) if declarers.contains(id));
    !declarers.is_empty()
        && sides.into_iter().any(|(ty, with_bases)| match ty {
            Ty::Source(id, _) => {
                declares(ty) || with_bases && base_chain_ref(db, *id).0.iter().any(declares)
            }
            _ => false,
        })
}

/// `D` of §10.5.4/§10.5.5: `S0` and its base classes, then `T0` (and with `explicit` its base
/// classes), the source types among them once each.
fn declaring_types(sdb: &ScopedDb<'_>, from: &Ty, to: &Ty, explicit: bool) -> Vec<Ty> {
    let mut out: Vec<Ty> = Vec::new();
    for (ty, with_bases) in [(underlying(from), true), (underlying(to), explicit)] {
        let mut current = Some(ty.clone());
        while let Some(ty) = current.take() {
            if !matches!(ty, Ty::Source(..)) || out.len() >= 64 {
                break;
            }
            if with_bases {
                current = base_class_of(sdb, &ty);
            }
            if !out.contains(&ty) {
                out.push(ty);
            }
        }
    }
    out
}

#[derive(Clone, Copy, PartialEq)]
enum Side {
    Source,
    Target,
}

/// `SX` (`Side::Source`) or `TX` (`Side::Target`) of §10.5.4/§10.5.5: `of` itself when an operator
/// converts from (to) it; else, of the types the operators convert from (to), the most encompassed
/// (encompassing) one, an explicit conversion first among those that encompass `of` (are
/// encompassed by it) and else the most encompassing (encompassed) of all.
fn most_specific(
    sdb: &ScopedDb<'_>,
    of: &Ty,
    tys: &[&Ty],
    explicit: bool,
    side: Side,
) -> Option<Ty> {
    if tys.contains(&of) {
        return Some(of.clone());
    }
    // `a` is "more specific" than `b` on this side: encompassed by it for a source, encompassing it
    // for a target.
    let more_specific = |a: &Ty, b: &Ty, side: Side| match side {
        Side::Source => standard_conv(sdb, a, b),
        Side::Target => standard_conv(sdb, b, a),
    };
    let pick = |set: &[&Ty], side: Side| -> Option<Ty> {
        set.iter()
            .find(|a| set.iter().all(|b| more_specific(a, b, side)))
            .map(|a| (*a).clone())
    };
    let near: Vec<&Ty> = tys
        .iter()
        .copied()
        .filter(|t| match side {
            Side::Source => standard_conv(sdb, of, t),
            Side::Target => standard_conv(sdb, t, of),
        })
        .collect();
    if !explicit || near.len() == tys.len() {
        return pick(tys, side);
    }
    if !near.is_empty() {
        return pick(&near, side);
    }
    let flipped = match side {
        Side::Source => Side::Target,
        Side::Target => Side::Source,
    };
    pick(tys, flipped)
}

/// A standard implicit conversion (§10.4.2): identity, numeric, nullable, reference or boxing; no
/// user-defined step. `a` is encompassed by `b` when it converts so.
fn standard_conv(sdb: &ScopedDb<'_>, from: &Ty, to: &Ty) -> bool {
    let db = sdb.db();
    if from == to {
        return true;
    }
    match (from, to) {
        // Implicit nullable conversions: `S → T?` and `S? → T?` where `S → T`.
        (Ty::Nullable(f), Ty::Nullable(t)) => standard_conv(sdb, f, t),
        (f, Ty::Nullable(t)) => standard_conv(sdb, f, t),
        // Boxing an `S?` reaches what boxing an `S` does.
        (Ty::Nullable(f), t) => {
            lookup::is_object(db, t) || (!is_value_type(sdb, t) && supertypes(sdb, f).0.contains(t))
        }
        _ => {
            if let Some(c) = numeric_conv(db, from, to) {
                return c >= super::Conv::Implicit;
            }
            lookup::is_object(db, to) || supertypes(sdb, from).0.contains(to)
        }
    }
}

/// A built-in explicit conversion a user-defined operator could also claim: an explicit numeric one,
/// or one down the type hierarchy (an explicit reference, unboxing or nullable conversion, §10.3:
/// from `object` to `Sku`, from `Sku?` to `Sku`). Operators to or from a base type or an interface
/// cannot be declared, so no other built-in explicit conversion meets one.
fn builtin_explicit(sdb: &ScopedDb<'_>, from: &Ty, to: &Ty) -> bool {
    let (from, to) = (underlying(from), underlying(to));
    numeric_conv(sdb.db(), from, to).is_some() || supertypes(sdb, to).0.contains(from)
}

fn underlying(ty: &Ty) -> &Ty {
    match ty {
        Ty::Nullable(inner) => inner,
        ty => ty,
    }
}

fn is_plain_value_type(sdb: &ScopedDb<'_>, ty: &Ty) -> bool {
    !matches!(ty, Ty::Nullable(_)) && is_value_type(sdb, ty)
}
