//! Per-architecture facts llama.cpp hard-codes and a GGUF does not always state: default SWA patterns,
//! hybrid/recurrent families, recurrent-state widths, hard-coded shared-KV starts. Source:
//! research/arch_table.md §1.1–§1.4 and §3 (llama.cpp `src/models/<arch>.cpp`, `llama-model.cpp
//! create_memory`, `llama_hparams::n_embd_r/_s`). Unknown architectures fall back to what the file says.

use crate::model::HParams;

/// Default `load_swa_pattern(n, dense_first)` when the GGUF has no `sliding_window_pattern` key.
/// `None`: the arch has no SWA (or forces it off, like phi3).
pub fn default_swa_pattern(arch: &str) -> Option<(u32, bool)> {
    Some(match arch {
        "gemma2" | "gpt-oss" | "openai-moe" => (2, false),
        "gemma3" | "gemma-embedding" => (6, false),
        "modern-bert" => (3, true),
        "gemma3n" => (5, false),
        "cohere2" | "llama4" | "afmoe" | "mellum" | "muse-glimmer" | "olmo2" | "exaone4"
        | "exaone-moe" => (4, false),
        "cohere2moe" | "laguna" | "smallthinker" => (4, true),
        "plamo3" => (8, false),
        _ => return None,
    })
}

/// The architectures whose loader gives them a sliding window (`hparams.swa_type` set in
/// `src/models/<arch>.cpp`): any other ignores the SWA keys a file may carry, and keeps every cell.
pub fn reads_swa(arch: &str) -> bool {
    matches!(
        arch,
        "afmoe"
            | "cohere2"
            | "cohere2moe"
            | "deepseek4"
            | "dflash"
            | "dots3note"
            | "exaone-moe"
            | "exaone4"
            | "gemma-embedding"
            | "gemma2"
            | "gemma3"
            | "gemma3n"
            | "gemma4"
            | "gemma4-assistant"
            | "gpt-oss"
            | "openai-moe"
            | "granite_swa"
            | "laguna"
            | "lfm2"
            | "lfm2moe"
            | "llama4"
            | "maple"
            | "mellum"
            | "mimo2"
            | "modern-bert"
            | "muse-glimmer"
            | "olmo2"
            | "phi3"
            | "plamo3"
            | "smallthinker"
            | "spark2_5"
            | "step35"
    )
}

/// Architectures whose SWA key is read but forced off: phi3 always; exaone4 uses its window only in the
/// 64-layer (32B) model (`llama_model_exaone4::load_arch_hparams` sets the pattern for that size alone).
pub fn swa_disabled(arch: &str, hp: &HParams) -> bool {
    match arch {
        "phi3" => true,
        "exaone4" => hp.n_layer != 64,
        _ => false,
    }
}

/// Forced window sizes (metadata ignored).
pub fn forced_swa_window(arch: &str) -> Option<u32> {
    match arch {
        "llama4" => Some(8192),
        "smallthinker" => Some(4096),
        _ => None,
    }
}

/// Pure recurrent models (`llm_arch_is_recurrent`): every layer is recurrent state, no KV.
pub fn is_recurrent(arch: &str) -> bool {
    matches!(
        arch,
        "mamba" | "mamba2" | "rwkv6" | "rwkv6qwen2" | "rwkv7" | "arwkv7"
    )
}

/// Hybrids (`llm_arch_is_hybrid`): attention layers get KV, the others recurrent state.
pub fn is_hybrid(arch: &str) -> bool {
    matches!(
        arch,
        "jamba"
            | "falcon-h1"
            | "plamo2"
            | "granitehybrid"
            | "lfm2"
            | "lfm2moe"
            | "nemotron_h"
            | "nemotron_h_moe"
            | "qwen3next"
            | "qwen35"
            | "qwen35moe"
            | "kimi-linear"
            | "kimi-k3"
            | "bailingmoe3"
            | "glm5-next"
            | "qwen4exp"
            | "minimax-01"
    )
}

/// Hybrids that mark their linear-attention layers with `attention.recurrent_layers`, else "every layer but
/// each `full_attention_interval`-th" (default 4; MiniMax-01 8), trunk layers only (the loaders of
/// qwen3next/qwen35/qwen35moe/qwen4exp/minimax-01).
fn recurrent_interval_default(arch: &str) -> Option<u32> {
    match arch {
        "qwen3next" | "qwen35" | "qwen35moe" | "qwen4exp" => Some(4),
        "minimax-01" => Some(8),
        _ => None,
    }
}

