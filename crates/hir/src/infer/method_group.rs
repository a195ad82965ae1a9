//! Method groups used as values (C# §10.8): a reference to the one method a delegate type (or the
//! parameter count) selects, bound once the parameter it is passed to is known.

use super::{
    CallKind, Callee, Ctx, Group, UnresolvedReason,
    conversion::{self},
    external, known,
    overload::{ArgInfo, ArgTy, CandMember, GroupMethod, Resolution, resolve_overloads},
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
                let c = external::library_candidate(db, decl_ty, m, *decl_ty == Ty::Unknown);
                let ret = (c.method_type_params == 0)
                    .then(|| crate::library::library_signature(db, decl_ty, m).ret);
                (c, ret)
            })
        });
        source
            .chain(library)
            .map(|(c, ret)| GroupMethod {
                params: c.params.into_iter().map(|p| p.ty).collect(),
                ret,
            })
            .collect()
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
                let infos: Vec<ArgInfo> = params
                    .iter()
                    .map(|p| ArgInfo {
                        bounds: self.arg_bounds(p),
                        ..ArgInfo::implicit(ArgTy::Known(p.clone()), ParamModifier::None)
                    })
                    .collect();
                match resolve_overloads(&self.sdb, &candidates, &infos, &group.type_args) {
                    Resolution::Bound(applied) => match candidates[applied.index].member {
                        CandMember::Source(m) => Some(m),
                        CandMember::Library(_) => None,
                    },
                    _ => None,
                }
            }
            _ => None,
        };
        match (best, fitting.as_slice()) {
            (Some(one), _) => self.site(expr, Callee::Member(one), CallKind::MethodGroup),
            (None, [one]) => self.site(expr, Callee::Member(*one), CallKind::MethodGroup),
            (None, []) => {
                self.library_method_group(expr, group, shape.as_ref().map(|(p, _)| p.as_slice()))
            }
            (None, _) => self.unresolved(expr, group.name.clone(), UnresolvedReason::Ambiguous),
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
    /// one method of the group whose parameter count fits the delegate, when one does.
    pub(super) fn library_method_group(
        &mut self,
        expr: ExprId,
        group: &Group,
        params: Option<&[Ty]>,
    ) {
        let db = self.db;
        // The delegate's parameter types must convert to the method's (§10.8), an extension
        // method's after its `this`.
        let fits = |decl: &Ty, m: LibMember| {
            let sig = crate::library::library_signature(db, decl, m);
            let this = usize::from(*decl == Ty::Unknown);
            params.is_none_or(|params| {
                sig.params.len() >= this
                    && self.params_convert(
                        params,
                        sig.params.iter().skip(this).map(|(_, to, _, _)| to),
                    )
            })
        };
        let fitting: Vec<LibMember> = group
            .library
            .iter()
            .flat_map(|(decl, m)| m.iter().copied().filter(move |&m| fits(decl, m)))
            .collect();
        match fitting.as_slice() {
            [one] => self.site(expr, Callee::Library(*one), CallKind::MethodGroup),
            [] => {}
            _ if group.levels.is_empty() => {
                self.unresolved(expr, group.name.clone(), UnresolvedReason::Ambiguous)
            }
            _ => {}
        }
    }
}
