//! NuGet package versions (`1.2.3`, `1.2.3.4`, `2.0.0-beta.1`) and version specs as written in
//! `PackageReference`, `PackageVersion` and `.nuspec` dependencies: a minimum (`1.0`), an
//! interval (`[1.0,2.0)`, `(,3.0]`, `[1.2.3]`) or a floating version (`1.*`, `1.2.*`, `*`,
//! `1.0.0-*`, `*-*`).
//!
//! Choosing among the versions present in a packages folder follows NuGet: a floating spec takes
//! the highest match, any other spec the lowest version that satisfies it ("lowest applicable").
//! Prerelease versions match only when the spec names one (`[1.0-beta,)`) or floats over them
//! (`1.0.0-*`).

use std::{cmp::Ordering, fmt};

#[derive(Clone, Debug)]
pub(crate) struct Version {
    /// Up to four numeric parts; missing ones are zero.
    numbers: [u64; 4],
    /// The prerelease labels (`beta`, `1` for `-beta.1`), empty for a release.
    labels: Vec<String>,
}

impl Version {
    /// `None` if `text` is not a version; build metadata (`+abc`) is ignored.
    pub(crate) fn parse(text: &str) -> Option<Version> {
        let text = text.trim();
        let text = text.split_once('+').map_or(text, |(version, _)| version);
        let (numbers_text, labels_text) = match text.split_once('-') {
            Some((numbers, labels)) => (numbers, Some(labels)),
            None => (text, None),
        };
        let mut numbers = [0; 4];
        for (i, part) in numbers_text.split('.').enumerate() {
            if i == 4 || part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            numbers[i] = part.parse().ok()?;
        }
        let labels = match labels_text {
            Some(labels) => {
                let labels: Vec<String> = labels.split('.').map(str::to_owned).collect();
                if labels.iter().any(String::is_empty) {
                    return None;
                }
                labels
            }
            None => Vec::new(),
        };
        Some(Version { numbers, labels })
    }

    pub(crate) fn is_prerelease(&self) -> bool {
        !self.labels.is_empty()
    }

    /// `major.minor`, for matching a reference pack to a target framework.
    pub(crate) fn major_minor(&self) -> (u64, u64) {
        (self.numbers[0], self.numbers[1])
    }
}

impl Ord for Version {
    fn cmp(&self, other: &Version) -> Ordering {
        self.numbers.cmp(&other.numbers).then_with(|| {
            match (self.labels.is_empty(), other.labels.is_empty()) {
                (true, true) => Ordering::Equal,
                // A release is newer than its prereleases.
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                (false, false) => compare_labels(&self.labels, &other.labels),
            }
        })
    }
}

/// Equal when ordered equal: prerelease labels compare without case.
impl PartialEq for Version {
    fn eq(&self, other: &Version) -> bool {
        self.cmp(other).is_eq()
    }
}

impl Eq for Version {}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Version) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// Semantic versioning 2.0: numeric labels below alphanumeric ones, labels compared without case,
/// a shorter list of equal labels first.
fn compare_labels(a: &[String], b: &[String]) -> Ordering {
    for (a, b) in a.iter().zip(b) {
        let ordering = match (a.parse::<u64>(), b.parse::<u64>()) {
            (Ok(a), Ok(b)) => a.cmp(&b),
            (Ok(_), Err(_)) => Ordering::Less,
            (Err(_), Ok(_)) => Ordering::Greater,
            (Err(_), Err(_)) => a.to_ascii_lowercase().cmp(&b.to_ascii_lowercase()),
        };
        if ordering.is_ne() {
            return ordering;
        }
    }
    a.len().cmp(&b.len())
}

/// Normalised as NuGet names version folders: three parts at least, a fourth when not zero.
impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d] = self.numbers;
        write!(f, "{a}.{b}.{c}")?;
        if d != 0 {
            write!(f, ".{d}")?;
        }
        if !self.labels.is_empty() {
            write!(f, "-{}", self.labels.join("."))?;
        }
        Ok(())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct VersionSpec {
    min: Option<Bound>,
    max: Option<Bound>,
    float: Option<Float>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Bound {
    version: Version,
    inclusive: bool,
}

/// The floating part of a spec: the leading numbers that must match (`[1]` for `1.*`, empty for
/// `*`), and whether prereleases count.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Float {
    prefix: Vec<u64>,
    prerelease: bool,
}

impl VersionSpec {
    /// Any version: a `PackageReference` without one.
    pub(crate) fn any() -> VersionSpec {
        VersionSpec {
            min: None,
            max: None,
            float: None,
        }
    }

