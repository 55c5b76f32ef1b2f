//! The plan engine: classifies the situation into problems, then asks each step builder, in CONTRACT.md
//! order, whether it applies and what it changes; numbers come from the [`WhatIf`] and the diagnosis.
//! Searches (largest `-ngl`, largest context, smallest `--n-cpu-moe`, best quant that fits) assume use grows
//! monotonically with each setting, which holds for llama.cpp's allocations.

use std::sync::LazyLock;

use regex::Regex;

use super::commands::{self, Written};
use super::os_memory::{self, HostNeed};
use super::whatif::{self, Prediction, Setup, WhatIf, signed};
use super::{
    Effect, FixPlan, GpuState, Os, PlanDiagnosis, Runtime, Situation, Step, StepId, Symptom,
    VramHolder,
};
use crate::triage::{Diagnosis, Label};
use crate::units::{GIB, MIB, format_auto, format_delta, format_gib};

/// What is wrong, from the diagnosis (and its `also` findings), the monitor and the prediction.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Problems {
    vram_short: bool,
    context: bool,
    fragmentation: bool,
    held_by_other: bool,
    host_memory: bool,
    cpu_spill: bool,
    vllm_kv: bool,
    metal: bool,
    not_memory: bool,
    recovered: bool,
}

impl Problems {
    fn add_label(&mut self, label: Label) {
        match label {
            Label::VramOomLoad | Label::RocmOom => self.vram_short = true,
            Label::VramOomContext => {
                self.vram_short = true;
                self.context = true;
            }
            Label::AppleMetalOom => {
                self.vram_short = true;
                self.metal = true;
            }
            Label::VramFragmentation => self.fragmentation = true,
            Label::VramHeldByOther => self.held_by_other = true,
            Label::HostOomKilled | Label::PagingThrash => self.host_memory = true,
            Label::CpuSpillSlow => self.cpu_spill = true,
            Label::VllmKvInsufficient => self.vllm_kv = true,
            Label::NotMemory => self.not_memory = true,
            Label::RecoveredNoFailure => self.recovered = true,
            Label::Unknown => {}
        }
    }

    fn memory(&self) -> bool {
        self.vram_short
            || self.fragmentation
            || self.held_by_other
            || self.host_memory
            || self.cpu_spill
            || self.vllm_kv
            || self.metal
    }

    /// The GPU is short of memory for this model in one of the ways setting changes can fix.
    fn gpu_pressure(&self) -> bool {
        self.vram_short || self.cpu_spill || self.metal
    }
}

static HOLDER_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"Process (\d+) has ([0-9.]+) ([GM]i?B) memory in use").expect("static regex")
});
static UNALLOCATED_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"([0-9.]+) ([GM]i?B) is reserved by PyTorch but unallocated").expect("static regex")
});
static VLLM_LEN_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"max seq len \((\d+)\)[^(]*?(?:maximum number of tokens that can be stored in KV cache \((\d+)\))?")
        .expect("static regex")
});
static VLLM_CAP_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"stored in KV cache \((\d+)\)|estimated maximum model length is (\d+)")
        .expect("static regex")
});
static VLLM_PROFILE_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"total_gpu_memory=([0-9.]+)GiB.*?kv_cache_size=([0-9.]+)GiB.*?gpu_memory_utilization=([0-9.]+)")
        .expect("static regex")
});
static VLLM_GIB_RE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\(([0-9.]+) GiB KV cache is needed, which is larger than the available KV cache memory \(([0-9.]+) GiB\)")
        .expect("static regex")
});

fn diagnosis_text(d: &Diagnosis) -> String {
    let mut text = d.explanation.clone();
    for e in &d.evidence {
        text.push('\n');
        text.push_str(&e.text);
    }
    text
}

fn parse_size(number: &str, unit: &str) -> Option<u64> {
    let value: f64 = number.parse().ok()?;
    let unit = if unit.starts_with('G') { GIB } else { MIB };
    Some((value * unit as f64) as u64)
}

/// Other processes named in a PyTorch OOM message ("Process 123 has 14.85 GiB memory in use").
fn holders_from_diagnosis(d: &Diagnosis) -> Vec<VramHolder> {
    let text = diagnosis_text(d);
    let mut out: Vec<VramHolder> = Vec::new();
    for c in HOLDER_RE.captures_iter(&text) {
        let (Some(pid), Some(bytes)) = (c[1].parse().ok(), parse_size(&c[2], &c[3])) else {
            continue;
        };
        if !out.iter().any(|h| h.pid == pid) {
            out.push(VramHolder {
                pid,
                name: String::from("process named in the log"),
                used_bytes: bytes,
            });
        }
    }
    out
}

