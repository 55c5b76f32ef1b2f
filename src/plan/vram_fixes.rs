//! Fixes on the GPU side that are not settings of the searched setup: free VRAM held by others, vLLM's memory
//! share, 8-/4-bit loading for the PyTorch runtimes, PyTorch's expandable segments, and — last — more
//! hardware. Each builder says whether it applies (`None` when not), why, its effect in numbers, its cost
//! and commands.

use super::commands::{self, Written};
use super::engine::Ctx;
use super::evidence::{reserved_unallocated, vllm_numbers};
use super::setup::{Setup, signed};
use super::{Os, Runtime, Step, StepId};
use crate::triage::Label;
use crate::units::{GIB, MIB, format_auto, format_gib};

pub(super) fn free_vram(ctx: &Ctx) -> Option<Step> {
    let held: u64 = ctx
        .holders
        .iter()
        .map(|h| h.used_bytes)
        .fold(0, u64::saturating_add)
        + ctx
            .sit
            .gpus
            .iter()
            .map(|g| g.used_by_others_bytes)
            .fold(0, u64::saturating_add);
    let applies =
        ctx.p.held_by_other || (held >= 256 * MIB && (ctx.p.vram_short || ctx.p.cpu_spill));
    if !applies {
        return None;
    }
    let mut step = Step::new(StepId::FreeVram, "Free the VRAM other processes hold");
    step.why = if ctx.holders.is_empty() {
        format!(
            "{}: memory the model needs is held by other programs (another model server, a notebook, a browser, a stuck process).",
            ctx.label_words()
        )
    } else {
        let list: Vec<String> = ctx
            .holders
            .iter()
            .map(|h| format!("PID {} ({}, {})", h.pid, h.name, format_auto(h.used_bytes)))
            .collect();
        format!(
            "{}: {} hold GPU memory.",
            ctx.label_words(),
            list.join(", ")
        )
    };
    if let Some(d) = &ctx.sit.diagnosis
        && let (Some(req), Some(free)) = (d.numbers.requested_bytes, d.numbers.free_bytes)
    {
        step.why.push_str(&format!(
            " The failing allocation needed {} but only {} was free.",
            format_auto(req),
            format_auto(free)
        ));
    }
    step.effect.summary = if held > 0 {
        format!("Frees up to {} of VRAM", format_auto(held))
    } else {
        "Frees whatever the listed processes hold".to_owned()
    };
    step.effect.vram_delta_bytes = (held > 0).then(|| -signed(held));
    step.cost = "Nothing for the model; the programs you end lose unsaved work.".to_owned();
    step.absorb(commands::free_vram::write(&ctx.sit, &ctx.holders));
    if !ctx.holders.is_empty() {
        step.notes.push(
            "Check each PID before ending it: inside a container the PID in the message can be your own job.".to_owned(),
        );
    }
    step.undo = "Start the programs again when you need them.".to_owned();
    Some(step)
}

