//! The plan engine: reads what is wrong from the evidence (a triage diagnosis, monitor findings, what the user
//! saw, or the fit itself), searches the whole setups that fix it (`search`, priced by `price`), and adds the
//! steps that are not settings. A setting change that does not fix the problem on its own is never a
//! numbered step; single changes are explained as levers.

use super::commands;
use super::evidence::{holders_from_diagnosis, reserved_unallocated};
use super::host_fixes::*;
use super::price::Pricer;
use super::quality;
use super::search::{self, Choice, SearchInput};
use super::setup::{Prediction, Setup, signed};
use super::vram_fixes::*;
use super::{
    Effect, FixPlan, Lever, Os, PlanDiagnosis, PlanSetup, Runtime, SetupSummary, Situation, Speed,
    Step, StepId, Symptom, VramHolder,
};
use crate::model::ModelSpec;
use crate::scenario::Scenario;
use crate::triage::Label;
use crate::units::{format_auto, format_delta, format_gib};

/// What is wrong, from the diagnosis (and its `also` findings), the monitor, the user and the prediction.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Problems {
    pub(super) vram_short: bool,
    pub(super) context: bool,
    pub(super) fragmentation: bool,
    pub(super) held_by_other: bool,
    pub(super) host_memory: bool,
    pub(super) cpu_spill: bool,
    pub(super) slow: bool,
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
            Label::CpuSpillSlow => {
                self.cpu_spill = true;
                self.slow = true;
            }
            Label::VllmKvInsufficient => self.vllm_kv = true,
            Label::NotMemory => self.not_memory = true,
            Label::RecoveredNoFailure => self.recovered = true,
            Label::Unknown => {}
        }
    }

    fn add_symptom(&mut self, s: Symptom, os: Os) {
        match s {
            // Windows' driver spills full VRAM into shared memory instead of failing.
            Symptom::VramFull if os == Os::Windows => self.cpu_spill = true,
            Symptom::VramFull | Symptom::CrashLoad => self.vram_short = true,
            Symptom::CrashLater => {
                self.vram_short = true;
                self.context = true;
            }
            Symptom::Paging | Symptom::Freeze => self.host_memory = true,
            Symptom::CpuSpill => self.cpu_spill = true,
            Symptom::Slow => {
                self.slow = true;
                self.cpu_spill = true;
            }
            Symptom::HeldByOther => self.held_by_other = true,
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
    pub(super) pricer: Option<&'a Pricer<'a>>,
    pub(super) setup: Setup,
    pub(super) base: Option<Prediction>,
    pub(super) p: Problems,
    pub(super) margin: u64,
    pub(super) holders: Vec<VramHolder>,
    /// The recommended setup's prediction: what the machine holds after the fix.
    pub(super) after: Option<Prediction>,
    /// Some setup of Q4-class quality keeps every layer on the GPU at the asked context or the floor.
    pub(super) q4_on_gpu: bool,
    /// The search ran (the runtime and the model allowed it).
    pub(super) searched: bool,
    /// The best setup found is the one the user already runs.
    pub(super) unchanged: bool,
}

impl Ctx<'_> {
    pub(super) fn predict(&self, setup: &Setup) -> Option<Prediction> {
        self.pricer?.predict(setup)
    }

    pub(super) fn fits(&self, setup: &Setup) -> Option<bool> {
        self.predict(setup).map(|p| p.fits(self.margin))
    }

    pub(super) fn label_words(&self) -> String {
        match &self.sit.diagnosis {
            Some(d) if d.label != Label::Unknown => d.label.words().to_owned(),
            _ if self.sit.symptoms.contains(&Symptom::Slow) => "It runs, but slowly".to_owned(),
            _ if self.sit.symptoms.contains(&Symptom::Freeze) => {
                "The machine freezes while the model runs".to_owned()
            }
            _ if self.sit.symptoms.contains(&Symptom::CrashLater) => {
                "It crashes after loading, with longer prompts".to_owned()
            }
            _ if !self.sit.symptoms.is_empty() => "The memory ran short".to_owned(),
            _ if self.p.host_memory => {
                "At these settings the model's host part does not fit in system RAM".to_owned()
            }
            _ if self.p.cpu_spill => {
                "At these settings part of the model runs from system RAM, slowly".to_owned()
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
            summary.push_str(&format!("; ~{t:.1} tok/s"));
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
}

/// Builds the plan for a scenario; `spec` is the model it names, when it could be read.
pub fn build_plan(scenario: &Scenario, spec: Option<&ModelSpec>) -> FixPlan {
    let mut sit = Situation::from_scenario(scenario, spec);
    // Only vLLM (and SGLang, same flags in spirit) reports too little KV-cache room for max_model_len.
    if sit
        .diagnosis
        .as_ref()
        .is_some_and(|d| d.label == Label::VllmKvInsufficient)
    {
        sit.runtime = Runtime::Vllm;
    }
    let margin = if sit.margin_bytes == 0 {
        super::DEFAULT_MARGIN
    } else {
        sit.margin_bytes
    };
    let pricer = spec
        .filter(|s| s.hparams.n_layer > 0)
        .map(|s| Pricer::new(s, scenario.fit_request()));
    let mut setup = sit.setup.clone();
    // `-ngl auto` is what llama.cpp's --fit, Ollama and LM Studio do: the most layers that fit.
    if let (Some(pr), crate::fit::GpuLayers::Auto) = (&pricer, scenario.settings.n_gpu_layers) {
        let all = pr.spec().hparams.n_layer + 1;
        let n = crate::fit::search::max_gpu_layers(pr.spec(), &pr.request(&setup)).unwrap_or(0);
        setup.n_gpu_layers = (n < all).then_some(n);
    }
    sit.setup = setup.clone();
    let base_priced = pricer.as_ref().and_then(|p| p.price(&setup));
    let base = base_priced.as_ref().map(|p| p.prediction());

    let mut p = Problems::default();
    if let Some(d) = &sit.diagnosis {
        p.add_label(d.label);
        for also in &d.also {
            p.add_label(also.label);
        }
    }
    for s in &sit.symptoms {
        p.add_symptom(*s, sit.os);
    }
    let min_tps = scenario.min_tps();
    if sit.diagnosis.is_none()
        && sit.symptoms.is_empty()
        && let Some(b) = &base_priced
    {
        let host_limit = sit.host.limit_bytes.unwrap_or(0);
        let spills = b.report.layers_offloaded < b.report.layers_total;
        if !b.gpu_fits() {
            p.vram_short = true;
        } else if host_limit > 0 && b.host_bytes > host_limit {
            p.host_memory = true;
        } else if spills {
            // Not everything fits the GPU at the asked settings: layers run from system RAM.
            p.cpu_spill = true;
            p.slow = b.tokens_per_second.is_some_and(|(g, _)| g < min_tps);
        }
    }

    let mut holders = sit.holders.clone();
    if let Some(d) = &sit.diagnosis {
        for h in holders_from_diagnosis(d) {
            if !holders.iter().any(|x| x.pid == h.pid) {
                holders.push(h);
            }
        }
    }

    // The search: whole setups, when the runtime runs GGUF files and something about memory or speed is wrong.
    let wants_search = pricer.is_some()
        && sit.runtime.is_llama_family()
        && !p.not_memory
        && (p.gpu_pressure() || p.context || p.host_memory || p.slow || p.held_by_other);
    let found = match (&pricer, wants_search) {
        (Some(pr), true) => Some(search::search(
            pr,
            &SearchInput {
                asked_ctx: setup.n_ctx,
                min_ctx: scenario.min_ctx(),
                min_tps,
                host_limit_bytes: sit.host.limit_bytes.unwrap_or(0),
                quants: search_quants(&sit, &scenario.quants),
                current: setup.clone(),
                other_quants: true,
                // Ollama and LM Studio have no per-layer expert offload setting.
                moe_offload: matches!(sit.runtime, Runtime::LlamaServer | Runtime::LlamaCli),
            },
        )),
        _ => None,
    };

    let mut ctx = Ctx {
        sit,
        pricer: pricer.as_ref(),
        setup,
        base,
        p,
        margin,
        holders,
        after: None,
        q4_on_gpu: false,
        searched: found.is_some(),
        unchanged: false,
    };
    let mut plan = FixPlan {
        runtime: ctx.sit.runtime,
        os: ctx.sit.os,
        shell: ctx.sit.shell,
        ..FixPlan::default()
    };
    if let Some(found) = &found {
        ctx.q4_on_gpu = found
            .recommendation
            .iter()
            .chain(&found.alternatives)
            .any(|c| c.candidate.quality.q4_class() && c.candidate.all_on_gpu());
        ctx.after = found
            .recommendation
            .as_ref()
            .map(|c| c.candidate.priced.prediction());
        plan.policy = found.policy.clone();
        plan.setups_priced = found.priced;
        // The search never offers the setup the user already runs; when only that one fits, say so.
        ctx.unchanged = found.current_fits && found.recommendation.is_none();
        plan.recommendation = found.recommendation.as_ref().map(|c| plan_setup(&ctx, c));
        plan.alternatives = found
            .alternatives
            .iter()
            .map(|c| plan_setup(&ctx, c))
            .collect();
        if found.recommendation.is_none() && !found.host_short.is_empty() {
            let best = &found.host_short[0];
            ctx.after = Some(best.priced.prediction());
            ctx.p.host_memory = true;
        }
        plan.levers = levers(&ctx);
    }

    let apply = plan
        .recommendation
        .as_ref()
        .map(|r| apply_recommendation(&ctx, r));
    let mut steps: Vec<Step> = Vec::new();
    if ctx.p.memory() || ctx.p.slow || ctx.p.context {
        let front: [fn(&Ctx) -> Option<Step>; 2] = [free_vram, vllm_memory];
        let back: [fn(&Ctx) -> Option<Step>; 6] = [
            lower_precision_pytorch_step,
            pagefile,
            wslconfig,
            linux_swap,
            metal_wired_limit,
            hardware,
        ];
        // PyTorch fragmentation (reserved ≫ allocated) is fixed by the allocator, before anything else.
        let fragmentation = expandable_segments(&ctx);
        let lead_with_allocator = ctx.p.fragmentation;
        if lead_with_allocator {
            steps.extend(fragmentation.clone());
        }
        steps.extend(front.iter().filter_map(|b| b(&ctx)));
        steps.extend(apply);
        if !lead_with_allocator {
            steps.extend(fragmentation);
        }
        steps.extend(back.iter().filter_map(|b| b(&ctx)));
    }
    plan.verify = verify_steps(&ctx, plan.recommendation.as_ref(), &steps);
    plan.diagnosis = plan_diagnosis(&ctx, plan.recommendation.as_ref());
    plan.steps = steps;
    plan
}

/// Quants that exist: the repository's own when known; for Ollama's library the tags it has (no IQ tags —
/// those are `hf.co/…` models).
fn search_quants(sit: &Situation, listed: &[String]) -> Vec<String> {
    let hf = sit
        .model
        .as_ref()
        .is_some_and(|m| m.argument.starts_with("hf:") || m.argument.starts_with("hf.co/"));
    if !listed.is_empty() {
        return listed.to_vec();
    }
    if sit.runtime == Runtime::Ollama && !hf {
        [
            "Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "Q4_K_S", "Q3_K_L", "Q3_K_M", "Q2_K",
        ]
        .iter()
        .map(|q| (*q).to_owned())
        .collect()
    } else {
        Vec::new()
    }
}

/// The model argument for another quant, and what the user must do first. Never the same file under a new
/// name: when the new file cannot be named, there is no argument and the note says what to download.
fn model_for_quant(
    sit: &Situation,
    quant: Option<&str>,
    keep_file: bool,
) -> (Option<String>, Vec<String>) {
    let current = sit
        .model
        .as_ref()
        .map(|m| m.argument.clone())
        .filter(|a| !a.trim().is_empty());
    if keep_file {
        return (current, Vec::new());
    }
    let Some(q) = quant else {
        return (current, Vec::new());
    };
    let own = sit.model.as_ref().and_then(|m| m.quant.clone());
    let name = sit.model.as_ref().map_or_else(
        || "this model".to_owned(),
        // Preset names carry their quant ("… Instruct Q4_K_M"): the new file is another quant of the model.
        |m| match &own {
            Some(o) => m.name.replace(o.as_str(), "").trim().to_owned(),
            None => m.name.clone(),
        },
    );
    let Some(arg) = current else {
        return (
            None,
            vec![format!(
                "Get the {q} GGUF of {name} first (a Hugging Face repo of GGUF quants has it), then start it with these settings."
            )],
        );
    };
    if let Some(rest) = arg.strip_prefix("hf:") {
        // hf:OWNER/REPO[:QUANT] → the same repo at the new quant (llama.cpp's -hf downloads it).
        let repo: Vec<&str> = rest.splitn(3, '/').collect();
        if repo.len() >= 2 {
            let repo_name = repo[1].split(':').next().unwrap_or(repo[1]);
            return (Some(format!("hf:{}/{repo_name}:{q}", repo[0])), Vec::new());
        }
    }
    let swapped = own
        .as_deref()
        .and_then(|from| commands::swap_quant_in_name(&arg, from, q))
        .filter(|s| *s != arg);
    match (swapped, sit.runtime) {
        (Some(tag), Runtime::Ollama) => (
            Some(tag.clone()),
            vec![format!(
                "This is a different download: `ollama pull {tag}` fetches it (the library lists each model's tags)."
            )],
        ),
        (Some(path), _) => (
            Some(path.clone()),
            vec![format!(
                "Download {} first — the {q} file from the same repository as {} — into the same folder.",
                commands::file_name(&path),
                commands::file_name(&arg)
            )],
        ),
        (None, _) => (
            None,
            vec![format!(
                "Get the {q} version of {name} first (from the repository your {} came from); then start it with these settings.",
                own.as_deref().unwrap_or("current file")
            )],
        ),
    }
}

/// A searched setup with its commands for the runtime.
fn plan_setup(ctx: &Ctx, choice: &Choice) -> PlanSetup {
    let c = &choice.candidate;
    let (argument, mut notes) = model_for_quant(&ctx.sit, c.setup.quant.as_deref(), c.keep_file);
    let mut sit = ctx.sit.clone();
    if let Some(m) = sit.model.as_mut() {
        m.argument = argument.clone().unwrap_or_default();
        m.quant = c.setup.quant.clone();
    }
    let mut commands_out = Vec::new();
    let mut files = Vec::new();
    let mut settings = Vec::new();
    match commands::launch(&sit, &c.setup) {
        Ok(w) => {
            commands_out = w.commands;
            files = w.files;
            settings = w.settings;
            notes.extend(w.notes);
        }
        Err(e) => notes.push(format!("Commands left out: {e}.")),
    }
    if !c.host_ok {
        notes.push("The host part needs more RAM than the OS leaves: it runs from swap / the page file, slowly.".to_owned());
    }
    let r = &c.priced.report;
    PlanSetup {
        goal: choice.goal,
        title: search::describe(c),
        setup: SetupSummary {
            model: argument,
            quant: c.setup.quant.clone(),
            ctx_size: c.setup.n_ctx,
            n_gpu_layers: c.setup.n_gpu_layers,
            n_cpu_moe: c.setup.n_cpu_moe,
            cache_type_k: c.setup.cache_type_k.clone(),
            cache_type_v: c.setup.cache_type_v.clone(),
            flash_attn: c.setup.flash_attn,
            parallel: c.setup.parallel,
        },
        fits: c.priced.gpu_fits(),
        host_fits: c.host_ok,
        devices: r.devices.clone(),
        layers_offloaded: r.layers_offloaded,
        layers_total: r.layers_total,
        tokens_per_second: c.priced.tokens_per_second.map(|(g, pp)| Speed {
            generation: g,
            prompt: pp,
            at_ctx: c.priced.speed_at_ctx,
        }),
        quality: c.quality.clone(),
        keep_file: c.keep_file,
        why: choice.why.clone(),
        commands: commands_out,
        files,
        settings,
        notes,
        plan_setup: c.setup.clone(),
    }
}

fn apply_recommendation(ctx: &Ctx, rec: &PlanSetup) -> Step {
    let mut step = Step::new(StepId::ApplyRecommendation, format!("Run {}", rec.title));
    step.why = format!("{}. {}", ctx.label_words(), rec.why);
    step.effect = ctx.effect(&rec.title, &rec.plan_setup);
    step.cost = rec.quality.words.clone();
    step.commands = rec.commands.clone();
    step.files = rec.files.clone();
    step.settings = rec.settings.clone();
    step.notes = rec.notes.clone();
    step.setup = Some(rec.plan_setup.clone());
    step.undo = "Start the model again with your previous file and settings.".to_owned();
    step
}

/// The as-asked setup itself: how far it is from fitting.
fn out_of_asked(out: &mut Vec<Lever>, ctx: &Ctx, asked: &Prediction) {
    let free = asked.min_free_bytes();
    out.insert(
        0,
        Lever {
            title: "As asked".to_owned(),
            summary: format!(
                "As asked (every layer on the GPU, {} tokens): GPU {}, {}",
                ctx.setup.n_ctx,
                format_gib(asked.gpu_total_bytes()),
                if asked.fits(ctx.margin) {
                    "fits".to_owned()
                } else {
                    format!(
                        "{} over with the margin",
                        format_auto(free.unsigned_abs().saturating_add(ctx.margin))
                    )
                }
            ),
        },
    );
}

/// What each single change buys against the as-asked setup (every layer on the GPU) — explanation only.
fn levers(ctx: &Ctx) -> Vec<Lever> {
    let Some(pr) = ctx.pricer else {
        return Vec::new();
    };
    let all = Setup {
        n_gpu_layers: None,
        n_cpu_moe: 0,
        ..ctx.setup.clone()
    };
    let mut out = Vec::new();
    let Some(asked) = pr.predict(&all) else {
        return out;
    };
    out_of_asked(&mut out, ctx, &asked);
    let mut lever = |title: String, s: Setup| {
        let Some(after) = pr.predict(&s) else { return };
        let delta = signed(after.gpu_total_bytes()) - signed(asked.gpu_total_bytes());
        let free = after.min_free_bytes();
        let outcome = if after.fits(ctx.margin) {
            format!("fits with {} free", format_auto(free.unsigned_abs()))
        } else if free >= 0 {
            format!(
                "{} free, inside the {} margin",
                format_auto(free.unsigned_abs()),
                format_auto(ctx.margin)
            )
        } else {
            format!("still {} over", format_auto(free.unsigned_abs()))
        };
        out.push(Lever {
            summary: format!(
                "{title}: VRAM {} → {outcome}",
                format_delta(i128::from(delta))
            ),
            title,
        });
    };
    if !all.cache_type_k.eq_ignore_ascii_case("q8_0") {
        lever(
            "KV cache q8_0 (practically free in quality)".to_owned(),
            Setup {
                cache_type_k: "q8_0".into(),
                cache_type_v: "q8_0".into(),
                flash_attn: true,
                ..all.clone()
            },
        );
    }
    if all.n_ctx >= 8192 {
        lever(
            format!("Half the context ({} tokens)", all.n_ctx / 2),
            Setup {
                n_ctx: all.n_ctx / 2,
                ..all.clone()
            },
        );
    }
    if let Some(next) = ctx
        .setup
        .quant
        .as_deref()
        .and_then(quality::quant)
        .and_then(|cur| {
            quality::QUANT_LADDER.iter().find(|q| {
                q.bpw < cur.bpw && q.bpw >= quality::Q4_CLASS_BPW && pr.has_quant(Some(q.name))
            })
        })
    {
        lever(
            format!("One quant lower ({})", next.name),
            Setup {
                quant: Some(next.name.to_owned()),
                ..all.clone()
            },
        );
    }
    if pr.spec().is_moe() {
        let n = pr.spec().hparams.n_layer;
        lever(
            format!("All MoE experts in system RAM (--n-cpu-moe {n})"),
            Setup {
                n_cpu_moe: n,
                ..all.clone()
            },
        );
    }
    out
}

fn lower_precision_pytorch_step(ctx: &Ctx) -> Option<Step> {
    if !ctx.sit.runtime.is_pytorch() || !(ctx.p.vram_short || ctx.p.cpu_spill) {
        return None;
    }
    lower_precision_pytorch(ctx)
}

fn plan_diagnosis(ctx: &Ctx, rec: Option<&PlanSetup>) -> PlanDiagnosis {
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
    } else if !ctx.sit.symptoms.is_empty() {
        out.label = if ctx
            .sit
            .symptoms
            .iter()
            .any(|s| Symptom::REPORTED.contains(s))
        {
            "reported"
        } else {
            "monitor"
        }
        .to_owned();
        out.title = ctx.label_words();
        if let Some(t) = ctx.sit.observed_tokens_per_second {
            lines.push(format!("You saw about {t:.1} tok/s."));
        }
    } else if let Some(b) = &ctx.base {
        let fits = b.fits(ctx.margin) && !ctx.p.host_memory && !ctx.p.cpu_spill;
        out.label = if fits { "fits" } else { "does_not_fit" }.to_owned();
        out.title = if fits {
            "The model fits at these settings"
        } else if ctx.p.host_memory {
            "The model's host part does not fit in system RAM at these settings"
        } else if ctx.p.slow {
            "Not every layer fits the GPU at these settings: part runs from system RAM, slowly"
        } else if ctx.p.cpu_spill {
            "Not every layer fits the GPU at these settings: part runs from system RAM"
        } else {
            "The model does not fit at these settings"
        }
        .to_owned();
    } else {
        out.label = "unknown".to_owned();
        out.title = "Nothing to diagnose yet: give a log, a model, or say what happened".to_owned();
    }
    if let Some(b) = &ctx.base {
        let cap: u64 = b
            .gpus
            .iter()
            .map(|g| g.capacity_bytes)
            .fold(0, u64::saturating_add);
        lines.push(format!(
            "Predicted at your settings ({} tokens of context): GPU {} of {} ({} {}), {}/{} layers on the GPU, KV cache {}{}.",
            ctx.setup.n_ctx,
            format_gib(b.gpu_total_bytes()),
            format_gib(cap),
            format_auto(b.min_free_bytes().unsigned_abs()),
            if b.min_free_bytes() >= 0 { "free" } else { "over" },
            b.layers_offloaded,
            b.layers_total,
            format_gib(b.kv_bytes),
            b.tokens_per_second
                .map(|t| format!(", ~{t:.1} tok/s"))
                .unwrap_or_default(),
        ));
    }
    if ctx.p.not_memory {
        lines.push("This is not a memory problem: changing memory settings will not help; see the triage explanation.".to_owned());
    }
    if ctx.p.recovered {
        lines.push(
            "Nothing in the log failed (a warning in it was recovered from, or there was none): nothing in memory needs fixing.".to_owned(),
        );
    }
    if let Some(r) = rec {
        lines.push(format!("Best whole setup found: {}.", r.title));
    } else if ctx.unchanged {
        lines.push(format!(
            "By our numbers your settings already fit this GPU ({} free beyond the margin), so changing them is not the fix: look for memory held by other processes (nvidia-smi), another model still loaded, or a runtime that reserves more than llama.cpp — Crash Triage reads its log.",
            ctx.base.as_ref().map_or_else(
                || "some".to_owned(),
                |b| format_auto(u64::try_from(b.min_free_bytes() - signed(ctx.margin)).unwrap_or(0))
            )
        ));
    } else if ctx.searched {
        lines.push(
            "No setup of this model fits this machine with the margin; see the steps.".to_owned(),
        );
    }
    out.summary = lines.join(" ");
    out
}

fn verify_steps(ctx: &Ctx, rec: Option<&PlanSetup>, steps: &[Step]) -> Vec<Step> {
    if steps.is_empty() {
        return Vec::new();
    }
    let mut step = Step::new(StepId::Verify, "Run it and check the numbers");
    let setup = rec.map_or_else(|| ctx.setup.clone(), |r| r.plan_setup.clone());
    let mut sit = ctx.sit.clone();
    match rec {
        Some(r) => {
            step.why = format!("After \"{}\".", r.title);
            let per_gpu: Vec<String> = r
                .devices
                .iter()
                .filter(|d| d.kind == crate::fit::DeviceKind::Gpu)
                .map(|d| {
                    format!(
                        "{} {} of {}",
                        d.name,
                        format_gib(d.total_bytes),
                        format_gib(d.capacity_bytes)
                    )
                })
                .collect();
            step.effect = Effect {
                summary: format!(
                    "Expect {}/{} layers on the GPU, VRAM in use about {}{}.",
                    r.layers_offloaded,
                    r.layers_total,
                    per_gpu.join(", "),
                    r.tokens_per_second
                        .map(|t| format!(", about {:.1} tokens/s when generating", t.generation))
                        .unwrap_or_default()
                ),
                tokens_per_second: r.tokens_per_second.map(|t| t.generation),
                layers_offloaded: Some(r.layers_offloaded),
                layers_total: Some(r.layers_total),
                fits: Some(r.fits),
                ..Effect::default()
            };
            if let Some(m) = sit.model.as_mut() {
                m.argument = r.setup.model.clone().unwrap_or_default();
            }
        }
        None => {
            step.why =
                "After the fixes: the model should load without an out-of-memory error.".to_owned();
        }
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
    fn symptoms_name_problems() {
        let mut p = Problems::default();
        p.add_symptom(Symptom::Slow, Os::Linux);
        assert!(p.slow && p.cpu_spill);
        let mut p = Problems::default();
        p.add_symptom(Symptom::VramFull, Os::Windows);
        assert!(p.cpu_spill && !p.vram_short);
        let mut p = Problems::default();
        p.add_symptom(Symptom::Freeze, Os::Wsl2);
        assert!(p.host_memory);
    }

    #[test]
    fn another_quant_never_reuses_the_same_file() {
        let mut sit = Situation::new(Runtime::LlamaServer, Os::Linux, super::super::Shell::Bash);
        sit.model = Some(super::super::ModelRef {
            argument: "/m/model.gguf".into(),
            name: "m".into(),
            quant: Some("Q8_0".into()),
            ..Default::default()
        });
        let (arg, notes) = model_for_quant(&sit, Some("Q4_K_M"), false);
        assert_eq!(arg, None, "the name has no quant to swap");
        assert!(notes[0].contains("Q4_K_M"));
        sit.model.as_mut().unwrap().argument = "/m/Llama-3.1-8B-Q8_0.gguf".into();
        let (arg, _) = model_for_quant(&sit, Some("Q4_K_M"), false);
        assert_eq!(arg.as_deref(), Some("/m/Llama-3.1-8B-Q4_K_M.gguf"));
        sit.model.as_mut().unwrap().argument = "hf:unsloth/Llama-3.1-8B-GGUF:Q8_0".into();
        let (arg, _) = model_for_quant(&sit, Some("IQ4_XS"), false);
        assert_eq!(arg.as_deref(), Some("hf:unsloth/Llama-3.1-8B-GGUF:IQ4_XS"));
    }
}
