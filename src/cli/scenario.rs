//! The command line's half of "one question": flags become a [`Scenario`] here, for `fit` and `plan` alike,
//! and the engines get their request from [`Scenario::fit_request`].

use crate::hardware::Hardware;
use crate::scenario::{Machine, MachineGpu, MachineOrigin, Scenario, Settings};
use crate::units::parse_size;
use crate::vocab::{Backend, CacheType, FlashAttn, GpuLayers, Os};

fn size(flag: &str, v: &str) -> Result<u64, String> {
    parse_size(v).map_err(|e| format!("{flag} {v}: {e}"))
}

/// The machine from `--gpu` (catalog) or `--vram` (sizes), else this computer; `--os` and `--ram` override.
pub fn machine(
    gpu: &[String],
    vram: &[String],
    os: Option<&str>,
    ram: Option<&str>,
    hw: Option<&Hardware>,
) -> Result<Machine, String> {
    let detected = hw.map(Machine::detected).unwrap_or_default();
    let mut m = if !gpu.is_empty() {
        let gpus = gpu
            .iter()
            .map(|n| MachineGpu::from_catalog(n).map_err(|e| format!("--gpu: {e}")))
            .collect::<Result<Vec<_>, _>>()?;
        detected.with_gpus(gpus, MachineOrigin::Catalog)
    } else if !vram.is_empty() {
        let gpus = vram
            .iter()
            .enumerate()
            .map(|(i, v)| Ok(MachineGpu::sized(&format!("GPU{i}"), size("--vram", v)?)))
            .collect::<Result<Vec<_>, String>>()?;
        detected.with_gpus(gpus, MachineOrigin::Typed)
    } else {
        detected
    };
    if let Some(os) = os {
        m.os = os.parse::<Os>().map_err(|e| format!("--os: {e}"))?;
        if m.os != Os::Wsl2 {
            m.wsl_cap_bytes = None;
        }
    }
    if let Some(r) = ram {
        let bytes = size("--ram", r)?;
        m.ram_total_bytes = bytes;
        m.ram_available_bytes = None;
        if m.origin == MachineOrigin::Detected {
            m.origin = MachineOrigin::Typed;
        }
        if m.os == Os::Wsl2 {
            // WSL2's default cap: half of Windows' RAM.
            m.wsl_cap_bytes = Some(bytes / 2);
        }
    }
    Ok(m)
}

/// llama.cpp-spelled flags as typed values (each `None` = the default).
#[derive(Debug, Default, Clone)]
pub struct SettingFlags<'a> {
    pub ctx_size: Option<u32>,
    pub n_gpu_layers: Option<&'a str>,
    pub batch_size: Option<u32>,
    pub ubatch_size: Option<u32>,
    pub cache_type_k: Option<&'a str>,
    pub cache_type_v: Option<&'a str>,
    pub flash_attn: Option<&'a str>,
    pub parallel: Option<u32>,
    pub kv_unified: bool,
    pub swa_full: bool,
    pub cpu_moe: bool,
    pub n_cpu_moe: Option<u32>,
    pub no_kv_offload: bool,
    pub no_mmap: bool,
    pub no_repack: bool,
    pub tensor_split: &'a [f64],
    pub backend: Option<&'a str>,
    pub margin: Option<&'a str>,
    pub overhead: Option<&'a str>,
    pub ram_bandwidth: Option<f64>,
    pub output_layer_last: bool,
    pub f32_fa_mask: bool,
}

pub fn settings(f: &SettingFlags) -> Result<(Settings, Option<f64>), String> {
    let mut s = Settings::default();
    if let Some(c) = f.ctx_size {
        s.ctx_size = c;
    }
    if let Some(n) = f.n_gpu_layers {
        s.n_gpu_layers = n
            .parse::<GpuLayers>()
            .map_err(|e| format!("-ngl/--n-gpu-layers: {e}"))?;
    }
    if let Some(b) = f.batch_size {
        s.batch_size = b;
    }
    if let Some(b) = f.ubatch_size {
        s.ubatch_size = b;
    }
    if let Some(t) = f.cache_type_k {
        s.cache_type_k = t
            .parse::<CacheType>()
            .map_err(|e| format!("-ctk/--cache-type-k: {e}"))?;
    }
    if let Some(t) = f.cache_type_v {
        s.cache_type_v = t
            .parse::<CacheType>()
            .map_err(|e| format!("-ctv/--cache-type-v: {e}"))?;
    }
    if let Some(fa) = f.flash_attn {
        s.flash_attn = fa
            .parse::<FlashAttn>()
            .map_err(|e| format!("-fa/--flash-attn: {e}"))?;
    }
    if let Some(p) = f.parallel {
        s.parallel = p.max(1);
    }
    s.kv_unified = f.kv_unified;
    s.swa_full = f.swa_full;
    s.cpu_moe = f.cpu_moe;
    s.n_cpu_moe = f.n_cpu_moe.unwrap_or(0);
    s.no_kv_offload = f.no_kv_offload;
    s.mmap = !f.no_mmap;
    s.repack = !f.no_repack;
    s.output_layer_last = f.output_layer_last;
    s.f32_fa_mask = f.f32_fa_mask;
    if f.tensor_split.iter().any(|v| !v.is_finite() || *v < 0.0) {
        return Err("--tensor-split: shares must be non-negative numbers".into());
    }
    s.tensor_split = f.tensor_split.to_vec();
    if let Some(b) = f.backend {
        s.backend = Some(
            b.parse::<Backend>()
                .map_err(|e| format!("--backend: {e}"))?,
        );
    }
    if let Some(m) = f.margin {
        s.margin_bytes = size("--margin", m)?;
    }
    if let Some(o) = f.overhead {
        s.overhead_bytes = Some(size("--overhead", o)?);
    }
    let bw = match f.ram_bandwidth {
        Some(bw) if !bw.is_finite() || bw <= 0.0 => {
            return Err(format!(
                "--ram-bandwidth: {bw} is not a positive number of GB/s"
            ));
        }
        other => other,
    };
    Ok((s, bw))
}

/// A scenario from a machine and settings; the runtime and shell are set by the caller.
pub fn scenario(machine: Machine, settings: Settings, ram_bandwidth: Option<f64>) -> Scenario {
    let mut m = machine;
    if ram_bandwidth.is_some() {
        m.ram_bandwidth_gbps = ram_bandwidth;
    }
    Scenario {
        machine: m,
        settings,
        ..Scenario::default()
    }
}
