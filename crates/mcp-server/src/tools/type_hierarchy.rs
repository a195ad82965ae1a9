//! `get_type_hierarchy`: base types, interfaces and derived types of a type.

use ide::{DerivedRelation, SymbolInfo, TypeRefInfo};
use serde_json::{Value, json};

use super::{Answer, Call, Failure, ToolSpec, budget, key, kind, schema, symbol};
use crate::{
    error::{ErrorCode, ToolError},
    paging::PageRequest,
};

pub(super) static SPEC: ToolSpec = ToolSpec {
    name: "get_type_hierarchy",
    title: "Type hierarchy",
    description: "Gets base types (nearest first, up to System.Object), all implemented interfaces and derived \
                  types (subclasses, implementers of an interface, derived interfaces; transitive, with isDirect) \
                  for a class, struct, record or interface. Requires a symbolKey from search_symbols, \
                  resolve_symbol or get_symbol_at_position. Derived types are paged with derivedSkip/derivedTake. \
                  A framework or package type (ControllerBase, Stream) works too: its bases and interfaces come \
                  from metadata and its derived types are the source types deriving from it, plus with \
                  scope.includeExternal the library types deriving from it. External bases and interfaces \
                  (isExternal) carry symbolKeys when a loaded assembly declares them.",
    input: || {
        json!({
            "symbolKey": schema::symbol_key("Opaque symbolKey of a type from search_symbols, resolve_symbol, get_symbol_at_position or any tool that returns symbolKey. Not a name."),
            "includeBaseTypes": {"type": "boolean", "default": true, "description": "Include base types."},
            "includeInterfaces": {"type": "boolean", "default": true, "description": "Include interfaces."},
            "includeDerivedTypes": {"type": "boolean", "default": true, "description": "Include derived types."},
            "scope": schema::scope("This scope applies to the derived type search; includeExternal adds the library types deriving from a library type. Base types and interfaces use no scope filter."),
            "derivedSkip": schema::count("Derived type paging offset.", 0, 1_000_000),
            "derivedTake": schema::count("Derived type paging size.", 200, MAX_TAKE),
        })
    },
    required: &["symbolKey"],
    output: || {
        let type_ref = json!({
            "type": "object",
            "properties": {
                "name": {"type": "string"}, "fullName": {"type": "string"}, "symbolKey": {"type": "string"},
                "kind": {"type": "string"}, "isExternal": {"type": "boolean"}, "filePath": {"type": "string"},
                "lineNumber": {"type": "integer"}, "column": {"type": "integer"}, "declaredHere": {"type": "boolean"},
                "assemblyName": {"type": "string"}, "documentationId": {"type": "string"}, "projectName": {"type": "string"}
            },
            "required": ["name", "fullName", "isExternal"],
        });
        json!({
            "symbolKey": {"type": "string"},
            "symbol": schema::symbol(),
            "baseTypes": schema::array_of(type_ref.clone()),
            "interfaces": schema::array_of(type_ref),
            "derivedPaging": schema::paging(),
            "derivedTypes": schema::array_of(schema::symbol()),
            "sizeLimited": {"type": "boolean", "description": "The derived types were cut short to stay within the answer budget (about 20,000 tokens); continue at derivedPaging.nextSkip."},
        })
    },
    run,
};

const MAX_TAKE: usize = 1000;

