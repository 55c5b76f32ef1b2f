//! Detects the machine now: NVIDIA GPUs through NVML (libnvidia-ml is loaded at run time by nvml-wrapper, so
//! the app starts on machines without a driver), AMD/Intel GPUs through Linux sysfs (`mem_info_vram_*`), host
//! RAM and swap through sysinfo, and the OS (WSL2 from the kernel release string). Calls may block briefly
//! (NVML init): run them on a worker thread, never on the UI thread. Nothing here panics on what the OS says.
//!
//! Sources: research/monitor.md (NVML memory v2 and reserved memory, amdgpu sysfs files, WSL2 detection).

use std::path::{Path, PathBuf};

use super::{GpuInfo, GpuVendor, Hardware, HostInfo, OsKind};

/// The message shown when NVML cannot be loaded (no NVIDIA driver).
pub const NO_NVIDIA_DRIVER: &str = "No NVIDIA driver found (libnvidia-ml could not be loaded)";

/// The NVIDIA driver's PCI devices (their `power/runtime_status` says whether a laptop dGPU sleeps).
const PCI_NVIDIA: &str = "/sys/bus/pci/drivers/nvidia";

/// Keeps the costly handles (NVML library, sysinfo tables) between probes.
pub struct Prober {
    nvml: Result<nvml_wrapper::Nvml, String>,
    system: Result<sysinfo::System, String>,
    drm_root: PathBuf,
    os: OsKind,
    /// Windows: the discrete non-NVIDIA adapter from the registry and a PDH query for its VRAM use
    /// (`monitor::windows`), for machines where NVML finds nothing.
    #[cfg(windows)]
    windows_gpu: Option<(
        crate::monitor::windows::DisplayAdapter,
        crate::monitor::windows::Counters,
    )>,
}

impl Default for Prober {
    fn default() -> Self {
        Self::new()
    }
}

impl Prober {
    pub fn new() -> Self {
        Self::with_drm_root("/sys/class/drm")
    }

    /// A prober reading AMD/Intel GPUs from another sysfs tree (tests use a fake one).
    pub fn with_drm_root(drm_root: impl Into<PathBuf>) -> Self {
        Self {
            nvml: nvml_wrapper::Nvml::init().map_err(|e| nvml_problem(&e)),
            system: sysinfo::System::new().map_err(|e| e.to_string()),
            drm_root: drm_root.into(),
            os: detect_os(),
            #[cfg(windows)]
            windows_gpu: {
                use crate::monitor::windows::{Counters, discrete_adapter, display_adapters};
                discrete_adapter(&display_adapters())
                    .cloned()
                    .map(|a| (a, Counters::new()))
            },
        }
    }

    /// A fresh snapshot.
    pub fn probe(&mut self) -> Hardware {
        let mut problems = Vec::new();
        let mut gpus = Vec::new();
        match &self.nvml {
            Ok(_) if nvidia_asleep(Path::new(PCI_NVIDIA)) => problems.push(
                "NVIDIA GPU is asleep (runtime-suspended); not woken just to read it".to_owned(),
            ),
            Ok(nvml) => gpus.extend(nvidia_gpus(nvml, &mut problems)),
            Err(problem) => problems.push(problem.clone()),
        }
        let first_index = gpus.len() as u32;
        gpus.extend(sysfs_gpus(&self.drm_root, first_index));
        // Windows without NVML: the registry's discrete adapter, its VRAM use from PDH (a GPU whose use cannot
        // be read yet, on the first probe, is left out rather than shown empty).
        #[cfg(windows)]
        if gpus.is_empty()
            && let Some((adapter, counters)) = &mut self.windows_gpu
            && let Some(gpu) =
                crate::monitor::windows::adapter_gpu(adapter, 0, &counters.read_gpu())
        {
            gpus.push(gpu);
        }
        // Without NVML, an AMD/Intel GPU found in sysfs answers the question: no need to complain.
        let gpu_problem = if gpus.is_empty() || gpus.iter().any(|g| g.vendor == GpuVendor::Nvidia) {
            (!problems.is_empty()).then(|| problems.join("; "))
        } else {
            None
        };
        let host = match &mut self.system {
            Ok(system) => {
                system.refresh_memory();
                HostInfo {
                    ram_total_bytes: system.total_memory(),
                    ram_available_bytes: system.available_memory(),
                    swap_total_bytes: system.total_swap(),
                    swap_used_bytes: system.used_swap(),
                }
            }
            Err(e) => {
                log::warn!("system memory could not be read: {e}");
                HostInfo::default()
            }
        };
        Hardware {
            os: self.os,
            gpus,
            gpu_problem,
            host,
        }
    }
}

