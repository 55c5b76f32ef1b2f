//! Accuracy against llama.cpp's own buffers on the CPU backend (tests/data/fit/cpu_truth.tsv, copied from
//! shared/data/fit-truth; method in research/cpu_truth.md). For every successful run the engine must give
//! the model buffers (CPU_Mapped + CPU_REPACK + CPU) and the context (KV + recurrent state) within 0.5 %,
//! the output buffer to the printed 0.01 MiB, and the compute buffer within 5 %. Refused runs must be
//! refused. Prints the error distribution per buffer kind (run with `--nocapture`).

use std::collections::HashMap;
use std::path::Path;

use vram_doctor::fit::{self, Backend, FitRequest, FlashAttn, GpuLayers};
use vram_doctor::model::{self, ModelSpec};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fit");

struct Row {
    model: String,
    cols: HashMap<String, String>,
}

fn rows() -> Vec<Row> {
    let text =
        std::fs::read_to_string(Path::new(DIR).join("cpu_truth.tsv")).expect("cpu_truth.tsv");
    let mut lines = text.lines();
    let header: Vec<String> = lines
        .next()
        .unwrap()
        .split('\t')
        .map(String::from)
        .collect();
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let cols: HashMap<String, String> = header
                .iter()
                .cloned()
                .zip(l.split('\t').map(String::from))
                .collect();
            Row {
                model: cols["model_file"].clone(),
                cols,
            }
        })
        .collect()
}

/// The llama.cpp command line (or the probe's) → a request.
fn request(cmd: &str) -> FitRequest {
    let args: Vec<&str> = cmd.split_whitespace().collect();
    let val = |flag: &str| {
        args.iter()
            .position(|a| *a == flag)
            .and_then(|i| args.get(i + 1))
            .copied()
    };
    let num = |flag: &str, d: u32| val(flag).and_then(|v| v.parse().ok()).unwrap_or(d);
    FitRequest {
        ctx_size: num("-c", 0),
        batch_size: num("-b", 2048),
        ubatch_size: num("-ub", 512),
        parallel: num("-np", 1),
        flash_attn: match val("-fa") {
            Some("on") => FlashAttn::On,
            Some("off") => FlashAttn::Off,
            _ => FlashAttn::Auto,
        },
        cache_type_k: val("-ctk").unwrap_or("f16").into(),
        cache_type_v: val("-ctv").unwrap_or("f16").into(),
        mmap: val("-lm") != Some("none"),
        repack: !args.contains(&"--no-repack"),
        swa_full: args.contains(&"--swa-full"),
        kv_unified: args.contains(&"--probe-kvu"),
        backend: Backend::Cpu,
        n_gpu_layers: GpuLayers::Count(0),
        ..Default::default()
    }
}

fn spec(cache: &mut HashMap<String, ModelSpec>, model_file: &str) -> ModelSpec {
    cache
        .entry(model_file.into())
        .or_insert_with(|| {
            let header = model_file.replace(".gguf", ".header.gguf");
            model::load_gguf(&Path::new(DIR).join("headers").join(header)).expect("header")
        })
        .clone()
}

fn rel(pred: f64, truth: f64) -> f64 {
    if truth == 0.0 {
        if pred == 0.0 { 0.0 } else { f64::INFINITY }
    } else {
        (pred - truth).abs() / truth
    }
}

#[derive(Default)]
struct Stat {
    errs: Vec<(f64, String)>,
    fails: Vec<String>,
}

impl Stat {
    fn add(&mut self, err: f64, tol: f64, what: String) {
        if err > tol {
            self.fails.push(format!("{what}: {:.2} %", err * 100.0));
        }
        self.errs.push((err, what));
    }
    fn summary(&mut self, name: &str) -> String {
        self.errs.sort_by(|a, b| a.0.total_cmp(&b.0));
        let n = self.errs.len();
        let med = self.errs.get(n / 2).map_or(0.0, |e| e.0);
        let worst = self.errs.last().map_or((0.0, String::new()), |e| e.clone());
        format!(
            "{name}: {}/{} within tolerance, median {:.3} %, max {:.3} % ({})",
            n - self.fails.len(),
            n,
            med * 100.0,
            worst.0 * 100.0,
            worst.1
        )
    }
}

#[test]
fn cpu_truth_buffers() {
    let mut cache = HashMap::new();
    let (mut model_s, mut ctx_s, mut out_s, mut comp_s) = (
        Stat::default(),
        Stat::default(),
        Stat::default(),
        Stat::default(),
    );
    let mut refused_ok = 0;
    for row in rows() {
        let c = &row.cols;
        let cmd = if c["command"].is_empty() {
            c["probe_command"].clone()
        } else {
            c["command"].clone()
        };
        let mut req = request(&cmd);
        if c["probe_command"].contains("--probe-kvu") {
            req.kv_unified = true;
        }
        let spec = spec(&mut cache, &row.model);
        let status = c["status"].as_str();
        let result = fit::estimate(&spec, &req);
        if status != "ok" && status != "probe_only" {
            assert!(
                result.is_err(),
                "{cmd}: llama.cpp refused ({status}) but the engine accepted"
            );
            refused_ok += 1;
            continue;
        }
        let report = result.unwrap_or_else(|e| panic!("{cmd}: {e}"));
        let host = report.host().unwrap();
        let what = cmd
            .replace("llama-completion -m ", "")
            .replace(" -n 1 -no-cnv -p hi --no-warmup -t 2 -v", "");
        let exact_model: u64 = c["exact_model_bytes"]
            .split(';')
            .filter_map(|kv| kv.split('=').nth(1))
            .filter_map(|v| v.parse::<u64>().ok())
            .sum();
        model_s.add(
            rel(host.weights_bytes as f64, exact_model as f64),
            0.005,
            what.clone(),
        );
        let exact_ctx: f64 = c["exact_context_bytes"].parse().unwrap();
        ctx_s.add(
            rel((host.kv_bytes + host.recurrent_bytes) as f64, exact_ctx),
            0.005,
            what.clone(),
        );
        if let Ok(out_mib) = c["output_buf_mib"].parse::<f64>() {
            let pred = host.output_bytes as f64 / 1048576.0;
            let err = (pred - out_mib).abs();
            // Printed to 2 decimals: within rounding is exact.
            out_s.add(
                if err <= 0.006 {
                    0.0
                } else {
                    rel(pred, out_mib)
                },
                0.005,
                what.clone(),
            );
        }
        let exact_comp: f64 = c["exact_compute_bytes"].parse().unwrap();
        comp_s.add(rel(host.compute_bytes as f64, exact_comp), 0.05, what);
    }
    let report = [
        model_s.summary("model"),
        ctx_s.summary("context (KV+RS)"),
        out_s.summary("output"),
        comp_s.summary("compute"),
    ];
    for line in &report {
        println!("{line}");
    }
    println!("refused configurations refused: {refused_ok}");
    for s in [&model_s, &ctx_s, &out_s] {
        assert!(s.fails.is_empty(), "{:#?}", s.fails);
    }
    // Compute: every row within 5 % is the target; the allocator's placement jumps (arch_table §2.8) leave a
    // few rows outside. Fail when more than 5 % of the rows miss.
    assert!(
        comp_s.fails.len() * 20 <= comp_s.errs.len(),
        "compute misses: {:#?}",
        comp_s.fails
    );
}