pub(super) fn vllm_memory(ctx: &Ctx) -> Option<Step> {
    if ctx.sit.runtime != Runtime::Vllm
        || !(ctx.p.vllm_kv || ctx.p.vram_short || ctx.p.fragmentation || ctx.p.held_by_other)
    {
        return None;
    }
    if let Some(step) = vllm_share_of_free(ctx) {
        return Some(step);
    }
    let numbers = ctx
        .sit
        .diagnosis
        .as_ref()
        .map(vllm_numbers)
        .unwrap_or_default();
    let mut s = ctx.setup.clone();
    if let Some(u) = numbers.utilization {
        s.gpu_memory_utilization = u;
    }
    let max_len = numbers.max_len.unwrap_or(ctx.setup.n_ctx);
    s.n_ctx = max_len;
    let total: u64 = numbers.total_gpu.unwrap_or_else(|| {
        ctx.sit
            .gpus
            .iter()
            .map(|g| g.total_bytes)
            .fold(0, u64::saturating_add)
    });
    let kv_per_token = match (numbers.kv_available, numbers.capacity_tokens) {
        (Some(bytes), Some(tokens)) if tokens > 0 => Some(bytes as f64 / f64::from(tokens)),
        _ => ctx
            .sit
            .model
            .as_ref()
            .and(ctx.pricer)
            .map(|pr| {
                let per_elem = |t: &str| {
                    t.parse::<crate::vocab::CacheType>()
                        .map_or(2.0, |c| c.bytes_per_element())
                };
                crate::fit::runtimes::kv_bytes_per_token(
                    pr.spec(),
                    (per_elem(&s.cache_type_k) + per_elem(&s.cache_type_v)) / 2.0,
                )
            })
            .filter(|v| *v > 0.0),
    };
    let mut step = Step::new(
        StepId::VllmMemory,
        "Give vLLM's KV cache room for one full-length request",
    );
    step.why = if ctx.p.vllm_kv {
        format!(
            "{}: vLLM gives the KV cache only what is left of --gpu-memory-utilization ({:.2}) × GPU memory after weights and activations, and refuses a --max-model-len ({max_len}) that does not fit in it.",
            ctx.label_words(),
            s.gpu_memory_utilization
        )
    } else {
        format!(
            "{}: vLLM claims --gpu-memory-utilization ({:.2}) × GPU memory up front for the weights, activations, CUDA graphs and KV blocks of --max-model-len ({max_len}) tokens; all of that must fit in the share.",
            ctx.label_words(),
            s.gpu_memory_utilization
        )
    };
    let needed_extra = match (
        numbers.kv_needed,
        numbers.kv_available,
        numbers.capacity_tokens,
        kv_per_token,
    ) {
        (Some(need), Some(have), _, _) => Some(need.saturating_sub(have)),
        (_, _, Some(cap), Some(per)) if cap < max_len => {
            Some((f64::from(max_len - cap) * per) as u64)
        }
        _ => None,
    };
    let low_util = s.gpu_memory_utilization < 0.85;
    match (needed_extra, total) {
        (Some(extra), t) if t > 0 => {
            let util = ((s.gpu_memory_utilization + extra as f64 / t as f64 + 0.01) * 100.0).ceil()
                / 100.0;
            if util <= 0.95 {
                s.gpu_memory_utilization = util;
                step.effect.summary = format!(
                    "--gpu-memory-utilization {util:.2}: +{} for KV blocks → room for {max_len} tokens",
                    format_auto(extra)
                );
            } else if let Some(cap) = numbers.capacity_tokens {
                s.n_ctx = (cap / 16 * 16).max(16);
                step.effect.summary = format!(
                    "--max-model-len {}: fits the {cap} tokens the KV cache holds now (instead of {max_len})",
                    s.n_ctx
                );
            } else {
                s.gpu_memory_utilization = 0.95;
                step.effect.summary = format!(
                    "--gpu-memory-utilization 0.95: still {} short; lower --max-model-len too",
                    format_auto(extra)
                );
            }
        }
        _ if low_util => {
            s.gpu_memory_utilization = 0.9;
            step.effect.summary = "--gpu-memory-utilization 0.90 (vLLM's default): the low value left nothing for KV blocks".to_owned();
        }
        _ => {
            if let Some(cap) = numbers.capacity_tokens {
                s.n_ctx = (cap / 16 * 16).max(16);
                step.effect.summary =
                    format!("--max-model-len {}: what the KV cache holds now", s.n_ctx);
            } else {
                s.gpu_memory_utilization = (s.gpu_memory_utilization + 0.05).min(0.95);
                s.n_ctx = (max_len / 2 / 16 * 16).max(2048);
                s.enforce_eager = true;
                step.effect.summary = format!(
                    "--gpu-memory-utilization {:.2}, --max-model-len {}, --enforce-eager (no CUDA-graph memory)",
                    s.gpu_memory_utilization, s.n_ctx
                );
            }
        }
    }
    if ctx.sit.gpus.len() > 1 {
        s.tensor_parallel = u32::try_from(ctx.sit.gpus.len()).unwrap_or(1);
    }
    // Weights larger than vLLM's share minus ~2 GiB of activations/graphs and the KV of one request: offload.
    if let (true, Some(m), Some(per)) = (ctx.p.vram_short, ctx.sit.model.as_ref(), kv_per_token)
        && total > 0
    {
        let share = (s.gpu_memory_utilization * total as f64) as u64;
        let kv_one = (per * f64::from(s.n_ctx)) as u64;
        let budget = share.saturating_sub(kv_one.saturating_add(2 * GIB));
        if m.weights_bytes > budget {
            s.cpu_offload_bytes = m.weights_bytes - budget + GIB;
            step.effect.summary.push_str(&format!(
                "; --cpu-offload-gb {}: {} of weights stay in system RAM",
                s.cpu_offload_bytes.div_ceil(GIB),
                format_gib(s.cpu_offload_bytes)
            ));
            step.notes.push("CPU offload copies those weights over PCIe on every forward pass: it makes the model run, slowly; a quantized checkpoint (AWQ/GPTQ/FP8) is the faster fix.".to_owned());
        }
    }
    step.cost = "Higher utilization leaves less GPU memory for anything else on the card; a shorter max-model-len caps prompt + answer length; --enforce-eager costs some speed.".to_owned();
    ctx.launch(&mut step, &s);
    step.undo = "Start vllm serve with your previous flags.".to_owned();
    Some(step)
}

