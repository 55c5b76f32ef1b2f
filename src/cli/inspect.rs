//! `vram-doctor inspect MODEL [--json]` (CONTRACT.md): what a model file holds.

use std::io::Write;

use serde_json::{Value, json};

use crate::model::{self, ModelFormat, ModelSpec, PerLayer, gguf};
use crate::units::format_auto;

#[derive(Debug, clap::Args)]
pub struct InspectArgs {
    /// A .gguf file (any shard of a split model), ollama:NAME[:TAG], preset:ID or hf:OWNER/REPO[:QUANT].
    pub model: String,
    /// Print one JSON document instead of the report.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &InspectArgs, out: &mut dyn Write) -> Result<u8, String> {
    // Hub models keep their header from the read (the file is not on this machine to read again).
    let (spec, notes, header) = match args.model.parse::<model::ModelSource>() {
        Ok(source @ model::ModelSource::Hf { .. }) => {
            let loaded = model::hub::Hub::new(model::hub::HubConfig::from_env())
                .load(&source)
                .map_err(|e| e.to_string())?;
            (loaded.spec, loaded.notes, loaded.header)
        }
        _ => {
            let (spec, notes) = model::load_noted(&args.model).map_err(|e| e.to_string())?;
            (spec, notes, None)
        }
    };
    let metadata = metadata_json(&args.model, &spec, header.as_ref());
    let io = |e: std::io::Error| format!("writing the report: {e}");
    for n in &notes {
        eprintln!("note: {n}");
    }
    if args.json {
        let doc = inspect_json(&spec, metadata);
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?
        )
        .map_err(io)?;
    } else {
        write_text(&spec, out).map_err(io)?;
    }
    Ok(0)
}

fn per_layer_json(p: &PerLayer) -> Value {
    match p {
        PerLayer::Uniform(v) => json!(v),
        PerLayer::Layers(v) => json!(v),
    }
}

/// Every metadata key → value (long arrays summarized), re-read from the GGUF header.
fn metadata_json(arg: &str, spec: &ModelSpec, remote: Option<&gguf::GgufFile>) -> Value {
    if spec.format != ModelFormat::Gguf {
        return json!({});
    }
    let local;
    let file = match remote {
        Some(file) => file,
        None => {
            let path = match arg.strip_prefix("ollama:") {
                Some(name) => model::ollama::resolve(&model::ollama::models_dir(), name).ok(),
                None => Some(std::path::PathBuf::from(arg)),
            };
            let Some(file) = path.and_then(|p| gguf::read_file(&p).ok()) else {
                return json!({});
            };
            local = file;
            &local
        }
    };
    let mut map: serde_json::Map<String, Value> = file
        .metadata
        .iter()
        .map(|(k, v)| (k.clone(), v.to_json()))
        .collect();
    if !file.unknown_types.is_empty() {
        // Tensor types this build does not know, by id (their sizes come from the tensor offsets).
        map.insert(
            "vram_doctor.unknown_ggml_types".into(),
            json!(file.unknown_types),
        );
    }
    Value::Object(map)
}

pub fn inspect_json(spec: &ModelSpec, metadata: Value) -> Value {
    let hp = &spec.hparams;
    json!({
        "format": match spec.format { ModelFormat::Safetensors => "safetensors", _ => "gguf" },
        "architecture": spec.architecture,
        "name": spec.name,
        "file_type": spec.file_type,
        "parameters": spec.parameters,
        "file_bytes": spec.file_bytes,
        "tensor_bytes": spec.tensor_bytes,
        "truncated": spec.truncated_bytes.is_some(),
        "missing_bytes": spec.truncated_bytes.unwrap_or(0),
        "layers": hp.n_layer,
        "context_length": hp.n_ctx_train,
        "embedding_length": hp.n_embd,
        "head_count": per_layer_json(&hp.n_head),
        "head_count_kv": per_layer_json(&hp.n_head_kv),
        "key_length": hp.n_embd_head_k,
        "value_length": hp.n_embd_head_v,
        "sliding_window": (hp.n_swa > 0).then_some(hp.n_swa),
        "expert_count": hp.n_expert,
        "expert_used_count": hp.n_expert_used,
        "vocab_size": hp.n_vocab,
        "tensor_count": spec.tensors.len(),
        "tied_embeddings": hp.tied_embeddings,
        "metadata": metadata,
    })
}

fn write_text(spec: &ModelSpec, out: &mut dyn Write) -> std::io::Result<()> {
    let hp = &spec.hparams;
    writeln!(out, "{}", spec.name)?;
    writeln!(out, "  architecture      {}", spec.architecture)?;
    writeln!(
        out,
        "  quantization      {}",
        spec.file_type.as_deref().unwrap_or("unknown")
    )?;
    let params = spec.parameters as f64;
    if params >= 1e9 {
        writeln!(out, "  parameters        {:.2} B", params / 1e9)?;
    } else {
        writeln!(out, "  parameters        {:.0} M", params / 1e6)?;
    }
    writeln!(
        out,
        "  file size         {} ({} of tensor data, {} tensors)",
        format_auto(spec.file_bytes),
        format_auto(spec.tensor_bytes),
        spec.tensors.len()
    )?;
    if let Some(missing) = spec.truncated_bytes {
        writeln!(
            out,
            "  TRUNCATED         the file is {} shorter than its tensor table says (an interrupted download?)",
            format_auto(missing)
        )?;
    }
    writeln!(out, "  layers            {}", hp.n_layer)?;
    writeln!(out, "  training context  {}", hp.n_ctx_train)?;
    writeln!(out, "  embedding         {}", hp.n_embd)?;
    writeln!(
        out,
        "  heads             {} (KV heads {}), head size {}/{}",
        hp.n_head.max(),
        hp.n_head_kv.max(),
        hp.n_embd_head_k,
        hp.n_embd_head_v
    )?;
    if hp.n_swa > 0 {
        writeln!(out, "  sliding window    {} tokens", hp.n_swa)?;
    }
    if hp.n_expert > 1 {
        writeln!(
            out,
            "  experts           {} ({} active per token)",
            hp.n_expert, hp.n_expert_used
        )?;
    }
    if hp.n_lora_kv > 0 {
        writeln!(out, "  MLA               kv_lora_rank {}", hp.n_lora_kv)?;
    }
    writeln!(out, "  vocabulary        {}", hp.n_vocab)?;
    Ok(())
}
