//! Lossless C# syntax trees.
//!
//! The one boundary of this crate is [`parse`]: text plus the active preprocessor symbols in, a lossless
//! [`Parse`] (a rowan green tree and a list of errors) out. Everything behind it — the `#if` evaluator, the
//! tree-sitter parse, the conversion to rowan — can be replaced without touching the HIR.

pub mod ast;
mod coarse_lexer;
pub mod fuzz;
mod grammar_gaps;
mod parsing;
mod preprocessor;
mod syntax_kind;
mod syntax_node;
mod word_index;

#[cfg(test)]
mod tests;

pub use crate::{
    parsing::{MAX_PARSED_LEN, Parse, parse, parse_declarations, use_mimalloc_for_tree_sitter},
    preprocessor::{Preprocessed, preprocess},
    syntax_kind::{Field, SyntaxKind},
    syntax_node::{
        CSharp, HasField, PreorderWithTokens, SyntaxElement, SyntaxElementChildren, SyntaxNode,
        SyntaxNodeChildren, SyntaxToken, debug_dump, field_child,
    },
    word_index::WordIndex,
};
pub use rowan::{TextRange, TextSize, TokenAtOffset, WalkEvent};
pub use smol_str::SmolStr;

/// A syntax error: where, and what a person should be told.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    pub range: TextRange,
    pub message: String,
}

/// The preprocessor symbols defined for a file before its own `#define`s (from the project's
/// `DefineConstants` and target framework).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Defines(Vec<SmolStr>);

impl Defines {
    pub fn new<I: IntoIterator<Item = S>, S: Into<SmolStr>>(symbols: I) -> Defines {
        let mut symbols: Vec<SmolStr> = symbols.into_iter().map(Into::into).collect();
        symbols.sort();
        symbols.dedup();
        Defines(symbols)
    }

    pub fn contains(&self, symbol: &str) -> bool {
        self.0.binary_search_by(|s| s.as_str().cmp(symbol)).is_ok()
    }

    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(SmolStr::as_str)
    }
}
