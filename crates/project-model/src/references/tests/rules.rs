//! The target framework compatibility table, NuGet's nearest-framework choice, version specs,
//! and where [`ReferenceEnvironment::from_process`] looks.

use std::{
    ffi::OsString,
    path::{Path, PathBuf},
};

use expect_test::expect;

use crate::{
    references::{
        env::{Host, from_host},
        version::{Version, VersionSpec},
    },
    tfm::Tfm,
};

fn tfm(name: &str) -> Tfm {
    Tfm::parse(name).unwrap_or_else(|| panic!("{name} is a framework"))
}

#[test]
fn compatibility_table() {
    // (project, asset framework, compatible)
    let table = [
        ("net8.0", "net8.0", true),
        ("net8.0", "net7.0", true),
        ("net8.0", "net5.0", true),
        ("net8.0", "netcoreapp3.1", true),
        ("net8.0", "netcoreapp1.0", true),
        ("net8.0", "netstandard2.1", true),
        ("net8.0", "netstandard1.0", true),
        ("net8.0", "net9.0", false),
        ("net8.0", "net48", false),
        ("net8.0", "net8.0-windows", false),
        ("net8.0-windows10.0.19041", "net8.0-windows7.0", true),
        ("net8.0-windows", "net8.0", true),
        ("netcoreapp3.1", "netstandard2.1", true),
        ("netcoreapp2.1", "netstandard2.1", false),
        ("netcoreapp2.1", "netstandard2.0", true),
        ("netcoreapp1.1", "netstandard1.6", true),
        ("netcoreapp1.1", "netstandard2.0", false),
        ("netstandard2.0", "netstandard1.6", true),
        ("netstandard2.0", "netstandard2.1", false),
        ("netstandard2.0", "net461", false),
        ("netstandard2.1", "netcoreapp3.0", false),
        ("net48", "net472", true),
        ("net48", "net45", true),
        ("net48", "net40-client", true),
        ("net48", "net481", false),
        ("net48", "netstandard2.0", true),
        ("net48", "netstandard2.1", false),
        ("net461", "netstandard2.0", true),
        ("net46", "netstandard1.3", true),
        ("net46", "netstandard1.4", false),
        ("net451", "netstandard1.2", true),
        ("net45", "netstandard1.1", true),
        ("net45", "netstandard1.2", false),
        ("net40", "netstandard1.0", false),
        ("net48", "net8.0", false),
        (".NETFramework,Version=v4.7.2", "net471", true),
        (".NETCoreApp,Version=v8.0", ".NETStandard2.0", true),
    ];
    let wrong: Vec<String> = table
        .iter()
        .filter(|(project, asset, expected)| {
            tfm(project).is_compatible_with(&tfm(asset)) != *expected
        })
        .map(|(project, asset, expected)| format!("{project} uses {asset}: expected {expected}"))
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn nearest_framework() {
    let nearest = |project: &str, candidates: &[&str]| {
        // `any` stands for assets without a framework.
        let parsed: Vec<Option<Tfm>> = candidates
            .iter()
            .map(|c| if *c == "any" { None } else { Some(tfm(c)) })
            .collect();
        let chosen = tfm(project).nearest(parsed.iter().map(Option::as_ref));
        format!("{project}: {}", chosen.map_or("none", |i| candidates[i]))
    };
    let chosen = [
        nearest("net8.0", &["net6.0", "net7.0", "netstandard2.1", "net48"]),
        nearest(
            "net8.0",
            &["netstandard2.0", "netstandard2.1", "netcoreapp2.0"],
        ),
        nearest("net8.0", &["netstandard2.0", "net45", "any"]),
        nearest("net8.0", &["net462", "net45", "any"]),
        nearest("net8.0", &["net45", "any"]),
        nearest(
            "net8.0-windows",
            &["net8.0", "net8.0-windows", "net7.0-windows"],
        ),
        nearest("net48", &["netstandard2.0", "net45", "net472", "net481"]),
        nearest("net48", &["netstandard2.0", "netstandard2.1"]),
        nearest(
            "netstandard2.0",
            &["netstandard1.3", "netstandard1.6", "net45"],
        ),
        nearest("netcoreapp1.0", &["net461", "netstandard1.6"]),
        nearest("net40", &["netstandard1.0", "net45"]),
    ];
    expect![[r#"
        [
            "net8.0: net7.0",
            "net8.0: netcoreapp2.0",
            "net8.0: netstandard2.0",
            "net8.0: net462",
            "net8.0: any",
            "net8.0-windows: net8.0-windows",
            "net48: net472",
            "net48: netstandard2.0",
            "netstandard2.0: netstandard1.6",
            "netcoreapp1.0: netstandard1.6",
            "net40: none",
        ]
    "#]]
    .assert_debug_eq(&chosen);
}

#[test]
fn framework_names_long_and_short() {
    let names = [
        ".NETFramework,Version=v4.7.2",
        ".NETFramework4.5",
        ".NETFramework,Version=v4.0,Profile=Client",
        ".NETStandard2.0",
        ".NETCoreApp,Version=v8.0",
        ".NETCoreApp3.1",
        "net40-client",
        "portable-net45+win8",
        ".NETPortable,Version=v4.5",
        "MonoAndroid10",
    ]
    .map(|name| (name, Tfm::parse(name).map(|t| t.short_name())));
    expect![[r#"
        [
            (
                ".NETFramework,Version=v4.7.2",
                Some(
                    "net472",
                ),
            ),
            (
                ".NETFramework4.5",
                Some(
                    "net45",
                ),
            ),
            (
                ".NETFramework,Version=v4.0,Profile=Client",
                Some(
                    "net40",
                ),
            ),
            (
                ".NETStandard2.0",
                Some(
                    "netstandard2.0",
                ),
            ),
            (
                ".NETCoreApp,Version=v8.0",
                Some(
                    "net8.0",
                ),
            ),
            (
                ".NETCoreApp3.1",
                Some(
                    "netcoreapp3.1",
                ),
            ),
            (
                "net40-client",
                Some(
                    "net40",
                ),
            ),
            (
                "portable-net45+win8",
                None,
            ),
            (
                ".NETPortable,Version=v4.5",
                None,
            ),
            (
                "MonoAndroid10",
                None,
            ),
        ]
    "#]]
    .assert_debug_eq(&names);
}

#[test]
fn version_order() {
    let mut versions: Vec<Version> = [
        "1.0.0",
        "1.0.0-beta.2",
        "1.0.0-beta.10",
        "1.0.0-alpha",
        "1.0",
        "0.9.9.9",
        "1.0.0.1",
        "1.0.0-beta",
        "10.0.0",
        "2.0.0-rc.1+build.5",
    ]
    .iter()
    .filter_map(|v| Version::parse(v))
    .collect();
    versions.sort();
    versions.dedup();
    let shown: Vec<String> = versions.iter().map(ToString::to_string).collect();
    expect![[r#"
        [
            "0.9.9.9",
            "1.0.0-alpha",
            "1.0.0-beta",
            "1.0.0-beta.2",
            "1.0.0-beta.10",
            "1.0.0",
            "1.0.0.1",
            "2.0.0-rc.1",
            "10.0.0",
        ]
    "#]]
    .assert_debug_eq(&shown);
    assert!(
        ["", "1.x", "1..2", "1.2.3.4.5", "1.0-", "v1.0"]
            .iter()
            .all(|v| Version::parse(v).is_none())
    );
}

#[test]
fn version_specs_pick_as_nuget() {
    let present: Vec<Version> = [
        "0.9.0",
        "1.0.0",
        "1.2.0",
        "1.5.0-beta",
        "1.9.1",
        "2.0.0",
        "2.1.0-rc.1",
        "3.0.0",
    ]
    .iter()
    .filter_map(|v| Version::parse(v))
    .collect();
    let pick = |spec: &str| {
        let picked =
            VersionSpec::parse(spec).map(|s| s.pick(&present, |v| v).map(ToString::to_string));
        format!(
            "{spec:>14} -> {}",
            match picked {
                None => "not a spec".to_owned(),
                Some(None) => "none".to_owned(),
                Some(Some(v)) => v,
            }
        )
    };
    let picks = [
        "1.0",
        "1.1",
        "",
        "[1.2.0]",
        "[1.1]",
        "[1.0,2.0)",
        "(1.0,2.0]",
        "(,1.0]",
        "[1.5.0-alpha,2.0)",
        "1.*",
        "1.2.*",
        "*",
        "*-*",
        "2.1.0-*",
        "[1.*, 2.0)",
        "4.0",
        "1.*.3",
        "[1.0",
        "abc",
    ]
    .map(pick);
    expect![[r#"
        [
            "           1.0 -> 1.0.0",
            "           1.1 -> 1.2.0",
            "               -> 0.9.0",
            "       [1.2.0] -> 1.2.0",
            "         [1.1] -> none",
            "     [1.0,2.0) -> 1.0.0",
            "     (1.0,2.0] -> 1.2.0",
            "        (,1.0] -> 0.9.0",
            "[1.5.0-alpha,2.0) -> 1.5.0-beta",
            "           1.* -> 1.9.1",
            "         1.2.* -> 1.2.0",
            "             * -> 3.0.0",
            "           *-* -> 3.0.0",
            "       2.1.0-* -> 2.1.0-rc.1",
            "    [1.*, 2.0) -> 1.9.1",
            "           4.0 -> none",
            "         1.*.3 -> not a spec",
            "          [1.0 -> not a spec",
            "           abc -> not a spec",
        ]
    "#]]
    .assert_debug_eq(&picks);
}

/// A machine described by its environment variables, files and links.
struct FakeHost {
    vars: Vec<(&'static str, &'static str)>,
    files: Vec<&'static str>,
    dirs: Vec<&'static str>,
    links: Vec<(&'static str, &'static str)>,
}

impl Host for FakeHost {
    fn var(&self, name: &str) -> Option<OsString> {
        self.vars
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| OsString::from(v))
    }

    fn canonicalize(&self, path: &Path) -> Option<PathBuf> {
        let target = self.links.iter().find(|(link, _)| Path::new(link) == path);
        Some(target.map_or_else(|| path.to_path_buf(), |(_, t)| PathBuf::from(t)))
    }

    fn is_file(&self, path: &Path) -> bool {
        self.files.iter().any(|f| Path::new(f) == path)
    }

    fn is_dir(&self, path: &Path) -> bool {
        self.dirs.iter().any(|d| Path::new(d) == path)
    }

    fn is_windows(&self) -> bool {
        false
    }
}

#[cfg(unix)]
#[test]
fn environment_from_variables_path_and_usual_folders() {
    let host = FakeHost {
        vars: vec![
            ("HOME", "/home/u"),
            ("PATH", "/home/u/bin:/usr/bin"),
            ("DOTNET_ROOT", "/opt/dotnet-9"),
        ],
        files: vec!["/usr/bin/dotnet", "/usr/bin/mono"],
        dirs: vec!["/usr/lib/dotnet8/packs"],
        links: vec![
            ("/usr/bin/dotnet", "/usr/lib/dotnet8/dotnet"),
            ("/usr/bin/mono", "/opt/mono/bin/mono"),
        ],
    };
    expect![[r#"
        ReferenceEnvironment {
            dotnet_roots: [
                "/opt/dotnet-9",
                "/usr/lib/dotnet8",
                "/usr/share/dotnet",
                "/usr/lib/dotnet",
                "/usr/lib64/dotnet",
                "/usr/local/share/dotnet",
                "/opt/dotnet",
                "/opt/homebrew/opt/dotnet/libexec",
                "/usr/local/opt/dotnet/libexec",
                "/home/u/.dotnet",
            ],
            nuget_packages: Some(
                "/home/u/.nuget/packages",
            ),
            netfx_reference_roots: [],
            mono_roots: [
                "/opt/mono/lib/mono",
                "/usr/lib/mono",
                "/usr/local/lib/mono",
                "/Library/Frameworks/Mono.framework/Versions/Current/lib/mono",
                "/opt/homebrew/opt/mono/lib/mono",
            ],
        }
    "#]]
    .assert_debug_eq(&from_host(&host));

    // `NUGET_PACKAGES` wins; a `dotnet` on `PATH` that is no installation is left out.
    let host = FakeHost {
        vars: vec![("PATH", "/snap/bin"), ("NUGET_PACKAGES", "/cache/nuget")],
        files: vec!["/snap/bin/dotnet"],
        dirs: vec![],
        links: vec![],
    };
    let env = from_host(&host);
    assert_eq!(env.nuget_packages, Some(PathBuf::from("/cache/nuget")));
    assert!(!env.dotnet_roots.contains(&PathBuf::from("/snap/bin")));
    assert_eq!(
        env.dotnet_roots.first(),
        Some(&PathBuf::from("/usr/share/dotnet"))
    );
}
