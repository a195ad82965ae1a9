//! Name resolution of type references, following the C# lookup rules: type parameters, nested types of
//! the enclosing types (and of their bases), the namespace chain outward with each namespace
//! declaration's usings and aliases, global usings, qualified names, `global::` and aliases.
//!
//! A name no source declares is looked up in the assemblies the project references and becomes a
//! [`Ty::Library`]; one they do not declare either is [`Ty::Unresolved`] with its best-known full name.

mod bases;

use std::{
    cell::{Cell, OnceCell, RefCell},
    sync::Arc,
};

use rustc_hash::{FxHashMap, FxHashSet};
use smol_str::SmolStr;

pub(crate) use self::bases::enum_underlying;
pub use self::bases::{TypeBases, type_bases};
use crate::{
    base_db::{Db, GlobalUsing, ProjectId},
    def_map::{
        ProjectKey, TypeDecl, TypeId, TypesNamed, nested_type, nested_type_names, type_header,
        value_type_params, visible_has_namespace,
    },
    item_tree::{
        ItemParent, ItemTree, NamespaceIdx, UsingIdx, UsingKind, Variance, file_item_tree,
    },
    library::{KnownType, LibTypeId, LibraryIndex, library_scope},
    members::{MemberId, MemberKey, member_decl, member_ref},
    ty::{Ty, TypeParam},
    type_ref::{Path, PathQualifier, PathSegment, Predefined, TypeRef},
};

/// One level of the lexical scope, outermost first in [`Resolver::scopes`].
///
/// Position-free (the using directives are copied in, not indices into the item tree), so a member's
/// scope is equal across edits that do not touch what it sees.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Scope {
    /// The compilation unit: the global namespace, the file's top-level usings (`usings`) and the
    /// project's global usings.
    Unit { usings: Arc<[UsingKind]> },
    /// A namespace; `usings` is set on the level of a namespace declaration of this file (its using
    /// directives), and unset on the implied outer levels of a dotted declaration `namespace A.B`.
    Namespace {
        full_name: SmolStr,
        usings: Option<Arc<[UsingKind]>>,
    },
    /// Inside a type: its nested types (and inherited ones) and its type parameters, which start at
    /// `param_base` in the combined list of the containers' and its own.
    Type {
        id: TypeId,
        params: Vec<SmolStr>,
        param_base: u32,
        /// The type parameters constrained to value types (`where T : struct`).
        value_params: Vec<SmolStr>,
    },
    MethodTypeParams {
        params: Vec<SmolStr>,
        value_params: Vec<SmolStr>,
    },
}

/// What a name or a qualified prefix denotes.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Resolved {
    Type(Ty),
    Namespace(SmolStr),
}

pub struct Resolver<'db> {
    db: &'db dyn Db,
    project: ProjectId,
    scopes: Arc<[Scope]>,
    /// The type whose base list is being resolved: its own inherited members are not in scope (they
    /// depend on the very bases being resolved), those of its containers are.
    resolving_bases_of: Option<TypeId>,
    /// Using directives of scope levels from here inward are not seen: set while a using directive's
    /// target is resolved, which the directives of its own declaration level do not affect (C# spec,
    /// using alias directives), so `using L = List<L>;` cannot recurse.
    hidden_usings_from: Cell<usize>,
    /// Per scope level, the namespace each of its namespace directives names
    /// ([`Resolver::using_namespace`]): a function of the scopes, which never change, and asked at
    /// every lookup of a simple name; shared by the resolvers of the same levels when they are
    /// interned ([`level_using_namespaces`]).
    using_namespaces: RefCell<FxHashMap<usize, LevelUsings>>,
    /// What [`Resolver::resolve_path`] found for a path with every using directive seen: a
    /// function of the scopes, and a body names the same few types again and again.
    resolved_paths: RefCell<FxHashMap<Path, Option<Resolved>>>,
    /// The scope levels interned, when they are a member's: what [`scoped_path`] memoizes paths
    /// under for every body that sees the same levels.
    shared: Option<ScopesKey<'db>>,
    /// `shared`'s namespace levels alone (a `ScopesKey`'s id: a cell of the key itself would make
    /// the resolver invariant in `'db`) and the names its other levels declare, once asked.
    split: OnceCell<(salsa::Id, Arc<FxHashSet<SmolStr>>)>,
    /// [`Resolver::imported_namespace_levels`], once asked.
    imported_levels: OnceCell<ImportedLevels>,
}

/// The namespaces using directives import, by scope level from the innermost, as written.
type ImportedLevels = Arc<[Box<[SmolStr]>]>;

