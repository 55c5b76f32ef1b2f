//! "What if I change this setting?" — the numbers behind every step's effect.
//!
//! The plan engine asks a [`WhatIf`] for a [`Prediction`] (per-GPU total and free, host bytes, layers on the GPU,
//! tokens/s) of a changed [`Setup`], and searches over it (largest `-ngl` that fits, largest context, smallest
//! `--n-cpu-moe`, best quant). Two implementations: `plan::fit_bridge` (on top of `crate::fit`, llama.cpp's
//! allocation model) and [`Formula`] here, the fallback when only coarse facts are known (file size, layer
//! count, KV shape from a log or a header). `Formula` follows research/fit.md §0: weights per layer from the
//! tensor table or file size ÷ layers; KV = 2·n_layer·n_ctx·n_head_kv·head_dim·bytes (K and V types apart);
//! compute buffer n_vocab·n_ubatch·4 B with flash attention, max(that, n_ctx·n_ubatch·n_head·4 B) without;
//! a fixed CUDA context overhead per GPU; tokens/s from bandwidth (§5). It says so in `Prediction::method`.
//!
//! The quant ladder (effective bits per weight on Llama-3.1-8B, perplexity deltas on Llama-3-8B) is from
//! research/quants.tsv (llama.cpp tools/quantize README and `llama-quantize --help`).

use serde::{Deserialize, Serialize};

use crate::units::{GIB, MIB};

/// The settings a fix changes, in llama.cpp's terms (other runtimes map onto them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// Quantization of the weights ("Q4_K_M", "F16", …) when known.
    pub quant: Option<String>,
    pub n_ctx: u32,
    /// `None` = everything that exists (llama.cpp `-ngl 999`); `Some(n)` = `-ngl n`.
    pub n_gpu_layers: Option<u32>,
    pub n_batch: u32,
    pub n_ubatch: u32,
    pub cache_type_k: String,
    pub cache_type_v: String,
    pub flash_attn: bool,
    /// `--n-cpu-moe N`: expert tensors of the first N layers stay in system RAM.
    pub n_cpu_moe: u32,
    pub parallel: u32,
    /// vLLM `--gpu-memory-utilization` (share of the GPU vLLM may take; 0.9 by default).
    pub gpu_memory_utilization: f64,
    /// vLLM `--enforce-eager` (no CUDA graphs: saves their memory, costs speed).
    pub enforce_eager: bool,
    /// vLLM `--cpu-offload-gb` / transformers `max_memory["cpu"]`: weights kept in system RAM.
    pub cpu_offload_bytes: u64,
    /// vLLM `--tensor-parallel-size`.
    pub tensor_parallel: u32,
}

impl Default for Setup {
    fn default() -> Self {
        Self {
            quant: None,
            n_ctx: 4096,
            n_gpu_layers: None,
            n_batch: 2048,
            n_ubatch: 512,
            cache_type_k: "f16".into(),
            cache_type_v: "f16".into(),
            flash_attn: true,
            n_cpu_moe: 0,
            parallel: 1,
            gpu_memory_utilization: 0.9,
            enforce_eager: false,
            cpu_offload_bytes: 0,
            tensor_parallel: 1,
        }
    }
}

/// Predicted use of one GPU.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GpuUse {
    pub name: String,
    pub capacity_bytes: u64,
    pub total_bytes: u64,
    pub weights_bytes: u64,
    pub kv_bytes: u64,
}

impl GpuUse {
    /// Capacity minus predicted use (negative: does not fit).
    pub fn free_bytes(&self) -> i64 {
        signed(self.capacity_bytes) - signed(self.total_bytes)
    }
}

/// What a setup is predicted to allocate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Prediction {
    pub gpus: Vec<GpuUse>,
    pub host_bytes: u64,
    /// Weights over all devices.
    pub weights_bytes: u64,
    /// KV cache over all devices.
    pub kv_bytes: u64,
    pub layers_offloaded: u32,
    pub layers_total: u32,
    pub tokens_per_second: Option<f64>,
    /// How the numbers were obtained (shown next to them).
    pub method: String,
}

