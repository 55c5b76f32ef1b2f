//! Fixes on the host side (the seeds' "paging that looks like OOM" and Apple's GPU limit): what the host must
//! hold for the run that fits, then a Windows pagefile, WSL2 `.wslconfig`, a Linux swapfile, macOS
//! `iogpu.wired_limit_mb`, and a shorter context when the KV cache of CPU layers is what fills RAM.

use super::engine::Ctx;
use super::os_memory::{self, HostNeed};
use super::setup::Prediction;
use super::{Os, Step, StepId};
use crate::triage::Label;
use crate::units::{GIB, MIB, format_gib};

/// What the host must hold, and how that was worked out.
/// The run the host has to survive: the recommended setup, else the user's settings.
pub(super) fn running_prediction(ctx: &Ctx) -> Option<Prediction> {
    ctx.after.clone().or_else(|| ctx.base.clone())
}

/// What the host must hold, and how that was worked out.
pub(super) fn host_need(ctx: &Ctx) -> HostNeed {
    let file = ctx.sit.model.as_ref().map(|m| m.weights_bytes);
    match (running_prediction(ctx), file) {
        (Some(p), Some(file)) => {
            let gpu_weights: u64 = p
                .gpus
                .iter()
                .map(|g| g.weights_bytes)
                .fold(0, u64::saturating_add);
            let host_weights = p.weights_bytes.saturating_sub(gpu_weights);
            let host_buffers = p.host_bytes.saturating_sub(host_weights);
            // WSL2 and PyTorch loaders stage the whole file through RAM (page cache / CPU tensors).
            if ctx.sit.os == Os::Wsl2 || ctx.sit.runtime.is_pytorch() {
                HostNeed {
                    bytes: file.saturating_add(host_buffers),
                    how: format!(
                        "the model file ({}) passes through RAM while loading, plus {} of host KV/compute buffers",
                        format_gib(file),
                        format_gib(host_buffers)
                    ),
                }
            } else {
                HostNeed {
                    bytes: p.host_bytes,
                    how: format!(
                        "{} of weights on the CPU ({}/{} layers on the GPU) plus {} of host KV/compute buffers",
                        format_gib(host_weights),
                        p.layers_offloaded,
                        p.layers_total,
                        format_gib(host_buffers)
                    ),
                }
            }
        }
        (None, Some(file)) => HostNeed {
            bytes: file,
            how: format!("the model file size ({})", format_gib(file)),
        },
        _ => {
            let ram = ctx.sit.host.ram_total_bytes.unwrap_or(16 * GIB);
            HostNeed {
                bytes: ram,
                how: "no model size known: sized so that a workload as large as your RAM survives"
                    .to_owned(),
            }
        }
    }
}

pub(super) fn paging_why(ctx: &Ctx, need: &HostNeed) -> String {
    let lead = match ctx.sit.diagnosis.as_ref().map(|d| d.label) {
        Some(Label::HostOomKilled | Label::PagingThrash) => ctx.label_words(),
        _ => format!("{}; system RAM ran short", ctx.label_words()),
    };
    format!(
        "{lead}. The host must hold {}: {}.",
        format_gib(need.bytes),
        need.how
    )
}

pub(super) fn pagefile(ctx: &Ctx) -> Option<Step> {
    let spill_short = ctx.p.cpu_spill
        && ctx.base.as_ref().is_some_and(|b| {
            ctx.sit
                .host
                .ram_total_bytes
                .is_some_and(|r| b.host_bytes + os_memory::OS_HEADROOM > r)
        });
    if ctx.sit.os != Os::Windows || !(ctx.p.host_memory || spill_short) {
        return None;
    }
    let need = host_need(ctx);
    let ram = ctx.sit.host.ram_total_bytes.unwrap_or(16 * GIB);
    let (size, w) = os_memory::pagefile(&need, ram, ctx.sit.host.disk_free_bytes);
    let mut step = Step::new(StepId::Pagefile, "Give Windows a larger pagefile");
    step.why = format!(
        "{} Windows' automatic pagefile is often too small for that (WinError 1455, \"paging file is too small\").",
        paging_why(ctx, &need)
    );
    step.effect.summary = format!(
        "Pagefile {} MB initial, {} MB maximum: initial = need {} + 8 GiB for Windows and apps − {} RAM (at least 16 GiB); maximum = twice that",
        size.initial_mb,
        size.maximum_mb,
        format_gib(need.bytes),
        format_gib(ram)
    );
    step.cost = format!(
        "Disk: up to {} on C:; paging is slow, so this stops crashes, not slowness.",
        format_gib(size.maximum_mb.saturating_mul(MIB))
    );
    step.absorb(Ok(w));
    step.undo = "Virtual memory dialog → tick \"Automatically manage paging file size\" (PowerShell: Set-CimInstance -InputObject (Get-CimInstance Win32_ComputerSystem) -Property @{AutomaticManagedPagefile=$true}), then restart.".to_owned();
    Some(step)
}

