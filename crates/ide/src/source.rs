//! `get_source`: the source text of a symbol's declarations (every part of a partial type), each with
//! its documentation comment and attributes, as one sequence of lines bounded in lines and characters,
//! continued by a line offset.

use hir::{Db, FileId, RootDatabase};
use syntax::TextSize;

use crate::{SymbolInfo, SymbolKey, symbol_info};

/// What part of the text is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourceRequest {
    /// Lines of the sequence (all parts, in declaration order) to skip.
    pub skip_lines: usize,
    pub max_lines: usize,
    pub max_chars: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymbolSource {
    pub symbol: SymbolInfo,
    /// The parts with at least one line in the page.
    pub parts: Vec<SourcePart>,
    /// Lines of all parts.
    pub total_lines: usize,
    /// The page ended before the last line; continue with `skip_lines = next_skip_lines`.
    pub next_skip_lines: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourcePart {
    pub file: FileId,
    /// 1-based, of the first and last line given.
    pub start_line: usize,
    pub end_line: usize,
    /// Which declaration of the symbol this is (0-based) and of how many.
    pub declaration: usize,
    /// The lines given, each ending with `\n` but the last.
    pub text: String,
    /// The last line given was cut at the character budget (`…`).
    pub truncated_line: bool,
}

/// `None` when the key names nothing; a library symbol has no parts.
pub(crate) fn symbol_source(
    db: &RootDatabase,
    key: &SymbolKey,
    request: SourceRequest,
) -> Option<SymbolSource> {
    let symbol = SymbolInfo::of(db, symbol_info::resolve(db, key)?);
    let mut declarations: Vec<(FileId, usize, Vec<String>)> = Vec::new();
    for decl in &symbol.declarations {
        let Some(source) = db.source_file(decl.file) else {
            continue;
        };
        let text = source.text(db);
        let start = usize::from(decl.full_range.start()).min(text.len());
        let end = usize::from(decl.full_range.end()).min(text.len());
        // From the line start, so the indentation is kept, when the declaration starts its line.
        let line_start = doc_comment_start(text, start);
        let first_line = line_number(db, decl.file, TextSize::from(line_start as u32));
        let lines = text[line_start..end].lines().map(str::to_owned).collect();
        declarations.push((decl.file, first_line, lines));
    }
    let total_lines = declarations.iter().map(|(_, _, l)| l.len()).sum();
    let mut parts = Vec::new();
    let mut index = 0;
    let mut given_lines = 0;
    let mut given_chars = 0;
    let mut next_skip_lines = None;
    'parts: for (declaration, (file, first_line, lines)) in declarations.iter().enumerate() {
        let mut part: Option<SourcePart> = None;
        for (i, line) in lines.iter().enumerate() {
            let at = index;
            index += 1;
            if at < request.skip_lines {
                continue;
            }
            let chars = line.chars().count() + 1;
            // At least one line, so paging always advances.
            if given_lines >= request.max_lines
                || (given_lines > 0 && given_chars + chars > request.max_chars)
            {
                next_skip_lines = Some(at);
                if let Some(part) = part.take() {
                    parts.push(part);
                }
                break 'parts;
            }
            given_lines += 1;
            given_chars += chars;
            // A line longer than the whole budget (minified code) is cut; the page ends there.
            let cut = chars > request.max_chars;
            let line: String = match cut {
                true => line.chars().take(request.max_chars).chain(['…']).collect(),
                false => line.clone(),
            };
            let line_number = first_line + i;
            let part = part.get_or_insert_with(|| SourcePart {
                file: *file,
                start_line: line_number,
                end_line: line_number,
                declaration,
                text: String::new(),
                truncated_line: false,
            });
            if line_number > part.start_line {
                part.text.push('\n');
            }
            part.text.push_str(&line);
            part.end_line = line_number;
            if cut {
                part.truncated_line = true;
                if index < total_lines {
                    next_skip_lines = Some(index);
                }
                let part = part.clone();
                parts.push(part);
                break 'parts;
            }
        }
        parts.extend(part);
    }
    Some(SymbolSource {
        symbol,
        parts,
        total_lines,
        next_skip_lines,
    })
}

/// Where the text given for a declaration starting at `start` begins: at the start of the
/// documentation comment right before it — `///` lines and `/** .. */` blocks, the leading trivia
/// the compiler reads as its documentation (C# §D.2), up to a blank or any other line — or of its
/// line when only blanks precede it there; else at `start` (other code precedes it on the line).
fn doc_comment_start(text: &str, start: usize) -> usize {
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let mut at = match text[line_start..start].trim().is_empty() {
        true => line_start,
        false => match doc_block_before(text, start) {
            Some(block) => block,
            None => return start,
        },
    };
    while at > 0 {
        let above = text[..at - 1].rfind('\n').map_or(0, |i| i + 1);
        if text[above..at].trim_start().starts_with("///") {
            at = above;
            continue;
        }
        match doc_block_before(text, at) {
            Some(block) => at = block,
            None => break,
        }
    }
    at
}

/// The start of the line of a `/** .. */` block that ends right before `end` (blanks between) and
/// starts its line.
fn doc_block_before(text: &str, end: usize) -> Option<usize> {
    let before = text[..end].trim_end();
    let open = before.strip_suffix("*/")?.rfind("/*")?;
    let line = text[..open].rfind('\n').map_or(0, |i| i + 1);
    (text[open..].starts_with("/**") && text[line..open].trim().is_empty()).then_some(line)
}

/// 1-based, from the memoized line index: no scan of the text before `offset`.
fn line_number(db: &RootDatabase, file: FileId, offset: TextSize) -> usize {
    crate::navigation::line_index(db, file)
        .line_col(offset)
        .line as usize
        + 1
}

#[cfg(test)]
mod tests;
