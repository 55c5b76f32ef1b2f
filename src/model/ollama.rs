//! Ollama's local store: `ollama:NAME[:TAG]` → the GGUF blob. Layout (ollama/ollama server/modelpath.go,
//! manifest.go): `$OLLAMA_MODELS` (default `~/.ollama/models`; the Linux service uses
//! `/usr/share/ollama/.ollama/models`) holds `manifests/<host>/<namespace>/<model>/<tag>` (JSON listing the
//! layers) and `blobs/sha256-<hex>`; the layer with media type `application/vnd.ollama.image.model` is the GGUF.

use std::path::{Path, PathBuf};

const MODEL_MEDIA_TYPE: &str = "application/vnd.ollama.image.model";
/// Manifests are small JSON files; refuse anything implausibly large.
const MAX_MANIFEST_BYTES: u64 = 1 << 20;

/// Where Ollama keeps its models on this machine.
pub fn models_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("OLLAMA_MODELS").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let home = std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .map(PathBuf::from)
        .unwrap_or_default();
    let user = home.join(".ollama").join("models");
    let service = PathBuf::from("/usr/share/ollama/.ollama/models");
    if !user.exists() && service.exists() {
        service
    } else {
        user
    }
}

/// `llama3.1:8b` → manifest path components (host, namespace, model, tag).
fn manifest_path(dir: &Path, name: &str) -> PathBuf {
    let (name, tag) = match name.rsplit_once(':') {
        Some((n, t)) if !t.contains('/') => (n, t),
        _ => (name, "latest"),
    };
    let parts: Vec<&str> = name.split('/').filter(|p| !p.is_empty()).collect();
    let (host, ns, model) = match parts.as_slice() {
        [m] => ("registry.ollama.ai", "library", *m),
        [ns, m] => ("registry.ollama.ai", *ns, *m),
        [host, ns, m, ..] => (*host, *ns, *m),
        [] => ("registry.ollama.ai", "library", ""),
    };
    dir.join("manifests")
        .join(host)
        .join(ns)
        .join(model)
        .join(tag)
}

/// Whether `name` has a manifest in the local store (else it can only come from the registry).
pub fn is_pulled(dir: &Path, name: &str) -> bool {
    manifest_path(dir, name).is_file()
}

/// Path of the GGUF blob of `name` (`llama3.1`, `llama3.1:8b`, `user/model:tag`).
pub fn resolve(dir: &Path, name: &str) -> Result<PathBuf, String> {
    let manifest = manifest_path(dir, name);
    let size = std::fs::metadata(&manifest)
        .map_err(|_| {
            format!(
                "ollama:{name}: not in the local Ollama store ({} does not exist; `ollama pull {name}` first, or set OLLAMA_MODELS)",
                manifest.display()
            )
        })?
        .len();
    if size > MAX_MANIFEST_BYTES {
        return Err(format!(
            "{}: manifest is {size} bytes, not a manifest",
            manifest.display()
        ));
    }
    let text =
        std::fs::read_to_string(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
    let json: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| format!("{}: not valid JSON ({e})", manifest.display()))?;
    let digest = json
        .get("layers")
        .and_then(|l| l.as_array())
        .and_then(|layers| {
            layers
                .iter()
                .find(|l| l.get("mediaType").and_then(|m| m.as_str()) == Some(MODEL_MEDIA_TYPE))
        })
        .and_then(|l| l.get("digest"))
        .and_then(|d| d.as_str())
        .ok_or_else(|| format!("{}: no model layer in this manifest", manifest.display()))?;
    // Digests are "sha256:<64 hex>"; anything else could be a path trick.
    let hex = digest
        .strip_prefix("sha256:")
        .filter(|h| h.len() == 64 && h.chars().all(|c| c.is_ascii_hexdigit()))
        .ok_or_else(|| format!("{}: unexpected digest {digest:?}", manifest.display()))?;
    let blob = dir.join("blobs").join(format!("sha256-{hex}"));
    if !blob.exists() {
        return Err(format!(
            "ollama:{name}: the manifest names {}, which is missing (an interrupted pull?)",
            blob.display()
        ));
    }
    Ok(blob)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(dir: &Path, manifest_rel: &str, digest: &str, blob: bool) {
        let m = dir.join("manifests").join(manifest_rel);
        std::fs::create_dir_all(m.parent().expect("parent")).expect("mkdir");
        std::fs::write(
            &m,
            format!(
                r#"{{"schemaVersion":2,"layers":[{{"mediaType":"application/vnd.ollama.image.template","digest":"sha256:{t}"}},{{"mediaType":"{MODEL_MEDIA_TYPE}","digest":"sha256:{digest}","size":4}}]}}"#,
                t = "1".repeat(64)
            ),
        )
        .expect("write manifest");
        if blob {
            std::fs::create_dir_all(dir.join("blobs")).expect("blobs");
            std::fs::write(dir.join("blobs").join(format!("sha256-{digest}")), b"GGUF")
                .expect("blob");
        }
    }

    #[test]
    fn resolves_names_and_tags() {
        let dir = tempfile::tempdir().expect("tmp");
        let d = "a".repeat(64);
        store(
            dir.path(),
            "registry.ollama.ai/library/llama3.1/8b",
            &d,
            true,
        );
        store(
            dir.path(),
            "registry.ollama.ai/library/qwen3/latest",
            &"b".repeat(64),
            true,
        );
        store(
            dir.path(),
            "registry.ollama.ai/someone/tiny/q4",
            &"c".repeat(64),
            true,
        );
        assert!(
            resolve(dir.path(), "llama3.1:8b").is_ok_and(|p| p.ends_with(format!("sha256-{d}")))
        );
        assert!(resolve(dir.path(), "qwen3").is_ok());
        assert!(resolve(dir.path(), "someone/tiny:q4").is_ok());
    }

    #[test]
    fn broken_stores_give_clear_errors() {
        let dir = tempfile::tempdir().expect("tmp");
        store(
            dir.path(),
            "registry.ollama.ai/library/gone/latest",
            &"d".repeat(64),
            false,
        );
        store(
            dir.path(),
            "registry.ollama.ai/library/evil/latest",
            "../../etc/passwd",
            false,
        );
        let missing = resolve(dir.path(), "nothere").unwrap_err();
        assert!(
            missing.contains("not in the local Ollama store"),
            "{missing}"
        );
        assert!(resolve(dir.path(), "gone").unwrap_err().contains("missing"));
        assert!(
            resolve(dir.path(), "evil")
                .unwrap_err()
                .contains("unexpected digest")
        );
    }
}
