//! `cargo xtask bench [--iters N] [PATH]`: how fast csnav reads a C# code base, every figure next to a
//! floor measured in the same run on the same files — reading them and counting lines (what any tool
//! pays), and parsing them with tree-sitter alone (what csnav's parser is built on). Ratios to a floor
//! survive a change of machine; raw milliseconds do not.
//!
//! `cargo xtask` builds in the dev profile, where timings mean nothing, so `bench` re-invokes this
//! binary in release as `bench-run`, which does the work.

mod analysis;
mod inputs;
mod report;
mod syntax_stages;

use std::{
    hint::black_box,
    path::PathBuf,
    time::{Duration, Instant},
};

use anyhow::{Context, Result};
use xshell::{Shell, cmd};

use self::{inputs::Inputs, report::Report};

const DEFAULT_ITERATIONS: usize = 3;

pub(crate) fn run(args: &[String]) -> Result<()> {
    // Resolve PATH here: the release run starts in the workspace root, not in the caller's folder.
    let mut args = args.to_vec();
    if let Some(path) = args.last_mut().filter(|arg| !arg.starts_with('-')) {
        *path = std::path::absolute(&*path)
            .with_context(|| format!("resolving {path}"))?
            .display()
            .to_string();
    }
    let sh = Shell::new()?;
    sh.change_dir(crate::project_root());
    cmd!(
        sh,
        "cargo run --release --quiet --package xtask -- bench-run {args...}"
    )
    .run()?;
    Ok(())
}

/// The measurements themselves; meaningful only in a release build.
pub(crate) fn run_in_process(args: &[String]) -> Result<()> {
    if cfg!(debug_assertions) {
        eprintln!("warning: a debug build; run `cargo xtask bench` for figures worth reporting");
    }
    let options = Options::parse(args)?;
    let targets = match options.path {
        Some(path) => vec![path],
        None => {
            let root = crate::project_root();
            eprintln!(
                "no PATH given: benchmarking the bundled examples/ and tests/fixtures/corpus, which are \
                 small; pass a folder, .sln, .slnx or .csproj for figures that mean something"
            );
            vec![root.join("examples"), root.join("tests/fixtures/corpus")]
        }
    };
    println!(
        "csnav bench: best of {} runs per row unless marked cold; {} rayon threads\n",
        options.iterations,
        rayon::current_num_threads()
    );
    for target in targets {
        let report = measure(&target, options.iterations)
            .with_context(|| format!("benchmarking {}", target.display()))?;
        println!("{report}");
    }
    Ok(())
}

struct Options {
    iterations: usize,
    path: Option<PathBuf>,
}

impl Options {
    fn parse(args: &[String]) -> Result<Options> {
        let mut options = Options {
            iterations: DEFAULT_ITERATIONS,
            path: None,
        };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--iters" => {
                    let n = args.next().context("--iters needs a number")?;
                    options.iterations =
                        n.parse().ok().filter(|&n| n > 0).with_context(|| {
                            format!("--iters needs a positive number, got `{n}`")
                        })?;
                }
                flag if flag.starts_with('-') => anyhow::bail!(
                    "unknown option `{flag}`; usage: cargo xtask bench [--iters N] [PATH]"
                ),
                path if options.path.is_none() => options.path = Some(PathBuf::from(path)),
                extra => anyhow::bail!("one PATH only, got a second: `{extra}`"),
            }
        }
        Ok(options)
    }
}

fn measure(target: &std::path::Path, iterations: usize) -> Result<Report> {
    let inputs = Inputs::load(target, iterations)?;
    let mut report = Report::new(&inputs);
    let facts = syntax_stages::measure(&inputs, iterations, &mut report);
    analysis::measure(&inputs, &facts, iterations, &mut report)?;
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
