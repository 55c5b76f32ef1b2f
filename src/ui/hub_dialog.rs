//! "From Hugging Face…": paste a repository id or URL, see its GGUF quants with sizes and a fit badge for this
//! machine, pick one to make it the app's model (`hf:OWNER/REPO:QUANT`, read by the model slot). Listing
//! (the hub's file list plus one header of a few MB) runs on a worker thread with a byte counter and Cancel;
//! nothing is fetched until the user asks.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use egui::Color32;
use poll_promise::Promise;

use super::widgets;
use crate::fit::{FitRequest, Verdict};
use crate::model::ModelSource;
use crate::model::hub::{self, Hub, HubConfig, Quant};
use crate::units::format_auto;

/// A repository's quants as the dialog shows them.
#[derive(Debug, Clone)]
pub struct Listed {
    pub repo: String,
    pub quants: Vec<Quant>,
    /// Per quant, for the machine's GPUs at `hub::BADGE_CTX`; `None` when it could not be judged.
    pub verdicts: Vec<Option<Verdict>>,
    pub architecture: Option<String>,
    /// The GPUs the badges are for (empty: none detected).
    pub gpus: Vec<String>,
    /// A safetensors repository (no quants): it can be opened as a whole.
    pub safetensors: bool,
    pub notes: Vec<String>,
}

struct Job {
    repo: String,
    promise: Promise<Result<Listed, String>>,
    received: Arc<AtomicU64>,
    cancel: Arc<AtomicBool>,
}

#[derive(Default)]
pub struct HubDialog {
    pub open: bool,
    pub input: String,
    /// Where to ask; `None` = the environment's (`HF_ENDPOINT`, `HF_TOKEN`), read when a listing starts.
    pub config: Option<HubConfig>,
    job: Option<Job>,
    pub listed: Option<Result<Listed, String>>,
}

/// `owner/repo`, `hf:owner/repo…` or a hub URL → the repository source.
fn parse_input(input: &str) -> Result<(String, Option<String>), String> {
    let s = input.trim();
    let arg = if s.starts_with("hf:") || s.contains("://") {
        s.to_owned()
    } else {
        format!("hf:{s}")
    };
    match arg.parse::<ModelSource>() {
        Ok(ModelSource::Hf { repo, revision, .. }) => Ok((repo, revision)),
        Ok(_) => Err(format!("{s}: not a Hugging Face repository")),
        Err(e) => Err(e.to_string()),
    }
}

/// The worker's job: list the repository, read one representative header, judge every quant.
pub fn list_repo(hub: &Hub, input: &str, req: &FitRequest) -> Result<Listed, String> {
    let (repo, revision) = parse_input(input)?;
    let mut notes = Vec::new();
    let listing = hub
        .list(&repo, revision.as_deref(), &mut notes)
        .map_err(|e| e.to_string())?;
    let quants = hub::quants(&listing);
    let safetensors = quants.is_empty()
        && listing.files.iter().any(|f| f.path == "config.json")
        && listing
            .files
            .iter()
            .any(|f| f.path.ends_with(".safetensors"));
    let mut architecture = None;
    let mut verdicts = vec![None; quants.len()];
    if let Some(q) = hub::representative(&quants) {
        let source: ModelSource = q.id.parse().map_err(|e| format!("{e}"))?;
        match hub.load(&source) {
            Ok(loaded) => {
                notes.extend(loaded.notes);
                architecture = Some(loaded.spec.architecture.clone());
                if !req.gpus.is_empty() {
                    verdicts = hub::quant_verdicts(&loaded.spec, &quants, req);
                }
            }
            Err(hub::HubError::Cancelled) => return Err("cancelled".into()),
            Err(e) => notes.push(format!("no fit badges: {e}")),
        }
    }
    Ok(Listed {
        repo,
        quants,
        verdicts,
        architecture,
        gpus: req.gpus.iter().map(|g| g.name.clone()).collect(),
        safetensors,
        notes,
    })
}

fn badge_colour(v: Verdict) -> Color32 {
    match v {
        Verdict::Fits => widgets::OK,
        Verdict::Tight => Color32::from_rgb(0xc0, 0xca, 0x33),
        Verdict::Spills => widgets::WARN,
        Verdict::DoesNotFit => widgets::BAD,
    }
}

