//! `vram-doctor plan [--log FILE] [MODEL] [fit options] [--os …] [--shell …] [--runtime …] [--json]`
//! (CONTRACT.md): the Fix Wizard as a command. The log goes through triage, the model and settings through the
//! plan engine's numbers; the result prints as Markdown, or as one JSON document (`diagnosis`, `steps`,
//! `verify`) with `--json`. Without `--vram` the GPUs of this machine are used; without `--os` this machine's.

use std::io::Write;
use std::path::PathBuf;

use crate::hardware::Hardware;
use crate::model::ModelSpec;
use crate::plan::{FixPlan, build_plan};
use crate::scenario::Scenario;
use crate::vocab::{Runtime, Shell, Symptom};

/// Settings in llama.cpp's spelling (CONTRACT.md `fit` options the plan uses).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct PlanFitOptions {
    /// Context size in tokens (default: 8192, capped by the model's trained context).
    #[arg(short = 'c', long = "ctx-size", value_name = "N")]
    pub ctx_size: Option<u32>,
    /// Layers on the GPU: a number, `auto` or `all`.
    #[arg(
        long = "n-gpu-layers",
        visible_alias = "ngl",
        value_name = "N|auto|all"
    )]
    pub n_gpu_layers: Option<String>,
    /// Logical batch size (default 2048).
    #[arg(short = 'b', long = "batch-size", value_name = "N")]
    pub batch_size: Option<u32>,
    /// Physical batch size (default 512).
    #[arg(long = "ubatch-size", visible_alias = "ub", value_name = "N")]
    pub ubatch_size: Option<u32>,
    /// K cache type (f16, q8_0, q4_0, …).
    #[arg(long = "cache-type-k", visible_alias = "ctk", value_name = "T")]
    pub cache_type_k: Option<String>,
    /// V cache type.
    #[arg(long = "cache-type-v", visible_alias = "ctv", value_name = "T")]
    pub cache_type_v: Option<String>,
    /// Flash attention: on, off or auto.
    #[arg(long = "flash-attn", visible_alias = "fa", value_name = "on|off|auto")]
    pub flash_attn: Option<String>,
    /// Parallel sequences.
    #[arg(long = "parallel", visible_alias = "np", value_name = "N")]
    pub parallel: Option<u32>,
    /// Expert tensors of the first N layers in system RAM.
    #[arg(long = "n-cpu-moe", value_name = "N")]
    pub n_cpu_moe: Option<u32>,
    /// GPU memory, one size per GPU (e.g. 24GiB,12GiB); default: this machine's GPUs.
    #[arg(
        long,
        value_name = "SIZE[,SIZE..]",
        value_delimiter = ',',
        conflicts_with = "gpu"
    )]
    pub vram: Vec<String>,
    /// GPUs from the built-in catalog (e.g. "RTX 4090"), one per GPU; default: this machine's GPUs.
    #[arg(long, value_name = "NAME[,NAME..]", value_delimiter = ',')]
    pub gpu: Vec<String>,
    /// Free memory to keep per GPU (default 1 GiB, as llama.cpp --fit).
    #[arg(long, value_name = "SIZE")]
    pub margin: Option<String>,
    /// One KV buffer shared by all sequences.
    #[arg(long = "kv-unified")]
    pub kv_unified: bool,
    /// Full-size cache for sliding-window layers.
    #[arg(long = "swa-full")]
    pub swa_full: bool,
    /// Every MoE expert tensor in system RAM.
    #[arg(long = "cpu-moe")]
    pub cpu_moe: bool,
    /// KV cache in system RAM.
    #[arg(long = "no-kv-offload", visible_alias = "nkvo")]
    pub no_kv_offload: bool,
    /// Read the model without mmap.
    #[arg(long = "no-mmap")]
    pub no_mmap: bool,
    /// No CPU weight repacking.
    #[arg(long = "no-repack")]
    pub no_repack: bool,
    /// Count -ngl as llama.cpp builds before December 2025 did (#18148): the output layer is offloaded
    /// last, at -ngl n_layer+1, instead of first (older Ollama, LM Studio and koboldcpp bundles).
    #[arg(long = "output-layer-last")]
    pub output_layer_last: bool,
    /// A llama.cpp build from before May 2026 (#23764): the flash-attention mask is kept in f32 on the
    /// host, and the first GPU to attend copies it in f32 and casts it (more host and first-GPU compute).
    #[arg(long = "f32-fa-mask")]
    pub f32_fa_mask: bool,
    /// Share of layers per GPU (e.g. 3,1).
    #[arg(
        long = "tensor-split",
        visible_alias = "ts",
        value_name = "A,B,..",
        value_delimiter = ','
    )]
    pub tensor_split: Vec<f64>,
    /// ggml backend: cuda, rocm, vulkan, metal or cpu.
    #[arg(long, value_name = "cuda|rocm|vulkan|metal|cpu")]
    pub backend: Option<String>,
    /// Memory per GPU outside llama.cpp's buffers (driver, BLAS workspace).
    #[arg(long, value_name = "SIZE")]
    pub overhead: Option<String>,
    /// Host memory bandwidth in GB/s for the speed model.
    #[arg(long = "ram-bandwidth", value_name = "GBPS")]
    pub ram_bandwidth: Option<f64>,
    /// The runtime: llama.cpp (llama-server), llama-cli, ollama, lmstudio, vllm, transformers, text-generation-webui.
    #[arg(long, value_name = "NAME")]
    pub runtime: Option<String>,
}

