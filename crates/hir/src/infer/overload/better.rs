//! The better function member (C# §12.6.4.3): better conversions argument by argument (better
//! conversion targets, lambda return types), then the tie-breakers (normal over expanded form,
//! non-generic over generic, more specific parameter types, fewer defaults).

use super::{Applied, ArgInfo, ArgTy, Candidate, LambdaTyper};
use crate::{
    base_db::Db,
    body::ExprId,
    infer::{
        conversion::{Conv, conv, mentions_unknown, strip_annotation},
        known,
    },
    library::{KnownType, ScopedDb},
    ty::Ty,
};

/// Whether `a` is a better function member than `b` for these arguments (C# §12.6.4.3, simplified:
/// no better conversion target through unknown types).
pub(super) fn better(
    sdb: &ScopedDb<'_>,
    a: &Applied,
    b: &Applied,
    (ca, cb): (&Candidate, &Candidate),
    args: &[ArgInfo],
    lambdas: &mut LambdaTyper<'_>,
) -> bool {
    let db = sdb.db();
    let mut strictly = false;
    for (i, arg) in args.iter().enumerate() {
        let (pa, pb) = (
            &strip_annotation(sdb, &a.arg_params[i]),
            &strip_annotation(sdb, &b.arg_params[i]),
        );
        if pa == pb {
            continue;
        }
        let (xa, xb) = (a.convs[i], b.convs[i]);
        let order = if let Some(order) =
            super::lambda_target::lambda_target_order(sdb, arg, pa, pb, lambdas)
        {
            order
        } else if xa == Conv::Exact && xb != Conv::Exact {
            std::cmp::Ordering::Greater
        } else if xb == Conv::Exact && xa != Conv::Exact {
            std::cmp::Ordering::Less
        } else if matches!(arg.ty, ArgTy::Known(_))
            && matches!(xa, Conv::Implicit | Conv::UserDefined)
            && matches!(xb, Conv::Implicit | Conv::UserDefined)
        {
            // Neither conversion is an identity: the better target decides, whether the argument
            // gets there by a standard or a user-defined conversion (§12.6.4.5), so a `HelpText`
            // with `implicit operator string` picks `Write(string)` over `Write(object)`. The
            // targets' own implicit conversion may be user-defined too (§12.6.4.7): `bool?` is the
            // better target than a class with `implicit operator Value(bool)`, which takes `bool?`
            // as well.
            let implicit = |c: Conv| c >= Conv::Implicit || c == Conv::UserDefined;
            let ab = conv(sdb, pa, pb);
            let ba = conv(sdb, pb, pa);
            match (implicit(ab), implicit(ba)) {
                (true, false) => std::cmp::Ordering::Greater,
                (false, true) => std::cmp::Ordering::Less,
                _ if better_numeric(db, pa, pb) => std::cmp::Ordering::Greater,
                _ if better_numeric(db, pb, pa) => std::cmp::Ordering::Less,
                // Neither target converts to the other (`IComparer<string>`, `IComparer`): neither
                // conversion is better, and the other arguments decide (§12.6.4.5). Where the
                // binder cannot tell, it does not guess.
                _ if ab == Conv::No && ba == Conv::No => std::cmp::Ordering::Equal,
                _ => return false,
            }
        } else if let (ArgTy::Lambda(..), Some(expr)) = (&arg.ty, arg.expr)
            && let Some(order) = better_lambda_return(sdb, expr, pa, pb, lambdas)
                .or_else(|| better_lambda_target(sdb, expr, pa, pb, lambdas))
        {
            order
        } else if let ArgTy::MethodGroup(methods) = &arg.ty
            && let Some(order) = better_group_return(sdb, methods, pa, pb)
        {
            order
        } else {
            return false;
        };
        match order {
            std::cmp::Ordering::Greater => strictly = true,
            std::cmp::Ordering::Less => return false,
            std::cmp::Ordering::Equal => {}
        }
    }
    if strictly {
        return true;
    }
    // Tie-breakers on equal parameter types.
    if !a.expanded && b.expanded {
        return true;
    }
    if ca.method_type_params == 0 && cb.method_type_params > 0 {
        return true;
    }
    // The more specific declared parameter types (§12.6.4.7): `Coerce<T>(Func<T, bool>)` beats
    // `Coerce<T, TProperty>(Func<T, TProperty>)` for a `Func<X, bool>`.
    let declared = |c: &Candidate| -> Vec<Ty> { c.params.iter().map(|p| p.ty.clone()).collect() };
    let (da, db_) = (declared(ca), declared(cb));
    if da.len() == db_.len() && !da.is_empty() {
        let mut more = false;
        let mut less = false;
        for (x, y) in da.iter().zip(&db_) {
            match specificity(x, y) {
                std::cmp::Ordering::Greater => more = true,
                std::cmp::Ordering::Less => less = true,
                std::cmp::Ordering::Equal => {}
            }
        }
        if more && !less {
            return true;
        }
        if less {
            return false;
        }
    }
    // Fewer parameters filled by defaults.
    ca.params.len() < cb.params.len() && a.expanded == b.expanded
}

