//! The GGUF reader on real headers (llama.cpp-quantized models of several architectures; the files are cut
//! at the start of tensor data, so they are also real truncated files) and on hostile input.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use vram_doctor::model::{self, gguf};

fn headers() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fit/headers");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("headers dir")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    v.sort();
    v
}

/// Expected hyper-parameters per model, from the truth table's columns (llama.cpp's own reading).
fn truth_rows() -> Vec<(String, Vec<String>)> {
    let tsv = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fit/cpu_truth.tsv"),
    )
    .expect("truth tsv");
    tsv.lines()
        .skip(1)
        .map(|l| {
            let cols: Vec<String> = l.split('\t').map(str::to_owned).collect();
            (cols[0].clone(), cols)
        })
        .collect()
}

#[test]
fn real_headers_give_llama_cpp_hyper_parameters() {
    let truth = truth_rows();
    let mut checked = 0;
    for path in headers() {
        let spec = model::load(path.to_str().expect("utf8")).expect("readable header");
        let model_file = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("name")
            .replace(".header.gguf", ".gguf");
        let Some((_, row)) = truth.iter().find(|(m, _)| *m == model_file) else {
            continue;
        };
        let n = |i: usize| row[i].parse::<u64>().unwrap_or(0);
        let hp = &spec.hparams;
        assert_eq!(spec.architecture, row[1], "{model_file}");
        assert_eq!(u64::from(hp.n_layer), n(3), "{model_file} n_layer");
        assert_eq!(u64::from(hp.n_embd), n(4), "{model_file} n_embd");
        assert_eq!(u64::from(hp.n_head.get(0)), n(5), "{model_file} n_head");
        // Per-layer arrays (LFM2: 0 KV heads on conv layers) are printed by llama.cpp from layer 0.
        assert_eq!(
            u64::from(hp.n_head_kv.get(0)),
            n(6),
            "{model_file} n_head_kv"
        );
        assert_eq!(u64::from(hp.n_embd_head_k), n(7), "{model_file} head_dim");
        assert_eq!(u64::from(hp.n_vocab), n(8), "{model_file} n_vocab");
        assert_eq!(u64::from(hp.n_expert), n(9), "{model_file} n_expert");
        // "512/p6": window 512, every 6th layer full attention.
        let (window, period) = row[10].split_once("/p").unwrap_or((row[10].as_str(), "0"));
        assert_eq!(hp.n_swa.to_string(), window, "{model_file} swa");
        if period != "0" {
            assert_eq!(
                hp.swa_period.to_string(),
                period,
                "{model_file} swa pattern"
            );
        }
        // llama.cpp prints "Q4_K - Medium" where model cards say "Q4_K_M".
        let ftype = row[11]
            .replace(" - Medium", "_M")
            .replace(" - Small", "_S")
            .replace(" - Large", "_L");
        assert_eq!(
            spec.file_type.as_deref(),
            Some(ftype.as_str()),
            "{model_file} ftype"
        );
        // The headers stop where tensor data starts: the reader must say so, with the missing bytes.
        let missing = spec.truncated_bytes.expect("truncated");
        assert!(missing > 0 && missing <= spec.tensor_bytes);
        checked += 1;
    }
    assert!(
        checked >= 10,
        "only {checked} headers matched the truth table"
    );
}

#[test]
fn tensor_bytes_equal_llama_cpp_model_buffer_without_repack() {
    // Rows with mmap and no CPU_REPACK: llama.cpp's model buffer is exactly the tensor data.
    let truth = truth_rows();
    let mut checked = 0;
    for path in headers() {
        let spec = model::load(path.to_str().expect("utf8")).expect("header");
        let model_file = path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("name")
            .replace(".header.gguf", ".gguf");
        for (_, row) in truth.iter().filter(|(m, _)| *m == model_file) {
            let types = &row[21];
            let exact = &row[40];
            if row[29] != "ok" || types.contains("REPACK") || !exact.starts_with("CPU_Mapped=") {
                continue;
            }
            let bytes: u64 = exact["CPU_Mapped=".len()..].parse().expect("bytes");
            // llama.cpp pads each tensor to the alignment inside the mapped buffer.
            let diff = bytes.abs_diff(spec.tensor_bytes);
            assert!(
                diff <= 32 * spec.tensors.len() as u64,
                "{model_file}: llama.cpp {bytes} vs tensor table {}",
                spec.tensor_bytes
            );
            checked += 1;
            break;
        }
    }
    assert!(checked >= 5, "checked {checked}");
}

