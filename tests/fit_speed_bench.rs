//! The speed model against published llama.cpp measurements (tests/data/fit/bench_measurements.tsv, issue 15
//! §3). The file was split at random into a tuning half (T) and a held-apart half (H) before the model was
//! first changed; H was looked at once and then joined T for fitting. A third set (N) from new sources was
//! gathered and committed before the model was changed again, and later joined the fitting set when a fourth
//! round (O) from new sources was committed: `speed`'s constants come from T+H+N and O is the held-apart
//! figure, scored here per GPU family. Issue 15's targets: generation median ≤ 10 % with no
//! family biased beyond ±10 %, prompt median ≤ 20 % with no family beyond ±25 %. Where N does not reach them
//! the assertions pin what it does reach, so a regression fails (the gaps are stated next to each bound).
//!
//! Each row is predicted with the engine's own pieces (`speed::model_for`, `bandwidth_efficiency`,
//! `generation_from_parts`, `gpu_compute`, `prompt_from_compute`) and the catalog's bandwidth and throughput
//! for the named GPU: the published files themselves are not here, only their size, parameter count, layer
//! count and embedding.

use std::collections::BTreeMap;
use std::path::Path;

use vram_doctor::fit::{Backend, FitRequest, GpuDevice, GpuLayers, speed};
use vram_doctor::hardware::catalog;
use vram_doctor::model;

const GIB: f64 = (1u64 << 30) as f64;
const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fit");

#[derive(Debug)]
struct Row {
    gpu: String,
    backend: Backend,
    quant: String,
    size_gib: f64,
    params_b: f64,
    n_layer: f64,
    embd_params_b: f64,
    embd_gib: f64,
    generation: bool,
    tps: f64,
    current: u8,
    half: String,
    /// llama-bench's test name ("pp512", "tg128").
    test: String,
    /// `preset@QUANT` for MoE rows the app's own path prices (empty otherwise).
    preset: String,
    /// llama-bench's -ub when not its default 512.
    ubatch: Option<u32>,
}

fn backend(s: &str) -> Option<Backend> {
    Some(match s {
        "CUDA" => Backend::Cuda,
        "ROCm" => Backend::Rocm,
        "Vulkan" => Backend::Vulkan,
        "Metal" => Backend::Metal,
        _ => return None,
    })
}

/// Rows whose backend the app models (SYCL rows are recorded but skipped).
fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(Path::new(DIR).join("bench_measurements.tsv")).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let head: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
    let (preset, ubatch) = (col("preset"), col("ubatch"));
    let (gpu, be, quant, size, params, layers, embd_p, embd_g, test, tps, current, half) = (
        col("gpu"),
        col("backend"),
        col("quant"),
        col("size_gib"),
        col("params_b"),
        col("n_layer"),
        col("embd_params_b"),
        col("embd_gib"),
        col("test"),
        col("tps"),
        col("current"),
        col("half"),
    );
    // An excluded row may leave a figure blank (not printed by its source).
    let num = |c: &[&str], i: usize| {
        if c[i].is_empty() {
            f64::NAN
        } else {
            c[i].parse::<f64>().unwrap()
        }
    };
    lines
        .filter_map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            Some(Row {
                gpu: c[gpu].into(),
                backend: backend(c[be])?,
                quant: c[quant].into(),
                size_gib: num(&c, size),
                params_b: num(&c, params),
                n_layer: num(&c, layers),
                embd_params_b: num(&c, embd_p),
                embd_gib: num(&c, embd_g),
                generation: c[test].starts_with("tg"),
                tps: num(&c, tps),
                current: c[current].parse().unwrap(),
                half: c[half].into(),
                test: c[test].into(),
                preset: c[preset].into(),
                ubatch: c[ubatch].parse().ok(),
            })
        })
        .collect()
}

/// The model's prediction for one row (tok/s).
fn predict(r: &Row) -> f64 {
    let g = catalog::find(&r.gpu).unwrap_or_else(|e| panic!("{}: {e}", r.gpu));
    let sm = speed::model_for(r.backend);
    if r.generation {
        let bytes = (r.size_gib - r.embd_gib) * GIB;
        speed::generation_from_parts(
            &[(
                bytes,
                g.bandwidth_gbps,
                speed::bandwidth_efficiency(r.backend, &g.name),
            )],
            r.n_layer * sm.t_layer_s,
        )
    } else {
        let weights = speed::MatrixWeights::from_quant_name(&r.quant);
        let float = weights.is_float();
        let c = speed::gpu_compute(&g.name, g.bandwidth_gbps, r.backend);
        assert!(c.from_catalog, "{}", g.name);
        let peak = speed::prompt_peak(&c, r.backend, &g.name, float);
        let eff = speed::prompt_efficiency(r.backend, &g.name, weights);
        let flops = 2.0 * (r.params_b - r.embd_params_b) * 1e9;
        speed::prompt_from_compute(flops, peak, eff)
    }
}

