//! The `#if` evaluator. PLACEHOLDER: being written (see the syntax brief); replace wholesale.
use crate::{Defines, SyntaxError, TextRange};

/// The result of the preprocessor pass over one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preprocessed {
    /// The input with every directive line and every inactive region blanked: each byte that is not
    /// `\n` or `\r` becomes a space, so offsets and line numbers are those of the input.
    pub text: String,
    /// Directive lines (`#` up to, not including, the line break), sorted and disjoint.
    pub directives: Vec<TextRange>,
    /// Inactive regions (lines skipped by `#if`), sorted and disjoint, not overlapping `directives`.
    pub inactive: Vec<TextRange>,
    /// Unbalanced `#endif`, `#else` without `#if`, malformed expressions, `#error` …
    pub errors: Vec<SyntaxError>,
}

pub fn preprocess(_text: &str, _defines: &Defines) -> Preprocessed {
    unimplemented!("placeholder")
}
