//! A coarse C# lexer shared by the preprocessor and the word index.
//!
//! It only knows what both need: where comments and literals begin and end (including the multi-line
//! ones: `/* */`, verbatim and raw strings, interpolated strings with code holes), which line breaks are
//! outside any literal, which lines are preprocessor directives, and where identifiers are. Operators are
//! only told apart as far as `#if` expressions need them.

use std::ops::Range;

use logos::Logos;

/// The fine-grained tokens of the DFA. The multi-line literals without holes are finished by callbacks;
/// interpolated strings are driven by [`Lexer`], which keeps the stack of open holes.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
#[logos(subpattern escape = r"\\u[0-9a-fA-F]{4}|\\U[0-9a-fA-F]{8}")]
#[logos(subpattern ident_start = r"[\p{L}\p{Nl}_]|(?&escape)")]
#[logos(subpattern ident_part = r"[\p{L}\p{Nl}\p{Nd}\p{Pc}\p{Mn}\p{Mc}\p{Cf}]|(?&escape)")]
pub(crate) enum RawToken {
    #[regex(r"[\t\x0B\x0C\p{Zs}\x{FEFF}]+")]
    Whitespace,
    #[regex(r"\r\n|\n|\r")]
    Newline,
    #[regex(r"//[^\r\n]*", allow_greedy = true)]
    LineComment,
    #[token("/*", block_comment)]
    BlockComment,
    /// Also an unterminated string, which ends at the line break.
    #[regex(r#""([^"\\\r\n]|\\[^\r\n])*"?"#)]
    String,
    #[regex(r"'([^'\\\r\n]|\\[^\r\n])+'")]
    Char,
    #[token("@\"", verbatim_string)]
    VerbatimString,
    #[regex(r#""""+"#, raw_string)]
    RawString,
    /// `$"`, `$""` (empty) or the start of a raw string: the quotes are counted by [`Lexer`].
    #[regex(r#"\$+"+"#)]
    InterpolatedStart,
    #[token("$@\"")]
    #[token("@$\"")]
    InterpolatedVerbatimStart,
    #[regex(r"@?(?&ident_start)(?&ident_part)*")]
    Ident,
    /// Digits glued to letters (`0xFF`, `1e10`, `10UL`) so that no suffix looks like an identifier.
    #[regex(r"[0-9][0-9A-Za-z_]*")]
    Number,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token(":")]
    Colon,
    #[token("::")]
    ColonColon,
    #[token("!")]
    Bang,
    #[token("!=")]
    BangEq,
    #[token("==")]
    EqEq,
    #[token("&&")]
    AmpAmp,
    #[token("||")]
    PipePipe,
}

fn block_comment(lex: &mut logos::Lexer<'_, RawToken>) {
    let rest = lex.remainder();
    lex.bump(rest.find("*/").map_or(rest.len(), |end| end + 2));
}

fn verbatim_string(lex: &mut logos::Lexer<'_, RawToken>) {
    let rest = lex.remainder().as_bytes();
    lex.bump(verbatim_content_end(rest, 0));
}

fn raw_string(lex: &mut logos::Lexer<'_, RawToken>) {
    let quotes = lex.slice().len();
    let rest = lex.remainder().as_bytes();
    lex.bump(raw_content_end(rest, 0, quotes));
}

/// The end of a verbatim string whose content starts at `pos`: after the closing quote, `""` being an
/// escaped quote, or the end of the text.
fn verbatim_content_end(bytes: &[u8], mut pos: usize) -> usize {
    while let Some(offset) = bytes[pos..].iter().position(|&b| b == b'"') {
        pos += offset + 1;
        if bytes.get(pos) != Some(&b'"') {
            return pos;
        }
        pos += 1;
    }
    bytes.len()
}

/// The end of a raw string of `quotes` quotes whose content starts at `pos`: after the first run of at
/// least that many quotes (a longer run is an error the compiler reports; it is taken whole), or the end.
fn raw_content_end(bytes: &[u8], mut pos: usize, quotes: usize) -> usize {
    while let Some(offset) = bytes[pos..].iter().position(|&b| b == b'"') {
        pos += offset;
        let run = run_length(bytes, pos, b'"');
        pos += run;
        if run >= quotes {
            return pos;
        }
    }
    bytes.len()
}

fn run_length(bytes: &[u8], pos: usize, byte: u8) -> usize {
    bytes[pos..].iter().take_while(|&&b| b == byte).count()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Also a line break inside an interpolation hole.
    Whitespace,
    /// A line break outside any literal: the next line may be a directive.
    Newline,
    /// A whole directive line from its start (leading whitespace included) to before its line break.
    Directive,
    Comment,
    /// A string or char literal, or the part of an interpolated string between two holes (a format
    /// specifier included).
    Literal,
    Ident,
    Number,
    Punct,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) kind: Kind,
    pub(crate) range: Range<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Regular,
    Verbatim,
    Raw { quotes: usize, dollars: usize },
}

