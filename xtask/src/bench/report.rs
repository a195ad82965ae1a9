//! The result: one markdown table per target, each time next to the floor it is compared with, then
//! the counts; the same as JSON for machines (`to_json`).

use std::{fmt, time::Duration};

use serde_json::{Value, json};

use super::inputs::Inputs;

/// The yardsticks, measured in the same run on the same files.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Floor {
    /// Read every file and count its lines.
    TextScan,
    /// tree-sitter alone over the original texts, one thread.
    TreeSitter,
    /// The same on every rayon thread.
    TreeSitterParallel,
    /// One name looked for, as a whole word, in every text already in memory: the least a reference
    /// search without an index pays.
    WordScan,
    /// `rg -w -F NAME` over the workspace's `.cs` files (when ripgrep is installed).
    Ripgrep,
}

impl Floor {
    fn short(self) -> &'static str {
        match self {
            Floor::TextScan => "scan",
            Floor::TreeSitter => "ts",
            Floor::TreeSitterParallel => "ts-par",
            Floor::WordScan => "words",
            Floor::Ripgrep => "rg",
        }
    }
}

pub(crate) struct Report {
    heading: String,
    megabytes: f64,
    floors: Vec<(Floor, Duration)>,
    rows: Vec<Row>,
    facts: Vec<String>,
}

struct Row {
    stage: String,
    /// The median for a latency row.
    time: Duration,
    /// A latency row: the 99th percentile and the number of samples.
    p99: Option<(Duration, usize)>,
    /// Whether the stage went over every byte once, so that MB/s means something.
    whole_input: bool,
    vs: Option<Floor>,
    note: String,
}

impl Report {
    pub(crate) fn new(inputs: &Inputs) -> Report {
        let heading = format!(
            "{}: {} projects, {} files, {} lines, {:.2} MB{}",
            inputs.target.display(),
            inputs.workspace.projects.len(),
            inputs.files.len(),
            inputs.lines,
            inputs.megabytes(),
            match inputs.unreadable {
                0 => String::new(),
                n => format!(" ({n} listed files unreadable)"),
            }
        );
        Report {
            heading,
            megabytes: inputs.megabytes(),
            floors: Vec::new(),
            rows: Vec::new(),
            facts: Vec::new(),
        }
    }

    pub(crate) fn floor(&mut self, floor: Floor, stage: &str, time: Duration, note: String) {
        self.floors.push((floor, time));
        self.rows.push(Row {
            stage: stage.to_owned(),
            time,
            p99: None,
            whole_input: true,
            vs: Some(floor),
            note,
        });
    }

    /// A stage over every file: shown with its MB/s.
    pub(crate) fn pass(&mut self, stage: &str, time: Duration, vs: Floor, note: String) {
        self.rows.push(Row {
            stage: stage.to_owned(),
            time,
            p99: None,
            whole_input: true,
            vs: Some(vs),
            note,
        });
    }

    /// A query or a step whose time is not per byte.
    pub(crate) fn step(&mut self, stage: &str, time: Duration, vs: Option<Floor>, note: String) {
        self.rows.push(Row {
            stage: stage.to_owned(),
            time,
            p99: None,
            whole_input: false,
            vs,
            note,
        });
    }

    /// A floor known only for some targets (ripgrep when installed, the word scan when names were
    /// sampled): no row of its own beyond this one.
    pub(crate) fn floor_step(&mut self, floor: Floor, stage: &str, time: Duration, note: String) {
        self.floors.push((floor, time));
        self.step(stage, time, None, note);
    }

    /// Many timings of one kind of request: the median is the row's time, with the 99th percentile.
    pub(crate) fn latency(
        &mut self,
        stage: &str,
        samples: &mut [Duration],
        vs: Option<Floor>,
        note: String,
    ) {
        if samples.is_empty() {
            self.fact(format!("{stage}: no sample"));
            return;
        }
        samples.sort_unstable();
        let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
        self.rows.push(Row {
            stage: stage.to_owned(),
            time: at(0.5),
            p99: Some((at(0.99), samples.len())),
            whole_input: false,
            vs,
            note,
        });
    }

    pub(crate) fn fact(&mut self, fact: String) {
        self.facts.push(fact);
    }

    pub(crate) fn memory(&mut self, peak_kb: Option<u64>) {
        if let Some(kb) = peak_kb {
            self.fact(format!(
                "peak RSS of the whole run (VmHWM): {:.1} MB = {:.1}× the source size",
                kb as f64 / 1024.0,
                kb as f64 * 1024.0 / (self.megabytes * 1e6).max(1.0)
            ));
        }
    }

    fn floor_time(&self, floor: Floor) -> Option<Duration> {
        self.floors
            .iter()
            .find(|(f, _)| *f == floor)
            .map(|&(_, time)| time)
    }

    /// `time / floor` when the floor was measured.
    fn ratio(&self, row: &Row) -> Option<(Floor, f64)> {
        let floor = row.vs?;
        let time = self.floor_time(floor).filter(|t| !t.is_zero())?;
        Some((floor, row.time.as_secs_f64() / time.as_secs_f64()))
    }

    /// Every row and fact; times in milliseconds. Shape: `{ heading, megabytes, rows: [{ stage, ms,
    /// p99Ms?, samples?, floor?, ratio?, note }], facts: [..] }`.
    pub(crate) fn to_json(&self) -> Value {
        let ms = |t: Duration| t.as_secs_f64() * 1000.0;
        json!({
            "heading": self.heading,
            "megabytes": self.megabytes,
            "rows": self.rows.iter().map(|row| {
                let mut value = json!({ "stage": row.stage, "ms": ms(row.time), "note": row.note });
                if let Some((p99, samples)) = row.p99 {
                    value["p99Ms"] = json!(ms(p99));
                    value["samples"] = json!(samples);
                }
                if let Some((floor, ratio)) = self.ratio(row) {
                    value["floor"] = json!(floor.short());
                    value["ratio"] = json!(ratio);
                }
                value
            }).collect::<Vec<_>>(),
            "facts": self.facts,
        })
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "### {}\n", self.heading)?;
        writeln!(f, "| stage | time | MB/s | × floor | notes |")?;
        writeln!(f, "|---|---:|---:|---:|---|")?;
        for row in &self.rows {
            let secs = row.time.as_secs_f64();
            let throughput = if row.whole_input && secs > 0.0 {
                format!("{:.1}", self.megabytes / secs)
            } else {
                String::new()
            };
            let ratio = self
                .ratio(row)
                .map(|(floor, ratio)| format!("{ratio:.2}× {}", floor.short()))
                .unwrap_or_default();
            let time = match row.p99 {
                Some((p99, n)) => format!(
                    "p50 {} · p99 {} (n={n})",
                    milliseconds(row.time),
                    milliseconds(p99)
                ),
                None => milliseconds(row.time),
            };
            writeln!(
                f,
                "| {} | {time} | {throughput} | {ratio} | {} |",
                row.stage, row.note
            )?;
        }
        writeln!(f)?;
        for fact in &self.facts {
            writeln!(f, "- {fact}")?;
        }
        Ok(())
    }
}

pub(crate) fn milliseconds(time: Duration) -> String {
    let ms = time.as_secs_f64() * 1000.0;
    if ms < 10.0 {
        format!("{ms:.3} ms")
    } else {
        format!("{ms:.1} ms")
    }
}
