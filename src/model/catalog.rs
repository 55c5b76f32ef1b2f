//! The built-in model catalog (`assets/models.ron`, `preset:ID[@QUANT]`): config-level hyper-parameters of the
//! models people ask about. From them this module writes the F16 GGUF tensor table that llama.cpp's
//! `convert_hf_to_gguf.py` would produce (names and shapes as in real files; checked against the synthetic
//! F16 headers), and `model::quantize` turns it into any quant — so a preset and the real file agree.

use std::sync::OnceLock;

use serde::Deserialize;

use super::quantize::{self, Imatrix};
use super::spec::{HParams, ModelFormat, ModelSpec, PerLayer, TensorSpec};

/// Multi-head latent attention (DeepSeek V2/V3) dimensions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Mla {
    pub q_lora_rank: u32,
    pub kv_lora_rank: u32,
    pub qk_nope: u32,
    pub qk_rope: u32,
    pub v_head: u32,
}

/// One catalog entry (transformers config values; llama.cpp architecture name).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Preset {
    pub id: String,
    pub name: String,
    pub arch: String,
    pub n_layer: u32,
    pub n_embd: u32,
    pub n_ff: u32,
    pub n_head: u32,
    pub n_head_kv: u32,
    pub head_dim: u32,
    pub n_vocab: u32,
    pub n_ctx_train: u32,
    #[serde(default)]
    pub tied: bool,
    #[serde(default)]
    pub qkv_bias: bool,
    #[serde(default)]
    pub qk_norm: bool,
    /// Gemma: extra norms after attention and FFN.
    #[serde(default)]
    pub post_norms: bool,
    /// Phi-3/4: one `attn_qkv` and one `ffn_up` holding gate and up.
    #[serde(default)]
    pub fused_qkv: bool,
    #[serde(default)]
    pub fused_gate_up: bool,
    #[serde(default)]
    pub n_expert: u32,
    #[serde(default)]
    pub n_expert_used: u32,
    #[serde(default)]
    pub n_expert_shared: u32,
    #[serde(default)]
    pub n_ff_exp: u32,
    /// MoE models whose first blocks are dense (DeepSeek: 3).
    #[serde(default)]
    pub n_dense_lead: u32,
    #[serde(default)]
    pub n_swa: u32,
    #[serde(default)]
    pub swa_period: u32,
    #[serde(default)]
    pub mla: Option<Mla>,
    /// gpt-oss ships its experts in MXFP4; its reference GGUF keeps them so.
    #[serde(default)]
    pub native_mxfp4: bool,
    /// The GGUF repository of a widely used quantizer (`OWNER/REPO`): its real quants are
    /// `hf:OWNER/REPO:QUANT` (`vram-doctor models hf:OWNER/REPO` lists them).
    #[serde(default)]
    pub hub: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    #[error("preset:{0}: no such preset (vram-doctor models --presets lists them)")]
    Unknown(String),
    #[error("preset:{id}: {source}")]
    Quant {
        id: String,
        source: quantize::QuantError,
    },
}

/// Every preset (parsed once from the embedded catalog).
pub fn presets() -> &'static [Preset] {
    static PRESETS: OnceLock<Vec<Preset>> = OnceLock::new();
    PRESETS.get_or_init(|| {
        ron::from_str(include_str!("../../assets/models.ron")).unwrap_or_else(|e| {
            log::error!("assets/models.ron does not parse: {e}");
            Vec::new()
        })
    })
}

pub fn find(id: &str) -> Option<&'static Preset> {
    let id = id.trim().to_ascii_lowercase();
    presets().iter().find(|p| p.id == id)
}

/// The quant a preset is shown at when none is asked for.
pub fn default_quant(p: &Preset) -> &'static str {
    if p.native_mxfp4 {
        "MXFP4_MOE"
    } else {
        "Q4_K_M"
    }
}

/// `preset:ID[@QUANT]` (without the `preset:` prefix) → the model as that quant's GGUF would describe it.
pub fn load(arg: &str) -> Result<ModelSpec, CatalogError> {
    let (id, quant) = match arg.split_once('@') {
        Some((id, q)) => (id, Some(q)),
        None => (arg, None),
    };
    let preset = find(id).ok_or_else(|| CatalogError::Unknown(id.to_owned()))?;
    let quant = quant.unwrap_or_else(|| default_quant(preset));
    let mut spec =
        quantize::predict(&f16_spec(preset), quant, Imatrix::Without).map_err(|source| {
            CatalogError::Quant {
                id: preset.id.clone(),
                source,
            }
        })?;
    spec.format = ModelFormat::Preset;
    spec.name = format!(
        "{} {}",
        preset.name,
        spec.file_type.as_deref().unwrap_or(quant)
    );
    Ok(spec)
}

