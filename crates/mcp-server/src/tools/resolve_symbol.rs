//! `resolve_symbol`: from a name an agent knows to the one symbolKey, or a ranked list to choose from.

use ide::{SymbolInfo, SymbolQuery};
use serde_json::{Value, json};

use super::{Answer, Call, ToolSpec, key, kind, schema, symbol};
use crate::error::{ErrorCode, ToolError};

pub(super) static SPEC: ToolSpec = ToolSpec {
    name: "resolve_symbol",
    title: "Resolve a symbol",
    description: "Turns a name into a symbolKey. Give exactly one of fullName ('MyApp.Data.UserRepository', \
                  'MyApp.Data.UserRepository.SaveAsync(User)'), documentationId ('T:MyApp.Data.UserRepository') or \
                  name ('UserRepository', optionally with containerName, kind, projectName). One exact match gives \
                  resolved=true and symbolKey; otherwise pick from the ranked candidates. A fullName or \
                  documentationId that no source symbol has resolves to the framework or package symbol of that \
                  name ('System.IO.Stream', 'M:System.IO.File.ReadAllText(System.String)'); includeExternal=true \
                  considers those symbols for every selector.",
    input: || {
        json!({
            "fullName": {"type": "string", "description": "Namespace-qualified name; methods may add parameter types."},
            "documentationId": {"type": "string", "description": "Documentation-comment ID, e.g. 'M:NS.Type.Method(System.String)'."},
            "name": {"type": "string", "description": "Simple name, e.g. 'SaveAsync'."},
            "containerName": {"type": "string", "description": "With name: the containing type or namespace, e.g. 'MyApp.Data.UserRepository' or 'UserRepository'."},
            "kind": {"type": "string", "enum": kind::names(), "description": "With name: only this kind."},
            "projectName": {"type": "string", "description": "With name: only source symbols of this project."},
            "includeExternal": {"type": "boolean", "default": false, "description": "Also match the types and members of the reference assemblies (isExternal, assemblyName); without it they are matched only by a fullName or documentationId no source symbol has."},
            "maxCandidates": schema::count("How many candidates to list when the match is not unique.", 25, 100),
        })
    },
    required: &[],
    output: || {
        json!({
            "resolved": {"type": "boolean"},
            "symbolKey": {"type": "string"},
            "symbol": schema::symbol(),
            "candidates": schema::array_of(schema::symbol()),
            "candidateCount": {"type": "integer"},
        })
    },
    run,
};

const SELECTORS: [&str; 3] = ["fullName", "documentationId", "name"];

fn run(call: &Call<'_>) -> Answer {
    let given: Vec<&str> = SELECTORS
        .iter()
        .copied()
        .filter(|s| call.args.has(s))
        .collect();
    let selector = match given.as_slice() {
        [one] => *one,
        [] => {
            return Err(ToolError::invalid_argument(
                "fullName",
                "give one of fullName, documentationId or name",
            )
            .suggest("To search by a partial name, use search_symbols.")
            .into());
        }
        [first, second, ..] => {
            return Err(ToolError::invalid_argument(
                second,
                format!(
                    "give only one of fullName, documentationId or name, got {first} and {second}"
                ),
            )
            .suggest(format!("Remove `{second}` and keep `{first}`."))
            .into());
        }
    };
    if selector != "name" {
        for filter in ["containerName", "kind", "projectName"] {
            if call.args.has(filter) {
                return Err(ToolError::invalid_argument(
                    filter,
                    format!("`{filter}` only applies with `name`"),
                )
                .suggest(format!(
                    "Remove `{filter}`, or look the symbol up by `name` with `{filter}` to narrow it."
                ))
                .into());
            }
        }
    }
    let max = call.args.count("maxCandidates", 25, 1, 100)?;
    let include_external = call.args.bool("includeExternal", false)?;
    let analysis = &call.snapshot.analysis;
    let value = call.args.required_str(selector)?;
    let mut matches: Vec<SymbolInfo> = match selector {
        "documentationId" => analysis.symbols_by_documentation_id(value)?,
        "fullName" => {
            let exact = analysis.symbols_by_full_name(value)?;
            if exact.is_empty() {
                overloads(call, value)?
            } else {
                exact
            }
        }
        _ => by_name(call, value, include_external)?,
    };
    // A name only the framework declares (`System.IO.Stream`) means the framework's symbol.
    if selector != "name" && (include_external || matches.is_empty()) {
        matches.extend(match selector {
            "documentationId" => analysis.library_symbols_by_documentation_id(value)?,
            _ => analysis.library_symbols_by_full_name(value)?,
        });
    }
    match matches.as_slice() {
        [] => Err(not_found(call, selector, value)?.into()),
        [one] => {
            let answer = json!({
                "resolved": true,
                "symbolKey": symbol::key_of(one),
                "symbol": symbol::to_json(call, one)?,
                "candidates": [],
                "candidateCount": 1,
            });
            Ok(super::into_object(answer))
        }
        many => {
            let candidates = many
                .iter()
                .take(max)
                .map(|s| symbol::to_json(call, s))
                .collect::<Result<Vec<Value>, _>>()?;
            let answer =
                json!({"resolved": false, "candidates": candidates, "candidateCount": many.len()});
            Ok(super::into_object(answer))
        }
    }
}

