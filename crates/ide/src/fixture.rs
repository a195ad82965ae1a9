//! `ide`'s test hosts: one loaded with a `test-fixture` fixture (and the symbol at its cursor), and
//! one whose database logs the queries it executes. Tests only; the fixture syntax and its parser
//! live in `test-fixture`, the logging database in `hir::test_utils`.

use hir::{Change, FileId, test_utils::EventLog};
pub(crate) use test_fixture::Fixture;

use crate::{Analysis, AnalysisHost, SymbolInfo};

pub(crate) trait FixtureExt {
    /// Every file's text, the project graph and the libraries, as one change.
    fn change(&self) -> Change;
    /// The symbol at the fixture's `$0` cursor (panics without one).
    fn cursor_symbol(&self, analysis: &Analysis) -> SymbolInfo;
}

impl FixtureExt for Fixture {
    fn change(&self) -> Change {
        Change::from_fixture(self)
    }

    fn cursor_symbol(&self, analysis: &Analysis) -> SymbolInfo {
        let (file, offset) = self.cursor.expect("fixture needs $0");
        analysis
            .symbol_at(FileId(file), offset)
            .expect("not cancelled")
            .expect("no symbol at $0")
    }
}

impl AnalysisHost {
    /// A host loaded with a fixture, and the fixture (for its file ids and cursor).
    pub(crate) fn from_fixture(text: &str) -> (AnalysisHost, Fixture) {
        let mut host = AnalysisHost::new();
        let fixture = Fixture::parse(text);
        host.apply_change(fixture.change());
        (host, fixture)
    }

    /// An empty host whose database records every query execution, for incrementality tests.
    pub(crate) fn with_event_log() -> (AnalysisHost, EventLog) {
        let (db, log) = hir::test_utils::logging_database();
        (AnalysisHost { db }, log)
    }
}
