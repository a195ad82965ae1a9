//! .NET Framework reference assemblies, from the first source that has them:
//! 1. the `Microsoft.NETFramework.ReferenceAssemblies.net48` NuGet package
//!    (`build/.NETFramework/v4.8/`), which the SDK restores where no targeting pack is installed;
//! 2. an installed targeting pack (`Reference Assemblies\Microsoft\Framework\.NETFramework\v4.8`);
//! 3. Mono's reference assemblies (`/usr/lib/mono/4.8-api`).
//!
//! In 2 and 3 the version is the target's, else the nearest lower one present, else the lowest
//! higher one: for navigation, a near framework is much better than none.

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
            let dir = package.dir.join("build/.NETFramework").join(format!("v{version}"));
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
    let versions = |root: &PathBuf, parse: fn(&str) -> Option<&str>| {
        listings
            .dirs(root)
            .into_iter()
            .filter_map(|name| Some((parse(&name)?.to_owned(), root.join(&name))))
            .collect::<Vec<_>>()
    };
    let reference: Vec<(String, PathBuf)> = reference_roots
        .iter()
        .flat_map(|root| versions(root, |name| name.strip_prefix('v')))
        .collect();
    if let Some((found, dir)) = nearest(&reference, version) {
        return Ok(NetFramework {
            dir,
            origin: framework_origin(&found),
        });
    }
    if !reference_roots.is_empty() {
        searched.push(format!("no targeting pack in {}", display_paths(reference_roots)));
    }
    let mono: Vec<(String, PathBuf)> = mono_roots
        .iter()
        .flat_map(|root| versions(root, |name| name.strip_suffix("-api")))
        .collect();
    if let Some((found, dir)) = nearest(&mono, version) {
        return Ok(NetFramework {
            dir,
            origin: ReferenceOrigin::Mono {
                version: SmolStr::new(found),
            },
        });
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
fn nearest(present: &[(String, PathBuf)], wanted: Option<&str>) -> Option<(String, PathBuf)> {
    let cmp = |a: &str, b: &str| try_compare_versions(a, b).unwrap_or(Ordering::Less);
    let versions = present.iter().filter(|(v, _)| try_compare_versions(v, "0").is_some());
    let Some(wanted) = wanted else {
        return versions.max_by(|(a, _), (b, _)| cmp(a, b)).cloned();
    };
    let lower = versions
        .clone()
        .filter(|(v, _)| cmp(v, wanted).is_le())
        .max_by(|(a, _), (b, _)| cmp(a, b));
    let higher = || {
        versions
            .clone()
            .filter(|(v, _)| cmp(v, wanted).is_gt())
            .min_by(|(a, _), (b, _)| cmp(a, b))
    };
    lower.or_else(higher).cloned()
}
