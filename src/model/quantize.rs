//! Predicts the tensor table llama-quantize writes for a file type (ftype) from an F16/BF16 tensor table —
//! a real F16 GGUF header, or the table derived from a Hugging Face config. This is how a model's size per
//! quant is known without downloading it. Rules: research/quant_rules.md (ggml-org/llama.cpp
//! src/llama-quant.cpp `llama_tensor_get_type_impl`, `tensor_allows_quantization`, `tensor_type_fallback`),
//! sections referenced below. Not modelled: `--pure`, `--tensor-type` overrides, `--prune-layers`.

use super::ggml;
use super::spec::{ModelSpec, TensorSpec};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuantError {
    #[error("unknown file type {0:?} (e.g. Q4_K_M, Q8_0, Q6_K, IQ4_XS)")]
    UnknownFtype(String),
    #[error(
        "{ftype}: tensor {tensor} has rows of {row} values, which {ftype} cannot store (llama-quantize aborts)"
    )]
    NoFallback {
        ftype: String,
        tensor: String,
        row: u64,
    },
}

/// Whether an importance matrix is used (changes four choices, §10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Imatrix {
    #[default]
    Without,
    With,
}

const F32: u32 = 0;
const F16: u32 = 1;
const Q4_0: u32 = 2;
const Q4_1: u32 = 3;
const Q5_0: u32 = 6;
const Q5_1: u32 = 7;
const Q8_0: u32 = 8;
const Q2_K: u32 = 10;
const Q3_K: u32 = 11;
const Q4_K: u32 = 12;
const Q5_K: u32 = 13;
const Q6_K: u32 = 14;
const IQ2_XXS: u32 = 16;
const IQ2_XS: u32 = 17;
const IQ3_XXS: u32 = 18;
const IQ1_S: u32 = 19;
const IQ4_NL: u32 = 20;
const IQ3_S: u32 = 21;
const IQ2_S: u32 = 22;
const IQ4_XS: u32 = 23;
const IQ1_M: u32 = 29;
const BF16: u32 = 30;
const TQ1_0: u32 = 34;
const TQ2_0: u32 = 35;
const MXFP4: u32 = 39;
const Q1_0: u32 = 41;
const Q2_0: u32 = 42;

/// The file types llama-quantize accepts, with their default type D (§4).
pub const FTYPES: [(&str, u32); 34] = [
    ("F32", F32),
    ("F16", F16),
    ("BF16", BF16),
    ("Q4_0", Q4_0),
    ("Q4_1", Q4_1),
    ("Q5_0", Q5_0),
    ("Q5_1", Q5_1),
    ("Q8_0", Q8_0),
    ("Q2_K", Q2_K),
    ("Q2_K_S", Q2_K),
    ("Q3_K_S", Q3_K),
    ("Q3_K_M", Q3_K),
    ("Q3_K_L", Q3_K),
    ("Q4_K_S", Q4_K),
    ("Q4_K_M", Q4_K),
    ("Q5_K_S", Q5_K),
    ("Q5_K_M", Q5_K),
    ("Q6_K", Q6_K),
    ("IQ2_XXS", IQ2_XXS),
    ("IQ2_XS", IQ2_XS),
    ("IQ2_S", IQ2_XS),
    ("IQ2_M", IQ2_S),
    ("IQ1_S", IQ1_S),
    ("IQ1_M", IQ1_M),
    ("IQ3_XXS", IQ3_XXS),
    ("IQ3_XS", IQ3_S),
    ("IQ3_S", IQ3_S),
    ("IQ3_M", IQ3_S),
    ("IQ4_NL", IQ4_NL),
    ("IQ4_XS", IQ4_XS),
    ("TQ1_0", TQ1_0),
    ("TQ2_0", TQ2_0),
    ("MXFP4_MOE", MXFP4),
    ("Q1_0", Q1_0),
];

/// Canonical ftype name for a user spelling (aliases Q3_K, Q4_K, Q5_K; case-insensitive).
pub fn canonical(ftype: &str) -> Option<&'static str> {
    let up = ftype.trim().to_ascii_uppercase();
    let up = match up.as_str() {
        "Q3_K" => "Q3_K_M".to_owned(),
        "Q4_K" => "Q4_K_M".to_owned(),
        "Q5_K" => "Q5_K_M".to_owned(),
        _ => up,
    };
    FTYPES
        .iter()
        .chain(std::iter::once(&("Q2_0", Q2_0)))
        .find(|(n, _)| *n == up)
        .map(|(n, _)| *n)
}

