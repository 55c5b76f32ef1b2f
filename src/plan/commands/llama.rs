//! llama.cpp: `llama-server` / `llama-cli` with `-m -ngl -c -b -ub -fa -ctk -ctv --n-cpu-moe -ts`, the
//! self-fitting `--fit on --fit-target MiB` alternative, and `llama-bench` to verify (flags as in llama.cpp
//! `common/arg.cpp`; `--fit` since late 2025, research/fit.md §1.7).

use super::{Written, model_argument};
use crate::plan::{PlanError, Runtime, Setup, Situation};
use crate::units::MIB;

fn program(sit: &Situation) -> &'static str {
    if sit.runtime == Runtime::LlamaCli {
        "llama-cli"
    } else {
        "llama-server"
    }
}

/// `-ngl` value: an explicit count, or 999 for "everything".
pub fn ngl_value(setup: &Setup) -> String {
    setup
        .n_gpu_layers
        .map_or_else(|| "999".to_owned(), |n| n.to_string())
}

/// The llama.cpp flags for a setup (without `-m`).
pub fn flags(setup: &Setup, default: &Setup) -> Vec<String> {
    let mut args = vec![
        "-ngl".to_owned(),
        ngl_value(setup),
        "-c".to_owned(),
        setup.n_ctx.to_string(),
    ];
    if setup.n_batch != default.n_batch || setup.n_batch != 2048 {
        args.extend(["-b".to_owned(), setup.n_batch.to_string()]);
    }
    if setup.n_ubatch != default.n_ubatch || setup.n_ubatch != 512 {
        args.extend(["-ub".to_owned(), setup.n_ubatch.to_string()]);
    }
    args.extend([
        "-fa".to_owned(),
        if setup.flash_attn { "on" } else { "off" }.to_owned(),
    ]);
    if !setup.cache_type_k.eq_ignore_ascii_case("f16") {
        args.extend(["-ctk".to_owned(), setup.cache_type_k.to_ascii_lowercase()]);
    }
    if !setup.cache_type_v.eq_ignore_ascii_case("f16") {
        args.extend(["-ctv".to_owned(), setup.cache_type_v.to_ascii_lowercase()]);
    }
    if setup.n_cpu_moe > 0 {
        args.extend(["--n-cpu-moe".to_owned(), setup.n_cpu_moe.to_string()]);
    }
    if setup.parallel > 1 {
        args.extend(["-np".to_owned(), setup.parallel.to_string()]);
    }
    args
}

pub fn launch(sit: &Situation, setup: &Setup) -> Result<Written, PlanError> {
    let mut w = Written::default();
    let Some(model) = model_argument(sit) else {
        w.note(format!(
            "Add these flags to your {} command: {}",
            program(sit),
            flags(setup, &sit.setup).join(" ")
        ));
        return Ok(w);
    };
    let mut args = model_args(model);
    args.extend(flags(setup, &sit.setup));
    w.cmd(sit.shell, sit.shell.command(program(sit), &args)?);
    Ok(w)
}

/// `-m FILE`, or `-hf OWNER/REPO:QUANT` for a Hugging Face model (llama.cpp downloads and caches it).
pub fn model_args(model: &str) -> Vec<String> {
    match model.strip_prefix("hf:") {
        Some(repo) => vec!["-hf".to_owned(), repo.to_owned()],
        None => vec!["-m".to_owned(), model.to_owned()],
    }
}

/// The self-fitting alternative: llama.cpp measures itself and keeps `margin` free per GPU.
pub fn launch_auto_fit(sit: &Situation, setup: &Setup) -> Result<Written, PlanError> {
    let mut w = Written::default();
    let Some(model) = model_argument(sit) else {
        return Ok(w);
    };
    let target_mib = (sit.margin_bytes / MIB).max(256).to_string();
    let mut args: Vec<String> = model_args(model);
    let rest = [
        "-c",
        &setup.n_ctx.to_string(),
        "--fit",
        "on",
        "--fit-target",
        &target_mib,
    ];
    args.extend(rest.iter().map(|a| (*a).to_owned()));
    w.cmd(sit.shell, sit.shell.command(program(sit), &args)?);
    w.note("`--fit` needs llama.cpp from December 2025 or newer; it measures the real buffers and picks -ngl itself.");
    Ok(w)
}

/// `llama-bench` with the same settings: prints prompt (pp) and generation (tg) tokens/s.
pub fn verify(sit: &Situation, setup: &Setup) -> Result<Written, PlanError> {
    let mut w = Written::default();
    let Some(model) = model_argument(sit) else {
        w.note("Run llama-bench with the same -m, -ngl, -fa, -ctk/-ctv flags to measure tokens/s.");
        return Ok(w);
    };
    let mut args = model_args(model);
    args.extend([
        "-ngl".to_owned(),
        ngl_value(setup),
        "-fa".to_owned(),
        if setup.flash_attn { "1" } else { "0" }.to_owned(),
    ]);
    if !setup.cache_type_k.eq_ignore_ascii_case("f16") {
        args.extend(["-ctk".to_owned(), setup.cache_type_k.to_ascii_lowercase()]);
    }
    if !setup.cache_type_v.eq_ignore_ascii_case("f16") {
        args.extend(["-ctv".to_owned(), setup.cache_type_v.to_ascii_lowercase()]);
    }
    if setup.n_cpu_moe > 0 {
        args.extend(["--n-cpu-moe".to_owned(), setup.n_cpu_moe.to_string()]);
    }
    args.extend([
        "-p".to_owned(),
        "512".to_owned(),
        "-n".to_owned(),
        "128".to_owned(),
    ]);
    w.cmd(sit.shell, sit.shell.command("llama-bench", &args)?);
    w.note("In the server log, look for `offloaded N/M layers to GPU` and the CUDA0 buffer sizes.");
    Ok(w)
}
