//! The persisted index on disk: one pack file per workspace under the user's cache folder, holding
//! the per-file artifacts `hir::ArtifactCache` consults (item trees with their source maps, keyed by
//! SHA-256 of each file's text and preprocessor symbols; word indexes, by SHA-256 of the text), so
//! that a restart on an unchanged workspace decodes them instead of parsing and lexing every file.
//!
//! Never wrong, never in the way:
//! - a pack is stamped with the build that wrote it (the version and the running executable's
//!   path, length and modification time), so another csnav, even one built from a different commit
//!   at the same version, ignores it; an entry is found only under the hash of the current text and defines, so an edited file
//!   simply misses;
//! - the body carries its SHA-256: a truncated, damaged or foreign file is ignored (and replaced by
//!   the next write), never decoded into a wrong answer; nothing here panics or fails the load;
//! - it is written once the workspace is primed, on a thread of its own, to a temporary file renamed
//!   over the old one (a reader sees the old pack or the new one), holding only the entries this
//!   process used; after a write, packs beyond [`MAX_TOTAL_BYTES`] or [`MAX_PACKS`], least recently
//!   used first, are deleted.
//!
//! Where: `--cache-dir DIR`, else `CSNAV_CACHE_DIR`, else the platform's cache folder
//! (`$XDG_CACHE_HOME/csnav` or `~/.cache/csnav`; `~/Library/Caches/csnav`; `%LOCALAPPDATA%\csnav\cache`);
//! `--no-cache` or a non-empty `CSNAV_NO_CACHE` turns it off.

use std::{
    fs,
    io::Write,
    path::{Path, PathBuf},
    sync::{Arc, OnceLock},
    time::{Duration, SystemTime},
};

use ide::{ArtifactCache, ContentHash};
use sha2::{Digest, Sha256};

const MAGIC: &[u8; 12] = b"csnav-index\n";
/// The layout of a pack; the artifacts' own encoding is covered by the build stamp.
const PACK_FORMAT: u32 = 1;
const HEADER_LEN: usize = MAGIC.len() + 4 + 32 + 8 + 32;
/// What all packs together may hold.
const MAX_TOTAL_BYTES: u64 = 1 << 30;
const MAX_PACKS: usize = 32;
/// A temporary file this old was left by a process that died while writing.
const STALE_TEMP: Duration = Duration::from_secs(3600);

/// Where packs are kept, or that they are not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IndexCacheConfig {
    Disabled,
    Dir(PathBuf),
}

impl IndexCacheConfig {
    /// The command line's choice, else the environment's, else the platform's cache folder
    /// (disabled when there is none).
    pub fn resolve(no_cache: bool, cache_dir: Option<PathBuf>) -> IndexCacheConfig {
        let env = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        if no_cache || env("CSNAV_NO_CACHE").is_some() {
            return IndexCacheConfig::Disabled;
        }
        match cache_dir
            .or_else(|| env("CSNAV_CACHE_DIR").map(PathBuf::from))
            .or_else(platform_cache_dir)
        {
            Some(dir) => IndexCacheConfig::Dir(dir),
            None => IndexCacheConfig::Disabled,
        }
    }
}

fn platform_cache_dir() -> Option<PathBuf> {
    let env = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    if cfg!(windows) {
        return env("LOCALAPPDATA").map(|d| d.join("csnav").join("cache"));
    }
    if cfg!(target_os = "macos") {
        return env("HOME").map(|h| h.join("Library/Caches/csnav"));
    }
    env("XDG_CACHE_HOME")
        .or_else(|| env("HOME").map(|h| h.join(".cache")))
        .map(|d| d.join("csnav"))
}

/// One workspace's pack: what was read from it, and where the next write goes.
pub(crate) struct PersistedIndex {
    path: PathBuf,
    build: [u8; 32],
    /// Whether the pack on disk was read and accepted (else the next write replaces it).
    accepted: bool,
    pub(crate) cache: Arc<ArtifactCache>,
}

impl PersistedIndex {
    /// Reads the pack of the workspace at `input` (canonical); an absent, damaged or foreign pack
    /// gives an empty cache. `None` when disabled or when this build cannot be identified.
    pub(crate) fn open(config: &IndexCacheConfig, input: &Path) -> Option<PersistedIndex> {
        let IndexCacheConfig::Dir(dir) = config else {
            return None;
        };
        let build = *build_stamp()?;
        let path = dir.join(pack_name(input));
        let entries = fs::read(&path)
            .ok()
            .and_then(|bytes| match decode(&bytes, &build) {
                Ok(entries) => Some(entries),
                Err(why) => {
                    tracing::info!(path = %path.display(), why, "persisted index ignored");
                    None
                }
            });
        let accepted = entries.is_some();
        let entries = entries.unwrap_or_default();
        tracing::info!(path = %path.display(), entries = entries.len(), "persisted index read");
        Some(PersistedIndex {
            path,
            build,
            accepted,
            cache: Arc::new(ArtifactCache::new(
                entries.into_iter().map(|(k, v)| (k, v.into_boxed_slice())),
            )),
        })
    }

