//! The reference assemblies of each project for its active target framework, found without
//! MSBuild or a restore (the assembly files are found here, not read). Sources, in order:
//!
//! 1. packages: `obj/project.assets.json` when a restore wrote one for the framework
//!    (`assets`), else the `PackageReference` items (versions settled by central package
//!    management) and their `.nuspec` dependencies, looked up in the packages folder (`nuget`);
//!    a package that a workspace project builds binds to that project instead;
//! 2. the framework: the SDK's reference packs for `FrameworkReference`s, implicit or written
//!    (`packs`), `NETStandard.Library`'s reference assemblies for `netstandard2.0`, or the
//!    .NET Framework's reference assemblies and the `Reference` items naming them (`framework`);
//! 3. `Reference` items with a `HintPath` or naming a file (`hint_path`).
//!
//! The SDK's implicit references (the `Microsoft.NETCore.App` framework, `NETStandard.Library`,
//! the .NET Framework assemblies of SDK projects) are items of the emulated SDK
//! (`crate::sdk`), so they reach this module like the project's own.
//!
//! A project without target framework (a folder of loose files, an SDK project that names
//! none) gets the newest .NET found, else the newest .NET Framework.

mod assets;
mod env;
mod framework;
mod hint_path;
mod inputs;
mod listing;
mod nuget;
mod packs;
mod version;

#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};

use rustc_hash::FxHashMap;
use smol_str::SmolStr;

pub(crate) use self::inputs::ReferenceInputs;
use self::{
    assets::Assets, hint_path::Located, listing::Listings, nuget::Nuspecs, version::Version,
};
use crate::{
    FileSystem, LoadProblem, MissingKind, MissingReference, PackageProjectReference,
    ReferenceAssembly, ReferenceEnvironment, ReferenceOrigin, References,
    paths::file_name,
    tfm::{Family, Tfm},
};

const NETCORE_APP: &str = "Microsoft.NETCore.App";

/// A package found on disk, by restore or by lookup.
pub(crate) struct FoundPackage {
    pub(crate) id: SmolStr,
    pub(crate) version: SmolStr,
    pub(crate) dir: PathBuf,
}

/// What the package sources found for one project.
#[derive(Default)]
pub(crate) struct PackageOutcome {
    pub(crate) assemblies: Vec<ReferenceAssembly>,
    pub(crate) found: Vec<FoundPackage>,
    /// Framework references that packages bring (from the assets file).
    pub(crate) frameworks: Vec<SmolStr>,
    pub(crate) missing: Vec<MissingReference>,
    pub(crate) bound: Vec<PackageProjectReference>,
}

impl PackageOutcome {
    pub(crate) fn bind(&mut self, package: &str, project: usize) {
        if !self.bound.iter().any(|b| b.project == project) {
            self.bound.push(PackageProjectReference {
                package: SmolStr::new(package),
                project,
            });
        }
    }
}

pub(crate) struct Resolved {
    pub(crate) references: References,
    pub(crate) package_projects: Vec<PackageProjectReference>,
    pub(crate) problems: Vec<LoadProblem>,
}

/// Resolves the references of the projects of one workspace load, sharing directory listings
/// and parsed `.nuspec` files between them.
pub(crate) struct Resolver<'a> {
    listings: Listings<'a>,
    nuspecs: Nuspecs,
    env: &'a ReferenceEnvironment,
    /// Lower-cased package id → the project building that package.
    workspace_packages: FxHashMap<String, usize>,
}