/// vLLM's own numbers: requested max_model_len, tokens the KV cache holds, KV GiB needed/available.
#[derive(Debug, Clone, Copy, Default)]
struct VllmNumbers {
    max_len: Option<u32>,
    capacity_tokens: Option<u32>,
    kv_needed: Option<u64>,
    kv_available: Option<u64>,
    /// From vLLM's "Memory profiling results" line.
    total_gpu: Option<u64>,
    utilization: Option<f64>,
}

fn vllm_numbers(d: &Diagnosis) -> VllmNumbers {
    let text = diagnosis_text(d);
    let mut n = VllmNumbers::default();
    if let Some(c) = VLLM_LEN_RE.captures(&text) {
        n.max_len = c.get(1).and_then(|m| m.as_str().parse().ok());
    }
    if let Some(c) = VLLM_CAP_RE.captures(&text) {
        n.capacity_tokens = c.get(1).or(c.get(2)).and_then(|m| m.as_str().parse().ok());
    }
    if let Some(c) = VLLM_GIB_RE.captures(&text) {
        n.kv_needed = parse_size(&c[1], "GiB");
        n.kv_available = parse_size(&c[2], "GiB");
    }
    if let Some(c) = VLLM_PROFILE_RE.captures(&text) {
        n.total_gpu = parse_size(&c[1], "GiB");
        n.kv_available = n.kv_available.or_else(|| parse_size(&c[2], "GiB"));
        n.utilization = c[3].parse().ok().filter(|u: &f64| *u > 0.0 && *u <= 1.0);
    }
    n
}

struct Ctx<'a> {
    sit: Situation,
    what_if: Option<&'a dyn WhatIf>,
    setup: Setup,
    base: Option<Prediction>,
    p: Problems,
    margin: u64,
    holders: Vec<VramHolder>,
}

impl Ctx<'_> {
    fn predict(&self, setup: &Setup) -> Option<Prediction> {
        self.what_if?.predict(setup)
    }

    fn fits(&self, setup: &Setup) -> Option<bool> {
        self.predict(setup).map(|p| p.fits(self.margin))
    }

    fn layers_total(&self) -> u32 {
        self.base.as_ref().map_or(0, |b| b.layers_total)
    }

    fn label_words(&self) -> String {
        match &self.sit.diagnosis {
            Some(d) if d.label != Label::Unknown => d.label.words().to_owned(),
            _ if !self.sit.symptoms.is_empty() => {
                "The live monitor flagged memory trouble".to_owned()
            }
            _ => "At these settings the model does not fit the GPU".to_owned(),
        }
    }

    /// Effect of a changed setup against the baseline, in words and numbers.
    fn effect(&self, what: &str, setup: &Setup) -> Effect {
        let Some(after) = self.predict(setup) else {
            return Effect {
                summary: what.to_owned(),
                ..Effect::default()
            };
        };
        let delta = self
            .base
            .as_ref()
            .map(|b| signed(after.gpu_total_bytes()) - signed(b.gpu_total_bytes()));
        let free = after.min_free_bytes();
        let fits = after.fits(self.margin);
        let mut summary = what.to_owned();
        if let Some(d) = delta {
            summary.push_str(&format!(": VRAM {}", format_delta(i128::from(d))));
        }
        summary.push_str(&if fits {
            format!(
                " → fits with {} free",
                format_auto(u64::try_from(free).unwrap_or(0))
            )
        } else if free >= 0 {
            format!(
                " → {} free, under the {} margin",
                format_auto(free.unsigned_abs()),
                format_auto(self.margin)
            )
        } else {
            format!(" → still {} over", format_auto(free.unsigned_abs()))
        });
        if after.layers_offloaded < after.layers_total {
            summary.push_str(&format!(
                "; {}/{} layers on the GPU",
                after.layers_offloaded, after.layers_total
            ));
        }
        // A speed for a setup that does not fit would describe a run that cannot happen.
        let tokens_per_second = after.tokens_per_second.filter(|_| fits);
        if let Some(t) = tokens_per_second {
            summary.push_str(&format!("; ~{t:.0} tok/s"));
        }
        Effect {
            summary,
            vram_delta_bytes: delta,
            gpu_free_bytes: Some(free),
            tokens_per_second,
            layers_offloaded: Some(after.layers_offloaded),
            layers_total: Some(after.layers_total),
            fits: Some(fits),
        }
    }

    fn launch(&self, step: &mut Step, setup: &Setup) {
        step.setup = Some(setup.clone());
        step.absorb(commands::launch(&self.sit, setup));
    }

    /// Largest value in `lo..=hi` for which `ok` holds, assuming `ok` is monotone (true, then false).
    fn largest(lo: u32, hi: u32, ok: impl Fn(u32) -> bool) -> Option<u32> {
        if lo > hi || !ok(lo) {
            return None;
        }
        let (mut good, mut bad) = (lo, hi + 1);
        while bad - good > 1 {
            let mid = good + (bad - good) / 2;
            if ok(mid) { good = mid } else { bad = mid }
        }
        Some(good)
    }
}

