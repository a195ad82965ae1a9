//! Escapes inside interpolated strings that the grammar's scanner misreads:
//! - in a verbatim one (`$@"…"`, `@$"…"`) a quote is written `""`; next to the opening or the closing
//!   quote that makes `"""`, which the scanner takes for a raw string delimiter, and the whole file can
//!   fail (`$@"""{file}"""`);
//! - in any non-raw one a brace is written `{{` or `}}`; right before a hole's `{` or after its `}`
//!   (`$"{{{name}}}"`, the text `{` + value + `}`) the scanner sees no hole at all, so the calls in it
//!   are lost.
//!
//! Every such escape becomes `''`: text tree-sitter only sees as string content.
//!
//! The coarse lexer gives a string with holes as pieces: the start up to the first hole's `{`, then
//! from each hole's `}` to the next `{` or the closing quote. A stack of the strings whose hole is
//! open tells which string a piece starting with `}` continues (holes may hold strings).

use crate::coarse_lexer::Kind;

use super::{Rewriter, Tokens};

/// How a string's text escapes what it cannot write plainly.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Escapes {
    /// `$"…"`: `{{`, `}}`.
    Braces,
    /// `$@"…"`: `{{`, `}}` and `""`.
    BracesAndQuotes,
    /// `$"""…"""`, `$$"…"`: none (the delimiters count instead).
    None,
}

pub(super) fn hide(tokens: &Tokens<'_>, rewriter: &mut Rewriter<'_>) {
    let mut open: Vec<Escapes> = Vec::new();
    for i in 0..tokens.len() {
        if tokens.kind(i) != Some(Kind::Literal) {
            continue;
        }
        let piece = tokens.text(i);
        let (escapes, text_start) = if piece.starts_with("$@\"") || piece.starts_with("@$\"") {
            (Escapes::BracesAndQuotes, 3)
        } else if piece.starts_with("$\"\"\"") || piece.starts_with("$$") {
            (Escapes::None, 0)
        } else if piece.starts_with("$\"") {
            (Escapes::Braces, 2)
        } else if piece.starts_with('}') {
            match open.pop() {
                Some(escapes) => (escapes, 1),
                None => continue,
            }
        } else {
            // A plain literal, or a format specifier (`:N2`) inside a hole.
            continue;
        };
        let opens_hole = piece.len() > text_start && piece.ends_with('{');
        if opens_hole {
            open.push(escapes);
        }
        if escapes == Escapes::None {
            continue;
        }
        // The piece's own text: without the `{` that opens the next hole.
        let end = piece.len() - usize::from(opens_hole);
        let text = &piece.as_bytes()[text_start.min(end)..end];
        let start = tokens.start(i) + text_start;
        let mut j = 0;
        while j + 1 < text.len() {
            let pair = (text[j], text[j + 1]);
            let escape = matches!(pair, (b'{', b'{') | (b'}', b'}'))
                || escapes == Escapes::BracesAndQuotes && pair == (b'"', b'"');
            if escape {
                rewriter.overwrite(start + j, "''");
                j += 2;
            } else {
                j += 1;
            }
        }
    }
}
