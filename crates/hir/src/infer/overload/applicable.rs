//! Applicability (C# §12.6.4.2): whether a candidate takes the arguments, each argument's slot
//! (named, positional, `params` in expanded form), the method type arguments it needs, and the
//! conversion of every argument to its parameter.

use smallvec::{SmallVec, smallvec};

use super::{
    Applied, ArgInfo, ArgTy, Candidate, GroupMethod, LambdaReturn, LambdaTyper, ParamInfo,
    type_inference::{
        BoundKind, Bounds, could_infer, fix, group_method_takes, has_method_param, infer_bounds,
        infer_from_lambdas, satisfies_constraints, unify,
    },
};
use crate::{
    body::ExprId,
    infer::{
        constant,
        conversion::{
            Conv, conv, is_enum, is_null, mentions_unknown, strip_annotation, type_param_conv,
        },
        known,
    },
    item_tree::ParamModifier,
    library::{KnownType, ScopedDb},
    ty::Ty,
};

/// Whether `cand` (at `index` among the candidates) applies to `args`, and how: each argument's
/// parameter type, the method type arguments, the form (`params` expanded or not) and conversions.
pub(super) fn applicable(
    sdb: &ScopedDb<'_>,
    index: usize,
    cand: &Candidate,
    args: &[ArgInfo],
    type_args: &[Ty],
    lambdas: &mut LambdaTyper<'_>,
) -> Option<Applied> {
    let (slot_of_arg, mut expanded) = arg_slots(&cand.params, args)?;
    let infer = |expanded: bool, lambdas: &mut LambdaTyper<'_>| {
        method_type_args(sdb, cand, args, &slot_of_arg, expanded, type_args, lambdas)
    };
    // Inference in the normal form failing leaves the expanded form to try (§12.6.4.2): MoreLINQ's
    // `subsets.AssertSequenceEqual(new int[0])` with `(this IEnumerable<T>, params T[])` fixes
    // `T = IList<int>` from `int[]` as an element, not `int` as the array.
    let method_args = match infer(expanded, lambdas) {
        Some(method_args) => method_args,
        None if !expanded && takes_params_array(cand, &slot_of_arg) => {
            expanded = true;
            infer(true, lambdas)?
        }
        None => return None,
    };
    if !satisfies_constraints(sdb, cand, &method_args) {
        return None;
    }
    let (arg_params, convs, expanded) = arg_conversions(
        sdb,
        cand,
        args,
        &slot_of_arg,
        expanded,
        &method_args,
        lambdas,
    )?;
    Some(Applied {
        index,
        arg_params,
        method_args,
        expanded,
        convs,
    })
}

/// Whether an argument goes to the candidate's `params` array, which the expanded form may take.
fn takes_params_array(cand: &Candidate, slot_of_arg: &[usize]) -> bool {
    cand.params
        .last()
        .is_some_and(|p| p.modifier == ParamModifier::Params)
        && slot_of_arg.contains(&(cand.params.len() - 1))
}

/// The parameter each argument goes to: inline for the few arguments of most calls, as every
/// candidate of every call gets one.
type Slots = SmallVec<[usize; 8]>;

/// The parameter each argument goes to (by name, by position, or the `params` array), and whether
/// that needs the expanded form; `None` when an argument has no parameter, two fill one, or a
/// parameter without a default is left out.
fn arg_slots(params: &[ParamInfo], args: &[ArgInfo]) -> Option<(Slots, bool)> {
    if !count_fits(params, args) {
        return None;
    }
    let has_params_array = params
        .last()
        .is_some_and(|p| p.modifier == ParamModifier::Params);
    let mut slot_of_arg = Slots::with_capacity(args.len());
    let mut filled: SmallVec<[bool; 8]> = smallvec![false; params.len()];
    let mut expanded = false;
    for (i, arg) in args.iter().enumerate() {
        let slot = match &arg.name {
            Some(name) => params.iter().position(|p| p.name == *name)?,
            None if i < params.len() => {
                if has_params_array && i == params.len() - 1 && args.len() > params.len() {
                    expanded = true;
                }
                i
            }
            None if has_params_array => {
                expanded = true;
                params.len() - 1
            }
            None => return None,
        };
        if filled[slot] && !(expanded && slot == params.len() - 1) {
            return None;
        }
        filled[slot] = true;
        slot_of_arg.push(slot);
    }
    for (slot, param) in params.iter().enumerate() {
        if !filled[slot] && !param.has_default && param.modifier != ParamModifier::Params {
            return None;
        }
    }
    Some((slot_of_arg, expanded))
}

