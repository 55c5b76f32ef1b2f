//! From signals and numbers to a verdict: which failure is decisive (ranked, with the others in `also`), how
//! sure we are, and what to do — in words that use the log's own numbers and runtime.

use super::causes::not_memory_cause;
use super::describe::{Reading, describe};
use super::events::{self, Event, EventKind, Timeline};
use super::implied::{
    FITTED, HEALTHY, RAN, SYSMEM, healthy_rate, held_before_spill, name_unnamed_failure,
    overcommitted, rate_share,
};
use super::numbers::Found;
use super::signals::Sig;
use super::{AlsoFinding, Diagnosis, Evidence, Label, Numbers, Scan};
use crate::units::{GIB, format_auto};
use regex::Regex;
use std::sync::OnceLock;

/// Signals that are failures in their own right (used for ordering and `also`).
const FAILURES: [Sig; 9] = [
    Sig::CudaOom,
    Sig::TorchOom,
    Sig::AllowedMemory,
    Sig::HipOom,
    Sig::MetalOom,
    Sig::VllmKv,
    Sig::HostKilled,
    Sig::HostAlloc,
    Sig::WinPagefile,
];

pub(super) struct Call {
    pub(super) label: Label,
    pub(super) confidence: f32,
    /// Signals whose lines are the evidence.
    evidence: Vec<Sig>,
    /// A sentence naming the real cause when it is not memory.
    cause: Option<String>,
    /// The explanation, when a timeline rule states it with its own numbers.
    pub(super) explain: Option<String>,
    /// Event lines that are evidence too.
    pub(super) extra: Vec<(u64, String)>,
    /// A title for what was recognised when the label alone ("Not recognised") would undersell it.
    pub(super) title: Option<&'static str>,
    /// A person's words that make any memory failure beside them not the model's (the same with every
    /// model, a version that works): they outweigh an out-of-memory line, which cannot say so.
    pub(super) not_the_model: bool,
    /// The person's words place the failure at the load ("it crashes while loading").
    pub(super) said_at_load: bool,
    /// The person's words put a memory failure in a container whose GPU memory was far from full.
    pub(super) container_ram: bool,
    /// The person says the run went on (the output is fine, it still runs) and sets the failure aside (it
    /// fell back, "non-fatal", "should I worry?"): the out-of-memory line beside it was recovered from.
    pub(super) ran_anyway: bool,
}

pub(super) fn call(label: Label, confidence: f32, evidence: &[Sig]) -> Call {
    Call {
        label,
        confidence,
        evidence: evidence.to_vec(),
        cause: None,
        explain: None,
        extra: Vec::new(),
        title: None,
        not_the_model: false,
        said_at_load: false,
        container_ram: false,
        ran_anyway: false,
    }
}

fn lines_of<'a>(events: impl IntoIterator<Item = &'a Event>) -> Vec<(u64, String)> {
    events
        .into_iter()
        .map(|e| (e.line, e.text.clone()))
        .collect()
}

/// A device's total memory: printed in the log, or the catalog's figure for the GPU it names.
pub(super) fn device_total(e: &Event) -> Option<u64> {
    e.numbers.total_bytes.or_else(|| {
        let g = crate::hardware::catalog::find(e.detail.as_deref()?).ok()?;
        (!g.unified).then(|| g.memory_bytes())
    })
}

/// Rules read from the timeline that come before the keyword rules: memory held before anything loaded,
/// a request over the per-buffer limit, pinned host memory.
fn timeline_rules(scan: &Scan, tl: &Timeline, f: &Found, gpu_fail: u64) -> Option<Call> {
    // vLLM checks free memory at startup against its share: what is missing is held by another process.
    if scan.has(Sig::VllmStartup) {
        let mut c = call(Label::VramHeldByOther, 0.9, &[Sig::VllmStartup]);
        if let Some(e) = tl
            .of(EventKind::Device)
            .find(|e| e.detail.as_deref() == Some("at vLLM startup"))
            && let (Some(free), Some(total)) = (e.numbers.free_bytes, e.numbers.total_bytes)
        {
            c.explain = Some(format!(
                "vLLM found only {} of the GPU's {} free when it started, before loading anything: {} was already in use by another process (a second server, a notebook, an earlier run still alive), so it refused to take its gpu_memory_utilization share.",
                format_auto(free),
                format_auto(total),
                format_auto(total.saturating_sub(free))
            ));
        }
        return Some(c);
    }
    // A single request over the device's per-buffer limit fails however much memory is free.
    if let Some(lim) = tl.last(EventKind::BufferLimit)
        && gpu_fail <= lim.line + 5
    {
        let req = lim.numbers.bytes.or(f.requested);
        let start = tl.start_state(lim.device.as_deref(), lim.line);
        let free = start.and_then(|e| e.numbers.free_bytes);
        let total = start.and_then(device_total).or(f.total);
        let lower = lim.text.to_ascii_lowercase();
        // "…bytes which is greater than the maximum allowed buffer size of N bytes" is MLX's Metal allocator
        // speaking, whatever prefix (or none) the program put before it.
        let metal = lower.contains("metal")
            || lower.contains("mps")
            || lower.contains("greater than the maximum allowed buffer size")
            || scan.has(Sig::RtMlx)
            || scan.has(Sig::MetalMarker);
        let too_big = matches!((req, total), (Some(r), Some(t)) if r > t);
        let ample = matches!((req, free), (Some(r), Some(fr)) if fr >= r);
        let mut extra = lines_of([lim]);
        extra.extend(lines_of(start));
        let req_s = req.map_or_else(|| "The request".to_owned(), format_auto);
        let limit_s = lim
            .numbers
            .limit_bytes
            .map(|l| format!(" of {}", format_auto(l)))
            .unwrap_or_default();
        if !too_big && (ample || !metal) {
            let mut c = call(
                Label::NotMemory,
                if ample { 0.85 } else { 0.7 },
                &[Sig::BufferLimit],
            );
            c.extra = extra;
            c.cause = Some(format!(
                "{req_s} was asked for as one buffer, over the device's per-buffer limit{limit_s}{}: the driver refuses any single allocation that large however much memory is free (Vulkan: lower the micro-batch -ub or set GGML_VK_FORCE_MAX_ALLOCATION_SIZE; split the tensor or use another backend)",
                free.map(|fr| format!(" while {} was free", format_auto(fr)))
                    .unwrap_or_default()
            ));
            return Some(c);
        }
        if metal {
            let mut c = call(Label::AppleMetalOom, 0.75, &[Sig::BufferLimit]);
            c.extra = extra;
            c.explain = Some(format!(
                "{req_s} was asked for as one Metal buffer, more than the GPU may map at once{limit_s}: on Apple Silicon that limit follows the memory the GPU may use, so the prompt, context or batch is too large for this Mac's memory."
            ));
            return Some(c);
        }
    }
    // Memory already gone before this process allocated anything: held by another process.
    if gpu_fail > 0 {
        let failed = tl
            .of(EventKind::AllocFailed)
            .filter(|e| e.line <= gpu_fail)
            .last();
        let dev = failed.and_then(|e| e.device.as_deref());
        if let Some(s) = tl.start_state(dev, gpu_fail)
            && let (Some(free), Some(total)) = (s.numbers.free_bytes, device_total(s))
        {
            let held = total.saturating_sub(free);
            let req = failed.and_then(|e| e.numbers.bytes).or(f.requested);
            // Had the card been empty the request would have fitted.
            let fits_empty = req.is_none_or(|r| r + GIB <= total);
            if held >= 2 * GIB && held * 2 >= total && fits_empty {
                let mut c = call(Label::VramHeldByOther, 0.75, &[Sig::DeviceCue]);
                c.extra = lines_of([s].into_iter().chain(failed));
                let name = s
                    .detail
                    .as_deref()
                    .map(|n| format!(" ({n})"))
                    .unwrap_or_default();
                c.explain = Some(format!(
                    "{}{name} had only {} free of {} when the load started: {} was already in use before this process allocated anything. {}",
                    s.device.as_deref().unwrap_or("The GPU"),
                    format_auto(free),
                    format_auto(total),
                    format_auto(held),
                    req.map(|r| format!(
                        "The {} allocation then failed; it would have fitted on the empty card.",
                        format_auto(r)
                    ))
                    .unwrap_or_else(|| "The allocation then failed.".into())
                ));
                return Some(c);
            }
        }
        // nvidia-smi's process table beside the failure: what other processes hold.
        if let Some(c) = held_by_listed_processes(scan, tl, failed) {
            return Some(c);
        }
    }
    // WSL2: pinned host memory refused, then a CUDA "out of memory" with no size or free figure: WSL's
    // pinned-memory limit, not the GPU (llama.cpp PR #1594; GGML_CUDA_NO_PINNED=1 avoids it).
    if scan.has(Sig::OsWsl)
        && let Some(p) = tl.of(EventKind::PinnedRefused).next()
        && gpu_fail > p.line
        && tl
            .of(EventKind::AllocFailed)
            .filter(|e| e.line > p.line)
            .all(|e| e.numbers.bytes.is_none() && e.numbers.free_bytes.is_none())
    {
        let mut c = call(Label::NotMemory, 0.65, &[Sig::PinnedFail, Sig::CudaOom]);
        c.cause = Some("under WSL2 pinned (page-locked) host memory was refused and the CUDA error that followed names no size: WSL2 caps the memory CUDA may pin, so this is its limit, not the GPU's memory (set GGML_CUDA_NO_PINNED=1, or raise the WSL memory limit)".into());
        return Some(c);
    }
    // Pinned (page-locked) host memory refused and the process then died: not VRAM (WSL2 caps pinned memory).
    // A CUDA error whose call site (the next lines: "in function ggml_cuda_host_malloc", "cudaMallocHost(…)")
    // is the pinned allocation is that fatal error itself (CUDA_CHECK aborts), exit line or not.
    if let Some(p) = tl.last(EventKind::PinnedRefused)
        && gpu_fail <= p.line
        && tl.after(EventKind::Running, p.line).is_none()
        && (tl.after(EventKind::Exit, p.line).is_some() || gpu_fail > 0 && p.line - gpu_fail <= 3)
    {
        let mut c = call(Label::NotMemory, 0.7, &[Sig::PinnedFail, Sig::ExitCue]);
        c.cause = Some(format!(
            "pinned (page-locked) host memory{} was refused and the process ended; that is system RAM the driver may lock (WSL2 and containers cap it), not VRAM",
            p.numbers
                .bytes
                .map(|b| format!(" ({})", format_auto(b)))
                .unwrap_or_default()
        ));
        return Some(c);
    }
    None
}

