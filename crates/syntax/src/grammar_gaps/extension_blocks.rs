//! C# 14 extension blocks, `extension<T>(List<T> list) where T : class { … }`, are unknown to the
//! grammar. Their header has the shape of a class with a primary constructor once the keyword is
//! a class keyword and a name: `extension` becomes `class ext`, nine bytes for nine, and tree-sitter
//! parses the block as `class ext<T>(List<T> list) where T : class { … }` with every member inside
//! as usual. The converter turns that class back into an `EXTENSION_DECLARATION` whose `extension`
//! keyword spans the nine bytes, with the receiver as the parameter list.
//!
//! A block is a member of a class, so the keyword follows `{`, `}` or `;`; after the receiver comes
//! its body or a `where` clause. A call statement `extension(x);` and a method named `extension` have
//! neither shape. (Before C# 14 a constructor of a class named `extension`, without modifiers, has the
//! shape; C# 14 forbids the name.)

use super::{Rewriter, Tokens};

pub(super) const KEYWORD: &str = "extension";
const SHOWN_AS: &str = "class ext";
const _: () = assert!(KEYWORD.len() == SHOWN_AS.len());

pub(super) fn hide(tokens: &Tokens<'_>, rewriter: &mut Rewriter<'_>) {
    for i in 1..tokens.len() {
        if tokens.text(i) == KEYWORD
            && matches!(tokens.text(i - 1), "{" | "}" | ";")
            && is_block_header(tokens, i + 1)
        {
            let at = tokens.start(i);
            rewriter.overwrite(at, SHOWN_AS);
            rewriter.marks.extension_keywords.push(at);
        }
    }
}

/// Whether the tokens from `i` are `<…>`? `(…)`, then the body or a `where` clause.
fn is_block_header(tokens: &Tokens<'_>, mut i: usize) -> bool {
    if tokens.text(i) == "<" {
        let Some(close) = tokens.closing(i) else {
            return false;
        };
        i = close + 1;
    }
    if tokens.text(i) != "(" {
        return false;
    }
    let Some(close) = tokens.closing(i) else {
        return false;
    };
    matches!(tokens.text(close + 1), "{" | "where")
}
