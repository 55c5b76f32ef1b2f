//! Windows memory signals (research/monitor.md §2): GlobalMemoryStatusEx for RAM, GetPerformanceInfo for the
//! commit charge and limit, EnumPageFilesW for page-file size and use, and one PDH query per lane:
//! `\Memory\Page Reads/sec` (hard faults), `\GPU Adapter Memory(*)\Dedicated Usage` / `Shared Usage` (every
//! vendor; Shared growth is GPU data living in system RAM) and, on the slow lane,
//! `\GPU Process Memory(*)\Dedicated Usage` (per-process VRAM, which NVML reports as N/A under WDDM).
//!
//! Without NVIDIA's NVML, a Windows GPU still gets a row: its name and VRAM size from the display-class registry
//! key (`HardwareInformation.qwMemorySize`, what Task Manager and GPU-Z read) and its use from PDH.
//!
//! The parsing and selection logic is plain Rust, compiled and tested on every platform; the FFI is
//! `cfg(windows)` and type-checked in CI for x86_64-pc-windows-gnu.

/// A PDH instance of `GPU Adapter Memory` or `GPU Process Memory` with its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Instance {
    pub name: String,
    pub value: f64,
}

/// `luid_0x00000000_0x0000C1F3_phys_0` (or `pid_1234_luid_…`) → `luid_0x00000000_0x0000C1F3`.
pub fn instance_luid(name: &str) -> Option<&str> {
    let start = name.find("luid_")?;
    let rest = &name[start..];
    // luid_<high>_<low>: three underscore-separated parts.
    let end = rest
        .match_indices('_')
        .nth(2)
        .map_or(rest.len(), |(i, _)| i);
    Some(&rest[..end])
}

/// `pid_1234_luid_…` → 1234.
pub fn instance_pid(name: &str) -> Option<u32> {
    name.strip_prefix("pid_")?.split('_').next()?.parse().ok()
}

/// The adapter the model runs on: the one with the most dedicated memory in use (an integrated GPU has almost
/// none). Returns its LUID, dedicated and shared usage in bytes.
pub fn busiest_adapter(dedicated: &[Instance], shared: &[Instance]) -> Option<(String, u64, u64)> {
    let best = dedicated
        .iter()
        .filter(|i| i.value.is_finite() && i.value >= 0.0)
        .max_by(|a, b| a.value.total_cmp(&b.value))?;
    let luid = instance_luid(&best.name)?.to_owned();
    let shared = shared
        .iter()
        .filter(|i| instance_luid(&i.name) == Some(luid.as_str()))
        .map(|i| bytes(i.value))
        .sum();
    Some((luid, bytes(best.value), shared))
}

/// Dedicated VRAM per process on one adapter, summed over its instances (one per physical adapter part).
pub fn process_vram(instances: &[Instance], luid: &str) -> Vec<(u32, u64)> {
    let mut out: Vec<(u32, u64)> = Vec::new();
    for i in instances {
        if instance_luid(&i.name) != Some(luid) {
            continue;
        }
        let (Some(pid), b) = (instance_pid(&i.name), bytes(i.value)) else {
            continue;
        };
        if pid == 0 || b == 0 {
            continue;
        }
        match out.iter_mut().find(|(p, _)| *p == pid) {
            Some((_, sum)) => *sum = sum.saturating_add(b),
            None => out.push((pid, b)),
        }
    }
    out
}

