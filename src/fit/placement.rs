//! Which device holds each weight tensor (research/arch_table.md §1.5, §2.6; fit.md §1.2; llama.cpp
//! `llama_model_base::load_tensors`, `ggml-cpu/repack.cpp`).
//!
//! `-ngl N`: i_gpu_start = max(n_layer + 1 − N, 0); the output layer (index n_layer) is offloaded first,
//! then the last blocks (before llama.cpp#18148: max(n_layer − N, 0), the output layer last). Input
//! tensors (token_embd, …) always stay on the host; a tied output head is a second copy on the output
//! device. Multi-GPU: layer il goes to the first GPU whose cumulative split share exceeds
//! (il − i_gpu_start)/(layers on GPUs), split ∝ `-ts` or free memory. `--cpu-moe` /
//! `--n-cpu-moe N` keep routed experts (all / of the first N blocks) on the host. NextN/MTP blocks are not
//! loaded (llama.cpp `TENSOR_SKIP` unless `--load-mtp`). CPU-only runs repack Q4_0/Q4_K/IQ4_NL/MXFP4 matmul
//! weights with ne[1] % 8 == 0 into CPU_REPACK (x86 AVX2 rules), and with mmap the CPU_Mapped buffer spans
//! the file range from the first to the last non-repacked tensor.

use super::{FitRequest, uses_gpu};
use crate::model::{ModelSpec, TensorSpec};

/// GGUF default data alignment (`general.alignment`).
const ALIGN: u64 = 32;

/// Device index per layer: `0..n_layer` blocks, then the output layer; `n_gpus` = host.
pub fn layer_devices(spec: &ModelSpec, req: &FitRequest, ngl: u32, n_gpus: usize) -> Vec<usize> {
    let n_all = spec.hparams.n_layer.saturating_add(1);
    let host = n_gpus;
    if n_gpus == 0 || ngl == 0 {
        return vec![host; n_all as usize];
    }
    // i_gpu_start = max(n_layer + 1 − N, 0) since llama.cpp#18148, max(n_layer − N, 0) before; layers
    // i_gpu_start .. i_gpu_start + min(N, n_layer + 1) go to GPUs, so the old count reaches the output layer
    // (index n_layer) only at N > n_layer.
    let start = if req.output_layer_last {
        spec.hparams.n_layer.saturating_sub(ngl)
    } else {
        n_all.saturating_sub(ngl)
    };
    let act = ngl.min(n_all);
    let weights: Vec<f64> = if req.tensor_split.len() == n_gpus {
        req.tensor_split.iter().map(|w| w.max(0.0)).collect()
    } else {
        req.gpus.iter().map(|g| g.capacity_bytes as f64).collect()
    };
    let total: f64 = weights.iter().sum();
    let mut cumulative = Vec::with_capacity(n_gpus);
    let mut acc = 0.0;
    for w in &weights {
        acc += if total > 0.0 {
            w / total
        } else {
            1.0 / n_gpus as f64
        };
        cumulative.push(acc);
    }
    (0..n_all)
        .map(|il| {
            if il < start || il - start >= act {
                return host;
            }
            let x = f64::from(il - start) / f64::from(act);
            // upper_bound: first split strictly greater than x.
            cumulative.iter().position(|c| *c > x).unwrap_or(n_gpus - 1)
        })
        .collect()
}

