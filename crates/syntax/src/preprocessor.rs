//! The preprocessor pass: evaluates `#if` with the project's symbols and blanks directive lines and
//! inactive lines with spaces, so that the parser sees only active code at unchanged offsets.
//!
//! Active code is lexed (by the coarse lexer) only to know where comments and strings end: a `#` at the
//! start of a line inside `/* */`, a verbatim, raw or interpolated string is text, not a directive. Inside
//! an inactive section only directive lines are looked at, as the C# specification says; of those only
//! `#if`, `#elif`, `#else` and `#endif` matter, to keep track of nesting. Line breaks are `\n`, `\r\n`
//! and `\r` (not the rarer Unicode ones).

mod expr;

use std::ops::Range;

use rustc_hash::FxHashMap;

use crate::{
    Defines, SyntaxError, TextRange, TextSize,
    coarse_lexer::{
        Kind, Lexer, RawToken, directive_hash, is_whitespace, line_end, next_line_start,
    },
};

/// The result of the preprocessor pass over one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preprocessed {
    /// The input with every directive line and every inactive region blanked: each byte that is not
    /// `\n` or `\r` becomes a space, so offsets and line numbers are those of the input.
    pub text: String,
    /// Directive lines (`#` up to, not including, the line break), sorted and disjoint. The `#elif`,
    /// `#else` and `#endif` that end an inactive section are here; directives nested inside one are
    /// inactive text.
    pub directives: Vec<TextRange>,
    /// Inactive regions (lines skipped by `#if`), sorted and disjoint, not overlapping `directives`. Each
    /// spans whole lines with their line breaks: from the start of the line after the directive that
    /// deactivates code to the start of the line of the directive that ends the section (or the end of
    /// the text).
    pub inactive: Vec<TextRange>,
    /// Unbalanced `#endif`, `#else` without `#if`, malformed expressions, `#error` …
    pub errors: Vec<SyntaxError>,
    /// The symbols defined in the file's code: the given ones with the file's `#define`s and `#undef`s
    /// applied (those come before the first token, so one set holds for all the code), as
    /// `[Conditional]` calls need them (§22.5.3).
    pub defines: Defines,
}

pub fn preprocess(text: &str, defines: &Defines) -> Preprocessed {
    if !text.contains('#') {
        return Preprocessed {
            text: text.to_owned(),
            directives: Vec::new(),
            inactive: Vec::new(),
            errors: Vec::new(),
            defines: defines.clone(),
        };
    }
    let mut preprocessor = Preprocessor {
        text,
        defines,
        redefined: FxHashMap::default(),
        branches: Vec::new(),
        regions: Vec::new(),
        seen_code: false,
        seen_if: false,
        directives: Vec::new(),
        inactive: Vec::new(),
        errors: Vec::new(),
    };
    preprocessor.run();
    preprocessor.finish()
}

/// An open `#if`.
struct Branch {
    directive: Range<usize>,
    /// Whether one of its branches so far was active, so that the following ones are not.
    taken: bool,
    seen_else: bool,
}

struct Preprocessor<'a> {
    text: &'a str,
    defines: &'a Defines,
    /// Symbols changed by `#define` (true) and `#undef` (false).
    redefined: FxHashMap<&'a str, bool>,
    branches: Vec<Branch>,
    regions: Vec<Range<usize>>,
    seen_code: bool,
    seen_if: bool,
    directives: Vec<Range<usize>>,
    inactive: Vec<Range<usize>>,
    errors: Vec<SyntaxError>,
}

/// A directive line taken apart.
struct Directive<'a> {
    /// From the `#` to before the line break.
    range: Range<usize>,
    name: &'a str,
    /// Where the text after the name starts.
    rest: usize,
}

/// Takes apart the line at `line_start` if it is a directive.
fn parse_directive(text: &str, line_start: usize) -> Option<Directive<'_>> {
    let hash = directive_hash(text, line_start)?;
    let end = line_end(text, hash);
    let after_hash = &text[hash + 1..end];
    let name_start = hash
        + 1
        + after_hash
            .find(|c| !is_whitespace(c))
            .unwrap_or(after_hash.len());
    let after_space = &text[name_start..end];
    let name_len = after_space
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(after_space.len());
    Some(Directive {
        range: hash..end,
        name: &after_space[..name_len],
        rest: name_start + name_len,
    })
}

