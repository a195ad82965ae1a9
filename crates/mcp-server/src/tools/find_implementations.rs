//! `find_implementations`: the types deriving from a class or implementing an interface, or the
//! members implementing an interface member or overriding a virtual or abstract one.

use ide::{DerivedRelation, Implementations, MemberImplementationKind};
use serde_json::{Value, json};

use super::{Answer, Call, Failure, ToolSpec, budget, calls, key, schema, symbol};
use crate::{
    error::{ErrorCode, ToolError},
    paging::PageRequest,
};

pub(super) static SPEC: ToolSpec = ToolSpec {
    name: "find_implementations",
    title: "Find implementations",
    description: "For an interface or a class: the types implementing or deriving from it, transitively \
                  (relation implementation, subclass or derivedInterface; isDirect when the type names it in \
                  its own base list). For an interface member: the member each implementing class or struct \
                  maps it to — implicit, explicit (void I.M()) or inherited (declared by a base class that does \
                  not implement the interface itself, class B : A, I) — with the types it implements it for. \
                  For a virtual, abstract or override member: its overrides down the hierarchy (as \
                  find_overrides). Results are paged with skip/take. A framework or package type or member works \
                  too: its source implementers, the source members implementing a framework interface member \
                  (IDisposable.Dispose) or overriding a framework virtual (Stream.Flush).",
    input: || {
        json!({
            "symbolKey": schema::symbol_key("Opaque symbolKey of an interface, class, interface member or virtual/abstract member from search_symbols, resolve_symbol, get_symbol_at_position or any tool that returns symbolKey. Not a name."),
            "skip": schema::count("Paging offset.", 0, 1_000_000),
            "take": schema::count("Paging size.", 200, MAX_TAKE),
        })
    },
    required: &["symbolKey"],
    output: output_schema,
    run,
};

pub(super) const MAX_TAKE: usize = 1000;

/// What `find_implementations` and `find_overrides` return.
pub(super) fn output_schema() -> Value {
    let implementation = json!({
        "type": "object",
        "properties": {
            "symbol": schema::symbol(),
            "kind": {"type": "string", "enum": ["implicit", "explicit", "inherited", "override",
                                                 "implementation", "subclass", "derivedInterface"],
                     "description": "A member: implicit, explicit, inherited (interface members) or override. A type: its relation."},
            "isDirect": {"type": "boolean", "description": "A type naming the subject in its own base list; an override of the subject itself (not of one of its overrides)."},
            "forTypes": {"type": "array", "items": calls::brief_schema(),
                         "description": "Members only: the types for which the member is the implementation (or that declare the override)."},
        },
        "required": ["symbol", "kind", "isDirect"],
    });
    json!({
        "symbolKey": {"type": "string"},
        "symbol": schema::symbol(),
        "resultKind": {"type": "string", "enum": ["types", "members"]},
        "paging": schema::paging(),
        "implementations": schema::array_of(implementation),
        "sizeLimited": {"type": "boolean", "description": "The page was cut short to stay within the answer budget (about 20,000 tokens); continue at paging.nextSkip."},
    })
}

fn run(call: &Call<'_>) -> Answer {
    key::reject_namespace(
        call,
        "namespaces are not implemented",
        "an interface, class or member",
    )?;
    let info = key::resolve(call, "symbolKey")?;
    let answer = call.snapshot.analysis.find_implementations(&info.key)?;
    respond(call, &info, answer)
}

/// The answer for either tool: a not-applicable symbol is a `wrong_symbol_kind` error.
pub(super) fn respond(
    call: &Call<'_>,
    info: &ide::SymbolInfo,
    answer: Option<Implementations>,
) -> Answer {
    let page = PageRequest::parse(call.args, "skip", "take", 200, MAX_TAKE)?;
    let mut sites = calls::Sites::new(call);
    let (subject, result_kind, listed, paging, cut) = match answer {
        None => {
            return Err(ToolError::new(
                ErrorCode::UnsupportedSymbol,
                "symbolKey",
                format!(
                    "{}: the type declaring it is not found in the workspace or its assemblies",
                    info.full_name
                ),
            )
            .suggest("find_callers on it lists the calls that may dispatch to source implementations (isDirect=false).")
            .into());
        }
        Some(Implementations::NotApplicable { symbol, reason }) => {
            return Err(ToolError::new(
                ErrorCode::WrongSymbolKind,
                "symbolKey",
                format!("{}: {reason}", symbol.full_name),
            )
            .suggest("Pass an interface, a class, an interface member or a virtual, abstract or override member.")
            .into());
        }
        Some(Implementations::Types { symbol, types }) => {
            let (listed, paging, cut) = budget::main_page(types, page, |t| {
                Ok(json!({
                    "symbol": symbol::to_json(call, &t.symbol)?,
                    "kind": match t.relation {
                        DerivedRelation::Subclass => "subclass",
                        DerivedRelation::Implementation => "implementation",
                        DerivedRelation::DerivedInterface => "derivedInterface",
                    },
                    "isDirect": t.is_direct,
                }))
            })?;
            (symbol, "types", listed, paging, cut)
        }
        Some(Implementations::Members { symbol, members }) => {
            let (listed, paging, cut) = budget::main_page(members, page, |m| {
                let for_types = m
                    .for_types
                    .iter()
                    .map(|k| sites.symbol_ref(k))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok::<Value, Failure>(json!({
                    "symbol": symbol::to_json(call, &m.symbol)?,
                    "kind": match m.kind {
                        MemberImplementationKind::Implicit => "implicit",
                        MemberImplementationKind::Explicit => "explicit",
                        MemberImplementationKind::Inherited => "inherited",
                        MemberImplementationKind::Override => "override",
                    },
                    "isDirect": m.is_direct,
                    "forTypes": for_types,
                }))
            })?;
            (symbol, "members", listed, paging, cut)
        }
    };
    let answer = json!({
        "symbolKey": symbol::key_of(info),
        "symbol": symbol::to_json(call, &subject)?,
        "resultKind": result_kind,
        "paging": paging,
        "implementations": listed,
        "sizeLimited": cut,
    });
    Ok(super::into_object(answer))
}
