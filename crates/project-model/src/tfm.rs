//! Target framework monikers (`net8.0`, `netstandard2.0`, `net472`, `net8.0-windows`) and the
//! preprocessor symbols the .NET SDK derives from them.

use std::cmp::Ordering;

/// The `netcoreapp` versions before .NET 5; .NET 5+ also defines their `_OR_GREATER` symbols.
const NETCOREAPP_VERSIONS: &[(u32, u32)] =
    &[(1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1)];
const NETSTANDARD_VERSIONS: &[(u32, u32)] = &[
    (1, 0),
    (1, 1),
    (1, 2),
    (1, 3),
    (1, 4),
    (1, 5),
    (1, 6),
    (2, 0),
    (2, 1),
];
/// .NET Framework versions as their TFM digits.
const NETFRAMEWORK_VERSIONS: &[&str] = &[
    "20", "35", "40", "45", "451", "452", "46", "461", "462", "47", "471", "472", "48", "481",
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tfm {
    framework: Family,
    /// `windows`, `android`, … without the platform version.
    platform: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// `netcoreapp1.0`–`netcoreapp3.1` and `net5.0`+.
    CoreApp(u32, u32),
    Standard(u32, u32),
    /// .NET Framework, as the digits of its TFM (`472`).
    NetFramework(String),
}

impl Tfm {
    /// A short (`net8.0`, `net472`, `netstandard2.0`, `net40-client`) or long
    /// (`.NETFramework,Version=v4.7.2`, `.NETStandard2.0`, as in `.nuspec` groups and assets files)
    /// framework name; `None` for frameworks this crate does not model (`uap10.0`, `portable-…`).
    pub(crate) fn parse(tfm: &str) -> Option<Tfm> {
        let tfm = tfm.trim().to_ascii_lowercase();
        if tfm.starts_with('.') {
            return Tfm::parse_long(&tfm);
        }
        let (base, platform) = match tfm.split_once('-') {
            Some((base, platform)) => (base, Some(platform)),
            None => (tfm.as_str(), None),
        };
        let framework = if let Some(version) = base.strip_prefix("netcoreapp") {
            let (major, minor) = parse_major_minor(version)?;
            Family::CoreApp(major, minor)
        } else if let Some(version) = base.strip_prefix("netstandard") {
            let (major, minor) = parse_major_minor(version)?;
            Family::Standard(major, minor)
        } else if let Some(version) = base.strip_prefix("net") {
            if version.contains('.') {
                let (major, minor) = parse_major_minor(version)?;
                if major < 5 {
                    return None;
                }
                Family::CoreApp(major, minor)
            } else if !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit()) {
                Family::NetFramework(version.to_owned())
            } else {
                return None;
            }
        } else {
            return None;
        };
        let platform = match framework {
            // `net40-client`, `net45-full`: a .NET Framework profile, not a platform.
            Family::NetFramework(_) => None,
            _ => platform
                .map(|p| {
                    p.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.')
                        .to_owned()
                })
                .filter(|p| !p.is_empty()),
        };
        Some(Tfm {
            framework,
            platform,
        })
    }

    /// `.netframework,version=v4.7.2,profile=client` or `.netstandard2.0` (already lower-cased).
    fn parse_long(tfm: &str) -> Option<Tfm> {
        let mut parts = tfm.split(',').map(str::trim);
        let first = parts.next()?;
        let split = first
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(first.len());
        let (identifier, mut version) = first.split_at(split);
        for part in parts {
            if let Some(v) = part.strip_prefix("version=") {
                version = v.trim_start_matches('v');
            }
        }
        let framework = match identifier {
            ".netframework" => {
                let digits: String = version.split('.').collect();
                let digits = if version.contains('.') {
                    digits.trim_end_matches('0').to_owned()
                } else {
                    digits
                };
                // `4.0` is `net40`, not `net4`.
                let digits = if digits.len() == 1 {
                    format!("{digits}0")
                } else {
                    digits
                };
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                Family::NetFramework(digits)
            }
            ".netstandard" => {
                let (major, minor) = parse_major_minor(version)?;
                Family::Standard(major, minor)
            }
            ".netcoreapp" => {
                let (major, minor) = parse_major_minor(version)?;
                Family::CoreApp(major, minor)
            }
            _ => return None,
        };
        Some(Tfm {
            framework,
            platform: None,
        })
    }

    /// The framework's short name without platform: `net8.0`, `netcoreapp3.1`, `netstandard2.0`,
    /// `net472`, as the folders of reference packs and packages are named.
    pub(crate) fn short_name(&self) -> String {
        match &self.framework {
            Family::CoreApp(major, minor) if *major >= 5 => format!("net{major}.{minor}"),
            Family::CoreApp(major, minor) => format!("netcoreapp{major}.{minor}"),
            Family::Standard(major, minor) => format!("netstandard{major}.{minor}"),
            Family::NetFramework(digits) => format!("net{digits}"),
        }
    }

    pub(crate) fn family(&self) -> &Family {
        &self.framework
    }

    /// Maps a legacy project's `TargetFrameworkVersion` (`v4.7.2`) to its TFM (`net472`).
    pub(crate) fn from_framework_version(version: &str) -> Option<String> {
        let digits: String = version
            .trim()
            .trim_start_matches(['v', 'V'])
            .split('.')
            .collect();
        (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
            .then(|| format!("net{digits}"))
    }

    /// `$([MSBuild]::GetTargetFrameworkIdentifier(..))`.
    pub(crate) fn identifier(&self) -> &'static str {
        match self.framework {
            Family::CoreApp(..) => ".NETCoreApp",
            Family::Standard(..) => ".NETStandard",
            Family::NetFramework(_) => ".NETFramework",
        }
    }

    /// `$([MSBuild]::GetTargetFrameworkVersion(..))`: `8.0`, `2.0`, `4.7.2`.
    pub(crate) fn version(&self) -> String {
        match &self.framework {
            Family::CoreApp(major, minor) | Family::Standard(major, minor) => {
                format!("{major}.{minor}")
            }
            Family::NetFramework(digits) => {
                let parts: Vec<String> = digits.chars().map(String::from).collect();
                if parts.len() == 1 {
                    format!("{digits}.0")
                } else {
                    parts.join(".")
                }
            }
        }
    }

    pub(crate) fn platform(&self) -> &str {
        self.platform.as_deref().unwrap_or_default()
    }

    /// Whether a project targeting `self` can use a project or package asset built for `other`
    /// (NuGet's compatibility, also `$([MSBuild]::IsTargetFrameworkCompatible(self, other))`):
    ///
    /// | `self`                 | can use                                                  |
    /// |------------------------|----------------------------------------------------------|
    /// | `net5.0`+ (`-platform`) | lower `net`/`netcoreapp`, `netstandard2.1` and lower; assets of another platform never |
    /// | `netcoreapp3.x`        | lower `netcoreapp`, `netstandard2.1` and lower           |
    /// | `netcoreapp2.x`        | lower `netcoreapp`, `netstandard2.0` and lower           |
    /// | `netcoreapp1.x`        | lower `netcoreapp`, `netstandard1.6` and lower           |
    /// | `netstandardX`         | `netstandard` up to X                                    |
    /// | `net4xy`               | lower .NET Framework; `netstandard2.0` from `net461`, `1.3` from `net46`, `1.2` from `net451`, `1.1` from `net45` |
    pub(crate) fn is_compatible_with(&self, other: &Tfm) -> bool {
        if other.platform.is_some() && other.platform != self.platform {
            return false;
        }
        match (&self.framework, &other.framework) {
            (Family::CoreApp(a, b), Family::CoreApp(c, d))
            | (Family::Standard(a, b), Family::Standard(c, d)) => (a, b) >= (c, d),
            (Family::NetFramework(_), Family::NetFramework(_)) => {
                compare_versions(&self.version(), &other.version()).is_ge()
            }
            (&Family::CoreApp(major, minor), &Family::Standard(c, d)) => {
                let max = match (major, minor) {
                    v if v >= (3, 0) => (2, 1),
                    v if v >= (2, 0) => (2, 0),
                    _ => (1, 6),
                };
                (c, d) <= max
            }
            (Family::NetFramework(_), &Family::Standard(c, d)) => {
                let min = match (c, d) {
                    v if v > (2, 0) => return false,
                    v if v >= (1, 4) => "4.6.1",
                    (1, 3) => "4.6",
                    (1, 2) => "4.5.1",
                    _ => "4.5",
                };
                compare_versions(&self.version(), min).is_ge()
            }
            _ => false,
        }
    }

    /// NuGet's nearest framework: the index of the candidate whose assets a project targeting
    /// `self` uses, `None` standing for assets without a framework (a nuspec dependency group
    /// without `targetFramework`, files directly in `lib/`). Preference, as NuGet's reducer:
    /// the project's own framework family at the highest compatible version (a matching platform
    /// breaking ties), then .NET Standard, then — for `netcoreapp2.0`+ only, like the SDK's
    /// `AssetTargetFallback` — .NET Framework `net461`–`net481`, then framework-less assets.
    pub(crate) fn nearest<'c>(
        &self,
        candidates: impl IntoIterator<Item = Option<&'c Tfm>>,
    ) -> Option<usize> {
        let mut best: Option<(usize, Preference)> = None;
        for (index, candidate) in candidates.into_iter().enumerate() {
            let Some(score) = self.preference(candidate) else {
                continue;
            };
            if best.as_ref().is_none_or(|(_, b)| score > *b) {
                best = Some((index, score));
            }
        }
        best.map(|(index, _)| index)
    }

    /// How much `self` prefers `candidate`'s assets (higher is better), `None` if it cannot use
    /// them.
    fn preference(&self, candidate: Option<&Tfm>) -> Option<Preference> {
        let Some(candidate) = candidate else {
            return Some((0, Vec::new(), false));
        };
        let same_family =
            std::mem::discriminant(&self.framework) == std::mem::discriminant(&candidate.framework);
        let rank = if self.is_compatible_with(candidate) {
            if same_family { 3 } else { 2 }
        } else if self.uses_asset_target_fallback() && candidate.is_fallback_framework() {
            1
        } else {
            return None;
        };
        let version = version_parts(&candidate.version());
        Some((rank, version, candidate.platform == self.platform))
    }

    fn uses_asset_target_fallback(&self) -> bool {
        matches!(self.framework, Family::CoreApp(major, _) if major >= 2)
    }

    /// The frameworks of the SDK's `AssetTargetFallback`: `net461` to `net481`.
    fn is_fallback_framework(&self) -> bool {
        matches!(self.framework, Family::NetFramework(_))
            && compare_versions(&self.version(), "4.6.1").is_ge()
    }

    /// The symbols the SDK defines for this framework (`NET`, `NET8_0`, `NET8_0_OR_GREATER`, …).
    pub(crate) fn symbols(&self) -> Vec<String> {
        let mut symbols = Vec::new();
        match &self.framework {
            &Family::CoreApp(major, minor) if major >= 5 => {
                symbols.push("NET".to_owned());
                symbols.push(format!("NET{major}_{minor}"));
                symbols.push("NETCOREAPP".to_owned());
                symbols.push(format!("NET{major}_{minor}_OR_GREATER"));
                symbols.extend((5..major).rev().map(|v| format!("NET{v}_0_OR_GREATER")));
                symbols.extend(or_greater(
                    "NETCOREAPP",
                    NETCOREAPP_VERSIONS,
                    (major, minor),
                ));
            }
            &Family::CoreApp(major, minor) => {
                symbols.push("NETCOREAPP".to_owned());
                symbols.push(format!("NETCOREAPP{major}_{minor}"));
                symbols.extend(or_greater(
                    "NETCOREAPP",
                    NETCOREAPP_VERSIONS,
                    (major, minor),
                ));
            }
            &Family::Standard(major, minor) => {
                symbols.push("NETSTANDARD".to_owned());
                symbols.push(format!("NETSTANDARD{major}_{minor}"));
                symbols.extend(or_greater(
                    "NETSTANDARD",
                    NETSTANDARD_VERSIONS,
                    (major, minor),
                ));
            }
            Family::NetFramework(digits) => {
                symbols.push("NETFRAMEWORK".to_owned());
                symbols.push(format!("NET{digits}"));
                let version = self.version();
                symbols.extend(
                    NETFRAMEWORK_VERSIONS
                        .iter()
                        .rev()
                        .filter(|known| {
                            let known = Tfm::parse(&format!("net{known}")).map(|t| t.version());
                            known.is_some_and(|known| compare_versions(&version, &known).is_ge())
                        })
                        .map(|known| format!("NET{known}_OR_GREATER")),
                );
            }
        }
        if let Some(platform) = &self.platform {
            symbols.push(platform.to_ascii_uppercase());
        }
        symbols
    }
}

