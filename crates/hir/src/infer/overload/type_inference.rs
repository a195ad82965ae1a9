//! Method type inference (C# §12.6.3): type arguments fixed from the argument types by unification
//! through supertypes, lambdas typed and method groups resolved in the second phase once their
//! delegate's parameter types are fixed, and the `where` constraints the inferred arguments must
//! satisfy.

use super::{ArgInfo, ArgTy, CandMember, Candidate, GroupMethod, LambdaTyper};
use crate::{
    generics::type_param_bounds,
    infer::{
        conversion::{Conv, conv, is_null, supertypes},
        known,
    },
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

pub(crate) fn mentions_method_param(ty: &Ty, index: u32) -> bool {
    ty.any_part(&|t| matches!(t, Ty::TypeParam(p) if p.of_method && p.index == index))
}

pub(crate) fn has_method_param(ty: &Ty) -> bool {
    ty.any_part(&|t| matches!(t, Ty::TypeParam(p) if p.of_method))
}