/// Builds the plan. `what_if` supplies the numbers (e.g. `fit_bridge::FitWhatIf`); without one the engine
/// uses [`whatif::Formula`] from the situation when the model and a GPU are known.
pub fn build_plan(situation: &Situation, what_if: Option<&dyn WhatIf>) -> FixPlan {
    let mut sit = situation.clone();
    fill_from_diagnosis(&mut sit);
    // Only vLLM (and SGLang, same flags in spirit) reports too little KV-cache room for max_model_len.
    if sit
        .diagnosis
        .as_ref()
        .is_some_and(|d| d.label == Label::VllmKvInsufficient)
    {
        sit.runtime = Runtime::Vllm;
    }
    let formula = sit.formula();
    let what_if = what_if.or(formula.as_ref().map(|f| f as &dyn WhatIf));
    let mut setup = sit.setup.clone();
    if setup.quant.is_none() {
        setup.quant = sit.model.as_ref().and_then(|m| m.facts.quant.clone());
    }
    if setup.n_ctx == 0 {
        // llama.cpp's -c 0 (its default) means the trained context.
        setup.n_ctx = sit
            .model
            .as_ref()
            .map(|m| m.facts.n_ctx_train)
            .filter(|c| *c > 0)
            .unwrap_or(4096);
    }
    sit.setup = setup.clone();
    let base = what_if.and_then(|w| w.predict(&setup));
    let margin = if sit.margin_bytes == 0 {
        whatif::DEFAULT_MARGIN
    } else {
        sit.margin_bytes
    };

    let mut p = Problems::default();
    if let Some(d) = &sit.diagnosis {
        p.add_label(d.label);
        for also in &d.also {
            p.add_label(also.label);
        }
    }
    for s in &sit.symptoms {
        match s {
            Symptom::VramFull if sit.os == Os::Windows => p.cpu_spill = true,
            Symptom::VramFull => p.vram_short = true,
            Symptom::Paging => p.host_memory = true,
            Symptom::CpuSpill => p.cpu_spill = true,
            Symptom::HeldByOther => p.held_by_other = true,
        }
    }
    if sit.diagnosis.is_none()
        && sit.symptoms.is_empty()
        && let Some(b) = &base
        && !b.fits(margin)
    {
        p.vram_short = true;
    }

    let mut holders = sit.holders.clone();
    if let Some(d) = &sit.diagnosis {
        for h in holders_from_diagnosis(d) {
            if !holders.iter().any(|x| x.pid == h.pid) {
                holders.push(h);
            }
        }
    }

    let ctx = Ctx {
        sit,
        what_if,
        setup,
        base,
        p,
        margin,
        holders,
    };
    let builders: [fn(&Ctx) -> Option<Step>; 15] = [
        free_vram,
        vllm_memory,
        lower_quant,
        clamp_layers,
        reduce_context,
        quantize_kv,
        flash_attention,
        smaller_batch,
        moe_offload,
        expandable_segments,
        pagefile,
        wslconfig,
        linux_swap,
        metal_wired_limit,
        hardware,
    ];
    let steps: Vec<Step> = if ctx.p.memory() {
        builders.iter().filter_map(|b| b(&ctx)).collect()
    } else {
        Vec::new()
    };
    let verify = verify_steps(&ctx, &steps);
    FixPlan {
        diagnosis: plan_diagnosis(&ctx),
        runtime: ctx.sit.runtime,
        os: ctx.sit.os,
        shell: ctx.sit.shell,
        steps,
        verify,
    }
}

