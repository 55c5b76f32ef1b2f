//! The fit engine: given a `ModelSpec`, the devices and llama.cpp-style settings, predict what llama.cpp
//! allocates on each device (weights, KV cache, recurrent state, compute buffers, output buffer) plus the
//! per-GPU overhead and margin, and say whether it fits. Facts come from research/fit.md §0–§1 and
//! research/arch_table.md (llama.cpp `src/llama-context.cpp`, `llama-kv-cache*.cpp`, `llama-model.cpp`),
//! checked against research/cpu_truth.md's measured buffers (tests/fit_cpu_truth.rs).
//!
//! Submodules: `arch` (per-architecture table), `context` (n_ctx / batch rules), `kv` (KV + recurrent
//! state), `compute` (scheduler buffers), `placement` (which tensor lands where), `search` (max -ngl, max
//! context, min VRAM), `speed` (tok/s), `runtimes` (Ollama / LM Studio / vLLM / transformers policies).
//! Pure functions over plain data; no I/O, no UI.

pub mod arch;
pub mod compute;
pub mod context;
pub mod graph_alloc;
pub mod kv;
pub mod placement;
pub mod runtimes;
pub mod search;
pub mod speed;

use serde::{Deserialize, Serialize};

use crate::model::{ModelSpec, ggml};

pub const MIB: u64 = 1 << 20;
pub const GIB: u64 = 1 << 30;

/// llama.cpp `LLAMA_MAX_LAYERS` (src/llama-hparams.h).
pub const MAX_LAYERS: u32 = 512;

/// Default safety margin per GPU: llama.cpp `--fit` keeps 1024 MiB free per device.
pub const DEFAULT_MARGIN: u64 = GIB;

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum FitError {
    /// llama.cpp `llama_init_from_model`: "quantized V cache requires flash_attn to be enabled".
    #[error(
        "quantized V cache ({0}) requires flash attention; llama.cpp refuses -ctv {0} with -fa off (use -fa on or -ctv f16)"
    )]
    QuantizedVNeedsFlashAttn(String),
    /// MLA models keep one latent cache: llama.cpp refuses different K and V types.
    #[error(
        "this model does not support different K ({0}) and V ({1}) cache types (MLA keeps one latent cache)"
    )]
    MlaDifferentKvTypes(String, String),
    #[error(
        "unknown cache type '{0}' (use f32, f16, bf16, q8_0, q5_1, q5_0, q4_1, q4_0 or iq4_nl)"
    )]
    UnknownCacheType(String),
    #[error("the model has no layers (block_count is 0)")]
    NoLayers,
    /// llama.cpp's `LLAMA_MAX_LAYERS`: a file claiming more is refused (and would size per-layer tables).
    #[error("the model claims {0} layers; llama.cpp supports at most {MAX_LAYERS}")]
    TooManyLayers(u32),
    #[error("tensor split needs one value per GPU ({gpus} GPUs, {given} values)")]
    TensorSplit { gpus: usize, given: usize },
}

/// Which ggml backend the GPUs run (decides overhead defaults and whether CPU weights repack).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    #[default]
    Cuda,
    Rocm,
    Vulkan,
    Metal,
    Cpu,
}

impl Backend {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Cuda => "cuda",
            Self::Rocm => "rocm",
            Self::Vulkan => "vulkan",
            Self::Metal => "metal",
            Self::Cpu => "cpu",
        }
    }

    /// llama.cpp device name prefix ("CUDA0", "ROCm0", "Vulkan0", "MTL0").
    pub fn device_prefix(self) -> &'static str {
        match self {
            Self::Cuda => "CUDA",
            Self::Rocm => "ROCm",
            Self::Vulkan => "Vulkan",
            Self::Metal => "MTL",
            Self::Cpu => "CPU",
        }
    }

    /// Memory used per GPU outside llama.cpp's buffers (driver context, BLAS workspace, VMM pool).
    /// fit.md §0.6/§1.6: 300–600 MiB per CUDA GPU headless; Ollama reserved 457 MiB (CUDA/ROCm), 512 MiB
    /// (Metal); gguf-parser-go 250 MiB. We state mid-range defaults; `FitRequest::overhead_bytes` overrides.
    pub fn default_overhead(self) -> u64 {
        match self {
            Self::Cuda => 450 * MIB,
            Self::Rocm => 500 * MIB,
            Self::Vulkan => 300 * MIB,
            Self::Metal => 512 * MIB,
            Self::Cpu => 0,
        }
    }
}

