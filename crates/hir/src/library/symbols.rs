//! Names and kinds of library symbols: full names for people and documentation-comment ids exactly
//! as Roslyn's `GetDocumentationCommentId` writes them for metadata symbols.

use metadata::{Param, RefKind, TypeKind};

use crate::{
    base_db::Db,
    library::{
        LibMember, LibMemberKind, LibType, LibraryTy, hir_name, library_defs, library_index,
    },
    symbol_kind::SymbolKind,
};

/// `System.Collections.Generic.Dictionary`2.KeyCollection`: the type part of a documentation id.
pub(crate) fn library_type_doc_name(db: &dyn Db, id: LibType) -> String {
    let index = library_defs(db);
    let asm = index.assembly(id);
    index.type_def(id).full_name(asm).replace('+', ".")
}

/// `System.Collections.Generic.List.Add`: the member as people name it.
pub fn library_member_full_name(db: &dyn Db, member: LibMember) -> String {
    let index = library_defs(db);
    let def = index.type_def(member.ty);
    let owner = hir_name(&def.full_name(index.assembly(member.ty)));
    let name = library_member_metadata_name(db, member);
    let name = if name == ".ctor" { "#ctor" } else { &name };
    format!("{owner}.{name}")
}

/// The name metadata gives a member: `.ctor`, `op_Addition`, `Item` for an indexer.
pub fn library_member_metadata_name(db: &dyn Db, member: LibMember) -> String {
    let index = library_defs(db);
    let def = index.type_def(member.ty);
    match member.kind {
        LibMemberKind::Method => def.methods()[member.idx as usize].name.to_string(),
        LibMemberKind::Property => def.properties()[member.idx as usize].name.to_string(),
        LibMemberKind::Field => def.fields()[member.idx as usize].name.to_string(),
        LibMemberKind::Event => def.events()[member.idx as usize].name.to_string(),
    }
}

/// `M:System.String.Join(System.String,System.Collections.Generic.IEnumerable{System.String})`.
pub fn library_member_doc_id(db: &dyn Db, member: LibMember) -> String {
    let index = library_defs(db);
    let def = index.type_def(member.ty);
    let owner = library_type_doc_name(db, member.ty);
    let params = |conv: &LibraryTy<'_>, params: &[Param]| -> String {
        if params.is_empty() {
            return String::new();
        }
        let list: Vec<String> = params
            .iter()
            .map(|p| {
                let mut ty = conv.convert(&p.ty).doc_id(db);
                if p.ref_kind != RefKind::None {
                    ty.push('@');
                }
                ty
            })
            .collect();
        format!("({})", list.join(","))
    };
    match member.kind {
        LibMemberKind::Method => {
            let m = &def.methods()[member.idx as usize];
            let conv = LibraryTy::new(db, def, Some(m));
            let name = m.name.replace('.', "#");
            let generic = if m.generic_params.is_empty() {
                String::new()
            } else {
                format!("``{}", m.generic_params.len())
            };
            let mut id = format!("M:{owner}.{name}{generic}{}", params(&conv, &m.params));
            if matches!(m.name.as_str(), "op_Implicit" | "op_Explicit") {
                id.push('~');
                id.push_str(&conv.convert(&m.ret).doc_id(db));
            }
            id
        }
        LibMemberKind::Property => {
            let p = &def.properties()[member.idx as usize];
            let conv = LibraryTy::new(db, def, None);
            format!(
                "P:{owner}.{}{}",
                p.name.replace('.', "#"),
                params(&conv, &p.params)
            )
        }
        LibMemberKind::Field => format!("F:{owner}.{}", def.fields()[member.idx as usize].name),
        LibMemberKind::Event => format!(
            "E:{owner}.{}",
            def.events()[member.idx as usize].name.replace('.', "#")
        ),
    }
}

/// `List<T>`: a library type's name with its own type parameters, as a person writes it.
pub fn library_type_name(db: &dyn Db, id: LibType) -> String {
    let index = library_defs(db);
    let def = index.type_def(id);
    let own = def.generic_params.len() - (def.arity as usize).min(def.generic_params.len());
    let params: Vec<&str> = def.generic_params[own..]
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    if params.is_empty() {
        def.name.to_string()
    } else {
        format!("{}<{}>", def.name, params.join(", "))
    }
}

/// `System.Collections.Generic.Dictionary<TKey, TValue>.KeyCollection`.
pub fn library_type_qualified_name(db: &dyn Db, id: LibType) -> String {
    super::convert::library_type_ty(db, id).full_name(db)
}

