//! Crash Triage tab: paste a log or open one (any size: scanned on a worker thread with progress); the verdict
//! card (title, label in words, confidence, numbers, explanation, next steps); the log with evidence lines
//! highlighted and "jump to" links; "Fix this in the wizard" hands the diagnosis on.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use egui::RichText;
use poll_promise::Promise;

use super::super::app::{Command, Shared};
use super::super::widgets;
use crate::triage::{Diagnosis, EventKind, Label};
use crate::units::format_auto;

/// Files up to this size are also shown in full in the log view; bigger ones show the evidence lines only.
const VIEW_LIMIT: u64 = 8 * 1024 * 1024;

/// A dropped file that is a log rather than a model (by extension; models are .gguf/.safetensors/.json).
pub fn looks_like_log(path: &Path) -> bool {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    matches!(
        ext.as_str(),
        "log" | "txt" | "out" | "err" | "journal" | "gz"
    )
}

/// What a scan returns: the verdict and, for logs small enough, the lines to display.
struct ScanResult {
    diagnosis: Diagnosis,
    lines: Option<Vec<String>>,
}

struct Scan {
    what: String,
    total: u64,
    progress: Arc<AtomicU64>,
    promise: Promise<Result<ScanResult, String>>,
}

#[derive(Default)]
pub struct TriageTab {
    /// The paste area.
    pub text: String,
    scan: Option<Scan>,
    pub diagnosis: Option<Diagnosis>,
    /// The timeline's key events as (line, words), computed once per verdict.
    pub timeline: Vec<(u64, EventKind, String)>,
    lines: Option<Vec<String>>,
    /// Where the diagnosed log came from ("pasted text" or a file path).
    pub analysed: Option<String>,
    pub error: Option<String>,
    jump_to: Option<u64>,
    open_dialog: Option<Promise<crate::ui::file_dialog::Picked>>,
    pending_open: Option<PathBuf>,
    /// Shown under "Open log…" when no file dialog could be shown.
    path_fallback: crate::ui::file_dialog::PathFallback,
}

impl TriageTab {
    pub fn is_scanning(&self) -> bool {
        self.scan.is_some()
    }

    /// Scans a log file the user opened or dropped, on a worker thread.
    pub fn open_file(&mut self, path: PathBuf, ctx: &egui::Context) {
        let total = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        let what = path.display().to_string();
        let progress = Arc::new(AtomicU64::new(0));
        let p = progress.clone();
        let ctx2 = ctx.clone();
        self.start(what, total, progress, ctx, move || {
            let file =
                std::fs::File::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let diagnosis = crate::triage::diagnose_reader(std::io::BufReader::new(file), |n| {
                p.store(n, Ordering::Relaxed);
                ctx2.request_repaint_after(std::time::Duration::from_millis(100));
            })
            .map_err(|e| format!("{}: {e}", path.display()))?;
            let lines = if total <= VIEW_LIMIT {
                std::fs::read(&path).ok().map(|b| {
                    String::from_utf8_lossy(&b)
                        .lines()
                        .map(str::to_owned)
                        .collect()
                })
            } else {
                None
            };
            Ok(ScanResult { diagnosis, lines })
        });
    }

    /// Scans the pasted text.
    pub fn diagnose_text(&mut self, ctx: &egui::Context) {
        let text = self.text.clone();
        let total = text.len() as u64;
        self.start(
            "pasted text".into(),
            total,
            Arc::new(AtomicU64::new(0)),
            ctx,
            move || {
                let diagnosis = crate::triage::diagnose_str(&text);
                Ok(ScanResult {
                    diagnosis,
                    lines: Some(text.lines().map(str::to_owned).collect()),
                })
            },
        );
    }

    fn start(
        &mut self,
        what: String,
        total: u64,
        progress: Arc<AtomicU64>,
        ctx: &egui::Context,
        job: impl FnOnce() -> Result<ScanResult, String> + Send + 'static,
    ) {
        let (sender, promise) = Promise::new();
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("triage-scan".into())
            .spawn(move || {
                sender.send(job());
                ctx.request_repaint();
            });
        match spawned {
            Ok(_) => {
                self.error = None;
                self.scan = Some(Scan {
                    what,
                    total,
                    progress,
                    promise,
                });
            }
            Err(err) => self.error = Some(format!("could not start the scan: {err}")),
        }
    }

