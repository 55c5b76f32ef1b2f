//! [`WhatIf`] on top of the fit engine: every changed setting the plan considers is estimated by
//! `crate::fit::estimate` — llama.cpp's own allocation rules (placement, KV per architecture, compute
//! buffers, overhead) — on the model's real tensor table. A different quant is first re-quantized with
//! `model::quantize` (llama-quantize's per-tensor rules), so "Q4_K_S: weights −3.9 GiB" is the real
//! difference, not a bits-per-weight guess. Use it whenever a `ModelSpec` is at hand; `whatif::Formula` is the
//! fallback for coarse facts.

use std::cell::RefCell;

use crate::fit::{self, Backend, FitRequest, FlashAttn, GpuDevice, GpuLayers, Platform};
use crate::model::ModelSpec;

use super::whatif::{GpuUse, Prediction, Setup, WhatIf};
use super::{Os, Situation};

/// The fit engine as a what-if oracle for one model on one machine.
pub struct FitWhatIf {
    spec: ModelSpec,
    base: FitRequest,
    /// Re-quantized tensor tables, computed once per quant asked for.
    quants: RefCell<Vec<(String, Option<ModelSpec>)>>,
}

impl FitWhatIf {
    /// The devices, margin, host RAM and platform come from the situation; settings from each `Setup`.
    pub fn new(spec: ModelSpec, sit: &Situation) -> Self {
        let apple = sit.os == Os::Macos;
        let base = FitRequest {
            gpus: sit
                .gpus
                .iter()
                .map(|g| GpuDevice {
                    name: g.name.clone(),
                    capacity_bytes: g.total_bytes.saturating_sub(g.used_by_others_bytes),
                    bandwidth_gbps: g.bandwidth_bytes_per_sec.map(|b| b as f64 / 1e9),
                })
                .collect(),
            backend: if apple { Backend::Metal } else { Backend::Cuda },
            platform: match sit.os {
                Os::Macos => Platform::AppleSilicon,
                Os::Windows => Platform::Windows,
                Os::Linux | Os::Wsl2 => Platform::Linux,
            },
            margin_bytes: sit.margin_bytes,
            host_ram_bytes: sit.host.ram_total_bytes.unwrap_or(0),
            ram_bandwidth_gbps: sit.host.ram_bandwidth_bytes_per_sec.map(|b| b as f64 / 1e9),
            ..FitRequest::default()
        };
        Self {
            spec,
            base,
            quants: RefCell::new(Vec::new()),
        }
    }

    /// The request every setup starts from (devices, backend, margin, mmap, …), for options the plan's
    /// `Setup` does not carry.
    pub fn request_mut(&mut self) -> &mut FitRequest {
        &mut self.base
    }

    /// The request for a setup (the plan's `None` GPU layers = every layer, llama.cpp `-ngl all`).
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

    /// The model at `quant`: itself when it already is that quant, else llama-quantize's prediction.
    fn with_quant<T>(&self, quant: Option<&str>, f: impl FnOnce(&ModelSpec) -> T) -> Option<T> {
        let same = match (quant, self.spec.file_type.as_deref()) {
            (None, _) => true,
            (Some(q), Some(cur)) => q.eq_ignore_ascii_case(cur),
            (Some(_), None) => false,
        };
        if same {
            return Some(f(&self.spec));
        }
        let q = quant?.to_ascii_uppercase();
        let mut cache = self.quants.borrow_mut();
        if !cache.iter().any(|(n, _)| *n == q) {
            let predicted =
                crate::model::quantize::predict(&self.spec, &q, Default::default()).ok();
            cache.push((q.clone(), predicted));
        }
        let spec = cache.iter().find(|(n, _)| *n == q)?.1.as_ref()?;
        Some(f(spec))
    }
}

impl WhatIf for FitWhatIf {
    fn predict(&self, setup: &Setup) -> Option<Prediction> {
        let req = self.request(setup);
        let report = self
            .with_quant(setup.quant.as_deref(), |spec| fit::estimate(spec, &req))?
            .ok()?;
        let gpus: Vec<GpuUse> = report
            .gpus()
            .map(|d| GpuUse {
                name: d.name.clone(),
                capacity_bytes: d.capacity_bytes,
                total_bytes: d.total_bytes,
                weights_bytes: d.weights_bytes,
                kv_bytes: d.kv_bytes,
            })
            .collect();
        let sum = |f: fn(&fit::DeviceUsage) -> u64| {
            report.devices.iter().map(f).fold(0, u64::saturating_add)
        };
        Some(Prediction {
            gpus,
            host_bytes: report.host().map_or(0, |h| h.total_bytes),
            weights_bytes: sum(|d| d.weights_bytes),
            kv_bytes: sum(|d| d.kv_bytes),
            layers_offloaded: report.layers_offloaded,
            layers_total: report.layers_total,
            // Same convention as the Fit tab: speed at half the context.
            tokens_per_second: self
                .base
                .gpus
                .iter()
                .all(|g| g.bandwidth_gbps.is_some())
                .then(|| {
                    self.with_quant(setup.quant.as_deref(), |spec| {
                        fit::speed::tokens_per_second(spec, &req, &report, req.ctx_size.max(1) / 2)
                            .0
                    })
                })
                .flatten()
                .filter(|t| t.is_finite() && *t > 0.0),
            method: "fit engine (llama.cpp's allocation rules on the tensor table)".into(),
        })
    }
}
