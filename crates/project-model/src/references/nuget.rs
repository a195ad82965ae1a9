//! Packages in a NuGet packages folder without a restore: `<folder>/<id lower-cased>/<version>/`,
//! the version chosen as NuGet would among those present, its compile assets (`ref/<tfm>/` over
//! `lib/<tfm>/`, the nearest compatible framework), and its dependencies from the `.nuspec`,
//! followed breadth-first so the nearest declaration of a package wins (NuGet's "nearest wins"),
//! each package once, to a bounded depth.

use std::{
    cell::RefCell,
    collections::VecDeque,
    path::{Path, PathBuf},
    rc::Rc,
};

use roxmltree::Node;
use rustc_hash::{FxHashMap, FxHashSet};
use smol_str::SmolStr;

use crate::{
    MissingKind, MissingReference, ReferenceAssembly, ReferenceOrigin,
    msbuild::parse_xml,
    references::{
        FoundPackage, PackageOutcome, display_paths,
        inputs::PackageRequest,
        listing::Listings,
        version::{Version, VersionSpec},
    },
    tfm::Tfm,
};

/// Deeper than real dependency graphs (the .NET Standard 1.x ones are about eight deep).
const MAX_DEPTH: usize = 16;

/// Parsed `.nuspec` dependency groups, by file.
#[derive(Default)]
pub(crate) struct Nuspecs {
    cache: RefCell<FxHashMap<PathBuf, Rc<[Group]>>>,
}

struct Group {
    /// `None`: a group without `targetFramework`, or dependencies outside any group.
    framework: Option<Tfm>,
    dependencies: Vec<PackageRequest>,
}

/// Resolves `requests` and their dependencies for `tfm` from `folders`. `bind` maps a package
/// id to the workspace project that builds it; such a package is not looked up.
pub(crate) fn resolve_graph(
    listings: &Listings<'_>,
    nuspecs: &Nuspecs,
    requests: &[PackageRequest],
    tfm: &Tfm,
    folders: &[PathBuf],
    bind: &dyn Fn(&str) -> Option<usize>,
    out: &mut PackageOutcome,
) {
    let mut queue: VecDeque<(PackageRequest, usize, Option<String>)> =
        requests.iter().map(|r| (r.clone(), 0, None)).collect();
    let mut seen: FxHashSet<String> = FxHashSet::default();
    while let Some((request, depth, needed_by)) = queue.pop_front() {
        if !seen.insert(request.id.to_ascii_lowercase()) {
            continue;
        }
        if let Some(project) = bind(&request.id) {
            out.bind(&request.id, project);
            continue;
        }
        let found = VersionSpec::parse(request.version.as_deref().unwrap_or_default())
            .ok_or_else(|| "not a NuGet version".to_owned())
            .and_then(|spec| find(listings, folders, &request.id, &spec));
        let found = match found {
            Ok(found) => found,
            Err(reason) => {
                let reason = match &needed_by {
                    Some(parent) => format!("needed by {parent}; {reason}"),
                    None => reason,
                };
                out.missing.push(MissingReference {
                    kind: MissingKind::Package,
                    name: request.id.clone(),
                    version: request.version.clone(),
                    reason,
                });
                continue;
            }
        };
        let version = SmolStr::new(found.version.to_string());
        if request.compile {
            match compile_assets(listings, &found.dir, tfm) {
                Ok(paths) => {
                    out.assemblies
                        .extend(paths.into_iter().map(|path| ReferenceAssembly {
                            path,
                            origin: ReferenceOrigin::Package {
                                id: request.id.clone(),
                                version: version.clone(),
                            },
                        }))
                }
                Err(reason) => out.missing.push(MissingReference {
                    kind: MissingKind::Package,
                    name: request.id.clone(),
                    version: Some(version.clone()),
                    reason,
                }),
            }
        }
        if depth < MAX_DEPTH {
            let parent = format!("{} {version}", request.id);
            for dependency in dependencies(listings, nuspecs, &found.dir, &request.id, tfm) {
                queue.push_back((dependency, depth + 1, Some(parent.clone())));
            }
        }
        out.found.push(FoundPackage {
            id: request.id.clone(),
            version,
            dir: found.dir,
        });
    }
}

pub(crate) struct Located {
    pub(crate) version: Version,
    pub(crate) dir: PathBuf,
}

/// The version of `id` NuGet would pick for `spec` among those in `folders` (the first folder
/// holding a version wins a tie).
pub(crate) fn find(
    listings: &Listings<'_>,
    folders: &[PathBuf],
    id: &str,
    spec: &VersionSpec,
) -> Result<Located, String> {
    if folders.is_empty() {
        return Err(
            "no NuGet packages folder known (NUGET_PACKAGES, ~/.nuget/packages)".to_owned(),
        );
    }
    let lower = id.to_ascii_lowercase();
    let mut present: Vec<(Version, PathBuf)> = Vec::new();
    for folder in folders {
        let id_dir = folder.join(&lower);
        for name in listings.dirs(&id_dir) {
            if let Some(version) = Version::parse(&name)
                && !present.iter().any(|(v, _)| *v == version)
            {
                present.push((version, id_dir.join(name)));
            }
        }
    }
    let where_ = display_paths(folders);
    if present.is_empty() {
        return Err(format!("not in {where_}"));
    }
    let Some((version, dir)) = spec.pick(&present, |(v, _)| v).cloned() else {
        present.sort();
        let found: Vec<String> = present.iter().map(|(v, _)| v.to_string()).collect();
        return Err(format!(
            "no matching version in {where_} (found {})",
            found.join(", ")
        ));
    };
    Ok(Located { version, dir })
}

