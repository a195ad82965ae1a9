//! The coverage invariant of call sites, checked from the syntax: every invocation, member access
//! and object creation in code whose name is that of a source method, property, event or
//! constructor, and every positional pattern of a written type (its `Deconstruct`), is either bound
//! (a call site at its name) or listed as unresolved with a reason. Nothing may fall between, or
//! `find_callers` would answer "no callers" while its coverage says all was resolved.
//!
//! A name the sources also give to something no call reaches (a field, a constant, an enum member,
//! a type, a namespace, a local function, a tuple element) is left out: by its syntax alone the
//! access may rightly mean that.

use std::collections::BTreeSet;

use hir::{Db, FileId, MemberKind, MemberOrigin, Modifiers, RootDatabase, TypeKind};
use syntax::{Field, HasField, SyntaxElement, SyntaxKind, SyntaxNode, TextRange};

/// A site the binder neither bound nor reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnaccountedSite {
    pub file: FileId,
    /// The name's range.
    pub range: TextRange,
    pub name: String,
}

pub(crate) fn unaccounted_sites(db: &RootDatabase, file: FileId) -> Vec<UnaccountedSite> {
    let Some(source) = db.source_file(file) else {
        return Vec::new();
    };
    let names = Names::of_workspace(db);
    let root = hir::parse(db, source).syntax_node();
    let calls = hir::file_call_sites(db, file);
    let covered: Vec<TextRange> = calls
        .sites
        .iter()
        .map(|s| s.focus_range)
        .chain(calls.unresolved.iter().map(|u| u.focus_range))
        .chain(calls.synthesized.iter().copied())
        // Omitted `[Conditional]` calls are accounted for whole, arguments included: the compiler
        // does not compile them, as it does not compile inactive `#if` regions.
        .chain(calls.omitted.iter().copied())
        .collect();
    let local_functions: BTreeSet<String> = root
        .descendants()
        .filter(|n| n.kind() == SyntaxKind::LOCAL_FUNCTION_STATEMENT)
        .filter_map(|n| child_with_field(&n, Field::Name).and_then(|n| simple_name(&n)))
        .map(|(name, _)| name)
        .collect();
    let mut out = Vec::new();
    for site in syntactic_sites(&root) {
        let matches = match site.kind {
            // `new S()` of a struct zero-initializes it, without a call.
            SiteKind::Creation { without_args } => {
                names.creatable.contains(&site.name)
                    && !(without_args && names.structs.contains(&site.name))
            }
            SiteKind::Access => names.reachable_only_by_call(&site.name),
            SiteKind::SimpleCall => {
                names.reachable_only_by_call(&site.name) && !local_functions.contains(&site.name)
            }
            SiteKind::Deconstruction => true,
        };
        if matches && !covered.iter().any(|r| r.contains_range(site.range)) {
            out.push(UnaccountedSite {
                file,
                range: site.range,
                name: site.name,
            });
        }
    }
    out.sort_by_key(|s| s.range.start());
    out
}

/// What the sources name, by what a use of the name can mean.
struct Names {
    /// Methods, properties and events: what a call site can bind to.
    callable: BTreeSet<String>,
    /// Fields, constants, enum members, types and namespaces: what a member access may mean instead.
    other: BTreeSet<String>,
    /// Classes and structs, which `new` constructs.
    creatable: BTreeSet<String>,
    structs: BTreeSet<String>,
}

impl Names {
    fn of_workspace(db: &RootDatabase) -> Names {
        let mut names = Names {
            callable: BTreeSet::new(),
            other: BTreeSet::new(),
            creatable: BTreeSet::new(),
            structs: BTreeSet::new(),
        };
        let graph = db.workspace().graph(db);
        for &file in graph.projects.iter().flat_map(|p| p.files.iter()) {
            let Some(source) = db.source_file(file) else {
                continue;
            };
            let tree = hir::file_item_tree(db, source);
            for (_, member) in tree.members.iter() {
                if member.origin == MemberOrigin::TopLevelStatements {
                    continue;
                }
                let set = match member.kind {
                    MemberKind::Method | MemberKind::Property | MemberKind::Event => {
                        &mut names.callable
                    }
                    MemberKind::Field | MemberKind::Constant | MemberKind::EnumMember => {
                        &mut names.other
                    }
                    _ => continue,
                };
                set.insert(member.name.to_string());
            }
            for (_, ty) in tree.types.iter() {
                names.other.insert(ty.name.to_string());
                let constructed = matches!(
                    ty.kind,
                    TypeKind::Class
                        | TypeKind::Struct
                        | TypeKind::RecordClass
                        | TypeKind::RecordStruct
                );
                if constructed && !ty.modifiers.contains(Modifiers::STATIC) {
                    names.creatable.insert(ty.name.to_string());
                }
                if matches!(ty.kind, TypeKind::Struct | TypeKind::RecordStruct) {
                    names.structs.insert(ty.name.to_string());
                }
            }
            for (_, ns) in tree.namespaces.iter() {
                names.other.extend(ns.name.iter().map(|s| s.to_string()));
            }
            // Tuple element names: `t.Count` reads an element, no call.
            let root = hir::parse(db, source).syntax_node();
            for node in root.descendants() {
                let named = match node.kind() {
                    SyntaxKind::TUPLE_ELEMENT => child_with_field(&node, Field::Name),
                    SyntaxKind::ARGUMENT
                        if node
                            .parent()
                            .is_some_and(|p| p.kind() == SyntaxKind::TUPLE_EXPRESSION) =>
                    {
                        child_with_field(&node, Field::Name)
                    }
                    _ => None,
                };
                if let Some((name, _)) = named.and_then(|n| simple_name(&n)) {
                    names.other.insert(name);
                }
            }
        }
        names
    }

