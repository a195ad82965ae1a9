//! The engine end to end: a cold index (an `AnalysisHost` given every file, then the first queries),
//! warm queries, and the same queries after an edit inside one method body, which should cost next to
//! nothing.

use std::{collections::HashSet, path::Path, sync::Arc, time::Duration};

use anyhow::{Result, anyhow};
use ide::{
    Analysis, AnalysisHost, Cancellable, Change, FileId, GlobalUsing, ProjectData, ProjectGraph,
    ProjectId, SymbolKey, SymbolQuery,
};
use rayon::prelude::*;

use super::{
    best_of, inputs::Inputs, memory_kb, report::Floor, report::Report, syntax_stages::FileFacts,
    timed,
};

const SEARCH_LIMIT: usize = 50;
/// A local declared at the start of a method body: changes no signature, so no item tree.
const EDIT: &str = " int csnavBenchEdit = 0;";

pub(crate) fn measure(
    inputs: &Inputs,
    facts: &[FileFacts],
    iterations: usize,
    report: &mut Report,
) -> Result<()> {
    report.step(
        "project model load",
        inputs.load_time,
        Some(Floor::TextScan),
        format!("{} projects", inputs.workspace.projects.len()),
    );
    let queries = queries(inputs, facts);

    // Cold, on one thread: every query pays for what it is the first to need.
    let rss_before = memory_kb("VmRSS");
    let (apply, mut host) = timed(|| {
        let mut host = AnalysisHost::new();
        host.apply_change(initial_change(inputs));
        host
    });
    let analysis = host.analysis();
    let (index, hits) = timed(|| analysis.search_symbols(&queries[0]));
    let hits = cancelled(hits)?.len();
    let (symbol_at, keys) = timed(|| type_keys(&analysis, facts));
    let (keys, unresolved) = cancelled(keys)?;
    let (hierarchy, derived) = timed(|| hierarchies(&analysis, &keys));
    let derived = cancelled(derived)?;
    let cold = apply + index + symbol_at + hierarchy;
    let rss_after = memory_kb("VmRSS");

    let types = keys.len().max(1) as u32;
    report.step(
        "cold: apply_change (all files)",
        apply,
        Some(Floor::TreeSitter),
        String::new(),
    );
    report.step(
        "cold: first search_symbols",
        index,
        Some(Floor::TreeSitter),
        format!(
            "`{}`: {hits} hits; parses every file, builds the symbol index",
            queries[0].text
        ),
    );
    report.step(
        "cold: symbol_at on every type name",
        symbol_at,
        Some(Floor::TreeSitter),
        format!("{} types, {unresolved} names not resolved", keys.len()),
    );
    report.step(
        "cold: type_hierarchy of every type",
        hierarchy,
        Some(Floor::TreeSitter),
        format!(
            "{} per type; {derived} derived entries",
            per(hierarchy, types)
        ),
    );
    report.step(
        "cold end to end, 1 thread",
        cold,
        Some(Floor::TreeSitter),
        "sum of the four rows above".to_owned(),
    );
    if let (Some(before), Some(after)) = (rss_before, rss_after) {
        report.fact(format!(
            "memory held by the analysis after the cold run (VmRSS growth): {:.1} MB = {:.1}× the source size",
            after.saturating_sub(before) as f64 / 1024.0,
            after.saturating_sub(before) as f64 * 1024.0 / (inputs.megabytes() * 1e6).max(1.0)
        ));
    }

    // Warm: the same questions on the same revision.
    for query in &queries {
        let (time, hits) = best_of(iterations, || analysis.search_symbols(query));
        let hits = cancelled(hits)?.len();
        report.step(
            &format!("warm: search_symbols `{}`", query.text),
            time,
            None,
            format!("{hits} hits"),
        );
    }
    let (warm, _) = best_of(iterations, || hierarchies(&analysis, &keys));
    report.step(
        "warm: type_hierarchy of every type",
        warm,
        None,
        format!("{} per type", per(warm, types)),
    );
    drop(analysis);

    incremental(inputs, facts, &mut host, &queries, &keys, cold, report)?;
    drop(host);

    let (parallel, _) = timed(|| cold_parallel(inputs, &queries[0]));
    report.step(
        &format!("cold index, {} threads", rayon::current_num_threads()),
        parallel,
        Some(Floor::TreeSitterParallel),
        "apply_change + parse every file in parallel (as the server primes) + first search_symbols"
            .to_owned(),
    );
    Ok(())
}

/// Appends a statement to the first method body of the largest file that has one, then asks the
/// warm questions again.
fn incremental(
    inputs: &Inputs,
    facts: &[FileFacts],
    host: &mut AnalysisHost,
    queries: &[SymbolQuery],
    keys: &[SymbolKey],
    cold: Duration,
    report: &mut Report,
) -> Result<()> {
    let Some((index, offset)) = inputs
        .files
        .iter()
        .zip(facts)
        .enumerate()
        .filter_map(|(i, (file, facts))| Some((i, file.text.len(), facts.method_body?)))
        .max_by_key(|&(_, len, _)| len)
        .map(|(i, _, offset)| (i, usize::from(offset)))
    else {
        report.fact("incremental: no method with a block body to edit".to_owned());
        return Ok(());
    };
    let file = &inputs.files[index];
    let mut text = file.text.to_string();
    text.insert_str(offset, EDIT);
    let (apply, ()) = timed(|| {
        host.apply_change(Change {
            files: vec![(file_id(index), Some(Arc::from(text)))],
            project_graph: None,
        })
    });
    let analysis = host.analysis();
    let (search, result) = timed(|| {
        queries
            .iter()
            .try_for_each(|q| analysis.search_symbols(q).map(drop))
    });
    cancelled(result)?;
    let (hierarchy, result) = timed(|| hierarchies(&analysis, keys));
    cancelled(result)?;
    let total = apply + search + hierarchy;
    let name = relative(&file.path, &inputs.workspace.root);
    report.step(
        "after a body edit: apply_change",
        apply,
        None,
        format!("`{EDIT}` in {name}"),
    );
    report.step(
        "after a body edit: every search above",
        search,
        None,
        String::new(),
    );
    report.step(
        "after a body edit: type_hierarchy of every type",
        hierarchy,
        None,
        String::new(),
    );
    report.fact(format!(
        "after a one-statement edit in a method body, re-asking every search and every type hierarchy \
         took {} = {:.2}% of the cold run ({})",
        super::report::milliseconds(total),
        100.0 * total.as_secs_f64() / cold.as_secs_f64().max(f64::MIN_POSITIVE),
        super::report::milliseconds(cold)
    ));
    Ok(())
}