fn default_type(ftype: &str) -> Option<u32> {
    if ftype == "Q2_0" {
        return Some(Q2_0);
    }
    FTYPES.iter().find(|(n, _)| *n == ftype).map(|(_, t)| *t)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Category {
    Output,
    TokenEmbd,
    VLike,
    AttnK,
    AttnQ,
    AttnOutput,
    FfnUp,
    FfnGate,
    FfnDown,
    Other,
}

/// §6 `tensor_get_category`, first match wins.
fn category(name: &str) -> Category {
    if name == "output.weight" {
        Category::Output
    } else if name == "token_embd.weight" || name == "per_layer_token_embd.weight" {
        Category::TokenEmbd
    } else if name.contains("attn_qkv.weight")
        || name.contains("attn_kv_b.weight")
        || name.contains("attn_v.weight")
    {
        Category::VLike
    } else if name.contains("attn_k.weight") {
        Category::AttnK
    } else if name.contains("attn_q.weight") {
        Category::AttnQ
    } else if name.contains("attn_output.weight") {
        Category::AttnOutput
    } else if name.contains("ffn_up") {
        Category::FfnUp
    } else if name.contains("ffn_gate") {
        Category::FfnGate
    } else if name.contains("ffn_down") {
        Category::FfnDown
    } else {
        Category::Other
    }
}

/// §5 `tensor_allows_quantization`.
fn allows_quantization(t: &TensorSpec) -> bool {
    const NEVER: [&str; 21] = [
        "ffn_gate_inp.weight",
        "ffn_gate_tid2eid.weight",
        "altup",
        "laurel",
        "per_layer_model_proj",
        "ssm_conv1d",
        "shortconv.conv.weight",
        "indexer.k_proj.weight",
        "indexer.q_proj.weight",
        "attn_rel_b.weight",
        ".position_embd",
        ".rel_pos",
        ".patch_embd",
        ".patch_merger",
        "time_mix_first.weight",
        "time_mix_decay_w1.weight",
        "time_mix_decay_w2.weight",
        "time_mix_lerp_fused.weight",
        "a.rvq.codebook",
        "mm.a.code_embd",
        "sam.",
    ];
    // n_dims counts up to the last dimension that is > 1.
    let n_dims = t.dims.iter().rposition(|&d| d > 1).map_or(1, |p| p + 1);
    let rwkv_time_mix = t.name.contains("time_mix_")
        && [
            "w0", "w1", "w2", "v0", "v1", "v2", "a0", "a1", "a2", "g1", "g2",
        ]
        .iter()
        .any(|s| t.name.contains(&format!("time_mix_{s}.weight")));
    n_dims >= 2
        && t.name.ends_with("weight")
        && !t.name.contains("_norm.weight")
        && !NEVER.iter().any(|n| t.name.contains(n))
        && !rwkv_time_mix
        && t.name != "position_embd.weight"
        && t.name != "token_types.weight"
}

fn block_of(name: &str) -> i64 {
    name.strip_prefix("blk.")
        .and_then(|r| r.split('.').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(-1)
}

/// §6 use_more_bits.
fn use_more_bits(i: u64, n: u64) -> bool {
    i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2
}

fn block_elems(ty: u32) -> u64 {
    ggml::by_id(ty).map_or(1, |t| t.block_elems)
}

/// §9 `tensor_type_fallback`.
fn fallback(ty: u32, row: u64) -> Option<u32> {
    if row.is_multiple_of(block_elems(ty)) {
        return Some(ty);
    }
    let next = match ty {
        IQ1_S | IQ1_M | IQ2_XXS | IQ2_XS | IQ2_S | IQ3_XXS | IQ3_S | IQ4_XS => IQ4_NL,
        Q2_K | Q3_K | TQ1_0 | TQ2_0 | Q2_0 => Q4_0,
        Q4_K => Q5_0,
        Q5_K => Q5_1,
        Q6_K => Q8_0,
        Q4_0 | Q4_1 | Q5_0 | Q5_1 | Q8_0 | IQ4_NL | MXFP4 => ty,
        _ => return None,
    };
    Some(if row.is_multiple_of(block_elems(next)) {
        next
    } else {
        F16
    })
}

struct Model<'a> {
    ftype: &'a str,
    d: u32,
    n: u64,
    n_expert: u32,
    gqa4: bool,
    e8: bool,
    falcon: bool,
    is_70b: bool,
    tied: bool,
    imatrix: Imatrix,
    n_v: u64,
}

struct Counters {
    v: u64,
    down: u64,
    gate: u64,
    up: u64,
}

impl Model<'_> {
    fn very_low_bit(&self) -> bool {
        matches!(
            self.ftype,
            "IQ2_XXS" | "IQ2_XS" | "IQ2_S" | "IQ2_M" | "IQ1_S" | "IQ1_M"
        )
    }

    /// §8: the mixture rules for one tensor (before the fallback).
    fn rule(&self, t: &TensorSpec, cat: Category, c: &mut Counters) -> u32 {
        let ft = self.ftype;
        let d = self.d;
        let row = t.dims.first().copied().unwrap_or(0);
        let is_output = cat == Category::Output || (self.tied && cat == Category::TokenEmbd);
        if is_output {
            // §8.1
            return if ft == "MXFP4_MOE" || self.falcon || !row.is_multiple_of(block_elems(d)) {
                Q8_0
            } else if matches!(
                ft,
                "IQ2_XXS" | "IQ2_XS" | "IQ2_S" | "IQ2_M" | "IQ1_S" | "IQ1_M" | "IQ3_XXS"
            ) {
                Q5_K
            } else if d == Q8_0 {
                Q8_0
            } else {
                Q6_K
            };
        }
        if ft == "MXFP4_MOE" {
            // §8.2
            let is_3d_stack = t.dims.len() >= 3 && t.dims[2] > 1;
            return if is_3d_stack { MXFP4 } else { Q8_0 };
        }
        if cat == Category::TokenEmbd {
            // §8.3 (untied)
            return match ft {
                "IQ2_XXS" | "IQ2_XS" | "IQ1_S" | "IQ1_M" => Q2_K,
                "IQ2_S" | "IQ2_M" | "IQ3_XXS" => IQ3_S,
                "TQ1_0" | "TQ2_0" | "Q2_0" => Q4_K,
                _ => d,
            };
        }
        // Layer index for ffn rules: ordinal counter for dense models, block number for MoE (§6).
        let moe = self.n_expert > 1;
        let ffn_i = |counter: u64| {
            if moe {
                u64::try_from(block_of(&t.name)).unwrap_or(0)
            } else {
                counter
            }
        };
        let n = self.n;
        if self.very_low_bit() {
            // §8.4
            return match cat {
                Category::VLike => {
                    c.v += 1;
                    if self.gqa4 || self.n_expert >= 4 {
                        Q4_K
                    } else if matches!(ft, "IQ2_S" | "IQ2_M") {
                        IQ3_S
                    } else {
                        Q2_K
                    }
                }
                Category::AttnK if self.e8 => Q4_K,
                Category::FfnDown => {
                    let raw = c.down;
                    c.down += 1;
                    if raw < n / 8 {
                        if matches!(ft, "IQ2_S" | "IQ2_M") {
                            IQ3_S
                        } else {
                            Q2_K
                        }
                    } else {
                        d
                    }
                }
                Category::AttnOutput => {
                    if self.e8 {
                        Q5_K
                    } else {
                        match ft {
                            "IQ1_S" | "IQ1_M" => IQ2_XXS,
                            "IQ2_S" | "IQ2_M" => IQ3_S,
                            _ => d,
                        }
                    }
                }
                _ => d,
            };
        }
        match cat {
            Category::VLike => {
                // §8.5
                let v = c.v;
                let g = self.gqa4;
                let mut ty = match ft {
                    "Q2_K" => {
                        if g {
                            Q4_K
                        } else {
                            Q3_K
                        }
                    }
                    "Q2_K_S" if g => Q4_K,
                    "IQ3_XXS" => {
                        if g {
                            Q4_K
                        } else if self.imatrix == Imatrix::With {
                            IQ3_XXS
                        } else {
                            IQ3_S
                        }
                    }
                    "IQ3_XS" | "IQ3_S" if g => Q4_K,
                    "IQ3_M" => Q4_K,
                    "Q3_K_M" => {
                        if v < 2 {
                            Q5_K
                        } else {
                            Q4_K
                        }
                    }
                    "Q3_K_L" => Q5_K,
                    "IQ4_NL" | "IQ4_XS" if g => Q5_K,
                    "Q4_K_M" | "Q5_K_M" if use_more_bits(v, self.n_v) => Q6_K,
                    "Q4_K_S" if v < 4 => Q5_K,
                    _ => d,
                };
                if self.is_70b && matches!(ty, Q3_K | Q4_K) {
                    ty = Q5_K;
                }
                if self.e8 {
                    ty = Q8_0;
                }
                c.v += 1;
                ty
            }
            Category::AttnK => match ft {
                // §8.6
                _ if self.e8 => Q8_0,
                "IQ3_XS" => IQ3_XXS,
                "IQ3_XXS" => IQ2_S,
                _ => d,
            },
            Category::AttnQ => match ft {
                // §8.7
                "IQ3_XS" => IQ3_XXS,
                "IQ3_XXS" => IQ2_S,
                _ => d,
            },
            Category::FfnDown => {
                // §8.8
                let i = ffn_i(c.down);
                c.down += 1;
                let with = self.imatrix == Imatrix::With;
                match ft {
                    "Q2_K" => Q3_K,
                    "Q2_K_S" => {
                        if i < n / 8 {
                            Q4_K
                        } else {
                            d
                        }
                    }
                    "IQ3_XXS" if !with => {
                        if i < n / 8 {
                            Q4_K
                        } else {
                            Q3_K
                        }
                    }
                    "Q3_K_M" => {
                        if i < n / 16 {
                            Q5_K
                        } else if !self.falcon || use_more_bits(i, n) {
                            Q4_K
                        } else {
                            Q3_K
                        }
                    }
                    "IQ3_M" if i < n / 8 || (self.e8 && use_more_bits(i, n)) => Q4_K,
                    "Q3_K_L" => {
                        if self.falcon {
                            Q4_K
                        } else {
                            Q5_K
                        }
                    }
                    "Q4_K_M" => {
                        if self.falcon {
                            if i < n / 16 {
                                Q6_K
                            } else if use_more_bits(i, n) {
                                Q5_K
                            } else {
                                Q4_K
                            }
                        } else if use_more_bits(i, n) {
                            Q6_K
                        } else {
                            d
                        }
                    }
                    "IQ4_NL" | "IQ4_XS" if i < n / 8 && !with => Q5_K,
                    "Q5_K_M" if use_more_bits(i, n) => Q6_K,
                    "Q4_K_S" if !self.falcon && i < n / 8 => Q5_K,
                    "Q4_0" if with && i < n / 8 => Q4_1,
                    "Q5_0" if with && i < n / 8 => Q5_1,
                    _ => d,
                }
            }
            Category::AttnOutput => {
                // §8.9
                if !self.falcon {
                    if self.e8 {
                        if matches!(
                            ft,
                            "Q2_K"
                                | "Q3_K_S"
                                | "Q3_K_M"
                                | "Q4_K_S"
                                | "Q4_K_M"
                                | "IQ3_XXS"
                                | "IQ3_XS"
                                | "IQ3_S"
                                | "IQ3_M"
                                | "IQ4_NL"
                                | "IQ4_XS"
                        ) {
                            Q5_K
                        } else {
                            d
                        }
                    } else {
                        match ft {
                            "Q2_K" => Q3_K,
                            "IQ3_XXS" => IQ3_S,
                            "Q3_K_M" => Q4_K,
                            "Q3_K_L" => Q5_K,
                            "IQ3_M" => Q4_K,
                            _ => d,
                        }
                    }
                } else if ft == "Q3_K_L" {
                    Q4_K
                } else {
                    d
                }
            }
            Category::FfnGate | Category::FfnUp => {
                // §8.10
                let counter = if cat == Category::FfnGate {
                    &mut c.gate
                } else {
                    &mut c.up
                };
                let i = ffn_i(*counter);
                *counter += 1;
                if ft == "IQ3_XS" && i >= n / 8 && i < 7 * n / 8 {
                    IQ3_XXS
                } else {
                    d
                }
            }
            _ => d,
        }
    }
}

