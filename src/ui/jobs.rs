//! The one helper for background work in the UI: a job keyed by its input. `want(key, work)` starts the work
//! on a worker thread when the key differs from the last one asked for; `poll()` takes a finished result. The
//! UI thread never computes, and never computes twice for the same input.

use poll_promise::Promise;

pub struct Job<K, T: Send + 'static> {
    name: &'static str,
    asked: Option<K>,
    running: Option<(K, Promise<T>)>,
    done: Option<(K, T)>,
}

impl<K: PartialEq + Clone, T: Send + 'static> Job<K, T> {
    pub fn new(name: &'static str) -> Self {
        Self {
            name,
            asked: None,
            running: None,
            done: None,
        }
    }

    /// Starts `work` for `key` unless that key is already done or running. `ctx` is woken when it ends.
    pub fn want(
        &mut self,
        key: &K,
        ctx: &egui::Context,
        work: impl FnOnce() -> T + Send + 'static,
    ) {
        self.poll();
        if self.asked.as_ref() == Some(key) {
            return;
        }
        let (sender, promise) = Promise::new();
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name(self.name.into())
            .spawn(move || {
                sender.send(work());
                ctx.request_repaint();
            });
        match spawned {
            Ok(_) => {
                self.asked = Some(key.clone());
                self.running = Some((key.clone(), promise));
            }
            Err(err) => log::error!("could not start the {} worker: {err}", self.name),
        }
    }

    /// Whether `key` still has to be asked for (callers check before cloning big inputs for `want`).
    pub fn needs(&self, key: &K) -> bool {
        self.asked.as_ref() != Some(key)
    }

    /// Moves a finished result into place.
    pub fn poll(&mut self) {
        if let Some((_, p)) = &self.running
            && p.ready().is_some()
            && let Some((k, p)) = self.running.take()
            && let Ok(v) = p.try_take()
        {
            self.done = Some((k, v));
        }
    }

    /// The latest finished result (possibly for an older key while a newer one runs).
    pub fn latest(&self) -> Option<&T> {
        self.done.as_ref().map(|(_, v)| v)
    }

    /// The key of the latest finished result.
    pub fn latest_key(&self) -> Option<&K> {
        self.done.as_ref().map(|(k, _)| k)
    }

    /// Work is under way for the key last asked for.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The result is for the key last asked for.
    pub fn is_current(&self) -> bool {
        self.running.is_none() && self.done.is_some() && self.asked.as_ref() == self.latest_key()
    }
}