/// For a lambda and two delegate types with the same parameter types, the one whose return type
/// is the better conversion target from the type the lambda's body returns (C# §12.6.4.5):
/// `Sum(p => p.OnHand)` with an `int` body takes `Func<T, int>` over `Func<T, long>`.
fn better_lambda_return(
    sdb: &ScopedDb<'_>,
    lambda: ExprId,
    a: &Ty,
    b: &Ty,
    lambdas: &mut LambdaTyper<'_>,
) -> Option<std::cmp::Ordering> {
    let (params, ya, yb) = same_params_valued(sdb, a, b)?;
    let body = lambdas(lambda, &params)?;
    better_return_target(sdb, &body, &ya, &yb)
}

/// For a lambda and two delegate types with different parameter types (§12.6.4.5): the one it
/// matches exactly (its body, typed with that delegate's parameter types, returns the delegate's
/// return type) and the other not; matching both or neither, the better conversion target, the
/// delegate type that converts to the other and not back: `Func<object, bool>` over
/// `Func<string, bool>`, `Action<object>` over `Action<string>` (contravariance, §18.2.3.3). A
/// void and a valued delegate are [`super::lambda_target::lambda_target_order`]'s question.
fn better_lambda_target(
    sdb: &ScopedDb<'_>,
    lambda: ExprId,
    a: &Ty,
    b: &Ty,
    lambdas: &mut LambdaTyper<'_>,
) -> Option<std::cmp::Ordering> {
    use std::cmp::Ordering;
    let ((params_a, ya), (params_b, yb)) = (
        known::delegate_shape(sdb, a)?,
        known::delegate_shape(sdb, b)?,
    );
    if params_a == params_b || params_a.len() != params_b.len() {
        return None;
    }
    let void = Ty::known(sdb.db(), KnownType::Void);
    let (exact_a, exact_b) = match (ya == void, yb == void) {
        (true, true) => (false, false),
        (false, false) => {
            // A body or return type the binder does not know may or may not match.
            let mut exact = |params: &[Ty], ret: &Ty| {
                lambdas(lambda, params)
                    .filter(|body| !mentions_unknown(body) && !mentions_unknown(ret))
                    .map(|body| conv(sdb, &body, ret) == Conv::Exact)
            };
            (exact(&params_a, &ya)?, exact(&params_b, &yb)?)
        }
        _ => return None,
    };
    match (exact_a, exact_b) {
        (true, false) => return Some(Ordering::Greater),
        (false, true) => return Some(Ordering::Less),
        _ => {}
    }
    match (conv(sdb, a, b), conv(sdb, b, a)) {
        (Conv::Implicit, Conv::No) => Some(Ordering::Greater),
        (Conv::No, Conv::Implicit) => Some(Ordering::Less),
        _ => None,
    }
}

/// For a method group, as for a lambda: the return type of its method that takes the delegates'
/// parameter types is the inferred return type (§12.6.4.5): `Take(Foo)` of an `int Foo()` is
/// `Take(Func<int>)` over `Take(Func<long>)`.
fn better_group_return(
    sdb: &ScopedDb<'_>,
    methods: &[super::GroupMethod],
    a: &Ty,
    b: &Ty,
) -> Option<std::cmp::Ordering> {
    let (params, ya, yb) = same_params_valued(sdb, a, b)?;
    let ret = super::type_inference::group_result(sdb, methods, &params)?;
    better_return_target(sdb, &ret, &ya, &yb)
}

