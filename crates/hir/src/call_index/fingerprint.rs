//! The binding fingerprint: one cheap value that changes whenever anything changes that binding one
//! file could read of the rest of the workspace. A plain call-site index outside salsa (`ide`'s
//! `call_index`) keeps every unchanged file's sites while the fingerprint is unchanged, so after a body
//! edit it re-gathers the edited file's sites only, without salsa deep-verifying every body's
//! inference to learn that the other files' sites did not change.
//!
//! **Invariant** (what makes that sound): the call sites of a file G (`file_call_sites(G)`,
//! `file_sites_by_name(G)`) are a function of G's own text and of what this fingerprint covers:
//! - every workspace file's position-free item tree (`file_item_tree`: declarations, signatures,
//!   attributes, usings; equal after a body edit, so salsa backdates it);
//! - the bodies of the workspace's `const` fields and enum members, the one body binding reads of
//!   another member (`infer/constant.rs`, `source_constant`: constant conversions and `?:` types;
//!   an enum member's initializer is in no item tree);
//! - the project graph (files, defines, references, global usings; file ownership) and the library
//!   input (every reference assembly).
//!
//! Binding must not read another member's `body`, `infer` or `body_source_map`, another file's text,
//! parse or item source map, beyond these. A new such read must be covered here, or the index goes
//! silently stale; `ide/src/tests/call_index.rs` edits every body of a fixture that exercises the
//! cross-file reads and checks that no other file's inference re-runs while the fingerprint holds.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::{
    base_db::{Db, FileId, ProjectGraph, ProjectId},
    body::{Body, body},
    call_graph::file_members,
    item_tree::{ItemTree, MemberKind, file_item_tree},
    members::member_ref,
};

use super::workspace_files;

/// What binding a file may read beyond its own text (see the module's invariant). Two fingerprints are
/// equal only if every part is: the inputs as the same values (a new graph or library set, even an
/// equal one, counts as a change), the item trees and constant bodies as equal values.
#[derive(Debug)]
pub struct BindingFingerprint {
    graph: Arc<ProjectGraph>,
    owners: Arc<FxHashMap<FileId, ProjectId>>,
    assemblies: Arc<[Arc<metadata::Assembly>]>,
    project_assemblies: Arc<[Arc<[u32]>]>,
    /// Per workspace file, in [`workspace_files`] order.
    item_trees: Vec<Option<Arc<ItemTree>>>,
    /// The bodies of every `const` field and enum member, in file order then member order.
    constants: Vec<Arc<Body>>,
}

impl PartialEq for BindingFingerprint {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.graph, &other.graph)
            && Arc::ptr_eq(&self.owners, &other.owners)
            && Arc::ptr_eq(&self.assemblies, &other.assemblies)
            && Arc::ptr_eq(&self.project_assemblies, &other.project_assemblies)
            && self.item_trees == other.item_trees
            && self.constants == other.constants
    }
}

impl Eq for BindingFingerprint {}

/// The current fingerprint. After a body edit salsa verifies it with one shallow check per file
/// (its item tree, backdated) and per constant (its body), never through any inference; it re-runs
/// only when an item tree, a constant's body or an input changed.
pub fn binding_fingerprint(db: &dyn Db) -> Arc<BindingFingerprint> {
    binding_fingerprint_query(db, db.workspace())
}

#[salsa::tracked(returns(clone))]
fn binding_fingerprint_query(
    db: &dyn Db,
    workspace: crate::base_db::WorkspaceInput,
) -> Arc<BindingFingerprint> {
    let libraries = db.libraries();
    let mut item_trees = Vec::new();
    let mut constants = Vec::new();
    for file in workspace_files(db) {
        let tree = db
            .source_file(file)
            .map(|source| file_item_tree(db, source));
        if tree
            .as_ref()
            .is_some_and(|t| t.members.iter().any(|(_, m)| is_constant(m.kind)))
        {
            for member in file_members(db, file) {
                if member_ref(db, member).is_some_and(|m| is_constant(m.kind)) {
                    constants.push(body(db, member));
                }
            }
        }
        item_trees.push(tree);
    }
    Arc::new(BindingFingerprint {
        graph: workspace.graph(db).clone(),
        owners: workspace.owners(db).clone(),
        assemblies: libraries.assemblies(db).clone(),
        project_assemblies: libraries.project_assemblies(db).clone(),
        item_trees,
        constants,
    })
}

/// A member whose value binding may read from another file: a `const` field or an enum member.
fn is_constant(kind: MemberKind) -> bool {
    matches!(kind, MemberKind::Constant | MemberKind::EnumMember)
}
