//! Models that are not on this machine: Hugging Face repositories (`hf:OWNER/REPO…`) and the Ollama registry,
//! read without downloading weights. A repository is listed through the hub API (files with sizes), GGUF
//! quants are grouped (split files `-00001-of-00003` summed), and only headers are fetched with HTTP Range
//! requests — in 2 MiB steps until the GGUF tensor table (or the safetensors JSON header) ends, never past
//! `MAX_HEADER` — then parsed by the same readers as local files (`gguf::read_header`,
//! `safetensors::parse_header`). Listings and headers are cached (`cache`) and revalidated by ETag; offline,
//! the cache answers and the notes say so. Nothing here runs unless a hub model was asked for.

pub mod cache;
mod http;

use std::io::Read;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::time::Duration;

use regex::Regex;
use serde::Serialize;

use super::gguf::{self, GgufFile};
use super::safetensors;
use super::source::ModelSource;
use super::spec::ModelSpec;
use cache::{Cache, Record};
use http::{Http, Validation};

/// The public hub; `$HF_ENDPOINT` overrides it (mirrors, tests).
pub const DEFAULT_ENDPOINT: &str = "https://huggingface.co";
/// The Ollama registry; `$OLLAMA_REGISTRY` overrides it (tests).
pub const DEFAULT_OLLAMA_REGISTRY: &str = "https://registry.ollama.ai";
/// Headers larger than this are refused (the largest real GGUF headers — 262k vocabularies, thousands of
/// expert tensors — are under 16 MiB).
pub const MAX_HEADER: u64 = 64 * 1024 * 1024;
/// Range step: the first request and every growth. Keeps the overshoot past a header under 2 MiB.
pub const CHUNK: u64 = 2 * 1024 * 1024;
const MAX_JSON: u64 = 32 * 1024 * 1024;
const MAX_CONFIG: u64 = 4 * 1024 * 1024;
const MAX_TREE_PAGES: usize = 50;

#[derive(Debug, thiserror::Error)]
pub enum HubError {
    #[error("{what}: HTTP {status}: this repo is gated or private — {} ({url})", gated_hint(.token_set))]
    Gated {
        what: String,
        url: String,
        status: u16,
        token_set: bool,
    },
    #[error("{what}: not found (HTTP {status} at {url})")]
    NotFound {
        what: String,
        url: String,
        status: u16,
    },
    #[error("{what}: HTTP {status} from {url}")]
    Status {
        what: String,
        url: String,
        status: u16,
    },
    #[error(
        "{url}: cannot reach the server ({detail}); offline? Headers fetched before are used from the cache"
    )]
    Offline { url: String, detail: String },
    #[error("{url}: no answer within {secs:.0} s ({what})")]
    Timeout {
        url: String,
        what: String,
        secs: f64,
    },
    #[error("{url}: {detail}")]
    Network { url: String, detail: String },
    #[error("{url}: the answer was cut short ({got} bytes{}): {detail}", of_bytes(.expected))]
    Truncated {
        url: String,
        got: u64,
        expected: Option<u64>,
        detail: String,
    },
    #[error("{url}: more than {} MiB — refusing (not a model header?)", .limit / (1024 * 1024))]
    TooLarge { url: String, limit: u64 },
    #[error("{url}: the server ignores HTTP Range requests; refusing to download the whole file")]
    NoRange { url: String },
    #[error("{url}: {what}")]
    Invalid { url: String, what: String },
    #[error("{repo}: no {quant} quant in this repository (it has: {})", names(.available))]
    NoQuant {
        repo: String,
        quant: String,
        available: Vec<String>,
    },
    #[error("{repo}: {} GGUF quants — pick one, e.g. hf:{repo}:{} (vram-doctor models hf:{repo} lists them)", .available.len(), .available.first().map_or("Q4_K_M", String::as_str))]
    NeedQuant {
        repo: String,
        available: Vec<String>,
    },
    #[error("{repo}: neither GGUF files nor safetensors with config.json in this repository")]
    NoModel { repo: String },
    #[error(transparent)]
    Gguf(#[from] gguf::GgufError),
    #[error(transparent)]
    Safetensors(#[from] safetensors::SafetensorsError),
    #[error("cancelled")]
    Cancelled,
}

fn gated_hint(token_set: &bool) -> &'static str {
    if *token_set {
        "the token in HF_TOKEN has no access to it (accept the model's terms on its page with the same account)"
    } else {
        "accept its terms on the model page, then set HF_TOKEN to an access token (huggingface.co/settings/tokens)"
    }
}

fn of_bytes(expected: &Option<u64>) -> String {
    expected.map(|e| format!(" of {e}")).unwrap_or_default()
}

fn names(available: &[String]) -> String {
    if available.is_empty() {
        "no GGUF files".to_owned()
    } else {
        available.join(", ")
    }
}

/// Where to ask and how long to wait. `from_env` is what the CLI and the app use; tests build it directly
/// (so parallel tests can each have their own server and cache).
#[derive(Debug, Clone)]
pub struct HubConfig {
    /// `https://huggingface.co`, without a trailing slash.
    pub endpoint: String,
    pub token: Option<String>,
    pub ollama_registry: String,
    /// `None`: no cache.
    pub cache_dir: Option<PathBuf>,
    pub connect_timeout: Duration,
    /// Waiting for an answer's status line and headers.
    pub response_timeout: Duration,
    /// Receiving one answer's body (a 2 MiB range).
    pub body_timeout: Duration,
    /// Never touch the network: answer from the cache or fail (`HF_HUB_OFFLINE=1`, as huggingface_hub).
    pub offline: bool,
}

