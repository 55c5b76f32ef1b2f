//! GGUF header → `ModelSpec`: the `<arch>.*` hyper-parameters llama.cpp reads (src/llama-model.cpp
//! `load_hparams`, key names from src/llama-arch.cpp) and the tensor table, summed over shards.

use super::ggml;
use super::gguf::{GgufFile, MetaValue};
use super::spec::{HParams, ModelFormat, ModelSpec, PerLayer, TensorSpec};

/// Builds the spec from a model's shards (shard 1 first; it holds the metadata).
pub fn spec_from_shards(shards: &[GgufFile]) -> ModelSpec {
    let Some(first) = shards.first() else {
        return ModelSpec::default();
    };
    let arch = first
        .get_str("general.architecture")
        .unwrap_or("")
        .to_owned();
    let key = |k: &str| format!("{arch}.{k}");
    let get = |k: &str| first.get(&key(k));
    let get_u32 = |k: &str| get(k).and_then(MetaValue::as_u32).unwrap_or(0);

    let tensors: Vec<TensorSpec> = shards
        .iter()
        .flat_map(|s| s.tensors.iter())
        .map(|t| TensorSpec {
            name: t.name.clone(),
            ggml_type: t.ggml_type,
            dims: t.dims.clone(),
            bytes: t.bytes,
        })
        .collect();

    let n_layer = get_u32("block_count");
    let n_embd = get_u32("embedding_length");
    let n_head = per_layer(get("attention.head_count"));
    let n_head_kv = match get("attention.head_count_kv") {
        Some(v) => per_layer(Some(v)),
        None => n_head.clone(),
    };
    let head_for_default = n_head.max().max(1);
    let default_head_dim = if n_embd > 0 {
        n_embd / head_for_default
    } else {
        0
    };
    let mut hp = HParams {
        n_layer,
        n_ctx_train: get_u32("context_length"),
        n_embd,
        n_ff: per_layer(get("feed_forward_length")),
        n_head,
        n_head_kv,
        n_embd_head_k: get("attention.key_length")
            .and_then(MetaValue::as_u32)
            .unwrap_or(default_head_dim),
        n_embd_head_v: get("attention.value_length")
            .and_then(MetaValue::as_u32)
            .unwrap_or(default_head_dim),
        n_embd_head_k_swa: get_u32("attention.key_length_swa"),
        n_embd_head_v_swa: get_u32("attention.value_length_swa"),
        n_embd_head_k_mla: get_u32("attention.key_length_mla"),
        n_embd_head_v_mla: get_u32("attention.value_length_mla"),
        n_lora_kv: get_u32("attention.kv_lora_rank"),
        n_swa: get_u32("attention.sliding_window"),
        n_expert: get_u32("expert_count"),
        n_expert_used: get_u32("expert_used_count"),
        n_expert_shared: get_u32("expert_shared_count"),
        n_ff_exp: get_u32("expert_feed_forward_length"),
        ssm_d_conv: get_u32("ssm.conv_kernel"),
        ssm_d_inner: get_u32("ssm.inner_size"),
        ssm_d_state: get_u32("ssm.state_size"),
        ssm_n_group: get_u32("ssm.group_count"),
        ssm_dt_rank: get_u32("ssm.time_step_rank"),
        shortconv_l_cache: get_u32("shortconv.l_cache"),
        wkv_head_size: get_u32("wkv.head_size"),
        token_shift_count: get_u32("token_shift_count"),
        shared_kv_layers: get_u32("attention.shared_kv_layers"),
        nextn_predict_layers: get_u32("nextn_predict_layers"),
        full_attention_interval: get_u32("full_attention_interval"),
        ..HParams::default()
    };
    // The SWA pattern is stored either as a period (every n-th layer is full attention) or per layer.
    match get("attention.sliding_window_pattern") {
        Some(MetaValue::Array { items, len }) if *len == items.len() as u64 => {
            hp.swa_layers = items.iter().map(|v| v.as_bool().unwrap_or(false)).collect();
        }
        Some(v) => hp.swa_period = v.as_u32().unwrap_or(0),
        None => {}
    }
    hp.recurrent_layers = flags(get("attention.recurrent_layers"), n_layer);
    hp.indexer_types = flags(get("attention.indexer.types"), n_layer);
    hp.kda_head_dim = get_u32("kda.head_dim");
    hp.indexer_head_size = get_u32("attention.indexer.key_length");
    hp.compress_ratios = match get("attention.compress_ratios") {
        Some(MetaValue::Array { items, len }) if *len == items.len() as u64 => {
            items.iter().map(|v| v.as_u32().unwrap_or(0)).collect()
        }
        _ => Vec::new(),
    };
    hp.hc_count = get_u32("hyper_connection.count");
    hp.n_layer_dense_lead = get_u32("leading_dense_block_count");
    hp.ple_layers = match get("ple.layers") {
        Some(MetaValue::Array { items, len }) if *len == items.len() as u64 => {
            items.iter().filter_map(MetaValue::as_u32).collect()
        }
        Some(v) => v.as_u32().into_iter().collect(),
        None => Vec::new(),
    };
    hp.ple_conv_kernel = get_u32("ple.conv_kernel");
    hp.ple_ngram_size = get_u32("ple.ngram_size");
    hp.n_vocab = match first.get("tokenizer.ggml.tokens") {
        Some(MetaValue::Array { len, .. }) => u32::try_from(*len).unwrap_or(u32::MAX),
        _ => get_u32("vocab_size"),
    };
    if hp.n_vocab == 0 {
        // The embedding matrix is [n_embd, n_vocab].
        hp.n_vocab = tensors
            .iter()
            .find(|t| t.name == "token_embd.weight")
            .and_then(|t| t.dims.get(1))
            .and_then(|&d| u32::try_from(d).ok())
            .unwrap_or(0);
    }
    hp.tied_embeddings = !tensors.iter().any(|t| t.name == "output.weight");

    // Sizes come from the file: saturate rather than overflow (fuzzing found a table whose tensor sizes
    // summed past u64).
    let file_bytes = shards
        .iter()
        .map(|s| s.file_bytes)
        .fold(0, u64::saturating_add);
    let tensor_bytes = tensors.iter().map(|t| t.bytes).fold(0, u64::saturating_add);
    let missing = shards
        .iter()
        .map(GgufFile::missing_bytes)
        .fold(0, u64::saturating_add);
    let parameters = tensors
        .iter()
        .map(|t| {
            t.dims
                .iter()
                .try_fold(1u64, |a, &d| a.checked_mul(d))
                .unwrap_or(0)
        })
        .fold(0u64, u64::saturating_add);
    let name = first
        .get_str("general.name")
        .map(str::to_owned)
        .filter(|s| !s.trim().is_empty())
        .or_else(|| {
            first
                .path
                .file_stem()
                .and_then(|s| s.to_str())
                .map(str::to_owned)
        })
        .unwrap_or_default();
    ModelSpec {
        name,
        architecture: arch,
        format: ModelFormat::Gguf,
        file_type: first
            .get_u32("general.file_type")
            .and_then(ggml::file_type_name)
            .map(str::to_owned)
            .or_else(|| dominant_type(&tensors)),
        file_bytes,
        tensor_bytes,
        truncated_bytes: (missing > 0).then_some(missing),
        parameters,
        hparams: hp,
        tensors,
    }
}