/// Uses the log's facts where the situation has none: runtime/OS names, the GPU size.
fn fill_from_diagnosis(sit: &mut Situation) {
    let Some(d) = &sit.diagnosis else { return };
    if sit.gpus.is_empty()
        && let Some(total) = d.numbers.total_bytes
    {
        sit.gpus.push(GpuState {
            name: d.numbers.device.clone().unwrap_or_else(|| "GPU".to_owned()),
            total_bytes: total,
            ..GpuState::default()
        });
    }
}

fn plan_diagnosis(ctx: &Ctx) -> PlanDiagnosis {
    let mut out = PlanDiagnosis {
        prediction: ctx.base.clone(),
        ..PlanDiagnosis::default()
    };
    let mut lines = Vec::new();
    if let Some(d) = &ctx.sit.diagnosis {
        out.label = d.label.as_str().to_owned();
        out.title = if d.title.is_empty() {
            d.label.words().to_owned()
        } else {
            d.title.clone()
        };
        out.triage = Some(d.clone());
        let n = &d.numbers;
        if let (Some(req), Some(free)) = (n.requested_bytes, n.free_bytes) {
            lines.push(format!(
                "The failing allocation asked for {} with {} free.",
                format_auto(req),
                format_auto(free)
            ));
        }
        if let Some(gap) = reserved_unallocated(d) {
            lines.push(format!(
                "{} was reserved by PyTorch but not in use.",
                format_auto(gap)
            ));
        }
        if let (Some(o), Some(t)) = (n.layers_offloaded, n.layers_total) {
            lines.push(format!("{o}/{t} layers were on the GPU."));
        }
    } else if let Some(b) = &ctx.base {
        let fits = b.fits(ctx.margin);
        out.label = if fits { "fits" } else { "does_not_fit" }.to_owned();
        out.title = if fits {
            "The model fits at these settings"
        } else {
            "The model does not fit at these settings"
        }
        .to_owned();
    } else if !ctx.sit.symptoms.is_empty() {
        out.label = "monitor".to_owned();
        out.title = ctx.label_words();
    } else {
        out.label = "unknown".to_owned();
        out.title = "Nothing to diagnose yet: give a log, a model or the live monitor's findings"
            .to_owned();
    }
    if let Some(b) = &ctx.base {
        let cap: u64 = b
            .gpus
            .iter()
            .map(|g| g.capacity_bytes)
            .fold(0, u64::saturating_add);
        lines.push(format!(
            "Predicted at your settings ({}): GPU {} of {} ({} {}), {}/{} layers on the GPU, KV cache {}.",
            b.method,
            format_gib(b.gpu_total_bytes()),
            format_gib(cap),
            format_auto(b.min_free_bytes().unsigned_abs()),
            if b.min_free_bytes() >= 0 { "free" } else { "over" },
            b.layers_offloaded,
            b.layers_total,
            format_gib(b.kv_bytes),
        ));
    }
    if ctx.p.not_memory {
        lines.push("This is not a memory problem: changing memory settings will not help; see the triage explanation.".to_owned());
    }
    if ctx.p.recovered {
        lines.push(
            "The runtime recovered from this warning and went on; nothing needs fixing.".to_owned(),
        );
    }
    out.summary = lines.join(" ");
    out
}

fn free_vram(ctx: &Ctx) -> Option<Step> {
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

fn vllm_memory(ctx: &Ctx) -> Option<Step> {
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
    step.why = format!(
        "{}: vLLM gives the KV cache only what is left of --gpu-memory-utilization ({:.2}) × GPU memory after weights and activations, and refuses a --max-model-len ({max_len}) that does not fit in it.",
        ctx.label_words(),
        s.gpu_memory_utilization
    );
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
fn quant_cost(q: &whatif::Quant, current: Option<whatif::Quant>) -> String {
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
            "Quality: {} is an i-quant at {:.2} bits per weight; expect a visible loss below 3 bits; a new download.",
            q.name, q.bpw
        ),
    }
}

