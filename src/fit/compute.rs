//! Compute (scheduler) buffers and the output buffer (research/arch_table.md §2.4, §2.7, §2.8; fit.md
//! §0.4, §1.4; llama.cpp `llama_context::sched_reserve`, `output_reserve`).
//!
//! The reserve graph has n_tokens = n_ubatch and asks for n_ubatch logits rows. Live at the allocator's
//! peak (arch_table §2.8, fitted on the 288 cpu_truth configurations):
//!   FA on : 4·ub·n_vocab (f32 logits) + 2·ub·Σn_kv (f16 masks) + 20·ub·E + 40·ub
//!   FA off: max(4·ub·n_head·n_kv_full (f32 KQ), 4·ub·n_vocab) + 4·ub·Σn_kv (f32 masks)
//!           + (4 + 3q)·4·ub·E, q = n_head·head_k/E   [+ 2·n_kv·kv_lora for MLA's transposed latent V]
//!   When the FA-on masks are at least the logits, the logits reuse the freed mask block:
//!           Σmasks + (2·n_ff + 6·E)·4·ub.
//! Graph shapes with their own peak (read from `src/models/*.cpp` and `llama-graph.cpp`, checked on the arch
//! sweep): no-cache encoders (fused QKV held through KQ with FA off; with FA on the K cast or the FFN over the
//! embedding inputs), archs without the mixed-batch input (logits right above the inputs), WavTokenizer's
//! convolutions.
//! n_kv is cells per stream (n_ctx_seq without `--kv-unified`), per cache. With GPUs the graph is split:
//! `offloaded_graph_bytes` (inputs and masks stay on the host, only the output layer's GPU holds the logits).
//! With layers or experts on the host, CUDA/ROCm/Vulkan run their large-batch ops on the first GPU anyway,
//! staging one host weight (or a host layer's K/V) at a time on top of a layer's working set
//! (`staged_peak`, ggml-backend's scheduler), and the host keeps masks and input rows (`host_with_offload`).
//! A GPU's MoE layers are replayed through ggml-alloc's allocator (`graph_alloc`), whose unreusable holes
//! make the peak larger than any live set.
//! Checked on tests/data/fit/split_logs.tsv. Pipeline parallelism (several GPUs, all layers offloaded, no
//! overrides) keeps 4 copies of split inputs: GPU +15 %, host ×3 (fit.md §0.4, XD-2x).

use super::arch;
use super::context::{Ctx, is_mla};
use super::graph_alloc::{self, Shape, Staged};
use super::kv::KvLayout;
use super::placement::Weights;
use super::{Backend, FitRequest, uses_gpu};
use crate::model::ModelSpec;

/// Output buffer: f32 logits of one token per sequence (`n_outputs_max_per_seq` = 1), on the host.
pub fn output_bytes(spec: &ModelSpec, ctx: &Ctx) -> u64 {
    // Encoder-decoder T5 always reserves the embeddings part too (arch_table §2.7).
    let embd = if spec.architecture == "t5" {
        u64::from(spec.hparams.n_embd)
    } else {
        0
    };
    4 * (u64::from(spec.hparams.n_vocab) + embd) * u64::from(ctx.n_seq.max(1))
}

/// The f32 logits the reserve graph materializes for `ub` rows: none when the graph ends without a
/// language-model head (embedders, encoders, the audio decoder); two `[n_vocab, ub]` tensors for chameleon
/// and qwen3tts, whose graphs write the logits with token ranges masked into a second tensor.
pub fn logits_bytes(spec: &ModelSpec, ub: u64) -> u64 {
    let arch_name = spec.architecture.as_str();
    if arch::has_no_lm_head(arch_name) {
        return 0;
    }
    let copies = if matches!(arch_name, "chameleon" | "qwen3tts") {
        2
    } else {
        1
    };
    copies * 4 * ub * u64::from(spec.hparams.n_vocab)
}

