//! The real server, as an agent meets it: `csnav mcp` started over stdio, timed from the process start
//! to the first answer, then the tools' warm latencies (p50/p99 over many symbols), edits saved to disk
//! until `find_callers` shows them, and the server's peak RSS; with the floors a reference search is
//! compared with (a word scan of the texts in memory, ripgrep when installed).

use std::{
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use anyhow::{Context, Result, bail};
use serde_json::{Value, json};
use syntax::TextSize;

use super::{
    inputs::Inputs,
    mcp_client::McpServer,
    report::{Floor, Report, milliseconds},
    restart,
    syntax_stages::FileFacts,
    synthetic::{Synthetic, Widget},
};

/// Symbols of each kind asked, spread evenly over the workspace.
const SAMPLE: usize = 200;
/// Names the floors look for (a word scan is cheap, ripgrep starts a process each time).
const FLOOR_NAMES: usize = 20;
/// How long an edit may take to show before the bench gives up on it.
const EDIT_DEADLINE: Duration = Duration::from_secs(30);
/// How long the bench waits for the server's background priming to end.
const PRIMING_DEADLINE: Duration = Duration::from_secs(30 * 60);
/// Body edits after the first, each in another file: the first edit after priming is not the only
/// one an agent makes.
const LATER_EDITS: usize = 10;

/// The synthetic solution on disk, whose code the edits know.
pub(crate) struct Generated<'a> {
    pub(crate) solution: &'a Synthetic,
    pub(crate) root: &'a Path,
    /// The documentation id of a method of the generated file (`--generated-mb`), if there is one.
    pub(crate) generated_member: Option<String>,
}

pub(crate) fn measure(
    csnav: &Path,
    inputs: &Inputs,
    facts: &[FileFacts],
    generated: Option<Generated<'_>>,
    report: &mut Report,
) -> Result<()> {
    let types = positions(inputs, facts, |f| &f.type_names);
    let methods = positions(inputs, facts, |f| &f.method_names);
    let Some(first) = types.first() else {
        report.fact("server: no type declared, nothing to ask".to_owned());
        return Ok(());
    };

    // Before the server starts: ripgrep's reads of every file would reach its watcher.
    let floors = floors(inputs, &methods, report);
    progress("server: starting csnav mcp, first search_symbols");
    // A persisted index of its own, empty: the start is cold, and the restart below reads it.
    let index = restart::IndexDir::fresh(inputs)?;
    let start = Instant::now();
    let mut server = McpServer::start(csnav, &inputs.target, &index.args())?;
    let (_, answer) = server.call("search_symbols", json!({ "query": first.name }))?;
    let first_answer = start.elapsed();
    ensure_success("search_symbols", &answer)?;
    report.step(
        "server: start → first answer (search_symbols)",
        first_answer,
        Some(Floor::TreeSitterParallel),
        "process start, project model, texts, assemblies, item trees and symbol index".to_owned(),
    );

    progress("server: get_symbol_at_position of the sampled names");
    let (mut at_times, type_keys) = keys(&mut server, &types)?;
    let (mut more, method_keys) = keys(&mut server, &methods)?;
    at_times.append(&mut more);
    report.latency(
        "server: get_symbol_at_position",
        &mut at_times,
        None,
        format!(
            "{} type and {} method names",
            type_keys.len(),
            method_keys.len()
        ),
    );

    progress("server: find_callers, first ask");
    // The first ask binds the candidate files not yet bound by the background priming.
    let mut first_callers = Vec::new();
    let mut sites = 0;
    for key in &method_keys {
        let (time, answer) = server.call("find_callers", json!({ "symbolKey": key }))?;
        sites += answer["callSiteCount"].as_u64().unwrap_or(0);
        first_callers.push(time);
    }
    report.latency(
        "server: find_callers, first ask",
        &mut first_callers,
        None,
        format!("{sites} call sites over the sample"),
    );

    // The warm rows and the edits measure the steady state: with priming still binding on every
    // core, they would measure the competition for the cores (and edits before the call index).
    progress("server: waiting for the background priming to end");
    match wait_until_idle(server.pid()) {
        Some(()) => report.step(
            "server: start → background priming done",
            start.elapsed(),
            Some(Floor::TreeSitterParallel),
            "every file's call sites bound, the call index built: the server's CPU idle".to_owned(),
        ),
        None => report.fact(
            "server: priming not seen to end (no /proc, or still busy after the deadline): the warm rows ran beside it"
                .to_owned(),
        ),
    }

    let names = type_names(&types);
    let status = vec![String::new(); SAMPLE];
    let warm = [
        Ask(
            "search_symbols",
            &names,
            None,
            |name| json!({ "query": name }),
        ),
        Ask(
            "get_type_hierarchy",
            &type_keys,
            None,
            |key| json!({ "symbolKey": key }),
        ),
        Ask(
            "find_callers",
            &method_keys,
            floors,
            |key| json!({ "symbolKey": key }),
        ),
        Ask(
            "get_outgoing_calls",
            &method_keys,
            None,
            |key| json!({ "symbolKey": key, "depth": 1 }),
        ),
        Ask("server_status", &status, None, |_| json!({})),
    ];
    for Ask(tool, subjects, floor, arguments) in warm {
        progress(&format!("server: {tool}, warm"));
        if let Some(subject) = subjects.first() {
            server.call(tool, arguments(subject))?;
        }
        let mut times = Vec::with_capacity(subjects.len());
        for subject in subjects {
            let (time, answer) = server.call(tool, arguments(subject))?;
            ensure_success(tool, &answer)?;
            times.push(time);
        }
        report.latency(
            &format!("server: {tool}, warm"),
            &mut times,
            floor,
            String::new(),
        );
    }

    progress("server: a request rejected for a missing argument");
    let mut rejected = Vec::with_capacity(SAMPLE);
    for _ in 0..SAMPLE {
        let (time, answer) = server.call("find_callers", json!({}))?;
        if answer["success"] == json!(true) {
            bail!("find_callers without a symbolKey succeeded: {answer}");
        }
        rejected.push(time);
    }
    report.latency(
        "server: request rejected for a missing argument",
        &mut rejected,
        None,
        "find_callers without symbolKey".to_owned(),
    );

    if let Some(id) = generated.as_ref().and_then(|g| g.generated_member.as_ref()) {
        generated_callers(&mut server, id, report)?;
    }
    match generated {
        Some(generated) => edits(&mut server, &generated, report)?,
        None => report.fact(
            "server edits: measured on the synthetic solution only, whose code the edits know"
                .to_owned(),
        ),
    }

    let peak = server.peak_rss_kb();
    server.stop()?;
    restart::measure(csnav, inputs, &index, &first.name, first_answer, report)?;
    if let Some(kb) = peak {
        report.fact(format!(
            "server peak RSS (VmHWM of `csnav mcp`): {:.1} MB = {:.1}× the source size",
            kb as f64 / 1024.0,
            kb as f64 * 1024.0 / (inputs.megabytes() * 1e6).max(1.0)
        ));
    }
    Ok(())
}

