//! Symbols as plain data, and their stable keys.

use hir::{
    Db, FileId, ProjectId, RootDatabase, Symbol, SymbolKind, TypeDecl, def_map, item_source_map,
};
use smol_str::SmolStr;
use syntax::TextRange;

use crate::external::{self, LibrarySymbol};

/// The identity of a symbol that survives edits elsewhere and restarts: the project's name and the
/// documentation-comment id. The server turns it into the opaque `symbolKey`.
///
/// A library symbol has no project: its `project` is [`SymbolKey::LIBRARY_MARKER`] followed by the
/// name of the assembly that declares it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SymbolKey {
    pub project: SmolStr,
    pub documentation_id: SmolStr,
}

impl SymbolKey {
    /// No project name holds it: a project is named by its file's stem, and no file name holds a `/`.
    pub const LIBRARY_MARKER: &str = "/";

    pub fn library(assembly: &str, documentation_id: &str) -> SymbolKey {
        SymbolKey {
            project: SmolStr::new(format!("{}{assembly}", Self::LIBRARY_MARKER)),
            documentation_id: SmolStr::new(documentation_id),
        }
    }

    /// The assembly of a library symbol's key; `None` for a source symbol's.
    pub fn assembly(&self) -> Option<&str> {
        self.project.strip_prefix(Self::LIBRARY_MARKER)
    }
}

/// Where a symbol is declared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SymbolOrigin {
    Source(ProjectId),
    /// A reference assembly (the framework, a package), by its simple name (`mscorlib`).
    Library {
        assembly: SmolStr,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymbolInfo {
    pub key: SymbolKey,
    pub name: String,
    pub full_name: String,
    pub kind: SymbolKind,
    pub container_name: Option<String>,
    pub origin: SymbolOrigin,
    pub documentation_id: String,
    /// Several for a partial type, in file order; none for a library symbol.
    pub declarations: Vec<NavigationTarget>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NavigationTarget {
    pub file: FileId,
    pub full_range: TextRange,
    /// The name.
    pub focus_range: TextRange,
}

impl SymbolKey {
    /// The key alone, without the rest of a [`SymbolInfo`] (names, declarations): for answers that
    /// name many symbols by key.
    pub(crate) fn of(db: &RootDatabase, symbol: Symbol) -> SymbolKey {
        SymbolKey {
            project: project_name(db, symbol.project()),
            documentation_id: SmolStr::new(hir::documentation_id(db, symbol)),
        }
    }
}

impl SymbolInfo {
    pub(crate) fn new(db: &RootDatabase, symbol: Symbol) -> SymbolInfo {
        let project = symbol.project();
        let documentation_id = hir::documentation_id(db, symbol);
        SymbolInfo {
            key: SymbolKey {
                project: project_name(db, project),
                documentation_id: SmolStr::new(&documentation_id),
            },
            name: hir::display_name(db, symbol),
            full_name: hir::full_name(db, symbol),
            kind: hir::symbol_kind(db, symbol),
            container_name: hir::container_name(db, symbol),
            origin: SymbolOrigin::Source(project),
            documentation_id,
            declarations: declarations(db, symbol),
        }
    }

    pub(crate) fn of(db: &RootDatabase, symbol: AnySymbol) -> SymbolInfo {
        match symbol {
            AnySymbol::Source(s) => SymbolInfo::new(db, s),
            AnySymbol::Library(s) => external::info(db, s),
        }
    }

    /// Declared by a reference assembly rather than the sources.
    pub fn is_external(&self) -> bool {
        matches!(self.origin, SymbolOrigin::Library { .. })
    }

    /// The declaring project; `None` for a library symbol.
    pub fn project(&self) -> Option<ProjectId> {
        match self.origin {
            SymbolOrigin::Source(p) => Some(p),
            SymbolOrigin::Library { .. } => None,
        }
    }
}

/// A symbol of the sources or of a library.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum AnySymbol {
    Source(Symbol),
    Library(LibrarySymbol),
}

pub(crate) fn project_name(db: &RootDatabase, project: ProjectId) -> SmolStr {
    db.workspace()
        .graph(db)
        .project(project)
        .map(|p| p.name.clone())
        .unwrap_or_default()
}

fn declarations(db: &RootDatabase, symbol: Symbol) -> Vec<NavigationTarget> {
    let mut out = Vec::new();
    match symbol {
        Symbol::Type(id) => {
            for &TypeDecl { file, item } in &def_map(db, id.project).type_def(id).decls {
                let Some(source) = db.source_file(file) else {
                    continue;
                };
                if let Some(range) = item_source_map(db, source).type_range(item) {
                    out.push(NavigationTarget {
                        file,
                        full_range: range.full,
                        focus_range: range.name,
                    });
                }
            }
        }
        Symbol::Member(m) => {
            if let Some(loc) = hir::member_loc(db, m)
                && let Some(source) = db.source_file(loc.file)
                && let Some(range) = item_source_map(db, source).member_range(loc.idx)
            {
                out.push(NavigationTarget {
                    file: loc.file,
                    full_range: range.full,
                    focus_range: range.name,
                });
            }
        }
    }
    out
}

/// The source symbol a key names now, if it still exists.
pub(crate) fn lookup(db: &RootDatabase, key: &SymbolKey) -> Option<Symbol> {
    all_with_key(db, key).into_iter().next()
}

/// Every source symbol a key names now: more than one only for duplicate definitions in its
/// project. Only the key's project's symbols are looked at.
fn all_with_key(db: &RootDatabase, key: &SymbolKey) -> Vec<Symbol> {
    if key.assembly().is_some() {
        return Vec::new();
    }
    let graph = db.workspace().graph(db);
    let in_project = |project| {
        graph
            .project(project)
            .is_some_and(|p| p.name == key.project)
    };
    hir::symbols_with_documentation_id_where(db, &key.documentation_id, in_project)
}

/// What a key names now: every source symbol with that key (several for duplicate definitions), else
/// the library symbol it names, else nothing.
pub(crate) fn with_key(db: &RootDatabase, key: &SymbolKey) -> Vec<SymbolInfo> {
    match key.assembly() {
        Some(_) => resolve(db, key)
            .map(|s| SymbolInfo::of(db, s))
            .into_iter()
            .collect(),
        None => all_with_key(db, key)
            .into_iter()
            .map(|s| SymbolInfo::new(db, s))
            .collect(),
    }
}

/// The source or library symbol a key names now.
pub(crate) fn resolve(db: &RootDatabase, key: &SymbolKey) -> Option<AnySymbol> {
    match key.assembly() {
        Some(_) => external::lookup(db, &key.documentation_id).map(AnySymbol::Library),
        None => lookup(db, key).map(AnySymbol::Source),
    }
}

#[cfg(test)]
mod tests;
