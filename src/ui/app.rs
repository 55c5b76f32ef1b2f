//! `App`: the eframe application. Owns the shared state (hardware, model slot, settings) and the tabs;
//! tabs draw and push `Command`s, which are applied after the frame (no borrow fights, one place for effects).

use std::path::PathBuf;
use std::time::Duration;

use poll_promise::Promise;

use super::hardware_watch::{self, HardwareWatch};
use super::model_slot::{self, ModelSlot};
use super::settings::Settings;
use super::tabs::{self, Tab};
use super::widgets;
use crate::hardware::Hardware;
use crate::model::stores::{self, LocalModel, StoreRoots};
use crate::units::format_auto;

/// An intent from the UI, applied by `App::apply` after the frame.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Show the native "Open model…" dialog (on a worker thread).
    OpenModelDialog,
    /// Read a model (path, `ollama:NAME`, `preset:ID`) into the shared slot.
    LoadModel(String),
    SelectTab(Tab),
    /// Open the Fix Wizard with a diagnosis from Crash Triage attached.
    OpenWizard(Box<crate::triage::Diagnosis>),
    /// Open the Fix Wizard with a Live Monitor alert attached (and, from a recording, its machine).
    OpenWizardAlert(
        crate::monitor::AlertKind,
        Option<Box<crate::scenario::Machine>>,
    ),
    /// What the user says happened (no log needed), and the speed they see.
    SetReported(Option<crate::vocab::Symptom>, Option<f64>),
    /// Remove the attached crash log from the scenario.
    DetachLog,
    /// Remove the Live Monitor's findings from the scenario.
    ClearMonitorFindings,
}

/// State shared by every tab (read-only while tabs draw).
pub struct Shared {
    pub hardware: HardwareWatch,
    pub model: ModelSlot,
    /// What is known about what went wrong (a log, monitor findings, what the user saw): part of the one
    /// scenario every tab works on (`ui::scenario::build`).
    pub evidence: crate::scenario::Evidence,
}

pub struct App {
    pub settings: Settings,
    pub shared: Shared,
    pub fit: tabs::fit::FitTab,
    pub monitor: tabs::monitor::MonitorTab,
    pub triage: tabs::triage::TriageTab,
    pub wizard: tabs::wizard::WizardTab,
    /// "From Hugging Face…" (tests point its `config` at a local hub).
    pub hub_dialog: super::hub_dialog::HubDialog,
    model_loader: fn(&str) -> Result<crate::model::ModelSpec, String>,
    model_dialog: Option<Promise<super::file_dialog::Picked>>,
    /// Shown under "Open model…" when no file dialog could be shown.
    model_path_fallback: super::file_dialog::PathFallback,
    /// Models found in Ollama / LM Studio / HF / llama.cpp stores (scanned when the menu first opens).
    store_scan: Option<Promise<Vec<LocalModel>>>,
    /// A log opened at start whose verdict goes straight to the Fix Wizard.
    forward_log_to_wizard: bool,
    commands: Vec<Command>,
    ctx: egui::Context,
}

/// Where the app's machine facts and model reads come from (real probes, or fixed data in tests).
pub struct Sources {
    pub hardware: HardwareWatch,
    /// Start sampling this machine for the Live Monitor at once (tests leave it off).
    pub live_monitor: bool,
    pub model_loader: fn(&str) -> Result<crate::model::ModelSpec, String>,
}

impl App {
    /// The real app: probes this machine in the background and reopens the last model.
    pub fn new(cc: &eframe::CreationContext<'_>) -> Self {
        let ctx = cc.egui_ctx.clone();
        // The prober (NVML init can block) is created on the watch thread, then kept between probes.
        let mut prober: Option<crate::hardware::probe::Prober> = None;
        let hardware = HardwareWatch::spawn(
            move || prober.get_or_insert_with(Default::default).probe(),
            hardware_watch::REFRESH,
            // "Within REFRESH" rather than "now": egui merges it with the Live Monitor's redraw, so the two
            // background feeds cost one frame every few seconds, not two.
            move || ctx.request_repaint_after(hardware_watch::REFRESH),
        );
        Self::with_sources(
            cc,
            Sources {
                hardware,
                live_monitor: true,
                model_loader: model_slot::load_model,
            },
        )
    }

