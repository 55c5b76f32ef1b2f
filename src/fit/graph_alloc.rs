//! ggml-alloc replayed over one GPU's share of a MoE reserve graph.
//!
//! A GPU that holds MoE layers reserves the peak of ggml-alloc's graph allocator (`ggml_gallocr`) over its
//! split, and that peak is not the live set: the allocator places each tensor in the best-fitting free
//! block (the end of the buffer as a last resort), so a freed hole too small for the next tensor stays
//! counted. In `build_moe_ffn` the gate and up results [n_ff_exp, n_used, ub] are freed only once the
//! activation is written, and the expert outputs [n_embd, n_used, ub] that follow fit in that hole only
//! when 2·n_ff_exp ≥ n_embd: GLM-4.5-Air's layers reserve 166.51 MiB where 121.75 are ever live at once
//! (ollama/ollama#12403 logs 166.51), OLMoE's 64.01 against 64.09 logged (gpustack/gguf-parser-go#45).
//! A closed form cannot follow the holes a layer leaves for the next, so the layer is replayed: the
//! graph order of `llm_graph_context::build_attn`/`build_moe_ffn` (llama-graph.cpp), the allocator of
//! ggml-alloc.c (`ggml_dyn_tallocr_alloc`/`_free_tensor`, in-place reuse of a parent whose only consumer
//! is the node, `ggml_op_can_inplace`), three layers deep (the holes repeat from the second).

use crate::model::ModelSpec;

/// One tensor of the replayed graph. Weights and KV cache views live in other buffers and are left out.
struct Node {
    bytes: u64,
    srcs: Vec<usize>,
    op: Op,
    /// Same non-zero key = same shape and strides (`ggml_are_same_layout`), so in-place reuse is allowed.
    layout: u32,
}

#[derive(Clone, Copy, PartialEq)]
enum Op {
    /// A new tensor.
    New,
    /// May write over a parent of the same layout whose only consumer it is (add, mul, rope, softmax, unary).
    InPlace,
    /// A view (reshape, permute, slice) of a tensor: allocates nothing, keeps its base alive.
    View(usize),
    /// Written into another buffer (the KV cache): allocates nothing here.
    External,
}

#[derive(Default)]
struct Tape {
    nodes: Vec<Node>,
    next_layout: u32,
}

impl Tape {
    fn push(&mut self, bytes: u64, op: Op, srcs: &[usize], layout: u32) -> usize {
        self.nodes.push(Node {
            bytes,
            srcs: srcs.to_vec(),
            op,
            layout,
        });
        self.nodes.len() - 1
    }
    fn new_tensor(&mut self, bytes: u64, srcs: &[usize]) -> usize {
        self.push(bytes, Op::New, srcs, 0)
    }
    fn layout(&mut self) -> u32 {
        self.next_layout += 1;
        self.next_layout
    }
    /// A new tensor that later in-place ops may overwrite (its layout is recorded).
    fn shaped(&mut self, bytes: u64, srcs: &[usize]) -> usize {
        let l = self.layout();
        self.push(bytes, Op::New, srcs, l)
    }
    fn in_place(&mut self, src: usize, others: &[usize]) -> usize {
        let (bytes, layout) = (self.nodes[src].bytes, self.nodes[src].layout);
        let mut srcs = vec![src];
        srcs.extend_from_slice(others);
        self.push(bytes, Op::InPlace, &srcs, layout)
    }
    /// A matmul of a weight, `staged` bytes of it copied in from the host (0: the weight is already here).
    /// The copy is its own split input, allocated right before the op and freed after it.
    fn matmul(&mut self, staged: u64, out: u64, src: &[usize]) -> usize {
        let mut srcs = src.to_vec();
        if staged > 0 {
            srcs.push(self.new_tensor(staged, &[]));
        }
        self.shaped(out, &srcs)
    }