fn family(gpu: &str) -> &'static str {
    let g = gpu.to_ascii_lowercase();
    if g.starts_with("apple") {
        "Apple M"
    } else if g.contains("strix") || g.contains("780m") {
        "AMD APU"
    } else if g.contains("instinct") {
        "AMD Instinct"
    } else if g.starts_with("amd") {
        "AMD Radeon"
    } else if g.starts_with("intel") {
        "Intel Arc"
    } else if g.contains("geforce rtx 50") {
        "NVIDIA GeForce RTX 50"
    } else if g.contains("geforce rtx 40") {
        "NVIDIA GeForce RTX 40"
    } else if g.contains("geforce rtx 30") {
        "NVIDIA GeForce RTX 30"
    } else if g.contains("geforce rtx 20") || g.contains("geforce gtx") {
        "NVIDIA GeForce RTX 20/GTX"
    } else {
        "NVIDIA pro/datacenter"
    }
}

struct Score {
    median_abs: f64,
    /// Family → (rows, median signed error).
    families: BTreeMap<&'static str, (usize, f64)>,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        return 0.0;
    }
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn score(label: &str, rows: &[&Row], generation: bool) -> Score {
    let mut errs = Vec::new();
    let mut fam: BTreeMap<&'static str, Vec<f64>> = BTreeMap::new();
    for r in rows.iter().filter(|r| r.generation == generation) {
        let e = predict(r) / r.tps - 1.0;
        if std::env::var_os("SPEED_ROWS").is_some() {
            // One row per line for offline analysis: what the model saw and what it said.
            let g = catalog::find(&r.gpu).unwrap();
            println!(
                "ROW\t{label}\t{}\t{}\t{:?}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:?}\t{:?}",
                r.half,
                r.gpu,
                r.backend,
                r.quant,
                r.generation,
                r.tps,
                predict(r),
                r.size_gib,
                r.embd_gib,
                r.params_b,
                r.embd_params_b,
                r.n_layer,
                g.bandwidth_gbps,
                family(&r.gpu),
                g.fp16_tflops,
                g.int8_tops
            );
        }
        errs.push(e.abs());
        fam.entry(family(&r.gpu)).or_default().push(e);
    }
    let kind = if generation { "generation" } else { "prompt" };
    let s = Score {
        median_abs: median(errs.clone()),
        families: fam
            .into_iter()
            .map(|(k, v)| (k, (v.len(), median(v))))
            .collect(),
    };
    println!(
        "{label} {kind}: {} rows, median |error| {:.1} %",
        errs.len(),
        s.median_abs * 100.0
    );
    for (f, (n, m)) in &s.families {
        println!("    {f:26} {n:2} rows, median error {:+.1} %", m * 100.0);
    }
    s
}

#[test]
fn measurements_file_is_sound() {
    let all = rows();
    assert!(all.len() >= 120, "{}", all.len());
    for r in all.iter().filter(|r| r.current != 2) {
        assert!(
            catalog::find(&r.gpu).is_ok(),
            "{} not in the catalog",
            r.gpu
        );
        assert!(r.tps > 0.0 && r.size_gib > r.embd_gib && r.params_b > r.embd_params_b);
        assert!(r.n_layer >= 16.0);
        assert_eq!(r.half.is_empty(), r.current != 1, "{r:?}");
    }
    // MoE rows: excluded from the dense harness, in the MoE halves M (fitting) or X (held apart).
    for r in all.iter().filter(|r| !r.preset.is_empty()) {
        assert!(
            r.current == 2 && matches!(r.half.as_str(), "M" | "X"),
            "{r:?}"
        );
    }
    let current: Vec<_> = all.iter().filter(|r| r.current == 1).collect();
    let count = |h: &str| current.iter().filter(|r| r.half == h).count();
    let halves = ["T", "H", "N", "O", "P", "Q", "R", "S"];
    let counts: Vec<usize> = halves.iter().map(|h| count(h)).collect();
    let least = [15, 15, 20, 30, 30, 10, 20, 20];
    assert!(
        counts.iter().zip(least).all(|(n, min)| *n >= min)
            && counts.iter().sum::<usize>() == current.len(),
        "{halves:?} {counts:?} of {}",
        current.len()
    );
    // Every thread behind the file was checked against the reserved list when it was collected.
    let text = std::fs::read_to_string(Path::new(DIR).join("bench_measurements.tsv")).unwrap();
    assert!(
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .skip(1)
            .all(|l| l.contains("https://"))
    );
}

