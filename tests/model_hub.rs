//! Hub models read by HTTP Range against a local server that speaks the hub's and the Ollama registry's
//! shapes (tests/support/hub_server.rs): only headers cross the wire (bounded by header + 2 MiB), a second
//! read is served from the cache, and every failure (404, 401, silence, a cut answer, a header too large)
//! is a clear error — exit 2 in the CLI.

#[path = "support/hub_server.rs"]
mod hub_server;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use hub_server::{Mode, Server, State, VFile};
use vram_doctor::model::hub::{self, Hub, HubConfig, HubError};
use vram_doctor::model::{self, ModelFormat, ModelSource, gguf};

const MIB: u64 = 1024 * 1024;
/// The real Gemma 3 270M Q4_K_M file (262,144-token vocabulary): its size and its header, cut at the data.
const GEMMA_TOTAL: u64 = 253_113_024;

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(rel)
}

/// A header file and the size of the model it was cut from (data offset + the tensor table's data).
fn header(rel: &str) -> (Vec<u8>, u64) {
    let path = data(rel);
    let bytes = std::fs::read(&path).expect("header file");
    let file = gguf::read_file(&path).expect("parses");
    (bytes, file.data_offset + file.data_bytes())
}

fn vfile(rel: &str, etag: &str) -> VFile {
    let (bytes, total) = header(rel);
    VFile::new(bytes, total, etag)
}

/// A safetensors shard: 8-byte length + JSON header, then (virtual) data.
fn safetensors_file(tensors: &[(&str, &[u64])], etag: &str) -> VFile {
    let mut map = serde_json::Map::new();
    let mut offset = 0u64;
    for (name, shape) in tensors {
        let bytes = shape.iter().product::<u64>() * 2;
        map.insert(
            (*name).to_owned(),
            serde_json::json!({"dtype": "BF16", "shape": shape, "data_offsets": [offset, offset + bytes]}),
        );
        offset += bytes;
    }
    let json = serde_json::to_vec(&serde_json::Value::Object(map)).expect("json");
    let mut prefix = (json.len() as u64).to_le_bytes().to_vec();
    prefix.extend_from_slice(&json);
    let total = prefix.len() as u64 + offset;
    VFile::new(prefix, total, etag)
}

