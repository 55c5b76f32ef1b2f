//! The header cache: what was fetched from a hub (a file's header bytes, a repository listing), on disk in
//! the platform cache folder under `vram-doctor/hub/`, keyed by source, repository, revision and file. Each
//! entry is a data file plus a small JSON record (URL, ETag, the whole file's size, when). Writes go through a
//! temporary file and a rename so a crash never leaves half an entry; any unreadable entry is a miss.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The per-user cache folder of this platform (`$XDG_CACHE_HOME` or `~/.cache`, `%LOCALAPPDATA%`,
/// `~/Library/Caches`) + `vram-doctor/hub`.
pub fn default_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let base = if cfg!(windows) {
        env("LOCALAPPDATA")
    } else if cfg!(target_os = "macos") {
        env("HOME").map(|h| h.join("Library").join("Caches"))
    } else {
        env("XDG_CACHE_HOME").or_else(|| env("HOME").map(|h| h.join(".cache")))
    }?;
    Some(base.join("vram-doctor").join("hub"))
}

/// The record kept next to an entry's bytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub url: String,
    pub etag: Option<String>,
    /// The whole remote file's size (for headers; the listing's own length for listings).
    pub total: u64,
    /// Seconds since the Unix epoch.
    pub fetched_at: u64,
}

/// A cache entry's bytes and record.
#[derive(Debug, Clone)]
pub struct Entry {
    pub record: Record,
    pub bytes: Vec<u8>,
}

#[derive(Debug, Clone)]
pub struct Cache {
    dir: Option<PathBuf>,
}

/// A path segment made safe for every file system: letters, digits, `-`, `_`, `.`; anything else becomes
/// `_` plus its code, and `..` cannot survive.
fn segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '-' | '_') || (c == '.' && !out.ends_with('.'))
        {
            out.push(c);
        } else {
            out.push_str(&format!("_{:x}", c as u32));
        }
    }
    if out.is_empty() || out == "." {
        out = "_".to_owned();
    }
    out
}

pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl Cache {
    /// `None` disables caching (no cache folder on this machine).
    pub fn new(dir: Option<PathBuf>) -> Self {
        Self { dir }
    }

    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// `parts` are e.g. ["hf", "owner/repo", "main", "path/file.gguf"]; each becomes one folder level.
    fn path(&self, parts: &[&str]) -> Option<PathBuf> {
        let mut p = self.dir.clone()?;
        for part in parts {
            p.push(segment(part));
        }
        Some(p)
    }

    pub fn get(&self, parts: &[&str]) -> Option<Entry> {
        let base = self.path(parts)?;
        let record: Record =
            serde_json::from_slice(&std::fs::read(base.join("record.json")).ok()?).ok()?;
        let bytes = std::fs::read(base.join("data")).ok()?;
        Some(Entry { record, bytes })
    }

    /// Stores an entry; failures are logged, never fatal (the answer is still good without a cache).
    pub fn put(&self, parts: &[&str], record: &Record, bytes: &[u8]) {
        let Some(base) = self.path(parts) else {
            return;
        };
        let write = || -> std::io::Result<()> {
            std::fs::create_dir_all(&base)?;
            // Per-process temporary names: two instances filling the same entry never mix their writes.
            let pid = std::process::id();
            let tmp = base.join(format!("data.{pid}.tmp"));
            std::fs::write(&tmp, bytes)?;
            std::fs::rename(&tmp, base.join("data"))?;
            let json = serde_json::to_vec_pretty(record).map_err(std::io::Error::other)?;
            let tmp = base.join(format!("record.json.{pid}.tmp"));
            std::fs::write(&tmp, json)?;
            std::fs::rename(&tmp, base.join("record.json"))
        };
        if let Err(e) = write() {
            log::warn!("hub cache: could not write {}: {e}", base.display());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_cannot_escape_the_cache_folder() {
        assert_eq!(segment(".."), "._2e");
        assert_eq!(segment("a/b"), "a_2fb");
        assert_eq!(segment("Q4_K_M.gguf"), "Q4_K_M.gguf");
        let dir = tempfile::tempdir().expect("tmp");
        let cache = Cache::new(Some(dir.path().to_path_buf()));
        let rec = Record {
            url: "http://x/f".into(),
            etag: Some("\"e1\"".into()),
            total: 10,
            fetched_at: 1,
        };
        cache.put(&["hf", "../../evil", "main", "f.gguf"], &rec, b"GGUF");
        let got = cache
            .get(&["hf", "../../evil", "main", "f.gguf"])
            .expect("hit");
        assert_eq!(got.bytes, b"GGUF");
        assert_eq!(got.record, rec);
        assert!(cache.get(&["hf", "other", "main", "f.gguf"]).is_none());
        assert!(
            walk(dir.path()).iter().all(|p| p.starts_with(dir.path())),
            "an entry left the cache folder"
        );
    }

    fn walk(p: &Path) -> Vec<PathBuf> {
        let mut out = vec![];
        if let Ok(rd) = std::fs::read_dir(p) {
            for e in rd.flatten() {
                out.push(e.path());
                out.extend(walk(&e.path()));
            }
        }
        out
    }
}
