//! `csnav`: a C# code-navigation engine for AI agents, served over MCP.

use std::{path::PathBuf, process::ExitCode};

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

#[derive(Parser)]
#[command(
    name = "csnav",
    version,
    about = "C# code navigation (type hierarchy, symbols) for AI agents over MCP"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve MCP over stdin/stdout for a workspace (a folder, .sln, .slnx or .csproj).
    Mcp {
        #[arg(default_value = ".")]
        path: PathBuf,
        /// Do not read or write the persisted index (also: a non-empty CSNAV_NO_CACHE).
        #[arg(long)]
        no_cache: bool,
        /// Where the persisted index lives (also: CSNAV_CACHE_DIR; default: the user's cache
        /// folder, e.g. ~/.cache/csnav).
        #[arg(long, value_name = "DIR")]
        cache_dir: Option<PathBuf>,
    },
    /// Load a workspace and print its projects, files, references, parse errors and timings.
    Load {
        #[arg(default_value = ".")]
        path: PathBuf,
        /// Also bind every body and print how the call sites bound.
        #[arg(long)]
        calls: bool,
    },
    /// Run every analysis phase over a workspace and print per-phase times, counts, binding
    /// coverage, parse errors and peak memory.
    Stats {
        #[arg(default_value = ".")]
        path: PathBuf,
        /// Print JSON (the shape documented in docs/stats.md) instead of text.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // stdout belongs to the protocol: logs go to stderr only.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_env_filter(
            EnvFilter::try_from_env("CSNAV_LOG").unwrap_or_else(|_| EnvFilter::new("warn")),
        )
        .init();
    let result = match cli.command {
        Command::Mcp {
            path,
            no_cache,
            cache_dir,
        } => mcp_server::serve_stdio(
            &path,
            mcp_server::IndexCacheConfig::resolve(no_cache, cache_dir),
        ),
        Command::Load { path, calls } => mcp_server::start_analysis_threads()
            .and_then(|()| mcp_server::load_and_report(&path, calls))
            .map(|report| print!("{report}")),
        Command::Stats { path, json } => {
            let format = if json {
                mcp_server::StatsFormat::Json
            } else {
                mcp_server::StatsFormat::Text
            };
            mcp_server::start_analysis_threads()
                .and_then(|()| mcp_server::stats(&path, format))
                .map(|report| print!("{report}"))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("csnav: {error:#}");
            ExitCode::FAILURE
        }
    }
}
