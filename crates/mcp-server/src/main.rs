//! `csnav`: a C# code-navigation engine for AI agents, served over MCP.

use std::{net::SocketAddr, path::PathBuf, process::ExitCode};

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

/// Every Rust allocation of the process, as tree-sitter's (`use_mimalloc_for_tree_sitter`): glibc's
/// `malloc` and `free` were a fifth of binding's instructions (4.2 million allocations binding
/// AutoMapper's bodies, a third of them rowan cursor nodes; 110 instructions each with its free),
/// mimalloc's thread-local free lists cost a fraction of that.
/// Built without transparent huge pages (`no_thp`): with them the peak memory was a quarter higher
/// and the runs slower and more uneven (huge-page faults and compaction).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
    /// Serve MCP over stdin/stdout for a workspace (a folder, .sln, .slnx or .csproj), or over
    /// Streamable HTTP with --http.
    Mcp {
        #[arg(default_value = ".")]
        path: PathBuf,
        /// Serve Streamable HTTP at this address (e.g. 127.0.0.1:8765, port 0 for any free one) on the
        /// endpoint /mcp, for several clients at once, instead of stdio.
        #[arg(long, value_name = "ADDR:PORT")]
        http: Option<SocketAddr>,
        /// With --http: also serve on an address that is not loopback. csnav has no authentication.
        #[arg(long, requires = "http")]
        allow_remote: bool,
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
    /// Find types and members by name (as search_symbols: exact, prefix, camel humps, substring).
    Search(NavArgs),
    /// Base types, interfaces and derived types of a type (get_type_hierarchy).
    Hierarchy(NavArgs),
    /// The members that call a method, constructor, accessor or event, with call sites (find_callers).
    Callers(NavArgs),
    /// What a member calls, with call sites (get_outgoing_calls).
    Callees(NavArgs),
    /// Every reference to a symbol (find_references).
    Refs(NavArgs),
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

/// The navigation commands' arguments.
#[derive(clap::Args)]
struct NavArgs {
    /// The workspace: a folder, .sln, .slnx or .csproj.
    path: PathBuf,
    /// A full name (Bookstore.Data.BookRepository), a documentation id (T:Bookstore.Data.BookRepository)
    /// or a simple name (BookRepository); an ambiguous one lists its candidates. For search, the query.
    name: String,
    /// Print the tool's JSON answer (its structuredContent) instead of tables.
    #[arg(long)]
    json: bool,
}

fn navigate(command: mcp_server::NavCommand, args: NavArgs) -> anyhow::Result<()> {
    let format = if args.json {
        mcp_server::NavFormat::Json
    } else {
        mcp_server::NavFormat::Table
    };
    mcp_server::navigate(&args.path, command, &args.name, format).map(|answer| print!("{answer}"))
}

#[allow(unsafe_code)]
fn main() -> ExitCode {
    // SAFETY: first thing, before any tree-sitter object exists, and only here.
    unsafe { ide::use_mimalloc_for_tree_sitter() };
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
            http: None,
            no_cache,
            cache_dir,
            ..
        } => mcp_server::serve_stdio(
            &path,
            mcp_server::IndexCacheConfig::resolve(no_cache, cache_dir),
        ),
        Command::Mcp {
            path,
            http: Some(listen),
            allow_remote,
            no_cache,
            cache_dir,
        } => {
            let exposure = if allow_remote {
                mcp_server::Exposure::AllowRemote
            } else {
                mcp_server::Exposure::LoopbackOnly
            };
            let cache = mcp_server::IndexCacheConfig::resolve(no_cache, cache_dir);
            mcp_server::serve_http(&path, listen, exposure, cache)
        }
        Command::Load { path, calls } => mcp_server::start_analysis_threads()
            .and_then(|()| mcp_server::load_and_report(&path, calls))
            .map(|report| print!("{report}")),
        Command::Search(args) => navigate(mcp_server::NavCommand::Search, args),
        Command::Hierarchy(args) => navigate(mcp_server::NavCommand::Hierarchy, args),
        Command::Callers(args) => navigate(mcp_server::NavCommand::Callers, args),
        Command::Callees(args) => navigate(mcp_server::NavCommand::Callees, args),
        Command::Refs(args) => navigate(mcp_server::NavCommand::Refs, args),
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