    pub(crate) fn parse(text: &str) -> Option<VersionSpec> {
        let text = text.trim();
        if text.is_empty() {
            return Some(VersionSpec::any());
        }
        let Some(inner) = text.strip_prefix(['[', '(']) else {
            return VersionSpec::parse_bare(text);
        };
        let min_inclusive = text.starts_with('[');
        let (inner, max_inclusive) = if let Some(inner) = inner.strip_suffix(']') {
            (inner, true)
        } else {
            (inner.strip_suffix(')')?, false)
        };
        let bound = |text: &str, inclusive: bool| -> Option<Option<Bound>> {
            let text = text.trim();
            if text.is_empty() {
                return Some(None);
            }
            Some(Some(Bound {
                version: Version::parse(text)?,
                inclusive,
            }))
        };
        let Some((low, high)) = inner.split_once(',') else {
            // `[1.2.3]`: exactly that version.
            let version = bound(inner, true)??;
            return (min_inclusive && max_inclusive).then(|| VersionSpec {
                min: Some(version.clone()),
                max: Some(version),
                float: None,
            });
        };
        let low = low.trim();
        if low.contains('*') {
            // `[1.*, 2.0)`: a floating minimum inside an interval.
            let mut spec = VersionSpec::parse_bare(low)?;
            spec.max = bound(high, max_inclusive)?;
            return Some(spec);
        }
        Some(VersionSpec {
            min: bound(low, min_inclusive)?,
            max: bound(high, max_inclusive)?,
            float: None,
        })
    }

    /// `1.2.3` (at least that version), `1.*`, `1.2.3-*`, `*-*`.
    fn parse_bare(text: &str) -> Option<VersionSpec> {
        if !text.contains('*') {
            let version = Version::parse(text)?;
            return Some(VersionSpec {
                min: Some(Bound {
                    version,
                    inclusive: true,
                }),
                max: None,
                float: None,
            });
        }
        let (numbers, label) = match text.split_once('-') {
            Some((numbers, label)) => (numbers, Some(label)),
            None => (text, None),
        };
        // A floating label (`-*`, `-beta*`) lets prereleases in; its prefix is not checked.
        let prerelease = label.is_some_and(|label| label.ends_with('*'));
        if label.is_some() && !prerelease {
            return None;
        }
        let mut prefix = Vec::new();
        let mut parts = numbers.split('.').peekable();
        let mut floats = false;
        while let Some(part) = parts.next() {
            if part == "*" {
                floats = parts.peek().is_none();
                break;
            }
            prefix.push(part.parse().ok()?);
        }
        if !floats && label.is_none() {
            return None;
        }
        let min = Version::parse(
            &prefix
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join("."),
        );
        Some(VersionSpec {
            min: min.map(|version| Bound {
                version,
                inclusive: true,
            }),
            max: None,
            float: Some(Float {
                prefix: if floats {
                    prefix
                } else {
                    // `1.2.3-*`: the release numbers are fixed, only the label floats.
                    let mut all = prefix;
                    all.resize(4, 0);
                    all
                },
                prerelease,
            }),
        })
    }

    pub(crate) fn satisfies(&self, version: &Version) -> bool {
        let allows_prerelease = self.float.as_ref().is_some_and(|f| f.prerelease)
            || [&self.min, &self.max]
                .into_iter()
                .flatten()
                .any(|bound| bound.version.is_prerelease());
        if version.is_prerelease() && !allows_prerelease {
            return false;
        }
        let above_min = self.min.as_ref().is_none_or(|min| {
            let ordering = version.cmp(&min.version);
            ordering.is_gt() || (ordering.is_eq() && min.inclusive)
                // `1.0.0-*` floats over the prereleases of 1.0.0, which sort below it.
                || (self.float.is_some() && version.numbers == min.version.numbers)
        });
        let below_max = self.max.as_ref().is_none_or(|max| {
            let ordering = version.cmp(&max.version);
            ordering.is_lt() || (ordering.is_eq() && max.inclusive)
        });
        let floats = self.float.as_ref().is_none_or(|float| {
            float
                .prefix
                .iter()
                .zip(version.numbers)
                .all(|(&wanted, number)| wanted == number)
        });
        above_min && below_max && floats
    }

    /// The item whose version NuGet would pick among `present`: the highest match of a floating
    /// spec, else the lowest match.
    pub(crate) fn pick<'t, T>(
        &self,
        present: &'t [T],
        version: impl Fn(&T) -> &Version,
    ) -> Option<&'t T> {
        let matching = present.iter().filter(|item| self.satisfies(version(item)));
        if self.float.is_some() {
            matching.max_by(|a, b| version(a).cmp(version(b)))
        } else {
            matching.min_by(|a, b| version(a).cmp(version(b)))
        }
    }
}
