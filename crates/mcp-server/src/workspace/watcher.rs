//! Watching the workspace root: file-system events become pending changes, applied before the next
//! request is answered, and sync cookies prove that every event of a write finished before a request
//! was sent has been received.
//!
//! Why a cookie: with inotify, the kernel queues a write's event before the `write`, `rename` or
//! `unlink` call returns, so when a request arrives, every save the client finished before sending it
//! is in the inotify queue. But notify reads that queue on its own thread, which may not have
//! forwarded those events to us yet. The cookie is a file the server creates in a private folder that
//! the same watcher (the same inotify queue) watches: the queue is first in, first out, and notify
//! forwards events in queue order, so once the cookie's event arrives, every event queued before it
//! (every save that happened before the request) has arrived too. That costs one create and one
//! unlink per batch of requests, instead of one `stat` per file of the workspace.

use std::{
    collections::BTreeSet,
    path::{Path, PathBuf},
    sync::atomic::{AtomicU64, Ordering},
};

use notify::{
    Event, EventKind, RecursiveMode, Watcher as _,
    event::{CreateKind, ModifyKind, RemoveKind},
};

/// The kernel orders events for one watcher only where the backend reads one queue: inotify. Elsewhere
/// (FSEvents, ReadDirectoryChangesW) a request also checks every file's stamp.
pub(crate) const COOKIES_ARE_ORDERED: bool = cfg!(target_os = "linux");

/// What the watcher tells the workspace's owner.
#[derive(Debug)]
pub(crate) enum WatchEvent {
    Event(Event),
    /// The watcher failed (a watch limit reached, the queue overflowed …): events may have been lost.
    Error(String),
    /// The cookie with this number was created: everything queued before it has been delivered.
    Cookie(u64),
}

/// What happened since the last request.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Pending {
    /// `.cs` files whose text may have changed.
    pub(crate) texts: BTreeSet<PathBuf>,
    /// `.cs` files that were created, removed or renamed: a text change when the path is a source
    /// file the project model already lists and still exists (an atomic save by rename), otherwise
    /// the project model is loaded again.
    pub(crate) moved: BTreeSet<PathBuf>,
    /// A project file or a folder changed: which files belong to which project may have changed, so
    /// the project model is loaded again.
    pub(crate) reload: bool,
    /// Events may have been lost: every file's stamp is checked, and the model loaded again.
    pub(crate) rescan: bool,
    /// Folders that appeared. notify watches a new folder only after it has forwarded the batch of
    /// events that announced it, which may hold the cookie too: a write into the folder just after
    /// the answer may find no watch yet, so the next sync checks the stamps of the files there. After
    /// that sync's cookie the watch is certainly in place.
    pub(crate) folders: BTreeSet<PathBuf>,
}

impl Pending {
    pub(crate) fn is_empty(&self) -> bool {
        self.texts.is_empty() && self.moved.is_empty() && !self.reload && !self.rescan
    }

    pub(crate) fn len(&self) -> usize {
        self.texts.len() + self.moved.len() + usize::from(self.reload || self.rescan)
    }

    pub(crate) fn add(&mut self, event: &Event) {
        if event.need_rescan() {
            self.rescan = true;
        }
        let moved = matches!(
            event.kind,
            EventKind::Create(_) | EventKind::Remove(_) | EventKind::Modify(ModifyKind::Name(_))
        );
        for path in &event.paths {
            match classify(path) {
                Some(FileRole::Project) => self.reload = true,
                Some(FileRole::Source) if moved => {
                    self.moved.insert(path.clone());
                }
                Some(FileRole::Source) => {
                    self.texts.insert(path.clone());
                }
                // A folder that appears, vanishes or moves may hold sources the watch did not see
                // yet (notify watches a new folder only after its creation event).
                Some(FileRole::Other) if moved && is_folder_event(event, path) => {
                    self.reload = true;
                    if !matches!(event.kind, EventKind::Remove(_)) {
                        self.folders.insert(path.clone());
                    }
                }
                Some(FileRole::Other) | None => {}
            }
        }
    }
}

fn is_folder_event(event: &Event, path: &Path) -> bool {
    match event.kind {
        EventKind::Create(CreateKind::Folder) | EventKind::Remove(RemoveKind::Folder) => true,
        EventKind::Modify(ModifyKind::Name(_)) => path.is_dir() || path.extension().is_none(),
        _ => false,
    }
}

#[derive(Debug, PartialEq, Eq)]
enum FileRole {
    Source,
    Project,
    Other,
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
    Some(match extension.as_deref() {
        Some("cs") => FileRole::Source,
        Some("csproj" | "sln" | "slnx") => FileRole::Project,
        _ if name.eq_ignore_ascii_case("Directory.Build.props")
            || name.eq_ignore_ascii_case("Directory.Build.targets") =>
        {
            FileRole::Project
        }
        _ => FileRole::Other,
    })
}

pub(crate) struct Watcher {
    // Kept alive: dropping it stops the events.
    _watcher: notify::RecommendedWatcher,
    cookies: CookieFolder,
    next_cookie: u64,
    /// The last error the watcher reported, if any.
    pub(crate) error: Option<String>,
}

