//! Linux-only signals that need no vendor library: per-process VRAM of AMD/Intel GPUs from DRM fdinfo
//! (`drm-memory-vram`, one entry per DRM client — a process with several open fds of the same client is
//! counted once, by `drm-client-id`), and the WSL2 memory limit from the Windows user's `.wslconfig`.
//! Sources: research/monitor.md §4 (kernel drm-usage-stats), §3 (WSL2).

use std::collections::{HashMap, HashSet};
use std::path::Path;

/// "1234 KiB" / "5 MiB" / "7" (bytes) → bytes.
fn fdinfo_size(v: &str) -> Option<u64> {
    let mut it = v.split_whitespace();
    let n: u64 = it.next()?.parse().ok()?;
    Some(match it.next() {
        Some("KiB") => n * 1024,
        Some("MiB") => n * 1024 * 1024,
        Some("GiB") => n * 1024 * 1024 * 1024,
        _ => n,
    })
}

/// VRAM per pid from `<proc>/*/fdinfo/*` (`drm-memory-vram`), deduplicated by `drm-client-id`.
/// Bounded: at most 4096 processes and 512 fds each are looked at.
pub fn drm_vram_by_pid(proc_root: &Path) -> HashMap<u32, u64> {
    let mut out: HashMap<u32, u64> = HashMap::new();
    let Ok(procs) = std::fs::read_dir(proc_root) else {
        return out;
    };
    let mut seen_clients: HashSet<(u32, String)> = HashSet::new();
    for entry in procs.filter_map(Result::ok).take(4096) {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(fds) = std::fs::read_dir(entry.path().join("fdinfo")) else {
            continue;
        };
        for fd in fds.filter_map(Result::ok).take(512) {
            let Ok(text) = std::fs::read_to_string(fd.path()) else {
                continue;
            };
            if !text.contains("drm-memory-vram") {
                continue;
            }
            let mut client = None;
            let mut vram = 0;
            for line in text.lines() {
                if let Some(v) = line.strip_prefix("drm-client-id:") {
                    client = Some(v.trim().to_owned());
                } else if let Some(v) = line.strip_prefix("drm-memory-vram:") {
                    vram = fdinfo_size(v.trim()).unwrap_or(0);
                }
            }
            let key = (
                pid,
                client.unwrap_or_else(|| fd.file_name().to_string_lossy().into_owned()),
            );
            if seen_clients.insert(key) {
                *out.entry(pid).or_default() += vram;
            }
        }
    }
    out.retain(|_, v| *v > 0);
    out
}

/// `memory=12GB` from a `.wslconfig` `[wsl2]` section, in bytes (WSL reads GB/MB as binary units).
pub fn wslconfig_memory(text: &str) -> Option<u64> {
    let mut in_wsl2 = false;
    for line in text.lines() {
        let l = line.trim();
        if l.starts_with('[') {
            in_wsl2 = l.eq_ignore_ascii_case("[wsl2]");
            continue;
        }
        if !in_wsl2 {
            continue;
        }
        let Some((k, v)) = l.split_once('=') else {
            continue;
        };
        if k.trim().eq_ignore_ascii_case("memory") {
            let v = v.trim().to_ascii_uppercase();
            let digits: String = v.chars().take_while(char::is_ascii_digit).collect();
            let n: u64 = digits.parse().ok()?;
            let unit = v[digits.len()..].trim();
            return Some(match unit {
                "GB" | "G" | "GIB" => n << 30,
                "MB" | "M" | "MIB" => n << 20,
                "KB" | "K" | "KIB" => n << 10,
                _ => n,
            });
        }
    }
    None
}

/// The WSL2 memory limit, when running under WSL2 and the Windows user's `.wslconfig` is reachable
/// through `/mnt/c/Users/*/.wslconfig`.
pub fn wsl_memory_limit(users_dir: &Path) -> Option<u64> {
    let users = std::fs::read_dir(users_dir).ok()?;
    users
        .filter_map(Result::ok)
        .take(64)
        .filter_map(|u| {
            let p = u.path().join(".wslconfig");
            let len = std::fs::metadata(&p).ok()?.len();
            (len < 64 * 1024).then(|| std::fs::read_to_string(&p).ok())?
        })
        .find_map(|t| wslconfig_memory(&t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fdinfo_vram_is_summed_per_client_once() {
        let dir = tempfile::tempdir().expect("tmp");
        let fd = |pid: u32, n: u32, text: &str| {
            let d = dir.path().join(pid.to_string()).join("fdinfo");
            std::fs::create_dir_all(&d).expect("mkdir");
            std::fs::write(d.join(n.to_string()), text).expect("write");
        };
        fd(
            100,
            5,
            "drm-driver: amdgpu\ndrm-client-id: 7\ndrm-memory-vram: 1048576 KiB\n",
        );
        fd(
            100,
            6,
            "drm-driver: amdgpu\ndrm-client-id: 7\ndrm-memory-vram: 1048576 KiB\n",
        );
        fd(
            100,
            9,
            "drm-driver: amdgpu\ndrm-client-id: 8\ndrm-memory-vram: 512 MiB\n",
        );
        fd(200, 3, "pos: 0\nflags: 02\n");
        let m = drm_vram_by_pid(dir.path());
        assert_eq!(m.get(&100), Some(&((1 << 30) + (512 << 20))));
        assert!(!m.contains_key(&200));
    }

    #[test]
    fn wslconfig_memory_is_read_from_the_wsl2_section() {
        assert_eq!(
            wslconfig_memory("[wsl2]\nmemory=12GB\nswap=8GB\n"),
            Some(12 << 30)
        );
        assert_eq!(
            wslconfig_memory("[other]\nmemory=4GB\n[wsl2]\nprocessors=4\n"),
            None
        );
        assert_eq!(
            wslconfig_memory("[WSL2]\n memory = 8192MB\n"),
            Some(8 << 30)
        );
    }
}
