//! `find_references`: every use of a type or member (of the sources or of a library) in the
//! workspace, each with what kind of use it is, and the same-named sites that could not be bound.
//!
//! Members are found through what binding recorded: the call sites (calls, accessor uses, events,
//! method groups, constructions) of the reverse call index and the field reads and writes of the
//! candidate files, plus `nameof(..)`, attribute arguments, parameter defaults and enum member values,
//! which no body holds. Types are found as rust-analyzer finds
//! references: the files whose words include the name are scanned for identifiers so named, and each
//! is resolved as a type in the scope it is written in (signatures, base lists, local declarations,
//! casts, `typeof`, type arguments, attributes, object creations, static member accesses). A library
//! symbol is found the same way: its bound sites carry `Callee::Library`, its mentions resolve to
//! `Ty::Library`.

use hir::{
    CallKind, Database, Db, FieldAccessKind, FileId, RootDatabase, Symbol, SymbolKind, Ty, TypeRef,
    UnresolvedReason,
};
use std::collections::HashSet;
use syntax::{SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken, TextRange};

use self::target::{MemberTarget, Owner, is_same_or_derived};
use self::types::type_references;
use crate::{
    SymbolInfo, SymbolKey,
    call_hierarchy::{Coverage, late_bound_sites},
    call_index::SiteSource,
    external::LibrarySymbol,
    symbol_info::{self, AnySymbol},
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ReferenceKind {
    /// A field, property or indexer read (a getter call).
    Read,
    /// A write: an assignment, a compound assignment or increment, an initializer's `P = ..`.
    Write,
    Invocation,
    /// A call with a `dynamic` argument that the runtime binder may bind to this member or to
    /// another of the candidates listed at the same site (§12.3.3): a possible call, not a certain one.
    LateBoundInvocation,
    /// A method named without being called (`list.ForEach(Print)`).
    MethodGroup,
    EventAdd,
    EventRemove,
    /// `new T(..)`, also a constructor's `: base(..)`/`: this(..)` for a constructor.
    ObjectCreation,
    /// The type in a base list.
    Inheritance,
    /// An attribute naming the type.
    Attribute,
    /// A type argument, `List<T>`.
    TypeArgument,
    Typeof,
    Cast,
    Nameof,
    /// The type as the receiver of a static member access, `T.Create()`.
    StaticAccess,
    /// The target of a using alias or `using static` directive (`using Books = List<Book>;`).
    UsingDirective,
    /// Any other mention of the type: a declaration's type (field, parameter, return, local),
    /// `is`/`as`, a constraint, an array element type.
    TypeReference,
}

/// A reference, at the name used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    pub file: FileId,
    pub range: TextRange,
    pub kind: ReferenceKind,
    /// The member (or, outside members, the type) whose code holds the reference.
    pub container: Option<SymbolKey>,
}

