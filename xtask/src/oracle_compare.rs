//! `cargo xtask oracle-compare ORACLE_JSON SOURCE_DIR [--project NAME] [-d SYMBOL]... [--diff]`: csnav
//! on a folder of C# against what the Roslyn compiler emitted for it (the JSON of
//! `shared/oracle/oracle.py run SOURCE_DIR`), by the rules of the corpus's oracle tests: call edges
//! (precision and recall, with and without accessor calls) and the type hierarchy (base class,
//! declared interfaces, interface closure, derived types).
//!
//! The folder is one project. Its defines are the `-d` symbols, else those the oracle compiled with;
//! files the oracle dropped (`--keep-going`) are left out. Relative paths in the JSON are read as
//! relative to SOURCE_DIR.

use std::{collections::BTreeSet, path::PathBuf};

use anyhow::{Context, Result, bail};
use ide::Defines;
use tests::oracle::{self, Edge, Edges, array};

struct Options {
    oracle: PathBuf,
    source_dir: PathBuf,
    project: Option<String>,
    defines: Vec<String>,
    diff: bool,
}

impl Options {
    fn parse(args: &[String]) -> Result<Options> {
        let mut positional = Vec::new();
        let mut project = None;
        let mut defines = Vec::new();
        let mut diff = false;
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--diff" => diff = true,
                "--project" => {
                    project = Some(args.next().context("--project needs a name")?.clone())
                }
                "-d" | "--define" => {
                    defines.push(args.next().context("-d needs a symbol")?.clone())
                }
                flag if flag.starts_with('-') => bail!("unknown option {flag}"),
                path => positional.push(PathBuf::from(path)),
            }
        }
        let [oracle, source_dir] = <[PathBuf; 2]>::try_from(positional).map_err(|_| {
            anyhow::anyhow!(
                "usage: cargo xtask oracle-compare ORACLE_JSON SOURCE_DIR [--project NAME] [-d SYMBOL]... [--diff]"
            )
        })?;
        Ok(Options {
            oracle,
            source_dir,
            project,
            defines,
            diff,
        })
    }
}

pub(crate) fn run(args: &[String]) -> Result<()> {
    let options = Options::parse(args)?;
    let text = std::fs::read_to_string(&options.oracle)
        .with_context(|| format!("reading {}", options.oracle.display()))?;
    let json: serde_json::Value = serde_json::from_str(&text)
        .with_context(|| format!("parsing {}", options.oracle.display()))?;
    if !json["types"].is_array() || !json["calls"].is_array() {
        bail!(
            "{} is not the oracle's output (no types[] or calls[])",
            options.oracle.display()
        );
    }
    // The oracle writes absolute paths as Python's `abspath` does: without resolving symlinks.
    let source_dir = std::path::absolute(&options.source_dir)
        .with_context(|| format!("resolving {}", options.source_dir.display()))?;
    let project = options.project.clone().unwrap_or_else(|| {
        source_dir.file_name().map_or_else(
            || "Project".to_owned(),
            |n| n.to_string_lossy().into_owned(),
        )
    });
    let defines = if options.defines.is_empty() {
        array(&json["meta"], "defines")
            .iter()
            .filter_map(|d| d.as_str().map(str::to_owned))
            .collect()
    } else {
        options.defines.clone()
    };
    let excluded: BTreeSet<String> = array(&json["meta"], "files_excluded")
        .iter()
        // `{file, reason}` entries; older oracle output listed bare paths.
        .filter_map(|f| f["file"].as_str().or(f.as_str()))
        .map(|f| oracle::relative_path(&source_dir, f))
        .collect();
    let files: Vec<String> = tests::cs_files(&source_dir)
        .into_iter()
        .filter(|f| !excluded.contains(f))
        .collect();
    if files.is_empty() {
        bail!("no .cs files under {}", source_dir.display());
    }
    let host = tests::load_files(&source_dir, &files, &project, Defines::new(&defines))
        .with_context(|| format!("reading {}", source_dir.display()))?;
    let analysis = host.analysis();

    println!(
        "{}: {} files ({} left out as the oracle did), project {project}, defines {defines:?}",
        source_dir.display(),
        files.len(),
        excluded.len()
    );
    let calls = oracle::compare_calls(&analysis, &project, &files, &json, &source_dir);
    println!("call edges, all:               {}", calls.all_edges());
    println!(
        "call edges, without accessors: {}",
        calls.without_accessors()
    );
    let c = calls.coverage;
    println!(
        "call sites: {} examined, {} resolved, {} ambiguous, {} unresolved",
        c.examined, c.resolved, c.ambiguous, c.unresolved
    );
    let hierarchy = oracle::compare_hierarchy(&analysis, &json);
    println!(
        "hierarchy: {} of {} types differ ({} differences)",
        hierarchy.mismatched_types,
        hierarchy.types,
        hierarchy.mismatches.len()
    );
    if options.diff {
        println!();
        print_edges("extra", calls.extra(), &calls.ours);
        print_edges("missing", calls.missing(), &calls.oracle);
        for u in &calls.unresolved {
            println!(
                "unresolved {}: `{}` ({:?}) at {}",
                u.caller, u.name, u.reason, u.site
            );
        }
        for m in &hierarchy.mismatches {
            println!("hierarchy {m}");
        }
    }
    Ok(())
}

/// One line per edge with where its calls are written on the side that has it.
fn print_edges<'a>(label: &str, edges: impl Iterator<Item = &'a Edge>, side: &Edges) {
    for edge in edges {
        let sites: Vec<String> = side
            .sites
            .get(edge)
            .into_iter()
            .flatten()
            .map(ToString::to_string)
            .collect();
        println!(
            "{label:<7} {} -> {}  at {}",
            edge.0,
            edge.1,
            sites.join(", ")
        );
    }
}
