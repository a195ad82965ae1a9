//! Symbols and positions as tools report them: 1-based lines, 1-based columns counted in characters.

use ide::{Cancellable, FileId, SymbolInfo, SymbolOrigin, TextSize};
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
    let text = call.snapshot.analysis.file_text(file)?;
    Ok(line_column_in(&text, offset))
}

pub(crate) fn line_column_in(text: &str, offset: TextSize) -> (usize, usize) {
    let offset = usize::from(offset).min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    (line, before[line_start..].chars().count() + 1)
}

/// The offset of a 1-based line and character column; `Err` says what is out of range.
pub(crate) fn offset_of(text: &str, line: usize, column: usize) -> Result<TextSize, String> {
    let line_count = text.matches('\n').count() + 1;
    let Some(line_text) = text.split('\n').nth(line.wrapping_sub(1)) else {
        return Err(format!(
            "line {line} is past the end of the file ({line_count} lines)"
        ));
    };
    let line_start = line_text.as_ptr() as usize - text.as_ptr() as usize;
    let content = line_text.strip_suffix('\r').unwrap_or(line_text);
    let chars = content.chars().count();
    if column == 0 || column > chars + 1 {
        return Err(format!(
            "column {column} is outside line {line}, which has {chars} characters"
        ));
    }
    let within: usize = content.chars().take(column - 1).map(char::len_utf8).sum();
    Ok(TextSize::from((line_start + within) as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters_not_bytes_or_utf16_units() {
        let text = "class A {}\r\n// é😀 x\nclass B";
        let x = text.find('x').unwrap();
        assert_eq!(line_column_in(text, TextSize::from(x as u32)), (2, 7));
        assert_eq!(offset_of(text, 2, 7), Ok(TextSize::from(x as u32)));
        assert_eq!(offset_of(text, 1, 1), Ok(TextSize::from(0)));
        assert_eq!(
            offset_of(text, 3, 7),
            Ok(TextSize::from(text.len() as u32 - 1))
        );
        assert_eq!(
            offset_of(text, 3, 9),
            Err("column 9 is outside line 3, which has 7 characters".to_owned())
        );
        assert_eq!(
            offset_of(text, 4, 1),
            Err("line 4 is past the end of the file (3 lines)".to_owned())
        );
        assert_eq!(
            offset_of(text, 0, 1),
            Err("line 0 is past the end of the file (3 lines)".to_owned())
        );
    }
}
