//! `cargo xtask bench [--iters N] [--lines N] [--seed S] [PATH...]`: how fast csnav answers on a C#
//! code base, every figure next to a floor measured in the same run on the same files — reading them
//! and counting lines (what any tool pays), parsing them with tree-sitter alone (what csnav's parser is
//! built on), a word scan of the texts and ripgrep (what a reference search without an index pays).
//! Ratios to a floor survive a change of machine; raw milliseconds do not.
//!
//! Targets: a deterministic synthetic solution (`synthetic.rs`, about a million lines by default,
//! written under the target folder), then every PATH given. Each target is measured in process
//! (`syntax_stages.rs`, `analysis.rs`) and through the real `csnav mcp` over stdio (`server.rs`); the
//! table is printed and written as JSON next to the synthetic solution.
//!
//! `cargo xtask` builds in the dev profile, where timings mean nothing, so `bench` builds `csnav` and
//! re-invokes this binary in release as `bench-run`, which does the work.

mod analysis;
mod generated;
mod inputs;
mod mcp_client;
mod report;
mod restart;
mod server;
mod syntax_stages;
mod synthetic;

use std::{
    hint::black_box,
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use anyhow::{Context, Result};
use xshell::{Shell, cmd};

use self::{inputs::Inputs, report::Report};

const DEFAULT_ITERATIONS: usize = 3;
const USAGE: &str = "usage: cargo xtask bench [--iters N] [--lines N (0: no synthetic solution)] [--seed S] [--generated-mb M (a generated file of M MB in the synthetic solution)] [--server-only (the floors and the server rows: no in-process analysis, no `csnav stats`)] [PATH...]";

pub(crate) fn run(args: &[String]) -> Result<()> {
    // Resolve PATHs here: the release run starts in the workspace root, not in the caller's folder.
    let mut args = args.to_vec();
    let mut value_next = false;
    for arg in &mut args {
        if !value_next && !arg.starts_with('-') {
            *arg = std::path::absolute(&*arg)
                .with_context(|| format!("resolving {arg}"))?
                .display()
                .to_string();
        }
        value_next = arg.starts_with("--");
    }
    let sh = Shell::new()?;
    sh.change_dir(crate::project_root());
    cmd!(
        sh,
        "cargo build --release --quiet --package mcp-server --bin csnav"
    )
    .run()?;
    let csnav = target_dir().join("release/csnav");
    cmd!(
        sh,
        "cargo run --release --quiet --package xtask -- bench-run --csnav {csnav} {args...}"
    )
    .run()?;
    Ok(())
}

/// Where cargo builds: `CARGO_TARGET_DIR` or `target/` of the workspace.
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| crate::project_root().join("target"))
}

/// The measurements themselves; meaningful only in a release build.
pub(crate) fn run_in_process(args: &[String]) -> Result<()> {
    if cfg!(debug_assertions) {
        eprintln!("warning: a debug build; run `cargo xtask bench` for figures worth reporting");
    }
    let options = Options::parse(args)?;
    let csnav = options
        .csnav
        .clone()
        .unwrap_or_else(|| target_dir().join("release/csnav"));
    println!(
        "csnav bench: best of {} runs per row unless marked cold or p50/p99; {} rayon threads\n",
        options.iterations,
        rayon::current_num_threads()
    );
    let out = target_dir().join("bench");
    std::fs::create_dir_all(&out)?;
    if options.lines > 0 {
        let mut solution = synthetic::generate(options.lines, options.seed);
        let mut suffix = String::new();
        let generated_member = (options.generated_mb > 0).then(|| {
            let (path, text, member) = generated::file(options.generated_mb);
            solution.files.push((path, text));
            suffix = format!("-generated-{}mb", options.generated_mb);
            member
        });
        let root = out.join(format!(
            "synthetic-{}-lines-seed-{}{suffix}",
            options.lines, options.seed
        ));
        solution.write(&root)?;
        eprintln!(
            "synthetic solution: {} projects, {} files, {} lines of C# in {}",
            solution.projects,
            solution.files.len(),
            solution.lines(),
            root.display()
        );
        let generated = server::Generated {
            solution: &solution,
            root: &root,
            generated_member,
        };
        let report = measure(&root, &options, &csnav, Some(generated))
            .with_context(|| format!("benchmarking {}", root.display()))?;
        emit(
            &report,
            &out.join(format!("report-synthetic-{}{suffix}.json", options.lines)),
        )?;
    }
    for (i, target) in options.paths.iter().enumerate() {
        let report = measure(target, &options, &csnav, None)
            .with_context(|| format!("benchmarking {}", target.display()))?;
        let name = target
            .file_stem()
            .map_or_else(|| format!("path-{i}"), |s| s.to_string_lossy().into_owned());
        emit(&report, &out.join(format!("report-{name}.json")))?;
    }
    Ok(())
}

