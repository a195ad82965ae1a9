//! The definition map of a project: its namespace tree and its type symbols, with partial declarations
//! merged into one symbol and nested types attached to their parent.
//!
//! Built only from item trees, so a body edit never rebuilds it.

use std::sync::Arc;

use rustc_hash::FxHashMap;
use smol_str::SmolStr;

use crate::{
    base_db::{Db, FileId, ProjectId},
    item_tree::{ItemRef, ItemTree, Modifiers, TypeIdx, TypeKind, file_item_tree},
};

/// A type symbol of the sources: the project that declares it and its interned [`TypeName`], so the
/// same type keeps the same id across revisions whatever is declared before it (rust-analyzer's
/// stable ids): a query keyed by it, or returning it, is unaffected by an unrelated new type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId {
    pub project: ProjectId,
    name: salsa::Id,
}

/// What identifies a type declared in the sources: its project, its namespace (that of its
/// outermost container for a nested type), its containing type, its name and arity. Partial
/// declarations share it. Immortal, so an id never changes meaning.
#[salsa::interned(revisions = usize::MAX)]
struct TypeName<'db> {
    project: ProjectId,
    parent: Option<TypeId>,
    #[returns(ref)]
    namespace: SmolStr,
    #[returns(ref)]
    name: SmolStr,
    arity: u32,
}

impl TypeId {
    fn intern(
        db: &dyn Db,
        project: ProjectId,
        parent: Option<TypeId>,
        namespace: &str,
        name: &SmolStr,
        arity: u32,
    ) -> TypeId {
        let key = TypeName::new(
            db,
            project,
            parent,
            SmolStr::new(namespace),
            name.clone(),
            arity,
        );
        TypeId {
            project,
            name: salsa::plumbing::AsId::as_id(&key),
        }
    }
}

#[salsa::interned(revisions = usize::MAX)]
pub(crate) struct TypeKey<'db> {
    #[returns(copy)]
    pub(crate) id: TypeId,
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct DefMap {
    /// In declaration order (files in project order).
    types: Vec<(TypeId, TypeDef)>,
    /// Where each type is in `types`.
    positions: FxHashMap<TypeId, u32>,
    /// Keyed by the full namespace name; `""` is the global namespace.
    namespaces: FxHashMap<SmolStr, NamespaceDef>,
    /// Which symbol each type declaration belongs to.
    decl_owner: FxHashMap<TypeDecl, TypeId>,
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct NamespaceDef {
    pub types: FxHashMap<(SmolStr, u32), TypeId>,
}

#[derive(Debug, PartialEq, Eq)]
pub struct TypeDef {
    pub name: SmolStr,
    pub arity: u32,
    /// Of the first declaration; partial declarations must agree.
    pub kind: TypeKind,
    /// The full name of the namespace the type (or its outermost container) is declared in.
    pub namespace: SmolStr,
    pub parent: Option<TypeId>,
    pub nested: FxHashMap<(SmolStr, u32), TypeId>,
    /// Every declaration, in file order: more than one for a partial type.
    pub decls: Vec<TypeDecl>,
    pub modifiers: Modifiers,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TypeDecl {
    pub file: FileId,
    pub item: TypeIdx,
}

impl DefMap {
    /// The definition of a type of this project (`id` must be one of its types, of this revision).
    pub fn type_def(&self, id: TypeId) -> &TypeDef {
        &self.types[self.positions[&id] as usize].1
    }

    /// The definition of `id` if this revision's sources still declare it.
    pub fn get(&self, id: TypeId) -> Option<&TypeDef> {
        Some(&self.types[*self.positions.get(&id)? as usize].1)
    }

    pub fn types(&self) -> impl Iterator<Item = (TypeId, &TypeDef)> {
        self.types.iter().map(|(id, t)| (*id, t))
    }

    pub fn namespace(&self, full_name: &str) -> Option<&NamespaceDef> {
        self.namespaces.get(full_name)
    }

    pub fn has_namespace(&self, full_name: &str) -> bool {
        self.namespaces.contains_key(full_name)
    }

    pub fn namespace_names(&self) -> impl Iterator<Item = &SmolStr> {
        self.namespaces.keys()
    }

    pub fn type_in_namespace(&self, namespace: &str, name: &str, arity: u32) -> Option<TypeId> {
        self.namespaces
            .get(namespace)?
            .types
            .get(&(SmolStr::new(name), arity))
            .copied()
    }

    pub fn type_of_decl(&self, decl: TypeDecl) -> Option<TypeId> {
        self.decl_owner.get(&decl).copied()
    }

    pub fn nested_type(&self, parent: TypeId, name: &str, arity: u32) -> Option<TypeId> {
        self.get(parent)?
            .nested
            .get(&(SmolStr::new(name), arity))
            .copied()
    }
}

/// Salsa keys its queries by salsa structs: plain ids go through this interned wrapper.
#[salsa::interned(revisions = usize::MAX)]
pub(crate) struct ProjectKey<'db> {
    #[returns(copy)]
    pub(crate) id: ProjectId,
}

/// The definition map of one project's own sources (referenced projects have their own).
pub fn def_map(db: &dyn Db, project: ProjectId) -> Arc<DefMap> {
    def_map_query(db, ProjectKey::new(db, project))
}

#[salsa::tracked(returns(clone))]
fn def_map_query<'db>(db: &'db dyn Db, key: ProjectKey<'db>) -> Arc<DefMap> {
    let project = key.id(db);
    let graph = db.workspace().graph(db);
    let mut collector = Collector {
        db,
        project,
        map: DefMap::default(),
    };
    collector
        .map
        .namespaces
        .insert(SmolStr::default(), NamespaceDef::default());
    if let Some(data) = graph.project(project) {
        for &file_id in &data.files {
            let Some(file) = db.source_file(file_id) else {
                continue;
            };
            let tree = file_item_tree(db, file);
            collector.collect_items(&tree, file_id, "", &tree.top_items, None);
        }
    }
    Arc::new(collector.map)
}