    /// The app over given sources (tests inject a fixed machine and a fake model reader).
    pub fn with_sources(cc: &eframe::CreationContext<'_>, sources: Sources) -> Self {
        let settings = Settings::load(cc.storage);
        let mut app = Self {
            shared: Shared {
                hardware: sources.hardware,
                model: ModelSlot::Empty,
                evidence: crate::scenario::Evidence::default(),
            },
            fit: tabs::fit::FitTab::default(),
            monitor: tabs::monitor::MonitorTab::default(),
            triage: tabs::triage::TriageTab::default(),
            wizard: tabs::wizard::WizardTab::default(),
            hub_dialog: Default::default(),
            model_loader: sources.model_loader,
            model_dialog: None,
            model_path_fallback: Default::default(),
            store_scan: None,
            forward_log_to_wizard: false,
            commands: Vec::new(),
            ctx: cc.egui_ctx.clone(),
            settings,
        };
        if sources.live_monitor {
            app.monitor.start_live(&cc.egui_ctx);
        }
        if let Some(source) = app.settings.model_source.clone() {
            app.apply(Command::LoadModel(source));
        }
        app
    }

    /// The one scenario every tab works on: the saved inputs, this machine, the model and the evidence.
    pub fn scenario(&self) -> crate::scenario::Scenario {
        super::scenario::build(
            &self.shared,
            &self.settings.fit,
            &self.settings.wizard,
            &self.shared.evidence,
        )
    }

    /// A fixed snapshot of a machine, for tests and screenshots.
    pub fn fixed_hardware(hardware: Hardware) -> HardwareWatch {
        HardwareWatch::fixed(hardware)
    }

    /// Applies one command now (tests call this; the UI queues them).
    pub fn apply(&mut self, command: Command) {
        match command {
            Command::OpenModelDialog => self.open_model_dialog(),
            Command::LoadModel(source) => {
                let ctx = self.ctx.clone();
                self.settings.model_source = Some(source.clone());
                self.shared.model =
                    ModelSlot::start(source, self.model_loader, move || ctx.request_repaint());
            }
            Command::SelectTab(tab) => self.settings.tab = tab,
            Command::OpenWizardAlert(kind, machine) => {
                self.shared.evidence.machine = machine.map(|m| *m);
                let symptom = tabs::monitor::symptom(kind);
                if !self.shared.evidence.symptoms.contains(&symptom) {
                    self.shared.evidence.symptoms.push(symptom);
                }
                self.wizard.step = tabs::wizard::Step::Diagnosis;
                self.settings.tab = Tab::Wizard;
            }
            Command::OpenWizard(diagnosis) => {
                self.shared.evidence.log_name = self.triage.analysed.clone();
                self.shared.evidence.diagnosis = Some(*diagnosis);
                self.wizard.step = tabs::wizard::Step::Diagnosis;
                self.settings.tab = Tab::Wizard;
            }
            Command::SetReported(symptom, tps) => {
                let ev = &mut self.shared.evidence;
                ev.symptoms
                    .retain(|s| !crate::vocab::Symptom::REPORTED.contains(s));
                ev.symptoms.extend(symptom);
                ev.observed_tps = tps.filter(|t| t.is_finite() && *t > 0.0);
            }
            Command::DetachLog => {
                self.shared.evidence.diagnosis = None;
                self.shared.evidence.log_name = None;
            }
            Command::ClearMonitorFindings => {
                let ev = &mut self.shared.evidence;
                ev.symptoms
                    .retain(|s| crate::vocab::Symptom::REPORTED.contains(s));
                ev.machine = None;
            }
        }
    }

    /// Replays a monitor recording in the Live Monitor (read on a worker thread).
    pub fn open_recording(&mut self, path: PathBuf) {
        self.monitor.open_recording_file(path, &self.ctx.clone());
        self.settings.tab = Tab::Monitor;
    }

    /// Diagnoses a log file; with `to_wizard`, its verdict then opens the Fix Wizard at the fixes.
    pub fn open_log(&mut self, path: PathBuf, to_wizard: bool) {
        self.triage.open_file(path, &self.ctx.clone());
        self.forward_log_to_wizard = to_wizard;
        if !to_wizard {
            self.settings.tab = Tab::Triage;
        }
    }