impl<'db> Resolver<'db> {
    /// The scope of a type declaration's base list: the namespace chain, the containing types and the
    /// type's own type parameters and nested types, but no inherited members.
    pub fn for_base_list(db: &'db dyn Db, id: TypeId, decl: TypeDecl) -> Option<Resolver<'db>> {
        let mut r = Resolver::for_type_decl(db, id, decl)?;
        r.resolving_bases_of = Some(id);
        Some(r)
    }

    /// The scope of the members of a type declaration.
    pub fn for_type_decl(db: &'db dyn Db, id: TypeId, decl: TypeDecl) -> Option<Resolver<'db>> {
        Some(Resolver::with_scopes(
            db,
            id.project,
            type_decl_scopes(db, id, decl)?.into(),
        ))
    }

    fn with_scopes(db: &'db dyn Db, project: ProjectId, scopes: Arc<[Scope]>) -> Resolver<'db> {
        Resolver {
            db,
            project,
            scopes,
            resolving_bases_of: None,
            hidden_usings_from: Cell::new(usize::MAX),
            resolved_paths: RefCell::default(),
            using_namespaces: RefCell::default(),
            shared: None,
            split: OnceCell::new(),
            imported_levels: OnceCell::new(),
        }
    }

    /// The scope of a using directive of `file` directly in namespace declaration `ns` (`None`: at
    /// the top of the file): the compilation unit and the namespace declarations around it.
    pub(crate) fn for_using(
        db: &'db dyn Db,
        project: ProjectId,
        tree: &ItemTree,
        ns: Option<NamespaceIdx>,
    ) -> Resolver<'db> {
        let mut scopes = vec![Scope::Unit {
            usings: usings_of(tree, &tree.top_usings),
        }];
        if let Some(ns) = ns {
            push_namespace_scopes(tree, ns, &mut scopes);
        }
        Resolver::with_scopes(db, project, scopes.into())
    }

    /// What a using directive's target (or a name inside it) denotes in a [`Resolver::for_using`]
    /// scope: without the using directives of the directive's own level (C# §14.5.2).
    pub(crate) fn resolve_using_target(&self, target: &TypeRef) -> Ty {
        let level = self.scopes.len() - 1;
        self.with_usings_hidden_from(level, || self.resolve_alias_target_ty(target))
    }

    /// The scope of a member's signature and body: its type's scope plus its own type parameters.
    pub fn for_member(db: &'db dyn Db, member: MemberId) -> Option<Resolver<'db>> {
        let shared = (*member_scopes(db, member.key()))?;
        Some(Resolver::shared(db, shared))
    }

    /// A resolver over interned scope levels, which memoizes what paths denote in them across
    /// the resolvers over the same levels.
    fn shared(db: &'db dyn Db, key: ScopesKey<'db>) -> Resolver<'db> {
        Resolver {
            shared: Some(key),
            ..Resolver::with_scopes(db, *key.project(db), key.scopes(db).clone())
        }
    }

    /// Type parameters of the innermost type and its containers, as types (the identity substitution).
    pub fn identity_args(db: &dyn Db, id: TypeId) -> Vec<Ty> {
        let mut chain = vec![id];
        while let Some(p) = type_header(db, chain[chain.len() - 1]).and_then(|h| h.parent) {
            chain.push(p);
        }
        let mut args = Vec::new();
        for &tid in chain.iter().rev() {
            for name in type_param_names(db, tid) {
                let index = args.len() as u32;
                args.push(Ty::TypeParam(TypeParam {
                    name,
                    index,
                    of_method: false,
                }));
            }
        }
        args
    }

    pub fn resolve(&self, type_ref: &TypeRef) -> Ty {
        match type_ref {
            TypeRef::Path(path) => match self.resolve_path_memoized(path) {
                Some(Resolved::Type(ty)) => ty,
                Some(Resolved::Namespace(ns)) => self.named_ty(ns, Vec::new()),
                None => Ty::Unknown,
            },
            // A keyword names its type exactly (no lookup): non-generic, so the metadata name is
            // the full name.
            TypeRef::Predefined(Predefined::Dynamic) => Ty::Dynamic,
            TypeRef::Predefined(p) => Ty::known(self.db, KnownType::of_predefined(*p)),
            TypeRef::Array { element, rank } => Ty::Array(Box::new(self.resolve(element)), *rank),
            TypeRef::Nullable(inner) => {
                let inner = self.resolve(inner);
                match &inner {
                    // `T?` of a `T : struct` is `Nullable<T>` (as its documentation id says); of
                    // any other `T` an annotation.
                    Ty::TypeParam(p) if self.is_value_type_param(p) => {
                        KnownType::Nullable.ty(self.db, vec![inner])
                    }
                    _ => Ty::Nullable(Box::new(inner)),
                }
            }
            TypeRef::Pointer(inner) => Ty::Pointer(Box::new(self.resolve(inner))),
            TypeRef::Ref(inner) => self.resolve(inner),
            TypeRef::Tuple(elems) => Ty::Tuple(elems.iter().map(|e| self.resolve(&e.ty)).collect()),
            TypeRef::FunctionPointer | TypeRef::Implicit | TypeRef::Error => Ty::Unknown,
        }
    }

    /// Whether a type parameter in scope is constrained to value types.
    fn is_value_type_param(&self, param: &TypeParam) -> bool {
        self.scopes.iter().rev().any(|scope| match scope {
            Scope::MethodTypeParams { value_params, .. } if param.of_method => {
                value_params.contains(&param.name)
            }
            Scope::Type { value_params, .. } if !param.of_method => {
                value_params.contains(&param.name)
            }
            _ => false,
        })
    }

    fn resolve_path_memoized(&self, path: &Path) -> Option<Resolved> {
        if self.hidden_usings_from.get() != usize::MAX {
            return self.resolve_path(path);
        }
        if let Some(found) = self.resolved_paths.borrow().get(path) {
            return found.clone();
        }
        let found = match self.shared {
            // The map above still answers a path this resolver met before: no interning then.
            Some(key) if self.resolving_bases_of.is_none() => {
                let (namespaces, hiding) = self.split.get_or_init(|| {
                    let namespaces = *namespace_levels(self.db, key);
                    (
                        salsa::plumbing::AsId::as_id(&namespaces),
                        hiding_names(self.db, key),
                    )
                });
                // A path none of whose names the type levels declare is found in the namespace
                // levels alone, which every type declared in the same namespace with the same
                // directives shares.
                let key = match path_names(path).any(|n| hiding.contains(n)) {
                    true => key,
                    false => salsa::plumbing::FromId::from_id(*namespaces),
                };
                scoped_path(self.db, ScopedPath::new(self.db, key, path)).clone()
            }
            _ => self.resolve_path(path),
        };
        (self.resolved_paths.borrow_mut()).insert(path.clone(), found.clone());
        found
    }

    fn resolve_path(&self, path: &Path) -> Option<Resolved> {
        let (first, rest) = path.segments.split_first()?;
        let mut current = match &path.qualifier {
            PathQualifier::None => self.resolve_first(first),
            PathQualifier::Global => self.lookup_in_namespace("", first),
            PathQualifier::Alias(alias) => {
                // `alias::X`: a using alias naming a namespace, looked into as `alias.X` is (a library
                // namespace's types included); extern aliases name assemblies: their types are
                // external, under the namespace path as written.
                match self.lookup_alias(alias) {
                    Some(ns @ Resolved::Namespace(_)) => match self.step(&ns, first) {
                        Some(Resolved::Namespace(full)) if !self.namespace_exists(&full) => {
                            Some(Resolved::Type(self.named_ty(full, Vec::new())))
                        }
                        found => found,
                    },
                    _ => None,
                }
            }
        };
        if current.is_none() {
            // `dynamic` is a contextual keyword: the name, when no type of that name is in scope,
            // is the dynamic type, `object` to the runtime and in documentation ids (§8.7).
            if rest.is_empty()
                && first.name == "dynamic"
                && first.args.is_empty()
                && matches!(path.qualifier, PathQualifier::None)
            {
                return Some(Resolved::Type(Ty::Dynamic));
            }
            // Unknown to the sources: a namespace prefix or type we cannot see. Keep the dotted text.
            if rest.is_empty() {
                return Some(Resolved::Type(self.external_guess(first)));
            }
            // The outer type of a nested library type (`Dictionary<K, V>.Enumerator`) when the
            // assemblies declare no namespace of its name.
            let library = (!self.libraries().has_namespace(&first.name))
                .then(|| self.library_lookup(first).found())
                .flatten();
            current = Some(match library {
                Some(id) => Resolved::Type(Ty::Library(id, self.resolve_args(&first.args))),
                None => Resolved::Namespace(first.name.clone()),
            });
        }
        for seg in rest {
            let previous = current?;
            current = Some(self.step(&previous, seg).unwrap_or_else(|| {
                // A nested type the sources do not declare: external, under the outer type's name.
                Resolved::Type(self.named_ty(
                    SmolStr::new(format!(
                        "{}.{}",
                        resolved_name(self.db, &previous),
                        seg.name
                    )),
                    self.resolve_args(&seg.args),
                ))
            }));
        }
        // A path that ends on a namespace the sources do not declare is an external type whose name
        // is the dotted text (`System.IDisposable`).
        match current? {
            Resolved::Namespace(ns) if !rest.is_empty() && !self.namespace_exists(&ns) => {
                Some(Resolved::Type(self.named_ty(ns, Vec::new())))
            }
            other => Some(other),
        }
    }

    fn resolve_args(&self, args: &[TypeRef]) -> Vec<Ty> {
        args.iter().map(|a| self.resolve(a)).collect()
    }

    /// The first segment of a path: scopes inside out.
    fn resolve_first(&self, seg: &PathSegment) -> Option<Resolved> {
        for (level, scope) in self.scopes.iter().enumerate().rev() {
            match scope {
                Scope::MethodTypeParams { params, .. } => {
                    if seg.args.is_empty()
                        && let Some(i) = params.iter().position(|p| *p == seg.name)
                    {
                        return Some(Resolved::Type(Ty::TypeParam(TypeParam {
                            name: seg.name.clone(),
                            index: i as u32,
                            of_method: true,
                        })));
                    }
                }
                Scope::Type {
                    id,
                    params,
                    param_base,
                    ..
                } => {
                    if seg.args.is_empty()
                        && let Some(i) = params.iter().position(|p| *p == seg.name)
                    {
                        return Some(Resolved::Type(Ty::TypeParam(TypeParam {
                            name: seg.name.clone(),
                            index: param_base + i as u32,
                            of_method: false,
                        })));
                    }
                    if let Some((nested, owner_args)) = self.member_type(*id, seg) {
                        // Inside a generic type its own type parameters flow into nested references.
                        let mut args = match owner_args {
                            Some(args) => args,
                            None => Resolver::identity_args(self.db, *id),
                        };
                        args.extend(self.resolve_args(&seg.args));
                        return Some(Resolved::Type(Ty::Source(nested, args)));
                    }
                }
                Scope::Namespace { full_name, usings } => {
                    if let Some(found) = self.lookup_in_namespace(full_name, seg) {
                        return Some(found);
                    }
                    if let Some(usings) = usings {
                        let kinds: Vec<&UsingKind> = usings.iter().collect();
                        if let Some(found) = self.lookup_in_usings(level, &kinds, seg) {
                            return Some(found);
                        }
                    }
                }
                Scope::Unit { usings } => {
                    if let Some(found) = self.lookup_in_namespace("", seg) {
                        return Some(found);
                    }
                    let globals = project_global_usings(self.db, self.project);
                    let mut kinds: Vec<&UsingKind> = usings.iter().collect();
                    kinds.extend(globals.iter());
                    if let Some(found) = self.lookup_in_usings(level, &kinds, seg) {
                        return Some(found);
                    }
                }
            }
        }
        None
    }

    /// A nested type of `id` named like `seg`, or one inherited from its base classes. Returns the
    /// nested type and, when found in a base, the base's type arguments (which flow into the nested
    /// type's outer arguments).
    fn member_type(&self, id: TypeId, seg: &PathSegment) -> Option<(TypeId, Option<Vec<Ty>>)> {
        if let Some(nested) = nested_type(self.db, id, &seg.name, seg.arity()) {
            return Some((nested, None));
        }
        if self.resolving_bases_of == Some(id) {
            return None;
        }
        let mut seen = vec![id];
        let mut current = type_bases(self.db, id).base_class.clone();
        while let Some(Ty::Source(base, args)) = current {
            if seen.contains(&base) {
                break;
            }
            seen.push(base);
            if let Some(nested) = nested_type(self.db, base, &seg.name, seg.arity()) {
                return Some((nested, Some(args)));
            }
            current = type_bases(self.db, base)
                .base_class
                .as_ref()
                .map(|t| t.substitute(&args));
        }
        None
    }

    /// A type or namespace named like `seg` directly in namespace `ns`, in any visible project.
    fn lookup_in_namespace(&self, ns: &str, seg: &PathSegment) -> Option<Resolved> {
        if let Some(id) =
            TypesNamed::visible_from(self.db, self.project, &seg.name).in_namespace(ns, seg.arity())
        {
            return Some(Resolved::Type(Ty::Source(id, self.resolve_args(&seg.args))));
        }
        if seg.args.is_empty() {
            let full = if ns.is_empty() {
                seg.name.clone()
            } else {
                SmolStr::new(format!("{ns}.{}", seg.name))
            };
            if self.namespace_exists(&full) {
                return Some(Resolved::Namespace(full));
            }
        }
        None
    }

    pub(crate) fn namespace_exists(&self, full: &str) -> bool {
        visible_has_namespace(self.db, self.project, full)
    }

    /// Aliases first, then the types the imported namespaces and static classes bring in; `level` is
    /// the scope the using directives belong to.
    fn lookup_in_usings(
        &self,
        level: usize,
        usings: &[&UsingKind],
        seg: &PathSegment,
    ) -> Option<Resolved> {
        if level >= self.hidden_usings_from.get() {
            return None;
        }
        if seg.args.is_empty() {
            for kind in usings {
                if let UsingKind::Alias(alias, target) = kind
                    && *alias == seg.name
                {
                    return Some(
                        self.with_usings_hidden_from(level, || self.resolve_alias_target(target)),
                    );
                }
            }
        }
        // Every directive of the level is looked into: a name two of them import (and no closer
        // declaration) is ambiguous (CS0104), an unknown type rather than the first one's.
        let mut found: Option<TypeId> = None;
        let mut namespaces: Vec<SmolStr> = Vec::new();
        // Each visible project's types of the name, fetched at the first namespace directive and
        // read for every one (an interned key and a query per directive and project before).
        let mut named: Option<TypesNamed> = None;
        for kind in usings {
            let candidate = match kind {
                UsingKind::Namespace(path) => {
                    let ns = self.using_namespace(level, path);
                    let id = named
                        .get_or_insert_with(|| {
                            TypesNamed::visible_from(self.db, self.project, &seg.name)
                        })
                        .in_namespace(&ns, seg.arity());
                    namespaces.push(ns);
                    id
                }
                UsingKind::Static(target) => {
                    match self
                        .with_usings_hidden_from(level, || self.resolve_alias_target_ty(target))
                    {
                        Ty::Source(id, _) => self.member_type(id, seg).map(|(nested, _)| nested),
                        _ => None,
                    }
                }
                UsingKind::Alias(..) => None,
            };
            match (found, candidate) {
                (Some(first), Some(other)) if first != other => {
                    return Some(Resolved::Type(Ty::Unknown));
                }
                (None, Some(_)) => found = candidate,
                _ => {}
            }
        }
        let found = found?;
        if self.imported_from_library(&namespaces, found, seg) {
            return Some(Resolved::Type(Ty::Unknown));
        }
        Some(Resolved::Type(
            self.source_ty_in_usings(level, usings, found, seg),
        ))
    }

    /// Whether a namespace the directives import other than the source type's own declares a
    /// library type of its name (a source type beside a library one of the same full name is the
    /// source one, CS0436).
    fn imported_from_library(
        &self,
        namespaces: &[SmolStr],
        found: TypeId,
        seg: &PathSegment,
    ) -> bool {
        let index = self.libraries();
        if index.is_empty() {
            return false;
        }
        let own = type_header(self.db, found).map(|h| h.namespace.clone());
        namespaces.iter().any(|ns| {
            Some(ns) != own.as_ref() && index.lookup_in(ns, &seg.name, seg.arity()).is_some()
        })
    }

    /// The type a level's directives import, with its type arguments: a `using static` type's
    /// arguments are the outer ones of its nested type.
    fn source_ty_in_usings(
        &self,
        level: usize,
        usings: &[&UsingKind],
        found: TypeId,
        seg: &PathSegment,
    ) -> Ty {
        for kind in usings {
            if let UsingKind::Static(target) = kind
                && let Ty::Source(id, args) =
                    self.with_usings_hidden_from(level, || self.resolve_alias_target_ty(target))
                && self
                    .member_type(id, seg)
                    .is_some_and(|(nested, _)| nested == found)
            {
                let mut all = args;
                all.extend(self.resolve_args(&seg.args));
                return Ty::Source(found, all);
            }
        }
        Ty::Source(found, self.resolve_args(&seg.args))
    }

    /// What brings extension methods and static members into scope here, per level of the scope,
    /// innermost first (the global namespace last), in pairs: each enclosing namespace, then (a
    /// level of its own, empty when it has no directives) the namespaces its `using` directives
    /// import and the types imported by `using static`.
    /// Extension methods are looked up level by level; the first level with an applicable one wins
    /// (C# §12.8.9.3): a namespace's own extension methods before those its usings import.
    pub(crate) fn import_scopes(&self) -> ImportScopes {
        match self.shared {
            Some(key) if self.resolving_bases_of.is_none() => scoped_imports(self.db, key),
            _ => self.find_import_scopes().into(),
        }
    }

    fn find_import_scopes(&self) -> Vec<(Vec<SmolStr>, Vec<Ty>)> {
        let mut scopes: Vec<(Vec<SmolStr>, Vec<Ty>)> = Vec::new();
        let globals = project_global_usings(self.db, self.project);
        for (level, scope) in self.scopes.iter().enumerate().rev() {
            let Some(usings) = level_directives(scope, &globals) else {
                continue;
            };
            let own = match scope {
                Scope::Namespace { full_name, .. } => full_name.as_str(),
                _ => "",
            };
            scopes.push((vec![SmolStr::new(own)], Vec::new()));
            let mut namespaces = Vec::new();
            let mut statics = Vec::new();
            for kind in usings {
                match kind {
                    UsingKind::Namespace(path) => {
                        namespaces.push(self.using_namespace(level, path))
                    }
                    UsingKind::Static(target) => {
                        statics.push(self.with_usings_hidden_from(level, || {
                            self.resolve_alias_target_ty(target)
                        }))
                    }
                    UsingKind::Alias(..) => {}
                }
            }
            scopes.push((namespaces, statics));
        }
        let namespaces: Vec<SmolStr> = scopes.iter().flat_map(|(n, _)| n.clone()).collect();
        // `namespace N { using static Expression; }` names `System.Linq.Expressions.Expression`
        // through the file's `using System.Linq.Expressions;`: a using inside a namespace body is
        // resolved with the outer usings in effect.
        for ty in scopes.iter_mut().flat_map(|(_, s)| s.iter_mut()) {
            let Ty::Unresolved(name, args) = ty else {
                continue;
            };
            let found = namespaces.iter().find_map(|ns| {
                let segments = ns
                    .split('.')
                    .filter(|s| !s.is_empty())
                    .chain(name.split('.'))
                    .map(|s| PathSegment {
                        name: SmolStr::new(s),
                        args: Vec::new(),
                    })
                    .collect();
                let path = Path {
                    qualifier: PathQualifier::Global,
                    segments,
                };
                match self.resolve(&TypeRef::Path(path)) {
                    Ty::Source(id, _) => Some(Ty::Source(id, args.clone())),
                    Ty::Library(id, _) => Some(Ty::Library(id, args.clone())),
                    _ => None,
                }
            });
            if let Some(found) = found {
                *ty = found;
            }
        }
        scopes
    }

    /// The full name of the namespace a `using N;` at scope `level` imports. The name is resolved in
    /// the namespace declaration that holds the directive (C# §14.5.3, as for an alias, §14.5.2):
    /// `namespace Acme { using Internal; }` imports `Acme.Internal` when the sources declare it, then
    /// the enclosing namespaces are tried outward, and a name found nowhere is taken as written
    /// (a framework namespace).
    fn using_namespace(&self, level: usize, path: &Path) -> SmolStr {
        let level_usings = self.level_usings(level);
        match level_usings.get(path) {
            Some(ns) => ns.clone(),
            None => self.find_using_namespace(level, path),
        }
    }

    /// [`Resolver::find_using_namespace`] of every namespace directive of `level`, once per
    /// resolver; for interned levels once per their namespace levels: a path's memo
    /// (`scoped_path`) makes a resolver of its own, and each found every directive's namespace
    /// again, asking for each whether its namespaces exist.
    fn level_usings(&self, level: usize) -> LevelUsings {
        if let Some(found) = self.using_namespaces.borrow().get(&level) {
            return found.clone();
        }
        let found = match self.shared {
            Some(key) if level < outer_levels(&self.scopes) => {
                let outer = namespace_levels(self.db, key);
                level_using_namespaces(self.db, LevelKey::new(self.db, outer, level))
            }
            _ => Arc::new(self.find_level_usings(level)),
        };
        (self.using_namespaces.borrow_mut()).insert(level, found.clone());
        found
    }

    fn find_level_usings(&self, level: usize) -> FxHashMap<Path, SmolStr> {
        let globals = project_global_usings(self.db, self.project);
        (self.scopes.get(level))
            .and_then(|scope| level_directives(scope, &globals))
            .unwrap_or_default()
            .into_iter()
            .filter_map(|kind| match kind {
                UsingKind::Namespace(path) => {
                    Some((path.clone(), self.find_using_namespace(level, path)))
                }
                _ => None,
            })
            .collect()
    }

    fn find_using_namespace(&self, level: usize, path: &Path) -> SmolStr {
        let dotted = path.dotted();
        let Some(first) = path.segments.first() else {
            return SmolStr::new(dotted);
        };
        if path.qualifier == PathQualifier::None {
            for scope in self.scopes[..=level.min(self.scopes.len() - 1)]
                .iter()
                .rev()
            {
                if let Scope::Namespace { full_name, .. } = scope
                    && self.namespace_exists(&format!("{full_name}.{}", first.name))
                {
                    return SmolStr::new(format!("{full_name}.{dotted}"));
                }
            }
        }
        SmolStr::new(dotted)
    }

    fn lookup_alias(&self, alias: &str) -> Option<Resolved> {
        let seg = PathSegment {
            name: SmolStr::new(alias),
            args: Vec::new(),
        };
        for scope in self.scopes.iter().rev() {
            let usings: Vec<&UsingKind> = match scope {
                Scope::Namespace {
                    usings: Some(usings),
                    ..
                }
                | Scope::Unit { usings } => usings.iter().collect(),
                _ => continue,
            };
            let aliases: Vec<&UsingKind> = usings
                .into_iter()
                .filter(|k| matches!(k, UsingKind::Alias(..)))
                .collect();
            if let Some(found) = self.lookup_in_usings(0, &aliases, &seg) {
                return Some(found);
            }
        }
        None
    }

    /// The namespaces the using-namespace directives in scope name, as written (not resolved
    /// relative to their namespace), the file's and the project's first, each once. A namespace the
    /// sources declare may still hold framework types (a polyfill in
    /// `System.Runtime.CompilerServices` does not make `System` a source-only namespace), so every one
    /// counts.
    fn imported_namespaces_as_written(&self) -> Vec<SmolStr> {
        let mut namespaces: Vec<SmolStr> = Vec::new();
        for ns in self.imported_namespace_levels().iter().rev().flatten() {
            if !namespaces.contains(ns) {
                namespaces.push(ns.clone());
            }
        }
        namespaces
    }

    /// A type by its simple name in the namespaces the file's using-namespace directives name as
    /// written (`namespace N { using Bag = IDictionary<string, object>; }` under `using
    /// System.Collections.Generic;`): what an alias or `using static` target sees of the outer usings.
    fn in_imported_namespaces(&self, seg: &PathSegment) -> Option<Resolved> {
        let index = self.libraries();
        self.imported_namespaces_as_written()
            .into_iter()
            .find_map(|ns| {
                self.lookup_in_namespace(&ns, seg).or_else(|| {
                    let found = index.lookup_in(&ns, &seg.name, seg.arity())?;
                    Some(Resolved::Type(Ty::Library(
                        found.id,
                        self.resolve_args(&seg.args),
                    )))
                })
            })
    }

    /// The target of a using directive: its first name from the namespaces only, and names inside it
    /// (type arguments) without the usings of its own declaration level, which the caller hides.
    fn resolve_alias_target(&self, target: &TypeRef) -> Resolved {
        match target {
            TypeRef::Path(path) => match self.resolve_path_no_usings(path) {
                Some(resolved) => resolved,
                None => Resolved::Namespace(SmolStr::new(path.dotted())),
            },
            other => Resolved::Type(self.resolve(other)),
        }
    }

    /// Runs `f` seeing only the using directives of the scope levels outside `level`.
    fn with_usings_hidden_from<T>(&self, level: usize, f: impl FnOnce() -> T) -> T {
        let outer = self
            .hidden_usings_from
            .replace(level.min(self.hidden_usings_from.get()));
        let result = f();
        self.hidden_usings_from.set(outer);
        result
    }

    fn resolve_alias_target_ty(&self, target: &TypeRef) -> Ty {
        match self.resolve_alias_target(target) {
            Resolved::Type(ty) => ty,
            Resolved::Namespace(ns) => self.named_ty(ns, Vec::new()),
        }
    }

    /// One more segment of a qualified name: a type or namespace in a namespace (a namespace the
    /// sources do not declare, or an external type, stays a dotted name), or a nested type of a source
    /// type (`None` when the sources declare no such nested type).
    fn step(&self, current: &Resolved, seg: &PathSegment) -> Option<Resolved> {
        Some(match current {
            Resolved::Namespace(ns) => self.lookup_in_namespace(ns, seg).unwrap_or_else(|| {
                let full = SmolStr::new(format!("{ns}.{}", seg.name));
                if seg.args.is_empty() {
                    Resolved::Namespace(full)
                } else {
                    Resolved::Type(self.named_ty(full, self.resolve_args(&seg.args)))
                }
            }),
            // A name inside an ambiguous one is unknown too.
            Resolved::Type(Ty::Unknown) => Resolved::Type(Ty::Unknown),
            Resolved::Type(Ty::Source(id, outer_args)) => {
                let (nested, owner_args) = self.member_type(*id, seg)?;
                // A nested type inherited from a base class is that base's (§15.3.9):
                // `TextParserWriter.IParserWriterHandler` is
                // `ParserWriter<TextParserWriterArgs>.IParserWriterHandler`, its outer arguments
                // the base's, in terms of the named type's.
                let mut args = match owner_args {
                    Some(base_args) => base_args.iter().map(|a| a.substitute(outer_args)).collect(),
                    None => outer_args.clone(),
                };
                args.extend(self.resolve_args(&seg.args));
                Resolved::Type(Ty::Source(nested, args))
            }
            // A nested type of a generic library type (`Dictionary<K, V>.Enumerator`): its
            // metadata arity counts the outer type's parameters, whose arguments flow in.
            Resolved::Type(outer @ Ty::Library(_, outer_args)) if !outer_args.is_empty() => {
                let (name, _) = outer.written_name(self.db)?;
                let full = SmolStr::new(format!("{name}.{}", seg.name));
                let mut args = outer_args.clone();
                args.extend(self.resolve_args(&seg.args));
                match self.libraries().lookup_id(&full, args.len() as u32) {
                    Some(id) => Resolved::Type(Ty::Library(id, args)),
                    None => Resolved::Type(self.named_ty(full, self.resolve_args(&seg.args))),
                }
            }
            Resolved::Type(other) => Resolved::Type(self.named_ty(
                SmolStr::new(format!("{}.{}", other.full_name(self.db), seg.name)),
                self.resolve_args(&seg.args),
            )),
        })
    }

    /// Alias targets name fully qualified things in practice (`using X = System.Collections.Generic;`):
    /// resolve them from the global namespace and the enclosing namespaces, not through usings (which
    /// would recurse).
    fn resolve_path_no_usings(&self, path: &Path) -> Option<Resolved> {
        let (first, rest) = path.segments.split_first()?;
        let mut current = None;
        for scope in self.scopes.iter().rev() {
            let ns = match scope {
                Scope::Namespace { full_name, .. } => full_name.as_str(),
                Scope::Unit { .. } => "",
                _ => continue,
            };
            if let Some(found) = self.lookup_in_namespace(ns, first) {
                current = Some(found);
                break;
            }
        }
        if current.is_none() {
            current = self.outer_alias(first);
        }
        if current.is_none() && rest.is_empty() {
            current = self.in_imported_namespaces(first);
        }
        let mut current = current.unwrap_or_else(|| {
            if rest.is_empty() {
                Resolved::Type(self.named_ty(first.name.clone(), self.resolve_args(&first.args)))
            } else {
                Resolved::Namespace(first.name.clone())
            }
        });
        for seg in rest {
            current = self.step(&current, seg)?;
        }
        // `using X = System.Text.StringBuilder;` ends on an unknown "namespace": it is a type.
        if let Resolved::Namespace(ns) = &current
            && !self.namespace_exists(ns)
            && let Some(id) = self.libraries().lookup_id(ns, 0)
        {
            return Some(Resolved::Type(Ty::Library(id, Vec::new())));
        }
        Some(current)
    }

    /// A using alias named like `seg` on a scope level whose directives are not hidden, innermost
    /// first: a directive's target sees the aliases of the levels around its own (§14.5.2; Cecil's
    /// `using StringIndex = System.UInt32;` above `namespace Mono.Cecil { using ModuleRow =
    /// Row<StringIndex, GuidIndex>; }`).
    fn outer_alias(&self, seg: &PathSegment) -> Option<Resolved> {
        if !seg.args.is_empty() {
            return None;
        }
        let globals = project_global_usings(self.db, self.project);
        for (level, scope) in self.scopes.iter().enumerate().rev() {
            let usings: Vec<&UsingKind> = match scope {
                Scope::Namespace {
                    usings: Some(usings),
                    ..
                } => usings.iter().collect(),
                Scope::Unit { usings } => usings.iter().chain(globals.iter()).collect(),
                _ => continue,
            };
            let aliases: Vec<&UsingKind> = usings
                .into_iter()
                .filter(|k| matches!(k, UsingKind::Alias(..)))
                .collect();
            if let Some(found) = self.lookup_in_usings(level, &aliases, seg) {
                return Some(found);
            }
        }
        None
    }

    /// An unresolved simple name: `System.X` when exactly one imported namespace outside the sources
    /// can hold it (by the table of well-known framework types, or because it is the only candidate),
    /// else the name as written.
    fn external_guess(&self, seg: &PathSegment) -> Ty {
        let args = self.resolve_args(&seg.args);
        match self.library_lookup(seg) {
            LibraryLookup::Found(id) => return Ty::Library(id, args),
            // CS0104: no type, rather than the first directive's.
            LibraryLookup::Ambiguous => return Ty::Unknown,
            LibraryLookup::Missing => {}
        }
        let candidates = self.imported_namespaces_as_written();
        let index = self.libraries();
        // A namespace of the referenced assemblies (`System` of `System.Threading.Interlocked`) is a
        // member of the global namespace (§7.8.1, §12.8.4): no guess into an imported namespace
        // (`namespace N.Internal { using Common; }`, which means `N.Common`) may take its name.
        if seg.args.is_empty() && index.has_namespace(&seg.name) {
            return Ty::Unresolved(seg.name.clone(), args);
        }
        // No loaded assembly declares the name: it comes from one that was not found. A guess at its
        // namespace, only where it can be told: the one imported namespace that neither the sources
        // nor the assemblies know, framework namespaces (`System.*`, imported everywhere by implicit
        // usings) last.
        let unknown: Vec<&SmolStr> = candidates
            .iter()
            .filter(|ns| !self.namespace_exists(ns) && !index.has_namespace(ns))
            .collect();
        let non_framework: Vec<&SmolStr> = unknown
            .iter()
            .copied()
            .filter(|ns| *ns != "System" && !ns.starts_with("System."))
            .collect();
        let name = match (non_framework.as_slice(), unknown.as_slice()) {
            ([ns], _) | ([], [ns]) => format!("{ns}.{}", seg.name),
            _ => seg.name.to_string(),
        };
        Ty::Unresolved(SmolStr::new(name), args)
    }
}

impl Resolver<'_> {
    /// The assemblies the project references.
    fn libraries(&self) -> Arc<LibraryIndex> {
        library_scope(self.db, self.project)
    }

    /// A type by its C# full name, which the sources do not declare: the library type the project's
    /// assemblies declare (or the language names, known without them), else an unresolved name.
    pub(crate) fn named_ty(&self, name: SmolStr, args: Vec<Ty>) -> Ty {
        let arity = args.len() as u32;
        match self
            .libraries()
            .lookup_id(&name, arity)
            .or_else(|| KnownType::by_name(&name, arity).map(|k| k.id(self.db)))
        {
            Some(id) => Ty::Library(id, args),
            None => Ty::Unresolved(name, args),
        }
    }

    /// A simple name the sources do not declare, looked up in the reference assemblies as C# looks
    /// it up (§7.6.5): each enclosing namespace from the innermost out, then the namespaces the
    /// usings import, level by level from the innermost (a name two directives of one level
    /// import as different public types is ambiguous, CS0104), then the global namespace.
    fn library_lookup(&self, seg: &PathSegment) -> LibraryLookup {
        let index = self.libraries();
        let named = index.named(&seg.name, seg.arity());
        // No type of the name in any namespace: none in those the scope sees either.
        if named.is_empty() {
            return LibraryLookup::Missing;
        }
        let found = |ns: &str| named.iter().find(|n| n.container == ns);
        for scope in self.scopes.iter().rev() {
            if let Scope::Namespace { full_name, .. } = scope {
                let mut ns = full_name.as_str();
                loop {
                    if let Some(found) = found(ns) {
                        return LibraryLookup::Found(found.id);
                    }
                    match ns.rsplit_once('.') {
                        Some((outer, _)) => ns = outer,
                        None => break,
                    }
                }
            }
        }
        // Only public types are imported: an internal one of a package's assembly is none.
        let public = |ns: &SmolStr| {
            found(ns)
                .filter(|n| index.type_def(n.def).visibility == metadata::Visibility::Public)
                .map(|n| n.id)
        };
        for level in self.imported_namespace_levels().iter() {
            let Some(first) = level.iter().find_map(|ns| found(ns)) else {
                continue;
            };
            let mut imported = level.iter().filter_map(public);
            return match (imported.next(), imported.next()) {
                (Some(a), Some(b)) if a != b => LibraryLookup::Ambiguous,
                (Some(a), _) => LibraryLookup::Found(a),
                (None, _) => LibraryLookup::Found(first.id),
            };
        }
        found("").map_or(LibraryLookup::Missing, |n| LibraryLookup::Found(n.id))
    }

    /// The namespaces the using directives import, by level from the innermost (a compilation
    /// unit's with the project's global usings), as written: once per resolver, and for interned
    /// levels once per their namespace levels (a path's memo, `scoped_path`, makes a resolver of
    /// its own, and each built every directive's name again).
    fn imported_namespace_levels(&self) -> ImportedLevels {
        (self.imported_levels)
            .get_or_init(|| match self.shared {
                Some(key) => imported_levels(self.db, *namespace_levels(self.db, key)),
                None => self.find_imported_levels(),
            })
            .clone()
    }

    fn find_imported_levels(&self) -> ImportedLevels {
        let globals = project_global_usings(self.db, self.project);
        let namespaces = |usings: Vec<&UsingKind>| -> Box<[SmolStr]> {
            let mut out: Vec<SmolStr> = Vec::new();
            for kind in usings {
                if let UsingKind::Namespace(path) = kind {
                    let ns = SmolStr::new(path.dotted());
                    if !out.contains(&ns) {
                        out.push(ns);
                    }
                }
            }
            out.into()
        };
        (self.scopes.iter().rev())
            .filter_map(|scope| level_directives(scope, &globals).map(namespaces))
            .collect()
    }
}

/// The using directives a scope level holds: a namespace declaration's own, a compilation unit's
/// with the project's global ones (`globals`); `None` for the levels inside types, which hold none.
fn level_directives<'a>(scope: &'a Scope, globals: &'a [UsingKind]) -> Option<Vec<&'a UsingKind>> {
    match scope {
        Scope::Namespace { usings, .. } => Some(usings.iter().flat_map(|u| u.iter()).collect()),
        Scope::Unit { usings } => Some(usings.iter().chain(globals).collect()),
        _ => None,
    }
}

/// What a simple name is among the reference assemblies' types.
enum LibraryLookup {
    Found(LibTypeId),
    /// Two using directives of one level import different types of the name (CS0104).
    Ambiguous,
    Missing,
}

impl LibraryLookup {
    fn found(self) -> Option<LibTypeId> {
        match self {
            LibraryLookup::Found(id) => Some(id),
            LibraryLookup::Ambiguous | LibraryLookup::Missing => None,
        }
    }
}

/// The full name of a resolved type (generic arguments left out, as an outer name of a nested one).
fn resolved_name(db: &dyn Db, resolved: &Resolved) -> String {
    match resolved {
        Resolved::Type(Ty::Source(id, _)) => Ty::Source(*id, Vec::new()).full_name(db),
        Resolved::Type(other) => other.full_name(db),
        Resolved::Namespace(ns) => ns.to_string(),
    }
}

/// The scope levels of a type declaration: the compilation unit, the namespace chain, the
/// containing types outermost first and the type itself.
fn type_decl_scopes(db: &dyn Db, id: TypeId, decl: TypeDecl) -> Option<Vec<Scope>> {
    let file = db.source_file(decl.file)?;
    let tree = file_item_tree(db, file);
    let mut scopes = vec![Scope::Unit {
        usings: usings_of(&tree, &tree.top_usings),
    }];
    // The namespace chain of this declaration.
    let mut item = &tree.types[decl.item];
    while let ItemParent::Type(outer) = item.parent {
        item = &tree.types[outer];
    }
    if let ItemParent::Namespace(ns) = item.parent {
        push_namespace_scopes(&tree, ns, &mut scopes);
    }
    // The containing types, outermost first.
    let mut chain = vec![id];
    while let Some(p) = type_header(db, chain[chain.len() - 1])?.parent {
        chain.push(p);
    }
    let mut param_base = 0u32;
    for &tid in chain.iter().rev() {
        let header = type_header(db, tid);
        let params = type_param_names(db, tid);
        let len = params.len() as u32;
        scopes.push(Scope::Type {
            id: tid,
            params,
            param_base,
            value_params: header.map_or_else(Vec::new, |h| h.value_params.clone()),
        });
        param_base += len;
    }
    Some(scopes)
}

/// The scope levels of a member, memoized per member: what its body's names are resolved in.
/// Reads the member's file's item tree but is equal across edits elsewhere in the file, so the
/// body's inference is not re-run for them. A member without type parameters shares its type
/// declaration's levels (one allocation per declaration, not per member: the usings copied in are
/// most of a scope's size).
///
/// Interned by content ([`ScopesKey`]): equal levels are one key, whatever member they are of
/// and wherever it is declared, so an edit that moves a member leaves its key as it was.
#[salsa::tracked]
fn member_scopes<'db>(db: &'db dyn Db, key: MemberKey<'db>) -> Option<ScopesKey<'db>> {
    let member = key.id(db);
    let data = member_ref(db, member)?;
    let decl = TypeDeclKey::new(db, member.ty, member_decl(db, member)?);
    let type_scopes = type_decl_scopes_query(db, decl)?;
    let scopes = if data.type_params.is_empty() {
        type_scopes
    } else {
        let method = Scope::MethodTypeParams {
            params: data.type_params.clone(),
            value_params: value_type_params(&data.bounds),
        };
        type_scopes.iter().cloned().chain([method]).collect()
    };
    Some(ScopesKey::new(db, member.ty.project, scopes))
}

/// A project's view through some scope levels (a member's: [`member_scopes`]).
#[salsa::interned(revisions = usize::MAX)]
struct ScopesKey<'db> {
    #[returns(ref)]
    project: ProjectId,
    #[returns(ref)]
    scopes: Arc<[Scope]>,
}