/// `llama_hparams::is_recr(il)` for a hybrid: from `recurrent_layers` or the interval (above), every layer
/// for falcon-h1, else a 0 in `head_count_kv` (jamba, granitehybrid, nemotron_h, lfm2, the KDA family…).
pub fn is_recurrent_layer(arch: &str, hp: &HParams, il: u32) -> bool {
    let trunk = hp.n_layer.saturating_sub(hp.nextn_predict_layers);
    if let Some(default_interval) = recurrent_interval_default(arch) {
        if !hp.recurrent_layers.is_empty() {
            return hp
                .recurrent_layers
                .get(il as usize)
                .copied()
                .unwrap_or(false);
        }
        let interval = if hp.full_attention_interval > 0 {
            hp.full_attention_interval
        } else {
            default_interval
        };
        return il < trunk && !(il + 1).is_multiple_of(interval);
    }
    if arch == "falcon-h1" {
        return true;
    }
    hp.n_head_kv.get(il as usize) == 0
}

/// Which layers of a hybrid get attention KV and which recurrent state (the layer filters of
/// `llama_model::create_memory`): falcon-h1 both on every layer; nemotron_h only layers without an FFN
/// (attention where KV heads exist, Mamba-2 where not); the Qwen3-Next family and MiniMax-01 trunk layers
/// only; the others `!is_recr` / `is_recr` (a NextN block then gets main-context KV, as llama.cpp does).
pub fn hybrid_layer(arch: &str, hp: &HParams, il: u32) -> (bool, bool) {
    let recr = is_recurrent_layer(arch, hp, il);
    let trunk = il < hp.n_layer.saturating_sub(hp.nextn_predict_layers);
    match arch {
        "falcon-h1" => (true, true),
        "nemotron_h" | "nemotron_h_moe" => {
            let no_ffn = hp.n_ff.get(il as usize) == 0;
            (!recr && no_ffn, recr && no_ffn)
        }
        _ if recurrent_interval_default(arch).is_some() => (trunk && !recr, trunk && recr),
        _ => (!recr, recr),
    }
}

/// Non-causal encoders (embedders, rerankers) and the audio decoder: no attention cache and no
/// language-model head.
fn is_encoder_without_head(arch: &str) -> bool {
    matches!(
        arch,
        "bert"
            | "jina-bert-v2"
            | "jina-bert-v3"
            | "nomic-bert"
            | "nomic-bert-moe"
            | "neo-bert"
            | "eurobert"
            | "modern-bert"
            | "gemma-embedding"
            | "wavtokenizer-dec"
            | "clef"
    )
}

/// Architectures without any memory object (non-causal encoders, diffusion LMs).
pub fn has_no_memory(arch: &str) -> bool {
    is_encoder_without_head(arch) || matches!(arch, "dream" | "llada" | "llada-moe" | "rnd1")
}

/// Architectures whose graph ends without a language-model head (embedders, encoders, the audio decoder):
/// the reserve graph has no `[n_vocab, ub]` logits (`build_arch_graph` stops at the embeddings).
pub fn has_no_lm_head(arch: &str) -> bool {
    is_encoder_without_head(arch) || matches!(arch, "llama-embed" | "t5encoder")
}

/// llama.cpp `llm_arch_supports_mixed_batch`: the archs whose input embedding has no mixed token/embedding
/// path (their graphs take tokens or embeddings, never both in one batch).
pub fn supports_mixed_batch(arch: &str) -> bool {
    !matches!(
        arch,
        "cogvlm" | "deepseek4" | "graniteswitch" | "eagle3" | "dflash" | "gemma4-assistant"
    )
}

/// Sparse-attention indexer cache per layer that has one, as (K, V) widths in elements (arch_table §3.3):
/// DSA (deepseek32, glm-dsa, hy_v4, dots3note) a K-only MQA cache of `indexer.key_length`; MiniMax-M3's MSA
/// also stores a V part of `value_length`; GLM-5.3-Flash keeps the pooled key row (3 × key_length) and
/// Qwen4-exp 2 × key_length (both probe-measured).
pub fn indexer_widths(arch: &str, hp: &HParams) -> Option<(u64, u64)> {
    let k = u64::from(hp.indexer_head_size);
    if k == 0 {
        return None;
    }
    match arch {
        "deepseek32" | "glm-dsa" | "hy_v4" | "dots3note" => Some((k, 0)),
        "minimax-m3" => Some((k, u64::from(hp.n_embd_head_v))),
        "glm5-next" => Some((3 * k, 0)),
        "qwen4exp" if hp.compress_ratios.iter().any(|r| *r > 0) => Some((2 * k, 0)),
        _ => None,
    }
}

/// Whether layer `il` (an attention layer of the trunk) has an indexer cache: deepseek32 and Qwen4-exp every
/// one;
/// MiniMax-M3 every layer after the dense lead; the others where `attention.indexer.types` marks a full
/// indexer (all layers when the key is absent).
pub fn indexer_on_layer(arch: &str, hp: &HParams, il: u32) -> bool {
    match arch {
        "deepseek32" | "qwen4exp" => true,
        "minimax-m3" => il >= hp.n_layer_dense_lead,
        _ => {
            hp.indexer_types.is_empty()
                || hp.indexer_types.get(il as usize).copied().unwrap_or(false)
        }
    }
}

