//! Project automation: `cargo xtask <command>`.
//!
//! - `test`: every check CI runs — formatting, clippy, the whole test suite.
//! - `codegen`: regenerate the syntax crate's kinds and typed AST from the C# grammar.
//! - `bench [PATH]`: throughput and latency against floors measured in the same run (release build).
//! - `oracle-compare ORACLE_JSON SOURCE_DIR`: csnav's call graph and hierarchy against the compiler's.
//! - `surface`: regenerate the built-in framework surface from Mono's reference assemblies.

mod bench;
mod codegen;
mod mcp_tests;
mod oracle_compare;
mod surface;
mod test;
#[cfg(test)]
mod tidy;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => test::run(&args[1..]),
        Some("codegen") => codegen::run(&args[1..]),
        Some("bench") => bench::run(&args[1..]),
        Some("bench-run") => bench::run_in_process(&args[1..]),
        Some("oracle-compare") => oracle_compare::run(&args[1..]),
        Some("surface") => surface::run(&args[1..]),
        _ => {
            eprintln!(
                "usage: cargo xtask <test|codegen|bench [PATH]|oracle-compare ORACLE_JSON SOURCE_DIR|surface>"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("xtask: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root (xtask lives one level below it).
fn project_root() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    dir.parent().unwrap_or(dir).to_path_buf()
}
