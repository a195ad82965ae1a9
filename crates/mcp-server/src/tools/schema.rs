//! JSON Schemas for `tools/list`, written by hand so that they say exactly what the tools accept
//! (closed objects, bounded counts, enumerated choices).

use std::sync::Arc;

use serde_json::{Value, json};

use super::ToolSpec;
use crate::{args::JsonObject, error::ErrorCode};

pub(super) fn input(spec: &ToolSpec) -> Arc<JsonObject> {
    let mut properties = match (spec.input)() {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    };
    properties.insert(
        "pathStyle".to_owned(),
        json!({"type": "string", "enum": ["absolute", "relative"], "default": "absolute",
               "description": "Path style: 'absolute' (default) or 'relative' (to the workspace root, with '/')."}),
    );
    properties.insert(
        "responseDetail".to_owned(),
        json!({"type": "string", "enum": ["compact", "full"], "default": "compact",
               "description": "compact returns results and actionable state. full adds responseDiagnostics (revision, timings) and documentationId/projectName on every symbol."}),
    );
    object(json!({
        "type": "object",
        "properties": properties,
        "required": spec.required,
        "additionalProperties": false,
    }))
}

/// The tool's result properties with `success` and `responseDiagnostics`, and the error result's
/// (`success: false` with `errorCode`, `parameter`, `error`, `suggestions`): a failed call's
/// `structuredContent` validates against the same schema.
pub(super) fn output(spec: &ToolSpec) -> Arc<JsonObject> {
    let mut properties = JsonObject::new();
    properties.insert(
        "success".to_owned(),
        json!({"type": "boolean", "description": "false on a tool error (isError), which carries errorCode, parameter, error and suggestions instead of results."}),
    );
    if let Value::Object(own) = (spec.output)() {
        properties.extend(own);
    }
    properties.insert(
        "workspaceWarning".to_owned(),
        json!({"type": "string", "description": "Present when projects failed to load or no C# file is loaded: what went wrong; answers cover only what loaded."}),
    );
    properties.insert(
        "responseDiagnostics".to_owned(),
        json!({"type": "object", "description": "Only with responseDetail 'full': revision, elapsedMs, indexState, counts."}),
    );
    let codes: Vec<&str> = [
        ErrorCode::InvalidArguments,
        ErrorCode::InvalidSymbolKey,
        ErrorCode::SymbolNotFound,
        ErrorCode::AmbiguousSymbolKey,
        ErrorCode::WrongSymbolKind,
        ErrorCode::UnsupportedSymbol,
        ErrorCode::SourceUnavailable,
    ]
    .iter()
    .map(|c| c.as_str())
    .collect();
    let error = json!({
        "errorCode": {"type": "string", "enum": codes},
        "parameter": nullable("string", "The argument to correct."),
        "error": {"type": "string"},
        "suggestions": {"type": "array", "items": {"type": "string"}},
    });
    if let Value::Object(error) = error {
        properties.extend(error);
    }
    object(json!({
        "type": "object",
        "properties": properties,
        "required": ["success"],
        "oneOf": [
            {"properties": {"success": {"const": true}}},
            {"properties": {"success": {"const": false}},
             "required": ["errorCode", "parameter", "error", "suggestions"]},
        ],
    }))
}

fn object(value: Value) -> Arc<JsonObject> {
    match value {
        Value::Object(map) => Arc::new(map),
        _ => Arc::default(),
    }
}

/// `type` or null, as `anyOf` branches of one type each: clients that map schemas onto a single-type
/// dialect (Gemini's OpenAPI subset) reject a `type` array; MCP Inspector's `--strict` flags it.
pub(super) fn nullable(ty: &str, description: &str) -> Value {
    let mut schema = json!({"anyOf": [{"type": ty}, {"type": "null"}]});
    if !description.is_empty() {
        schema["description"] = json!(description);
    }
    schema
}

pub(super) fn symbol_key(description: &str) -> Value {
    json!({"type": "string", "description": description})
}

pub(super) fn count(description: &str, default: usize, max: usize) -> Value {
    json!({"type": "integer", "minimum": 0, "maximum": max, "default": default, "description": description})
}

pub(super) fn scope(applies_to: &str) -> Value {
    json!({
        "type": "object",
        "description": format!(
            "Optional scope; omit it to search the whole workspace. mode 'project' requires projectName, \
             'document' requires filePath, 'pathPrefix' requires pathPrefix. Paths are absolute or relative \
             to the workspace root and must stay inside it. {applies_to}"
        ),
        "properties": {
            "mode": {"type": "string", "enum": ["solution", "project", "document", "pathPrefix"]},
            "projectName": {"type": "string"},
            "filePath": {"type": "string"},
            "pathPrefix": {"type": "string"},
            "includeExternal": {"type": "boolean", "default": false, "description": "Also the symbols of the reference assemblies (framework, packages), which belong to no project or file: the tool's description says what it adds."}
        },
        "additionalProperties": false,
    })
}

pub(super) fn paging() -> Value {
    json!({
        "type": "object",
        "properties": {
            "skip": {"type": "integer"}, "take": {"type": "integer"}, "returned": {"type": "integer"},
            "total": {"type": "integer"}, "nextSkip": nullable("integer", "The skip of the next page; null on the last.")
        },
        "required": ["skip", "take", "returned", "total", "nextSkip"],
    })
}

/// A symbol as every tool returns it; source symbols carry a location, library symbols their
/// assembly.
pub(super) fn symbol() -> Value {
    json!({
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "fullName": {"type": "string"},
            "kind": {"type": "string"},
            "symbolKey": {"type": "string", "description": "Opaque; pass it unchanged to other tools."},
            "filePath": {"type": "string"},
            "lineNumber": {"type": "integer", "description": "1-based"},
            "column": {"type": "integer", "description": "1-based, in characters"},
            "isExternal": {"type": "boolean", "const": true, "description": "Present on symbols of a reference assembly (framework, package), which have no location."},
            "assemblyName": {"type": "string", "description": "The assembly that declares an external symbol, e.g. 'mscorlib'."},
            "documentationId": {"type": "string"},
            "projectName": {"type": "string"}
        },
        "required": ["name", "fullName", "kind", "symbolKey"],
    })
}

pub(super) fn array_of(items: Value) -> Value {
    json!({"type": "array", "items": items})
}