fn or_greater(prefix: &str, known: &[(u32, u32)], version: (u32, u32)) -> Vec<String> {
    known
        .iter()
        .rev()
        .filter(|&&v| v <= version)
        .map(|(major, minor)| format!("{prefix}{major}_{minor}_OR_GREATER"))
        .collect()
}

fn parse_major_minor(version: &str) -> Option<(u32, u32)> {
    let mut parts = version.split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = match parts.next() {
        Some(minor) => minor.parse().ok()?,
        None => 0,
    };
    Some((major, minor))
}

/// How much a project prefers a candidate framework's assets, compared as a tuple: the kind of
/// match (own family 3, .NET Standard 2, asset target fallback 1, framework-less 0), the
/// version, whether the platform matches.
type Preference = (u8, Vec<u64>, bool);

fn version_parts(version: &str) -> Vec<u64> {
    version.split('.').map(|p| p.parse().unwrap_or(0)).collect()
}

/// Compares dotted versions numerically (`4.10` > `4.9`), missing parts counting as zero;
/// `None` if either is not a version.
pub(crate) fn try_compare_versions(a: &str, b: &str) -> Option<Ordering> {
    let parse = |v: &str| -> Option<Vec<u64>> {
        v.trim()
            .trim_start_matches(['v', 'V'])
            .split('.')
            .map(|p| p.parse().ok())
            .collect()
    };
    let (a, b) = (parse(a)?, parse(b)?);
    let len = a.len().max(b.len());
    let part = |v: &[u64], i: usize| v.get(i).copied().unwrap_or(0);
    Some(
        (0..len)
            .map(|i| part(&a, i).cmp(&part(&b, i)))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal),
    )
}

fn compare_versions(a: &str, b: &str) -> Ordering {
    try_compare_versions(a, b).unwrap_or(Ordering::Less)
}