impl<'a> Resolver<'a> {
    /// `projects`: each project's index and the names its package is known by; the first
    /// project claiming a name keeps it.
    pub(crate) fn new<'p>(
        fs: &'a dyn FileSystem,
        env: &'a ReferenceEnvironment,
        projects: impl IntoIterator<Item = (usize, &'p [SmolStr])>,
    ) -> Resolver<'a> {
        let mut workspace_packages = FxHashMap::default();
        for (index, ids) in projects {
            for id in ids {
                workspace_packages
                    .entry(id.to_ascii_lowercase())
                    .or_insert(index);
            }
        }
        Resolver {
            listings: Listings::new(fs),
            nuspecs: Nuspecs::default(),
            env,
            workspace_packages,
        }
    }

    /// The references of project `index`.
    pub(crate) fn resolve(&self, index: usize, inputs: &ReferenceInputs) -> Resolved {
        let tfm = match inputs.target_framework.as_deref() {
            Some(written) => Tfm::parse(written).ok_or_else(|| MissingReference {
                kind: MissingKind::Framework,
                name: SmolStr::new(written),
                version: None,
                reason: "not a target framework csnav knows".to_owned(),
            }),
            None => self.default_framework(),
        };
        let tfm = match tfm {
            Ok(tfm) => tfm,
            Err(missing) => {
                return Resolved {
                    references: References {
                        assemblies: Vec::new(),
                        missing: vec![missing],
                    },
                    package_projects: Vec::new(),
                    problems: Vec::new(),
                };
            }
        };
        let mut problems = Vec::new();
        let (packages, package_folders) = self.packages(index, inputs, &tfm, &mut problems);
        let mut missing = Vec::new();
        let mut files = Vec::new();
        let mut by_name: Vec<(SmolStr, Option<String>)> = Vec::new();
        for request in &inputs.assemblies {
            match hint_path::locate(&self.listings, request) {
                Located::File(path) => files.push(ReferenceAssembly {
                    path,
                    origin: ReferenceOrigin::HintPath,
                }),
                Located::ByName(hint_problem) => by_name.push((request.name.clone(), hint_problem)),
                Located::Missing(reason) => missing.push(MissingReference {
                    kind: MissingKind::Assembly,
                    name: request.name.clone(),
                    version: None,
                    reason,
                }),
            }
        }
        let uses_netstandard = packages
            .assemblies
            .iter()
            .chain(&files)
            .any(|a| in_netstandard_folder(&a.path));
        let framework = self.framework(
            inputs,
            &tfm,
            &packages,
            &package_folders,
            &mut by_name,
            uses_netstandard,
        );
        // Without its framework, a project's `Reference`s by name cannot be looked up; the
        // framework's entry says why, once.
        let framework_found = !framework
            .missing
            .iter()
            .any(|m| m.kind == MissingKind::Framework);
        missing.extend(framework.missing);
        missing.extend(packages.missing);

        let mut collector = Collector::default();
        let mut framework_assemblies = framework.assemblies;
        framework_assemblies.sort_by_key(|a| file_name(&a.path).to_ascii_lowercase());
        for assembly in framework_assemblies
            .into_iter()
            .chain(packages.assemblies)
            .chain(files)
        {
            collector.add(assembly);
        }
        for (name, hint_problem) in by_name {
            if !collector.has(&name) && (framework_found || hint_problem.is_some()) {
                let reason = hint_problem.unwrap_or_else(|| match &framework.dir {
                    Some(dir) => format!("not in {} nor in a package", dir.display()),
                    None => "not among the framework's or the packages' assemblies".to_owned(),
                });
                missing.push(MissingReference {
                    kind: MissingKind::Assembly,
                    name,
                    version: None,
                    reason,
                });
            }
        }
        Resolved {
            references: References {
                assemblies: collector.assemblies,
                missing,
            },
            package_projects: packages.bound,
            problems,
        }
    }

    /// The packages, from the assets file when a restore wrote one for `tfm`, else from the
    /// project's items; with the package folders they came from.
    fn packages(
        &self,
        index: usize,
        inputs: &ReferenceInputs,
        tfm: &Tfm,
        problems: &mut Vec<LoadProblem>,
    ) -> (PackageOutcome, Vec<PathBuf>) {
        let bind = |id: &str| {
            self.workspace_packages
                .get(&id.to_ascii_lowercase())
                .copied()
                .filter(|&project| project != index)
        };
        let alias = inputs
            .target_framework
            .clone()
            .unwrap_or_else(|| SmolStr::new(tfm.short_name()));
        let mut packages = PackageOutcome::default();
        let assets = Assets::read(self.listings.fs(), &inputs.assets_file, &alias, tfm)
            .unwrap_or_else(|message| {
                problems.push(LoadProblem {
                    path: inputs.assets_file.clone(),
                    message: format!("{message}; packages are looked up from the project instead"),
                });
                None
            });
        if let Some(assets) = assets {
            assets.resolve(&self.listings, &bind, &mut packages);
            return (packages, assets.package_folders);
        }
        let folders: Vec<PathBuf> = inputs
            .packages_path
            .iter()
            .chain(&self.env.nuget_packages)
            .cloned()
            .collect();
        nuget::resolve_graph(
            &self.listings,
            &self.nuspecs,
            &inputs.packages,
            tfm,
            &folders,
            &bind,
            &mut packages,
        );
        (packages, folders)
    }

    /// The framework's assemblies for `tfm`.
    fn framework(
        &self,
        inputs: &ReferenceInputs,
        tfm: &Tfm,
        packages: &PackageOutcome,
        package_folders: &[PathBuf],
        by_name: &mut Vec<(SmolStr, Option<String>)>,
        uses_netstandard: bool,
    ) -> Framework {
        let mut framework = Framework::default();
        match tfm.family() {
            &Family::CoreApp(major, _) if major >= 3 => {
                let mut names = inputs.frameworks.clone();
                if inputs.target_framework.is_none() {
                    names.push(SmolStr::new_static(NETCORE_APP));
                }
                names.extend(packages.frameworks.iter().cloned());
                self.packs(&names, tfm, &mut framework);
            }
            &Family::Standard(major, minor) if (major, minor) >= (2, 1) => {
                self.packs(&inputs.frameworks, tfm, &mut framework);
            }
            &Family::Standard(2, 0) => {
                netstandard_library(&self.listings, &packages.found, &mut framework);
            }
            // `netcoreapp1.x`/`2.x` and `netstandard1.x` compile against packages only.
            Family::CoreApp(..) | Family::Standard(..) => {}
            Family::NetFramework(_) => {
                let mut implicit = vec![SmolStr::new_static("mscorlib")];
                if inputs.target_framework.is_none() {
                    // What a folder of loose files most likely needs.
                    implicit.extend(["System", "System.Core"].map(SmolStr::new_static));
                } else if !inputs.is_sdk && at_least(&tfm.version(), "3.5") {
                    // `Microsoft.Common.targets` adds it to legacy projects
                    // (`AdditionalExplicitAssemblyReferences`); SDK projects have it as an item.
                    implicit.push(SmolStr::new_static("System.Core"));
                }
                self.net_framework(
                    &tfm.version(),
                    package_folders,
                    &implicit,
                    by_name,
                    uses_netstandard,
                    &mut framework,
                );
            }
        }
        framework
    }

    /// The framework of a project that names none: the newest .NET reference pack, else the
    /// newest .NET Framework.
    fn default_framework(&self) -> Result<Tfm, MissingReference> {
        let pack = packs::find(&self.listings, &self.env.dotnet_roots, NETCORE_APP, None);
        let pack_reason = match pack {
            Ok(pack) => {
                let version = Version::parse(&pack.version).map(|v| v.major_minor());
                if let Some(tfm) =
                    version.and_then(|(major, minor)| Tfm::parse(&format!("net{major}.{minor}")))
                {
                    return Ok(tfm);
                }
                format!("{NETCORE_APP} {} is not a .NET version", pack.version)
            }
            Err(reason) => reason,
        };
        let netfx = framework::find(
            &self.listings,
            None,
            &[],
            &self.env.netfx_reference_roots,
            &self.env.mono_roots,
        );
        let netfx_reason = match netfx {
            Ok(found) => {
                let version = match &found.origin {
                    ReferenceOrigin::Framework { version, .. }
                    | ReferenceOrigin::Mono { version } => version.clone(),
                    _ => SmolStr::default(),
                };
                let tfm = Tfm::parse(&format!(".NETFramework,Version=v{version}"));
                if let Some(tfm) = tfm {
                    return Ok(tfm);
                }
                format!(".NET Framework {version} is not a .NET Framework version")
            }
            Err(reason) => reason,
        };
        Err(MissingReference {
            kind: MissingKind::Framework,
            name: SmolStr::new_static(NETCORE_APP),
            version: None,
            reason: format!(
                "no target framework named, and none found (.NET: {pack_reason}; .NET Framework: {netfx_reason})"
            ),
        })
    }

    /// The reference packs of the framework references `names` (profiles share their pack).
    fn packs(&self, names: &[SmolStr], tfm: &Tfm, out: &mut Framework) {
        let mut seen: Vec<&str> = Vec::new();
        for name in names {
            let framework = packs::framework_name(name);
            if seen.iter().any(|s| s.eq_ignore_ascii_case(framework)) {
                continue;
            }
            seen.push(framework);
            match packs::find(&self.listings, &self.env.dotnet_roots, framework, Some(tfm)) {
                Ok(pack) => out
                    .assemblies
                    .extend(pack.assemblies.into_iter().map(|path| ReferenceAssembly {
                        path,
                        origin: ReferenceOrigin::Framework {
                            name: pack.name.clone(),
                            version: pack.version.clone(),
                        },
                    })),
                Err(reason) => out.missing.push(MissingReference {
                    kind: MissingKind::Framework,
                    name: SmolStr::new(framework),
                    version: Some(SmolStr::new(tfm.short_name())),
                    reason,
                }),
            }
        }
    }

    /// The .NET Framework assemblies `implicit` and those of `by_name` found in its folder (or
    /// `Facades/`), which leave `by_name`; all facades when a .NET Standard assembly is used,
    /// as the SDK's `ImplicitlyExpandNETStandardFacades`.
    fn net_framework(
        &self,
        version: &str,
        package_folders: &[PathBuf],
        implicit: &[SmolStr],
        by_name: &mut Vec<(SmolStr, Option<String>)>,
        uses_netstandard: bool,
        out: &mut Framework,
    ) {
        let mut folders: Vec<PathBuf> = package_folders.to_vec();
        if let Some(env) = &self.env.nuget_packages
            && !folders.contains(env)
        {
            folders.push(env.clone());
        }
        let found = framework::find(
            &self.listings,
            Some(version),
            &folders,
            &self.env.netfx_reference_roots,
            &self.env.mono_roots,
        );
        let netfx = match found {
            Ok(netfx) => netfx,
            Err(reason) => {
                out.missing.push(MissingReference {
                    kind: MissingKind::Framework,
                    name: SmolStr::new_static(".NETFramework"),
                    version: Some(SmolStr::new(version)),
                    reason,
                });
                return;
            }
        };
        out.dir = Some(netfx.dir.clone());
        let facades = self.listings.find(&netfx.dir, "Facades", true);
        let lookup = |name: &str| {
            let file = format!("{name}.dll");
            self.listings
                .find(&netfx.dir, &file, false)
                .or_else(|| self.listings.find(facades.as_ref()?, &file, false))
        };
        let add = |out: &mut Framework, path: PathBuf| {
            out.assemblies.push(ReferenceAssembly {
                path,
                origin: netfx.origin.clone(),
            });
        };
        for name in implicit {
            match lookup(name) {
                Some(path) => add(out, path),
                None => out.missing.push(MissingReference {
                    kind: MissingKind::Assembly,
                    name: name.clone(),
                    version: None,
                    reason: format!("not in {}", netfx.dir.display()),
                }),
            }
        }
        by_name.retain(|(name, _)| match lookup(name) {
            Some(path) => {
                add(out, path);
                false
            }
            None => true,
        });
        if uses_netstandard && let Some(facades) = &facades {
            for path in self.listings.assemblies(facades) {
                add(out, path);
            }
        }
    }
}

