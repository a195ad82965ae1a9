//! Multi-file test fixtures, rust-analyzer style, parsed to plain data:
//!
//! ```text
//! //- /Domain/Book.cs project:Domain
//! namespace Shop { public class Book {} }
//! //- /App/Program.cs project:App references:Domain defines:DEBUG,TRACE
//! class P { Shop.Book$0 b; }
//! ```
//!
//! A line starting with `//- ` opens a file. Every file belongs to the project named on its header
//! (default `Test`); `references` and `defines` may be given on any file of a project. `$0` marks a
//! cursor and is removed from the text. A fixture without any header is one file, `/Test.cs`.
//!
//! The framework is the built-in .NET Framework 4.8 surface; `framework:netcore` on a header loads
//! the .NET Core and ASP.NET Core 2.2 one instead. A project whose headers name no framework gets the
//! first one any header names; `framework:netfx` and `framework:netcore` on two projects' headers
//! give each its own (the same type names, from different assemblies). `assemblies:Members` adds
//! the fixture assemblies of `crates/metadata/test-data` (`Members.dll`) to the project's references.
//!
//! This crate knows no database: it depends on nothing of `hir`, so every layer can take it as a
//! dev-dependency, and `hir`'s `test-utils` turn a [`Fixture`] into an input change.

use std::sync::Arc;

pub use builtin_surface::Flavor;
use metadata::Assembly;
use text_size::TextSize;

pub const CURSOR: &str = "$0";

#[derive(Debug)]
pub struct Fixture {
    pub files: Vec<FixtureFile>,
    /// The framework of projects that name none.
    pub framework: Flavor,
    /// File (its [`FixtureFile::id`]) and offset of `$0`, if the fixture has one.
    pub cursor: Option<(u32, TextSize)>,
}

#[derive(Debug)]
pub struct FixtureFile {
    /// The file's index in [`Fixture::files`]: the number of its `FileId`.
    pub id: u32,
    pub path: String,
    pub project: String,
    pub references: Vec<String>,
    pub defines: Vec<String>,
    pub framework: Option<Flavor>,
    /// Fixture assemblies of `crates/metadata/test-data` the project references, by file stem.
    pub assemblies: Vec<String>,
    pub text: String,
}

/// One project of a fixture: the files whose headers name it, in fixture order.
#[derive(Debug)]
pub struct FixtureProject {
    pub name: String,
    /// Ids of its files.
    pub files: Vec<u32>,
    /// The projects it references, as indexes into [`Fixture::projects`].
    pub references: Vec<u32>,
    pub defines: Vec<String>,
    /// Indexes into [`FixtureLibraries::assemblies`]: its framework's and its fixture assemblies.
    pub assemblies: Vec<u32>,
}

/// The reference assemblies of a fixture: each framework surface's assemblies once, then every
/// project's fixture assemblies.
#[derive(Debug)]
pub struct FixtureLibraries {
    pub assemblies: Vec<Arc<Assembly>>,
}

impl Fixture {
    pub fn parse(fixture: &str) -> Fixture {
        let fixture = trim_indent(fixture);
        let mut chunks: Vec<(&str, String)> = Vec::new();
        for line in fixture.lines() {
            match line.strip_prefix("//- ") {
                Some(header) => chunks.push((header, String::new())),
                None if chunks.is_empty() && line.trim().is_empty() => {}
                None => {
                    if chunks.is_empty() {
                        chunks.push(("/Test.cs", String::new()));
                    }
                    let body = &mut chunks.last_mut().expect("a chunk was pushed").1;
                    body.push_str(line);
                    body.push('\n');
                }
            }
        }
        let mut files = Vec::new();
        let mut cursor = None;
        let mut framework = None;
        for (i, (header, body)) in chunks.into_iter().enumerate() {
            let id = i as u32;
            let mut words = header.split_whitespace();
            let mut file = FixtureFile {
                id,
                path: words.next().unwrap_or("/Test.cs").to_owned(),
                project: "Test".to_owned(),
                references: Vec::new(),
                defines: Vec::new(),
                framework: None,
                assemblies: Vec::new(),
                text: body,
            };
            for word in words {
                let list = |v: &str| v.split(',').map(str::to_owned).collect::<Vec<_>>();
                match word.split_once(':') {
                    Some(("project", v)) => file.project = v.to_owned(),
                    Some(("references", v)) => file.references = list(v),
                    Some(("defines", v)) => file.defines = list(v),
                    Some(("assemblies", v)) => file.assemblies = list(v),
                    Some(("framework", "netcore")) => file.framework = Some(Flavor::NetCore),
                    Some(("framework", "netfx")) => file.framework = Some(Flavor::NetFx),
                    _ => panic!("unknown fixture meta `{word}` in `{header}`"),
                }
            }
            if let Some(offset) = file.text.find(CURSOR) {
                cursor = Some((id, TextSize::from(offset as u32)));
                file.text = file.text.replacen(CURSOR, "", 1);
            }
            framework = framework.or(file.framework);
            files.push(file);
        }
        Fixture {
            files,
            framework: framework.unwrap_or(Flavor::NetFx),
            cursor,
        }
    }

