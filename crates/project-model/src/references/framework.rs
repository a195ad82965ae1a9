//! .NET Framework reference assemblies, from:
//! 1. the `Microsoft.NETFramework.ReferenceAssemblies.net48` NuGet package
//!    (`build/.NETFramework/v4.8/`), which the SDK restores where no targeting pack is installed;
//! 2. an installed targeting pack (`Reference Assemblies\Microsoft\Framework\.NETFramework\v4.8`);
//! 3. Mono's reference assemblies (`/usr/lib/mono/4.8-api`).
//!
//! The package must be the target's version. Targeting packs and Mono compete on version: the
//! target's, else the nearest lower one present, else the lowest higher one (for navigation, a
//! near framework is much better than none); at equal versions a targeting pack wins.

use std::{cmp::Ordering, path::PathBuf};

use smol_str::SmolStr;

use crate::{
    ReferenceOrigin,
    references::{display_paths, listing::Listings, nuget, version::VersionSpec},
    tfm::try_compare_versions,
};

/// The folder of one framework version's reference assemblies (with `Facades/` below it).
pub(crate) struct NetFramework {
    pub(crate) dir: PathBuf,
    pub(crate) origin: ReferenceOrigin,
}

/// The .NET Framework `version` (`4.7.2`; `None`: the newest present) from `package_folders`,
/// `reference_roots` or `mono_roots`, or why none was found.
pub(crate) fn find(
    listings: &Listings<'_>,
    version: Option<&str>,
    package_folders: &[PathBuf],
    reference_roots: &[PathBuf],
    mono_roots: &[PathBuf],
) -> Result<NetFramework, String> {
    let mut searched = Vec::new();
    if let Some(version) = version {
        let id = format!(
            "Microsoft.NETFramework.ReferenceAssemblies.net{}",
            version.replace('.', "")
        );
        if let Ok(package) = nuget::find(listings, package_folders, &id, &VersionSpec::any()) {
            let dir = package
                .dir
                .join("build/.NETFramework")
                .join(format!("v{version}"));
            if listings.is_dir(&dir) {
                return Ok(NetFramework {
                    dir,
                    origin: framework_origin(version),
                });
            }
        }
        searched.push(match package_folders {
            [] => format!("no {id} package (no packages folder)"),
            folders => format!("no {id} in {}", display_paths(folders)),
        });
    }
    // Targeting packs and Mono compete on version; at the same version the targeting pack wins.
    let mut present: Vec<(String, PathBuf, ReferenceOrigin)> = Vec::new();
    for root in reference_roots {
        for name in listings.dirs(root) {
            if let Some(version) = name.strip_prefix('v') {
                present.push((
                    version.to_owned(),
                    root.join(&name),
                    framework_origin(version),
                ));
            }
        }
    }
    for root in mono_roots {
        for name in listings.dirs(root) {
            if let Some(version) = name.strip_suffix("-api") {
                let origin = ReferenceOrigin::Mono {
                    version: SmolStr::new(version),
                };
                present.push((version.to_owned(), root.join(&name), origin));
            }
        }
    }
    if let Some((dir, origin)) = nearest(&present, version) {
        return Ok(NetFramework { dir, origin });
    }
    if !reference_roots.is_empty() {
        searched.push(format!(
            "no targeting pack in {}",
            display_paths(reference_roots)
        ));
    }
    searched.push(match mono_roots {
        [] => "no Mono".to_owned(),
        roots => format!("no Mono reference assemblies in {}", display_paths(roots)),
    });
    Err(searched.join(", "))
}

fn framework_origin(version: &str) -> ReferenceOrigin {
    ReferenceOrigin::Framework {
        name: SmolStr::new_static(".NETFramework"),
        version: SmolStr::new(version),
    }
}

/// `wanted` itself, else the highest below it, else the lowest above it; the highest for `None`.
/// The first of equal versions wins.
fn nearest(
    present: &[(String, PathBuf, ReferenceOrigin)],
    wanted: Option<&str>,
) -> Option<(PathBuf, ReferenceOrigin)> {
    let cmp = |a: &str, b: &str| try_compare_versions(a, b).unwrap_or(Ordering::Less);
    let versions = || {
        present
            .iter()
            .filter(|(v, ..)| try_compare_versions(v, "0").is_some())
    };
    // `max_by` keeps the last of equals, `min_by` the first: reverse for the highest.
    let highest = |below: &dyn Fn(&str) -> bool| {
        versions()
            .filter(|(v, ..)| below(v))
            .rev()
            .max_by(|(a, ..), (b, ..)| cmp(a, b))
    };
    let found = match wanted {
        None => highest(&|_| true),
        Some(wanted) => highest(&|v| cmp(v, wanted).is_le()).or_else(|| {
            versions()
                .filter(|(v, ..)| cmp(v, wanted).is_gt())
                .min_by(|(a, ..), (b, ..)| cmp(a, b))
        }),
    };
    found.map(|(_, dir, origin)| (dir.clone(), origin.clone()))
}
