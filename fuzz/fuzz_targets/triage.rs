//! Any bytes as a log (Crash Triage reads files of any size and encoding): a diagnosis, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = vram_doctor::triage::diagnose_reader(data, |_| {});
});
