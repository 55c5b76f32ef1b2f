//! The seed scenarios of the Fix Wizard (issue 7 "Done when"): each builds a plan and checks which steps
//! appear, in which order, and their key numbers. Log lines are copied from the public threads in
//! tests/data/triage-dev (c007, c011, c037).

use vram_doctor::plan::{
    FixPlan, GpuState, HostState, ModelFacts, ModelRef, Os, Runtime, Setup, Shell, Situation,
    StepId, Symptom, VramHolder, build_plan,
};
use vram_doctor::triage::{Diagnosis, Evidence, Label, Numbers};
use vram_doctor::units::{GIB, MIB};

const RTX_4090_BW: u64 = 1_008_000_000_000;

fn llama_70b_q4km() -> ModelRef {
    ModelRef {
        argument: "/models/Llama-3.3-70B-Instruct-Q4_K_M.gguf".into(),
        name: "Llama 3.3 70B Instruct".into(),
        facts: ModelFacts {
            weights_bytes: 42_520_000_000,
            quant: Some("Q4_K_M".into()),
            n_layer: 80,
            n_ctx_train: 131_072,
            n_embd: 8192,
            n_head: 64,
            n_head_kv: 8,
            head_dim_k: 128,
            head_dim_v: 128,
            n_vocab: 128_256,
            token_embd_bytes: 591 * MIB,
            output_bytes: 862 * MIB,
            ..ModelFacts::default()
        },
    }
}

fn qwen_32b_q6k() -> ModelRef {
    ModelRef {
        argument: "C:\\Users\\Ana\\models\\Qwen2.5-32B-Instruct-Q6_K.gguf".into(),
        name: "Qwen2.5 32B Instruct".into(),
        facts: ModelFacts {
            weights_bytes: 26_900_000_000,
            quant: Some("Q6_K".into()),
            n_layer: 64,
            n_ctx_train: 32_768,
            n_embd: 5120,
            n_head: 40,
            n_head_kv: 8,
            head_dim_k: 128,
            head_dim_v: 128,
            n_vocab: 152_064,
            token_embd_bytes: 639 * MIB,
            output_bytes: 639 * MIB,
            ..ModelFacts::default()
        },
    }
}

fn rtx(name: &str, gib: u64, bw: u64) -> GpuState {
    GpuState {
        name: name.into(),
        total_bytes: gib * GIB,
        used_by_others_bytes: 0,
        bandwidth_bytes_per_sec: Some(bw),
    }
}

fn diagnosis(label: Label, evidence: &str, numbers: Numbers) -> Diagnosis {
    Diagnosis {
        label,
        confidence: 0.9,
        title: label.words().into(),
        evidence: vec![Evidence {
            line: 1,
            text: evidence.into(),
        }],
        numbers,
        ..Diagnosis::default()
    }
}

fn commands_text(plan: &FixPlan, id: StepId) -> String {
    let step = plan
        .step(id)
        .unwrap_or_else(|| panic!("step {id} missing in {:?}", plan.step_ids()));
    let mut text: Vec<String> = step.commands.iter().map(|c| c.text.clone()).collect();
    text.extend(
        step.files
            .iter()
            .map(|f| format!("{}\n{}", f.path, f.content)),
    );
    text.extend(step.settings.iter().cloned());
    text.join("\n")
}

fn assert_ordered(plan: &FixPlan) {
    let ids = plan.step_ids();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(ids, sorted, "steps out of CONTRACT order");
}

