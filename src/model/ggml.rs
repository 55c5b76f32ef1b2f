//! ggml tensor types (id → name, block size, bytes per block) and llama.cpp file types (`general.file_type`
//! → "Q4_K_M"). Source: research/quants.tsv (ggml/include/ggml.h `enum ggml_type`, ggml-common.h block
//! structs, tools/quantize/quantize.cpp). Removed ids (4, 5, 31–33, 36–38) are unknown on purpose.

/// One ggml tensor type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GgmlType {
    pub id: u32,
    pub name: &'static str,
    /// Elements per block.
    pub block_elems: u64,
    /// Bytes per block.
    pub block_bytes: u64,
}

const fn t(id: u32, name: &'static str, block_elems: u64, block_bytes: u64) -> GgmlType {
    GgmlType {
        id,
        name,
        block_elems,
        block_bytes,
    }
}

pub const TYPES: [GgmlType; 38] = [
    t(0, "F32", 1, 4),
    t(1, "F16", 1, 2),
    t(2, "Q4_0", 32, 18),
    t(3, "Q4_1", 32, 20),
    t(6, "Q5_0", 32, 22),
    t(7, "Q5_1", 32, 24),
    t(8, "Q8_0", 32, 34),
    t(9, "Q8_1", 32, 36),
    t(10, "Q2_K", 256, 84),
    t(11, "Q3_K", 256, 110),
    t(12, "Q4_K", 256, 144),
    t(13, "Q5_K", 256, 176),
    t(14, "Q6_K", 256, 210),
    t(15, "Q8_K", 256, 292),
    t(16, "IQ2_XXS", 256, 66),
    t(17, "IQ2_XS", 256, 74),
    t(18, "IQ3_XXS", 256, 98),
    t(19, "IQ1_S", 256, 50),
    t(20, "IQ4_NL", 32, 18),
    t(21, "IQ3_S", 256, 110),
    t(22, "IQ2_S", 256, 82),
    t(23, "IQ4_XS", 256, 136),
    t(24, "I8", 1, 1),
    t(25, "I16", 1, 2),
    t(26, "I32", 1, 4),
    t(27, "I64", 1, 8),
    t(28, "F64", 1, 8),
    t(29, "IQ1_M", 256, 56),
    t(30, "BF16", 1, 2),
    t(34, "TQ1_0", 256, 54),
    t(35, "TQ2_0", 256, 66),
    t(39, "MXFP4", 32, 17),
    t(40, "NVFP4", 64, 36),
    t(41, "Q1_0", 128, 18),
    t(42, "Q2_0", 64, 18),
    // Kept for completeness of lookups by name (KV cache types use the same table).
    t(0, "f32", 1, 4),
    t(1, "f16", 1, 2),
    t(30, "bf16", 1, 2),
];

/// The type with this id, `None` for ids this build does not know.
pub fn by_id(id: u32) -> Option<GgmlType> {
    TYPES.iter().find(|t| t.id == id).copied()
}

/// The type with this name ("Q8_0", "q8_0", "f16"), case-insensitive.
pub fn by_name(name: &str) -> Option<GgmlType> {
    TYPES
        .iter()
        .find(|t| t.name.eq_ignore_ascii_case(name.trim()))
        .copied()
}

impl GgmlType {
    /// Bytes of a tensor with `elements` elements; `None` on overflow. A row length that is not a multiple
    /// of the block size cannot exist in a valid file; rounding up keeps the estimate on the safe side.
    pub fn bytes_for(&self, elements: u64) -> Option<u64> {
        elements
            .div_ceil(self.block_elems)
            .checked_mul(self.block_bytes)
    }

    /// Bits per weight of the storage format.
    pub fn bits_per_weight(&self) -> f64 {
        self.block_bytes as f64 * 8.0 / self.block_elems as f64
    }
}

/// `general.file_type` (llama_ftype) → the name llama.cpp and model cards use.
pub fn file_type_name(ftype: u32) -> Option<&'static str> {
    Some(match ftype {
        0 => "F32",
        1 => "F16",
        2 => "Q4_0",
        3 => "Q4_1",
        7 => "Q8_0",
        8 => "Q5_0",
        9 => "Q5_1",
        10 => "Q2_K",
        11 => "Q3_K_S",
        12 => "Q3_K_M",
        13 => "Q3_K_L",
        14 => "Q4_K_S",
        15 => "Q4_K_M",
        16 => "Q5_K_S",
        17 => "Q5_K_M",
        18 => "Q6_K",
        19 => "IQ2_XXS",
        20 => "IQ2_XS",
        21 => "Q2_K_S",
        22 => "IQ3_XS",
        23 => "IQ3_XXS",
        24 => "IQ1_S",
        25 => "IQ4_NL",
        26 => "IQ3_S",
        27 => "IQ3_M",
        28 => "IQ2_S",
        29 => "IQ2_M",
        30 => "IQ4_XS",
        31 => "IQ1_M",
        32 => "BF16",
        36 => "TQ1_0",
        37 => "TQ2_0",
        38 => "MXFP4_MOE",
        39 => "NVFP4",
        40 => "Q1_0",
        41 => "Q2_0",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_sizes_match_ggml() {
        let q4k = by_id(12).expect("Q4_K");
        assert_eq!(q4k.bytes_for(4096 * 4096), Some(4096 * 4096 / 256 * 144));
        assert_eq!(by_name("q8_0").map(|t| t.id), Some(8));
        assert_eq!(by_id(39).map(|t| t.name), Some("MXFP4"));
        assert_eq!(by_id(41).map(|t| t.block_elems), Some(128));
        assert!(by_id(4).is_none() && by_id(31).is_none() && by_id(999).is_none());
        assert!((by_id(14).expect("Q6_K").bits_per_weight() - 6.5625).abs() < 1e-9);
    }

    #[test]
    fn file_types_have_names() {
        assert_eq!(file_type_name(15), Some("Q4_K_M"));
        assert_eq!(file_type_name(32), Some("BF16"));
        assert_eq!(file_type_name(99), None);
    }
}
