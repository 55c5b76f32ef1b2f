//! The engine against real GPU runs (research/fit_vectors.tsv, public llama.cpp logs). Only rows whose
//! model can be rebuilt from the built-in catalog (`preset:` = config hyper-parameters + llama-quantize's
//! tensor rules) and whose settings are fully stated are used: Llama-3-8B Q4_K_M on 1/2/4 CUDA GPUs and
//! Metal (XD-*), Mistral-7B (logdetective-2k/32k: KV and compute; lcpp-7450 Q2_K) and gpt-oss-20b
//! (lcpp-17715, FA on), cache-type KV (lcpp-21551), partial offload (lmstudio-1360) and --no-mmap on two
//! GPUs (kobold-1882). Llama 3 and 3.1 8B share every tensor shape, so the 3.1 preset stands in.
//! Targets (issue 4): KV and compute within 2 %, weights within 3 %.

use vram_doctor::fit::{self, Backend, FitRequest, FlashAttn, GpuDevice, GpuLayers};
use vram_doctor::model;

const MIB: f64 = 1048576.0;

fn req(ctx: u32, ub: u32, fa: bool, gpus: usize, backend: Backend) -> FitRequest {
    FitRequest {
        ctx_size: ctx,
        batch_size: 2048.max(ub),
        ubatch_size: ub,
        flash_attn: if fa { FlashAttn::On } else { FlashAttn::Off },
        n_gpu_layers: GpuLayers::All,
        backend,
        gpus: (0..gpus)
            .map(|i| GpuDevice {
                name: format!("gpu{i}"),
                capacity_bytes: 80 << 30,
                bandwidth_gbps: None,
            })
            .collect(),
        // Every log here predates llama.cpp#23764 (May 2026, f16 flash-attention mask), and every host buffer
        // compared predates #18550 (January 2026: an embeddings input beside the token rows).
        f32_fa_mask: true,
        single_embd_input: true,
        ..Default::default()
    }
}

struct Check {
    failures: Vec<String>,
    n: usize,
    worst: f64,
}

impl Check {
    fn cmp(&mut self, id: &str, what: &str, pred: u64, truth_mib: f64, tol: f64) {
        let p = pred as f64 / MIB;
        let err = (p - truth_mib).abs() / truth_mib;
        println!(
            "{id} {what}: predicted {p:.2} MiB, llama.cpp {truth_mib:.2} MiB ({:+.2} %)",
            (p - truth_mib) / truth_mib * 100.0
        );
        self.n += 1;
        self.worst = self.worst.max(err);
        if err > tol {
            self.failures
                .push(format!("{id} {what}: {p:.2} vs {truth_mib:.2} MiB"));
        }
    }
}

