//! Fit Calculator tab: the model in the shared slot, the GPU(s) (detected, or typed), llama.cpp's settings;
//! a stacked bar per device (weights / KV / compute / overhead / margin / free) with numbers, the verdict in
//! plain words, a quant × context table coloured by fit, and predicted tok/s versus -ngl showing the spill
//! cliff. All estimates run on a worker thread and are recomputed only when an input changes.

use egui::{Color32, RichText};
use egui_plot::{Legend, Line, Plot, PlotPoints, VLine};

use super::super::app::{Command, Shared};
use super::super::jobs::Job;
use super::super::settings::{FitInputs, LLAMA_BUILDS};
use super::super::widgets;
use crate::fit::{
    self, DeviceKind, DeviceUsage, FitReport, FitRequest, GpuDevice, GpuLayers, Verdict,
};
use crate::model::{ModelSpec, quantize};
use crate::units::{format_auto, format_gib};

const CACHE_TYPES: [&str; 8] = [
    "f16", "bf16", "q8_0", "q5_1", "q5_0", "q4_1", "q4_0", "iq4_nl",
];
const TABLE_QUANTS: [&str; 7] = [
    "Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "IQ4_XS", "Q3_K_M", "Q2_K",
];
const TABLE_CONTEXTS: [u32; 7] = [2048, 4096, 8192, 16384, 32768, 65536, 131072];

const C_WEIGHTS: Color32 = Color32::from_rgb(0x42, 0x85, 0xf4);
const C_KV: Color32 = Color32::from_rgb(0xab, 0x47, 0xbc);
const C_COMPUTE: Color32 = Color32::from_rgb(0x26, 0xa6, 0x9a);
const C_OVERHEAD: Color32 = Color32::from_rgb(0x8d, 0x6e, 0x63);
const C_MARGIN: Color32 = Color32::from_rgb(0x75, 0x75, 0x75);

/// One row of the quant × context table: the quant and, per context, (ctx, verdict on the GPUs given —
/// `None` without a GPU —, VRAM needed with every layer on the GPU).
pub type QuantRow = (String, Vec<(u32, Option<Verdict>, u64)>);

/// What the worker computes for one set of inputs.
#[derive(Clone)]
pub struct FitOutcome {
    pub report: Result<FitReport, String>,
    /// The verdict with numbers ("Fits with 1.40 GiB to spare", "Spills 6 layer(s) …").
    pub sentence: Option<String>,
    /// vLLM / transformers: what that runtime would do.
    pub runtime_note: Option<String>,
    pub max_gpu_layers: Option<u32>,
    pub max_ctx_size: Option<u32>,
    pub tokens_per_second: Option<(f64, f64)>,
    /// The context position the speed figures are for (half the resolved context).
    pub speed_context_tokens: Option<u32>,
    /// tok/s for every -ngl from 0 to all layers.
    pub speed_curve: Vec<[f64; 2]>,
    /// Rows: quants; cells: (ctx, verdict, VRAM needed) — only for contexts the model supports.
    pub table: Vec<QuantRow>,
}

pub struct FitTab {
    /// Keyed by the model and the request: recomputed only when either changes.
    job: Job<(String, FitRequest), FitOutcome>,
}

impl Default for FitTab {
    fn default() -> Self {
        Self {
            job: Job::new("fit"),
        }
    }
}

impl FitTab {
    /// The latest finished estimate (tests read it).
    pub fn outcome(&self) -> Option<&FitOutcome> {
        self.job.latest()
    }
}

/// The request for the app's scenario (the one function the CLI uses too).
pub fn request(scenario: &crate::scenario::Scenario) -> FitRequest {
    scenario.fit_request()
}

