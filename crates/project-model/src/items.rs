//! The item pass: `Compile`, `Using` and `ProjectReference` items with the final properties, and
//! the items that name packages, assemblies and frameworks (`PackageReference`, `PackageVersion`,
//! `Reference`, `FrameworkReference`) with their metadata.
//!
//! Relative item paths are relative to the project folder, even in imported files (as in
//! MSBuild); `Update` changes the metadata of named items and is ignored for files; an item
//! whose `Include` cannot be expanded is skipped.

use std::path::{Path, PathBuf};

use smol_str::SmolStr;

use crate::{
    FileSystem, GlobalUsing, LoadProblem,
    glob::Pattern,
    msbuild::{Item, ItemGroup, ItemKind, ItemOp, Properties, Scope},
    paths::{extension, find_file_ignoring_case, parent},
};

#[derive(Debug, Default)]
pub(crate) struct Items {
    pub(crate) compile: Vec<PathBuf>,
    pub(crate) usings: Vec<GlobalUsing>,
    pub(crate) references: Vec<PathBuf>,
    pub(crate) named: Vec<NamedItem>,
    pub(crate) problems: Vec<LoadProblem>,
}

/// An item naming a package, an assembly or a framework, with its metadata expanded (metadata
/// that cannot be expanded is left out).
#[derive(Clone, Debug)]
pub(crate) struct NamedItem {
    pub(crate) kind: ItemKind,
    pub(crate) name: String,
    metadata: Vec<(String, String)>,
}

impl NamedItem {
    /// The value of a metadata, trimmed; `None` when absent or empty.
    pub(crate) fn metadata(&self, name: &str) -> Option<&str> {
        self.metadata
            .iter()
            .rev()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.trim())
            .filter(|value| !value.is_empty())
    }
}

pub(crate) fn evaluate_items(
    fs: &dyn FileSystem,
    props: &Properties,
    groups: &[ItemGroup],
    project_file: &Path,
) -> Items {
    let mut pass = ItemPass {
        fs,
        project_file,
        project_dir: parent(project_file),
        items: Items::default(),
    };
    for group in groups {
        let scope = Scope {
            fs,
            props,
            this_file: &group.this_file,
        };
        if !scope.condition(group.condition.as_deref()) {
            continue;
        }
        for item in &group.items {
            if scope.condition(item.condition.as_deref()) {
                pass.apply(&scope, item);
            }
        }
    }
    pass.items
}

struct ItemPass<'a> {
    fs: &'a dyn FileSystem,
    project_file: &'a Path,
    project_dir: &'a Path,
    items: Items,
}

