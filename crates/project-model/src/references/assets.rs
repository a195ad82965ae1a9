//! `obj/project.assets.json`, written by a restore: for the active target framework, each
//! package library's compile assets (resolved against the file's package folders) and the
//! framework references of the project and of its packages. Project libraries are workspace
//! projects (their `ProjectReference`s), not assemblies.
//!
//! The file is read as untyped JSON so that an unexpected shape loses only the part that has it.

use std::path::{Path, PathBuf};

use serde_json::Value;
use smol_str::SmolStr;

use crate::{
    FileSystem, MissingKind, MissingReference, ReferenceAssembly, ReferenceOrigin,
    references::{FoundPackage, PackageOutcome, display_paths, listing::Listings},
    tfm::Tfm,
};

/// The parts of an assets file that concern one target framework.
pub(crate) struct Assets {
    /// The restore's package folders, in order.
    pub(crate) package_folders: Vec<PathBuf>,
    libraries: Vec<Library>,
    frameworks: Vec<SmolStr>,
}

struct Library {
    id: SmolStr,
    version: SmolStr,
    /// The library's folder below a package folder (`newtonsoft.json/13.0.3`).
    path: Option<String>,
    compile: Vec<String>,
}

impl Assets {
    /// `Ok(None)` when there is no assets file or it has nothing for `alias` (the project was
    /// restored for other frameworks); `Err` when it is not an assets file.
    pub(crate) fn read(
        fs: &dyn FileSystem,
        path: &Path,
        alias: &str,
        tfm: &Tfm,
    ) -> Result<Option<Assets>, String> {
        let Ok(text) = fs.read_to_string(path) else {
            return Ok(None);
        };
        let json: Value = serde_json::from_str(text.trim_start_matches('\u{feff}'))
            .map_err(|err| format!("malformed project.assets.json: {err}"))?;
        let Some(target) = find_target(&json, alias, tfm) else {
            return Ok(None);
        };
        let libraries_info = json.get("libraries");
        let mut libraries = Vec::new();
        let mut frameworks = project_frameworks(&json, alias, tfm);
        for (key, library) in target.as_object().into_iter().flatten() {
            let Some((id, version)) = key.split_once('/') else {
                continue;
            };
            if library.get("type").and_then(Value::as_str) == Some("project") {
                continue;
            }
            for name in library
                .get("frameworkReferences")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
            {
                if !frameworks.iter().any(|f| f.eq_ignore_ascii_case(name)) {
                    frameworks.push(SmolStr::new(name));
                }
            }
            let compile = library
                .get("compile")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
                .map(|(file, _)| file.clone())
                .filter(|file| !is_placeholder(file))
                .collect();
            let path = libraries_info
                .and_then(|l| l.get(key))
                .and_then(|l| l.get("path"))
                .and_then(Value::as_str)
                .map(str::to_owned);
            libraries.push(Library {
                id: SmolStr::new(id),
                version: SmolStr::new(version),
                path,
                compile,
            });
        }
        let mut package_folders: Vec<PathBuf> = json
            .get("packageFolders")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .map(|(folder, _)| PathBuf::from(folder))
            .collect();
        if package_folders.is_empty()
            && let Some(path) = json
                .pointer("/project/restore/packagesPath")
                .and_then(Value::as_str)
        {
            package_folders.push(PathBuf::from(path));
        }
        Ok(Some(Assets {
            package_folders,
            libraries,
            frameworks,
        }))
    }

    /// The compile assets of the package libraries; a library that `bind` maps to a workspace
    /// project is that project instead.
    pub(crate) fn resolve(
        &self,
        listings: &Listings<'_>,
        bind: &dyn Fn(&str) -> Option<usize>,
        out: &mut PackageOutcome,
    ) {
        out.frameworks.extend(self.frameworks.iter().cloned());
        for library in &self.libraries {
            if let Some(project) = bind(&library.id) {
                out.bind(&library.id, project);
                continue;
            }
            let rel = library.path.clone().unwrap_or_else(|| {
                format!("{}/{}", library.id.to_ascii_lowercase(), library.version)
            });
            let dir = self
                .package_folders
                .iter()
                .map(|folder| folder.join(&rel))
                .find(|dir| listings.is_dir(dir));
            let Some(dir) = dir else {
                if !library.compile.is_empty() {
                    out.missing.push(self.missing(
                        library,
                        format!(
                            "{rel} is in none of the restore's package folders ({}); restore again",
                            display_paths(&self.package_folders)
                        ),
                    ));
                }
                continue;
            };
            for file in &library.compile {
                let path = dir.join(file);
                if listings.is_file(&path) {
                    out.assemblies.push(ReferenceAssembly {
                        path,
                        origin: ReferenceOrigin::AssetsFile {
                            id: library.id.clone(),
                            version: library.version.clone(),
                        },
                    });
                } else {
                    let reason = format!("{} does not exist; restore again", path.display());
                    out.missing.push(self.missing(library, reason));
                }
            }
            out.found.push(FoundPackage {
                id: library.id.clone(),
                version: library.version.clone(),
                dir,
            });
        }
    }

    fn missing(&self, library: &Library, reason: String) -> MissingReference {
        MissingReference {
            kind: MissingKind::Package,
            name: library.id.clone(),
            version: Some(library.version.clone()),
            reason,
        }
    }
}

/// NuGet's `_._`: the framework is supported and needs nothing from the package.
fn is_placeholder(file: &str) -> bool {
    file.rsplit('/').next() == Some("_._")
}

/// `targets["net8.0"]` (assets files of NuGet 6.x name targets by alias), else the target whose
/// framework (`.NETCoreApp,Version=v8.0`) is `tfm`; targets for a runtime (`…/win-x64`) are
/// skipped.
fn find_target<'j>(json: &'j Value, alias: &str, tfm: &Tfm) -> Option<&'j Value> {
    let targets = json.get("targets")?.as_object()?;
    if let Some(target) = targets.get(alias) {
        return Some(target);
    }
    targets
        .iter()
        .find(|(key, _)| !key.contains('/') && Tfm::parse(key).as_ref() == Some(tfm))
        .map(|(_, target)| target)
}

/// `project.frameworks[<alias>].frameworkReferences`, the frameworks being keyed by alias.
fn project_frameworks(json: &Value, alias: &str, tfm: &Tfm) -> Vec<SmolStr> {
    let Some(frameworks) = json
        .pointer("/project/frameworks")
        .and_then(Value::as_object)
    else {
        return Vec::new();
    };
    let framework = frameworks.get(alias).or_else(|| {
        frameworks
            .iter()
            .find(|(key, value)| {
                value.get("targetAlias").and_then(Value::as_str) == Some(alias)
                    || Tfm::parse(key).as_ref() == Some(tfm)
            })
            .map(|(_, value)| value)
    });
    framework
        .and_then(|f| f.get("frameworkReferences"))
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(name, _)| SmolStr::new(name))
        .collect()
}
