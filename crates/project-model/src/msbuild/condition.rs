//! MSBuild `Condition` attributes: `==`, `!=`, `<`, `>`, `<=`, `>=`, `and`, `or`, `!`,
//! parentheses, `Exists(..)` and `HasTrailingSlash(..)`.
//!
//! Evaluation is three-valued: a part this evaluator cannot expand is unknown, `false and unknown`
//! is still `false` and `true or unknown` still `true`; a condition that ends up unknown (or does
//! not parse) is false, so the guarded element is skipped, silently.

use crate::{
    msbuild::expand::{Scope, find_close},
    paths::has_trailing_slash,
    tfm::try_compare_versions,
};

impl Scope<'_> {
    /// A missing condition is true.
    pub(crate) fn condition(&self, condition: Option<&str>) -> bool {
        let Some(text) = condition else { return true };
        if text.trim().is_empty() {
            return true;
        }
        let Some(tokens) = self.tokenize(text) else {
            return false;
        };
        let mut parser = Parser {
            depth: 0,
            scope: self,
            tokens,
            pos: 0,
        };
        match parser.or() {
            Some(value) if parser.pos == parser.tokens.len() => value.truth() == Some(true),
            _ => false,
        }
    }

    fn tokenize(&self, text: &str) -> Option<Vec<Token>> {
        let mut tokens = Vec::new();
        let mut i = 0;
        while let Some(c) = text[i..].chars().next() {
            let rest = &text[i..];
            if c.is_whitespace() {
                i += c.len_utf8();
                continue;
            }
            let two = rest.get(..2).unwrap_or_default();
            let (token, len) = match c {
                '(' => (Token::LParen, 1),
                ')' => (Token::RParen, 1),
                ',' => (Token::Comma, 1),
                '\'' | '"' | '`' => {
                    let end = quoted_end(rest, c)?;
                    (Token::Value(self.expand(&rest[1..end])), end + 1)
                }
                '$' | '@' | '%' if rest[1..].starts_with('(') => {
                    let close = find_close(rest, 1)?;
                    (Token::Value(self.expand(&rest[..=close])), close + 1)
                }
                _ if two == "==" => (Token::Cmp(Cmp::Eq), 2),
                _ if two == "!=" => (Token::Cmp(Cmp::Ne), 2),
                _ if two == "<=" => (Token::Cmp(Cmp::Le), 2),
                _ if two == ">=" => (Token::Cmp(Cmp::Ge), 2),
                '<' => (Token::Cmp(Cmp::Lt), 1),
                '>' => (Token::Cmp(Cmp::Gt), 1),
                '!' => (Token::Not, 1),
                _ => {
                    let len = rest
                        .find(|c: char| c.is_whitespace() || "()'\"`,=!<>".contains(c))
                        .unwrap_or(rest.len());
                    if len == 0 {
                        return None;
                    }
                    let word = &rest[..len];
                    let token = if word.eq_ignore_ascii_case("and") {
                        Token::And
                    } else if word.eq_ignore_ascii_case("or") {
                        Token::Or
                    } else {
                        Token::Word(word.to_owned())
                    };
                    (token, len)
                }
            };
            tokens.push(token);
            i += len;
        }
        Some(tokens)
    }
}

/// The index of the quote closing the one `text` starts with, skipping `$(..)` expressions,
/// whose function arguments may contain the same quote.
fn quoted_end(text: &str, quote: char) -> Option<usize> {
    let mut i = 1;
    while let Some(c) = text[i..].chars().next() {
        if c == quote {
            return Some(i);
        }
        if "$@%".contains(c) && text[i + 1..].starts_with('(') {
            i = find_close(text, i + 1)? + 1;
        } else {
            i += c.len_utf8();
        }
    }
    None
}

#[derive(Debug)]
enum Token {
    LParen,
    RParen,
    Comma,
    Not,
    And,
    Or,
    Cmp(Cmp),
    /// A quoted string or property after expansion; `None` if it could not be expanded.
    Value(Option<String>),
    /// Unquoted text: `true`, a number, a function name.
    Word(String),
}

#[derive(Clone, Copy, Debug)]
enum Cmp {
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
}

/// A string, a boolean, or unknown (`None`).
#[derive(Debug)]
enum Value {
    Str(Option<String>),
    Bool(Option<bool>),
}

impl Value {
    fn truth(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => *b,
            Value::Str(s) => match s.as_deref()?.to_ascii_lowercase().as_str() {
                "true" | "on" | "yes" => Some(true),
                "false" | "off" | "no" => Some(false),
                _ => None,
            },
        }
    }

    fn text(&self) -> Option<String> {
        match self {
            Value::Str(s) => s.clone(),
            Value::Bool(b) => b.map(|b| b.to_string()),
        }
    }
}

