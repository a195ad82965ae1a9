//! Rewrites, byte for byte, what tree-sitter-c-sharp 0.23 cannot parse although it is valid C#, in the
//! text handed to tree-sitter only. Token texts come from the original, so the tree shows the source.

use std::borrow::Cow;

/// `async` used as an identifier (`bool async)`, `F(async: true)`, `x = async;`) makes the grammar fail
/// on the whole statement: it always reads `async` as the modifier. Where the next character shows it
/// cannot be the modifier, the word becomes `_sync`, an identifier of the same length.
pub(crate) fn hide_grammar_gaps(text: &str) -> Cow<'_, str> {
    if !text.contains("async") {
        return Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let mut out: Option<Vec<u8>> = None;
    let mut from = 0;
    while let Some(found) = text[from..].find("async") {
        let start = from + found;
        let end = start + "async".len();
        from = end;
        let is_word_char = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
        if start > 0 && (is_word_char(bytes[start - 1]) || bytes[start - 1] == b'@') {
            continue;
        }
        if bytes.get(end).is_some_and(|&b| is_word_char(b)) {
            continue;
        }
        let next = bytes[end..]
            .iter()
            .copied()
            .find(|b| !b.is_ascii_whitespace());
        // The modifier is followed by a type, `(`, `delegate` or a lambda parameter: never by an
        // operator or a closing punctuation.
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
            out.get_or_insert_with(|| bytes.to_vec())[start] = b'_';
        }
    }
    match out {
        // Only an ASCII letter was replaced by an ASCII underscore: still UTF-8.
        Some(out) => Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| text.to_owned())),
        None => Cow::Borrowed(text),
    }
}

#[cfg(test)]
mod tests {
    use super::hide_grammar_gaps;

    #[test]
    fn async_as_an_identifier_is_hidden_and_the_modifier_is_not() {
        let text = "async Task F(bool async) { x = async; G(async: true); var f = async () => 1; asyncs = 1; if (async && y) {} }";
        let hidden = hide_grammar_gaps(text);
        assert_eq!(
            hidden,
            "async Task F(bool _sync) { x = _sync; G(_sync: true); var f = async () => 1; asyncs = 1; if (_sync && y) {} }"
        );
        assert_eq!(hidden.len(), text.len());
    }
}
