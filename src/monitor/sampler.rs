//! The sampler thread: owns the `Source`, samples at a fixed interval, sends each sample over a channel and
//! calls `on_sample` (the GUI passes `request_repaint`, so the window redraws on data, not in a loop).
//! Dropping the `Sampler` stops the thread.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use super::{Sample, Source};

pub struct Sampler {
    rx: Receiver<Sample>,
    _stop: Sender<()>,
}

impl Sampler {
    pub fn spawn(
        mut source: Box<dyn Source>,
        interval: Duration,
        mut on_sample: impl FnMut() + Send + 'static,
    ) -> std::io::Result<Self> {
        let (tx, rx) = mpsc::channel();
        let (stop, stop_rx) = mpsc::channel::<()>();
        std::thread::Builder::new()
            .name("monitor-sampler".into())
            .spawn(move || {
                loop {
                    let Some(sample) = source.sample() else {
                        return;
                    };
                    if tx.send(sample).is_err() {
                        return;
                    }
                    on_sample();
                    match stop_rx.recv_timeout(interval) {
                        Err(RecvTimeoutError::Timeout) => {}
                        _ => return,
                    }
                }
            })?;
        Ok(Self { rx, _stop: stop })
    }

    /// Every sample that arrived since the last call.
    pub fn drain(&self) -> Vec<Sample> {
        self.rx.try_iter().collect()
    }

    /// Waits for the next sample (CLI streaming).
    pub fn next(&self, timeout: Duration) -> Option<Sample> {
        self.rx.recv_timeout(timeout).ok()
    }
}
