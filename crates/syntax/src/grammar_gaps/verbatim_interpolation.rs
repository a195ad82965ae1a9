//! In an interpolated verbatim string (`$@"…"`, `@$"…"`) a quote is written `""`; next to the opening
//! or the closing quote that makes `"""`, which the grammar's scanner takes for a raw string delimiter,
//! and the whole file can fail (`$@"""{file}"""`). Every `""` of such a string's text becomes `''`:
//! text tree-sitter only sees as string content.
//!
//! The coarse lexer gives a string with holes as pieces: the start up to the first hole's `{`, then
//! from each hole's `}` to the next `{` or the closing quote. A stack of the strings whose hole is
//! open tells which string a piece starting with `}` continues (holes may hold strings).

use crate::coarse_lexer::Kind;

use super::{Rewriter, Tokens};

pub(super) fn hide(tokens: &Tokens<'_>, rewriter: &mut Rewriter<'_>) {
    // For each string whose hole is open: whether it is verbatim.
    let mut open: Vec<bool> = Vec::new();
    for i in 0..tokens.len() {
        if tokens.kind(i) != Some(Kind::Literal) {
            continue;
        }
        let piece = tokens.text(i);
        let (verbatim, text_start) = if piece.starts_with("$@\"") || piece.starts_with("@$\"") {
            (true, 3)
        } else if piece.starts_with('$') {
            (false, 0)
        } else if piece.starts_with('}') {
            match open.pop() {
                Some(verbatim) => (verbatim, 1),
                None => continue,
            }
        } else {
            // A plain literal, or a format specifier (`:N2`) inside a hole.
            continue;
        };
        let opens_hole = piece.len() > text_start && piece.ends_with('{');
        if opens_hole {
            open.push(verbatim);
        }
        if verbatim {
            let start = tokens.start(i);
            let text = &piece.as_bytes()[text_start..];
            let mut j = 0;
            while j + 1 < text.len() {
                if text[j] == b'"' && text[j + 1] == b'"' {
                    rewriter.overwrite(start + text_start + j, "''");
                    j += 2;
                } else {
                    j += 1;
                }
            }
        }
    }
}
