//! Finding symbols by name: exact, prefix, camel humps (`JsnR` → `JsonReader`), substring; and by
//! full name or documentation id, of the sources and of the reference assemblies.

use hir::{ProjectId, RootDatabase, Symbol, SymbolKind, hump_iter, humps};

use crate::{
    SymbolInfo,
    external::{self, LibrarySymbol},
    symbol_info::AnySymbol,
};

#[derive(Debug, Clone, Default)]
pub struct SymbolQuery {
    pub text: String,
    pub kinds: Option<Vec<SymbolKind>>,
    /// Only source symbols of these projects (library symbols belong to none).
    pub projects: Option<Vec<ProjectId>>,
    /// Also the types and members of the reference assemblies.
    pub include_external: bool,
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

/// A query ready to rank names: lower-cased and split into humps once, not once per name.
struct Matcher<'q> {
    query: &'q str,
    lower: String,
    /// Its humps when there are two or more: a single hump is a prefix or a substring, not an
    /// abbreviation.
    humps: Vec<&'q str>,
}

impl<'q> Matcher<'q> {
    fn new(query: &'q str) -> Matcher<'q> {
        let mut humps = humps(query);
        if humps.len() < 2 {
            humps.clear();
        }
        Matcher {
            query,
            lower: query.to_lowercase(),
            humps,
        }
    }

    fn rank(&self, name: &str, lower: &str) -> Option<Rank> {
        if name == self.query {
            return Some(Rank::ExactCase);
        }
        if lower == self.lower {
            Some(Rank::Exact)
        } else if lower.starts_with(&self.lower) {
            Some(Rank::Prefix)
        } else if self.camel_humps_match(name) {
            Some(Rank::CamelHumps)
        } else if lower.contains(&self.lower) {
            Some(Rank::Substring)
        } else {
            None
        }
    }

    /// Each hump of the query must start a hump of the name, in order, with the rest of its letters
    /// following within that hump (`Jsn` matches `Json`).
    fn camel_humps_match(&self, name: &str) -> bool {
        if self.humps.is_empty() {
            return false;
        }
        let mut name_humps = hump_iter(name);
        self.humps
            .iter()
            .all(|q| name_humps.by_ref().any(|h| hump_matches(h, q)))
    }
}

fn hump_matches(hump: &str, query: &str) -> bool {
    // Nearly every name is ASCII, where lower-casing is byte for byte: the same comparison without
    // decoding and case-mapping every character (this runs for every camel-humps candidate).
    if let (Some((&h, hump_rest)), Some((&q, query_rest))) = (
        hump.as_bytes().split_first(),
        query.as_bytes().split_first(),
    ) && hump.is_ascii()
        && query.is_ascii()
    {
        let mut hump_rest = hump_rest.iter();
        return h.eq_ignore_ascii_case(&q)
            && query_rest
                .iter()
                .all(|q| hump_rest.any(|h| h.eq_ignore_ascii_case(q)));
    }
    // The first letters compare as the name index files them (`hir::hump_initial`).
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
    let matcher = Matcher::new(text);
    // At equal rank and name, source symbols come before library ones (`AnySymbol`'s order).
    let mut hits: Vec<(Rank, usize, &str, AnySymbol)> = Vec::new();
    let kind_fits = |kind: SymbolKind| query.kinds.as_ref().is_none_or(|k| k.contains(&kind));
    // A full name or documentation id names its symbols exactly, library ones too: no name in the
    // indexes holds a `.` or `:`, so these are the only hits such a query can have.
    for symbol in qualified_matches(db, text) {
        let fits = match symbol {
            AnySymbol::Source(s) => {
                query
                    .projects
                    .as_ref()
                    .is_none_or(|p| p.contains(&s.project()))
                    && kind_fits(hir::symbol_kind(db, s))
            }
            AnySymbol::Library(s) => kind_fits(external::kind(db, s)),
        };
        if fits {
            hits.push((Rank::ExactCase, 0, "", symbol));
        }
    }
    // The indexes hand over the names the text may match; `rank` decides which do, as it would over
    // every name.
    let mut checked = 0usize;
    let mut tick = || {
        checked += 1;
        if checked.is_multiple_of(4096) {
            hir::Database::unwind_if_revision_cancelled(db);
        }
    };
    let indexes = hir::symbol_indexes(db);
    for index in &indexes {
        if let Some(projects) = &query.projects
            && !projects.contains(&index.project)
        {
            continue;
        }
        for group in index.names.candidates(text) {
            tick();
            let Some(rank) = matcher.rank(group.name, group.lower) else {
                continue;
            };
            for entry in group.values {
                if entry.searchable && kind_fits(entry.kind) {
                    let hit = AnySymbol::Source(entry.symbol);
                    hits.push((rank, group.name.len(), group.name, hit));
                }
            }
        }
    }
    let library = query
        .include_external
        .then(|| external::library_symbol_index(db));
    for group in library.iter().flat_map(|l| l.names.candidates(text)) {
        tick();
        let Some(rank) = matcher.rank(group.name, group.lower) else {
            continue;
        };
        for &symbol in group.values {
            if kind_fits(external::kind(db, symbol)) {
                hits.push((
                    rank,
                    group.name.len(),
                    group.name,
                    AnySymbol::Library(symbol),
                ));
            }
        }
    }
    hits.sort();
    hits.truncate(query.limit);
    hits.into_iter()
        .map(|(_, _, _, symbol)| SymbolInfo::of(db, symbol))
        .collect()
}

/// The symbols a documentation id (`T:System.IO.Stream`) or a full name (`System.IO.Stream`,
/// `Ns.Repo.Find(int)`) names; nothing for a plain name.
fn qualified_matches(db: &RootDatabase, text: &str) -> Vec<AnySymbol> {
    let is_doc_id = text.split_once(':').is_some_and(|(prefix, rest)| {
        matches!(prefix, "T" | "M" | "P" | "F" | "E") && !rest.is_empty()
    });
    if is_doc_id {
        let source = hir::symbols_with_documentation_id(db, text).into_iter();
        return source
            .map(AnySymbol::Source)
            .chain(external::lookup(db, text).map(AnySymbol::Library))
            .collect();
    }
    if !text.contains('.') {
        return Vec::new();
    }
    let query = FullNameQuery::new(text);
    let source = source_full_name_matches(db, &query).into_iter();
    source
        .map(AnySymbol::Source)
        .chain(
            library_full_name_matches(db, &query)
                .into_iter()
                .map(AnySymbol::Library),
        )
        .collect()
}

/// Symbols whose full name is `full_name`. Type parameters and, for methods, the parameter list may be
/// left out (`Ns.Repository.Find` matches `Ns.Repository<T>.Find(int)` and every other overload);
/// whitespace does not matter.
/// `full_name` as csnav writes it (`Ns.Repo<T>.Find(int)`) or with metadata arities
/// (``Ns.Repo`1``); without type arguments it names every arity (`Ns.Repo`).
pub(crate) fn by_full_name(db: &RootDatabase, full_name: &str) -> Vec<SymbolInfo> {
    source_full_name_matches(db, &FullNameQuery::new(full_name))
        .into_iter()
        .map(|symbol| SymbolInfo::new(db, symbol))
        .collect()
}

/// Library symbols whose full name is `full_name`, as [`by_full_name`] matches them.
pub(crate) fn library_by_full_name(db: &RootDatabase, full_name: &str) -> Vec<SymbolInfo> {
    library_full_name_matches(db, &FullNameQuery::new(full_name))
        .into_iter()
        .map(|symbol| external::info(db, symbol))
        .collect()
}

fn source_full_name_matches(db: &RootDatabase, query: &FullNameQuery) -> Vec<Symbol> {
    hir::symbols_named(db, &query.simple_name)
        .into_iter()
        .map(|(_, symbol)| symbol)
        .filter(|&symbol| query.matches(&hir::full_name(db, symbol)))
        .collect()
}

fn library_full_name_matches(db: &RootDatabase, query: &FullNameQuery) -> Vec<LibrarySymbol> {
    external::library_symbol_index(db)
        .names
        .exact(&query.simple_name)
        .flat_map(|g| g.values.iter().copied())
        .filter(|&symbol| query.matches(&external::full_name(db, symbol)))
        .collect()
}

/// A full name as given, normalized, with and without its parameter list.
struct FullNameQuery {
    normalized: String,
    without_params: String,
    /// The last name without arity, which the name indexes are keyed by.
    simple_name: String,
    /// A name that gives no arity matches every one.
    by_arity: bool,
}

impl FullNameQuery {
    fn new(full_name: &str) -> FullNameQuery {
        let by_arity = normalize(full_name).contains('`');
        let normalized = shape(full_name, by_arity);
        let without_params = normalized
            .split('(')
            .next()
            .unwrap_or(&normalized)
            .to_owned();
        let simple_name = strip_arity(without_params.rsplit('.').next().unwrap_or(&without_params));
        FullNameQuery {
            normalized,
            without_params,
            simple_name,
            by_arity,
        }
    }

