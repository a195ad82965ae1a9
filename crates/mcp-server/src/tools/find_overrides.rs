//! `find_overrides`: the overrides of a virtual, abstract or override member, down the hierarchy.

use serde_json::json;

use super::{Answer, Call, ToolSpec, find_implementations, key, schema};

pub(super) static SPEC: ToolSpec = ToolSpec {
    name: "find_overrides",
    title: "Find overrides",
    description: "Lists the overrides of a virtual, abstract or (unsealed) override method, property, indexer or \
                  event of the sources, down the whole hierarchy of derived classes (every partial part \
                  included); isDirect when the override overrides this member itself rather than one of its \
                  overrides; forTypes names the declaring type. An interface member is implemented, not \
                  overridden: use find_implementations. A framework or package virtual member (Stream.Write) \
                  lists its source overrides. Paged with skip/take.",
    input: || {
        json!({
            "symbolKey": schema::symbol_key("Opaque symbolKey of a virtual, abstract or override member from search_symbols, resolve_symbol, get_symbol_at_position or any tool that returns symbolKey. Not a name."),
            "skip": schema::count("Paging offset.", 0, 1_000_000),
            "take": schema::count("Paging size.", 200, find_implementations::MAX_TAKE),
        })
    },
    required: &["symbolKey"],
    output: find_implementations::output_schema,
    run,
};

fn run(call: &Call<'_>) -> Answer {
    key::reject_namespace(
        call,
        "namespaces are not overridden",
        "a virtual, abstract or override member",
    )?;
    let info = key::resolve(call, "symbolKey")?;
    let answer = call.snapshot.analysis.find_overrides(&info.key)?;
    find_implementations::respond(call, &info, answer)
}
