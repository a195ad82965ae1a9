//! Conversions between types (C# §10), as far as the binder can tell: implicit standard ones
//! (identity, numeric, nullable, reference with variance, boxing), the user-defined operators of
//! source types, and the supertypes every reference conversion asks for. Overload resolution ranks
//! candidates by them; binding records the user-defined ones it applies as operator calls.

mod array;
mod user_defined;

use std::borrow::Cow;

use rustc_hash::FxHashSet;

pub(crate) use user_defined::{user_conversion, user_conversions};

use crate::lookup;
use crate::{
    base_db::{Db, ProjectId},
    def_map::TypeId,
    hierarchy::{base_class_of, declared_interfaces_of},
    infer::known,
    item_tree::Variance,
    library::{KnownType, LibTypeId, ScopedDb},
    ty::Ty,
};

/// The type of the `null` literal.
pub(crate) const NULL: &str = "<null>";

/// The type of the `null` literal: an unresolved name no assembly can declare.
pub(crate) fn null_ty() -> Ty {
    Ty::Unresolved(smol_str::SmolStr::new_static(NULL), Vec::new())
}

pub(crate) fn is_null(ty: &Ty) -> bool {
    matches!(ty, Ty::Unresolved(n, _) if n == NULL)
}

/// Whether `ty` is an enum type, of the sources or of an assembly.
pub(crate) fn is_enum(sdb: &ScopedDb<'_>, ty: &Ty) -> bool {
    match ty {
        Ty::Source(id, _) => {
            crate::lookup::type_kind(sdb.db(), *id) == crate::item_tree::TypeKind::Enum
        }
        Ty::Library(..) => matches!(
            crate::library::library_kind(sdb, ty),
            Some(metadata::TypeKind::Enum)
        ),
        _ => false,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Conv {
    No,
    /// Only through a user-defined `implicit operator`. Applicable; which overload is better is the
    /// targets' question, as for standard conversions.
    UserDefined,
    /// The binder lacks the facts to tell.
    Unknown,
    Implicit,
    Exact,
}

/// Implicit numeric conversions (C# §10.2.3), `None` when either side is not numeric.
pub(crate) fn numeric_conv(db: &dyn Db, from: &Ty, to: &Ty) -> Option<Conv> {
    use KnownType::*;
    const NUMERIC: [KnownType; 12] = [
        SByte, Byte, Int16, UInt16, Int32, UInt32, Int64, UInt64, Char, Single, Double, Decimal,
    ];
    let (Some(from), Some(to)) = (from.which_known(db, &NUMERIC), to.which_known(db, &NUMERIC))
    else {
        return None;
    };
    let targets: &[KnownType] = match from {
        SByte => &[Int16, Int32, Int64, Single, Double, Decimal],
        Byte => &[
            Int16, UInt16, Int32, UInt32, Int64, UInt64, Single, Double, Decimal,
        ],
        Int16 => &[Int32, Int64, Single, Double, Decimal],
        UInt16 | Char => &[
            UInt16, Int32, UInt32, Int64, UInt64, Single, Double, Decimal,
        ],
        Int32 => &[Int64, Single, Double, Decimal],
        UInt32 => &[Int64, UInt64, Single, Double, Decimal],
        Int64 | UInt64 => &[Single, Double, Decimal],
        Single => &[Double],
        _ => &[],
    };
    Some(if targets.contains(&to) {
        Conv::Implicit
    } else {
        Conv::No
    })
}

/// Every base class and interface of a type, transitively, and whether all of them are known (no
/// external type outside the table of well-known types on the way), as the asking project's
/// assemblies tell. Memoized per type and project: every conversion an overload resolution tries
/// asks it, and its cost grows with the depth of the hierarchy, so unmemoized it made binding grow
/// faster than the code.
pub(crate) fn supertypes<'db>(sdb: &ScopedDb<'db>, ty: &Ty) -> &'db (Vec<Ty>, bool) {
    let db = sdb.db();
    sdb.supertypes(ty, || {
        supertypes_query(db, SupertypesKey::new(db, ty, sdb.viewer()))
    })
}

#[salsa::interned(revisions = usize::MAX)]
struct SupertypesKey<'db> {
    #[returns(ref)]
    ty: Ty,
    project: Option<ProjectId>,
}