/// `n_layer_kv_from_start`: layers at or after it reuse earlier KV (gemma3n hard-codes 20; gemma4 and
/// others state `attention.shared_kv_layers`).
pub fn n_layer_kv_from_start(arch: &str, hp: &HParams) -> u32 {
    if arch == "gemma3n" {
        return 20.min(hp.n_layer);
    }
    if hp.n_layer_kv_from_start > 0 {
        return hp.n_layer_kv_from_start.min(hp.n_layer);
    }
    hp.n_layer.saturating_sub(hp.shared_kv_layers)
}

/// Per recurrent layer and sequence: (n_embd_r, n_embd_s) in f32 elements (arch_table §1.4).
pub fn recurrent_state_elems(arch: &str, hp: &HParams) -> (u64, u64) {
    let e = u64::from(hp.n_embd);
    let d_conv = u64::from(hp.ssm_d_conv.saturating_sub(1));
    let d_inner = u64::from(hp.ssm_d_inner);
    let d_state = u64::from(hp.ssm_d_state);
    let n_group = u64::from(hp.ssm_n_group);
    let n_head0 = u64::from(hp.n_head.get(0));
    let kda = u64::from(hp.kda_head_dim);
    match arch {
        // KDA: conv state over q, k and v (3 × (d_conv − 1) × heads × head_dim), state head_dim² per head.
        "kimi-linear" | "kimi-k3" | "bailingmoe3" | "glm5-next" => {
            (3 * d_conv * n_head0 * kda, kda * kda * n_head0)
        }
        // Lightning attention: no conv state, a key_length² state per head.
        "minimax-01" => {
            let hk = u64::from(hp.n_embd_head_k);
            (0, hk * hk * n_head0)
        }
        "lfm2" | "lfm2moe" => (e * u64::from(hp.shortconv_l_cache.saturating_sub(1)), 0),
        // The token-shift rows (`n_embd_r` = token_shift_count × n_embd, 2 unless the file says) and the
        // WKV state, head_size² per head.
        "rwkv6" | "rwkv6qwen2" | "rwkv7" | "arwkv7" => {
            let shift = match hp.token_shift_count {
                0 => 2,
                n => u64::from(n),
            };
            (shift * e, e * u64::from(hp.wkv_head_size))
        }
        "mamba" | "jamba" => (d_conv * d_inner, d_state * d_inner),
        // Mamba-2 / SSD and Gated DeltaNet share the conv-over-(x, B, C) width.
        _ => (
            d_conv * (d_inner + 2 * n_group * d_state),
            d_state * d_inner,
        ),
    }
}

/// Per-layer SWA flags for `n_layer` layers (`llama_hparams::set_swa_pattern`).
pub fn swa_flags(arch: &str, hp: &HParams) -> Vec<bool> {
    let n = hp.n_layer as usize;
    if hp.n_swa == 0 || !reads_swa(arch) || swa_disabled(arch, hp) {
        return vec![false; n];
    }
    if !hp.swa_layers.is_empty() {
        return (0..n)
            .map(|il| hp.swa_layers.get(il).copied().unwrap_or(false))
            .collect();
    }
    let (period, dense_first) = if hp.swa_period > 0 {
        (
            hp.swa_period,
            default_swa_pattern(arch).is_some_and(|p| p.1),
        )
    } else {
        match default_swa_pattern(arch) {
            Some(p) => p,
            None => return vec![false; n],
        }
    };
    (0..n as u32)
        .map(|il| match period {
            0 => true,
            1 => false,
            p if dense_first => il % p != 0,
            p => il % p < p - 1,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gemma3_pattern_six_full_every_sixth() {
        let hp = HParams {
            n_layer: 12,
            n_swa: 512,
            ..Default::default()
        };
        let f = swa_flags("gemma3", &hp);
        assert_eq!(f.iter().filter(|s| !**s).count(), 2);
        assert!(!f[5] && !f[11] && f[0]);
    }

    #[test]
    fn dense_first_and_disabled() {
        let hp = HParams {
            n_layer: 8,
            n_swa: 4096,
            ..Default::default()
        };
        assert!(!swa_flags("cohere2moe", &hp)[0]);
        assert!(swa_flags("cohere2moe", &hp)[1]);
        assert!(swa_flags("phi3", &hp).iter().all(|s| !s));
        assert!(swa_flags("exaone4", &hp).iter().all(|s| !s));
        let hp64 = HParams {
            n_layer: 64,
            ..hp.clone()
        };
        assert!(swa_flags("exaone4", &hp64)[0] && !swa_flags("exaone4", &hp64)[3]);
        assert!(swa_flags("llama", &hp).iter().all(|s| !s));
    }
}