/// Weights in system RAM next to a GPU: the model runs partly on the CPU.
fn cpu_spill(scan: &Scan, tl: &Timeline) -> Option<Call> {
    let (host, gpu) = tl.weights_split();
    let has_gpu = gpu > 0
        || tl
            .of(EventKind::Buffer)
            .any(|e| e.device.as_deref().is_some_and(|d| d.ends_with("_Host")));
    if !(has_gpu && host >= GIB && host * 5 >= host + gpu) {
        return None;
    }
    let speed = tl.last(EventKind::Speed);
    let slow = speed.is_some() || scan.has(Sig::SlowHint);
    let mut c = call(
        Label::CpuSpillSlow,
        if slow { 0.75 } else { 0.6 },
        &[Sig::Offloaded],
    );
    let host_bufs: Vec<&Event> = tl
        .of(EventKind::Buffer)
        .filter(|e| e.detail.as_deref() == Some("model") && !e.on_gpu())
        .collect();
    c.extra = lines_of(host_bufs.iter().copied().chain(speed));
    c.explain = Some(format!(
        "{} of the model's weights sit in system RAM ({}) and {} on the GPU: the layers in RAM run at the speed of system memory{}.",
        format_auto(host),
        host_bufs
            .iter()
            .filter_map(|e| e.device.clone())
            .collect::<Vec<_>>()
            .join(", "),
        format_auto(gpu),
        speed
            .and_then(|e| e.numbers.per_second)
            .map(|v| format!(", which is why it generates at {v:.1} tokens/s"))
            .unwrap_or_default()
    ));
    Some(c)
}

/// A failed request that fitted with room to spare: the device's free memory at the start of the load, less
/// every buffer this load placed on it before the failure, still held twice the request and 2 GiB more. The
/// driver or allocator refused it (a bug, a per-allocation limit), not a lack of memory.
fn room_left(tl: &Timeline, gpu_fail: u64) -> Option<Call> {
    let failed = tl
        .of(EventKind::AllocFailed)
        .filter(|e| e.line <= gpu_fail)
        .last()?;
    let req = failed.numbers.bytes.filter(|r| *r > 0)?;
    let start = tl.start_state(failed.device.as_deref(), failed.line)?;
    // Only llama.cpp's own reading at the start of its load counts: other device lines may be stale.
    if !start.text.to_ascii_lowercase().contains("using device") {
        return None;
    }
    let free = start.numbers.free_bytes?;
    let norm = |d: &str| d.chars().filter(char::is_ascii_digit).collect::<String>();
    let dev = failed
        .device
        .as_deref()
        .or(start.device.as_deref())
        .map(norm);
    let placed: u64 = tl
        .of(EventKind::Buffer)
        .filter(|b| b.line > start.line && b.line < failed.line && b.on_gpu())
        .filter(|b| dev.is_none() || b.device.as_deref().map(norm) == dev)
        .filter_map(|b| b.numbers.bytes)
        .sum();
    let left = free.saturating_sub(placed);
    if left < req.saturating_mul(2).saturating_add(2 * GIB) {
        return None;
    }
    let mut c = call(Label::NotMemory, 0.6, &[]);
    c.extra = lines_of([start, failed]);
    c.cause = Some(format!(
        "{} had {} free when the load started and this load had placed {} on it, leaving about {}; the {} request was refused anyway: the driver or allocator failed (a bug, or a per-allocation limit), not a lack of memory",
        start.device.as_deref().unwrap_or("The GPU"),
        format_auto(free),
        format_auto(placed),
        format_auto(left),
        format_auto(req)
    ));
    Some(c)
}

/// The last line any GPU allocation failure was seen on (0 = none).
fn last_gpu_failure(scan: &Scan) -> u64 {
    [
        Sig::CudaOom,
        Sig::TorchOom,
        Sig::HipOom,
        Sig::AllowedMemory,
        Sig::MetalOom,
    ]
    .iter()
    .map(|s| scan.last(*s))
    .max()
    .unwrap_or(0)
}

/// The text of the line the last GPU allocation failure was read on.
fn failure_text(scan: &Scan) -> Option<String> {
    let line = last_gpu_failure(scan);
    [Sig::CudaOom, Sig::TorchOom]
        .iter()
        .filter_map(|s| scan.hits(*s))
        .flat_map(|h| h.lines())
        .find(|(l, _)| *l == line && line > 0)
        .map(|(_, t)| t.clone())
}

/// Load or context: the phase marker nearest to the failure line decides; without one, a llama.cpp-style
/// failure is at load (weights are the first big allocation) and a PyTorch one during the forward pass.
fn phase(scan: &Scan, failure_line: u64, default: Label) -> Label {
    let nearest = |s: Sig| {
        scan.hits(s)
            .map(|h| {
                h.lines()
                    .map(|(l, _)| l.abs_diff(failure_line))
                    .min()
                    .unwrap_or(u64::MAX)
            })
            .unwrap_or(u64::MAX)
    };
    let (ctx, load) = (nearest(Sig::ContextPhase), nearest(Sig::LoadPhase));
    match (ctx, load) {
        (u64::MAX, u64::MAX) => default,
        (c, l) if c <= l => Label::VramOomContext,
        _ => Label::VramOomLoad,
    }
}

