//! `find_callers`: the members whose bodies call a member, with the call sites.

use ide::{Cancellable, IncomingCaller, SymbolInfo, SymbolQuery};
use serde_json::json;

use super::{
    Answer, Call, ToolSpec, budget,
    calls::{self, Direction, Sites},
    key, schema, symbol,
};
use crate::{
    error::{ErrorCode, ToolError},
    paging::PageRequest,
};

pub(super) static SPEC: ToolSpec = ToolSpec {
    name: "find_callers",
    title: "Find callers",
    description: "Finds the members whose bodies call a method, constructor (new, base(...), this(...)), \
                  property or indexer (get/set), event (+=/-=) or operator, grouped per caller with call sites \
                  (1-based line and column, line text). isDirect=false marks a call bound to a base or interface \
                  member that this one overrides or implements (it may dispatch here). Requires a symbolKey from \
                  search_symbols, resolve_symbol or get_symbol_at_position. coverage counts the candidate sites; \
                  unresolvedCallSites lists same-named sites csnav could not bind: read them before concluding \
                  that a member is unused. Framework and package members take part too: pass the symbolKey \
                  get_outgoing_calls, get_symbol_at_position or search_symbols (scope.includeExternal) give \
                  them; calls bound to a source override or implementation of such a member are isDirect=false. \
                  Callers are paged with skip/take.",
    input: || {
        let mut properties = json!({
            "symbolKey": schema::symbol_key("Opaque symbolKey of a method, constructor, property, indexer, event or operator (of the sources or of a reference assembly) from search_symbols, resolve_symbol, get_symbol_at_position or any tool that returns symbolKey. Not a name."),
            "scope": schema::scope("The scope selects callers (by the file and project of their call sites); unresolvedCallSites are filtered the same way. Callers are always source members, so includeExternal changes nothing here."),
            "skip": schema::count("Caller paging offset.", 0, 1_000_000),
            "take": schema::count("Caller paging size.", 200, MAX_TAKE),
        });
        calls::unresolved_input(&mut properties);
        properties
    },
    required: &["symbolKey"],
    output: || {
        let site = calls::site_schema(json!({
            "isDirect": {"type": "boolean", "description": "false: the call binds to a base or interface member this one overrides or implements."}
        }));
        let caller = json!({
            "type": "object",
            "properties": {
                "caller": schema::symbol(),
                "callSiteCount": {"type": "integer"},
                "callSites": schema::array_of(site),
            },
            "required": ["caller", "callSiteCount", "callSites"],
        });
        let mut properties = json!({
            "symbolKey": {"type": "string"},
            "symbol": schema::symbol(),
            "unresolvedSharedWith": {"type": "array", "items": calls::brief_schema(),
                "description": "The member's other overloads: the unresolved sites (named like the member) are the same for each, so read them once and pass unresolvedTake 0 for the others."},
            "callerCount": {"type": "integer", "description": "Callers in scope (paging.total)."},
            "callSiteCount": {"type": "integer", "description": "Call sites of all callers in scope."},
            "paging": schema::paging(),
            "callers": schema::array_of(caller),
        });
        calls::common_output(&mut properties);
        properties
    },
    run,
};

const MAX_TAKE: usize = 500;

fn run(call: &Call<'_>) -> Answer {
    key::reject_namespace(
        call,
        "namespaces are not called",
        "a method, constructor, property, indexer, event or operator",
    )?;
    let info = key::resolve(call, "symbolKey")?;
    calls::check_kind(call, &info, Direction::Incoming)?;
    let scope = super::parse_scope(call)?;
    let page = PageRequest::parse(call.args, "skip", "take", 200, MAX_TAKE)?;
    let Some(incoming) = call.snapshot.analysis.incoming_calls(&info.key)? else {
        return Err(ToolError::new(
            ErrorCode::UnsupportedSymbol,
            "symbolKey",
            format!("csnav has no call data for {}", info.full_name),
        )
        .suggest("Pass the key of a method, constructor, property, indexer, event or operator.")
        .into());
    };
    let world = &call.snapshot.world;
    let callers: Vec<&IncomingCaller> = incoming
        .callers
        .iter()
        .filter(|c| {
            scope.scope.includes(
                &c.caller.key.project,
                c.sites.iter().map(|s| world.path(s.site.file)),
            )
        })
        .collect();
    let call_site_count: usize = callers.iter().map(|c| c.sites.len()).sum();
    let mut sites = Sites::new(call);
    let (listed, paging, size_limited) = budget::main_page(callers, page, |c| {
        let mut call_sites = Vec::new();
        for s in c.sites.iter().take(calls::MAX_SITES_PER_GROUP) {
            let mut value = sites.site(s.site.file, s.site.range)?;
            value["isDirect"] = json!(s.is_direct);
            value["kind"] = json!(calls::kind_name(s.site.kind));
            call_sites.push(value);
        }
        Ok(json!({
            "caller": symbol::to_json(call, &c.caller)?,
            "callSiteCount": c.sites.len(),
            "callSites": call_sites,
        }))
    })?;
    let (unresolved, unresolved_paging) = sites.unresolved(&incoming.unresolved, &scope.scope)?;
    let omitted = calls::omitted(
        "callers",
        &paging,
        size_limited,
        &listed,
        &unresolved_paging,
    );
    let mut answer = json!({
        "symbolKey": symbol::key_of(&info),
        "symbol": symbol::to_json(call, &incoming.symbol)?,
        "callerCount": paging.total,
        "callSiteCount": call_site_count,
        "paging": paging,
        "callers": listed,
        "coverage": calls::coverage(&incoming.coverage),
        "unresolvedCallSiteCount": unresolved_paging.total,
        "unresolvedPaging": unresolved_paging,
        "unresolvedCallSites": unresolved,
        "sizeLimited": size_limited,
    });
    if let Some(omitted) = omitted {
        answer["omitted"] = omitted;
    }
    if unresolved_paging.total > 0 {
        let overloads = overloads(call, &info)?;
        if !overloads.is_empty() {
            answer["unresolvedSharedWith"] = overloads.iter().map(calls::brief).collect();
        }
    }
    Ok(super::into_object(answer))
}

/// The member's other overloads. The unresolved sites are those named like the member, so each overload
/// gets the same list: naming them lets an agent read the list once (`unresolvedTake: 0` for the rest).
fn overloads(call: &Call<'_>, info: &SymbolInfo) -> Cancellable<Vec<SymbolInfo>> {
    let query = SymbolQuery {
        text: info.name.clone(),
        kinds: Some(vec![info.kind]),
        projects: info.project().map(|p| vec![p]),
        include_external: info.is_external(),
        limit: 50,
    };
    let mut found = call.snapshot.analysis.search_symbols(&query)?;
    found.retain(|o| {
        o.key != info.key && o.name == info.name && o.container_name == info.container_name
    });
    Ok(found)
}
