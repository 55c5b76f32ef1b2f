//! The Fix Wizard engine: a situation (runtime, OS, shell, model, GPUs, the settings used, and optionally a
//! triage [`Diagnosis`] and live-monitor findings) becomes a [`FixPlan`] — ordered steps, each with why it
//! applies, its effect in numbers, what it costs, commands for the user's shell, files to write and how to undo.
//!
//! Order and step ids follow CONTRACT.md and DESIGN.md's four walls: free VRAM held by others → vLLM memory
//! knobs → lower quant → clamp `-ngl` → context / KV quantization / flash attention → smaller batch → MoE expert
//! offload → `expandable_segments` → pagefile / `.wslconfig` / swap / macOS wired limit → hardware, last.
//! Numbers come from a [`WhatIf`] (`fit_bridge::FitWhatIf` over `crate::fit` when the model is known,
//! [`whatif::Formula`] otherwise) and from the diagnosis' own numbers. Commands are written by
//! `commands::*` through `shell`'s quoting; a value that cannot be quoted for the chosen shell is left out of
//! the step with a note saying why. This module runs nothing and reads no files.

pub mod commands;
mod engine;
mod evidence;
pub mod fit_bridge;
mod host_fixes;
pub mod markdown;
pub mod os_memory;
pub mod shell;
mod vram_fixes;
pub mod whatif;

use serde::{Deserialize, Serialize};

use crate::triage::Diagnosis;

pub use engine::build_plan;
pub use shell::Shell;
pub use whatif::{Formula, GpuFacts, ModelFacts, Prediction, Setup, WhatIf};

/// Errors of the plan engine.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    /// A value that cannot be written safely for a shell (never emitted in a command).
    #[error("cannot write {value:?} safely for {shell}: {reason}")]
    Unquotable {
        shell: &'static str,
        value: String,
        reason: &'static str,
    },
    /// A value that cannot go into a generated file (Modelfile, .wslconfig, Python snippet).
    #[error("cannot write {value:?} into {file}: {reason}")]
    UnwritableValue {
        file: &'static str,
        value: String,
        reason: &'static str,
    },
}

/// The program that runs the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Runtime {
    #[default]
    #[serde(rename = "llama-server")]
    LlamaServer,
    #[serde(rename = "llama-cli")]
    LlamaCli,
    #[serde(rename = "ollama")]
    Ollama,
    #[serde(rename = "lmstudio")]
    LmStudio,
    #[serde(rename = "transformers")]
    Transformers,
    #[serde(rename = "vllm")]
    Vllm,
    #[serde(rename = "text-generation-webui")]
    TextGenWebui,
}

impl Runtime {
    pub const ALL: [Self; 7] = [
        Self::LlamaServer,
        Self::LlamaCli,
        Self::Ollama,
        Self::LmStudio,
        Self::Transformers,
        Self::Vllm,
        Self::TextGenWebui,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::LlamaServer => "llama-server",
            Self::LlamaCli => "llama-cli",
            Self::Ollama => "ollama",
            Self::LmStudio => "lmstudio",
            Self::Transformers => "transformers",
            Self::Vllm => "vllm",
            Self::TextGenWebui => "text-generation-webui",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::LlamaServer => "llama.cpp (llama-server)",
            Self::LlamaCli => "llama.cpp (llama-cli)",
            Self::Ollama => "Ollama",
            Self::LmStudio => "LM Studio",
            Self::Transformers => "Hugging Face transformers",
            Self::Vllm => "vLLM",
            Self::TextGenWebui => "text-generation-webui",
        }
    }

    /// Accepts CONTRACT.md's `--runtime` spellings and the names triage reports ("llama.cpp (llama-server)").
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim().to_ascii_lowercase();
        let has = |needle: &str| s.contains(needle);
        Some(if has("llama-cli") {
            Self::LlamaCli
        } else if has("ollama") {
            Self::Ollama
        } else if has("lm studio") || has("lmstudio") || has("lms") {
            Self::LmStudio
        } else if has("vllm") || has("sglang") {
            Self::Vllm
        } else if has("text-generation-webui") || has("textgen") || has("oobabooga") {
            Self::TextGenWebui
        } else if has("transformers") || has("pytorch") || has("torch") || has("accelerate") {
            Self::Transformers
        } else if has("llama") || has("koboldcpp") || has("ggml") {
            Self::LlamaServer
        } else {
            return None;
        })
    }

    /// Runs GGUF files on llama.cpp (layers, `-ngl`, KV types and flash attention apply).
    pub fn is_llama_family(self) -> bool {
        matches!(
            self,
            Self::LlamaServer | Self::LlamaCli | Self::Ollama | Self::LmStudio | Self::TextGenWebui
        )
    }

    /// Allocates through PyTorch's caching allocator (fragmentation, `PYTORCH_CUDA_ALLOC_CONF`).
    pub fn is_pytorch(self) -> bool {
        matches!(self, Self::Transformers | Self::Vllm)
    }
}