/// 70B Q4_K_M on a 24 GB card: a real OOM at load.
#[test]
fn seventy_b_on_24_gb_real_oom() {
    let mut sit = Situation::new(Runtime::LlamaServer, Os::Linux, Shell::Bash);
    sit.model = Some(llama_70b_q4km());
    sit.gpus = vec![rtx("RTX 4090", 24, RTX_4090_BW)];
    sit.host = HostState {
        ram_total_bytes: Some(64 * GIB),
        ..HostState::default()
    };
    sit.setup = Setup {
        n_ctx: 8192,
        n_gpu_layers: Some(99),
        ..Setup::default()
    };
    sit.diagnosis = Some(diagnosis(
        Label::VramOomLoad,
        "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 39898.38 MiB on device 0: cudaMalloc failed: out of memory",
        Numbers {
            requested_bytes: Some(41_836_000_000),
            ..Numbers::default()
        },
    ));
    let plan = build_plan(&sit, None);
    assert_ordered(&plan);
    assert_eq!(
        plan.step_ids(),
        vec![
            StepId::LowerQuant,
            StepId::ClampLayers,
            StepId::ReduceContext,
            StepId::QuantizeKv,
            StepId::Hardware
        ]
    );
    // Baseline: ~43 GiB on a 24 GiB card.
    let base = plan.diagnosis.prediction.as_ref().unwrap();
    assert!(
        base.min_free_bytes() < -15 * GIB as i64,
        "{}",
        base.min_free_bytes()
    );

    // Only a 2-bit quant keeps all 80 layers on 24 GiB, and the step says what it costs.
    let q = plan.step(StepId::LowerQuant).unwrap();
    assert!(q.title.contains("IQ2_"), "{}", q.title);
    assert_eq!(q.effect.fits, Some(true));
    assert!(q.effect.gpu_free_bytes.unwrap() >= GIB as i64);
    assert!(q.cost.contains("i-quant"), "{}", q.cost);
    assert!(commands_text(&plan, StepId::LowerQuant).contains("Llama-3.3-70B-Instruct-IQ2_"));

    // The largest -ngl that keeps 1 GiB free: roughly half the layers; speed in the single digits.
    let c = plan.step(StepId::ClampLayers).unwrap();
    let layers = c.effect.layers_offloaded.unwrap();
    assert!((30..=50).contains(&layers), "{layers}");
    assert_eq!(c.effect.layers_total, Some(81));
    let tps = c.effect.tokens_per_second.unwrap();
    assert!(tps > 1.0 && tps < 10.0, "{tps}");
    let cmd = commands_text(&plan, StepId::ClampLayers);
    assert!(
        cmd.contains(&format!(
            "llama-server -m /models/Llama-3.3-70B-Instruct-Q4_K_M.gguf -ngl {layers} -c 8192"
        )),
        "{cmd}"
    );
    assert!(cmd.contains("--fit on --fit-target 1024"), "{cmd}");

    // KV at 8192 tokens is 2.5 GiB at f16 (2·80·8192·8·128·2 bytes); q8_0 saves ~1.17 GiB of it.
    assert_eq!(base.kv_bytes, 2 * 80 * 8192 * 8 * 128 * 2);
    let kv = plan.step(StepId::QuantizeKv).unwrap();
    let saved = -kv.effect.vram_delta_bytes.unwrap();
    assert!(
        (1100 * MIB as i64..1300 * MIB as i64).contains(&saved),
        "{saved}"
    );
    assert!(commands_text(&plan, StepId::QuantizeKv).contains("-ctk q8_0 -ctv q8_0"));
    let rc = plan.step(StepId::ReduceContext).unwrap();
    assert!(rc.title.contains("4096"), "{}", rc.title);

    let hw = plan.step(StepId::Hardware).unwrap();
    assert!(
        hw.effect.summary.contains("GiB in total"),
        "{}",
        hw.effect.summary
    );
    assert!(!plan.verify.is_empty());
    assert!(
        plan.verify[0]
            .commands
            .iter()
            .any(|c| c.text.starts_with("llama-bench"))
    );
}

/// WSL2 paging: no CUDA error, the host ran out of RAM; WSL gets half of 16 GiB by default.
#[test]
fn wsl2_paging() {
    let mut sit = Situation::new(Runtime::LlamaServer, Os::Wsl2, Shell::Bash);
    let mut model = llama_70b_q4km();
    model.argument = "/home/ana/models/Qwen2.5-14B-Instruct-Q8_0.gguf".into();
    model.facts = ModelFacts {
        weights_bytes: 15_700_000_000,
        quant: Some("Q8_0".into()),
        n_layer: 48,
        n_embd: 5120,
        n_head: 40,
        n_head_kv: 8,
        head_dim_k: 128,
        head_dim_v: 128,
        n_vocab: 152_064,
        token_embd_bytes: 800 * MIB,
        output_bytes: 800 * MIB,
        ..ModelFacts::default()
    };
    sit.model = Some(model);
    sit.gpus = vec![rtx("RTX 3090", 24, 936_000_000_000)];
    sit.host = HostState {
        ram_total_bytes: Some(16 * GIB),
        ..HostState::default()
    };
    sit.setup = Setup {
        n_ctx: 8192,
        ..Setup::default()
    };
    sit.diagnosis = Some(diagnosis(
        Label::PagingThrash,
        "llama_model_load: loading model tensors, this can take a while... (mmap = true)",
        Numbers::default(),
    ));
    sit.symptoms = vec![Symptom::Paging];
    let plan = build_plan(&sit, None);
    assert_eq!(plan.step_ids(), vec![StepId::Wslconfig]);
    let w = plan.step(StepId::Wslconfig).unwrap();
    // Need = the 14.62 GiB file staged through RAM (+ host buffers); memory capped at 16 − 4 = 12 GiB.
    let file = &w.files[0];
    assert_eq!(file.path, "%UserProfile%\\.wslconfig");
    assert!(
        file.content.starts_with("[wsl2]\nmemory=12GB\nswap="),
        "{}",
        file.content
    );
    let swap: u64 = file
        .content
        .split("swap=")
        .nth(1)
        .unwrap()
        .trim_end_matches("GB\n")
        .parse()
        .unwrap();
    assert!((10..=12).contains(&swap), "{swap}");
    assert!(
        w.commands
            .iter()
            .any(|c| c.shell == Shell::PowerShell && c.text == "wsl --shutdown")
    );
    assert!(w.why.contains("14.62 GiB"), "{}", w.why);
}

