//! The settings a plan changes ([`Setup`]) and what the fit engine predicts for them ([`Prediction`]).

use serde::{Deserialize, Serialize};

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

pub(crate) fn signed(bytes: u64) -> i64 {
    i64::try_from(bytes).unwrap_or(i64::MAX)
}

/// 1 GiB, llama.cpp `--fit`'s default free-memory target per device.
pub const DEFAULT_MARGIN: u64 = crate::fit::DEFAULT_MARGIN;
