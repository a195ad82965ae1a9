//! Lexical path handling. Project files written on Windows use `\`, so every path taken from a
//! project or solution goes through [`join`], which accepts both separators.

use std::path::{Component, Path, PathBuf};

use crate::FileSystem;

/// Removes `.` and resolves `..` without touching the file system.
pub(crate) fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::Prefix(_) | Component::RootDir => out.push(component.as_os_str()),
            Component::CurDir => {}
            Component::ParentDir => match out.components().next_back() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                Some(Component::ParentDir | Component::CurDir) | None => out.push(".."),
            },
            Component::Normal(name) => out.push(name),
        }
    }
    out
}

/// `rel` (with either separator, relative or absolute) resolved against `base`.
pub(crate) fn join(base: &Path, rel: &str) -> PathBuf {
    normalize(&base.join(rel.replace('\\', "/")))
}

/// Whether an MSBuild path value ends in a separator.
pub(crate) fn has_trailing_slash(path: &str) -> bool {
    path.ends_with('/') || path.ends_with('\\')
}

/// The directory of a file, as MSBuild writes `$(MSBuildThisFileDirectory)`: with a trailing
/// separator.
pub(crate) fn dir_with_slash(file: &Path) -> String {
    let mut dir = parent(file).to_string_lossy().into_owned();
    if !has_trailing_slash(&dir) {
        dir.push('/');
    }
    dir
}

pub(crate) fn parent(path: &Path) -> &Path {
    path.parent().unwrap_or(path)
}

pub(crate) fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default()
}

pub(crate) fn file_stem(path: &Path) -> String {
    path.file_stem()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The extension, lower-cased, without the dot.
pub(crate) fn extension(path: &Path) -> String {
    path.extension()
        .map(|ext| ext.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default()
}

/// `path` relative to `root`, with `/` separators and `..` where it lies outside.
pub(crate) fn relative(path: &Path, root: &Path) -> String {
    let path: Vec<_> = path.components().collect();
    let root: Vec<_> = root.components().collect();
    let common = path.iter().zip(&root).take_while(|(a, b)| a == b).count();
    let ups = std::iter::repeat_n("..".to_owned(), root.len() - common);
    let downs = path[common..]
        .iter()
        .map(|c| c.as_os_str().to_string_lossy().into_owned());
    let parts: Vec<String> = ups.chain(downs).collect();
    if parts.is_empty() {
        ".".to_owned()
    } else {
        parts.join("/")
    }
}

/// Solutions written on Windows often disagree with the disk on letter case; where the exact path
/// does not exist, this finds the file that differs only in case.
pub(crate) fn find_file_ignoring_case(fs: &dyn FileSystem, path: &Path) -> PathBuf {
    if fs.is_file(path) {
        return path.to_path_buf();
    }
    let mut found = PathBuf::new();
    for component in path.components() {
        let Component::Normal(name) = component else {
            found.push(component.as_os_str());
            continue;
        };
        let exact = found.join(name);
        if fs.is_file(&exact) || fs.is_dir(&exact) {
            found = exact;
            continue;
        }
        let name = name.to_string_lossy();
        let entries = fs.read_dir(&found).unwrap_or_default();
        match entries
            .iter()
            .find(|entry| entry.name.eq_ignore_ascii_case(&name))
        {
            Some(entry) => found.push(&entry.name),
            None => return path.to_path_buf(),
        }
    }
    found
}
