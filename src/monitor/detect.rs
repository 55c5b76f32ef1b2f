//! Detectors: name the failure from the timeline. Each condition must hold for every sample of the last
//! `WINDOW_SECS` (and at least `MIN_SAMPLES` of them), so a brief spike never raises an alert.
//! Thresholds: research/monitor.md §5.2 (earlyoom, systemd-oomd, nvitop bands, NVIDIA sysmem-fallback notes).

use serde::{Deserialize, Serialize};

use super::{Sample, Timeline, is_inference_name};
use crate::units::{GIB, format_auto};

/// Rolling window a condition must hold for (research/monitor.md §5.2: window_short = 10 s).
pub const WINDOW_SECS: f64 = 10.0;
/// Fewer samples than this in the window are not enough to decide (a 1 Hz sampler has ~10).
pub const MIN_SAMPLES: usize = 3;
/// VRAM exhaustion: (used + reserved) / total (§5.2 rule 2).
pub const VRAM_FULL: f64 = 0.95;
/// Spill: VRAM at least this full … (§5.2 rule 3, heuristic)
pub const SPILL_VRAM: f64 = 0.90;
/// … GPU utilisation at most this (nvitop's "light" band is < 10 %) …
pub const SPILL_GPU_UTIL: f64 = 10.0;
/// … while an inference process is busy on the CPU (percent of one core).
pub const SPILL_CPU: f64 = 50.0;
/// Paging: MemAvailable at most 10 % of RAM (earlyoom default) …
pub const RAM_AVAILABLE_LOW: f64 = 0.10;
/// … with swap at most 10 % free, or pages moving in/out of swap, or hard faults …
pub const SWAP_FREE_LOW: f64 = 0.10;
/// … or PSI memory "some avg10" at least 10 % (heuristic early warning; oomd acts at 60 %).
pub const PSI_SOME: f64 = 10.0;
/// Major page faults per second that count as paging activity with low memory (NT guidance: > 5 hard reads/s).
pub const MAJOR_FAULTS: f64 = 50.0;
/// Windows: commit charge at least this share of the commit limit is "out of memory" whatever RAM is free —
/// allocations fail once it is reached (research/monitor.md §2: "commit ≥ ~90 % predicts allocation failures").
pub const COMMIT_HIGH: f64 = 0.90;
/// … and at this share it is an alert on its own (the small-page-file failure).
pub const COMMIT_FULL: f64 = 0.95;
/// Windows spill: shared GPU memory at least this share of VRAM … (research/monitor.md §5.3: "Shared Usage ≥
/// 5 % of VRAM and rising")
pub const SPILL_SHARED: f64 = 0.05;
/// … and grown by at least this much within the window (noise from the desktop compositor is megabytes).
pub const SPILL_SHARED_GROWTH: u64 = 256 << 20;
/// VRAM held by one process other than the runtime: at least this much (or 10 % of the card). One holder, not
/// the sum: on a Windows desktop the compositor, a browser and a chat app hold a few hundred MiB each, which is
/// normal and not what this alert is for (a stale Python session holding gigabytes).
pub const HELD_MIN: u64 = GIB;
/// The desktop's own GPU users (compositors, display servers): never "stale", never to be ended.
pub const DESKTOP_NAMES: [&str; 8] = [
    "dwm.exe",
    "xorg",
    "xwayland",
    "gnome-shell",
    "kwin_wayland",
    "kwin_x11",
    "explorer.exe",
    "csrss.exe",
];

fn is_desktop(name: &str) -> bool {
    // A bare name or a path ending in one.
    let n = name.to_ascii_lowercase();
    let base = n.rsplit('/').next().unwrap_or(&n);
    DESKTOP_NAMES.contains(&base)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AlertKind {
    VramFull,
    Paging,
    CpuSpill,
    HeldByOther,
}

impl AlertKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::VramFull => "vram_full",
            Self::Paging => "paging",
            Self::CpuSpill => "cpu_spill",
            Self::HeldByOther => "held_by_other",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Self::VramFull => "GPU memory is full",
            Self::Paging => "System RAM exhausted: paging",
            Self::CpuSpill => "Silent CPU spill: the GPU waits",
            Self::HeldByOther => "VRAM held by another process",
        }
    }
}

/// A named failure with what was seen, in numbers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Alert {
    pub kind: AlertKind,
    pub message: String,
    /// Time (Unix seconds) the condition started holding within the window.
    pub since: f64,
}

/// True when `cond` holds for every sample of the last window and there are enough of them.
fn sustained(t: &Timeline, cond: impl Fn(&Sample) -> bool) -> Option<f64> {
    let w: Vec<&Sample> = t.window(WINDOW_SECS).collect();
    if w.len() < MIN_SAMPLES || !w.iter().all(|s| cond(s)) {
        return None;
    }
    w.first().map(|s| s.time)
}