/// `-fa on|off|auto`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum FlashAttn {
    On,
    Off,
    #[default]
    Auto,
}

/// `-ngl`: a number, `all` (llama.cpp's default −1) or `auto` (most that fit with the margin).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum GpuLayers {
    #[default]
    Auto,
    All,
    Count(u32),
}

/// Where the GPU limit comes from and how the OS behaves near it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    #[default]
    Linux,
    /// WDDM spills to shared memory instead of failing: warn when within 5 %.
    Windows,
    /// Unified memory: the limit is `recommendedMaxWorkingSetSize` (≈ 0.70–0.75 × RAM).
    AppleSilicon,
}

/// One GPU the plan may use.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GpuDevice {
    pub name: String,
    /// Memory llama.cpp may use (free memory, or the total for a catalog GPU).
    pub capacity_bytes: u64,
    /// Memory bandwidth in GB/s (10^9 B/s) for the speed model; `None` = unknown.
    pub bandwidth_gbps: Option<f64>,
}

/// Everything the estimate depends on besides the model. Defaults are llama.cpp's CLI defaults.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FitRequest {
    /// `-c`; 0 = the model's training context (llama.cpp's default).
    pub ctx_size: u32,
    pub batch_size: u32,
    pub ubatch_size: u32,
    pub n_gpu_layers: GpuLayers,
    pub cache_type_k: String,
    pub cache_type_v: String,
    pub flash_attn: FlashAttn,
    pub parallel: u32,
    pub kv_unified: bool,
    pub swa_full: bool,
    pub cpu_moe: bool,
    pub n_cpu_moe: u32,
    pub no_kv_offload: bool,
    pub mmap: bool,
    pub repack: bool,
    /// `-ts`: one weight per GPU; empty = proportional to capacity (llama.cpp: free memory).
    pub tensor_split: Vec<f64>,
    pub backend: Backend,
    pub gpus: Vec<GpuDevice>,
    pub margin_bytes: u64,
    /// Per-GPU overhead; `None` = `Backend::default_overhead`.
    pub overhead_bytes: Option<u64>,
    /// Host RAM available (0 = unknown: host fit is not judged).
    pub host_ram_bytes: u64,
    /// Host memory bandwidth in GB/s; `None` = the stated assumption in `speed`.
    pub ram_bandwidth_gbps: Option<f64>,
    pub platform: Platform,
    /// Logit rows the runtime reserves per ubatch (llama.cpp's `n_outputs_max`): 0 = every token of the
    /// ubatch (llama.cpp's default, what llama-cli, llama-bench and library users get); llama-server since
    /// llama.cpp#23861 (June 2026), and Ollama through it, reserves one per slot.
    pub n_outputs_max: u32,
    /// `-ngl` as llama.cpp counted it before #18148 (December 2025): the repeating layers are offloaded
    /// first and the output layer only at `-ngl n_layer+1`. Builds since offload the output layer first.
    /// Older Ollama (up to its late-2025 releases), LM Studio and koboldcpp bundles still count this way.
    pub output_layer_last: bool,
    /// Builds before llama.cpp#23764 (May 2026) reserve the flash-attention mask in f32: the host keeps it
    /// in f32, and the device running the first attention layer copies it in f32 and casts it to f16
    /// there. Builds since reserve it in f16 everywhere.
    pub f32_fa_mask: bool,
    /// Builds before llama.cpp#18550 (January 2026) give the graph only the gathered token rows; since, an
    /// embeddings input of the same size is allocated beside them (`build_inp_embd` selects one of the two),
    /// one more f32 [n_embd, n_ubatch] on the host. Not a CLI flag: a few MiB of host memory.
    pub single_embd_input: bool,
}

