//! `vram-doctor fit MODEL [options] [--json]` (CONTRACT.md): the fit engine on the command line.
//!
//! llama.cpp spells several options as multi-letter flags behind one dash (`-ngl`, `-ub`, `-ctk`, `-ctv`,
//! `-fa`, `-np`, `-nkvo`, `-ts`), which clap cannot declare as short flags. They are registered as long
//! aliases (`--ngl`, …) and `normalize_llama_flags` rewrites the single-dash spellings before clap sees
//! argv (the CLI's `main` calls it); `-c` and `-b` are ordinary short flags.
//!
//! GPUs: `--gpu NAME` (catalog) or `--vram SIZE`, else the GPUs detected on this machine. With none given
//! or detected the report says so and plans for the host only (what a user on a CPU-only box expects),
//! rather than refusing. Exit 1 when the verdict is `does_not_fit`.

use std::ffi::OsString;
use std::io::Write;

use serde_json::json;

use crate::fit::runtimes::{self, Runtime};
use crate::fit::{
    self, DeviceKind, FitReport, FitRequest, FlashAttn, GpuLayers, Verdict, search, speed,
};
use crate::hardware;
use crate::model::{self, ModelSpec};
use crate::units::format_gib;

/// llama.cpp's single-dash multi-letter flags accepted by `fit` (and `plan`'s fit options).
pub const LLAMA_SHORT_FLAGS: [&str; 8] = ["ngl", "ub", "ctk", "ctv", "fa", "np", "nkvo", "ts"];

/// Rewrites `-ngl 20` → `--ngl 20` (and `-ngl=20`) for the flags in `LLAMA_SHORT_FLAGS`; everything else
/// passes through unchanged (including values after `--`).
pub fn normalize_llama_flags(argv: Vec<OsString>) -> Vec<OsString> {
    let mut done = false;
    argv.into_iter()
        .map(|a| {
            if done {
                return a;
            }
            let Some(s) = a.to_str() else { return a };
            if s == "--" {
                done = true;
                return a;
            }
            if let Some(rest) = s.strip_prefix('-').filter(|r| !r.starts_with('-')) {
                let name = rest.split('=').next().unwrap_or(rest);
                if LLAMA_SHORT_FLAGS.contains(&name) {
                    return OsString::from(format!("-{s}"));
                }
            }
            a
        })
        .collect()
}

