//! Finding symbols by name: exact, prefix, camel humps (`JsnR` → `JsonReader`), substring.

use hir::{ProjectId, RootDatabase, Symbol, SymbolKind};

use crate::SymbolInfo;

#[derive(Debug, Clone, Default)]
pub struct SymbolQuery {
    pub text: String,
    pub kinds: Option<Vec<SymbolKind>>,
    pub projects: Option<Vec<ProjectId>>,
    /// At most this many results (the best ones).
    pub limit: usize,
}

/// How well a name matches; lower is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Rank {
    ExactCase,
    Exact,
    Prefix,
    CamelHumps,
    Substring,
}

fn rank(name: &str, lower: &str, query: &str, query_lower: &str) -> Option<Rank> {
    if name == query {
        return Some(Rank::ExactCase);
    }
    if lower == query_lower {
        Some(Rank::Exact)
    } else if lower.starts_with(query_lower) {
        Some(Rank::Prefix)
    } else if camel_humps_match(name, query) {
        Some(Rank::CamelHumps)
    } else if lower.contains(query_lower) {
        Some(Rank::Substring)
    } else {
        None
    }
}

/// Splits at upper-case letters (and after `_`): `JsonReader` → `Json`, `Reader`.
fn humps(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if i > start && (c.is_uppercase() || c == '_') {
            out.push(&text[start..i]);
            start = i;
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out.retain(|h| !h.is_empty() && *h != "_");
    out
}

/// Each hump of the query must start a hump of the name, in order, with the rest of its letters
/// following within that hump (`Jsn` matches `Json`).
fn camel_humps_match(name: &str, query: &str) -> bool {
    // A single hump is a prefix or a substring, not an abbreviation.
    let query_humps = humps(query);
    if query_humps.len() < 2 {
        return false;
    }
    let name_humps = humps(name);
    let mut n = 0;
    'query: for q in query_humps {
        while n < name_humps.len() {
            let h = name_humps[n];
            n += 1;
            if hump_matches(h, q) {
                continue 'query;
            }
        }
        return false;
    }
    true
}

fn hump_matches(hump: &str, query: &str) -> bool {
    let mut hump_chars = hump.chars().flat_map(char::to_lowercase);
    let mut query_chars = query.chars().flat_map(char::to_lowercase);
    match (hump_chars.next(), query_chars.next()) {
        (Some(h), Some(q)) if h == q => {}
        _ => return false,
    }
    query_chars.all(|q| hump_chars.any(|h| h == q))
}

pub(crate) fn search(db: &RootDatabase, query: &SymbolQuery) -> Vec<SymbolInfo> {
    let text = query.text.trim();
    if text.is_empty() {
        return Vec::new();
    }
    let lower = text.to_lowercase();
    let index = hir::symbol_index(db);
    let mut hits: Vec<(Rank, usize, &str, Symbol)> = Vec::new();
    for (i, (name_lower, name, symbol)) in index.iter().enumerate() {
        if i % 4096 == 0 {
            hir::Database::unwind_if_revision_cancelled(db);
        }
        let Some(rank) = rank(name, name_lower, text, &lower) else {
            continue;
        };
        if let Some(projects) = &query.projects
            && !projects.contains(&symbol.project())
        {
            continue;
        }
        if let Some(kinds) = &query.kinds
            && !kinds.contains(&hir::symbol_kind(db, symbol))
        {
            continue;
        }
        hits.push((rank, name.len(), name, symbol));
    }
    hits.sort();
    hits.truncate(query.limit);
    hits.into_iter()
        .map(|(_, _, _, symbol)| SymbolInfo::new(db, symbol))
        .collect()
}

/// Symbols whose full name is `full_name`. Type parameters and, for methods, the parameter list may be
/// left out (`Ns.Repository.Find` matches `Ns.Repository<T>.Find(int)` and every other overload);
/// whitespace does not matter.
/// `full_name` as csnav writes it (`Ns.Repo<T>.Find(int)`) or with metadata arities
/// (``Ns.Repo`1``); without type arguments it names every arity (`Ns.Repo`).
pub(crate) fn by_full_name(db: &RootDatabase, full_name: &str) -> Vec<SymbolInfo> {
    let with_arity = normalize(full_name);
    // A name that gives no arity matches every one.
    let by_arity = with_arity.contains('`');
    let shape = |name: &str| {
        let name = normalize(name);
        if by_arity { name } else { strip_arity(&name) }
    };
    let query = shape(full_name);
    let without_params = query.split('(').next().unwrap_or(&query).to_owned();
    let simple = strip_arity(without_params.rsplit('.').next().unwrap_or(&without_params));
    let index = hir::symbol_index(db);
    let mut out = Vec::new();
    for (_, symbol) in index.exact(&simple) {
        let candidate = shape(&hir::full_name(db, symbol));
        let candidate_name = candidate.split('(').next().unwrap_or(&candidate);
        let matches = if query.contains('(') {
            candidate == query
        } else {
            candidate_name == without_params
        };
        if matches {
            out.push(SymbolInfo::new(db, symbol));
        }
    }
    out
}

/// Writes type argument lists as metadata arities and drops whitespace:
/// `Ns.Repo<K, V>.Find(List<int> id)` → ``Ns.Repo`2.Find(List`1id)``.
fn normalize(name: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    let mut arity = 0;
    for c in name.chars() {
        match c {
            '<' => {
                depth += 1;
                if depth == 1 {
                    arity = 1;
                }
            }
            ',' if depth == 1 => arity += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    out.push('`');
                    out.push_str(&arity.to_string());
                }
            }
            c if c.is_whitespace() => {}
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Drops the arities ``Ns.Repo`2.Find`` → `Ns.Repo.Find`.
fn strip_arity(name: &str) -> String {
    let mut out = String::new();
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '`' {
            while chars.next_if(|d| d.is_ascii_digit() || *d == '`').is_some() {}
        } else {
            out.push(c);
        }
    }
    out
}

pub(crate) fn by_documentation_id(db: &RootDatabase, doc_id: &str) -> Vec<SymbolInfo> {
    hir::symbols_with_documentation_id(db, doc_id.trim())
        .into_iter()
        .map(|s| SymbolInfo::new(db, s))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks() {
        let r = |name: &str, q: &str| rank(name, &name.to_lowercase(), q, &q.to_lowercase());
        assert_eq!(r("JsonReader", "JsonReader"), Some(Rank::ExactCase));
        assert_eq!(r("JsonReader", "jsonreader"), Some(Rank::Exact));
        assert_eq!(r("JsonReader", "json"), Some(Rank::Prefix));
        assert_eq!(r("JsonReader", "JsnR"), Some(Rank::CamelHumps));
        assert_eq!(r("JsonTextReader", "JR"), Some(Rank::CamelHumps));
        assert_eq!(r("JsonReader", "Reader"), Some(Rank::Substring));
        assert_eq!(r("JsonReader", "Writer"), None);
        assert_eq!(r("JsonReader", "RJ"), None);
    }
}
