//! A person's own words instead of a log: symptoms read from the text (slow with tok/s, freeze, crash at load
//! or later, killed, another holder, by design…), labelled with lower confidence and saying so.

use super::signals::Sig;
use super::verdict::{Call, call};
use super::{Label, Scan};

/// What the words read are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reading {
    /// A person's description pasted instead of a log.
    Description,
    /// A short log with no failure a rule knows, not prose. Its symptom words are read too, but not the
    /// generic ones a log is full of ("error", "load", "context") nor "swap"/"disk", which logs print as
    /// fields (Ollama's free_swap, paths).
    LogExcerpt,
    /// The person's own lines beside a pasted log whose failure line the rules read.
    BesideLog,
    /// The person's own lines beside pasted output in which nothing failed (it stops before the failure, or
    /// the error was a screenshot).
    OverQuietLog,
}

/// A person's description of what they saw: symptoms in `text` (the start of the scanned paste, or the
/// person's lines in it), read with lower confidence. `scan` gives the runtime markers.
/// PyTorch's advice and warnings about its allocator, printed whatever the cause (lower-cased).
const PYTORCH_HINTS: [&str; 5] = [
    "if reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation",
    "if reserved but unallocated memory is large try setting pytorch_cuda_alloc_conf=expandable_segments:true to avoid fragmentation",
    "if reserved but unallocated memory is large try setting max_split_size_mb to avoid fragmentation",
    "see documentation for memory management and pytorch_cuda_alloc_conf",
    // PyTorch's start-up warning where the allocator option does not exist (Windows, some ROCm builds).
    "expandable_segments not supported on this platform",
];

/// Words saying a cure was tried and did not help ("empty_cache() does nothing", "lowering the batch size did
/// not help", "依然无用"). One list for every reading of a cure tried in vain.
pub(super) const TRIED_IN_VAIN: &[&str] = &[
    "does nothing",
    "did nothing",
    "doesn't help",
    "does not help",
    "didn't help",
    "did not help",
    "no effect",
    "no difference",
    "doesn't work",
    "didn't work",
    // "I tried max_split_size_mb … but still got the error".
    "but still",
    "still got",
    "still get",
    // "Still useless", "no effect", "still doesn't work" in Chinese.
    "依然无用",
    "依然無用",
    "没有用",
    "沒有用",
    "无效",
    "無效",
    "不管用",
    "还是不行",
    "還是不行",
    // Said of the whole attempt ("the same error", "to no avail").
    "no luck",
    "to no avail",
    "same error",
    "same problem",
    "still the same",
    "not help",
];

/// The person says expandable segments — the allocator's cure for fragmentation — were tried and it still
/// failed ("I set expandable_segments:True but still got OOM"): whatever the reserve figures allow, the
/// memory is short, not split.
pub(super) fn fragmentation_cure_failed(text: &str) -> bool {
    let t = without_hints(&text.to_ascii_lowercase());
    t.match_indices("expandable_segments").any(|(i, _)| {
        let after: String = t[i..].chars().take(160).collect();
        // Any "still" after it counts here ("still OOM"), not only the phrases of the shared list.
        TRIED_IN_VAIN
            .iter()
            .chain(&["still"])
            .any(|w| after.contains(w))
    })
}

/// The text without PyTorch's hints, found whatever whitespace a paste wrapped them with ("try setting\n
/// max_split_size_mb to avoid fragmentation").
fn without_hints(t: &str) -> String {
    let mut out = t.to_owned();
    for hint in PYTORCH_HINTS {
        let words: Vec<&str> = hint.split(' ').collect();
        let mut from = 0;
        while let Some(rel) = out[from..].find(words[0]) {
            let start = from + rel;
            let mut end = start + words[0].len();
            let whole = words[1..].iter().all(|w| {
                let rest = &out[end..];
                let gap = rest.len() - rest.trim_start().len();
                if gap > 0 && rest[gap..].starts_with(w) {
                    end += gap + w.len();
                    true
                } else {
                    false
                }
            });
            if whole {
                out.replace_range(start..end, "");
                from = start;
            } else {
                from = start + words[0].len();
            }
        }
    }
    out
}

