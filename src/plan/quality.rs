//! What a setup costs in quality: each llama.cpp quant's bits per weight and perplexity increase, and the
//! KV cache types' — published measurements (research/fit.md "Perplexity deltas": llama-quantize's help on
//! Llama-3-8B; KV cache: ggml-org/llama.cpp#7412). The IQ quants have no published delta there; theirs is
//! interpolated on bits per weight between the measured K-quants, and said to be an estimate.

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quant {
    pub name: &'static str,
    /// Effective bits per weight of a whole llama.cpp file (Llama-3.1-8B).
    pub bpw: f64,
    /// Perplexity increase over F16 (Llama-3-8B); `None` where llama.cpp does not print one.
    pub ppl_delta: Option<f64>,
}

/// llama.cpp quant types from best to smallest (research/quants.tsv). Q3_K_M's bpw is derived from its
/// quantize-help size (3.74G vs Q4_K_M 4.58G at Llama-3-8B).
pub const QUANT_LADDER: [Quant; 18] = [
    Quant {
        name: "F16",
        bpw: 16.0005,
        ppl_delta: Some(0.002),
    },
    Quant {
        name: "Q8_0",
        bpw: 8.5008,
        ppl_delta: Some(0.0026),
    },
    Quant {
        name: "Q6_K",
        bpw: 6.5633,
        ppl_delta: Some(0.0217),
    },
    Quant {
        name: "Q5_K_M",
        bpw: 5.7036,
        ppl_delta: Some(0.0569),
    },
    Quant {
        name: "Q5_K_S",
        bpw: 5.5704,
        ppl_delta: Some(0.1049),
    },
    Quant {
        name: "Q4_K_M",
        bpw: 4.8944,
        ppl_delta: Some(0.1754),
    },
    Quant {
        name: "Q4_K_S",
        bpw: 4.6672,
        ppl_delta: Some(0.2689),
    },
    Quant {
        name: "IQ4_XS",
        bpw: 4.4597,
        ppl_delta: None,
    },
    Quant {
        name: "Q3_K_L",
        bpw: 4.2979,
        ppl_delta: Some(0.5562),
    },
    Quant {
        name: "Q3_K_M",
        bpw: 3.997,
        ppl_delta: Some(0.6569),
    },
    Quant {
        name: "IQ3_M",
        bpw: 3.7628,
        ppl_delta: None,
    },
    Quant {
        name: "Q3_K_S",
        bpw: 3.6429,
        ppl_delta: Some(1.6321),
    },
    Quant {
        name: "IQ3_XXS",
        bpw: 3.2548,
        ppl_delta: None,
    },
    Quant {
        name: "Q2_K",
        bpw: 3.1593,
        ppl_delta: Some(3.5199),
    },
    Quant {
        name: "IQ2_M",
        bpw: 2.9294,
        ppl_delta: None,
    },
    Quant {
        name: "IQ2_S",
        bpw: 2.7403,
        ppl_delta: None,
    },
    Quant {
        name: "IQ2_XS",
        bpw: 2.5882,
        ppl_delta: None,
    },
    Quant {
        name: "IQ2_XXS",
        bpw: 2.3824,
        ppl_delta: None,
    },
];

/// The ladder entry for a quant name (case-insensitive; "BF16" counts as F16).
pub fn quant(name: &str) -> Option<Quant> {
    let upper = name.trim().to_ascii_uppercase();
    let upper = if upper == "BF16" {
        "F16".to_owned()
    } else {
        upper
    };
    QUANT_LADDER.iter().copied().find(|q| q.name == upper)
}

/// Quants smaller than `current`, best first.
pub fn smaller_quants(current: &str) -> Vec<Quant> {
    let Some(cur) = quant(current) else {
        return Vec::new();
    };
    QUANT_LADDER
        .iter()
        .copied()
        .filter(|q| q.bpw < cur.bpw)
        .collect()
}

/// Bytes per KV element of a cache type (`-ctk/-ctv` spelling).
pub fn kv_type_bytes(cache_type: &str) -> Option<f64> {
    Some(match cache_type.trim().to_ascii_lowercase().as_str() {
        "f32" => 4.0,
        "f16" | "bf16" => 2.0,
        "q8_0" => 34.0 / 32.0,
        "q5_1" => 24.0 / 32.0,
        "q5_0" => 22.0 / 32.0,
        "q4_1" => 20.0 / 32.0,
        "q4_0" | "iq4_nl" => 18.0 / 32.0,
        "fp8" | "fp8_e4m3" | "fp8_e5m2" => 1.0,
        _ => return None,
    })
}

/// The smallest bits per weight that still counts as "Q4-class" (IQ4_XS and up): the policy keeps the asked
/// context at this quality or better whenever any setup can.
pub const Q4_CLASS_BPW: f64 = 4.4;

/// The quality cost of a quant and a KV cache type, in numbers and words.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Quality {
    pub quant_bpw: f64,
    /// Perplexity increase of the weights over F16 (Llama-3-8B); `None` when the quant is unknown.
    pub ppl_delta: Option<f64>,
    /// Perplexity increase of the KV cache type over f16.
    pub kv_ppl_delta: Option<f64>,
    pub words: String,
}

impl Quality {
    /// One number to rank by (lower is better): the two perplexity increases added.
    pub fn cost(&self) -> f64 {
        self.ppl_delta.unwrap_or(10.0) + self.kv_ppl_delta.unwrap_or(0.0)
    }

