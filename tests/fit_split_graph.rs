//! GPU-side buffers when the graph is split (issue 15 §2). ggml-backend's scheduler runs the large-batch ops
//! of host-resident weights on the first GPU (CUDA/ROCm/Vulkan, 32+ tokens): `-ngl 0` still gets a GPU
//! compute buffer (the output matmul), and with layers or MoE experts on the host the first GPU stages one
//! host weight (or a host layer's K/V) at a time on top of a layer's working set. The host keeps the graph
//! inputs. Checked against the public load logs in tests/data/fit/split_logs.tsv.

use std::path::Path;

use vram_doctor::fit::{self, Backend, DeviceKind, FitRequest, FlashAttn, GpuDevice, GpuLayers};
use vram_doctor::model::{self, ModelSpec};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fit");

fn header(name: &str) -> ModelSpec {
    model::load_gguf(&Path::new(DIR).join("headers").join(name)).expect("header")
}

fn req(backend: Backend, ngl: GpuLayers, ubatch: u32) -> FitRequest {
    FitRequest {
        ctx_size: 4096,
        ubatch_size: ubatch,
        flash_attn: FlashAttn::On,
        backend,
        gpus: vec![GpuDevice {
            name: "NVIDIA GeForce RTX 4090".into(),
            capacity_bytes: 24 << 30,
            bandwidth_gbps: Some(1008.0),
        }],
        n_gpu_layers: ngl,
        margin_bytes: 0,
        overhead_bytes: Some(0),
        ..Default::default()
    }
}

fn compute(report: &fit::FitReport, kind: DeviceKind) -> u64 {
    report
        .devices
        .iter()
        .filter(|d| d.kind == kind)
        .map(|d| d.compute_bytes)
        .sum()
}

#[test]
fn ngl_zero_with_cuda_puts_the_output_matmul_on_the_gpu() {
    for name in ["syn-qwen2-q4_k_m.header.gguf", "syn-llama-q8_0.header.gguf"] {
        let spec = header(name);
        let hp = &spec.hparams;
        let head = spec
            .tensor("output.weight")
            .or_else(|| spec.tensor("token_embd.weight"))
            .unwrap()
            .bytes;
        let r = fit::estimate(&spec, &req(Backend::Cuda, GpuLayers::Count(0), 512)).unwrap();
        let ub = u64::from(r.settings.n_ubatch);
        let want = head + 4 * ub * u64::from(hp.n_vocab) + 4 * ub * u64::from(hp.n_embd);
        assert_eq!(compute(&r, DeviceKind::Gpu), want, "{name}");
        // The host keeps the inputs (f16 masks + the embedding rows), far below the CPU-only graph.
        let cpu_only = fit::estimate(&spec, &req(Backend::Cpu, GpuLayers::Count(0), 512)).unwrap();
        let host = compute(&r, DeviceKind::Host);
        assert!(
            host > 0 && host * 4 < compute(&cpu_only, DeviceKind::Host),
            "{name}: {host}"
        );
        // No weights, KV or layers on the GPU, but the compute buffer counts against it.
        let gpu = r.gpus().next().unwrap();
        assert_eq!((gpu.weights_bytes, gpu.kv_bytes, gpu.layers), (0, 0, 0));
        assert!(gpu.total_bytes >= want);
    }
}

#[test]
fn small_ubatches_and_metal_stay_on_the_host() {
    let spec = header("syn-llama-q8_0.header.gguf");
    // Batches under 32 tokens are not offloaded: the whole graph runs (and is reserved) on the CPU.
    let small = fit::estimate(&spec, &req(Backend::Cuda, GpuLayers::Count(0), 16)).unwrap();
    assert_eq!(compute(&small, DeviceKind::Gpu), 0);
    let metal = fit::estimate(&spec, &req(Backend::Metal, GpuLayers::Count(0), 512)).unwrap();
    assert_eq!(compute(&metal, DeviceKind::Gpu), 0);
    assert!(compute(&metal, DeviceKind::Host) > 0);
}

