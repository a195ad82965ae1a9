//! From file positions to symbols: which declaration is at an offset, which declaration encloses it,
//! and the scope to resolve a type reference written there.

use syntax::TextSize;

use crate::{
    base_db::{Db, FileId, file_project},
    def_map::{TypeDecl, TypeId, def_map},
    item_tree::{MemberOrigin, file_item_tree, item_source_map},
    resolve::Resolver,
    symbols::{MemberId, Symbol, member_at, member_loc},
    ty::Ty,
    type_ref::TypeRef,
};

/// The type or member whose name is at `offset`.
pub fn declaration_at(db: &dyn Db, file: FileId, offset: TextSize) -> Option<Symbol> {
    let source = db.source_file(file)?;
    let map = item_source_map(db, source);
    // Implied members (a default constructor, a record's properties) share the type's ranges and are
    // never `innermost`: the name there declares the type.
    if let Some((_, Some(member))) = innermost(db, file, offset)
        && member_loc(db, member)
            .and_then(|loc| map.member_range(loc.idx))
            .is_some_and(|r| r.name.contains_inclusive(offset))
    {
        return Some(Symbol::Member(member));
    }
    let tree = file_item_tree(db, source);
    // A nested type's name may be at the offset while the innermost enclosing declaration is its parent
    // (the offset is on the name, inside the parent's range): check every type of the file.
    for (item, _) in tree.types.iter() {
        if map
            .type_range(item)
            .is_some_and(|r| r.name.contains_inclusive(offset))
        {
            return type_of_decl(db, file, item).map(Symbol::Type);
        }
    }
    None
}

/// The innermost type declaration containing `offset`, and the member containing it, if any.
fn innermost(db: &dyn Db, file: FileId, offset: TextSize) -> Option<(TypeId, Option<MemberId>)> {
    let source = db.source_file(file)?;
    let tree = file_item_tree(db, source);
    let map = item_source_map(db, source);
    let mut best: Option<(crate::item_tree::TypeIdx, u32)> = None;
    for (item, _) in tree.types.iter() {
        let Some(range) = map.type_range(item) else {
            continue;
        };
        if range.full.contains_inclusive(offset) {
            let len: u32 = range.full.len().into();
            if best.is_none_or(|(_, l)| len < l) {
                best = Some((item, len));
            }
        }
    }
    let (item, _) = best?;
    let ty = type_of_decl(db, file, item)?;
    let member = tree.types[item]
        .members
        .iter()
        .copied()
        .filter(|&m| tree.members[m].origin == MemberOrigin::Declared)
        .find(|&m| {
            map.member_range(m)
                .is_some_and(|r| r.full.contains_inclusive(offset))
        })
        .and_then(|idx| member_at(db, ty, file, idx));
    Some((ty, member))
}

fn type_of_decl(db: &dyn Db, file: FileId, item: crate::item_tree::TypeIdx) -> Option<TypeId> {
    let source = db.source_file(file)?;
    let project = file_project(db, source)?;
    def_map(db, project).type_of_decl(TypeDecl { file, item })
}

/// Resolves a type reference written at `offset`, in the scope of the declarations around it.
pub fn resolve_type_at(
    db: &dyn Db,
    file: FileId,
    offset: TextSize,
    type_ref: &TypeRef,
) -> Option<Ty> {
    let (ty, member) = innermost(db, file, offset)?;
    let map = def_map(db, ty.project);
    let decl = *map.type_def(ty).decls.iter().find(|d| d.file == file)?;
    let resolver = match member {
        Some(m) => Resolver::for_member(db, m)?,
        None => Resolver::for_type_decl(db, ty, decl)?,
    };
    Some(resolver.resolve(type_ref))
}

/// Resolves a type reference written in a using directive at `offset` (outside every type
/// declaration), as the directive's target is resolved: in the compilation unit and the namespace
/// declarations around it, without the usings of its own level. `None` inside a type declaration.
pub fn resolve_using_target_at(
    db: &dyn Db,
    file: FileId,
    offset: TextSize,
    type_ref: &TypeRef,
) -> Option<Ty> {
    if innermost(db, file, offset).is_some() {
        return None;
    }
    let source = db.source_file(file)?;
    let project = file_project(db, source)?;
    let tree = file_item_tree(db, source);
    let map = item_source_map(db, source);
    // The innermost namespace declaration holding the directive.
    let ns = tree
        .namespaces
        .iter()
        .filter_map(|(idx, _)| Some((idx, map.namespace_range(idx)?.full)))
        .filter(|(_, range)| range.contains_inclusive(offset))
        .min_by_key(|(_, range)| range.len())
        .map(|(idx, _)| idx);
    Some(Resolver::for_using(db, project, &tree, ns).resolve_using_target(type_ref))
}

/// The innermost declared member containing `offset`, else the innermost type: the symbol a
/// reference at `offset` is made from.
pub fn enclosing_symbol(db: &dyn Db, file: FileId, offset: TextSize) -> Option<Symbol> {
    let (ty, member) = innermost(db, file, offset)?;
    Some(member.map_or(Symbol::Type(ty), Symbol::Member))
}
