//! Live Monitor engine: samples GPU and host memory on its own thread (`sampler`) from a `Source` (the live
//! machine in `live`, or a recording in `replay`), keeps a bounded `Timeline`, and names the failure with
//! detectors (`detect`): VRAM full, system-RAM paging, silent CPU spill, VRAM held by another process.
//! Thresholds and APIs: research/monitor.md §3, §5.

pub mod detect;
pub mod linux_extra;
pub mod live;
pub mod process;
pub mod replay;
pub mod sampler;
pub mod timeline;
pub mod windows;

use serde::{Deserialize, Serialize};

pub use detect::{Alert, AlertKind};
pub use sampler::Sampler;
pub use timeline::Timeline;

/// A process holding GPU memory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GpuProcess {
    pub pid: u32,
    pub name: String,
    pub used_bytes: u64,
}

/// One GPU at one instant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GpuSample {
    pub index: u32,
    pub name: String,
    pub vendor: String,
    pub memory_total_bytes: u64,
    pub memory_used_bytes: u64,
    pub memory_reserved_bytes: u64,
    pub utilization_percent: Option<u32>,
    /// System RAM this GPU uses (amdgpu GTT); Windows reports it per host (`HostSample::gpu_shared_bytes`).
    #[serde(default)]
    pub shared_used_bytes: Option<u64>,
    pub processes: Vec<GpuProcess>,
    /// NVIDIA extras, refreshed every few seconds (not recorded to CSV).
    #[serde(default)]
    pub extras: Option<crate::hardware::probe::GpuExtras>,
}

impl GpuSample {
    /// (used + reserved) / total, 0..1.
    pub fn used_fraction(&self) -> f64 {
        (self.memory_used_bytes + self.memory_reserved_bytes) as f64
            / self.memory_total_bytes.max(1) as f64
    }
}

/// The host at one instant; rates are per second since the previous sample.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HostSample {
    pub ram_total_bytes: u64,
    pub ram_available_bytes: u64,
    pub swap_total_bytes: u64,
    pub swap_used_bytes: u64,
    /// Linux `/proc/vmstat` pgmajfault rate; Windows hard faults.
    pub major_faults_per_sec: Option<f64>,
    /// Pages swapped in / out per second (`pswpin` / `pswpout`).
    pub swap_in_per_sec: Option<f64>,
    pub swap_out_per_sec: Option<f64>,
    /// Linux PSI `/proc/pressure/memory` "some avg10" and "full avg10" (percent).
    pub memory_pressure_percent: Option<f64>,
    pub memory_pressure_full_percent: Option<f64>,
    /// OOM-killer kills since boot (`oom_kill`).
    pub oom_kills: Option<u64>,
    /// Windows commit charge and limit (GetPerformanceInfo; RAM plus page files).
    pub commit_bytes: Option<u64>,
    pub commit_limit_bytes: Option<u64>,
    /// Windows page files: allocated size and pages in use, summed over every page file (EnumPageFilesW).
    #[serde(default)]
    pub pagefile_total_bytes: Option<u64>,
    #[serde(default)]
    pub pagefile_used_bytes: Option<u64>,
    /// Windows: "Shared Usage" of the busiest GPU adapter (PDH `GPU Adapter Memory`): GPU data living in system
    /// RAM. Growing while VRAM is full is the NVIDIA sysmem fallback at work.
    #[serde(default)]
    pub gpu_shared_bytes: Option<u64>,
    /// CPU load: average over all logical cores and the busiest core, percent (sysinfo; none on the first
    /// tick, since usage is a difference between two refreshes).
    #[serde(default)]
    pub cpu_percent: Option<f64>,
    #[serde(default)]
    pub cpu_max_core_percent: Option<f64>,
    /// Each core, percent (live only; recordings keep the two figures above).
    #[serde(default)]
    pub cpu_cores_percent: Vec<f32>,
    /// WSL2: the `memory=` limit of the Windows user's `.wslconfig`, when readable.
    #[serde(default)]
    pub wsl_memory_limit_bytes: Option<u64>,
    /// WSL2: where the cap comes from, in a sentence (live only; the timeline keeps it on the latest sample).
    #[serde(default)]
    pub wsl_note: Option<String>,
}

/// The busiest inference runtime process on the host (llama-server, ollama, python, …).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InferenceProcess {
    pub pid: u32,
    pub name: String,
    /// Percent of one core (100 = one core busy).
    pub cpu_percent: f64,
    pub ram_bytes: u64,
}

/// A row of the process table (the biggest memory users; refreshed every few seconds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProcessRow {
    pub pid: u32,
    pub name: String,
    pub cpu_percent: f64,
    pub ram_bytes: u64,
    /// VRAM the GPU driver reports for this process (0 when none or unknown).
    pub vram_bytes: u64,
}

/// Everything sampled at one instant.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Sample {
    /// Seconds since the Unix epoch.
    pub time: f64,
    pub gpus: Vec<GpuSample>,
    /// Why GPU data is missing, when it is.
    pub gpu_problem: Option<String>,
    pub host: HostSample,
    pub inference: Option<InferenceProcess>,
    /// Processes holding VRAM and the biggest RAM users (live only; not recorded to CSV).
    #[serde(default)]
    pub processes: Vec<ProcessRow>,
}

/// Where samples come from: the live machine or a recording.
pub trait Source: Send {
    /// The next sample; `None` when a recording has ended.
    fn sample(&mut self) -> Option<Sample>;
}

/// Process names of LLM runtimes (lower-case substrings).
pub const INFERENCE_NAMES: [&str; 12] = [
    "llama-server",
    "llama-cli",
    "llama-bench",
    "ollama",
    "koboldcpp",
    "lm studio",
    "lmstudio",
    "lms",
    "vllm",
    "text-generation",
    "python",
    "comfyui",
];

pub fn is_inference_name(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    INFERENCE_NAMES.iter().any(|k| n.contains(k))
}
