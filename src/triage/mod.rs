//! Crash triage: reads a log of any size (streamed, bounded memory) and names what went wrong, with the
//! evidence lines, the numbers and the fix. `scan` reads lines, `signals` spots the runtimes' messages,
//! `numbers` reads the sizes, `verdict` ranks the findings and writes the explanation.

pub mod diagnosis;
pub mod events;
mod input;
pub mod numbers;
pub mod scan;
pub mod signals;
pub mod verdict;
mod verdict_text;

use std::collections::BTreeMap;

pub use diagnosis::{AlsoFinding, Diagnosis, Evidence, Label, Numbers};
pub use events::{Event, EventKind, EventNumbers};
use signals::Sig;

/// Lines kept per signal: the first few and the last few (the decisive failure is usually the last).
const KEEP_FIRST: usize = 4;
/// Device and buffer lines are kept in greater number: a multi-GPU load prints one per device.
const KEEP_FIRST_DEVICES: usize = 16;
const KEEP_LAST: usize = 6;
/// Lines scanned for runtime/OS markers in full before sampling starts.
const CONTEXT_LINES: u64 = 5000;
/// Evidence text is cut here (PyTorch's message carries its numbers far into the line: keep them).
const EVIDENCE_CHARS: usize = 1600;

/// Where one signal was seen.
#[derive(Debug, Default, Clone)]
pub struct Hits {
    pub count: u64,
    pub first: Vec<(u64, String)>,
    pub last: std::collections::VecDeque<(u64, String)>,
}

impl Hits {
    fn add(&mut self, line: u64, text: &str, keep_text: bool, keep_first: usize) {
        self.count += 1;
        // The ring of last lines reuses the buffer of the line it drops: no allocation per hit in a big log.
        let mut buf = if self.first.len() >= keep_first && self.last.len() == KEEP_LAST {
            self.last.pop_front().map(|(_, s)| s).unwrap_or_default()
        } else {
            String::new()
        };
        buf.clear();
        if keep_text {
            let end = if text.len() <= EVIDENCE_CHARS {
                text.len()
            } else {
                (0..=EVIDENCE_CHARS)
                    .rev()
                    .find(|&i| text.is_char_boundary(i))
                    .unwrap_or(0)
            };
            buf.push_str(&text[..end]);
        }
        if self.first.len() < keep_first {
            self.first.push((line, buf));
        } else {
            self.last.push_back((line, buf));
        }
    }

    pub fn first_line(&self) -> u64 {
        self.first.first().map_or(0, |(l, _)| *l)
    }

    pub fn last_line(&self) -> u64 {
        self.last
            .back()
            .or_else(|| self.first.last())
            .map_or(0, |(l, _)| *l)
    }

    /// Every kept (line, text), in order.
    pub fn lines(&self) -> impl Iterator<Item = &(u64, String)> {
        self.first.iter().chain(self.last.iter())
    }
}

/// Everything the scan keeps: bounded whatever the log's size.
#[derive(Debug, Default)]
pub struct Scan {
    pub hits: BTreeMap<Sig, Hits>,
    pub lines: u64,
    /// The start of the text (a short paste is read whole as a possible description).
    pub head: String,
    /// Of the first lines, how many are not empty and how many look like log output.
    pub head_lines: u32,
    pub structured_lines: u32,
    /// Of the first lines, how many read as sentences (prose rather than output).
    pub prose_lines: u32,
    /// Rows of a kernel OOM-killer task dump seen so far.
    oom_task_rows: u32,
}

impl Scan {
    pub fn has(&self, s: Sig) -> bool {
        self.hits.contains_key(&s)
    }

    pub fn hits(&self, s: Sig) -> Option<&Hits> {
        self.hits.get(&s)
    }

    pub fn last(&self, s: Sig) -> u64 {
        self.hits.get(&s).map_or(0, Hits::last_line)
    }

    pub fn count(&self, s: Sig) -> u64 {
        self.hits.get(&s).map_or(0, |h| h.count)
    }

    fn add_line(&mut self, number: u64, text: &str, sigs: &mut Vec<Sig>) {
        self.lines = number;
        // Runtime/OS markers only count: the first lines and every 32nd after are enough.
        let with_context = number <= CONTEXT_LINES || number.is_multiple_of(32);
        if number <= input::HEAD_LINES {
            input::note_head(self, text);
        }
        signals::signals_sampled(text, sigs, with_context);
        // A pasted OOM-killer task dump (often without its "Out of memory: Killed process" line): a few rows
        // in the kernel's format are the kill itself.
        if text.contains(']') && signals::is_oom_task_row(text) {
            self.oom_task_rows += 1;
            if self.oom_task_rows == 3 {
                sigs.push(Sig::HostKilled);
            }
        }
        for &s in sigs.iter() {
            let keep_first = if matches!(s, Sig::DeviceCue | Sig::BufferCue) {
                KEEP_FIRST_DEVICES
            } else {
                KEEP_FIRST
            };
            self.hits
                .entry(s)
                .or_default()
                .add(number, text, !s.is_context(), keep_first);
        }
    }
}

/// Diagnoses a log read from `reader`; `progress` gets the bytes read so far (for a progress bar).
pub fn diagnose_reader<R: std::io::Read>(
    mut reader: R,
    progress: impl FnMut(u64),
) -> std::io::Result<Diagnosis> {
    // The first bytes say whether this is a text log at all (a model file or binary data is named, not read).
    let head = input::read_head(&mut reader)?;
    let binary_start = match input::not_a_log(&head) {
        Some(input::BINARY) => true,
        Some(what) => return Ok(verdict::not_a_log(what)),
        None => false,
    };
    let reader = std::io::Read::chain(&head[..], reader);
    let mut scan = Scan::default();
    let mut sigs = Vec::with_capacity(8);
    scan::for_each_line(reader, progress, |n, line| {
        scan.add_line(n, line, &mut sigs)
    })?;
    let d = verdict::decide(&scan);
    // Binary bytes with no failure clearly stated in any text line are named as binary, not guessed at.
    if binary_start && (d.label == Label::Unknown || d.confidence < 0.6) {
        return Ok(verdict::not_a_log(input::BINARY));
    }
    Ok(d)
}

/// Diagnoses a log held in memory (pasted text).
pub fn diagnose_str(text: &str) -> Diagnosis {
    diagnose_reader(text.as_bytes(), |_| {}).unwrap_or_default()
}
