//! Model files and what they say: GGUF reader (`gguf`, `ggml`, `from_gguf`), Ollama's store (`ollama`), and
//! `ModelSpec`, the description every engine consumes. `load` resolves the CLI/GUI model argument.

pub mod catalog;
pub mod from_gguf;
pub mod ggml;
pub mod gguf;
pub mod hub;
pub mod ollama;
pub mod quantize;
pub mod safetensors;
pub mod source;
pub mod spec;
pub mod stores;

use std::path::Path;

pub use source::ModelSource;
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
    #[error(transparent)]
    Source(#[from] source::SourceError),
    #[error(transparent)]
    Hub(#[from] hub::HubError),
    #[error("{path}: no such file or directory")]
    NotFound { path: String },
    #[error(
        "{path}: not a model file (expected a .gguf file, a .safetensors file or index, a folder with config.json, or ollama:NAME[:TAG])"
    )]
    Unsupported { path: String },
}

/// Resolves a model argument (CONTRACT.md `MODEL`, parsed by `ModelSource`): a `.gguf` path (any shard of a
/// split model), a `.safetensors` file, a `*.safetensors.index.json`, a folder with `config.json`,
/// `ollama:NAME[:TAG]` (local store, else the registry), `preset:ID[@QUANT]`, or `hf:OWNER/REPO…` (headers
/// only, by HTTP Range; `$HF_ENDPOINT`, `$HF_TOKEN`).
pub fn load(arg: &str) -> Result<ModelSpec, ModelError> {
    let (spec, notes) = load_noted(arg)?;
    for n in notes {
        log::warn!("{n}");
    }
    Ok(spec)
}

/// `load`, with what the user should be told about how the model was read (offline cache, default quant).
pub fn load_noted(arg: &str) -> Result<(ModelSpec, Vec<String>), ModelError> {
    load_with(arg, &hub::HubConfig::from_env)
}

/// `load_noted` with the hub configuration made on demand (only hub sources need one).
pub fn load_with(
    arg: &str,
    hub_config: &dyn Fn() -> hub::HubConfig,
) -> Result<(ModelSpec, Vec<String>), ModelError> {
    let source: ModelSource = arg.parse()?;
    match &source {
        ModelSource::Preset { .. } => {
            let rest = arg.trim().strip_prefix("preset:").unwrap_or(arg);
            Ok((catalog::load(rest)?, vec![]))
        }
        ModelSource::Ollama { name, tag } => {
            let full = match tag {
                Some(t) => format!("{name}:{t}"),
                None => name.clone(),
            };
            let dir = ollama::models_dir();
            if !ollama::is_pulled(&dir, &full) {
                let loaded = hub::Hub::new(hub_config()).load(&source)?;
                return Ok((loaded.spec, loaded.notes));
            }
            let path = ollama::resolve(&dir, &full).map_err(ModelError::Ollama)?;
            let mut spec = load_gguf(&path)?;
            if spec.name.is_empty() || spec.name.starts_with("sha256") {
                spec.name = full;
            }
            Ok((spec, vec![]))
        }
        ModelSource::Hf { .. } => {
            let loaded = hub::Hub::new(hub_config()).load(&source)?;
            Ok((loaded.spec, loaded.notes))
        }
        ModelSource::Path(path) => Ok((load_path(arg, path)?, vec![])),
    }
}

fn load_path(arg: &str, path: &Path) -> Result<ModelSpec, ModelError> {
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