fn state() -> State {
    let mut s = State::default();
    let q4_0 = vfile("fit/headers/syn-llama-q4_0.header.gguf", "q40");
    s.repos.insert(
        "test/Llama-GGUF".into(),
        vec![
            (
                "README.md".into(),
                VFile::new(b"# test".to_vec(), 6, "readme"),
            ),
            (
                "Llama-Q4_K_M.gguf".into(),
                vfile("fit/headers/syn-llama-q4_k_m.header.gguf", "q4km"),
            ),
            (
                "Llama-Q8_0.gguf".into(),
                vfile("fit/headers/syn-llama-q8_0.header.gguf", "q80"),
            ),
            (
                "Llama-Q6_K.gguf".into(),
                vfile("fit/headers/syn-llama-q6_k.header.gguf", "q6k"),
            ),
            ("Q4_0/Llama-Q4_0-00001-of-00003.gguf".into(), q4_0.clone()),
            ("Q4_0/Llama-Q4_0-00002-of-00003.gguf".into(), q4_0.clone()),
            ("Q4_0/Llama-Q4_0-00003-of-00003.gguf".into(), q4_0),
            (
                "mmproj-F16.gguf".into(),
                vfile("fit/headers/syn-llama-f16.header.gguf", "mm"),
            ),
        ],
    );
    let (gemma, _) = header("hub/gemma-3-270m-q4_k_m.header.gguf");
    s.repos.insert(
        "google/gemma-3-270m-GGUF".into(),
        vec![(
            "gemma-3-270m-Q4_K_M.gguf".into(),
            VFile::new(gemma, GEMMA_TOTAL, "gemma"),
        )],
    );
    s.gated.push("gated/Secret-GGUF".into());
    s.repos.insert(
        "gated/Secret-GGUF".into(),
        vec![(
            "Secret-Q4_K_M.gguf".into(),
            vfile("fit/headers/syn-qwen3moe-q4_k_m.header.gguf", "sec"),
        )],
    );
    let config = serde_json::json!({
        "architectures": ["Qwen3ForCausalLM"], "model_type": "qwen3", "num_hidden_layers": 2,
        "hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4, "num_key_value_heads": 2,
        "head_dim": 16, "vocab_size": 1000, "max_position_embeddings": 4096, "torch_dtype": "bfloat16"
    });
    let config = serde_json::to_vec(&config).expect("config");
    let shard1 = safetensors_file(
        &[
            ("model.embed_tokens.weight", &[1000, 64]),
            ("model.layers.0.self_attn.q_proj.weight", &[64, 64]),
            ("model.layers.0.mlp.up_proj.weight", &[128, 64]),
        ],
        "st1",
    );
    let shard2 = safetensors_file(
        &[
            ("model.layers.1.self_attn.q_proj.weight", &[64, 64]),
            ("model.layers.1.mlp.up_proj.weight", &[128, 64]),
            ("lm_head.weight", &[1000, 64]),
        ],
        "st2",
    );
    s.repos.insert(
        "test/Tiny-ST".into(),
        vec![
            (
                "config.json".into(),
                VFile::new(config.clone(), config.len() as u64, "cfg"),
            ),
            ("model-00001-of-00002.safetensors".into(), shard1),
            ("model-00002-of-00002.safetensors".into(), shard2),
        ],
    );
    let digest = format!("sha256:{}", "ab".repeat(32));
    s.ollama.insert("library/tiny:q4".into(), digest.clone());
    s.blobs.insert(
        digest,
        vfile("fit/headers/syn-qwen2-q4_k_m.header.gguf", "blob"),
    );
    // A header whose first string claims 100 MiB: growing must stop at the cap.
    let mut huge = b"GGUF".to_vec();
    huge.extend_from_slice(&3u32.to_le_bytes());
    huge.extend_from_slice(&0u64.to_le_bytes());
    huge.extend_from_slice(&1u64.to_le_bytes());
    huge.extend_from_slice(&1u64.to_le_bytes());
    huge.push(b'a');
    huge.extend_from_slice(&8u32.to_le_bytes());
    huge.extend_from_slice(&(100 * MIB).to_le_bytes());
    s.repos.insert(
        "test/Huge-GGUF".into(),
        vec![(
            "Huge-Q4_K_M.gguf".into(),
            VFile::new(huge, 10 << 30, "huge"),
        )],
    );
    s
}

fn config(server: &Server, cache: &Path) -> HubConfig {
    HubConfig::with_endpoint(&server.url, Some(cache.to_path_buf()))
}

fn src(s: &str) -> ModelSource {
    s.parse().expect("source")
}

#[test]
fn a_quant_header_is_read_by_range_within_budget_then_from_the_cache() {
    let server = Server::start(state(), Mode::Normal);
    let cache = tempfile::tempdir().expect("tmp");
    let (bytes, total) = header("fit/headers/syn-llama-q4_k_m.header.gguf");
    let start = Instant::now();
    let hub = Hub::new(config(&server, cache.path()));
    let loaded = hub
        .load(&src("hf:test/Llama-GGUF/Llama-Q4_K_M.gguf"))
        .expect("reads");
    let first = server.sent();
    eprintln!(
        "syn-llama Q4_K_M: header {} B, transferred {first} B, file {total} B, {:?}",
        bytes.len(),
        start.elapsed()
    );
    assert!(first <= bytes.len() as u64 + 2 * MIB, "{first} bytes sent");
    assert!(
        first >= bytes.len() as u64 - 64,
        "the header came over the wire"
    );
    let local = model::load(
        data("fit/headers/syn-llama-q4_k_m.header.gguf")
            .to_str()
            .expect("utf8"),
    )
    .expect("local");
    assert_eq!(loaded.spec.tensors, local.tensors);
    assert_eq!(loaded.spec.hparams, local.hparams);
    assert_eq!(
        loaded.spec.file_bytes, total,
        "the real size, from Content-Range"
    );
    assert_eq!(
        loaded.spec.truncated_bytes, None,
        "nothing is missing on the server"
    );
    assert_eq!(
        hub.received().load(std::sync::atomic::Ordering::Relaxed),
        first
    );

    // Again, with a new reader on the same cache: the ETag still matches (304), no body bytes.
    let again = Hub::new(config(&server, cache.path()))
        .load(&src("hf:test/Llama-GGUF/Llama-Q4_K_M.gguf"))
        .expect("cached");
    assert_eq!(server.sent(), first, "the second read downloaded something");
    assert_eq!(again.spec, loaded.spec);
    assert!(again.notes.is_empty(), "{:?}", again.notes);
}