fn header(n_tensors: u64, n_kv: u64) -> Vec<u8> {
    let mut b = b"GGUF".to_vec();
    b.extend_from_slice(&3u32.to_le_bytes());
    b.extend_from_slice(&n_tensors.to_le_bytes());
    b.extend_from_slice(&n_kv.to_le_bytes());
    b
}

fn write_tmp(bytes: &[u8]) -> tempfile::NamedTempFile {
    let mut f = tempfile::NamedTempFile::new().expect("tmp");
    f.write_all(bytes).expect("write");
    f
}

fn fails_fast(bytes: &[u8], expect: &str) {
    let f = write_tmp(bytes);
    let start = Instant::now();
    let err = gguf::read_file(f.path()).expect_err("hostile input must be refused");
    assert!(start.elapsed() < Duration::from_millis(200));
    let msg = err.to_string();
    assert!(msg.contains(expect), "{msg}");
    assert!(
        msg.contains(&f.path().display().to_string()),
        "error must name the file: {msg}"
    );
}

#[test]
fn hostile_headers_fail_fast_with_a_clear_message() {
    fails_fast(&header(1 << 62, 0), "tensors");
    fails_fast(&header(0, 1 << 62), "metadata entries");
    // A key whose length claims 2^60 bytes.
    let mut b = header(0, 1);
    b.extend_from_slice(&(1u64 << 60).to_le_bytes());
    b.extend_from_slice(&[0u8; 32]);
    fails_fast(&b, "string claims");
    // An array of 2^62 u64s.
    let mut b = header(0, 1);
    b.extend_from_slice(&1u64.to_le_bytes());
    b.push(b'k');
    b.extend_from_slice(&9u32.to_le_bytes());
    b.extend_from_slice(&10u32.to_le_bytes());
    b.extend_from_slice(&(1u64 << 62).to_le_bytes());
    b.extend_from_slice(&[0u8; 64]);
    fails_fast(&b, "array claims");
    // Arrays nested 100 deep.
    let mut b = header(0, 1);
    b.extend_from_slice(&1u64.to_le_bytes());
    b.push(b'k');
    b.extend_from_slice(&9u32.to_le_bytes());
    for _ in 0..100 {
        b.extend_from_slice(&9u32.to_le_bytes());
        b.extend_from_slice(&1u64.to_le_bytes());
    }
    b.extend_from_slice(&[0u8; 64]);
    fails_fast(&b, "nested");
    fails_fast(b"GGML\x03\0\0\0", "not a GGUF file");
    let mut v = b"GGUF".to_vec();
    v.extend_from_slice(&7u32.to_le_bytes());
    fails_fast(&v, "version 7");
}

#[test]
fn every_truncation_of_a_real_header_is_an_error_or_a_spec_never_a_panic() {
    let bytes = std::fs::read(&headers()[0]).expect("header");
    let step = (bytes.len() / 300).max(1);
    for cut in (0..bytes.len()).step_by(step) {
        let f = write_tmp(&bytes[..cut]);
        let _ = model::load(f.path().to_str().expect("utf8"));
    }
    // Flipped bytes in the metadata area.
    for i in (8..bytes.len().min(20_000)).step_by(97) {
        let mut m = bytes.clone();
        m[i] ^= 0xA5;
        let f = write_tmp(&m);
        let _ = model::load(f.path().to_str().expect("utf8"));
    }
}

#[test]
fn split_models_read_every_shard_and_name_a_missing_one() {
    let src = std::fs::read(&headers()[0]).expect("header");
    let dir = tempfile::tempdir().expect("tmp");
    for no in 1..=2 {
        std::fs::write(dir.path().join(format!("m-{no:05}-of-00003.gguf")), &src).expect("w");
    }
    let err = model::load(
        dir.path()
            .join("m-00002-of-00003.gguf")
            .to_str()
            .expect("utf8"),
    )
    .expect_err("shard 3 is missing");
    assert!(err.to_string().contains("m-00003-of-00003.gguf"), "{err}");
    std::fs::write(dir.path().join("m-00003-of-00003.gguf"), &src).expect("w");
    let one = model::load(headers()[0].to_str().expect("utf8")).expect("one");
    let all = model::load(
        dir.path()
            .join("m-00001-of-00003.gguf")
            .to_str()
            .expect("utf8"),
    )
    .expect("three shards");
    assert_eq!(all.tensors.len(), 3 * one.tensors.len());
    assert_eq!(all.file_bytes, 3 * one.file_bytes);
}

