//! Paths in and out of tools: absolute or relative to the workspace root, never outside it.
//!
//! Inputs are normalised lexically and only ever looked up in the loader's file table, which holds
//! nothing outside the root; so a path argument can select files but never make the server read one.
//! An escape is refused in every spelling an agent may produce: `..` segments, Windows separators
//! (`..\\..\\`), percent-encoding (`%2e%2e%2f`, as copied from a URI), and a symbolic link inside the
//! workspace that points outside it.

use std::{
    borrow::Cow,
    path::{Path, PathBuf},
};

use load_workspace::normalize;

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

    /// A path argument as an absolute path inside the workspace, in the loader's spelling (symbolic
    /// links inside the workspace are kept as written).
    pub(crate) fn resolve(&self, parameter: &str, input: &str) -> Result<PathBuf, ToolError> {
        let outside = |how: &str| {
            ToolError::invalid_argument(
                parameter,
                format!(
                    "`{parameter}` must be inside the workspace {}, got '{input}'{how}",
                    self.root.display()
                ),
            )
            .suggest("Pass a path relative to the workspace root, or an absolute path below it.")
        };
        let joined = self.root.join(&*unescape(input));
        let normalized = normalize(&joined)
            .filter(|path| self.contains(path))
            .ok_or_else(|| outside(""))?;
        if !self.contains_on_disk(&normalized) {
            return Err(outside(", which leads outside it through a symbolic link"));
        }
        Ok(normalized)
    }

    /// Whether `path` (inside the root lexically) stays inside once symbolic links are followed: its
    /// longest existing ancestor is canonicalised, so a path that does not exist yet is judged by the
    /// folder it would be in. The root itself is canonical (see `new`).
    fn contains_on_disk(&self, path: &Path) -> bool {
        path.ancestors()
            .take_while(|ancestor| ancestor.starts_with(&self.root))
            .find_map(|ancestor| std::fs::canonicalize(ancestor).ok())
            .is_none_or(|real| self.contains(&real))
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

/// The path an agent meant: percent-escapes decoded and `\\` read as a separator (no C# project names
/// a file with either, while agents copy paths from URIs and Windows tools).
fn unescape(input: &str) -> Cow<'_, str> {
    let decoded = percent_encoding::percent_decode_str(input).decode_utf8_lossy();
    if decoded.contains('\\') {
        Cow::Owned(decoded.replace('\\', "/"))
    } else {
        decoded
    }
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
    fn escapes_in_other_spellings_are_invalid_arguments() {
        for input in [
            "..\\..\\etc\\passwd",
            "src\\..\\..\\..\\etc",
            "%2e%2e/%2e%2e/etc",
            "..%2f..%2fetc",
            "%2E%2E%5C%2E%2E%5Cetc",
            "%2fetc%2fpasswd",
        ] {
            assert!(
                resolve(input).starts_with("invalid_arguments"),
                "{input}: {}",
                resolve(input)
            );
        }
        expect!["/ws/app/src/A.cs"].assert_eq(&resolve("src\\A.cs"));
        expect!["/ws/app/src/My File.cs"].assert_eq(&resolve("src/My%20File.cs"));
    }

    #[test]
    fn a_symbolic_link_that_leaves_the_workspace_is_an_escape() {
        let base = std::env::temp_dir().join(format!("csnav-paths-{}", std::process::id()));
        let (root, outside) = (base.join("ws"), base.join("outside"));
        std::fs::create_dir_all(root.join("src")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::os::unix::fs::symlink(&outside, root.join("out")).unwrap();
        std::os::unix::fs::symlink(root.join("src"), root.join("inner")).unwrap();
        let root = WorkspaceRoot::new(std::fs::canonicalize(&root).unwrap());
        let check = |input: &str| match root.resolve("scope.pathPrefix", input) {
            Ok(path) => path
                .strip_prefix(root.path())
                .unwrap()
                .display()
                .to_string(),
            Err(e) => e.message.replace(&*root.path().to_string_lossy(), "<ws>"),
        };
        let results = ["out", "out/secret.cs", "inner/A.cs", "src/New/Folder"].map(check);
        std::fs::remove_dir_all(&base).unwrap();
        expect![[r#"
            [
                "`scope.pathPrefix` must be inside the workspace <ws>, got 'out', which leads outside it through a symbolic link",
                "`scope.pathPrefix` must be inside the workspace <ws>, got 'out/secret.cs', which leads outside it through a symbolic link",
                "inner/A.cs",
                "src/New/Folder",
            ]
        "#]]
        .assert_debug_eq(&results);
    }

    #[test]
    fn display_styles() {
        let path = Path::new("/ws/app/src/A.cs");
        expect!["/ws/app/src/A.cs"].assert_eq(&root().display(path, PathStyle::Absolute));
        expect!["src/A.cs"].assert_eq(&root().display(path, PathStyle::Relative));
    }
}
