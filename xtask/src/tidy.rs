//! Tidy checks: the rules of the house no compiler enforces, run as tests of xtask (`cargo test -p
//! xtask`, so `cargo xtask test` too), after rust-analyzer's `xtask/src/tidy.rs`.
//!
//! - every Rust module of the project starts with a `//!` doc saying what it is for;
//! - no debugging or placeholder macros outside tests;
//! - the tables of `docs/architecture.md` name only files and folders that exist;
//! - the tool tables of `docs/mcp.md` and `README.md` list exactly the tools the server registers;
//! - no crate's modules depend on each other in a cycle (`module_cycles.rs`), but for the edges
//!   [`ALLOWED_BACK_EDGES`] lists until they are turned around.

mod module_cycles;

use std::{
    collections::BTreeSet,
    fs,
    path::{Path, PathBuf},
};

use crate::project_root;

/// The folders holding the project's own Rust code (`tests/tests` holds only test targets).
const RUST_ROOTS: &[&str] = &["crates", "xtask", "tests/src", "fuzz"];

/// Every `.rs` file under `RUST_ROOTS`, as (path relative to the root with `/`, text), sorted.
fn rust_files() -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if path.is_dir() {
                // Build output (`fuzz/target`) and hidden folders are nobody's code.
                if name != "target" && !name.starts_with('.') {
                    walk(&path, out);
                }
            } else if name.ends_with(".rs") {
                out.push(path);
            }
        }
    }
    let root = project_root();
    let mut paths = Vec::new();
    for dir in RUST_ROOTS {
        walk(&root.join(dir), &mut paths);
    }
    let mut files: Vec<(String, String)> = paths
        .into_iter()
        .map(|path| {
            let text =
                fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (relative(&root, &path), text)
        })
        .collect();
    files.sort();
    files
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// A generated file says so on its first line; it answers to its generator, not to these rules.
fn is_generated(text: &str) -> bool {
    text.lines()
        .next()
        .is_some_and(|line| line.contains("@generated") || line.contains("Do not edit"))
}

#[test]
fn every_module_starts_with_a_doc_comment() {
    let missing: Vec<String> = rust_files()
        .into_iter()
        .filter(|(_, text)| !is_generated(text) && !text.starts_with("//!"))
        .map(|(path, _)| path)
        .collect();
    assert!(
        missing.is_empty(),
        "modules that do not start with a `//!` doc saying what they are for:\n{}",
        missing.join("\n")
    );
}

/// Test modules (`tests.rs`, anything under a crate's `tests` folder) may hold what production code
/// must not. The top-level `tests/` is a crate whose `src/` `cargo xtask oracle-compare` runs: its
/// first component does not count.
fn is_test_file(path: &str) -> bool {
    path.split('/')
        .skip(1)
        .any(|part| part == "tests" || part == "tests.rs")
}

/// The part of a file before its `#[cfg(test)]` items, which by the house's layout come last.
fn non_test_part(text: &str) -> &str {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.trim() == "#[cfg(test)]" {
            return &text[..offset];
        }
        offset += line.len();
    }
    text
}

#[test]
fn no_debugging_or_placeholder_macros_outside_tests() {
    // Spelled in two halves so that this file does not find itself.
    let macros = [
        concat!("dbg", "!("),
        concat!("todo", "!("),
        concat!("unimplemented", "!("),
    ];
    let mut found = Vec::new();
    for (path, text) in rust_files() {
        if is_test_file(&path) {
            continue;
        }
        for (i, line) in non_test_part(&text).lines().enumerate() {
            for m in macros.iter().filter(|m| line.contains(**m)) {
                found.push(format!("{path}:{}: `{m}`", i + 1));
            }
        }
    }
    assert!(found.is_empty(), "outside tests:\n{}", found.join("\n"));
}

/// The tables of a Markdown text: each row's 1-based line and cells (trimmed, `|` inside backticks
/// kept), the header row first, the `|---|` line left out.
fn tables(text: &str) -> Vec<Vec<(usize, Vec<String>)>> {
    let mut tables: Vec<Vec<(usize, Vec<String>)>> = Vec::new();
    let mut in_table = false;
    for (i, line) in text.lines().enumerate() {
        let Some(row) = line.trim().strip_prefix('|') else {
            in_table = false;
            continue;
        };
        if !in_table {
            tables.push(Vec::new());
            in_table = true;
        }
        let cells = table_cells(row);
        let is_rule = cells
            .iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':')));
        if !is_rule && let Some(table) = tables.last_mut() {
            table.push((i + 1, cells));
        }
    }
    tables
}

