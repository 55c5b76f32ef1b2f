//! The machine: GPUs (detected by `probe`, or picked from `catalog`), host RAM/swap, and the OS.
//! Plain data here; `probe` fills it from NVML / Linux sysfs / sysinfo / the OS, never on the UI thread.

use serde::{Deserialize, Serialize};

pub mod catalog;
pub mod probe;

/// Operating system as the product distinguishes it (WSL2 is its own case: its GPU memory is backed by host RAM).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum OsKind {
    #[default]
    Linux,
    Windows,
    Wsl2,
    Macos,
}

impl OsKind {
    /// CONTRACT.md spelling: "linux" | "windows" | "wsl2" | "macos".
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Linux => "linux",
            Self::Windows => "windows",
            Self::Wsl2 => "wsl2",
            Self::Macos => "macos",
        }
    }

    /// For people: "Linux", "Windows", "WSL2", "macOS".
    pub fn display_name(self) -> &'static str {
        match self {
            Self::Linux => "Linux",
            Self::Windows => "Windows",
            Self::Wsl2 => "WSL2",
            Self::Macos => "macOS",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GpuVendor {
    Nvidia,
    Amd,
    Intel,
    Apple,
    Other,
}

/// One GPU as detected now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GpuInfo {
    pub index: u32,
    pub name: String,
    pub vendor: GpuVendor,
    pub memory_total_bytes: u64,
    pub memory_used_bytes: u64,
    /// Driver-reserved memory when the driver reports it (NVML v2), else 0.
    pub memory_reserved_bytes: u64,
    pub utilization_percent: Option<u32>,
    /// System RAM the GPU has mapped and uses (amdgpu GTT, `mem_info_gtt_used`), when the driver says.
    #[serde(default)]
    pub shared_used_bytes: Option<u64>,
}

impl GpuInfo {
    pub fn memory_free_bytes(&self) -> u64 {
        self.memory_total_bytes
            .saturating_sub(self.memory_used_bytes)
            .saturating_sub(self.memory_reserved_bytes)
    }
}

/// Host memory as detected now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct HostInfo {
    pub ram_total_bytes: u64,
    pub ram_available_bytes: u64,
    pub swap_total_bytes: u64,
    pub swap_used_bytes: u64,
}

/// A snapshot of the machine.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Hardware {
    pub os: OsKind,
    pub gpus: Vec<GpuInfo>,
    /// Why GPU data is missing or partial, in plain words (e.g. "No NVIDIA driver found (libnvidia-ml could
    /// not be loaded)"); `None` when every probe answered.
    pub gpu_problem: Option<String>,
    pub host: HostInfo,
}
