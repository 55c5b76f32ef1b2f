//! What was dropped on the tab, before it is read as a log: a model file or binary data is named as such,
//! and a short paste in a person's own words is recognised as a description rather than a log.

use std::io::Read;

use super::Scan;

/// Bytes looked at to tell a log from a model file or binary data.
const SNIFF: usize = 64 * 1024;
/// Lines of the start kept for the description reader and the structure count.
pub const HEAD_LINES: u64 = 60;
/// Characters of the start kept.
const HEAD_CHARS: usize = 6000;

/// Reads up to `SNIFF` bytes (fewer only at the end of the input).
pub fn read_head<R: Read>(reader: &mut R) -> std::io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(4096);
    reader.take(SNIFF as u64).read_to_end(&mut head)?;
    Ok(head)
}

/// Said of input whose start is binary but that may still hold log lines further on (a log after a
/// block of garbage): it is read, and named as binary only when nothing in it is recognised.
pub const BINARY: &str = "binary data";

/// What the input is when it is not a text log: "a GGUF model file", "binary data"…
pub fn not_a_log(head: &[u8]) -> Option<&'static str> {
    if head.starts_with(b"GGUF") {
        return Some("a GGUF model file");
    }
    // safetensors: an 8-byte little-endian header length, then the JSON header.
    if head.len() >= 10 && head[8] == b'{' && matches!(head[9], b'"' | b' ' | b'\n') {
        let mut n = [0u8; 8];
        n.copy_from_slice(&head[..8]);
        let len = u64::from_le_bytes(n);
        if (2..100 << 20).contains(&len) {
            return Some("a safetensors model file");
        }
    }
    let magic: [(&[u8], &str); 8] = [
        (b"\x1f\x8b", "a gzip-compressed file (unpack it first)"),
        (b"PK\x03\x04", "a zip archive (unpack it first)"),
        (
            b"\x28\xb5\x2f\xfd",
            "a zstd-compressed file (unpack it first)",
        ),
        (b"\x89PNG", "a PNG image (paste the log's text instead)"),
        (
            b"\xff\xd8\xff",
            "a JPEG image (paste the log's text instead)",
        ),
        (b"%PDF", "a PDF document"),
        (b"\x7fELF", "a program (ELF binary)"),
        (b"MZ", "a Windows program"),
    ];
    for (m, what) in magic {
        if head.starts_with(m) {
            return Some(what);
        }
    }
    if head.is_empty() {
        return None;
    }
    // PyTorch checkpoints are zip files; pickles start with 0x80 and a protocol number.
    if head[0] == 0x80 && head.get(1).is_some_and(|b| (2..=5).contains(b)) {
        return Some("a pickled PyTorch / NumPy file");
    }
    let sample = &head[..head.len().min(SNIFF)];
    let nul = sample.iter().filter(|&&b| b == 0).count();
    let control = sample
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\n' | b'\r' | b'\t' | 0x1b | 0x0c) || b == 0x7f)
        .count();
    // UTF-16 text (a PowerShell redirect) is half NUL bytes; the line reader drops them and reads it.
    if nul * 4 >= sample.len() && sample.len() >= 16 {
        return None;
    }
    // Text (UTF-8 in any language, with ANSI colours) has almost no control bytes; binary data has many.
    let invalid_utf8 = match std::str::from_utf8(sample) {
        Ok(_) => 0,
        // A multi-byte character cut at the end of the sample is not an error.
        Err(e) if e.error_len().is_none() => 0,
        Err(_) => String::from_utf8_lossy(sample)
            .chars()
            .filter(|&c| c == '\u{fffd}')
            .count(),
    };
    if control * 20 > sample.len() || invalid_utf8 * 10 > sample.len() {
        return Some(BINARY);
    }
    None
}

/// Keeps the start of the text and counts how many of its lines look like program output.
pub fn note_head(scan: &mut Scan, text: &str) {
    let mut t = text.trim();
    if t.is_empty() {
        return;
    }
    // A whole sentence written as a Markdown heading ("### During training, suddenly OOM happened.") is the
    // person's words; a template's heading is a few words.
    let marks = t.bytes().take_while(|&b| b == b'#').count();
    if (1..=3).contains(&marks)
        && t[marks..].starts_with(' ')
        && t[marks..].split_whitespace().count() >= 8
    {
        t = t[marks..].trim_start();
    }
    // Issue-template headings ("### Describe the bug", "**Additional Information:**") are neither output
    // nor prose: they do not count either way.
    let heading = t.starts_with("# ") || t.starts_with("## ") || t.starts_with("### ") || {
        let inner = t.trim_end_matches(':').trim_end_matches("**");
        t.starts_with("**") && inner.len() > 2 && !inner[2..].contains("**") && inner.len() < 60
    };
    if heading {
        return;
    }
    scan.head_lines += 1;
    if looks_structured(t) {
        scan.structured_lines += 1;
    } else if is_sentence(t) {
        scan.prose_lines += 1;
    }
    if scan.head.len() < HEAD_CHARS {
        let room = HEAD_CHARS - scan.head.len();
        let end = (0..=t.len().min(room))
            .rev()
            .find(|&i| t.is_char_boundary(i))
            .unwrap_or(0);
        scan.head.push_str(&t[..end]);
        scan.head.push('\n');
    }
}

