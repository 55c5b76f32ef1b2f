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
    // Windows: the driver's sysmem fallback (shared GPU memory growing while VRAM is full, GPU still busy).
    assert_eq!(alerts("win_shared_spill.csv"), set(&[AlertKind::CpuSpill]));
    // Windows: a small page file runs out of commit while RAM still shows gigabytes available.
    assert_eq!(alerts("win_commit_full.csv"), set(&[AlertKind::Paging]));
    // amdgpu: GTT (system RAM mapped for the GPU) growing while VRAM is 92 % full.
    assert_eq!(alerts("amd_gtt_spill.csv"), set(&[AlertKind::CpuSpill]));
    // WSL2 capped by .wslconfig: RAM and swap exhausted.
    assert_eq!(alerts("wsl_paging.csv"), set(&[AlertKind::Paging]));
}

#[test]
fn healthy_traces_raise_nothing() {
    for trace in [
        "healthy_90.csv",
        "brief_spike.csv",
        "idle_full.csv",
        "healthy_faults.csv",
        // Windows: VRAM 94 %, shared GPU memory steady (compositor noise, a 100 MiB blip), commit 85 %.
        "win_healthy.csv",
        // Windows desktop: compositor, browser and chat hold 1.5 GiB together, none of them 1 GiB alone.
        "win_desktop_holders.csv",
        // amdgpu: VRAM 92 %, GTT steady at ~600 MiB of display buffers.
        "amd_gtt_steady.csv",
    ] {
        assert_eq!(alerts(trace), set(&[]), "{trace}");
    }
}

/// The alerts at the end of a trace.
fn final_alerts(trace: &str) -> Vec<vram_doctor::monitor::Alert> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/monitor")
        .join(trace);
    let mut source = ReplaySource::open(&path).expect("trace");
    let mut t = Timeline::default();
    while let Some(s) = source.sample() {
        t.push(s);
    }
    detect(&t)
}

fn message(trace: &str, kind: AlertKind) -> String {
    final_alerts(trace)
        .into_iter()
        .find(|a| a.kind == kind)
        .map(|a| a.message)
        .unwrap_or_else(|| panic!("{trace}: no {kind:?} alert at the end"))
}

#[test]
fn windows_and_wsl_alerts_name_their_cause() {
    let spill = message("win_shared_spill.csv", AlertKind::CpuSpill);
    assert!(spill.contains("shared GPU memory"), "{spill}");
    assert!(spill.contains("grew from"), "{spill}");
    assert!(spill.contains("Sysmem Fallback"), "{spill}");
    let gtt = message("amd_gtt_spill.csv", AlertKind::CpuSpill);
    assert!(
        gtt.contains("GTT (system RAM mapped for the GPU) grew from"),
        "{gtt}"
    );
    assert!(!gtt.contains("Sysmem"), "{gtt}");
    let commit = message("win_commit_full.csv", AlertKind::Paging);
    assert!(
        commit.contains("commit 17.50 GiB of 18.00 GiB limit"),
        "{commit}"
    );
    assert!(commit.contains("page file"), "{commit}");
    let wsl = message("wsl_paging.csv", AlertKind::Paging);
    assert!(wsl.contains("WSL2 is capped at 8.00 GiB"), "{wsl}");
    assert!(wsl.contains("wsl --shutdown"), "{wsl}");
}

#[test]
fn alert_messages_carry_the_numbers() {
    let a = final_alerts("paging.csv");
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
