//! A table of names that finds the names a search query can match without looking at every name:
//! exact and prefix matches by binary search over the sorted lower-cased names, substrings through a
//! trigram index, camel humps (`GTH` → `GetTypeHierarchy`) through the pairs of hump initials. It
//! returns candidates, a superset of the matches; the caller ranks them (and so drops the rest), which
//! keeps ranking in one place and the answers those of a full scan. Every candidate must also hold
//! each ASCII letter and digit of the query (`CharSet`): whatever the rank, a match contains the
//! query's characters, so the filter drops only names that could not match.

use rustc_hash::{FxHashMap, FxHashSet};
use smol_str::SmolStr;

/// Names with the values filed under them (symbols), grouped by name.
#[derive(Debug, PartialEq, Eq)]
pub struct NameIndex<T> {
    /// Distinct `(lower-cased name, name)` pairs, sorted.
    names: Vec<NameRow>,
    /// The values, grouped by name in `names` order, each group sorted.
    values: Vec<T>,
    /// Byte trigrams of the lower-cased names → the names (ascending ids) holding them.
    trigrams: FxHashMap<[u8; 3], Vec<u32>>,
    /// `(a, b)`: a name has a hump starting with `a` and a later one starting with `b` (lower-cased)
    /// → those names (ascending ids).
    hump_pairs: FxHashMap<(char, char), Vec<u32>>,
}

#[derive(Debug, PartialEq, Eq)]
struct NameRow {
    lower: SmolStr,
    name: SmolStr,
    chars: CharSet,
    start: u32,
    end: u32,
}

/// The ASCII letters (case folded) and digits of a text, one bit each, and whether it holds a
/// character other than those and `_` (a lone `_` hump matches nothing, so `IO_` matches `IOStream`
/// by its humps: an underscore is never required). A camel-humps query such as `Widget3_10` hands over every name with a `W` hump
/// before an `_` hump, thousands at a million lines; one AND drops those lacking a `1` or a `0`
/// before the ranking walks their humps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct CharSet(u64);

impl CharSet {
    const OTHER: u64 = 1 << 63;

    fn of(text: &str) -> CharSet {
        let mut bits = 0u64;
        for b in text.bytes() {
            bits |= match b {
                b'a'..=b'z' => 1 << (b - b'a'),
                b'A'..=b'Z' => 1 << (b - b'A'),
                b'0'..=b'9' => 1 << (26 + b - b'0'),
                b'_' => 0,
                _ => Self::OTHER,
            };
        }
        CharSet(bits)
    }

    /// Whether a name with these characters may contain every character of a query with `query`'s,
    /// ignoring case. A name with other characters may: some lower-case to ASCII (the Kelvin sign
    /// to `k`). The query's other characters are not required, for the same reason.
    fn may_contain(self, query: CharSet) -> bool {
        let needed = query.0 & !Self::OTHER;
        self.0 & Self::OTHER != 0 || self.0 & needed == needed
    }
}

/// One name and what is filed under it.
#[derive(Debug, Clone, Copy)]
pub struct NameGroup<'a, T> {
    pub name: &'a str,
    pub lower: &'a str,
    pub values: &'a [T],
}

impl<T> Default for NameIndex<T> {
    fn default() -> Self {
        NameIndex {
            names: Vec::new(),
            values: Vec::new(),
            trigrams: FxHashMap::default(),
            hump_pairs: FxHashMap::default(),
        }
    }
}

impl<T: Ord> NameIndex<T> {
    pub fn new(items: Vec<(SmolStr, T)>) -> NameIndex<T> {
        let mut items: Vec<(SmolStr, SmolStr, T)> = items
            .into_iter()
            .map(|(name, value)| (SmolStr::new(name.to_lowercase()), name, value))
            .collect();
        items.sort();
        let mut index = NameIndex::default();
        for (lower, name, value) in items {
            let same = index
                .names
                .last()
                .is_some_and(|row| row.lower == lower && row.name == name);
            if !same {
                let id = index.names.len() as u32;
                index.file_name(id, &lower, &name);
                let at = index.values.len() as u32;
                index.names.push(NameRow {
                    chars: CharSet::of(&name),
                    lower,
                    name,
                    start: at,
                    end: at,
                });
            }
            index.values.push(value);
            if let Some(row) = index.names.last_mut() {
                row.end = index.values.len() as u32;
            }
        }
        index
    }
}