fn paging_now(s: &Sample) -> bool {
    let h = &s.host;
    let ram_low = h.ram_total_bytes > 0
        && (h.ram_available_bytes as f64) <= RAM_AVAILABLE_LOW * h.ram_total_bytes as f64;
    let swap_low = h.swap_total_bytes == 0
        || (h.swap_total_bytes.saturating_sub(h.swap_used_bytes) as f64)
            <= SWAP_FREE_LOW * h.swap_total_bytes as f64;
    let swapping = h.swap_in_per_sec.unwrap_or(0.0) + h.swap_out_per_sec.unwrap_or(0.0) > 0.0;
    let faulting = h.major_faults_per_sec.unwrap_or(0.0) >= MAJOR_FAULTS;
    let pressure = h.memory_pressure_percent.unwrap_or(0.0) >= PSI_SOME;
    let commit = commit_fraction(s).unwrap_or(0.0);
    pressure
        || commit >= COMMIT_FULL
        || (ram_low && (swap_low || swapping || faulting || commit >= COMMIT_HIGH))
}

/// Windows commit charge / limit.
fn commit_fraction(s: &Sample) -> Option<f64> {
    let (c, l) = (s.host.commit_bytes?, s.host.commit_limit_bytes?);
    (l > 0).then(|| c as f64 / l as f64)
}

/// System RAM GPU `i` uses: its own figure (amdgpu GTT), else on Windows the busiest adapter's shared usage,
/// which the live source attributes to the first GPU.
fn shared_of(s: &Sample, i: usize) -> Option<u64> {
    s.gpus.get(i)?.shared_used_bytes.or(if i == 0 {
        s.host.gpu_shared_bytes
    } else {
        None
    })
}

/// Spill into system RAM for GPU `i` over the window: VRAM ≥ 90 % throughout and the GPU's shared memory
/// (Windows shared usage, amdgpu GTT) large and growing. Returns (window start, shared then, shared now).
fn shared_growth(t: &Timeline, i: usize) -> Option<(f64, u64, u64)> {
    let w: Vec<&Sample> = t.window(WINDOW_SECS).collect();
    if w.len() < MIN_SAMPLES
        || !w.iter().all(|s| {
            s.gpus
                .get(i)
                .is_some_and(|g| g.used_fraction() >= SPILL_VRAM)
        })
    {
        return None;
    }
    let start = w.first()?;
    let first = shared_of(start, i)?;
    let last = w.last()?;
    let now = shared_of(last, i)?;
    let total = last.gpus.get(i)?.memory_total_bytes;
    (now as f64 >= SPILL_SHARED * total as f64 && now >= first.saturating_add(SPILL_SHARED_GROWTH))
        .then_some((start.time, first, now))
}

/// VRAM held by processes other than the inference runtime (the biggest holder with a runtime's name, else
/// the biggest holder) and the desktop: (pid, name, bytes) of the largest other holder, the total held by
/// others, and the card's size — when that largest holder alone is big enough to matter.
fn others(s: &Sample) -> Option<(u32, String, u64, u64, u64)> {
    for g in &s.gpus {
        let runtime = g
            .processes
            .iter()
            .filter(|p| is_inference_name(&p.name))
            .max_by_key(|p| p.used_bytes)
            .or_else(|| g.processes.iter().max_by_key(|p| p.used_bytes))?;
        let rest: Vec<_> = g
            .processes
            .iter()
            .filter(|p| p.pid != runtime.pid && !is_desktop(&p.name))
            .collect();
        let held: u64 = rest.iter().map(|p| p.used_bytes).sum();
        let min = HELD_MIN.max(g.memory_total_bytes / 10);
        if let Some(big) = rest.iter().max_by_key(|p| p.used_bytes)
            && big.used_bytes >= min
        {
            return Some((
                big.pid,
                big.name.clone(),
                big.used_bytes,
                held,
                g.memory_total_bytes,
            ));
        }
    }
    None
}

