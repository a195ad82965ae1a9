//! `.sln` (text) and `.slnx` (XML) solutions: the C# projects they list, in order. Solution
//! folders, other languages and web sites are skipped.

use std::path::{Path, PathBuf};

use roxmltree::Node;

use crate::{
    FileSystem,
    msbuild::parse_xml,
    paths::{extension, find_file_ignoring_case, join, parent},
};

/// The `.csproj` files a solution lists, normalised; the error explains why the file is unusable.
pub(crate) fn read_solution(fs: &dyn FileSystem, path: &Path) -> Result<Vec<PathBuf>, String> {
    let text = fs
        .read_to_string(path)
        .map_err(|err| format!("cannot read solution file: {err}"))?;
    let rel_paths = if extension(path) == "slnx" {
        parse_slnx(&text)?
    } else {
        parse_sln(&text)?
    };
    let dir = parent(path);
    let mut projects: Vec<PathBuf> = Vec::new();
    for rel in rel_paths {
        let project = find_file_ignoring_case(fs, &join(dir, &rel));
        if extension(&project) == "csproj" && !projects.contains(&project) {
            projects.push(project);
        }
    }
    Ok(projects)
}

/// Lines like `Project("{TYPE}") = "Name", "rel\Path.csproj", "{GUID}"`.
fn parse_sln(text: &str) -> Result<Vec<String>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if !text.lines().any(|line| {
        line.trim_start()
            .starts_with("Microsoft Visual Studio Solution File")
    }) {
        return Err("not a Visual Studio solution file: the header line is missing".to_owned());
    }
    let paths = text
        .lines()
        .filter(|line| line.trim_start().starts_with("Project("))
        .filter_map(|line| {
            let (_, fields) = line.split_once('=')?;
            let path = fields.split(',').nth(1)?.trim().trim_matches('"');
            Some(path.to_owned())
        })
        .collect();
    Ok(paths)
}

/// `<Solution>` with `<Project Path=".."/>` at any depth of `<Folder>`s.
fn parse_slnx(text: &str) -> Result<Vec<String>, String> {
    let doc = parse_xml(text)?;
    let root = doc.root_element();
    if root.tag_name().name() != "Solution" {
        return Err("not a solution: the root element is not <Solution>".to_owned());
    }
    let paths = root
        .descendants()
        .filter(|node| node.tag_name().name() == "Project")
        .filter_map(|node: Node<'_, '_>| node.attribute("Path"))
        .map(str::to_owned)
        .collect();
    Ok(paths)
}