impl HubConfig {
    pub fn from_env() -> Self {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
        let token = var("HF_TOKEN")
            .or_else(|| var("HUGGING_FACE_HUB_TOKEN"))
            .or_else(|| {
                // huggingface-cli login stores the token here.
                let home = var("HF_HOME").map(PathBuf::from).or_else(|| {
                    var("HOME")
                        .or_else(|| var("USERPROFILE"))
                        .map(|h| PathBuf::from(h).join(".cache").join("huggingface"))
                })?;
                let t = std::fs::read_to_string(home.join("token")).ok()?;
                Some(t.trim().to_owned()).filter(|t| !t.is_empty() && t.len() < 512)
            });
        Self {
            endpoint: var("HF_ENDPOINT").unwrap_or_else(|| DEFAULT_ENDPOINT.to_owned()),
            token,
            ollama_registry: var("OLLAMA_REGISTRY")
                .unwrap_or_else(|| DEFAULT_OLLAMA_REGISTRY.to_owned()),
            cache_dir: cache::default_dir(),
            offline: var("HF_HUB_OFFLINE")
                .is_some_and(|v| v != "0" && !v.eq_ignore_ascii_case("false")),
            // huggingface_hub's name for how long to wait on the hub (seconds); bounded to something sane.
            response_timeout: var("HF_HUB_DOWNLOAD_TIMEOUT")
                .and_then(|v| v.trim().parse::<f64>().ok())
                .filter(|s| s.is_finite() && *s > 0.0)
                .map_or(Duration::from_secs(20), |s| {
                    Duration::from_secs_f64(s.min(600.0))
                }),
            ..Self::with_endpoint(DEFAULT_ENDPOINT, None)
        }
    }

    /// A config for one endpoint (the Ollama registry too) and cache folder; no token.
    pub fn with_endpoint(endpoint: &str, cache_dir: Option<PathBuf>) -> Self {
        Self {
            endpoint: endpoint.to_owned(),
            token: None,
            ollama_registry: endpoint.to_owned(),
            cache_dir,
            connect_timeout: Duration::from_secs(10),
            response_timeout: Duration::from_secs(20),
            body_timeout: Duration::from_secs(60),
            offline: false,
        }
    }
}

/// One file of a repository.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct RepoFile {
    pub path: String,
    pub size: u64,
}

/// A repository's files at a revision.
#[derive(Debug, Clone, PartialEq, Serialize, serde::Deserialize)]
pub struct Listing {
    pub repo: String,
    pub revision: String,
    pub files: Vec<RepoFile>,
}

/// One GGUF quant of a repository (all shards of a split model).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Quant {
    /// `Q4_K_M`, `UD-Q4_K_XL`, `BF16`, … (from the file name).
    pub quant: String,
    /// The MODEL argument that picks it: `hf:OWNER/REPO:QUANT` (or `…/PATH` when the name is ambiguous).
    pub id: String,
    /// Shard paths, shard 1 first.
    pub files: Vec<String>,
    pub file_bytes: u64,
    pub shards: u32,
}

/// A model read from a hub, with what the user should know about how (offline, a default quant).
#[derive(Debug, Clone)]
pub struct Loaded {
    pub spec: ModelSpec,
    pub notes: Vec<String>,
    /// The first GGUF shard's header (every metadata key, for `inspect`); `None` for safetensors.
    pub header: Option<GgufFile>,
}

/// The hub reader: configuration, one HTTP agent, the cache, a byte counter and a cancel flag.
pub struct Hub {
    cfg: HubConfig,
    http: Http,
    cache: Cache,
}

impl Hub {
    pub fn new(cfg: HubConfig) -> Self {
        Self {
            http: Http::new(&cfg),
            cache: Cache::new(cfg.cache_dir.clone()),
            cfg,
        }
    }

    /// A reader that reports into `received` and stops when `cancel` is set (the caller keeps both).
    pub fn with_progress(
        cfg: HubConfig,
        received: Arc<AtomicU64>,
        cancel: Arc<AtomicBool>,
    ) -> Self {
        let mut hub = Self::new(cfg);
        hub.http.received = received;
        hub.http.cancel = cancel;
        hub
    }

    pub fn config(&self) -> &HubConfig {
        &self.cfg
    }

    /// Body bytes received so far (progress; the tests' budget).
    pub fn received(&self) -> Arc<AtomicU64> {
        Arc::clone(&self.http.received)
    }

