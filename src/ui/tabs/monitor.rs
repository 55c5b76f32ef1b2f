//! Live Monitor tab: VRAM, RAM, swap, page faults and GPU load on a shared time axis with alert markers; a
//! window selector, pause, record to CSV and open a recording; the process table with a confirmed "End
//! process…"; alerts that name the failure and open the Fix Wizard with it. Samples arrive from the sampler
//! thread, which wakes the UI only while this tab is visible.

use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use egui::RichText;
use egui_plot::{Corner, HLine, Legend, Line, Plot, PlotPoints, VLine};
use poll_promise::Promise;

use super::super::app::{Command, Shared};
use super::super::file_dialog::{self, PathFallback, Picked};
use super::super::settings::MonitorInputs;
use super::super::widgets;
use crate::monitor::detect::{Alert, AlertKind, detect};
use crate::monitor::live::LiveSource;
use crate::monitor::{Sample, Sampler, Timeline, replay};
use crate::units::{GIB, format_auto};

pub const WINDOWS: [(u32, &str); 3] = [(60, "1 min"), (600, "10 min"), (3600, "1 h")];
/// Longest interval between redraws while the tab is visible (samples keep arriving every second).
const REDRAW: Duration = Duration::from_secs(3);
/// Points drawn per series at most (a 1 h window at 1 Hz is thinned to this).
const MAX_POINTS: usize = 300;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortBy {
    Pid,
    Vram,
    Ram,
    Cpu,
    Name,
}

/// A loaded recording: its name, samples and the number of bad rows skipped.
type Recording = (String, Vec<Sample>, usize);

/// What "Open recording…" ended with: `Err` = no dialog could be shown (why); `Ok(None)` = cancelled;
/// else the file read, or why it could not be.
type OpenedRecording = Result<Option<Result<Recording, String>>, String>;

/// What feeds the timeline.
enum Feed {
    /// Not sampling (paused, or tests).
    Stopped,
    Live(Sampler),
    /// A recording, fully loaded.
    Replay {
        name: String,
        skipped: usize,
    },
}

pub struct MonitorTab {
    pub timeline: Timeline,
    feed: Feed,
    /// Set while this tab is drawn: the sampler repaints only then.
    visible: Arc<AtomicBool>,
    recording: Option<(PathBuf, std::fs::File)>,
    pub alerts: Vec<Alert>,
    sort: SortBy,
    confirm_end: Option<(u32, String)>,
    end_result: Option<Promise<Result<String, String>>>,
    end_message: Option<Result<String, String>>,
    /// The recording read after a dialog (or a typed path): `Err` with `Picked::Unavailable` when no dialog
    /// could be shown, else the file's contents or why they could not be read.
    open_dialog: Option<Promise<OpenedRecording>>,
    save_dialog: Option<Promise<Picked>>,
    /// Shown under "Open recording…" / "Record to CSV…" when no file dialog could be shown.
    open_fallback: PathFallback,
    save_fallback: PathFallback,
    error: Option<String>,
}

impl Default for MonitorTab {
    fn default() -> Self {
        Self {
            timeline: Timeline::default(),
            feed: Feed::Stopped,
            visible: Arc::new(AtomicBool::new(false)),
            recording: None,
            alerts: Vec::new(),
            sort: SortBy::Vram,
            confirm_end: None,
            end_result: None,
            end_message: None,
            open_dialog: None,
            save_dialog: None,
            open_fallback: PathFallback::default(),
            save_fallback: PathFallback::default(),
            error: None,
        }
    }
}

impl MonitorTab {
    /// Starts sampling this machine once a second.
    pub fn start_live(&mut self, ctx: &egui::Context) {
        let ctx = ctx.clone();
        let visible = self.visible.clone();
        // Sample every second, but redraw at most every REDRAW: under software GL a frame of plots costs tens of
        // milliseconds, and the trend reads just as well. A deadline rather than an immediate repaint lets egui
        // merge it with the top bar's (see App::new).
        let mut first = true;
        match Sampler::spawn(
            Box::new(LiveSource::new()),
            Duration::from_secs(1),
            move || {
                if visible.load(Ordering::Relaxed) {
                    if std::mem::take(&mut first) {
                        ctx.request_repaint(); // the "Waiting for the first sample" spinner goes at once
                    } else {
                        ctx.request_repaint_after(REDRAW);
                    }
                }
            },
        ) {
            Ok(s) => {
                if matches!(self.feed, Feed::Replay { .. }) {
                    self.timeline.clear();
                }
                self.feed = Feed::Live(s);
            }
            Err(e) => self.error = Some(format!("could not start sampling: {e}")),
        }
    }

