//! `$(Property)` expansion, including the property functions real project files use most.
//!
//! Expansion is all-or-nothing: a construct this evaluator does not support (an unknown property
//! function, an item list `@(..)`, metadata `%(..)`) makes the whole expansion `None`, and the
//! caller treats the property, condition, import or item as absent. Guessing would be worse: a
//! half-expanded path or condition is silently wrong.

use std::path::{Path, PathBuf};

use crate::{
    FileSystem,
    msbuild::Properties,
    paths::{dir_with_slash, file_name, file_stem, has_trailing_slash, join, parent},
    tfm::{Tfm, try_compare_versions},
};

/// What an expression is evaluated against: the properties so far and the file it is written in
/// (for `$(MSBuildThisFile*)` and relative paths).
pub(crate) struct Scope<'a> {
    pub(crate) fs: &'a dyn FileSystem,
    pub(crate) props: &'a Properties,
    pub(crate) this_file: &'a Path,
}

impl Scope<'_> {
    pub(crate) fn expand(&self, text: &str) -> Option<String> {
        let mut out = String::new();
        let mut rest = text;
        while let Some(start) = rest.find(['$', '@', '%']) {
            out.push_str(&rest[..start]);
            let sigil = &rest[start..];
            if !sigil[1..].starts_with('(') {
                out.push_str(&sigil[..1]);
                rest = &sigil[1..];
                continue;
            }
            if !sigil.starts_with('$') {
                return None;
            }
            let close = find_close(sigil, 1)?;
            out.push_str(&self.eval_dollar(&sigil[2..close])?);
            rest = &sigil[close + 1..];
        }
        out.push_str(rest);
        Some(out)
    }

    /// The inside of `$(...)`.
    fn eval_dollar(&self, inner: &str) -> Option<String> {
        let inner = inner.trim();
        if let Some(static_call) = inner.strip_prefix('[') {
            let (type_name, call) = static_call.split_once("]::")?;
            let (method, args) = split_call(call)?;
            let args = self.eval_args(&args)?;
            return self.static_function(type_name.trim(), method, &args);
        }
        let name_len = inner
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(inner.len());
        let (name, member) = inner.split_at(name_len);
        let value = self.property(name);
        let member = member.trim();
        if member.is_empty() {
            return Some(value);
        }
        let member = member.strip_prefix('.')?.trim();
        if member.eq_ignore_ascii_case("Length") {
            return Some(value.chars().count().to_string());
        }
        let (method, args) = split_call(member)?;
        let args = self.eval_args(&args)?;
        string_method(&value, method, &args)
    }

    fn property(&self, name: &str) -> String {
        let this_file = self.this_file;
        match name.to_ascii_lowercase().as_str() {
            "msbuildthisfiledirectory" => dir_with_slash(this_file),
            "msbuildthisfile" => file_name(this_file),
            "msbuildthisfilename" => file_stem(this_file),
            "msbuildthisfilefullpath" => this_file.to_string_lossy().into_owned(),
            "msbuildthisfileextension" => this_file
                .extension()
                .map(|e| format!(".{}", e.to_string_lossy()))
                .unwrap_or_default(),
            _ => self.props.get(name).to_owned(),
        }
    }

    fn eval_args(&self, args: &[&str]) -> Option<Vec<String>> {
        args.iter()
            .map(|arg| {
                let arg = arg.trim();
                let quoted = ['\'', '"', '`']
                    .iter()
                    .find_map(|&q| arg.strip_prefix(q).and_then(|rest| rest.strip_suffix(q)));
                self.expand(quoted.unwrap_or(arg))
            })
            .collect()
    }

    fn this_dir(&self) -> &Path {
        parent(self.this_file)
    }

    fn resolve(&self, path: &str) -> PathBuf {
        join(self.this_dir(), path)
    }

    /// Searches `start` and the folders above it for `file`.
    fn find_above(&self, start: &str, file: &str) -> Option<PathBuf> {
        let mut dir = Some(self.resolve(start));
        while let Some(current) = dir {
            if self.fs.is_file(&current.join(file)) {
                return Some(current);
            }
            dir = current.parent().map(Path::to_path_buf);
        }
        None
    }

    fn static_function(&self, type_name: &str, method: &str, args: &[String]) -> Option<String> {
        let type_name = type_name.to_ascii_lowercase();
        let method = method.to_ascii_lowercase();
        let arg = |i: usize| args.get(i).map(String::as_str);
        let tfm = |i: usize| arg(i).and_then(Tfm::parse);
        let value = match (type_name.as_str(), method.as_str()) {
            ("msbuild", "getpathoffileabove") => {
                let file = arg(0)?;
                let start = arg(1).unwrap_or_default();
                self.find_above(start, file)
                    .map(|dir| dir.join(file).to_string_lossy().into_owned())
                    .unwrap_or_default()
            }
            ("msbuild", "getdirectorynameoffileabove") => self
                .find_above(arg(0)?, arg(1)?)
                .map(|dir| dir.to_string_lossy().into_owned())
                .unwrap_or_default(),
            ("msbuild", "gettargetframeworkidentifier") => tfm(0)
                .map(|t| t.identifier().to_owned())
                .unwrap_or_default(),
            ("msbuild", "gettargetframeworkversion") => {
                tfm(0).map(|t| t.version()).unwrap_or_default()
            }
            ("msbuild", "gettargetplatformidentifier") => {
                tfm(0).map(|t| t.platform().to_owned()).unwrap_or_default()
            }
            ("msbuild", "istargetframeworkcompatible") => {
                bool_str(tfm(0)?.is_compatible_with(&tfm(1)?))
            }
            ("msbuild", "ensuretrailingslash") => {
                let path = arg(0)?;
                if path.is_empty() || has_trailing_slash(path) {
                    path.to_owned()
                } else {
                    format!("{path}/")
                }
            }
            ("msbuild", "normalizepath") => self.combine(args).to_string_lossy().into_owned(),
            ("msbuild", "normalizedirectory") => {
                let mut dir = self.combine(args).to_string_lossy().into_owned();
                if !has_trailing_slash(&dir) {
                    dir.push('/');
                }
                dir
            }
            ("msbuild", "valueordefault") => {
                let value = arg(0)?;
                if value.is_empty() {
                    arg(1)?.to_owned()
                } else {
                    value.to_owned()
                }
            }
            ("msbuild", version_cmp) if version_cmp.starts_with("version") => {
                let ordering = try_compare_versions(arg(0)?, arg(1)?)?;
                bool_str(match version_cmp {
                    "versionequals" => ordering.is_eq(),
                    "versionnotequals" => ordering.is_ne(),
                    "versiongreaterthan" => ordering.is_gt(),
                    "versiongreaterthanorequals" => ordering.is_ge(),
                    "versionlessthan" => ordering.is_lt(),
                    "versionlessthanorequals" => ordering.is_le(),
                    _ => return None,
                })
            }
            ("system.io.path", "combine") => args
                .iter()
                .fold(PathBuf::new(), |path, part| {
                    path.join(part.replace('\\', "/"))
                })
                .to_string_lossy()
                .into_owned(),
            ("system.string" | "string", "isnullorempty") => bool_str(arg(0)?.is_empty()),
            ("system.string" | "string", "isnullorwhitespace") => {
                bool_str(arg(0)?.trim().is_empty())
            }
            _ => return None,
        };
        Some(value)
    }

    fn combine(&self, parts: &[String]) -> PathBuf {
        parts
            .iter()
            .fold(self.this_dir().to_path_buf(), |path, part| {
                join(&path, part)
            })
    }
}

