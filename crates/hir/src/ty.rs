//! Resolved types (how they are written is `display.rs`).

use smol_str::SmolStr;

use crate::{base_db::Db, def_map::TypeId};

/// A type after name resolution.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Ty {
    /// A type declared in the sources. `args` has one entry per type parameter of the type and of its
    /// containing types, outermost first (as in metadata: `Outer<A>.Inner<B>` has `[A, B]`).
    Source(TypeId, Vec<Ty>),
    /// A type an assembly declares, by its identity ([`LibTypeId`], the metadata name): met in a
    /// metadata signature, named in source and found in the assemblies the project sees, or one the
    /// language itself names (`int`, `object`; `library::KnownType`). `args` as for `Source`. Which
    /// assembly's definition it names is the viewing project's scope's answer; a project that does
    /// not see one has no members for it (`MissingMetadata`).
    Library(LibTypeId, Vec<Ty>),
    /// A name written in source that neither the sources nor any assembly the project sees declare
    /// (a package that was not found, no metadata at all): its best-known full name (under the one
    /// imported namespace nobody declares, or as written; `Resolver::external_guess`) and its type
    /// arguments. Nothing is known of its members: accesses are `MissingMetadata`. The binder also
    /// types the `null` literal so (`infer::conversion::NULL`), a name no assembly can declare.
    Unresolved(SmolStr, Vec<Ty>),
    TypeParam(TypeParam),
    Array(Box<Ty>, u8),
    /// `T?`: `System.Nullable<T>` for value types, an annotation for reference types.
    Nullable(Box<Ty>),
    Pointer(Box<Ty>),
    Tuple(Vec<Ty>),
    /// An anonymous type (`new { o.Id, Total = 0m }`): its read-only properties' names and types in
    /// order. Two creations with the same names and types in the same order are one type
    /// (§12.8.17.7), so equality is structural. It has no name a signature could write.
    Anonymous(Vec<(SmolStr, Ty)>),
    /// `dynamic` (§8.7): `System.Object` to the runtime, in metadata and in documentation ids, but
    /// to the binder a type whose member accesses and invocations with it as an argument are bound
    /// at run time (§12.3.3), never to one method at compile time.
    Dynamic,
    Unknown,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TypeParam {
    pub name: SmolStr,
    /// Index among the type parameters of the declaring type and its containers (for a type parameter
    /// of a type), or among the method's own (for a method type parameter).
    pub index: u32,
    pub of_method: bool,
}

impl Ty {
    pub fn as_source(&self) -> Option<TypeId> {
        match self {
            Ty::Source(id, _) => Some(*id),
            _ => None,
        }
    }

    /// Whether the type or a type inside it (an argument, element or property) satisfies `f`.
    pub fn any_part(&self, f: &dyn Fn(&Ty) -> bool) -> bool {
        f(self)
            || match self {
                Ty::Source(_, a) | Ty::Library(_, a) | Ty::Unresolved(_, a) | Ty::Tuple(a) => {
                    a.iter().any(|t| t.any_part(f))
                }
                Ty::Array(e, _) | Ty::Nullable(e) | Ty::Pointer(e) => e.any_part(f),
                Ty::Anonymous(ms) => ms.iter().any(|(_, t)| t.any_part(f)),
                Ty::TypeParam(_) | Ty::Dynamic | Ty::Unknown => false,
            }
    }

    /// Whether the type is not fully concrete: a part is unknown or a type parameter.
    pub(crate) fn is_open(&self) -> bool {
        self.any_part(&|t| matches!(t, Ty::Unknown | Ty::TypeParam(_)))
    }

    /// Replaces the type's type parameters with `args` (method type parameters stay).
    pub fn substitute(&self, args: &[Ty]) -> Ty {
        if args.is_empty() {
            return self.clone();
        }
        self.replace_params(&|p| {
            (!p.of_method)
                .then(|| args.get(p.index as usize).cloned())
                .flatten()
        })
    }

    /// Replaces method type parameters with inferred `args`; one not inferred (`Unknown`) stays.
    pub fn substitute_method(&self, args: &[Ty]) -> Ty {
        self.replace_params(&|p| match args.get(p.index as usize) {
            Some(Ty::Unknown) | None => None,
            Some(arg) if p.of_method => Some(arg.clone()),
            Some(_) => None,
        })
    }