impl Prediction {
    /// Smallest free space over the GPUs (negative: the worst GPU is over by that much).
    pub fn min_free_bytes(&self) -> i64 {
        self.gpus.iter().map(GpuUse::free_bytes).min().unwrap_or(0)
    }

    pub fn gpu_total_bytes(&self) -> u64 {
        self.gpus
            .iter()
            .map(|g| g.total_bytes)
            .fold(0, u64::saturating_add)
    }

    /// Every GPU keeps at least `margin` free.
    pub fn fits(&self, margin: u64) -> bool {
        !self.gpus.is_empty() && self.min_free_bytes() >= signed(margin)
    }

    pub fn all_on_gpu(&self) -> bool {
        self.layers_offloaded >= self.layers_total
    }
}

/// Predicts what a setup allocates. `None` when the implementation cannot say (unknown model, bad setting).
pub trait WhatIf {
    fn predict(&self, setup: &Setup) -> Option<Prediction>;
}

pub(crate) fn signed(bytes: u64) -> i64 {
    i64::try_from(bytes).unwrap_or(i64::MAX)
}

/// One rung of the quant ladder.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quant {
    pub name: &'static str,
    /// Effective bits per weight of a whole llama.cpp file (Llama-3.1-8B).
    pub bpw: f64,
    /// Perplexity increase over F16 (Llama-3-8B); `None` where llama.cpp does not print one.
    pub ppl_delta: Option<f64>,
}

/// llama.cpp quant types from best to smallest (research/quants.tsv). Q3_K_M's bpw is derived from its
/// quantize-help size (3.74G vs Q4_K_M 4.58G at Llama-3-8B).
pub const QUANT_LADDER: [Quant; 18] = [
    Quant {
        name: "F16",
        bpw: 16.0005,
        ppl_delta: Some(0.002),
    },
    Quant {
        name: "Q8_0",
        bpw: 8.5008,
        ppl_delta: Some(0.0026),
    },
    Quant {
        name: "Q6_K",
        bpw: 6.5633,
        ppl_delta: Some(0.0217),
    },
    Quant {
        name: "Q5_K_M",
        bpw: 5.7036,
        ppl_delta: Some(0.0569),
    },
    Quant {
        name: "Q5_K_S",
        bpw: 5.5704,
        ppl_delta: Some(0.1049),
    },
    Quant {
        name: "Q4_K_M",
        bpw: 4.8944,
        ppl_delta: Some(0.1754),
    },
    Quant {
        name: "Q4_K_S",
        bpw: 4.6672,
        ppl_delta: Some(0.2689),
    },
    Quant {
        name: "IQ4_XS",
        bpw: 4.4597,
        ppl_delta: None,
    },
    Quant {
        name: "Q3_K_L",
        bpw: 4.2979,
        ppl_delta: Some(0.5562),
    },
    Quant {
        name: "Q3_K_M",
        bpw: 3.997,
        ppl_delta: Some(0.6569),
    },
    Quant {
        name: "IQ3_M",
        bpw: 3.7628,
        ppl_delta: None,
    },
    Quant {
        name: "Q3_K_S",
        bpw: 3.6429,
        ppl_delta: Some(1.6321),
    },
    Quant {
        name: "IQ3_XXS",
        bpw: 3.2548,
        ppl_delta: None,
    },
    Quant {
        name: "Q2_K",
        bpw: 3.1593,
        ppl_delta: Some(3.5199),
    },
    Quant {
        name: "IQ2_M",
        bpw: 2.9294,
        ppl_delta: None,
    },
    Quant {
        name: "IQ2_S",
        bpw: 2.7403,
        ppl_delta: None,
    },
    Quant {
        name: "IQ2_XS",
        bpw: 2.5882,
        ppl_delta: None,
    },
    Quant {
        name: "IQ2_XXS",
        bpw: 2.3824,
        ppl_delta: None,
    },
];

/// The ladder entry for a quant name (case-insensitive; "BF16" counts as F16).
pub fn quant(name: &str) -> Option<Quant> {
    let upper = name.trim().to_ascii_uppercase();
    let upper = if upper == "BF16" {
        "F16".to_owned()
    } else {
        upper
    };
    QUANT_LADDER.iter().copied().find(|q| q.name == upper)
}

