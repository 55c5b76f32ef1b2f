//! The Fix Wizard engine. A [`Scenario`](crate::scenario::Scenario) (model, machine, settings, runtime, shell,
//! evidence) becomes a [`FixPlan`]: the best whole setup found by searching quant × KV cache × context × GPU
//! layers × MoE offload together (`search`, every candidate priced by the fit engine through `price`), the
//! alternatives on the trade-off front, and the steps that are not settings — free VRAM held by others,
//! vLLM's memory share, PyTorch's allocator, pagefile / `.wslconfig` / swap, hardware.
//!
//! Every number comes from `crate::fit` (no second memory model). Commands are written by `commands::*`
//! through `shell`'s quoting; a value that cannot be quoted for the chosen shell is left out with a note.
//! This module runs nothing and reads no files.

pub mod commands;
mod engine;
mod evidence;
mod host_fixes;
pub mod markdown;
pub mod os_memory;
pub mod price;
pub mod quality;
pub mod search;
pub mod setup;
pub mod shell;
mod vram_fixes;

use serde::{Deserialize, Serialize};

use crate::triage::Diagnosis;

pub use crate::scenario::VramHolder;
pub use crate::vocab::{Os, Runtime, Symptom};
pub use engine::build_plan;
pub use search::Goal;
pub use setup::{DEFAULT_MARGIN, GpuUse, Prediction, Setup};
pub use shell::Shell;

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

/// The model as the commands name it, with the facts the writers need (not a memory model: sizes come
/// from `fit`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ModelRef {
    /// What the user passes to the runtime: a file path, an Ollama name, `hf:REPO:QUANT`, an LM Studio key;
    /// empty when there is nothing runnable (a built-in preset).
    pub argument: String,
    /// Display name.
    pub name: String,
    pub quant: Option<String>,
    /// Weight bytes over the whole file (the tensor table).
    pub weights_bytes: u64,
    pub n_layer: u32,
    pub n_ctx_train: u32,
    pub n_expert: u32,
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
            quant: spec.file_type.clone(),
            weights_bytes: spec.tensor_bytes,
            n_layer: spec.hparams.n_layer,
            n_ctx_train: spec.hparams.n_ctx_train,
            n_expert: spec.hparams.n_expert,
        }
    }

    pub fn is_moe(&self) -> bool {
        self.n_expert > 1
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
    /// What the OS leaves for the model's host part (WSL2's cap included).
    pub limit_bytes: Option<u64>,
}

/// What the command writers and step builders read: the scenario resolved for one model.
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
            margin_bytes: DEFAULT_MARGIN,
            ..Self::default()
        }
    }

    /// The scenario as the writers see it (`spec` = the model it names, when read).
    pub fn from_scenario(
        sc: &crate::scenario::Scenario,
        spec: Option<&crate::model::ModelSpec>,
    ) -> Self {
        let m = &sc.machine;
        let s = &sc.settings;
        let mut sit = Self::new(sc.runtime, m.os, sc.shell());
        if let (Some(spec), Some(arg)) = (spec, sc.model.as_deref()) {
            sit.model = Some(ModelRef::from_spec(arg, spec));
        } else if let Some(spec) = spec {
            sit.model = Some(ModelRef::from_spec("", spec));
        }
        sit.gpus = m
            .gpus
            .iter()
            .map(|g| GpuState {
                name: g.name.clone(),
                total_bytes: g.total_bytes,
                used_by_others_bytes: g.held_by_others_bytes,
                bandwidth_bytes_per_sec: g.bandwidth_gbps.map(|b| (b * 1e9) as u64),
            })
            .collect();
        sit.host = HostState {
            ram_total_bytes: (m.ram_total_bytes > 0).then_some(m.ram_total_bytes),
            ram_available_bytes: m.ram_available_bytes,
            swap_total_bytes: (m.ram_total_bytes > 0).then_some(m.swap_total_bytes),
            disk_free_bytes: None,
            limit_bytes: (m.ram_total_bytes > 0).then(|| m.host_limit_bytes()),
        };
        let n_ctx_train = spec.map_or(0, |sp| sp.hparams.n_ctx_train);
        sit.setup = Setup {
            quant: spec.and_then(|sp| sp.file_type.clone()),
            n_ctx: sc.asked_ctx(n_ctx_train),
            n_gpu_layers: match s.n_gpu_layers {
                crate::fit::GpuLayers::Count(n) => Some(n),
                _ => None,
            },
            n_batch: s.batch_size,
            n_ubatch: s.ubatch_size,
            cache_type_k: s.cache_type_k.as_str().to_owned(),
            cache_type_v: s.cache_type_v.as_str().to_owned(),
            flash_attn: s.flash_attn != crate::fit::FlashAttn::Off,
            n_cpu_moe: s.n_cpu_moe,
            parallel: s.parallel.max(1),
            gpu_memory_utilization: s.gpu_memory_utilization,
            ..Setup::default()
        };
        sit.margin_bytes = s.margin_bytes;
        sit.diagnosis = sc.evidence.named_diagnosis().cloned();
        sit.symptoms = sc.evidence.symptoms.clone();
        sit.holders = sc.evidence.holders.clone();
        sit.observed_tokens_per_second = sc.evidence.observed_tps;
        sit.rpc_hosts = sc.rpc_hosts.clone();
        sit
    }
}