impl Prober {
    /// Processes holding VRAM on NVIDIA GPUs: (GPU index, pid, bytes). Costs milliseconds per GPU (the driver
    /// lock), so callers poll it every few seconds, not every tick. Empty without NVML; on Windows (WDDM) and
    /// WSL2 the driver does not report per-process memory, so those entries are skipped.
    pub fn gpu_processes(&self) -> Vec<(u32, u32, u64)> {
        use nvml_wrapper::enums::device::UsedGpuMemory;
        let Ok(nvml) = &self.nvml else {
            return Vec::new();
        };
        let count = nvml.device_count().unwrap_or(0).min(64);
        let mut out = Vec::new();
        for index in 0..count {
            let Ok(device) = nvml.device_by_index(index) else {
                continue;
            };
            let compute = device.running_compute_processes().unwrap_or_default();
            let graphics = device.running_graphics_processes().unwrap_or_default();
            for p in compute.into_iter().chain(graphics) {
                if let UsedGpuMemory::Used(bytes) = p.used_gpu_memory
                    && !out.iter().any(|(g, pid, _)| *g == index && *pid == p.pid)
                {
                    out.push((index, p.pid, bytes));
                }
            }
        }
        out
    }
}

/// NVIDIA readings beyond memory and load: temperature, power and clock are µs-scale and read every tick; PCIe
/// throughput blocks ~20 ms per direction, so it is read every few ticks (research/monitor.md §0.6).
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GpuExtras {
    pub index: u32,
    pub temperature_c: Option<u32>,
    pub power_watts: Option<f64>,
    pub sm_clock_mhz: Option<u32>,
    /// PCIe receive / transmit in KB/s (the driver's 20 ms sample).
    pub pcie_rx_kbps: Option<u32>,
    pub pcie_tx_kbps: Option<u32>,
}

impl Prober {
    /// Temperature, power and SM clock of each NVIDIA GPU, and PCIe traffic when `pcie` (empty without NVML or
    /// while the GPU sleeps).
    pub fn gpu_extras(&self, pcie: bool) -> Vec<GpuExtras> {
        use nvml_wrapper::enum_wrappers::device::{Clock, PcieUtilCounter, TemperatureSensor};
        let Ok(nvml) = &self.nvml else {
            return Vec::new();
        };
        if nvidia_asleep(Path::new(PCI_NVIDIA)) {
            return Vec::new();
        }
        let count = nvml.device_count().unwrap_or(0).min(64);
        (0..count)
            .filter_map(|index| {
                let d = nvml.device_by_index(index).ok()?;
                Some(GpuExtras {
                    index,
                    temperature_c: d.temperature(TemperatureSensor::Gpu).ok(),
                    power_watts: d.power_usage().ok().map(|mw| f64::from(mw) / 1000.0),
                    sm_clock_mhz: d.clock_info(Clock::SM).ok(),
                    pcie_rx_kbps: pcie
                        .then(|| d.pcie_throughput(PcieUtilCounter::Receive).ok())
                        .flatten(),
                    pcie_tx_kbps: pcie
                        .then(|| d.pcie_throughput(PcieUtilCounter::Send).ok())
                        .flatten(),
                })
            })
            .collect()
    }
}

/// True when every NVIDIA GPU on the PCI bus is runtime-suspended (a laptop dGPU asleep): querying it through
/// NVML would wake it and cost battery, so the probe leaves it alone (nvtop #230/#267, btop #738).
pub fn nvidia_asleep(pci_driver_dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(pci_driver_dir) else {
        return false;
    };
    let states: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().contains(':'))
        .filter_map(|e| read_trimmed(&e.path().join("power/runtime_status")))
        .collect();
    !states.is_empty() && states.iter().all(|s| s == "suspended")
}