#[derive(Debug, Clone, clap::Args)]
pub struct FitArgs {
    /// Model: a .gguf path, .safetensors file/index, a folder with config.json, ollama:NAME[:TAG], preset:ID[@QUANT],
    /// hf:OWNER/REPO[:QUANT] (headers only, by HTTP Range).
    #[arg(value_name = "MODEL")]
    pub model: String,
    /// Context size (0 = the model's training context).
    #[arg(short = 'c', long = "ctx-size", value_name = "N")]
    pub ctx_size: Option<u32>,
    /// Layers to offload: N, all, or auto (the most that fit).
    #[arg(
        long = "n-gpu-layers",
        alias = "ngl",
        value_name = "N|auto|all",
        default_value = "auto"
    )]
    pub n_gpu_layers: String,
    #[arg(
        short = 'b',
        long = "batch-size",
        value_name = "N",
        default_value_t = 2048
    )]
    pub batch_size: u32,
    #[arg(
        long = "ubatch-size",
        alias = "ub",
        value_name = "N",
        default_value_t = 512
    )]
    pub ubatch_size: u32,
    #[arg(
        long = "cache-type-k",
        alias = "ctk",
        value_name = "T",
        default_value = "f16"
    )]
    pub cache_type_k: String,
    #[arg(
        long = "cache-type-v",
        alias = "ctv",
        value_name = "T",
        default_value = "f16"
    )]
    pub cache_type_v: String,
    #[arg(
        long = "flash-attn",
        alias = "fa",
        value_name = "on|off|auto",
        default_value = "auto"
    )]
    pub flash_attn: String,
    #[arg(long = "parallel", alias = "np", value_name = "N", default_value_t = 1)]
    pub parallel: u32,
    #[arg(long = "kv-unified")]
    pub kv_unified: bool,
    #[arg(long = "swa-full")]
    pub swa_full: bool,
    /// Keep all MoE expert weights in system RAM.
    #[arg(long = "cpu-moe")]
    pub cpu_moe: bool,
    /// Keep the expert weights of the first N layers in system RAM.
    #[arg(long = "n-cpu-moe", value_name = "N", default_value_t = 0)]
    pub n_cpu_moe: u32,
    #[arg(long = "no-kv-offload", alias = "nkvo")]
    pub no_kv_offload: bool,
    #[arg(long = "no-mmap")]
    pub no_mmap: bool,
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
    /// Fraction of layers per GPU, e.g. 3,1.
    #[arg(
        long = "tensor-split",
        alias = "ts",
        value_name = "A,B,..",
        value_delimiter = ','
    )]
    pub tensor_split: Vec<f64>,
    #[arg(long, value_name = "cuda|rocm|vulkan|metal|cpu")]
    pub backend: Option<String>,
    /// GPUs from the built-in catalog, e.g. "RTX 4090".
    #[arg(long, value_name = "NAME[,NAME..]", value_delimiter = ',')]
    pub gpu: Vec<String>,
    /// GPU memory per GPU, e.g. 24GiB,12GiB.
    #[arg(long, value_name = "SIZE[,SIZE..]", value_delimiter = ',')]
    pub vram: Vec<String>,
    /// Memory kept free per GPU (llama.cpp --fit keeps 1 GiB).
    #[arg(long, value_name = "SIZE", default_value = "1GiB")]
    pub margin: String,
    /// Per-GPU memory outside llama.cpp's buffers (driver context, workspaces); default per backend.
    #[arg(long, value_name = "SIZE")]
    pub overhead: Option<String>,
    /// Host memory bandwidth in GB/s for the speed model.
    #[arg(long = "ram-bandwidth", value_name = "GBPS")]
    pub ram_bandwidth: Option<f64>,
    #[arg(
        long,
        value_name = "llama.cpp|ollama|lmstudio|vllm|transformers",
        default_value = "llama.cpp"
    )]
    pub runtime: String,
    #[arg(long)]
    pub json: bool,
}

/// The question the flags ask, on this machine (`hw` = detected hardware, if probed).
pub fn scenario_from_args(
    args: &FitArgs,
    hw: Option<&hardware::Hardware>,
) -> Result<(crate::scenario::Scenario, Runtime), String> {
    let runtime = Runtime::parse(&args.runtime).ok_or_else(|| {
        format!(
            "--runtime {}: expected llama.cpp, ollama, lmstudio, vllm or transformers",
            args.runtime
        )
    })?;
    let machine = super::scenario::machine(&args.gpu, &args.vram, None, None, hw)?;
    let (settings, bw) = super::scenario::settings(&super::scenario::SettingFlags {
        ctx_size: args.ctx_size,
        n_gpu_layers: Some(&args.n_gpu_layers),
        batch_size: Some(args.batch_size),
        ubatch_size: Some(args.ubatch_size),
        cache_type_k: Some(&args.cache_type_k),
        cache_type_v: Some(&args.cache_type_v),
        flash_attn: Some(&args.flash_attn),
        parallel: Some(args.parallel),
        kv_unified: args.kv_unified,
        swa_full: args.swa_full,
        cpu_moe: args.cpu_moe,
        n_cpu_moe: Some(args.n_cpu_moe),
        no_kv_offload: args.no_kv_offload,
        no_mmap: args.no_mmap,
        no_repack: args.no_repack,
        output_layer_last: args.output_layer_last,
        f32_fa_mask: args.f32_fa_mask,
        tensor_split: &args.tensor_split,
        backend: args.backend.as_deref(),
        margin: Some(&args.margin),
        overhead: args.overhead.as_deref(),
        ram_bandwidth: args.ram_bandwidth,
    })?;
    let mut sc = super::scenario::scenario(machine, settings, bw);
    sc.model = Some(args.model.clone());
    sc.runtime = runtime;
    Ok((sc, runtime))
}

/// Builds the engine request from the flags and the machine, through the one `Scenario::fit_request`.
pub fn request_from_args(
    args: &FitArgs,
    hw: Option<&hardware::Hardware>,
) -> Result<(FitRequest, Runtime), String> {
    let (sc, runtime) = scenario_from_args(args, hw)?;
    Ok((sc.fit_request(), runtime))
}