/// Quants smaller than `current`, best first.
pub fn smaller_quants(current: &str) -> Vec<Quant> {
    let Some(cur) = quant(current) else {
        return Vec::new();
    };
    QUANT_LADDER
        .iter()
        .copied()
        .filter(|q| q.bpw < cur.bpw)
        .collect()
}

/// Bytes per KV element of a cache type (`-ctk/-ctv` spelling).
pub fn kv_type_bytes(cache_type: &str) -> Option<f64> {
    Some(match cache_type.trim().to_ascii_lowercase().as_str() {
        "f32" => 4.0,
        "f16" | "bf16" => 2.0,
        "q8_0" => 34.0 / 32.0,
        "q5_1" => 24.0 / 32.0,
        "q5_0" => 22.0 / 32.0,
        "q4_1" => 20.0 / 32.0,
        "q4_0" | "iq4_nl" => 18.0 / 32.0,
        "fp8" | "fp8_e4m3" | "fp8_e5m2" => 1.0,
        _ => return None,
    })
}

/// Coarse facts about a model, enough for [`Formula`].
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ModelFacts {
    /// Weight bytes (tensor table sum, else file size).
    pub weights_bytes: u64,
    pub quant: Option<String>,
    pub n_layer: u32,
    pub n_ctx_train: u32,
    pub n_embd: u32,
    pub n_head: u32,
    pub n_head_kv: u32,
    pub head_dim_k: u32,
    pub head_dim_v: u32,
    pub n_vocab: u32,
    /// Bytes of the input embedding (always on the host in llama.cpp).
    pub token_embd_bytes: u64,
    /// Bytes of the output head (on the GPU with the first offloaded "layer").
    pub output_bytes: u64,
    /// Bytes of routed-expert tensors (MoE), 0 for dense models.
    pub expert_bytes: u64,
    pub n_expert: u32,
    pub n_expert_used: u32,
    /// Bytes of each repeating layer (`blk.N.*`) when the tensor table is known; empty = spread evenly.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub layer_bytes: Vec<u64>,
    /// Exact weight bytes at other quants (`model::quantize`'s llama-quantize rules applied to this tensor
    /// table), when known; otherwise sizes scale by the ladder's effective bits per weight.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub quant_bytes: Vec<(String, u64)>,
}

impl ModelFacts {
    /// From the model description; `file_bytes` stands in when the tensor table is empty.
    pub fn from_spec(spec: &crate::model::ModelSpec) -> Self {
        let h = &spec.hparams;
        let n_head = h.n_head.max();
        let head_dim = |v: u32| {
            if v > 0 {
                v
            } else {
                h.n_embd.checked_div(n_head).unwrap_or(0)
            }
        };
        let tensor_bytes = |name: &str| spec.tensor(name).map_or(0, |t| t.bytes);
        let token_embd_bytes = tensor_bytes("token_embd.weight");
        let output = tensor_bytes("output.weight");
        Self {
            weights_bytes: if spec.tensor_bytes > 0 {
                spec.tensor_bytes
            } else {
                spec.file_bytes
            },
            quant: spec.file_type.clone(),
            n_layer: h.n_layer,
            n_ctx_train: h.n_ctx_train,
            n_embd: h.n_embd,
            n_head,
            n_head_kv: h.n_head_kv.max(),
            head_dim_k: head_dim(h.n_embd_head_k),
            head_dim_v: head_dim(h.n_embd_head_v),
            n_vocab: h.n_vocab,
            token_embd_bytes,
            output_bytes: if output > 0 { output } else { token_embd_bytes },
            expert_bytes: spec
                .tensors
                .iter()
                .filter(|t| t.is_expert())
                .map(|t| t.bytes)
                .fold(0, u64::saturating_add),
            n_expert: h.n_expert,
            n_expert_used: h.n_expert_used,
            quant_bytes: if spec.tensors.is_empty() {
                Vec::new()
            } else {
                QUANT_LADDER
                    .iter()
                    .filter_map(|q| {
                        let predicted =
                            crate::model::quantize::predict(spec, q.name, Default::default())
                                .ok()?;
                        let bytes = predicted
                            .tensors
                            .iter()
                            .map(|t| t.bytes)
                            .fold(0, u64::saturating_add);
                        Some((q.name.to_owned(), bytes))
                    })
                    .collect()
            },
            layer_bytes: if spec.tensors.is_empty() {
                Vec::new()
            } else {
                (0..h.n_layer).map(|il| spec.layer_bytes(il)).collect()
            },
        }
    }

