//! The grammar dereferences only assignable expressions (`*p`, `*x.f`): `*(int*)&value` and
//! `*(p + 1)` fail, and a run of them can lose the whole file. A prefix `*` before `(` becomes `-`, a
//! prefix operator of the same precedence that takes any operand; the converter names it back `*`.
//! (`*(p + 1) = 5`, a dereference assigned to, still fails: no one-byte prefix is assignable.)
//!
//! The `*` is a prefix unless an operand ends before it: a name, a literal, `)`, `]` or a postfix
//! `++`/`--` (a reserved word other than `this`, `base`, `true`, `false` and `null` is no operand:
//! `return *(int*)p;`, and the `)` of a cast to a predefined type neither: `(float)*(double*)&x`).

use crate::{
    coarse_lexer::{Kind, is_reserved_keyword},
    word_index::is_predefined_type,
};

use super::{Rewriter, Tokens};

pub(super) fn hide(tokens: &Tokens<'_>, rewriter: &mut Rewriter<'_>) {
    for i in 1..tokens.len() {
        if tokens.text(i) == "*" && tokens.text(i + 1) == "(" && !follows_operand(tokens, i) {
            let at = tokens.start(i);
            rewriter.overwrite(at, "-");
            rewriter.marks.stars.push(at);
        }
    }
}

fn follows_operand(tokens: &Tokens<'_>, i: usize) -> bool {
    let prev = tokens.text(i - 1);
    match tokens.kind(i - 1) {
        Some(Kind::Ident) => {
            !is_reserved_keyword(prev)
                || matches!(prev, "this" | "base" | "true" | "false" | "null")
        }
        Some(Kind::Number | Kind::Literal) => true,
        _ if prev == ")" => {
            let is_cast =
                i >= 3 && tokens.text(i - 3) == "(" && is_predefined_type(tokens.text(i - 2));
            !is_cast
        }
        _ => {
            prev == "]"
                || (matches!(prev, "+" | "-")
                    && i >= 2
                    && tokens.text(i - 2) == prev
                    && tokens.glued(i - 2))
        }
    }
}
