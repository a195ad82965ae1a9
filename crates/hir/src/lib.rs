//! The semantic model of C#: salsa inputs (file texts, the project graph) and the queries built on them,
//! from item trees through definition maps and name resolution to the type hierarchy.
//!
//! Nothing here knows paths, JSON or the file system: files are opaque [`FileId`]s and the loader that owns
//! the paths feeds texts and the project graph in through [`Change`].

mod base_db;
mod body;
mod call_graph;
mod call_index;
mod def_map;
mod display;
mod generics;
mod hierarchy;
mod infer;
mod item_tree;
mod library;
mod lookup;
mod members;
mod name_index;
mod overrides;
mod parsed;
mod persist;
mod resolve;
mod source_analyzer;
mod symbol_kind;
mod symbols;
#[cfg(any(test, feature = "test-utils"))]
pub mod test_utils;
#[cfg(test)]
mod tests;
mod ty;
mod type_ref;

pub use crate::{
    base_db::{
        Change, Db, FileId, GlobalUsing, ProjectData, ProjectGraph, ProjectId, RootDatabase,
        SourceFile, file_defines, file_project, parse, word_index,
    },
    def_map::{DefMap, TypeDecl, TypeDef, TypeId, def_map, visible_projects},
    hierarchy::{
        Relation, TypeBases, all_interfaces, base_chain, derived_types, direct_derived_index,
        interfaces_cycle_back, library_all_interfaces, library_base_chain, library_direct_bases,
        prime_project_derived_edges, prime_type_tables, type_bases,
    },
    item_tree::lower::lower_type,
    item_tree::{
        ItemParent, ItemRange, ItemRef, ItemSourceMap, ItemTree, Member, MemberIdx, MemberKind,
        MemberOrigin, Modifiers, NamespaceIdx, Param, ParamModifier, TypeIdx, TypeItem, TypeKind,
        UsingKind, file_item_tree, item_source_map,
    },
    name_index::{NameGroup, NameIndex, hump_initial, hump_iter, humps},
    parsed::ParsedFile,
    persist::{ArtifactCache, CacheCounts, ContentHash},
    resolve::{Resolver, project_global_usings, project_using_aliases},
    source_analyzer::{declaration_at, enclosing_symbol, resolve_type_at, resolve_using_target_at},
    symbols::{
        IndexedSymbol, MemberId, MemberLoc, MemberSignature, Symbol, SymbolIndex, SymbolKind,
        container_name, display_name, documentation_id, full_name, member_at, member_data,
        member_loc, member_signature, project_symbol_index, symbol_indexes, symbol_kind,
        symbols_named, symbols_with_documentation_id, symbols_with_documentation_id_where,
        type_doc_name, type_members,
    },
    ty::{Ty, TypeParam},
    type_ref::{Path, PathQualifier, PathSegment, Predefined, TypeRef},
};
pub use crate::{
    body::{
        Arg, ArgModifier, AssignOp, Body, BodyRoot, BodySourceMap, Expr, ExprId, ExprRange,
        Literal, Local, LocalId, LocalKind, Part, RootKind, Stmt, StmtId, body, body_source_map,
    },
    call_graph::{
        CallSiteInfo, CallSites, FieldAccessSite, MemberRanges, SitesBefore, UnresolvedCallSite,
        file_call_sites, file_call_sites_after_edit, file_member_ranges, file_members,
        member_call_sites,
    },
    call_index::{
        BindingFingerprint, FileSitesByName, NamedCallSites, binding_fingerprint, callee_site_name,
        file_sites_by_name, library_site_name, site_candidate_files, sites_named, workspace_files,
    },
    infer::{
        CallKind, CallSite, Callee, FieldAccess, FieldAccessKind, InferenceResult,
        UnresolvedReason, UnresolvedSite, infer,
    },
    library::{
        LibMember, LibType, LibTypeId, Libraries, LibraryDefs, LibraryIndex, LibraryInput,
        library_index, library_member_by_doc_id, library_member_doc_id, library_member_full_name,
        library_member_kind, library_member_metadata_name, library_member_name,
        library_member_qualified_name, library_type_by_doc_id, library_type_container,
        library_type_doc_id, library_type_kind, library_type_members, library_type_name,
        library_type_of, library_type_qualified_name, library_type_seen_by, library_type_ty,
        prime_library_scope,
    },
    overrides::{
        Overrides, external_root, implementation_in, library_member_bases,
        library_members_filled_by, overrides, root_member,
    },
};
pub use salsa::{Cancelled, Database};