/// The whole reserve graph's peak, as the CPU backend allocates it (every node on one device).
pub fn graph_bytes(spec: &ModelSpec, ctx: &Ctx, kv: &KvLayout) -> u64 {
    let ub = u64::from(ctx.n_ubatch.min(ctx.n_ctx.max(1)));
    if spec.architecture == "wavtokenizer-dec" {
        return wavtokenizer_graph_bytes(spec, ub);
    }
    let logits = logits_bytes(spec, out_rows(ctx, ub));
    if logits > 0 && !arch::supports_mixed_batch(&spec.architecture) {
        // Without the mixed token/embedding input path (`llm_arch_supports_mixed_batch`), `build_inp_embd`
        // allocates no mixed copy and select above the masks, so nothing above the graph inputs outlives the
        // layers: by the output matmul the masks and the layer scratch are free and the logits sit right above
        // the token input, the embeddings input and the final norm (`t_embd`, an output). Probe-exact for
        // cogvlm FA off, deepseek4 FA on, dflash and graniteswitch (within 0.5 MiB).
        let e = u64::from(spec.hparams.n_embd);
        let layers = graph_bytes_with_logits(spec, ctx, kv, ub, 0);
        return layers.max(logits + 8 * ub * e + 4 * ub);
    }
    graph_bytes_with_logits(spec, ctx, kv, ub, logits)
}

/// The reserve graph's peak given the bytes of its logits (0: the peak of the layers alone).
fn graph_bytes_with_logits(
    spec: &ModelSpec,
    ctx: &Ctx,
    kv: &KvLayout,
    ub: u64,
    logits: u64,
) -> u64 {
    let hp = &spec.hparams;
    let e = u64::from(hp.n_embd);
    let n_head = u64::from(hp.n_head.max());
    let caches: Vec<u64> = [kv.full_cells, kv.swa_cells]
        .into_iter()
        .filter(|c| *c > 0)
        .map(u64::from)
        .collect();
    // No KV (encoders) attend over the ubatch: mask [ub, ub]. So do graphs without an LM head even where
    // llama.cpp allocates an (unused) cache (llama-embed, t5encoder).
    let no_cache = caches.is_empty() || arch::has_no_lm_head(&spec.architecture);
    let caches = if no_cache {
        // Encoders with sliding-window layers (EmbeddingGemma, ModernBERT) build a second, windowed mask.
        if arch::swa_flags(&spec.architecture, hp).contains(&true) {
            vec![ub, ub]
        } else {
            vec![ub]
        }
    } else {
        caches
    };
    let sum_kv: u64 = caches.iter().sum();
    let no_head = arch::has_no_lm_head(&spec.architecture);
    let widest = if kv.full_cells > 0 && !no_head {
        u64::from(kv.full_cells)
    } else {
        caches.iter().copied().max().unwrap_or(ub)
    };
    // T5's relative-position bias keeps attention off the flash path whatever `-fa` resolved to (arch_table
    // §2.3); the mask type still follows the flag.
    let t5 = matches!(spec.architecture.as_str(), "t5" | "t5encoder");
    let full = if kv.full_cells > 0 && caches.len() > 1 {
        u64::from(kv.full_cells)
    } else {
        caches[0]
    };
    let indexer = indexer_graph_bytes(spec, ub, full);
    if ctx.flash_attn && !t5 {
        let masks = 2 * ub * sum_kv;
        if no_cache && logits == 0 {
            return masks + no_cache_fa_layer_bytes(spec, ub) + indexer;
        }
        if masks >= logits {
            // Also the graphs without logits: the peak is inside a layer (FFN activations).
            let n_ff = u64::from(hp.n_ff.max().max(hp.n_ff_exp));
            return masks + (2 * n_ff + 6 * e) * 4 * ub + indexer;
        }
        logits + masks + 20 * ub * e + 40 * ub + indexer
    } else {
        let head_k = if hp.n_embd_head_k > 0 {
            u64::from(hp.n_embd_head_k)
        } else {
            e / n_head.max(1)
        };
        let q_x3 = (3 * n_head * head_k * 1000).checked_div(e).unwrap_or(3000);
        let kq = 4 * ub * n_head * widest;
        let masks = if ctx.flash_attn { 2 } else { 4 } * ub * sum_kv;
        if is_mla(spec) && kq <= logits {
            // MLA attends in the latent space: its Q/K/V scratch and the transposed latent V are freed before
            // the logits, so the peak is the FA-on one with f32 masks (fixtures of deepseek2, mistral4, the
            // Kimi family: exact, where the generic tail over-predicted 6–10 %).
            return logits + masks + 20 * ub * e + 40 * ub + indexer;
        }
        let mut c = kq.max(logits) + masks + (4000 + q_x3) * 4 * ub * e / 1000;
        if no_cache {
            c += fused_qkv_held_bytes(spec, ub);
        }
        if is_mla(spec) {
            c += 2 * widest * u64::from(hp.n_lora_kv);
        }
        if t5 {
            // i32 relative-position buckets [n_kv, ub]; without a decoder head to dominate, the encoder's
            // gathered bias [n_kv, ub, n_head] f32 and its contiguous permuted copy are live with KQ.
            c += 4 * ub * widest;
            if no_head {
                c += 2 * kq;
            }
        }
        c + indexer
    }
}