    /// The file whose header names `path` (tests: panics without one).
    pub fn file(&self, path: &str) -> &FixtureFile {
        self.files
            .iter()
            .find(|f| f.path == path)
            .unwrap_or_else(|| panic!("no fixture file {path}"))
    }

    /// The projects in the order their first files appear, and the assemblies they reference.
    pub fn projects(&self) -> (Vec<FixtureProject>, FixtureLibraries) {
        let mut projects: Vec<FixtureProject> = Vec::new();
        let mut references: Vec<Vec<&str>> = Vec::new();
        let mut frameworks: Vec<Option<Flavor>> = Vec::new();
        let mut stems: Vec<Vec<&str>> = Vec::new();
        for file in &self.files {
            let idx = match projects.iter().position(|p| p.name == file.project) {
                Some(idx) => idx,
                None => {
                    projects.push(FixtureProject {
                        name: file.project.clone(),
                        files: Vec::new(),
                        references: Vec::new(),
                        defines: Vec::new(),
                        assemblies: Vec::new(),
                    });
                    references.push(Vec::new());
                    frameworks.push(None);
                    stems.push(Vec::new());
                    projects.len() - 1
                }
            };
            let project = &mut projects[idx];
            project.files.push(file.id);
            project.defines.extend(file.defines.iter().cloned());
            references[idx].extend(file.references.iter().map(String::as_str));
            frameworks[idx] = frameworks[idx].or(file.framework);
            stems[idx].extend(file.assemblies.iter().map(String::as_str));
        }
        let names: Vec<String> = projects.iter().map(|p| p.name.clone()).collect();
        for (project, references) in projects.iter_mut().zip(&references) {
            project.references = references
                .iter()
                .filter_map(|r| names.iter().position(|n| n == r))
                .map(|p| p as u32)
                .collect();
        }
        let libraries = self.libraries(&mut projects, &frameworks, &stems);
        (projects, libraries)
    }

    /// Fixtures see the framework as a machine without .NET does: a built-in surface, each
    /// surface's assemblies once, and each project those of its own.
    fn libraries(
        &self,
        projects: &mut [FixtureProject],
        frameworks: &[Option<Flavor>],
        stems: &[Vec<&str>],
    ) -> FixtureLibraries {
        let mut assemblies = Vec::new();
        let mut ranges: Vec<(Flavor, std::ops::Range<u32>)> = Vec::new();
        for (project, framework) in projects.iter_mut().zip(frameworks) {
            let flavor = framework.unwrap_or(self.framework);
            let range = match ranges.iter().find(|(f, _)| *f == flavor) {
                Some((_, range)) => range.clone(),
                None => {
                    let start = assemblies.len() as u32;
                    assemblies.extend(builtin_surface::assemblies(flavor).iter().cloned());
                    let range = start..assemblies.len() as u32;
                    ranges.push((flavor, range.clone()));
                    range
                }
            };
            project.assemblies = range.collect();
        }
        for (project, stems) in projects.iter_mut().zip(stems) {
            for stem in stems {
                let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../metadata/test-data")
                    .join(format!("{stem}.dll"));
                let assembly = metadata::read_file(&path)
                    .unwrap_or_else(|e| panic!("fixture assembly {}: {e}", path.display()));
                project.assemblies.push(assemblies.len() as u32);
                assemblies.push(Arc::new(assembly));
            }
        }
        FixtureLibraries { assemblies }
    }
}

/// Removes the indentation common to all non-empty lines, so fixtures can be indented in tests.
fn trim_indent(text: &str) -> String {
    let indent = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out = String::new();
    for line in text.lines() {
        out.push_str(line.get(indent..).unwrap_or(line.trim_start()));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;
