//! VRAM Doctor: will this LLM fit my GPU, and if it crashed, why?
//!
//! The engine (`model`, `fit`, `monitor`, `triage`, `plan`, `hardware`) is plain data and pure functions with
//! no egui; `vocab` holds the shared words and `scenario` the user's question, built once for both renderers,
//! `ui` and `cli`. See README.md "Architecture".

pub mod cli;
pub mod fit;
pub mod hardware;
pub mod model;
pub mod monitor;
pub mod plan;
pub mod scenario;
pub mod triage;
#[cfg(feature = "gui")]
pub mod ui;
pub mod units;
pub mod vocab;
