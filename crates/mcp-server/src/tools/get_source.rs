//! `get_source`: the source text of a symbol — every part of a partial type — bounded in lines and
//! characters, continued with `skipLines`.

use ide::SourceRequest;
use serde_json::json;

use super::{Answer, Call, ToolSpec, key, schema, symbol};
use crate::error::{ErrorCode, ToolError};

pub(super) static SPEC: ToolSpec = ToolSpec {
    name: "get_source",
    title: "Get source",
    description: "Returns the source text of a type or member of the sources by symbolKey: its whole declaration \
                  with its attributes and the documentation comment above it (/// lines or a /** */ block), every part of a partial type in declaration order. The parts' lines \
                  form one sequence bounded by maxLines and maxChars; truncated=true says more follows: call \
                  again with skipLines = nextSkipLines. A line longer than maxChars is cut (lineCut). Framework \
                  and package symbols have no source here (source_unavailable).",
    input: || {
        json!({
            "symbolKey": schema::symbol_key("Opaque symbolKey of a type or member from search_symbols, resolve_symbol, get_symbol_at_position, get_structure or any tool that returns symbolKey. Not a name."),
            "skipLines": schema::count("Lines of the sequence (all parts) to skip: nextSkipLines of the previous answer.", 0, 100_000_000),
            "maxLines": {"type": "integer", "minimum": 1, "maximum": 5000, "default": 400, "description": "At most this many lines."},
            "maxChars": {"type": "integer", "minimum": 1, "maximum": 60_000, "default": 40_000,
                         "description": "At most this many characters of text (at least one line, cut if longer)."},
        })
    },
    required: &["symbolKey"],
    output: || {
        let part = json!({
            "type": "object",
            "properties": {
                "filePath": {"type": "string"},
                "startLine": {"type": "integer", "description": "1-based, of the first line given (a declaration's documentation comment is its first)"},
                "endLine": {"type": "integer", "description": "1-based, of the last line given"},
                "declaration": {"type": "integer", "description": "Which declaration (0-based) of declarationCount."},
                "text": {"type": "string"},
                "lineCut": {"type": "boolean", "description": "The last line was cut at maxChars."},
            },
            "required": ["filePath", "startLine", "endLine", "declaration", "text"],
        });
        json!({
            "symbolKey": {"type": "string"},
            "symbol": schema::symbol(),
            "declarationCount": {"type": "integer"},
            "totalLines": {"type": "integer", "description": "Lines of all parts."},
            "parts": schema::array_of(part),
            "truncated": {"type": "boolean"},
            "nextSkipLines": schema::nullable("integer", "skipLines of the next page; null on the last."),
        })
    },
    run,
};

fn run(call: &Call<'_>) -> Answer {
    key::reject_namespace(call, "a namespace has no single source", "a type or member")?;
    let info = key::resolve(call, "symbolKey")?;
    let request = SourceRequest {
        skip_lines: call.args.count("skipLines", 0, 0, 100_000_000)?,
        max_lines: call.args.count("maxLines", 400, 1, 5000)?,
        max_chars: call.args.count("maxChars", 40_000, 1, 60_000)?,
    };
    let source = call.snapshot.analysis.symbol_source(&info.key, request)?;
    let Some(source) = source.filter(|s| !s.symbol.declarations.is_empty()) else {
        return Err(ToolError::new(
            ErrorCode::SourceUnavailable,
            "symbolKey",
            format!("{} has no source in the workspace (a framework or package symbol, or one the compiler implies)", info.full_name),
        )
        .suggest("get_type_hierarchy and search_symbols describe framework and package symbols from their metadata.")
        .into());
    };
    let world = &call.snapshot.world;
    let parts: Vec<_> = source
        .parts
        .iter()
        .map(|p| {
            let mut part = json!({
                "filePath": world.root.display(world.path(p.file), call.options.path_style),
                "startLine": p.start_line,
                "endLine": p.end_line,
                "declaration": p.declaration,
                "text": p.text,
            });
            if p.truncated_line {
                part["lineCut"] = json!(true);
            }
            part
        })
        .collect();
    let answer = json!({
        "symbolKey": symbol::key_of(&info),
        "symbol": symbol::to_json(call, &source.symbol)?,
        "declarationCount": source.symbol.declarations.len(),
        "totalLines": source.total_lines,
        "parts": parts,
        "truncated": source.next_skip_lines.is_some(),
        "nextSkipLines": source.next_skip_lines,
    });
    Ok(super::into_object(answer))
}