    /// Set to stop at the next request or chunk.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.http.cancel)
    }

    fn endpoint(&self) -> &str {
        self.cfg.endpoint.trim_end_matches('/')
    }

    fn file_url(&self, repo: &str, revision: &str, path: &str) -> String {
        format!(
            "{}/{repo}/resolve/{}/{}",
            self.endpoint(),
            encode_path(revision),
            encode_path(path)
        )
    }

    /// The repository's files with sizes (hub API `models/{repo}` and its `tree`), cached for offline use.
    pub fn list(
        &self,
        repo: &str,
        revision: Option<&str>,
        notes: &mut Vec<String>,
    ) -> Result<Listing, HubError> {
        let rev = revision.unwrap_or("main");
        let key = ["hf", repo, rev, "_listing"];
        let online = if self.cfg.offline {
            Err(HubError::Offline {
                url: format!("{}/api/models/{repo}", self.endpoint()),
                detail: "HF_HUB_OFFLINE is set".into(),
            })
        } else {
            self.list_online(repo, revision)
        };
        match online {
            Ok(listing) => {
                if let Ok(json) = serde_json::to_vec(&listing) {
                    let record = Record {
                        url: format!("{}/api/models/{repo}", self.endpoint()),
                        etag: None,
                        total: json.len() as u64,
                        fetched_at: cache::now_secs(),
                    };
                    self.cache.put(&key, &record, &json);
                }
                Ok(listing)
            }
            Err(e @ (HubError::Offline { .. } | HubError::Timeout { .. })) => {
                let cached = self.cache.get(&key).and_then(|c| {
                    Some((serde_json::from_slice::<Listing>(&c.bytes).ok()?, c.record))
                });
                match cached {
                    Some((listing, record)) => {
                        notes.push(format!(
                            "offline ({e}): using the file list of hf:{repo} cached {}",
                            age(record.fetched_at)
                        ));
                        Ok(listing)
                    }
                    None => Err(e),
                }
            }
            Err(e) => Err(e),
        }
    }

    fn list_online(&self, repo: &str, revision: Option<&str>) -> Result<Listing, HubError> {
        let what = format!("hf:{repo}");
        let info_url = match revision {
            Some(r) => format!(
                "{}/api/models/{repo}/revision/{}",
                self.endpoint(),
                encode_path(r)
            ),
            None => format!("{}/api/models/{repo}", self.endpoint()),
        };
        let (info, _) = self.http.get_json(&info_url, &what, MAX_JSON, None)?;
        let rev = revision.unwrap_or("main").to_owned();
        let mut files: Vec<RepoFile> = Vec::new();
        let mut url = Some(format!(
            "{}/api/models/{repo}/tree/{}?recursive=true",
            self.endpoint(),
            encode_path(&rev)
        ));
        let mut pages = 0;
        while let Some(u) = url.take() {
            pages += 1;
            if pages > MAX_TREE_PAGES {
                return Err(HubError::Invalid {
                    url: u,
                    what: format!("{what}: more than {MAX_TREE_PAGES} pages of files"),
                });
            }
            let (tree, next) = self.http.get_json(&u, &what, MAX_JSON, None)?;
            let items = tree.as_array().ok_or_else(|| HubError::Invalid {
                url: u.clone(),
                what: format!("{what}: the file tree is not a list"),
            })?;
            for item in items {
                if item.get("type").and_then(|t| t.as_str()) != Some("file") {
                    continue;
                }
                let Some(path) = item.get("path").and_then(|p| p.as_str()) else {
                    continue;
                };
                let size = item
                    .get("lfs")
                    .and_then(|l| l.get("size"))
                    .and_then(|s| s.as_u64())
                    .or_else(|| item.get("size").and_then(|s| s.as_u64()))
                    .unwrap_or(0);
                files.push(RepoFile {
                    path: path.to_owned(),
                    size,
                });
            }
            // Pages continue on the hub itself; a link elsewhere (a hostile mirror) is not followed.
            url = next.filter(|n| http::same_origin(n, self.endpoint()));
        }
        // Files the tree did not list (an endpoint without tree support) still come from `siblings`.
        if let Some(siblings) = info.get("siblings").and_then(|s| s.as_array()) {
            for s in siblings {
                if let Some(name) = s.get("rfilename").and_then(|n| n.as_str())
                    && !files.iter().any(|f| f.path == name)
                {
                    files.push(RepoFile {
                        path: name.to_owned(),
                        size: s.get("size").and_then(|v| v.as_u64()).unwrap_or(0),
                    });
                }
            }
        }
        files.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(Listing {
            repo: repo.to_owned(),
            revision: rev,
            files,
        })
    }

    /// Reads a model from a source that lives on a hub (`hf:…`, or `ollama:…` from the registry).
    pub fn load(&self, source: &ModelSource) -> Result<Loaded, HubError> {
        let mut notes = Vec::new();
        let (spec, header) = match source {
            ModelSource::Hf {
                repo,
                revision,
                quant,
                file,
            } => self.load_hf(
                repo,
                revision.as_deref(),
                quant.as_deref(),
                file.as_deref(),
                &mut notes,
            )?,
            ModelSource::Ollama { name, tag } => {
                self.load_ollama(name, tag.as_deref().unwrap_or("latest"), &mut notes)?
            }
            other => {
                return Err(HubError::Invalid {
                    url: other.to_string(),
                    what: "not a hub model".into(),
                });
            }
        };
        Ok(Loaded {
            spec,
            notes,
            header,
        })
    }

    fn load_hf(
        &self,
        repo: &str,
        revision: Option<&str>,
        quant: Option<&str>,
        file: Option<&str>,
        notes: &mut Vec<String>,
    ) -> Result<(ModelSpec, Option<GgufFile>), HubError> {
        let rev = revision.unwrap_or("main");
        if let Some(file) = file {
            let lower = file.to_ascii_lowercase();
            if lower.ends_with(".gguf") {
                return self.gguf_model(repo, rev, file, notes);
            }
            if lower.ends_with(".safetensors")
                || lower.ends_with("config.json")
                || lower.ends_with(".index.json")
            {
                let listing = self.list(repo, revision, notes)?;
                return Ok((self.safetensors_model(&listing, notes)?, None));
            }
            return Err(HubError::Invalid {
                url: self.file_url(repo, rev, file),
                what: "not a model file (expected .gguf, .safetensors or config.json)".into(),
            });
        }
        let listing = self.list(repo, revision, notes)?;
        let quants = quants(&listing);
        if let Some(q) = quant {
            let found = quants
                .iter()
                .find(|x| x.quant.eq_ignore_ascii_case(q))
                .ok_or_else(|| HubError::NoQuant {
                    repo: repo.to_owned(),
                    quant: q.to_owned(),
                    available: quants.iter().map(|x| x.quant.clone()).collect(),
                })?;
            return self.quant_model(&listing, found, notes);
        }
        let has_safetensors = listing
            .files
            .iter()
            .any(|f| f.path.ends_with(".safetensors"))
            && listing.files.iter().any(|f| f.path == "config.json");
        if has_safetensors {
            return Ok((self.safetensors_model(&listing, notes)?, None));
        }
        match quants.as_slice() {
            [] => Err(HubError::NoModel {
                repo: repo.to_owned(),
            }),
            [only] => self.quant_model(&listing, only, notes),
            many => match many.iter().find(|q| q.quant == "Q4_K_M") {
                Some(q4) => {
                    notes.push(format!(
                        "hf:{repo} has {} quants; reading Q4_K_M (pick another with hf:{repo}:QUANT)",
                        many.len()
                    ));
                    self.quant_model(&listing, q4, notes)
                }
                None => Err(HubError::NeedQuant {
                    repo: repo.to_owned(),
                    available: many.iter().map(|q| q.quant.clone()).collect(),
                }),
            },
        }
    }

    fn quant_model(
        &self,
        listing: &Listing,
        quant: &Quant,
        notes: &mut Vec<String>,
    ) -> Result<(ModelSpec, Option<GgufFile>), HubError> {
        let first = quant.files.first().ok_or_else(|| HubError::NoModel {
            repo: listing.repo.clone(),
        })?;
        let (mut spec, header) = self.gguf_model(&listing.repo, &listing.revision, first, notes)?;
        if spec.file_type.is_none() {
            spec.file_type = Some(quant.quant.clone());
        }
        Ok((spec, header))
    }

    /// Every shard's header of a GGUF model in a repository (any shard's path given).
    fn gguf_model(
        &self,
        repo: &str,
        rev: &str,
        path: &str,
        notes: &mut Vec<String>,
    ) -> Result<(ModelSpec, Option<GgufFile>), HubError> {
        let first = self.gguf_header(repo, rev, path, notes)?;
        let count = first
            .get_u32("split.count")
            .or_else(|| gguf::split_position(std::path::Path::new(path)).map(|(_, c)| c))
            .unwrap_or(1);
        let mut shards = vec![];
        if count > 1 {
            let this = gguf::split_position(std::path::Path::new(path)).map_or(1, |(n, _)| n);
            for no in 1..=count.min(1024) {
                if no == this {
                    shards.push(first.clone());
                    continue;
                }
                let p = shard_name(path, no, count).ok_or_else(|| HubError::Invalid {
                    url: self.file_url(repo, rev, path),
                    what: format!("a split model ({count} shards) whose file name does not say which shard it is"),
                })?;
                shards.push(self.gguf_header(repo, rev, &p, notes)?);
            }
        } else {
            shards.push(first);
        }
        let mut spec = super::from_gguf::spec_from_shards(&shards);
        if spec.name.is_empty() {
            spec.name = format!("{repo}/{path}");
        }
        Ok((spec, shards.into_iter().next()))
    }

    fn gguf_header(
        &self,
        repo: &str,
        rev: &str,
        path: &str,
        notes: &mut Vec<String>,
    ) -> Result<GgufFile, HubError> {
        let url = self.file_url(repo, rev, path);
        let label = format!("hf:{repo}/{path}");
        self.read_prefix(
            &url,
            &label,
            &["hf", repo, rev, path],
            true,
            notes,
            |r, total| {
                let file = gguf::read_header(r, total, std::path::Path::new(&label))?;
                let used = file.data_offset;
                Ok((file, used))
            },
        )
    }

    /// A safetensors repository: `config.json`, then each shard's 8-byte length and JSON header by Range.
    fn safetensors_model(
        &self,
        listing: &Listing,
        notes: &mut Vec<String>,
    ) -> Result<ModelSpec, HubError> {
        let repo = &listing.repo;
        let rev = &listing.revision;
        let config_url = self.file_url(repo, rev, "config.json");
        let config = match listing.files.iter().find(|f| f.path == "config.json") {
            Some(_) => {
                let bytes = self.read_prefix(
                    &config_url,
                    &format!("hf:{repo}/config.json"),
                    &["hf", repo, rev, "config.json"],
                    true,
                    notes,
                    |r, total| {
                        if total > MAX_CONFIG {
                            return Err(HubError::TooLarge {
                                url: config_url.clone(),
                                limit: MAX_CONFIG,
                            });
                        }
                        let mut buf = Vec::with_capacity(total as usize);
                        r.take(total)
                            .read_to_end(&mut buf)
                            .map_err(|e| HubError::Invalid {
                                url: config_url.clone(),
                                what: e.to_string(),
                            })?;
                        Ok((buf, total))
                    },
                )?;
                Some(
                    serde_json::from_slice::<serde_json::Value>(&bytes).map_err(|e| {
                        HubError::Invalid {
                            url: config_url.clone(),
                            what: format!("config.json is not valid JSON ({e})"),
                        }
                    })?,
                )
            }
            None => None,
        };
        let shards: Vec<&RepoFile> = listing
            .files
            .iter()
            .filter(|f| f.path.ends_with(".safetensors") && !f.path.contains('/'))
            .collect();
        if shards.is_empty() {
            return Err(HubError::NoModel { repo: repo.clone() });
        }
        let mut tensors = Vec::new();
        let mut file_bytes = 0u64;
        for shard in shards {
            let url = self.file_url(repo, rev, &shard.path);
            let label = format!("hf:{repo}/{}", shard.path);
            let (mut t, total) = self.read_prefix(
                &url,
                &label,
                &["hf", repo, rev, &shard.path],
                true,
                notes,
                |r, total| {
                    let mut len = [0u8; 8];
                    r.read_exact(&mut len).map_err(|e| HubError::Truncated {
                        url: url.clone(),
                        got: 0,
                        expected: Some(8),
                        detail: e.to_string(),
                    })?;
                    let n = u64::from_le_bytes(len);
                    if n > safetensors::MAX_HEADER_BYTES || n > total.saturating_sub(8) {
                        return Err(HubError::Invalid {
                            url: url.clone(),
                            what: format!("the header claims {n} bytes; the file has {total} (not a safetensors file?)"),
                        });
                    }
                    let mut text = Vec::with_capacity(n as usize);
                    r.take(n).read_to_end(&mut text).map_err(|e| HubError::Invalid {
                        url: url.clone(),
                        what: e.to_string(),
                    })?;
                    if (text.len() as u64) < n {
                        return Err(HubError::Invalid {
                            url: url.clone(),
                            what: "the header ends early".into(),
                        });
                    }
                    let tensors = safetensors::parse_header(&text, std::path::Path::new(&label))?;
                    Ok(((tensors, total), 8 + n))
                },
            )?;
            file_bytes = file_bytes.saturating_add(total);
            tensors.append(&mut t);
        }
        let name = repo.rsplit('/').next().unwrap_or(repo).to_owned();
        Ok(safetensors::spec_from_parts(
            name,
            tensors,
            file_bytes,
            config.as_ref(),
        ))
    }

    /// `ollama:NAME[:TAG]` from the registry: the manifest, then the model layer's GGUF header by Range.
    fn load_ollama(
        &self,
        name: &str,
        tag: &str,
        notes: &mut Vec<String>,
    ) -> Result<(ModelSpec, Option<GgufFile>), HubError> {
        let parts: Vec<&str> = name.split('/').filter(|p| !p.is_empty()).collect();
        let (ns, model) = match parts.as_slice() {
            [m] => ("library", *m),
            [.., ns, m] => (*ns, *m),
            [] => ("library", ""),
        };
        let what = format!("ollama:{name}:{tag}");
        let reg = self.cfg.ollama_registry.trim_end_matches('/');
        let url = format!("{reg}/v2/{ns}/{model}/manifests/{}", encode_path(tag));
        let key = ["ollama", &format!("{ns}/{model}"), tag, "_manifest"];
        let fetched = if self.cfg.offline {
            Err(HubError::Offline {
                url: url.clone(),
                detail: "HF_HUB_OFFLINE is set".into(),
            })
        } else {
            self.http.get_json(
                &url,
                &what,
                1 << 20,
                Some("application/vnd.docker.distribution.manifest.v2+json"),
            )
        };
        let manifest = match fetched {
            Ok((m, _)) => {
                if let Ok(bytes) = serde_json::to_vec(&m) {
                    let record = Record {
                        url: url.clone(),
                        etag: None,
                        total: bytes.len() as u64,
                        fetched_at: cache::now_secs(),
                    };
                    self.cache.put(&key, &record, &bytes);
                }
                m
            }
            Err(e @ (HubError::Offline { .. } | HubError::Timeout { .. })) => {
                let cached = self.cache.get(&key).and_then(|c| {
                    Some((
                        serde_json::from_slice::<serde_json::Value>(&c.bytes).ok()?,
                        c.record,
                    ))
                });
                let Some((m, record)) = cached else {
                    return Err(e);
                };
                notes.push(format!(
                    "offline ({e}): using the manifest of {what} cached {}",
                    age(record.fetched_at)
                ));
                m
            }
            Err(HubError::NotFound { url, status, .. }) => {
                return Err(HubError::NotFound {
                    what: format!("{what}: not in the local Ollama store nor in the registry"),
                    url,
                    status,
                });
            }
            Err(e) => return Err(e),
        };
        let digest = manifest
            .get("layers")
            .and_then(|l| l.as_array())
            .and_then(|layers| {
                layers.iter().find(|l| {
                    l.get("mediaType").and_then(|m| m.as_str())
                        == Some("application/vnd.ollama.image.model")
                })
            })
            .and_then(|l| l.get("digest"))
            .and_then(|d| d.as_str())
            .filter(|d| {
                d.strip_prefix("sha256:")
                    .is_some_and(|h| h.len() == 64 && h.chars().all(|c| c.is_ascii_hexdigit()))
            })
            .ok_or_else(|| HubError::Invalid {
                url: url.clone(),
                what: format!("{what}: the manifest names no model layer"),
            })?
            .to_owned();
        let blob = format!("{reg}/v2/{ns}/{model}/blobs/{digest}");
        // Blobs are content-addressed: a cached header of this digest never needs revalidating.
        let file = self.read_prefix(
            &blob,
            &what,
            &["ollama-blob", &digest],
            false,
            notes,
            |r, total| {
                let file = gguf::read_header(r, total, std::path::Path::new(&what))?;
                let used = file.data_offset;
                Ok((file, used))
            },
        )?;
        let mut spec = super::from_gguf::spec_from_shards(std::slice::from_ref(&file));
        if spec.name.is_empty() {
            spec.name = format!("{name}:{tag}");
        }
        Ok((spec, Some(file)))
    }

    /// Reads the start of a remote file through `parse` (which returns its value and how many bytes of the
    /// file it used): from the cache when the ETag still matches (or when offline, with a note), else by Range
    /// requests in `CHUNK` steps, growing until `parse` is done; then caches the used bytes.
    fn read_prefix<T>(
        &self,
        url: &str,
        what: &str,
        key: &[&str],
        revalidate: bool,
        notes: &mut Vec<String>,
        parse: impl Fn(&mut Ranged<'_>, u64) -> Result<(T, u64), HubError>,
    ) -> Result<T, HubError> {
        if let Some(entry) = self.cache.get(key) {
            let state = match (&entry.record.etag, revalidate) {
                _ if self.cfg.offline => Validation::Offline("HF_HUB_OFFLINE is set".into()),
                (_, false) => Validation::Unchanged,
                (Some(etag), true) => self.http.validate(url, what, etag)?,
                (None, true) => Validation::Changed,
            };
            let offline = match &state {
                Validation::Offline(detail) => Some(detail.clone()),
                _ => None,
            };
            if !matches!(state, Validation::Changed) {
                let mut r = Ranged::cached(entry.bytes, entry.record.total);
                if let Ok((value, _)) = parse(&mut r, entry.record.total) {
                    if let Some(detail) = offline {
                        notes.push(format!(
                            "offline ({detail}): using the header of {what} cached {}",
                            age(entry.record.fetched_at)
                        ));
                    }
                    return Ok(value);
                }
            }
        }
        if self.cfg.offline {
            return Err(HubError::Offline {
                url: url.to_owned(),
                detail: "HF_HUB_OFFLINE is set and this header is not in the cache".into(),
            });
        }
        let first = self.http.get_range(url, what, 0, CHUNK)?;
        let total = first.total;
        let etag = first.etag.clone();
        let mut fetch = |start: u64, len: u64| -> Result<Vec<u8>, HubError> {
            let reply = self.http.get_range(url, what, start, len)?;
            if reply.total != total || reply.etag != etag {
                return Err(HubError::Invalid {
                    url: url.to_owned(),
                    what: format!(
                        "{what} changed on the server while its header was read; try again"
                    ),
                });
            }
            Ok(reply.bytes)
        };
        let mut r = Ranged {
            buf: first.bytes,
            pos: 0,
            total,
            fetch: Some(&mut fetch),
            error: None,
            url,
        };
        let result = parse(&mut r, total);
        let fetch_error = r.error.take();
        let buf = std::mem::take(&mut r.buf);
        let (value, used) = match (result, fetch_error) {
            (_, Some(e)) | (Err(e), None) => return Err(e),
            (Ok(v), None) => v,
        };
        let keep = (used.min(buf.len() as u64)) as usize;
        let record = Record {
            url: url.to_owned(),
            etag,
            total,
            fetched_at: cache::now_secs(),
        };
        self.cache.put(key, &record, &buf[..keep]);
        Ok(value)
    }
}