    /// Takes finished scans and dialogs (called every frame by the app, whatever tab is shown).
    pub fn poll(&mut self) {
        if let Some(scan) = &self.scan
            && let Some(result) = scan.promise.ready()
        {
            match result {
                Ok(r) => {
                    self.timeline = key_events(&r.diagnosis);
                    self.diagnosis = Some(r.diagnosis.clone());
                    self.lines = r.lines.clone();
                    self.analysed = Some(scan.what.clone());
                    self.error = None;
                }
                Err(e) => self.error = Some(e.clone()),
            }
            self.scan = None;
        }
        if let Some(picked) = self.open_dialog.as_ref().and_then(|p| p.ready().cloned()) {
            self.open_dialog = None;
            match picked {
                crate::ui::file_dialog::Picked::File(path) => self.pending_open = Some(path),
                crate::ui::file_dialog::Picked::Unavailable(why) => self.path_fallback.show(why),
                crate::ui::file_dialog::Picked::Cancelled => {}
            }
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, _shared: &Shared, cmds: &mut Vec<Command>) {
        self.poll();
        if let Some(path) = self.pending_open.take() {
            self.open_file(path, ui.ctx());
        }
        ui.heading("Crash Triage");
        ui.label(
            "Paste a log from llama.cpp, Ollama, PyTorch, vLLM, dmesg… or open / drop a log file.",
        );
        ui.horizontal(|ui| {
            let busy = self.scan.is_some();
            if ui
                .add_enabled(
                    !busy && !self.text.trim().is_empty(),
                    egui::Button::new("Diagnose"),
                )
                .clicked()
            {
                self.diagnose_text(ui.ctx());
            }
            if ui
                .add_enabled(
                    !busy && self.open_dialog.is_none(),
                    egui::Button::new("Open log…"),
                )
                .clicked()
            {
                self.open_log_dialog(ui.ctx());
            }
            if ui.add_enabled(!busy, egui::Button::new("Clear")).clicked() {
                *self = Self::default();
            }
        });
        if let Some(path) = self.path_fallback.ui(ui, "Open log") {
            self.open_file(path, ui.ctx());
        }
        if let Some(scan) = &self.scan {
            let done = scan.progress.load(Ordering::Relaxed);
            let fraction = if scan.total > 0 {
                done as f32 / scan.total as f32
            } else {
                0.0
            };
            ui.add(
                egui::ProgressBar::new(fraction.min(1.0))
                    .text(format!(
                        "Scanning {} ({} of {})",
                        scan.what,
                        format_auto(done),
                        format_auto(scan.total)
                    ))
                    .animate(true),
            );
        }
        if let Some(err) = &self.error {
            ui.colored_label(widgets::BAD, err);
        }
        ui.separator();
        let diagnosis = self.diagnosis.clone();
        egui::Panel::right("triage-verdict")
            .resizable(true)
            .default_size(440.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("verdict-scroll")
                    .show(ui, |ui| match &diagnosis {
                        Some(d) => self.verdict_card(ui, d, cmds),
                        None => {
                            ui.weak("The verdict appears here after a log is diagnosed.");
                        }
                    });
            });
        self.log_view(ui);
    }

    fn open_log_dialog(&mut self, ctx: &egui::Context) {
        let (sender, promise) = Promise::new();
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("open-log-dialog".into())
            .spawn(move || {
                let picked = crate::ui::file_dialog::run(|| {
                    rfd::FileDialog::new()
                        .set_title("Open log")
                        .add_filter("Logs", &["log", "txt", "out", "err"])
                        .add_filter("All files", &["*"])
                        .pick_file()
                });
                sender.send(picked);
                ctx.request_repaint();
            });
        if spawned.is_ok() {
            self.open_dialog = Some(promise);
        }
    }

