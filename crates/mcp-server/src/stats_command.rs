//! `csnav stats PATH [--json]` (rust-analyzer's `analysis-stats`): loads the workspace, runs every
//! phase of the analysis over all of it — parse, item trees and word indexes, definition maps, the
//! symbol index, every type hierarchy, every body bound — each phase on every rayon thread, and says
//! what each phase cost and produced. The JSON shape is documented in docs/stats.md and stable: fields
//! are added, never renamed or removed, without changing `schema`.

use std::{
    fmt::Write as _,
    path::Path,
    time::{Duration, Instant},
};

use anyhow::anyhow;
use ide::{Cancellable, ItemCounts, ProjectId};
use serde_json::{Value, json};

use crate::{
    IndexCacheConfig,
    coverage::Coverage,
    syntax_errors, workers,
    workspace::{LibraryRead, LiveWorkspace, LoadTimings},
};

/// Names the JSON shape; bumped only when a field changes meaning or goes away.
const SCHEMA: &str = "csnav-stats/1";
/// Files with syntax errors listed in the text output; JSON lists them all.
const SHOWN_ERROR_FILES: usize = 20;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsFormat {
    Text,
    Json,
}

/// Loads `path`, runs every phase and renders the result.
pub fn stats(path: &Path, format: StatsFormat) -> anyhow::Result<String> {
    let start = Instant::now();
    // Not persisted: what this reports is the work itself.
    let (mut workspace, libraries, load) =
        LiveWorkspace::load(path, None, &IndexCacheConfig::Disabled)?;
    let stats = run_phases(&mut workspace, libraries, load)
        .map_err(|_| anyhow!("the analysis was cancelled, but nothing else writes to it"))?;
    let stats = Stats {
        total: start.elapsed(),
        peak_memory_kb: peak_memory_kb(),
        ..stats
    };
    let out = match format {
        StatsFormat::Json => format!("{:#}\n", stats.to_json(&workspace)),
        StatsFormat::Text => stats.to_text(&workspace),
    };
    // Freeing every memo of the workspace took a tenth of the run after the figures were known:
    // on its own thread, which the process's exit does not wait for.
    std::thread::spawn(move || drop(workspace));
    Ok(out)
}

struct Stats {
    phases: Vec<(&'static str, Duration)>,
    files: usize,
    bytes: usize,
    lines: usize,
    items: ItemCounts,
    hierarchies: usize,
    derived: usize,
    /// Per file with errors: its errors as `path:line: message`, in file order.
    error_files: Vec<Vec<String>>,
    coverage: Coverage,
    total: Duration,
    peak_memory_kb: Option<u64>,
}

/// `libraries` is still being read: the parse pass needs none of it and runs meanwhile (on a small
/// workspace, reading the built-in surface was a tenth of the run on one core, the other idle).
fn run_phases(
    workspace: &mut LiveWorkspace,
    libraries: LibraryRead,
    load: LoadTimings,
) -> Cancellable<Stats> {
    let files = &workspace.files().to_vec();
    // Every tree parsed by the first pass stays for the bodies: with the server's few dozen, the
    // bodies phase parsed every file a second time (15 % of the run). 0.11 MB a file, which a
    // batch run that ends after the bodies can hold.
    workspace.set_syntax_tree_capacity(files.len().max(64));
    let world = &workspace.world().clone();
    let mut phases = vec![
        ("projectModel", load.project_model),
        ("readFiles", load.read),
    ];

    // Parse and item trees in one pass, each file's item tree built while its syntax tree is live: the
    // `parse` query keeps only the most recently used trees (an LRU), so a second pass over a large
    // workspace would parse every file again. The pass's wall time is split between the two phases
    // in proportion to the time the workers spent in each.
    let start = Instant::now();
    let snapshot = || workspace.snapshot().analysis;
    let sizes = workers::file_sizes(&snapshot(), files)?;
    let per_file = workers::each_heaviest_first(snapshot, files, &sizes, |analysis, &file| {
        let parse_start = Instant::now();
        let lines = analysis.file_text(file)?.lines().count();
        let errors = syntax_errors::file_errors(analysis, world, file)?;
        let parse_time = parse_start.elapsed();
        let items_start = Instant::now();
        analysis.prime_file(file)?;
        let counts = analysis.item_counts(file)?;
        Ok((lines, errors, counts, parse_time, items_start.elapsed()))
    })?;
    let pass = start.elapsed();
    let parse_share = {
        let parse: Duration = per_file.iter().map(|f| f.3).sum();
        let items: Duration = per_file.iter().map(|f| f.4).sum();
        parse.as_secs_f64() / (parse + items).as_secs_f64().max(f64::MIN_POSITIVE)
    };
    let libraries = libraries.wait();
    phases.push(("referenceAssemblies", libraries.took));
    workspace.set_libraries(libraries);
    let snapshot = || workspace.snapshot().analysis;
    phases.push(("parse", pass.mul_f64(parse_share)));
    phases.push(("itemTrees", pass.mul_f64(1.0 - parse_share)));
    let mut timed = |name: &'static str, start: Instant| phases.push((name, start.elapsed()));

    let start = Instant::now();
    let projects = snapshot().projects()?;
    let types: Vec<_> = workers::each(snapshot, &projects, |analysis, &project| {
        analysis.project_type_keys(project)
    })?
    .into_iter()
    .flatten()
    .collect();
    timed("defMaps", start);

    // The projects' symbol indexes on every thread and, beside them, the index of the reference
    // assemblies each project sees: one pass over every type of a set of assemblies, which the
    // first hierarchy would otherwise build while the other threads wait for it. Taken first, by
    // one worker, while the others build symbol indexes.
    enum Prime {
        LibraryScopes,
        Symbols(ProjectId),
    }
    let start = Instant::now();
    let tasks: Vec<Prime> = std::iter::once(Prime::LibraryScopes)
        .chain(projects.iter().map(|&project| Prime::Symbols(project)))
        .collect();
    workers::each(snapshot, &tasks, |analysis, task| match *task {
        Prime::LibraryScopes => {
            (projects.iter()).try_for_each(|&project| analysis.prime_library_scope(project))
        }
        Prime::Symbols(project) => analysis.prime_project_symbols(project),
    })?;
    timed("symbolIndex", start);

    // Every project's base lists resolved on every thread before the first hierarchy merges
    // them into the derived-types index.
    let start = Instant::now();
    workers::each(snapshot, &projects, |analysis, &project| {
        analysis.prime_derived_types(project)
    })?;
    let derived = workers::each(snapshot, &types, |analysis, key| {
        Ok(analysis.type_hierarchy(key)?.map_or(0, |h| h.derived.len()))
    })?;
    timed("typeHierarchies", start);

    let start = Instant::now();
    let coverage = Coverage::of_files(workspace)?;
    timed("bodies", start);

    let mut item_total = ItemCounts::default();
    let mut lines = 0;
    let mut error_files = Vec::new();
    for (file_lines, errors, counts, _, _) in per_file {
        item_total += counts;
        lines += file_lines;
        if !errors.is_empty() {
            error_files.push(errors);
        }
    }
    Ok(Stats {
        phases,
        files: load.files,
        bytes: load.bytes,
        lines,
        items: item_total,
        hierarchies: types.len(),
        derived: derived.iter().sum(),
        error_files,
        coverage,
        total: Duration::ZERO,
        peak_memory_kb: None,
    })
}

impl Stats {
    fn errors(&self) -> usize {
        self.error_files.iter().map(Vec::len).sum()
    }

