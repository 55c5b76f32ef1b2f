//! `vram-doctor models [--presets | hf:OWNER/REPO] [--json]` (CONTRACT.md): models found in local stores, the
//! built-in catalog, or the quants of a Hugging Face repository (with a fit column for this machine).

use std::io::Write;

use clap::Parser as _;

use crate::model::hub::{self, Hub, HubConfig};
use crate::model::stores::{self, StoreRoots};
use crate::model::{self, ModelSource, catalog};
use crate::units::format_auto;

#[derive(Debug, clap::Args)]
pub struct ModelsArgs {
    /// A Hugging Face repository (hf:OWNER/REPO or its URL): list its quants instead.
    #[arg(value_name = "hf:OWNER/REPO")]
    pub repo: Option<String>,
    /// With a repository: judge the fit column for these catalog GPUs instead of this machine's.
    #[arg(long, value_name = "NAME[,NAME..]", value_delimiter = ',')]
    pub gpu: Vec<String>,
    /// With a repository: the context the fit column is judged at.
    #[arg(short = 'c', long = "ctx-size", value_name = "N", default_value_t = hub::BADGE_CTX)]
    pub ctx_size: u32,
    /// List the built-in catalog instead of local stores.
    #[arg(long)]
    pub presets: bool,
    /// Print one JSON document instead of the table.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &ModelsArgs, out: &mut dyn Write) -> Result<u8, String> {
    if let Some(repo) = &args.repo {
        return repo_quants(repo, args, HubConfig::from_env(), out);
    }
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
            "hub": p.hub.as_ref().map(|h| format!("hf:{h}")),
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
            "\nAny quant: preset:ID@QUANT, e.g. preset:llama-3.1-8b@Q5_K_M. The quants a hub repository really has:\nvram-doctor models hf:OWNER/REPO ({} presets name theirs, e.g. vram-doctor models hf:unsloth/Qwen3-8B-GGUF)",
            catalog::presets().iter().filter(|p| p.hub.is_some()).count()
        )
        .map_err(io)?;
    }
    Ok(0)
}

/// Only the `fit` options, to build the fit column's request exactly as `vram-doctor fit` would.
#[derive(Debug, clap::Parser)]
struct FitOnly {
    #[command(flatten)]
    fit: super::fit::FitArgs,
}

/// The quants of a repository: sizes from the hub's file list, a fit verdict per quant from one header.
pub fn repo_quants(
    arg: &str,
    args: &ModelsArgs,
    config: HubConfig,
    out: &mut dyn Write,
) -> Result<u8, String> {
    let io = |e: std::io::Error| format!("writing the list: {e}");
    let Ok(ModelSource::Hf { repo, revision, .. }) = arg.parse::<ModelSource>() else {
        return Err(format!(
            "{arg}: expected a Hugging Face repository, hf:OWNER/REPO (or its https://huggingface.co/… URL)"
        ));
    };
    let hub = Hub::new(config);
    let mut notes = Vec::new();
    let listing = hub
        .list(&repo, revision.as_deref(), &mut notes)
        .map_err(|e| e.to_string())?;
    let quants = hub::quants(&listing);
    // One header (a few MB, cached) gives the architecture and stands for every quant's layout.
    let base = match hub::representative(&quants) {
        Some(q) => match hub.load(&q.id.parse().map_err(|e| format!("{e}"))?) {
            Ok(loaded) => {
                notes.extend(loaded.notes);
                Some(loaded.spec)
            }
            Err(e) => {
                notes.push(format!("could not read a header for the fit column: {e}"));
                None
            }
        },
        None => None,
    };
    if args.json {
        let rows: Vec<serde_json::Value> = quants
            .iter()
            .map(|q| {
                serde_json::json!({
                    "id": q.id,
                    "source": "hf",
                    "path": q.files.first(),
                    "architecture": base.as_ref().map(|b| b.architecture.clone()),
                    "file_type": q.quant,
                    "file_bytes": q.file_bytes,
                    "shards": q.shards,
                })
            })
            .collect();
        let doc = serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())?;
        writeln!(out, "{doc}").map_err(io)?;
        for n in &notes {
            eprintln!("note: {n}");
        }
        return Ok(0);
    }
    if quants.is_empty() {
        writeln!(
            out,
            "hf:{repo}: no GGUF quants ({} files). A safetensors repository is read whole: vram-doctor fit hf:{repo}",
            listing.files.len()
        )
        .map_err(io)?;
        return Ok(0);
    }
    let mut argv = vec![
        "fit".to_owned(),
        arg.to_owned(),
        "-c".to_owned(),
        args.ctx_size.to_string(),
    ];
    if !args.gpu.is_empty() {
        argv.push("--gpu".into());
        argv.push(args.gpu.join(","));
    }
    let fit_args = FitOnly::try_parse_from(argv)
        .map_err(|e| e.to_string())?
        .fit;
    let hw = args.gpu.is_empty().then(crate::hardware::probe::detect);
    let (req, runtime) = super::fit::request_from_args(&fit_args, hw.as_ref())?;
    let verdicts = match &base {
        Some(b) if !req.gpus.is_empty() => {
            let req = super::fit::runtime_request(b, &req, runtime, &fit_args);
            hub::quant_verdicts(b, &quants, &req)
        }
        _ => vec![None; quants.len()],
    };
    let gpus: Vec<&str> = req.gpus.iter().map(|g| g.name.as_str()).collect();
    writeln!(
        out,
        "{:<14} {:>11} {:>6}  {:<7} id",
        "quant", "size", "shards", "fit"
    )
    .map_err(io)?;
    for (q, v) in quants.iter().zip(&verdicts) {
        writeln!(
            out,
            "{:<14} {:>11} {:>6}  {:<7} {}",
            q.quant,
            format_auto(q.file_bytes),
            q.shards,
            v.map_or("?", hub::verdict_word),
            q.id
        )
        .map_err(io)?;
    }
    if gpus.is_empty() {
        writeln!(
            out,
            "\nfit: no GPU detected; pass --gpu NAME (e.g. --gpu \"RTX 4090\") for the fit column"
        )
        .map_err(io)?;
    } else {
        writeln!(
            out,
            "\nfit: {} at -c {} (vram-doctor fit ID for the full report)",
            gpus.join(" + "),
            args.ctx_size
        )
        .map_err(io)?;
    }
    for n in &notes {
        writeln!(out, "note: {n}").map_err(io)?;
    }
    Ok(0)
}