#[derive(Debug, clap::Args)]
pub struct PlanArgs {
    /// A crash log to diagnose first (`-` reads standard input).
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// The model: a .gguf path, safetensors, `ollama:NAME[:TAG]` or `preset:ID`.
    #[arg(value_name = "MODEL")]
    pub model: Option<String>,
    #[command(flatten)]
    pub fit: PlanFitOptions,
    /// Operating system the model runs on (default: this machine's).
    #[arg(long, value_name = "linux|windows|wsl2|macos")]
    pub os: Option<String>,
    /// Shell to write commands for (default: PowerShell on Windows, bash elsewhere).
    #[arg(long, value_name = "bash|powershell|cmd")]
    pub shell: Option<String>,
    /// System RAM (default: this machine's).
    #[arg(long, value_name = "SIZE")]
    pub ram: Option<String>,
    /// Another machine for llama.cpp RPC (repeatable).
    #[arg(long = "rpc-host", value_name = "HOST[:PORT]")]
    pub rpc_hosts: Vec<String>,
    /// Generation speed you observed: the plan then only recommends setups clearly faster.
    #[arg(long = "observed-tps", value_name = "TOK/S")]
    pub observed_tps: Option<f64>,
    /// What you saw, when there is no log (repeatable): crash_load, crash_later, slow, freeze.
    #[arg(long = "symptom", value_name = "crash_load|crash_later|slow|freeze")]
    pub symptoms: Vec<String>,
    /// The shortest context you accept (default 4096).
    #[arg(long = "min-ctx", value_name = "N")]
    pub min_ctx: Option<u32>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The flags as the shared setting words.
fn setting_flags(o: &PlanFitOptions) -> super::scenario::SettingFlags<'_> {
    super::scenario::SettingFlags {
        ctx_size: o.ctx_size,
        n_gpu_layers: o.n_gpu_layers.as_deref(),
        batch_size: o.batch_size,
        ubatch_size: o.ubatch_size,
        cache_type_k: o.cache_type_k.as_deref(),
        cache_type_v: o.cache_type_v.as_deref(),
        flash_attn: o.flash_attn.as_deref(),
        parallel: o.parallel,
        kv_unified: o.kv_unified,
        swa_full: o.swa_full,
        cpu_moe: o.cpu_moe,
        n_cpu_moe: o.n_cpu_moe,
        no_kv_offload: o.no_kv_offload,
        no_mmap: o.no_mmap,
        no_repack: o.no_repack,
        output_layer_last: o.output_layer_last,
        f32_fa_mask: o.f32_fa_mask,
        tensor_split: &o.tensor_split,
        backend: o.backend.as_deref(),
        margin: o.margin.as_deref(),
        overhead: o.overhead.as_deref(),
        ram_bandwidth: o.ram_bandwidth,
    }
}

