//! The triage verdict as data: `Label` (CONTRACT.md's label set) and `Diagnosis` (the JSON document of
//! `vram-doctor triage --json`). Shared by the classifier, the Fix Wizard's plan engine, the CLI and the UI.

use serde::{Deserialize, Serialize};

/// What went wrong, as named in CONTRACT.md. The serde names are the public JSON labels.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "snake_case")]
pub enum Label {
    /// VRAM ran out while loading weights (model buffers did not fit).
    VramOomLoad,
    /// Weights fit; the KV cache / compute buffers for the requested context did not.
    VramOomContext,
    /// Enough free VRAM in total, but not in one block (PyTorch "reserved but unallocated").
    VramFragmentation,
    /// Another process holds the VRAM the failing one needed.
    VramHeldByOther,
    /// The Linux OOM killer (or Windows) killed the process for system RAM.
    HostOomKilled,
    /// System RAM exhausted and the OS paging: hangs, time-outs, WinError 1455 — no allocation failure on the GPU.
    PagingThrash,
    /// Nothing failed, but layers/VRAM spilled to the CPU and generation is slow.
    CpuSpillSlow,
    /// vLLM / SGLang: not enough memory for the KV cache blocks at this max_model_len.
    VllmKvInsufficient,
    /// Apple Metal out of memory (recommendedMaxWorkingSetSize exceeded).
    AppleMetalOom,
    /// AMD ROCm/HIP out of memory.
    RocmOom,
    /// A crash that looks like memory but is not (driver mismatch, illegal access, unsupported op, context full).
    NotMemory,
    /// An out-of-memory warning that the runtime recovered from; the run went on.
    RecoveredNoFailure,
    /// Nothing recognised.
    #[default]
    Unknown,
}

impl Label {
    pub const ALL: [Self; 13] = [
        Self::VramOomLoad,
        Self::VramOomContext,
        Self::VramFragmentation,
        Self::VramHeldByOther,
        Self::HostOomKilled,
        Self::PagingThrash,
        Self::CpuSpillSlow,
        Self::VllmKvInsufficient,
        Self::AppleMetalOom,
        Self::RocmOom,
        Self::NotMemory,
        Self::RecoveredNoFailure,
        Self::Unknown,
    ];

    /// The JSON / CLI spelling (`vram_oom_load`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::VramOomLoad => "vram_oom_load",
            Self::VramOomContext => "vram_oom_context",
            Self::VramFragmentation => "vram_fragmentation",
            Self::VramHeldByOther => "vram_held_by_other",
            Self::HostOomKilled => "host_oom_killed",
            Self::PagingThrash => "paging_thrash",
            Self::CpuSpillSlow => "cpu_spill_slow",
            Self::VllmKvInsufficient => "vllm_kv_insufficient",
            Self::AppleMetalOom => "apple_metal_oom",
            Self::RocmOom => "rocm_oom",
            Self::NotMemory => "not_memory",
            Self::RecoveredNoFailure => "recovered_no_failure",
            Self::Unknown => "unknown",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.as_str() == s.trim())
    }

    /// The label in plain words, for the verdict card.
    pub fn words(self) -> &'static str {
        match self {
            Self::VramOomLoad => "GPU memory ran out while loading the model",
            Self::VramOomContext => {
                "GPU memory ran out for the context (KV cache / compute buffers)"
            }
            Self::VramFragmentation => "GPU memory is fragmented",
            Self::VramHeldByOther => "Another process holds the GPU memory",
            Self::HostOomKilled => "System RAM ran out: the process was killed",
            Self::PagingThrash => "System RAM exhausted: the OS is paging",
            Self::CpuSpillSlow => "Layers spilled to the CPU: slow generation",
            Self::VllmKvInsufficient => "vLLM: not enough memory for the KV cache",
            Self::AppleMetalOom => "Apple GPU (Metal) memory ran out",
            Self::RocmOom => "AMD GPU (ROCm/HIP) memory ran out",
            Self::NotMemory => "Not a memory problem",
            Self::RecoveredNoFailure => "Recovered: no failure",
            Self::Unknown => "No memory failure named",
        }
    }
}

