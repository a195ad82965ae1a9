//! Element access `e[args]` (C# §12.8.12): an array's element, or the indexer overload resolution
//! picks among a source type's (through its bases) or a library type's; with a `dynamic` argument,
//! every indexer that applies, bound at run time (`late_bound.rs`).

use smol_str::SmolStr;

use super::{
    Access, Callee, Ctx, UnresolvedReason, Val,
    late_bound::has_dynamic_arg,
    overload::{CandMember, Resolution, resolve_overloads},
};
use crate::generics::type_param_bounds;
use crate::lookup::{declared_type, lookup_members};
use crate::members::member_ref;
use crate::{
    body::{Arg, ExprId},
    ty::Ty,
};

impl Ctx<'_> {
    pub(super) fn infer_index(
        &mut self,
        expr: ExprId,
        receiver: ExprId,
        args: &[Arg],
        access: Access,
    ) -> Val {
        let db = self.db;
        let receiver_ty = self.infer_expr(receiver, None);
        let receiver_ty = match receiver_ty {
            Ty::Nullable(inner) => *inner,
            // The indexers of a `T` are those of what it is bound by (`where T : Token`): a source
            // bound that declares some, else a framework one.
            Ty::TypeParam(param) => {
                let bounds = type_param_bounds(db, self.member, &param);
                let source = bounds
                    .iter()
                    .find(|b| !lookup_members(&self.sdb, b, "this").groups.is_empty())
                    .cloned();
                source
                    .or_else(|| bounds.into_iter().find(|b| matches!(b, Ty::Library(..))))
                    .unwrap_or(Ty::TypeParam(param))
            }
            other => other,
        };
        match &receiver_ty {
            // `d[i]` is bound at run time, and `dynamic` (§12.3.3).
            Ty::Dynamic => {
                self.infer_args_unbound(args);
                Val::Value(Ty::Dynamic)
            }
            Ty::Array(elem, _) => {
                let elem = (**elem).clone();
                self.infer_args_unbound(args);
                Val::Value(elem)
            }
            Ty::Source(..) => {
                let found = lookup_members(&self.sdb, &receiver_ty, "this");
                let infos = self.arg_infos(args);
                // `x[d]` is bound at run time to one of the indexers that apply (§12.8.12.3) and
                // have the accessors the access uses.
                if has_dynamic_arg(&infos) {
                    let (get, set) = match access {
                        Access::Read | Access::Invoke => (true, false),
                        Access::Write => (false, true),
                        Access::ReadWrite | Access::Add | Access::Remove => (true, true),
                    };
                    let candidates: Vec<_> = found
                        .groups
                        .iter()
                        .flat_map(|(decl_ty, members)| {
                            let members: Vec<_> = self
                                .accessible(members)
                                .into_iter()
                                .filter(|&m| {
                                    member_ref(db, m).is_some_and(|data| {
                                        (!get || data.accessors.get) && (!set || data.accessors.set)
                                    })
                                })
                                .collect();
                            self.candidates(decl_ty, &members, false)
                        })
                        .collect();
                    if self.late_bound_members(expr, &candidates, args, &infos) {
                        return Val::Value(Ty::Dynamic);
                    }
                }
                for (decl_ty, members) in &found.groups {
                    let members = self.accessible(members);
                    let candidates = self.candidates(decl_ty, &members, false);
                    match resolve_overloads(&self.sdb, &candidates, &infos, &[]) {
                        Resolution::Bound(applied) => {
                            let CandMember::Source(member) = candidates[applied.index].member
                            else {
                                continue;
                            };
                            self.accessor_sites(expr, Callee::Member(member), access);
                            let params = applied.arg_params.clone();
                            self.finish_args(args, &infos, &params, &mut []);
                            return Val::Value(declared_type(db, member, decl_ty));
                        }
                        Resolution::Ambiguous => {
                            self.unresolved(
                                expr,
                                SmolStr::new_static("this[]"),
                                UnresolvedReason::Ambiguous,
                            );
                            return Val::Unknown;
                        }
                        Resolution::NoneApplicable => {}
                    }
                }
                // Indexers of framework base types (`List<T>` subclasses), also when the sources
                // declare some: a derived type's indexers remove a base type's only when one of them
                // applies (§12.8.12.3), so `this[string]` of a `Collection<T>` leaves `this[int]`.
                if let Some(from) = &found.external
                    && let Some(ty) = self.library_element(expr, from, args, access)
                {
                    return Val::Value(ty);
                }
                if found.groups.is_empty() {
                    self.infer_args_unbound(args);
                    return Val::Unknown;
                }
                self.unresolved(
                    expr,
                    SmolStr::new_static("this[]"),
                    UnresolvedReason::NotFound,
                );
                Val::Unknown
            }
            other => {
                if let Some(ty) = self.library_element(expr, other, args, access) {
                    return Val::Value(ty);
                }
                self.infer_args_unbound(args);
                Val::Unknown
            }
        }
    }
}
