//! Crash triage: reads a log of any size (streamed, bounded memory) and names what went wrong, with the
//! evidence lines, the numbers and the fix. `scan` reads lines, `signals` spots the runtimes' messages,
//! `numbers` reads the sizes, `verdict` ranks the findings and writes the explanation.

mod causes;
mod describe;
pub mod diagnosis;
pub mod events;
mod implied;
mod input;
pub mod numbers;
mod other_failure;
pub mod scan;
pub mod signals;
mod stated_model;
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

    /// Appends the hits of a later part of the log (lines after all of these).
    fn merge(&mut self, later: Hits, keep_first: usize) {
        self.count += later.count;
        for kept in later.first.into_iter().chain(later.last) {
            if self.first.len() < keep_first {
                self.first.push(kept);
            } else {
                if self.last.len() == KEEP_LAST {
                    self.last.pop_front();
                }
                self.last.push_back(kept);
            }
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
#[derive(Debug, Default, Clone)]
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
    /// Rows of a kernel OOM-killer task dump seen so far, and the first of them (for a dump that straddles two
    /// parts of a log scanned in parallel).
    oom_task_rows: u32,
    oom_first_row: Option<(u64, String)>,
}

fn keep_first_for(s: Sig) -> usize {
    if matches!(s, Sig::DeviceCue | Sig::BufferCue) {
        KEEP_FIRST_DEVICES
    } else {
        KEEP_FIRST
    }
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

    fn add_line(&mut self, number: u64, text: &str, work: &mut signals::LineWork) {
        self.lines = number;
        // Runtime/OS markers only count: the first lines and every 32nd after are enough.
        let with_context = number <= CONTEXT_LINES || number.is_multiple_of(32);
        if number <= input::HEAD_LINES {
            input::note_head(self, text);
        }
        signals::signals_sampled(text, work, with_context);
        let sigs = &mut work.sigs;
        // A pasted OOM-killer task dump (often without its "Out of memory: Killed process" line): a few rows
        // in the kernel's format are the kill itself.
        if signals::is_oom_task_row(text) {
            self.oom_task_rows += 1;
            if self.oom_task_rows == 1 {
                self.oom_first_row = Some((number, text.to_owned()));
            }
            if self.oom_task_rows == 3 {
                sigs.push(Sig::HostKilled);
            }
        }
        for &s in sigs.iter() {
            self.hits
                .entry(s)
                .or_default()
                .add(number, text, !s.is_context(), keep_first_for(s));
        }
    }

    /// Appends what was found in a later part of the log.
    fn merge(&mut self, later: Scan) {
        self.lines = self.lines.max(later.lines);
        for (s, h) in later.hits {
            self.hits.entry(s).or_default().merge(h, keep_first_for(s));
        }
        self.head.push_str(&later.head);
        self.head_lines += later.head_lines;
        self.structured_lines += later.structured_lines;
        self.prose_lines += later.prose_lines;
        // A task dump whose rows fell on both sides of the cut reaches three rows only here.
        let (before, after) = (self.oom_task_rows, later.oom_task_rows);
        self.oom_task_rows += after;
        if before > 0
            && before < 3
            && after > 0
            && after < 3
            && before + after >= 3
            && let Some((line, text)) = &later.oom_first_row
        {
            self.hits
                .entry(Sig::HostKilled)
                .or_default()
                .add(*line, text, true, KEEP_FIRST);
        }
        if self.oom_first_row.is_none() {
            self.oom_first_row = later.oom_first_row;
        }
    }
}

/// A big log is read in blocks of whole lines, each scanned as two halves on two threads and merged in order;
/// memory stays bounded by the block. Smaller texts are scanned on the calling thread.
const BLOCK: usize = 4 << 20;
const PARALLEL_MIN: usize = 1 << 20;

/// Scans the lines of `part` (whole lines; the first is number `first + 1`).
fn scan_part(part: &[u8], first: u64, work: &mut signals::LineWork) -> std::io::Result<Scan> {
    let mut scan = Scan::default();
    scan::for_each_line(part, |_| {}, |n, line| scan.add_line(first + n, line, work))?;
    Ok(scan)
}

fn scan_all<R: std::io::Read>(
    mut reader: R,
    mut progress: impl FnMut(u64),
) -> std::io::Result<Scan> {
    let mut scan = Scan::default();
    // One reader per worker, kept across blocks: a big log's line shapes are remembered from block to block.
    let (mut work_a, mut work_b) = (signals::LineWork::default(), signals::LineWork::default());
    let mut buf: Vec<u8> = Vec::with_capacity(BLOCK);
    // Lines before the start of `buf`, and bytes read so far.
    let (mut done, mut read) = (0u64, 0u64);
    loop {
        let room = BLOCK.saturating_sub(buf.len()) as u64;
        let n = std::io::Read::read_to_end(&mut std::io::Read::take(&mut reader, room), &mut buf)?;
        read += n as u64;
        progress(read);
        let eof = n == 0 || buf.len() < BLOCK;
        // Whole lines only; the rest waits for the next block (at the end, everything). A block with no line
        // break at all (a line longer than the block) is taken whole: its line is cut anyway.
        let cut = if eof {
            buf.len()
        } else {
            memchr::memrchr(b'\n', &buf).map_or(buf.len(), |i| i + 1)
        };
        let part = &buf[..cut];
        let count = |p: &[u8]| memchr::memchr_iter(b'\n', p).count() as u64;
        let unterminated = u64::from(!part.is_empty() && !part.ends_with(b"\n"));
        let lines = if part.len() < PARALLEL_MIN {
            scan.merge(scan_part(part, done, &mut work_a)?);
            count(part) + unterminated
        } else {
            let mid = memchr::memchr(b'\n', &part[part.len() / 2..])
                .map_or(part.len(), |i| part.len() / 2 + i + 1);
            let (a, b) = part.split_at(mid);
            if !work_a.shapes.remembers() {
                work_a.shapes = signals::Shapes::remembering();
                work_b.shapes = signals::Shapes::remembering();
            }
            let a_lines = count(a);
            let (first, second) = std::thread::scope(|s| {
                let later = s.spawn(|| scan_part(b, done + a_lines, &mut work_b));
                let earlier = scan_part(a, done, &mut work_a);
                let later = later.join().unwrap_or_else(|_| {
                    Err(std::io::Error::other("a triage worker thread failed"))
                });
                (earlier, later)
            });
            scan.merge(first?);
            scan.merge(second?);
            a_lines + count(b) + unterminated
        };
        done += lines;
        buf.drain(..cut);
        if eof && buf.is_empty() {
            break;
        }
    }
    Ok(scan)
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
    let scan = scan_all(reader, progress)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A log of several blocks, with its telling lines at the start, on both sides of a half's cut and of a
    /// block's, and at the end: the parallel scan must find exactly what one sequential pass finds.
    #[test]
    fn parallel_blocks_read_like_one_pass() {
        let filler = "slot update_slots: id  0 | task 42 | prompt processing progress, n_past = 2048, n_tokens = 512\n\
            print_info: n_embd           = 4096\n";
        let mut log = String::from(
            "llama_model_load_from_file_impl: using device CUDA0 (NVIDIA GeForce RTX 4090) - 23000 MiB free\n",
        );
        let marks = [
            BLOCK / 2 - 300,
            BLOCK - 200,
            BLOCK + BLOCK / 2,
            2 * BLOCK + 100,
        ];
        for (i, m) in marks.iter().enumerate() {
            while log.len() < *m {
                log.push_str(filler);
            }
            // A task dump straddling the first cut, then other telling lines.
            if i == 0 {
                for pid in [2665, 3430, 7958, 8000] {
                    log.push_str(&format!(
                        "[ 100.1] [{pid:>7}]     0  {pid}    55756      339    77824       68             0 proc{pid}\n"
                    ));
                    log.push_str(filler);
                }
            } else {
                log.push_str(&format!(
                    "load_tensors:        CUDA0 model buffer size = {}.00 MiB\n",
                    1000 + i
                ));
            }
        }
        log.push_str("ggml_backend_cuda_buffer_type_alloc_buffer: allocating 9000.00 MiB on device 0: cudaMalloc failed: out of memory\n");
        let bytes = log.as_bytes();
        let parallel = scan_all(bytes, |_| {}).expect("scan");
        let sequential = scan_part(bytes, 0, &mut signals::LineWork::default()).expect("scan");
        assert_eq!(parallel.lines, sequential.lines);
        assert_eq!(parallel.head, sequential.head);
        assert_eq!(parallel.hits.len(), sequential.hits.len());
        for (s, h) in &sequential.hits {
            let p = &parallel.hits[s];
            assert_eq!(p.count, h.count, "{s:?}");
            assert_eq!(p.first, h.first, "{s:?}");
            assert_eq!(p.last, h.last, "{s:?}");
        }
        assert_eq!(verdict::decide(&parallel), verdict::decide(&sequential));
    }

    /// Pseudo-random lines (some empty, some long, some with phrases, some without a final newline) read the
    /// same in blocks on two threads as in one pass.
    #[test]
    fn parallel_scan_matches_one_pass_on_random_lines() {
        let words = [
            "out of memory",
            "cudaMalloc failed",
            "offloaded 20/33 layers to GPU",
            "CUDA0 model buffer size = 512.00 MiB",
            "Killed",
            "time=2025",
            "level=INFO",
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
            "slot update_slots",
            "é日本",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut log = String::new();
        while log.len() < BLOCK + BLOCK / 2 + 12_345 {
            let n = next() % 12;
            for _ in 0..n {
                log.push_str(words[(next() % words.len() as u64) as usize]);
                log.push(' ');
            }
            if next() % 997 == 0 {
                log.push_str(&"y".repeat(9000));
            }
            log.push('\n');
        }
        log.push_str("tail without a newline: out of memory");
        let bytes = log.as_bytes();
        let parallel = scan_all(bytes, |_| {}).expect("scan");
        let sequential = scan_part(bytes, 0, &mut signals::LineWork::default()).expect("scan");
        assert_eq!(parallel.lines, sequential.lines);
        for (s, h) in &sequential.hits {
            let p = &parallel.hits[s];
            assert_eq!(
                (p.count, &p.first, &p.last),
                (h.count, &h.first, &h.last),
                "{s:?}"
            );
        }
        assert_eq!(parallel.hits.len(), sequential.hits.len());
    }

    /// A dump whose rows are cut between the two halves still counts as one.
    #[test]
    fn task_dump_split_by_the_cut() {
        let row = |pid: u32| {
            format!(
                "[ 1.0] [{pid:>7}]     0  {pid}    55756      339    77824       68             0 p{pid}\n"
            )
        };
        let mut a = Scan::default();
        let mut b = Scan::default();
        let mut work = signals::LineWork::default();
        a.add_line(1, &row(1), &mut work);
        a.add_line(2, &row(2), &mut work);
        b.add_line(3, &row(3), &mut work);
        assert!(!a.has(Sig::HostKilled) && !b.has(Sig::HostKilled));
        a.merge(b);
        assert!(a.has(Sig::HostKilled));
    }
}