/// Deeper nesting is not a real condition; refusing it keeps the recursion bounded.
const MAX_NESTING: usize = 100;

struct Parser<'s, 'a> {
    depth: usize,
    scope: &'s Scope<'a>,
    tokens: Vec<Token>,
    pos: usize,
}

impl Parser<'_, '_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn eat(&mut self, pred: impl Fn(&Token) -> bool) -> bool {
        let matches = self.peek().is_some_and(pred);
        if matches {
            self.pos += 1;
        }
        matches
    }

    fn or(&mut self) -> Option<Value> {
        let mut left = self.and()?;
        while self.eat(|t| matches!(t, Token::Or)) {
            let right = self.and()?;
            left = Value::Bool(match (left.truth(), right.truth()) {
                (Some(true), _) | (_, Some(true)) => Some(true),
                (Some(false), Some(false)) => Some(false),
                _ => None,
            });
        }
        Some(left)
    }

    fn and(&mut self) -> Option<Value> {
        let mut left = self.not()?;
        while self.eat(|t| matches!(t, Token::And)) {
            let right = self.not()?;
            left = Value::Bool(match (left.truth(), right.truth()) {
                (Some(false), _) | (_, Some(false)) => Some(false),
                (Some(true), Some(true)) => Some(true),
                _ => None,
            });
        }
        Some(left)
    }

    fn not(&mut self) -> Option<Value> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return None;
        }
        let value = if self.eat(|t| matches!(t, Token::Not)) {
            Some(Value::Bool(self.not()?.truth().map(|b| !b)))
        } else {
            self.comparison()
        };
        self.depth -= 1;
        value
    }

    fn comparison(&mut self) -> Option<Value> {
        if self.eat(|t| matches!(t, Token::LParen)) {
            let inner = self.or()?;
            return self.eat(|t| matches!(t, Token::RParen)).then_some(inner);
        }
        let left = self.operand()?;
        let Some(&Token::Cmp(cmp)) = self.peek() else {
            return Some(left);
        };
        self.pos += 1;
        let right = self.operand()?;
        Some(Value::Bool(compare(left.text(), cmp, right.text())))
    }

    fn operand(&mut self) -> Option<Value> {
        let token = self.tokens.get(self.pos)?;
        self.pos += 1;
        match token {
            Token::Value(value) => Some(Value::Str(value.clone())),
            Token::Word(word) => {
                let word = word.clone();
                if !self.eat(|t| matches!(t, Token::LParen)) {
                    return Some(Value::Str(Some(word)));
                }
                let mut args = Vec::new();
                if !self.eat(|t| matches!(t, Token::RParen)) {
                    loop {
                        args.push(self.operand()?.text());
                        if self.eat(|t| matches!(t, Token::RParen)) {
                            break;
                        }
                        if !self.eat(|t| matches!(t, Token::Comma)) {
                            return None;
                        }
                    }
                }
                Some(Value::Bool(self.function(&word, &args)))
            }
            _ => None,
        }
    }

    fn function(&self, name: &str, args: &[Option<String>]) -> Option<bool> {
        let [arg] = args else { return None };
        let arg = arg.as_deref()?;
        match name.to_ascii_lowercase().as_str() {
            "exists" => {
                let arg = arg.trim();
                if arg.is_empty() {
                    return Some(false);
                }
                let path = crate::paths::join(crate::paths::parent(self.scope.this_file), arg);
                Some(self.scope.fs.is_file(&path) || self.scope.fs.is_dir(&path))
            }
            "hastrailingslash" => Some(has_trailing_slash(arg)),
            _ => None,
        }
    }
}

fn compare(left: Option<String>, cmp: Cmp, right: Option<String>) -> Option<bool> {
    let (left, right) = (left?, right?);
    let numbers = left
        .trim()
        .parse::<f64>()
        .ok()
        .zip(right.trim().parse::<f64>().ok());
    let ordering = match numbers {
        Some((l, r)) => l.partial_cmp(&r),
        None => try_compare_versions(&left, &right),
    };
    match cmp {
        Cmp::Eq | Cmp::Ne => {
            let equal = match numbers {
                Some((l, r)) => l == r,
                None => left.eq_ignore_ascii_case(&right),
            };
            Some(equal == matches!(cmp, Cmp::Eq))
        }
        Cmp::Lt => Some(ordering?.is_lt()),
        Cmp::Gt => Some(ordering?.is_gt()),
        Cmp::Le => Some(ordering?.is_le()),
        Cmp::Ge => Some(ordering?.is_ge()),
    }
}
