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
    self, Backend, DeviceKind, FitReport, FitRequest, FlashAttn, GpuDevice, GpuLayers, Platform,
    Verdict, search, speed,
};
use crate::hardware::{self, GpuVendor, OsKind, catalog};
use crate::model::{self, ModelSpec};
use crate::units::{format_gib, parse_size};

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
    /// Model: a .gguf path, .safetensors file/index, a folder with config.json, ollama:NAME[:TAG], preset:ID[@QUANT].
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

fn size(flag: &str, v: &str) -> Result<u64, String> {
    parse_size(v).map_err(|e| format!("{flag} {v}: {e}"))
}

/// Builds the engine request from the flags and the machine (`hw` = detected hardware, if probed).
pub fn request_from_args(
    args: &FitArgs,
    hw: Option<&hardware::Hardware>,
) -> Result<(FitRequest, Runtime), String> {
    let runtime = Runtime::parse(&args.runtime).ok_or_else(|| {
        format!(
            "--runtime {}: expected llama.cpp, ollama, lmstudio, vllm or transformers",
            args.runtime
        )
    })?;
    let mut req = FitRequest {
        ctx_size: args.ctx_size.unwrap_or(0),
        batch_size: args.batch_size,
        ubatch_size: args.ubatch_size,
        cache_type_k: args.cache_type_k.to_ascii_lowercase(),
        cache_type_v: args.cache_type_v.to_ascii_lowercase(),
        parallel: args.parallel.max(1),
        kv_unified: args.kv_unified,
        swa_full: args.swa_full,
        cpu_moe: args.cpu_moe,
        n_cpu_moe: args.n_cpu_moe,
        no_kv_offload: args.no_kv_offload,
        mmap: !args.no_mmap,
        repack: !args.no_repack,
        tensor_split: args.tensor_split.clone(),
        margin_bytes: size("--margin", &args.margin)?,
        overhead_bytes: args
            .overhead
            .as_deref()
            .map(|v| size("--overhead", v))
            .transpose()?,
        ram_bandwidth_gbps: args.ram_bandwidth,
        ..Default::default()
    };
    req.n_gpu_layers =
        match args.n_gpu_layers.trim().to_ascii_lowercase().as_str() {
            "auto" => GpuLayers::Auto,
            "all" | "-1" => GpuLayers::All,
            n => GpuLayers::Count(n.parse().map_err(|_| {
                format!("-ngl {}: expected a number, auto or all", args.n_gpu_layers)
            })?),
        };
    req.flash_attn = match args.flash_attn.to_ascii_lowercase().as_str() {
        "on" | "1" | "true" => FlashAttn::On,
        "off" | "0" | "false" => FlashAttn::Off,
        "auto" => FlashAttn::Auto,
        other => return Err(format!("-fa {other}: expected on, off or auto")),
    };
    fit::cache_type_check(&req.cache_type_k).map_err(|e| format!("-ctk: {e}"))?;
    fit::cache_type_check(&req.cache_type_v).map_err(|e| format!("-ctv: {e}"))?;

    let mut vendor_backend = None;
    if !args.gpu.is_empty() {
        for name in &args.gpu {
            let g = catalog::find(name).map_err(|e| format!("--gpu: {e}"))?;
            vendor_backend.get_or_insert(match g.vendor.as_str() {
                "Apple" => Backend::Metal,
                "AMD" => Backend::Rocm,
                "Intel" => Backend::Vulkan,
                _ => Backend::Cuda,
            });
            if g.unified {
                req.platform = Platform::AppleSilicon;
            }
            req.gpus.push(g.to_device());
        }
    } else if !args.vram.is_empty() {
        for (i, v) in args.vram.iter().enumerate() {
            req.gpus.push(GpuDevice {
                name: format!("GPU{i}"),
                capacity_bytes: size("--vram", v)?,
                bandwidth_gbps: None,
            });
        }
    } else if let Some(hw) = hw {
        for g in &hw.gpus {
            vendor_backend.get_or_insert(match g.vendor {
                GpuVendor::Amd => Backend::Rocm,
                GpuVendor::Apple => Backend::Metal,
                GpuVendor::Intel => Backend::Vulkan,
                _ => Backend::Cuda,
            });
            let bw = catalog::find(&g.name).ok().map(|c| c.bandwidth_gbps);
            req.gpus.push(GpuDevice {
                name: g.name.clone(),
                capacity_bytes: g.memory_free_bytes(),
                bandwidth_gbps: bw,
            });
        }
    }
    if let Some(hw) = hw {
        req.host_ram_bytes = hw.host.ram_total_bytes;
        match hw.os {
            OsKind::Windows => req.platform = Platform::Windows,
            OsKind::Macos
                if req.gpus.iter().any(|_| true) && args.gpu.is_empty() && args.vram.is_empty() =>
            {
                req.platform = Platform::AppleSilicon
            }
            _ => {}
        }
    }
    req.backend = match args
        .backend
        .as_deref()
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        None => vendor_backend.unwrap_or(if req.gpus.is_empty() {
            Backend::Cpu
        } else {
            Backend::Cuda
        }),
        Some("cuda") => Backend::Cuda,
        Some("rocm") | Some("hip") => Backend::Rocm,
        Some("vulkan") => Backend::Vulkan,
        Some("metal") => Backend::Metal,
        Some("cpu") => Backend::Cpu,
        Some(other) => {
            return Err(format!(
                "--backend {other}: expected cuda, rocm, vulkan, metal or cpu"
            ));
        }
    };
    Ok((req, runtime))
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
        Runtime::Lmstudio => {
            let mut r =
                runtimes::lmstudio_request(spec, req, None, args.ctx_size.filter(|c| *c > 0));
            r.n_gpu_layers = req.n_gpu_layers;
            r
        }
        _ => req.clone(),
    }
}