/// What [`arg_slots`] finds of arguments passed by position alone, from their count: most
/// candidates of a call are other overloads, told apart here before any slot is built.
fn count_fits(params: &[ParamInfo], args: &[ArgInfo]) -> bool {
    if args.iter().any(|arg| arg.name.is_some()) {
        return true;
    }
    let is_params = |p: &ParamInfo| p.modifier == ParamModifier::Params;
    (args.len() <= params.len() || params.last().is_some_and(is_params))
        && (params.iter().skip(args.len())).all(|p| p.has_default || is_params(p))
}

/// The method type arguments: as written, else inferred from the argument types (lambdas in the
/// second phase); `None` when inference fails.
fn method_type_args(
    sdb: &ScopedDb<'_>,
    cand: &Candidate,
    args: &[ArgInfo],
    slot_of_arg: &[usize],
    expanded: bool,
    type_args: &[Ty],
    lambdas: &mut LambdaTyper<'_>,
) -> Option<Vec<Ty>> {
    let params = &cand.params;
    let explicit = type_args.len() == cand.method_type_params && !type_args.is_empty();
    if explicit {
        return Some(type_args.to_vec());
    }
    // Nothing to infer: no argument can bind a type parameter the method does not have.
    if cand.method_type_params == 0 {
        return Some(Vec::new());
    }
    let mut method_args = vec![Ty::Unknown; cand.method_type_params];
    // Every argument's bounds, fixed together (§12.6.3.12): of `Pick(1, 2L)`'s `int` and `long`,
    // the one the other converts to.
    let mut bounds: Bounds = vec![Vec::new(); cand.method_type_params];
    for (arg, &slot) in args.iter().zip(slot_of_arg) {
        let param_ty = param_type(&params[slot], expanded && slot == params.len() - 1);
        if let ArgTy::Known(ty) = &arg.ty {
            // A `ref` or `out` argument's type is the parameter's (§12.6.3.7).
            let kind = match arg.modifier {
                ParamModifier::Ref | ParamModifier::Out => BoundKind::Exact,
                _ => BoundKind::Lower,
            };
            infer_bounds(sdb, param_ty, ty, kind, &mut bounds);
        }
    }
    for (slot, found) in method_args.iter_mut().zip(&bounds) {
        if !found.is_empty() {
            *slot = fix(sdb, found)?;
        }
    }
    for (arg, &slot) in args.iter().zip(slot_of_arg) {
        let param_ty = param_type(&params[slot], expanded && slot == params.len() - 1);
        match &arg.ty {
            ArgTy::Known(_) => {}
            // Explicit parameter type inference (§12.6.3.8).
            ArgTy::Lambda(_, _, Some(explicit)) => {
                if let Some((params, _)) = known::delegate_shape(sdb, param_ty) {
                    for (p, e) in params.iter().zip(explicit) {
                        unify(sdb, p, e, &mut method_args);
                    }
                }
            }
            _ => {}
        }
    }
    let declared: Vec<Ty> = slot_of_arg
        .iter()
        .map(|&slot| param_type(&params[slot], expanded && slot == params.len() - 1).clone())
        .collect();
    if !infer_from_lambdas(sdb, args, &declared, &mut method_args, lambdas) {
        return None;
    }
    // A type argument no argument can give stays unfixed and inference fails (§12.6.3.12):
    // `null` gives none (`ToLookup(source, null)` is not LINQ's `ToLookup(source, keySelector)`),
    // nor does an implicitly typed lambda through its delegate's parameter types, only through
    // its return type (`Run(x => F(x))` never infers `Run<T>(Action<Response<T>>)`).
    let unfixable = |i: u32| {
        !args
            .iter()
            .zip(&declared)
            .any(|(a, d)| could_infer(sdb, a, d, i))
    };
    if (0..method_args.len() as u32).any(|i| method_args[i as usize] == Ty::Unknown && unfixable(i))
    {
        return None;
    }
    Some(method_args)
}

