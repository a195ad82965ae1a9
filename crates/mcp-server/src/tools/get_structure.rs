//! `get_structure`: a source file's outline — namespaces, types and members in document order.

use serde_json::json;

use super::{Answer, Call, ToolSpec, budget, kind, schema, symbol};
use crate::{
    error::{ErrorCode, ToolError},
    paging::PageRequest,
};

pub(super) static SPEC: ToolSpec = ToolSpec {
    name: "get_structure",
    title: "File structure",
    description: "Outlines a C# source file: its namespaces, types and declared members in document order, each \
                  with kind, the declaration's header as written (signature, attributes left out, cut at 300 \
                  characters), 1-based startLine/endLine, depth (0 at the top level; a type's members one deeper \
                  than the type) and symbolKey for the other tools (namespaces have none). Members the compiler \
                  implies (default constructors, record properties) are not listed. Paged with skip/take.",
    input: || {
        json!({
            "filePath": {"type": "string", "description": "A C# file of a loaded project: absolute, or relative to the workspace root."},
            "skip": schema::count("Item paging offset.", 0, 1_000_000),
            "take": schema::count("Item paging size.", 500, MAX_TAKE),
        })
    },
    required: &["filePath"],
    output: || {
        let item = json!({
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "kind": {"type": "string", "description": "namespace, or a symbol kind (class, method, property, ...)."},
                "signature": {"type": "string"},
                "startLine": {"type": "integer", "description": "1-based, the declaration's first line (attributes included)"},
                "endLine": {"type": "integer"},
                "depth": {"type": "integer"},
                "symbolKey": {"type": "string"},
            },
            "required": ["name", "kind", "signature", "startLine", "endLine", "depth"],
        });
        json!({
            "filePath": {"type": "string"},
            "itemCount": {"type": "integer"},
            "paging": schema::paging(),
            "items": schema::array_of(item),
            "sizeLimited": {"type": "boolean", "description": "The page was cut short to stay within the answer budget (about 20,000 tokens); continue at paging.nextSkip."},
        })
    },
    run,
};

const MAX_TAKE: usize = 2000;

fn run(call: &Call<'_>) -> Answer {
    let world = &call.snapshot.world;
    let path = world
        .root
        .resolve("filePath", call.args.required_str("filePath")?)?;
    let page = PageRequest::parse(call.args, "skip", "take", 500, MAX_TAKE)?;
    let Some(file) = world.source_file(&path) else {
        return Err(ToolError::new(
            ErrorCode::SourceUnavailable,
            "filePath",
            format!("'{}' is not a C# file of any loaded project", path.display()),
        )
        .suggest("Call server_status for the loaded projects; files excluded by a project (bin/, obj/, Compile Remove) are not analysed.")
        .into());
    };
    let analysis = &call.snapshot.analysis;
    let lines = symbol::Lines::of(call, file)?;
    let items = analysis.file_structure(file)?;
    let count = items.len();
    let (listed, paging, cut) = budget::main_page(items, page, |item| {
        let (start, _) = lines.line_column(item.full_range.start());
        // The line of the last character: a range may end just after a newline.
        let last = item
            .full_range
            .end()
            .max(item.full_range.start() + ide::TextSize::from(1));
        let (end, _) = lines.line_column(last - ide::TextSize::from(1));
        let mut value = json!({
            "name": item.name,
            "kind": item.kind.map_or("namespace", kind::name),
            "signature": item.signature,
            "startLine": start,
            "endLine": end,
            "depth": item.depth,
        });
        if let Some(key) = &item.key {
            value["symbolKey"] = json!(crate::symbol_key::encode(
                &key.project,
                &key.documentation_id
            ));
        }
        Ok(value)
    })?;
    let answer = json!({
        "filePath": world.root.display(&path, call.options.path_style),
        "itemCount": count,
        "paging": paging,
        "items": listed,
        "sizeLimited": cut,
    });
    Ok(super::into_object(answer))
}