/// Fetches `len` bytes of the remote file from `start`.
type Fetch<'a> = dyn FnMut(u64, u64) -> Result<Vec<u8>, HubError> + 'a;

/// A `Read` over the start of a remote file: serves what was fetched, fetches the next `CHUNK` when the
/// reader runs past it (never beyond `MAX_HEADER`), reports end of file at the remote file's end. A fetch
/// failure is kept in `error` (the parser only sees an I/O error) so the caller reports the real cause.
pub struct Ranged<'a> {
    buf: Vec<u8>,
    pos: usize,
    total: u64,
    fetch: Option<&'a mut Fetch<'a>>,
    error: Option<HubError>,
    url: &'a str,
}

impl Ranged<'_> {
    fn cached(buf: Vec<u8>, total: u64) -> Self {
        Ranged {
            buf,
            pos: 0,
            total,
            fetch: None,
            error: None,
            url: "",
        }
    }
}

impl Read for Ranged<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if self.pos >= self.buf.len() {
            let have = self.buf.len() as u64;
            if have >= self.total {
                return Ok(0);
            }
            let Some(fetch) = self.fetch.as_mut() else {
                // A cached prefix that is too short: the caller falls back to the network.
                return Err(std::io::Error::other("the cached header is incomplete"));
            };
            if have >= MAX_HEADER {
                self.error = Some(HubError::TooLarge {
                    url: self.url.to_owned(),
                    limit: MAX_HEADER,
                });
                return Err(std::io::Error::other("header too large"));
            }
            let len = CHUNK.min(self.total - have).min(MAX_HEADER - have);
            match fetch(have, len) {
                Ok(bytes) if !bytes.is_empty() => self.buf.extend_from_slice(&bytes),
                Ok(_) => return Ok(0),
                Err(e) => {
                    let msg = e.to_string();
                    self.error = Some(e);
                    return Err(std::io::Error::other(msg));
                }
            }
        }
        let n = out.len().min(self.buf.len() - self.pos);
        out[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// "3 min ago", "5 h ago", "2 days ago".
fn age(fetched_at: u64) -> String {
    let s = cache::now_secs().saturating_sub(fetched_at);
    match s {
        0..120 => format!("{s} s ago"),
        120..7200 => format!("{} min ago", s / 60),
        7200..172_800 => format!("{} h ago", s / 3600),
        _ => format!("{} days ago", s / 86_400),
    }
}

/// Percent-encodes what a URL path must not hold raw (spaces, `#`, `?`, `%` …), keeping `/`.
fn encode_path(p: &str) -> String {
    let mut out = String::with_capacity(p.len());
    for b in p.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'/' | b'-' | b'_' | b'.' | b'~' | b'+' | b'@')
        {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `dir/name-00002-of-00003.gguf` with shard `no` → `dir/name-0000N-of-00003.gguf`.
fn shard_name(path: &str, no: u32, count: u32) -> Option<String> {
    let cut = path.rfind("-of-")?.checked_sub(6)?;
    let prefix = path.get(..cut)?;
    Some(format!("{prefix}-{no:05}-of-{count:05}.gguf"))
}

/// Quant names as quantizers write them into file names (llama-quantize's ftypes, unsloth's `UD-` dynamic
/// quants); `None` only if the constant pattern failed to compile, which the unit test rules out.
fn quant_regex() -> Option<&'static Regex> {
    static RE: std::sync::OnceLock<Option<Regex>> = std::sync::OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(
            r"(?i)(?:^|[-_.])((?:UD-)?(?:IQ[1-4]_(?:XXS|XS|S|M|NL|L)|I?Q[1-8]_K(?:_(?:XXL|XL|S|M|L))?|Q4_0_[48]_[48]|Q[4-8]_[01]|TQ[12]_0|MXFP4(?:_MOE)?|BF16|F16|FP16|F32))(?:$|[-_.])",
        )
        .ok()
    })
    .as_ref()
}

