//! From signals and numbers to a verdict: which failure is decisive (ranked, with the others in `also`), how
//! sure we are, and what to do — in words that use the log's own numbers and runtime.

use super::events::{Event, EventKind, Timeline};
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
    /// The explanation, when a timeline rule states it with its own numbers.
    explain: Option<String>,
    /// Event lines that are evidence too.
    extra: Vec<(u64, String)>,
    /// A title for what was recognised when the label alone ("Not recognised") would undersell it.
    title: Option<&'static str>,
}

fn call(label: Label, confidence: f32, evidence: &[Sig]) -> Call {
    Call {
        label,
        confidence,
        evidence: evidence.to_vec(),
        cause: None,
        explain: None,
        extra: Vec::new(),
        title: None,
    }
}

fn lines_of<'a>(events: impl IntoIterator<Item = &'a Event>) -> Vec<(u64, String)> {
    events
        .into_iter()
        .map(|e| (e.line, e.text.clone()))
        .collect()
}

/// A device's total memory: printed in the log, or the catalog's figure for the GPU it names.
fn device_total(e: &Event) -> Option<u64> {
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
        let metal = lim.text.to_ascii_lowercase().contains("metal") || scan.has(Sig::RtMlx);
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
    } else if text.contains("device-side assert") {
        "a check inside a GPU kernel failed (device-side assert): usually an index out of range — a bug or bad input (token ids, labels), not a lack of memory"
    } else if text.contains("launch timed out") {
        "the display driver's watchdog stopped a GPU kernel that ran too long (Windows TDR): raise TdrDelay or use a GPU that drives no display, not a memory problem"
    } else if text.contains("unspecified launch failure")
        || text.contains("launchfailure")
        || text.contains("misaligned address")
        || text.contains("memory access fault")
        || text.contains("aperture_violation")
    {
        "a GPU kernel crashed (bad address or launch failure): a bug in the runtime or driver for this model or settings, not a lack of memory"
    } else if text.contains("nobinaryforgpu") || text.contains("code object") {
        "the build has no GPU code for this card (ROCm: no code object for its gfx target; use a build for it, or HSA_OVERRIDE_GFX_VERSION where supported)"
    } else if text.contains("unsupported toolchain") {
        "the NVIDIA driver is older than the CUDA toolkit this build was compiled with (update the driver)"
    } else if text.contains("busy or unavailable") {
        "the GPU is in exclusive-process mode and taken, or unavailable to this process (nvidia-smi -c, container settings), not short of memory"
    } else if text.contains("cannot open shared object")
        || text.contains("shared libraries")
        || text.contains("modulenotfounderror")
    {
        "a library the runtime needs is missing or does not match (reinstall the runtime and its CUDA / ROCm libraries)"
    } else if text.contains("invalid device ordinal") {
        "the process asked for a GPU index that is not visible to it (CUDA_VISIBLE_DEVICES, container settings or the device number)"
    } else if text.contains("cublas_status") {
        "cuBLAS refused an operation on this GPU (not supported or failed to execute): a build or driver problem, not memory"
    } else if text.contains("wrong shape")
        || text.contains("wrong number of tensors")
        || text.contains("pre-tokenizer")
    {
        "the model file does not match what this runtime version expects (update the runtime, or use a file made for it)"
    } else if text.contains("no kernel image") || text.contains("invalid device function") {
        "the build has no GPU code for this card's compute capability (rebuild with its CUDA architecture, or use a build that supports it)"
    } else if text.contains("illegal memory access") {
        "a GPU kernel read or wrote out of bounds (illegal memory access): a bug in the runtime for this model or settings, not a lack of memory"
    } else if text.contains("gpu architecture") {
        "the build has no GPU code for this card's architecture (use a build or version that supports it)"
    } else if text.contains("os call failed") {
        "a CUDA call was blocked by the OS or container (CUDA error 304): a sandbox / seccomp or driver setting, not memory"
    } else if text.contains("shared object initialization") || text.contains("device context") {
        "the CUDA driver failed to set up the GPU (shared object / context initialisation): a driver or library problem, not memory"
    } else if text.contains("could not load") {
        "a GPU math library could not load its kernel files (check the install, and the open-file limit: ulimit -n)"
    } else if text.contains("0xc000001d") || text.contains("illegal instruction") {
        "the CPU does not support an instruction this build uses (illegal instruction): use a build for this CPU (no AVX-512 / AVX2)"
    } else if text.contains("context's memory pool") {
        "a fixed-size internal ggml context pool is too small for these settings: a sizing bug in the runtime, not a lack of RAM or VRAM"
    } else if text.contains("architecture") {
        "this build does not know the model's architecture (update the runtime to a version that supports this model)"
    } else if text.contains("not within the file bounds")
        || text.contains("invalid magic")
        || text.contains("corrupt")
        || text.contains("unexpected end of file")
    {
        "the model file is incomplete or corrupt (download it again and compare its size or checksum)"
    } else if text.contains("free space in the kv cache")
        || text.contains("kv cache slot")
        || text.contains("memory slot")
    {
        "the context window is full: every KV-cache slot is in use (a logical limit, not an allocation failure)"
    } else if [
        "no compatible gpus",
        "not compiled with gpu",
        "failed to initialize cuda",
        "stub library",
        "not compiled with cuda",
        "no nvidia driver",
        "communicate with the nvidia driver",
        "cuda driver library",
        "amd gpu detection",
        "dynamic library 'libcud",
        "no usable gpu",
        "gpu dependency libraries",
        "amdgpu is not supported",
        "amdgpu too old",
        "compatible amdgpu",
    ]
    .iter()
    .any(|w| text.contains(w))
    {
        "the GPU was not used at all: no usable driver, GPU build or device was found, so everything ran on the CPU (install or fix the GPU driver, or use the runtime's GPU build); not a lack of VRAM"
    } else if text.contains("same device") {
        "tensors ended up on different devices (a device_map / offload setting or a bug in the model code), not a lack of memory"
    } else if text.contains("size mismatch") || text.contains("loading state_dict") {
        "the checkpoint does not match the model definition (wrong file, config or version), not a lack of memory"
    } else if text.contains("probability tensor") {
        "the model produced inf/NaN values (fp16 overflow, a bad quantization or sampling settings), not a lack of memory"
    } else if text.contains("ampere")
        || text.contains("compute capability")
        || text.contains("current pytorch installation")
        || text.contains("no longer supports this gpu")
        || text.contains("kernel image")
        || text.contains("nokernelimage")
        || text.contains("invalid_isa")
        || text.contains("tensilelibrary")
    {
        "this build has no GPU code (or no feature support) for this card's architecture: use a build or version made for it, not a memory setting"
    } else if text.contains("device_lost") || text.contains("devicelost") {
        "the GPU device was lost (a driver reset, a timeout watchdog, overheating or power): a driver or hardware fault, not a lack of memory"
    } else if text.contains("incompatibledriver")
        || text.contains("extensionnotpresent")
        || text.contains("initializationfailed")
        || text.contains("driver initialization")
    {
        "the GPU driver could not be set up for this backend (missing or too old a Vulkan / CUDA driver): update or reinstall the driver"
    } else if text.contains("0xc0000135") {
        "Windows could not find a DLL the runtime needs (STATUS_DLL_NOT_FOUND): reinstall the runtime or the Visual C++ / CUDA runtime libraries"
    } else if text.contains("missing tensor")
        || text.contains("deserializing header")
        || text.contains("central directory")
    {
        "the model file is incomplete, corrupt or not the format this runtime expects (download it again and compare its size)"
    } else if text.contains("pulling it first")
        || text.contains("gated repo")
        || text.contains("repositorynotfound")
    {
        "the model is not there to load: not pulled yet, a gated repository without access (log in / accept the licence), or a wrong repository name"
    } else if text.contains("hiperrornodevice") || text.contains("no devices found") {
        "no usable GPU was found for this backend (driver not loaded, or the device hidden from the process), so nothing could be placed on it"
    } else if text.contains("could not select device driver")
        || text.contains("nvidia-container-cli")
    {
        "the container has no GPU access (install the NVIDIA Container Toolkit, run with --gpus all)"
    } else if text.contains("invalid argument") && text.contains("error: ")
        || text.contains("unknown argument")
    {
        "the command line has an option this version does not accept: check the spelling and the runtime's --help"
    } else if text.contains("your version")
        || text.contains("newer version")
        || text.contains("model manifest")
    {
        "this runtime version does not know the model (update the runtime, or check the model's name)"
    } else if text.contains("address already in use") {
        "the port is taken by another server (often an earlier instance still running): a port clash, not memory"
    } else if [
        "importerror",
        "attributeerror",
        "typeerror",
        "keyerror",
        "valueerror",
        "notimplementederror",
    ]
    .iter()
    .any(|w| text.contains(w))
    {
        "the program stopped on a Python error that is not about memory (a version mismatch between packages, or a bug): update or pin the packages the traceback names"
    } else if text.contains("explicitly requested") {
        "the GPU module was not available (llamafile could not build or load its CUDA / ROCm support), so everything ran on the CPU: install the GPU toolkit or use a build with GPU support, not a memory setting"
    } else if text.contains("gloo") || text.contains("nccl") {
        "the processes of a multi-GPU run lost their connection to each other (gloo / NCCL transport): a network or process failure, not a lack of memory"
    } else if text.contains("engine") {
        "the app could not load its inference engine (an install or configuration problem: reinstall or pick the engine / backend in its settings), not a lack of memory"
    } else if text.contains("impacting interactivity")
        || text.contains("gpu timeout error")
        || text.contains("gpu hang error")
    {
        "the GPU watchdog stopped a command buffer that ran too long (or hung): split the work into smaller steps (a smaller prefill / batch), not a memory setting"
    } else if text.contains("unrecognized selector") {
        "the GPU does not implement a call the runtime needs (a virtual machine's paravirtual GPU, or a too-old OS): run on the real GPU, not a memory setting"
    } else if text.contains("resource limit (") {
        "the runtime hit Metal's limit on the number of live GPU buffers (many small allocations, e.g. a quantized KV cache growing per token), not the bytes of memory"
    } else if text.contains("ecc error")
        || text.contains("xid")
        || text.contains("ring gfx timeout")
        || text.contains("system not yet initialized")
    {
        "the GPU reported a hardware or driver fault (ECC error, NVIDIA Xid, AMD ring timeout, fabric manager not running): check the driver, power and cooling, not a memory setting"
    } else if text.contains("undefined symbol") || text.contains("required by") {
        "the runtime's libraries do not match each other or the system (an undefined symbol, a missing glibc version): reinstall the runtime built for this system"
    } else if text.contains("vocabulary")
        || text.contains("magic")
        || text.contains("ggml type")
        || text.contains("key not found")
        || text.contains("digest mismatch")
    {
        "the model file is broken, incomplete or from a newer format than this runtime reads (download it again, or update the runtime)"
    } else if text.contains("max retries exceeded") {
        "the download of the model failed (network or registry), not a lack of memory"
    } else if text.contains("illegal hardware instruction") {
        "an x86 build is running on Apple Silicon (under Rosetta) or on a CPU without the instructions it needs: install the native arm64 build"
    } else if text.contains("invalid resource handle")
        || text.contains("unknown error")
        || text.contains("peer access")
    {
        "a CUDA call failed for a reason other than memory (a stale handle, an unknown driver error often fixed by a reboot or driver update, or GPUs that cannot reach each other's memory)"
    } else if text.contains("887a0005")
        || text.contains("887a0006")
        || text.contains("device_removed")
        || text.contains("device_hung")
    {
        "Windows' graphics driver removed or reset the GPU (DXGI device removed / hung: a driver crash or the timeout watchdog), not a lack of memory: update the driver, or raise TdrDelay for long kernels"
    } else if text.contains("16-bit storage") {
        "the Vulkan device lacks a feature this backend needs (16-bit storage): use another backend or a newer driver, not a memory setting"
    } else if text.contains("fallen off the bus") {
        "the GPU dropped off the PCIe bus (NVIDIA Xid 79): a hardware, power, overheating or driver fault, not a lack of memory"
    } else if text.contains("no cuda-capable device") {
        "no CUDA GPU is visible to the process (driver not loaded, or CUDA_VISIBLE_DEVICES / container settings hide it)"
    } else {
        "an operation this build or GPU does not support"
    };
    cause.to_owned()
}

