//! vLLM: `vllm serve MODEL --gpu-memory-utilization U --max-model-len N --kv-cache-dtype fp8 --enforce-eager
//! --cpu-offload-gb G --tensor-parallel-size T` (vLLM engine arguments). vLLM pre-allocates
//! `U × GPU memory` and gives what weights, activations and CUDA graphs leave to KV-cache blocks; it refuses
//! to start when one request of `max_model_len` tokens does not fit in those blocks.

use super::{Written, model_argument};
use crate::plan::{PlanError, Setup, Situation};
use crate::units::GIB;

pub fn args(setup: &Setup) -> Vec<String> {
    let mut args = vec![
        "--gpu-memory-utilization".to_owned(),
        format!("{:.2}", setup.gpu_memory_utilization),
        "--max-model-len".to_owned(),
        setup.n_ctx.to_string(),
    ];
    if setup.cache_type_k.to_ascii_lowercase().starts_with("fp8")
        || setup.cache_type_k.starts_with("q8")
    {
        args.extend(["--kv-cache-dtype".to_owned(), "fp8".to_owned()]);
    }
    if setup.enforce_eager {
        args.push("--enforce-eager".to_owned());
    }
    if setup.cpu_offload_bytes > 0 {
        args.extend([
            "--cpu-offload-gb".to_owned(),
            setup.cpu_offload_bytes.div_ceil(GIB).to_string(),
        ]);
    }
    if setup.tensor_parallel > 1 {
        args.extend([
            "--tensor-parallel-size".to_owned(),
            setup.tensor_parallel.to_string(),
        ]);
    }
    if setup.parallel > 1 {
        args.extend(["--max-num-seqs".to_owned(), setup.parallel.to_string()]);
    }
    if let Some(q) = setup
        .quant
        .as_deref()
        .filter(|q| q.eq_ignore_ascii_case("fp8"))
    {
        args.extend(["--quantization".to_owned(), q.to_ascii_lowercase()]);
    }
    args
}

pub fn launch(sit: &Situation, setup: &Setup) -> Result<Written, PlanError> {
    let mut w = Written::default();
    let mut all = vec!["serve".to_owned()];
    match model_argument(sit) {
        Some(model) => all.push(model.to_owned()),
        None => {
            w.note(format!(
                "Add to your vllm serve command: {}",
                args(setup).join(" ")
            ));
            return Ok(w);
        }
    }
    all.extend(args(setup));
    w.cmd(sit.shell, sit.shell.command("vllm", &all)?);
    Ok(w)
}

pub fn verify(sit: &Situation) -> Result<Written, PlanError> {
    let mut w = Written::default();
    w.note("At start-up vLLM logs `# GPU blocks: N` and `Maximum concurrency for M tokens per request: X`; X ≥ 1 means one full-length request fits.");
    super::free_vram::query(sit, &mut w);
    Ok(w)
}
