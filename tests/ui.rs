#![cfg(feature = "gui")]
//! The real app, headless (egui_kittest): tabs clicked by label, the top bar, the shared model slot, drops.

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use vram_doctor::hardware::{GpuInfo, GpuVendor, Hardware, HostInfo, OsKind};
use vram_doctor::model::ModelSpec;
use vram_doctor::ui::app::Sources;
use vram_doctor::ui::{App, Command, Tab};
use vram_doctor::units::GIB;

fn machine() -> Hardware {
    Hardware {
        os: OsKind::Linux,
        gpus: vec![GpuInfo {
            index: 0,
            name: "NVIDIA GeForce RTX 4090".into(),
            vendor: GpuVendor::Nvidia,
            memory_total_bytes: 24 * GIB,
            memory_used_bytes: 3 * GIB,
            memory_reserved_bytes: 0,
            utilization_percent: Some(4),
            shared_used_bytes: None,
        }],
        gpu_problem: None,
        host: HostInfo {
            ram_total_bytes: 64 * GIB,
            ram_available_bytes: 40 * GIB,
            swap_total_bytes: 8 * GIB,
            swap_used_bytes: 0,
        },
    }
}

fn fake_loader(source: &str) -> Result<ModelSpec, String> {
    if source.ends_with(".gguf") {
        let mut spec = ModelSpec {
            name: "Tiny Llama Test".into(),
            architecture: "llama".into(),
            file_type: Some("Q4_K_M".into()),
            file_bytes: 4 * GIB,
            ..ModelSpec::default()
        };
        spec.hparams.n_layer = 32;
        Ok(spec)
    } else {
        Err(format!("{source}: not a model file"))
    }
}

/// A file dropped onto the window, as the windowing layer hands it over.
#[derive(Debug)]
struct Dropped(std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }
    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

fn drop_file(harness: &mut Harness<'_, App>, path: impl Into<std::path::PathBuf>) {
    harness
        .input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(path.into())));
}

/// The app on `hardware`, reading models with `model_loader`, in a window of `size`.
fn harness_on(
    hardware: Hardware,
    model_loader: fn(&str) -> Result<ModelSpec, String>,
    size: egui::Vec2,
) -> Harness<'static, App> {
    Harness::builder().with_size(size).build_eframe(move |cc| {
        App::with_sources(
            cc,
            Sources {
                hardware: App::fixed_hardware(hardware),
                live_monitor: false,
                model_loader,
            },
        )
    })
}

fn harness() -> Harness<'static, App> {
    harness_on(machine(), fake_loader, egui::vec2(1180.0, 780.0))
}

/// The app on the fixed machine with the real model reader (presets, files).
fn harness_reading_models() -> Harness<'static, App> {
    harness_on(
        machine(),
        vram_doctor::ui::model_slot::load_model,
        egui::vec2(1280.0, 900.0),
    )
}

/// Runs frames until the UI is idle; background jobs (plans, fits) may keep it busy a little longer, which is
/// fine here — assertions that need their results wait for them explicitly.
fn settle(harness: &mut Harness<'_, App>) {
    let _ = harness.run_ok();
}

/// Steps (sleeping) until `done` holds, for results that arrive from worker threads.
fn run_until(harness: &mut Harness<'_, App>, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(harness.state()) {
        assert!(start.elapsed() < Duration::from_secs(20), "timed out");
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    // Other work (a spinner of the next job) may still be animating: settle without insisting.
    let _ = harness.run_ok();
}

/// Steps until a label containing `text` is on screen (results that arrive from worker threads).
fn wait_for_label(harness: &mut Harness<'_, App>, text: &str) {
    let start = Instant::now();
    while harness.query_by_label_contains(text).is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "never showed {text:?}"
        );
        harness.step();
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn every_tab_is_reachable_by_its_label() {
    let mut harness = harness();
    settle(&mut harness);
    for tab in Tab::ALL {
        // The first node with the label is the tab bar's (the heading repeats it below).
        harness
            .get_all_by_label(tab.label())
            .next()
            .expect("tab label")
            .click();
        settle(&mut harness);
        assert_eq!(harness.state().settings.tab, tab);
        // The tab's heading repeats its label: the content really switched.
        assert!(
            harness.get_all_by_label(tab.label()).count() >= 2,
            "{tab:?}"
        );
    }
}

#[test]
fn top_bar_shows_the_machine() {
    let mut harness = harness();
    settle(&mut harness);
    harness.get_by_label_contains("NVIDIA GeForce RTX 4090");
    harness.get_by_label_contains("3.00 GiB / 24.00 GiB used");
    harness.get_by_label_contains("RAM 40.00 GiB free of 64.00 GiB");
    harness.get_by_label("Linux");
}

