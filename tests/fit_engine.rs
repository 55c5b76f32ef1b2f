//! Behaviour of the fit engine beyond the truth tables: -ngl semantics, MoE offload, tied heads, verdicts,
//! refusals, searches, runtimes, speed calibration (research/speed_vectors.tsv) and the CLI.

use std::path::Path;

use vram_doctor::cli::fit::{FitArgs, normalize_llama_flags, write_report};
use vram_doctor::fit::runtimes::{self, Runtime};
use vram_doctor::fit::{
    self, Backend, FitError, FitRequest, FlashAttn, GpuDevice, GpuLayers, Platform, Verdict,
    search, speed,
};
use vram_doctor::model::{self, ModelSpec};

const GIB: u64 = 1 << 30;
const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fit");

fn header(name: &str) -> ModelSpec {
    model::load_gguf(&Path::new(DIR).join("headers").join(name)).expect("header")
}

fn gpu(gib: u64) -> GpuDevice {
    GpuDevice {
        name: "test".into(),
        capacity_bytes: gib * GIB,
        bandwidth_gbps: Some(500.0),
    }
}

fn req(gpus: Vec<GpuDevice>, ngl: GpuLayers) -> FitRequest {
    FitRequest {
        ctx_size: 4096,
        gpus,
        n_gpu_layers: ngl,
        margin_bytes: 0,
        overhead_bytes: Some(0),
        ..Default::default()
    }
}

#[test]
fn output_layer_is_offloaded_first_and_embedding_stays_on_host() {
    let spec = header("syn-llama-q8_0.header.gguf");
    let out = spec.tensor("output.weight").unwrap().bytes;
    let embd = spec.tensor("token_embd.weight").unwrap().bytes;
    let r = fit::estimate(&spec, &req(vec![gpu(8)], GpuLayers::Count(1))).unwrap();
    assert_eq!(r.layers_offloaded, 1);
    assert_eq!(r.devices[0].layers, 0);
    // Output layer = output.weight + output_norm.
    assert!(r.devices[0].weights_bytes >= out && r.devices[0].weights_bytes < out + 16 * 1024);
    assert_eq!(r.devices[0].kv_bytes, 0);
    let all = fit::estimate(&spec, &req(vec![gpu(8)], GpuLayers::All)).unwrap();
    assert_eq!(all.host().unwrap().weights_bytes, embd);
    assert_eq!(all.devices[0].layers, spec.hparams.n_layer);
    assert_eq!(all.verdict, Verdict::Fits);
    let part = fit::estimate(&spec, &req(vec![gpu(8)], GpuLayers::Count(5))).unwrap();
    assert_eq!(part.verdict, Verdict::Spills);
    assert_eq!(part.devices[0].layers, 4);
    // Host KV holds the CPU layers' cache; -nkvo moves all of it to the host.
    assert!(part.host().unwrap().kv_bytes > 0);
    let mut nkvo = req(vec![gpu(8)], GpuLayers::All);
    nkvo.no_kv_offload = true;
    let r = fit::estimate(&spec, &nkvo).unwrap();
    assert_eq!(r.devices[0].kv_bytes, 0);
    assert_eq!(r.host().unwrap().kv_bytes, all.devices[0].kv_bytes);
}

#[test]
fn tied_embedding_is_duplicated_on_the_gpu() {
    let spec = header("syn-gemma3-q8_0.header.gguf");
    assert!(spec.tensor("output.weight").is_none());
    let embd = spec.tensor("token_embd.weight").unwrap().bytes;
    let total: u64 = spec.tensors.iter().map(|t| t.bytes).sum();
    let r = fit::estimate(&spec, &req(vec![gpu(8)], GpuLayers::All)).unwrap();
    assert_eq!(
        r.devices[0].weights_bytes + r.host().unwrap().weights_bytes,
        total + embd
    );
}

#[test]
fn cpu_moe_keeps_experts_on_host() {
    let spec = header("syn-qwen3moe-q8_0.header.gguf");
    let experts: u64 = spec
        .tensors
        .iter()
        .filter(|t| t.is_expert())
        .map(|t| t.bytes)
        .sum();
    let base = fit::estimate(&spec, &req(vec![gpu(8)], GpuLayers::All)).unwrap();
    let mut r = req(vec![gpu(8)], GpuLayers::All);
    r.cpu_moe = true;
    let moe = fit::estimate(&spec, &r).unwrap();
    assert_eq!(
        base.devices[0].weights_bytes - moe.devices[0].weights_bytes,
        experts
    );
    assert_eq!(moe.verdict, Verdict::Spills);
    r.cpu_moe = false;
    r.n_cpu_moe = 2;
    let some = fit::estimate(&spec, &r).unwrap();
    assert!(some.devices[0].weights_bytes > moe.devices[0].weights_bytes);
    assert!(some.devices[0].weights_bytes < base.devices[0].weights_bytes);
}

