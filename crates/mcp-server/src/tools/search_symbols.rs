//! `search_symbols`: find symbols by name, ranked exact, prefix, camel-humps, substring.

use ide::SymbolQuery;
use serde_json::{Value, json};

use super::{Answer, Call, ToolSpec, kind, schema, symbol};
use crate::paging::PageRequest;

pub(super) static SPEC: ToolSpec = ToolSpec {
    name: "search_symbols",
    title: "Search symbols",
    description: "Finds C# types and members by name: exact matches first, then prefix, camel-humps ('URepo' finds \
                  UserRepository) and substring. Returns symbolKeys to pass to get_type_hierarchy and the other \
                  tools. Narrow with kinds (e.g. [\"class\",\"interface\"]) and scope; page with skip/take. \
                  Source symbols only, unless scope.includeExternal is true: then also the public and protected \
                  types and members of the reference assemblies (isExternal, assemblyName). A full name \
                  ('System.IO.Stream') or documentation id ('T:System.IO.Stream') finds exactly that symbol, a \
                  framework one too.",
    input: || {
        json!({
            "query": {"type": "string", "description": "Name or part of a name, e.g. 'UserRepository', 'Save', 'URepo'; or a full name or documentation id."},
            "kinds": {"type": "array", "items": {"type": "string", "enum": kind::names()}, "description": "Only symbols of these kinds."},
            "scope": schema::scope("mode filters which source declarations are searched; includeExternal adds the symbols of the reference assemblies, whatever the mode."),
            "skip": schema::count("Pagination offset.", 0, 1_000_000),
            "take": schema::count("Pagination size.", 50, MAX_TAKE),
        })
    },
    required: &["query"],
    output: || {
        json!({
            "query": {"type": "string"},
            "symbols": schema::array_of(schema::symbol()),
            "paging": schema::paging(),
            "totalIsLowerBound": {"type": "boolean"},
        })
    },
    run,
};

const MAX_TAKE: usize = 500;
/// Matches beyond this are not counted; `totalIsLowerBound` says so.
const MATCH_LIMIT: usize = 10_000;

fn run(call: &Call<'_>) -> Answer {
    let text = call.args.required_str("query")?;
    let kinds = match call.args.str_list("kinds")? {
        Some(names) => Some(
            names
                .iter()
                .map(|n| kind::parse("kinds", n))
                .collect::<Result<Vec<_>, _>>()?,
        ),
        None => None,
    };
    let world = &call.snapshot.world;
    let scope = super::parse_scope(call)?;
    let page = PageRequest::parse(call.args, "skip", "take", 50, MAX_TAKE)?;
    let projects = scope
        .scope
        .project()
        .and_then(|name| world.project_id(name))
        .map(|id| vec![id]);
    let query = SymbolQuery {
        text: text.to_owned(),
        kinds,
        projects,
        include_external: scope.include_external,
        limit: MATCH_LIMIT,
    };
    let found = call.snapshot.analysis.search_symbols(&query)?;
    let lower_bound = found.len() >= MATCH_LIMIT;
    let in_scope: Vec<_> = found
        .into_iter()
        .filter(|s| {
            s.is_external()
                || scope.scope.includes(
                    &s.key.project,
                    s.declarations.iter().map(|d| world.path(d.file)),
                )
        })
        .collect();
    let (page_items, paging) = page.apply(in_scope);
    let symbols = page_items
        .iter()
        .map(|s| symbol::to_json(call, s))
        .collect::<Result<Vec<Value>, _>>()?;
    let answer = json!({
        "query": text,
        "symbols": symbols,
        "paging": paging,
        "totalIsLowerBound": lower_bound,
    });
    Ok(super::into_object(answer))
}
