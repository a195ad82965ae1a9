//! What tests of this and later layers need of `hir`: the input change a `test-fixture` fixture
//! describes. Compiled for `hir`'s own tests and, through the `test-utils` feature, for the
//! dev-dependency of the layers above; never part of a production build.

use std::sync::Arc;

use syntax::Defines;
use test_fixture::Fixture;

use crate::{Change, FileId, Libraries, ProjectData, ProjectGraph, ProjectId};

impl Change {
    /// Every file's text, the project graph and the libraries of `fixture`, as one change.
    pub fn from_fixture(fixture: &Fixture) -> Change {
        let (projects, libraries) = fixture.projects();
        let project_assemblies = projects
            .iter()
            .map(|p| Arc::from(p.assemblies.as_slice()))
            .collect();
        let projects = projects
            .into_iter()
            .map(|p| ProjectData {
                assembly_name: p.name.as_str().into(),
                root_namespace: p.name.as_str().into(),
                defines: Defines::new(p.defines.iter().map(String::as_str)),
                files: p.files.into_iter().map(FileId).collect(),
                references: p.references.into_iter().map(ProjectId).collect(),
                name: p.name.into(),
                ..ProjectData::default()
            })
            .collect();
        Change {
            files: fixture
                .files
                .iter()
                .map(|f| (FileId(f.id), Some(Arc::from(f.text.as_str()))))
                .collect(),
            project_graph: Some(ProjectGraph { projects }),
            libraries: Some(Libraries {
                assemblies: Arc::from(libraries.assemblies),
                projects: project_assemblies,
            }),
        }
    }
}