/// The namespace levels of a member's scope levels alone: a prefix (the compilation unit, then
/// the namespaces outermost first; the types and a method's type parameters after them).
#[salsa::tracked]
fn namespace_levels<'db>(db: &'db dyn Db, key: ScopesKey<'db>) -> ScopesKey<'db> {
    let scopes = key.scopes(db);
    let outer: Arc<[Scope]> = scopes[..outer_levels(scopes)].into();
    ScopesKey::new(db, *key.project(db), outer)
}

fn outer_levels(scopes: &[Scope]) -> usize {
    scopes
        .iter()
        .take_while(|s| matches!(s, Scope::Unit { .. } | Scope::Namespace { .. }))
        .count()
}

/// Every name the levels after the namespace levels declare, whatever its arity: their type
/// parameters and the nested types of their types and those types' source base classes (what
/// `Resolver::member_type` finds). A path that names none of them resolves as it does in the
/// namespace levels alone.
#[salsa::tracked(returns(clone))]
fn hiding_names<'db>(db: &'db dyn Db, key: ScopesKey<'db>) -> Arc<FxHashSet<SmolStr>> {
    let scopes = key.scopes(db);
    let mut hiding = FxHashSet::default();
    for scope in &scopes[outer_levels(scopes)..] {
        match scope {
            Scope::Type { id, params, .. } => {
                hiding.extend(params.iter().cloned());
                let mut seen = Vec::new();
                let mut current = Some(*id);
                while let Some(ty) = current.filter(|t| !seen.contains(t)) {
                    seen.push(ty);
                    hiding.extend(nested_type_names(db, ty).iter().cloned());
                    current = match &type_bases(db, ty).base_class {
                        Some(Ty::Source(base, _)) => Some(*base),
                        _ => None,
                    };
                }
            }
            Scope::MethodTypeParams { params, .. } => hiding.extend(params.iter().cloned()),
            Scope::Unit { .. } | Scope::Namespace { .. } => {}
        }
    }
    Arc::new(hiding)
}

