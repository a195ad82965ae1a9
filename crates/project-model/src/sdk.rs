//! The parts of the .NET SDK's props and targets that decide what the compiler sees, written as
//! MSBuild so the evaluator treats them exactly like the real imports. Each mirrors a file of
//! `dotnet/sdk` (named in the comments), trimmed to the properties and items this crate reads.

/// `Microsoft.NET.Sdk.props`, `Microsoft.NET.Sdk.DefaultItems.props` and
/// `Microsoft.NET.Sdk.CSharp.props`: evaluated after `Directory.Build.props`, before the project.
const PROPS: &str = r#"
<Project>
  <PropertyGroup>
    <Platform Condition="'$(Platform)' == ''">AnyCPU</Platform>
    <AssemblyName Condition="'$(AssemblyName)' == ''">$(MSBuildProjectName)</AssemblyName>
    <RootNamespace Condition="'$(RootNamespace)' == ''">$(MSBuildProjectName.Replace(' ', '_'))</RootNamespace>
    <BaseOutputPath Condition="'$(BaseOutputPath)' == ''">bin\</BaseOutputPath>
    <BaseIntermediateOutputPath Condition="'$(BaseIntermediateOutputPath)' == ''">obj\</BaseIntermediateOutputPath>
    <EnableDefaultItems Condition="'$(EnableDefaultItems)' == ''">true</EnableDefaultItems>
    <EnableDefaultCompileItems Condition="'$(EnableDefaultCompileItems)' == ''">true</EnableDefaultCompileItems>
    <DefineConstants Condition="'$(DefineConstants)' != ''">$(DefineConstants);TRACE</DefineConstants>
    <DefineConstants Condition="'$(DefineConstants)' == ''">TRACE</DefineConstants>
  </PropertyGroup>
  <ItemGroup Condition="'$(EnableDefaultItems)' == 'true' and '$(EnableDefaultCompileItems)' == 'true'">
    <CsnavDefaultCompile />
  </ItemGroup>
  <ItemGroup Condition="'$(ImplicitUsings)' == 'true' or '$(ImplicitUsings)' == 'enable'">
    <Using Include="System" />
    <Using Include="System.Collections.Generic" />
    <Using Include="System.IO" />
    <Using Include="System.Linq" />
    <Using Include="System.Net.Http" Condition="'$(TargetFrameworkIdentifier)' != '.NETFramework'" />
    <Using Include="System.Threading" />
    <Using Include="System.Threading.Tasks" />
  </ItemGroup>
</Project>
"#;

/// `Microsoft.NET.Sdk.Web.ProjectSystem.props`.
const WEB_PROPS: &str = r#"
<Project>
  <ItemGroup Condition="'$(ImplicitUsings)' == 'true' or '$(ImplicitUsings)' == 'enable'">
    <Using Include="System.Net.Http.Json" />
    <Using Include="Microsoft.AspNetCore.Builder" />
    <Using Include="Microsoft.AspNetCore.Hosting" />
    <Using Include="Microsoft.AspNetCore.Http" />
    <Using Include="Microsoft.AspNetCore.Routing" />
    <Using Include="Microsoft.Extensions.Configuration" />
    <Using Include="Microsoft.Extensions.DependencyInjection" />
    <Using Include="Microsoft.Extensions.Hosting" />
    <Using Include="Microsoft.Extensions.Logging" />
  </ItemGroup>
</Project>
"#;

/// `Microsoft.NET.Sdk.Worker.props`.
const WORKER_PROPS: &str = r#"
<Project>
  <ItemGroup Condition="'$(ImplicitUsings)' == 'true' or '$(ImplicitUsings)' == 'enable'">
    <Using Include="Microsoft.Extensions.Configuration" />
    <Using Include="Microsoft.Extensions.DependencyInjection" />
    <Using Include="Microsoft.Extensions.Hosting" />
    <Using Include="Microsoft.Extensions.Logging" />
  </ItemGroup>
</Project>
"#;

/// `Microsoft.NET.TargetFrameworkInference.targets`, `Microsoft.NET.Sdk.CSharp.targets` and the
/// default item excludes: evaluated after the project. The symbols implied by the target
/// framework are added by the loader (the SDK adds them in a target, not during evaluation).
const TARGETS: &str = r#"
<Project>
  <PropertyGroup Condition="'$(TargetFramework)' != ''">
    <TargetFrameworkIdentifier>$([MSBuild]::GetTargetFrameworkIdentifier('$(TargetFramework)'))</TargetFrameworkIdentifier>
    <TargetFrameworkVersion>v$([MSBuild]::GetTargetFrameworkVersion('$(TargetFramework)'))</TargetFrameworkVersion>
    <TargetPlatformIdentifier>$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)'))</TargetPlatformIdentifier>
  </PropertyGroup>
  <PropertyGroup Condition="'$(DisableImplicitConfigurationDefines)' != 'true'">
    <ImplicitConfigurationDefine>$(Configuration.ToUpperInvariant())</ImplicitConfigurationDefine>
    <ImplicitConfigurationDefine>$(ImplicitConfigurationDefine.Replace('-', '_'))</ImplicitConfigurationDefine>
    <ImplicitConfigurationDefine>$(ImplicitConfigurationDefine.Replace('.', '_'))</ImplicitConfigurationDefine>
    <ImplicitConfigurationDefine>$(ImplicitConfigurationDefine.Replace(' ', '_'))</ImplicitConfigurationDefine>
    <DefineConstants>$(DefineConstants);$(ImplicitConfigurationDefine)</DefineConstants>
  </PropertyGroup>
  <PropertyGroup>
    <DefaultItemExcludes>$(DefaultItemExcludes);$(BaseOutputPath)/**;$(BaseIntermediateOutputPath)/**;**/node_modules/**</DefaultItemExcludes>
    <DefaultExcludesInProjectFolder>$(DefaultItemExcludesInProjectFolder);**/.*/**</DefaultExcludesInProjectFolder>
  </PropertyGroup>
</Project>
"#;

/// The emulated props for a project using `sdks`, in import order.
pub(crate) fn props(sdks: &[String]) -> Vec<&'static str> {
    let uses = |name: &str| sdks.iter().any(|sdk| sdk.eq_ignore_ascii_case(name));
    let mut props = vec![PROPS];
    if uses("Microsoft.NET.Sdk.Web") {
        props.push(WEB_PROPS);
    }
    if uses("Microsoft.NET.Sdk.Worker") {
        props.push(WORKER_PROPS);
    }
    props
}

pub(crate) fn targets() -> &'static str {
    TARGETS
}
