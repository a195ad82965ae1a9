//! Array covariance (C# §10.2.8, implicit reference conversions): `S[]` converts to `T[]` of the same
//! rank when `S` and `T` are reference types and `S` converts to `T` by an implicit reference
//! conversion, so an `IMetaInit[]` is an `IBehavior[]` and `AddBehaviors(params IBehavior[])` takes
//! it in its normal form.

use super::{Conv, conv};
use crate::{
    library::{ScopedDb, is_value_type},
    ty::Ty,
};

/// The conversion between two array types of different element types; `None` when `from` and `to`
/// are not both arrays of one rank.
pub(super) fn array_conv(sdb: &ScopedDb<'_>, from: &Ty, to: &Ty) -> Option<Conv> {
    let (Ty::Array(se, rank_s), Ty::Array(te, rank_t)) = (from, to) else {
        return None;
    };
    if rank_s != rank_t {
        return Some(Conv::No);
    }
    Some(match conv(sdb, se, te) {
        Conv::Exact => Conv::Implicit,
        // Boxing is no reference conversion: an `int[]` is no `object[]`.
        Conv::Implicit if is_value_type(sdb, se) || is_value_type(sdb, te) => Conv::No,
        Conv::Implicit => Conv::Implicit,
        Conv::UserDefined | Conv::No => Conv::No,
        Conv::Unknown => Conv::Unknown,
    })
}
