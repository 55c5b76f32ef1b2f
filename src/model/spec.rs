//! `ModelSpec`: what every engine consumes about a model, whatever file it came from (GGUF header,
//! safetensors + config.json, a built-in preset). Plain data; filled by `model::gguf`, `model::safetensors`
//! and `model::catalog`, read by `fit`, `plan` and the UI.
//!
//! Hyper-parameters use llama.cpp's names (`n_layer`, `n_embd`, `n_head_kv`, …) because the fit engine
//! reproduces llama.cpp's arithmetic on them.

use serde::{Deserialize, Serialize};

/// Where a model's description came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ModelFormat {
    #[default]
    Gguf,
    Safetensors,
    /// Built-in catalog entry (config-level hyper-parameters + predicted tensor table).
    Preset,
}

/// A per-layer quantity that GGUF stores either as one scalar or as an array with one entry per layer
/// (e.g. `head_count_kv` on OpenELM / Gemma 3n / hybrid models where recurrent layers have 0 KV heads).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PerLayer {
    Uniform(u32),
    Layers(Vec<u32>),
}

impl Default for PerLayer {
    fn default() -> Self {
        Self::Uniform(0)
    }
}

impl PerLayer {
    /// Value for layer `il`; an array shorter than the layer count repeats its last value (never panics).
    pub fn get(&self, il: usize) -> u32 {
        match self {
            Self::Uniform(v) => *v,
            Self::Layers(v) => v.get(il).or_else(|| v.last()).copied().unwrap_or(0),
        }
    }

    pub fn max(&self) -> u32 {
        match self {
            Self::Uniform(v) => *v,
            Self::Layers(v) => v.iter().copied().max().unwrap_or(0),
        }
    }
}

/// Architecture hyper-parameters (llama.cpp `llama_hparams` subset that decides memory).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct HParams {
    /// `<arch>.block_count` (includes MTP/nextn layers, as in llama.cpp).
    pub n_layer: u32,
    /// `<arch>.context_length` (training context).
    pub n_ctx_train: u32,
    pub n_embd: u32,
    pub n_ff: PerLayer,
    pub n_head: PerLayer,
    pub n_head_kv: PerLayer,
    /// `<arch>.attention.key_length` (default n_embd / n_head).
    pub n_embd_head_k: u32,
    /// `<arch>.attention.value_length` (default n_embd / n_head).
    pub n_embd_head_v: u32,
    /// `attention.key_length_swa` / `value_length_swa`: head sizes of the sliding-window layers (Gemma 4:
    /// 256 vs 512 full), llama.cpp `n_embd_head_k_swa`; 0 when absent (the full-layer sizes apply).
    pub n_embd_head_k_swa: u32,
    pub n_embd_head_v_swa: u32,
    /// MLA: `attention.key_length_mla` / `value_length_mla` (0 when absent).
    pub n_embd_head_k_mla: u32,
    pub n_embd_head_v_mla: u32,
    /// MLA: `attention.kv_lora_rank` (0 when absent).
    pub n_lora_kv: u32,
    /// `attention.sliding_window` (0 = none).
    pub n_swa: u32,
    /// SWA pattern: `attention.sliding_window_pattern` (period; every n-th layer is full attention) when the
    /// file stores it. Per-layer flags (`swa_layers`) win when present.
    pub swa_period: u32,
    /// Per-layer SWA flags when known (from a GGUF bool array or config.json `layer_types`).
    pub swa_layers: Vec<bool>,
    pub n_expert: u32,
    pub n_expert_used: u32,
    pub n_expert_shared: u32,
    /// `expert_feed_forward_length` (0 when absent).
    pub n_ff_exp: u32,
    /// Recurrent / SSM (Mamba, hybrid): `ssm.conv_kernel`, `ssm.inner_size`, `ssm.state_size`, `ssm.group_count`,
    /// `ssm.time_step_rank`.
    pub ssm_d_conv: u32,
    pub ssm_d_inner: u32,
    pub ssm_d_state: u32,
    pub ssm_n_group: u32,
    pub ssm_dt_rank: u32,
    /// LFM2 short-conv `shortconv.l_cache`.
    pub shortconv_l_cache: u32,
    /// RWKV / other recurrent: `wkv.head_size` (0 when absent).
    pub wkv_head_size: u32,
    /// RWKV `token_shift_count`: how many rows of the previous token each layer keeps (llama.cpp's default
    /// 2; the QRWKV converters write 1). 0 when absent.
    pub token_shift_count: u32,
    /// `attention.shared_kv_layers` (Gemma 3n: trailing layers reuse earlier KV).
    pub n_layer_kv_from_start: u32,
    pub shared_kv_layers: u32,
    /// `nextn_predict_layers` (MTP layers at the end of the stack; llama.cpp skips their KV).
    pub nextn_predict_layers: u32,
    /// `full_attention_interval` (hybrids: every n-th layer is attention).
    pub full_attention_interval: u32,
    /// Vocabulary size (tokenizer tokens array length, or config `vocab_size`).
    pub n_vocab: u32,
    /// `output.weight` absent → llama.cpp duplicates `token_embd` as the output head.
    pub tied_embeddings: bool,
    /// `attention.recurrent_layers` (Qwen3-Next family, MiniMax-01): per-layer "linear attention" flags; a
    /// scalar applies to every layer. Empty when absent (the arch's `full_attention_interval` rule applies).
    pub recurrent_layers: Vec<bool>,
    /// KDA (Kimi Delta Attention) head size, `kda.head_dim` (0 when absent).
    pub kda_head_dim: u32,
    /// Sparse-attention indexer key width, `attention.indexer.key_length` (0 when absent).
    pub indexer_head_size: u32,
    /// `attention.indexer.types`: per-layer "full indexer" flags (a scalar applies to every layer); empty when
    /// absent.
    pub indexer_types: Vec<bool>,
    /// `attention.compress_ratios` per layer (DeepSeek-V4 compressed caches, Qwen4-exp); empty when absent.
    pub compress_ratios: Vec<u32>,
    /// `hyper_connection.count` (mHC streams; 0 when absent).
    pub hc_count: u32,
    /// `leading_dense_block_count`.
    pub n_layer_dense_lead: u32,
    /// Qwen4-exp per-layer-embedding conv: `ple.layers`, `ple.conv_kernel`, `ple.ngram_size`.
    pub ple_layers: Vec<u32>,
    pub ple_conv_kernel: u32,
    pub ple_ngram_size: u32,
}