/// GPU load of one adapter from `\GPU Engine(*)\Utilization Percentage` instances
/// (`pid_…_luid_…_phys_0_eng_N_engtype_3D`): each engine's use summed over processes, the busiest engine is the
/// GPU's load — Task Manager's figure (research/monitor.md §2: max over engines, not the sum).
pub fn adapter_utilization(instances: &[Instance], luid: &str) -> Option<u32> {
    let mut engines: Vec<(&str, f64)> = Vec::new();
    for i in instances {
        if instance_luid(&i.name) != Some(luid) || !(i.value.is_finite() && i.value > 0.0) {
            continue;
        }
        // The engine is "_phys_P_eng_N" (one per index per physical adapter), the part before "_engtype_".
        let (Some(start), Some(end)) = (i.name.find("_phys_"), i.name.find("_engtype_")) else {
            continue;
        };
        let Some(phys_engine) = i.name.get(start..end) else {
            continue;
        };
        match engines.iter_mut().find(|(e, _)| *e == phys_engine) {
            Some((_, sum)) => *sum += i.value,
            None => engines.push((phys_engine, i.value)),
        }
    }
    let busiest = engines.iter().map(|(_, v)| *v).max_by(f64::total_cmp)?;
    Some(busiest.clamp(0.0, 100.0).round() as u32)
}

/// Page files as (allocated size, in use) in bytes from EnumPageFilesW's per-file page counts.
pub fn pagefile_bytes(files: &[(usize, usize)], page_size: u64) -> (u64, u64) {
    files.iter().fold((0u64, 0u64), |(t, u), &(total, used)| {
        (
            t.saturating_add((total as u64).saturating_mul(page_size)),
            u.saturating_add((used.min(total) as u64).saturating_mul(page_size)),
        )
    })
}

/// A PDH double as bytes; negative, NaN or absurd values (a counter glitch) become 0.
fn bytes(v: f64) -> u64 {
    if v.is_finite() && v > 0.0 && v < 1e18 {
        v as u64
    } else {
        0
    }
}

/// What one tick read from the Windows APIs.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Reading {
    pub ram_total_bytes: Option<u64>,
    pub ram_available_bytes: Option<u64>,
    pub commit_bytes: Option<u64>,
    pub commit_limit_bytes: Option<u64>,
    pub pagefile: Option<(u64, u64)>,
    pub hard_faults_per_sec: Option<f64>,
    pub gpu_shared_bytes: Option<u64>,
    /// The busiest adapter's dedicated (VRAM) use.
    pub gpu_dedicated_bytes: Option<u64>,
    /// The busiest adapter's load, percent (its busiest engine).
    pub gpu_utilization_percent: Option<u32>,
}

/// A display adapter from `HKLM\SYSTEM\CurrentControlSet\Control\Class\{4d36e968-…}\NNNN`.
#[derive(Debug, Clone, PartialEq)]
pub struct DisplayAdapter {
    /// `DriverDesc`, e.g. "AMD Radeon RX 7900 XTX".
    pub name: String,
    /// `HardwareInformation.qwMemorySize` (or the older 32-bit `MemorySize`).
    pub memory_bytes: u64,
    /// `MatchingDeviceId`, e.g. `pci\ven_1002&dev_744c`.
    pub device_id: String,
}

/// Adapters with less dedicated memory than this are integrated GPUs with a small carve-out.
pub const DISCRETE_MIN: u64 = 1 << 30;

/// "amd" / "intel" / "nvidia" / "other" from a PCI device id.
pub fn vendor_of(device_id: &str) -> &'static str {
    let id = device_id.to_ascii_lowercase();
    if id.contains("ven_1002") {
        "amd"
    } else if id.contains("ven_8086") {
        "intel"
    } else if id.contains("ven_10de") {
        "nvidia"
    } else {
        "other"
    }
}

/// The adapter to show when NVML found no GPU: the non-NVIDIA one with the most VRAM, at least 1 GiB. (An
/// NVIDIA adapter without NVML has a broken driver: the NVML reason is shown instead.)
pub fn discrete_adapter(adapters: &[DisplayAdapter]) -> Option<&DisplayAdapter> {
    adapters
        .iter()
        .filter(|a| vendor_of(&a.device_id) != "nvidia" && a.memory_bytes >= DISCRETE_MIN)
        .max_by_key(|a| a.memory_bytes)
}