#[test]
fn held_apart_half_per_family() {
    let all = rows();
    let half = |h: &str| -> Vec<&Row> {
        all.iter()
            .filter(|r| !r.half.is_empty() && h.contains(r.half.as_str()))
            .collect()
    };
    let legacy: Vec<&Row> = all.iter().filter(|r| r.current == 0).collect();
    let fitted = half("THNOQS");
    score("pre-mid-2024 builds (reference only)", &legacy, true);
    score("pre-mid-2024 builds (reference only)", &legacy, false);
    // O was the held-apart half until the fifth round came in: generation 7.4 %, prompt 11.3 % then, on the
    // constants fitted on T+H+N (23.1 % and 41.2 % with the constants before). Printed for the record.
    score("O (held apart until P)", &half("O"), true);
    score("O (held apart until P)", &half("O"), false);
    let held = half("P");
    let tg = score("P (held apart until R)", &held, true);
    let pp = score("P (held apart until R)", &held, false);
    // Q, a sixth round aimed at NVIDIA, AMD and Apple on 2025-07+ builds (10 dense rows kept: Strix Halo on
    // ROCm 7.2 and RADV at b9187, an RX 7900 XTX on RADV at b7361, the RTX PRO 6000 Blackwell at b6413),
    // scored before any change: generation 6.1 % (AMD APU -6 %, AMD Radeon -11 %, NVIDIA pro -4 %), prompt
    // 35.1 % (AMD APU -42 %, AMD Radeon -35 %, NVIDIA pro +7 %). Strix Halo at b9187 ran 1.5x the prompt rate
    // of O's January-2026 rows on the same card, size for size; three AMD rows were too few to refit on.
    // Round R (below) was gathered for that, and Q's two APU rows now help fit the APU share.
    score("Q (held apart until R)", &half("Q"), true);
    score("Q (held apart until R)", &half("Q"), false);
    score("S (tuning half of round R)", &half("S"), true);
    score("S (tuning half of round R)", &half("S"), false);
    let fit_tg = score("fitted on (T+H+N+O+Q+S)", &fitted, true);
    let fit_pp = score("fitted on (T+H+N+O+Q+S)", &fitted, false);
    // R, the held-apart half of a seventh round (2026-11-27) aimed at AMD on builds from December 2025 to
    // June 2026: Strix Halo on ROCm 7.2 and RADV (b7938-b9193) and the Radeon AI PRO R9700 on ROCm (b7423)
    // and RADV (b9554), dense models from 4B to 70B in Q3_K_S to BF16. Drawn with S before the constants were
    // changed: random.Random(2026112707), stratified by (card, backend, pp/tg), alternating from a random
    // side. Before the change, R+S scored generation 3.5 % and prompt 35.7 % (AMD APU -34 %, AMD Radeon
    // +26 %, the latter mostly R9700 rows on RADV that turned out to be two-GPU runs and are excluded).
    let seventh = half("R");
    let r_tg = score("HELD-APART (R)", &seventh, true);
    let r_pp = score("HELD-APART (R)", &seventh, false);

    // What the constants were fitted on: the medians within the targets, and every family's bias pinned
    // where it is (the gaps are older builds and cards the constants of current builds do not describe).
    assert!(
        fit_tg.median_abs <= 0.10,
        "fit generation {}",
        fit_tg.median_abs
    );
    assert!(
        fit_pp.median_abs <= 0.20,
        "fit prompt {}",
        fit_pp.median_abs
    );
    //  - generation, RTX 30 +19 %: the May-2025 Vulkan row on a 3090 (the constants describe 2026 builds,
    //    which run the same test 42 % faster); RTX 20/GTX and NVIDIA pro/datacenter: one RTX 2070 Max-Q
    //    laptop row and one 2024 Tesla P40 row, older cards reaching a smaller share of their bandwidth;
    let fit_reached = |kind: &str, family: &str| match (kind, family) {
        ("generation", "NVIDIA GeForce RTX 30") => 0.20,
        ("generation", "NVIDIA GeForce RTX 20/GTX") => 0.50,
        ("generation", "NVIDIA pro/datacenter") => 0.43,
        ("generation", _) => 0.10,
        _ => 0.25,
    };
    for (kind, s) in [("generation", &fit_tg), ("prompt", &fit_pp)] {
        for (f, (_, m)) in &s.families {
            assert!(
                m.abs() <= fit_reached(kind, f),
                "fit {kind} bias {f}: {m:+.3}"
            );
        }
    }

    // Held apart (R); held apart until R (P, a fifth round aimed at Intel Arc: the Arc Pro B70 on 2026 builds,
    // Arc 140V, A770; before its change: generation 8.7 %, prompt 76.5 %, Xe2's KHR_coopmat path priced as
    // Alchemist's idle XMX).
    meets_the_targets("R", &r_tg, &r_pp);
    meets_the_targets("P", &tg, &pp);
}