    fn verdict_card(&mut self, ui: &mut egui::Ui, d: &Diagnosis, cmds: &mut Vec<Command>) {
        let colour = match d.label {
            Label::RecoveredNoFailure => widgets::OK,
            Label::NotMemory | Label::Unknown => widgets::WARN,
            _ => widgets::BAD,
        };
        ui.label(RichText::new(&d.title).heading().color(colour));
        // The words only: the label id (e.g. vram_oom_load) is for the JSON, not for people. Not repeated when
        // the title already says them.
        let confidence = format!("confidence {:.0} %", d.confidence * 100.0);
        match d.label_words_beside_title() {
            Some(words) => ui.label(format!("{words} · {confidence}")),
            None => ui.label(confidence),
        };
        let mut context = Vec::new();
        if let Some(rt) = &d.runtime {
            context.push(format!("runtime: {rt}"));
        }
        if let Some(os) = &d.os {
            context.push(format!("OS: {os}"));
        }
        if !context.is_empty() {
            ui.weak(context.join(" · "));
        }
        ui.add_space(6.0);
        let n = &d.numbers;
        let mut rows: Vec<(&str, String)> = Vec::new();
        let bytes = [
            ("Requested", n.requested_bytes),
            ("Total", n.total_bytes),
            ("Allocated", n.allocated_bytes),
            ("Reserved", n.reserved_bytes),
            ("Free", n.free_bytes),
        ];
        for (k, v) in bytes {
            if let Some(v) = v {
                rows.push((k, format_auto(v)));
            }
        }
        if let (Some(req), Some(free)) = (n.requested_bytes, n.free_bytes)
            && req > free
        {
            rows.push(("Short by", format_auto(req - free)));
        }
        if let Some(dev) = &n.device {
            rows.push(("Device", dev.clone()));
        }
        if let (Some(x), Some(y)) = (n.layers_offloaded, n.layers_total) {
            rows.push(("Layers on GPU", format!("{x}/{y}")));
        }
        if !rows.is_empty() {
            widgets::facts_grid(ui, "triage-numbers", &rows);
            ui.add_space(6.0);
        }
        ui.label(widgets::prose(&d.explanation));
        if !d.next_steps.is_empty() {
            ui.add_space(6.0);
            ui.strong("Next steps");
            for (i, step) in d.next_steps.iter().enumerate() {
                ui.label(format!("{}. {}", i + 1, widgets::prose(step)));
            }
        }
        if !self.timeline.is_empty() {
            ui.add_space(6.0);
            ui.strong("Timeline");
            let mut jump = None;
            for (line, kind, words) in &self.timeline {
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .link(format!("line {line} ›"))
                        .on_hover_text("Jump to this line in the log")
                        .clicked()
                    {
                        jump = Some(*line);
                    }
                    let text = RichText::new(words).small();
                    match kind {
                        EventKind::AllocFailed
                        | EventKind::BufferLimit
                        | EventKind::OsKilled
                        | EventKind::Exit
                        | EventKind::NotMemory
                        | EventKind::PinnedRefused => ui.colored_label(widgets::BAD, text),
                        EventKind::Retry | EventKind::Running => {
                            ui.colored_label(widgets::OK, text)
                        }
                        _ => ui.label(text),
                    };
                });
            }
            if jump.is_some() {
                self.jump_to = jump;
            }
        }
        if !d.evidence.is_empty() {
            ui.add_space(6.0);
            ui.strong("Evidence");
            for ev in &d.evidence {
                ui.horizontal_wrapped(|ui| {
                    if ui
                        .link(format!("line {}", ev.line))
                        .on_hover_text("Jump to this line in the log")
                        .clicked()
                    {
                        self.jump_to = Some(ev.line);
                    }
                    ui.label(RichText::new(&ev.text).monospace().small());
                });
            }
        }
        if !d.also.is_empty() {
            ui.add_space(6.0);
            ui.strong("Also in this log");
            for a in &d.also {
                ui.horizontal(|ui| {
                    if ui.link(format!("line {}", a.line)).clicked() {
                        self.jump_to = Some(a.line);
                    }
                    ui.label(a.label.words());
                });
            }
        }
        ui.add_space(10.0);
        if ui.button("Fix this in the wizard").clicked() {
            cmds.push(Command::OpenWizard(Box::new(d.clone())));
        }
    }

    fn log_view(&mut self, ui: &mut egui::Ui) {
        let Some(lines) = &self.lines else {
            egui::ScrollArea::vertical()
                .id_salt("paste-scroll")
                .show(ui, |ui| {
                    ui.add(
                        egui::TextEdit::multiline(&mut self.text)
                            .hint_text("Paste the log here, then press Diagnose")
                            .code_editor()
                            .desired_width(f32::INFINITY)
                            .desired_rows(24),
                    );
                });
            return;
        };
        let mut back_to_editing = false;
        ui.horizontal(|ui| {
            ui.strong(self.analysed.as_deref().unwrap_or("log"));
            ui.weak(format!("{} lines", lines.len()));
            back_to_editing = ui.small_button("Edit / paste another").clicked();
        });
        let evidence: std::collections::HashSet<u64> = self
            .diagnosis
            .iter()
            .flat_map(|d| d.evidence.iter().map(|e| e.line))
            .collect();
        let row_height = ui.text_style_height(&egui::TextStyle::Monospace) + 2.0;
        let mut area = egui::ScrollArea::both()
            .id_salt("log-view")
            .auto_shrink([false, false]);
        if let Some(line) = self.jump_to.take() {
            area = area.vertical_scroll_offset(line.saturating_sub(4) as f32 * row_height);
        }
        area.show_rows(ui, row_height, lines.len(), |ui, range| {
            for i in range {
                let number = i as u64 + 1;
                let text = lines.get(i).map(String::as_str).unwrap_or("");
                let shown: String = text.chars().take(400).collect();
                let mut rich = RichText::new(format!("{number:>6}  {shown}")).monospace();
                if evidence.contains(&number) {
                    rich = rich
                        .background_color(ui.visuals().selection.bg_fill)
                        .strong();
                }
                ui.add(egui::Label::new(rich).extend());
            }
        });
        if back_to_editing {
            self.lines = None;
        }
    }
}

/// Events shown on the card: the devices and their free memory, the weights' placement, what failed and
/// what happened next. Buffers other than weights and repeated progress lines are left to the JSON.
pub fn key_events(d: &Diagnosis) -> Vec<(u64, EventKind, String)> {
    const SHOWN: usize = 24;
    let mut out: Vec<(u64, EventKind, String)> = d
        .events
        .iter()
        .filter(|e| e.kind != EventKind::Buffer || e.detail.as_deref() == Some("model"))
        // In the card's font: arrows and signs spelled in ASCII.
        .map(|e| (e.line, e.kind, widgets::prose(&e.summary()).into_owned()))
        .collect();
    if out.len() > SHOWN {
        // Keep the first devices and the end of the story.
        out.drain(8..out.len() - (SHOWN - 8));
    }
    out
}
