//! Predicting llama-quantize's tensor table from the F16 header must match the real quantized headers
//! (made by llama-quantize from those same F16 models) tensor by tensor.

use std::path::Path;

use vram_doctor::model::{self, quantize};

fn load(name: &str) -> Option<model::ModelSpec> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fit/headers")
        .join(name);
    p.exists()
        .then(|| model::load(p.to_str().expect("utf8")).expect("header"))
}

#[test]
fn predicted_tables_match_real_quantizations_tensor_by_tensor() {
    let mut compared = 0;
    let mut tensors = 0;
    for arch in ["llama", "qwen2", "qwen3", "qwen3moe", "gemma3", "lfm2"] {
        let Some(f16) = load(&format!("syn-{arch}-f16.header.gguf")) else {
            continue;
        };
        for ftype in ["Q4_K_M", "Q8_0", "Q6_K", "Q4_0"] {
            let Some(real) = load(&format!("syn-{arch}-{}.header.gguf", ftype.to_lowercase()))
            else {
                continue;
            };
            let predicted =
                quantize::predict(&f16, ftype, quantize::Imatrix::Without).expect("predict");
            assert_eq!(predicted.tensors.len(), real.tensors.len());
            for t in &real.tensors {
                let p = predicted.tensor(&t.name).expect("same tensor names");
                assert_eq!(
                    (p.ggml_type, p.bytes),
                    (t.ggml_type, t.bytes),
                    "{arch} {ftype} {}",
                    t.name
                );
                tensors += 1;
            }
            assert_eq!(predicted.tensor_bytes, real.tensor_bytes);
            compared += 1;
        }
    }
    println!("{compared} quantizations, {tensors} tensors matched");
    assert!(compared >= 8, "compared only {compared}");
}

#[test]
fn every_ftype_predicts_or_names_the_problem() {
    let f16 = load("syn-llama-f16.header.gguf").expect("llama f16");
    let mut last = u64::MAX;
    for ftype in ["F16", "Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "Q3_K_M", "Q2_K"] {
        let p = quantize::predict(&f16, ftype, quantize::Imatrix::Without).expect(ftype);
        assert!(
            p.tensor_bytes < last,
            "{ftype} is not smaller than the previous quant"
        );
        last = p.tensor_bytes;
    }
    for (ftype, _) in quantize::FTYPES {
        let _ = quantize::predict(&f16, ftype, quantize::Imatrix::With);
    }
    assert!(quantize::predict(&f16, "Q9_Z", quantize::Imatrix::Without).is_err());
}
