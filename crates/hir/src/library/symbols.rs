//! Names of library members: full names for people and documentation-comment ids exactly as Roslyn's
//! `GetDocumentationCommentId` writes them for metadata symbols.

use metadata::{Param, RefKind};

use crate::{
    base_db::Db,
    library::{LibMember, LibMemberKind, LibType, LibraryTy, hir_name, library_index},
};

/// `System.Collections.Generic.Dictionary`2.KeyCollection`: the type part of a documentation id.
pub(crate) fn library_type_doc_name(db: &dyn Db, id: LibType) -> String {
    let index = library_index(db);
    let asm = index.assembly(id);
    index.type_def(id).full_name(asm).replace('+', ".")
}

/// `System.Collections.Generic.List.Add`: the member as people name it.
pub fn library_member_full_name(db: &dyn Db, member: LibMember) -> String {
    let index = library_index(db);
    let def = index.type_def(member.ty);
    let owner = hir_name(&def.full_name(index.assembly(member.ty)));
    let name = member_name(db, member);
    let name = if name == ".ctor" { "#ctor" } else { &name };
    format!("{owner}.{name}")
}

fn member_name(db: &dyn Db, member: LibMember) -> String {
    let index = library_index(db);
    let def = index.type_def(member.ty);
    match member.kind {
        LibMemberKind::Method => def.methods[member.idx as usize].name.to_string(),
        LibMemberKind::Property => def.properties[member.idx as usize].name.to_string(),
        LibMemberKind::Field => def.fields[member.idx as usize].name.to_string(),
        LibMemberKind::Event => def.events[member.idx as usize].name.to_string(),
    }
}

/// `M:System.String.Join(System.String,System.Collections.Generic.IEnumerable{System.String})`.
pub fn library_member_doc_id(db: &dyn Db, member: LibMember) -> String {
    let index = library_index(db);
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
            let m = &def.methods[member.idx as usize];
            let conv = LibraryTy::new(def, Some(m));
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
            let p = &def.properties[member.idx as usize];
            let conv = LibraryTy::new(def, None);
            format!(
                "P:{owner}.{}{}",
                p.name.replace('.', "#"),
                params(&conv, &p.params)
            )
        }
        LibMemberKind::Field => format!("F:{owner}.{}", def.fields[member.idx as usize].name),
        LibMemberKind::Event => format!(
            "E:{owner}.{}",
            def.events[member.idx as usize].name.replace('.', "#")
        ),
    }
}
