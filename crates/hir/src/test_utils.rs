//! What tests of this and later layers need of `hir`: the input change a `test-fixture` fixture
//! describes, and a database that logs the queries it executes (incrementality tests count them).
//! Compiled for `hir`'s own tests and, through the `test-utils` feature, for the dev-dependency of
//! the layers above; never part of a production build.

use std::sync::{Arc, Mutex};

use syntax::Defines;
use test_fixture::Fixture;

use crate::{Change, FileId, Libraries, ProjectData, ProjectGraph, ProjectId, RootDatabase};

/// The queries a [`logging_database`] (or its snapshots) executed, as `query(key)` strings, and
/// those whose memo it found still valid without executing them.
#[derive(Clone, Default)]
pub struct EventLog(Arc<Mutex<Events>>);

#[derive(Default)]
struct Events {
    executed: Vec<String>,
    validated: Vec<String>,
}

impl EventLog {
    /// The queries executed since the last call.
    pub fn take(&self) -> Vec<String> {
        self.take_both().0
    }

    /// The queries executed and the memos validated since the last call.
    pub fn take_both(&self) -> (Vec<String>, Vec<String>) {
        let mut log = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let Events {
            executed,
            validated,
        } = std::mem::take(&mut *log);
        (executed, validated)
    }
}

/// A database whose runtime records every query execution (and every memo validated) in the
/// returned log.
pub fn logging_database() -> (RootDatabase, EventLog) {
    let log = EventLog::default();
    let events = log.clone();
    let db = RootDatabase::new(Some(Box::new(move |event: salsa::Event| {
        let lock = || {
            events
                .0
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
        };
        match event.kind {
            salsa::EventKind::WillExecute { database_key } => {
                lock().executed.push(format!("{database_key:?}"));
            }
            salsa::EventKind::DidValidateMemoizedValue { database_key } => {
                lock().validated.push(format!("{database_key:?}"));
            }
            _ => {}
        }
    })));
    (db, log)
}

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

/// Keeps at most `capacity` members' bodies and inference results past a revision or an eviction
/// (production keeps 1,024), so that a test's few members are evicted as a workspace's are.
pub fn set_body_lru_capacity(db: &mut RootDatabase, capacity: usize) {
    crate::body::set_lru_capacity(db, capacity);
    crate::infer::set_lru_capacity(db, capacity);
}
