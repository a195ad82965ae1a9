//! Rules of the better conversion from an expression (C# §12.6.4.5) that need more than the two
//! conversions: for a lambda, what its body gives.

use std::cmp::Ordering;

use super::{ArgInfo, ArgTy, LambdaReturn, LambdaTyper};
use crate::infer::known;
use crate::{
    library::{KnownType, ScopedDb},
    ty::Ty,
};

/// For a lambda and two delegate types with the same parameter types of which only `a` has a return
/// type, `a` is the better target when the lambda has an inferred return type (§12.6.4.5: "D1 has a
/// return type Y, and D2 is void returning"): `(field, reader) => reader.ReadLayout(field)` takes
/// `Func<TItem, Reader, TRet>` over `Action<TItem, Reader>`. Where the body shows no value without
/// binding it, it is typed with the delegate's parameter types. A body that shows a value also makes
/// such a delegate better than a target that is no delegate (`HandleResult(TResult)` beside
/// `HandleResult(Func<TResult, bool>)`), which a lambda never converts to.
pub(super) fn lambda_target_order(
    sdb: &ScopedDb<'_>,
    arg: &ArgInfo,
    a: &Ty,
    b: &Ty,
    lambdas: &mut LambdaTyper<'_>,
) -> Option<Ordering> {
    let ArgTy::Lambda(_, returns, _) = &arg.ty else {
        return None;
    };
    let db = sdb.db();
    let void = |t: &Ty| t.is_known(db, KnownType::Void);
    // Whether a target is a delegate with a return type; `None` for a target that is no delegate.
    let gives = |t: &Ty| known::delegate_shape(sdb, t).map(|(params, ret)| (params, !void(&ret)));
    let (order, valued, other) = match (gives(a), gives(b)) {
        (Some((params, true)), other) => (Ordering::Greater, params, other),
        (other, Some((params, true))) => (Ordering::Less, params, other),
        _ => return None,
    };
    let has_value = match (returns, other) {
        // A body with a value beats a void delegate, or a target that is no delegate at all.
        (LambdaReturn::ExpressionValue, Some((_, false)) | None) => true,
        // A body that never ends converts to both; the delegate with a return type is better.
        (LambdaReturn::Throws, Some((params, false))) => params == valued,
        // Only an expression body can fit both; the parameter lists must be the same.
        (LambdaReturn::Unknown, Some((params, false))) if params == valued => arg
            .expr
            .and_then(|lambda| lambdas(lambda, &valued))
            .is_some_and(|body| !void(&body)),
        _ => false,
    };
    has_value.then_some(order)
}
