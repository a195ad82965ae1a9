//! Symbols and positions as tools report them: 1-based lines, 1-based columns counted in characters.

use std::sync::Arc;

use ide::{Cancellable, FileId, LineIndex, SymbolInfo, SymbolOrigin, TextSize};
use serde_json::{Value, json};

use super::{Call, kind};
use crate::symbol_key;

pub(crate) fn key_of(info: &SymbolInfo) -> String {
    symbol_key::encode(&info.key.project, &info.key.documentation_id)
}

/// `name`, `fullName`, `kind`, `symbolKey`; the first declaration's `filePath`, `lineNumber`,
/// `column`, or for a library symbol `isExternal` and `assemblyName`; with `full` detail also
/// `documentationId` and `projectName`.
pub(crate) fn to_json(call: &Call<'_>, info: &SymbolInfo) -> Cancellable<Value> {
    let mut object = json!({
        "name": info.name.as_str(),
        "fullName": info.full_name,
        "kind": kind::name(info.kind),
        "symbolKey": key_of(info),
    });
    if let SymbolOrigin::Library { assembly } = &info.origin {
        object["isExternal"] = json!(true);
        object["assemblyName"] = json!(assembly.as_str());
    }
    if let Some(declaration) = info.declarations.first() {
        let (line, column) = line_column(call, declaration.file, declaration.focus_range.start())?;
        object["filePath"] = json!(call.snapshot.world.root.display(
            call.snapshot.world.path(declaration.file),
            call.options.path_style
        ));
        object["lineNumber"] = json!(line);
        object["column"] = json!(column);
    }
    if call.options.full() {
        object["documentationId"] = json!(info.documentation_id);
        if !info.is_external() {
            object["projectName"] = json!(info.key.project.as_str());
        }
    }
    Ok(object)
}

/// 1-based line and character column of `offset`.
pub(crate) fn line_column(
    call: &Call<'_>,
    file: FileId,
    offset: TextSize,
) -> Cancellable<(usize, usize)> {
    Ok(Lines::of(call, file)?.line_column(offset))
}

/// A file's text with its memoized line index, so that a position costs a binary search and a walk
/// of one line, never a scan of the text before it (megabytes in a generated file). Cheap to clone.
#[derive(Clone)]
pub(crate) struct Lines {
    text: Arc<str>,
    index: Arc<LineIndex>,
}

impl Lines {
    pub(crate) fn of(call: &Call<'_>, file: FileId) -> Cancellable<Lines> {
        let analysis = &call.snapshot.analysis;
        Ok(Lines {
            text: analysis.file_text(file)?,
            index: analysis.file_line_index(file)?,
        })
    }

    /// 1-based line and character column of `offset` (clamped to the text).
    pub(crate) fn line_column(&self, offset: TextSize) -> (usize, usize) {
        // Inside a character, `LineIndex` has no answer: the character's start has the same line.
        let mut offset = usize::from(offset.min(self.index.len()));
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let offset = TextSize::from(offset as u32);
        let line = self.index.line_col(offset).line;
        let start = self.line_range(line).start();
        let before = self
            .text
            .get(usize::from(start)..usize::from(offset))
            .unwrap_or_default();
        (line as usize + 1, before.chars().count() + 1)
    }

    /// The text of a 1-based line without its line break; `None` past the end.
    pub(crate) fn line_text(&self, line: usize) -> Option<&str> {
        let range = self.index.line(u32::try_from(line.checked_sub(1)?).ok()?)?;
        let text = self
            .text
            .get(usize::from(range.start())..usize::from(range.end()))?;
        let text = text.strip_suffix('\n').unwrap_or(text);
        Some(text.strip_suffix('\r').unwrap_or(text))
    }

    /// The offset of a 1-based line and character column; `Err` says what is out of range.
    pub(crate) fn offset_of(&self, line: usize, column: usize) -> Result<TextSize, String> {
        let Some(content) = self.line_text(line) else {
            let line_count = self.index.line_col(self.index.len()).line + 1;
            return Err(format!(
                "line {line} is past the end of the file ({line_count} lines)"
            ));
        };
        let chars = content.chars().count();
        if column == 0 || column > chars + 1 {
            return Err(format!(
                "column {column} is outside line {line}, which has {chars} characters"
            ));
        }
        let line_start = content.as_ptr() as usize - self.text.as_ptr() as usize;
        let within: usize = content.chars().take(column - 1).map(char::len_utf8).sum();
        Ok(TextSize::from((line_start + within) as u32))
    }

    fn line_range(&self, line: u32) -> ide::TextRange {
        self.index
            .line(line)
            .unwrap_or_else(|| ide::TextRange::empty(self.index.len()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_not_bytes_or_utf16_units() {
        let text = "class A {}\r\n// é😀 x\nclass B";
        let x = text.find('x').unwrap();
        let lines = Lines {
            text: Arc::from(text),
            index: Arc::new(LineIndex::new(text)),
        };
        let offset_of = |line, column| lines.offset_of(line, column);
        assert_eq!(lines.line_column(TextSize::from(x as u32)), (2, 7));
        assert_eq!(lines.line_column(TextSize::from(0)), (1, 1));
        assert_eq!(lines.line_column(TextSize::from(999)), (3, 8));
        let in_emoji = text.find('😀').unwrap() + 1;
        assert_eq!(lines.line_column(TextSize::from(in_emoji as u32)), (2, 5));
        assert_eq!(lines.line_text(1), Some("class A {}"));
        assert_eq!(lines.line_text(4), None);
        assert_eq!(offset_of(2, 7), Ok(TextSize::from(x as u32)));
        assert_eq!(offset_of(1, 1), Ok(TextSize::from(0)));
        assert_eq!(offset_of(3, 7), Ok(TextSize::from(text.len() as u32 - 1)));
        assert_eq!(
            offset_of(3, 9),
            Err("column 9 is outside line 3, which has 7 characters".to_owned())
        );
        assert_eq!(
            offset_of(4, 1),
            Err("line 4 is past the end of the file (3 lines)".to_owned())
        );
        assert_eq!(
            offset_of(0, 1),
            Err("line 0 is past the end of the file (3 lines)".to_owned())
        );
    }
}
