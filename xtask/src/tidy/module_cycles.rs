//! The module graph of a crate, read from its source: module `a` depends on module `b` when `a`'s
//! production code names a path into `b` (`use crate::b::…`, `crate::b::f()`, `super::b::…`). A
//! module and its ancestors are one room (a child may use what its parent declares, a parent declares
//! its children), so every edge is taken between the two siblings below the modules' deepest common
//! ancestor: `infer::known` naming `crate::symbols::MemberId` is `infer -> symbols`, naming
//! `super::overload::Conv` is `infer::known -> infer::overload`. A cycle among siblings is two
//! rooms leaning on each other; [`cycles`] finds them.
//!
//! Paths are read lexically: comments and string literals are skipped, and a name re-exported by an
//! ancestor (`crate::Ty`) counts as the ancestor's, so it adds no edge.

use std::{
    collections::{BTreeMap, BTreeSet},
    fs,
    path::Path,
};

/// Edges between sibling modules (`"infer::known"` -> `"infer::overload"`), each with the modules
/// whose paths make it.
pub(super) type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

/// The graph of the crate whose root is `src/lib.rs` (else `src/main.rs`, a binary's). Test code (`tests.rs`, `tests/`
/// folders, what follows a file's `#[cfg(test)]`) is left out: the graph is production code's.
pub(super) fn crate_graph(src: &Path) -> Graph {
    let mut modules: BTreeMap<Vec<String>, String> = BTreeMap::new();
    collect(src, src, &mut modules);
    let mut graph = Graph::new();
    for (module, text) in &modules {
        for path in paths(text) {
            let Some(target) = resolve(module, &path, &modules) else {
                continue;
            };
            let common = module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            if common == module.len() || common == target.len() {
                continue;
            }
            graph
                .entry(module[..=common].join("::"))
                .or_default()
                .entry(target[..=common].join("::"))
                .or_default()
                .insert(display(module));
        }
    }
    graph
}

fn display(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_owned()
    } else {
        module.join("::")
    }
}

fn collect(src: &Path, dir: &Path, out: &mut BTreeMap<Vec<String>, String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "tests" && name != "bin" {
                collect(src, &path, out);
            }
            continue;
        }
        let Some(stem) = name.strip_suffix(".rs") else {
            continue;
        };
        let is_root = dir == src && (stem == "lib" || stem == "main");
        if stem == "tests" || (is_root && stem == "main" && src.join("lib.rs").exists()) {
            continue;
        }
        let rel = dir.strip_prefix(src).unwrap_or(dir);
        let mut module: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if !(stem == "mod" || is_root) {
            module.push(stem.to_owned());
        }
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        out.insert(module, code(super::non_test_part(&text)));
    }
}

/// `text` with comments and the contents of string and character literals blanked out.
fn code(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            i += rest.find('\n').unwrap_or(rest.len());
        } else if rest.starts_with("/*") {
            i += rest.find("*/").map_or(rest.len(), |end| end + 2);
        } else if let Some(hashes) = raw_string_start(rest) {
            let close = format!("\"{}", "#".repeat(hashes));
            let body = &rest[hashes + 2..];
            i += hashes
                + 2
                + body
                    .find(&close)
                    .map_or(body.len(), |end| end + close.len());
            out.push(' ');
        } else if rest.starts_with('"') {
            let mut j = 1;
            while j < rest.len() && rest.as_bytes()[j] != b'"' {
                j += if rest.as_bytes()[j] == b'\\' { 2 } else { 1 };
            }
            i += (j + 1).min(rest.len());
            out.push(' ');
        } else if let Some(len) = char_literal(rest) {
            i += len;
            out.push(' ');
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// `r"…"`, `r#"…"#`: how many `#`s, when `text` starts one.
fn raw_string_start(text: &str) -> Option<usize> {
    let rest = text.strip_prefix('r')?;
    let hashes = rest.len() - rest.trim_start_matches('#').len();
    rest[hashes..].starts_with('"').then_some(hashes)
}

/// The length of a character literal at the start of `text` (`'a'`, `'\n'`, `'"'`); a lifetime is
/// none.
fn char_literal(text: &str) -> Option<usize> {
    let rest = text.strip_prefix('\'')?;
    if let Some(escaped) = rest.strip_prefix('\\') {
        return escaped.find('\'').map(|end| end + 3);
    }
    let c = rest.chars().next()?;
    rest[c.len_utf8()..]
        .starts_with('\'')
        .then_some(c.len_utf8() + 2)
}

/// Every path of `code` that starts with `crate`, `super` or `self`: those of `use` trees expanded
/// (`use crate::a::{b, c::d}` gives `crate::a::b` and `crate::a::c::d`), and those written inline.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let tree = &rest[at + 3..];
        let end = tree.find(';').unwrap_or(tree.len());
        expand(&mut Vec::new(), &tree[..end], &mut out);
        rest = &tree[end..];
    }
    for start in ["crate::", "super::", "self::"] {
        let mut rest = code;
        while let Some(at) = find_word(rest, start) {
            let path = &rest[at..];
            let len = path
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(path.len());
            out.push(segments(&path[..len]));
            rest = &path[start.len()..];
        }
    }
    out.retain(|p| {
        matches!(
            p.first().map(String::as_str),
            Some("crate" | "super" | "self")
        )
    });
    out
}

