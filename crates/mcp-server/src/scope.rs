//! The `scope` argument: `{mode: solution|project|document|pathPrefix, projectName?, filePath?,
//! pathPrefix?, includeExternal?}` narrows where a tool looks.
//!
//! `mode` selects source symbols by project or file; `includeExternal` adds the symbols of the
//! reference assemblies (the framework, packages), which belong to no project or file. What each tool
//! does with it is in its description and in docs/mcp.md.

use std::path::{Path, PathBuf};

use crate::{args::Args, error::ToolError, paths::WorkspaceRoot};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Scope {
    Solution,
    Project(String),
    Document(PathBuf),
    PathPrefix(PathBuf),
}

/// A parsed `scope` argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ScopeArgs {
    pub(crate) scope: Scope,
    pub(crate) include_external: bool,
}

/// What scope validation needs to know about the workspace.
pub(crate) struct ScopeContext<'a> {
    pub(crate) root: &'a WorkspaceRoot,
    pub(crate) project_names: &'a [String],
    pub(crate) is_source_file: &'a dyn Fn(&Path) -> bool,
}

const MEMBERS: [&str; 5] = [
    "mode",
    "projectName",
    "filePath",
    "pathPrefix",
    "includeExternal",
];

impl ScopeArgs {
    pub(crate) fn parse(args: &Args<'_>, cx: &ScopeContext<'_>) -> Result<ScopeArgs, ToolError> {
        let Some(object) = args.object("scope")? else {
            return Ok(ScopeArgs {
                scope: Scope::Solution,
                include_external: false,
            });
        };
        let scope = Args::new(object, "scope.", &MEMBERS)?;
        // `{}` is a scope half written (a client filling in an optional object), not a choice.
        if object.values().all(serde_json::Value::is_null) {
            return Err(ToolError::invalid_argument(
                "scope.mode",
                "`scope` is empty: it needs a `mode`",
            )
            .suggest("Set scope.mode to 'solution', 'project', 'document' or 'pathPrefix', or leave scope out for the whole workspace."));
        }
        Ok(ScopeArgs {
            include_external: scope.bool("includeExternal", false)?,
            scope: Scope::parse_mode(&scope, cx)?,
        })
    }
}

impl Scope {
    fn parse_mode(scope: &Args<'_>, cx: &ScopeContext<'_>) -> Result<Scope, ToolError> {
        #[derive(Clone, Copy)]
        enum Mode {
            Solution,
            Project,
            Document,
            PathPrefix,
        }
        let mode = scope.choice(
            "mode",
            &[
                ("solution", Mode::Solution),
                ("project", Mode::Project),
                ("document", Mode::Document),
                ("pathPrefix", Mode::PathPrefix),
            ],
            Mode::Solution,
        )?;
        // A member that the mode ignores is a sign the agent meant another mode: say so.
        let only = |member: Option<&str>, mode_name: &str| -> Result<(), ToolError> {
            let Some(other) = MEMBERS[1..4]
                .iter()
                .find(|&&m| Some(m) != member && scope.has(m))
            else {
                return Ok(());
            };
            let suggestion = match member {
                Some(member) => format!("Use only `scope.{member}` with mode '{mode_name}'."),
                None => format!("Mode '{mode_name}' takes no other member."),
            };
            Err(ToolError::invalid_argument(
                &format!("scope.{other}"),
                format!("`scope.{other}` does not apply to mode '{mode_name}'"),
            )
            .suggest(suggestion))
        };
        match mode {
            Mode::Solution => {
                only(None, "solution")?;
                Ok(Scope::Solution)
            }
            Mode::Project => {
                only(Some("projectName"), "project")?;
                let listed: Vec<&str> = cx
                    .project_names
                    .iter()
                    .take(20)
                    .map(String::as_str)
                    .collect();
                let known = || format!("Known projects: {}", listed.join(", "));
                let name = scope
                    .required_str("projectName")
                    .map_err(|e| e.suggest(known()))?;
                if cx.project_names.iter().any(|p| p == name) {
                    return Ok(Scope::Project(name.to_owned()));
                }
                Err(ToolError::invalid_argument(
                    "scope.projectName",
                    format!("no project named '{name}' in the workspace"),
                )
                .suggest(known()))
            }
            Mode::Document => {
                only(Some("filePath"), "document")?;
                let path = cx
                    .root
                    .resolve("scope.filePath", scope.required_str("filePath")?)?;
                if !(cx.is_source_file)(&path) {
                    return Err(ToolError::invalid_argument(
                        "scope.filePath",
                        format!("'{}' is not a C# file of any loaded project", path.display()),
                    )
                    .suggest("Call server_status to see the loaded projects, or use mode 'pathPrefix' for a folder."));
                }
                Ok(Scope::Document(path))
            }
            Mode::PathPrefix => {
                only(Some("pathPrefix"), "pathPrefix")?;
                let path = cx
                    .root
                    .resolve("scope.pathPrefix", scope.required_str("pathPrefix")?)?;
                Ok(Scope::PathPrefix(path))
            }
        }
    }

