//! A stable, readable text form of a [`Workspace`], with paths relative to its root: for tests
//! and for showing a user what was loaded.

use std::fmt::Write;

use crate::{
    GlobalUsing, MissingKind, Project, ProjectKind, ReferenceOrigin, Workspace, WorkspaceKind,
    paths::relative,
};

impl Workspace {
    pub fn dump(&self) -> String {
        let mut out = String::new();
        let rel = |path: &std::path::Path| relative(path, &self.root);
        let kind = match &self.kind {
            WorkspaceKind::Solution(path) => format!("solution {}", rel(path)),
            WorkspaceKind::Project(path) => format!("project {}", rel(path)),
            WorkspaceKind::Folder => "folder".to_owned(),
        };
        let _ = writeln!(out, "{kind} (root {})", self.root.display());
        for (i, project) in self.projects.iter().enumerate() {
            self.dump_project(&mut out, i, project);
        }
        if !self.problems.is_empty() {
            out.push_str("problems:\n");
            for problem in &self.problems {
                let _ = writeln!(out, "  {}: {}", rel(&problem.path), problem.message);
            }
        }
        out
    }

    fn dump_project(&self, out: &mut String, index: usize, project: &Project) {
        let rel = |path: &std::path::Path| relative(path, &self.root);
        let kind = match &project.kind {
            ProjectKind::Sdk { sdk } => format!("sdk {sdk}"),
            ProjectKind::Legacy => "legacy".to_owned(),
            ProjectKind::Implicit => "implicit".to_owned(),
        };
        let location = match &project.path {
            Some(path) => rel(path),
            None => format!("{}/", rel(&project.dir)),
        };
        let _ = writeln!(out, "#{index} {} [{kind}] {location}", project.name);
        let mut field = |name: &str, value: String| {
            if !value.is_empty() {
                let _ = writeln!(out, "  {name}: {value}");
            }
        };
        if project.assembly_name != project.name {
            field("assembly", project.assembly_name.to_string());
        }
        if project.root_namespace != project.name {
            field("root namespace", project.root_namespace.to_string());
        }
        let mut frameworks = project.target_frameworks.join(", ");
        if project.target_frameworks.len() > 1
            && let Some(active) = &project.active_target_framework
        {
            let _ = write!(frameworks, " (active {active})");
        }
        field("frameworks", frameworks);
        field(
            "lang version",
            project
                .lang_version
                .as_deref()
                .unwrap_or_default()
                .to_owned(),
        );
        field(
            "nullable",
            project.nullable.as_deref().unwrap_or_default().to_owned(),
        );
        field("defines", project.defines.join(" "));
        let usings: Vec<String> = project.global_usings.iter().map(using_text).collect();
        field("usings", usings.join(", "));
        for reference in &project.project_references {
            let target = match reference.project {
                Some(i) => format!(
                    "#{i} {}",
                    self.projects.get(i).map_or("?", |p| p.name.as_str())
                ),
                None => "unresolved".to_owned(),
            };
            let _ = writeln!(out, "  reference {} -> {target}", rel(&reference.path));
        }
        for reference in &project.package_project_references {
            let target = self
                .projects
                .get(reference.project)
                .map_or("?", |p| p.name.as_str());
            let _ = writeln!(
                out,
                "  package {} -> #{} {target}",
                reference.package, reference.project
            );
        }
        for assembly in &project.references.assemblies {
            let origin = origin_text(&assembly.origin);
            let _ = writeln!(out, "  assembly {} ({origin})", rel(&assembly.path));
        }
        for missing in &project.references.missing {
            let kind = match missing.kind {
                MissingKind::Framework => "framework",
                MissingKind::Package => "package",
                MissingKind::Assembly => "assembly",
            };
            let version = missing
                .version
                .as_ref()
                .map(|v| format!(" {v}"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "  missing {kind} {}{version}: {}",
                missing.name, missing.reason
            );
        }
        for file in &project.files {
            let _ = writeln!(out, "  file {}", rel(file));
        }
    }
}

fn origin_text(origin: &ReferenceOrigin) -> String {
    match origin {
        ReferenceOrigin::Framework { name, version } => format!("framework {name} {version}"),
        ReferenceOrigin::Package { id, version } => format!("package {id} {version}"),
        ReferenceOrigin::AssetsFile { id, version } => format!("assets file {id} {version}"),
        ReferenceOrigin::HintPath => "hint path".to_owned(),
        ReferenceOrigin::Mono { version } => format!("mono {version}"),
    }
}

fn using_text(using: &GlobalUsing) -> String {
    let name = &using.namespace_or_type;
    match (&using.alias, using.is_static) {
        (Some(alias), _) => format!("{alias} = {name}"),
        (None, true) => format!("static {name}"),
        (None, false) => name.to_string(),
    }
}
