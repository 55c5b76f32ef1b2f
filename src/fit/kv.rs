//! KV cache and recurrent state per layer (research/arch_table.md §1.3–§1.4, cpu_truth.md obs. 2–5;
//! llama.cpp `llama_kv_cache`, `llama_kv_cache_iswa`, `llama_memory_recurrent`).
//!
//! K = [n_embd_k_gqa(il), cells, n_stream] of type_k, V likewise (none for MLA: V is a view of K).
//! Full-attention cells = n_ctx_seq; SWA cells = PAD256(min(n_ctx_seq, n_swa·(unified ? n_seq : 1) + ub))
//! unless `--swa-full`. With FA off and differing V widths every layer's V is padded to the widest.
//! Recurrent state is f32, `max(1, n_seq)` rows per layer, independent of the context.

use super::context::{Ctx, is_mla, pad256};
use super::{FitError, FitRequest, arch, cache_type};
use crate::model::ModelSpec;

#[derive(Debug, Clone, PartialEq, Default)]
pub struct KvLayout {
    /// KV bytes per layer (0 for layers without their own KV).
    pub kv: Vec<u64>,
    /// Recurrent-state bytes per layer.
    pub rs: Vec<u64>,
    /// Cells per stream of the full-attention cache (0 when there is none).
    pub full_cells: u32,
    /// Cells per stream of the SWA cache (0 when there is none).
    pub swa_cells: u32,
}

impl KvLayout {
    pub fn kv_total(&self) -> u64 {
        self.kv.iter().fold(0, |a, b| a.saturating_add(*b))
    }
    pub fn rs_total(&self) -> u64 {
        self.rs.iter().fold(0, |a, b| a.saturating_add(*b))
    }
}

/// Which layers have their own attention KV, and which carry recurrent state.
pub fn layer_kinds(spec: &ModelSpec) -> (Vec<bool>, Vec<bool>) {
    let hp = &spec.hparams;
    let arch_name = spec.architecture.as_str();
    let n = hp.n_layer as usize;
    if arch::has_no_memory(arch_name) {
        return (vec![false; n], vec![false; n]);
    }
    let nextn_start = hp.n_layer.saturating_sub(hp.nextn_predict_layers);
    let kv_from = arch::n_layer_kv_from_start(arch_name, hp);
    let recurrent_arch = arch::is_recurrent(arch_name);
    let hybrid = arch::is_hybrid(arch_name);
    let mut attn = vec![false; n];
    let mut rec = vec![false; n];
    for il in 0..hp.n_layer {
        let i = il as usize;
        if recurrent_arch {
            rec[i] = true;
        } else if hybrid {
            (attn[i], rec[i]) = arch::hybrid_layer(arch_name, hp, il);
        } else {
            attn[i] = il < nextn_start && il < kv_from;
        }
    }
    (attn, rec)
}

