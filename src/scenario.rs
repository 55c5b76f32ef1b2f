//! The user's question in one value — which model, on which machine, with which settings, in which runtime,
//! and what evidence is attached (a triage diagnosis, monitor findings, what the user saw) — and the one place
//! where it becomes a `FitRequest`. The CLI's `fit` and `plan`, the Fit tab and the Fix Wizard all build a
//! [`Scenario`] and call [`Scenario::fit_request`], so the same question gets the same numbers everywhere.

use serde::{Deserialize, Serialize};

use crate::fit::{Backend, FitRequest, FlashAttn, GpuDevice, GpuLayers, Platform};
use crate::hardware::{self, Hardware, catalog};
use crate::triage::{Diagnosis, Label};
use crate::units::GIB;
use crate::vocab::{CacheType, Os, Runtime, Shell, Symptom};

/// The context the wizard aims for when the user asked for none and the model trains longer: llama.cpp's
/// own default (`-c 0`) is the trained context, which for current models is 128k–1M tokens and is rarely
/// what a user means.
pub const DEFAULT_CTX: u32 = 8192;

/// The shortest context the plan will offer (below it, chats and documents are cut too early to be useful).
pub const DEFAULT_MIN_CTX: u32 = 4096;

/// Slowest generation the plan calls usable when the user said nothing about speed.
pub const DEFAULT_MIN_TPS: f64 = 5.0;

/// RAM a typed (not live) machine keeps for the OS and desktop.
const OS_RESERVE: u64 = 2 * GIB;

/// Where the machine's description comes from (shown on the Situation page).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum MachineOrigin {
    /// Probed on this computer now.
    #[default]
    Detected,
    /// GPUs picked from the built-in catalog.
    Catalog,
    /// VRAM sizes typed by the user.
    Typed,
    /// Read from the attached log.
    Log,
    /// Read from a monitor recording.
    Recording,
}

impl MachineOrigin {
    pub fn words(self) -> &'static str {
        match self {
            Self::Detected => "detected on this computer",
            Self::Catalog => "picked from the GPU catalog",
            Self::Typed => "typed in",
            Self::Log => "read from the log",
            Self::Recording => "read from the monitor recording",
        }
    }
}

/// One GPU of the machine in question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MachineGpu {
    pub name: String,
    pub backend: Backend,
    /// Memory the GPU may use: all of it for discrete cards, Metal's working-set limit for unified memory.
    pub total_bytes: u64,
    /// Held by other processes right now (live machines and logs only): never out-bid, only freed.
    pub held_by_others_bytes: u64,
    /// GB/s, from detection or the catalog; `None` = unknown (no speed figures).
    pub bandwidth_gbps: Option<f64>,
    pub unified: bool,
}

impl MachineGpu {
    /// A catalog GPU by forgiving name ("4090", "RTX 4090").
    pub fn from_catalog(name: &str) -> Result<Self, String> {
        let g = catalog::find(name).map_err(|e| e.to_string())?;
        Ok(Self {
            name: g.name.clone(),
            backend: Backend::for_vendor_name(&g.vendor),
            total_bytes: g.usable_bytes(),
            held_by_others_bytes: 0,
            bandwidth_gbps: Some(g.bandwidth_gbps),
            unified: g.unified,
        })
    }

    /// A GPU known only by its size; the catalog still supplies bandwidth when the name matches one.
    pub fn sized(name: &str, total_bytes: u64) -> Self {
        let known = catalog::find(name).ok();
        Self {
            name: name.to_owned(),
            backend: known.map_or(Backend::Cuda, |g| Backend::for_vendor_name(&g.vendor)),
            total_bytes,
            held_by_others_bytes: 0,
            bandwidth_gbps: known.map(|g| g.bandwidth_gbps),
            unified: known.is_some_and(|g| g.unified),
        }
    }
}

/// The machine the model is to run on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Machine {
    pub origin: MachineOrigin,
    pub os: Os,
    pub gpus: Vec<MachineGpu>,
    pub ram_total_bytes: u64,
    /// Available right now (live machines); `None` for a described machine.
    pub ram_available_bytes: Option<u64>,
    pub swap_total_bytes: u64,
    /// WSL2's memory cap (`.wslconfig` `memory=`, else half of Windows' RAM) when known.
    pub wsl_cap_bytes: Option<u64>,
    /// Host memory bandwidth in GB/s; `None` = the speed model's stated assumption.
    pub ram_bandwidth_gbps: Option<f64>,
}

