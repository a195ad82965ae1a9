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
use ide::{Analysis, Cancellable, FileId, ItemCounts, ProjectId};
use serde_json::{Value, json};

use crate::{
    IndexCacheConfig,
    coverage::Coverage,
    syntax_errors, workers,
    workspace::{LibraryRead, LiveWorkspace, LoadTimings, World},
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

    let first = first_pass(workspace, libraries, files, world)?;
    phases.push(("referenceAssemblies", first.libraries_took));
    let parse: Duration = first.files.iter().map(|f| f.parse_time).sum();
    let items: Duration = first.files.iter().map(|f| f.items_time).sum();
    let all = (parse + items + first.library_scopes)
        .as_secs_f64()
        .max(f64::MIN_POSITIVE);
    let share = |part: Duration| first.wall.mul_f64(part.as_secs_f64() / all);
    phases.push(("parse", share(parse)));
    phases.push(("itemTrees", share(items)));
    let library_share = share(first.library_scopes);
    let (per_file, projects) = (first.files, first.projects);
    let snapshot = || workspace.snapshot().analysis;

    let start = Instant::now();
    let types: Vec<_> = workers::each(snapshot, &projects, |analysis, &project| {
        analysis.project_type_keys(project)
    })?
    .into_iter()
    .flatten()
    .collect();
    phases.push(("defMaps", start.elapsed()));

    // Every type's member table and base list on every thread, then the projects' symbol indexes,
    // which merge them; the reference assemblies' share of the phase was built during the first
    // pass.
    let start = Instant::now();
    workers::each(snapshot, &types, |analysis, key| {
        analysis.prime_type_tables(key)
    })?;
    workers::each(snapshot, &projects, |analysis, &project| {
        analysis.prime_project_symbols(project)
    })?;
    phases.push(("symbolIndex", library_share + start.elapsed()));

    // Every project's derived edges gathered on every thread (from the base lists the symbol-index
    // phase resolved) before the first hierarchy merges them into the derived-types index.
    let start = Instant::now();
    workers::each(snapshot, &projects, |analysis, &project| {
        analysis.prime_derived_types(project)
    })?;
    let derived = workers::each(snapshot, &types, |analysis, key| {
        Ok(analysis.type_hierarchy(key)?.map_or(0, |h| h.derived.len()))
    })?;
    phases.push(("typeHierarchies", start.elapsed()));

    let start = Instant::now();
    let coverage = Coverage::of_files(workspace)?;
    phases.push(("bodies", start.elapsed()));

    let mut item_total = ItemCounts::default();
    let mut lines = 0;
    let mut error_files = Vec::new();
    for file in per_file {
        item_total += file.counts;
        lines += file.lines;
        if !file.errors.is_empty() {
            error_files.push(file.errors);
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

/// The first pass over the files: parse and item trees, each file's item tree built while its
/// syntax tree is live (the `parse` query keeps only the most recently used trees, an LRU, so a
/// second pass over a large workspace would parse every file again). It runs until the reference
/// assemblies are read; they enter then, and the rest of the files are parsed beside the index of
/// the assemblies each project sees (one pass over all their types, which one worker builds while
/// the others parse: built after the pass, it kept the others waiting for it).
struct FirstPass {
    /// In file order.
    files: Vec<FilePass>,
    wall: Duration,
    /// The worker's time on the indexes of the reference assemblies.
    library_scopes: Duration,
    libraries_took: Duration,
    projects: Vec<ProjectId>,
}

fn first_pass(
    workspace: &mut LiveWorkspace,
    libraries: LibraryRead,
    files: &[FileId],
    world: &World,
) -> Cancellable<FirstPass> {
    enum Rest {
        LibraryScopes,
        File(usize),
    }
    enum Done {
        LibraryScopes(Duration),
        File(usize, FilePass),
    }
    let start = Instant::now();
    let snapshot = || workspace.snapshot().analysis;
    let sizes = workers::file_sizes(&snapshot(), files)?;
    let mut per_file = workers::each_heaviest_first_until(
        snapshot,
        files,
        &sizes,
        || libraries.is_done(),
        |analysis, &file| file_pass(analysis, world, file),
    )?;
    let libraries = libraries.wait();
    let libraries_took = libraries.took;
    workspace.set_libraries(libraries);
    let snapshot = || workspace.snapshot().analysis;
    let projects = snapshot().projects()?;
    let rest: Vec<Rest> = std::iter::once(Rest::LibraryScopes)
        .chain(
            (0..files.len())
                .filter(|&i| per_file[i].is_none())
                .map(Rest::File),
        )
        .collect();
    // The assemblies' indexes first: the longest task.
    let weights: Vec<usize> = (rest.iter())
        .map(|task| match *task {
            Rest::LibraryScopes => usize::MAX,
            Rest::File(i) => sizes.get(i).copied().unwrap_or(0),
        })
        .collect();
    let done = workers::each_heaviest_first_until(
        snapshot,
        &rest,
        &weights,
        || false,
        |analysis, task| match *task {
            Rest::LibraryScopes => {
                let start = Instant::now();
                (projects.iter()).try_for_each(|&project| analysis.prime_library_scope(project))?;
                Ok(Done::LibraryScopes(start.elapsed()))
            }
            Rest::File(i) => Ok(Done::File(i, file_pass(analysis, world, files[i])?)),
        },
    )?;
    let mut library_scopes = Duration::ZERO;
    for done in done.into_iter().flatten() {
        match done {
            Done::LibraryScopes(took) => library_scopes = took,
            Done::File(i, pass) => per_file[i] = Some(pass),
        }
    }
    Ok(FirstPass {
        files: per_file.into_iter().flatten().collect(),
        wall: start.elapsed(),
        library_scopes,
        libraries_took,
        projects,
    })
}

/// What the first pass found of one file, and the time its worker spent parsing it and building
/// its item tree.
struct FilePass {
    lines: usize,
    errors: Vec<String>,
    counts: ItemCounts,
    parse_time: Duration,
    items_time: Duration,
}

fn file_pass(analysis: &Analysis, world: &World, file: FileId) -> Cancellable<FilePass> {
    let parse_start = Instant::now();
    let lines = analysis.file_text(file)?.lines().count();
    let errors = syntax_errors::file_errors(analysis, world, file)?;
    let parse_time = parse_start.elapsed();
    let items_start = Instant::now();
    analysis.prime_file(file)?;
    let counts = analysis.item_counts(file)?;
    Ok(FilePass {
        lines,
        errors,
        counts,
        parse_time,
        items_time: items_start.elapsed(),
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
