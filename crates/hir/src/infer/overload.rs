//! Conversions between types and overload resolution: which candidate a call binds to, or that the
//! binder cannot tell (then it binds nothing).

use rustc_hash::FxHashSet;
use smol_str::SmolStr;

use crate::body::ExprId;

use crate::{
    base_db::{Db, ProjectId},
    generics::type_param_bounds,
    hierarchy::{base_class_of, declared_interfaces_of},
    infer::{known, lookup::own_members},
    item_tree::{ParamModifier, Variance},
    library::{KnownType, LibMember, ScopedDb},
    symbols::{MemberId, member_ref, member_signature},
    ty::{Ty, TypeParam},
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

/// An argument as overload resolution sees it.
#[derive(Debug, Clone)]
pub(crate) struct ArgInfo {
    /// The argument expression, for lambdas whose body inference must type (see [`LambdaTyper`]).
    pub(crate) expr: Option<ExprId>,
    pub(crate) name: Option<SmolStr>,
    pub(crate) ty: ArgTy,
    pub(crate) modifier: ParamModifier,
    /// The value of a constant expression of type `int` or `long`, which converts to the integer
    /// types that hold it (see `constant.rs`).
    pub(crate) int_constant: Option<i64>,
    /// When the argument's type is a type parameter: its constraint types, through which it converts.
    pub(crate) bounds: Vec<Ty>,
}

impl ArgInfo {
    /// An argument no expression of the call wrote (a receiver, an index, an operand, an `out`).
    pub(crate) fn implicit(ty: ArgTy, modifier: ParamModifier) -> ArgInfo {
        ArgInfo {
            expr: None,
            name: None,
            ty,
            modifier,
            int_constant: None,
            bounds: Vec::new(),
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) enum ArgTy {
    Known(Ty),
    /// A lambda with this many parameters, what its body gives back, and its parameters' types
    /// when it writes them all (`(Exception e, Context c) => ..`).
    Lambda(usize, LambdaReturn, Option<Vec<Ty>>),
    /// A method group: the parameter types of its methods. It converts only to delegate types
    /// whose `Invoke` parameters one of those methods takes (§10.8).
    MethodGroup(Vec<Vec<Ty>>),
    /// An `out var`, or an expression the binder could not type.
    Unknown,
}

/// Whether a lambda returns a value, as far as it shows without binding its body: it decides between
/// `Action<T>` and `Func<T, R>` overloads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LambdaReturn {
    /// A block without `return expr;`, or an expression of type `void`: only void delegates take it.
    Void,
    /// A block with `return expr;`: only delegates with a return type take it.
    BlockValue,
    /// An expression with a value (or an `async` lambda): both kinds take it, the one with a return
    /// type is the better conversion.
    ExpressionValue,
    /// An `async` block without `return expr;`: a void, `Task` or `ValueTask` delegate takes it.
    AsyncVoid,
    /// An `async` block with `return expr;`: only a `Task<T>` or `ValueTask<T>` delegate takes it.
    AsyncValue,
    Unknown,
}

/// A candidate method: declared in the sources or in a reference assembly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CandMember {
    Source(MemberId),
    Library(LibMember),
}

/// One candidate's parameters, after substituting the receiver's type arguments.
#[derive(Debug, Clone)]
pub(crate) struct Candidate {
    pub(crate) member: CandMember,
    pub(crate) params: Vec<ParamInfo>,
    pub(crate) method_type_params: usize,
}

#[derive(Debug, Clone)]
pub(crate) struct ParamInfo {
    pub(crate) name: SmolStr,
    pub(crate) ty: Ty,
    pub(crate) modifier: ParamModifier,
    pub(crate) has_default: bool,
}

/// A candidate that accepts the arguments: which parameter each argument goes to (its type after
/// inferring the method's type arguments), and the inferred type arguments.
#[derive(Debug, Clone)]
pub(crate) struct Applied {
    pub(crate) index: usize,
    pub(crate) arg_params: Vec<Ty>,
    pub(crate) method_args: Vec<Ty>,
    pub(crate) expanded: bool,
    pub(crate) convs: Vec<Conv>,
}

pub(crate) enum Resolution {
    Bound(Applied),
    Ambiguous,
    NoneApplicable,
}

/// Types a lambda argument's body with the given parameter types, without recording anything: the
/// second phase of method type inference (§12.6.3.7) needs what a lambda returns.
pub(crate) type LambdaTyper<'a> = dyn FnMut(ExprId, &[Ty]) -> Option<Ty> + 'a;

/// `type_args` are the method type arguments written at the call (`Succeed<A, B>(..)`), or empty when
/// they are to be inferred.
pub(crate) fn resolve_overloads(
    sdb: &ScopedDb<'_>,
    candidates: &[Candidate],
    args: &[ArgInfo],
    type_args: &[Ty],
) -> Resolution {
    resolve_overloads_with(sdb, candidates, args, type_args, &mut |_, _| None)
}

/// [`resolve_overloads`], typing lambda bodies where inference needs their result.
pub(crate) fn resolve_overloads_with(
    sdb: &ScopedDb<'_>,
    candidates: &[Candidate],
    args: &[ArgInfo],
    type_args: &[Ty],
    lambdas: &mut LambdaTyper<'_>,
) -> Resolution {
    let applicable: Vec<Applied> = candidates
        .iter()
        .enumerate()
        .filter_map(|(i, c)| applicable(sdb, i, c, args, type_args, lambdas))
        .collect();
    match applicable.len() {
        0 => Resolution::NoneApplicable,
        1 => Resolution::Bound(applicable.into_iter().next().expect("one element")),
        _ => {
            let best = (0..applicable.len()).find(|&i| {
                let a = &applicable[i];
                (0..applicable.len()).all(|j| {
                    let b = &applicable[j];
                    i == j
                        || better(
                            sdb,
                            a,
                            b,
                            (&candidates[a.index], &candidates[b.index]),
                            args,
                            lambdas,
                        )
                })
            });
            match best {
                Some(i) => Resolution::Bound(applicable[i].clone()),
                None => Resolution::Ambiguous,
            }
        }
    }
}

/// Whether a candidate can take the method type arguments written at the call: as many as it
/// declares, or, without any, all of them inferable.
pub(crate) fn fits_type_args(cand: &Candidate, type_args: &[Ty]) -> bool {
    if type_args.is_empty() {
        infers_every_type_param(cand)
    } else {
        cand.method_type_params == type_args.len()
    }
}

/// Without explicit type arguments, a generic method applies only if inference can find every type
/// argument, which needs each type parameter to occur in some parameter type (`Create<T>(params
/// object[] args)` never applies to `Create(x)`).
pub(crate) fn infers_every_type_param(cand: &Candidate) -> bool {
    (0..cand.method_type_params as u32)
        .all(|i| cand.params.iter().any(|p| mentions_method_param(&p.ty, i)))
}

pub(crate) fn mentions_method_param(ty: &Ty, index: u32) -> bool {
    ty.any_part(&|t| matches!(t, Ty::TypeParam(p) if p.of_method && p.index == index))
}

fn applicable(
    sdb: &ScopedDb<'_>,
    index: usize,
    cand: &Candidate,
    args: &[ArgInfo],
    type_args: &[Ty],
    lambdas: &mut LambdaTyper<'_>,
) -> Option<Applied> {
    let db = sdb.db();
    let params = &cand.params;
    let has_params_array = params
        .last()
        .is_some_and(|p| p.modifier == ParamModifier::Params);
    let mut slot_of_arg: Vec<usize> = Vec::with_capacity(args.len());
    let mut filled = vec![false; params.len()];
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
    // Method type arguments: as written, else inferred from the argument types.
    let explicit = type_args.len() == cand.method_type_params && !type_args.is_empty();
    let mut method_args = if explicit {
        type_args.to_vec()
    } else {
        vec![Ty::Unknown; cand.method_type_params]
    };
    for (arg, &slot) in args.iter().zip(&slot_of_arg) {
        if explicit {
            break;
        }
        let param_ty = param_type(&params[slot], expanded && slot == params.len() - 1);
        match &arg.ty {
            ArgTy::Known(ty) => unify(sdb, &param_ty, ty, &mut method_args),
            // Explicit parameter type inference (§12.6.3.8).
            ArgTy::Lambda(_, _, Some(explicit)) => {
                if let Some((params, _)) = known::delegate_shape(sdb, &param_ty) {
                    for (p, e) in params.iter().zip(explicit) {
                        unify(sdb, p, e, &mut method_args);
                    }
                }
            }
            _ => {}
        }
    }
    if !explicit && cand.method_type_params > 0 {
        let declared: Vec<Ty> = slot_of_arg
            .iter()
            .map(|&slot| param_type(&params[slot], expanded && slot == params.len() - 1))
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
        if (0..method_args.len() as u32)
            .any(|i| method_args[i as usize] == Ty::Unknown && unfixable(i))
        {
            return None;
        }
    }
    if !satisfies_constraints(sdb, cand, &method_args) {
        return None;
    }
    let mut arg_params = Vec::with_capacity(args.len());
    let mut convs = Vec::with_capacity(args.len());
    for (arg, &slot) in args.iter().zip(&slot_of_arg) {
        let param = &params[slot];
        let by_ref = |m: ParamModifier| matches!(m, ParamModifier::Ref | ParamModifier::Out);
        if by_ref(arg.modifier) != by_ref(param.modifier) && !(param.modifier == ParamModifier::In)
        {
            return None;
        }
        let param_ty =
            param_type(param, expanded && slot == params.len() - 1).substitute_method(&method_args);
        // A `params` array in normal form takes an array; a single non-array argument means the
        // expanded form.
        let arg_conv = match &arg.ty {
            ArgTy::Known(ty) => match argument_conv(sdb, arg, ty, &param_ty) {
                Conv::No
                    if arg
                        .int_constant
                        .is_some_and(|v| super::constant::constant_fits(db, v, ty, &param_ty)) =>
                {
                    Conv::Implicit
                }
                c => c,
            },
            ArgTy::Lambda(n, returns, explicit) => {
                match (explicit, known::delegate_shape(sdb, &param_ty)) {
                    // Explicit parameter types must be the delegate's (§10.7.1).
                    (Some(explicit), Some((params, _)))
                        if params.len() == explicit.len()
                            && params.iter().zip(explicit).any(|(p, e)| {
                                !mentions_unknown(p)
                                    && !super::has_method_param(p)
                                    && strip_annotation(sdb, p) != strip_annotation(sdb, e)
                            }) =>
                    {
                        Conv::No
                    }
                    _ => match lambda_conv(sdb, &param_ty, *n, *returns) {
                        Conv::Implicit if !body_converts(sdb, arg.expr, &param_ty, lambdas) => {
                            Conv::No
                        }
                        c => c,
                    },
                }
            }
            ArgTy::MethodGroup(methods) => method_group_conv(sdb, &param_ty, methods),
            ArgTy::Unknown => Conv::Unknown,
        };
        // In a method without type parameters of its own, a type parameter in a parameter type is
        // the caller's, fixed: a value of another type does not convert to it.
        let arg_conv = match (&arg.ty, &param_ty) {
            (ArgTy::Known(from), Ty::TypeParam(_))
                if cand.method_type_params == 0
                    && arg_conv == Conv::Unknown
                    && !matches!(from, Ty::TypeParam(_) | Ty::Unknown)
                    && !is_null(from) =>
            {
                Conv::No
            }
            _ => arg_conv,
        };
        if arg_conv == Conv::No {
            if param.modifier == ParamModifier::Params && !expanded && args.len() == params.len() {
                // Retry this argument in the expanded form.
                let elem = param_type(param, true);
                let c = match &arg.ty {
                    ArgTy::Known(ty) => {
                        argument_conv(sdb, arg, ty, &elem.substitute_method(&method_args))
                    }
                    _ => Conv::Unknown,
                };
                if c == Conv::No {
                    return None;
                }
                expanded = true;
                convs.push(c);
                arg_params.push(elem.substitute_method(&method_args));
                continue;
            }
            return None;
        }
        convs.push(arg_conv);
        arg_params.push(param_ty);
    }
    Some(Applied {
        index,
        arg_params,
        method_args,
        expanded,
        convs,
    })
}

/// The second phase of method type inference: a lambda whose delegate's parameter types are fixed
/// gives its body's type to the delegate's return type (`Select(x => x.Name)` fixes `TResult`).
/// `false` when inference definitely failed: a type argument stays unfixed although every argument
/// it depends on was typed (`Run<T>(Func<Task<T>>)` given a lambda returning a plain `Task`).
fn infer_from_lambdas(
    sdb: &ScopedDb<'_>,
    args: &[ArgInfo],
    declared: &[Ty],
    method_args: &mut [Ty],
    lambdas: &mut LambdaTyper<'_>,
) -> bool {
    let unfixed = |t: &Ty, method_args: &[Ty]| {
        (0..method_args.len() as u32)
            .any(|i| method_args[i as usize] == Ty::Unknown && mentions_method_param(t, i))
    };
    // Which arguments' types are fully known: what inference could not fix from them is not there.
    let mut typed = vec![false; args.len()];
    for (i, arg) in args.iter().enumerate() {
        typed[i] = matches!(&arg.ty, ArgTy::Known(t) if !t.is_open());
    }
    for _round in 0..4 {
        let mut progress = false;
        for (i, arg) in args.iter().enumerate() {
            let (ArgTy::Lambda(..), Some(expr)) = (&arg.ty, arg.expr) else {
                continue;
            };
            if typed[i] {
                continue;
            }
            let Some((params, ret)) = known::delegate_shape(sdb, &declared[i]) else {
                continue;
            };
            if params.iter().any(|p| unfixed(p, method_args)) || !unfixed(&ret, method_args) {
                continue;
            }
            let fixed: Vec<Ty> = params
                .iter()
                .map(|p| p.substitute_method(method_args))
                .collect();
            if let Some(result) = lambdas(expr, &fixed) {
                if !result.is_open() {
                    typed[i] = true;
                }
                // A lambda whose body gives no value has no return type to infer from
                // (§12.6.3.7): `ContinueWith(t => registration.Dispose())` is no `Func<Task, TResult>`.
                if !result.is_known(sdb.db(), KnownType::Void) {
                    unify(sdb, &ret, &result, method_args);
                }
                progress = true;
            }
        }
        if !progress {
            break;
        }
    }
    // Only where a typed lambda took part: the first phase's unification is not complete enough
    // to call a failure definite on its own.
    (0..method_args.len() as u32).all(|m| {
        if method_args[m as usize] != Ty::Unknown {
            return true;
        }
        let deps: Vec<usize> = (0..args.len())
            .filter(|&i| mentions_method_param(&declared[i], m))
            .collect();
        let lambda_typed = deps
            .iter()
            .any(|&i| typed[i] && matches!(args[i].ty, ArgTy::Lambda(..)));
        !(lambda_typed && deps.iter().all(|&i| typed[i]))
    })
}

/// Whether the method's type arguments satisfy the type constraints of its `where` clauses: a
/// candidate whose constraints fail is removed (C# §12.6.4.2). A bound or argument the binder cannot
/// tell about keeps the candidate.
/// Whether an argument can give method type parameter `i` its type, through the parameter type
/// `declared` it goes to (§12.6.3.6-7: lambdas and method groups by output types only).
fn could_infer(sdb: &ScopedDb<'_>, arg: &ArgInfo, declared: &Ty, i: u32) -> bool {
    if !mentions_method_param(declared, i) {
        return false;
    }
    match &arg.ty {
        ArgTy::Known(ty) => !is_null(ty),
        ArgTy::Lambda(_, _, Some(_)) | ArgTy::Unknown => true,
        ArgTy::Lambda(_, _, None) | ArgTy::MethodGroup(_) => {
            match known::delegate_shape(sdb, declared) {
                Some((_, ret)) => mentions_method_param(&ret, i),
                None => true,
            }
        }
    }
}

fn satisfies_constraints(sdb: &ScopedDb<'_>, cand: &Candidate, method_args: &[Ty]) -> bool {
    let db = sdb.db();
    let member = match cand.member {
        CandMember::Source(member) => member,
        CandMember::Library(member) => {
            return crate::library::library_constraints_hold(sdb, member, method_args, &|a, b| {
                conv(sdb, a, b) != Conv::No
            });
        }
    };
    let Some(data) = member_ref(db, member) else {
        return true;
    };
    data.type_params.iter().enumerate().all(|(i, name)| {
        let Some(arg) = method_args.get(i).filter(|a| **a != Ty::Unknown) else {
            return true;
        };
        let param = TypeParam {
            name: name.clone(),
            index: i as u32,
            of_method: true,
        };
        type_param_bounds(db, member, &param)
            .iter()
            .map(|bound| bound.substitute_method(method_args))
            .filter(|bound| !bound.is_open())
            .all(|bound| conv(sdb, arg, &bound) != Conv::No)
    })
}

fn param_type(param: &ParamInfo, expanded: bool) -> Ty {
    match (&param.ty, expanded) {
        (Ty::Array(elem, _), true) => (**elem).clone(),
        (ty, _) => ty.clone(),
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

fn method_group_conv(sdb: &ScopedDb<'_>, param_ty: &Ty, methods: &[Vec<Ty>]) -> Conv {
    match known::delegate_shape(sdb, param_ty) {
        Some((params, _)) => {
            // Each delegate parameter must convert to the method's (identity or, for reference
            // types, contravariantly): `Select(Token.Value)` takes `Value(string)` as a
            // `Func<string, Token>`, never `Value(string, bool)` as a `Func<string, int, Token>`.
            let takes = |method: &Vec<Ty>| {
                method.len() == params.len()
                    && params
                        .iter()
                        .zip(method)
                        .all(|(d, p)| conv(sdb, d, p) != Conv::No)
            };
            if methods.iter().any(takes) {
                Conv::Unknown
            } else {
                Conv::No
            }
        }
        // Only a delegate type takes a method group; an unknown type may be one.
        None => lambda_conv(sdb, param_ty, usize::MAX, LambdaReturn::Unknown),
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
    let open = |t: &Ty| mentions_unknown(t) || super::has_method_param(t);
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
    let db = sdb.db();
    use std::cmp::Ordering;
    let ((params_a, ya), (params_b, yb)) = (
        known::delegate_shape(sdb, a)?,
        known::delegate_shape(sdb, b)?,
    );
    let void = Ty::known(db, KnownType::Void);
    if params_a != params_b
        || ya == void
        || yb == void
        || mentions_unknown(&ya)
        || mentions_unknown(&yb)
    {
        return None;
    }
    let body = lambdas(lambda, &params_a)?;
    let (xa, xb) = (conv(sdb, &body, &ya), conv(sdb, &body, &yb));
    Some(match (xa, xb) {
        (Conv::Exact, x) if x != Conv::Exact => Ordering::Greater,
        (x, Conv::Exact) if x != Conv::Exact => Ordering::Less,
        (Conv::Implicit, Conv::Implicit) => {
            match (
                conv(sdb, &ya, &yb) >= Conv::Implicit,
                conv(sdb, &yb, &ya) >= Conv::Implicit,
            ) {
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                _ if better_numeric(db, &ya, &yb) => Ordering::Greater,
                _ if better_numeric(db, &yb, &ya) => Ordering::Less,
                _ => return None,
            }
        }
        (Conv::Implicit, Conv::No) => Ordering::Greater,
        (Conv::No, Conv::Implicit) => Ordering::Less,
        _ => return None,
    })
}

/// Whether a type has a part the binder does not know (a type parameter is known: it is itself).
fn mentions_unknown(ty: &Ty) -> bool {
    ty.any_part(&|t| *t == Ty::Unknown)
}

/// Whether `a` is a better function member than `b` for these arguments (C# §12.6.4.3, simplified:
/// no better conversion target through unknown types).
fn better(
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
            super::betterness::lambda_target_order(sdb, arg, pa, pb, lambdas)
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
            // with `implicit operator string` picks `Write(string)` over `Write(object)`.
            let ab = conv(sdb, pa, pb);
            let ba = conv(sdb, pb, pa);
            match (ab >= Conv::Implicit, ba >= Conv::Implicit) {
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

/// Binds the method type parameters in `param` from the argument type.
pub(crate) fn unify(sdb: &ScopedDb<'_>, param: &Ty, arg: &Ty, out: &mut [Ty]) {
    match (param, arg) {
        (
            Ty::TypeParam(TypeParam {
                of_method: true,
                index,
                ..
            }),
            _,
        ) => {
            if let Some(slot) = out.get_mut(*index as usize)
                && *slot == Ty::Unknown
                && !is_null(arg)
            {
                *slot = arg.clone();
            }
        }
        (Ty::Array(p, _), Ty::Array(a, _)) | (Ty::Nullable(p), Ty::Nullable(a)) => {
            unify(sdb, p, a, out)
        }
        (Ty::Source(pid, pargs), Ty::Source(aid, aargs)) if pid == aid => {
            pargs
                .iter()
                .zip(aargs)
                .for_each(|(p, a)| unify(sdb, p, a, out));
        }
        (Ty::Library(pn, pargs), Ty::Library(an, aargs)) if pn == an => {
            pargs
                .iter()
                .zip(aargs)
                .for_each(|(p, a)| unify(sdb, p, a, out));
        }
        (Ty::Unresolved(pn, pargs), Ty::Unresolved(an, aargs)) if pn == an => {
            pargs
                .iter()
                .zip(aargs)
                .for_each(|(p, a)| unify(sdb, p, a, out));
        }
        (Ty::Tuple(ps), Ty::Tuple(as_)) => {
            ps.iter().zip(as_).for_each(|(p, a)| unify(sdb, p, a, out))
        }
        (
            Ty::Library(_, pargs) | Ty::Unresolved(_, pargs) | Ty::Source(_, pargs),
            Ty::Source(..) | Ty::Library(..) | Ty::Unresolved(..) | Ty::Array(..),
        ) if !pargs.is_empty() => {
            // `IEnumerable<T>` from `List<Product>`, `ICommand<T>` from `Lookup : ICommand<Answer>`:
            // through the argument's supertypes.
            for sup in &supertypes(sdb, arg).0 {
                let sargs = match (param, &sup) {
                    (Ty::Library(pn, _), Ty::Library(sn, sargs)) if pn == sn => sargs,
                    (Ty::Unresolved(pn, _), Ty::Unresolved(sn, sargs)) if pn == sn => sargs,
                    (Ty::Source(pid, _), Ty::Source(sid, sargs)) if pid == sid => sargs,
                    _ => continue,
                };
                pargs
                    .iter()
                    .zip(sargs)
                    .for_each(|(p, a)| unify(sdb, p, a, out));
                return;
            }
        }
        _ => {}
    }
}

/// Every base class and interface of a type, transitively, and whether all of them are known (no
/// external type outside the table of well-known types on the way), as the asking project's
/// assemblies tell. Memoized per type and project: every conversion an overload resolution tries
/// asks it, and its cost grows with the depth of the hierarchy, so unmemoized it made binding grow
/// faster than the code.
pub(crate) fn supertypes<'db>(sdb: &ScopedDb<'db>, ty: &Ty) -> &'db (Vec<Ty>, bool) {
    let db = sdb.db();
    supertypes_query(db, SupertypesKey::new(db, ty.clone(), sdb.viewer()))
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
/// written out is `int?`.
fn strip_annotation(sdb: &ScopedDb<'_>, ty: &Ty) -> Ty {
    let db = sdb.db();
    match ty {
        Ty::Nullable(inner) if !is_value_type(sdb, inner) && **inner != Ty::Unknown => {
            (**inner).clone()
        }
        _ => match ty.known_args(db, KnownType::Nullable) {
            Some([inner]) => Ty::Nullable(Box::new(inner.clone())),
            _ => ty.clone(),
        },
    }
}

/// The implicit conversion from `from` to `to`, as far as the binder can tell.
pub(crate) fn conv(sdb: &ScopedDb<'_>, from: &Ty, to: &Ty) -> Conv {
    let db = sdb.db();
    let (from, to) = (&strip_annotation(sdb, from), &strip_annotation(sdb, to));
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
        (_, Ty::Nullable(inner)) => {
            let inner_from = match from {
                Ty::Nullable(f) => f,
                f => f,
            };
            return match conv(sdb, inner_from, inner) {
                Conv::Exact => Conv::Implicit,
                c => c,
            };
        }
        (Ty::Nullable(f), _) => {
            return if crate::infer::lookup::is_object(db, to) {
                Conv::Implicit
            } else {
                conv(sdb, f, to).min(Conv::Unknown)
            };
        }
        _ => {}
    }
    if crate::infer::lookup::is_object(db, to) {
        return Conv::Implicit;
    }
    if let Some(c) = known::numeric_conv(db, from, to) {
        return c;
    }
    if let Some(c) = super::array_conv::array_conv(sdb, from, to) {
        return c;
    }
    if to.is_open() || from.is_open() {
        // Compare by the generic definitions only.
        let (sups, complete) = supertypes(sdb, from);
        if sups.iter().any(|s| same_definition(s, to)) {
            return Conv::Implicit;
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
    if !user_conversions(sdb, from, to, false).is_empty() {
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

/// An argument's conversion to a parameter type: a type parameter's through its constraints.
fn argument_conv(sdb: &ScopedDb<'_>, arg: &ArgInfo, from: &Ty, to: &Ty) -> Conv {
    match (conv(sdb, from, to), from) {
        (Conv::Unknown, Ty::TypeParam(_)) => type_param_conv(sdb, &arg.bounds, to),
        (c, _) => c,
    }
}

/// A value of a type parameter converts implicitly to `object`, to its constraint types and to what
/// they convert to (C# §10.2.12), and to nothing else a signature names without type parameters.
fn type_param_conv(sdb: &ScopedDb<'_>, bounds: &[Ty], to: &Ty) -> Conv {
    if to.is_open() || matches!(to, Ty::Unresolved(..)) {
        return Conv::Unknown;
    }
    if crate::infer::lookup::is_object(sdb.db(), to) {
        return Conv::Implicit;
    }
    bounds
        .iter()
        .map(|bound| match bound {
            Ty::TypeParam(_) => Conv::Unknown,
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
    let (from_args, to_args, variances) = match (from, to) {
        (Ty::Source(_, f), Ty::Source(id, t)) => {
            let own = crate::resolve::type_param_variances(sdb.db(), *id);
            // Containers' type parameters come first and are invariant.
            let mut all = vec![Variance::None; t.len().saturating_sub(own.len())];
            all.extend(own);
            (f, t, all)
        }
        (Ty::Library(_, f), Ty::Library(_, t)) => {
            match crate::library::library_variances(sdb, to) {
                Some(v) => (f, t, v),
                None => return Conv::Unknown,
            }
        }
        _ => return Conv::Unknown,
    };
    if variances.len() != to_args.len() {
        return Conv::Unknown;
    }
    let mut result = Conv::Implicit;
    for ((a, b), variance) in from_args.iter().zip(to_args).zip(variances) {
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

/// The user-defined conversion operators (`implicit`, and with `explicit` also `explicit` ones) of the
/// source types `from` or `to` that convert `from` into `to` through standard conversions on either side.
pub(crate) fn user_conversions(
    sdb: &ScopedDb<'_>,
    from: &Ty,
    to: &Ty,
    explicit: bool,
) -> Vec<MemberId> {
    let db = sdb.db();
    let strip = |t: &Ty| match t {
        Ty::Nullable(inner) => (**inner).clone(),
        t => t.clone(),
    };
    let (from, to) = (strip(from), strip(to));
    let names: &[&str] = if explicit {
        &["op_Explicit", "op_Implicit"]
    } else {
        &["op_Implicit"]
    };
    let mut found: Vec<MemberId> = Vec::new();
    for ty in [&from, &to] {
        let Ty::Source(id, args) = ty else { continue };
        for name in names {
            for m in own_members(db, *id, name) {
                let sig = member_signature(db, m);
                let (Some((param, _)), Some(ret)) = (sig.params.first(), &sig.ty) else {
                    continue;
                };
                let (param, ret) = (param.substitute(args), ret.substitute(args));
                // Standard conversions only around the operator (no chains of user-defined ones).
                if standard_conv(sdb, &from, &param)
                    && (ret == to || standard_conv(sdb, &ret, &to))
                    && !found.contains(&m)
                {
                    found.push(m);
                }
            }
        }
        if !found.is_empty() {
            break;
        }
    }
    found
}

/// The user-defined conversion the compiler applies from `from` to `to` (C# §10.5.5): among the
/// applicable operators, the one from the most specific source type (`from` itself, else the most
/// encompassed parameter type) to the most specific target type (`to`, else the most
/// encompassing return type); none when that is not one operator.
pub(crate) fn user_conversion(
    sdb: &ScopedDb<'_>,
    from: &Ty,
    to: &Ty,
    explicit: bool,
) -> Option<MemberId> {
    let db = sdb.db();
    let ops = user_conversions(sdb, from, to, explicit);
    if let [one] = ops.as_slice() {
        return Some(*one);
    }
    let strip = |t: &Ty| match t {
        Ty::Nullable(inner) => (**inner).clone(),
        t => t.clone(),
    };
    let (from, to) = (strip(from), strip(to));
    let shapes: Vec<(MemberId, Ty, Ty)> = ops
        .iter()
        .filter_map(|&m| {
            let sig = member_signature(db, m);
            let args = match (&from, &to) {
                (Ty::Source(id, a), _) if *id == m.ty => a.clone(),
                (_, Ty::Source(id, a)) if *id == m.ty => a.clone(),
                _ => Vec::new(),
            };
            let param = sig.params.first()?.0.substitute(&args);
            let ret = sig.ty.as_ref()?.substitute(&args);
            Some((m, param, ret))
        })
        .collect();
    let params: Vec<&Ty> = shapes.iter().map(|(_, p, _)| p).collect();
    let rets: Vec<&Ty> = shapes.iter().map(|(_, _, r)| r).collect();
    let source = if params.contains(&&from) {
        from.clone()
    } else {
        (*params
            .iter()
            .find(|p| params.iter().all(|q| standard_conv(sdb, p, q)))?)
        .clone()
    };
    let target = if rets.contains(&&to) {
        to.clone()
    } else {
        (*rets
            .iter()
            .find(|r| rets.iter().all(|s| standard_conv(sdb, s, r)))?)
        .clone()
    };
    match shapes
        .iter()
        .filter(|(_, p, r)| *p == source && *r == target)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [(m, _, _)] => Some(*m),
        _ => None,
    }
}

fn standard_conv(sdb: &ScopedDb<'_>, from: &Ty, to: &Ty) -> bool {
    let db = sdb.db();
    if from == to {
        return true;
    }
    if let Some(c) = known::numeric_conv(db, from, to) {
        return c >= Conv::Implicit;
    }
    crate::infer::lookup::is_object(db, to) || supertypes(sdb, from).0.contains(to)
}

fn same_definition(a: &Ty, b: &Ty) -> bool {
    match (a, b) {
        (Ty::Source(x, xa), Ty::Source(y, ya)) => x == y && xa.len() == ya.len(),
        (Ty::Library(x, xa), Ty::Library(y, ya)) => x == y && xa.len() == ya.len(),
        (Ty::Unresolved(x, xa), Ty::Unresolved(y, ya)) => x == y && xa.len() == ya.len(),
        (Ty::Array(..), Ty::Array(..)) => true,
        _ => false,
    }
}

pub(crate) fn is_value_type(sdb: &ScopedDb<'_>, ty: &Ty) -> bool {
    matches!(ty, Ty::Nullable(_)) || crate::ty::is_value_type(sdb, ty)
}
