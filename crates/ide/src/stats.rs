//! Whole-workspace passes for `csnav stats` (rust-analyzer's `analysis-stats`): one phase of the
//! analysis run for one file or project, with what it produced counted, so a driver can time each
//! phase over the whole workspace.

use hir::{Db, ProjectId, Symbol};
use smol_str::SmolStr;

use crate::{
    Analysis, Cancellable, SymbolKey,
    symbol_info::{AnySymbol, project_name},
};

/// What a file's item tree declares.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ItemCounts {
    pub types: usize,
    pub members: usize,
}

impl std::ops::AddAssign for ItemCounts {
    fn add_assign(&mut self, o: ItemCounts) {
        self.types += o.types;
        self.members += o.members;
    }
}

impl Analysis {
    /// Builds the file's item tree and counts its type declarations (a partial type once per part)
    /// and members (implied ones included).
    pub fn item_counts(&self, file: hir::FileId) -> Cancellable<ItemCounts> {
        self.with_db(|db| {
            db.source_file(file)
                .map(|source| {
                    let tree = hir::file_item_tree(db, source);
                    ItemCounts {
                        types: tree.types.len(),
                        members: tree.members.len(),
                    }
                })
                .unwrap_or_default()
        })
    }

    /// Builds the project's definition map and gives the key of each of its types (partial types
    /// merged), e.g. to ask every type hierarchy.
    pub fn project_type_keys(&self, project: ProjectId) -> Cancellable<Vec<SymbolKey>> {
        self.with_db(|db| {
            let name: SmolStr = project_name(db, project);
            hir::def_map(db, project)
                .types()
                .map(|(id, _)| SymbolKey {
                    project: name.clone(),
                    documentation_id: SmolStr::new(hir::documentation_id(db, Symbol::Type(id))),
                })
                .collect()
        })
    }

    /// Builds the index of the reference assemblies `project` sees (shared by the projects that
    /// reference the same ones): built ahead, beside other work, it is not built by the first body
    /// while the other threads wait for it.
    pub fn prime_library_scope(&self, project: ProjectId) -> Cancellable<()> {
        self.with_db(|db| hir::prime_library_scope(db, project))
    }

    /// Builds the member table and resolves the base list of the source type `key` names (nothing
    /// for another key): type by type, so that a pass over every type primes what the projects'
    /// symbol indexes and derived-types index then merge on every thread.
    pub fn prime_type_tables(&self, key: &SymbolKey) -> Cancellable<()> {
        self.with_db(|db| {
            if let Some(AnySymbol::Source(Symbol::Type(id))) = crate::symbol_info::resolve(db, key)
            {
                hir::prime_type_tables(db, id);
            }
        })
    }

    /// Resolves the base lists of the project's types for the derived-types index, which every
    /// type hierarchy reads: one project at a time, so that projects can be primed on several
    /// threads before the first hierarchy merges them.
    pub fn prime_derived_types(&self, project: ProjectId) -> Cancellable<()> {
        self.with_db(|db| hir::prime_project_derived_edges(db, project))
    }

    /// The projects of the workspace, in graph order.
    pub fn projects(&self) -> Cancellable<Vec<ProjectId>> {
        self.with_db(|db| db.workspace().graph(db).iter().map(|(id, _)| id).collect())
    }
}