impl Machine {
    /// This computer as probed: free VRAM is what other processes leave.
    pub fn detected(hw: &Hardware) -> Self {
        Self {
            origin: MachineOrigin::Detected,
            os: Os::from_hardware(hw.os),
            gpus: hw
                .gpus
                .iter()
                .map(|g| {
                    let known = catalog::find(&g.name).ok();
                    MachineGpu {
                        name: g.name.clone(),
                        backend: Backend::for_vendor(g.vendor),
                        total_bytes: g.memory_total_bytes,
                        held_by_others_bytes: g
                            .memory_used_bytes
                            .saturating_add(g.memory_reserved_bytes),
                        bandwidth_gbps: known.map(|c| c.bandwidth_gbps),
                        unified: g.vendor == hardware::GpuVendor::Apple,
                    }
                })
                .collect(),
            ram_total_bytes: hw.host.ram_total_bytes,
            ram_available_bytes: (hw.host.ram_total_bytes > 0)
                .then_some(hw.host.ram_available_bytes),
            swap_total_bytes: hw.host.swap_total_bytes,
            // Inside WSL2 the RAM Linux sees is already the cap.
            wsl_cap_bytes: (hw.os == hardware::OsKind::Wsl2 && hw.host.ram_total_bytes > 0)
                .then_some(hw.host.ram_total_bytes),
            ram_bandwidth_gbps: None,
        }
    }

    /// Replaces the GPUs, keeping the host and OS (planning for a card you do not have, or a log's card).
    pub fn with_gpus(&self, gpus: Vec<MachineGpu>, origin: MachineOrigin) -> Self {
        Self {
            origin,
            gpus,
            ..self.clone()
        }
    }

    /// System RAM the OS leaves for the model's host part: what is available on a live machine, the stated
    /// size less an OS reserve on a described one, and never more than WSL2's cap.
    pub fn host_limit_bytes(&self) -> u64 {
        let base = match self.ram_available_bytes {
            Some(avail) if self.origin == MachineOrigin::Detected => avail,
            _ => self.ram_total_bytes.saturating_sub(OS_RESERVE),
        };
        match (self.os, self.wsl_cap_bytes) {
            (Os::Wsl2, Some(cap)) => base.min(cap.saturating_sub(OS_RESERVE.min(cap / 4))),
            _ => base,
        }
    }

    /// The backend llama.cpp would use: the first GPU's vendor, CPU without GPUs.
    pub fn backend(&self) -> Backend {
        self.gpus.first().map_or(Backend::Cpu, |g| g.backend)
    }

    pub fn total_vram_bytes(&self) -> u64 {
        self.gpus
            .iter()
            .map(|g| g.total_bytes)
            .fold(0, u64::saturating_add)
    }
}

/// The settings in llama.cpp's spelling (other runtimes map onto them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// `-c`; 0 = not given (the wizard then aims for [`DEFAULT_CTX`], the fit uses llama.cpp's default).
    pub ctx_size: u32,
    pub n_gpu_layers: GpuLayers,
    pub batch_size: u32,
    pub ubatch_size: u32,
    pub cache_type_k: CacheType,
    pub cache_type_v: CacheType,
    pub flash_attn: FlashAttn,
    pub parallel: u32,
    pub kv_unified: bool,
    pub swa_full: bool,
    pub cpu_moe: bool,
    pub n_cpu_moe: u32,
    pub no_kv_offload: bool,
    pub mmap: bool,
    pub repack: bool,
    pub tensor_split: Vec<f64>,
    /// `--backend`; `None` = from the GPUs' vendor.
    pub backend: Option<Backend>,
    pub margin_bytes: u64,
    pub overhead_bytes: Option<u64>,
    /// vLLM `--gpu-memory-utilization`.
    pub gpu_memory_utilization: f64,
    /// A llama.cpp build from before December 2025 (`FitRequest::output_layer_last`).
    pub output_layer_last: bool,
    /// A llama.cpp build from before May 2026 (`FitRequest::f32_fa_mask`).
    pub f32_fa_mask: bool,
    /// A llama.cpp build from before January 2026 (`FitRequest::single_embd_input`).
    pub single_embd_input: bool,
    /// A llama.cpp build from before June 2026 (llama.cpp#23861): llama-server, and Ollama through it, still
    /// reserved a logit row for every token of the ubatch.
    pub all_logit_rows: bool,
}

