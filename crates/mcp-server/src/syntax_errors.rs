//! A file's syntax errors as people read them (`path:line: message`), for `csnav load` and
//! `csnav stats`.

use ide::{Analysis, Cancellable, FileId};

use crate::{options::PathStyle, workspace::World};

/// The file's syntax errors, each `path:line: message` with the path relative to the workspace.
pub(crate) fn file_errors(
    analysis: &Analysis,
    world: &World,
    file: FileId,
) -> Cancellable<Vec<String>> {
    let errors = analysis.parse_errors(file)?;
    if errors.is_empty() {
        return Ok(Vec::new());
    }
    let index = analysis.file_line_index(file)?;
    let path = world.root.display(world.path(file), PathStyle::Relative);
    Ok(errors
        .into_iter()
        .map(|error| {
            let offset = error.range.start().min(index.len());
            let line = index.line_col(offset).line + 1;
            format!("{path}:{line}: {}", error.message)
        })
        .collect())
}
