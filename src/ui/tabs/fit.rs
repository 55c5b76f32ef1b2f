//! Fit Calculator tab: the model in the shared slot, the GPU(s), the settings, and what llama.cpp would
//! allocate on each device.

use super::super::app::{Command, Shared};
use super::super::settings::FitInputs;
use super::super::widgets;

#[derive(Default)]
pub struct FitTab {}

impl FitTab {
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        shared: &Shared,
        _inputs: &mut FitInputs,
        cmds: &mut Vec<Command>,
    ) {
        ui.heading("Fit Calculator");
        ui.label("Will this model fit your GPU? Weights, KV cache, compute buffers and overhead per device.");
        ui.separator();
        match shared.model.spec() {
            Some(spec) => widgets::model_card(ui, spec),
            None => {
                ui.label(
                    "Open a model file (or drop one onto the window) to see its memory breakdown.",
                );
                if ui.button("Open model…").clicked() {
                    cmds.push(Command::OpenModelDialog);
                }
            }
        }
    }
}