fn classify(scan: &Scan, f: &Found, tl: &Timeline) -> Call {
    let gpu_fail = last_gpu_failure(scan);
    let host_fail = scan
        .last(Sig::HostKilled)
        .max(scan.last(Sig::HostAlloc))
        .max(scan.last(Sig::WinPagefile));
    // Progress after a failure shows the run went on, unless a traceback begins after it: then the process
    // raised after that line (a progress bar tqdm printed as the exception unwound it, a load that finished
    // before the failing call).
    let progress_after = |line: u64| {
        let progress = scan.last(Sig::Progress);
        line > 0 && progress > line && scan.last(Sig::Traceback) < progress
    };

    if let Some(c) = timeline_rules(scan, tl, f, gpu_fail) {
        return c;
    }
    // The GPU context could not even be created: the card was full before this process put anything on it.
    if gpu_fail > 0
        && scan
            .hits(Sig::CtxCreate)
            .is_some_and(|h| h.lines().any(|(l, _)| l.abs_diff(gpu_fail) <= 5))
    {
        let mut c = call(Label::VramHeldByOther, 0.7, &[Sig::CtxCreate, Sig::CudaOom]);
        c.explain = Some("Creating the GPU context itself failed with out of memory: that needs only a few hundred MiB, so the card was already full before this process put anything on it. Another process (another user's job, a stale run, a second server) holds the memory; nvidia-smi lists it.".into());
        return c;
    }
    if scan.has(Sig::VllmKv) {
        return call(Label::VllmKvInsufficient, 0.9, &[Sig::VllmKv, Sig::Numbers]);
    }
    // A single request of a terabyte or more: no GPU has that much, so the size itself is wrong (an overflow or
    // a mis-sized allocator, e.g. TensorFlow backing off from 128 TiB), not a lack of memory.
    if let Some(e) = tl
        .of(EventKind::AllocFailed)
        .find(|e| e.numbers.bytes.is_some_and(|b| b >= 1024 * GIB))
    {
        let mut c = call(Label::NotMemory, 0.7, &[]);
        c.extra = lines_of([e]);
        c.cause = Some(format!(
            "a single allocation of {} was asked for, more than any GPU has: the size itself is wrong (an overflow or a mis-sized allocator in this version), not a lack of memory",
            format_auto(e.numbers.bytes.unwrap_or(0))
        ));
        return c;
    }
    // A memory figure within a few MiB of 2^64 bytes is a counter that underflowed (a GPU-sharing layer's,
    // a driver's): the out-of-memory that follows it was refused on a false count.
    if scan.hits(Sig::NotMemory).is_some_and(|h| {
        h.lines()
            .any(|(_, t)| super::signals::underflowed_figure(&t.to_ascii_lowercase()))
    }) {
        let mut c = call(Label::NotMemory, 0.75, &[Sig::NotMemory]);
        c.cause = Some(super::causes::UNDERFLOW_CAUSE.into());
        return c;
    }
    if scan.has(Sig::NotMemory) {
        // An exception Python printed and dropped ("Exception ignored in: …" and the error under it) did not
        // end the run: the failure before it did.
        let ignored: Vec<u64> = scan
            .hits(Sig::IgnoredException)
            .map(|h| h.lines().map(|(l, _)| *l).collect())
            .unwrap_or_default();
        let nm = scan
            .hits(Sig::NotMemory)
            .and_then(|h| {
                h.lines()
                    .map(|(l, _)| *l)
                    .filter(|l| !ignored.iter().any(|i| l > i && l - i <= 2))
                    .last()
            })
            .unwrap_or(0);
        // Metal's "allocated … warning: … greater than the recommended max working set size" is printed after
        // an allocation that succeeded: a warning, not the failure an assertion could follow from.
        let metal_warnings_only = scan.hits(Sig::MetalOom).is_some_and(|h| {
            h.lines()
                .all(|(_, t)| t.to_ascii_lowercase().contains("warning"))
        });
        let gpu_hard = if metal_warnings_only {
            [Sig::CudaOom, Sig::TorchOom, Sig::HipOom, Sig::AllowedMemory]
                .iter()
                .map(|s| scan.last(*s))
                .max()
                .unwrap_or(0)
        } else {
            gpu_fail
        };
        let hard = gpu_hard.max(host_fail);
        // An assertion right after a failed allocation is that failure's consequence.
        let assert_after_failure = hard > 0
            && nm.saturating_sub(hard) <= 3
            && scan.hits(Sig::NotMemory).is_some_and(|h| {
                h.lines()
                    .last()
                    .is_some_and(|(_, t)| t.to_ascii_lowercase().contains("ggml_assert"))
            });
        // A Python exception's type on the failure's own line ("ValueError: … model requires more system
        // memory") only wraps that failure; the exception types are read as not memory on lines of their own.
        let wraps_failure = nm == hard
            && scan.hits(Sig::NotMemory).is_some_and(|h| {
                h.lines().last().is_some_and(|(_, t)| {
                    let t = t.to_ascii_lowercase();
                    super::signals::PYTHON_EXCEPTIONS
                        .iter()
                        .any(|e| t.contains(e))
                })
            });
        if !assert_after_failure
            && !wraps_failure
            && (hard == 0 || nm >= hard || scan.has(Sig::PinnedFail) && gpu_fail == 0)
        {
            let mut c = call(Label::NotMemory, 0.8, &[Sig::NotMemory]);
            c.cause = Some(not_memory_cause(scan));
            return c;
        }
    }
    // PyTorch's MPS refused an allocation with nothing allocated, by this process or any other, and the
    // request well under the limit: the Metal device hands out nothing at all (a macOS VM or CI runner
    // without GPU access), which no smaller model fixes.
    if scan.has(Sig::MetalOom)
        && f.device.as_deref() == Some("MPS")
        && f.allocated == Some(0)
        && let (Some(req), Some(free), Some(total)) = (f.requested, f.free, f.total)
        && free == total
        && free >= req.saturating_mul(2).max(GIB)
    {
        let mut c = call(Label::NotMemory, 0.65, &[Sig::MetalOom, Sig::Numbers]);
        c.cause = Some(format!(
            "MPS refused {} with nothing allocated at all and a limit of {}: the Metal device gives out no memory here (a macOS virtual machine or CI runner without GPU access), not a lack of memory; run on a Mac with GPU access or on the CPU",
            format_auto(req),
            format_auto(total)
        ));
        return c;
    }
    if scan.has(Sig::MetalOom) {
        return call(
            Label::AppleMetalOom,
            0.9,
            &[Sig::MetalOom, Sig::MetalMarker],
        );
    }
    // A failed compute on a Mac: Metal reports the command buffer it could not run (the GPU's share of the
    // unified memory exhausted, most often by the context) as a failed decode rather than an abort.
    if scan.has(Sig::ComputeFailed)
        && gpu_fail == 0
        && host_fail == 0
        && (scan.has(Sig::OsMac) || scan.has(Sig::MetalMarker) || scan.has(Sig::RtMlx))
    {
        let mut c = call(
            Label::AppleMetalOom,
            0.6,
            &[Sig::ComputeFailed, Sig::MetalMarker, Sig::OsMac],
        );
        c.explain = Some("The decode failed in the GPU's compute (llama.cpp's ret = -3) on a Mac: Metal returns a command buffer it could not run this way, most often because the model and its context outgrew the memory Metal may use. A shorter context, fewer GPU layers or a smaller quant frees it.".into());
        return c;
    }
    if scan.has(Sig::WinPagefile) && scan.last(Sig::WinPagefile) >= gpu_fail {
        return call(Label::HostOomKilled, 0.85, &[Sig::WinPagefile]);
    }
    if host_fail > 0 && host_fail >= gpu_fail {
        let mut c = call(
            Label::HostOomKilled,
            0.85,
            &[Sig::HostKilled, Sig::HostAlloc],
        );
        // tcmalloc's "large alloc" line reports a huge host allocation that was granted; printed as the last
        // word of a run that died, it is why the RAM ran out, but nothing says the OS ended it.
        let only_tcmalloc = !scan.has(Sig::HostKilled)
            && scan.hits(Sig::HostAlloc).is_some_and(|h| {
                h.lines()
                    .all(|(_, t)| t.to_ascii_lowercase().contains("tcmalloc: large alloc"))
            });
        if only_tcmalloc {
            c.confidence = 0.6;
            c.explain = Some("tcmalloc (the allocator in Colab and many notebooks) reported a single host allocation of this size in system RAM, and the run ended with it: the RAM ran out, not the VRAM. Load with low_cpu_mem_usage / in shards, use a smaller model or dtype, or a machine (or runtime) with more RAM.".into());
        }
        return c;
    }
    // The last failure is followed at once by a retry (tiled decode, a smaller batch, without an optional
    // part) and nothing fails after it: the runtime recovered.
    let retried = tl.of(EventKind::Retry).any(|r| {
        r.line >= gpu_fail
                && r.line <= gpu_fail + 2
                // "Got an OOM, unloading all models" gives up rather than retries.
                && !r.text.to_ascii_lowercase().contains("unloading")
    });
    if gpu_fail > 0 && (progress_after(gpu_fail) || retried) && gpu_fail >= host_fail {
        return call(
            Label::RecoveredNoFailure,
            0.7,
            &[Sig::CudaOom, Sig::TorchOom, Sig::Recover, Sig::Progress],
        );
    }
    // A PyTorch-style failure with far more free than it asked for: a limit or the allocator refused it.
    // Not when this process already holds most of the card: then the "free" figure is memory the driver
    // cannot hand out (ROCm reports such), and the card is simply full.
    if (scan.has(Sig::TorchOom) || scan.has(Sig::HipOom))
        && let (Some(req), Some(free)) = (f.requested, f.free)
        && free >= req.saturating_mul(2).max(GIB)
        && f.total.is_none_or(|t| free <= t)
        && !matches!((f.allocated, f.total), (Some(a), Some(t)) if a * 2 >= t)
    {
        // On Windows the driver backs GPU allocations with system commit (RAM + page file): with the commit
        // limit reached it refuses one whatever the VRAM holds. The person naming the RAM or the page file
        // beside such a refusal says which limit it was.
        let head = scan.head.to_ascii_lowercase();
        let ram_named = [
            " ram",
            "page file",
            "pagefile",
            "paging file",
            "virtual memory",
        ]
        .iter()
        .any(|w| head.contains(w));
        if scan.has(Sig::OsWindows) && ram_named {
            let mut c = call(
                Label::HostOomKilled,
                0.55,
                &[Sig::TorchOom, Sig::HipOom, Sig::Numbers, Sig::OsWindows],
            );
            c.cause = Some(format!(
                "the GPU still had {} free when {} was refused, on Windows, with the system RAM named: Windows backs GPU allocations with system commit (RAM + page file), and with that limit reached the driver refuses them whatever the VRAM holds",
                format_auto(free),
                format_auto(req)
            ));
            return c;
        }
        let mut c = call(
            Label::NotMemory,
            0.7,
            &[Sig::TorchOom, Sig::HipOom, Sig::Numbers],
        );
        c.cause = Some(format!(
            "the GPU still had {} free when {} was refused: a per-process memory limit (memory fraction), the allocator or the driver refused it, not a lack of memory",
            format_auto(free),
            format_auto(req)
        ));
        return c;
    }
    // PyTorch's process list names other processes holding more than was asked for: on ROCm as on CUDA,
    // the memory is another holder's.
    if scan.has(Sig::HipOom) {
        let others = f.held_by_others();
        if others > 0 && others >= f.requested.unwrap_or(0).max(GIB) {
            return call(Label::VramHeldByOther, 0.8, &[Sig::HipOom, Sig::TorchOom]);
        }
    }
    // Vulkan and SYCL on an AMD card are not ROCm.
    let other_backend = scan.has(Sig::RtVulkan) || scan.has(Sig::RtSycl);
    if scan.has(Sig::HipOom)
        || scan.has(Sig::CudaOom)
            && scan.has(Sig::AmdMarker)
            && !scan.has(Sig::TorchOom)
            && !other_backend
    {
        return call(
            Label::RocmOom,
            0.85,
            &[Sig::HipOom, Sig::CudaOom, Sig::AmdMarker],
        );
    }
    if scan.has(Sig::AllowedMemory) {
        let (req, free) = (f.requested.unwrap_or(0), f.free.unwrap_or(0));
        if req > 0 && free >= req {
            let mut c = call(Label::NotMemory, 0.55, &[Sig::AllowedMemory, Sig::Numbers]);
            c.cause = Some(format!(
                "the GPU still had {} free, more than the {} asked for: a per-process memory limit or a broken PyTorch install refused the allocation",
                format_auto(free),
                format_auto(req)
            ));
            return c;
        }
        // Room on the card this process never allocated: another holder only when it is more than the CUDA
        // context and PyTorch's own cache take (up to 2 GiB is that overhead, not another program).
        if let (Some(a), Some(t)) = (f.allocated, f.total)
            && a + req <= t
            && t - a >= 2 * GIB
        {
            return call(
                Label::VramHeldByOther,
                0.7,
                &[Sig::AllowedMemory, Sig::Numbers],
            );
        }
    }
    if scan.has(Sig::TorchOom) || scan.has(Sig::AllowedMemory) {
        let req = f.requested.unwrap_or(0);
        let others = f.held_by_others();
        // Others matter when they hold a real share: at least half of what this process holds, or a quarter
        // of the card. A few small processes beside one that fills the card do not make it "another holder".
        let own = f.this_process.unwrap_or(0);
        let share = others * 2 >= own || f.total.is_some_and(|t| others * 4 >= t);
        if others > 0 && others >= req.max(GIB) && share {
            return call(Label::VramHeldByOther, 0.8, &[Sig::TorchOom]);
        }
        // In use on the card (total − free) far beyond what this process holds: another process has it.
        if let (Some(total), Some(free)) = (f.total, f.free)
            && f.processes.is_empty()
        {
            let own = f.this_process.or(f.reserved).unwrap_or(0);
            let outside = total.saturating_sub(free).saturating_sub(own);
            if own > 0 && outside >= req.max(4 * GIB) && outside * 4 >= total {
                let mut c = call(Label::VramHeldByOther, 0.7, &[Sig::TorchOom]);
                c.explain = Some(format!(
                    "The GPU has {} in total and {} was free, but this process held only {}: {} was in use by something else when it asked for {}.",
                    format_auto(total),
                    format_auto(free),
                    format_auto(own),
                    format_auto(outside),
                    format_auto(req)
                ));
                return c;
            }
        }
        // Fragmentation bites a large contiguous request; when a request of a few MiB fails the card is
        // simply full, whatever the cache holds.
        let large_request = f.total.is_none_or(|t| req >= t / 100);
        if let Some(ru) = f.unallocated_reserve()
            && ru > 0
            && f.reserve_covers(req) == Some(true)
            && !f.split_ruled_out(Some(req))
            && f.free.is_none_or(|free| free + ru >= req)
            && large_request
            // The person tried the cure for fragmentation and it still failed.
            && !super::describe::fragmentation_cure_failed(&scan.head)
        {
            return call(Label::VramFragmentation, 0.8, &[Sig::TorchOom]);
        }
        let line = scan.last(Sig::TorchOom).max(scan.last(Sig::AllowedMemory));
        // Nothing of this process on the card yet ("Currently allocated: 0 bytes"): the first large
        // allocation is the weights.
        // More allocated than the card holds (Windows' shared-memory fallback lent the rest): the model
        // alone outgrew the card.
        let outgrown = matches!((f.allocated, f.total), (Some(a), Some(t)) if a > t);
        // A request of under 2 % of the card failing when this process already holds most of it: what
        // fills the card is what stays there, the weights, not one step's activations (those ask for
        // hundreds of MiB to GiB at once).
        let crumb_on_full = matches!((f.allocated, f.total), (Some(a), Some(t))
            if req > 0 && req * 50 < t && a * 5 >= t * 4);
        let default = if (f.allocated == Some(0) && req > 0) || outgrown || crumb_on_full {
            Label::VramOomLoad
        } else {
            Label::VramOomContext
        };
        let label = phase(scan, line, default);
        return call(
            label,
            0.8,
            &[
                Sig::TorchOom,
                Sig::AllowedMemory,
                Sig::LoadPhase,
                Sig::ContextPhase,
            ],
        );
    }
    if scan.has(Sig::CudaOom)
        && let Some(c) = room_left(tl, gpu_fail)
    {
        return c;
    }
    if scan.has(Sig::CudaOom) {
        let mut label = phase(scan, scan.last(Sig::CudaOom), Label::VramOomLoad);
        let event_phase = tl
            .last(EventKind::AllocFailed)
            .and_then(|e| e.phase.as_deref());
        // The weights were already on the GPU, or the run had started: the failure is the context's.
        if event_phase.is_some_and(|p| p != events::phase::LOAD) {
            label = Label::VramOomContext;
        }
        // A failure line that no phase marker, buffer or event places is read as the load only by default:
        // that half of the call is a guess, and the confidence says so.
        let placed = scan.has(Sig::ContextPhase)
            || scan.has(Sig::LoadPhase)
            || event_phase.is_some()
            || tl.of(EventKind::Buffer).next().is_some();
        return call(
            label,
            if placed { 0.85 } else { 0.6 },
            &[
                Sig::CudaOom,
                Sig::ContextPhase,
                Sig::LoadPhase,
                Sig::Offloaded,
            ],
        );
    }
    // "exit status 1" says only that the runner failed; 0xc0000409 and the like usually follow an allocation.
    let generic_exit = scan.hits(Sig::RunnerCrash).is_some_and(|h| {
        h.lines().all(|(_, t)| {
            let t = t.to_ascii_lowercase();
            t.contains("exit status 1") || t.contains("exit status 2")
        })
    });
    if scan.has(Sig::RunnerCrash) && !generic_exit {
        // 0xc0000409 is how Windows reports any abort(): a failed allocation, an unsupported CPU or GPU, a
        // bug. The line alone names none of them, so it is not called a memory failure.
        let mut c = call(Label::Unknown, 0.35, &[Sig::RunnerCrash]);
        c.title = Some("The model runner aborted without saying why");
        c.explain = Some("The model runner crashed without saying why. On Windows, 0xc0000409 is how any abort is reported: a failed GPU allocation, a CPU or GPU this build does not support, or a bug. The runner's own log (Ollama: server.log) names which; paste it here.".into());
        return c;
    }
    // A warning the run went on after (pinned memory refused, a fallback) explains nothing about speed: with
    // weights in system RAM and a slow run, the spill is the finding.
    let spill = cpu_spill(scan, tl);
    let slow_spill = spill
        .as_ref()
        .is_some_and(|c| c.label == Label::CpuSpillSlow && c.confidence >= 0.75);
    if (scan.has(Sig::PinnedFail) || scan.has(Sig::Recover)) && !slow_spill {
        return call(
            Label::RecoveredNoFailure,
            0.7,
            &[Sig::PinnedFail, Sig::Recover, Sig::Progress],
        );
    }
    if let Some(mut c) = spill {
        held_before_spill(scan, tl, &mut c);
        return c;
    }
    if let Some(cpu) = f.cpu_share.filter(|c| *c > 0) {
        let mut c = call(Label::CpuSpillSlow, 0.7, &[Sig::Offloaded]);
        c.explain = Some(format!(
            "ollama ps shows the model {cpu} % on the CPU: that part runs from system RAM at a fraction of the GPU's speed."
        ));
        held_before_spill(scan, tl, &mut c);
        return c;
    }
    if let Some((need, room)) = f.host_overcommitted() {
        let mut c = call(Label::HostOomKilled, 0.6, &[Sig::Numbers, Sig::Offloaded]);
        c.cause = Some(format!(
            "{} of weights stay in system RAM, but only {} of RAM and swap is free",
            crate::units::format_auto(need),
            crate::units::format_auto(room)
        ));
        return c;
    }
    if let (Some(used), Some(total)) = (f.allocated, f.total)
        && scan.has(Sig::Numbers)
        && used * 10 >= total * 4
        && scan
            .hits(Sig::Numbers)
            .is_some_and(|h| h.lines().any(|(_, t)| t.contains("MiB /")))
    {
        return call(
            Label::VramHeldByOther,
            0.5,
            &[Sig::Numbers, Sig::NoProcesses],
        );
    }
    // Metal's running total of buffers passed the GPU's working-set size ("(7630.41 / 5461.34)"): on a Mac
    // that is the memory the GPU may use, so the model and context do not fit, whether or not the failure
    // that followed made it into the paste.
    if gpu_fail == 0
        && let Some((line, text, used, limit)) = metal_over_working_set(scan, tl)
    {
        let mut c = call(Label::AppleMetalOom, 0.65, &[]);
        c.extra = vec![(line, text)];
        c.explain = Some(format!(
            "The GPU buffers (the model and its context) reach {} while the GPU may use about {} of this Mac's unified memory (recommendedMaxWorkingSetSize): the model and its context do not fit. Use a smaller quant or context, or raise the limit (sudo sysctl iogpu.wired_limit_mb) on a Mac with RAM to spare.",
            format_auto(used),
            format_auto(limit)
        ));
        return c;
    }
    // Every layer on the GPU and still slow (a rate the card's bandwidth explains is not slow: nothing to
    // name). With more GPU buffers than the card had, the driver kept the overflow in shared system memory;
    // without, nothing spilled to system RAM, so memory is not the cause.
    if let Some((x, y)) = f.layers
        && x == y
        && x > 0
        && gpu_fail == 0
        && host_fail == 0
        && (scan.has(Sig::SlowHint) || tl.last(EventKind::Speed).is_some())
        && !healthy_rate(tl)
    {
        if let Some((used, _, what)) = overcommitted(tl) {
            let mut c = call(Label::CpuSpillSlow, 0.6, &[Sig::Offloaded, Sig::SlowHint]);
            c.explain = Some(format!(
                "Every layer ({x}/{y}) was sent to the GPU and nothing failed, yet the GPU buffers (weights, KV cache, compute) come to {} while {what}: the driver kept the overflow in shared system memory (on Windows, the NVIDIA driver's sysmem fallback), which the GPU reads over PCIe, so generation is slow. Lower -ngl or the context until the buffers fit; on Windows, set 'CUDA - Sysmem Fallback Policy' to 'Prefer No Sysmem Fallback' to get a clear out-of-memory error instead.",
                format_auto(used)
            ));
            c.extra = tl
                .of(EventKind::Buffer)
                .filter(|e| e.on_gpu())
                .map(|e| (e.line, e.text.clone()))
                .collect();
            c.title = Some(SYSMEM);
            held_before_spill(scan, tl, &mut c);
            return c;
        }
        let mut c = call(Label::NotMemory, 0.6, &[Sig::Offloaded, Sig::SlowHint]);
        c.cause = Some(format!(
            "every layer ({x}/{y}) ran on the GPU, so no part of the model ran from system RAM: the slowness comes from the build (a CPU-only or mismatched CUDA library), the driver, the thread count or a power limit, not from memory"
        ));
        return c;
    }
    // Weights kept in host RAM by the runtime's or the driver's own fallback: they run at PCIe / RAM speed.
    if gpu_fail == 0
        && host_fail == 0
        && scan.hits(Sig::Offloaded).is_some_and(|h| {
            h.lines().any(|(_, t)| {
                let t = t.to_ascii_lowercase();
                t.contains("fallback")
                    || t.contains("shared gpu memory")
                    || t.contains("insufficient vram")
                    || t.contains("offloaded to the")
            })
        })
    {
        let mut c = call(Label::CpuSpillSlow, 0.6, &[Sig::Offloaded, Sig::SlowHint]);
        held_before_spill(scan, tl, &mut c);
        return c;
    }
    // Some layers on the GPU and not all: the rest run on the CPU (none on the GPU is a CPU-only run).
    if let Some((x, y)) = f.layers
        && x < y
        && x > 0
    {
        let mut c = call(Label::CpuSpillSlow, 0.7, &[Sig::Offloaded, Sig::SlowHint]);
        held_before_spill(scan, tl, &mut c);
        return c;
    }
    // Ollama chose a GPU library and, left to decide (layers.requested=-1), put no layer on it: the whole
    // model runs from system RAM on the CPU, the silent spill. (A 0 the person asked for is a choice.)
    if gpu_fail == 0
        && host_fail == 0
        && let Some(plan) = tl.of(EventKind::Layers).find(|e| {
            // The timeline's layer count (Ollama's layers.offload); the library and the request are read here.
            let t = e.text.to_ascii_lowercase();
            e.numbers.count == Some(0)
                && t.contains("layers.offload=")
                && [
                    "library=cuda",
                    "library=rocm",
                    "library=metal",
                    "library=vulkan",
                    "library=oneapi",
                ]
                .iter()
                .any(|l| t.contains(l))
                && !t.contains("layers.requested=0 ")
        })
    {
        let (line, text) = (plan.line, &plan.text);
        let mut c = call(Label::CpuSpillSlow, 0.6, &[]);
        c.extra = vec![(line, text.clone())];
        // A quoted field's value: memory.available="[1.9 GiB]" → 1.9 GiB.
        let field = |k: &str| {
            let v = text.split(k).nth(1)?.strip_prefix('"')?;
            let v = v.split('"').next()?.trim_matches(|c| c == '[' || c == ']');
            (!v.is_empty() && v.len() < 40).then(|| v.to_owned())
        };
        c.explain = Some(format!(
            "Ollama found the GPU but placed none of the model's layers on it (line {line}: layers.offload=0{}): its estimate of what one layer plus the compute graph needs did not fit the free VRAM, so the whole model runs from system RAM on the CPU, many times slower. Free VRAM (close other programs, unload other models), use a smaller quant or a shorter context (OLLAMA_CONTEXT_LENGTH), or set num_gpu to offload some layers anyway.",
            match (field("memory.available="), field("memory.graph.partial=")) {
                (Some(a), Some(g)) =>
                    format!(", with {a} free and a {g} compute graph for a partial offload"),
                (Some(a), None) => format!(", with {a} free"),
                _ => String::new(),
            }
        ));
        held_before_spill(scan, tl, &mut c);
        return c;
    }
    // The process crashed on a bad pointer with no allocation failing before it: a bug in this version or
    // build for this model (a failed allocation is reported, not dereferenced, by these runtimes).
    if gpu_fail == 0
        && host_fail == 0
        && let Some((line, _)) = scan.hits(Sig::ExitCue).and_then(|h| {
            h.lines().find(|(_, t)| {
                let t = t.to_ascii_lowercase();
                [
                    "segmentation fault",
                    "sigsegv",
                    "core dumped",
                    "0xc0000005",
                    "access violation",
                    "exc_bad_access",
                    "accessviolationexception",
                ]
                .iter()
                .any(|w| t.contains(w))
            })
        })
    {
        // Labelled not memory, at low confidence: the crash is real and its cause is not in the log (a bug, a
        // bad build, a GPU driver fault), but what the log does show — no failed allocation — rules memory out
        // as far as a log can.
        let mut c = call(Label::NotMemory, 0.45, &[]);
        c.title = Some("Crashed (segmentation fault), with no memory failure before it");
        c.extra = scan
            .hits(Sig::ExitCue)
            .map(|h| h.lines().filter(|(l, _)| l == line).cloned().collect())
            .unwrap_or_default();
        c.explain = Some("The process crashed on an invalid memory access (segmentation fault) with no failed allocation before it. That is most often a bug in this runtime version or build for this model, not a lack of memory: try an update or another build, and paste the full log (with the model load) if it persists.".into());
        return c;
    }
    if scan.has(Sig::Timeout) {
        let hinted = scan.has(Sig::PagingHint) || scan.has(Sig::OsWsl) || scan.has(Sig::RtOllama);
        return call(
            Label::PagingThrash,
            if hinted { 0.65 } else { 0.45 },
            &[Sig::Timeout, Sig::PagingHint],
        );
    }
    if scan.count(Sig::PagingHint) >= 2 {
        return call(Label::PagingThrash, 0.4, &[Sig::PagingHint]);
    }
    // A rate line beside an offload line: a spill, unless every layer is on the GPU or the card's bandwidth
    // explains the rate.
    let full_offload = f.layers.is_some_and(|(x, y)| x == y && x > 0);
    if scan.has(Sig::SlowHint) && scan.has(Sig::Offloaded) && !full_offload && !healthy_rate(tl) {
        let mut c = call(Label::CpuSpillSlow, 0.5, &[Sig::Offloaded, Sig::SlowHint]);
        held_before_spill(scan, tl, &mut c);
        return c;
    }
    // The run stopped on an error its program named, and nothing in the log ran out: the message is the
    // cause (a version or build that does not match, an argument, a file, a bug), not memory. A failed
    // package build and a note printed by design have their own readings, with their own advice.
    if FAILURES.iter().all(|s| !scan.has(*s))
        && !scan.has(Sig::BuildFailed)
        && !scan.has(Sig::BenignNote)
        && let Some((line, text)) = scan
            .hits(Sig::NamedError)
            .and_then(|h| h.lines().last().cloned())
    {
        let mut c = call(Label::NotMemory, 0.45, &[]);
        c.title = Some("Stopped on an error that is not memory");
        let quoted: String = text.trim().chars().take(160).collect();
        c.explain = Some(format!(
            "The run stopped on the error at line {line} (\"{quoted}\"), and nothing in the log ran out of memory: no allocation failed and nothing was killed for RAM. That message is the cause to fix (a version or build that does not match, an argument or setting, a file, or a bug to report); lowering memory use will not help."
        ));
        c.extra = vec![(line, text)];
        return c;
    }
    call(Label::Unknown, 0.2, &[])
}

