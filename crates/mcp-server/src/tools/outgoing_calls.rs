//! `get_outgoing_calls`: what a member's body calls, optionally expanded breadth-first.

use ide::{CallKind, CalleeInfo, OutgoingCallee, SymbolInfo};
use serde_json::{Value, json};

use super::{
    Answer, Call, Failure, ToolSpec, budget,
    calls::{self, Direction, Sites},
    key, kind, schema, symbol,
};
use crate::{
    error::{ErrorCode, ToolError},
    paging::PageRequest,
    scope::{Scope, ScopeArgs},
};

pub(super) static SPEC: ToolSpec = ToolSpec {
    name: "get_outgoing_calls",
    title: "Outgoing calls",
    description: "Lists what a member's body calls (methods, constructors, property/indexer accessors, event \
                  add/remove, operators, delegate invocations; lambdas and local functions count for the member \
                  that contains them), one entry per callee with its call sites. Library callees are isExternal \
                  with their full name and, when a loaded assembly declares them, a symbolKey (find_callers \
                  takes it). depth > 1 expands breadth-first through source callees (cycle-safe); \
                  entries deeper than 1 say which member they were reachedFrom, and partial=true says the node cap \
                  cut the expansion. Method groups passed as delegates are listed with isCall=false. Requires a \
                  symbolKey from search_symbols, resolve_symbol or get_symbol_at_position; paged with skip/take.",
    input: || {
        let mut properties = json!({
            "symbolKey": schema::symbol_key("Opaque symbolKey of a method, constructor, property, indexer, event, operator or field (its initializer) from search_symbols, resolve_symbol, get_symbol_at_position or any tool that returns symbolKey. Not a name."),
            "depth": {"type": "integer", "minimum": 1, "maximum": MAX_DEPTH, "default": 1,
                      "description": format!("Levels of expansion: 1 lists the member's own calls, 2 adds its source callees' calls, … (at most {MAX_DEPTH}; at most {NODE_CAP} callees in all).")},
            "scope": schema::scope("The scope selects callees by where they are declared; external callees are listed with mode 'solution' or includeExternal."),
            "skip": schema::count("Callee paging offset.", 0, 1_000_000),
            "take": schema::count("Callee paging size.", 200, MAX_TAKE),
        });
        calls::unresolved_input(&mut properties);
        properties
    },
    required: &["symbolKey"],
    output: || {
        let callee = json!({
            "type": "object",
            "description": "A source callee carries kind, symbolKey and its location; an external one its name and fullName (as the call names it), and kind, symbolKey and assemblyName when a loaded assembly declares it.",
            "properties": {
                "name": {"type": "string"}, "fullName": {"type": "string"}, "kind": {"type": "string"},
                "symbolKey": {"type": "string"}, "filePath": {"type": "string"}, "lineNumber": {"type": "integer"},
                "column": {"type": "integer"}, "assemblyName": {"type": "string"},
                "containingType": calls::brief_schema(),
                "virtualRoot": {"type": "object", "description": "The member that introduced the virtual slot this callee overrides (isExternal when it is a framework member, with its symbolKey when a loaded assembly declares it)."},
            },
            "required": ["name", "fullName"],
        });
        let entry = json!({
            "type": "object",
            "properties": {
                "callee": callee,
                "isExternal": {"type": "boolean"},
                "isCall": {"type": "boolean", "description": "false when every site is a method group reference (kind methodGroup), which is not a call."},
                "depth": {"type": "integer", "description": "1 for the member's own calls."},
                "reachedFrom": calls::brief_schema(),
                "callSiteCount": {"type": "integer"},
                "callSites": schema::array_of(calls::site_schema(json!({}))),
            },
            "required": ["callee", "isExternal", "isCall", "depth", "callSiteCount", "callSites"],
        });
        let mut properties = json!({
            "symbolKey": {"type": "string"},
            "symbol": schema::symbol(),
            "depth": {"type": "integer"},
            "callCount": {"type": "integer", "description": "Callees in scope that are called (isCall); paging.total also counts method group references."},
            "paging": schema::paging(),
            "calls": schema::array_of(entry),
            "partial": {"type": "boolean", "description": "The node cap cut the expansion; lower depth or narrow the scope."},
        });
        calls::common_output(&mut properties);
        properties
    },
    run,
};

const MAX_TAKE: usize = 500;
const MAX_DEPTH: usize = 5;
/// Callees collected over all levels before the expansion stops and the answer is partial.
const NODE_CAP: usize = 2000;

