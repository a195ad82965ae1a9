//! Method groups used as values (C# §10.8): a reference to the one method a delegate type (or the
//! parameter count) selects, bound once the parameter it is passed to is known.

use super::{
    CallKind, Callee, Ctx, Group, UnresolvedReason,
    conversion::{self},
    external, known,
    overload::{ArgInfo, ArgTy, CandMember, Candidate, GroupMethod, Resolution, resolve_overloads},
};
use crate::{
    body::ExprId,
    item_tree::ParamModifier,
    library::LibMember,
    symbols::{MemberId, member_signature},
    ty::Ty,
};

impl Ctx<'_> {
    /// The signatures of a method group's methods, as the receiver's type sees them.
    pub(super) fn group_signatures(&self, group: &Group) -> Vec<GroupMethod> {
        let db = self.db;
        let source = group.levels.iter().flat_map(|(decl_ty, members)| {
            let decl_args = match decl_ty {
                Ty::Source(_, args) => args.clone(),
                _ => Vec::new(),
            };
            // An extension method's `this` is no parameter of the delegate.
            self.candidates(decl_ty, members, *decl_ty == Ty::Unknown)
                .into_iter()
                .map(move |c| {
                    let ret = match c.member {
                        CandMember::Source(m) if c.method_type_params == 0 => {
                            member_signature(db, m)
                                .ty
                                .as_ref()
                                .map(|t| t.substitute(&decl_args))
                        }
                        _ => None,
                    };
                    (c, ret)
                })
        });
        let library = group.library.iter().flat_map(|(decl_ty, members)| {
            members.iter().map(|&m| {
                // An extension method's `this` (its level's declaring type unknown) is none of the
                // delegate's parameters.
                let c = external::library_candidate(&self.sdb, decl_ty, m, *decl_ty == Ty::Unknown);
                let ret = (c.method_type_params == 0)
                    .then(|| crate::library::library_return(db, decl_ty, m));
                (c, ret)
            })
        });
        let mut signatures: Vec<GroupMethod> = source
            .chain(library)
            .map(|(c, ret)| GroupMethod {
                params: c.params.iter().map(|p| p.ty.clone()).collect(),
                ret,
            })
            .collect();
        // A delegate the group's own methods do not take may take one of its extension methods.
        if let Some(extensions) = &group.extensions {
            signatures.extend(self.group_signatures(extensions));
        }
        signatures
    }

    /// A method group passed as an argument, bound against the parameter type it went to (or, for
    /// a call that bound nothing, against nothing).
    pub(super) fn finish_group_arg(&mut self, expr: ExprId, param: Option<&Ty>) {
        if let Some(i) = self.pending_groups.iter().position(|(e, _)| *e == expr) {
            let (_, group) = self.pending_groups.swap_remove(i);
            self.method_group(expr, &group, param);
        }
    }

    /// A method group used as a value: a reference to the one method it can mean. Its candidates
    /// are those an invocation with the delegate's parameter types would have (§10.8): accessible
    /// ones (§12.6.4.1) whose parameters those types convert to, and a type's methods hide its base
    /// types' (the lookup's levels, most derived first: the first level with a fitting method is
    /// the one the group means, as a base class's `private static` twin of a helper is not).
    pub(super) fn method_group(&mut self, expr: ExprId, group: &Group, expected: Option<&Ty>) {
        let shape = expected.and_then(|t| known::delegate_shape(&self.sdb, t));
        // An extension method's level (an unknown declaring type) has its `this` besides.
        let fits = |decl_ty: &Ty, m: MemberId| {
            let Some((params, _)) = &shape else {
                return true;
            };
            let this = usize::from(*decl_ty == Ty::Unknown);
            let decl_args = match decl_ty {
                Ty::Source(_, args) => args.as_slice(),
                _ => &[],
            };
            let sig = member_signature(self.db, m);
            sig.params.len() == params.len() + this
                && self.params_convert(
                    params,
                    sig.params
                        .iter()
                        .skip(this)
                        .map(|(to, _)| to.substitute(decl_args)),
                )
        };
        let (decl_ty, fitting) = group
            .levels
            .iter()
            .map(|(decl_ty, members)| {
                let fitting: Vec<MemberId> = self
                    .accessible(members)
                    .into_iter()
                    .filter(|&m| fits(decl_ty, m))
                    .collect();
                (decl_ty.clone(), fitting)
            })
            .find(|(_, level)| !level.is_empty())
            .unwrap_or((Ty::Unknown, Vec::new()));
        // Several fit: the best for arguments of the delegate's parameter types, as a call's
        // overload resolution picks it (`Func<int, int> f = Succ` takes `Succ(int)` over
        // `Succ(long)`).
        let best = match (&shape, fitting.as_slice()) {
            (Some((params, _)), [_, _, ..]) => {
                let candidates = self.candidates(&decl_ty, &fitting, decl_ty == Ty::Unknown);
                self.best_for_delegate(&candidates, params, &group.type_args)
                    .map(|i| &fitting[i])
            }
            _ => None,
        };
        let params = shape.as_ref().map(|(p, _)| p.as_slice());
        match (best, fitting.as_slice()) {
            // Without the delegate type, the group's own method is no better a guess than an
            // extension method of its name.
            (None, [_]) if shape.is_none() && group.extensions.is_some() => {
                self.unresolved(expr, group.name.clone(), UnresolvedReason::Ambiguous)
            }
            (Some(one), _) | (None, [one]) => {
                self.site(expr, Callee::Member(*one), CallKind::MethodGroup)
            }
            (None, []) => {
                if !self.library_method_group(expr, group, params)
                    && let Some(extensions) = &group.extensions
                {
                    self.method_group(expr, extensions, expected);
                }
            }
            (None, _) => self.unresolved(expr, group.name.clone(), UnresolvedReason::Ambiguous),
        }
    }

    /// Of several methods that take a delegate's parameter types, the index of the one overload
    /// resolution picks for arguments of those types (§10.8), if one is best.
    fn best_for_delegate(
        &self,
        candidates: &[Candidate],
        params: &[Ty],
        type_args: &[Ty],
    ) -> Option<usize> {
        let infos: Vec<ArgInfo> = params
            .iter()
            .map(|p| ArgInfo {
                bounds: self.arg_bounds(p),
                ..ArgInfo::implicit(ArgTy::Known(p.clone()), ParamModifier::None)
            })
            .collect();
        match resolve_overloads(&self.sdb, candidates, &infos, type_args) {
            Resolution::Bound(applied) => Some(applied.index),
            _ => None,
        }
    }

    /// Whether the delegate's parameter types convert to a method's parameters, one for one (§10.8).
    fn params_convert<T: std::borrow::Borrow<Ty>>(
        &self,
        params: &[Ty],
        to: impl ExactSizeIterator<Item = T>,
    ) -> bool {
        to.len() == params.len()
            && to.zip(params).all(|(to, from)| {
                conversion::conv(&self.sdb, from, to.borrow()) >= conversion::Conv::Unknown
            })
    }

    /// A library method named without being called (`SleepAsync = Task.Delay`): a reference to the
    /// method of the group the delegate's parameter types select: of the most derived level with
    /// methods that take them, the one that fits, or the best of several (`s.Equals` as a
    /// `Func<string, bool>` is `Equals(string)`, not `Equals(object)`). Whether any method fits.
    pub(super) fn library_method_group(
        &mut self,
        expr: ExprId,
        group: &Group,
        params: Option<&[Ty]>,
    ) -> bool {
        let db = self.db;
        // The delegate's parameter types must convert to the method's (§10.8), an extension
        // method's after its `this`.
        let fits = |decl: &Ty, m: LibMember| {
            let sig = crate::library::library_signature(db, decl, m);
            let this = usize::from(*decl == Ty::Unknown);
            params.is_none_or(|params| {
                sig.params.len() >= this
                    && self.params_convert(params, sig.params.iter().skip(this).map(|p| &p.ty))
            })
        };
        let Some((decl, fitting)) = group
            .library
            .iter()
            .map(|(decl, m)| {
                let fitting: Vec<LibMember> =
                    m.iter().copied().filter(|&m| fits(decl, m)).collect();
                (decl, fitting)
            })
            .find(|(_, fitting)| !fitting.is_empty())
        else {
            return false;
        };
        let best = match (params, fitting.as_slice()) {
            (Some(params), [_, _, ..]) => {
                let candidates: Vec<Candidate> = fitting
                    .iter()
                    .map(|&m| external::library_candidate(&self.sdb, decl, m, *decl == Ty::Unknown))
                    .collect();
                self.best_for_delegate(&candidates, params, &group.type_args)
                    .map(|i| &fitting[i])
            }
            _ => None,
        };
        match (best, fitting.as_slice()) {
            (Some(one), _) | (None, [one]) => {
                self.site(expr, Callee::Library(*one), CallKind::MethodGroup)
            }
            _ => self.unresolved(expr, group.name.clone(), UnresolvedReason::Ambiguous),
        }
        true
    }
}