impl Default for Settings {
    /// llama.cpp's CLI defaults, taken from the engine's own request so the two never drift apart.
    fn default() -> Self {
        let r = FitRequest::default();
        Self {
            ctx_size: r.ctx_size,
            n_gpu_layers: r.n_gpu_layers,
            batch_size: r.batch_size,
            ubatch_size: r.ubatch_size,
            cache_type_k: r.cache_type_k.parse().unwrap_or_default(),
            cache_type_v: r.cache_type_v.parse().unwrap_or_default(),
            flash_attn: r.flash_attn,
            parallel: r.parallel,
            kv_unified: r.kv_unified,
            swa_full: r.swa_full,
            cpu_moe: r.cpu_moe,
            n_cpu_moe: r.n_cpu_moe,
            no_kv_offload: r.no_kv_offload,
            mmap: r.mmap,
            repack: r.repack,
            tensor_split: r.tensor_split,
            backend: None,
            margin_bytes: r.margin_bytes,
            overhead_bytes: r.overhead_bytes,
            gpu_memory_utilization: 0.9,
            output_layer_last: r.output_layer_last,
            f32_fa_mask: r.f32_fa_mask,
            single_embd_input: r.single_embd_input,
            all_logit_rows: false,
        }
    }
}

/// A process holding GPU memory (monitor process table, `nvidia-smi`, or a log).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct VramHolder {
    pub pid: u32,
    pub name: String,
    pub used_bytes: u64,
}

/// What is known about what went wrong.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Evidence {
    pub diagnosis: Option<Diagnosis>,
    /// Where the diagnosis came from (a file name), for "detach the log".
    pub log_name: Option<String>,
    pub symptoms: Vec<Symptom>,
    /// Generation speed the user observed.
    pub observed_tps: Option<f64>,
    pub holders: Vec<VramHolder>,
    /// The machine the evidence was recorded on (a monitor recording), when it is not this one.
    #[serde(default)]
    pub machine: Option<Machine>,
}

impl Evidence {
    /// A diagnosis that names something (an unrecognised log adds nothing).
    pub fn named_diagnosis(&self) -> Option<&Diagnosis> {
        self.diagnosis
            .as_ref()
            .filter(|d| d.label != Label::Unknown)
    }

    pub fn is_empty(&self) -> bool {
        self.named_diagnosis().is_none() && self.symptoms.is_empty() && self.holders.is_empty()
    }
}

/// The one question every tab and command asks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Scenario {
    /// The model argument (CONTRACT.md `MODEL`: a path, `preset:`, `ollama:`, `hf:`), when one is chosen.
    pub model: Option<String>,
    pub machine: Machine,
    pub settings: Settings,
    pub runtime: Runtime,
    /// `None` = the OS's usual shell.
    pub shell: Option<Shell>,
    pub evidence: Evidence,
    /// The shortest context the user accepts (default [`DEFAULT_MIN_CTX`]).
    pub min_ctx: Option<u32>,
    /// Other machines that could join over llama.cpp RPC (`host` or `host:port`).
    pub rpc_hosts: Vec<String>,
    /// The quants that exist for the model (a hub repository's files); empty = llama.cpp's usual ones.
    #[serde(default)]
    pub quants: Vec<String>,
}

impl Scenario {
    pub fn shell(&self) -> Shell {
        self.shell
            .unwrap_or_else(|| self.machine.os.default_shell())
    }

    /// The context the user asks for: the one given, else [`DEFAULT_CTX`] capped by the trained context.
    pub fn asked_ctx(&self, n_ctx_train: u32) -> u32 {
        match self.settings.ctx_size {
            0 if n_ctx_train > 0 => DEFAULT_CTX.min(n_ctx_train),
            0 => DEFAULT_CTX,
            c => c,
        }
    }

    pub fn min_ctx(&self) -> u32 {
        self.min_ctx.unwrap_or(DEFAULT_MIN_CTX).max(256)
    }

    /// Slowest acceptable generation: 5 tok/s, and faster than what the user saw when they said.
    pub fn min_tps(&self) -> f64 {
        match self.evidence.observed_tps {
            Some(seen) if seen.is_finite() && seen > 0.0 => DEFAULT_MIN_TPS.max(seen * 1.5),
            _ => DEFAULT_MIN_TPS,
        }
    }

