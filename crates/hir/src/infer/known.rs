//! What the language itself says of types outside the sources (the special types C# names: its
//! predefined types, delegates and `Expression<T>`, `Task<T>` for `await` and `async` results,
//! `IEnumerable<T>` for iterators), as rust-analyzer's lang items. Everything else about framework
//! types comes from their assemblies (`crate::library`). It depends on nothing else of `infer`:
//! conversions (`conversion.rs`, numeric ones included) and overload resolution build on it.

use smol_str::SmolStr;

use crate::{
    base_db::Db,
    def_map::TypeDecl,
    item_tree::TypeKind,
    library::{KnownType, ScopedDb},
    resolve::Resolver,
    ty::Ty,
};

pub(crate) fn is_predefined(db: &dyn Db, ty: &Ty) -> bool {
    ty.which_known(db, &KnownType::PREDEFINED).is_some()
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

/// The result type of awaiting (or of an `async` method returning) `ty`: `T` of `Task<T>` and
/// `ValueTask<T>`, `void` of `Task` and `ValueTask`, else `ty` itself.
pub(crate) fn unwrap_task(db: &dyn Db, ty: &Ty) -> Ty {
    use KnownType::*;
    match ty.which_known(db, &[Task, ValueTask, TaskOfT, ValueTaskOfT]) {
        Some(TaskOfT | ValueTaskOfT) => ty
            .written_name(db)
            .map_or(Ty::Unknown, |(_, a)| a[0].clone()),
        Some(_) => Ty::known(db, Void),
        None => ty.clone(),
    }
}

/// What an iterator returning `ty` yields (C# §15.15.2): `T` of `IEnumerable<T>`,
/// `IEnumerator<T>` and their async forms, `object` of the non-generic ones.
pub(crate) fn iterator_element(db: &dyn Db, ty: &Ty) -> Option<Ty> {
    use KnownType::*;
    let generic = [
        IEnumerableOfT,
        IEnumeratorOfT,
        IAsyncEnumerableOfT,
        IAsyncEnumeratorOfT,
    ];
    match ty.which_known(db, &generic) {
        Some(_) => ty.written_name(db).map(|(_, a)| a[0].clone()),
        None => ty
            .which_known(db, &[IEnumerable, IEnumerator])
            .map(|_| Ty::object(db)),
    }
}
