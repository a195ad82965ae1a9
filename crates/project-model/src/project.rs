//! One `.csproj` to a [`Project`] (without resolved project or assembly references).

use std::path::{Path, PathBuf};

use roxmltree::Node;
use smol_str::SmolStr;

use crate::{
    FileSystem, LoadOptions, LoadProblem, Project, ProjectKind, References,
    items::{Items, evaluate_items, split_list},
    msbuild::{Evaluator, Properties, parse_xml},
    paths::{extension, file_name, file_stem, parent},
    references::ReferenceInputs,
    sdk,
    tfm::Tfm,
};

pub(crate) struct LoadedProject {
    pub(crate) project: Project,
    /// `ProjectReference` targets, normalised, in order.
    pub(crate) references: Vec<PathBuf>,
    pub(crate) reference_inputs: ReferenceInputs,
    pub(crate) problems: Vec<LoadProblem>,
}

pub(crate) fn load_project(
    fs: &dyn FileSystem,
    path: &Path,
    options: &LoadOptions,
) -> Result<LoadedProject, LoadProblem> {
    let problem = |message: String| LoadProblem {
        path: path.to_path_buf(),
        message,
    };
    let text = fs
        .read_to_string(path)
        .map_err(|err| problem(format!("cannot read project file: {err}")))?;
    let doc = parse_xml(&text).map_err(problem)?;
    let root = doc.root_element();
    if root.tag_name().name() != "Project" {
        return Err(problem(
            "not an MSBuild project: the root element is not <Project>".to_owned(),
        ));
    }
    let sdks = sdks(root);
    let is_sdk = !sdks.is_empty();

    let mut eval = evaluate(fs, path, root, &sdks, options, None);
    let target_frameworks = target_frameworks(&eval.props, is_sdk);
    let active = pick_target_framework(&target_frameworks, options);
    if let Some(active) = &active
        && is_sdk
        && eval.props.get("TargetFramework") != active.as_str()
    {
        // The inner build of a multi-targeted project: conditions on `$(TargetFramework)` apply.
        eval = evaluate(fs, path, root, &sdks, options, Some(active));
    }

    let Items {
        compile,
        usings,
        references,
        named,
        problems,
    } = evaluate_items(fs, &eval.props, &eval.item_groups, path);
    let props = &eval.props;
    let mut files: Vec<PathBuf> = compile
        .into_iter()
        .filter(|f| extension(f) == "cs")
        .collect();
    files.sort();
    files.dedup();

    let name = SmolStr::new(file_stem(path));
    let property = |key: &str| props.non_empty(key).map(SmolStr::new);
    let assembly_name = property("AssemblyName").unwrap_or_else(|| name.clone());
    let reference_inputs = ReferenceInputs::read(
        props,
        &named,
        parent(path),
        active.as_deref(),
        is_sdk,
        &assembly_name,
    );
    let project = Project {
        assembly_name,
        root_namespace: property("RootNamespace").unwrap_or_else(|| name.clone()),
        name,
        path: Some(path.to_path_buf()),
        dir: parent(path).to_path_buf(),
        kind: match sdks.first() {
            Some(sdk) => ProjectKind::Sdk {
                sdk: SmolStr::new(sdk),
            },
            None => ProjectKind::Legacy,
        },
        defines: defines(props, is_sdk, active.as_deref()),
        target_frameworks,
        active_target_framework: active,
        lang_version: property("LangVersion"),
        global_usings: usings,
        nullable: property("Nullable"),
        files,
        project_references: Vec::new(),
        package_project_references: Vec::new(),
        references: References::default(),
    };
    let mut all_problems = eval.problems;
    all_problems.extend(problems);
    Ok(LoadedProject {
        project,
        references,
        reference_inputs,
        problems: all_problems,
    })
}

/// The SDKs a project names: `<Project Sdk="A;B/1.0">`, `<Sdk Name="A" />`,
/// `<Import Project="Sdk.props" Sdk="A" />`; versions are dropped.
fn sdks(root: Node<'_, '_>) -> Vec<String> {
    let from_attribute = root.attribute("Sdk").into_iter().flat_map(|s| s.split(';'));
    let from_children = root
        .children()
        .filter_map(|child| match child.tag_name().name() {
            "Sdk" => child.attribute("Name"),
            "Import" => child.attribute("Sdk"),
            _ => None,
        });
    let mut sdks: Vec<String> = Vec::new();
    for sdk in from_attribute.chain(from_children) {
        let name = sdk.split('/').next().unwrap_or_default().trim();
        if !name.is_empty() && !sdks.iter().any(|s| s.eq_ignore_ascii_case(name)) {
            sdks.push(name.to_owned());
        }
    }
    sdks
}