/// A 4090 on Windows running a 32B Q6_K with every layer forced onto the GPU: the driver spills VRAM into
/// shared memory and generation crawls at 2 tok/s.
#[test]
fn rtx_4090_silent_spill_at_2_tok_s() {
    let mut sit = Situation::new(Runtime::LmStudio, Os::Windows, Shell::PowerShell);
    sit.model = Some(qwen_32b_q6k());
    sit.gpus = vec![rtx("RTX 4090", 24, RTX_4090_BW)];
    sit.host = HostState {
        ram_total_bytes: Some(64 * GIB),
        ..HostState::default()
    };
    sit.setup = Setup {
        n_ctx: 8192,
        n_gpu_layers: Some(65),
        flash_attn: false,
        ..Setup::default()
    };
    sit.symptoms = vec![Symptom::CpuSpill];
    sit.observed_tokens_per_second = Some(2.0);
    let plan = build_plan(&sit, None);
    assert_ordered(&plan);
    let ids = plan.step_ids();
    assert_eq!(
        &ids[..2],
        &[StepId::LowerQuant, StepId::ClampLayers],
        "{ids:?}"
    );
    assert!(ids.contains(&StepId::FlashAttention));
    assert!(
        !ids.contains(&StepId::Hardware),
        "a Q4 quant fits: no hardware step"
    );

    let q = plan.step(StepId::LowerQuant).unwrap();
    assert!(
        q.title.contains("Q4_K_M") || q.title.contains("Q5_K_S"),
        "{}",
        q.title
    );
    assert_eq!(q.effect.fits, Some(true));
    // All on the GPU again: tens of tokens per second instead of 2.
    assert!(q.effect.tokens_per_second.unwrap() > 20.0);
    assert!(q.notes.iter().any(|n| n.contains("Qwen2.5-32B-Instruct-Q")));

    let c = plan.step(StepId::ClampLayers).unwrap();
    assert!(c.cost.contains("You measured 2.0 tok/s"), "{}", c.cost);
    assert!(c.notes.iter().any(|n| n.contains("Sysmem Fallback")));
    let text = commands_text(&plan, StepId::ClampLayers);
    assert!(
        text.contains("GPU Offload: ") && text.contains(" of 64 layers"),
        "{text}"
    );
    assert!(
        text.contains("lms load Qwen2.5-32B-Instruct-Q6_K --gpu 0."),
        "{text}"
    );
}

/// PyTorch fragmentation (c007): 8.71 GiB reserved but unallocated.
#[test]
fn pytorch_fragmentation() {
    let mut sit = Situation::new(Runtime::Transformers, Os::Linux, Shell::Bash);
    sit.diagnosis = Some(diagnosis(
        Label::VramFragmentation,
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.50 GiB. GPU 0 has a total capacity of 21.99 GiB of which 6.62 GiB is free. Including non-PyTorch memory, this process has 15.35 GiB memory in use. Of the allocated memory 6.15 GiB is allocated by PyTorch, and 8.71 GiB is reserved by PyTorch but unallocated.",
        Numbers {
            requested_bytes: Some(8_053_063_680),
            total_bytes: Some(23_611_809_464),
            free_bytes: Some(7_108_100_997),
            allocated_bytes: Some(6_603_512_627),
            ..Numbers::default()
        },
    ));
    let plan = build_plan(&sit, None);
    assert_eq!(
        plan.step_ids(),
        vec![StepId::SmallerBatch, StepId::ExpandableSegments]
    );
    let e = plan.step(StepId::ExpandableSegments).unwrap();
    assert!(
        e.effect.summary.contains("8.71 GiB"),
        "{}",
        e.effect.summary
    );
    assert_eq!(
        e.commands[0].text,
        "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"
    );
    assert_eq!(e.undo, "unset PYTORCH_CUDA_ALLOC_CONF");
    assert!(
        plan.diagnosis.summary.contains("7.50 GiB"),
        "{}",
        plan.diagnosis.summary
    );

    // The same in PowerShell on Windows: the variable that works there, quoted for expression mode.
    sit.os = Os::Windows;
    sit.shell = Shell::PowerShell;
    let plan = build_plan(&sit, None);
    let e = plan.step(StepId::ExpandableSegments).unwrap();
    assert_eq!(
        e.commands[0].text,
        "$env:PYTORCH_CUDA_ALLOC_CONF = 'max_split_size_mb:512,garbage_collection_threshold:0.8'"
    );
}

