//! `csnav search|hierarchy|callers|callees|refs PATH NAME [--json]`: the MCP tools for people and
//! scripts.
//!
//! The workspace is loaded as the server loads it, NAME is resolved by `resolve_symbol` (a full name, a
//! documentation id or a simple name; an ambiguous one is an error that lists the candidates), and the
//! answer comes from the same tool an agent calls, through the same runner: `--json` prints its
//! `structuredContent`, otherwise it is laid out as tables with paths relative to the workspace root.

use std::{fmt::Write, path::Path};

use anyhow::{Context, bail};
use serde_json::{Value, json};

use crate::{
    args::JsonObject,
    state::{IndexState, ServerState},
    tools,
    workspace::Snapshot,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NavCommand {
    /// `search_symbols` with NAME as the query.
    Search,
    /// `get_type_hierarchy` of NAME.
    Hierarchy,
    /// `find_callers` of NAME.
    Callers,
    /// `get_outgoing_calls` of NAME.
    Callees,
    /// `find_references` of NAME, where that tool is registered.
    Refs,
}

/// The kinds `get_type_hierarchy` answers for.
const TYPE_KINDS: [&str; 5] = ["class", "struct", "interface", "record", "recordStruct"];

impl NavCommand {
    /// Whether the command's tool answers for a symbol of `kind`: among same-named candidates (a class
    /// and its constructor) the one it answers for is meant.
    fn fits(self, kind: &str) -> bool {
        match self {
            NavCommand::Hierarchy => TYPE_KINDS.contains(&kind),
            NavCommand::Callers | NavCommand::Callees => {
                !TYPE_KINDS.contains(&kind) && kind != "namespace"
            }
            // A class and its constructor: the class, whose references include its creations.
            NavCommand::Refs => kind != "constructor",
            NavCommand::Search => true,
        }
    }

    fn tool(self) -> &'static str {
        match self {
            NavCommand::Search => "search_symbols",
            NavCommand::Hierarchy => "get_type_hierarchy",
            NavCommand::Callers => "find_callers",
            NavCommand::Callees => "get_outgoing_calls",
            NavCommand::Refs => "find_references",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NavFormat {
    Table,
    Json,
}

/// How often a query cancelled by a file change is answered again on the new revision.
const ATTEMPTS: usize = 3;
/// A table cell of source text is cut to this many characters.
const CODE_CHARS: usize = 100;

/// Loads the workspace at `path` and answers `command` for `name`; the text to print.
pub fn navigate(
    path: &Path,
    command: NavCommand,
    name: &str,
    format: NavFormat,
) -> anyhow::Result<String> {
    let tool = tools::find(command.tool()).with_context(|| {
        format!(
            "`{}` needs the {} tool, which this build of csnav does not have",
            command_name(command),
            command.tool()
        )
    })?;
    // Repeated runs on one workspace read what the last one persisted, as a restarted server does.
    let state = crate::open_state(path, crate::IndexCacheConfig::resolve(false, None))?;
    let loader = state.clone();
    std::thread::Builder::new()
        .name("csnav-load".to_owned())
        .stack_size(crate::ANALYSIS_STACK)
        .spawn(move || loader.load())?;
    wait_until_ready(&state)?;
    let runner = Runner { state: &state };
    let arguments = match command {
        NavCommand::Search => object(json!({"query": name, "pathStyle": "relative"})),
        _ => {
            let key = runner.resolve(name, command)?;
            object(json!({"symbolKey": key, "pathStyle": "relative"}))
        }
    };
    let (answer, is_error) = runner.call(tool, &arguments)?;
    if is_error {
        bail!("{}", describe_error(&answer));
    }
    Ok(match format {
        NavFormat::Json => format!("{}\n", serde_json::to_string_pretty(&answer)?),
        NavFormat::Table => render(command, &answer),
    })
}

fn command_name(command: NavCommand) -> &'static str {
    match command {
        NavCommand::Search => "search",
        NavCommand::Hierarchy => "hierarchy",
        NavCommand::Callers => "callers",
        NavCommand::Callees => "callees",
        NavCommand::Refs => "refs",
    }
}

/// Blocks until every file is indexed and the reference assemblies are in, as a tool call waits.
fn wait_until_ready(state: &ServerState) -> anyhow::Result<()> {
    let mut index = state.index.subscribe();
    let runtime = tokio::runtime::Builder::new_current_thread().build()?;
    let reached = runtime
        .block_on(index.wait_for(|s| matches!(s, IndexState::Ready | IndexState::Failed(_))));
    match reached.map(|s| s.clone()) {
        Ok(IndexState::Failed(why)) => bail!("the workspace failed to load: {why}"),
        Ok(_) => Ok(()),
        Err(_) => bail!("the loader stopped"),
    }
}

struct Runner<'a> {
    state: &'a ServerState,
}

impl Runner<'_> {
    /// The tool's `structuredContent` and whether it is an error.
    fn call(&self, tool: &tools::Tool, arguments: &JsonObject) -> anyhow::Result<(Value, bool)> {
        for _ in 0..ATTEMPTS {
            let snapshot: Snapshot = self
                .state
                .snapshot()
                .context("the workspace is not loaded")?;
            if let Some(answer) = tool.call(self.state, &snapshot, arguments) {
                return Ok(answer);
            }
        }
        bail!("the files kept changing while {} ran", tool.spec.name)
    }

    /// NAME's symbolKey: `resolve_symbol` with NAME as a documentation id (`T:NS.Type`), a full name
    /// (with a dot or parameters) or a simple name.
    fn resolve(&self, name: &str, command: NavCommand) -> anyhow::Result<String> {
        let selector = if is_documentation_id(name) {
            "documentationId"
        } else if name.contains('.') || name.contains('(') {
            "fullName"
        } else {
            "name"
        };
        let resolve = tools::find("resolve_symbol").context("resolve_symbol is not registered")?;
        let arguments = object(json!({selector: name, "pathStyle": "relative"}));
        let (answer, is_error) = self.call(resolve, &arguments)?;
        if is_error {
            bail!("{}", describe_error(&answer));
        }
        if let Some(key) = answer["symbolKey"].as_str()
            && answer["resolved"] == true
        {
            return Ok(key.to_owned());
        }
        let candidates = answer["candidates"].as_array().cloned().unwrap_or_default();
        let fitting: Vec<&Value> = candidates
            .iter()
            .filter(|c| command.fits(c["kind"].as_str().unwrap_or_default()))
            .collect();
        if let [only] = fitting.as_slice()
            && let Some(key) = only["symbolKey"].as_str()
            && answer["candidateCount"].as_u64() == Some(candidates.len() as u64)
        {
            return Ok(key.to_owned());
        }
        let count = answer["candidateCount"]
            .as_u64()
            .unwrap_or(candidates.len() as u64);
        let mut message = format!(
            "'{name}' is ambiguous: {count} symbols match; give one of these full names (or a documentation id):\n"
        );
        let rows = candidates.iter().map(|c| symbol_row(c, "  ")).collect();
        message.push_str(&table(&[], rows));
        if count as usize > candidates.len() {
            let _ = write!(message, "  ... {} more", count as usize - candidates.len());
        }
        bail!("{}", message.trim_end())
    }
}