#[test]
fn top_bar_names_why_there_is_no_gpu_on_this_machine() {
    // The real probe, as the app runs it: this machine has no NVIDIA driver.
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1180.0, 780.0))
        .build_eframe(|cc| App::new(cc));
    run_until(&mut harness, |app| app.shared.hardware.latest().is_some());
    let hw = harness
        .state()
        .shared
        .hardware
        .latest()
        .cloned()
        .unwrap_or_default();
    if hw.gpus.is_empty() {
        let reason = hw.gpu_problem.clone().unwrap_or_default();
        assert!(!reason.is_empty(), "no GPU and no reason given");
        harness.get_by_label_contains(&reason);
        if !std::path::Path::new("/proc/driver/nvidia").exists() {
            harness.get_by_label_contains("No NVIDIA driver found");
        }
    }
    assert!(hw.host.ram_total_bytes > 0, "sysinfo found no RAM");
}

#[test]
fn model_slot_loads_in_the_background_and_every_tab_sees_it() {
    let mut harness = harness();
    settle(&mut harness);
    harness.get_by_label_contains("No model yet");
    harness
        .state_mut()
        .apply(Command::LoadModel("/models/tiny.gguf".into()));
    run_until(&mut harness, |app| !app.shared.model.is_loading());
    harness.get_by_label("Tiny Llama Test");
    // The top bar's one-liner and the Fit tab's model card both show the quant.
    assert!(harness.get_all_by_label_contains("Q4_K_M").count() >= 1);
    assert_eq!(
        harness.state().settings.model_source.as_deref(),
        Some("/models/tiny.gguf")
    );
}

#[test]
fn a_bad_model_file_is_reported_with_its_name() {
    let mut harness = harness();
    harness
        .state_mut()
        .apply(Command::LoadModel("/tmp/notes.pdf".into()));
    run_until(&mut harness, |app| !app.shared.model.is_loading());
    harness.get_by_label_contains("Could not read notes.pdf");
}

#[test]
fn dropping_a_file_loads_it_as_the_model() {
    let mut harness = harness();
    settle(&mut harness);
    drop_file(&mut harness, "/models/dropped.gguf");
    harness.step();
    run_until(&mut harness, |app| app.shared.model.spec().is_some());
    assert_eq!(
        harness.state().settings.model_source.as_deref(),
        Some("/models/dropped.gguf")
    );
}

#[test]
fn dropping_a_log_opens_crash_triage() {
    let dir = tempfile::tempdir().expect("tempdir");
    let log = dir.path().join("server.log");
    std::fs::write(&log, "CUDA error: out of memory\n").expect("write log");
    let mut harness = harness();
    settle(&mut harness);
    drop_file(&mut harness, log);
    harness.step();
    run_until(&mut harness, |app| !app.triage.is_scanning());
    assert_eq!(harness.state().settings.tab, Tab::Triage);
}

#[test]
fn settings_survive_a_restart() {
    #[derive(Default)]
    struct Mem(std::collections::HashMap<String, String>);
    impl eframe::Storage for Mem {
        fn get_string(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }
        fn set_string(&mut self, key: &str, value: String) {
            self.0.insert(key.into(), value);
        }
        fn remove_string(&mut self, key: &str) {
            self.0.remove(key);
        }
        fn flush(&mut self) {}
    }
    let mut harness = harness();
    settle(&mut harness);
    harness
        .get_all_by_label("Crash Triage")
        .next()
        .expect("tab label")
        .click();
    settle(&mut harness);
    let mut storage = Mem::default();
    eframe::App::save(harness.state_mut(), &mut storage);
    let restored = vram_doctor::ui::Settings::load(Some(&storage));
    assert_eq!(restored.tab, Tab::Triage);
}

#[test]
fn a_triage_verdict_opens_the_wizard_with_fixes() {
    let mut harness = harness();
    settle(&mut harness);
    harness.state_mut().settings.fit.ctx_size = 8192;
    harness
        .state_mut()
        .apply(Command::LoadModel("/models/tiny.gguf".into()));
    run_until(&mut harness, |app| !app.shared.model.is_loading());
    let diagnosis = vram_doctor::triage::Diagnosis {
        label: vram_doctor::triage::Label::VramOomLoad,
        title: "CUDA out of memory while loading".into(),
        ..Default::default()
    };
    harness
        .state_mut()
        .apply(Command::OpenWizard(Box::new(diagnosis)));
    settle(&mut harness);
    assert_eq!(harness.state().settings.tab, Tab::Wizard);
    harness.get_by_label_contains("From the crash log");
    // Let the plan arrive first: the diagnosis text above the button grows when it does.
    run_until(&mut harness, |app| {
        !app.wizard.is_planning() && app.wizard.plan().is_some()
    });
    harness.get_by_label("Next: fixes ›").click();
    harness.step();
    run_until(&mut harness, |app| {
        !app.wizard.is_planning() && app.wizard.plan().is_some()
    });
    let plan = harness.state().wizard.plan().cloned().expect("a plan");
    assert_eq!(plan.diagnosis.label, "vram_oom_load");
    assert!(!plan.steps.is_empty(), "no fixes for a load OOM");
    // The fixes step lists them, numbered, for the runtime and shell.
    assert_eq!(
        harness.state().wizard.step,
        vram_doctor::ui::tabs::wizard::Step::Fixes
    );
    wait_for_label(&mut harness, "Steps besides the settings, in order");
}