/// One-shot detection (creates and drops the handles; use `Prober` to probe repeatedly).
pub fn detect() -> Hardware {
    Prober::new().probe()
}

fn nvml_problem(err: &nvml_wrapper::error::NvmlError) -> String {
    use nvml_wrapper::error::NvmlError;
    match err {
        NvmlError::LibloadingError(_) | NvmlError::LibraryNotFound => NO_NVIDIA_DRIVER.to_owned(),
        NvmlError::DriverNotLoaded => {
            "NVIDIA driver installed but not loaded (reboot, or check `nvidia-smi`)".to_owned()
        }
        NvmlError::NoPermission => "No permission to query the NVIDIA driver".to_owned(),
        other => format!("NVIDIA driver did not answer: {other}"),
    }
}

fn nvidia_gpus(nvml: &nvml_wrapper::Nvml, problems: &mut Vec<String>) -> Vec<GpuInfo> {
    let count = match nvml.device_count() {
        Ok(n) => n,
        Err(e) => {
            problems.push(format!("NVIDIA driver did not list its GPUs: {e}"));
            return Vec::new();
        }
    };
    let mut gpus = Vec::new();
    // A driver claiming thousands of GPUs is wrong; never loop on an unchecked count.
    for index in 0..count.min(64) {
        let device = match nvml.device_by_index(index) {
            Ok(d) => d,
            Err(e) => {
                problems.push(format!("GPU {index}: {e}"));
                continue;
            }
        };
        let name = device
            .name()
            .unwrap_or_else(|_| format!("NVIDIA GPU {index}"));
        let v2 = device.memory_info().map(|m| (m.total, m.used, m.reserved));
        let (total, used, reserved) =
            match memory_with_fallback(v2, || memory_info_v1(nvml, &device)) {
                Ok(m) => m,
                Err(e) => {
                    problems.push(format!("{name}: memory could not be read ({e})"));
                    (0, 0, 0)
                }
            };
        gpus.push(GpuInfo {
            index,
            name,
            vendor: GpuVendor::Nvidia,
            memory_total_bytes: total,
            memory_used_bytes: used,
            memory_reserved_bytes: reserved,
            utilization_percent: device.utilization_rates().ok().map(|u| u.gpu),
            shared_used_bytes: None,
        });
    }
    gpus
}

/// NVML memory as (total, used, reserved): v2 (which separates driver-reserved memory, matching nvidia-smi)
/// when it answers, else v1, whose `used` includes the reserved part. v2 fails on pre-R510 drivers and on some
/// WSL2 and GB10 setups; v1 fails on UMA parts (research/monitor.md §1.4). Both failing names both errors.
pub fn memory_with_fallback<E: std::fmt::Display>(
    v2: Result<(u64, u64, u64), E>,
    v1: impl FnOnce() -> Result<(u64, u64), String>,
) -> Result<(u64, u64, u64), String> {
    match v2 {
        Ok((total, used, reserved)) if total > 0 => Ok((total, used.min(total), reserved)),
        Ok(_) => v1()
            .map(|(total, used)| (total, used.min(total), 0))
            .map_err(|e| format!("v2 reported 0 bytes total; v1: {e}")),
        Err(e2) => v1()
            .map(|(total, used)| (total, used.min(total), 0))
            .map_err(|e1| format!("v2: {e2}; v1: {e1}")),
    }
}

/// `nvmlDeviceGetMemoryInfo` (v1) through the raw binding: nvml-wrapper 0.13 calls only the v2 function.
#[allow(unsafe_code)]
fn memory_info_v1(
    nvml: &nvml_wrapper::Nvml,
    device: &nvml_wrapper::Device,
) -> Result<(u64, u64), String> {
    let f = nvml
        .lib()
        .nvmlDeviceGetMemoryInfo
        .as_ref()
        .map_err(|e| format!("symbol missing ({e})"))?;
    // SAFETY: the device handle is valid while `device` (borrowed from `nvml`) lives; nvmlMemory_t is plain
    // data the call fills in.
    unsafe {
        let mut m: nvml_wrapper_sys::bindings::nvmlMemory_t = std::mem::zeroed();
        let rc = f(device.handle(), &mut m);
        if rc != 0 {
            return Err(format!("NVML error {rc}"));
        }
        Ok((m.total, m.used))
    }
}

