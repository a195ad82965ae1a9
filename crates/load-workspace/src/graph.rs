//! From the project model to the analysis's project graph: files get ids in the [`Vfs`], projects
//! become [`ProjectData`]. A file outside the workspace root gets no id; it is a load problem.

use std::path::{Component, Path, PathBuf};

use ide::{FileId, GlobalUsing, ProjectData, ProjectGraph, ProjectId};
use project_model::{LoadProblem, Project, Workspace};

use crate::Vfs;

/// The inputs one project model gives, ready for a `Change`.
pub struct Inputs {
    pub graph: ProjectGraph,
    /// Every file of every project, deduplicated, in id order.
    pub files: Vec<FileId>,
    /// Files the model listed that csnav will not read (outside the root).
    pub problems: Vec<LoadProblem>,
}

/// `root` is canonical; a file counts as inside when its canonical path is below it, so a symlink out
/// of the workspace does not smuggle a file in. Files get ids in the order the projects list them.
pub fn inputs(model: &Workspace, root: &Path, vfs: &mut Vfs) -> Inputs {
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
    let normalized = normalize(path)?;
    if !normalized.starts_with(root) {
        return None;
    }
    match std::fs::canonicalize(&normalized) {
        Ok(real) if !real.starts_with(root) => None,
        _ => Some(normalized),
    }
}

/// `path` without `.` and `..` segments, lexically; `None` when a `..` would climb above its start
/// (above the root, or out of a relative path).
pub fn normalize(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() || out.as_os_str().is_empty() {
                    return None;
                }
            }
            other => out.push(other),
        }
    }
    Some(out)
}