/// Where `word` starts in `text` with no identifier character before it (and, for a keyword, none
/// after it).
fn find_word(text: &str, word: &str) -> Option<usize> {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut from = 0;
    while let Some(found) = text[from..].find(word) {
        let at = from + found;
        let before = text[..at].chars().next_back().is_some_and(ident);
        let after =
            !word.ends_with(':') && text[at + word.len()..].chars().next().is_some_and(ident);
        if !before && !after {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

fn segments(path: &str) -> Vec<String> {
    path.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The paths of one `use` tree under `prefix`.
fn expand(prefix: &mut Vec<String>, tree: &str, out: &mut Vec<Vec<String>>) {
    for item in split_top_level(tree) {
        let item = item.trim();
        match item.find('{') {
            Some(open) => {
                let head = segments(&item[..open]);
                let body = item[open + 1..].trim_end().strip_suffix('}').unwrap_or("");
                let len = prefix.len();
                prefix.extend(head);
                expand(prefix, body, out);
                prefix.truncate(len);
            }
            None => {
                // `a::b as c` names `a::b`.
                let item = item.split(" as ").next().unwrap_or(item);
                // `a::{self, b}`: `self` is `a` itself, but `self::b` starts at this module.
                let mut path = prefix.clone();
                for segment in segments(item) {
                    if segment != "self" || path.is_empty() {
                        path.push(segment);
                    }
                }
                if !path.is_empty() {
                    out.push(path);
                }
            }
        }
    }
}

/// `a, b::{c, d}` split at the commas outside braces.
fn split_top_level(tree: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (i, c) in tree.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                items.push(&tree[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&tree[start..]);
    items
}

/// The module a path written in `module` leads into: the longest prefix naming a module.
fn resolve(
    module: &[String],
    path: &[String],
    modules: &BTreeMap<Vec<String>, String>,
) -> Option<Vec<String>> {
    let mut base: Vec<String> = module.to_vec();
    let mut rest = path;
    match rest.first()?.as_str() {
        "crate" => {
            base.clear();
            rest = &rest[1..];
        }
        "self" => rest = &rest[1..],
        "super" => {
            while rest.first().is_some_and(|s| s == "super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    for segment in rest {
        base.push(segment.clone());
        if !modules.contains_key(&base) {
            base.pop();
            break;
        }
    }
    Some(base)
}

/// The strongly connected components of more than one module, each sorted, in order.
pub(super) fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    struct Tarjan<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a str) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flat_map(|e| e.keys()) {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w.to_owned());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut tarjan = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    let nodes: BTreeSet<&str> = graph
        .iter()
        .flat_map(|(from, to)| std::iter::once(from.as_str()).chain(to.keys().map(String::as_str)))
        .collect();
    for node in nodes {
        if !tarjan.index.contains_key(node) {
            tarjan.visit(node);
        }
    }
    tarjan.found.sort();
    tarjan.found
}

/// Whether `graph` has a path from `from` to `to`.
pub(super) fn reaches(graph: &Graph, from: &str, to: &str) -> bool {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from];
    while let Some(node) = stack.pop() {
        if node == to {
            return true;
        }
        if seen.insert(node) {
            stack.extend(
                graph
                    .get(node)
                    .into_iter()
                    .flat_map(|e| e.keys().map(String::as_str)),
            );
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn use_trees_and_inline_paths_are_read() {
        let text = code(
            "// use crate::commented::X;\n\
             pub(crate) use crate::a::{self, b::{C, d as e}, F};\n\
             use super::g;\n\
             fn f() { let s = \"crate::in_string\"; let c = '\"'; crate::h::i(); }\n",
        );
        let found: BTreeSet<String> = paths(&text).iter().map(|p| p.join("::")).collect();
        assert_eq!(
            Vec::from_iter(found),
            [
                "crate::a",
                "crate::a::F",
                "crate::a::b::C",
                "crate::a::b::d",
                "crate::h::i",
                "super::g",
            ]
        );
    }

    #[test]
    fn edges_join_siblings_and_cycles_are_found() {
        let module = |m: &str| -> Vec<String> { segments(m) };
        let modules: BTreeMap<Vec<String>, String> = ["", "a", "a::x", "a::y", "b"]
            .iter()
            .map(|m| (module(m), String::new()))
            .collect();
        assert_eq!(
            resolve(&module("a::x"), &segments("super::y::T"), &modules),
            Some(module("a::y"))
        );
        assert_eq!(
            resolve(&module("a::x"), &segments("crate::b::f"), &modules),
            Some(module("b"))
        );
        let mut graph = Graph::new();
        for (from, to) in [("a", "b"), ("b", "a"), ("a::x", "a::y")] {
            graph
                .entry(from.into())
                .or_default()
                .entry(to.into())
                .or_default();
        }
        assert_eq!(cycles(&graph), [vec!["a".to_owned(), "b".to_owned()]]);
        assert!(reaches(&graph, "b", "a") && !reaches(&graph, "a::x", "a"));
    }
}
