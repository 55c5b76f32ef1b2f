//! GPU catalog: marketed memory, bandwidth and matrix throughput of common GPUs (`assets/gpus.ron`, generated from
//! research/gpus.tsv with its vendor-spec sources), for "what if I had an RTX 4090" and the speed model
//! (bandwidth prices generation, matrix throughput prices prompt processing).
//! Lookup is by forgiving name ("4090", "RTX 4090", "rtx4090"); ambiguous names list the candidates.
//! Apple rows are unified memory: the GPU may use Metal's recommendedMaxWorkingSetSize, which llama.cpp
//! logs as ≈ 2/3 of RAM on small Macs and ≈ 3/4 on large ones (fit.md §0.7: 8 GB → 5.73 GB, 64 GB →
//! 51.5 GB, 192 GB → 154.6 GB). Detection of installed GPUs is `probe`'s job, not this module's.

use std::sync::OnceLock;

use serde::Deserialize;

use crate::fit::GpuDevice;

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct CatalogGpu {
    pub vendor: String,
    pub name: String,
    pub memory_gib: f64,
    pub bandwidth_gbps: f64,
    /// Peak dense FP16 matrix throughput in TFLOPS (tensor/matrix units where present); `None` = unknown.
    #[serde(default)]
    pub fp16_tflops: Option<f64>,
    /// Peak dense INT8 matrix or dot-product throughput in TOPS (llama.cpp's quantized kernels run on it).
    #[serde(default)]
    pub int8_tops: Option<f64>,
    /// Unified memory shared with the CPU (Apple Silicon, Jetson).
    pub unified: bool,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum CatalogError {
    #[error(
        "unknown GPU '{0}': not in the built-in catalog (use --vram SIZE instead, e.g. --vram 24GiB)"
    )]
    Unknown(String),
    #[error("GPU name '{name}' is ambiguous: {candidates}")]
    Ambiguous { name: String, candidates: String },
}

const GIB: f64 = 1024.0 * 1024.0 * 1024.0;

impl CatalogGpu {
    pub fn memory_bytes(&self) -> u64 {
        (self.memory_gib * GIB) as u64
    }

    /// Memory the GPU may use: all of it for discrete cards, the Metal working-set limit for unified memory.
    pub fn usable_bytes(&self) -> u64 {
        if self.unified {
            let share = if self.memory_gib > 36.0 {
                0.75
            } else {
                2.0 / 3.0
            };
            (self.memory_gib * share * GIB) as u64
        } else {
            self.memory_bytes()
        }
    }

    pub fn to_device(&self) -> GpuDevice {
        GpuDevice {
            name: self.name.clone(),
            capacity_bytes: self.usable_bytes(),
            bandwidth_gbps: Some(self.bandwidth_gbps),
        }
    }
}

/// Every catalog entry. The asset is compiled in; a broken asset is a build-time bug caught by the tests,
/// and at run time it yields an empty catalog rather than a panic.
pub fn all() -> &'static [CatalogGpu] {
    static CATALOG: OnceLock<Vec<CatalogGpu>> = OnceLock::new();
    CATALOG.get_or_init(|| {
        ron::from_str(include_str!("../../assets/gpus.ron")).unwrap_or_else(|e| {
            log::error!("assets/gpus.ron: {e}");
            Vec::new()
        })
    })
}

fn normalize(s: &str) -> String {
    let lower = s.to_ascii_lowercase();
    let mut out = String::new();
    for word in lower.split(|c: char| !c.is_ascii_alphanumeric()) {
        if matches!(
            word,
            "" | "nvidia" | "geforce" | "amd" | "radeon" | "intel" | "apple"
        ) {
            continue;
        }
        out.push_str(word);
    }
    out
}

