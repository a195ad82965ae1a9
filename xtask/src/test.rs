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
    step("reference assemblies");
    let mono = ensure_mono(&sh);
    let netcore = match crate::surface::fetch_netcore_inputs(&sh) {
        Ok(_) => true,
        Err(err) => {
            eprintln!("warning: the .NET Core 2.2 surface inputs are missing ({err:#})");
            false
        }
    };
    sh.change_dir(crate::project_root());
    step("tests");
    let mut test = cmd!(sh, "cargo test --workspace --locked");
    // With the real assemblies present, the tests that read them must run, not skip.
    if mono {
        test = test.env("CSNAV_REQUIRE_MONO", "1");
    }
    if mono && netcore {
        test = test.env("CSNAV_REQUIRE_SURFACE_INPUTS", "1");
    }
    test.run()?;
    step("MCP client tests");
    crate::mcp_tests::run(&sh)?;
    Ok(())
}

/// Mono's .NET Framework reference assemblies (`/usr/lib/mono/4.8-api`) are what the metadata reader,
/// the reference discovery and the built-in surface's staleness check are tested against. As root on
/// Debian (CI) they are installed with `apt-get install mono-devel`; elsewhere their absence is said
/// and those tests skip.
fn ensure_mono(sh: &Shell) -> bool {
    let present = || {
        std::path::Path::new(crate::surface::MONO_API)
            .join("mscorlib.dll")
            .exists()
    };
    if present() {
        return true;
    }
    let is_root = cmd!(sh, "id -u").read().is_ok_and(|uid| uid.trim() == "0");
    if is_root
        && cmd!(sh, "which apt-get")
            .quiet()
            .ignore_stdout()
            .run()
            .is_ok()
    {
        let installed = cmd!(sh, "apt-get update -qq").quiet().run().and_then(|()| {
            cmd!(
                sh,
                "apt-get install -y -qq --no-install-recommends mono-devel"
            )
            .env("DEBIAN_FRONTEND", "noninteractive")
            .quiet()
            .run()
        });
        if let Err(err) = installed {
            eprintln!("could not install mono-devel: {err}");
        }
    }
    if !present() {
        eprintln!(
            "warning: {} is missing (apt-get install mono-devel): the tests over real reference \
             assemblies skip",
            crate::surface::MONO_API
        );
    }
    present()
}

fn step(name: &str) {
    eprintln!("\n== xtask test: {name}");
}
