//! The definition map of a project: its namespace tree and its type symbols, with partial declarations
//! merged into one symbol and nested types attached to their parent.
//!
//! Built only from item trees, so a body edit never rebuilds it.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};
use smol_str::SmolStr;

use crate::{
    base_db::{Db, FileId, ProjectId},
    item_tree::{
        ItemRef, ItemTree, Modifiers, TypeIdx, TypeKind, TypeParamBound, Variance, file_item_tree,
    },
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
pub(crate) struct TypeName<'db> {
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

/// What a query about one type is keyed by: the type's own interned [`TypeName`], which its id
/// holds, so asking needs no interning. (A wrapper interned per call cost a hash and a shard lock at
/// every ask: a tenth of binding's time went to interning keys.)
pub(crate) type TypeKey<'db> = TypeName<'db>;

impl TypeId {
    pub(crate) fn key<'db>(self) -> TypeKey<'db> {
        salsa::plumbing::FromId::from_id(self.name)
    }
}

impl<'db> TypeName<'db> {
    pub(crate) fn id(self, db: &'db dyn Db) -> TypeId {
        TypeId {
            project: *self.project(db),
            name: salsa::plumbing::AsId::as_id(&self),
        }
    }
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

    pub fn namespace_names(&self) -> impl Iterator<Item = &SmolStr> {
        self.namespaces.keys()
    }

    pub fn type_of_decl(&self, decl: TypeDecl) -> Option<TypeId> {
        self.decl_owner.get(&decl).copied()
    }
}

/// Salsa keys its queries by salsa structs: a project id goes through this interned wrapper.
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

/// What bodies and signatures read of a type: everything but where it is declared, so it stays
/// equal when the declarations around it move.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct TypeHeader {
    pub(crate) name: SmolStr,
    pub(crate) arity: u32,
    pub(crate) kind: TypeKind,
    /// As in [`TypeDef::namespace`].
    pub(crate) namespace: SmolStr,
    pub(crate) parent: Option<TypeId>,
    pub(crate) modifiers: Modifiers,
    /// Of the first declaration.
    pub(crate) type_params: Vec<SmolStr>,
    /// The variance of each type parameter (`in`/`out` of interfaces and delegates).
    pub(crate) variances: Vec<Variance>,
    /// The type parameters its `where` clauses constrain to value types (`T : struct`).
    pub(crate) value_params: Vec<SmolStr>,
}

/// The header of a type of the sources, `None` when this revision no longer declares it.
pub(crate) fn type_header(db: &dyn Db, id: TypeId) -> Option<Arc<TypeHeader>> {
    type_header_query(db, id.key())
}

#[salsa::tracked(returns(clone))]
fn type_header_query<'db>(db: &'db dyn Db, key: TypeKey<'db>) -> Option<Arc<TypeHeader>> {
    let id = key.id(db);
    let map = def_map(db, id.project);
    let def = map.get(id)?;
    let (type_params, variances, value_params) = def
        .decls
        .first()
        .and_then(|decl| {
            let file = db.source_file(decl.file)?;
            let item = &file_item_tree(db, file).types[decl.item];
            Some((
                item.type_params.clone(),
                item.variances.clone(),
                value_type_params(&item.bounds),
            ))
        })
        .unwrap_or_default();
    Some(Arc::new(TypeHeader {
        name: def.name.clone(),
        arity: def.arity,
        kind: def.kind,
        namespace: def.namespace.clone(),
        parent: def.parent,
        modifiers: def.modifiers,
        type_params,
        variances,
        value_params,
    }))
}

/// The type parameters `where` clauses constrain to value types.
pub(crate) fn value_type_params(bounds: &[TypeParamBound]) -> Vec<SmolStr> {
    bounds
        .iter()
        .filter(|b| b.value_type)
        .map(|b| b.param.clone())
        .collect()
}

/// A type's simple name (empty when this revision no longer declares it).
pub(crate) fn type_name(db: &dyn Db, id: TypeId) -> SmolStr {
    type_header(db, id)
        .map(|h| h.name.clone())
        .unwrap_or_default()
}

/// A project's types by simple name: what a body's name lookups read instead of the whole def map,
/// so a new type re-runs only the bodies that look its name up (the def map changes on every
/// item-level edit; one name's entries rarely do).
#[salsa::tracked(returns(clone))]
fn types_by_name<'db>(
    db: &'db dyn Db,
    key: ProjectKey<'db>,
) -> Arc<FxHashMap<SmolStr, Arc<[NamedType]>>> {
    let mut out: FxHashMap<SmolStr, Vec<NamedType>> = FxHashMap::default();
    for (id, def) in def_map(db, key.id(db)).types() {
        out.entry(def.name.clone()).or_default().push(NamedType {
            id,
            parent: def.parent,
            namespace: def.namespace.clone(),
            arity: def.arity,
        });
    }
    Arc::new(out.into_iter().map(|(k, v)| (k, v.into())).collect())
}

/// One type of a name: where it is declared, by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NamedType {
    id: TypeId,
    parent: Option<TypeId>,
    namespace: SmolStr,
    arity: u32,
}

#[salsa::interned(revisions = usize::MAX)]
struct ProjectName<'db> {
    project: ProjectId,
    #[returns(ref)]
    name: SmolStr,
}