#[test]
fn refusals_like_llama_cpp() {
    let spec = header("syn-llama-f16.header.gguf");
    let mut r = req(vec![], GpuLayers::Auto);
    r.backend = Backend::Cpu;
    r.cache_type_v = "q4_0".into();
    r.flash_attn = FlashAttn::Off;
    assert!(matches!(
        fit::estimate(&spec, &r),
        Err(FitError::QuantizedVNeedsFlashAttn(_))
    ));
    let empty = ModelSpec::default();
    assert_eq!(
        fit::estimate(&empty, &FitRequest::default()),
        Err(FitError::NoLayers)
    );
    let mut ts = req(vec![gpu(8), gpu(8)], GpuLayers::All);
    ts.tensor_split = vec![1.0];
    assert!(fit::estimate(&spec, &ts).is_err());
}

#[test]
fn verdicts_and_warnings() {
    let spec = header("syn-llama-f16.header.gguf");
    // ~300 MiB of weights + 73 MiB compute on a 256 MiB GPU with -ngl all: does not fit.
    let mut r = req(
        vec![GpuDevice {
            capacity_bytes: 256 << 20,
            ..gpu(0)
        }],
        GpuLayers::All,
    );
    assert_eq!(
        fit::estimate(&spec, &r).unwrap().verdict,
        Verdict::DoesNotFit
    );
    r.n_gpu_layers = GpuLayers::Auto;
    let auto = fit::estimate(&spec, &r).unwrap();
    assert!(auto.verdict == Verdict::Spills);
    assert!(auto.settings.n_gpu_layers < spec.hparams.n_layer + 1);
    // Within the margin → tight; Windows near-full warning.
    let full = fit::estimate(&spec, &req(vec![gpu(8)], GpuLayers::All)).unwrap();
    let need = full.devices[0].total_bytes;
    let mut tight = req(
        vec![GpuDevice {
            capacity_bytes: need + (need / 50),
            ..gpu(0)
        }],
        GpuLayers::All,
    );
    tight.margin_bytes = GIB;
    tight.platform = Platform::Windows;
    let t = fit::estimate(&spec, &tight).unwrap();
    assert_eq!(t.verdict, Verdict::Tight);
    assert!(t.warnings.iter().any(|w| w.contains("Windows")));
}

#[test]
fn searches_are_consistent() {
    let spec = header("syn-llama-f16.header.gguf");
    let mut r = req(
        vec![GpuDevice {
            capacity_bytes: 300 << 20,
            ..gpu(0)
        }],
        GpuLayers::Auto,
    );
    let n = search::max_gpu_layers(&spec, &r).unwrap();
    assert!(n > 0 && n <= spec.hparams.n_layer);
    let at = fit::estimate_with_layers(&spec, &r, n).unwrap();
    assert!(search::fits_with_margin(&at));
    let above = fit::estimate_with_layers(&spec, &r, n + 1).unwrap();
    assert!(!search::fits_with_margin(&above));
    // Minimum VRAM for full offload makes it fit exactly.
    let need = search::min_vram_full_offload(&spec, &r).unwrap();
    r.gpus = vec![GpuDevice {
        capacity_bytes: need,
        ..gpu(0)
    }];
    r.n_gpu_layers = GpuLayers::All;
    assert!(search::fits_with_margin(&fit::estimate(&spec, &r).unwrap()));
    // Max context: grows with VRAM, and the found value fits while +256 does not.
    r.gpus = vec![gpu(1)];
    let c = search::max_ctx_size(&spec, &r).unwrap();
    r.ctx_size = c;
    assert!(search::fits_with_margin(&fit::estimate(&spec, &r).unwrap()));
    if c < spec.hparams.n_ctx_train {
        r.ctx_size = c + 256;
        assert!(!search::fits_with_margin(
            &fit::estimate(&spec, &r).unwrap()
        ));
    }
}

#[test]
fn quant_table_orders_sizes_and_picks_the_largest_that_fits() {
    let spec = header("syn-llama-f16.header.gguf");
    let r = req(
        vec![GpuDevice {
            capacity_bytes: 200 << 20,
            ..gpu(0)
        }],
        GpuLayers::All,
    );
    let table = search::quant_table(&spec, &r);
    assert!(table.len() >= 8);
    assert!(
        table
            .windows(2)
            .all(|w| w[0].weights_bytes >= w[1].weights_bytes)
    );
    let best = search::best_quant(&spec, &r).unwrap();
    assert_ne!(best.ftype, "F16");
    assert!(
        table
            .iter()
            .take_while(|q| q.ftype != best.ftype)
            .all(|q| q.verdict != Verdict::Fits)
    );
}

