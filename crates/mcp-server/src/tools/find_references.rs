//! `find_references`: every use in the sources of a type or member (of the sources, the framework or
//! a package), flat or grouped by file, project or containing symbol, with the same-named sites csnav
//! could not bind.

use std::collections::HashMap;

use ide::{FileId, Reference, ReferenceKind, SymbolKey, UnboundReason, UnboundReference};
use serde_json::{Value, json};

use super::{
    Answer, Call, Failure, ToolSpec, budget,
    calls::{self, Sites},
    key, schema, symbol,
};
use crate::{
    error::{ErrorCode, ToolError},
    paging::{PageRequest, Paging},
    scope::Scope,
};

pub(super) static SPEC: ToolSpec = ToolSpec {
    name: "find_references",
    title: "Find references",
    description: "Finds every reference in the sources to a type or member (locals are not symbols here), \
                  the framework's and packages' ones included (System.IDisposable, List<T>.Add): each \
                  with kind (read, write — compound assignments and increments included —, invocation, \
                  lateBoundInvocation (a call with a dynamic argument the runtime may bind to this member or \
                  to another candidate), methodGroup, eventAdd, eventRemove, objectCreation, inheritance, attribute, typeArgument, \
                  typeof, cast, nameof, staticAccess, typeReference for any other mention of a type such as a \
                  declaration's type), filePath, 1-based lineNumber and column, lineText and the containing \
                  symbol. A member's references are its bound uses: a call bound to a base or interface member \
                  it overrides or implements is a reference to that member (find_callers lists those as \
                  isDirect=false). groupBy 'file', 'project' or 'containingSymbol' pages groups instead of \
                  references. coverage counts the same-named sites examined; unboundReferences lists those \
                  csnav could not bind, with a reason (missingMetadata: the project does not see the \
                  assembly declaring what the site names): read them before concluding a symbol is unused.",
    input: || {
        let mut properties = json!({
            "symbolKey": schema::symbol_key("Opaque symbolKey of a type or member (of the sources or of a reference assembly) from search_symbols, resolve_symbol, get_symbol_at_position or any tool that returns symbolKey. Not a name."),
            "groupBy": {"type": "string", "enum": ["none", "file", "project", "containingSymbol"], "default": "none",
                        "description": "none: a flat list of references; otherwise paged groups, each with its references (at most 50 listed, referenceCount has all)."},
            "scope": schema::scope("The scope selects references by the file and project they are in; unboundReferences are filtered the same way."),
            "skip": schema::count("Reference (or group) paging offset.", 0, 1_000_000),
            "take": schema::count("Reference (or group) paging size.", 200, MAX_TAKE),
        });
        calls::unresolved_input(&mut properties);
        properties
    },
    required: &["symbolKey"],
    output: || {
        let reference = json!({
            "type": "object",
            "properties": {
                "filePath": {"type": "string"},
                "lineNumber": {"type": "integer", "description": "1-based"},
                "column": {"type": "integer", "description": "1-based, in characters, at the name"},
                "lineText": {"type": "string", "description": "The trimmed source line."},
                "kind": {"type": "string", "enum": KINDS.iter().map(|(_, n)| *n).collect::<Vec<_>>()},
                "containingSymbol": {"anyOf": [calls::brief_schema(), {"type": "null"}],
                                     "description": "The member (or, outside members, the type) whose code holds the reference."},
            },
            "required": ["filePath", "lineNumber", "column", "lineText", "kind"],
        });
        let group = json!({
            "type": "object",
            "properties": {
                "group": {"type": "string", "description": "The file path, project name or containing symbol's full name (empty for references outside every type: using directives)."},
                "containingSymbol": calls::brief_schema(),
                "referenceCount": {"type": "integer"},
                "references": schema::array_of(reference.clone()),
            },
            "required": ["group", "referenceCount", "references"],
        });
        let unbound = json!({
            "type": "object",
            "properties": {
                "filePath": {"type": "string"}, "lineNumber": {"type": "integer"}, "column": {"type": "integer"},
                "lineText": {"type": "string"}, "name": {"type": "string"},
                "reason": {"type": "string", "enum": ["unknownReceiver", "notFound", "ambiguous", "missingMetadata",
                                                      "dynamicReceiver", "misreadSyntax", "outsideCode", "unknownType"]},
                "containingSymbol": {"anyOf": [calls::brief_schema(), {"type": "null"}]},
            },
            "required": ["filePath", "lineNumber", "column", "lineText", "name", "reason"],
        });
        json!({
            "symbolKey": {"type": "string"},
            "symbol": schema::symbol(),
            "groupBy": {"type": "string"},
            "referenceCount": {"type": "integer", "description": "References in scope."},
            "paging": schema::paging(),
            "references": schema::array_of(reference),
            "groups": schema::array_of(group),
            "coverage": {
                "type": "object",
                "description": "Same-named sites examined, resolved (to this or another symbol), ambiguous and unresolved.",
                "properties": {
                    "examined": {"type": "integer"}, "resolved": {"type": "integer"},
                    "ambiguous": {"type": "integer"}, "unresolved": {"type": "integer"}
                },
                "required": ["examined", "resolved", "ambiguous", "unresolved"],
            },
            "unboundReferenceCount": {"type": "integer"},
            "unboundPaging": schema::paging(),
            "unboundReferences": schema::array_of(unbound),
            "sizeLimited": {"type": "boolean", "description": "The page was cut short to stay within the answer budget (about 20,000 tokens); continue at paging.nextSkip."},
            "omitted": schema::array_of(json!({"type": "string"})),
        })
    },
    run,
};

