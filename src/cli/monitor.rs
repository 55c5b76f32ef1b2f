//! `vram-doctor monitor [--once] [--interval SECS] [--duration SECS] [--csv FILE] [--json]` (CONTRACT.md).

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::hardware::probe::detect_os;
use crate::monitor::live::LiveSource;
use crate::monitor::{Sample, Sampler, Timeline, detect::detect, replay};
use crate::units::format_gib;

#[derive(Debug, clap::Args)]
pub struct MonitorArgs {
    /// Print one snapshot and exit.
    #[arg(long)]
    pub once: bool,
    /// Seconds between samples.
    #[arg(long, default_value_t = 1.0)]
    pub interval: f64,
    /// Stop after this many seconds (default: run until interrupted).
    #[arg(long)]
    pub duration: Option<f64>,
    /// Also record every sample to this CSV file (replayable with "Open recording…" in the window).
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// One JSON object per sample (with --once: exactly one document).
    #[arg(long)]
    pub json: bool,
}

/// The CONTRACT.md snapshot of a sample and the alerts that hold.
pub fn snapshot_json(s: &Sample, timeline: &Timeline) -> serde_json::Value {
    json!({
        "time": s.time,
        "os": detect_os().as_str(),
        "gpu_status": s.gpu_problem.clone().unwrap_or_else(|| "ok".into()),
        "gpus": s.gpus.iter().map(|g| json!({
            "index": g.index,
            "name": g.name,
            "vendor": g.vendor,
            "memory_total_bytes": g.memory_total_bytes,
            "memory_used_bytes": g.memory_used_bytes,
            "memory_reserved_bytes": g.memory_reserved_bytes,
            "utilization_percent": g.utilization_percent,
            "shared_used_bytes": g.shared_used_bytes,
            "temperature_c": g.extras.and_then(|e| e.temperature_c),
            "power_watts": g.extras.and_then(|e| e.power_watts),
            "sm_clock_mhz": g.extras.and_then(|e| e.sm_clock_mhz),
            "pcie_rx_kbps": g.extras.and_then(|e| e.pcie_rx_kbps),
            "pcie_tx_kbps": g.extras.and_then(|e| e.pcie_tx_kbps),
            "processes": g.processes.iter().map(|p| json!({"pid": p.pid, "name": p.name, "used_bytes": p.used_bytes})).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "host": {
            "ram_total_bytes": s.host.ram_total_bytes,
            "ram_available_bytes": s.host.ram_available_bytes,
            "swap_total_bytes": s.host.swap_total_bytes,
            "swap_used_bytes": s.host.swap_used_bytes,
            "major_faults_per_sec": s.host.major_faults_per_sec,
            "memory_pressure_percent": s.host.memory_pressure_percent,
            // Beyond the contract's keys (additive): the rest of what the detectors saw.
            "memory_pressure_full_percent": s.host.memory_pressure_full_percent,
            "swap_in_per_sec": s.host.swap_in_per_sec,
            "swap_out_per_sec": s.host.swap_out_per_sec,
            "oom_kills": s.host.oom_kills,
            "commit_bytes": s.host.commit_bytes,
            "commit_limit_bytes": s.host.commit_limit_bytes,
            "pagefile_total_bytes": s.host.pagefile_total_bytes,
            "pagefile_used_bytes": s.host.pagefile_used_bytes,
            "gpu_shared_bytes": s.host.gpu_shared_bytes,
            "wsl_memory_limit_bytes": s.host.wsl_memory_limit_bytes,
            "wsl_note": s.host.wsl_note,
        },
        "alerts": detect(timeline).iter().map(|a| json!({"kind": a.kind.as_str(), "message": a.message})).collect::<Vec<_>>(),
    })
}

fn table_row(s: &Sample) -> String {
    let gpus: Vec<String> = s
        .gpus
        .iter()
        .map(|g| {
            format!(
                "GPU{} {}/{} {}%",
                g.index,
                format_gib(g.memory_used_bytes + g.memory_reserved_bytes),
                format_gib(g.memory_total_bytes),
                g.utilization_percent.map_or("-".into(), |u| u.to_string())
            )
        })
        .collect();
    format!(
        "RAM avail {:>10}  swap used {:>10}  faults/s {:>7}  {}",
        format_gib(s.host.ram_available_bytes),
        format_gib(s.host.swap_used_bytes),
        s.host
            .major_faults_per_sec
            .map_or("-".into(), |f| format!("{f:.0}")),
        if gpus.is_empty() {
            s.gpu_problem.clone().unwrap_or_default()
        } else {
            gpus.join("  ")
        }
    )
}

pub fn run(args: &MonitorArgs, out: &mut dyn Write) -> Result<u8, String> {
    if !(args.interval.is_finite() && args.interval >= 0.05) {
        return Err(format!(
            "--interval {}: must be at least 0.05 seconds",
            args.interval
        ));
    }
    let io = |e: std::io::Error| format!("writing: {e}");
    let mut csv = match &args.csv {
        Some(path) => {
            let mut f =
                std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
            writeln!(f, "{}", replay::HEADER).map_err(|e| format!("{}: {e}", path.display()))?;
            Some(f)
        }
        None => None,
    };
    let mut timeline = Timeline::default();
    // One sample: into the timeline, the recording and the output.
    let mut emit = |s: Sample, out: &mut dyn Write| -> Result<(), String> {
        timeline.push(s.clone());
        if let Some(f) = &mut csv {
            replay::write_sample(f, &s).map_err(io)?;
        }
        if args.json {
            writeln!(out, "{}", snapshot_json(&s, &timeline)).map_err(io)?;
        } else {
            writeln!(out, "{}", table_row(&s)).map_err(io)?;
            for a in detect(&timeline) {
                writeln!(out, "  ALERT {}: {}", a.kind.as_str(), a.message).map_err(io)?;
            }
        }
        out.flush().map_err(io)
    };
    if args.once {
        // Two samples half a second apart, so the rates (page faults/s) are real.
        let mut source = LiveSource::new();
        let _ = crate::monitor::Source::sample(&mut source);
        std::thread::sleep(Duration::from_millis(500));
        let s = crate::monitor::Source::sample(&mut source).ok_or("no sample")?;
        emit(s, out)?;
        return Ok(0);
    }
    let sampler = Sampler::spawn(
        Box::new(LiveSource::new()),
        Duration::from_secs_f64(args.interval),
        || {},
    )
    .map_err(|e| format!("could not start the sampler: {e}"))?;
    let start = Instant::now();
    loop {
        if args
            .duration
            .is_some_and(|d| start.elapsed().as_secs_f64() >= d)
        {
            return Ok(0);
        }
        let Some(s) = sampler.next(Duration::from_secs_f64(args.interval * 2.0 + 1.0)) else {
            return Err("the sampler stopped".into());
        };
        emit(s, out)?;
    }
}