/// The request as the chosen runtime would shape it (Ollama's num_ctx × parallel and default context,
/// LM Studio's offload), and a one-line plan for the PyTorch runtimes.
pub fn runtime_request(
    spec: &ModelSpec,
    req: &FitRequest,
    inputs: &FitInputs,
) -> (FitRequest, Option<String>) {
    use crate::fit::runtimes::{self, Runtime};
    let runtime = Runtime::parse(&inputs.runtime).unwrap_or_default();
    match runtime {
        Runtime::Ollama => (
            runtimes::ollama_request(
                spec,
                req,
                &runtimes::OllamaSettings {
                    num_ctx: Some(inputs.ctx_size),
                    num_parallel: Some(inputs.parallel.max(1)),
                    num_gpu: inputs.n_gpu_layers,
                    flash_attention: match inputs.flash_attn.as_str() {
                        "on" => Some(true),
                        "off" => Some(false),
                        _ => None,
                    },
                    kv_cache_type: (inputs.cache_type_k != "f16")
                        .then(|| inputs.cache_type_k.clone()),
                },
            ),
            None,
        ),
        Runtime::LmStudio => (
            runtimes::lmstudio_request(spec, req, None, Some(inputs.ctx_size)),
            None,
        ),
        Runtime::Vllm | Runtime::Transformers => {
            (req.clone(), Some(runtimes::summary(spec, req, runtime)))
        }
        _ => (req.clone(), None),
    }
}

/// Everything the tab shows, computed off the UI thread.
pub fn compute(spec: &ModelSpec, req: &FitRequest, note: Option<String>) -> FitOutcome {
    compute_for(spec, req, note, &[])
}

/// The same with the quants that exist for the model (a hub repository's); empty = the usual ladder.
pub fn compute_for(
    spec: &ModelSpec,
    req: &FitRequest,
    note: Option<String>,
    quants: &[String],
) -> FitOutcome {
    let report = fit::estimate(spec, req).map_err(|e| e.to_string());
    // Quoted half-way through the resolved context (not `req.ctx_size`, which is 0 for "the model's").
    let speed = report
        .as_ref()
        .ok()
        .map(|r| fit::speed::estimate(spec, req, r, fit::speed::quoted_position(r)));
    let tokens_per_second = speed.map(|e| (e.generation_tps, e.prompt_tps));
    let speed_context_tokens = speed.map(|e| e.context_tokens);
    // A file claiming absurd layer counts is refused by the engine; do not loop over them first.
    let n_layer = spec.hparams.n_layer.min(fit::MAX_LAYERS);
    let speed_curve = if req.gpus.is_empty() {
        Vec::new()
    } else {
        (0..=n_layer + 1)
            .filter_map(|n| {
                let mut r = req.clone();
                r.n_gpu_layers = GpuLayers::Count(n);
                let rep = fit::estimate(spec, &r).ok()?;
                let pos = fit::speed::quoted_position(&rep);
                let (tg, _) = fit::speed::tokens_per_second(spec, &r, &rep, pos);
                Some([f64::from(n), tg])
            })
            .collect()
    };
    let ctx_train = spec.hparams.n_ctx_train.max(2048);
    let contexts: Vec<u32> = TABLE_CONTEXTS
        .iter()
        .copied()
        .filter(|&c| c <= ctx_train)
        .collect();
    let listed: Vec<String> = if quants.is_empty() {
        TABLE_QUANTS.iter().map(|q| (*q).to_owned()).collect()
    } else {
        quants.to_vec()
    };
    // Quants llama-quantize cannot write (a repo's custom mixes like UD-Q4_K_XL) are left out, not guessed.
    let table = listed
        .iter()
        .filter_map(|q| {
            let quantized = if spec.file_type.as_deref() == Some(q.as_str()) {
                spec.clone()
            } else {
                quantize::predict(spec, q, quantize::Imatrix::Without).ok()?
            };
            Some((q.clone(), needed_cells(&quantized, req, &contexts)))
        })
        .collect();
    let full_gpu_tps = fit::estimate_with_layers(spec, req, spec.hparams.n_layer + 1)
        .ok()
        .map(|full| {
            fit::speed::tokens_per_second(spec, req, &full, fit::speed::quoted_position(&full)).0
        });
    let sentence = report.as_ref().ok().map(|r| {
        let s = fit::verdict_sentence(r, tokens_per_second.map_or(0.0, |t| t.0), full_gpu_tps);
        match spec.incomplete_note() {
            Some(note) => format!("{s} — but {note}"),
            None => s,
        }
    });
    FitOutcome {
        sentence,
        runtime_note: note,
        max_gpu_layers: fit::search::max_gpu_layers(spec, req),
        max_ctx_size: fit::search::max_ctx_size(spec, req),
        tokens_per_second,
        speed_context_tokens,
        speed_curve,
        table,
        report,
    }
}

