//! Reference assemblies: the files the project model found for each project are read once per path
//! and content (a reload reuses what did not change) and become the analysis's library input; the
//! built-in surface stands in where a project's framework was not found.

use std::{
    collections::HashMap,
    path::{Path, PathBuf},
    sync::Arc,
};

use ide::{Assembly, SurfaceFlavor};
use project_model::{LoadProblem, MissingKind, Project, ReferenceOrigin, Workspace};
use rayon::prelude::*;

use crate::Stamp;

/// What the workspace's projects reference, read.
#[derive(Default)]
pub struct Libraries {
    /// In priority order: every project's assemblies (framework first, as the model lists them),
    /// then the built-in surface if some project needs it.
    pub assemblies: Arc<[Arc<Assembly>]>,
    /// Per project, in model order: the indices into `assemblies` of those it references.
    project_assemblies: Arc<[Arc<[u32]>]>,
    /// What `assemblies` come from, to tell whether a reload changed anything.
    order: Vec<Source>,
    /// What each project's assemblies come from, in its priority order.
    project_sources: Vec<Vec<Source>>,
    /// Per project, in model order.
    pub projects: Vec<ProjectLibraries>,
    pub problems: Vec<LoadProblem>,
    cache: HashMap<PathBuf, (Stamp, Arc<Assembly>)>,
}

/// What `server_status` says of one project's references.
#[derive(Clone, Debug, Default)]
pub struct ProjectLibraries {
    /// How many reference assemblies were found and read.
    pub assemblies: usize,
    /// The frameworks found (`Microsoft.NETCore.App 8.0.11`, `Mono 4.8`).
    pub frameworks: Vec<String>,
    pub packages: usize,
    /// What was asked for and not found, with the reason.
    pub missing: Vec<Missing>,
    /// The built-in framework surface that stands in for a framework that was not found.
    pub builtin_surface: Option<SurfaceFlavor>,
}

/// Where assemblies come from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Source {
    File(PathBuf),
    Builtin(SurfaceFlavor),
}

#[derive(Clone, Debug)]
pub struct Missing {
    pub kind: &'static str,
    pub name: String,
    pub version: Option<String>,
    pub reason: String,
}

impl Libraries {
    /// Reads what `model` references (in parallel; what was read before and did not change is reused).
    /// Whether the assemblies changed.
    pub fn load(&mut self, model: &Workspace) -> bool {
        let mut order: Vec<Source> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut projects = Vec::with_capacity(model.projects.len());
        let mut project_sources = Vec::with_capacity(model.projects.len());
        for project in &model.projects {
            let mut sources = Vec::new();
            let refs = &project.references;
            let mut summary = ProjectLibraries {
                assemblies: refs.assemblies.len(),
                ..ProjectLibraries::default()
            };
            for a in &refs.assemblies {
                match &a.origin {
                    ReferenceOrigin::Framework { name, version } => {
                        push_unique(&mut summary.frameworks, format!("{name} {version}"))
                    }
                    ReferenceOrigin::Mono { version } => {
                        push_unique(&mut summary.frameworks, format!("Mono {version}"))
                    }
                    ReferenceOrigin::Package { .. } | ReferenceOrigin::AssetsFile { .. } => {
                        summary.packages += 1
                    }
                    ReferenceOrigin::HintPath => {}
                }
                if seen.insert(a.path.clone()) {
                    order.push(Source::File(a.path.clone()));
                }
                sources.push(Source::File(a.path.clone()));
            }
            summary.missing = refs
                .missing
                .iter()
                .map(|m| Missing {
                    kind: match m.kind {
                        MissingKind::Framework => "framework",
                        MissingKind::Package => "package",
                        MissingKind::Assembly => "assembly",
                    },
                    name: m.name.to_string(),
                    version: m.version.as_ref().map(|v| v.to_string()),
                    reason: m.reason.clone(),
                })
                .collect();
            summary.builtin_surface = summary
                .frameworks
                .is_empty()
                .then(|| builtin_flavor(project));
            sources.extend(summary.builtin_surface.map(Source::Builtin));
            project_sources.push(sources);
            projects.push(summary);
        }
        // After every real assembly: the library index takes the first declaration of a name.
        for flavor in projects.iter().filter_map(|p| p.builtin_surface) {
            if !order.contains(&Source::Builtin(flavor)) {
                order.push(Source::Builtin(flavor));
            }
        }
        self.projects = projects;
        let files: Vec<&Path> = order
            .iter()
            .filter_map(|s| match s {
                Source::File(path) => Some(path.as_path()),
                Source::Builtin(_) => None,
            })
            .collect();
        let stamps = crate::stamps_of(&files);
        let changed = order != self.order
            || project_sources != self.project_sources
            || files
                .iter()
                .zip(&stamps)
                .any(|(p, s)| self.cache.get(*p).is_none_or(|(old, _)| old != s));
        if !changed {
            return false;
        }
        let read =
            |(path, stamp): (&&Path, &Stamp)| -> (PathBuf, Stamp, Result<Arc<Assembly>, String>) {
                let cached = self
                    .cache
                    .get(*path)
                    .filter(|(old, _)| old == stamp)
                    .map(|(_, a)| a.clone());
                let result = match cached {
                    Some(a) => Ok(a),
                    None => ide::read_assembly(path)
                        .map(Arc::new)
                        .map_err(|e| e.to_string()),
                };
                (path.to_path_buf(), *stamp, result)
            };
        // The built-in surfaces decode in parallel with each other and with the files: on a small
        // workspace their decoding is what the first answer waits for.
        let flavors: Vec<SurfaceFlavor> = order
            .iter()
            .filter_map(|s| match s {
                Source::Builtin(flavor) => Some(*flavor),
                Source::File(_) => None,
            })
            .collect();
        let (results, ()) = rayon::join(
            || {
                files
                    .par_iter()
                    .zip(stamps.par_iter())
                    .map(read)
                    .collect::<Vec<_>>()
            },
            || {
                flavors.par_iter().for_each(|&flavor| {
                    ide::builtin_surface(flavor);
                })
            },
        );
        let mut cache = HashMap::with_capacity(results.len());
        let mut problems = Vec::new();
        let mut by_path: HashMap<PathBuf, Arc<Assembly>> = HashMap::new();
        for (path, stamp, result) in results {
            match result {
                Ok(asm) => {
                    cache.insert(path.clone(), (stamp, asm.clone()));
                    by_path.insert(path, asm);
                }
                Err(message) => problems.push(LoadProblem {
                    path,
                    message: format!("reference assembly not read: {message}"),
                }),
            }
        }
        let mut assemblies: Vec<Arc<Assembly>> = Vec::with_capacity(order.len());
        // Where each source's assemblies are in `assemblies` (a file not read has none).
        let mut ranges: HashMap<&Source, std::ops::Range<u32>> = HashMap::new();
        for entry in &order {
            let start = assemblies.len() as u32;
            match entry {
                Source::File(path) => assemblies.extend(by_path.get(path).cloned()),
                Source::Builtin(flavor) => {
                    assemblies.extend(ide::builtin_surface(*flavor).iter().cloned())
                }
            }
            ranges.insert(entry, start..assemblies.len() as u32);
        }
        self.project_assemblies = project_sources
            .iter()
            .map(|sources| {
                let indices: Vec<u32> = sources
                    .iter()
                    .filter_map(|s| ranges.get(s).cloned())
                    .flatten()
                    .collect();
                Arc::from(indices)
            })
            .collect();
        self.assemblies = Arc::from(assemblies);
        self.order = order;
        self.project_sources = project_sources;
        self.cache = cache;
        self.problems = problems;
        true
    }
}

