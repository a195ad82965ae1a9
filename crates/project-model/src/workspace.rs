//! The entry point: what to load from the path given, then every project reachable from it.

use std::{
    collections::VecDeque,
    path::{Path, PathBuf},
};

use rustc_hash::FxHashMap;
use smol_str::SmolStr;

use crate::{
    FileSystem, LoadOptions, LoadProblem, Project, ProjectKind, ProjectReference, References,
    Workspace, WorkspaceKind,
    paths::{extension, file_name, file_stem, normalize, parent},
    project::load_project,
    references::{ReferenceInputs, Resolver},
    solution::read_solution,
};

/// Folders never searched for projects or sources: build output, dependencies, and hidden
/// folders (`.git`, `.vs`).
const SKIPPED_DIRS: &[&str] = &["bin", "obj", "node_modules"];
const MAX_DEPTH: usize = 64;

pub fn load_workspace(fs: &dyn FileSystem, path: &Path) -> Workspace {
    load_workspace_with(fs, path, &LoadOptions::default())
}

pub fn load_workspace_with(fs: &dyn FileSystem, path: &Path, options: &LoadOptions) -> Workspace {
    let path = normalize(path);
    let mut problems = Vec::new();
    let (root, kind, project_files) = if fs.is_dir(&path) {
        match open_folder(fs, &path, &mut problems) {
            Ok((kind, project_files)) => (path, kind, project_files),
            Err(sources) => {
                let mut projects = vec![implicit_project(&path, sources, options)];
                let inputs = [ReferenceInputs::implicit(&path)];
                resolve_references(fs, options, &mut projects, &inputs, &mut problems);
                return Workspace {
                    root: path,
                    kind: WorkspaceKind::Folder,
                    projects,
                    problems,
                };
            }
        }
    } else {
        let root = parent(&path).to_path_buf();
        match extension(&path).as_str() {
            "sln" | "slnx" => {
                let projects = solution_projects(fs, &path, &mut problems);
                (root, WorkspaceKind::Solution(path), projects)
            }
            "csproj" => (root, WorkspaceKind::Project(path.clone()), vec![path]),
            _ => {
                let message = if fs.is_file(&path) {
                    "not a solution (.sln, .slnx), C# project (.csproj) or folder"
                } else {
                    "no such file or folder"
                };
                problems.push(LoadProblem {
                    path: path.clone(),
                    message: message.to_owned(),
                });
                (root, WorkspaceKind::Folder, Vec::new())
            }
        }
    };
    let projects = load_projects(fs, project_files, options, &mut problems);
    Workspace {
        root,
        kind,
        projects,
        problems,
    }
}

fn solution_projects(
    fs: &dyn FileSystem,
    path: &Path,
    problems: &mut Vec<LoadProblem>,
) -> Vec<PathBuf> {
    read_solution(fs, path).unwrap_or_else(|message| {
        problems.push(LoadProblem {
            path: path.to_path_buf(),
            message,
        });
        Vec::new()
    })
}

/// A folder's solution, else its projects, else (`Err`) its loose sources.
fn open_folder(
    fs: &dyn FileSystem,
    dir: &Path,
    problems: &mut Vec<LoadProblem>,
) -> Result<(WorkspaceKind, Vec<PathBuf>), Vec<PathBuf>> {
    let mut solutions: Vec<PathBuf> = fs
        .read_dir(dir)
        .unwrap_or_default()
        .into_iter()
        .filter(|entry| !entry.is_dir)
        .map(|entry| dir.join(entry.name))
        .filter(|path| matches!(extension(path).as_str(), "sln" | "slnx"))
        .collect();
    solutions.sort();
    if let Some(solution) = choose_solution(dir, &solutions) {
        if solutions.len() > 1 {
            let others: Vec<String> = solutions
                .iter()
                .filter(|s| **s != solution)
                .map(|s| file_name(s))
                .collect();
            problems.push(LoadProblem {
                path: solution.clone(),
                message: format!(
                    "several solutions in the folder; using this one, not {}",
                    others.join(", ")
                ),
            });
        }
        let projects = solution_projects(fs, &solution, problems);
        return Ok((WorkspaceKind::Solution(solution), projects));
    }
    let mut found = Found::default();
    found.walk(fs, dir, 0);
    if !found.projects.is_empty() {
        found.projects.sort();
        return Ok((WorkspaceKind::Folder, found.projects));
    }
    found.sources.sort();
    Err(found.sources)
}