#[salsa::tracked(returns(ref))]
fn supertypes_query<'db>(db: &'db dyn Db, key: SupertypesKey<'db>) -> (Vec<Ty>, bool) {
    let ty = key.ty(db);
    let sdb = &ScopedDb::for_project(db, *key.project(db));
    let mut out: Vec<Ty> = Vec::new();
    let mut seen: FxHashSet<Ty> = FxHashSet::default();
    let mut complete = true;
    let mut queue = vec![ty.clone()];
    if let Ty::Array(elem, _) = ty {
        let e = (**elem).clone();
        queue.push(Ty::known(db, KnownType::Array));
        for generic in [KnownType::IListOfT, KnownType::IReadOnlyListOfT] {
            queue.push(generic.ty(db, vec![e.clone()]));
        }
    }
    let mut i = 0;
    while i < queue.len() && out.len() < 256 {
        let current = queue[i].clone();
        i += 1;
        if !seen.insert(current.clone()) {
            continue;
        }
        match &current {
            Ty::Source(..) => {}
            Ty::Library(..) => {
                if sdb.library_type(&current).is_none() && !known::is_predefined(db, &current) {
                    complete = false;
                }
            }
            Ty::Array(..) => {}
            _ => complete = false,
        }
        queue.extend(base_class_of(sdb, &current));
        queue.extend(declared_interfaces_of(sdb, &current));
        out.push(current);
    }
    (out, complete)
}

/// `string?` is `string` to the binder: a nullable annotation on a reference type (or on a type
/// parameter) changes no conversion; `int?` is `Nullable<int>` and stays, and `Nullable<int>`
/// written out is `int?`. Borrowed unless it is the last (every conversion asks it of both sides,
/// and most types are neither).
pub(crate) fn strip_annotation<'a>(sdb: &ScopedDb<'_>, ty: &'a Ty) -> Cow<'a, Ty> {
    let db = sdb.db();
    match ty {
        Ty::Nullable(inner) if !is_value_type(sdb, inner) && **inner != Ty::Unknown => {
            Cow::Borrowed(&**inner)
        }
        _ => match ty.known_args(db, KnownType::Nullable) {
            Some([inner]) => Cow::Owned(Ty::Nullable(Box::new(inner.clone()))),
            _ => Cow::Borrowed(ty),
        },
    }
}