#[test]
fn local_models_menu_scans_the_stores_in_the_background() {
    let mut harness = harness();
    settle(&mut harness);
    harness.get_by_label("Local models…").click();
    harness.step();
    run_until(&mut harness, App::store_scan_done);
    // Whatever this machine has, the menu ends with a way to scan again.
    harness.get_by_label("Rescan");
}

#[test]
fn a_preset_from_the_catalog_fills_the_model_slot() {
    let mut harness = harness_reading_models();
    settle(&mut harness);
    harness.get_by_label("Local models…").click();
    harness.step();
    run_until(&mut harness, App::store_scan_done);
    harness.get_by_label("Built-in presets").click();
    settle(&mut harness);
    harness
        .get_by_label("Llama 3.1 8B Instruct (Q4_K_M)")
        .click();
    harness.step();
    run_until(&mut harness, |app| app.shared.model.spec().is_some());
    assert_eq!(
        harness.state().settings.model_source.as_deref(),
        Some("preset:llama-3.1-8b@Q4_K_M")
    );
    harness.get_by_label_contains("Llama 3.1 8B Instruct Q4_K_M");
}

#[test]
fn crash_triage_diagnoses_pasted_text_and_hands_it_to_the_wizard() {
    let mut harness = harness();
    settle(&mut harness);
    harness
        .get_all_by_label("Crash Triage")
        .next()
        .expect("tab")
        .click();
    settle(&mut harness);
    harness.state_mut().triage.text = "load_tensors: offloaded 81/81 layers to GPU\n\
        ggml_backend_cuda_buffer_type_alloc_buffer: allocating 36341.02 MiB on device 0: cudaMalloc failed: out of memory\n\
        llama_model_load: error loading model: unable to allocate CUDA0 buffer\n"
        .into();
    settle(&mut harness);
    harness.get_by_label("Diagnose").click();
    harness.step();
    run_until(&mut harness, |app| !app.triage.is_scanning());
    harness.get_by_label("GPU memory ran out while loading the model");
    // The card speaks in words; the label id belongs to the JSON only.
    assert!(harness.query_by_label_contains("vram_oom_load").is_none());
    assert!(harness.query_by_label_contains("confidence").is_some());
    // In the numbers table and in the explanation.
    assert!(harness.get_all_by_label_contains("35.49 GiB").count() >= 2);
    // The evidence line is highlighted in the log view and reachable by its link.
    harness.get_by_label("line 2");
    harness.get_by_label("Fix this in the wizard").click();
    settle(&mut harness);
    assert_eq!(harness.state().settings.tab, Tab::Wizard);
    assert_eq!(
        harness
            .state()
            .shared
            .evidence
            .diagnosis
            .as_ref()
            .map(|d| d.label),
        Some(vram_doctor::triage::Label::VramOomLoad)
    );
}

/// Clicks Diagnose and waits for the verdict.
fn click_diagnose(harness: &mut Harness<'_, App>) {
    harness.get_by_label("Diagnose").click();
    harness.step();
    run_until(harness, |app| !app.triage.is_scanning());
}

/// Opens Crash Triage, pastes `text` and diagnoses it.
fn diagnose_pasted(harness: &mut Harness<'_, App>, text: &str) {
    settle(harness);
    harness.get_by_label("Crash Triage").click();
    settle(harness);
    harness.state_mut().triage.text = text.into();
    settle(harness);
    click_diagnose(harness);
}

#[test]
fn crash_triage_card_shows_the_timeline_of_events() {
    let mut harness = harness();
    settle(&mut harness);
    harness
        .get_all_by_label("Crash Triage")
        .next()
        .expect("tab")
        .click();
    settle(&mut harness);
    harness.state_mut().triage.text = "llama_model_load_from_file_impl: using device CUDA0 (NVIDIA GeForce RTX 4090) - 1220 MiB free\n\
        load_tensors: offloaded 33/33 layers to GPU\n\
        ggml_backend_cuda_buffer_type_alloc_buffer: allocating 9000.00 MiB on device 0: cudaMalloc failed: out of memory\n\
        llama_model_load: error loading model: unable to allocate CUDA0 buffer\n"
        .into();
    settle(&mut harness);
    click_diagnose(&mut harness);
    harness.get_by_label("Another process holds the GPU memory");
    harness.get_by_label("Timeline");
    // The device and its free memory at start, the layers, and what failed, each with its line.
    harness.get_by_label("CUDA0 (NVIDIA GeForce RTX 4090): 1.19 GiB free");
    harness.get_by_label("33 of 33 layers on the GPU");
    harness.get_by_label_contains("8.79 GiB allocation failed");
    harness.get_by_label("line 1 ›").click();
    settle(&mut harness);
    assert!(harness.state().triage.timeline.len() >= 3);
}

