//! Speed model (research/fit.md §5, issue 15 §3). Two regimes, two hardware figures:
//!
//! * Generation reads every touched weight once per token, so it is memory-bandwidth bound:
//!   t_token = Σ_d bytes_read_d / (η_d · BW_d) + n_gpu_layers · τ_layer,
//!   bytes_read = weights touched per token (MoE: shared + n_expert_used/n_expert of the routed experts; never
//!   the input embedding, a row lookup) + the KV cache read at the current position. Layers run one after
//!   another, so several GPUs add capacity, not bandwidth. τ_layer is the per-layer launch/synchronisation
//!   cost of the backend (what a small model pays on a fast card); the host share runs at RAM bandwidth.
//! * Prompt processing multiplies a ubatch of tokens against each weight, so it is compute bound:
//!   t_token = Σ_gpu flops_g / (ε_b · F_g) + host-resident weight bytes / (n_ubatch · PCIe),
//!   flops = 2 · active matmul parameters + attention (4 · head dims · context). F is the GPU's peak dense
//!   matrix throughput from the catalog: INT8 for quantized weights (llama.cpp's MMQ / integer-dot kernels),
//!   FP16 for float weights and for Metal (Apple GPUs have no INT8 matrix path). Weights left on the host are
//!   still multiplied on the GPU for large batches (ggml-backend op offload), uploaded once per ubatch.
//!
//! Calibration (tests/data/fit/bench_measurements.tsv, current builds): the constants come from the halves
//! T+H+N, the Intel figures from O, and AMD's 2026 figures from Q and S; the latest held-apart half (R, a
//! seventh round aimed at AMD) is only scored (tests/fit_speed_bench.rs reports every half per GPU family). Generation reaches η 0.88 of peak bandwidth on
//! CUDA/ROCm, 0.85 on Vulkan and 0.80 on Metal, plus τ_layer 45 µs CUDA / 135 µs ROCm / 60 µs Vulkan / 120 µs
//! Metal (L1 in log space; Vulkan refitted on T+H+N, whose 2025–26 builds pay half the per-layer cost of the
//! early-2025 ones; the old flat 2.8 ms per token is what builds before CUDA graphs paid). Intel Arc on Vulkan
//! reaches 0.35 of its bandwidth (see `bandwidth_efficiency`). Prompt: ε 0.25 CUDA (0.42 for float weights
//! through cuBLAS) / 0.32 ROCm / 0.71 Metal of the peak `prompt_peak` picks (which depends on the GPU's matrix
//! units); Vulkan's ε is per vendor and weight type (see `prompt_efficiency`). Each ε is the median of its
//! fitting rows.

use super::{Backend, DeviceKind, FitReport, FitRequest};
use crate::model::ModelSpec;

/// Host memory bandwidth assumed when none is detected or given: dual-channel DDR4-3200 peak (fit.md §5).
pub const DEFAULT_RAM_BANDWIDTH_GBPS: f64 = 51.2;
/// GPU bandwidth assumed when a device has none (a mid-range 2020s card).
pub const DEFAULT_GPU_BANDWIDTH_GBPS: f64 = 450.0;
/// Host-to-GPU copy rate for weights that op offload streams to the GPU (PCIe 4.0 x16, achieved).
pub const PCIE_GBPS: f64 = 24.0;
/// Host RAM efficiency for generation (fit.md §5: 60–70 % of peak is achievable).
pub const HOST_ETA: f64 = 0.65;
/// CPU prompt speed: tok/s × active parameters (B) / RAM bandwidth (GB/s). A stated assumption (no CPU
/// FLOPS figure is known here); CPU prompt speed is out of this calibration's scope.
const CPU_PROMPT_KAPPA: f64 = 2.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpeedModel {
    /// Fraction of peak memory bandwidth generation reaches.
    pub eta: f64,
    /// Fixed time per offloaded layer per generated token (kernel launches, synchronisation), seconds.
    pub t_layer_s: f64,
    /// Fraction of peak matrix throughput prompt processing reaches with quantized weights.
    pub prompt_eff: f64,
    /// The same for float (F16/BF16/F32) weights.
    pub prompt_eff_float: f64,
}

