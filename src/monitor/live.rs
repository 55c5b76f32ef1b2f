//! The live machine as a sample `Source`: GPUs from `hardware::probe` (NVML, AMD/Intel sysfs), host RAM/swap
//! from sysinfo, Linux paging signals from `/proc/vmstat` (pgmajfault, pswpin, pswpout, oom_kill → rates) and
//! PSI (`/proc/pressure/memory`), Windows RAM, commit, page files, hard faults and GPU memory from `windows`.
//! Expensive calls (per-process GPU memory ~5 ms under the driver lock, the process table)
//! run every few ticks only (research/monitor.md §0.6).

use std::path::Path;
use std::time::Instant;

use super::{
    GpuProcess, GpuSample, HostSample, InferenceProcess, Sample, Source, is_inference_name,
};
use crate::hardware::probe::Prober;

/// Process list and per-process GPU memory every this many ticks (3 s at 1 Hz).
const SLOW_EVERY: u64 = 3;

/// Counters from `/proc/vmstat` that the detectors turn into rates.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct VmStat {
    pub pgmajfault: u64,
    pub pswpin: u64,
    pub pswpout: u64,
    pub oom_kill: u64,
}

/// Parses `/proc/vmstat` text.
pub fn parse_vmstat(text: &str) -> VmStat {
    let mut v = VmStat::default();
    for line in text.lines() {
        let mut it = line.split_whitespace();
        let (Some(k), Some(n)) = (it.next(), it.next().and_then(|n| n.parse::<u64>().ok())) else {
            continue;
        };
        match k {
            "pgmajfault" => v.pgmajfault = n,
            "pswpin" => v.pswpin = n,
            "pswpout" => v.pswpout = n,
            "oom_kill" => v.oom_kill = n,
            _ => {}
        }
    }
    v
}

/// Parses `/proc/pressure/memory`: ("some" avg10, "full" avg10) in percent.
pub fn parse_psi(text: &str) -> (Option<f64>, Option<f64>) {
    let avg10 = |prefix: &str| {
        text.lines()
            .find(|l| l.starts_with(prefix))
            .and_then(|l| l.split_whitespace().find_map(|f| f.strip_prefix("avg10=")))
            .and_then(|v| v.parse().ok())
    };
    (avg10("some"), avg10("full"))
}

fn read_small(path: &Path) -> Option<String> {
    use std::io::Read as _;
    let mut s = String::new();
    std::fs::File::open(path)
        .ok()?
        .take(64 * 1024)
        .read_to_string(&mut s)
        .ok()?;
    Some(s)
}

pub struct LiveSource {
    prober: Prober,
    system: Option<sysinfo::System>,
    tick: u64,
    last_vmstat: Option<(Instant, VmStat)>,
    gpu_processes: Vec<(u32, u32, u64)>,
    inference: Option<InferenceProcess>,
    table: Vec<super::ProcessRow>,
    extras: Vec<crate::hardware::probe::GpuExtras>,
    /// Index of the first AMD/Intel GPU (fdinfo VRAM is attributed to it).
    drm_gpu: Option<u32>,
    /// WSL2 memory cap from `.wslconfig` (read once).
    wsl: Option<super::linux_extra::WslMemory>,
    proc_root: std::path::PathBuf,
    /// Index of the GPU that Windows per-process VRAM (PDH) is attributed to: the first one.
    first_gpu: Option<u32>,
    #[cfg(windows)]
    win: super::windows::Counters,
}

impl LiveSource {
    pub fn new() -> Self {
        Self {
            prober: Prober::new(),
            system: sysinfo::System::new().ok(),
            tick: 0,
            last_vmstat: None,
            gpu_processes: Vec::new(),
            inference: None,
            table: Vec::new(),
            extras: Vec::new(),
            drm_gpu: None,
            wsl: (crate::hardware::probe::detect_os() == crate::hardware::OsKind::Wsl2).then(
                || {
                    super::linux_extra::wsl_memory(
                        Path::new("/mnt/c/Users"),
                        std::env::var("USER").ok().as_deref(),
                    )
                },
            ),
            proc_root: "/proc".into(),
            first_gpu: None,
            #[cfg(windows)]
            win: super::windows::Counters::new(),
        }
    }

    /// NVIDIA temperature, power and clock every tick; PCIe (blocking ~20 ms per direction) only on slow
    /// ticks, the last reading kept in between.
    fn refresh_extras(&mut self, slow: bool) {
        let mut fresh = self.prober.gpu_extras(slow);
        if !slow {
            for e in &mut fresh {
                if let Some(old) = self.extras.iter().find(|o| o.index == e.index) {
                    e.pcie_rx_kbps = old.pcie_rx_kbps;
                    e.pcie_tx_kbps = old.pcie_tx_kbps;
                }
            }
        }
        self.extras = fresh;
    }