/// The quant × context table has one meaning per cell: the VRAM that setup needs with every layer on the
/// GPU(s), whatever fits now (a cell never shows the memory of a partly offloaded plan). With GPUs it is
/// judged against them; without one, the need is what any single GPU would have to hold, unjudged.
pub fn needed_cells(
    spec: &ModelSpec,
    req: &FitRequest,
    contexts: &[u32],
) -> Vec<(u32, Option<Verdict>, u64)> {
    let mut r = req.clone();
    r.n_gpu_layers = GpuLayers::All;
    let judged = !r.gpus.is_empty();
    if !judged {
        r.backend = fit::Backend::Cuda;
        r.gpus = vec![GpuDevice {
            name: "any GPU".into(),
            capacity_bytes: u64::MAX / 4,
            bandwidth_gbps: None,
        }];
    } else if r.backend == fit::Backend::Cpu {
        r.backend = fit::Backend::Cuda;
    }
    contexts
        .iter()
        .filter_map(|&c| {
            r.ctx_size = c;
            let rep = fit::estimate(spec, &r).ok()?;
            let need = rep.gpus().map(|d| d.total_bytes).sum();
            Some((c, judged.then_some(rep.verdict), need))
        })
        .collect()
}

fn verdict_colour(v: Verdict) -> Color32 {
    match v {
        Verdict::Fits => widgets::OK,
        Verdict::Tight => Color32::from_rgb(0xc0, 0xca, 0x33),
        Verdict::Spills => widgets::WARN,
        Verdict::DoesNotFit => widgets::BAD,
    }
}

fn verdict_words(v: Verdict) -> &'static str {
    match v {
        Verdict::Fits => "Fits on the GPU with the safety margin to spare.",
        Verdict::Tight => {
            "Fits, but inside the safety margin: a longer prompt or another program may push it over."
        }
        Verdict::Spills => {
            "Runs, but part of the model stays in system RAM: expect much slower generation."
        }
        Verdict::DoesNotFit => "Does not fit: loading will fail with out-of-memory.",
    }
}

