//! `vram-doctor plan [--log FILE] [MODEL] [fit options] [--os …] [--shell …] [--runtime …] [--json]`
//! (CONTRACT.md): the Fix Wizard as a command. The log goes through triage, the model and settings through the
//! plan engine's numbers; the result prints as Markdown, or as one JSON document (`diagnosis`, `steps`,
//! `verify`) with `--json`. Without `--vram` the GPUs of this machine are used; without `--os` this machine's.

use std::io::Write;
use std::path::PathBuf;

use crate::model::ModelSpec;
use crate::plan::fit_bridge::FitWhatIf;
use crate::plan::{FixPlan, ModelRef, Os, Runtime, Setup, Shell, Situation, build_plan};
use crate::units::parse_size;

/// Settings in llama.cpp's spelling (CONTRACT.md `fit` options the plan uses).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct PlanFitOptions {
    /// Context size in tokens (default 4096).
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
    /// Generation speed you observed, for comparison in the plan.
    #[arg(long = "observed-tps", value_name = "TOK/S")]
    pub observed_tps: Option<f64>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

fn size(flag: &str, value: &str) -> Result<u64, String> {
    parse_size(value).map_err(|e| format!("{flag}: {e}"))
}

/// The settings the user ran with, from the flags (llama.cpp defaults otherwise; Ollama's batch is 512).
pub fn setup_from(opts: &PlanFitOptions, runtime: Runtime) -> Result<Setup, String> {
    let mut s = Setup::default();
    if runtime == Runtime::Ollama {
        s.n_batch = 512;
        s.flash_attn = false;
    }
    if let Some(c) = opts.ctx_size {
        s.n_ctx = c;
    }
    if let Some(ngl) = &opts.n_gpu_layers {
        s.n_gpu_layers = match ngl.trim() {
            "auto" | "all" | "-1" => None,
            n => Some(
                n.parse()
                    .map_err(|_| format!("--n-gpu-layers: {n:?} is not a number, auto or all"))?,
            ),
        };
    }
    if let Some(b) = opts.batch_size {
        s.n_batch = b;
    }
    if let Some(ub) = opts.ubatch_size {
        s.n_ubatch = ub;
    }
    for (flag, value, slot) in [
        ("--cache-type-k", &opts.cache_type_k, &mut s.cache_type_k),
        ("--cache-type-v", &opts.cache_type_v, &mut s.cache_type_v),
    ] {
        if let Some(t) = value {
            if crate::plan::whatif::kv_type_bytes(t).is_none() {
                return Err(format!(
                    "{flag}: unknown cache type {t:?} (f16, bf16, q8_0, q5_1, q5_0, q4_1, q4_0, fp8)"
                ));
            }
            *slot = t.to_ascii_lowercase();
        }
    }
    if let Some(fa) = &opts.flash_attn {
        s.flash_attn = match fa.trim().to_ascii_lowercase().as_str() {
            "on" | "1" | "true" => true,
            "off" | "0" | "false" => false,
            // llama.cpp's auto turns it on where supported (CUDA, Metal, Vulkan).
            "auto" => true,
            other => return Err(format!("--flash-attn: {other:?} is not on, off or auto")),
        };
    }
    if let Some(np) = opts.parallel {
        s.parallel = np.max(1);
    }
    if let Some(n) = opts.n_cpu_moe {
        s.n_cpu_moe = n;
    }
    Ok(s)
}

/// Builds the situation from the arguments and this machine.
pub fn situation(
    args: &PlanArgs,
    hardware: Option<&crate::hardware::Hardware>,
) -> Result<Situation, String> {
    let runtime = match &args.fit.runtime {
        Some(r) => Runtime::parse(r).ok_or_else(|| {
            format!("--runtime: unknown runtime {r:?} (llama.cpp, llama-cli, ollama, lmstudio, vllm, transformers, text-generation-webui)")
        })?,
        // An Ollama model is run by Ollama unless told otherwise.
        None if args.model.as_deref().is_some_and(|m| m.starts_with("ollama:")) => Runtime::Ollama,
        None => Runtime::LlamaServer,
    };
    let mut sit = Situation::new(runtime, Os::default(), Shell::Bash);
    if let Some(hw) = hardware {
        sit.apply_hardware(hw);
    }
    if let Some(os) = &args.os {
        sit.os = Os::parse(os)
            .ok_or_else(|| format!("--os: unknown OS {os:?} (linux, windows, wsl2, macos)"))?;
    }
    sit.shell = match &args.shell {
        Some(sh) => Shell::parse(sh)
            .ok_or_else(|| format!("--shell: unknown shell {sh:?} (bash, powershell, cmd)"))?,
        None => sit.os.default_shell(),
    };
    if !args.fit.vram.is_empty() {
        sit.gpus = args
            .fit
            .vram
            .iter()
            .enumerate()
            .map(|(i, v)| {
                Ok(crate::plan::GpuState {
                    name: format!("GPU{i}"),
                    total_bytes: size("--vram", v)?,
                    ..crate::plan::GpuState::default()
                })
            })
            .collect::<Result<_, String>>()?;
    }
    if !args.fit.gpu.is_empty() {
        sit.gpus = args
            .fit
            .gpu
            .iter()
            .map(|name| {
                let g = crate::hardware::catalog::find(name).map_err(|e| format!("--gpu: {e}"))?;
                Ok(crate::plan::GpuState {
                    name: g.name.clone(),
                    total_bytes: g.usable_bytes(),
                    used_by_others_bytes: 0,
                    bandwidth_bytes_per_sec: Some((g.bandwidth_gbps * 1e9) as u64),
                })
            })
            .collect::<Result<_, String>>()?;
    }
    // Bandwidth (for tokens/s) of GPUs known only by name and size.
    for g in &mut sit.gpus {
        if g.bandwidth_bytes_per_sec.is_none()
            && let Ok(c) = crate::hardware::catalog::find(&g.name)
        {
            g.bandwidth_bytes_per_sec = Some((c.bandwidth_gbps * 1e9) as u64);
        }
    }
    if let Some(m) = &args.fit.margin {
        sit.margin_bytes = size("--margin", m)?;
    }
    if let Some(r) = &args.ram {
        let ram = size("--ram", r)?;
        sit.host.ram_total_bytes = Some(ram);
        sit.host.ram_available_bytes = Some(ram);
    }
    sit.setup = setup_from(&args.fit, runtime)?;
    sit.rpc_hosts = args.rpc_hosts.clone();
    sit.observed_tokens_per_second = args.observed_tps.filter(|t| t.is_finite() && *t > 0.0);
    Ok(sit)
}

