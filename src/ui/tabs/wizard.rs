//! Fix Wizard tab: a stepper — 1 Situation, 2 Diagnosis, 3 Fixes, 4 Verify — over the app's one scenario.
//! The Situation page shows and edits it (runtime, OS, shell, machine, context, what happened, the attached
//! log); the plan is searched on a worker whenever the scenario changes, and the Fixes page shows the
//! recommended whole setup first, the alternatives as a table, then the steps that are not settings.

use egui::RichText;

use super::super::app::{Command, Shared};
use super::super::jobs::Job;
use super::super::settings::{FitInputs, WizardInputs};
use super::super::widgets;
use crate::plan::shell::Shell;
use crate::plan::{self, FixPlan, Os, PlanSetup, Runtime, Symptom};
use crate::scenario::{Evidence, Scenario};
use crate::units::{GIB, format_gib};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Step {
    #[default]
    Situation,
    Diagnosis,
    Fixes,
    Verify,
}

impl Step {
    pub const ALL: [Self; 4] = [Self::Situation, Self::Diagnosis, Self::Fixes, Self::Verify];

    pub fn label(self) -> &'static str {
        match self {
            Self::Situation => "1 Situation",
            Self::Diagnosis => "2 Diagnosis",
            Self::Fixes => "3 Fixes",
            Self::Verify => "4 Verify",
        }
    }
}

/// The plan is searched again only when the scenario or the model changes.
type PlanKey = (Scenario, Option<String>);

pub struct WizardTab {
    pub step: Step,
    plan: Job<PlanKey, FixPlan>,
    /// The alternative the user picked to see as the plan (index into `alternatives`), per plan.
    chosen: Option<usize>,
    export: Option<poll_promise::Promise<Option<Result<std::path::PathBuf, String>>>>,
    export_status: Option<String>,
}

impl Default for WizardTab {
    fn default() -> Self {
        Self {
            step: Step::default(),
            plan: Job::new("fix-plan"),
            chosen: None,
            export: None,
            export_status: None,
        }
    }
}

impl WizardTab {
    /// True while a plan for the current scenario is being built.
    pub fn is_planning(&self) -> bool {
        self.plan.is_running()
    }

    /// The plan currently shown (tests read it).
    pub fn plan(&self) -> Option<&FixPlan> {
        self.plan.latest()
    }

    /// The scenario the shown plan was made for.
    pub fn scenario(&self) -> Option<&Scenario> {
        self.plan.latest_key().map(|(s, _)| s)
    }

    /// Starts a plan for the scenario when it changed (on a worker; the UI thread never searches).
    pub fn update(&mut self, scenario: Scenario, shared: &Shared, ctx: &egui::Context) {
        self.plan.poll();
        let key = (scenario, shared.model.source().map(str::to_owned));
        if !self.plan.needs(&key) {
            return;
        }
        self.chosen = None;
        // The model is cloned only when a new plan starts, never per frame.
        let spec = shared.model.spec().cloned();
        let mut scenario = key.0.clone();
        self.plan.want(&key, ctx, move || {
            // A hub model: the search picks among the repository's own quants (listing cached by the read).
            if let Some(arg) = scenario.model.as_deref()
                && arg.starts_with("hf:")
            {
                scenario.quants =
                    crate::model::hub::repo_quants(arg, &crate::model::hub::HubConfig::from_env());
            }
            plan::build_plan(&scenario, spec.as_ref())
        });
    }