/// Every alert that holds now. Paging comes first: thrash starves everything and makes the others fire.
pub fn detect(t: &Timeline) -> Vec<Alert> {
    let mut alerts = Vec::new();
    let Some(latest) = t.latest() else {
        return alerts;
    };
    if let Some(since) = sustained(t, paging_now) {
        let h = &latest.host;
        let mut seen = vec![format!(
            "{} of {} RAM available",
            format_auto(h.ram_available_bytes),
            format_auto(h.ram_total_bytes)
        )];
        if h.swap_total_bytes > 0 {
            seen.push(format!(
                "swap {} of {} used",
                format_auto(h.swap_used_bytes),
                format_auto(h.swap_total_bytes)
            ));
        } else {
            seen.push("no swap".into());
        }
        if let Some(f) = h.major_faults_per_sec {
            seen.push(format!("{f:.0} major page faults/s"));
        }
        if let Some(p) = h.memory_pressure_percent {
            seen.push(format!("memory pressure {p:.0} %"));
        }
        if let (Some(c), Some(l)) = (h.commit_bytes, h.commit_limit_bytes) {
            seen.push(format!(
                "commit {} of {} limit",
                format_auto(c),
                format_auto(l)
            ));
        }
        // Where the cure is: the page file (Windows), the WSL2 VM's cap, or swap.
        let fix = if let Some(limit) = h.wsl_memory_limit_bytes {
            format!(
                "WSL2 is capped at {} by memory= in %UserProfile%\\.wslconfig: raise it (and swap=), then run `wsl --shutdown`; or use a smaller model or context.",
                format_auto(limit)
            )
        } else if h.commit_limit_bytes.is_some() {
            "Let Windows manage the page file (or enlarge it) and leave room on its drive, or use a smaller model or context.".to_owned()
        } else {
            "Add swap, close other programs, or use a smaller model or context.".to_owned()
        };
        alerts.push(Alert {
            kind: AlertKind::Paging,
            message: format!(
                "{} for {:.0} s. The model does not fit in system memory: the OS is paging (or out of commit), which looks like a hang or a GPU error but is RAM. {fix}",
                seen.join(", "),
                latest.time - since
            ),
            since,
        });
    }
    for (i, g) in latest.gpus.iter().enumerate() {
        let full = |s: &Sample| {
            s.gpus
                .get(i)
                .is_some_and(|g| g.used_fraction() >= VRAM_FULL)
        };
        if let Some(since) = sustained(t, full) {
            alerts.push(Alert {
                kind: AlertKind::VramFull,
                message: format!(
                    "{}: {} of {} in use ({:.0} %). The next allocation (a longer prompt, a second model) will fail with out-of-memory, or on Windows spill silently to system RAM.",
                    g.name,
                    format_auto(g.memory_used_bytes + g.memory_reserved_bytes),
                    format_auto(g.memory_total_bytes),
                    g.used_fraction() * 100.0
                ),
                since,
            });
        }
        let spill = |s: &Sample| {
            s.gpus.get(i).is_some_and(|g| {
                g.used_fraction() >= SPILL_VRAM
                    && g.utilization_percent
                        .is_some_and(|u| f64::from(u) <= SPILL_GPU_UTIL)
            }) && s
                .inference
                .as_ref()
                .is_some_and(|p| p.cpu_percent >= SPILL_CPU)
        };
        if let Some((since, from, to)) = shared_growth(t, i) {
            let (what, why) = if g.shared_used_bytes.is_some() {
                (
                    "GTT (system RAM mapped for the GPU)",
                    "The driver is evicting model data from VRAM to system RAM: every token crosses PCIe, expect a few tok/s. Use a smaller quant, fewer layers or a smaller context.",
                )
            } else {
                (
                    "shared GPU memory (system RAM the GPU uses)",
                    "The driver is putting model data in system RAM (NVIDIA sysmem fallback): every token crosses PCIe, expect a few tok/s. Use a smaller quant, fewer layers or a smaller context; NVIDIA Control Panel > CUDA - Sysmem Fallback Policy > Prefer No Sysmem Fallback makes it fail fast instead.",
                )
            };
            alerts.push(Alert {
                kind: AlertKind::CpuSpill,
                message: format!(
                    "{}: VRAM {:.0} % full and {what} grew from {} to {} in {:.0} s. {why}",
                    g.name,
                    g.used_fraction() * 100.0,
                    format_auto(from),
                    format_auto(to),
                    latest.time - since
                ),
                since,
            });
        } else if let Some(since) = sustained(t, spill) {
            let w: Vec<&Sample> = t.window(WINDOW_SECS).collect();
            let util = w
                .iter()
                .filter_map(|s| s.gpus.get(i)?.utilization_percent)
                .map(f64::from)
                .sum::<f64>()
                / w.len().max(1) as f64;
            let cpu = latest.inference.as_ref().map_or(0.0, |p| p.cpu_percent);
            let name = latest
                .inference
                .as_ref()
                .map_or("the runtime", |p| p.name.as_str());
            alerts.push(Alert {
                kind: AlertKind::CpuSpill,
                message: format!(
                    "{}: VRAM {:.0} % full but the GPU averages {util:.0} % busy while {name} uses {cpu:.0} % CPU. Part of the model runs from system RAM (layers on the CPU, or the driver's sysmem fallback): expect ~2 tok/s. Use a smaller quant, fewer layers, or a smaller context.",
                    g.name,
                    g.used_fraction() * 100.0
                ),
                since,
            });
        }
    }
    if let Some(since) = sustained(t, |s| others(s).is_some())
        && let Some((pid, name, bytes, held, total)) = others(latest)
    {
        alerts.push(Alert {
            kind: AlertKind::HeldByOther,
            message: format!(
                "{name} (pid {pid}) holds {} of VRAM; other processes hold {} of {} in total. That memory is not available to the model: end the stale process.",
                format_auto(bytes),
                format_auto(held),
                format_auto(total)
            ),
            since,
        });
    }
    alerts
}
