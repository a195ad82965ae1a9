//! Multi-file test fixtures, rust-analyzer style:
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

use std::sync::Arc;

use hir::{Change, FileId, Libraries, ProjectData, ProjectGraph, ProjectId};
use syntax::{Defines, TextSize};

use crate::{Analysis, AnalysisHost, SymbolInfo};

pub const CURSOR: &str = "$0";

#[derive(Debug)]
pub struct Fixture {
    pub files: Vec<FixtureFile>,
    /// The framework of projects that name none.
    pub framework: builtin_surface::Flavor,
    /// File and offset of `$0`, if the fixture has one.
    pub cursor: Option<(FileId, TextSize)>,
}

#[derive(Debug)]
pub struct FixtureFile {
    pub id: FileId,
    pub path: String,
    pub project: String,
    pub references: Vec<String>,
    pub defines: Vec<String>,
    pub framework: Option<builtin_surface::Flavor>,
    /// Fixture assemblies of `crates/metadata/test-data` the project references, by file stem.
    pub assemblies: Vec<String>,
    pub text: String,
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
            let id = FileId(i as u32);
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
                    Some(("framework", "netcore")) => {
                        file.framework = Some(builtin_surface::Flavor::NetCore)
                    }
                    Some(("framework", "netfx")) => {
                        file.framework = Some(builtin_surface::Flavor::NetFx)
                    }
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
            framework: framework.unwrap_or(builtin_surface::Flavor::NetFx),
            cursor,
        }
    }

    /// Every file's text and the project graph, as one change.
    pub fn change(&self) -> Change {
        let mut names: Vec<&str> = Vec::new();
        let mut projects: Vec<ProjectData> = Vec::new();
        let mut references: Vec<Vec<&str>> = Vec::new();
        let mut defines: Vec<Vec<&str>> = Vec::new();
        let mut frameworks: Vec<Option<builtin_surface::Flavor>> = Vec::new();
        let mut assemblies: Vec<Vec<&str>> = Vec::new();
        for file in &self.files {
            let idx = names
                .iter()
                .position(|n| *n == file.project)
                .unwrap_or_else(|| {
                    names.push(&file.project);
                    projects.push(ProjectData {
                        name: file.project.as_str().into(),
                        assembly_name: file.project.as_str().into(),
                        root_namespace: file.project.as_str().into(),
                        ..ProjectData::default()
                    });
                    references.push(Vec::new());
                    defines.push(Vec::new());
                    frameworks.push(None);
                    assemblies.push(Vec::new());
                    names.len() - 1
                });
            frameworks[idx] = frameworks[idx].or(file.framework);
            assemblies[idx].extend(file.assemblies.iter().map(String::as_str));
            projects[idx].files.push(file.id);
            references[idx].extend(file.references.iter().map(String::as_str));
            defines[idx].extend(file.defines.iter().map(String::as_str));
        }
        for (i, project) in projects.iter_mut().enumerate() {
            project.references = references[i]
                .iter()
                .filter_map(|r| names.iter().position(|n| n == r))
                .map(|p| ProjectId(p as u32))
                .collect();
            project.defines = Defines::new(defines[i].iter().copied());
        }
        Change {
            files: self
                .files
                .iter()
                .map(|f| (f.id, Some(Arc::from(f.text.as_str()))))
                .collect(),
            project_graph: Some(ProjectGraph { projects }),
            libraries: Some(self.libraries(&frameworks, &assemblies)),
        }
    }

    /// Fixtures see the framework as a machine without .NET does: a built-in surface, each
    /// surface's assemblies once, and each project those of its own.
    fn libraries(
        &self,
        frameworks: &[Option<builtin_surface::Flavor>],
        fixtures: &[Vec<&str>],
    ) -> Libraries {
        let mut assemblies = Vec::new();
        let mut ranges: Vec<(builtin_surface::Flavor, std::ops::Range<u32>)> = Vec::new();
        let flavors = frameworks.iter().map(|f| f.unwrap_or(self.framework));
        let projects = flavors
            .map(|flavor| {
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
                range.collect::<Vec<u32>>()
            })
            .collect::<Vec<_>>();
        let projects = projects
            .into_iter()
            .zip(fixtures)
            .map(|(mut own, stems)| {
                for stem in stems {
                    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                        .join("../metadata/test-data")
                        .join(format!("{stem}.dll"));
                    let assembly = metadata::read_file(&path)
                        .unwrap_or_else(|e| panic!("fixture assembly {}: {e}", path.display()));
                    own.push(assemblies.len() as u32);
                    assemblies.push(Arc::new(assembly));
                }
                Arc::from(own)
            })
            .collect();
        Libraries {
            assemblies: Arc::from(assemblies),
            projects,
        }
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

impl Fixture {
    /// The symbol at the fixture's `$0` cursor (tests: panics without one).
    pub fn cursor_symbol(&self, analysis: &Analysis) -> SymbolInfo {
        let (file, offset) = self.cursor.expect("fixture needs $0");
        analysis
            .symbol_at(file, offset)
            .expect("not cancelled")
            .expect("no symbol at $0")
    }
}

impl AnalysisHost {
    /// A host loaded with a fixture, and the fixture (for its file ids and cursor).
    pub fn from_fixture(text: &str) -> (AnalysisHost, Fixture) {
        let mut host = AnalysisHost::new();
        let fixture = Fixture::parse(text);
        host.apply_change(fixture.change());
        (host, fixture)
    }
}