    /// `build_moe_ffn`'s routed experts from gate/up to their summed output: gate and up (or one merged
    /// gate_up) from `x`, the activation, the expert outputs weighted in place, and their sum over views.
    /// `ids` are the selected experts every expert matmul reads; returns the summed output.
    fn routed_experts(
        &mut self,
        blk: &Block,
        dims: ExpertDims,
        x: &[usize],
        ids: &[usize],
        weights: &[usize],
        staged: &Staged,
    ) -> usize {
        let ExpertDims {
            inner,
            e_rows,
            used,
        } = dims;
        let xs: Vec<usize> = x.iter().chain(ids).copied().collect();
        let act = if blk.gate_up_merged {
            let gu = self.matmul(staged.gate_exps, 2 * inner, &xs);
            let (g, u) = (self.view(gu), self.view(gu));
            self.new_tensor(inner, &[g, u])
        } else if blk.gated {
            let g = self.matmul(staged.gate_exps, inner, &xs);
            let u = self.matmul(staged.up_exps, inner, &xs);
            self.new_tensor(inner, &[g, u])
        } else {
            let u = self.matmul(staged.up_exps, inner, &xs);
            self.in_place(u, &[])
        };
        let down_srcs: Vec<usize> = std::iter::once(act).chain(ids.iter().copied()).collect();
        let down = self.matmul(staged.down_exps, e_rows * used, &down_srcs);
        let weighted = self.in_place(down, weights);
        let parts: Vec<usize> = (0..used).map(|_| self.view(weighted)).collect();
        let mut sum = self.shaped(e_rows, &parts[..parts.len().min(2)]);
        for p in parts.iter().skip(2) {
            sum = self.in_place(sum, &[*p]);
        }
        sum
    }

    /// A view with its own layout key (a reshape that an in-place op may then reuse).
    fn view(&mut self, of: usize) -> usize {
        let base = match self.nodes[of].op {
            Op::View(b) => b,
            _ => of,
        };
        let l = self.layout();
        self.push(self.nodes[base].bytes, Op::View(base), &[of], l)
    }

    /// The allocator's high-water mark over the tape (bytes); `None` when the sizes overran the arena.
    fn peak(&self) -> Option<u64> {
        let n = self.nodes.len();
        let mut children = vec![0u32; n];
        let mut views = vec![0u32; n];
        for node in &self.nodes {
            for &s in &node.srcs {
                children[s] += 1;
            }
            if let Op::View(b) = node.op {
                views[b] += 1;
            }
        }
        let mut offset: Vec<Option<u64>> = vec![None; n];
        let mut arena = Arena::default();
        for (i, node) in self.nodes.iter().enumerate() {
            match node.op {
                Op::View(_) | Op::External => {}
                op => {
                    let reused = (op == Op::InPlace)
                        .then(|| {
                            node.srcs.iter().find_map(|&p| {
                                let base = match self.nodes[p].op {
                                    Op::View(b) => {
                                        // A view parent lends its base only when it is the base's sole view.
                                        (views[b] == 1 && children[b] == 0).then_some(b)?
                                    }
                                    _ => p,
                                };
                                let fits = self.nodes[p].layout == node.layout
                                    && node.layout != 0
                                    && children[p] == 1
                                    && views[p] == 0;
                                let off = offset[base]?;
                                fits.then(|| {
                                    offset[base] = None; // ownership moves to the node
                                    off
                                })
                            })
                        })
                        .flatten();
                    offset[i] = Some(reused.unwrap_or_else(|| arena.alloc(node.bytes)));
                }
            }
            for &p in &node.srcs {
                children[p] -= 1;
                if children[p] > 0 || views[p] > 0 {
                    continue;
                }
                let freed = match self.nodes[p].op {
                    Op::View(b) => {
                        views[b] -= 1;
                        (views[b] == 0 && children[b] == 0).then_some(b)
                    }
                    Op::External => None,
                    _ => Some(p),
                };
                if let Some(f) = freed
                    && let Some(off) = offset[f].take()
                {
                    arena.free(off, self.nodes[f].bytes);
                }
            }
        }
        (!arena.exhausted).then_some(arena.high)
    }
}

/// Sizes of the routed experts' tensors: one activation [n_ff_exp, n_used, ub] f32 (`inner`), one
/// [n_embd, ub] f32 row block (`e_rows`), and the experts used per token.
#[derive(Clone, Copy)]
struct ExpertDims {
    inner: u64,
    e_rows: u64,
    used: u64,
}

/// `ggml_dyn_tallocr`: free blocks sorted by offset, the last one the open end of the buffer.
struct Arena {
    free: Vec<(u64, u64)>,
    high: u64,
    exhausted: bool,
}