pub fn model_for(backend: Backend) -> SpeedModel {
    match backend {
        Backend::Cuda => SpeedModel {
            eta: 0.88,
            t_layer_s: 45e-6,
            prompt_eff: 0.25,
            prompt_eff_float: 0.42,
        },
        Backend::Rocm => SpeedModel {
            eta: 0.88,
            t_layer_s: 135e-6,
            prompt_eff: 0.32,
            prompt_eff_float: 0.32,
        },
        Backend::Vulkan => SpeedModel {
            eta: 0.85,
            t_layer_s: 60e-6,
            prompt_eff: 0.47,
            prompt_eff_float: 0.47,
        },
        Backend::Metal => SpeedModel {
            eta: 0.80,
            t_layer_s: 120e-6,
            prompt_eff: 0.71,
            prompt_eff_float: 0.71,
        },
        Backend::Cpu => SpeedModel {
            eta: HOST_ETA,
            t_layer_s: 0.0,
            prompt_eff: 0.0,
            prompt_eff_float: 0.0,
        },
    }
}

/// GPU vendor as far as the speed model distinguishes them (Vulkan's kernels differ per vendor).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Vendor {
    Nvidia,
    Amd,
    Intel,
    Other,
}

fn vendor(gpu_name: &str) -> Vendor {
    let n = gpu_name.to_ascii_lowercase();
    if n.contains("intel") || n.starts_with("arc ") {
        Vendor::Intel
    } else if n.contains("amd") || n.contains("radeon") || n.contains("instinct") {
        Vendor::Amd
    } else if n.contains("nvidia")
        || n.contains("geforce")
        || n.contains("rtx")
        || n.contains("tesla")
    {
        Vendor::Nvidia
    } else {
        Vendor::Other
    }
}

/// Fraction of peak bandwidth generation reaches on a backend and GPU. Intel Arc on Vulkan reads weights at
/// 0.35 of its bandwidth (Alchemist's mat-vec kernels, fitted on the one fitting row there is); every other
/// GPU gets its backend's η.
pub fn bandwidth_efficiency(backend: Backend, gpu_name: &str) -> f64 {
    if backend == Backend::Vulkan && vendor(gpu_name) == Vendor::Intel {
        return 0.35;
    }
    model_for(backend).eta
}

/// Prompt efficiency for a backend and GPU. Vulkan's depends on the vendor's FP16 cooperative-matrix path
/// (NV_coopmat2 on NVIDIA 0.47, KHR_coopmat on AMD 0.23), each the median of that vendor's tuning rows
/// against the FP16 peak. On Intel, ggml-vulkan enables KHR_coopmat for Xe2 only (Battlemage, Lunar Lake;
/// `ggml_vk_khr_cooperative_matrix_support`: older Arc regressed with it): Xe2 0.17 (its one fitting row, an
/// Arc Pro B70 on a 2026 build), Alchemist 0.037 (its XMX units sit idle). BF16 weights on AMD's Vulkan
/// reach 0.08: RADV runs them at about a third of ROCm's rate on the same card, with or without the bf16
/// extension (the median of round S's three Strix Halo BF16 rows, 2026 builds). No F16 row was measured on
/// AMD's Vulkan, so F16 keeps the quantized figure it had.
///
/// AMD's integrated GPUs (780M, Strix Halo) get no discount of their own any more. Until January 2026 they
/// reached 0.68 of a discrete card's share of the same peak (the fitting rows of 2025 builds); the ten APU
/// rows of builds from February 2026 on reach 1.07 of it (median; rounds Q and S, and a 780M under a March
/// 2026 app build), as gfx1151's MMQ and hipBLASLt paths and the Vulkan shaders caught up.
pub fn prompt_efficiency(backend: Backend, gpu_name: &str, weights: MatrixWeights) -> f64 {
    match (backend, vendor(gpu_name)) {
        (Backend::Vulkan, Vendor::Intel) if intel_xe2(gpu_name) => 0.17,
        (Backend::Vulkan, Vendor::Intel) => 0.037,
        (Backend::Vulkan, Vendor::Amd) if weights == MatrixWeights::Bf16 => 0.08,
        (Backend::Vulkan, Vendor::Amd) => 0.23,
        _ if weights.is_float() => model_for(backend).prompt_eff_float,
        _ => model_for(backend).prompt_eff,
    }
}

/// What most of a model's matrix bytes are stored as, as the prompt kernels see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatrixWeights {
    Quantized,
    /// F16 (or F32).
    F16,
    Bf16,
}