/// A stale process holds VRAM (c011's message, and a monitor process table).
#[test]
fn stale_process_holding_vram() {
    let mut sit = Situation::new(Runtime::LlamaServer, Os::Linux, Shell::Bash);
    sit.diagnosis = Some(diagnosis(
        Label::VramHeldByOther,
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 86.00 MiB. GPU 0 has a total capacity of 23.64 GiB of which 264.00 MiB is free. Process 2086283 has 419.48 MiB memory in use. Including non-PyTorch memory, this process has 8.04 GiB memory in use. Process 2797307 has 14.85 GiB memory in use.",
        Numbers {
            requested_bytes: Some(86 * MIB),
            free_bytes: Some(264 * MIB),
            total_bytes: Some(25_383_256_064),
            ..Numbers::default()
        },
    ));
    let plan = build_plan(&sit, None);
    assert_eq!(plan.step_ids()[0], StepId::FreeVram);
    let f = plan.step(StepId::FreeVram).unwrap();
    let text = commands_text(&plan, StepId::FreeVram);
    assert!(text.contains(
        "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv,noheader"
    ));
    assert!(
        text.contains("kill 2086283") && text.contains("kill 2797307"),
        "{text}"
    );
    assert!(!text.contains("8.04"), "this process is not a holder");
    assert!(
        f.effect.summary.contains("15.26 GiB"),
        "{}",
        f.effect.summary
    );
    assert!(
        f.why.contains("86.00 MiB") && f.why.contains("264.00 MiB"),
        "{}",
        f.why
    );

    // From the live monitor on Windows, in cmd.
    let mut sit = Situation::new(Runtime::Ollama, Os::Windows, Shell::Cmd);
    sit.symptoms = vec![Symptom::HeldByOther];
    sit.holders = vec![VramHolder {
        pid: 4242,
        name: "python.exe".into(),
        used_bytes: 10 * GIB,
    }];
    let plan = build_plan(&sit, None);
    let text = commands_text(&plan, StepId::FreeVram);
    assert!(text.contains("taskkill /PID 4242"), "{text}");
    assert!(text.contains("ollama ps"), "{text}");
}

/// vLLM refuses max_model_len 29000 with room for 23648 tokens (c037, Llama-3.1-8B bf16 on a 3090).
#[test]
fn vllm_kv_too_small() {
    let mut sit = Situation::new(Runtime::Vllm, Os::Linux, Shell::Bash);
    sit.model = Some(ModelRef {
        argument: "meta-llama/Llama-3.1-8B-Instruct".into(),
        name: "Llama 3.1 8B Instruct".into(),
        facts: ModelFacts {
            weights_bytes: 16_060_000_000,
            quant: Some("BF16".into()),
            n_layer: 32,
            n_embd: 4096,
            n_head: 32,
            n_head_kv: 8,
            head_dim_k: 128,
            head_dim_v: 128,
            n_vocab: 128_256,
            ..ModelFacts::default()
        },
    });
    sit.gpus = vec![GpuState {
        name: "RTX 3090".into(),
        total_bytes: 25_318_850_560,
        ..GpuState::default()
    }];
    sit.setup = Setup {
        n_ctx: 29000,
        gpu_memory_utilization: 0.9,
        ..Setup::default()
    };
    sit.diagnosis = Some(diagnosis(
        Label::VllmKvInsufficient,
        "The model's max seq len (29000) is larger than the maximum number of tokens that can be stored in KV cache (23648). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.",
        Numbers::default(),
    ));
    let plan = build_plan(&sit, None);
    assert_eq!(plan.step_ids()[0], StepId::VllmMemory);
    let v = plan.step(StepId::VllmMemory).unwrap();
    // (29000 − 23648) tokens × 128 KiB per token = 0.65 GiB more KV → 0.90 + 0.028 + 0.01 → 0.94.
    assert!(
        v.effect
            .summary
            .starts_with("--gpu-memory-utilization 0.94"),
        "{}",
        v.effect.summary
    );
    let text = commands_text(&plan, StepId::VllmMemory);
    assert_eq!(
        text,
        "vllm serve meta-llama/Llama-3.1-8B-Instruct --gpu-memory-utilization 0.94 --max-model-len 29000"
    );
    assert!(
        plan.step(StepId::QuantizeKv)
            .is_some_and(|s| s.commands[0].text.contains("--kv-cache-dtype fp8"))
    );
    assert!(plan.step(StepId::Hardware).is_none());
}

