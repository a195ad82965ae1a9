//! The printed result: one markdown table per target, each time next to the floor it is compared with,
//! then the counts.

use std::{fmt, time::Duration};

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
}

impl Floor {
    fn short(self) -> &'static str {
        match self {
            Floor::TextScan => "scan",
            Floor::TreeSitter => "ts",
            Floor::TreeSitterParallel => "ts-par",
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
    time: Duration,
    /// Whether the stage went over every byte once, so that MB/s means something.
    whole_input: bool,
    vs: Option<Floor>,
    note: String,
}

impl Report {
    pub(crate) fn new(inputs: &Inputs) -> Report {
        let heading = format!(
            "{}: {} projects, {} files, {:.2} MB{}",
            inputs.target.display(),
            inputs.workspace.projects.len(),
            inputs.files.len(),
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
            let ratio = match row
                .vs
                .and_then(|floor| Some((floor, self.floor_time(floor)?)))
            {
                Some((floor, time)) if !time.is_zero() => {
                    format!("{:.2}× {}", secs / time.as_secs_f64(), floor.short())
                }
                _ => String::new(),
            };
            writeln!(
                f,
                "| {} | {} | {throughput} | {ratio} | {} |",
                row.stage,
                milliseconds(row.time),
                row.note
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