impl Libraries {
    /// The analysis input: every assembly once, and which of them each project references.
    pub fn input(&self) -> ide::Libraries {
        ide::Libraries {
            assemblies: self.assemblies.clone(),
            projects: self.project_assemblies.clone(),
        }
    }
}

/// The built-in surface closest to what a project targets: .NET Core's for .NET Core and .NET 5+,
/// .NET Framework's for .NET Framework, .NET Standard (2.0 is .NET Framework 4.6.1's API) and
/// projects that name no framework.
fn builtin_flavor(project: &Project) -> SurfaceFlavor {
    let tfm = project
        .active_target_framework
        .as_deref()
        .or(project.target_frameworks.first().map(|t| t.as_str()))
        .unwrap_or_default();
    let modern_net = tfm
        .strip_prefix("net")
        .and_then(|v| v.split('.').next())
        .and_then(|major| major.parse::<u32>().ok())
        .is_some_and(|major| (5..=40).contains(&major) && tfm.contains('.'));
    if tfm.starts_with("netcoreapp") || modern_net {
        SurfaceFlavor::NetCore
    } else {
        SurfaceFlavor::NetFx
    }
}

fn push_unique(list: &mut Vec<String>, item: String) {
    if !list.contains(&item) {
        list.push(item);
    }
}

#[cfg(test)]
mod tests {
    use project_model::MemoryFs;

    use super::Libraries;

    /// Two projects on two frameworks, neither found: the input holds each built-in surface once,
    /// and each project only its own.
    #[test]
    fn each_project_references_its_own_assemblies() {
        let fs = MemoryFs::from_fixture(
            r#"
            //- /w/Old/Old.csproj
            <Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net48</TargetFramework></PropertyGroup></Project>
            //- /w/Old/A.cs
            class A { }
            //- /w/New/New.csproj
            <Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup></Project>
            //- /w/New/B.cs
            class B { }
            "#,
        );
        let model = project_model::load_workspace(&fs, std::path::Path::new("/w"));
        assert_eq!(model.projects.len(), 2, "{:?}", model.problems);
        let mut libraries = Libraries::default();
        assert!(libraries.load(&model));
        let input = libraries.input();
        let netfx = ide::builtin_surface(ide::SurfaceFlavor::NetFx).len();
        let netcore = ide::builtin_surface(ide::SurfaceFlavor::NetCore).len();
        assert_eq!(input.assemblies.len(), netfx + netcore);
        let project = |name: &str| {
            let i = model
                .projects
                .iter()
                .position(|p| p.name == name)
                .expect("project");
            &input.projects[i]
        };
        let names = |name: &str| -> Vec<&str> {
            project(name)
                .iter()
                .map(|&a| input.assemblies[a as usize].name.as_str())
                .collect()
        };
        assert_eq!(project("Old").len(), netfx);
        assert_eq!(project("New").len(), netcore);
        assert!(names("Old").contains(&"mscorlib"));
        assert!(!names("Old").contains(&"System.Private.CoreLib"));
        assert!(names("New").contains(&"System.Private.CoreLib"));
        assert!(!names("New").contains(&"mscorlib"));
        // Nothing changed: the same input stays.
        assert!(!libraries.load(&model));
    }
}