#[derive(Default)]
struct Framework {
    assemblies: Vec<ReferenceAssembly>,
    missing: Vec<MissingReference>,
    /// The .NET Framework folder `Reference` items were looked for in.
    dir: Option<PathBuf>,
}

/// `netstandard2.0`'s reference assemblies: `NETStandard.Library`'s `build/netstandard2.0/ref/`
/// (the package has no compile assets; its build targets add these).
fn netstandard_library(listings: &Listings<'_>, found: &[FoundPackage], out: &mut Framework) {
    let Some(package) = found
        .iter()
        .find(|p| p.id.eq_ignore_ascii_case("NETStandard.Library"))
    else {
        return;
    };
    let Some(dir) = listings.find_path(&package.dir, Path::new("build/netstandard2.0/ref"), true)
    else {
        return;
    };
    out.assemblies.extend(
        listings
            .assemblies(&dir)
            .into_iter()
            .map(|path| ReferenceAssembly {
                path,
                origin: ReferenceOrigin::Framework {
                    name: SmolStr::new_static("NETStandard.Library"),
                    version: package.version.clone(),
                },
            }),
    );
}

/// Whether an assembly was built for .NET Standard, as its folder says (`lib/netstandard2.0/`),
/// so that a .NET Framework project needs the facades.
fn in_netstandard_folder(path: &Path) -> bool {
    path.parent().and_then(Path::file_name).is_some_and(|dir| {
        dir.to_string_lossy()
            .to_ascii_lowercase()
            .starts_with("netstandard")
    })
}