/// WavTokenizer's decoder (`src/models/wavtokenizer-dec.cpp`) has no KV, no masks and no LM head: a conv1d
/// stem, posnet and ConvNeXt blocks, each convolution an f16 `im2col` (`ggml_conv_1d`: [K·C_in, ub]) and a
/// matmul. The peak is the stem's im2col, allocated above what `build_inp_embd` left (the token and mixed
/// token/slot inputs, 16 B per row, and five f32 `[n_embd, ub]` rows: the embeddings input, the mixed-input
/// copy, the gathered rows, the select and its transposed copy; probe-exact at ub 256/512/1024). A ConvNeXt
/// block (depthwise im2col [K, ub, C] next to its input and output) or posnet self-attention (`[ub, ub]` f32
/// scores next to V and the transposed Q, K) can be wider on real sizes and is taken when it is.
fn wavtokenizer_graph_bytes(spec: &ModelSpec, ub: u64) -> u64 {
    let dims = |name: &str| {
        spec.tensor(name)
            .map(|t| t.dims.clone())
            .unwrap_or_default()
    };
    let dim = |d: &[u64], i: usize| d.get(i).copied().unwrap_or(0);
    let e_in = u64::from(spec.hparams.n_embd);
    let stem = dims("conv1d.weight");
    let (k_stem, c_stem) = (dim(&stem, 0).max(1), dim(&stem, 1).max(e_in));
    let inputs = 16 * ub + 5 * 4 * ub * e_in;
    let stem_peak = inputs + 2 * ub * k_stem * c_stem;
    let dw = dims("convnext.0.dw.weight");
    let c = dim(&dw, 2);
    let n_ff = dim(&dims("convnext.0.pw1.weight"), 1);
    let convnext_peak =
        4 * ub * e_in + (2 * ub * dim(&dw, 0) * c + 8 * ub * c).max(8 * ub * c + 4 * ub * n_ff);
    let attn_peak = spec.tensor("posnet.2.attn_q.weight").map_or(0, |q| {
        4 * ub * e_in + 16 * ub * dim(&q.dims, 2) + 4 * ub * ub
    });
    stem_peak.max(convnext_peak).max(attn_peak)
}

/// The peak of a no-cache graph without logits (BERT-style encoders, embedders) with FA on, masks aside
/// (probe allocator traces of bert, nomic-bert, neo-bert, modern-bert). Below everything sit the inputs
/// `build_inp_embd` and the graph keep: the embeddings input and its mixed copy (two f32 `[n_embd, ub]`)
/// and the token, slot, position and output-id rows (24 B per row). On top, the larger of
/// - attention at the f16 cast of K (`build_attn_mha` casts the f32 K and V for `ggml_flash_attn_ext`):
///   the layer input, the Q/K/V projections (a fused QKV stays whole until V is cast), the roped Q and K
///   when fused, and the f16 K;
/// - the FFN: three f32 rows of width n_embd (the normed input, the residual and a freed hole ggml-alloc
///   cannot reuse) and the up, gate and activation outputs of width n_ff (gated: GLU, SwiGLU, GeGLU with
///   its double-width up), or the up alone whose activation runs in place.
fn no_cache_fa_layer_bytes(spec: &ModelSpec, ub: u64) -> u64 {
    let hp = &spec.hparams;
    let e = u64::from(hp.n_embd);
    let n_q = u64::from(hp.n_head.max()) * u64::from(hp.n_embd_head_k);
    let n_k = u64::from(hp.n_head_kv.get(0)) * u64::from(hp.n_embd_head_k);
    let n_v = u64::from(hp.n_head_kv.get(0)) * u64::from(hp.n_embd_head_v);
    let attn_rows = match spec.tensor("blk.0.attn_qkv.weight") {
        Some(qkv) => e + qkv.dims.get(1).copied().unwrap_or(n_q + n_k + n_v) + n_q + n_k,
        None => e + n_q + n_k + n_v,
    };
    let attn = 4 * ub * attn_rows + 2 * ub * n_k;
    let n_ff = u64::from(hp.n_ff.max());
    let gated = spec.tensor("blk.0.ffn_gate.weight").is_some()
        || spec
            .tensor("blk.0.ffn_up.weight")
            .is_some_and(|t| t.dims.get(1) == Some(&(2 * n_ff)));
    let ffn = 4 * ub * (3 * e + if gated { 3 * n_ff } else { n_ff });
    2 * 4 * ub * e + 24 * ub + attn.max(ffn)
}