fn lower_quant(ctx: &Ctx) -> Option<Step> {
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
            ctx.launch(&mut step, &s);
            step.notes.push(match ctx.sit.runtime {
            Runtime::Ollama => format!(
                "Pull the tag of this model that ends in -{} (the model's Tags page on ollama.com lists them), then use it in the Modelfile's FROM line.",
                ollama_quant_tag(choice.name)
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
fn partial_quant(
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

/// Ollama's tag spelling of a quant: the type prefix in lower case (`Q3_K_M` → `q3_K_M`).
fn ollama_quant_tag(name: &str) -> String {
    match name.split_once('_') {
        Some((head, rest)) => format!("{}_{rest}", head.to_ascii_lowercase()),
        None => name.to_ascii_lowercase(),
    }
}

/// transformers / vLLM: bf16 → 8-bit → 4-bit (bitsandbytes), or FP8 weights in vLLM.
fn lower_precision_pytorch(ctx: &Ctx) -> Option<Step> {
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

fn clamp_layers(ctx: &Ctx) -> Option<Step> {
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
    step.undo = "Set -ngl back to what you used before (or leave it out).".to_owned();
    Some(step)
}

/// Without a model prediction: scale the layers the log says were offloaded by what was free over what the
/// failing allocation asked for (a load-time OOM requests the whole weight buffer of those layers).
fn clamp_layers_from_log(ctx: &Ctx) -> Option<Step> {
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

/// Paging with the GPU not the problem: a smaller context shrinks what the host holds (KV of CPU layers, the
/// host compute buffer). Suggested when that saves at least 1 GiB.
fn reduce_context_for_ram(ctx: &Ctx) -> Option<Step> {
    let now = running_prediction(ctx)?;
    let target = if ctx.setup.n_ctx > 8192 { 8192 } else { 4096 };
    if target >= ctx.setup.n_ctx {
        return None;
    }
    let s = Setup {
        n_ctx: target,
        n_gpu_layers: Some(now.layers_offloaded),
        ..ctx.setup.clone()
    };
    let after = ctx.predict(&s)?;
    let saved = now.host_bytes.saturating_sub(after.host_bytes);
    if saved < GIB {
        return None;
    }
    let mut step = Step::new(
        StepId::ReduceContext,
        format!("Shrink the context to {target} tokens"),
    );
    step.why = format!(
        "{}: with {}/{} layers on the GPU, the KV cache of the CPU layers and the host compute buffer live in system RAM and grow with the context.",
        ctx.label_words(),
        now.layers_offloaded,
        now.layers_total
    );
    step.effect.summary = format!(
        "Context {target}: system RAM {} ({} → {})",
        format_delta(-i128::from(signed(saved))),
        format_gib(now.host_bytes),
        format_gib(after.host_bytes)
    );
    step.cost =
        "The model sees fewer tokens at once: long chats and documents get cut earlier.".to_owned();
    ctx.launch(&mut step, &s);
    step.undo = format!("Set the context back to {}.", ctx.setup.n_ctx);
    Some(step)
}

/// Context that fits with every layer on the GPU, rounded to 256, between 2048 and the current one.
fn fitting_ctx(ctx: &Ctx, base: &Setup) -> Option<u32> {
    let hi = ctx.setup.n_ctx / 256;
    Ctx::largest(8, hi, |k| {
        ctx.fits(&Setup {
            n_ctx: k * 256,
            ..base.clone()
        }) == Some(true)
    })
    .map(|k| k * 256)
}

fn reduce_context(ctx: &Ctx) -> Option<Step> {
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

fn quantize_kv(ctx: &Ctx) -> Option<Step> {
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

fn flash_attention(ctx: &Ctx) -> Option<Step> {
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

fn smaller_batch(ctx: &Ctx) -> Option<Step> {
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

fn moe_offload(ctx: &Ctx) -> Option<Step> {
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

/// PyTorch's "X GiB is reserved by PyTorch but unallocated", else reserved − allocated from the numbers.
fn reserved_unallocated(d: &Diagnosis) -> Option<u64> {
    let text = diagnosis_text(d);
    if let Some(c) = UNALLOCATED_RE.captures(&text) {
        return parse_size(&c[1], &c[2]);
    }
    let (a, r) = (d.numbers.allocated_bytes?, d.numbers.reserved_bytes?);
    (r > a).then_some(r - a)
}

fn expandable_segments(ctx: &Ctx) -> Option<Step> {
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

/// What the host must hold, and how that was worked out.
/// The run the host has to survive: the user's settings when they fit the GPU, else the largest GPU layer
/// count that fits (what llama.cpp's `--fit`, Ollama and LM Studio end up running).
fn running_prediction(ctx: &Ctx) -> Option<Prediction> {
    let base = ctx.base.clone()?;
    if base.fits(ctx.margin) || !ctx.sit.runtime.is_llama_family() {
        return Some(base);
    }
    let fitting = |n: u32| Setup {
        n_gpu_layers: Some(n),
        ..ctx.setup.clone()
    };
    let best = Ctx::largest(0, base.layers_total, |n| {
        ctx.fits(&fitting(n)) == Some(true)
    })
    .unwrap_or(0);
    ctx.predict(&fitting(best)).or(Some(base))
}

/// What the host must hold, and how that was worked out.
fn host_need(ctx: &Ctx) -> HostNeed {
    let file = ctx.sit.model.as_ref().map(|m| m.facts.weights_bytes);
    match (running_prediction(ctx), file) {
        (Some(p), Some(file)) => {
            let gpu_weights: u64 = p
                .gpus
                .iter()
                .map(|g| g.weights_bytes)
                .fold(0, u64::saturating_add);
            let host_weights = p.weights_bytes.saturating_sub(gpu_weights);
            let host_buffers = p.host_bytes.saturating_sub(host_weights);
            // WSL2 and PyTorch loaders stage the whole file through RAM (page cache / CPU tensors).
            if ctx.sit.os == Os::Wsl2 || ctx.sit.runtime.is_pytorch() {
                HostNeed {
                    bytes: file.saturating_add(host_buffers),
                    how: format!(
                        "the model file ({}) passes through RAM while loading, plus {} of host KV/compute buffers",
                        format_gib(file),
                        format_gib(host_buffers)
                    ),
                }
            } else {
                HostNeed {
                    bytes: p.host_bytes,
                    how: format!(
                        "{} of weights on the CPU ({}/{} layers on the GPU) plus {} of host KV/compute buffers",
                        format_gib(host_weights),
                        p.layers_offloaded,
                        p.layers_total,
                        format_gib(host_buffers)
                    ),
                }
            }
        }
        (None, Some(file)) => HostNeed {
            bytes: file,
            how: format!("the model file size ({})", format_gib(file)),
        },
        _ => {
            let ram = ctx.sit.host.ram_total_bytes.unwrap_or(16 * GIB);
            HostNeed {
                bytes: ram,
                how: "no model size known: sized so that a workload as large as your RAM survives"
                    .to_owned(),
            }
        }
    }
}

fn paging_why(ctx: &Ctx, need: &HostNeed) -> String {
    let lead = match ctx.sit.diagnosis.as_ref().map(|d| d.label) {
        Some(Label::HostOomKilled | Label::PagingThrash) => ctx.label_words(),
        _ => format!("{}; system RAM ran short", ctx.label_words()),
    };
    format!(
        "{lead}. The host must hold {}: {}.",
        format_gib(need.bytes),
        need.how
    )
}

fn pagefile(ctx: &Ctx) -> Option<Step> {
    let spill_short = ctx.p.cpu_spill
        && ctx.base.as_ref().is_some_and(|b| {
            ctx.sit
                .host
                .ram_total_bytes
                .is_some_and(|r| b.host_bytes + os_memory::OS_HEADROOM > r)
        });
    if ctx.sit.os != Os::Windows || !(ctx.p.host_memory || spill_short) {
        return None;
    }
    let need = host_need(ctx);
    let ram = ctx.sit.host.ram_total_bytes.unwrap_or(16 * GIB);
    let (size, w) = os_memory::pagefile(&need, ram, ctx.sit.host.disk_free_bytes);
    let mut step = Step::new(StepId::Pagefile, "Give Windows a larger pagefile");
    step.why = format!(
        "{} Windows' automatic pagefile is often too small for that (WinError 1455, \"paging file is too small\").",
        paging_why(ctx, &need)
    );
    step.effect.summary = format!(
        "Pagefile {} MB initial, {} MB maximum: initial = need {} + 8 GiB for Windows and apps − {} RAM (at least 16 GiB); maximum = twice that",
        size.initial_mb,
        size.maximum_mb,
        format_gib(need.bytes),
        format_gib(ram)
    );
    step.cost = format!(
        "Disk: up to {} on C:; paging is slow, so this stops crashes, not slowness.",
        format_gib(size.maximum_mb.saturating_mul(MIB))
    );
    step.absorb(Ok(w));
    step.undo = "Virtual memory dialog → tick \"Automatically manage paging file size\" (PowerShell: Set-CimInstance -InputObject (Get-CimInstance Win32_ComputerSystem) -Property @{AutomaticManagedPagefile=$true}), then restart.".to_owned();
    Some(step)
}

fn wslconfig(ctx: &Ctx) -> Option<Step> {
    if ctx.sit.os != Os::Wsl2 || !ctx.p.host_memory {
        return None;
    }
    let need = host_need(ctx);
    let ram = ctx.sit.host.ram_total_bytes.unwrap_or(32 * GIB);
    let (size, w) = os_memory::wslconfig(&need, ram);
    let mut step = Step::new(StepId::Wslconfig, "Give WSL2 more memory and swap");
    step.why = format!(
        "{} WSL2 gets half of Windows' RAM by default, and the GPU's memory traffic passes through it.",
        paging_why(ctx, &need)
    );
    step.effect.summary = format!(
        "memory={}GB (the need, at least WSL's default of half of {}, at most RAM − 4 GiB for Windows), swap={}GB (what memory cannot hold + 8 GiB)",
        size.memory_gib,
        format_gib(ram),
        size.swap_gib
    );
    step.cost = "Windows keeps less RAM while WSL runs; swap uses disk space.".to_owned();
    step.absorb(Ok(w));
    step.undo =
        "Delete the memory= and swap= lines from %UserProfile%\\.wslconfig, then wsl --shutdown."
            .to_owned();
    Some(step)
}

fn linux_swap(ctx: &Ctx) -> Option<Step> {
    if ctx.sit.os != Os::Linux || !ctx.p.host_memory {
        return None;
    }
    let need = host_need(ctx);
    let ram = ctx.sit.host.ram_total_bytes.unwrap_or(16 * GIB);
    let swap = ctx.sit.host.swap_total_bytes.unwrap_or(0);
    let (gib, w) = os_memory::linux_swap(&need, ram, swap, ctx.sit.host.disk_free_bytes);
    let mut step = Step::new(StepId::LinuxSwap, format!("Add a {gib} GiB swapfile"));
    step.why = format!(
        "{} The kernel's OOM killer ends the largest process when RAM and swap are both full.",
        paging_why(ctx, &need)
    );
    step.effect.summary = format!(
        "{gib} GiB swap: need {} + 4 GiB − {} RAM − {} existing swap (at least 8 GiB)",
        format_gib(need.bytes),
        format_gib(ram),
        format_gib(swap)
    );
    step.cost = format!("Disk: {gib} GiB; whatever lands in swap runs at disk speed.");
    step.absorb(Ok(w));
    step.undo = os_memory::LINUX_SWAP_UNDO.to_owned();
    Some(step)
}

fn metal_wired_limit(ctx: &Ctx) -> Option<Step> {
    if ctx.sit.os != Os::Macos || !(ctx.p.metal || ctx.p.vram_short) {
        return None;
    }
    let ram = ctx.sit.host.ram_total_bytes?;
    let need_bytes = match &ctx.base {
        Some(b) => b.gpu_total_bytes().saturating_add(GIB),
        None => ctx.sit.diagnosis.as_ref().and_then(|d| {
            d.numbers
                .requested_bytes
                .map(|r| r.saturating_add(d.numbers.allocated_bytes.unwrap_or(0)))
        })?,
    };
    let need = HostNeed {
        bytes: need_bytes,
        how: "model + KV cache + compute buffers + 1 GiB".to_owned(),
    };
    let default_limit = ram / 100 * 70;
    if need.bytes <= default_limit {
        return None;
    }
    let (mb, enough, w) = os_memory::metal_wired_limit(&need, ram).ok()?;
    let mut step = Step::new(
        StepId::MetalWiredLimit,
        format!("Let the GPU use {mb} MB of unified memory"),
    );
    step.why = format!(
        "{}: macOS lets the GPU wire only about 70–75 % of RAM (recommendedMaxWorkingSetSize ≈ {}); the model needs {} ({}).",
        ctx.label_words(),
        format_gib(default_limit),
        format_gib(need.bytes),
        need.how
    );
    step.effect.summary = format!(
        "iogpu.wired_limit_mb={mb}: the need rounded up to whole GiB, capped so macOS keeps {}{}",
        if ram <= 32 * GIB { "4 GiB" } else { "8 GiB" },
        if enough {
            ""
        } else {
            " — not enough on its own"
        }
    );
    step.effect.fits = Some(enough);
    step.cost = "Less memory for macOS and apps while the model runs; too high a value makes the whole Mac swap.".to_owned();
    step.absorb(Ok(w));
    step.undo = "sudo sysctl iogpu.wired_limit_mb=0 (back to the default), or reboot.".to_owned();
    Some(step)
}

fn hardware(ctx: &Ctx) -> Option<Step> {
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

fn verify_steps(ctx: &Ctx, steps: &[Step]) -> Vec<Step> {
    if steps.is_empty() {
        return Vec::new();
    }
    let mut step = Step::new(StepId::Verify, "Run it and check the numbers");
    let fixed = steps.iter().find(|s| s.effect.fits == Some(true));
    step.why = match fixed {
        Some(s) => format!("After \"{}\": {}.", s.title, s.effect.summary),
        None => "After the fixes: the model should load without an out-of-memory error.".to_owned(),
    };
    let setup = fixed
        .and_then(|s| s.setup.clone())
        .unwrap_or_else(|| ctx.setup.clone());
    if let Some(p) = fixed.and(ctx.predict(&setup)) {
        let per_gpu: Vec<String> = p
            .gpus
            .iter()
            .map(|g| {
                format!(
                    "{} {} of {}",
                    g.name,
                    format_gib(g.total_bytes),
                    format_gib(g.capacity_bytes)
                )
            })
            .collect();
        step.effect = Effect {
            summary: format!(
                "Expect {}/{} layers on the GPU, VRAM in use about {}{}.",
                p.layers_offloaded,
                p.layers_total,
                per_gpu.join(", "),
                p.tokens_per_second
                    .map(|t| format!(", about {t:.0} tokens/s when generating"))
                    .unwrap_or_default()
            ),
            gpu_free_bytes: Some(p.min_free_bytes()),
            tokens_per_second: p.tokens_per_second,
            layers_offloaded: Some(p.layers_offloaded),
            layers_total: Some(p.layers_total),
            fits: Some(p.fits(ctx.margin)),
            ..Effect::default()
        };
    } else if let Some(t) = fixed.and_then(|s| s.effect.tokens_per_second) {
        step.effect.tokens_per_second = Some(t);
        step.effect.summary = format!("Expect about {t:.0} tokens/s when generating.");
    }
    let mut sit = ctx.sit.clone();
    if setup.quant != ctx.setup.quant
        && let (Some(m), Some(from), Some(to)) = (
            sit.model.as_mut(),
            ctx.setup.quant.as_deref(),
            setup.quant.as_deref(),
        )
        && let Some(arg) = commands::swap_quant_in_name(&m.argument, from, to)
    {
        m.argument = arg;
    }
    step.absorb(commands::verify(&sit, &setup));
    let mut monitor = Step::new(StepId::Verify, "Watch VRAM and paging while it runs");
    monitor.why = "The live monitor shows VRAM per process, free RAM and page faults; a stable VRAM line below the total and no page-fault spikes mean the fix holds.".to_owned();
    monitor.commands.push(super::Command {
        shell: ctx.sit.shell,
        text: "vram-doctor monitor".to_owned(),
    });
    vec![step, monitor]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::triage::Evidence;

    #[test]
    fn numbers_from_messages() {
        let d = Diagnosis {
            evidence: vec![Evidence {
                line: 1,
                text: "Process 2797307 has 14.85 GiB memory in use. Process 2086283 has 419.48 MiB memory in use.".into(),
            }],
            ..Diagnosis::default()
        };
        let h = holders_from_diagnosis(&d);
        assert_eq!(h.len(), 2);
        assert_eq!(h[0].pid, 2797307);
        assert_eq!(h[0].used_bytes, (14.85 * GIB as f64) as u64);
        let v = Diagnosis {
            explanation: "ValueError: The model's max seq len (29000) is larger than the maximum number of tokens that can be stored in KV cache (23648). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.".into(),
            ..Diagnosis::default()
        };
        let n = vllm_numbers(&v);
        assert_eq!((n.max_len, n.capacity_tokens), (Some(29000), Some(23648)));
    }

    #[test]
    fn largest_is_a_binary_search() {
        assert_eq!(Ctx::largest(1, 81, |n| n <= 47), Some(47));
        assert_eq!(Ctx::largest(1, 81, |_| true), Some(81));
        assert_eq!(Ctx::largest(1, 81, |_| false), None);
    }
}
