//! The Fit tab's full sweep must recompute while a slider moves (issue 4: < 20 ms): every quant of the
//! ladder (tensor tables predicted by model::quantize) × 8 contexts × every `-ngl` value, for a 32-layer
//! 8B model preset on one 24 GiB GPU.

use criterion::{Criterion, criterion_group, criterion_main};
use vram_doctor::fit::{self, FitRequest, GpuDevice, search};
use vram_doctor::model::{self, quantize};

fn sweep(c: &mut Criterion) {
    let Ok(spec) = model::load("preset:llama-3.1-8b@F16") else {
        eprintln!("preset llama-3.1-8b missing");
        return;
    };
    let req = FitRequest {
        gpus: vec![GpuDevice {
            name: "RTX 4090".into(),
            capacity_bytes: 24 << 30,
            bandwidth_gbps: Some(1008.0),
        }],
        ..Default::default()
    };
    let contexts = [2048u32, 4096, 8192, 16384, 32768, 65536, 98304, 131072];
    c.bench_function("full sweep: 10 quants x 8 contexts x 34 ngl", |b| {
        b.iter(|| {
            let mut fits = 0u32;
            for ft in search::QUANT_LADDER {
                let Ok(q) = quantize::predict(&spec, ft, quantize::Imatrix::Without) else {
                    continue;
                };
                for ctx in contexts {
                    let mut r = req.clone();
                    r.ctx_size = ctx;
                    for ngl in 0..=q.hparams.n_layer + 1 {
                        if let Ok(rep) = fit::estimate_with_layers(&q, &r, ngl) {
                            fits += u32::from(search::fits_with_margin(&rep));
                        }
                    }
                }
            }
            std::hint::black_box(fits)
        })
    });
}

/// The same sweep with the quant tables already predicted (what the tab does while only sliders move).
fn estimates_only(c: &mut Criterion) {
    let Ok(spec) = model::load("preset:llama-3.1-8b@F16") else {
        return;
    };
    let quants: Vec<_> = search::QUANT_LADDER
        .iter()
        .filter_map(|ft| quantize::predict(&spec, ft, quantize::Imatrix::Without).ok())
        .collect();
    let req = FitRequest {
        gpus: vec![GpuDevice {
            name: "RTX 4090".into(),
            capacity_bytes: 24 << 30,
            bandwidth_gbps: Some(1008.0),
        }],
        ..Default::default()
    };
    c.bench_function("estimates only: 10 quants x 8 contexts x 34 ngl", |b| {
        b.iter(|| {
            let mut fits = 0u32;
            for q in &quants {
                for ctx in [2048u32, 4096, 8192, 16384, 32768, 65536, 98304, 131072] {
                    let mut r = req.clone();
                    r.ctx_size = ctx;
                    for ngl in 0..=q.hparams.n_layer + 1 {
                        if let Ok(rep) = fit::estimate_with_layers(q, &r, ngl) {
                            fits += u32::from(search::fits_with_margin(&rep));
                        }
                    }
                }
            }
            std::hint::black_box(fits)
        })
    });
}

criterion_group!(benches, sweep, estimates_only);
criterion_main!(benches);