/// `NS.Type.Method` without parameter types names every overload.
fn overloads(call: &Call<'_>, full_name: &str) -> Result<Vec<SymbolInfo>, super::Failure> {
    let Some((_, name)) = full_name.rsplit_once('.') else {
        return Ok(Vec::new());
    };
    let query = SymbolQuery {
        text: name.to_owned(),
        kinds: None,
        projects: None,
        include_external: false,
        limit: 1000,
    };
    let prefix = format!("{full_name}(");
    Ok(call
        .snapshot
        .analysis
        .search_symbols(&query)?
        .into_iter()
        .filter(|s| s.full_name.starts_with(&prefix))
        .collect())
}

fn by_name(
    call: &Call<'_>,
    name: &str,
    include_external: bool,
) -> Result<Vec<SymbolInfo>, super::Failure> {
    let kind = call
        .args
        .str("kind")?
        .map(|k| kind::parse("kind", k))
        .transpose()?;
    let project = match call.args.str("projectName")? {
        Some(project_name) => Some(call.snapshot.world.project_id(project_name).ok_or_else(
            || {
                ToolError::invalid_argument(
                    "projectName",
                    format!("no project named '{project_name}' in the workspace"),
                )
                .suggest(format!(
                    "Known projects: {}",
                    call.snapshot.world.project_names.join(", ")
                ))
            },
        )?),
        None => None,
    };
    let container = call.args.str("containerName")?;
    let query = SymbolQuery {
        text: name.to_owned(),
        kinds: kind.map(|k| vec![k]),
        projects: project.map(|p| vec![p]),
        include_external,
        limit: 1000,
    };
    let found = call.snapshot.analysis.search_symbols(&query)?;
    Ok(found
        .into_iter()
        .filter(|s| base_name(&s.name) == name || s.name == name)
        .filter(|s| container.is_none_or(|c| container_matches(s.container_name.as_deref(), c)))
        .collect())
}

/// `Repository` for `Repository<T>`.
fn base_name(name: &str) -> &str {
    name.split('<').next().unwrap_or(name)
}

fn container_matches(actual: Option<&str>, wanted: &str) -> bool {
    actual.is_some_and(|actual| actual == wanted || actual.ends_with(&format!(".{wanted}")))
}

fn not_found(call: &Call<'_>, selector: &str, value: &str) -> Result<ToolError, super::Failure> {
    let mut error = ToolError::new(
        ErrorCode::SymbolNotFound,
        selector,
        format!("no symbol matches {selector} '{value}'"),
    );
    let simple = value.split('(').next().unwrap_or(value);
    let simple = simple.rsplit(['.', ':']).next().unwrap_or(simple);
    let include_external = call.args.bool("includeExternal", false)?;
    for candidate in key::close_matches(call, simple, include_external)? {
        error = error.suggest(format!(
            "Close match: {} ({})",
            candidate.full_name,
            kind::name(candidate.kind)
        ));
    }
    Ok(error.suggest("Use search_symbols with part of the name to explore."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn containers_match_by_suffix_segment() {
        assert!(container_matches(
            Some("MyApp.Data.UserRepository"),
            "UserRepository"
        ));
        assert!(container_matches(
            Some("MyApp.Data.UserRepository"),
            "MyApp.Data.UserRepository"
        ));
        assert!(!container_matches(
            Some("MyApp.Data.UserRepository"),
            "Repository"
        ));
        assert!(!container_matches(None, "X"));
        assert_eq!(base_name("Repository<T>"), "Repository");
    }
}