/// The names a path looks up in the scope: its first segment's and, in every segment's type
/// arguments, theirs (the later segments are looked up in what the first denotes).
fn path_names(path: &Path) -> impl Iterator<Item = &SmolStr> {
    fn visit<'a>(path: &'a Path, out: &mut Vec<&'a SmolStr>, stack: &mut Vec<&'a TypeRef>) {
        if let Some(first) = path.segments.first() {
            out.push(&first.name);
        }
        for seg in &path.segments {
            stack.extend(seg.args.iter());
        }
    }
    let (mut out, mut stack) = (Vec::new(), Vec::new());
    visit(path, &mut out, &mut stack);
    while let Some(type_ref) = stack.pop() {
        match type_ref {
            TypeRef::Path(p) => visit(p, &mut out, &mut stack),
            TypeRef::Array { element: inner, .. }
            | TypeRef::Nullable(inner)
            | TypeRef::Pointer(inner)
            | TypeRef::Ref(inner) => stack.push(inner),
            TypeRef::Tuple(elems) => stack.extend(elems.iter().map(|e| &e.ty)),
            TypeRef::Predefined(_)
            | TypeRef::FunctionPointer
            | TypeRef::Implicit
            | TypeRef::Error => {}
        }
    }
    out.into_iter()
}

/// What brings extension methods and static members into scope, level by level (see
/// [`Resolver::import_scopes`]).
pub(crate) type ImportScopes = Arc<[(Vec<SmolStr>, Vec<Ty>)]>;

