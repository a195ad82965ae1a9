//! The file system seen by the loader: the OS in the server, memory in tests.

use std::{
    collections::{BTreeMap, btree_map},
    io,
    path::{Path, PathBuf},
};

use crate::paths::normalize;

pub trait FileSystem {
    fn read_to_string(&self, path: &Path) -> io::Result<String>;
    /// The entries of a directory, in no particular order.
    fn read_dir(&self, path: &Path) -> io::Result<Vec<DirEntry>>;
    fn is_file(&self, path: &Path) -> bool;
    fn is_dir(&self, path: &Path) -> bool;
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct DirEntry {
    pub name: String,
    pub is_dir: bool,
}

/// Files in memory; directories exist as long as they contain a file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoryFs {
    files: BTreeMap<PathBuf, String>,
}

impl MemoryFs {
    pub fn new() -> MemoryFs {
        MemoryFs::default()
    }

    /// Builds a file system from a multi-file fixture: each file starts with a `//- /abs/path`
    /// line and runs to the next one. The fixture's common indentation is removed first, so
    /// fixtures can be indented like the code around them.
    pub fn from_fixture(fixture: &str) -> MemoryFs {
        let mut fs = MemoryFs::new();
        let mut current: Option<(PathBuf, String)> = None;
        for line in trim_indent(fixture).lines() {
            if let Some(header) = line.strip_prefix("//- ") {
                fs.extend(current.take());
                let path = header.split_whitespace().next().unwrap_or_default();
                current = Some((PathBuf::from(path), String::new()));
            } else if let Some((_, text)) = &mut current {
                text.push_str(line);
                text.push('\n');
            }
        }
        fs.extend(current);
        fs
    }

    pub fn insert(&mut self, path: impl AsRef<Path>, text: impl Into<String>) {
        self.files.insert(normalize(path.as_ref()), text.into());
    }

    /// Paths strictly below `dir`, in order.
    fn below<'a>(&'a self, dir: &'a Path) -> impl Iterator<Item = &'a Path> + 'a {
        let range: btree_map::Range<'a, PathBuf, String> = self.files.range(dir.to_path_buf()..);
        range
            .map(|(path, _)| path.as_path())
            .take_while(move |path| path.starts_with(dir))
            .filter(move |path| *path != dir)
    }
}

impl Extend<(PathBuf, String)> for MemoryFs {
    fn extend<T: IntoIterator<Item = (PathBuf, String)>>(&mut self, iter: T) {
        for (path, text) in iter {
            self.insert(path, text);
        }
    }
}

impl FileSystem for MemoryFs {
    fn read_to_string(&self, path: &Path) -> io::Result<String> {
        self.files
            .get(path)
            .cloned()
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "file not found"))
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<DirEntry>> {
        let mut entries: BTreeMap<String, bool> = BTreeMap::new();
        for below in self.below(path) {
            let mut rest = below
                .strip_prefix(path)
                .into_iter()
                .flat_map(Path::components);
            if let Some(first) = rest.next() {
                let name = first.as_os_str().to_string_lossy().into_owned();
                let is_dir = rest.next().is_some();
                *entries.entry(name).or_default() |= is_dir;
            }
        }
        if entries.is_empty() && !self.is_dir(path) {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                "directory not found",
            ));
        }
        Ok(entries
            .into_iter()
            .map(|(name, is_dir)| DirEntry { name, is_dir })
            .collect())
    }

    fn is_file(&self, path: &Path) -> bool {
        self.files.contains_key(path)
    }

    fn is_dir(&self, path: &Path) -> bool {
        self.below(path).next().is_some()
    }
}

fn trim_indent(text: &str) -> String {
    let text = text.strip_prefix('\n').unwrap_or(text);
    let indent = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.len() - line.trim_start().len())
        .min()
        .unwrap_or(0);
    text.lines()
        .map(|line| line.get(indent..).unwrap_or_else(|| line.trim_start()))
        .fold(String::new(), |mut acc, line| {
            acc.push_str(line);
            acc.push('\n');
            acc
        })
}
