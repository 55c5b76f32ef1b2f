//! Local model stores, on fake store trees built like the real ones.

use std::path::Path;

use vram_doctor::model::stores::{StoreKind, StoreRoots, scan};

fn header() -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/fit/headers/syn-llama-q4_k_m.header.gguf"),
    )
    .expect("header")
}

fn put(path: &Path, bytes: &[u8]) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, bytes).expect("write");
}

#[test]
fn finds_models_in_every_store_and_lists_broken_ones_with_their_problem() {
    let root = tempfile::tempdir().expect("tmp");
    let r = root.path();
    let gguf = header();

    // Ollama: a good model, and a manifest whose blob is gone.
    let digest = "ab".repeat(32);
    put(&r.join(format!("ollama/blobs/sha256-{digest}")), &gguf);
    let manifest = |d: &str| {
        format!(
            r#"{{"layers":[{{"mediaType":"application/vnd.ollama.image.model","digest":"sha256:{d}"}}]}}"#
        )
    };
    put(
        &r.join("ollama/manifests/registry.ollama.ai/library/llama3.1/8b"),
        manifest(&digest).as_bytes(),
    );
    put(
        &r.join("ollama/manifests/registry.ollama.ai/library/ghost/latest"),
        manifest(&"cd".repeat(32)).as_bytes(),
    );
    // LM Studio: publisher/model/file.gguf, plus a corrupt file.
    put(
        &r.join("lms/lmstudio-community/Llama-GGUF/llama-Q4_K_M.gguf"),
        &gguf,
    );
    put(
        &r.join("lms/someone/broken/broken.gguf"),
        b"not a gguf at all",
    );
    // Hugging Face cache: snapshots link into blobs/ (the blob itself must not be listed twice).
    let hf = r.join("hf/models--org--tiny-GGUF");
    put(&hf.join("blobs/0123abcd"), &gguf);
    std::fs::create_dir_all(hf.join("snapshots/rev1")).expect("mkdir");
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        "../../blobs/0123abcd",
        hf.join("snapshots/rev1/tiny-q4_k_m.gguf"),
    )
    .expect("symlink");
    // llama.cpp cache, with a split model (listed once, through shard 1).
    put(&r.join("llamacpp/org_model-00001-of-00002.gguf"), &gguf);
    put(&r.join("llamacpp/org_model-00002-of-00002.gguf"), &gguf);

    let roots = StoreRoots {
        ollama: vec![r.join("ollama")],
        lmstudio: vec![r.join("lms")],
        huggingface: vec![r.join("hf")],
        llama_cpp: vec![r.join("llamacpp")],
    };
    let found = scan(&roots);
    let by_id = |id: &str| found.iter().find(|m| m.id.contains(id));

    let ollama = by_id("ollama:llama3.1:8b").expect("ollama model");
    assert_eq!(ollama.source, StoreKind::Ollama);
    assert_eq!(ollama.architecture.as_deref(), Some("llama"));
    assert_eq!(ollama.file_type.as_deref(), Some("Q4_K_M"));
    assert!(
        by_id("ollama:ghost:latest")
            .and_then(|m| m.problem.as_deref())
            .is_some_and(|p| p.contains("missing"))
    );

    assert!(by_id("llama-Q4_K_M.gguf").is_some_and(|m| {
        m.source == StoreKind::Lmstudio
            && m.problem
                .as_deref()
                .is_some_and(|p| p.contains("truncated"))
    }));
    assert!(
        by_id("broken.gguf")
            .and_then(|m| m.problem.as_deref())
            .is_some_and(|p| p.contains("not a GGUF"))
    );
    #[cfg(unix)]
    assert!(by_id("tiny-q4_k_m.gguf").is_some_and(|m| m.source == StoreKind::Huggingface));
    assert!(
        found.iter().all(|m| !m.id.contains("0123abcd")),
        "HF blobs listed twice"
    );
    assert_eq!(
        found.iter().filter(|m| m.id.contains("org_model-")).count(),
        1
    );
}