    fn matches(&self, candidate: &str) -> bool {
        let candidate = shape(candidate, self.by_arity);
        if self.normalized.contains('(') {
            candidate == self.normalized
        } else {
            candidate.split('(').next().unwrap_or(&candidate) == self.without_params
        }
    }
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

/// A name normalized for comparison: with its arities when the query gives them, else without.
fn shape(name: &str, by_arity: bool) -> String {
    let name = normalize(name);
    if by_arity { name } else { strip_arity(&name) }
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

pub(crate) fn library_by_documentation_id(db: &RootDatabase, doc_id: &str) -> Vec<SymbolInfo> {
    external::lookup(db, doc_id.trim())
        .map(|s| external::info(db, s))
        .into_iter()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks() {
        let r = |name: &str, q: &str| Matcher::new(q).rank(name, &name.to_lowercase());
        assert_eq!(r("JsonReader", "JsonReader"), Some(Rank::ExactCase));
        assert_eq!(r("JsonReader", "jsonreader"), Some(Rank::Exact));
        assert_eq!(r("JsonReader", "json"), Some(Rank::Prefix));
        assert_eq!(r("JsonReader", "JsnR"), Some(Rank::CamelHumps));
        assert_eq!(r("JsonTextReader", "JR"), Some(Rank::CamelHumps));
        assert_eq!(r("JsonReader", "Reader"), Some(Rank::Substring));
        assert_eq!(r("JsonReader", "Writer"), None);
        assert_eq!(r("JsonReader", "RJ"), None);
    }

    /// The index hands over every name a full scan would rank, for queries of every kind cut from
    /// the names themselves (prefixes, substrings, hump abbreviations, case changes).
    #[test]
    fn index_candidates_rank_as_a_full_scan() {
        let names = [
            "GetTypeHierarchy",
            "getTypeHierarchy",
            "JsonTextReader",
            "IO_ERROR_CODE",
            "get_foo",
            "Ärger",
            "XmlHttpRequest",
            "Reader",
            "a",
            "IOStream",
            "Widget3_10",
            "IWidget13_0",
            "\u{212A}elvin",
        ];
        let index = hir::NameIndex::new(
            names
                .iter()
                .enumerate()
                .map(|(i, &n)| (n.into(), i))
                .collect(),
        );
        let mut queries: Vec<String> = [
            "GTH", "getTyHi", "JR", "JsTR", "XHR", "io", "ÄR", "_f", "zz", "W_1", "Wid3_10", "kel",
        ]
        .map(String::from)
        .to_vec();
        for name in names {
            let chars: Vec<char> = name.chars().collect();
            for i in 0..chars.len() {
                for j in i + 1..=chars.len() {
                    let cut: String = chars[i..j].iter().collect();
                    queries.push(cut.to_uppercase());
                    queries.push(cut);
                }
            }
            queries.push(
                humps(name)
                    .iter()
                    .filter_map(|h| h.chars().next())
                    .collect(),
            );
        }
        for query in &queries {
            let matcher = Matcher::new(query);
            let ranked = |name: &str| matcher.rank(name, &name.to_lowercase());
            let scan: Vec<&str> = index
                .groups()
                .map(|g| g.name)
                .filter(|n| ranked(n).is_some())
                .collect();
            let found: Vec<&str> = index
                .candidates(query)
                .map(|g| g.name)
                .filter(|n| ranked(n).is_some())
                .collect();
            assert_eq!(found, scan, "query `{query}`");
        }
    }
}