impl Default for FitRequest {
    fn default() -> Self {
        Self {
            ctx_size: 0,
            batch_size: 2048,
            ubatch_size: 512,
            n_gpu_layers: GpuLayers::Auto,
            cache_type_k: "f16".into(),
            cache_type_v: "f16".into(),
            flash_attn: FlashAttn::Auto,
            parallel: 1,
            kv_unified: false,
            swa_full: false,
            cpu_moe: false,
            n_cpu_moe: 0,
            no_kv_offload: false,
            mmap: true,
            repack: true,
            tensor_split: Vec::new(),
            backend: Backend::Cuda,
            gpus: Vec::new(),
            margin_bytes: DEFAULT_MARGIN,
            overhead_bytes: None,
            host_ram_bytes: 0,
            ram_bandwidth_gbps: None,
            platform: Platform::Linux,
            n_outputs_max: 0,
            output_layer_last: false,
            f32_fa_mask: false,
            single_embd_input: false,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DeviceKind {
    Gpu,
    Host,
}

/// One device's predicted usage (CONTRACT.md `devices[]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeviceUsage {
    pub name: String,
    pub kind: DeviceKind,
    pub capacity_bytes: u64,
    pub weights_bytes: u64,
    pub kv_bytes: u64,
    pub recurrent_bytes: u64,
    pub compute_bytes: u64,
    pub output_bytes: u64,
    pub overhead_bytes: u64,
    pub total_bytes: u64,
    /// Repeating layers (blocks) whose weights live here.
    pub layers: u32,
    /// Host only: the part of `weights_bytes` in CPU_REPACK buffers (0 elsewhere).
    pub repack_bytes: u64,
    /// Host only: the part of `weights_bytes` that is mapped file read once to build CPU_REPACK (page cache
    /// the OS may drop): counted in llama.cpp's CPU_Mapped, not in what the run needs.
    pub read_once_bytes: u64,
}

impl DeviceUsage {
    fn new(name: String, kind: DeviceKind, capacity_bytes: u64) -> Self {
        Self {
            name,
            kind,
            capacity_bytes,
            weights_bytes: 0,
            kv_bytes: 0,
            recurrent_bytes: 0,
            compute_bytes: 0,
            output_bytes: 0,
            overhead_bytes: 0,
            total_bytes: 0,
            layers: 0,
            repack_bytes: 0,
            read_once_bytes: 0,
        }
    }

    /// What the device must hold for the run: its buffers, less the mapped file a CPU-only run reads once
    /// to repack.
    pub fn needed_bytes(&self) -> u64 {
        self.total_bytes.saturating_sub(self.read_once_bytes)
    }

    fn sum(&mut self) {
        self.total_bytes = self
            .weights_bytes
            .saturating_add(self.kv_bytes)
            .saturating_add(self.recurrent_bytes)
            .saturating_add(self.compute_bytes)
            .saturating_add(self.output_bytes)
            .saturating_add(self.overhead_bytes);
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Everything requested is on the GPU(s) with the margin to spare.
    Fits,
    /// On the GPU(s) but inside the margin.
    Tight,
    /// Runs, but layers (or experts) stay in system RAM: slower.
    Spills,
    /// Even the chosen placement exceeds a device.
    DoesNotFit,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Fits => "fits",
            Self::Tight => "tight",
            Self::Spills => "spills",
            Self::DoesNotFit => "does_not_fit",
        }
    }
}

/// Settings after llama.cpp's own resolution (padding, clamping, FA auto).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResolvedSettings {
    pub n_ctx: u32,
    pub n_ctx_seq: u32,
    pub n_batch: u32,
    pub n_ubatch: u32,
    pub n_seq: u32,
    pub n_stream: u32,
    pub flash_attn: bool,
    pub n_gpu_layers: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FitReport {
    pub settings: ResolvedSettings,
    /// GPUs in order, then the host.
    pub devices: Vec<DeviceUsage>,
    /// As llama.cpp prints "offloaded X/Y layers to GPU" (Y = blocks + output layer).
    pub layers_offloaded: u32,
    pub layers_total: u32,
    pub verdict: Verdict,
    pub margin_bytes: u64,
    pub warnings: Vec<String>,
}

impl FitReport {
    pub fn host(&self) -> Option<&DeviceUsage> {
        self.devices.iter().find(|d| d.kind == DeviceKind::Host)
    }

    pub fn gpus(&self) -> impl Iterator<Item = &DeviceUsage> {
        self.devices.iter().filter(|d| d.kind == DeviceKind::Gpu)
    }

