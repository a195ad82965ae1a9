//! Rules of the better conversion from an expression (C# §12.6.4.5) that need more than the two
//! conversions: for a lambda, what its body gives.

use std::cmp::Ordering;

use super::{
    known,
    overload::{ArgInfo, ArgTy, LambdaReturn, LambdaTyper},
};
use crate::{
    library::{KnownType, ScopedDb},
    ty::Ty,
};

/// For a lambda and two delegate types with the same parameter types of which only `a` has a return
/// type, `a` is the better target when the lambda has an inferred return type (§12.6.4.5: "D1 has a
/// return type Y, and D2 is void returning"): `(field, reader) => reader.ReadLayout(field)` takes
/// `Func<TItem, Reader, TRet>` over `Action<TItem, Reader>`. Where the body shows no value without
/// binding it, it is typed with the delegate's parameter types.
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
    let ((params_a, ret_a), (params_b, ret_b)) = (
        known::delegate_shape(sdb, a)?,
        known::delegate_shape(sdb, b)?,
    );
    let void = |t: &Ty| t.is_known(db, KnownType::Void);
    let (order, params) = match (void(&ret_a), void(&ret_b)) {
        (false, true) => (Ordering::Greater, params_a),
        (true, false) => (Ordering::Less, params_b),
        _ => return None,
    };
    let has_value = match returns {
        LambdaReturn::ExpressionValue => true,
        // Only an expression body can fit both; the parameter lists must be the same.
        LambdaReturn::Unknown if same_parameters(sdb, a, b) => arg
            .expr
            .and_then(|lambda| lambdas(lambda, &params))
            .is_some_and(|body| !void(&body)),
        _ => false,
    };
    has_value.then_some(order)
}

/// Whether two delegate types have identical parameter lists (open parts, which method type
/// inference fixed from the same arguments, count as the same).
fn same_parameters(sdb: &ScopedDb<'_>, a: &Ty, b: &Ty) -> bool {
    match (known::delegate_shape(sdb, a), known::delegate_shape(sdb, b)) {
        (Some((pa, _)), Some((pb, _))) => pa == pb,
        _ => false,
    }
}