    /// Whether a symbol of `project` declared in `files` is in scope.
    pub(crate) fn includes<'p>(
        &self,
        project: &str,
        mut files: impl Iterator<Item = &'p Path>,
    ) -> bool {
        match self {
            Scope::Solution => true,
            Scope::Project(name) => name == project,
            Scope::Document(path) => files.any(|f| f == path),
            Scope::PathPrefix(prefix) => files.any(|f| f.starts_with(prefix)),
        }
    }

    /// The project to restrict an index search to, when the scope names one.
    pub(crate) fn project(&self) -> Option<&str> {
        match self {
            Scope::Project(name) => Some(name),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};
    use serde_json::{Value, json};

    use super::*;

    fn check(scope: Value, expect: Expect) {
        let root = WorkspaceRoot::new(PathBuf::from("/ws"));
        let names = vec!["Core".to_owned(), "Web".to_owned()];
        let is_source_file = |p: &Path| p == Path::new("/ws/src/A.cs");
        let cx = ScopeContext {
            root: &root,
            project_names: &names,
            is_source_file: &is_source_file,
        };
        let map = json!({ "scope": scope });
        let args = Args::new(map.as_object().unwrap(), "", &["scope"]).unwrap();
        let actual = match ScopeArgs::parse(&args, &cx) {
            Ok(ScopeArgs {
                scope,
                include_external,
            }) if include_external => format!("{scope:?} + external"),
            Ok(ScopeArgs { scope, .. }) => format!("{scope:?}"),
            Err(e) => format!(
                "{}: {} {:?}",
                e.parameter.unwrap_or_default(),
                e.message,
                e.suggestions
            ),
        };
        expect.assert_eq(&actual);
    }

    #[test]
    fn modes_and_their_requirements() {
        check(json!(null), expect!["Solution"]);
        check(json!({"mode": "solution"}), expect!["Solution"]);
        check(
            json!({}),
            expect![[
                r#"scope.mode: `scope` is empty: it needs a `mode` ["Set scope.mode to 'solution', 'project', 'document' or 'pathPrefix', or leave scope out for the whole workspace."]"#
            ]],
        );
        check(
            json!({"mode": null}),
            expect![[
                r#"scope.mode: `scope` is empty: it needs a `mode` ["Set scope.mode to 'solution', 'project', 'document' or 'pathPrefix', or leave scope out for the whole workspace."]"#
            ]],
        );
        check(
            json!({"includeExternal": true}),
            expect!["Solution + external"],
        );
        check(
            json!({"mode": "project", "projectName": "Web", "includeExternal": true}),
            expect![[r#"Project("Web") + external"#]],
        );
        check(
            json!({"includeExternal": "yes"}),
            expect![[
                r#"scope.includeExternal: `scope.includeExternal` must be true or false, got "yes" ["Pass `scope.includeExternal` as true or false, or leave it out."]"#
            ]],
        );
        check(
            json!({"mode": "project", "projectName": "Web"}),
            expect![[r#"Project("Web")"#]],
        );
        check(
            json!({"mode": "document", "filePath": "src/A.cs"}),
            expect![[r#"Document("/ws/src/A.cs")"#]],
        );
        check(
            json!({"mode": "pathPrefix", "pathPrefix": "/ws/src"}),
            expect![[r#"PathPrefix("/ws/src")"#]],
        );
        check(
            json!({"mode": "project"}),
            expect![[
                r#"scope.projectName: missing required argument `scope.projectName` ["Add `scope.projectName` (a string) and call again.", "Known projects: Core, Web"]"#
            ]],
        );
        check(
            json!({"mode": "project", "projectName": "Api"}),
            expect![[
                r#"scope.projectName: no project named 'Api' in the workspace ["Known projects: Core, Web"]"#
            ]],
        );
        check(
            json!({"mode": "document", "filePath": "src/B.cs"}),
            expect![[
                r#"scope.filePath: '/ws/src/B.cs' is not a C# file of any loaded project ["Call server_status to see the loaded projects, or use mode 'pathPrefix' for a folder."]"#
            ]],
        );
        check(
            json!({"mode": "pathPrefix", "pathPrefix": "../etc"}),
            expect![[
                r#"scope.pathPrefix: `scope.pathPrefix` must be inside the workspace /ws, got '../etc' ["Pass a path relative to the workspace root, or an absolute path below it."]"#
            ]],
        );
        check(
            json!({"mode": "solution", "projectName": "Web"}),
            expect![[
                r#"scope.projectName: `scope.projectName` does not apply to mode 'solution' ["Mode 'solution' takes no other member."]"#
            ]],
        );
        check(
            json!({"mode": "everything"}),
            expect![[
                r#"scope.mode: `scope.mode` must be one of 'solution', 'project', 'document', 'pathPrefix', got 'everything' ["Pass one of 'solution', 'project', 'document', 'pathPrefix' as `scope.mode`."]"#
            ]],
        );
        check(
            json!("solution"),
            expect![[
                r#"scope: `scope` must be an object, got "solution" ["Pass `scope` as an object, or leave it out."]"#
            ]],
        );
    }

    #[test]
    fn membership() {
        let files = [Path::new("/ws/src/A.cs")];
        assert!(Scope::PathPrefix(PathBuf::from("/ws/src")).includes("Core", files.into_iter()));
        assert!(!Scope::PathPrefix(PathBuf::from("/ws/sr")).includes("Core", files.into_iter()));
        assert!(Scope::Project("Core".into()).includes("Core", files.into_iter()));
        assert!(
            !Scope::Document(PathBuf::from("/ws/src/B.cs")).includes("Core", files.into_iter())
        );
    }
}
