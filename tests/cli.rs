//! The binary as users and scripts run it: help, version, exit codes, no panics on bad input.

use std::process::Command;

fn vram_doctor(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_vram-doctor"))
        .args(args)
        .output()
        .expect("run vram-doctor")
}

#[test]
fn help_lists_every_subcommand() {
    let out = vram_doctor(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    for sub in [
        "gui", "inspect", "fit", "triage", "plan", "monitor", "models",
    ] {
        assert!(text.contains(sub), "--help does not mention {sub}:\n{text}");
    }
}

#[test]
fn version_prints_the_crate_version() {
    let out = vram_doctor(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains(env!("CARGO_PKG_VERSION")));
}

#[test]
fn usage_errors_exit_2_with_a_message() {
    let out = vram_doctor(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("frobnicate"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

fn header(name: &str) -> String {
    format!(
        "{}/tests/data/fit/headers/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn inspect_json_follows_the_contract() {
    let out = vram_doctor(&[
        "inspect",
        &header("syn-qwen3moe-q4_k_m.header.gguf"),
        "--json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    for field in [
        "format",
        "architecture",
        "name",
        "file_type",
        "parameters",
        "file_bytes",
        "tensor_bytes",
        "truncated",
        "layers",
        "context_length",
        "embedding_length",
        "head_count",
        "head_count_kv",
        "key_length",
        "value_length",
        "sliding_window",
        "expert_count",
        "expert_used_count",
        "vocab_size",
        "tensor_count",
        "metadata",
    ] {
        assert!(doc.get(field).is_some(), "missing {field}");
    }
    assert_eq!(doc["format"], "gguf");
    assert_eq!(doc["architecture"], "qwen3moe");
    assert_eq!(doc["file_type"], "Q4_K_M");
    assert_eq!(doc["truncated"], true);
    assert!(doc["expert_count"].as_u64().unwrap_or(0) > 1);
    assert!(
        doc["metadata"]["tokenizer.ggml.tokens"]["array_len"]
            .as_u64()
            .unwrap_or(0)
            > 1000
    );
}

#[test]
fn inspect_text_and_a_missing_file() {
    let out = vram_doctor(&["inspect", &header("syn-gemma3-q8_0.header.gguf")]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("gemma3") && text.contains("sliding window") && text.contains("TRUNCATED"),
        "{text}"
    );

    let out = vram_doctor(&["inspect", "/nonexistent/model.gguf"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/model.gguf"));
    let notes = tempfile::NamedTempFile::new().expect("tmp");
    std::fs::write(notes.path(), "just some text").expect("write");
    let out = vram_doctor(&["inspect", notes.path().to_str().expect("utf8")]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn models_presets_lists_the_catalog() {
    let out = vram_doctor(&["models", "--presets", "--json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let rows = doc.as_array().expect("array");
    assert!(rows.len() >= 25);
    for row in rows {
        for field in [
            "id",
            "source",
            "path",
            "architecture",
            "file_type",
            "file_bytes",
        ] {
            assert!(row.get(field).is_some(), "{field} missing in {row}");
        }
    }
    assert!(rows.iter().any(|r| r["id"] == "preset:llama-3.1-8b"));
    let out = vram_doctor(&["inspect", "preset:qwen3-30b-a3b@Q8_0", "--json"]);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn triage_reads_a_file_or_stdin_and_prints_contract_json() {
    let log = format!("{}/tests/data/triage/c001.log", env!("CARGO_MANIFEST_DIR"));
    let out = vram_doctor(&["triage", &log, "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["label"], "vram_oom_load");
    for field in [
        "confidence",
        "runtime",
        "os",
        "title",
        "explanation",
        "evidence",
        "numbers",
        "next_steps",
        "also",
    ] {
        assert!(doc.get(field).is_some(), "{field}");
    }
    assert!(doc["evidence"][0]["line"].as_u64().is_some());
    assert!(doc["numbers"]["requested_bytes"].as_u64().is_some());

    let mut child = Command::new(env!("CARGO_BIN_EXE_vram-doctor"))
        .args(["triage", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    {
        use std::io::Write as _;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin
            .write_all(b"[1.0] Out of memory: Killed process 42 (python) total-vm:1kB, anon-rss:1048576kB\n")
            .expect("write");
    }
    let out = child.wait_with_output().expect("wait");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("System RAM ran out"));

    let out = vram_doctor(&["triage", "/nonexistent/server.log"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/server.log"));
}

#[test]
fn monitor_once_json_snapshot_on_this_machine() {
    let out = vram_doctor(&["monitor", "--once", "--json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    for field in ["time", "os", "gpu_status", "gpus", "host", "alerts"] {
        assert!(doc.get(field).is_some(), "{field}");
    }
    assert!(doc["host"]["ram_total_bytes"].as_u64().unwrap_or(0) > 0);
    for field in [
        "ram_available_bytes",
        "swap_total_bytes",
        "swap_used_bytes",
        "major_faults_per_sec",
        "memory_pressure_percent",
    ] {
        assert!(doc["host"].get(field).is_some(), "host.{field}");
    }
    if doc["gpus"].as_array().is_some_and(|g| g.is_empty()) {
        assert_ne!(doc["gpu_status"], "ok");
    }
    let dir = tempfile::tempdir().expect("tmp");
    let csv = dir.path().join("rec.csv");
    let out = vram_doctor(&[
        "monitor",
        "--interval",
        "0.2",
        "--duration",
        "0.9",
        "--json",
        "--csv",
        csv.to_str().expect("utf8"),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).lines().count() >= 2);
    let (samples, skipped) = vram_doctor::monitor::replay::read(
        std::io::BufReader::new(std::fs::File::open(&csv).expect("csv")),
        "rec.csv",
    )
    .expect("recording");
    assert!(samples.len() >= 2 && skipped == 0);
    // Real host data went into the recording: RAM, and CPU load from the third tick on.
    assert!(samples.iter().all(|s| s.host.ram_total_bytes > 0));
    if samples.len() >= 3 {
        assert!(samples.iter().any(|s| s.host.cpu_percent.is_some()));
    }
}

/// llama-server reserves one logit row per slot (llama.cpp#23861); llama-cli the whole ubatch: on a
/// 152k-vocabulary model at -ub 512 with flash attention that is the 297 MiB of f32 logits.
#[test]
fn fit_prices_the_logits_each_llama_cpp_program_reserves() {
    let gpu_compute = |runtime: &str| -> f64 {
        let out = vram_doctor(&[
            "fit",
            "preset:qwen2.5-7b",
            "-c",
            "32768",
            "-fa",
            "on",
            "--vram",
            "12GiB",
            "--runtime",
            runtime,
            "--json",
        ]);
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        doc["devices"][0]["compute_bytes"]
            .as_f64()
            .expect("compute")
            / 1048576.0
    };
    let (server, cli) = (gpu_compute("llama-server"), gpu_compute("llama-cli"));
    // llama-cli: logits 152064 x 512 x 4 B + the 512-row hidden state, as llama.cpp logged it (304.00 MiB).
    assert!((cli - 304.0).abs() < 0.5, "{cli}");
    assert!(server < cli - 100.0, "{server} vs {cli}");
    assert_eq!(gpu_compute("ollama"), server);
}

/// `fit --json` of Qwen2.5-7B with these arguments.
fn fit_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["fit", "preset:qwen2.5-7b", "--json"];
    all.extend_from_slice(args);
    let out = vram_doctor(&all);
    serde_json::from_slice(&out.stdout).expect("json")
}

/// `--output-layer-last` counts -ngl as llama.cpp builds before #18148 did: at -ngl 28 of Qwen2.5-7B's 28
/// blocks the output layer (a Q6_K weight larger than a block) stays in system RAM.
#[test]
fn fit_counts_ngl_the_way_older_builds_did_when_asked() {
    let gpu_weights = |extra: &[&str]| -> f64 {
        let mut args = vec!["-c", "4096", "-ngl", "28", "--vram", "12GiB"];
        args.extend_from_slice(extra);
        let doc = fit_json(&args);
        doc["devices"][0]["weights_bytes"]
            .as_f64()
            .expect("weights")
            / 1048576.0
    };
    let (now, old) = (gpu_weights(&[]), gpu_weights(&["--output-layer-last"]));
    // Output-first: 27 blocks + the output layer; output-last: all 28 blocks and no output layer.
    assert!(old < now - 100.0, "{old} vs {now}");
}

/// `--f32-fa-mask` prices builds before llama.cpp#23764: the flash-attention mask kept in f32 on the host
/// ([n_ctx, ub] × 4 B instead of × 2 B).
#[test]
fn fit_prices_the_older_f32_attention_mask_when_asked() {
    let host_compute = |extra: &[&str]| -> f64 {
        let mut args = vec!["-c", "32768", "-fa", "on", "--vram", "24GiB"];
        args.extend_from_slice(extra);
        let doc = fit_json(&args);
        let devices = doc["devices"].as_array().expect("devices");
        let host = devices
            .iter()
            .find(|d| d["kind"] == "host")
            .expect("host device");
        host["compute_bytes"].as_f64().expect("compute") / 1048576.0
    };
    let (now, old) = (host_compute(&[]), host_compute(&["--f32-fa-mask"]));
    // 32768 cells x 512 rows: 32 MiB more in f32.
    assert!((old - now - 32.0).abs() < 0.01, "{old} vs {now}");
}

#[test]
fn fit_takes_llama_cpp_spellings_and_prints_contract_json() {
    let out = vram_doctor(&[
        "fit",
        "preset:llama-3.1-8b@Q4_K_M",
        "-c",
        "8192",
        "-ngl",
        "99",
        "-ctk",
        "q8_0",
        "-ctv",
        "q8_0",
        "-fa",
        "on",
        "--vram",
        "24GiB",
        "--json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    for field in [
        "model",
        "settings",
        "devices",
        "layers_offloaded",
        "layers_total",
        "verdict",
        "max_gpu_layers",
        "max_ctx_size",
        "tokens_per_second",
        "warnings",
    ] {
        assert!(doc.get(field).is_some(), "{field}");
    }
    assert_eq!(doc["verdict"], "fits");
    assert_eq!(doc["settings"]["cache_type_k"], "q8_0");
    let devices = doc["devices"].as_array().expect("devices");
    assert_eq!(
        devices.last().map(|d| d["kind"].clone()),
        Some(serde_json::json!("host"))
    );
    // 70B Q4_K_M with every layer forced onto a 24 GiB card: does not fit, exit 1.
    let out = vram_doctor(&[
        "fit",
        "preset:llama-3.1-70b@Q4_K_M",
        "-ngl",
        "all",
        "--vram",
        "24GiB",
        "--json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn incomplete_file_is_predicted_whole_and_named_in_verdict_and_json() {
    // A header-only file is what a download cut off after the header looks like.
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fit/headers/syn-llama-f16.header.gguf"
    );
    let out = vram_doctor(&["fit", file, "--backend", "cpu", "-c", "4096", "--json"]);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    let warnings = doc["warnings"].as_array().expect("warnings");
    assert!(
        warnings.iter().any(|w| w
            .as_str()
            .is_some_and(|w| w.contains("this file is incomplete")
                && w.contains("llama.cpp will not load it"))),
        "{warnings:?}"
    );
    let host = &doc["devices"][0];
    assert!(
        host["weights_bytes"].as_u64().unwrap_or(0) > 1 << 20,
        "complete model's weights"
    );
    let out = vram_doctor(&["fit", file, "--backend", "cpu", "-c", "4096"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines()
            .any(|l| l.starts_with("verdict:") && l.contains("this file is incomplete")),
        "{text}"
    );
}

#[test]
fn tensor_dimensions_past_2_pow_63_exit_2_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.gguf");
    let mut b = Vec::new();
    b.extend_from_slice(b"GGUF");
    b.extend_from_slice(&3u32.to_le_bytes());
    b.extend_from_slice(&1u64.to_le_bytes());
    b.extend_from_slice(&0u64.to_le_bytes());
    let name = b"blk.0.attn_q.weight";
    b.extend_from_slice(&(name.len() as u64).to_le_bytes());
    b.extend_from_slice(name);
    b.extend_from_slice(&4u32.to_le_bytes());
    for _ in 0..4 {
        b.extend_from_slice(&(1u64 << 40).to_le_bytes());
    }
    b.extend_from_slice(&0u32.to_le_bytes());
    b.extend_from_slice(&0u64.to_le_bytes());
    std::fs::write(&path, b).unwrap();
    let p = path.to_str().unwrap();
    for args in [vec!["fit", p, "--json"], vec!["inspect", p]] {
        let out = vram_doctor(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("blk.0.attn_q.weight") && err.contains("2^63"),
            "{err}"
        );
    }
}
