//! A restart of the real server on an unchanged workspace: the first server wrote its persisted
//! index (item trees and source maps, `index_cache.rs`) into a folder of the bench's own, a second
//! one reads it. Timed like the cold start, from the process start to the first answer.

use std::{
    ffi::OsStr,
    path::PathBuf,
    time::{Duration, Instant},
};

use anyhow::{Context, Result, bail};
use serde_json::json;

use super::{
    inputs::Inputs,
    mcp_client::McpServer,
    report::{Floor, Report, milliseconds},
    server::progress,
};

/// How long the first server's index may take to appear on disk after it stopped answering.
const WRITE_DEADLINE: Duration = Duration::from_secs(120);

/// The persisted index's folder for one target, emptied when made.
pub(crate) struct IndexDir {
    dir: PathBuf,
}

impl IndexDir {
    pub(crate) fn fresh(inputs: &Inputs) -> Result<IndexDir> {
        let name: String = inputs
            .target
            .to_string_lossy()
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '-' })
            .collect();
        let dir = super::target_dir().join("bench/index-cache").join(name);
        if dir.exists() {
            std::fs::remove_dir_all(&dir).with_context(|| format!("emptying {}", dir.display()))?;
        }
        Ok(IndexDir { dir })
    }

    pub(crate) fn args(&self) -> [&OsStr; 2] {
        [OsStr::new("--cache-dir"), self.dir.as_os_str()]
    }

    /// The size of the pack the first server wrote, once it is there.
    fn written(&self) -> Option<u64> {
        std::fs::read_dir(&self.dir)
            .ok()?
            .flatten()
            .find(|e| e.file_name().to_string_lossy().ends_with(".pack"))
            .and_then(|e| e.metadata().ok())
            .map(|m| m.len())
    }
}

/// Starts the server again on the index the first one wrote and times its first answer (the same
/// `search_symbols` as the cold start's), beside the cold start.
pub(crate) fn measure(
    csnav: &std::path::Path,
    inputs: &Inputs,
    index: &IndexDir,
    first_query: &str,
    cold: Duration,
    report: &mut Report,
) -> Result<()> {
    progress("server: restart with the persisted index, first search_symbols");
    let waited = Instant::now();
    let pack = loop {
        if let Some(len) = index.written() {
            break len;
        }
        if waited.elapsed() > WRITE_DEADLINE {
            bail!("no persisted index in {}", index.dir.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let start = Instant::now();
    let mut server = McpServer::start(csnav, &inputs.target, &index.args())?;
    let (_, answer) = server.call("search_symbols", json!({ "query": first_query }))?;
    let first_answer = start.elapsed();
    if answer["success"] != json!(true) {
        bail!("search_symbols failed after a restart: {answer}");
    }
    let (_, status) = server.call("server_status", json!({}))?;
    server.stop()?;
    let persisted = &status["persistedIndex"];
    report.step(
        "server: restart → first answer, persisted index",
        first_answer,
        Some(Floor::TreeSitterParallel),
        format!(
            "{} item trees and word indexes read from the index, {} computed; pack {:.1} MB; cold start {} = {:.1}× this",
            persisted["read"],
            persisted["computed"],
            pack as f64 / 1e6,
            milliseconds(cold),
            cold.as_secs_f64() / first_answer.as_secs_f64().max(1e-9)
        ),
    );
    Ok(())
}
