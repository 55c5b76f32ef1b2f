//! safetensors models: a `.safetensors` file (8-byte little-endian header length + JSON header), a sharded
//! `model.safetensors.index.json`, or a Hugging Face model directory with `config.json`. The header gives every
//! tensor's dtype, shape and byte range; `config.json` gives the hyper-parameters (transformers' names, mapped
//! to llama.cpp's). Tensor names are mapped to GGUF's (`model.layers.N.…` → `blk.N.…`) so the fit engine can
//! place layers. Headers are bounded: a length beyond the file or beyond 100 MiB is refused.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::spec::{HParams, ModelFormat, ModelSpec, PerLayer, TensorSpec};

/// Real headers are a few MB at most (tens of thousands of tensors).
const MAX_HEADER: u64 = 100 * 1024 * 1024;
const MAX_CONFIG: u64 = 4 * 1024 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum SafetensorsError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {what}")]
    Invalid { path: PathBuf, what: String },
}

fn invalid(path: &Path, what: impl Into<String>) -> SafetensorsError {
    SafetensorsError::Invalid {
        path: path.to_path_buf(),
        what: what.into(),
    }
}

/// Bytes per element of a safetensors dtype (`None` for dtypes this build does not know).
pub fn dtype_bytes(dtype: &str) -> Option<f64> {
    Some(match dtype {
        "F64" | "I64" | "U64" => 8.0,
        "F32" | "I32" | "U32" => 4.0,
        "F16" | "BF16" | "I16" | "U16" => 2.0,
        "F8_E4M3" | "F8_E5M2" | "F8_E8M0" | "I8" | "U8" | "BOOL" => 1.0,
        "F4" | "F6_E2M3" | "F6_E3M2" => 0.5,
        _ => return None,
    })
}

/// ggml type id used to represent a safetensors dtype in the tensor table (F32, F16, BF16, I8 …).
fn ggml_id(dtype: &str) -> u32 {
    match dtype {
        "F32" => 0,
        "F16" => 1,
        "BF16" => 30,
        "I8" | "U8" | "F8_E4M3" | "F8_E5M2" => 24,
        "I16" => 25,
        "I32" => 26,
        "I64" => 27,
        "F64" => 28,
        _ => u32::MAX,
    }
}

/// One file's tensors (names already in GGUF style).
pub fn read_header(path: &Path) -> Result<Vec<TensorSpec>, SafetensorsError> {
    let io = |source| SafetensorsError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut file = File::open(path).map_err(io)?;
    let file_len = file.metadata().map_err(io)?.len();
    let mut len = [0u8; 8];
    file.read_exact(&mut len)
        .map_err(|_| invalid(path, "shorter than a safetensors header (8 bytes)"))?;
    let n = u64::from_le_bytes(len);
    if n > MAX_HEADER || n > file_len.saturating_sub(8) {
        return Err(invalid(
            path,
            format!("header claims {n} bytes; the file has {file_len} (not a safetensors file?)"),
        ));
    }
    let mut text = vec![0u8; n as usize];
    file.read_exact(&mut text).map_err(io)?;
    parse_header(&text, path)
}

/// The largest JSON header accepted (real ones are a few MB).
pub const MAX_HEADER_BYTES: u64 = MAX_HEADER;

/// One file's tensors from its JSON header (the bytes after the 8-byte length); `path` names it in errors.
pub fn parse_header(text: &[u8], path: &Path) -> Result<Vec<TensorSpec>, SafetensorsError> {
    let json: Value = serde_json::from_slice(text)
        .map_err(|e| invalid(path, format!("header is not valid JSON ({e})")))?;
    let Value::Object(map) = json else {
        return Err(invalid(path, "header is not a JSON object"));
    };
    let mut tensors = Vec::with_capacity(map.len());
    for (name, info) in map {
        if name == "__metadata__" {
            continue;
        }
        let dtype = info.get("dtype").and_then(Value::as_str).unwrap_or("");
        let dims: Vec<u64> = info
            .get("shape")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_u64).collect())
            .unwrap_or_default();
        // Shapes from the file are hostile: an element count past 2^63 is no tensor (and would overflow
        // every size computed from it).
        if dims
            .iter()
            .try_fold(1u64, |a, &d| a.checked_mul(d))
            .is_none_or(|n| n > i64::MAX as u64)
        {
            return Err(invalid(
                path,
                format!("tensor {name:?} has shape {dims:?}: more than 2^63 elements"),
            ));
        }
        let offsets = info.get("data_offsets").and_then(Value::as_array);
        let bytes = match offsets.map(|o| {
            (
                o.first().and_then(Value::as_u64),
                o.get(1).and_then(Value::as_u64),
            )
        }) {
            Some((Some(a), Some(b))) if b >= a => b - a,
            _ => {
                let elems = dims
                    .iter()
                    .try_fold(1u64, |a, &d| a.checked_mul(d))
                    .unwrap_or(0);
                (elems as f64 * dtype_bytes(dtype).unwrap_or(2.0)) as u64
            }
        };
        tensors.push(TensorSpec {
            name: gguf_name(&name),
            ggml_type: ggml_id(dtype),
            // GGUF lists dims innermost first; safetensors outermost first.
            dims: dims.into_iter().rev().collect(),
            bytes,
        });
    }
    Ok(tensors)
}

