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
            // `12GB`, `12.5GB`, `8192MB`; a comment may follow.
            let v = v
                .split('#')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_uppercase();
            let number: String = v
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let n: f64 = number
                .parse()
                .ok()
                .filter(|n: &f64| n.is_finite() && *n > 0.0)?;
            let scale = match v[number.len()..].trim() {
                "TB" | "T" | "TIB" => 1u64 << 40,
                "GB" | "G" | "GIB" => 1 << 30,
                "MB" | "M" | "MIB" => 1 << 20,
                "KB" | "K" | "KIB" => 1 << 10,
                "" | "B" => 1,
                _ => return None,
            };
            let bytes = n * scale as f64;
            return (bytes < 1e15).then_some(bytes as u64);
        }
    }
    None
}

/// What WSL2's memory cap is and where it comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct WslMemory {
    /// `memory=` of the Windows user's `.wslconfig`, in bytes.
    pub limit_bytes: Option<u64>,
    /// One sentence for the Live Monitor: the cap and its file, or why it is Windows' default, or why the file
    /// could not be read.
    pub note: String,
}

/// The WSL2 memory cap from the Windows user's `%UserProfile%\.wslconfig`, reached through `users_dir`
/// (`/mnt/c/Users`). The profile named like the Linux user is preferred, then the newest `.wslconfig`.
pub fn wsl_memory(users_dir: &Path, linux_user: Option<&str>) -> WslMemory {
    let Ok(users) = std::fs::read_dir(users_dir) else {
        return WslMemory {
            limit_bytes: None,
            note: format!(
                "WSL2: {} is not reachable, so .wslconfig could not be read; the VM's RAM total above is its cap.",
                users_dir.display()
            ),
        };
    };
    let mut configs: Vec<(bool, std::time::SystemTime, String, String)> = users
        .filter_map(Result::ok)
        .take(256)
        .filter_map(|u| {
            let name = u.file_name().to_string_lossy().into_owned();
            let p = u.path().join(".wslconfig");
            let meta = std::fs::metadata(&p).ok()?;
            if meta.len() > 64 * 1024 {
                return None;
            }
            let text = std::fs::read_to_string(&p).ok()?;
            let mine = linux_user.is_some_and(|l| l.eq_ignore_ascii_case(&name));
            Some((
                mine,
                meta.modified().unwrap_or(std::time::UNIX_EPOCH),
                name,
                text,
            ))
        })
        .collect();
    configs.sort_by_key(|c| std::cmp::Reverse((c.0, c.1)));
    match configs.first() {
        Some((_, _, user, text)) => match wslconfig_memory(text) {
            Some(limit) => WslMemory {
                limit_bytes: Some(limit),
                note: format!(
                    "WSL2 memory cap: {} (memory= in C:\\Users\\{user}\\.wslconfig)",
                    crate::units::format_auto(limit)
                ),
            },
            None => WslMemory {
                limit_bytes: None,
                note: format!(
                    "WSL2: no memory= in C:\\Users\\{user}\\.wslconfig, so the VM is capped at Windows' default (half of its RAM)."
                ),
            },
        },
        None => WslMemory {
            limit_bytes: None,
            note: "WSL2: no .wslconfig, so the VM is capped at Windows' default (half of its RAM)."
                .into(),
        },
    }
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
        assert_eq!(
            wslconfig_memory("[wsl2]\nmemory=12.5GB # more for llama\n"),
            Some((12.5 * (1u64 << 30) as f64) as u64)
        );
        assert_eq!(wslconfig_memory("[wsl2]\nmemory=lots\n"), None);
        assert_eq!(wslconfig_memory("[wsl2]\nmemory=8XB\n"), None);
        assert_eq!(wslconfig_memory("[wsl2]\nmemory=99999999999TB\n"), None);
    }

    #[test]
    fn wsl_memory_names_the_file_or_the_default() {
        let dir = tempfile::tempdir().expect("tmp");
        let users = dir.path();
        let missing = wsl_memory(&users.join("nope"), None);
        assert_eq!(missing.limit_bytes, None);
        assert!(missing.note.contains("not reachable"), "{}", missing.note);
        let none = wsl_memory(users, None);
        assert!(none.note.contains("no .wslconfig"), "{}", none.note);
        std::fs::create_dir_all(users.join("Public")).expect("mkdir");
        std::fs::create_dir_all(users.join("bob")).expect("mkdir");
        std::fs::create_dir_all(users.join("alice")).expect("mkdir");
        std::fs::write(users.join("alice/.wslconfig"), "[wsl2]\nmemory=24GB\n").expect("write");
        std::fs::write(users.join("bob/.wslconfig"), "[wsl2]\nprocessors=8\n").expect("write");
        // The profile named like the Linux user wins.
        let bob = wsl_memory(users, Some("Bob"));
        assert_eq!(bob.limit_bytes, None);
        assert!(
            bob.note
                .contains("no memory= in C:\\Users\\bob\\.wslconfig"),
            "{}",
            bob.note
        );
        let alice = wsl_memory(users, Some("alice"));
        assert_eq!(alice.limit_bytes, Some(24 << 30));
        assert_eq!(
            alice.note,
            "WSL2 memory cap: 24.00 GiB (memory= in C:\\Users\\alice\\.wslconfig)"
        );
    }
}
