//! The Fix Wizard's whole search (every candidate setup priced by the fit engine, re-quantized tables
//! included) for a 70B dense model and for Qwen3-235B-A22B: it runs on every change of the scenario, so
//! it has to stay well under the time a user notices (target ≤ 50 ms).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use vram_doctor::plan::build_plan;
use vram_doctor::scenario::{Machine, MachineGpu, MachineOrigin, Scenario};
use vram_doctor::units::GIB;

fn scenario(gpus: &[&str], ram_gib: u64, ctx: u32) -> Scenario {
    let mut s = Scenario {
        machine: Machine {
            origin: MachineOrigin::Catalog,
            gpus: gpus
                .iter()
                .map(|g| MachineGpu::from_catalog(g).expect("catalog GPU"))
                .collect(),
            ram_total_bytes: ram_gib * GIB,
            ..Machine::default()
        },
        ..Scenario::default()
    };
    s.settings.ctx_size = ctx;
    s
}

fn plan_search(c: &mut Criterion) {
    let dense = vram_doctor::model::load("preset:llama-3.1-70b@Q4_K_M").expect("preset");
    let moe = vram_doctor::model::load("preset:qwen3-235b-a22b@Q4_K_M").expect("preset");
    let one_4090 = scenario(&["RTX 4090"], 64, 16384);
    let two_3090 = scenario(&["RTX 3090", "RTX 3090"], 128, 32768);
    let mut g = c.benchmark_group("plan_search");
    g.sample_size(10);
    g.bench_function("llama-3.1-70b Q4_K_M, RTX 4090, 16k", |b| {
        b.iter(|| build_plan(black_box(&one_4090), Some(&dense)))
    });
    g.bench_function("qwen3-235b-a22b Q4_K_M, 2x RTX 3090, 32k", |b| {
        b.iter(|| build_plan(black_box(&two_3090), Some(&moe)))
    });
    g.finish();
}

criterion_group!(benches, plan_search);
criterion_main!(benches);