impl HubDialog {
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// Starts listing what is in `input` for the GPUs of `req`.
    pub fn start(&mut self, ctx: &egui::Context, req: FitRequest) {
        self.cancel();
        let received = Arc::new(AtomicU64::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (worker_received, worker_cancel) = (Arc::clone(&received), Arc::clone(&cancel));
        let config = self.config.clone();
        let input = self.input.clone();
        let repo = input.trim().to_owned();
        let (sender, promise) = Promise::new();
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("hub-list".into())
            .spawn(move || {
                // The environment (and the token file) is read here, off the UI thread.
                let config = config.unwrap_or_else(HubConfig::from_env);
                let hub = Hub::with_progress(config, worker_received, worker_cancel);
                sender.send(list_repo(&hub, &input, &req));
                ctx.request_repaint();
            });
        match spawned {
            Ok(_) => {
                self.listed = None;
                self.job = Some(Job {
                    repo,
                    promise,
                    received,
                    cancel,
                });
            }
            Err(e) => self.listed = Some(Err(format!("could not start listing: {e}"))),
        }
    }

    /// Stops the running listing (the worker stops at its next request; its answer is dropped).
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel.store(true, Ordering::Relaxed);
        }
    }

    /// Moves a finished listing into `listed`.
    pub fn poll(&mut self) {
        if let Some(result) = self.job.as_ref().and_then(|j| j.promise.ready()) {
            self.listed = Some(result.clone());
            self.job = None;
        }
    }

    /// Draws the window when open; returns the model argument the user picked.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        request: &dyn Fn() -> FitRequest,
    ) -> Option<String> {
        self.poll();
        if !self.open {
            return None;
        }
        let mut open = self.open;
        let mut picked = None;
        egui::Window::new("From Hugging Face")
            .open(&mut open)
            .default_width(560.0)
            .collapsible(false)
            .show(ctx, |ui| {
                ui.label("A repository id or its URL, e.g. unsloth/Qwen3-8B-GGUF. Only headers are read (a few MB), never the weights.");
                ui.horizontal(|ui| {
                    let edit = ui.add(
                        egui::TextEdit::singleline(&mut self.input)
                            .hint_text("owner/repo or https://huggingface.co/…")
                            .desired_width(360.0),
                    );
                    let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    let ready = !self.input.trim().is_empty() && !self.is_busy();
                    let mut go = ui.add_enabled(ready, egui::Button::new("List quants")).clicked() || enter && ready;
                    // The built-in presets name their quantizer's repository: one click lists its real quants.
                    egui::ComboBox::from_label("or a preset's repository")
                        .selected_text("Presets…")
                        .show_ui(ui, |ui| {
                            for p in crate::model::catalog::presets() {
                                if let Some(repo) = &p.hub
                                    && ui.selectable_label(false, p.name.as_str()).on_hover_text(repo.as_str()).clicked()
                                {
                                    self.input = repo.clone();
                                    go = !self.is_busy();
                                }
                            }
                        });
                    if go {
                        self.start(ctx, request());
                    }
                });
                if let Some(job) = &self.job {
                    let mut cancel = false;
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(format!(
                            "Reading {} … {} received",
                            job.repo,
                            format_auto(job.received.load(Ordering::Relaxed))
                        ));
                        cancel = ui.button("Cancel").clicked();
                    });
                    if cancel {
                        self.cancel();
                        self.listed = Some(Err("cancelled".into()));
                    }
                    // The byte counter moves without events from the worker.
                    ctx.request_repaint_after(Duration::from_millis(100));
                }
                match &self.listed {
                    Some(Err(e)) => {
                        ui.colored_label(widgets::BAD, e.as_str());
                    }
                    Some(Ok(listed)) => picked = listed_ui(ui, listed),
                    None => {}
                }
            });
        self.open = open;
        if !open {
            self.cancel();
        }
        if picked.is_some() {
            self.open = false;
        }
        picked
    }
}

/// The quant table; returns the picked model argument.
fn listed_ui(ui: &mut egui::Ui, listed: &Listed) -> Option<String> {
    let mut picked = None;
    for n in &listed.notes {
        ui.colored_label(widgets::WARN, n.as_str());
    }
    if listed.quants.is_empty() {
        if listed.safetensors {
            ui.label(format!(
                "hf:{} holds safetensors weights (no GGUF quants).",
                listed.repo
            ));
            if ui.button("Use this repository").clicked() {
                picked = Some(format!("hf:{}", listed.repo));
            }
        } else {
            ui.label(format!(
                "hf:{}: no GGUF quants and no safetensors model here.",
                listed.repo
            ));
        }
        return picked;
    }
    ui.label(match (&listed.architecture, listed.gpus.is_empty()) {
        (Some(a), false) => format!(
            "{} quants of a {a} model · fit on {} at context {}",
            listed.quants.len(),
            listed.gpus.join(" + "),
            hub::BADGE_CTX
        ),
        (_, true) => format!(
            "{} quants · no GPU detected: no fit badges",
            listed.quants.len()
        ),
        (None, false) => format!("{} quants", listed.quants.len()),
    });
    egui::ScrollArea::vertical()
        .max_height(360.0)
        .show(ui, |ui| {
            egui::Grid::new("hub-quants")
                .striped(true)
                .num_columns(4)
                .show(ui, |ui| {
                    ui.strong("Quant");
                    ui.strong("Size");
                    ui.strong("Files");
                    ui.strong("Fit");
                    ui.end_row();
                    for (q, v) in listed.quants.iter().zip(&listed.verdicts) {
                        if ui
                            .button(q.quant.as_str())
                            .on_hover_text(format!("Use {}", q.id))
                            .clicked()
                        {
                            picked = Some(q.id.clone());
                        }
                        ui.label(format_auto(q.file_bytes));
                        ui.label(q.shards.to_string());
                        match v {
                            Some(v) => ui.colored_label(badge_colour(*v), hub::verdict_word(*v)),
                            None => ui.label("–"),
                        };
                        ui.end_row();
                    }
                });
        });
    picked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_people_paste_name_the_repository() {
        assert_eq!(
            parse_input(" unsloth/Qwen3-8B-GGUF "),
            Ok(("unsloth/Qwen3-8B-GGUF".into(), None))
        );
        assert_eq!(
            parse_input("https://huggingface.co/bartowski/X-GGUF/tree/v2"),
            Ok(("bartowski/X-GGUF".into(), Some("v2".into())))
        );
        assert!(parse_input("not a repo").is_err());
        assert!(parse_input("ollama:qwen3").is_err());
    }
}