    fn open_model_dialog(&mut self) {
        if self.model_dialog.is_some() {
            return;
        }
        let ctx = self.ctx.clone();
        let start_dir = self.settings.last_dir.clone();
        let (sender, promise) = Promise::new();
        let spawned = std::thread::Builder::new()
            .name("open-model-dialog".into())
            .spawn(move || {
                let mut dialog = rfd::FileDialog::new()
                    .set_title("Open model")
                    .add_filter(
                        "Models (GGUF, safetensors)",
                        &["gguf", "safetensors", "json"],
                    )
                    .add_filter("All files", &["*"]);
                if let Some(dir) = start_dir {
                    dialog = dialog.set_directory(dir);
                }
                sender.send(super::file_dialog::run(|| dialog.pick_file()));
                ctx.request_repaint();
            });
        match spawned {
            Ok(_) => self.model_dialog = Some(promise),
            Err(err) => log::error!("could not open the file dialog: {err}"),
        }
    }

    /// Per-frame work that is not drawing: background results, dropped files.
    fn logic(&mut self, ctx: &egui::Context) {
        self.shared.hardware.poll();
        self.monitor.logic();
        self.triage.poll();
        if self.forward_log_to_wizard
            && !self.triage.is_scanning()
            && let Some(d) = self.triage.diagnosis.clone()
        {
            self.forward_log_to_wizard = false;
            self.shared.evidence.log_name = self.triage.analysed.clone();
            self.shared.evidence.diagnosis = Some(d);
            self.wizard.step = tabs::wizard::Step::Fixes;
            self.settings.tab = Tab::Wizard;
        }
        if self.settings.tab != Tab::Monitor {
            self.monitor.hidden();
        }
        self.shared.model.poll();
        if let Some(picked) = self.model_dialog.as_ref().and_then(|p| p.ready().cloned()) {
            self.model_dialog = None;
            match picked {
                super::file_dialog::Picked::File(path) => {
                    self.settings.last_dir = path.parent().map(PathBuf::from);
                    self.commands
                        .push(Command::LoadModel(path.to_string_lossy().into_owned()));
                }
                super::file_dialog::Picked::Unavailable(why) => self.model_path_fallback.show(why),
                super::file_dialog::Picked::Cancelled => {}
            }
        }
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        if let Some(path) = dropped.into_iter().next() {
            let source = path.to_string_lossy().into_owned();
            // A dropped log goes to Crash Triage; anything else is taken as a model.
            if tabs::triage::looks_like_log(&path) {
                self.commands.push(Command::SelectTab(Tab::Triage));
                self.triage.open_file(path, ctx);
            } else {
                self.commands.push(Command::LoadModel(source));
            }
        }
    }

