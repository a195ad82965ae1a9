//! Symbols as plain data, and their stable keys.

use hir::{
    Db, FileId, ProjectId, RootDatabase, Symbol, SymbolKind, TypeDecl, def_map, item_source_map,
};
use smol_str::SmolStr;
use syntax::TextRange;

/// The identity of a symbol that survives edits elsewhere and restarts: the project's name and the
/// documentation-comment id. The server turns it into the opaque `symbolKey`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SymbolKey {
    pub project: SmolStr,
    pub documentation_id: SmolStr,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymbolInfo {
    pub key: SymbolKey,
    pub name: String,
    pub full_name: String,
    pub kind: SymbolKind,
    pub container_name: Option<String>,
    pub project: ProjectId,
    pub documentation_id: String,
    /// Several for a partial type, in file order.
    pub declarations: Vec<NavigationTarget>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NavigationTarget {
    pub file: FileId,
    pub full_range: TextRange,
    /// The name.
    pub focus_range: TextRange,
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
            project,
            documentation_id,
            declarations: declarations(db, symbol),
        }
    }
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
            for &TypeDecl { file, item } in &def_map(db, id.project).type_def(id.idx).decls {
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
            if let Some(source) = db.source_file(m.file)
                && let Some(range) = item_source_map(db, source).member_range(m.idx)
            {
                out.push(NavigationTarget {
                    file: m.file,
                    full_range: range.full,
                    focus_range: range.name,
                });
            }
        }
    }
    out
}

/// The symbol a key names now, if it still exists.
pub(crate) fn lookup(db: &RootDatabase, key: &SymbolKey) -> Option<Symbol> {
    hir::symbols_with_documentation_id(db, &key.documentation_id)
        .into_iter()
        .find(|s| project_name(db, s.project()) == key.project)
}

#[cfg(test)]
mod tests;