/// Why a same-named site was not bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnboundReason {
    /// The binder's reason for a call or member access.
    Binding(UnresolvedReason),
    /// Where csnav binds no code: in `nameof(..)`, an attribute argument, a parameter's default
    /// value or an enum member's value with a qualifier that is no type (`nameof(x.Name)`), or a
    /// type named outside every type declaration (a using alias's target).
    OutsideCode,
    /// A type name no loaded source or assembly declares.
    UnknownType,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnboundReference {
    pub file: FileId,
    pub range: TextRange,
    pub name: String,
    pub reason: UnboundReason,
    pub container: Option<SymbolKey>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct References {
    pub symbol: SymbolInfo,
    /// In file order, then position.
    pub references: Vec<Reference>,
    /// Same-named sites examined: bound (to this or another symbol) and not.
    pub coverage: Coverage,
    pub unbound: Vec<UnboundReference>,
}

/// `None` when the key names no type or member.
pub(crate) fn find_references(sites: SiteSource<'_>, key: &SymbolKey) -> Option<References> {
    let db = sites.db;
    let symbol = symbol_info::resolve(db, key)?;
    let mut out = References {
        symbol: SymbolInfo::of(db, symbol),
        references: Vec::new(),
        coverage: Coverage::default(),
        unbound: Vec::new(),
    };
    match symbol {
        AnySymbol::Source(Symbol::Member(m)) => {
            member_references(sites, &MemberTarget::source(db, m)?, &mut out)
        }
        AnySymbol::Library(LibrarySymbol::Member(m)) => {
            member_references(sites, &MemberTarget::library(db, m)?, &mut out)
        }
        AnySymbol::Source(Symbol::Type(t)) => {
            let name = hir::def_map(db, t.project).type_def(t).name.clone();
            type_references(sites, Owner::Source(t), &name, &mut out)
        }
        AnySymbol::Library(LibrarySymbol::Type(t)) => {
            let target = Owner::of(&hir::library_type_ty(db, t))?;
            let name = hir::library_index(db).type_def(t).name.clone();
            type_references(sites, target, &name, &mut out)
        }
    }
    out.references.sort_by_key(|r| (r.file, r.range.start()));
    out.references.dedup();
    out.unbound.sort_by_key(|r| (r.file, r.range.start()));
    Some(out)
}

fn container_at(db: &RootDatabase, file: FileId, range: TextRange) -> Option<SymbolKey> {
    hir::enclosing_symbol(db, file, range.start()).map(|s| SymbolKey::of(db, s))
}

fn member_references(sites: SiteSource<'_>, target: &MemberTarget, out: &mut References) {
    let db = sites.db;
    let name = &target.name;
    let is_field = matches!(
        target.kind,
        SymbolKind::Field | SymbolKind::Constant | SymbolKind::EnumMember
    );
    let named = sites.sites_named(name, target.narrow);
    // A compound assignment of a property is a getter and a setter call at one name: one write.
    let mut seen: HashSet<(FileId, TextRange)> = HashSet::default();
    for site in &named.sites {
        if site.kind == CallKind::MethodGroup {
            // Method groups are references, and bound: count them here, not as calls.
            out.coverage.examined += 1;
            out.coverage.resolved += 1;
        }
        if site.callee != target.callee {
            continue;
        }
        let kind = match site.kind {
            CallKind::Call | CallKind::DelegateInvoke | CallKind::Operator => {
                ReferenceKind::Invocation
            }
            CallKind::LateBound => ReferenceKind::LateBoundInvocation,
            CallKind::Ctor => ReferenceKind::ObjectCreation,
            CallKind::Get => ReferenceKind::Read,
            CallKind::Set => ReferenceKind::Write,
            CallKind::EventAdd => ReferenceKind::EventAdd,
            CallKind::EventRemove => ReferenceKind::EventRemove,
            CallKind::MethodGroup => ReferenceKind::MethodGroup,
        };
        if !seen.insert((site.file, site.focus_range)) {
            // The getter of `P += 1` was listed as a read; the pair is a write.
            if kind == ReferenceKind::Write
                && let Some(r) = out
                    .references
                    .iter_mut()
                    .rev()
                    .find(|r| r.file == site.file && r.range == site.focus_range)
            {
                r.kind = ReferenceKind::Write;
            }
            continue;
        }
        out.references.push(Reference {
            file: site.file,
            range: site.focus_range,
            kind,
            container: Some(SymbolKey::of(db, Symbol::Member(site.caller))),
        });
    }
    let calls_counted = named
        .sites
        .iter()
        .filter(|s| !matches!(s.kind, CallKind::MethodGroup | CallKind::LateBound))
        .count();
    let late_bound = late_bound_sites(&named.sites);
    out.coverage.examined += calls_counted + late_bound;
    out.coverage.resolved += calls_counted;
    out.coverage.ambiguous += late_bound;
    add_unbound_sites(db, &named.unresolved, out);
    let candidates = candidate_files(db, name);
    // Read through the request's steps: the candidates may be many, and not yet bound.
    let candidate_sites = sites.file_call_sites(&candidates);
    if is_field {
        for (&file, sites) in candidates.iter().zip(&candidate_sites) {
            db.unwind_if_revision_cancelled();
            for access in sites.field_accesses.iter() {
                if hir::callee_site_name(db, &access.field).is_none_or(|n| n != *name) {
                    continue;
                }
                out.coverage.examined += 1;
                out.coverage.resolved += 1;
                if access.field == target.callee {
                    out.references.push(Reference {
                        file,
                        range: access.focus_range,
                        kind: match access.kind {
                            FieldAccessKind::Read => ReferenceKind::Read,
                            FieldAccessKind::Write | FieldAccessKind::ReadWrite => {
                                ReferenceKind::Write
                            }
                        },
                        container: Some(SymbolKey::of(db, Symbol::Member(access.caller))),
                    });
                }
            }
        }
    }
    if target.kind != SymbolKind::Constructor {
        for (&file, sites) in candidates.iter().zip(&candidate_sites) {
            db.unwind_if_revision_cancelled();
            let recorded = |range: TextRange| {
                sites.sites.iter().any(|s| s.focus_range == range)
                    || sites.field_accesses.iter().any(|a| a.focus_range == range)
                    || sites.unresolved.iter().any(|u| u.focus_range == range)
            };
            for token in named_tokens(db, file, name) {
                if let Some(context) = unbound_context(&token)
                    && !recorded(token.text_range())
                {
                    unbound_context_member(db, file, &token, context, target.owner, out);
                }
            }
        }
    }
}

fn add_unbound_sites(
    db: &RootDatabase,
    unresolved: &[hir::UnresolvedCallSite],
    out: &mut References,
) {
    for u in unresolved {
        out.coverage.examined += 1;
        if u.reason == UnresolvedReason::Ambiguous {
            out.coverage.ambiguous += 1;
        } else {
            out.coverage.unresolved += 1;
        }
        out.unbound.push(UnboundReference {
            file: u.file,
            range: u.focus_range,
            name: u.name.to_string(),
            reason: UnboundReason::Binding(u.reason),
            container: Some(SymbolKey::of(db, Symbol::Member(u.caller))),
        });
    }
}

/// Where a member may be named in code csnav does not bind: `nameof(..)`, attribute arguments,
/// parameter default values, enum member values.
#[derive(Clone, Copy, PartialEq, Eq)]
enum UnboundContext {
    Nameof,
    /// A value expression (a constant, usually): a read.
    Value,
    /// `[A(Name = ..)]`: a write of the attribute's property or field.
    NamedAttributeArgument,
}

/// The context of a member name outside bound code, if the token is in one.
fn unbound_context(token: &SyntaxToken) -> Option<UnboundContext> {
    if let Some(argument) = nameof_argument(token) {
        // Only the last name of the argument names the member; a qualifier names a type or value.
        return (argument.end() == token.text_range().end()).then_some(UnboundContext::Nameof);
    }
    let parent = token.parent()?;
    // A qualifier names a type, namespace or value, not the member.
    let is_qualifier = parent.kind() == SyntaxKind::MEMBER_ACCESS_EXPRESSION
        && parent
            .first_child_or_token()
            .is_some_and(|f| f.text_range() == token.text_range());
    if is_qualifier {
        return None;
    }
    let after_eq = |node: &SyntaxNode| {
        node.children_with_tokens()
            .find(|c| c.kind() == SyntaxKind::EQ)
            .is_some_and(|eq| eq.text_range().end() <= token.text_range().start())
    };
    for ancestor in token.parent_ancestors() {
        match ancestor.kind() {
            SyntaxKind::ATTRIBUTE_ARGUMENT => {
                let is_name = ancestor
                    .first_child_or_token()
                    .is_some_and(|f| f.text_range() == token.text_range())
                    && ancestor
                        .children_with_tokens()
                        .any(|c| c.kind() == SyntaxKind::EQ);
                return Some(match is_name {
                    true => UnboundContext::NamedAttributeArgument,
                    false => UnboundContext::Value,
                });
            }
            SyntaxKind::PARAMETER | SyntaxKind::ENUM_MEMBER_DECLARATION => {
                return after_eq(&ancestor).then_some(UnboundContext::Value);
            }
            SyntaxKind::MEMBER_ACCESS_EXPRESSION
            | SyntaxKind::BINARY_EXPRESSION
            | SyntaxKind::PARENTHESIZED_EXPRESSION
            | SyntaxKind::PREFIX_UNARY_EXPRESSION
            | SyntaxKind::CAST_EXPRESSION => continue,
            _ => return None,
        }
    }
    None
}

/// A member named where no binding recorded it (see [`UnboundContext`]): a reference when the
/// simple name is looked up from a type that is or derives from the member's `owner`, or the
/// qualifier (the attribute, for a named attribute argument) is such a type.
fn unbound_context_member(
    db: &RootDatabase,
    file: FileId,
    token: &SyntaxToken,
    context: UnboundContext,
    owner: Owner,
    out: &mut References,
) {
    let range = token.text_range();
    let resolved_type = |element: &SyntaxElement, attribute: bool| {
        let ty = match attribute {
            true => resolve_attribute(db, file, element),
            false => resolve_path_at(db, file, element),
        };
        ty.as_ref().and_then(Owner::of)
    };
    let from = match token.parent() {
        _ if context == UnboundContext::NamedAttributeArgument => {
            let attribute = token
                .parent_ancestors()
                .find(|a| a.kind() == SyntaxKind::ATTRIBUTE)
                .and_then(|a| a.first_child_or_token());
            match attribute {
                Some(name) => resolved_type(&name, true),
                None => return,
            }
        }
        Some(p) if p.kind() == SyntaxKind::MEMBER_ACCESS_EXPRESSION => {
            let Some(qualifier) = p.first_child_or_token() else {
                return;
            };
            resolved_type(&qualifier, false)
        }
        _ => match hir::enclosing_symbol(db, file, range.start()) {
            Some(Symbol::Type(t)) => Some(Owner::Source(t)),
            Some(Symbol::Member(m)) => Some(Owner::Source(m.ty)),
            None => return,
        },
    };
    out.coverage.examined += 1;
    let container = container_at(db, file, range);
    let from = match from {
        Some(from) => from,
        None => {
            out.coverage.unresolved += 1;
            out.unbound.push(UnboundReference {
                file,
                range,
                name: token.text().to_owned(),
                reason: UnboundReason::OutsideCode,
                container,
            });
            return;
        }
    };
    out.coverage.resolved += 1;
    if is_same_or_derived(db, from, owner) {
        out.references.push(Reference {
            file,
            range,
            kind: match context {
                UnboundContext::Nameof => ReferenceKind::Nameof,
                UnboundContext::Value => ReferenceKind::Read,
                UnboundContext::NamedAttributeArgument => ReferenceKind::Write,
            },
            container,
        });
    }
}

/// The files whose words include `name`.
fn candidate_files(db: &RootDatabase, name: &str) -> Vec<FileId> {
    hir::site_candidate_files(db, name, true)
}

/// The identifiers of a file spelled `name` (`@name` included), outside comments and strings.
fn named_tokens(db: &RootDatabase, file: FileId, name: &str) -> Vec<SyntaxToken> {
    let Some(source) = db.source_file(file) else {
        return Vec::new();
    };
    hir::parse(db, source)
        .syntax_node()
        .descendants_with_tokens()
        .filter_map(SyntaxElement::into_token)
        .filter(|t| {
            t.kind() == SyntaxKind::IDENTIFIER
                && t.text().strip_prefix('@').unwrap_or(t.text()) == name
        })
        .collect()
}

/// The range of the argument of the `nameof(..)` the token is in.
fn nameof_argument(token: &SyntaxToken) -> Option<TextRange> {
    let mut element: SyntaxElement = token.clone().into();
    loop {
        let parent = element.parent()?;
        if parent.kind() == SyntaxKind::ARGUMENT {
            let invocation = parent.parent().and_then(|list| list.parent())?;
            let is_nameof = invocation.kind() == SyntaxKind::INVOCATION_EXPRESSION
                && invocation.first_child_or_token().is_some_and(|f| {
                    f.kind() == SyntaxKind::IDENTIFIER && f.to_string().trim() == "nameof"
                });
            return is_nameof.then(|| element.text_range());
        }
        if !matches!(
            parent.kind(),
            SyntaxKind::MEMBER_ACCESS_EXPRESSION | SyntaxKind::GENERIC_NAME
        ) {
            return None;
        }
        element = parent.into();
    }
}

/// The type an attribute's name denotes: `NameAttribute` first, as the compiler looks it up.
fn resolve_attribute(db: &RootDatabase, file: FileId, element: &SyntaxElement) -> Option<Ty> {
    let mut path = match type_path(element)? {
        TypeRef::Path(path) => path,
        _ => return None,
    };
    let last = path.segments.last_mut()?;
    let plain = last.name.clone();
    last.name = format!("{plain}Attribute").into();
    let suffixed = hir::resolve_type_at(
        db,
        file,
        element.text_range().start(),
        &TypeRef::Path(path.clone()),
    )?;
    if !matches!(suffixed, Ty::Unresolved(..)) {
        return Some(suffixed);
    }
    if let Some(last) = path.segments.last_mut() {
        last.name = plain;
    }
    hir::resolve_type_at(db, file, element.text_range().start(), &TypeRef::Path(path))
}

/// Resolves the namespace-or-type name that ends at `element` (`A.B` on `B` of `A.B.C`, also as a
/// member access in code) in the scope written there, a using directive's outside every type.
fn resolve_path_at(db: &RootDatabase, file: FileId, element: &SyntaxElement) -> Option<Ty> {
    let path = type_path(element)?;
    let offset = element.text_range().start();
    hir::resolve_type_at(db, file, offset, &path)
        .or_else(|| hir::resolve_using_target_at(db, file, offset, &path))
}

/// The type reference ending with `element`, as [`crate::navigation`] reads one; a member-access
/// chain of names (`Ns.T` in `Ns.T.M()`) is read as a qualified name.
fn type_path(element: &SyntaxElement) -> Option<TypeRef> {
    if let Some(parent) = element.parent()
        && parent.kind() == SyntaxKind::MEMBER_ACCESS_EXPRESSION
    {
        let is_name = parent
            .last_child_or_token()
            .is_some_and(|l| l.text_range() == element.text_range());
        if is_name && let Some(first) = parent.first_child_or_token() {
            let TypeRef::Path(mut qualifier) = type_path_of(&first)? else {
                return None;
            };
            let TypeRef::Path(last) = hir::lower_type(element) else {
                return None;
            };
            qualifier.segments.extend(last.segments);
            return Some(TypeRef::Path(qualifier));
        }
    }
    crate::navigation::type_ref_ending_at(element)
}

/// A receiver read as a type name: names and member accesses of names only.
fn type_path_of(element: &SyntaxElement) -> Option<TypeRef> {
    match element.kind() {
        SyntaxKind::IDENTIFIER | SyntaxKind::GENERIC_NAME | SyntaxKind::QUALIFIED_NAME => {
            Some(hir::lower_type(element))
        }
        SyntaxKind::MEMBER_ACCESS_EXPRESSION => {
            let node = element.as_node()?;
            let TypeRef::Path(mut qualifier) = type_path_of(&node.first_child_or_token()?)? else {
                return None;
            };
            let TypeRef::Path(last) = hir::lower_type(&node.last_child_or_token()?) else {
                return None;
            };
            qualifier.segments.extend(last.segments);
            Some(TypeRef::Path(qualifier))
        }
        _ => None,
    }
}

mod target;
#[cfg(test)]
mod tests;
mod types;