/// A registry memory value: REG_QWORD, REG_DWORD or 4/8 bytes of REG_BINARY, little-endian.
pub fn memory_value(bytes: &[u8]) -> Option<u64> {
    match bytes.len() {
        8 => Some(u64::from_le_bytes(bytes.try_into().ok()?)),
        4 => Some(u64::from(u32::from_le_bytes(bytes.try_into().ok()?))),
        _ => None,
    }
    .filter(|&b| b > 0 && b < 1 << 44)
}

/// The GPU row for that adapter: VRAM in use is the busiest PDH adapter's dedicated usage (with one discrete
/// GPU they are the same; PDH's LUIDs are not matched to registry keys).
pub fn adapter_gpu(
    a: &DisplayAdapter,
    index: u32,
    r: &Reading,
) -> Option<crate::hardware::GpuInfo> {
    use crate::hardware::GpuVendor;
    Some(crate::hardware::GpuInfo {
        index,
        name: a.name.clone(),
        vendor: match vendor_of(&a.device_id) {
            "amd" => GpuVendor::Amd,
            "intel" => GpuVendor::Intel,
            _ => GpuVendor::Other,
        },
        memory_total_bytes: a.memory_bytes,
        memory_used_bytes: r.gpu_dedicated_bytes?.min(a.memory_bytes),
        memory_reserved_bytes: 0,
        utilization_percent: r.gpu_utilization_percent,
        shared_used_bytes: None,
    })
}

/// Puts a Windows reading into the host sample. The page file replaces sysinfo's "swap", which on Windows is
/// a commit-charge proxy (research/monitor.md §2), so the paging detector sees the real page file.
pub fn apply(host: &mut super::HostSample, r: &Reading) {
    if let (Some(total), Some(avail)) = (r.ram_total_bytes, r.ram_available_bytes) {
        host.ram_total_bytes = total;
        host.ram_available_bytes = avail.min(total);
    }
    host.commit_bytes = r.commit_bytes;
    host.commit_limit_bytes = r.commit_limit_bytes;
    if let Some((total, used)) = r.pagefile {
        host.pagefile_total_bytes = Some(total);
        host.pagefile_used_bytes = Some(used);
        host.swap_total_bytes = total;
        host.swap_used_bytes = used.min(total);
    }
    if r.hard_faults_per_sec.is_some() {
        host.major_faults_per_sec = r.hard_faults_per_sec;
    }
    host.gpu_shared_bytes = r.gpu_shared_bytes;
}

#[cfg(windows)]
pub use ffi::{Counters, display_adapters};

#[cfg(windows)]
#[allow(unsafe_code)]
mod ffi {
    use super::{Instance, Reading};
    use windows_sys::Win32::System::Performance::{
        PDH_FMT_COUNTERVALUE, PDH_FMT_COUNTERVALUE_ITEM_W, PDH_FMT_DOUBLE, PDH_HCOUNTER,
        PDH_HQUERY, PDH_MORE_DATA, PdhAddEnglishCounterW, PdhCloseQuery, PdhCollectQueryData,
        PdhGetFormattedCounterArrayW, PdhGetFormattedCounterValue, PdhOpenQueryW,
    };
    use windows_sys::Win32::System::ProcessStatus::{
        ENUM_PAGE_FILE_INFORMATION, EnumPageFilesW, GetPerformanceInfo, PERFORMANCE_INFORMATION,
    };
    use windows_sys::Win32::System::SystemInformation::{GlobalMemoryStatusEx, MEMORYSTATUSEX};

    /// More instances than this in one PDH array is a broken counter; never allocate for it.
    const MAX_ITEMS: u32 = 65_536;
    const MAX_BUFFER: u32 = 64 << 20;

    fn wide(s: &str) -> Vec<u16> {
        s.encode_utf16().chain(std::iter::once(0)).collect()
    }

    /// One PDH query and its counters. PDH handles are owned by this thread-agnostic query object.
    struct Query {
        query: PDH_HQUERY,
        counters: Vec<PDH_HCOUNTER>,
        collected: bool,
    }

    // SAFETY: PDH query handles may be used from any thread, one at a time; `Query` is owned by one sampler.
    unsafe impl Send for Query {}

