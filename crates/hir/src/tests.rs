//! `hir`'s own tests over `test-fixture` fixtures: item trees, def maps, name resolution and the
//! type hierarchy, each rendered as plain text for an expect-test snapshot.

mod def_map;
mod hierarchy;
mod item_tree;
mod resolve;

use test_fixture::Fixture;

use crate::{Change, Db, RootDatabase, Symbol, Ty, TypeId, full_name};

/// A database loaded with `fixture`, and the fixture (for its file ids); for any test in `hir`.
pub(crate) fn load(fixture: &str) -> (RootDatabase, Fixture) {
    let fixture = Fixture::parse(fixture);
    let mut db = RootDatabase::default();
    db.apply_change(Change::from_fixture(&fixture));
    (db, fixture)
}

/// The source type whose full name (type parameters included: `Ns.Repo<T>`) is `name`, in any
/// project (panics without exactly one).
fn source_type(db: &RootDatabase, name: &str) -> TypeId {
    let graph = db.workspace().graph(db);
    let found: Vec<TypeId> = graph
        .iter()
        .flat_map(|(project, _)| {
            crate::def_map(db, project)
                .types()
                .map(|(id, _)| id)
                .collect::<Vec<_>>()
        })
        .filter(|&id| full_name(db, Symbol::Type(id)) == name)
        .collect();
    match found[..] {
        [id] => id,
        _ => panic!("{} source types named {name}", found.len()),
    }
}

/// A resolved type with where it came from: `source Ns.A<int>`, `library System.String`,
/// `unresolved Missing`.
fn render_ty(db: &RootDatabase, ty: &Ty) -> String {
    let origin = match ty {
        Ty::Source(..) => "source",
        Ty::Library(..) => "library",
        Ty::Unresolved(..) => "unresolved",
        Ty::TypeParam(_) => "type parameter",
        _ => "constructed",
    };
    format!("{origin} {}", ty.full_name(db))
}
