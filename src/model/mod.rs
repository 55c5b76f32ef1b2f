//! Model files and what they say: GGUF reader (`gguf`, `ggml`, `from_gguf`), Ollama's store (`ollama`), and
//! `ModelSpec`, the description every engine consumes. `load` resolves the CLI/GUI model argument.

pub mod catalog;
pub mod from_gguf;
pub mod ggml;
pub mod gguf;
pub mod ollama;
pub mod quantize;
pub mod safetensors;
pub mod spec;
pub mod stores;

use std::path::Path;

pub use spec::{HParams, ModelFormat, ModelSpec, PerLayer, TensorSpec};

#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    #[error(transparent)]
    Gguf(#[from] gguf::GgufError),
    #[error(transparent)]
    Catalog(#[from] catalog::CatalogError),
    #[error(transparent)]
    Safetensors(#[from] safetensors::SafetensorsError),
    #[error("{0}")]
    Ollama(String),
    #[error("{path}: no such file or directory")]
    NotFound { path: String },
    #[error(
        "{path}: not a model file (expected a .gguf file, a .safetensors file or index, a folder with config.json, or ollama:NAME[:TAG])"
    )]
    Unsupported { path: String },
}

/// Resolves a model argument (CONTRACT.md `MODEL`): a `.gguf` path (any shard of a split model), a
/// `.safetensors` file, a `*.safetensors.index.json`, a folder with `config.json`, `ollama:NAME[:TAG]`, or
/// `preset:ID[@QUANT]` from the built-in catalog.
pub fn load(arg: &str) -> Result<ModelSpec, ModelError> {
    if let Some(preset) = arg.strip_prefix("preset:") {
        return Ok(catalog::load(preset)?);
    }
    if let Some(name) = arg.strip_prefix("ollama:") {
        let path = ollama::resolve(&ollama::models_dir(), name).map_err(ModelError::Ollama)?;
        let mut spec = load_gguf(&path)?;
        if spec.name.is_empty() || spec.name.starts_with("sha256") {
            spec.name = name.to_owned();
        }
        return Ok(spec);
    }
    let path = Path::new(arg);
    if !path.exists() {
        return Err(ModelError::NotFound { path: arg.into() });
    }
    let name = path.to_string_lossy();
    if path.is_dir() || name.ends_with(".safetensors") || name.ends_with(".safetensors.index.json")
    {
        return Ok(safetensors::load(path)?);
    }
    if path.is_file() {
        // GGUF files are recognised by their magic, whatever the extension (Ollama blobs have none).
        let mut magic = [0u8; 4];
        let is_gguf = std::fs::File::open(path)
            .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
            .is_ok()
            && &magic == b"GGUF";
        if is_gguf
            || path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("gguf"))
        {
            return load_gguf(path);
        }
    }
    Err(ModelError::Unsupported { path: arg.into() })
}

/// Reads a GGUF model (all shards when split) into a spec.
pub fn load_gguf(path: &Path) -> Result<ModelSpec, ModelError> {
    let shards = gguf::read_model(path)?;
    Ok(from_gguf::spec_from_shards(&shards))
}
