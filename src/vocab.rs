//! The shared words every module speaks: which runtime runs the model, on which OS, with which backend and
//! KV cache type, and what the user saw. One type per word, each with `FromStr`/`Display`/serde, used by the
//! CLI, the GUI and the engines alike — no runtime or OS strings are passed between modules and parsed again.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use crate::fit::{Backend, FlashAttn, GpuLayers};
pub use crate::plan::shell::Shell;

/// A word that is not one of ours, with what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{value:?}: expected {expected}")]
pub struct UnknownWord {
    pub value: String,
    pub expected: &'static str,
}

/// The program that runs the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Runtime {
    #[default]
    #[serde(rename = "llama-server", alias = "llama.cpp")]
    LlamaServer,
    #[serde(rename = "llama-cli")]
    LlamaCli,
    #[serde(rename = "ollama")]
    Ollama,
    #[serde(rename = "lmstudio")]
    LmStudio,
    #[serde(rename = "transformers")]
    Transformers,
    #[serde(rename = "vllm")]
    Vllm,
    #[serde(rename = "text-generation-webui")]
    TextGenWebui,
}

impl Runtime {
    pub const ALL: [Self; 7] = [
        Self::LlamaServer,
        Self::LlamaCli,
        Self::Ollama,
        Self::LmStudio,
        Self::Transformers,
        Self::Vllm,
        Self::TextGenWebui,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::LlamaServer => "llama-server",
            Self::LlamaCli => "llama-cli",
            Self::Ollama => "ollama",
            Self::LmStudio => "lmstudio",
            Self::Transformers => "transformers",
            Self::Vllm => "vllm",
            Self::TextGenWebui => "text-generation-webui",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::LlamaServer => "llama.cpp (llama-server)",
            Self::LlamaCli => "llama.cpp (llama-cli)",
            Self::Ollama => "Ollama",
            Self::LmStudio => "LM Studio",
            Self::Transformers => "Hugging Face transformers",
            Self::Vllm => "vLLM",
            Self::TextGenWebui => "text-generation-webui",
        }
    }

    /// Accepts CONTRACT.md's `--runtime` spellings and the names triage reports ("llama.cpp (llama-server)",
    /// "LM Studio (MLX engine)", "koboldcpp").
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim().to_ascii_lowercase();
        let has = |needle: &str| s.contains(needle);
        Some(if has("llama-cli") {
            Self::LlamaCli
        } else if has("ollama") {
            Self::Ollama
        } else if has("lm studio") || has("lmstudio") || has("lm-studio") || s == "lms" {
            Self::LmStudio
        } else if has("vllm") || has("sglang") {
            Self::Vllm
        } else if has("text-generation-webui") || has("textgen") || has("oobabooga") {
            Self::TextGenWebui
        } else if has("transformers") || has("pytorch") || has("torch") || has("accelerate") {
            Self::Transformers
        } else if has("llama")
            || has("koboldcpp")
            || has("ggml")
            || s == "jan"
            || s.starts_with("jan ")
        {
            Self::LlamaServer
        } else {
            return None;
        })
    }

    /// The name `fit --runtime` and its JSON use (CONTRACT.md): the llama.cpp programs are "llama.cpp".
    pub fn engine_name(self) -> &'static str {
        match self {
            Self::LlamaServer | Self::LlamaCli | Self::TextGenWebui => "llama.cpp",
            other => other.as_str(),
        }
    }

    /// Runs GGUF files on llama.cpp (layers, `-ngl`, KV types and flash attention apply).
    pub fn is_llama_family(self) -> bool {
        matches!(
            self,
            Self::LlamaServer | Self::LlamaCli | Self::Ollama | Self::LmStudio | Self::TextGenWebui
        )
    }

    /// Allocates through PyTorch's caching allocator (fragmentation, `PYTORCH_CUDA_ALLOC_CONF`).
    pub fn is_pytorch(self) -> bool {
        matches!(self, Self::Transformers | Self::Vllm)
    }
}

impl fmt::Display for Runtime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Runtime {
    type Err = UnknownWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s).ok_or_else(|| UnknownWord {
            value: s.to_owned(),
            expected: "llama.cpp, llama-server, llama-cli, ollama, lmstudio, vllm, transformers or text-generation-webui",
        })
    }
}

/// The operating system the model runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Os {
    #[default]
    Linux,
    Windows,
    Wsl2,
    Macos,
}