impl<T> NameIndex<T> {
    /// Files name `id` under its trigrams and hump-initial pairs (ids arrive in ascending order, so
    /// every posting list stays sorted).
    fn file_name(&mut self, id: u32, lower: &str, name: &str) {
        let mut seen = FxHashSet::default();
        for window in lower.as_bytes().windows(3) {
            let gram = [window[0], window[1], window[2]];
            if seen.insert(gram) {
                self.trigrams.entry(gram).or_default().push(id);
            }
        }
        let initials: Vec<char> = humps(name).iter().filter_map(|h| hump_initial(h)).collect();
        let mut pairs = FxHashSet::default();
        for (i, &a) in initials.iter().enumerate() {
            for &b in &initials[i + 1..] {
                if pairs.insert((a, b)) {
                    self.hump_pairs.entry((a, b)).or_default().push(id);
                }
            }
        }
    }

    fn group(&self, id: u32) -> NameGroup<'_, T> {
        let row = &self.names[id as usize];
        NameGroup {
            name: &row.name,
            lower: &row.lower,
            values: &self.values[row.start as usize..row.end as usize],
        }
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Every name with its values, in name order.
    pub fn groups(&self) -> impl Iterator<Item = NameGroup<'_, T>> {
        (0..self.names.len() as u32).map(|id| self.group(id))
    }

    /// The names equal to `name` ignoring case, in name order.
    pub fn exact(&self, name: &str) -> impl Iterator<Item = NameGroup<'_, T>> {
        let lower = name.to_lowercase();
        self.prefix_range(&lower)
            .map(|id| self.group(id))
            .take_while(move |g| g.lower == lower)
    }

    /// The ids of the names whose lower-cased form starts with `lower`.
    fn prefix_range(&self, lower: &str) -> std::ops::Range<u32> {
        let start = self.names.partition_point(|r| r.lower.as_str() < lower);
        let len = self.names[start..]
            .iter()
            .take_while(|r| r.lower.starts_with(lower))
            .count();
        start as u32..(start + len) as u32
    }

    /// Every name that `query` may match exactly, as a prefix, by camel humps or as a substring (a
    /// superset: the caller ranks each and drops those that do not match), in name order.
    pub fn candidates(&self, query: &str) -> impl Iterator<Item = NameGroup<'_, T>> {
        let lower = query.to_lowercase();
        let mut ids: Vec<u32> = self.prefix_range(&lower).collect();
        match self.substring_candidates(&lower) {
            Some(found) => ids.extend(found),
            // Too short for a trigram: every name may hold it.
            None => ids = (0..self.names.len() as u32).collect(),
        }
        let query_humps = humps(query);
        if let [first, second, ..] = query_humps[..]
            && let (Some(a), Some(b)) = (hump_initial(first), hump_initial(second))
        {
            ids.extend(self.hump_pairs.get(&(a, b)).into_iter().flatten());
        }
        ids.sort_unstable();
        ids.dedup();
        let chars = CharSet::of(query);
        ids.into_iter()
            .filter(move |&id| self.names[id as usize].chars.may_contain(chars))
            .map(|id| self.group(id))
    }

    /// The names holding every trigram of `lower`; `None` when it is shorter than a trigram.
    fn substring_candidates(&self, lower: &str) -> Option<Vec<u32>> {
        let mut lists: Vec<&[u32]> = Vec::new();
        for window in lower.as_bytes().windows(3) {
            match self.trigrams.get(&[window[0], window[1], window[2]]) {
                Some(list) => lists.push(list),
                None => return Some(Vec::new()),
            }
        }
        lists.sort_by_key(|l| l.len());
        let (first, rest) = lists.split_first()?;
        Some(
            first
                .iter()
                .copied()
                .filter(|id| rest.iter().all(|l| l.binary_search(id).is_ok()))
                .collect(),
        )
    }
}

