//! `csnav load`: load a workspace and print what was found, with timings.

use std::{fmt::Write as _, path::Path, time::Instant};

use crate::{
    coverage::Coverage, options::PathStyle, syntax_errors, workers, workspace::LiveWorkspace,
};

/// How many parse errors to print; the total is always printed.
const SHOWN_ERRORS: usize = 20;

pub fn load_and_report(path: &Path, calls: bool) -> anyhow::Result<String> {
    // Lowering recurses along syntax trees up to 1000 levels deep: the loader's parallel parsing gets
    // the stacks the server's analysis threads have. Already built (by a caller that serves too) is fine.
    let _ = rayon::ThreadPoolBuilder::new()
        .stack_size(crate::ANALYSIS_STACK)
        .build_global();
    let (mut workspace, timings) = LiveWorkspace::load_complete(path)?;
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
    let per_file = workers::each(
        || workspace.snapshot().analysis,
        workspace.files(),
        |analysis, &file| syntax_errors::file_errors(analysis, &world, file),
    )?;
    let error_files = per_file.iter().filter(|e| !e.is_empty()).count();
    let errors: Vec<String> = per_file.into_iter().flatten().collect();
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
        report_calls(&mut workspace, &mut out)?;
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
fn report_calls(workspace: &mut LiveWorkspace, out: &mut String) -> anyhow::Result<()> {
    let start = Instant::now();
    let coverage = Coverage::of_files(workspace)?;
    writeln!(
        out,
        "bound in {:.1} ms",
        start.elapsed().as_secs_f64() * 1000.0
    )?;
    write!(out, "{coverage}")?;
    Ok(())
}
