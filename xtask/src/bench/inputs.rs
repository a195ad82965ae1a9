//! What is measured: the project model of the target and the text of every file it compiles.

use std::{
    collections::HashMap,
    path::{Path, PathBuf},
    sync::Arc,
    time::Duration,
};

use anyhow::{Context, Result};
use ide::{FileId, ProjectGraph};
use project_model::{OsFs, Workspace};
use syntax::Defines;

pub(crate) struct Inputs {
    pub(crate) target: PathBuf,
    pub(crate) workspace: Arc<Workspace>,
    /// `project_model::load_workspace`, best of the runs.
    pub(crate) load_time: Duration,
    /// Each file once, `files[i]` being `FileId(i)`: the ids the loader gives (in the order the
    /// projects list the files).
    pub(crate) files: Vec<SourceFile>,
    /// The loader's project graph over those ids.
    pub(crate) graph: ProjectGraph,
    /// Files the model listed that could not be read (kept, empty, so ids stay indices).
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
        // The server's loader: file ids, texts and the project graph as a load gives them.
        let model = load_workspace::Model::new(target.to_path_buf(), workspace);
        let mut vfs = load_workspace::Vfs::default();
        let sources = load_workspace::read_sources(&model.workspace, &model.root, &mut vfs);
        let graph = sources
            .change
            .project_graph
            .context("the loader gives a project graph")?;
        let mut defines: HashMap<FileId, &Defines> = HashMap::new();
        for project in &graph.projects {
            for &file in &project.files {
                defines.entry(file).or_insert(&project.defines);
            }
        }
        let mut files = Vec::with_capacity(sources.change.files.len());
        let mut unreadable = 0;
        for (index, (id, text)) in sources.change.files.into_iter().enumerate() {
            // A fresh `Vfs` hands out ids in order, one per file read.
            anyhow::ensure!(id.0 as usize == index, "file ids are dense");
            let text = text.unwrap_or_else(|| {
                unreadable += 1;
                Arc::from("")
            });
            files.push(SourceFile {
                path: vfs.path(id).to_path_buf(),
                text,
                defines: defines
                    .get(&id)
                    .map_or_else(Defines::default, |d| (*d).clone()),
            });
        }
        let bytes = files.iter().map(|f| f.text.len() as u64).sum();
        let lines = files.iter().map(|f| f.text.lines().count()).sum();
        Ok(Inputs {
            target: target.to_path_buf(),
            workspace: model.workspace,
            load_time,
            files,
            graph,
            unreadable,
            bytes,
            lines,
        })
    }

    pub(crate) fn megabytes(&self) -> f64 {
        self.bytes as f64 / 1e6
    }
}