/// [`Resolver::import_scopes`] memoized across the bodies that see the same levels: every body's
/// first extension method call resolved every directive of every level again.
#[salsa::tracked(returns(clone))]
fn scoped_imports<'db>(db: &'db dyn Db, key: ScopesKey<'db>) -> ImportScopes {
    Resolver::shared(db, key).find_import_scopes().into()
}

/// What the namespace directives of one scope level name, by directive.
type LevelUsings = Arc<FxHashMap<Path, SmolStr>>;

#[salsa::interned(revisions = usize::MAX)]
struct LevelKey<'db> {
    scopes: ScopesKey<'db>,
    level: usize,
}

/// [`Resolver::level_usings`] memoized across the resolvers of the same namespace levels (every
/// type declared in a namespace with the same directives): what the directives' namespaces are
/// depends on which namespaces exist, which are this memo's dependencies.
#[salsa::tracked(returns(clone))]
fn level_using_namespaces<'db>(db: &'db dyn Db, key: LevelKey<'db>) -> LevelUsings {
    Arc::new(Resolver::shared(db, *key.scopes(db)).find_level_usings(*key.level(db)))
}

/// [`Resolver::imported_namespace_levels`] memoized per namespace levels.
#[salsa::tracked(returns(clone))]
fn imported_levels<'db>(db: &'db dyn Db, key: ScopesKey<'db>) -> ImportedLevels {
    Resolver::shared(db, key).find_imported_levels()
}

