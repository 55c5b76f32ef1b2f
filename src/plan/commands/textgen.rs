//! text-generation-webui with its llama.cpp loader: `python server.py --model FILE --loader llama.cpp
//! --gpu-layers N --ctx-size N --cache-type q8_0 --flash-attn --batch-size N` (modules/shared.py; older
//! releases spell them `--n-gpu-layers` / `--n_ctx`). The model is named by its file in the models folder.

use super::{Written, model_argument};
use crate::plan::{PlanError, Setup, Situation};

pub fn launch(sit: &Situation, setup: &Setup) -> Result<Written, PlanError> {
    let mut w = Written::default();
    let ngl = super::llama::ngl_value(setup);
    let mut args: Vec<String> = Vec::new();
    if let Some(model) = model_argument(sit) {
        args.extend(["--model".to_owned(), super::file_name(model).to_owned()]);
    }
    args.extend([
        "--loader".into(),
        "llama.cpp".into(),
        "--gpu-layers".into(),
        ngl.clone(),
    ]);
    args.extend([
        "--ctx-size".into(),
        setup.n_ctx.to_string(),
        "--batch-size".into(),
        setup.n_batch.to_string(),
    ]);
    if setup.flash_attn {
        args.push("--flash-attn".into());
    }
    if !setup.cache_type_k.eq_ignore_ascii_case("f16") {
        args.extend([
            "--cache-type".into(),
            setup.cache_type_k.to_ascii_lowercase(),
        ]);
    }
    w.cmd(
        sit.shell,
        sit.shell.command("python", &{
            let mut all = vec!["server.py".to_owned()];
            all.extend(args);
            all
        })?,
    );
    w.setting(format!(
        "Model tab → llama.cpp loader: gpu-layers {ngl}, ctx-size {}",
        setup.n_ctx
    ));
    w.note("Run it from the text-generation-webui folder (inside its environment: start_linux.sh / start_windows.bat pass the same flags via CMD_FLAGS.txt).");
    Ok(w)
}

pub fn verify(sit: &Situation) -> Result<Written, PlanError> {
    let mut w = Written::default();
    w.note("The console prints `offloaded N/M layers to GPU` when the model loads and `tokens/s` after each reply.");
    super::free_vram::query(sit, &mut w);
    Ok(w)
}
