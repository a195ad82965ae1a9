//! Symbols (types and members), their names, signatures and documentation-comment ids, and the index
//! that finds them by name.

use std::sync::Arc;

use rustc_hash::FxHashMap;
use smol_str::SmolStr;

use crate::{
    base_db::{Db, ProjectId},
    def_map::{ProjectKey, TypeId, def_map},
    item_tree::{
        Member, MemberKind, MemberOrigin, Modifiers, ParamModifier, TypeKind, file_item_tree,
    },
    library::ParamInfo,
    members::type_member_table,
    name_index::NameIndex,
    resolve::Resolver,
    ty::Ty,
};
// Member ids and declarations (`members`, below resolution), a source type's documentation name
// (`def_map`, from its headers alone, so `ty` writes it too) and the kinds (`symbol_kind`, shared
// with library symbols) are re-exported here, where they have always been named.
pub(crate) use crate::members::{MemberKey, member_file, member_ref};
pub use crate::{
    def_map::type_doc_name,
    members::{MemberId, MemberLoc, member_at, member_data, member_loc, type_members},
    symbol_kind::SymbolKind,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symbol {
    Type(TypeId),
    Member(MemberId),
}

impl Symbol {
    pub fn project(self) -> ProjectId {
        match self {
            Symbol::Type(t) => t.project,
            Symbol::Member(m) => m.ty.project,
        }
    }
}

/// A member's signature with its types resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberSignature {
    pub params: Vec<(Ty, ParamModifier)>,
    pub ty: Option<Ty>,
    pub explicit_interface: Option<Ty>,
}

pub fn member_signature(db: &dyn Db, member: MemberId) -> Arc<MemberSignature> {
    member_signature_query(db, member.key())
}

#[salsa::tracked(returns(clone))]
fn member_signature_query<'db>(db: &'db dyn Db, key: MemberKey<'db>) -> Arc<MemberSignature> {
    let member = key.id(db);
    let empty = || {
        Arc::new(MemberSignature {
            params: Vec::new(),
            ty: None,
            explicit_interface: None,
        })
    };
    let Some(data) = member_ref(db, member) else {
        return empty();
    };
    let Some(resolver) = Resolver::for_member(db, member) else {
        return empty();
    };
    Arc::new(MemberSignature {
        params: data
            .params
            .iter()
            .map(|p| (resolver.resolve(&p.ty), p.modifier))
            .collect(),
        ty: data.ty.as_ref().map(|t| resolver.resolve(t)),
        explicit_interface: data
            .explicit_interface
            .as_ref()
            .map(|t| resolver.resolve(t)),
    })
}

/// A source method's parameters as overload resolution reads them (types resolved, names,
/// defaults) and how many type parameters it declares. Memoized: every call builds a candidate of
/// each overload in reach, which resolved and copied the list again at every call.
pub(crate) fn member_params(db: &dyn Db, member: MemberId) -> Option<(Arc<[ParamInfo]>, usize)> {
    member_params_query(db, member.key()).clone()
}

#[salsa::tracked(returns(ref))]
fn member_params_query<'db>(
    db: &'db dyn Db,
    key: MemberKey<'db>,
) -> Option<(Arc<[ParamInfo]>, usize)> {
    let member = key.id(db);
    let data = member_ref(db, member)?;
    let sig = member_signature(db, member);
    let params = (sig.params.iter().zip(&data.params))
        .map(|((ty, modifier), p)| ParamInfo {
            name: p.name.clone(),
            ty: ty.clone(),
            modifier: *modifier,
            has_default: p.has_default,
        })
        .collect();
    Some((params, data.type_params.len()))
}

/// The documentation-comment id, as Roslyn's `GetDocumentationCommentId` writes it. Memoized: a
/// symbol key is resolved by comparing the ids of every symbol of its name, on every request.
pub fn documentation_id(db: &dyn Db, symbol: Symbol) -> String {
    documentation_id_query(db, SymbolId::new(db, symbol)).to_string()
}

#[salsa::interned(revisions = usize::MAX)]
struct SymbolId<'db> {
    #[returns(copy)]
    symbol: Symbol,
}