/// AMD (amdgpu) and Intel (xe/i915 with local memory) GPUs from `/sys/class/drm/cardN/device`.
pub fn sysfs_gpus(drm_root: &Path, first_index: u32) -> Vec<GpuInfo> {
    let Ok(entries) = std::fs::read_dir(drm_root) else {
        return Vec::new();
    };
    let mut cards: Vec<(u32, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let n: u32 = name.strip_prefix("card")?.parse().ok()?;
            Some((n, e.path().join("device")))
        })
        .collect();
    cards.sort();
    let mut gpus = Vec::new();
    for (_, device) in cards {
        let vendor = match read_trimmed(&device.join("vendor")).as_deref() {
            Some("0x1002") => GpuVendor::Amd,
            Some("0x8086") => GpuVendor::Intel,
            // NVIDIA cards come from NVML; other vendors have no VRAM files we understand.
            _ => continue,
        };
        let Some(total) = read_u64(&device.join("mem_info_vram_total")) else {
            continue; // integrated GPU without dedicated VRAM, or an old kernel
        };
        if total == 0 {
            continue;
        }
        let used = read_u64(&device.join("mem_info_vram_used")).unwrap_or(0);
        let name = read_trimmed(&device.join("product_name"))
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| match vendor {
                GpuVendor::Amd => "AMD GPU".to_owned(),
                _ => "Intel GPU".to_owned(),
            });
        gpus.push(GpuInfo {
            index: first_index + gpus.len() as u32,
            name,
            vendor,
            memory_total_bytes: total,
            memory_used_bytes: used.min(total),
            memory_reserved_bytes: 0,
            utilization_percent: read_u64(&device.join("gpu_busy_percent"))
                .and_then(|v| u32::try_from(v.min(100)).ok()),
            // GTT: system RAM mapped for the GPU. Growing while VRAM is full is data evicted to RAM.
            shared_used_bytes: read_u64(&device.join("mem_info_gtt_used")),
        });
    }
    gpus
}

fn read_trimmed(path: &Path) -> Option<String> {
    // sysfs files are tiny; cap the read anyway in case a path points somewhere unexpected.
    use std::io::Read as _;
    let mut buf = String::new();
    std::fs::File::open(path)
        .ok()?
        .take(4096)
        .read_to_string(&mut buf)
        .ok()?;
    Some(buf.trim().to_owned())
}

fn read_u64(path: &Path) -> Option<u64> {
    read_trimmed(path)?.parse().ok()
}

/// The OS this build runs on; on Linux, WSL2 is recognised from the kernel release ("…-microsoft-standard-WSL2").
pub fn detect_os() -> OsKind {
    if cfg!(windows) {
        OsKind::Windows
    } else if cfg!(target_os = "macos") {
        OsKind::Macos
    } else {
        let release = read_trimmed(Path::new("/proc/sys/kernel/osrelease")).unwrap_or_default();
        if is_wsl_kernel(&release) || std::env::var_os("WSL_DISTRO_NAME").is_some() {
            OsKind::Wsl2
        } else {
            OsKind::Linux
        }
    }
}

