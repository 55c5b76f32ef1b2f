//! Presets derive each quant's size the way llama-quantize would: compare with real files' sizes as llama.cpp
//! printed them ("model size = 4.58 GiB"; research/quants.tsv model_file rows).

use vram_doctor::model::{self, catalog};
use vram_doctor::units::GIB;

#[test]
fn preset_sizes_match_real_files() {
    let cases = [
        ("llama-3.1-8b@Q4_K_M", 4.58),
        ("llama-3.1-70b@Q4_K_M", 39.59),
        ("qwen2.5-7b@Q4_K_M", 4.36),
        ("qwen3-30b-a3b@Q4_K_M", 17.28),
        ("mixtral-8x7b@Q4_K_M", 26.49),
        ("mixtral-8x7b@Q8_0", 46.22),
    ];
    for (id, real_gib) in cases {
        let spec = model::load(&format!("preset:{id}")).expect(id);
        let gib = spec.tensor_bytes as f64 / GIB as f64;
        let err = (gib - real_gib).abs() / real_gib;
        println!(
            "{id}: predicted {gib:.2} GiB, real {real_gib} GiB ({:.2} %)",
            err * 100.0
        );
        assert!(
            err < 0.015,
            "{id}: predicted {gib:.2} GiB vs real {real_gib} GiB"
        );
    }
}

#[test]
fn every_preset_loads_at_its_default_quant() {
    for p in catalog::presets() {
        let spec = model::load(&format!("preset:{}", p.id)).expect(&p.id);
        assert_eq!(spec.hparams.n_layer, p.n_layer);
        assert!(spec.tensor_bytes > 0);
    }
}

/// The generated F16 tables have exactly the names and shapes of real converted files (synthetic F16 headers
/// written by llama.cpp's gguf-py for llama, qwen2, qwen3, qwen3moe and gemma3 layouts).
#[test]
fn generated_tables_match_converted_files() {
    let header = |a: &str| {
        let p = format!(
            "{}/tests/data/fit/headers/syn-{a}-f16.header.gguf",
            env!("CARGO_MANIFEST_DIR")
        );
        model::load(&p).expect("header")
    };
    for (arch, qkv_bias, qk_norm, post_norms) in [
        ("llama", false, false, false),
        ("qwen2", true, false, false),
        ("qwen3", false, true, false),
        ("qwen3moe", false, true, false),
        ("gemma3", false, true, true),
    ] {
        let real = header(arch);
        let hp = &real.hparams;
        let p = catalog::Preset {
            id: arch.into(),
            name: arch.into(),
            arch: arch.into(),
            n_layer: hp.n_layer,
            n_embd: hp.n_embd,
            n_ff: hp.n_ff.get(0),
            n_head: hp.n_head.get(0),
            n_head_kv: hp.n_head_kv.get(0),
            head_dim: hp.n_embd_head_k,
            n_vocab: hp.n_vocab,
            n_ctx_train: hp.n_ctx_train,
            tied: hp.tied_embeddings,
            qkv_bias,
            qk_norm,
            post_norms,
            fused_qkv: false,
            fused_gate_up: false,
            n_expert: hp.n_expert,
            n_expert_used: hp.n_expert_used,
            n_expert_shared: 0,
            n_ff_exp: hp.n_ff_exp,
            n_dense_lead: 0,
            n_swa: hp.n_swa,
            swa_period: hp.swa_period,
            mla: None,
            native_mxfp4: false,
            hub: None,
        };
        let generated = catalog::f16_spec(&p);
        let mut want: Vec<_> = real
            .tensors
            .iter()
            .map(|t| (t.name.clone(), t.dims.clone(), t.bytes))
            .collect();
        let mut got: Vec<_> = generated
            .tensors
            .iter()
            .map(|t| (t.name.clone(), t.dims.clone(), t.bytes))
            .collect();
        want.sort();
        got.sort();
        assert_eq!(got, want, "{arch}");
    }
}
