//! Fixes on the GPU side, one builder per step id: free VRAM held by others, vLLM's memory knobs, a smaller
//! quant, fewer GPU layers, a shorter context, a quantized KV cache, flash attention, a smaller batch, MoE
//! experts in RAM, PyTorch's expandable segments, and — last — more hardware. Each builder says whether it
//! applies (`None` when not), why, its effect in numbers from the [`Ctx`]'s what-if, its cost and commands.

use super::commands::{self, Written};
use super::engine::Ctx;
use super::evidence::{reserved_unallocated, vllm_numbers};
use super::host_fixes::reduce_context_for_ram;
use super::whatif::{self, Setup, signed};
use super::{Os, Runtime, Step, StepId};
use crate::triage::Label;
use crate::units::{GIB, MIB, format_auto, format_delta, format_gib};

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
        || !(ctx.p.vllm_kv || ctx.p.vram_short || ctx.p.fragmentation)
    {
        return None;
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
            .map(|m| m.facts.kv_bytes_per_token(&s.cache_type_k, &s.cache_type_v))
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
        if m.facts.weights_bytes > budget {
            s.cpu_offload_bytes = m.facts.weights_bytes - budget + GIB;
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

/// Quality cost of a quant in words.
pub(super) fn quant_cost(q: &whatif::Quant, current: Option<whatif::Quant>) -> String {
    let now = current
        .and_then(|c| c.ppl_delta)
        .map(|d| format!(" (now +{d:.2})"))
        .unwrap_or_default();
    match q.ppl_delta {
        Some(d) if d >= 1.0 => format!(
            "Quality: perplexity +{d:.2}{now} on llama.cpp's Llama-3-8B measurement — a clear loss; prefer the next steps if they are enough."
        ),
        Some(d) => format!(
            "Quality: perplexity +{d:.2}{now} on llama.cpp's Llama-3-8B measurement; a new download."
        ),
        None => format!(
            "Quality: {} is an i-quant at {:.2} bits per weight; {}; a new download.",
            q.name,
            q.bpw,
            if q.bpw < 3.0 {
                "expect a visible loss at under 3 bits"
            } else {
                "a small but measurable loss"
            }
        ),
    }
}

pub(super) fn lower_quant(ctx: &Ctx) -> Option<Step> {
    if !(ctx.p.gpu_pressure() || ctx.p.host_memory) {
        return None;
    }
    if matches!(ctx.sit.runtime, Runtime::Transformers | Runtime::Vllm) {
        return lower_precision_pytorch(ctx);
    }
    let current_name = ctx.setup.quant.clone()?;
    let current = whatif::quant(&current_name);
    let all_gpu = Setup {
        n_gpu_layers: None,
        ..ctx.setup.clone()
    };
    if ctx.fits(&all_gpu) != Some(false) {
        return None; // everything fits (or cannot be told); other steps handle the rest
    }
    let with_quant = |q: &whatif::Quant, ngl: Option<u32>| Setup {
        quant: Some(q.name.to_owned()),
        n_gpu_layers: ngl,
        ..ctx.setup.clone()
    };
    let full = whatif::smaller_quants(&current_name)
        .into_iter()
        .find(|q| ctx.fits(&with_quant(q, None)) == Some(true));
    let (choice, s) = match full {
        Some(q) => (q, with_quant(&q, None)),
        None => partial_quant(ctx, &current_name, with_quant)?,
    };
    let title = match s.n_gpu_layers {
        Some(n) => format!(
            "Use a smaller quant: {} ({n} of {} layers on the GPU)",
            choice.name,
            ctx.layers_total()
        ),
        None => format!("Use a smaller quant: {}", choice.name),
    };
    let mut step = Step::new(StepId::LowerQuant, title);
    let weights_now = ctx.base.as_ref().map(|b| b.weights_bytes).unwrap_or(0);
    let after = ctx.predict(&s);
    let weights_after = after.as_ref().map(|a| a.weights_bytes).unwrap_or(0);
    step.why = format!(
        "{}: the {current_name} weights ({}) plus KV cache and buffers do not fit on the GPU with a {} margin.",
        ctx.label_words(),
        format_gib(weights_now),
        format_auto(ctx.margin)
    );
    step.effect = ctx.effect(
        &format!(
            "{}: weights {}",
            choice.name,
            format_delta(i128::from(signed(weights_after)) - i128::from(signed(weights_now)))
        ),
        &s,
    );
    if let Some(d) = choice.ppl_delta {
        step.effect
            .summary
            .push_str(&format!("; perplexity +{d:.2}"));
    }
    step.cost = quant_cost(&choice, current);
    let model_arg = commands::model_argument(&ctx.sit).map(str::to_owned);
    match model_arg
        .as_deref()
        .and_then(|m| commands::swap_quant_in_name(m, &current_name, choice.name))
    {
        Some(new_arg) => {
            let mut sit = ctx.sit.clone();
            if let Some(m) = sit.model.as_mut() {
                m.argument = new_arg.clone();
            }
            step.setup = Some(s.clone());
            step.absorb(commands::launch(&sit, &s));
            step.notes.push(format!(
                "Download {} from the same repository as your {current_name} file first (on Hugging Face: the file whose name ends in {}).",
                commands::file_name(&new_arg),
                choice.name
            ));
        }
        None => {
            if ctx.sit.runtime == Runtime::Ollama {
                // A Modelfile would still name the old tag; the note says which tag to pull.
                step.setup = Some(s.clone());
            } else {
                ctx.launch(&mut step, &s);
            }
            step.notes.push(match ctx.sit.runtime {
            Runtime::Ollama => format!(
                "Pull the tag of this model that ends in -{} (the model's Tags page on ollama.com lists them), then use it in the Modelfile's FROM line.",
                commands::ollama_style(choice.name)
            ),
            _ => format!("Download the {} file of the same model and load it with the settings above.", choice.name),
            });
        }
    }
    step.undo = format!("Load the {current_name} file again.");
    Some(step)
}

/// No quant fits entirely: the smallest quant of good quality (Q3_K_M or better) with as many layers on the
/// GPU as fit, when that is at least 1.3× faster than the current quant's best split.
pub(super) fn partial_quant(
    ctx: &Ctx,
    current: &str,
    with_quant: impl Fn(&whatif::Quant, Option<u32>) -> Setup,
) -> Option<(whatif::Quant, Setup)> {
    let total = ctx.layers_total();
    let cur = whatif::quant(current)?;
    let best_split = |q: &whatif::Quant| -> Option<(u32, f64)> {
        let n = Ctx::largest(1, total, |n| {
            ctx.fits(&with_quant(q, Some(n))) == Some(true)
        })?;
        let tps = ctx.predict(&with_quant(q, Some(n)))?.tokens_per_second?;
        Some((n, tps))
    };
    let q = whatif::smaller_quants(current)
        .into_iter()
        .rev()
        .find(|q| q.bpw >= 3.9)?;
    let (n, tps) = best_split(&q)?;
    let (_, tps_now) = best_split(&cur)?;
    (tps >= 1.3 * tps_now).then(|| (q, with_quant(&q, Some(n))))
}

/// transformers / vLLM: bf16 → 8-bit → 4-bit (bitsandbytes), or FP8 weights in vLLM.
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
    let weights = model.facts.weights_bytes;
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

pub(super) fn clamp_layers(ctx: &Ctx) -> Option<Step> {
    if !ctx.sit.runtime.is_llama_family() || !ctx.p.gpu_pressure() {
        return None;
    }
    let total = ctx.layers_total();
    let all = Setup {
        n_gpu_layers: None,
        ..ctx.setup.clone()
    };
    if ctx.base.is_none() {
        return clamp_layers_from_log(ctx);
    }
    if total == 0 || ctx.fits(&all) != Some(false) {
        return None;
    }
    let best = Ctx::largest(1, total, |n| {
        ctx.fits(&Setup {
            n_gpu_layers: Some(n),
            ..ctx.setup.clone()
        }) == Some(true)
    })?;
    let observed = ctx
        .sit
        .diagnosis
        .as_ref()
        .and_then(|d| d.numbers.layers_offloaded);
    let user_ngl = ctx.setup.n_gpu_layers.or(observed);
    // Clamping helps when more was asked than fits, or when Windows' driver silently spills VRAM to RAM.
    let helps = user_ngl.is_none_or(|n| n > best) || (ctx.p.cpu_spill && ctx.sit.os == Os::Windows);
    if !helps {
        return None;
    }
    let s = Setup {
        n_gpu_layers: Some(best),
        ..ctx.setup.clone()
    };
    let mut step = Step::new(
        StepId::ClampLayers,
        format!("Put {best} of {total} layers on the GPU"),
    );
    step.why = format!(
        "{}: with every layer on the GPU the model needs more than the card has; the largest -ngl that keeps {} free is {best}.",
        ctx.label_words(),
        format_auto(ctx.margin)
    );
    step.effect = ctx.effect(&format!("{best} GPU layers"), &s);
    let all_tps = ctx.predict(&all).and_then(|p| p.tokens_per_second);
    step.cost = match (step.effect.tokens_per_second, all_tps) {
        (Some(t), Some(a)) => format!(
            "Speed: the CPU part runs at system-RAM speed: ~{t:.0} tok/s instead of ~{a:.0} if it all fitted."
        ),
        _ => "Speed: the layers left on the CPU run at system-RAM speed; generation slows down."
            .to_owned(),
    };
    if let (Some(t), Some(obs)) = (
        step.effect.tokens_per_second,
        ctx.sit.observed_tokens_per_second,
    ) {
        step.cost
            .push_str(&format!(" You measured {obs:.1} tok/s; expect ~{t:.0}."));
    }
    ctx.launch(&mut step, &s);
    if matches!(ctx.sit.runtime, Runtime::LlamaServer | Runtime::LlamaCli) {
        step.absorb(commands::llama::launch_auto_fit(&ctx.sit, &ctx.setup));
    }
    if ctx.sit.os == Os::Windows {
        step.notes.push("NVIDIA Control Panel → Manage 3D settings → CUDA - Sysmem Fallback Policy → \"Prefer No Sysmem Fallback\": the driver then reports OOM instead of silently moving VRAM into (slow) shared memory.".to_owned());
    }
    step.undo =
        "Set the GPU layers back to what you used before (llama.cpp: leave -ngl out).".to_owned();
    Some(step)
}

/// Without a model prediction: scale the layers the log says were offloaded by what was free over what the
/// failing allocation asked for (a load-time OOM requests the whole weight buffer of those layers).
pub(super) fn clamp_layers_from_log(ctx: &Ctx) -> Option<Step> {
    let d = ctx.sit.diagnosis.as_ref()?;
    if d.label != Label::VramOomLoad && d.label != Label::RocmOom {
        return None;
    }
    let n = &d.numbers;
    let requested = n.requested_bytes.filter(|r| *r > 0)?;
    let layers = n
        .layers_offloaded
        .or(n.layers_total)
        .filter(|l| *l > 0)
        .or_else(|| {
            ctx.sit
                .model
                .as_ref()
                .map(|m| m.facts.n_layer + 1)
                .filter(|l| *l > 1)
        })?;
    let capacity = n.free_bytes.or(n.total_bytes).or_else(|| {
        ctx.sit
            .gpus
            .first()
            .map(|g| g.total_bytes.saturating_sub(g.used_by_others_bytes))
    })?;
    // Keep the margin plus 1 GiB for the KV cache and compute buffers that come after the weights.
    let budget = capacity.saturating_sub(ctx.margin + GIB);
    let per_layer = requested / u64::from(layers);
    let ngl = u32::try_from(budget / per_layer.max(1))
        .unwrap_or(u32::MAX)
        .min(layers.saturating_sub(1));
    if ngl == 0 {
        return None;
    }
    let s = Setup {
        n_gpu_layers: Some(ngl),
        ..ctx.setup.clone()
    };
    let mut step = Step::new(
        StepId::ClampLayers,
        format!("Put about {ngl} layers on the GPU"),
    );
    step.why = format!(
        "{}: the weights of {layers} layers asked for {} at once; the card had {} to give.",
        ctx.label_words(),
        format_auto(requested),
        format_auto(capacity)
    );
    step.effect.summary = format!(
        "About {ngl} GPU layers: ~{} of weights per layer × {ngl} ≈ {} on the GPU, leaving {} margin + 1 GiB for KV and buffers (estimate from the log; give the model file for exact numbers)",
        format_auto(per_layer),
        format_auto(per_layer * u64::from(ngl)),
        format_auto(ctx.margin)
    );
    step.effect.layers_offloaded = Some(ngl);
    step.cost = "Speed: the layers left on the CPU run at system-RAM speed; generation slows down."
        .to_owned();
    ctx.launch(&mut step, &s);
    step.undo = "Set the GPU layers back to what you used before.".to_owned();
    Some(step)
}

/// Context that fits with every layer on the GPU, rounded to 256, between 2048 and the current one.
pub(super) fn fitting_ctx(ctx: &Ctx, base: &Setup) -> Option<u32> {
    let hi = ctx.setup.n_ctx / 256;
    Ctx::largest(8, hi, |k| {
        ctx.fits(&Setup {
            n_ctx: k * 256,
            ..base.clone()
        }) == Some(true)
    })
    .map(|k| k * 256)
}

pub(super) fn reduce_context(ctx: &Ctx) -> Option<Step> {
    if matches!(ctx.sit.runtime, Runtime::Transformers | Runtime::Vllm) {
        return None;
    }
    if !ctx.p.gpu_pressure() {
        return if ctx.p.host_memory {
            reduce_context_for_ram(ctx)
        } else {
            None
        };
    }
    let all = Setup {
        n_gpu_layers: None,
        ..ctx.setup.clone()
    };
    let base = ctx.base.as_ref();
    let mut s = ctx.setup.clone();
    let mut step = Step::new(StepId::ReduceContext, "Shrink the context");
    match fitting_ctx(ctx, &all) {
        Some(c) if c < ctx.setup.n_ctx => {
            s.n_ctx = c;
            s.n_gpu_layers = None;
            step.why = format!(
                "{}: the KV cache grows with the context ({} at {} tokens); at {c} tokens everything fits on the GPU.",
                ctx.label_words(),
                format_gib(base.map_or(0, |b| b.kv_bytes)),
                ctx.setup.n_ctx
            );
        }
        Some(_) => return None,
        None => {
            // Weights alone do not fit, but a big KV cache still makes it worse; suggest a moderate context.
            let kv = base.map_or(0, |b| b.kv_bytes);
            let target = if ctx.setup.n_ctx > 8192 {
                8192
            } else if ctx.setup.n_ctx > 4096 {
                4096
            } else {
                0
            };
            let worth =
                (base.is_none() && (ctx.p.context || ctx.p.metal)) || (kv >= GIB && target > 0);
            if !worth {
                return None;
            }
            s.n_ctx = if target > 0 {
                target
            } else {
                (ctx.setup.n_ctx / 2 / 256 * 256).max(2048)
            };
            if s.n_ctx >= ctx.setup.n_ctx {
                return None;
            }
            step.why = format!(
                "{}: the KV cache and compute buffers grow with the context; -c {} needs far less than {}.",
                ctx.label_words(),
                s.n_ctx,
                ctx.setup.n_ctx
            );
        }
    }
    step.title = format!("Shrink the context to {} tokens", s.n_ctx);
    step.effect = ctx.effect(&format!("Context {}", s.n_ctx), &s);
    if base.is_none() {
        step.effect.summary = format!(
            "Context {} instead of {}: KV cache ×{:.2}",
            s.n_ctx,
            ctx.setup.n_ctx,
            f64::from(s.n_ctx) / f64::from(ctx.setup.n_ctx.max(1))
        );
    }
    step.cost =
        "The model sees fewer tokens at once: long chats and documents get cut earlier.".to_owned();
    ctx.launch(&mut step, &s);
    step.undo = format!("Set the context back to {}.", ctx.setup.n_ctx);
    Some(step)
}

pub(super) fn quantize_kv(ctx: &Ctx) -> Option<Step> {
    if ctx.sit.runtime == Runtime::Transformers || !(ctx.p.gpu_pressure() || ctx.p.vllm_kv) {
        return None;
    }
    if !ctx.setup.cache_type_k.eq_ignore_ascii_case("f16") {
        return None;
    }
    let kv = ctx.base.as_ref().map(|b| b.kv_bytes);
    let cap: u64 = ctx
        .sit
        .gpus
        .iter()
        .map(|g| g.total_bytes)
        .fold(0, u64::saturating_add);
    let significant = match kv {
        Some(kv) => kv.saturating_mul(20) >= cap,
        None => ctx.p.context || ctx.p.vllm_kv || ctx.p.metal,
    };
    if !significant {
        return None;
    }
    let vllm = ctx.sit.runtime == Runtime::Vllm;
    let t = if vllm { "fp8" } else { "q8_0" };
    let s = Setup {
        cache_type_k: t.to_owned(),
        cache_type_v: t.to_owned(),
        flash_attn: true,
        ..ctx.setup.clone()
    };
    let mut step = Step::new(StepId::QuantizeKv, format!("Store the KV cache as {t}"));
    step.why = format!(
        "{}: the KV cache is {} at f16; {t} stores it in about half the bytes{}.",
        ctx.label_words(),
        kv.map_or_else(|| "large".to_owned(), format_gib),
        if vllm {
            ""
        } else {
            " (llama.cpp needs flash attention for a quantized V cache, so -fa on comes with it)"
        }
    );
    step.effect = ctx.effect(&format!("KV cache {t}"), &s);
    if ctx.base.is_none() {
        step.effect.summary = format!(
            "KV cache ≈ ×{:.2}",
            whatif::kv_type_bytes(t).unwrap_or(1.0) / 2.0
        );
    }
    step.cost = if vllm {
        "FP8 KV: small accuracy loss on most models.".to_owned()
    } else {
        "q8_0 KV: practically no quality loss (ΔPPL +0.005 on Llama-3-8B, llama.cpp#7412); q4_0 would save more but hurts reasoning.".to_owned()
    };
    ctx.launch(&mut step, &s);
    step.undo = if vllm {
        "Drop --kv-cache-dtype."
    } else {
        "Set the K and V cache types back to f16 (drop -ctk/-ctv)."
    }
    .to_owned();
    Some(step)
}

pub(super) fn flash_attention(ctx: &Ctx) -> Option<Step> {
    if !ctx.sit.runtime.is_llama_family() || !ctx.p.gpu_pressure() || ctx.setup.flash_attn {
        return None;
    }
    let s = Setup {
        flash_attn: true,
        ..ctx.setup.clone()
    };
    let mut step = Step::new(StepId::FlashAttention, "Turn on flash attention");
    step.why = format!(
        "{}: without flash attention llama.cpp materialises the attention scores (n_ctx × n_ubatch × n_head × 4 bytes) in the compute buffer.",
        ctx.label_words()
    );
    step.effect = ctx.effect("Flash attention on", &s);
    step.cost = "None on recent NVIDIA, AMD and Apple GPUs (usually faster); on old GPUs (Pascal and earlier) it can be slower.".to_owned();
    ctx.launch(&mut step, &s);
    step.undo = "Set flash attention back to off (-fa off).".to_owned();
    Some(step)
}

pub(super) fn smaller_batch(ctx: &Ctx) -> Option<Step> {
    let pytorch_oom = ctx.sit.runtime.is_pytorch() && (ctx.p.vram_short || ctx.p.fragmentation);
    let llama_ctx = ctx.sit.runtime.is_llama_family()
        && ctx.p.vram_short
        && ctx.p.context
        && ctx.setup.n_ubatch > 128;
    if !(pytorch_oom || llama_ctx) {
        return None;
    }
    let mut step = Step::new(StepId::SmallerBatch, "Use a smaller batch");
    let mut s = ctx.setup.clone();
    match ctx.sit.runtime {
        Runtime::Vllm => {
            // vLLM's default is 256 sequences (more on big GPUs); 32 keeps a server useful with a far smaller peak.
            s.parallel = if ctx.setup.parallel > 1 {
                (ctx.setup.parallel / 2).max(2)
            } else {
                32
            };
            step.why = format!(
                "{}: vLLM sizes activations for --max-num-seqs concurrent sequences (256 by default).",
                ctx.label_words()
            );
            step.effect.summary = format!(
                "--max-num-seqs {}: smaller activation peak during profiling",
                s.parallel
            );
            step.cost = "Fewer requests served at once.".to_owned();
            ctx.launch(&mut step, &s);
        }
        Runtime::Transformers => {
            step.why = format!(
                "{}: activations and the KV cache grow with batch size × sequence length.",
                ctx.label_words()
            );
            step.effect.summary =
                "Activation memory falls in proportion to the batch size".to_owned();
            step.cost = "Fewer sequences per forward pass: lower throughput.".to_owned();
            step.notes.push("Halve the batch you pass to generate() / the pipeline (batch_size=…), or process long inputs in chunks.".to_owned());
        }
        _ => {
            s.n_ubatch = (ctx.setup.n_ubatch / 2).max(128);
            s.n_batch = ctx
                .setup
                .n_batch
                .min(s.n_ubatch.saturating_mul(4))
                .max(s.n_ubatch);
            step.why = format!(
                "{}: the compute buffer llama.cpp reserves grows with the physical batch (-ub {}); a long prompt is what triggered it.",
                ctx.label_words(),
                ctx.setup.n_ubatch
            );
            step.effect = ctx.effect(
                &format!("Batch {} / micro-batch {}", s.n_batch, s.n_ubatch),
                &s,
            );
            if ctx.base.is_none() {
                step.effect.summary =
                    format!("Micro-batch {}: compute buffer about halves", s.n_ubatch);
            }
            step.cost = "Prompt processing gets slower (fewer tokens per GPU pass); generation speed is unchanged.".to_owned();
            ctx.launch(&mut step, &s);
        }
    }
    step.undo = "Go back to your previous batch settings.".to_owned();
    Some(step)
}

pub(super) fn moe_offload(ctx: &Ctx) -> Option<Step> {
    let model = ctx.sit.model.as_ref()?;
    let supported = matches!(
        ctx.sit.runtime,
        Runtime::LlamaServer | Runtime::LlamaCli | Runtime::LmStudio
    );
    if !supported || !model.is_moe() || !ctx.p.gpu_pressure() {
        return None;
    }
    let all = Setup {
        n_gpu_layers: None,
        ..ctx.setup.clone()
    };
    if ctx.fits(&all) != Some(false) {
        return None;
    }
    let n_layer = model.facts.n_layer;
    let fits_with = |n: u32| {
        ctx.fits(&Setup {
            n_cpu_moe: n,
            ..all.clone()
        }) == Some(true)
    };
    if !fits_with(n_layer) {
        return None;
    }
    // Smallest N that fits = n_layer − largest (n_layer − N) that fits.
    let keep = Ctx::largest(0, n_layer, |k| fits_with(n_layer - k)).unwrap_or(0);
    let n = n_layer - keep;
    let s = Setup {
        n_cpu_moe: n,
        ..all
    };
    let mut step = Step::new(
        StepId::MoeOffload,
        format!("Keep the experts of {n} layers in system RAM"),
    );
    step.why = format!(
        "{}: this is a mixture-of-experts model ({} experts, {} used per token); only the used experts are read per token, so experts in RAM cost far less speed than whole layers.",
        ctx.label_words(),
        model.facts.n_expert,
        model.facts.n_expert_used
    );
    step.effect = ctx.effect(&format!("Experts of {n} layers in RAM"), &s);
    step.cost = "Speed: some loss (the routed experts of those layers are read from RAM), usually much less than moving whole layers to the CPU.".to_owned();
    if ctx.sit.runtime == Runtime::LmStudio {
        step.settings.push("Load dialog → \"Force Model Expert Weights onto CPU\": on (LM Studio moves all experts; llama-server's --n-cpu-moe moves only as many as needed)".to_owned());
    } else {
        ctx.launch(&mut step, &s);
    }
    step.undo = "Drop --n-cpu-moe.".to_owned();
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
    // Does any quant at Q3_K_M quality or better fit entirely? Then hardware is not needed.
    let quality_fit = match ctx.setup.quant.as_deref() {
        Some(q) if whatif::quant(q).is_some() => std::iter::once(whatif::quant(q))
            .flatten()
            .chain(whatif::smaller_quants(q))
            .filter(|c| c.bpw >= 3.9)
            .any(|c| {
                ctx.fits(&Setup {
                    quant: Some(c.name.to_owned()),
                    ..all.clone()
                }) == Some(true)
            }),
        _ => ctx.fits(&all) == Some(true),
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
        "{}: no setting keeps this model on the GPU at good quality (Q3_K_M or better); everything above trades speed or quality.",
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
