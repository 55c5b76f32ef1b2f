//! Streaming line reader for logs of any size: splits on `\n`, drops `\r`, caps very long lines, decodes
//! invalid UTF-8 lossily and strips ANSI escape sequences. Memory is bounded by the line cap, whatever the input.

use std::io::Read;

/// Longer lines are cut (a minified JSON blob or a binary dump must not hold the whole file in memory).
pub const MAX_LINE: usize = 4096;
const CHUNK: usize = 1 << 16;

/// Calls `on_line(line_number (1-based), text)` for every line; `progress(bytes_read)` after every chunk.
pub fn for_each_line<R: Read>(
    mut reader: R,
    mut progress: impl FnMut(u64),
    mut on_line: impl FnMut(u64, &str),
) -> std::io::Result<()> {
    let mut buf = vec![0u8; CHUNK];
    let mut line: Vec<u8> = Vec::with_capacity(256);
    let mut text = String::with_capacity(256);
    let mut number = 0u64;
    let mut read_total = 0u64;
    // Printable ASCII (almost every log line) is passed on as it is; anything else is cleaned first.
    let mut emit = |raw: &[u8], number: &mut u64| {
        *number += 1;
        let raw = &raw[..raw.len().min(MAX_LINE)];
        // A Windows line ending is not content: without it the line may still be plain ASCII.
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        match plain_text(raw) {
            Some(s) => on_line(*number, s),
            None => {
                clean(raw, &mut text);
                // A line of binary garbage says nothing; its bytes must not become evidence.
                if !mostly_garbage(&text) {
                    on_line(*number, &text);
                }
            }
        }
    };
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        read_total += n as u64;
        let mut rest = &buf[..n];
        while let Some(pos) = memchr::memchr(b'\n', rest) {
            if line.is_empty() {
                // The whole line is in this chunk: no copy.
                emit(&rest[..pos], &mut number);
            } else {
                push_capped(&mut line, &rest[..pos]);
                emit(&line, &mut number);
                line.clear();
            }
            rest = &rest[pos + 1..];
        }
        push_capped(&mut line, rest);
        progress(read_total);
    }
    if !line.is_empty() {
        emit(&line, &mut number);
    }
    Ok(())
}

/// Mostly replacement characters (invalid UTF-8): binary data inside a text file.
fn mostly_garbage(text: &str) -> bool {
    let total = text.chars().count();
    total >= 8 && text.chars().filter(|&c| c == '\u{fffd}').count() * 4 > total
}

fn push_capped(line: &mut Vec<u8>, bytes: &[u8]) {
    let room = MAX_LINE.saturating_sub(line.len());
    line.extend_from_slice(&bytes[..bytes.len().min(room)]);
}

/// The line itself when it needs no cleaning: valid UTF-8 with no control byte (no escape, no `\r`, no tab),
/// no C1 control (lead byte 0xC2) and no replacement character (lead byte 0xEF, checked in `clean`).
fn plain_text(raw: &[u8]) -> Option<&str> {
    // No early exit: the fold compiles to a vector loop over the whole line.
    let outside = raw.iter().fold(0u8, |acc, &b| {
        acc | u8::from(b < 0x20 || b == 0x7f || b == 0xc2 || b == 0xef)
    });
    if outside == 0 {
        std::str::from_utf8(raw).ok()
    } else {
        None
    }
}

/// Lossy UTF-8, no `\r`, no ANSI escapes (`ESC [ … letter`, `ESC ] … BEL`), no other control bytes but tab.
fn clean(raw: &[u8], out: &mut String) {
    out.clear();
    let decoded = String::from_utf8_lossy(raw);
    let mut chars = decoded.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => match chars.peek() {
                Some('[') => {
                    chars.next();
                    for c in chars.by_ref() {
                        if c.is_ascii_alphabetic() || c == '~' {
                            break;
                        }
                    }
                }
                Some(']') => {
                    for c in chars.by_ref() {
                        if c == '\u{7}' {
                            break;
                        }
                    }
                }
                _ => {}
            },
            '\t' => out.push(' '),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(u64, String)> {
        let mut v = Vec::new();
        for_each_line(input, |_| {}, |n, l| v.push((n, l.to_owned()))).expect("read");
        v
    }

    #[test]
    fn crlf_ansi_invalid_utf8_and_long_lines() {
        let mut input = b"\x1b[31mCUDA error\x1b[0m: out of memory\r\nline \xff two\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 100_000));
        input.extend_from_slice(b"\nlast");
        let v = lines(&input);
        assert_eq!(v[0], (1, "CUDA error: out of memory".to_owned()));
        assert_eq!(v[1].1, "line \u{fffd} two");
        assert_eq!(v[2].1.len(), MAX_LINE);
        assert_eq!(v[3], (4, "last".to_owned()));
        // Binary garbage is numbered but not passed on.
        let v = lines(b"ok\n\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7 x\nafter\n");
        assert_eq!(v, vec![(1, "ok".to_owned()), (3, "after".to_owned())]);
        // Text beyond ASCII passes as it is; a C1 control or a tab is still cleaned, and so is a line of
        // replacement characters (already-decoded garbage), which is dropped.
        let v = lines("Loading ██████ 100% 显存不足\r\nC1 \u{85}x\ta\n\u{fffd}\u{fffd}\u{fffd}\u{fffd}\u{fffd}\u{fffd}\u{fffd}\u{fffd}\n".as_bytes());
        assert_eq!(v[0].1, "Loading ██████ 100% 显存不足");
        assert_eq!(v[1].1, "C1 x a");
        assert_eq!(v.len(), 2);
    }
}
