//! Prices a [`Setup`] on the fit engine — the plan's only source of numbers. Every setup is estimated by
//! `crate::fit::estimate` on the model's real tensor table; another quant is first re-quantized with
//! `model::quantize` (llama-quantize's per-tensor rules), so "Q4_K_M: weights −3.9 GiB" is the real
//! difference, not a bits-per-weight guess. Re-quantized tables are built once per quant and kept.

use std::cell::RefCell;

use crate::fit::{self, FitReport, FitRequest, FlashAttn, GpuLayers};
use crate::model::ModelSpec;

use super::setup::{GpuUse, Prediction, Setup};

/// One priced setup: the fit report and the speed at half the context.
#[derive(Debug, Clone)]
pub struct Priced {
    pub report: FitReport,
    /// (generation, prompt) tok/s; `None` when a GPU's bandwidth is unknown.
    pub tokens_per_second: Option<(f64, f64)>,
    /// The context position the speed is quoted at.
    pub speed_at_ctx: u32,
    /// Bytes of the host part (weights on the CPU, host KV, compute, output).
    pub host_bytes: u64,
}

impl Priced {
    /// Every GPU keeps the margin free.
    pub fn gpu_fits(&self) -> bool {
        fit::search::fits_with_margin(&self.report)
    }

    pub fn prediction(&self) -> Prediction {
        let r = &self.report;
        let sum =
            |f: fn(&fit::DeviceUsage) -> u64| r.devices.iter().map(f).fold(0, u64::saturating_add);
        Prediction {
            gpus: r
                .gpus()
                .map(|d| GpuUse {
                    name: d.name.clone(),
                    capacity_bytes: d.capacity_bytes,
                    total_bytes: d.total_bytes,
                    weights_bytes: d.weights_bytes,
                    kv_bytes: d.kv_bytes,
                })
                .collect(),
            host_bytes: self.host_bytes,
            // Weights the run holds: a CPU-only run's mapped originals of repacked weights are read once.
            weights_bytes: sum(|d| d.weights_bytes.saturating_sub(d.read_once_bytes)),
            kv_bytes: sum(|d| d.kv_bytes),
            layers_offloaded: r.layers_offloaded,
            layers_total: r.layers_total,
            tokens_per_second: self.tokens_per_second.map(|t| t.0),
            method: "fit engine (llama.cpp's allocation rules on the tensor table)".into(),
        }
    }
}

/// The fit engine for one model on one machine.
pub struct Pricer<'a> {
    spec: &'a ModelSpec,
    base: FitRequest,
    quants: RefCell<Vec<(String, Option<std::rc::Rc<ModelSpec>>)>>,
}

impl<'a> Pricer<'a> {
    /// `base` carries the machine (GPUs, backend, host RAM limit, margin) and the settings a `Setup` does not.
    pub fn new(spec: &'a ModelSpec, base: FitRequest) -> Self {
        Self {
            spec,
            base,
            quants: RefCell::new(Vec::new()),
        }
    }

    pub fn spec(&self) -> &ModelSpec {
        self.spec
    }

    pub fn base(&self) -> &FitRequest {
        &self.base
    }

    /// The request for a setup (`None` GPU layers = every layer, llama.cpp `-ngl all`).
    pub fn request(&self, setup: &Setup) -> FitRequest {
        FitRequest {
            ctx_size: setup.n_ctx,
            batch_size: setup.n_batch,
            ubatch_size: setup.n_ubatch,
            n_gpu_layers: setup.n_gpu_layers.map_or(GpuLayers::All, GpuLayers::Count),
            cache_type_k: setup.cache_type_k.clone(),
            cache_type_v: setup.cache_type_v.clone(),
            flash_attn: if setup.flash_attn {
                FlashAttn::On
            } else {
                FlashAttn::Off
            },
            parallel: setup.parallel.max(1),
            n_cpu_moe: setup.n_cpu_moe,
            ..self.base.clone()
        }
    }

    /// Whether `quant` names the file's own quant (or no quant at all).
    pub fn is_own_quant(&self, quant: Option<&str>) -> bool {
        match (quant, self.spec.file_type.as_deref()) {
            (None, _) => true,
            (Some(q), Some(cur)) => q.eq_ignore_ascii_case(cur),
            (Some(_), None) => false,
        }
    }

    /// The model at `quant`: itself when it already is that quant, else llama-quantize's prediction
    /// (`None` when the tensors cannot be quantized to it).
    pub fn model(&self, quant: Option<&str>) -> Option<std::rc::Rc<ModelSpec>> {
        if self.is_own_quant(quant) {
            return None;
        }
        let q = quant?.to_ascii_uppercase();
        let mut cache = self.quants.borrow_mut();
        if let Some((_, s)) = cache.iter().find(|(n, _)| *n == q) {
            return s.clone();
        }
        let predicted = crate::model::quantize::predict(self.spec, &q, Default::default())
            .ok()
            .map(std::rc::Rc::new);
        cache.push((q, predicted.clone()));
        predicted
    }

    /// Whether the model can be had at `quant` (its own, or a quantization llama-quantize can write).
    pub fn has_quant(&self, quant: Option<&str>) -> bool {
        self.is_own_quant(quant) || self.model(quant).is_some()
    }

    /// The fit report alone (searches call this in loops; no speed).
    pub fn report(&self, setup: &Setup) -> Option<FitReport> {
        let req = self.request(setup);
        let ngl = setup.n_gpu_layers.unwrap_or(self.spec.hparams.n_layer + 1);
        if self.is_own_quant(setup.quant.as_deref()) {
            fit::estimate_with_layers(self.spec, &req, ngl).ok()
        } else {
            let spec = self.model(setup.quant.as_deref())?;
            fit::estimate_with_layers(&spec, &req, ngl).ok()
        }
    }

    /// The setup priced in full: memory per device, host part and speed at half the context.
    pub fn price(&self, setup: &Setup) -> Option<Priced> {
        let report = self.report(setup)?;
        let req = self.request(setup);
        let at = (report.settings.n_ctx / 2).max(1);
        let has_bandwidth = req.gpus.iter().all(|g| g.bandwidth_gbps.is_some());
        let speed = |spec: &ModelSpec| fit::speed::tokens_per_second(spec, &req, &report, at);
        let tokens_per_second = has_bandwidth
            .then(|| {
                if self.is_own_quant(setup.quant.as_deref()) {
                    Some(speed(self.spec))
                } else {
                    self.model(setup.quant.as_deref()).map(|s| speed(&s))
                }
            })
            .flatten()
            .filter(|(g, _)| g.is_finite() && *g > 0.0);
        let host_bytes = report.host().map_or(0, |h| h.needed_bytes());
        Some(Priced {
            report,
            tokens_per_second,
            speed_at_ctx: at,
            host_bytes,
        })
    }

    pub fn predict(&self, setup: &Setup) -> Option<Prediction> {
        self.price(setup).map(|p| p.prediction())
    }
}