pub(super) fn describe(scan: &Scan, text: &str, reading: Reading) -> Option<Call> {
    let log_like = reading == Reading::LogExcerpt;
    let t = text.to_ascii_lowercase();
    // PyTorch's OOM message ends with advice that names fragmentation whatever the cause, and it warns at
    // start-up where the option is missing: neither says anything about the allocator's state; the person's
    // own words (or the numbers) must.
    let mut t = without_hints(&t);
    // A word in quotes is the word ("fall back to 'cpu'", "the `cuda` device"): quotes that do not sit
    // between two letters go, an apostrophe inside a word ("doesn't") stays.
    if t.contains(['\'', '"', '`']) {
        let b = t.as_bytes();
        let keep = |i: usize| {
            !matches!(b[i], b'\'' | b'"' | b'`')
                || i > 0
                    && i + 1 < b.len()
                    && b[i - 1].is_ascii_alphanumeric()
                    && b[i + 1].is_ascii_alphanumeric()
        };
        t = t
            .char_indices()
            .filter(|(i, c)| !c.is_ascii() || keep(*i))
            .map(|(_, c)| c)
            .collect();
    }
    // "No out of memory error anywhere", "without an OOM": a failure denied is no symptom; nor is one
    // guessed at ("probably running out of VRAM").
    for w in super::signals::OOM_PHRASES.into_iter().chain(["oom"]) {
        let denied: Vec<usize> = t
            .match_indices(w)
            // Where a word starts: "no room" denies nothing.
            .filter(|(i, _)| *i == 0 || !t.as_bytes()[*i - 1].is_ascii_alphanumeric())
            .filter(|(i, _)| {
                super::signals::denied_by(&t[..*i]) || super::signals::hedged(&t[..*i])
            })
            .map(|(i, _)| i)
            .collect();
        for i in denied.into_iter().rev() {
            t.replace_range(i..i + w.len(), &" ".repeat(w.len()));
        }
    }
    // Memory that "increases slowly" is a rate of growth, not a slow run.
    let grows_slowly: Vec<usize> = t
        .match_indices("slowly")
        .filter(|(i, _)| {
            t[..*i].split_whitespace().next_back().is_some_and(|w| {
                ["increas", "grow", "rise", "rising", "climb", "creep"]
                    .iter()
                    .any(|g| w.starts_with(g))
            })
        })
        .map(|(i, _)| i)
        .collect();
    for i in grows_slowly.into_iter().rev() {
        t.replace_range(i..i + "slowly".len(), "      ");
    }
    // llama.cpp's note that a tensor stays on the CPU by design is the runtime's line, not the person's
    // words ("using CPU instead" is no complaint about speed).
    if t.contains(super::signals::EMBEDDING_ON_CPU_NOTE) {
        t = t
            .lines()
            .filter(|l| !l.contains(super::signals::EMBEDDING_ON_CPU_NOTE))
            .collect::<Vec<_>>()
            .join("\n");
    }
    // Chinese and Japanese run ASCII words into their own ("直至OOM", "用GPU"): a space between the scripts
    // lets the word lists find them where a word starts.
    if !t.is_ascii() {
        let mut spaced = String::with_capacity(t.len() + 16);
        let mut prev: Option<char> = None;
        for ch in t.chars() {
            if let Some(p) = prev
                && (!p.is_ascii() && !p.is_whitespace() && ch.is_ascii_alphanumeric()
                    || p.is_ascii_alphanumeric() && !ch.is_ascii() && !ch.is_whitespace())
            {
                spaced.push(' ');
            }
            spaced.push(ch);
            prev = Some(ch);
        }
        t = spaced;
    }
    let t = t;
    // A word counts where a word starts: "load" is not in "download", "open" not in "reopen", "swap" not in
    // a hyphenated name ("llama-swap").
    let word_starts = |w: &'static str| {
        let b = t.as_bytes();
        t.match_indices(w).map(|(i, _)| i).filter(move |&i| {
            !w.starts_with(|c: char| c.is_ascii_alphabetic())
                || i == 0
                || !(b[i - 1].is_ascii_alphabetic()
                    || b[i - 1] == b'-' && i >= 2 && b[i - 2].is_ascii_alphanumeric())
        })
    };
    let has_word = |w: &'static str| word_starts(w).next().is_some();
    // "Enough disk space" is storage, not the disk busy paging.
    let disk_busy = t.match_indices("disk").any(|(i, _)| {
        let after = t[i + 4..].trim_start();
        // Where a file sits ("moved to the root of the disk", "on another disk") is no activity either.
        let before = t[..i].trim_end();
        !after.starts_with("space")
            && !["of the", "another", "on the", "to the"]
                .iter()
                .any(|w| before.ends_with(w))
    });
    // A word where it starts and the words before it do not deny it: "no process using the GPU" names no
    // holder.
    // A count of none denies it too: top's "Tasks: 525 total, 0 zombie" lists no zombie.
    let has_affirmed = |w: &'static str| {
        word_starts(w).any(|i| {
            let before = &t[..i];
            !super::signals::denied_by(before) && before.split_whitespace().next_back() != Some("0")
        })
    };
    let find_affirmed = |words: &[&'static str]| words.iter().copied().find(|w| has_affirmed(w));
    let find = |words: &[&'static str]| {
        words.iter().copied().find(|w| {
            has_word(w)
                && !(log_like && matches!(*w, "disk" | "swap"))
                && (*w != "disk" || disk_busy)
        })
    };
    let rate = super::events::rate_in(&t);
    let killed = find(&[
        "kernel died",
        "kernel has died",
        "kernel appears to have died",
        "kernel keeps dying",
        "kernel restarting",
        "low ram",
        "low device ram",
        "low on ram",
        "killed",
        "all available ram",
        "out of ram",
        "ran out of ram",
        // The RAM named by what it is beside ("run out of CPU RAM", "out-of-memory (CPU memory)").
        "out of cpu ram",
        "out of system ram",
        "out of host ram",
        "out of cpu memory",
        "out of system memory",
        "out of host memory",
        "(cpu memory)",
        "(system memory)",
        "(host memory)",
        // "The program will get kill", "the process will bekilled": the same word, misspelt.
        "get kill",
        "gets kill",
        "got kill",
        "bekilled",
        "oom killer",
        "oom-killer",
        "pagefile",
        "page file",
        "paging file",
        "of ram",
        "ram is full",
        "more ram",
        // Windows' warning when the commit limit (RAM + page file) is reached.
        "low on virtual memory",
        "out of virtual memory",
        "low on memory",
        // RAM taken whole, and a notebook's runtime restarted for it (Colab, Kaggle).
        "too much ram",
        "too many ram",
        "ram usage hit",
        "runtime restarted",
        "runtime got restarted",
        "runtime was restarted",
        // RAM said to be short for the load ("52 GB free of CPU RAM is not enough to load this model").
        "ram is not enough",
        "not enough ram",
        "not enough system memory",
        "not enough system ram",
        "not enough cpu ram",
        "insufficient cpu memory",
        "insufficient system memory",
        "insufficient host memory",
        "insufficient ram",
        // The kernel's ENOMEM as a person writes it ("I am getting \"can't allocate memory\"").
        "can't allocate memory",
        "cannot allocate memory",
        // RAM taken whole ("the model uses all 64 GB of the available RAM", "it eats all my RAM").
        "of the available ram",
        "all the ram",
        "all my ram",
        "all of my ram",
        "all of the ram",
        // "Ended by the system", "killed" in Chinese (the shell's own zh_CN word too).
        "被系统终止",
        "被系统杀",
        "被杀死",
        "被 kill",
        "被系统 kill",
        "已杀死",
        "被杀掉",
        "被操作系统关闭",
        "被操作系统终止",
        "被操作系统杀",
        // "Killed the program automatically".
        "自动 kill",
    ]);
    // "A process from yesterday I never killed" names a holder, not a kill.
    let killed = killed.filter(|k| (*k != "killed" && k.is_ascii()) || has_affirmed(k));
    // "32GB of RAM", "more RAM" state a capacity or a wish, not that RAM ran out; RAM taken whole ("it takes
    // up all the RAM") may be either: a freeze beside them is the paging, not a kill.
    // The page file named beside a freeze is where the paging goes (its size, its drive), not an error.
    let killed_weak = killed.is_some_and(|k| {
        matches!(
            k,
            "of ram"
                | "more ram"
                | "pagefile"
                | "page file"
                | "paging file"
                | "of the available ram"
                | "all the ram"
                | "all my ram"
                | "all of my ram"
                | "all of the ram"
        )
    });
    let others = find_affirmed(&[
        "at the same time",
        "simultaneously",
        "alongside",
        "zombie",
        "previous run",
        "another instance",
        "second instance",
        "two instances",
        // Instances of any app named between the number and the word ("two ComfyUI instances open").
        "instances open",
        "instances running",
        "instances of",
        // A program left running: a game still in the background, a job someone forgot to stop, an app
        // closed whose memory stays.
        "still running in the background",
        "forgot to stop",
        "forgot to close",
        "forgot to kill",
        "left running",
        "even though i closed",
        "even after closing",
        // Memory still in use after the program that took it was closed, or a run never ended.
        "after closing",
        "after i closed",
        "never killed",
        "didn't kill",
        "did not kill",
        "never closed",
        "multiple instances",
        "both instances",
        "other instance",
        "multiple models",
        "two models",
        "xorg",
        "other users",
        "another process",
        "other process",
        "something else is using",
        "other program",
        "still holding",
        "still hold",
        "not released",
        "not freed",
        "doesn't free",
        "still in use",
        // Memory the last run or the first copy kept: "VRAM doesn't clear between generations", "it didn't
        // clean its memory when reloading", "train fails if serve is still running", "loads the model twice".
        "doesn't clear",
        "does not clear",
        "didn't clear",
        "doesn't seem to clear",
        "didn't clean",
        "did not clean",
        "is still running",
        "load model twice",
        "loads the model twice",
        "loaded twice",
        // The same in Chinese: "occupied", "kept occupying", "not released (after killing it)".
        "被占用",
        // Two processes (two instances of a server) on one card, another process.
        "两个进程",
        "其他进程",
        "另一个进程",
        "一直占用",
        "未释放",
        "没有释放",
        "没有得到释放",
        "不释放",
        "occupied by",
        // Xinference's refusal: "GPU index 0 has been occupied with a vLLM model".
        "has been occupied",
        "occupied with a",
        // A stopped instance's container or process that "continues to occupy GPU memory".
        "continues to occupy",
        "still occupies",
        "still occupy",
        "process using",
        "processes using",
        "another app",
        // "Not enough VRAM for both" (two programs), not "this happens for both models".
        "not enough vram for both",
        "not enough memory for both",
        "no room for both",
        "not enough for both",
        "both models loaded",
        "both models are loaded",
        "both models at once",
        "another model",
        "another program",
        "browser",
        "already used",
        "already in use",
        "already occupied",
        "used by something",
        "used by another",
        "held by",
        "nothing is running",
        "nothing else is running",
        // A model another program keeps in memory.
        "already loaded",
        "still loaded",
        "stays loaded",
        "keeps the model loaded",
        "kept loaded",
        // Other programs named by what they take: browser tabs, a second UI run beside this one.
        "web page",
        "in parallel",
        "taking gpu memory",
        "taking up vram",
        "took up vram",
        "takes up vram",
        "take up vram",
        // Two servers or UIs sharing one card.
        "two servers",
        "second server",
        "another server",
        "both servers",
        "running two",
        "servers on the same",
        "instances on the same",
        // Programs that keep GPU memory while they run.
        "discord",
        "wallpaper engine",
        // Memory already taken when nothing of this run was loaded yet.
        "before loading anything",
        "before anything is loaded",
        "before i load",
        "before loading the model",
        // Memory in use that no process owns (nvidia-smi lists none): an orphaned context, a crashed run.
        "no process is listed",
        "no processes are listed",
        "no process listed",
        "no processes listed",
        "without any process",
        // A process nvidia-smi does not show but nvtop does, or one left behind by a killed run.
        "ghost process",
        "phantom process",
        "orphaned process",
        // A model another program does not let go of ("it doesn't unload the LLM from VRAM").
        "doesn't unload",
        "does not unload",
        "never unloads",
        // Other jobs on the card named as such: "external processes", "concurrent GPU processes", "more and
        // more processes running in my GPUs".
        "external process",
        "external gpu process",
        "concurrent process",
        "concurrent gpu process",
        "processes running in my gpu",
        "processes running on my gpu",
        "processes running on the gpu",
    ])
    // "At the same time" names a holder where two programs run or stay loaded together ("I run ComfyUI and
    // Ollama at the same time"); not as "meanwhile" opening a sentence, nor for the GPU and the CPU sharing
    // one model, nor for work a single program does at once ("pages processed simultaneously").
    .filter(|w| {
        !matches!(*w, "at the same time" | "simultaneously")
            || t.match_indices(w).any(|(i, _)| {
                let (start, end) = sentence_around(&t, i);
                let sentence = &t[start..end];
                let opens = t[start..i].trim().is_empty();
                let devices = sentence.contains("cpu")
                    && (sentence.contains("gpu") || sentence.contains("vram"));
                let together = [
                    "run", "using", "use ", "open", "load", "resident", "launch", "start ",
                ]
                .iter()
                .any(|v| sentence.contains(v));
                !opens && !devices && together
            })
    })
    // An issue template's "Browser: Chrome 109", "Browser Chrome", "### Browser" heading or "What web browser
    // you are using" names the browser the UI is viewed in, not a program holding the card.
    .filter(|w| {
        *w != "browser"
            || t.match_indices("browser").any(|(i, _)| {
                let rest = &t[i + "browser".len()..];
                let line_start = t[..i].rfind('\n').map_or(0, |n| n + 1);
                let heading = t[line_start..i]
                    .trim_matches(|c: char| c.is_whitespace() || "#*-".contains(c))
                    .is_empty()
                    && rest.split('\n').next().is_some_and(|r| r.trim().is_empty());
                let named = ["chrome", "firefox", "edge", "safari", "brave", "opera"]
                    .iter()
                    .any(|b| rest.trim_start_matches([' ', ':']).starts_with(b));
                // The browser as a holder is said beside what it holds ("Chrome keeps 3 GB of VRAM", "a
                // browser with dozens of tabs"); "open the browser at port 5173" is where the UI is shown.
                let (a, b) = sentence_around(&t, i);
                let holds = ["vram", "gpu", "memory", "tabs", "acceleration", "video"]
                    .iter()
                    .any(|w| t[a..b].contains(w));
                holds
                    && !(rest.starts_with(':')
                        || heading
                        || named
                        || rest.starts_with(" you are using"))
            })
    })
    // "On another server it only needs 23 GB" names a second machine to compare with, not a second server
    // on this card.
    .filter(|w| {
        !(*w == "another server"
            && (t.contains("on another server") || t.contains("in another server")))
    })
    // "内存不释放" is system RAM not given back (内存 is RAM, 显存 the GPU's): a growth to read, not a
    // holder of the card.
    .filter(|w| {
        !(w.contains("释放")
            && t.contains("内存")
            && !["显存", "gpu", "vram", "cuda"]
                .iter()
                .any(|g| t.contains(g)))
    })
    // Memory "not released after each step" is the same run growing, not another program holding it.
    .filter(|w| {
        !(matches!(*w, "not released" | "not freed")
            && t.match_indices(w).all(|(i, _)| {
                let after: String = t[i + w.len()..].chars().take(40).collect();
                after.contains("each ") || after.contains("every ")
            }))
    });
    let load_failed = find(&[
        "won't load",
        "will not load",
        "fails to load",
        "failed to load",
        "can't load",
        "cannot load",
    ]);
    // In a log excerpt the English crash, load and "later" words are the runtime's ("error", "load",
    // "context"); words in another script ("爆显存", "中途") are the person's own, whatever surrounds them.
    // An English word right after Chinese or Japanese ("直至OOM") is the person's too: no runtime writes so.
    let after_other_script = |w: &str| {
        t.match_indices(w).any(|(i, _)| {
            t[..i]
                .trim_end()
                .chars()
                .last()
                .is_some_and(|c| !c.is_ascii())
        })
    };
    let crash_find = |words: &[&'static str]| {
        words
            .iter()
            .copied()
            .filter(|w| !log_like || !w.is_ascii() || after_other_script(w))
            .find(|w| has_word(w))
    };
    let crash = crash_find(&[
        "crash",
        "out of memory",
        "out of gpu memory",
        "out of vram",
        "out of video memory",
        "out-of-memory",
        "insufficient memory",
        "memory is insufficient",
        "memory was insufficient",
        "insufficient graphics memory",
        "insufficient graphic memory",
        "unable to allocate",
        // The same in the languages issue threads are most often written in.
        "内存不足",
        "显存不足",
        "显存溢出",
        // "The VRAM blew up": the everyday Chinese for running out of it.
        "爆显存",
        "显存不够",
        "内存不够",
        "显存爆",
        "显存炸",
        // "It causes memory overflow": how many who write English as a second language say OOM.
        "memory overflow",
        "overflow of memory",
        "崩溃",
        "メモリ不足",
        "クラッシュ",
        "메모리 부족",
        "недостаточно памяти",
        "nicht genügend speicher",
        "mémoire insuffisante",
        "memoria insuficiente",
        "sin memoria",
        "oom",
        "not enough memory",
        "not enough vram",
        "not enough video memory",
        "not enough gpu memory",
        "not enough graphics memory",
        "won't start",
        "will not start",
        "fails to start",
        "failed to start",
        "error",
        "fails",
        "failed",
        "closes",
        "quits",
        "dies",
        "exits",
        "aborts",
    ])
    // A load that does not happen is a failure too, named last: it says nothing about memory.
    .or(load_failed.filter(|_| !log_like));
    // "Even before the first prompt" places the failure ahead of the word, not after it.
    let not_before = |w: &str| {
        t.match_indices(w)
            .any(|(i, _)| !super::signals::last_words_include(&t[..i], 2, &["before"]))
    };
    let later = crash_find(&[
        "之后",
        // Midway, until (it grew until it failed), more and more.
        "中途",
        "途中",
        "直到",
        "直至",
        "逐步增加",
        "随着",
        // Frames of a video: the activations grow with them.
        "帧",
        "不断增加",
        "一直增加",
        "持续增加",
        "越来越",
        "一段时间",
        "上下文",
        "对话",
        "会話",
        "しばらく",
        "コンテキスト",
        "이후",
        "контекст",
        "nach einer weile",
        // "Then", "afterwards" in Portuguese, Spanish and French ("gerei algumas imagens, mas depois…").
        "depois",
        "después",
        "despues",
        "après",
        "after a while",
        "after a few",
        "after some",
        // Time or traffic before the failure: the run went on, the load was long done.
        "running for a day",
        "running for hours",
        "been running for",
        "after hours",
        "after a day",
        "many requests",
        "long conversation",
        "longer prompt",
        "long prompt",
        "context",
        // The context's and the parallel slots' settings by their names: raised, they grow the KV cache even
        // where the runtime allocates it at start.
        "num_ctx",
        "n_ctx",
        "ctx-size",
        "ctx_size",
        "--parallel",
        "-np ",
        "n_parallel",
        "parallel slots",
        " slots",
        "after only",
        " -c ",
        // A larger image than the one that worked; the VAE turning latents into pixels (or back).
        "upscal",
        "resolution",
        "vae encod",
        "vae decod",
        "hires",
        "higher resolution",
        "larger resolution",
        // The input image said to be big ("when the image size is big it gives OOM").
        "image size is big",
        "image size is large",
        "image is big",
        "image is large",
        "big image",
        "large image",
        "larger image",
        "bigger image",
        "few messages",
        // The tokens asked for and the requests served at once grow the KV cache too.
        "max_tokens",
        "max_new_tokens",
        "max-tokens",
        "parallel requests",
        "parallel users",
        "concurrent requests",
        "concurrent users",
        "batch of",
        // Longer videos, more frames: the activations.
        "more frames",
        "longer video",
        "handful of",
        "several messages",
        "couple of messages",
        "few turns",
        "later",
        "minutes",
        "while generating",
        // Stopped part of the way through a job (a transcription, a batch): it had run.
        "partway",
        "part way through",
        "midway",
        "halfway",
        "in the middle of",
        "inference",
        "inferring",
        "when i send",
        "long input",
        "large input",
        "big prompt",
        "large prompt",
        "batch size",
        "generate",
        "generating",
        "too long",
        "gets long",
        "grows",
        // Memory that climbs over the run until it runs out ("gradually increases until there is not enough").
        "gradually increas",
        "keeps increasing",
        "kept increasing",
        "keep increasing",
        "keeps growing",
        "kept growing",
        // More beams keep more sequences, each with its KV cache.
        "beam size",
        "num_beams",
        // Training steps and the sequence length they run at: activations and gradients, past the load.
        "training",
        "fine-tun",
        "finetun",
        " sft",
        "cutoff_len",
        "max_seq_len",
        "sequence length",
        "during generation",
        "mid-",
        // The prompt's own pass (prefill, prompt processing): the weights are in place by then.
        "prefill",
        "prompt processing",
        // A prompt's size in tokens, a pasted document: the context, not the weights.
        "k tokens",
        "000 tokens",
        "long document",
        "large document",
        "big document",
        "when i paste",
        "first prompt",
        "first request",
        "first message",
    ])
    // The load itself is said to have worked.
    .or_else(|| crash_find(&LOADED))
    .or_else(|| {
        crash_find(&[
            "once loaded",
            "after loading",
            // A later run fails where the first worked (the activations or a cache grew, not the weights).
            "second one",
            "second image",
            "second time",
            "second request",
            "first one works",
            // A longer input than the one that works: audio, video, a file, a chat that went on.
            "works on short",
            "works with short",
            "works for short",
            "short clips",
            "long audio",
            "longer audio",
            "hour audio",
            "hour-long",
            "long video",
            "long file",
            "longer file",
            "new chat",
            "new conversation",
            "first image works",
            "first run works",
        ])
    })
    .filter(|w| not_before(w))
    .or_else(|| after_count(&t).filter(|_| !log_like))
    // Inference (as against 加载, loading): the weights were in place. "加载推理" is "load and run", both.
    .or_else(|| {
        t.match_indices("推理")
            .any(|(i, _)| !t[..i].ends_with("加载") && !t[..i].ends_with("載入"))
            .then_some("推理")
    });
    // "load" in code ("load_image(", "torch.load(", "load_state_dict") is a call the person pasted, not their
    // saying it failed while loading.
    let in_prose = |w: &'static str| {
        let b = t.as_bytes();
        word_starts(w).any(|i| {
            let end = i
                + w.len()
                + b[i + w.len()..]
                    .iter()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .count();
            let called = i > 0 && matches!(b[i - 1], b'.' | b'_');
            let identifier = matches!(b.get(end), Some(b'_' | b'('));
            !called && !identifier
        })
    };
    let load = [
        "load",
        "start",
        "launch",
        "open",
        "加载",
        "載入",
        "読み込",
        "로드",
    ]
    .into_iter()
    .filter(|w| !log_like || !w.is_ascii() || after_other_script(w))
    .find(|w| {
        if w.is_ascii() {
            in_prose(w)
        } else {
            has_word(w)
        }
    });
    let freeze = find(&[
        "freez",
        "frozen",
        // Word starts only: "changing" is not a hang.
        " hang",
        "unresponsive",
        // The verb is a symptom even in a log; "swap" alone is also a log field (free_swap).
        "swapping",
        "disk",
        "swap",
        "stutter",
        // The drive busy the whole time (Task Manager's "SSD at 100 %").
        "ssd is at",
        "ssd at 100",
        "ssd usage",
        "100% ssd",
        "laggy",
        " lags",
        "lagging",
        // A load that never finishes ("stuck on loading", a spinner that never stops).
        "stuck",
        "spinning",
        "locks up",
        "lock up",
        "grinds",
        "memory pressure",
        "beach ball",
        // The same in Chinese: "stuck", "frozen", "the machine hangs", "not responding", "stutters".
        "卡住",
        "卡死",
        "死机",
        "无响应",
        "卡顿",
        // "RAM usage is very high, regularly paging".
        "paging",
        "hard reset",
        // The whole machine going down (not the program): memory pressure, as a freeze.
        "system crash",
        // All of the RAM taken (WSL2's VM process is vmmem): whatever is slow then waits on the disk.
        "all my ram",
        "all of my ram",
        "all the ram",
        "vmmem",
    ]);
    // A model loaded before and never released: "it works, then another one fails", "changing the model".
    // Beside a freeze or swapping they are one more source of memory pressure, not the holder.
    let others = others.or_else(|| {
        find(&[
            "another one",
            "previous model",
            "first model",
            "second model",
            "change the model",
            "changing the model",
            "switch the model",
            "switching the model",
            "switch models",
            "switching models",
        ])
        .filter(|_| freeze.is_none())
        // "Changing the modelPath to my local path" is a setting, not a second model loaded.
        .filter(|w| {
            !w.ends_with("the model")
                || t.match_indices(w).any(|(i, _)| {
                    let rest = &t[i + w.len()..];
                    !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                        && !rest.trim_start().starts_with("path")
                })
        })
    });
    // A rate's unit alone is a measurement, not a complaint: 81 tokens/s is not slow. Only a rate below what
    // reads comfortably (about 10 tokens/s, reading speed with margin) is a symptom without a word for it.
    const SLOW_RATE: f64 = 10.0;
    let lowest_rate = super::events::lowest_rate_in(&t);
    let slow = find(&[
        "slow",
        // Drawn out for emphasis ("so slooooow").
        "sloo",
        "很慢",
        "速度慢",
        "太慢",
        "非常慢",
        "特别慢",
        "好慢",
        // Tokens "spat out one character at a time".
        "一个字一个字",
        "遅い",
        "トークン/秒",
        "느리",
        "медленн",
        "langsam",
        "lent",
        "lento",
        "sluggish",
        "crawl",
        // A rate per minute is slow whatever the number.
        "tokens per minute",
        "token per minute",
        "tokens a minute",
        "tokens/min",
        "words per minute",
        "takes forever",
        "barely used",
        "gpu utilization",
        "gpu util",
        "low gpu",
        "cpu and gpu",
        "partially on cpu",
        "minutes per",
        "gpu is not used",
        "gpu not use",
        "gpu usage",
        "cpu usage",
        "100% cpu",
        "not using the gpu",
        "not using gpu",
        "runs on the cpu",
        "all the cpu",
        "using the cpu",
        "using cpu",
        "cpu/gpu",
        "running on the cpu",
        // The same said the other way round: the card idle, the processor doing the work.
        "runs on cpu",
        "running on cpu",
        "only on the cpu",
        "only on cpu",
        "on cpu only",
        "only uses the cpu",
        "only uses cpu",
        "only using the cpu",
        "only using cpu",
        "only using my cpu",
        "forces cpu",
        "forces the cpu",
        // "The LLM runs on the CPU" (运行到CPU上, 跑在CPU上), "only the CPU is used" (只用CPU); the text has a
        // space between the scripts by now.
        "运行到 cpu",
        "运行在 cpu",
        "跑到 cpu",
        "跑在 cpu",
        "在 cpu 上运行",
        "在 cpu 上跑",
        "只用 cpu",
        "只使用 cpu",
        "只能用 cpu",
        "只能使用 cpu",
        "with only cpu",
        "with only the cpu",
        // Asking how to get the card used: it is not.
        "how to use the gpu",
        "how to use gpu",
        "how can i use the gpu",
        "how can i use gpu",
        "always on cpu",
        "always on the cpu",
        // The card asked for and nothing gained: the work still runs where it ran before.
        "no speed up",
        "no speedup",
        "no speed-up",
        "speed up is quite poor",
        "speedup is poor",
        "not faster than",
        "no faster than",
        "速度并没有提升",
        "速度没有提升",
        "没有加速",
        "cpu instead",
        "instead of the gpu",
        "instead of gpu",
        // The processor busy and the card idle ("the CPU utilization jumps but not the GPU").
        "but not the gpu",
        // The same in Chinese: "(the CPU is doing it) rather than the graphics card".
        "而非显卡",
        "而非顯卡",
        "而不是显卡",
        "而不是顯卡",
        // "The card's utilization is very low, only 20-something" (显卡利用率很低).
        "利用率很低",
        "利用率低",
        // "VRAM and GPU utilization are both not high", "the card's resources are not fully used".
        "占用率都不高",
        "占用率不高",
        "利用率不高",
        "没有完全利用",
        "没有充分利用",
        "no gpu load",
        "no gpu used",
        "any gpu being used",
        "any gpus being used",
        "just uses cpu",
        "just uses the cpu",
        "no gpu usage",
        "no gpu is used",
        "cuda is not used",
        "cuda device is not used",
        "cuda device not used",
        "gpu device is not used",
        // `ollama ps`'s split written with dashes ("35%-65% CPU-GPU"): part of the model on the processor.
        "% cpu-gpu",
        "no cuda is used",
        "not using cuda",
        "gpu is not being used",
        "gpu isn't being used",
        "gpu not being used",
        "gpu isn't used",
        "gpu is not utilized",
        "doesn't use the gpu",
        "doesn't use my gpu",
        "does not use the gpu",
        "does not use my gpu",
        "not using my gpu",
        "does not use gpu",
        "doesn't use gpu",
        "not seem to be using",
        "doesn't seem to be using",
        "gpu at 0",
        "gpu is at 0",
        "gpu stays at 0",
        "0% gpu",
        "cpu at 100",
        "cpu is at 100",
        // Minutes for one answer, seconds for one word.
        "minutes to answer",
        "minutes to respond",
        "minutes to reply",
        "minutes to generate",
        "minutes for a reply",
        "minutes for an answer",
        "word per second",
        "words per second",
        "seconds per word",
        "seconds per token",
        "very long time",
        "a long time",
        "taking very long",
        "takes very long",
        "taking so long",
        "takes so long",
        "taking too long",
        "takes too long",
        // Asking for speed the card should give: part of the model is not on it.
        "could be faster",
        "speeding up",
        "speed it up",
        "speed up generation",
        "speed up inference",
        "performance dropped",
        "drop in performance",
        "performance drop",
        // Part of the model kept in system RAM, in the runtimes' own words (ComfyUI's lowvram mode and
        // "loaded partially", llama.cpp/Ollama partial offload).
        "lowvram",
        "loaded partially",
        "partially offload",
        "partial offload",
        "offloaded to cpu",
        "offloaded to the cpu",
        "for cpu inference",
        "of the model on the cpu",
        "of the model runs on the cpu",
        "fit in vram",
        "fit into vram",
        "spilling into",
        "spilled into",
        "spilling to",
        "spilled to",
        "overflows into",
        "overflowing into",
        "overflowed into",
        "overflows to",
        "generation speed",
        // The card left idle in other words: "it uses the cpu even though I have CUDA", "wasn't utilizing my
        // GPU", "not offloading", the model "offloaded to RAM" while VRAM sits unused.
        "uses the cpu",
        "not utilizing",
        "wasn't utilizing",
        "isn't utilizing",
        "not utilising",
        "wasn't utilising",
        "isn't utilising",
        "not utilize",
        "not utilise",
        "n't utilize",
        "n't utilise",
        "not offloading",
        "isn't offloading",
        "doesn't offload",
        "does not offload",
        "offloaded to ram",
        "offloaded to system ram",
        "vram not used",
        "vram is not used",
        "vram unused",
        // A step the runtime moved to the processor ("the VAE decode falls back to CPU").
        "falls back to cpu",
        "fell back to cpu",
        "falling back to cpu",
        "fall back to cpu",
        "extremely long time",
        // Seconds for one answer.
        "seconds to answer",
        "seconds to respond",
        "seconds to reply",
        "seconds to generate",
    ]);
    // The card left idle said any other way: "JAX is not picking up my GPU", "without using the GPU", "only
    // the CPU is used", a device printed as the CPU. Not finding the card at all is `undetected`, below.
    let slow = slow.or_else(|| find(gpu_left_idle()));
    let slow_rate = rate.filter(|_| lowest_rate.is_some_and(|r| r < SLOW_RATE));
    let slow = slow.or_else(|| {
        find(&["tok/s", "tokens per second", "t/s", "tokens/s"])
            .filter(|_| lowest_rate.is_none_or(|r| r < SLOW_RATE))
    });
    // The allocator's own state in words: PyTorch's caching allocator keeps freed blocks reserved, and its
    // OOM text names the cure (expandable_segments, max_split_size_mb, empty_cache).
    let fragmented = find(&[
        "fragment",
        "reserved but unallocated",
        "reserved-but-unallocated",
        "reserved-unallocated",
        "reserved and unallocated",
        "expandable_segments",
    ]);
    // The allocator's cache named as what helped ("it goes away when I call empty_cache") is fragmentation;
    // named as what did not help ("empty_cache() does nothing") it says nothing about the allocator.
    let tried_in_vain = find(TRIED_IN_VAIN);
    let cache_words = find(&["empty_cache", "max_split_size", "caching allocator"])
        .filter(|_| tried_in_vain.is_none());
    // A server that reserves a share of the GPU at start (vLLM's gpu_memory_utilization, 0.9 by default;
    // SGLang's mem-fraction-static; TGI's warm-up) shows high memory use however small the model: asked about
    // without a failure, that use is by design.
    // LMDeploy reserves its KV cache at start too (cache_max_entry_count, 0.8 of what is free by default).
    let reserving_server = scan.has(Sig::RtVllm)
        || has_word("vllm")
        || scan.has(Sig::RtSglang)
        || scan.has(Sig::RtTgi)
        || has_word("lmdeploy");
    let high_use = find(&[
        "uses all",
        "use all",
        "takes all",
        "takes up",
        "occupies",
        "so much vram",
        "so much memory",
        "so much gpu memory",
        "that much gpu memory",
        "that much memory",
        "that much vram",
        "reserved memory is always",
        "high memory usage",
        "memory usage is high",
        "high vram usage",
        "显存占用较大",
        "显存占用很大",
        "显存占用过大",
        "显存占用高",
        "90%",
        "95%",
    ])
    .filter(|_| reserving_server);
    // Little RAM in use while a model runs: the weights are memory-mapped and counted as the file cache, not
    // the process (Ollama, llama.cpp); by design, not a fault.
    let ram_unused = find(&[
        "does not use my ram",
        "doesn't use my ram",
        "not using my ram",
        "doesn't use the ram",
        "barely uses any ram",
        "barely use any ram",
        "ram usage stays",
        "only utilizing",
        "only utilising",
        // The program's own figure far below what the RAM meter shows: the mapped file is counted as cache.
        "ram remains unused",
        "ram stays unused",
        "listed as consuming only",
        "listed as using only",
        "shows as using only",
    ]);
    // A memory failure in a container while the GPU's memory is far from full: the container's RAM limit
    // (Docker's --memory, Docker Desktop's VM), not the card.
    let in_container = find(&["docker", "container", "kubernetes", "k8s", "podman"]);
    let gpu_not_full = find(&[
        "hardly uses",
        "barely uses over",
        "doesn't show it's using all",
        "doesn't show it using all",
        "not using all the",
        "isn't using all",
        "vram is not full",
        "gpu memory is not full",
    ]);
    // Nothing failed: the runtime reserves memory up front by design (vLLM's gpu_memory_utilization, TGI's
    // warm-up, llama.cpp's preallocated KV cache).
    // Out of memory named anywhere, by the person or a runtime line they quote.
    let oom_named = find(&[
        "out of memory",
        "out of gpu memory",
        "out of vram",
        "out of video memory",
        "out-of-memory",
        "oom",
        "not enough vram",
        "not enough memory",
        "insufficient memory",
        "显存不足",
        "显存不够",
        "爆显存",
    ]);
    let by_design = find(&[
        "nothing wrong",
        "by design",
        "working as intended",
        "works as intended",
        "preallocat",
        "pre-allocat",
        // A warning the run went on after.
        "just a warning",
        "only a warning",
        "harmless",
        "can be ignored",
        "safe to ignore",
        "still works",
        "works anyway",
        "只是 warning",
        "只是警告",
        "不影响使用",
        "不影响运行",
        "無視して",
        "問題ありません",
    ])
    // Said in a sentence ("this is expected behaviour"), not the issue template's heading ("### Expected
    // behavior" above what the person wanted to happen).
    .or_else(|| {
        t.match_indices("expected behavio")
            .any(|(i, _)| {
                !t[..i]
                    .rsplit('\n')
                    .next()
                    .unwrap_or("")
                    .trim_start_matches(|c: char| c.is_whitespace() || "#*_>-".contains(c))
                    .is_empty()
            })
            .then_some("expected behavio")
    });
    // A question whether the memory in use is normal ("it consumes around 18GB, which seems quite high"):
    // read only when nothing failed, froze or ran slowly.
    let usage_question = find(&[
        "memory usage expected",
        "memory usage normal",
        "usage is expected",
        "usage is normal",
        "is this normal",
        "is this expected",
        "is it expected",
        "is that expected",
        "is that normal",
        "is it normal",
        "seems quite high",
        "seems very high",
        "seems too high",
        "seems high",
        "seems excessive",
        // The same asked the other way: why so little is used ("I wonder why it is so low").
        "lower than expected",
        "less than expected",
        "why it is so low",
        "why is it so low",
        "shouldn't it be higher",
        "should it be higher",
        "uses so little",
        "using so little",
        // Curiosity, not a failure ("I was curious why …", "may I ask why the gap is so big?").
        "curious why",
        "i wonder why",
        "wondering why",
        "why the gap",
        "why is the gap",
        "not a blocking issue",
        "more memory than expected",
        "more vram than expected",
        "higher than expected",
        // Memory in use told as a fact ("it occupies 44 gb", "the gpu memory is about 22G"), with nothing said to
        // fail.
        "occupies",
        "consumes",
        "memory is about",
        "memory is around",
        "memory cost",
        // Asked with words between ("whether the GPU memory usage in this setup is normal").
        "is normal",
        "increase in gpu memory",
        "increase in memory",
        // Less used than the card has ("will not use more than 50% of my VRAM", "not using as much GPU memory
        // as I expected").
        "not use more than",
        "not using more than",
        "not use as much",
        "not using as much",
    ]);
    // The person says memory is ample, or that it worked in an earlier version: the failure is a bug or a
    // limit, not a lack of memory.
    let ample = find(&[
        "fits easily",
        "easily fit",
        "should fit",
        "plenty of",
        "more than enough",
        "perfectly capable",
        "not an issue before",
        "worked before",
        "used to work",
        "worked fine in",
        "regression",
        // "The device memory is empty" when it failed.
        "memory is empty",
    ]);
    // The same with any model size: what does not grow with the model is not its memory, whatever the
    // symptom (a freeze, a stutter, a crash).
    let size_independent = find(&[
        "no matter the size",
        "no matter what size",
        "no matter how small",
        "regardless of the size",
        "regardless of size",
        "regardless of model size",
        "even with small models",
        "even small models",
        "even the smallest",
        // Every model the person tried fails alike ("with any model I try", "all models suddenly fail",
        // "doesn't matter which model I load").
        "with any model",
        "on any model",
        "any model size",
        "load any model",
        "loading any model",
        "all models",
        "every model",
        "matter which model",
        "with any of them",
    ])
    // "Even with a 1B model", "even a tiny model": a model far too small to fill a card fails the same way.
    .or_else(|| tiny_model_too(&t).then_some("even a small model"))
    // "Won't load any model" is one model failing ("any" after a negation), not every model tried.
    .filter(|w| {
        !w.contains("load any")
            || t.match_indices(w).any(|(i, _)| {
                let before = t[..i].trim_end();
                !["n't", "not", "unable to", "cannot", "never"]
                    .iter()
                    .any(|n| before.ends_with(n))
            })
    });
    // It began with a new version: a regression, unless the person also names what the memory did (a spill,
    // a slow run), which is then the finding.
    let after_update = find(&[
        "after the update",
        "after updating",
        "since the update",
        "since updating",
        "after upgrading",
        "after last update",
        "after the last update",
        "after the latest update",
        "since the last update",
        "after the version update",
        "since the version update",
        "no longer fits",
        // "crash is new with 1.56", "new in b5450": the version that brought it.
        "is new with",
        "new with version",
        "is new in",
        "broken after release",
        "broken since",
    ]);
    // An older version named as the cure ("downgrading to 0.5.9 works"): a regression in the newer one,
    // whatever the memory did in it.
    let downgrade = find(&[
        "downgrading",
        "downgraded",
        "downgrade to",
        "downgrade it",
        "downgrade the",
        "rolling back",
        "rolled back",
        "roll back to",
        "roll back on",
        "roll back the",
        "reverting to",
        "reverted to",
        "old version of the script had no",
        "older version works",
        "previous version works",
        "older versions work",
        // The stable release named as the one without the problem (a nightly or an update has it); an earlier
        // release said to work is `earlier_release_works`.
        "not observed in the stable",
        "not happen in the stable",
        "not happen on the stable",
        "n't happen in the stable",
        "n't happen on the stable",
        "works in the stable",
        "works on the stable",
        "works with the stable",
        "fine in the stable",
        "fine on the stable",
        "fine with the stable",
        "stable version works",
        "stable release works",
    ])
    // "It works fine with 2.10.1": a version number named as the one that works.
    .or_else(|| version_works(&t).then_some("works with an earlier version"));
    // A reinstalled driver or runtime named as what cured it: the install was broken, not the memory short.
    let reinstalled = find(&[
        "reinstalling the driver",
        "reinstalled the driver",
        "reinstalling the nvidia driver",
        "reinstalled the nvidia driver",
        "after reinstalling",
        "reinstall fixed",
        "reinstalling fixed",
        "reinstalling it fixed",
    ]);
    // The person says the GPU was not found at all ("doesn't detect the GPU", "No NVIDIA/AMD GPU detected",
    // "CPU-only mode"): whatever ran slowly or failed after that ran on the CPU by mistake, a driver, toolkit
    // or build problem, not a shortage of VRAM.
    let undetected = find(&[
        "not detect",
        "doesn't detect",
        "didn't detect",
        "don't detect",
        "can't detect",
        "cannot detect",
        "doesn't seem to detect",
        "didn't seem to detect",
        "fails to detect",
        "failed to detect",
        "fails to identify",
        "failed to identify",
        "doesn't identify",
        "does not identify",
        // The card's memory shown as nothing: the runtime does not see the GPU.
        "vram is displayed as 0",
        "vram is shown as 0",
        "vram shows 0",
        "vram shows as 0",
        "vram as 0",
        "no gpu detected",
        "no nvidia/amd gpu",
        "no nvidia gpu",
        "no amd gpu",
        "gpu not detected",
        "gpu is not detected",
        "gpu not found",
        "no gpu found",
        "cpu-only mode",
        "cpu only mode",
        "gpu was not working",
        "gpu is not working",
        "gpu wasn't working",
        "gpu isn't working",
        // The card left unused from the moment its driver changed: the running program still has the old one
        // loaded, or the new one does not serve this runtime.
        "after i upgraded my nvidia",
        "after i updated my nvidia",
        "after upgrading my nvidia",
        "after updating my nvidia",
        "after updating nvidia drivers",
        "after updating amd drivers",
        "after updating the driver",
        "after upgrading the driver",
        "after the driver update",
        "after a driver update",
    ])
    .filter(|_| {
        ["gpu", "cuda", "rocm", "nvidia", "radeon"]
            .iter()
            .any(|w| t.contains(w))
    });
    let not_memory = find(&[
        // Memory that keeps growing while the work does not is a bug in the program, not too little memory.
        "memory leak",
        "leaking memory",
        "leaks memory",
        "illegal instruction",
        "illegal memory access",
        "unsupported",
        "not supported",
        "incompatible",
        // A model file that never arrived whole.
        "incomplete download",
        "download was interrupted",
        "download got interrupted",
        "interrupted download",
        "file is corrupt",
        "file was corrupt",
        "corrupted file",
        "corrupted download",
    ]);
    // Minutes (or many seconds) for a single token is the disk paging, not the CPU computing.
    let per_token = find(&["per token", "one token", "each token", "a single token"])
        .filter(|_| t.contains("minute"));
    // "I need 33.6 GB of 30.5 GB RAM": the system RAM is short (" ram" excludes "vram").
    let ram_short = (t.contains(" ram") && (t.contains("need") || t.contains("require")))
        .then_some("RAM needed");
    // Apple's chips by name, except "M2 NVMe": the SSD's form factor.
    let apple_chip = find(&[" m1", " m2", " m3", " m4"]).filter(|w| {
        !t.match_indices(w).all(|(i, _)| {
            let after = t[i + w.len()..].trim_start();
            ["nvme", "ssd", "pcie", "drive", "slot"]
                .iter()
                .any(|d| after.starts_with(d))
        })
    });
    let mac = find(&[
        " mac ",
        " mac,",
        " mac.",
        "macbook",
        "macos",
        "mac studio",
        "mac mini",
        "apple",
        "metal",
    ])
    .or(apple_chip)
    .or_else(|| {
        find(&[
            "unified memory",
            "mlx",
            "mtl",
            "wired",
            // Phones and tablets on Apple silicon: the same unified memory, capped harder by iOS.
            "iphone",
            "ipad",
            " ios ",
        ])
    });
    // An AMD card by its family or model ("Radeon", "7900xtx", "RX 6800"); "AMD" alone only where it is not
    // the processor ("AMD Ryzen 7 2700X").
    let amd = find(&super::signals::AMD_CARDS)
        .or_else(|| find(&["gfx1"]))
        .or_else(|| {
            find(&["amd"]).filter(|w| {
                t.match_indices(w).any(|(i, _)| {
                    let after = t[i + w.len()..].trim_start();
                    ![
                        "ryzen",
                        "cpu",
                        "processor",
                        "threadripper",
                        "epyc",
                        "athlon",
                    ]
                    .iter()
                    .any(|c| after.starts_with(c))
                })
            })
        });
    // "It fails to load" alone could be an unknown architecture or a broken file; with memory named
    // (or the VRAM, an allocation, the model's size against the card) it is the load that does not fit.
    let memory_named = find(&[
        "memory",
        "vram",
        "oom",
        "allocat",
        "buffer",
        "too big",
        "too large",
        "doesn't fit",
        "does not fit",
        "won't fit",
        "内存",
        "显存",
        "メモリ",
        "메모리",
        "памят",
        "speicher",
        "mémoire",
        "memoria",
    ])
    // The card's capacity stated beside the failure ("my GPU has 24GB", "on a 12 GB card"): the size of the
    // model against the memory is what the person is asking about.
    .or_else(|| states_capacity(&t).then_some("GB"));
    // "41/41 layers", "all layers on the GPU", "fully offloaded": nothing of the model sat in system RAM.
    let all_on_gpu = find(&[
        "all layers on the gpu",
        "all layers on gpu",
        "all layers are on the gpu",
        "fully offloaded",
        "full offload",
        "100% gpu",
        "entirely on the gpu",
    ])
    .or_else(|| full_layers_in(&t).then_some("every layer on the GPU"))
    // A setting is not what happened: when the person also sees the model in system RAM, the layers did not
    // all reach the GPU (VRAM full, or the driver's shared-memory fallback).
    .filter(|_| {
        ![
            "system ram",
            "system memory",
            "shared gpu memory",
            "shared memory",
            "virtual memory",
            "ram usage",
            "cpu usage",
            "100% cpu",
            "システム ram",
            "仮想メモリ",
            "共享",
        ]
        .iter()
        .any(|w| t.contains(w))
    });
    // Pinned (page-locked) host memory named in a failure: system RAM the driver may lock, not VRAM.
    let pinned = find(&["pinned memory", "pinned host", "page-locked"]);
    let container_ram = in_container
        .and(gpu_not_full)
        .filter(|_| crash.is_some() || memory_named.is_some());
    let fragmented = fragmented
        .or(cache_words)
        .filter(|_| !fragmentation_cure_failed(&t));
    // vLLM's and SGLang's own startup refusal, in words: the KV cache cannot hold one sequence of the context.
    let server_kv = find(&[
        "kv cache",
        "kv-cache",
        "cache blocks",
        "max_model_len",
        "max-model-len",
        "mem_fraction_static",
        "mem-fraction-static",
        "max_total_num_tokens",
        "gpu_memory_utilization",
    ])
    .filter(|_| reserving_server || find(&["vllm", "sglang"]).is_some())
    // A server's own log prints its KV-cache sizing at every start; its refusal is a failure line a rule
    // reads. In a log the words alone are no symptom.
    .filter(|_| !log_like);
    // The failure named harmless by the person who saw the run go on.
    let non_fatal = find(&["non-fatal", "not fatal", "nonfatal"]);
    // The runtime's own recovery in the person's words, or a question whether a warning matters.
    let fell_back = find(&[
        "falling back",
        "fell back",
        "falls back",
        "should i worry",
        "is this a problem",
        "can i ignore",
        "is something wrong",
        "should i be concerned",
        "should i be worried",
        "something to worry about",
        "anything to worry about",
        "is it a memory problem",
        "is this a memory problem",
    ])
    .or(non_fatal);
    // Memory in use while the program waits ("eats 3 GB of VRAM on stand by"): a loaded model kept for the
    // next request, when nothing failed, froze or ran slowly.
    let idle = find(&[
        "stand by",
        "standby",
        "when idle",
        "while idle",
        "at idle",
        "is idle",
        "doing nothing",
        "not generating",
    ]);
    // Memory that grows with the conversation, nothing failing: the history is the prompt, so each turn
    // adds to the KV cache and activations ("occupied memory keeps growing with more talks").
    let chat_growth = find(&[
        "keeps growing",
        "keep growing",
        "keeps increasing",
        "keep increasing",
        "grows with",
        "increases with",
        "increase with",
        "会增加",
        "不断增加",
    ])
    .filter(|_| {
        [
            "talk",
            "conversation",
            "chat",
            "history",
            "message",
            "turn",
            "对话",
            "历史",
        ]
        .iter()
        .any(|w| t.contains(w))
    });
    // Several cards and only one in use, nothing failing: a model that fits one card is kept on it.
    let one_card = find(&[
        "only one gpu is used",
        "only one gpu is being used",
        "only one gpu used",
        "only uses one gpu",
        "only use one gpu",
        "only uses 1 gpu",
        "only use 1 gpu",
        "only one of the gpus",
        "only one of my gpus",
    ]);
    // Memory still held after the chat client ended (`/bye`, the terminal closed) while Ollama's server runs:
    // the server keeps the model loaded for the next request. A zombie of another program is not this.
    let kept_by_server = find(&[
        "/bye",
        "after exiting",
        "after i exit",
        "after closing the terminal",
        "after closing the chat",
        "closed the terminal",
        "exiting the chat",
        "exit the chat",
    ])
    .filter(|_| scan.has(Sig::RtOllama) || has_word("ollama"));
    // The person says it worked ("I was able to generate images"): with no crash, freeze or complaint about
    // speed beyond the runtime's own partial-offload mode, the warning they ask about was recovered from.
    let worked = find(&[
        "was able to generate",
        "able to generate",
        "works fine",
        "working fine",
        "runs fine",
        "works normally",
        "runs normally",
        "answers normally",
        "responds normally",
        "everything works",
        // The output itself said to be right.
        "looks fine",
        "answers fine",
        "generates normally",
        "generates text normally",
        "generated the answer",
        "answers correctly",
        "output is correct",
        "output is fine",
        "loads and answers",
        "loads and generates",
        "generation works",
        "it works",
        "seems to be working",
        "seems to work",
        "looks good",
        "looking good",
    ])
    // "Still runs" is a recovery only beside a failure the person calls non-fatal; alone it often goes on
    // to a complaint ("still runs in lowvram mode and takes twice as long").
    .or_else(|| {
        find(&[
            "still runs",
            "still works",
            "still loads",
            "still generates",
            "runs anyway",
        ])
        .filter(|_| non_fatal.is_some())
    })
    .filter(|worked_word| {
        // A quoted warning ("failed to allocate …, falling back") is no crash when the person says the
        // runtime fell back and carried on.
        // One the person calls non-fatal is no crash, whatever it printed ("out of memory").
        let crash_is_the_warning = crash.is_some_and(|c| matches!(c, "error" | "fails" | "failed"))
            && fell_back.is_some()
            || non_fatal.is_some();
        // "It loads and short generation works, but the prefill fails": what worked is set against what
        // failed after it.
        let contrasted = |w: &str| {
            t.match_indices(w).all(|(i, _)| {
                let sentence = &t[i + w.len()..sentence_around(&t, i).1];
                sentence.find(" but ").is_some_and(|b| {
                    ["fail", "crash", "oom", "error", "out of memory", "killed"]
                        .iter()
                        .any(|f| sentence[b..].contains(f))
                })
            })
        };
        // And the other way: "I've had this error a few times, but the results are looking good".
        // Not "but it works in ComfyUI", "but it works with the 7B": another app, version or model compared.
        let despite = t.match_indices(worked_word).any(|(i, _)| {
            let start = sentence_around(&t, i).0;
            let after = t[i + worked_word.len()..].trim_start();
            t[start..i].contains(" but ")
                && !["in ", "on ", "with ", "for ", "when ", "if "]
                    .iter()
                    .any(|w| after.starts_with(w))
        });
        (crash.is_none() || crash_is_the_warning || despite)
            && !contrasted(worked_word)
            && freeze.is_none()
            && slow.is_none_or(|s| matches!(s, "lowvram" | "loaded partially"))
    });
    // The program vanishes while loading without a word ("closes immediately without any error"): a GPU
    // allocation the runtime cannot make is reported ("out of memory"); a process ended from outside — the
    // OS out of RAM, Windows out of commit (RAM + page file) as the weights pass through — is not.
    let silent = find(&[
        "no reason why",
        "closes immediately",
        "just closes",
        "silently",
        "vanishes",
        "disappears",
        // A web UI losing its server (ComfyUI's "Reconnecting…"): the process went away without a word.
        "disconnects",
        "reconnecting",
    ])
    .or_else(|| says_no_error(&t).then_some("no error"))
    .filter(|_| oom_named.is_none() && find(&["allocat"]).is_none());
    // The program went away part-way through, at a point the person can name ("it gets to 4/9 on the progress
    // bar and then just exits", "到60%的时候就会自动退出", ComfyUI "reconnecting", stopping at around 15 %), and
    // no error was printed: the process was ended from outside, by the OS when system RAM ran out.
    let vanished_midway = find(&[
        "just exits",
        "then exits",
        "just quits",
        "just closes",
        "just shuts down",
        "disconnects",
        "reconnecting",
        "自动退出",
        "直接退出",
    ])
    .filter(|_| {
        oom_named.is_none() && (!has_word("error") || says_no_error(&t)) && progress_point(&t)
    });
    // "The model requires 13GB of GPU memory, but I only have 8GB": the weights against the card.
    let weights_over_card = (has_word("requires") || has_word("needs") || has_word("need"))
        && (t.contains("only have") || t.contains("only has") || t.contains("i only got"))
        && states_capacity(&t)
        && !t.contains(" ram")
        && !t.contains("内存");
    // The person says the model is larger than the memory it must go into.
    let too_big = find(&[
        "too big to fit",
        "too large to fit",
        "doesn't fit in",
        "does not fit in",
        "won't fit in",
        "will not fit in",
        "doesn't fit into",
        "does not fit into",
        "won't fit into",
        "will not fit into",
    ]);
    // The program itself ended (not a request refused, not an error shown).
    let ended = crash_find(&[
        "crash",
        "closes",
        "closed",
        "quits",
        "dies",
        "exits",
        "aborts",
        "shuts down",
        "shut down",
        "terminat",
        "disconnects",
        "reconnecting",
        "闪退",
        "崩溃",
    ]);
    // Swap named as memory in use ("swap had to be used", "2 GiB of swap"), not a swap of models. Beside a
    // lock-up it is system RAM running out: whatever else runs at the same time adds to that pressure, it
    // does not hold the card.
    let swap_in_use = find(&[
        "swapping",
        "swap is",
        "swap was",
        "swap had",
        "of swap",
        "swap usage",
        "swap used",
        "used swap",
        "swap space",
        "swapfile",
        "swap file",
    ]);
    // The whole machine switching off or restarting under load ("the power goes off on my PC", "the OS
    // reboots"): running out of memory ends a process, never the computer. That is power delivery (the
    // supply's transients, an undervolt or overclock) or the driver. A Mac that panics does restart when
    // unified memory runs out, so Apple machines are left to the memory readings.
    let power_loss = find(&[
        "power goes off",
        "power went off",
        "powers off",
        "powered off",
        "power off",
        "pc turns off",
        "computer turns off",
        "pc shuts down",
        "pc shut down",
        "computer shuts down",
        "pc restarts",
        "computer restarts",
        "pc reboots",
        "computer reboots",
        "os reboots",
        "system reboots",
        "machine reboots",
        "reboots my pc",
        "reboots the pc",
        "restarts my pc",
        "rebooted the machine",
    ])
    // A machine that froze first and was then restarted by hand is the paging's lock-up, not a power cut.
    .filter(|_| mac.is_none() && freeze.is_none());
    let mut said_at_load = false;
    let (label, symptom, why) = if let (Some(p), Some(_), None) = (pinned, crash, worked) {
        (
            Label::NotMemory,
            p,
            "Pinned (page-locked) host memory was refused: that is system RAM the driver may lock (Windows with mmap off, WSL2 and containers cap it), not VRAM. Turn mmap back on or disable pinned buffers (GGML_CUDA_NO_PINNED=1).",
        )
    } else if let Some(w) = fragmented {
        (
            Label::VramFragmentation,
            w,
            "Memory the allocator keeps reserved but cannot hand out in one piece (fragmentation) made a large request fail while enough was free in total.",
        )
    } else if let (Some(w), None) = (high_use, crash) {
        (
            Label::RecoveredNoFailure,
            w,
            "vLLM, SGLang and TGI reserve a fixed share of GPU memory when they start (gpu_memory_utilization, 0.9 by default; --mem-fraction-static; TGI's warm-up) and fill it with KV cache, so memory use looks high however small the model: by design, not a failure. Lower that share to leave room for other programs.",
        )
    } else if let Some(w) = power_loss {
        (
            Label::NotMemory,
            w,
            "The whole computer switched off or restarted. Running out of memory ends the program, never the machine: this is power delivery (the power supply's load spikes, an undervolt or overclock) or the graphics driver. Test at stock clocks with a lower power limit (nvidia-smi -pl, MSI Afterburner) and check the power supply's rating and cables.",
        )
    } else if let Some(w) = downgrade {
        (
            Label::NotMemory,
            w,
            "An older version is said to work on the same machine and settings: a regression in the newer one (report it, or stay on the older version) rather than a lack of memory.",
        )
    } else if let Some(w) = reinstalled {
        (
            Label::NotMemory,
            w,
            "A reinstall is said to have cured it on the same machine and settings: the install (driver, toolkit or runtime) was broken, not the memory short.",
        )
    } else if let Some(w) = undetected {
        (
            Label::NotMemory,
            w,
            "The GPU was not detected or not used at all, so the model ran on the CPU: a driver, toolkit or build problem (a CPU-only build, a driver the runtime cannot use, a broken install), not a lack of VRAM. The runtime's device lines (llama.cpp's ggml_cuda_init / 'found N devices', Ollama's 'inference compute') show what it found.",
        )
    } else if let Some(w) = size_independent {
        (
            Label::NotMemory,
            w,
            "It happens with any model size, so it is not the model's memory: look at the driver, the GPU scheduler or display settings, the disk the model is read from, or a bug in this version.",
        )
    } else if let Some(w) = worked {
        (
            Label::RecoveredNoFailure,
            w,
            "It ran: the warning it printed was recovered from (a fallback such as a low-VRAM mode is slower, not a failure).",
        )
    } else if let Some(w) = container_ram {
        (
            Label::HostOomKilled,
            w,
            "The memory error comes from inside a container while the GPU's memory is far from full: the container's RAM limit (docker run --memory, Docker Desktop's or WSL2's VM size) ran out, not the card. Raise the limit, or give the container the host's memory.",
        )
    } else if let Some(w) =
        ram_unused.filter(|_| crash.is_none() && (killed.is_none() || killed_weak))
    {
        (
            Label::RecoveredNoFailure,
            w,
            "Little RAM shown for the runtime is by design: the weights are memory-mapped from the model file, so the OS counts them as file cache (buff/cache), not as the process's memory. Nothing is wrong with the memory; speed on a CPU alone is bounded by RAM bandwidth.",
        )
    } else if let Some(w) = by_design.filter(|_| {
        // "Is this the expected behaviour?" asked about an out-of-memory failure is still the failure.
        freeze.is_none() && killed.is_none() && oom_named.is_none()
    }) {
        (
            Label::RecoveredNoFailure,
            w,
            "The runtime reserves GPU memory up front on purpose; high memory use alone is not a failure.",
        )
    } else if let Some(w) = idle.filter(|_| {
        crash.is_none()
            && freeze.is_none()
            && slow.is_none()
            && killed.is_none()
            && others.is_none()
    }) {
        (
            Label::RecoveredNoFailure,
            w,
            "Memory in use while nothing runs is the model (and the runtime's buffers) kept loaded so the next request starts at once: by design, not a leak and not a failure. It is freed when the model is unloaded (Ollama's keep_alive, the UI's unload button, or closing the program).",
        )
    } else if let Some(w) = one_card.filter(|_| {
        crash.is_none()
            && freeze.is_none()
            && killed.is_none()
            && slow.is_none()
            && slow_rate.is_none()
    }) {
        (
            Label::RecoveredNoFailure,
            w,
            "Nothing failed: a model that fits on one GPU is kept on one (Ollama's scheduler, llama.cpp with --split-mode none, device_map=\"auto\" filling the first card first), because spreading it adds traffic between the cards and no speed. To spread it anyway: OLLAMA_SCHED_SPREAD=1 for Ollama, --tensor-split for llama.cpp, tensor parallelism for vLLM.",
        )
    } else if let Some(w) = chat_growth.filter(|_| {
        crash.is_none()
            && freeze.is_none()
            && killed.is_none()
            && slow.is_none()
            && others.is_none()
    }) {
        (
            Label::RecoveredNoFailure,
            w,
            "Memory that grows with each turn of a chat is the conversation itself: the history is sent again as the prompt, so the KV cache and activations grow with it. Nothing failed; clearing the history (or a shorter context limit) gives the memory back.",
        )
    } else if let Some(w) = kept_by_server.filter(|_| {
        // "0% GPU usage" beside it says the card idles, not that the run is slow.
        crash.is_none() && freeze.is_none() && killed.is_none() && slow_rate.is_none()
    }) {
        (
            Label::RecoveredNoFailure,
            w,
            "Ollama's server keeps a model in GPU memory after the chat ends (keep_alive, 5 minutes by default) so the next request starts at once: the client exiting does not unload it. By design, not a leak: `ollama stop MODEL` unloads it now, and OLLAMA_KEEP_ALIVE=0 (or keep_alive: 0 in a request) unloads it after each request.",
        )
    } else if let Some(o) = others.filter(|_| !(freeze.is_some() && swap_in_use.is_some())) {
        (
            Label::VramHeldByOther,
            o,
            "GPU memory held by another process (a stale run, a second server) leaves too little for this one.",
        )
    } else if let Some(k) = server_kv {
        (
            Label::VllmKvInsufficient,
            k,
            "vLLM and SGLang reserve their share of GPU memory (gpu_memory_utilization) for weights and KV cache at start and refuse to run when the KV cache cannot hold the configured context (max_model_len).",
        )
    } else if let Some(k) =
        killed.filter(|_| !(killed_weak && (freeze.is_some() || slow.is_some())))
    {
        (
            Label::HostOomKilled,
            k,
            "System RAM (with the page file or swap) ran out: the OS killed the process or refused the allocation.",
        )
    } else if let Some(c) = crash.filter(|c| {
        // "OOM with 64G ram and a 13B model": an out-of-memory said beside the machine's RAM, in a text that
        // names no GPU, Mac or phone at all, can only be the RAM.
        OOM_WORDS.contains(c) && ram_capacity_stated(&t) && mac.is_none() && !names_a_gpu(&t)
    }) {
        (
            Label::HostOomKilled,
            c,
            "The memory that ran out is the machine's RAM: the text gives its size and names no GPU. The model (and its context) need more system RAM than is free: a smaller quant, a shorter context, more swap or a page file, or more RAM.",
        )
    } else if let Some(c) = [
        "内存不足",
        "内存不够",
        "内存溢出",
        "内存耗尽",
        "内存占满",
        "爆内存",
    ]
    .into_iter()
    .find(|w| t.contains(w))
    .filter(|_| {
        // Chinese says 内存 for the machine's RAM and 显存 for the card's: RAM running short, in a text that
        // names no GPU, Mac or phone, is the RAM.
        mac.is_none() && !names_a_gpu(&t)
    }) {
        (
            Label::HostOomKilled,
            c,
            "The text says 内存 (the machine's RAM, not 显存, the card's) ran short and names no GPU: the work needs more system RAM than is free. Use less of it (a smaller model or batch, data read in parts), or add swap, a page file or RAM.",
        )
    } else if let Some(w) = after_update.filter(|_| slow.is_none() && rate.is_none()) {
        // A failure that began with a new version of the same program on the same machine is that
        // version's, whenever in the run it comes ("since updating, it runs out of memory when I generate").
        (
            Label::NotMemory,
            w,
            "It began with a new version on the same machine and settings: a regression in that version (report it, or go back to the previous one) rather than a lack of memory.",
        )
    } else if let (Some(c), Some(l)) = (crash, later)
        // "I got OOM errors when loading larger models": the sentence of the failure places it at the load,
        // whatever later words the rest of the text has.
        && !crash_sentence_loads(&t, c)
        // "The 70B fails to load, the 8B loads fine": the load that worked is another model's.
        && !(load_failed.is_some()
            && LOADED.contains(&l))
        // A bare "it crashes" or "error" some time into a run, even with a larger setting, names no memory:
        // a bug, a kill or a bad setting is as likely as the context growing. It is the context when memory is
        // named, or when the words place a runner's silent abort that the log beside them shows.
        && (!generic_crash(c)
            || memory_named.is_some()
            || reading == Reading::BesideLog
            || smaller_context_works(&t)
            || find(CHAT_GROWS).is_some())
    {
        (
            Label::VramOomContext,
            c,
            "A crash after it has run for a while usually means the context (KV cache and compute buffers) grew past the free VRAM.",
        )
    } else if let (Some(c), true) = (crash, weights_over_card) {
        said_at_load = true;
        (
            Label::VramOomLoad,
            c,
            "The person sets the model's own requirement against the card's memory ('it requires 13GB, I only have 8GB'): the weights do not fit, whatever the context. A quantized or smaller model, or splitting it over several GPUs, fits.",
        )
    } else if let (Some(c), Some(_), None) = (crash, too_big, freeze) {
        said_at_load = true;
        (
            Label::VramOomLoad,
            c,
            "The person says the model is too big for the memory it has to fit in: the weights do not fit, whatever the context. A quantized or smaller model fits.",
        )
    } else if let Some(f) = freeze.filter(|_| {
        // A hang across several GPUs, with no word of RAM, swap or the disk: the cards' link (NCCL's
        // peer-to-peer over PCIe, a slow riser) stalls, not the host's memory.
        [
            "tensor-parallel",
            "tensor_parallel",
            "tensor parallel",
            "nccl",
            "multi-gpu",
            "multigpu",
            "multi gpu",
            "multiple gpus",
        ]
        .iter()
        .any(|w| t.contains(w))
            && ![
                " ram",
                "swap",
                "disk",
                "memory pressure",
                "page file",
                "pagefile",
            ]
            .iter()
            .any(|w| t.contains(w))
    }) {
        (
            Label::NotMemory,
            f,
            "It hangs with several GPUs working together and nothing says the RAM ran out: that is the link between the cards (NCCL's peer-to-peer transfers over PCIe, ACS/IOMMU settings, a slow riser), not memory. Try NCCL_P2P_DISABLE=1, check that one GPU alone works, and see NCCL's troubleshooting for PCI ACS.",
        )
    } else if let Some(f) = freeze {
        (
            Label::PagingThrash,
            f,
            "A freeze with the disk busy is the OS paging: the model or its context does not fit in free system RAM.",
        )
    } else if let Some(k) = ram_short {
        (
            Label::HostOomKilled,
            k,
            "The model needs more system RAM than is free: the runtime refused to load it, or the OS would kill it.",
        )
    } else if let (Some(s), Some(_), Some(_), Some(_)) = (silent, ended, load, memory_named) {
        (
            Label::HostOomKilled,
            s,
            "The program closed while loading the model without printing an error. A GPU allocation the runtime cannot make is reported ('out of memory'); a process that vanishes was ended from outside: system RAM (on Windows, the commit limit of RAM plus page file) ran out as the weights passed through it. Watch RAM (Task Manager, free -h) during the load; a larger page file or swap, more RAM, or a smaller (FP8/GGUF) checkpoint fixes it.",
        )
    } else if let Some(v) = vanished_midway {
        (
            Label::HostOomKilled,
            v,
            "The program went away part-way through (at the progress point given) without printing an error. A runtime that cannot get memory on the GPU says so; a process that vanishes was ended from outside, most often by the OS when system RAM ran out (on Windows, the commit limit of RAM plus page file). Watch RAM (Task Manager, free -h) while it runs; a larger page file or swap, more RAM, or a smaller model or workflow fixes it.",
        )
    } else if let Some(w) = ample.or(not_memory) {
        (
            Label::NotMemory,
            w,
            "The memory is reportedly ample (or it worked in an earlier version): the failure is a bug, a limit or an unsupported setup, not a lack of memory.",
        )
    } else if let Some(p) = per_token {
        (
            Label::PagingThrash,
            p,
            "Minutes for each token is the speed of the disk: the model does not fit in free RAM and the OS pages it in and out.",
        )
    } else if let (Some(c), Some(_), Some(_)) = (crash, load, memory_named)
        // A bare "error" beside a complaint about speed is the slowness's, not a failed load.
        && !(generic_crash(c) && (slow.is_some() || slow_rate.is_some()))
    {
        said_at_load = true;
        (
            Label::VramOomLoad,
            c,
            "A crash while loading usually means the weights do not fit in free VRAM with these settings.",
        )
    } else if let (Some(s), Some(_)) = (slow.or(slow_rate.map(|_| "tok/s")), all_on_gpu) {
        (
            Label::NotMemory,
            s,
            "Every layer was on the GPU, so nothing ran from system RAM: slowness like this comes from the build (a CPU-only or mismatched GPU library), the driver, the thread count or a power limit, not from memory.",
        )
    } else if let Some(s) = slow.or(slow_rate.map(|_| "tok/s")) {
        (
            Label::CpuSpillSlow,
            s,
            "Generation that slow usually means part of the model runs from system RAM on the CPU: not every layer fits in VRAM.",
        )
    } else if let Some(c) = crash
        .filter(|c| !generic_crash(c) && scan.last(Sig::ContextPhase) > scan.last(Sig::LoadPhase))
    {
        // The pasted code or traceback last shows the model running (a forward pass, a generate call), past
        // its load.
        (
            Label::VramOomContext,
            c,
            "What was pasted shows the model already running (a forward pass, generation, a training step) and nothing of the load: the work (the input's size, the batch, the context) needs more memory than is free.",
        )
    } else if let Some(c) = crash.filter(|c| !generic_crash(c)) {
        (
            Label::VramOomLoad,
            c,
            "Out of memory with no other detail is most often a failed GPU allocation at load.",
        )
    } else if let Some(q) = usage_question.filter(|_| {
        crash.is_none() && freeze.is_none() && killed.is_none() && memory_named.is_some()
    }) {
        (
            Label::RecoveredNoFailure,
            q,
            "Nothing failed: the question is how much memory is in use. Runtimes take memory up front on purpose — JAX/XLA preallocates 75 % of the GPU (XLA_PYTHON_CLIENT_PREALLOCATE=false or XLA_PYTHON_CLIENT_MEM_FRACTION lowers it), vLLM 90 % (gpu_memory_utilization), PyTorch's caching allocator keeps freed blocks, llama.cpp sizes the KV cache for the whole context — so high use alone is by design, not a leak.",
        )
    } else {
        return None;
    };
    // A crash on a Mac is Metal's memory; on an AMD card, ROCm's. A Mac that freezes or crashes with no word
    // of swap is its unified memory (the GPU's) running out; swapping named is the paging.
    // Only the GGUF runtimes (llama.cpp and those built on it) put part of a model on the CPU when the GPU
    // is short; MLX, PyTorch's MPS and tinygrad keep all of it in the Mac's unified memory.
    let splits_layers = [
        Sig::RtLlamaCpp,
        Sig::RtOllama,
        Sig::RtLmStudio,
        Sig::RtJan,
        Sig::RtLlamafile,
        Sig::RtKobold,
        Sig::RtLocalai,
        Sig::RtRamalama,
        Sig::RtTextgen,
    ]
    .iter()
    .any(|s| scan.has(*s))
        || find(&[
            "gguf",
            "ollama",
            "llama.cpp",
            "llama-cpp",
            "lm studio",
            "lmstudio",
            "koboldcpp",
            "gpt4all",
            "-ngl",
            "n_gpu_layers",
            "gpu layers",
            "offload",
        ])
        .is_some();
    let (label, why) = match label {
        Label::VramOomLoad | Label::VramOomContext if mac.is_some() => (Label::AppleMetalOom, why),
        // Slow on a Mac with a runtime that keeps the whole model in unified memory: nothing spilled to the
        // CPU; a model past the free memory makes macOS swap.
        Label::CpuSpillSlow if mac.is_some_and(|m| m != "wired") && !splits_layers => (
            Label::PagingThrash,
            "On a Mac this runtime keeps the whole model in unified memory: nothing runs on the CPU instead, but a model (plus its context) larger than the free memory makes macOS swap it to disk, seconds or minutes per token. A 4-bit quantized or smaller model fits; Activity Monitor's Memory Pressure and Swap Used show it.",
        ),
        Label::PagingThrash
            if mac.is_some_and(|m| m != "wired")
                && !matches!(symptom, "swap" | "swapping" | "paging")
                && find(&["swap"]).is_none() =>
        {
            (
                Label::AppleMetalOom,
                "On a Mac the GPU's memory is the system's: a model plus its context past the memory Metal may use makes the whole machine stall or go down (a smaller quant, a shorter context, or a Mac with more memory).",
            )
        }
        // "AMD" beside an NVIDIA card names the CPU (issue templates ask for both).
        Label::VramOomLoad | Label::VramOomContext
            if amd.is_some() && find(&["nvidia", "cuda", "geforce", "rtx", "gtx"]).is_none() =>
        {
            (Label::RocmOom, why)
        }
        l => (l, why),
    };
    let mut c = call(label, if rate.is_some() { 0.45 } else { 0.4 }, &[]);
    c.said_at_load = said_at_load;
    c.container_ram = label == Label::HostOomKilled && container_ram.is_some();
    c.ran_anyway =
        label == Label::RecoveredNoFailure && worked == Some(symptom) && fell_back.is_some();
    c.not_the_model = label == Label::NotMemory
        && [
            size_independent,
            downgrade,
            after_update,
            undetected,
            reinstalled,
        ]
        .contains(&Some(symptom));
    let reading = match reading {
        Reading::LogExcerpt => {
            "No failure line a rule knows is in this short excerpt; reading its words instead"
        }
        Reading::Description => "Reading this as a description of the problem, not a log",
        Reading::BesideLog => "The log's failure line does not say why; the words beside it do",
        Reading::OverQuietLog => {
            "Nothing in the pasted output failed; reading the words written beside it"
        }
    };
    c.explain = Some(format!(
        "{reading}: it mentions \"{symptom}\"{}. {why} Paste the runtime's full log for a sure answer.",
        rate.map(|r| format!(" and {r:.1} tokens/s"))
            .unwrap_or_default()
    ));
    Some(c)
}

