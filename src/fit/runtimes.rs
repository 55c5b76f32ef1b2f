//! Other runtimes as policies on the same model (research/fit.md §3, ecosystem notes):
//! * Ollama (2026: spawns llama-server with `--fit`): context = num_ctx × num_parallel with `-np
//!   num_parallel`; default num_ctx depends on total VRAM (4k below 24 GiB, 32k below 48 GiB, else 256k;
//!   envconfig), capped at the training context; `num_gpu` → `-ngl`; OLLAMA_FLASH_ATTENTION and
//!   OLLAMA_KV_CACHE_TYPE → `-fa` / `-ctk -ctv`.
//! * LM Studio (llama.cpp engine): GPU offload ratio r → `-ngl round(r·(n_layer+1))`, default context 4096.
//! * vLLM: KV blocks = gpu_memory_utilization × VRAM − weights − activation peak − CUDA graphs; from them
//!   the longest `max_model_len` and the concurrency at a given length (every attention layer, no SWA
//!   savings assumed: vLLM's hybrid allocator only helps some models).
//! * transformers: dtype bytes per parameter (bitsandbytes 8-bit 1 B, 4-bit 0.5 B + ~6 % for absmax and
//!   the layers bnb leaves in 16-bit), `device_map="auto"` filling GPUs in order up to `max_memory`, then
//!   the CPU; DynamicCache KV in the model dtype, plus an activation allowance for generation.
//!
//! The llama.cpp-based policies return a `FitRequest` for `fit::estimate`; vLLM and transformers have their
//! own arithmetic here.

use super::{FitRequest, FlashAttn, GIB, GpuLayers, MIB};
use crate::model::ModelSpec;
use crate::units::format_gib;

/// The runtime words are the shared vocabulary's.
pub use crate::vocab::Runtime;

/// Ollama's settings that change memory.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OllamaSettings {
    /// `num_ctx` (None = Ollama's VRAM-dependent default).
    pub num_ctx: Option<u32>,
    /// OLLAMA_NUM_PARALLEL (default 1).
    pub num_parallel: Option<u32>,
    /// `num_gpu` (None = let `--fit` decide).
    pub num_gpu: Option<u32>,
    /// OLLAMA_FLASH_ATTENTION (None = auto).
    pub flash_attention: Option<bool>,
    /// OLLAMA_KV_CACHE_TYPE (f16, q8_0, q4_0).
    pub kv_cache_type: Option<String>,
}

/// Ollama's default `num_ctx` for this much total VRAM (envconfig: 4k / 32k / 256k).
pub fn ollama_default_ctx(total_vram: u64) -> u32 {
    if total_vram < 24 * GIB {
        4096
    } else if total_vram < 48 * GIB {
        32768
    } else {
        262_144
    }
}

pub fn ollama_request(spec: &ModelSpec, base: &FitRequest, s: &OllamaSettings) -> FitRequest {
    let mut r = base.clone();
    let vram: u64 = base.gpus.iter().map(|g| g.capacity_bytes).sum();
    let mut num_ctx = s.num_ctx.unwrap_or_else(|| ollama_default_ctx(vram));
    if spec.hparams.n_ctx_train > 0 {
        num_ctx = num_ctx.min(spec.hparams.n_ctx_train);
    }
    let np = s.num_parallel.unwrap_or(1).max(1);
    r.ctx_size = num_ctx.saturating_mul(np);
    r.parallel = np;
    r.n_gpu_layers = s.num_gpu.map_or(GpuLayers::Auto, GpuLayers::Count);
    r.flash_attn = match s.flash_attention {
        Some(true) => FlashAttn::On,
        Some(false) => FlashAttn::Off,
        None => FlashAttn::Auto,
    };
    if let Some(t) = &s.kv_cache_type {
        r.cache_type_k = t.clone();
        r.cache_type_v = t.clone();
    }
    r
}

/// LM Studio: "GPU offload" ratio 0..=1 of the layers; default context 4096.
pub fn lmstudio_request(
    spec: &ModelSpec,
    base: &FitRequest,
    offload_ratio: Option<f64>,
    ctx: Option<u32>,
) -> FitRequest {
    let mut r = base.clone();
    r.ctx_size = ctx.unwrap_or(4096);
    if let Some(ratio) = offload_ratio {
        let n_all = f64::from(spec.hparams.n_layer.saturating_add(1));
        r.n_gpu_layers = GpuLayers::Count((ratio.clamp(0.0, 1.0) * n_all).round() as u32);
    }
    r
}