fn is_documentation_id(name: &str) -> bool {
    let bytes = name.as_bytes();
    bytes.len() > 2 && bytes[1] == b':' && b"TMPFEN".contains(&bytes[0])
}

fn object(value: Value) -> JsonObject {
    match value {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

/// A tool error as a person reads it: the message, then what to do.
fn describe_error(answer: &Value) -> String {
    let mut text = answer["error"]
        .as_str()
        .unwrap_or("the tool failed")
        .to_owned();
    for suggestion in answer["suggestions"].as_array().into_iter().flatten() {
        if let Some(suggestion) = suggestion.as_str() {
            let _ = write!(text, "\n  {suggestion}");
        }
    }
    text
}

fn render(command: NavCommand, answer: &Value) -> String {
    match command {
        NavCommand::Search => render_search(answer),
        NavCommand::Hierarchy => render_hierarchy(answer),
        NavCommand::Callers => render_calls(answer, "callers", "caller", "CALLER"),
        NavCommand::Callees => render_calls(answer, "calls", "callee", "CALLEE"),
        NavCommand::Refs => render_references(answer),
    }
}

fn render_search(answer: &Value) -> String {
    let symbols = list(answer, "symbols");
    let mut out = format!(
        "{} symbol(s) matching '{}'{}\n",
        answer["paging"]["total"],
        answer["query"].as_str().unwrap_or_default(),
        more(answer, "paging")
    );
    let rows = symbols.iter().map(|s| symbol_row(s, "")).collect();
    out.push_str(&table(&["KIND", "NAME", "LOCATION"], rows));
    out
}

fn render_hierarchy(answer: &Value) -> String {
    let mut out = subject(answer);
    for (title, field) in [
        ("Base types", "baseTypes"),
        ("Interfaces", "interfaces"),
        ("Derived types", "derivedTypes"),
    ] {
        let items = list(answer, field);
        let extra = if field == "derivedTypes" {
            more(answer, "derivedPaging")
        } else {
            String::new()
        };
        let _ = writeln!(out, "\n{title} ({}){extra}", items.len());
        let rows = items
            .iter()
            .map(|item| {
                let mut row = symbol_row(item, "  ");
                if item["isDirect"] == false {
                    row.push("(indirect)".to_owned());
                }
                row
            })
            .collect();
        out.push_str(&table(&[], rows));
    }
    out
}

/// Callers (`find_callers`) or callees (`get_outgoing_calls`): one row per call site.
fn render_calls(answer: &Value, field: &str, member: &str, heading: &str) -> String {
    let noun = heading.to_lowercase();
    let mut out = subject(answer);
    let entries = list(answer, field);
    let coverage = &answer["coverage"];
    let _ = writeln!(
        out,
        "{} {noun}(s){}; call sites examined {}, resolved {}, ambiguous {}, unresolved {}\n",
        entries.len(),
        more(answer, "paging"),
        coverage["examined"],
        coverage["resolved"],
        coverage["ambiguous"],
        coverage["unresolved"]
    );
    let mut rows = Vec::new();
    for entry in entries {
        let name = entry[member]["fullName"].as_str().unwrap_or_default();
        for site in list(entry, "callSites") {
            rows.push(vec![
                name.to_owned(),
                location(site),
                code(site["lineText"].as_str().unwrap_or_default()),
            ]);
        }
    }
    out.push_str(&table(&[heading, "SITE", "CODE"], rows));
    out
}

fn render_references(answer: &Value) -> String {
    let mut out = subject(answer);
    let references = list(answer, "references");
    let _ = writeln!(
        out,
        "{} reference(s){}\n",
        references.len(),
        more(answer, "paging")
    );
    let rows = references
        .iter()
        .map(|r| {
            vec![
                r["kind"].as_str().unwrap_or_default().to_owned(),
                location(r),
                code(r["lineText"].as_str().unwrap_or_default()),
            ]
        })
        .collect();
    out.push_str(&table(&["KIND", "SITE", "CODE"], rows));
    out
}

/// The answer's subject symbol, as a first line.
fn subject(answer: &Value) -> String {
    let symbol = &answer["symbol"];
    format!(
        "{} {}  {}\n",
        symbol["kind"].as_str().unwrap_or_default(),
        symbol["fullName"].as_str().unwrap_or_default(),
        location(symbol)
    )
}

fn list<'a>(value: &'a Value, field: &str) -> &'a [Value] {
    value[field].as_array().map_or(&[], Vec::as_slice)
}

