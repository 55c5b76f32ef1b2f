//! Triage throughput on a large synthetic log (~100 MB of realistic llama.cpp / Ollama / PyTorch lines with a
//! CUDA OOM near the end). Goal: ≥ 200 MB/s with flat memory.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const LINES: &[&str] = &[
    "May 24 22:58:23 host ollama[1391]: llama_context: n_ctx_per_seq = 32768",
    "load_tensors:        CUDA0 model buffer size =   511.43 MiB",
    "time=2025-05-16T17:44:49.187+02:00 level=INFO source=server.go:168 msg=offload library=cuda layers.requested=-1",
    "print_info: EOG token             = 248065 '<|file_sep|>'",
    "slot update_slots: id  0 | task 42 | prompt processing progress, n_past = 2048, n_tokens = 512, progress = 0.5",
    "  File \"/usr/lib/python3/site-packages/transformers/modeling_utils.py\", line 4000, in forward",
    "INFO:     127.0.0.1:54321 - \"POST /v1/chat/completions HTTP/1.1\" 200 OK",
    "llama_perf_context_print:        eval time =    1234.56 ms /   100 runs   (   12.35 ms per token,    81.00 tokens per second)",
];

fn synthetic_log(bytes: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes + 1024);
    let mut i = 0usize;
    while out.len() < bytes {
        out.extend_from_slice(LINES[i % LINES.len()].as_bytes());
        out.push(b'\n');
        i += 1;
    }
    out.extend_from_slice(b"ggml_backend_cuda_buffer_type_alloc_buffer: allocating 9000.00 MiB on device 0: cudaMalloc failed: out of memory\n");
    out
}

fn throughput(c: &mut Criterion) {
    let log = synthetic_log(100 * 1000 * 1000);
    let mut group = c.benchmark_group("triage");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(log.len() as u64));
    group.bench_function("100 MB synthetic log", |b| {
        b.iter(|| vram_doctor::triage::diagnose_reader(&log[..], |_| {}).expect("scan"));
    });
    group.finish();
}

criterion_group!(benches, throughput);
criterion_main!(benches);