/// KV bytes per token over all attention layers in `bytes_per_elem` (vLLM / transformers: K and V, no SWA
/// trimming, no MLA compression unless the model is MLA: then the latent only).
pub fn kv_bytes_per_token(spec: &ModelSpec, bytes_per_elem: f64) -> f64 {
    let hp = &spec.hparams;
    let (attn, _) = super::kv::layer_kinds(spec);
    let head_k = if hp.n_embd_head_k > 0 {
        hp.n_embd_head_k
    } else {
        hp.n_embd / hp.n_head.get(0).max(1)
    };
    let head_v = if hp.n_embd_head_v > 0 {
        hp.n_embd_head_v
    } else {
        head_k
    };
    let mla = super::context::is_mla(spec);
    attn.iter()
        .enumerate()
        .filter(|(_, a)| **a)
        .map(|(il, _)| {
            let kv = f64::from(hp.n_head_kv.get(il).max(if hp.n_head_kv.max() == 0 {
                hp.n_head.get(il)
            } else {
                0
            }));
            let w = if mla {
                f64::from(head_k) * kv
            } else {
                (f64::from(head_k) + f64::from(head_v)) * kv
            };
            w * bytes_per_elem
        })
        .sum()
}

#[derive(Debug, Clone, PartialEq)]
pub struct VllmSettings {
    pub gpu_memory_utilization: f64,
    pub max_model_len: Option<u32>,
    /// `max_num_batched_tokens` used by the profiling run (activation peak).
    pub max_num_batched_tokens: u32,
    /// KV dtype bytes (2 for auto/bf16, 1 for fp8).
    pub kv_bytes: f64,
    /// `--enforce-eager` turns CUDA graphs off.
    pub enforce_eager: bool,
    pub tensor_parallel: u32,
}