fn label_of(s: Sig) -> Option<Label> {
    Some(match s {
        Sig::CudaOom | Sig::TorchOom | Sig::AllowedMemory => Label::VramOomLoad,
        Sig::HipOom => Label::RocmOom,
        Sig::MetalOom => Label::AppleMetalOom,
        Sig::VllmKv => Label::VllmKvInsufficient,
        Sig::HostKilled | Sig::HostAlloc | Sig::WinPagefile => Label::HostOomKilled,
        Sig::NotMemory => Label::NotMemory,
        Sig::PinnedFail => Label::RecoveredNoFailure,
        Sig::Timeout => Label::PagingThrash,
        _ => return None,
    })
}

/// Processes in nvidia-smi's table that are not this runtime, holding at least 2 GiB together while a GPU
/// allocation failed: memory held by others. A process that may be the one that failed (the runtime's own
/// name; any Python process when the runtime is a Python one) is never counted as another holder.
fn held_by_listed_processes(scan: &Scan, tl: &Timeline, failed: Option<&Event>) -> Option<Call> {
    let rt = runtime(scan).unwrap_or_default();
    let python = !rt.is_empty()
        && !matches!(
            rt.as_str(),
            "Ollama" | "LM Studio" | "Jan" | "koboldcpp" | "llamafile" | "RamaLama" | "LocalAI"
        )
        && !rt.starts_with("llama.cpp");
    let own = |name: &str| {
        let n = name.to_ascii_lowercase();
        [
            "llama",
            "ollama",
            "lm studio",
            "lm-studio",
            "lms",
            "kobold",
            "jan",
            "ramalama",
        ]
        .iter()
        .any(|s| n.contains(s))
            || (python && n.contains("python"))
            || (!rt.is_empty() && n.contains(&rt.to_ascii_lowercase()))
    };
    let others: Vec<&Event> = tl
        .of(EventKind::Holder)
        .filter(|e| e.detail.as_deref().is_some_and(|d| !own(d)))
        .collect();
    let held: u64 = others.iter().filter_map(|e| e.numbers.bytes).sum();
    if held < 2 * GIB {
        return None;
    }
    let mut c = call(Label::VramHeldByOther, 0.75, &[]);
    c.extra = lines_of(others.iter().copied().chain(failed));
    let names: Vec<String> = others
        .iter()
        .take(3)
        .map(|e| {
            format!(
                "{} (PID {}, {})",
                e.detail.as_deref().unwrap_or("?"),
                e.numbers.count.unwrap_or(0),
                format_auto(e.numbers.bytes.unwrap_or(0))
            )
        })
        .collect();
    c.explain = Some(format!(
        "nvidia-smi lists other processes holding {} of GPU memory: {}. {}",
        format_auto(held),
        names.join(", "),
        failed
            .and_then(|e| e.numbers.bytes)
            .map(|b| format!(
                "The {} allocation then failed in the space they left.",
                format_auto(b)
            ))
            .unwrap_or_else(|| "The allocation then failed in the space they left.".into())
    ));
    Some(c)
}

