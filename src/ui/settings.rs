//! `Settings`: the only persisted struct (eframe storage, RON). Every field has a default, so a file from an
//! older or newer version, or a corrupt one, never stops the app: unknown fields are ignored, missing ones take
//! their default, and an undecodable file is logged and replaced by defaults.

use serde::{Deserialize, Serialize};

use super::tabs::Tab;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub tab: Tab,
    /// The model in the shared slot (a path, `ollama:NAME`, or `preset:ID`), reopened at start.
    pub model_source: Option<String>,
    /// Folder the "Open model…" dialog starts in.
    pub last_dir: Option<std::path::PathBuf>,
    pub fit: FitInputs,
    pub wizard: WizardInputs,
    pub monitor: MonitorInputs,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            tab: Tab::Fit,
            model_source: None,
            last_dir: None,
            fit: FitInputs::default(),
            wizard: WizardInputs::default(),
            monitor: MonitorInputs::default(),
        }
    }
}

/// Inputs of the Fit Calculator (names follow llama.cpp's flags).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FitInputs {
    pub ctx_size: u32,
    /// `None` = auto (the most layers that fit).
    pub n_gpu_layers: Option<u32>,
    pub batch_size: u32,
    pub ubatch_size: u32,
    pub cache_type_k: String,
    pub cache_type_v: String,
    /// "auto" | "on" | "off".
    pub flash_attn: String,
    pub parallel: u32,
    pub n_cpu_moe: u32,
    pub runtime: String,
    pub backend: String,
    /// GPUs picked from the catalog (names); empty = the detected ones.
    pub gpus: Vec<String>,
    /// VRAM typed by hand, in GiB, when no GPU is picked or detected.
    pub manual_vram_gib: Option<f32>,
    pub margin_mib: u32,
    /// Which llama.cpp the runtime bundles (`LLAMA_BUILDS`): older builds reserve memory differently.
    pub llama_build: String,
}

/// The llama.cpp build eras whose memory differs (id, what the menu shows): since June 2026 the current
/// rules; before, llama-server reserved every logit row (#23861) and the flash-attention mask was f32
/// (#23764); before January 2026 the graph had no embeddings input (#18550); before December 2025 `-ngl`
/// offloaded the output layer last (#18148).
pub const LLAMA_BUILDS: [(&str, &str); 4] = [
    ("current", "June 2026 or later"),
    ("2026-05", "January to May 2026"),
    ("2025-12", "December 2025"),
    ("2025-11", "November 2025 or older"),
];

/// How many eras back `id` is in `LLAMA_BUILDS` (0 = current; an unknown id from a newer version counts as
/// current).
pub fn llama_era(id: &str) -> usize {
    LLAMA_BUILDS.iter().position(|(i, _)| *i == id).unwrap_or(0)
}

impl Default for FitInputs {
    fn default() -> Self {
        Self {
            ctx_size: 8192,
            n_gpu_layers: None,
            batch_size: 2048,
            ubatch_size: 512,
            cache_type_k: "f16".into(),
            cache_type_v: "f16".into(),
            flash_attn: "auto".into(),
            parallel: 1,
            n_cpu_moe: 0,
            runtime: "llama.cpp".into(),
            backend: "cuda".into(),
            gpus: Vec::new(),
            manual_vram_gib: None,
            margin_mib: 1024,
            llama_build: "current".into(),
        }
    }
}

/// The Fix Wizard's situation inputs.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct WizardInputs {
    /// `None` = the detected OS.
    pub os: Option<String>,
    /// `None` = the usual shell of the OS.
    pub shell: Option<String>,
    /// The shortest context the user accepts; `None` = 4096.
    pub min_ctx: Option<u32>,
}

/// The Live Monitor's view choices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct MonitorInputs {
    /// Plot window in seconds (60, 600, 3600).
    pub window_secs: u32,
}

impl Default for MonitorInputs {
    fn default() -> Self {
        Self { window_secs: 600 }
    }
}

impl Settings {
    /// Reads the settings from eframe's storage; anything missing or undecodable gives defaults.
    pub fn load(storage: Option<&dyn eframe::Storage>) -> Self {
        let Some(text) = storage.and_then(|s| s.get_string(eframe::APP_KEY)) else {
            return Self::default();
        };
        match ron::from_str(&text) {
            Ok(settings) => settings,
            Err(err) => {
                log::warn!("saved settings could not be read ({err}); starting with defaults");
                Self::default()
            }
        }
    }

    pub fn save(&self, storage: &mut dyn eframe::Storage) {
        match ron::to_string(self) {
            Ok(text) => storage.set_string(eframe::APP_KEY, text),
            Err(err) => log::warn!("settings could not be saved: {err}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[derive(Default)]
    struct MemStorage(HashMap<String, String>);

    impl eframe::Storage for MemStorage {
        fn get_string(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }
        fn set_string(&mut self, key: &str, value: String) {
            self.0.insert(key.to_owned(), value);
        }
        fn remove_string(&mut self, key: &str) {
            self.0.remove(key);
        }
        fn flush(&mut self) {}
    }

    fn storage_with(text: &str) -> MemStorage {
        let mut s = MemStorage::default();
        s.0.insert(eframe::APP_KEY.to_owned(), text.to_owned());
        s
    }

    #[test]
    fn round_trips_through_storage() {
        let mut settings = Settings {
            tab: Tab::Triage,
            model_source: Some("/models/it's $(rm -rf ~).gguf".into()),
            ..Settings::default()
        };
        settings.fit.ctx_size = 32768;
        settings.fit.n_gpu_layers = Some(40);
        let mut storage = MemStorage::default();
        settings.save(&mut storage);
        assert_eq!(Settings::load(Some(&storage)), settings);
    }

    #[test]
    fn corrupt_or_foreign_storage_gives_defaults() {
        for junk in [
            "(((",
            "\u{0}\u{1}binary",
            "[1, 2, 3]",
            "(tab: Nonexistent)",
            "(tab: 42, fit: \"nope\")",
        ] {
            assert_eq!(
                Settings::load(Some(&storage_with(junk))),
                Settings::default(),
                "{junk:?}"
            );
        }
        assert_eq!(Settings::load(None), Settings::default());
    }

    #[test]
    fn older_file_with_missing_and_unknown_fields_keeps_what_it_has() {
        let s = Settings::load(Some(&storage_with(
            "(tab: Monitor, removed_field: 3, fit: (ctx_size: 4096))",
        )));
        assert_eq!(s.tab, Tab::Monitor);
        assert_eq!(s.fit.ctx_size, 4096);
        assert_eq!(s.fit.ubatch_size, 512);
    }
}
