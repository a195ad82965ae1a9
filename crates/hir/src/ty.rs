//! Resolved types, and how they are written for people, for full names and for documentation ids.

use std::fmt::Write;

use smol_str::SmolStr;

use crate::{
    base_db::Db,
    def_map::{TypeId, type_header},
    library::{KnownType, LibTypeId, ScopedDb},
    type_ref::Predefined,
};

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
    /// types the `null` literal so (`overload::NULL`), a name no assembly can declare.
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
                Ty::TypeParam(_) | Ty::Unknown => false,
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
            Ty::Unknown => self.clone(),
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

    /// `Repository<User>`
    pub fn display(&self, db: &dyn Db) -> String {
        let mut out = String::new();
        write_ty(db, self, Style::Display, &mut out);
        out
    }

    /// `MyApp.Data.Repository<MyApp.Models.User>`
    pub fn full_name(&self, db: &dyn Db) -> String {
        let mut out = String::new();
        write_ty(db, self, Style::FullName, &mut out);
        out
    }

    /// As in documentation ids: `MyApp.Data.Repository{MyApp.Models.User}`, `` `0 ``, `System.Int32[]`.
    pub fn doc_id(&self, db: &dyn Db) -> String {
        let mut out = String::new();
        write_ty(db, self, Style::DocId, &mut out);
        out
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Display,
    FullName,
    DocId,
}

fn write_ty(db: &dyn Db, ty: &Ty, style: Style, out: &mut String) {
    match ty {
        Ty::Source(id, args) => write_source(db, *id, args, style, out),
        Ty::Library(_, args) if style != Style::Display && nested_library_type(db, ty) => {
            write_nested_library(db, ty, args, style, out)
        }
        // `Nullable<T>` of a `T : struct` reads as written, `T?` (its documentation id spells it out).
        Ty::Library(..)
            if style != Style::DocId && ty.known_args(db, KnownType::Nullable).is_some() =>
        {
            if let Some([inner]) = ty.known_args(db, KnownType::Nullable) {
                write_ty(db, inner, style, out);
            }
            out.push('?');
        }
        Ty::Library(..) | Ty::Unresolved(..) => {
            let Some((name, args)) = ty.written_name(db) else {
                return;
            };
            let keyword = (style == Style::Display && args.is_empty())
                .then(|| Predefined::from_full_name(name))
                .flatten();
            match keyword {
                // People write `int`, not `Int32`; full names keep `System.Int32`.
                Some(p) => out.push_str(p.keyword()),
                None if style == Style::Display => {
                    out.push_str(name.rsplit('.').next().unwrap_or(name))
                }
                None => out.push_str(name),
            }
            write_args(db, args, style, out);
        }
        Ty::TypeParam(p) => match style {
            Style::DocId => {
                let _ = write!(out, "{}{}", if p.of_method { "``" } else { "`" }, p.index);
            }
            _ => out.push_str(&p.name),
        },
        Ty::Array(elem, rank) => {
            write_ty(db, elem, style, out);
            if style == Style::DocId && *rank > 1 {
                out.push('[');
                for i in 0..*rank {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str("0:");
                }
                out.push(']');
            } else {
                out.push('[');
                for _ in 1..*rank {
                    out.push(',');
                }
                out.push(']');
            }
        }
        Ty::Nullable(inner) => {
            if style == Style::DocId {
                // An id names the type whichever project declares the member.
                if is_value_type(&ScopedDb::workspace(db), inner) {
                    out.push_str("System.Nullable{");
                    write_ty(db, inner, style, out);
                    out.push('}');
                } else {
                    write_ty(db, inner, style, out);
                }
            } else {
                write_ty(db, inner, style, out);
                out.push('?');
            }
        }
        Ty::Pointer(inner) => {
            write_ty(db, inner, style, out);
            out.push('*');
        }
        Ty::Tuple(elems) => {
            if style == Style::DocId {
                out.push_str("System.ValueTuple");
                write_args(db, elems, style, out);
            } else {
                out.push('(');
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write_ty(db, e, style, out);
                }
                out.push(')');
            }
        }
        // Roslyn's spelling; no declaration's documentation id can mention one.
        Ty::Anonymous(members) => {
            out.push_str("<anonymous type: ");
            for (i, (name, ty)) in members.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_ty(db, ty, style, out);
                out.push(' ');
                out.push_str(name);
            }
            out.push('>');
        }
        Ty::Unknown => out.push('?'),
    }
}