fn table_cells(row: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut in_code = false;
    for ch in row.chars() {
        match ch {
            '`' => in_code = !in_code,
            '|' if !in_code => {
                cells.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(cell) = cells.last_mut() {
            cell.push(ch);
        }
    }
    // The text after the closing `|` is no cell.
    if cells.last().is_some_and(|c| c.trim().is_empty()) {
        cells.pop();
    }
    cells.into_iter().map(|c| c.trim().to_owned()).collect()
}

/// The backticked spans of a Markdown text.
fn code_spans(text: &str) -> impl Iterator<Item = &str> {
    text.split('`').skip(1).step_by(2)
}

/// A backticked span that names a file or folder of the repository: it starts with a top-level
/// folder or a crate's folder (the doc writes `hir/src/resolve.rs` for `crates/hir/src/resolve.rs`)
/// and holds only path characters, so type names (`TypeId`/`MemberId`) and calls are never taken
/// for paths.
fn repo_path<'a>(span: &'a str, roots: &BTreeSet<String>) -> Option<&'a str> {
    let (first, rest) = span.split_once('/')?;
    let path_chars = span
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-./{},*".contains(c));
    (path_chars && !rest.is_empty() && roots.contains(first)).then_some(span)
}

/// `a/{b,c}.rs` → `a/b.rs`, `a/c.rs` (one level of braces per group, groups in sequence).
fn expand_braces(path: &str) -> Vec<String> {
    let Some(open) = path.find('{') else {
        return vec![path.to_owned()];
    };
    let Some(close) = path[open..].find('}').map(|c| open + c) else {
        return vec![path.to_owned()];
    };
    path[open + 1..close]
        .split(',')
        .flat_map(|alt| expand_braces(&format!("{}{alt}{}", &path[..open], &path[close + 1..])))
        .collect()
}

/// Whether `path` (relative to `base`) exists; a `*` in its last part matches any run of
/// characters there (`hir/src/library*`).
fn path_exists(base: &Path, path: &str) -> bool {
    let path = path.trim_end_matches('/');
    let (dir, last) = path.rsplit_once('/').unwrap_or(("", path));
    let Some((prefix, suffix)) = last.split_once('*') else {
        return base.join(path).exists();
    };
    fs::read_dir(base.join(dir)).is_ok_and(|entries| {
        entries.flatten().any(|entry| {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            name.len() >= prefix.len() + suffix.len()
                && name.starts_with(prefix)
                && name.ends_with(suffix)
        })
    })
}

fn dir_names(dir: &Path) -> BTreeSet<String> {
    fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect()
}

