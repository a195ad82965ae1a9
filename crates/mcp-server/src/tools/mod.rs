//! The tools: their contracts (name, title, description, schemas) and the runner that turns a call
//! into `{success: true, ...}` or a tool error.

mod batch;
mod budget;
mod calls;
mod find_callers;
mod find_implementations;
mod find_overrides;
mod find_references;
mod get_source;
mod get_structure;
mod key;
mod kind;
mod outgoing_calls;
mod resolve_symbol;
mod schema;
mod search_symbols;
mod server_status;
mod symbol;
mod symbol_at_position;
mod type_hierarchy;

/// Reasons are named alike in tool answers and in `csnav stats --json`.
pub(crate) use calls::reason_name;

use std::{
    path::Path,
    sync::{Arc, LazyLock},
    time::Instant,
};

use ide::Cancelled;
use serde_json::{Value, json};

use crate::{
    args::{Args, JsonObject},
    error::ToolError,
    options::{OutputOptions, PathStyle},
    scope::{ScopeArgs, ScopeContext},
    state::ServerState,
    workspace::{Snapshot, World},
};

/// Everything a tool needs to answer one call.
pub(crate) struct Call<'a> {
    pub(crate) snapshot: &'a Snapshot,
    pub(crate) state: &'a ServerState,
    pub(crate) args: &'a Args<'a>,
    pub(crate) options: OutputOptions,
}

pub(crate) enum Failure {
    Tool(ToolError),
    Cancelled,
}

impl From<ToolError> for Failure {
    fn from(error: ToolError) -> Failure {
        Failure::Tool(error)
    }
}

impl From<Cancelled> for Failure {
    fn from(_: Cancelled) -> Failure {
        Failure::Cancelled
    }
}

/// A tool answer without the `success` flag and the diagnostics, which the runner adds.
pub(crate) type Answer = Result<JsonObject, Failure>;

pub(crate) struct ToolSpec {
    pub(crate) name: &'static str,
    pub(crate) title: &'static str,
    pub(crate) description: &'static str,
    /// The tool's own properties; `pathStyle` and `responseDetail` are added to every tool.
    pub(crate) input: fn() -> Value,
    pub(crate) required: &'static [&'static str],
    /// The tool's own result properties; `success` and `responseDiagnostics` are added.
    pub(crate) output: fn() -> Value,
    pub(crate) run: fn(&Call<'_>) -> Answer,
}

pub(crate) struct Tool {
    pub(crate) spec: &'static ToolSpec,
    pub(crate) input_schema: Arc<JsonObject>,
    pub(crate) output_schema: Arc<JsonObject>,
    arguments: Vec<String>,
}

static SPECS: [&ToolSpec; 13] = [
    &search_symbols::SPEC,
    &resolve_symbol::SPEC,
    &symbol_at_position::SPEC,
    &type_hierarchy::SPEC,
    &find_callers::SPEC,
    &outgoing_calls::SPEC,
    &find_references::SPEC,
    &find_implementations::SPEC,
    &find_overrides::SPEC,
    &get_structure::SPEC,
    &get_source::SPEC,
    &server_status::SPEC,
    &batch::SPEC,
];

/// The registered tools' names in registration order: what `docs/mcp.md` must list (a tidy test of
/// xtask compares them).
pub fn tool_names() -> impl Iterator<Item = &'static str> {
    SPECS.iter().map(|spec| spec.name)
}

pub(crate) static TOOLS: LazyLock<Vec<Tool>> =
    LazyLock::new(|| SPECS.iter().map(|spec| Tool::new(spec)).collect());

pub(crate) fn find(name: &str) -> Option<&'static Tool> {
    TOOLS.iter().find(|tool| tool.spec.name == name)
}

impl Tool {
    fn new(spec: &'static ToolSpec) -> Tool {
        let input_schema = schema::input(spec);
        let arguments = input_schema
            .get("properties")
            .and_then(Value::as_object)
            .map(|props| props.keys().cloned().collect())
            .unwrap_or_default();
        Tool {
            spec,
            output_schema: schema::output(spec),
            input_schema,
            arguments,
        }
    }

    /// Runs the tool on `snapshot`; the result is the `structuredContent` and whether it is an error.
    /// `None` when the query was cancelled.
    pub(crate) fn call(
        &self,
        state: &ServerState,
        snapshot: &Snapshot,
        arguments: &JsonObject,
    ) -> Option<(Value, bool)> {
        let started = Instant::now();
        let accepted: Vec<&str> = self.arguments.iter().map(String::as_str).collect();
        let answer = Args::new(arguments, "", &accepted)
            .map_err(Failure::from)
            .and_then(|args| {
                let options = OutputOptions::parse(&args)?;
                let call = Call {
                    snapshot,
                    state,
                    args: &args,
                    options,
                };
                (self.spec.run)(&call).map(|body| (body, options))
            });
        match answer {
            Ok((body, options)) => {
                let mut result = JsonObject::new();
                result.insert("success".to_owned(), Value::Bool(true));
                result.extend(body);
                if let Some(warning) = workspace_warning(&snapshot.world) {
                    result.insert("workspaceWarning".to_owned(), Value::String(warning));
                }
                if options.full() {
                    result.insert(
                        "responseDiagnostics".to_owned(),
                        json!({
                            "revision": snapshot.world.revision,
                            "elapsedMs": started.elapsed().as_secs_f64() * 1000.0,
                            "indexState": state.index.borrow().describe(),
                            "projects": snapshot.world.projects.len(),
                            "files": snapshot.world.file_count(),
                            "changesAppliedBeforeRequest": snapshot.world.changes_applied,
                        }),
                    );
                }
                Some((Value::Object(result), false))
            }
            Err(Failure::Tool(error)) => Some((error.to_json(), true)),
            Err(Failure::Cancelled) => None,
        }
    }
}

/// A tool's answer, built as a `json!` object, as the map the runner extends: moved, not copied (a
/// deep copy of a large answer cost more than building it).
pub(crate) fn into_object(answer: Value) -> JsonObject {
    match answer {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

/// Load problems, said on every answer: an empty or thin answer on a half-loaded workspace must point at
/// them, not only `server_status`.
fn workspace_warning(world: &World) -> Option<String> {
    const LISTED: usize = 3;
    let empty = world.file_count() == 0;
    if world.problems.is_empty() && !empty {
        return None;
    }
    let mut warning = String::new();
    if empty {
        warning.push_str("No C# source file is loaded, so every answer is empty. ");
    }
    if !world.problems.is_empty() {
        let listed: Vec<String> = world
            .problems
            .iter()
            .take(LISTED)
            .map(|p| {
                format!(
                    "{}: {}",
                    world.root.display(&p.path, PathStyle::Relative),
                    p.message
                )
            })
            .collect();
        let more = world.problems.len().saturating_sub(LISTED);
        warning.push_str(&format!(
            "{} load problem(s) ({}{}): answers cover only what loaded; server_status lists every problem.",
            world.problems.len(),
            listed.join("; "),
            if more > 0 { format!("; {more} more") } else { String::new() }
        ));
    }
    Some(warning)
}

pub(crate) fn parse_scope(call: &Call<'_>) -> Result<ScopeArgs, ToolError> {
    let world = &call.snapshot.world;
    let is_source_file = |path: &Path| world.source_file(path).is_some();
    let cx = ScopeContext {
        root: &world.root,
        project_names: &world.project_names,
        is_source_file: &is_source_file,
    };
    ScopeArgs::parse(call.args, &cx)
}