/// Runs of `csnav stats` in the stats row, each right after the floor it is compared with.
const STATS_PAIRS: usize = 5;

/// `csnav stats --json`: every phase of a full analysis, in its own process, against the one-core
/// tree-sitter floor (issue 10 asks for at most 1.5×). The machine's speed drifts by tens of percent
/// within a run, so besides the ratio to the floor measured at the start, each run is paired with
/// a floor measured just before it, and the median of those ratios is what the fact line reports.
pub(crate) fn stats(csnav: &Path, inputs: &Inputs, report: &mut Report) -> Result<()> {
    progress("csnav stats");
    let mut runs: Vec<(Duration, Value)> = Vec::new();
    let mut ratios: Vec<f64> = Vec::new();
    for _ in 0..STATS_PAIRS {
        let floor_start = Instant::now();
        std::hint::black_box(super::syntax_stages::raw_parse(&inputs.files));
        let floor = floor_start.elapsed();
        let stats = stats_run(csnav, inputs)?;
        let total = ms(&stats["totalMs"]);
        ratios.push(total.as_secs_f64() / floor.as_secs_f64().max(f64::MIN_POSITIVE));
        runs.push((total, stats));
    }
    runs.sort_by_key(|(total, _)| *total);
    let (total, stats) = &runs[runs.len() / 2];
    let phases: Vec<String> = stats["phases"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .map(|p| {
            format!(
                "{} {}",
                p["name"].as_str().unwrap_or("?"),
                milliseconds(ms(&p["ms"]))
            )
        })
        .collect();
    report.step(
        "csnav stats: every phase, all threads",
        *total,
        Some(Floor::TreeSitter),
        format!(
            "median of {STATS_PAIRS}; {} call sites, {:.1} % bound; peak {:.0} MB",
            stats["binding"]["callSites"],
            100.0 * stats["binding"]["bound"]["total"].as_f64().unwrap_or(0.0)
                / stats["binding"]["callSites"]
                    .as_f64()
                    .unwrap_or(1.0)
                    .max(1.0),
            stats["peakMemoryKb"].as_f64().unwrap_or(0.0) / 1024.0
        ),
    );
    let shown: Vec<String> = ratios.iter().map(|r| format!("{r:.2}×")).collect();
    ratios.sort_by(f64::total_cmp);
    report.fact(format!(
        "csnav stats against a one-core tree-sitter parse run just before it: median {:.2}× ({})",
        ratios[ratios.len() / 2],
        shown.join(", ")
    ));
    report.fact(format!(
        "csnav stats phases (the median run): {}",
        phases.join(", ")
    ));
    Ok(())
}

fn stats_run(csnav: &Path, inputs: &Inputs) -> Result<Value> {
    let output = std::process::Command::new(csnav)
        .args(["stats", "--json"])
        .arg(&inputs.target)
        .stderr(std::process::Stdio::null())
        .output()
        .context("running csnav stats")?;
    if !output.status.success() {
        bail!("csnav stats failed on {}", inputs.target.display());
    }
    serde_json::from_slice(&output.stdout).context("csnav stats --json")
}

fn ms(v: &Value) -> Duration {
    Duration::from_secs_f64(v.as_f64().unwrap_or(0.0) / 1000.0)
}

/// A tool asked once per subject (a name or a key), the floor its median is compared with, and its
/// arguments for a subject.
struct Ask<'a>(&'static str, &'a [String], Option<Floor>, fn(&str) -> Value);

/// A declared name and where an agent would point at it.
struct Position {
    name: String,
    path: PathBuf,
    line: usize,
    column: usize,
}

/// At most [`SAMPLE`] of the names `of` lists, every n-th over the workspace, 1-based line and
/// character column.
fn positions(
    inputs: &Inputs,
    facts: &[FileFacts],
    of: impl Fn(&FileFacts) -> &Vec<TextSize>,
) -> Vec<Position> {
    let all: Vec<(usize, TextSize)> = facts
        .iter()
        .enumerate()
        .flat_map(|(i, f)| of(f).iter().map(move |&o| (i, o)))
        .collect();
    let step = all.len().div_ceil(SAMPLE).max(1);
    all.into_iter()
        .step_by(step)
        .map(|(i, offset)| {
            let text = &inputs.files[i].text;
            let offset = usize::from(offset);
            let before = &text[..offset];
            let line_start = before.rfind('\n').map_or(0, |n| n + 1);
            let name: String = text[offset..]
                .trim_start_matches('@')
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            Position {
                name,
                path: inputs.files[i].path.clone(),
                line: before.matches('\n').count() + 1,
                column: before[line_start..].chars().count() + 1,
            }
        })
        .collect()
}

fn type_names(types: &[Position]) -> Vec<String> {
    types.iter().map(|p| p.name.clone()).collect()
}

/// The key of the symbol declared at each position, and how long each ask took.
fn keys(server: &mut McpServer, positions: &[Position]) -> Result<(Vec<Duration>, Vec<String>)> {
    let mut times = Vec::new();
    let mut keys = Vec::new();
    for p in positions {
        let (time, answer) = server.call(
            "get_symbol_at_position",
            json!({ "filePath": p.path, "line": p.line, "column": p.column }),
        )?;
        times.push(time);
        if let Some(key) = answer["symbol"]["symbolKey"].as_str() {
            keys.push(key.to_owned());
        }
    }
    Ok((times, keys))
}

/// The reference-search floors over the first sampled method names: the in-memory word scan always,
/// ripgrep when it is installed. Returns the floor `find_callers` is compared with.
fn floors(inputs: &Inputs, methods: &[Position], report: &mut Report) -> Option<Floor> {
    let names: Vec<&str> = methods
        .iter()
        .take(FLOOR_NAMES)
        .map(|p| p.name.as_str())
        .collect();
    if names.is_empty() {
        return None;
    }
    let mut scans: Vec<Duration> = names
        .iter()
        .map(|name| {
            let start = Instant::now();
            let hits: usize = inputs
                .files
                .iter()
                .map(|f| whole_words(&f.text, name))
                .sum();
            std::hint::black_box(hits);
            start.elapsed()
        })
        .collect();
    scans.sort_unstable();
    report.floor_step(
        Floor::WordScan,
        "floor: word scan of the texts in memory, one name",
        scans[scans.len() / 2],
        format!("median over {} method names", names.len()),
    );
    let mut rg = Vec::new();
    for name in &names {
        let start = Instant::now();
        let status = std::process::Command::new("rg")
            .args(["-c", "-w", "-F", "-g", "*.cs", name])
            .arg(&inputs.workspace.root)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status();
        // Not installed: no ripgrep floor.
        if status.is_err() {
            break;
        }
        rg.push(start.elapsed());
    }
    if rg.is_empty() {
        report.fact("floor: ripgrep is not installed; no `rg` floor".to_owned());
        return Some(Floor::WordScan);
    }
    rg.sort_unstable();
    report.floor_step(
        Floor::Ripgrep,
        "floor: ripgrep (`rg -c -w -F NAME`), one name",
        rg[rg.len() / 2],
        format!("median over {} names", rg.len()),
    );
    Some(Floor::Ripgrep)
}

fn whole_words(text: &str, name: &str) -> usize {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(name)
        .filter(|&(at, _)| {
            !text[..at].chars().next_back().is_some_and(is_word)
                && !text[at + name.len()..].chars().next().is_some_and(is_word)
        })
        .count()
}

/// `find_callers` of a method of the generated file: first asked, then warm. Its one caller is in the
/// same file, so an answer that binds the whole file costs what binding megabytes of code costs.
fn generated_callers(
    server: &mut McpServer,
    documentation_id: &str,
    report: &mut Report,
) -> Result<()> {
    progress("server: find_callers of a member of the generated file");
    let key = resolve(server, documentation_id)?;
    let (first, answer) = server.call("find_callers", json!({ "symbolKey": key }))?;
    ensure_success("find_callers", &answer)?;
    report.step(
        "server: find_callers of a generated file's member, first ask",
        first,
        None,
        format!("{} call sites", answer["callSiteCount"]),
    );
    let mut times = Vec::with_capacity(FLOOR_NAMES);
    for _ in 0..FLOOR_NAMES {
        times.push(server.call("find_callers", json!({ "symbolKey": key }))?.0);
    }
    report.latency(
        "server: find_callers of a generated file's member, warm",
        &mut times,
        None,
        String::new(),
    );
    Ok(())
}

/// A body edit, a signature edit and a new file, each saved to disk, then `find_callers` asked until
/// its answer shows the change: the latency an agent sees, watcher included. An edit that does not
/// show in time is reported, not fatal; the files are restored either way.
fn edits(server: &mut McpServer, generated: &Generated<'_>, report: &mut Report) -> Result<()> {
    let widgets = &generated.solution.widgets;
    let target = &widgets[widgets.len() / 2];
    let editors: Vec<PathBuf> = widgets
        .iter()
        .filter(|w| w.project == target.project && w.index != target.index)
        .take(LATER_EDITS + 1)
        .map(|w| generated.root.join(&w.path))
        .collect();
    if editors.is_empty() {
        bail!("a second widget in the project");
    }
    let target_file = generated.root.join(&target.path);
    let new_file = generated
        .root
        .join(target.path.parent().context("a widget file has a folder")?)
        .join("CsnavBenchNew.cs");
    let mut originals = Vec::new();
    for path in editors.iter().chain([&target_file]) {
        originals.push((path.clone(), std::fs::read_to_string(path)?));
    }
    let result = edit_rows(server, target, &editors, [&target_file, &new_file], report);
    let _ = std::fs::remove_file(&new_file);
    for (path, text) in originals {
        std::fs::write(path, text)?;
    }
    result
}

fn edit_rows(
    server: &mut McpServer,
    target: &Widget,
    editors: &[PathBuf],
    [target_file, new_file]: [&Path; 2],
    report: &mut Report,
) -> Result<()> {
    // Not `Run`, which everything calls: a name as common as most.
    let callee = resolve(server, &target.step_documentation_id(1, "System.Int32"))?;
    let mut expected = call_sites(server, &callee)?;

    progress("edits: a call added to a method body of another file, then of others");
    let call = format!(
        "var total = a + 0;\n            total += new {}(a).{}(a);\n",
        target.full_name(),
        target.steps[1]
    );
    let mut later = Vec::new();
    for i in 0..=LATER_EDITS {
        let file = &editors[i % editors.len()];
        let text = std::fs::read_to_string(file)?.replacen("var total = a + 0;\n", &call, 1);
        expected += 1;
        let start = Instant::now();
        std::fs::write(file, text)?;
        let shown = until(start, || Ok(call_sites(server, &callee)? == expected));
        if i == 0 {
            edit_row(
                report,
                "server: body edit saved → find_callers shows it",
                shown,
            );
        } else {
            match shown {
                Ok((time, _)) => later.push(time),
                Err(error) => report.fact(format!("server: later body edit {i}: {error:#}")),
            }
        }
    }
    report.latency(
        "server: later body edits saved → find_callers shows them",
        &mut later,
        None,
        "each in another file of the project".to_owned(),
    );

    progress("edits: a parameter added to the callee: its key changes, its callers stay");
    let changed = resolve(server, &target.step_documentation_id(2, "System.Int32"))?;
    let changed_sites = call_sites(server, &changed)?;
    let text = std::fs::read_to_string(target_file)?.replacen(
        &format!("public int {}(int a)\n", target.steps[2]),
        &format!("public int {}(int a, int extra = 0)\n", target.steps[2]),
        1,
    );
    let new_id = target.step_documentation_id(2, "System.Int32,System.Int32");
    let start = Instant::now();
    std::fs::write(target_file, text)?;
    let signature = until(start, || {
        let (_, answer) = server.call("resolve_symbol", json!({ "documentationId": new_id }))?;
        Ok(match answer["symbolKey"].as_str() {
            Some(key) => call_sites(server, key)? == changed_sites,
            None => false,
        })
    });
    edit_row(
        report,
        "server: signature edit saved → find_callers on the new key",
        signature,
    );

    progress("edits: a new file of the callee's project calling it");
    let text = format!(
        "namespace {}\n{{\n    public class CsnavBenchNew\n    {{\n        public int Go(int a) => new {}(a).{}(a);\n    }}\n}}\n",
        target.namespace(),
        target.name(),
        target.steps[1]
    );
    expected += 1;
    let start = Instant::now();
    std::fs::write(new_file, text)?;
    let created = until(start, || Ok(call_sites(server, &callee)? == expected));
    edit_row(
        report,
        "server: new file saved → find_callers shows it",
        created,
    );
    Ok(())
}

/// Asks `shown` until it says yes: the time since `start` and how many asks it took; an error past
/// [`EDIT_DEADLINE`].
fn until(start: Instant, mut shown: impl FnMut() -> Result<bool>) -> Result<(Duration, usize)> {
    let mut asks = 0;
    loop {
        asks += 1;
        if shown()? {
            return Ok((start.elapsed(), asks));
        }
        if start.elapsed() > EDIT_DEADLINE {
            bail!(
                "not shown after {} ({asks} asks)",
                milliseconds(start.elapsed())
            );
        }
    }
}

fn edit_row(report: &mut Report, stage: &str, result: Result<(Duration, usize)>) {
    match result {
        Ok((time, asks)) => report.step(stage, time, None, format!("{asks} asks until shown")),
        Err(error) => report.fact(format!("{stage}: {error:#}")),
    }
}

/// Where a long run is, on stderr (the table goes to stdout at the end).
pub(crate) fn progress(what: &str) {
    eprintln!("[bench] {what}");
}

fn resolve(server: &mut McpServer, documentation_id: &str) -> Result<String> {
    let (_, answer) = server.call(
        "resolve_symbol",
        json!({ "documentationId": documentation_id }),
    )?;
    answer["symbolKey"]
        .as_str()
        .map(str::to_owned)
        .with_context(|| format!("resolve_symbol {documentation_id}: {answer}"))
}

fn call_sites(server: &mut McpServer, key: &str) -> Result<u64> {
    let (_, answer) = server.call("find_callers", json!({ "symbolKey": key }))?;
    answer["callSiteCount"]
        .as_u64()
        .with_context(|| format!("find_callers: {answer}"))
}

fn ensure_success(tool: &str, answer: &Value) -> Result<()> {
    if answer["success"] == json!(true) {
        Ok(())
    } else {
        bail!("{tool} failed: {answer}")
    }
}

/// Waits until process `pid` has been idle (under 5 % of a core) for two seconds in a row, reading
/// its CPU time from `/proc`; `None` where there is no `/proc` or after [`PRIMING_DEADLINE`].
fn wait_until_idle(pid: u32) -> Option<()> {
    let cpu_ticks = || -> Option<u64> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The fields after the command name (which may hold spaces) closed by its `)`.
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
    };
    let deadline = Instant::now() + PRIMING_DEADLINE;
    let mut idle_seconds = 0;
    let mut last = cpu_ticks()?;
    while Instant::now() < deadline {
        std::thread::sleep(Duration::from_secs(1));
        let now = cpu_ticks()?;
        // Clock ticks are hundredths of a second on Linux: 5 a second is 5 % of a core.
        idle_seconds = if now - last < 5 { idle_seconds + 1 } else { 0 };
        last = now;
        if idle_seconds >= 2 {
            return Some(());
        }
    }
    None
}