/// The quant label of a GGUF file name (`Qwen3-8B-UD-Q4_K_XL.gguf` → `UD-Q4_K_XL`), `None` for files that
/// are not a quant of the model (multimodal projectors) or name none.
pub fn quant_label(path: &str) -> Option<String> {
    let lower = path.to_ascii_lowercase();
    if !lower.ends_with(".gguf") {
        return None;
    }
    let file = path.rsplit('/').next().unwrap_or(path);
    if file.to_ascii_lowercase().starts_with("mmproj") {
        return None;
    }
    let stem = &file[..file.len() - 5];
    // Drop the split suffix so `…-Q4_K_M-00001-of-00003` ends with the quant.
    let stem = match gguf::split_position(std::path::Path::new(file)) {
        Some(_) => stem.get(..stem.len().saturating_sub(15)).unwrap_or(stem),
        None => stem,
    };
    let from = |s: &str| {
        quant_regex()?
            .captures_iter(s)
            .last()
            .and_then(|c| c.get(1))
            .map(|m| {
                let q = m.as_str().to_ascii_uppercase();
                if q == "FP16" { "F16".to_owned() } else { q }
            })
    };
    from(stem).or_else(|| {
        // bartowski-style folders: `Q4_K_M/Model-Q4_K_M-00001-of-00002.gguf`.
        let dir = path.rsplit('/').nth(1)?;
        from(dir)
    })
}

