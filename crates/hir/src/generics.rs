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
    with_bounds(db, member, param, |resolver, bounds| {
        resolve_bounds(resolver, bounds, &param.name)
    })
    .unwrap_or_default()
}

/// Whether a type parameter in scope in `member` has a constraint that may make it a reference
/// type (`class`, or a constraint type: a class type makes it one, §15.2.5); one with none (or
/// only `struct`, `new()`) is not known to be one, so no variance conversion goes through it
/// (§18.2.3.3: `Func<TValue>` does not convert to `Func<object>`).
pub(crate) fn type_param_may_be_reference(
    db: &dyn Db,
    member: MemberId,
    param: &TypeParam,
) -> bool {
    with_bounds(db, member, param, |_, bounds| {
        bounds
            .iter()
            .filter(|b| b.param == param.name)
            .any(|b| b.reference_type || !b.types.is_empty())
    })
    .unwrap_or(false)
}

/// The type parameters in scope in `member` (its own, its containing types') that no constraint
/// may make reference types (see [`type_param_may_be_reference`]).
pub(crate) fn plain_type_params(db: &dyn Db, member: MemberId) -> Vec<TypeParam> {
    let mut chain = vec![member.ty];
    while let Some(parent) = type_header(db, chain[chain.len() - 1]).and_then(|h| h.parent) {
        chain.push(parent);
    }
    let of_types = chain
        .iter()
        .rev()
        .flat_map(|&owner| type_param_names(db, owner))
        .enumerate()
        .map(|(index, name)| (name, index, false));
    let of_method = member_ref(db, member)
        .map(|data| data.type_params.clone())
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(index, name)| (name, index, true));
    of_types
        .chain(of_method)
        .map(|(name, index, of_method)| TypeParam {
            name,
            index: index as u32,
            of_method,
        })
        .filter(|param| !type_param_may_be_reference(db, member, param))
        .collect()
}

/// `f` of the `where` clauses that constrain `param` (its declaration's: the member's for a method
/// type parameter, else the first declaration of the owning type that has any for it) and their
/// resolver; `None` when there are none.
fn with_bounds<R>(
    db: &dyn Db,
    member: MemberId,
    param: &TypeParam,
    f: impl FnOnce(&Resolver<'_>, &[TypeParamBound]) -> R,
) -> Option<R> {
    if param.of_method {
        let data = member_ref(db, member)?;
        let resolver = Resolver::for_member(db, member)?;
        return Some(f(&resolver, &data.bounds));
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
            return type_bounds(db, owner, &param.name, f);
        }
        first += count;
    }
    None
}

fn type_bounds<R>(
    db: &dyn Db,
    owner: TypeId,
    name: &str,
    f: impl FnOnce(&Resolver<'_>, &[TypeParamBound]) -> R,
) -> Option<R> {
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
            return Some(f(&resolver, bounds));
        }
    }
    None
}

fn resolve_bounds(resolver: &Resolver<'_>, bounds: &[TypeParamBound], name: &str) -> Vec<Ty> {
    bounds
        .iter()
        .filter(|b| b.param == name)
        .flat_map(|b| b.types.iter().map(|t| resolver.resolve(t)))
        .collect()
}
