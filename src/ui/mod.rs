//! The window: `App` (eframe) with the shared top bar (hardware, model slot) and four tabs.
//! UI code is thin: it draws engine data and pushes `Command`s; work happens on background threads.

pub mod app;
pub mod file_dialog;
pub mod hardware_watch;
pub mod hub_dialog;
pub mod jobs;
pub mod model_slot;
pub mod scenario;
pub mod settings;
pub mod tabs;
pub mod widgets;

pub use app::{App, Command};
pub use settings::Settings;
pub use tabs::Tab;

/// Application id: the Wayland app_id / X11 WM_CLASS, the .desktop file name and eframe's storage folder.
pub const APP_ID: &str = "vram-doctor";

/// What the command line asked the window to show first (overrides the saved settings).
#[derive(Debug, Default, Clone)]
pub struct Start {
    pub model: Option<String>,
    pub tab: Option<Tab>,
    pub log: Option<std::path::PathBuf>,
    pub recording: Option<std::path::PathBuf>,
}

/// Opens the native window and runs until it is closed.
pub fn run(start: Start) -> eframe::Result {
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("VRAM Doctor")
        .with_app_id(APP_ID)
        .with_inner_size([1180.0, 780.0])
        .with_min_inner_size([760.0, 520.0])
        .with_drag_and_drop(true);
    match eframe::icon_data::from_png_bytes(include_bytes!("../../assets/icon-256.png")) {
        Ok(icon) => viewport = viewport.with_icon(icon),
        Err(err) => log::warn!("window icon could not be decoded: {err}"),
    }
    let options = eframe::NativeOptions {
        viewport,
        ..Default::default()
    };
    eframe::run_native(
        "VRAM Doctor",
        options,
        Box::new(move |cc| {
            let mut app = App::new(cc);
            if let Some(tab) = start.tab {
                app.apply(Command::SelectTab(tab));
            }
            if let Some(model) = start.model {
                app.apply(Command::LoadModel(model));
            }
            if let Some(log) = start.log {
                app.open_log(log, start.tab == Some(Tab::Wizard));
            }
            if let Some(recording) = start.recording {
                app.open_recording(recording);
            }
            Ok(Box::new(app))
        }),
    )
}