fn runtime(scan: &Scan) -> Option<String> {
    // Wrappers first: they print their engine's messages too.
    let order = [
        (Sig::RtLocalai, "LocalAI"),
        (Sig::RtVllm, "vLLM"),
        (Sig::RtSglang, "SGLang"),
        (Sig::RtTgi, "TGI"),
        (Sig::RtComfy, "ComfyUI"),
        (Sig::RtTextgen, "text-generation-webui"),
        (Sig::RtExllama, "ExLlamaV2"),
        (Sig::RtKobold, "koboldcpp"),
        (Sig::RtLmStudio, "LM Studio"),
        (Sig::RtJan, "Jan"),
        (Sig::RtRamalama, "RamaLama"),
        (Sig::RtLlamafile, "llamafile"),
        (Sig::RtOllama, "Ollama"),
        (Sig::RtMlx, "MLX"),
        (Sig::RtTensorflow, "TensorFlow"),
        (Sig::RtTransformers, "transformers"),
        (Sig::RtPytorch, "PyTorch"),
        (Sig::RtLlamaCpp, "llama.cpp"),
        (Sig::RtVulkan, "llama.cpp"),
        (Sig::RtSycl, "llama.cpp"),
    ];
    let name = order
        .iter()
        .find(|(s, _)| scan.has(*s))
        .map(|(_, n)| *n)
        // PyTorch's own out-of-memory messages name the framework even when nothing else does.
        .or_else(|| {
            (scan.has(Sig::TorchOom) || scan.has(Sig::AllowedMemory)).then_some("PyTorch")
        })?;
    // llama.cpp names its GPU backend when it is not CUDA.
    Some(if name == "llama.cpp" && scan.has(Sig::RtVulkan) {
        "llama.cpp (Vulkan)".to_owned()
    } else if name == "llama.cpp" && scan.has(Sig::RtSycl) {
        "llama.cpp (SYCL)".to_owned()
    } else {
        name.to_owned()
    })
}

fn os(scan: &Scan) -> Option<String> {
    if scan.has(Sig::OsWsl) {
        Some("wsl2")
    } else if scan.has(Sig::WinPagefile) || scan.count(Sig::OsWindows) > scan.count(Sig::OsMac) {
        Some("windows")
    } else if scan.has(Sig::OsMac)
        || scan.has(Sig::MetalMarker)
        || scan.has(Sig::MetalOom)
        || scan.has(Sig::RtMlx)
    {
        Some("macos")
    } else if scan.has(Sig::OsLinux) || scan.has(Sig::HostKilled) {
        Some("linux")
    } else {
        None
    }
    .map(str::to_owned)
}

/// Title when the weights of the model a command names exceed the card's whole memory.
const WEIGHTS_OVER_CARD: &str = "The model's weights are larger than the GPU's memory";
const OTHER_FAILURE: &str = "A failure with no sign of memory in it";

