//! Overload resolution (C# §12.6.4): which candidate a call binds to, or that the binder cannot
//! tell (then it binds nothing). Applicability is in `applicable.rs`, the better function member in
//! `better.rs`, method type inference in `type_inference.rs`; conversions are `super::conversion`'s.

mod applicable;
mod better;
mod lambda_target;
mod type_inference;

use smol_str::SmolStr;

pub(crate) use self::type_inference::{has_method_param, mentions_method_param, unify};
use self::{applicable::applicable, better::better};
pub(crate) use crate::library::ParamInfo;
use crate::{
    body::ExprId,
    infer::conversion::Conv,
    item_tree::ParamModifier,
    library::{LibMember, ScopedDb},
    symbols::MemberId,
    ty::Ty,
};

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
    /// A method group: the signatures of its methods. It converts only to delegate types whose
    /// `Invoke` parameters one of those methods takes (§10.8).
    MethodGroup(Vec<GroupMethod>),
    /// An `out var`, or an expression the binder could not type.
    Unknown,
}

/// One method of a method group argument, as the receiver's type sees it.
#[derive(Debug, Clone)]
pub(crate) struct GroupMethod {
    pub(crate) params: Vec<Ty>,
    /// Its return type, for output type inference (§12.6.3.7); `None` for a generic method, whose
    /// return type needs its own inference.
    pub(crate) ret: Option<Ty>,
}

/// Whether a lambda returns a value, as far as it shows without binding its body: it decides between
/// `Action<T>` and `Func<T, R>` overloads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LambdaReturn {
    /// A block without `return expr;`, or an expression of type `void`: only void delegates take it.
    Void,
    /// A block with `return expr;`: only delegates with a return type take it.
    BlockValue,
    /// A block that returns no value and whose end is unreachable (`e => { throw e(); }`): every
    /// delegate takes it (§10.7.1), with no return type to infer from; one with a return type is the
    /// better conversion (§12.6.4.5: `Run(() => { throw ..; })` is `Run(Func<int>)`, not `Run(Action)`).
    Throws,
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
    /// Shared with the library signature it comes from where nothing was substituted.
    pub(crate) params: std::sync::Arc<[ParamInfo]>,
    pub(crate) method_type_params: usize,
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

/// The indices of the candidates that accept the arguments (§12.6.4.2), best or not: those a
/// dynamically bound call may run (§12.6.5).
pub(crate) fn applicable_candidates(
    sdb: &ScopedDb<'_>,
    candidates: &[Candidate],
    args: &[ArgInfo],
    type_args: &[Ty],
    lambdas: &mut LambdaTyper<'_>,
) -> Vec<usize> {
    (0..candidates.len())
        .filter(|&i| applicable(sdb, i, &candidates[i], args, type_args, lambdas).is_some())
        .collect()
}

/// Whether an argument's compile-time type is `dynamic`.
pub(crate) fn has_dynamic_arg(infos: &[ArgInfo]) -> bool {
    infos
        .iter()
        .any(|i| matches!(i.ty, ArgTy::Known(Ty::Dynamic)))
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
