//! Models already on disk: Ollama (manifests → GGUF blobs), LM Studio, the Hugging Face hub cache and
//! llama.cpp's download cache, on Linux, Windows and macOS paths, honouring the environment variables that move
//! them (`OLLAMA_MODELS`, `HF_HUB_CACHE`, `HF_HOME`, `LLAMA_CACHE`). A broken entry is listed with its problem;
//! it never stops the scan. Walks are bounded (depth and entry count) so a huge or looping tree cannot hang it.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::gguf;

/// Where a found model lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StoreKind {
    Ollama,
    Lmstudio,
    Huggingface,
    #[serde(rename = "llama.cpp")]
    LlamaCpp,
}

impl StoreKind {
    pub fn label(self) -> &'static str {
        match self {
            Self::Ollama => "Ollama",
            Self::Lmstudio => "LM Studio",
            Self::Huggingface => "Hugging Face cache",
            Self::LlamaCpp => "llama.cpp cache",
        }
    }
}

/// One model found in a store (CONTRACT.md `models --json` row, plus `problem`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LocalModel {
    /// What to pass as MODEL: `ollama:NAME:TAG`, or the file path.
    pub id: String,
    pub source: StoreKind,
    pub path: PathBuf,
    pub architecture: Option<String>,
    pub file_type: Option<String>,
    pub file_bytes: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

/// The store folders to look in on this machine.
#[derive(Debug, Clone, Default)]
pub struct StoreRoots {
    pub ollama: Vec<PathBuf>,
    pub lmstudio: Vec<PathBuf>,
    pub huggingface: Vec<PathBuf>,
    pub llama_cpp: Vec<PathBuf>,
}

fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

impl StoreRoots {
    /// The default locations for this OS and environment.
    pub fn detect() -> Self {
        let home = env_path("HOME")
            .or_else(|| env_path("USERPROFILE"))
            .unwrap_or_default();
        let cache = env_path("XDG_CACHE_HOME").unwrap_or_else(|| home.join(".cache"));
        let hf = env_path("HF_HUB_CACHE")
            .or_else(|| env_path("HF_HOME").map(|h| h.join("hub")))
            .unwrap_or_else(|| cache.join("huggingface").join("hub"));
        let mut llama_cpp =
            vec![env_path("LLAMA_CACHE").unwrap_or_else(|| cache.join("llama.cpp"))];
        if cfg!(windows) {
            if let Some(local) = env_path("LOCALAPPDATA") {
                llama_cpp.push(local.join("llama.cpp"));
            }
        } else if cfg!(target_os = "macos") {
            llama_cpp.push(home.join("Library").join("Caches").join("llama.cpp"));
        }
        Self {
            ollama: vec![super::ollama::models_dir()],
            lmstudio: vec![
                home.join(".lmstudio").join("models"),
                cache.join("lm-studio").join("models"),
            ],
            huggingface: vec![hf],
            llama_cpp,
        }
    }
}

/// Scans every store; never fails (unreadable entries come back with a `problem`).
pub fn scan(roots: &StoreRoots) -> Vec<LocalModel> {
    let mut found = Vec::new();
    for dir in &roots.ollama {
        scan_ollama(dir, &mut found);
    }
    for (kind, dirs) in [
        (StoreKind::Lmstudio, &roots.lmstudio),
        (StoreKind::Huggingface, &roots.huggingface),
        (StoreKind::LlamaCpp, &roots.llama_cpp),
    ] {
        for dir in dirs {
            for path in walk(dir, 8, 20_000) {
                if is_model_file(&path) && !is_later_shard(&path) {
                    found.push(describe(kind, path.to_string_lossy().into_owned(), path));
                }
            }
        }
    }
    found
}

/// `.gguf`, or a `.safetensors` shard 1 / single file.
fn is_model_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("gguf"))
}

/// Shards 2..n of a split GGUF are read through shard 1: list the model once.
fn is_later_shard(path: &Path) -> bool {
    gguf::split_position(path).is_some_and(|(no, _)| no > 1)
}

/// Files under `dir` (following the HF cache's snapshot symlinks), at most `depth` deep and `limit` entries.
fn walk(dir: &Path, depth: u32, limit: usize) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![(dir.to_path_buf(), 0u32)];
    let mut seen = 0usize;
    while let Some((d, level)) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.filter_map(Result::ok) {
            seen += 1;
            if seen > limit {
                return out;
            }
            let path = entry.path();
            // metadata() follows symlinks (HF snapshots link into blobs/).
            match std::fs::metadata(&path) {
                Ok(m) if m.is_dir() && level < depth => {
                    // The HF cache's blobs/ holds the same files under hash names: skip it.
                    if path.file_name().is_some_and(|n| n == "blobs") {
                        continue;
                    }
                    stack.push((path, level + 1));
                }
                Ok(m) if m.is_file() => out.push(path),
                _ => {}
            }
        }
    }
    out.sort();
    out
}

fn describe(source: StoreKind, id: String, path: PathBuf) -> LocalModel {
    let mut m = LocalModel {
        id,
        source,
        architecture: None,
        file_type: None,
        file_bytes: std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0),
        problem: None,
        path,
    };
    match super::load_gguf(&m.path) {
        Ok(spec) => {
            m.architecture = Some(spec.architecture).filter(|a| !a.is_empty());
            m.file_type = spec.file_type;
            m.file_bytes = spec.file_bytes;
            if let Some(missing) = spec.truncated_bytes {
                m.problem = Some(format!(
                    "truncated: {} missing (an interrupted download?)",
                    crate::units::format_auto(missing)
                ));
            }
        }
        Err(e) => m.problem = Some(e.to_string()),
    }
    m
}

/// Ollama: every `manifests/<host>/<namespace>/<model>/<tag>` → `ollama:NAME:TAG` and its blob.
fn scan_ollama(dir: &Path, found: &mut Vec<LocalModel>) {
    let manifests = dir.join("manifests");
    for manifest in walk(&manifests, 4, 20_000) {
        let Ok(rel) = manifest.strip_prefix(&manifests) else {
            continue;
        };
        let parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let [host, ns, model, tag] = parts.as_slice() else {
            continue;
        };
        let name = match (host.as_str(), ns.as_str()) {
            ("registry.ollama.ai", "library") => format!("{model}:{tag}"),
            ("registry.ollama.ai", _) => format!("{ns}/{model}:{tag}"),
            _ => format!("{host}/{ns}/{model}:{tag}"),
        };
        let id = format!("ollama:{name}");
        match super::ollama::resolve(dir, &name) {
            Ok(blob) => found.push(describe(StoreKind::Ollama, id, blob)),
            Err(problem) => found.push(LocalModel {
                id,
                source: StoreKind::Ollama,
                path: manifest.clone(),
                architecture: None,
                file_type: None,
                file_bytes: 0,
                problem: Some(problem),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_roots_are_empty_not_errors() {
        let roots = StoreRoots {
            ollama: vec!["/nonexistent/ollama".into()],
            lmstudio: vec!["/nonexistent/lms".into()],
            huggingface: vec![],
            llama_cpp: vec![],
        };
        assert!(scan(&roots).is_empty());
    }
}
