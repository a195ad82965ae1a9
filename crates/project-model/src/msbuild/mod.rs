//! A small MSBuild evaluator, following MSBuild's two passes: properties first, in document
//! order through imports (this module), then items with the final properties (`crate::items`).
//!
//! Supported: `PropertyGroup`, `ItemGroup`, `Import`, `ImportGroup`, `Choose`/`When`/`Otherwise`,
//! `Condition` on each of them, property expansion with common property functions. Imports that
//! name an SDK (`Sdk="..."`) are skipped because the SDK is emulated (`crate::sdk`); imports of
//! files that do not exist are skipped silently, since legacy projects always import toolset files
//! from `$(MSBuildToolsPath)` that no evaluator without a toolset can find. Targets never run.

mod condition;
mod expand;

use std::path::{Path, PathBuf};

use roxmltree::Node;
use rustc_hash::{FxHashMap, FxHashSet};

pub(crate) use self::expand::Scope;
use crate::{FileSystem, LoadProblem, glob::Pattern, paths::parent};

/// Property values by case-insensitive name. Global properties (the configuration, the target
/// framework of an inner build) and reserved `MSBuild*` properties cannot be overwritten.
#[derive(Clone, Debug, Default)]
pub(crate) struct Properties {
    values: FxHashMap<String, String>,
    fixed: FxHashSet<String>,
}

impl Properties {
    pub(crate) fn get(&self, name: &str) -> &str {
        self.values
            .get(&name.to_ascii_lowercase())
            .map(String::as_str)
            .unwrap_or_default()
    }

    /// The value, trimmed, or `None` when empty.
    pub(crate) fn non_empty(&self, name: &str) -> Option<&str> {
        Some(self.get(name).trim()).filter(|value| !value.is_empty())
    }

    pub(crate) fn is_true(&self, name: &str) -> bool {
        self.get(name).trim().eq_ignore_ascii_case("true")
    }

    fn set(&mut self, name: &str, value: String) {
        let key = name.to_ascii_lowercase();
        if !self.fixed.contains(&key) {
            self.values.insert(key, value);
        }
    }

    pub(crate) fn set_fixed(&mut self, name: &str, value: String) {
        let key = name.to_ascii_lowercase();
        self.values.insert(key.clone(), value);
        self.fixed.insert(key);
    }
}

/// An `ItemGroup` as written; its conditions wait for the item pass.
#[derive(Debug)]
pub(crate) struct ItemGroup {
    pub(crate) this_file: PathBuf,
    pub(crate) condition: Option<String>,
    pub(crate) items: Vec<Item>,
}

#[derive(Debug)]
pub(crate) struct Item {
    pub(crate) kind: ItemKind,
    pub(crate) op: ItemOp,
    pub(crate) condition: Option<String>,
    /// Metadata from attributes and child elements, in order.
    pub(crate) metadata: Vec<(String, String)>,
}

impl Item {
    pub(crate) fn metadata(&self, name: &str) -> Option<&str> {
        self.metadata
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ItemKind {
    Compile,
    Using,
    ProjectReference,
    /// Also `GlobalPackageReference` (central package management), which carries its version.
    PackageReference,
    PackageVersion,
    /// An assembly by name or file, with an optional `HintPath`.
    Reference,
    FrameworkReference,
}

impl ItemKind {
    /// Items that name something (a package, an assembly) rather than files.
    pub(crate) fn is_named(self) -> bool {
        matches!(
            self,
            ItemKind::PackageReference
                | ItemKind::PackageVersion
                | ItemKind::Reference
                | ItemKind::FrameworkReference
        )
    }
}

#[derive(Debug)]
pub(crate) enum ItemOp {
    Include {
        include: String,
        exclude: Option<String>,
    },
    Remove(String),
    /// Changes the metadata of the named items already included (file items keep none).
    Update(String),
    /// Where the SDK's default `Compile` glob is evaluated (the `CsnavDefaultCompile` element of
    /// the emulated SDK props).
    DefaultCompile,
}

/// The property pass over a project and its imports.
pub(crate) struct Evaluator<'a> {
    fs: &'a dyn FileSystem,
    pub(crate) props: Properties,
    pub(crate) item_groups: Vec<ItemGroup>,
    pub(crate) problems: Vec<LoadProblem>,
    imported: FxHashSet<PathBuf>,
}

impl<'a> Evaluator<'a> {
    pub(crate) fn new(
        fs: &'a dyn FileSystem,
        props: Properties,
        project_file: &Path,
    ) -> Evaluator<'a> {
        let mut imported = FxHashSet::default();
        imported.insert(project_file.to_path_buf());
        Evaluator {
            fs,
            props,
            item_groups: Vec::new(),
            problems: Vec::new(),
            imported,
        }
    }

    /// Imports a file once; a second import of the same file is skipped, as MSBuild does, which
    /// also ends import cycles.
    pub(crate) fn import_file(&mut self, path: &Path) {
        if !self.imported.insert(path.to_path_buf()) {
            return;
        }
        let text = match self.fs.read_to_string(path) {
            Ok(text) => text,
            Err(err) => {
                self.problem(path, format!("cannot read imported file: {err}"));
                return;
            }
        };
        if let Err(message) = self.eval_text(path, &text) {
            self.problem(path, message);
        }
    }

