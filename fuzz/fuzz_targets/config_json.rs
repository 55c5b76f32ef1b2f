//! Any bytes as a Hugging Face `config.json` next to a valid one-tensor safetensors file: the hyper-parameter
//! mapping must cope with every JSON shape (wrong types, huge numbers, nesting), then the fit engine runs on it.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// A minimal safetensors file: one F16 [2, 2] tensor.
fn weights() -> Vec<u8> {
    let header = br#"{"model.embed_tokens.weight":{"dtype":"F16","shape":[2,2],"data_offsets":[0,8]}}"#;
    let mut b = (header.len() as u64).to_le_bytes().to_vec();
    b.extend_from_slice(header);
    b.extend_from_slice(&[0u8; 8]);
    b
}

fuzz_target!(|data: &[u8]| {
    let Ok(dir) = tempfile::tempdir() else { return };
    if std::fs::write(dir.path().join("model.safetensors"), weights()).is_err()
        || std::fs::write(dir.path().join("config.json"), data).is_err()
    {
        return;
    }
    if let Ok(spec) = vram_doctor::model::safetensors::load(dir.path()) {
        let req = vram_doctor::fit::FitRequest {
            ctx_size: 4096,
            backend: vram_doctor::fit::Backend::Cpu,
            ..Default::default()
        };
        let _ = vram_doctor::fit::estimate(&spec, &req);
    }
});
