//! LM Studio: the load dialog's settings (GPU Offload, Context Length, Flash Attention, K/V Cache Quantization
//! Type, Evaluation Batch Size) and the `lms load` equivalent (`--gpu 0-1|max|off`, `--context-length`,
//! `--estimate-only` to check memory before loading; lmstudio.ai/docs/cli/load). LM Studio runs llama.cpp,
//! so the numbers are llama.cpp's.

use super::{Written, model_argument};
use crate::plan::{PlanError, Setup, Situation};

/// `--gpu` value: "max" for everything, else the offloaded share of layers with two decimals.
pub fn gpu_ratio(setup: &Setup, layers_total: u32) -> String {
    match setup.n_gpu_layers {
        None => "max".to_owned(),
        Some(0) => "off".to_owned(),
        Some(n) if layers_total == 0 || n >= layers_total => "max".to_owned(),
        Some(n) => format!(
            "{:.2}",
            (f64::from(n) / f64::from(layers_total) * 100.0).floor() / 100.0
        ),
    }
}

fn layers_total(sit: &Situation) -> u32 {
    sit.model.as_ref().map_or(0, |m| m.n_layer)
}

fn dialog_settings(w: &mut Written, setup: &Setup, layers: u32) {
    let offload = match setup.n_gpu_layers {
        Some(n) if layers > 0 => format!("GPU Offload: {} of {layers} layers", n.min(layers)),
        Some(n) => format!("GPU Offload: {n} layers"),
        None => "GPU Offload: all layers (slider to the right)".to_owned(),
    };
    w.setting(offload);
    w.setting(format!("Context Length: {}", setup.n_ctx));
    w.setting(format!(
        "Flash Attention: {}",
        if setup.flash_attn { "on" } else { "off" }
    ));
    if !setup.cache_type_k.eq_ignore_ascii_case("f16") {
        w.setting(format!(
            "K Cache Quantization Type: {}",
            setup.cache_type_k.to_ascii_uppercase()
        ));
    }
    if !setup.cache_type_v.eq_ignore_ascii_case("f16") {
        w.setting(format!(
            "V Cache Quantization Type: {}",
            setup.cache_type_v.to_ascii_uppercase()
        ));
    }
    w.setting(format!("Evaluation Batch Size: {}", setup.n_batch));
}

pub fn launch(sit: &Situation, setup: &Setup) -> Result<Written, PlanError> {
    let mut w = Written::default();
    let layers = layers_total(sit);
    dialog_settings(&mut w, setup, layers);
    if let Some(model) = model_argument(sit) {
        let key = super::file_name(model).trim_end_matches(".gguf");
        let ratio = gpu_ratio(setup, layers);
        let ctx = setup.n_ctx.to_string();
        w.cmd(sit.shell, sit.shell.command("lms", &["unload", "--all"])?);
        w.cmd(
            sit.shell,
            sit.shell.command(
                "lms",
                &[
                    "load",
                    key,
                    "--gpu",
                    ratio.as_str(),
                    "--context-length",
                    ctx.as_str(),
                ],
            )?,
        );
        w.note("`lms load` takes the model key that `lms ls` prints; flash attention and KV cache types are set in the load dialog (or the model's default load config).");
    }
    Ok(w)
}

pub fn verify(sit: &Situation, setup: &Setup) -> Result<Written, PlanError> {
    let mut w = Written::default();
    if let Some(model) = model_argument(sit) {
        let key = super::file_name(model).trim_end_matches(".gguf");
        let ratio = gpu_ratio(setup, layers_total(sit));
        let ctx = setup.n_ctx.to_string();
        w.cmd(
            sit.shell,
            sit.shell.command(
                "lms",
                &[
                    "load",
                    key,
                    "--gpu",
                    ratio.as_str(),
                    "--context-length",
                    ctx.as_str(),
                    "--estimate-only",
                ],
            )?,
        );
    }
    w.cmd(sit.shell, "lms ps");
    w.note("LM Studio shows tokens/s under each reply; a figure far below the expected one means layers are still in system RAM.");
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gpu_ratio_spelling() {
        let s = |n| Setup {
            n_gpu_layers: n,
            ..Setup::default()
        };
        assert_eq!(gpu_ratio(&s(None), 80), "max");
        assert_eq!(gpu_ratio(&s(Some(0)), 80), "off");
        assert_eq!(gpu_ratio(&s(Some(52)), 81), "0.64");
        assert_eq!(gpu_ratio(&s(Some(81)), 81), "max");
    }
}
