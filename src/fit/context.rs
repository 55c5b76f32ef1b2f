//! llama.cpp's context arithmetic (research/arch_table.md §2.2–§2.3, `llama_context::llama_context`,
//! `llama_init_from_model`): n_ctx from the request or the training context, n_batch/n_ubatch clamped by
//! the *unpadded* n_ctx, n_ctx padded to 256, per-sequence rounding without `--kv-unified`, and how
//! `-fa auto` resolves. Refusals (quantized V without FA, MLA with K ≠ V types) are errors like llama.cpp's.

use super::{Backend, FitError, FitRequest, FlashAttn, cache_type};
use crate::model::ModelSpec;

/// Used when neither the request nor the file gives a context (llama.cpp would use n_ctx_train).
pub const FALLBACK_CTX: u32 = 4096;

#[derive(Debug, Clone, PartialEq)]
pub struct Ctx {
    pub n_ctx: u32,
    pub n_ctx_seq: u32,
    pub n_batch: u32,
    pub n_ubatch: u32,
    pub n_seq: u32,
    /// KV streams: n_seq without `--kv-unified`, else 1.
    pub n_stream: u32,
    pub flash_attn: bool,
    /// Logit rows the reserve graph materializes per ubatch: n_ubatch, or fewer where the runtime caps
    /// its outputs (`FitRequest::n_outputs_max`).
    pub n_outputs: u32,
    /// The KQ mask is f32 on the host: without flash attention, or with it on builds before llama.cpp#23764
    /// (`FitRequest::f32_fa_mask`); then the first device to attend also casts an f32 copy.
    pub f32_mask: bool,
    /// f32 [n_embd, ub] input rows on the host besides the masks: 1, or 2 with the embeddings input
    /// (`FitRequest::single_embd_input`).
    pub embd_inputs: u64,
    pub warnings: Vec<String>,
}

pub fn pad256(n: u32) -> u32 {
    n.div_ceil(256).saturating_mul(256)
}

/// MLA (`llama_hparams::is_mla`): the loader stored decompressed head sizes (`key_length_mla`). A
/// `kv_lora_rank` alone is not MLA (MiniCPM3 and old DeepSeek-V2 files keep a plain K/V cache); DeepSeek-V4
/// keeps K only as well.
pub fn is_mla(spec: &ModelSpec) -> bool {
    spec.hparams.n_embd_head_k_mla > 0 || spec.architecture == "deepseek4"
}

fn head_k(spec: &ModelSpec) -> u32 {
    let hp = &spec.hparams;
    if hp.n_embd_head_k > 0 {
        hp.n_embd_head_k
    } else {
        hp.n_embd / hp.n_head.get(0).max(1)
    }
}

fn head_v(spec: &ModelSpec) -> u32 {
    let hp = &spec.hparams;
    if hp.n_embd_head_v > 0 {
        hp.n_embd_head_v
    } else {
        head_k(spec)
    }
}

/// Whether a GPU backend has a flash-attention kernel for these head sizes (`-fa auto` resolves off
/// otherwise). CUDA `ggml_cuda_get_best_fattn_kernel` (arch_table §2.3); the others are treated alike.
fn gpu_supports_fa(spec: &ModelSpec) -> bool {
    let (k, v) = (head_k(spec), head_v(spec));
    if is_mla(spec) {
        return true; // 576/512 MLA kernels exist; MLA V is a view of K.
    }
    (k == v && matches!(k, 40 | 64 | 72 | 80 | 96 | 112 | 128 | 256))
        || (k, v) == (192, 128)
        || (k, v) == (320, 256)
        || (k, v) == (512, 512)
}

