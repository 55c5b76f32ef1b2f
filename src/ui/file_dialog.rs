//! The native file dialogs (rfd) every "Open…"/"Save…"/"Export…" button goes through, and what the user is
//! told when none can be shown. rfd answers `None` both when the user cancels and when no dialog could be
//! opened (Linux without a desktop portal and without `zenity`), so a failure would otherwise look like
//! nothing happening. Here it is told apart: no way to show a dialog at all (no session bus for a portal and
//! no zenity on PATH), or a dialog that "closed" faster than anyone can press Cancel.
//! `PathFallback` is the small inline panel that then offers what still works: drop a file, paste a path.

use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A dialog that answers sooner than this was never on screen (nobody cancels in a quarter second).
const INSTANT: Duration = Duration::from_millis(250);

/// What a dialog gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked {
    File(PathBuf),
    Cancelled,
    /// No dialog could be shown; the text says why and what to do instead.
    Unavailable(String),
}

/// Runs `show` (an rfd call; blocks, so call it on a worker thread) and classifies its answer.
pub fn run(show: impl FnOnce() -> Option<PathBuf>) -> Picked {
    if let Some(why) = no_dialog_backend() {
        return Picked::Unavailable(message(&why));
    }
    let started = Instant::now();
    classify(show(), started.elapsed())
}

fn classify(answer: Option<PathBuf>, open_for: Duration) -> Picked {
    match answer {
        Some(path) => Picked::File(path),
        None if open_for < INSTANT => Picked::Unavailable(message(
            "the file dialog closed at once (no desktop portal answered and zenity failed)",
        )),
        None => Picked::Cancelled,
    }
}

fn message(why: &str) -> String {
    format!(
        "No file dialog could be shown: {why}. Drop the file onto this window, or paste its path below. \
         The command line works too (vram-doctor fit FILE, vram-doctor triage FILE). \
         Installing xdg-desktop-portal (with a GTK or KDE backend) or zenity brings the dialog back."
    )
}

/// Why no dialog can exist on this system, when that is certain before trying (Linux/BSD: rfd needs the
/// desktop portal over the D-Bus session bus, or the `zenity` program).
fn no_dialog_backend() -> Option<String> {
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return None;
    }
    let session_bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|v| !v.is_empty())
        || std::env::var_os("XDG_RUNTIME_DIR")
            .is_some_and(|d| PathBuf::from(d).join("bus").exists());
    let zenity = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("zenity").is_file()));
    (!session_bus && !zenity)
        .then(|| "there is no desktop portal (no D-Bus session bus) and no zenity".to_owned())
}

/// The inline panel shown where the user clicked when no dialog could be shown: the reason, a path field
/// and "Open". Thin: it only returns the path typed in.
#[derive(Debug, Default, Clone)]
pub struct PathFallback {
    message: Option<String>,
    path: String,
}

impl PathFallback {
    pub fn show(&mut self, message: String) {
        self.message = Some(message);
    }

    pub fn is_open(&self) -> bool {
        self.message.is_some()
    }

    /// Draws the panel when open; returns a path once the user confirms one.
    pub fn ui(&mut self, ui: &mut egui::Ui, action: &str) -> Option<PathBuf> {
        let message = self.message.clone()?;
        let mut picked = None;
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.colored_label(super::widgets::WARN, message);
            ui.horizontal(|ui| {
                ui.label("Path:");
                let edit = ui.add(
                    egui::TextEdit::singleline(&mut self.path)
                        .hint_text("/path/to/file")
                        .desired_width(360.0),
                );
                let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                let path = self.path.trim().trim_matches(['"', '\'']).to_owned();
                if (ui
                    .add_enabled(!path.is_empty(), egui::Button::new(action))
                    .clicked()
                    || entered)
                    && !path.is_empty()
                {
                    picked = Some(PathBuf::from(path));
                }
                if ui.button("Dismiss").clicked() {
                    self.message = None;
                }
            });
        });
        if picked.is_some() {
            self.message = None;
        }
        picked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dialog_that_closes_at_once_was_never_shown() {
        assert_eq!(
            classify(Some("/m/a.gguf".into()), Duration::ZERO),
            Picked::File("/m/a.gguf".into())
        );
        assert_eq!(classify(None, Duration::from_secs(3)), Picked::Cancelled);
        match classify(None, Duration::from_millis(5)) {
            Picked::Unavailable(m) => {
                assert!(
                    m.contains("Drop the file") && m.contains("paste its path"),
                    "{m}"
                )
            }
            other => panic!("{other:?}"),
        }
    }
}
