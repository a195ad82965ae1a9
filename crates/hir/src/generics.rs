//! What a type parameter is bound by (`where T : Entity, IComparable<T>`), so members can be looked up
//! on values of type `T`.

use crate::{
    base_db::Db,
    def_map::{TypeId, def_map},
    item_tree::{TypeKind, TypeParamBound, file_item_tree},
    library::{ScopedDb, library_kind},
    lookup,
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

/// Whether a type parameter in scope in `member` may be a reference type: it has the `class`
/// constraint or a class type among its constraints (its effective base class is not `object`,
/// §15.2.5), directly or through a type parameter it is constrained by; a type the binder cannot
/// tell counts. One with none (only interfaces, `struct`, `new()`) is not known to be one, so no
/// variance conversion goes through it (§18.2.3.3: `Func<TValue>` does not convert to
/// `Func<object>`).
pub(crate) fn type_param_may_be_reference(
    db: &dyn Db,
    member: MemberId,
    param: &TypeParam,
) -> bool {
    may_be_reference(db, member, param, 0)
}

fn may_be_reference(db: &dyn Db, member: MemberId, param: &TypeParam, depth: usize) -> bool {
    // The compiler rejects circular constraints (CS0454); the depth keeps them finite here.
    if depth > 8 {
        return true;
    }
    with_bounds(db, member, param, |resolver, bounds| {
        (bounds.iter())
            .filter(|b| b.param == param.name)
            .any(|b| b.reference_type)
            || resolve_bounds(resolver, bounds, &param.name)
                .iter()
                .any(|bound| match bound {
                    Ty::Source(id, _) => lookup::type_kind(db, *id) == TypeKind::Class,
                    Ty::Library(..) => !matches!(
                        library_kind(&ScopedDb::project(db, member.ty.project), bound),
                        Some(metadata::TypeKind::Interface)
                    ),
                    Ty::TypeParam(other) => may_be_reference(db, member, other, depth + 1),
                    _ => true,
                })
    })
    .unwrap_or(false)
}

/// The type parameters in scope in `member` (its containing types', then its own) that no
/// constraint may make reference types (see [`type_param_may_be_reference`]).
pub(crate) fn plain_type_params(db: &dyn Db, member: MemberId) -> Vec<TypeParam> {
    let of_types = Resolver::identity_args(db, member.ty)
        .into_iter()
        .filter_map(|ty| match ty {
            Ty::TypeParam(param) => Some(param),
            _ => None,
        });
    let of_method = (member_ref(db, member).map(|data| data.type_params.clone()))
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(index, name)| TypeParam {
            name,
            index: index as u32,
            of_method: true,
        });
    of_types
        .chain(of_method)
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
    let mut first = 0u32;
    for &owner in lookup::containing_types(db, member.ty).iter().rev() {
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