/// `model.layers.12.self_attn.q_proj.weight` → `blk.12.attn_q.weight` (llama.cpp convert_hf_to_gguf names for
/// the common decoder layouts; unknown parts are kept, the block index is what placement needs).
pub fn gguf_name(hf: &str) -> String {
    let name = hf
        .strip_prefix("model.language_model.")
        .or_else(|| hf.strip_prefix("language_model.model."))
        .or_else(|| hf.strip_prefix("model."))
        .unwrap_or(hf);
    match name {
        "embed_tokens.weight" => return "token_embd.weight".into(),
        "norm.weight" => return "output_norm.weight".into(),
        _ => {}
    }
    if hf == "lm_head.weight" || hf.ends_with(".lm_head.weight") {
        return "output.weight".into();
    }
    let Some(rest) = name.strip_prefix("layers.") else {
        return hf.to_owned();
    };
    let Some((block, suffix)) = rest.split_once('.') else {
        return hf.to_owned();
    };
    let mapped = [
        ("self_attn.q_proj", "attn_q"),
        ("self_attn.k_proj", "attn_k"),
        ("self_attn.v_proj", "attn_v"),
        ("self_attn.o_proj", "attn_output"),
        ("mlp.gate_proj", "ffn_gate"),
        ("mlp.up_proj", "ffn_up"),
        ("mlp.down_proj", "ffn_down"),
        ("input_layernorm", "attn_norm"),
        ("post_attention_layernorm", "ffn_norm"),
        ("mlp.gate", "ffn_gate_inp"),
    ];
    // Routed experts (`mlp.experts.7.up_proj`, Mixtral `block_sparse_moe.experts.7.w1`) become the merged
    // `_exps` tensors llama.cpp keeps on the host with --cpu-moe.
    if let Some(pos) = suffix.find("experts.") {
        let after = &suffix[pos + "experts.".len()..];
        let part = after.split_once('.').map_or(after, |(_, p)| p);
        let kind = if part.starts_with("gate") || part.starts_with("w1") {
            "gate"
        } else if part.starts_with("down") || part.starts_with("w2") {
            "down"
        } else {
            "up"
        };
        return format!("blk.{block}.ffn_{kind}_exps.{part}");
    }
    for (from, to) in mapped {
        if let Some(tail) = suffix.strip_prefix(from)
            && (tail.is_empty() || tail.starts_with('.'))
        {
            return format!("blk.{block}.{to}{tail}");
        }
    }
    format!("blk.{block}.{suffix}")
}

fn read_json(path: &Path, limit: u64) -> Result<Value, SafetensorsError> {
    let io = |source| SafetensorsError::Io {
        path: path.to_path_buf(),
        source,
    };
    let len = std::fs::metadata(path).map_err(io)?.len();
    if len > limit {
        return Err(invalid(
            path,
            format!("{len} bytes: too large for this kind of file"),
        ));
    }
    let text = std::fs::read(path).map_err(io)?;
    serde_json::from_slice(&text).map_err(|e| invalid(path, format!("not valid JSON ({e})")))
}