    /// KV bytes per token over all layers for the given cache types.
    pub fn kv_bytes_per_token(&self, cache_type_k: &str, cache_type_v: &str) -> f64 {
        let k = kv_type_bytes(cache_type_k).unwrap_or(2.0);
        let v = kv_type_bytes(cache_type_v).unwrap_or(2.0);
        f64::from(self.n_layer)
            * f64::from(self.n_head_kv)
            * (f64::from(self.head_dim_k) * k + f64::from(self.head_dim_v) * v)
    }

    /// `bytes` of this model re-expressed at quant `to`: by the exact size ratio when the tensor table was
    /// re-quantized, else by the ladder's effective bits per weight.
    fn scale(&self, bytes: u64, to: Option<&str>) -> u64 {
        let from = self.quant.as_deref().and_then(quant);
        let (Some(f), Some(t)) = (from, to.and_then(quant)) else {
            return bytes;
        };
        if f.name == t.name {
            return bytes;
        }
        let exact = |name: &str| {
            self.quant_bytes
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, b)| *b)
        };
        let now = exact(f.name).unwrap_or(self.weights_bytes);
        let ratio = match exact(t.name) {
            Some(b) if now > 0 => b as f64 / now as f64,
            _ => t.bpw / f.bpw,
        };
        (bytes as f64 * ratio).round() as u64
    }
}

/// A GPU for [`Formula`]: name, memory it may use, bandwidth.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct GpuFacts {
    pub name: String,
    /// Memory available to the model (total minus what others hold).
    pub capacity_bytes: u64,
    /// Memory bandwidth in bytes/s (for tokens/s), when known.
    pub bandwidth_bytes_per_sec: Option<u64>,
}

/// The fallback estimator (see the module documentation for the formulas).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Formula {
    pub model: ModelFacts,
    pub gpus: Vec<GpuFacts>,
    /// System-RAM bandwidth in bytes/s; an assumed 60 GB/s (dual-channel DDR5, ~65 % achievable) when unknown.
    pub host_bandwidth_bytes_per_sec: Option<u64>,
}

/// CUDA context + cuBLAS workspace per GPU (research/fit.md §1.6: 300–600 MiB).
pub const GPU_OVERHEAD_BYTES: u64 = 512 * MIB;
const ASSUMED_HOST_BANDWIDTH: u64 = 60_000_000_000;

