//! OS memory guidance — the fixes for "paging that looks like OOM" (DESIGN.md wall 2) and Apple's GPU limit:
//! Windows pagefile sizes, WSL2 `.wslconfig` memory/swap, a Linux swapfile, macOS `iogpu.wired_limit_mb`.
//! Every size is computed from what the host must hold (the caller's [`HostNeed`]: model bytes that pass
//! through RAM + KV/compute on the host + headroom) and the machine's RAM, and the step text says how.
//!
//! Sources: Microsoft's virtual-memory documentation (Win32_PageFileSetting sizes in MB; a custom size needs
//! `AutomaticManagedPagefile = $false`; takes effect after a reboot), Microsoft's WSL configuration docs
//! (`[wsl2] memory=` default 50 % of RAM, `swap=` default 25 % of memory, applied after `wsl --shutdown`), the
//! Linux swapon(8)/mkswap(8) manuals (btrfs needs `btrfs filesystem mkswapfile`), and research/fit.md §1.6 for
//! macOS (`recommendedMaxWorkingSetSize` ≈ 70–75 % of RAM, raised with `sudo sysctl iogpu.wired_limit_mb`,
//! reset by 0 or a reboot). Nothing here runs a command or reads the machine.

use crate::units::{GIB, MIB, format_gib};

use super::commands::Written;
use super::{PlanError, Shell};

/// What the host must hold, and how that was worked out (shown to the user).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostNeed {
    pub bytes: u64,
    pub how: String,
}

fn round_up_gib(bytes: u64) -> u64 {
    bytes.div_ceil(GIB)
}

/// Headroom for the OS, desktop and the runtime itself.
pub const OS_HEADROOM: u64 = 8 * GIB;

/// Windows pagefile sizes in MB (Windows' "MB" is MiB).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PagefileSize {
    pub initial_mb: u64,
    pub maximum_mb: u64,
}

/// initial = need + 8 GiB headroom − installed RAM (at least 16 GiB); maximum = 2 × initial.
pub fn pagefile_size(need: &HostNeed, ram_total: u64) -> PagefileSize {
    let short = need
        .bytes
        .saturating_add(OS_HEADROOM)
        .saturating_sub(ram_total);
    let initial_gib = round_up_gib(short).max(16);
    PagefileSize {
        initial_mb: initial_gib.saturating_mul(1024),
        maximum_mb: initial_gib.saturating_mul(2048),
    }
}

pub fn pagefile(
    need: &HostNeed,
    ram_total: u64,
    disk_free: Option<u64>,
) -> (PagefileSize, Written) {
    let size = pagefile_size(need, ram_total);
    let mut w = Written::default();
    let (i, m) = (size.initial_mb, size.maximum_mb);
    w.setting("Start → type \"View advanced system settings\" → Performance: Settings… → Advanced → Virtual memory: Change…".to_owned());
    w.setting("Untick \"Automatically manage paging file size for all drives\"".to_owned());
    w.setting(format!(
        "Select C:, choose Custom size: Initial size {i} MB, Maximum size {m} MB → Set → OK"
    ));
    w.setting("Restart Windows".to_owned());
    let ps = Shell::PowerShell;
    w.cmd(
        ps,
        "Get-PSDrive C | Select-Object @{n='FreeGB';e={[math]::Round($_.Free/1GB,1)}}",
    );
    w.cmd(ps, "Set-CimInstance -InputObject (Get-CimInstance Win32_ComputerSystem) -Property @{AutomaticManagedPagefile=$false}");
    w.cmd(
        ps,
        format!(
            "$pf = Get-CimInstance Win32_PageFileSetting | Where-Object Name -like 'C:*'; if ($pf) {{ Set-CimInstance -InputObject $pf -Property @{{InitialSize=[uint32]{i}; MaximumSize=[uint32]{m}}} }} else {{ New-CimInstance -ClassName Win32_PageFileSetting -Property @{{Name='C:\\pagefile.sys'; InitialSize=[uint32]{i}; MaximumSize=[uint32]{m}}} }}"
        ),
    );
    w.cmd(ps, "Restart-Computer -Confirm");
    w.note("The PowerShell lines need an elevated PowerShell (Run as administrator), whatever shell you use otherwise.");
    if let Some(free) = disk_free {
        let needed = size.maximum_mb.saturating_mul(MIB).saturating_add(10 * GIB);
        if free < needed {
            w.note(format!(
                "Drive C: has {} free; the maximum size plus 10 GiB to spare needs {}. Free disk space first or put the pagefile on another drive.",
                format_gib(free),
                format_gib(needed)
            ));
        }
    }
    (size, w)
}

