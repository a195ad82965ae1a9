//! `async` used as an identifier (`bool async)`, `F(async: true)`, `x = async;`) makes the grammar fail
//! on the whole statement: it always reads `async` as the modifier. Where the next token shows it cannot
//! be the modifier, the word becomes `_sync`, an identifier of the same length.

use super::{Rewriter, Tokens};

pub(super) fn hide(tokens: &Tokens<'_>, rewriter: &mut Rewriter<'_>) {
    for i in 0..tokens.len() {
        if tokens.text(i) != "async" {
            continue;
        }
        // The modifier is followed by a type, `(`, `delegate` or a lambda parameter: never by an
        // operator or a closing punctuation.
        let next = tokens.text(i + 1).bytes().next();
        if matches!(
            next,
            Some(
                b';' | b','
                    | b')'
                    | b'='
                    | b':'
                    | b']'
                    | b'['
                    | b'}'
                    | b'.'
                    | b'?'
                    | b'&'
                    | b'|'
                    | b'!'
                    | b'+'
                    | b'-'
                    | b'*'
                    | b'/'
                    | b'%'
                    | b'^'
                    | b'<'
                    | b'>'
            )
        ) {
            rewriter.overwrite(tokens.start(i), "_");
        }
    }
}