    /// Writes what this process used (call once the workspace is primed, off the request path).
    /// A restart that found everything only marks the pack as used.
    pub(crate) fn write(&self) {
        let counts = self.cache.counts();
        let stored = self.cache.stored_count();
        let entries = self.cache.take_entries();
        let unchanged = counts.misses == 0 && counts.undecodable == 0 && entries.len() == stored;
        let result = if self.accepted && unchanged {
            fs::File::options()
                .append(true)
                .open(&self.path)
                .and_then(|f| f.set_modified(SystemTime::now()))
        } else {
            write_atomically(&self.path, &encode(&entries, &self.build))
        };
        match result {
            Ok(()) => {
                tracing::info!(path = %self.path.display(), entries = entries.len(), "persisted index written")
            }
            Err(error) => {
                tracing::warn!(path = %self.path.display(), %error, "cannot write the persisted index")
            }
        }
        if let Some(dir) = self.path.parent() {
            evict(dir, MAX_TOTAL_BYTES, MAX_PACKS);
        }
    }
}

/// The running build: its version and the identity of its executable (path, length, modification
/// time to the nanosecond). `None` if the executable cannot be found: then nothing can tell a pack
/// this build wrote from another's.
///
/// Not the executable's content hash: at 80 MB that costs more than the whole restart it saves.
/// Building or installing csnav writes the file anew, so another build at the same path has another
/// modification time; two different builds at one version, path, length and nanosecond do not occur
/// without someone forging the time stamp.
fn build_stamp() -> Option<&'static [u8; 32]> {
    static STAMP: OnceLock<Option<[u8; 32]>> = OnceLock::new();
    STAMP
        .get_or_init(|| {
            let exe = std::env::current_exe().ok()?;
            let meta = fs::metadata(&exe).ok()?;
            let modified = meta
                .modified()
                .ok()?
                .duration_since(SystemTime::UNIX_EPOCH)
                .ok()?;
            let mut hasher = Sha256::new();
            hasher.update(env!("CARGO_PKG_VERSION").as_bytes());
            hasher.update(b"\0");
            hasher.update(exe.as_os_str().as_encoded_bytes());
            hasher.update(b"\0");
            hasher.update(meta.len().to_le_bytes());
            hasher.update(modified.as_nanos().to_le_bytes());
            Some(hasher.finalize().into())
        })
        .as_ref()
}

/// `index-<hash of the workspace path>.pack`: one pack per workspace, found again from its path.
fn pack_name(input: &Path) -> String {
    let digest = Sha256::digest(input.as_os_str().as_encoded_bytes());
    let hex: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
    format!("index-{hex}.pack")
}

fn encode(entries: &[(ContentHash, Vec<u8>)], build: &[u8; 32]) -> Vec<u8> {
    let body = postcard::to_allocvec(entries).unwrap_or_default();
    let mut out = Vec::with_capacity(HEADER_LEN + body.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&PACK_FORMAT.to_le_bytes());
    out.extend_from_slice(build);
    out.extend_from_slice(&(body.len() as u64).to_le_bytes());
    out.extend_from_slice(&Sha256::digest(&body));
    out.extend_from_slice(&body);
    out
}

fn decode(bytes: &[u8], build: &[u8; 32]) -> Result<Vec<(ContentHash, Vec<u8>)>, &'static str> {
    let (header, body) = bytes
        .split_at_checked(HEADER_LEN)
        .ok_or("shorter than its header")?;
    let (magic, rest) = header.split_at(MAGIC.len());
    let (format, rest) = rest.split_at(4);
    let (stamp, rest) = rest.split_at(32);
    let (len, checksum) = rest.split_at(8);
    if magic != MAGIC {
        return Err("not a csnav index");
    }
    if format != PACK_FORMAT.to_le_bytes() || stamp != build {
        return Err("written by another csnav build");
    }
    if len != (body.len() as u64).to_le_bytes() {
        return Err("truncated");
    }
    if Sha256::digest(body)[..] != *checksum {
        return Err("checksum mismatch");
    }
    postcard::from_bytes(body).map_err(|_| "undecodable")
}

/// A temporary file in the same folder, renamed over `path`: readers see the old pack or the new.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = fs::File::create(&temp)
        .and_then(|mut file| file.write_all(bytes).and_then(|()| file.sync_all()))
        .and_then(|()| fs::rename(&temp, path));
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}

/// Deletes the least recently used packs until at most `max_packs` remain holding at most
/// `max_bytes`, and temporary files left by processes that died while writing.
fn evict(dir: &Path, max_bytes: u64, max_packs: usize) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let now = SystemTime::now();
    let mut packs = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Ok(meta) = entry.metadata() else { continue };
        let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        if name.starts_with('.') && name.ends_with(".tmp") {
            if now.duration_since(modified).unwrap_or_default() > STALE_TEMP {
                let _ = fs::remove_file(entry.path());
            }
        } else if name.starts_with("index-") && name.ends_with(".pack") {
            packs.push((modified, meta.len(), entry.path()));
        }
    }
    packs.sort_by_key(|p| std::cmp::Reverse(p.0));
    let mut total = 0;
    for (i, (_, len, path)) in packs.into_iter().enumerate() {
        total += len;
        if i >= max_packs || total > max_bytes {
            let _ = fs::remove_file(path);
        }
    }
}

#[cfg(test)]
mod tests;