fn run(call: &Call<'_>) -> Answer {
    key::reject_namespace(
        call,
        "namespaces make no calls",
        "a method, constructor, property, indexer, event, operator or field",
    )?;
    let info = key::resolve(call, "symbolKey")?;
    calls::check_kind(call, &info, Direction::Outgoing)?;
    let depth = call.args.count("depth", 1, 1, MAX_DEPTH)?;
    let scope = super::parse_scope(call)?;
    let page = PageRequest::parse(call.args, "skip", "take", 200, MAX_TAKE)?;
    if let ide::SymbolOrigin::Library { assembly } = &info.origin {
        return Err(ToolError::new(
            ErrorCode::UnsupportedSymbol,
            "symbolKey",
            format!(
                "{} is declared in the reference assembly {assembly}; csnav reads the bodies of source members only",
                info.full_name
            ),
        )
        .suggest("find_callers takes this key: it lists the source members that call it.")
        .into());
    }
    let Some(outgoing) =
        call.snapshot
            .analysis
            .outgoing_calls(&info.key, depth as u32, NODE_CAP)?
    else {
        return Err(ToolError::new(
            ErrorCode::UnsupportedSymbol,
            "symbolKey",
            format!("csnav has no call data for {}", info.full_name),
        )
        .suggest("Pass the key of a method, constructor, property, indexer, event or operator.")
        .into());
    };
    let callees: Vec<&OutgoingCallee> = outgoing
        .callees
        .iter()
        .filter(|c| in_scope(call, &scope, &c.callee))
        .collect();
    let call_count = callees.iter().filter(|c| is_call(c)).count();
    let mut sites = Sites::new(call);
    let (listed, paging, size_limited) = budget::main_page(callees, page, |c| {
        let mut call_sites = Vec::new();
        for s in c.sites.iter().take(calls::MAX_SITES_PER_GROUP) {
            let mut value = sites.site(s.file, s.range)?;
            value["kind"] = json!(calls::kind_name(s.kind));
            call_sites.push(value);
        }
        let mut entry = json!({
            "callee": callee(call, &mut sites, &c.callee)?,
            "isExternal": c.callee.is_external(),
            "isCall": is_call(c),
            "depth": c.depth,
            "callSiteCount": c.sites.len(),
            "callSites": call_sites,
        });
        if let Some(from) = &c.caller {
            entry["reachedFrom"] = sites.symbol_ref(from)?;
        }
        Ok(entry)
    })?;
    // Unresolved sites lie in the bodies examined, whatever the scope says about callees.
    let (unresolved, unresolved_paging) =
        sites.unresolved(&outgoing.unresolved, &Scope::Solution)?;
    let omitted = calls::omitted(
        "callees",
        &paging,
        size_limited,
        &listed,
        &unresolved_paging,
    );
    let mut answer = json!({
        "symbolKey": symbol::key_of(&info),
        "symbol": symbol::to_json(call, &outgoing.symbol)?,
        "depth": depth,
        "callCount": call_count,
        "paging": paging,
        "calls": listed,
        "partial": outgoing.partial,
        "coverage": calls::coverage(&outgoing.coverage),
        "unresolvedCallSiteCount": unresolved_paging.total,
        "unresolvedPaging": unresolved_paging,
        "unresolvedCallSites": unresolved,
        "sizeLimited": size_limited,
    });
    if let Some(omitted) = omitted {
        answer["omitted"] = omitted;
    }
    Ok(super::into_object(answer))
}

fn is_call(callee: &OutgoingCallee) -> bool {
    callee.sites.iter().any(|s| s.kind != CallKind::MethodGroup)
}

/// Source callees by their declarations; external ones have none: they are listed for the whole
/// solution or when asked for.
fn in_scope(call: &Call<'_>, scope: &ScopeArgs, callee: &CalleeInfo) -> bool {
    let declared = |info: &SymbolInfo| {
        let world = &call.snapshot.world;
        scope.scope.includes(
            &info.key.project,
            info.declarations.iter().map(|d| world.path(d.file)),
        )
    };
    match callee {
        CalleeInfo::Source { symbol, .. } => declared(symbol),
        CalleeInfo::External { .. } => scope.include_external || scope.scope == Scope::Solution,
    }
}

fn callee(
    call: &Call<'_>,
    sites: &mut Sites<'_, '_>,
    callee: &CalleeInfo,
) -> Result<Value, Failure> {
    Ok(match callee {
        CalleeInfo::Source {
            symbol: info,
            root,
            external_root,
            library_root,
        } => {
            let mut value = symbol::to_json(call, info)?;
            if let Some(root) = root {
                value["virtualRoot"] = sites.symbol_ref(root)?;
            }
            match (library_root, external_root) {
                (Some(library), _) => {
                    let mut root = calls::brief(library);
                    root["isExternal"] = json!(true);
                    value["virtualRoot"] = root;
                }
                (None, Some(full_name)) => {
                    value["virtualRoot"] = json!({ "fullName": full_name, "isExternal": true });
                }
                (None, None) => {}
            }
            value
        }
        CalleeInfo::External {
            full_name,
            symbol: library,
        } => {
            let mut value = json!({"name": external_name(full_name), "fullName": full_name});
            if let Some(info) = library {
                value["kind"] = json!(kind::name(info.kind));
                value["symbolKey"] = json!(symbol::key_of(info));
                if let ide::SymbolOrigin::Library { assembly } = &info.origin {
                    value["assemblyName"] = json!(assembly.as_str());
                }
            }
            value
        }
    })
}

/// `WriteLine` from `System.Console.WriteLine`, `List` from `System.Collections.Generic.List.#ctor`.
fn external_name(full_name: &str) -> &str {
    let without_parameters = full_name.split('(').next().unwrap_or(full_name);
    without_parameters
        .rsplit('.')
        .find(|segment| !segment.starts_with('#'))
        .unwrap_or(without_parameters)
}

#[cfg(test)]
mod tests {
    use super::external_name;

    #[test]
    fn names_of_external_callees() {
        assert_eq!(external_name("System.Console.WriteLine"), "WriteLine");
        assert_eq!(
            external_name("System.Collections.Generic.List.#ctor"),
            "List"
        );
        assert_eq!(
            external_name("System.String.Join(string, object[])"),
            "Join"
        );
        assert_eq!(external_name("Run"), "Run");
    }
}
