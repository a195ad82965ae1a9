//! `get_symbol_at_position`: the symbol declared or referenced at a line and column.

use serde_json::{Value, json};

use super::{Answer, Call, ToolSpec, schema, symbol};
use crate::error::{ErrorCode, ToolError};

pub(super) static SPEC: ToolSpec = ToolSpec {
    name: "get_symbol_at_position",
    title: "Symbol at a position",
    description: "Returns the symbol declared or referenced at a position in a C# file, with its symbolKey. \
                  line and column are 1-based; column counts characters (a tab is one). Use it to go from a \
                  location you are reading to get_type_hierarchy or the other symbolKey tools. A reference to a \
                  framework or package type or member (Console.WriteLine, Stream) gives that symbol, with \
                  isExternal and assemblyName.",
    input: || {
        json!({
            "filePath": {"type": "string", "description": "Absolute, or relative to the workspace root."},
            "line": {"type": "integer", "minimum": 1, "description": "1-based line."},
            "column": {"type": "integer", "minimum": 1, "description": "1-based column in characters."},
        })
    },
    required: &["filePath", "line", "column"],
    output: || {
        json!({
            "filePath": {"type": "string"},
            "lineNumber": {"type": "integer"},
            "column": {"type": "integer"},
            "found": {"type": "boolean"},
            "symbolKey": {"type": "string"},
            "symbol": {"anyOf": [schema::symbol(), {"type": "null"}]},
        })
    },
    run,
};

/// Generous: no source line is this long, and it keeps the count in `u32` range.
const MAX_POSITION: usize = 10_000_000;

fn run(call: &Call<'_>) -> Answer {
    let world = &call.snapshot.world;
    let path = world
        .root
        .resolve("filePath", call.args.required_str("filePath")?)?;
    let line = required_count(call, "line")?;
    let column = required_count(call, "column")?;
    let Some(file) = world.source_file(&path) else {
        return Err(ToolError::new(
            ErrorCode::SourceUnavailable,
            "filePath",
            format!("'{}' is not a C# file of any loaded project", path.display()),
        )
        .suggest("Call server_status for the loaded projects; files excluded by a project (bin/, obj/, Compile Remove) are not analysed.")
        .into());
    };
    let offset = symbol::Lines::of(call, file)?
        .offset_of(line, column)
        .map_err(|why| {
            ToolError::invalid_argument(
                if why.starts_with("line") {
                    "line"
                } else {
                    "column"
                },
                why,
            )
            .suggest("lineNumber and column are 1-based; column counts characters, a tab is one.")
        })?;
    let found = call.snapshot.analysis.symbol_at(file, offset)?;
    let symbol = found
        .as_ref()
        .map(|s| symbol::to_json(call, s))
        .transpose()?;
    let mut answer = json!({
        "filePath": world.root.display(&path, call.options.path_style),
        "lineNumber": line,
        "column": column,
        "found": symbol.is_some(),
        "symbol": symbol.unwrap_or(Value::Null),
    });
    if let Some(info) = &found {
        answer["symbolKey"] = json!(symbol::key_of(info));
    }
    Ok(super::into_object(answer))
}

fn required_count(call: &Call<'_>, name: &str) -> Result<usize, ToolError> {
    if !call.args.has(name) {
        return Err(ToolError::invalid_argument(
            name,
            format!("missing required argument `{name}`"),
        )
        .suggest(format!("Add `{name}` (1-based) and call again.")));
    }
    call.args.count(name, 1, 1, MAX_POSITION)
}
