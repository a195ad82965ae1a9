//! The check the `analysis` fuzz target (`fuzz/fuzz_targets/analysis.rs`) runs on arbitrary bytes: one
//! file through item trees, bodies, binding and the navigation queries. Here so that the committed corpus
//! and every crash the fuzzer found replay on stable in `cargo test` (`src/tests/fuzz_corpus.rs`).

use std::{cell::RefCell, sync::Arc};

use hir::{Change, FileId, ProjectData, ProjectGraph};

use crate::{AnalysisHost, TextSize};

pub use syntax::fuzz::replay_corpus;

/// At most this many positions are asked for the symbol there, so one input stays fast to check.
const POSITIONS: usize = 64;

/// Analyses `data` (decoded as a loader does) as the one file of a project referencing the .NET
/// Framework surface: nothing may panic or come back cancelled. The host persists between inputs (its library index is built once), as a server's does.
pub fn check_analysis(data: &[u8]) {
    thread_local! {
        static HOST: RefCell<Option<AnalysisHost>> = const { RefCell::new(None) };
    }
    let file = FileId(0);
    let text: Arc<str> = String::from_utf8_lossy(data).into();
    HOST.with_borrow_mut(|host| {
        let host = host.get_or_insert_with(|| {
            let mut host = AnalysisHost::new();
            host.apply_change(Change {
                files: vec![(file, Some(Arc::from("")))],
                project_graph: Some(ProjectGraph {
                    projects: vec![ProjectData {
                        name: "Fuzz".into(),
                        assembly_name: "Fuzz".into(),
                        root_namespace: "Fuzz".into(),
                        files: vec![file],
                        ..ProjectData::default()
                    }],
                }),
                libraries: Some(hir::Libraries::shared(builtin_surface::assemblies(
                    builtin_surface::Flavor::NetFx,
                ))),
            });
            host
        });
        host.apply_change(Change {
            files: vec![(file, Some(text.clone()))],
            ..Change::default()
        });
        query_everything(host, file, &text);
    });
}

fn query_everything(host: &AnalysisHost, file: FileId, text: &str) {
    let analysis = host.analysis();
    let not_cancelled = "nothing cancels a fuzz query";
    analysis.prime_file(file).expect(not_cancelled);
    analysis.prime_call_sites(file).expect(not_cancelled);
    analysis.binding_counts(file).expect(not_cancelled);
    analysis.unaccounted_sites(file).expect(not_cancelled);
    analysis.prime_symbol_index().expect(not_cancelled);
    // The start of every word, up to `POSITIONS` of them.
    let starts = text
        .char_indices()
        .filter(|&(i, c)| {
            c.is_alphabetic() && !text[..i].ends_with(|p: char| p.is_alphanumeric() || p == '_')
        })
        .map(|(i, _)| i)
        .take(POSITIONS);
    for start in starts {
        let offset = TextSize::from(start as u32);
        let Some(symbol) = analysis.symbol_at(file, offset).expect(not_cancelled) else {
            continue;
        };
        if symbol.kind.is_type() {
            analysis
                .type_hierarchy_including_external(&symbol.key)
                .expect(not_cancelled);
        } else {
            analysis.incoming_calls(&symbol.key).expect(not_cancelled);
            analysis
                .outgoing_calls(&symbol.key, 3, 100)
                .expect(not_cancelled);
        }
    }
}
