//! The binary as users and scripts run it: help, version, exit codes, no panics on bad input.

use std::process::Command;

fn vram_doctor(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_vram-doctor"))
        .args(args)
        .output()
        .expect("run vram-doctor")
}

#[test]
fn help_lists_every_subcommand() {
    let out = vram_doctor(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    for sub in [
        "gui", "inspect", "fit", "triage", "plan", "monitor", "models",
    ] {
        assert!(text.contains(sub), "--help does not mention {sub}:\n{text}");
    }
}

#[test]
fn version_prints_the_crate_version() {
    let out = vram_doctor(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains(env!("CARGO_PKG_VERSION")));
}

#[test]
fn usage_errors_exit_2_with_a_message() {
    let out = vram_doctor(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("frobnicate"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