/// The implicit conversion from `from` to `to`, as far as the binder can tell.
pub(crate) fn conv(sdb: &ScopedDb<'_>, from: &Ty, to: &Ty) -> Conv {
    let db = sdb.db();
    let (from, to) = (strip_annotation(sdb, from), strip_annotation(sdb, to));
    let (from, to): (&Ty, &Ty) = (&from, &to);
    if from == to {
        return Conv::Exact;
    }
    match (from, to) {
        (Ty::Unknown, _) | (_, Ty::Unknown) | (Ty::TypeParam(_), _) | (_, Ty::TypeParam(_)) => {
            return Conv::Unknown;
        }
        (from, _) if is_null(from) => {
            return if is_value_type(sdb, to) && !matches!(to, Ty::Nullable(_)) {
                Conv::No
            } else {
                Conv::Implicit
            };
        }
        // `dynamic` and `object` are one type to conversions (§10.2.2); an expression of type
        // `dynamic` converts implicitly to any type (§10.2.10), any type to `dynamic` as to
        // `object`.
        (Ty::Dynamic, _) if lookup::is_object(db, to) => return Conv::Exact,
        (Ty::Dynamic, _) => return Conv::Implicit,
        (_, Ty::Dynamic) if lookup::is_object(db, from) => return Conv::Exact,
        (_, Ty::Dynamic) => return conv(sdb, from, &Ty::object(db)),
        (_, Ty::Nullable(inner)) => {
            let inner_from = match from {
                Ty::Nullable(f) => f,
                f => f,
            };
            return match conv(sdb, inner_from, inner) {
                Conv::Exact => Conv::Implicit,
                Conv::No | Conv::UserDefined => user_defined_or_no(sdb, from, to),
                c => c,
            };
        }
        // `S?` converts implicitly only by boxing (to what boxing an `S` reaches) or by an operator
        // taking `S?`: never to `S` itself nor by a numeric conversion of `S` (§10.2).
        (Ty::Nullable(f), _) => {
            if lookup::is_object(db, to) {
                return Conv::Implicit;
            }
            return match conv(sdb, f, to) {
                Conv::Implicit if !is_value_type(sdb, to) => Conv::Implicit,
                Conv::Unknown => Conv::Unknown,
                // Roslyn lifts a user-defined conversion from `S` to `S?` towards a type that holds
                // null (a class; a nullable target is the arm above); to a struct it is explicit.
                Conv::UserDefined if !is_value_type(sdb, to) => Conv::UserDefined,
                _ => user_defined_or_no(sdb, from, to),
            };
        }
        _ => {}
    }
    if lookup::is_object(db, to) {
        return Conv::Implicit;
    }
    if let Some(c) = numeric_conv(db, from, to) {
        return c;
    }
    // An implicit tuple conversion (§10.2.13): element by element, `(int, string)` to `(long,
    // string)`.
    if let (Ty::Tuple(fs), Ty::Tuple(ts)) = (from, to)
        && fs.len() == ts.len()
    {
        let worst = fs.iter().zip(ts).map(|(f, t)| conv(sdb, f, t)).min();
        return worst.map_or(Conv::Implicit, |c| c.min(Conv::Implicit));
    }
    if let Some(c) = array::array_conv(sdb, from, to) {
        return c;
    }
    if to.is_open() || from.is_open() {
        // Compare by the generic definitions only, but that no variance conversion goes through a
        // type parameter not known to be a reference type.
        let (sups, complete) = supertypes(sdb, from);
        let mut same = sups.iter().filter(|s| same_definition(s, to)).peekable();
        if same.peek().is_some() {
            return if same.any(|s| !variance_needs_plain_type_param(sdb, s, to)) {
                Conv::Implicit
            } else {
                Conv::No
            };
        }
        return if *complete { Conv::No } else { Conv::Unknown };
    }
    let (sups, complete) = supertypes(sdb, from);
    if sups.contains(to) {
        return Conv::Implicit;
    }
    if let Some(c) = sups
        .iter()
        .filter(|s| same_definition(s, to))
        .map(|s| variance_conv(sdb, s, to))
        .max()
    {
        return c;
    }
    if user_defined_or_no(sdb, from, to) == Conv::UserDefined {
        Conv::UserDefined
    } else if framework_implicit(db, from, to) {
        Conv::Implicit
    } else if *complete {
        // Every supertype of `from` is known and none is `to`. Only a user-defined conversion
        // declared by a framework type could still apply; the common ones are listed in
        // `framework_implicit`, so overloads on unrelated framework types (`Stream` vs `TextReader`)
        // tell apart instead of staying ambiguous.
        Conv::No
    } else {
        Conv::Unknown
    }
}

/// `UserDefined` when a user-defined implicit conversion applies from `from` to `to`, else `No`.
fn user_defined_or_no(sdb: &ScopedDb<'_>, from: &Ty, to: &Ty) -> Conv {
    if user_conversions(sdb, from, to, false).is_empty() {
        Conv::No
    } else {
        Conv::UserDefined
    }
}

/// A value of a type parameter converts implicitly to `object`, to its constraint types and to what
/// they convert to (C# §10.2.12), and to nothing else a signature names without type parameters.
/// `bounds` holds the constraints of the type parameters it depends on too (`Ctx::arg_bounds`), so
/// a type parameter among them adds nothing towards a closed `to`.
pub(crate) fn type_param_conv(sdb: &ScopedDb<'_>, bounds: &[Ty], to: &Ty) -> Conv {
    if to.is_open() || matches!(to, Ty::Unresolved(..)) {
        return Conv::Unknown;
    }
    if lookup::is_object(sdb.db(), to) {
        return Conv::Implicit;
    }
    bounds
        .iter()
        .map(|bound| match bound {
            Ty::TypeParam(_) => Conv::No,
            _ => match conv(sdb, bound, to) {
                Conv::Exact => Conv::Implicit,
                Conv::UserDefined => Conv::No,
                c => c,
            },
        })
        .fold(Conv::No, Conv::max)
}