fn run(call: &Call<'_>) -> Answer {
    key::reject_namespace(
        call,
        "namespaces have no type hierarchy",
        "a class, struct, record or interface",
    )?;
    let info = key::resolve(call, "symbolKey")?;
    check_kind(call, &info)?;
    let include_bases = call.args.bool("includeBaseTypes", true)?;
    let include_interfaces = call.args.bool("includeInterfaces", true)?;
    let include_derived = call.args.bool("includeDerivedTypes", true)?;
    let scope = super::parse_scope(call)?;
    let page = PageRequest::parse(call.args, "derivedSkip", "derivedTake", 200, MAX_TAKE)?;
    let analysis = &call.snapshot.analysis;
    let hierarchy = if scope.include_external {
        analysis.type_hierarchy_including_external(&info.key)?
    } else {
        analysis.type_hierarchy(&info.key)?
    };
    let Some(hierarchy) = hierarchy else {
        return Err(ToolError::new(
            ErrorCode::UnsupportedSymbol,
            "symbolKey",
            format!("{} has no type hierarchy", info.full_name),
        )
        .suggest("Pass the key of a class, struct, interface, record, enum or delegate.")
        .into());
    };
    let world = &call.snapshot.world;
    let base_types = if include_bases {
        hierarchy
            .base_types
            .iter()
            .map(|t| type_ref(call, t))
            .collect::<Result<Vec<_>, _>>()?
    } else {
        Vec::new()
    };
    let interfaces = if include_interfaces {
        hierarchy
            .interfaces
            .iter()
            .map(|i| {
                let mut value = type_ref(call, &i.ty)?;
                value["declaredHere"] = json!(i.declared_here);
                Ok(value)
            })
            .collect::<Result<Vec<_>, Failure>>()?
    } else {
        Vec::new()
    };
    let derived: Vec<_> = if include_derived {
        hierarchy
            .derived
            .iter()
            .filter(|d| {
                d.symbol.is_external()
                    || scope.scope.includes(
                        &d.symbol.key.project,
                        d.symbol.declarations.iter().map(|n| world.path(n.file)),
                    )
            })
            .collect()
    } else {
        Vec::new()
    };
    // Derived types take the answer budget's main share, like callers do.
    let (derived_types, derived_paging, size_limited) = budget::main_page(derived, page, |d| {
        let mut value = symbol::to_json(call, &d.symbol)?;
        value["relation"] = json!(match d.relation {
            DerivedRelation::Subclass => "subclass",
            DerivedRelation::Implementation => "implementation",
            DerivedRelation::DerivedInterface => "derivedInterface",
        });
        value["isDirect"] = json!(d.is_direct);
        Ok(value)
    })?;
    let answer = json!({
        "symbolKey": symbol::key_of(&info),
        "symbol": symbol::to_json(call, &hierarchy.symbol)?,
        "baseTypes": base_types,
        "interfaces": interfaces,
        "derivedPaging": derived_paging,
        "derivedTypes": derived_types,
        "sizeLimited": size_limited,
    });
    Ok(super::into_object(answer))
}

/// A member key gets the containing type's key as a suggestion.
fn check_kind(call: &Call<'_>, info: &SymbolInfo) -> Result<(), Failure> {
    if info.kind.is_type() {
        return Ok(());
    }
    let mut error = ToolError::new(
        ErrorCode::WrongSymbolKind,
        "symbolKey",
        format!(
            "{} is a {}, not a type",
            info.full_name,
            kind::name(info.kind)
        ),
    );
    if let Some(container) = &info.container_name {
        let analysis = &call.snapshot.analysis;
        let containers = if info.is_external() {
            analysis.library_symbols_by_full_name(container)?
        } else {
            analysis.symbols_by_full_name(container)?
        };
        for ty in containers.iter().filter(|s| s.kind.is_type()) {
            error = error.suggest(format!(
                "Use the containing type {} with symbolKey {}",
                ty.full_name,
                symbol::key_of(ty)
            ));
        }
    }
    Err(error
        .suggest(
            "For another type, search_symbols with kinds ['class', 'interface', ...] and its name.",
        )
        .into())
}

/// A base or interface as the type uses it (`name` and `fullName` with its type arguments), with its
/// symbol's key and location (or assembly) when the sources or a loaded assembly declare it.
fn type_ref(call: &Call<'_>, ty: &TypeRefInfo) -> Result<Value, Failure> {
    let mut value = match &ty.symbol {
        Some(info) => symbol::to_json(call, info)?,
        None => json!({}),
    };
    value["name"] = json!(ty.display);
    value["fullName"] = json!(ty.full_name);
    value["isExternal"] = json!(ty.is_external);
    Ok(value)
}
