//! Live Monitor tab: VRAM, RAM, swap, page faults and GPU load over time, the processes holding VRAM, and
//! alerts that name the failure.

use super::super::app::{Command, Shared};
use super::super::settings::MonitorInputs;
use super::super::widgets;
use crate::units::format_gib;

#[derive(Default)]
pub struct MonitorTab {}

impl MonitorTab {
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        shared: &Shared,
        _inputs: &mut MonitorInputs,
        _cmds: &mut Vec<Command>,
    ) {
        ui.heading("Live Monitor");
        ui.label("GPU and system memory right now.");
        ui.separator();
        let Some(hw) = shared.hardware.latest() else {
            ui.spinner();
            return;
        };
        let mut rows = vec![
            ("Operating system", hw.os.display_name().to_owned()),
            ("RAM total", format_gib(hw.host.ram_total_bytes)),
            ("RAM available", format_gib(hw.host.ram_available_bytes)),
            ("Swap total", format_gib(hw.host.swap_total_bytes)),
            ("Swap used", format_gib(hw.host.swap_used_bytes)),
        ];
        for gpu in &hw.gpus {
            rows.push(("GPU", format!("{} ({:?})", gpu.name, gpu.vendor)));
            rows.push(("  VRAM used", format_gib(gpu.memory_used_bytes)));
            rows.push(("  VRAM total", format_gib(gpu.memory_total_bytes)));
        }
        if let Some(problem) = &hw.gpu_problem {
            rows.push(("GPU data", problem.clone()));
        }
        widgets::facts_grid(ui, "monitor-now", &rows);
    }
}