impl Os {
    pub const ALL: [Self; 4] = [Self::Linux, Self::Windows, Self::Wsl2, Self::Macos];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Linux => "linux",
            Self::Windows => "windows",
            Self::Wsl2 => "wsl2",
            Self::Macos => "macos",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Linux => "Linux",
            Self::Windows => "Windows",
            Self::Wsl2 => "WSL2",
            Self::Macos => "macOS",
        }
    }

    /// Accepts CONTRACT.md's spellings and loose ones from logs ("Linux (Ubuntu 22.04)", "Windows 11").
    pub fn parse(s: &str) -> Option<Self> {
        let s = s.trim().to_ascii_lowercase();
        Some(if s.contains("wsl") {
            Self::Wsl2
        } else if s.contains("windows") || s == "win" {
            Self::Windows
        } else if s.contains("mac") || s.contains("darwin") {
            Self::Macos
        } else if s.contains("linux")
            || s.contains("ubuntu")
            || s.contains("debian")
            || s.contains("fedora")
            || s.contains("arch")
        {
            Self::Linux
        } else {
            return None;
        })
    }

    /// The usual shell there.
    pub fn default_shell(self) -> Shell {
        match self {
            Self::Windows => Shell::PowerShell,
            Self::Linux | Self::Wsl2 | Self::Macos => Shell::Bash,
        }
    }

    pub fn from_hardware(kind: crate::hardware::OsKind) -> Self {
        match kind {
            crate::hardware::OsKind::Linux => Self::Linux,
            crate::hardware::OsKind::Windows => Self::Windows,
            crate::hardware::OsKind::Wsl2 => Self::Wsl2,
            crate::hardware::OsKind::Macos => Self::Macos,
        }
    }
}

impl fmt::Display for Os {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Os {
    type Err = UnknownWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s).ok_or_else(|| UnknownWord {
            value: s.to_owned(),
            expected: "linux, windows, wsl2 or macos",
        })
    }
}

/// A KV cache element type (`-ctk` / `-ctv`), as llama.cpp accepts them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum CacheType {
    F32,
    #[default]
    F16,
    Bf16,
    Q8_0,
    Q5_1,
    Q5_0,
    Q4_1,
    Q4_0,
    Iq4Nl,
}

impl CacheType {
    pub const ALL: [Self; 9] = [
        Self::F32,
        Self::F16,
        Self::Bf16,
        Self::Q8_0,
        Self::Q5_1,
        Self::Q5_0,
        Self::Q4_1,
        Self::Q4_0,
        Self::Iq4Nl,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::F32 => "f32",
            Self::F16 => "f16",
            Self::Bf16 => "bf16",
            Self::Q8_0 => "q8_0",
            Self::Q5_1 => "q5_1",
            Self::Q5_0 => "q5_0",
            Self::Q4_1 => "q4_1",
            Self::Q4_0 => "q4_0",
            Self::Iq4Nl => "iq4_nl",
        }
    }

    /// Bytes per cached element (ggml block sizes: q8_0 34 B per 32, q4_0 18 B per 32, …).
    pub fn bytes_per_element(self) -> f64 {
        match self {
            Self::F32 => 4.0,
            Self::F16 | Self::Bf16 => 2.0,
            Self::Q8_0 => 34.0 / 32.0,
            Self::Q5_1 => 24.0 / 32.0,
            Self::Q5_0 => 22.0 / 32.0,
            Self::Q4_1 => 20.0 / 32.0,
            Self::Q4_0 | Self::Iq4Nl => 18.0 / 32.0,
        }
    }

    pub fn is_quantized(self) -> bool {
        !matches!(self, Self::F32 | Self::F16 | Self::Bf16)
    }
}

impl fmt::Display for CacheType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for CacheType {
    type Err = UnknownWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        Self::ALL
            .into_iter()
            .find(|t| t.as_str() == lower)
            .ok_or_else(|| UnknownWord {
                value: s.to_owned(),
                expected: "f32, f16, bf16, q8_0, q5_1, q5_0, q4_1, q4_0 or iq4_nl",
            })
    }
}

/// What the user saw or the live monitor flagged — evidence for the Fix Wizard when there is no log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symptom {
    /// Monitor: VRAM stayed full.
    VramFull,
    /// Monitor: system RAM is paging.
    Paging,
    /// Monitor: the model runs partly from system RAM (layers or the driver's sysmem fallback).
    CpuSpill,
    /// Monitor: another process holds a large share of VRAM.
    HeldByOther,
    /// The user: it crashes while loading.
    CrashLoad,
    /// The user: it loads, then crashes later or with long prompts.
    CrashLater,
    /// The user: it runs, but slowly.
    Slow,
    /// The user: the whole machine freezes (disk busy).
    Freeze,
}

impl Symptom {
    /// What the user can say (CONTRACT.md `plan --symptom`), in the order the wizard offers them.
    pub const REPORTED: [Self; 4] = [Self::CrashLoad, Self::CrashLater, Self::Slow, Self::Freeze];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::VramFull => "vram_full",
            Self::Paging => "paging",
            Self::CpuSpill => "cpu_spill",
            Self::HeldByOther => "held_by_other",
            Self::CrashLoad => "crash_load",
            Self::CrashLater => "crash_later",
            Self::Slow => "slow",
            Self::Freeze => "freeze",
        }
    }

    /// In the user's words.
    pub fn label(self) -> &'static str {
        match self {
            Self::VramFull => "VRAM stays full (live monitor)",
            Self::Paging => "System RAM is paging (live monitor)",
            Self::CpuSpill => "Part of the model runs from system RAM (live monitor)",
            Self::HeldByOther => "Another process holds VRAM (live monitor)",
            Self::CrashLoad => "It crashes while loading",
            Self::CrashLater => "It loads, then crashes later or with long prompts",
            Self::Slow => "It runs, but slowly",
            Self::Freeze => "The whole machine freezes",
        }
    }
}

