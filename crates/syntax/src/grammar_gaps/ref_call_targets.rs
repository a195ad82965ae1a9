//! A call returning a reference can be assigned to (`Unsafe.AsRef(in this) = default;`,
//! `GetRef(ref x) += 5`, `span.GetPinnableReference() = 0`), but the grammar's assignable expressions
//! leave out calls: the statement fails, or `Get(x) = 5` silently becomes the declaration of a
//! deconstruction. An element access is assignable and its brackets take the same arguments, so the
//! call's `(` and `)` become `[` and `]`; an argument-less `()` becomes `.a`, a member access. The
//! converter turns both back into an `INVOCATION_EXPRESSION`. Parentheses may close between the call
//! and the operator (`(F(x)) = 5`, `(a, F(x)) = t`).
//!
//! A call is a `(…)` after a name, a `>` of type arguments, a `)` or a `]`. A reserved word before the
//! `(` makes it something else (`return (x) = 5;` assigns to a parenthesized `x`), and so do `var`
//! (`var (a, b) = t;` deconstructs), the `>` of `=>` (`=> (a, b) = (b, a)`) and the `)` of a statement
//! header (`if (c) (a, b) = t;`).

use crate::coarse_lexer::is_reserved_keyword;

use super::{Rewriter, Tokens};

pub(super) fn hide(tokens: &Tokens<'_>, rewriter: &mut Rewriter<'_>) {
    let mut open_parens = Vec::new();
    // The `(` each `)` closes.
    let mut opening = vec![None; tokens.len()];
    // The first token after each run of `)`, found backwards once: looking ahead from every `)` of a
    // run of 100,000 would be quadratic.
    let mut after_closes = vec![tokens.len(); tokens.len() + 1];
    for i in (0..tokens.len()).rev() {
        if tokens.text(i) != ")" {
            after_closes[i] = i;
        } else {
            after_closes[i] = after_closes[i + 1];
        }
    }
    for i in 0..tokens.len() {
        match tokens.text(i) {
            "(" => open_parens.push(i),
            ")" => {
                let Some(open) = open_parens.pop() else {
                    continue;
                };
                opening[i] = Some(open);
                // `(F(x)) = 5` and `(a, F(x)) = t` assign to the call too.
                let after = after_closes[i + 1];
                if open > 0
                    && is_callee_end(tokens, &opening, open - 1)
                    && is_assignment(tokens, after)
                {
                    let (open, close) = (tokens.start(open), tokens.start(i));
                    if close == open + 1 {
                        rewriter.overwrite(open, ".a");
                        rewriter.marks.empty_calls.push(open);
                    } else {
                        rewriter.overwrite(open, "[");
                        rewriter.overwrite(close, "]");
                        rewriter.marks.call_brackets.extend([open, close]);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Whether token `i` can end what is called: a name, type arguments, a call or an element access.
fn is_callee_end(tokens: &Tokens<'_>, opening: &[Option<usize>], i: usize) -> bool {
    match tokens.text(i) {
        "]" => true,
        ">" => !(i > 0 && tokens.text(i - 1) == "=" && tokens.glued(i - 1)),
        ")" => {
            opening[i].is_some_and(|open| open > 0 && !is_reserved_keyword(tokens.text(open - 1)))
        }
        word => tokens.is_ident(i) && word != "var" && !is_reserved_keyword(word),
    }
}

/// Whether an assignment operator starts at token `i`: `=` (not `==` or `=>`), or a compound one from
/// `+=` to `>>>=` and `??=` (the lexer gives one-character punctuation, so their characters are glued
/// tokens; `<=` and `>=` are comparisons).
fn is_assignment(tokens: &Tokens<'_>, i: usize) -> bool {
    let mut j = i;
    match tokens.text(i) {
        "+" | "-" | "*" | "/" | "%" | "&" | "|" | "^" => j += 1,
        "?" if tokens.text(i + 1) == "?" && tokens.glued(i) => j += 2,
        "<" if tokens.text(i + 1) == "<" && tokens.glued(i) => j += 2,
        ">" => {
            while tokens.text(j) == ">" && tokens.glued(j) && j - i < 3 {
                j += 1;
            }
            if j - i < 2 {
                return false;
            }
        }
        _ => {}
    }
    let glued = (i..j).all(|k| tokens.glued(k));
    glued && tokens.text(j) == "=" && !(tokens.text(j + 1) == ">" && tokens.glued(j))
}
