//! Directory listings read once per workspace load: reference resolution asks the same
//! questions (which versions of a package, which files in a pack) for every project, and a
//! listing answers both "is there a file" and "which file matches ignoring case".

use std::{
    cell::RefCell,
    path::{Path, PathBuf},
    rc::Rc,
};

use rustc_hash::FxHashMap;

use crate::{DirEntry, FileSystem};

pub(crate) struct Listings<'a> {
    fs: &'a dyn FileSystem,
    cache: RefCell<FxHashMap<PathBuf, Rc<[DirEntry]>>>,
}

impl<'a> Listings<'a> {
    pub(crate) fn new(fs: &'a dyn FileSystem) -> Listings<'a> {
        Listings {
            fs,
            cache: RefCell::default(),
        }
    }

    pub(crate) fn fs(&self) -> &'a dyn FileSystem {
        self.fs
    }

    /// The entries of `dir`, sorted by name; empty if it does not exist.
    pub(crate) fn entries(&self, dir: &Path) -> Rc<[DirEntry]> {
        if let Some(entries) = self.cache.borrow().get(dir) {
            return entries.clone();
        }
        let mut entries = self.fs.read_dir(dir).unwrap_or_default();
        entries.sort();
        let entries: Rc<[DirEntry]> = entries.into();
        self.cache
            .borrow_mut()
            .insert(dir.to_path_buf(), entries.clone());
        entries
    }

    /// The names of the sub-folders of `dir`, sorted.
    pub(crate) fn dirs(&self, dir: &Path) -> Vec<String> {
        self.entries(dir)
            .iter()
            .filter(|e| e.is_dir)
            .map(|e| e.name.clone())
            .collect()
    }

    pub(crate) fn is_dir(&self, path: &Path) -> bool {
        self.child(path, true).is_some()
    }

    pub(crate) fn is_file(&self, path: &Path) -> bool {
        self.child(path, false).is_some()
    }

    /// `dir/name` with the name as the disk spells it, matching `name` ignoring ASCII case (an
    /// exact match wins); a folder when `want_dir`, else a file.
    pub(crate) fn find(&self, dir: &Path, name: &str, want_dir: bool) -> Option<PathBuf> {
        let entries = self.entries(dir);
        let candidates = || entries.iter().filter(|e| e.is_dir == want_dir);
        let found = candidates()
            .find(|e| e.name == name)
            .or_else(|| candidates().find(|e| e.name.eq_ignore_ascii_case(name)))?;
        Some(dir.join(&found.name))
    }

    /// Like [`Listings::find`] along every component of `rel` under `base`.
    pub(crate) fn find_path(&self, base: &Path, rel: &Path, want_dir: bool) -> Option<PathBuf> {
        let parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let (last, dirs) = parts.split_last()?;
        let mut path = base.to_path_buf();
        for dir in dirs {
            path = self.find(&path, dir, true)?;
        }
        self.find(&path, last, want_dir)
    }

    /// The assembly files (`.dll`, `.exe`, `.winmd`) directly in `dir`, sorted by name.
    pub(crate) fn assemblies(&self, dir: &Path) -> Vec<PathBuf> {
        self.entries(dir)
            .iter()
            .filter(|e| !e.is_dir && is_assembly_name(&e.name))
            .map(|e| dir.join(&e.name))
            .collect()
    }

    fn child(&self, path: &Path, want_dir: bool) -> Option<()> {
        let dir = path.parent()?;
        let name = path.file_name()?.to_string_lossy();
        self.entries(dir)
            .iter()
            .any(|e| e.is_dir == want_dir && e.name == name)
            .then_some(())
    }
}

/// NuGet's assembly extensions.
fn is_assembly_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [".dll", ".exe", ".winmd"]
        .iter()
        .any(|ext| lower.ends_with(ext))
}