/// ", first N of M" when the list was paged or cut.
fn more(answer: &Value, paging: &str) -> String {
    let paging = &answer[paging];
    if paging["nextSkip"].is_null() {
        return String::new();
    }
    format!(
        " (first {} of {}; --json or the MCP tool pages further)",
        paging["returned"], paging["total"]
    )
}

fn symbol_row(symbol: &Value, indent: &str) -> Vec<String> {
    vec![
        format!("{indent}{}", symbol["kind"].as_str().unwrap_or_default()),
        symbol["fullName"].as_str().unwrap_or_default().to_owned(),
        location(symbol),
    ]
}

/// `path:line:column` of a source symbol or site, `[assembly]` of an external one.
fn location(item: &Value) -> String {
    if let Some(path) = item["filePath"].as_str() {
        let line = item
            .get("lineNumber")
            .or_else(|| item.get("line"))
            .unwrap_or(&Value::Null);
        return format!("{path}:{line}:{}", item["column"]);
    }
    item["assemblyName"]
        .as_str()
        .map(|assembly| format!("[{assembly}]"))
        .unwrap_or_default()
}

fn code(line: &str) -> String {
    let line = line.trim();
    match line.char_indices().nth(CODE_CHARS) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line.to_owned(),
    }
}

/// Rows in aligned columns (the last one unpadded), under `headings` when there are any.
fn table(headings: &[&str], rows: Vec<Vec<String>>) -> String {
    let mut all: Vec<Vec<String>> = Vec::with_capacity(rows.len() + 1);
    if !headings.is_empty() && !rows.is_empty() {
        all.push(headings.iter().map(|h| (*h).to_owned()).collect());
    }
    all.extend(rows);
    let columns = all.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            all.iter()
                .filter_map(|row| row.get(c))
                .map(|cell| cell.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in &all {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c + 1 == row.len() {
                line.push_str(cell);
            } else {
                let _ = write!(line, "{cell:<width$}  ", width = widths[c]);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;

    #[test]
    fn tables_align_every_column_but_the_last() {
        let rows = vec![
            vec!["class".to_owned(), "A.B".to_owned(), "a.cs:1:1".to_owned()],
            vec![
                "interface".to_owned(),
                "A.LongerName".to_owned(),
                "[mscorlib]".to_owned(),
            ],
        ];
        expect![[r#"
            KIND       NAME          LOCATION
            class      A.B           a.cs:1:1
            interface  A.LongerName  [mscorlib]
        "#]]
        .assert_eq(&table(&["KIND", "NAME", "LOCATION"], rows));
    }

    #[test]
    fn documentation_ids_are_told_from_names() {
        assert!(is_documentation_id("T:Bookstore.Domain.Book"));
        assert!(is_documentation_id("M:A.B.C(System.String)"));
        assert!(!is_documentation_id("Book"));
        assert!(!is_documentation_id("X:Y"));
    }
}
