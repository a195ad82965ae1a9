//! The parts of the .NET SDK's props and targets that decide what the compiler sees, written as
//! MSBuild so the evaluator treats them exactly like the real imports. Each mirrors a file of
//! `dotnet/sdk` (named in the comments), trimmed to the properties and items this crate reads.

/// `NuGet.props` (central package management's `Directory.Packages.props`),
/// `Microsoft.NET.Sdk.props`, `Microsoft.NET.Sdk.DefaultItems.props` and
/// `Microsoft.NET.Sdk.CSharp.props`: evaluated after `Directory.Build.props`, before the project.
const PROPS: &str = r#"
<Project>
  <PropertyGroup>
    <ImportDirectoryPackagesProps Condition="'$(ImportDirectoryPackagesProps)' == ''">true</ImportDirectoryPackagesProps>
    <DirectoryPackagesPropsPath Condition="'$(DirectoryPackagesPropsPath)' == ''">$([MSBuild]::GetPathOfFileAbove('Directory.Packages.props', '$(MSBuildProjectDirectory)'))</DirectoryPackagesPropsPath>
  </PropertyGroup>
  <Import Project="$(DirectoryPackagesPropsPath)" Condition="'$(ImportDirectoryPackagesProps)' == 'true' and '$(DirectoryPackagesPropsPath)' != '' and Exists('$(DirectoryPackagesPropsPath)')" />
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

/// `Microsoft.NET.Sdk.Web.ProjectSystem.props` and the framework reference of
/// `Microsoft.NET.Sdk.Web.ProjectSystem.targets`.
const WEB_PROPS: &str = r#"
<Project>
  <ItemGroup Condition="'$(TargetFrameworkIdentifier)' == '.NETCoreApp' and '$(_TargetFrameworkVersionWithoutV)' >= '3.0'">
    <FrameworkReference Include="Microsoft.AspNetCore.App" />
  </ItemGroup>
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

/// `Microsoft.NET.TargetFrameworkInference.targets`, `Microsoft.NET.Sdk.CSharp.targets`, the
/// default item excludes, and the implicit references of `Microsoft.NET.Sdk.DefaultItems.targets`,
/// `Microsoft.NET.Sdk.FrameworkReferenceResolution.targets`,
/// `Microsoft.NET.Sdk.BeforeCommon.targets` (the .NET Framework assemblies) and
/// `Microsoft.NET.Sdk.WindowsDesktop.targets`: evaluated after the project. The symbols implied
/// by the target framework are added by the loader (the SDK adds them in a target, not during
/// evaluation).
const TARGETS: &str = r#"
<Project>
  <PropertyGroup Condition="'$(TargetFramework)' != ''">
    <TargetFrameworkIdentifier>$([MSBuild]::GetTargetFrameworkIdentifier('$(TargetFramework)'))</TargetFrameworkIdentifier>
    <TargetFrameworkVersion>v$([MSBuild]::GetTargetFrameworkVersion('$(TargetFramework)'))</TargetFrameworkVersion>
    <TargetPlatformIdentifier>$([MSBuild]::GetTargetPlatformIdentifier('$(TargetFramework)'))</TargetPlatformIdentifier>
    <_TargetFrameworkVersionWithoutV>$(TargetFrameworkVersion.TrimStart('vV'))</_TargetFrameworkVersionWithoutV>
  </PropertyGroup>
  <PropertyGroup Condition="'$(TargetFrameworkIdentifier)' == '.NETStandard' and '$(NETStandardImplicitPackageVersion)' == ''">
    <NETStandardImplicitPackageVersion Condition="'$(_TargetFrameworkVersionWithoutV)' >= '2.0'">2.0.3</NETStandardImplicitPackageVersion>
    <NETStandardImplicitPackageVersion Condition="'$(_TargetFrameworkVersionWithoutV)' &lt; '2.0'">1.6.1</NETStandardImplicitPackageVersion>
  </PropertyGroup>
  <ItemGroup Condition="'$(DisableImplicitFrameworkReferences)' != 'true'">
    <FrameworkReference Include="Microsoft.NETCore.App" Condition="'$(TargetFrameworkIdentifier)' == '.NETCoreApp' and '$(_TargetFrameworkVersionWithoutV)' >= '3.0'" />
    <PackageReference Include="Microsoft.NETCore.App" Version="$(_TargetFrameworkVersionWithoutV)" Condition="'$(TargetFrameworkIdentifier)' == '.NETCoreApp' and '$(_TargetFrameworkVersionWithoutV)' &lt; '3.0'" />
    <FrameworkReference Include="NETStandard.Library" Condition="'$(TargetFrameworkIdentifier)' == '.NETStandard' and '$(_TargetFrameworkVersionWithoutV)' >= '2.1'" />
    <PackageReference Include="NETStandard.Library" Version="$(NETStandardImplicitPackageVersion)" Condition="'$(TargetFrameworkIdentifier)' == '.NETStandard' and '$(_TargetFrameworkVersionWithoutV)' &lt; '2.1'" />
  </ItemGroup>
  <ItemGroup Condition="'$(DisableImplicitFrameworkReferences)' != 'true' and '$(TargetFrameworkIdentifier)' == '.NETFramework'">
    <Reference Include="System" />
    <Reference Include="System.Data" />
    <Reference Include="System.Drawing" />
    <Reference Include="System.Xml" />
    <Reference Include="System.Core" Condition="'$(_TargetFrameworkVersionWithoutV)' >= '3.5'" />
    <Reference Include="System.Runtime.Serialization" Condition="'$(_TargetFrameworkVersionWithoutV)' >= '3.5'" />
    <Reference Include="System.Xml.Linq" Condition="'$(_TargetFrameworkVersionWithoutV)' >= '3.5'" />
    <Reference Include="System.Numerics" Condition="'$(_TargetFrameworkVersionWithoutV)' >= '4.0'" />
    <Reference Include="System.IO.Compression.FileSystem" Condition="'$(_TargetFrameworkVersionWithoutV)' >= '4.5'" />
  </ItemGroup>
  <ItemGroup Condition="'$(TargetFrameworkIdentifier)' == '.NETCoreApp' and '$(_TargetFrameworkVersionWithoutV)' >= '3.0'">
    <FrameworkReference Include="Microsoft.WindowsDesktop.App" Condition="'$(UseWPF)' == 'true' and '$(UseWindowsForms)' == 'true'" />
    <FrameworkReference Include="Microsoft.WindowsDesktop.App.WPF" Condition="'$(UseWPF)' == 'true' and '$(UseWindowsForms)' != 'true'" />
    <FrameworkReference Include="Microsoft.WindowsDesktop.App.WindowsForms" Condition="'$(UseWPF)' != 'true' and '$(UseWindowsForms)' == 'true'" />
  </ItemGroup>
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
