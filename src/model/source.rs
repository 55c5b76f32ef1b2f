//! The model argument (CONTRACT.md `MODEL`), parsed once: a local path, `preset:ID[@QUANT]`,
//! `ollama:NAME[:TAG]`, or a Hugging Face repository (`hf:OWNER/REPO[@REV][:QUANT | /PATH]`, or a full
//! `https://huggingface.co/OWNER/REPO…` URL). `Display` writes the canonical argument back, so a parsed
//! source round-trips; serde uses that string.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// Where a model comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ModelSource {
    /// A file or folder on this machine.
    Path(PathBuf),
    /// A built-in catalog entry, at an optional quant.
    Preset { id: String, quant: Option<String> },
    /// An Ollama model (local store first, then the registry).
    Ollama { name: String, tag: Option<String> },
    /// A Hugging Face repository: one quant of it, one file, or (neither) the repository itself.
    Hf {
        repo: String,
        revision: Option<String>,
        quant: Option<String>,
        file: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{arg}: {what}")]
pub struct SourceError {
    pub arg: String,
    pub what: String,
}

fn bad(arg: &str, what: impl Into<String>) -> SourceError {
    SourceError {
        arg: arg.to_owned(),
        what: what.into(),
    }
}

/// Hub names: letters, digits, `-`, `_`, `.` (and not `.`/`..`), as the hub itself allows.
fn valid_name(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 96
        && s != "."
        && s != ".."
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// A file path inside a repository: relative, no `..`, no backslashes.
fn valid_repo_path(p: &str) -> bool {
    !p.is_empty()
        && !p.starts_with('/')
        && !p.contains('\\')
        && p.split('/')
            .all(|seg| !seg.is_empty() && seg != "." && seg != "..")
}

/// Revisions are branch names, tags or commit hashes (`refs/pr/1` too).
fn valid_revision(r: &str) -> bool {
    valid_repo_path(r) && !r.contains(':')
}

fn valid_quant(q: &str) -> bool {
    valid_name(q)
}

impl ModelSource {
    /// The Hugging Face repository form of `repo` (validated `OWNER/REPO`).
    fn hf(
        arg: &str,
        repo: &str,
        revision: Option<&str>,
        quant: Option<&str>,
        file: Option<&str>,
    ) -> Result<Self, SourceError> {
        let (owner, name) = repo.split_once('/').ok_or_else(|| {
            bad(
                arg,
                "expected hf:OWNER/REPO (e.g. hf:unsloth/Qwen3-8B-GGUF)",
            )
        })?;
        if !valid_name(owner) || !valid_name(name) {
            return Err(bad(
                arg,
                "a repository id is OWNER/REPO of letters, digits, '-', '_' and '.'",
            ));
        }
        if let Some(r) = revision
            && !valid_revision(r)
        {
            return Err(bad(arg, format!("{r:?} is not a revision")));
        }
        if let Some(q) = quant
            && !valid_quant(q)
        {
            return Err(bad(
                arg,
                format!("{q:?} is not a quant name (e.g. Q4_K_M, IQ4_XS, Q8_0)"),
            ));
        }
        if let Some(f) = file
            && !valid_repo_path(f)
        {
            return Err(bad(
                arg,
                format!("{f:?} is not a file path in a repository"),
            ));
        }
        Ok(Self::Hf {
            repo: format!("{owner}/{name}"),
            revision: revision.map(str::to_owned),
            quant: quant.map(str::to_owned),
            file: file.map(str::to_owned),
        })
    }

    /// `OWNER/REPO[@REV][:QUANT | /PATH]` (after `hf:`).
    fn parse_hf(arg: &str, rest: &str) -> Result<Self, SourceError> {
        let rest = rest.trim_matches('/');
        let mut parts = rest.splitn(3, '/');
        let owner = parts.next().unwrap_or("");
        let second = parts.next().unwrap_or("");
        let path = parts.next();
        // The quant (or revision) rides on the repository segment: `REPO@REV:QUANT`.
        let (name_rev, quant) = match second.split_once(':') {
            Some((n, q)) if path.is_none() => (n, Some(q)),
            Some(_) => return Err(bad(arg, "use either :QUANT or /PATH, not both")),
            None => (second, None),
        };
        let (name, revision) = match name_rev.split_once('@') {
            Some((n, r)) => (n, Some(r)),
            None => (name_rev, None),
        };
        Self::hf(arg, &format!("{owner}/{name}"), revision, quant, path)
    }

    /// `https://huggingface.co/OWNER/REPO[/tree/REV | /blob/REV/PATH | /resolve/REV/PATH]`.
    fn parse_url(arg: &str, rest: &str) -> Result<Self, SourceError> {
        let rest = rest.split(['?', '#']).next().unwrap_or("");
        let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
        let host = host.to_ascii_lowercase();
        if !matches!(
            host.as_str(),
            "huggingface.co" | "www.huggingface.co" | "hf.co"
        ) {
            return Err(bad(
                arg,
                "only Hugging Face URLs (https://huggingface.co/OWNER/REPO…) are model arguments",
            ));
        }
        let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        match segs.as_slice() {
            [owner, name] => Self::hf(arg, &format!("{owner}/{name}"), None, None, None),
            [owner, name, "tree", rev] => {
                Self::hf(arg, &format!("{owner}/{name}"), Some(rev), None, None)
            }
            [owner, name, "blob" | "resolve", rev, file @ ..] if !file.is_empty() => Self::hf(
                arg,
                &format!("{owner}/{name}"),
                Some(rev),
                None,
                Some(&file.join("/")),
            ),
            _ => Err(bad(
                arg,
                "expected https://huggingface.co/OWNER/REPO, …/tree/REV, …/blob/REV/FILE or …/resolve/REV/FILE",
            )),
        }
    }
}

impl FromStr for ModelSource {
    type Err = SourceError;

    fn from_str(arg: &str) -> Result<Self, Self::Err> {
        let s = arg.trim();
        if let Some(rest) = s.strip_prefix("preset:") {
            let (id, quant) = match rest.split_once('@') {
                Some((id, q)) => (id, Some(q)),
                None => (rest, None),
            };
            if id.is_empty() {
                return Err(bad(
                    arg,
                    "expected preset:ID (vram-doctor models --presets)",
                ));
            }
            return Ok(Self::Preset {
                id: id.to_owned(),
                quant: quant.filter(|q| !q.is_empty()).map(str::to_owned),
            });
        }
        if let Some(rest) = s.strip_prefix("ollama:") {
            // `user/model:tag`: a tag never holds '/', so a ':' before a '/' is not a tag separator.
            let (name, tag) = match rest.rsplit_once(':') {
                Some((n, t)) if !t.contains('/') => (n, Some(t)),
                _ => (rest, None),
            };
            let name_ok = !name.is_empty()
                && name
                    .split('/')
                    .all(|seg| seg != ".." && seg != "." && !seg.is_empty())
                && !name.contains('\\');
            if !name_ok || tag.is_some_and(|t| !valid_name(t)) {
                return Err(bad(
                    arg,
                    "expected ollama:NAME[:TAG] (e.g. ollama:qwen3:8b)",
                ));
            }
            return Ok(Self::Ollama {
                name: name.to_owned(),
                tag: tag.map(str::to_owned),
            });
        }
        if let Some(rest) = s.strip_prefix("hf:") {
            return Self::parse_hf(arg, rest);
        }
        for scheme in ["https://", "http://"] {
            if s.len() >= scheme.len() && s[..scheme.len()].eq_ignore_ascii_case(scheme) {
                return Self::parse_url(arg, &s[scheme.len()..]);
            }
        }
        if s.is_empty() {
            return Err(bad(arg, "empty model argument"));
        }
        Ok(Self::Path(PathBuf::from(arg)))
    }
}

impl fmt::Display for ModelSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Path(p) => write!(f, "{}", p.display()),
            Self::Preset { id, quant } => {
                write!(f, "preset:{id}")?;
                match quant {
                    Some(q) => write!(f, "@{q}"),
                    None => Ok(()),
                }
            }
            Self::Ollama { name, tag } => {
                write!(f, "ollama:{name}")?;
                match tag {
                    Some(t) => write!(f, ":{t}"),
                    None => Ok(()),
                }
            }
            Self::Hf {
                repo,
                revision,
                quant,
                file,
            } => {
                write!(f, "hf:{repo}")?;
                if let Some(r) = revision {
                    write!(f, "@{r}")?;
                }
                match (file, quant) {
                    (Some(p), _) => write!(f, "/{p}"),
                    (None, Some(q)) => write!(f, ":{q}"),
                    (None, None) => Ok(()),
                }
            }
        }
    }
}