#[test]
fn runtime_policies() {
    let spec = header("syn-llama-f16.header.gguf");
    let base = req(vec![gpu(16)], GpuLayers::Auto);
    let o = runtimes::ollama_request(
        &spec,
        &base,
        &runtimes::OllamaSettings {
            num_parallel: Some(2),
            ..Default::default()
        },
    );
    assert_eq!(o.ctx_size, 4096 * 2);
    assert_eq!(o.parallel, 2);
    assert_eq!(runtimes::ollama_default_ctx(24 * GIB), 32768);
    let l = runtimes::lmstudio_request(&spec, &base, Some(0.5), None);
    assert_eq!(l.n_gpu_layers, GpuLayers::Count(5));
    let v = runtimes::vllm_plan(&spec, 2 * GIB, &runtimes::VllmSettings::default());
    assert!(v.kv_budget_bytes > 0 && v.max_model_len > 0);
    let small = runtimes::vllm_plan(&spec, 256 << 20, &runtimes::VllmSettings::default());
    assert!(!small.fits);
    let t = runtimes::transformers_plan(&spec, runtimes::HfDtype::Bf16, &[64 << 20], 1024);
    assert!(!t.fits_on_gpus && t.cpu_bytes > 0);
}

/// Median relative error of generation tok/s over research/speed_vectors.tsv (rows with bandwidth and a
/// size; multi-GPU rows run layers in sequence, so each GPU reads its share at its own bandwidth).
#[test]
fn speed_calibration() {
    let text = std::fs::read_to_string(Path::new(DIR).join("speed_vectors.tsv")).unwrap();
    let mut errs = Vec::new();
    for line in text.lines().skip(1) {
        let c: Vec<&str> = line.split('\t').collect();
        let (Some(bw), Some(gib), Some(tg)) = (
            c.get(3).and_then(|v| v.parse::<f64>().ok()),
            c.get(6).and_then(|v| v.parse::<f64>().ok()),
            c.get(8).and_then(|v| v.parse::<f64>().ok()),
        ) else {
            continue;
        };
        let backend = if c[1].contains("Metal") {
            Backend::Metal
        } else {
            Backend::Cuda
        };
        let n: f64 = c[2].parse::<f64>().unwrap_or(1.0).max(1.0);
        let sm = speed::model_for(backend);
        let bytes = gib * GIB as f64 / n;
        let parts: Vec<_> = (0..n as usize).map(|_| (bytes, bw, sm.eta)).collect();
        // The fixed time is per offloaded layer (Llama-3-70B has 80, the other rows' models 32).
        let layers = if c[4].contains("70B") { 80.0 } else { 32.0 };
        let pred = speed::generation_from_parts(&parts, sm.t_layer_s * layers);
        errs.push((pred - tg).abs() / tg);
    }
    errs.sort_by(f64::total_cmp);
    let median = errs[errs.len() / 2];
    println!(
        "speed: {} rows, median error {:.1} %, max {:.1} %",
        errs.len(),
        median * 100.0,
        errs[errs.len() - 1] * 100.0
    );
    assert!(errs.len() >= 40);
    assert!(median < 0.15, "median {median}");
}

#[test]
fn speed_curve_shows_the_spill_cliff() {
    let spec = header("syn-llama-f16.header.gguf");
    let mut r = req(vec![gpu(8)], GpuLayers::Auto);
    r.ram_bandwidth_gbps = Some(50.0);
    let curve = speed::generation_curve(&spec, &r);
    assert_eq!(curve.len() as u32, spec.hparams.n_layer + 2);
    let (first, last) = (curve[0].1, curve[curve.len() - 1].1);
    assert!(last > 3.0 * first, "{first} → {last}");
    assert!(curve.windows(2).all(|w| w[1].1 >= w[0].1 * 0.99));
}

