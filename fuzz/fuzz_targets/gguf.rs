//! Any bytes as a GGUF file: the reader must return a spec or an error, never panic or allocate unboundedly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::Write;

fuzz_target!(|data: &[u8]| {
    let Ok(mut f) = tempfile::Builder::new().suffix(".gguf").tempfile() else { return };
    if f.write_all(data).is_err() {
        return;
    }
    if let Some(path) = f.path().to_str() {
        let _ = vram_doctor::model::load(path);
    }
});