impl serde::Serialize for ModelSource {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for ModelSource {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hf(repo: &str, rev: Option<&str>, quant: Option<&str>, file: Option<&str>) -> ModelSource {
        ModelSource::Hf {
            repo: repo.into(),
            revision: rev.map(Into::into),
            quant: quant.map(Into::into),
            file: file.map(Into::into),
        }
    }

    #[test]
    fn every_form_parses_and_round_trips() {
        let cases = [
            (
                "hf:unsloth/Qwen3-8B-GGUF",
                hf("unsloth/Qwen3-8B-GGUF", None, None, None),
            ),
            (
                "hf:unsloth/Qwen3-8B-GGUF:Q4_K_M",
                hf("unsloth/Qwen3-8B-GGUF", None, Some("Q4_K_M"), None),
            ),
            (
                "hf:unsloth/Qwen3-8B-GGUF@main:UD-Q4_K_XL",
                hf(
                    "unsloth/Qwen3-8B-GGUF",
                    Some("main"),
                    Some("UD-Q4_K_XL"),
                    None,
                ),
            ),
            (
                "hf:bartowski/X-GGUF/Q4_K_M/X-Q4_K_M-00001-of-00002.gguf",
                hf(
                    "bartowski/X-GGUF",
                    None,
                    None,
                    Some("Q4_K_M/X-Q4_K_M-00001-of-00002.gguf"),
                ),
            ),
            (
                "preset:llama-3.1-8b@Q5_K_M",
                ModelSource::Preset {
                    id: "llama-3.1-8b".into(),
                    quant: Some("Q5_K_M".into()),
                },
            ),
            (
                "ollama:someone/tiny:q4",
                ModelSource::Ollama {
                    name: "someone/tiny".into(),
                    tag: Some("q4".into()),
                },
            ),
            (
                "ollama:qwen3",
                ModelSource::Ollama {
                    name: "qwen3".into(),
                    tag: None,
                },
            ),
            (
                "/models/x.gguf",
                ModelSource::Path(PathBuf::from("/models/x.gguf")),
            ),
        ];
        for (arg, want) in cases {
            let got: ModelSource = arg.parse().unwrap_or_else(|e| panic!("{arg}: {e}"));
            assert_eq!(got, want, "{arg}");
            assert_eq!(got.to_string(), arg, "round trip");
            let json = serde_json::to_string(&got).expect("serialize");
            let back: ModelSource = serde_json::from_str(&json).expect("deserialize");
            assert_eq!(back, got);
        }
    }