/// The common parameter types and the two return types of delegate types `a` and `b`, when their
/// parameter types are the same and both return a known value.
fn same_params_valued(sdb: &ScopedDb<'_>, a: &Ty, b: &Ty) -> Option<(Vec<Ty>, Ty, Ty)> {
    let ((params_a, ya), (params_b, yb)) = (
        known::delegate_shape(sdb, a)?,
        known::delegate_shape(sdb, b)?,
    );
    let void = Ty::known(sdb.db(), KnownType::Void);
    if params_a != params_b
        || ya == void
        || yb == void
        || mentions_unknown(&ya)
        || mentions_unknown(&yb)
    {
        return None;
    }
    Some((params_a, ya, yb))
}

/// Which of two return types is the better conversion target from `body`, the type a lambda or
/// method group gives back (§12.6.4.5).
fn better_return_target(
    sdb: &ScopedDb<'_>,
    body: &Ty,
    ya: &Ty,
    yb: &Ty,
) -> Option<std::cmp::Ordering> {
    use std::cmp::Ordering;
    let db = sdb.db();
    let (xa, xb) = (conv(sdb, body, ya), conv(sdb, body, yb));
    Some(match (xa, xb) {
        (Conv::Exact, x) if x != Conv::Exact => Ordering::Greater,
        (x, Conv::Exact) if x != Conv::Exact => Ordering::Less,
        (Conv::Implicit, Conv::Implicit) => {
            match (
                conv(sdb, ya, yb) >= Conv::Implicit,
                conv(sdb, yb, ya) >= Conv::Implicit,
            ) {
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                _ if better_numeric(db, ya, yb) => Ordering::Greater,
                _ if better_numeric(db, yb, ya) => Ordering::Less,
                _ => return None,
            }
        }
        (Conv::Implicit, Conv::No) => Ordering::Greater,
        (Conv::No, Conv::Implicit) => Ordering::Less,
        _ => return None,
    })
}

/// Whether `a` is more specific than `b` (§12.6.4.7): a type parameter is less specific than any
/// other type; constructed types compare argument by argument.
fn specificity(a: &Ty, b: &Ty) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    match (a, b) {
        (Ty::TypeParam(_), Ty::TypeParam(_)) => Ordering::Equal,
        (Ty::TypeParam(_), _) => Ordering::Less,
        (_, Ty::TypeParam(_)) => Ordering::Greater,
        (Ty::Source(x, xa), Ty::Source(y, ya)) if x == y => args_specificity(xa, ya),
        (Ty::Library(x, xa), Ty::Library(y, ya)) if x == y => args_specificity(xa, ya),
        (Ty::Unresolved(x, xa), Ty::Unresolved(y, ya)) if x == y => args_specificity(xa, ya),
        (Ty::Tuple(xa), Ty::Tuple(ya)) => args_specificity(xa, ya),
        (Ty::Array(x, _), Ty::Array(y, _))
        | (Ty::Nullable(x), Ty::Nullable(y))
        | (Ty::Pointer(x), Ty::Pointer(y)) => specificity(x, y),
        _ => Ordering::Equal,
    }
}

fn args_specificity(xs: &[Ty], ys: &[Ty]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let (mut more, mut less) = (false, false);
    for (x, y) in xs.iter().zip(ys) {
        match specificity(x, y) {
            Ordering::Greater => more = true,
            Ordering::Less => less = true,
            Ordering::Equal => {}
        }
    }
    match (more, less) {
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        _ => Ordering::Equal,
    }
}

/// Signed beats unsigned in the better-conversion-target rule.
fn better_numeric(db: &dyn Db, a: &Ty, b: &Ty) -> bool {
    use KnownType::*;
    const INTEGERS: [KnownType; 8] = [SByte, Byte, Int16, UInt16, Int32, UInt32, Int64, UInt64];
    matches!(
        (a.which_known(db, &INTEGERS), b.which_known(db, &INTEGERS)),
        (Some(SByte), Some(Byte | UInt16 | UInt32 | UInt64))
            | (Some(Int16), Some(UInt16 | UInt32 | UInt64))
            | (Some(Int32), Some(UInt32 | UInt64))
            | (Some(Int64), Some(UInt64))
    )
}