#[salsa::tracked(returns(ref))]
fn documentation_id_query<'db>(db: &'db dyn Db, key: SymbolId<'db>) -> SmolStr {
    match key.symbol(db) {
        Symbol::Type(id) => SmolStr::new(format!("T:{}", type_doc_name(db, id))),
        Symbol::Member(m) => SmolStr::new(member_documentation_id(db, m).unwrap_or_default()),
    }
}

fn member_documentation_id(db: &dyn Db, member: MemberId) -> Option<String> {
    let data = member_ref(db, member)?;
    let sig = member_signature(db, member);
    let prefix = member_symbol_kind(Some(data.kind)).documentation_id_prefix();
    let mut out = format!("{prefix}:{}.", type_doc_name(db, member.ty));
    if let Some(iface) = &sig.explicit_interface {
        // The compiler names an explicit implementation by the interface as written in the type,
        // its type parameters by their names: `IHandler{TRequest,Acme#Unit}`, not `` `0 ``.
        let by_name: Vec<Ty> = crate::resolve::Resolver::identity_args(db, member.ty)
            .into_iter()
            .map(|p| match p {
                Ty::TypeParam(p) => Ty::Unresolved(p.name, Vec::new()),
                other => other,
            })
            .collect();
        out.push_str(&iface.substitute(&by_name).doc_id(db).replace('.', "#"));
        out.push('#');
    }
    out.push_str(&metadata_name(data));
    if !data.type_params.is_empty() {
        out.push_str("``");
        out.push_str(&data.type_params.len().to_string());
    }
    if !sig.params.is_empty() {
        out.push('(');
        for (i, (ty, modifier)) in sig.params.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&ty.doc_id(db));
            if matches!(
                modifier,
                ParamModifier::Ref
                    | ParamModifier::Out
                    | ParamModifier::In
                    | ParamModifier::RefReadonly
            ) {
                out.push('@');
            }
        }
        out.push(')');
    }
    if data.kind == MemberKind::Conversion
        && let Some(ret) = &sig.ty
    {
        out.push('~');
        out.push_str(&ret.doc_id(db));
    }
    Some(out)
}

/// The name the compiler gives a member in metadata.
fn metadata_name(data: &Member) -> SmolStr {
    match data.kind {
        MemberKind::Constructor if data.modifiers.contains(Modifiers::STATIC) => "#cctor".into(),
        MemberKind::Constructor => "#ctor".into(),
        MemberKind::Destructor => "Finalize".into(),
        MemberKind::Indexer => "Item".into(),
        _ => data.name.clone(),
    }
}

/// The name a person reads: `Repository<T>`, `SaveAsync`, `this` for indexers.
pub fn display_name(db: &dyn Db, symbol: Symbol) -> String {
    match symbol {
        Symbol::Type(id) => Ty::Source(id, Resolver::identity_args(db, id)).display(db),
        Symbol::Member(m) => match member_ref(db, m) {
            Some(data) if data.kind == MemberKind::Indexer => "this".to_owned(),
            Some(data) if data.kind == MemberKind::Destructor => format!("~{}", data.name),
            Some(data) if data.type_params.is_empty() => data.name.to_string(),
            Some(data) => format!("{}<{}>", data.name, data.type_params.join(", ")),
            None => String::new(),
        },
    }
}

/// `MyApp.Data.Repository<T>` for types; `MyApp.Data.UserRepository.SaveAsync(User)` for members,
/// with parameter types as a person writes them.
pub fn full_name(db: &dyn Db, symbol: Symbol) -> String {
    match symbol {
        Symbol::Type(id) => Ty::Source(id, Resolver::identity_args(db, id)).full_name(db),
        Symbol::Member(m) => {
            let Some(data) = member_ref(db, m) else {
                return String::new();
            };
            let mut out = full_name(db, Symbol::Type(m.ty));
            out.push('.');
            out.push_str(&display_name(db, symbol));
            if matches!(
                data.kind,
                MemberKind::Method
                    | MemberKind::Constructor
                    | MemberKind::Destructor
                    | MemberKind::Operator
                    | MemberKind::Conversion
                    | MemberKind::Indexer
            ) {
                let sig = member_signature(db, m);
                let params: Vec<String> = sig
                    .params
                    .iter()
                    .map(|(ty, modifier)| {
                        let prefix = match modifier {
                            ParamModifier::Ref => "ref ",
                            ParamModifier::Out => "out ",
                            ParamModifier::In => "in ",
                            ParamModifier::RefReadonly => "ref readonly ",
                            ParamModifier::Params => "params ",
                            ParamModifier::This => "this ",
                            ParamModifier::None => "",
                        };
                        format!("{prefix}{}", ty.display(db))
                    })
                    .collect();
                // `Shelf.this[int]`, as C# writes an indexer.
                let (open, close) = if data.kind == MemberKind::Indexer {
                    ('[', ']')
                } else {
                    ('(', ')')
                };
                out.push(open);
                out.push_str(&params.join(", "));
                out.push(close);
            }
            out
        }
    }
}