/// Ways to say the work ran on the processor with the card idle, built once: a negation before a verb of use
/// before the card ("not picking up my GPU", "can't use the GPU", "without using any GPU"), and the processor
/// named as what ran ("only the CPU is used", "using only my CPU", OpenCV's "switching to CPU").
fn gpu_left_idle() -> &'static [&'static str] {
    static PHRASES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    PHRASES.get_or_init(|| {
        const NOT: [&str; 14] = [
            "not",
            "never",
            "without",
            "unable to",
            "fails to",
            "failed to",
            "can't",
            "cannot",
            "couldn't",
            "doesn't",
            "don't",
            "didn't",
            "isn't",
            "wasn't",
        ];
        const USE: [&str; 11] = [
            "use",
            "using",
            "utilize",
            "utilizing",
            "utilise",
            "utilising",
            "leverage",
            "leveraging",
            "pick up",
            "picking up",
            "picks up",
        ];
        const CARD: [&str; 5] = ["the gpu", "my gpu", "any gpu", "gpu", "the nvidia gpu"];
        let mut out: Vec<&'static str> = Vec::new();
        for n in NOT {
            for u in USE {
                for c in CARD {
                    out.push(Box::leak(format!("{n} {u} {c}").into_boxed_str()));
                }
            }
        }
        out.extend([
            "only the cpu is used",
            "only cpu is used",
            "only the cpu was used",
            "the cpu is being used",
            "cpu is being used",
            "using only my cpu",
            "using only the cpu",
            "using only cpu",
            "switching to cpu",
            "no gpu was used",
            "no gpu is used",
            "device(type=cpu)",
        ]);
        out
    })
}

