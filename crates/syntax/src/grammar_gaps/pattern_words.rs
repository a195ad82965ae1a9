//! After a generic type, `Vector128<byte> and = Sse2.And(x, y);` fails: the grammar reads `List<int>`
//! as a comparison and `and` (or `or`) as the pattern combinator after it. A combinator is followed by a
//! pattern, never by `=`, `;`, `,`, `)` or `in`; before those the word's first letter becomes `_`.

use super::{Rewriter, Tokens};

pub(super) fn hide(tokens: &Tokens<'_>, rewriter: &mut Rewriter<'_>) {
    for i in 1..tokens.len() {
        if matches!(tokens.text(i), "and" | "or")
            && tokens.text(i - 1) == ">"
            && matches!(tokens.text(i + 1), "=" | ";" | "," | ")" | "in")
        {
            rewriter.overwrite(tokens.start(i), "_");
        }
    }
}