impl<'a> Preprocessor<'a> {
    fn run(&mut self) {
        let mut lexer = Lexer::new(self.text);
        while let Some(token) = lexer.next() {
            match token.kind {
                Kind::Directive => {
                    let Some(directive) = parse_directive(self.text, token.range.start) else {
                        continue;
                    };
                    if !self.directive(directive) {
                        let from = next_line_start(self.text, token.range.end);
                        lexer.restart_at_line(self.skip_inactive(from));
                    }
                }
                Kind::Whitespace | Kind::Newline | Kind::Comment => {}
                Kind::Ident | Kind::Number | Kind::Literal | Kind::Punct => self.seen_code = true,
            }
        }
    }

    /// Handles a directive; returns whether the lines after it are active.
    fn directive(&mut self, directive: Directive<'a>) -> bool {
        self.directives.push(directive.range.clone());
        let rest = directive.rest..directive.range.end;
        match directive.name {
            "if" => {
                self.seen_if = true;
                let taken = self.condition(rest);
                self.branches.push(Branch {
                    directive: directive.range,
                    taken,
                    seen_else: false,
                });
                taken
            }
            "elif" => {
                let value = self.condition(rest);
                match self.branches.last_mut() {
                    None => self.error(directive.range, "`#elif` without `#if`".into()),
                    Some(branch) if branch.seen_else => {
                        self.error(directive.range, "`#elif` after `#else`".into());
                        false
                    }
                    Some(branch) => {
                        let active = !branch.taken && value;
                        branch.taken |= value;
                        active
                    }
                }
            }
            "else" => {
                self.expect_end(rest);
                match self.branches.last_mut() {
                    None => self.error(directive.range, "`#else` without `#if`".into()),
                    Some(branch) if branch.seen_else => {
                        self.error(directive.range, "second `#else`".into());
                        false
                    }
                    Some(branch) => {
                        branch.seen_else = true;
                        !std::mem::replace(&mut branch.taken, true)
                    }
                }
            }
            "endif" => {
                self.expect_end(rest);
                if self.branches.pop().is_none() {
                    self.error(directive.range, "`#endif` without `#if`".into());
                }
                true
            }
            "define" => self.define(directive.range, rest, true),
            "undef" => self.define(directive.range, rest, false),
            "region" => {
                self.regions.push(directive.range);
                true
            }
            "endregion" => {
                if self.regions.pop().is_none() {
                    self.error(directive.range, "`#endregion` without `#region`".into());
                }
                true
            }
            "error" => {
                let message = format!("#error: {}", self.text[rest].trim());
                self.error(directive.range, message)
            }
            "warning" | "pragma" | "nullable" | "line" => true,
            "" if self.text[directive.range.start + 1..].starts_with(['!', ':']) => {
                self.ignored(directive.range);
                true
            }
            "" => self.error(
                directive.range,
                "expected a directive name after `#`".into(),
            ),
            name => {
                let message = format!("unknown preprocessor directive `#{name}`");
                self.error(directive.range, message)
            }
        }
    }

    /// Skips the inactive lines from `from` to the `#elif`, `#else` or `#endif` that may end the
    /// section; returns the start of that directive's line (or the end of the text).
    fn skip_inactive(&mut self, from: usize) -> usize {
        let mut nested = 0usize;
        let mut line = from;
        while line < self.text.len() {
            if let Some(directive) = parse_directive(self.text, line) {
                match directive.name {
                    "if" => nested += 1,
                    "endif" if nested > 0 => nested -= 1,
                    "elif" | "else" | "endif" if nested == 0 => break,
                    _ => {}
                }
            }
            line = next_line_start(self.text, line);
        }
        if from < line {
            self.inactive.push(from..line);
        }
        line
    }

