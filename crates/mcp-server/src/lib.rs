//! csnav's server: the only crate that knows JSON, tokio, MCP and the file system.
//!
//! - `workspace`: project model → file ids → analysis inputs, kept current by a file watcher;
//! - `server`: the rmcp adapter (lifecycle, cancellation, progress);
//! - `transport`: the stdio framing layer below rmcp that answers every malformed line;
//! - `http`: the Streamable HTTP transport (rmcp's service on hyper), one workspace for many clients;
//! - `nav_command`: `csnav search|hierarchy|callers|callees|refs`, the tools as tables for people;
//! - `tools`: the MCP tools, built on the small shared modules `args`, `options`, `paging`, `paths`,
//!   `scope`, `symbol_key` and `error`.

mod allocator;
mod args;
mod coverage;
mod error;
pub mod fuzz;
mod http;
mod index_cache;
mod load_command;
mod nav_command;
mod options;
mod paging;
mod paths;
mod scope;
mod server;
mod state;
mod stats_command;
mod symbol_key;
mod syntax_errors;
mod tools;
mod transport;
mod workers;
mod workspace;

use std::{path::Path, sync::Arc};

use rmcp::ServiceExt;

pub use crate::{
    http::{Exposure, serve_http},
    index_cache::IndexCacheConfig,
    load_command::load_and_report,
    nav_command::{NavCommand, NavFormat, navigate},
    stats_command::{StatsFormat, stats},
    tools::tool_names,
};

pub(crate) const ANALYSIS_STACK: usize = 16 << 20;

/// Serves MCP over stdin/stdout for the workspace at `path` until the client closes stdin; restarts
/// read what `index_cache` persisted.
pub fn serve_stdio(path: &Path, index_cache: IndexCacheConfig) -> anyhow::Result<()> {
    let state = open_state(path, index_cache)?;
    let runtime = server_runtime()?;
    let served = runtime.block_on(async {
        let loader = state.clone();
        // Loading runs beside the protocol, so `initialize` is answered at once.
        tokio::task::spawn_blocking(move || loader.load());
        let (service_side, framing) = transport::start(tokio::io::stdin(), tokio::io::stdout());
        let service = server::CsnavServer::new(state).serve(service_side).await?;
        service.waiting().await?;
        // Everything rmcp wrote reaches stdout before the process ends.
        framing.await?;
        anyhow::Ok(())
    });
    // The client has gone: a load still under way has no one to answer, so do not wait for it.
    runtime.shutdown_background();
    served
}

/// The server's state for the workspace at `path`, not loaded yet, with the analysis threads started.
fn open_state(
    path: &Path,
    index_cache: IndexCacheConfig,
) -> anyhow::Result<Arc<state::ServerState>> {
    let input = std::fs::canonicalize(path)
        .map_err(|e| anyhow::anyhow!("cannot open {}: {e}", path.display()))?;
    let state = state::ServerState::new(input, index_cache);
    start_analysis_threads()?;
    Ok(state)
}

/// The runtime the transports run on; the tools run on its blocking threads, which get the analysis
/// stack.
fn server_runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    Ok(tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(ANALYSIS_STACK)
        .build()?)
}

/// Lowering and binding recurse along the syntax tree (at most 1000 levels deep, the syntax crate
/// flattens the rest): the rayon threads that analyse get stacks that hold that in any build. Call
/// once per process, before anything uses rayon.
pub fn start_analysis_threads() -> anyhow::Result<()> {
    rayon::ThreadPoolBuilder::new()
        .stack_size(ANALYSIS_STACK)
        .build_global()
        .map_err(|e| anyhow::anyhow!("cannot start the analysis threads: {e}"))
}