#[salsa::interned(revisions = usize::MAX)]
struct ScopedPath<'db> {
    scopes: ScopesKey<'db>,
    #[returns(ref)]
    path: Path,
}

/// What a path denotes in some scope levels, memoized across the bodies that see the same levels
/// (every member of a type declaration without type parameters): a body names the types its
/// neighbours name, and each lookup of a simple name reads every using directive's namespace in
/// every visible project and the assemblies (a quarter of binding real code, done again per body).
/// What the lookups read is this memo's dependencies, so a new type of that name invalidates it,
/// and the bodies that read it, as the lookups themselves did. LRU-evicted: the bodies that share
/// an entry are bound close together (a namespace's files, a type's members), and every entry
/// kept cost 55 bytes per line of the workspace.
#[salsa::tracked(returns(ref), lru = 8192)]
fn scoped_path<'db>(db: &'db dyn Db, key: ScopedPath<'db>) -> Option<Resolved> {
    Resolver::shared(db, *key.scopes(db)).resolve_path(key.path(db))
}

#[salsa::interned(revisions = usize::MAX)]
struct TypeDeclKey<'db> {
    #[returns(copy)]
    id: TypeId,
    #[returns(copy)]
    decl: TypeDecl,
}

/// [`type_decl_scopes`] memoized per type declaration, for [`member_scopes`] to share.
#[salsa::tracked(returns(clone))]
fn type_decl_scopes_query<'db>(db: &'db dyn Db, key: TypeDeclKey<'db>) -> Option<Arc<[Scope]>> {
    Some(type_decl_scopes(db, key.id(db), key.decl(db))?.into())
}

