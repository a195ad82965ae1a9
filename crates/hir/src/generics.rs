//! What a type parameter is bound by (`where T : Entity, IComparable<T>`), so members can be looked up
//! on values of type `T`.

use crate::{
    base_db::Db,
    def_map::{TypeId, def_map, type_header},
    item_tree::{TypeParamBound, file_item_tree},
    resolve::{Resolver, type_param_names},
    symbols::{MemberId, member_ref},
    ty::{Ty, TypeParam},
};

/// The resolved bound types of a type parameter that is in scope in `member` (its own, or one of its
/// containing types'), most specific first as written.
pub fn type_param_bounds(db: &dyn Db, member: MemberId, param: &TypeParam) -> Vec<Ty> {
    if param.of_method {
        let Some(data) = member_ref(db, member) else {
            return Vec::new();
        };
        let Some(resolver) = Resolver::for_member(db, member) else {
            return Vec::new();
        };
        return resolve_bounds(&resolver, &data.bounds, &param.name);
    }
    // Type parameters are numbered across the containing types, outermost first.
    let mut chain = vec![member.ty];
    while let Some(parent) = type_header(db, chain[chain.len() - 1]).and_then(|h| h.parent) {
        chain.push(parent);
    }
    let mut first = 0u32;
    for &owner in chain.iter().rev() {
        let count = type_param_names(db, owner).len() as u32;
        if param.index < first + count {
            return type_bounds(db, owner, &param.name);
        }
        first += count;
    }
    Vec::new()
}

fn type_bounds(db: &dyn Db, owner: TypeId, name: &str) -> Vec<Ty> {
    let map = def_map(db, owner.project);
    // Partial declarations may each repeat the constraints; the first that has them is enough.
    for &decl in &map.type_def(owner).decls {
        let Some(file) = db.source_file(decl.file) else {
            continue;
        };
        let tree = file_item_tree(db, file);
        let bounds = &tree.types[decl.item].bounds;
        if bounds.iter().any(|b| b.param == name)
            && let Some(resolver) = Resolver::for_type_decl(db, owner, decl)
        {
            return resolve_bounds(&resolver, bounds, name);
        }
    }
    Vec::new()
}

fn resolve_bounds(resolver: &Resolver<'_>, bounds: &[TypeParamBound], name: &str) -> Vec<Ty> {
    bounds
        .iter()
        .filter(|b| b.param == name)
        .flat_map(|b| b.types.iter().map(|t| resolver.resolve(t)))
        .collect()
}
