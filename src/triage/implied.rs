//! What a log implies without stating it, read from the timeline: the device of a failure summary that names
//! none, memory already held before the load that made a runtime spill, and a generation rate the card's
//! bandwidth explains (a healthy run, not a slow one).

use super::events::{EventKind, Timeline};
use super::signals::Sig;
use super::verdict::{Call, device_total};
use super::{Label, Scan};
use crate::units::{GIB, format_auto};

/// The title of a run whose rate the card's bandwidth explains.
pub(super) const HEALTHY: &str = "No memory problem: the model runs at the card's speed";

/// The generation rate against the card's bandwidth bound (the model's GPU bytes read once per token):
/// (tokens/s, the GPU's name, the share of the bound, the GPU bytes). `None` when the card is not in the
/// catalog or the log shows no rate or no model buffer.
pub(super) fn rate_share(tl: &Timeline) -> Option<(f64, String, f64, u64)> {
    let rate = tl.last(EventKind::Speed)?.numbers.per_second?;
    let name = tl.gpu_name()?;
    let gpu = crate::hardware::catalog::find(&name).ok()?;
    let (_, on_gpu) = tl.weights_split();
    if on_gpu == 0 || gpu.bandwidth_gbps <= 0.0 {
        return None;
    }
    let share = rate * on_gpu as f64 / (gpu.bandwidth_gbps * 1e9);
    Some((rate, name, share, on_gpu))
}

/// Generation as fast as the card's memory allows: at 40 % of the bandwidth bound or better (llama.cpp
/// reaches 60–85 % on current builds) the rate is healthy.
pub(super) fn healthy_rate(tl: &Timeline) -> bool {
    rate_share(tl).is_some_and(|(_, _, share, _)| share >= 0.4)
}

/// Weights sent to RAM because the GPU was already mostly taken when the load began: the cause is the other
/// holder (a second server, a model still loaded, another program), the spill its consequence. Unified memory
/// (Apple) is shared with the OS by design: not "another holder".
pub(super) fn held_before_spill(scan: &Scan, tl: &Timeline, c: &mut Call) {
    let unified = scan.has(Sig::MetalMarker) || scan.has(Sig::OsMac) || scan.has(Sig::RtMlx);
    // Only a state printed before the load counts: a snapshot after it (nvidia-smi) shows this process's own
    // memory.
    let load = tl
        .events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Layers | EventKind::Buffer))
        .map(|e| e.line);
    if !unified
        && let Some(load) = load
        && let Some(s) = tl.start_state(None, load.saturating_sub(1))
        && let (Some(free), Some(total)) = (s.numbers.free_bytes, device_total(s))
        && total.saturating_sub(free) >= 2 * GIB
        && total.saturating_sub(free) * 2 >= total
    {
        c.label = Label::VramHeldByOther;
        c.extra.insert(0, (s.line, s.text.clone()));
        c.explain = Some(format!(
            "{} had only {} free of {} when the load started: {} was already in use (another process, or models the runtime already holds), so the runtime kept the model, or part of it, in system RAM, where it runs far slower.",
            s.device.as_deref().unwrap_or("The GPU"),
            format_auto(free),
            format_auto(total),
            format_auto(total.saturating_sub(free))
        ));
    }
}

/// llama.cpp's summary of a failed buffer ("failed to allocate buffer for kv cache") names no device; the
/// line before it that does may be cut from a paste. Without any line naming the failure's kind, the device is
/// the log's GPU, or system RAM when every buffer the log shows is on the CPU. `None` when nothing changes.
pub(super) fn name_unnamed_failure(scan: &Scan) -> Option<Scan> {
    let unnamed = scan.hits(Sig::AllocUnnamed)?;
    let named = [
        Sig::CudaOom,
        Sig::TorchOom,
        Sig::HipOom,
        Sig::MetalOom,
        Sig::AllowedMemory,
        Sig::HostAlloc,
        Sig::HostKilled,
        Sig::PinnedFail,
        Sig::BufferLimit,
        // A stated cause that is not memory explains the failed summary.
        Sig::NotMemory,
    ];
    if named.iter().any(|s| scan.has(*s)) {
        return None;
    }
    let tl = Timeline::from_scan(scan);
    let mut buffers = tl.of(EventKind::Buffer).peekable();
    let any_buffer = buffers.peek().is_some();
    let gpu_buffer = buffers.any(|e| e.on_gpu());
    let cpu_only = any_buffer && !gpu_buffer && tl.of(EventKind::Device).next().is_none();
    let kind = if cpu_only {
        Sig::HostAlloc
    } else if scan.has(Sig::MetalMarker) && !gpu_buffer {
        Sig::MetalOom
    } else {
        Sig::CudaOom
    };
    let mut s = scan.clone();
    s.hits.insert(kind, unnamed.clone());
    Some(s)
}