/// An interpolated string whose hole the lexer is in.
struct Hole {
    style: Style,
    /// Open `(`, `[` and `{` inside the hole: the hole ends at a `}` when this is zero.
    nesting: u32,
}

enum Segment {
    /// The string ended before this offset.
    End(usize),
    /// A hole opened; its code starts at this offset.
    Hole(usize),
}

pub(crate) struct Lexer<'a> {
    text: &'a str,
    raw: logos::Lexer<'a, RawToken>,
    holes: Vec<Hole>,
    at_line_start: bool,
}

impl<'a> Lexer<'a> {
    pub(crate) fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            raw: RawToken::lexer(text),
            holes: Vec::new(),
            at_line_start: true,
        }
    }

    /// Continues at the start of a line, outside any literal. `pos` must be a line start.
    pub(crate) fn restart_at_line(&mut self, pos: usize) {
        self.seek(pos);
        self.holes.clear();
        self.at_line_start = true;
    }

    fn seek(&mut self, pos: usize) {
        self.raw = RawToken::lexer(self.text);
        self.raw.bump(pos);
    }

    fn pos(&self) -> usize {
        self.raw.span().end
    }

    fn token(&mut self, kind: Kind, range: Range<usize>) -> Option<Token> {
        self.seek(range.end);
        Some(Token { kind, range })
    }

    /// Emits the string text from `start` up to the next hole or the end of the string.
    fn string_segment(&mut self, start: usize, content: usize, style: Style) -> Option<Token> {
        match scan_interpolated(self.text.as_bytes(), content, style) {
            Segment::End(end) => self.token(Kind::Literal, start..end),
            Segment::Hole(code) => {
                self.holes.push(Hole { style, nesting: 0 });
                self.token(Kind::Literal, start..code)
            }
        }
    }

    fn directive_here(&mut self) -> Option<Token> {
        let start = self.pos();
        directive_hash(self.text, start)?;
        let end = line_end(self.text, start);
        self.token(Kind::Directive, start..end)
    }
}

impl Iterator for Lexer<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        if std::mem::take(&mut self.at_line_start)
            && let Some(directive) = self.directive_here()
        {
            return Some(directive);
        }
        let raw = self.raw.next()?;
        let range = self.raw.span();
        let kind = match raw {
            // The DFA may have read past the offending character: take only that one.
            Err(()) => {
                let len = self.text[range.start..]
                    .chars()
                    .next()
                    .map_or(1, char::len_utf8);
                return self.token(Kind::Punct, range.start..range.start + len);
            }
            Ok(RawToken::Whitespace) => Kind::Whitespace,
            Ok(RawToken::Newline) if self.holes.is_empty() => {
                self.at_line_start = true;
                Kind::Newline
            }
            Ok(RawToken::Newline) => Kind::Whitespace,
            Ok(RawToken::LineComment | RawToken::BlockComment) => Kind::Comment,
            Ok(
                RawToken::String | RawToken::Char | RawToken::VerbatimString | RawToken::RawString,
            ) => Kind::Literal,
            Ok(RawToken::InterpolatedStart) => {
                let delimiter = &self.text.as_bytes()[range.clone()];
                let dollars = run_length(delimiter, 0, b'$');
                let style = match delimiter.len() - dollars {
                    1 => Style::Regular,
                    2 => {
                        return Some(Token {
                            kind: Kind::Literal,
                            range,
                        });
                    }
                    quotes => Style::Raw { quotes, dollars },
                };
                return self.string_segment(range.start, range.end, style);
            }
            Ok(RawToken::InterpolatedVerbatimStart) => {
                return self.string_segment(range.start, range.end, Style::Verbatim);
            }
            Ok(RawToken::Ident) => Kind::Ident,
            Ok(RawToken::Number) => Kind::Number,
            Ok(RawToken::LBrace | RawToken::LParen | RawToken::LBracket) => {
                if let Some(hole) = self.holes.last_mut() {
                    hole.nesting += 1;
                }
                Kind::Punct
            }
            Ok(RawToken::RParen | RawToken::RBracket) => {
                if let Some(hole) = self.holes.last_mut() {
                    hole.nesting = hole.nesting.saturating_sub(1);
                }
                Kind::Punct
            }
            Ok(RawToken::RBrace) => match self.holes.last_mut() {
                Some(hole) if hole.nesting > 0 => {
                    hole.nesting -= 1;
                    Kind::Punct
                }
                Some(hole) => {
                    let style = hole.style;
                    self.holes.pop();
                    let bytes = self.text.as_bytes();
                    let closing = match style {
                        Style::Raw { dollars, .. } => {
                            run_length(bytes, range.start, b'}').min(dollars)
                        }
                        Style::Regular | Style::Verbatim => 1,
                    };
                    return self.string_segment(range.start, range.start + closing, style);
                }
                None => Kind::Punct,
            },
            Ok(RawToken::Colon) => match self.holes.last() {
                // A format specifier: string text up to the `}` that closes the hole.
                Some(hole) if hole.nesting == 0 => {
                    let bytes = self.text.as_bytes();
                    let end = bytes[range.end..]
                        .iter()
                        .position(|&b| matches!(b, b'}' | b'"' | b'\r' | b'\n'))
                        .map_or(bytes.len(), |offset| range.end + offset);
                    return self.token(Kind::Literal, range.start..end);
                }
                _ => Kind::Punct,
            },
            Ok(
                RawToken::ColonColon
                | RawToken::Bang
                | RawToken::BangEq
                | RawToken::EqEq
                | RawToken::AmpAmp
                | RawToken::PipePipe,
            ) => Kind::Punct,
        };
        Some(Token { kind, range })
    }
}