/// A sentence that says the failure ("OOM errors when loading larger models") also says it came while
/// loading.
fn crash_sentence_loads(t: &str, crash: &str) -> bool {
    let said = std::iter::once(crash).chain(OOM_WORDS);
    // Where a word starts: "oom" is not in "room".
    said.flat_map(|w| super::signals::at_word_start(t, w))
        .any(|i| {
            let (a, b) = sentence_around(t, i);
            [
                "when loading",
                "while loading",
                "during loading",
                "during the load",
                "when i load",
                "when trying to load",
                "when i try to load",
            ]
            .iter()
            .flat_map(|w| t[a..b].match_indices(w).map(move |(j, _)| a + j + w.len()))
            .any(|end| !loads_input(&t[end..b]))
        })
}

/// What follows "when I load" is the input ("more than three images", "a long video"), not the model: the
/// failure came with the work, not the weights.
fn loads_input(after: &str) -> bool {
    const INPUTS: [&str; 8] = [
        "image", "picture", "photo", "video", "frame", "document", "page", "dataset",
    ];
    after
        .split_whitespace()
        .take(5)
        .any(|w| INPUTS.iter().any(|i| w.starts_with(i)))
}

/// "After 20 messages", "after about 900 batches", "runs for 3 epochs": a count of turns, steps or time
/// before the failure says the run went on past the load. "More than three images" is the same count of
/// inputs: the weights were in place, the work grew with them.
fn after_count(t: &str) -> Option<&'static str> {
    const NUMBER_WORDS: [&str; 11] = [
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "a dozen",
        "a hundred",
    ];
    const UNITS: [&str; 20] = [
        "message",
        "turn",
        "prompt",
        "request",
        "minute",
        "hour",
        "step",
        "batch",
        "epoch",
        "image",
        "iteration",
        "generation",
        "question",
        "token",
        "picture",
        "photo",
        "page",
        "document",
        "frame",
        "video",
    ];
    [
        "after ",
        "runs for ",
        "ran for ",
        "running for ",
        "works for ",
        "worked for ",
        "more than ",
    ]
    .iter()
    .flat_map(|w| t.match_indices(w))
    .find_map(|(i, w)| {
        let rest = &t[i + w.len()..];
        // A count in words ("three images") stands for its digits.
        let in_words = NUMBER_WORDS
            .iter()
            .find_map(|n| rest.strip_prefix(n))
            .filter(|r| r.starts_with(char::is_whitespace));
        let mut words = in_words.unwrap_or(rest).split_whitespace();
        let counted = in_words.is_some() || {
            let mut n = words.next()?;
            if matches!(n, "about" | "around" | "roughly" | "some" | "~") {
                n = words.next()?;
            }
            let n = n.trim_start_matches('~');
            n.bytes().next().is_some_and(|b| b.is_ascii_digit())
                && n.bytes()
                    .all(|b| b.is_ascii_digit() || b == b',' || b == b'k')
        };
        let unit = words.next()?;
        (counted && UNITS.iter().any(|u| unit.starts_with(u))).then_some("after a count of turns")
    })
}

