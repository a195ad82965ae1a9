//! Expressions that are one token: names, `this`, `base`, predefined types (`int.Parse`) and
//! literals, with the type of a literal from its suffix (C# §6.4.5) and the values constants read.

use syntax::{SyntaxElement, SyntaxKind, SyntaxToken};

use super::{Ctx, Expr, ExprId, identifier, lower_type};
use crate::body::Literal;

impl Ctx {
    /// `element` is `token`, as an element (what `identifier` and `lower_type` read).
    pub(super) fn lower_token_expr(
        &mut self,
        token: &SyntaxToken,
        element: &SyntaxElement,
    ) -> ExprId {
        let expr = match token.kind() {
            SyntaxKind::IDENTIFIER => {
                let name = identifier(element);
                match self.lookup(&name) {
                    Some(local) => Expr::Local(local),
                    None => Expr::Name {
                        name,
                        type_args: Vec::new(),
                    },
                }
            }
            SyntaxKind::THIS_KW => Expr::This,
            SyntaxKind::BASE_KW => Expr::Base,
            SyntaxKind::PREDEFINED_TYPE => Expr::Type(lower_type(element)),
            kind => match literal(kind, token.text()) {
                Some(lit) => Expr::Literal(lit),
                None => Expr::Missing,
            },
        };
        let range = token.text_range();
        self.alloc_expr(expr, range, range)
    }
}

fn literal(kind: SyntaxKind, text: &str) -> Option<Literal> {
    Some(match kind {
        SyntaxKind::INTEGER_LITERAL => {
            let lower = text.to_ascii_lowercase();
            let value = integer_value(lower.trim_end_matches(['u', 'l']));
            // A suffix names the first of its types that holds the value (§6.4.5.3): `L` is
            // `long`, else `ulong` (`0xe61acf033d1a45dfL`); `U` is `uint`, else `ulong`.
            if lower.ends_with("ul") || lower.ends_with("lu") {
                Literal::ULong
            } else if lower.ends_with('l') {
                if value > i64::MAX as u64 {
                    Literal::ULong
                } else {
                    Literal::Long
                }
            } else if lower.ends_with('u') {
                if value > u64::from(u32::MAX) {
                    Literal::ULong
                } else {
                    Literal::UInt
                }
            } else {
                Literal::Int(value)
            }
        }
        SyntaxKind::REAL_LITERAL => match text.chars().last().map(|c| c.to_ascii_lowercase()) {
            Some('m') => Literal::Decimal,
            Some('f') => Literal::Float,
            _ => Literal::Double,
        },
        SyntaxKind::BOOLEAN_LITERAL => Literal::Bool(text == "true"),
        SyntaxKind::CHARACTER_LITERAL => Literal::Char(char_value(text)),
        SyntaxKind::NULL_LITERAL => Literal::Null,
        SyntaxKind::STRING_LITERAL
        | SyntaxKind::VERBATIM_STRING_LITERAL
        | SyntaxKind::RAW_STRING_LITERAL => Literal::String,
        _ => return None,
    })
}

/// The UTF-16 value of a character literal as written (`'a'`, `'\n'`, `'\x41'`, `'\u0041'`,
/// §6.4.5.5).
pub(super) fn char_value(text: &str) -> Option<u16> {
    let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
    let Some(escape) = inner.strip_prefix('\\') else {
        let mut units = inner.encode_utf16();
        return match (units.next(), units.next()) {
            (Some(unit), None) => Some(unit),
            _ => None,
        };
    };
    let simple = match escape {
        "'" => Some('\''),
        "\"" => Some('"'),
        "\\" => Some('\\'),
        "0" => Some('\0'),
        "a" => Some('\u{7}'),
        "b" => Some('\u{8}'),
        "f" => Some('\u{c}'),
        "n" => Some('\n'),
        "r" => Some('\r'),
        "t" => Some('\t'),
        "v" => Some('\u{b}'),
        _ => None,
    };
    if let Some(c) = simple {
        return Some(c as u16);
    }
    let digits = escape.strip_prefix(['x', 'u'])?;
    if digits.is_empty() || digits.len() > 4 {
        return None;
    }
    u16::from_str_radix(digits, 16).ok()
}

/// The value of an integer literal's digits, its suffix cut (`42`, `0x2A`, `0b10_1010`), saturated.
fn integer_value(text: &str) -> u64 {
    let digits: String = text.chars().filter(|&c| c != '_').collect();
    let (digits, radix) = match digits.get(..2) {
        Some("0x") => (&digits[2..], 16),
        Some("0b") => (&digits[2..], 2),
        _ => (digits.as_str(), 10),
    };
    u64::from_str_radix(digits, radix).unwrap_or(u64::MAX)
}
