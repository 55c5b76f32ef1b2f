//! Crash triage: reads a log of any size and names what went wrong.

pub mod diagnosis;

pub use diagnosis::{AlsoFinding, Diagnosis, Evidence, Label, Numbers};