/// Scans the text of an interpolated string from `pos` (just after its opening delimiter or a hole).
fn scan_interpolated(bytes: &[u8], mut pos: usize, style: Style) -> Segment {
    while pos < bytes.len() {
        match (style, bytes[pos]) {
            (Style::Regular, b'\\') => {
                pos += if matches!(bytes.get(pos + 1), Some(b'\r' | b'\n')) {
                    1
                } else {
                    2
                }
            }
            (Style::Regular, b'\r' | b'\n') => return Segment::End(pos),
            (Style::Regular, b'"') => return Segment::End(pos + 1),
            (Style::Verbatim, b'"') => match bytes.get(pos + 1) {
                Some(b'"') => pos += 2,
                _ => return Segment::End(pos + 1),
            },
            (Style::Regular | Style::Verbatim, b'{') => match bytes.get(pos + 1) {
                Some(b'{') => pos += 2,
                _ => return Segment::Hole(pos + 1),
            },
            (Style::Raw { quotes, .. }, b'"') => {
                let run = run_length(bytes, pos, b'"');
                pos += run;
                if run >= quotes {
                    return Segment::End(pos);
                }
            }
            (Style::Raw { dollars, .. }, b'{') => {
                let run = run_length(bytes, pos, b'{');
                pos += run;
                if run >= dollars {
                    return Segment::Hole(pos);
                }
            }
            _ => pos += 1,
        }
    }
    Segment::End(bytes.len())
}

/// Whitespace that may precede the `#` of a directive: the C# whitespace class minus line breaks.
pub(crate) fn is_whitespace(c: char) -> bool {
    c.is_whitespace() && !matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
        || c == '\u{FEFF}'
}

/// The offset of the `#` if the line starting at `line_start` is a directive line.
pub(crate) fn directive_hash(text: &str, line_start: usize) -> Option<usize> {
    let line = text.get(line_start..)?;
    let indent = line.find(|c| !is_whitespace(c))?;
    (line.as_bytes()[indent] == b'#').then_some(line_start + indent)
}

/// The offset of the line break ending the line that contains `pos`, or the end of the text.
pub(crate) fn line_end(text: &str, pos: usize) -> usize {
    let bytes = text.as_bytes();
    bytes[pos..]
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .map_or(bytes.len(), |offset| pos + offset)
}

/// The start of the line after the one that contains `pos`, or the end of the text.
pub(crate) fn next_line_start(text: &str, pos: usize) -> usize {
    let end = line_end(text, pos);
    let bytes = text.as_bytes();
    match bytes.get(end) {
        Some(b'\r') if bytes.get(end + 1) == Some(&b'\n') => end + 2,
        Some(_) => end + 1,
        None => end,
    }
}

/// One of the words C# reserves: never an identifier unless escaped with `@`.
pub(crate) fn is_reserved_keyword(word: &str) -> bool {
    matches!(
        word,
        "abstract"
            | "as"
            | "base"
            | "bool"
            | "break"
            | "byte"
            | "case"
            | "catch"
            | "char"
            | "checked"
            | "class"
            | "const"
            | "continue"
            | "decimal"
            | "default"
            | "delegate"
            | "do"
            | "double"
            | "else"
            | "enum"
            | "event"
            | "explicit"
            | "extern"
            | "false"
            | "finally"
            | "fixed"
            | "float"
            | "for"
            | "foreach"
            | "goto"
            | "if"
            | "implicit"
            | "in"
            | "int"
            | "interface"
            | "internal"
            | "is"
            | "lock"
            | "long"
            | "namespace"
            | "new"
            | "null"
            | "object"
            | "operator"
            | "out"
            | "override"
            | "params"
            | "private"
            | "protected"
            | "public"
            | "readonly"
            | "ref"
            | "return"
            | "sbyte"
            | "sealed"
            | "short"
            | "sizeof"
            | "stackalloc"
            | "static"
            | "string"
            | "struct"
            | "switch"
            | "this"
            | "throw"
            | "true"
            | "try"
            | "typeof"
            | "uint"
            | "ulong"
            | "unchecked"
            | "unsafe"
            | "ushort"
            | "using"
            | "virtual"
            | "void"
            | "volatile"
            | "while"
    )
}