#[test]
fn live_monitor_replays_a_recording_names_the_failure_and_opens_the_wizard() {
    let mut harness = monitor_replaying("paging.csv");
    harness.get_by_label_contains("Replaying paging.csv (30 samples");
    harness.get_by_label("System RAM exhausted: paging");
    harness.get_by_label("System RAM available and swap used (GiB)");
    harness.get_by_label("Open Fix Wizard").click();
    settle(&mut harness);
    assert_eq!(harness.state().settings.tab, Tab::Wizard);
    assert!(
        harness
            .state()
            .shared
            .evidence
            .symptoms
            .contains(&vram_doctor::plan::Symptom::Paging)
    );
    // The recording's machine is the wizard's: its RAM (and GPUs — none recorded here), not this computer's.
    let sc = harness.state().scenario();
    assert_eq!(
        sc.machine.origin,
        vram_doctor::scenario::MachineOrigin::Recording
    );
    assert_eq!(sc.machine.ram_total_bytes, 32 * GIB);
    assert!(sc.machine.gpus.is_empty());
}

/// The app with the Live Monitor tab open (not sampling: tests feed it).
fn monitor_tab() -> Harness<'static, App> {
    let mut harness = harness();
    settle(&mut harness);
    harness
        .get_all_by_label("Live Monitor")
        .next()
        .expect("tab")
        .click();
    settle(&mut harness);
    harness.get_by_label("Start");
    harness
}

/// Opens the Live Monitor on a recorded trace from tests/data/monitor.
fn monitor_replaying(trace: &str) -> Harness<'static, App> {
    let mut harness = monitor_tab();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/monitor")
        .join(trace);
    let file = std::fs::File::open(&path).expect("trace");
    let (samples, skipped) =
        vram_doctor::monitor::replay::read(std::io::BufReader::new(file), trace).expect("read");
    harness
        .state_mut()
        .monitor
        .load_recording(trace.into(), samples, skipped);
    settle(&mut harness);
    harness
}

#[test]
fn a_recording_opened_by_path_replays_off_the_ui_thread_and_a_bad_one_is_named() {
    let mut harness = harness();
    settle(&mut harness);
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/monitor/vram_full.csv");
    harness.state_mut().open_recording(path);
    run_until(&mut harness, |app| !app.monitor.timeline.is_empty());
    assert_eq!(harness.state().settings.tab, Tab::Monitor);
    harness.get_by_label_contains("vram_full.csv (30 samples");
    harness.get_by_label("GPU memory is full");
    harness.get_by_label("No process held GPU memory in this recorded sample.");
    let bad = tempfile::NamedTempFile::new().expect("tmp");
    std::fs::write(bad.path(), "time,something,else\n1,2,3\n").expect("write");
    harness.state_mut().open_recording(bad.path().to_path_buf());
    wait_for_label(&mut harness, "not a VRAM Doctor monitor recording");
}

#[test]
fn a_recording_lists_its_gpu_holders_but_never_offers_to_end_them() {
    let harness = monitor_replaying("held_by_other.csv");
    harness.get_by_label("VRAM held by another process");
    harness.get_by_label("From the recording: GPU memory holders only.");
    harness.get_by_label("python3");
    harness.get_by_label("llama-server");
    assert!(
        harness.query_by_label("End…").is_none(),
        "no End… for a PID from the past"
    );
}

#[test]
fn live_monitor_shows_the_wsl2_cap_and_windows_memory() {
    let harness = monitor_replaying("wsl_paging.csv");
    harness.get_by_label("System RAM exhausted: paging");
    harness.get_by_label_contains("WSL2 memory cap: 8.00 GiB");
    harness.get_by_label_contains("WSL2 is capped at 8.00 GiB");
    drop(harness);
    let harness = monitor_replaying("win_shared_spill.csv");
    harness.get_by_label("Silent CPU spill: the GPU waits");
    harness.get_by_label_contains("page file 1.00 GiB of 8.00 GiB used");
    harness.get_by_label_contains("commit 20.00 GiB of 40.00 GiB");
    harness.get_by_label_contains("shared GPU memory 3.88 GiB");
}

#[test]
fn live_monitor_shows_nvidia_temperature_power_clock_and_pcie() {
    use vram_doctor::hardware::probe::GpuExtras;
    use vram_doctor::monitor::{GpuSample, HostSample, Sample};
    let mut harness = monitor_tab();
    let samples = (0..5)
        .map(|k| Sample {
            time: 1_000.0 + f64::from(k),
            gpus: vec![GpuSample {
                index: 0,
                name: "NVIDIA GeForce RTX 4090".into(),
                vendor: "nvidia".into(),
                memory_total_bytes: 24 << 30,
                memory_used_bytes: 12 << 30,
                memory_reserved_bytes: 0,
                utilization_percent: Some(87),
                shared_used_bytes: None,
                processes: Vec::new(),
                extras: Some(GpuExtras {
                    index: 0,
                    temperature_c: Some(71),
                    power_watts: Some(310.4),
                    sm_clock_mhz: Some(2520),
                    pcie_rx_kbps: Some(1_200_000),
                    pcie_tx_kbps: Some(100_000),
                }),
            }],
            host: HostSample {
                ram_total_bytes: 64 << 30,
                ram_available_bytes: 40 << 30,
                ..HostSample::default()
            },
            ..Sample::default()
        })
        .collect();
    harness
        .state_mut()
        .monitor
        .load_recording("extras".into(), samples, 0);
    settle(&mut harness);
    harness.get_by_label(
        "GPU0 NVIDIA GeForce RTX 4090: 12.00 GiB of 24.00 GiB (50 %) · 87 % busy · 71 °C · 310 W · 2520 MHz · PCIe rx 1.20 / tx 0.10 GB/s",
    );
    harness.get_by_label_contains("no swap");
}