/// The llama.cpp-family request for `runtime` (Ollama and LM Studio adjust context, layers and caches).
pub fn runtime_request(
    spec: &ModelSpec,
    req: &FitRequest,
    runtime: Runtime,
    args: &FitArgs,
) -> FitRequest {
    match runtime {
        Runtime::Ollama => runtimes::ollama_request(
            spec,
            req,
            &runtimes::OllamaSettings {
                num_ctx: args.ctx_size.filter(|c| *c > 0),
                num_parallel: Some(args.parallel.max(1)),
                num_gpu: match req.n_gpu_layers {
                    GpuLayers::Count(n) => Some(n),
                    _ => None,
                },
                flash_attention: match req.flash_attn {
                    FlashAttn::On => Some(true),
                    FlashAttn::Off => Some(false),
                    FlashAttn::Auto => None,
                },
                kv_cache_type: (req.cache_type_k != "f16").then(|| req.cache_type_k.clone()),
            },
        ),
        Runtime::LmStudio => {
            let mut r =
                runtimes::lmstudio_request(spec, req, None, args.ctx_size.filter(|c| *c > 0));
            r.n_gpu_layers = req.n_gpu_layers;
            r
        }
        _ => req.clone(),
    }
}

pub fn run(args: &FitArgs, out: &mut dyn Write) -> Result<u8, String> {
    // Notes from reading the model (a hub model read from the cache while offline) lead the warnings.
    let (spec, mut notes) = model::load_noted(&args.model).map_err(|e| e.to_string())?;
    let hw = hardware::probe::detect();
    let (req, runtime) = request_from_args(args, Some(&hw))?;
    let asked_cpu = args
        .backend
        .as_deref()
        .is_some_and(|b| b.eq_ignore_ascii_case("cpu"));
    if req.gpus.is_empty() && !asked_cpu {
        notes.push(match &hw.gpu_problem {
            Some(p) => format!("No GPU given and none detected ({p}); planning for the CPU only. Use --gpu NAME or --vram SIZE to plan for a GPU."),
            None => "No GPU given and none detected; planning for the CPU only. Use --gpu NAME or --vram SIZE to plan for a GPU.".into(),
        });
    }
    write_report(&spec, &req, runtime, args, &notes, out)
}

/// Everything after loading and detection (tests call this with a fixed request).
pub fn write_report(
    spec: &ModelSpec,
    req: &FitRequest,
    runtime: Runtime,
    args: &FitArgs,
    notes: &[String],
    out: &mut dyn Write,
) -> Result<u8, String> {
    let req = runtime_request(spec, req, runtime, args);
    let report = fit::estimate(spec, &req).map_err(|e| e.to_string())?;
    let mut warnings: Vec<String> = spec.incomplete_note().into_iter().collect();
    warnings.extend(notes.iter().cloned());
    // The CLI's own note about missing GPUs (with the probe's reason) replaces the engine's generic one.
    warnings.extend(
        report
            .warnings
            .iter()
            .filter(|w| notes.is_empty() || !w.starts_with("no GPU given"))
            .cloned(),
    );
    if matches!(runtime, Runtime::Vllm | Runtime::Transformers) {
        warnings.push(runtimes::summary(spec, &req, runtime));
    }
    let max_ngl = search::max_gpu_layers(spec, &req);
    let max_ctx = search::max_ctx_size(spec, &req);
    let est = speed::estimate(spec, &req, &report, speed::quoted_position(&report));
    let (tg, pp) = (est.generation_tps, est.prompt_tps);
    // What everything-on-the-GPU would give, for the spill message.
    let full_gpu_tps =
        fit::estimate_with_layers(spec, &req, spec.hparams.n_layer.saturating_add(1))
            .ok()
            .map(|full| {
                speed::tokens_per_second(spec, &req, &full, speed::quoted_position(&full)).0
            });
    let code = u8::from(report.verdict == Verdict::DoesNotFit);
    if args.json {
        let doc = json_doc(
            spec,
            &req,
            runtime,
            &report,
            max_ngl,
            max_ctx,
            (tg, pp, est.context_tokens),
            &warnings,
        );
        serde_json::to_writer_pretty(&mut *out, &doc).map_err(|e| e.to_string())?;
        writeln!(out).map_err(|e| e.to_string())?;
    } else {
        write_text(
            spec,
            &req,
            &report,
            max_ngl,
            max_ctx,
            (tg, pp, est.context_tokens),
            full_gpu_tps,
            &warnings,
            out,
        )
        .map_err(|e| e.to_string())?;
    }
    Ok(code)
}