/// The GGUF quants of a listing: split files grouped, sizes summed, ordered by size.
/// The quant names that exist in the repository a MODEL argument names (`hf:OWNER/REPO…`), from the hub's
/// listing (cached: the model read fetched it already); empty for other arguments or when it cannot be had.
pub fn repo_quants(arg: &str, cfg: &HubConfig) -> Vec<String> {
    let Ok(super::source::ModelSource::Hf { repo, revision, .. }) = arg.parse() else {
        return Vec::new();
    };
    let hub = Hub::new(cfg.clone());
    let mut notes = Vec::new();
    match hub.list(&repo, revision.as_deref(), &mut notes) {
        Ok(listing) => quants(&listing).into_iter().map(|q| q.quant).collect(),
        Err(_) => Vec::new(),
    }
}

pub fn quants(listing: &Listing) -> Vec<Quant> {
    struct Group {
        label: String,
        key: String,
        files: Vec<(u32, String)>,
        bytes: u64,
    }
    let mut groups: Vec<Group> = Vec::new();
    for f in &listing.files {
        let Some(label) = quant_label(&f.path) else {
            continue;
        };
        let split = gguf::split_position(std::path::Path::new(&f.path));
        // Shards of one model share the name before `-0000N-of-0000M`.
        let key = match split {
            Some(_) => f
                .path
                .get(..f.path.len().saturating_sub(20))
                .unwrap_or(&f.path)
                .to_owned(),
            None => f.path.clone(),
        };
        let no = split.map_or(1, |(n, _)| n);
        match groups.iter_mut().find(|g| g.key == key) {
            Some(g) => {
                g.files.push((no, f.path.clone()));
                g.bytes = g.bytes.saturating_add(f.size);
            }
            None => groups.push(Group {
                label,
                key,
                files: vec![(no, f.path.clone())],
                bytes: f.size,
            }),
        }
    }
    let mut out: Vec<Quant> = groups
        .iter()
        .map(|g| {
            let mut files = g.files.clone();
            files.sort();
            let files: Vec<String> = files.into_iter().map(|(_, p)| p).collect();
            let ambiguous = groups.iter().filter(|o| o.label == g.label).count() > 1;
            let id = if ambiguous {
                format!(
                    "hf:{}/{}",
                    listing.repo,
                    files.first().map_or("", String::as_str)
                )
            } else {
                format!("hf:{}:{}", listing.repo, g.label)
            };
            Quant {
                quant: g.label.clone(),
                id,
                shards: files.len() as u32,
                files,
                file_bytes: g.bytes,
            }
        })
        .collect();
    out.sort_by(|a, b| a.file_bytes.cmp(&b.file_bytes).then(a.quant.cmp(&b.quant)));
    out
}

