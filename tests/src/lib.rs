//! Helpers shared by the integration tests: loading the oracle corpus and reading its ground truth, and
//! comparing csnav with the oracle (also used by `cargo xtask oracle-compare`).

pub mod oracle;

use std::{
    path::{Path, PathBuf},
    sync::Arc,
};

use ide::{AnalysisHost, Change, Defines, FileId, ProjectData, ProjectGraph};

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
/// the order of `files`.
pub fn load_files(
    dir: &Path,
    files: &[String],
    project: &str,
    defines: Defines,
) -> std::io::Result<AnalysisHost> {
    let mut texts = Vec::new();
    for (i, rel) in files.iter().enumerate() {
        let bytes = std::fs::read(dir.join(rel))
            .map_err(|e| std::io::Error::new(e.kind(), format!("{rel}: {e}")))?;
        let text = project_model::source_text::decode(&bytes);
        texts.push((FileId(i as u32), Some(Arc::<str>::from(text))));
    }
    let data = ProjectData {
        name: project.into(),
        assembly_name: project.into(),
        root_namespace: project.into(),
        defines,
        files: (0..files.len()).map(|i| FileId(i as u32)).collect(),
        ..ProjectData::default()
    };
    let mut host = AnalysisHost::new();
    host.apply_change(Change {
        files: texts,
        project_graph: Some(ProjectGraph {
            projects: vec![data],
        }),
        // The corpora compile against the .NET Framework: the built-in surface is its real API.
        libraries: Some(ide::Libraries::shared(builtin_surface::assemblies(
            builtin_surface::Flavor::NetFx,
        ))),
    });
    Ok(host)
}

/// The oracle's JSON for the corpus.
pub fn corpus_oracle() -> serde_json::Value {
    let path = project_root().join("tests/fixtures/corpus.oracle.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {}: {e}", path.display()))
}