/// The F16 model convert_hf_to_gguf.py would write for this preset.
pub fn f16_spec(p: &Preset) -> ModelSpec {
    let (head_k, head_v, kv_heads) = match p.mla {
        // llama.cpp's MLA GGUFs store the compressed cache sizes as key/value length, one KV head.
        Some(m) => (m.kv_lora_rank + m.qk_rope, m.kv_lora_rank, 1),
        None => (p.head_dim, p.head_dim, p.n_head_kv),
    };
    let hparams = HParams {
        n_layer: p.n_layer,
        n_ctx_train: p.n_ctx_train,
        n_embd: p.n_embd,
        n_ff: PerLayer::Uniform(p.n_ff),
        n_head: PerLayer::Uniform(p.n_head),
        n_head_kv: PerLayer::Uniform(kv_heads),
        n_embd_head_k: head_k,
        n_embd_head_v: head_v,
        n_embd_head_k_mla: p.mla.map_or(0, |m| m.qk_nope + m.qk_rope),
        n_embd_head_v_mla: p.mla.map_or(0, |m| m.v_head),
        n_lora_kv: p.mla.map_or(0, |m| m.kv_lora_rank),
        n_swa: p.n_swa,
        swa_period: p.swa_period,
        n_expert: p.n_expert,
        n_expert_used: p.n_expert_used,
        n_expert_shared: p.n_expert_shared,
        n_ff_exp: p.n_ff_exp,
        n_vocab: p.n_vocab,
        tied_embeddings: p.tied,
        ..HParams::default()
    };
    let tensors = tensors(p);
    let tensor_bytes = tensors.iter().map(|t| t.bytes).sum();
    ModelSpec {
        name: p.name.clone(),
        architecture: p.arch.clone(),
        format: ModelFormat::Preset,
        file_type: Some("F16".into()),
        // A converted file's metadata block is a few MB (mostly the vocabulary).
        file_bytes: tensors
            .iter()
            .map(|t| t.bytes.div_ceil(32) * 32)
            .sum::<u64>()
            + u64::from(p.n_vocab) * 24,
        tensor_bytes,
        truncated_bytes: None,
        parameters: tensors.iter().map(|t| t.dims.iter().product::<u64>()).sum(),
        hparams,
        tensors,
    }
}

const F32: u32 = 0;
const F16: u32 = 1;
const MXFP4: u32 = 39;

fn tensor(name: String, dims: &[u32], ggml_type: u32) -> TensorSpec {
    let dims: Vec<u64> = dims.iter().map(|&d| u64::from(d)).collect();
    let elements: u64 = dims.iter().product();
    let bytes = super::ggml::by_id(ggml_type)
        .and_then(|t| t.bytes_for(elements))
        .unwrap_or(elements * 2);
    TensorSpec {
        name,
        ggml_type,
        dims,
        bytes,
    }
}

/// Tensor names and shapes as llama.cpp's converter writes them (ggml order: row length first).
fn tensors(p: &Preset) -> Vec<TensorSpec> {
    let e = p.n_embd;
    let mut v = vec![
        tensor("token_embd.weight".into(), &[e, p.n_vocab], F16),
        tensor("output_norm.weight".into(), &[e], F32),
    ];
    if !p.tied {
        v.push(tensor("output.weight".into(), &[e, p.n_vocab], F16));
    }
    for il in 0..p.n_layer {
        let b = |s: &str| format!("blk.{il}.{s}");
        v.push(tensor(b("attn_norm.weight"), &[e], F32));
        attention(p, il, &mut v);
        if p.post_norms {
            v.push(tensor(b("post_attention_norm.weight"), &[e], F32));
        }
        v.push(tensor(b("ffn_norm.weight"), &[e], F32));
        let moe = p.n_expert > 1 && il >= p.n_dense_lead;
        if moe {
            let x = if p.native_mxfp4 { MXFP4 } else { F16 };
            let (ff, n) = (p.n_ff_exp, p.n_expert);
            v.push(tensor(b("ffn_gate_inp.weight"), &[e, n], F32));
            v.push(tensor(b("ffn_gate_exps.weight"), &[e, ff, n], x));
            v.push(tensor(b("ffn_up_exps.weight"), &[e, ff, n], x));
            v.push(tensor(b("ffn_down_exps.weight"), &[ff, e, n], x));
            if p.native_mxfp4 {
                v.push(tensor(b("ffn_gate_inp.bias"), &[n], F32));
                v.push(tensor(b("ffn_gate_exps.bias"), &[ff, n], F32));
                v.push(tensor(b("ffn_up_exps.bias"), &[ff, n], F32));
                v.push(tensor(b("ffn_down_exps.bias"), &[e, n], F32));
            }
            if p.n_expert_shared > 0 {
                let sff = ff * p.n_expert_shared;
                v.push(tensor(b("ffn_gate_shexp.weight"), &[e, sff], F16));
                v.push(tensor(b("ffn_up_shexp.weight"), &[e, sff], F16));
                v.push(tensor(b("ffn_down_shexp.weight"), &[sff, e], F16));
            }
            if p.mla.is_some() {
                v.push(tensor(b("exp_probs_b.bias"), &[n], F32));
            }
        } else if p.fused_gate_up {
            v.push(tensor(b("ffn_up.weight"), &[e, 2 * p.n_ff], F16));
            v.push(tensor(b("ffn_down.weight"), &[p.n_ff, e], F16));
        } else {
            v.push(tensor(b("ffn_gate.weight"), &[e, p.n_ff], F16));
            v.push(tensor(b("ffn_up.weight"), &[e, p.n_ff], F16));
            v.push(tensor(b("ffn_down.weight"), &[p.n_ff, e], F16));
        }
        if p.post_norms {
            v.push(tensor(b("post_ffw_norm.weight"), &[e], F32));
        }
    }
    v
}