    /// The engine request for exactly this question — the only place it is built.
    pub fn fit_request(&self) -> FitRequest {
        let s = &self.settings;
        let m = &self.machine;
        let backend = s.backend.unwrap_or_else(|| m.backend());
        let gpus: Vec<GpuDevice> = if backend == Backend::Cpu {
            Vec::new()
        } else {
            m.gpus
                .iter()
                .map(|g| GpuDevice {
                    name: g.name.clone(),
                    capacity_bytes: g.total_bytes.saturating_sub(g.held_by_others_bytes),
                    bandwidth_gbps: g.bandwidth_gbps,
                })
                .collect()
        };
        let platform = if m.gpus.iter().any(|g| g.unified) {
            Platform::AppleSilicon
        } else {
            match m.os {
                // WSL2's GPU goes through the Windows driver (WDDM), which spills to shared memory.
                Os::Windows | Os::Wsl2 => Platform::Windows,
                Os::Macos => Platform::AppleSilicon,
                Os::Linux => Platform::Linux,
            }
        };
        FitRequest {
            ctx_size: s.ctx_size,
            batch_size: s.batch_size,
            ubatch_size: s.ubatch_size,
            n_gpu_layers: s.n_gpu_layers,
            cache_type_k: s.cache_type_k.as_str().to_owned(),
            cache_type_v: s.cache_type_v.as_str().to_owned(),
            flash_attn: s.flash_attn,
            parallel: s.parallel.max(1),
            kv_unified: s.kv_unified,
            swa_full: s.swa_full,
            cpu_moe: s.cpu_moe,
            n_cpu_moe: s.n_cpu_moe,
            no_kv_offload: s.no_kv_offload,
            mmap: s.mmap,
            repack: s.repack,
            tensor_split: s.tensor_split.clone(),
            backend: if gpus.is_empty() {
                Backend::Cpu
            } else {
                backend
            },
            gpus,
            margin_bytes: s.margin_bytes,
            overhead_bytes: s.overhead_bytes,
            host_ram_bytes: m.host_limit_bytes(),
            ram_bandwidth_gbps: m.ram_bandwidth_gbps,
            platform,
            // llama-server (and Ollama, which runs it) reserves one logit row per slot (llama.cpp#23861);
            // llama-cli and library users reserve the whole ubatch.
            n_outputs_max: match self.runtime {
                Runtime::LlamaServer | Runtime::Ollama if !s.all_logit_rows => s.parallel.max(1),
                _ => 0,
            },
            output_layer_last: s.output_layer_last,
            f32_fa_mask: s.f32_fa_mask,
            single_embd_input: s.single_embd_input,
        }
    }

    /// Attaches a triage diagnosis. A log's runtime, OS and GPU replace what the app assumed (the log says
    /// what really ran); an unrecognised log adds nothing and removes nothing.
    pub fn attach_log(&mut self, diagnosis: Diagnosis, log_name: Option<String>) {
        if diagnosis.label == Label::Unknown {
            return;
        }
        if let Some(r) = diagnosis.runtime.as_deref().and_then(Runtime::parse) {
            self.runtime = r;
        }
        if let Some(os) = diagnosis.os.as_deref().and_then(Os::parse) {
            self.machine.os = os;
        }
        let n = &diagnosis.numbers;
        if let Some(total) = n.total_bytes.filter(|t| *t >= 256 * crate::units::MIB) {
            let name = diagnosis
                .gpu_name
                .clone()
                .or_else(|| n.device.clone())
                .unwrap_or_else(|| "GPU".to_owned());
            let mut gpu = MachineGpu::sized(&name, total);
            // Memory that was already in use when the run started belongs to someone else.
            if diagnosis.label == Label::VramHeldByOther
                && let Some(free) = n.free_bytes
            {
                gpu.held_by_others_bytes = total.saturating_sub(free);
            }
            let mut gpus = vec![gpu];
            // Keep further GPUs of the same machine when the log's card is one of them.
            if self.machine.gpus.len() > 1 && self.machine.gpus.iter().any(|g| g.name == name) {
                gpus = self.machine.gpus.clone();
            }
            self.machine = self.machine.with_gpus(gpus, MachineOrigin::Log);
        }
        self.evidence.diagnosis = Some(diagnosis);
        self.evidence.log_name = log_name;
    }

