//! Small widgets shared by the tabs: the hardware and model summaries of the top bar, a code block with a
//! copy button, key/value grids. Colours and sizes live here so tabs never hard-code them.

use egui::{Color32, RichText};

use super::model_slot::ModelSlot;
use crate::hardware::Hardware;
use crate::model::ModelSpec;
use crate::units::format_gib;

pub const OK: Color32 = Color32::from_rgb(0x4c, 0xaf, 0x50);
pub const WARN: Color32 = Color32::from_rgb(0xff, 0xa7, 0x26);
pub const BAD: Color32 = Color32::from_rgb(0xef, 0x53, 0x50);

/// "GPU0 RTX 4090 · 3.20 / 24.00 GiB used │ RAM 18.20 GiB free of 23.47 GiB │ Swap … │ Linux".
pub fn hardware_summary(ui: &mut egui::Ui, hardware: Option<&Hardware>) {
    let Some(hw) = hardware else {
        ui.spinner();
        ui.label("Detecting hardware…");
        return;
    };
    if hw.gpus.is_empty() {
        let reason = hw.gpu_problem.as_deref().unwrap_or("No GPU detected");
        ui.label(RichText::new(reason).color(WARN)).on_hover_text(
            "Fit estimates still work: pick a GPU from the catalog or type its VRAM.",
        );
    }
    for gpu in &hw.gpus {
        let used = gpu.memory_used_bytes + gpu.memory_reserved_bytes;
        let share = used as f32 / gpu.memory_total_bytes.max(1) as f32;
        let colour = if share >= 0.95 {
            BAD
        } else if share >= 0.85 {
            WARN
        } else {
            ui.visuals().text_color()
        };
        ui.label(
            RichText::new(format!(
                "GPU{} {} · {} / {} used",
                gpu.index,
                gpu.name,
                format_gib(used),
                format_gib(gpu.memory_total_bytes)
            ))
            .color(colour),
        );
    }
    if let (false, Some(problem)) = (hw.gpus.is_empty(), &hw.gpu_problem) {
        ui.label(RichText::new("(!)").color(WARN))
            .on_hover_text(problem.as_str());
    }
    ui.separator();
    ui.label(format!(
        "RAM {} free of {}",
        format_gib(hw.host.ram_available_bytes),
        format_gib(hw.host.ram_total_bytes)
    ));
    ui.separator();
    if hw.host.swap_total_bytes == 0 {
        ui.label("Swap: none");
    } else {
        ui.label(format!(
            "Swap {} / {} used",
            format_gib(hw.host.swap_used_bytes),
            format_gib(hw.host.swap_total_bytes)
        ));
    }
    ui.separator();
    ui.label(hw.os.display_name());
}

/// The model slot in the top bar: what is loaded, or loading, or why it failed.
pub fn model_summary(ui: &mut egui::Ui, slot: &ModelSlot) {
    match slot {
        ModelSlot::Empty => {
            ui.weak(
                "No model yet — open a .gguf or .safetensors file, or drop one onto the window.",
            );
        }
        ModelSlot::Loading { source, .. } => {
            ui.spinner();
            ui.label(format!("Reading {}…", short_source(source)));
        }
        ModelSlot::Loaded { spec, source } => {
            ui.label(RichText::new(display_name(spec, source)).strong())
                .on_hover_text(source.as_str());
            ui.label(model_one_liner(spec));
        }
        ModelSlot::Failed { source, error } => {
            ui.label(
                RichText::new(format!("Could not read {}: {error}", short_source(source)))
                    .color(BAD),
            );
        }
    }
}

/// File name of a path-like source, or the source itself (`ollama:…`, `preset:…`).
pub fn short_source(source: &str) -> &str {
    // Hub sources are ids, not paths: `hf:owner/repo:Q4_K_M` reads better whole.
    if source.starts_with("hf:") {
        return source;
    }
    std::path::Path::new(source)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(source)
}

pub fn display_name<'a>(spec: &'a ModelSpec, source: &'a str) -> &'a str {
    if spec.name.is_empty() {
        short_source(source)
    } else {
        &spec.name
    }
}