/// Issue 15 §3's targets on a held-apart half: medians ≤ 10 % (generation) and ≤ 20 % (prompt), every GPU
/// family's median error within ±10 % and ±25 %.
fn meets_the_targets(half: &str, tg: &Score, pp: &Score) {
    assert!(
        tg.median_abs <= 0.10,
        "{half} generation median {}",
        tg.median_abs
    );
    assert!(
        pp.median_abs <= 0.20,
        "{half} prompt median {}",
        pp.median_abs
    );
    for (kind, score, bound) in [("generation", tg, 0.10), ("prompt", pp, 0.25)] {
        for (f, (_, m)) in &score.families {
            assert!(m.abs() <= bound, "{half} {kind} bias {f}: {m:+.3}");
        }
    }
}

/// MoE rows priced the way the app prices them: the built-in preset at that quant, fitted at full offload on
/// the catalog card, and `speed::estimate` at llama-bench's positions (a pp test processes its tokens from
/// position 0 in ubatches of 512, a tg test generates from position 0). None of these rows was used to fit a
/// constant; they are the MoE speed check (active experts read per token, routed FLOPs per prompt token).
#[test]
fn moe_rows_through_the_app_path() {
    let all = rows();
    let moe: Vec<&Row> = all.iter().filter(|r| !r.preset.is_empty()).collect();
    assert!(moe.len() >= 40, "{}", moe.len());
    // (half, generation) → signed errors.
    let mut errs: BTreeMap<(String, bool), Vec<f64>> = BTreeMap::new();
    for r in &moe {
        let spec = model::catalog::load(&r.preset).unwrap();
        let card = catalog::find(&r.gpu).unwrap();
        let tokens: u32 = r.test[2..].parse().unwrap();
        let req = FitRequest {
            ctx_size: tokens.max(256),
            ubatch_size: r.ubatch.unwrap_or(512),
            batch_size: r.ubatch.unwrap_or(2048).max(2048),
            gpus: vec![card.to_device()],
            n_gpu_layers: GpuLayers::All,
            backend: r.backend,
            ..Default::default()
        };
        let report = vram_doctor::fit::estimate(&spec, &req).unwrap();
        let ub = report.settings.n_ubatch.min(tokens);
        let position = if r.generation {
            tokens / 2
        } else {
            (tokens - ub) / 2
        };
        let e = speed::estimate(&spec, &req, &report, position);
        let predicted = if r.generation {
            e.generation_tps
        } else {
            e.prompt_tps
        };
        let err = predicted / r.tps - 1.0;
        println!(
            "MoE {} {:44} {:7} {:24} {:7} measured {:8.1} predicted {:8.1} {:+.1} %",
            r.half,
            r.gpu,
            format!("{:?}", r.backend),
            r.preset,
            r.test,
            r.tps,
            predicted,
            err * 100.0
        );
        errs.entry((r.half.clone(), r.generation))
            .or_default()
            .push(err);
    }
    let mut medians = BTreeMap::new();
    for ((half, generation), v) in &errs {
        let m = median(v.iter().map(|e| e.abs()).collect());
        println!(
            "MoE {half} {}: {} rows, median |error| {:.1} %, median error {:+.1} %",
            if *generation { "generation" } else { "prompt" },
            v.len(),
            m * 100.0,
            median(v.clone()) * 100.0
        );
        medians.insert((half.as_str(), *generation), m);
    }
    // Before the routed experts' prompt rate (`speed::expert_prompt_efficiency`) the app priced MoE prompt
    // processing as dense: M +117 %, X +124 % (median error). With it: M 15.7 % |error|, X (held apart)
    // 33.5 % — closer, not yet the dense target of 20 %: the ramp is one line per backend fitted on 15 rows
    // (ROCm's and Vulkan's rise more gently than linear; a GB10 at -ub 2048 stays +120 %). Generation: M
    // 14.5 %, X 12.1 %. These bounds hold the gains.
    assert!(medians[&("M", false)] <= 0.20, "{medians:?}");
    assert!(medians[&("X", false)] <= 0.40, "{medians:?}");
    assert!(medians[&("M", true)] <= 0.20, "{medians:?}");
    assert!(medians[&("X", true)] <= 0.15, "{medians:?}");
}