    /// Evaluates an `#if` or `#elif` condition; a malformed one is false.
    fn condition(&mut self, range: Range<usize>) -> bool {
        let is_defined = |symbol: &str| {
            self.redefined
                .get(symbol)
                .copied()
                .unwrap_or_else(|| self.defines.contains(symbol))
        };
        match expr::evaluate(&self.text[range.clone()], &is_defined) {
            Ok(value) => value,
            Err(error) => {
                let at = range.start + error.range.start..range.start + error.range.end;
                self.error(at, error.message.into());
                false
            }
        }
    }

    /// `#!/usr/bin/env dotnet` and `#:package Foo@1.0`: directives of file-based programs (C# 14),
    /// for the tooling and ignored by the language, allowed before the first token and any `#if`.
    fn ignored(&mut self, directive: Range<usize>) {
        if self.seen_code || self.seen_if {
            let message = "`#!` and `#:` directives must come before the first token and any `#if`";
            self.error(directive, message.into());
        }
    }

    fn define(&mut self, directive: Range<usize>, rest: Range<usize>, defined: bool) -> bool {
        if self.seen_code {
            let message = "`#define` and `#undef` must come before the first token of the file";
            self.error(directive.clone(), message.into());
        }
        let tokens = expr::tokens(&self.text[rest.clone()]);
        let at = |range: &Range<usize>| rest.start + range.start..rest.start + range.end;
        match tokens.first() {
            Some((Some(RawToken::Ident), range)) => {
                let symbol = &self.text[at(range)];
                if symbol == "true" || symbol == "false" {
                    return self.error(at(range), format!("cannot define or undefine `{symbol}`"));
                }
                self.redefined.insert(symbol, defined);
                if let Some((_, range)) = tokens.get(1) {
                    self.error(at(range), "expected end of line".into());
                }
            }
            Some((_, range)) => {
                self.error(at(range), "expected a symbol name".into());
            }
            None => {
                self.error(directive, "expected a symbol name".into());
            }
        }
        true
    }

    /// Reports anything but a comment after `#else` or `#endif`.
    fn expect_end(&mut self, rest: Range<usize>) {
        if let Some((_, range)) = expr::tokens(&self.text[rest.clone()]).first() {
            let at = rest.start + range.start..rest.start + range.end;
            self.error(at, "expected end of line".into());
        }
    }

    /// Records an error; returns `true` so that directive handlers can recover by staying active.
    fn error(&mut self, range: Range<usize>, message: String) -> bool {
        self.errors.push(SyntaxError {
            range: text_range(range),
            message,
        });
        true
    }

    fn finish(mut self) -> Preprocessed {
        for branch in std::mem::take(&mut self.branches) {
            self.error(branch.directive, "`#if` without `#endif`".into());
        }
        for region in std::mem::take(&mut self.regions) {
            self.error(region, "`#region` without `#endregion`".into());
        }
        self.errors.sort_by_key(|error| error.range.start());
        let redefined = &self.redefined;
        let defines = Defines::new(
            self.defines
                .iter()
                .filter(|s| redefined.get(s) != Some(&false))
                .chain(redefined.iter().filter(|(_, d)| **d).map(|(s, _)| *s)),
        );
        Preprocessed {
            defines,
            text: blank(self.text, self.directives.iter().chain(&self.inactive)),
            directives: self.directives.into_iter().map(text_range).collect(),
            inactive: self.inactive.into_iter().map(text_range).collect(),
            errors: self.errors,
        }
    }
}

/// Replaces every byte in `ranges` but line breaks with a space. The ranges hold whole characters, so
/// the result is valid UTF-8 with the same offsets.
fn blank<'r>(text: &str, ranges: impl Iterator<Item = &'r Range<usize>>) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for range in ranges {
        for byte in &mut bytes[range.clone()] {
            if *byte != b'\n' && *byte != b'\r' {
                *byte = b' ';
            }
        }
    }
    String::from_utf8(bytes)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

/// Files past 4 GiB are not C# anyone compiles; their offsets saturate rather than panic.
fn text_range(range: Range<usize>) -> TextRange {
    let size = |offset: usize| TextSize::new(u32::try_from(offset).unwrap_or(u32::MAX));
    TextRange::new(size(range.start), size(range.end))
}

#[cfg(test)]
mod tests;
