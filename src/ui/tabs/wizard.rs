//! Fix Wizard tab: a stepper — 1 Situation, 2 Diagnosis, 3 Fixes, 4 Verify — pre-filled from the machine and
//! from whatever the user came from (a triage verdict, a monitor alert, the fit). The plan itself comes from
//! the `plan` engine; this file only gathers the situation and draws the result.

use egui::RichText;
use poll_promise::Promise;

use super::super::app::{Command, Shared};
use super::super::settings::{FitInputs, WizardInputs};
use super::super::widgets;
use crate::plan::shell::Shell;
use crate::plan::{self, FixPlan, Os, Runtime, Situation, Symptom};
use crate::triage::Diagnosis;
use crate::units::GIB;

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

#[derive(Default)]
pub struct WizardTab {
    pub step: Step,
    /// A diagnosis handed over by Crash Triage.
    pub diagnosis: Option<Diagnosis>,
    /// Live Monitor alerts handed over ("Open Fix Wizard" on an alert).
    pub symptoms: Vec<Symptom>,
    /// The plan for the situation as last drawn (rebuilt when the situation changes).
    plan: Option<(Situation, FixPlan)>,
    /// A plan being built on a worker thread (the fit engine's what-ifs can take a moment on big models).
    pending: Option<(Situation, Promise<FixPlan>)>,
    export: Option<Promise<Option<Result<std::path::PathBuf, String>>>>,
    export_status: Option<String>,
}

impl WizardTab {
    /// True while a plan for the current situation is being built.
    pub fn is_planning(&self) -> bool {
        self.pending.is_some()
    }

    /// Rebuilds the plan off the UI thread when the situation changed; takes a finished build.
    fn update_plan(
        &mut self,
        situation: Situation,
        spec: Option<crate::model::ModelSpec>,
        ctx: &egui::Context,
    ) {
        if let Some((sit, promise)) = &self.pending
            && let Some(plan) = promise.ready()
        {
            self.plan = Some((sit.clone(), plan.clone()));
            self.pending = None;
        }
        let current = self.plan.as_ref().is_some_and(|(s, _)| *s == situation);
        let building = self.pending.as_ref().is_some_and(|(s, _)| *s == situation);
        if current || building {
            return;
        }
        let (sender, promise) = Promise::new();
        let sit = situation.clone();
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("fix-plan".into())
            .spawn(move || {
                // With a model, each step's effect comes from the fit engine (re-quantized tables, speed model).
                let what_if = spec.map(|spec| plan::fit_bridge::FitWhatIf::new(spec, &sit));
                let built =
                    plan::build_plan(&sit, what_if.as_ref().map(|w| w as &dyn plan::WhatIf));
                sender.send(built);
                ctx.request_repaint();
            });
        if spawned.is_ok() {
            self.pending = Some((situation, promise));
        }
    }

    pub fn set_diagnosis(&mut self, diagnosis: Diagnosis) {
        self.diagnosis = Some(diagnosis);
        self.step = Step::Diagnosis;
    }

    pub fn add_symptom(&mut self, symptom: Symptom) {
        if !self.symptoms.contains(&symptom) {
            self.symptoms.push(symptom);
        }
        self.step = Step::Diagnosis;
    }