fn usings_of(tree: &ItemTree, usings: &[UsingIdx]) -> Arc<[UsingKind]> {
    usings
        .iter()
        .map(|&u| tree.usings[u].kind.clone())
        .collect()
}

fn push_namespace_scopes(tree: &ItemTree, ns: NamespaceIdx, scopes: &mut Vec<Scope>) {
    let mut chain = vec![ns];
    while let Some(parent) = tree.namespaces[chain[chain.len() - 1]].parent {
        chain.push(parent);
    }
    let mut full = String::new();
    for &idx in chain.iter().rev() {
        let segments = &tree.namespaces[idx].name;
        for (i, seg) in segments.iter().enumerate() {
            if !full.is_empty() {
                full.push('.');
            }
            full.push_str(seg);
            let usings =
                (i + 1 == segments.len()).then(|| usings_of(tree, &tree.namespaces[idx].usings));
            scopes.push(Scope::Namespace {
                full_name: SmolStr::new(&full),
                usings,
            });
        }
    }
}

/// The names of a type's own type parameters (from its first declaration).
pub(crate) fn type_param_names(db: &dyn Db, id: TypeId) -> Vec<SmolStr> {
    type_header(db, id).map_or_else(Vec::new, |h| h.type_params.clone())
}

/// The variance of each of a type's own type parameters (from its first declaration).
pub(crate) fn type_param_variances(db: &dyn Db, id: TypeId) -> Vec<Variance> {
    type_header(db, id).map_or_else(Vec::new, |h| h.variances.clone())
}