pub(super) fn lower_precision_pytorch(ctx: &Ctx) -> Option<Step> {
    use commands::transformers::Precision;
    let model = ctx.sit.model.as_ref()?;
    let current = Precision::from_quant(ctx.setup.quant.as_deref());
    if current == Precision::Nf4 {
        return None;
    }
    let total: u64 = ctx
        .sit
        .gpus
        .iter()
        .map(|g| g.total_bytes.saturating_sub(g.used_by_others_bytes))
        .fold(0, u64::saturating_add);
    let weights = model.weights_bytes;
    let params = weights as f64 / current.bytes_per_param();
    let mut step;
    let s;
    if ctx.sit.runtime == Runtime::Vllm {
        if current != Precision::Bf16 {
            return None;
        }
        let after = (params * 1.0) as u64;
        s = Setup {
            quant: Some("fp8".to_owned()),
            ..ctx.setup.clone()
        };
        step = Step::new(StepId::LowerQuant, "Load the weights in FP8");
        step.effect.summary = format!(
            "--quantization fp8: weights {} → {}",
            format_gib(weights),
            format_gib(after)
        );
        step.effect.vram_delta_bytes = Some(signed(after) - signed(weights));
        step.cost = "Quality: FP8 weights are close to bf16 on most models; fast on Ada/Hopper GPUs, slower (weight-only) on older ones.".to_owned();
    } else {
        let candidates = [Precision::Int8, Precision::Nf4];
        let pick = candidates
            .into_iter()
            .filter(|p| p.bytes_per_param() < current.bytes_per_param())
            .find(|p| {
                ((params * p.bytes_per_param()) as u64).saturating_add(2 * GIB + ctx.margin)
                    <= total
            })
            .unwrap_or(Precision::Nf4);
        let after = (params * pick.bytes_per_param()) as u64;
        s = Setup {
            quant: Some(pick.setup_quant().to_owned()),
            ..ctx.setup.clone()
        };
        step = Step::new(
            StepId::LowerQuant,
            format!(
                "Load the weights in {}",
                if pick == Precision::Int8 {
                    "8-bit"
                } else {
                    "4-bit NF4"
                }
            ),
        );
        let room = signed(total)
            .saturating_sub(signed(after))
            .saturating_sub(signed(2 * GIB));
        step.effect.summary = format!(
            "BitsAndBytesConfig: weights {} → {}; about {} left on the GPU for activations and the KV cache",
            format_gib(weights),
            format_gib(after),
            format_auto(room.unsigned_abs())
        );
        step.effect.vram_delta_bytes = Some(signed(after) - signed(weights));
        step.effect.fits = Some(room >= signed(ctx.margin));
        step.cost = "Quality: 8-bit is close to bf16; 4-bit NF4 loses a little. Generation with bitsandbytes is slower than bf16.".to_owned();
    }
    step.why = format!(
        "{}: the {} weights alone take {} of the GPU's {}.",
        ctx.label_words(),
        ctx.setup.quant.as_deref().unwrap_or("16-bit"),
        format_gib(weights),
        format_gib(total)
    );
    ctx.launch(&mut step, &s);
    step.undo = "Load the model without the quantization config.".to_owned();
    Some(step)
}