/// A no-cache attention graph (`build_attn_inp_no_cache`: encoders, diffusion LMs) with a fused QKV
/// projection and FA off: Q, K and V are views of one `[n_q + n_k + n_v, ub]` f32 matmul result. With a
/// cache, V's view is consumed by the cache store before KQ; without one, its only consumer is the
/// `ggml_cont(ggml_transpose(v))` after the softmax (`build_attn_mha`), so ggml-alloc keeps the whole fused
/// tensor alive through KQ, next to the roped Q and K copies. Separate projections free Q and K there (the
/// rope runs in place), so the fused layout holds the Q and K parts on top: 4·ub·(width − n_v).
fn fused_qkv_held_bytes(spec: &ModelSpec, ub: u64) -> u64 {
    let Some(qkv) = spec.tensor("blk.0.attn_qkv.weight") else {
        return 0;
    };
    let hp = &spec.hparams;
    let width = qkv.dims.get(1).copied().unwrap_or(0);
    let n_v = u64::from(hp.n_head_kv.get(0)) * u64::from(hp.n_embd_head_v);
    4 * ub * width.saturating_sub(n_v)
}

/// The DSA lightning indexer's part of the graph (deepseek32, glm-dsa, hy_v4, dots3note): per cached token
/// and ubatch row an f32 score (heads are reduced inside the op), the f32 top-k sparse mask and its f16 copy
/// for attention — 10 B — plus one key row per token. Fitted exactly on the fixtures' three context sizes.
fn indexer_graph_bytes(spec: &ModelSpec, ub: u64, n_kv: u64) -> u64 {
    match spec.architecture.as_str() {
        "deepseek32" | "glm-dsa" | "hy_v4" | "dots3note" if spec.hparams.indexer_head_size > 0 => {
            ub * (10 * n_kv + u64::from(spec.hparams.indexer_head_size) + 8)
        }
        _ => 0,
    }
}

/// The reserve graph split between GPUs holding every layer and the host, which keeps the graph inputs
/// (KQ masks, token/embedding inputs). Fitted on the CUDA/Metal logs in research/fit_vectors.tsv
/// (XD-1x/metal rows, logdetective, lcpp-7450: exact to 0.01 MiB; gpt-oss-20b FA on within 1.5 %), u = 4·ub·E:
///   FA off: GPU = max(KQ + f32 mask + 4u, logits + u)   FA on: GPU = max(logits + u, layer peak)
///   host   = masks + u (+ u for the embeddings input since llama.cpp#18550, January 2026).
/// Before llama.cpp#23764 (May 2026) the host built the mask in f32 with or without FA and, with FA, the first
/// GPU to attend cast its copy to f16 (gpt-oss-20b Vulkan FA on: 33.5 + 5.6 = 39 MiB host, log 39;
/// Qwen2.5-7B FA on: 8 + 7, log 15.01); since, the FA mask is f16 from the start.
/// Returns the output GPU's head (logits + u; its buffer is the larger of that and its layer peak) and the
/// host's part.
fn offloaded_graph_bytes(spec: &ModelSpec, ctx: &Ctx, kv: &KvLayout) -> (u64, u64) {
    let hp = &spec.hparams;
    let ub = ubatch(ctx);
    let u = 4 * ub * u64::from(hp.n_embd);
    let gpu = logits_bytes(spec, out_rows(ctx, ub)) + u;
    (
        gpu,
        mask_width(ctx) * ub * cells(kv, ub).0 + ctx.embd_inputs * u,
    )
}

