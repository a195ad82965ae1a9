//! The real file system, for the server.

use std::{fs, io, path::Path};

use crate::{DirEntry, FileSystem};

#[derive(Clone, Copy, Debug, Default)]
pub struct OsFs;

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
            // `metadata` follows symbolic links, so a linked folder is walked like a real one.
            let is_dir = fs::metadata(entry.path()).is_ok_and(|meta| meta.is_dir());
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
