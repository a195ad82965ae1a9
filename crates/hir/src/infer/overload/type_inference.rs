//! Method type inference (C# §12.6.3): type arguments fixed from the argument types by unification
//! through supertypes, lambdas typed and method groups resolved in the second phase once their
//! delegate's parameter types are fixed, and the `where` constraints the inferred arguments must
//! satisfy.

use super::{ArgInfo, ArgTy, CandMember, Candidate, GroupMethod, LambdaTyper};
use crate::{
    generics::type_param_bounds,
    infer::{
        conversion::{
            Conv, conv, is_null, is_reference_type, mentions_unknown, same_definition,
            strip_annotation, supertypes, variances,
        },
        known,
    },
    item_tree::Variance,
    library::{KnownType, ScopedDb},
    symbols::member_ref,
    ty::{Ty, TypeParam},
};

/// The second phase of method type inference: a lambda (a method group) whose delegate's parameter
/// types are fixed gives its body's (its method's return) type to the delegate's return type
/// (`Select(x => x.Name)`, `Select(Path.GetFileName)` fix `TResult`).
/// `false` when inference definitely failed: a type argument stays unfixed although every argument
/// it depends on was typed (`Run<T>(Func<Task<T>>)` given a lambda returning a plain `Task`).
pub(super) fn infer_from_lambdas(
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
            if typed[i] || !matches!(arg.ty, ArgTy::Lambda(..) | ArgTy::MethodGroup(_)) {
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
            if let ArgTy::MethodGroup(methods) = &arg.ty {
                // A method group gives the return type of the method overload resolution picks
                // for the delegate's parameter types (§12.6.3.7): `Select(Path.GetFileName)` fixes
                // `TResult` to `string`. Several methods taking them with different return types
                // are left to the later binding (unfixed, never a guess).
                if let Some(result) = group_result(sdb, methods, &fixed) {
                    typed[i] = true;
                    unify(sdb, &ret, &result, method_args);
                    progress = true;
                } else if group_gives_void(sdb, methods, &fixed) {
                    // Its methods return nothing: no inference from it, definitely
                    // (`FromAsync<TResult>(begin, stream.EndWrite, null)` fixes no `TResult`).
                    typed[i] = true;
                }
                continue;
            }
            let Some(expr) = arg.expr else { continue };
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
    // Only where a typed lambda (or method group) took part: the first phase's unification is not
    // complete enough to call a failure definite on its own.
    (0..method_args.len() as u32).all(|m| {
        if method_args[m as usize] != Ty::Unknown {
            return true;
        }
        let deps: Vec<usize> = (0..args.len())
            .filter(|&i| mentions_method_param(&declared[i], m))
            .collect();
        let lambda_typed = deps
            .iter()
            .any(|&i| typed[i] && matches!(args[i].ty, ArgTy::Lambda(..) | ArgTy::MethodGroup(_)));
        !(lambda_typed && deps.iter().all(|&i| typed[i]))
    })
}

/// Whether a method of a group takes a delegate's parameters: each must convert to the method's
/// (identity or, for reference types, contravariantly): `Select(Token.Value)` takes `Value(string)`
/// as a `Func<string, Token>`, never `Value(string, bool)` as a `Func<string, int, Token>`.
pub(super) fn group_method_takes(sdb: &ScopedDb<'_>, method: &GroupMethod, params: &[Ty]) -> bool {
    method.params.len() == params.len()
        && params
            .iter()
            .zip(&method.params)
            .all(|(d, p)| conv(sdb, d, p) != Conv::No)
}

/// The return type every method of a group that takes `params` has, when there is one and it is
/// a known type other than `void`: a type parameter of the enclosing types is one (`T Conv(T)` of
/// a `C<T>` gives `Select` its `TResult = T`); a method's is not, its numbering being the called
/// method's too.
pub(super) fn group_result(
    sdb: &ScopedDb<'_>,
    methods: &[GroupMethod],
    params: &[Ty],
) -> Option<Ty> {
    let mut taking = methods
        .iter()
        .filter(|m| group_method_takes(sdb, m, params));
    let first = taking.next()?.ret.clone()?;
    let same = taking.all(|m| m.ret.as_ref() == Some(&first));
    let open =
        first.any_part(&|t| *t == Ty::Unknown || matches!(t, Ty::TypeParam(p) if p.of_method));
    (same && !open && !first.is_known(sdb.db(), KnownType::Void)).then_some(first)
}

/// Whether the methods of a group that take `params` all return `void` (and one does).
fn group_gives_void(sdb: &ScopedDb<'_>, methods: &[GroupMethod], params: &[Ty]) -> bool {
    let void = Ty::known(sdb.db(), KnownType::Void);
    let mut taking = methods
        .iter()
        .filter(|m| group_method_takes(sdb, m, params))
        .peekable();
    taking.peek().is_some() && taking.all(|m| m.ret.as_ref() == Some(&void))
}

/// Whether the method's type arguments satisfy the type constraints of its `where` clauses: a
/// candidate whose constraints fail is removed (C# §12.6.4.2). A bound or argument the binder cannot
/// tell about keeps the candidate.
/// Whether an argument can give method type parameter `i` its type, through the parameter type
/// `declared` it goes to (§12.6.3.6-7: lambdas and method groups by output types only).
pub(super) fn could_infer(sdb: &ScopedDb<'_>, arg: &ArgInfo, declared: &Ty, i: u32) -> bool {
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

pub(super) fn satisfies_constraints(
    sdb: &ScopedDb<'_>,
    cand: &Candidate,
    method_args: &[Ty],
) -> bool {
    // Only a method's own type parameters have constraints to check here: most candidates have
    // none, and looking the member up for nothing was a query per candidate of every call.
    if cand.method_type_params == 0 {
        return true;
    }
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

/// How a bound constrains a method type argument (§12.6.3.9-11): it is the bound itself (exact),
/// a type the bound converts to (lower), or one that converts to the bound (upper).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BoundKind {
    Exact,
    Lower,
    Upper,
}

/// The bounds inferred for each method type parameter, by index.
pub(super) type Bounds = Vec<Vec<(BoundKind, Ty)>>;

/// Binds the method type parameters in `param` from the argument type: each one that has no type
/// yet takes its first bound.
pub(crate) fn unify(sdb: &ScopedDb<'_>, param: &Ty, arg: &Ty, out: &mut [Ty]) {
    let mut bounds: Bounds = vec![Vec::new(); out.len()];
    infer_bounds(sdb, param, arg, BoundKind::Lower, &mut bounds);
    for (slot, found) in out.iter_mut().zip(bounds) {
        if *slot == Ty::Unknown
            && let Some((_, ty)) = found.into_iter().next()
        {
            *slot = ty;
        }
    }
}

/// Infers bounds for the method type parameters in `param` from a type `arg` given to it, of the
/// kind `kind` (§12.6.3.9-11): an argument's type gives lower bounds, a `ref` or `out` argument's
/// exact ones. Inside a constructed type a type argument that is not known to be a reference type,
/// or goes to an invariant type parameter, gives an exact bound; a contravariant one turns lower
/// into upper and back. A lower bound reaches `IEnumerable<T>` through the argument's supertypes
/// (`List<Product>`, `Lookup : ICommand<Answer>`, arrays).
pub(super) fn infer_bounds(
    sdb: &ScopedDb<'_>,
    param: &Ty,
    arg: &Ty,
    kind: BoundKind,
    out: &mut Bounds,
) {
    use BoundKind::*;
    match (param, arg) {
        (_, Ty::Unknown) => {}
        (
            Ty::TypeParam(TypeParam {
                of_method: true,
                index,
                ..
            }),
            _,
        ) => {
            if let Some(found) = out.get_mut(*index as usize)
                && !is_null(arg)
                && !found.iter().any(|(k, t)| *k == kind && t == arg)
            {
                found.push((kind, arg.clone()));
            }
        }
        (Ty::Array(p, prank), Ty::Array(a, arank)) if prank == arank => {
            let elem = match kind {
                Lower | Upper if is_reference_type(sdb, a) => kind,
                _ => Exact,
            };
            infer_bounds(sdb, p, a, elem, out)
        }
        (Ty::Nullable(p), Ty::Nullable(a)) => infer_bounds(sdb, p, a, Exact, out),
        (Ty::Tuple(ps), Ty::Tuple(as_)) => ps
            .iter()
            .zip(as_)
            .for_each(|(p, a)| infer_bounds(sdb, p, a, kind, out)),
        (Ty::Library(_, pargs) | Ty::Unresolved(_, pargs) | Ty::Source(_, pargs), _)
            if !pargs.is_empty() =>
        {
            let through_supertype = kind == Lower
                && matches!(
                    arg,
                    Ty::Source(..) | Ty::Library(..) | Ty::Unresolved(..) | Ty::Array(..)
                );
            let constructed = if same_definition(param, arg) {
                Some(arg)
            } else if through_supertype {
                supertypes(sdb, arg)
                    .0
                    .iter()
                    .find(|sup| same_definition(param, sup))
            } else {
                None
            };
            let Some(Ty::Library(_, aargs) | Ty::Unresolved(_, aargs) | Ty::Source(_, aargs)) =
                constructed
            else {
                return;
            };
            let variances = if kind == Exact {
                None
            } else {
                variances(sdb, param)
            };
            for (i, (p, a)) in pargs.iter().zip(aargs).enumerate() {
                let inner = match (kind, variances.as_ref().map(|v| v[i])) {
                    (Exact, _) => Exact,
                    _ if !is_reference_type(sdb, a) => Exact,
                    (_, Some(Variance::Covariant)) => kind,
                    (Lower, Some(Variance::Contravariant)) => Upper,
                    (_, Some(Variance::Contravariant)) => Lower,
                    (_, Some(Variance::None)) => Exact,
                    // A type the binder does not know: no tighter bound than the call gives.
                    (_, None) => kind,
                };
                infer_bounds(sdb, p, a, inner, out);
            }
        }
        _ => {}
    }
}

/// Fixes a method type argument from its bounds (§12.6.3.12): of the bounds' types, those every
/// bound admits (an exact bound only itself, a lower bound the types it converts to, an upper
/// bound those that convert to it), and of those the one the others convert to. `None` when no
/// type is left: inference fails and the method is not applicable (MoreLINQ's
/// `Concat<T>(this IEnumerable<T>, T)` given two `IEnumerable<TSource>`: neither `TSource` nor
/// `IEnumerable<TSource>` converts to the other). A conversion the binder cannot tell admits.
pub(super) fn fix(sdb: &ScopedDb<'_>, bounds: &[(BoundKind, Ty)]) -> Option<Ty> {
    let admits = |(kind, bound): &(BoundKind, Ty), c: &Ty| match kind {
        BoundKind::Exact => may_convert(sdb, bound, c) && may_convert(sdb, c, bound),
        BoundKind::Lower => may_convert(sdb, bound, c),
        BoundKind::Upper => may_convert(sdb, c, bound),
    };
    let candidates: Vec<&Ty> = bounds
        .iter()
        .map(|(_, ty)| ty)
        .filter(|c| bounds.iter().all(|b| admits(b, c)))
        .collect();
    candidates
        .iter()
        .find(|c| {
            candidates
                .iter()
                .all(|other| conv(sdb, other, c) >= Conv::Implicit)
        })
        .or(candidates.first())
        .map(|c| (*c).clone())
}

/// Whether a value of type `from` may convert implicitly to `to`, for fixing: a caller's type
/// parameter takes only itself, another type parameter, `null` or `dynamic` (§10.2.12, §10.2.10).
fn may_convert(sdb: &ScopedDb<'_>, from: &Ty, to: &Ty) -> bool {
    // `T?` of an unconstrained `T` is `T` with an annotation (MoreLINQ's `Func<T1?, .., TResult>`).
    let (from, to) = (strip_annotation(sdb, from), strip_annotation(sdb, to));
    let (from, to): (&Ty, &Ty) = (&from, &to);
    if from == to {
        return true;
    }
    if matches!(to, Ty::TypeParam(_))
        && !matches!(from, Ty::TypeParam(_) | Ty::Dynamic)
        && !mentions_unknown(from)
        && !is_null(from)
    {
        return false;
    }
    conv(sdb, from, to) != Conv::No
}

pub(crate) fn mentions_method_param(ty: &Ty, index: u32) -> bool {
    ty.any_part(&|t| matches!(t, Ty::TypeParam(p) if p.of_method && p.index == index))
}

pub(crate) fn has_method_param(ty: &Ty) -> bool {
    ty.any_part(&|t| matches!(t, Ty::TypeParam(p) if p.of_method))
}