    pub fn q4_class(&self) -> bool {
        self.quant_bpw >= Q4_CLASS_BPW
    }
}

/// Perplexity increase of a quant: the published figure, else interpolated on bits per weight between the
/// measured neighbours (`true` = estimated).
pub fn ppl_delta(q: &Quant) -> Option<(f64, bool)> {
    if let Some(d) = q.ppl_delta {
        return Some((d, false));
    }
    // I-quants (made with an importance matrix) match k-quants about a quarter bit larger
    // (llama.cpp #4773, #5196): IQ4_XS sits with Q4_K_S, IQ3_M with Q3_K_M.
    let bpw = if q.name.starts_with("IQ") {
        q.bpw + 0.25
    } else {
        q.bpw
    };
    let measured: Vec<&Quant> = QUANT_LADDER
        .iter()
        .filter(|m| m.ppl_delta.is_some())
        .collect();
    let above = measured
        .iter()
        .filter(|m| m.bpw >= q.bpw)
        .min_by(|a, b| a.bpw.total_cmp(&b.bpw));
    let below = measured
        .iter()
        .filter(|m| m.bpw < q.bpw)
        .max_by(|a, b| a.bpw.total_cmp(&b.bpw));
    let delta = match (above, below) {
        (Some(a), Some(b)) => {
            let (da, db) = (a.ppl_delta?.max(1e-4).ln(), b.ppl_delta?.max(1e-4).ln());
            let t = (bpw - b.bpw) / (a.bpw - b.bpw);
            (db + t * (da - db)).exp()
        }
        // Below Q2_K: extrapolate along the last step (each bit less roughly triples the loss).
        (None, Some(b)) | (Some(b), None) => b.ppl_delta? * 3f64.powf(b.bpw - bpw),
        (None, None) => return None,
    };
    Some((delta, true))
}

/// KV cache quality (ggml-org/llama.cpp#7412, LLaMA-3-8B): q8_0 is practically free, q4_0 is not.
pub fn kv_ppl_delta(cache_type_k: &str, cache_type_v: &str) -> f64 {
    let one = |t: &str| match t.trim().to_ascii_lowercase().as_str() {
        "f32" | "f16" | "bf16" => 0.0,
        "q8_0" => 0.0025,
        "q5_1" | "q5_0" => 0.02,
        _ => 0.06,
    };
    one(cache_type_k) + one(cache_type_v)
}

/// The quality of a quant with a KV cache type, in numbers and plain words.
pub fn quality(quant: Option<&str>, cache_type_k: &str, cache_type_v: &str) -> Quality {
    let q = quant.and_then(self::quant);
    let ppl = q.as_ref().and_then(ppl_delta);
    let kv = kv_ppl_delta(cache_type_k, cache_type_v);
    let quant_words = match (quant, &q, ppl) {
        (Some(name), Some(q), Some((d, estimated))) => {
            let grade = if d < 0.03 {
                "practically lossless"
            } else if d < 0.12 {
                "near-lossless"
            } else if d < 0.3 {
                "small loss, the usual choice"
            } else if d < 0.8 {
                "noticeable loss"
            } else if d < 2.0 {
                "large loss"
            } else {
                "severe loss: answers get worse"
            };
            format!(
                "{name} ({:.1} bits/weight): perplexity +{d:.2}{} — {grade}",
                q.bpw,
                if estimated { " (estimated)" } else { "" }
            )
        }
        (Some(name), _, _) => format!("{name}: quality cost not measured"),
        (None, _, _) => "the file's own quant".to_owned(),
    };
    let kv_words = if kv == 0.0 {
        String::new()
    } else if kv < 0.01 {
        format!("; {cache_type_k}/{cache_type_v} KV cache: practically free (+{kv:.3})")
    } else {
        format!(
            "; {cache_type_k}/{cache_type_v} KV cache: noticeable (+{kv:.2}; long reasoning degrades first)"
        )
    };
    Quality {
        quant_bpw: q.map_or(16.0, |q| q.bpw),
        ppl_delta: ppl.map(|(d, _)| d),
        kv_ppl_delta: Some(kv),
        words: format!("{quant_words}{kv_words}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iq_quants_sit_between_their_measured_neighbours() {
        let iq4 = quant("IQ4_XS").unwrap();
        let (d, estimated) = ppl_delta(&iq4).unwrap();
        assert!(estimated);
        assert!(
            d > 0.17 && d < 0.3,
            "IQ4_XS with Q4_K_S, a quarter bit up: {d}"
        );
        let iq2 = quant("IQ2_XS").unwrap();
        assert!(
            ppl_delta(&iq2).unwrap().0 > 3.52,
            "below Q2_K costs more than Q2_K"
        );
        let iq3 = ppl_delta(&quant("IQ3_M").unwrap()).unwrap().0;
        assert!(iq3 > 0.55 && iq3 < 1.0, "IQ3_M near Q3_K_M: {iq3}");
        assert!(
            quality(Some("Q4_K_M"), "q8_0", "q8_0").cost()
                < quality(Some("IQ2_M"), "f16", "f16").cost()
        );
        assert!(quality(Some("IQ4_XS"), "f16", "f16").q4_class());
        assert!(!quality(Some("Q3_K_L"), "f16", "f16").q4_class());
    }
}