#[allow(clippy::too_many_arguments)]
fn json_doc(
    spec: &ModelSpec,
    req: &FitRequest,
    runtime: Runtime,
    r: &FitReport,
    max_ngl: Option<u32>,
    max_ctx: Option<u32>,
    tps: (f64, f64, u32),
    warnings: &[String],
) -> serde_json::Value {
    let devices: Vec<_> = r
        .devices
        .iter()
        .map(|d| {
            json!({
                "name": d.name,
                "kind": match d.kind { DeviceKind::Gpu => "gpu", DeviceKind::Host => "host" },
                "capacity_bytes": d.capacity_bytes,
                "weights_bytes": d.weights_bytes,
                "kv_bytes": d.kv_bytes,
                "recurrent_bytes": d.recurrent_bytes,
                "compute_bytes": d.compute_bytes,
                "output_bytes": d.output_bytes,
                "overhead_bytes": d.overhead_bytes,
                "total_bytes": d.total_bytes,
                "layers": d.layers,
                "repack_bytes": d.repack_bytes,
                "read_once_bytes": d.read_once_bytes,
                "model_name": req.gpus.get(r.devices.iter().position(|x| x == d).unwrap_or(usize::MAX)).map(|g| g.name.clone()),
            })
        })
        .collect();
    let round1 = |x: f64| (x * 10.0).round() / 10.0;
    json!({
        "model": {
            "name": spec.name,
            "architecture": spec.architecture,
            "file_type": spec.file_type,
            "file_bytes": spec.file_bytes,
        },
        "settings": {
            "ctx_size": r.settings.n_ctx,
            "batch_size": r.settings.n_batch,
            "ubatch_size": r.settings.n_ubatch,
            "n_gpu_layers": r.settings.n_gpu_layers,
            "flash_attn": r.settings.flash_attn,
            "cache_type_k": req.cache_type_k,
            "cache_type_v": req.cache_type_v,
            "parallel": r.settings.n_seq,
            "backend": req.backend.as_str(),
            "runtime": runtime.engine_name(),
        },
        "devices": devices,
        "layers_offloaded": r.layers_offloaded,
        "layers_total": r.layers_total,
        "verdict": r.verdict.as_str(),
        "margin_bytes": r.margin_bytes,
        "max_gpu_layers": max_ngl,
        "max_ctx_size": max_ctx,
        "tokens_per_second": {
            "generation": round1(tps.0),
            "prompt": round1(tps.1),
            "context_tokens": tps.2,
        },
        "warnings": warnings,
    })
}