#[test]
fn the_real_262k_vocabulary_header_costs_its_size_plus_at_most_2_mib() {
    let server = Server::start(state(), Mode::Normal);
    let cache = tempfile::tempdir().expect("tmp");
    let header_len = std::fs::metadata(data("hub/gemma-3-270m-q4_k_m.header.gguf"))
        .expect("header")
        .len();
    let start = Instant::now();
    let loaded = Hub::new(config(&server, cache.path()))
        .load(&src("hf:google/gemma-3-270m-GGUF:Q4_K_M"))
        .expect("reads");
    let sent = server.sent();
    eprintln!(
        "gemma-3-270m Q4_K_M (262k vocab): header {header_len} B, transferred {sent} B (listing included), file {GEMMA_TOTAL} B, {:?}",
        start.elapsed()
    );
    assert!(
        sent <= header_len + 2 * MIB + 64 * 1024,
        "{sent} bytes sent"
    );
    assert_eq!(loaded.spec.architecture, "gemma3");
    assert_eq!(loaded.spec.hparams.n_vocab, 262_144);
    assert_eq!(loaded.spec.file_bytes, GEMMA_TOTAL);
    assert_eq!(loaded.spec.file_type.as_deref(), Some("Q4_K_M"));
}

#[test]
fn a_split_model_reads_every_shard_header_and_listing_groups_quants() {
    let server = Server::start(state(), Mode::Normal);
    let cache = tempfile::tempdir().expect("tmp");
    let hub = Hub::new(config(&server, cache.path()));
    let mut notes = vec![];
    let listing = hub
        .list("test/Llama-GGUF", None, &mut notes)
        .expect("listing");
    let quants = hub::quants(&listing);
    let names: Vec<&str> = quants.iter().map(|q| q.quant.as_str()).collect();
    assert_eq!(names.len(), 4, "{names:?} (mmproj is not a quant)");
    let (one_bytes, one_total) = header("fit/headers/syn-llama-q4_0.header.gguf");
    let split = quants.iter().find(|q| q.quant == "Q4_0").expect("Q4_0");
    assert_eq!(split.shards, 3);
    assert_eq!(split.file_bytes, 3 * one_total);
    assert_eq!(split.id, "hf:test/Llama-GGUF:Q4_0");
    let before = server.sent();
    let spec = hub.load(&src(&split.id)).expect("split").spec;
    let sent = server.sent() - before;
    eprintln!(
        "split Q4_0 (3 shards): transferred {sent} B for 3 headers of {} B",
        one_bytes.len()
    );
    assert!(sent <= 3 * (one_bytes.len() as u64 + 2 * MIB));
    let one = model::load(
        data("fit/headers/syn-llama-q4_0.header.gguf")
            .to_str()
            .expect("utf8"),
    )
    .expect("one");
    assert_eq!(spec.tensors.len(), 3 * one.tensors.len());
    assert_eq!(spec.file_bytes, 3 * one_total);
    // A quant that is not there names the ones that are.
    let err = hub
        .load(&src("hf:test/Llama-GGUF:IQ2_XXS"))
        .expect_err("no such quant");
    assert!(matches!(err, HubError::NoQuant { .. }), "{err}");
    assert!(err.to_string().contains("Q4_K_M"), "{err}");
}

