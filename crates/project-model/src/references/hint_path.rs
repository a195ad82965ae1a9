//! `Reference` items that point at a file: a `HintPath` (`..\packages\X.1.0\lib\net45\X.dll` of
//! a `packages.config` project) or an `Include` naming the file. As MSBuild's
//! `ResolveAssemblyReference`, a hint path that does not exist is not an error by itself: the
//! name is then looked for in the framework, and only reported when it is not there either.

use std::path::PathBuf;

use crate::{
    paths::find_file_ignoring_case,
    references::{inputs::AssemblyRequest, listing::Listings},
};

pub(crate) enum Located {
    File(PathBuf),
    /// To be found by name; with the reason to give if it is not (a hint path that was wrong).
    ByName(Option<String>),
    /// An `Include` naming a file that does not exist.
    Missing(String),
}

pub(crate) fn locate(listings: &Listings<'_>, request: &AssemblyRequest) -> Located {
    let exists = |path: &PathBuf| {
        if listings.is_file(path) {
            return Some(path.clone());
        }
        // Hint paths written on Windows often disagree with the disk on letter case.
        let found = find_file_ignoring_case(listings.fs(), path);
        listings.is_file(&found).then_some(found)
    };
    if let Some(file) = &request.file {
        return match exists(file) {
            Some(found) => Located::File(found),
            None => Located::Missing(format!("{} does not exist", file.display())),
        };
    }
    let Some(hint) = &request.hint_path else {
        return Located::ByName(None);
    };
    match exists(hint) {
        Some(found) => Located::File(found),
        None => Located::ByName(Some(format!(
            "HintPath {} does not exist (packages not restored?)",
            request.hint_text.as_deref().unwrap_or_default()
        ))),
    }
}
