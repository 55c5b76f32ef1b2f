//! Keeps the top bar's picture of the machine fresh: a background thread probes the hardware every few
//! seconds (NVML and sysfs calls can block) and wakes the UI only when a new snapshot arrives.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use crate::hardware::Hardware;

/// How often the top bar refreshes (the Live Monitor samples on its own, faster).
pub const REFRESH: Duration = Duration::from_secs(3);

pub struct HardwareWatch {
    latest: Option<Hardware>,
    updates: Receiver<Hardware>,
    /// Dropping this ends the thread (its `recv_timeout` sees the disconnect).
    _stop: Option<Sender<()>>,
}

impl HardwareWatch {
    /// Starts the probing thread. `on_update` is called after each snapshot is sent (the UI passes
    /// `ctx.request_repaint`).
    pub fn spawn(
        mut probe: impl FnMut() -> Hardware + Send + 'static,
        interval: Duration,
        on_update: impl Fn() + Send + 'static,
    ) -> Self {
        let (tx, updates) = mpsc::channel();
        let (stop, stop_rx) = mpsc::channel::<()>();
        let spawned = std::thread::Builder::new()
            .name("hardware-watch".into())
            .spawn(move || {
                let mut last: Option<Hardware> = None;
                loop {
                    let now = probe();
                    // Repainting costs more than probing (software GL): wake the UI only for a visible change.
                    if last.as_ref().is_none_or(|l| visibly_different(l, &now)) {
                        last = Some(now.clone());
                        if tx.send(now).is_err() {
                            return;
                        }
                        on_update();
                    }
                    match stop_rx.recv_timeout(interval) {
                        Err(RecvTimeoutError::Timeout) => {}
                        _ => return,
                    }
                }
            });
        if let Err(err) = spawned {
            log::error!("could not start the hardware probe thread: {err}");
        }
        Self {
            latest: None,
            updates,
            _stop: Some(stop),
        }
    }

    /// A fixed snapshot and no thread (tests, screenshots, replays).
    pub fn fixed(hardware: Hardware) -> Self {
        let (_tx, updates) = mpsc::channel();
        Self {
            latest: Some(hardware),
            updates,
            _stop: None,
        }
    }

    /// Takes the newest snapshot, if any arrived; returns whether it changed.
    pub fn poll(&mut self) -> bool {
        let mut changed = false;
        while let Ok(hw) = self.updates.try_recv() {
            self.latest = Some(hw);
            changed = true;
        }
        changed
    }

    /// The newest snapshot (`None` until the first probe finished).
    pub fn latest(&self) -> Option<&Hardware> {
        self.latest.as_ref()
    }
}

/// The top bar prints GiB with two decimals (10 MiB steps): smaller moves are not worth a frame.
pub fn visibly_different(a: &Hardware, b: &Hardware) -> bool {
    const STEP: u64 = 8 * 1024 * 1024;
    let moved = |x: u64, y: u64| x.abs_diff(y) >= STEP;
    a.os != b.os
        || a.gpu_problem != b.gpu_problem
        || a.gpus.len() != b.gpus.len()
        || a.gpus.iter().zip(&b.gpus).any(|(g, h)| {
            g.name != h.name
                || moved(g.memory_used_bytes, h.memory_used_bytes)
                || moved(g.memory_total_bytes, h.memory_total_bytes)
                || moved(g.memory_reserved_bytes, h.memory_reserved_bytes)
        })
        || moved(a.host.ram_available_bytes, b.host.ram_available_bytes)
        || moved(a.host.ram_total_bytes, b.host.ram_total_bytes)
        || moved(a.host.swap_used_bytes, b.host.swap_used_bytes)
        || moved(a.host.swap_total_bytes, b.host.swap_total_bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn small_memory_moves_do_not_wake_the_ui() {
        let a = Hardware::default();
        let mut b = a.clone();
        b.host.ram_available_bytes += 1024 * 1024;
        assert!(!visibly_different(&a, &b));
        b.host.ram_available_bytes += 64 * 1024 * 1024;
        assert!(visibly_different(&a, &b));
        let mut c = a.clone();
        c.gpu_problem = Some("x".into());
        assert!(visibly_different(&a, &c));
    }

    #[test]
    fn delivers_snapshots_and_stops_when_dropped() {
        let (woke_tx, woke) = mpsc::channel();
        let mut watch =
            HardwareWatch::spawn(Hardware::default, Duration::from_millis(10), move || {
                let _ = woke_tx.send(());
            });
        assert!(woke.recv_timeout(Duration::from_secs(5)).is_ok());
        let start = Instant::now();
        while !watch.poll() {
            assert!(start.elapsed() < Duration::from_secs(5));
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(watch.latest().is_some());
        drop(watch);
        // After the drop the thread exits: the wake-up sender is dropped with it.
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            match woke.recv_timeout(Duration::from_millis(50)) {
                Err(RecvTimeoutError::Disconnected) => break,
                _ => assert!(Instant::now() < deadline, "thread did not stop"),
            }
        }
    }
}