/// Program output rather than a person's sentence: a `name:` / `LEVEL` prefix, `key=value`, a timestamp, a
/// traceback, a path with a line number, brackets, a table rule.
fn looks_structured(t: &str) -> bool {
    // A Markdown bullet or quote ("- ", "* ", "> ") introduces prose as often as a log line: judge the rest.
    if let Some(rest) = ["- ", "* ", "> "].iter().find_map(|p| t.strip_prefix(p))
        && rest.starts_with(|c: char| c.is_ascii_alphabetic())
    {
        return looks_structured(rest);
    }
    // A numbered list item ("1. Have a GPU", "2). Do a trivial inference") likewise.
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if (1..=2).contains(&digits)
        && let Some(rest) = [". ", ") ", "). "]
            .iter()
            .find_map(|p| t[digits..].strip_prefix(p))
        && rest.starts_with(|c: char| c.is_ascii_alphabetic())
    {
        return looks_structured(rest);
    }
    let first = t.split_whitespace().next().unwrap_or("");
    let starts = t.starts_with([
        '[', '{', '|', '+', '#', '<', '-', '=', '*', '>', '$', '!', '(', '/', '\\', '.',
    ]) || t.starts_with("File \"")
        || t.starts_with("Traceback")
        || t.as_bytes().first().is_some_and(u8::is_ascii_digit);
    let prefix = first.ends_with(':')
        && first.len() > 1
        && (first.contains(['_', '.', '/', '\\']) || {
            // CamelCase ("RuntimeError:"), not a heading in capitals ("GPU:").
            let word = &first[..first.len() - 1];
            word.chars().skip(1).any(|c| c.is_ascii_uppercase())
                && word.chars().any(|c| c.is_ascii_lowercase())
        });
    let level = ["INFO", "WARN", "WARNING", "ERROR", "DEBUG", "FATAL"]
        .iter()
        .any(|l| first.trim_matches(|c: char| !c.is_ascii_alphabetic()) == *l);
    let key_value = t
        .split_whitespace()
        .any(|w| w.contains('=') && !w.starts_with('=') && !w.ends_with('='));
    // A name quoted in backticks inside a person's sentence ("When I tried `scripts/hf_eval.py`, I …") is
    // prose; a whole command in backticks is not a name, and programs quote too (Rust's "called
    // `Result::unwrap()`").
    let quoted = t.split('`').count() > 2
        && t.split('`').skip(1).step_by(2).all(|q| q.len() <= 48)
        && first_person(t);
    let t = if quoted {
        &t.split('`').step_by(2).collect::<Vec<_>>().join(" ")
    } else {
        t
    };
    // A script named by its bare file name inside a person's sentence ("In preprocess.py, when I use …") is
    // prose; a path, a line number or a frame ("foo.py:12", "File \"/x/foo.py\"") is not a bare name.
    let bare_name = |w: &str| {
        let w = w.trim_end_matches([',', '.', ';', '!', '?']);
        [".py", ".cpp"].iter().any(|e| {
            w.strip_suffix(e).is_some_and(|stem| {
                !stem.is_empty()
                    && stem
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            })
        })
    };
    let named = ((t.contains(".py") || t.contains(".cpp"))
        && t.split_whitespace().count() >= 8
        && first_person(t))
    .then(|| {
        t.split_whitespace()
            .filter(|w| !bare_name(w))
            .collect::<Vec<_>>()
            .join(" ")
    });
    let t = named.as_deref().unwrap_or(t);
    let code = t.contains("::")
        || t.contains("0x")
        || t.contains("()")
        || t.contains(".py")
        || t.contains(".cpp")
        || t.contains(".cu:")
        || t.contains(".go:");
    let clock = t.as_bytes().windows(5).any(|w| {
        w[0].is_ascii_digit()
            && w[1].is_ascii_digit()
            && w[2] == b':'
            && w[3].is_ascii_digit()
            && w[4].is_ascii_digit()
    });
    starts || prefix || level || key_value || code || clock
}

/// "I", "I'm", "my" or "we" as words (commas and full stops read as spaces).
fn first_person(t: &str) -> bool {
    let padded = format!(" {} ", t.to_ascii_lowercase().replace([',', '.'], " "));
    [" i ", " i'm ", " my ", " we "]
        .iter()
        .any(|w| padded.contains(w))
}