/// One row of tests/data/fit/split_logs.tsv (real load logs with the graph split between GPU and host).
struct LogRow {
    id: String,
    split: String,
    fields: std::collections::HashMap<String, String>,
}

impl LogRow {
    fn get(&self, k: &str) -> &str {
        self.fields.get(k).map_or("-", String::as_str)
    }
    fn num(&self, k: &str) -> u32 {
        let v = self.get(k);
        let digits: String = v.chars().take_while(char::is_ascii_digit).collect();
        digits
            .parse()
            .unwrap_or_else(|_| panic!("{}: {k} = {v:?}", self.id))
    }
    /// A logged buffer in MiB, or None where the log does not show it.
    fn mib(&self, k: &str) -> Option<f64> {
        self.get(k).parse().ok()
    }
}

fn split_logs() -> Vec<LogRow> {
    let text =
        std::fs::read_to_string(Path::new(DIR).join("split_logs.tsv")).expect("split_logs.tsv");
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    lines
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(cols.len(), header.len(), "{l}");
            let fields: std::collections::HashMap<String, String> = header
                .iter()
                .zip(&cols)
                .map(|(h, c)| ((*h).to_owned(), (*c).to_owned()))
                .collect();
            LogRow {
                id: cols[0].to_owned(),
                split: cols[1].to_owned(),
                fields,
            }
        })
        .collect()
}

/// The model as its GGUF would be: the logged hyper-parameters through the catalog's tensor table and
/// llama-quantize's type rules (like `preset:` models).
fn rebuild(row: &LogRow) -> ModelSpec {
    let ron = format!(
        "(id: \"{id}\", name: \"{name}\", arch: \"{arch}\", n_layer: {nl}, n_embd: {ne}, n_ff: {nff}, \
         n_head: {nh}, n_head_kv: {nkv}, head_dim: {hd}, n_vocab: {nv}, n_ctx_train: 131072, \
         n_expert: {nx}, n_expert_used: {nu}, n_expert_shared: {ns}, n_ff_exp: {nfe}, n_dense_lead: {nd}{extra})",
        id = row.id,
        name = row.get("model"),
        arch = row.get("arch"),
        nl = row.num("n_layer"),
        ne = row.num("n_embd"),
        nff = row.num("n_ff"),
        nh = row.num("n_head"),
        nkv = row.num("n_head_kv"),
        hd = row.num("head_dim"),
        nv = row.num("n_vocab"),
        nx = row.num("n_expert"),
        nu = row.num("n_expert_used"),
        ns = row.num("n_expert_shared"),
        nfe = row.num("n_ff_exp"),
        nd = row.num("n_dense_lead"),
        extra = match row.get("preset_extra") {
            "-" => String::new(),
            fields => format!(", {fields}"),
        },
    );
    let preset: model::catalog::Preset = ron::from_str(&ron).expect("preset");
    model::quantize::predict(
        &model::catalog::f16_spec(&preset),
        row.get("quant"),
        model::quantize::Imatrix::Without,
    )
    .expect("quant")
}

fn log_request(row: &LogRow) -> FitRequest {
    let split: Vec<f64> = row
        .get("tensor_split")
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    let n_gpus = split.len().max(1);
    let ngl = if row.get("ngl") == "all" {
        GpuLayers::All
    } else {
        GpuLayers::Count(row.num("ngl"))
    };
    FitRequest {
        ctx_size: row.num("ctx"),
        batch_size: row.num("batch"),
        ubatch_size: row.num("ubatch"),
        flash_attn: if row.get("fa") == "on" {
            FlashAttn::On
        } else {
            FlashAttn::Off
        },
        cache_type_k: row.get("cache_k").into(),
        cache_type_v: row.get("cache_v").into(),
        backend: match row.get("backend") {
            "ROCm" => Backend::Rocm,
            "Vulkan" => Backend::Vulkan,
            "Metal" => Backend::Metal,
            _ => Backend::Cuda,
        },
        gpus: (0..n_gpus)
            .map(|i| GpuDevice {
                name: format!("gpu{i}"),
                capacity_bytes: 80 << 30,
                bandwidth_gbps: None,
            })
            .collect(),
        tensor_split: if split.len() > 1 { split } else { Vec::new() },
        n_gpu_layers: ngl,
        margin_bytes: 0,
        overhead_bytes: Some(0),
        n_outputs_max: row.num("n_outputs_max"),
        output_layer_last: row.get("ngl_order") == "output-last",
        f32_fa_mask: row.get("fa_mask") == "f32",
        single_embd_input: row.get("embd_inputs") == "1",
        parallel: row.num("n_seq").max(1),
        ..overrides(row.get("overrides"))
    }
}

