//! Rewrites, byte for byte, what tree-sitter-c-sharp 0.23 cannot parse although it is valid C#, in the
//! text handed to tree-sitter only. Token texts come from the original, so the tree shows the source;
//! where a rewrite makes tree-sitter build another shape than the source has (a class for an extension
//! block, an element access for a call), it leaves a [`Marks`] entry and the converter names the nodes
//! back (`parsing/convert/gaps.rs`).
//!
//! One rule a module, each on the significant tokens of the coarse lexer, so nothing inside a comment,
//! a literal or a directive line is ever touched:
//! - `async_identifier`: `async` used as an identifier;
//! - `pattern_words`: `Vector128<byte> and = …`, a variable named `and` or `or` after a generic type;
//! - `attribute_targets`: `[type]`, a collection expression starting with an attribute-target word;
//! - `extension_blocks`: C# 14 `extension(string s) { … }`;
//! - `ref_call_targets`: a call assigned to, `GetRef(ref x) = 5`;
//! - `pointer_indirection`: `*(int*)&value`, a dereference of what is not assignable;
//! - `empty_interpolation`: `$""`;
//! - `interpolation_escapes`: `$@"""{file}"""` and `$"{{{name}}}"`, escapes next to a delimiter or a hole.

mod async_identifier;
mod attribute_targets;
mod empty_interpolation;
mod extension_blocks;
mod interpolation_escapes;
mod pattern_words;
mod pointer_indirection;
mod ref_call_targets;
#[cfg(test)]
mod tests;

use std::borrow::Cow;

use crate::coarse_lexer::{Kind, Lexer, Token};

/// The text tree-sitter parses, and where it shows another shape than the source.
pub(crate) struct Hidden<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) marks: Marks,
}

/// Offsets (into both texts) of the rewrites the converter must undo in the tree. Each list is sorted.
#[derive(Debug, Default)]
pub(crate) struct Marks {
    /// An `extension` keyword, shown as `class ext` (see `extension_blocks`).
    extension_keywords: Vec<usize>,
    /// The `(` and `)` of a call with arguments that is assigned to, shown as `[` and `]`.
    call_brackets: Vec<usize>,
    /// The `(` of an argument-less call that is assigned to, whose `()` is shown as `.a`.
    empty_calls: Vec<usize>,
    /// A prefix `*` (dereference), shown as `-`.
    stars: Vec<usize>,
    /// An empty interpolated string `$""`, shown as `@""`.
    empty_interpolations: Vec<usize>,
}

impl Marks {
    /// The end of the `extension` keyword starting at `at`, if it was shown as `class ext`.
    pub(crate) fn extension_keyword_end(&self, at: usize) -> Option<usize> {
        self.extension_keywords
            .binary_search(&at)
            .is_ok()
            .then_some(at + extension_blocks::KEYWORD.len())
    }

    pub(crate) fn has_extension_blocks(&self) -> bool {
        !self.extension_keywords.is_empty()
    }

    /// Whether the `[` or `]` tree-sitter saw at `at` is the `(` or `)` of a call.
    pub(crate) fn is_call_bracket(&self, at: usize) -> bool {
        self.call_brackets.binary_search(&at).is_ok()
    }

    /// Whether the `.` tree-sitter saw at `at` is the `(` of a `()` call.
    pub(crate) fn is_empty_call(&self, at: usize) -> bool {
        self.empty_calls.binary_search(&at).is_ok()
    }

    /// Whether the `-` tree-sitter saw at `at` is a `*`.
    pub(crate) fn is_star(&self, at: usize) -> bool {
        self.stars.binary_search(&at).is_ok()
    }

    /// Whether the verbatim string tree-sitter saw at `at` is `$""`.
    pub(crate) fn is_empty_interpolation(&self, at: usize) -> bool {
        self.empty_interpolations.binary_search(&at).is_ok()
    }

    /// Whether no node needs another kind (token-only marks aside, the converter's fast path).
    pub(crate) fn is_empty(&self) -> bool {
        self.extension_keywords.is_empty()
            && self.call_brackets.is_empty()
            && self.empty_calls.is_empty()
    }
}