impl MatrixWeights {
    pub fn is_float(self) -> bool {
        self != MatrixWeights::Quantized
    }

    /// From a quant name as llama-bench or a file name spells it ("BF16", "F16", "Q4_K_M").
    pub fn from_quant_name(name: &str) -> Self {
        match name.to_ascii_uppercase().as_str() {
            "BF16" => MatrixWeights::Bf16,
            "F16" | "F32" => MatrixWeights::F16,
            _ => MatrixWeights::Quantized,
        }
    }
}

/// An Intel Xe2 GPU (ggml-vulkan's INTEL_XE2): Battlemage (Arc B570/B580, Arc Pro B50/B60/B70) and Lunar
/// Lake's Arc 130V/140V. Alchemist (A-series) and Meteor/Arrow Lake's Arc iGPUs are Xe-LPG/HPG.
fn intel_xe2(gpu_name: &str) -> bool {
    let n = gpu_name.to_ascii_lowercase();
    if vendor(&n) != Vendor::Intel {
        return false;
    }
    n.contains("lunar lake")
        || n.contains("battlemage")
        || n.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
            matches!(w, "130v" | "140v")
                || ((3..=4).contains(&w.len())
                    && w.starts_with('b')
                    && w[1..].bytes().all(|b| b.is_ascii_digit()))
        })
}

/// Strix Halo (Ryzen AI Max, Radeon 8060S/8050S) from a lower-cased name.
fn is_strix_halo(n: &str) -> bool {
    n.contains("strix") || n.contains("8060s") || n.contains("8050s")
}

/// The first digit of an AMD integrated Radeon's three-digit "M" model ("780m" → 7), from a lower-cased name.
fn igpu_model_digit(n: &str) -> Option<u8> {
    n.split(|c: char| !c.is_ascii_alphanumeric()).find_map(|w| {
        let d = w.strip_suffix('m')?;
        (d.len() == 3 && d.bytes().all(|b| b.is_ascii_digit())).then(|| d.as_bytes()[0])
    })
}

/// The matrix throughput prompt processing runs on. FP16 for float weights and on Metal. On CUDA the faster
/// of the INT8 and FP16 paths (MMQ on integer dot products or INT8 tensor cores; Volta and the P100 dequantize
/// to FP16 tensor cores). AMD's WMMA generations (RDNA3/4) run quantized matmuls at the FP16 matrix rate on
/// ROCm and Vulkan alike, so RDNA4's INT8 rate (twice its FP16) goes unused; AMD cards without matrix units
/// (RDNA1/2, Vega) run them on integer dot products (ROCm's MMQ, Vulkan's int-dot kernels) at the INT8 rate.
/// Vulkan elsewhere dequantizes into FP16 cooperative-matrix tiles.
pub fn prompt_peak(c: &GpuCompute, backend: Backend, gpu_name: &str, float: bool) -> f64 {
    let int8_or_fp16 = c.int8_tops.max(c.fp16_tflops);
    if float || backend == Backend::Metal {
        return c.fp16_tflops;
    }
    match (backend, amd_rdna(gpu_name)) {
        (Backend::Vulkan | Backend::Rocm, Some(3..)) => c.fp16_tflops,
        (Backend::Vulkan | Backend::Rocm, Some(_)) => int8_or_fp16,
        (Backend::Vulkan, None) => c.fp16_tflops,
        _ => int8_or_fp16,
    }
}

/// RDNA generation of an AMD Radeon GPU from its marketed name (RX 5000 = 1, RX 6000 / 680M = 2, RX 7000 /
/// 780M / Strix = 3, RX 9000 / R9700 = 4); `None` for Instinct, Vega and anything else.
fn amd_rdna(gpu_name: &str) -> Option<u8> {
    let n = gpu_name.to_ascii_lowercase();
    if vendor(&n) != Vendor::Amd
        || n.contains("instinct")
        || n.contains("vega")
        || n.contains("vii")
    {
        return None;
    }
    if is_strix_halo(&n) {
        return Some(3);
    }
    // Integrated: 660M/680M (RDNA2), 740M–890M (RDNA3/3.5).
    if let Some(d) = igpu_model_digit(&n) {
        return match d {
            b'6' => Some(2),
            b'7' | b'8' => Some(3),
            _ => None,
        };
    }
    // Discrete: "RX 6800 XT", "PRO W7900", "AI PRO R9700": the first digit of the four-digit model number.
    let model = n
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(|w| w.trim_start_matches(['w', 'r', 'v']).get(..4))
        .find(|d| d.bytes().all(|b| b.is_ascii_digit()))?;
    match model.as_bytes()[0] {
        b'5' => Some(1),
        b'6' => Some(2),
        b'7' => Some(3),
        b'9' => Some(4),
        _ => None,
    }
}