#[test]
fn safetensors_repos_and_the_ollama_registry_read_headers_only() {
    let server = Server::start(state(), Mode::Normal);
    let cache = tempfile::tempdir().expect("tmp");
    let hub = Hub::new(config(&server, cache.path()));
    let st = hub.load(&src("hf:test/Tiny-ST")).expect("safetensors").spec;
    assert_eq!(st.format, ModelFormat::Safetensors);
    assert_eq!(st.architecture, "qwen3");
    assert_eq!(st.hparams.n_layer, 2);
    assert_eq!(st.tensors.len(), 6);
    assert_eq!(st.file_type.as_deref(), Some("BF16"));
    assert!(st.tensors.iter().any(|t| t.name == "blk.1.attn_q.weight"));

    let before = server.sent();
    let ol = hub
        .load(&ModelSource::Ollama {
            name: "tiny".into(),
            tag: Some("q4".into()),
        })
        .expect("ollama registry")
        .spec;
    let (bytes, total) = header("fit/headers/syn-qwen2-q4_k_m.header.gguf");
    assert_eq!(ol.architecture, "qwen2");
    assert_eq!(ol.file_bytes, total);
    assert!(server.sent() - before <= bytes.len() as u64 + 2 * MIB + 4096);
    let missing = hub
        .load(&ModelSource::Ollama {
            name: "nothere".into(),
            tag: None,
        })
        .expect_err("not in the registry");
    assert!(
        missing.to_string().contains("ollama:nothere:latest"),
        "{missing}"
    );
}

#[test]
fn offline_the_cache_answers_and_says_so() {
    let cache = tempfile::tempdir().expect("tmp");
    let url;
    let first = {
        let server = Server::start(state(), Mode::Normal);
        url = server.url.clone();
        Hub::new(config(&server, cache.path()))
            .load(&src("hf:test/Llama-GGUF:Q8_0"))
            .expect("online")
    };
    // The server is gone: wait until its port refuses connections.
    std::thread::sleep(Duration::from_millis(300));
    let mut cfg = HubConfig::with_endpoint(&url, Some(cache.path().to_path_buf()));
    cfg.connect_timeout = Duration::from_secs(2);
    let again = Hub::new(cfg)
        .load(&src("hf:test/Llama-GGUF:Q8_0"))
        .expect("offline");
    assert_eq!(again.spec, first.spec);
    assert!(
        again.notes.iter().any(|n| n.contains("offline")),
        "{:?}",
        again.notes
    );
}

#[test]
fn not_found_gated_silent_truncated_and_huge_each_give_a_clear_error() {
    let server = Server::start(state(), Mode::Normal);
    let cache = tempfile::tempdir().expect("tmp");
    let hub = Hub::new(config(&server, cache.path()));

    let err = hub.load(&src("hf:test/Nope-GGUF:Q4_K_M")).expect_err("404");
    let msg = err.to_string();
    assert!(matches!(err, HubError::NotFound { .. }), "{msg}");
    assert!(
        msg.contains("hf:test/Nope-GGUF") && msg.contains("RepoNotFound") && msg.contains("401"),
        "{msg}"
    );
    // A file that is not in an existing repository: a plain 404.
    let err = hub
        .load(&src("hf:test/Llama-GGUF/Llama-IQ1_S.gguf"))
        .expect_err("404");
    let msg = err.to_string();
    assert!(matches!(err, HubError::NotFound { .. }), "{msg}");
    assert!(
        msg.contains("Llama-IQ1_S.gguf") && msg.contains("HTTP 404"),
        "{msg}"
    );

    let err = hub
        .load(&src("hf:gated/Secret-GGUF:Q4_K_M"))
        .expect_err("401");
    let msg = err.to_string();
    assert!(
        msg.contains("401") && msg.contains("gated") && msg.contains("HF_TOKEN"),
        "{msg}"
    );

    let before = server.sent();
    let err = hub
        .load(&src("hf:test/Huge-GGUF/Huge-Q4_K_M.gguf"))
        .expect_err("too large");
    assert!(matches!(err, HubError::TooLarge { .. }), "{err}");
    assert!(server.sent() - before <= hub::MAX_HEADER + 2 * MIB);

    let silent = Server::start(state(), Mode::Silent);
    let mut cfg = config(&silent, cache.path());
    cfg.response_timeout = Duration::from_secs(2);
    let start = Instant::now();
    let err = Hub::new(cfg)
        .load(&src("hf:test/Llama-GGUF:Q4_K_M"))
        .expect_err("timeout");
    assert!(matches!(err, HubError::Timeout { .. }), "{err}");
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    assert!(err.to_string().contains("no answer within 2 s"), "{err}");

    let cut = Server::start(state(), Mode::Truncate);
    let err = Hub::new(config(&cut, cache.path()))
        .load(&src("hf:test/Llama-GGUF/Llama-Q6_K.gguf"))
        .expect_err("truncated");
    assert!(matches!(err, HubError::Truncated { .. }), "{err}");
    assert!(err.to_string().contains("cut short"), "{err}");
}

