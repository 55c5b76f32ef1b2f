//! The monitor's memory: a ring buffer of samples, bounded to 24 h at 1 Hz whatever the session length. Only
//! the latest sample keeps the bulky parts (the 25-row process table, per-core CPU, the no-GPU reason): the
//! plots and detectors read numbers, so a full day stays in the tens of megabytes.

use std::collections::VecDeque;

use super::Sample;

/// 24 h at one sample per second.
pub const MAX_SAMPLES: usize = 24 * 60 * 60;

#[derive(Debug, Clone, Default)]
pub struct Timeline {
    samples: VecDeque<Sample>,
}

impl Timeline {
    pub fn push(&mut self, s: Sample) {
        if self.samples.len() == MAX_SAMPLES {
            self.samples.pop_front();
        }
        if let Some(prev) = self.samples.back_mut() {
            prev.processes = Vec::new();
            prev.host.cpu_cores_percent = Vec::new();
            prev.gpu_problem = None;
            prev.host.wsl_note = None;
        }
        self.samples.push_back(s);
    }

    pub fn latest(&self) -> Option<&Sample> {
        self.samples.back()
    }

    pub fn len(&self) -> usize {
        self.samples.len()
    }

    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    pub fn clear(&mut self) {
        self.samples.clear();
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Sample> {
        self.samples.iter()
    }

    /// Samples no older than `secs` before the latest one. Times only grow, so the start is a binary search
    /// (detectors and plots ask several times a tick, over up to a day of samples).
    pub fn window(&self, secs: f64) -> impl Iterator<Item = &Sample> {
        let end = self.latest().map_or(0.0, |s| s.time);
        let start = self.samples.partition_point(|s| s.time < end - secs);
        self.samples
            .range(start..)
            .filter(move |s| s.time >= end - secs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_and_windowed() {
        let mut t = Timeline::default();
        for i in 0..(MAX_SAMPLES + 10) {
            t.push(Sample {
                time: i as f64,
                ..Sample::default()
            });
        }
        assert_eq!(t.len(), MAX_SAMPLES);
        assert_eq!(t.iter().next().map(|s| s.time), Some(10.0));
        assert_eq!(t.window(9.0).count(), 10);
        assert_eq!(t.window(0.0).count(), 1);
        assert_eq!(t.window(1e12).count(), MAX_SAMPLES);
    }

    #[test]
    fn only_the_latest_sample_keeps_the_process_table() {
        let row = crate::monitor::ProcessRow {
            pid: 1,
            name: "llama-server".into(),
            cpu_percent: 100.0,
            ram_bytes: 1 << 30,
            vram_bytes: 0,
        };
        let mut t = Timeline::default();
        for i in 0..3 {
            let mut s = Sample {
                time: f64::from(i),
                processes: vec![row.clone(); 25],
                gpu_problem: Some("no GPU".into()),
                ..Sample::default()
            };
            s.host.cpu_cores_percent = vec![50.0; 64];
            s.host.cpu_percent = Some(50.0);
            t.push(s);
        }
        let all: Vec<&Sample> = t.iter().collect();
        assert!(all[..2].iter().all(|s| s.processes.is_empty()
            && s.host.cpu_cores_percent.is_empty()
            && s.gpu_problem.is_none()));
        // The numbers the plots draw stay.
        assert!(all.iter().all(|s| s.host.cpu_percent == Some(50.0)));
        let latest = t.latest().expect("latest");
        assert_eq!(latest.processes.len(), 25);
        assert_eq!(latest.gpu_problem.as_deref(), Some("no GPU"));
    }
}