/// Peak matrix throughput of one GPU in TFLOPS (FP16) and TOPS (INT8).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GpuCompute {
    pub fp16_tflops: f64,
    pub int8_tops: f64,
    /// True when the figures come from the catalog, false when estimated from bandwidth.
    pub from_catalog: bool,
}

/// The catalog's figures for a GPU by name; unknown GPUs get an estimate from their bandwidth (the catalog's
/// median compute-to-bandwidth ratio: ≈0.15 TFLOPS per GB/s for discrete GPUs, 0.034 for Apple's).
pub fn gpu_compute(name: &str, bandwidth_gbps: f64, backend: Backend) -> GpuCompute {
    if let Ok(g) = crate::hardware::catalog::find(name)
        && let (Some(f), Some(i)) = (g.fp16_tflops, g.int8_tops)
        && f > 0.0
        && i > 0.0
    {
        return GpuCompute {
            fp16_tflops: f,
            int8_tops: i,
            from_catalog: true,
        };
    }
    let (ratio, int8_factor) = match backend {
        Backend::Metal => (0.034, 1.0),
        Backend::Cuda => (0.15, 2.0),
        _ => (0.15, 1.0),
    };
    let fp16 = bandwidth_gbps.max(1.0) * ratio;
    GpuCompute {
        fp16_tflops: fp16,
        int8_tops: fp16 * int8_factor,
        from_catalog: false,
    }
}

/// Tokens per second for one part list: (bytes read per token, bandwidth GB/s, efficiency), plus a fixed
/// time per token in seconds.
pub fn generation_from_parts(parts: &[(f64, f64, f64)], t_fixed_s: f64) -> f64 {
    let t: f64 = parts
        .iter()
        .filter(|p| p.1 > 0.0 && p.2 > 0.0)
        .map(|(bytes, bw, eta)| bytes / (eta * bw * 1e9))
        .sum::<f64>()
        + t_fixed_s;
    if t > 0.0 { 1.0 / t } else { 0.0 }
}

/// Prompt tokens per second for one GPU doing all the work: `flops` per token at `tflops` peak and
/// efficiency `eff`.
pub fn prompt_from_compute(flops_per_token: f64, tflops: f64, eff: f64) -> f64 {
    let rate = tflops * 1e12 * eff;
    if flops_per_token > 0.0 && rate > 0.0 {
        rate / flops_per_token
    } else {
        0.0
    }
}

/// Fraction of a device's weight bytes read per token: routed experts only by n_expert_used/n_expert.
fn touched_fraction(spec: &ModelSpec) -> f64 {
    let Some(used) = routed_share(spec) else {
        return 1.0;
    };
    let total: u64 = spec.tensors.iter().map(|t| t.bytes).sum();
    let experts: u64 = spec
        .tensors
        .iter()
        .filter(|t| t.is_expert())
        .map(|t| t.bytes)
        .sum();
    if total == 0 {
        return 1.0;
    }
    (total - experts) as f64 / total as f64 + experts as f64 / total as f64 * used
}

/// The share of each routed expert matrix a token uses, n_expert_used/n_expert; `None` for a dense model.
fn routed_share(spec: &ModelSpec) -> Option<f64> {
    let hp = &spec.hparams;
    (spec.is_moe() && hp.n_expert_used > 0)
        .then(|| f64::from(hp.n_expert_used) / f64::from(hp.n_expert.max(1)))
}

fn elements(dims: &[u64]) -> f64 {
    dims.iter().map(|&d| d as f64).product()
}

/// Parameters multiplied per token: every weight matrix except the input embedding (a row lookup) unless it
/// doubles as the output head; routed experts count by n_expert_used/n_expert. Falls back to the header's
/// parameter count when the tensor list is empty.
pub fn active_matmul_params(spec: &ModelSpec) -> f64 {
    if spec.tensors.is_empty() {
        return spec.parameters as f64;
    }
    let used = routed_share(spec).unwrap_or(1.0);
    let tied = spec.tensor("output.weight").is_none();
    spec.tensors
        .iter()
        .filter(|t| t.dims.len() >= 2)
        .filter(|t| tied || t.name != "token_embd.weight")
        .map(|t| elements(&t.dims) * if t.is_expert() { used } else { 1.0 })
        .sum()
}

