//! `batch`: several independent read-only tool calls in one request, all answered on one snapshot
//! (one revision), each with its own success or error, within one bounded answer (`batch/bounded.rs`).
//!
//! Every operation goes through the same runner as a direct call ([`super::Tool::call`]), so any
//! registered tool works in a batch, with the same arguments, answers and errors.

mod bounded;

use serde_json::{Value, json};

use self::bounded::{Finished, Limits};
use super::{Answer, Call, Failure, ToolSpec, budget, schema};
use crate::{args::JsonObject, error::ToolError};

pub(super) static SPEC: ToolSpec = ToolSpec {
    name: "batch",
    title: "Batch of tool calls",
    description: "Runs up to 50 independent csnav tool calls in order on one snapshot of the workspace (one \
                  revision for all, so their symbolKeys and answers agree) and returns one result per operation, \
                  each with its own success or error. operations: [{tool, id?, args}], args being what the tool \
                  takes alone; pathStyle and responseDetail given to batch apply to every operation that does not \
                  set its own. Successful results fill maxDetailChars (at most 60,000 characters) in order; once it \
                  is reached, the later successful operations carry a bounded summary (resultOmitted, resultChars, \
                  their scalar fields and list lengths): run them alone or with smaller pages for their details. \
                  Batch keeps a bounded summary of every failure outside the requested detail budget (errorCode, \
                  parameter, error, suggestions); if the hard server limit (80,000 characters) omits details, \
                  failureDetailsOmitted names them. A batch inside a batch and an unknown tool are errors of that \
                  operation only.",
    input: || {
        json!({
            "operations": {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_OPERATIONS,
                "description": "The calls, run in this order.",
                "items": {
                    "type": "object",
                    "properties": {
                        "tool": {"type": "string", "description": "A csnav tool name, e.g. 'resolve_symbol', 'find_callers'; not 'batch'."},
                        "id": {"anyOf": [{"type": "string", "maxLength": MAX_ID_CHARS}, {"type": "integer"}], "description": "Optional; echoed on this operation's result."},
                        "args": {"type": "object", "description": "The tool's arguments, as for a direct call."},
                    },
                    "required": ["tool"],
                    "additionalProperties": false,
                },
            },
            "maxDetailChars": schema::count(
                "Characters of JSON the successful results may fill before later ones are summarized.",
                budget::MAIN_PAGE_CHARS,
                budget::MAIN_PAGE_CHARS,
            ),
        })
    },
    required: &["operations"],
    output: || {
        let operation = json!({
            "type": "object",
            "properties": {
                "index": {"type": "integer", "description": "0-based position in operations."},
                "id": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
                "tool": {"type": "string"},
                "success": {"type": "boolean"},
                "result": {"type": "object", "description": "The tool's structuredContent, as a direct call returns it (successful operations within maxDetailChars)."},
                "resultOmitted": {"type": "boolean", "const": true, "description": "The result was past maxDetailChars: only summary is given."},
                "resultChars": {"type": "integer", "description": "The size of the omitted result, in characters of JSON."},
                "summary": {"type": "object", "description": "An omitted result's scalar fields and small objects (paging, symbol), each list as its length."},
                "errorCode": {"type": "string"},
                "parameter": schema::nullable("string", "The argument to correct."),
                "error": {"type": "string"},
                "suggestions": {"type": "array", "items": {"type": "string"}},
                "failureDetailsOmitted": {"type": "array", "items": {"type": "string"}, "description": "The failure's fields the hard limit left out or shortened (error, suggestions, summary)."},
            },
            "required": ["index", "tool", "success"],
        });
        json!({
            "revision": {"type": "integer", "description": "The workspace revision every operation was answered on."},
            "operations": schema::array_of(operation),
            "succeeded": {"type": "integer"},
            "failed": {"type": "integer"},
            "sizeLimited": {"type": "boolean", "description": "Some results are summaries: maxDetailChars or the hard limit was reached."},
        })
    },
    run,
};

const MAX_OPERATIONS: usize = 50;
/// A client's operation id is echoed; a longer one is refused rather than cut.
const MAX_ID_CHARS: usize = 200;
/// The batch-wide output options an operation inherits.
const INHERITED: [&str; 2] = ["pathStyle", "responseDetail"];

