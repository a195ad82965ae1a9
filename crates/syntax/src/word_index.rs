//! The per-file word index. PLACEHOLDER: being written (see the syntax brief); replace wholesale.

/// The identifiers a file mentions outside comments and string literals, normalised (`@class` → `class`,
/// `\u0041bc` → `Abc`), sorted and deduplicated.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct WordIndex(Box<[smol_str::SmolStr]>);

impl WordIndex {
    pub fn new(_text: &str) -> WordIndex {
        unimplemented!("placeholder")
    }

    pub fn contains(&self, word: &str) -> bool {
        self.0.binary_search_by(|w| w.as_str().cmp(word)).is_ok()
    }
}