/// Routed-expert parameters multiplied per token (n_expert_used/n_expert of every `_exps` matrix); 0 for a
/// dense model.
fn routed_expert_params(spec: &ModelSpec) -> f64 {
    let Some(used) = routed_share(spec) else {
        return 0.0;
    };
    spec.tensors
        .iter()
        .filter(|t| t.dims.len() >= 2 && t.is_expert())
        .map(|t| elements(&t.dims) * used)
        .sum()
}

/// How far the routed experts' matrix products fall short of a dense one's efficiency in prompt processing.
/// A ubatch of `ubatch` tokens gives each expert only ubatch·n_expert_used/n_expert of them, and llama.cpp's
/// MUL_MAT_ID kernels run those thin products at a fraction of the dense rate that grows with the tokens
/// per expert: min(1, tokens / T), T the tokens per expert at which a backend's kernels reach the dense
/// rate. Fitted on the MoE rows of bench_measurements.tsv (half M: gpt-oss-20b/120b, Qwen3-30B-A3B,
/// Qwen3-235B-A22B on 12 GPUs; the median T per backend): CUDA 265, ROCm 130, Vulkan 75; Metal and the CPU,
/// with no row, take the median over all rows, 145. Without it the app quoted MoE prompt speeds 2-9x too
/// high (Qwen3-30B-A3B on an RTX 5090: 33 000 tok/s predicted, 5 500 measured).
pub fn expert_prompt_efficiency(backend: Backend, tokens_per_expert: f64) -> f64 {
    let full_at = match backend {
        Backend::Cuda => 265.0,
        Backend::Rocm => 130.0,
        Backend::Vulkan => 75.0,
        Backend::Metal | Backend::Cpu => 145.0,
    };
    (tokens_per_expert / full_at).clamp(0.01, 1.0)
}

/// Float when most matrix bytes are float (F32/F16/BF16): llama.cpp multiplies those with FP16 GEMM instead
/// of its quantized kernels; BF16 when most of the float bytes are BF16.
fn matrix_weights(spec: &ModelSpec) -> MatrixWeights {
    let (mut f16, mut bf16, mut all) = (0u64, 0u64, 0u64);
    for t in spec.tensors.iter().filter(|t| t.dims.len() >= 2) {
        all += t.bytes;
        match t.ggml_type {
            0 | 1 => f16 += t.bytes,
            30 => bf16 += t.bytes,
            _ => {}
        }
    }
    if all == 0 || (f16 + bf16) * 2 < all {
        MatrixWeights::Quantized
    } else if bf16 > f16 {
        MatrixWeights::Bf16
    } else {
        MatrixWeights::F16
    }
}

/// Attention FLOPs per token at `depth` tokens of context (QKᵀ and PV over every attention layer).
fn attention_flops(spec: &ModelSpec, depth: f64) -> f64 {
    let hp = &spec.hparams;
    let head = f64::from(hp.n_embd_head_k.max(1));
    (0..hp.n_layer as usize)
        .map(|il| 4.0 * head * f64::from(hp.n_head.get(il)) * depth)
        .sum()
}

/// What the speed figures are and where in the context they apply.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpeedEstimate {
    /// Generated tokens per second with `context_tokens` already in the cache.
    pub generation_tps: f64,
    /// Prompt tokens per second for a prompt that starts at `context_tokens`.
    pub prompt_tps: f64,
    /// The context position the figures are for (KV read per token, attention cost).
    pub context_tokens: u32,
}

/// The position the app quotes speed at: half-way through the resolved context (a conversation's average).
pub fn quoted_position(report: &FitReport) -> u32 {
    report.settings.n_ctx / 2
}