/// The `overrides` column: `cpu_moe` (every expert on the host), `n_cpu_moe=N` (the experts of N layers),
/// `kv_unified`, separated by `;`, or `-`.
fn overrides(cell: &str) -> FitRequest {
    let mut r = FitRequest::default();
    for part in cell.split(';').map(str::trim) {
        match part.split_once('=') {
            Some(("n_cpu_moe", n)) => r.n_cpu_moe = n.parse().expect("n_cpu_moe"),
            _ if part == "cpu_moe" => r.cpu_moe = true,
            _ if part == "kv_unified" => r.kv_unified = true,
            _ if part == "-" => {}
            _ => panic!("overrides: {part:?}"),
        }
    }
    r
}

/// Per-device compute against the logs; returns (split, what, relative error).
fn log_errors() -> Vec<(String, String, f64)> {
    let mut errs = Vec::new();
    for row in split_logs() {
        let spec = rebuild(&row);
        let r = fit::estimate(&spec, &log_request(&row)).expect("estimate");
        let gpus: Vec<&fit::DeviceUsage> = r.gpus().collect();
        let mut cmp = |what: &str, pred: u64, truth: Option<f64>| {
            if let Some(t) = truth {
                let p = pred as f64 / 1048576.0;
                let e = (p - t) / t;
                println!(
                    "{} [{}] {what}: predicted {p:.2} MiB, logged {t:.2} MiB ({:+.1} %)",
                    row.id,
                    row.split,
                    e * 100.0
                );
                errs.push((row.split.clone(), format!("{} {what}", row.id), e));
            }
        };
        for (i, g) in gpus.iter().enumerate() {
            cmp(
                &format!("GPU{i} compute"),
                g.compute_bytes,
                row.mib(&format!("gpu{i}_compute")),
            );
        }
        cmp(
            "host compute",
            r.host().expect("host").compute_bytes,
            row.mib("host_compute"),
        );
    }
    errs
}

#[test]
fn split_graph_logs() {
    let errs = log_errors();
    assert!(!errs.is_empty());
    // Claimed: every GPU within 5 % and the host within 2 % on every log but the known misses below. The
    // staged first GPU (partial offload, or -ngl 0 with a GPU backend): GLM-4.5-Air's 3-GPU Ollama 0.12 log
    // exact once its build's -ngl count is modelled (the output layer on the host); the Qwen3-14B -ngl 0
    // ROCm log and the Llama-3-8B -ngl 16 Ollama log, added after the rules were written: +0.0 % and
    // +0.4 %. MoE layers are replayed through ggml-alloc (`fit::graph_alloc`): GLM's GPU1/GPU2 were -27 %
    // and OLMoE at full offload -6.4 % when the layer peak was the largest live set; the allocator's
    // unreusable holes make them -0.1 %. Seven MoE logs gathered after that (2026-11-27) scored -32.1 %
    // (GLM, ub 4096), -7.0 % and -3.0 % (Qwen3-235B, experts on the CPU), +13.8 % (Qwen3-30B, FA off,
    // experts on the CPU), -5.2 % and -51.9 % (gpt-oss on Metal, GPU and host) before the rules below
    // were written from llama.cpp's source: builds before #23764 copy the f32 mask to the first GPU to
    // attend and cast it there; without FA an FFN weight is staged after KQ is freed; Metal runs host
    // experts' FFN on the CPU; builds since #18550 add an embeddings input on the host.
    let known: &[(&str, &str)] = &[(
        "glm45air-full-ub4096 GPU0",
        "b6168 at ub 4096 with the f32 mask on the GPU: 192 MiB (one [12288, 4096] f32 tensor, Q's size) \
         above the replayed 3392 MiB that this build's graph order around the mask cast leaves live",
    )];
    let bad: Vec<_> = errs
        .iter()
        .filter(|(_, what, e)| {
            let bound = if known.iter().any(|(k, _)| what.contains(k)) {
                0.10
            } else if what.contains("GPU") {
                0.05
            } else {
                0.02
            };
            e.abs() > bound
        })
        .collect();
    for (k, why) in known {
        let (_, _, e) = errs
            .iter()
            .find(|(_, w, _)| w.contains(k))
            .expect("known miss is a log row");
        assert!(
            e.abs() > 0.05,
            "{k} is now within 5 %: drop it from the known misses ({why})"
        );
    }
    assert!(
        errs.iter()
            .any(|(_, w, _)| w.contains("glm45air-ollama GPU2"))
    );
    assert!(errs.iter().any(|(_, w, _)| w.contains("olmoe-full GPU0")));
    assert!(errs.iter().any(|(_, w, _)| w.contains("partial GPU0")));
    assert!(errs.iter().any(|(_, w, _)| w.contains("ngl0 GPU0")));
    assert!(bad.is_empty(), "{bad:#?}");
}

