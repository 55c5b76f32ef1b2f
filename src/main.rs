//! `vram-doctor`: the window by default (or `gui`), the command-line tool with a subcommand.
// No console window when the GUI is double-clicked on Windows (release builds only, as eframe apps do).
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

use std::process::ExitCode;

fn main() -> ExitCode {
    attach_parent_console();
    vram_doctor::cli::main(std::env::args_os().collect())
}

/// With the GUI subsystem a Windows process has no stdout; attach to the terminal that started us (if any)
/// so `vram-doctor fit …` typed in cmd or PowerShell still prints.
#[cfg(windows)]
#[allow(unsafe_code)]
fn attach_parent_console() {
    use windows_sys::Win32::System::Console::{ATTACH_PARENT_PROCESS, AttachConsole};
    // SAFETY: plain Win32 call with a constant argument; failure (no parent console) is harmless.
    unsafe {
        AttachConsole(ATTACH_PARENT_PROCESS);
    }
}

#[cfg(not(windows))]
fn attach_parent_console() {}