/// Each argument's parameter type (method type arguments substituted) and conversion to it, and
/// the form: an argument that does not convert to a `params` array in normal form retries the
/// expanded form. `None` when an argument does not convert or its `ref`/`out` does not match.
fn arg_conversions(
    sdb: &ScopedDb<'_>,
    cand: &Candidate,
    args: &[ArgInfo],
    slot_of_arg: &[usize],
    mut expanded: bool,
    method_args: &[Ty],
    lambdas: &mut LambdaTyper<'_>,
) -> Option<(Vec<Ty>, Vec<Conv>, bool)> {
    let params = &cand.params;
    let mut arg_params = Vec::with_capacity(args.len());
    let mut convs = Vec::with_capacity(args.len());
    for (arg, &slot) in args.iter().zip(slot_of_arg) {
        let param = &params[slot];
        let by_ref = |m: ParamModifier| matches!(m, ParamModifier::Ref | ParamModifier::Out);
        if by_ref(arg.modifier) != by_ref(param.modifier) && !(param.modifier == ParamModifier::In)
        {
            return None;
        }
        let param_ty =
            param_type(param, expanded && slot == params.len() - 1).substitute_method(method_args);
        let conv = arg_conv(sdb, cand, arg, &param_ty, lambdas);
        if conv == Conv::No {
            if param.modifier == ParamModifier::Params && !expanded && args.len() == params.len() {
                // Retry this argument in the expanded form.
                let elem = param_type(param, true);
                // A lambda or a method group converts to the element type only if it is a
                // delegate (§10.7, §10.8): `As(t => t)` is no `As(params Type[])`.
                let elem_ty = elem.substitute_method(method_args);
                let c = match &arg.ty {
                    ArgTy::Known(ty) => argument_conv(sdb, arg, ty, &elem_ty),
                    _ => arg_conv(sdb, cand, arg, &elem_ty, lambdas),
                };
                if c == Conv::No {
                    return None;
                }
                expanded = true;
                convs.push(c);
                arg_params.push(elem_ty);
                continue;
            }
            return None;
        }
        convs.push(conv);
        arg_params.push(param_ty);
    }
    Some((arg_params, convs, expanded))
}

/// The conversion of one argument to its parameter type: a value's (an `int` constant's to any
/// integer type that holds it, a zero's to any enum), a lambda's to a delegate, a method group's.
fn arg_conv(
    sdb: &ScopedDb<'_>,
    cand: &Candidate,
    arg: &ArgInfo,
    param_ty: &Ty,
    lambdas: &mut LambdaTyper<'_>,
) -> Conv {
    let db = sdb.db();
    // A `params` array in normal form takes an array; a single non-array argument means the
    // expanded form.
    let arg_conv = match &arg.ty {
        ArgTy::Known(ty) => match argument_conv(sdb, arg, ty, param_ty) {
            Conv::No
                if arg
                    .int_constant
                    .is_some_and(|v| constant::constant_fits(db, v, ty, param_ty)) =>
            {
                Conv::Implicit
            }
            // The implicit enumeration conversion (§10.2.4): a constant zero converts to every
            // enum type and its nullable form.
            Conv::No if arg.int_constant == Some(0) && is_enum(sdb, strip_nullable(param_ty)) => {
                Conv::Implicit
            }
            c => c,
        },
        ArgTy::Lambda(n, returns, explicit) => {
            match (explicit, known::delegate_shape(sdb, param_ty)) {
                // Explicit parameter types must be the delegate's (§10.7.1).
                (Some(explicit), Some((params, _)))
                    if params.len() == explicit.len()
                        && params.iter().zip(explicit).any(|(p, e)| {
                            !mentions_unknown(p)
                                && !has_method_param(p)
                                && strip_annotation(sdb, p) != strip_annotation(sdb, e)
                        }) =>
                {
                    Conv::No
                }
                _ => match lambda_conv(sdb, param_ty, *n, *returns) {
                    Conv::Implicit if !body_converts(sdb, arg.expr, param_ty, lambdas) => Conv::No,
                    c => c,
                },
            }
        }
        ArgTy::MethodGroup(methods) => method_group_conv(sdb, param_ty, methods),
        ArgTy::Unknown => Conv::Unknown,
    };
    // In a method without type parameters of its own, a type parameter in a parameter type is
    // the caller's, fixed: a value of another type does not convert to it.
    match (&arg.ty, param_ty) {
        (ArgTy::Known(from), Ty::TypeParam(_))
            if cand.method_type_params == 0
                && arg_conv == Conv::Unknown
                && !matches!(from, Ty::TypeParam(_) | Ty::Unknown)
                && !is_null(from) =>
        {
            Conv::No
        }
        _ => arg_conv,
    }
}

fn strip_nullable(ty: &Ty) -> &Ty {
    match ty {
        Ty::Nullable(inner) => inner,
        t => t,
    }
}

fn param_type(param: &ParamInfo, expanded: bool) -> &Ty {
    match (&param.ty, expanded) {
        (Ty::Array(elem, _), true) => elem,
        (ty, _) => ty,
    }
}

