//! The Fix Wizard's search on real model shapes (built-in presets, sized by llama-quantize's rules) and real
//! machines from the GPU catalog. Every number comes from the fit engine; these tests check the advice a user
//! with that problem gets, not how it is computed.

use vram_doctor::model::{self, ModelSpec};
use vram_doctor::plan::{FixPlan, PlanSetup, StepId, build_plan, quality};
use vram_doctor::scenario::{Machine, MachineGpu, MachineOrigin, Scenario};
use vram_doctor::triage::{Diagnosis, Evidence, Label};
use vram_doctor::units::GIB;
use vram_doctor::vocab::{Os, Runtime, Symptom};

fn preset(id: &str) -> ModelSpec {
    model::load(&format!("preset:{id}")).unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn machine(gpu: &str, ram_gib: u64) -> Machine {
    Machine {
        origin: MachineOrigin::Catalog,
        os: Os::Linux,
        gpus: vec![MachineGpu::from_catalog(gpu).unwrap()],
        ram_total_bytes: ram_gib * GIB,
        ..Machine::default()
    }
}

fn scenario(gpu: &str, ram_gib: u64, ctx: u32) -> Scenario {
    let mut s = Scenario {
        machine: machine(gpu, ram_gib),
        ..Scenario::default()
    };
    s.settings.ctx_size = ctx;
    s
}

fn every_setup(plan: &FixPlan) -> Vec<&PlanSetup> {
    plan.recommendation
        .iter()
        .chain(&plan.alternatives)
        .collect()
}

fn bpw(s: &PlanSetup) -> f64 {
    s.quality.quant_bpw
}

/// Llama 3.1 8B Q8_0 on an 8 GiB card at 32k: a 4-bit-class quant keeps the whole context on the GPU (with a
/// q8_0 KV cache), not a 2-bit quant and not a shorter context.
#[test]
fn small_card_gets_a_four_bit_setup_with_the_whole_context() {
    let spec = preset("llama-3.1-8b@Q8_0");
    let plan = build_plan(&scenario("RTX 4060", 32, 32768), Some(&spec));
    let rec = plan.recommendation.as_ref().expect("a recommendation");
    assert!(
        bpw(rec) >= quality::Q4_CLASS_BPW && bpw(rec) < 6.0,
        "{}",
        rec.title
    );
    assert_eq!(rec.setup.ctx_size, 32768, "{}", rec.title);
    assert_eq!(
        rec.setup.n_gpu_layers, None,
        "every layer on the GPU: {}",
        rec.title
    );
    assert_eq!(rec.layers_offloaded, rec.layers_total);
    assert!(rec.fits && rec.host_fits);
    assert!(rec.tokens_per_second.is_some_and(|t| t.generation > 20.0));
    // A preset is not a file: the plan says what to get instead of inventing a path.
    assert_eq!(rec.setup.model, None);
    assert!(
        rec.notes
            .iter()
            .any(|n| n.contains(rec.setup.quant.as_deref().unwrap()))
    );
    // The single levers are explanation, never numbered fixes.
    for id in [
        StepId::LowerQuant,
        StepId::ReduceContext,
        StepId::QuantizeKv,
        StepId::ClampLayers,
    ] {
        assert!(plan.step(id).is_none(), "{id} is not a numbered fix");
    }
    assert_eq!(plan.steps[0].id, StepId::ApplyRecommendation);
    assert!(!plan.levers.is_empty());
}

/// DeepSeek-R1-Distill-Qwen-7B Q4_K_M on 6 GiB at 32k: Q4-class stays (with a quantized KV cache and, if
/// need be, a shorter context), never a 2-bit quant.
#[test]
fn six_gib_keeps_q4_class() {
    let spec = preset("deepseek-r1-distill-qwen-7b@Q4_K_M");
    let mut sc = scenario("RTX 4060", 32, 32768);
    sc.machine.gpus[0].total_bytes = 6 * GIB;
    let plan = build_plan(&sc, Some(&spec));
    let rec = plan.recommendation.as_ref().expect("a recommendation");
    assert!(bpw(rec) >= quality::Q4_CLASS_BPW, "{}", rec.title);
    assert!(rec.setup.ctx_size >= 16384, "{}", rec.title);
    // Every Q4-class option is on the table; none is a 2-bit quant with a 3.5k context.
    assert!(
        every_setup(&plan).iter().all(|s| s.setup.ctx_size >= 4096),
        "{:#?}",
        titles(&plan)
    );
}

/// Llama 3.1 70B Q4_K_M on a 24 GB card at 16k with 64 GB RAM: a Q4-class partial offload and a
/// whole-on-GPU setup are both offered, each with its speed and quality cost.
#[test]
fn seventy_b_offers_both_sides_of_the_trade() {
    let spec = preset("llama-3.1-70b@Q4_K_M");
    let plan = build_plan(&scenario("RTX 4090", 64, 16384), Some(&spec));
    let all = every_setup(&plan);
    let partial = all
        .iter()
        .find(|s| bpw(s) >= quality::Q4_CLASS_BPW && s.layers_offloaded < s.layers_total)
        .unwrap_or_else(|| panic!("a Q4-class partial offload: {:#?}", titles(&plan)));
    assert!(partial.tokens_per_second.is_some());
    assert!(partial.host_fits);
    let full = all
        .iter()
        .find(|s| s.layers_offloaded == s.layers_total && s.setup.n_cpu_moe == 0)
        .unwrap_or_else(|| panic!("an all-on-GPU setup: {:#?}", titles(&plan)));
    assert!(
        full.tokens_per_second.unwrap().generation > partial.tokens_per_second.unwrap().generation
    );
    assert!(full.quality.words.contains("perplexity"));
    assert!(
        bpw(full) < quality::Q4_CLASS_BPW,
        "70B does not fit 24 GB at Q4 class"
    );
}

/// The same with 16 GB of RAM: nothing that needs more system RAM than the machine has.
#[test]
fn seventy_b_with_little_ram_offers_nothing_that_pages() {
    let spec = preset("llama-3.1-70b@Q4_K_M");
    let sc = scenario("RTX 4090", 16, 16384);
    let limit = sc.machine.host_limit_bytes();
    let plan = build_plan(&sc, Some(&spec));
    assert!(
        !every_setup(&plan).is_empty(),
        "a 2-bit 70B still fits the GPU"
    );
    for s in every_setup(&plan) {
        let host = s
            .devices
            .iter()
            .find(|d| d.kind == vram_doctor::fit::DeviceKind::Host)
            .unwrap();
        assert!(
            s.host_fits && host.total_bytes <= limit,
            "{}: host {}",
            s.title,
            host.total_bytes
        );
    }
}

/// Qwen3-30B-A3B on 8 GiB: every layer on the GPU with the experts of some layers in RAM (--n-cpu-moe),
/// faster than moving whole layers off the GPU.
#[test]
fn moe_on_a_small_card_keeps_layers_and_moves_experts() {
    let spec = preset("qwen3-30b-a3b@Q4_K_M");
    let mut sc = scenario("RTX 4060", 32, 16384);
    sc.model = Some("Qwen3-30B-A3B-Q4_K_M.gguf".into());
    let plan = build_plan(&sc, Some(&spec));
    let rec = plan.recommendation.as_ref().expect("a recommendation");
    assert!(rec.setup.n_cpu_moe > 0, "{}", rec.title);
    assert_eq!(rec.setup.n_gpu_layers, None);
    assert!(
        rec.commands[0].text.contains("--n-cpu-moe"),
        "{}",
        rec.commands[0].text
    );
    if let Some(fewer) = every_setup(&plan)
        .into_iter()
        .find(|s| s.layers_offloaded < s.layers_total && s.setup.quant == rec.setup.quant)
    {
        assert!(
            rec.tokens_per_second.unwrap().generation > fewer.tokens_per_second.unwrap().generation
        );
    }
}

fn titles(plan: &FixPlan) -> Vec<String> {
    every_setup(plan)
        .iter()
        .map(|s| format!("{} {}", s.goal.as_str(), s.title))
        .collect()
}

fn vllm_free_memory_log() -> Diagnosis {
    Diagnosis {
        label: Label::VramHeldByOther,
        runtime: Some("vLLM".into()),
        title: "Other processes hold GPU memory".into(),
        explanation: "ValueError: Free memory on device (3.2/23.6 GiB) on startup is less than desired GPU memory utilization (0.9, 21.24 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.".into(),
        ..Diagnosis::default()
    }
}

/// vLLM found less free memory than its share: free memory first; the share is never raised.
#[test]
fn vllm_short_of_free_memory_is_never_out_bid() {
    for label in [Label::VramHeldByOther, Label::VllmKvInsufficient] {
        let mut d = vllm_free_memory_log();
        d.label = label;
        let mut sc = scenario("RTX 3090", 64, 8192);
        sc.attach_log(d, None);
        assert_eq!(sc.runtime, Runtime::Vllm);
        let spec = preset("qwen2.5-7b@F16");
        let plan = build_plan(&sc, Some(&spec));
        assert!(!plan.steps.is_empty(), "{label}");
        if label == Label::VramHeldByOther {
            assert_eq!(plan.steps[0].id, StepId::FreeVram);
        }
        for s in &plan.steps {
            if let Some(setup) = &s.setup {
                assert!(
                    setup.gpu_memory_utilization <= 0.9,
                    "{label}: {} raises the share",
                    s.title
                );
            }
            for c in &s.commands {
                assert!(
                    !c.text.contains("--gpu-memory-utilization 0.9"),
                    "{}",
                    c.text
                );
                assert!(!c.text.contains("--gpu-memory-utilization 1"), "{}", c.text);
            }
        }
    }
}

/// PyTorch fragmentation whose "Process N has X in use" is the failing process itself: the allocator
/// setting leads, and that process is never ended.
#[test]
fn pytorch_fragmentation_leads_with_the_allocator_and_kills_nothing() {
    let d = Diagnosis {
        label: Label::VramFragmentation,
        runtime: Some("PyTorch".into()),
        evidence: vec![Evidence {
            line: 12,
            text: "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 39.39 GiB of which 1.20 GiB is free. Process 4242 has 31.50 GiB memory in use. Of the allocated memory 20.10 GiB is allocated by PyTorch, and 11.02 GiB is reserved by PyTorch but unallocated.".into(),
        }],
        ..Diagnosis::default()
    };
    let mut sc = scenario("A100 40GB", 64, 4096);
    sc.attach_log(d, None);
    let plan = build_plan(&sc, Some(&preset("llama-3.1-8b@F16")));
    assert_eq!(
        plan.steps[0].id,
        StepId::ExpandableSegments,
        "{:?}",
        plan.step_ids()
    );
    for s in &plan.steps {
        for c in &s.commands {
            assert!(
                !c.text.contains("4242"),
                "ends the failing process: {}",
                c.text
            );
        }
    }
}

/// "It runs, but at 2 tok/s" with no log: a recommendation clearly faster than that.
#[test]
fn slow_without_a_log_gets_a_faster_setup() {
    let spec = preset("llama-3.1-8b@Q8_0");
    let mut sc = scenario("RTX 4060", 32, 8192);
    sc.add_symptom(Symptom::Slow);
    sc.evidence.observed_tps = Some(2.0);
    let plan = build_plan(&sc, Some(&spec));
    assert_eq!(plan.diagnosis.label, "reported");
    let rec = plan.recommendation.as_ref().expect("a recommendation");
    assert!(
        rec.tokens_per_second.unwrap().generation >= 3.0,
        "{}",
        rec.title
    );
}

/// Ollama: library tags only (no IQ quants), the KV cache type through its server variables, and the new
/// tag named — never the same model under a new name.
#[test]
fn ollama_commands_use_library_tags_and_server_variables() {
    let spec = preset("llama-3.1-8b@Q8_0");
    let mut sc = scenario("RTX 4060", 32, 32768);
    sc.runtime = Runtime::Ollama;
    sc.model = Some("llama3.1:8b-instruct-q8_0".into());
    let plan = build_plan(&sc, Some(&spec));
    let rec = plan.recommendation.as_ref().expect("a recommendation");
    let quant = rec.setup.quant.as_deref().unwrap();
    assert!(!quant.starts_with("IQ"), "{quant}");
    for s in every_setup(&plan) {
        assert!(
            !s.setup.quant.as_deref().unwrap_or("").starts_with("IQ"),
            "{}",
            s.title
        );
    }
    let model = rec.setup.model.as_deref().unwrap();
    assert_ne!(model, "llama3.1:8b-instruct-q8_0");
    assert!(
        model.ends_with(&vram_doctor::plan::commands::ollama_style(quant)),
        "{model}"
    );
    let modelfile = &rec
        .files
        .iter()
        .find(|f| f.path == "Modelfile")
        .unwrap()
        .content;
    assert!(
        modelfile.starts_with(&format!("FROM {model}\n")),
        "{modelfile}"
    );
    if rec.setup.cache_type_k != "f16" {
        let all: String = rec
            .commands
            .iter()
            .map(|c| c.text.clone())
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            all.contains("OLLAMA_KV_CACHE_TYPE") && all.contains("OLLAMA_FLASH_ATTENTION"),
            "{all}"
        );
    }
}