    fn refresh_processes(&mut self) {
        self.gpu_processes = self.prober.gpu_processes();
        // AMD/Intel: per-process VRAM from DRM fdinfo, attributed to the first non-NVIDIA GPU.
        // Linux only: elsewhere "/proc" is a path on the current drive (under Wine, Linux's own /proc).
        if let Some(index) = self.drm_gpu.filter(|_| cfg!(target_os = "linux")) {
            for (pid, bytes) in super::linux_extra::drm_vram_by_pid(&self.proc_root) {
                self.gpu_processes.push((index, pid, bytes));
            }
        }
        // Windows (WDDM): NVML reports per-process memory as N/A; PDH has it, for the busiest adapter.
        #[cfg(windows)]
        if let Some(index) = self.first_gpu {
            for (pid, bytes) in self.win.process_vram() {
                if !self.gpu_processes.iter().any(|&(_, p, _)| p == pid) {
                    self.gpu_processes.push((index, pid, bytes));
                }
            }
        }
        let Some(system) = &mut self.system else {
            return;
        };
        // Memory and CPU only: no task (thread) lists, no disk counters — cheaper, and threads are not rows.
        system.refresh_processes_specifics(
            sysinfo::ProcessesToUpdate::All,
            true,
            sysinfo::ProcessRefreshKind::nothing()
                .with_memory()
                .with_cpu(),
        );
        self.inference = system
            .processes()
            .values()
            .filter(|p| p.thread_kind().is_none() && is_inference_name(&p.name().to_string_lossy()))
            .max_by(|a, b| a.cpu_usage().total_cmp(&b.cpu_usage()))
            .map(|p| InferenceProcess {
                pid: p.pid().as_u32(),
                name: p.name().to_string_lossy().into_owned(),
                cpu_percent: f64::from(p.cpu_usage()),
                ram_bytes: p.memory(),
            });
        // The table: every process holding VRAM, then the biggest RAM users, 25 rows at most.
        let vram = |pid: u32| -> u64 {
            self.gpu_processes
                .iter()
                .filter(|(_, p, _)| *p == pid)
                .map(|(_, _, b)| b)
                .sum()
        };
        let mut rows: Vec<super::ProcessRow> = system
            .processes()
            .values()
            .filter(|p| p.thread_kind().is_none())
            .map(|p| {
                let pid = p.pid().as_u32();
                super::ProcessRow {
                    pid,
                    name: p.name().to_string_lossy().into_owned(),
                    cpu_percent: f64::from(p.cpu_usage()),
                    ram_bytes: p.memory(),
                    vram_bytes: vram(pid),
                }
            })
            .collect();
        rows.sort_by_key(|r| std::cmp::Reverse((r.vram_bytes, r.ram_bytes)));
        rows.truncate(25);
        self.table = rows;
    }

    /// The name of a PID the driver reported. A PID this OS cannot see (the holder lives in another container
    /// or PID namespace, or has just exited) is said so rather than guessed.
    fn process_name(&self, pid: u32) -> String {
        self.system
            .as_ref()
            .and_then(|s| s.process(sysinfo::Pid::from_u32(pid)))
            .map(|p| p.name().to_string_lossy().into_owned())
            .unwrap_or_else(|| format!("pid {pid} (not visible here)"))
    }

    /// Linux paging counters as rates since the last tick.
    fn paging(&mut self, host: &mut HostSample) {
        let Some(text) = read_small(&self.proc_root.join("vmstat")) else {
            return;
        };
        let now = (Instant::now(), parse_vmstat(&text));
        host.oom_kills = Some(now.1.oom_kill);
        if let Some((t0, v0)) = self.last_vmstat {
            let dt = now.0.duration_since(t0).as_secs_f64().max(1e-3);
            let rate = |a: u64, b: u64| a.saturating_sub(b) as f64 / dt;
            host.major_faults_per_sec = Some(rate(now.1.pgmajfault, v0.pgmajfault));
            host.swap_in_per_sec = Some(rate(now.1.pswpin, v0.pswpin));
            host.swap_out_per_sec = Some(rate(now.1.pswpout, v0.pswpout));
        }
        self.last_vmstat = Some(now);
        if let Some(psi) = read_small(&self.proc_root.join("pressure/memory")) {
            (
                host.memory_pressure_percent,
                host.memory_pressure_full_percent,
            ) = parse_psi(&psi);
        }
    }
}