pub(super) fn expandable_segments(ctx: &Ctx) -> Option<Step> {
    let gap = ctx.sit.diagnosis.as_ref().and_then(reserved_unallocated);
    let total = ctx
        .sit
        .diagnosis
        .as_ref()
        .and_then(|d| d.numbers.total_bytes)
        .unwrap_or(0);
    let big_gap = gap.is_some_and(|g| total > 0 && g.saturating_mul(20) >= total);
    let applies =
        ctx.p.fragmentation || (ctx.sit.runtime.is_pytorch() && ctx.p.vram_short && big_gap);
    if !applies {
        return None;
    }
    let mut step = Step::new(
        StepId::ExpandableSegments,
        "Let PyTorch's allocator grow segments instead of fragmenting",
    );
    step.why = format!(
        "{}: {} PyTorch had reserved is not in use but is split into blocks too small for the request; expandable segments map memory so freed space can be reused.",
        ctx.label_words(),
        gap.map_or_else(|| "memory".to_owned(), format_auto)
    );
    step.effect.summary = gap.map_or_else(
        || "Reserved-but-unallocated memory becomes usable".to_owned(),
        |g| {
            format!(
                "Up to {} of reserved-but-unallocated memory becomes usable",
                format_auto(g)
            )
        },
    );
    step.effect.vram_delta_bytes = gap.map(|g| -signed(g));
    step.cost = "None measurable.".to_owned();
    let shell = ctx.sit.shell;
    if ctx.sit.os == Os::Windows {
        step.notes.push("PyTorch does not support expandable segments on Windows (it warns and ignores them); there, max_split_size_mb limits how large cached blocks get split.".to_owned());
        step.absorb(
            shell
                .set_env(
                    "PYTORCH_CUDA_ALLOC_CONF",
                    "max_split_size_mb:512,garbage_collection_threshold:0.8",
                )
                .map(|text| {
                    let mut w = Written::default();
                    w.cmd(shell, text);
                    w
                }),
        );
    } else {
        step.absorb(
            shell
                .set_env("PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True")
                .map(|text| {
                    let mut w = Written::default();
                    w.cmd(shell, text);
                    w
                }),
        );
        step.notes.push("Set it in the shell that starts Python (or before `import torch`); PyTorch 2.9+ also reads PYTORCH_ALLOC_CONF.".to_owned());
    }
    if ctx.sit.runtime == Runtime::Transformers {
        step.files.push(super::FileToWrite {
            path: "free_cache.py".to_owned(),
            content: commands::transformers::EMPTY_CACHE.to_owned(),
        });
    }
    step.undo = shell
        .unset_env("PYTORCH_CUDA_ALLOC_CONF")
        .unwrap_or_default();
    Some(step)
}