impl FitTab {
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        shared: &Shared,
        scenario: &crate::scenario::Scenario,
        inputs: &mut FitInputs,
        cmds: &mut Vec<Command>,
    ) {
        ui.heading("Fit Calculator");
        let Some(spec) = shared.model.spec() else {
            ui.label("Will this model fit your GPU? Open a model file, drop one onto the window, or pick a local model or preset.");
            if ui.button("Open model…").clicked() {
                cmds.push(Command::OpenModelDialog);
            }
            return;
        };
        egui::Panel::left("fit-inputs")
            .resizable(true)
            .default_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("fit-inputs-scroll")
                    .show(ui, |ui| {
                        self.inputs_ui(ui, shared, inputs, spec);
                        ui.separator();
                        widgets::model_card(ui, spec);
                    });
            });
        let (req, note) = runtime_request(spec, &request(scenario), inputs);
        let key = (shared.model.source().unwrap_or("").to_owned(), req);
        self.job.poll();
        if self.job.needs(&key) {
            // The model is cloned only when a new estimate starts, never per frame.
            let spec = spec.clone();
            let req = key.1.clone();
            let source = key.0.clone();
            self.job.want(&key, ui.ctx(), move || {
                // A hub model: the table shows the quants its repository really has (listing cached).
                let quants = crate::model::hub::repo_quants(
                    &source,
                    &crate::model::hub::HubConfig::from_env(),
                );
                compute_for(&spec, &req, note, &quants)
            });
        }
        let gpu_names: Vec<String> = key.1.gpus.iter().map(|g| g.name.clone()).collect();
        egui::ScrollArea::vertical()
            .id_salt("fit-results")
            .show(ui, |ui| match self.job.latest() {
                None => {
                    ui.spinner();
                }
                Some(o) => results_ui(cmds, ui, o, spec, inputs, &gpu_names),
            });
    }

    fn inputs_ui(
        &mut self,
        ui: &mut egui::Ui,
        shared: &Shared,
        inputs: &mut FitInputs,
        spec: &ModelSpec,
    ) {
        ui.horizontal(|ui| {
            let l = ui.strong("Runtime");
            // The same runtime words as the Fix Wizard: one choice for both tabs.
            let current = crate::vocab::Runtime::parse(&inputs.runtime).unwrap_or_default();
            egui::ComboBox::from_id_salt("fit-runtime")
                .selected_text(current.label())
                .show_ui(ui, |ui| {
                    for r in crate::vocab::Runtime::ALL {
                        if ui.selectable_label(current == r, r.label()).clicked() {
                            inputs.runtime = r.as_str().to_owned();
                        }
                    }
                })
                .response
                .labelled_by(l.id);
        });
        ui.strong("GPU");
        let mut remove = None;
        for (i, name) in inputs.gpus.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(name);
                if ui
                    .small_button("Remove")
                    .on_hover_text(format!("Stop planning for {name}"))
                    .clicked()
                {
                    remove = Some(i);
                }
            });
        }
        if let Some(i) = remove {
            inputs.gpus.remove(i);
        }
        let l = ui.label("Plan for a GPU from the catalog:");
        egui::ComboBox::from_id_salt("fit-catalog")
            .selected_text("Add GPU…")
            .height(400.0)
            .show_ui(ui, |ui| {
                for g in crate::hardware::catalog::all() {
                    let text = format!(
                        "{} ({:.0} GiB, {:.0} GB/s)",
                        g.name, g.memory_gib, g.bandwidth_gbps
                    );
                    if ui.selectable_label(false, text).clicked() {
                        inputs.gpus.push(g.name.clone());
                    }
                }
            })
            .response
            .labelled_by(l.id);
        if !inputs.gpus.is_empty() {
            self.settings_ui(ui, inputs, spec);
            return;
        }
        match shared.hardware.latest() {
            Some(hw) if !hw.gpus.is_empty() => {
                for g in &hw.gpus {
                    ui.label(format!(
                        "{}: {} free of {}",
                        g.name,
                        format_gib(g.memory_free_bytes()),
                        format_gib(g.memory_total_bytes)
                    ));
                }
            }
            _ => {
                let mut typed = inputs.manual_vram_gib.is_some();
                if ui
                    .checkbox(&mut typed, "Plan for a GPU with this much VRAM (GiB)")
                    .changed()
                {
                    inputs.manual_vram_gib = typed.then_some(24.0);
                }
                if let Some(g) = &mut inputs.manual_vram_gib {
                    ui.add(
                        egui::Slider::new(g, 2.0..=192.0)
                            .step_by(1.0)
                            .suffix(" GiB"),
                    );
                } else {
                    ui.weak("No GPU detected: the estimate is for the CPU backend.");
                }
            }
        }
        self.settings_ui(ui, inputs, spec);
    }

    fn settings_ui(&mut self, ui: &mut egui::Ui, inputs: &mut FitInputs, spec: &ModelSpec) {
        ui.add_space(6.0);
        ui.strong("Settings (llama.cpp flags)");
        let ctx_max = spec.hparams.n_ctx_train.max(4096);
        egui::Grid::new("fit-settings")
            .num_columns(2)
            .spacing([8.0, 6.0])
            .show(ui, |ui| {
                let l = ui.label("Context (-c)");
                ui.add(egui::Slider::new(&mut inputs.ctx_size, 256..=ctx_max).logarithmic(true))
                    .labelled_by(l.id);
                ui.end_row();
                let l = ui.label("GPU layers (-ngl)");
                ui.horizontal(|ui| {
                    let mut auto = inputs.n_gpu_layers.is_none();
                    if ui.checkbox(&mut auto, "auto").changed() {
                        inputs.n_gpu_layers = if auto {
                            None
                        } else {
                            Some(spec.hparams.n_layer + 1)
                        };
                    }
                    if let Some(n) = &mut inputs.n_gpu_layers {
                        ui.add(egui::Slider::new(n, 0..=spec.hparams.n_layer + 1))
                            .labelled_by(l.id);
                    }
                });
                ui.end_row();
                for (label, value) in [
                    ("K cache (-ctk)", &mut inputs.cache_type_k),
                    ("V cache (-ctv)", &mut inputs.cache_type_v),
                ] {
                    let l = ui.label(label);
                    egui::ComboBox::from_id_salt(label)
                        .selected_text(value.as_str())
                        .show_ui(ui, |ui| {
                            for t in CACHE_TYPES {
                                ui.selectable_value(value, t.to_owned(), t);
                            }
                        })
                        .response
                        .labelled_by(l.id);
                    ui.end_row();
                }
                let l = ui.label("Flash attention (-fa)");
                egui::ComboBox::from_id_salt("fa")
                    .selected_text(inputs.flash_attn.as_str())
                    .show_ui(ui, |ui| {
                        for t in ["auto", "on", "off"] {
                            ui.selectable_value(&mut inputs.flash_attn, t.to_owned(), t);
                        }
                    })
                    .response
                    .labelled_by(l.id);
                ui.end_row();
                let l = ui.label("Batch (-b)");
                ui.add(egui::DragValue::new(&mut inputs.batch_size).range(32..=8192))
                    .labelled_by(l.id);
                ui.end_row();
                let l = ui.label("Micro-batch (-ub)");
                ui.add(egui::DragValue::new(&mut inputs.ubatch_size).range(32..=4096))
                    .labelled_by(l.id);
                ui.end_row();
                let l = ui.label("Parallel (-np)");
                ui.add(egui::DragValue::new(&mut inputs.parallel).range(1..=64))
                    .labelled_by(l.id);
                ui.end_row();
                if spec.is_moe() {
                    let l = ui.label("MoE layers on CPU (--n-cpu-moe)");
                    ui.add(
                        egui::DragValue::new(&mut inputs.n_cpu_moe).range(0..=spec.hparams.n_layer),
                    )
                    .labelled_by(l.id);
                    ui.end_row();
                }
                let l = ui.label("Margin (MiB)");
                ui.add(egui::DragValue::new(&mut inputs.margin_mib).range(0..=8192))
                    .labelled_by(l.id);
                ui.end_row();
                let l = ui.label("llama.cpp build");
                let shown = LLAMA_BUILDS
                    .iter()
                    .find(|(id, _)| *id == inputs.llama_build)
                    .map_or(LLAMA_BUILDS[0].1, |(_, text)| *text);
                egui::ComboBox::from_id_salt("llama-build")
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        for (id, text) in LLAMA_BUILDS {
                            ui.selectable_value(&mut inputs.llama_build, id.to_owned(), text);
                        }
                    })
                    .response
                    .on_hover_text(
                        "The llama.cpp your runtime bundles. Older builds reserve more host and GPU \
                         compute (an f32 attention mask, every logit row in llama-server) and, before \
                         December 2025, offload the output layer last.",
                    )
                    .labelled_by(l.id);
                ui.end_row();
            });
    }
}

