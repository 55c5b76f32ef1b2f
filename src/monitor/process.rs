//! "End process…": ends a process holding VRAM, refusing other users' processes and passing on the OS error.

/// Ends `pid` (SIGTERM on Unix, TerminateProcess on Windows).
pub fn end_process(pid: u32) -> Result<(), String> {
    if pid == std::process::id() {
        return Err("that is VRAM Doctor itself".into());
    }
    imp::end(pid)
}

#[cfg(unix)]
mod imp {
    use std::os::unix::fs::MetadataExt;

    pub fn end(pid: u32) -> Result<(), String> {
        let proc_dir = std::path::Path::new("/proc").join(pid.to_string());
        if proc_dir.exists() {
            let theirs = std::fs::metadata(&proc_dir)
                .map_err(|e| format!("process {pid}: {e}"))?
                .uid();
            let ours = std::fs::metadata("/proc/self")
                .map_err(|e| e.to_string())?
                .uid();
            if theirs != ours && ours != 0 {
                return Err(format!(
                    "process {pid} belongs to another user (uid {theirs}); end it as that user or with sudo"
                ));
            }
        } else if cfg!(target_os = "linux") {
            return Err(format!(
                "process {pid} does not exist (it may have exited already)"
            ));
        }
        // The shell's built-in kill: present on every Unix, unlike /bin/kill (procps) on minimal systems.
        let out = std::process::Command::new("sh")
            .args(["-c", "kill -TERM \"$0\"", &pid.to_string()])
            .output()
            .map_err(|e| format!("could not run kill: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).trim().to_owned())
        }
    }
}

#[cfg(windows)]
mod imp {
    #[allow(unsafe_code)]
    pub fn end(pid: u32) -> Result<(), String> {
        use windows_sys::Win32::Foundation::{CloseHandle, GetLastError};
        use windows_sys::Win32::System::Threading::{
            OpenProcess, PROCESS_TERMINATE, TerminateProcess,
        };
        // SAFETY: plain Win32 calls; the handle is checked and closed.
        unsafe {
            let handle = OpenProcess(PROCESS_TERMINATE, 0, pid);
            if handle.is_null() {
                return Err(format!(
                    "process {pid} could not be opened (Windows error {}): it may belong to another user or need an elevated prompt",
                    GetLastError()
                ));
            }
            let ok = TerminateProcess(handle, 1);
            let code = GetLastError();
            CloseHandle(handle);
            if ok == 0 {
                return Err(format!(
                    "process {pid} could not be ended (Windows error {code})"
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_itself_and_missing_processes_and_ends_a_child() {
        assert!(end_process(std::process::id()).is_err());
        if cfg!(target_os = "linux") {
            assert!(
                end_process(u32::MAX - 7)
                    .unwrap_err()
                    .contains("does not exist")
            );
            let mut child = std::process::Command::new("sleep")
                .arg("30")
                .spawn()
                .expect("spawn sleep");
            assert_eq!(end_process(child.id()), Ok(()));
            let status = child.wait().expect("wait");
            assert!(!status.success());
        }
    }
}
