//! From the project model to analysis inputs: files get ids, texts are read in parallel, projects
//! become the `ProjectGraph`. Nothing outside the workspace root is read.

use std::{
    path::{Path, PathBuf},
    sync::Arc,
};

use ide::{FileId, GlobalUsing, ProjectData, ProjectGraph, ProjectId};
use project_model::{LoadProblem, Project, Workspace};
use rayon::prelude::*;

use super::vfs::Vfs;

/// The inputs one project model gives, ready for a `Change`.
pub(crate) struct Inputs {
    pub(crate) graph: ProjectGraph,
    /// Every file of every project, deduplicated, in id order.
    pub(crate) files: Vec<FileId>,
    /// Files the model listed that csnav will not read (outside the root).
    pub(crate) problems: Vec<LoadProblem>,
}

/// `root` is canonical; a file counts as inside when its canonical path is below it, so a symlink out
/// of the workspace does not smuggle a file in.
pub(crate) fn inputs(model: &Workspace, root: &Path, vfs: &mut Vfs) -> Inputs {
    let mut problems = Vec::new();
    let mut files = Vec::new();
    let mut projects = Vec::with_capacity(model.projects.len());
    for project in &model.projects {
        let mut ids = Vec::with_capacity(project.files.len());
        for path in &project.files {
            match inside(root, path) {
                Some(path) => ids.push(vfs.intern(&path)),
                None => problems.push(LoadProblem {
                    path: path.clone(),
                    message: format!(
                        "listed by project {} but outside the workspace root {}; not read",
                        project.name,
                        root.display()
                    ),
                }),
            }
        }
        files.extend_from_slice(&ids);
        projects.push(project_data(project, ids));
    }
    files.sort();
    files.dedup();
    Inputs {
        graph: ProjectGraph { projects },
        files,
        problems,
    }
}

/// What the analysis needs of a project, its files already given ids.
pub fn project_data(project: &Project, files: Vec<FileId>) -> ProjectData {
    ProjectData {
        name: project.name.clone(),
        assembly_name: project.assembly_name.clone(),
        root_namespace: project.root_namespace.clone(),
        lang_version: project.lang_version.clone(),
        defines: ide::Defines::new(project.defines.iter().cloned()),
        global_usings: project
            .global_usings
            .iter()
            .map(|u| GlobalUsing {
                target: u.namespace_or_type.clone(),
                alias: u.alias.clone(),
                is_static: u.is_static,
            })
            .collect(),
        files,
        references: project
            .project_references
            .iter()
            .filter_map(|r| r.project)
            .map(|i| ProjectId(i as u32))
            .collect(),
    }
}

fn inside(root: &Path, path: &Path) -> Option<PathBuf> {
    let normalized = crate::paths::normalize(path)?;
    if !normalized.starts_with(root) {
        return None;
    }
    match std::fs::canonicalize(&normalized) {
        Ok(real) if !real.starts_with(root) => None,
        _ => Some(normalized),
    }
}

/// Reads files in parallel; a missing or unreadable file gives `None` (no text). On the global rayon
/// pool, whose workers never wait for the workspace's owner.
pub(crate) fn read_texts(vfs: &Vfs, files: &[FileId]) -> Vec<(FileId, Option<Arc<str>>)> {
    files
        .par_iter()
        .map(|&id| (id, read_source(vfs.path(id))))
        .collect()
}

/// What tells that a file changed without reading it: its modification time and length (`None` when it
/// is gone).
pub(crate) type Stamp = Option<(std::time::SystemTime, u64)>;

/// In parallel, as [`read_texts`].
pub(crate) fn stamps(vfs: &Vfs, files: &[FileId]) -> Vec<(FileId, Stamp)> {
    files
        .par_iter()
        .map(|&id| (id, stamp(vfs.path(id))))
        .collect()
}

/// The stamps of files outside the file table (reference assemblies).
pub(crate) fn stamps_of(paths: &[&Path]) -> Vec<Stamp> {
    paths.iter().map(|p| stamp(p)).collect()
}

pub(crate) fn stamp(path: &Path) -> Stamp {
    std::fs::metadata(path)
        .ok()
        .map(|m| (m.modified().unwrap_or(std::time::UNIX_EPOCH), m.len()))
}

/// Source text as the compiler sees it (see [`project_model::source_text`]), without a byte-order
/// mark, so columns count from the first real character. Only regular files are read: a named pipe or
/// a device spelled `X.cs` would block the reader forever.
pub(crate) fn read_source(path: &Path) -> Option<Arc<str>> {
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