    pub fn is_live(&self) -> bool {
        matches!(self.feed, Feed::Live(_))
    }

    /// Shows a recording (replaces the live view until "Back to live").
    pub fn load_recording(&mut self, name: String, samples: Vec<Sample>, skipped: usize) {
        self.timeline.clear();
        for s in samples {
            self.timeline.push(s);
        }
        self.alerts = detect(&self.timeline);
        self.feed = Feed::Replay { name, skipped };
    }

    /// Takes new samples (called every frame, whatever tab is shown).
    pub fn logic(&mut self) {
        let Feed::Live(sampler) = &self.feed else {
            return;
        };
        let new = sampler.drain();
        if new.is_empty() {
            return;
        }
        for s in new {
            if let Some((path, file)) = &mut self.recording
                && let Err(e) = replay::write_sample(file, &s)
            {
                self.error = Some(format!("{}: {e} (recording stopped)", path.display()));
                self.recording = None;
            }
            self.timeline.push(s);
        }
        self.alerts = detect(&self.timeline);
    }

    fn poll_dialogs(&mut self) {
        if let Some(r) = self.open_dialog.as_ref().and_then(|p| p.ready().cloned()) {
            self.open_dialog = None;
            match r {
                Ok(Some(Ok((name, samples, skipped)))) => {
                    self.load_recording(name, samples, skipped)
                }
                Ok(Some(Err(e))) => self.error = Some(e),
                Ok(None) => {}
                Err(no_dialog) => self.open_fallback.show(no_dialog),
            }
        }
        if let Some(r) = self.save_dialog.as_ref().and_then(|p| p.ready().cloned()) {
            self.save_dialog = None;
            if let Picked::Unavailable(why) = &r {
                self.save_fallback.show(why.clone());
            }
            if let Picked::File(path) = r {
                match std::fs::File::create(&path).and_then(|mut f| {
                    writeln!(f, "{}", replay::HEADER)?;
                    Ok(f)
                }) {
                    Ok(f) => self.recording = Some((path, f)),
                    Err(e) => self.error = Some(format!("{}: {e}", path.display())),
                }
            }
        }
        if let Some(r) = self.end_result.as_ref().and_then(|p| p.ready().cloned()) {
            self.end_result = None;
            self.end_message = Some(r);
        }
    }

    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        _shared: &Shared,
        inputs: &mut MonitorInputs,
        cmds: &mut Vec<Command>,
    ) {
        self.visible.store(true, Ordering::Relaxed);
        self.poll_dialogs();
        ui.heading("Live Monitor");
        self.toolbar(ui, inputs);
        if let Some(e) = &self.error {
            ui.colored_label(widgets::BAD, e);
        }
        self.alerts_ui(ui, cmds);
        let Some(latest) = self.timeline.latest().cloned() else {
            ui.horizontal(|ui| {
                if self.is_live() {
                    ui.spinner();
                    ui.label("Waiting for the first sample…");
                } else {
                    ui.label("Not sampling. Press Start, or open a recording.");
                }
            });
            return;
        };
        egui::Panel::right("monitor-processes")
            .resizable(true)
            .default_size(380.0)
            .show(ui, |ui| self.process_table(ui, &latest));
        egui::ScrollArea::vertical()
            .id_salt("monitor-plots")
            .show(ui, |ui| {
                self.plots(ui, &latest, f64::from(inputs.window_secs));
            });
        self.confirm_end_ui(ui);
    }

    /// Marks the tab hidden (called by the app when another tab is shown).
    pub fn hidden(&self) {
        self.visible.store(false, Ordering::Relaxed);
    }

    fn toolbar(&mut self, ui: &mut egui::Ui, inputs: &mut MonitorInputs) {
        ui.horizontal(|ui| {
            for (secs, name) in WINDOWS {
                ui.selectable_value(&mut inputs.window_secs, secs, name);
            }
            ui.separator();
            match &self.feed {
                Feed::Live(_) => {
                    if ui.button("Pause").on_hover_text("Stop sampling").clicked() {
                        self.feed = Feed::Stopped;
                    }
                }
                Feed::Stopped => {
                    if ui
                        .button("Start")
                        .on_hover_text("Sample this machine once a second")
                        .clicked()
                    {
                        self.start_live(ui.ctx());
                    }
                }
                Feed::Replay { name, skipped } => {
                    ui.label(format!(
                        "Replaying {name} ({} samples{})",
                        self.timeline.len(),
                        if *skipped > 0 {
                            format!(", {skipped} bad rows skipped")
                        } else {
                            String::new()
                        }
                    ));
                    if ui.button("Back to live").clicked() {
                        self.start_live(ui.ctx());
                    }
                }
            }
            match &self.recording {
                Some((path, _)) => {
                    ui.label(
                        RichText::new(format!("● recording to {}", path.display()))
                            .color(widgets::BAD),
                    );
                    if ui.button("Stop recording").clicked() {
                        self.recording = None;
                    }
                }
                None => {
                    if ui
                        .add_enabled(
                            self.is_live() && self.save_dialog.is_none(),
                            egui::Button::new("Record to CSV…"),
                        )
                        .clicked()
                    {
                        self.save_dialog = Some(spawn_dialog(ui.ctx(), |d| {
                            d.set_file_name("vram-doctor-recording.csv").save_file()
                        }));
                    }
                }
            }
            if ui
                .add_enabled(
                    self.open_dialog.is_none(),
                    egui::Button::new("Open recording…"),
                )
                .clicked()
            {
                self.spawn_open(ui.ctx(), || {
                    file_dialog::run(|| {
                        rfd::FileDialog::new()
                            .add_filter("Recordings", &["csv"])
                            .pick_file()
                    })
                });
            }
        });
        if let Some(path) = self.open_fallback.ui(ui, "Open recording") {
            self.open_recording_file(path, ui.ctx());
        }
        if let Some(path) = self.save_fallback.ui(ui, "Record to this file") {
            self.save_dialog = Some(Promise::from_ready(Picked::File(path)));
        }
    }

    /// Loads a recording file on a worker thread, then replays it.
    pub fn open_recording_file(&mut self, path: PathBuf, ctx: &egui::Context) {
        self.spawn_open(ctx, move || Picked::File(path));
    }

    /// Picks a file (a dialog, or a given path) and reads it as a recording, off the UI thread.
    fn spawn_open(&mut self, ctx: &egui::Context, pick: impl FnOnce() -> Picked + Send + 'static) {
        let ctx = ctx.clone();
        let (sender, promise) = Promise::new();
        let spawned = std::thread::Builder::new()
            .name("open-recording".into())
            .spawn(move || {
                let picked = match pick() {
                    Picked::File(p) => Some(p),
                    Picked::Cancelled => None,
                    Picked::Unavailable(why) => {
                        sender.send(Err(why));
                        ctx.request_repaint();
                        return;
                    }
                };
                let loaded = picked.map(|p| {
                    let name = p.display().to_string();
                    let file = std::fs::File::open(&p).map_err(|e| format!("{name}: {e}"))?;
                    let (samples, skipped) = replay::read(std::io::BufReader::new(file), &name)
                        .map_err(|e| e.to_string())?;
                    Ok((name, samples, skipped))
                });
                sender.send(Ok(loaded));
                ctx.request_repaint();
            });
        match spawned {
            Ok(_) => self.open_dialog = Some(promise),
            Err(e) => self.error = Some(format!("could not start reading the recording: {e}")),
        }
    }

    /// The machine a replayed recording was made on (its GPUs and RAM), for the Fix Wizard.
    fn recorded_machine(&self) -> Option<Box<crate::scenario::Machine>> {
        if !matches!(self.feed, Feed::Replay { .. }) {
            return None;
        }
        let latest = self.timeline.latest()?;
        let gpus = latest
            .gpus
            .iter()
            .map(|g| crate::scenario::MachineGpu::sized(&g.name, g.memory_total_bytes))
            .collect();
        Some(Box::new(crate::scenario::Machine {
            origin: crate::scenario::MachineOrigin::Recording,
            gpus,
            ram_total_bytes: latest.host.ram_total_bytes,
            swap_total_bytes: latest.host.swap_total_bytes,
            ..crate::scenario::Machine::default()
        }))
    }

    fn alerts_ui(&mut self, ui: &mut egui::Ui, cmds: &mut Vec<Command>) {
        for a in &self.alerts {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.label(RichText::new(a.kind.title()).strong().color(widgets::BAD));
                    if ui.button("Open Fix Wizard").clicked() {
                        cmds.push(Command::OpenWizardAlert(a.kind, self.recorded_machine()));
                    }
                });
                ui.label(&a.message);
            });
        }
    }

    fn plots(&self, ui: &mut egui::Ui, latest: &Sample, window: f64) {
        let end = latest.time;
        let group = egui::Id::unique("monitor-time-axis");
        let shown = self.timeline.window(window).count();
        let stride = shown.div_ceil(MAX_POINTS).max(1);
        let series = |f: &dyn Fn(&Sample) -> Option<f64>| -> Vec<[f64; 2]> {
            self.timeline
                .window(window)
                .step_by(stride)
                .filter_map(|s| f(s).map(|v| [s.time - end, v]))
                .collect()
        };
        let markers: Vec<f64> = self.alerts.iter().map(|a| a.since - end).collect();
        now_summary(ui, latest);
        ui.add_space(4.0);
        let height = 150.0;
        let plot = |id: &str| {
            Plot::new(id)
                .height(height)
                .link_axis(group, [true, false])
                .link_cursor(group, [true, false])
                .include_x(-window)
                .include_x(0.0)
                .include_y(0.0)
                // Top left: the newest samples are drawn at the right edge.
                .legend(Legend::default().position(Corner::LeftTop))
                .allow_scroll(false)
        };
        ui.label(RichText::new("GPU memory (GiB)").strong());
        if latest.gpus.is_empty() {
            ui.weak(latest.gpu_problem.as_deref().unwrap_or("No GPU detected"));
        } else {
            plot("plot-vram").show(ui, |p| {
                for (i, g) in latest.gpus.iter().enumerate() {
                    let total = g.memory_total_bytes as f64 / GIB as f64;
                    p.line(Line::new(
                        format!("GPU{} used", g.index),
                        PlotPoints::from(series(&|s| {
                            s.gpus.get(i).map(|g| {
                                (g.memory_used_bytes + g.memory_reserved_bytes) as f64 / GIB as f64
                            })
                        })),
                    ));
                    p.hline(HLine::new(format!("GPU{} total", g.index), total));
                    p.hline(HLine::new("85 %", total * 0.85).color(widgets::WARN));
                    p.hline(HLine::new("95 %", total * 0.95).color(widgets::BAD));
                }
                for &x in &markers {
                    p.vline(VLine::new("alert", x).color(widgets::BAD));
                }
            });
        }
        ui.label(RichText::new("System RAM available and swap used (GiB)").strong());
        plot("plot-ram").show(ui, |p| {
            p.line(Line::new(
                "RAM available",
                PlotPoints::from(series(&|s| {
                    Some(s.host.ram_available_bytes as f64 / GIB as f64)
                })),
            ));
            p.line(Line::new(
                "swap used",
                PlotPoints::from(series(&|s| {
                    Some(s.host.swap_used_bytes as f64 / GIB as f64)
                })),
            ));
            if latest.host.gpu_shared_bytes.is_some() {
                p.line(Line::new(
                    "shared GPU memory",
                    PlotPoints::from(series(&|s| {
                        s.host.gpu_shared_bytes.map(|b| b as f64 / GIB as f64)
                    })),
                ));
            }
            p.hline(HLine::new(
                "RAM total",
                latest.host.ram_total_bytes as f64 / GIB as f64,
            ));
            for &x in &markers {
                p.vline(VLine::new("alert", x).color(widgets::BAD));
            }
        });
        ui.label(RichText::new("Major page faults per second").strong());
        // At least 0..1: an idle machine (all zeros) otherwise gets a meaningless symmetric range.
        plot("plot-faults").include_y(1.0).show(ui, |p| {
            p.line(Line::new(
                "major faults/s",
                PlotPoints::from(series(&|s| s.host.major_faults_per_sec)),
            ));
            p.line(Line::new(
                "swap-in pages/s",
                PlotPoints::from(series(&|s| s.host.swap_in_per_sec)),
            ));
        });
        ui.label(RichText::new("GPU and CPU load (%)").strong());
        plot("plot-util").include_y(100.0).show(ui, |p| {
            for (i, g) in latest.gpus.iter().enumerate() {
                p.line(Line::new(
                    format!("GPU{}", g.index),
                    PlotPoints::from(series(&|s| {
                        s.gpus
                            .get(i)
                            .and_then(|g| g.utilization_percent)
                            .map(f64::from)
                    })),
                ));
            }
            p.line(Line::new(
                "CPU (all cores)",
                PlotPoints::from(series(&|s| s.host.cpu_percent)),
            ));
            p.line(Line::new(
                "busiest core",
                PlotPoints::from(series(&|s| s.host.cpu_max_core_percent)),
            ));
        });
    }

    fn process_table(&mut self, ui: &mut egui::Ui, latest: &Sample) {
        ui.label(RichText::new("Processes").strong());
        // A recording keeps only the GPU holders: show those, without CPU/RAM, and never offer to end a PID
        // from the past (it may belong to another process by now).
        let recorded = !self.is_live() && latest.processes.is_empty();
        let mut rows = if recorded {
            recorded_rows(latest)
        } else {
            latest.processes.clone()
        };
        if recorded {
            ui.weak(if rows.is_empty() {
                "No process held GPU memory in this recorded sample."
            } else {
                "From the recording: GPU memory holders only."
            });
        }
        match self.sort {
            SortBy::Vram => rows.sort_by(|a, b| {
                b.vram_bytes
                    .cmp(&a.vram_bytes)
                    .then(b.ram_bytes.cmp(&a.ram_bytes))
            }),
            SortBy::Ram => rows.sort_by_key(|r| std::cmp::Reverse(r.ram_bytes)),
            SortBy::Cpu => rows.sort_by(|a, b| b.cpu_percent.total_cmp(&a.cpu_percent)),
            SortBy::Name => rows.sort_by_key(|r| r.name.to_lowercase()),
            SortBy::Pid => rows.sort_by_key(|r| r.pid),
        }
        // 15 rows keep the frame cheap under software GL; the sampler keeps the 25 biggest memory users.
        rows.truncate(15);
        egui::ScrollArea::vertical()
            .id_salt("process-table")
            .show(ui, |ui| {
                egui::Grid::new("process-grid")
                    .striped(true)
                    .num_columns(6)
                    .show(ui, |ui| {
                        for (label, by) in [
                            ("PID", SortBy::Pid),
                            ("Name", SortBy::Name),
                            ("VRAM", SortBy::Vram),
                            ("CPU %", SortBy::Cpu),
                            ("RAM", SortBy::Ram),
                        ] {
                            if ui
                                .selectable_label(self.sort == by, label)
                                .on_hover_text("Sort by this column")
                                .clicked()
                            {
                                self.sort = by;
                            }
                        }
                        ui.label("");
                        ui.end_row();
                        for r in &rows {
                            ui.label(r.pid.to_string());
                            ui.label(&r.name);
                            ui.label(if r.vram_bytes > 0 {
                                format_auto(r.vram_bytes)
                            } else {
                                "—".into()
                            });
                            if recorded {
                                ui.label("—");
                                ui.label("—");
                                ui.label("");
                                ui.end_row();
                                continue;
                            }
                            ui.label(format!("{:.0}", r.cpu_percent));
                            ui.label(format_auto(r.ram_bytes));
                            match end_offer(r, std::process::id()) {
                                Ok(()) => {
                                    if ui
                                        .small_button("End…")
                                        .on_hover_text(format!(
                                            "End process {} ({}) to free the GPU memory it holds",
                                            r.pid, r.name
                                        ))
                                        .clicked()
                                    {
                                        self.confirm_end = Some((r.pid, r.name.clone()));
                                        self.end_message = None;
                                    }
                                }
                                Err(why) => {
                                    ui.weak("—").on_hover_text(why);
                                }
                            }
                            ui.end_row();
                        }
                    });
            });
        if let Some(msg) = &self.end_message {
            match msg {
                Ok(m) => ui.colored_label(widgets::OK, m),
                Err(e) => ui.colored_label(widgets::BAD, e),
            };
        }
    }

    fn confirm_end_ui(&mut self, ui: &mut egui::Ui) {
        let Some((pid, name)) = self.confirm_end.clone() else {
            return;
        };
        let mut close = false;
        egui::Window::new("End process?")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ui.ctx(), |ui| {
                ui.label(format!(
                    "End {name} (pid {pid})? Unsaved work in it is lost."
                ));
                ui.horizontal(|ui| {
                    if ui.button(format!("End {name}")).clicked() {
                        let (sender, promise) = Promise::new();
                        let ctx = ui.ctx().clone();
                        let n = name.clone();
                        let _ = std::thread::Builder::new()
                            .name("end-process".into())
                            .spawn(move || {
                                sender.send(
                                    crate::monitor::process::end_process(pid)
                                        .map(|()| format!("Ended {n} (pid {pid}).")),
                                );
                                ctx.request_repaint();
                            });
                        self.end_result = Some(promise);
                        close = true;
                    }
                    if ui.button("Cancel").clicked() {
                        close = true;
                    }
                });
            });
        if close {
            self.confirm_end = None;
        }
    }
}

