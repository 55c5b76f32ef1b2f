//! `vram-doctor plan` through its `run` function: flags as CONTRACT.md spells them, JSON shape, errors that
//! name the flag.

use clap::Parser;
use vram_doctor::cli::plan::{PlanArgs, run};

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    plan: PlanArgs,
}

fn plan(args: &[&str]) -> Result<(u8, String), String> {
    let cli = Cli::try_parse_from(std::iter::once("plan").chain(args.iter().copied()))
        .map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    let code = run(&cli.plan, &mut out)?;
    Ok((code, String::from_utf8(out).expect("utf-8 output")))
}

#[test]
fn json_document_with_contract_fields() {
    let (code, text) = plan(&[
        "--vram",
        "24GiB",
        "--os",
        "windows",
        "--shell",
        "cmd",
        "--ram",
        "32GiB",
        "--runtime",
        "ollama",
        "-c",
        "8192",
        "--json",
    ])
    .unwrap();
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&text).expect("one JSON document");
    assert!(json["diagnosis"].is_object());
    assert!(json["steps"].is_array() && json["verify"].is_array());
    assert_eq!(json["shell"], "cmd");
    assert_eq!(json["os"], "windows");
    assert_eq!(json["runtime"], "ollama");
}

#[test]
fn text_output_is_markdown() {
    let (_, text) = plan(&["--vram", "8GiB", "--os", "linux", "--ram", "16GiB"]).unwrap();
    assert!(text.starts_with("# VRAM Doctor fix plan"), "{text}");
    assert!(text.contains("commands for bash / zsh"), "{text}");
}

#[test]
fn bad_values_name_their_flag() {
    for (args, flag) in [
        (
            vec!["--os", "beos", "--vram", "8GiB", "--ram", "8GiB"],
            "--os",
        ),
        (
            vec![
                "--shell", "fish", "--vram", "8GiB", "--os", "linux", "--ram", "8GiB",
            ],
            "--shell",
        ),
        (
            vec!["--vram", "lots", "--os", "linux", "--ram", "8GiB"],
            "--vram",
        ),
        (
            vec![
                "--runtime",
                "tgi-9000",
                "--vram",
                "8GiB",
                "--os",
                "linux",
                "--ram",
                "8GiB",
            ],
            "--runtime",
        ),
        (
            vec![
                "--ngl", "many", "--vram", "8GiB", "--os", "linux", "--ram", "8GiB",
            ],
            "--n-gpu-layers",
        ),
        (
            vec![
                "--ctk", "q3_x", "--vram", "8GiB", "--os", "linux", "--ram", "8GiB",
            ],
            "--cache-type-k",
        ),
    ] {
        let err = plan(&args).unwrap_err();
        assert!(err.contains(flag), "{err} should name {flag}");
    }
}
