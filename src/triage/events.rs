//! The log as a timeline of typed events with numbers: the devices and their free memory at start, the
//! buffers the model load placed on each device, the allocations that failed (size, device, buffer, phase),
//! and what happened next (retry, server running, exit). Events are read only from the lines the scan kept
//! (a few per signal), so their cost does not grow with the log.

use std::sync::OnceLock;

use regex::Regex;
use serde::{Deserialize, Serialize};

use super::Scan;
use super::signals::Sig;
use crate::units::{GIB, MIB, format_auto, unit_multiplier};

/// What an event says happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// A GPU (or the system RAM) with its name, total and free memory.
    Device,
    /// A buffer the model load placed on a device (weights, KV cache, compute, output).
    Buffer,
    /// Layers offloaded to the GPU (count of total).
    Layers,
    /// Context / batch size the run was started with.
    Context,
    /// A memory allocation that failed.
    AllocFailed,
    /// An allocation refused for exceeding the device's per-buffer limit.
    BufferLimit,
    /// Pinned (page-locked) host memory refused.
    PinnedRefused,
    /// The runtime retried or fell back after a failure.
    Retry,
    /// The run went on: server listening, tokens generated.
    Running,
    /// The process ended: exit code, signal, crash.
    Exit,
    /// The OS stepped in: OOM killer, page file / commit limit.
    OsKilled,
    /// An error that is not about memory (driver mismatch, no kernel image, illegal access…).
    NotMemory,
    /// A generation speed figure.
    Speed,
    /// llama.cpp's automatic fit changed the settings before the load (context from `of` to `count`
    /// tokens, or `count` of `of` layers overflowing to system RAM), or could not fit them.
    Fitted,
    /// A process holding GPU memory, from nvidia-smi's process table (`detail` its name, `count` its PID,
    /// `bytes` what it holds).
    Holder,
}

/// The phases an event is placed in (the JSON `phase` strings, and the words the card shows): written
/// once here so the timeline, the verdict and the card agree on them.
pub mod phase {
    /// A failure before the weights were on the GPU.
    pub const LOAD: &str = "the model load";
    /// A failure after the weights were placed: the KV cache, the compute buffers.
    pub const CONTEXT: &str = "context setup";
    /// A failure after the run had started (server listening, tokens out).
    pub const RUN: &str = "the run (a prompt)";
    /// A device's free memory as printed in the failure message.
    pub const AT_FAILURE: &str = "at the failure";
    /// A device's free memory as printed when the load was planned.
    pub const AT_LOAD: &str = "at the load";

    /// A failure phase that places it after the weights (the context's, not the load's).
    pub fn is_after_weights(p: &str) -> bool {
        p == CONTEXT || p == RUN
    }
}

/// The numbers an event carries (absent ones omitted from JSON).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct EventNumbers {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_bytes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free_bytes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit_bytes: Option<u64>,
    /// Layers offloaded, n_ctx, an exit code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    /// Layers in total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<u64>,
    /// Tokens per second.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_second: Option<f64>,
}

/// One event on the timeline (CONTRACT.md `events`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub kind: EventKind,
    /// 1-based line number in the log.
    pub line: u64,
    /// "CUDA0", "GPU 0", "Metal", "system RAM"…
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
    /// The GPU's name for a device; the buffer kind (model, kv, compute, output, host) for buffers and
    /// failures; what was retried; the non-memory cause.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// For failures: load, context (weights were in place), or running (after the run had started).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phase: Option<String>,
    pub numbers: EventNumbers,
    /// The log line (evidence); not part of the JSON event.
    #[serde(skip)]
    pub text: String,
}

impl Event {
    fn new(kind: EventKind, line: u64, text: &str) -> Self {
        Self {
            kind,
            line,
            device: None,
            detail: None,
            phase: None,
            numbers: EventNumbers::default(),
            text: text.to_owned(),
        }
    }

    /// A device placed on a GPU (not the CPU, not pinned host memory).
    pub fn on_gpu(&self) -> bool {
        self.device.as_deref().is_some_and(is_gpu_device)
    }