fn read_doc(path: &str) -> String {
    let path = project_root().join(path);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn architecture_tables_name_files_that_exist() {
    let root = project_root();
    let crates = root.join("crates");
    let mut roots = dir_names(&root);
    roots.extend(dir_names(&crates));
    let hir_src = crates.join("hir/src");
    let text = read_doc("docs/architecture.md");
    let mut missing = Vec::new();
    for table in tables(&text) {
        let module_column = table
            .first()
            .and_then(|(_, header)| header.iter().position(|h| h == "module"));
        for (line, cells) in table.iter().skip(1) {
            for span in cells.iter().flat_map(|c| code_spans(c)) {
                let Some(path) = repo_path(span, &roots) else {
                    continue;
                };
                for path in expand_braces(path) {
                    if !path_exists(&root, &path) && !path_exists(&crates, &path) {
                        missing.push(format!("docs/architecture.md:{line}: `{path}`"));
                    }
                }
            }
            // The query table (the `hir` section's) names the `hir` module of each query.
            let Some(modules) = module_column.and_then(|i| cells.get(i)) else {
                continue;
            };
            for module in modules.split(',').map(str::trim) {
                let file = hir_src.join(format!("{module}.rs"));
                if !file.exists() && !hir_src.join(module).join("mod.rs").exists() {
                    missing.push(format!("docs/architecture.md:{line}: module `{module}`"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "named in a table, not in the repository:\n{}",
        missing.join("\n")
    );
}

/// The tool names of the first table under a `## Tools` heading: the backticked names of each row's
/// first cell (README.md writes two tools to a row).
fn documented_tools(doc: &str) -> BTreeSet<String> {
    let text = read_doc(doc);
    let section = text
        .split("\n## ")
        .find(|s| s.starts_with("Tools"))
        .unwrap_or_else(|| panic!("{doc} has no `## Tools` section"));
    let table = tables(section)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("{doc}'s `## Tools` section has no table"));
    table
        .iter()
        .skip(1)
        .filter_map(|(_, cells)| cells.first())
        .flat_map(|cell| code_spans(cell).map(str::to_owned))
        .collect()
}

#[test]
fn tool_docs_list_the_registered_tools() {
    let registered: BTreeSet<String> = mcp_server::tool_names().map(str::to_owned).collect();
    for doc in ["docs/mcp.md", "README.md"] {
        let documented = documented_tools(doc);
        let undocumented: Vec<&String> = registered.difference(&documented).collect();
        let unregistered: Vec<&String> = documented.difference(&registered).collect();
        assert!(
            undocumented.is_empty() && unregistered.is_empty(),
            "{doc}'s tool table against the server's tools: not listed {undocumented:?}, \
             listed but not registered {unregistered:?}"
        );
    }
}

#[test]
fn paths_are_told_from_type_names_and_tests_from_code() {
    let roots: BTreeSet<String> = ["hir", "tests", "xtask"].map(str::to_owned).into();
    let found: Vec<Option<&str>> = [
        "hir/src/{def_map,symbols}.rs",
        "tests/mcp/",
        "TypeId",
        "Expr",
        "infer(member)",
        "Result<T>/Option<T>",
        "xtask",
    ]
    .into_iter()
    .map(|span| repo_path(span, &roots))
    .collect();
    assert_eq!(
        found,
        [
            Some("hir/src/{def_map,symbols}.rs"),
            Some("tests/mcp/"),
            None,
            None,
            None,
            None,
            None
        ]
    );
    assert!(is_test_file("crates/ide/src/tests/hostile.rs"));
    assert!(is_test_file("crates/ide/src/references/tests.rs"));
    assert!(!is_test_file("tests/src/oracle.rs"));
    assert_eq!(
        expand_braces("tools/batch{.rs,/bounded.rs}"),
        ["tools/batch.rs", "tools/batch/bounded.rs"]
    );
}

/// Module dependencies that still go against their crate's layering, as `crate: from -> to`
/// (siblings, see `module_cycles.rs`). Each closes a cycle; an entry whose edge is gone, or that
/// closes none any more, fails the check, so the list only shrinks.
const ALLOWED_BACK_EDGES: &[&str] = &[
    // External symbols answer like source ones, and source answers include external symbols.
    "ide: external -> call_hierarchy",
    "ide: external -> symbol_info",
    "ide: external -> type_hierarchy",
    // A type's members are decoded lazily into the model that lists them.
    "metadata: members -> model",
    // Attributes are read from the image that holds the blobs.
    "metadata: attributes -> image",
    // The restart bench reports progress as the server bench does.
    "xtask: bench::restart -> bench::server",
];

/// The crates checked, as (name, source folder).
fn crate_sources() -> Vec<(String, PathBuf)> {
    let root = project_root();
    let mut crates: Vec<(String, PathBuf)> = dir_names(&root.join("crates"))
        .into_iter()
        .map(|name| (name.clone(), root.join("crates").join(name).join("src")))
        .filter(|(_, src)| src.is_dir())
        .collect();
    crates.push(("tests".to_owned(), root.join("tests/src")));
    crates.push(("xtask".to_owned(), root.join("xtask/src")));
    crates
}

#[test]
fn no_module_cycles() {
    let mut unused: BTreeSet<&str> = ALLOWED_BACK_EDGES.iter().copied().collect();
    let mut problems = Vec::new();
    for (name, src) in crate_sources() {
        let mut graph = module_cycles::crate_graph(&src);
        let mut allowed = Vec::new();
        for (from, edges) in graph.iter_mut() {
            edges.retain(|to, _| {
                let entry = format!("{name}: {from} -> {to}");
                let listed = unused.remove(entry.as_str());
                if listed {
                    allowed.push((entry, from.clone(), to.clone()));
                }
                !listed
            });
        }
        // An allowed edge closes a cycle only if the rest of the graph leads back.
        problems.extend(
            allowed
                .iter()
                .filter(|(_, from, to)| !module_cycles::reaches(&graph, to, from))
                .map(|(entry, _, _)| {
                    format!("`{entry}` is allowed but closes no cycle: remove it")
                }),
        );
        for cycle in module_cycles::cycles(&graph) {
            let mut text = format!("{name}: a cycle among {}:", cycle.join(", "));
            for from in &cycle {
                for (to, via) in &graph[from] {
                    if cycle.contains(to) {
                        let via: Vec<&str> = via.iter().map(String::as_str).collect();
                        text.push_str(&format!("\n    {from} -> {to} (in {})", via.join(", ")));
                    }
                }
            }
            problems.push(text);
        }
    }
    problems.extend(
        unused
            .iter()
            .map(|e| format!("`{e}` is allowed but no longer there: remove it")),
    );
    assert!(
        problems.is_empty(),
        "module cycles (turn one edge around, or, until then, list it in ALLOWED_BACK_EDGES):\n{}",
        problems.join("\n")
    );
}
