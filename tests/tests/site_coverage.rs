//! The coverage invariant over the fixture corpora: every invocation, member access and object
//! creation whose name is a source callable's is bound or listed unresolved
//! (`Analysis::unaccounted_sites`).

use std::{collections::BTreeMap, path::PathBuf, sync::Arc};

use ide::{AnalysisHost, Change, FileId, ProjectGraph};

fn assert_every_site_accounted(host: &AnalysisHost, files: &[String], what: &str) {
    let analysis = host.analysis();
    let mut missing = Vec::new();
    for (i, path) in files.iter().enumerate() {
        let file = FileId(i as u32);
        let index = analysis.file_line_index(file).expect("not cancelled");
        for site in analysis.unaccounted_sites(file).expect("not cancelled") {
            let line = index.line_col(site.range.start()).line + 1;
            missing.push(format!("{path}:{line}: {}", site.name));
        }
    }
    assert!(
        missing.is_empty(),
        "{} sites of {what} neither bound nor unresolved:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

/// The example solution with its projects as the project model reads them (global usings, references).
fn load_examples() -> (AnalysisHost, Vec<String>) {
    let root = tests::project_root().join("examples");
    let model = project_model::load_workspace(&project_model::OsFs, &root);
    let mut ids: BTreeMap<PathBuf, FileId> = BTreeMap::new();
    let mut projects = Vec::new();
    for project in &model.projects {
        let files = project
            .files
            .iter()
            .map(|path| {
                let next = FileId(ids.len() as u32);
                *ids.entry(path.clone()).or_insert(next)
            })
            .collect();
        projects.push(mcp_server::project_data(project, files));
    }
    let mut paths = vec![String::new(); ids.len()];
    let mut texts = Vec::new();
    for (path, id) in &ids {
        let text = std::fs::read_to_string(path).expect("readable example file");
        texts.push((*id, Some(Arc::<str>::from(text))));
        paths[id.0 as usize] = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .to_string_lossy()
            .into_owned();
    }
    let mut host = AnalysisHost::new();
    host.apply_change(Change {
        files: texts,
        project_graph: Some(ProjectGraph { projects }),
        libraries: Some(ide::Libraries::shared(ide::builtin_surface(
            ide::SurfaceFlavor::NetFx,
        ))),
    });
    (host, paths)
}

#[test]
fn every_site_of_the_oracle_corpus_is_bound_or_unresolved() {
    let (host, files) = tests::load_folder(&tests::corpus_dir(), "Corpus");
    assert_every_site_accounted(&host, &files, "the corpus");
}

#[test]
fn every_site_of_the_example_solution_is_bound_or_unresolved() {
    let (host, files) = load_examples();
    assert!(!files.is_empty());
    assert_every_site_accounted(&host, &files, "the example solution");
}