/// One tensor of the (real or predicted) GGUF tensor table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TensorSpec {
    pub name: String,
    /// ggml type id (see `model::gguf::GgmlType`); unknown ids are kept as numbers.
    pub ggml_type: u32,
    pub dims: Vec<u64>,
    pub bytes: u64,
}

impl TensorSpec {
    /// `blk.N.…` → `Some(N)`; non-block tensors (token_embd, output, output_norm, …) → `None`.
    pub fn block(&self) -> Option<u32> {
        let rest = self.name.strip_prefix("blk.")?;
        let end = rest.find('.')?;
        rest[..end].parse().ok()
    }

    /// MoE routed-expert tensors (`ffn_{up,gate,down,gate_up}_exps`), which `--cpu-moe` keeps on the host.
    pub fn is_expert(&self) -> bool {
        self.name.contains("_exps")
    }
}

/// Everything known about a model.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ModelSpec {
    pub name: String,
    /// `general.architecture` (llama.cpp spelling: "llama", "qwen3moe", "gemma3", …).
    pub architecture: String,
    pub format: ModelFormat,
    /// Human quant name ("Q4_K_M", "F16", "BF16", …) when known.
    pub file_type: Option<String>,
    /// Bytes on disk (sum over shards).
    pub file_bytes: u64,
    /// Sum of tensor bytes from the tensor table.
    pub tensor_bytes: u64,
    /// Bytes missing when the file is shorter than its tensor table says (`Some(0)` never appears).
    pub truncated_bytes: Option<u64>,
    pub parameters: u64,
    pub hparams: HParams,
    pub tensors: Vec<TensorSpec>,
}

impl ModelSpec {
    /// Tensor bytes of block `il`.
    pub fn layer_bytes(&self, il: u32) -> u64 {
        self.tensors
            .iter()
            .filter(|t| t.block() == Some(il))
            .map(|t| t.bytes)
            .fold(0, u64::saturating_add)
    }

    pub fn tensor(&self, name: &str) -> Option<&TensorSpec> {
        self.tensors.iter().find(|t| t.name == name)
    }

    pub fn is_moe(&self) -> bool {
        self.hparams.n_expert > 1
    }

    /// For a file shorter than its own tensor table (a partial download): "this file is incomplete (X of Y
    /// bytes); llama.cpp will not load it as it is". Predictions still describe the complete model.
    pub fn incomplete_note(&self) -> Option<String> {
        let missing = self.truncated_bytes.filter(|m| *m > 0)?;
        let whole = self.file_bytes.saturating_add(missing);
        Some(format!(
            "this file is incomplete ({} of {} bytes; {} missing, e.g. a partial download); llama.cpp will not load it as it is — the numbers are for the complete model",
            self.file_bytes,
            whole,
            crate::units::format_auto(missing)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_index_from_name() {
        let t = |name: &str| TensorSpec {
            name: name.into(),
            ggml_type: 1,
            dims: vec![],
            bytes: 0,
        };
        assert_eq!(t("blk.12.attn_q.weight").block(), Some(12));
        assert_eq!(t("token_embd.weight").block(), None);
        assert_eq!(t("blk.x.attn_q.weight").block(), None);
        assert!(t("blk.3.ffn_up_exps.weight").is_expert());
    }

    #[test]
    fn incomplete_file_is_named() {
        let mut s = ModelSpec {
            file_bytes: 1000,
            ..Default::default()
        };
        assert_eq!(s.incomplete_note(), None);
        s.truncated_bytes = Some(500);
        let note = s.incomplete_note().unwrap();
        assert!(note.contains("1000 of 1500 bytes"), "{note}");
        assert!(note.contains("llama.cpp will not load it"));
    }

    #[test]
    fn per_layer_is_total() {
        assert_eq!(PerLayer::Layers(vec![8, 0, 8]).get(1), 0);
        assert_eq!(PerLayer::Layers(vec![8, 4]).get(10), 4);
        assert_eq!(PerLayer::Layers(vec![]).get(0), 0);
        assert_eq!(PerLayer::Uniform(8).max(), 8);
    }
}