/// Whether the live process table offers "End…" for this row, or why not (shown as hover text). Ending is
/// offered only where it is possible and frees VRAM: a process holding GPU memory that is not the init
/// system, a kernel thread or this app. (Recorded rows never get here: their PIDs may be reused by now.)
pub fn end_offer(r: &crate::monitor::ProcessRow, own_pid: u32) -> Result<(), String> {
    if r.pid == own_pid {
        return Err("This is VRAM Doctor itself.".into());
    }
    if r.pid <= 1 {
        return Err(format!(
            "PID {} is the system's init process: ending it would stop the whole machine.",
            r.pid
        ));
    }
    if r.ram_bytes == 0 && r.vram_bytes == 0 {
        return Err(
            "A kernel thread (no user memory): it cannot be ended and holds no GPU memory.".into(),
        );
    }
    if r.vram_bytes == 0 {
        return Err(format!(
            "{} holds no GPU memory as far as the driver reports: ending it would not free VRAM.",
            r.name
        ));
    }
    Ok(())
}

/// Table rows from a recorded sample's GPU holders (VRAM summed over GPUs per PID).
fn recorded_rows(s: &Sample) -> Vec<crate::monitor::ProcessRow> {
    let mut rows: Vec<crate::monitor::ProcessRow> = Vec::new();
    for p in s.gpus.iter().flat_map(|g| &g.processes) {
        match rows.iter_mut().find(|r| r.pid == p.pid) {
            Some(r) => r.vram_bytes = r.vram_bytes.saturating_add(p.used_bytes),
            None => rows.push(crate::monitor::ProcessRow {
                pid: p.pid,
                name: p.name.clone(),
                cpu_percent: 0.0,
                ram_bytes: 0,
                vram_bytes: p.used_bytes,
            }),
        }
    }
    rows
}