pub(crate) fn hide_grammar_gaps(text: &str) -> Hidden<'_> {
    let tokens = Tokens::new(text);
    let mut rewriter = Rewriter {
        text,
        out: None,
        marks: Marks::default(),
    };
    async_identifier::hide(&tokens, &mut rewriter);
    pattern_words::hide(&tokens, &mut rewriter);
    attribute_targets::hide(&tokens, &mut rewriter);
    extension_blocks::hide(&tokens, &mut rewriter);
    ref_call_targets::hide(&tokens, &mut rewriter);
    pointer_indirection::hide(&tokens, &mut rewriter);
    empty_interpolation::hide(&tokens, &mut rewriter);
    interpolation_escapes::hide(&tokens, &mut rewriter);
    rewriter.finish()
}

/// The tokens tree-sitter will see: no whitespace, comments or directive lines.
struct Tokens<'a> {
    text: &'a str,
    tokens: Vec<Token>,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Tokens<'a> {
        let tokens = Lexer::new(text)
            .filter(|token| {
                !matches!(
                    token.kind,
                    Kind::Whitespace | Kind::Newline | Kind::Comment | Kind::Directive
                )
            })
            .collect();
        Tokens { text, tokens }
    }

    fn len(&self) -> usize {
        self.tokens.len()
    }

    /// The text of token `i`; empty past either end.
    fn text(&self, i: usize) -> &'a str {
        self.tokens
            .get(i)
            .map_or("", |token| &self.text[token.range.clone()])
    }

    fn kind(&self, i: usize) -> Option<Kind> {
        self.tokens.get(i).map(|t| t.kind)
    }

    fn is_ident(&self, i: usize) -> bool {
        self.kind(i) == Some(Kind::Ident)
    }

    fn start(&self, i: usize) -> usize {
        self.tokens[i].range.start
    }

    /// Whether token `i + 1` follows token `i` with nothing between (`+` `=` is `+=`).
    fn glued(&self, i: usize) -> bool {
        match (self.tokens.get(i), self.tokens.get(i + 1)) {
            (Some(a), Some(b)) => a.range.end == b.range.start,
            _ => false,
        }
    }

    /// The index of the token closing the bracket opened at `open` (`(`, `[` or `<`), counting only
    /// that bracket; `None` when a `;`, `{` or `}` comes first (the text is not what the caller
    /// looks for).
    fn closing(&self, open: usize) -> Option<usize> {
        let (opening, closing) = match self.text(open) {
            "(" => ("(", ")"),
            "[" => ("[", "]"),
            "<" => ("<", ">"),
            _ => return None,
        };
        let mut depth = 0usize;
        for i in open..self.len() {
            match self.text(i) {
                t if t == opening => depth += 1,
                t if t == closing => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                ";" | "{" | "}" => return None,
                _ => {}
            }
        }
        None
    }
}

/// The text being rewritten: copied on the first change.
struct Rewriter<'a> {
    text: &'a str,
    out: Option<Vec<u8>>,
    marks: Marks,
}

impl<'a> Rewriter<'a> {
    /// Writes the ASCII `with` over as many bytes of ASCII at `at`, so the text stays UTF-8 and no
    /// offset moves.
    fn overwrite(&mut self, at: usize, with: &str) {
        let end = at + with.len();
        debug_assert!(with.is_ascii() && self.text.as_bytes()[at..end].is_ascii());
        let out = self
            .out
            .get_or_insert_with(|| self.text.as_bytes().to_vec());
        out[at..end].copy_from_slice(with.as_bytes());
    }

    fn finish(self) -> Hidden<'a> {
        let mut marks = self.marks;
        for list in [
            &mut marks.extension_keywords,
            &mut marks.call_brackets,
            &mut marks.empty_calls,
            &mut marks.stars,
            &mut marks.empty_interpolations,
        ] {
            list.sort_unstable();
        }
        let text = match self.out {
            // Only ASCII replaced ASCII: still UTF-8.
            Some(out) => {
                Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| self.text.to_owned()))
            }
            None => Cow::Borrowed(self.text),
        };
        Hidden { text, marks }
    }
}