#[allow(clippy::too_many_arguments)]
fn write_text(
    spec: &ModelSpec,
    req: &FitRequest,
    r: &FitReport,
    max_ngl: Option<u32>,
    max_ctx: Option<u32>,
    tps: (f64, f64, u32),
    full_gpu_tps: Option<f64>,
    warnings: &[String],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let s = &r.settings;
    writeln!(
        out,
        "{} ({}, {}) — context {}, batch {}/{}, {} sequence(s), flash attention {}, cache K {} / V {}",
        if spec.name.is_empty() {
            "model"
        } else {
            &spec.name
        },
        spec.architecture,
        spec.file_type.as_deref().unwrap_or("?"),
        s.n_ctx,
        s.n_batch,
        s.n_ubatch,
        s.n_seq,
        if s.flash_attn { "on" } else { "off" },
        req.cache_type_k,
        req.cache_type_v
    )?;
    writeln!(
        out,
        "offloaded {}/{} layers to the GPU ({} backend)",
        r.layers_offloaded,
        r.layers_total,
        req.backend.as_str()
    )?;
    for (i, d) in r.devices.iter().enumerate() {
        let label = match d.kind {
            DeviceKind::Gpu => format!(
                "{} ({})",
                d.name,
                req.gpus.get(i).map_or("", |g| g.name.as_str())
            ),
            DeviceKind::Host => "Host (system RAM)".into(),
        };
        writeln!(out, "{label}: {} total", format_gib(d.total_bytes))?;
        if d.read_once_bytes > 0 {
            writeln!(
                out,
                "  needs {}: {} of it is the file mapped and read once to repack (page cache, not held)",
                format_gib(d.needed_bytes()),
                format_gib(d.read_once_bytes)
            )?;
        }
        writeln!(
            out,
            "  weights {} · KV {} · recurrent {} · compute {} · output {} · overhead {}{}",
            format_gib(d.weights_bytes),
            format_gib(d.kv_bytes),
            format_gib(d.recurrent_bytes),
            format_gib(d.compute_bytes),
            format_gib(d.output_bytes),
            format_gib(d.overhead_bytes),
            if d.capacity_bytes > 0 {
                format!(" — capacity {}", format_gib(d.capacity_bytes))
            } else {
                String::new()
            }
        )?;
    }
    let verdict = fit::verdict_sentence(r, tps.0, full_gpu_tps);
    match spec.incomplete_note() {
        Some(note) => writeln!(out, "verdict: {verdict} — but {note}")?,
        None => writeln!(out, "verdict: {verdict}")?,
    }
    match max_ngl {
        Some(n) => writeln!(out, "largest -ngl that fits: {n}")?,
        None => writeln!(out, "largest -ngl that fits: none")?,
    }
    match max_ctx {
        Some(c) => writeln!(out, "largest context that fits: {c}")?,
        None => writeln!(out, "largest context that fits: none (not even 256 tokens)")?,
    }
    writeln!(
        out,
        "expected speed: ~{:.1} tok/s generation, ~{:.0} tok/s prompt, at {} tokens of context",
        tps.0, tps.1, tps.2
    )?;
    for w in warnings {
        writeln!(out, "warning: {w}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct Wrap {
        #[command(flatten)]
        args: FitArgs,
    }

    fn parse(line: &str) -> Result<FitArgs, clap::Error> {
        let argv: Vec<OsString> = std::iter::once("fit")
            .chain(line.split_whitespace())
            .map(OsString::from)
            .collect();
        Wrap::try_parse_from(normalize_llama_flags(argv)).map(|w| w.args)
    }

    #[test]
    fn llama_cpp_spellings_parse() {
        let a =
            parse("m.gguf -ngl 20 -c 8192 -ctk q8_0 -ctv q8_0 -ub 256 -fa on -np 2 -nkvo -ts 3,1")
                .unwrap();
        assert_eq!(a.n_gpu_layers, "20");
        assert_eq!(a.ctx_size, Some(8192));
        assert_eq!(a.cache_type_k, "q8_0");
        assert_eq!(a.ubatch_size, 256);
        assert_eq!(a.flash_attn, "on");
        assert_eq!(a.parallel, 2);
        assert!(a.no_kv_offload);
        assert_eq!(a.tensor_split, vec![3.0, 1.0]);
        let b = parse("m.gguf --ctx-size 4096 --cache-type-k f16 -ngl=7").unwrap();
        assert_eq!(b.n_gpu_layers, "7");
        assert!(parse("m.gguf -ngl").is_err());
    }

    #[test]
    fn request_from_flags() {
        let a = parse("m.gguf --gpu RTX-4090 -ngl 10 --margin 512MiB").unwrap();
        let (r, rt) = request_from_args(&a, None).unwrap();
        assert_eq!(rt, Runtime::LlamaServer);
        assert_eq!(r.gpus.len(), 1);
        assert_eq!(r.gpus[0].capacity_bytes, 24 << 30);
        assert_eq!(r.backend, fit::Backend::Cuda);
        assert_eq!(r.n_gpu_layers, GpuLayers::Count(10));
        assert_eq!(r.margin_bytes, 512 << 20);
        let bad = parse("m.gguf --gpu Voodoo").unwrap();
        assert!(
            request_from_args(&bad, None)
                .unwrap_err()
                .contains("Voodoo")
        );
        let bad = parse("m.gguf -ctk q3_k").unwrap();
        assert!(request_from_args(&bad, None).is_err());
        let none = parse("m.gguf").unwrap();
        let (r, _) = request_from_args(&none, None).unwrap();
        assert!(r.gpus.is_empty());
        assert_eq!(r.backend, fit::Backend::Cpu);
    }
}
