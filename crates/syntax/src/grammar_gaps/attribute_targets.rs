//! After a `[` the grammar lexes `field`, `method`, `param`, `property`, `type` and `typevar` as the
//! attribute-target keywords of `[type: Serializable]` (lambdas may have attributes, so an attribute list
//! is possible where a collection expression is), and then fails on `[type]` or `M([type, other])`: a
//! collection expression whose first element is a variable so named. (`event` and `return` are reserved
//! words, never variables; `assembly` and `module` are only targets at the top of a file.) Without the
//! `:` of a target, the word's first letter becomes `_`: an identifier of the same length.

use super::{Rewriter, Tokens};

const TARGETS: &[&str] = &["field", "method", "param", "property", "type", "typevar"];

pub(super) fn hide(tokens: &Tokens<'_>, rewriter: &mut Rewriter<'_>) {
    for i in 0..tokens.len() {
        if tokens.text(i) == "["
            && TARGETS.contains(&tokens.text(i + 1))
            && tokens.text(i + 2) != ":"
        {
            rewriter.overwrite(tokens.start(i + 1), "_");
        }
    }
}