fn run(call: &Call<'_>) -> Answer {
    let operations = call.args.array("operations")?.unwrap_or_default();
    if operations.is_empty() {
        return Err(ToolError::invalid_argument("operations", "`operations` must not be empty")
            .suggest("List the calls as [{\"tool\": \"search_symbols\", \"args\": {\"query\": \"Repo\"}}].")
            .into());
    }
    if operations.len() > MAX_OPERATIONS {
        return Err(ToolError::invalid_argument(
            "operations",
            format!(
                "at most {MAX_OPERATIONS} operations, got {}",
                operations.len()
            ),
        )
        .suggest(format!("Split the calls into batches of {MAX_OPERATIONS}."))
        .into());
    }
    let max_detail = call.args.count(
        "maxDetailChars",
        budget::MAIN_PAGE_CHARS,
        0,
        budget::MAIN_PAGE_CHARS,
    )?;
    let mut finished = Vec::with_capacity(operations.len());
    for (index, operation) in operations.iter().enumerate() {
        finished.push(run_operation(call, index, operation)?);
    }
    let limits = Limits {
        detail_chars: max_detail,
        hard_chars: budget::ANSWER_CHARS,
    };
    let assembled = bounded::assemble(finished, limits);
    let mut answer = JsonObject::new();
    answer.insert("revision".to_owned(), json!(call.snapshot.world.revision));
    answer.insert("operations".to_owned(), Value::Array(assembled.operations));
    answer.insert("succeeded".to_owned(), json!(assembled.succeeded));
    answer.insert("failed".to_owned(), json!(assembled.failed));
    answer.insert("sizeLimited".to_owned(), json!(assembled.size_limited));
    Ok(answer)
}

/// Runs one operation; its own mistakes (unknown tool, nested batch, bad args) are its failure. The
/// `Err` is only cancellation, which restarts the whole batch on a new snapshot.
fn run_operation(call: &Call<'_>, index: usize, operation: &Value) -> Result<Finished, Failure> {
    let at = |field: &str| format!("operations[{index}].{field}");
    let finish = |id: Option<Value>, tool: String, outcome| Finished {
        index,
        id,
        tool,
        outcome,
    };
    let fail = |error: ToolError| Ok(finish(None, String::new(), Err(as_object(error.to_json()))));
    let Some(operation) = operation.as_object() else {
        return fail(
            ToolError::invalid_argument(
                &format!("operations[{index}]"),
                "an operation must be an object",
            )
            .suggest("Give it as {\"tool\": \"...\", \"args\": {...}}."),
        );
    };
    if let Some(unknown) = operation
        .keys()
        .find(|k| !["tool", "id", "args"].contains(&k.as_str()))
    {
        return fail(
            ToolError::invalid_argument(
                &at(unknown),
                format!("unknown operation field `{unknown}`; accepted: tool, id, args"),
            )
            .suggest("Put the tool's own arguments inside args."),
        );
    }
    let id = match operation.get("id") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.chars().count() <= MAX_ID_CHARS => {
            Some(Value::String(s.clone()))
        }
        Some(Value::Number(n)) if n.is_i64() || n.is_u64() => Some(Value::Number(n.clone())),
        Some(_) => {
            return fail(
                ToolError::invalid_argument(
                    &at("id"),
                    format!(
                        "`id` must be an integer or a string of at most {MAX_ID_CHARS} characters"
                    ),
                )
                .suggest("Use a short name or the operation's number as its id."),
            );
        }
    };
    let Some(name) = operation.get("tool").and_then(Value::as_str) else {
        return Ok(finish(
            id,
            String::new(),
            Err(as_object(
                ToolError::invalid_argument(
                    &at("tool"),
                    "every operation needs a `tool` (a string)",
                )
                .suggest("Name the tool to call, e.g. \"tool\": \"search_symbols\".")
                .to_json(),
            )),
        ));
    };
    let tool_name = bounded::shorten(name, bounded::ECHO_CHARS).0;
    let failed = |error: ToolError| {
        Ok(finish(
            id.clone(),
            tool_name.clone(),
            Err(as_object(error.to_json())),
        ))
    };
    if name == SPEC.name {
        return failed(
            ToolError::invalid_argument(&at("tool"), "a batch cannot run inside a batch")
                .suggest("List the inner batch's operations in this batch instead."),
        );
    }
    let Some(tool) = super::find(name) else {
        return failed(
            ToolError::invalid_argument(&at("tool"), format!("unknown tool '{tool_name}'"))
                .suggest(format!("Use one of: {}.", runnable().join(", "))),
        );
    };
    let mut args = match operation.get("args") {
        None | Some(Value::Null) => JsonObject::new(),
        Some(Value::Object(args)) => args.clone(),
        Some(other) => {
            return failed(
                ToolError::invalid_argument(
                    &at("args"),
                    format!(
                        "`args` must be an object, got {}",
                        bounded::shorten(&other.to_string(), 80).0
                    ),
                )
                .suggest("Pass the tool's arguments as an object, e.g. {\"symbolKey\": \"...\"}."),
            );
        }
    };
    for option in INHERITED {
        if let Some(value) = call.args.str(option)?
            && !args.contains_key(option)
        {
            args.insert(option.to_owned(), json!(value));
        }
    }
    let (content, is_error) = tool
        .call(call.state, call.snapshot, &args)
        .ok_or(Failure::Cancelled)?;
    let content = as_object(content);
    Ok(finish(
        id,
        tool_name,
        if is_error { Err(content) } else { Ok(content) },
    ))
}

/// The tools an operation may name.
fn runnable() -> Vec<&'static str> {
    super::TOOLS
        .iter()
        .map(|tool| tool.spec.name)
        .filter(|&name| name != SPEC.name)
        .collect()
}

fn as_object(value: Value) -> JsonObject {
    match value {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}
