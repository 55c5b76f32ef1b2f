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
        "gemma3" => (6, false),
        "gemma3n" => (5, false),
        "cohere2" | "llama4" | "afmoe" | "mellum" | "muse-glimmer" | "olmo2" | "exaone4"
        | "exaone-moe" => (4, false),
        "cohere2moe" | "laguna" | "smallthinker" => (4, true),
        "plamo3" => (8, false),
        _ => return None,
    })
}

/// Architectures whose SWA key is read but forced off.
pub fn swa_disabled(arch: &str) -> bool {
    matches!(arch, "phi3")
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
            | "minimax-01"
    )
}

/// Architectures without any memory object (non-causal encoders, diffusion LMs).
pub fn has_no_memory(arch: &str) -> bool {
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
            | "dream"
            | "llada"
            | "llada-moe"
    )
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
    match arch {
        "lfm2" | "lfm2moe" => (e * u64::from(hp.shortconv_l_cache.saturating_sub(1)), 0),
        "rwkv6" | "rwkv6qwen2" | "rwkv7" | "arwkv7" => (2 * e, e * u64::from(hp.wkv_head_size)),
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
    if hp.n_swa == 0 || swa_disabled(arch) {
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
        assert!(swa_flags("llama", &hp).iter().all(|s| !s));
    }
}
