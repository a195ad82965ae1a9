//! The per-file word index: which identifiers a file mentions, to find the few files worth binding when
//! looking for the callers of a name.
//!
//! It runs on the raw text, so the words of inactive `#if` branches count too: the index is a superset,
//! never a miss. Directive lines, comments and literals are left out, the code in interpolation holes is
//! not. Reserved keywords are left out unless escaped (`@class` is the word `class`): nothing can be named
//! `class` without the `@`. Contextual keywords (`var`, `value`, `get`, `nameof` …) are kept, since they
//! are ordinary identifiers in most places, and so are the reserved keywords that name a type (`string`
//! is `System.String`, `int` is `System.Int32`): the files that write one are where that type is used.

use std::{borrow::Cow, fmt};

use rustc_hash::FxHashSet;

use crate::coarse_lexer::{Kind, Lexer, is_reserved_keyword};

/// The identifiers a file mentions outside comments and string literals, normalised (`@class` → `class`,
/// `\u0041bc` → `Abc`), sorted and deduplicated.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct WordIndex {
    /// All words, concatenated in sorted order.
    text: Box<str>,
    /// The end of each word in `text`.
    ends: Box<[u32]>,
}

impl WordIndex {
    pub fn new(text: &str) -> WordIndex {
        let mut words = FxHashSet::default();
        for token in Lexer::new(text) {
            if token.kind != Kind::Ident {
                continue;
            }
            let word = &text[token.range];
            if !is_reserved_keyword(word) || is_predefined_type(word) {
                words.insert(normalize(word));
            }
        }
        let mut words: Vec<Cow<'_, str>> = words.into_iter().collect();
        words.sort_unstable();

        let mut joined = String::with_capacity(words.iter().map(|w| w.len()).sum());
        let mut ends = Vec::with_capacity(words.len());
        for word in &words {
            joined.push_str(word);
            // Past 4 GiB of distinct words (never in source code) the rest is dropped rather than panic.
            let Ok(end) = u32::try_from(joined.len()) else {
                joined.truncate(ends.last().map_or(0, |&end| end as usize));
                break;
            };
            ends.push(end);
        }
        WordIndex {
            text: joined.into_boxed_str(),
            ends: ends.into_boxed_slice(),
        }
    }

    /// The index whose [`WordIndex::iter`] gives `words`; `None` unless they are sorted and distinct,
    /// as every index's are (its lookups are binary searches). For indexes persisted as their words.
    pub fn from_sorted_words<'a>(words: impl IntoIterator<Item = &'a str>) -> Option<WordIndex> {
        let mut joined = String::new();
        let mut ends = Vec::new();
        let mut last: Option<&str> = None;
        for word in words {
            if last.is_some_and(|last| last >= word) {
                return None;
            }
            joined.push_str(word);
            ends.push(u32::try_from(joined.len()).ok()?);
            last = Some(word);
        }
        Some(WordIndex {
            text: joined.into_boxed_str(),
            ends: ends.into_boxed_slice(),
        })
    }

    pub fn contains(&self, word: &str) -> bool {
        self.find(word).is_ok()
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The words in sorted order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        (0..self.len()).map(|i| self.word(i))
    }

    fn word(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.text[start..self.ends[i] as usize]
    }

    fn find(&self, word: &str) -> Result<usize, usize> {
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let mid = low + (high - low) / 2;
            match self.word(mid).cmp(word) {
                std::cmp::Ordering::Less => low = mid + 1,
                std::cmp::Ordering::Greater => high = mid,
                std::cmp::Ordering::Equal => return Ok(mid),
            }
        }
        Err(low)
    }
}

impl fmt::Debug for WordIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The keywords that stand for a framework type (C# §8.2.1, §8.3.1: `object`, `string`, the simple
/// types and the native integers; `void` names no type a reference could be to, `dynamic` no
/// framework type).
pub(crate) fn is_predefined_type(word: &str) -> bool {
    matches!(
        word,
        "bool"
            | "byte"
            | "char"
            | "decimal"
            | "double"
            | "float"
            | "int"
            | "long"
            | "object"
            | "sbyte"
            | "short"
            | "string"
            | "uint"
            | "ulong"
            | "ushort"
            | "nint"
            | "nuint"
    )
}

/// Drops the `@` and decodes `\uXXXX` and `\UXXXXXXXX`, so that every spelling of a name is one word.
fn normalize(word: &str) -> Cow<'_, str> {
    let word = word.strip_prefix('@').unwrap_or(word);
    if !word.contains('\\') {
        return Cow::Borrowed(word);
    }
    let mut normalized = String::with_capacity(word.len());
    let mut rest = word;
    while let Some(backslash) = rest.find('\\') {
        normalized.push_str(&rest[..backslash]);
        rest = &rest[backslash..];
        // The lexer only lets well-formed escapes into identifiers: `\u` + 4 or `\U` + 8 hex digits.
        let len = if rest.starts_with("\\U") { 10 } else { 6 };
        let escape = rest.get(..len).unwrap_or(rest);
        match escape
            .get(2..)
            .and_then(|hex| u32::from_str_radix(hex, 16).ok())
            .and_then(char::from_u32)
        {
            Some(c) => normalized.push(c),
            // A surrogate or out-of-range escape: kept as written, it still names something consistently.
            None => normalized.push_str(escape),
        }
        rest = &rest[escape.len()..];
    }
    normalized.push_str(rest);
    Cow::Owned(normalized)
}

#[cfg(test)]
mod tests;