    fn reachable_only_by_call(&self, name: &str) -> bool {
        self.callable.contains(name) && !self.other.contains(name)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SiteKind {
    /// `new T(..)`.
    Creation { without_args: bool },
    /// `x.Name`, `x?.Name`, also as the invoked expression of a call.
    Access,
    /// `Name(..)`.
    SimpleCall,
    /// A positional pattern of a written type: an implicit `Deconstruct` call.
    Deconstruction,
}

struct SyntacticSite {
    kind: SiteKind,
    name: String,
    range: TextRange,
}

/// The invocations, member accesses and object creations in code (attributes, `nameof` and
/// parameter defaults are not code that runs).
fn syntactic_sites(root: &SyntaxNode) -> Vec<SyntacticSite> {
    let mut out = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(node) = stack.pop() {
        let site = match node.kind() {
            SyntaxKind::ATTRIBUTE_LIST | SyntaxKind::PARAMETER => continue,
            SyntaxKind::INVOCATION_EXPRESSION if is_nameof(&node) => continue,
            SyntaxKind::INVOCATION_EXPRESSION => child_with_field(&node, Field::Function)
                .and_then(|f| simple_name(&f))
                .map(|name| (SiteKind::SimpleCall, name)),
            SyntaxKind::MEMBER_ACCESS_EXPRESSION | SyntaxKind::MEMBER_BINDING_EXPRESSION => {
                child_with_field(&node, Field::Name)
                    .and_then(|n| simple_name(&n))
                    .map(|name| (SiteKind::Access, name))
            }
            // `{ Total: > 0 }` reads `Total` (a name before the colon of a property pattern).
            SyntaxKind::SUBPATTERN => node
                .children_with_tokens()
                .take_while(|c| c.kind() != SyntaxKind::COLON)
                .find(|c| c.kind() == SyntaxKind::IDENTIFIER)
                .filter(|_| {
                    node.children_with_tokens()
                        .any(|c| c.kind() == SyntaxKind::COLON)
                })
                .and_then(|n| simple_name(&n))
                .map(|name| (SiteKind::Access, name)),
            // `Point(var x, _)`: a positional pattern of a written type (never a tuple) calls
            // that type's `Deconstruct`.
            SyntaxKind::RECURSIVE_PATTERN if child_with_field(&node, Field::Type).is_some() => node
                .children()
                .find(|c| c.kind() == SyntaxKind::POSITIONAL_PATTERN_CLAUSE)
                .map(|clause| {
                    (
                        SiteKind::Deconstruction,
                        ("Deconstruct".to_owned(), clause.text_range()),
                    )
                }),
            SyntaxKind::OBJECT_CREATION_EXPRESSION => {
                let without_args = node
                    .children()
                    .find(|c| c.kind() == SyntaxKind::ARGUMENT_LIST)
                    .is_none_or(|list| !list.children().any(|c| c.kind() == SyntaxKind::ARGUMENT));
                child_with_field(&node, Field::Type)
                    .and_then(|t| last_name(&t))
                    .map(|name| (SiteKind::Creation { without_args }, name))
            }
            _ => None,
        };
        if let Some((kind, (name, range))) = site {
            out.push(SyntacticSite { kind, name, range });
        }
        stack.extend(node.children());
    }
    out
}

fn child_with_field(node: &SyntaxNode, field: Field) -> Option<SyntaxElement> {
    node.children_with_tokens()
        .find(|c| c.field() == Some(field))
}

fn is_nameof(invocation: &SyntaxNode) -> bool {
    child_with_field(invocation, Field::Function)
        .and_then(|f| f.into_token())
        .is_some_and(|t| t.kind() == SyntaxKind::IDENTIFIER && t.text() == "nameof")
}

/// An identifier, or a generic name's identifier, with its range.
fn simple_name(element: &SyntaxElement) -> Option<(String, TextRange)> {
    match element {
        SyntaxElement::Token(t) if t.kind() == SyntaxKind::IDENTIFIER => {
            Some((t.text().trim_start_matches('@').to_owned(), t.text_range()))
        }
        SyntaxElement::Node(n) if n.kind() == SyntaxKind::GENERIC_NAME => n
            .children_with_tokens()
            .find(|c| c.kind() == SyntaxKind::IDENTIFIER)
            .and_then(|c| simple_name(&c)),
        _ => None,
    }
}

/// The last identifier of a type as written (`A.B<C>` gives `B`).
fn last_name(element: &SyntaxElement) -> Option<(String, TextRange)> {
    match element {
        SyntaxElement::Node(n) if n.kind() == SyntaxKind::QUALIFIED_NAME => n
            .children_with_tokens()
            .filter(|c| !c.kind().is_trivia())
            .last()
            .and_then(|c| last_name(&c)),
        other => simple_name(other),
    }
}