impl WhatIf for Formula {
    fn predict(&self, setup: &Setup) -> Option<Prediction> {
        let m = &self.model;
        if m.n_layer == 0 || m.weights_bytes == 0 || self.gpus.is_empty() {
            return None;
        }
        let quant = setup.quant.as_deref();
        let weights = m.scale(m.weights_bytes, quant);
        let embd = m.scale(m.token_embd_bytes, quant);
        let output = m
            .scale(m.output_bytes, quant)
            .min(weights.saturating_sub(embd));
        let tied_output = m.output_bytes == m.token_embd_bytes;
        let repeating =
            weights
                .saturating_sub(embd)
                .saturating_sub(if tied_output { 0 } else { output });
        let per_layer = repeating / u64::from(m.n_layer);
        let experts_per_layer = m.scale(m.expert_bytes, quant) / u64::from(m.n_layer);

        let layers_total = m.n_layer + 1;
        let ngl = setup.n_gpu_layers.unwrap_or(layers_total).min(layers_total);
        let gpu_layers = ngl.saturating_sub(1); // the output layer goes first
        let output_on_gpu = ngl >= 1;
        let cpu_moe_layers = setup.n_cpu_moe.min(m.n_layer);
        // --n-cpu-moe keeps the experts of the first N layers on the host; offloaded layers are the last ones.
        let first_gpu_layer = m.n_layer - gpu_layers;
        let moe_on_host_gpu_layers = cpu_moe_layers.saturating_sub(first_gpu_layer);

        // Products of user-given sizes are taken in f64 (an `as u64` cast saturates, never wraps).
        let n_ctx =
            f64::from(setup.n_ctx.div_ceil(256).max(1)) * 256.0 * f64::from(setup.parallel.max(1));
        let ubatch = f64::from(setup.n_ubatch);
        let kv_per_layer = (m.kv_bytes_per_token(&setup.cache_type_k, &setup.cache_type_v)
            / f64::from(m.n_layer)
            * n_ctx)
            .round() as u64;

        // Offloaded layers are the last ones; with a tensor table their exact bytes are summed.
        let gpu_layer_bytes = if m.layer_bytes.len() == m.n_layer as usize {
            let first = (m.n_layer - gpu_layers) as usize;
            m.scale(
                m.layer_bytes[first..]
                    .iter()
                    .fold(0, |a, b| a.saturating_add(*b)),
                quant,
            )
        } else {
            u64::from(gpu_layers) * per_layer
        };
        let gpu_weights = (gpu_layer_bytes + if output_on_gpu { output } else { 0 })
            .saturating_sub(u64::from(moe_on_host_gpu_layers) * experts_per_layer);
        let gpu_kv = kv_per_layer.saturating_mul(u64::from(gpu_layers));
        let logits = (f64::from(m.n_vocab) * ubatch * 4.0) as u64;
        let mut compute = if setup.flash_attn {
            logits
        } else {
            logits
                .max((n_ctx * ubatch * f64::from(m.n_head) * 4.0) as u64)
                .saturating_add(100 * MIB)
        };
        if gpu_layers < m.n_layer || moe_on_host_gpu_layers > 0 {
            // Partial offload stages the largest host-resident weight into the GPU compute buffer (§1.4).
            compute = compute.saturating_add(per_layer / 3);
        }

        let capacity: u64 = self
            .gpus
            .iter()
            .map(|g| g.capacity_bytes)
            .fold(0, u64::saturating_add);
        let gpus = self
            .gpus
            .iter()
            .map(|g| {
                // Layers split in proportion to capacity (llama.cpp's default tensor split uses free memory).
                let share = if capacity == 0 {
                    0.0
                } else {
                    g.capacity_bytes as f64 / capacity as f64
                };
                let part = |b: u64| (b as f64 * share).round() as u64;
                let weights_bytes = part(gpu_weights);
                let kv_bytes = part(gpu_kv);
                GpuUse {
                    name: g.name.clone(),
                    capacity_bytes: g.capacity_bytes,
                    total_bytes: weights_bytes
                        .saturating_add(kv_bytes)
                        .saturating_add(compute)
                        .saturating_add(GPU_OVERHEAD_BYTES),
                    weights_bytes,
                    kv_bytes,
                }
            })
            .collect();
        let host_weights = weights.saturating_sub(gpu_weights);
        let host_kv = kv_per_layer.saturating_mul(u64::from(m.n_layer - gpu_layers));
        let host_compute = (n_ctx * ubatch * 4.0) as u64;
        let host_bytes = host_weights
            .saturating_add(host_kv)
            .saturating_add(host_compute)
            .saturating_add(u64::from(m.n_vocab) * 4);

        Some(Prediction {
            gpus,
            host_bytes,
            weights_bytes: weights,
            kv_bytes: gpu_kv.saturating_add(host_kv),
            layers_offloaded: ngl,
            layers_total,
            tokens_per_second: self.tokens_per_second(
                m,
                gpu_weights,
                host_weights - embd.min(host_weights),
            ),
            method: "formula estimate (file size, layer count, KV shape; research/fit.md §0)"
                .into(),
        })
    }
}

impl Formula {
    /// Generation speed: every active weight byte is read once per token (research/fit.md §5).
    fn tokens_per_second(
        &self,
        m: &ModelFacts,
        gpu_weights: u64,
        host_weights: u64,
    ) -> Option<f64> {
        let gpu_bw = self
            .gpus
            .iter()
            .filter_map(|g| g.bandwidth_bytes_per_sec)
            .min()?;
        let active = if m.n_expert > 1 && m.n_expert_used > 0 && m.expert_bytes > 0 {
            // MoE: only the routed experts' share of expert bytes is read per token.
            let dense =
                m.weights_bytes.saturating_sub(m.expert_bytes) as f64 / m.weights_bytes as f64;
            dense + (1.0 - dense) * f64::from(m.n_expert_used) / f64::from(m.n_expert)
        } else {
            1.0
        };
        let host_bw = self
            .host_bandwidth_bytes_per_sec
            .unwrap_or(ASSUMED_HOST_BANDWIDTH);
        let t = gpu_weights as f64 * active / (0.85 * gpu_bw as f64)
            + host_weights as f64 * active / (0.65 * host_bw as f64)
            + 0.003;
        Some(1.0 / t)
    }
}