    fn top_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
            ui.heading("VRAM Doctor");
            ui.separator();
            widgets::hardware_summary(ui, self.shared.hardware.latest());
        });
        ui.horizontal(|ui| {
            let busy = self.model_dialog.is_some() || self.shared.model.is_loading();
            if ui
                .add_enabled(!busy, egui::Button::new("Open model…"))
                .on_hover_text(
                    "GGUF or safetensors file (you can also drop a file onto the window)",
                )
                .clicked()
            {
                self.commands.push(Command::OpenModelDialog);
            }
            if ui
                .add_enabled(!busy, egui::Button::new("From Hugging Face…"))
                .on_hover_text(
                    "A model repository's quants with a fit badge each, read without downloading",
                )
                .clicked()
            {
                self.hub_dialog.open = true;
            }
            ui.menu_button("Local models…", |ui| self.local_models_menu(ui))
                .response
                .on_hover_text(
                    "Models already downloaded by Ollama, LM Studio, Hugging Face or llama.cpp",
                );
            widgets::model_summary(ui, &self.shared.model);
        });
        if let Some(path) = self.model_path_fallback.ui(ui, "Open model") {
            self.commands
                .push(Command::LoadModel(path.to_string_lossy().into_owned()));
        }
        ui.add_space(2.0);
        ui.horizontal(|ui| {
            for tab in Tab::ALL {
                if ui
                    .selectable_label(self.settings.tab == tab, tab.label())
                    .clicked()
                {
                    self.commands.push(Command::SelectTab(tab));
                }
            }
        });
        ui.add_space(2.0);
    }

    /// True once the local-store scan has finished (tests wait for it).
    pub fn store_scan_done(&self) -> bool {
        self.store_scan
            .as_ref()
            .is_some_and(|p| p.ready().is_some())
    }

    fn start_store_scan(&mut self) {
        let (sender, promise) = Promise::new();
        let ctx = self.ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("store-scan".into())
            .spawn(move || {
                sender.send(stores::scan(&StoreRoots::detect()));
                ctx.request_repaint();
            });
        if spawned.is_ok() {
            self.store_scan = Some(promise);
        }
    }

    fn local_models_menu(&mut self, ui: &mut egui::Ui) {
        if self.store_scan.is_none() {
            self.start_store_scan();
        }
        let Some(found) = self.store_scan.as_ref().and_then(|p| p.ready()) else {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Scanning Ollama, LM Studio, Hugging Face and llama.cpp stores…");
            });
            return;
        };
        if found.is_empty() {
            ui.label("No models found in the Ollama, LM Studio, Hugging Face or llama.cpp stores.");
        }
        let mut pick = None;
        for m in found {
            let text = format!(
                "{} · {} {} · {} — {}",
                m.source.label(),
                m.architecture.as_deref().unwrap_or("?"),
                m.file_type.as_deref().unwrap_or(""),
                format_auto(m.file_bytes),
                widgets::short_source(&m.id)
            );
            let button = ui.add_enabled(m.problem.is_none(), egui::Button::new(text));
            let button = match &m.problem {
                Some(problem) => button.on_disabled_hover_text(problem.as_str()),
                None => button.on_hover_text(m.id.as_str()),
            };
            if button.clicked() {
                pick = Some(m.id.clone());
            }
        }
        ui.separator();
        ui.menu_button("Built-in presets", |ui| {
            egui::ScrollArea::vertical()
                .max_height(420.0)
                .show(ui, |ui| {
                    for p in crate::model::catalog::presets() {
                        let quant = crate::model::catalog::default_quant(p);
                        if ui
                            .button(format!("{} ({quant})", p.name))
                            .on_hover_text(format!(
                                "preset:{}@{quant} — sizes as llama-quantize would write them",
                                p.id
                            ))
                            .clicked()
                        {
                            pick = Some(format!("preset:{}@{quant}", p.id));
                        }
                    }
                });
        });
        if ui.button("Rescan").clicked() {
            self.start_store_scan();
        }
        if let Some(id) = pick {
            self.commands.push(Command::LoadModel(id));
            ui.close();
        }
    }

    fn drop_overlay(ctx: &egui::Context) {
        let hovering = ctx.input(|i| !i.raw.hovered_files.is_empty());
        if !hovering {
            return;
        }
        let painter = ctx.layer_painter(egui::LayerId::new(
            egui::Order::Foreground,
            egui::Id::unique("drop-overlay"),
        ));
        let rect = ctx.content_rect();
        painter.rect_filled(rect, 0.0, egui::Color32::from_black_alpha(170));
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            "Drop a model (.gguf, .safetensors) or a log file",
            egui::FontId::proportional(22.0),
            egui::Color32::WHITE,
        );
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.logic(&ctx);
        egui::Panel::top("top-bar").show(ui, |ui| self.top_bar(ui));
        // Built once per frame from the saved inputs; the tabs' workers start only when it changes.
        let scenario = self.scenario();
        egui::CentralPanel::default().show(ui, |ui| {
            let shared = &self.shared;
            let cmds = &mut self.commands;
            match self.settings.tab {
                Tab::Fit => self
                    .fit
                    .ui(ui, shared, &scenario, &mut self.settings.fit, cmds),
                Tab::Wizard => self.wizard.ui(
                    ui,
                    shared,
                    &scenario,
                    &shared.evidence,
                    &mut self.settings.wizard,
                    &mut self.settings.fit,
                    cmds,
                ),
                Tab::Monitor => self
                    .monitor
                    .ui(ui, shared, &mut self.settings.monitor, cmds),
                Tab::Triage => self.triage.ui(ui, shared, cmds),
            }
        });
        // The fit badges of the hub dialog ask the app's question at the badge context.
        let mut badge = scenario;
        badge.settings.ctx_size = crate::model::hub::BADGE_CTX;
        let request = || tabs::fit::request(&badge);
        if let Some(id) = self.hub_dialog.show(&ctx, &request) {
            self.commands.push(Command::LoadModel(id));
        }
        Self::drop_overlay(&ctx);
        for command in std::mem::take(&mut self.commands) {
            self.apply(command);
        }
        // Background threads wake us; between their updates nothing changes, so no continuous repaint.
        if self.shared.model.is_loading() || self.model_dialog.is_some() {
            ctx.request_repaint_after(Duration::from_millis(250));
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.settings.save(storage);
    }
}
