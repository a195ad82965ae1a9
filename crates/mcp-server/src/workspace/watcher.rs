//! Watching the workspace root: file-system events become pending changes, applied before the next
//! request is answered.

use std::{
    collections::BTreeSet,
    path::{Path, PathBuf},
    sync::mpsc::{Receiver, channel},
};

use notify::{Event, EventKind, RecursiveMode, Watcher as _, event::ModifyKind};

/// What happened since the last request.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Pending {
    /// `.cs` files whose text may have changed.
    pub(crate) texts: BTreeSet<PathBuf>,
    /// A project file changed, or a `.cs` file appeared, vanished or moved: which files belong to which
    /// project may have changed, so the project model is loaded again.
    pub(crate) reload: bool,
}

impl Pending {
    pub(crate) fn is_empty(&self) -> bool {
        self.texts.is_empty() && !self.reload
    }

    pub(crate) fn len(&self) -> usize {
        self.texts.len() + usize::from(self.reload)
    }

    pub(crate) fn add(&mut self, event: &Event) {
        if event.need_rescan() {
            self.reload = true;
        }
        for path in &event.paths {
            match classify(path) {
                Some(FileRole::Project) => self.reload = true,
                Some(FileRole::Source) => {
                    self.texts.insert(path.clone());
                    let moved = matches!(
                        event.kind,
                        EventKind::Create(_)
                            | EventKind::Remove(_)
                            | EventKind::Modify(ModifyKind::Name(_))
                    );
                    self.reload |= moved;
                }
                None => {}
            }
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
enum FileRole {
    Source,
    Project,
}

fn classify(path: &Path) -> Option<FileRole> {
    // Build output is never source, and churns during builds.
    if path
        .components()
        .any(|c| matches!(c.as_os_str().to_str(), Some("bin" | "obj" | ".git" | ".vs")))
    {
        return None;
    }
    let name = path.file_name()?.to_str()?;
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("cs") => Some(FileRole::Source),
        Some("csproj" | "sln" | "slnx") => Some(FileRole::Project),
        _ if name.eq_ignore_ascii_case("Directory.Build.props")
            || name.eq_ignore_ascii_case("Directory.Build.targets") =>
        {
            Some(FileRole::Project)
        }
        _ => None,
    }
}

pub(crate) struct Watcher {
    // Kept alive: dropping it stops the events.
    _watcher: notify::RecommendedWatcher,
    events: Receiver<notify::Result<Event>>,
    /// The last error the watcher reported, if any.
    pub(crate) error: Option<String>,
}

impl Watcher {
    pub(crate) fn start(root: &Path) -> notify::Result<Watcher> {
        let (sender, events) = channel();
        let mut watcher = notify::recommended_watcher(sender)?;
        watcher.watch(root, RecursiveMode::Recursive)?;
        Ok(Watcher {
            _watcher: watcher,
            events,
            error: None,
        })
    }

    /// Everything reported so far, without waiting.
    pub(crate) fn drain(&mut self, pending: &mut Pending) {
        while let Ok(event) = self.events.try_recv() {
            match event {
                Ok(event) => pending.add(&event),
                Err(error) => {
                    tracing::warn!(%error, "file watcher error; reloading the workspace");
                    self.error = Some(error.to_string());
                    pending.reload = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use notify::event::{CreateKind, DataChange, RemoveKind};

    use super::*;

    fn pending(events: &[(EventKind, &str)]) -> Pending {
        let mut pending = Pending::default();
        for (kind, path) in events {
            pending.add(&Event::new(*kind).add_path(PathBuf::from(path)));
        }
        pending
    }

    #[test]
    fn edits_are_text_changes() {
        let p = pending(&[(
            EventKind::Modify(ModifyKind::Data(DataChange::Content)),
            "/ws/A.cs",
        )]);
        assert_eq!(p.texts.iter().collect::<Vec<_>>(), [Path::new("/ws/A.cs")]);
        assert!(!p.reload);
    }

    #[test]
    fn new_deleted_and_project_files_reload_the_model() {
        assert!(pending(&[(EventKind::Create(CreateKind::File), "/ws/B.cs")]).reload);
        assert!(pending(&[(EventKind::Remove(RemoveKind::File), "/ws/B.cs")]).reload);
        let p = pending(&[(EventKind::Modify(ModifyKind::Any), "/ws/App/App.csproj")]);
        assert!(p.reload && p.texts.is_empty());
        assert!(
            pending(&[(
                EventKind::Modify(ModifyKind::Any),
                "/ws/Directory.Build.props"
            )])
            .reload
        );
    }

    #[test]
    fn build_output_and_other_files_are_ignored() {
        assert!(
            pending(&[(
                EventKind::Create(CreateKind::File),
                "/ws/obj/Debug/X.AssemblyInfo.cs"
            )])
            .is_empty()
        );
        assert!(pending(&[(EventKind::Create(CreateKind::File), "/ws/README.md")]).is_empty());
    }
}