    /// The documented shape (docs/stats.md).
    fn to_json(&self, workspace: &LiveWorkspace) -> Value {
        let world = workspace.world();
        json!({
            "schema": SCHEMA,
            "workspace": {
                "path": world.root.path().display().to_string(),
                "kind": world.kind,
                "problems": world.problems.len(),
            },
            "counts": {
                "projects": world.projects.len(),
                "files": self.files,
                "bytes": self.bytes,
                "lines": self.lines,
                "types": self.items.types,
                "members": self.items.members,
                "typeHierarchies": self.hierarchies,
                "derivedEntries": self.derived,
                "callSites": self.coverage.sites(),
            },
            "phases": self.phases.iter().map(|(name, time)| json!({
                "name": name,
                "ms": milliseconds(*time),
            })).collect::<Vec<_>>(),
            "totalMs": milliseconds(self.total),
            "binding": self.coverage.to_json(),
            "parseErrors": {
                "errors": self.errors(),
                "files": self.error_files.len(),
                "list": self.error_files,
            },
            "peakMemoryKb": self.peak_memory_kb,
        })
    }

    fn to_text(&self, workspace: &LiveWorkspace) -> String {
        let world = workspace.world();
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = self.write_text(&mut out, world.root.path(), world.projects.len());
        out
    }

    fn write_text(&self, out: &mut String, root: &Path, projects: usize) -> std::fmt::Result {
        writeln!(
            out,
            "workspace {}: {projects} projects, {} files, {:.2} MB, {} lines",
            root.display(),
            self.files,
            self.bytes as f64 / 1e6,
            self.lines
        )?;
        writeln!(
            out,
            "items: {} types, {} members; {} type hierarchies ({} derived entries)",
            self.items.types, self.items.members, self.hierarchies, self.derived
        )?;
        writeln!(out, "phases ({} threads):", rayon::current_num_threads())?;
        for (name, time) in &self.phases {
            writeln!(out, "  {name:<20} {:>10.1} ms", milliseconds(*time))?;
        }
        writeln!(
            out,
            "  {:<20} {:>10.1} ms",
            "total",
            milliseconds(self.total)
        )?;
        write!(out, "{}", self.coverage)?;
        writeln!(
            out,
            "parse errors: {} in {} files",
            self.errors(),
            self.error_files.len()
        )?;
        for errors in self.error_files.iter().take(SHOWN_ERROR_FILES) {
            if let Some(first) = errors.first() {
                writeln!(out, "  {first} ({} in the file)", errors.len())?;
            }
        }
        if self.error_files.len() > SHOWN_ERROR_FILES {
            writeln!(
                out,
                "  ... {} more files",
                self.error_files.len() - SHOWN_ERROR_FILES
            )?;
        }
        match self.peak_memory_kb {
            Some(kb) => writeln!(out, "peak memory: {:.1} MB", kb as f64 / 1024.0),
            None => writeln!(out, "peak memory: not known on this system"),
        }
    }
}

fn milliseconds(time: Duration) -> f64 {
    (time.as_secs_f64() * 1e4).round() / 10.0
}

/// The process's peak resident set (`VmHWM`), where procfs tells it.
fn peak_memory_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