/// Global usings of a project: those of its `<Using>` items and implicit usings, and every
/// `global using` of its files.
pub fn project_global_usings(db: &dyn Db, project: ProjectId) -> Arc<[UsingKind]> {
    project_global_usings_query(db, ProjectKey::new(db, project))
}

/// A project's `<Using>` item as the directive it stands for.
fn global_using_kind(u: &GlobalUsing) -> UsingKind {
    let path = Path {
        qualifier: PathQualifier::None,
        segments: u
            .target
            .split('.')
            .map(|s| PathSegment {
                name: SmolStr::new(s.trim()),
                args: Vec::new(),
            })
            .collect(),
    };
    match (&u.alias, u.is_static) {
        (Some(alias), _) => UsingKind::Alias(alias.clone(), TypeRef::Path(path)),
        (None, true) => UsingKind::Static(TypeRef::Path(path)),
        (None, false) => UsingKind::Namespace(path),
    }
}

/// The using aliases a project declares for all its files (`<Using Include="Shop.Book"
/// Alias="B" />`), each with what it denotes, resolved as a compilation unit's alias target is.
pub fn project_using_aliases(db: &dyn Db, project: ProjectId) -> Vec<(SmolStr, Ty)> {
    let graph = db.workspace().graph(db);
    let Some(data) = graph.project(project) else {
        return Vec::new();
    };
    let resolver = Resolver::with_scopes(
        db,
        project,
        [Scope::Unit {
            usings: Arc::from([]),
        }]
        .into(),
    );
    data.global_usings
        .iter()
        .filter_map(|u| match global_using_kind(u) {
            UsingKind::Alias(name, target) => Some((name, resolver.resolve_using_target(&target))),
            _ => None,
        })
        .collect()
}

#[salsa::tracked(returns(clone))]
fn project_global_usings_query<'db>(db: &'db dyn Db, key: ProjectKey<'db>) -> Arc<[UsingKind]> {
    let project = key.id(db);
    let graph = db.workspace().graph(db);
    let Some(data) = graph.project(project) else {
        return Arc::from([]);
    };
    let mut out: Vec<UsingKind> = data.global_usings.iter().map(global_using_kind).collect();
    for &file_id in &data.files {
        let Some(file) = db.source_file(file_id) else {
            continue;
        };
        let tree = file_item_tree(db, file);
        for &u in &tree.top_usings {
            let using = &tree.usings[u];
            if using.is_global && !out.contains(&using.kind) {
                out.push(using.kind.clone());
            }
        }
    }
    out.into()
}
