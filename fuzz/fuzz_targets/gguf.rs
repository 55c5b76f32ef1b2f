//! Any bytes as a GGUF file: the reader must return a spec or an error, never panic or allocate unboundedly;
//! a spec it accepts goes through the fit engine too, CPU and GPU (per-layer tables are sized from the file).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::Write;

fuzz_target!(|data: &[u8]| {
    let Ok(mut f) = tempfile::Builder::new().suffix(".gguf").tempfile() else { return };
    if f.write_all(data).is_err() {
        return;
    }
    if let Some(path) = f.path().to_str()
        && let Ok(spec) = vram_doctor::model::load(path)
    {
        let req = vram_doctor::fit::FitRequest {
            ctx_size: 4096,
            backend: vram_doctor::fit::Backend::Cpu,
            ..Default::default()
        };
        let _ = vram_doctor::fit::estimate(&spec, &req);
        // The GPU paths too: the split graph, staged host experts and the allocator replay of MoE layers.
        let gpu = vram_doctor::fit::FitRequest {
            ctx_size: 4096,
            backend: vram_doctor::fit::Backend::Cuda,
            flash_attn: vram_doctor::fit::FlashAttn::On,
            n_cpu_moe: 1,
            gpus: vec![vram_doctor::fit::GpuDevice {
                name: "fuzz".into(),
                capacity_bytes: 24 << 30,
                bandwidth_gbps: None,
            }],
            f32_fa_mask: data.first().is_some_and(|b| b & 1 == 1),
            ..Default::default()
        };
        let _ = vram_doctor::fit::estimate(&spec, &gpu);
    }
});