#[test]
fn live_monitor_samples_this_machine() {
    let mut harness = monitor_tab();
    harness.get_by_label("Start").click();
    harness.step();
    run_until(&mut harness, |app| !app.monitor.timeline.is_empty());
    harness.get_by_label("Pause");
    harness.get_by_label("Processes");
    // No GPU here: the GPU plot is replaced by the reason.
    let latest = harness
        .state()
        .monitor
        .timeline
        .latest()
        .cloned()
        .expect("sample");
    if latest.gpus.is_empty() {
        harness.get_by_label(latest.gpu_problem.as_deref().unwrap_or("No GPU detected"));
    }
    // Real RAM and swap of this machine, in words.
    harness.get_by_label_contains(&format!(
        "Host: RAM {} of {} available",
        vram_doctor::units::format_auto(latest.host.ram_available_bytes),
        vram_doctor::units::format_auto(latest.host.ram_total_bytes)
    ));
    harness.get_by_label("Pause").click();
    settle(&mut harness);
    assert!(!harness.state().monitor.is_live());
}

#[test]
fn fit_calculator_shows_the_breakdown_for_a_preset_on_a_typed_gpu() {
    let mut harness = harness_reading_models();
    harness.state_mut().settings.fit.ctx_size = 8192;
    harness
        .state_mut()
        .apply(Command::LoadModel("preset:llama-3.1-8b@Q4_K_M".into()));
    run_until(&mut harness, |app| app.fit.outcome().is_some());
    let outcome = harness.state().fit.outcome().cloned().expect("outcome");
    let report = outcome.report.expect("report");
    // A 4.58 GiB model with 8k context on a card with 21 GiB free: everything on the GPU.
    assert_eq!(report.verdict, vram_doctor::fit::Verdict::Fits);
    assert_eq!(report.layers_offloaded, report.layers_total);
    harness.get_by_label_contains("Fits with");
    harness.get_by_label_contains("offloaded 33/33 layers to GPU");
    harness.get_by_label_contains("(NVIDIA GeForce RTX 4090) —");
    harness.get_by_label("Predicted generation speed vs GPU layers (-ngl)");
    assert!(outcome.table.iter().any(|(q, _)| q == "Q4_K_M"));
}

#[test]
fn fit_calculator_plans_for_a_catalog_gpu_and_another_runtime() {
    let mut harness = harness_reading_models();
    {
        let fit = &mut harness.state_mut().settings.fit;
        fit.ctx_size = 8192;
        fit.gpus = vec!["RTX 3060".into()];
        fit.runtime = "vllm".into();
    }
    harness
        .state_mut()
        .apply(Command::LoadModel("preset:llama-3.1-70b@Q4_K_M".into()));
    run_until(&mut harness, |app| app.fit.outcome().is_some());
    let outcome = harness.state().fit.outcome().cloned().expect("outcome");
    let report = outcome.report.expect("report");
    // 40 GiB of weights on a 12 GiB card: most layers stay in system RAM.
    assert_ne!(report.verdict, vram_doctor::fit::Verdict::Fits);
    assert!(report.layers_offloaded < report.layers_total);
    assert!(
        outcome
            .runtime_note
            .as_deref()
            .is_some_and(|n| n.starts_with("vLLM"))
    );
    // In the list of planned GPUs and on the device's bar.
    assert!(harness.get_all_by_label_contains("RTX 3060").count() >= 2);
    harness.get_by_label("Open in Fix Wizard").click();
    harness.run_ok();
    assert_eq!(harness.state().settings.tab, Tab::Wizard);
}

/// Opens the Fix Wizard tab by its label.
fn open_wizard(harness: &mut Harness<'_, App>) {
    harness
        .get_all_by_label("Fix Wizard")
        .next()
        .expect("tab")
        .click();
    settle(harness);
}

