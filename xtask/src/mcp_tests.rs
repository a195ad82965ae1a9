//! The MCP tests: the official Python SDK (`mcp` from PyPI) drives the built `csnav mcp` over stdio,
//! then the official TypeScript SDK and MCP Inspector's CLI (npm) do, which validate every result
//! against the tool's `outputSchema`.
//!
//! The SDK and pytest are pinned in `tests/mcp/requirements.txt` and installed into a virtualenv under
//! the target directory, once per change of that file; the npm packages are pinned in
//! `tests/mcp-node/package-lock.json` and installed (`npm ci`) into `mcp-node` under the target
//! directory the same way.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use xshell::{Shell, cmd};

pub(crate) fn run(sh: &Shell) -> Result<()> {
    cmd!(sh, "cargo build -p mcp-server --bin csnav --locked").run()?;
    let target = target_dir();
    let binary = target.join("debug").join("csnav");
    let python = ensure_venv(sh, &target.join("mcp-venv"))?;
    let _bin = sh.push_env("CSNAV_BIN", &binary);
    // The servers' persisted index goes to a folder of the run's own, not the user's cache folder;
    // emptied first so that every run starts cold.
    let index_cache = target.join("mcp-index-cache");
    let _ = std::fs::remove_dir_all(&index_cache);
    let _cache = sh.push_env("CSNAV_CACHE_DIR", &index_cache);
    // pytest exits non-zero on failures and also when it collects no test (exit code 5).
    cmd!(sh, "{python} -m pytest tests/mcp -q -p no:cacheprovider")
        .run()
        .context("MCP client tests failed")?;
    let node_tests = ensure_node_modules(sh, &target.join("mcp-node"))?;
    let _examples = sh.push_env("CSNAV_EXAMPLES", crate::project_root().join("examples"));
    cmd!(sh, "node --test {node_tests}")
        .run()
        .context("TypeScript SDK and MCP Inspector tests failed")?;
    Ok(())
}

fn target_dir() -> PathBuf {
    let root = crate::project_root();
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), |dir| root.join(dir))
}

/// Creates the virtualenv and installs the pinned requirements unless they are installed already.
fn ensure_venv(sh: &Shell, venv: &Path) -> Result<PathBuf> {
    let requirements = crate::project_root().join("tests/mcp/requirements.txt");
    let wanted = sh.read_file(&requirements)?;
    let stamp = venv.join("installed-requirements.txt");
    let python = venv.join("bin").join("python");
    if python.exists()
        && sh
            .read_file(&stamp)
            .is_ok_and(|installed| installed == wanted)
    {
        return Ok(python);
    }
    cmd!(sh, "python3 -m venv {venv}").run()?;
    cmd!(
        sh,
        "{python} -m pip install --quiet --disable-pip-version-check -r {requirements}"
    )
    .run()?;
    sh.write_file(&stamp, wanted)?;
    Ok(python)
}

/// Installs the pinned npm packages into `dir` unless the same lock file is installed already, and
/// copies the test there (Node resolves packages from the importing file's folder up); returns the test.
fn ensure_node_modules(sh: &Shell, dir: &Path) -> Result<PathBuf> {
    let source = crate::project_root().join("tests/mcp-node");
    let lock = sh.read_file(source.join("package-lock.json"))?;
    let stamp = dir.join("installed-package-lock.json");
    if !sh
        .read_file(&stamp)
        .is_ok_and(|installed| installed == lock)
    {
        sh.create_dir(dir)?;
        sh.copy_file(source.join("package.json"), dir)?;
        sh.copy_file(source.join("package-lock.json"), dir)?;
        // No install scripts: the packages need none (Inspector's only one is for its source checkout).
        cmd!(
            sh,
            "npm ci --ignore-scripts --no-audit --no-fund --prefix {dir}"
        )
        .run()?;
        sh.write_file(&stamp, lock)?;
    }
    let test = dir.join("clients.test.mjs");
    sh.copy_file(source.join("clients.test.mjs"), &test)?;
    Ok(test)
}