impl fmt::Display for Symptom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Symptom {
    type Err = UnknownWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase().replace('-', "_");
        [
            Self::VramFull,
            Self::Paging,
            Self::CpuSpill,
            Self::HeldByOther,
            Self::CrashLoad,
            Self::CrashLater,
            Self::Slow,
            Self::Freeze,
        ]
        .into_iter()
        .find(|t| t.as_str() == lower)
        .ok_or_else(|| UnknownWord {
            value: s.to_owned(),
            expected: "crash_load, crash_later, slow or freeze",
        })
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Backend {
    type Err = UnknownWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "cuda" => Self::Cuda,
            "rocm" | "hip" => Self::Rocm,
            "vulkan" => Self::Vulkan,
            "metal" => Self::Metal,
            "cpu" => Self::Cpu,
            _ => {
                return Err(UnknownWord {
                    value: s.to_owned(),
                    expected: "cuda, rocm, vulkan, metal or cpu",
                });
            }
        })
    }
}

impl Backend {
    /// The backend llama.cpp uses for a GPU vendor.
    pub fn for_vendor(vendor: crate::hardware::GpuVendor) -> Self {
        match vendor {
            crate::hardware::GpuVendor::Amd => Self::Rocm,
            crate::hardware::GpuVendor::Apple => Self::Metal,
            crate::hardware::GpuVendor::Intel => Self::Vulkan,
            _ => Self::Cuda,
        }
    }

    /// The backend for a catalog GPU's vendor name ("NVIDIA", "AMD", "Apple", "Intel").
    pub fn for_vendor_name(vendor: &str) -> Self {
        match vendor {
            "Apple" => Self::Metal,
            "AMD" => Self::Rocm,
            "Intel" => Self::Vulkan,
            _ => Self::Cuda,
        }
    }
}

impl FromStr for Shell {
    type Err = UnknownWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s).ok_or_else(|| UnknownWord {
            value: s.to_owned(),
            expected: "bash, powershell or cmd",
        })
    }
}

impl fmt::Display for FlashAttn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::On => "on",
            Self::Off => "off",
            Self::Auto => "auto",
        })
    }
}

impl FromStr for FlashAttn {
    type Err = UnknownWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "on" | "1" | "true" => Self::On,
            "off" | "0" | "false" => Self::Off,
            "auto" => Self::Auto,
            _ => {
                return Err(UnknownWord {
                    value: s.to_owned(),
                    expected: "on, off or auto",
                });
            }
        })
    }
}

impl fmt::Display for GpuLayers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Auto => f.write_str("auto"),
            Self::All => f.write_str("all"),
            Self::Count(n) => write!(f, "{n}"),
        }
    }
}

impl FromStr for GpuLayers {
    type Err = UnknownWord;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(Self::Auto),
            "all" | "-1" => Ok(Self::All),
            n => n.parse().map(Self::Count).map_err(|_| UnknownWord {
                value: s.to_owned(),
                expected: "a number, auto or all",
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip_through_text() {
        for r in Runtime::ALL {
            assert_eq!(r.to_string().parse::<Runtime>(), Ok(r));
        }
        for o in Os::ALL {
            assert_eq!(o.to_string().parse::<Os>(), Ok(o));
        }
        for t in CacheType::ALL {
            assert_eq!(t.to_string().parse::<CacheType>(), Ok(t));
        }
        for s in Symptom::REPORTED {
            assert_eq!(s.to_string().parse::<Symptom>(), Ok(s));
        }
        for b in [
            Backend::Cuda,
            Backend::Rocm,
            Backend::Vulkan,
            Backend::Metal,
            Backend::Cpu,
        ] {
            assert_eq!(b.to_string().parse::<Backend>(), Ok(b));
        }
        assert_eq!("llama.cpp".parse::<Runtime>(), Ok(Runtime::LlamaServer));
        assert_eq!("42".parse::<GpuLayers>(), Ok(GpuLayers::Count(42)));
        assert!("q3".parse::<CacheType>().is_err());
        assert!("sometimes".parse::<FlashAttn>().is_err());
    }

    #[test]
    fn runtime_serde_accepts_the_contract_spelling() {
        let r: Runtime = serde_json::from_str("\"llama.cpp\"").unwrap();
        assert_eq!(r, Runtime::LlamaServer);
        assert_eq!(serde_json::to_string(&Runtime::Vllm).unwrap(), "\"vllm\"");
    }
}
