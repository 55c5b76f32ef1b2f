//! Numbers the plan reads from a diagnosis' own evidence lines, beyond triage's `Numbers`: other processes
//! named in a PyTorch OOM ("Process 123 has 14.85 GiB memory in use"), "reserved by PyTorch but unallocated",
//! and vLLM's KV-cache figures (max seq len vs tokens the cache holds, its memory-profiling line). The message
//! formats are PyTorch's `torch.OutOfMemoryError` text and vLLM's `_check_enough_kv_cache_memory` /
//! `determine_num_available_blocks` logs.

use std::sync::LazyLock;

use regex::Regex;

use super::VramHolder;
use crate::triage::Diagnosis;
use crate::units::{GIB, MIB};

pub(super) static HOLDER_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"Process (\d+) has ([0-9.]+) ([GM]i?B) memory in use").expect("static regex")
});
pub(super) static UNALLOCATED_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"([0-9.]+) ([GM]i?B) is reserved by PyTorch but unallocated").expect("static regex")
});
pub(super) static VLLM_LEN_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"max seq len \((\d+)\)[^(]*?(?:maximum number of tokens that can be stored in KV cache \((\d+)\))?")
        .expect("static regex")
});
pub(super) static VLLM_CAP_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"stored in KV cache \((\d+)\)|estimated maximum model length is (\d+)")
        .expect("static regex")
});
pub(super) static VLLM_PROFILE_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"total_gpu_memory=([0-9.]+)GiB.*?kv_cache_size=([0-9.]+)GiB.*?gpu_memory_utilization=([0-9.]+)")
        .expect("static regex")
});
pub(super) static VLLM_GIB_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\(([0-9.]+) GiB KV cache is needed, which is larger than the available KV cache memory \(([0-9.]+) GiB\)")
        .expect("static regex")
});

pub(super) static VLLM_STARTUP_FREE_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"Free memory on device[^(]*\(([0-9.]+)/([0-9.]+) GiB\) on startup is less than desired",
    )
    .expect("static regex")
});
pub(super) static SELF_ALLOCATED_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"Of the allocated memory ([0-9.]+) ([GM]i?B) is allocated by PyTorch, and ([0-9.]+) ([GM]i?B) is reserved")
        .expect("static regex")
});

/// vLLM's startup check: (free, total) bytes when it found less free than its share.
pub(super) fn vllm_startup_free(text: &str) -> Option<(u64, u64)> {
    let c = VLLM_STARTUP_FREE_RE.captures(text)?;
    Some((parse_size(&c[1], "GiB")?, parse_size(&c[2], "GiB")?))
}

pub(super) fn diagnosis_text(d: &Diagnosis) -> String {
    let mut text = d.explanation.clone();
    for e in &d.evidence {
        text.push('\n');
        text.push_str(&e.text);
    }
    text
}

pub(super) fn parse_size(number: &str, unit: &str) -> Option<u64> {
    let value: f64 = number.parse().ok()?;
    let unit = if unit.starts_with('G') { GIB } else { MIB };
    Some((value * unit as f64) as u64)
}

/// Other processes named in a PyTorch OOM message ("Process 123 has 14.85 GiB memory in use"). The process
/// that failed is listed there too when PyTorch cannot tell its own PID (containers): a "process" whose use
/// matches what PyTorch itself allocated and reserved is that one, and is never offered for ending.
pub(super) fn holders_from_diagnosis(d: &Diagnosis) -> Vec<VramHolder> {
    let text = diagnosis_text(d);
    let own = SELF_ALLOCATED_RE
        .captures(&text)
        .and_then(|c| Some(parse_size(&c[1], &c[2])?.saturating_add(parse_size(&c[3], &c[4])?)));
    let mut out: Vec<VramHolder> = Vec::new();
    for c in HOLDER_RE.captures_iter(&text) {
        let (Some(pid), Some(bytes)) = (c[1].parse().ok(), parse_size(&c[2], &c[3])) else {
            continue;
        };
        // PyTorch's own use plus the CUDA context (a few hundred MiB) is this process.
        if own.is_some_and(|o| bytes >= o && bytes - o <= (o / 20).max(GIB)) {
            continue;
        }
        if !out.iter().any(|h| h.pid == pid) {
            out.push(VramHolder {
                pid,
                name: String::from("process named in the log"),
                used_bytes: bytes,
            });
        }
    }
    out
}

/// vLLM's own numbers: requested max_model_len, tokens the KV cache holds, KV GiB needed/available.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct VllmNumbers {
    pub(super) max_len: Option<u32>,
    pub(super) capacity_tokens: Option<u32>,
    pub(super) kv_needed: Option<u64>,
    pub(super) kv_available: Option<u64>,
    /// From vLLM's "Memory profiling results" line.
    pub(super) total_gpu: Option<u64>,
    pub(super) utilization: Option<f64>,
}

pub(super) fn vllm_numbers(d: &Diagnosis) -> VllmNumbers {
    let text = diagnosis_text(d);
    let mut n = VllmNumbers::default();
    if let Some(c) = VLLM_LEN_RE.captures(&text) {
        n.max_len = c.get(1).and_then(|m| m.as_str().parse().ok());
    }
    if let Some(c) = VLLM_CAP_RE.captures(&text) {
        n.capacity_tokens = c.get(1).or(c.get(2)).and_then(|m| m.as_str().parse().ok());
    }
    if let Some(c) = VLLM_GIB_RE.captures(&text) {
        n.kv_needed = parse_size(&c[1], "GiB");
        n.kv_available = parse_size(&c[2], "GiB");
    }
    if let Some(c) = VLLM_PROFILE_RE.captures(&text) {
        n.total_gpu = parse_size(&c[1], "GiB");
        n.kv_available = n.kv_available.or_else(|| parse_size(&c[2], "GiB"));
        n.utilization = c[3].parse().ok().filter(|u: &f64| *u > 0.0 && *u <= 1.0);
    }
    n
}

/// PyTorch's "X GiB is reserved by PyTorch but unallocated", else reserved − allocated from the numbers.
pub(super) fn reserved_unallocated(d: &Diagnosis) -> Option<u64> {
    let text = diagnosis_text(d);
    if let Some(c) = UNALLOCATED_RE.captures(&text) {
        return parse_size(&c[1], &c[2]);
    }
    let (a, r) = (d.numbers.allocated_bytes?, d.numbers.reserved_bytes?);
    (r > a).then_some(r - a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::triage::Evidence;

    #[test]
    fn numbers_from_messages() {
        let d = Diagnosis {
            evidence: vec![Evidence {
                line: 1,
                text: "Process 2797307 has 14.85 GiB memory in use. Process 2086283 has 419.48 MiB memory in use.".into(),
            }],
            ..Diagnosis::default()
        };
        let h = holders_from_diagnosis(&d);
        assert_eq!(h.len(), 2);
        assert_eq!(h[0].pid, 2797307);
        assert_eq!(h[0].used_bytes, (14.85 * GIB as f64) as u64);
        let v = Diagnosis {
            explanation: "ValueError: The model's max seq len (29000) is larger than the maximum number of tokens that can be stored in KV cache (23648). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.".into(),
            ..Diagnosis::default()
        };
        let n = vllm_numbers(&v);
        assert_eq!((n.max_len, n.capacity_tokens), (Some(29000), Some(23648)));
    }
}