pub(super) fn wslconfig(ctx: &Ctx) -> Option<Step> {
    if ctx.sit.os != Os::Wsl2 || !ctx.p.host_memory {
        return None;
    }
    let need = host_need(ctx);
    let ram = ctx.sit.host.ram_total_bytes.unwrap_or(32 * GIB);
    let (size, w) = os_memory::wslconfig(&need, ram);
    let mut step = Step::new(StepId::Wslconfig, "Give WSL2 more memory and swap");
    step.why = format!(
        "{} WSL2 gets half of Windows' RAM by default, and the GPU's memory traffic passes through it.",
        paging_why(ctx, &need)
    );
    step.effect.summary = format!(
        "memory={}GB (the need, at least WSL's default of half of {}, at most RAM − 4 GiB for Windows), swap={}GB (what memory cannot hold + 8 GiB)",
        size.memory_gib,
        format_gib(ram),
        size.swap_gib
    );
    step.cost = "Windows keeps less RAM while WSL runs; swap uses disk space.".to_owned();
    step.absorb(Ok(w));
    step.undo =
        "Delete the memory= and swap= lines from %UserProfile%\\.wslconfig, then wsl --shutdown."
            .to_owned();
    Some(step)
}

pub(super) fn linux_swap(ctx: &Ctx) -> Option<Step> {
    if ctx.sit.os != Os::Linux || !ctx.p.host_memory {
        return None;
    }
    let need = host_need(ctx);
    let ram = ctx.sit.host.ram_total_bytes.unwrap_or(16 * GIB);
    let swap = ctx.sit.host.swap_total_bytes.unwrap_or(0);
    let (gib, w) = os_memory::linux_swap(&need, ram, swap, ctx.sit.host.disk_free_bytes);
    let mut step = Step::new(StepId::LinuxSwap, format!("Add a {gib} GiB swapfile"));
    step.why = format!(
        "{} The kernel's OOM killer ends the largest process when RAM and swap are both full.",
        paging_why(ctx, &need)
    );
    step.effect.summary = format!(
        "{gib} GiB swap: need {} + 4 GiB − {} RAM − {} existing swap (at least 8 GiB)",
        format_gib(need.bytes),
        format_gib(ram),
        format_gib(swap)
    );
    step.cost = format!("Disk: {gib} GiB; whatever lands in swap runs at disk speed.");
    step.absorb(Ok(w));
    step.undo = os_memory::LINUX_SWAP_UNDO.to_owned();
    Some(step)
}

pub(super) fn metal_wired_limit(ctx: &Ctx) -> Option<Step> {
    if ctx.sit.os != Os::Macos || !(ctx.p.metal || ctx.p.vram_short) {
        return None;
    }
    let ram = ctx.sit.host.ram_total_bytes?;
    let need_bytes = match &ctx.base {
        Some(b) => b.gpu_total_bytes().saturating_add(GIB),
        None => ctx.sit.diagnosis.as_ref().and_then(|d| {
            d.numbers
                .requested_bytes
                .map(|r| r.saturating_add(d.numbers.allocated_bytes.unwrap_or(0)))
        })?,
    };
    let need = HostNeed {
        bytes: need_bytes,
        how: "model + KV cache + compute buffers + 1 GiB".to_owned(),
    };
    let default_limit = ram / 100 * 70;
    if need.bytes <= default_limit {
        return None;
    }
    let (mb, enough, w) = os_memory::metal_wired_limit(&need, ram).ok()?;
    let mut step = Step::new(
        StepId::MetalWiredLimit,
        format!("Let the GPU use {mb} MB of unified memory"),
    );
    step.why = format!(
        "{}: macOS lets the GPU wire only about 70–75 % of RAM (recommendedMaxWorkingSetSize ≈ {}); the model needs {} ({}).",
        ctx.label_words(),
        format_gib(default_limit),
        format_gib(need.bytes),
        need.how
    );
    step.effect.summary = format!(
        "iogpu.wired_limit_mb={mb}: the need rounded up to whole GiB, capped so macOS keeps {}{}",
        if ram <= 32 * GIB { "4 GiB" } else { "8 GiB" },
        if enough {
            ""
        } else {
            " — not enough on its own"
        }
    );
    step.effect.fits = Some(enough);
    step.cost = "Less memory for macOS and apps while the model runs; too high a value makes the whole Mac swap.".to_owned();
    step.absorb(Ok(w));
    step.undo = "sudo sysctl iogpu.wired_limit_mb=0 (back to the default), or reboot.".to_owned();
    Some(step)
}