fn results_ui(
    cmds: &mut Vec<Command>,
    ui: &mut egui::Ui,
    o: &FitOutcome,
    spec: &ModelSpec,
    inputs: &FitInputs,
    gpu_names: &[String],
) {
    let report = match &o.report {
        Ok(r) => r,
        Err(e) => {
            ui.colored_label(widgets::BAD, e);
            return;
        }
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(
                o.sentence
                    .as_deref()
                    .unwrap_or(verdict_words(report.verdict)),
            )
            .heading()
            // An incomplete file never reads green: llama.cpp will not load it.
            .color(
                if spec.truncated_bytes.is_some() && report.verdict == Verdict::Fits {
                    widgets::WARN
                } else {
                    verdict_colour(report.verdict)
                },
            ),
        )
        .on_hover_text(verdict_words(report.verdict));
        if ui.button("Open in Fix Wizard").clicked() {
            cmds.push(Command::SelectTab(super::Tab::Wizard));
        }
    });
    if let Some(note) = &o.runtime_note {
        ui.label(widgets::prose(note));
    }
    let mut facts = vec![format!(
        "offloaded {}/{} layers to GPU",
        report.layers_offloaded, report.layers_total
    )];
    if let Some(n) = o.max_gpu_layers {
        facts.push(format!("largest -ngl that fits: {n}"));
    }
    if let Some(c) = o.max_ctx_size {
        facts.push(format!("largest context that fits: {c}"));
    }
    if let Some((tg, pp)) = o.tokens_per_second {
        let at = o
            .speed_context_tokens
            .map(|n| format!(" at {n} tokens of context"))
            .unwrap_or_default();
        facts.push(format!(
            "≈ {tg:.1} tok/s generation, {pp:.0} tok/s prompt{at}"
        ));
    }
    ui.label(facts.join(" · "));
    for w in &report.warnings {
        ui.colored_label(widgets::WARN, w);
    }
    ui.add_space(6.0);
    for (i, d) in report.devices.iter().enumerate() {
        let name = match gpu_names.get(i) {
            Some(n) if d.kind == DeviceKind::Gpu => format!("{} ({n})", d.name),
            _ => d.name.clone(),
        };
        device_bar(ui, &name, d, report.margin_bytes);
    }
    ui.add_space(8.0);
    if !o.speed_curve.is_empty() {
        ui.strong("Predicted generation speed vs GPU layers (-ngl)");
        Plot::new("fit-speed")
            .height(170.0)
            .legend(Legend::default())
            .include_y(0.0)
            .allow_scroll(false)
            .show(ui, |p| {
                p.line(Line::new("tok/s", PlotPoints::from(o.speed_curve.clone())));
                if let Some(n) = o.max_gpu_layers {
                    p.vline(VLine::new("most that fit", f64::from(n)).color(widgets::OK));
                }
                p.vline(
                    VLine::new("chosen -ngl", f64::from(report.settings.n_gpu_layers))
                        .color(widgets::WARN),
                );
            });
    }
    if !o.table.is_empty() {
        ui.add_space(8.0);
        let judged = o
            .table
            .iter()
            .flat_map(|(_, cells)| cells)
            .any(|(_, v, _)| v.is_some());
        ui.strong(format!(
            "VRAM needed with every layer on the GPU, per quant and context (this model's architecture; current model: {})",
            spec.file_type.as_deref().unwrap_or("?")
        ));
        ui.weak(if judged {
            "Green: fits the GPU(s) with the margin · amber: inside the margin · red: does not fit (layers would spill to system RAM)."
        } else {
            "No GPU detected or chosen: the VRAM a GPU would need; pick a GPU above to see which cells fit."
        });
        egui::Grid::new("quant-table").striped(true).show(ui, |ui| {
            ui.label("");
            if let Some((_, cells)) = o.table.first() {
                for (c, _, _) in cells {
                    ui.label(if *c >= 1024 {
                        format!("{}k", c / 1024)
                    } else {
                        c.to_string()
                    });
                }
            }
            ui.end_row();
            for (q, cells) in &o.table {
                let current = spec.file_type.as_deref() == Some(q.as_str());
                ui.label(if current {
                    RichText::new(q).strong()
                } else {
                    RichText::new(q)
                });
                for (c, v, bytes) in cells {
                    let mark = if *c == inputs.ctx_size { "* " } else { "" };
                    let text = RichText::new(format!("{mark}{}", format_gib(*bytes)));
                    match v {
                        Some(v) => ui
                            .label(text.color(verdict_colour(*v)))
                            .on_hover_text(verdict_words(*v)),
                        None => ui
                            .label(text)
                            .on_hover_text("VRAM needed; no GPU to judge it against"),
                    };
                }
                ui.end_row();
            }
        });
    }
}

