//! Every architecture llama.cpp loads (tests/data/arch-sweep: the GGUF header of llama.cpp's own 2-layer
//! fixture per architecture, 32,000-token vocabulary, and the bytes llama.cpp allocated re-loading it on the
//! CPU backend at five settings; README.md there). For each (architecture, setting) the engine runs exactly
//! as `vram-doctor fit HEADER --backend cpu -c N -b 2048 -ub 512 -np N_SEQ -fa FA -ctk f16 -ctv f16` and is
//! compared with llama.cpp: weights, KV + recurrent state and the output buffer exact (≤ 0.5 % or ≤ 0.01 MiB),
//! the compute buffer within 5 %, `-fa auto` resolved the same way. An architecture is "within tolerance"
//! when every setting is. Prints a per-architecture table (`--nocapture`); fails when an architecture that
//! passed regresses, and asserts the achieved count.

use std::collections::BTreeMap;
use std::path::Path;

use vram_doctor::fit::{self, Backend, FitRequest, FlashAttn, GpuLayers};
use vram_doctor::model;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/arch-sweep");
const MIB: f64 = 1048576.0;

/// Architectures within tolerance on every setting (150 measured: the 136 the stock fixture builds and 14 more
/// with the keys their loaders require; 101 of 136 before the per-architecture rules).
const ACHIEVED: usize = 146;

/// Architectures still outside tolerance, each with the reason (they may pass later; nothing else may fail).
const KNOWN_MISSES: &[(&str, &str)] = &[
    (
        "deepseek4",
        "compute: FA off at 4096, the CSA/HCA compressor and hyper-connection layer graph (-21 %) is not modelled",
    ),
    (
        "dots3note",
        "compute: the DSA indexer graph over its DSA + SWA cache pair grows slower than deepseek32's",
    ),
    (
        "glm5-next",
        "compute: the pooled-key indexer graph is not modelled",
    ),
    (
        "qwen4exp",
        "compute: FA off at 4096 under-predicted 7 % (hyper-connection + PLE graph)",
    ),
];

struct Row {
    arch: String,
    n_ctx: u32,
    fa: String,
    n_seq: u32,
    n_ctx_eff: u32,
    fa_truth: bool,
    weights: u64,
    kv_rs: u64,
    compute: u64,
    output: u64,
}

fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(Path::new(DIR).join("truth.tsv")).expect("truth.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header line").split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("truth.tsv has no column {name}"))
    };
    let idx = [
        "arch",
        "n_ctx",
        "fa",
        "n_seq",
        "n_ctx_eff",
        "fa_truth",
        "truth_weights",
        "truth_kv_rs",
        "truth_compute",
        "truth_output",
    ]
    .map(col);
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let num = |i: usize| -> u64 {
                f[idx[i]]
                    .parse()
                    .unwrap_or_else(|_| panic!("bad number in {l}"))
            };
            Row {
                arch: f[idx[0]].to_owned(),
                n_ctx: num(1) as u32,
                fa: f[idx[2]].to_owned(),
                n_seq: num(3) as u32,
                n_ctx_eff: num(4) as u32,
                fa_truth: num(5) == 1,
                weights: num(6),
                kv_rs: num(7),
                compute: num(8),
                output: num(9),
            }
        })
        .collect()
}

fn request(r: &Row) -> FitRequest {
    FitRequest {
        ctx_size: r.n_ctx,
        batch_size: 2048,
        ubatch_size: 512,
        parallel: r.n_seq,
        flash_attn: match r.fa.as_str() {
            "on" => FlashAttn::On,
            "off" => FlashAttn::Off,
            _ => FlashAttn::Auto,
        },
        cache_type_k: "f16".into(),
        cache_type_v: "f16".into(),
        backend: Backend::Cpu,
        n_gpu_layers: GpuLayers::Count(0),
        ..Default::default()
    }
}

fn rel(pred: u64, truth: u64) -> f64 {
    if truth == 0 {
        if pred == 0 { 0.0 } else { f64::INFINITY }
    } else {
        (pred as f64 - truth as f64).abs() / truth as f64
    }
}

/// Exact as the sweep defines it: within 0.5 %, or within the 0.01 MiB llama.cpp prints.
fn exact(pred: u64, truth: u64) -> bool {
    rel(pred, truth) <= 0.005 || (pred as f64 - truth as f64).abs() <= 0.01 * MIB
}

#[derive(Default)]
struct ArchResult {
    /// Worst relative error per buffer over the settings: weights, kv_rs, compute, output.
    worst: [f64; 4],
    misses: Vec<String>,
}

