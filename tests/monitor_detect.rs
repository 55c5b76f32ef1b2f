//! Detectors on recorded traces (the monitor's own CSV format): each failure's signature raises its alert,
//! and healthy traces — a run near 90 % VRAM, a brief spike, an idle server, page-cache faults — raise none.

use std::collections::BTreeSet;
use std::path::Path;

use vram_doctor::monitor::{AlertKind, Source, Timeline, detect::detect, replay::ReplaySource};

/// Replays a trace sample by sample, as the GUI would see it, and collects every alert kind ever raised.
fn alerts(trace: &str) -> BTreeSet<AlertKind> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/monitor")
        .join(trace);
    let mut source = ReplaySource::open(&path).expect("trace");
    let mut timeline = Timeline::default();
    let mut seen = BTreeSet::new();
    while let Some(s) = source.sample() {
        timeline.push(s);
        for a in detect(&timeline) {
            assert!(!a.message.is_empty());
            seen.insert(a.kind);
        }
    }
    assert!(
        timeline.len() >= 20,
        "{trace}: only {} samples",
        timeline.len()
    );
    seen
}

fn set(kinds: &[AlertKind]) -> BTreeSet<AlertKind> {
    kinds.iter().copied().collect()
}

#[test]
fn each_signature_raises_its_alert() {
    assert_eq!(alerts("vram_full.csv"), set(&[AlertKind::VramFull]));
    assert_eq!(alerts("paging.csv"), set(&[AlertKind::Paging]));
    assert_eq!(alerts("cpu_spill.csv"), set(&[AlertKind::CpuSpill]));
    assert_eq!(alerts("held_by_other.csv"), set(&[AlertKind::HeldByOther]));
}

#[test]
fn healthy_traces_raise_nothing() {
    for trace in [
        "healthy_90.csv",
        "brief_spike.csv",
        "idle_full.csv",
        "healthy_faults.csv",
    ] {
        assert_eq!(alerts(trace), set(&[]), "{trace}");
    }
}

#[test]
fn alert_messages_carry_the_numbers() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/monitor/paging.csv");
    let mut source = ReplaySource::open(&path).expect("trace");
    let mut t = Timeline::default();
    while let Some(s) = source.sample() {
        t.push(s);
    }
    let a = detect(&t);
    let paging = a
        .iter()
        .find(|a| a.kind == AlertKind::Paging)
        .expect("paging");
    assert!(
        paging.message.contains("of 32.00 GiB RAM available"),
        "{}",
        paging.message
    );
    assert!(
        paging.message.contains("850 major page faults/s"),
        "{}",
        paging.message
    );
}
