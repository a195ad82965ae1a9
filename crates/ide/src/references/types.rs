//! The references of a type: the identifiers spelled like it (or, for an attribute class, like its
//! short name) that resolve to it where they are written, the keyword that stands for it (`string`
//! for `System.String`, C# §8.2.1), and the names of the using aliases that denote it
//! (`using Books = List<Book>;` makes every `Books` in the alias's scope a reference of `List<T>`;
//! a project file's `<Using Include=".." Alias=".." />` too, in the project),
//! as Roslyn's Find All References lists them. A using directive's target is resolved as the
//! compiler does, in the scope around the directive without the directives beside it.

use hir::{
    CallKind, Database, Db, FileId, Predefined, ProjectId, RootDatabase, Ty, UnresolvedReason,
};
use std::collections::HashSet;
use syntax::{Field, HasField, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken};

use crate::call_index::SiteSource;

use super::{
    Reference, ReferenceKind, References, UnboundReason, UnboundReference, candidate_files,
    container_at, named_tokens, nameof_argument, resolve_attribute, resolve_path_at, target::Owner,
};

/// A using alias that denotes the target type: its name is a reference wherever it is in scope.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Alias {
    name: String,
    scope: AliasScope,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum AliasScope {
    /// The file declaring it.
    File(FileId),
    /// Every file of the project: a `global using` alias, or a project file's `<Using Alias>`.
    Project(Option<ProjectId>),
}

/// The mentions of the type `target`, named `name`.
pub(super) fn type_references(
    sites: SiteSource<'_>,
    target: Owner,
    name: &str,
    out: &mut References,
) {
    let db = sites.db;
    let mut aliases = Vec::new();
    scan_name(
        sites,
        target,
        name,
        false,
        &candidate_files(db, name),
        &mut aliases,
        out,
    );
    // `[Obsolete]` names `ObsoleteAttribute`.
    if let Some(short) = name.strip_suffix("Attribute").filter(|s| !s.is_empty()) {
        let files = candidate_files(db, short);
        scan_name(sites, target, short, true, &files, &mut aliases, out);
    }
    if let Some(keyword) = keyword_of(db, target) {
        keyword_references(db, target, keyword, &mut aliases, out);
    }
    for project in db.workspace().graph(db).iter().map(|(id, _)| id) {
        for (name, ty) in hir::project_using_aliases(db, project) {
            if Owner::of(&ty) == Some(target) {
                aliases.push(Alias {
                    name: name.to_string(),
                    scope: AliasScope::Project(Some(project)),
                });
            }
        }
    }
    // An alias's name may itself be the target of another alias (`namespace N { using B = A; }`).
    let mut seen: HashSet<Alias> = HashSet::default();
    while let Some(alias) = aliases.pop() {
        if !seen.insert(alias.clone()) {
            continue;
        }
        let files: Vec<FileId> = candidate_files(db, &alias.name)
            .into_iter()
            .filter(|&f| match alias.scope {
                AliasScope::Project(project) => project_of(db, f) == project,
                AliasScope::File(file) => f == file,
            })
            .collect();
        scan_name(sites, target, &alias.name, false, &files, &mut aliases, out);
    }
}

fn project_of(db: &RootDatabase, file: FileId) -> Option<ProjectId> {
    db.source_file(file).and_then(|s| hir::file_project(db, s))
}

/// The keyword standing for the framework type `target`, if one does (`void` names no type that
/// is referenced; `dynamic` is not `object` to Roslyn's references either).
fn keyword_of(db: &RootDatabase, target: Owner) -> Option<Predefined> {
    let Owner::Library(id) = target else {
        return None;
    };
    Predefined::from_full_name(&Ty::Library(id, Vec::new()).full_name(db))
        .filter(|p| *p != Predefined::Void)
}

/// The uses of the keyword `keyword` (`nint`/`nuint` too, which the parser reads as keywords in a
/// type's place): each names the target exactly (no lookup, §8.2.1).
fn keyword_references(
    db: &RootDatabase,
    target: Owner,
    keyword: Predefined,
    aliases: &mut Vec<Alias>,
    out: &mut References,
) {
    let word = keyword.keyword();
    for file in candidate_files(db, word) {
        db.unwind_if_revision_cancelled();
        let Some(source) = db.source_file(file) else {
            continue;
        };
        let keywords = hir::parse(db, source)
            .syntax_node()
            .descendants_with_tokens()
            .filter_map(SyntaxElement::into_token)
            .filter(|t| t.kind() == SyntaxKind::PREDEFINED_TYPE && t.text() == word);
        for token in keywords {
            out.coverage.examined += 1;
            out.coverage.resolved += 1;
            push_reference(db, file, &token, target, aliases, out);
        }
    }
}