/// The app with Llama 3.1 8B Q8_0 planned for an RTX 4060 at `ctx` tokens, the Fix Wizard open.
fn wizard_on_8b_q8(ctx: u32) -> Harness<'static, App> {
    let mut harness = harness_reading_models();
    settle(&mut harness);
    {
        let app = harness.state_mut();
        app.settings.fit.gpus = vec!["RTX 4060".into()];
        app.settings.fit.ctx_size = ctx;
        app.apply(Command::LoadModel("preset:llama-3.1-8b@Q8_0".into()));
    }
    run_until(&mut harness, |app| app.shared.model.spec().is_some());
    open_wizard(&mut harness);
    harness
}

/// Waits until the wizard shows a plan for the scenario as it is now.
fn wait_for_plan(harness: &mut Harness<'_, App>) -> vram_doctor::plan::FixPlan {
    run_until(harness, |app| {
        !app.wizard.is_planning() && app.wizard.scenario() == Some(&app.scenario())
    });
    harness.state().wizard.plan().cloned().expect("a plan")
}

/// The GPU picked from the catalog and the runtime chosen on the Fit tab are the wizard's too, and the
/// numbers are the ones the CLI computes for the same question.
#[test]
fn fit_to_wizard_keeps_gpu_and_runtime() {
    let mut harness = harness_reading_models();
    settle(&mut harness);
    {
        let app = harness.state_mut();
        app.settings.fit.gpus = vec!["RTX 4060".into()];
        app.settings.fit.runtime = "ollama".into();
        app.settings.fit.ctx_size = 32768;
        app.apply(Command::LoadModel("preset:llama-3.1-8b@Q8_0".into()));
    }
    run_until(&mut harness, |app| app.shared.model.spec().is_some());
    open_wizard(&mut harness);
    let plan = wait_for_plan(&mut harness);
    assert_eq!(plan.runtime, vram_doctor::plan::Runtime::Ollama);
    harness.get_by_label_contains("NVIDIA GeForce RTX 4060 — 8.00 GiB");
    harness.get_by_label("(picked from the GPU catalog)");
    let rec = plan.recommendation.expect("a recommendation");
    assert!(rec.devices[0].name.starts_with("CUDA0"));
    // The CLI asked the same question gets the same request.
    let sc = harness.state().scenario();
    #[derive(clap::Parser)]
    struct FitCli {
        #[command(flatten)]
        fit: vram_doctor::cli::fit::FitArgs,
    }
    let args = <FitCli as clap::Parser>::parse_from([
        "fit",
        "preset:llama-3.1-8b@Q8_0",
        "--gpu",
        "RTX 4060",
        "-c",
        "32768",
        "--runtime",
        "ollama",
    ])
    .fit;
    let (cli_req, _) = vram_doctor::cli::fit::request_from_args(&args, Some(&machine())).unwrap();
    assert_eq!(sc.fit_request(), cli_req);
}

/// A vLLM log handed over by Crash Triage brings its runtime and GPU; detaching it gives them back.
#[test]
fn a_vllm_log_brings_its_runtime_and_gpu() {
    let mut harness = harness();
    settle(&mut harness);
    let mut d = vram_doctor::triage::Diagnosis {
        label: vram_doctor::triage::Label::VramHeldByOther,
        runtime: Some("vLLM".into()),
        title: "Other processes hold GPU memory".into(),
        explanation: "Free memory on device (3.2/23.6 GiB) on startup is less than desired GPU memory utilization (0.9, 21.24 GiB).".into(),
        gpu_name: Some("NVIDIA GeForce RTX 3090".into()),
        ..Default::default()
    };
    d.numbers.total_bytes = Some(23 * GIB + GIB * 6 / 10);
    d.numbers.free_bytes = Some(3 * GIB + GIB / 5);
    harness.state_mut().apply(Command::OpenWizard(Box::new(d)));
    settle(&mut harness);
    assert_eq!(harness.state().settings.tab, Tab::Wizard);
    let plan = wait_for_plan(&mut harness);
    assert_eq!(plan.runtime, vram_doctor::plan::Runtime::Vllm);
    assert_eq!(plan.steps[0].id, vram_doctor::plan::StepId::FreeVram);
    harness.get_by_label("1 Situation").click();
    settle(&mut harness);
    harness.get_by_label_contains("NVIDIA GeForce RTX 3090");
    harness.get_by_label("(read from the log)");
    harness.get_by_label("Detach the log").click();
    settle(&mut harness);
    let plan = wait_for_plan(&mut harness);
    assert_eq!(plan.runtime, vram_doctor::plan::Runtime::LlamaServer);
    harness.get_by_label("(detected on this computer)");
}

/// A log triage cannot name adds nothing: the fit-based plan stays.
#[test]
fn an_unrecognised_log_keeps_the_fit_plan() {
    let mut harness = wizard_on_8b_q8(32768);
    let before = wait_for_plan(&mut harness);
    assert!(before.recommendation.is_some());
    harness
        .state_mut()
        .apply(Command::OpenWizard(Box::default()));
    settle(&mut harness);
    let after = wait_for_plan(&mut harness);
    assert_eq!(after.recommendation, before.recommendation);
    harness.get_by_label("1 Situation").click();
    settle(&mut harness);
    harness.get_by_label_contains("names no known failure");
}

