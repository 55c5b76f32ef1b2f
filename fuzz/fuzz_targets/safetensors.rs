//! Any bytes as a .safetensors file.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::Write;

fuzz_target!(|data: &[u8]| {
    let Ok(mut f) = tempfile::Builder::new().suffix(".safetensors").tempfile() else { return };
    if f.write_all(data).is_err() {
        return;
    }
    let _ = vram_doctor::model::safetensors::load(f.path());
});