/// The operating system the model runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Os {
    #[default]
    Linux,
    Windows,
    Wsl2,
    Macos,
}

impl Os {
    pub const ALL: [Self; 4] = [Self::Linux, Self::Windows, Self::Wsl2, Self::Macos];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Linux => "linux",
            Self::Windows => "windows",
            Self::Wsl2 => "wsl2",
            Self::Macos => "macos",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Linux => "Linux",
            Self::Windows => "Windows",
            Self::Wsl2 => "WSL2",
            Self::Macos => "macOS",
        }
    }

    /// Accepts CONTRACT.md's spellings and loose ones from logs ("Linux (Ubuntu 22.04)", "Windows 11").
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim().to_ascii_lowercase();
        Some(if s.contains("wsl") {
            Self::Wsl2
        } else if s.contains("windows") || s == "win" {
            Self::Windows
        } else if s.contains("mac") || s.contains("darwin") {
            Self::Macos
        } else if s.contains("linux")
            || s.contains("ubuntu")
            || s.contains("debian")
            || s.contains("fedora")
        {
            Self::Linux
        } else {
            return None;
        })
    }

    /// The usual shell there.
    pub fn default_shell(self) -> Shell {
        match self {
            Self::Windows => Shell::PowerShell,
            Self::Linux | Self::Wsl2 | Self::Macos => Shell::Bash,
        }
    }
}

/// The model as the commands name it, with what the numbers need.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ModelRef {
    /// What the user passes to the runtime: a file path, an Ollama name, a Hugging Face id, an LM Studio key.
    pub argument: String,
    /// Display name.
    pub name: String,
    pub facts: ModelFacts,
}

impl ModelRef {
    /// From a model spec and the argument it was opened with (`ollama:NAME` becomes `NAME`). A built-in
    /// `preset:` is not a file anyone can run, so commands then carry the settings without a model argument.
    pub fn from_spec(argument: &str, spec: &crate::model::ModelSpec) -> Self {
        let display = argument.to_owned();
        let argument = if argument.starts_with("preset:") {
            String::new()
        } else {
            argument
                .strip_prefix("ollama:")
                .unwrap_or(argument)
                .to_owned()
        };
        Self {
            name: if spec.name.is_empty() {
                display
            } else {
                spec.name.clone()
            },
            argument,
            facts: ModelFacts::from_spec(spec),
        }
    }

    pub fn is_moe(&self) -> bool {
        self.facts.n_expert > 1
    }
}

/// One GPU as the user has it now.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct GpuState {
    pub name: String,
    pub total_bytes: u64,
    /// Bytes held by other processes (from the monitor or the log), 0 when unknown.
    pub used_by_others_bytes: u64,
    pub bandwidth_bytes_per_sec: Option<u64>,
}

/// System memory and disk.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct HostState {
    pub ram_total_bytes: Option<u64>,
    pub ram_available_bytes: Option<u64>,
    pub swap_total_bytes: Option<u64>,
    /// Free space on the system drive (pagefile / swapfile go there).
    pub disk_free_bytes: Option<u64>,
    pub ram_bandwidth_bytes_per_sec: Option<u64>,
}