const ALIGN: u64 = 128;
const OPEN_END: u64 = u64::MAX / 4;

impl Default for Arena {
    fn default() -> Self {
        Arena {
            free: vec![(0, OPEN_END)],
            high: 0,
            exhausted: false,
        }
    }
}

impl Arena {
    fn alloc(&mut self, bytes: u64) -> u64 {
        let size = bytes.div_ceil(ALIGN).saturating_mul(ALIGN);
        let last = self.free.len() - 1;
        // Best fit among the inner blocks (the last one of equal size wins); the open end as a last resort.
        let mut best = last;
        let mut best_size = u64::MAX;
        for (i, &(_, s)) in self.free[..last].iter().enumerate() {
            if s >= size && s <= best_size {
                best = i;
                best_size = s;
            }
        }
        let (off, s) = self.free[best];
        if s < size {
            // Only the open end can be too small: sizes past any real buffer. The replay gives up.
            self.exhausted = true;
            return off;
        }
        if s == size && best != last {
            self.free.remove(best);
        } else {
            self.free[best] = (off + size, s - size);
        }
        self.high = self.high.max(off + size);
        off
    }

    fn free(&mut self, off: u64, bytes: u64) {
        let size = bytes.div_ceil(ALIGN).saturating_mul(ALIGN);
        let b = &mut self.free;
        for i in 0..b.len() {
            if b[i].0 + b[i].1 == off {
                b[i].1 += size;
                if i + 1 < b.len() && b[i].0 + b[i].1 == b[i + 1].0 {
                    b[i].1 += b[i + 1].1;
                    b.remove(i + 1);
                }
                return;
            }
            if off + size == b[i].0 {
                b[i] = (off, b[i].1 + size);
                if i > 0 && b[i - 1].0 + b[i - 1].1 == off {
                    b[i - 1].1 += b[i].1;
                    b.remove(i);
                }
                return;
            }
        }
        let at = b.partition_point(|blk| blk.0 < off);
        b.insert(at, (off, size));
    }
}

/// Bytes of host weights copied into the GPU's compute buffer right before the op that reads them, one
/// split at a time (`compute::staged_peak`); zero for weights already on the GPU.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Staged {
    pub q: u64,
    pub k: u64,
    pub v: u64,
    pub out: u64,
    pub router: u64,
    pub gate_exps: u64,
    pub up_exps: u64,
    pub down_exps: u64,
    pub shared_gate: u64,
    pub shared_up: u64,
    pub shared_down: u64,
}

/// What one MoE block of the file has, read from its tensor names.
struct Block {
    q_norm: bool,
    probs_bias: bool,
    gate_up_merged: bool,
    gated: bool,
    shared_ff: u64,
}

fn first_moe_block(spec: &ModelSpec) -> Option<(u32, Block)> {
    let b = spec
        .tensors
        .iter()
        .filter(|t| t.name.ends_with("_exps.weight"))
        .find_map(|t| t.block())?;
    let mut blk = Block {
        q_norm: false,
        probs_bias: false,
        gate_up_merged: false,
        gated: false,
        shared_ff: 0,
    };
    let prefix = format!("blk.{b}.");
    for t in &spec.tensors {
        let Some(role) = t.name.strip_prefix(&prefix) else {
            continue;
        };
        match role {
            "attn_q_norm.weight" => blk.q_norm = true,
            "exp_probs_b.bias" => blk.probs_bias = true,
            "ffn_gate_up_exps.weight" => (blk.gate_up_merged, blk.gated) = (true, true),
            "ffn_gate_exps.weight" => blk.gated = true,
            "ffn_up_shexp.weight" => blk.shared_ff = t.dims.get(1).copied().unwrap_or(0),
            _ => {}
        }
    }
    Some((b, blk))
}

/// Sizes from a file are hostile until checked: every dimension below 2^24, at most llama.cpp's
/// `LLAMA_MAX_EXPERTS` (512) experts used, and every tensor of the tape (the widest is an [n_embd or
/// 2·n_ff_exp, n_used, ub] f32) under 2^40 bytes, so the few thousand nodes of a tape sum far below the
/// arena's open end and no size or offset overflows.
const MAX_DIM: u64 = 1 << 24;
const MAX_TENSOR: u64 = 1 << 40;