/// Scalar or per-layer array (`head_count_kv` on hybrids, `feed_forward_length` on OpenELM).
fn per_layer(v: Option<&MetaValue>) -> PerLayer {
    match v {
        Some(MetaValue::Array { items, .. }) => {
            PerLayer::Layers(items.iter().map(|i| i.as_u32().unwrap_or(0)).collect())
        }
        Some(other) => PerLayer::Uniform(other.as_u32().unwrap_or(0)),
        None => PerLayer::Uniform(0),
    }
}

/// Per-layer flags stored as a bool/int array (one per layer) or one scalar for every layer (llama.cpp
/// `get_key_or_arr`); empty when absent or when the array is summarized.
fn flags(v: Option<&MetaValue>, n_layer: u32) -> Vec<bool> {
    match v {
        Some(MetaValue::Array { items, len }) if *len == items.len() as u64 => {
            items.iter().map(|i| i.as_bool().unwrap_or(false)).collect()
        }
        Some(MetaValue::Array { .. }) | None => Vec::new(),
        Some(other) => vec![other.as_bool().unwrap_or(false); n_layer.min(65_536) as usize],
    }
}

/// Without `general.file_type`: the type holding most bytes among 2-D weights ("Q4_K"), as a hint.
fn dominant_type(tensors: &[TensorSpec]) -> Option<String> {
    let mut by_type: Vec<(u32, u64)> = Vec::new();
    for t in tensors.iter().filter(|t| t.dims.len() >= 2) {
        match by_type.iter_mut().find(|(id, _)| *id == t.ggml_type) {
            // A hostile header can claim sizes whose sum overflows; the ranking only needs the order.
            Some((_, b)) => *b = b.saturating_add(t.bytes),
            None => by_type.push((t.ggml_type, t.bytes)),
        }
    }
    let (id, _) = by_type.into_iter().max_by_key(|(_, b)| *b)?;
    ggml::by_id(id).map(|t| t.name.to_owned())
}