    /// Removes the attached log (the machine goes back to what it was built from by the caller).
    pub fn detach_log(&mut self) {
        self.evidence.diagnosis = None;
        self.evidence.log_name = None;
    }

    pub fn add_symptom(&mut self, symptom: Symptom) {
        if !self.evidence.symptoms.contains(&symptom) {
            self.evidence.symptoms.push(symptom);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::MIB;

    fn live() -> Hardware {
        Hardware {
            os: hardware::OsKind::Wsl2,
            gpus: vec![hardware::GpuInfo {
                index: 0,
                name: "NVIDIA GeForce RTX 4090".into(),
                vendor: hardware::GpuVendor::Nvidia,
                memory_total_bytes: 24 * GIB,
                memory_used_bytes: 2 * GIB,
                memory_reserved_bytes: 300 * MIB,
                utilization_percent: None,
                shared_used_bytes: None,
            }],
            gpu_problem: None,
            host: hardware::HostInfo {
                ram_total_bytes: 32 * GIB,
                ram_available_bytes: 20 * GIB,
                swap_total_bytes: 8 * GIB,
                swap_used_bytes: 0,
            },
        }
    }

    #[test]
    fn a_live_machine_offers_what_others_leave() {
        let s = Scenario {
            machine: Machine::detected(&live()),
            ..Scenario::default()
        };
        let req = s.fit_request();
        assert_eq!(req.gpus.len(), 1);
        assert_eq!(req.gpus[0].capacity_bytes, 24 * GIB - 2 * GIB - 300 * MIB);
        assert!(
            req.gpus[0].bandwidth_gbps.is_some(),
            "bandwidth from the catalog"
        );
        assert_eq!(req.backend, Backend::Cuda);
        assert_eq!(req.platform, Platform::Windows, "WSL2 goes through WDDM");
        // Available RAM on a live machine, capped below WSL2's limit.
        assert_eq!(req.host_ram_bytes, 20 * GIB);
    }

    #[test]
    fn a_described_machine_keeps_an_os_reserve() {
        let m = Machine {
            origin: MachineOrigin::Catalog,
            ram_total_bytes: 64 * GIB,
            gpus: vec![MachineGpu::from_catalog("RTX 4090").unwrap()],
            ..Machine::default()
        };
        assert_eq!(m.host_limit_bytes(), 62 * GIB);
        let s = Scenario {
            machine: m,
            ..Scenario::default()
        };
        assert_eq!(
            s.fit_request().gpus[0].capacity_bytes,
            s.machine.gpus[0].total_bytes
        );
    }

    #[test]
    fn an_unrecognised_log_changes_nothing() {
        let mut s = Scenario {
            machine: Machine::detected(&live()),
            runtime: Runtime::Ollama,
            ..Scenario::default()
        };
        let before = s.clone();
        s.attach_log(Diagnosis::default(), Some("x.log".into()));
        assert_eq!(s, before);
    }

    #[test]
    fn a_log_brings_its_runtime_os_and_gpu() {
        let mut s = Scenario {
            machine: Machine::detected(&live()),
            ..Scenario::default()
        };
        let mut d = Diagnosis {
            label: Label::VramHeldByOther,
            runtime: Some("vLLM".into()),
            os: Some("Linux".into()),
            ..Diagnosis::default()
        };
        d.numbers.total_bytes = Some(23 * GIB + 600 * MIB);
        d.numbers.free_bytes = Some(3 * GIB);
        d.gpu_name = Some("NVIDIA GeForce RTX 3090".into());
        s.attach_log(d, Some("vllm.log".into()));
        assert_eq!(s.runtime, Runtime::Vllm);
        assert_eq!(s.machine.os, Os::Linux);
        assert_eq!(s.machine.origin, MachineOrigin::Log);
        assert_eq!(s.machine.gpus[0].name, "NVIDIA GeForce RTX 3090");
        assert_eq!(s.machine.gpus[0].held_by_others_bytes, 20 * GIB + 600 * MIB);
        assert_eq!(s.fit_request().gpus[0].capacity_bytes, 3 * GIB);
    }

    #[test]
    fn speed_floor_rises_above_what_the_user_saw() {
        let mut s = Scenario::default();
        assert_eq!(s.min_tps(), DEFAULT_MIN_TPS);
        s.evidence.observed_tps = Some(8.0);
        assert_eq!(s.min_tps(), 12.0);
    }
}