    /// The type with each method type parameter whose inferred argument in `method_args` is `Unknown`
    /// (inference left it unfixed) made `Unknown` itself: a callee's unfixed `T` in a lambda's
    /// parameter types is no type the lambda's body may take for one of its caller's.
    pub fn forget_unfixed(&self, method_args: &[Ty]) -> Ty {
        self.replace_params(&|p| {
            (p.of_method && method_args.get(p.index as usize) == Some(&Ty::Unknown))
                .then_some(Ty::Unknown)
        })
    }

    /// Replaces the type's type parameters with `args` and the method's with `method_args` in one
    /// step, so that an argument that is a type parameter itself (of the caller) stays as it is; a
    /// method type argument not inferred (`Unknown`) leaves its parameter.
    pub fn substitute_all(&self, args: &[Ty], method_args: &[Ty]) -> Ty {
        self.replace_params(&|p| match p.of_method {
            false => args.get(p.index as usize).cloned(),
            true => method_args
                .get(p.index as usize)
                .filter(|a| **a != Ty::Unknown)
                .cloned(),
        })
    }

    /// The type with each type parameter `f` has a replacement for replaced.
    fn replace_params(&self, f: &dyn Fn(&TypeParam) -> Option<Ty>) -> Ty {
        let sub = |t: &Ty| t.replace_params(f);
        match self {
            Ty::TypeParam(p) => f(p).unwrap_or_else(|| self.clone()),
            Ty::Source(id, a) => Ty::Source(*id, a.iter().map(sub).collect()),
            Ty::Library(id, a) => Ty::Library(*id, a.iter().map(sub).collect()),
            Ty::Unresolved(n, a) => Ty::Unresolved(n.clone(), a.iter().map(sub).collect()),
            Ty::Array(e, r) => Ty::Array(Box::new(sub(e)), *r),
            Ty::Nullable(e) => Ty::Nullable(Box::new(sub(e))),
            Ty::Pointer(e) => Ty::Pointer(Box::new(sub(e))),
            Ty::Tuple(es) => Ty::Tuple(es.iter().map(sub).collect()),
            Ty::Anonymous(ms) => {
                Ty::Anonymous(ms.iter().map(|(n, t)| (n.clone(), sub(t))).collect())
            }
            Ty::Dynamic | Ty::Unknown => self.clone(),
        }
    }

    /// The documentation id of the type's definition, ignoring type arguments: `T:Ns.Repository`1`.
    pub fn definition_doc_id(&self, db: &dyn Db) -> Option<String> {
        match self {
            Ty::Source(id, _) => Some(format!("T:{}", crate::def_map::type_doc_name(db, *id))),
            Ty::Library(..) | Ty::Unresolved(..) => {
                let (name, args) = self.written_name(db)?;
                Some(match args.len() {
                    0 => format!("T:{name}"),
                    n => format!("T:{name}`{n}"),
                })
            }
            _ => None,
        }
    }

    /// The C# full name and type arguments of a library or unresolved type
    /// (`System.Collections.Generic.List`, `[int]`).
    pub fn written_name<'a>(&'a self, db: &'a dyn Db) -> Option<(&'a str, &'a [Ty])> {
        match self {
            Ty::Library(id, args) => Some((id.name(db).as_str(), args)),
            Ty::Unresolved(name, args) => Some((name.as_str(), args)),
            _ => None,
        }
    }
}

/// A library type's identity: its metadata name (namespace, name with the `` `N`` arity suffix,
/// nesting with `+`), as ECMA-335 names a type. Interned so that [`Ty`]s compare in O(1), and keyed by
/// the name alone so that it is the same across reloads and across projects; which definition it
/// names is the project's scope's answer ([`LibraryDefs::def`](crate::library::LibraryDefs::def)).
///
/// Interned without a lifetime (as rust-analyzer's item ids are) because [`Ty`] holds it and is
/// stored in query results; `revisions = usize::MAX` keeps every slot, so an id never dangles.
#[salsa::interned(unsafe(no_lifetime), revisions = usize::MAX, debug)]
pub struct LibTypeId {
    #[returns(ref)]
    pub metadata_name: SmolStr,
    /// The C# full name: nesting with `.`, no arity suffixes (`System.Collections.Generic.List`).
    #[returns(ref)]
    pub name: SmolStr,
}