/// The declaring type of a nested library type, else its namespace (`None` for the global one).
pub fn library_type_container(db: &dyn Db, id: LibType) -> Option<String> {
    let index = library_defs(db);
    let def = index.type_def(id);
    match def.declaring {
        Some(outer) => Some(library_type_qualified_name(
            db,
            LibType {
                asm: id.asm,
                idx: outer,
            },
        )),
        None if def.namespace.is_empty() => None,
        None => Some(def.namespace.to_string()),
    }
}

/// The name a person reads, as for source members: `WriteLine`, `ConvertAll<TOutput>`, the type's
/// name for a constructor, `this` for an indexer, `~Object` for a finalizer.
pub fn library_member_name(db: &dyn Db, member: LibMember) -> String {
    let index = library_defs(db);
    let def = index.type_def(member.ty);
    match library_member_kind(db, member) {
        SymbolKind::Constructor => def.name.to_string(),
        SymbolKind::Indexer => "this".to_owned(),
        SymbolKind::Destructor => format!("~{}", def.name),
        _ => {
            let name = library_member_metadata_name(db, member);
            let generics = match member.kind {
                LibMemberKind::Method => &def.methods()[member.idx as usize].generic_params[..],
                _ => &[],
            };
            if generics.is_empty() {
                name
            } else {
                let names: Vec<&str> = generics.iter().map(|p| p.name.as_str()).collect();
                format!("{name}<{}>", names.join(", "))
            }
        }
    }
}

/// `System.IO.File.ReadAllText(string)`: the member with its type's full name and, for what takes
/// arguments, the parameter types as a person writes them (`List<T>.this[int]` for an indexer).
pub fn library_member_qualified_name(db: &dyn Db, member: LibMember) -> String {
    let index = library_defs(db);
    let def = index.type_def(member.ty);
    let mut out = format!(
        "{}.{}",
        library_type_qualified_name(db, member.ty),
        library_member_name(db, member)
    );
    let (conv, params, is_extension, open, close) = match member.kind {
        LibMemberKind::Method => {
            let m = &def.methods()[member.idx as usize];
            (
                LibraryTy::new(db, def, Some(m)),
                &m.params,
                m.is_extension,
                '(',
                ')',
            )
        }
        LibMemberKind::Property => {
            let p = &def.properties()[member.idx as usize];
            if p.params.is_empty() {
                return out;
            }
            (LibraryTy::new(db, def, None), &p.params, false, '[', ']')
        }
        LibMemberKind::Field | LibMemberKind::Event => return out,
    };
    let list: Vec<String> = params
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let prefix = match p.ref_kind {
                _ if p.is_params => "params ",
                _ if i == 0 && is_extension => "this ",
                RefKind::Ref | RefKind::RefReadonly => "ref ",
                RefKind::Out => "out ",
                RefKind::In => "in ",
                RefKind::None => "",
            };
            format!("{prefix}{}", conv.convert(&p.ty).display(db))
        })
        .collect();
    out.push(open);
    out.push_str(&list.join(", "));
    out.push(close);
    out
}

pub fn library_type_kind(db: &dyn Db, id: LibType) -> SymbolKind {
    match library_index(db).type_def(id).kind {
        TypeKind::Class => SymbolKind::Class,
        TypeKind::Struct => SymbolKind::Struct,
        TypeKind::Interface => SymbolKind::Interface,
        TypeKind::Enum => SymbolKind::Enum,
        TypeKind::Delegate => SymbolKind::Delegate,
    }
}

pub fn library_member_kind(db: &dyn Db, member: LibMember) -> SymbolKind {
    let index = library_index(db);
    let def = index.type_def(member.ty);
    match member.kind {
        LibMemberKind::Method => {
            let m = &def.methods()[member.idx as usize];
            match m.name.as_str() {
                ".ctor" => SymbolKind::Constructor,
                "op_Implicit" | "op_Explicit" => SymbolKind::Conversion,
                name if m.is_special_name && name.starts_with("op_") => SymbolKind::Operator,
                "Finalize" if m.params.is_empty() && !m.is_static && m.is_virtual => {
                    SymbolKind::Destructor
                }
                _ => SymbolKind::Method,
            }
        }
        LibMemberKind::Property if def.properties()[member.idx as usize].params.is_empty() => {
            SymbolKind::Property
        }
        LibMemberKind::Property => SymbolKind::Indexer,
        LibMemberKind::Field => {
            let f = &def.fields()[member.idx as usize];
            match (f.is_literal, def.kind) {
                (true, TypeKind::Enum) => SymbolKind::EnumMember,
                (true, _) => SymbolKind::Constant,
                (false, _) => SymbolKind::Field,
            }
        }
        LibMemberKind::Event => SymbolKind::Event,
    }
}
