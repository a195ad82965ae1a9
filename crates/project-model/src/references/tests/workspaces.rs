//! Whole workspaces in memory, on a machine (`MACHINE`) with .NET reference packs in `/dotnet`,
//! packages in `/nuget`, a .NET Framework targeting pack in `/refasm` and Mono in `/mono`.

use std::path::{Path, PathBuf};

use expect_test::{Expect, expect};

use crate::{LoadOptions, MemoryFs, ReferenceEnvironment, load_workspace_with};

const MACHINE: &str = r#"
//- /dotnet/packs/Microsoft.NETCore.App.Ref/6.0.30/ref/net6.0/System.Runtime.dll
//- /dotnet/packs/Microsoft.NETCore.App.Ref/8.0.2/ref/net8.0/System.Runtime.dll
//- /dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Memory.dll
//- /dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Runtime.dll
//- /dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Runtime.xml
//- /dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Text.Json.dll
//- /dotnet/packs/Microsoft.NETCore.App.Ref/9.0.0/ref/net9.0/System.Runtime.dll
//- /dotnet/packs/Microsoft.AspNetCore.App.Ref/8.0.11/ref/net8.0/Microsoft.AspNetCore.dll
//- /nuget/newtonsoft.json/13.0.1/lib/netstandard2.0/Newtonsoft.Json.dll
//- /nuget/newtonsoft.json/13.0.3/lib/net45/Newtonsoft.Json.dll
//- /nuget/newtonsoft.json/13.0.3/lib/net6.0/Newtonsoft.Json.dll
//- /nuget/newtonsoft.json/13.0.3/lib/netstandard2.0/Newtonsoft.Json.dll
//- /nuget/system.text.json/9.0.0/lib/net8.0/System.Text.Json.dll
//- /nuget/system.memory/4.5.5/lib/netstandard2.0/System.Memory.dll
//- /nuget/refonly/1.0.0/ref/netstandard2.0/RefOnly.dll
//- /nuget/refonly/1.0.0/lib/net8.0/RefOnly.dll
//- /nuget/placeholder/1.0.0/lib/net8.0/_._
//- /nuget/analyzer/1.0.0/analyzers/dotnet/cs/Analyzer.dll
//- /nuget/oldportable/1.0.0/lib/portable-net45+win8/Old.dll
//- /nuget/netstandard.library/2.0.3/build/netstandard2.0/ref/netstandard.dll
//- /nuget/netstandard.library/2.0.3/build/netstandard2.0/ref/System.Runtime.dll
//- /refasm/v4.6.2/mscorlib.dll
//- /refasm/v4.6.2/System.Core.dll
//- /mono/4.5/mscorlib.dll
//- /mono/4.7.1-api/mscorlib.dll
//- /mono/4.7.1-api/System.dll
//- /mono/4.7.1-api/System.Core.dll
//- /mono/4.7.1-api/System.Xml.dll
//- /mono/4.7.1-api/System.Xml.Linq.dll
//- /mono/4.8-api/mscorlib.dll
//- /mono/4.8-api/System.dll
//- /mono/4.8-api/System.Core.dll
//- /mono/4.8-api/System.Data.dll
//- /mono/4.8-api/System.Drawing.dll
//- /mono/4.8-api/System.IO.Compression.FileSystem.dll
//- /mono/4.8-api/System.Numerics.dll
//- /mono/4.8-api/System.Runtime.Serialization.dll
//- /mono/4.8-api/System.Xml.dll
//- /mono/4.8-api/System.Xml.Linq.dll
//- /mono/4.8-api/Facades/netstandard.dll
//- /mono/4.8-api/Facades/System.Runtime.dll
"#;

fn machine() -> ReferenceEnvironment {
    ReferenceEnvironment {
        dotnet_roots: vec![PathBuf::from("/dotnet")],
        nuget_packages: Some(PathBuf::from("/nuget")),
        netfx_reference_roots: vec![PathBuf::from("/refasm")],
        mono_roots: vec![PathBuf::from("/mono")],
    }
}

fn check(fixture: &str, entry: &str, expect: Expect) {
    check_with(fixture, entry, None, machine(), expect);
}

