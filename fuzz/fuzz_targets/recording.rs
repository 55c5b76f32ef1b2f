//! Any bytes as a Live Monitor recording (CSV): samples or an error naming the file, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = vram_doctor::monitor::replay::read(std::io::BufReader::new(data), "fuzz.csv");
});
