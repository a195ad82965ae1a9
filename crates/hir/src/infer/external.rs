//! Binding against library members: what the reference assemblies declare takes part in member
//! lookup and overload resolution exactly as source members do, so a framework method's overloads,
//! its static or instance nature, its result type and the extension methods that compete with it are
//! the compiler's, not guessed from a table.

use smol_str::SmolStr;

use crate::{
    body::{Arg, ExprId},
    infer::{
        Access, Binding, CallKind, Callee, Ctx, Group, UnresolvedReason, Val,
        overload::{
            self, ArgInfo, CandMember, Candidate, Resolution, has_dynamic_arg, resolve_overloads,
        },
    },
    library::{
        KnownType, LibMember, LibMemberKind, ScopedDb, library_indexers, library_members,
        library_params, library_return, library_signature,
    },
    overrides::library_member_bases,
    ty::Ty,
};

/// Which members of a library type an access can reach.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Wanted {
    /// Through a value: `s.Length`.
    Instance,
    /// Through the type's name: `string.Join`.
    Static,
    /// By a simple name inside a type deriving from the library type.
    Any,
    /// By a simple name a `using static` imports.
    ImportedStatic,
}

impl Ctx<'_> {
    /// The assemblies the body's project references: its member lookup, extension methods and
    /// constructors are theirs.
    pub(super) fn libraries(&self) -> std::sync::Arc<crate::library::LibraryIndex> {
        self.libraries.clone()
    }

    /// The library members named `name` of `from` (a library type, or one a source type derives
    /// from), as a value: a method group, or the type of a property, field or event. `None` when
    /// the assemblies declare no such member. `receiver` is set for an instance access.
    pub(super) fn library_member(
        &mut self,
        expr: ExprId,
        receiver: Option<Ty>,
        from: &Ty,
        name: &SmolStr,
        type_args: &[Ty],
        access: Access,
    ) -> Option<Val> {
        let wanted = if receiver.is_some() {
            Wanted::Instance
        } else {
            Wanted::Static
        };
        self.library_member_of(expr, receiver, from, name, type_args, access, wanted)
    }

    /// Like [`Ctx::library_member`], with the members a simple name or a `using static` reaches.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn library_member_of(
        &mut self,
        expr: ExprId,
        receiver: Option<Ty>,
        from: &Ty,
        name: &SmolStr,
        type_args: &[Ty],
        access: Access,
        wanted: Wanted,
    ) -> Option<Val> {
        let db = self.db;
        let index = self.libraries();
        let mut groups = library_members(db, &index, from, name);
        // Invocation looks only at what can be invoked (a property of a non-delegate type is not:
        // `t.IsValueType()` is an extension method when `Type.IsValueType` is a property; one of a
        // delegate type is), and an
        // instance access only at instance members (`s.IsNullOrWhiteSpace()` is not the static
        // `string.IsNullOrWhiteSpace`).
        for (decl, members) in &mut groups {
            members.retain(|m| {
                let is_static = member_is_static(&index, *m);
                let kind_fits = access != Access::Invoke
                    || super::invocable::library_is_invocable(&self.sdb, decl, *m);
                let static_fits = match wanted {
                    Wanted::Instance => !is_static,
                    Wanted::Static => is_static,
                    Wanted::Any => true,
                    // `using static` imports static members, but its extension methods only as
                    // extension methods (§14.5.4).
                    Wanted::ImportedStatic => {
                        is_static
                            && !(m.kind == LibMemberKind::Method
                                && index.method(m.ty, m.idx).is_extension)
                    }
                };
                kind_fits && static_fits
            });
        }
        groups.retain(|(_, m)| !m.is_empty());
        let (decl, members) = groups.first()?;
        let first = members[0];
        if first.kind == LibMemberKind::Method {
            return Some(Val::Group(Group {
                name: name.clone(),
                levels: Vec::new(),
                receiver,
                external: Some(from.clone()),
                type_args: type_args.to_vec(),
                library: groups,
                extensions: None,
            }));
        }
        let sig = library_signature(db, decl, first);
        // Reading or writing a property calls its accessors; an event's `+=`/`-=` its adder and
        // remover (the compiler's edges out of the sources).
        let callee = Callee::Library(first);
        match (first.kind, access) {
            (LibMemberKind::Property, _) => self.accessor_sites(expr, callee, access),
            (LibMemberKind::Event, Access::Add) => self.site(expr, callee, CallKind::EventAdd),
            (LibMemberKind::Event, Access::Remove) => {
                self.site(expr, callee, CallKind::EventRemove)
            }
            (LibMemberKind::Field, _) => {
                self.library_fields.insert(expr, first);
                self.field_access(expr, callee, access);
            }
            _ => {}
        }
        Some(Val::Value(sig.ret))
    }

    /// Overload resolution over a group's library methods, level by level.
    pub(super) fn bind_library_group(
        &mut self,
        callee: ExprId,
        group: &Group,
        args: &[Arg],
        infos: &[ArgInfo],
    ) -> Binding {
        let type_args = &group.type_args;
        for (decl, members) in &group.library {
            let candidates: Vec<Candidate> = members
                .iter()
                .map(|&m| library_candidate(&self.sdb, decl, m, false))
                .filter(|c| overload::fits_type_args(c, type_args))
                .collect();
            let resolution = overload::resolve_overloads_with(
                &self.sdb.clone(),
                &candidates,
                infos,
                type_args,
                &mut |e, p| self.speculative_lambda(e, p),
            );
            match resolution {
                Resolution::Bound(applied) => {
                    let CandMember::Library(member) = candidates[applied.index].member else {
                        continue;
                    };
                    let declared: Vec<Ty> = (candidates[applied.index].params.iter())
                        .map(|p| p.ty.clone())
                        .collect();
                    let (decl, member) = self
                        .devirtualized(group.receiver.as_ref(), member)
                        .unwrap_or((decl.clone(), member));
                    let val = self.bound_library_call(
                        callee, &decl, member, declared, applied, type_args, args, infos,
                    );
                    return Binding::Bound(val);
                }
                Resolution::Ambiguous => return Binding::Ambiguous,
                Resolution::NoneApplicable => {}
            }
        }
        Binding::NoneApplicable
    }

    /// The override a call of `member` on a value of `receiver`'s type runs, with the type declaring
    /// it, when the compiler calls it directly: lookup finds `object`'s `ToString` for
    /// `c.ToString()`, but on the special structs ([`KnownType::DEVIRTUALIZED`]) Roslyn emits
    /// `call System.Char::ToString()`.
    fn devirtualized(&self, receiver: Option<&Ty>, member: LibMember) -> Option<(Ty, LibMember)> {
        let receiver = receiver?;
        receiver.which_known(self.db, &KnownType::DEVIRTUALIZED)?;
        let own = self.sdb.library_type(receiver)?;
        if own == member.ty || member.kind != LibMemberKind::Method {
            return None;
        }
        let method = self.libraries.method(member.ty, member.idx);
        if !method.is_virtual {
            return None;
        }
        let methods = self.libraries.type_def(own).methods();
        let found = (0..methods.len() as u32)
            .map(|idx| LibMember {
                ty: own,
                kind: LibMemberKind::Method,
                idx,
            })
            .find(|m| {
                let m_def = &methods[m.idx as usize];
                m_def.name == method.name
                    && m_def.is_virtual
                    && !m_def.is_new_slot
                    && library_member_bases(self.db, *m).contains(&member)
            })?;
        Some((receiver.clone(), found))
    }

    /// Records the call of a bound library method and types its arguments and result.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn bound_library_call(
        &mut self,
        site: ExprId,
        decl: &Ty,
        member: LibMember,
        declared_params: Vec<Ty>,
        applied: overload::Applied,
        type_args: &[Ty],
        args: &[Arg],
        infos: &[ArgInfo],
    ) -> Val {
        let db = self.db;
        let sig = library_signature(db, decl, member);
        let is_ctor = sig.name == ".ctor";
        self.site(
            site,
            Callee::Library(member),
            if is_ctor {
                CallKind::Ctor
            } else {
                CallKind::Call
            },
        );
        let decl_args = crate::library::named(db, decl)
            .map(|(_, a)| a.into_owned())
            .unwrap_or_default();
        let ret = if is_ctor {
            decl.clone()
        } else {
            library_return(db, &Ty::Unknown, member)
        };
        let ret = super::Returned {
            ty: ret,
            decl_args: &decl_args,
            is_ctor,
        };
        self.finish_bound(applied, type_args, args, infos, &declared_params, ret)
    }

    /// The extension methods the assemblies declare with this name in `namespaces` and the
    /// `statics` classes.
    pub(super) fn library_extensions(
        &mut self,
        name: &str,
        namespaces: &[SmolStr],
        statics: &[Ty],
    ) -> Vec<Candidate> {
        let db = self.db;
        let index = self.libraries();
        let mut found: Vec<(crate::library::LibType, u32)> =
            index.extension_methods(name, namespaces).collect();
        for s in statics {
            if let Some(class) = index.type_of(db, s) {
                found.extend(index.extension_methods_of(name, class));
            }
        }
        found.sort();
        found.dedup();
        found
            .into_iter()
            .map(|(ty, idx)| {
                let member = LibMember {
                    ty,
                    kind: LibMemberKind::Method,
                    idx,
                };
                library_candidate(&self.sdb, &Ty::Unknown, member, false)
            })
            .collect()
    }

    /// An element access through a library indexer (`dict[key]`, `list[0]` of a `List<T>` subclass):
    /// its type, `None` when the assemblies declare no indexer there. The access calls the chosen
    /// indexer's accessors, as a property's (§12.8.12.3); an access none of them is found for, or
    /// several fit equally, is listed unresolved. With a `dynamic` argument it is bound at run
    /// time to one of the indexers that apply and have the accessors the access uses, each a
    /// late-bound site, and `dynamic`.
    pub(super) fn library_element(
        &mut self,
        expr: ExprId,
        from: &Ty,
        args: &[Arg],
        access: Access,
    ) -> Option<Ty> {
        let db = self.db;
        let index = self.libraries();
        let groups = library_indexers(db, &index, from);
        if groups.is_empty() {
            return None;
        }
        let infos = self.arg_infos(args);
        if has_dynamic_arg(&infos) {
            let (get, set) = access.accessors();
            let candidates: Vec<Candidate> = groups
                .iter()
                .flat_map(|(decl, members)| members.iter().map(move |m| (decl, m)))
                .filter(|(_, m)| {
                    let p = &index.type_def(m.ty).properties()[m.idx as usize];
                    (!get || p.getter.is_some()) && (!set || p.setter.is_some())
                })
                .map(|(decl, &m)| library_candidate(&self.sdb, decl, m, false))
                .collect();
            if self.late_bound_members(expr, &candidates, args, &infos) {
                return Some(Ty::Dynamic);
            }
        }
        let mut reason = UnresolvedReason::NotFound;
        for (decl, members) in &groups {
            let candidates: Vec<Candidate> = members
                .iter()
                .map(|&m| library_candidate(&self.sdb, decl, m, false))
                .collect();
            match resolve_overloads(&self.sdb, &candidates, &infos, &[]) {
                Resolution::Bound(applied) => {
                    let CandMember::Library(member) = candidates[applied.index].member else {
                        continue;
                    };
                    self.accessor_sites(expr, Callee::Library(member), access);
                    let params = applied.arg_params.clone();
                    self.finish_args(args, &infos, &params, &mut []);
                    return Some(library_return(db, decl, member));
                }
                Resolution::Ambiguous => {
                    reason = UnresolvedReason::Ambiguous;
                    break;
                }
                Resolution::NoneApplicable => {}
            }
        }
        self.finish_args(args, &infos, &[], &mut []);
        self.unresolved(expr, SmolStr::new_static("this[]"), reason);
        Some(Ty::Unknown)
    }

    /// A library constructor call: `new StringBuilder(16)`.
    pub(super) fn bind_library_ctor(
        &mut self,
        site: ExprId,
        ty: &Ty,
        args: &[Arg],
        infos: &[ArgInfo],
    ) -> bool {
        let db = self.db;
        let groups = library_members(db, &self.libraries(), ty, ".ctor");
        let ctors = groups
            .first()
            .map_or(&[][..], |(_, ctors)| ctors.as_slice());
        // `new S()` of a struct zero-initializes (§16.4.9): no constructor is called unless the
        // struct declares a parameterless one (`new TimeSpan()`, `new DictionaryEntry()`).
        if args.is_empty()
            && super::conversion::is_value_type(&self.sdb, ty)
            && !ctors
                .iter()
                .any(|&c| library_params(&self.sdb, ty, c).0.is_empty())
        {
            return true;
        }
        if ctors.is_empty() {
            return false;
        }
        let candidates: Vec<Candidate> = ctors
            .iter()
            .map(|&m| library_candidate(&self.sdb, ty, m, false))
            .collect();
        match resolve_overloads(&self.sdb, &candidates, infos, &[]) {
            Resolution::Bound(applied) => {
                let CandMember::Library(member) = candidates[applied.index].member else {
                    return false;
                };
                let declared: Vec<Ty> = candidates[applied.index]
                    .params
                    .iter()
                    .map(|p| p.ty.clone())
                    .collect();
                self.bound_library_call(site, ty, member, declared, applied, &[], args, infos);
            }
            Resolution::Ambiguous | Resolution::NoneApplicable => {
                // Still a call of one of the type's constructors: the graph says which type.
                let name = SmolStr::new(format!("{}.#ctor", external_type_name(db, ty)));
                self.site(site, Callee::External(name), CallKind::Ctor);
                self.finish_args(args, infos, &[], &mut []);
            }
        }
        true
    }
}