#[test]
fn a_token_opens_a_gated_repo_and_never_follows_a_redirect_to_another_host() {
    let cdn = Server::start(state(), Mode::Normal);
    let mut st = state();
    st.redirect_files_to = Some(cdn.url.clone());
    let hub_server = Server::start(st, Mode::Normal);
    let cache = tempfile::tempdir().expect("tmp");
    let mut cfg = config(&hub_server, cache.path());
    cfg.token = Some("good".into());
    let spec = Hub::new(cfg)
        .load(&src("hf:gated/Secret-GGUF:Q4_K_M"))
        .expect("token opens it")
        .spec;
    assert_eq!(spec.architecture, "qwen3moe");
    assert!(cdn.sent() > 0, "the file was read from the CDN");
    assert!(
        cdn.auth_seen.lock().expect("lock").is_empty(),
        "the token leaked to the CDN"
    );
    assert!(!hub_server.auth_seen.lock().expect("lock").is_empty());

    // The Hugging Face token is for the hub only: the Ollama registry never sees it.
    let registry = Server::start(state(), Mode::Normal);
    let mut cfg = config(&hub_server, cache.path());
    cfg.token = Some("good".into());
    cfg.ollama_registry = registry.url.clone();
    Hub::new(cfg)
        .load(&ModelSource::Ollama {
            name: "tiny".into(),
            tag: Some("q4".into()),
        })
        .expect("registry model");
    assert!(registry.sent() > 0);
    assert!(
        registry.auth_seen.lock().expect("lock").is_empty(),
        "HF_TOKEN went to the Ollama registry"
    );
}

fn cli(server_url: &str, home: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_vram-doctor"))
        .args(args)
        .env("HF_ENDPOINT", server_url)
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("HOME", home)
        .env_remove("HF_TOKEN")
        .env_remove("HUGGING_FACE_HUB_TOKEN")
        .env_remove("HF_HOME")
        .output()
        .expect("runs")
}

