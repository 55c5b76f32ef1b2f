//! Fix Wizard tab: a stepper — 1 Situation, 2 Diagnosis, 3 Fixes, 4 Verify — pre-filled from the machine and
//! from whatever the user came from (a triage verdict, a monitor alert, the fit).

use egui::RichText;

use super::super::app::{Command, Shared};
use super::super::settings::WizardInputs;
use super::super::widgets;
use crate::triage::Diagnosis;

pub const RUNTIMES: [&str; 6] = [
    "llama.cpp",
    "Ollama",
    "LM Studio",
    "transformers",
    "vLLM",
    "text-generation-webui",
];
pub const OSES: [(&str, &str); 4] = [
    ("linux", "Linux"),
    ("windows", "Windows"),
    ("wsl2", "WSL2"),
    ("macos", "macOS"),
];
pub const SHELLS: [(&str, &str); 3] = [
    ("bash", "bash / zsh"),
    ("powershell", "PowerShell"),
    ("cmd", "cmd"),
];

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
    /// A diagnosis handed over by Crash Triage or a monitor alert.
    pub diagnosis: Option<Diagnosis>,
}

/// The shell people use by default on an OS.
pub fn default_shell(os: &str) -> &'static str {
    match os {
        "windows" => "powershell",
        _ => "bash",
    }
}

impl WizardTab {
    pub fn set_diagnosis(&mut self, diagnosis: Diagnosis) {
        self.diagnosis = Some(diagnosis);
        self.step = Step::Diagnosis;
    }

    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        shared: &Shared,
        inputs: &mut WizardInputs,
        cmds: &mut Vec<Command>,
    ) {
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
        egui::ScrollArea::vertical().show(ui, |ui| match self.step {
            Step::Situation => self.situation(ui, shared, inputs),
            Step::Diagnosis => self.diagnosis_step(ui, shared, cmds),
            Step::Fixes | Step::Verify => self.plan_steps(ui, shared, inputs),
        });
    }

    fn situation(&mut self, ui: &mut egui::Ui, shared: &Shared, inputs: &mut WizardInputs) {
        let detected_os = shared
            .hardware
            .latest()
            .map(|h| h.os.as_str())
            .unwrap_or("linux");
        let os = inputs.os.clone().unwrap_or_else(|| detected_os.to_owned());
        let shell = inputs
            .shell
            .clone()
            .unwrap_or_else(|| default_shell(&os).to_owned());
        egui::Grid::new("wizard-situation")
            .num_columns(2)
            .spacing([16.0, 8.0])
            .show(ui, |ui| {
                let label = ui.label("Runtime");
                egui::ComboBox::from_id_salt("wizard-runtime")
                    .selected_text(inputs.runtime.as_str())
                    .show_ui(ui, |ui| {
                        for r in RUNTIMES {
                            ui.selectable_value(&mut inputs.runtime, r.to_owned(), r);
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Operating system");
                let os_name = OSES
                    .iter()
                    .find(|(id, _)| *id == os)
                    .map_or(os.as_str(), |(_, n)| n);
                egui::ComboBox::from_id_salt("wizard-os")
                    .selected_text(os_name)
                    .show_ui(ui, |ui| {
                        for (id, name) in OSES {
                            if ui.selectable_label(os == id, name).clicked() {
                                inputs.os = Some(id.to_owned());
                            }
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Shell");
                let shell_name = SHELLS
                    .iter()
                    .find(|(id, _)| *id == shell)
                    .map_or(shell.as_str(), |(_, n)| n);
                egui::ComboBox::from_id_salt("wizard-shell")
                    .selected_text(shell_name)
                    .show_ui(ui, |ui| {
                        for (id, name) in SHELLS {
                            if ui.selectable_label(shell == id, name).clicked() {
                                inputs.shell = Some(id.to_owned());
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
                        ui.label(names.join(", "))
                    }
                    Some(hw) => ui.weak(hw.gpu_problem.as_deref().unwrap_or("none detected")),
                    None => ui.spinner(),
                };
                ui.end_row();
            });
        ui.add_space(8.0);
        if ui.button("Next: diagnosis ›").clicked() {
            self.step = Step::Diagnosis;
        }
    }

    fn diagnosis_step(&mut self, ui: &mut egui::Ui, _shared: &Shared, cmds: &mut Vec<Command>) {
        match &self.diagnosis {
            Some(d) => {
                ui.label(RichText::new(&d.title).strong());
                ui.label(format!("{} ({})", d.label.words(), d.label.as_str()));
                ui.label(&d.explanation);
            }
            None => {
                ui.label("No crash log yet. If something failed, paste its log in Crash Triage.");
                if ui.button("Open Crash Triage").clicked() {
                    cmds.push(Command::SelectTab(super::Tab::Triage));
                }
            }
        }
        ui.add_space(8.0);
        if ui.button("Next: fixes ›").clicked() {
            self.step = Step::Fixes;
        }
    }

    fn plan_steps(&mut self, ui: &mut egui::Ui, _shared: &Shared, _inputs: &mut WizardInputs) {
        ui.label("The fixes for this diagnosis, in order.");
    }
}