/// The tensor table `llama-quantize` would write for `ftype` from `source` (an F16/BF16/F32 model).
pub fn predict(source: &ModelSpec, ftype: &str, imatrix: Imatrix) -> Result<ModelSpec, QuantError> {
    let name = canonical(ftype).ok_or_else(|| QuantError::UnknownFtype(ftype.to_owned()))?;
    let d = default_type(name).ok_or_else(|| QuantError::UnknownFtype(ftype.to_owned()))?;
    let hp = &source.hparams;
    let arch = source.architecture.as_str();
    let n_layer = u64::from(hp.n_layer);
    let n_head0 = hp.n_head.get(0);
    let n_kv0 = hp.n_head_kv.get(0);
    let n_gqa = n_head0.checked_div(n_kv0).unwrap_or(0);
    let n_layer_main = n_layer.saturating_sub(u64::from(hp.nextn_predict_layers));
    let is_70b = match arch {
        "llama" | "llama-embed" => hp.n_expert != 8 && n_layer_main == 80 && n_head0 != n_kv0,
        "qwen2" | "deci" | "olmo" => n_layer_main == 80,
        "jais2" => n_layer_main == 68,
        _ => false,
    };
    let tied = !source.tensors.iter().any(|t| t.name == "output.weight");
    let model = Model {
        ftype: name,
        d,
        n: n_layer,
        n_expert: hp.n_expert,
        gqa4: n_gqa >= 4,
        e8: hp.n_expert == 8,
        falcon: arch == "falcon",
        is_70b,
        tied,
        imatrix,
        n_v: source
            .tensors
            .iter()
            .filter(|t| category(&t.name) == Category::VLike)
            .count() as u64,
    };
    let mut order: Vec<usize> = (0..source.tensors.len()).collect();
    order.sort_by(|&a, &b| {
        let (ta, tb) = (&source.tensors[a], &source.tensors[b]);
        (block_of(&ta.name), ta.name.as_bytes()).cmp(&(block_of(&tb.name), tb.name.as_bytes()))
    });
    let mut counters = Counters {
        v: 0,
        down: 0,
        gate: 0,
        up: 0,
    };
    let mut out = source.tensors.clone();
    for idx in order {
        let t = &source.tensors[idx];
        if !allows_quantization(t) {
            continue;
        }
        let row = t.dims.first().copied().unwrap_or(0);
        let chosen = if matches!(d, F32 | F16 | BF16) {
            d
        } else {
            let ty = model.rule(t, category(&t.name), &mut counters);
            fallback(ty, row).ok_or_else(|| QuantError::NoFallback {
                ftype: name.to_owned(),
                tensor: t.name.clone(),
                row,
            })?
        };
        if chosen != t.ggml_type {
            let elements = t
                .dims
                .iter()
                .try_fold(1u64, |a, &x| a.checked_mul(x))
                .unwrap_or(0);
            out[idx].ggml_type = chosen;
            out[idx].bytes = ggml::by_id(chosen)
                .and_then(|ty| ty.bytes_for(elements))
                .unwrap_or(t.bytes);
        }
    }
    let tensor_bytes = out.iter().map(|t| t.bytes).fold(0, u64::saturating_add);
    // File = metadata block + every tensor padded to the 32-byte alignment (§3).
    let metadata = source.file_bytes.saturating_sub(
        source
            .tensors
            .iter()
            .map(|t| t.bytes.div_ceil(32) * 32)
            .sum::<u64>(),
    );
    let padded: u64 = out.iter().map(|t| t.bytes.div_ceil(32) * 32).sum();
    Ok(ModelSpec {
        file_type: Some(name.to_owned()),
        tensor_bytes,
        file_bytes: metadata + padded,
        truncated_bytes: None,
        tensors: out,
        ..source.clone()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn use_more_bits_matches_the_documented_examples() {
        let picks = |n| (0..n).filter(|&i| use_more_bits(i, n)).collect::<Vec<_>>();
        assert_eq!(picks(8), vec![0, 3, 6, 7]);
        assert_eq!(picks(16), vec![0, 1, 4, 7, 10, 13, 14, 15]);
        assert_eq!(picks(32).len(), 16);
    }

    #[test]
    fn fallbacks_follow_the_row_length() {
        assert_eq!(fallback(Q4_K, 896), Some(Q5_0));
        assert_eq!(fallback(Q6_K, 896), Some(Q8_0));
        assert_eq!(fallback(Q4_K, 4096), Some(Q4_K));
        assert_eq!(fallback(Q4_K, 100), Some(F16));
        assert_eq!(fallback(Q1_0, 100), None);
        assert_eq!(canonical("q4_k"), Some("Q4_K_M"));
        assert_eq!(canonical("Q9_Z"), None);
    }
}