/// "It runs, but slowly" at 2 tok/s, said on the Situation page with no log: a recommendation.
#[test]
fn runs_slowly_without_a_log_gives_a_recommendation() {
    let mut harness = wizard_on_8b_q8(8192);
    harness.get_by_label("It runs, but slowly").click();
    settle(&mut harness);
    harness.get_by_label("Tokens per second you see");
    let plan = wait_for_plan(&mut harness);
    assert_eq!(plan.diagnosis.label, "reported");
    assert_eq!(harness.state().shared.evidence.observed_tps, None);
    let rec = plan.recommendation.expect("a recommendation");
    assert!(rec.tokens_per_second.unwrap().generation >= 5.0);
    harness.get_by_label("3 Fixes").click();
    settle(&mut harness);
    harness.get_by_label_contains(&format!("Recommended: {}", rec.title));
    harness.get_by_label_contains("How it chose");
}

#[path = "support/hub_server.rs"]
mod hub_server;

#[test]
fn from_hugging_face_lists_quants_with_fit_badges_and_loads_the_pick_without_a_download() {
    use std::sync::OnceLock;
    use vram_doctor::model::hub::HubConfig;
    // The model slot takes a plain fn: it reads hub models through the test's local hub.
    static HUB: OnceLock<HubConfig> = OnceLock::new();
    fn hub_loader(source: &str) -> Result<ModelSpec, String> {
        let cfg = HUB.get().cloned().ok_or("no hub configured")?;
        vram_doctor::model::load_with(source, &move || cfg.clone())
            .map(|(spec, _)| spec)
            .map_err(|e| e.to_string())
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fit/headers");
    let file = |name: &str, etag: &str| {
        let path = dir.join(name);
        let parsed = vram_doctor::model::gguf::read_file(&path).expect("header parses");
        hub_server::VFile::new(
            std::fs::read(&path).expect("header"),
            parsed.data_offset + parsed.data_bytes(),
            etag,
        )
    };
    let mut state = hub_server::State::default();
    state.repos.insert(
        "test/Llama-GGUF".into(),
        vec![
            (
                "Llama-Q4_K_M.gguf".into(),
                file("syn-llama-q4_k_m.header.gguf", "a"),
            ),
            (
                "Llama-Q8_0.gguf".into(),
                file("syn-llama-q8_0.header.gguf", "b"),
            ),
        ],
    );
    let server = hub_server::Server::start(state, hub_server::Mode::Normal);
    let cache = tempfile::tempdir().expect("tmp");
    let cfg = HubConfig::with_endpoint(&server.url, Some(cache.path().to_path_buf()));
    let _ = HUB.set(cfg.clone());
    let mut harness = harness_on(machine(), hub_loader, egui::vec2(1280.0, 900.0));
    harness.state_mut().hub_dialog.config = Some(cfg);
    settle(&mut harness);
    assert_eq!(server.sent(), 0, "nothing is fetched before the user asks");
    harness.get_by_label("From Hugging Face…").click();
    settle(&mut harness);
    harness.state_mut().hub_dialog.input = "https://huggingface.co/test/Llama-GGUF".into();
    harness.get_by_label("List quants").click();
    wait_for_label(&mut harness, "Q8_0");
    // One badge per quant, for the machine's RTX 4090.
    wait_for_label(&mut harness, "fit on NVIDIA GeForce RTX 4090");
    let badges = ["fits", "tight", "spills", "no"]
        .iter()
        .map(|w| harness.query_all_by_label(w).count())
        .sum::<usize>();
    assert_eq!(badges, 2);
    harness.get_by_label("Q4_K_M").click();
    harness.step();
    run_until(&mut harness, |app| app.shared.model.spec().is_some());
    assert_eq!(
        harness.state().settings.model_source.as_deref(),
        Some("hf:test/Llama-GGUF:Q4_K_M")
    );
    let spec = harness.state().shared.model.spec().cloned().expect("spec");
    assert_eq!(spec.file_type.as_deref(), Some("Q4_K_M"));
    assert!(
        !harness.state().hub_dialog.open,
        "picking closes the window"
    );
    // One header over the wire (the pick's own read revalidates the cached one).
    assert!(server.sent() < 3 * 1024 * 1024, "{} bytes", server.sent());
}

#[test]
fn crash_triage_card_shows_what_the_automatic_fit_changed() {
    let mut harness = harness();
    diagnose_pasted(
        &mut harness,
        "llama_params_fit_impl: context size reduced from 40960 to 4096 -> need 3456 MiB less memory in total\n\
        llama_params_fit_impl:   - CUDA0 (NVIDIA GeForce RTX 4090): 48 layers (34 overflowing),  19187 MiB used,   1199 MiB free\n\
        load_tensors: offloaded 48/48 layers to GPU\n\
        load_tensors:        CUDA0 model buffer size = 17000.00 MiB\n\
        load_tensors:   CPU_Mapped model buffer size = 45000.00 MiB\n\
        eval time =   20000.00 ms /   100 tokens (  200.00 ms per token,     5.00 tokens per second)\n",
    );
    // The arrow is spelled in the card's font, not shown as an empty box.
    harness.get_by_label("automatic fit: context 40960 -> 4096 tokens");
    harness.get_by_label("automatic fit: 34 of 48 layers on CUDA0 overflow to system RAM");
}

/// The llama.cpp build a runtime bundles is chosen from a menu on the Fit tab: an older build reserves more
/// (an f32 attention mask on the host, every logit row), and the estimate follows.
#[test]
fn fit_calculator_prices_an_older_llama_cpp_build_when_chosen() {
    let mut harness = harness_reading_models();
    {
        let fit = &mut harness.state_mut().settings.fit;
        fit.ctx_size = 32768;
        fit.flash_attn = "on".into();
    }
    harness
        .state_mut()
        .apply(Command::LoadModel("preset:llama-3.1-8b@Q4_K_M".into()));
    run_until(&mut harness, |app| app.fit.outcome().is_some());
    let host_compute = |app: &App| {
        app.fit
            .outcome()
            .and_then(|o| o.report.as_ref().ok())
            .and_then(|r| r.host())
            .map(|h| h.compute_bytes)
    };
    let now = host_compute(harness.state()).expect("host");
    harness
        .get_all_by_label("llama.cpp build")
        .last()
        .expect("the build menu")
        .click();
    harness.run_ok();
    harness.get_by_label("November 2025 or older").click();
    harness.run_ok();
    assert_eq!(harness.state().settings.fit.llama_build, "2025-11");
    run_until(&mut harness, |app| {
        host_compute(app).is_some_and(|h| h != now)
    });
    let old = host_compute(harness.state()).expect("host");
    // The f32 mask of 32768 cells x 512 rows (64 MiB, 32 more than in f16) and no embeddings input (one
    // [4096, 512] f32, 8 MiB less): 72 MiB against 48.
    assert_eq!((now >> 20, old >> 20), (48, 72));
    // llama-server before llama.cpp#23861 reserved a logit row for every token of the ubatch: the GPU's
    // buffer holds 128256 x 512 f32 logits (250.5 MiB) where a layer's working set (136 MiB) was the peak.
    let gpu_compute = |app: &App| {
        app.fit
            .outcome()
            .and_then(|o| o.report.as_ref().ok())
            .and_then(|r| r.gpus().next().map(|g| g.compute_bytes))
            .expect("a GPU")
    };
    harness
        .get_all_by_label("llama.cpp build")
        .last()
        .expect("menu")
        .click();
    harness.run_ok();
    harness.get_by_label("June 2026 or later").click();
    run_until(&mut harness, |app| host_compute(app) == Some(now));
    let current_gpu = gpu_compute(harness.state());
    harness.state_mut().settings.fit.llama_build = "2026-05".into();
    run_until(&mut harness, |app| gpu_compute(app) != current_gpu);
    let older_gpu = gpu_compute(harness.state());
    assert!(
        older_gpu >= 4 * 128256 * 512 && older_gpu > current_gpu,
        "{older_gpu} vs {current_gpu}"
    );
}

/// With no GPU, llama.cpp repacks Q4_K weights and still maps the file; the Fit tab judges the RAM the run
/// needs (the repacked copy), shows the mapped originals apart, and does not call a model that fits too big.
#[test]
fn fit_calculator_counts_a_cpu_runs_repacked_weights_once() {
    let mut cpu_only = machine();
    cpu_only.gpus.clear();
    cpu_only.host.ram_total_bytes = 24 * GIB;
    cpu_only.host.ram_available_bytes = 22 * GIB;
    let mut harness = harness_on(
        cpu_only,
        vram_doctor::ui::model_slot::load_model,
        egui::vec2(1280.0, 900.0),
    );
    harness
        .state_mut()
        .apply(Command::LoadModel("preset:qwen3-30b-a3b@Q4_K_M".into()));
    run_until(&mut harness, |app| app.fit.outcome().is_some());
    wait_for_label(&mut harness, "read once to repack");
    harness.get_by_label("Fits (CPU only)");
    let host = harness
        .state()
        .fit
        .outcome()
        .and_then(|o| o.report.as_ref().ok())
        .and_then(|r| r.host().cloned())
        .expect("host");
    assert!(host.total_bytes > 22 * GIB && host.needed_bytes() < 22 * GIB);
}

/// A warning printed by design is named as such on the card, with what it means: nothing failed.
#[test]
fn crash_triage_card_explains_a_note_printed_by_design() {
    let mut harness = harness();
    diagnose_pasted(
        &mut harness,
        "got prompt\n\
        D:\\ComfyUI\\comfy\\ldm\\modules\\attention.py:407: UserWarning: 1Torch was not compiled with flash attention.\n\
        Is this a problem for quality?\n",
    );
    harness.get_by_label("A note printed by design, not a failure");
    harness.get_by_label_contains("come without the flash-attention kernel");
}