impl Default for LiveSource {
    fn default() -> Self {
        Self::new()
    }
}

impl Source for LiveSource {
    fn sample(&mut self) -> Option<Sample> {
        let slow = self.tick.is_multiple_of(SLOW_EVERY);
        if slow {
            self.refresh_processes();
        }
        self.refresh_extras(slow);
        self.tick += 1;
        // On Windows without NVML this includes the registry's discrete adapter (see `Prober`).
        let hw = self.prober.probe();
        #[cfg(windows)]
        let reading = self.win.read();
        self.drm_gpu = hw
            .gpus
            .iter()
            .find(|g| g.vendor != crate::hardware::GpuVendor::Nvidia)
            .map(|g| g.index);
        self.first_gpu = hw.gpus.first().map(|g| g.index);
        let mut host = HostSample {
            ram_total_bytes: hw.host.ram_total_bytes,
            ram_available_bytes: hw.host.ram_available_bytes,
            swap_total_bytes: hw.host.swap_total_bytes,
            swap_used_bytes: hw.host.swap_used_bytes,
            wsl_memory_limit_bytes: self.wsl.as_ref().and_then(|w| w.limit_bytes),
            wsl_note: self.wsl.as_ref().map(|w| w.note.clone()),
            ..HostSample::default()
        };
        if cfg!(target_os = "linux") {
            self.paging(&mut host);
        }
        if let Some(system) = &mut self.system {
            // Usage is the change since the previous refresh: the first tick reads 0, so it is left out.
            system.refresh_cpu_usage();
            if self.tick > 1 {
                host.cpu_cores_percent = system
                    .cpus()
                    .iter()
                    .take(1024)
                    .map(|c| c.usage().clamp(0.0, 100.0))
                    .collect();
                let cores = &host.cpu_cores_percent;
                if !cores.is_empty() {
                    host.cpu_percent =
                        Some(cores.iter().map(|&c| f64::from(c)).sum::<f64>() / cores.len() as f64);
                    host.cpu_max_core_percent =
                        cores.iter().map(|&c| f64::from(c)).max_by(f64::total_cmp);
                }
            }
        }
        #[cfg(windows)]
        super::windows::apply(&mut host, &reading);
        let gpus = hw
            .gpus
            .iter()
            .map(|g| GpuSample {
                index: g.index,
                name: g.name.clone(),
                vendor: format!("{:?}", g.vendor).to_lowercase(),
                memory_total_bytes: g.memory_total_bytes,
                memory_used_bytes: g.memory_used_bytes,
                memory_reserved_bytes: g.memory_reserved_bytes,
                utilization_percent: g.utilization_percent,
                shared_used_bytes: g.shared_used_bytes,
                extras: self.extras.iter().find(|e| e.index == g.index).copied(),
                processes: self
                    .gpu_processes
                    .iter()
                    .filter(|(i, _, _)| *i == g.index)
                    .map(|&(_, pid, used_bytes)| GpuProcess {
                        pid,
                        name: self.process_name(pid),
                        used_bytes,
                    })
                    .collect(),
            })
            .collect();
        Some(Sample {
            time: now_secs(),
            gpus,
            gpu_problem: hw.gpu_problem,
            host,
            inference: self.inference.clone(),
            processes: self.table.clone(),
        })
    }
}

pub fn now_secs() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs_f64())
        .unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vmstat_and_psi_parse() {
        let v = parse_vmstat(
            "nr_free_pages 1\npgmajfault 1234\npswpin 5\npswpout 6\noom_kill 2\nbogus\n",
        );
        assert_eq!(
            v,
            VmStat {
                pgmajfault: 1234,
                pswpin: 5,
                pswpout: 6,
                oom_kill: 2
            }
        );
        let (some, full) = parse_psi(
            "some avg10=12.50 avg60=3.00 avg300=1.00 total=100\nfull avg10=4.25 avg60=0.00 avg300=0.00 total=5\n",
        );
        assert_eq!((some, full), (Some(12.5), Some(4.25)));
        assert_eq!(parse_psi("garbage"), (None, None));
    }

    #[test]
    fn live_samples_this_machine() {
        let mut src = LiveSource::new();
        let a = src.sample().expect("sample");
        let b = src.sample().expect("sample");
        assert!(a.host.ram_total_bytes > 0);
        assert!(b.time >= a.time);
        if cfg!(target_os = "linux") && Path::new("/proc/vmstat").exists() {
            assert!(b.host.major_faults_per_sec.is_some());
        }
        if a.gpus.is_empty() {
            assert!(a.gpu_problem.is_some());
        }
    }
}
