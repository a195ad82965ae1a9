//! The .NET SDK's reference packs: `<dotnet root>/packs/<framework>.Ref/<version>/ref/<tfm>/`,
//! for `Microsoft.NETCore.App`, `Microsoft.AspNetCore.App`, `Microsoft.WindowsDesktop.App`
//! (whose WPF and Windows Forms profiles share one pack, given whole) and `NETStandard.Library`.
//!
//! The version is the highest whose `major.minor` is the target framework's, else the highest
//! lower one (a `net9.0` project on a machine with only the 8.0 packs still gets a framework).

use std::path::PathBuf;

use smol_str::SmolStr;

use crate::{
    references::{display_paths, listing::Listings, version::Version},
    tfm::{Family, Tfm},
};

/// One framework's reference assemblies.
pub(crate) struct Pack {
    /// The framework's name without profile: `Microsoft.WindowsDesktop.App`.
    pub(crate) name: SmolStr,
    pub(crate) version: SmolStr,
    pub(crate) assemblies: Vec<PathBuf>,
}

/// The framework a `FrameworkReference` names, profiles (`.WPF`, `.WindowsForms`) dropped.
pub(crate) fn framework_name(reference: &str) -> &str {
    ["WPF", "WindowsForms"]
        .iter()
        .find_map(|profile| {
            let base = reference.strip_suffix(profile)?.strip_suffix('.')?;
            base.eq_ignore_ascii_case("Microsoft.WindowsDesktop.App")
                .then_some(base)
        })
        .unwrap_or(reference)
}

/// The pack of `framework` for `tfm` (`None`: the newest pack), or why there is none.
pub(crate) fn find(
    listings: &Listings<'_>,
    roots: &[PathBuf],
    framework: &str,
    tfm: Option<&Tfm>,
) -> Result<Pack, String> {
    if roots.is_empty() {
        return Err("no .NET SDK found (no dotnet root given)".to_owned());
    }
    let with_packs: Vec<PathBuf> = roots
        .iter()
        .filter_map(|root| listings.find(root, "packs", true))
        .collect();
    if with_packs.is_empty() {
        return Err(format!("no .NET SDK found in {}", display_paths(roots)));
    }
    let pack_dir = format!("{framework}.Ref");
    let mut present: Vec<(Version, PathBuf)> = Vec::new();
    for packs in &with_packs {
        let Some(dir) = listings.find(packs, &pack_dir, true) else {
            continue;
        };
        for name in listings.dirs(&dir) {
            if let Some(version) = Version::parse(&name)
                && !present.iter().any(|(v, _)| *v == version)
            {
                present.push((version, dir.join(name)));
            }
        }
    }
    if present.is_empty() {
        return Err(format!(
            "{pack_dir} is not installed in {}",
            display_paths(&with_packs)
        ));
    }
    let wanted = tfm.and_then(major_minor);
    let best = present
        .iter()
        .filter(|(version, _)| wanted.is_none_or(|wanted| version.major_minor() <= wanted))
        .max_by(|(a, _), (b, _)| {
            // The framework's own major.minor first, then the highest.
            let exact = |v: &Version| Some(v.major_minor()) == wanted;
            exact(a).cmp(&exact(b)).then_with(|| a.cmp(b))
        });
    let Some((version, dir)) = best else {
        present.sort();
        let found: Vec<String> = present.iter().map(|(v, _)| v.to_string()).collect();
        let tfm = tfm.map(Tfm::short_name).unwrap_or_default();
        return Err(format!(
            "no {pack_dir} for {tfm} in {} (found {})",
            display_paths(&with_packs),
            found.join(", ")
        ));
    };
    // The pack's own framework folder: `ref/net8.0`.
    let own = Tfm::parse(&format!(
        "net{}.{}",
        version.major_minor().0,
        version.major_minor().1
    ));
    let Some(chooser) = tfm.or(own.as_ref()) else {
        return Err(format!("{pack_dir} {version} has no usable ref folder"));
    };
    let ref_dir = dir.join("ref");
    let groups: Vec<(Option<Tfm>, String)> = listings
        .dirs(&ref_dir)
        .into_iter()
        .map(|name| (Tfm::parse(&name), name))
        .filter(|(tfm, _)| tfm.is_some())
        .collect();
    let Some(group) = chooser.nearest(groups.iter().map(|(t, _)| t.as_ref())) else {
        return Err(format!(
            "{pack_dir} {version} has no ref folder for {}",
            chooser.short_name()
        ));
    };
    Ok(Pack {
        name: SmolStr::new(framework),
        version: SmolStr::new(version.to_string()),
        assemblies: listings.assemblies(&ref_dir.join(&groups[group].1)),
    })
}

/// The `major.minor` a reference pack of `tfm` has: 8.0 for `net8.0`, 2.1 for
/// `netstandard2.1`.
fn major_minor(tfm: &Tfm) -> Option<(u64, u64)> {
    match tfm.family() {
        &Family::CoreApp(major, minor) | &Family::Standard(major, minor) => {
            Some((u64::from(major), u64::from(minor)))
        }
        Family::NetFramework(_) => None,
    }
}
