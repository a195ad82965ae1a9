//! Simple names and the types named in expressions: a member of an enclosing type or of a
//! `using static` type, else a type or namespace (C# §12.8.4); the `Color Color` rule (§12.8.7.2).

use smol_str::SmolStr;

use super::{Access, Ctx, Group, Val, external};
use crate::lookup::lookup_members;
use crate::{
    body::{Expr, ExprId},
    def_map::type_header,
    item_tree::{MemberKind, Modifiers},
    resolve::Resolver,
    symbols::{member_ref, member_signature},
    ty::Ty,
    type_ref::{Path, PathQualifier, PathSegment, TypeRef},
};

impl Ctx<'_> {
    /// The types whose static members `using static` brings in for a simple name, innermost level
    /// first, up to the namespace that declares a type of that name: a namespace's own types come
    /// before what its declaration imports (§12.8.4), so in `namespace N { using static Lib.Expr; }`
    /// `Throw` is the class `N.Throw`, not `Expr.Throw`. A type an import brings (`System.Convert`
    /// beside a `using static` type's `Convert` methods) does not stop the lookup: the compiler
    /// takes the method in an invocation.
    fn statics_before_type(&mut self, name: &SmolStr, arity: usize) -> Vec<Ty> {
        let mut statics = Vec::new();
        // The levels come in pairs: a declaration's own namespace, then what it imports.
        for pair in self.import_scopes().chunks(2) {
            let [(own, _), (_, imported)] = pair else {
                continue;
            };
            let declares_type = own.iter().any(|ns| {
                let segments = ns
                    .split('.')
                    .filter(|s| !s.is_empty())
                    .map(|s| PathSegment {
                        name: SmolStr::new(s),
                        args: Vec::new(),
                    })
                    .chain(std::iter::once(PathSegment {
                        name: name.clone(),
                        args: vec![TypeRef::Error; arity],
                    }))
                    .collect();
                let path = Path {
                    qualifier: PathQualifier::Global,
                    segments,
                };
                matches!(
                    self.resolver.resolve(&TypeRef::Path(path)),
                    Ty::Source(..) | Ty::Library(..)
                )
            });
            if declares_type {
                break;
            }
            statics.extend(imported.iter().cloned());
        }
        statics
    }

    /// `Currency.Usd` where `Currency` names both a property of type `Currency` and the type (C#
    /// §12.8.7.2): when the type has the member, the name means the type.
    pub(super) fn color_color(&mut self, receiver: ExprId, member: &str) -> Option<Ty> {
        let Expr::Name { name, type_args } = &self.body.exprs[receiver] else {
            return None;
        };
        if !type_args.is_empty() {
            return None;
        }
        let path = Path {
            qualifier: PathQualifier::None,
            segments: vec![PathSegment {
                name: name.clone(),
                args: Vec::new(),
            }],
        };
        let ty = self.resolver.resolve(&TypeRef::Path(path));
        if !matches!(ty, Ty::Source(..) | Ty::Library(..)) {
            return None;
        }
        let found = lookup_members(&self.sdb, &self.self_ty, name);
        let (_, members) = found.groups.first()?;
        let member_ty = member_signature(self.db, *members.first()?).ty.clone()?;
        if member_ty != ty {
            return None;
        }
        // The type reading applies when the member is one a type reaches: static, constant, enum
        // member (`Encoding = Encoding.UTF8` in a class with an `Encoding Encoding` property).
        let on_type = if let Ty::Library(..) = ty {
            let index = self.libraries();
            crate::library::library_members(self.db, &index, &ty, member)
                .into_iter()
                .flat_map(|(_, m)| m)
                .any(|m| external::member_is_static(&index, m))
        } else {
            lookup_members(&self.sdb, &ty, member)
                .groups
                .into_iter()
                .flat_map(|(_, m)| m)
                .any(|m| {
                    member_ref(self.db, m).is_some_and(|d| {
                        d.modifiers.contains(Modifiers::STATIC)
                            || matches!(d.kind, MemberKind::Constant | MemberKind::EnumMember)
                    })
                })
        };
        on_type.then_some(ty)
    }

    /// A simple name: a member of an enclosing type (or a `using static` type), else a type or
    /// namespace.
    pub(super) fn resolve_name(
        &mut self,
        expr: ExprId,
        name: &SmolStr,
        type_args: Vec<Ty>,
        access: Access,
    ) -> Val {
        let db = self.db;
        let mut current = Some(self.owner);
        while let Some(id) = current {
            let ty = if id == self.owner {
                self.self_ty.clone()
            } else {
                Ty::Source(id, Resolver::identity_args(db, id))
            };
            let mut found = self.lookup_for(&ty, name, access);
            // A name with type arguments is a generic method or type (C# §12.8.4): a property of
            // that name (`ResultPredicates<T>.None` beside a `ResultPredicates` property) is not it.
            if !type_args.is_empty() {
                found.groups.retain(|(_, members)| {
                    members
                        .iter()
                        .any(|&m| member_ref(db, m).is_some_and(|d| d.kind == MemberKind::Method))
                });
            }
            if !found.groups.is_empty() {
                return self.member_val(expr, name, Some(ty), found, type_args, access);
            }
            // Members inherited from a library base class (`Write` inside a `Stream` subclass).
            if let Some(base) = &found.external
                && let Some(val) = self.library_member_of(
                    expr,
                    Some(ty.clone()),
                    base,
                    name,
                    &type_args,
                    access,
                    external::Wanted::Any,
                )
            {
                return val;
            }
            current = type_header(db, id).and_then(|h| h.parent);
        }
        let statics = self.statics_before_type(name, type_args.len());
        for ty in &statics {
            // `using static` imports static members only (§14.5.4): `Type` in `x is Type` is no
            // instance property `Expression.Type` of an imported `Expression`.
            let mut found = self.lookup_for(ty, name, access);
            for (_, members) in &mut found.groups {
                members.retain(|&m| {
                    member_ref(db, m).is_some_and(|d| {
                        d.modifiers.contains(Modifiers::STATIC)
                            || matches!(d.kind, MemberKind::Constant | MemberKind::EnumMember)
                    })
                });
            }
            found.groups.retain(|(_, members)| !members.is_empty());
            if !found.groups.is_empty() {
                return self.member_val(expr, name, None, found, type_args, access);
            }
        }
        for ty in &statics {
            if self.libraries().type_of(db, ty).is_some()
                && let Some(val) = self.library_member_of(
                    expr,
                    None,
                    ty,
                    name,
                    &type_args,
                    access,
                    external::Wanted::ImportedStatic,
                )
            {
                return val;
            }
        }
        // `using static System.Console;` then `WriteLine(..)`: a method no source type declares, invoked
        // by its simple name, comes from the one framework type imported that way.
        let external_statics: Vec<&Ty> = statics
            .iter()
            .filter(|t| matches!(t, Ty::Library(..) | Ty::Unresolved(..)))
            .collect();
        // Every class inherits `System.Object`'s methods, callable by their simple names.
        if access == Access::Invoke && OBJECT_METHODS.contains(&name.as_str()) {
            return Val::Group(Group {
                external: Some(Ty::object(db)),
                ..Group::named(name, type_args)
            });
        }
        if access == Access::Invoke
            && let [only] = external_statics.as_slice()
        {
            return Val::Group(Group {
                external: Some((*only).clone()),
                ..Group::named(name, type_args)
            });
        }
        let path = Path {
            qualifier: PathQualifier::None,
            segments: vec![PathSegment {
                name: name.clone(),
                args: Vec::new(),
            }],
        };
        match self.resolve_with_args(path, &type_args) {
            Ty::Unknown => Val::Unknown,
            // A camelCase name nothing declares is a variable the binder missed, not a type: say it
            // is unknown rather than invent an external type (`System`, `Console` stay types). A
            // namespace so spelled (`log4net`) is declared, and stays the namespace it names.
            Ty::Unresolved(full, _)
                if full.starts_with(|c: char| c.is_lowercase() || c == '_')
                    && !self.resolver.namespace_exists(&full)
                    && !self.libraries().has_namespace(&full) =>
            {
                Val::Unknown
            }
            ty => Val::Type(ty),
        }
    }

    /// A type named in an expression (`Getter<T>` in `Getter<T>.Get(p)`) whose last segment has the
    /// type arguments `type_args`, already resolved: the path gives the arity, they the arguments.
    pub(super) fn resolve_with_args(&self, mut path: Path, type_args: &[Ty]) -> Ty {
        if let Some(last) = path.segments.last_mut() {
            last.args = vec![TypeRef::Error; type_args.len()];
        }
        let with_args = |mut args: Vec<Ty>| {
            args.truncate(args.len().saturating_sub(type_args.len()));
            args.extend(type_args.iter().cloned());
            args
        };
        match self.resolver.resolve(&TypeRef::Path(path)) {
            Ty::Source(id, args) => Ty::Source(id, with_args(args)),
            Ty::Library(id, args) => Ty::Library(id, with_args(args)),
            Ty::Unresolved(name, args) => Ty::Unresolved(name, with_args(args)),
            other => other,
        }
    }
}

/// The methods of `System.Object`, which every type has.
const OBJECT_METHODS: [&str; 6] = [
    "ReferenceEquals",
    "Equals",
    "GetHashCode",
    "ToString",
    "GetType",
    "MemberwiseClone",
];