/// The latest numbers in words: each GPU (memory, load, and the NVIDIA extras when the driver gives them) and
/// the host (RAM, swap, faults, pressure; Windows commit, page file and shared GPU memory; the WSL2 cap).
fn now_summary(ui: &mut egui::Ui, latest: &Sample) {
    for g in &latest.gpus {
        let mut parts = vec![format!(
            "{} of {} ({:.0} %)",
            format_auto(g.memory_used_bytes + g.memory_reserved_bytes),
            format_auto(g.memory_total_bytes),
            g.used_fraction() * 100.0
        )];
        if let Some(u) = g.utilization_percent {
            parts.push(format!("{u} % busy"));
        }
        if let Some(b) = g.shared_used_bytes {
            parts.push(format!("GTT {}", format_auto(b)));
        }
        if let Some(x) = &g.extras {
            if let Some(t) = x.temperature_c {
                parts.push(format!("{t} °C"));
            }
            if let Some(w) = x.power_watts {
                parts.push(format!("{w:.0} W"));
            }
            if let Some(c) = x.sm_clock_mhz {
                parts.push(format!("{c} MHz"));
            }
            if let (Some(rx), Some(tx)) = (x.pcie_rx_kbps, x.pcie_tx_kbps) {
                parts.push(format!(
                    "PCIe rx {:.2} / tx {:.2} GB/s",
                    f64::from(rx) / 1e6,
                    f64::from(tx) / 1e6
                ));
            }
        }
        ui.label(format!("GPU{} {}: {}", g.index, g.name, parts.join(" · ")));
    }
    let h = &latest.host;
    let mut parts = vec![format!(
        "RAM {} of {} available",
        format_auto(h.ram_available_bytes),
        format_auto(h.ram_total_bytes)
    )];
    match (h.pagefile_total_bytes, h.pagefile_used_bytes) {
        (Some(0), _) => parts.push("no page file".into()),
        (Some(t), Some(u)) => parts.push(format!(
            "page file {} of {} used",
            format_auto(u),
            format_auto(t)
        )),
        _ if h.swap_total_bytes == 0 => parts.push("no swap".into()),
        _ => parts.push(format!(
            "swap {} of {} used",
            format_auto(h.swap_used_bytes),
            format_auto(h.swap_total_bytes)
        )),
    }
    if let Some(f) = h.major_faults_per_sec {
        parts.push(format!("{f:.0} major faults/s"));
    }
    if let Some(p) = h.memory_pressure_percent {
        parts.push(format!("memory pressure {p:.0} %"));
    }
    if let (Some(avg), Some(max)) = (h.cpu_percent, h.cpu_max_core_percent) {
        let cores = match h.cpu_cores_percent.len() {
            0 => String::new(),
            n => format!(" of {n} cores"),
        };
        parts.push(format!("CPU {avg:.0} %{cores} (busiest {max:.0} %)"));
    }
    if let (Some(c), Some(l)) = (h.commit_bytes, h.commit_limit_bytes) {
        parts.push(format!("commit {} of {}", format_auto(c), format_auto(l)));
    }
    if let Some(b) = h.gpu_shared_bytes {
        parts.push(format!("shared GPU memory {}", format_auto(b)));
    }
    if let Some(k) = h.oom_kills.filter(|&k| k > 0) {
        parts.push(format!("{k} OOM kills since boot"));
    }
    ui.label(format!("Host: {}", parts.join(" · ")));
    if let Some(note) = &h.wsl_note {
        ui.label(note);
    } else if let Some(limit) = h.wsl_memory_limit_bytes {
        ui.label(format!(
            "WSL2 memory cap: {} (memory= in the Windows user's .wslconfig)",
            format_auto(limit)
        ));
    }
}