    #[test]
    fn hub_urls_become_hf_sources() {
        let p = |s: &str| {
            s.parse::<ModelSource>()
                .unwrap_or_else(|e| panic!("{s}: {e}"))
        };
        assert_eq!(
            p("https://huggingface.co/Qwen/Qwen3-8B"),
            hf("Qwen/Qwen3-8B", None, None, None)
        );
        assert_eq!(
            p(
                "https://huggingface.co/unsloth/gemma-3-27b-it-GGUF/blob/main/gemma-3-27b-it-Q4_K_M.gguf?download=true"
            ),
            hf(
                "unsloth/gemma-3-27b-it-GGUF",
                Some("main"),
                None,
                Some("gemma-3-27b-it-Q4_K_M.gguf")
            )
        );
        assert_eq!(
            p("https://hf.co/a/b/resolve/abc123/sub/dir/m-00001-of-00003.gguf"),
            hf(
                "a/b",
                Some("abc123"),
                None,
                Some("sub/dir/m-00001-of-00003.gguf")
            )
        );
        assert_eq!(
            p("https://huggingface.co/a/b/tree/v1.0"),
            hf("a/b", Some("v1.0"), None, None)
        );
    }

    #[test]
    fn malformed_arguments_are_refused_with_the_reason() {
        for arg in [
            "hf:",
            "hf:justowner",
            "hf:a/../b",
            "hf:a/b/../../etc/passwd",
            "hf:a/b:Q4 K M",
            "hf:a b/c",
            "https://example.com/a/b",
            "https://huggingface.co/a/b/commits/main",
            "ollama:",
            "ollama:../x",
            "preset:",
            "",
        ] {
            assert!(arg.parse::<ModelSource>().is_err(), "{arg:?} accepted");
        }
    }
}
