//! Mono's real reference assemblies: a legacy and an SDK-style .NET Framework project resolve
//! every implicit and named framework assembly from `/usr/lib/mono/4.8-api`.
//!
//! Skipped (with a message) where Mono is not installed, unless `CSNAV_REQUIRE_MONO=1` says the
//! machine must have it, as CI's does.

use std::path::{Path, PathBuf};

use crate::{LoadOptions, OsFs, ReferenceEnvironment, ReferenceOrigin, load_workspace_with};

const MONO: &str = "/usr/lib/mono";

#[test]
fn mono_reference_assemblies_on_disk() {
    let api = Path::new(MONO).join("4.8-api");
    if !api.is_dir() {
        let required = std::env::var("CSNAV_REQUIRE_MONO").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "CSNAV_REQUIRE_MONO=1 but {} does not exist",
            api.display()
        );
        eprintln!(
            "skipped: {} does not exist (set CSNAV_REQUIRE_MONO=1 to require it)",
            api.display()
        );
        return;
    }
    let dir = std::env::temp_dir().join(format!("csnav-mono-{}", std::process::id()));
    let _cleanup = Cleanup(dir.clone());
    write(
        &dir.join("Legacy/Legacy.csproj"),
        r#"<Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
  <PropertyGroup><TargetFrameworkVersion>v4.8</TargetFrameworkVersion></PropertyGroup>
  <ItemGroup>
    <Reference Include="System" />
    <Reference Include="System.Xml.Linq, Version=4.0.0.0, Culture=neutral, PublicKeyToken=b77a5c561934e089" />
    <Reference Include="System.Net.Http" />
    <Reference Include="Microsoft.CSharp" />
    <Reference Include="System.Data.DataSetExtensions" />
  </ItemGroup>
</Project>"#,
    );
    write(
        &dir.join("Sdk/Sdk.csproj"),
        r#"<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net48</TargetFramework></PropertyGroup>
</Project>"#,
    );
    let options = LoadOptions {
        environment: ReferenceEnvironment {
            mono_roots: vec![PathBuf::from(MONO)],
            ..ReferenceEnvironment::default()
        },
        ..LoadOptions::default()
    };
    let workspace = load_workspace_with(&OsFs, &dir, &options);
    let names = |project: usize| -> Vec<String> {
        let references = &workspace.projects[project].references;
        assert!(references.missing.is_empty(), "{}", workspace.dump());
        references
            .assemblies
            .iter()
            .map(|a| {
                assert!(
                    a.path.starts_with(&api) && a.path.is_file(),
                    "{}",
                    a.path.display()
                );
                assert_eq!(
                    a.origin,
                    ReferenceOrigin::Mono {
                        version: "4.8".into()
                    }
                );
                a.path
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect()
    };
    assert_eq!(
        names(0),
        [
            "Microsoft.CSharp.dll",
            "mscorlib.dll",
            "System.Core.dll",
            "System.Data.DataSetExtensions.dll",
            "System.dll",
            "System.Net.Http.dll",
            "System.Xml.Linq.dll",
        ]
    );
    assert_eq!(
        names(1),
        [
            "mscorlib.dll",
            "System.Core.dll",
            "System.Data.dll",
            "System.dll",
            "System.Drawing.dll",
            "System.IO.Compression.FileSystem.dll",
            "System.Numerics.dll",
            "System.Runtime.Serialization.dll",
            "System.Xml.dll",
            "System.Xml.Linq.dll",
        ]
    );
}

fn write(path: &Path, text: &str) {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).expect("create test folder");
    }
    std::fs::write(path, text).expect("write test project");
}

/// Removes the test folder however the test ends.
struct Cleanup(PathBuf);

impl Drop for Cleanup {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