/// A process holding GPU memory (monitor process table, `nvidia-smi`, or a PyTorch OOM message).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct VramHolder {
    pub pid: u32,
    pub name: String,
    pub used_bytes: u64,
}

/// What the live monitor saw (CONTRACT.md monitor alert kinds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symptom {
    VramFull,
    Paging,
    CpuSpill,
    HeldByOther,
}

/// Everything the plan is built from.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Situation {
    pub runtime: Runtime,
    pub os: Os,
    pub shell: Shell,
    pub model: Option<ModelRef>,
    pub gpus: Vec<GpuState>,
    pub host: HostState,
    /// The settings the user ran with (llama.cpp terms).
    pub setup: Setup,
    /// Free memory to keep per GPU (llama.cpp `--fit` default: 1 GiB).
    pub margin_bytes: u64,
    pub diagnosis: Option<Diagnosis>,
    pub symptoms: Vec<Symptom>,
    pub holders: Vec<VramHolder>,
    /// Generation speed the user observed, when known.
    pub observed_tokens_per_second: Option<f64>,
    /// Other machines that could join (llama.cpp RPC), as `host` or `host:port`.
    pub rpc_hosts: Vec<String>,
}

impl Situation {
    pub fn new(runtime: Runtime, os: Os, shell: Shell) -> Self {
        Self {
            runtime,
            os,
            shell,
            margin_bytes: whatif::DEFAULT_MARGIN,
            ..Self::default()
        }
    }

    /// Fills OS, GPUs and host memory from a hardware snapshot (detected or picked). Memory in use on a GPU
    /// counts as held by others: the plan is made before the model is loaded.
    pub fn apply_hardware(&mut self, hw: &crate::hardware::Hardware) {
        self.os = match hw.os {
            crate::hardware::OsKind::Linux => Os::Linux,
            crate::hardware::OsKind::Windows => Os::Windows,
            crate::hardware::OsKind::Wsl2 => Os::Wsl2,
            crate::hardware::OsKind::Macos => Os::Macos,
        };
        self.gpus = hw
            .gpus
            .iter()
            .map(|g| GpuState {
                name: g.name.clone(),
                total_bytes: g.memory_total_bytes,
                used_by_others_bytes: g.memory_used_bytes.saturating_add(g.memory_reserved_bytes),
                bandwidth_bytes_per_sec: None,
            })
            .collect();
        let h = &hw.host;
        if h.ram_total_bytes > 0 {
            self.host.ram_total_bytes = Some(h.ram_total_bytes);
            self.host.ram_available_bytes = Some(h.ram_available_bytes);
            self.host.swap_total_bytes = Some(h.swap_total_bytes);
        }
    }

    /// A [`whatif::Formula`] for this situation when the model and a GPU are known.
    pub fn formula(&self) -> Option<Formula> {
        let model = self.model.as_ref()?;
        let gpus: Vec<GpuFacts> = self
            .gpus
            .iter()
            .map(|g| GpuFacts {
                name: g.name.clone(),
                capacity_bytes: g.total_bytes.saturating_sub(g.used_by_others_bytes),
                bandwidth_bytes_per_sec: g.bandwidth_bytes_per_sec,
            })
            .collect();
        if gpus.is_empty() || model.facts.n_layer == 0 {
            return None;
        }
        Some(Formula {
            model: model.facts.clone(),
            gpus,
            host_bandwidth_bytes_per_sec: self.host.ram_bandwidth_bytes_per_sec,
        })
    }
}

/// Step ids (CONTRACT.md). The declaration order is the order steps appear in a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepId {
    FreeVram,
    VllmMemory,
    LowerQuant,
    ClampLayers,
    ReduceContext,
    QuantizeKv,
    FlashAttention,
    SmallerBatch,
    MoeOffload,
    ExpandableSegments,
    Pagefile,
    Wslconfig,
    LinuxSwap,
    MetalWiredLimit,
    Hardware,
    /// Verification steps only.
    Verify,
}