/// The solution named like the folder if there is one, else the first by name; `.slnx` wins over
/// a `.sln` of the same name, being the newer format a solution is migrated to.
fn choose_solution(dir: &Path, solutions: &[PathBuf]) -> Option<PathBuf> {
    let folder = file_name(dir);
    let named_like_folder: Vec<&PathBuf> = solutions
        .iter()
        .filter(|s| file_stem(s).eq_ignore_ascii_case(&folder))
        .collect();
    let candidates = if named_like_folder.is_empty() {
        solutions.iter().collect()
    } else {
        named_like_folder
    };
    let first = candidates.first()?;
    let same_stem_slnx = candidates
        .iter()
        .find(|s| extension(s) == "slnx" && file_stem(s).eq_ignore_ascii_case(&file_stem(first)));
    Some(same_stem_slnx.unwrap_or(first).to_path_buf())
}

#[derive(Default)]
struct Found {
    projects: Vec<PathBuf>,
    sources: Vec<PathBuf>,
}

impl Found {
    fn walk(&mut self, fs: &dyn FileSystem, dir: &Path, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        for entry in fs.read_dir(dir).unwrap_or_default() {
            let path = dir.join(&entry.name);
            if entry.is_dir {
                let skipped = entry.name.starts_with('.')
                    || SKIPPED_DIRS
                        .iter()
                        .any(|s| s.eq_ignore_ascii_case(&entry.name));
                if !skipped {
                    self.walk(fs, &path, depth + 1);
                }
                continue;
            }
            match extension(&path).as_str() {
                "csproj" => self.projects.push(path),
                "cs" => self.sources.push(path),
                _ => {}
            }
        }
    }
}

fn implicit_project(dir: &Path, files: Vec<PathBuf>, options: &LoadOptions) -> Project {
    let name = SmolStr::new(file_name(dir));
    Project {
        assembly_name: name.clone(),
        root_namespace: name.clone(),
        name,
        path: None,
        dir: dir.to_path_buf(),
        kind: ProjectKind::Implicit,
        target_frameworks: Vec::new(),
        active_target_framework: None,
        lang_version: None,
        // What the SDK defines without a framework: `TRACE` and the configuration.
        defines: vec![
            SmolStr::new_static("TRACE"),
            SmolStr::new(configuration_symbol(options)),
        ],
        global_usings: Vec::new(),
        nullable: None,
        files,
        project_references: Vec::new(),
        package_project_references: Vec::new(),
        references: References::default(),
    }
}

/// Loads the given projects and, breadth-first, every C# project they reference. A project is
/// loaded once, so reference cycles end.
fn load_projects(
    fs: &dyn FileSystem,
    roots: Vec<PathBuf>,
    options: &LoadOptions,
    problems: &mut Vec<LoadProblem>,
) -> Vec<Project> {
    let mut index: FxHashMap<PathBuf, Option<usize>> = FxHashMap::default();
    let mut loaded: Vec<(Project, Vec<PathBuf>)> = Vec::new();
    let mut inputs: Vec<ReferenceInputs> = Vec::new();
    let mut queue: VecDeque<PathBuf> = roots.into();
    while let Some(path) = queue.pop_front() {
        if index.contains_key(&path) {
            continue;
        }
        match load_project(fs, &path, options) {
            Ok(project) => {
                problems.extend(project.problems);
                queue.extend(
                    project
                        .references
                        .iter()
                        .filter(|r| extension(r) == "csproj")
                        .cloned(),
                );
                index.insert(path, Some(loaded.len()));
                loaded.push((project.project, project.references));
                inputs.push(project.reference_inputs);
            }
            Err(problem) => {
                problems.push(problem);
                index.insert(path, None);
            }
        }
    }
    let mut projects: Vec<Project> = loaded
        .into_iter()
        .map(|(mut project, references)| {
            project.project_references = references
                .into_iter()
                .map(|path| ProjectReference {
                    project: index.get(&path).copied().flatten(),
                    path,
                })
                .collect();
            project
        })
        .collect();
    resolve_references(fs, options, &mut projects, &inputs, problems);
    projects
}

/// Fills each project's [`References`] and package-to-project edges; `inputs` is parallel to
/// `projects`. Runs once all projects are known, since a package may be built by any of them.
fn resolve_references(
    fs: &dyn FileSystem,
    options: &LoadOptions,
    projects: &mut [Project],
    inputs: &[ReferenceInputs],
    problems: &mut Vec<LoadProblem>,
) {
    let resolver = Resolver::new(
        fs,
        &options.environment,
        inputs
            .iter()
            .enumerate()
            .map(|(i, inputs)| (i, inputs.package_ids.as_slice())),
    );
    for (index, (project, inputs)) in projects.iter_mut().zip(inputs).enumerate() {
        let resolved = resolver.resolve(index, inputs);
        project.references = resolved.references;
        project.package_project_references = resolved.package_projects;
        problems.extend(resolved.problems);
    }
}

/// `Debug` → `DEBUG`, as the SDK's `ImplicitConfigurationDefine`.
fn configuration_symbol(options: &LoadOptions) -> String {
    let configuration = options.configuration.as_deref().unwrap_or("Debug");
    configuration.to_uppercase().replace(['-', '.', ' '], "_")
}
