//! The verdict in words: title, explanation with the log's numbers, and next steps for the runtime that wrote
//! the log. Kept apart from the ranking so wording changes never change a verdict.

use super::Label;
use super::numbers::Found;
use crate::units::format_auto;

fn sz(v: Option<u64>) -> Option<String> {
    v.map(format_auto)
}

/// "needed 2.00 GiB more than the 0.79 GiB free".
fn deficit(f: &Found) -> Option<String> {
    let (req, free) = (f.requested?, f.free?);
    (req > free).then(|| {
        format!(
            "it asked for {} with only {} free: {} short",
            format_auto(req),
            format_auto(free),
            format_auto(req - free)
        )
    })
}

fn fewer_layers(runtime: Option<&str>, f: &Found) -> String {
    let hint = f
        .layers
        .map(|(x, _)| format!(" (it had {x})"))
        .unwrap_or_default();
    match runtime {
        Some("Ollama") => {
            format!("Put fewer layers on the GPU: PARAMETER num_gpu in a Modelfile{hint}.")
        }
        Some("LM Studio") => format!("Lower \"GPU Offload\" in the model's load settings{hint}."),
        Some("koboldcpp") => format!("Lower --gpulayers{hint}."),
        // Runtimes without a layer count: their own way to put less on the GPU.
        Some("vLLM") => "Lower --max-num-seqs and --max-num-batched-tokens (the warm-up reserves activations for that many), or use a quantized checkpoint (AWQ / GPTQ / FP8) or --tensor-parallel-size across GPUs.".into(),
        Some("SGLang") => "Lower --chunked-prefill-size and --max-running-requests, or use a quantized checkpoint or --tp across GPUs.".into(),
        Some("TGI") => "Lower --max-batch-total-tokens and --max-concurrent-requests, or use a quantized model (--quantize).".into(),
        Some("MLX") => "Use a smaller quant of the model (4-bit): MLX keeps the whole model in unified memory, with no partial offload.".into(),
        Some("ExLlamaV2") => "Use a lower-bpw quant, or split across GPUs with gpu_split / autosplit.".into(),
        Some("ComfyUI") => "Start ComfyUI with --lowvram (or --novram) so it keeps part of the model in system RAM.".into(),
        Some("text-generation-webui") => format!("Lower n-gpu-layers (llama.cpp loader){hint}, or load in 4-bit / with a memory limit per GPU (transformers loader)."),
        Some("PyTorch") | Some("transformers") | Some("TensorFlow") => {
            "Keep part of the model off the GPU: device_map=\"auto\" with max_memory per GPU (accelerate).".into()
        }
        // No runtime named: the ways to keep part of a model off the GPU in the common ones.
        None => format!(
            "Keep part of the model off the GPU: fewer GPU layers (llama.cpp -ngl, Ollama num_gpu){hint}, device_map=\"auto\" in transformers, or a low-VRAM mode in image tools."
        ),
        _ => format!(
            "Put fewer layers on the GPU with -ngl (or let llama.cpp pick: --fit on){hint}."
        ),
    }
}

/// A smaller quantization, in the runtime's own formats.
fn smaller_quant(runtime: Option<&str>) -> &'static str {
    match runtime {
        Some("vLLM") | Some("SGLang") | Some("TGI") => {
            "Use a quantized checkpoint of the model (AWQ, GPTQ or FP8), about half the size of an FP16 one."
        }
        Some("PyTorch") | Some("transformers") | Some("TensorFlow") => {
            "Load the model in 8-bit or 4-bit (bitsandbytes: load_in_4bit), about a quarter of FP16."
        }
        Some("MLX") => "Use a 4-bit MLX conversion of the model (mlx-community/...-4bit).",
        Some("ExLlamaV2") => "Use a lower-bpw EXL2 quant (4.0 bpw instead of 6.0).",
        Some("ComfyUI") => "Use an FP8 or GGUF-quantized checkpoint of the model.",
        _ => "Use a smaller quantization (e.g. Q4_K_M instead of Q8_0, or Q3_K_M for a tight fit).",
    }
}

