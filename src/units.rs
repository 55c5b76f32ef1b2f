//! Byte sizes: parsing what users type ("24GiB", "24 GB", "24576M") and printing sizes the way llama.cpp
//! prints them (MiB with two decimals in breakdowns, GiB for totals). Inside the engine every size is a `u64`
//! number of bytes; formatting happens only at the edges (CLI text, GUI labels).

use std::fmt;

pub const KIB: u64 = 1024;
pub const MIB: u64 = 1024 * KIB;
pub const GIB: u64 = 1024 * MIB;
pub const KB: u64 = 1000;
pub const MB: u64 = 1000 * KB;
pub const GB: u64 = 1000 * MB;

/// `12345678` → `"11.77 MiB"` (llama.cpp's buffer-size style).
pub fn format_mib(bytes: u64) -> String {
    format!("{:.2} MiB", bytes as f64 / MIB as f64)
}

/// `25769803776` → `"24.00 GiB"`.
pub fn format_gib(bytes: u64) -> String {
    format!("{:.2} GiB", bytes as f64 / GIB as f64)
}

/// Picks GiB for ≥ 1 GiB, MiB for ≥ 1 MiB, KiB or bytes below, with two decimals.
pub fn format_auto(bytes: u64) -> String {
    if bytes >= GIB {
        format_gib(bytes)
    } else if bytes >= MIB {
        format_mib(bytes)
    } else if bytes >= KIB {
        format!("{:.2} KiB", bytes as f64 / KIB as f64)
    } else {
        format!("{bytes} B")
    }
}

/// Signed difference, e.g. `"-3.90 GiB"` / `"+512.00 MiB"`.
pub fn format_delta(delta: i128) -> String {
    let sign = if delta < 0 { "-" } else { "+" };
    let magnitude = u64::try_from(delta.unsigned_abs()).unwrap_or(u64::MAX);
    format!("{sign}{}", format_auto(magnitude))
}

/// Error from [`parse_size`]; names the input and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid size {input:?}: {reason} (examples: 24GiB, 24 GB, 24576MiB, 24576M, 25769803776)")]
pub struct ParseSizeError {
    pub input: String,
    pub reason: &'static str,
}

/// Parses a size as the CLI accepts it (CONTRACT.md): `24GiB`, `24 GiB`, `24GB` (10^9), `24576MiB`,
/// `24576M` (MiB: llama.cpp and most tools mean binary units by a bare letter), plain bytes.
/// Decimal fractions (`7.5GiB`) and a decimal comma (`7,5 GiB`) are accepted.
pub fn parse_size(input: &str) -> Result<u64, ParseSizeError> {
    let err = |reason| ParseSizeError {
        input: input.to_owned(),
        reason,
    };
    let s = input.trim();
    let split = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(s.len());
    let (num, unit) = s.split_at(split);
    if num.is_empty() {
        return Err(err("no number"));
    }
    let num = num.replace(',', ".");
    let value: f64 = num.parse().map_err(|_| err("not a number"))?;
    let multiplier = unit_multiplier(unit.trim()).ok_or_else(|| err("unknown unit"))?;
    let bytes = value * multiplier as f64;
    if !bytes.is_finite() || bytes < 0.0 || bytes > u64::MAX as f64 {
        return Err(err("out of range"));
    }
    Ok(bytes.round() as u64)
}

/// Bytes per unit for a unit spelling, case-insensitive for the letters that are unambiguous.
pub fn unit_multiplier(unit: &str) -> Option<u64> {
    let u = unit.to_ascii_lowercase();
    Some(match u.as_str() {
        "" | "b" | "bytes" | "byte" => 1,
        "k" | "kib" | "ki" => KIB,
        "kb" => KB,
        "m" | "mib" | "mi" => MIB,
        "mb" => MB,
        "g" | "gib" | "gi" => GIB,
        "gb" => GB,
        "t" | "tib" | "ti" => 1024 * GIB,
        "tb" => 1000 * GB,
        _ => return None,
    })
}

/// A byte count that displays like llama.cpp (for `format!`-style use at the edges).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Bytes(pub u64);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_auto(self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_contract_spellings() {
        assert_eq!(parse_size("24GiB"), Ok(24 * GIB));
        assert_eq!(parse_size("24 GiB"), Ok(24 * GIB));
        assert_eq!(parse_size("24GB"), Ok(24 * GB));
        assert_eq!(parse_size("24576MiB"), Ok(24 * GIB));
        assert_eq!(parse_size("24576M"), Ok(24 * GIB));
        assert_eq!(parse_size("25769803776"), Ok(24 * GIB));
        assert_eq!(parse_size("7,5 GiB"), Ok(7 * GIB + 512 * MIB));
        assert_eq!(parse_size("0.5gib"), Ok(512 * MIB));
    }

    #[test]
    fn rejects_garbage_with_a_named_reason() {
        assert_eq!(parse_size("").map_err(|e| e.reason), Err("no number"));
        assert_eq!(parse_size("GiB").map_err(|e| e.reason), Err("no number"));
        assert_eq!(
            parse_size("12 parsecs").map_err(|e| e.reason),
            Err("unknown unit")
        );
        assert_eq!(
            parse_size("1.2.3G").map_err(|e| e.reason),
            Err("not a number")
        );
        assert_eq!(
            parse_size("1e40").map_err(|e| e.reason),
            Err("unknown unit")
        );
        assert_eq!(
            parse_size("99999999999999999999T").map_err(|e| e.reason),
            Err("out of range")
        );
    }

    #[test]
    fn formats_like_llama_cpp() {
        assert_eq!(format_mib(4_294_967_296), "4096.00 MiB");
        assert_eq!(format_gib(24 * GIB), "24.00 GiB");
        assert_eq!(format_auto(512), "512 B");
        assert_eq!(format_auto(3 * MIB / 2), "1.50 MiB");
        assert_eq!(format_delta(-(4 * GIB as i128)), "-4.00 GiB");
        assert_eq!(Bytes(GIB).to_string(), "1.00 GiB");
    }
}