#[test]
fn every_architecture_against_llama_cpp() {
    let mut results: BTreeMap<String, ArchResult> = BTreeMap::new();
    let mut compute_errs = Vec::new();
    for r in rows() {
        let what = format!("-c {} -fa {} -np {}", r.n_ctx, r.fa, r.n_seq);
        let res = results.entry(r.arch.clone()).or_default();
        let spec =
            match model::load_gguf(&Path::new(DIR).join(format!("headers/{}.header.gguf", r.arch)))
            {
                Ok(s) => s,
                Err(e) => {
                    res.misses
                        .push(format!("{what}: cannot read the header: {e}"));
                    continue;
                }
            };
        let report = match fit::estimate(&spec, &request(&r)) {
            Ok(rep) => rep,
            Err(e) => {
                res.misses.push(format!("{what}: refused: {e}"));
                continue;
            }
        };
        let host = report.host().expect("host device");
        let pairs = [
            (host.weights_bytes, r.weights),
            (host.kv_bytes + host.recurrent_bytes, r.kv_rs),
            (host.compute_bytes, r.compute),
            (host.output_bytes, r.output),
        ];
        let names = ["weights", "kv+rs", "compute", "output"];
        for (i, (pred, truth)) in pairs.iter().enumerate() {
            let e = rel(*pred, *truth);
            res.worst[i] = res.worst[i].max(e);
            let ok = if i == 2 {
                e <= 0.05
            } else if i == 3 {
                rel(*pred, *truth) <= 0.005
            } else {
                exact(*pred, *truth)
            };
            if !ok {
                res.misses.push(format!(
                    "{what}: {} {:.3} MiB, llama.cpp {:.3} MiB ({:+.1} %)",
                    names[i],
                    *pred as f64 / MIB,
                    *truth as f64 / MIB,
                    (*pred as f64 - *truth as f64) / (*truth).max(1) as f64 * 100.0
                ));
            }
        }
        compute_errs.push(rel(pairs[2].0, pairs[2].1));
        if report.settings.n_ctx != r.n_ctx_eff {
            res.misses.push(format!(
                "{what}: n_ctx {} (llama.cpp {})",
                report.settings.n_ctx, r.n_ctx_eff
            ));
        }
        if report.settings.flash_attn != r.fa_truth {
            res.misses.push(format!(
                "{what}: flash attention {} (llama.cpp {})",
                report.settings.flash_attn, r.fa_truth
            ));
        }
    }

    println!(
        "{:<20} {:>9} {:>9} {:>9} {:>9}  status",
        "arch", "weights%", "kv+rs%", "compute%", "output%"
    );
    let mut ok = 0;
    for (arch, res) in &results {
        let pct = |e: f64| {
            if e.is_finite() {
                format!("{:.2}", e * 100.0)
            } else {
                "inf".into()
            }
        };
        println!(
            "{:<20} {:>9} {:>9} {:>9} {:>9}  {}",
            arch,
            pct(res.worst[0]),
            pct(res.worst[1]),
            pct(res.worst[2]),
            pct(res.worst[3]),
            if res.misses.is_empty() { "ok" } else { "MISS" }
        );
        for m in &res.misses {
            println!("    {m}");
        }
        if res.misses.is_empty() {
            ok += 1;
        }
    }
    compute_errs.sort_by(f64::total_cmp);
    let n = compute_errs.len();
    let within = |t: f64| compute_errs.iter().filter(|e| **e <= t).count();
    println!(
        "{ok}/{} architectures within tolerance on every setting; compute: median {:.2} %, {} of {n} rows within 0.5 %, {} within 5 %",
        results.len(),
        compute_errs.get(n / 2).copied().unwrap_or(0.0) * 100.0,
        within(0.005),
        within(0.05)
    );

    let regressions: Vec<String> = results
        .iter()
        .filter(|(arch, res)| {
            !res.misses.is_empty() && !KNOWN_MISSES.iter().any(|(a, _)| a == arch)
        })
        .map(|(arch, res)| format!("{arch}: {}", res.misses.join("; ")))
        .collect();
    assert!(
        regressions.is_empty(),
        "architectures outside tolerance that are not known misses:\n{}",
        regressions.join("\n")
    );
    assert_eq!(results.len(), 150, "truth.tsv covers 150 architectures");
    assert!(
        ok >= ACHIEVED,
        "{ok} architectures within tolerance, fewer than the {ACHIEVED} achieved"
    );
}
