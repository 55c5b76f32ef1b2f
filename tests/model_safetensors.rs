//! safetensors files, sharded indexes and config.json folders → ModelSpec.

use std::path::Path;

use vram_doctor::model::{self, ModelFormat};

/// Writes a real safetensors file: 8-byte header length, JSON header, then the (zero) tensor data.
fn write_safetensors(path: &Path, tensors: &[(&str, &str, &[u64])]) {
    let mut header = serde_json::Map::new();
    header.insert("__metadata__".into(), serde_json::json!({"format": "pt"}));
    let mut offset = 0u64;
    for (name, dtype, shape) in tensors {
        let elems: u64 = shape.iter().product();
        let size = elems * if *dtype == "F32" { 4 } else { 2 };
        header.insert(
            (*name).into(),
            serde_json::json!({"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + size]}),
        );
        offset += size;
    }
    let text = serde_json::to_vec(&header).expect("json");
    let mut bytes = (text.len() as u64).to_le_bytes().to_vec();
    bytes.extend_from_slice(&text);
    bytes.resize(bytes.len() + offset as usize, 0);
    std::fs::write(path, bytes).expect("write");
}

fn tiny_llama(dir: &Path, shards: bool) {
    let layer = |i: u32| {
        vec![
            (
                format!("model.layers.{i}.self_attn.q_proj.weight"),
                "BF16",
                vec![64u64, 64],
            ),
            (
                format!("model.layers.{i}.self_attn.k_proj.weight"),
                "BF16",
                vec![16, 64],
            ),
            (
                format!("model.layers.{i}.self_attn.v_proj.weight"),
                "BF16",
                vec![16, 64],
            ),
            (
                format!("model.layers.{i}.mlp.up_proj.weight"),
                "BF16",
                vec![128, 64],
            ),
            (
                format!("model.layers.{i}.input_layernorm.weight"),
                "F32",
                vec![64],
            ),
        ]
    };
    let own = |v: &[(String, &'static str, Vec<u64>)]| -> Vec<(String, &'static str, Vec<u64>)> {
        v.to_vec()
    };
    let mut a = own(&[("model.embed_tokens.weight".into(), "BF16", vec![1000, 64])]);
    a.extend(layer(0));
    let mut b = layer(1);
    b.push(("lm_head.weight".into(), "BF16", vec![1000, 64]));
    let as_refs =
        |v: &[(String, &'static str, Vec<u64>)]| -> Vec<(String, &'static str, Vec<u64>)> {
            v.to_vec()
        };
    let write = |p: &Path, v: Vec<(String, &'static str, Vec<u64>)>| {
        let refs: Vec<(&str, &str, &[u64])> = v
            .iter()
            .map(|(n, d, s)| (n.as_str(), *d, s.as_slice()))
            .collect();
        write_safetensors(p, &refs);
    };
    if shards {
        write(&dir.join("model-00001-of-00002.safetensors"), as_refs(&a));
        write(&dir.join("model-00002-of-00002.safetensors"), as_refs(&b));
        let mut map = serde_json::Map::new();
        for (n, _, _) in &a {
            map.insert(n.clone(), "model-00001-of-00002.safetensors".into());
        }
        for (n, _, _) in &b {
            map.insert(n.clone(), "model-00002-of-00002.safetensors".into());
        }
        std::fs::write(
            dir.join("model.safetensors.index.json"),
            serde_json::to_vec(&serde_json::json!({"metadata": {}, "weight_map": map}))
                .expect("json"),
        )
        .expect("index");
    } else {
        a.extend(b);
        write(&dir.join("model.safetensors"), a);
    }
    std::fs::write(
        dir.join("config.json"),
        r#"{"architectures":["LlamaForCausalLM"],"model_type":"llama","num_hidden_layers":2,"hidden_size":64,
            "num_attention_heads":4,"num_key_value_heads":1,"intermediate_size":128,"vocab_size":1000,
            "max_position_embeddings":8192,"torch_dtype":"bfloat16","tie_word_embeddings":false}"#,
    )
    .expect("config");
}

#[test]
fn a_config_folder_gives_llama_cpp_hyper_parameters_and_block_bytes() {
    for shards in [false, true] {
        let dir = tempfile::tempdir().expect("tmp");
        tiny_llama(dir.path(), shards);
        let spec = model::load(dir.path().to_str().expect("utf8")).expect("model");
        assert_eq!(spec.format, ModelFormat::Safetensors);
        assert_eq!(spec.architecture, "llama");
        assert_eq!(spec.file_type.as_deref(), Some("BF16"));
        let hp = &spec.hparams;
        assert_eq!(
            (hp.n_layer, hp.n_embd, hp.n_head.max(), hp.n_head_kv.max()),
            (2, 64, 4, 1)
        );
        assert_eq!(
            (hp.n_embd_head_k, hp.n_vocab, hp.n_ctx_train),
            (16, 1000, 8192)
        );
        assert!(!hp.tied_embeddings);
        // Block 0: q 64·64 + k 16·64 + v 16·64 + up 128·64 in BF16, norm 64 in F32.
        assert_eq!(
            spec.layer_bytes(0),
            (4096 + 1024 + 1024 + 8192) * 2 + 64 * 4
        );
        assert!(
            spec.tensor("output.weight").is_some() && spec.tensor("token_embd.weight").is_some()
        );
    }
}

#[test]
fn the_index_file_itself_and_a_single_file_are_models_too() {
    let dir = tempfile::tempdir().expect("tmp");
    tiny_llama(dir.path(), true);
    let idx = dir.path().join("model.safetensors.index.json");
    let spec = model::load(idx.to_str().expect("utf8")).expect("index");
    assert_eq!(spec.tensors.len(), 12);
    std::fs::remove_file(dir.path().join("model-00002-of-00002.safetensors")).expect("rm");
    let err = model::load(idx.to_str().expect("utf8")).expect_err("missing shard");
    assert!(
        err.to_string().contains("model-00002-of-00002.safetensors"),
        "{err}"
    );
}

#[test]
fn hostile_safetensors_headers_are_refused() {
    let dir = tempfile::tempdir().expect("tmp");
    let p = dir.path().join("evil.safetensors");
    let mut b = (1u64 << 60).to_le_bytes().to_vec();
    b.extend_from_slice(b"{}");
    std::fs::write(&p, b).expect("w");
    let err = model::load(p.to_str().expect("utf8")).expect_err("huge header");
    assert!(err.to_string().contains("evil.safetensors"));
    let mut b = 5u64.to_le_bytes().to_vec();
    b.extend_from_slice(b"nope!");
    std::fs::write(&p, b).expect("w");
    assert!(model::load(p.to_str().expect("utf8")).is_err());
}

/// Found by review of what the fuzz target feeds the reader: a shape whose product overflows used to panic
/// (debug) or wrap (release) when the parameter count was summed.
#[test]
fn shapes_past_2_pow_63_elements_are_refused_not_overflowed() {
    let dir = tempfile::tempdir().expect("tmp");
    let p = dir.path().join("huge.safetensors");
    let header = serde_json::json!({
        "model.embed_tokens.weight": {"dtype": "F16", "shape": [1u64 << 40, 1u64 << 40], "data_offsets": [0, 2]}
    });
    let text = serde_json::to_vec(&header).expect("json");
    let mut b = (text.len() as u64).to_le_bytes().to_vec();
    b.extend_from_slice(&text);
    b.extend_from_slice(&[0, 0]);
    std::fs::write(&p, b).expect("w");
    let err = model::load(p.to_str().expect("utf8")).expect_err("overflowing shape");
    let msg = err.to_string();
    assert!(
        msg.contains("huge.safetensors") && msg.contains("2^63"),
        "{msg}"
    );
}