/// The shard files of a model: one `.safetensors`, the files an index names, or those in a directory.
fn shard_files(path: &Path) -> Result<Vec<PathBuf>, SafetensorsError> {
    if path.is_dir() {
        let index = path.join("model.safetensors.index.json");
        if index.exists() {
            return shard_files(&index);
        }
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|source| SafetensorsError::Io {
                path: path.to_path_buf(),
                source,
            })?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "safetensors"))
            .collect();
        files.sort();
        return Ok(files);
    }
    if path.to_string_lossy().ends_with(".index.json") {
        let index = read_json(path, MAX_HEADER)?;
        let dir = path.parent().unwrap_or(Path::new("."));
        let mut files: Vec<PathBuf> = index
            .get("weight_map")
            .and_then(Value::as_object)
            .map(|m| {
                m.values()
                    .filter_map(Value::as_str)
                    // Shard names are plain file names; refuse paths that climb out of the folder.
                    .filter(|f| !f.contains('/') && !f.contains('\\') && !f.contains(".."))
                    .map(|f| dir.join(f))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        files.dedup();
        if files.is_empty() {
            return Err(invalid(path, "index has no weight_map"));
        }
        return Ok(files);
    }
    Ok(vec![path.to_path_buf()])
}

/// Reads a safetensors model (file, index or directory) and its `config.json` when present.
pub fn load(path: &Path) -> Result<ModelSpec, SafetensorsError> {
    let dir = if path.is_dir() {
        path.to_path_buf()
    } else {
        path.parent().unwrap_or(Path::new(".")).to_path_buf()
    };
    let mut tensors = Vec::new();
    let mut file_bytes = 0;
    for shard in shard_files(path)? {
        if !shard.exists() {
            return Err(invalid(
                path,
                format!("shard {} is missing", shard.display()),
            ));
        }
        file_bytes += std::fs::metadata(&shard).map(|m| m.len()).unwrap_or(0);
        tensors.extend(read_header(&shard)?);
    }
    let config_path = dir.join("config.json");
    let config = if config_path.exists() {
        Some(read_json(&config_path, MAX_CONFIG)?)
    } else {
        None
    };
    let name = dir
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("model")
        .to_owned();
    Ok(spec_from_parts(name, tensors, file_bytes, config.as_ref()))
}

/// The spec of a safetensors model from its shards' tensors, their total size and `config.json` (the hub
/// reader builds these from Range reads).
pub fn spec_from_parts(
    name: String,
    tensors: Vec<TensorSpec>,
    file_bytes: u64,
    config: Option<&Value>,
) -> ModelSpec {
    let mut spec = ModelSpec {
        name,
        format: ModelFormat::Safetensors,
        file_bytes,
        tensor_bytes: tensors.iter().map(|t| t.bytes).fold(0, u64::saturating_add),
        parameters: tensors
            .iter()
            .map(|t| t.dims.iter().product::<u64>())
            .fold(0, u64::saturating_add),
        ..ModelSpec::default()
    };
    if let Some(config) = config {
        apply_config(&mut spec, config);
    }
    spec.hparams.tied_embeddings =
        !tensors.iter().any(|t| t.name == "output.weight") || spec.hparams.tied_embeddings;
    spec.tensors = tensors;
    if spec.file_type.is_none() {
        spec.file_type = dominant_dtype(&spec.tensors);
    }
    spec
}

fn dominant_dtype(tensors: &[TensorSpec]) -> Option<String> {
    let mut best: Option<(u32, u64)> = None;
    for id in [0u32, 1, 30, 24] {
        let bytes: u64 = tensors
            .iter()
            .filter(|t| t.ggml_type == id)
            .map(|t| t.bytes)
            .sum();
        if bytes > best.map_or(0, |(_, b)| b) {
            best = Some((id, bytes));
        }
    }
    best.and_then(|(id, _)| super::ggml::by_id(id))
        .map(|t| t.name.to_owned())
}

/// transformers `model_type` → llama.cpp architecture name (convert_hf_to_gguf.py's mapping for the common ones).
pub fn llama_arch(model_type: &str) -> String {
    match model_type {
        "mistral" | "mixtral" | "llama" => "llama",
        "qwen2" => "qwen2",
        "qwen2_moe" => "qwen2moe",
        "qwen3" => "qwen3",
        "qwen3_moe" => "qwen3moe",
        "gemma3" | "gemma3_text" => "gemma3",
        "gemma2" => "gemma2",
        "phi3" => "phi3",
        "deepseek_v2" | "deepseek_v3" => "deepseek2",
        "gpt_oss" => "gpt-oss",
        other => other,
    }
    .to_owned()
}

/// Hyper-parameters from `config.json` (multimodal configs keep the LLM under `text_config`).
pub fn apply_config(spec: &mut ModelSpec, config: &Value) {
    let text = config
        .get("text_config")
        .filter(|t| t.is_object())
        .unwrap_or(config);
    let u = |k: &str| {
        text.get(k)
            .or_else(|| config.get(k))
            .and_then(Value::as_u64)
            .and_then(|v| u32::try_from(v).ok())
    };
    let model_type = text
        .get("model_type")
        .or_else(|| config.get("model_type"))
        .and_then(Value::as_str)
        .unwrap_or("");
    spec.architecture = llama_arch(model_type);
    let n_embd = u("hidden_size").unwrap_or(0);
    let n_head = u("num_attention_heads").unwrap_or(0);
    let head_dim = u("head_dim").unwrap_or(n_embd.checked_div(n_head).unwrap_or(0));
    let mut hp = HParams {
        n_layer: u("num_hidden_layers").unwrap_or(0),
        n_ctx_train: u("max_position_embeddings").unwrap_or(0),
        n_embd,
        n_ff: PerLayer::Uniform(u("intermediate_size").unwrap_or(0)),
        n_head: PerLayer::Uniform(n_head),
        n_head_kv: PerLayer::Uniform(u("num_key_value_heads").unwrap_or(n_head)),
        n_embd_head_k: head_dim,
        n_embd_head_v: head_dim,
        n_vocab: u("vocab_size").unwrap_or(0),
        n_swa: u("sliding_window").unwrap_or(0),
        n_expert: u("num_local_experts")
            .or_else(|| u("num_experts"))
            .or_else(|| u("n_routed_experts"))
            .unwrap_or(0),
        n_expert_used: u("num_experts_per_tok").unwrap_or(0),
        n_expert_shared: u("n_shared_experts").unwrap_or(0),
        n_ff_exp: u("moe_intermediate_size").unwrap_or(0),
        n_lora_kv: u("kv_lora_rank").unwrap_or(0),
        tied_embeddings: text
            .get("tie_word_embeddings")
            .or_else(|| config.get("tie_word_embeddings"))
            .and_then(Value::as_bool)
            .unwrap_or(false),
        ..HParams::default()
    };
    if let Some(types) = text.get("layer_types").and_then(Value::as_array) {
        hp.swa_layers = types
            .iter()
            .map(|t| t.as_str().is_some_and(|s| s.contains("sliding")))
            .collect();
    }
    if let Some(p) = u("sliding_window_pattern") {
        hp.swa_period = p;
    }
    spec.hparams = hp;
    spec.file_type = quantization_name(config).or_else(|| {
        text.get("torch_dtype")
            .or_else(|| config.get("torch_dtype"))
            .or_else(|| config.get("dtype"))
            .and_then(Value::as_str)
            .map(|d| match d {
                "bfloat16" => "BF16".to_owned(),
                "float16" => "F16".to_owned(),
                "float32" => "F32".to_owned(),
                other => other.to_uppercase(),
            })
    });
}

/// `quantization_config` → "bnb-4bit", "GPTQ-4bit", "AWQ-4bit", "FP8", …
fn quantization_name(config: &Value) -> Option<String> {
    let q = config.get("quantization_config")?;
    let method = q.get("quant_method").and_then(Value::as_str).unwrap_or("");
    let bits = q.get("bits").and_then(Value::as_u64);
    Some(match method {
        "bitsandbytes" => {
            if q.get("load_in_4bit").and_then(Value::as_bool) == Some(true) {
                "bnb-4bit".into()
            } else {
                "bnb-8bit".into()
            }
        }
        "gptq" | "awq" => format!("{}-{}bit", method.to_uppercase(), bits.unwrap_or(4)),
        "fp8" => "FP8".into(),
        "mxfp4" => "MXFP4".into(),
        other if !other.is_empty() => other.to_uppercase(),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hf_names_map_to_gguf_names() {
        assert_eq!(
            gguf_name("model.layers.3.self_attn.k_proj.weight"),
            "blk.3.attn_k.weight"
        );
        assert_eq!(gguf_name("model.embed_tokens.weight"), "token_embd.weight");
        assert_eq!(gguf_name("lm_head.weight"), "output.weight");
        assert_eq!(gguf_name("model.norm.weight"), "output_norm.weight");
        assert_eq!(
            gguf_name("model.layers.0.mlp.gate.weight"),
            "blk.0.ffn_gate_inp.weight"
        );
        assert!(
            gguf_name("model.layers.5.mlp.experts.17.down_proj.weight")
                .starts_with("blk.5.ffn_down_exps")
        );
        assert!(
            gguf_name("model.layers.1.block_sparse_moe.experts.0.w1.weight")
                .contains("ffn_gate_exps")
        );
    }
}
