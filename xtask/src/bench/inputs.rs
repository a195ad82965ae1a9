//! What is measured: the project model of the target and the text of every file it compiles.

use std::{
    collections::HashSet,
    path::{Path, PathBuf},
    sync::Arc,
    time::Duration,
};

use anyhow::Result;
use project_model::{OsFs, Workspace};
use syntax::Defines;

pub(crate) struct Inputs {
    pub(crate) target: PathBuf,
    pub(crate) workspace: Workspace,
    /// `project_model::load_workspace`, best of the runs.
    pub(crate) load_time: Duration,
    /// Each file once, in the order the projects list them.
    pub(crate) files: Vec<SourceFile>,
    /// Files the model listed that could not be read.
    pub(crate) unreadable: usize,
    pub(crate) bytes: u64,
    pub(crate) lines: usize,
}

pub(crate) struct SourceFile {
    pub(crate) path: PathBuf,
    /// As the server reads it (`load_workspace::read_source`): no byte-order mark.
    pub(crate) text: Arc<str>,
    /// Those of the first project listing the file, as in the analysis.
    pub(crate) defines: Defines,
}

impl Inputs {
    pub(crate) fn load(target: &Path, iterations: usize) -> Result<Inputs> {
        let (load_time, workspace) =
            super::best_of(iterations, || project_model::load_workspace(&OsFs, target));
        if workspace.projects.is_empty() {
            let problems: Vec<String> = workspace
                .problems
                .iter()
                .map(|p| format!("{}: {}", p.path.display(), p.message))
                .collect();
            anyhow::bail!("no project found; {}", problems.join("; "));
        }
        let mut seen = HashSet::new();
        let mut files = Vec::new();
        let mut unreadable = 0;
        for project in &workspace.projects {
            let defines = Defines::new(project.defines.iter().cloned());
            for path in &project.files {
                if !seen.insert(path) {
                    continue;
                }
                match load_workspace::read_source(path) {
                    Some(text) => files.push(SourceFile {
                        path: path.clone(),
                        text,
                        defines: defines.clone(),
                    }),
                    None => unreadable += 1,
                }
            }
        }
        let bytes = files.iter().map(|f| f.text.len() as u64).sum();
        let lines = files.iter().map(|f| f.text.lines().count()).sum();
        Ok(Inputs {
            target: target.to_path_buf(),
            workspace,
            load_time,
            files,
            unreadable,
            bytes,
            lines,
        })
    }

    pub(crate) fn megabytes(&self) -> f64 {
        self.bytes as f64 / 1e6
    }
}