/// The bounds of the sentence around byte `i` of `t`: from after the previous '.', '!', '?' or line break to
/// the next one.
fn sentence_around(t: &str, i: usize) -> (usize, usize) {
    let start = t[..i].rfind(['.', '\n', '!', '?']).map_or(0, |j| j + 1);
    let end = t[i..]
        .find(['.', '\n', '!', '?'])
        .map_or(t.len(), |j| i + j);
    (start, end)
}

/// "Without any error", "with no error message", "no errors shown": the person says nothing was printed.
/// A point part-way through a run: a percentage ("at around 15%", "60%的时候") or a count of steps or
/// shards ("4/9").
fn progress_point(t: &str) -> bool {
    let b = t.as_bytes();
    let digits_before = |i: usize| (0..i).rev().take_while(|&j| b[j].is_ascii_digit()).count();
    let digits_after = |i: usize| b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
    t.match_indices('%').any(|(i, _)| {
        let before = t[..i].trim_end();
        before.len() + 1 >= i && (1..=3).contains(&digits_before(before.len()))
    }) || t.match_indices('/').any(|(i, _)| {
        let (n, m) = (digits_before(i), digits_after(i));
        (1..=3).contains(&n)
            && (1..=3).contains(&m)
            && (i < n + 1 || !b[i - n - 1].is_ascii_alphanumeric() && b[i - n - 1] != b'/')
            && b.get(i + m + 1)
                .is_none_or(|c| !c.is_ascii_alphanumeric() && *c != b'/')
    })
}