/// Rounds down to a multiple of 256 (llama.cpp pads contexts to 256).
pub fn round_ctx(n: u64) -> u32 {
    u32::try_from(n / 256 * 256).unwrap_or(u32::MAX - 255)
}

/// 1 GiB, llama.cpp `--fit`'s default free-memory target per device.
pub const DEFAULT_MARGIN: u64 = GIB;

#[cfg(test)]
mod tests {
    use super::*;

    fn llama70b() -> Formula {
        Formula {
            model: ModelFacts {
                weights_bytes: 42_520_000_000,
                quant: Some("Q4_K_M".into()),
                n_layer: 80,
                n_ctx_train: 131_072,
                n_embd: 8192,
                n_head: 64,
                n_head_kv: 8,
                head_dim_k: 128,
                head_dim_v: 128,
                n_vocab: 128_256,
                token_embd_bytes: 591 * MIB,
                output_bytes: 822 * MIB,
                ..ModelFacts::default()
            },
            gpus: vec![GpuFacts {
                name: "RTX 4090".into(),
                capacity_bytes: 24 * GIB,
                bandwidth_bytes_per_sec: Some(1_008_000_000_000),
            }],
            host_bandwidth_bytes_per_sec: None,
        }
    }

    #[test]
    fn kv_formula_matches_llama_3_70b() {
        // 2 · 80 layers · 8 KV heads · 128 · 2 B = 320 KiB per token at f16.
        let f = llama70b();
        assert_eq!(f.model.kv_bytes_per_token("f16", "f16"), 327_680.0);
        let p = f
            .predict(&Setup {
                n_ctx: 8192,
                ..Setup::default()
            })
            .unwrap();
        assert_eq!(p.kv_bytes, 8192 * 327_680);
        assert!(!p.fits(DEFAULT_MARGIN));
        assert!(p.min_free_bytes() < -(15 * GIB as i64));
    }

    #[test]
    fn fewer_layers_and_smaller_quants_shrink_gpu_use() {
        let f = llama70b();
        let all = f.predict(&Setup::default()).unwrap();
        let some = f
            .predict(&Setup {
                n_gpu_layers: Some(40),
                ..Setup::default()
            })
            .unwrap();
        assert!(some.gpu_total_bytes() < all.gpu_total_bytes());
        assert!(some.tokens_per_second.unwrap() < all.tokens_per_second.unwrap());
        let q2 = f
            .predict(&Setup {
                quant: Some("IQ2_XS".into()),
                ..Setup::default()
            })
            .unwrap();
        assert!(q2.weights_bytes < all.weights_bytes * 6 / 10);
        assert_eq!(smaller_quants("q4_k_m")[0].name, "Q4_K_S");
        assert!(smaller_quants("mystery").is_empty());
    }

    #[test]
    fn exact_layer_bytes_are_summed_from_the_end() {
        let mut f = llama70b();
        f.model.n_layer = 4;
        f.model.token_embd_bytes = 0;
        f.model.output_bytes = 0;
        f.model.weights_bytes = 10 * GIB;
        f.model.layer_bytes = vec![GIB, GIB, 2 * GIB, 6 * GIB];
        let p = f
            .predict(&Setup {
                n_gpu_layers: Some(2),
                ..Setup::default()
            })
            .unwrap();
        // -ngl 2 = the output layer + the last block (6 GiB), not an even 2.5 GiB share.
        assert_eq!(p.gpus[0].weights_bytes, 6 * GIB);
    }

    #[test]
    fn no_model_no_prediction() {
        assert!(Formula::default().predict(&Setup::default()).is_none());
    }
}
