//! `csnav load`: load a workspace and print what was found, with timings.

use std::{fmt::Write as _, path::Path, time::Instant};

use crate::{options::PathStyle, workspace::LiveWorkspace};

/// How many parse errors to print; the total is always printed.
const SHOWN_ERRORS: usize = 20;

pub fn load_and_report(path: &Path, calls: bool) -> anyhow::Result<String> {
    // Lowering recurses along syntax trees up to 1000 levels deep: the loader's parallel parsing gets
    // the stacks the server's analysis threads have. Already built (by a caller that serves too) is fine.
    let _ = rayon::ThreadPoolBuilder::new()
        .stack_size(crate::ANALYSIS_STACK)
        .build_global();
    let (workspace, timings) = LiveWorkspace::load_complete(path)?;
    let world = workspace.world().clone();
    let mut out = String::new();
    writeln!(
        out,
        "workspace {} ({})",
        world.root.path().display(),
        world.kind
    )?;
    for project in &world.projects {
        writeln!(
            out,
            "  project {:<30} {:>5} files  {}{}",
            project.name,
            project.files.len(),
            project.kind,
            project
                .target_framework
                .as_ref()
                .map(|t| format!(", {t}"))
                .unwrap_or_default()
        )?;
        let refs = &project.libraries;
        let mut frameworks = refs.frameworks.join(", ");
        if let Some(flavor) = refs.builtin_surface {
            frameworks = flavor.describe().to_owned();
        }
        writeln!(
            out,
            "    references: {} assemblies ({frameworks}; {} from packages), {} missing",
            refs.assemblies,
            refs.packages,
            refs.missing.len()
        )?;
        for missing in &refs.missing {
            writeln!(
                out,
                "      missing {} {}{}: {}",
                missing.kind,
                missing.name,
                missing
                    .version
                    .as_ref()
                    .map(|v| format!(" {v}"))
                    .unwrap_or_default(),
                missing.reason
            )?;
        }
    }
    for problem in &world.problems {
        writeln!(
            out,
            "  problem {}: {}",
            world.root.display(&problem.path, PathStyle::Relative),
            problem.message
        )?;
    }

    if timings.files == 0 {
        anyhow::bail!("{}\n{out}", nothing_loadable(&world));
    }

    let start = Instant::now();
    let analysis = workspace.snapshot().analysis;
    let mut error_files = 0;
    let mut errors = Vec::new();
    for &file in workspace.files() {
        let file_errors = analysis.parse_errors(file)?;
        if file_errors.is_empty() {
            continue;
        }
        error_files += 1;
        let text = analysis.file_text(file)?;
        for error in file_errors {
            let offset = usize::from(error.range.start()).min(text.len());
            let before = text.get(..offset).unwrap_or("");
            let line = before.matches('\n').count() + 1;
            errors.push(format!(
                "{}:{line}: {}",
                world.root.display(world.path(file), PathStyle::Relative),
                error.message
            ));
        }
    }
    let parse = start.elapsed();

    writeln!(
        out,
        "{} files, {} KB",
        timings.files,
        timings.bytes.div_ceil(1024)
    )?;
    writeln!(
        out,
        "parse errors: {} in {} files",
        errors.len(),
        error_files
    )?;
    for error in errors.iter().take(SHOWN_ERRORS) {
        writeln!(out, "  {error}")?;
    }
    if errors.len() > SHOWN_ERRORS {
        writeln!(out, "  ... {} more", errors.len() - SHOWN_ERRORS)?;
    }
    writeln!(
        out,
        "timings: project model {:.1} ms, read {:.1} ms, reference assemblies {:.1} ms, parse {:.1} ms",
        timings.project_model.as_secs_f64() * 1000.0,
        timings.read.as_secs_f64() * 1000.0,
        timings.libraries.as_secs_f64() * 1000.0,
        parse.as_secs_f64() * 1000.0
    )?;
    if calls {
        report_calls(&workspace, &mut out)?;
    }
    Ok(out)
}

/// Why a workspace without a single C# file cannot be analysed, and what to pass instead.
fn nothing_loadable(world: &crate::workspace::World) -> String {
    let root = world.root.path().display();
    match world.problems.len() {
        0 => format!(
            "nothing to analyse in {root}: no C# source file was found; pass a folder, .sln, .slnx or .csproj that holds C# code"
        ),
        n => format!(
            "nothing to analyse in {root}: no C# source file was loaded and {n} load problem(s) stand in the way (listed below)"
        ),
    }
}

/// Every body bound: how the call sites bound, in parallel over the files.
fn report_calls(workspace: &LiveWorkspace, out: &mut String) -> anyhow::Result<()> {
    let start = Instant::now();
    let files = workspace.files();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = files.len().div_ceil(threads).max(1);
    let snapshots: Vec<_> = files
        .chunks(chunk)
        .map(|c| (c, workspace.snapshot().analysis))
        .collect();
    let counts: Vec<anyhow::Result<ide::BindingCounts>> = std::thread::scope(|scope| {
        let handles: Vec<_> = snapshots
            .into_iter()
            .map(|(chunk, analysis)| {
                let builder = std::thread::Builder::new().stack_size(crate::ANALYSIS_STACK);
                builder.spawn_scoped(scope, move || {
                    let mut total = ide::BindingCounts::default();
                    for &file in chunk {
                        total += analysis.binding_counts(file)?;
                    }
                    Ok::<_, ide::Cancelled>(total)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|spawned| match spawned {
                Ok(h) => Ok(h.join().unwrap_or(Err(ide::Cancelled::PropagatedPanic))?),
                Err(e) => Err(anyhow::anyhow!("cannot start an analysis thread: {e}")),
            })
            .collect()
    });
    let mut total = ide::BindingCounts::default();
    for c in counts {
        total += c?;
    }
    let bound = total.source + total.library + total.external;
    let unresolved =
        total.unknown_receiver + total.not_found + total.ambiguous + total.missing_metadata;
    let all = (bound + unresolved).max(1);
    let pct = |n: usize| 100.0 * n as f64 / all as f64;
    writeln!(
        out,
        "call sites: {} ({:.1} % bound: {} to source members, {} to library members, {} to external names; {:.1} % unresolved: {} unknown receiver, {} not found, {} ambiguous, {} missing metadata), bound in {:.1} ms",
        bound + unresolved,
        pct(bound),
        total.source,
        total.library,
        total.external,
        pct(unresolved),
        total.unknown_receiver,
        total.not_found,
        total.ambiguous,
        total.missing_metadata,
        start.elapsed().as_secs_f64() * 1000.0
    )?;
    // What is unresolved most, by reason: where a missing assembly or a binder rule costs most.
    let mut by_name: std::collections::HashMap<(String, String), usize> = Default::default();
    for (reason, name) in &total.unresolved_names {
        *by_name
            .entry((format!("{reason:?}"), name.to_string()))
            .or_default() += 1;
    }
    let mut top: Vec<_> = by_name.into_iter().collect();
    top.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    for ((reason, name), n) in top.iter().take(SHOWN_ERRORS) {
        writeln!(out, "  unresolved {n:>6} {name} ({reason})")?;
    }
    Ok(())
}