/// `G<A..>` to `G<B..>`, two constructions of one generic type (C# §18.2.3.3): each argument pair is
/// the same type, or, for an `out` parameter, `A` converts to `B` by an implicit reference conversion
/// (for `in`, `B` to `A`); `List<Order>` is an `IEnumerable<object>` but not an `IEnumerable<string>`,
/// nor is `IEnumerable<int>` an `IEnumerable<object>` (boxing is no reference conversion).
fn variance_conv(sdb: &ScopedDb<'_>, from: &Ty, to: &Ty) -> Conv {
    let Some(args) = variant_args(sdb, from, to) else {
        return Conv::Unknown;
    };
    let mut result = Conv::Implicit;
    for (a, b, variance) in args {
        let c = if strip_annotation(sdb, a) == strip_annotation(sdb, b) {
            Conv::Implicit
        } else if mentions_unknown(a) || mentions_unknown(b) {
            Conv::Unknown
        } else {
            match variance {
                Variance::None => Conv::No,
                Variance::Covariant => reference_conv(sdb, a, b),
                Variance::Contravariant => reference_conv(sdb, b, a),
            }
        };
        result = result.min(c);
    }
    result
}

/// Whether converting `from` to `to` (one generic definition) needs, at a variant type argument
/// that differs, a reference conversion from a type parameter that is not a reference type: there
/// is none (§10.2.12: to `object` it is boxed), so no variance conversion (§18.2.3.3):
/// `Func<TValue>` is no `Func<object>` for an unconstrained `TValue`.
fn variance_needs_plain_type_param(sdb: &ScopedDb<'_>, from: &Ty, to: &Ty) -> bool {
    let Some(args) = variant_args(sdb, from, to) else {
        return false;
    };
    args.into_iter().any(|(a, b, variance)| {
        let (a, b) = (strip_annotation(sdb, a), strip_annotation(sdb, b));
        a != b
            && match variance {
                Variance::None => false,
                Variance::Covariant => sdb.is_plain_type_param(&a),
                Variance::Contravariant => sdb.is_plain_type_param(&b),
            }
    })
}

/// Each type argument of `from` and `to` (constructions of one source or library definition) with
/// the variance of its parameter; `None` when the binder does not know them.
fn variant_args<'t>(
    sdb: &ScopedDb<'_>,
    from: &'t Ty,
    to: &'t Ty,
) -> Option<Vec<(&'t Ty, &'t Ty, Variance)>> {
    let (from_args, to_args) = match (from, to) {
        (Ty::Source(_, f), Ty::Source(_, t)) | (Ty::Library(_, f), Ty::Library(_, t)) => (f, t),
        _ => return None,
    };
    let variances = variances(sdb, to)?;
    Some(
        from_args
            .iter()
            .zip(to_args)
            .zip(variances)
            .map(|((a, b), v)| (a, b, v))
            .collect(),
    )
}

/// The variance of each type argument of a generic source or library type (containers' first, as
/// `Ty` lists them); `None` when the binder does not know the type.
pub(crate) fn variances(sdb: &ScopedDb<'_>, ty: &Ty) -> Option<Vec<Variance>> {
    let (variances, args) = match ty {
        Ty::Source(id, args) => {
            let own = crate::resolve::type_param_variances(sdb.db(), *id);
            // Containers' type parameters come first and are invariant.
            let mut all = vec![Variance::None; args.len().saturating_sub(own.len())];
            all.extend(own);
            (all, args)
        }
        Ty::Library(_, args) => (crate::library::library_variances(sdb, ty)?, args),
        _ => return None,
    };
    (variances.len() == args.len()).then_some(variances)
}

/// Whether a type is known to be a reference type (a class, interface, delegate or array type):
/// only then does variance apply to it (§18.2.3.3) and method type inference infer a bound other
/// than an exact one through a variant type parameter (§12.6.3.10).
pub(crate) fn is_reference_type(sdb: &ScopedDb<'_>, ty: &Ty) -> bool {
    let ty: &Ty = &strip_annotation(sdb, ty);
    match ty {
        // An anonymous type is a class (§12.8.17.7).
        Ty::Array(..) | Ty::Dynamic | Ty::Anonymous(_) => true,
        Ty::Source(id, _) => !lookup::type_kind(sdb.db(), *id).is_value_type(),
        Ty::Library(..) => matches!(
            crate::library::library_kind(sdb, ty),
            Some(
                metadata::TypeKind::Class
                    | metadata::TypeKind::Interface
                    | metadata::TypeKind::Delegate
            )
        ),
        _ => false,
    }
}