const MAX_TAKE: usize = 1000;
/// References listed per group; `referenceCount` gives the full number.
const MAX_PER_GROUP: usize = 50;

const KINDS: [(ReferenceKind, &str); 17] = [
    (ReferenceKind::Read, "read"),
    (ReferenceKind::Write, "write"),
    (ReferenceKind::Invocation, "invocation"),
    (ReferenceKind::LateBoundInvocation, "lateBoundInvocation"),
    (ReferenceKind::MethodGroup, "methodGroup"),
    (ReferenceKind::EventAdd, "eventAdd"),
    (ReferenceKind::EventRemove, "eventRemove"),
    (ReferenceKind::ObjectCreation, "objectCreation"),
    (ReferenceKind::Inheritance, "inheritance"),
    (ReferenceKind::Attribute, "attribute"),
    (ReferenceKind::TypeArgument, "typeArgument"),
    (ReferenceKind::Typeof, "typeof"),
    (ReferenceKind::Cast, "cast"),
    (ReferenceKind::Nameof, "nameof"),
    (ReferenceKind::StaticAccess, "staticAccess"),
    (ReferenceKind::UsingDirective, "usingDirective"),
    (ReferenceKind::TypeReference, "typeReference"),
];

fn kind_name(kind: ReferenceKind) -> &'static str {
    KINDS
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or("typeReference", |(_, n)| n)
}