fn replayable(spec: &ModelSpec, ub: u64) -> bool {
    let hp = &spec.hparams;
    let (e, n_ff, used) = (
        u64::from(hp.n_embd),
        u64::from(hp.n_ff_exp),
        u64::from(hp.n_expert_used.max(1)),
    );
    let heads =
        u64::from(hp.n_head.max()) * u64::from(hp.n_embd_head_k.max(hp.n_embd_head_v).max(1));
    let dims = [e, n_ff, u64::from(hp.n_expert), heads, ub];
    let widest = e.max(2 * n_ff).max(heads).max(u64::from(hp.n_expert));
    hp.n_expert > 0
        && hp.n_ff_exp > 0
        && hp.n_expert_used <= 512
        && dims.iter().all(|d| *d < MAX_DIM)
        && 4 * widest * used * ub.max(1) < MAX_TENSOR
}

/// Graph-level sizes of the replayed layers.
pub struct Shape {
    pub ub: u64,
    /// Cells of each KV cache a layer's mask spans (full attention, sliding window).
    pub mask_cells: Vec<u64>,
    /// The masks arrive in f32 and this device casts them to f16 before its first attention (builds before
    /// llama.cpp#23764, May 2026, on the device that runs the first attention layer); otherwise they arrive
    /// in f16.
    pub f32_masks: bool,
}