/// The property pass: `Directory.Build.props`, the SDK's props, the project, the SDK's targets.
fn evaluate<'a>(
    fs: &'a dyn FileSystem,
    path: &Path,
    root: Node<'_, '_>,
    sdks: &[String],
    options: &LoadOptions,
    target_framework: Option<&str>,
) -> Evaluator<'a> {
    let mut props = Properties::default();
    let dir = parent(path);
    props.set_fixed(
        "MSBuildProjectFullPath",
        path.to_string_lossy().into_owned(),
    );
    props.set_fixed(
        "MSBuildProjectDirectory",
        dir.to_string_lossy().into_owned(),
    );
    props.set_fixed("MSBuildProjectName", file_stem(path));
    props.set_fixed("MSBuildProjectFile", file_name(path));
    props.set_fixed("MSBuildProjectExtension", format!(".{}", extension(path)));
    props.set_fixed(
        "Configuration",
        options
            .configuration
            .clone()
            .unwrap_or_else(|| "Debug".to_owned()),
    );
    if let Some(target_framework) = target_framework {
        props.set_fixed("TargetFramework", target_framework.to_owned());
    }

    let mut eval = Evaluator::new(fs, props, path);
    if let Some(directory_build_props) = find_above(fs, dir, "Directory.Build.props") {
        eval.import_file(&directory_build_props);
    }
    if !sdks.is_empty() {
        for props in sdk::props(sdks) {
            eval_emulated(&mut eval, path, props);
        }
    }
    eval.eval_children(root, path);
    if !sdks.is_empty() {
        eval_emulated(&mut eval, path, sdk::targets());
    }
    eval
}

fn eval_emulated(eval: &mut Evaluator<'_>, path: &Path, text: &str) {
    if let Err(message) = eval.eval_text(path, text) {
        unreachable!("the emulated SDK files are well-formed: {message}");
    }
}

fn find_above(fs: &dyn FileSystem, start: &Path, file: &str) -> Option<PathBuf> {
    start
        .ancestors()
        .map(|dir| dir.join(file))
        .find(|candidate| fs.is_file(candidate))
}

fn target_frameworks(props: &Properties, is_sdk: bool) -> Vec<SmolStr> {
    if let Some(list) = props.non_empty("TargetFrameworks") {
        return split_list(list).into_iter().map(SmolStr::from).collect();
    }
    if let Some(single) = props.non_empty("TargetFramework") {
        return vec![SmolStr::new(single)];
    }
    if !is_sdk && let Some(version) = props.non_empty("TargetFrameworkVersion") {
        return Tfm::from_framework_version(version)
            .map(SmolStr::from)
            .into_iter()
            .collect();
    }
    Vec::new()
}

fn pick_target_framework(target_frameworks: &[SmolStr], options: &LoadOptions) -> Option<SmolStr> {
    let requested = options.target_framework.as_deref().and_then(|requested| {
        target_frameworks
            .iter()
            .find(|tfm| tfm.eq_ignore_ascii_case(requested.trim()))
    });
    requested.or(target_frameworks.first()).cloned()
}

/// `DefineConstants` split as the compiler does, then (for SDK projects, unless
/// `DisableImplicitFrameworkDefines`) the symbols of the active target framework. Legacy projects
/// get none: only the SDK defines them.
fn defines(props: &Properties, is_sdk: bool, active: Option<&str>) -> Vec<SmolStr> {
    let mut defines: Vec<SmolStr> = props
        .get("DefineConstants")
        .split([';', ','])
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(SmolStr::new)
        .collect();
    if is_sdk && !props.is_true("DisableImplicitFrameworkDefines") {
        let tfm = active.and_then(Tfm::parse);
        defines.extend(tfm.iter().flat_map(Tfm::symbols).map(SmolStr::from));
    }
    let mut seen = rustc_hash::FxHashSet::default();
    defines.retain(|d| seen.insert(d.clone()));
    defines
}