/// A library type nested in another: its type arguments belong to the types of its chain
/// (`Dictionary{`0,`1}.KeyCollection`), not all to the last name.
fn nested_library_type(db: &dyn Db, ty: &Ty) -> bool {
    crate::library::library_type(db, ty).is_some_and(|id| {
        crate::library::library_defs(db)
            .type_def(id)
            .declaring
            .is_some()
    })
}

fn write_nested_library(db: &dyn Db, ty: &Ty, args: &[Ty], style: Style, out: &mut String) {
    let Some(id) = crate::library::library_type(db, ty) else {
        return;
    };
    let index = crate::library::library_defs(db);
    let asm = index.assembly(id);
    let mut chain = vec![index.type_def(id)];
    while let Some(outer) = chain[chain.len() - 1].declaring {
        match asm.types.get(outer as usize) {
            Some(def) if chain.len() < 16 => chain.push(def),
            _ => break,
        }
    }
    chain.reverse();
    let levels: Vec<(&str, usize)> = chain
        .iter()
        .map(|def| (def.name.as_str(), def.arity as usize))
        .collect();
    write_chain(db, &chain[0].namespace, &levels, args, 0, style, out);
}

fn write_args(db: &dyn Db, args: &[Ty], style: Style, out: &mut String) {
    if args.is_empty() {
        return;
    }
    let (open, close, sep) = if style == Style::DocId {
        ('{', '}', ",")
    } else {
        ('<', '>', ", ")
    };
    out.push(open);
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        write_ty(db, a, style, out);
    }
    out.push(close);
}

fn write_source(db: &dyn Db, id: TypeId, args: &[Ty], style: Style, out: &mut String) {
    let mut chain = Vec::new();
    let mut current = Some(id);
    while let Some(header) = current.and_then(|t| type_header(db, t)) {
        current = header.parent;
        chain.push(header);
    }
    if chain.is_empty() {
        return;
    }
    chain.reverse();
    let levels: Vec<(&str, usize)> = chain
        .iter()
        .map(|h| (h.name.as_str(), h.arity as usize))
        .collect();
    if style == Style::Display {
        // People write the innermost name with its own arguments only.
        let (last, arity) = levels[levels.len() - 1];
        let first = args.len() - arity.min(args.len());
        write_chain(db, "", &[(last, arity)], args, first, style, out);
    } else {
        let ns = &chain[0].namespace;
        write_chain(db, ns, &levels, args, 0, style, out);
    }
}

/// A type named by its chain of declaring types (outermost first, each with its own arity): each
/// level takes its own type arguments (`Outer{A}.Inner{B}`), starting at `args[first]`.
fn write_chain(
    db: &dyn Db,
    namespace: &str,
    levels: &[(&str, usize)],
    args: &[Ty],
    first: usize,
    style: Style,
    out: &mut String,
) {
    if !namespace.is_empty() {
        out.push_str(namespace);
        out.push('.');
    }
    let mut consumed = first;
    for (i, &(name, arity)) in levels.iter().enumerate() {
        if i > 0 {
            out.push('.');
        }
        out.push_str(name);
        if arity > 0 {
            let own = args.get(consumed..consumed + arity);
            consumed += arity;
            match own {
                Some(own) => write_args(db, own, style, out),
                None if style == Style::DocId => {
                    let _ = write!(out, "`{arity}");
                }
                None => {
                    out.push('<');
                    out.push_str(&",".repeat(arity - 1));
                    out.push('>');
                }
            }
        }
    }
}

/// Whether `T?` means `Nullable<T>`: source structs and enums, and the assemblies' value types.
pub(crate) fn is_value_type(sdb: &ScopedDb<'_>, ty: &Ty) -> bool {
    let db = sdb.db();
    match ty {
        Ty::Source(id, _) => type_header(db, *id).is_some_and(|h| h.kind.is_value_type()),
        Ty::Library(..) => matches!(
            crate::library::library_kind(sdb, ty),
            Some(metadata::TypeKind::Struct | metadata::TypeKind::Enum)
        ),
        Ty::Tuple(_) => true,
        _ => false,
    }
}
