//! `#if` and `#elif` conditions: `!` binds tighter than `==` and `!=`, which bind tighter than `&&`, then
//! `||`; operands are symbols, `true`, `false` and parenthesised conditions.

use std::ops::Range;

use logos::Logos;

use crate::coarse_lexer::RawToken;

/// Deeper parentheses are rejected rather than risking the stack on hostile input.
const MAX_DEPTH: usize = 64;

/// An error in a condition; `range` is relative to the text given to [`evaluate`].
#[derive(Debug)]
pub(super) struct ExprError {
    pub(super) range: Range<usize>,
    pub(super) message: &'static str,
}

/// Evaluates the condition in `text` (a directive line after its name); a trailing `//` comment is
/// allowed. `is_defined` answers for symbols.
pub(super) fn evaluate(text: &str, is_defined: &dyn Fn(&str) -> bool) -> Result<bool, ExprError> {
    let mut parser = Parser {
        text,
        tokens: tokens(text),
        pos: 0,
        is_defined,
    };
    let value = parser.or(0)?;
    match parser.tokens.get(parser.pos) {
        None => Ok(value),
        Some((_, range)) => Err(ExprError {
            range: range.clone(),
            message: "expected `&&`, `||` or end of line",
        }),
    }
}

/// The tokens of the rest of a directive line, up to a `//` comment; `None` is an unknown character.
pub(super) fn tokens(text: &str) -> Vec<(Option<RawToken>, Range<usize>)> {
    let mut tokens = Vec::new();
    for (token, range) in RawToken::lexer(text).spanned() {
        match token {
            Ok(RawToken::Whitespace) => {}
            Ok(RawToken::LineComment) => break,
            _ => tokens.push((token.ok(), range)),
        }
    }
    tokens
}

struct Parser<'a, 'f> {
    text: &'a str,
    tokens: Vec<(Option<RawToken>, Range<usize>)>,
    pos: usize,
    is_defined: &'f dyn Fn(&str) -> bool,
}

impl Parser<'_, '_> {
    fn or(&mut self, depth: usize) -> Result<bool, ExprError> {
        let mut value = self.and(depth)?;
        while self.eat(RawToken::PipePipe) {
            value |= self.and(depth)?;
        }
        Ok(value)
    }

    fn and(&mut self, depth: usize) -> Result<bool, ExprError> {
        let mut value = self.equality(depth)?;
        while self.eat(RawToken::AmpAmp) {
            value &= self.equality(depth)?;
        }
        Ok(value)
    }

    fn equality(&mut self, depth: usize) -> Result<bool, ExprError> {
        let mut value = self.unary(depth)?;
        loop {
            if self.eat(RawToken::EqEq) {
                value = value == self.unary(depth)?;
            } else if self.eat(RawToken::BangEq) {
                value = value != self.unary(depth)?;
            } else {
                return Ok(value);
            }
        }
    }

    fn unary(&mut self, depth: usize) -> Result<bool, ExprError> {
        let mut negate = false;
        while self.eat(RawToken::Bang) {
            negate = !negate;
        }
        Ok(self.primary(depth)? != negate)
    }

    fn primary(&mut self, depth: usize) -> Result<bool, ExprError> {
        let Some((token, range)) = self.tokens.get(self.pos).cloned() else {
            let end = self.text.len();
            return Err(ExprError {
                range: end..end,
                message: "expected a symbol, `true`, `false` or `(`",
            });
        };
        self.pos += 1;
        match token {
            Some(RawToken::Ident) => Ok(match &self.text[range] {
                "true" => true,
                "false" => false,
                symbol => (self.is_defined)(symbol),
            }),
            Some(RawToken::LParen) if depth < MAX_DEPTH => {
                let value = self.or(depth + 1)?;
                if self.eat(RawToken::RParen) {
                    return Ok(value);
                }
                let range = self
                    .tokens
                    .get(self.pos)
                    .map_or(self.text.len()..self.text.len(), |(_, r)| r.clone());
                Err(ExprError {
                    range,
                    message: "expected `)`",
                })
            }
            Some(RawToken::LParen) => Err(ExprError {
                range,
                message: "parentheses nested too deeply",
            }),
            _ => Err(ExprError {
                range,
                message: "expected a symbol, `true`, `false` or `(`",
            }),
        }
    }

    fn eat(&mut self, expected: RawToken) -> bool {
        let found =
            matches!(self.tokens.get(self.pos), Some((Some(token), _)) if *token == expected);
        self.pos += usize::from(found);
        found
    }
}