pub fn kv_per_layer(spec: &ModelSpec, req: &FitRequest, ctx: &Ctx) -> Result<KvLayout, FitError> {
    let hp = &spec.hparams;
    let n = hp.n_layer as usize;
    let tk = cache_type(&req.cache_type_k)?;
    let tv = cache_type(&req.cache_type_v)?;
    let (attn, rec) = layer_kinds(spec);
    let swa = arch::swa_flags(&spec.architecture, hp);
    let mla = is_mla(spec);
    let head_k = if hp.n_embd_head_k > 0 {
        hp.n_embd_head_k
    } else {
        hp.n_embd / hp.n_head.get(0).max(1)
    };
    let head_v = if hp.n_embd_head_v > 0 {
        hp.n_embd_head_v
    } else {
        head_k
    };
    // n_head_kv defaults to n_head when the file leaves it out (the reader gives 0).
    let head_kv = |il: usize| {
        let v = hp.n_head_kv.get(il);
        if v == 0 && !arch::is_hybrid(&spec.architecture) && hp.n_head_kv.max() == 0 {
            hp.n_head.get(il)
        } else {
            v
        }
    };
    // Sliding-window layers may have their own head sizes (`attention.key_length_swa`, Gemma 4).
    let is_swa = |il: usize| swa.get(il).copied().unwrap_or(false);
    let head_k_of = |il: usize| match hp.n_embd_head_k_swa {
        w if w > 0 && is_swa(il) => w,
        _ => head_k,
    };
    let head_v_of = |il: usize| match hp.n_embd_head_v_swa {
        w if w > 0 && is_swa(il) => w,
        _ => head_v,
    };
    let v_width = |il: usize| u64::from(head_v_of(il)) * u64::from(head_kv(il));
    // [TAG_V_CACHE_VARIABLE]: FA off stores V transposed, padded to the widest layer when widths differ.
    let v_max = (0..n).map(v_width).max().unwrap_or(0);
    let v_differs = (0..n).any(|il| v_width(il) != v_max);

    let window = arch::forced_swa_window(&spec.architecture).unwrap_or(hp.n_swa);
    let unified_seqs = if req.kv_unified { ctx.n_seq } else { 1 };
    let swa_cells = if req.swa_full {
        ctx.n_ctx_seq
    } else {
        pad256(
            ctx.n_ctx_seq.min(
                window
                    .saturating_mul(unified_seqs)
                    .saturating_add(ctx.n_ubatch),
            ),
        )
    };
    let mut out = KvLayout {
        kv: vec![0; n],
        rs: vec![0; n],
        ..Default::default()
    };
    for il in 0..n {
        if !attn[il] {
            continue;
        }
        let cells = if swa[il] {
            out.swa_cells = swa_cells;
            swa_cells
        } else {
            out.full_cells = ctx.n_ctx_seq;
            ctx.n_ctx_seq
        };
        let rows = u64::from(cells) * u64::from(ctx.n_stream);
        let k_elems = u64::from(head_k_of(il)) * u64::from(head_kv(il));
        let k_row = tk.bytes_for(k_elems).unwrap_or(u64::MAX);
        let v_row = if mla {
            0
        } else {
            let w = if !ctx.flash_attn && v_differs {
                v_max
            } else {
                v_width(il)
            };
            tv.bytes_for(w).unwrap_or(u64::MAX)
        };
        out.kv[il] = rows.saturating_mul(k_row.saturating_add(v_row));
        // Sparse-attention indexer caches live beside the full-attention cache, same cells, K (and V) types.
        if let Some((ik, iv)) = arch::indexer_widths(&spec.architecture, hp)
            && !swa[il]
            && arch::indexer_on_layer(&spec.architecture, hp, il as u32)
        {
            let row = tk
                .bytes_for(ik)
                .unwrap_or(u64::MAX)
                .saturating_add(if iv > 0 {
                    tv.bytes_for(iv).unwrap_or(u64::MAX)
                } else {
                    0
                });
            out.kv[il] = out.kv[il].saturating_add(rows.saturating_mul(row));
        }
    }
    // Granite Switch appends a router attention layer (index n_layer, 1 head, 1 KV head,
    // `llama_model_granite_switch::load_arch_hparams`) that has its own full-context KV; with FA off its V
    // is padded to the widest layer like every other. Booked with the last layer, whose device holds it.
    if spec.architecture == "graniteswitch" && n > 0 {
        let rows = u64::from(ctx.n_ctx_seq) * u64::from(ctx.n_stream);
        let w = if ctx.flash_attn {
            u64::from(head_v)
        } else {
            v_max.max(u64::from(head_v))
        };
        let row = tk
            .bytes_for(u64::from(head_k))
            .unwrap_or(u64::MAX)
            .saturating_add(tv.bytes_for(w).unwrap_or(u64::MAX));
        out.kv[n - 1] = out.kv[n - 1].saturating_add(rows.saturating_mul(row));
    }
    if spec.architecture == "deepseek4" {
        dsv4_caches(
            spec,
            ctx,
            tk.bytes_for(u64::from(head_k)).unwrap_or(u64::MAX),
            &mut out,
        );
    }
    let (r, s) = arch::recurrent_state_elems(&spec.architecture, hp);
    let rs_rows = u64::from(ctx.n_seq.max(1));
    for (slot, is_rec) in out.rs.iter_mut().zip(&rec) {
        if *is_rec {
            *slot = (r + s).saturating_mul(4).saturating_mul(rs_rows);
        }
    }
    // Qwen4-exp keeps its per-layer-embedding conv history as one more recurrent row on each PLE layer:
    // (conv_kernel − 1) × ngram × hyper-connection streams × n_embd, f32.
    if spec.architecture == "qwen4exp" {
        let p = u64::from(hp.ple_conv_kernel.saturating_sub(1))
            * u64::from(hp.ple_ngram_size)
            * u64::from(hp.hc_count.max(1))
            * u64::from(hp.n_embd);
        for &il in &hp.ple_layers {
            if let Some(slot) = out.rs.get_mut(il as usize)
                && rec.get(il as usize).copied().unwrap_or(false)
            {
                *slot = slot.saturating_add(p.saturating_mul(4).saturating_mul(rs_rows));
            }
        }
    }
    Ok(out)
}

/// DeepSeek-V4 (`llama_kv_cache_dsv4`, arch_table §3.3): the raw K-only cache is a sliding window on every
/// layer with one stream per sequence; layers with a compression ratio r add a compressed K-only cache of
/// PAD256(⌈n_ctx_seq / r⌉) cells per sequence — the overlapping CSA layers (r = 4) also a lightning-indexer
/// key cache of the same cells — and f32 compressor states: CSA [2·head_k, 2·r] (two overlapping windows),
/// HCA [head_k, r], indexer [2·idx_k, 2·r], each as a kv and a score tensor per sequence. Replaces what the
/// generic pass computed for these layers.
fn dsv4_caches(spec: &ModelSpec, ctx: &Ctx, k_row: u64, out: &mut KvLayout) {
    let hp = &spec.hparams;
    let seqs = u64::from(ctx.n_seq.max(1));
    // Streams stay per sequence even with --kv-unified, sized from n_ctx_seq (= n_ctx then).
    let seq_ctx = ctx.n_ctx_seq;
    let raw_cells = pad256(seq_ctx.min(hp.n_swa.saturating_add(ctx.n_ubatch)));
    let head_k = u64::from(hp.n_embd_head_k);
    let idx_k = u64::from(hp.indexer_head_size);
    let idx_row = 2 * idx_k; // f16 indexer keys
    let trunk = hp.n_layer.saturating_sub(hp.nextn_predict_layers) as usize;
    out.swa_cells = raw_cells;
    out.full_cells = 0;
    for (il, slot) in out.kv.iter_mut().enumerate() {
        if il >= trunk {
            *slot = 0;
            continue;
        }
        let mut bytes = u64::from(raw_cells) * seqs * k_row;
        let ratio = hp.compress_ratios.get(il).copied().unwrap_or(0);
        if ratio > 0 {
            let cells = u64::from(pad256(seq_ctx.div_ceil(ratio))) * seqs;
            bytes += cells * k_row;
            let r = u64::from(ratio);
            let states = if ratio <= 4 {
                bytes += cells * idx_row;
                2 * (2 * head_k * 2 * r) + 2 * (2 * idx_k * 2 * r)
            } else {
                2 * (head_k * r)
            };
            bytes += states * 4 * seqs;
        }
        *slot = bytes;
    }
}