/// The verdict on a scanned log.
pub fn decide(scan: &Scan) -> Diagnosis {
    let named = name_unnamed_failure(scan);
    let scan = named.as_ref().unwrap_or(scan);
    let mut lines: Vec<&(u64, String)> = scan
        .hits
        .iter()
        .filter(|(s, _)| !s.is_context())
        .flat_map(|(_, h)| h.lines())
        .collect();
    lines.sort_by_key(|(l, _)| *l);
    lines.dedup_by_key(|(l, _)| *l);
    let mut found = Found::default();
    for (_, text) in &lines {
        found.read(text);
    }
    let tl = Timeline::from_scan(scan);
    found.own_pids = tl.own_pids.clone();
    let description = super::input::is_description(scan);
    // A description with no symptom the reader knows is still classified, less surely, and says so.
    let mut read_as_description = false;
    let mut read_words = false;
    let mut c = classify(scan, &found, &tl);
    // A description is read for symptoms when the text states no failure the log rules know, and to refine
    // one: a person's own words that name the allocator's state or another holder refine an OOM line they quote:
    // the line alone cannot show fragmentation or who holds the memory.
    // Likewise a crash the person places in a long context or prompt, when no line marks the phase (the load
    // was only the default for a bare "out of memory").
    // An NVIDIA card named anywhere: "AMD" is then the CPU, and no Mac's GPU is in use.
    let head = scan.head.to_ascii_lowercase();
    let nvidia = ["cuda", "nvidia", "geforce", "rtx", "gtx"]
        .iter()
        .any(|w| head.contains(w));
    // The GPU's memory named in the person's words ("VRAM", "GPU memory", CUDA).
    let gpu_memory_named = ["vram", "gpu", "cuda", "graphics", "video memory", "显存"]
        .iter()
        .any(|w| head.contains(w));
    // PyTorch's own figures leave no reserve worth the request (reserved ≈ allocated), or only the slack any
    // cache keeps: whatever the words say about max_split_size_mb or fragmentation (often the hint quoted
    // back, or a cure tried in vain), the memory is short, not split.
    let reserve_excludes_split = found.split_ruled_out(found.requested);
    // Nothing in the paste places the failure (no phase marker, no buffer of the weights): a load or a
    // context read only by default, which the person's words may place.
    let phase_unmarked = !scan.has(Sig::LoadPhase) && !scan.has(Sig::ContextPhase);
    let no_weights_buffer = tl.of(EventKind::Buffer).next().is_none();
    let refines = |d: &Call| {
        matches!(c.label, Label::VramOomLoad | Label::VramOomContext)
            && (d.label == Label::VramHeldByOther
                || d.label == Label::VramFragmentation && !reserve_excludes_split
                // A bare "out of memory" the person places in system RAM ("it gets over 64 GB of RAM"), with
                // no word of the GPU's memory: the host ran out, not the card.
                || d.label == Label::HostOomKilled && (!gpu_memory_named || d.container_ram)
                // The machine the person names: a Mac's GPU memory is Metal's, an AMD card's ROCm's.
                || matches!(d.label, Label::AppleMetalOom | Label::RocmOom) && !nvidia)
            // A warning read as a recovery, while the person says the load failed with it.
            || c.label == Label::RecoveredNoFailure
                && d.label == Label::NotMemory
                && scan.has(Sig::PinnedFail)
            || c.label == Label::VramOomLoad && d.label == Label::VramOomContext && phase_unmarked
            // And the other way: a context read by default (PyTorch's message names no phase, no buffer of
            // the weights is in the paste) that the person places at the load.
            || c.label == Label::VramOomContext
                && d.said_at_load
                && phase_unmarked
                && no_weights_buffer
            // The same failure with every model tried, or a version that works: a bug or a limit, which the
            // out-of-memory line it prints cannot tell from a shortage.
            || matches!(
                c.label,
                Label::VramOomLoad | Label::VramOomContext | Label::RocmOom | Label::AppleMetalOom
            ) && d.not_the_model
            // The person calls the failure non-fatal and says the run went on.
            || d.ran_anyway
    };
    // The person's own lines beside a pasted log can say what the failure line cannot: the model loaded
    // before is still in memory ("it works, then another model fails"), the allocator's state, the same
    // failure with every model. Only those refine an out-of-memory line; their other words ("it should fit")
    // are no evidence against the log's own lines.
    // A runner that aborted without saying why (Windows' 0xc0000409) leaves the words to say when: "it loads
    // fine, a few turns later it crashes" is the context.
    let silent_abort = c.label == Label::Unknown && scan.has(Sig::RunnerCrash);
    // A failure read as the load only by default, which the person says came after the load had finished
    // ("the model loads fine … the first request crashes").
    let load_by_default = c.label == Label::VramOomLoad && phase_unmarked && no_weights_buffer;
    let beside_words = (!description
        && (matches!(c.label, Label::VramOomLoad | Label::VramOomContext) || silent_abort))
        .then(|| super::input::words_beside_log(scan))
        .flatten();
    let load_done = load_by_default
        && beside_words
            .as_deref()
            .is_some_and(|w| said_loaded(&w.to_lowercase()));
    let beside = beside_words
        .and_then(|words| describe(scan, &words, Reading::BesideLog))
        .filter(|d| {
            d.label == Label::VramHeldByOther
                || d.label == Label::VramFragmentation && !reserve_excludes_split
                || d.not_the_model
                || d.ran_anyway
                || (silent_abort || load_done) && d.label == Label::VramOomContext
        });
    // A line or two of words with no program output ("After a few messages the server dies with out of
    // memory."): the rules read its failure words, and the words may place it as a description's do.
    let terse = !description && super::input::is_terse_description(scan);
    // The failure read is the person's own sentence ("i get cuda oom after only 866 tokens"), not a
    // runtime's line: the phase markers near it are pasted code or other output, and the sentence places it.
    let in_words = matches!(c.label, Label::VramOomLoad | Label::VramOomContext)
        .then(|| failure_text(scan))
        .flatten()
        .filter(|t| super::input::is_personal_sentence(t))
        .and_then(|t| describe(scan, &t, Reading::BesideLog))
        // Only a sentence that places the failure (later, or at the load) decides; a bare "out of memory"
        // in it is the quoted message again.
        .filter(|d| {
            (d.label == Label::VramOomContext || d.label == Label::VramOomLoad && d.said_at_load)
                && d.label != c.label
        });
    // A note printed by design, quoted with no failure beside it, is what the words ask about ("should I
    // install xformers?", "how to expand this?"): their other words are not a failure to read, unless they
    // name a symptom the note does not explain (a slow run, a machine paging).
    // A signal read only when nothing in the text failed.
    let alone = |sig: Sig| scan.has(sig) && FAILURES.iter().all(|s| !scan.has(*s));
    let note_asked = alone(Sig::BenignNote);
    let words_read = |d: Call| {
        (!note_asked || matches!(d.label, Label::CpuSpillSlow | Label::PagingThrash)).then_some(d)
    };
    if (description || terse)
        && let Some(d) = describe(scan, &scan.head, Reading::Description).filter(|d| refines(d))
    {
        c = d;
    } else if let Some(d) = beside.or(in_words) {
        // The failure line stays the evidence; the words name the cause.
        if c.label == Label::Unknown {
            c.title = None;
        }
        c.label = d.label;
        c.confidence = 0.55;
        c.explain = d.explain;
    } else if description && (c.label == Label::Unknown || c.confidence < 0.6) {
        // An error the program named, quoted in the words, is what stopped it: "it crashes" said around it is
        // that stop, not a memory failure the words could place, and a run that stopped did not merely run
        // slowly ("it works fine using only the CPU" beside a cuBLAS error).
        let named = c.label == Label::NotMemory && scan.has(Sig::NamedError);
        match describe(scan, &scan.head, Reading::Description)
            .and_then(words_read)
            .filter(|d| {
                !(named
                    && matches!(
                        d.label,
                        Label::VramOomLoad | Label::VramOomContext | Label::CpuSpillSlow
                    ))
            }) {
            Some(d) => c = d,
            None => {
                read_as_description = true;
                c.confidence = c.confidence.min(0.4);
            }
        }
    } else if description {
        // A failure line quoted inside a person's words: the rules read it, but without the log around it
        // (the device, the phase, what came next) the reading is less sure.
        c.confidence = c.confidence.min(0.6);
    } else if c.label == Label::Unknown
        && terse
        && let Some(d) = describe(scan, &scan.head, Reading::Description).and_then(words_read)
    {
        c = d;
    } else if c.label == Label::Unknown
        && scan.lines <= super::input::HEAD_LINES
        // A healthy rate is not a symptom to read words into.
        && !healthy_rate(&tl)
        && let Some(mut d) = describe(scan, &scan.head, Reading::LogExcerpt).and_then(words_read)
    {
        // A short excerpt with no failure line: its words are the only evidence, read with low confidence.
        d.confidence = 0.3;
        c = d;
        read_words = true;
    } else if c.label == Label::Unknown
        && !description
        // A failure the text names with nothing of memory in it is that failure's (read below), not the words'.
        && super::other_failure::other_failure(&scan.head).is_none()
        && let Some(mut d) = super::input::words_beside_log(scan)
            .and_then(|w| describe(scan, &w, Reading::OverQuietLog))
            .and_then(words_read)
    {
        // Nothing in the pasted output failed, but the person's own lines beside it say what did ("it failed
        // with OOM error", "OOM appears when I use it"): the output may stop before the failure, or be a
        // screenshot. Their words are the evidence, read with low confidence.
        d.confidence = d.confidence.min(0.3);
        c = d;
        read_words = true;
    }
    // A failure placed at the load only by default, in a text that names the work being done: a batch size,
    // a training run, an image's resolution. The weights were in place; the work's memory ran out.
    if c.label == Label::VramOomLoad
        && load_by_default
        && c.confidence >= 0.6
        && let Some(work) = named_work(&scan.head.to_lowercase())
    {
        c.label = Label::VramOomContext;
        c.confidence = 0.55;
        c.title = None;
        c.explain = Some(work.explain().into());
    }
    // PyTorch's message does not say what was being allocated, and its default reading is the context. A
    // command line naming a 16-bit model whose weights alone exceed the card's whole memory says it: the load.
    if c.label == Label::VramOomContext
        && !scan.has(Sig::ContextPhase)
        && let Some(m) = super::stated_model::stated_model(&scan.head)
        && let Some(total) = tl
            .of(EventKind::Device)
            .filter_map(|e| e.numbers.total_bytes)
            .max()
        && m.bytes_per_gpu() > total
    {
        c.label = Label::VramOomLoad;
        c.title = Some(WEIGHTS_OVER_CARD);
        c.explain = Some(format!(
            "The command serves {}: about {:.0} billion parameters, so at least {} of {}-bit weights{} — more than the {} the GPU has in total. The weights cannot load, whatever the context: use a quantized version (4-bit AWQ/GPTQ, or a GGUF with llama.cpp/Ollama), split it over more GPUs (--tensor-parallel-size), or a smaller model.",
            m.name,
            m.params_b,
            format_auto(m.bytes_per_gpu()),
            (m.bytes_per_param * 8.0) as u32,
            if m.gpus > 1 {
                format!(" per GPU over {}", m.gpus)
            } else {
                String::new()
            },
            format_auto(total)
        ));
    }
    // Nothing was named and nothing failed: a line read only then says what the text is. A note printed by
    // design says what it means; a build that failed with no kill and no allocation failure is the compiler,
    // the CUDA toolkit or the package's requirements, not memory.
    let only = |c: &Call, sig: Sig| c.label == Label::Unknown && c.title.is_none() && alone(sig);
    let (note, build) = (only(&c, Sig::BenignNote), only(&c, Sig::BuildFailed));
    if note {
        c = call(Label::RecoveredNoFailure, 0.45, &[Sig::BenignNote]);
        c.title = Some("A note printed by design, not a failure");
        // The first note of the table any line carries says what it means (the embedding note is the last).
        let lines: Vec<String> = scan
            .hits(Sig::BenignNote)
            .map(|h| h.lines().map(|(_, t)| t.to_ascii_lowercase()).collect())
            .unwrap_or_default();
        c.explain = super::signals::NOTES
            .iter()
            .find(|(phrase, _)| lines.iter().any(|l| l.contains(phrase)))
            .map(|(_, meaning)| (*meaning).to_owned());
    } else if build {
        c = call(Label::NotMemory, 0.5, &[Sig::BuildFailed]);
        c.title = Some("A package build failed, not memory");
        c.explain = Some("The build of a package or extension failed and nothing in this text was killed or ran out of memory: the cause is in the compiler's own error above this line (a CUDA toolkit or compiler version the package does not support, a missing header). Had the compiler been killed for RAM the log would say Killed or signal 9; then fewer parallel jobs (MAX_JOBS=2) fix it.".into());
    }
    if note || build {
        read_words = false;
        read_as_description = false;
    }
    // A spill whose cause is memory others held before this model loaded: freeing it, not a smaller model,
    // brings the layers back to the GPU.
    if c.label == Label::CpuSpillSlow {
        held_before_spill(scan, &tl, &mut c);
    }
    // Nothing failed and the rate is what the card's memory allows: say so rather than "not recognised".
    if c.label == Label::Unknown
        && c.title.is_none()
        && let Some((rate, gpu, share, bytes)) = rate_share(&tl).filter(|r| r.2 >= 0.4)
    {
        c.label = Label::RecoveredNoFailure;
        c.confidence = 0.45;
        c.title = Some(HEALTHY);
        c.explain = Some(format!(
            "{} of weights sit on the {gpu} and it generates at {rate:.1} tokens/s, {:.0} % of what its memory bandwidth allows: nothing in this log is failing or spilling to system RAM.",
            format_auto(bytes),
            (share * 100.0).min(100.0)
        ));
    }
    let nothing_failed = tl.last(EventKind::AllocFailed).is_none()
        && tl.last(EventKind::OsKilled).is_none()
        && tl.last(EventKind::Exit).is_none();
    // The GPU's free memory fell between the runtime's start and its load, with nothing of this process
    // loaded in between: another program took it, and the load planned around what was left.
    if c.label == Label::Unknown
        && c.title.is_none()
        && !description
        && let Some(start) = tl
            .of(EventKind::Device)
            .find(|e| e.numbers.free_bytes.is_some() && e.numbers.total_bytes.is_some())
        && let Some(later) = tl
            .of(EventKind::Device)
            .filter(|e| e.line > start.line && e.numbers.free_bytes.is_some())
            .last()
        && let (Some(f0), Some(f1), Some(total)) = (
            start.numbers.free_bytes,
            later.numbers.free_bytes,
            start.numbers.total_bytes,
        )
        && f0 >= f1 + 2 * GIB
        && (f0 - f1) * 4 >= total
        && !tl
            .of(EventKind::Buffer)
            .any(|b| b.line > start.line && b.line <= later.line)
    {
        c = call(Label::VramHeldByOther, 0.6, &[]);
        c.extra = lines_of([start, later]);
        let layers = tl
            .of(EventKind::Layers)
            .filter(|e| e.line >= later.line)
            .find_map(|e| Some((e.numbers.count?, e.numbers.of?)))
            .map(|(x, y)| format!(" It then planned {x} of {y} layers on the GPU."))
            .unwrap_or_default();
        c.explain = Some(format!(
            "{} had {} free when the runtime started (line {}) and only {} when the model was loaded (line {}): {} was taken by another program in between, not by this one.{layers}",
            start.detail.as_deref().unwrap_or("The GPU"),
            format_auto(f0),
            start.line,
            format_auto(f1),
            later.line,
            format_auto(f0 - f1)
        ));
    }
    let fitted = tl
        .of(EventKind::Fitted)
        .filter(|e| matches!(e.detail.as_deref(), Some("context" | "overflow")))
        .last();
    if c.label == Label::Unknown
        && c.title.is_none()
        && !description
        && nothing_failed
        && let Some(fit) = fitted
    {
        // The runtime's automatic fit moved the settings (context, layers) to what free memory holds and
        // nothing failed after it: a recovery, not a failure; the explanation quotes what it changed.
        c.label = Label::RecoveredNoFailure;
        c.title = Some(FITTED);
        c.extra.push((fit.line, fit.text.clone()));
        c.explain = Some(match tl.last(EventKind::Running) {
            Some(run) => {
                c.confidence = 0.6;
                c.extra.push((run.line, run.text.clone()));
                format!(
                    "Nothing failed: line {} shows the runtime running after it adjusted the settings to the free memory (line {}).",
                    run.line, fit.line
                )
            }
            None => {
                c.confidence = 0.5;
                format!(
                    "Nothing failed after the runtime adjusted the settings to the free memory (line {}).",
                    fit.line
                )
            }
        });
    }
    // Nothing failed, nothing was killed, and the log shows the runtime running (a server listening, tokens
    // generated): say what was seen rather than "not recognised".
    if c.label == Label::Unknown
        && c.title.is_none()
        && !description
        && nothing_failed
        && let Some(run) = tl.last(EventKind::Running)
    {
        // The label says what the log shows, no failure; the confidence stays low, as the problem the person
        // came with may lie after the excerpt.
        c.label = Label::RecoveredNoFailure;
        c.confidence = 0.45;
        c.extra.push((run.line, run.text.clone()));
        c.title = Some(RAN);
        c.explain = Some(format!(
            "No allocation failed and nothing was killed; line {} shows the runtime running. If a later request failed or slowed down, paste the log from that point (or describe what happened).",
            run.line
        ));
    }
    // Confidence follows how much of the chain was seen: the device's state, the failure, what came next.
    if !description && !read_as_description && !read_words && c.label != Label::Unknown {
        let seen = [
            tl.of(EventKind::Device).next().is_some(),
            tl.last(EventKind::AllocFailed).is_some() || tl.last(EventKind::OsKilled).is_some(),
            tl.last(EventKind::Exit).is_some()
                || tl.last(EventKind::Running).is_some()
                || tl.last(EventKind::Retry).is_some(),
        ];
        let bonus = 0.03 * seen.iter().filter(|s| **s).count() as f32;
        c.confidence = (c.confidence + bonus).min(0.97);
    }
    // Still nothing named, but the text says something failed and says nothing of memory: no allocation, no
    // kill, no memory word, no size, no slowness. A failure of that kind is not memory's; the label says so
    // at low confidence, where "not recognised" would leave the person where they started.
    if c.label == Label::Unknown
        && c.title.is_none()
        && let Some(word) = super::other_failure::other_failure(&scan.head)
    {
        c = call(Label::NotMemory, 0.3, &[]);
        c.title = Some(OTHER_FAILURE);
        c.explain = Some(format!(
            "The text says something failed ('{word}') but nothing in it is about memory: no allocation failed, nothing ran out of memory or was killed, no memory size or slowness is mentioned. Failures like this are most often a bug in this version, a driver, toolkit or build that does not match, a setting, or a model file the runtime cannot read; the error message itself names which."
        ));
    }
    // The failing device was inferred, not read from a line: say so in the confidence.
    if named.is_some() {
        c.confidence = c.confidence.min(0.7);
    }
    let runtime = runtime(scan);
    let mut evidence: Vec<Evidence> = c
        .evidence
        .iter()
        .filter_map(|s| scan.hits(*s))
        .flat_map(|h| h.lines())
        .chain(c.extra.iter())
        .map(|(line, text)| Evidence {
            line: *line,
            text: text.clone(),
        })
        .collect();
    evidence.sort_by_key(|e| e.line);
    evidence.dedup_by_key(|e| e.line);
    // The decisive lines are the last ones; keep the evidence short.
    if evidence.len() > 8 {
        evidence.drain(..evidence.len() - 8);
    }
    let decisive: Vec<Label> = vec![c.label];
    let mut also: Vec<AlsoFinding> = Vec::new();
    for s in FAILURES
        .iter()
        .chain([Sig::NotMemory, Sig::PinnedFail, Sig::Timeout].iter())
    {
        if c.evidence.contains(s) {
            continue;
        }
        if let (Some(l), Some(h)) = (label_of(*s), scan.hits(*s))
            && !decisive.contains(&l)
            && !also.iter().any(|a| a.label == l)
        {
            also.push(AlsoFinding {
                label: l,
                line: h.first_line(),
            });
        }
    }
    // Total and free come from the device lines when the failure message did not state them.
    let failed_dev = tl
        .last(EventKind::AllocFailed)
        .and_then(|e| e.device.clone());
    if let Some(dev) = tl.start_state(failed_dev.as_deref(), u64::MAX) {
        if found.total.is_none() {
            found.total = device_total(dev);
        }
        if found.free.is_none() {
            found.free = dev.numbers.free_bytes;
        }
        if found.device.is_none() {
            found.device = dev.device.clone();
        }
    }
    let numbers = Numbers {
        requested_bytes: found.requested,
        total_bytes: found.total,
        allocated_bytes: found.allocated,
        reserved_bytes: found.reserved,
        free_bytes: found.free,
        device: found.device.clone(),
        layers_offloaded: found.layers.map(|(x, _)| x),
        layers_total: found.layers.map(|(_, y)| y),
    };
    let os = os(scan);
    let (mut title, mut explanation, mut next_steps) = super::verdict_text::words(
        c.label,
        &found,
        runtime.as_deref(),
        os.as_deref(),
        c.cause.as_deref(),
    );
    if let Some(t) = c.title {
        title = t.to_owned();
        if t == HEALTHY || t == RAN {
            next_steps = vec![
                "Nothing to fix in memory. If a later request failed or slowed down, paste the log from that point; for a longer context, check the Fit Calculator first.".to_owned(),
            ];
        }
        if t == WEIGHTS_OVER_CARD {
            // Freeing memory or shortening the context cannot help: only smaller or spread weights do.
            next_steps = vec![
                "Use a quantized checkpoint of the model (4-bit AWQ or GPTQ, or FP8), or a GGUF quant with llama.cpp / Ollama, which can also keep part of it in system RAM.".to_owned(),
                "Split the weights over several GPUs: --tensor-parallel-size N (vLLM, SGLang), device_map=\"auto\" (transformers).".to_owned(),
                "Or choose a smaller model: the Fit Calculator shows which sizes and quants fit this card.".to_owned(),
            ];
        }
        if t == OTHER_FAILURE {
            next_steps = vec![
                "Search the runtime's issues for the exact error message, and try the previous or the latest release: most failures of this kind are version bugs or a driver, toolkit or build mismatch.".to_owned(),
                "If memory did run out, paste the whole log from the model load to the error (or describe when it fails and how much memory the card has): the lines around the failure say which memory.".to_owned(),
            ];
        }
        if t == FITTED {
            next_steps = vec![
                "Nothing to fix if the adjusted settings suit you. To get back what the fit took away (context, layers on the GPU), open the Fix Wizard: a q8_0 KV cache or a smaller quant often keeps the full context on the GPU.".to_owned(),
                "llama.cpp: to fail with a clear error instead of adjusting silently, pass -fit off.".to_owned(),
            ];
        }
    }
    if let Some(e) = c.explain {
        explanation = e;
    }
    if c.label != Label::Unknown
        && let Some(fit) = tl.fit_sentence()
    {
        explanation = format!("{explanation} {fit}");
    }
    if read_as_description {
        explanation =
            format!("Reading this as a description of the problem, not a log. {explanation}");
    }
    Diagnosis {
        label: c.label,
        confidence: c.confidence,
        runtime,
        os,
        title,
        explanation,
        evidence: if c.evidence.is_empty() && c.extra.is_empty() {
            Vec::new()
        } else {
            evidence
        },
        numbers,
        next_steps,
        also,
        gpu_name: tl.gpu_name(),
        events: agreeing_events(tl.shown(), c.label),
    }
}

