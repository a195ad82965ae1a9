//! `load_workspace` over in-memory file systems (`MemoryFs::from_fixture`): solutions and folders,
//! compile items, multi-targeting, `Directory.Build.props`, implicit usings, conditions, problems.

use std::path::Path;

use expect_test::{Expect, expect};

use crate::{LoadOptions, MemoryFs, load_workspace, load_workspace_with};

fn check(fixture: &str, entry: &str, expect: Expect) {
    check_with(fixture, entry, &LoadOptions::default(), expect);
}

fn check_with(fixture: &str, entry: &str, options: &LoadOptions, expect: Expect) {
    let fs = MemoryFs::from_fixture(fixture);
    let workspace = load_workspace_with(&fs, Path::new(entry), options);
    expect.assert_eq(&workspace.dump());
}

const SDK_LIB: &str = r#"<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>
</Project>"#;

#[test]
fn sln_keeps_csharp_projects_and_skips_folders_and_other_languages() {
    let fixture = format!(
        r#"
//- /repo/All.sln
Microsoft Visual Studio Solution File, Format Version 12.00
# Visual Studio Version 17
Project("{{2150E333-8FDC-42A3-9474-1A3956D46DE8}}") = "src", "src", "{{11111111-1111-1111-1111-111111111111}}"
EndProject
Project("{{9A19103F-16F7-4668-BE54-9A1E7A4F7556}}") = "App", "src\App\App.csproj", "{{22222222-2222-2222-2222-222222222222}}"
EndProject
Project("{{F2A71F9B-5D33-465A-A702-920D77279786}}") = "Tool", "src\Tool\Tool.fsproj", "{{33333333-3333-3333-3333-333333333333}}"
EndProject
Project("{{FAE04EC0-301F-11D3-BF4B-00C04F79EFBC}}") = "Lib", "src\lib\Lib.csproj", "{{44444444-4444-4444-4444-444444444444}}"
EndProject
Global
EndGlobal
//- /repo/src/App/App.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFramework>net8.0</TargetFramework>
    <Nullable>enable</Nullable>
    <LangVersion>12</LangVersion>
  </PropertyGroup>
  <ItemGroup>
    <ProjectReference Include="..\Lib\Lib.csproj" />
    <ProjectReference Include="..\Tool\Tool.fsproj" />
  </ItemGroup>
</Project>
//- /repo/src/App/Program.cs
class Program {{}}
//- /repo/src/Tool/Tool.fsproj
<Project Sdk="Microsoft.NET.Sdk" />
//- /repo/src/Lib/Lib.csproj
{SDK_LIB}
//- /repo/src/Lib/Lib.cs
class Lib {{}}
"#
    );
    check(
        &fixture,
        "/repo/All.sln",
        expect![[r#"
            solution All.sln (root /repo)
            #0 App [sdk Microsoft.NET.Sdk] src/App/App.csproj
              frameworks: net8.0
              lang version: 12
              nullable: enable
              defines: TRACE DEBUG NET NET8_0 NETCOREAPP NET8_0_OR_GREATER NET7_0_OR_GREATER NET6_0_OR_GREATER NET5_0_OR_GREATER NETCOREAPP3_1_OR_GREATER NETCOREAPP3_0_OR_GREATER NETCOREAPP2_2_OR_GREATER NETCOREAPP2_1_OR_GREATER NETCOREAPP2_0_OR_GREATER NETCOREAPP1_1_OR_GREATER NETCOREAPP1_0_OR_GREATER
              reference src/Lib/Lib.csproj -> #1 Lib
              reference src/Tool/Tool.fsproj -> unresolved
              missing framework Microsoft.NETCore.App net8.0: no .NET SDK found (no dotnet root given)
              file src/App/Program.cs
            #1 Lib [sdk Microsoft.NET.Sdk] src/Lib/Lib.csproj
              frameworks: net8.0
              defines: TRACE DEBUG NET NET8_0 NETCOREAPP NET8_0_OR_GREATER NET7_0_OR_GREATER NET6_0_OR_GREATER NET5_0_OR_GREATER NETCOREAPP3_1_OR_GREATER NETCOREAPP3_0_OR_GREATER NETCOREAPP2_2_OR_GREATER NETCOREAPP2_1_OR_GREATER NETCOREAPP2_0_OR_GREATER NETCOREAPP1_1_OR_GREATER NETCOREAPP1_0_OR_GREATER
              missing framework Microsoft.NETCore.App net8.0: no .NET SDK found (no dotnet root given)
              file src/Lib/Lib.cs
        "#]],
    );
}

#[test]
fn slnx_lists_projects_in_nested_folders() {
    let fixture = format!(
        r#"
//- /repo/Repo.slnx
<Solution>
  <Folder Name="/src/">
    <Folder Name="/src/libs/">
      <Project Path="src/Lib/Lib.csproj" />
    </Folder>
    <Project Path="src/App/App.csproj" />
  </Folder>
  <Folder Name="/tests/">
    <Project Path="tests/Tests.vbproj" />
  </Folder>
  <Project Path="build\Build.csproj" />
</Solution>
//- /repo/src/Lib/Lib.csproj
{SDK_LIB}
//- /repo/src/App/App.csproj
{SDK_LIB}
//- /repo/build/Build.csproj
{SDK_LIB}
"#
    );
    check(
        &fixture,
        "/repo/Repo.slnx",
        expect![[r#"
            solution Repo.slnx (root /repo)
            #0 Lib [sdk Microsoft.NET.Sdk] src/Lib/Lib.csproj
              frameworks: net8.0
              defines: TRACE DEBUG NET NET8_0 NETCOREAPP NET8_0_OR_GREATER NET7_0_OR_GREATER NET6_0_OR_GREATER NET5_0_OR_GREATER NETCOREAPP3_1_OR_GREATER NETCOREAPP3_0_OR_GREATER NETCOREAPP2_2_OR_GREATER NETCOREAPP2_1_OR_GREATER NETCOREAPP2_0_OR_GREATER NETCOREAPP1_1_OR_GREATER NETCOREAPP1_0_OR_GREATER
              missing framework Microsoft.NETCore.App net8.0: no .NET SDK found (no dotnet root given)
            #1 App [sdk Microsoft.NET.Sdk] src/App/App.csproj
              frameworks: net8.0
              defines: TRACE DEBUG NET NET8_0 NETCOREAPP NET8_0_OR_GREATER NET7_0_OR_GREATER NET6_0_OR_GREATER NET5_0_OR_GREATER NETCOREAPP3_1_OR_GREATER NETCOREAPP3_0_OR_GREATER NETCOREAPP2_2_OR_GREATER NETCOREAPP2_1_OR_GREATER NETCOREAPP2_0_OR_GREATER NETCOREAPP1_1_OR_GREATER NETCOREAPP1_0_OR_GREATER
              missing framework Microsoft.NETCore.App net8.0: no .NET SDK found (no dotnet root given)
            #2 Build [sdk Microsoft.NET.Sdk] build/Build.csproj
              frameworks: net8.0
              defines: TRACE DEBUG NET NET8_0 NETCOREAPP NET8_0_OR_GREATER NET7_0_OR_GREATER NET6_0_OR_GREATER NET5_0_OR_GREATER NETCOREAPP3_1_OR_GREATER NETCOREAPP3_0_OR_GREATER NETCOREAPP2_2_OR_GREATER NETCOREAPP2_1_OR_GREATER NETCOREAPP2_0_OR_GREATER NETCOREAPP1_1_OR_GREATER NETCOREAPP1_0_OR_GREATER
              missing framework Microsoft.NETCore.App net8.0: no .NET SDK found (no dotnet root given)
        "#]],
    );
}

#[test]
fn folder_without_solution_loads_every_project_outside_build_output() {
    check(
        r#"
//- /work/b/B.csproj
<Project Sdk="Microsoft.NET.Sdk" />
//- /work/b/B.cs
class B {}
//- /work/a/A.csproj
<Project Sdk="Microsoft.NET.Sdk" />
//- /work/a/bin/Debug/Copy.csproj
<Project Sdk="Microsoft.NET.Sdk" />
//- /work/.git/Hidden.csproj
<Project Sdk="Microsoft.NET.Sdk" />
//- /work/node_modules/pkg/Pkg.csproj
<Project Sdk="Microsoft.NET.Sdk" />
"#,
        "/work",
        expect![[r#"
            folder (root /work)
            #0 A [sdk Microsoft.NET.Sdk] a/A.csproj
              defines: TRACE DEBUG
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found (no dotnet root given); .NET Framework: no Mono)
            #1 B [sdk Microsoft.NET.Sdk] b/B.csproj
              defines: TRACE DEBUG
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found (no dotnet root given); .NET Framework: no Mono)
              file b/B.cs
        "#]],
    );
}

#[test]
fn folder_without_projects_is_one_implicit_project() {
    check(
        r#"
//- /scripts/Main.cs
class Main {}
//- /scripts/util/Util.cs
class Util {}
//- /scripts/obj/Generated.cs
class Generated {}
//- /scripts/README.md
hello
"#,
        "/scripts",
        expect![[r#"
            folder (root /scripts)
            #0 scripts [implicit] ./
              defines: TRACE DEBUG
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found (no dotnet root given); .NET Framework: no Mono)
              file Main.cs
              file util/Util.cs
        "#]],
    );
}

#[test]
fn folder_with_several_solutions_prefers_the_one_named_like_it() {
    check(
        r#"
//- /shop/Admin.sln
Microsoft Visual Studio Solution File, Format Version 12.00
//- /shop/Shop.sln
Microsoft Visual Studio Solution File, Format Version 12.00
Project("{9A19103F-16F7-4668-BE54-9A1E7A4F7556}") = "Shop", "Shop.csproj", "{22222222-2222-2222-2222-222222222222}"
EndProject
//- /shop/Shop.slnx
<Solution><Project Path="Shop.csproj" /></Solution>
//- /shop/Shop.csproj
<Project Sdk="Microsoft.NET.Sdk" />
"#,
        "/shop/",
        expect![[r#"
            solution Shop.slnx (root /shop)
            #0 Shop [sdk Microsoft.NET.Sdk] Shop.csproj
              defines: TRACE DEBUG
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found (no dotnet root given); .NET Framework: no Mono)
            problems:
              Shop.slnx: several solutions in the folder; using this one, not Admin.sln, Shop.sln
        "#]],
    );
}

#[test]
fn sdk_default_compile_items_and_explicit_compile_items() {
    check(
        r#"
//- /src/App/App.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>netstandard2.0</TargetFramework>
    <Generated>$(MSBuildProjectDirectory)\gen</Generated>
  </PropertyGroup>
  <ItemGroup>
    <Compile Remove="Legacy\**" />
    <Compile Remove="Scratch?.cs;Temp.cs" />
    <Compile Include="..\Shared\**\*.cs" Exclude="..\Shared\**\*.Tests.cs" />
    <Compile Include="$(Generated)/*.g.cs" />
    <Compile Include="Legacy\Keep.cs" />
    <Compile Include="Missing.cs" />
    <Compile Update="Program.cs" DependentUpon="App.cs" />
  </ItemGroup>
</Project>
//- /src/App/Program.cs
//- /src/App/Models/Order.cs
//- /src/App/Models/Order.CS
//- /src/App/Legacy/Old.cs
//- /src/App/Legacy/Keep.cs
//- /src/App/Scratch1.cs
//- /src/App/Temp.cs
//- /src/App/Notes.txt
//- /src/App/bin/Debug/Copied.cs
//- /src/App/obj/Debug/App.AssemblyInfo.cs
//- /src/App/.vs/Cache.cs
//- /src/App/gen/Model.g.cs
//- /src/App/Tests/Tests.csproj
<Project Sdk="Microsoft.NET.Sdk" />
//- /src/App/Tests/AppTests.cs
//- /src/Shared/Util.cs
//- /src/Shared/Deep/More.cs
//- /src/Shared/Deep/More.Tests.cs
"#,
        "/src/App/App.csproj",
        expect![[r#"
            project App.csproj (root /src/App)
            #0 App [sdk Microsoft.NET.Sdk] App.csproj
              frameworks: netstandard2.0
              defines: TRACE DEBUG NETSTANDARD NETSTANDARD2_0 NETSTANDARD2_0_OR_GREATER NETSTANDARD1_6_OR_GREATER NETSTANDARD1_5_OR_GREATER NETSTANDARD1_4_OR_GREATER NETSTANDARD1_3_OR_GREATER NETSTANDARD1_2_OR_GREATER NETSTANDARD1_1_OR_GREATER NETSTANDARD1_0_OR_GREATER
              missing package NETStandard.Library 2.0.3: no NuGet packages folder known (NUGET_PACKAGES, ~/.nuget/packages)
              file Legacy/Keep.cs
              file Models/Order.CS
              file Models/Order.cs
              file Program.cs
              file gen/Model.g.cs
              file ../Shared/Deep/More.cs
              file ../Shared/Util.cs
            problems:
              App.csproj: compile item not found: Missing.cs
        "#]],
    );
}

#[test]
fn default_compile_items_can_be_turned_off() {
    check(
        r#"
//- /p/P.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <EnableDefaultCompileItems>false</EnableDefaultCompileItems>
    <BaseOutputPath>out\</BaseOutputPath>
  </PropertyGroup>
  <ItemGroup>
    <Compile Include="src\**\*.cs" />
  </ItemGroup>
</Project>
//- /p/Ignored.cs
//- /p/src/A.cs
//- /p/src/sub/B.cs
//- /q/Q.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><BaseOutputPath>out\</BaseOutputPath></PropertyGroup>
</Project>
//- /q/Q.cs
//- /q/out/Q.cs
//- /q/bin/Q.cs
"#,
        "/",
        expect![[r#"
            folder (root /)
            #0 P [sdk Microsoft.NET.Sdk] p/P.csproj
              defines: TRACE DEBUG
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found (no dotnet root given); .NET Framework: no Mono)
              file p/src/A.cs
              file p/src/sub/B.cs
            #1 Q [sdk Microsoft.NET.Sdk] q/Q.csproj
              defines: TRACE DEBUG
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found (no dotnet root given); .NET Framework: no Mono)
              file q/Q.cs
              file q/bin/Q.cs
        "#]],
    );
}

const MULTI_TARGET: &str = r#"
//- /m/Multi.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFrameworks>net8.0;netstandard2.0</TargetFrameworks>
    <DefineConstants>$(DefineConstants);EXTRA,OTHER</DefineConstants>
  </PropertyGroup>
  <PropertyGroup Condition="'$(TargetFramework)' == 'netstandard2.0'">
    <LangVersion>9</LangVersion>
    <DefineConstants>$(DefineConstants);LEGACY_API</DefineConstants>
  </PropertyGroup>
  <PropertyGroup Condition="$(TargetFramework.StartsWith('net8')) and '$(Configuration)' == 'Release'">
    <Nullable>enable</Nullable>
  </PropertyGroup>
  <ItemGroup Condition="'$(TargetFrameworkIdentifier)' != '.NETStandard'">
    <Compile Remove="Polyfills\**" />
  </ItemGroup>
</Project>
//- /m/Code.cs
//- /m/Polyfills/Index.cs
"#;

#[test]
fn multi_targeting_evaluates_the_first_framework() {
    check(
        MULTI_TARGET,
        "/m/Multi.csproj",
        expect![[r#"
            project Multi.csproj (root /m)
            #0 Multi [sdk Microsoft.NET.Sdk] Multi.csproj
              frameworks: net8.0, netstandard2.0 (active net8.0)
              defines: TRACE EXTRA OTHER DEBUG NET NET8_0 NETCOREAPP NET8_0_OR_GREATER NET7_0_OR_GREATER NET6_0_OR_GREATER NET5_0_OR_GREATER NETCOREAPP3_1_OR_GREATER NETCOREAPP3_0_OR_GREATER NETCOREAPP2_2_OR_GREATER NETCOREAPP2_1_OR_GREATER NETCOREAPP2_0_OR_GREATER NETCOREAPP1_1_OR_GREATER NETCOREAPP1_0_OR_GREATER
              missing framework Microsoft.NETCore.App net8.0: no .NET SDK found (no dotnet root given)
              file Code.cs
        "#]],
    );
}

#[test]
fn multi_targeting_honours_requested_framework_and_configuration() {
    let options = LoadOptions {
        target_framework: Some("NETSTANDARD2.0".to_owned()),
        configuration: Some("Release".to_owned()),
        ..LoadOptions::default()
    };
    check_with(
        MULTI_TARGET,
        "/m/Multi.csproj",
        &options,
        expect![[r#"
            project Multi.csproj (root /m)
            #0 Multi [sdk Microsoft.NET.Sdk] Multi.csproj
              frameworks: net8.0, netstandard2.0 (active netstandard2.0)
              lang version: 9
              defines: TRACE EXTRA OTHER LEGACY_API RELEASE NETSTANDARD NETSTANDARD2_0 NETSTANDARD2_0_OR_GREATER NETSTANDARD1_6_OR_GREATER NETSTANDARD1_5_OR_GREATER NETSTANDARD1_4_OR_GREATER NETSTANDARD1_3_OR_GREATER NETSTANDARD1_2_OR_GREATER NETSTANDARD1_1_OR_GREATER NETSTANDARD1_0_OR_GREATER
              missing package NETStandard.Library 2.0.3: no NuGet packages folder known (NUGET_PACKAGES, ~/.nuget/packages)
              file Code.cs
              file Polyfills/Index.cs
        "#]],
    );
    let options = LoadOptions {
        target_framework: None,
        configuration: Some("Release".to_owned()),
        ..LoadOptions::default()
    };
    let fs = MemoryFs::from_fixture(MULTI_TARGET);
    let workspace = load_workspace_with(&fs, Path::new("/m/Multi.csproj"), &options);
    assert_eq!(workspace.projects[0].nullable.as_deref(), Some("enable"));
}

#[test]
fn directory_build_props_chain() {
    check(
        r#"
//- /repo/Directory.Build.props
<Project>
  <PropertyGroup>
    <LangVersion>latest</LangVersion>
    <Company>Acme</Company>
    <RepoRoot>$(MSBuildThisFileDirectory)</RepoRoot>
  </PropertyGroup>
  <Import Project="build\common.props" />
</Project>
//- /repo/build/common.props
<Project>
  <PropertyGroup>
    <DefineConstants>$(DefineConstants);FROM_COMMON</DefineConstants>
  </PropertyGroup>
</Project>
//- /repo/src/Directory.Build.props
<Project>
  <Import Project="$([MSBuild]::GetPathOfFileAbove('Directory.Build.props', '$(MSBuildThisFileDirectory)../'))" />
  <PropertyGroup>
    <RootNamespace>$(Company).$(MSBuildProjectName)</RootNamespace>
    <Nullable Condition="Exists('$(RepoRoot)build\common.props')">enable</Nullable>
  </PropertyGroup>
  <ItemGroup>
    <Compile Include="$(RepoRoot)shared\*.cs" />
  </ItemGroup>
</Project>
//- /repo/src/Core/Core.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net472</TargetFramework></PropertyGroup>
</Project>
//- /repo/src/Core/Core.cs
//- /repo/shared/Assert.cs
"#,
        "/repo/src/Core/Core.csproj",
        expect![[r#"
            project Core.csproj (root /repo/src/Core)
            #0 Core [sdk Microsoft.NET.Sdk] Core.csproj
              root namespace: Acme.Core
              frameworks: net472
              lang version: latest
              nullable: enable
              defines: FROM_COMMON TRACE DEBUG NETFRAMEWORK NET472 NET472_OR_GREATER NET471_OR_GREATER NET47_OR_GREATER NET462_OR_GREATER NET461_OR_GREATER NET46_OR_GREATER NET452_OR_GREATER NET451_OR_GREATER NET45_OR_GREATER NET40_OR_GREATER NET35_OR_GREATER NET20_OR_GREATER
              missing framework .NETFramework 4.7.2: no Microsoft.NETFramework.ReferenceAssemblies.net472 package (no packages folder), no Mono
              file ../../shared/Assert.cs
              file Core.cs
        "#]],
    );
}

#[test]
fn implicit_usings_for_sdk_and_web_sdk_with_using_items() {
    check(
        r#"
//- /w/Directory.Build.props
<Project>
  <ItemGroup>
    <Using Include="Acme.Common" />
  </ItemGroup>
</Project>
//- /w/Api/Api.csproj
<Project Sdk="Microsoft.NET.Sdk.Web">
  <PropertyGroup>
    <TargetFramework>net8.0</TargetFramework>
    <ImplicitUsings>enable</ImplicitUsings>
  </PropertyGroup>
  <ItemGroup>
    <Using Include="System.Text.Json" Alias="Json" />
    <Using Include="System.Math" Static="true" />
    <Using Include="Xunit"><Static>false</Static></Using>
    <Using Remove="System.Net.Http" />
  </ItemGroup>
</Project>
//- /w/Lib/Lib.csproj
<Project>
  <Sdk Name="Microsoft.NET.Sdk" />
  <PropertyGroup>
    <TargetFramework>net48</TargetFramework>
    <ImplicitUsings>true</ImplicitUsings>
    <DisableImplicitFrameworkDefines>true</DisableImplicitFrameworkDefines>
  </PropertyGroup>
</Project>
//- /w/Off/Off.csproj
<Project>
  <Import Project="Sdk.props" Sdk="Microsoft.NET.Sdk" />
  <PropertyGroup><AssemblyName>Acme.Off</AssemblyName></PropertyGroup>
  <Import Project="Sdk.targets" Sdk="Microsoft.NET.Sdk" />
</Project>
"#,
        "/w",
        expect![[r#"
            folder (root /w)
            #0 Api [sdk Microsoft.NET.Sdk.Web] Api/Api.csproj
              frameworks: net8.0
              defines: TRACE DEBUG NET NET8_0 NETCOREAPP NET8_0_OR_GREATER NET7_0_OR_GREATER NET6_0_OR_GREATER NET5_0_OR_GREATER NETCOREAPP3_1_OR_GREATER NETCOREAPP3_0_OR_GREATER NETCOREAPP2_2_OR_GREATER NETCOREAPP2_1_OR_GREATER NETCOREAPP2_0_OR_GREATER NETCOREAPP1_1_OR_GREATER NETCOREAPP1_0_OR_GREATER
              usings: Acme.Common, System, System.Collections.Generic, System.IO, System.Linq, System.Threading, System.Threading.Tasks, System.Net.Http.Json, Microsoft.AspNetCore.Builder, Microsoft.AspNetCore.Hosting, Microsoft.AspNetCore.Http, Microsoft.AspNetCore.Routing, Microsoft.Extensions.Configuration, Microsoft.Extensions.DependencyInjection, Microsoft.Extensions.Hosting, Microsoft.Extensions.Logging, Json = System.Text.Json, static System.Math, Xunit
              missing framework Microsoft.AspNetCore.App net8.0: no .NET SDK found (no dotnet root given)
              missing framework Microsoft.NETCore.App net8.0: no .NET SDK found (no dotnet root given)
            #1 Lib [sdk Microsoft.NET.Sdk] Lib/Lib.csproj
              frameworks: net48
              defines: TRACE DEBUG
              usings: Acme.Common, System, System.Collections.Generic, System.IO, System.Linq, System.Threading, System.Threading.Tasks
              missing framework .NETFramework 4.8: no Microsoft.NETFramework.ReferenceAssemblies.net48 package (no packages folder), no Mono
            #2 Off [sdk Microsoft.NET.Sdk] Off/Off.csproj
              assembly: Acme.Off
              defines: TRACE DEBUG
              usings: Acme.Common
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found (no dotnet root given); .NET Framework: no Mono)
        "#]],
    );
}

#[test]
fn legacy_project() {
    check(
        r#"
//- /old/Old.csproj
<?xml version="1.0" encoding="utf-8"?>
<Project ToolsVersion="15.0" DefaultTargets="Build" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
  <Import Project="$(MSBuildExtensionsPath)\$(MSBuildToolsVersion)\Microsoft.Common.props" Condition="Exists('$(MSBuildExtensionsPath)\$(MSBuildToolsVersion)\Microsoft.Common.props')" />
  <PropertyGroup>
    <Configuration Condition=" '$(Configuration)' == '' ">Debug</Configuration>
    <Platform Condition=" '$(Platform)' == '' ">AnyCPU</Platform>
    <OutputType>Library</OutputType>
    <RootNamespace>Old.Core</RootNamespace>
    <AssemblyName>Old.Core</AssemblyName>
    <TargetFrameworkVersion>v4.7.2</TargetFrameworkVersion>
  </PropertyGroup>
  <PropertyGroup Condition=" '$(Configuration)|$(Platform)' == 'Debug|AnyCPU' ">
    <DefineConstants>DEBUG;TRACE</DefineConstants>
  </PropertyGroup>
  <PropertyGroup Condition=" '$(Configuration)|$(Platform)' == 'Release|AnyCPU' ">
    <DefineConstants>TRACE</DefineConstants>
  </PropertyGroup>
  <ItemGroup>
    <Compile Include="Properties\AssemblyInfo.cs" />
    <Compile Include="Services\OrderService.cs">
      <SubType>Code</SubType>
    </Compile>
  </ItemGroup>
  <ItemGroup>
    <ProjectReference Include="..\Other\Other.csproj">
      <Project>{12345678-1234-1234-1234-123456789012}</Project>
    </ProjectReference>
  </ItemGroup>
  <Import Project="$(MSBuildToolsPath)\Microsoft.CSharp.targets" />
</Project>
//- /old/Properties/AssemblyInfo.cs
//- /old/Services/OrderService.cs
//- /old/NotInProject.cs
//- /Other/Other.csproj
<Project ToolsVersion="4.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003" />
"#,
        "/old/Old.csproj",
        expect![[r#"
            project Old.csproj (root /old)
            #0 Old [legacy] Old.csproj
              assembly: Old.Core
              root namespace: Old.Core
              frameworks: net472
              defines: DEBUG TRACE
              reference ../Other/Other.csproj -> #1 Other
              missing framework .NETFramework 4.7.2: no Microsoft.NETFramework.ReferenceAssemblies.net472 package (no packages folder), no Mono
              file Properties/AssemblyInfo.cs
              file Services/OrderService.cs
            #1 Other [legacy] ../Other/Other.csproj
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found (no dotnet root given); .NET Framework: no Mono)
        "#]],
    );
}

#[test]
fn broken_and_missing_projects_are_problems_and_the_rest_loads() {
    check(
        r#"
//- /s/S.sln
Microsoft Visual Studio Solution File, Format Version 12.00
Project("{9A19103F-16F7-4668-BE54-9A1E7A4F7556}") = "Good", "Good\Good.csproj", "{1}"
EndProject
Project("{9A19103F-16F7-4668-BE54-9A1E7A4F7556}") = "Broken", "Broken\Broken.csproj", "{2}"
EndProject
Project("{9A19103F-16F7-4668-BE54-9A1E7A4F7556}") = "Gone", "Gone\Gone.csproj", "{3}"
EndProject
//- /s/Good/Good.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <Import Project="..\bad.props" />
  <ItemGroup>
    <ProjectReference Include="..\Broken\Broken.csproj" />
    <ProjectReference Include="..\Nowhere\Nowhere.csproj" />
  </ItemGroup>
</Project>
//- /s/Good/Good.cs
//- /s/bad.props
<Project><PropertyGroup></Project>
//- /s/Broken/Broken.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
</Project>
//- /s/NotXml.sln
garbage
"#,
        "/s/S.sln",
        expect![[r#"
            solution S.sln (root /s)
            #0 Good [sdk Microsoft.NET.Sdk] Good/Good.csproj
              defines: TRACE DEBUG
              reference Broken/Broken.csproj -> unresolved
              reference Nowhere/Nowhere.csproj -> unresolved
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found (no dotnet root given); .NET Framework: no Mono)
              file Good/Good.cs
            problems:
              bad.props: malformed XML: expected 'PropertyGroup' tag, not 'Project' at 1:25
              Broken/Broken.csproj: malformed XML: expected 'PropertyGroup' tag, not 'Project' at 3:1
              Gone/Gone.csproj: cannot read project file: file not found
              Nowhere/Nowhere.csproj: cannot read project file: file not found
        "#]],
    );
    check(
        "//- /s/NotXml.sln\ngarbage\n",
        "/s/NotXml.sln",
        expect![[r#"
            solution NotXml.sln (root /s)
            problems:
              NotXml.sln: not a Visual Studio solution file: the header line is missing
        "#]],
    );
    check(
        "//- /s/a.cs\n",
        "/s/nothing.csproj",
        expect![[r#"
            project nothing.csproj (root /s)
            problems:
              nothing.csproj: cannot read project file: file not found
        "#]],
    );
}

#[test]
fn reference_cycles_terminate() {
    check(
        r#"
//- /c/A/A.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <ItemGroup><ProjectReference Include="../B/B.csproj" /></ItemGroup>
</Project>
//- /c/B/B.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <ItemGroup><ProjectReference Include="../A/A.csproj;../B/B.csproj" /></ItemGroup>
</Project>
"#,
        "/c/A/A.csproj",
        expect![[r#"
            project A.csproj (root /c/A)
            #0 A [sdk Microsoft.NET.Sdk] A.csproj
              defines: TRACE DEBUG
              reference ../B/B.csproj -> #1 B
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found (no dotnet root given); .NET Framework: no Mono)
            #1 B [sdk Microsoft.NET.Sdk] ../B/B.csproj
              defines: TRACE DEBUG
              reference A.csproj -> #0 A
              reference ../B/B.csproj -> #1 B
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found (no dotnet root given); .NET Framework: no Mono)
        "#]],
    );
}

#[test]
fn import_cycles_terminate_and_choose_picks_a_branch() {
    check(
        r#"
//- /i/a.props
<Project>
  <Import Project="b.props" />
  <PropertyGroup><FromA>a</FromA></PropertyGroup>
</Project>
//- /i/b.props
<Project>
  <Import Project="a.props" />
  <PropertyGroup><LangVersion>$(FromA)b</LangVersion></PropertyGroup>
</Project>
//- /i/I.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <Import Project="a.props" />
  <Import Project="I.csproj" />
  <Choose>
    <When Condition="'$(LangVersion)' == 'x'"><PropertyGroup><Nullable>disable</Nullable></PropertyGroup></When>
    <When Condition="'$(LangVersion)' == 'b'"><PropertyGroup><Nullable>enable</Nullable></PropertyGroup></When>
    <Otherwise><PropertyGroup><Nullable>warnings</Nullable></PropertyGroup></Otherwise>
  </Choose>
</Project>
"#,
        "/i/I.csproj",
        expect![[r#"
            project I.csproj (root /i)
            #0 I [sdk Microsoft.NET.Sdk] I.csproj
              lang version: b
              nullable: enable
              defines: TRACE DEBUG
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found (no dotnet root given); .NET Framework: no Mono)
        "#]],
    );
}

#[test]
fn conditions() {
    let fs = MemoryFs::from_fixture("//- /d/file.txt\n");
    let mut props = crate::msbuild::Properties::default();
    props.set_fixed("TargetFramework", "net8.0".to_owned());
    props.set_fixed("Configuration", "Debug".to_owned());
    props.set_fixed("Version", "4.10".to_owned());
    let scope = crate::msbuild::Scope {
        fs: &fs,
        props: &props,
        this_file: Path::new("/d/x.props"),
    };
    let cases = [
        ("'$(TargetFramework)' == 'NET8.0'", true),
        ("'$(TargetFramework)' != 'net8.0'", false),
        (" '$(Configuration)|$(Platform)' == 'Debug|' ", true),
        ("'$(Undefined)' == ''", true),
        ("$(TargetFramework.StartsWith('net4'))", false),
        (
            "!$(TargetFramework.StartsWith('net4')) and ('$(Configuration)' == 'Release' or true)",
            true,
        ),
        (
            "'$([MSBuild]::GetTargetFrameworkIdentifier(\"$(TargetFramework)\"))' == '.NETCoreApp'",
            true,
        ),
        (
            "$([MSBuild]::IsTargetFrameworkCompatible('$(TargetFramework)', 'netstandard2.1'))",
            true,
        ),
        (
            "$([MSBuild]::VersionGreaterThanOrEquals('$(Version)', '4.9'))",
            true,
        ),
        // Both numbers (4.1 < 4.9), as in MSBuild; versions only when not numbers.
        ("'$(Version)' > '4.9'", false),
        ("'$(Version).1' > '4.9'", true),
        ("Exists('file.txt') AND !Exists('../d/missing.txt')", true),
        ("HasTrailingSlash('$(MSBuildThisFileDirectory)')", true),
        (
            "Exists('$([MSBuild]::GetDirectoryNameOfFileAbove($(MSBuildThisFileDirectory), file.txt))/file.txt')",
            true,
        ),
        // Unsupported parts are unknown: they do not decide the result unless they must.
        ("'$(TargetFramework.Unknown())' == 'x'", false),
        ("'$(TargetFramework.Unknown())' == 'x' or true", true),
        ("'@(Compile)' != ''", false),
        ("'a' == ", false),
    ];
    let nested = format!("{}true{}", "(".repeat(40), ")".repeat(40));
    let too_deep = format!("{}true", "!".repeat(10_000));
    let failures: Vec<String> = cases
        .iter()
        .chain([(nested.as_str(), true), (too_deep.as_str(), false)].iter())
        .filter(|(condition, expected)| scope.condition(Some(condition)) != *expected)
        .map(|(condition, expected)| format!("{condition} should be {expected}"))
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn framework_symbols() {
    let symbols = |tfm: &str| crate::tfm::Tfm::parse(tfm).map(|t| t.symbols().join(" "));
    expect![[r#"
        [
            Some(
                "NETCOREAPP NETCOREAPP3_1 NETCOREAPP3_1_OR_GREATER NETCOREAPP3_0_OR_GREATER NETCOREAPP2_2_OR_GREATER NETCOREAPP2_1_OR_GREATER NETCOREAPP2_0_OR_GREATER NETCOREAPP1_1_OR_GREATER NETCOREAPP1_0_OR_GREATER",
            ),
            Some(
                "NET NET6_0 NETCOREAPP NET6_0_OR_GREATER NET5_0_OR_GREATER NETCOREAPP3_1_OR_GREATER NETCOREAPP3_0_OR_GREATER NETCOREAPP2_2_OR_GREATER NETCOREAPP2_1_OR_GREATER NETCOREAPP2_0_OR_GREATER NETCOREAPP1_1_OR_GREATER NETCOREAPP1_0_OR_GREATER WINDOWS",
            ),
            Some(
                "NETFRAMEWORK NET48 NET48_OR_GREATER NET472_OR_GREATER NET471_OR_GREATER NET47_OR_GREATER NET462_OR_GREATER NET461_OR_GREATER NET46_OR_GREATER NET452_OR_GREATER NET451_OR_GREATER NET45_OR_GREATER NET40_OR_GREATER NET35_OR_GREATER NET20_OR_GREATER",
            ),
            Some(
                "NETSTANDARD NETSTANDARD2_1 NETSTANDARD2_1_OR_GREATER NETSTANDARD2_0_OR_GREATER NETSTANDARD1_6_OR_GREATER NETSTANDARD1_5_OR_GREATER NETSTANDARD1_4_OR_GREATER NETSTANDARD1_3_OR_GREATER NETSTANDARD1_2_OR_GREATER NETSTANDARD1_1_OR_GREATER NETSTANDARD1_0_OR_GREATER",
            ),
            None,
        ]
    "#]]
    .assert_debug_eq(&["netcoreapp3.1", "net6.0-windows10.0.19041", "net48", "netstandard2.1", "uap10.0"].map(symbols));
}

#[test]
fn windows_paths_and_case_mismatches_resolve() {
    check(
        r#"
//- /r/R.sln
Microsoft Visual Studio Solution File, Format Version 12.00
Project("{9A19103F-16F7-4668-BE54-9A1E7A4F7556}") = "App", ".\SRC\app\App.csproj", "{1}"
EndProject
//- /r/src/App/App.csproj
<Project Sdk="Microsoft.NET.Sdk">
  <ItemGroup><ProjectReference Include="..\..\src\.\lib\LIB.csproj" /></ItemGroup>
</Project>
//- /r/src/lib/Lib.csproj
<Project Sdk="Microsoft.NET.Sdk" />
"#,
        "/r/R.sln",
        expect![[r#"
            solution R.sln (root /r)
            #0 App [sdk Microsoft.NET.Sdk] src/App/App.csproj
              defines: TRACE DEBUG
              reference src/lib/Lib.csproj -> #1 Lib
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found (no dotnet root given); .NET Framework: no Mono)
            #1 Lib [sdk Microsoft.NET.Sdk] src/lib/Lib.csproj
              defines: TRACE DEBUG
              missing framework Microsoft.NETCore.App: no target framework named, and none found (.NET: no .NET SDK found (no dotnet root given); .NET Framework: no Mono)
        "#]],
    );
}

#[test]
fn memory_fs_lists_directories() {
    let fs = MemoryFs::from_fixture("//- /a/b/c.cs\nx\n//- /a/d.cs\n//- /a-b/e.cs\n");
    use crate::FileSystem;
    expect![[r#"
        Ok(
            [
                DirEntry {
                    name: "b",
                    is_dir: true,
                },
                DirEntry {
                    name: "d.cs",
                    is_dir: false,
                },
            ],
        )
    "#]]
    .assert_debug_eq(&fs.read_dir(Path::new("/a")));
    assert!(
        fs.is_dir(Path::new("/a/b"))
            && !fs.is_dir(Path::new("/a/d.cs"))
            && fs.is_file(Path::new("/a/d.cs"))
    );
    assert_eq!(
        fs.read_to_string(Path::new("/a/b/c.cs")).ok().as_deref(),
        Some("x\n")
    );
}

/// The sample solution shipped with the repository, through the real file system.
#[test]
fn loads_examples_from_disk() {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let workspace = load_workspace(&crate::OsFs, &examples);
    assert!(
        matches!(workspace.kind, crate::WorkspaceKind::Solution(_)),
        "{}",
        workspace.dump()
    );
    assert!(workspace.problems.is_empty(), "{}", workspace.dump());
    assert!(!workspace.projects.is_empty());
    for project in &workspace.projects {
        assert!(!project.files.is_empty(), "{} has no files", project.name);
        assert!(
            project
                .project_references
                .iter()
                .all(|r| r.project.is_some()),
            "{}",
            workspace.dump()
        );
    }
}