/// An implicit reference conversion from `a` to `b` (no boxing, numeric or user-defined step).
fn reference_conv(sdb: &ScopedDb<'_>, a: &Ty, b: &Ty) -> Conv {
    match conv(sdb, a, b) {
        Conv::Exact => Conv::Implicit,
        Conv::Implicit if is_value_type(sdb, a) => Conv::No,
        Conv::UserDefined => Conv::No,
        c => c,
    }
}

/// Implicit conversions that framework types declare and code relies on in overloads.
fn framework_implicit(db: &dyn Db, from: &Ty, to: &Ty) -> bool {
    let Some((target, targs)) = to.written_name(db) else {
        return false;
    };
    match from {
        _ if from.is_known(db, KnownType::String) => {
            matches!(
                target,
                "System.Xml.Linq.XName" | "System.Xml.Linq.XNamespace"
            ) || (matches!(target, "System.ReadOnlySpan" | "System.ReadOnlyMemory")
                && targs
                    .first()
                    .is_some_and(|t| t.is_known(db, KnownType::Char)))
        }
        Ty::Array(elem, 1) => {
            matches!(
                target,
                "System.Span"
                    | "System.ReadOnlySpan"
                    | "System.Memory"
                    | "System.ReadOnlyMemory"
                    | "System.ArraySegment"
            ) && targs.first() == Some(elem)
        }
        _ => false,
    }
}

/// Whether two types are constructions of one generic definition with as many type arguments.
pub(crate) fn same_definition(a: &Ty, b: &Ty) -> bool {
    match (a, b) {
        (Ty::Unresolved(x, xa), Ty::Unresolved(y, ya)) => x == y && xa.len() == ya.len(),
        (Ty::Array(..), Ty::Array(..)) => true,
        _ => Definition::of(a).is_some_and(|d| Definition::of(b) == Some(d)),
    }
}

/// A named type's generic definition: the source or library type and its count of type
/// arguments. A plain key, to compare a type against many (a receiver's supertypes against a
/// family of overloads).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Definition {
    Source(TypeId, usize),
    Library(LibTypeId, usize),
}

impl Definition {
    pub(crate) fn of(ty: &Ty) -> Option<Definition> {
        match ty {
            Ty::Source(id, args) => Some(Definition::Source(*id, args.len())),
            Ty::Library(id, args) => Some(Definition::Library(*id, args.len())),
            _ => None,
        }
    }
}

pub(crate) fn is_value_type(sdb: &ScopedDb<'_>, ty: &Ty) -> bool {
    matches!(ty, Ty::Nullable(_)) || crate::library::is_value_type(sdb, ty)
}

/// Whether a type has a part the binder does not know (a type parameter is known: it is itself).
pub(crate) fn mentions_unknown(ty: &Ty) -> bool {
    ty.any_part(&|t| *t == Ty::Unknown)
}

/// The element type of `new[] { .. }` (C# §12.6.3.15): of the elements' types, the one all the
/// others convert to; `null` elements have none. A user-defined implicit conversion counts
/// (`new[] { value, 1.0 }` with `implicit operator Value(double)` is a `Value[]`) when it leaves
/// one such type.
pub(crate) fn best_common_type(sdb: &crate::library::ScopedDb<'_>, tys: &[Ty]) -> Ty {
    let typed: Vec<&Ty> = tys
        .iter()
        .filter(|t| **t != Ty::Unknown && !is_null(t))
        .collect();
    let all_convert_to = |candidate: &Ty, user_defined: bool| {
        typed.iter().all(|t| {
            let c = conv(sdb, t, candidate);
            c >= Conv::Implicit || (user_defined && c == Conv::UserDefined)
        })
    };
    if let Some(found) = typed.iter().find(|c| all_convert_to(c, false)) {
        return (*found).clone();
    }
    let mut through_user = typed.iter().filter(|c| all_convert_to(c, true));
    match through_user.next() {
        Some(first) if through_user.all(|other| other == first) => (*first).clone(),
        _ => Ty::Unknown,
    }
}