/// The timeline names a failure's phase from the events before it alone; where the verdict placed the last
/// failure from other evidence (a phase marker, the person's words), the card must not say the opposite
/// beside it: the contradicting phase and buffer kind are left unsaid.
fn agreeing_events(mut events: Vec<Event>, label: Label) -> Vec<Event> {
    if let Some(e) = events
        .iter_mut()
        .rev()
        .find(|e| e.kind == EventKind::AllocFailed)
    {
        let (phase, detail) = (e.phase.as_deref(), e.detail.as_deref());
        let says_load = phase == Some(events::phase::LOAD) || detail == Some("model");
        let says_context = phase.is_some_and(events::phase::is_after_weights)
            || matches!(detail, Some("kv" | "compute"));
        if label == Label::VramOomContext && says_load
            || label == Label::VramOomLoad && says_context
        {
            e.phase = None;
            if matches!(detail, Some("model" | "kv" | "compute")) {
                e.detail = None;
            }
        }
    }
    events
}

/// The verdict on a file that is not a log: named, with no evidence.
pub fn not_a_log(what: &str) -> Diagnosis {
    let model = what.contains("model file");
    let mut next_steps = vec![
        "Open the text the runtime printed instead: its console output, or its log file (Ollama: server.log; llama.cpp: redirect with 2>&1 | tee run.log; vLLM/PyTorch: the terminal output).".to_owned(),
    ];
    if model {
        next_steps.push(
            "To see whether this model fits your GPU, open it in the Fit tab instead.".to_owned(),
        );
    }
    Diagnosis {
        label: Label::Unknown,
        confidence: 0.95,
        title: format!("This is {what}, not a log"),
        explanation: format!(
            "Crash Triage reads the text a runtime prints. This file is {what}, so there is nothing in it to diagnose; its bytes were not read as log lines."
        ),
        next_steps,
        ..Diagnosis::default()
    }
}

