//! Paths in and out of tools: absolute or relative to the workspace root, never outside it.
//!
//! Inputs are normalised lexically and only ever looked up in the loader's file table, which holds
//! nothing outside the root; so a path argument can select files but never make the server read one.

use std::path::{Component, Path, PathBuf};

use crate::{error::ToolError, options::PathStyle};

#[derive(Clone, Debug)]
pub(crate) struct WorkspaceRoot {
    root: PathBuf,
}

impl WorkspaceRoot {
    /// `root` must be absolute and normalised (the loader canonicalises it once at start-up).
    pub(crate) fn new(root: PathBuf) -> WorkspaceRoot {
        WorkspaceRoot { root }
    }

    pub(crate) fn path(&self) -> &Path {
        &self.root
    }

    pub(crate) fn contains(&self, path: &Path) -> bool {
        path.starts_with(&self.root)
    }

    /// A path argument as an absolute path inside the workspace.
    pub(crate) fn resolve(&self, parameter: &str, input: &str) -> Result<PathBuf, ToolError> {
        let joined = self.root.join(input);
        let outside = || {
            ToolError::invalid_argument(
                parameter,
                format!(
                    "`{parameter}` must be inside the workspace {}, got '{input}'",
                    self.root.display()
                ),
            )
            .suggest("Pass a path relative to the workspace root, or an absolute path below it.")
        };
        let normalized = normalize(&joined).ok_or_else(outside)?;
        if !self.contains(&normalized) {
            return Err(outside());
        }
        Ok(normalized)
    }

    pub(crate) fn display(&self, path: &Path, style: PathStyle) -> String {
        match (style, path.strip_prefix(&self.root)) {
            (PathStyle::Relative, Ok(relative)) => {
                let parts: Vec<_> = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect();
                parts.join("/")
            }
            _ => path.display().to_string(),
        }
    }
}

/// Removes `.` and resolves `..` without touching the disk; `None` if `..` climbs above the root.
pub(crate) fn normalize(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() || out.as_os_str().is_empty() {
                    return None;
                }
            }
            other => out.push(other),
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;

    fn root() -> WorkspaceRoot {
        WorkspaceRoot::new(PathBuf::from("/ws/app"))
    }

    fn resolve(input: &str) -> String {
        match root().resolve("filePath", input) {
            Ok(path) => path.display().to_string(),
            Err(e) => format!("{}: {}", e.code.as_str(), e.message),
        }
    }

    #[test]
    fn relative_and_absolute_inputs_inside_the_root() {
        expect!["/ws/app/src/A.cs"].assert_eq(&resolve("src/A.cs"));
        expect!["/ws/app/src/A.cs"].assert_eq(&resolve("./src/../src/A.cs"));
        expect!["/ws/app/src/A.cs"].assert_eq(&resolve("/ws/app/src/A.cs"));
        expect!["/ws/app"].assert_eq(&resolve("."));
    }

    #[test]
    fn escapes_are_invalid_arguments() {
        expect!["invalid_arguments: `filePath` must be inside the workspace /ws/app, got '../../etc/passwd'"]
            .assert_eq(&resolve("../../etc/passwd"));
        expect![
            "invalid_arguments: `filePath` must be inside the workspace /ws/app, got '/etc/passwd'"
        ]
        .assert_eq(&resolve("/etc/passwd"));
        expect!["invalid_arguments: `filePath` must be inside the workspace /ws/app, got '/ws/application/A.cs'"]
            .assert_eq(&resolve("/ws/application/A.cs"));
        expect!["invalid_arguments: `filePath` must be inside the workspace /ws/app, got 'src/../../../../x'"]
            .assert_eq(&resolve("src/../../../../x"));
    }

    #[test]
    fn display_styles() {
        let path = Path::new("/ws/app/src/A.cs");
        expect!["/ws/app/src/A.cs"].assert_eq(&root().display(path, PathStyle::Absolute));
        expect!["src/A.cs"].assert_eq(&root().display(path, PathStyle::Relative));
    }
}