/// llama.cpp with a file: the recommended quant's file is named, not the same file again.
#[test]
fn llama_cpp_command_names_the_new_file() {
    let spec = preset("llama-3.1-8b@Q8_0");
    let mut sc = scenario("RTX 4060", 32, 32768);
    sc.model = Some("/models/Meta-Llama-3.1-8B-Instruct-Q8_0.gguf".into());
    sc.machine.os = Os::Windows;
    let plan = build_plan(&sc, Some(&spec));
    let rec = plan.recommendation.as_ref().unwrap();
    let q = rec.setup.quant.as_deref().unwrap();
    let cmd = &rec.commands[0].text;
    assert!(
        cmd.contains(&format!("Meta-Llama-3.1-8B-Instruct-{q}.gguf")),
        "{cmd}"
    );
    assert!(!cmd.contains("Q8_0.gguf"), "{cmd}");
    assert!(cmd.contains("-c 32768"), "{cmd}");
}

/// A model that fits as asked needs no change, and the plan says so.
#[test]
fn a_model_that_fits_needs_nothing() {
    let spec = preset("llama-3.1-8b@Q4_K_M");
    let plan = build_plan(&scenario("RTX 4090", 64, 8192), Some(&spec));
    assert_eq!(plan.diagnosis.label, "fits");
    assert!(plan.recommendation.is_none() && plan.steps.is_empty());
}

/// "It crashes while loading" for settings that fit by our numbers: no "fix" that repeats them; the plan
/// points at what else holds memory.
#[test]
fn a_crash_with_settings_that_fit_is_not_answered_with_the_same_settings() {
    let spec = preset("llama-3.1-8b@Q4_K_M");
    let mut sc = scenario("RTX 4090", 64, 8192);
    sc.add_symptom(Symptom::CrashLoad);
    let plan = build_plan(&sc, Some(&spec));
    if let Some(rec) = &plan.recommendation {
        let same = rec.keep_file && rec.setup.ctx_size == 8192 && rec.setup.cache_type_k == "f16";
        assert!(!same, "the same setup is not a fix: {}", rec.title);
    } else {
        assert!(
            plan.diagnosis.summary.contains("already fit"),
            "{}",
            plan.diagnosis.summary
        );
    }
}
