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

/// A type symbol: an index into the def map of the project that declares it. Valid within one
/// revision; the stable identity is the documentation id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId {
    pub project: ProjectId,
    pub idx: u32,
}

#[salsa::interned(revisions = usize::MAX)]
pub(crate) struct TypeKey<'db> {
    #[returns(copy)]
    pub(crate) id: TypeId,
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct DefMap {
    types: Vec<TypeDef>,
    /// Keyed by the full namespace name; `""` is the global namespace.
    namespaces: FxHashMap<SmolStr, NamespaceDef>,
    /// Which symbol each type declaration belongs to.
    decl_owner: FxHashMap<TypeDecl, u32>,
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct NamespaceDef {
    pub types: FxHashMap<(SmolStr, u32), u32>,
}

#[derive(Debug, PartialEq, Eq)]
pub struct TypeDef {
    pub name: SmolStr,
    pub arity: u32,
    /// Of the first declaration; partial declarations must agree.
    pub kind: TypeKind,
    /// The full name of the namespace the type (or its outermost container) is declared in.
    pub namespace: SmolStr,
    pub parent: Option<u32>,
    pub nested: FxHashMap<(SmolStr, u32), u32>,
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
    pub fn type_def(&self, idx: u32) -> &TypeDef {
        &self.types[idx as usize]
    }

    pub fn types(&self) -> impl Iterator<Item = (u32, &TypeDef)> {
        self.types.iter().enumerate().map(|(i, t)| (i as u32, t))
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

    pub fn type_in_namespace(&self, namespace: &str, name: &str, arity: u32) -> Option<u32> {
        self.namespaces
            .get(namespace)?
            .types
            .get(&(SmolStr::new(name), arity))
            .copied()
    }

    pub fn type_of_decl(&self, decl: TypeDecl) -> Option<u32> {
        self.decl_owner.get(&decl).copied()
    }

    pub fn nested_type(&self, parent: u32, name: &str, arity: u32) -> Option<u32> {
        self.types
            .get(parent as usize)?
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

struct Collector {
    map: DefMap,
}

impl Collector {
    fn collect_items(
        &mut self,
        tree: &ItemTree,
        file: FileId,
        namespace: &str,
        items: &[ItemRef],
        parent: Option<u32>,
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
        parent: Option<u32>,
    ) {
        let data = &tree.types[item];
        let key = (data.name.clone(), data.arity());
        let existing = match parent {
            Some(p) => self.map.types[p as usize].nested.get(&key).copied(),
            None => self
                .map
                .namespaces
                .get(namespace)
                .and_then(|ns| ns.types.get(&key))
                .copied(),
        };
        let idx = match existing {
            Some(idx) => {
                let def = &mut self.map.types[idx as usize];
                def.decls.push(TypeDecl { file, item });
                def.modifiers.insert(data.modifiers);
                idx
            }
            None => {
                let idx = self.map.types.len() as u32;
                self.map.types.push(TypeDef {
                    name: data.name.clone(),
                    arity: data.arity(),
                    kind: data.kind,
                    namespace: SmolStr::new(namespace),
                    parent,
                    nested: FxHashMap::default(),
                    decls: vec![TypeDecl { file, item }],
                    modifiers: data.modifiers,
                });
                match parent {
                    Some(p) => {
                        self.map.types[p as usize].nested.insert(key, idx);
                    }
                    None => {
                        self.map
                            .namespaces
                            .entry(SmolStr::new(namespace))
                            .or_default()
                            .types
                            .insert(key, idx);
                    }
                }
                idx
            }
        };
        self.map.decl_owner.insert(TypeDecl { file, item }, idx);
        for &nested in &data.nested {
            self.collect_type(tree, file, namespace, nested, Some(idx));
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