/// Predicted generation and prompt speed for a report, at `position` tokens of context (clamped to the
/// resolved context).
pub fn estimate(
    spec: &ModelSpec,
    req: &FitRequest,
    report: &FitReport,
    position: u32,
) -> SpeedEstimate {
    let has_gpu = report.gpus().next().is_some();
    let backend = if has_gpu { req.backend } else { Backend::Cpu };
    let sm = model_for(backend);
    let frac = touched_fraction(spec);
    let embd = spec.tensor("token_embd.weight").map_or(0, |t| t.bytes);
    let position = position.min(report.settings.n_ctx);
    let n_ctx = f64::from(report.settings.n_ctx.max(1));
    let pos = f64::from(position) / n_ctx;
    let host_bw = req.ram_bandwidth_gbps.unwrap_or(DEFAULT_RAM_BANDWIDTH_GBPS);
    let all_weights: u64 = spec.tensors.iter().map(|t| t.bytes).sum();
    let weights = matrix_weights(spec);

    let mut parts = Vec::new();
    // (weights bytes, peak throughput, efficiency) per GPU, for the prompt side.
    let mut gpus = Vec::new();
    let mut host_weights = 0.0;
    let mut gpu_layers = 0u32;
    let mut gpu_i = 0;
    for d in &report.devices {
        let mut w = d.weights_bytes as f64;
        if d.kind == DeviceKind::Host {
            // The input embedding is a row lookup; with mmap + repack CPU_Mapped spans repacked data that
            // is read once, so never count more than the model's tensors.
            w = (w.min(all_weights as f64) - embd as f64).max(0.0);
        }
        let bytes = w * frac + d.kv_bytes as f64 * pos + d.recurrent_bytes as f64;
        match d.kind {
            DeviceKind::Gpu => {
                let g = req.gpus.get(gpu_i);
                let bw = g
                    .and_then(|g| g.bandwidth_gbps)
                    .unwrap_or(DEFAULT_GPU_BANDWIDTH_GBPS);
                let name = g.map_or("", |g| g.name.as_str());
                let c = gpu_compute(name, bw, backend);
                gpu_i += 1;
                gpu_layers += d.layers;
                parts.push((bytes, bw, bandwidth_efficiency(backend, name)));
                gpus.push((
                    w,
                    prompt_peak(&c, backend, name, weights.is_float()),
                    prompt_efficiency(backend, name, weights),
                ));
            }
            DeviceKind::Host => {
                host_weights = w;
                parts.push((bytes, host_bw, HOST_ETA));
            }
        }
    }
    let generation_tps = generation_from_parts(&parts, f64::from(gpu_layers) * sm.t_layer_s);

    // Prompt: each GPU does the share of the FLOPs its weights carry; weights on the host are multiplied on
    // the first GPU after one upload per ubatch (op offload), or on the CPU when there is no GPU.
    let ubatch = f64::from(report.settings.n_ubatch.max(1));
    // Routed experts multiply fewer tokens per product than a dense layer: count their FLOPs at the rate
    // their thin products reach (`expert_prompt_efficiency`).
    let routed = routed_expert_params(spec);
    let per_expert = ubatch * routed_share(spec).unwrap_or(1.0);
    let flops = 2.0 * (active_matmul_params(spec) - routed)
        + 2.0 * routed / expert_prompt_efficiency(backend, per_expert)
        + attention_flops(spec, f64::from(position) + ubatch / 2.0);
    let prompt_tps = if has_gpu {
        let gpu_weights: f64 = gpus.iter().map(|g| g.0).sum::<f64>() + host_weights;
        let mut t = 0.0;
        for (i, (w, peak, eff)) in gpus.iter().enumerate() {
            let mut share = if gpu_weights > 0.0 {
                w / gpu_weights
            } else {
                0.0
            };
            if i == 0 && gpu_weights > 0.0 {
                share += host_weights / gpu_weights;
            }
            let rate = prompt_from_compute(flops * share, *peak, *eff);
            if rate > 0.0 {
                t += 1.0 / rate;
            }
        }
        t += host_weights / (ubatch * PCIE_GBPS * 1e9);
        if t > 0.0 { 1.0 / t } else { 0.0 }
    } else {
        let active_b = active_matmul_params(spec) / 1e9;
        if active_b > 0.0 {
            CPU_PROMPT_KAPPA * host_bw / active_b
        } else {
            0.0
        }
    };
    SpeedEstimate {
        generation_tps,
        prompt_tps,
        context_tokens: position,
    }
}

/// Predicted (generation, prompt) tok/s for a report, at `position` tokens of context.
pub fn tokens_per_second(
    spec: &ModelSpec,
    req: &FitRequest,
    report: &FitReport,
    position: u32,
) -> (f64, f64) {
    let e = estimate(spec, req, report, position);
    (e.generation_tps, e.prompt_tps)
}

