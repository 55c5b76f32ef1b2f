//! The GUI's half of "one question": the saved inputs, the machine as detected, the model in the slot and the
//! attached evidence become one [`Scenario`] — the same value the CLI builds from flags — for every tab.

use super::app::Shared;
use super::settings::{FitInputs, WizardInputs, llama_era};
use crate::scenario::{Evidence, Machine, MachineGpu, MachineOrigin, Scenario, Settings};
use crate::units::{GIB, MIB};
use crate::vocab::{Backend, CacheType, FlashAttn, GpuLayers, Os, Runtime, Shell};

/// The settings of the Fit tab in the shared words.
pub fn settings(fit: &FitInputs) -> Settings {
    let era = llama_era(&fit.llama_build);
    Settings {
        ctx_size: fit.ctx_size,
        n_gpu_layers: fit.n_gpu_layers.map_or(GpuLayers::Auto, GpuLayers::Count),
        batch_size: fit.batch_size,
        ubatch_size: fit.ubatch_size,
        cache_type_k: fit.cache_type_k.parse().unwrap_or(CacheType::F16),
        cache_type_v: fit.cache_type_v.parse().unwrap_or(CacheType::F16),
        flash_attn: fit.flash_attn.parse().unwrap_or(FlashAttn::Auto),
        parallel: fit.parallel.max(1),
        n_cpu_moe: fit.n_cpu_moe,
        backend: fit.backend.parse::<Backend>().ok(),
        margin_bytes: u64::from(fit.margin_mib) * MIB,
        // Each older era keeps the differences of the newer ones (`LLAMA_BUILDS`).
        all_logit_rows: era >= 1,
        f32_fa_mask: era >= 1,
        single_embd_input: era >= 2,
        output_layer_last: era >= 3,
        ..Settings::default()
    }
}

/// The machine: detected, with catalog picks or a typed VRAM size replacing the GPUs.
pub fn machine(shared: &Shared, fit: &FitInputs) -> Machine {
    let detected = shared
        .hardware
        .latest()
        .map(Machine::detected)
        .unwrap_or_default();
    let picked: Vec<MachineGpu> = fit
        .gpus
        .iter()
        .filter_map(|name| MachineGpu::from_catalog(name).ok())
        .collect();
    if !picked.is_empty() {
        return detected.with_gpus(picked, MachineOrigin::Catalog);
    }
    match fit.manual_vram_gib {
        Some(gib) if detected.gpus.is_empty() => detected.with_gpus(
            vec![MachineGpu::sized(
                &format!("GPU ({gib:.0} GiB)"),
                (f64::from(gib) * GIB as f64) as u64,
            )],
            MachineOrigin::Typed,
        ),
        _ => detected,
    }
}

/// The scenario every tab works on.
pub fn build(
    shared: &Shared,
    fit: &FitInputs,
    wizard: &WizardInputs,
    evidence: &Evidence,
) -> Scenario {
    let mut m = machine(shared, fit);
    // A recording's machine replaces this one (its OS stays this one's unless the user picks another).
    if let Some(rec) = &evidence.machine {
        m = Machine {
            os: m.os,
            ..rec.clone()
        };
    }
    if let Some(os) = wizard.os.as_deref().and_then(Os::parse) {
        m.os = os;
    }
    let mut sc = Scenario {
        model: shared.model.source().map(str::to_owned),
        machine: m,
        settings: settings(fit),
        runtime: Runtime::parse(&fit.runtime).unwrap_or_default(),
        shell: wizard.shell.as_deref().and_then(Shell::parse),
        evidence: Evidence {
            diagnosis: None,
            log_name: None,
            ..evidence.clone()
        },
        min_ctx: wizard.min_ctx,
        rpc_hosts: Vec::new(),
        quants: Vec::new(),
    };
    if let Some(d) = &evidence.diagnosis {
        sc.attach_log(d.clone(), evidence.log_name.clone());
    }
    sc
}