/// Runs an rfd dialog on a worker thread (the UI keeps repainting while it is open).
fn spawn_dialog(
    ctx: &egui::Context,
    show: impl FnOnce(rfd::FileDialog) -> Option<PathBuf> + Send + 'static,
) -> Promise<Picked> {
    let (sender, promise) = Promise::new();
    let ctx = ctx.clone();
    let spawned = std::thread::Builder::new()
        .name("file-dialog".into())
        .spawn(move || {
            sender.send(file_dialog::run(|| {
                show(rfd::FileDialog::new().add_filter("CSV", &["csv"]))
            }));
            ctx.request_repaint();
        });
    if let Err(e) = spawned {
        return Promise::from_ready(Picked::Unavailable(format!(
            "could not start the file dialog ({e})"
        )));
    }
    promise
}

/// The plan engine's symptom for an alert.
pub fn symptom(kind: AlertKind) -> crate::plan::Symptom {
    match kind {
        AlertKind::VramFull => crate::plan::Symptom::VramFull,
        AlertKind::Paging => crate::plan::Symptom::Paging,
        AlertKind::CpuSpill => crate::plan::Symptom::CpuSpill,
        AlertKind::HeldByOther => crate::plan::Symptom::HeldByOther,
    }
}

#[cfg(test)]
mod end_tests {
    use super::end_offer;
    use crate::monitor::ProcessRow;

    fn row(pid: u32, ram: u64, vram: u64) -> ProcessRow {
        ProcessRow {
            pid,
            name: "p".into(),
            cpu_percent: 0.0,
            ram_bytes: ram,
            vram_bytes: vram,
        }
    }

    #[test]
    fn end_only_where_it_frees_vram() {
        assert!(end_offer(&row(4242, 1 << 30, 2 << 30), 7).is_ok());
        assert!(
            end_offer(&row(1, 1 << 20, 1 << 20), 7)
                .unwrap_err()
                .contains("init")
        );
        assert!(
            end_offer(&row(7, 1 << 20, 1 << 20), 7)
                .unwrap_err()
                .contains("VRAM Doctor")
        );
        assert!(
            end_offer(&row(2, 0, 0), 7)
                .unwrap_err()
                .contains("kernel thread")
        );
        assert!(
            end_offer(&row(4242, 1 << 30, 0), 7)
                .unwrap_err()
                .contains("no GPU memory")
        );
    }
}