    /// The event in a few words with its numbers, for the verdict card and the text report.
    pub fn summary(&self) -> String {
        let n = &self.numbers;
        let dev = self.device.as_deref().unwrap_or("");
        let sz = |v: Option<u64>| v.map(format_auto);
        match self.kind {
            EventKind::Device => {
                let mut s = format!(
                    "{}{}",
                    dev,
                    self.detail
                        .as_deref()
                        .map(|d| if dev.is_empty() {
                            d.to_owned()
                        } else {
                            format!(" ({d})")
                        })
                        .unwrap_or_default()
                );
                if s.is_empty() {
                    s.push_str("GPU");
                }
                let when = self
                    .phase
                    .as_deref()
                    .map(|p| format!(" {p}"))
                    .unwrap_or_default();
                match (sz(n.free_bytes), sz(n.total_bytes)) {
                    (Some(f), Some(t)) => format!("{s}: {f} free of {t}{when}"),
                    (Some(f), None) => format!("{s}: {f} free{when}"),
                    (None, Some(t)) => format!("{s}: {t}"),
                    (None, None) => s,
                }
            }
            EventKind::Buffer => format!(
                "{} buffer on {dev}: {}",
                self.detail.as_deref().unwrap_or("model"),
                sz(n.bytes).unwrap_or_default()
            ),
            EventKind::Layers => format!(
                "{} of {} layers on the GPU",
                n.count.unwrap_or(0),
                n.of.unwrap_or(0)
            ),
            EventKind::Context => format!(
                "{} = {}",
                self.detail.as_deref().unwrap_or("n_ctx"),
                n.count.unwrap_or(0)
            ),
            EventKind::AllocFailed => {
                let mut s = "allocation failed".to_owned();
                if let Some(b) = sz(n.bytes) {
                    s = format!("{b} allocation failed");
                }
                if let Some(d) = &self.detail {
                    s = format!("{s} ({d})");
                }
                if !dev.is_empty() {
                    s = format!("{s} on {dev}");
                }
                if let Some(p) = &self.phase {
                    s = format!("{s} during {p}");
                }
                s
            }
            EventKind::BufferLimit => match (sz(n.bytes), sz(n.limit_bytes)) {
                (Some(b), Some(l)) => format!("{b} asked for, over the per-buffer limit of {l}"),
                (Some(b), None) => format!("{b} asked for, over the per-buffer limit"),
                _ => "request over the device's per-buffer limit".into(),
            },
            EventKind::PinnedRefused => format!(
                "pinned host memory refused{}",
                sz(n.bytes).map(|b| format!(" ({b})")).unwrap_or_default()
            ),
            EventKind::Retry => {
                format!("retried: {}", self.detail.as_deref().unwrap_or("fell back"))
            }
            EventKind::Running => self
                .detail
                .clone()
                .unwrap_or_else(|| "the run went on".into()),
            EventKind::Exit => self
                .detail
                .clone()
                .unwrap_or_else(|| "the process ended".into()),
            EventKind::OsKilled => self
                .detail
                .clone()
                .unwrap_or_else(|| "the OS stopped the process for memory".into()),
            EventKind::NotMemory => self
                .detail
                .clone()
                .unwrap_or_else(|| "error that is not about memory".into()),
            EventKind::Speed => format!("{:.1} tokens/s", n.per_second.unwrap_or(0.0)),
            EventKind::Fitted => match (self.detail.as_deref(), n.count, n.of) {
                (Some("context"), Some(to), Some(from)) => {
                    format!("automatic fit: context {from} → {to} tokens")
                }
                (Some("overflow"), Some(over), Some(layers)) => format!(
                    "automatic fit: {over} of {layers} layers{} overflow to system RAM",
                    if dev.is_empty() {
                        String::new()
                    } else {
                        format!(" on {dev}")
                    }
                ),
                _ => "automatic fit could not fit the settings into free memory".into(),
            },
            EventKind::Holder => format!(
                "{} (PID {}) holds {}{}",
                self.detail.as_deref().unwrap_or("a process"),
                n.count.unwrap_or(0),
                sz(n.bytes).unwrap_or_else(|| "GPU memory".into()),
                if dev.is_empty() {
                    String::new()
                } else {
                    format!(" on {dev}")
                }
            ),
        }
    }
}

/// "CUDA0", "ROCm1", "Vulkan0", "SYCL0", "Metal", "MTL0", "GPU 0", "device 0" — not CPU or *_Host.
pub fn is_gpu_device(d: &str) -> bool {
    let l = d.to_ascii_lowercase();
    !(l.contains("cpu") || l.ends_with("_host") || l.contains("system ram") || l.contains("pinned"))
}

/// The events of a scanned log, in line order, and what the log says about its own process.
#[derive(Debug, Default, Clone)]
pub struct Timeline {
    pub events: Vec<Event>,
    /// Process ids the log names as its own (`pid=N`, `PID: N`), so a PyTorch "Process N has …" with the
    /// same id is the failing process, not another holder.
    pub own_pids: Vec<u64>,
}

/// Events shown at most (the first devices and buffers, and the last of the rest, stay).
const MAX_EVENTS: usize = 64;

const SIZE: &str = r"(\d+(?:[.,]\d+)?)\s*(TiB|GiB|MiB|KiB|TB|GB|MB|KB|kB|bytes|B)\b";

