//! `$""`, an empty interpolated string, fails in the grammar's scanner (two quotes after `$` start no
//! string it knows). It becomes `@""`, an empty verbatim string of the same length, and the converter
//! builds the interpolated string back: `$`, then both quotes.

use crate::coarse_lexer::Kind;

use super::{Rewriter, Tokens};

pub(super) fn hide(tokens: &Tokens<'_>, rewriter: &mut Rewriter<'_>) {
    for i in 0..tokens.len() {
        if tokens.kind(i) == Some(Kind::Literal) && tokens.text(i) == "$\"\"" {
            let at = tokens.start(i);
            rewriter.overwrite(at, "@");
            rewriter.marks.empty_interpolations.push(at);
        }
    }
}
