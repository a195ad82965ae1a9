//! The library input: every reference assembly of the workspace once, and which of them each
//! project references, as the loader hands them in ([`Libraries`]). An input of the database like
//! the source files, so it lives with them; `library` reads it.

use std::sync::Arc;

use metadata::Assembly;
use salsa::Durability;

use crate::base_db::Db;

/// Every reference assembly of the workspace (and the built-in surface where nothing better was
/// found), each once, shared by the projects that reference it; and per project which of them it
/// references.
#[salsa::input(singleton)]
pub struct LibraryInput {
    #[returns(ref)]
    pub assemblies: Arc<[Arc<Assembly>]>,
    /// Per project (indexed by [`ProjectId`](crate::base_db::ProjectId)), the indices into `assemblies` it references, in
    /// priority order. A project with no entry sees every assembly, in `assemblies`' order.
    #[returns(ref)]
    pub project_assemblies: Arc<[Arc<[u32]>]>,
}

impl std::fmt::Debug for LibraryInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LibraryInput")
    }
}

/// The libraries as the loader hands them in: every assembly once, and per project (indexed by
/// [`ProjectId`](crate::base_db::ProjectId)) the indices into `assemblies` of those it references, in priority order. A
/// project beyond `projects` sees every assembly (a loader that does not tell them apart).
#[derive(Clone, Debug, Default)]
pub struct Libraries {
    pub assemblies: Arc<[Arc<Assembly>]>,
    pub projects: Arc<[Arc<[u32]>]>,
}

impl Libraries {
    /// Every project sees every assembly.
    pub fn shared(assemblies: Arc<[Arc<Assembly>]>) -> Libraries {
        Libraries {
            assemblies,
            projects: Arc::from(Vec::new()),
        }
    }
}

pub(crate) fn new_library_input(db: &dyn Db) -> LibraryInput {
    LibraryInput::builder(Arc::from(Vec::new()), Arc::from(Vec::new()))
        .durability(Durability::HIGH)
        .new(db)
}