fn gpu_compute(r: &fit::FitReport) -> Vec<u64> {
    r.gpus().map(|g| g.compute_bytes).collect()
}

#[test]
fn experts_on_the_host_stage_one_expert_tensor_on_the_first_gpu() {
    let spec = header("syn-qwen3moe-q8_0.header.gguf");
    let largest = spec
        .tensors
        .iter()
        .filter(|t| t.is_expert())
        .map(|t| t.bytes)
        .max()
        .unwrap();
    let all = GpuLayers::All;
    let base = fit::estimate(&spec, &req(Backend::Cuda, all, 512)).unwrap();
    let mut moe = req(Backend::Cuda, all, 512);
    moe.cpu_moe = true;
    let r = fit::estimate(&spec, &moe).unwrap();
    let (b, c) = (gpu_compute(&base)[0], gpu_compute(&r)[0]);
    // One copy at a time (each host-weight matmul starts its own split), on top of a layer's working set.
    assert!(c > largest && c < 2 * largest + b, "{c} vs {largest} + {b}");
    // The host keeps only the graph inputs: experts on the host do not grow it.
    assert_eq!(
        compute(&r, DeviceKind::Host),
        compute(&base, DeviceKind::Host)
    );
    // Batches under 32 tokens, and Metal, run those matmuls on the CPU: nothing is staged.
    for (backend, ub) in [(Backend::Cuda, 16), (Backend::Metal, 512)] {
        let mut small = req(backend, all, ub);
        let plain = fit::estimate(&spec, &small).unwrap();
        small.cpu_moe = true;
        let staged = fit::estimate(&spec, &small).unwrap();
        assert_eq!(
            gpu_compute(&staged),
            gpu_compute(&plain),
            "{backend:?} ub {ub}"
        );
    }
}

#[test]
fn staged_copies_go_to_the_first_gpu_and_logits_to_the_output_gpu() {
    let spec = header("syn-qwen3moe-q8_0.header.gguf");
    let mut two = req(Backend::Cuda, GpuLayers::All, 512);
    two.gpus.push(two.gpus[0].clone());
    two.n_cpu_moe = 2; // no pipeline parallelism with overrides: one copy of each split input
    let r = fit::estimate(&spec, &two).unwrap();
    let c = gpu_compute(&r);
    two.n_cpu_moe = 0;
    two.cpu_moe = true; // every expert on the host, most of them of GPU1's layers
    let all = gpu_compute(&fit::estimate(&spec, &two).unwrap());
    assert_eq!(all[1], c[1], "GPU1 stages nothing");
    assert_eq!(
        all[0], c[0],
        "one expert at a time, whichever layer it belongs to"
    );
    // The second GPU computes the output layer: it holds the f32 logits, the first does not.
    let logits = 4 * u64::from(r.settings.n_ubatch) * u64::from(spec.hparams.n_vocab);
    let plain = fit::estimate(&spec, &req(Backend::Cuda, GpuLayers::All, 512)).unwrap();
    assert!(c[1] >= logits, "{} < {logits}", c[1]);
    assert!(gpu_compute(&plain)[0] >= logits);
}

