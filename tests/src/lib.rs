//! Helpers shared by the integration tests: loading the oracle corpus and reading its ground truth, and
//! comparing csnav with the oracle (also used by `cargo xtask oracle-compare`).

pub mod oracle;

use std::path::{Path, PathBuf};

use ide::{AnalysisHost, Defines};
use project_model::{Project, ProjectKind, Workspace, WorkspaceKind};

/// The root of the repository.
pub fn project_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

/// The C# 7.3 corpus compiled by the oracle: `tests/fixtures/corpus`.
pub fn corpus_dir() -> PathBuf {
    project_root().join("tests/fixtures/corpus")
}

/// Every `.cs` file under `dir`, sorted, relative to `dir` with `/` separators.
pub fn cs_files(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, base, out);
            } else if path.extension().is_some_and(|e| e == "cs")
                && let Ok(rel) = path.strip_prefix(base)
            {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// A host with every `.cs` file of `dir` as one project, the way the oracle compiled them. File ids
/// follow the returned paths' order.
pub fn load_folder(dir: &Path, project: &str) -> (AnalysisHost, Vec<String>) {
    let files = cs_files(dir);
    let host = load_files(dir, &files, project, Defines::new(["TRACE", "DEBUG"]))
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
    (host, files)
}

/// A host with `files` (relative to `dir`) as one project compiled with `defines`; file ids follow
/// the order of `files`. The project names no framework, so it compiles against the built-in .NET
/// Framework surface, as the oracle compiled the corpora.
pub fn load_files(
    dir: &Path,
    files: &[String],
    project: &str,
    defines: Defines,
) -> std::io::Result<AnalysisHost> {
    let dir = std::fs::canonicalize(dir)?;
    let project = Project {
        name: project.into(),
        path: None,
        dir: dir.clone(),
        kind: ProjectKind::Implicit,
        assembly_name: project.into(),
        root_namespace: project.into(),
        target_frameworks: Vec::new(),
        active_target_framework: None,
        lang_version: None,
        defines: defines.iter().map(Into::into).collect(),
        global_usings: Vec::new(),
        nullable: None,
        files: files.iter().map(|rel| dir.join(rel)).collect(),
        project_references: Vec::new(),
        package_project_references: Vec::new(),
        references: Default::default(),
    };
    let model = Workspace {
        root: dir.clone(),
        kind: WorkspaceKind::Folder,
        projects: vec![project],
        problems: Vec::new(),
    };
    let loaded = load_workspace::Model::new(dir, model).into_analysis()?;
    if let Some(problem) = loaded.problems.first() {
        return Err(std::io::Error::other(format!(
            "{}: {}",
            problem.path.display(),
            problem.message
        )));
    }
    if let Some(&file) = loaded.unread.first() {
        let path = loaded.vfs.path(file).display().to_string();
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("{path}: not read"),
        ));
    }
    Ok(loaded.host)
}

/// The oracle's JSON for the corpus.
pub fn corpus_oracle() -> serde_json::Value {
    let path = project_root().join("tests/fixtures/corpus.oracle.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {}: {e}", path.display()))
}