/// Keeping a MoE model's experts in system RAM and the rest on the GPU, where the runtime can.
fn experts_on_cpu(runtime: Option<&str>) -> Option<&'static str> {
    match runtime {
        None => Some(
            "For MoE models keep only the expert tensors on the CPU (llama.cpp: --n-cpu-moe N) so every layer's attention stays on the GPU.",
        ),
        Some(r) if r.starts_with("llama.cpp") => Some(
            "For MoE models keep only the expert tensors on the CPU (--n-cpu-moe N) so every layer's attention stays on the GPU.",
        ),
        Some("koboldcpp") => Some(
            "For MoE models keep only the expert tensors on the CPU (--moecpu N) so every layer's attention stays on the GPU.",
        ),
        Some("LM Studio") => Some(
            "For MoE models turn on \"Force Model Expert Weights onto CPU\" in the load settings and put every layer on the GPU.",
        ),
        _ => None,
    }
}

fn smaller_context(runtime: Option<&str>) -> &'static str {
    match runtime {
        Some("Ollama") => {
            "Use a smaller context (PARAMETER num_ctx, or OLLAMA_CONTEXT_LENGTH) and OLLAMA_NUM_PARALLEL=1."
        }
        Some("LM Studio") => "Lower \"Context Length\" in the load settings.",
        Some("koboldcpp") => "Lower --contextsize and the BLAS batch size (--blasbatchsize 256).",
        Some("vLLM") | Some("SGLang") => {
            "Lower --max-model-len (vLLM) / --context-length (SGLang)."
        }
        Some("TGI") => "Lower --max-batch-prefill-tokens and --max-total-tokens.",
        Some("MLX") => {
            "Use a shorter prompt or cap the KV cache (mlx_lm --max-kv-size); a smaller quant leaves more room."
        }
        Some("ExLlamaV2") => {
            "Lower max_seq_len and the cache size; use a Q4 / Q6 cache (cache_mode)."
        }
        Some("PyTorch")
        | Some("transformers")
        | Some("ComfyUI")
        | Some("text-generation-webui") => {
            "Use shorter inputs or a smaller batch; generate with fewer new tokens."
        }
        // No runtime named: the work made smaller, in the terms of the common kinds of program.
        None => {
            "Make the work smaller: a shorter context or prompt (llama.cpp -c, Ollama num_ctx), a smaller batch, or a smaller input (a lower resolution, shorter clips, tiles)."
        }
        _ => {
            "Use a smaller context (-c) and a smaller micro-batch (-ub 256); quantize the KV cache (-ctk q8_0 -ctv q8_0 -fa on)."
        }
    }
}

/// Flash attention and a quantized KV cache in the runtime's own terms; `None` where the context step already
/// says it (llama.cpp, koboldcpp's own flags aside, ExLlamaV2) or the runtime has no such switch.
fn kv_quant(runtime: Option<&str>) -> Option<&'static str> {
    match runtime {
        Some("Ollama") => Some(
            "Halve the KV cache: OLLAMA_FLASH_ATTENTION=1 and OLLAMA_KV_CACHE_TYPE=q8_0 on the server.",
        ),
        Some("LM Studio") => Some(
            "Turn on Flash Attention and set the K and V cache quantization to Q8_0 in the load settings.",
        ),
        Some("koboldcpp") => Some("Use --flashattention with --quantkv 1 (q8_0 KV cache)."),
        Some("vLLM") => Some("Use an FP8 KV cache: --kv-cache-dtype fp8."),
        Some("SGLang") => Some("Use an FP8 KV cache: --kv-cache-dtype fp8_e5m2."),
        _ => None,
    }
}