/// The quant whose header stands for the whole repository when judging fits (headers of one model's quants
/// differ only in tensor types): Q4_K_M when present, else the smallest.
pub fn representative(quants: &[Quant]) -> Option<&Quant> {
    quants
        .iter()
        .find(|q| q.quant == "Q4_K_M")
        .or_else(|| quants.first())
}

/// The model as another quant of the same repository would describe it: the tensor table of `base` with
/// the quantized (non-F32) tensors scaled so the file comes to `file_bytes`. The real header of that quant
/// differs per tensor, not in total — which is what a fit badge needs.
pub fn spec_at_size(base: &ModelSpec, quant: &Quant) -> ModelSpec {
    let mut spec = base.clone();
    let header = base.file_bytes.saturating_sub(base.tensor_bytes);
    let fixed: u64 = base
        .tensors
        .iter()
        .filter(|t| t.ggml_type == 0)
        .map(|t| t.bytes)
        .sum();
    let scalable = base.tensor_bytes.saturating_sub(fixed);
    let target = quant
        .file_bytes
        .saturating_sub(header)
        .saturating_sub(fixed);
    if scalable > 0 && target > 0 {
        let f = target as f64 / scalable as f64;
        for t in spec.tensors.iter_mut().filter(|t| t.ggml_type != 0) {
            t.bytes = (t.bytes as f64 * f).round() as u64;
        }
    }
    spec.tensor_bytes = spec.tensors.iter().map(|t| t.bytes).sum();
    spec.file_bytes = quant.file_bytes;
    spec.file_type = Some(quant.quant.clone());
    spec
}