fn cold_parallel(inputs: &Inputs, first: &SymbolQuery) -> Result<()> {
    let mut host = AnalysisHost::new();
    host.apply_change(initial_change(inputs));
    let threads = rayon::current_num_threads();
    let snapshots: Vec<Analysis> = (0..threads).map(|_| host.analysis()).collect();
    let files = inputs.files.len();
    snapshots
        .into_par_iter()
        .enumerate()
        .try_for_each(|(worker, analysis)| {
            (worker..files)
                .step_by(threads)
                .try_for_each(|i| analysis.parse_errors(file_id(i)).map(drop))
        })
        .map_err(|_| anyhow!("cancelled"))?;
    cancelled(host.analysis().search_symbols(first))?;
    Ok(())
}

/// Every type declared, by key (a partial type once), and how many names `symbol_at` did not resolve.
fn type_keys(analysis: &Analysis, facts: &[FileFacts]) -> Cancellable<(Vec<SymbolKey>, usize)> {
    let mut seen = HashSet::new();
    let mut keys = Vec::new();
    let mut unresolved = 0;
    for (i, file) in facts.iter().enumerate() {
        for &offset in &file.type_names {
            match analysis.symbol_at(file_id(i), offset)? {
                Some(symbol) => {
                    if seen.insert(symbol.key.clone()) {
                        keys.push(symbol.key);
                    }
                }
                None => unresolved += 1,
            }
        }
    }
    Ok((keys, unresolved))
}

/// The number of derived entries over all hierarchies, so the work cannot be skipped.
fn hierarchies(analysis: &Analysis, keys: &[SymbolKey]) -> Cancellable<usize> {
    let mut derived = 0;
    for key in keys {
        derived += analysis.type_hierarchy(key)?.map_or(0, |h| h.derived.len());
    }
    Ok(derived)
}

/// An exact name, a prefix, camel humps and a miss, all from the longest type name found.
fn queries(inputs: &Inputs, facts: &[FileFacts]) -> Vec<SymbolQuery> {
    let longest = inputs
        .files
        .iter()
        .zip(facts)
        .flat_map(|(file, facts)| {
            facts
                .type_names
                .iter()
                .map(|&offset| identifier_at(&file.text, offset))
        })
        .max_by_key(|name| name.len())
        .unwrap_or("Program");
    let prefix: String = longest.chars().take(4).collect::<String>().to_lowercase();
    let humps: String = longest.chars().filter(|c| c.is_uppercase()).collect();
    let mut texts = vec![longest.to_owned(), prefix];
    if humps.chars().count() >= 2 {
        texts.push(humps);
    }
    texts.push("QqzNoSuchName".to_owned());
    texts
        .into_iter()
        .map(|text| SymbolQuery {
            text,
            limit: SEARCH_LIMIT,
            ..SymbolQuery::default()
        })
        .collect()
}

fn identifier_at(text: &str, offset: syntax::TextSize) -> &str {
    let rest = text.get(usize::from(offset)..).unwrap_or("");
    let rest = rest.strip_prefix('@').unwrap_or(rest);
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    &rest[..end]
}

fn initial_change(inputs: &Inputs) -> Change {
    let files = inputs
        .files
        .iter()
        .enumerate()
        .map(|(i, file)| (file_id(i), Some(file.text.clone())))
        .collect();
    Change {
        files,
        project_graph: Some(project_graph(inputs)),
    }
}

/// The workspace's projects with file ids in `inputs.files` order (each file read once).
fn project_graph(inputs: &Inputs) -> ProjectGraph {
    let ids: std::collections::HashMap<&Path, FileId> = inputs
        .files
        .iter()
        .enumerate()
        .map(|(i, file)| (file.path.as_path(), file_id(i)))
        .collect();
    let projects = inputs
        .workspace
        .projects
        .iter()
        .map(|project| ProjectData {
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
            files: project
                .files
                .iter()
                .filter_map(|path| ids.get(path.as_path()).copied())
                .collect(),
            references: project
                .project_references
                .iter()
                .filter_map(|r| r.project)
                .map(|i| ProjectId(i as u32))
                .collect(),
        })
        .collect();
    ProjectGraph { projects }
}

fn file_id(index: usize) -> FileId {
    FileId(index as u32)
}

fn per(time: Duration, count: u32) -> String {
    format!("{:.1} µs", time.as_secs_f64() * 1e6 / f64::from(count))
}

fn relative(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

fn cancelled<T>(result: Cancellable<T>) -> Result<T> {
    result.map_err(|_| anyhow!("a query was cancelled, but nothing else writes to this host"))
}
