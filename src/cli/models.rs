//! `vram-doctor models [--presets] [--json]` (CONTRACT.md): models found in local stores.

use std::io::Write;

use crate::model::stores::{self, StoreRoots};
use crate::model::{self, catalog};
use crate::units::format_auto;

#[derive(Debug, clap::Args)]
pub struct ModelsArgs {
    /// List the built-in catalog instead of local stores.
    #[arg(long)]
    pub presets: bool,
    /// Print one JSON document instead of the table.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &ModelsArgs, out: &mut dyn Write) -> Result<u8, String> {
    if args.presets {
        return presets(args.json, out);
    }
    let found = stores::scan(&StoreRoots::detect());
    let io = |e: std::io::Error| format!("writing the list: {e}");
    if args.json {
        let doc = serde_json::to_string_pretty(&found).map_err(|e| e.to_string())?;
        writeln!(out, "{doc}").map_err(io)?;
        return Ok(0);
    }
    if found.is_empty() {
        writeln!(
            out,
            "No models found in the Ollama, LM Studio, Hugging Face or llama.cpp stores on this machine."
        )
        .map_err(io)?;
        return Ok(0);
    }
    for m in &found {
        writeln!(
            out,
            "{:<18} {:<10} {:<10} {:>11}  {}",
            m.source.label(),
            m.architecture.as_deref().unwrap_or("?"),
            m.file_type.as_deref().unwrap_or("?"),
            format_auto(m.file_bytes),
            m.id
        )
        .map_err(io)?;
        if let Some(problem) = &m.problem {
            writeln!(out, "{:>20}problem: {problem}", "").map_err(io)?;
        }
    }
    Ok(0)
}

/// The built-in catalog, each preset at its default quant (sizes predicted as llama-quantize would write them).
fn presets(json: bool, out: &mut dyn Write) -> Result<u8, String> {
    let io = |e: std::io::Error| format!("writing the list: {e}");
    let mut rows = Vec::new();
    for p in catalog::presets() {
        let quant = catalog::default_quant(p);
        let spec = model::load(&format!("preset:{}@{quant}", p.id)).map_err(|e| e.to_string())?;
        rows.push(serde_json::json!({
            "id": format!("preset:{}", p.id),
            "source": "preset",
            "path": null,
            "name": p.name,
            "architecture": p.arch,
            "file_type": quant,
            "file_bytes": spec.file_bytes,
        }));
        if !json {
            writeln!(
                out,
                "{:<38} {:<10} {:<10} {:>11}  {}",
                format!("preset:{}", p.id),
                p.arch,
                quant,
                format_auto(spec.file_bytes),
                p.name
            )
            .map_err(io)?;
        }
    }
    if json {
        let doc = serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())?;
        writeln!(out, "{doc}").map_err(io)?;
    } else {
        writeln!(
            out,
            "\nAny quant: preset:ID@QUANT, e.g. preset:llama-3.1-8b@Q5_K_M"
        )
        .map_err(io)?;
    }
    Ok(0)
}
