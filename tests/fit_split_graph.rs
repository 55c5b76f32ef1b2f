//! GPU-side buffers when the graph is split (issue 15 §2): `-ngl 0` with a GPU backend. ggml-backend's
//! scheduler offloads large-batch ops whose weights live in host buffers to the first GPU, so that GPU still
//! gets a compute buffer: the output weight copied in for the output matmul, the f32 logits and the matmul's
//! input rows. The host keeps only the graph inputs.

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
