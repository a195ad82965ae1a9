//! From a `symbolKey` argument to a symbol, with the errors the tool pages define.

use ide::{SymbolInfo, SymbolKey, SymbolQuery};

use super::{Call, Failure, kind, symbol};
use crate::{
    error::{ErrorCode, ToolError},
    symbol_key,
};

pub(crate) fn resolve(call: &Call<'_>, parameter: &str) -> Result<SymbolInfo, Failure> {
    let raw = call.args.required_str(parameter)?;
    let decoded = symbol_key::decode(parameter, raw)?;
    let key = SymbolKey {
        project: decoded.project.as_str().into(),
        documentation_id: decoded.documentation_id.as_str().into(),
    };
    let mut same = call.snapshot.analysis.symbols_with_key(&key)?;
    if same.len() > 1 {
        let locations: Vec<String> = same
            .iter()
            .filter_map(|s| s.declarations.first())
            .map(|d| {
                call.snapshot
                    .world
                    .root
                    .display(call.snapshot.world.path(d.file), call.options.path_style)
            })
            .collect();
        return Err(ToolError::new(
            ErrorCode::AmbiguousSymbolKey,
            parameter,
            format!("{} distinct declarations share this identity (duplicate definitions?)", same.len()),
        )
        .suggest(format!("Declared in: {}", locations.join(", ")))
        .suggest("Fix the duplicate definition, or use get_symbol_at_position on the declaration you mean.")
        .into());
    }
    match same.pop() {
        Some(info) => Ok(info),
        None => Err(not_found(call, parameter, &decoded)?.into()),
    }
}

/// Namespaces are not symbols csnav indexes, but their documentation ids are well known: say why the
/// tool has no answer (`why`) rather than that nothing was found, and what it takes (`wanted`).
pub(crate) fn reject_namespace(call: &Call<'_>, why: &str, wanted: &str) -> Result<(), Failure> {
    let raw = call.args.required_str("symbolKey")?;
    let key = symbol_key::decode("symbolKey", raw)?;
    if let Some(namespace) = key.documentation_id.strip_prefix("N:") {
        return Err(ToolError::new(
            ErrorCode::UnsupportedSymbol,
            "symbolKey",
            format!("{namespace} is a namespace; {why}"),
        )
        .suggest(format!(
            "Pass the symbolKey of {wanted} (search_symbols with kinds)."
        ))
        .into());
    }
    Ok(())
}

fn not_found(
    call: &Call<'_>,
    parameter: &str,
    key: &symbol_key::DecodedKey,
) -> Result<ToolError, Failure> {
    let assembly = key.project.strip_prefix(SymbolKey::LIBRARY_MARKER);
    let place = match assembly {
        Some(assembly) => format!("the reference assemblies (key from {assembly})"),
        None => format!("project {}", key.project),
    };
    let mut error = ToolError::new(
        ErrorCode::SymbolNotFound,
        parameter,
        format!(
            "no symbol {} in {place} at revision {}",
            key.documentation_id, call.snapshot.world.revision
        ),
    );
    if assembly.is_some() {
        error = error.suggest("The workspace's reference assemblies do not declare it (another framework version or package?).");
    } else if call.snapshot.world.project_id(&key.project).is_none() {
        error = error.suggest(format!(
            "Project '{}' is not loaded in this workspace ({}); keys from another workspace do not carry over.",
            key.project,
            call.snapshot.world.project_names.join(", ")
        ));
    }
    for candidate in close_matches(call, simple_name(&key.documentation_id), assembly.is_some())? {
        error = error.suggest(format!(
            "Close match: {} ({}) symbolKey {}",
            candidate.full_name,
            kind::name(candidate.kind),
            symbol::key_of(&candidate)
        ));
    }
    Ok(error.suggest("Repeat discovery (search_symbols or resolve_symbol) and pass a returned symbolKey unchanged."))
}

/// Symbols named like `name` (library ones too with `include_external`); for a renamed symbol
/// (`SaveAsyncV2`) the name is shortened until something matches, down to half its length.
pub(crate) fn close_matches(
    call: &Call<'_>,
    name: &str,
    include_external: bool,
) -> Result<Vec<SymbolInfo>, Failure> {
    let chars: Vec<char> = name.chars().collect();
    for len in (chars.len().div_ceil(2).max(1)..=chars.len()).rev() {
        let text: String = chars[..len].iter().collect();
        let query = SymbolQuery {
            text,
            kinds: None,
            projects: None,
            include_external,
            limit: 5,
        };
        let found = call.snapshot.analysis.search_symbols(&query)?;
        if !found.is_empty() {
            return Ok(found);
        }
    }
    Ok(Vec::new())
}

/// `Find` from `M:NS.Catalog.Find(System.String)`, `List` from `T:NS.List`1`.
fn simple_name(documentation_id: &str) -> &str {
    let id = documentation_id.get(2..).unwrap_or(documentation_id);
    let id = id.split('(').next().unwrap_or(id);
    // A constructor (`#ctor`) is best found through its type.
    let name = id
        .rsplit('.')
        .find(|segment| !segment.starts_with('#'))
        .unwrap_or(id);
    name.split('`').next().unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::simple_name;

    #[test]
    fn simple_names_of_documentation_ids() {
        assert_eq!(simple_name("M:NS.Catalog.Find(System.String)"), "Find");
        assert_eq!(simple_name("T:NS.List`1"), "List");
        assert_eq!(simple_name("M:NS.C.#ctor"), "C");
        assert_eq!(simple_name("T:Plain"), "Plain");
    }
}