    impl Query {
        /// Opens a query with these English counter paths (locale-independent); a path the machine lacks (no
        /// GPU counters before Windows 10 1709) gets a null counter and reads as absent.
        fn open(paths: &[&str]) -> Option<Self> {
            let mut query: PDH_HQUERY = std::ptr::null_mut();
            // SAFETY: out-pointer to a local; a null data source means live data.
            if unsafe { PdhOpenQueryW(std::ptr::null(), 0, &mut query) } != 0 {
                return None;
            }
            let counters = paths
                .iter()
                .map(|p| {
                    let path = wide(p);
                    let mut c: PDH_HCOUNTER = std::ptr::null_mut();
                    // SAFETY: `path` is NUL-terminated and outlives the call; `c` is a local out-pointer.
                    let rc = unsafe { PdhAddEnglishCounterW(query, path.as_ptr(), 0, &mut c) };
                    if rc == 0 { c } else { std::ptr::null_mut() }
                })
                .collect();
            Some(Self {
                query,
                counters,
                collected: false,
            })
        }

        /// Collects; false until two collections exist (rate counters need a previous value).
        fn collect(&mut self) -> bool {
            // SAFETY: the query handle is open until Drop.
            let ok = unsafe { PdhCollectQueryData(self.query) } == 0;
            let ready = ok && self.collected;
            self.collected |= ok;
            ready
        }

        fn value(&self, i: usize) -> Option<f64> {
            let c = *self.counters.get(i)?;
            if c.is_null() {
                return None;
            }
            // SAFETY: PDH_FMT_COUNTERVALUE is plain data; the union is read as the double we asked for.
            unsafe {
                let mut v: PDH_FMT_COUNTERVALUE = std::mem::zeroed();
                if PdhGetFormattedCounterValue(c, PDH_FMT_DOUBLE, std::ptr::null_mut(), &mut v) != 0
                    || v.CStatus > 1
                {
                    return None;
                }
                Some(v.Anonymous.doubleValue).filter(|d| d.is_finite())
            }
        }

        /// Every instance of a wildcard counter.
        fn array(&self, i: usize) -> Option<Vec<Instance>> {
            let c = *self.counters.get(i)?;
            if c.is_null() {
                return None;
            }
            let (mut size, mut count) = (0u32, 0u32);
            // SAFETY: the first call only asks for the buffer size.
            let rc = unsafe {
                PdhGetFormattedCounterArrayW(
                    c,
                    PDH_FMT_DOUBLE,
                    &mut size,
                    &mut count,
                    std::ptr::null_mut(),
                )
            };
            if rc != PDH_MORE_DATA || size == 0 || size > MAX_BUFFER || count > MAX_ITEMS {
                return (rc == 0).then(Vec::new);
            }
            // u64 words keep the item array 8-byte aligned; names are stored after the items.
            let mut buf = vec![0u64; (size as usize).div_ceil(8)];
            let items = buf.as_mut_ptr().cast::<PDH_FMT_COUNTERVALUE_ITEM_W>();
            // SAFETY: `buf` holds `size` bytes, aligned for the item type.
            let rc = unsafe {
                PdhGetFormattedCounterArrayW(c, PDH_FMT_DOUBLE, &mut size, &mut count, items)
            };
            if rc != 0 || count > MAX_ITEMS {
                return None;
            }
            let mut out = Vec::with_capacity(count as usize);
            for k in 0..count as usize {
                // SAFETY: PDH wrote `count` items into `buf`; each name is a NUL-terminated UTF-16 string
                // inside the same buffer.
                let (name, status, value) = unsafe {
                    let item = &*items.add(k);
                    let mut len = 0usize;
                    while len < 1024 && *item.szName.add(len) != 0 {
                        len += 1;
                    }
                    let name =
                        String::from_utf16_lossy(std::slice::from_raw_parts(item.szName, len));
                    (
                        name,
                        item.FmtValue.CStatus,
                        item.FmtValue.Anonymous.doubleValue,
                    )
                };
                if status <= 1 && value.is_finite() {
                    out.push(Instance { name, value });
                }
            }
            Some(out)
        }
    }