/// Logit rows of a reserve graph of `ub` tokens: llama.cpp reserves min(n_tokens, n_outputs_max).
fn out_rows(ctx: &Ctx, ub: u64) -> u64 {
    ub.min(u64::from(ctx.n_outputs.max(1)))
}

/// Bytes per mask cell on the host (f32 or f16, `Ctx::f32_mask`).
fn mask_width(ctx: &Ctx) -> u64 {
    if ctx.f32_mask { 4 } else { 2 }
}

/// n_tokens of the reserve graph.
fn ubatch(ctx: &Ctx) -> u64 {
    u64::from(ctx.n_ubatch.min(ctx.n_ctx.max(1)))
}

/// (Σ cells over the caches, cells of the widest attention) the masks and KQ span; an encoder without a
/// cache attends over the ubatch.
fn cells(kv: &KvLayout, ub: u64) -> (u64, u64) {
    let c = [kv.full_cells, kv.swa_cells].map(u64::from);
    let sum: u64 = c.iter().sum();
    let sum = if sum == 0 { ub } else { sum };
    let widest = if kv.full_cells > 0 {
        u64::from(kv.full_cells)
    } else {
        sum
    };
    (sum, widest)
}

/// Whether a model has dense (non-expert) FFN blocks, e.g. the leading dense layers of DeepSeek/GLM MoE.
fn has_dense_ffn(spec: &ModelSpec) -> bool {
    spec.hparams.n_expert == 0
        || spec
            .tensors
            .iter()
            .any(|t| t.block().is_some() && t.name.ends_with(".ffn_down.weight"))
}

/// A GPU's working set inside one repeating layer, without the output head: what every GPU holding layers
/// reserves, and what a weight staged from the host sits on top of.
///   FA off: KQ [n_kv, ub, n_head] f32 + f32 mask + 4u (fit_vectors: exact on the XD/logdetective rows).
///   FA on : f16 mask + the FFN activations. Dense: (2·n_ff + 6·E)·4·ub as on the CPU graph (cpu_truth).
///   MoE: replayed through ggml-alloc (`graph_alloc`: the holes the gate/up results leave count), e.g.
///   OLMoE-1B-7B at full offload, ctx 4096, ub 512: 64.01 MiB against 64.09 logged (gpustack/gguf-parser-go#45);
///   where the replay does not model the attention (MLA, recurrent, indexer), the largest live set: the
///   routed experts' outputs [n_ff_exp + E, n_used, ub] f32 and two [E, ub] rows.
fn layer_peak_bytes(spec: &ModelSpec, ctx: &Ctx, kv: &KvLayout, first: bool) -> u64 {
    let hp = &spec.hparams;
    let ub = ubatch(ctx);
    let e = u64::from(hp.n_embd);
    let u = 4 * ub * e;
    let (sum_kv, widest) = cells(kv, ub);
    if !ctx.flash_attn {
        let kq = 4 * ub * u64::from(hp.n_head.max()) * widest;
        return kq + 4 * ub * sum_kv + 4 * u;
    }
    if let Some(moe) = replayed_moe_peak(spec, ctx, kv, &Staged::default(), first) {
        return moe.max(2 * ub * sum_kv + dense_ffn_bytes(spec, ub));
    }
    2 * ub * sum_kv + ffn_live_bytes(spec, ctx)
}

/// The MoE layers' peak replayed through ggml-alloc (`graph_alloc`), where the replay models the graph:
/// flash attention on, routed experts, plain Q/K/V attention (not MLA, no recurrent or indexer layers).
/// `first`: this device runs the first attention layer (it casts the f32 mask on older builds).
fn replayed_moe_peak(
    spec: &ModelSpec,
    ctx: &Ctx,
    kv: &KvLayout,
    staged: &Staged,
    first: bool,
) -> Option<u64> {
    let hp = &spec.hparams;
    if !ctx.flash_attn
        || is_mla(spec)
        || hp.indexer_head_size > 0
        || kv.rs.iter().any(|b| *b > 0)
        || (kv.full_cells == 0 && kv.swa_cells == 0)
    {
        return None;
    }
    let shape = Shape {
        ub: ubatch(ctx),
        mask_cells: [kv.full_cells, kv.swa_cells]
            .into_iter()
            .filter(|c| *c > 0)
            .map(u64::from)
            .collect(),
        f32_masks: first && ctx.f32_mask,
    };
    graph_alloc::moe_layers_peak(spec, &shape, staged)
}