pub(super) fn hardware(ctx: &Ctx) -> Option<Step> {
    if !ctx.p.gpu_pressure() && !ctx.p.vllm_kv {
        return None;
    }
    // Without a model to size, only a failure to load the weights themselves points at hardware.
    let primary = ctx.sit.diagnosis.as_ref().map(|d| d.label);
    if ctx.base.is_none()
        && !matches!(
            primary,
            Some(Label::VramOomLoad | Label::RocmOom | Label::AppleMetalOom)
        )
    {
        return None;
    }
    let all = Setup {
        n_gpu_layers: None,
        ..ctx.setup.clone()
    };
    // When the search found a Q4-class setup with every layer on the GPU, hardware is not needed.
    let quality_fit = if ctx.searched {
        ctx.q4_on_gpu
    } else {
        ctx.fits(&all) == Some(true)
    };
    if quality_fit {
        return None;
    }
    let mut step = Step::new(
        StepId::Hardware,
        "More GPU memory: a bigger card, a second GPU, or a second machine",
    );
    let need = ctx
        .predict(&all)
        .map(|p| p.gpu_total_bytes().saturating_add(ctx.margin));
    step.why = format!(
        "{}: no setup keeps this model entirely on the GPU at Q4-class quality (IQ4_XS or better); every setup above trades speed, quality or context.",
        ctx.label_words()
    );
    step.effect.summary = match need {
        Some(n) => {
            let hosts = ctx.sit.rpc_hosts.len() as u64 + 1;
            let mut s = format!(
                "All layers on GPUs need about {} in total (incl. {} margin)",
                format_gib(n),
                format_auto(ctx.margin)
            );
            if hosts > 1 {
                s.push_str(&format!(
                    "; over {hosts} machines about {} each",
                    format_gib(n.div_ceil(hosts))
                ));
            }
            s
        }
        None => "More VRAM removes the need for the trade-offs above".to_owned(),
    };
    step.cost = "Money; RPC over the network is slower than one machine (each token crosses the network per split).".to_owned();
    step.absorb(commands::rpc::write(&ctx.sit, &all));
    if ctx.sit.rpc_hosts.is_empty() && ctx.sit.runtime.is_llama_family() {
        step.notes.push("With a second PC: llama.cpp's rpc-server on it and --rpc HOST:50052 here splits the layers over both; `vram-doctor plan --rpc-host HOST` writes the commands.".to_owned());
    }
    step.undo = String::new();
    Some(step)
}

/// vLLM found less free memory at start than its share asks for ("Free memory on device (3.2/23.6 GiB) on
/// startup is less than desired GPU memory utilization"), or the log shows others holding memory: the share
/// can only go down to what is free — never up. Freeing the memory (the step before) is the real fix.
fn vllm_share_of_free(ctx: &Ctx) -> Option<Step> {
    let d = ctx.sit.diagnosis.as_ref()?;
    let text = super::evidence::diagnosis_text(d);
    let (free, total) = super::evidence::vllm_startup_free(&text).or_else(|| {
        (d.label == Label::VramHeldByOther)
            .then_some((d.numbers.free_bytes?, d.numbers.total_bytes?))
    })?;
    if total == 0 {
        return None;
    }
    let share_free = free as f64 / total as f64;
    let util = ((share_free - 0.01) * 100.0).floor() / 100.0;
    let mut s = ctx.setup.clone();
    let mut step = Step::new(
        StepId::VllmMemory,
        "Keep vLLM's memory share within what is free",
    );
    step.why = format!(
        "{}: only {} of {} was free when vLLM started, less than --gpu-memory-utilization {:.2} asks for; raising the share cannot work, the memory belongs to other processes.",
        ctx.label_words(),
        format_gib(free),
        format_gib(total),
        ctx.setup.gpu_memory_utilization
    );
    if util >= 0.05 && util < ctx.setup.gpu_memory_utilization {
        s.gpu_memory_utilization = util;
        step.effect.summary = format!(
            "--gpu-memory-utilization {util:.2}: the share that is free now ({} of {}); the model, its activations and its KV cache must fit in it, so free the memory first when they do not",
            format_gib(free),
            format_gib(total)
        );
        step.effect.fits = None;
        ctx.launch(&mut step, &s);
    } else {
        step.effect.summary = format!(
            "Only {} is free: too little for any vLLM share; free the GPU first",
            format_gib(free)
        );
    }
    step.cost = "A smaller share leaves less room for the KV cache: fewer concurrent requests, or a shorter --max-model-len.".to_owned();
    step.undo = "Start vllm serve with your previous flags once the GPU is free.".to_owned();
    Some(step)
}
