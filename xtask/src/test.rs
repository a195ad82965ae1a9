//! `cargo xtask test`: the one command that checks everything, used by CI (`.ci/run`).

use anyhow::Result;
use xshell::{Shell, cmd};

pub(crate) fn run(args: &[String]) -> Result<()> {
    if let Some(arg) = args.first() {
        anyhow::bail!("`cargo xtask test` takes no arguments, got `{arg}`");
    }
    let sh = Shell::new()?;
    sh.change_dir(crate::project_root());

    step("rustfmt");
    cmd!(sh, "cargo fmt --all -- --check").run()?;
    step("clippy");
    cmd!(
        sh,
        "cargo clippy --workspace --all-targets --locked -- -D warnings"
    )
    .run()?;
    step("tests");
    cmd!(sh, "cargo test --workspace --locked").run()?;
    step("MCP client tests");
    crate::mcp_tests::run(&sh)?;
    Ok(())
}

fn step(name: &str) {
    eprintln!("\n== xtask test: {name}");
}