/// Examines the identifiers spelled `name` in `files` (only those naming an attribute when
/// `attribute_only`), listing those that denote `target` and the aliases declared so.
fn scan_name(
    sites: SiteSource<'_>,
    target: Owner,
    name: &str,
    attribute_only: bool,
    files: &[FileId],
    aliases: &mut Vec<Alias>,
    out: &mut References,
) {
    let db = sites.db;
    // Read through the request's steps: the files may be many, and not yet bound.
    for (&file, sites) in files.iter().zip(sites.file_call_sites(files)) {
        db.unwind_if_revision_cancelled();
        for token in named_tokens(db, file, name) {
            let range = token.text_range();
            if is_declaration_name(db, file, &token) {
                continue;
            }
            let attribute = in_attribute_name(&token);
            if attribute_only && !attribute {
                continue;
            }
            // A member named like the type (`Color Color`), bound there.
            let member_use = sites
                .sites
                .iter()
                .any(|s| s.focus_range == range && s.kind != CallKind::Ctor)
                || sites.field_accesses.iter().any(|a| a.focus_range == range);
            out.coverage.examined += 1;
            if member_use {
                out.coverage.resolved += 1;
                continue;
            }
            let element: SyntaxElement = token.clone().into();
            let resolved = match attribute {
                true => resolve_attribute(db, file, &element),
                false => resolve_path_at(db, file, &element),
            };
            match resolved {
                Some(Ty::Unresolved(..)) | None if in_code(&token) => {
                    let unresolved = sites.unresolved.iter().find(|u| u.focus_range == range);
                    let reason = match (unresolved, &resolved) {
                        (Some(u), _) => UnboundReason::Binding(u.reason),
                        (None, Some(_)) => UnboundReason::UnknownType,
                        // Outside every type and using directive (an assembly attribute): csnav
                        // has no scope to resolve it in.
                        (None, None) => UnboundReason::OutsideCode,
                    };
                    if reason == UnboundReason::Binding(UnresolvedReason::Ambiguous) {
                        out.coverage.ambiguous += 1;
                    } else {
                        out.coverage.unresolved += 1;
                    }
                    out.unbound.push(UnboundReference {
                        file,
                        range,
                        name: token.text().to_owned(),
                        reason,
                        container: container_at(db, file, range),
                    });
                }
                Some(ty) if Owner::of(&ty) == Some(target) => {
                    out.coverage.resolved += 1;
                    push_reference(db, file, &token, target, aliases, out);
                }
                // A namespace, a using directive's name, or another type.
                _ => out.coverage.resolved += 1,
            }
        }
    }
}

/// Lists `token`, which denotes `target`; when it ends a using alias's target that denotes the
/// target too (not a type argument in it: `List<Book>` is no `Book`), the alias is noted.
fn push_reference(
    db: &RootDatabase,
    file: FileId,
    token: &SyntaxToken,
    target: Owner,
    aliases: &mut Vec<Alias>,
    out: &mut References,
) {
    let range = token.text_range();
    out.references.push(Reference {
        file,
        range,
        kind: type_use_kind(token),
        container: container_at(db, file, range),
    });
    let Some(directive) = using_directive_of(token) else {
        return;
    };
    let Some(alias) = directive
        .children_with_tokens()
        .filter_map(SyntaxElement::into_token)
        .find(|t| t.field() == Some(Field::Name))
    else {
        return;
    };
    let whole = directive.children_with_tokens().find(|c| {
        c.text_range().end() >= range.end()
            && c.text_range().start() <= range.start()
            && c.as_token() != Some(&alias)
    });
    let denotes_target = whole.is_some_and(|whole| {
        let type_ref = hir::lower_type(&whole);
        hir::resolve_using_target_at(db, file, whole.text_range().start(), &type_ref)
            .is_some_and(|ty| Owner::of(&ty) == Some(target))
    });
    if denotes_target {
        let global = directive
            .children_with_tokens()
            .any(|c| c.kind() == SyntaxKind::GLOBAL_KW);
        aliases.push(Alias {
            name: alias.text().trim_start_matches('@').to_owned(),
            scope: match global {
                true => AliasScope::Project(project_of(db, file)),
                false => AliasScope::File(file),
            },
        });
    }
}

