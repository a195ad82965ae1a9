//! How a [`Ty`] is written: for people (`Repository<User>`), as full names and as documentation ids.
//! Apart from `ty` because it reads definitions: a source type's headers and, for a nested library
//! type, the library's definition.

use std::fmt::Write;

use crate::{
    base_db::Db,
    def_map::{TypeId, type_header},
    library::{KnownType, ScopedDb, is_value_type},
    ty::Ty,
    type_ref::Predefined,
};

impl Ty {
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
        // `object` to the runtime: ids and full names say so, as Roslyn's do.
        Ty::Dynamic => out.push_str(match style {
            Style::Display => "dynamic",
            Style::FullName | Style::DocId => "System.Object",
        }),
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