#[test]
fn cli_json_and_exit_codes() {
    let args = FitArgs {
        model: "x".into(),
        ctx_size: Some(4096),
        n_gpu_layers: "all".into(),
        batch_size: 2048,
        ubatch_size: 512,
        cache_type_k: "f16".into(),
        cache_type_v: "f16".into(),
        flash_attn: "auto".into(),
        parallel: 1,
        kv_unified: false,
        swa_full: false,
        cpu_moe: false,
        n_cpu_moe: 0,
        no_kv_offload: false,
        no_mmap: false,
        no_repack: false,
        output_layer_last: false,
        f32_fa_mask: false,
        tensor_split: vec![],
        backend: None,
        gpu: vec![],
        vram: vec!["8GiB".into()],
        margin: "1GiB".into(),
        overhead: None,
        ram_bandwidth: None,
        runtime: "llama.cpp".into(),
        json: true,
    };
    let spec = header("syn-llama-q4_k_m.header.gguf");
    let (r, rt) = vram_doctor::cli::fit::request_from_args(&args, None).unwrap();
    let mut out = Vec::new();
    assert_eq!(
        write_report(&spec, &r, rt, &args, &[], &mut out).unwrap(),
        0
    );
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["verdict"], "fits");
    assert_eq!(v["devices"].as_array().unwrap().len(), 2);
    assert_eq!(v["devices"][1]["kind"], "host");
    assert_eq!(v["settings"]["ctx_size"], 4096);
    assert_eq!(v["layers_total"], 9);
    for k in [
        "weights_bytes",
        "kv_bytes",
        "recurrent_bytes",
        "compute_bytes",
        "output_bytes",
        "overhead_bytes",
        "total_bytes",
        "layers",
        "capacity_bytes",
    ] {
        assert!(v["devices"][0][k].is_u64(), "{k}");
    }
    assert!(v["tokens_per_second"]["generation"].as_f64().unwrap() > 0.0);
    assert!(v["max_ctx_size"].is_u64() && v["max_gpu_layers"].is_u64());
    // A GPU far too small with -ngl all: does_not_fit → exit 1; text mode names the verdict.
    let tiny = FitArgs {
        vram: vec!["64MiB".into()],
        json: false,
        ..args.clone()
    };
    let (r, rt) = vram_doctor::cli::fit::request_from_args(&tiny, None).unwrap();
    let mut out = Vec::new();
    assert_eq!(
        write_report(&spec, &r, rt, &tiny, &[], &mut out).unwrap(),
        1
    );
    assert!(String::from_utf8(out).unwrap().contains("Does not fit"));
    // Runtime policies go through the same report.
    let ollama = FitArgs {
        runtime: "ollama".into(),
        ..args.clone()
    };
    let (r, rt) = vram_doctor::cli::fit::request_from_args(&ollama, None).unwrap();
    assert_eq!(rt, Runtime::Ollama);
    let mut out = Vec::new();
    write_report(&spec, &r, rt, &ollama, &[], &mut out).unwrap();
    // The whole command on a real GGUF header (hardware detection runs; the GPU comes from --vram).
    let path = Path::new(DIR).join("headers/syn-llama-q4_k_m.header.gguf");
    let mut out = Vec::new();
    let full = FitArgs {
        model: path.to_string_lossy().into_owned(),
        ..args.clone()
    };
    assert_eq!(vram_doctor::cli::fit::run(&full, &mut out).unwrap(), 0);
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["model"]["architecture"], "llama");
    // Missing model file → error (exit 2 at the caller), never a panic.
    assert!(
        vram_doctor::cli::fit::run(
            &FitArgs {
                model: "/nonexistent.gguf".into(),
                ..args
            },
            &mut Vec::new()
        )
        .is_err()
    );
    let argv = normalize_llama_flags(
        ["vram-doctor", "fit", "m", "-ngl", "3", "-c", "10"]
            .map(Into::into)
            .to_vec(),
    );
    assert_eq!(argv[3], "--ngl");
    assert_eq!(argv[5], "-c");
}

/// A CPU-only run repacks Q4_K/Q4_0/MXFP4 matmul weights into CPU_REPACK and still maps the whole file
/// (llama.cpp prints both buffers), but the originals of the repacked tensors are read once and stay page
/// cache: the RAM the run needs is the repacked copy plus what it reads in place, not both.
#[test]
fn cpu_only_repack_needs_the_copy_not_the_mapped_originals() {
    let spec = vram_doctor::model::catalog::load("qwen3-30b-a3b@Q4_K_M").unwrap();
    let req = |ram_gib: u64| FitRequest {
        ctx_size: 8192,
        backend: Backend::Cpu,
        host_ram_bytes: ram_gib << 30,
        ..Default::default()
    };
    let r = vram_doctor::fit::estimate(&spec, &req(22)).unwrap();
    let host = r.devices.last().unwrap();
    let file: u64 = spec.tensors.iter().map(|t| t.bytes).sum();
    // The buffers as llama.cpp prints them exceed 22 GiB (mapped file + repacked copy) ...
    assert!(host.repack_bytes > file / 2 && host.total_bytes > 22 << 30);
    // ... but the run fits a 22 GiB machine, and not a 16 GiB one.
    assert_ne!(
        r.verdict,
        vram_doctor::fit::Verdict::DoesNotFit,
        "{:?}",
        r.warnings
    );
    let small = vram_doctor::fit::estimate(&spec, &req(16)).unwrap();
    assert_eq!(small.verdict, vram_doctor::fit::Verdict::DoesNotFit);
    let w = small
        .warnings
        .iter()
        .find(|w| w.starts_with("system RAM"))
        .unwrap();
    let need_gib: f64 = w
        .split("needs ")
        .nth(1)
        .and_then(|s| s.split(" GiB").next())
        .and_then(|s| s.parse().ok())
        .unwrap();
    assert!(need_gib < file as f64 / (1u64 << 30) as f64 + 2.0, "{w}");
}