/// Loads `fixture` on `MACHINE` and shows each project's frameworks and references.
fn check_with(
    fixture: &str,
    entry: &str,
    target_framework: Option<&str>,
    environment: ReferenceEnvironment,
    expect: Expect,
) {
    let fs = MemoryFs::from_fixture(&format!("{MACHINE}\n{fixture}"));
    let options = LoadOptions {
        target_framework: target_framework.map(str::to_owned),
        environment,
        ..LoadOptions::default()
    };
    let workspace = load_workspace_with(&fs, Path::new(entry), &options);
    let dump = workspace.dump();
    let shown: Vec<&str> = dump
        .lines()
        .skip(1)
        .filter(|line| {
            !["  defines:", "  file ", "  usings:", "  reference "]
                .iter()
                .any(|skipped| line.starts_with(skipped))
        })
        .collect();
    expect.assert_eq(&(shown.join("\n") + "\n"));
}

#[test]
fn sdk_project_packages_without_assets_file() {
    check(
        r#"
//- /nuget/compile.excluded/1.0.0/lib/net8.0/Excluded.dll
//- /repo/App/App.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Newtonsoft.Json" Version="13.0.3" />
    <PackageReference Include="System.Text.Json" Version="9.0.0" />
    <PackageReference Include="System.Memory" Version="4.5.5" />
    <PackageReference Include="RefOnly" Version="1.0.0" />
    <PackageReference Include="Placeholder" Version="1.0.0" />
    <PackageReference Include="Analyzer" Version="1.0.0" PrivateAssets="all" />
    <PackageReference Include="Compile.Excluded" Version="1.0.0" ExcludeAssets="compile;runtime" />
    <PackageReference Include="OldPortable" Version="1.0.0" />
    <PackageReference Include="Not.There" Version="1.0.0" />
    <PackageReference Include="Bad.Version" Version="one" />
  </ItemGroup>
</Project>
"#,
        "/repo/App/App.csproj",
        expect![[r#"
            #0 App [sdk Microsoft.NET.Sdk] App.csproj
              frameworks: net8.0
              assembly ../../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Memory.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Runtime.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../../nuget/system.text.json/9.0.0/lib/net8.0/System.Text.Json.dll (package System.Text.Json 9.0.0)
              assembly ../../nuget/newtonsoft.json/13.0.3/lib/net6.0/Newtonsoft.Json.dll (package Newtonsoft.Json 13.0.3)
              assembly ../../nuget/refonly/1.0.0/ref/netstandard2.0/RefOnly.dll (package RefOnly 1.0.0)
              missing package OldPortable 1.0.0: no compile assets for net8.0 (the package has lib/portable-net45+win8)
              missing package Not.There 1.0.0: not in /nuget
              missing package Bad.Version one: not a NuGet version
        "#]],
    );
}

#[test]
fn assets_file_decides_packages_when_restored() {
    check(
        r#"
//- /nuget/web.helpers/1.0.0/lib/net8.0/Web.Helpers.dll
//- /repo/App/App.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Newtonsoft.Json" Version="13.0.1" />
    <ProjectReference Include="..\Lib\Lib.csproj" />
  </ItemGroup>
</Project>
//- /repo/App/obj/project.assets.json
{
  "version": 3,
  "targets": {
    "net8.0": {
      "Newtonsoft.Json/13.0.3": {
        "type": "package",
        "compile": { "lib/net6.0/Newtonsoft.Json.dll": { "related": ".xml" } },
        "runtime": { "lib/net6.0/Newtonsoft.Json.dll": {} }
      },
      "Placeholder/1.0.0": { "type": "package", "compile": { "lib/net8.0/_._": {} } },
      "Web.Helpers/1.0.0": {
        "type": "package",
        "compile": { "lib/net8.0/Web.Helpers.dll": {}, "lib/net8.0/Web.Helpers.Extra.dll": {} },
        "frameworkReferences": ["Microsoft.AspNetCore.App"]
      },
      "Gone/2.0.0": { "type": "package", "compile": { "lib/net8.0/Gone.dll": {} } },
      "Lib/1.0.0": { "type": "project", "framework": ".NETCoreApp,Version=v8.0", "compile": { "bin/placeholder/Lib.dll": {} } }
    }
  },
  "libraries": {
    "Newtonsoft.Json/13.0.3": { "type": "package", "path": "newtonsoft.json/13.0.3" },
    "Placeholder/1.0.0": { "type": "package", "path": "placeholder/1.0.0" },
    "Web.Helpers/1.0.0": { "type": "package", "path": "web.helpers/1.0.0" },
    "Gone/2.0.0": { "type": "package", "path": "gone/2.0.0" },
    "Lib/1.0.0": { "type": "project", "path": "../Lib/Lib.csproj", "msbuildProject": "../Lib/Lib.csproj" }
  },
  "packageFolders": { "/nuget/": {} },
  "project": {
    "frameworks": {
      "net8.0": {
        "targetAlias": "net8.0",
        "frameworkReferences": { "Microsoft.NETCore.App": { "privateAssets": "all" } }
      }
    }
  }
}
//- /repo/Lib/Lib.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup><PackageReference Include="Newtonsoft.Json" Version="13.0.1" /></ItemGroup>
</Project>
//- /repo/Lib/obj/project.assets.json
{ "version": 3, "targets": { "net8.0": [
"#,
        "/repo/App/App.csproj",
        expect![[r#"
            #0 App [sdk Microsoft.NET.Sdk] App.csproj
              frameworks: net8.0
              assembly ../../dotnet/packs/Microsoft.AspNetCore.App.Ref/8.0.11/ref/net8.0/Microsoft.AspNetCore.dll (framework Microsoft.AspNetCore.App 8.0.11)
              assembly ../../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Memory.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Runtime.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Text.Json.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../../nuget/newtonsoft.json/13.0.3/lib/net6.0/Newtonsoft.Json.dll (assets file Newtonsoft.Json 13.0.3)
              assembly ../../nuget/web.helpers/1.0.0/lib/net8.0/Web.Helpers.dll (assets file Web.Helpers 1.0.0)
              missing package Web.Helpers 1.0.0: /nuget/web.helpers/1.0.0/lib/net8.0/Web.Helpers.Extra.dll does not exist; restore again
              missing package Gone 2.0.0: gone/2.0.0 is in none of the restore's package folders (/nuget/); restore again
            #1 Lib [sdk Microsoft.NET.Sdk] ../Lib/Lib.csproj
              frameworks: net8.0
              assembly ../../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Memory.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Runtime.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Text.Json.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../../nuget/newtonsoft.json/13.0.1/lib/netstandard2.0/Newtonsoft.Json.dll (package Newtonsoft.Json 13.0.1)
            problems:
              ../Lib/obj/project.assets.json: malformed project.assets.json: EOF while parsing a list at line 2 column 0; packages are looked up from the project instead
        "#]],
    );
}

#[test]
fn central_package_management() {
    check(
        r#"
//- /repo/Directory.Packages.props
<Project>
  <PropertyGroup>
    <ManagePackageVersionsCentrally>true</ManagePackageVersionsCentrally>
    <JsonVersion>13.0.1</JsonVersion>
  </PropertyGroup>
  <ItemGroup>
    <PackageVersion Include="Newtonsoft.Json" Version="$(JsonVersion)" />
    <PackageVersion Include="System.Memory" Version="4.5.5" />
    <PackageVersion Include="RefOnly" Version="0.1.0" />
    <GlobalPackageReference Include="Analyzer" Version="1.0.0" />
  </ItemGroup>
</Project>
//- /repo/src/App/App.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Newtonsoft.Json" />
    <PackageReference Include="RefOnly" VersionOverride="1.0.0" />
    <PackageReference Include="System.Memory" />
    <PackageReference Update="System.Memory" ExcludeAssets="all" />
    <PackageReference Include="Unversioned" />
  </ItemGroup>
</Project>
"#,
        "/repo/src/App/App.csproj",
        expect![[r#"
            #0 App [sdk Microsoft.NET.Sdk] App.csproj
              frameworks: net8.0
              assembly ../../../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Memory.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../../../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Runtime.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../../../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Text.Json.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../../../nuget/newtonsoft.json/13.0.1/lib/netstandard2.0/Newtonsoft.Json.dll (package Newtonsoft.Json 13.0.1)
              assembly ../../../nuget/refonly/1.0.0/ref/netstandard2.0/RefOnly.dll (package RefOnly 1.0.0)
              missing package Unversioned: not in /nuget
        "#]],
    );
}

const MULTI_TARGET: &str = r#"
//- /repo/App/App.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFrameworks>net8.0;net48</TargetFrameworks></PropertyGroup>
  <ItemGroup><PackageReference Include="Newtonsoft.Json" Version="13.0.3" /></ItemGroup>
</Project>
//- /repo/App/obj/project.assets.json
{
  "version": 3,
  "targets": {
    ".NETCoreApp,Version=v8.0": {
      "Newtonsoft.Json/13.0.3": { "type": "package", "compile": { "lib/net6.0/Newtonsoft.Json.dll": {} } }
    },
    ".NETFramework,Version=v4.8": {
      "Newtonsoft.Json/13.0.3": { "type": "package", "compile": { "lib/net45/Newtonsoft.Json.dll": {} } }
    },
    ".NETFramework,Version=v4.8/win7-x86": {
      "Newtonsoft.Json/13.0.3": { "type": "package", "compile": { "lib/net40/Newtonsoft.Json.dll": {} } }
    }
  },
  "libraries": { "Newtonsoft.Json/13.0.3": { "type": "package", "path": "newtonsoft.json/13.0.3" } },
  "packageFolders": { "/nuget/": {} }
}
"#;

#[test]
fn multi_targeting_uses_the_active_frameworks_assets() {
    check(
        MULTI_TARGET,
        "/repo/App/App.csproj",
        expect![[r#"
            #0 App [sdk Microsoft.NET.Sdk] App.csproj
              frameworks: net8.0, net48 (active net8.0)
              assembly ../../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Memory.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Runtime.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Text.Json.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../../nuget/newtonsoft.json/13.0.3/lib/net6.0/Newtonsoft.Json.dll (assets file Newtonsoft.Json 13.0.3)
        "#]],
    );
    check_with(
        MULTI_TARGET,
        "/repo/App/App.csproj",
        Some("net48"),
        machine(),
        expect![[r#"
            #0 App [sdk Microsoft.NET.Sdk] App.csproj
              frameworks: net8.0, net48 (active net48)
              assembly ../../mono/4.8-api/mscorlib.dll (mono 4.8)
              assembly ../../mono/4.8-api/System.Core.dll (mono 4.8)
              assembly ../../mono/4.8-api/System.Data.dll (mono 4.8)
              assembly ../../mono/4.8-api/System.dll (mono 4.8)
              assembly ../../mono/4.8-api/System.Drawing.dll (mono 4.8)
              assembly ../../mono/4.8-api/System.IO.Compression.FileSystem.dll (mono 4.8)
              assembly ../../mono/4.8-api/System.Numerics.dll (mono 4.8)
              assembly ../../mono/4.8-api/System.Runtime.Serialization.dll (mono 4.8)
              assembly ../../mono/4.8-api/System.Xml.dll (mono 4.8)
              assembly ../../mono/4.8-api/System.Xml.Linq.dll (mono 4.8)
              assembly ../../nuget/newtonsoft.json/13.0.3/lib/net45/Newtonsoft.Json.dll (assets file Newtonsoft.Json 13.0.3)
        "#]],
    );
}

#[test]
fn frameworks_from_reference_packs() {
    let sdk = |sdk: &str, tfm: &str, extra: &str| {
        format!(
            r#"<Project Sdk="{sdk}">
  <PropertyGroup><TargetFramework>{tfm}</TargetFramework>{extra}</PropertyGroup>
</Project>"#
        )
    };
    let fixture = format!(
        r#"
//- /repo/Web/Web.csproj
{}
//- /repo/Asp/Asp.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup><FrameworkReference Include="Microsoft.AspNetCore.App" /></ItemGroup>
</Project>
//- /repo/Wpf/Wpf.csproj
{}
//- /repo/Net9/Net9.csproj
{}
//- /repo/Net7/Net7.csproj
{}
//- /repo/Std21/Std21.csproj
{}
//- /repo/Std20/Std20.csproj
{}
//- /repo/Bare/Bare.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net8.0</TargetFramework>
    <DisableImplicitFrameworkReferences>true</DisableImplicitFrameworkReferences>
  </PropertyGroup>
</Project>
"#,
        sdk("Microsoft.NET.Sdk.Web", "net8.0", ""),
        sdk(
            "Microsoft.NET.Sdk",
            "net8.0-windows",
            "<UseWPF>true</UseWPF>"
        ),
        sdk("Microsoft.NET.Sdk", "net9.0", ""),
        sdk("Microsoft.NET.Sdk", "net7.0", ""),
        sdk("Microsoft.NET.Sdk", "netstandard2.1", ""),
        sdk("Microsoft.NET.Sdk", "netstandard2.0", ""),
    );
    check(
        &fixture,
        "/repo",
        expect![[r#"
            #0 Asp [sdk Microsoft.NET.Sdk] Asp/Asp.csproj
              frameworks: net8.0
              assembly ../dotnet/packs/Microsoft.AspNetCore.App.Ref/8.0.11/ref/net8.0/Microsoft.AspNetCore.dll (framework Microsoft.AspNetCore.App 8.0.11)
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Memory.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Runtime.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Text.Json.dll (framework Microsoft.NETCore.App 8.0.11)
            #1 Bare [sdk Microsoft.NET.Sdk] Bare/Bare.csproj
              frameworks: net8.0
            #2 Net7 [sdk Microsoft.NET.Sdk] Net7/Net7.csproj
              frameworks: net7.0
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/6.0.30/ref/net6.0/System.Runtime.dll (framework Microsoft.NETCore.App 6.0.30)
            #3 Net9 [sdk Microsoft.NET.Sdk] Net9/Net9.csproj
              frameworks: net9.0
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/9.0.0/ref/net9.0/System.Runtime.dll (framework Microsoft.NETCore.App 9.0.0)
            #4 Std20 [sdk Microsoft.NET.Sdk] Std20/Std20.csproj
              frameworks: netstandard2.0
              assembly ../nuget/netstandard.library/2.0.3/build/netstandard2.0/ref/netstandard.dll (framework NETStandard.Library 2.0.3)
              assembly ../nuget/netstandard.library/2.0.3/build/netstandard2.0/ref/System.Runtime.dll (framework NETStandard.Library 2.0.3)
            #5 Std21 [sdk Microsoft.NET.Sdk] Std21/Std21.csproj
              frameworks: netstandard2.1
              missing framework NETStandard.Library netstandard2.1: NETStandard.Library.Ref is not installed in /dotnet/packs
            #6 Web [sdk Microsoft.NET.Sdk.Web] Web/Web.csproj
              frameworks: net8.0
              assembly ../dotnet/packs/Microsoft.AspNetCore.App.Ref/8.0.11/ref/net8.0/Microsoft.AspNetCore.dll (framework Microsoft.AspNetCore.App 8.0.11)
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Memory.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Runtime.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Text.Json.dll (framework Microsoft.NETCore.App 8.0.11)
            #7 Wpf [sdk Microsoft.NET.Sdk] Wpf/Wpf.csproj
              frameworks: net8.0-windows
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Memory.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Runtime.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Text.Json.dll (framework Microsoft.NETCore.App 8.0.11)
              missing framework Microsoft.WindowsDesktop.App net8.0: Microsoft.WindowsDesktop.App.Ref is not installed in /dotnet/packs
        "#]],
    );
}

#[test]
fn net_framework_sdk_project_on_mono_with_facades_for_netstandard() {
    check(
        r#"
//- /nuget/microsoft.netframework.referenceassemblies.net472/1.0.3/build/.NETFramework/v4.7.2/mscorlib.dll
//- /repo/Fx48/Fx48.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net48</TargetFramework></PropertyGroup>
  <ItemGroup>
    <PackageReference Include="System.Memory" Version="4.5.5" />
    <Reference Include="System.Xml.Linq" />
    <Reference Include="System.Web" />
  </ItemGroup>
</Project>
//- /repo/Fx472/Fx472.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net472</TargetFramework>
    <DisableImplicitFrameworkReferences>true</DisableImplicitFrameworkReferences>
  </PropertyGroup>
</Project>
//- /repo/Fx462/Fx462.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net462</TargetFramework>
    <DisableImplicitFrameworkReferences>true</DisableImplicitFrameworkReferences>
  </PropertyGroup>
</Project>
"#,
        "/repo",
        expect![[r#"
            #0 Fx462 [sdk Microsoft.NET.Sdk] Fx462/Fx462.csproj
              frameworks: net462
              assembly ../refasm/v4.6.2/mscorlib.dll (framework .NETFramework 4.6.2)
            #1 Fx472 [sdk Microsoft.NET.Sdk] Fx472/Fx472.csproj
              frameworks: net472
              assembly ../nuget/microsoft.netframework.referenceassemblies.net472/1.0.3/build/.NETFramework/v4.7.2/mscorlib.dll (framework .NETFramework 4.7.2)
            #2 Fx48 [sdk Microsoft.NET.Sdk] Fx48/Fx48.csproj
              frameworks: net48
              assembly ../mono/4.8-api/mscorlib.dll (mono 4.8)
              assembly ../mono/4.8-api/Facades/netstandard.dll (mono 4.8)
              assembly ../mono/4.8-api/System.Core.dll (mono 4.8)
              assembly ../mono/4.8-api/System.Data.dll (mono 4.8)
              assembly ../mono/4.8-api/System.dll (mono 4.8)
              assembly ../mono/4.8-api/System.Drawing.dll (mono 4.8)
              assembly ../mono/4.8-api/System.IO.Compression.FileSystem.dll (mono 4.8)
              assembly ../mono/4.8-api/System.Numerics.dll (mono 4.8)
              assembly ../mono/4.8-api/Facades/System.Runtime.dll (mono 4.8)
              assembly ../mono/4.8-api/System.Runtime.Serialization.dll (mono 4.8)
              assembly ../mono/4.8-api/System.Xml.dll (mono 4.8)
              assembly ../mono/4.8-api/System.Xml.Linq.dll (mono 4.8)
              assembly ../nuget/system.memory/4.5.5/lib/netstandard2.0/System.Memory.dll (package System.Memory 4.5.5)
              missing assembly System.Web: not in /mono/4.8-api nor in a package
        "#]],
    );
}

#[test]
fn legacy_project_with_hint_paths() {
    check(
        r#"
//- /repo/packages/Newtonsoft.Json.13.0.3/lib/net45/Newtonsoft.Json.dll
//- /repo/lib/local.dll
//- /repo/Legacy/Legacy.csproj
<?xml version="1.0" encoding="utf-8"?>
<Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
  <PropertyGroup>
    <TargetFrameworkVersion>v4.7.2</TargetFrameworkVersion>
  </PropertyGroup>
  <ItemGroup>
    <Reference Include="System" />
    <Reference Include="System.Xml.Linq" />
    <Reference Include="Newtonsoft.Json, Version=13.0.0.0, Culture=neutral, PublicKeyToken=30ad4fe6b2a6aeed, processorArchitecture=MSIL">
      <HintPath>..\packages\Newtonsoft.Json.13.0.3\lib\net45\Newtonsoft.Json.dll</HintPath>
    </Reference>
    <Reference Include="System.Xml">
      <HintPath>..\packages\Wrong\System.Xml.dll</HintPath>
    </Reference>
    <Reference Include="Stale">
      <HintPath>..\packages\Stale.1.0.0\lib\net45\Stale.dll</HintPath>
    </Reference>
    <Reference Include="..\lib\Local.dll" />
    <Reference Include="..\lib\Absent.dll" />
    <Reference Include="Unknown.Assembly" />
  </ItemGroup>
</Project>
"#,
        "/repo/Legacy/Legacy.csproj",
        expect![[r#"
            #0 Legacy [legacy] Legacy.csproj
              frameworks: net472
              assembly ../../mono/4.7.1-api/mscorlib.dll (mono 4.7.1)
              assembly ../../mono/4.7.1-api/System.Core.dll (mono 4.7.1)
              assembly ../../mono/4.7.1-api/System.dll (mono 4.7.1)
              assembly ../../mono/4.7.1-api/System.Xml.dll (mono 4.7.1)
              assembly ../../mono/4.7.1-api/System.Xml.Linq.dll (mono 4.7.1)
              assembly ../packages/Newtonsoft.Json.13.0.3/lib/net45/Newtonsoft.Json.dll (hint path)
              assembly ../lib/local.dll (hint path)
              missing assembly Absent: /repo/lib/Absent.dll does not exist
              missing assembly Stale: HintPath ..\packages\Stale.1.0.0\lib\net45\Stale.dll does not exist (packages not restored?)
              missing assembly Unknown.Assembly: not in /mono/4.7.1-api nor in a package
        "#]],
    );
}

#[test]
fn floating_and_range_versions() {
    check(
        r#"
//- /nuget/floating/1.0.0/lib/netstandard2.0/Floating.dll
//- /nuget/floating/1.4.0/lib/netstandard2.0/Floating.dll
//- /nuget/floating/1.5.0-beta/lib/netstandard2.0/Floating.dll
//- /nuget/floating/2.0.0/lib/netstandard2.0/Floating.dll
//- /nuget/ranged/0.9.0/lib/netstandard2.0/Ranged.dll
//- /nuget/ranged/1.2.0/lib/netstandard2.0/Ranged.dll
//- /nuget/ranged/1.5.0/lib/netstandard2.0/Ranged.dll
//- /nuget/ranged/2.0.0/lib/netstandard2.0/Ranged.dll
//- /nuget/prerelease/3.0.0-rc.1/lib/netstandard2.0/Prerelease.dll
//- /repo/App/App.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net6.0</TargetFramework></PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Floating" Version="1.*" />
    <PackageReference Include="Ranged" Version="[1.0,2.0)" />
    <PackageReference Include="Prerelease" Version="3.0.0-*" />
    <PackageReference Include="Ranged.Too.High" Version="[3.0,4.0)" />
  </ItemGroup>
</Project>
//- /nuget/ranged.too.high/2.0.0/lib/netstandard2.0/High.dll
"#,
        "/repo/App/App.csproj",
        expect![[r#"
            #0 App [sdk Microsoft.NET.Sdk] App.csproj
              frameworks: net6.0
              assembly ../../dotnet/packs/Microsoft.NETCore.App.Ref/6.0.30/ref/net6.0/System.Runtime.dll (framework Microsoft.NETCore.App 6.0.30)
              assembly ../../nuget/floating/1.4.0/lib/netstandard2.0/Floating.dll (package Floating 1.4.0)
              assembly ../../nuget/ranged/1.2.0/lib/netstandard2.0/Ranged.dll (package Ranged 1.2.0)
              assembly ../../nuget/prerelease/3.0.0-rc.1/lib/netstandard2.0/Prerelease.dll (package Prerelease 3.0.0-rc.1)
              missing package Ranged.Too.High [3.0,4.0): no matching version in /nuget (found 2.0.0)
        "#]],
    );
}

#[test]
fn nuspec_dependencies_are_followed_without_assets_file() {
    check(
        r#"
//- /nuget/a/1.0.0/a.nuspec
<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://schemas.microsoft.com/packaging/2013/05/nuspec.xsd">
  <metadata>
    <id>A</id>
    <version>1.0.0</version>
    <dependencies>
      <group targetFramework=".NETFramework4.5">
        <dependency id="NetFxOnly" version="1.0.0" />
      </group>
      <group targetFramework=".NETStandard2.0">
        <dependency id="B" version="[1.0.0, )" exclude="Build,Analyzers" />
        <dependency id="C" version="2.0.0" exclude="Compile" />
      </group>
    </dependencies>
  </metadata>
</package>
//- /nuget/a/1.0.0/lib/netstandard2.0/A.dll
//- /nuget/b/1.0.0/B.nuspec
<package>
  <metadata>
    <id>B</id>
    <dependencies>
      <dependency id="A" version="1.0.0" />
      <dependency id="D" version="1.0.0" />
      <dependency id="E" />
    </dependencies>
  </metadata>
</package>
//- /nuget/b/1.0.0/lib/netstandard2.0/B.dll
//- /nuget/c/2.0.0/c.nuspec
<package><metadata>
//- /nuget/c/2.0.0/lib/netstandard2.0/C.dll
//- /nuget/e/0.5.0/lib/netstandard2.0/E.dll
//- /nuget/e/0.7.0/lib/netstandard2.0/E.dll
//- /repo/App/App.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net6.0</TargetFramework></PropertyGroup>
  <ItemGroup><PackageReference Include="A" Version="1.0.0" /></ItemGroup>
</Project>
"#,
        "/repo/App/App.csproj",
        expect![[r#"
            #0 App [sdk Microsoft.NET.Sdk] App.csproj
              frameworks: net6.0
              assembly ../../dotnet/packs/Microsoft.NETCore.App.Ref/6.0.30/ref/net6.0/System.Runtime.dll (framework Microsoft.NETCore.App 6.0.30)
              assembly ../../nuget/a/1.0.0/lib/netstandard2.0/A.dll (package A 1.0.0)
              assembly ../../nuget/b/1.0.0/lib/netstandard2.0/B.dll (package B 1.0.0)
              assembly ../../nuget/e/0.5.0/lib/netstandard2.0/E.dll (package E 0.5.0)
              missing package D 1.0.0: needed by B 1.0.0; not in /nuget
        "#]],
    );
}

#[test]
fn packages_built_by_workspace_projects_bind_to_them() {
    check(
        r#"
//- /repo/App/App.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Contoso.Core" Version="1.0.0" />
    <PackageReference Include="contoso.util" Version="2.*" />
    <PackageReference Include="Newtonsoft.Json" Version="13.0.3" />
  </ItemGroup>
</Project>
//- /repo/Core/Core.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net8.0</TargetFramework>
    <PackageId>Contoso.Core</PackageId>
  </PropertyGroup>
</Project>
//- /repo/Util/Contoso.Util.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup><PackageReference Include="Contoso.Util" Version="2.0.0" /></ItemGroup>
</Project>
"#,
        "/repo",
        expect![[r#"
            #0 App [sdk Microsoft.NET.Sdk] App/App.csproj
              frameworks: net8.0
              package Contoso.Core -> #1 Core
              package contoso.util -> #2 Contoso.Util
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Memory.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Runtime.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Text.Json.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../nuget/newtonsoft.json/13.0.3/lib/net6.0/Newtonsoft.Json.dll (package Newtonsoft.Json 13.0.3)
            #1 Core [sdk Microsoft.NET.Sdk] Core/Core.csproj
              frameworks: net8.0
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Memory.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Runtime.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Text.Json.dll (framework Microsoft.NETCore.App 8.0.11)
            #2 Contoso.Util [sdk Microsoft.NET.Sdk] Util/Contoso.Util.csproj
              frameworks: net8.0
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Memory.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Runtime.dll (framework Microsoft.NETCore.App 8.0.11)
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/8.0.11/ref/net8.0/System.Text.Json.dll (framework Microsoft.NETCore.App 8.0.11)
              missing package Contoso.Util 2.0.0: not in /nuget
        "#]],
    );
}

#[test]
fn nothing_found_says_why() {
    let nowhere = ReferenceEnvironment {
        dotnet_roots: vec![
            PathBuf::from("/none/dotnet"),
            PathBuf::from("/none/dotnet2"),
        ],
        nuget_packages: Some(PathBuf::from("/none/nuget")),
        netfx_reference_roots: vec![PathBuf::from("/none/refasm")],
        mono_roots: vec![PathBuf::from("/none/mono")],
    };
    check_with(
        r#"
//- /repo/Core/Core.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
  <ItemGroup><PackageReference Include="Newtonsoft.Json" Version="13.0.3" /></ItemGroup>
</Project>
//- /repo/Fx/Fx.csproj
<Project ToolsVersion="15.0">
  <PropertyGroup><TargetFrameworkVersion>v4.8</TargetFrameworkVersion></PropertyGroup>
  <ItemGroup><Reference Include="System.Xml" /></ItemGroup>
</Project>
//- /repo/Uwp/Uwp.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>uap10.0</TargetFramework></PropertyGroup>
</Project>
//- /repo/None/None.csproj
<Project Sdk="Microsoft.NET.Sdk" />
"#,
        "/repo",
        None,
        nowhere,
        expect![[r#"
            #0 Core [sdk Microsoft.NET.Sdk] Core/Core.csproj
              frameworks: net8.0
              missing framework Microsoft.NETCore.App net8.0: no .NET SDK found in /none/dotnet, /none/dotnet2
              missing package Newtonsoft.Json 13.0.3: not in /none/nuget
            #1 Fx [legacy] Fx/Fx.csproj
              frameworks: net48
              missing framework .NETFramework 4.8: no Microsoft.NETFramework.ReferenceAssemblies.net48 in /none/nuget, no targeting pack in /none/refasm, no Mono reference assemblies in /none/mono
            #2 None [sdk Microsoft.NET.Sdk] None/None.csproj
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found in /none/dotnet, /none/dotnet2; .NET Framework: no targeting pack in /none/refasm, no Mono reference assemblies in /none/mono)
            #3 Uwp [sdk Microsoft.NET.Sdk] Uwp/Uwp.csproj
              frameworks: uap10.0
              missing framework uap10.0: not a target framework csnav knows
        "#]],
    );
}

#[test]
fn loose_files_get_the_newest_framework() {
    let fixture = "//- /loose/Program.cs\nclass Program {}\n";
    check(
        fixture,
        "/loose",
        expect![[r#"
            #0 loose [implicit] ./
              assembly ../dotnet/packs/Microsoft.NETCore.App.Ref/9.0.0/ref/net9.0/System.Runtime.dll (framework Microsoft.NETCore.App 9.0.0)
        "#]],
    );
    let mono_only = ReferenceEnvironment {
        mono_roots: vec![PathBuf::from("/mono")],
        ..ReferenceEnvironment::default()
    };
    check_with(
        fixture,
        "/loose",
        None,
        mono_only,
        expect![[r#"
            #0 loose [implicit] ./
              assembly ../mono/4.8-api/mscorlib.dll (mono 4.8)
              assembly ../mono/4.8-api/System.Core.dll (mono 4.8)
              assembly ../mono/4.8-api/System.dll (mono 4.8)
        "#]],
    );
}