/// The question from the arguments and this machine (the log is attached by `run`).
pub fn scenario_from(args: &PlanArgs, hardware: Option<&Hardware>) -> Result<Scenario, String> {
    let runtime = match &args.fit.runtime {
        Some(r) => r
            .parse::<Runtime>()
            .map_err(|e| format!("--runtime: {e}"))?,
        // An Ollama model is run by Ollama unless told otherwise.
        None if args
            .model
            .as_deref()
            .is_some_and(|m| m.starts_with("ollama:")) =>
        {
            Runtime::Ollama
        }
        None => Runtime::LlamaServer,
    };
    let machine = super::scenario::machine(
        &args.fit.gpu,
        &args.fit.vram,
        args.os.as_deref(),
        args.ram.as_deref(),
        hardware,
    )?;
    let (mut settings, bw) = super::scenario::settings(&setting_flags(&args.fit))?;
    if runtime == Runtime::Ollama {
        // Ollama's own defaults: num_batch 512, flash attention only with OLLAMA_FLASH_ATTENTION=1.
        if args.fit.batch_size.is_none() {
            settings.batch_size = 512;
        }
        if args.fit.flash_attn.is_none() {
            settings.flash_attn = crate::vocab::FlashAttn::Off;
        }
    }
    let mut sc = super::scenario::scenario(machine, settings, bw);
    sc.runtime = runtime;
    sc.shell = args
        .shell
        .as_deref()
        .map(|sh| sh.parse::<Shell>().map_err(|e| format!("--shell: {e}")))
        .transpose()?;
    for s in &args.symptoms {
        sc.add_symptom(
            s.parse::<Symptom>()
                .map_err(|e| format!("--symptom: {e}"))?,
        );
    }
    sc.evidence.observed_tps = args.observed_tps.filter(|t| t.is_finite() && *t > 0.0);
    sc.min_ctx = args.min_ctx;
    sc.rpc_hosts = args.rpc_hosts.clone();
    Ok(sc)
}

/// Diagnoses a log file (`-` = standard input) with the triage engine.
pub fn read_log(path: &std::path::Path) -> Result<crate::triage::Diagnosis, String> {
    let name = path.display();
    if path.as_os_str() == "-" {
        return crate::triage::diagnose_reader(std::io::stdin().lock(), |_| {})
            .map_err(|e| format!("--log -: cannot read standard input: {e}"));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("--log {name}: {e}"))?;
    crate::triage::diagnose_reader(std::io::BufReader::new(file), |_| {})
        .map_err(|e| format!("--log {name}: {e}"))
}

/// Reads the model and names it the way the runtime's commands need: Ollama takes its model name, every other
/// runtime the file (an `ollama:` model is resolved to its GGUF blob for them).
pub fn model_argument(arg: &str, runtime: Runtime) -> Result<(String, ModelSpec), String> {
    let spec = crate::model::load(arg).map_err(|e| e.to_string())?;
    if let Some(name) = arg.strip_prefix("ollama:")
        && runtime != Runtime::Ollama
    {
        let blob = crate::model::ollama::resolve(&crate::model::ollama::models_dir(), name)?;
        return Ok((blob.to_string_lossy().into_owned(), spec));
    }
    Ok((arg.to_owned(), spec))
}

pub fn write_plan(plan: &FixPlan, json: bool, out: &mut dyn Write) -> Result<(), String> {
    let write_err = |e: std::io::Error| format!("cannot write the plan: {e}");
    if json {
        let text = serde_json::to_string_pretty(plan)
            .map_err(|e| format!("cannot encode the plan: {e}"))?;
        writeln!(out, "{text}").map_err(write_err)
    } else {
        out.write_all(plan.to_markdown().as_bytes())
            .map_err(write_err)
    }
}

pub fn run(args: &PlanArgs, out: &mut dyn Write) -> Result<u8, String> {
    let needs_machine = (args.fit.vram.is_empty() && args.fit.gpu.is_empty())
        || args.os.is_none()
        || args.ram.is_none();
    let hardware = needs_machine.then(crate::hardware::probe::detect);
    let mut sc = scenario_from(args, hardware.as_ref())?;
    if let Some(path) = &args.log {
        let diagnosis = read_log(path)?;
        let flagged = (sc.runtime, sc.machine.clone());
        sc.attach_log(diagnosis, Some(path.display().to_string()));
        // Flags given explicitly win over what the log says.
        if args.fit.runtime.is_some() {
            sc.runtime = flagged.0;
        }
        if args.os.is_some() {
            sc.machine.os = flagged.1.os;
        }
        if !args.fit.gpu.is_empty() || !args.fit.vram.is_empty() {
            sc.machine.gpus = flagged.1.gpus;
            sc.machine.origin = flagged.1.origin;
        }
    }
    let mut spec = None;
    if let Some(arg) = &args.model {
        let (argument, s) = model_argument(arg, sc.runtime)?;
        // A hub repository's own quants are the ones the search may pick (the listing is cached by now).
        sc.quants =
            crate::model::hub::repo_quants(&argument, &crate::model::hub::HubConfig::from_env());
        sc.model = Some(argument);
        spec = Some(s);
    }
    let plan = build_plan(&sc, spec.as_ref());
    write_plan(&plan, args.json, out)?;
    Ok(0)
}