    #[allow(clippy::too_many_arguments)]
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        shared: &Shared,
        scenario: &Scenario,
        evidence: &Evidence,
        inputs: &mut WizardInputs,
        fit: &mut FitInputs,
        cmds: &mut Vec<Command>,
    ) {
        self.poll_export();
        self.update(scenario.clone(), shared, ui.ctx());
        ui.heading("Fix Wizard");
        ui.label("The best whole setup for your machine — quant, KV cache, context and offload searched together — with commands for your runtime and shell.");
        ui.horizontal(|ui| {
            for step in Step::ALL {
                ui.selectable_value(&mut self.step, step, step.label());
                if step != Step::Verify {
                    ui.weak("›");
                }
            }
            if self.is_planning() {
                ui.spinner();
            }
        });
        ui.separator();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| match self.step {
                Step::Situation => {
                    self.situation_ui(ui, shared, scenario, evidence, inputs, fit, cmds)
                }
                Step::Diagnosis => self.diagnosis_ui(ui, scenario, cmds),
                Step::Fixes => self.fixes_ui(ui, ui.ctx().clone()),
                Step::Verify => self.verify_ui(ui, cmds),
            });
    }

    #[allow(clippy::too_many_arguments)]
    fn situation_ui(
        &mut self,
        ui: &mut egui::Ui,
        shared: &Shared,
        sc: &Scenario,
        evidence: &Evidence,
        inputs: &mut WizardInputs,
        fit: &mut FitInputs,
        cmds: &mut Vec<Command>,
    ) {
        egui::Grid::new("wizard-situation")
            .num_columns(2)
            .spacing([16.0, 8.0])
            .show(ui, |ui| {
                let label = ui.label("Runtime");
                egui::ComboBox::from_id_salt("wizard-runtime")
                    .selected_text(sc.runtime.label())
                    .show_ui(ui, |ui| {
                        for r in Runtime::ALL {
                            if ui.selectable_label(sc.runtime == r, r.label()).clicked() {
                                fit.runtime = r.as_str().to_owned();
                            }
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Operating system");
                egui::ComboBox::from_id_salt("wizard-os")
                    .selected_text(sc.machine.os.label())
                    .show_ui(ui, |ui| {
                        for o in Os::ALL {
                            if ui.selectable_label(sc.machine.os == o, o.label()).clicked() {
                                inputs.os = Some(o.as_str().to_owned());
                                inputs.shell = None;
                            }
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                let shell = sc.shell();
                let label = ui.label("Shell");
                egui::ComboBox::from_id_salt("wizard-shell")
                    .selected_text(shell.label())
                    .show_ui(ui, |ui| {
                        for sh in Shell::ALL {
                            if ui.selectable_label(shell == sh, sh.label()).clicked() {
                                inputs.shell = Some(sh.as_str().to_owned());
                            }
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                ui.label("Model");
                match shared.model.spec() {
                    Some(spec) => ui.label(widgets::model_one_liner(spec)),
                    None => ui.weak("none — open one in the top bar (without one, the plan works from the log alone)"),
                };
                ui.end_row();
                ui.label("GPU");
                ui.vertical(|ui| {
                    if sc.machine.gpus.is_empty() {
                        ui.horizontal(|ui| {
                            let mut typed = fit.manual_vram_gib.is_some();
                            if ui.checkbox(&mut typed, "VRAM (GiB)").changed() {
                                fit.manual_vram_gib = typed.then_some(24.0);
                            }
                            if let Some(gib) = &mut fit.manual_vram_gib {
                                ui.add(egui::DragValue::new(gib).range(1.0..=512.0).speed(0.5));
                            } else {
                                ui.weak("no GPU detected: tick to type your GPU's memory, or pick one on the Fit tab");
                            }
                        });
                    }
                    for g in &sc.machine.gpus {
                        let held = if g.held_by_others_bytes >= 256 * crate::units::MIB {
                            format!(", {} held by other processes", format_gib(g.held_by_others_bytes))
                        } else {
                            String::new()
                        };
                        ui.label(format!("{} — {}{held}", g.name, format_gib(g.total_bytes)));
                    }
                    if !sc.machine.gpus.is_empty() {
                        ui.weak(format!("({})", sc.machine.origin.words()));
                    }
                });
                ui.end_row();
                ui.label("System RAM");
                if sc.machine.ram_total_bytes > 0 {
                    let limit = sc.machine.host_limit_bytes();
                    ui.label(format!(
                        "{} total; the model's host part may use {}{}",
                        format_gib(sc.machine.ram_total_bytes),
                        format_gib(limit),
                        if sc.machine.os == Os::Wsl2 && sc.machine.wsl_cap_bytes.is_some() {
                            " (within WSL2's memory cap)"
                        } else {
                            ""
                        }
                    ));
                } else {
                    ui.weak("unknown");
                }
                ui.end_row();
                let label = ui.label("Context (tokens)");
                ui.add(
                    egui::DragValue::new(&mut fit.ctx_size)
                        .range(256..=1_048_576)
                        .speed(256),
                )
                .labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Shortest context you accept");
                let mut min = inputs.min_ctx.unwrap_or(crate::scenario::DEFAULT_MIN_CTX);
                if ui
                    .add(egui::DragValue::new(&mut min).range(256..=1_048_576).speed(256))
                    .labelled_by(label.id)
                    .changed()
                {
                    inputs.min_ctx = Some(min);
                }
                ui.end_row();
            });

        ui.add_space(8.0);
        ui.strong("What happened?");
        let reported = evidence
            .symptoms
            .iter()
            .copied()
            .find(|s| Symptom::REPORTED.contains(s));
        ui.horizontal_wrapped(|ui| {
            if ui
                .radio(reported.is_none(), "Nothing yet / I'm planning")
                .clicked()
            {
                cmds.push(Command::SetReported(None, None));
            }
            for s in Symptom::REPORTED {
                if ui.radio(reported == Some(s), s.label()).clicked() {
                    cmds.push(Command::SetReported(Some(s), evidence.observed_tps));
                }
            }
        });
        if reported == Some(Symptom::Slow) {
            ui.horizontal(|ui| {
                let label = ui.label("Tokens per second you see");
                let mut tps = evidence.observed_tps.unwrap_or(2.0);
                if ui
                    .add(
                        egui::DragValue::new(&mut tps)
                            .range(0.1..=1000.0)
                            .speed(0.1),
                    )
                    .labelled_by(label.id)
                    .changed()
                {
                    cmds.push(Command::SetReported(Some(Symptom::Slow), Some(tps)));
                }
            });
        }
        let monitor: Vec<Symptom> = evidence
            .symptoms
            .iter()
            .copied()
            .filter(|s| !Symptom::REPORTED.contains(s))
            .collect();
        if !monitor.is_empty() {
            ui.add_space(6.0);
            ui.strong("From the Live Monitor");
            for s in &monitor {
                ui.label(s.label());
            }
            if ui.button("Clear monitor findings").clicked() {
                cmds.push(Command::ClearMonitorFindings);
            }
        }
        ui.add_space(6.0);
        match (&evidence.diagnosis, sc.evidence.named_diagnosis()) {
            (Some(_), Some(d)) => {
                ui.strong("From the crash log");
                ui.label(format!(
                    "{}{}",
                    evidence
                        .log_name
                        .as_deref()
                        .map(|n| format!("{n}: "))
                        .unwrap_or_default(),
                    d.headline()
                ));
                ui.weak(
                    "The log's runtime, OS and GPU replace the ones above while it is attached.",
                );
                if ui.button("Detach the log").clicked() {
                    cmds.push(Command::DetachLog);
                }
            }
            (Some(_), None) => {
                ui.weak("The attached log names no known failure, so it changes nothing here.");
                if ui.button("Detach the log").clicked() {
                    cmds.push(Command::DetachLog);
                }
            }
            _ => {
                ui.horizontal(|ui| {
                    ui.weak("Have a crash log? Paste it in Crash Triage and press \"Fix this in the wizard\".");
                    if ui.button("Open Crash Triage").clicked() {
                        cmds.push(Command::SelectTab(super::Tab::Triage));
                    }
                });
            }
        }
        ui.add_space(8.0);
        if ui.button("Next: diagnosis ›").clicked() {
            self.step = Step::Diagnosis;
        }
    }

    fn diagnosis_ui(&mut self, ui: &mut egui::Ui, sc: &Scenario, cmds: &mut Vec<Command>) {
        if let Some(plan) = self.plan.latest() {
            let d = &plan.diagnosis;
            ui.label(RichText::new(widgets::prose(&d.title)).heading());
            ui.label(widgets::prose(&d.summary));
        } else {
            ui.spinner();
        }
        if let Some(d) = sc.evidence.named_diagnosis() {
            ui.add_space(6.0);
            ui.strong("From the crash log");
            ui.label(d.headline());
            ui.label(widgets::prose(&d.explanation));
        } else if sc.evidence.symptoms.is_empty() {
            ui.add_space(6.0);
            ui.label("Something crashed? Paste its log in Crash Triage and press \"Fix this in the wizard\" — or say what happened on the Situation page.");
            if ui.button("Open Crash Triage").clicked() {
                cmds.push(Command::SelectTab(super::Tab::Triage));
            }
        }
        ui.add_space(8.0);
        if ui.button("Next: fixes ›").clicked() {
            self.step = Step::Fixes;
        }
    }

    fn fixes_ui(&mut self, ui: &mut egui::Ui, ctx: egui::Context) {
        let Some(plan) = self.plan.latest() else {
            ui.spinner();
            return;
        };
        let mut export = None;
        let mut copied = false;
        ui.horizontal(|ui| {
            ui.label(format!(
                "For {} on {} ({}).",
                plan.runtime.label(),
                plan.os.label(),
                plan.shell.label()
            ));
            if ui
                .add_enabled(
                    self.export.is_none(),
                    egui::Button::new("Export as Markdown…"),
                )
                .clicked()
            {
                export = Some(plan.to_markdown());
            }
            if ui
                .button("Copy as Markdown")
                .on_hover_text("The whole plan, to paste into an issue or a note")
                .clicked()
            {
                ui.ctx().copy_text(plan.to_markdown());
                copied = true;
            }
        });
        if let Some(status) = &self.export_status {
            ui.weak(status);
        }
        let shown: Option<&PlanSetup> = match self.chosen {
            Some(i) => plan.alternatives.get(i),
            None => plan.recommendation.as_ref(),
        };
        if let Some(setup) = shown {
            setup_card(ui, setup, self.chosen.is_some());
        }
        if !plan.alternatives.is_empty() {
            ui.add_space(6.0);
            ui.strong("Other setups on the trade-off");
            let mut pick = None;
            egui::Grid::new("wizard-alternatives")
                .striped(true)
                .num_columns(5)
                .show(ui, |ui| {
                    ui.weak("");
                    ui.weak("Setup");
                    ui.weak("Speed");
                    ui.weak("Quality");
                    ui.weak("");
                    ui.end_row();
                    if let Some(rec) = &plan.recommendation {
                        alternative_row(ui, rec);
                        if ui
                            .add_enabled(self.chosen.is_some(), egui::Button::new("Show"))
                            .on_hover_text("Show the recommended setup")
                            .clicked()
                        {
                            pick = Some(None);
                        }
                        ui.end_row();
                    }
                    for (i, alt) in plan.alternatives.iter().enumerate() {
                        alternative_row(ui, alt);
                        if ui
                            .add_enabled(self.chosen != Some(i), egui::Button::new("Use this"))
                            .on_hover_text("Make this setup the plan")
                            .clicked()
                        {
                            pick = Some(Some(i));
                        }
                        ui.end_row();
                    }
                });
            if let Some(p) = pick {
                self.chosen = p;
            }
        }
        if !plan.policy.is_empty() {
            ui.weak(format!(
                "How it chose ({} setups priced by the fit engine): {}",
                plan.setups_priced, plan.policy
            ));
        }
        if !plan.levers.is_empty() {
            egui::CollapsingHeader::new("What each change buys on its own")
                .default_open(false)
                .show(ui, |ui| {
                    for l in &plan.levers {
                        ui.label(widgets::prose(&l.summary));
                    }
                });
        }
        ui.add_space(6.0);
        let steps: Vec<&plan::Step> = plan
            .steps
            .iter()
            .filter(|s| s.id != plan::StepId::ApplyRecommendation)
            .collect();
        if !steps.is_empty() {
            ui.strong("Steps besides the settings, in order");
            for (i, step) in steps.iter().enumerate() {
                step_card(ui, i + 1, step);
            }
        } else if plan.recommendation.is_none() {
            ui.label("Nothing to fix for this situation: it fits as it is. Add a crash log, say what happened on the Situation page, or change the settings.");
        }
        if ui.button("Next: verify ›").clicked() {
            self.step = Step::Verify;
        }
        if copied {
            self.export_status = Some("Copied the plan as Markdown.".to_owned());
        }
        if let Some(markdown) = export {
            self.start_export(markdown, ctx);
        }
    }

    fn verify_ui(&mut self, ui: &mut egui::Ui, cmds: &mut Vec<Command>) {
        let Some(plan) = self.plan.latest() else {
            return;
        };
        ui.label("After applying the fix, check that it worked:");
        for (i, step) in plan.verify.iter().enumerate() {
            step_card(ui, i + 1, step);
        }
        if ui.button("Open the Live Monitor").clicked() {
            cmds.push(Command::SelectTab(super::Tab::Monitor));
        }
    }

    fn start_export(&mut self, markdown: String, ctx: egui::Context) {
        let (sender, promise) = poll_promise::Promise::new();
        let spawned = std::thread::Builder::new()
            .name("export-plan".into())
            .spawn(move || {
                let picked = crate::ui::file_dialog::run(|| {
                    rfd::FileDialog::new()
                        .set_title("Export fix plan")
                        .set_file_name("vram-doctor-fix-plan.md")
                        .add_filter("Markdown", &["md"])
                        .save_file()
                });
                let result = match picked {
                    crate::ui::file_dialog::Picked::File(path) => Some(
                        std::fs::write(&path, markdown)
                            .map(|()| path.clone())
                            .map_err(|e| format!("{}: {e}", path.display())),
                    ),
                    crate::ui::file_dialog::Picked::Cancelled => None,
                    crate::ui::file_dialog::Picked::Unavailable(why) => Some(Err(format!(
                        "{why} Use \"Copy as Markdown\" instead, or `vram-doctor plan` on the command line."
                    ))),
                };
                sender.send(result);
                ctx.request_repaint();
            });
        if spawned.is_ok() {
            self.export = Some(promise);
        }
    }

    fn poll_export(&mut self) {
        if let Some(result) = self.export.as_ref().and_then(|p| p.ready().cloned()) {
            self.export = None;
            self.export_status = match result {
                Some(Ok(path)) => Some(format!("Saved {}", path.display())),
                Some(Err(e)) => Some(format!("Could not save: {e}")),
                None => None,
            };
        }
    }
}

fn speed_text(s: &PlanSetup) -> String {
    match s.tokens_per_second {
        Some(t) => format!("~{:.1} tok/s", t.generation),
        None => "unknown".to_owned(),
    }
}

fn alternative_row(ui: &mut egui::Ui, s: &PlanSetup) {
    ui.strong(s.goal.label());
    ui.label(&s.title);
    ui.label(speed_text(s));
    ui.label(s.quality.ppl_delta.map_or_else(
        || "—".to_owned(),
        |d| format!("+{:.2} ppl", d + s.quality.kv_ppl_delta.unwrap_or(0.0)),
    ));
}

/// The chosen whole setup: per-device use, speed, quality cost, why, commands.
fn setup_card(ui: &mut egui::Ui, s: &PlanSetup, alternative: bool) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(
            RichText::new(format!(
                "{}: {}",
                if alternative { s.goal.label() } else { "Recommended" },
                s.title
            ))
            .heading(),
        );
        ui.label(widgets::prose(&s.why));
        for d in &s.devices {
            if d.kind == crate::fit::DeviceKind::Gpu {
                let frac = if d.capacity_bytes > 0 {
                    (d.total_bytes as f32 / d.capacity_bytes as f32).min(1.0)
                } else {
                    1.0
                };
                ui.add(egui::ProgressBar::new(frac).text(format!(
                    "{}: {} of {} (weights {}, KV {}, compute {})",
                    d.name,
                    format_gib(d.total_bytes),
                    format_gib(d.capacity_bytes),
                    format_gib(d.weights_bytes),
                    format_gib(d.kv_bytes),
                    format_gib(d.compute_bytes)
                )));
            } else if d.needed_bytes() >= GIB / 4 {
                ui.label(format!("System RAM: {}", format_gib(d.needed_bytes())));
            }
        }
        ui.label(
            RichText::new(match s.tokens_per_second {
                Some(t) => format!(
                    "Speed: ~{:.1} tok/s generating, ~{:.0} tok/s reading the prompt (at {} tokens of context)",
                    t.generation, t.prompt, t.at_ctx
                ),
                None => "Speed: unknown (no bandwidth figure for this GPU)".to_owned(),
            })
            .color(widgets::OK),
        );
        ui.label(format!("Quality: {}", widgets::prose(&s.quality.words)));
        for setting in &s.settings {
            ui.label(format!("- {}", widgets::prose(setting)));
        }
        for command in &s.commands {
            widgets::code_block(ui, command.shell.label(), &command.text);
        }
        for file in &s.files {
            widgets::code_block(ui, &format!("File: {}", file.path), &file.content);
        }
        for note in &s.notes {
            ui.weak(widgets::prose(note));
        }
    });
    ui.add_space(6.0);
}

/// One fix (or check) as a card: why, effect in numbers, cost, settings, commands, files, undo.
fn step_card(ui: &mut egui::Ui, number: usize, step: &plan::Step) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(RichText::new(format!("{number}. {}", widgets::prose(&step.title))).strong());
        if !step.why.is_empty() {
            ui.label(widgets::prose(&step.why));
        }
        if !step.effect.summary.is_empty() {
            let colour = match step.effect.fits {
                Some(true) => widgets::OK,
                Some(false) => widgets::WARN,
                None => ui.visuals().text_color(),
            };
            ui.label(
                RichText::new(format!("Effect: {}", widgets::prose(&step.effect.summary)))
                    .color(colour),
            );
        }
        if !step.cost.is_empty() {
            ui.weak(format!("Cost: {}", widgets::prose(&step.cost)));
        }
        for setting in &step.settings {
            ui.label(format!("- {}", widgets::prose(setting)));
        }
        for command in &step.commands {
            widgets::code_block(ui, command.shell.label(), &command.text);
        }
        for file in &step.files {
            widgets::code_block(ui, &format!("File: {}", file.path), &file.content);
        }
        for note in &step.notes {
            ui.weak(widgets::prose(note));
        }
        if !step.undo.is_empty() {
            ui.weak(format!("Undo: {}", widgets::prose(&step.undo)));
        }
    });
    ui.add_space(6.0);
}