#[test]
fn partial_offload_host_keeps_masks_and_input_rows() {
    let spec = header("syn-llama-q8_0.header.gguf");
    let half = GpuLayers::Count(spec.hparams.n_layer / 2);
    let r = fit::estimate(&spec, &req(Backend::Cuda, half, 512)).unwrap();
    let ub = u64::from(r.settings.n_ubatch);
    let ctx = u64::from(r.settings.n_ctx);
    let e = u64::from(spec.hparams.n_embd);
    let host = compute(&r, DeviceKind::Host);
    // f16 mask [n_ctx, ub] (f32 on builds before llama.cpp#23764) + the embeddings input + the input rows
    // (or a layer's new K/V rows, whichever is larger).
    assert!(host >= 2 * ub * ctx + 8 * ub * e, "{host}");
    let mut old = req(Backend::Cuda, half, 512);
    old.f32_fa_mask = true;
    old.single_embd_input = true;
    let old_host = compute(&fit::estimate(&spec, &old).unwrap(), DeviceKind::Host);
    assert_eq!(old_host + 4 * ub * e, host + 2 * ub * ctx);
    let cpu_only = fit::estimate(&spec, &req(Backend::Cpu, GpuLayers::Count(0), 512)).unwrap();
    assert!(host * 2 < compute(&cpu_only, DeviceKind::Host), "{host}");
    // The GPU stages a host layer's largest weight or its K/V views on top of a layer's working set.
    let full = fit::estimate(&spec, &req(Backend::Cuda, GpuLayers::All, 512)).unwrap();
    assert!(gpu_compute(&r)[0] >= gpu_compute(&full)[0]);
}

#[test]
fn builds_before_output_first_offload_the_output_layer_last() {
    let spec = header("syn-llama-q8_0.header.gguf");
    let n = spec.hparams.n_layer;
    let host = 1;
    let mut r = req(Backend::Cuda, GpuLayers::Count(n), 512);
    // Today's count: the output layer first, then the last n - 1 blocks.
    let now = fit::placement::layer_devices(&spec, &r, n, 1);
    assert_eq!(now[n as usize], 0, "output layer on the GPU");
    assert_eq!(now[0], host, "first block left on the host");
    assert_eq!(now.iter().filter(|d| **d == 0).count(), n as usize);
    // Before llama.cpp#18148: the last n blocks, and the output layer only at n + 1.
    r.output_layer_last = true;
    let old = fit::placement::layer_devices(&spec, &r, n, 1);
    assert_eq!(old[n as usize], host, "output layer on the host");
    assert!(old[..n as usize].iter().all(|d| *d == 0));
    let all = fit::placement::layer_devices(&spec, &r, n + 1, 1);
    assert!(all.iter().all(|d| *d == 0));
    let half = fit::placement::layer_devices(&spec, &r, n / 2, 1);
    assert_eq!(half.iter().filter(|d| **d == 0).count(), (n / 2) as usize);
    assert_eq!(half[n as usize - 1], 0);
    // With the output weight on the host, the first GPU runs the output matmul (large batches): its
    // compute buffer holds the staged output weight and the f32 logits.
    let mut both = req(Backend::Cuda, GpuLayers::Count(n), 512);
    let new_c = gpu_compute(&fit::estimate(&spec, &both).unwrap())[0];
    both.output_layer_last = true;
    let old_c = gpu_compute(&fit::estimate(&spec, &both).unwrap())[0];
    let head = spec.tensor("output.weight").map_or(0, |t| t.bytes);
    assert!(
        old_c >= head + 4 * 512 * u64::from(spec.hparams.n_vocab),
        "{old_c}"
    );
    assert!(old_c > new_c, "{old_c} vs {new_c}");
}
