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

/// A real GGUF header (llama.cpp-written, tensor data cut off) read through `model::load`.
#[test]
fn model_argument_is_read_and_named_in_commands() {
    let header = std::path::Path::new(file!())
        .parent()
        .unwrap()
        .join("data/fit/headers/syn-llama-q4_k_m.header.gguf");
    let header = header.to_str().unwrap();
    let (code, text) = plan(&[
        header, "--vram", "600MiB", "--margin", "64MiB", "--os", "linux", "--ram", "16GiB", "-c",
        "8192", "--json",
    ])
    .unwrap();
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["diagnosis"]["label"], "does_not_fit");
    // The whole setup found by the search, with its command for the model that was given.
    let rec = &json["recommendation"];
    assert_eq!(rec["goal"], "recommended");
    assert_eq!(rec["fits"], true);
    let cmd = rec["commands"][0]["text"].as_str().unwrap();
    assert!(cmd.starts_with("llama-server -m "), "{cmd}");
    if rec["setup"]["quant"] == "Q4_K_M" {
        assert!(cmd.contains("syn-llama-q4_k_m.header.gguf"), "{cmd}");
    } else {
        assert!(
            !cmd.contains("syn-llama-q4_k_m.header.gguf"),
            "the same file under a new quant: {cmd}"
        );
    }
    assert!(
        cmd.contains(&format!("-c {}", rec["setup"]["ctx_size"])),
        "{cmd}"
    );
    assert_eq!(rec["layers_total"], 9);
    assert!(json["alternatives"].is_array());
    assert!(json["policy"].as_str().unwrap().contains("Q4-class"));
    // The numbers come from the fit engine.
    assert!(
        json["diagnosis"]["prediction"]["method"]
            .as_str()
            .unwrap()
            .starts_with("fit engine")
    );
    // No single setting is a numbered fix.
    for s in json["steps"].as_array().unwrap() {
        assert!(
            ![
                "clamp_layers",
                "lower_quant",
                "reduce_context",
                "quantize_kv"
            ]
            .contains(&s["id"].as_str().unwrap()),
            "{}",
            s["id"]
        );
    }
}

/// `--symptom` without a log or a model still gives a plan that says what it read.
#[test]
fn symptoms_without_a_log() {
    let header = std::path::Path::new(file!())
        .parent()
        .unwrap()
        .join("data/fit/headers/syn-llama-q4_k_m.header.gguf");
    let (code, text) = plan(&[
        header.to_str().unwrap(),
        "--symptom",
        "slow",
        "--observed-tps",
        "2",
        "--vram",
        "700MiB",
        "--margin",
        "64MiB",
        "--os",
        "linux",
        "--ram",
        "16GiB",
        "--json",
    ])
    .unwrap();
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["diagnosis"]["label"], "reported");
    let err = plan(&[
        "--symptom",
        "sad",
        "--vram",
        "8GiB",
        "--os",
        "linux",
        "--ram",
        "8GiB",
    ])
    .unwrap_err();
    assert!(err.contains("--symptom"), "{err}");
}

#[test]
fn unreadable_model_names_the_file() {
    let err = plan(&[
        "/no/such/model.gguf",
        "--vram",
        "8GiB",
        "--os",
        "linux",
        "--ram",
        "8GiB",
    ])
    .unwrap_err();
    assert!(err.contains("/no/such/model.gguf"), "{err}");
}

fn log_plan(log: &str) -> serde_json::Value {
    let path = std::path::Path::new(file!())
        .parent()
        .unwrap()
        .join("data/plan")
        .join(log);
    let (code, text) = plan(&[
        "--log",
        path.to_str().unwrap(),
        "--vram",
        "24GiB",
        "--ram",
        "32GiB",
        "--os",
        "linux",
        "--json",
    ])
    .unwrap();
    assert_eq!(code, 0);
    serde_json::from_str(&text).unwrap()
}

fn step<'a>(plan: &'a serde_json::Value, id: &str) -> &'a serde_json::Value {
    plan["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .unwrap_or_else(|| panic!("{id} missing: {plan}"))
}

/// Real logs (tests/data/plan, copied from public issue threads) through triage into a plan.
#[test]
fn logs_become_plans() {
    // c037: vLLM refuses max_model_len 29000 with room for 23648 tokens; the profiling line gives the rest.
    let p = log_plan("c037.log");
    assert_eq!(p["runtime"], "vllm");
    assert_eq!(p["steps"][0]["id"], "vllm_memory");
    let effect = p["steps"][0]["effect"]["summary"].as_str().unwrap();
    assert!(
        effect.starts_with("--gpu-memory-utilization 0.94"),
        "{effect}"
    );

    // c011: another process holds 14.85 GiB.
    let p = log_plan("c011.log");
    assert_eq!(p["steps"][0]["id"], "free_vram");
    let cmds: Vec<&str> = p["steps"][0]["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["text"].as_str().unwrap())
        .collect();
    assert!(
        cmds.contains(&"kill 2797307") && cmds.contains(&"kill 2086283"),
        "{cmds:?}"
    );

    // c007: 8.71 GiB reserved but unallocated.
    let p = log_plan("c007.log");
    let e = step(&p, "expandable_segments");
    assert!(
        e["effect"]["summary"]
            .as_str()
            .unwrap()
            .contains("8.71 GiB")
    );
    assert_eq!(
        e["commands"][0]["text"],
        "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"
    );

    // c102: a warning llama.cpp recovered from: nothing to fix.
    let p = log_plan("c102.log");
    assert!(p["steps"].as_array().unwrap().is_empty());
}

#[test]
fn missing_log_names_the_file() {
    let err = plan(&[
        "--log",
        "/no/such.log",
        "--vram",
        "8GiB",
        "--os",
        "linux",
        "--ram",
        "8GiB",
    ])
    .unwrap_err();
    assert!(err.contains("--log /no/such.log"), "{err}");
}

/// Every CONTRACT fit option is accepted by `plan` (after the CLI rewrites llama.cpp's single-dash flags).
#[test]
fn fit_options_are_accepted() {
    let header = std::path::Path::new(file!())
        .parent()
        .unwrap()
        .join("data/fit/headers/syn-llama-q4_k_m.header.gguf");
    let (code, _) = plan(&[
        header.to_str().unwrap(),
        "--vram",
        "8GiB",
        "--os",
        "linux",
        "--ram",
        "16GiB",
        "-c",
        "4096",
        "--ngl",
        "all",
        "-b",
        "1024",
        "--ub",
        "256",
        "--ctk",
        "q8_0",
        "--ctv",
        "q8_0",
        "--fa",
        "on",
        "--np",
        "2",
        "--kv-unified",
        "--swa-full",
        "--n-cpu-moe",
        "0",
        "--nkvo",
        "--no-mmap",
        "--no-repack",
        "--ts",
        "1",
        "--backend",
        "vulkan",
        "--overhead",
        "300MiB",
        "--ram-bandwidth",
        "80",
        "--margin",
        "512MiB",
        "--runtime",
        "llama.cpp",
        "--json",
    ])
    .unwrap();
    assert_eq!(code, 0);
    let err = plan(&[
        "--backend",
        "tpu",
        header.to_str().unwrap(),
        "--vram",
        "8GiB",
        "--os",
        "linux",
        "--ram",
        "8GiB",
    ])
    .unwrap_err();
    assert!(err.contains("--backend"), "{err}");
}