/// Where the layers and their weights went: device per layer (`host` = the host), the weights' split, and
/// the device that runs the first attention layer.
#[derive(Clone, Copy)]
struct Placed<'a> {
    layer_dev: &'a [usize],
    weights: &'a Weights,
    host: usize,
    first_attn: Option<usize>,
}

/// Whether ggml-backend's scheduler runs the ops of host-resident weights on the first GPU: `op_offload`
/// (on by default) asks the GPU backend's `offload_op`, which CUDA, ROCm and Vulkan grant for batches of 32
/// tokens or more (`ggml_backend_sched_backend_id_from_cur`). The reserve graph has n_ubatch tokens.
fn offloads_host_ops(req: &FitRequest, ctx: &Ctx) -> bool {
    matches!(req.backend, Backend::Cuda | Backend::Rocm | Backend::Vulkan)
        && ctx.n_ubatch.min(ctx.n_ctx.max(1)) >= 32
}

/// What the first GPU stages from the host for one op at a time when host weights are offloaded. A matmul
/// whose weight sits in a host buffer starts its own split (`ggml_backend_sched_split_graph`: "by starting a
/// new split, the memory of the previously offloaded weights can be reused"), so one weight copy is live at
/// a time, on top of the layer's activations. Attention of a layer left on the host follows the offloaded
/// matmuls around it to the GPU (the scheduler expands GPU assignments over ops without weights), so that
/// layer's K and V views are copied too. Returns the peak: the largest such copy + the layer's working set;
/// MoE layers replay each staged copy before its op (`graph_alloc`): OLMoE-1B-7B Q4_K_M, -ngl 1/2/4,
/// 171.26 MiB against 172.37 logged (the largest copy on the working set said 165).
fn staged_peak(
    spec: &ModelSpec,
    req: &FitRequest,
    ctx: &Ctx,
    kv: &KvLayout,
    placed: &Placed,
    layer: u64,
) -> u64 {
    let Placed {
        layer_dev,
        weights,
        host,
        ..
    } = *placed;
    let kv_stage = if req.no_kv_offload {
        0 // -nkvo pins attention to the CPU backend (llama-graph), nothing is copied
    } else {
        kv.kv
            .iter()
            .zip(layer_dev)
            .filter(|(_, d)| **d == host)
            .map(|(b, _)| *b)
            .max()
            .unwrap_or(0)
    };
    let copy = weights.largest_host_layer_tensor.max(kv_stage);
    if copy == 0 {
        return 0;
    }
    // MoE layers: replay the staged copies where the allocator places them (each before its own op).
    let replayed = weights.largest_host_block.and_then(|b| {
        let on_host = |name: &str| {
            layer_dev.get(b as usize).is_none_or(|d| *d == host)
                || (name.contains("_exps") && (req.cpu_moe || b < req.n_cpu_moe))
        };
        let staged = graph_alloc::staged_block(spec, b, on_host);
        replayed_moe_peak(spec, ctx, kv, &staged, placed.first_attn == Some(0))
    });
    match replayed {
        Some(r) if kv_stage > 0 => r.max(kv_stage + layer),
        Some(r) => r,
        // Without flash attention the layer's peak is KQ; an FFN weight is copied in only after KQ is freed,
        // so it sits on the FFN's working set instead (Qwen3-30B-A3B, experts on the CPU, FA off: both
        // GPUs log 1080.00 MiB, the staging one included).
        None if !ctx.flash_attn
            && weights.largest_host_ffn
            && weights.largest_host_layer_tensor >= kv_stage =>
        {
            let ffn = 4 * ubatch(ctx) * cells(kv, ubatch(ctx)).0 + ffn_live_bytes(spec, ctx);
            let kv_part = if kv_stage > 0 { kv_stage + layer } else { 0 };
            layer
                .max(weights.largest_host_layer_tensor + ffn)
                .max(kv_part)
        }
        None => copy + layer,
    }
}