    /// Evaluates MSBuild XML as if written in `this_file`.
    pub(crate) fn eval_text(&mut self, this_file: &Path, text: &str) -> Result<(), String> {
        let doc = parse_xml(text)?;
        self.eval_children(doc.root_element(), this_file);
        Ok(())
    }

    /// Evaluates the children of a `Project`, `When` or `Otherwise` element.
    pub(crate) fn eval_children(&mut self, parent: Node<'_, '_>, this_file: &Path) {
        for node in parent.children().filter(Node::is_element) {
            match node.tag_name().name() {
                "PropertyGroup" if self.condition(node, this_file) => {
                    for property in node.children().filter(Node::is_element) {
                        if !self.condition(property, this_file) {
                            continue;
                        }
                        let raw = property.text().unwrap_or_default().trim();
                        if let Some(value) = self.scope(this_file).expand(raw) {
                            self.props.set(property.tag_name().name(), value);
                        }
                    }
                }
                "ItemGroup" => self.collect_items(node, this_file),
                "Import" if self.condition(node, this_file) => self.import(node, this_file),
                "ImportGroup" if self.condition(node, this_file) => {
                    for import in node.children().filter(|n| n.tag_name().name() == "Import") {
                        if self.condition(import, this_file) {
                            self.import(import, this_file);
                        }
                    }
                }
                "Choose" => {
                    let branch =
                        node.children().filter(Node::is_element).find(|branch| {
                            match branch.tag_name().name() {
                                "When" => self.condition(*branch, this_file),
                                "Otherwise" => true,
                                _ => false,
                            }
                        });
                    if let Some(branch) = branch {
                        self.eval_children(branch, this_file);
                    }
                }
                _ => {}
            }
        }
    }

    fn scope<'s>(&'s self, this_file: &'s Path) -> Scope<'s> {
        Scope {
            fs: self.fs,
            props: &self.props,
            this_file,
        }
    }

    fn condition(&self, node: Node<'_, '_>, this_file: &Path) -> bool {
        self.scope(this_file).condition(node.attribute("Condition"))
    }

    fn problem(&mut self, path: &Path, message: String) {
        self.problems.push(LoadProblem {
            path: path.to_path_buf(),
            message,
        });
    }

    fn import(&mut self, node: Node<'_, '_>, this_file: &Path) {
        if node.attribute("Sdk").is_some() {
            return;
        }
        let Some(spec) = node
            .attribute("Project")
            .and_then(|p| self.scope(this_file).expand(p))
        else {
            return;
        };
        let spec = spec.trim();
        if spec.is_empty() {
            return;
        }
        let pattern = Pattern::new(parent(this_file), spec);
        let files = if pattern.is_literal() {
            let path = pattern.literal_path();
            if self.fs.is_file(&path) {
                vec![path]
            } else {
                Vec::new()
            }
        } else {
            pattern.expand(self.fs, &|_| false)
        };
        for file in files {
            self.import_file(&file);
        }
    }

    fn collect_items(&mut self, group: Node<'_, '_>, this_file: &Path) {
        let mut items = Vec::new();
        for node in group.children().filter(Node::is_element) {
            let condition = node.attribute("Condition").map(str::to_owned);
            let (kind, op) = match node.tag_name().name() {
                "CsnavDefaultCompile" => (ItemKind::Compile, ItemOp::DefaultCompile),
                name => {
                    let kind = match name {
                        "Compile" => ItemKind::Compile,
                        "Using" => ItemKind::Using,
                        "ProjectReference" => ItemKind::ProjectReference,
                        "PackageReference" | "GlobalPackageReference" => ItemKind::PackageReference,
                        "PackageVersion" => ItemKind::PackageVersion,
                        "Reference" => ItemKind::Reference,
                        "FrameworkReference" => ItemKind::FrameworkReference,
                        _ => continue,
                    };
                    let op = if let Some(include) = node.attribute("Include") {
                        let exclude = node.attribute("Exclude").map(str::to_owned);
                        ItemOp::Include {
                            include: include.to_owned(),
                            exclude,
                        }
                    } else if let Some(remove) = node.attribute("Remove") {
                        ItemOp::Remove(remove.to_owned())
                    } else if let Some(update) = node.attribute("Update")
                        && kind.is_named()
                    {
                        ItemOp::Update(update.to_owned())
                    } else {
                        continue;
                    };
                    (kind, op)
                }
            };
            let attributes = node
                .attributes()
                .filter(|a| {
                    !["Include", "Exclude", "Remove", "Update", "Condition"].contains(&a.name())
                })
                .map(|a| (a.name().to_owned(), a.value().to_owned()));
            let elements = node.children().filter(Node::is_element).map(|child| {
                (
                    child.tag_name().name().to_owned(),
                    child.text().unwrap_or_default().trim().to_owned(),
                )
            });
            let metadata = attributes.chain(elements).collect();
            items.push(Item {
                kind,
                op,
                condition,
                metadata,
            });
        }
        if !items.is_empty() {
            let condition = group.attribute("Condition").map(str::to_owned);
            self.item_groups.push(ItemGroup {
                this_file: this_file.to_path_buf(),
                condition,
                items,
            });
        }
    }
}

/// Parses XML, tolerating a byte-order mark and a DTD; the error names the line and column.
pub(crate) fn parse_xml(text: &str) -> Result<roxmltree::Document<'_>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    roxmltree::Document::parse_with_options(text, options)
        .map_err(|err| format!("malformed XML: {err}"))
}