pub fn run(args: &FitArgs, out: &mut dyn Write) -> Result<u8, String> {
    let spec = model::load(&args.model).map_err(|e| e.to_string())?;
    let hw = hardware::probe::detect();
    let (req, runtime) = request_from_args(args, Some(&hw))?;
    let mut notes = Vec::new();
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
    let position = report.settings.n_ctx / 2;
    let (tg, pp) = speed::tokens_per_second(spec, &req, &report, position);
    // What everything-on-the-GPU would give, for the spill message.
    let full_gpu_tps =
        fit::estimate_with_layers(spec, &req, spec.hparams.n_layer.saturating_add(1))
            .ok()
            .map(|full| speed::tokens_per_second(spec, &req, &full, full.settings.n_ctx / 2).0);
    let code = u8::from(report.verdict == Verdict::DoesNotFit);
    if args.json {
        let doc = json_doc(
            spec,
            &req,
            runtime,
            &report,
            max_ngl,
            max_ctx,
            (tg, pp),
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
            (tg, pp),
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
    tps: (f64, f64),
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
            "runtime": runtime.as_str(),
        },
        "devices": devices,
        "layers_offloaded": r.layers_offloaded,
        "layers_total": r.layers_total,
        "verdict": r.verdict.as_str(),
        "margin_bytes": r.margin_bytes,
        "max_gpu_layers": max_ngl,
        "max_ctx_size": max_ctx,
        "tokens_per_second": { "generation": round1(tps.0), "prompt": round1(tps.1) },
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
    tps: (f64, f64),
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
        "expected speed: ~{:.1} tok/s generation, ~{:.0} tok/s prompt",
        tps.0, tps.1
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
        assert_eq!(rt, Runtime::LlamaCpp);
        assert_eq!(r.gpus.len(), 1);
        assert_eq!(r.gpus[0].capacity_bytes, 24 << 30);
        assert_eq!(r.backend, Backend::Cuda);
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
        assert_eq!(r.backend, Backend::Cpu);
    }
}