fn at_least(version: &str, min: &str) -> bool {
    crate::tfm::try_compare_versions(version, min).is_some_and(|o| o.is_ge())
}

/// Assemblies deduplicated by file name; see [`References::assemblies`] for which one stays.
#[derive(Default)]
struct Collector {
    assemblies: Vec<ReferenceAssembly>,
    by_name: FxHashMap<String, usize>,
}

impl Collector {
    fn add(&mut self, assembly: ReferenceAssembly) {
        let key = file_name(&assembly.path).to_ascii_lowercase();
        match self.by_name.get(&key) {
            None => {
                self.by_name.insert(key, self.assemblies.len());
                self.assemblies.push(assembly);
            }
            Some(&i) => {
                if replaces(&self.assemblies[i].origin, &assembly.origin) {
                    self.assemblies[i] = assembly;
                }
            }
        }
    }

    /// Whether an assembly with the simple name `name` is present.
    fn has(&self, name: &str) -> bool {
        ["dll", "exe", "winmd"].iter().any(|ext| {
            self.by_name
                .contains_key(&format!("{name}.{ext}").to_ascii_lowercase())
        })
    }
}

/// A package's assembly replaces a framework's of the same name when the package is newer.
fn replaces(old: &ReferenceOrigin, new: &ReferenceOrigin) -> bool {
    let (ReferenceOrigin::Framework { version: old, .. } | ReferenceOrigin::Mono { version: old }) =
        old
    else {
        return false;
    };
    let (ReferenceOrigin::Package { version: new, .. }
    | ReferenceOrigin::AssetsFile { version: new, .. }) = new
    else {
        return false;
    };
    match (Version::parse(old), Version::parse(new)) {
        (Some(old), Some(new)) => new > old,
        _ => false,
    }
}

/// Paths for a message: `/a, /b`.
pub(crate) fn display_paths(paths: &[PathBuf]) -> String {
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    shown.join(", ")
}