/// The peak of a GPU's compute buffer over a run of MoE layers with flash attention (the masks are f16),
/// or `None` where the replay does not apply: no routed experts, or attention that `build_attn` does not
/// build from plain Q/K/V projections (MLA, recurrent or indexer layers are modelled in closed form).
pub fn moe_layers_peak(spec: &ModelSpec, shape: &Shape, staged: &Staged) -> Option<u64> {
    let hp = &spec.hparams;
    let s = staged;
    let copies = [
        s.q,
        s.k,
        s.v,
        s.out,
        s.router,
        s.gate_exps,
        s.up_exps,
        s.down_exps,
        s.shared_gate,
        s.shared_up,
        s.shared_down,
    ];
    if !replayable(spec, shape.ub)
        || shape
            .mask_cells
            .iter()
            .any(|c| *c > MAX_DIM || 4 * c * shape.ub.max(1) >= MAX_TENSOR)
        || copies.iter().any(|b| *b >= MAX_TENSOR)
    {
        return None;
    }
    let (_, blk) = first_moe_block(spec)?;
    // The shared expert's width comes from a tensor's dimensions: as hostile as the rest.
    if blk.shared_ff >= MAX_DIM {
        return None;
    }
    let ub = shape.ub.max(1);
    let f32_rows = |width: u64| 4 * width * ub;
    let e = u64::from(hp.n_embd);
    let head_k = u64::from(if hp.n_embd_head_k > 0 {
        hp.n_embd_head_k
    } else {
        hp.n_embd / hp.n_head.max().max(1)
    });
    let head_v = if hp.n_embd_head_v > 0 {
        u64::from(hp.n_embd_head_v)
    } else {
        head_k
    };
    let (n_head, n_head_kv) = (u64::from(hp.n_head.max()), u64::from(hp.n_head_kv.max()));
    let (n_exp, used) = (u64::from(hp.n_expert), u64::from(hp.n_expert_used.max(1)));
    let n_ff = u64::from(hp.n_ff_exp);

    let mut t = Tape::default();
    // The split's inputs, copied in at its start in order of first use: the layer input, positions, the
    // cache row indices, the masks (f16; f32 to be cast here on builds before llama.cpp#23764).
    let mut inp = t.new_tensor(f32_rows(e), &[]);
    let pos = t.new_tensor(4 * ub, &[]);
    let idx = [t.new_tensor(8 * ub, &[]), t.new_tensor(8 * ub, &[])];
    let per_cell = if shape.f32_masks { 4 } else { 2 };
    let mut masks: Vec<usize> = shape
        .mask_cells
        .iter()
        .map(|c| t.new_tensor(per_cell * c * ub, &[]))
        .collect();
    let mut cast_pending = shape.f32_masks;
    for _ in 0..3 {
        let x = t.shaped(f32_rows(e), &[inp]);
        let attn_norm = t.in_place(x, &[]);
        // build_attn expands Q, then V, then K (K last for rope fusion), then stores K and V.
        let proj = |t: &mut Tape, w: u64, width: u64, norm: bool| {
            let mut y = t.matmul(w, f32_rows(width), &[attn_norm]);
            if norm {
                let n = t.shaped(f32_rows(width), &[y]);
                y = t.in_place(n, &[]);
            }
            t.view(y)
        };
        let q = proj(&mut t, staged.q, n_head * head_k, blk.q_norm);
        let q = t.in_place(q, &[pos]);
        let v = proj(&mut t, staged.v, n_head_kv * head_v, false);
        let k = proj(&mut t, staged.k, n_head_kv * head_k, blk.q_norm);
        let k = t.in_place(k, &[pos]);
        // set_rows into the cache (another buffer)
        t.push(0, Op::External, &[k, idx[0]], 0);
        t.push(0, Op::External, &[v, idx[1]], 0);
        let qp = t.view(q);
        if cast_pending {
            // ggml_cast to f16 right before the first flash attention; the f32 copy is freed after it.
            masks = masks
                .iter()
                .zip(&shape.mask_cells)
                .map(|(&m, c)| t.new_tensor(2 * c * ub, &[m]))
                .collect();
            cast_pending = false;
        }
        let mut fa_srcs = vec![qp];
        fa_srcs.extend(&masks);
        let fa = t.shaped(f32_rows(n_head * head_v), &fa_srcs);
        let fa2 = t.view(fa);
        let wo = t.matmul(staged.out, f32_rows(e), &[fa2]);
        let ffn_inp = t.in_place(wo, &[inp]);
        let n = t.shaped(f32_rows(e), &[ffn_inp]);
        let cur = t.in_place(n, &[]);
        // Router: logits, gating in place, the biased selection copy, top-k, the weights.
        let logits = t.matmul(staged.router, f32_rows(n_exp), &[cur]);
        let probs = t.in_place(logits, &[]);
        let sel = if blk.probs_bias {
            t.new_tensor(f32_rows(n_exp), &[probs])
        } else {
            probs
        };
        let argsort = t.new_tensor(4 * n_exp * ub, &[sel]);
        let topk = t.view(argsort);
        let probs3 = t.view(probs);
        let weights = t.new_tensor(f32_rows(used), &[probs3, topk]);
        let cur3 = t.view(cur);
        let dims = ExpertDims {
            inner: f32_rows(n_ff * used),
            e_rows: f32_rows(e),
            used,
        };
        let mut moe = t.routed_experts(&blk, dims, &[cur3], &[topk], &[weights], staged);
        if blk.shared_ff > 0 {
            let sff = blk.shared_ff;
            let g = t.matmul(staged.shared_gate, f32_rows(sff), &[cur]);
            let u = t.matmul(staged.shared_up, f32_rows(sff), &[cur]);
            let a = t.new_tensor(f32_rows(sff), &[g, u]);
            let d = t.matmul(staged.shared_down, f32_rows(e), &[a]);
            moe = t.in_place(moe, &[d]);
        }
        inp = t.in_place(moe, &[ffn_inp]);
    }
    t.peak()
}

/// The routed experts' part of one MoE layer run where its weights are (the CPU, when the backend does not
/// take host-weight ops: Metal, or batches under 32 tokens): gate/up, the activation, the expert outputs
/// and their sum, allocated in that device's buffer, the FFN input read in place. gpt-oss-20b on Metal with
/// `--n-cpu-moe 12`: three [2880, 4, 512] f32 tensors = 67.5 MiB on the CPU (the log's CPU buffer is the
/// masks, the input rows and 67.52 MiB).
pub fn routed_ffn_peak(spec: &ModelSpec, ub: u64) -> Option<u64> {
    let hp = &spec.hparams;
    if !replayable(spec, ub) {
        return None;
    }
    let (_, blk) = first_moe_block(spec)?;
    let ub = ub.max(1);
    let used = u64::from(hp.n_expert_used.max(1));
    let dims = ExpertDims {
        inner: 4 * u64::from(hp.n_ff_exp) * used * ub,
        e_rows: 4 * u64::from(hp.n_embd) * ub,
        used,
    };
    let mut t = Tape::default();
    t.routed_experts(&blk, dims, &[], &[], &[], &Staged::default());
    t.peak()
}