/// "llama · Q4_K_M · 4.58 GiB · 32 layers · ctx 131072".
pub fn model_one_liner(spec: &ModelSpec) -> String {
    let mut parts = vec![spec.architecture.clone()];
    if let Some(ft) = &spec.file_type {
        parts.push(ft.clone());
    }
    parts.push(format_gib(spec.file_bytes.max(spec.tensor_bytes)));
    parts.push(format!("{} layers", spec.hparams.n_layer));
    if spec.hparams.n_ctx_train > 0 {
        parts.push(format!("ctx {}", spec.hparams.n_ctx_train));
    }
    if spec.truncated_bytes.is_some() {
        parts.push("truncated file".into());
    }
    parts.join(" · ")
}

/// Two-column key/value grid.
pub fn facts_grid(ui: &mut egui::Ui, id: &str, rows: &[(&str, String)]) {
    egui::Grid::new(id)
        .num_columns(2)
        .spacing([16.0, 4.0])
        .striped(true)
        .show(ui, |ui| {
            for (key, value) in rows {
                ui.label(*key);
                ui.label(value);
                ui.end_row();
            }
        });
}

/// A monospace block with a "Copy" button (commands, config files).
pub fn code_block(ui: &mut egui::Ui, title: &str, text: &str) {
    ui.horizontal(|ui| {
        ui.label(RichText::new(title).small().weak());
        if ui
            .small_button("Copy")
            .on_hover_text("Copy to the clipboard")
            .clicked()
        {
            ui.ctx().copy_text(text.to_owned());
        }
    });
    egui::Frame::group(ui.style())
        .fill(ui.visuals().extreme_bg_color)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.add(egui::Label::new(RichText::new(text).monospace()).wrap());
        });
}

/// The model card: the hyper-parameters that decide memory.
pub fn model_card(ui: &mut egui::Ui, spec: &ModelSpec) {
    let hp = &spec.hparams;
    let mut rows = vec![
        ("Architecture", spec.architecture.clone()),
        (
            "Quantization",
            spec.file_type.clone().unwrap_or_else(|| "—".into()),
        ),
        ("File size", format_gib(spec.file_bytes)),
        ("Tensor data", format_gib(spec.tensor_bytes)),
        ("Layers", hp.n_layer.to_string()),
        ("Training context", hp.n_ctx_train.to_string()),
        ("Embedding", hp.n_embd.to_string()),
    ];
    let heads = hp.n_head.max();
    let kv_heads = hp.n_head_kv.max();
    rows.push((
        "Attention heads",
        if kv_heads > 0 && kv_heads < heads {
            format!("{heads} (KV {kv_heads}, GQA {}:1)", heads / kv_heads.max(1))
        } else {
            heads.to_string()
        },
    ));
    rows.push(("Vocabulary", hp.n_vocab.to_string()));
    if hp.n_swa > 0 {
        rows.push(("Sliding window", format!("{} tokens", hp.n_swa)));
    }
    if hp.n_expert > 1 {
        rows.push((
            "Experts",
            format!("{} ({} active per token)", hp.n_expert, hp.n_expert_used),
        ));
    }
    if hp.n_lora_kv > 0 {
        rows.push(("MLA KV rank", hp.n_lora_kv.to_string()));
    }
    if let Some(missing) = spec.truncated_bytes {
        rows.push(("Truncated", format!("{} missing", format_gib(missing))));
    }
    facts_grid(ui, "model-card", &rows);
}

/// Text for egui's bundled font, which lacks some symbols the engines use in prose (arrows, the minus sign,
/// comparison signs); they are spelled in ASCII instead of showing as empty boxes. Commands are never passed
/// through this: they must stay byte-exact.
pub fn prose(text: &str) -> std::borrow::Cow<'_, str> {
    const MAP: [(char, &str); 8] = [
        ('→', "->"),
        ('←', "<-"),
        ('−', "-"),
        ('≥', ">="),
        ('≤', "<="),
        ('Δ', "delta "),
        ('÷', "/"),
        ('×', "x"),
    ];
    if !text.chars().any(|c| MAP.iter().any(|(m, _)| *m == c)) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match MAP.iter().find(|(m, _)| *m == c) {
            Some((_, r)) => out.push_str(r),
            None => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn prose_spells_missing_symbols_in_ascii() {
        assert_eq!(
            super::prose("Q4_K_S → fits, −3.9 GiB"),
            "Q4_K_S -> fits, -3.9 GiB"
        );
        assert!(matches!(
            super::prose("plain"),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
