//! The monitor's per-tick work on a full day: pushing a sample into a 24 h timeline (86,400 samples, two GPUs
//! with holders, a 25-row process table on the latest) and running every detector over it, as the GUI does
//! once a second. Also prints the timeline's approximate heap size.

use criterion::{Criterion, criterion_group, criterion_main};
use vram_doctor::monitor::timeline::MAX_SAMPLES;
use vram_doctor::monitor::{
    GpuProcess, GpuSample, HostSample, InferenceProcess, ProcessRow, Sample, Timeline,
    detect::detect,
};

fn sample(i: usize) -> Sample {
    let gpu = |index: u32| GpuSample {
        index,
        name: "NVIDIA GeForce RTX 4090".into(),
        vendor: "nvidia".into(),
        memory_total_bytes: 24 << 30,
        memory_used_bytes: (20 << 30) + (i as u64 % 1000) * (1 << 20),
        memory_reserved_bytes: 300 << 20,
        utilization_percent: Some((i % 100) as u32),
        shared_used_bytes: None,
        processes: vec![
            GpuProcess {
                pid: 4242,
                name: "llama-server".into(),
                used_bytes: 19 << 30,
            },
            GpuProcess {
                pid: 777,
                name: "python3".into(),
                used_bytes: 1 << 30,
            },
        ],
        extras: None,
    };
    Sample {
        time: i as f64,
        gpus: vec![gpu(0), gpu(1)],
        gpu_problem: None,
        host: HostSample {
            ram_total_bytes: 64 << 30,
            ram_available_bytes: 30 << 30,
            swap_total_bytes: 8 << 30,
            swap_used_bytes: 1 << 30,
            major_faults_per_sec: Some(3.0),
            swap_in_per_sec: Some(0.0),
            swap_out_per_sec: Some(0.0),
            memory_pressure_percent: Some(0.0),
            cpu_percent: Some(40.0),
            cpu_max_core_percent: Some(100.0),
            cpu_cores_percent: vec![40.0; 32],
            ..HostSample::default()
        },
        inference: Some(InferenceProcess {
            pid: 4242,
            name: "llama-server".into(),
            cpu_percent: 100.0,
            ram_bytes: 4 << 30,
        }),
        processes: (0..25)
            .map(|k| ProcessRow {
                pid: k,
                name: format!("process-{k}"),
                cpu_percent: 1.0,
                ram_bytes: 1 << 28,
                vram_bytes: 0,
            })
            .collect(),
    }
}

/// Heap bytes a sample holds (strings and vectors), to size a full timeline.
fn heap(s: &Sample) -> usize {
    let gpus: usize = s
        .gpus
        .iter()
        .map(|g| {
            std::mem::size_of::<GpuSample>()
                + g.name.capacity()
                + g.vendor.capacity()
                + g.processes
                    .iter()
                    .map(|p| std::mem::size_of::<GpuProcess>() + p.name.capacity())
                    .sum::<usize>()
        })
        .sum();
    let rows: usize = s
        .processes
        .iter()
        .map(|r| std::mem::size_of::<ProcessRow>() + r.name.capacity())
        .sum();
    std::mem::size_of::<Sample>()
        + gpus
        + rows
        + s.host.cpu_cores_percent.capacity() * 4
        + s.inference.as_ref().map_or(0, |p| p.name.capacity())
}

fn monitor(c: &mut Criterion) {
    let mut t = Timeline::default();
    for i in 0..MAX_SAMPLES {
        t.push(sample(i));
    }
    let bytes: usize = t.iter().map(heap).sum();
    println!(
        "full timeline: {} samples, ~{:.1} MiB",
        t.len(),
        bytes as f64 / (1 << 20) as f64
    );
    let mut group = c.benchmark_group("monitor");
    group.bench_function("detect over a full 24 h timeline", |b| {
        b.iter(|| detect(&t));
    });
    let mut i = MAX_SAMPLES;
    group.bench_function("push into a full timeline", |b| {
        b.iter(|| {
            t.push(sample(i));
            i += 1;
        });
    });
    group.finish();
}

criterion_group!(benches, monitor);
criterion_main!(benches);