/// The using directive whose target `token` is in, not inside a type argument list of it.
fn using_directive_of(token: &SyntaxToken) -> Option<SyntaxNode> {
    let mut node = token.parent()?;
    loop {
        match node.kind() {
            SyntaxKind::USING_DIRECTIVE => return Some(node),
            SyntaxKind::QUALIFIED_NAME
            | SyntaxKind::GENERIC_NAME
            | SyntaxKind::ALIAS_QUALIFIED_NAME
            | SyntaxKind::PREDEFINED_TYPE
            | SyntaxKind::ARRAY_TYPE
            | SyntaxKind::NULLABLE_TYPE
            | SyntaxKind::POINTER_TYPE => node = node.parent()?,
            _ => return None,
        }
    }
}

/// A type's or member's own name where it is declared.
fn is_declaration_name(db: &RootDatabase, file: FileId, token: &SyntaxToken) -> bool {
    if hir::declaration_at(db, file, token.text_range().start()).is_some() {
        return true;
    }
    // Names of locals, parameters, type parameters and using aliases.
    token.field() == Some(Field::Name)
        && token.parent().is_some_and(|p| {
            matches!(
                p.kind(),
                SyntaxKind::VARIABLE_DECLARATOR
                    | SyntaxKind::PARAMETER
                    | SyntaxKind::TYPE_PARAMETER
                    | SyntaxKind::LOCAL_FUNCTION_STATEMENT
                    | SyntaxKind::USING_DIRECTIVE
            )
        })
}

fn in_attribute_name(token: &SyntaxToken) -> bool {
    let mut element: SyntaxElement = token.clone().into();
    while let Some(parent) = element.parent() {
        match parent.kind() {
            SyntaxKind::QUALIFIED_NAME | SyntaxKind::GENERIC_NAME => element = parent.into(),
            SyntaxKind::ATTRIBUTE => {
                return parent
                    .first_child_or_token()
                    .is_some_and(|n| n.text_range() == element.text_range());
            }
            _ => return false,
        }
    }
    false
}

/// Whether an unresolved name there is a failed reference worth listing: not a using directive's
/// or a namespace declaration's name (a namespace).
fn in_code(token: &SyntaxToken) -> bool {
    let mut element: SyntaxElement = token.clone().into();
    while let Some(parent) = element.parent() {
        match parent.kind() {
            SyntaxKind::QUALIFIED_NAME => element = parent.into(),
            SyntaxKind::USING_DIRECTIVE
            | SyntaxKind::NAMESPACE_DECLARATION
            | SyntaxKind::FILE_SCOPED_NAMESPACE_DECLARATION => return false,
            _ => return true,
        }
    }
    true
}

/// What the type's mention is, from the nearest enclosing construct that says.
fn type_use_kind(token: &SyntaxToken) -> ReferenceKind {
    if nameof_argument(token).is_some() {
        return ReferenceKind::Nameof;
    }
    let mut element: SyntaxElement = token.clone().into();
    while let Some(parent) = element.parent() {
        let kind = match parent.kind() {
            SyntaxKind::QUALIFIED_NAME
            | SyntaxKind::GENERIC_NAME
            | SyntaxKind::ARRAY_TYPE
            | SyntaxKind::NULLABLE_TYPE
            | SyntaxKind::POINTER_TYPE
            | SyntaxKind::PREDEFINED_TYPE => {
                element = parent.into();
                continue;
            }
            SyntaxKind::TYPE_ARGUMENT_LIST => ReferenceKind::TypeArgument,
            SyntaxKind::BASE_LIST => ReferenceKind::Inheritance,
            SyntaxKind::PRIMARY_CONSTRUCTOR_BASE_TYPE => ReferenceKind::Inheritance,
            SyntaxKind::ATTRIBUTE => ReferenceKind::Attribute,
            SyntaxKind::OBJECT_CREATION_EXPRESSION => ReferenceKind::ObjectCreation,
            SyntaxKind::TYPEOF_EXPRESSION => ReferenceKind::Typeof,
            SyntaxKind::USING_DIRECTIVE => ReferenceKind::UsingDirective,
            SyntaxKind::CAST_EXPRESSION => ReferenceKind::Cast,
            SyntaxKind::MEMBER_ACCESS_EXPRESSION
                if parent
                    .first_child_or_token()
                    .is_some_and(|f| f.text_range() == element.text_range()) =>
            {
                ReferenceKind::StaticAccess
            }
            _ => ReferenceKind::TypeReference,
        };
        return kind;
    }
    ReferenceKind::TypeReference
}
