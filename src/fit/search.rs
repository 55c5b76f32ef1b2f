//! Searches over the estimate: the largest `-ngl` that fits with the margin, the largest context that
//! fits (other settings fixed), and the smallest single-GPU VRAM that holds a full offload. Each is a
//! binary search over `estimate_with_layers` (monotone in the searched value), so a sweep stays cheap.

use super::{FitReport, FitRequest, GpuDevice, estimate_with_layers, uses_gpu};
use crate::model::ModelSpec;

/// True when every GPU keeps the margin free.
pub fn fits_with_margin(r: &FitReport) -> bool {
    r.gpus()
        .all(|d| d.total_bytes.saturating_add(r.margin_bytes) <= d.capacity_bytes)
}

/// Largest `-ngl` (0 ..= n_layer + 1) that fits with the margin; `None` on a refused configuration.
pub fn max_gpu_layers(spec: &ModelSpec, req: &FitRequest) -> Option<u32> {
    if !uses_gpu(req) {
        return Some(0);
    }
    let n_all = spec.hparams.n_layer.saturating_add(1);
    let fits = |n: u32| estimate_with_layers(spec, req, n).map(|r| fits_with_margin(&r));
    if !fits(0).ok()? {
        return Some(0);
    }
    let (mut lo, mut hi) = (0u32, n_all);
    if fits(hi).ok()? {
        return Some(hi);
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid).ok()? {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(lo)
}

/// Largest context (multiple of 256, up to the training context, or 4× it when `beyond_train`) that fits
/// with `-ngl` as requested; `None` when not even 256 tokens fit.
pub fn max_ctx_size(spec: &ModelSpec, req: &FitRequest) -> Option<u32> {
    let train = if spec.hparams.n_ctx_train > 0 {
        spec.hparams.n_ctx_train
    } else {
        super::context::FALLBACK_CTX
    };
    let ngl = super::resolve_gpu_layers(spec, req);
    let fits = |c: u32| {
        let mut r = req.clone();
        r.ctx_size = c;
        estimate_with_layers(spec, &r, ngl)
            .map(|rep| fits_with_margin(&rep) && host_fits(&rep))
            .unwrap_or(false)
    };
    let (mut lo, mut hi) = (1u32, train.div_ceil(256));
    if !fits(256) {
        return None;
    }
    if fits(hi * 256) {
        return Some(hi * 256);
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid * 256) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(lo * 256)
}

fn host_fits(r: &FitReport) -> bool {
    r.host()
        .is_none_or(|h| h.capacity_bytes == 0 || h.needed_bytes() <= h.capacity_bytes)
}

/// VRAM one GPU needs to hold everything (all layers, these settings) plus the margin.
pub fn min_vram_full_offload(spec: &ModelSpec, req: &FitRequest) -> Option<u64> {
    let mut r = req.clone();
    if r.backend == super::Backend::Cpu {
        r.backend = super::Backend::Cuda;
    }
    r.tensor_split.clear();
    r.gpus = vec![GpuDevice {
        name: "probe".into(),
        capacity_bytes: u64::MAX / 4,
        bandwidth_gbps: None,
    }];
    let rep = estimate_with_layers(spec, &r, spec.hparams.n_layer.saturating_add(1)).ok()?;
    let gpu = rep.gpus().next()?;
    Some(gpu.total_bytes.saturating_add(r.margin_bytes))
}

/// One row of a quant × context table: the verdict for each context.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepCell {
    pub ctx_size: u32,
    pub n_gpu_layers: u32,
    pub verdict: super::Verdict,
    pub gpu_total_bytes: u64,
}

/// For each context: the auto `-ngl` and the verdict (the GUI's quant × context table, one quant).
pub fn sweep_contexts(spec: &ModelSpec, req: &FitRequest, contexts: &[u32]) -> Vec<SweepCell> {
    contexts
        .iter()
        .filter_map(|&c| {
            let mut r = req.clone();
            r.ctx_size = c;
            r.n_gpu_layers = super::GpuLayers::Auto;
            let rep = super::estimate(spec, &r).ok()?;
            Some(SweepCell {
                ctx_size: c,
                n_gpu_layers: rep.settings.n_gpu_layers,
                verdict: rep.verdict,
                gpu_total_bytes: rep.gpus().map(|d| d.total_bytes).sum(),
            })
        })
        .collect()
}

/// Quants tried by `best_quant`, largest first (llama-quantize names).
pub const QUANT_LADDER: [&str; 10] = [
    "F16", "Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "IQ4_XS", "Q3_K_M", "IQ3_XXS", "Q2_K", "IQ2_XXS",
];

/// One quant of the same model at the request's settings.
#[derive(Debug, Clone, PartialEq)]
pub struct QuantFit {
    pub ftype: &'static str,
    pub weights_bytes: u64,
    /// Largest `-ngl` that fits (n_layer + 1 = everything).
    pub max_gpu_layers: u32,
    /// Verdict with `-ngl` as requested (auto = the largest that fits).
    pub verdict: super::Verdict,
}

/// Every quant of `QUANT_LADDER` for this model (tensor tables from `model::quantize::predict`, i.e.
/// llama-quantize's per-tensor rules on the model's shapes) evaluated at the request's settings.
pub fn quant_table(spec: &ModelSpec, req: &FitRequest) -> Vec<QuantFit> {
    QUANT_LADDER
        .iter()
        .filter_map(|ft| {
            let q =
                crate::model::quantize::predict(spec, ft, crate::model::quantize::Imatrix::Without)
                    .ok()?;
            let rep = super::estimate(&q, req).ok()?;
            Some(QuantFit {
                ftype: ft,
                weights_bytes: q.tensors.iter().map(|t| t.bytes).sum(),
                max_gpu_layers: max_gpu_layers(&q, req).unwrap_or(0),
                verdict: rep.verdict,
            })
        })
        .collect()
}

/// The largest quant that fits entirely on the GPU(s) with the margin, if any.
pub fn best_quant(spec: &ModelSpec, req: &FitRequest) -> Option<QuantFit> {
    let mut r = req.clone();
    r.n_gpu_layers = super::GpuLayers::All;
    quant_table(spec, &r)
        .into_iter()
        .find(|q| q.verdict == super::Verdict::Fits)
}