/// The fit options the plan's own settings do not carry, passed to the fit engine as they are.
pub fn apply_fit_options(
    opts: &PlanFitOptions,
    req: &mut crate::fit::FitRequest,
) -> Result<(), String> {
    use crate::fit::Backend;
    req.kv_unified = opts.kv_unified;
    req.swa_full = opts.swa_full;
    req.cpu_moe = opts.cpu_moe;
    req.no_kv_offload = opts.no_kv_offload;
    req.mmap = !opts.no_mmap;
    req.repack = !opts.no_repack;
    if !opts.tensor_split.is_empty() {
        if opts.tensor_split.iter().any(|v| !v.is_finite() || *v < 0.0) {
            return Err("--tensor-split: shares must be non-negative numbers".into());
        }
        req.tensor_split = opts.tensor_split.clone();
    }
    if let Some(b) = &opts.backend {
        req.backend = match b.trim().to_ascii_lowercase().as_str() {
            "cuda" => Backend::Cuda,
            "rocm" | "hip" => Backend::Rocm,
            "vulkan" => Backend::Vulkan,
            "metal" => Backend::Metal,
            "cpu" => Backend::Cpu,
            other => {
                return Err(format!(
                    "--backend: unknown backend {other:?} (cuda, rocm, vulkan, metal, cpu)"
                ));
            }
        };
    }
    if let Some(o) = &opts.overhead {
        req.overhead_bytes = Some(size("--overhead", o)?);
    }
    if let Some(bw) = opts.ram_bandwidth {
        if !bw.is_finite() || bw <= 0.0 {
            return Err(format!(
                "--ram-bandwidth: {bw} is not a positive number of GB/s"
            ));
        }
        req.ram_bandwidth_gbps = Some(bw);
    }
    Ok(())
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
pub fn model_ref(arg: &str, runtime: Runtime) -> Result<(ModelRef, ModelSpec), String> {
    let spec = crate::model::load(arg).map_err(|e| e.to_string())?;
    let mut model = ModelRef::from_spec(arg, &spec);
    if let Some(name) = arg.strip_prefix("ollama:")
        && runtime != Runtime::Ollama
    {
        let blob = crate::model::ollama::resolve(&crate::model::ollama::models_dir(), name)?;
        model.argument = blob.to_string_lossy().into_owned();
    }
    Ok((model, spec))
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
    let needs_machine = args.fit.vram.is_empty() || args.os.is_none() || args.ram.is_none();
    let hardware = needs_machine.then(crate::hardware::probe::detect);
    let mut sit = situation(args, hardware.as_ref())?;
    if let Some(path) = &args.log {
        let diagnosis = read_log(path)?;
        // The log names the failing runtime and OS; flags given explicitly win.
        if args.fit.runtime.is_none()
            && let Some(rt) = diagnosis.runtime.as_deref().and_then(Runtime::parse)
        {
            sit.runtime = rt;
            sit.setup = setup_from(&args.fit, rt)?;
        }
        if args.os.is_none()
            && let Some(os) = diagnosis.os.as_deref().and_then(Os::parse)
        {
            sit.os = os;
            if args.shell.is_none() {
                sit.shell = os.default_shell();
            }
        }
        sit.diagnosis = Some(diagnosis);
    }
    let mut spec = None;
    if let Some(arg) = &args.model {
        let (model, s) = model_ref(arg, sit.runtime)?;
        sit.model = Some(model);
        spec = Some(s);
    }
    // With the model's tensor table the numbers come from the fit engine; otherwise from the log alone.
    let plan = match spec {
        Some(spec) => {
            let mut what_if = FitWhatIf::new(spec, &sit);
            apply_fit_options(&args.fit, what_if.request_mut())?;
            build_plan(&sit, Some(&what_if))
        }
        None => build_plan(&sit, None),
    };
    write_plan(&plan, args.json, out)?;
    Ok(0)
}