/// Instance methods of `System.String`, as in `$(TargetFramework.StartsWith('net4'))`.
fn string_method(value: &str, method: &str, args: &[String]) -> Option<String> {
    let arg = |i: usize| args.get(i).map(String::as_str);
    let trim_chars = |i: usize| -> Vec<char> { arg(i).unwrap_or_default().chars().collect() };
    let value = match method.to_ascii_lowercase().as_str() {
        "startswith" => bool_str(value.starts_with(arg(0)?)),
        "endswith" => bool_str(value.ends_with(arg(0)?)),
        "contains" => bool_str(value.contains(arg(0)?)),
        "equals" => bool_str(value == arg(0)?),
        "tolower" | "tolowerinvariant" => value.to_lowercase(),
        "toupper" | "toupperinvariant" => value.to_uppercase(),
        "trim" if args.is_empty() => value.trim().to_owned(),
        "trim" => value.trim_matches(trim_chars(0).as_slice()).to_owned(),
        "trimstart" if args.is_empty() => value.trim_start().to_owned(),
        "trimstart" => value
            .trim_start_matches(trim_chars(0).as_slice())
            .to_owned(),
        "trimend" if args.is_empty() => value.trim_end().to_owned(),
        "trimend" => value.trim_end_matches(trim_chars(0).as_slice()).to_owned(),
        "replace" => value.replace(arg(0)?, arg(1)?),
        "substring" => {
            let start: usize = arg(0)?.trim().parse().ok()?;
            let chars = value.chars().skip(start);
            match arg(1) {
                Some(len) => chars.take(len.trim().parse().ok()?).collect(),
                None => chars.collect(),
            }
        }
        "indexof" => match value.find(arg(0)?) {
            Some(byte) => value[..byte].chars().count().to_string(),
            None => "-1".to_owned(),
        },
        _ => return None,
    };
    Some(value)
}

fn bool_str(value: bool) -> String {
    if value { "true" } else { "false" }.to_owned()
}

/// Splits `Name(arg, 'arg')` into the name and the raw arguments; `None` unless the call spans
/// the whole text (chained calls are not supported).
fn split_call(text: &str) -> Option<(&str, Vec<&str>)> {
    let open = text.find('(')?;
    let close = find_close(text, open)?;
    if !text[close + 1..].trim().is_empty() {
        return None;
    }
    let name = text[..open].trim();
    let inner = &text[open + 1..close];
    if inner.trim().is_empty() {
        return Some((name, Vec::new()));
    }
    let mut args = Vec::new();
    let mut start = 0;
    let mut scan = Scanner::default();
    for (i, c) in inner.char_indices() {
        if c == ',' && scan.at_top() {
            args.push(&inner[start..i]);
            start = i + 1;
        }
        scan.step(c);
    }
    args.push(&inner[start..]);
    Some((name, args))
}

/// The index of the `)` closing the `(` at `open`, skipping nested parentheses and quoted text.
pub(crate) fn find_close(text: &str, open: usize) -> Option<usize> {
    let mut scan = Scanner::default();
    for (i, c) in text.get(open..)?.char_indices() {
        scan.step(c);
        if scan.depth == 0 && c == ')' {
            return Some(open + i);
        }
    }
    None
}

/// Tracks parenthesis depth and quotes while scanning an MSBuild expression.
#[derive(Default)]
struct Scanner {
    depth: usize,
    quote: Option<char>,
}

impl Scanner {
    fn at_top(&self) -> bool {
        self.depth == 0 && self.quote.is_none()
    }

    fn step(&mut self, c: char) {
        match (self.quote, c) {
            (Some(q), c) if c == q => self.quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"' | '`') => self.quote = Some(c),
            (None, '(') => self.depth += 1,
            (None, ')') => self.depth = self.depth.saturating_sub(1),
            (None, _) => {}
        }
    }
}
