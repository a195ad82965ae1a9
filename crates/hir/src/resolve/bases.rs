//! A type's direct bases: its base list resolved (a step of name resolution, since resolving a
//! name looks into the bases of the enclosing types), plus the implicit base class and records'
//! `IEquatable<T>`. The transitive parts (chains, all interfaces, derived types) are `hierarchy`'s.

use crate::{
    base_db::Db,
    def_map::{TypeId, TypeKey, def_map},
    item_tree::{TypeKind, file_item_tree},
    library::{self, KnownType, ScopedDb},
    resolve::Resolver,
    ty::Ty,
};

/// A type's direct bases, resolved, with generic arguments in terms of the type's own parameters.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct TypeBases {
    /// The base class: declared, or the implicit one (`System.Object`, `System.ValueType`,
    /// `System.Enum`, `System.MulticastDelegate`); `None` for interfaces.
    pub base_class: Option<Ty>,
    /// Interfaces declared in the base lists of all declarations (plus `IEquatable<T>` that records
    /// implement), in order, without duplicates.
    pub interfaces: Vec<Ty>,
}

pub fn type_bases(db: &dyn Db, id: TypeId) -> &TypeBases {
    type_bases_query(db, id.key())
}

/// Resolving a base list may look at the bases of the containing types; in invalid code that can come
/// back to this type (`class A : A.B.C`): such a cycle resolves to no bases.
#[salsa::tracked(returns(ref), cycle_result = bases_cycle_result)]
fn type_bases_query<'db>(db: &'db dyn Db, key: TypeKey<'db>) -> TypeBases {
    let id = key.id(db);
    let map = def_map(db, id.project);
    let def = map.type_def(id);
    let mut bases = TypeBases::default();
    let mut explicit_class = None;
    let sdb = ScopedDb::project(db, id.project);
    for &decl in &def.decls {
        let Some(file) = db.source_file(decl.file) else {
            continue;
        };
        let tree = file_item_tree(db, file);
        let Some(resolver) = Resolver::for_base_list(db, id, decl) else {
            continue;
        };
        let item = &tree.types[decl.item];
        if item.kind == TypeKind::Enum {
            // `enum E : byte` names the underlying type, not a base.
            continue;
        }
        for (i, base) in item.bases.iter().enumerate() {
            let ty = resolver.resolve(base);
            if matches!(ty, Ty::TypeParam(_)) {
                // `class H<T> : T` does not compile (CS0689): a type parameter is never a base, and
                // taking it for one would make `class G : H<G>` inherit from itself.
                continue;
            }
            let is_class_slot =
                i == 0 && matches!(def.kind, TypeKind::Class | TypeKind::RecordClass);
            if is_class_slot && !is_interface(&sdb, &ty) {
                // Each part of a partial class may repeat the base class; it is never an
                // interface (the first one counts where parts disagree, which does not compile).
                explicit_class.get_or_insert(ty);
            } else if !bases.interfaces.contains(&ty) {
                bases.interfaces.push(ty);
            }
        }
    }
    if def.kind.is_record() {
        let this = Ty::Source(id, Resolver::identity_args(db, id));
        let equatable = KnownType::IEquatable.ty(db, vec![this]);
        if !bases.interfaces.contains(&equatable) {
            bases.interfaces.push(equatable);
        }
    }
    bases.base_class = match def.kind {
        TypeKind::Interface => None,
        TypeKind::Class | TypeKind::RecordClass => {
            Some(explicit_class.unwrap_or_else(|| Ty::object(db)))
        }
        TypeKind::Struct | TypeKind::RecordStruct => Some(Ty::known(db, KnownType::ValueType)),
        TypeKind::Enum => Some(Ty::known(db, KnownType::Enum)),
        TypeKind::Delegate => Some(Ty::known(db, KnownType::MulticastDelegate)),
    };
    bases
}

/// The underlying type of a source enum (`enum E : byte`; `int` when none is written, §19.2).
pub(crate) fn enum_underlying(db: &dyn Db, id: TypeId) -> Ty {
    let map = def_map(db, id.project);
    let written = map.type_def(id).decls.first().and_then(|&decl| {
        let file = db.source_file(decl.file)?;
        let tree = file_item_tree(db, file);
        let base = tree.types[decl.item].bases.first()?;
        Some(Resolver::for_base_list(db, id, decl)?.resolve(base))
    });
    written.unwrap_or_else(|| Ty::known(db, KnownType::Int32))
}

fn bases_cycle_result<'db>(_db: &'db dyn Db, _id: salsa::Id, _key: TypeKey<'db>) -> TypeBases {
    TypeBases::default()
}

/// Whether a base-list entry names an interface: known for source types and those of the
/// project's assemblies; for a type no assembly declares, by the .NET naming convention (`IFoo`).
fn is_interface(sdb: &ScopedDb<'_>, ty: &Ty) -> bool {
    let db = sdb.db();
    match ty {
        Ty::Source(id, _) => def_map(db, id.project).type_def(*id).kind == TypeKind::Interface,
        Ty::Library(..) | Ty::Unresolved(..) => library::library_kind(sdb, ty)
            .map(|k| k == metadata::TypeKind::Interface)
            .unwrap_or_else(|| {
                let name = ty.written_name(db).map_or("", |(n, _)| n);
                let last = name.rsplit('.').next().unwrap_or(name);
                let mut chars = last.chars();
                chars.next() == Some('I') && chars.next().is_some_and(char::is_uppercase)
            }),
        _ => false,
    }
}
