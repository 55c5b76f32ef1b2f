//! `vram-doctor models [--presets] [--json]` (CONTRACT.md): models found in local stores.

use std::io::Write;

use crate::model::stores::{self, StoreRoots};
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
        return Err("--presets: the built-in model catalog is not part of this build yet".into());
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
