//! Any bytes as a log (Crash Triage reads files of any size and encoding): a diagnosis, never a panic. The
//! lines are also read twice, once searched and once through remembered line shapes (what a big log uses):
//! both must find the same signals.
#![no_main]

use libfuzzer_sys::fuzz_target;
use vram_doctor::triage::signals::{LineWork, Shapes, signals_sampled};

fuzz_target!(|data: &[u8]| {
    let _ = vram_doctor::triage::diagnose_reader(data, |_| {});
    let text = String::from_utf8_lossy(data);
    let mut plain = LineWork::default();
    let mut remembered = LineWork {
        sigs: Vec::new(),
        shapes: Shapes::remembering(),
    };
    for line in text.lines() {
        signals_sampled(line, &mut plain, false);
        signals_sampled(line, &mut remembered, false);
        let (mut a, mut b) = (plain.sigs.clone(), remembered.sigs.clone());
        a.sort();
        b.sort();
        assert_eq!(a, b, "{line:?}");
    }
});