#[test]
fn the_real_gemma_file_when_present() {
    // dist/fetch: ~/.cache/vram-doctor/gemma-3-270m-q4_k_m.gguf (shared/tools/fetch_real_gguf.sh).
    let Some(home) = std::env::var_os("HOME") else {
        return;
    };
    let path = Path::new(&home).join(".cache/vram-doctor/gemma-3-270m-q4_k_m.gguf");
    if !path.exists() {
        return;
    }
    let spec = model::load(path.to_str().expect("utf8")).expect("real model");
    assert_eq!(spec.architecture, "gemma3");
    assert_eq!(spec.truncated_bytes, None);
    assert_eq!(spec.hparams.n_layer, 18);
    assert!(spec.hparams.n_vocab > 200_000);
}

/// A header with one tensor of a type id this build does not know: reported by number, sized from the offset
/// of the next tensor, never a crash or a zero.
#[test]
fn unknown_tensor_types_are_sized_from_their_neighbours() {
    let mut b = header(3, 1);
    let s = |b: &mut Vec<u8>, t: &str| {
        b.extend_from_slice(&(t.len() as u64).to_le_bytes());
        b.extend_from_slice(t.as_bytes());
    };
    s(&mut b, "general.architecture");
    b.extend_from_slice(&8u32.to_le_bytes());
    s(&mut b, "llama");
    for (name, ty, offset) in [
        ("a.weight", 0u32, 0u64),
        ("b.weight", 77, 4096),
        ("c.weight", 0, 4096 + 1000),
    ] {
        s(&mut b, name);
        b.extend_from_slice(&1u32.to_le_bytes());
        b.extend_from_slice(&1024u64.to_le_bytes());
        b.extend_from_slice(&ty.to_le_bytes());
        b.extend_from_slice(&offset.to_le_bytes());
    }
    let f = write_tmp(&b);
    let g = gguf::read_file(f.path()).expect("header");
    assert_eq!(g.unknown_types, vec![77]);
    let unknown = g
        .tensors
        .iter()
        .find(|t| t.ggml_type == 77)
        .expect("tensor");
    assert_eq!(unknown.bytes, 1000);
    assert_eq!(g.tensors[0].bytes, 4096);
}

/// Found by fuzzing (fuzz/ gguf target): a tensor table whose sizes sum past u64 panicked (debug) or
/// wrapped (release) while the spec was built. Now it reads, and the estimate neither panics nor wraps.
#[test]
fn fuzz_found_tensor_sizes_summing_past_u64() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fuzz/gguf-tensor-bytes-overflow.gguf"
    );
    if let Ok(spec) = vram_doctor::model::load(path) {
        let req = vram_doctor::fit::FitRequest {
            ctx_size: 4096,
            backend: vram_doctor::fit::Backend::Cpu,
            ..Default::default()
        };
        let _ = vram_doctor::fit::estimate(&spec, &req);
    }
}

/// Found by fuzzing (fuzz/ gguf target): with no `general.file_type`, the weight type holding most bytes is
/// named from the tensor table; sizes whose per-type sum passed u64 panicked there (debug builds).
#[test]
fn fuzz_found_dominant_type_sum_past_u64() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fuzz/gguf-dominant-type-overflow.gguf"
    );
    let _ = vram_doctor::model::load(path);
}

/// Found by fuzzing (fuzz/ gguf target, once it priced a GPU too): a MoE header with huge expert widths
/// made the ggml-alloc replay (`fit::graph_alloc`) allocate past its arena's open end (an overflow panic in
/// debug builds). Tensors of 2^40 bytes or more are no longer replayed; the estimate falls back to the
/// closed forms.
#[test]
fn fuzz_found_moe_replay_past_the_arena() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fuzz/gguf-moe-replay-overflow.gguf"
    );
    let spec = vram_doctor::model::load(path).expect("the header reads");
    for f32_fa_mask in [false, true] {
        let req = vram_doctor::fit::FitRequest {
            ctx_size: 4096,
            backend: vram_doctor::fit::Backend::Cuda,
            flash_attn: vram_doctor::fit::FlashAttn::On,
            n_cpu_moe: 1,
            gpus: vec![vram_doctor::fit::GpuDevice {
                name: "fuzz".into(),
                capacity_bytes: 24 << 30,
                bandwidth_gbps: None,
            }],
            f32_fa_mask,
            ..Default::default()
        };
        let _ = vram_doctor::fit::estimate(&spec, &req);
    }
}