/// A package's compile assets for `tfm`: the nearest compatible `ref/<tfm>/`, else the nearest
/// `lib/<tfm>/` (or files directly in `lib/`). A group holding only NuGet's `_._` placeholder
/// stands for "nothing needed" and yields nothing. An error when the package has groups but
/// none for this framework.
pub(crate) fn compile_assets(
    listings: &Listings<'_>,
    dir: &Path,
    tfm: &Tfm,
) -> Result<Vec<PathBuf>, String> {
    let mut seen_groups: Vec<String> = Vec::new();
    for kind in ["ref", "lib"] {
        let Some(kind_dir) = listings.find(dir, kind, true) else {
            continue;
        };
        let mut candidates: Vec<(Option<Tfm>, PathBuf)> = Vec::new();
        for name in listings.dirs(&kind_dir) {
            seen_groups.push(format!("{kind}/{name}"));
            if let Some(framework) = Tfm::parse(&name) {
                candidates.push((Some(framework), kind_dir.join(name)));
            }
        }
        if kind == "lib" && !listings.assemblies(&kind_dir).is_empty() {
            candidates.push((None, kind_dir.clone()));
        }
        if let Some(best) = tfm.nearest(candidates.iter().map(|(f, _)| f.as_ref())) {
            return Ok(listings.assemblies(&candidates[best].1));
        }
    }
    if seen_groups.is_empty() {
        // Analyzers, build logic, content: nothing to compile against, nothing missing.
        return Ok(Vec::new());
    }
    Err(format!(
        "no compile assets for {} (the package has {})",
        tfm.short_name(),
        seen_groups.join(", ")
    ))
}

/// The dependencies of the package in `dir` for `tfm`, from the nearest dependency group of its
/// `.nuspec`; none when it has no `.nuspec` or the file is malformed.
fn dependencies(
    listings: &Listings<'_>,
    nuspecs: &Nuspecs,
    dir: &Path,
    id: &str,
    tfm: &Tfm,
) -> Vec<PackageRequest> {
    let nuspec = listings
        .find(dir, &format!("{}.nuspec", id.to_ascii_lowercase()), false)
        .or_else(|| {
            let entries = listings.entries(dir);
            let entry = entries
                .iter()
                .find(|e| !e.is_dir && e.name.to_ascii_lowercase().ends_with(".nuspec"))?;
            Some(dir.join(&entry.name))
        });
    let Some(nuspec) = nuspec else {
        return Vec::new();
    };
    let groups = nuspecs.groups(listings, &nuspec);
    let best = tfm.nearest(groups.iter().map(|g| g.framework.as_ref()));
    best.map(|i| groups[i].dependencies.clone())
        .unwrap_or_default()
}

impl Nuspecs {
    fn groups(&self, listings: &Listings<'_>, path: &Path) -> Rc<[Group]> {
        if let Some(groups) = self.cache.borrow().get(path) {
            return groups.clone();
        }
        let text = listings.fs().read_to_string(path).unwrap_or_default();
        let groups: Rc<[Group]> = parse_xml(&text)
            .map(|doc| read_groups(doc.root_element()))
            .unwrap_or_default()
            .into();
        self.cache
            .borrow_mut()
            .insert(path.to_path_buf(), groups.clone());
        groups
    }
}

/// `<package><metadata><dependencies>`: `<group targetFramework="..">` elements, or (in old
/// packages) `<dependency>` elements for every framework. Groups naming frameworks this crate
/// does not model are left out.
fn read_groups(package: Node<'_, '_>) -> Vec<Group> {
    let Some(dependencies) = child(package, "metadata").and_then(|m| child(m, "dependencies"))
    else {
        return Vec::new();
    };
    let mut groups = Vec::new();
    let mut ungrouped = Vec::new();
    for node in dependencies.children().filter(Node::is_element) {
        match node.tag_name().name() {
            "group" => {
                let framework = match node.attribute("targetFramework").map(str::trim) {
                    None | Some("") => None,
                    Some(name) => match Tfm::parse(name) {
                        Some(tfm) => Some(tfm),
                        None => continue,
                    },
                };
                let dependencies = node
                    .children()
                    .filter(|c| c.tag_name().name() == "dependency")
                    .filter_map(dependency)
                    .collect();
                groups.push(Group {
                    framework,
                    dependencies,
                });
            }
            "dependency" => ungrouped.extend(dependency(node)),
            _ => {}
        }
    }
    if !ungrouped.is_empty() {
        groups.push(Group {
            framework: None,
            dependencies: ungrouped,
        });
    }
    groups
}

fn child<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    node.children()
        .find(|c| c.is_element() && c.tag_name().name() == name)
}

/// `<dependency id="X" version="[1.0, )" exclude="Build,Analyzers" />`.
fn dependency(node: Node<'_, '_>) -> Option<PackageRequest> {
    let id = node.attribute("id")?.trim();
    if id.is_empty() {
        return None;
    }
    let excluded = node.attribute("exclude").unwrap_or_default();
    let compile = !excluded
        .split([',', ';'])
        .any(|a| a.trim().eq_ignore_ascii_case("compile") || a.trim().eq_ignore_ascii_case("all"));
    Some(PackageRequest {
        id: SmolStr::new(id),
        version: node
            .attribute("version")
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(SmolStr::new),
        compile,
    })
}
