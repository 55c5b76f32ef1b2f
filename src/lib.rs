//! VRAM Doctor: will this LLM fit my GPU, and if it crashed, why?
//!
//! The engine (`model`, `fit`, `monitor`, `triage`, `plan`, `hardware`) is plain data and pure functions with
//! no egui; `ui` and `cli` are two renderers of it. See README.md "Architecture".

pub mod cli;
pub mod fit;
pub mod hardware;
pub mod model;
pub mod monitor;
pub mod plan;
pub mod triage;
#[cfg(feature = "gui")]
pub mod ui;
pub mod units;