struct Patterns {
    using_device: Regex,
    device_list: Regex,
    cuda_device: Regex,
    ollama_compute: Regex,
    ollama_description: Regex,
    ollama_total: Regex,
    ollama_available: Regex,
    breakdown: Regex,
    vllm_startup: Regex,
    smi: Regex,
    smi_process: Regex,
    torch_total: Regex,
    torch_free: Regex,
    torch_old: Regex,
    metal_ws: Regex,
    metal_name: Regex,
    vulkan_device: Regex,
    buffer: Regex,
    ollama_buffer: Regex,
    vram_used: Regex,
    offloaded: Regex,
    ollama_layers: Regex,
    ollama_plan_free: Regex,
    n_ctx: Regex,
    failed_size: Regex,
    alloc_bytes: Regex,
    any_size: Regex,
    device_name: Regex,
    device_index: Regex,
    limit: Regex,
    exit_code: Regex,
    pid: Regex,
    tok_s: Regex,
    fit_ctx: Regex,
    fit_overflow: Regex,
}

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        let r = |s: &str| Regex::new(&s.replace("SIZE", SIZE)).ok();
        Some(Patterns {
            using_device: r(r"using device (\w+) \((.*)\) - (\d+) MiB free")?,
            device_list: r(r"(\w+)\s*:\s*(.*?)\s*\((\d+) MiB, (\d+) MiB free\)")?,
            cuda_device: r(r"Device (\d+): (.+?), compute capability")?,
            ollama_description: r(r#"\bdescription="([^"]+)""#)?,
            ollama_total: r(r#"\btotal="SIZE""#)?,
            ollama_available: r(r#"\bavailable="SIZE""#)?,
            // llama.cpp's memory breakdown: "| - CUDA0 (RTX 4090) | 24080 = 1220 + (…".
            breakdown: r(r"-\s*(\w+)\s*\(([^)]*)\)\s*\|\s*(\d+)\s*=\s*(\d+)\s*\+")?,
            ollama_compute: r(r#"\bname=(?:"([^"]+)"|(\S+))"#)?,
            vllm_startup: r(
                r"(?i)free memory on device\s*(\S*)\s*\(([\d.]+)/([\d.]+) GiB\) on startup",
            )?,
            smi: r(r"(\d+)MiB\s*/\s*(\d+)MiB")?,
            // "|    0   N/A  N/A      2345      C   python3      18000MiB |": GPU, GI, CI, PID, type, name, memory.
            smi_process: r(
                r"^\|?\s*(\d+)\s+(?:N/A|\d+)\s+(?:N/A|\d+)\s+(\d+)\s+(?:C\+G|C|G)\s+(.+?)\s+(\d+)\s*MiB\s*\|?\s*$",
            )?,
            torch_total: r(r"(?i)GPU (\d+) has a total capac(?:i)?ty of SIZE")?,
            torch_free: r(r"(?i)of which SIZE is free")?,
            torch_old: r(r"(?i)\(GPU (\d+); SIZE total capacity; SIZE already allocated; SIZE free")?,
            metal_ws: r(r"(?i)recommendedMaxWorkingSetSize\s*=\s*(\d+(?:\.\d+)?)\s*(MiB|MB)")?,
            metal_name: r(r"(?i)(?:GPU name|found device):\s*(.+?)\s*$")?,
            vulkan_device: r(r"ggml_vulkan: (\d+) = (.+?) \(")?,
            buffer: r(
                r"(?i)\b([A-Za-z]+\d*(?:_[A-Za-z]+)?)\s+(model |KV |compute |output |RS )?buffer size\s*=\s*(\d+(?:\.\d+)?)\s*(MiB|GiB)",
            )?,
            ollama_buffer: r(
                r#"(?i)msg="(model weights|kv cache|compute graph)"\s+device=(\S+)\s+size="SIZE""#,
            )?,
            // llama.cpp before the backend buffers (2023): "llm_load_tensors: VRAM used: 4560.00 MiB",
            // "llama_model_load_internal: total VRAM used: 7000 MB".
            vram_used: r(r"(?i)\bVRAM used:\s*SIZE")?,
            offloaded: r(r"(?i)offloaded (\d+)/(\d+) layers")?,
            ollama_layers: r(r"(?i)layers\.model=(\d+) layers\.offload=(\d+)")?,
            // Ollama's offload plan states the free memory it planned with: `memory.available="[3.5 GiB]"`.
            ollama_plan_free: r(r#"memory\.available="\[SIZE"#)?,
            n_ctx: r(r"\b(n_ctx|n_batch|max_model_len|max_seq_len)\s*[=:]\s*(\d+)")?,
            failed_size: r(r"(?i)failed to allocate (\w+) buffer of size (\d+)")?,
            alloc_bytes: r(r"(?i)(?:allocation of size|allocate) (\d+)(?: bytes)?\b")?,
            any_size: r(r"(?i)(?:allocating|allocate|tried to allocate|requested)\s*:?\s*SIZE")?,
            device_name: r(r"\b((?:CUDA|ROCm|Vulkan|SYCL|MTL|CANN|MUSA)\d+|Metal)\b")?,
            device_index: r(r"(?i)\b(?:on device|GPU) (\d+)")?,
            limit: r(
                r"(?i)allocate (\d+) bytes which is greater than the maximum allowed buffer size of (\d+) bytes",
            )?,
            exit_code: r(r"(?i)(?:exit code|exit status|exited with code|exit_code=|returned)\s*:?\s*(-?\d+)")?,
            pid: r(r"(?i)\bpid[=: ]\s*(\d{2,9})\b")?,
            tok_s: r(r"(?i)(\d+(?:\.\d+)?)\s*(?:tokens[- ]per[- ]sec(?:ond)?|tokens/s|tok/s|t/s)")?,
            fit_ctx: r(
                r"context size reduced from (\d+) to (\d+)|max=([\d,]+) fitted=([\d,]+)|using '(\d+)' as context length for the calculation\. Original context length: '(\d+)'",
            )?,
            // "  - CUDA0 (NVIDIA GeForce RTX 4090): 48 layers (34 overflowing),  19187 MiB used, …"
            fit_overflow: r(r"-\s*(\w+)\s*\([^)]*\):\s*(\d+) layers \((\d+) overflowing\)")?,
        })
    })
    .as_ref()
}

fn bytes(num: &str, unit: &str) -> Option<u64> {
    let value: f64 = num.replace(',', ".").parse().ok()?;
    let mult = match unit {
        "kB" => 1024,
        "bytes" => 1,
        u => unit_multiplier(u)?,
    };
    (value.is_finite() && value >= 0.0).then(|| (value * mult as f64).round() as u64)
}

fn cap_bytes(c: &regex::Captures<'_>, i: usize) -> Option<u64> {
    bytes(c.get(i)?.as_str(), c.get(i + 1)?.as_str())
}

fn cap_u64(c: &regex::Captures<'_>, i: usize) -> Option<u64> {
    c.get(i)?.as_str().parse().ok()
}

fn gib_text(s: &str) -> Option<u64> {
    let v: f64 = s.parse().ok()?;
    (v.is_finite() && v >= 0.0).then(|| (v * GIB as f64).round() as u64)
}

/// The buffer kind a line talks about.
fn buffer_kind(lower: &str) -> Option<&'static str> {
    if lower.contains("pinned") || lower.contains("_host") || lower.contains("mallochost") {
        Some("pinned host")
    } else if lower.contains("kv") || lower.contains("cache") {
        Some("kv")
    } else if lower.contains("compute") || lower.contains("gallocr") || lower.contains("pool") {
        Some("compute")
    } else if lower.contains("output") {
        Some("output")
    } else if lower.contains("model") || lower.contains("load_tensors") || lower.contains("weights")
    {
        Some("model")
    } else {
        None
    }
}

fn device_of(p: &Patterns, line: &str) -> Option<String> {
    if let Some(c) = p.device_name.captures(line) {
        return c.get(1).map(|m| m.as_str().to_owned());
    }
    p.device_index
        .captures(line)
        .and_then(|c| c.get(1))
        .map(|m| format!("GPU {}", m.as_str()))
}

fn devices(p: &Patterns, n: u64, t: &str, out: &mut Vec<Event>) {
    let mut ev = Event::new(EventKind::Device, n, t);
    if let Some(c) = p.using_device.captures(t) {
        ev.device = c.get(1).map(|m| m.as_str().to_owned());
        // "(NVIDIA GeForce RTX 4090) (0000:01:00.0)": the name is the first group; names may hold "(R)".
        ev.detail = c.get(2).map(|m| {
            let all = m.as_str();
            all.split(") (").next().unwrap_or(all).trim().to_owned()
        });
        ev.numbers.free_bytes = cap_u64(&c, 3).map(|v| v * MIB);
    } else if let Some(c) = p.vllm_startup.captures(t) {
        ev.device = c
            .get(1)
            .map(|m| m.as_str().to_owned())
            .filter(|d| !d.is_empty());
        ev.detail = Some("at vLLM startup".into());
        ev.numbers.free_bytes = c.get(2).and_then(|m| gib_text(m.as_str()));
        ev.numbers.total_bytes = c.get(3).and_then(|m| gib_text(m.as_str()));
    } else if let Some(c) = p.device_list.captures(t) {
        ev.device = c.get(1).map(|m| m.as_str().to_owned());
        ev.detail = c
            .get(2)
            .map(|m| m.as_str().trim().to_owned())
            .filter(|d| !d.is_empty());
        ev.numbers.total_bytes = cap_u64(&c, 3).map(|v| v * MIB);
        ev.numbers.free_bytes = cap_u64(&c, 4).map(|v| v * MIB);
    } else if let Some(c) = p.breakdown.captures(t) {
        ev.device = c.get(1).map(|m| m.as_str().to_owned());
        ev.detail = c.get(2).map(|m| m.as_str().trim().to_owned());
        ev.numbers.total_bytes = cap_u64(&c, 3).map(|v| v * MIB);
        ev.numbers.free_bytes = cap_u64(&c, 4).map(|v| v * MIB);
    } else if t.contains("inference compute") || t.contains("existing loaded models") {
        // Ollama: name="…" (older) or name=CUDA0 description="…" (newer), total="…" available="…"; the same
        // figures when the scheduler counts the models it already holds ("updated VRAM based on existing
        // loaded models").
        ev.detail = p
            .ollama_description
            .captures(t)
            .and_then(|c| c.get(1))
            .or_else(|| p.ollama_compute.captures(t).and_then(|c| c.get(1)))
            .map(|m| m.as_str().trim().to_owned());
        ev.device = p
            .ollama_compute
            .captures(t)
            .and_then(|c| c.get(2))
            .map(|m| m.as_str().to_owned());
        ev.numbers.total_bytes = p.ollama_total.captures(t).and_then(|c| cap_bytes(&c, 1));
        ev.numbers.free_bytes = p
            .ollama_available
            .captures(t)
            .and_then(|c| cap_bytes(&c, 1));
    } else if let Some(c) = p.cuda_device.captures(t) {
        ev.device = c.get(1).map(|m| format!("CUDA{}", m.as_str()));
        ev.detail = c.get(2).map(|m| m.as_str().trim().to_owned());
    } else if let Some(c) = p.torch_old.captures(t) {
        ev.device = c.get(1).map(|m| format!("GPU {}", m.as_str()));
        ev.phase = Some(phase::AT_FAILURE.into());
        ev.numbers.total_bytes = cap_bytes(&c, 2);
        ev.numbers.free_bytes = cap_bytes(&c, 6);
    } else if let Some(c) = p.torch_total.captures(t) {
        ev.device = c.get(1).map(|m| format!("GPU {}", m.as_str()));
        ev.phase = Some(phase::AT_FAILURE.into());
        ev.numbers.total_bytes = cap_bytes(&c, 2);
        ev.numbers.free_bytes = p.torch_free.captures(t).and_then(|c| cap_bytes(&c, 1));
    } else if let Some(c) = p.metal_ws.captures(t) {
        ev.device = Some("Metal".into());
        ev.detail = Some("recommendedMaxWorkingSetSize".into());
        ev.numbers.total_bytes = c.get(1).and_then(|m| bytes(m.as_str(), "MiB"));
    } else if let Some(c) = p.vulkan_device.captures(t) {
        ev.device = c.get(1).map(|m| format!("Vulkan{}", m.as_str()));
        ev.detail = c.get(2).map(|m| m.as_str().trim().to_owned());
    } else if let Some(c) = p.metal_name.captures(t) {
        ev.device = Some("Metal".into());
        ev.detail = c.get(1).map(|m| m.as_str().to_owned());
    } else if let Some(c) = p.smi.captures(t) {
        let (used, total) = (cap_u64(&c, 1), cap_u64(&c, 2));
        ev.detail = Some("nvidia-smi".into());
        ev.numbers.total_bytes = total.map(|v| v * MIB);
        if let (Some(u), Some(t)) = (used, total) {
            ev.numbers.free_bytes = Some(t.saturating_sub(u) * MIB);
        }
    } else {
        return;
    }
    out.push(ev);
}

fn buffers(p: &Patterns, n: u64, t: &str, out: &mut Vec<Event>) {
    if let Some(c) = p.buffer.captures(t) {
        let device = c.get(1).map(|m| m.as_str().to_owned());
        // Old llama.cpp prints the weights as "CUDA0 buffer size" (no kind) under llm_load_tensors.
        let kind = match c.get(2).map(|m| m.as_str().trim().to_ascii_lowercase()) {
            Some(k) if k == "kv" => "kv",
            Some(k) if k == "compute" => "compute",
            Some(k) if k == "output" => "output",
            Some(k) if k == "rs" => "kv",
            _ if t.contains("load_tensors") || t.contains("model buffer") => "model",
            _ => return,
        };
        let mut ev = Event::new(EventKind::Buffer, n, t);
        ev.device = device;
        ev.detail = Some(kind.into());
        ev.numbers.bytes = cap_bytes(&c, 3);
        out.push(ev);
    } else if let Some(c) = p.vram_used.captures(t)
        && (t.contains("load_tensors") || t.contains("model_load"))
    {
        // The weights' VRAM, printed once they were placed on the GPU(s).
        let mut ev = Event::new(EventKind::Buffer, n, t);
        ev.device = Some("GPU".into());
        ev.detail = Some("model".into());
        ev.numbers.bytes = cap_bytes(&c, 1);
        out.push(ev);
    } else if let Some(c) = p.ollama_buffer.captures(t) {
        let kind = match c.get(1).map(|m| m.as_str().to_ascii_lowercase()).as_deref() {
            Some("kv cache") => "kv",
            Some("compute graph") => "compute",
            _ => "model",
        };
        let mut ev = Event::new(EventKind::Buffer, n, t);
        ev.device = c.get(2).map(|m| m.as_str().to_owned());
        ev.detail = Some(kind.into());
        ev.numbers.bytes = cap_bytes(&c, 3);
        out.push(ev);
    }
}

fn failure(p: &Patterns, n: u64, t: &str, out: &mut Vec<Event>) {
    let lower = t.to_ascii_lowercase();
    let mut ev = Event::new(EventKind::AllocFailed, n, t);
    if let Some(c) = p.failed_size.captures(t) {
        ev.device = c.get(1).map(|m| m.as_str().to_owned());
        ev.numbers.bytes = cap_u64(&c, 2);
    } else if let Some(c) = p.any_size.captures(t) {
        ev.numbers.bytes = cap_bytes(&c, 1);
    } else if let Some(c) = p.alloc_bytes.captures(t) {
        ev.numbers.bytes = cap_u64(&c, 1);
    }
    if ev.device.is_none() {
        ev.device = device_of(p, t);
    }
    ev.detail = buffer_kind(&lower).map(str::to_owned);
    out.push(ev);
}

fn limit(p: &Patterns, n: u64, t: &str, out: &mut Vec<Event>) {
    let mut ev = Event::new(EventKind::BufferLimit, n, t);
    if let Some(c) = p.limit.captures(t) {
        ev.numbers.bytes = cap_u64(&c, 1);
        ev.numbers.limit_bytes = cap_u64(&c, 2);
    } else if let Some(c) = p.alloc_bytes.captures(t) {
        ev.numbers.bytes = cap_u64(&c, 1);
    }
    ev.device = device_of(p, t).or_else(|| {
        let l = t.to_ascii_lowercase();
        if l.contains("metal") {
            Some("Metal".into())
        } else if l.contains("vulkan") {
            Some("Vulkan".into())
        } else {
            None
        }
    });
    out.push(ev);
}

fn short(t: &str) -> String {
    let t = t.trim();
    let end = (0..=t.len().min(120))
        .rev()
        .find(|&i| t.is_char_boundary(i))
        .unwrap_or(0);
    t[..end].to_owned()
}

fn simple(kind: EventKind, n: u64, t: &str, detail: Option<String>, out: &mut Vec<Event>) {
    let mut ev = Event::new(kind, n, t);
    ev.detail = detail;
    out.push(ev);
}

/// The events one kept line carries, given the signal it was kept for.
fn read_line(p: &Patterns, sig: Sig, n: u64, t: &str, out: &mut Vec<Event>) {
    match sig {
        Sig::DeviceCue | Sig::VllmStartup => devices(p, n, t, out),
        // nvidia-smi rows and Ollama's "N MiB, M MiB Free" device list are device tables too.
        Sig::Numbers if p.smi.is_match(t) || p.device_list.is_match(t) => devices(p, n, t, out),
        Sig::Numbers => {
            if let Some(c) = p.smi_process.captures(t) {
                let mut ev = Event::new(EventKind::Holder, n, t);
                ev.device = c.get(1).map(|m| format!("GPU {}", m.as_str()));
                ev.numbers.count = cap_u64(&c, 2);
                ev.detail = c.get(3).map(|m| m.as_str().trim().to_owned());
                ev.numbers.bytes = cap_u64(&c, 4).map(|v| v * MIB);
                out.push(ev);
            }
        }
        Sig::BufferCue => buffers(p, n, t, out),
        Sig::Offloaded => {
            let mut ev = Event::new(EventKind::Layers, n, t);
            if let Some(c) = p.offloaded.captures(t) {
                ev.numbers.count = cap_u64(&c, 1);
                ev.numbers.of = cap_u64(&c, 2);
            } else if let Some(c) = p.ollama_layers.captures(t) {
                ev.numbers.count = cap_u64(&c, 2);
                ev.numbers.of = cap_u64(&c, 1);
                // The free memory the plan saw on the first GPU, at the moment of this load.
                if let Some(free) = p
                    .ollama_plan_free
                    .captures(t)
                    .and_then(|c| cap_bytes(&c, 1))
                {
                    let mut dev = Event::new(EventKind::Device, n, t);
                    dev.phase = Some(phase::AT_LOAD.into());
                    dev.numbers.free_bytes = Some(free);
                    out.push(dev);
                }
            } else {
                return;
            }
            out.push(ev);
        }
        Sig::CtxCue => {
            if let Some(c) = p.n_ctx.captures(t) {
                let mut ev = Event::new(EventKind::Context, n, t);
                ev.detail = c.get(1).map(|m| m.as_str().to_owned());
                ev.numbers.count = cap_u64(&c, 2);
                out.push(ev);
            }
        }
        Sig::CudaOom | Sig::TorchOom | Sig::HipOom | Sig::MetalOom | Sig::AllowedMemory => {
            failure(p, n, t, out)
        }
        Sig::BufferLimit => limit(p, n, t, out),
        Sig::PinnedFail => {
            let mut ev = Event::new(EventKind::PinnedRefused, n, t);
            ev.numbers.bytes = p.any_size.captures(t).and_then(|c| cap_bytes(&c, 1));
            ev.device = Some("pinned host".into());
            out.push(ev);
        }
        // TensorFlow's allocator words its fatal line like its warning; naming the op marks the failure.
        Sig::Recover if super::signals::bfc_fatal(t) => {}
        Sig::Recover => simple(EventKind::Retry, n, t, Some(short(t)), out),
        Sig::Progress => simple(EventKind::Running, n, t, Some(short(t)), out),
        Sig::SlowHint => {
            if let Some(v) = p
                .tok_s
                .captures(t)
                .and_then(|c| c.get(1)?.as_str().parse::<f64>().ok())
            {
                let mut ev = Event::new(EventKind::Speed, n, t);
                ev.numbers.per_second = Some(v);
                out.push(ev);
            }
        }
        Sig::ExitCue => {
            let mut ev = Event::new(EventKind::Exit, n, t);
            ev.numbers.count = p.exit_code.captures(t).and_then(|c| {
                c.get(1)?
                    .as_str()
                    .parse::<i64>()
                    .ok()
                    .map(|v| v.unsigned_abs())
            });
            ev.detail = Some(short(t));
            out.push(ev);
        }
        Sig::HostKilled | Sig::HostAlloc | Sig::WinPagefile => {
            let mut ev = Event::new(EventKind::OsKilled, n, t);
            ev.device = Some("system RAM".into());
            ev.detail = Some(short(t));
            out.push(ev);
        }
        Sig::NotMemory => simple(EventKind::NotMemory, n, t, Some(short(t)), out),
        Sig::FitCue => {
            let mut ev = Event::new(EventKind::Fitted, n, t);
            if let Some(c) = p.fit_ctx.captures(t) {
                // "max=262,144 fitted=152,576" writes its thousands with commas.
                let num = |i: usize| {
                    c.get(i)
                        .and_then(|m| m.as_str().replace(',', "").parse::<u64>().ok())
                };
                ev.detail = Some("context".into());
                ev.numbers.count = num(2).or_else(|| num(4)).or_else(|| num(5));
                ev.numbers.of = num(1).or_else(|| num(3)).or_else(|| num(6));
            } else if let Some(c) = p.fit_overflow.captures(t) {
                ev.device = c.get(1).map(|m| m.as_str().to_owned());
                ev.detail = Some("overflow".into());
                ev.numbers.count = cap_u64(&c, 3);
                ev.numbers.of = cap_u64(&c, 2);
            } else {
                ev.detail = Some("failed".into());
            }
            out.push(ev);
        }
        _ => {}
    }
}

/// Signals whose kept lines are read as events.
const EVENT_SIGS: [Sig; 21] = [
    Sig::FitCue,
    Sig::DeviceCue,
    Sig::VllmStartup,
    Sig::Numbers,
    Sig::BufferCue,
    Sig::Offloaded,
    Sig::CtxCue,
    Sig::CudaOom,
    Sig::TorchOom,
    Sig::HipOom,
    Sig::MetalOom,
    Sig::AllowedMemory,
    Sig::BufferLimit,
    Sig::PinnedFail,
    Sig::Recover,
    Sig::Progress,
    Sig::SlowHint,
    Sig::ExitCue,
    Sig::HostKilled,
    Sig::HostAlloc,
    Sig::WinPagefile,
];

impl Timeline {
    /// Reads the events out of the lines the scan kept.
    pub fn from_scan(scan: &Scan) -> Self {
        let mut tl = Self::default();
        let Some(p) = patterns() else {
            return tl;
        };
        for sig in EVENT_SIGS.iter().chain([Sig::NotMemory].iter()) {
            if let Some(h) = scan.hits(*sig) {
                for (n, t) in h.lines() {
                    read_line(p, *sig, *n, t, &mut tl.events);
                }
            }
        }
        if let Some(h) = scan.hits(Sig::PidCue) {
            for (_, t) in h.lines() {
                for c in p.pid.captures_iter(t) {
                    if let Some(pid) = cap_u64(&c, 1)
                        && !tl.own_pids.contains(&pid)
                        && tl.own_pids.len() < 16
                    {
                        tl.own_pids.push(pid);
                    }
                }
            }
        }
        tl.events.sort_by_key(|e| (e.line, e.kind));
        tl.events
            .dedup_by(|a, b| a.line == b.line && a.kind == b.kind);
        tl.set_phases();
        tl
    }

    /// A failure's phase: after the run started (server listening, tokens out), after the weights were
    /// placed on a GPU (the context: KV cache, compute buffers), or during the load.
    fn set_phases(&mut self) {
        let mut weights_on_gpu = false;
        let mut running = false;
        // A load seen under way (a device found, a buffer or layers placed, the context set up): without
        // one, a bare failure line says nothing of its phase, and the timeline does not guess.
        let mut load_seen = false;
        for e in &mut self.events {
            if matches!(
                e.kind,
                EventKind::Device | EventKind::Buffer | EventKind::Layers | EventKind::Context
            ) {
                load_seen = true;
            }
            match e.kind {
                EventKind::Buffer if e.on_gpu() && e.detail.as_deref() == Some("model") => {
                    weights_on_gpu = true;
                }
                EventKind::Running => running = true,
                // llama-server binds its port ("HTTP server is listening") before it loads the model, and
                // llama.cpp prints "using device … MiB free" as each model load begins: a load after the
                // listening line starts afresh, nothing has run yet.
                EventKind::Device if e.text.to_ascii_lowercase().contains("using device") => {
                    running = false;
                }
                EventKind::AllocFailed => {
                    let kind = e.detail.as_deref();
                    e.phase = if running {
                        Some(phase::RUN)
                    } else if weights_on_gpu || matches!(kind, Some("kv") | Some("compute")) {
                        Some(phase::CONTEXT)
                    } else if load_seen || kind == Some("model") {
                        Some(phase::LOAD)
                    } else {
                        None
                    }
                    .map(str::to_owned);
                }
                _ => {}
            }
        }
    }

    pub fn of(&self, kind: EventKind) -> impl Iterator<Item = &Event> {
        self.events.iter().filter(move |e| e.kind == kind)
    }

    pub fn last(&self, kind: EventKind) -> Option<&Event> {
        self.of(kind).last()
    }

    /// Whether an event of `kind` comes after `line`.
    pub fn after(&self, kind: EventKind, line: u64) -> Option<&Event> {
        self.of(kind).find(|e| e.line > line)
    }

    /// The GPU's state at start for `device` (or the first GPU when it is unknown): a device line printed
    /// before anything failed, with its free memory.
    pub fn start_state(&self, device: Option<&str>, before: u64) -> Option<&Event> {
        let candidates = || {
            self.of(EventKind::Device).filter(move |e| {
                e.phase.is_none()
                    && e.line <= before
                    && e.numbers.free_bytes.is_some()
                    && e.device.as_deref().is_none_or(is_gpu_device)
            })
        };
        let wanted = device.map(normalise_device);
        candidates()
            .find(|e| wanted.is_some() && e.device.as_deref().map(normalise_device) == wanted)
            .or_else(|| candidates().next())
    }

    /// What llama.cpp's automatic fit changed before the load, as a sentence (`None` when it changed nothing).
    pub fn fit_sentence(&self) -> Option<String> {
        let fits: Vec<&Event> = self.of(EventKind::Fitted).collect();
        let ctx = fits.iter().find(|e| e.detail.as_deref() == Some("context"));
        let over: u64 = fits
            .iter()
            .filter(|e| e.detail.as_deref() == Some("overflow"))
            .filter_map(|e| e.numbers.count)
            .sum();
        let layers: u64 = fits
            .iter()
            .filter(|e| e.detail.as_deref() == Some("overflow"))
            .filter_map(|e| e.numbers.of)
            .sum();
        let mut changes = Vec::new();
        if let Some(e) = ctx
            && let (Some(to), Some(from)) = (e.numbers.count, e.numbers.of)
        {
            changes.push(format!("reduced the context from {from} to {to} tokens"));
        }
        if over > 0 {
            changes.push(format!(
                "let {over} of {layers} layers overflow to system RAM"
            ));
        }
        if !changes.is_empty() {
            // llama.cpp's own lines, or another runtime's fit (LM Studio's MLX engine) in its words.
            let llama = fits
                .iter()
                .any(|e| e.text.contains("params_fit") || e.text.contains("context size reduced"));
            return Some(if llama {
                format!(
                    "llama.cpp's automatic fit (-fit, on by default) {} to fit the free VRAM.",
                    changes.join(" and ")
                )
            } else {
                format!(
                    "The runtime's automatic fit {} to fit the memory the GPU may use.",
                    changes.join(" and ")
                )
            });
        }
        fits.iter()
            .any(|e| e.detail.as_deref() == Some("failed"))
            .then(|| {
                "llama.cpp's automatic fit could not fit these settings into the free VRAM and loaded them as given."
                    .to_owned()
            })
    }

    /// The GPU's name (from the first device line that names one).
    pub fn gpu_name(&self) -> Option<String> {
        self.of(EventKind::Device)
            .filter(|e| e.device.as_deref().is_none_or(is_gpu_device))
            .filter_map(|e| e.detail.clone())
            .find(|d| {
                let l = d.to_ascii_lowercase();
                !(l.starts_with("at ") || l == "nvidia-smi" || l.contains("workingsetsize"))
            })
    }

    /// Every buffer the load placed on a GPU (weights, KV cache, compute, output), in bytes. A buffer
    /// printed again for the same device and kind (a reload, a retry) replaces the earlier one.
    pub fn gpu_buffers(&self) -> u64 {
        let mut last = std::collections::BTreeMap::new();
        for e in self.of(EventKind::Buffer).filter(|e| e.on_gpu()) {
            let key = (e.device.as_deref().map(normalise_device), e.detail.clone());
            last.insert(key, e.numbers.bytes.unwrap_or(0));
        }
        last.values().fold(0u64, |a, b| a.saturating_add(*b))
    }

    /// Weights placed in system RAM and on GPUs, in bytes (model buffers).
    pub fn weights_split(&self) -> (u64, u64) {
        let mut host = 0u64;
        let mut gpu = 0u64;
        for e in self.of(EventKind::Buffer) {
            if e.detail.as_deref() != Some("model") {
                continue;
            }
            let b = e.numbers.bytes.unwrap_or(0);
            if e.on_gpu() {
                gpu = gpu.saturating_add(b);
            } else {
                host = host.saturating_add(b);
            }
        }
        (host, gpu)
    }

    /// The events worth showing, bounded: devices, then every failure, retry and exit, the first and last
    /// "running" lines.
    pub fn shown(&self) -> Vec<Event> {
        let mut out: Vec<Event> = Vec::new();
        let mut running = 0usize;
        for e in &self.events {
            if e.kind == EventKind::Running {
                running += 1;
                if running > 2 && self.after(EventKind::Running, e.line).is_some() {
                    continue;
                }
            }
            if e.kind == EventKind::Speed && self.after(EventKind::Speed, e.line).is_some() {
                continue;
            }
            out.push(e.clone());
        }
        if out.len() > MAX_EVENTS {
            out.drain(16..out.len() - (MAX_EVENTS - 16));
        }
        out
    }
}

/// The lowest tokens-per-second figure in a text (a log's generation rate is below its prompt rate), in
/// words or in llama-bench's table.
pub fn lowest_rate_in(text: &str) -> Option<f64> {
    patterns()?
        .tok_s
        .captures_iter(text)
        .filter_map(|c| c.get(1)?.as_str().parse::<f64>().ok())
        .chain(text.lines().filter_map(bench_generation_rate))
        .reduce(f64::min)
}

/// A llama-bench row's generation rate: `| gemma3 12B … | tg128 | 60.33 ± 0.85 |`, the rate in the last cell of
/// a row whose test is token generation (`tg…`; `pp…` is the prompt's, always faster).
fn bench_generation_rate(line: &str) -> Option<f64> {
    let cells: Vec<&str> = line
        .trim()
        .strip_prefix('|')?
        .split('|')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    let is_tg = |c: &&str| {
        c.strip_prefix("tg")
            .is_some_and(|r| r.starts_with(|ch: char| ch.is_ascii_digit()))
    };
    if cells.len() < 3 || !cells.iter().any(is_tg) {
        return None;
    }
    cells.last()?.split_whitespace().next()?.parse().ok()
}

/// A tokens-per-second figure in a text ("2 tok/s", "3.5 tokens per second").
pub fn rate_in(text: &str) -> Option<f64> {
    patterns()?
        .tok_s
        .captures(text)?
        .get(1)?
        .as_str()
        .parse()
        .ok()
}

/// "CUDA0", "GPU 0", "device 0", "cuda:0" → "0" for comparison.
fn normalise_device(d: &str) -> String {
    let digits: String = d.chars().filter(char::is_ascii_digit).collect();
    if digits.is_empty() {
        d.to_ascii_lowercase()
    } else {
        digits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timeline(log: &str) -> Timeline {
        let mut scan = Scan::default();
        let mut work = crate::triage::signals::LineWork::default();
        for (i, l) in log.lines().enumerate() {
            scan.add_line(i as u64 + 1, l, &mut work);
        }
        Timeline::from_scan(&scan)
    }

    #[test]
    fn llama_cpp_devices_buffers_and_failure_phase() {
        let tl = timeline(
            "llama_model_load_from_file_impl: using device CUDA0 (NVIDIA GeForce RTX 4090) - 1220 MiB free\n\
             load_tensors: offloaded 33/33 layers to GPU\n\
             load_tensors:        CUDA0 model buffer size =  3745.08 MiB\n\
             load_tensors:    CUDA_Host model buffer size =  9830.40 MiB\n\
             llama_context: n_ctx         = 8192\n\
             ggml_backend_cuda_buffer_type_alloc_buffer: allocating 2570.00 MiB on device 0: cudaMalloc failed: out of memory\n\
             ggml_gallocr_reserve_n: failed to allocate CUDA0 buffer of size 2694840320\n",
        );
        let dev = tl.start_state(Some("CUDA0"), 100).expect("device");
        assert_eq!(dev.numbers.free_bytes, Some(1220 * MIB));
        assert_eq!(tl.gpu_name().as_deref(), Some("NVIDIA GeForce RTX 4090"));
        let (host, gpu) = tl.weights_split();
        assert_eq!(host, (9830.40 * MIB as f64).round() as u64);
        assert_eq!(gpu, (3745.08 * MIB as f64).round() as u64);
        assert_eq!(
            tl.last(EventKind::Layers).and_then(|e| e.numbers.of),
            Some(33)
        );
        assert_eq!(
            tl.last(EventKind::Context).and_then(|e| e.numbers.count),
            Some(8192)
        );
        let fail = tl.last(EventKind::AllocFailed).expect("failure");
        assert_eq!(fail.numbers.bytes, Some(2_694_840_320));
        assert_eq!(fail.device.as_deref(), Some("CUDA0"));
        assert_eq!(fail.phase.as_deref(), Some(phase::CONTEXT));
    }

    #[test]
    fn ollama_and_breakdown_device_lines() {
        let tl = timeline(
            "time=2025-09-01T10:00:00.000Z level=INFO source=types.go:130 msg=\"inference compute\" id=GPU-1 library=CUDA compute=8.9 name=CUDA0 description=\"NVIDIA GeForce RTX 4090\" driver=12.8 type=discrete total=\"24.0 GiB\" available=\"1.2 GiB\"",
        );
        let d = tl.last(EventKind::Device).expect("device");
        assert_eq!(d.device.as_deref(), Some("CUDA0"));
        assert_eq!(d.detail.as_deref(), Some("NVIDIA GeForce RTX 4090"));
        assert_eq!(d.numbers.total_bytes, Some(24 * GIB));
        let tl = timeline(
            "llama_memory_breakdown_print: |   - CUDA0 (GTX 1080 Ti)  | 11169 = 8720 + (9814 = 9814 + 0 + 0) + 0 |",
        );
        let d = tl.last(EventKind::Device).expect("device");
        assert_eq!(d.numbers.total_bytes, Some(11169 * MIB));
        assert_eq!(d.numbers.free_bytes, Some(8720 * MIB));
    }

    #[test]
    fn vllm_torch_metal_and_limits() {
        let tl = timeline(
            "ValueError: Free memory on device cuda:0 (3.25/23.43 GiB) on startup is less than desired GPU memory utilization (0.96, 22.49 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.",
        );
        let d = tl.last(EventKind::Device).expect("device");
        assert_eq!(
            d.numbers.free_bytes,
            Some((3.25 * GIB as f64).round() as u64)
        );
        assert_eq!(
            d.numbers.total_bytes,
            Some((23.43 * GIB as f64).round() as u64)
        );
        let tl = timeline(
            "RuntimeError: [metal::malloc] Attempting to allocate 135383101952 bytes which is greater than the maximum allowed buffer size of 86586540032 bytes.",
        );
        let l = tl.last(EventKind::BufferLimit).expect("limit");
        assert_eq!(l.numbers.bytes, Some(135_383_101_952));
        assert_eq!(l.numbers.limit_bytes, Some(86_586_540_032));
        let tl = timeline("ggml_metal_init: recommendedMaxWorkingSetSize  = 11453.25 MB");
        assert!(
            tl.last(EventKind::Device)
                .is_some_and(|e| e.numbers.total_bytes.is_some())
        );
        let tl = timeline(
            "worker pid=4242 started\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 31.73 GiB of which 20.00 MiB is free. Process 4242 has 31.50 GiB memory in use.",
        );
        assert_eq!(tl.own_pids, vec![4242]);
        let f = tl.last(EventKind::AllocFailed).expect("failure");
        assert_eq!(f.numbers.bytes, Some(2 * GIB));
    }
}