/// The types of a project named `name`: backdated unless a type of that name is added or removed.
#[salsa::tracked(returns(clone))]
fn types_named<'db>(db: &'db dyn Db, key: ProjectName<'db>) -> Option<Arc<[NamedType]>> {
    types_by_name(db, ProjectKey::new(db, key.project(db)))
        .get(key.name(db))
        .cloned()
}

fn find_named(
    db: &dyn Db,
    project: ProjectId,
    name: &str,
    matches: impl Fn(&NamedType) -> bool,
) -> Option<TypeId> {
    let found = types_named(db, ProjectName::new(db, project, SmolStr::new(name)))?;
    found.iter().find(|t| matches(t)).map(|t| t.id)
}

/// The types named alike that a project sees, fetched once for several namespaces: a simple name in a
/// body is looked for in the namespace of every using directive.
pub(crate) struct TypesNamed(Option<Arc<[NamedType]>>);

impl TypesNamed {
    /// The types named `name` of every project `project` sees, in the order of
    /// [`visible_projects`]: one read for a lookup of the name, whose memo then depends on one
    /// query, not on one per visible project (a memo keeps its dependencies: with dozens of
    /// projects in view they were most of a name's memory).
    pub(crate) fn visible_from(db: &dyn Db, project: ProjectId, name: &str) -> TypesNamed {
        TypesNamed(visible_types_named(
            db,
            ProjectName::new(db, project, SmolStr::new(name)),
        ))
    }

    /// The one declared in `namespace` (not nested) of that arity.
    pub(crate) fn in_namespace(&self, namespace: &str, arity: u32) -> Option<TypeId> {
        let found = self.0.as_deref()?;
        found
            .iter()
            .find(|t| t.parent.is_none() && t.arity == arity && t.namespace == namespace)
            .map(|t| t.id)
    }
}

#[salsa::tracked(returns(clone))]
fn visible_types_named<'db>(db: &'db dyn Db, key: ProjectName<'db>) -> Option<Arc<[NamedType]>> {
    let name = key.name(db);
    let all: Vec<NamedType> = visible_projects(db, *key.project(db))
        .iter()
        .filter_map(|&p| types_named(db, ProjectName::new(db, p, name.clone())))
        .flat_map(|found| found.to_vec())
        .collect();
    (!all.is_empty()).then(|| all.into())
}

/// Whether a project `project` sees declares the namespace `full_name` (with its outer levels):
/// one query for what was one per visible project (see [`TypesNamed::visible_from`]).
pub(crate) fn visible_has_namespace(db: &dyn Db, project: ProjectId, full_name: &str) -> bool {
    visible_namespaces(db, ProjectKey::new(db, project)).contains(full_name)
}

#[salsa::tracked(returns(clone))]
fn visible_namespaces<'db>(db: &'db dyn Db, key: ProjectKey<'db>) -> Arc<FxHashSet<SmolStr>> {
    let mut all = FxHashSet::default();
    for &p in visible_projects(db, key.id(db)).iter() {
        all.extend(namespaces(db, ProjectKey::new(db, p)).iter().cloned());
    }
    Arc::new(all)
}

/// The type nested in `parent` named `name` of that arity.
pub(crate) fn nested_type(db: &dyn Db, parent: TypeId, name: &str, arity: u32) -> Option<TypeId> {
    find_named(db, parent.project, name, |t| {
        t.parent == Some(parent) && t.arity == arity
    })
}

/// The names of the types nested directly in a type (what may hide a namespace's type of the name
/// inside it): backdated unless one is added, removed or renamed.
pub(crate) fn nested_type_names(db: &dyn Db, id: TypeId) -> Arc<[SmolStr]> {
    nested_type_names_query(db, id.key())
}

#[salsa::tracked(returns(clone))]
fn nested_type_names_query<'db>(db: &'db dyn Db, key: TypeKey<'db>) -> Arc<[SmolStr]> {
    let id = key.id(db);
    let map = def_map(db, id.project);
    let Some(def) = map.get(id) else {
        return Arc::default();
    };
    let mut names: Vec<SmolStr> = def.nested.keys().map(|(name, _)| name.clone()).collect();
    names.sort();
    names.dedup();
    names.into()
}

/// The namespaces a project's sources declare (with their outer levels).
#[salsa::tracked(returns(clone))]
fn namespaces<'db>(db: &'db dyn Db, key: ProjectKey<'db>) -> Arc<FxHashSet<SmolStr>> {
    Arc::new(def_map(db, key.id(db)).namespace_names().cloned().collect())
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

/// `T:Ns.Outer`1.Inner`: a source type's documentation name, from its headers alone.
pub fn type_doc_name(db: &dyn Db, id: TypeId) -> String {
    let mut chain = Vec::new();
    let mut current = Some(id);
    while let Some(header) = current.and_then(|t| type_header(db, t)) {
        current = header.parent;
        chain.push(header);
    }
    let mut out = String::new();
    let Some(outermost) = chain.last() else {
        return out;
    };
    let ns = &outermost.namespace;
    if !ns.is_empty() {
        out.push_str(ns);
        out.push('.');
    }
    for (i, def) in chain.iter().rev().enumerate() {
        if i > 0 {
            out.push('.');
        }
        out.push_str(&def.name);
        if def.arity > 0 {
            out.push('`');
            out.push_str(&def.arity.to_string());
        }
    }
    out
}