fn attention(p: &Preset, il: u32, v: &mut Vec<TensorSpec>) {
    let b = |s: &str| format!("blk.{il}.{s}");
    let e = p.n_embd;
    if let Some(m) = p.mla {
        let nh = p.n_head;
        v.push(tensor(b("attn_q_a.weight"), &[e, m.q_lora_rank], F16));
        v.push(tensor(b("attn_q_a_norm.weight"), &[m.q_lora_rank], F32));
        v.push(tensor(
            b("attn_q_b.weight"),
            &[m.q_lora_rank, nh * (m.qk_nope + m.qk_rope)],
            F16,
        ));
        v.push(tensor(
            b("attn_kv_a_mqa.weight"),
            &[e, m.kv_lora_rank + m.qk_rope],
            F16,
        ));
        v.push(tensor(b("attn_kv_a_norm.weight"), &[m.kv_lora_rank], F32));
        v.push(tensor(
            b("attn_k_b.weight"),
            &[m.qk_nope, m.kv_lora_rank, nh],
            F16,
        ));
        v.push(tensor(
            b("attn_v_b.weight"),
            &[m.kv_lora_rank, m.v_head, nh],
            F16,
        ));
        v.push(tensor(b("attn_output.weight"), &[nh * m.v_head, e], F16));
        return;
    }
    let q = p.n_head * p.head_dim;
    let kv = p.n_head_kv * p.head_dim;
    if p.fused_qkv {
        v.push(tensor(b("attn_qkv.weight"), &[e, q + 2 * kv], F16));
    } else {
        v.push(tensor(b("attn_q.weight"), &[e, q], F16));
        v.push(tensor(b("attn_k.weight"), &[e, kv], F16));
        v.push(tensor(b("attn_v.weight"), &[e, kv], F16));
    }
    v.push(tensor(b("attn_output.weight"), &[q, e], F16));
    if p.qkv_bias {
        v.push(tensor(b("attn_q.bias"), &[q], F32));
        v.push(tensor(b("attn_k.bias"), &[kv], F32));
        v.push(tensor(b("attn_v.bias"), &[kv], F32));
    }
    if p.native_mxfp4 {
        v.push(tensor(b("attn_output.bias"), &[e], F32));
        v.push(tensor(b("attn_sinks.weight"), &[p.n_head], F32));
    }
    if p.qk_norm {
        v.push(tensor(b("attn_q_norm.weight"), &[p.head_dim], F32));
        v.push(tensor(b("attn_k_norm.weight"), &[p.head_dim], F32));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalog_parses_and_ids_are_unique() {
        let all = presets();
        assert!(all.len() >= 25, "{}", all.len());
        let mut ids: Vec<_> = all.iter().map(|p| p.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), all.len());
    }

    #[test]
    fn unknown_presets_and_quants_are_errors() {
        assert!(load("nonexistent").is_err());
        assert!(load("llama-3.1-8b@Q9_Z").is_err());
        assert_eq!(
            load("llama-3.1-8b").map(|s| s.file_type),
            Ok(Some("Q4_K_M".into()))
        );
    }
}