/// The FFN's largest live set inside a layer (masks aside): dense gate/up/activation rows, or the routed
/// experts' outputs [n_ff_exp + E, n_used, ub] f32 with the FFN input and the residual.
fn ffn_live_bytes(spec: &ModelSpec, ctx: &Ctx) -> u64 {
    let hp = &spec.hparams;
    let ub = ubatch(ctx);
    let e = u64::from(hp.n_embd);
    let moe = if hp.n_expert > 0 && hp.n_ff_exp > 0 {
        let used = u64::from(hp.n_expert_used.max(1));
        4 * ub * (used * (u64::from(hp.n_ff_exp) + e) + 2 * e)
    } else {
        0
    };
    moe.max(dense_ffn_bytes(spec, ub))
}

/// A dense FFN block's live set, (2·n_ff + 6·E)·4·ub as on the CPU graph (cpu_truth); 0 without one.
fn dense_ffn_bytes(spec: &ModelSpec, ub: u64) -> u64 {
    if !has_dense_ffn(spec) {
        return 0;
    }
    let hp = &spec.hparams;
    (2 * u64::from(hp.n_ff.max()) + 6 * u64::from(hp.n_embd)) * 4 * ub
}

/// The host's part when the GPU runs the large-batch ops of its layers too: the masks, and either the
/// embedded input rows or the new K/V rows written into a host-resident cache (the input rows are copied to
/// the GPU and freed first). GLM-4.5-Air Q8_0, 20 of 48 layers on 3 GPUs, ctx 20000, FA on: 39.5 + 8 =
/// 47.5 MiB against 47.51 logged (ollama/ollama#12403). The token-generation graph (1 token, every host op
/// on the CPU) is reserved into the same buffer.
fn host_with_offload(spec: &ModelSpec, ctx: &Ctx, kv: &KvLayout) -> u64 {
    let hp = &spec.hparams;
    let ub = ubatch(ctx);
    let u = 4 * ub * u64::from(hp.n_embd);
    let hk = if hp.n_embd_head_k > 0 {
        hp.n_embd_head_k
    } else {
        hp.n_embd / hp.n_head.max().max(1)
    };
    let hv = if hp.n_embd_head_v > 0 {
        hp.n_embd_head_v
    } else {
        hk
    };
    let kv_rows = 4 * ub * u64::from(hp.n_head_kv.max()) * u64::from(hk + hv);
    let pp = mask_width(ctx) * ub * cells(kv, ub).0 + (ctx.embd_inputs - 1) * u + u.max(kv_rows);
    let one = Ctx {
        n_ubatch: 1,
        ..ctx.clone()
    };
    pp.max(graph_bytes(spec, &one, kv))
}