#[test]
fn not_memory_gets_no_fixes() {
    let mut sit = Situation::new(Runtime::Ollama, Os::Linux, Shell::Bash);
    sit.diagnosis = Some(diagnosis(
        Label::NotMemory,
        "CUDA driver version is insufficient for CUDA runtime version",
        Numbers::default(),
    ));
    let plan = build_plan(&sit, None);
    assert!(plan.steps.is_empty() && plan.verify.is_empty());
    assert!(plan.diagnosis.summary.contains("not a memory problem"));
}

#[test]
fn json_has_the_contract_shape() {
    let mut sit = Situation::new(Runtime::Ollama, Os::Linux, Shell::Bash);
    sit.model = Some(ModelRef {
        argument: "llama3.3:70b".into(),
        ..llama_70b_q4km()
    });
    sit.gpus = vec![rtx("RTX 4090", 24, RTX_4090_BW)];
    sit.setup = Setup {
        n_ctx: 8192,
        n_batch: 512,
        flash_attn: false,
        ..Setup::default()
    };
    let plan = build_plan(&sit, None);
    let json = serde_json::to_value(&plan).unwrap();
    assert!(json["diagnosis"].is_object());
    let steps = json["steps"].as_array().unwrap();
    assert!(!steps.is_empty());
    for s in steps {
        for key in ["id", "title", "why", "commands", "files"] {
            assert!(s.get(key).is_some(), "{key} missing in {s}");
        }
        for c in s["commands"].as_array().unwrap() {
            assert!(c["shell"].is_string() && c["text"].is_string());
        }
    }
    assert_eq!(json["verify"][0]["commands"][0]["text"], "ollama ps");
    // Ollama: Modelfile + create, flash attention through a systemd drop-in.
    let clamp = plan.step(StepId::ClampLayers).unwrap();
    assert!(clamp.files.iter().any(|f| {
        f.path == "Modelfile"
            && f.content
                .starts_with("FROM llama3.3:70b\nPARAMETER num_gpu ")
    }));
    assert!(
        clamp
            .commands
            .iter()
            .any(|c| c.text == "ollama create llama3.3-70b-fit -f Modelfile")
    );
    let fa = plan.step(StepId::FlashAttention).unwrap();
    assert!(
        fa.files
            .iter()
            .any(|f| f.path.ends_with("ollama.service.d/vram-doctor.conf")
                && f.content.contains("OLLAMA_FLASH_ATTENTION=1"))
    );
    let md = plan.to_markdown();
    assert!(md.contains("## Fixes, in order") && md.contains("```bash"));
}

#[test]
fn unquotable_model_path_is_left_out_with_a_note() {
    let mut sit = Situation::new(Runtime::LlamaServer, Os::Windows, Shell::Cmd);
    sit.model = Some(ModelRef {
        argument: "C:\\models\\100%\\Llama-3.3-70B-Instruct-Q4_K_M.gguf".into(),
        ..llama_70b_q4km()
    });
    sit.gpus = vec![rtx("RTX 4090", 24, RTX_4090_BW)];
    let plan = build_plan(&sit, None);
    let clamp = plan.step(StepId::ClampLayers).unwrap();
    assert!(clamp.commands.iter().all(|c| !c.text.contains("100%")));
    assert!(
        clamp
            .notes
            .iter()
            .any(|n| n.contains("Commands left out") && n.contains("cmd")),
        "{:?}",
        clamp.notes
    );
}

/// Only a log (c001-style load OOM, no model file): the layer count is scaled from the log's own numbers.
#[test]
fn log_only_load_oom_estimates_layers() {
    let mut sit = Situation::new(Runtime::LlamaServer, Os::Linux, Shell::Bash);
    sit.diagnosis = Some(diagnosis(
        Label::VramOomLoad,
        "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 39898.38 MiB on device 0: cudaMalloc failed: out of memory",
        Numbers {
            requested_bytes: Some(41_836_677_693),
            total_bytes: Some(24 * GIB),
            layers_offloaded: Some(81),
            layers_total: Some(81),
            ..Numbers::default()
        },
    ));
    let plan = build_plan(&sit, None);
    let c = plan.step(StepId::ClampLayers).expect("clamp from the log");
    // 39898 MiB / 81 layers = 492.6 MiB per layer; (24 − 1 − 1) GiB / 492.6 MiB = 45 layers.
    assert_eq!(c.effect.layers_offloaded, Some(45));
    assert!(
        c.effect.summary.contains("estimate from the log"),
        "{}",
        c.effect.summary
    );
    assert!(
        c.notes.iter().any(|n| n.contains("-ngl 45")),
        "{:?}",
        c.notes
    );
    assert!(plan.step_ids().contains(&StepId::Hardware));
}

