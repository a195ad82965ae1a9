//! `server_status`: what is loaded, how current it is, and what went wrong while loading.

use serde_json::{Value, json};

use super::{Answer, Call, ToolSpec, schema};
use crate::{
    options::PathStyle,
    paging::PageRequest,
    workspace::{ProjectSummary, World},
};

pub(super) static SPEC: ToolSpec = ToolSpec {
    name: "server_status",
    title: "Workspace status",
    description: "Shows the loaded C# workspace: root, projects with file counts and how many of their reference assemblies are missing, load problems, index state, \
                  the revision answers are computed at, and whether file changes are being watched. Call it first \
                  when answers look empty or stale, or to learn project names for a scope. responseDetail 'full' adds each \
                  project's path, kind and reference assemblies (found, missing and why, built-in surfaces).",
    input: || {
        json!({
            "skip": schema::count("Project paging offset.", 0, 1_000_000),
            "take": schema::count("Project page size.", 100, 1000),
        })
    },
    required: &[],
    output: || {
        json!({
            "workspaceRoot": {"type": "string"},
            "workspaceKind": {"type": "string", "enum": ["solution", "project", "folder"]},
            "indexState": {"type": "string"},
            "persistedIndex": schema::nullable("object", "Per-file artifacts (item trees, word indexes) read from the persisted index or computed since the start; null when it is off."),
            "revision": {"type": "integer"},
            "fileCount": {"type": "integer"},
            "projects": schema::array_of(json!({"type": "object", "properties": {
                "name": {"type": "string"}, "targetFramework": schema::nullable("string", ""), "fileCount": {"type": "integer"},
                "missingReferences": {"type": "integer", "description": "How many framework, package or assembly references were asked for and not found (responseDetail 'full' says which and why)."},
                "path": schema::nullable("string", "With responseDetail 'full'."), "kind": {"type": "string", "description": "With responseDetail 'full'."},
                "references": {"type": "object", "description": "With responseDetail 'full': the reference assemblies csnav read for the project: how many, which frameworks and how many package assemblies; what was asked for and not found, with why; which of csnav's built-in framework surfaces stands in for a framework it did not find.", "properties": {
                    "assemblies": {"type": "integer"},
                    "frameworks": schema::array_of(json!({"type": "string"})),
                    "packageAssemblies": {"type": "integer"},
                    "missing": schema::array_of(json!({"type": "object", "properties": {
                        "kind": {"type": "string", "enum": ["framework", "package", "assembly"]},
                        "name": {"type": "string"}, "version": schema::nullable("string", ""), "reason": {"type": "string"}
                    }})),
                    "builtinSurface": schema::nullable("string", "The built-in surface standing in for a framework that was not found (.NET Framework 4.8, or .NET Core and ASP.NET Core 2.2), or null.")
                }}
            }})),
            "projectPaging": schema::paging(),
            "loadProblems": schema::array_of(json!({"type": "object"})),
            "loadProblemCount": {"type": "integer"},
            "watcher": {"type": "object"},
            "cancelledRequests": {"type": "integer"},
            "version": {"type": "string"},
        })
    },
    run,
};

/// More would drown the answer; the count says how many there are.
const MAX_PROBLEMS: usize = 50;

fn run(call: &Call<'_>) -> Answer {
    let page = PageRequest::parse(call.args, "skip", "take", 100, 1000)?;
    let world = &call.snapshot.world;
    let style = call.options.path_style;
    // The page first: a project's full entry is built only when it is sent. An entry is short unless
    // asked for in full: a solution of a hundred projects must not make every status answer tens of
    // kB. The short entries are rendered once per world.
    let entries = world.status_entries.get_or_init(|| {
        world
            .projects
            .iter()
            .map(|p| {
                json!({
                    "name": p.name,
                    "targetFramework": p.target_framework,
                    "fileCount": p.files.len(),
                    "missingReferences": p.libraries.missing.len(),
                })
            })
            .collect()
    });
    let (page_projects, paging) = page.apply(world.projects.iter().zip(entries).collect());
    let projects: Vec<Value> = page_projects
        .into_iter()
        .map(|(p, entry)| {
            let mut entry = entry.clone();
            if call.options.full()
                && let Some(entry) = entry.as_object_mut()
            {
                entry.extend(project_details(p, world, style));
            }
            entry
        })
        .collect();
    let problems: Vec<Value> = world
        .problems
        .iter()
        .take(MAX_PROBLEMS)
        .map(|p| json!({"path": world.root.display(&p.path, style), "message": p.message}))
        .collect();
    let answer = json!({
        "workspaceRoot": world.root.path().display().to_string(),
        "workspaceKind": world.kind,
        "indexState": call.state.index.borrow().describe(),
        "persistedIndex": call.state.persisted_counts().map(|c| json!({
            "read": c.hits,
            "computed": c.misses + c.undecodable,
        })),
        "revision": world.revision,
        "fileCount": world.file_count(),
        "projects": projects,
        "projectPaging": paging,
        "loadProblems": problems,
        "loadProblemCount": world.problems.len(),
        "watcher": {"state": world.watcher, "changesAppliedBeforeRequest": world.changes_applied},
        "cancelledRequests": call.state.cancelled_requests.load(std::sync::atomic::Ordering::Relaxed),
        "version": env!("CARGO_PKG_VERSION"),
    });
    Ok(super::into_object(answer))
}

/// What `responseDetail: "full"` adds to a project's entry: where it is, what kind, and its reference
/// assemblies (found, missing with why, the built-in surface standing in for a missing framework).
fn project_details(
    p: &ProjectSummary,
    world: &World,
    style: PathStyle,
) -> serde_json::Map<String, Value> {
    let details = json!({
        "path": p.path.as_ref().map(|path| world.root.display(path, style)),
        "kind": p.kind,
        "references": {
            "assemblies": p.libraries.assemblies,
            "frameworks": p.libraries.frameworks,
            "packageAssemblies": p.libraries.packages,
            "missing": p.libraries.missing.iter().map(|m| json!({
                "kind": m.kind, "name": m.name, "version": m.version, "reason": m.reason,
            })).collect::<Vec<_>>(),
            "builtinSurface": p.libraries.builtin_surface.map(|f| f.describe()),
        },
    });
    match details {
        Value::Object(map) => map,
        _ => serde_json::Map::new(),
    }
}