/// Compute buffer per device (GPUs in order, then the host).
pub fn buffers(
    spec: &ModelSpec,
    req: &FitRequest,
    ctx: &Ctx,
    kv: &KvLayout,
    layer_dev: &[usize],
    weights: &Weights,
    n_gpus: usize,
) -> Vec<u64> {
    let mut out = vec![0u64; n_gpus + 1];
    let graph = graph_bytes(spec, ctx, kv);
    if !uses_gpu(req) {
        out[n_gpus] = graph;
        return out;
    }
    let offloads = offloads_host_ops(req, ctx);
    // The device running the first attention layer: its GPU, or the first GPU when it runs the host
    // layers' large-batch ops. On builds with an f32 flash-attention mask it copies and casts the mask.
    let first_attn = match layer_dev.first() {
        Some(&d) if d < n_gpus => Some(d),
        Some(_) if offloads => Some(0),
        _ => None,
    };
    let layer_graph = layer_peak_bytes(spec, ctx, kv, false);
    let layer_first = if ctx.flash_attn && ctx.f32_mask {
        layer_peak_bytes(spec, ctx, kv, true)
    } else {
        layer_graph
    };
    let layer_on = |g: usize| {
        if first_attn == Some(g) {
            layer_first
        } else {
            layer_graph
        }
    };
    let staged = if offloads {
        let placed = Placed {
            layer_dev,
            weights,
            host: n_gpus,
            first_attn,
        };
        staged_peak(spec, req, ctx, kv, &placed, layer_on(0))
    } else {
        0
    };
    if layer_dev.iter().all(|d| *d == n_gpus) {
        if let Some((gpu0, host)) = op_offload_only(spec, req, ctx, kv) {
            out[0] = gpu0.max(staged);
            out[n_gpus] = host;
        } else {
            out[n_gpus] = graph;
        }
        return out;
    }
    let (head, mut host) = offloaded_graph_bytes(spec, ctx, kv);
    let out_dev = layer_dev
        .get(spec.hparams.n_layer as usize)
        .copied()
        .unwrap_or(n_gpus);
    let all_on_gpu = layer_dev.iter().all(|d| *d != n_gpus);
    let pipeline =
        n_gpus > 1 && all_on_gpu && !req.cpu_moe && req.n_cpu_moe == 0 && !req.no_kv_offload;
    for (g, slot) in out.iter_mut().take(n_gpus).enumerate() {
        if !layer_dev.contains(&g) {
            continue;
        }
        // Only the GPU computing the output layer holds the logits.
        let mut c = if g == out_dev {
            head.max(layer_on(g))
        } else {
            layer_on(g)
        };
        if pipeline {
            c += c * 15 / 100;
        }
        *slot = c;
    }
    // Staged host weights and K/V always go to the first GPU (the first backend whose offload_op accepts),
    // and so does the output matmul when the output layer stayed on the host (builds before
    // llama.cpp#18148 at -ngl ≤ n_layer): GLM-4.5-Air Q8_0, 20 of 48 layers, 629 MiB output weight + 296 MiB
    // logits + 8 MiB input rows = 933 MiB against 933.00 logged (ollama/ollama#12403).
    out[0] = out[0].max(staged);
    if offloads && out_dev == n_gpus {
        out[0] = out[0].max(staged_output_bytes(spec, ctx));
    }
    if pipeline {
        host *= 3;
    }
    // Experts left on the host with a backend that does not take their ops (Metal, small batches): the
    // CPU runs the routed FFN of those layers and holds its working set.
    if !offloads && (req.cpu_moe || req.n_cpu_moe > 0) {
        host += graph_alloc::routed_ffn_peak(spec, ubatch(ctx)).unwrap_or(0);
    }
    if !all_on_gpu {
        host = if offloads {
            host_with_offload(spec, ctx, kv)
        } else {
            // Small batches (or Metal): the host layers run their part of the graph on the CPU (assumed
            // half the CPU-only graph: no such log was found).
            host.max(graph / 2)
        };
    }
    out[n_gpus] = host;
    out
}

/// `-ngl 0` with a GPU backend: ggml-backend's scheduler still sends every op whose weight sits in a host
/// buffer to the first GPU when the batch is large (`op_offload`, on by default; CUDA, ROCm and Vulkan
/// offload batches of 32 tokens or more, `ggml_backend_sched_backend_id_from_cur`). The reserve graph uses
/// n_ubatch tokens, so the weights are copied into GPU 0's compute buffer one op at a time: its peak is the
/// output matmul, i.e. the output weight (or the tied embedding), the f32 logits and its input row block
/// (or a layer's largest weight with that layer's working set, `staged_peak`, when that is larger).
/// The host keeps only the graph inputs (masks, embeddings). Metal maps weights for the GPU and small ubatches
/// stay on the CPU: `None`, the whole graph on the host.
fn op_offload_only(
    spec: &ModelSpec,
    req: &FitRequest,
    ctx: &Ctx,
    kv: &KvLayout,
) -> Option<(u64, u64)> {
    if !offloads_host_ops(req, ctx) {
        return None;
    }
    Some((
        staged_output_bytes(spec, ctx),
        host_with_offload(spec, ctx, kv),
    ))
}

/// The output matmul run on the first GPU with its weight in a host buffer: the output weight (or the tied
/// embedding) copied in, the f32 logits and the input row block.
fn staged_output_bytes(spec: &ModelSpec, ctx: &Ctx) -> u64 {
    let ub = ubatch(ctx);
    let head = spec
        .tensor("output.weight")
        .or_else(|| spec.tensor("token_embd.weight"))
        .map_or(0, |t| t.bytes);
    head + logits_bytes(spec, out_rows(ctx, ub)) + 4 * ub * u64::from(spec.hparams.n_embd)
}