/// `.wslconfig` values in GiB.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WslSize {
    pub memory_gib: u64,
    pub swap_gib: u64,
}

/// memory = the need, at least WSL's default (half the RAM), at most RAM − 4 GiB for Windows;
/// swap = what memory cannot hold + 8 GiB.
pub fn wsl_size(need: &HostNeed, ram_total: u64) -> WslSize {
    let ram_gib = ram_total / GIB;
    let cap = ram_gib.saturating_sub(4).max(2);
    let memory_gib = round_up_gib(need.bytes).max(ram_gib / 2).min(cap);
    let swap_gib = round_up_gib(need.bytes.saturating_sub(memory_gib * GIB)).saturating_add(8);
    WslSize {
        memory_gib,
        swap_gib,
    }
}

pub fn wslconfig(need: &HostNeed, ram_total: u64) -> (WslSize, Written) {
    let size = wsl_size(need, ram_total);
    let mut w = Written::default();
    w.file(
        "%UserProfile%\\.wslconfig",
        format!(
            "[wsl2]\nmemory={}GB\nswap={}GB\n",
            size.memory_gib, size.swap_gib
        ),
    );
    w.cmd(
        Shell::PowerShell,
        "notepad \"$env:USERPROFILE\\.wslconfig\"",
    );
    w.cmd(Shell::PowerShell, "wsl --shutdown");
    w.cmd(Shell::Bash, "free -h");
    w.note("Edit the file on the Windows side; if it already has a [wsl2] section, change its memory= and swap= lines. `wsl --shutdown` stops every distro; the next start uses the new limits (check with `free -h` inside WSL).");
    (size, w)
}

/// Swapfile size in GiB: what RAM + existing swap cannot hold + 4 GiB, at least 8 GiB.
pub fn swap_size_gib(need: &HostNeed, ram_total: u64, swap_total: u64) -> u64 {
    round_up_gib(
        need.bytes
            .saturating_add(4 * GIB)
            .saturating_sub(ram_total.saturating_add(swap_total)),
    )
    .max(8)
}

pub const SWAPFILE: &str = "/swapfile-llm";

pub fn linux_swap(
    need: &HostNeed,
    ram_total: u64,
    swap_total: u64,
    disk_free: Option<u64>,
) -> (u64, Written) {
    let gib = swap_size_gib(need, ram_total, swap_total);
    let mut w = Written::default();
    let sh = Shell::Bash;
    w.cmd(sh, "df -h / && swapon --show");
    w.cmd(
        sh,
        format!("sudo fallocate -l {gib}G {SWAPFILE} || sudo dd if=/dev/zero of={SWAPFILE} bs=1M count={} status=progress", gib.saturating_mul(1024)),
    );
    w.cmd(sh, format!("sudo chmod 600 {SWAPFILE}"));
    w.cmd(sh, format!("sudo mkswap {SWAPFILE}"));
    w.cmd(sh, format!("sudo swapon {SWAPFILE}"));
    w.cmd(
        sh,
        format!("echo '{SWAPFILE} none swap sw 0 0' | sudo tee -a /etc/fstab"),
    );
    w.note("On btrfs use `sudo btrfs filesystem mkswapfile --size {gib}G /swapfile-llm` instead of fallocate.".replace("{gib}", &gib.to_string()));
    w.note("Swap is a safety net against the OOM killer, not speed: keep vm.swappiness low (`sudo sysctl vm.swappiness=10`) so the model's pages stay in RAM while they fit.");
    if let Some(free) = disk_free
        && free < gib.saturating_add(5).saturating_mul(GIB)
    {
        w.note(format!("The root filesystem has {} free; a {gib} GiB swapfile needs more. Put it on a larger disk.", format_gib(free)));
    }
    (gib, w)
}

