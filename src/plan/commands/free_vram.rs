//! Freeing VRAM held by other processes: `nvidia-smi --query-compute-apps` lists them, then `kill` (bash),
//! `Stop-Process` (PowerShell) or `taskkill` (cmd) end the PIDs that are known — never a blanket kill, since
//! the desktop and the user's own job hold VRAM too. Under WSL2 nvidia-smi cannot list processes (NVIDIA's
//! WSL documentation), so the listing runs on the Windows side.

use super::Written;
use crate::plan::{Os, PlanError, Runtime, Shell, Situation, VramHolder};

/// The listing command for the situation (none on macOS: no nvidia-smi there).
pub fn query(sit: &Situation, w: &mut Written) {
    let text = "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv,noheader";
    match sit.os {
        Os::Macos => w.note("macOS has no per-process GPU list; Activity Monitor → Memory shows what holds unified memory."),
        Os::Wsl2 => {
            w.cmd(Shell::PowerShell, text);
            w.note("Inside WSL2 nvidia-smi shows no processes; run it in Windows PowerShell.");
        }
        Os::Linux | Os::Windows => w.cmd(sit.shell, text),
    }
    w.cmd(
        if sit.os == Os::Wsl2 {
            Shell::PowerShell
        } else {
            sit.shell
        },
        "nvidia-smi --query-gpu=index,name,memory.used,memory.total --format=csv",
    );
}

/// Ends one process, politely first.
pub fn end_process(shell: Shell, holder: &VramHolder) -> Result<String, PlanError> {
    let pid = holder.pid.to_string();
    Ok(match shell {
        Shell::Bash => shell.command("kill", &[pid.as_str()])?,
        Shell::PowerShell => shell.command("Stop-Process", &["-Id", pid.as_str()])?,
        Shell::Cmd => shell.command("taskkill", &["/PID", pid.as_str()])?,
    })
}

pub fn write(sit: &Situation, holders: &[VramHolder]) -> Result<Written, PlanError> {
    let mut w = Written::default();
    query(sit, &mut w);
    // Processes of a Windows host are ended from Windows even when the user works in WSL2.
    let shell = if sit.os == Os::Wsl2 {
        Shell::PowerShell
    } else {
        sit.shell
    };
    for holder in holders {
        w.cmd(shell, end_process(shell, holder)?);
    }
    if !holders.is_empty() {
        w.note(match shell {
            Shell::Bash => "If a process ignores `kill`, `kill -9 PID` ends it without cleanup.",
            Shell::PowerShell => "If a process ignores Stop-Process, add -Force.",
            Shell::Cmd => "If a process ignores taskkill, add /F.",
        });
    }
    if holders
        .iter()
        .any(|h| h.name.to_ascii_lowercase().contains("ollama"))
        || sit.runtime == Runtime::Ollama
    {
        w.cmd(sit.shell, "ollama ps");
        w.note("Ollama keeps a model loaded for 5 minutes after use: `ollama stop NAME` unloads it at once (NAME from `ollama ps`).");
    }
    if holders.iter().any(|h| {
        h.name.to_ascii_lowercase().contains("lm studio")
            || h.name.to_ascii_lowercase().contains("lms")
    }) {
        w.cmd(sit.shell, "lms unload --all");
    }
    if sit.runtime == Runtime::Transformers {
        w.file("free_cache.py", super::transformers::EMPTY_CACHE);
        w.note("In a notebook that still holds an old model, run free_cache.py's lines in that notebook (a new process cannot free another's memory).");
    }
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn end_process_per_shell() {
        let h = VramHolder {
            pid: 2797307,
            name: "python".into(),
            used_bytes: 0,
        };
        assert_eq!(end_process(Shell::Bash, &h).unwrap(), "kill 2797307");
        assert_eq!(
            end_process(Shell::PowerShell, &h).unwrap(),
            "Stop-Process -Id 2797307"
        );
        assert_eq!(
            end_process(Shell::Cmd, &h).unwrap(),
            "taskkill /PID 2797307"
        );
    }
}