fn says_no_error(t: &str) -> bool {
    t.match_indices("error").any(|(i, _)| {
        // The few words before it, on a char boundary.
        let start = t[..i].char_indices().rev().nth(24).map_or(0, |(j, _)| j);
        let before = &t[start..i];
        before.contains("without") || before.ends_with("no ") || before.contains(" no any ")
    })
}

/// The load said to have worked ("the model loads fine"): whatever failed came after it.
pub(super) const LOADED: [&str; 6] = [
    "loads fine",
    "loaded fine",
    "loads ok",
    "loaded ok",
    "loads successfully",
    "loaded successfully",
];

/// The crash words that say memory ran out (not "crash" or "error" alone).
const OOM_WORDS: [&str; 9] = [
    "oom",
    "out of memory",
    "out-of-memory",
    "not enough memory",
    "insufficient memory",
    "memory is insufficient",
    "memory was insufficient",
    "memory overflow",
    "内存不足",
];

/// "64G ram", "32 GB of RAM", "96g memory": a size in gigabytes right before RAM or memory.
fn ram_capacity_stated(t: &str) -> bool {
    let words: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | '/'))
        .filter(|w| !w.is_empty())
        .collect();
    let is_size = |w: &str| {
        let w = w.trim_end_matches(['g', 'b', 'i']);
        !w.is_empty() && w.chars().all(|c| c.is_ascii_digit() || c == '.')
    };
    let has_unit = |w: &str| w.ends_with('g') || w.ends_with("gb") || w.ends_with("gib");
    words.iter().enumerate().any(|(i, w)| {
        matches!(w.trim_end_matches(['.', ':', ';']), "ram" | "memory")
            && (1..=3).any(|back| {
                i >= back && {
                    let before = &words[i + 1 - back..i];
                    // "64g ram", "64 gb ram", "32 gb of ram", "32gb of ram".
                    match before {
                        [s] => is_size(s) && has_unit(s),
                        [s, u] => {
                            is_size(s)
                                && (matches!(*u, "g" | "gb" | "gib") || has_unit(s) && *u == "of")
                        }
                        [s, u, o] => is_size(s) && matches!(*u, "g" | "gb" | "gib") && *o == "of",
                        _ => false,
                    }
                }
            })
    })
}

