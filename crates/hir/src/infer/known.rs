//! What the language itself says of types outside the sources (the special types C# names: its
//! predefined types and their numeric conversions, delegates and `Expression<T>`, `IEnumerable<T>`
//! for `foreach` and query expressions), as rust-analyzer's lang items. Everything else about
//! framework types comes from their assemblies (`crate::library`).

use smol_str::SmolStr;

use crate::{
    base_db::Db,
    def_map::TypeDecl,
    infer::overload::{Conv, supertypes},
    item_tree::TypeKind,
    library::{KnownType, ScopedDb},
    resolve::Resolver,
    ty::Ty,
};

pub(crate) fn is_predefined(db: &dyn Db, ty: &Ty) -> bool {
    ty.which_known(db, &KnownType::PREDEFINED).is_some()
}

/// Implicit numeric conversions (C# §10.2.3), `None` when either side is not numeric.
pub(crate) fn numeric_conv(db: &dyn Db, from: &Ty, to: &Ty) -> Option<Conv> {
    use KnownType::*;
    const NUMERIC: [KnownType; 12] = [
        SByte, Byte, Int16, UInt16, Int32, UInt32, Int64, UInt64, Char, Single, Double, Decimal,
    ];
    let (Some(from), Some(to)) = (from.which_known(db, &NUMERIC), to.which_known(db, &NUMERIC))
    else {
        return None;
    };
    let targets: &[KnownType] = match from {
        SByte => &[Int16, Int32, Int64, Single, Double, Decimal],
        Byte => &[
            Int16, UInt16, Int32, UInt32, Int64, UInt64, Single, Double, Decimal,
        ],
        Int16 => &[Int32, Int64, Single, Double, Decimal],
        UInt16 | Char => &[
            UInt16, Int32, UInt32, Int64, UInt64, Single, Double, Decimal,
        ],
        Int32 => &[Int64, Single, Double, Decimal],
        UInt32 => &[Int64, UInt64, Single, Double, Decimal],
        Int64 | UInt64 => &[Single, Double, Decimal],
        Single => &[Double],
        _ => &[],
    };
    Some(if targets.contains(&to) {
        Conv::Implicit
    } else {
        Conv::No
    })
}

/// The parameter types and return type of a delegate type.
pub(crate) fn delegate_shape(sdb: &ScopedDb<'_>, ty: &Ty) -> Option<(Vec<Ty>, Ty)> {
    let db = sdb.db();
    match ty {
        // `event EventHandler<T>? Changed`: the annotation does not change the shape.
        Ty::Nullable(inner) => delegate_shape(sdb, inner),
        Ty::Source(id, args) => {
            let map = crate::def_map::def_map(db, id.project);
            let def = map.type_def(*id);
            if def.kind != TypeKind::Delegate {
                return None;
            }
            let decl: TypeDecl = *def.decls.first()?;
            let file = db.source_file(decl.file)?;
            let tree = crate::item_tree::file_item_tree(db, file);
            let item = &tree.types[decl.item];
            let resolver = Resolver::for_type_decl(db, *id, decl)?;
            let params = item
                .delegate_params
                .iter()
                .map(|p| resolver.resolve(&p.ty).substitute(args))
                .collect();
            let ret = item
                .delegate_return
                .as_ref()
                .map_or(Ty::Unknown, |r| resolver.resolve(r).substitute(args));
            Some((params, ret))
        }
        Ty::Library(..) => {
            // `Expression<Func<..>>` converts from a lambda as its delegate does (a language rule).
            if let Some([delegate]) = ty.known_args(db, KnownType::Expression) {
                return delegate_shape(sdb, delegate);
            }
            crate::library::library_delegate_shape(sdb, ty)
        }
        _ => None,
    }
}

/// The element type `foreach` sees.
pub(crate) fn element_type(sdb: &ScopedDb<'_>, ty: &Ty) -> Ty {
    let db = sdb.db();
    match ty {
        Ty::Array(elem, _) => return (**elem).clone(),
        _ if ty.is_known(db, KnownType::String) => return Ty::known(db, KnownType::Char),
        Ty::Unknown => return Ty::Unknown,
        _ => {}
    }
    if let Ty::Library(..) = ty
        && let Some(element) = library_enumerated(sdb, ty)
    {
        return element;
    }
    for sup in &supertypes(sdb, ty).0 {
        for generic in [KnownType::IEnumerableOfT, KnownType::IAsyncEnumerableOfT] {
            if let Some([element]) = sup.known_args(db, generic) {
                return element.clone();
            }
        }
    }
    Ty::Unknown
}

/// What `foreach` over a library type enumerates (C# §13.9.5): the `Current` of what its public
/// instance `GetEnumerator()` returns, found as member lookup finds it (an `IList` reaches
/// `IEnumerable.GetEnumerator()`, whose `Current` is `object`; a `StringCollection`'s enumerator
/// gives `string`).
fn library_enumerated(sdb: &ScopedDb<'_>, ty: &Ty) -> Option<Ty> {
    let db = sdb.db();
    use crate::library::{LibMemberKind, library_members, library_signature};
    let defs = sdb.libs();
    let is_parameterless_instance = |m: &crate::library::LibMember| {
        m.kind == LibMemberKind::Method && {
            let method = defs.method(m.ty, m.idx);
            !method.is_static && method.params.is_empty()
        }
    };
    let (decl, get_enumerator) = library_members(db, defs, ty, "GetEnumerator")
        .into_iter()
        .find_map(|(decl, members)| {
            let m = members.into_iter().find(is_parameterless_instance)?;
            Some((decl, m))
        })?;
    let enumerator = library_signature(db, &decl, get_enumerator).ret;
    if let Some([element]) = enumerator.known_args(db, KnownType::IEnumeratorOfT) {
        return Some(element.clone());
    }
    let (decl, current) = library_members(db, defs, &enumerator, "Current")
        .into_iter()
        .find_map(|(decl, members)| {
            let m = members
                .into_iter()
                .find(|m| m.kind == LibMemberKind::Property)?;
            Some((decl, m))
        })?;
    Some(library_signature(db, &decl, current).ret).filter(|t| *t != Ty::Unknown)
}

/// A framework method's full name for the call graph: the declaring type as far as it is known.
pub(crate) fn external_name(db: &dyn Db, receiver: &Ty, name: &str) -> SmolStr {
    let ty = match receiver {
        Ty::Unknown => return SmolStr::new(name),
        Ty::Library(id, _) => id.name(db).to_string(),
        Ty::Unresolved(n, _) => n.to_string(),
        other => other.full_name(db),
    };
    SmolStr::new(format!("{ty}.{name}"))
}