pub fn resolve(spec: &ModelSpec, req: &FitRequest, ngl: u32) -> Result<Ctx, FitError> {
    let hp = &spec.hparams;
    let tk = cache_type(&req.cache_type_k)?;
    let tv = cache_type(&req.cache_type_v)?;
    let v_quant = tv.block_elems > 1;
    let mut warnings = Vec::new();
    if is_mla(spec) && tk.id != tv.id {
        return Err(FitError::MlaDifferentKvTypes(
            req.cache_type_k.clone(),
            req.cache_type_v.clone(),
        ));
    }
    // grok's graph is not compatible with flash attention: llama.cpp turns it off whatever was asked.
    let fa_incompatible = spec.architecture == "grok";
    let flash_attn = match req.flash_attn {
        _ if fa_incompatible && !v_quant => false,
        FlashAttn::On => true,
        FlashAttn::Off if v_quant => {
            return Err(FitError::QuantizedVNeedsFlashAttn(req.cache_type_v.clone()));
        }
        FlashAttn::Off => false,
        FlashAttn::Auto if v_quant => true,
        FlashAttn::Auto => {
            // CPU supports every case; a GPU without a kernel for this head size turns it off.
            let on_gpu = req.backend != Backend::Cpu && !req.gpus.is_empty() && ngl > 0;
            let ok = !on_gpu || gpu_supports_fa(spec);
            if !ok {
                warnings.push(format!(
                    "flash attention auto resolves to off on the GPU for head size {}/{}",
                    head_k(spec),
                    head_v(spec)
                ));
            }
            ok
        }
    };

    let train = if hp.n_ctx_train > 0 {
        hp.n_ctx_train
    } else {
        FALLBACK_CTX
    };
    let requested = if req.ctx_size > 0 {
        req.ctx_size
    } else {
        train
    };
    if requested > train && hp.n_ctx_train > 0 {
        warnings.push(format!(
            "context {requested} is larger than the model's training context {train}"
        ));
    }
    let n_seq = req.parallel.max(1);
    // n_batch is clamped by the unpadded context (causal models), then n_ubatch by n_batch.
    let n_batch = requested.min(req.batch_size.max(1));
    let n_ubatch = n_batch.min(req.ubatch_size.max(1));
    let mut n_ctx = pad256(requested);
    let (n_ctx_seq, n_stream) = if req.kv_unified {
        (n_ctx, 1)
    } else {
        let seq = pad256(n_ctx / n_seq);
        n_ctx = seq.saturating_mul(n_seq);
        (seq, n_seq)
    };
    Ok(Ctx {
        n_ctx,
        n_ctx_seq,
        n_batch,
        n_ubatch,
        n_seq,
        n_stream,
        flash_attn,
        n_outputs: if req.n_outputs_max == 0 {
            n_ubatch
        } else {
            n_ubatch.min(req.n_outputs_max)
        },
        f32_mask: !flash_attn || req.f32_fa_mask,
        embd_inputs: if req.single_embd_input { 1 } else { 2 },
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::HParams;

    fn spec() -> ModelSpec {
        ModelSpec {
            hparams: HParams {
                n_layer: 2,
                n_embd: 1024,
                n_head: crate::model::PerLayer::Uniform(16),
                n_ctx_train: 8192,
                ..Default::default()
            },
            ..Default::default()
        }
    }

    #[test]
    fn padding_and_per_sequence_rounding() {
        let mut req = FitRequest {
            ctx_size: 4096,
            parallel: 3,
            backend: Backend::Cpu,
            ..Default::default()
        };
        let c = resolve(&spec(), &req, 0).unwrap();
        assert_eq!((c.n_ctx, c.n_ctx_seq, c.n_stream), (4608, 1536, 3));
        req.ctx_size = 100;
        req.parallel = 1;
        let c = resolve(&spec(), &req, 0).unwrap();
        assert_eq!((c.n_ctx, c.n_batch, c.n_ubatch), (256, 100, 100));
        req.ctx_size = 0;
        assert_eq!(resolve(&spec(), &req, 0).unwrap().n_ctx, 8192);
    }

    #[test]
    fn absurd_layer_counts_are_refused_before_any_table_is_sized() {
        let mut s = spec();
        s.hparams.n_layer = 4_000_000_000;
        let req = FitRequest {
            backend: Backend::Cpu,
            ..Default::default()
        };
        assert!(matches!(
            crate::fit::estimate(&s, &req),
            Err(FitError::TooManyLayers(4_000_000_000))
        ));
    }

    #[test]
    fn quantized_v_needs_fa() {
        let req = FitRequest {
            cache_type_v: "q8_0".into(),
            flash_attn: FlashAttn::Off,
            ..Default::default()
        };
        assert!(matches!(
            resolve(&spec(), &req, 0),
            Err(FitError::QuantizedVNeedsFlashAttn(_))
        ));
        let req = FitRequest {
            cache_type_v: "q8_0".into(),
            ..Default::default()
        };
        assert!(resolve(&spec(), &req, 0).unwrap().flash_attn);
        let req = FitRequest {
            cache_type_k: "q3_k".into(),
            ..Default::default()
        };
        assert!(resolve(&spec(), &req, 0).is_err());
    }
}