/// Step ids (CONTRACT.md). The declaration order is the order steps appear in a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepId {
    FreeVram,
    VllmMemory,
    /// The searched setup, as one step: it fixes the problem on its own.
    ApplyRecommendation,
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
            Self::ApplyRecommendation => "apply_recommendation",
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

/// The weights of a setup (CONTRACT.md `recommendation.setup`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetupSummary {
    /// The MODEL argument to use (another quant's file or tag), or `null` when it has to be downloaded by
    /// hand (then `notes` says what to get).
    pub model: Option<String>,
    pub quant: Option<String>,
    pub ctx_size: u32,
    /// `null` = every layer.
    pub n_gpu_layers: Option<u32>,
    pub n_cpu_moe: u32,
    pub cache_type_k: String,
    pub cache_type_v: String,
    pub flash_attn: bool,
    pub parallel: u32,
}

/// Generation and prompt speed, and the context position they are quoted at.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Speed {
    pub generation: f64,
    pub prompt: f64,
    pub at_ctx: u32,
}

/// One whole setup found by the search (CONTRACT.md `recommendation` / `alternatives[]`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlanSetup {
    pub goal: Goal,
    /// "Q4_K_M · q8_0 KV · 32768 ctx · every layer on the GPU".
    pub title: String,
    pub setup: SetupSummary,
    pub fits: bool,
    /// The host part fits the RAM the OS leaves (else it needs swap / a page file and runs slowly).
    pub host_fits: bool,
    pub devices: Vec<crate::fit::DeviceUsage>,
    pub layers_offloaded: u32,
    pub layers_total: u32,
    pub tokens_per_second: Option<Speed>,
    pub quality: quality::Quality,
    /// Uses the file the user already has.
    pub keep_file: bool,
    pub why: String,
    pub commands: Vec<Command>,
    pub files: Vec<FileToWrite>,
    /// GUI settings to pick (LM Studio's load dialog), in order.
    pub settings: Vec<String>,
    pub notes: Vec<String>,
    /// The setup in the plan's terms (for "apply to the Fit tab").
    pub plan_setup: Setup,
}

/// What one change alone buys — explanation, never a numbered fix.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lever {
    pub title: String,
    pub summary: String,
}

/// The Fix Wizard's result: the recommendation, the alternatives, ordered steps and how to check them.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct FixPlan {
    pub diagnosis: PlanDiagnosis,
    pub runtime: Runtime,
    pub os: Os,
    pub shell: Shell,
    pub recommendation: Option<PlanSetup>,
    pub alternatives: Vec<PlanSetup>,
    /// The search's policy in one sentence.
    pub policy: String,
    /// How many setups the search priced.
    pub setups_priced: usize,
    pub levers: Vec<Lever>,
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
