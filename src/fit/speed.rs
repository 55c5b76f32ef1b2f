//! Speed model (research/fit.md §5): generation is memory-bandwidth bound, so
//!   t_token = Σ_d bytes_read_d / (η_d · BW_d) + t_fixed,
//! bytes_read = weights touched per token (MoE: shared + n_expert_used/n_expert of the routed experts;
//! never the input embedding, which is a row lookup) + the KV cache read at the current position. Layers
//! run one after another, so several GPUs add capacity, not bandwidth. The host share runs at system-RAM
//! bandwidth. Prompt processing is compute bound: pp ≈ κ · BW / active parameters (B), κ a compute-to-
//! bandwidth ratio per backend class (no FLOPS column in research/gpus.tsv, so bandwidth stands in).
//!
//! Calibration on research/speed_vectors.tsv (llama.cpp tg512/tg128 and pp512, bandwidth known; two-
//! parameter grid fit per backend, tests/fit_speed.rs reports the median error):
//!   CUDA-class GPUs η 0.95, t_fixed 2.8 ms; Metal η 0.85, t_fixed 5.6 ms; host RAM η 0.65 (fit.md §5:
//!   60–70 % of peak achievable); κ 43 (CUDA) / 10.5 (Metal) / 2 (CPU, stated assumption).

use super::{Backend, DeviceKind, FitReport, FitRequest};
use crate::model::ModelSpec;

/// Host memory bandwidth assumed when none is detected or given: dual-channel DDR4-3200 peak (fit.md §5).
pub const DEFAULT_RAM_BANDWIDTH_GBPS: f64 = 51.2;
/// GPU bandwidth assumed when a device has none (a mid-range 2020s card).
pub const DEFAULT_GPU_BANDWIDTH_GBPS: f64 = 450.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpeedModel {
    pub eta: f64,
    pub t_fixed_s: f64,
    /// Prompt tok/s × active parameters (billions) / bandwidth (GB/s).
    pub kappa: f64,
}

pub fn model_for(backend: Backend) -> SpeedModel {
    match backend {
        Backend::Metal => SpeedModel {
            eta: 0.85,
            t_fixed_s: 0.0056,
            kappa: 10.5,
        },
        Backend::Cpu => SpeedModel {
            eta: HOST_ETA,
            t_fixed_s: 0.0,
            kappa: 2.0,
        },
        _ => SpeedModel {
            eta: 0.95,
            t_fixed_s: 0.0028,
            kappa: 43.0,
        },
    }
}

pub const HOST_ETA: f64 = 0.65;

/// Tokens per second for one part list: (bytes read per token, bandwidth GB/s, efficiency).
pub fn generation_from_parts(parts: &[(f64, f64, f64)], t_fixed_s: f64) -> f64 {
    let t: f64 = parts
        .iter()
        .filter(|p| p.1 > 0.0 && p.2 > 0.0)
        .map(|(bytes, bw, eta)| bytes / (eta * bw * 1e9))
        .sum::<f64>()
        + t_fixed_s;
    if t > 0.0 { 1.0 / t } else { 0.0 }
}

/// Fraction of a device's weight bytes read per token: routed experts only by n_expert_used/n_expert.
fn touched_fraction(spec: &ModelSpec) -> f64 {
    let hp = &spec.hparams;
    if !spec.is_moe() || hp.n_expert_used == 0 {
        return 1.0;
    }
    let total: u64 = spec.tensors.iter().map(|t| t.bytes).sum();
    let experts: u64 = spec
        .tensors
        .iter()
        .filter(|t| t.is_expert())
        .map(|t| t.bytes)
        .sum();
    if total == 0 {
        return 1.0;
    }
    let used = f64::from(hp.n_expert_used) / f64::from(hp.n_expert.max(1));
    (total - experts) as f64 / total as f64 + experts as f64 / total as f64 * used
}

/// Predicted (generation, prompt) tok/s for a report, at `position` tokens of context.
pub fn tokens_per_second(
    spec: &ModelSpec,
    req: &FitRequest,
    report: &FitReport,
    position: u32,
) -> (f64, f64) {
    let sm = model_for(if report.gpus().next().is_some() {
        req.backend
    } else {
        Backend::Cpu
    });
    let frac = touched_fraction(spec);
    let embd = spec.tensor("token_embd.weight").map_or(0, |t| t.bytes);
    let n_ctx = f64::from(report.settings.n_ctx.max(1));
    let pos = f64::from(position.min(report.settings.n_ctx)) / n_ctx;
    let host_bw = req.ram_bandwidth_gbps.unwrap_or(DEFAULT_RAM_BANDWIDTH_GBPS);
    let mut parts = Vec::new();
    let mut gpu_i = 0;
    for d in &report.devices {
        let mut w = d.weights_bytes as f64;
        if d.kind == DeviceKind::Host {
            // The input embedding is a row lookup; with mmap + repack CPU_Mapped spans repacked data that
            // is read once, so never count more than the model's tensors.
            let all: u64 = spec.tensors.iter().map(|t| t.bytes).sum();
            w = (w.min(all as f64) - embd as f64).max(0.0);
        }
        let bytes = w * frac + d.kv_bytes as f64 * pos + d.recurrent_bytes as f64;
        let (bw, eta) = match d.kind {
            DeviceKind::Gpu => {
                let bw = req
                    .gpus
                    .get(gpu_i)
                    .and_then(|g| g.bandwidth_gbps)
                    .unwrap_or(DEFAULT_GPU_BANDWIDTH_GBPS);
                gpu_i += 1;
                (bw, sm.eta)
            }
            DeviceKind::Host => (host_bw, HOST_ETA),
        };
        parts.push((bytes, bw, eta));
    }
    let tg = generation_from_parts(&parts, sm.t_fixed_s);
    // Prompt: compute-bound on the GPU that holds the layers (weights stream over PCIe for big batches).
    let active_b = spec.parameters as f64 * frac / 1e9;
    let pp_bw = req
        .gpus
        .first()
        .filter(|_| report.gpus().next().is_some())
        .map_or(host_bw, |g| {
            g.bandwidth_gbps.unwrap_or(DEFAULT_GPU_BANDWIDTH_GBPS)
        });
    let pp = if active_b > 0.0 {
        sm.kappa * pp_bw / active_b
    } else {
        0.0
    };
    (tg, pp)
}

/// Predicted generation tok/s for every `-ngl` from 0 to all layers (the Fit tab's spill-cliff plot), at
/// half the resolved context. Settings llama.cpp refuses give an empty curve.
pub fn generation_curve(spec: &ModelSpec, req: &FitRequest) -> Vec<(u32, f64)> {
    (0..=spec.hparams.n_layer + 1)
        .map_while(|ngl| {
            let rep = super::estimate_with_layers(spec, req, ngl).ok()?;
            let pos = rep.settings.n_ctx / 2;
            Some((ngl, tokens_per_second(spec, req, &rep, pos).0))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_share_dominates() {
        // 36 GB on a 1008 GB/s GPU + 4 GB on a 96 GB/s host (fit.md §5 example) ≈ 9–11 tok/s.
        let t = generation_from_parts(&[(36e9, 1008.0, 0.85), (4e9, 96.0, 0.65)], 0.0);
        assert!((9.0..11.0).contains(&t), "{t}");
        let all_gpu = generation_from_parts(&[(40e9, 1008.0, 0.85)], 0.0);
        assert!(all_gpu > 2.0 * t);
    }
}