/// The context a quant's fit badge is judged at (a working size; the training context of today's models —
/// 128k–1M — would make every badge "spills" and hide the difference between quants).
pub const BADGE_CTX: u32 = 8192;

/// Each quant's verdict for `req` (its GPUs), from the representative header `base` scaled to the quant's
/// size; `None` where the engine cannot judge (no tensors).
pub fn quant_verdicts(
    base: &ModelSpec,
    quants: &[Quant],
    req: &crate::fit::FitRequest,
) -> Vec<Option<crate::fit::Verdict>> {
    quants
        .iter()
        .map(|q| {
            crate::fit::estimate(&spec_at_size(base, q), req)
                .ok()
                .map(|r| r.verdict)
        })
        .collect()
}

/// The short word for a verdict in a quant table.
pub fn verdict_word(v: crate::fit::Verdict) -> &'static str {
    use crate::fit::Verdict;
    match v {
        Verdict::Fits => "fits",
        Verdict::Tight => "tight",
        Verdict::Spills => "spills",
        Verdict::DoesNotFit => "no",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quant_labels_from_real_naming_schemes() {
        let cases = [
            ("Qwen3-8B-Q4_K_M.gguf", Some("Q4_K_M")),
            ("Qwen3-8B-UD-Q4_K_XL.gguf", Some("UD-Q4_K_XL")),
            ("gemma-3-27b-it-IQ4_XS.gguf", Some("IQ4_XS")),
            (
                "Q4_K_M/Qwen3-235B-A22B-Q4_K_M-00001-of-00003.gguf",
                Some("Q4_K_M"),
            ),
            (
                "UD-Q2_K_XL/DeepSeek-R1-00001-of-00005.gguf",
                Some("UD-Q2_K_XL"),
            ),
            ("Meta-Llama-3.1-8B-Instruct-f16.gguf", Some("F16")),
            ("model-bf16.gguf", Some("BF16")),
            ("gpt-oss-20b-MXFP4.gguf", Some("MXFP4")),
            ("Mistral-7B-Q8_0.gguf", Some("Q8_0")),
            ("mmproj-F16.gguf", None),
            ("README.md", None),
            ("model.gguf", None),
        ];
        for (path, want) in cases {
            assert_eq!(quant_label(path).as_deref(), want, "{path}");
        }
    }

    #[test]
    fn split_files_group_into_one_quant() {
        let file = |p: &str, size: u64| RepoFile {
            path: p.into(),
            size,
        };
        let listing = Listing {
            repo: "o/r".into(),
            revision: "main".into(),
            files: vec![
                file("Q4_K_M/M-Q4_K_M-00002-of-00002.gguf", 40),
                file("Q4_K_M/M-Q4_K_M-00001-of-00002.gguf", 50),
                file("M-Q8_0.gguf", 170),
                file("mmproj-F16.gguf", 9),
                file("README.md", 1),
            ],
        };
        let q = quants(&listing);
        assert_eq!(q.len(), 2);
        assert_eq!(q[0].quant, "Q4_K_M");
        assert_eq!(q[0].file_bytes, 90);
        assert_eq!(q[0].shards, 2);
        assert_eq!(q[0].files[0], "Q4_K_M/M-Q4_K_M-00001-of-00002.gguf");
        assert_eq!(q[0].id, "hf:o/r:Q4_K_M");
        assert_eq!(q[1].id, "hf:o/r:Q8_0");
        assert_eq!(
            shard_name("Q4_K_M/M-Q4_K_M-00001-of-00002.gguf", 2, 2).as_deref(),
            Some("Q4_K_M/M-Q4_K_M-00002-of-00002.gguf")
        );
        assert_eq!(encode_path("a b/c#d"), "a%20b/c%23d");
    }
}