pub const LINUX_SWAP_UNDO: &str = "sudo swapoff /swapfile-llm && sudo rm /swapfile-llm && sudo sed -i '\\|^/swapfile-llm |d' /etc/fstab";

/// macOS wired limit in MB: the need (model + KV + compute + 1 GiB) rounded up to 1 GiB, capped so macOS
/// keeps 4 GiB (≤ 32 GiB RAM) or 8 GiB (more RAM). `None` when the cap is below Apple's default (~70 % of RAM).
pub fn wired_limit_mb(need: &HostNeed, ram_total: u64) -> (u64, bool) {
    let keep = if ram_total <= 32 * GIB {
        4 * GIB
    } else {
        8 * GIB
    };
    let cap = ram_total.saturating_sub(keep);
    let wanted = round_up_gib(need.bytes).saturating_mul(GIB);
    let limit = wanted.min(cap).max(ram_total / 100 * 70);
    (limit / MIB, wanted <= cap)
}

pub fn metal_wired_limit(
    need: &HostNeed,
    ram_total: u64,
) -> Result<(u64, bool, Written), PlanError> {
    let (mb, enough) = wired_limit_mb(need, ram_total);
    let mut w = Written::default();
    w.cmd(Shell::Bash, "sysctl iogpu.wired_limit_mb");
    w.cmd(
        Shell::Bash,
        format!("sudo sysctl iogpu.wired_limit_mb={mb}"),
    );
    w.note("macOS 14 and newer; on macOS 13 the key is debug.iogpu.wired_limit (bytes). The setting lasts until reboot.");
    if !enough {
        w.note("Even this limit leaves less than the model needs; combine it with a smaller quant or context.");
    }
    Ok((mb, enough, w))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn need(gib: u64) -> HostNeed {
        HostNeed {
            bytes: gib * GIB,
            how: String::new(),
        }
    }

    #[test]
    fn pagefile_covers_the_shortfall() {
        // 42 GiB model on a 32 GiB machine: 42 + 8 − 32 = 18 GiB initial, 36 GiB maximum.
        assert_eq!(
            pagefile_size(&need(42), 32 * GIB),
            PagefileSize {
                initial_mb: 18 * 1024,
                maximum_mb: 36 * 1024
            }
        );
        // Small need: the 16 GiB floor.
        assert_eq!(pagefile_size(&need(4), 32 * GIB).initial_mb, 16 * 1024);
        let (_, w) = pagefile(&need(42), 32 * GIB, Some(20 * GIB));
        assert!(
            w.notes
                .iter()
                .any(|n| n.contains("Drive C: has 20.00 GiB free"))
        );
        assert!(w.commands.iter().any(|c| {
            c.text
                .contains("InitialSize=[uint32]18432; MaximumSize=[uint32]36864")
        }));
    }

    #[test]
    fn wsl_and_swap_and_metal() {
        assert_eq!(
            wsl_size(&need(40), 64 * GIB),
            WslSize {
                memory_gib: 40,
                swap_gib: 8
            }
        );
        assert_eq!(
            wsl_size(&need(10), 64 * GIB),
            WslSize {
                memory_gib: 32,
                swap_gib: 8
            }
        );
        assert_eq!(
            wsl_size(&need(40), 32 * GIB),
            WslSize {
                memory_gib: 28,
                swap_gib: 20
            }
        );
        assert_eq!(swap_size_gib(&need(60), 32 * GIB, 2 * GIB), 30);
        assert_eq!(swap_size_gib(&need(8), 32 * GIB, 0), 8);
        // 38 GiB need on a 48 GiB Mac: default ~34 GiB, raise to 38 GiB (38912 MB), within 48 − 8.
        assert_eq!(wired_limit_mb(&need(38), 48 * GIB), (38 * 1024, true));
        let (mb, enough) = wired_limit_mb(&need(40), 36 * GIB);
        assert_eq!((mb, enough), (28 * 1024, false));
    }
}
