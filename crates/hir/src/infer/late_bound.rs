//! Dynamically bound invocations (§12.3.3): a call with an argument of type `dynamic` is bound at
//! run time, by the argument's runtime type, to one of the methods that are applicable at compile
//! time when a `dynamic` argument converts to any parameter (§12.6.5). The compiler emits no call
//! of any of them (the IL holds a call site of the runtime binder), so none is an edge; but the
//! call may run each, and an agent deleting one "nobody calls" must see it: every candidate gets a
//! [`CallKind::LateBound`] site. The call's value is `dynamic`, so that a chained call stays
//! late-bound. Constructors and indexers with a `dynamic` argument, and user-defined operators with a
//! `dynamic` operand, are bound at run time the same way.

use super::{
    CallKind, Callee, Ctx, Group, Val,
    call::{is_override, overrides_source_member},
    external::library_candidate,
    overload::{self, ArgInfo, Candidate, has_dynamic_arg},
};
use crate::{
    body::{Arg, ExprId},
    symbols::MemberId,
    ty::Ty,
};

impl Ctx<'_> {
    /// `Foo(d)`: the applicable methods of every level of the group, source and library (the
    /// runtime binder looks the name up on the runtime types, where a base's method a derived
    /// level hides at compile time may be the one that applies), each through the override the
    /// receiver's type declares. `None` when no argument is `dynamic` or no method applies (the
    /// compiler rejects the call; binding goes on as for any other).
    pub(super) fn late_bound_call(
        &mut self,
        callee: ExprId,
        group: &Group,
        args: &[Arg],
        infos: &[ArgInfo],
    ) -> Option<Val> {
        if !has_dynamic_arg(infos) {
            return None;
        }
        let db = self.db;
        let mut callees: Vec<Callee> = Vec::new();
        for (level, (decl_ty, members)) in group.levels.iter().enumerate() {
            // An override is no candidate of its own (§12.6.4.1): the method it overrides is.
            let members: Vec<MemberId> = members
                .iter()
                .copied()
                .filter(|&m| !is_override(db, m) || !overrides_source_member(db, m))
                .collect();
            let candidates = self.level_candidates(decl_ty, &members, &group.type_args);
            for i in self.applicable_of(&candidates, infos, &group.type_args) {
                let member = match candidates[i].member {
                    overload::CandMember::Source(m) => m,
                    overload::CandMember::Library(_) => continue,
                };
                let member = group
                    .override_before(db, level, member)
                    .map_or(member, |(_, m)| m);
                callees.push(Callee::Member(member));
            }
        }
        for (decl, members) in &group.library {
            let candidates: Vec<Candidate> = members
                .iter()
                .map(|&m| library_candidate(&self.sdb, decl, m, false))
                .filter(|c| overload::fits_type_args(c, &group.type_args))
                .collect();
            for i in self.applicable_of(&candidates, infos, &group.type_args) {
                if let overload::CandMember::Library(m) = candidates[i].member {
                    callees.push(Callee::Library(m));
                }
            }
        }
        self.late_bound_sites(callee, callees, args)
            .then_some(Val::Value(Ty::Dynamic))
    }

    /// `new C(d)`, `x[d]` or `x + d`: the applicable constructors of `C`, indexers of `x`'s type or
    /// user-defined operators of the operands' types, source or library, as for a method
    /// (§12.8.17.2, §12.8.12.3, §12.4.5); a creation's value is a `C` all the same, an element
    /// access's or an operation's is `dynamic`. Whether any applies.
    pub(super) fn late_bound_members(
        &mut self,
        site: ExprId,
        candidates: &[Candidate],
        args: &[Arg],
        infos: &[ArgInfo],
    ) -> bool {
        if !has_dynamic_arg(infos) {
            return false;
        }
        let callees = self
            .applicable_of(candidates, infos, &[])
            .into_iter()
            .map(|i| match candidates[i].member {
                overload::CandMember::Source(m) => Callee::Member(m),
                overload::CandMember::Library(m) => Callee::Library(m),
            })
            .collect();
        self.late_bound_sites(site, callees, args)
    }

    fn applicable_of(
        &mut self,
        candidates: &[Candidate],
        infos: &[ArgInfo],
        type_args: &[Ty],
    ) -> Vec<usize> {
        overload::applicable_candidates(
            &self.sdb.clone(),
            candidates,
            infos,
            type_args,
            &mut |e, p| self.speculative_lambda(e, p),
        )
    }

    /// Records a late-bound site of each callee (once each) and binds what the arguments hold.
    fn late_bound_sites(&mut self, site: ExprId, mut callees: Vec<Callee>, args: &[Arg]) -> bool {
        callees.sort();
        callees.dedup();
        if callees.is_empty() {
            return false;
        }
        for callee in callees {
            self.site(site, callee, CallKind::LateBound);
        }
        self.infer_args_unbound_after(args);
        true
    }
}
