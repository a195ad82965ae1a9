//! The engine end to end: a cold index (an `AnalysisHost` given every file, then the first queries),
//! warm queries, and the same queries after an edit inside one method body, which should cost next to
//! nothing.

use std::{collections::HashSet, path::Path, sync::Arc, time::Duration};

use anyhow::{Result, anyhow};
use ide::{Analysis, AnalysisHost, Cancellable, Change, FileId, SymbolKey, SymbolQuery, TextSize};
use rayon::prelude::*;

use super::{
    best_of, inputs::Inputs, memory_kb, report::Floor, report::Report, syntax_stages::FileFacts,
    timed,
};

const SEARCH_LIMIT: usize = 50;
/// Methods whose incoming and outgoing calls are asked, spread evenly over the workspace.
const CALL_SAMPLE: usize = 200;
/// Outgoing calls as an agent would ask them: two levels, a bounded answer.
const OUTGOING_DEPTH: u32 = 2;
const OUTGOING_CAP: usize = 100;
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
    let type_names = facts
        .iter()
        .enumerate()
        .flat_map(|(i, f)| f.type_names.iter().map(move |&o| (i, o)));
    let (symbol_at, keys) = timed(|| keys_at(&analysis, type_names));
    let (keys, unresolved) = cancelled(keys)?;
    let (hierarchy, derived) = timed(|| hierarchies(&analysis, &keys));
    let derived = cancelled(derived)?;

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
    let methods = method_sample(&analysis, facts)?;
    let calls = methods.len().max(1) as u32;
    let (incoming_cold, callers) = timed(|| incoming(&analysis, &methods));
    let callers = cancelled(callers)?;
    report.step(
        &format!("cold: incoming_calls of {} sampled methods", methods.len()),
        incoming_cold,
        Some(Floor::TreeSitter),
        format!(
            "{} per method; {callers} calling members",
            per(incoming_cold, calls)
        ),
    );
    let (outgoing_cold, callees) = timed(|| outgoing(&analysis, &methods));
    let callees = cancelled(callees)?;
    report.step(
        &format!("cold: outgoing_calls (depth {OUTGOING_DEPTH}, cap {OUTGOING_CAP}) of the same"),
        outgoing_cold,
        Some(Floor::TreeSitter),
        format!(
            "{} per method; {callees} callees",
            per(outgoing_cold, calls)
        ),
    );

    let cold = apply + index + symbol_at + hierarchy + incoming_cold + outgoing_cold;
    let rss_after = memory_kb("VmRSS");
    report.step(
        "cold end to end, 1 thread",
        cold,
        Some(Floor::TreeSitter),
        "sum of the six rows above".to_owned(),
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
    let (warm, _) = best_of(iterations, || incoming(&analysis, &methods));
    report.step(
        "warm: incoming_calls of the sample",
        warm,
        None,
        format!("{} per method", per(warm, calls)),
    );
    let (warm, _) = best_of(iterations, || outgoing(&analysis, &methods));
    report.step(
        "warm: outgoing_calls of the sample",
        warm,
        None,
        format!("{} per method", per(warm, calls)),
    );
    drop(analysis);

    let sites = edit_sites(inputs, facts);
    if sites.is_empty() {
        report.fact("incremental: no method with a block body to edit".to_owned());
    }
    for site in sites {
        incremental(
            inputs,
            site,
            &mut host,
            &queries,
            (&keys, &methods),
            cold,
            report,
        )?;
    }
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

/// Files to edit: one of median size and the largest (the worst case: its re-parse dominates), each
/// with the offset just inside its first method body.
fn edit_sites(inputs: &Inputs, facts: &[FileFacts]) -> Vec<(&'static str, usize, usize)> {
    let mut candidates: Vec<(usize, usize)> = facts
        .iter()
        .enumerate()
        .filter_map(|(i, facts)| Some((i, usize::from(facts.method_body?))))
        .collect();
    candidates.sort_by_key(|&(i, _)| inputs.files[i].text.len());
    let (Some(&(median, median_at)), Some(&(largest, largest_at))) =
        (candidates.get(candidates.len() / 2), candidates.last())
    else {
        return Vec::new();
    };
    let mut sites = vec![("median file", median, median_at)];
    if largest != median {
        sites.push(("largest file", largest, largest_at));
    }
    sites
}

/// Appends a statement to a method body, then asks the warm questions again.
fn incremental(
    inputs: &Inputs,
    (which, index, offset): (&str, usize, usize),
    host: &mut AnalysisHost,
    queries: &[SymbolQuery],
    (types, methods): (&[SymbolKey], &[SymbolKey]),
    cold: Duration,
    report: &mut Report,
) -> Result<()> {
    let file = &inputs.files[index];
    let mut text = file.text.to_string();
    text.insert_str(offset, EDIT);
    let (apply, ()) = timed(|| {
        host.apply_change(Change {
            files: vec![(file_id(index), Some(Arc::from(text.as_str())))],
            project_graph: None,
            libraries: None,
        })
    });
    let analysis = host.analysis();
    let (first_search, result) = timed(|| analysis.search_symbols(&queries[0]));
    cancelled(result)?;
    let (other_searches, result) = timed(|| {
        queries[1..]
            .iter()
            .try_for_each(|q| analysis.search_symbols(q).map(drop))
    });
    cancelled(result)?;
    let (hierarchy, result) = timed(|| hierarchies(&analysis, types));
    cancelled(result)?;
    let (calls, result) = timed(|| {
        incoming(&analysis, methods)?;
        outgoing(&analysis, methods)
    });
    cancelled(result)?;
    let total = apply + first_search + other_searches + hierarchy + calls;
    let (reparse, _) = super::best_of(3, || syntax::parse(&text, &file.defines));
    let name = relative(&file.path, &inputs.workspace.root);
    report.step(
        &format!("{which} body edit: apply_change"),
        apply,
        None,
        format!("`{EDIT}` in {name} ({:.0} kB)", text.len() as f64 / 1e3),
    );
    report.step(
        &format!("{which} body edit: first search_symbols"),
        first_search,
        None,
        format!(
            "`syntax::parse` of that file alone: {}",
            super::report::milliseconds(reparse)
        ),
    );
    report.step(
        &format!("{which} body edit: the other searches"),
        other_searches,
        None,
        String::new(),
    );
    report.step(
        &format!("{which} body edit: type_hierarchy of every type"),
        hierarchy,
        None,
        String::new(),
    );
    report.step(
        &format!("{which} body edit: incoming + outgoing calls of the sample"),
        calls,
        None,
        String::new(),
    );
    report.fact(format!(
        "after a one-statement edit in a method body of the {which}, re-asking every search, type hierarchy and call sample \
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

/// The symbols named at `(file index, offset)`, each once (a partial type once), and how many
/// positions `symbol_at` did not resolve.
fn keys_at(
    analysis: &Analysis,
    positions: impl Iterator<Item = (usize, TextSize)>,
) -> Cancellable<(Vec<SymbolKey>, usize)> {
    let mut seen = HashSet::new();
    let mut keys = Vec::new();
    let mut unresolved = 0;
    for (file, offset) in positions {
        match analysis.symbol_at(file_id(file), offset)? {
            Some(symbol) => {
                if seen.insert(symbol.key.clone()) {
                    keys.push(symbol.key);
                }
            }
            None => unresolved += 1,
        }
    }
    Ok((keys, unresolved))
}

/// At most [`CALL_SAMPLE`] methods, every n-th of all declared.
fn method_sample(analysis: &Analysis, facts: &[FileFacts]) -> Result<Vec<SymbolKey>> {
    let names: Vec<(usize, TextSize)> = facts
        .iter()
        .enumerate()
        .flat_map(|(i, f)| f.method_names.iter().map(move |&offset| (i, offset)))
        .collect();
    let step = names.len().div_ceil(CALL_SAMPLE).max(1);
    let (keys, _) = cancelled(keys_at(analysis, names.into_iter().step_by(step)))?;
    Ok(keys)
}

/// The number of calling members over the sample.
fn incoming(analysis: &Analysis, methods: &[SymbolKey]) -> Cancellable<usize> {
    let mut callers = 0;
    for key in methods {
        callers += analysis
            .incoming_calls(key)?
            .map_or(0, |calls| calls.callers.len());
    }
    Ok(callers)
}

/// The number of callees over the sample.
fn outgoing(analysis: &Analysis, methods: &[SymbolKey]) -> Cancellable<usize> {
    let mut callees = 0;
    for key in methods {
        callees += analysis
            .outgoing_calls(key, OUTGOING_DEPTH, OUTGOING_CAP)?
            .map_or(0, |calls| calls.callees.len());
    }
    Ok(callees)
}

/// The number of derived entries over all hierarchies, so the work cannot be skipped.
fn hierarchies(analysis: &Analysis, keys: &[SymbolKey]) -> Cancellable<usize> {
    let mut derived = 0;
    for key in keys {
        derived += analysis.type_hierarchy(key)?.map_or(0, |h| h.derived.len());
    }
    Ok(derived)
}

/// The longest type name no longer than this is searched: longer ones are test oddities.
const MAX_QUERY_LEN: usize = 30;

/// An exact name, a prefix, camel humps and a miss, all from a long type name found.
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
        .filter(|name| name.len() <= MAX_QUERY_LEN)
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

fn identifier_at(text: &str, offset: TextSize) -> &str {
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
        project_graph: Some(inputs.graph.clone()),
        libraries: None,
    }
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
