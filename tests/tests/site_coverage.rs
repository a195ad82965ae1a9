//! The coverage invariant over the fixture corpora: every invocation, member access and object
//! creation whose name is a source callable's is bound or listed unresolved
//! (`Analysis::unaccounted_sites`).

use ide::{AnalysisHost, FileId};

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

/// The example solution as the server loads it (global usings, references, each project's framework
/// surface), without looking for reference assemblies on this machine.
fn load_examples() -> (AnalysisHost, Vec<String>) {
    let root = tests::project_root().join("examples");
    let loaded = load_workspace::load(&root, &project_model::LoadOptions::default())
        .expect("the example solution loads");
    assert_eq!(loaded.unread, [], "every example file is read");
    let paths = loaded
        .files
        .iter()
        .map(|&id| {
            let path = loaded.vfs.path(id);
            path.strip_prefix(&loaded.model.root)
                .unwrap_or(path)
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    (loaded.host, paths)
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