/// The private folder cookies are created in; removed with the watcher.
struct CookieFolder(PathBuf);

impl Drop for CookieFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Watcher {
    /// Watches `root` recursively; `sink` receives every event, on notify's thread, in the kernel's
    /// order.
    pub(crate) fn start(
        root: &Path,
        sink: impl Fn(WatchEvent) + Send + 'static,
    ) -> notify::Result<Watcher> {
        static FOLDERS: AtomicU64 = AtomicU64::new(0);
        let folder = std::env::temp_dir().join(format!(
            "csnav-sync-{}-{}",
            std::process::id(),
            FOLDERS.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&folder).map_err(notify::Error::io)?;
        let cookies = CookieFolder(folder.clone());
        let mut watcher =
            notify::recommended_watcher(move |event: notify::Result<Event>| match event {
                Ok(event) => {
                    if let Some(cookie) = cookie_number(&folder, &event) {
                        sink(WatchEvent::Cookie(cookie));
                    } else if !matches!(event.kind, EventKind::Access(_))
                        && !event.paths.iter().any(|p| p.starts_with(&folder))
                    {
                        sink(WatchEvent::Event(event));
                    }
                }
                Err(error) => sink(WatchEvent::Error(error.to_string())),
            })?;
        watcher.watch(&cookies.0, RecursiveMode::NonRecursive)?;
        watcher.watch(root, RecursiveMode::Recursive)?;
        Ok(Watcher {
            _watcher: watcher,
            cookies,
            next_cookie: 0,
            error: None,
        })
    }

    /// Creates the next cookie and returns its number, or `None` (with the error kept) if the cookie
    /// cannot be written; then the caller checks every file's stamp instead.
    pub(crate) fn send_cookie(&mut self) -> Option<u64> {
        self.next_cookie += 1;
        let path = self.cookies.0.join(self.next_cookie.to_string());
        match std::fs::File::create(&path) {
            Ok(_) => {
                // The creation event is queued already; the file itself is not needed.
                let _ = std::fs::remove_file(&path);
                Some(self.next_cookie)
            }
            Err(error) => {
                self.error = Some(format!("cannot write a sync cookie: {error}"));
                None
            }
        }
    }
}

fn cookie_number(folder: &Path, event: &Event) -> Option<u64> {
    if !matches!(event.kind, EventKind::Create(_)) {
        return None;
    }
    let path = event.paths.first()?;
    if path.parent()? != folder {
        return None;
    }
    path.file_name()?.to_str()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use std::{sync::mpsc, time::Duration};

    use notify::event::DataChange;

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
        assert!(!p.reload && p.moved.is_empty());
    }

    #[test]
    fn new_deleted_and_project_files_and_folders() {
        let p = pending(&[(EventKind::Create(CreateKind::File), "/ws/B.cs")]);
        assert_eq!(p.moved.iter().collect::<Vec<_>>(), [Path::new("/ws/B.cs")]);
        assert!(!p.reload);
        assert!(!pending(&[(EventKind::Remove(RemoveKind::File), "/ws/B.cs")]).is_empty());
        let p = pending(&[(EventKind::Modify(ModifyKind::Any), "/ws/App/App.csproj")]);
        assert!(p.reload && p.texts.is_empty());
        assert!(
            pending(&[(
                EventKind::Modify(ModifyKind::Any),
                "/ws/Directory.Build.props"
            )])
            .reload
        );
        let p = pending(&[(EventKind::Create(CreateKind::Folder), "/ws/Sub")]);
        assert!(p.reload);
        assert_eq!(p.folders.iter().collect::<Vec<_>>(), [Path::new("/ws/Sub")]);
        assert!(pending(&[(EventKind::Remove(RemoveKind::Folder), "/ws/Sub")]).reload);
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
        assert!(
            pending(&[(
                EventKind::Modify(ModifyKind::Data(DataChange::Any)),
                "/ws/A.cs.tmp"
            )])
            .is_empty()
        );
    }

    /// A write finished before the cookie was sent is delivered before the cookie, every time.
    #[test]
    fn cookies_follow_the_writes_before_them() {
        if !COOKIES_ARE_ORDERED {
            return;
        }
        let root = std::env::temp_dir().join(format!("csnav-watch-{}", std::process::id()));
        std::fs::create_dir_all(&root).unwrap();
        let (sender, events) = mpsc::channel();
        let mut watcher = Watcher::start(&root, move |e| {
            let _ = sender.send(e);
        })
        .unwrap();
        for i in 0..200 {
            let file = root.join(format!("F{}.cs", i % 7));
            std::fs::write(&file, i.to_string()).unwrap();
            let cookie = watcher.send_cookie().unwrap();
            let mut seen = false;
            loop {
                match events.recv_timeout(Duration::from_secs(10)).unwrap() {
                    WatchEvent::Cookie(n) if n == cookie => break,
                    WatchEvent::Event(e) => seen |= e.paths.contains(&file),
                    other => panic!("unexpected {other:?}"),
                }
            }
            assert!(
                seen,
                "the write of {} came after its cookie",
                file.display()
            );
        }
        drop(watcher);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