    /// Smallest free memory left on any GPU after the plan (capacity − total), negative when over.
    pub fn gpu_headroom(&self) -> Option<i128> {
        self.gpus()
            .map(|d| i128::from(d.capacity_bytes) - i128::from(d.total_bytes))
            .min()
    }
}

/// Bytes of a cache row of `elems` elements of type `t` (ggml row size).
pub(crate) fn cache_type(name: &str) -> Result<ggml::GgmlType, FitError> {
    let ok = [
        "f32", "f16", "bf16", "q8_0", "q5_1", "q5_0", "q4_1", "q4_0", "iq4_nl",
    ];
    let lower = name.trim().to_ascii_lowercase();
    if !ok.contains(&lower.as_str()) {
        return Err(FitError::UnknownCacheType(name.to_string()));
    }
    ggml::by_name(&lower).ok_or_else(|| FitError::UnknownCacheType(name.to_string()))
}

/// Validates a cache type name (`-ctk` / `-ctv`) the way llama.cpp accepts them.
pub fn cache_type_check(name: &str) -> Result<(), FitError> {
    cache_type(name).map(|_| ())
}

/// Whether the request puts anything on a GPU.
pub(crate) fn uses_gpu(req: &FitRequest) -> bool {
    req.backend != Backend::Cpu && !req.gpus.is_empty()
}

/// Resolves `-ngl auto` to the largest value that fits; other values pass through.
pub fn resolve_gpu_layers(spec: &ModelSpec, req: &FitRequest) -> u32 {
    let n_all = spec.hparams.n_layer.saturating_add(1);
    if !uses_gpu(req) {
        return 0;
    }
    match req.n_gpu_layers {
        GpuLayers::All => n_all,
        GpuLayers::Count(n) => n.min(n_all),
        GpuLayers::Auto => search::max_gpu_layers(spec, req).unwrap_or(0),
    }
}

/// The estimate for exactly these settings (`-ngl auto` resolved first).
pub fn estimate(spec: &ModelSpec, req: &FitRequest) -> Result<FitReport, FitError> {
    let ngl = resolve_gpu_layers(spec, req);
    estimate_with_layers(spec, req, ngl)
}

/// The estimate with `-ngl` fixed to `ngl` (searches call this in a loop).
pub fn estimate_with_layers(
    spec: &ModelSpec,
    req: &FitRequest,
    ngl: u32,
) -> Result<FitReport, FitError> {
    let hp = &spec.hparams;
    if hp.n_layer == 0 {
        return Err(FitError::NoLayers);
    }
    if hp.n_layer > MAX_LAYERS {
        return Err(FitError::TooManyLayers(hp.n_layer));
    }
    let gpu = uses_gpu(req);
    let ngl = if gpu { ngl.min(hp.n_layer + 1) } else { 0 };
    if gpu && !req.tensor_split.is_empty() && req.tensor_split.len() != req.gpus.len() {
        return Err(FitError::TensorSplit {
            gpus: req.gpus.len(),
            given: req.tensor_split.len(),
        });
    }
    let ctx = context::resolve(spec, req, ngl)?;
    let mut warnings = Vec::new();

    let n_gpus = if gpu { req.gpus.len() } else { 0 };
    let mut devices: Vec<DeviceUsage> = (0..n_gpus)
        .map(|i| {
            DeviceUsage::new(
                format!("{}{}", req.backend.device_prefix(), i),
                DeviceKind::Gpu,
                req.gpus[i].capacity_bytes,
            )
        })
        .collect();
    devices.push(DeviceUsage::new(
        "Host".into(),
        DeviceKind::Host,
        req.host_ram_bytes,
    ));
    let host = n_gpus;

    // Layer → device (host = index n_gpus); output layer = index n_layer.
    let layer_dev = placement::layer_devices(spec, req, ngl, n_gpus);
    let weights = placement::weights(spec, req, &layer_dev, host);
    for (d, w) in devices.iter_mut().zip(&weights.per_device) {
        d.weights_bytes = *w;
    }
    devices[host].repack_bytes = weights.host_repack;
    devices[host].read_once_bytes = weights.host_read_once;
    for il in 0..hp.n_layer as usize {
        devices[layer_dev[il]].layers += 1;
    }

    let kv = kv::kv_per_layer(spec, req, &ctx)?;
    for (il, bytes) in kv.kv.iter().enumerate() {
        let d = if req.no_kv_offload {
            host
        } else {
            layer_dev[il]
        };
        devices[d].kv_bytes = devices[d].kv_bytes.saturating_add(*bytes);
    }
    for (il, bytes) in kv.rs.iter().enumerate() {
        let d = if req.no_kv_offload {
            host
        } else {
            layer_dev[il]
        };
        devices[d].recurrent_bytes = devices[d].recurrent_bytes.saturating_add(*bytes);
    }

    devices[host].output_bytes = compute::output_bytes(spec, &ctx);
    let comp = compute::buffers(spec, req, &ctx, &kv, &layer_dev, &weights, n_gpus);
    for (d, c) in devices.iter_mut().zip(&comp) {
        d.compute_bytes = *c;
    }
    let overhead = req
        .overhead_bytes
        .unwrap_or_else(|| req.backend.default_overhead());
    for d in devices.iter_mut() {
        if d.kind == DeviceKind::Gpu {
            d.overhead_bytes = overhead;
        }
        d.sum();
    }

    let n_all = hp.n_layer + 1;
    let spilled = ngl < n_all || (gpu && (req.cpu_moe || req.n_cpu_moe > 0) && spec.is_moe());
    let over = devices
        .iter()
        .any(|d| d.kind == DeviceKind::Gpu && d.total_bytes > d.capacity_bytes);
    let in_margin = devices.iter().any(|d| {
        d.kind == DeviceKind::Gpu
            && d.total_bytes.saturating_add(req.margin_bytes) > d.capacity_bytes
    });
    // What the host must hold: its buffers, less the mapped file range a CPU-only run reads once to repack
    // (page cache the OS drops under pressure; llama.cpp still prints it in CPU_Mapped).
    let host_need = devices[host].needed_bytes();
    let host_over = req.host_ram_bytes > 0 && host_need > req.host_ram_bytes;
    let verdict = if over || host_over {
        Verdict::DoesNotFit
    } else if !gpu || spilled {
        if gpu { Verdict::Spills } else { Verdict::Fits }
    } else if in_margin {
        Verdict::Tight
    } else {
        Verdict::Fits
    };
    if host_over {
        warnings.push(format!(
            "system RAM: the host part needs {} but only {} is available",
            crate::units::format_gib(host_need),
            crate::units::format_gib(req.host_ram_bytes)
        ));
    }
    if req.platform == Platform::Windows {
        for d in devices.iter().filter(|d| d.kind == DeviceKind::Gpu) {
            if d.capacity_bytes > 0
                && d.total_bytes.saturating_mul(100) >= d.capacity_bytes.saturating_mul(95)
            {
                warnings.push(format!(
                    "{}: the plan uses more than 95 % of VRAM; Windows then silently spills into shared (system) memory and generation slows sharply instead of failing",
                    d.name
                ));
            }
        }
    }
    if req.platform == Platform::AppleSilicon && gpu {
        warnings.push(
            "Apple Silicon: the GPU limit is Metal's recommendedMaxWorkingSetSize (about 70–75 % of RAM), not the whole RAM"
                .into(),
        );
    }
    if !gpu && req.backend != Backend::Cpu {
        warnings
            .push("no GPU given or detected: everything runs on the CPU from system RAM".into());
    }
    warnings.extend(ctx.warnings.iter().cloned());

    Ok(FitReport {
        settings: ResolvedSettings {
            n_ctx: ctx.n_ctx,
            n_ctx_seq: ctx.n_ctx_seq,
            n_batch: ctx.n_batch,
            n_ubatch: ctx.n_ubatch,
            n_seq: ctx.n_seq,
            n_stream: ctx.n_stream,
            flash_attn: ctx.flash_attn,
            n_gpu_layers: ngl,
        },
        devices,
        layers_offloaded: ngl.min(n_all),
        layers_total: n_all,
        verdict,
        margin_bytes: req.margin_bytes,
        warnings,
    })
}

/// The verdict in plain words, with numbers ("Fits with 1.40 GiB to spare", "Spills 6 layer(s) to system RAM:
/// expect ~3.1 tok/s instead of ~40.2 …"); `tps` is the predicted generation speed, `full_gpu_tps` the speed
/// with everything on the GPU.
pub fn verdict_sentence(r: &FitReport, tps: f64, full_gpu_tps: Option<f64>) -> String {
    match r.verdict {
        Verdict::Fits => match r.gpu_headroom() {
            Some(h) if h > 0 => {
                format!("Fits with {} to spare", crate::units::format_gib(h as u64))
            }
            _ => "Fits (CPU only)".into(),
        },
        Verdict::Tight => format!(
            "Fits, but inside the {} margin: may fail when the desktop or another app takes VRAM",
            crate::units::format_gib(r.margin_bytes)
        ),
        Verdict::Spills if r.layers_offloaded == r.layers_total => format!(
            "All layers on the GPU, MoE experts kept in system RAM (--cpu-moe / --n-cpu-moe): expect ~{:.1} tok/s",
            tps
        ),
        Verdict::Spills => format!(
            "Spills {} layer(s) to system RAM: expect ~{:.1} tok/s instead of ~{:.1} with everything on the GPU",
            r.layers_total - r.layers_offloaded,
            tps,
            full_gpu_tps.unwrap_or(tps)
        ),
        Verdict::DoesNotFit => "Does not fit".into(),
    }
}