fn lambda_conv(sdb: &ScopedDb<'_>, param_ty: &Ty, n: usize, returns: LambdaReturn) -> Conv {
    let db = sdb.db();
    match known::delegate_shape(sdb, param_ty) {
        Some((params, ret)) if params.len() == n => {
            let void = ret.is_known(db, KnownType::Void);
            let task = |generic: bool| {
                let tasks = match generic {
                    true => [KnownType::TaskOfT, KnownType::ValueTaskOfT],
                    false => [KnownType::Task, KnownType::ValueTask],
                };
                ret.which_known(db, &tasks).is_some()
            };
            match (returns, void) {
                (LambdaReturn::Void, false) | (LambdaReturn::BlockValue, true) => Conv::No,
                (LambdaReturn::AsyncVoid, _) if !(void || task(false)) => Conv::No,
                (LambdaReturn::AsyncValue, _) if !task(true) => Conv::No,
                _ => Conv::Implicit,
            }
        }
        Some(_) => Conv::No,
        None => match param_ty {
            Ty::Source(..) | Ty::Array(..) | Ty::Tuple(_) => Conv::No,
            Ty::Library(..)
                if known::is_predefined(db, param_ty) || sdb.library_type(param_ty).is_some() =>
            {
                Conv::No
            }
            _ => Conv::Unknown,
        },
    }
}

fn method_group_conv(sdb: &ScopedDb<'_>, param_ty: &Ty, methods: &[GroupMethod]) -> Conv {
    match known::delegate_shape(sdb, param_ty) {
        Some((params, ret)) => {
            if methods
                .iter()
                .any(|m| group_method_takes(sdb, m, &params) && return_fits(sdb, m, &ret))
            {
                Conv::Unknown
            } else {
                Conv::No
            }
        }
        // Only a delegate type takes a method group; an unknown type may be one.
        None => lambda_conv(sdb, param_ty, usize::MAX, LambdaReturn::Unknown),
    }
}

/// Whether a method's return type fits a delegate's (§20.4): `void` only `void`, a value by an
/// identity or implicit reference conversion, so `int Foo()` is no `Action` and no `Func<object>`
/// (C# 7.3 leaves such a candidate out of overload resolution). An open or unknown type may fit.
fn return_fits(sdb: &ScopedDb<'_>, method: &GroupMethod, ret: &Ty) -> bool {
    let Some(own) = &method.ret else {
        return true;
    };
    if own.is_open() || ret.is_open() {
        return true;
    }
    let db = sdb.db();
    match (
        own.is_known(db, KnownType::Void),
        ret.is_known(db, KnownType::Void),
    ) {
        (true, true) => true,
        (true, false) | (false, true) => false,
        (false, false) => match conv(sdb, own, ret) {
            Conv::Exact | Conv::Unknown => true,
            Conv::Implicit => !crate::infer::conversion::is_value_type(sdb, own),
            _ => false,
        },
    }
}

/// Whether the body of a lambda converts to the return type of a delegate whose parameter and
/// return types are known (§10.7.1): `obj => !(obj is string)` is a `Func<object, bool>`, not a
/// `Func<object, IEnumerable>`. Without the facts it does.
fn body_converts(
    sdb: &ScopedDb<'_>,
    lambda: Option<ExprId>,
    delegate: &Ty,
    lambdas: &mut LambdaTyper<'_>,
) -> bool {
    let db = sdb.db();
    let (Some(lambda), Some((params, ret))) = (lambda, known::delegate_shape(sdb, delegate)) else {
        return true;
    };
    let void = Ty::known(db, KnownType::Void);
    let open = |t: &Ty| mentions_unknown(t) || has_method_param(t);
    if ret == void || open(&ret) || params.iter().any(open) {
        return true;
    }
    match lambdas(lambda, &params) {
        // A library type may declare a conversion the binder does not apply
        // (`DateTimeOffset` from `DateTime`): it does not say no then.
        Some(body) => {
            conv(sdb, &body, &ret) != Conv::No
                || [&body, &ret].iter().any(|t| {
                    !crate::library::library_members(db, sdb.libs(), t, "op_Implicit").is_empty()
                })
        }
        None => true,
    }
}

/// An argument's conversion to a parameter type: a type parameter's through its constraints.
fn argument_conv(sdb: &ScopedDb<'_>, arg: &ArgInfo, from: &Ty, to: &Ty) -> Conv {
    match (conv(sdb, from, to), from) {
        (Conv::Unknown, Ty::TypeParam(_)) => type_param_conv(sdb, &arg.bounds, to),
        (c, _) => c,
    }
}