/// Any word for a GPU or a phone's shared memory: where these are named, RAM beside an OOM may be only the
/// machine's description. (A Mac is the `mac` words of `describe`.) "mps" only as a word: "jumps" names none.
fn names_a_gpu(t: &str) -> bool {
    [
        "gpu",
        "vram",
        "cuda",
        "card",
        "nvidia",
        "rtx",
        "gtx",
        "radeon",
        "rocm",
        "vulkan",
        " mps",
        "graphics",
        "video memory",
        "显存",
        "顯存",
        "显卡",
        "顯卡",
        "android",
        "phone",
        // Cards named by number alone ("3070ti 8GB").
        "1060",
        "1070",
        "1080",
        "1650",
        "1660",
        "2060",
        "2070",
        "2080",
        "3050",
        "3060",
        "3070",
        "3080",
        "3090",
        "4060",
        "4070",
        "4080",
        "4090",
        "5060",
        "5070",
        "5080",
        "5090",
        "a100",
        "h100",
        "a6000",
    ]
    .iter()
    .any(|w| t.contains(w))
}

/// "24GB", "12 gb", "8GB VRAM": a memory size in gigabytes stated in the text.
fn states_capacity(t: &str) -> bool {
    t.match_indices("gb").any(|(i, _)| {
        let word_ends = t
            .as_bytes()
            .get(i + 2)
            .is_none_or(|c| !c.is_ascii_alphabetic());
        word_ends && t[..i].trim_end().ends_with(|c: char| c.is_ascii_digit())
    })
}

