//! `vram-doctor triage [FILE|-] [--json]` (CONTRACT.md): the verdict on a log of any size.

use std::io::Write;
use std::path::PathBuf;

use crate::triage;

#[derive(Debug, clap::Args)]
pub struct TriageArgs {
    /// The log file; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,
    /// Print one JSON document instead of the report.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &TriageArgs, out: &mut dyn Write) -> Result<u8, String> {
    let diagnosis = match args.file.as_deref() {
        None => triage::diagnose_reader(std::io::stdin().lock(), |_| {})
            .map_err(|e| format!("reading standard input: {e}"))?,
        Some(p) if p.as_os_str() == "-" => triage::diagnose_reader(std::io::stdin().lock(), |_| {})
            .map_err(|e| format!("reading standard input: {e}"))?,
        Some(path) => {
            let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
            triage::diagnose_reader(std::io::BufReader::new(file), |_| {})
                .map_err(|e| format!("{}: {e}", path.display()))?
        }
    };
    let io = |e: std::io::Error| format!("writing the report: {e}");
    if args.json {
        let doc = serde_json::to_string_pretty(&diagnosis).map_err(|e| e.to_string())?;
        writeln!(out, "{doc}").map_err(io)?;
    } else {
        write!(out, "{}", diagnosis.to_text()).map_err(io)?;
    }
    Ok(0)
}