impl StepId {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::FreeVram => "free_vram",
            Self::VllmMemory => "vllm_memory",
            Self::LowerQuant => "lower_quant",
            Self::ClampLayers => "clamp_layers",
            Self::ReduceContext => "reduce_context",
            Self::QuantizeKv => "quantize_kv",
            Self::FlashAttention => "flash_attention",
            Self::SmallerBatch => "smaller_batch",
            Self::MoeOffload => "moe_offload",
            Self::ExpandableSegments => "expandable_segments",
            Self::Pagefile => "pagefile",
            Self::Wslconfig => "wslconfig",
            Self::LinuxSwap => "linux_swap",
            Self::MetalWiredLimit => "metal_wired_limit",
            Self::Hardware => "hardware",
            Self::Verify => "verify",
        }
    }
}

impl std::fmt::Display for StepId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A command to paste, in the shell it is written for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Command {
    pub shell: Shell,
    pub text: String,
}

/// A file to save (full content).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileToWrite {
    pub path: String,
    pub content: String,
}

/// A step's effect in numbers.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Effect {
    /// The numbers in words ("Q4_K_S: weights −3.90 GiB → fits with 1.20 GiB free").
    pub summary: String,
    /// Change of the worst GPU's use in bytes (negative = less VRAM).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vram_delta_bytes: Option<i64>,
    /// Free bytes on the tightest GPU afterwards (negative: still over).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gpu_free_bytes: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tokens_per_second: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layers_offloaded: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layers_total: Option<u32>,
    /// Whether this step alone makes the model fit with the margin (when that can be told).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fits: Option<bool>,
}

/// One fix.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    pub id: StepId,
    pub title: String,
    /// Why it applies, tied to the diagnosis.
    pub why: String,
    pub effect: Effect,
    /// What it costs (speed, quality, disk).
    pub cost: String,
    /// Settings to pick in a GUI (LM Studio's load dialog, Windows Settings), in order.
    pub settings: Vec<String>,
    pub commands: Vec<Command>,
    pub files: Vec<FileToWrite>,
    pub undo: String,
    /// Caveats, and commands left out because a value could not be quoted for the shell.
    pub notes: Vec<String>,
    /// The settings after this step (for "apply to the Fit tab" and for verifying), when it changes settings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setup: Option<Setup>,
}

impl Step {
    fn new(id: StepId, title: impl Into<String>) -> Self {
        Self {
            id,
            title: title.into(),
            why: String::new(),
            effect: Effect::default(),
            cost: String::new(),
            settings: Vec::new(),
            commands: Vec::new(),
            files: Vec::new(),
            undo: String::new(),
            notes: Vec::new(),
            setup: None,
        }
    }

    /// Adds what a command writer produced, or a note when it refused a value.
    fn absorb(&mut self, written: Result<commands::Written, PlanError>) {
        match written {
            Ok(w) => {
                self.commands.extend(w.commands);
                self.files.extend(w.files);
                self.settings.extend(w.settings);
                self.notes.extend(w.notes);
            }
            Err(err) => self.notes.push(format!("Commands left out: {err}.")),
        }
    }
}

/// What the plan starts from, in short (CONTRACT.md `diagnosis`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PlanDiagnosis {
    /// Triage label (`vram_oom_load`, …) or, without a log, the fit verdict in the same words.
    pub label: String,
    pub title: String,
    /// Plain-words summary with the key numbers.
    pub summary: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triage: Option<Diagnosis>,
    /// The predicted use at the user's settings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prediction: Option<Prediction>,
}

/// The Fix Wizard's result: ordered fixes and how to check them.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct FixPlan {
    pub diagnosis: PlanDiagnosis,
    pub runtime: Runtime,
    pub os: Os,
    pub shell: Shell,
    pub steps: Vec<Step>,
    pub verify: Vec<Step>,
}

impl FixPlan {
    pub fn step(&self, id: StepId) -> Option<&Step> {
        self.steps.iter().find(|s| s.id == id)
    }

    pub fn step_ids(&self) -> Vec<StepId> {
        self.steps.iter().map(|s| s.id).collect()
    }

    /// Markdown for the GUI's export (see `markdown`).
    pub fn to_markdown(&self) -> String {
        markdown::render(self)
    }
}