fn is_input(name: &str) -> bool {
    [
        "token_embd.",
        "position_embd.",
        "token_types.",
        "per_layer_token_embd.",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

/// x86 AVX2 CPU_REPACK rule (arch_table §2.6): matmul weights of these types with ne[1] % 8 == 0.
pub fn repackable(t: &TensorSpec) -> bool {
    matches!(t.ggml_type, 2 | 12 | 20 | 39)
        && t.dims.len() >= 2
        && t.dims[1].is_multiple_of(8)
        && !is_input(&t.name)
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Weights {
    pub per_device: Vec<u64>,
    pub host_repack: u64,
    /// Largest weight tensor left on the host among repeating layers, experts included (copied into the
    /// first GPU's compute buffer for large-batch matmuls, `compute::staged_peak`).
    pub largest_host_layer_tensor: u64,
    /// The block holding that tensor (its other host weights are staged by the same layer's ops).
    pub largest_host_block: Option<u32>,
    /// That tensor is an FFN weight (dense or expert): its copy lives after the layer's attention is freed.
    pub largest_host_ffn: bool,
    /// Host only: bytes of the mapped file range that hold no tensor the run uses in place (the repacked
    /// tensors' originals, read once to build CPU_REPACK, and what lies between). llama.cpp counts them in
    /// CPU_Mapped, but they stay page cache the OS may drop, not memory the run needs.
    pub host_read_once: u64,
}

pub fn weights(spec: &ModelSpec, req: &FitRequest, layer_dev: &[usize], host: usize) -> Weights {
    let hp = &spec.hparams;
    let gpu = uses_gpu(req);
    let out_dev = layer_dev.get(hp.n_layer as usize).copied().unwrap_or(host);
    let mtp_start = hp.n_layer.saturating_sub(hp.nextn_predict_layers);
    let mut w = Weights {
        per_device: vec![0; host + 1],
        ..Default::default()
    };
    let repack_on = !gpu && req.repack;
    // Host file-range span of non-repacked tensors (mmap CPU_Mapped), in table order.
    let mut offset = 0u64;
    let (mut span_lo, mut span_hi) = (u64::MAX, 0u64);
    let mut host_plain = 0u64;
    let (mut embd, mut has_output) = (None, false);
    for t in &spec.tensors {
        if t.name.len() == 17 && t.name == "token_embd.weight" {
            embd = Some(t);
        } else if t.name.len() == 13 && t.name == "output.weight" {
            has_output = true;
        }
        let start = offset;
        offset = offset.saturating_add(t.bytes.div_ceil(ALIGN).saturating_mul(ALIGN));
        let block = t.block();
        if hp.nextn_predict_layers > 0 && block.is_some_and(|b| b >= mtp_start && b < hp.n_layer) {
            continue;
        }
        let mut dev = match block {
            Some(b) if b < hp.n_layer => layer_dev.get(b as usize).copied().unwrap_or(host),
            Some(_) => out_dev,
            None if is_input(&t.name) => host,
            None => out_dev,
        };
        if block.is_some() && t.is_expert() {
            let b = block.unwrap_or(0);
            if req.cpu_moe || b < req.n_cpu_moe {
                dev = host;
            }
        }
        if dev == host {
            if block.is_some() && t.bytes > w.largest_host_layer_tensor {
                w.largest_host_layer_tensor = t.bytes;
                w.largest_host_block = block;
                w.largest_host_ffn = t.name.contains(".ffn_");
            }
            if repack_on && repackable(t) {
                w.host_repack = w.host_repack.saturating_add(t.bytes);
            } else {
                host_plain = host_plain.saturating_add(t.bytes);
                span_lo = span_lo.min(start);
                span_hi = span_hi.max(start.saturating_add(t.bytes));
            }
        } else {
            w.per_device[dev] = w.per_device[dev].saturating_add(t.bytes);
        }
    }
    // Tied output head: a duplicate of token_embd on the output device. On the host it is de-duplicated
    // unless it lands in another buffer type (CPU_REPACK).
    let tied = hp.tied_embeddings && !has_output;
    if let Some(te) = embd.filter(|_| tied) {
        if out_dev != host {
            w.per_device[out_dev] = w.per_device[out_dev].saturating_add(te.bytes);
        } else if repack_on
            && matches!(te.ggml_type, 2 | 12 | 20 | 39)
            && te.dims.get(1).is_some_and(|d| d.is_multiple_of(8))
        {
            w.host_repack = w.host_repack.saturating_add(te.bytes);
        }
    }
    let host_mapped = if req.mmap && !gpu && span_hi > span_lo {
        span_hi - span_lo
    } else {
        host_plain
    };
    w.per_device[host] = host_mapped.saturating_add(w.host_repack);
    w.host_read_once = host_mapped.saturating_sub(host_plain);
    w
}