    impl Drop for Query {
        fn drop(&mut self) {
            // SAFETY: closes the query (and its counters) opened in `open`.
            unsafe {
                PdhCloseQuery(self.query);
            }
        }
    }

    /// The sampler's PDH queries: a fast one every tick and a slow one (per-process GPU memory, hundreds of
    /// instances) every few ticks.
    pub struct Counters {
        fast: Option<Query>,
        slow: Option<Query>,
        /// The busiest adapter at the last fast read.
        luid: Option<String>,
    }

    const HARD_FAULTS: usize = 0;
    const ADAPTER_DEDICATED: usize = 1;
    const ADAPTER_SHARED: usize = 2;
    const ENGINE_UTILIZATION: usize = 3;

    impl Default for Counters {
        fn default() -> Self {
            Self::new()
        }
    }

    impl Counters {
        pub fn new() -> Self {
            Self {
                fast: Query::open(&[
                    r"\Memory\Page Reads/sec",
                    r"\GPU Adapter Memory(*)\Dedicated Usage",
                    r"\GPU Adapter Memory(*)\Shared Usage",
                    r"\GPU Engine(*)\Utilization Percentage",
                ]),
                slow: Query::open(&[r"\GPU Process Memory(*)\Dedicated Usage"]),
                luid: None,
            }
        }

        /// Dedicated VRAM per process on the busiest adapter (the slow lane: hundreds of instances).
        pub fn process_vram(&mut self) -> Vec<(u32, u64)> {
            let (Some(q), Some(luid)) = (&mut self.slow, &self.luid) else {
                return Vec::new();
            };
            q.collect();
            q.array(0)
                .map(|i| super::process_vram(&i, luid))
                .unwrap_or_default()
        }

        /// RAM, commit, page files, hard faults and the busiest adapter's shared GPU memory.
        pub fn read(&mut self) -> Reading {
            let mut r = self.read_gpu();
            // SAFETY: plain-data structs sized for the API.
            unsafe {
                let mut m: MEMORYSTATUSEX = std::mem::zeroed();
                m.dwLength = std::mem::size_of::<MEMORYSTATUSEX>() as u32;
                if GlobalMemoryStatusEx(&mut m) != 0 {
                    r.ram_total_bytes = Some(m.ullTotalPhys);
                    r.ram_available_bytes = Some(m.ullAvailPhys);
                }
                let mut info: PERFORMANCE_INFORMATION = std::mem::zeroed();
                info.cb = std::mem::size_of::<PERFORMANCE_INFORMATION>() as u32;
                if GetPerformanceInfo(&mut info, info.cb) != 0 {
                    let page = info.PageSize as u64;
                    r.commit_bytes = Some((info.CommitTotal as u64).saturating_mul(page));
                    r.commit_limit_bytes = Some((info.CommitLimit as u64).saturating_mul(page));
                    r.pagefile = page_files().map(|f| super::pagefile_bytes(&f, page));
                }
            }
            r
        }

        /// Only the PDH query: hard faults and the busiest adapter's VRAM, shared memory and load (what the
        /// hardware probe needs, without the memory calls).
        pub fn read_gpu(&mut self) -> Reading {
            let mut r = Reading::default();
            if let Some(q) = &mut self.fast {
                if q.collect() {
                    r.hard_faults_per_sec = q.value(HARD_FAULTS);
                }
                if let (Some(d), Some(s)) = (q.array(ADAPTER_DEDICATED), q.array(ADAPTER_SHARED))
                    && let Some((id, dedicated, shared)) = super::busiest_adapter(&d, &s)
                {
                    r.gpu_shared_bytes = Some(shared);
                    r.gpu_dedicated_bytes = Some(dedicated);
                    r.gpu_utilization_percent = q
                        .array(ENGINE_UTILIZATION)
                        .map(|e| super::adapter_utilization(&e, &id).unwrap_or(0));
                    self.luid = Some(id);
                }
            }
            r
        }
    }