/// Splits at upper-case letters (and before `_`): `JsonReader` → `Json`, `Reader`.
pub fn humps(text: &str) -> Vec<&str> {
    hump_iter(text).collect()
}

/// [`humps`] one at a time, for a caller that may stop early and should not allocate.
pub fn hump_iter(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    let mut chars = text.char_indices();
    std::iter::from_fn(move || {
        loop {
            if start >= text.len() {
                return None;
            }
            let end = loop {
                match chars.next() {
                    Some((i, c)) if i > start && (c.is_uppercase() || c == '_') => break i,
                    Some(_) => {}
                    None => break text.len(),
                }
            };
            let hump = &text[start..end];
            start = end;
            if !hump.is_empty() && hump != "_" {
                return Some(hump);
            }
        }
    })
}

/// The lower-cased first letter by which a hump is matched.
pub fn hump_initial(hump: &str) -> Option<char> {
    hump.chars().flat_map(char::to_lowercase).next()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(index: &NameIndex<u32>, query: &str) -> String {
        let found: Vec<&str> = index.candidates(query).map(|g| g.name).collect();
        found.join(",")
    }

    #[test]
    fn candidates_cover_prefix_humps_and_substrings() {
        let index = NameIndex::new(
            [
                "GetTypeHierarchy",
                "JsonTextReader",
                "Reader",
                "Writer",
                "getter",
            ]
            .into_iter()
            .enumerate()
            .map(|(i, n)| (SmolStr::new(n), i as u32))
            .collect(),
        );
        assert_eq!(names(&index, "get"), "getter,GetTypeHierarchy");
        assert_eq!(names(&index, "GTH"), "GetTypeHierarchy");
        assert_eq!(names(&index, "getTyHi"), "GetTypeHierarchy");
        assert_eq!(names(&index, "JsTR"), "JsonTextReader");
        assert_eq!(names(&index, "eade"), "JsonTextReader,Reader");
        assert_eq!(names(&index, "zzz"), "");
        // A hump-pair candidate lacking a letter of the query is dropped before ranking.
        assert_eq!(names(&index, "GTHx"), "");
        // Shorter than a trigram: every name is a candidate.
        assert_eq!(names(&index, "er").split(',').count(), 5);
        let exact: Vec<&str> = index.exact("READER").map(|g| g.name).collect();
        assert_eq!(exact, ["Reader"]);
    }

    #[test]
    fn names_with_other_characters_stay_candidates() {
        let index = NameIndex::new(vec![
            (SmolStr::new("\u{212A}ey"), 0u32),
            (SmolStr::new("Key"), 1),
            (SmolStr::new("Kay"), 2),
        ]);
        // `\u{212A}` (the Kelvin sign) lower-cases to `k`: the set cannot tell, the ranking decides.
        // `Kay` lacks the `e`.
        assert_eq!(names(&index, "ke"), "Key,\u{212A}ey");
        assert_eq!(names(&index, "KEY"), "Key,\u{212A}ey");
        // A query's own other characters are not required of a name.
        assert_eq!(names(&index, "\u{212A}ey"), "Key,\u{212A}ey");
    }

    #[test]
    fn humps_split_at_capitals_and_underscores() {
        let split = |name| humps(name).join(" ");
        assert_eq!(split("JsonTextReader"), "Json Text Reader");
        assert_eq!(split("IO_ERROR_CODE"), "I O E R R O R C O D E");
        assert_eq!(split("get_foo"), "get _foo");
        assert_eq!(split("_x__Y"), "_x Y");
        assert_eq!(split("Ärger"), "Ärger");
        assert_eq!(split(""), "");
    }
}