fn classify(scan: &Scan, f: &Found, tl: &Timeline) -> Call {
    let gpu_fail = last_gpu_failure(scan);
    let host_fail = scan
        .last(Sig::HostKilled)
        .max(scan.last(Sig::HostAlloc))
        .max(scan.last(Sig::WinPagefile));
    let progress_after = |line: u64| line > 0 && scan.last(Sig::Progress) > line;

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
    if scan.has(Sig::NotMemory) {
        let nm = scan.last(Sig::NotMemory);
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
        if !assert_after_failure
            && (hard == 0 || nm >= hard || scan.has(Sig::PinnedFail) && gpu_fail == 0)
        {
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
    if (scan.has(Sig::TorchOom) || scan.has(Sig::HipOom))
        && let (Some(req), Some(free)) = (f.requested, f.free)
        && free >= req.saturating_mul(2).max(GIB)
        && f.total.is_none_or(|t| free <= t)
    {
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
        let ru = f
            .reserved_unallocated
            .or_else(|| Some(f.reserved?.saturating_sub(f.allocated?)));
        // Fragmentation bites a large contiguous request; when a request of a few MiB fails the card is
        // simply full, whatever the cache holds.
        let large_request = f.total.is_none_or(|t| req >= t / 100);
        if let Some(ru) = ru
            && ru > 0
            && ru.saturating_mul(5) >= req
            && f.free.unwrap_or(0) + ru >= req
            && large_request
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
    if scan.has(Sig::CudaOom)
        && let Some(c) = room_left(tl, gpu_fail)
    {
        return c;
    }
    if scan.has(Sig::CudaOom) {
        let mut label = phase(scan, scan.last(Sig::CudaOom), Label::VramOomLoad);
        // The weights were already on the GPU, or the run had started: the failure is the context's.
        if tl
            .last(EventKind::AllocFailed)
            .and_then(|e| e.phase.as_deref())
            .is_some_and(|p| p != "the model load")
        {
            label = Label::VramOomContext;
        }
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
    if scan.has(Sig::PinnedFail) || scan.has(Sig::Recover) {
        return call(
            Label::RecoveredNoFailure,
            0.7,
            &[Sig::PinnedFail, Sig::Recover, Sig::Progress],
        );
    }
    if let Some(mut c) = cpu_spill(scan, tl) {
        // Weights sent to RAM because the GPU was already mostly taken when the load began: the cause is the
        // other holder, the spill its consequence.
        // (Unified memory is shared with the OS by design: not "another holder".)
        let unified = scan.has(Sig::MetalMarker) || scan.has(Sig::OsMac) || scan.has(Sig::RtMlx);
        if !unified
            && let Some(s) = tl.start_state(None, u64::MAX)
            && let (Some(free), Some(total)) = (s.numbers.free_bytes, device_total(s))
            && total.saturating_sub(free) >= 2 * GIB
            && total.saturating_sub(free) * 2 >= total
        {
            c.label = Label::VramHeldByOther;
            c.extra.insert(0, (s.line, s.text.clone()));
            c.explain = Some(format!(
                "{} had only {} free of {} when the load started: {} was already in use by another process, so the runtime kept part of the model in system RAM, where it runs far slower.",
                s.device.as_deref().unwrap_or("The GPU"),
                format_auto(free),
                format_auto(total),
                format_auto(total.saturating_sub(free))
            ));
        }
        return c;
    }
    if let Some(cpu) = f.cpu_share.filter(|c| *c > 0) {
        let mut c = call(Label::CpuSpillSlow, 0.7, &[Sig::Offloaded]);
        c.explain = Some(format!(
            "ollama ps shows the model {cpu} % on the CPU: that part runs from system RAM at a fraction of the GPU's speed."
        ));
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
    // Every layer on the GPU and still slow: nothing spilled to system RAM, so memory is not the cause.
    if let Some((x, y)) = f.layers
        && x == y
        && x > 0
        && gpu_fail == 0
        && host_fail == 0
        && (scan.has(Sig::SlowHint) || tl.last(EventKind::Speed).is_some())
    {
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
            })
        })
    {
        return call(Label::CpuSpillSlow, 0.6, &[Sig::Offloaded, Sig::SlowHint]);
    }
    // Some layers on the GPU and not all: the rest run on the CPU (none on the GPU is a CPU-only run).
    if let Some((x, y)) = f.layers
        && x < y
        && x > 0
    {
        return call(Label::CpuSpillSlow, 0.7, &[Sig::Offloaded, Sig::SlowHint]);
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
            "Metal's GPU buffers reached {} while the GPU may use about {} of this Mac's unified memory (recommendedMaxWorkingSetSize): the model and its context do not fit. Use a smaller quant or context, or raise the limit (sudo sysctl iogpu.wired_limit_mb) on a Mac with RAM to spare.",
            format_auto(used),
            format_auto(limit)
        ));
        return c;
    }
    // The process crashed on a bad pointer with no allocation failing before it: a bug in this version or
    // build for this model (a failed allocation is reported, not dereferenced, by these runtimes).
    if gpu_fail == 0
        && host_fail == 0
        && let Some((line, _)) = scan.hits(Sig::ExitCue).and_then(|h| {
            h.lines().find(|(_, t)| {
                let t = t.to_ascii_lowercase();
                ["segmentation fault", "sigsegv", "core dumped", "0xc0000005"]
                    .iter()
                    .any(|w| t.contains(w))
            })
        })
    {
        // Labelled unknown: the crash is real but its cause is not in the log (a bug, a bad build, a GPU
        // driver fault); what the log does show — no failed allocation — is said.
        let mut c = call(Label::Unknown, 0.45, &[]);
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
    // Wrappers first: they print their engine's messages too.
    let order = [
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
    let name = order.iter().find(|(s, _)| scan.has(*s)).map(|(_, n)| *n)?;
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
    let refines = |d: &Call| {
        matches!(c.label, Label::VramOomLoad | Label::VramOomContext)
            && matches!(d.label, Label::VramFragmentation | Label::VramHeldByOther)
            // A warning read as a recovery, while the person says the load failed with it.
            || c.label == Label::RecoveredNoFailure
                && d.label == Label::NotMemory
                && scan.has(Sig::PinnedFail)
            || c.label == Label::VramOomLoad
                && d.label == Label::VramOomContext
                && !scan.has(Sig::LoadPhase)
                && !scan.has(Sig::ContextPhase)
    };
    if description && let Some(d) = describe(scan, false).filter(|d| refines(d)) {
        c = d;
    } else if description && (c.label == Label::Unknown || c.confidence < 0.6) {
        match describe(scan, false) {
            Some(d) => c = d,
            None => {
                read_as_description = true;
                c.confidence = c.confidence.min(0.4);
            }
        }
    } else if c.label == Label::Unknown
        && scan.lines <= super::input::HEAD_LINES
        && let Some(mut d) = describe(scan, true)
    {
        // A short excerpt with no failure line: its words are the only evidence, read with low confidence.
        d.confidence = 0.3;
        c = d;
        read_words = true;
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
    let (mut title, mut explanation, next_steps) =
        super::verdict_text::words(c.label, &found, runtime.as_deref(), c.cause.as_deref());
    if let Some(t) = c.title {
        title = t.to_owned();
    }
    if let Some(e) = c.explain {
        explanation = e;
    }
    if read_as_description {
        explanation =
            format!("Reading this as a description of the problem, not a log. {explanation}");
    }
    Diagnosis {
        label: c.label,
        confidence: c.confidence,
        runtime,
        os: os(scan),
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
        events: tl.shown(),
    }
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

/// A person's description of what they saw: symptoms in words, read with lower confidence.
///
/// `log_like`: the text is a short log with no failure a rule knows, not prose. Its symptom words are read
/// too, but not the generic ones a log is full of ("error", "load", "context") nor "swap"/"disk", which logs
/// print as fields (Ollama's free_swap, paths).
fn describe(scan: &Scan, log_like: bool) -> Option<Call> {
    let mut t = scan.head.to_ascii_lowercase();
    // PyTorch's OOM message ends with advice that names fragmentation whatever the cause: a quoted error
    // says nothing about the allocator's state; the person's own words (or the numbers) must.
    for hint in [
        "if reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation",
        "if reserved but unallocated memory is large try setting pytorch_cuda_alloc_conf=expandable_segments:true to avoid fragmentation",
        "if reserved but unallocated memory is large try setting max_split_size_mb to avoid fragmentation",
        "see documentation for memory management and pytorch_cuda_alloc_conf",
    ] {
        t = t.replace(hint, "");
    }
    let t = t;
    // A word counts where a word starts: "load" is not in "download", "open" not in "reopen".
    let has_word = |w: &str| {
        t.match_indices(w).any(|(i, _)| {
            !w.starts_with(|c: char| c.is_ascii_alphabetic())
                || i == 0
                || !t.as_bytes()[i - 1].is_ascii_alphabetic()
        })
    };
    let find = |words: &[&'static str]| {
        words
            .iter()
            .copied()
            .find(|w| has_word(w) && !(log_like && matches!(*w, "disk" | "swap")))
    };
    let rate = super::events::rate_in(&t);
    let killed = find(&[
        "killed",
        "all available ram",
        "out of ram",
        "ran out of ram",
        "oom killer",
        "oom-killer",
        "pagefile",
        "page file",
        "paging file",
        "of ram",
        "ram is full",
        "more ram",
    ]);
    let others = find(&[
        "at the same time",
        "simultaneously",
        "alongside",
        "zombie",
        "previous run",
        "another instance",
        "second instance",
        "other instance",
        "multiple models",
        "two models",
        "xorg",
        "other users",
        "another process",
        "other process",
        "something else is using",
        "other program",
        "still holding",
        "still hold",
        "not released",
        "not freed",
        "doesn't free",
        "still in use",
        "occupied by",
        "process using",
        "processes using",
        "another app",
        "for both",
        "both models",
        "another model",
        "another program",
        "browser",
    ]);
    let crash = (!log_like)
        .then(|| {
            find(&[
                "crash",
                "out of memory",
                // The same in the languages issue threads are most often written in.
                "内存不足",
                "显存不足",
                "显存溢出",
                "崩溃",
                "メモリ不足",
                "クラッシュ",
                "메모리 부족",
                "недостаточно памяти",
                "nicht genügend speicher",
                "mémoire insuffisante",
                "memoria insuficiente",
                "sin memoria",
                " oom",
                "error",
                "fails",
                "failed",
                "closes",
                "quits",
                "dies",
                "exits",
                "aborts",
            ])
        })
        .flatten();
    let later = find(&[
        "之后",
        "一段时间",
        "上下文",
        "对话",
        "会話",
        "しばらく",
        "コンテキスト",
        "이후",
        "контекст",
        "nach einer weile",
        "after a while",
        "after a few",
        "after some",
        "long conversation",
        "longer prompt",
        "long prompt",
        "context",
        "few messages",
        "later",
        "minutes",
        "while generating",
        "inference",
        "when i send",
        "long input",
        "large input",
        "big prompt",
        "large prompt",
        "batch size",
        "generate",
        "too long",
        "gets long",
        "grows",
        "during generation",
        "mid-",
    ]);
    let load = find(&["load", "start", "launch", "open"]);
    let freeze = find(&[
        "freez",
        "frozen",
        // Word starts only: "changing" is not a hang.
        " hang",
        "unresponsive",
        // The verb is a symptom even in a log; "swap" alone is also a log field (free_swap).
        "swapping",
        "disk",
        "swap",
        "stutter",
        "locks up",
        "lock up",
        "grinds",
        "memory pressure",
        "beach ball",
    ]);
    let slow = find(&[
        "slow",
        "很慢",
        "速度慢",
        "遅い",
        "トークン/秒",
        "느리",
        "медленн",
        "langsam",
        "lent",
        "lento",
        "tok/s",
        "tokens per second",
        "t/s",
        "tokens/s",
        "sluggish",
        "crawl",
        "takes forever",
        "barely used",
        "gpu utilization",
        "gpu util",
        "low gpu",
        "cpu and gpu",
        "partially on cpu",
        "minutes per",
        "gpu is not used",
        "gpu usage",
        "cpu usage",
        "100% cpu",
        "not using the gpu",
        "not using gpu",
        "runs on the cpu",
        "all the cpu",
        "using the cpu",
        "using cpu",
        "cpu/gpu",
        "running on the cpu",
        "very long time",
        "a long time",
        "performance dropped",
        // Part of the model kept in system RAM, in the runtimes' own words (ComfyUI's lowvram mode and
        // "loaded partially", llama.cpp/Ollama partial offload).
        "lowvram",
        "loaded partially",
        "partially offload",
        "partial offload",
        "offloaded to cpu",
        "offloaded to the cpu",
        "fit in vram",
        "fit into vram",
    ]);
    // The allocator's own state in words: PyTorch's caching allocator keeps freed blocks reserved, and its
    // OOM text names the cure (expandable_segments, max_split_size_mb, empty_cache).
    let fragmented = find(&[
        "fragment",
        "reserved but unallocated",
        "reserved-but-unallocated",
        "reserved-unallocated",
        "reserved and unallocated",
        "expandable_segments",
    ]);
    // The allocator's cache named as what helped ("it goes away when I call empty_cache") is fragmentation;
    // named as what did not help ("empty_cache() does nothing") it says nothing about the allocator.
    let tried_in_vain = find(&[
        "does nothing",
        "did nothing",
        "doesn't help",
        "does not help",
        "didn't help",
        "did not help",
        "no effect",
        "no difference",
        "doesn't work",
        "didn't work",
    ]);
    let cache_words = find(&["empty_cache", "max_split_size", "caching allocator"])
        .filter(|_| tried_in_vain.is_none());
    // A server that reserves a share of the GPU at start (vLLM's gpu_memory_utilization, 0.9 by default;
    // SGLang's mem-fraction-static; TGI's warm-up) shows high memory use however small the model: asked about
    // without a failure, that use is by design.
    let reserving_server = scan.has(Sig::RtVllm) || scan.has(Sig::RtSglang) || scan.has(Sig::RtTgi);
    let high_use = find(&[
        "uses all",
        "use all",
        "takes all",
        "takes up",
        "occupies",
        "so much vram",
        "so much memory",
        "so much gpu memory",
        "high memory usage",
        "memory usage is high",
        "high vram usage",
        "90%",
        "95%",
    ])
    .filter(|_| reserving_server);
    // Nothing failed: the runtime reserves memory up front by design (vLLM's gpu_memory_utilization, TGI's
    // warm-up, llama.cpp's preallocated KV cache).
    let by_design = find(&[
        "nothing wrong",
        "by design",
        "expected behavio",
        "working as intended",
        "works as intended",
        "preallocat",
        "pre-allocat",
        // A warning the run went on after.
        "just a warning",
        "only a warning",
        "harmless",
        "can be ignored",
        "safe to ignore",
        "still works",
        "works anyway",
        "只是warning",
        "只是警告",
        "不影响使用",
        "不影响运行",
        "無視して",
        "問題ありません",
    ]);
    // The person says memory is ample, or that it worked in an earlier version: the failure is a bug or a
    // limit, not a lack of memory.
    let ample = find(&[
        "fits easily",
        "easily fit",
        "should fit",
        "plenty of",
        "more than enough",
        "perfectly capable",
        "not an issue before",
        "worked before",
        "used to work",
        "worked fine in",
        "regression",
    ]);
    let not_memory = find(&[
        "illegal instruction",
        "illegal memory access",
        "unsupported",
        "not supported",
        "incompatible",
    ]);
    // Minutes (or many seconds) for a single token is the disk paging, not the CPU computing.
    let per_token = find(&["per token", "one token", "each token", "a single token"])
        .filter(|_| t.contains("minute"));
    // "I need 33.6 GB of 30.5 GB RAM": the system RAM is short (" ram" excludes "vram").
    let ram_short = (t.contains(" ram") && (t.contains("need") || t.contains("require")))
        .then_some("RAM needed");
    let mac = find(&[
        " mac",
        "apple",
        "metal",
        " m1",
        " m2",
        " m3",
        " m4",
        "unified memory",
        "mlx",
        "mtl",
        "wired",
    ]);
    let amd = find(&["amd", "radeon", "rocm"]);
    // "It fails to load" alone could be an unknown architecture or a broken file; with memory named
    // (or the VRAM, an allocation, the model's size against the card) it is the load that does not fit.
    let memory_named = find(&[
        "memory",
        "vram",
        " oom",
        "allocat",
        "too big",
        "too large",
        "doesn't fit",
        "does not fit",
        "won't fit",
        "内存",
        "显存",
        "メモリ",
        "메모리",
        "памят",
        "speicher",
        "mémoire",
        "memoria",
    ]);
    // "41/41 layers", "all layers on the GPU", "fully offloaded": nothing of the model sat in system RAM.
    let all_on_gpu = find(&[
        "all layers on the gpu",
        "all layers on gpu",
        "all layers are on the gpu",
        "fully offloaded",
        "full offload",
        "100% gpu",
        "entirely on the gpu",
    ])
    .or_else(|| full_layers_in(&t).then_some("every layer on the GPU"))
    // A setting is not what happened: when the person also sees the model in system RAM, the layers did not
    // all reach the GPU (VRAM full, or the driver's shared-memory fallback).
    .filter(|_| {
        ![
            "system ram",
            "system memory",
            "shared gpu memory",
            "shared memory",
            "virtual memory",
            "ram usage",
            "cpu usage",
            "100% cpu",
            "システムram",
            "仮想メモリ",
            "共享",
        ]
        .iter()
        .any(|w| t.contains(w))
    });
    // Pinned (page-locked) host memory named in a failure: system RAM the driver may lock, not VRAM.
    let pinned = find(&["pinned memory", "pinned host", "page-locked"]);
    let fragmented = fragmented.or(cache_words);
    let (label, symptom, why) = if let (Some(p), Some(_)) = (pinned, crash) {
        (
            Label::NotMemory,
            p,
            "Pinned (page-locked) host memory was refused: that is system RAM the driver may lock (Windows with mmap off, WSL2 and containers cap it), not VRAM. Turn mmap back on or disable pinned buffers (GGML_CUDA_NO_PINNED=1).",
        )
    } else if let Some(w) = fragmented {
        (
            Label::VramFragmentation,
            w,
            "Memory the allocator keeps reserved but cannot hand out in one piece (fragmentation) made a large request fail while enough was free in total.",
        )
    } else if let (Some(w), None) = (high_use, crash) {
        (
            Label::RecoveredNoFailure,
            w,
            "vLLM, SGLang and TGI reserve a fixed share of GPU memory when they start (gpu_memory_utilization, 0.9 by default; --mem-fraction-static; TGI's warm-up) and fill it with KV cache, so memory use looks high however small the model: by design, not a failure. Lower that share to leave room for other programs.",
        )
    } else if let Some(w) = by_design {
        (
            Label::RecoveredNoFailure,
            w,
            "The runtime reserves GPU memory up front on purpose; high memory use alone is not a failure.",
        )
    } else if let Some(o) = others {
        (
            Label::VramHeldByOther,
            o,
            "GPU memory held by another process (a stale run, a second server) leaves too little for this one.",
        )
    } else if let Some(k) = killed {
        (
            Label::HostOomKilled,
            k,
            "System RAM (with the page file or swap) ran out: the OS killed the process or refused the allocation.",
        )
    } else if let (Some(c), Some(_)) = (crash, later) {
        (
            Label::VramOomContext,
            c,
            "A crash after it has run for a while usually means the context (KV cache and compute buffers) grew past the free VRAM.",
        )
    } else if let Some(f) = freeze {
        (
            Label::PagingThrash,
            f,
            "A freeze with the disk busy is the OS paging: the model or its context does not fit in free system RAM.",
        )
    } else if let Some(k) = ram_short {
        (
            Label::HostOomKilled,
            k,
            "The model needs more system RAM than is free: the runtime refused to load it, or the OS would kill it.",
        )
    } else if let Some(w) = ample.or(not_memory) {
        (
            Label::NotMemory,
            w,
            "The memory is reportedly ample (or it worked in an earlier version): the failure is a bug, a limit or an unsupported setup, not a lack of memory.",
        )
    } else if let Some(p) = per_token {
        (
            Label::PagingThrash,
            p,
            "Minutes for each token is the speed of the disk: the model does not fit in free RAM and the OS pages it in and out.",
        )
    } else if let (Some(c), Some(_), Some(_)) = (crash, load, memory_named) {
        (
            Label::VramOomLoad,
            c,
            "A crash while loading usually means the weights do not fit in free VRAM with these settings.",
        )
    } else if let (Some(s), Some(_)) = (slow.or(rate.map(|_| "tok/s")), all_on_gpu) {
        (
            Label::NotMemory,
            s,
            "Every layer was on the GPU, so nothing ran from system RAM: slowness like this comes from the build (a CPU-only or mismatched GPU library), the driver, the thread count or a power limit, not from memory.",
        )
    } else if let Some(s) = slow.or(rate.map(|_| "tok/s")) {
        (
            Label::CpuSpillSlow,
            s,
            "Generation that slow usually means part of the model runs from system RAM on the CPU: not every layer fits in VRAM.",
        )
    } else if let Some(c) = crash.filter(|c| {
        // A bare "it crashes" / "error" says nothing about memory; "out of memory" does.
        !matches!(
            *c,
            "crash"
                | "error"
                | "fails"
                | "failed"
                | "closes"
                | "quits"
                | "dies"
                | "exits"
                | "aborts"
                | "崩溃"
                | "クラッシュ"
        )
    }) {
        (
            Label::VramOomLoad,
            c,
            "Out of memory with no other detail is most often a failed GPU allocation at load.",
        )
    } else {
        return None;
    };
    // A crash on a Mac is Metal's memory; on an AMD card, ROCm's.
    let label = match label {
        Label::VramOomLoad | Label::VramOomContext if mac.is_some() => Label::AppleMetalOom,
        Label::VramOomLoad | Label::VramOomContext if amd.is_some() => Label::RocmOom,
        l => l,
    };
    let mut c = call(label, if rate.is_some() { 0.45 } else { 0.4 }, &[]);
    let reading = if log_like {
        "No failure line a rule knows is in this short excerpt; reading its words instead"
    } else {
        "Reading this as a description of the problem, not a log"
    };
    c.explain = Some(format!(
        "{reading}: it mentions \"{symptom}\"{}. {why} Paste the runtime's full log for a sure answer.",
        rate.map(|r| format!(" and {r:.1} tokens/s"))
            .unwrap_or_default()
    ));
    Some(c)
}

/// "41/41 layers", "33 / 33 layers": a stated offload where every layer is on the GPU.
fn full_layers_in(t: &str) -> bool {
    let b = t.as_bytes();
    let num_before = |end: usize| {
        let start = b[..end]
            .iter()
            .rposition(|c| !c.is_ascii_digit())
            .map_or(0, |p| p + 1);
        t[start..end].parse::<u32>().ok()
    };
    t.match_indices('/').any(|(i, _)| {
        let left = t[..i].trim_end();
        let right = t[i + 1..].trim_start();
        let digits = right.bytes().take_while(u8::is_ascii_digit).count();
        let after = right[digits..].trim_start();
        digits > 0
            && after.starts_with("layers")
            && num_before(left.len())
                .is_some_and(|x| x > 0 && Some(x) == right[..digits].parse().ok())
    })
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
    kept.into_iter().rev().find_map(|(line, text)| {
        let lower = text.to_ascii_lowercase();
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
        let mib = |v: f64| (v * 1024.0 * 1024.0) as u64;
        let limit = printed.map(mib).or(working_set)?;
        let used = mib(used_mb);
        (used > limit).then(|| (*line, text.clone(), used, limit))
    })
}
