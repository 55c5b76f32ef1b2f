//! From signals and numbers to a verdict: which failure is decisive (ranked, with the others in `also`), how
//! sure we are, and what to do — in words that use the log's own numbers and runtime.

use super::numbers::Found;
use super::signals::Sig;
use super::{AlsoFinding, Diagnosis, Evidence, Label, Numbers, Scan};
use crate::units::{GIB, format_auto};

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

struct Call {
    label: Label,
    confidence: f32,
    /// Signals whose lines are the evidence.
    evidence: Vec<Sig>,
    /// A sentence naming the real cause when it is not memory.
    cause: Option<String>,
}

fn call(label: Label, confidence: f32, evidence: &[Sig]) -> Call {
    Call {
        label,
        confidence,
        evidence: evidence.to_vec(),
        cause: None,
    }
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

fn not_memory_cause(scan: &Scan) -> String {
    let text = scan
        .hits(Sig::NotMemory)
        .and_then(|h| h.lines().last().map(|(_, t)| t.to_ascii_lowercase()))
        .unwrap_or_default();
    let cause = if text.contains("driver version is insufficient")
        || text.contains("driver combination")
        || text.contains("forward compatibility")
    {
        "the NVIDIA driver is older than the CUDA runtime this build needs (driver/toolkit mismatch)"
    } else if text.contains("no kernel image") || text.contains("invalid device function") {
        "the build has no GPU code for this card's compute capability (rebuild with its CUDA architecture, or use a build that supports it)"
    } else if text.contains("illegal memory access") {
        "a GPU kernel read or wrote out of bounds (illegal memory access): a bug in the runtime for this model or settings, not a lack of memory"
    } else if text.contains("free space in the kv cache") {
        "the context window is full: every KV-cache slot is in use (a logical limit, not an allocation failure)"
    } else if text.contains("no cuda-capable device") {
        "no CUDA GPU is visible to the process (driver not loaded, or CUDA_VISIBLE_DEVICES / container settings hide it)"
    } else {
        "an operation this build or GPU does not support"
    };
    cause.to_owned()
}

fn classify(scan: &Scan, f: &Found) -> Call {
    let gpu_fail = last_gpu_failure(scan);
    let host_fail = scan
        .last(Sig::HostKilled)
        .max(scan.last(Sig::HostAlloc))
        .max(scan.last(Sig::WinPagefile));
    let progress_after = |line: u64| line > 0 && scan.last(Sig::Progress) > line;

    if scan.has(Sig::VllmKv) {
        return call(Label::VllmKvInsufficient, 0.9, &[Sig::VllmKv, Sig::Numbers]);
    }
    if scan.has(Sig::NotMemory) {
        let nm = scan.last(Sig::NotMemory);
        let hard = gpu_fail.max(host_fail);
        if hard == 0 || nm >= hard || scan.has(Sig::PinnedFail) && gpu_fail == 0 {
            let mut c = call(Label::NotMemory, 0.8, &[Sig::NotMemory]);
            c.cause = Some(not_memory_cause(scan));
            return c;
        }
    }
    if scan.has(Sig::MetalOom) {
        return call(
            Label::AppleMetalOom,
            0.9,
            &[Sig::MetalOom, Sig::MetalMarker],
        );
    }
    if scan.has(Sig::WinPagefile) && scan.last(Sig::WinPagefile) >= gpu_fail {
        return call(Label::HostOomKilled, 0.85, &[Sig::WinPagefile]);
    }
    if host_fail > 0 && host_fail >= gpu_fail {
        return call(
            Label::HostOomKilled,
            0.85,
            &[Sig::HostKilled, Sig::HostAlloc],
        );
    }
    if gpu_fail > 0 && progress_after(gpu_fail) {
        return call(
            Label::RecoveredNoFailure,
            0.7,
            &[Sig::CudaOom, Sig::TorchOom, Sig::Recover, Sig::Progress],
        );
    }
    if scan.has(Sig::HipOom)
        || scan.has(Sig::CudaOom) && scan.has(Sig::AmdMarker) && !scan.has(Sig::TorchOom)
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
        if let (Some(a), Some(t)) = (f.allocated, f.total)
            && a + req <= t
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
        if others > 0 && others >= req.max(GIB) {
            return call(Label::VramHeldByOther, 0.8, &[Sig::TorchOom]);
        }
        let ru = f
            .reserved_unallocated
            .or_else(|| Some(f.reserved?.saturating_sub(f.allocated?)));
        if let Some(ru) = ru
            && ru > 0
            && ru.saturating_mul(5) >= req
            && f.free.unwrap_or(0) + ru >= req
        {
            return call(Label::VramFragmentation, 0.8, &[Sig::TorchOom]);
        }
        let line = scan.last(Sig::TorchOom).max(scan.last(Sig::AllowedMemory));
        let label = phase(scan, line, Label::VramOomContext);
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
    if scan.has(Sig::CudaOom) {
        let label = phase(scan, scan.last(Sig::CudaOom), Label::VramOomLoad);
        return call(
            label,
            0.85,
            &[
                Sig::CudaOom,
                Sig::ContextPhase,
                Sig::LoadPhase,
                Sig::Offloaded,
            ],
        );
    }
    if scan.has(Sig::RunnerCrash) {
        let mut c = call(Label::VramOomLoad, 0.35, &[Sig::RunnerCrash]);
        c.cause = Some("the model runner crashed without saying why; on Windows 0xc0000409 most often follows a failed GPU allocation".into());
        return c;
    }
    if scan.has(Sig::PinnedFail) || scan.has(Sig::Recover) {
        return call(
            Label::RecoveredNoFailure,
            0.7,
            &[Sig::PinnedFail, Sig::Recover, Sig::Progress],
        );
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
    if let Some((x, y)) = f.layers
        && x < y
    {
        return call(Label::CpuSpillSlow, 0.7, &[Sig::Offloaded, Sig::SlowHint]);
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
    if scan.has(Sig::SlowHint) && scan.has(Sig::Offloaded) {
        return call(Label::CpuSpillSlow, 0.5, &[Sig::Offloaded, Sig::SlowHint]);
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

fn runtime(scan: &Scan) -> Option<String> {
    let order = [
        (Sig::RtVllm, "vLLM"),
        (Sig::RtSglang, "SGLang"),
        (Sig::RtComfy, "ComfyUI"),
        (Sig::RtTextgen, "text-generation-webui"),
        (Sig::RtKobold, "koboldcpp"),
        (Sig::RtLmStudio, "LM Studio"),
        (Sig::RtOllama, "Ollama"),
        (Sig::RtTransformers, "transformers"),
        (Sig::RtPytorch, "PyTorch"),
        (Sig::RtLlamaCpp, "llama.cpp"),
    ];
    order
        .iter()
        .find(|(s, _)| scan.has(*s))
        .map(|(_, n)| (*n).to_owned())
}

fn os(scan: &Scan) -> Option<String> {
    if scan.has(Sig::OsWsl) {
        Some("wsl2")
    } else if scan.has(Sig::WinPagefile) || scan.count(Sig::OsWindows) > scan.count(Sig::OsMac) {
        Some("windows")
    } else if scan.has(Sig::OsMac) || scan.has(Sig::MetalMarker) || scan.has(Sig::MetalOom) {
        Some("macos")
    } else if scan.has(Sig::OsLinux) || scan.has(Sig::HostKilled) {
        Some("linux")
    } else {
        None
    }
    .map(str::to_owned)
}

/// The verdict on a scanned log.
pub fn decide(scan: &Scan) -> Diagnosis {
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
    let c = classify(scan, &found);
    let runtime = runtime(scan);
    let mut evidence: Vec<Evidence> = c
        .evidence
        .iter()
        .filter_map(|s| scan.hits(*s))
        .flat_map(|h| h.lines())
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
    let (title, explanation, next_steps) =
        super::verdict_text::words(c.label, &found, runtime.as_deref(), c.cause.as_deref());
    Diagnosis {
        label: c.label,
        confidence: c.confidence,
        runtime,
        os: os(scan),
        title,
        explanation,
        evidence,
        numbers,
        next_steps,
        also,
        gpu_name: None,
    }
}