pub fn words(
    label: Label,
    f: &Found,
    runtime: Option<&str>,
    os: Option<&str>,
    cause: Option<&str>,
) -> (String, String, Vec<String>) {
    let rt = runtime.unwrap_or("The runtime");
    let on = f
        .device
        .as_deref()
        .map(|d| format!(" on {d}"))
        .unwrap_or_default();
    let total = sz(f.total).map(|t| format!(" of {t}")).unwrap_or_default();
    let short = deficit(f).map(|d| format!(" — {d}")).unwrap_or_default();
    match label {
        Label::VramOomLoad => {
            let what = sz(f.requested).map_or_else(|| "the model's weights".to_owned(), |r| format!("{r} of weights"));
            let steps = vec![
                smaller_quant(runtime).to_owned(),
                fewer_layers(runtime, f),
                "Close other programs using the GPU (check nvidia-smi).".to_owned(),
            ];
            (
                "GPU memory ran out while loading the model".into(),
                format!(
                    "{rt} tried to put {what}{on}{total} and the allocation failed{short}. The weights alone do not fit the free VRAM with these settings.{}",
                    cause.map(|c| format!(" Note: {c}.")).unwrap_or_default()
                ),
                steps,
            )
        }
        Label::VramOomContext => (
            "GPU memory ran out for the context (KV cache / compute buffers)".into(),
            format!(
                "The weights loaded, but the next allocation{on} — KV cache, compute buffers or activations for this context and batch — failed{short}."
            ),
            [
                Some(smaller_context(runtime).to_owned()),
                Some(fewer_layers(runtime, f)),
                kv_quant(runtime).map(str::to_owned),
            ]
            .into_iter()
            .flatten()
            .collect(),
        ),
        Label::VramFragmentation => (
            "GPU memory is fragmented".into(),
            format!(
                "PyTorch held {} reserved but unallocated{on}: enough memory existed in total, but not in one block{short}.",
                sz(f.reserved_unallocated.or_else(|| Some(f.reserved?.saturating_sub(f.allocated?))))
                    .unwrap_or_else(|| "memory".into())
            ),
            vec![
                "Set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (PYTORCH_ALLOC_CONF on PyTorch ≥ 2.6) before starting.".into(),
                "Free cached blocks between runs: gc.collect(); torch.cuda.empty_cache().".into(),
                "Lower the batch size so peak allocations are smaller.".into(),
            ],
        ),
        Label::VramHeldByOther => (
            "Another process holds the GPU memory".into(),
            format!(
                "Memory{on}{total} is in use by another process (or container), so this one could not get what it needed{short}."
            ),
            [
                (runtime == Some("Ollama")).then(|| {
                    "Ollama keeps earlier models loaded: `ollama ps` lists them, `ollama stop <model>` frees one, and OLLAMA_MAX_LOADED_MODELS=1 keeps one at a time.".to_owned()
                }),
                Some("List GPU processes with nvidia-smi and end the stale ones (an old Python kernel, a second server, a browser).".into()),
                Some("Restart the other runtime or container that keeps the model loaded (ollama stop / unload).".into()),
                Some("If nothing is listed, a process in another container holds it: restart that container or the driver.".into()),
            ]
            .into_iter()
            .flatten()
            .collect(),
        ),
        Label::HostOomKilled => (
            "System RAM ran out: the process was killed or could not allocate".into(),
            format!(
                "System memory ran out{}{short}. The OS killed the process or refused the allocation; this is RAM (or the Windows page file), not VRAM.{}",
                sz(f.requested).map(|r| format!(" (it needed {r})")).unwrap_or_default(),
                cause.map(|c| format!(" Here: {c}.")).unwrap_or_default()
            ),
            vec![
                "Use a smaller model or quant, or a smaller context (huge num_ctx / -c values allocate the KV cache in RAM).".into(),
                "Add RAM or swap: on Windows let the page file grow (System → Advanced → Performance → Virtual memory); on WSL2 raise memory= and swap= in .wslconfig; on Linux add a swapfile.".into(),
                "Close other memory-hungry programs; check dmesg / journalctl for 'Killed process'.".into(),
            ],
        ),
        Label::PagingThrash => (
            "System RAM exhausted: the OS is paging".into(),
            "The run hung or timed out with no GPU allocation failure: the model did not fit in free system RAM, so the OS swapped (WSL2 and small page files make this common). It looks like a GPU problem but is memory paging.".into(),
            // A Mac has no page file or .wslconfig: its swap grows by itself, and only less memory in use helps.
            if os == Some("macos") {
                vec![
                    "Use a smaller model or a 4-bit quantized one, so the model and its context fit in the Mac's memory with room for the system.".into(),
                    "Shorten the context (max tokens, num_ctx / -c) and close other memory-hungry apps.".into(),
                    "Watch Activity Monitor → Memory: Memory Pressure in yellow or red and Swap Used growing confirm it.".into(),
                ]
            } else {
                vec![
                    "Give the system more memory to work with: a larger page file (Windows), memory= and swap= in %UserProfile%\\.wslconfig then wsl --shutdown (WSL2), or a swapfile (Linux).".into(),
                    "Use a smaller quant or context so the model fits in RAM + VRAM.".into(),
                    "Watch it in the Live Monitor: available RAM near zero and page faults climbing confirm it.".into(),
                ]
            },
        ),
        Label::CpuSpillSlow => (
            "Layers spilled to the CPU: generation is slow".into(),
            format!(
                "Only {} layers are on the GPU; the rest run from system RAM at a fraction of the speed.",
                f.layers
                    .map(|(x, y)| format!("{x} of {y}"))
                    .unwrap_or_else(|| "some of the".into())
            ),
            {
                let mut steps = vec![
                    "Use a smaller quant so every layer fits in VRAM.".into(),
                    smaller_context(runtime).to_owned(),
                ];
                // Only llama.cpp's own front ends can place the experts apart from their layers.
                if let Some(moe) = experts_on_cpu(runtime) {
                    steps.push(moe.to_owned());
                }
                steps
            },
        ),
        Label::VllmKvInsufficient => (
            "vLLM / SGLang: not enough memory for the KV cache".into(),
            format!(
                "After weights and activations there is not enough of the allowed GPU memory left for the KV cache{}.",
                f.kv_tokens
                    .map(|(want, fit)| format!(": max_model_len {want} needs room for {want} tokens, only {fit} fit"))
                    .unwrap_or_default()
            ),
            vec![
                "Raise --gpu-memory-utilization (e.g. 0.90–0.95) or SGLang's --mem-fraction-static.".into(),
                "Lower --max-model-len to what you need, or use --kv-cache-dtype fp8.".into(),
                "Use a smaller or quantized model, or split it with --tensor-parallel-size.".into(),
            ],
        ),
        Label::AppleMetalOom => (
            "Apple GPU (Metal) memory ran out".into(),
            format!(
                "The Metal allocations went past the GPU working-set limit{}{short}.",
                sz(f.total).map(|t| format!(" ({t}, about 70–75 % of RAM)")).unwrap_or_default()
            ),
            vec![
                "Use a smaller context (num_ctx / -c) or a smaller quant.".into(),
                "Raise the limit (macOS 14+): sudo sysctl iogpu.wired_limit_mb=<MiB> — leave a few GB for the system.".into(),
                "Close other apps using GPU memory.".into(),
            ],
        ),
        Label::RocmOom => (
            "AMD GPU (ROCm/HIP) memory ran out".into(),
            format!("The HIP allocation{on}{total} failed{short}."),
            vec![
                smaller_quant(runtime).to_owned(),
                fewer_layers(runtime, f),
                "On APUs (Strix Halo, etc.) check the GTT / VRAM carve-out in BIOS and amdgpu.gttsize.".into(),
                "For PyTorch set PYTORCH_HIP_ALLOC_CONF=expandable_segments:True.".into(),
            ],
        ),
        Label::NotMemory => (
            "Not a memory problem".into(),
            format!(
                "This looks like an out-of-memory error but is not: {}.",
                cause.unwrap_or("the failure is not an allocation")
            ),
            vec![
                "Fix the cause named above: the explanation says what it takes (a driver or build for this GPU, a setting, a file, or a bug report).".into(),
                "Lowering memory use will not help here.".into(),
            ],
        ),
        Label::RecoveredNoFailure => (
            "Recovered: no failure".into(),
            "An out-of-memory warning appears (e.g. pinned host memory could not be allocated), but the runtime fell back and carried on.".into(),
            vec!["Nothing to fix; if the run still misbehaves, the cause is elsewhere in the log.".into()],
        ),
        Label::Unknown => (
            "Not recognised".into(),
            "No known memory failure was found in this log.".into(),
            vec![
                "Attach the full log (from the model load to the error) — the decisive lines are often earlier than the last ones.".into(),
            ],
        ),
    }
}
