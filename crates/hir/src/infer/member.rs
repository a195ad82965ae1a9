//! Member access `e.name` (C# §12.8.7): through a value, a type, a type parameter's bounds or a
//! namespace, to a method group, a property, field or event (with the accessor calls it makes), a
//! nested type, or an unresolved site.

use smol_str::SmolStr;

use super::{Access, CallKind, Callee, Ctx, Group, UnresolvedReason, Val};
use crate::lookup::{self, Found, lookup_members};
use crate::{
    body::ExprId,
    def_map::nested_type,
    generics::type_param_bounds,
    item_tree::MemberKind,
    library::KnownType,
    symbols::{MemberId, member_ref, member_signature},
    ty::Ty,
    type_ref::{Path, PathQualifier, PathSegment, TypeRef},
};

impl Ctx<'_> {
    /// `receiver.name<type_args>`: the receiver is a type when the `Color Color` rule says so, else
    /// whatever it denotes (a method group there is a value with no members).
    pub(super) fn infer_member_access(
        &mut self,
        expr: ExprId,
        receiver: ExprId,
        name: &SmolStr,
        type_args: &[TypeRef],
        access: Access,
    ) -> Val {
        let type_args: Vec<Ty> = type_args.iter().map(|t| self.resolver.resolve(t)).collect();
        let receiver_val = match self.color_color(receiver, name) {
            Some(ty) => Val::Type(ty),
            None => self.infer_val(receiver, Access::Read, None),
        };
        let receiver_val = match receiver_val {
            Val::Group(group) => {
                self.method_group(receiver, &group, None);
                Val::Unknown
            }
            other => other,
        };
        self.member_of(expr, receiver_val, name, type_args, access)
    }

    pub(super) fn member_of(
        &mut self,
        expr: ExprId,
        receiver: Val,
        name: &SmolStr,
        type_args: Vec<Ty>,
        access: Access,
    ) -> Val {
        let db = self.db;
        match receiver {
            Val::Value(ty) => self.member_of_value(expr, ty, name, type_args, access),
            // `T.Parse(s)`: a static (abstract or virtual) member of an interface `T` is bound by
            // (C# 11), through a source bound that has it, else a framework one.
            Val::Type(Ty::TypeParam(p)) => {
                let bounds = type_param_bounds(db, self.member, &p);
                let bound = bounds
                    .iter()
                    .find(|b| !lookup_members(&self.sdb, b, name).groups.is_empty())
                    .or_else(|| {
                        bounds
                            .iter()
                            .find(|b| matches!(b, Ty::Library(..) | Ty::Unresolved(..)))
                    })
                    .cloned();
                match bound {
                    Some(bound) => self.member_of(expr, Val::Type(bound), name, type_args, access),
                    None => self.member_of(expr, Val::Unknown, name, type_args, access),
                }
            }
            Val::Type(ty) => self.member_of_type(expr, ty, name, type_args, access),
            Val::Group(_) | Val::Unknown => {
                if access == Access::Invoke {
                    return Val::Group(Group::named(name, type_args));
                }
                self.unresolved(expr, name.clone(), UnresolvedReason::UnknownReceiver);
                Val::Unknown
            }
        }
    }

    /// A member of a value of type `ty` (`order.Total`, `list.Add`): through what a nullable, a type
    /// parameter or an anonymous type stands for, the source type and its bases, then the library's.
    fn member_of_value(
        &mut self,
        expr: ExprId,
        ty: Ty,
        name: &SmolStr,
        type_args: Vec<Ty>,
        access: Access,
    ) -> Val {
        let db = self.db;
        // A member of a `dynamic` value is looked up at run time, on the value's runtime type
        // (§12.3.3): no member to bind, and its value is `dynamic` again.
        if ty == Ty::Dynamic {
            self.unresolved(expr, name.clone(), UnresolvedReason::DynamicReceiver);
            return Val::Value(Ty::Dynamic);
        }
        // A `T` stays the receiver of extension methods: it converts to its bounds, not
        // only to the one whose members are looked up below.
        let written = ty.clone();
        // `Nullable<T>`'s own members (its overrides of `object`'s among them: the
        // compiler calls `object`'s, not `T`'s) are looked up on it.
        let ty = match ty {
            Ty::Nullable(inner)
                if !matches!(
                    name.as_str(),
                    "Value"
                        | "HasValue"
                        | "GetValueOrDefault"
                        | "ToString"
                        | "GetHashCode"
                        | "Equals"
                ) =>
            {
                *inner
            }
            // Members of a `T` are those of what it is bound by (`where T : Entity`).
            // Without a source bound that has the member, the bound whose framework part
            // declares it (`where T : IVolume` with `IVolume : IDisposable` for `Dispose`),
            // else a framework bound's (or `System.Object`'s) members are those of a `T`.
            Ty::TypeParam(p) => {
                let bounds = type_param_bounds(db, self.member, &p);
                let found: Vec<Found> = bounds
                    .iter()
                    .map(|b| lookup_members(&self.sdb, b, name))
                    .collect();
                let source = found.iter().position(|f| !f.groups.is_empty());
                let index = self.libraries();
                let framework = || {
                    bounds.iter().zip(&found).position(|(b, f)| {
                        let library = match b {
                            Ty::Source(..) => f.external.as_ref(),
                            other => Some(other),
                        };
                        library.is_some_and(|l| {
                            !crate::library::library_members(db, &index, l, name).is_empty()
                        })
                    })
                };
                match source.or_else(framework) {
                    Some(i) => bounds[i].clone(),
                    None => bounds
                        .into_iter()
                        .find(|b| matches!(b, Ty::Library(..) | Ty::Unresolved(..)))
                        .unwrap_or_else(|| Ty::object(db)),
                }
            }
            // Its properties' getters are the compiler's, no edge; its methods are
            // `object`'s.
            Ty::Anonymous(members) => match members.into_iter().find(|(n, _)| n == name) {
                Some((_, ty)) => {
                    self.result.synthesized.push(expr);
                    return Val::Value(ty);
                }
                None => Ty::object(db),
            },
            other => other,
        };
        if let Ty::Tuple(elements) = &ty
            && access != Access::Invoke
            && let Some(element) = self.tuple_element(expr, elements, name)
        {
            return Val::Value(element);
        }
        if ty == Ty::Unknown {
            if access == Access::Invoke {
                return Val::Group(Group::named(name, type_args));
            }
            self.unresolved(expr, name.clone(), UnresolvedReason::UnknownReceiver);
            return Val::Unknown;
        }
        let found = self.lookup_for(&ty, name, access);
        if !found.groups.is_empty() {
            let val = self.member_val(expr, name, Some(ty.clone()), found, type_args, access);
            return self.with_extension_fallback(val, &ty, access);
        }
        // Members a reference assembly declares, on the type or on a library base of it.
        let library_from = match &ty {
            Ty::Source(..) => found.external.clone(),
            Ty::Array(..) => Some(Ty::known(db, KnownType::Array)),
            other => Some(other.clone()),
        };
        if let Some(from) = library_from
            && let Some(val) =
                self.library_member(expr, Some(ty.clone()), &from, name, &type_args, access)
        {
            return self.with_extension_fallback(val, &ty, access);
        }
        if access == Access::Invoke {
            let receiver = match written {
                Ty::TypeParam(_) => written,
                _ => ty,
            };
            return Val::Group(Group {
                receiver: Some(receiver),
                external: found.external,
                ..Group::named(name, type_args)
            });
        }
        if access == Access::Read
            && let Some(group) = self.extension_method_group(&ty, name, &type_args)
        {
            return Val::Group(group);
        }
        if let Some(val) =
            self.extension_block_member(expr, Some(&ty), &ty, name, &type_args, access)
        {
            return val;
        }
        // A type whose members are all known (a source type without a base outside the
        // sources, or a library type) and none is this one; else a type declared in an
        // assembly that was not found.
        let known_type = self.libraries().type_of(db, &ty).is_some()
            || matches!(ty, Ty::Source(..)) && found.external.is_none();
        let reason = if known_type {
            UnresolvedReason::NotFound
        } else {
            UnresolvedReason::MissingMetadata
        };
        self.unresolved(expr, name.clone(), reason);
        Val::Unknown
    }

    /// A method group read through `receiver` (a value, not invoked) with the extension methods of
    /// its name to fall back to: converting `w.Contains` to a `Func<char, bool>` is the extension
    /// `Enumerable.Contains<char>` when no `Contains` of `w`'s type takes a `char` (§10.8 selects
    /// the method an invocation `w.Contains(c)` would, §12.8.10.2).
    fn with_extension_fallback(&mut self, val: Val, receiver: &Ty, access: Access) -> Val {
        match val {
            Val::Group(mut group) if access == Access::Read => {
                group.extensions = self
                    .extension_method_group(receiver, &group.name, &group.type_args)
                    .map(Box::new);
                Val::Group(group)
            }
            other => other,
        }
    }

    /// `entry.WriteToFile` passed as a delegate: the extension methods of that name of the
    /// innermost import scope that has any (§12.8.7), the sources' and the assemblies'
    /// (`numbers.Contains`), a group bound once the delegate is known. Their level's declaring type
    /// is unknown, the mark of an extension method's `this`.
    fn extension_method_group(
        &mut self,
        receiver: &Ty,
        name: &SmolStr,
        type_args: &[Ty],
    ) -> Option<Group> {
        for (namespaces, statics) in self.import_scopes().iter() {
            let members =
                lookup::extension_methods(self.db, self.project, name, namespaces, statics);
            let members = self.accessible(&members);
            // Only those whose `this` the receiver may convert to (`f.Concat` of an
            // `IEnumerable<T>` is not an extension method of parsers).
            let mut candidates = self.candidates(&Ty::Unknown, &members, false);
            candidates.extend(self.library_extensions(name, namespaces, statics));
            candidates.retain(|c| {
                matches!(receiver, Ty::TypeParam(_))
                    || c.params.first().is_some_and(|this| {
                        let open = vec![Ty::Unknown; c.method_type_params];
                        let this = this.ty.substitute_method(&open);
                        super::conversion::conv(&self.sdb, receiver, &this)
                            != super::conversion::Conv::No
                    })
            });
            self.retain_receivable(&mut candidates, receiver);
            let mut members: Vec<MemberId> = Vec::new();
            let mut library = Vec::new();
            for c in &candidates {
                match c.member {
                    super::overload::CandMember::Source(m) => members.push(m),
                    super::overload::CandMember::Library(m) => library.push(m),
                }
            }
            let level = |found: bool| found.then_some(Ty::Unknown);
            if !members.is_empty() || !library.is_empty() {
                return Some(Group {
                    levels: level(!members.is_empty())
                        .map(|t| (t, members))
                        .into_iter()
                        .collect(),
                    library: level(!library.is_empty())
                        .map(|t| (t, library))
                        .into_iter()
                        .collect(),
                    receiver: Some(receiver.clone()),
                    ..Group::named(name, type_args.to_vec())
                });
            }
        }
        None
    }

    /// A member of a type named as a receiver (`Order.Create`, `Outer.Inner`, `System.IO`): its
    /// static members or nested types, or, for a namespace, the longer name.
    fn member_of_type(
        &mut self,
        expr: ExprId,
        ty: Ty,
        name: &SmolStr,
        type_args: Vec<Ty>,
        access: Access,
    ) -> Val {
        let db = self.db;
        if let Ty::Source(id, args) = &ty {
            if let Some(nested) = nested_type(db, *id, name, type_args.len() as u32) {
                let mut all = args.clone();
                all.extend(type_args);
                return Val::Type(Ty::Source(nested, all));
            }
            let found = self.lookup_for(&ty, name, access);
            if !found.groups.is_empty() {
                return self.member_val(expr, name, None, found, type_args, access);
            }
            if access == Access::Invoke {
                return Val::Group(Group {
                    external: found.external,
                    ..Group::named(name, type_args)
                });
            }
            if found.external.is_none_or(|e| lookup::is_object(db, &e)) {
                self.unresolved(expr, name.clone(), UnresolvedReason::NotFound);
            }
            return Val::Unknown;
        }
        let Some((prefix, prefix_args)) = ty.written_name(db) else {
            return Val::Unknown;
        };
        let (prefix, prefix_args) = (SmolStr::new(prefix), prefix_args.to_vec());
        // A library type's static members, then its nested types.
        if self.libraries().type_of(db, &ty).is_some() {
            return self.member_of_library_type(
                expr,
                &ty,
                (&prefix, prefix_args),
                name,
                type_args,
                access,
            );
        }
        // A namespace or a framework type: try the longer name as a type first.
        let full = format!("{prefix}.{name}");
        let segments = full
            .split('.')
            .map(|s| PathSegment {
                name: SmolStr::new(s),
                args: Vec::new(),
            })
            .collect::<Vec<_>>();
        let path = Path {
            qualifier: PathQualifier::Global,
            segments,
        };
        match self.resolve_with_args(path, &type_args) {
            found @ Ty::Source(..) => Val::Type(found),
            _ if access == Access::Invoke => Val::Group(Group {
                external: Some(ty.clone()),
                ..Group::named(name, type_args)
            }),
            _ => Val::Type(self.resolver.named_ty(SmolStr::new(full), type_args)),
        }
    }

    /// A member of a library type named as a receiver: its static members, then its nested types,
    /// then C# 14 extension members. `prefix` is the type's written name and arguments.
    fn member_of_library_type(
        &mut self,
        expr: ExprId,
        ty: &Ty,
        (prefix, prefix_args): (&str, Vec<Ty>),
        name: &SmolStr,
        type_args: Vec<Ty>,
        access: Access,
    ) -> Val {
        let db = self.db;
        if let Some(val) = self.library_member(expr, None, ty, name, &type_args, access) {
            return val;
        }
        let nested = self
            .resolver
            .named_ty(SmolStr::new(format!("{prefix}.{name}")), {
                let mut all = prefix_args;
                all.extend(type_args.iter().cloned());
                all
            });
        if self.libraries().type_of(db, &nested).is_some() {
            return Val::Type(nested);
        }
        if let Some(val) = self.extension_block_member(expr, None, ty, name, &type_args, access) {
            return val;
        }
        // The assemblies declare the type, and no such member: no invented edge.
        if access == Access::Invoke {
            return Val::Group(Group {
                library: vec![(ty.clone(), Vec::new())],
                ..Group::named(name, type_args)
            });
        }
        self.unresolved(expr, name.clone(), UnresolvedReason::NotFound);
        Val::Unknown
    }

    /// The value of a found member: a method group, or a property, field or event (recording the
    /// accessor calls the access makes).
    pub(super) fn member_val(
        &mut self,
        expr: ExprId,
        name: &SmolStr,
        receiver: Option<Ty>,
        found: Found,
        type_args: Vec<Ty>,
        access: Access,
    ) -> Val {
        let db = self.db;
        let Some((decl_ty, members)) = found.groups.first() else {
            return Val::Unknown;
        };
        let Some(&first) = members.first() else {
            return Val::Unknown;
        };
        let Some(data) = member_ref(db, first) else {
            return Val::Unknown;
        };
        let decl_args = match decl_ty {
            Ty::Source(_, args) => args.clone(),
            _ => Vec::new(),
        };
        let member_ty = || {
            member_signature(db, first)
                .ty
                .clone()
                .unwrap_or(Ty::Unknown)
                .substitute(&decl_args)
        };
        match data.kind {
            MemberKind::Method
            | MemberKind::Operator
            | MemberKind::Conversion
            | MemberKind::Constructor => Val::Group(Group {
                name: name.clone(),
                levels: found.groups,
                receiver,
                external: found.external,
                type_args,
                library: Vec::new(),
                extensions: None,
            }),
            MemberKind::Property | MemberKind::Indexer => {
                let callee = Callee::Member(first);
                // A get-only auto-property is assigned (in a constructor) through its backing field.
                let has_setter =
                    data.accessors.set || data.accessors.init || data.kind == MemberKind::Indexer;
                if access != Access::Write || has_setter {
                    self.accessor_sites(expr, callee, access);
                }
                Val::Value(member_ty())
            }
            MemberKind::Event => {
                match access {
                    Access::Add => self.site(expr, Callee::Member(first), CallKind::EventAdd),
                    Access::Remove => self.site(expr, Callee::Member(first), CallKind::EventRemove),
                    _ => {}
                }
                Val::Value(member_ty())
            }
            MemberKind::Field | MemberKind::Constant => {
                self.field_access(expr, Callee::Member(first), access);
                Val::Value(member_ty())
            }
            MemberKind::EnumMember => {
                self.field_access(expr, Callee::Member(first), access);
                Val::Value(decl_ty.clone())
            }
            MemberKind::Destructor => Val::Unknown,
        }
    }
}