fn external_type_name<'a>(db: &'a dyn crate::base_db::Db, ty: &'a Ty) -> &'a str {
    ty.written_name(db).map_or("", |(name, _)| name)
}

pub(super) fn member_is_static(index: &crate::library::LibraryIndex, m: LibMember) -> bool {
    let def = index.type_def(m.ty);
    match m.kind {
        LibMemberKind::Method => def.methods()[m.idx as usize].is_static,
        LibMemberKind::Property => def.properties()[m.idx as usize].is_static,
        // Constants are static members.
        LibMemberKind::Field => {
            let f = &def.fields()[m.idx as usize];
            f.is_static || f.is_literal
        }
        LibMemberKind::Event => def.events()[m.idx as usize].is_static,
    }
}

/// A library method as an overload candidate (`skip_receiver` for an extension method called in
/// its reduced form, when the receiver is not passed as an argument).
pub(super) fn library_candidate(
    sdb: &ScopedDb<'_>,
    decl: &Ty,
    member: LibMember,
    skip_receiver: bool,
) -> Candidate {
    let (params, method_type_params) = library_params(sdb, decl, member);
    Candidate {
        member: CandMember::Library(member),
        params: match skip_receiver {
            true => params.get(1..).unwrap_or_default().into(),
            false => params,
        },
        method_type_params,
    }
}
