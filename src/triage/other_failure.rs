//! A failure the text shows with nothing of memory about it. When no rule names a cause, a text that says
//! something failed ("the app crashes on load", "Fatal error: Unexpectedly found nil", "转写失败") and says
//! nothing of memory (no allocation, no kill, no memory word, no size, no slowness) is not a memory failure:
//! the label says so, at low confidence, rather than "not recognised".

use super::signals::at_word_start;

/// Words that say something stopped or went wrong.
const FAILED: &[&str] = &[
    "error",
    "crash",
    "fail",
    "exception",
    "abort",
    "segfault",
    "panic",
    "fatal",
    "not work",
    "doesn't work",
    "does not work",
    "didn't work",
    "won't load",
    "won't start",
    "won't run",
    "won't work",
    "can't load",
    "can't run",
    "can't start",
    "cannot load",
    "cannot run",
    "cannot start",
    "unable to",
    "broken",
    "exit code",
    "exit status",
    "quits",
    // Output that is wrong rather than slow or missing: a kernel, quant type or template at fault.
    "gibberish",
    "garbage output",
    "garbage text",
    "garbage characters",
    "garbled",
    "报错",
    "错误",
    "失败",
    "崩溃",
    "闪退",
];

/// Words of memory, of size and of the symptoms that memory causes (a hang, a kill, a slow run): any of them
/// leaves the call to the rules that read memory, or to "not recognised".
const MEMORY: &[&str] = &[
    "memory",
    "memories",
    "outofmemory",
    "vram",
    "oom",
    "swap",
    "paging",
    "pagefile",
    // A container's shared memory (/dev/shm) full is RAM, whatever the message calls it.
    "shm",
    "page file",
    "killed",
    "hang",
    "hung",
    "freez",
    "froze",
    "stuck",
    "slow",
    "tok/s",
    "t/s",
    "tokens/s",
    "tokens per second",
    "too big",
    "too large",
    "larger model",
    "bigger model",
    "显存",
    "内存",
    "記憶體",
    "卡死",
    "卡住",
    "慢",
    "メモリ",
    "메모리",
];

/// Lines that only say another part failed, or that the run was stopped, and leave the reason to other lines
/// (Ollama's "llama runner process has terminated: exit status 2", vLLM's "Engine core initialization
/// failed. See root cause above"): the error itself is not in the text, so they show no failure to judge.
const WRAPPERS: &[&str] = &[
    "see root cause above",
    "engine core initialization failed",
    // llama-cpp-python's exception for any failed load: llama.cpp printed the cause before it.
    "failed to load model from file",
    // A scheduler cancelling the job (Slurm's "*** JOB 4411 ON node07 CANCELLED AT …"): stopped from outside,
    // for a reason (time limit, preemption, the user) the line does not give.
    "cancelled at",
    "process has terminated: exit status",
    // The same in Ollama's structured log: msg="llama runner terminated" error="exit status 1".
    "runner terminated",
];

/// The first failure word the text affirms, when it names nothing of memory.
pub(super) fn other_failure(head: &str) -> Option<&'static str> {
    let t: String = head
        .to_lowercase()
        .lines()
        .filter(|l| !WRAPPERS.iter().any(|w| l.contains(w)))
        .flat_map(|l| [l, "\n"])
        .collect();
    let b = t.as_bytes();
    // "RAM" is a whole word: not "ramalama", not "random".
    let ram =
        at_word_start(&t, "ram").any(|i| !b.get(i + 3).is_some_and(|c| c.is_ascii_alphabetic()));
    if ram || MEMORY.iter().any(|w| at_word_start(&t, w).next().is_some()) {
        return None;
    }
    FAILED.iter().copied().find(|w| {
        at_word_start(&t, w).any(|i| {
            // "No errors", "there isn't any type of error", "without a crash": denied, not shown.
            let sentence = t[..i].rsplit(['.', '!', '?', '\n']).next().unwrap_or("");
            // 没有报错 ("no error reported"), 无错误, 未失败: denied in Chinese.
            if ["没有", "没", "无", "未", "不"]
                .iter()
                .any(|n| sentence.trim_end().ends_with(n))
            {
                return false;
            }
            !sentence.split_whitespace().rev().take(4).any(|w| {
                matches!(
                    w,
                    "no" | "not" | "without" | "never" | "nor" | "isn't" | "wasn't"
                )
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::other_failure;

    #[test]
    fn a_failure_with_no_memory_word_is_read() {
        assert_eq!(
            other_failure("When loading Llama 3 models, the app consistently crashes\n"),
            Some("crash")
        );
        assert_eq!(
            other_failure("上传一个15分钟的音频 转写失败\n"),
            Some("失败")
        );
    }

    #[test]
    fn memory_words_denials_and_no_failure_leave_it_alone() {
        assert_eq!(other_failure("The app crashes: out of memory\n"), None);
        assert_eq!(
            other_failure("It crashes when loading a larger model\n"),
            None
        );
        assert_eq!(other_failure("It is slow, and then it crashes\n"), None);
        assert_eq!(
            other_failure("Installation completed with no errors.\n"),
            None
        );
        assert_eq!(other_failure("There isn't any type of error log\n"), None);
        assert_eq!(other_failure("How do I set the context length?\n"), None);
        // Inside other words nothing counts: "terror" holds "error", "program" holds "ram".
        assert_eq!(other_failure("a terror of a program\n"), None);
        assert_eq!(other_failure("16 GB RAM; it crashes\n"), None);
        assert_eq!(other_failure("ramalama run crashes\n"), Some("crash"));
        assert_eq!(
            other_failure("Error: llama runner process has terminated: exit status 2\n"),
            None
        );
    }
}