/// Apple Metal OOM: a 70B Q4_K_M at 32k context on a 64 GiB Mac exceeds the ~70 % GPU working set.
#[test]
fn macos_metal_wired_limit() {
    let mut sit = Situation::new(Runtime::LlamaServer, Os::Macos, Shell::Bash);
    sit.model = Some(llama_70b_q4km());
    let working_set = 64 * GIB / 100 * 70;
    sit.gpus = vec![GpuState {
        name: "Apple M2 Max".into(),
        total_bytes: working_set,
        used_by_others_bytes: 0,
        bandwidth_bytes_per_sec: Some(400_000_000_000),
    }];
    sit.host = HostState {
        ram_total_bytes: Some(64 * GIB),
        ..HostState::default()
    };
    sit.setup = Setup {
        n_ctx: 32768,
        ..Setup::default()
    };
    sit.diagnosis = Some(diagnosis(
        Label::AppleMetalOom,
        "ggml_metal_graph_compute: command buffer 0 failed with status 5 error: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)",
        Numbers::default(),
    ));
    let plan = build_plan(&sit, None);
    assert_ordered(&plan);
    let m = plan
        .step(StepId::MetalWiredLimit)
        .expect("wired limit step");
    let cmd = &m.commands[1].text;
    let mb: u64 = cmd
        .strip_prefix("sudo sysctl iogpu.wired_limit_mb=")
        .unwrap()
        .parse()
        .unwrap();
    // Model 39.6 GiB + KV 10 GiB at 32k + buffers + 1 GiB ≈ 52 GiB, rounded up to whole GiB, under 64 − 8.
    assert!(
        mb.is_multiple_of(1024) && (50 * 1024..=56 * 1024).contains(&mb),
        "{mb}"
    );
    assert_eq!(m.effect.fits, Some(true));
    assert_eq!(
        m.undo,
        "sudo sysctl iogpu.wired_limit_mb=0 (back to the default), or reboot."
    );
    // Shrinking the context alone makes it fit in the default working set.
    let rc = plan.step(StepId::ReduceContext).unwrap();
    assert_eq!(rc.effect.fits, Some(true));
}

/// transformers: a bf16 32B checkpoint on a 24 GiB card → 4-bit NF4 via BitsAndBytesConfig, with max_memory.
#[test]
fn transformers_oom_gets_a_bitsandbytes_snippet() {
    let mut sit = Situation::new(Runtime::Transformers, Os::Linux, Shell::Bash);
    sit.model = Some(ModelRef {
        argument: "Qwen/Qwen2.5-32B-Instruct".into(),
        name: "Qwen2.5 32B Instruct".into(),
        facts: ModelFacts {
            weights_bytes: 65_500_000_000,
            quant: Some("BF16".into()),
            n_layer: 64,
            n_embd: 5120,
            n_head: 40,
            n_head_kv: 8,
            head_dim_k: 128,
            head_dim_v: 128,
            n_vocab: 152_064,
            ..ModelFacts::default()
        },
    });
    sit.gpus = vec![rtx("RTX 4090", 24, RTX_4090_BW)];
    sit.host = HostState {
        ram_total_bytes: Some(64 * GIB),
        ram_available_bytes: Some(48 * GIB),
        ..HostState::default()
    };
    sit.diagnosis = Some(diagnosis(
        Label::VramOomLoad,
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 270.00 MiB. GPU 0 has a total capacity of 23.64 GiB of which 120.00 MiB is free.",
        Numbers::default(),
    ));
    let plan = build_plan(&sit, None);
    let q = plan.step(StepId::LowerQuant).expect("lower precision");
    assert!(q.title.contains("4-bit"), "{}", q.title);
    let py = &q
        .files
        .iter()
        .find(|f| f.path == "load_model.py")
        .unwrap()
        .content;
    assert!(
        py.contains("model_id = 'Qwen/Qwen2.5-32B-Instruct'"),
        "{py}"
    );
    assert!(py.contains("bnb_4bit_quant_type=\"nf4\""), "{py}");
    assert!(py.contains("torch_dtype=torch.bfloat16"), "{py}");
    assert!(py.contains("device_map=\"auto\""), "{py}");
    assert!(
        py.contains("max_memory={0: \"23GiB\", \"cpu\": \"44GiB\"}"),
        "{py}"
    );
    assert!(q.commands.iter().any(|c| c.text == "python load_model.py"));
}