/// The namespace-qualified container: the containing type for a member or nested type, the
/// namespace for a top-level type.
pub fn container_name(db: &dyn Db, symbol: Symbol) -> Option<String> {
    match symbol {
        Symbol::Member(m) => Some(full_name(db, Symbol::Type(m.ty))),
        Symbol::Type(id) => {
            let map = def_map(db, id.project);
            let def = map.type_def(id);
            match def.parent {
                Some(p) => Some(full_name(db, Symbol::Type(p))),
                None if def.namespace.is_empty() => None,
                None => Some(def.namespace.to_string()),
            }
        }
    }
}

pub fn symbol_kind(db: &dyn Db, symbol: Symbol) -> SymbolKind {
    match symbol {
        Symbol::Type(id) => match def_map(db, id.project).type_def(id).kind {
            TypeKind::Class => SymbolKind::Class,
            TypeKind::Struct => SymbolKind::Struct,
            TypeKind::Interface => SymbolKind::Interface,
            TypeKind::Enum => SymbolKind::Enum,
            TypeKind::Delegate => SymbolKind::Delegate,
            TypeKind::RecordClass => SymbolKind::Record,
            TypeKind::RecordStruct => SymbolKind::RecordStruct,
        },
        Symbol::Member(m) => member_symbol_kind(member_ref(db, m).map(|d| d.kind)),
    }
}

fn member_symbol_kind(kind: Option<MemberKind>) -> SymbolKind {
    match kind {
        Some(MemberKind::Constructor) => SymbolKind::Constructor,
        Some(MemberKind::Destructor) => SymbolKind::Destructor,
        Some(MemberKind::Property) => SymbolKind::Property,
        Some(MemberKind::Indexer) => SymbolKind::Indexer,
        Some(MemberKind::Event) => SymbolKind::Event,
        Some(MemberKind::Field) => SymbolKind::Field,
        Some(MemberKind::Constant) => SymbolKind::Constant,
        Some(MemberKind::EnumMember) => SymbolKind::EnumMember,
        Some(MemberKind::Operator) => SymbolKind::Operator,
        Some(MemberKind::Conversion) => SymbolKind::Conversion,
        Some(MemberKind::Method) | None => SymbolKind::Method,
    }
}