/// Host weights of block `b` as the staged copies of its ops, for the weights `on_host` says stay there.
pub fn staged_block(spec: &ModelSpec, b: u32, on_host: impl Fn(&str) -> bool) -> Staged {
    let mut s = Staged::default();
    let prefix = format!("blk.{b}.");
    for t in &spec.tensors {
        let Some(role) = t.name.strip_prefix(&prefix) else {
            continue;
        };
        if !on_host(&t.name) {
            continue;
        }
        let slot = match role {
            "attn_q.weight" | "attn_qkv.weight" => &mut s.q,
            "attn_k.weight" => &mut s.k,
            "attn_v.weight" => &mut s.v,
            "attn_output.weight" => &mut s.out,
            "ffn_gate_inp.weight" => &mut s.router,
            "ffn_gate_exps.weight" | "ffn_gate_up_exps.weight" => &mut s.gate_exps,
            "ffn_up_exps.weight" => &mut s.up_exps,
            "ffn_down_exps.weight" => &mut s.down_exps,
            "ffn_gate_shexp.weight" => &mut s.shared_gate,
            "ffn_up_shexp.weight" => &mut s.shared_up,
            "ffn_down_shexp.weight" => &mut s.shared_down,
            _ => continue,
        };
        *slot = t.bytes;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::spec::{HParams, PerLayer, TensorSpec};

    /// A one-block MoE file: n_embd, n_ff_exp, experts used, shared expert width.
    fn moe(e: u32, n_ff: u32, used: u32, shared: u64) -> ModelSpec {
        let mut names = vec![
            "ffn_gate_exps",
            "ffn_up_exps",
            "ffn_down_exps",
            "attn_q",
            "ffn_gate_inp",
        ];
        if shared > 0 {
            names.push("ffn_up_shexp");
        }
        ModelSpec {
            hparams: HParams {
                n_layer: 1,
                n_embd: e,
                n_head: PerLayer::Uniform(32),
                n_head_kv: PerLayer::Uniform(4),
                n_embd_head_k: 128,
                n_embd_head_v: 128,
                n_expert: 128,
                n_expert_used: used,
                n_ff_exp: n_ff,
                ..Default::default()
            },
            tensors: names
                .into_iter()
                .map(|n| TensorSpec {
                    name: format!("blk.0.{n}.weight"),
                    ggml_type: 8,
                    dims: vec![u64::from(e), shared, 128],
                    bytes: 1 << 20,
                })
                .collect(),
            ..Default::default()
        }
    }

    const MIB: u64 = 1 << 20;

    fn peak(spec: &ModelSpec, cells: u64) -> u64 {
        let shape = Shape {
            ub: 512,
            mask_cells: vec![cells],
            f32_masks: false,
        };
        moe_layers_peak(spec, &shape, &Staged::default()).unwrap()
    }

    #[test]
    fn expert_outputs_wider_than_the_gate_up_hole_stack_on_top_of_it() {
        // n_embd 4096 > 2·1408: the [4096, 8, 512] outputs (64 MiB) cannot use the 44 MiB that gate and up
        // free, so they sit above it: mask 4 + the layer rows + 3·22 + 64 MiB.
        let wide = peak(&moe(4096, 1408, 8, 0), 4096);
        let live = (4 + 8 + 8 + 22 + 64) * MIB;
        assert!(wide >= live + 44 * MIB, "{}", wide / MIB);
        // n_embd 2048 ≤ 2·1024: the 32 MiB outputs fill the 32 MiB hole; the peak is gate + up + activation.
        let narrow = peak(&moe(2048, 1024, 8, 0), 4096);
        assert!(narrow < (4 + 3 * 16 + 32) * MIB, "{}", narrow / MIB);
        assert!(narrow >= (4 + 3 * 16) * MIB, "{}", narrow / MIB);
    }

    #[test]
    fn an_f32_mask_cast_moves_the_holes_and_host_experts_keep_three_rows() {
        let spec = moe(4096, 1536, 8, 0);
        let shape = |f32_masks| Shape {
            ub: 512,
            mask_cells: vec![32768],
            f32_masks,
        };
        let f16 = moe_layers_peak(&spec, &shape(false), &Staged::default()).unwrap();
        let f32 = moe_layers_peak(&spec, &shape(true), &Staged::default()).unwrap();
        // The f32 copy (64 MiB) is freed after the cast and leaves a hole at the bottom that the [4096, 8,
        // 512] expert outputs (64 MiB) fit, where with an f16 mask they stack on the gate/up hole (48 MiB):
        // placement, not the live set, decides.
        assert_eq!((f16 / MIB, f32 / MIB), (192, 160));
        // gpt-oss-20b's experts on the CPU: gate, up and the activation, [2880, 4, 512] f32 each; the
        // outputs, as wide, reuse the gate/up hole.
        let mut oss = moe(2880, 2880, 4, 0);
        oss.hparams.n_expert = 32;
        assert_eq!(routed_ffn_peak(&oss, 512), Some(3 * 4 * 2880 * 4 * 512));
    }

    #[test]
    fn hostile_sizes_are_not_replayed() {
        let shape = Shape {
            ub: 512,
            mask_cells: vec![4096],
            f32_masks: false,
        };
        let mut wide = moe(4096, 1408, 8, 0);
        wide.hparams.n_ff_exp = u32::MAX;
        assert_eq!(moe_layers_peak(&wide, &shape, &Staged::default()), None);
        assert_eq!(routed_ffn_peak(&wide, 512), None);
        let mut many = moe(4096, 1408, 8, 0);
        many.hparams.n_expert_used = u32::MAX;
        assert_eq!(moe_layers_peak(&many, &shape, &Staged::default()), None);
        let huge_ctx = Shape {
            mask_cells: vec![u64::from(u32::MAX)],
            ..shape
        };
        let fine = moe(4096, 1408, 8, 0);
        assert_eq!(moe_layers_peak(&fine, &huge_ctx, &Staged::default()), None);
    }

    #[test]
    fn staged_weights_add_one_copy_at_a_time() {
        let plain = peak(&moe(4096, 1408, 8, 0), 4096);
        // A shared expert runs after the routed ones, in the holes they leave: no higher peak.
        let shared = peak(&moe(4096, 1408, 8, 1408), 4096);
        assert_eq!(shared, plain);
        let spec = moe(4096, 1408, 8, 0);
        let shape = Shape {
            ub: 512,
            mask_cells: vec![4096],
            f32_masks: false,
        };
        let down = Staged {
            down_exps: 300 * MIB,
            ..Default::default()
        };
        let staged = moe_layers_peak(&spec, &shape, &down).unwrap();
        assert!(staged > plain + 250 * MIB && staged <= plain + 300 * MIB);
        // Not a MoE file: no replay.
        let mut dense = spec.clone();
        dense.hparams.n_expert = 0;
        assert_eq!(moe_layers_peak(&dense, &shape, &Staged::default()), None);
    }

    #[test]
    fn arena_reuses_the_best_fitting_hole_and_grows_at_the_end_otherwise() {
        let mut a = Arena::default();
        let x = a.alloc(100 << 20);
        let y = a.alloc(10 << 20);
        let _z = a.alloc(1 << 20);
        a.free(x, 100 << 20);
        a.free(y, 10 << 20); // merges with x's hole: 110 MiB free below z
        assert_eq!(a.alloc(50 << 20), 0);
        assert_eq!(a.high, 111 << 20);
        // 60 MiB left in the hole; 70 MiB does not fit and goes to the end.
        assert_eq!(a.alloc(70 << 20), 111 << 20);
        assert_eq!(a.high, 181 << 20);
    }

    #[test]
    fn sizes_past_the_open_end_give_up_instead_of_wrapping() {
        let mut t = Tape::default();
        let a = t.new_tensor(OPEN_END - 128, &[]);
        let _ = t.new_tensor(1 << 20, &[a]);
        assert_eq!(t.peak(), None);
    }

    #[test]
    fn in_place_ops_reuse_their_parent_and_views_keep_the_base_alive() {
        let mut t = Tape::default();
        let a = t.shaped(8 << 20, &[]);
        let b = t.in_place(a, &[]); // sole consumer: written over a
        let v = t.view(b);
        let c = t.new_tensor(4 << 20, &[v]); // b stays until its view is read
        let _ = t.new_tensor(1 << 20, &[c]);
        assert_eq!(t.peak(), Some((8 + 4) << 20));
    }
}