fn reason_name(reason: UnboundReason) -> &'static str {
    match reason {
        UnboundReason::Binding(r) => calls::reason_name(r),
        UnboundReason::OutsideCode => "outsideCode",
        UnboundReason::UnknownType => "unknownType",
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum GroupBy {
    None,
    File,
    Project,
    ContainingSymbol,
}

fn run(call: &Call<'_>) -> Answer {
    key::reject_namespace(
        call,
        "csnav does not list the uses of a namespace",
        "a type or member",
    )?;
    let info = key::resolve(call, "symbolKey")?;
    let group_by = call.args.choice(
        "groupBy",
        &[
            ("none", GroupBy::None),
            ("file", GroupBy::File),
            ("project", GroupBy::Project),
            ("containingSymbol", GroupBy::ContainingSymbol),
        ],
        GroupBy::None,
    )?;
    let scope = super::parse_scope(call)?;
    let page = PageRequest::parse(call.args, "skip", "take", 200, MAX_TAKE)?;
    let Some(found) = call.snapshot.analysis.find_references(&info.key)? else {
        return Err(ToolError::new(
            ErrorCode::UnsupportedSymbol,
            "symbolKey",
            format!("csnav has no reference data for {}", info.full_name),
        )
        .suggest("Pass the key of a type or member.")
        .into());
    };
    let world = &call.snapshot.world;
    let projects = file_projects(call);
    let in_scope = |file: FileId, scope: &Scope| {
        let project = projects.get(&file).map_or("", String::as_str);
        scope.includes(project, std::iter::once(world.path(file)))
    };
    let references: Vec<&Reference> = found
        .references
        .iter()
        .filter(|r| in_scope(r.file, &scope.scope))
        .collect();
    let reference_count = references.len();
    let mut sites = Sites::new(call);
    let mut answer = json!({
        "symbolKey": symbol::key_of(&info),
        "symbol": symbol::to_json(call, &found.symbol)?,
        "referenceCount": reference_count,
        "coverage": calls::coverage(&found.coverage),
    });
    let (paging, size_limited, capped) = match group_by {
        GroupBy::None => {
            let (listed, paging, cut) =
                budget::main_page(references, page, |r| reference_json(&mut sites, r))?;
            answer["references"] = json!(listed);
            (paging, cut, 0)
        }
        _ => {
            let mut groups: Vec<(String, Option<SymbolKey>, Vec<&Reference>)> = Vec::new();
            for r in references {
                let (name, key) = match group_by {
                    GroupBy::File => (
                        world
                            .root
                            .display(world.path(r.file), call.options.path_style),
                        None,
                    ),
                    GroupBy::Project => (projects.get(&r.file).cloned().unwrap_or_default(), None),
                    _ => (
                        r.container
                            .as_ref()
                            .map(|k| k.documentation_id.to_string())
                            .unwrap_or_default(),
                        r.container.clone(),
                    ),
                };
                match groups.iter_mut().find(|(n, _, _)| *n == name) {
                    Some((_, _, list)) => list.push(r),
                    None => groups.push((name, key, vec![r])),
                }
            }
            let capped = groups.iter().filter(|g| g.2.len() > MAX_PER_GROUP).count();
            let (listed, paging, cut) = budget::main_page(groups, page, |(name, key, list)| {
                let mut value = json!({
                    "group": name,
                    "referenceCount": list.len(),
                    "references": list
                        .iter()
                        .take(MAX_PER_GROUP)
                        .map(|r| reference_json(&mut sites, r))
                        .collect::<Result<Vec<_>, _>>()?,
                });
                if let Some(key) = key {
                    let brief = sites.symbol_ref(key)?;
                    if let Some(full_name) = brief.get("fullName") {
                        value["group"] = full_name.clone();
                    }
                    value["containingSymbol"] = brief;
                }
                Ok(value)
            })?;
            answer["groups"] = json!(listed);
            (paging, cut, capped)
        }
    };
    let (unbound, unbound_paging) =
        unbound_page(call, &mut sites, &found.unbound, &scope.scope, &in_scope)?;
    answer["groupBy"] = json!(match group_by {
        GroupBy::None => "none",
        GroupBy::File => "file",
        GroupBy::Project => "project",
        GroupBy::ContainingSymbol => "containingSymbol",
    });
    answer["unboundReferenceCount"] = json!(unbound_paging.total);
    answer["unboundReferences"] = json!(unbound);
    let notes = omitted(&paging, size_limited, capped, &unbound_paging);
    answer["paging"] = json!(paging);
    answer["unboundPaging"] = json!(unbound_paging);
    answer["sizeLimited"] = json!(size_limited);
    if !notes.is_empty() {
        answer["omitted"] = json!(notes);
    }
    Ok(super::into_object(answer))
}

fn reference_json(sites: &mut Sites<'_, '_>, r: &Reference) -> Result<Value, Failure> {
    let mut value = sites.site(r.file, r.range)?;
    value["kind"] = json!(kind_name(r.kind));
    value["containingSymbol"] = match &r.container {
        Some(key) => sites.symbol_ref(key)?,
        None => Value::Null,
    };
    Ok(value)
}

/// The page of unbound references in scope that `unresolvedSkip`/`unresolvedTake` ask for.
fn unbound_page(
    call: &Call<'_>,
    sites: &mut Sites<'_, '_>,
    unbound: &[UnboundReference],
    scope: &Scope,
    in_scope: &dyn Fn(FileId, &Scope) -> bool,
) -> Result<(Vec<Value>, Paging), Failure> {
    let page = PageRequest::parse(call.args, "unresolvedSkip", "unresolvedTake", 50, 500)?;
    let listed: Vec<&UnboundReference> =
        unbound.iter().filter(|u| in_scope(u.file, scope)).collect();
    let (values, paging, _) = budget::page(listed, page, budget::UNRESOLVED_PAGE_CHARS, |u| {
        let mut value = sites.site(u.file, u.range)?;
        value["name"] = json!(u.name);
        value["reason"] = json!(reason_name(u.reason));
        value["containingSymbol"] = match &u.container {
            Some(key) => sites.symbol_ref(key)?,
            None => Value::Null,
        };
        Ok(value)
    })?;
    Ok((values, paging))
}

/// Each source file's project name.
fn file_projects(call: &Call<'_>) -> HashMap<FileId, String> {
    call.snapshot
        .world
        .projects
        .iter()
        .flat_map(|p| p.files.iter().map(move |&f| (f, p.name.clone())))
        .collect()
}

fn omitted(paging: &Paging, size_limited: bool, capped: usize, unbound: &Paging) -> Vec<String> {
    let mut notes: Vec<String> = calls::next_page_note(paging, size_limited, "")
        .into_iter()
        .collect();
    if capped > 0 {
        notes.push(format!(
            "{capped} groups show only their first {MAX_PER_GROUP} references; referenceCount has the full number."
        ));
    }
    notes.extend(calls::unresolved_page_note(
        unbound,
        "unbound references",
        "",
    ));
    notes
}
