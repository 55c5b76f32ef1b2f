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

/// The title of a log in which the runtime started and ran with nothing failing.
pub(super) const RAN: &str = "No failure in this log: the runtime started and ran";

/// The title of a log in which a runtime's automatic fit (llama.cpp's -fit, LM Studio's context fit) changed
/// the settings and nothing failed after it.
pub(super) const FITTED: &str =
    "Recovered: the runtime shrank the settings to fit, and the model runs";

/// The title of a full offload whose buffers overflowed the card into shared system memory.
pub(super) const SYSMEM: &str = "VRAM overflowed into shared system memory: generation is slow";

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

/// The GPU buffers a load printed (weights, KV cache, compute) past what one discrete card had: free at the
/// start when the log says, else its size. No allocation failed, so the driver placed the overflow in shared
/// system memory (the NVIDIA driver's sysmem fallback on Windows, on by default), which the GPU reads over
/// PCIe. Returns (used, limit, the device state or the card's name). Unified memory is read elsewhere.
pub(super) fn overcommitted(tl: &Timeline) -> Option<(u64, u64, String)> {
    let gpu_buffers: Vec<_> = tl.of(EventKind::Buffer).filter(|e| e.on_gpu()).collect();
    let first = gpu_buffers.first()?;
    let device = first.device.clone();
    // One card only: with several, the sum says nothing of any one of them.
    if gpu_buffers.iter().any(|e| e.device != device) {
        return None;
    }
    let used = tl.gpu_buffers();
    let (limit, what) = match tl
        .start_state(device.as_deref(), first.line.saturating_sub(1))
        .and_then(|s| Some((s.numbers.free_bytes?, s)))
    {
        Some((free, s)) => (
            free,
            format!("{} free at the start", format_auto(free)) + &on(s),
        ),
        None => {
            let gpu = crate::hardware::catalog::find(&tl.gpu_name()?).ok()?;
            if gpu.unified {
                return None;
            }
            (
                gpu.memory_bytes(),
                format!("the {} has {}", gpu.name, format_auto(gpu.memory_bytes())),
            )
        }
    };
    // A few percent over is the rounding of what the runtimes print.
    (used > limit + limit / 20).then_some((used, limit, what))
}

fn on(s: &super::events::Event) -> String {
    s.device
        .as_deref()
        .map(|d| format!(" on {d}"))
        .unwrap_or_default()
}

/// Weights sent to RAM because the GPU was already mostly taken when the load began: the cause is the other
/// holder (a second server, a model still loaded, another program), the spill its consequence. Unified memory
/// (Apple) is shared with the OS by design: not "another holder".
pub(super) fn held_before_spill(scan: &Scan, tl: &Timeline, c: &mut Call) {
    let unified = scan.has(Sig::MetalMarker) || scan.has(Sig::OsMac) || scan.has(Sig::RtMlx);
    // Only a state printed before the load counts: a snapshot after it (nvidia-smi) shows this process's own
    // memory. With no load line in the paste, only the runtime's own start-up line (llama.cpp's "using
    // device … MiB free", Ollama's "inference compute … available") is known to come before it.
    let load = tl
        .events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Layers | EventKind::Buffer))
        .map(|e| e.line);
    let Some(s) = tl.start_state(None, load.map_or(u64::MAX, |l| l.saturating_sub(1))) else {
        return;
    };
    let said_before_load = load.is_some() || {
        let t = s.text.to_ascii_lowercase();
        t.contains("using device") || t.contains("inference compute")
    };
    // An integrated GPU's free memory is the system's free RAM: programs using RAM are no holder to close.
    let name = s.detail.as_deref().unwrap_or("").to_ascii_lowercase();
    let integrated = crate::hardware::catalog::find(&name).is_ok_and(|g| g.unified)
        || name.ends_with("graphics")
            && !["rtx", "geforce", " rx ", "quadro", "tesla"]
                .iter()
                .any(|w| name.contains(w));
    let Some((free, total)) = s.numbers.free_bytes.zip(device_total(s)) else {
        return;
    };
    let held = total.saturating_sub(free);
    // Half the card, or a quarter of it when that is 4 GiB or more (a second model, another program).
    let large = held >= 2 * GIB && held * 2 >= total || held >= 4 * GIB && held * 4 >= total;
    if !unified && !integrated && said_before_load && large {
        c.label = Label::VramHeldByOther;
        c.title = None;
        // The runtime's own figure stands, however weak the words that named the slowness.
        c.confidence = c.confidence.max(0.5);
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
    // No layer on the GPU ("offloaded 0/33 layers", Ollama's layers.offload=0) and no GPU buffer: the KV
    // cache and the weights the failed context needed live in system RAM.
    let no_layers = !gpu_buffer
        && tl
            .of(EventKind::Layers)
            .last()
            .is_some_and(|e| e.numbers.count == Some(0));
    let kind = if cpu_only || no_layers {
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