fn emit(report: &Report, json: &Path) -> Result<()> {
    println!("{report}");
    std::fs::write(json, format!("{:#}\n", report.to_json()))
        .with_context(|| format!("writing {}", json.display()))?;
    println!("(written to {})\n", json.display());
    Ok(())
}

struct Options {
    iterations: usize,
    lines: usize,
    seed: u64,
    /// The size of a generated file added to the synthetic solution, in MB; 0 for none.
    generated_mb: usize,
    /// Only the floors and the server's rows: the in-process analysis and `csnav stats` take most of
    /// a run's time and measure nothing of the server.
    server_only: bool,
    csnav: Option<PathBuf>,
    paths: Vec<PathBuf>,
}

impl Options {
    fn parse(args: &[String]) -> Result<Options> {
        let mut options = Options {
            iterations: DEFAULT_ITERATIONS,
            lines: synthetic::DEFAULT_LINES,
            seed: synthetic::DEFAULT_SEED,
            generated_mb: 0,
            server_only: false,
            csnav: None,
            paths: Vec::new(),
        };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let mut value = |what: &str| {
                args.next()
                    .with_context(|| format!("{arg} needs {what}; {USAGE}"))
            };
            match arg.as_str() {
                "--iters" => {
                    let n = value("a number")?;
                    options.iterations =
                        n.parse().ok().filter(|&n| n > 0).with_context(|| {
                            format!("--iters needs a positive number, got `{n}`")
                        })?;
                }
                "--lines" => {
                    let n = value("a number")?;
                    options.lines = n
                        .parse()
                        .with_context(|| format!("--lines needs a number, got `{n}`"))?;
                }
                "--seed" => {
                    let n = value("a number")?;
                    options.seed = n
                        .parse()
                        .with_context(|| format!("--seed needs a number, got `{n}`"))?;
                }
                "--generated-mb" => {
                    let n = value("a number")?;
                    options.generated_mb = n
                        .parse()
                        .with_context(|| format!("--generated-mb needs a number, got `{n}`"))?;
                }
                "--server-only" => options.server_only = true,
                "--csnav" => options.csnav = Some(PathBuf::from(value("a path")?)),
                flag if flag.starts_with('-') => anyhow::bail!("unknown option `{flag}`; {USAGE}"),
                path => options.paths.push(PathBuf::from(path)),
            }
        }
        Ok(options)
    }
}

fn measure(
    target: &Path,
    options: &Options,
    csnav: &Path,
    generated: Option<server::Generated<'_>>,
) -> Result<Report> {
    let iterations = options.iterations;
    let inputs = Inputs::load(target, iterations)?;
    let mut report = Report::new(&inputs);
    server::progress("floors and syntax stages");
    let facts = syntax_stages::measure(&inputs, iterations, &mut report);
    // The server first, while this process holds no analysis: the two would compete for memory.
    server::measure(csnav, &inputs, &facts, generated, &mut report)?;
    if options.server_only {
        report.fact("--server-only: no in-process rows, no `csnav stats`".to_owned());
    } else {
        server::stats(csnav, &inputs, &mut report)?;
        server::progress("in process: cold, warm and edited analysis");
        analysis::measure(&inputs, &facts, iterations, &mut report)?;
    }
    report.memory(memory_kb("VmHWM"));
    if let Ok(load) = std::fs::read_to_string("/proc/loadavg") {
        // Other processes on the machine skew the parallel rows first.
        report.fact(format!(
            "load average at the end (1, 5, 15 min): {}",
            load.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    Ok(report)
}

/// The fastest of `iterations` runs of `f`, with the last run's result.
fn best_of<T>(iterations: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let (mut best, mut value) = timed(&mut f);
    for _ in 1..iterations {
        let (elapsed, next) = timed(&mut f);
        best = best.min(elapsed);
        value = next;
    }
    (best, value)
}

fn timed<T>(f: impl FnOnce() -> T) -> (Duration, T) {
    let start = Instant::now();
    let value = black_box(f());
    (start.elapsed(), value)
}

/// A `kB` field of `/proc/self/status` (`VmHWM`: peak resident set; `VmRSS`: current); `None` where
/// there is no procfs.
fn memory_kb(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
