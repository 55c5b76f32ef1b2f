//! The command line (CONTRACT.md): `vram-doctor [gui|inspect|fit|triage|plan|monitor|models]`.
//! Parsing with clap (derive); each subcommand lives in its own file with a `run(args, out)` that returns the
//! exit code (0 yes, 1 the answer is "no") or an error message (exit 2). No panics, no stack traces.

use std::ffi::OsString;
use std::io::Write as _;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

pub mod fit;
pub mod inspect;
pub mod models;
pub mod monitor;
pub mod plan;
pub mod scenario;
pub mod triage;

#[derive(Debug, Parser)]
#[command(
    name = "vram-doctor",
    version,
    about = "Will this LLM fit my GPU — and if it crashed, why? Opens the window when run without a command.",
    after_help = "Exit codes: 0 success, 1 the answer is no (e.g. the model does not fit), 2 bad input or usage."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

// Parsed once per run: the size of the largest variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Open the window (the default when no command is given).
    Gui(GuiArgs),
    /// Show what a model file holds: architecture, layers, quant, heads, context, tensors.
    Inspect(inspect::InspectArgs),
    /// Predict what llama.cpp (or another runtime) allocates on each device, and what fits.
    Fit(fit::FitArgs),
    /// Read a crash log and name what went wrong, with the evidence and the numbers.
    Triage(triage::TriageArgs),
    /// Diagnose, then list the fixes with commands for your runtime and shell.
    Plan(plan::PlanArgs),
    /// Sample GPU and host memory; name VRAM exhaustion, paging, CPU spill.
    Monitor(monitor::MonitorArgs),
    /// List models found in Ollama, LM Studio, Hugging Face and llama.cpp caches (or the built-in presets).
    Models(models::ModelsArgs),
}

#[derive(Debug, Args, Default)]
pub struct GuiArgs {
    /// A model to open in the shared slot (path, ollama:NAME, preset:ID).
    pub model: Option<String>,
    /// The tab to show first.
    #[arg(long, value_enum)]
    pub tab: Option<TabArg>,
    /// A crash log to diagnose at start (Crash Triage; with --tab wizard, straight to the fixes).
    #[arg(long)]
    pub log: Option<std::path::PathBuf>,
    /// A monitor recording (`monitor --csv`) to replay in the Live Monitor at start.
    #[arg(long)]
    pub recording: Option<std::path::PathBuf>,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum TabArg {
    Fit,
    Monitor,
    Triage,
    Wizard,
}

#[cfg(feature = "gui")]
impl From<TabArg> for crate::ui::Tab {
    fn from(tab: TabArg) -> Self {
        match tab {
            TabArg::Fit => Self::Fit,
            TabArg::Monitor => Self::Monitor,
            TabArg::Triage => Self::Triage,
            TabArg::Wizard => Self::Wizard,
        }
    }
}

/// Parses `argv` and runs the command; returns the process exit code.
pub fn main(argv: Vec<OsString>) -> ExitCode {
    // llama.cpp's single-dash multi-letter flags (-ngl, -ctk, …) become long flags clap understands.
    let cli = match Cli::try_parse_from(fit::normalize_llama_flags(argv)) {
        Ok(cli) => cli,
        Err(err) => {
            // --help / --version print to stdout and exit 0; usage errors go to stderr with exit 2.
            let _ = err.print();
            return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2));
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let outcome = match cli.command {
        None => return run_gui(GuiArgs::default()),
        Some(Command::Gui(args)) => return run_gui(args),
        Some(Command::Inspect(args)) => inspect::run(&args, &mut out),
        Some(Command::Fit(args)) => fit::run(&args, &mut out),
        Some(Command::Triage(args)) => triage::run(&args, &mut out),
        Some(Command::Plan(args)) => plan::run(&args, &mut out),
        Some(Command::Monitor(args)) => monitor::run(&args, &mut out),
        Some(Command::Models(args)) => models::run(&args, &mut out),
    };
    let _ = out.flush();
    finish(outcome)
}

/// Turns a subcommand's outcome into an exit code, printing errors on stderr.
pub fn finish(outcome: Result<u8, String>) -> ExitCode {
    match outcome {
        Ok(code) => ExitCode::from(code),
        // `vram-doctor fit … | head` closes the pipe early: not an error worth a message.
        Err(message) if message.ends_with("(os error 32)") && message.contains("Broken pipe") => {
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("vram-doctor: {message}");
            ExitCode::from(2)
        }
    }
}

#[cfg(not(feature = "gui"))]
fn run_gui(_args: GuiArgs) -> ExitCode {
    eprintln!(
        "vram-doctor: this build has no window (built without the `gui` feature); see vram-doctor --help"
    );
    ExitCode::from(2)
}

#[cfg(feature = "gui")]
fn run_gui(args: GuiArgs) -> ExitCode {
    let start = crate::ui::Start {
        model: args.model,
        tab: args.tab.map(Into::into),
        log: args.log,
        recording: args.recording,
    };
    match crate::ui::run(start) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("vram-doctor: could not open the window: {err}");
            eprintln!("(the command-line tool still works: vram-doctor --help)");
            ExitCode::from(2)
        }
    }
}
