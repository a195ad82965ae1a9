//! Positions: line indexes, and the symbol declared or referenced at an offset.

use std::sync::Arc;

use hir::{Db, FileId, RootDatabase, SourceFile, TypeRef};
use line_index::LineIndex;

use crate::{external::LibrarySymbol, symbol_info::AnySymbol};
use syntax::{SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken, TextSize, TokenAtOffset};

/// The file's line index, memoized per text: converting an offset costs a binary search over the
/// line starts instead of a scan of the text before it, which in a generated file of megabytes is
/// milliseconds on every answer that names a position in it.
pub(crate) fn line_index(db: &RootDatabase, file: FileId) -> Arc<LineIndex> {
    match db.source_file(file) {
        Some(source) => source_line_index(db, source),
        None => Arc::new(LineIndex::new("")),
    }
}

#[salsa::tracked(returns(clone))]
fn source_line_index(db: &dyn Db, file: SourceFile) -> Arc<LineIndex> {
    Arc::new(LineIndex::new(file.text(db)))
}

/// A declaration's name at `offset`, or a member or type named there (of the sources or of a
/// library).
pub(crate) fn symbol_at(db: &RootDatabase, file: FileId, offset: TextSize) -> Option<AnySymbol> {
    if let Some(symbol) = hir::declaration_at(db, file, offset) {
        return Some(AnySymbol::Source(symbol));
    }
    let source = db.source_file(file)?;
    let root = hir::parse(db, source).syntax_node();
    let token = match root.token_at_offset(offset) {
        TokenAtOffset::Single(t) => t,
        TokenAtOffset::Between(left, right) => {
            if names_something(&right) {
                right
            } else {
                left
            }
        }
        TokenAtOffset::None => return None,
    };
    if !names_something(&token) {
        return None;
    }
    // A member used in code: the call site bound there (calls, accessor uses, events, method groups).
    let sites = hir::file_call_sites(db, file);
    let bound = sites
        .sites
        .iter()
        .find(|s| s.focus_range.contains_range(token.text_range()));
    if let Some(site) = bound {
        return match site.callee {
            hir::Callee::Member(m) => Some(AnySymbol::Source(hir::Symbol::Member(m))),
            hir::Callee::Library(m) => Some(AnySymbol::Library(LibrarySymbol::Member(m))),
            hir::Callee::External(_) => None,
        };
    }
    let type_ref = type_ref_ending_at(&token.clone().into())?;
    let ty = hir::resolve_type_at(db, file, offset, &type_ref)
        .or_else(|| hir::resolve_using_target_at(db, file, offset, &type_ref))?;
    match ty.as_source() {
        Some(id) => Some(AnySymbol::Source(hir::Symbol::Type(id))),
        // A framework type as the file's project sees it (its own framework's assembly).
        None => {
            let project = db.source_file(file).and_then(|f| hir::file_project(db, f));
            match project {
                Some(p) => hir::library_type_seen_by(db, p, &ty),
                None => hir::library_type_of(db, &ty),
            }
            .map(|t| AnySymbol::Library(LibrarySymbol::Type(t)))
        }
    }
}

/// A name, or a keyword standing for a type (`string` is `System.String`).
fn names_something(token: &SyntaxToken) -> bool {
    matches!(
        token.kind(),
        SyntaxKind::IDENTIFIER | SyntaxKind::PREDEFINED_TYPE
    )
}

/// The type path that ends with `element`: `A.B` when on `B` of `A.B.C`, `List<int>` on `List`.
pub(crate) fn type_ref_ending_at(element: &SyntaxElement) -> Option<TypeRef> {
    let parent: Option<SyntaxNode> = element.parent();
    match parent {
        Some(p) if p.kind() == SyntaxKind::GENERIC_NAME => type_ref_ending_at(&p.into()),
        Some(p) if p.kind() == SyntaxKind::QUALIFIED_NAME => {
            // On the qualifier side, the prefix names the thing; on the name side, the whole path does.
            let is_name = p
                .last_child_or_token()
                .is_some_and(|last| last.text_range() == element.text_range());
            if is_name {
                Some(hir::lower_type(&p.into()))
            } else {
                Some(hir::lower_type(element))
            }
        }
        _ => Some(hir::lower_type(element)),
    }
}