impl ItemPass<'_> {
    fn apply(&mut self, scope: &Scope<'_>, item: &Item) {
        match &item.op {
            ItemOp::DefaultCompile => {
                let files = self.default_compile(scope);
                self.items.compile.extend(files);
            }
            ItemOp::Include { include, exclude } => {
                let Some(specs) = expand_list(scope, include) else {
                    return;
                };
                let excludes = exclude
                    .as_deref()
                    .and_then(|exclude| expand_list(scope, exclude))
                    .unwrap_or_default();
                let excludes = self.patterns(&excludes);
                let excluded = |path: &Path| excludes.iter().any(|e| e.matches(path));
                match item.kind {
                    ItemKind::Compile => {
                        for spec in specs {
                            let files = self.include_files(&spec);
                            self.items
                                .compile
                                .extend(files.into_iter().filter(|f| !excluded(f)));
                        }
                    }
                    ItemKind::ProjectReference => {
                        for spec in specs {
                            let files = self.include_references(&spec);
                            self.items
                                .references
                                .extend(files.into_iter().filter(|f| !excluded(f)));
                        }
                    }
                    ItemKind::Using => {
                        let alias = item.metadata("Alias").and_then(|a| scope.expand(a));
                        let alias = alias.map(|a| a.trim().to_owned()).filter(|a| !a.is_empty());
                        let is_static = item
                            .metadata("Static")
                            .is_some_and(|s| s.trim().eq_ignore_ascii_case("true"));
                        for spec in specs {
                            let using = GlobalUsing {
                                namespace_or_type: SmolStr::new(spec),
                                alias: alias.as_deref().map(SmolStr::new),
                                is_static,
                            };
                            if !self.items.usings.contains(&using) {
                                self.items.usings.push(using);
                            }
                        }
                    }
                    // The named kinds.
                    _ => {
                        let metadata = expand_metadata(scope, item);
                        self.items
                            .named
                            .extend(specs.into_iter().map(|name| NamedItem {
                                kind: item.kind,
                                name,
                                metadata: metadata.clone(),
                            }));
                    }
                }
            }
            ItemOp::Remove(remove) => {
                let Some(specs) = expand_list(scope, remove) else {
                    return;
                };
                match item.kind {
                    ItemKind::Compile => {
                        let patterns = self.patterns(&specs);
                        self.items
                            .compile
                            .retain(|f| !patterns.iter().any(|p| p.matches(f)));
                    }
                    ItemKind::ProjectReference => {
                        let patterns = self.patterns(&specs);
                        self.items
                            .references
                            .retain(|f| !patterns.iter().any(|p| p.matches(f)));
                    }
                    ItemKind::Using => self.items.usings.retain(|using| {
                        !specs
                            .iter()
                            .any(|spec| spec.eq_ignore_ascii_case(&using.namespace_or_type))
                    }),
                    // The named kinds.
                    _ => self.items.named.retain(|named| !names(item, named, &specs)),
                }
            }
            ItemOp::Update(update) => {
                let Some(specs) = expand_list(scope, update) else {
                    return;
                };
                let metadata = expand_metadata(scope, item);
                for named in &mut self.items.named {
                    if names(item, named, &specs) {
                        named.metadata.extend(metadata.iter().cloned());
                    }
                }
            }
        }
    }

    fn patterns(&self, specs: &[String]) -> Vec<Pattern> {
        specs
            .iter()
            .map(|spec| Pattern::new(self.project_dir, spec))
            .collect()
    }

    fn include_files(&mut self, spec: &str) -> Vec<PathBuf> {
        let pattern = Pattern::new(self.project_dir, spec);
        if !pattern.is_literal() {
            return pattern.expand(self.fs, &|_| false);
        }
        let path = find_file_ignoring_case(self.fs, &pattern.literal_path());
        if self.fs.is_file(&path) {
            return vec![path];
        }
        self.items.problems.push(LoadProblem {
            path: self.project_file.to_path_buf(),
            message: format!("compile item not found: {spec}"),
        });
        Vec::new()
    }

    fn include_references(&self, spec: &str) -> Vec<PathBuf> {
        let pattern = Pattern::new(self.project_dir, spec);
        if pattern.is_literal() {
            vec![find_file_ignoring_case(self.fs, &pattern.literal_path())]
        } else {
            pattern.expand(self.fs, &|_| false)
        }
    }

    /// The SDK's `<Compile Include="**/*.cs" Exclude="$(DefaultItemExcludes);…" />`. Unlike the
    /// SDK, folders holding another project are left out too: their files belong to that project,
    /// and a navigation engine must not see them twice.
    fn default_compile(&self, scope: &Scope<'_>) -> Vec<PathBuf> {
        let props = scope.props;
        let excludes = format!(
            "{};{}",
            props.get("DefaultItemExcludes"),
            props.get("DefaultExcludesInProjectFolder")
        );
        let excludes = self.patterns(&split_list(&excludes));
        let skip_dir = |dir: &Path| {
            excludes.iter().any(|e| e.covers_dir(dir)) || contains_project_file(self.fs, dir)
        };
        Pattern::new(self.project_dir, "**/*.cs")
            .expand(self.fs, &skip_dir)
            .into_iter()
            .filter(|file| !excludes.iter().any(|e| e.matches(file)))
            .collect()
    }
}

fn contains_project_file(fs: &dyn FileSystem, dir: &Path) -> bool {
    let entries = fs.read_dir(dir).unwrap_or_default();
    entries
        .iter()
        .any(|e| !e.is_dir && extension(Path::new(&e.name)).ends_with("proj"))
}

/// Whether `item` (a `Remove` or `Update`) names the already included `named`.
fn names(item: &Item, named: &NamedItem, specs: &[String]) -> bool {
    named.kind == item.kind
        && specs
            .iter()
            .any(|spec| spec.eq_ignore_ascii_case(&named.name))
}

fn expand_metadata(scope: &Scope<'_>, item: &Item) -> Vec<(String, String)> {
    item.metadata
        .iter()
        .filter_map(|(key, value)| Some((key.clone(), scope.expand(value)?)))
        .collect()
}

fn expand_list(scope: &Scope<'_>, text: &str) -> Option<Vec<String>> {
    Some(split_list(&scope.expand(text)?))
}

/// An MSBuild `;`-separated list, trimmed, without empty entries.
pub(crate) fn split_list(text: &str) -> Vec<String> {
    text.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}
