//! The real file system, for the server.

use std::{fs, io, path::Path};

use crate::{DirEntry, FileSystem};

#[derive(Clone, Copy, Debug, Default)]
pub struct OsFs;

/// Whether the linked folder `link` (an entry of `dir`) resolves to `dir` or one of the folders the
/// walk went through to reach it: compared after resolving links, so loops through several links
/// (`a/x -> b`, `b/y -> a`) are caught too.
fn loops(dir: &Path, link: &Path) -> bool {
    let Ok(target) = fs::canonicalize(link) else {
        return true;
    };
    dir.ancestors()
        .any(|ancestor| fs::canonicalize(ancestor).is_ok_and(|real| real == target))
}

impl FileSystem for OsFs {
    fn read_to_string(&self, path: &Path) -> io::Result<String> {
        // Project files written by old Windows tools are not always valid UTF-8; a replaced
        // character in a comment is better than an unloadable project.
        Ok(String::from_utf8_lossy(&fs::read(path)?).into_owned())
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<DirEntry>> {
        let mut entries = Vec::new();
        for entry in fs::read_dir(path)? {
            let entry = entry?;
            let Ok(name) = entry.file_name().into_string() else {
                continue;
            };
            // `metadata` follows symbolic links, so a linked folder is walked like a real one,
            // unless it leads back to a folder the walk is inside: that would never end.
            let is_dir = fs::metadata(entry.path()).is_ok_and(|meta| meta.is_dir());
            if is_dir
                && entry.file_type().is_ok_and(|t| t.is_symlink())
                && loops(path, &entry.path())
            {
                continue;
            }
            entries.push(DirEntry { name, is_dir });
        }
        Ok(entries)
    }

    fn is_file(&self, path: &Path) -> bool {
        path.is_file()
    }

    fn is_dir(&self, path: &Path) -> bool {
        path.is_dir()
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn linked_folders_that_loop_are_not_walked() {
        let root = std::env::temp_dir().join(format!("csnav-osfs-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        fs::create_dir_all(root.join("a")).unwrap();
        fs::create_dir_all(root.join("b")).unwrap();
        fs::write(root.join("a/A.cs"), "class A {}").unwrap();
        std::os::unix::fs::symlink(&root, root.join("a/up")).unwrap();
        std::os::unix::fs::symlink(root.join("b"), root.join("a/x")).unwrap();
        std::os::unix::fs::symlink(root.join("a"), root.join("b/y")).unwrap();
        let names = |dir: &Path| {
            let mut entries: Vec<_> = OsFs.read_dir(dir).unwrap();
            entries.sort();
            entries
                .into_iter()
                .map(|e| format!("{}{}", e.name, if e.is_dir { "/" } else { "" }))
                .collect::<Vec<_>>()
        };
        // `x` leads to a sibling folder: walked. `up` leads back to the root: not walked.
        assert_eq!(names(&root.join("a")), ["A.cs", "x/"]);
        // Through `x`, `y` leads back to `a`, which the walk is inside.
        assert_eq!(names(&root.join("a/x")), Vec::<String>::new());
        fs::remove_dir_all(&root).unwrap();
    }
}
