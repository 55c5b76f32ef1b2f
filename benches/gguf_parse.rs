//! GGUF header parse time on the largest header shape in the wild: a 262,144-token vocabulary (Gemma 3) with
//! scores and token types (~6 MB of metadata) and 400 tensor infos. Also the quant prediction of a 70B preset.

use std::io::Write;

use criterion::{Criterion, criterion_group, criterion_main};

fn string(b: &mut Vec<u8>, s: &str) {
    b.extend_from_slice(&(s.len() as u64).to_le_bytes());
    b.extend_from_slice(s.as_bytes());
}

fn big_header() -> Vec<u8> {
    let n_vocab = 262_144u64;
    let n_tensors = 400u64;
    let mut b = b"GGUF".to_vec();
    b.extend_from_slice(&3u32.to_le_bytes());
    b.extend_from_slice(&n_tensors.to_le_bytes());
    b.extend_from_slice(&5u64.to_le_bytes());
    string(&mut b, "general.architecture");
    b.extend_from_slice(&8u32.to_le_bytes());
    string(&mut b, "gemma3");
    string(&mut b, "gemma3.block_count");
    b.extend_from_slice(&4u32.to_le_bytes());
    b.extend_from_slice(&62u32.to_le_bytes());
    string(&mut b, "tokenizer.ggml.tokens");
    b.extend_from_slice(&9u32.to_le_bytes());
    b.extend_from_slice(&8u32.to_le_bytes());
    b.extend_from_slice(&n_vocab.to_le_bytes());
    for i in 0..n_vocab {
        string(&mut b, &format!("tok{i}"));
    }
    string(&mut b, "tokenizer.ggml.scores");
    b.extend_from_slice(&9u32.to_le_bytes());
    b.extend_from_slice(&6u32.to_le_bytes());
    b.extend_from_slice(&n_vocab.to_le_bytes());
    for i in 0..n_vocab {
        b.extend_from_slice(&(i as f32).to_le_bytes());
    }
    string(&mut b, "tokenizer.ggml.token_type");
    b.extend_from_slice(&9u32.to_le_bytes());
    b.extend_from_slice(&5u32.to_le_bytes());
    b.extend_from_slice(&n_vocab.to_le_bytes());
    for _ in 0..n_vocab {
        b.extend_from_slice(&1i32.to_le_bytes());
    }
    let mut offset = 0u64;
    for i in 0..n_tensors {
        string(&mut b, &format!("blk.{}.ffn_up.weight", i / 6));
        b.extend_from_slice(&2u32.to_le_bytes());
        b.extend_from_slice(&5376u64.to_le_bytes());
        b.extend_from_slice(&21504u64.to_le_bytes());
        b.extend_from_slice(&12u32.to_le_bytes());
        b.extend_from_slice(&offset.to_le_bytes());
        offset += 5376 * 21504 / 256 * 144;
    }
    b
}

fn parse(c: &mut Criterion) {
    let header = big_header();
    let mut file = tempfile::NamedTempFile::new().expect("tmp");
    file.write_all(&header).expect("write");
    let path = file.path().to_str().expect("utf8").to_owned();
    c.bench_function(
        &format!("gguf header 262k vocab ({} MB)", header.len() / 1_000_000),
        |b| {
            b.iter(|| vram_doctor::model::load(&path).expect("parse"));
        },
    );
    c.bench_function("preset llama-3.1-70b@Q4_K_M (quant prediction)", |b| {
        b.iter(|| vram_doctor::model::load("preset:llama-3.1-70b@Q4_K_M").expect("preset"));
    });
}

criterion_group!(benches, parse);
criterion_main!(benches);