impl std::fmt::Display for Label {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A log line that supports the verdict (1-based line number).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evidence {
    pub line: u64,
    pub text: String,
}

/// Numbers read from the log; absent ones are omitted from JSON.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Numbers {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requested_bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allocated_bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserved_bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub free_bytes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layers_offloaded: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub layers_total: Option<u32>,
}

/// Another finding in the same log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AlsoFinding {
    pub label: Label,
    pub line: u64,
}

/// The verdict on one log (CONTRACT.md `vram-doctor triage --json`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Diagnosis {
    pub label: Label,
    pub confidence: f32,
    pub runtime: Option<String>,
    pub os: Option<String>,
    pub title: String,
    pub explanation: String,
    pub evidence: Vec<Evidence>,
    pub numbers: Numbers,
    pub next_steps: Vec<String>,
    pub also: Vec<AlsoFinding>,
    /// The GPU's name as the log prints it ("NVIDIA GeForce RTX 4090").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gpu_name: Option<String>,
    /// The timeline's key events (devices, buffers, failures, what happened next), in line order.
    #[serde(default)]
    pub events: Vec<crate::triage::events::Event>,
}

impl Diagnosis {
    /// The label in words when the title does not already say them.
    pub fn label_words_beside_title(&self) -> Option<&'static str> {
        let words = self.label.words();
        (!words.eq_ignore_ascii_case(&self.title)).then_some(words)
    }

    /// The label in words and the title, without saying the same thing twice.
    pub fn headline(&self) -> String {
        match self.label_words_beside_title() {
            Some(words) => format!("{words} — {}", self.title),
            None => self.title.clone(),
        }
    }

    /// The verdict as a plain-text report (CLI default output, copy-paste from the GUI).
    pub fn to_text(&self) -> String {
        use crate::units::format_auto;
        use std::fmt::Write as _;
        let mut s = String::new();
        let _ = writeln!(s, "{}", self.title);
        let _ = writeln!(
            s,
            "label: {} (confidence {:.0} %){}{}",
            self.label,
            self.confidence * 100.0,
            self.runtime
                .as_deref()
                .map(|r| format!(", runtime: {r}"))
                .unwrap_or_default(),
            self.os
                .as_deref()
                .map(|o| format!(", OS: {o}"))
                .unwrap_or_default()
        );
        let n = &self.numbers;
        let sizes = [
            ("requested", n.requested_bytes),
            ("total", n.total_bytes),
            ("allocated", n.allocated_bytes),
            ("reserved", n.reserved_bytes),
            ("free", n.free_bytes),
        ];
        let mut parts: Vec<String> = sizes
            .iter()
            .filter_map(|(k, v)| v.map(|v| format!("{k} {}", format_auto(v))))
            .collect();
        if let Some(d) = &n.device {
            // Some readings already say "device 0"; others give a name ("CUDA0").
            if d.starts_with("device") {
                parts.push(d.clone());
            } else {
                parts.push(format!("device {d}"));
            }
        }
        if let (Some(x), Some(y)) = (n.layers_offloaded, n.layers_total) {
            parts.push(format!("layers on GPU {x}/{y}"));
        }
        if !parts.is_empty() {
            let _ = writeln!(s, "numbers: {}", parts.join(", "));
        }
        let _ = writeln!(s, "\n{}", self.explanation);
        if !self.next_steps.is_empty() {
            let _ = writeln!(s, "\nNext steps:");
            for (i, step) in self.next_steps.iter().enumerate() {
                let _ = writeln!(s, "  {}. {step}", i + 1);
            }
        }
        if !self.evidence.is_empty() {
            let _ = writeln!(s, "\nEvidence:");
            for e in &self.evidence {
                let _ = writeln!(s, "  {:>6}: {}", e.line, e.text);
            }
        }
        if !self.events.is_empty() {
            let _ = writeln!(s, "\nTimeline:");
            for e in &self.events {
                let _ = writeln!(s, "  {:>6}: {}", e.line, e.summary());
            }
        }
        if !self.also.is_empty() {
            let _ = writeln!(s, "\nAlso in this log:");
            for a in &self.also {
                let _ = writeln!(s, "  line {}: {}", a.line, a.label.words());
            }
        }
        s
    }
}