    /// Display adapters from the registry's display class (`0000`…`0031`; missing keys are skipped).
    pub fn display_adapters() -> Vec<super::DisplayAdapter> {
        use windows_sys::Win32::System::Registry::{HKEY_LOCAL_MACHINE, RRF_RT_ANY, RegGetValueW};
        const CLASS: &str =
            r"SYSTEM\CurrentControlSet\Control\Class\{4d36e968-e325-11ce-bfc1-08002be10318}";
        /// Reads one value's raw bytes (at most 1 KiB).
        fn value(key: &[u16], name: &str) -> Option<Vec<u8>> {
            let name = wide(name);
            let mut buf = vec![0u8; 1024];
            let mut size = buf.len() as u32;
            let mut kind = 0u32;
            // SAFETY: `key` and `name` are NUL-terminated; `buf` holds `size` bytes.
            let rc = unsafe {
                RegGetValueW(
                    HKEY_LOCAL_MACHINE,
                    key.as_ptr(),
                    name.as_ptr(),
                    RRF_RT_ANY,
                    &mut kind,
                    buf.as_mut_ptr().cast(),
                    &mut size,
                )
            };
            if rc != 0 {
                return None;
            }
            buf.truncate((size as usize).min(1024));
            Some(buf)
        }
        fn text(bytes: &[u8]) -> String {
            let units: Vec<u16> = bytes
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .take_while(|&u| u != 0)
                .collect();
            String::from_utf16_lossy(&units)
        }
        (0..32)
            .filter_map(|n| {
                let key = wide(&format!(r"{CLASS}\{n:04}"));
                let name = text(&value(&key, "DriverDesc")?);
                let memory_bytes = value(&key, "HardwareInformation.qwMemorySize")
                    .or_else(|| value(&key, "HardwareInformation.MemorySize"))
                    .and_then(|b| super::memory_value(&b))?;
                let device_id = value(&key, "MatchingDeviceId")
                    .map(|b| text(&b))
                    .unwrap_or_default();
                Some(super::DisplayAdapter {
                    name,
                    memory_bytes,
                    device_id,
                })
            })
            .collect()
    }

