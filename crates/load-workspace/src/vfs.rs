//! The one table between paths and [`FileId`]s. An id, once handed out, keeps its path for the life of
//! the process, so a file deleted and re-created gets its old id (and its salsa input) back.

use std::{
    collections::HashMap,
    path::{Path, PathBuf},
};

use ide::FileId;

#[derive(Clone, Debug, Default)]
pub struct Vfs {
    paths: Vec<PathBuf>,
    ids: HashMap<PathBuf, FileId>,
}

impl Vfs {
    pub fn intern(&mut self, path: &Path) -> FileId {
        if let Some(&id) = self.ids.get(path) {
            return id;
        }
        let id = FileId(self.paths.len() as u32);
        self.paths.push(path.to_path_buf());
        self.ids.insert(path.to_path_buf(), id);
        id
    }

    pub fn file_id(&self, path: &Path) -> Option<FileId> {
        self.ids.get(path).copied()
    }

    pub fn path(&self, id: FileId) -> &Path {
        self.paths
            .get(id.0 as usize)
            .map_or(Path::new(""), PathBuf::as_path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_stable() {
        let mut vfs = Vfs::default();
        let a = vfs.intern(Path::new("/ws/A.cs"));
        let b = vfs.intern(Path::new("/ws/B.cs"));
        assert_ne!(a, b);
        assert_eq!(vfs.intern(Path::new("/ws/A.cs")), a);
        assert_eq!(vfs.file_id(Path::new("/ws/B.cs")), Some(b));
        assert_eq!(vfs.path(b), Path::new("/ws/B.cs"));
        assert_eq!(vfs.file_id(Path::new("/ws/C.cs")), None);
    }
}
