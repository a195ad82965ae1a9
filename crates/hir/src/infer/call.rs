//! Invocations: a method group's methods level by level, the library's, then extension methods,
//! each level through overload resolution; delegate invocations; the result type of a bound call
//! with its method type arguments substituted.

use smallvec::SmallVec;
use smol_str::SmolStr;

use super::{
    Access, Binding, CallKind, Callee, Ctx, Group, Returned, UnresolvedReason, Val,
    conversion::{self, Definition},
    known,
    overload::{
        self, ArgInfo, ArgTy, CandMember, Candidate, ParamInfo, Resolution, has_method_param,
        resolve_overloads_with,
    },
};
use crate::lookup::{self, own_members};
use crate::{
    base_db::Db,
    body::{Arg, Body, Expr, ExprId, LocalKind},
    item_tree::{MemberKind, Modifiers, ParamModifier},
    library::KnownType,
    overrides::overrides,
    symbols::{MemberId, member_params, member_ref, member_signature},
    ty::Ty,
};

impl Ctx<'_> {
    pub(super) fn candidates(
        &self,
        decl_ty: &Ty,
        members: &[MemberId],
        extension: bool,
    ) -> Vec<Candidate> {
        let db = self.db;
        let decl_args = match decl_ty {
            Ty::Source(_, args) => args.clone(),
            _ => Vec::new(),
        };
        members
            .iter()
            .filter_map(|&m| {
                let (params, method_type_params) = member_params(db, m)?;
                // Shared with the member's memo when nothing is substituted or skipped.
                let params = match (decl_args.is_empty(), extension) {
                    (true, false) => params,
                    _ => (params.iter().skip(usize::from(extension)))
                        .map(|p| ParamInfo {
                            ty: p.ty.substitute(&decl_args),
                            ..p.clone()
                        })
                        .collect(),
                };
                Some(Candidate {
                    member: CandMember::Source(m),
                    params,
                    method_type_params,
                })
            })
            .collect()
    }

    /// The candidates of one lookup level: its accessible members whose type parameters the
    /// explicit type arguments fit.
    pub(super) fn level_candidates(
        &self,
        decl_ty: &Ty,
        members: &[MemberId],
        type_args: &[Ty],
    ) -> Vec<Candidate> {
        self.candidates(decl_ty, &self.accessible(members), false)
            .into_iter()
            .filter(|c| overload::fits_type_args(c, type_args))
            .collect()
    }

    /// The members code of this body may use: an inaccessible overload is no candidate (C# §12.6.4.1).
    pub(super) fn accessible(&self, members: &[MemberId]) -> Vec<MemberId> {
        members
            .iter()
            .copied()
            .filter(|&m| lookup::is_accessible(self.db, m, self.owner))
            .collect()
    }

    pub(super) fn infer_invoke(&mut self, callee: ExprId, args: &[Arg]) -> Val {
        if let Expr::Local(local) = &self.body.exprs[callee]
            && self.body.locals[*local].kind == LocalKind::LocalFunction
        {
            let ret = self.local_fn_returns.get(*local).cloned();
            self.infer_args_unbound(args);
            return ret.map_or(Val::Unknown, Val::Value);
        }
        let callee_val = self.infer_val(callee, Access::Invoke, None);
        let group = match callee_val {
            Val::Group(group) => group,
            Val::Value(ty) => return self.delegate_invoke(callee, &ty, args),
            Val::Type(_) | Val::Unknown => {
                self.infer_args_unbound(args);
                self.unresolved(
                    callee,
                    callee_name(self.body, callee),
                    UnresolvedReason::UnknownReceiver,
                );
                return Val::Unknown;
            }
        };
        if group.name == "Invoke"
            && group.levels.is_empty()
            && let Some(receiver) = &group.receiver
            && known::delegate_shape(&self.sdb, receiver).is_some()
        {
            let receiver = receiver.clone();
            return self.delegate_invoke(callee, &receiver, args);
        }
        let infos = self.arg_infos(args);
        if let Some(val) = self.late_bound_call(callee, &group, args, &infos) {
            return val;
        }
        self.invoke_group(callee, &group, args, &infos)
    }

    /// Binds a call of a method group with arguments described by `infos` (`args` are their
    /// expressions, none for an implicit call): the group's methods level by level, the library's,
    /// then extension methods.
    pub(super) fn invoke_group(
        &mut self,
        callee: ExprId,
        group: &Group,
        args: &[Arg],
        infos: &[ArgInfo],
    ) -> Val {
        let mut binding = self.bind_source_levels(callee, group, args, infos);
        // The methods a reference assembly declares on the receiver's type (or a library base of a
        // source type): instance methods beat extension methods.
        if matches!(binding, Binding::NoneApplicable) && !group.library.is_empty() {
            binding = self.bind_library_group(callee, group, args, infos);
        }
        // Methods hide by signature only (§12.5): a source type's `static GetType(JToken)` leaves
        // its library base's `GetType()` in the group, looked up once the source levels fail.
        if matches!(binding, Binding::NoneApplicable)
            && group.library.is_empty()
            && !group.levels.is_empty()
            && let Some(base) = &group.external
        {
            let index = self.libraries();
            let mut library = crate::library::library_members(self.db, &index, base, &group.name);
            for (_, members) in &mut library {
                members.retain(|m| m.kind == crate::library::LibMemberKind::Method);
            }
            library.retain(|(_, members)| !members.is_empty());
            if !library.is_empty() {
                let with_base = Group {
                    library,
                    ..group.clone()
                };
                binding = self.bind_library_group(callee, &with_base, args, infos);
            }
        }
        if matches!(binding, Binding::NoneApplicable)
            && let Some(receiver) = &group.receiver
        {
            binding = self.bind_extension_methods(callee, group, receiver, args, infos);
        }
        match binding {
            Binding::Bound(val) => val,
            Binding::Ambiguous => {
                self.infer_args_unbound_after(args);
                self.unresolved(callee, group.name.clone(), UnresolvedReason::Ambiguous);
                Val::Unknown
            }
            Binding::NoneApplicable => {
                self.unbound_group_call(callee, group, args);
                Val::Unknown
            }
        }
    }

    /// Overload resolution over the group's source methods, level by level from the receiver's
    /// type to its bases.
    fn bind_source_levels(
        &mut self,
        callee: ExprId,
        group: &Group,
        args: &[Arg],
        infos: &[ArgInfo],
    ) -> Binding {
        let db = self.db;
        let type_args = group.type_args.clone();
        // An override is no candidate of its own (C# §12.6.4.1): the method it overrides is, at its
        // base's level. An override of a framework method stands for it, at the framework's level:
        // after every source level, so that `Equals(node)` finds a base's `Equals(Node)` before an
        // override of `object.Equals(object)`.
        // Each level split into the members of the first pass and the overrides of framework
        // methods, each member read once.
        let mut source_levels = Vec::new();
        let mut framework_overrides = Vec::new();
        for (level, (ty, members)) in group.levels.iter().enumerate() {
            let (mut source, mut framework) = (Vec::new(), Vec::new());
            for &m in members {
                match is_override(db, m) {
                    false => source.push(m),
                    true if !overrides_source_member(db, m) => framework.push(m),
                    true => {}
                }
            }
            source_levels.push((level, ty, source));
            framework_overrides.push((level, ty, framework));
        }
        let passes: Vec<(usize, &Ty, Vec<MemberId>)> = source_levels
            .into_iter()
            .chain(framework_overrides)
            .filter(|(_, _, members)| !members.is_empty())
            .collect();
        for (level, decl_ty, members) in passes {
            let candidates = self.level_candidates(decl_ty, &members, &type_args);
            let resolution = resolve_overloads_with(
                &self.sdb.clone(),
                &candidates,
                infos,
                &type_args,
                &mut |e, p| self.speculative_lambda(e, p),
            );
            match resolution {
                Resolution::Bound(applied) => {
                    // The receiver's type may override the chosen method: the call is to that, as
                    // far as the static type tells.
                    let CandMember::Source(chosen) = candidates[applied.index].member else {
                        continue;
                    };
                    let (decl_ty, member) = group
                        .override_before(db, level, chosen)
                        .unwrap_or((decl_ty, chosen));
                    return Binding::Bound(
                        self.bound_call(callee, decl_ty, member, applied, &type_args, args, infos),
                    );
                }
                Resolution::Ambiguous => return Binding::Ambiguous,
                Resolution::NoneApplicable => {}
            }
        }
        Binding::NoneApplicable
    }

    /// Extension methods, when no instance method applies: scope by scope, innermost first, the
    /// sources' and the assemblies' of that scope compete in one overload resolution, and the first
    /// scope with an applicable one wins (C# §12.8.10.3), so a library's own `ToLookup` beats LINQ's
    /// inside its namespace.
    fn bind_extension_methods(
        &mut self,
        callee: ExprId,
        group: &Group,
        receiver: &Ty,
        args: &[Arg],
        infos: &[ArgInfo],
    ) -> Binding {
        let db = self.db;
        let type_args = group.type_args.clone();
        // The namespaces that hold an extension method of the name at all: a level importing none
        // of them (and no type by `using static`) has no candidate, told without building any.
        let mut holders = lookup::extension_method_namespaces(db, self.project, &group.name);
        for ns in self.libraries().extension_namespaces(&group.name) {
            if !holders.contains(ns) {
                holders.push(ns.clone());
            }
        }
        for (namespaces, statics) in self.import_scopes().iter() {
            if statics.is_empty() && !namespaces.iter().any(|ns| holders.contains(ns)) {
                continue;
            }
            let members =
                lookup::extension_methods(db, self.project, &group.name, namespaces, statics);
            let mut candidates = self.candidates(&Ty::Unknown, &members, false);
            candidates.extend(self.library_extensions(&group.name, namespaces, statics));
            candidates.retain(|c| overload::fits_type_args(c, &type_args));
            // The receiver first: it drops most of a large family of overloads, each of which
            // would have asked for its accessibility.
            self.retain_receivable(&mut candidates, receiver);
            candidates.retain(|c| match c.member {
                CandMember::Source(m) => lookup::is_accessible(db, m, self.owner),
                CandMember::Library(_) => true,
            });
            if candidates.is_empty() {
                continue;
            }
            let mut all = vec![ArgInfo {
                bounds: self.arg_bounds(receiver),
                ..ArgInfo::implicit(ArgTy::Known(receiver.clone()), ParamModifier::None)
            }];
            all.extend(infos.iter().cloned());
            let resolution = resolve_overloads_with(
                &self.sdb.clone(),
                &candidates,
                &all,
                &type_args,
                &mut |e, p| self.speculative_lambda(e, p),
            );
            match resolution {
                Resolution::Bound(mut applied) => {
                    applied.arg_params.remove(0);
                    match candidates[applied.index].member {
                        CandMember::Source(member) => {
                            return Binding::Bound(self.bound_call(
                                callee,
                                &Ty::Unknown,
                                member,
                                applied,
                                &type_args,
                                args,
                                infos,
                            ));
                        }
                        CandMember::Library(member) => {
                            let declared: Vec<Ty> = candidates[applied.index]
                                .params
                                .iter()
                                .skip(1)
                                .map(|p| p.ty.clone())
                                .collect();
                            return Binding::Bound(self.bound_library_call(
                                callee,
                                &Ty::Unknown,
                                member,
                                declared,
                                applied,
                                &type_args,
                                args,
                                infos,
                            ));
                        }
                    }
                }
                Resolution::Ambiguous => return Binding::Ambiguous,
                Resolution::NoneApplicable => {}
            }
        }
        Binding::NoneApplicable
    }

    /// A call no method of the group, the library or an extension fits: a call out of the sources
    /// when the assemblies declare methods of that name on the receiver's type, else unresolved
    /// with the reason the facts give.
    fn unbound_group_call(&mut self, callee: ExprId, group: &Group, args: &[Arg]) {
        let db = self.db;
        // A method of a type outside the sources that no overload or extension method fitted.
        let owner = group.external.clone().or_else(|| {
            group
                .receiver
                .clone()
                .filter(|r| !matches!(r, Ty::Source(..)))
        });
        if let Some(owner) = owner {
            self.infer_args_unbound_after(args);
            let library_knows = self.libraries().type_of(db, &owner).is_some();
            if library_knows
                && !crate::library::library_members(db, &self.libraries(), &owner, &group.name)
                    .is_empty()
            {
                // The assemblies declare methods of this name there, but none the binder could
                // match to the arguments: a call out of the sources all the same.
                self.site(
                    callee,
                    Callee::External(known::external_name(db, &owner, &group.name)),
                    CallKind::Call,
                );
            } else {
                let reason = if library_knows && !self.extension_may_be_missing(group) {
                    UnresolvedReason::NotFound
                } else {
                    UnresolvedReason::MissingMetadata
                };
                self.unresolved(callee, group.name.clone(), reason);
            }
            return;
        }
        self.infer_args_unbound_after(args);
        let reason =
            if group.levels.is_empty() && group.receiver.is_none() && group.library.is_empty() {
                UnresolvedReason::UnknownReceiver
            } else if self.extension_may_be_missing(group) {
                UnresolvedReason::MissingMetadata
            } else {
                UnresolvedReason::NotFound
            };
        self.unresolved(callee, group.name.clone(), reason);
    }

    /// The extension methods `receiver` can be passed to as `this` (§12.8.10.3 asks for an identity,
    /// reference or boxing conversion): for a type parameter, those one of its bounds (or `object`)
    /// converts to, since conversions from a `T` are otherwise unknown to [`conversion::conv`], which
    /// has no bounds; for a named type, see [`Ctx::retain_by_definition`].
    pub(super) fn retain_receivable(&self, candidates: &mut Vec<Candidate>, receiver: &Ty) {
        if !matches!(receiver, Ty::TypeParam(_)) {
            self.retain_by_definition(candidates, receiver);
            return;
        }
        let mut bounds = self.arg_bounds(receiver);
        bounds.push(Ty::object(self.db));
        candidates.retain(|c| {
            c.params.first().is_some_and(|this| {
                matches!(this.ty, Ty::TypeParam(_))
                    || bounds
                        .iter()
                        .any(|b| conversion::conv(&self.sdb, b, &this.ty) != conversion::Conv::No)
            })
        });
    }

    /// Extension methods whose `this` parameter is a source type, or a construction of a generic
    /// library type (LINQ's `IEnumerable<TSource>`, `IQueryable<TSource>`), that a receiver of a
    /// named type cannot convert to: none of its supertypes, all of them known, is (a construction
    /// of) that type, and only an identity, reference or boxing conversion counts for a receiver
    /// (§12.8.10.3). Dropped before overload resolution infers their type arguments (lambdas
    /// included) only to find the same; a class of `ToDto(this Order)`, `ToDto(this Customer)`, ..
    /// made every call try them all. Non-generic library types stay: `object`, `ValueType` and
    /// `Enum` are reached by boxing without being listed among an interface's or a struct's
    /// supertypes. A nullable receiver boxes to its underlying type's interfaces, which its
    /// supertypes do not list: it keeps every candidate.
    fn retain_by_definition(&self, candidates: &mut Vec<Candidate>, receiver: &Ty) {
        let receiver = conversion::strip_annotation(&self.sdb, receiver);
        let nullable = |ty: &Ty| ty.is_known(self.db, KnownType::Nullable);
        if !matches!(&*receiver, Ty::Source(..) | Ty::Library(..)) || nullable(&receiver) {
            return;
        }
        let (supertypes, complete) = conversion::supertypes(&self.sdb, &receiver);
        if !*complete {
            return;
        }
        // Compared as plain keys: a family of overloads has as many candidates as types.
        let definitions: SmallVec<[Definition; 16]> =
            supertypes.iter().filter_map(Definition::of).collect();
        candidates.retain(|c| {
            let Some(this) = c.params.first() else {
                return true;
            };
            let this = conversion::strip_annotation(&self.sdb, &this.ty);
            let named = match &*this {
                Ty::Source(..) => true,
                Ty::Library(_, args) => !args.is_empty() && !nullable(&this),
                _ => false,
            };
            !named || Definition::of(&this).is_some_and(|d| definitions.contains(&d))
        });
    }

    /// An instance call no member or extension method fits, in a file that imports a namespace
    /// neither the sources nor the loaded assemblies declare (`using Shouldly;` without the package):
    /// the extension method may well be there, so the site is not "not found".
    pub(super) fn extension_may_be_missing(&mut self, group: &Group) -> bool {
        if group.receiver.is_none() {
            return false;
        }
        let (namespaces, _) = self.imports();
        let index = crate::library::library_index(self.db);
        namespaces.iter().any(|ns| {
            !ns.is_empty() && !index.has_namespace(ns) && !self.resolver.namespace_exists(ns)
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn bound_call(
        &mut self,
        site: ExprId,
        decl_ty: &Ty,
        member: MemberId,
        applied: overload::Applied,
        type_args: &[Ty],
        args: &[Arg],
        infos: &[ArgInfo],
    ) -> Val {
        let db = self.db;
        let is_ctor = matches!(
            member_ref(db, member).map(|d| d.kind),
            Some(MemberKind::Constructor)
        );
        let kind = if is_ctor {
            CallKind::Ctor
        } else {
            CallKind::Call
        };
        self.site(site, Callee::Member(member), kind);
        let decl_args = match decl_ty {
            Ty::Source(_, a) => a.clone(),
            _ => Vec::new(),
        };
        let is_ext = matches!(decl_ty, Ty::Unknown);
        let declared: Vec<Ty> = member_signature(db, member)
            .params
            .iter()
            .skip(usize::from(is_ext))
            .map(|(t, _)| t.substitute(&decl_args))
            .collect();
        let ret = if is_ctor {
            decl_ty.clone()
        } else {
            member_signature(db, member)
                .ty
                .clone()
                .unwrap_or(Ty::Unknown)
        };
        let ret = Returned {
            ty: ret,
            decl_args: &decl_args,
            is_ctor,
        };
        self.finish_bound(applied, type_args, args, infos, &declared, ret)
    }

    /// Types a bound call's arguments (lambdas fill the method's type arguments) and gives its
    /// result. `declared` are the parameter types before method type inference.
    pub(super) fn finish_bound(
        &mut self,
        applied: overload::Applied,
        type_args: &[Ty],
        args: &[Arg],
        infos: &[ArgInfo],
        declared: &[Ty],
        ret: Returned<'_>,
    ) -> Val {
        let mut method_args = if type_args.is_empty() {
            applied.method_args.clone()
        } else {
            type_args.to_vec()
        };
        // Map each argument to its parameter type as the overload resolution did.
        let unsubstituted: Vec<Ty> = applied
            .arg_params
            .iter()
            .enumerate()
            .map(|(i, resolved)| {
                if has_method_param(resolved) {
                    resolved.clone()
                } else {
                    declared.get(i).cloned().unwrap_or_else(|| resolved.clone())
                }
            })
            .collect();
        let param_tys: Vec<Ty> = unsubstituted
            .iter()
            .zip(&applied.arg_params)
            .map(|(u, a)| {
                if has_method_param(u) {
                    u.clone()
                } else {
                    a.clone()
                }
            })
            .collect();
        self.finish_args(args, infos, &param_tys, &mut method_args);
        if args.is_empty() && !infos.is_empty() {
            self.implicit_call_params = Some(
                param_tys
                    .iter()
                    .map(|p| p.substitute_method(&method_args))
                    .collect(),
            );
        }
        if ret.is_ctor {
            return Val::Value(ret.ty);
        }
        // The callee's own type parameters first: the declaring type's arguments may hold the
        // caller's method type parameters (`db.Collection<T>(n)` inside `M<T>`), which stay.
        // A type argument inference did not find leaves the result unknown; the substituted
        // arguments may themselves be the caller's type parameters, which is fine.
        let uninferred = (0..method_args.len() as u32).any(|i| {
            method_args[i as usize] == Ty::Unknown && overload::mentions_method_param(&ret.ty, i)
        });
        if uninferred {
            return Val::Value(Ty::Unknown);
        }
        Val::Value(
            ret.ty
                .substitute_method(&method_args)
                .substitute(ret.decl_args),
        )
    }

    pub(super) fn delegate_invoke(&mut self, site: ExprId, ty: &Ty, args: &[Arg]) -> Val {
        let db = self.db;
        let Some((params, ret)) = known::delegate_shape(&self.sdb, ty) else {
            self.infer_args_unbound(args);
            // `d.Foo(..)` and `d(..)`: the member access reported the dynamic receiver; the call's
            // value is `dynamic` too (§12.3.3).
            if *ty == Ty::Dynamic {
                return Val::Value(Ty::Dynamic);
            }
            if *ty != Ty::Unknown {
                self.unresolved(
                    site,
                    callee_name(self.body, site),
                    UnresolvedReason::NotFound,
                );
            } else {
                self.unresolved(
                    site,
                    callee_name(self.body, site),
                    UnresolvedReason::UnknownReceiver,
                );
            }
            return Val::Unknown;
        };
        let callee = match ty {
            Ty::Source(id, _) => match own_members(db, *id, "Invoke").first() {
                Some(&invoke) => Callee::Member(invoke),
                None => Callee::External(known::external_name(db, ty, "Invoke")),
            },
            other => Callee::External(known::external_name(db, other, "Invoke")),
        };
        self.site(site, callee, CallKind::DelegateInvoke);
        let infos = self.arg_infos(args);
        self.finish_args(args, &infos, &params, &mut []);
        Val::Value(ret)
    }
}

pub(super) fn is_override(db: &dyn Db, member: MemberId) -> bool {
    member_ref(db, member).is_some_and(|d| d.modifiers.contains(Modifiers::OVERRIDE))
}

/// Whether `member` is an `override` of a method of the sources.
pub(super) fn overrides_source_member(db: &dyn Db, member: MemberId) -> bool {
    is_override(db, member) && !overrides(db, member).overridden.is_empty()
}

fn callee_name(body: &Body, expr: ExprId) -> SmolStr {
    match &body.exprs[expr] {
        Expr::Name { name, .. } | Expr::Member { name, .. } => name.clone(),
        Expr::Local(local) => body.locals[*local].name.clone(),
        _ => SmolStr::default(),
    }
}