#[test]
fn cuda_and_metal_logs() {
    let mut c = Check {
        failures: vec![],
        n: 0,
        worst: 0.0,
    };
    let llama = model::load("preset:llama-3.1-8b@Q4_K_M").expect("preset");

    // XD-1x (CUDA) and XD-metal-8k: 8192 ctx, FA off, all 33 layers.
    for (id, backend) in [("XD-1x", Backend::Cuda), ("XD-metal-8k", Backend::Metal)] {
        let r = fit::estimate(&llama, &req(8192, 512, false, 1, backend)).unwrap();
        let (g, h) = (&r.devices[0], r.host().unwrap());
        c.cmp(id, "GPU weights", g.weights_bytes, 4403.49, 0.03);
        c.cmp(id, "host weights", h.weights_bytes, 281.81, 0.03);
        c.cmp(id, "KV", g.kv_bytes, 1024.0, 0.02);
        c.cmp(id, "GPU compute", g.compute_bytes, 560.0, 0.02);
        c.cmp(id, "host compute", h.compute_bytes, 24.01, 0.02);
        c.cmp(id, "output", h.output_bytes, 0.49, 0.02);
        assert_eq!(r.layers_offloaded, 33);
    }
    // XD-metal-512: ctx 512, batch 512.
    let r = fit::estimate(&llama, &req(512, 512, false, 1, Backend::Metal)).unwrap();
    c.cmp("XD-metal-512", "KV", r.devices[0].kv_bytes, 64.0, 0.02);
    c.cmp(
        "XD-metal-512",
        "GPU compute",
        r.devices[0].compute_bytes,
        258.5,
        0.02,
    );
    c.cmp(
        "XD-metal-512",
        "host compute",
        r.host().unwrap().compute_bytes,
        9.01,
        0.02,
    );

    // XD-2x: two equal GPUs, pipeline parallelism (4 copies).
    let r = fit::estimate(&llama, &req(8192, 512, false, 2, Backend::Cuda)).unwrap();
    c.cmp(
        "XD-2x",
        "CUDA0 weights",
        r.devices[0].weights_bytes,
        2113.28,
        0.03,
    );
    c.cmp(
        "XD-2x",
        "CUDA1 weights",
        r.devices[1].weights_bytes,
        2290.21,
        0.03,
    );
    c.cmp("XD-2x", "CUDA0 KV", r.devices[0].kv_bytes, 544.0, 0.02);
    c.cmp("XD-2x", "CUDA1 KV", r.devices[1].kv_bytes, 480.0, 0.02);
    c.cmp(
        "XD-2x",
        "CUDA0 compute",
        r.devices[0].compute_bytes,
        640.01,
        0.02,
    );
    c.cmp(
        "XD-2x",
        "host compute",
        r.host().unwrap().compute_bytes,
        72.02,
        0.02,
    );

    // XD-4x: the layer split (KV 9/8/8/7 layers).
    let r = fit::estimate(&llama, &req(8192, 512, false, 4, Backend::Cuda)).unwrap();
    for (i, kv) in [288.0, 256.0, 256.0, 224.0].into_iter().enumerate() {
        c.cmp(
            "XD-4x",
            &format!("CUDA{i} KV"),
            r.devices[i].kv_bytes,
            kv,
            0.02,
        );
    }
    for (i, w) in [1130.62, 982.66, 982.66, 1307.55].into_iter().enumerate() {
        c.cmp(
            "XD-4x",
            &format!("CUDA{i} weights"),
            r.devices[i].weights_bytes,
            w,
            0.03,
        );
    }

    // Mistral-7B: logdetective (ub 512, b 512, FA off) and lcpp-7450 (Q2_K, ctx 32000).
    let mistral = model::load("preset:mistral-7b@Q4_K_M").expect("preset");
    for (id, ctx, kv, comp, host) in [
        ("logdetective-2k", 2048, 256.0, 164.0, 12.01),
        ("logdetective-32k", 32768, 4096.0, 2144.0, 72.01),
    ] {
        let r = fit::estimate(&mistral, &req(ctx, 512, false, 1, Backend::Cuda)).unwrap();
        c.cmp(id, "KV", r.devices[0].kv_bytes, kv, 0.02);
        c.cmp(id, "GPU compute", r.devices[0].compute_bytes, comp, 0.02);
        c.cmp(
            id,
            "host compute",
            r.host().unwrap().compute_bytes,
            host,
            0.02,
        );
    }
    let q2 = model::load("preset:mistral-7b@Q2_K").expect("preset");
    // ctx 32000 in that (2024) build was not padded to 256; today's pads to 32000 → 32000 (a multiple).
    let r = fit::estimate(&q2, &req(32000, 512, false, 1, Backend::Cuda)).unwrap();
    c.cmp("lcpp-7450", "KV", r.devices[0].kv_bytes, 4000.0, 0.02);
    c.cmp(
        "lcpp-7450",
        "GPU compute",
        r.devices[0].compute_bytes,
        2094.5,
        0.02,
    );
    c.cmp(
        "lcpp-7450",
        "host compute",
        r.host().unwrap().compute_bytes,
        70.51,
        0.02,
    );
    // Its weights are not compared: the quant is only inferred from token_embd's size, and the 2023
    // Q2_K mixture differs from today's llama-quantize rules (-11.9 % on the GPU part).

    // gpt-oss-20b on Vulkan, 16k, FA on: SWA 128 on alternate layers.
    let oss = model::load("preset:gpt-oss-20b").expect("preset");
    let r = fit::estimate(&oss, &req(16384, 512, true, 1, Backend::Vulkan)).unwrap();
    c.cmp("lcpp-17715-fa", "KV", r.devices[0].kv_bytes, 402.0, 0.02);
    c.cmp(
        "lcpp-17715-fa",
        "GPU compute",
        r.devices[0].compute_bytes,
        398.0,
        0.02,
    );

    // lcpp-21551: KV at 6656 cells for f16 / q8_0 / q4_0 (FA on). Magidonia = Mistral-Small-24B shapes,
    // Bonsai 8B = Qwen3-8B shapes (36 layers, 8 KV heads × 128).
    let small = model::load("preset:mistral-small-24b@Q5_K_M").expect("preset");
    let qwen3 = model::load("preset:qwen3-8b@Q4_K_M").expect("preset");
    for (id, spec, ctx, kvs) in [
        ("lcpp-21551-magidonia", &small, 6656, [1040.0, 552.5, 292.5]),
        ("lcpp-21551-bonsai", &qwen3, 2560, [360.0, 191.25, 101.25]),
    ] {
        for (t, kv) in ["f16", "q8_0", "q4_0"].into_iter().zip(kvs) {
            let mut r = req(ctx, 512, true, 1, Backend::Cuda);
            r.cache_type_k = t.into();
            r.cache_type_v = t.into();
            let rep = fit::estimate(spec, &r).unwrap();
            c.cmp(id, &format!("KV {t}"), rep.devices[0].kv_bytes, kv, 0.02);
        }
    }
    // lmstudio-1360: DeepSeek-R1-Distill-Qwen-14B ~Q4_K_M, -ngl 20 of 49 = output + the last 19 blocks.
    let r1 = model::load("preset:deepseek-r1-distill-qwen-14b@Q4_K_M").expect("preset");
    let mut r = req(8192, 512, true, 1, Backend::Cuda);
    r.n_gpu_layers = GpuLayers::Count(20);
    let rep = fit::estimate(&r1, &r).unwrap();
    assert_eq!(rep.layers_offloaded, 20);
    assert_eq!(rep.layers_total, 49);
    c.cmp(
        "lmstudio-1360",
        "CUDA0 weights",
        rep.devices[0].weights_bytes,
        3621.44,
        0.03,
    );
    c.cmp(
        "lmstudio-1360",
        "CPU_Mapped weights",
        rep.host().unwrap().weights_bytes,
        4944.60,
        0.03,
    );
    // kobold-1882: Mistral-Small-24B Q8_0, --no-mmap, two GPUs: token_embd in CUDA_Host, the rest on GPUs.
    let q8 = model::load("preset:mistral-small-24b@Q8_0").expect("preset");
    let mut r = req(4096, 512, true, 2, Backend::Cuda);
    r.mmap = false;
    let rep = fit::estimate(&q8, &r).unwrap();
    c.cmp(
        "kobold-1882",
        "host weights",
        rep.host().unwrap().weights_bytes,
        680.0,
        0.03,
    );
    c.cmp(
        "kobold-1882",
        "GPU weights (sum)",
        rep.devices[0].weights_bytes + rep.devices[1].weights_bytes,
        11826.45 + 11380.14,
        0.03,
    );

    println!("{} comparisons, worst {:.2} %", c.n, c.worst * 100.0);
    assert!(c.failures.is_empty(), "{:#?}", c.failures);
}
