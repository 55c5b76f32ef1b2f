//! The plan engine: classifies the situation into problems, then asks each step builder, in CONTRACT.md
//! order, whether it applies and what it changes; numbers come from the [`WhatIf`] and the diagnosis.
//! Searches (largest `-ngl`, largest context, smallest `--n-cpu-moe`, best quant that fits) assume use grows
//! monotonically with each setting, which holds for llama.cpp's allocations.

use super::commands;
use super::evidence::{holders_from_diagnosis, reserved_unallocated};
use super::host_fixes::*;
use super::vram_fixes::*;
use super::whatif::{self, Prediction, Setup, WhatIf, signed};
use super::{
    Effect, FixPlan, GpuState, Os, PlanDiagnosis, Runtime, Situation, Step, StepId, Symptom,
    VramHolder,
};
use crate::triage::Label;
use crate::units::{format_auto, format_delta, format_gib};

/// What is wrong, from the diagnosis (and its `also` findings), the monitor and the prediction.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Problems {
    pub(super) vram_short: bool,
    pub(super) context: bool,
    pub(super) fragmentation: bool,
    pub(super) held_by_other: bool,
    pub(super) host_memory: bool,
    pub(super) cpu_spill: bool,
    pub(super) vllm_kv: bool,
    pub(super) metal: bool,
    pub(super) not_memory: bool,
    pub(super) recovered: bool,
}

impl Problems {
    pub(super) fn add_label(&mut self, label: Label) {
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

    pub(super) fn memory(&self) -> bool {
        self.vram_short
            || self.fragmentation
            || self.held_by_other
            || self.host_memory
            || self.cpu_spill
            || self.vllm_kv
            || self.metal
    }

    /// The GPU is short of memory for this model in one of the ways setting changes can fix.
    pub(super) fn gpu_pressure(&self) -> bool {
        self.vram_short || self.cpu_spill || self.metal
    }
}

pub(super) struct Ctx<'a> {
    pub(super) sit: Situation,
    pub(super) what_if: Option<&'a dyn WhatIf>,
    pub(super) setup: Setup,
    pub(super) base: Option<Prediction>,
    pub(super) p: Problems,
    pub(super) margin: u64,
    pub(super) holders: Vec<VramHolder>,
}

impl Ctx<'_> {
    pub(super) fn predict(&self, setup: &Setup) -> Option<Prediction> {
        self.what_if?.predict(setup)
    }

    pub(super) fn fits(&self, setup: &Setup) -> Option<bool> {
        self.predict(setup).map(|p| p.fits(self.margin))
    }

    pub(super) fn layers_total(&self) -> u32 {
        self.base.as_ref().map_or(0, |b| b.layers_total)
    }

    pub(super) fn label_words(&self) -> String {
        match &self.sit.diagnosis {
            Some(d) if d.label != Label::Unknown => d.label.words().to_owned(),
            _ if !self.sit.symptoms.is_empty() => {
                "The live monitor flagged memory trouble".to_owned()
            }
            _ => "At these settings the model does not fit the GPU".to_owned(),
        }
    }

    /// Effect of a changed setup against the baseline, in words and numbers.
    pub(super) fn effect(&self, what: &str, setup: &Setup) -> Effect {
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

    pub(super) fn launch(&self, step: &mut Step, setup: &Setup) {
        step.setup = Some(setup.clone());
        step.absorb(commands::launch(&self.sit, setup));
    }

    /// Largest value in `lo..=hi` for which `ok` holds, assuming `ok` is monotone (true, then false).
    pub(super) fn largest(lo: u32, hi: u32, ok: impl Fn(u32) -> bool) -> Option<u32> {
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

    #[test]
    fn largest_is_a_binary_search() {
        assert_eq!(Ctx::largest(1, 81, |n| n <= 47), Some(47));
        assert_eq!(Ctx::largest(1, 81, |_| true), Some(81));
        assert_eq!(Ctx::largest(1, 81, |_| false), None);
    }
}
