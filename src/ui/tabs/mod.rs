//! The four tabs. `Tab` is the single source of truth for the tab bar, the dispatch and the UI tests.

use serde::{Deserialize, Serialize};

pub mod fit;
pub mod monitor;
pub mod triage;
pub mod wizard;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Tab {
    #[default]
    Fit,
    Monitor,
    Triage,
    Wizard,
}

impl Tab {
    pub const ALL: [Self; 4] = [Self::Fit, Self::Monitor, Self::Triage, Self::Wizard];

    pub fn label(self) -> &'static str {
        match self {
            Self::Fit => "Fit Calculator",
            Self::Monitor => "Live Monitor",
            Self::Triage => "Crash Triage",
            Self::Wizard => "Fix Wizard",
        }
    }
}