/// `5.15.167.4-microsoft-standard-WSL2` → true.
pub fn is_wsl_kernel(release: &str) -> bool {
    let r = release.to_ascii_lowercase();
    r.contains("microsoft") || r.contains("wsl")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(root: &Path, n: u32, files: &[(&str, &str)]) {
        let dev = root.join(format!("card{n}")).join("device");
        std::fs::create_dir_all(&dev).expect("mkdir");
        for (name, value) in files {
            std::fs::write(dev.join(name), value).expect("write");
        }
    }

    #[test]
    fn reads_amd_vram_from_sysfs_and_skips_others() {
        let dir = tempfile::tempdir().expect("tempdir");
        card(
            dir.path(),
            0,
            &[
                ("vendor", "0x1002\n"),
                ("mem_info_vram_total", "25753026560\n"),
                ("mem_info_vram_used", "1073741824\n"),
                ("gpu_busy_percent", "37\n"),
                ("mem_info_gtt_used", "335544320\n"),
                ("product_name", "Radeon RX 7900 XTX\n"),
            ],
        );
        card(dir.path(), 1, &[("vendor", "0x10de\n")]); // NVIDIA: left to NVML
        card(dir.path(), 2, &[("vendor", "0x8086\n")]); // iGPU without VRAM files
        card(
            dir.path(),
            3,
            &[("vendor", "0x1002"), ("mem_info_vram_total", "garbage")],
        );
        std::fs::create_dir_all(dir.path().join("card0-DP-1")).expect("connector");
        let gpus = sysfs_gpus(dir.path(), 0);
        assert_eq!(gpus.len(), 1);
        assert_eq!(gpus[0].name, "Radeon RX 7900 XTX");
        assert_eq!(gpus[0].vendor, GpuVendor::Amd);
        assert_eq!(gpus[0].memory_total_bytes, 25_753_026_560);
        assert_eq!(gpus[0].memory_used_bytes, 1 << 30);
        assert_eq!(gpus[0].utilization_percent, Some(37));
        assert_eq!(gpus[0].shared_used_bytes, Some(320 << 20));
    }

    #[test]
    fn a_runtime_suspended_nvidia_gpu_is_left_asleep() {
        let dir = tempfile::tempdir().expect("tempdir");
        let dev = |name: &str, state: &str| {
            let p = dir.path().join(name).join("power");
            std::fs::create_dir_all(&p).expect("mkdir");
            std::fs::write(p.join("runtime_status"), state).expect("write");
        };
        assert!(!nvidia_asleep(dir.path()));
        dev("0000:01:00.0", "suspended\n");
        assert!(nvidia_asleep(dir.path()));
        dev("0000:02:00.0", "active\n");
        assert!(!nvidia_asleep(dir.path()));
        assert!(!nvidia_asleep(Path::new("/nonexistent")));
    }

    #[test]
    fn nvml_memory_falls_back_to_v1() {
        let v1_ok = || Ok((24 << 30, 3 << 30));
        // v2 answers: it is used as is.
        assert_eq!(
            memory_with_fallback(Ok::<_, String>((24 << 30, 1 << 30, 1 << 29)), v1_ok),
            Ok((24 << 30, 1 << 30, 1 << 29))
        );
        // v2 fails (old driver, WSL2): v1, with reserved folded into used.
        assert_eq!(
            memory_with_fallback(Err("Not Supported"), v1_ok),
            Ok((24 << 30, 3 << 30, 0))
        );
        // v2 answers nonsense (0 total): v1.
        assert_eq!(
            memory_with_fallback(Ok::<_, String>((0, 0, 0)), v1_ok),
            Ok((24 << 30, 3 << 30, 0))
        );
        // Both fail: both reasons are named.
        let both = memory_with_fallback(Err("Unknown Error"), || Err("NVML error 3".into()));
        assert_eq!(both, Err("v2: Unknown Error; v1: NVML error 3".to_owned()));
        // used > total from a confused driver is clamped.
        assert_eq!(memory_with_fallback(Err("x"), || Ok((8, 9))), Ok((8, 8, 0)));
    }

    #[test]
    fn missing_sysfs_is_no_gpus() {
        assert!(sysfs_gpus(Path::new("/nonexistent/drm"), 0).is_empty());
    }

    #[test]
    fn wsl_kernels_are_recognised() {
        assert!(is_wsl_kernel("5.15.167.4-microsoft-standard-WSL2"));
        assert!(is_wsl_kernel("4.4.0-19041-Microsoft"));
        assert!(!is_wsl_kernel("6.1.0-26-amd64"));
    }

    #[test]
    fn probing_this_machine_never_panics_and_explains_a_missing_gpu() {
        let hw = detect();
        assert!(hw.host.ram_total_bytes > 0);
        if hw.gpus.is_empty() {
            assert!(hw.gpu_problem.is_some());
        }
    }
}