#[test]
fn the_cli_fits_lists_and_fails_with_exit_2() {
    let server = Server::start(state(), Mode::Normal);
    let home = tempfile::tempdir().expect("tmp");
    let start = Instant::now();
    let out = cli(
        &server.url,
        home.path(),
        &[
            "fit",
            "hf:test/Llama-GGUF:Q4_K_M",
            "--gpu",
            "RTX 4090",
            "-c",
            "4096",
            "--json",
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    assert_eq!(doc["model"]["file_type"], "Q4_K_M");
    eprintln!(
        "fit hf:test/Llama-GGUF:Q4_K_M: {} B transferred, {:?}",
        server.sent(),
        start.elapsed()
    );
    assert!(server.sent() < 4 * MIB, "{} bytes", server.sent());

    let out = cli(
        &server.url,
        home.path(),
        &["models", "hf:test/Llama-GGUF", "--json"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let rows = rows.as_array().expect("array");
    assert_eq!(rows.len(), 4);
    let split = rows
        .iter()
        .find(|r| r["file_type"] == "Q4_0")
        .expect("Q4_0");
    assert_eq!(split["shards"], 3);
    assert_eq!(split["id"], "hf:test/Llama-GGUF:Q4_0");
    assert_eq!(split["architecture"], "llama");

    let out = cli(
        &server.url,
        home.path(),
        &["models", "hf:test/Llama-GGUF", "--gpu", "RTX 4090"],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    eprintln!("{text}");
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("Q8_0") && text.contains("RTX 4090"), "{text}");
    assert!(
        text.lines()
            .filter(|l| l.contains("hf:test/Llama-GGUF:"))
            .all(|l| l.contains("fits")
                || l.contains("tight")
                || l.contains("spills")
                || l.contains(" no ")),
        "{text}"
    );

    for (arg, want) in [
        ("hf:test/Nope-GGUF:Q4_K_M", "not found"),
        ("hf:test/Llama-GGUF/Llama-IQ1_S.gguf", "HTTP 404"),
        ("hf:gated/Secret-GGUF:Q4_K_M", "HF_TOKEN"),
    ] {
        let out = cli(&server.url, home.path(), &["fit", arg, "--gpu", "RTX 4090"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{arg}: {err}");
        assert!(err.contains(want), "{arg}: {err}");
    }
    // inspect keeps every metadata key of a hub model's header (it is not on disk to read again).
    let out = cli(
        &server.url,
        home.path(),
        &["inspect", "hf:test/Llama-GGUF:Q8_0", "--json"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(doc["metadata"]["general.architecture"], "llama");
    assert_eq!(doc["file_type"], "Q8_0");

    let silent = Server::start(state(), Mode::Silent);
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_vram-doctor"))
        .args(["fit", "hf:test/Llama-GGUF:Q4_K_M", "--gpu", "RTX 4090"])
        .env("HF_ENDPOINT", &silent.url)
        .env("HF_HUB_DOWNLOAD_TIMEOUT", "2")
        .env("XDG_CACHE_HOME", home.path().join("cache-silent"))
        .env("HOME", home.path())
        .env_remove("HF_TOKEN")
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("no answer within 2 s"), "{err}");
    assert!(
        start.elapsed() < Duration::from_secs(15),
        "{:?}",
        start.elapsed()
    );

    let cut = Server::start(state(), Mode::Truncate);
    let out = cli(
        &cut.url,
        home.path(),
        &["inspect", "hf:test/Llama-GGUF/Llama-Q6_K.gguf"],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("cut short"), "{err}");
}

/// The Fix Wizard's search over a hub model picks among the quants that really exist in the repository,
/// and names the pick as the MODEL argument that fetches it.
#[test]
fn the_plan_picks_a_quant_the_repository_has() {
    use vram_doctor::scenario::{Machine, MachineGpu, MachineOrigin, Scenario};
    let server = Server::start(state(), Mode::Normal);
    let cache = tempfile::tempdir().expect("tmp");
    let cfg = config(&server, cache.path());
    let arg = "hf:test/Llama-GGUF:Q8_0";
    let (spec, _) = vram_doctor::model::load_with(arg, &|| cfg.clone()).expect("hub model");
    let quants = vram_doctor::model::hub::repo_quants(arg, &cfg);
    assert!(
        quants.contains(&"Q4_K_M".to_owned()) && quants.contains(&"Q6_K".to_owned()),
        "{quants:?}"
    );
    let mut sc = Scenario {
        model: Some(arg.into()),
        machine: Machine {
            origin: MachineOrigin::Typed,
            gpus: vec![MachineGpu::sized("GPU0", 700 << 20)],
            ram_total_bytes: 16 << 30,
            ..Machine::default()
        },
        quants: quants.clone(),
        ..Scenario::default()
    };
    sc.settings.ctx_size = 8192;
    sc.settings.margin_bytes = 64 << 20;
    let plan = vram_doctor::plan::build_plan(&sc, Some(&spec));
    let rec = plan.recommendation.expect("a recommendation");
    let q = rec.setup.quant.clone().expect("a quant");
    for s in std::iter::once(&rec).chain(&plan.alternatives) {
        let sq = s.setup.quant.clone().unwrap();
        assert!(
            quants.contains(&sq) || sq == "Q8_0",
            "{sq} is not in the repository: {quants:?}"
        );
    }
    if q != "Q8_0" {
        assert_eq!(
            rec.setup.model.as_deref(),
            Some(format!("hf:test/Llama-GGUF:{q}").as_str())
        );
        assert!(
            rec.commands[0]
                .text
                .contains(&format!("-hf test/Llama-GGUF:{q}")),
            "{}",
            rec.commands[0].text
        );
    }
}
