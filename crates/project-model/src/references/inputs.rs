//! What a project file says about its references, taken from the evaluated project once: the
//! packages (with versions settled by central package management), framework references,
//! `Reference` items, and where restore would have written its assets file.

use std::path::{Path, PathBuf};

use rustc_hash::FxHashMap;
use smol_str::SmolStr;

use crate::{
    items::{NamedItem, split_list},
    msbuild::{ItemKind, Properties},
    paths::join,
};

#[derive(Clone, Debug)]
pub(crate) struct ReferenceInputs {
    /// The active target framework as the project writes it (`net8.0`); `None` when it has
    /// none (an implicit project, an SDK project without `TargetFramework`).
    pub(crate) target_framework: Option<SmolStr>,
    /// Whether the project is SDK-style: a legacy project gets `System.Core` as
    /// `Microsoft.Common.targets` adds it, an SDK one gets the SDK's implicit references as items.
    pub(crate) is_sdk: bool,
    pub(crate) packages: Vec<PackageRequest>,
    pub(crate) frameworks: Vec<SmolStr>,
    pub(crate) assemblies: Vec<AssemblyRequest>,
    /// `obj/project.assets.json`, or where `ProjectAssetsFile` / `MSBuildProjectExtensionsPath`
    /// / `BaseIntermediateOutputPath` put it.
    pub(crate) assets_file: PathBuf,
    /// `RestorePackagesPath`: the project's own packages folder.
    pub(crate) packages_path: Option<PathBuf>,
    /// The names other projects' `PackageReference`s reach this one by: its `PackageId` and
    /// its assembly name.
    pub(crate) package_ids: Vec<SmolStr>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PackageRequest {
    pub(crate) id: SmolStr,
    /// The version spec as written (`13.0.3`, `[1.0,2.0)`, `1.*`); `None` when none is given.
    pub(crate) version: Option<SmolStr>,
    /// Whether its compile assets are used (`IncludeAssets` / `ExcludeAssets`).
    pub(crate) compile: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AssemblyRequest {
    /// The simple name: `System.Xml` of `System.Xml, Version=4.0.0.0, Culture=neutral`.
    pub(crate) name: SmolStr,
    /// The `Include` itself when it names a file (`..\lib\Foo.dll`), resolved.
    pub(crate) file: Option<PathBuf>,
    /// `HintPath`, resolved against the project folder.
    pub(crate) hint_path: Option<PathBuf>,
    /// The hint path as written, for messages.
    pub(crate) hint_text: Option<String>,
}

impl ReferenceInputs {
    /// A folder of loose files: no framework named, nothing referenced.
    pub(crate) fn implicit(dir: &Path) -> ReferenceInputs {
        ReferenceInputs {
            target_framework: None,
            is_sdk: false,
            packages: Vec::new(),
            frameworks: Vec::new(),
            assemblies: Vec::new(),
            assets_file: dir.join("obj").join("project.assets.json"),
            packages_path: None,
            package_ids: Vec::new(),
        }
    }

    pub(crate) fn read(
        props: &Properties,
        items: &[NamedItem],
        project_dir: &Path,
        target_framework: Option<&str>,
        is_sdk: bool,
        assembly_name: &str,
    ) -> ReferenceInputs {
        let of_kind = |kind: ItemKind| items.iter().filter(move |item| item.kind == kind);
        let central = props.is_true("ManagePackageVersionsCentrally");
        let central_versions: FxHashMap<String, &str> = of_kind(ItemKind::PackageVersion)
            .filter_map(|item| Some((item.name.to_ascii_lowercase(), item.metadata("Version")?)))
            .collect();
        let mut packages: Vec<PackageRequest> = Vec::new();
        for item in of_kind(ItemKind::PackageReference) {
            if packages
                .iter()
                .any(|p| p.id.eq_ignore_ascii_case(&item.name))
            {
                continue;
            }
            let own = item.metadata("Version");
            let from_central = central_versions
                .get(&item.name.to_ascii_lowercase())
                .copied();
            // A version on the item under central management is an error (NU1008); it still
            // says which version is meant.
            let version = if central {
                item.metadata("VersionOverride").or(from_central).or(own)
            } else {
                own
            };
            packages.push(PackageRequest {
                id: SmolStr::new(&item.name),
                version: version.map(SmolStr::new),
                compile: uses_compile_assets(item),
            });
        }
        let mut frameworks: Vec<SmolStr> = Vec::new();
        for item in of_kind(ItemKind::FrameworkReference) {
            if !frameworks
                .iter()
                .any(|f| f.eq_ignore_ascii_case(&item.name))
            {
                frameworks.push(SmolStr::new(&item.name));
            }
        }
        let mut assemblies: Vec<AssemblyRequest> = Vec::new();
        for item in of_kind(ItemKind::Reference) {
            let request = assembly_request(item, project_dir);
            if !assemblies
                .iter()
                .any(|a| a.name.eq_ignore_ascii_case(&request.name))
            {
                assemblies.push(request);
            }
        }
        let path_property = |name: &str| props.non_empty(name).map(|p| join(project_dir, p));
        let assets_file = path_property("ProjectAssetsFile").unwrap_or_else(|| {
            path_property("MSBuildProjectExtensionsPath")
                .or_else(|| path_property("BaseIntermediateOutputPath"))
                .unwrap_or_else(|| project_dir.join("obj"))
                .join("project.assets.json")
        });
        let mut package_ids: Vec<SmolStr> = props
            .non_empty("PackageId")
            .map(SmolStr::new)
            .into_iter()
            .collect();
        if !package_ids
            .iter()
            .any(|id| id.eq_ignore_ascii_case(assembly_name))
        {
            package_ids.push(SmolStr::new(assembly_name));
        }
        ReferenceInputs {
            target_framework: target_framework.map(SmolStr::new),
            is_sdk,
            packages,
            frameworks,
            assemblies,
            assets_file,
            packages_path: path_property("RestorePackagesPath"),
            package_ids,
        }
    }
}

/// `IncludeAssets` (default `all`) minus `ExcludeAssets` (default `none`) contains `compile`.
fn uses_compile_assets(item: &NamedItem) -> bool {
    let names_compile = |list: &str| {
        split_list(list)
            .iter()
            .any(|a| a.eq_ignore_ascii_case("compile") || a.eq_ignore_ascii_case("all"))
    };
    let included = item.metadata("IncludeAssets").is_none_or(names_compile);
    let excluded = item.metadata("ExcludeAssets").is_some_and(names_compile);
    included && !excluded
}

fn assembly_request(item: &NamedItem, project_dir: &Path) -> AssemblyRequest {
    let include = item.name.trim();
    let lower = include.to_ascii_lowercase();
    let is_file = [".dll", ".exe", ".winmd"]
        .iter()
        .any(|ext| lower.ends_with(ext));
    let (name, file) = if is_file {
        let path = join(project_dir, include);
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        (stem, Some(path))
    } else {
        let name = include.split(',').next().unwrap_or_default().trim();
        (name.to_owned(), None)
    };
    let hint_text = item.metadata("HintPath").map(str::to_owned);
    AssemblyRequest {
        name: SmolStr::new(name),
        file,
        hint_path: hint_text.as_deref().map(|hint| join(project_dir, hint)),
        hint_text,
    }
}