/// A short text in a person's words: few lines, almost none of them program output, and written as
/// sentences about what the user saw.
pub fn is_description(scan: &Scan) -> bool {
    if scan.lines > HEAD_LINES || scan.head_lines == 0 {
        return false;
    }
    let lower = scan.head.to_ascii_lowercase();
    let words = word_count(&lower);
    let padded = format!(" {}", lower.replace(['\n', ',', '.', '!', '?'], " "));
    let personal = [
        " i ", " i'm ", " i've ", " my ", " me ", " we ", " when ", " it ", " it's ", " keeps ",
        " tried ",
    ]
    .iter()
    .any(|w| padded.contains(w))
        // First person in Chinese, Japanese, Korean, Russian, German, French, Spanish.
        || ["我", "私", "僕", "저는", "나는", " я ", " ich ", " je ", " j'ai ", " yo ", " mi "]
            .iter()
            .any(|w| padded.contains(w));
    // A person quoting one or two error lines inside their words is still describing. Written in the third
    // person ("LM Studio crashed after …") it is still prose when two lines read as sentences.
    let mostly_words = scan.structured_lines * 5 <= scan.head_lines * 2
        // A short paste in the first person whose sentences are at least as many as its output lines
        // ("I am trying to load … but get an error" + "64GB RAM, RTX 4070S").
        || personal && scan.head_lines <= 6 && scan.prose_lines >= scan.structured_lines;
    // No line of program output at all, and a sentence among the lines (the rest a template's fields or a
    // list of versions): words too, whoever they are about.
    let no_output = scan.structured_lines == 0 && scan.prose_lines >= 1 && scan.head_lines >= 3;
    words >= 5 && (personal || scan.prose_lines >= 2 || no_output) && mostly_words
}

/// One to three lines of which none is program output, long enough to say something, written without "I"
/// ("The first image generates fine but upscaling crashes with OOM."): words, whoever they are about. Read
/// only where no failure line was found: a runtime's own messages can be sentences too.
pub fn is_terse_description(scan: &Scan) -> bool {
    scan.lines <= HEAD_LINES
        && scan.head_lines <= 3
        && scan.structured_lines == 0
        && word_count(&scan.head) >= 8
}

/// Words in a text; Chinese and Japanese write without spaces, so two of their characters count as a word.
fn word_count(t: &str) -> usize {
    t.split_whitespace()
        .count()
        .max(t.chars().filter(|c| !c.is_ascii()).count() / 2)
}

/// The person's own lines at the start of a pasted log (what is not the runtime's output): four words or
/// more that do not look like log output. `None` when there are none.
pub fn words_beside_log(scan: &Scan) -> Option<String> {
    let words: Vec<&str> = scan
        .head
        .lines()
        .map(str::trim)
        .filter(|l| l.split_whitespace().count() >= 4 && !looks_structured(l))
        .collect();
    (!words.is_empty()).then(|| words.join("\n"))
}

/// A sentence in the first person ("… i get cuda oom after only 866 tokens"): the person's own words, which
/// no runtime prints.
pub(super) fn is_personal_sentence(t: &str) -> bool {
    let padded = format!(
        " {} ",
        t.to_ascii_lowercase().replace([',', '.', '!', '?'], " ")
    );
    !looks_structured(t)
        && is_sentence(t)
        && [" i ", " i'm ", " my ", " we "]
            .iter()
            .any(|w| padded.contains(w))
}

/// A line that reads as an English sentence: six words or more with the small words prose is made of.
fn is_sentence(t: &str) -> bool {
    let padded = format!(" {} ", t.to_ascii_lowercase());
    t.split_whitespace().count() >= 6
        && [
            " the ", " is ", " was ", " and ", " to ", " but ", " when ", " with ", " of ", " a ",
            " that ", " in ", " for ", " as ", " on ",
        ]
        .iter()
        .filter(|w| padded.contains(*w))
        .count()
            >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_files_and_binary_are_not_logs() {
        assert_eq!(
            not_a_log(b"GGUF\x03\x00\x00\x00rest"),
            Some("a GGUF model file")
        );
        let mut st = 120u64.to_le_bytes().to_vec();
        st.extend_from_slice(b"{\"__metadata__\":{}}");
        assert_eq!(not_a_log(&st), Some("a safetensors model file"));
        // Deterministic pseudo-random bytes.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let random: Vec<u8> = (0..65536)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x >> 24) as u8
            })
            .collect();
        assert_eq!(not_a_log(&random), Some("binary data"));
        assert_eq!(
            not_a_log("llama_context: n_ctx = 4096\nCUDA error: out of memory\n".as_bytes()),
            None
        );
        assert_eq!(
            not_a_log("Ошибка: недостаточно памяти CUDA — 显存不足\n".as_bytes()),
            None
        );
    }

    #[test]
    fn log_lines_are_structured_prose_is_not() {
        for l in [
            "llama_context: n_ctx = 4096",
            "time=2025-01-01T10:00:00 level=INFO msg=\"x\"",
            "  File \"app.py\", line 3, in <module>",
            "RuntimeError: CUDA error: out of memory",
            "[12345.6] Out of memory: Killed process 4321",
            "INFO:     Uvicorn running on http://0.0.0.0:8000",
        ] {
            assert!(looks_structured(l), "{l}");
        }
        for l in [
            "When I load the 70B model the whole PC freezes and the disk light stays on.",
            "It generates at 2 tok/s, which seems far too slow for a 4090.",
        ] {
            assert!(!looks_structured(l), "{l}");
        }
    }
}
