//! Source texts and stamps: every file is read (or stat'ed) in parallel on the global rayon pool, as
//! the compiler reads it. Nothing outside the file table is read.

use std::{path::Path, sync::Arc};

use ide::FileId;
use rayon::prelude::*;

use crate::Vfs;

/// Reads files in parallel; a missing or unreadable file gives `None` (no text). On the global rayon
/// pool, whose workers never wait for the workspace's owner.
pub fn read_texts(vfs: &Vfs, files: &[FileId]) -> Vec<(FileId, Option<Arc<str>>)> {
    files
        .par_iter()
        .map(|&id| (id, read_source(vfs.path(id))))
        .collect()
}

/// What tells that a file changed without reading it: its modification time and length (`None` when it
/// is gone).
pub type Stamp = Option<(std::time::SystemTime, u64)>;

/// In parallel, as [`read_texts`].
pub fn stamps(vfs: &Vfs, files: &[FileId]) -> Vec<(FileId, Stamp)> {
    files
        .par_iter()
        .map(|&id| (id, stamp(vfs.path(id))))
        .collect()
}

/// The stamps of files outside the file table (reference assemblies).
pub fn stamps_of(paths: &[&Path]) -> Vec<Stamp> {
    paths.iter().map(|p| stamp(p)).collect()
}

pub fn stamp(path: &Path) -> Stamp {
    std::fs::metadata(path)
        .ok()
        .map(|m| (m.modified().unwrap_or(std::time::UNIX_EPOCH), m.len()))
}

/// Source text as the compiler sees it (see [`project_model::source_text`]), without a byte-order
/// mark, so columns count from the first real character. Only regular files are read: a named pipe or
/// a device spelled `X.cs` would block the reader forever.
pub fn read_source(path: &Path) -> Option<Arc<str>> {
    if !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let bytes = std::fs::read(path).ok()?;
    Some(Arc::from(project_model::source_text::decode(&bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bom_is_dropped_and_invalid_utf8_decoded_as_the_compiler_does() {
        let dir = std::env::temp_dir().join(format!("csnav-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("A.cs");
        std::fs::write(&path, b"\xEF\xBB\xBFclass A {} // \xFF").unwrap();
        assert_eq!(
            read_source(&path).as_deref(),
            Some("class A {} // \u{fffd}")
        );
        // Without a byte-order mark, a file that is not UTF-8 is Windows-1252.
        std::fs::write(&path, b"class A {} // \xFF").unwrap();
        assert_eq!(read_source(&path).as_deref(), Some("class A {} // \u{ff}"));
        assert_eq!(read_source(&dir.join("missing.cs")), None);
        std::fs::create_dir_all(dir.join("Folder.cs")).unwrap();
        assert_eq!(read_source(&dir.join("Folder.cs")), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
