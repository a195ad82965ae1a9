//! MSBuild item wildcards: `*` and `?` within a name, `**` for any number of folders.
//! Matching ignores ASCII case, as MSBuild does on Windows, where most project files are written.

use std::path::{Component, Path, PathBuf};

use crate::{FileSystem, paths::join};

/// Deeper than any real source tree; stops symbolic-link loops.
const MAX_DEPTH: usize = 64;

#[derive(Clone, Debug)]
pub(crate) struct Pattern {
    root: PathBuf,
    segments: Vec<Segment>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Segment {
    AnyDirs,
    Name(String),
}

impl Segment {
    fn is_wild(&self) -> bool {
        match self {
            Segment::AnyDirs => true,
            Segment::Name(name) => name.contains(['*', '?']),
        }
    }
}

impl Pattern {
    /// `spec` (relative to `base` unless absolute, either separator).
    pub(crate) fn new(base: &Path, spec: &str) -> Pattern {
        let mut root = PathBuf::new();
        let mut segments: Vec<Segment> = Vec::new();
        for component in join(base, spec).components() {
            match component {
                Component::Prefix(_) | Component::RootDir => root.push(component.as_os_str()),
                Component::CurDir | Component::ParentDir => {}
                Component::Normal(name) => {
                    let name = name.to_string_lossy();
                    segments.push(if name == "**" {
                        Segment::AnyDirs
                    } else {
                        Segment::Name(name.into_owned())
                    });
                }
            }
        }
        Pattern { root, segments }
    }

    pub(crate) fn is_literal(&self) -> bool {
        !self.segments.iter().any(Segment::is_wild)
    }

    /// The path a literal pattern names.
    pub(crate) fn literal_path(&self) -> PathBuf {
        let mut path = self.root.clone();
        for segment in &self.segments {
            if let Segment::Name(name) = segment {
                path.push(name);
            }
        }
        path
    }

    pub(crate) fn matches(&self, path: &Path) -> bool {
        match self.names_below_root(path) {
            Some(names) => match_segments(&self.segments, &names),
            None => false,
        }
    }

    /// Whether the pattern matches everything below `dir` (it ends in `**` and the rest matches
    /// `dir`), so a walk need not enter `dir`.
    pub(crate) fn covers_dir(&self, dir: &Path) -> bool {
        let Some((Segment::AnyDirs, prefix)) = self.segments.split_last() else {
            return false;
        };
        match self.names_below_root(dir) {
            Some(names) => match_segments(prefix, &names),
            None => false,
        }
    }

    fn names_below_root(&self, path: &Path) -> Option<Vec<String>> {
        let rest = path.strip_prefix(&self.root).ok()?;
        Some(
            rest.components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect(),
        )
    }

    /// The existing files the pattern matches, sorted. `skip_dir` prunes folders during the walk.
    pub(crate) fn expand(
        &self,
        fs: &dyn FileSystem,
        skip_dir: &dyn Fn(&Path) -> bool,
    ) -> Vec<PathBuf> {
        let fixed = self.segments.iter().take_while(|s| !s.is_wild()).count();
        let mut start = self.root.clone();
        for segment in &self.segments[..fixed] {
            if let Segment::Name(name) = segment {
                start.push(name);
            }
        }
        let mut out = Vec::new();
        if fixed == self.segments.len() {
            if fs.is_file(&start) {
                out.push(start);
            }
            return out;
        }
        let walk = Walk { fs, skip_dir };
        walk.dir(&start, &self.segments[fixed..], 0, &mut out);
        out.sort();
        out.dedup();
        out
    }
}

struct Walk<'a> {
    fs: &'a dyn FileSystem,
    skip_dir: &'a dyn Fn(&Path) -> bool,
}

impl Walk<'_> {
    fn dir(&self, dir: &Path, segments: &[Segment], depth: usize, out: &mut Vec<PathBuf>) {
        let Some((first, rest)) = segments.split_first() else {
            return;
        };
        if depth > MAX_DEPTH {
            return;
        }
        let entries = self.fs.read_dir(dir).unwrap_or_default();
        match first {
            Segment::AnyDirs => {
                if rest.is_empty() {
                    out.extend(
                        entries
                            .iter()
                            .filter(|e| !e.is_dir)
                            .map(|e| dir.join(&e.name)),
                    );
                } else {
                    self.dir(dir, rest, depth, out);
                }
                for entry in entries.iter().filter(|e| e.is_dir) {
                    let sub = dir.join(&entry.name);
                    if !(self.skip_dir)(&sub) {
                        self.dir(&sub, segments, depth + 1, out);
                    }
                }
            }
            Segment::Name(pattern) => {
                for entry in entries.iter().filter(|e| wildcard_match(pattern, &e.name)) {
                    let path = dir.join(&entry.name);
                    if rest.is_empty() {
                        if !entry.is_dir {
                            out.push(path);
                        }
                    } else if entry.is_dir && !(self.skip_dir)(&path) {
                        self.dir(&path, rest, depth + 1, out);
                    }
                }
            }
        }
    }
}

fn match_segments(segments: &[Segment], names: &[String]) -> bool {
    match segments.split_first() {
        None => names.is_empty(),
        Some((Segment::AnyDirs, rest)) => {
            (0..=names.len()).any(|skip| match_segments(rest, &names[skip..]))
        }
        Some((Segment::Name(pattern), rest)) => match names.split_first() {
            Some((name, names)) => wildcard_match(pattern, name) && match_segments(rest, names),
            None => false,
        },
    }
}

/// `*` and `?` within one path segment, ignoring ASCII case.
pub(crate) fn wildcard_match(pattern: &str, name: &str) -> bool {
    let pattern: Vec<char> = pattern.chars().map(|c| c.to_ascii_lowercase()).collect();
    let name: Vec<char> = name.chars().map(|c| c.to_ascii_lowercase()).collect();
    // The classic greedy algorithm with one backtrack point: linear for patterns like `*.cs`.
    let (mut p, mut n) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        match pattern.get(p) {
            Some('*') => {
                star = Some((p, n));
                p += 1;
            }
            Some(&c) if c == '?' || c == name[n] => {
                p += 1;
                n += 1;
            }
            _ => match star {
                Some((star_p, star_n)) => {
                    p = star_p + 1;
                    n = star_n + 1;
                    star = Some((star_p, star_n + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|&c| c == '*')
}