/// The last Metal buffer line whose running total "(used / limit)" exceeds the limit printed beside it or the
/// device's working-set size.
fn metal_over_working_set(scan: &Scan, tl: &Timeline) -> Option<(u64, String, u64, u64)> {
    let working_set = tl
        .of(EventKind::Device)
        .filter_map(|e| e.numbers.total_bytes)
        .last();
    let h = scan.hits(Sig::BufferCue)?;
    let kept: Vec<&(u64, String)> = h.lines().collect();
    let from_totals = kept.iter().rev().find_map(|(line, text)| {
        let lower = text.to_ascii_lowercase();
        let mib = |v: f64| (v * 1024.0 * 1024.0) as u64;
        // mlx-lm states the model's size against the working set in MB (it divides by 2^20).
        if let Some(i) = lower.find("close to the maximum recommended size") {
            let number_before = |s: &str| {
                s.rsplit("requires")
                    .next()?
                    .split_whitespace()
                    .next()?
                    .parse::<f64>()
                    .ok()
            };
            let number_after = |s: &str| {
                s.split(|c: char| !(c.is_ascii_digit() || c == '.'))
                    .find(|w| !w.is_empty())?
                    .parse::<f64>()
                    .ok()
            };
            let used = mib(number_before(&lower[..i])?);
            let limit = mib(number_after(&lower[i..])?);
            return (used > limit).then(|| (*line, text.clone(), used, limit));
        }
        if !lower.contains("metal") && !lower.contains("allocated buffer") {
            return None;
        }
        let open = text.rfind('(')?;
        let inside = &text[open + 1..];
        let (a, b) = inside.split_once('/')?;
        let used_mb: f64 = a.trim().parse().ok()?;
        let printed = b
            .trim()
            .trim_end_matches(|c: char| !c.is_ascii_digit())
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .next()
            .and_then(|n| n.parse::<f64>().ok());
        let limit = printed.map(mib).or(working_set)?;
        let used = mib(used_mb);
        (used > limit).then(|| (*line, text.clone(), used, limit))
    });
    // Without a running total: the GPU buffers the load printed (model, KV cache, compute) against the
    // working set llama.cpp reported for the Metal device.
    from_totals.or_else(|| {
        let limit = working_set?;
        let used = tl.gpu_buffers();
        let metal = tl.of(EventKind::Buffer).any(|e| {
            e.on_gpu()
                && e.device
                    .as_deref()
                    .is_some_and(|d| d.to_ascii_lowercase().starts_with("metal"))
        });
        let last = tl.of(EventKind::Buffer).filter(|e| e.on_gpu()).last()?;
        (metal && used > limit).then(|| (last.line, last.text.clone(), used, limit))
    })
}

/// The work a text names, which places a failure past the load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Work {
    /// "batch_size=32", "--batch-size 8", "a batch size of 64".
    Batch,
    /// A training run: weights load before the first step.
    Training,
    /// An image or video resolution ("5760x3048 images", "1920x1080 pixels").
    Resolution,
}

impl Work {
    fn explain(self) -> &'static str {
        match self {
            Work::Batch => {
                "Nothing marks where it failed, but the text sets a batch size: the run was batching its work (training steps, evaluation, a batch of inputs), so the weights were in place and the work's memory (the batch, the input's size, the sequence length) ran out. A smaller batch, or a smaller input, fits."
            }
            Work::Training => {
                "Nothing marks where it failed, but the run is training: the weights were in place before the first step, and what each step adds (activations and gradients for the batch, the input's size, the sequence length) ran out. A smaller batch or input, gradient checkpointing, or mixed precision fits."
            }
            Work::Resolution => {
                "Nothing marks where it failed, but the text gives the image's resolution: the memory an image or frame needs grows with its pixels, on top of the weights already in place. A smaller resolution, or processing the image in tiles, fits."
            }
        }
    }
}

/// The work the text names. A batch size that a sentence says did not help when lowered ("lowering
/// batch_size to 1 did not help") is not what filled the card; a training step still is, even at batch 1
/// (its activations and gradients), which gradient checkpointing answers.
fn named_work(t: &str) -> Option<Work> {
    let names = |s: &str| {
        ["batch_size", "batch size", "batchsize", "batch-size"]
            .iter()
            .any(|w| s.contains(w))
    };
    let sentences = || t.split(['.', '!', '?', '\n']).filter(|s| names(s));
    let in_vain = sentences().any(|s| super::describe::TRIED_IN_VAIN.iter().any(|w| s.contains(w)));
    if !in_vain && sentences().next().is_some() {
        Some(Work::Batch)
    } else if trains(t) {
        Some(Work::Training)
    } else if t.lines().any(states_resolution) {
        Some(Work::Resolution)
    } else {
        None
    }
}

/// A line giving an image's width and height ("5760x3048", "3024*4032", "1920 x 1080"), both at least 240
/// pixels. Not a tensor's or a matrix's shape, which reads the same: "mat1 and mat2 shapes (1x4096 and
/// 11008x4096)".
fn states_resolution(line: &str) -> bool {
    static SIZE: OnceLock<Option<Regex>> = OnceLock::new();
    // Two whole numbers joined by x, * or ×; what follows the second is checked below (a regex consuming it
    // would hide a size that starts right after it).
    let Some(size) = SIZE
        .get_or_init(|| Regex::new(r"(?:^|[^0-9A-Za-z.])([0-9]+) *[x*×] *([0-9]+)").ok())
        .as_ref()
    else {
        return false;
    };
    if ["shape", "mat1", "weight", "tensor", "size mismatch"]
        .iter()
        .any(|w| line.contains(w))
    {
        return false;
    }
    let px = |m: regex::Match| {
        m.as_str()
            .parse::<u32>()
            .is_ok_and(|v| (240..=20_000).contains(&v))
    };
    size.captures_iter(line).any(|c| {
        let ends = !line[c.get(0).map_or(0, |m| m.end())..]
            .starts_with(|ch: char| ch.is_ascii_alphanumeric() || ch == '.');
        ends && c.get(1).is_some_and(px) && c.get(2).is_some_and(px)
    })
}

/// The text runs a training loop: "train" or "training" as a word, a training script (`train.py`,
/// `train_gpt2.py`), an epoch, or 训练. Not "trained" or "pretrained" (a finished model used as it is) nor
/// "trainer" (a library class that also loads the model).
fn trains(t: &str) -> bool {
    let word = |w: &'static str| {
        super::signals::at_word_start(t, w).any(|i| {
            !t.as_bytes()
                .get(i + w.len())
                .is_some_and(|b| b.is_ascii_alphanumeric())
        })
    };
    ["train", "training", "epoch", "epochs"]
        .into_iter()
        .any(word)
        || super::signals::at_word_start(t, "train").any(|i| {
            let rest = &t[i..];
            rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
                .next()
                .is_some_and(|w| w.ends_with(".py"))
        })
        || t.contains("训练")
}

/// The person says the load finished: what failed after it was the work, not the weights.
fn said_loaded(words: &str) -> bool {
    super::describe::LOADED
        .iter()
        .chain(&[
            "once loaded",
            "after loading",
            "first request",
            "first prompt",
            "first message",
        ])
        .any(|w| words.contains(w))
}