/// "41/41 layers", "33 / 33 layers": a stated offload where every layer is on the GPU.
fn full_layers_in(t: &str) -> bool {
    let b = t.as_bytes();
    let num_before = |end: usize| {
        let start = b[..end]
            .iter()
            .rposition(|c| !c.is_ascii_digit())
            .map_or(0, |p| p + 1);
        t[start..end].parse::<u32>().ok()
    };
    t.match_indices('/').any(|(i, _)| {
        let left = t[..i].trim_end();
        let right = t[i + 1..].trim_start();
        let digits = right.bytes().take_while(u8::is_ascii_digit).count();
        let after = right[digits..].trim_start();
        digits > 0
            && after.starts_with("layers")
            && num_before(left.len())
                .is_some_and(|x| x > 0 && Some(x) == right[..digits].parse().ok())
    })
}

/// The words of `later` that say a chat grew before it failed: each message adds to the context.
const CHAT_GROWS: &[&str] = &[
    "few messages",
    "several messages",
    "couple of messages",
    "few turns",
    "handful of",
    "long conversation",
    "gets long",
];

/// The context's setting named, and a smaller value of it said to work on the same machine ("n_ctx 16384
/// won't start, with 4096 it loads fine"): what fails is the context, whatever word the failure has.
fn smaller_context_works(t: &str) -> bool {
    static SMALLER_WORKS: std::sync::OnceLock<Option<regex::Regex>> = std::sync::OnceLock::new();
    SMALLER_WORKS
        .get_or_init(|| {
            regex::Regex::new(
                r"(num_ctx|n_ctx|ctx-size|ctx_size| -c |context (length|size|window))[^\n]{0,120}\b\d{3,6}k?\b[^.;\n]{0,25}\b(works|worked|is fine|was fine|loads fine|runs fine|no problem)",
            )
            .ok()
        })
        .as_ref()
        .is_some_and(|r| r.is_match(t))
}

/// "It works fine with 2.10.1", "worked on v0.5.9": a release (a version with two dots, or a "v" and a
/// number) named as the one that works. Sizes ("works with 4.5 GB") have one dot and no "v".
fn version_works(t: &str) -> bool {
    version_named_then_works(t)
        || version_without_it(t)
        || earlier_release_works(t)
        || ["works ", "worked ", "working "].iter().any(|verb| {
            t.match_indices(verb).any(|(i, w)| {
                let mut rest = t[i + w.len()..].trim_start();
                for filler in ["fine ", "well ", "ok ", "perfectly "] {
                    rest = rest.strip_prefix(filler).unwrap_or(rest);
                }
                ["with ", "on ", "in "]
                    .iter()
                    .find_map(|p| rest.strip_prefix(p))
                    .and_then(leading_release)
                    .is_some()
            })
        })
}

/// The release number a text starts with ("version 2.10.1 …", "v0.5 …", "1.77."), as a slice of it, without
/// a sentence's full stop.
fn leading_release(rest: &str) -> Option<&str> {
    let rest = rest.strip_prefix("version ").unwrap_or(rest);
    let (rest, after_v) = match rest.strip_prefix('v') {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let token = rest
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .next()
        .unwrap_or("")
        .trim_end_matches('.');
    is_release(token, after_v).then_some(token)
}

/// A release number: three numbers with dots between them ("2.10.1"), or two after a "v" ("v0.5").
fn is_release(token: &str, after_v: bool) -> bool {
    let parts: Vec<&str> = token.split('.').collect();
    let numeric = !token.is_empty()
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    numeric && (parts.len() >= 3 || (after_v && parts.len() >= 2))
}

/// The same said the other way round: a version, then that it works ("with transformers == 4.51.3 is
/// working perfectly", "0.16.1 works").
fn version_named_then_works(t: &str) -> bool {
    ["works", "worked", "working"].iter().any(|verb| {
        t.match_indices(verb).any(|(i, _)| {
            let before: Vec<&str> = t[..i].split_whitespace().rev().take(3).collect();
            before.iter().enumerate().any(|(n, w)| {
                // Only "is" / "was" may stand between the version and the verb.
                before[..n].iter().all(|b| matches!(*b, "is" | "was")) && {
                    let w = w.trim_matches(|c: char| !c.is_ascii_alphanumeric());
                    is_release(w.strip_prefix('v').unwrap_or(w), false)
                }
            })
        })
    })
}

/// "It was running fine on the previous version", "the older release works": an earlier release, unnumbered,
/// said to work.
fn earlier_release_works(t: &str) -> bool {
    const WORKS: [&str; 8] = [
        "works", "worked", "working", "running", "ran", "fine", "ok", "well",
    ];
    [
        "previous version",
        "prior version",
        "older version",
        "earlier version",
        "previous release",
        "older release",
        "earlier release",
    ]
    .iter()
    .flat_map(|r| t.match_indices(r).map(move |(i, _)| (i, i + r.len())))
    .any(|(start, end)| {
        let before: Vec<&str> = t[..start].split_whitespace().rev().take(5).collect();
        let after: Vec<&str> = t[end..].split_whitespace().take(3).collect();
        let says = |ws: &[&str]| {
            ws.iter()
                .any(|w| WORKS.contains(&w.trim_matches(|c: char| !c.is_alphanumeric())))
                && !ws
                    .iter()
                    .any(|w| *w == "not" || w.ends_with("n't") || *w == "never")
        };
        says(&before) || says(&after)
    })
}

/// "In v1.77 this behavior does not exist": a release named, and in the same sentence that the problem is
/// absent from it.
fn version_without_it(t: &str) -> bool {
    const ABSENT: [&str; 10] = [
        "does not exist",
        "doesn't exist",
        "did not exist",
        "didn't exist",
        "does not happen",
        "doesn't happen",
        "did not happen",
        "didn't happen",
        "does not occur",
        "doesn't occur",
    ];
    t.match_indices("in ").any(|(i, w)| {
        leading_release(t[i + w.len()..].trim_start()).is_some_and(|token| {
            // The sentence runs on past the version's own dots (`token` is a slice of `t`).
            let after = token.as_ptr() as usize - t.as_ptr() as usize + token.len();
            let (_, end) = sentence_around(t, after);
            ABSENT.iter().any(|a| t[after..end].contains(a))
        })
    })
}

/// "Even with a tiny model", "even a 1B model": the word "even", then within a few words a small model.
fn tiny_model_too(t: &str) -> bool {
    t.match_indices("even ").any(|(i, _)| {
        let after = &t[i + 5..];
        let window = &after[..after.char_indices().nth(30).map_or(after.len(), |(j, _)| j)];
        let Some(m) = window.find("model") else {
            return false;
        };
        let before_model = &window[..m];
        [
            "small", "tiny", "smallest", "0.5b", "1b", "1.5b", "0.6b", "135m", "360m",
        ]
        .iter()
        .any(|w| before_model.contains(w))
    })
}

/// A bare "it crashes" / "error" / "won't load" says nothing about memory; "out of memory" does.
fn generic_crash(c: &str) -> bool {
    matches!(
        c,
        "crash"
            | "error"
            | "fails"
            | "failed"
            | "closes"
            | "quits"
            | "dies"
            | "exits"
            | "aborts"
            | "won't load"
            | "will not load"
            | "fails to load"
            | "failed to load"
            | "can't load"
            | "cannot load"
            | "won't start"
            | "will not start"
            | "fails to start"
            | "failed to start"
            | "崩溃"
            | "クラッシュ"
    )
}