/// Ollama's server variables are set the way each OS needs.
#[test]
fn ollama_env_per_os() {
    let mut sit = Situation::new(Runtime::Ollama, Os::Macos, Shell::Bash);
    sit.model = Some(ModelRef {
        argument: "llama3.3:70b".into(),
        ..llama_70b_q4km()
    });
    sit.gpus = vec![rtx("Apple M3 Max", 36, 400_000_000_000)];
    sit.setup = Setup {
        n_ctx: 8192,
        n_batch: 512,
        flash_attn: false,
        ..Setup::default()
    };
    let text = |sit: &Situation| {
        let plan = build_plan(sit, None);
        commands_text(&plan, StepId::FlashAttention)
    };
    assert!(text(&sit).contains("launchctl setenv OLLAMA_FLASH_ATTENTION 1"));
    sit.os = Os::Windows;
    sit.shell = Shell::Cmd;
    assert!(text(&sit).contains("setx OLLAMA_FLASH_ATTENTION 1"));
    sit.shell = Shell::PowerShell;
    assert!(
        text(&sit).contains(
            "[Environment]::SetEnvironmentVariable('OLLAMA_FLASH_ATTENTION', '1', 'User')"
        )
    );
}

/// vLLM with weights larger than the card: CPU offload for the excess, FP8 weights as the faster option.
#[test]
fn vllm_weights_too_big_offload_to_cpu() {
    let mut sit = Situation::new(Runtime::Vllm, Os::Linux, Shell::Bash);
    sit.model = Some(ModelRef {
        argument: "Qwen/Qwen2.5-14B-Instruct".into(),
        name: "Qwen2.5 14B Instruct".into(),
        facts: ModelFacts {
            weights_bytes: 29_500_000_000,
            quant: Some("BF16".into()),
            n_layer: 48,
            n_embd: 5120,
            n_head: 40,
            n_head_kv: 8,
            head_dim_k: 128,
            head_dim_v: 128,
            n_vocab: 152_064,
            ..ModelFacts::default()
        },
    });
    sit.gpus = vec![rtx("RTX 4090", 24, RTX_4090_BW)];
    sit.setup = Setup {
        n_ctx: 8192,
        ..Setup::default()
    };
    sit.diagnosis = Some(diagnosis(
        Label::VramOomLoad,
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 136.00 MiB.",
        Numbers::default(),
    ));
    let plan = build_plan(&sit, None);
    assert_ordered(&plan);
    let v = plan.step(StepId::VllmMemory).unwrap();
    // Utilization raised to 0.95 and max-model-len halved to 4096: 22.8 GiB − 2 GiB − 0.75 GiB KV
    // (4096 × 192 KiB) = 20.05 GiB for 27.47 GiB of weights → 8.42 GiB (+1 GiB spare) offloaded → 9.
    let gb: u64 = v
        .effect
        .summary
        .split("--cpu-offload-gb ")
        .nth(1)
        .unwrap()
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(gb, 9, "{}", v.effect.summary);
    assert!(
        v.commands[0]
            .text
            .contains(&format!("--cpu-offload-gb {gb}"))
    );
    let q = plan.step(StepId::LowerQuant).unwrap();
    assert!(
        q.commands[0].text.contains("--quantization fp8"),
        "{:?}",
        q.commands
    );
}

/// Every label × runtime × OS × shell, with and without a model, with extreme settings: a plan, never a
/// panic; steps in order; every command for the right shell or a note saying why it was left out.
#[test]
fn every_combination_builds_a_plan() {
    let extreme = [
        Setup::default(),
        Setup {
            n_ctx: 0,
            n_gpu_layers: Some(0),
            ..Setup::default()
        },
        Setup {
            n_ctx: u32::MAX,
            n_ubatch: u32::MAX,
            n_batch: u32::MAX,
            parallel: u32::MAX,
            n_cpu_moe: u32::MAX,
            ..Setup::default()
        },
    ];
    for label in Label::ALL {
        for runtime in Runtime::ALL {
            for os in Os::ALL {
                for shell in Shell::ALL {
                    for (i, setup) in extreme.iter().enumerate() {
                        let mut sit = Situation::new(runtime, os, shell);
                        if i > 0 {
                            sit.model = Some(ModelRef {
                                argument: "it's $(rm -rf ~).gguf".into(),
                                ..llama_70b_q4km()
                            });
                            sit.gpus = vec![rtx("GPU", 8, RTX_4090_BW)];
                        }
                        sit.setup = setup.clone();
                        sit.diagnosis = Some(diagnosis(
                            label,
                            "",
                            Numbers {
                                layers_offloaded: Some(0),
                                requested_bytes: Some(1),
                                ..Numbers::default()
                            },
                        ));
                        let plan = build_plan(&sit, None);
                        assert_ordered(&plan);
                        for step in plan.steps.iter().chain(&plan.verify) {
                            for c in &step.commands {
                                assert!(
                                    !c.text.contains("$(rm -rf ~).gguf")
                                        || c.text.contains("'it'\\''s $(rm -rf ~).gguf'")
                                        || c.text.contains("'it''s $(rm -rf ~).gguf'")
                                        || c.text.contains("\"it's $(rm -rf ~).gguf\""),
                                    "unquoted: {}",
                                    c.text
                                );
                            }
                        }
                        let _ = plan.to_markdown();
                    }
                }
            }
        }
    }
}

