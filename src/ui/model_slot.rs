//! The model every tab shares: empty, loading on a background thread, loaded, or failed with a message that
//! names the file. Reading a model (several MB of header, many shards, a store lookup) never blocks the UI.

use poll_promise::Promise;

use crate::model::ModelSpec;

/// What the slot holds; `source` is what the user gave (a path, `ollama:NAME`, `preset:ID`).
#[derive(Default)]
pub enum ModelSlot {
    #[default]
    Empty,
    Loading {
        source: String,
        promise: Box<Promise<Result<ModelSpec, String>>>,
    },
    Loaded {
        source: String,
        spec: Box<ModelSpec>,
    },
    Failed {
        source: String,
        error: String,
    },
}

impl ModelSlot {
    /// Starts reading `source` with `loader` on a worker thread; `on_done` is called once the result is in
    /// the promise (the UI passes `ctx.request_repaint`).
    pub fn start(
        source: String,
        loader: fn(&str) -> Result<ModelSpec, String>,
        on_done: impl FnOnce() + Send + 'static,
    ) -> Self {
        let (sender, promise) = Promise::new();
        let arg = source.clone();
        let spawned = std::thread::Builder::new()
            .name("model-load".into())
            .spawn(move || {
                sender.send(loader(&arg));
                on_done();
            });
        match spawned {
            Ok(_) => Self::Loading {
                source,
                promise: Box::new(promise),
            },
            Err(err) => Self::Failed {
                source,
                error: format!("could not start reading the model: {err}"),
            },
        }
    }

    /// Moves a finished load into `Loaded`/`Failed`; returns true when that happened this call.
    pub fn poll(&mut self) -> bool {
        let Self::Loading { source, promise } = self else {
            return false;
        };
        let Some(result) = promise.ready() else {
            return false;
        };
        let source = std::mem::take(source);
        *self = match result {
            Ok(spec) => Self::Loaded {
                source,
                spec: Box::new(spec.clone()),
            },
            Err(error) => Self::Failed {
                source,
                error: error.clone(),
            },
        };
        true
    }

    pub fn spec(&self) -> Option<&ModelSpec> {
        match self {
            Self::Loaded { spec, .. } => Some(spec),
            _ => None,
        }
    }

    pub fn source(&self) -> Option<&str> {
        match self {
            Self::Empty => None,
            Self::Loading { source, .. }
            | Self::Loaded { source, .. }
            | Self::Failed { source, .. } => Some(source),
        }
    }

    pub fn is_loading(&self) -> bool {
        matches!(self, Self::Loading { .. })
    }
}

/// The loader the app uses: the real model reader (`model::load`), errors as text.
pub fn load_model(source: &str) -> Result<ModelSpec, String> {
    crate::model::load(source).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn wait(slot: &mut ModelSlot) {
        let start = Instant::now();
        while !slot.poll() {
            assert!(
                start.elapsed() < Duration::from_secs(5),
                "load never finished"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn load_success_and_failure_reach_the_slot() {
        let mut ok = ModelSlot::start(
            "a.gguf".into(),
            |s| {
                Ok(ModelSpec {
                    name: s.to_uppercase(),
                    ..ModelSpec::default()
                })
            },
            || {},
        );
        assert!(ok.is_loading());
        wait(&mut ok);
        assert_eq!(ok.spec().map(|s| s.name.as_str()), Some("A.GGUF"));
        assert_eq!(ok.source(), Some("a.gguf"));

        let mut bad = ModelSlot::start(
            "b.gguf".into(),
            |s| Err(format!("{s}: not a GGUF file")),
            || {},
        );
        wait(&mut bad);
        assert!(
            matches!(&bad, ModelSlot::Failed { error, .. } if error == "b.gguf: not a GGUF file")
        );
    }
}