struct Collector<'a> {
    db: &'a dyn Db,
    project: ProjectId,
    map: DefMap,
}

impl Collector<'_> {
    fn collect_items(
        &mut self,
        tree: &ItemTree,
        file: FileId,
        namespace: &str,
        items: &[ItemRef],
        parent: Option<TypeId>,
    ) {
        for item in items {
            match *item {
                ItemRef::Namespace(ns) => {
                    let ns_data = &tree.namespaces[ns];
                    let mut full = namespace.to_owned();
                    for segment in &ns_data.name {
                        if !full.is_empty() {
                            full.push('.');
                        }
                        full.push_str(segment);
                        self.map.namespaces.entry(SmolStr::new(&full)).or_default();
                    }
                    self.collect_items(tree, file, &full, &ns_data.items, None);
                }
                ItemRef::Type(ty) => self.collect_type(tree, file, namespace, ty, parent),
            }
        }
    }

    fn collect_type(
        &mut self,
        tree: &ItemTree,
        file: FileId,
        namespace: &str,
        item: TypeIdx,
        parent: Option<TypeId>,
    ) {
        let data = &tree.types[item];
        let key = (data.name.clone(), data.arity());
        let existing = match parent {
            Some(p) => self
                .map
                .get(p)
                .and_then(|def| def.nested.get(&key))
                .copied(),
            None => self
                .map
                .namespaces
                .get(namespace)
                .and_then(|ns| ns.types.get(&key))
                .copied(),
        };
        let id = match existing {
            Some(id) => {
                let def = &mut self.map.types[self.map.positions[&id] as usize].1;
                def.decls.push(TypeDecl { file, item });
                def.modifiers.insert(data.modifiers);
                id
            }
            None => {
                let id = TypeId::intern(self.db, self.project, parent, namespace, &key.0, key.1);
                self.map.positions.insert(id, self.map.types.len() as u32);
                self.map.types.push((
                    id,
                    TypeDef {
                        name: data.name.clone(),
                        arity: data.arity(),
                        kind: data.kind,
                        namespace: SmolStr::new(namespace),
                        parent,
                        nested: FxHashMap::default(),
                        decls: vec![TypeDecl { file, item }],
                        modifiers: data.modifiers,
                    },
                ));
                match parent {
                    Some(p) => {
                        let p = self.map.positions[&p] as usize;
                        self.map.types[p].1.nested.insert(key, id);
                    }
                    None => {
                        self.map
                            .namespaces
                            .entry(SmolStr::new(namespace))
                            .or_default()
                            .types
                            .insert(key, id);
                    }
                }
                id
            }
        };
        self.map.decl_owner.insert(TypeDecl { file, item }, id);
        for &nested in &data.nested {
            self.collect_type(tree, file, namespace, nested, Some(id));
        }
    }
}

/// The projects whose types a project sees: itself first, then its references, transitively (SDK-style
/// project references flow through), each once.
pub fn visible_projects(db: &dyn Db, project: ProjectId) -> Arc<[ProjectId]> {
    visible_projects_query(db, ProjectKey::new(db, project))
}

#[salsa::tracked(returns(clone))]
fn visible_projects_query<'db>(db: &'db dyn Db, key: ProjectKey<'db>) -> Arc<[ProjectId]> {
    let project = key.id(db);
    let graph = db.workspace().graph(db);
    let mut seen = vec![project];
    let mut i = 0;
    while i < seen.len() {
        if let Some(data) = graph.project(seen[i]) {
            for &r in &data.references {
                if !seen.contains(&r) {
                    seen.push(r);
                }
            }
        }
        i += 1;
    }
    seen.into()
}