/// Sizes at other quants come from re-quantizing the real tensor table: the Q6_K and F16 sizes predicted from a
/// Q4_K_M file equal the real files' tensor bytes (llama.cpp-written headers of the same model).
#[test]
fn other_quant_sizes_are_exact_from_the_tensor_table() {
    let dir = std::path::Path::new(file!())
        .parent()
        .unwrap()
        .join("data/fit/headers");
    let load = |f: &str| vram_doctor::model::load(dir.join(f).to_str().unwrap()).unwrap();
    let q4km = load("syn-llama-q4_k_m.header.gguf");
    let facts = ModelFacts::from_spec(&q4km);
    for (other, name) in [
        ("syn-llama-f16.header.gguf", "F16"),
        ("syn-llama-q6_k.header.gguf", "Q6_K"),
    ] {
        let real = load(other).tensor_bytes;
        let predicted = facts
            .quant_bytes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| *b);
        assert_eq!(predicted, Some(real), "{name}");
    }
}

/// The 70B-on-24-GB scenario with the fit engine's numbers (real tensor table from the preset catalog,
/// llama.cpp's allocation rules) instead of the formula.
#[test]
fn seventy_b_with_the_fit_engine() {
    use vram_doctor::plan::fit_bridge::FitWhatIf;
    let spec = vram_doctor::model::load("preset:llama-3.3-70b@Q4_K_M").unwrap();
    let gpu = vram_doctor::hardware::catalog::find("RTX 4090").unwrap();
    let mut sit = Situation::new(Runtime::LlamaServer, Os::Linux, Shell::Bash);
    sit.model = Some(ModelRef::from_spec(
        "/models/Llama-3.3-70B-Instruct-Q4_K_M.gguf",
        &spec,
    ));
    sit.gpus = vec![GpuState {
        name: gpu.name.clone(),
        total_bytes: gpu.usable_bytes(),
        used_by_others_bytes: 0,
        bandwidth_bytes_per_sec: Some((gpu.bandwidth_gbps * 1e9) as u64),
    }];
    sit.host = HostState {
        ram_total_bytes: Some(64 * GIB),
        ..HostState::default()
    };
    sit.setup = Setup {
        n_ctx: 8192,
        ..Setup::default()
    };
    let what_if = FitWhatIf::new(spec.clone(), &sit);
    let plan = build_plan(&sit, Some(&what_if));
    assert_ordered(&plan);
    let base = plan.diagnosis.prediction.as_ref().unwrap();
    assert!(base.method.starts_with("fit engine"), "{}", base.method);
    assert_eq!(base.kv_bytes, 2 * 80 * 8192 * 8 * 128 * 2);

    // The quant step's weight delta is the re-quantized tensor table's, to the byte.
    let q = plan.step(StepId::LowerQuant).unwrap();
    let name = q.setup.as_ref().and_then(|s| s.quant.clone()).unwrap();
    let smaller = vram_doctor::model::quantize::predict(&spec, &name, Default::default()).unwrap();
    let delta = |s: &vram_doctor::model::ModelSpec| s.tensors.iter().map(|t| t.bytes).sum::<u64>();
    let expected =
        vram_doctor::units::format_delta(i128::from(delta(&smaller)) - i128::from(delta(&spec)));
    assert!(
        q.effect.summary.contains(&format!("weights {expected}")),
        "{} vs {expected}",
        q.effect.summary
    );
    assert_eq!(q.effect.fits, Some(true));

    let c = plan.step(StepId::ClampLayers).unwrap();
    let n = c.effect.layers_offloaded.unwrap();
    assert!((36..=46).contains(&n), "{n}");
    assert!(
        c.commands[0].text.contains(&format!("-ngl {n} -c 8192")),
        "{}",
        c.commands[0].text
    );
    let t = c.effect.tokens_per_second.unwrap();
    assert!(t > 0.5 && t < 10.0, "{t}");
    assert!(plan.step_ids().contains(&StepId::Hardware));
}