    /// (TotalSize, TotalInUse) in pages of every page file; an empty list means no page file.
    fn page_files() -> Option<Vec<(usize, usize)>> {
        unsafe extern "system" fn each(
            ctx: *mut core::ffi::c_void,
            info: *mut ENUM_PAGE_FILE_INFORMATION,
            _name: windows_sys::core::PCWSTR,
        ) -> windows_sys::core::BOOL {
            // SAFETY: `ctx` is the Vec passed below; `info` is valid for this call.
            unsafe {
                let files = &mut *ctx.cast::<Vec<(usize, usize)>>();
                if let Some(i) = info.as_ref()
                    && files.len() < 64
                {
                    files.push((i.TotalSize, i.TotalInUse));
                }
            }
            1
        }
        let mut files: Vec<(usize, usize)> = Vec::new();
        // SAFETY: the callback only runs during this call, while `files` lives.
        let ok =
            unsafe { EnumPageFilesW(Some(each), (&mut files as *mut Vec<(usize, usize)>).cast()) };
        (ok != 0).then_some(files)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inst(name: &str, value: f64) -> Instance {
        Instance {
            name: name.into(),
            value,
        }
    }

    #[test]
    fn instance_names_parse() {
        assert_eq!(
            instance_luid("luid_0x00000000_0x0000C1F3_phys_0"),
            Some("luid_0x00000000_0x0000C1F3")
        );
        assert_eq!(
            instance_luid("pid_4120_luid_0x00000000_0x0000C1F3_phys_0"),
            Some("luid_0x00000000_0x0000C1F3")
        );
        assert_eq!(instance_pid("pid_4120_luid_0x0_0x1_phys_0"), Some(4120));
        assert_eq!(instance_pid("luid_0x0_0x1_phys_0"), None);
        assert_eq!(instance_pid("pid_x_luid"), None);
        assert_eq!(instance_luid("_Total"), None);
    }

    #[test]
    fn the_busiest_adapter_is_the_discrete_one() {
        let igpu = "luid_0x00000000_0x0000A001_phys_0";
        let dgpu = "luid_0x00000000_0x0000C1F3_phys_0";
        let dedicated = [inst(igpu, 1.3e8), inst(dgpu, 2.2e10)];
        let shared = [inst(igpu, 9.0e8), inst(dgpu, 3.0e9)];
        let (luid, ded, sh) = busiest_adapter(&dedicated, &shared).expect("adapter");
        assert_eq!(luid, "luid_0x00000000_0x0000C1F3");
        assert_eq!((ded, sh), (22_000_000_000, 3_000_000_000));
        assert_eq!(busiest_adapter(&[], &shared), None);
        // A NaN counter never wins.
        assert_eq!(
            busiest_adapter(&[inst(dgpu, f64::NAN)], &shared).map(|a| a.1),
            None
        );
    }

    #[test]
    fn process_vram_sums_per_pid_on_one_adapter() {
        let d = "luid_0x00000000_0x0000C1F3";
        let items = [
            inst(&format!("pid_10_{d}_phys_0"), 5e9),
            inst(&format!("pid_10_{d}_phys_1"), 1e9),
            inst(&format!("pid_11_{d}_phys_0"), 0.0),
            inst("pid_12_luid_0x00000000_0x0000A001_phys_0", 7e9),
            inst(&format!("pid_0_{d}_phys_0"), 3e9),
            inst(&format!("pid_13_{d}_phys_0"), -5.0),
        ];
        assert_eq!(process_vram(&items, d), vec![(10, 6_000_000_000)]);
    }

    #[test]
    fn the_page_file_replaces_the_commit_proxy() {
        let mut host = crate::monitor::HostSample {
            ram_total_bytes: 1,
            swap_total_bytes: 99,
            swap_used_bytes: 98,
            major_faults_per_sec: Some(1.0),
            ..Default::default()
        };
        let r = Reading {
            ram_total_bytes: Some(32 << 30),
            ram_available_bytes: Some(2 << 30),
            commit_bytes: Some(40 << 30),
            commit_limit_bytes: Some(42 << 30),
            pagefile: Some((10 << 30, 9 << 30)),
            hard_faults_per_sec: None,
            gpu_shared_bytes: Some(3 << 30),
            gpu_dedicated_bytes: Some(20 << 30),
            gpu_utilization_percent: Some(50),
        };
        apply(&mut host, &r);
        assert_eq!(host.ram_total_bytes, 32 << 30);
        assert_eq!(
            (host.swap_total_bytes, host.swap_used_bytes),
            (10 << 30, 9 << 30)
        );
        assert_eq!(host.pagefile_used_bytes, Some(9 << 30));
        assert_eq!(host.commit_limit_bytes, Some(42 << 30));
        // A rate not yet available keeps what Linux-style sources said (none on Windows).
        assert_eq!(host.major_faults_per_sec, Some(1.0));
        assert_eq!(host.gpu_shared_bytes, Some(3 << 30));
    }

    #[test]
    fn a_gpu_without_nvml_comes_from_the_registry() {
        let adapter = |name: &str, gib: u64, id: &str| DisplayAdapter {
            name: name.into(),
            memory_bytes: gib << 30,
            device_id: id.into(),
        };
        let all = [
            adapter("Intel(R) UHD Graphics 770", 0, r"pci\ven_8086&dev_4680"),
            adapter("AMD Radeon RX 7900 XTX", 24, r"pci\ven_1002&dev_744c"),
            adapter("NVIDIA GeForce RTX 4090", 24, r"PCI\VEN_10DE&DEV_2684"),
            adapter(
                "Intel(R) Arc(TM) A770 Graphics",
                16,
                r"pci\ven_8086&dev_56a0",
            ),
        ];
        let pick = discrete_adapter(&all).expect("adapter");
        assert_eq!(pick.name, "AMD Radeon RX 7900 XTX");
        assert_eq!(
            discrete_adapter(&all[..1]),
            None,
            "an iGPU carve-out is not a GPU row"
        );
        assert_eq!(discrete_adapter(&all[2..3]), None, "NVIDIA is NVML's");
        let mut reading = Reading {
            gpu_dedicated_bytes: Some(30 << 30),
            gpu_utilization_percent: Some(97),
            ..Reading::default()
        };
        let g = adapter_gpu(pick, 0, &reading).expect("gpu");
        assert_eq!(g.utilization_percent, Some(97));
        reading.gpu_dedicated_bytes = None;
        assert_eq!(
            adapter_gpu(pick, 0, &reading),
            None,
            "no use read yet: no row"
        );
        assert_eq!(g.vendor, crate::hardware::GpuVendor::Amd);
        assert_eq!(
            (g.memory_total_bytes, g.memory_used_bytes),
            (24 << 30, 24 << 30)
        );
        assert_eq!(memory_value(&(8u64 << 30).to_le_bytes()), Some(8 << 30));
        assert_eq!(memory_value(&(512u32 << 20).to_le_bytes()), Some(512 << 20));
        assert_eq!(memory_value(&[1, 2, 3]), None);
        assert_eq!(memory_value(&[0; 8]), None);
        assert_eq!(vendor_of("PCI\\VEN_1002&DEV_73BF"), "amd");
    }

    /// The real Windows calls on the machine running the tests (Windows, or Wine here): whatever they answer,
    /// nothing panics and every figure is sane.
    #[cfg(windows)]
    #[test]
    fn the_windows_calls_answer_sanely() {
        for a in display_adapters() {
            assert!(a.memory_bytes > 0 && !a.name.is_empty(), "{a:?}");
        }
        let mut c = Counters::new();
        for _ in 0..2 {
            let r = c.read();
            if let (Some(t), Some(a)) = (r.ram_total_bytes, r.ram_available_bytes) {
                assert!(t > 0 && a <= t, "{r:?}");
            }
            if let (Some(c), Some(l)) = (r.commit_bytes, r.commit_limit_bytes) {
                assert!(l > 0 && c <= l.saturating_mul(2), "{r:?}");
            }
            if let Some((t, u)) = r.pagefile {
                assert!(u <= t, "{r:?}");
            }
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        let _ = c.process_vram();
    }

    #[test]
    fn gpu_load_is_the_busiest_engine_summed_over_processes() {
        let d = "luid_0x00000000_0x0000C1F3";
        let e = |pid: u32, eng: u32, kind: &str, v: f64| {
            inst(&format!("pid_{pid}_{d}_phys_0_eng_{eng}_engtype_{kind}"), v)
        };
        let items = [
            e(10, 0, "3D", 30.0),
            e(11, 0, "3D", 25.0),
            e(10, 4, "Compute_0", 60.0),
            e(12, 5, "Copy", 10.0),
            e(12, 5, "Copy", f64::NAN),
            inst(
                "pid_13_luid_0x00000000_0x0000A001_phys_0_eng_0_engtype_3D",
                99.0,
            ),
        ];
        assert_eq!(adapter_utilization(&items, d), Some(60));
        assert_eq!(adapter_utilization(&items[..2], d), Some(55));
        assert_eq!(adapter_utilization(&[e(1, 0, "3D", 180.0)], d), Some(100));
        assert_eq!(adapter_utilization(&[], d), None);
    }

    #[test]
    fn page_files_add_up_in_pages() {
        assert_eq!(
            pagefile_bytes(&[(1000, 250), (500, 600)], 4096),
            (1500 * 4096, 750 * 4096)
        );
        assert_eq!(pagefile_bytes(&[], 4096), (0, 0));
        assert_eq!(
            pagefile_bytes(&[(usize::MAX, usize::MAX)], 4096).0,
            u64::MAX
        );
    }
}