/// Finds one GPU by name. Exact (normalized) match first, then the unique entry whose normalized name
/// contains the query, preferring the shortest when one name is a prefix of all the others ("RTX 4090"
/// → "GeForce RTX 4090", not "RTX 4090 D").
pub fn find(name: &str) -> Result<&'static CatalogGpu, CatalogError> {
    let found = find_exactly(name);
    // Runtimes print the device with its driver's tags: Vulkan's "AMD Radeon AI PRO R9700 (RADV GFX1201)",
    // ROCm's "AMD Radeon 8060S Graphics, gfx1151 (0x1151)". Retry without them before giving up.
    match found {
        Err(CatalogError::Unknown(_)) => {
            let bare = without_driver_tags(name);
            if bare != name && !bare.trim().is_empty() {
                find_exactly(&bare).map_err(|_| CatalogError::Unknown(name.into()))
            } else {
                found
            }
        }
        _ => found,
    }
}

/// A device name without what a driver appends: a parenthesised driver or PCI tag ("(RADV GFX1201)",
/// "(AMD open-source driver)", "(0x1151)"), a ", gfx1151" target suffix, the word "Graphics" and a PCIe/SXM
/// form factor.
fn without_driver_tags(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut rest = name;
    while let Some(open) = rest.find('(') {
        let Some(len) = rest[open..].find(')') else {
            break;
        };
        let inner = rest[open + 1..open + len].to_ascii_lowercase();
        let driver = ["radv", "driver", "amdvlk", "0x", "gfx"]
            .iter()
            .any(|t| inner.contains(t));
        out.push_str(&rest[..open]);
        if !driver {
            out.push_str(&rest[open..=open + len]);
        }
        rest = &rest[open + len + 1..];
    }
    out.push_str(rest);
    let lower = out.to_ascii_lowercase();
    if let Some(i) = lower.find(", gfx").or_else(|| lower.find(" gfx")) {
        out.truncate(i);
    }
    // CUDA's "Tesla P100-PCIE-16GB", "A100-SXM4-80GB": the form factor is not part of the catalog's name.
    out.split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty())
        .filter(|w| {
            let w = w.to_ascii_lowercase();
            w != "graphics" && w != "pcie" && !w.starts_with("sxm")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn find_exactly(name: &str) -> Result<&'static CatalogGpu, CatalogError> {
    let q = normalize(name);
    if q.is_empty() {
        return Err(CatalogError::Unknown(name.into()));
    }
    let gpus = all();
    if let Some(g) = gpus.iter().find(|g| normalize(&g.name) == q) {
        return Ok(g);
    }
    let mut hits: Vec<&CatalogGpu> = gpus
        .iter()
        .filter(|g| normalize(&g.name).contains(&q))
        .collect();
    hits.sort_by_key(|g| normalize(&g.name).len());
    match hits.as_slice() {
        [] => Err(CatalogError::Unknown(name.into())),
        [one] => Ok(one),
        [first, rest @ ..] => {
            let f = normalize(&first.name);
            let others_extend = rest.iter().all(|g| normalize(&g.name).starts_with(&f));
            if others_extend && f.ends_with(&q) {
                return Ok(first);
            }
            // "RTX 3060" → the 8GB and 12GB variants differ only by a memory suffix: take the largest
            // (the reports name the card they used); a different model word ("Ti", "Super") stays ambiguous.
            let memory_only: Vec<&&CatalogGpu> = hits
                .iter()
                .filter(|g| {
                    let rest = normalize(&g.name);
                    rest.find(&q).is_some_and(|i| {
                        let tail = &rest[i + q.len()..];
                        tail.strip_suffix("gb")
                            .and_then(|n| n.parse::<f64>().ok())
                            .is_some_and(|gb| gb == g.memory_gib)
                    })
                })
                .collect();
            if (memory_only.len() >= 2 || memory_only.len() == hits.len())
                && let Some(best) = memory_only
                    .iter()
                    .max_by(|a, b| a.memory_gib.total_cmp(&b.memory_gib))
            {
                return Ok(best);
            }
            Err(CatalogError::Ambiguous {
                name: name.into(),
                candidates: hits
                    .iter()
                    .take(8)
                    .map(|g| g.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asset_parses_and_has_common_cards() {
        assert!(all().len() > 100);
        let g = find("RTX 4090").unwrap();
        assert_eq!(g.memory_bytes(), 24 << 30);
        assert_eq!(g.bandwidth_gbps, 1008.0);
        assert_eq!(find("geforce rtx 3090").unwrap().memory_gib, 24.0);
        assert!(find("Radeon RX 7900 XTX").is_ok());
        // Memory-size variants resolve to the largest; a "Ti" is a different card.
        assert_eq!(find("RTX 3060").unwrap().memory_gib, 12.0);
        assert!(find("RTX 3060 Ti").unwrap().name.ends_with("Ti"));
    }

    #[test]
    fn every_entry_has_compute_and_variants_resolve() {
        for g in all() {
            let (f, i) = (g.fp16_tflops.unwrap_or(0.0), g.int8_tops.unwrap_or(0.0));
            assert!(f > 0.5 && i > 0.5, "{}: fp16 {f} int8 {i}", g.name);
            assert!(g.bandwidth_gbps > 10.0, "{}", g.name);
        }
        // The plain Apple name is the full configuration; core-count variants are their own rows.
        let full = find("Apple M1 Max").unwrap();
        let cut = find("M1 Max 24-core").unwrap();
        assert!(cut.name.contains("24-core") && cut.fp16_tflops < full.fp16_tflops);
        assert_eq!(cut.bandwidth_gbps, full.bandwidth_gbps);
        // As runtimes print them: the driver's tags do not hide the card.
        for (printed, card) in [
            (
                "AMD Radeon AI PRO R9700 (RADV GFX1201)",
                "AMD Radeon AI PRO R9700",
            ),
            (
                "AMD Radeon AI PRO R9700, gfx1201 (0x1201)",
                "AMD Radeon AI PRO R9700",
            ),
            ("AMD Radeon 8060S Graphics, gfx1151 (0x1151)", "8060S"),
            ("Radeon 8060S Graphics (RADV GFX1151)", "8060S"),
            ("AMD Radeon RX 7900 XTX (RADV NAVI31)", "7900 XTX"),
            ("Tesla P100-PCIE-16GB", "P100"),
        ] {
            let g = find(printed).unwrap_or_else(|e| panic!("{printed}: {e}"));
            assert!(g.name.contains(card), "{printed} -> {}", g.name);
        }
        assert!(matches!(
            find("AMD Radeon Graphics, gfx1201 (0x1201)"),
            Err(CatalogError::Unknown(n)) if n == "AMD Radeon Graphics, gfx1201 (0x1201)"
        ));
        for name in [
            "RTX PRO 4500 Blackwell",
            "Radeon AI PRO R9700",
            "RTX 3050 6GB",
            "Radeon 780M",
            "RTX 5090",
            "RTX 5080",
            "RTX 5070",
            "RTX 5070 Ti",
            "RTX PRO 6000",
        ] {
            assert!(find(name).is_ok(), "{name}: {:?}", find(name));
        }
    }

    #[test]
    fn unknown_and_ambiguous_names() {
        assert!(matches!(find("Voodoo 5"), Err(CatalogError::Unknown(_))));
        assert!(matches!(find(""), Err(CatalogError::Unknown(_))));
        assert!(matches!(find("RTX"), Err(CatalogError::Ambiguous { .. })));
    }

    #[test]
    fn apple_uses_working_set_limit() {
        let m = all()
            .iter()
            .find(|g| g.unified && g.memory_gib >= 64.0)
            .unwrap();
        assert!(m.usable_bytes() < m.memory_bytes());
        assert_eq!(m.usable_bytes(), (m.memory_gib * 0.75 * GIB) as u64);
    }
}
