//! The monitor's memory: a ring buffer of samples, bounded to 24 h at 1 Hz whatever the session length.

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

    /// Samples no older than `secs` before the latest one.
    pub fn window(&self, secs: f64) -> impl Iterator<Item = &Sample> {
        let end = self.latest().map_or(0.0, |s| s.time);
        self.samples.iter().filter(move |s| s.time >= end - secs)
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
    }
}