/// One device as a stacked bar with its numbers.
fn device_bar(ui: &mut egui::Ui, name: &str, d: &DeviceUsage, margin: u64) {
    let is_gpu = d.kind == DeviceKind::Gpu;
    // A CPU-only run maps the repacked weights' originals too; they are read once, not held.
    let need = d.needed_bytes();
    let capacity = d.capacity_bytes.max(need).max(1);
    let free = d.capacity_bytes.saturating_sub(need);
    ui.label(
        RichText::new(format!(
            "{} — {} of {}{}",
            name,
            format_auto(need),
            if d.capacity_bytes > 0 {
                format_auto(d.capacity_bytes)
            } else {
                "unknown".into()
            },
            if is_gpu {
                format!(", {} layers", d.layers)
            } else {
                String::new()
            }
        ))
        .strong(),
    );
    let parts = [
        (
            "weights",
            d.weights_bytes.saturating_sub(d.read_once_bytes),
            C_WEIGHTS,
        ),
        ("KV cache", d.kv_bytes + d.recurrent_bytes, C_KV),
        ("compute", d.compute_bytes + d.output_bytes, C_COMPUTE),
        ("overhead", d.overhead_bytes, C_OVERHEAD),
    ];
    let (rect, _) =
        ui.allocate_exact_size(egui::vec2(ui.available_width(), 22.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, ui.visuals().extreme_bg_color);
    let mut x = rect.left();
    for (_, bytes, colour) in parts {
        let w = rect.width() * (bytes as f32 / capacity as f32);
        painter.rect_filled(
            egui::Rect::from_min_size(egui::pos2(x, rect.top()), egui::vec2(w, rect.height())),
            0.0,
            colour,
        );
        x += w;
    }
    if is_gpu && d.capacity_bytes > 0 {
        let mx = rect.left()
            + rect.width() * ((d.capacity_bytes.saturating_sub(margin)) as f32 / capacity as f32);
        painter.vline(mx, rect.y_range(), egui::Stroke::new(2.0, C_MARGIN));
    }
    ui.horizontal_wrapped(|ui| {
        for (name, bytes, colour) in parts {
            let (r, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
            ui.painter().rect_filled(r, 2.0, colour);
            ui.label(format!("{name} {}", format_auto(bytes)));
        }
        if d.capacity_bytes > 0 {
            ui.label(format!("free {}", format_auto(free)));
        }
        if is_gpu {
            ui.label(RichText::new("| margin").color(C_MARGIN));
        }
        if d.read_once_bytes > 0 {
            ui.label(RichText::new(format!(
                "(+ {} of the file mapped and read once to repack: page cache, not held)",
                format_auto(d.read_once_bytes)
            )))
            .on_hover_text(
                "llama.cpp prints these in CPU_Mapped; the repacked copy in CPU_REPACK is what the run uses",
            );
        }
    });
    ui.add_space(4.0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::GIB;

    fn spec() -> ModelSpec {
        crate::model::catalog::load("llama-3.1-8b@Q4_K_M").expect("preset")
    }

    #[test]
    fn the_table_lists_the_quants_a_repository_has() {
        let req = FitRequest::default();
        let listed: Vec<String> = ["Q8_0", "UD-Q4_K_XL", "Q4_K_M"]
            .iter()
            .map(|q| (*q).to_owned())
            .collect();
        let o = compute_for(&spec(), &req, None, &listed);
        let rows: Vec<&str> = o.table.iter().map(|(q, _)| q.as_str()).collect();
        // A custom mix llama-quantize cannot write is left out rather than guessed.
        assert_eq!(rows, ["Q8_0", "Q4_K_M"]);
    }

    #[test]
    fn table_cells_are_vram_needed_not_zero_without_a_gpu() {
        let req = FitRequest {
            backend: fit::Backend::Cpu,
            ..FitRequest::default()
        };
        let cells = needed_cells(&spec(), &req, &[4096, 32768]);
        assert_eq!(cells.len(), 2);
        assert!(cells.iter().all(|(_, v, b)| v.is_none() && *b > GIB));
        assert!(
            cells[1].2 > cells[0].2,
            "needed VRAM grows with the context"
        );
    }

    #[test]
    fn table_cells_do_not_saturate_at_the_card() {
        // A 12 GiB card: a long context needs more than the card holds, and the cell says so instead of
        // showing what a partly offloaded plan would use (about the card's size).
        let req = FitRequest {
            gpus: vec![GpuDevice {
                name: "RTX 3060".into(),
                capacity_bytes: 12 * GIB,
                bandwidth_gbps: None,
            }],
            ..FitRequest::default()
        };
        let cells = needed_cells(&spec(), &req, &[4096, 131072]);
        assert_eq!(cells[0].1, Some(Verdict::Fits));
        assert_eq!(cells[1].1, Some(Verdict::DoesNotFit));
        assert!(cells[1].2 > 16 * GIB, "{}", cells[1].2);
    }
}