fn gpu(name: &str, gib: u64, bw: f64) -> GpuDevice {
    GpuDevice {
        name: name.into(),
        capacity_bytes: gib << 30,
        bandwidth_gbps: Some(bw),
    }
}

#[test]
fn estimate_says_which_context_it_is_for() {
    let spec =
        model::load_gguf(&Path::new(DIR).join("headers/syn-llama-q4_k_m.header.gguf")).unwrap();
    let req = FitRequest {
        ctx_size: 8192,
        gpus: vec![gpu("NVIDIA GeForce RTX 4090", 24, 1008.0)],
        n_gpu_layers: GpuLayers::All,
        ..Default::default()
    };
    let report = vram_doctor::fit::estimate(&spec, &req).unwrap();
    let pos = speed::quoted_position(&report);
    assert_eq!(pos, report.settings.n_ctx / 2);
    let mid = speed::estimate(&spec, &req, &report, pos);
    let start = speed::estimate(&spec, &req, &report, 0);
    let past_end = speed::estimate(&spec, &req, &report, u32::MAX);
    assert_eq!(mid.context_tokens, pos);
    assert_eq!(start.context_tokens, 0);
    assert_eq!(past_end.context_tokens, report.settings.n_ctx);
    // Deeper into the context: more KV to read per token and more attention work per prompt token.
    assert!(
        start.generation_tps > mid.generation_tps && mid.generation_tps > past_end.generation_tps
    );
    assert!(start.prompt_tps > mid.prompt_tps);
    // The wrapper the planner uses returns the same figures.
    let (tg, pp) = speed::tokens_per_second(&spec, &req, &report, pos);
    assert_eq!((tg, pp), (mid.generation_tps, mid.prompt_tps));
}

#[test]
fn prompt_speed_follows_compute_not_bandwidth() {
    let spec =
        model::load_gguf(&Path::new(DIR).join("headers/syn-llama-q4_k_m.header.gguf")).unwrap();
    let run = |g: GpuDevice, backend: Backend| {
        let req = FitRequest {
            ctx_size: 4096,
            gpus: vec![g],
            n_gpu_layers: GpuLayers::All,
            backend,
            ..Default::default()
        };
        let rep = vram_doctor::fit::estimate(&spec, &req).unwrap();
        speed::estimate(&spec, &req, &rep, 0)
    };
    // A100 80GB SXM has twice the RTX 4090's bandwidth but less INT8 throughput: generation faster, prompt not.
    let a100 = run(gpu("NVIDIA A100 80GB SXM", 80, 2039.0), Backend::Cuda);
    let r4090 = run(gpu("NVIDIA GeForce RTX 4090", 24, 1008.0), Backend::Cuda);
    assert!(a100.generation_tps > r4090.generation_tps);
    assert!(a100.prompt_tps < r4090.prompt_tps);
    // M1 Max 24-core vs 32-core: same bandwidth, different GPU: same generation, slower prompt.
    let m24 = run(gpu("Apple M1 Max (24-core GPU)", 48, 400.0), Backend::Metal);
    let m32 = run(gpu("Apple M1 Max", 48, 400.0), Backend::Metal);
    assert!((m24.generation_tps - m32.generation_tps).abs() < 1e-9);
    assert!(m24.prompt_tps < 0.8 * m32.prompt_tps);
}

#[test]
fn ngl_zero_prompt_pays_for_the_weight_upload() {
    let spec =
        model::load_gguf(&Path::new(DIR).join("headers/syn-llama-q4_k_m.header.gguf")).unwrap();
    let run = |ngl: GpuLayers| {
        let req = FitRequest {
            ctx_size: 4096,
            gpus: vec![gpu("NVIDIA GeForce RTX 4090", 24, 1008.0)],
            n_gpu_layers: ngl,
            ram_bandwidth_gbps: Some(60.0),
            ..Default::default()
        };
        let rep = vram_doctor::fit::estimate(&spec, &req).unwrap();
        speed::estimate(&spec, &req, &rep, 0)
    };
    let none = run(GpuLayers::Count(0));
    let all = run(GpuLayers::All);
    // Large batches still run on the GPU (op offload) but upload the host weights once per ubatch.
    assert!(none.prompt_tps < all.prompt_tps && none.prompt_tps > 0.0);
    assert!(none.generation_tps < all.generation_tps, "{none:?} {all:?}");
}