impl Default for VllmSettings {
    fn default() -> Self {
        Self {
            gpu_memory_utilization: 0.9,
            max_model_len: None,
            max_num_batched_tokens: 8192,
            kv_bytes: 2.0,
            enforce_eager: false,
            tensor_parallel: 1,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct VllmPlan {
    pub weights_bytes_per_gpu: u64,
    pub activation_bytes: u64,
    pub cuda_graph_bytes: u64,
    /// Bytes left for KV blocks per GPU (0 when weights already do not fit).
    pub kv_budget_bytes: u64,
    /// Longest `max_model_len` one sequence can have.
    pub max_model_len: u64,
    /// Sequences of `max_model_len` (requested or the training context) that fit at once.
    pub max_concurrency: f64,
    pub fits: bool,
}

/// vLLM on `vram` bytes per GPU: weights are split across tensor-parallel ranks.
pub fn vllm_plan(spec: &ModelSpec, vram: u64, s: &VllmSettings) -> VllmPlan {
    let tp = u64::from(s.tensor_parallel.max(1));
    let weights = spec
        .tensor_bytes
        .max(spec.tensors.iter().map(|t| t.bytes).sum())
        / tp;
    let hp = &spec.hparams;
    // Profiling run: one forward over max_num_batched_tokens in bf16: hidden states + the MLP
    // intermediate (gate and up) per token, plus sampling logits for up to 256 sequences in f32.
    let tokens = u64::from(s.max_num_batched_tokens);
    let ff = u64::from(hp.n_ff.max().max(hp.n_ff_exp));
    let activation =
        tokens * (u64::from(hp.n_embd) * 2 * 4 + ff * 2 * 2) / tp + 256 * u64::from(hp.n_vocab) * 4;
    let graphs = if s.enforce_eager { 0 } else { 512 * MIB };
    let budget = ((vram as f64 * s.gpu_memory_utilization) as u64)
        .saturating_sub(weights)
        .saturating_sub(activation)
        .saturating_sub(graphs);
    let per_token = kv_bytes_per_token(spec, s.kv_bytes) / tp as f64;
    let max_len = if per_token > 0.0 {
        (budget as f64 / per_token) as u64
    } else {
        u64::MAX
    };
    let want = u64::from(s.max_model_len.unwrap_or(hp.n_ctx_train.max(1)));
    let concurrency = if want > 0 && per_token > 0.0 {
        budget as f64 / (per_token * want as f64)
    } else {
        0.0
    };
    VllmPlan {
        weights_bytes_per_gpu: weights,
        activation_bytes: activation,
        cuda_graph_bytes: graphs,
        kv_budget_bytes: budget,
        max_model_len: max_len,
        max_concurrency: concurrency,
        fits: budget > 0 && max_len >= want,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HfDtype {
    F32,
    Bf16,
    Int8,
    Nf4,
}

impl HfDtype {
    pub fn bytes_per_param(self) -> f64 {
        match self {
            Self::F32 => 4.0,
            Self::Bf16 => 2.0,
            Self::Int8 => 1.0 * 1.06,
            Self::Nf4 => 0.5 * 1.06 + 0.03,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct TransformersPlan {
    /// Bytes `device_map="auto"` puts on each GPU, then the CPU part.
    pub gpu_bytes: Vec<u64>,
    pub cpu_bytes: u64,
    pub kv_bytes: u64,
    pub activation_bytes: u64,
    pub fits_on_gpus: bool,
}

/// transformers with `device_map="auto"` and `max_memory` per GPU, generating `ctx` tokens.
pub fn transformers_plan(
    spec: &ModelSpec,
    dtype: HfDtype,
    max_memory: &[u64],
    ctx: u32,
) -> TransformersPlan {
    let hp = &spec.hparams;
    let weights = (spec.parameters as f64 * dtype.bytes_per_param()) as u64;
    let kv_elem = if dtype == HfDtype::F32 { 4.0 } else { 2.0 };
    let kv = (kv_bytes_per_token(spec, kv_elem) * f64::from(ctx)) as u64;
    // Prefill: hidden states and MLP intermediates for the prompt + last-token logits in f32.
    let activation = u64::from(ctx)
        * (u64::from(hp.n_embd) * 4 * 2 + u64::from(hp.n_ff.max()) * 2 * 2)
        + u64::from(hp.n_vocab) * 4;
    let mut left = weights;
    let mut gpu_bytes = Vec::new();
    for (i, cap) in max_memory.iter().enumerate() {
        let reserve = if i == 0 { kv + activation } else { 0 };
        let take = left.min(cap.saturating_sub(reserve));
        gpu_bytes.push(take + reserve.min(*cap));
        left -= take;
    }
    TransformersPlan {
        fits_on_gpus: left == 0 && !max_memory.is_empty(),
        gpu_bytes,
        cpu_bytes: left,
        kv_bytes: kv,
        activation_bytes: activation,
    }
}

/// One line on what a PyTorch runtime (vLLM, transformers) would do with the model on these GPUs.
pub fn summary(spec: &ModelSpec, req: &FitRequest, runtime: Runtime) -> String {
    let vram = req.gpus.first().map_or(0, |g| g.capacity_bytes);
    match runtime {
        Runtime::Vllm => {
            let p = vllm_plan(spec, vram, &VllmSettings::default());
            format!(
                "vLLM (gpu_memory_utilization 0.9): weights {}, activations {}, CUDA graphs {}, KV budget {} → max_model_len {} (concurrency {:.1} at the training context)",
                format_gib(p.weights_bytes_per_gpu),
                format_gib(p.activation_bytes),
                format_gib(p.cuda_graph_bytes),
                format_gib(p.kv_budget_bytes),
                p.max_model_len,
                p.max_concurrency
            )
        }
        _ => {
            let ctx = if req.ctx_size > 0 { req.ctx_size } else { 4096 };
            let caps: Vec<u64> = req.gpus.iter().map(|g| g.capacity_bytes).collect();
            let p = transformers_plan(spec, HfDtype::Bf16, &caps, ctx);
            format!(
                "transformers (bf16, device_map=\"auto\"): GPUs {}, CPU {}, KV {} at {} tokens{}",
                p.gpu_bytes
                    .iter()
                    .map(|b| format_gib(*b))
                    .collect::<Vec<_>>()
                    .join(" + "),
                format_gib(p.cpu_bytes),
                format_gib(p.kv_bytes),
                ctx,
                if p.fits_on_gpus {
                    ""
                } else {
                    " (does not fit on the GPUs: offloads to CPU)"
                }
            )
        }
    }
}