/// The types and members of one project by name, for search and for finding a symbol by its id. One
/// per project, so an item-level edit rebuilds its own project's index only (a body edit none).
#[derive(Debug, PartialEq, Eq)]
pub struct SymbolIndex {
    pub project: ProjectId,
    pub names: NameIndex<IndexedSymbol>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct IndexedSymbol {
    pub symbol: Symbol,
    /// Kept here so that filtering search hits by kind reads no item tree.
    pub kind: SymbolKind,
    /// Implied default constructors are found through their type: listing one beside every class in
    /// search results is noise.
    pub searchable: bool,
}

/// The symbol index of every project, in project order.
pub fn symbol_indexes(db: &dyn Db) -> Vec<Arc<SymbolIndex>> {
    let graph = db.workspace().graph(db);
    graph
        .iter()
        .map(|(project, _)| project_symbol_index(db, project))
        .collect()
}

/// One project's symbol index (built from its definition map and member tables): projects' indexes
/// can be built on several threads.
pub fn project_symbol_index(db: &dyn Db, project: ProjectId) -> Arc<SymbolIndex> {
    symbol_index(db, ProjectKey::new(db, project))
}

/// Every symbol of the workspace whose name equals `name` ignoring case, sorted by name and symbol
/// (default constructors too).
pub fn symbols_named(db: &dyn Db, name: &str) -> Vec<(SmolStr, Symbol)> {
    let mut out: Vec<(SmolStr, Symbol)> = symbol_indexes(db)
        .iter()
        .flat_map(|index| {
            index
                .names
                .exact(name)
                .flat_map(|g| {
                    g.values
                        .iter()
                        .map(move |v| (SmolStr::new(g.name), v.symbol))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    out.sort();
    out
}

#[salsa::tracked(returns(clone))]
fn symbol_index<'db>(db: &'db dyn Db, key: ProjectKey<'db>) -> Arc<SymbolIndex> {
    let project = key.id(db);
    let mut entries = Vec::new();
    let map = def_map(db, project);
    for (id, def) in map.types() {
        let symbol = Symbol::Type(id);
        entries.push((
            def.name.clone(),
            IndexedSymbol {
                symbol,
                kind: symbol_kind(db, symbol),
                searchable: true,
            },
        ));
        // The item trees directly, not `member_data`: this reads every member of the project, and the
        // index is rebuilt on any item-level edit anyway.
        let table = type_member_table(db, id.key());
        for &member in &table.listed {
            let loc = table.locs[&member];
            let Some(file) = db.source_file(loc.file) else {
                continue;
            };
            let tree = file_item_tree(db, file);
            let Some(data) = tree.member(loc.idx) else {
                continue;
            };
            let name = match data.kind {
                MemberKind::Constructor | MemberKind::Destructor => def.name.clone(),
                _ => data.name.clone(),
            };
            let symbol = Symbol::Member(member);
            entries.push((
                name,
                IndexedSymbol {
                    symbol,
                    kind: member_symbol_kind(Some(data.kind)),
                    searchable: data.origin != MemberOrigin::DefaultConstructor,
                },
            ));
        }
    }
    Arc::new(SymbolIndex {
        project,
        names: NameIndex::new(entries),
    })
}

/// The symbols whose documentation id is `doc_id` (several when projects share a file or declare the
/// same type). Only the symbols named like the id's last part are looked at, so a lookup costs a few
/// signature resolutions, not the whole workspace's.
pub fn symbols_with_documentation_id(db: &dyn Db, doc_id: &str) -> Vec<Symbol> {
    symbols_with_documentation_id_where(db, doc_id, |_| true)
}

/// [`symbols_with_documentation_id`] among the symbols of the projects `keep` accepts, which are
/// the only indexes asked: a key names its project, and a name such as `Run` or `Score` may be
/// declared by thousands of members across a solution's projects, each id an interned lookup. In
/// the order of the whole workspace's [`symbols_named`] (each index holds its own project's symbols).
pub fn symbols_with_documentation_id_where(
    db: &dyn Db,
    doc_id: &str,
    keep: impl Fn(ProjectId) -> bool,
) -> Vec<Symbol> {
    let graph = db.workspace().graph(db);
    if doc_id.starts_with("T:") {
        let mut types: Vec<Symbol> = (graph.iter())
            .filter(|&(project, _)| keep(project))
            .flat_map(|(project, _)| {
                let ids = type_documentation_ids(db, ProjectKey::new(db, project));
                ids.get(doc_id).cloned().unwrap_or_default()
            })
            .map(Symbol::Type)
            .collect();
        types.sort();
        types.dedup();
        return types;
    }
    let mut out = Vec::new();
    // Only symbols of the id's kind can have it: a type's name also indexes its constructors, and
    // computing a member's id resolves its signature (most of a type hierarchy's time).
    let prefix = doc_id.chars().next();
    for name in names_in_documentation_id(doc_id) {
        let mut named: Vec<(&str, Symbol)> = Vec::new();
        let indexes: Vec<Arc<SymbolIndex>> = graph
            .iter()
            .filter(|&(project, _)| keep(project))
            .map(|(project, _)| symbol_index(db, ProjectKey::new(db, project)))
            .collect();
        for index in &indexes {
            for group in index.names.exact(&name) {
                named.extend(
                    (group.values.iter())
                        .filter(|v| Some(v.kind.documentation_id_prefix()) == prefix)
                        .map(|v| (group.name, v.symbol)),
                );
            }
        }
        named.sort();
        for (_, symbol) in named {
            if !out.contains(&symbol)
                && documentation_id_query(db, SymbolId::new(db, symbol)) == doc_id
            {
                out.push(symbol);
            }
        }
    }
    out
}

/// A project's source types by documentation id: what a type's key resolves through. By name, a
/// key compared the id of every type so named, and a test project declares hundreds of nested
/// `Source` and `Destination` classes (AutoMapper's): every hierarchy of them compared hundreds.
#[salsa::tracked(returns(clone))]
fn type_documentation_ids<'db>(
    db: &'db dyn Db,
    key: ProjectKey<'db>,
) -> Arc<FxHashMap<SmolStr, Vec<TypeId>>> {
    let mut ids: FxHashMap<SmolStr, Vec<TypeId>> = FxHashMap::default();
    for (id, _) in def_map(db, key.id(db)).types() {
        let doc_id = documentation_id_query(db, SymbolId::new(db, Symbol::Type(id)));
        ids.entry(doc_id.clone()).or_default().push(id);
    }
    Arc::new(ids)
}

/// The names a symbol with this documentation id is indexed under: `M:Ns.T`1.Find(System.Int32)` →
/// `Find`; constructors and destructors under their type's name, indexers under `this`; an explicit
/// implementation `M:Ns.C.Ns#IFoo#Bar` under `Bar`.
fn names_in_documentation_id(doc_id: &str) -> Vec<String> {
    let Some((_, rest)) = doc_id.split_once(':') else {
        return Vec::new();
    };
    let rest = rest.split(['(', '~']).next().unwrap_or(rest);
    let mut segments = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in rest.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            '.' if depth == 0 => {
                segments.push(&rest[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    segments.push(&rest[start..]);
    let strip_arity = |s: &str| s.split('`').next().unwrap_or(s).to_owned();
    let last = segments.last().copied().unwrap_or_default();
    let owner = segments
        .len()
        .checked_sub(2)
        .map(|i| strip_arity(segments[i]));
    // An explicit implementation's name follows its interface: `N#IIndexed{T}#Item`.
    let name = match last.strip_prefix('#') {
        Some(_) => last,
        None => last.rsplit('#').next().unwrap_or(last),
    };
    match name {
        "#ctor" | "#cctor" => owner.into_iter().collect(),
        "Finalize" => owner.into_iter().chain(["Finalize".to_owned()]).collect(),
        "Item" => vec!["this".to_owned(), "Item".to_owned()],
        _ => vec![strip_arity(name)],
    }
}

#[cfg(test)]
mod tests {
    use super::names_in_documentation_id;

    #[test]
    fn names_of_documentation_ids() {
        let names = |id| names_in_documentation_id(id).join(",");
        assert_eq!(names("T:Ns.Outer`1.Inner`2"), "Inner");
        assert_eq!(names("M:Ns.Repo`1.Find(System.Int32)"), "Find");
        assert_eq!(names("M:Ns.Repo`1.#ctor(System.Int32)"), "Repo");
        assert_eq!(
            names("M:Ns.T.Get``1(``0[],System.Collections.Generic.List{Ns.A.B})"),
            "Get"
        );
        assert_eq!(
            names("M:Ns.Thing.N#IHandler{System#Int32}#Handle(System.Int32)"),
            "Handle"
        );
        assert_eq!(
            names("M:Ns.Thing.op_Explicit(Ns.Thing)~System.Int32"),
            "op_Explicit"
        );
        assert_eq!(names("P:Ns.Thing.Item(System.Int32)"), "this,Item");
        assert_eq!(
            names("P:Ns.Thing`1.Ns#IIndexed{T}#Item(System.Int32)"),
            "this,Item"
        );
        assert_eq!(names("M:Ns.Thing.Finalize"), "Thing,Finalize");
        assert_eq!(names("nonsense"), "");
    }
}