    /// The plan currently shown (tests read it).
    pub fn plan(&self) -> Option<&FixPlan> {
        self.plan.as_ref().map(|(_, p)| p)
    }

    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        shared: &Shared,
        inputs: &mut WizardInputs,
        fit: &mut FitInputs,
        cmds: &mut Vec<Command>,
    ) {
        self.poll_export();
        let situation = self.situation(shared, inputs, fit);
        self.update_plan(situation, shared.model.spec().cloned(), ui.ctx());
        ui.heading("Fix Wizard");
        ui.label("Diagnose, then fix step by step with commands for your runtime and shell.");
        ui.horizontal(|ui| {
            for step in Step::ALL {
                ui.selectable_value(&mut self.step, step, step.label());
                if step != Step::Verify {
                    ui.weak("›");
                }
            }
        });
        ui.separator();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| match self.step {
                Step::Situation => self.situation_ui(ui, shared, inputs, fit),
                Step::Diagnosis => self.diagnosis_ui(ui, cmds),
                Step::Fixes => self.fixes_ui(ui, ui.ctx().clone()),
                Step::Verify => self.verify_ui(ui, cmds),
            });
    }

    /// Everything the plan engine needs, gathered from the inputs, the machine and the model slot.
    fn situation(&self, shared: &Shared, inputs: &WizardInputs, fit: &FitInputs) -> Situation {
        let hw = shared.hardware.latest();
        let os = inputs
            .os
            .as_deref()
            .and_then(Os::parse)
            .or_else(|| hw.and_then(|h| Os::parse(h.os.as_str())))
            .unwrap_or_default();
        let shell = inputs
            .shell
            .as_deref()
            .and_then(Shell::parse)
            .unwrap_or_else(|| os.default_shell());
        let runtime = Runtime::parse(&inputs.runtime).unwrap_or_default();
        let mut s = Situation::new(runtime, os, shell);
        if let (Some(spec), Some(source)) = (shared.model.spec(), shared.model.source()) {
            s.model = Some(plan::ModelRef::from_spec(source, spec));
            s.setup.quant = spec.file_type.clone();
        }
        if let Some(hw) = hw {
            s.gpus = hw
                .gpus
                .iter()
                .map(|g| plan::GpuState {
                    name: g.name.clone(),
                    total_bytes: g.memory_total_bytes,
                    used_by_others_bytes: g.memory_used_bytes + g.memory_reserved_bytes,
                    bandwidth_bytes_per_sec: None,
                })
                .collect();
            s.host = plan::HostState {
                ram_total_bytes: Some(hw.host.ram_total_bytes),
                ram_available_bytes: Some(hw.host.ram_available_bytes),
                swap_total_bytes: Some(hw.host.swap_total_bytes),
                disk_free_bytes: None,
                ram_bandwidth_bytes_per_sec: None,
            };
        }
        if s.gpus.is_empty()
            && let Some(gib) = fit.manual_vram_gib
        {
            s.gpus.push(plan::GpuState {
                name: format!("GPU with {gib:.0} GiB"),
                total_bytes: (f64::from(gib) * GIB as f64) as u64,
                used_by_others_bytes: 0,
                bandwidth_bytes_per_sec: None,
            });
        }
        s.setup.n_ctx = fit.ctx_size;
        s.setup.n_gpu_layers = fit.n_gpu_layers;
        s.setup.n_batch = fit.batch_size;
        s.setup.n_ubatch = fit.ubatch_size;
        s.setup.cache_type_k = fit.cache_type_k.clone();
        s.setup.cache_type_v = fit.cache_type_v.clone();
        s.setup.flash_attn = fit.flash_attn != "off";
        s.setup.parallel = fit.parallel.max(1);
        s.setup.n_cpu_moe = fit.n_cpu_moe;
        s.margin_bytes = u64::from(fit.margin_mib) * 1024 * 1024;
        s.diagnosis = self.diagnosis.clone();
        s.symptoms = self.symptoms.clone();
        s
    }

    fn situation_ui(
        &mut self,
        ui: &mut egui::Ui,
        shared: &Shared,
        inputs: &mut WizardInputs,
        fit: &mut FitInputs,
    ) {
        let current = self
            .plan
            .as_ref()
            .map(|(s, _)| s.clone())
            .unwrap_or_default();
        egui::Grid::new("wizard-situation")
            .num_columns(2)
            .spacing([16.0, 8.0])
            .show(ui, |ui| {
                let label = ui.label("Runtime");
                egui::ComboBox::from_id_salt("wizard-runtime")
                    .selected_text(current.runtime.label())
                    .show_ui(ui, |ui| {
                        for r in Runtime::ALL {
                            if ui
                                .selectable_label(current.runtime == r, r.label())
                                .clicked()
                            {
                                inputs.runtime = r.as_str().to_owned();
                            }
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Operating system");
                egui::ComboBox::from_id_salt("wizard-os")
                    .selected_text(current.os.label())
                    .show_ui(ui, |ui| {
                        for o in Os::ALL {
                            if ui.selectable_label(current.os == o, o.label()).clicked() {
                                inputs.os = Some(o.as_str().to_owned());
                                inputs.shell = None;
                            }
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Shell");
                egui::ComboBox::from_id_salt("wizard-shell")
                    .selected_text(current.shell.label())
                    .show_ui(ui, |ui| {
                        for sh in Shell::ALL {
                            if ui
                                .selectable_label(current.shell == sh, sh.label())
                                .clicked()
                            {
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
                    None => ui.weak("none — open one in the top bar"),
                };
                ui.end_row();
                ui.label("GPU");
                match shared.hardware.latest() {
                    Some(hw) if !hw.gpus.is_empty() => {
                        let names: Vec<_> = hw.gpus.iter().map(|g| g.name.as_str()).collect();
                        ui.label(names.join(", "));
                    }
                    _ => {
                        ui.horizontal(|ui| {
                            let mut typed = fit.manual_vram_gib.is_some();
                            if ui.checkbox(&mut typed, "VRAM (GiB)").changed() {
                                fit.manual_vram_gib = typed.then_some(24.0);
                            }
                            if let Some(gib) = &mut fit.manual_vram_gib {
                                ui.add(egui::DragValue::new(gib).range(1.0..=512.0).speed(0.5));
                            } else {
                                ui.weak("no GPU detected: tick to type your GPU's memory");
                            }
                        });
                    }
                };
                ui.end_row();
                let label = ui.label("Context (tokens)");
                ui.add(
                    egui::DragValue::new(&mut fit.ctx_size)
                        .range(256..=1_048_576)
                        .speed(256),
                )
                .labelled_by(label.id);
                ui.end_row();
            });
        ui.add_space(8.0);
        if ui.button("Next: diagnosis ›").clicked() {
            self.step = Step::Diagnosis;
        }
    }

    fn diagnosis_ui(&mut self, ui: &mut egui::Ui, cmds: &mut Vec<Command>) {
        if let Some((_, plan)) = &self.plan {
            let d = &plan.diagnosis;
            ui.label(RichText::new(widgets::prose(&d.title)).heading());
            if !d.label.is_empty() {
                ui.weak(&d.label);
            }
            ui.label(widgets::prose(&d.summary));
        }
        if let Some(d) = &self.diagnosis {
            ui.add_space(6.0);
            ui.strong("From the crash log");
            ui.label(format!("{} — {}", d.label.words(), d.title));
            ui.label(&d.explanation);
        } else {
            ui.add_space(6.0);
            ui.label("Something crashed? Paste its log in Crash Triage and press \"Fix this in the wizard\".");
            if ui.button("Open Crash Triage").clicked() {
                cmds.push(Command::SelectTab(super::Tab::Triage));
            }
        }
        if !self.symptoms.is_empty() {
            ui.add_space(6.0);
            ui.strong("From the Live Monitor");
            for s in &self.symptoms {
                ui.label(format!("{s:?}"));
            }
        }
        ui.add_space(8.0);
        if ui.button("Next: fixes ›").clicked() {
            self.step = Step::Fixes;
        }
    }

    fn fixes_ui(&mut self, ui: &mut egui::Ui, ctx: egui::Context) {
        let Some((_, plan)) = &self.plan else {
            return;
        };
        let mut export = None;
        ui.horizontal(|ui| {
            ui.label(format!(
                "{} fixes for {} on {} ({}), in the order to try them.",
                plan.steps.len(),
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
        });
        if let Some(status) = &self.export_status {
            ui.weak(status);
        }
        if plan.steps.is_empty() {
            ui.label("Nothing to fix for this situation: add a model, a GPU or a crash log.");
        }
        for (i, step) in plan.steps.iter().enumerate() {
            step_card(ui, i + 1, step);
        }
        if ui.button("Next: verify ›").clicked() {
            self.step = Step::Verify;
        }
        if let Some(markdown) = export {
            self.start_export(markdown, ctx);
        }
    }

    fn verify_ui(&mut self, ui: &mut egui::Ui, cmds: &mut Vec<Command>) {
        let Some((_, plan)) = &self.plan else {
            return;
        };
        ui.label("After applying a fix, check that it worked:");
        for (i, step) in plan.verify.iter().enumerate() {
            step_card(ui, i + 1, step);
        }
        if ui.button("Open the Live Monitor").clicked() {
            cmds.push(Command::SelectTab(super::Tab::Monitor));
        }
    }

    fn start_export(&mut self, markdown: String, ctx: egui::Context) {
        let (sender, promise) = Promise::new();
        let spawned = std::thread::Builder::new()
            .name("export-plan".into())
            .spawn(move || {
                let picked = rfd::FileDialog::new()
                    .set_title("Export fix plan")
                    .set_file_name("vram-doctor-fix-plan.md")
                    .add_filter("Markdown", &["md"])
                    .save_file();
                let result = picked.map(|path| {
                    std::fs::write(&path, markdown)
                        .map(|()| path.clone())
                        .map_err(|e| format!("{}: {e}", path.display()))
                });
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