/// Predicted generation tok/s for every `-ngl` from 0 to all layers (the Fit tab's spill-cliff plot), at
/// half the resolved context. Settings llama.cpp refuses give an empty curve.
pub fn generation_curve(spec: &ModelSpec, req: &FitRequest) -> Vec<(u32, f64)> {
    (0..=spec.hparams.n_layer + 1)
        .map_while(|ngl| {
            let rep = super::estimate_with_layers(spec, req, ngl).ok()?;
            let pos = quoted_position(&rep);
            Some((ngl, estimate(spec, req, &rep, pos).generation_tps))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_share_dominates() {
        // 36 GB on a 1008 GB/s GPU + 4 GB on a 96 GB/s host (fit.md §5 example) ≈ 9–11 tok/s.
        let t = generation_from_parts(&[(36e9, 1008.0, 0.85), (4e9, 96.0, 0.65)], 0.0);
        assert!((9.0..11.0).contains(&t), "{t}");
        let all_gpu = generation_from_parts(&[(40e9, 1008.0, 0.85)], 0.0);
        assert!(all_gpu > 2.0 * t);
    }

    #[test]
    fn compute_comes_from_the_catalog_or_from_bandwidth() {
        let c = gpu_compute("NVIDIA GeForce RTX 4090", 1008.0, Backend::Cuda);
        assert!(c.from_catalog && c.int8_tops > c.fp16_tflops);
        let u = gpu_compute("Some Future GPU 9000", 1000.0, Backend::Cuda);
        assert!(!u.from_catalog && u.fp16_tflops > 100.0 && u.int8_tops > u.fp16_tflops);
        let m = gpu_compute("", 400.0, Backend::Metal);
        assert!(!m.from_catalog && m.fp16_tflops < 20.0);
    }

    #[test]
    fn prompt_peak_follows_the_matrix_units() {
        // INT8 twice FP16: RDNA4 (WMMA) runs quantized prompts at the FP16 rate on ROCm and Vulkan; RDNA2 (no
        // matrix units) on integer dot products; NVIDIA on CUDA at INT8, on Vulkan (coopmat) at FP16.
        let c = GpuCompute {
            fp16_tflops: 195.0,
            int8_tops: 389.0,
            from_catalog: true,
        };
        for be in [Backend::Vulkan, Backend::Rocm] {
            assert_eq!(prompt_peak(&c, be, "AMD Radeon RX 9070 XT", false), 195.0);
            assert_eq!(prompt_peak(&c, be, "AMD Radeon AI PRO R9700", false), 195.0);
            assert_eq!(prompt_peak(&c, be, "AMD Radeon RX 6800 XT", false), 389.0);
            assert_eq!(prompt_peak(&c, be, "AMD Radeon RX 6800 XT", true), 195.0);
        }
        assert_eq!(
            prompt_peak(&c, Backend::Rocm, "AMD Instinct MI50", false),
            389.0
        );
        assert_eq!(
            prompt_peak(&c, Backend::Cuda, "NVIDIA GeForce RTX 4090", false),
            389.0
        );
        assert_eq!(
            prompt_peak(&c, Backend::Vulkan, "NVIDIA GeForce RTX 4090", false),
            195.0
        );
        assert_eq!(
            prompt_peak(&c, Backend::Metal, "Apple M4 Max", false),
            195.0
        );
        let names = [
            ("AMD Radeon RX 5700 XT", Some(1)),
            ("AMD Radeon RX 6800", Some(2)),
            ("AMD Radeon 680M", Some(2)),
            ("AMD Radeon PRO W7900", Some(3)),
            ("AMD Radeon 780M (Ryzen 7040/8040, DDR5-5600)", Some(3)),
            ("AMD Ryzen AI Max+ 395 (Strix Halo, Radeon 8060S)", Some(3)),
            ("AMD Radeon AI PRO R9700", Some(4)),
            ("AMD Instinct MI300X", None),
            ("NVIDIA GeForce RTX 3090", None),
        ];
        for (n, g) in names {
            assert_eq!(amd_rdna(n), g, "{n}");
        }
        for (name, xe2) in [
            ("Intel Arc Pro B70", true),
            ("Intel Arc Pro B50", true),
            ("Intel Arc B580", true),
            ("Intel Arc 140V (Lunar Lake)", true),
            ("Intel Arc A770 16GB", false),
            ("Intel Arc A750", false),
            ("Intel Arc 140T (Arrow Lake)", false),
            ("NVIDIA GeForce RTX 5090", false),
        ] {
            assert_eq!(intel_xe2(name), xe2, "{name}");
        }
        assert!(
            prompt_efficiency(Backend::Vulkan, "Intel Arc B580", MatrixWeights::Quantized)
                > 3.0
                    * prompt_efficiency(
                        Backend::Vulkan,
                        "Intel Arc A770 16GB",
                        MatrixWeights::Quantized
                    )
        );
        let arc = bandwidth_efficiency(Backend::Vulkan, "Intel Arc A770 16GB");
        let radeon = bandwidth_efficiency(Backend::Vulkan, "AMD Radeon RX 9070 XT");
        assert!(arc < 0.6 * radeon, "{arc} vs {radeon}");
        assert!((radeon - model_for(Backend::Vulkan).eta).abs() < 1e-9);
        assert!(
            prompt_efficiency(
                Backend::Vulkan,
                "Intel Arc A770 16GB",
                MatrixWeights::Quantized
            ) < prompt_efficiency(
                Backend::Vulkan,
                "AMD Radeon RX 9070 XT",
                MatrixWeights::Quantized
            )
        );
        // AMD on Vulkan runs BF16 weights at about a third of its quantized rate; the APUs of 2026 builds
        // reach a discrete card's share.
        let strix = "AMD Ryzen AI Max+ 395 (Strix Halo, Radeon 8060S)";
        let q = MatrixWeights::Quantized;
        assert!(
            prompt_efficiency(Backend::Vulkan, strix, MatrixWeights::Bf16)
                < 0.5 * prompt_efficiency(Backend::Vulkan, strix, q)
        );
        // F16 was not measured there: it keeps the quantized figure.
        assert_eq!(
            prompt_efficiency(Backend::Vulkan, strix, MatrixWeights::F16),
            prompt_efficiency(Backend::Vulkan, strix, q)
        );
        assert_eq!(
            prompt_efficiency(Backend::Rocm, strix, q),
            prompt_efficiency(Backend::Rocm, "AMD Radeon RX 7900 XTX", q)
        );
        assert_eq!(MatrixWeights::from_quant_name("bf16"), MatrixWeights::Bf16);
        assert!(!MatrixWeights::from_quant_name("Q4_K_M").is_float());
    }

    #[test]
    fn routed_experts_reach_the_dense_rate_only_with_enough_tokens_each() {
        // Qwen3-30B-A3B at -ub 512: 512·8/128 = 32 tokens per expert, an eighth of CUDA's full rate.
        let thin = expert_prompt_efficiency(Backend::Cuda, 32.0);
        assert!((thin - 32.0 / 265.0).abs() < 1e-12);
        assert!(expert_prompt_efficiency(Backend::Cuda, 128.0) > thin);
        assert_eq!(expert_prompt_efficiency(Backend::Rocm, 10_000.0), 1.0);
        assert!(expert_prompt_efficiency(Backend::Metal, 0.0) > 0.0);
        // A dense model has no routed FLOPs: its prompt rate is untouched.
        let dense = crate::model::catalog::load("llama-3.1-8b@Q4_K_M").unwrap();
        assert_eq!(routed_expert_params(&dense), 0.0);
        let moe = crate::model::catalog::load("qwen3-30b-a3b@Q4_K_M").unwrap();
        let routed = routed_expert_params(&moe);
        assert!(routed > 0.4 * active_matmul_params(&moe) && routed < active_matmul_params(&moe));
    }

    #[test]
    fn prompt_is_compute_bound() {
        // 8B-class model (15 GFLOP/token) on 660 TOPS at 25 %: ≈ 11 000 tok/s; half the throughput, half the rate.
        let a = prompt_from_compute(15e9, 660.0, 0.25);
        let b = prompt_from_compute(15e9, 330.0, 0.25);
        assert!((10_000.0..12_000.0).contains(&a), "{a}");
        assert!((a / b - 2.0).abs() < 1e-9);
        assert_eq!(prompt_from_compute(0.0, 660.0, 0.25), 0.0);
    }
}
