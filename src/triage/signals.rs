//! What a log line can say, as signals: one case-insensitive multi-pattern pass (Aho-Corasick) per line finds
//! every phrase below. The phrases are the runtimes' own messages (llama.cpp ggml-cuda.cu / llama-context.cpp /
//! llama-model-loader.cpp, Ollama llm/server.go, PyTorch c10/cuda/CUDACachingAllocator.cpp, vLLM worker,
//! SGLang, the Linux OOM killer, Windows error 1455 in several languages, Metal, ROCm/HIP).

use aho_corasick::automaton::{Automaton, OverlappingState};
use aho_corasick::dfa::DFA;
use aho_corasick::{Input, MatchKind};
use std::sync::OnceLock;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sig {
    /// A GPU allocation failed (CUDA-style wording; HIP builds of llama.cpp print it too).
    CudaOom,
    /// "out of memory" with nothing more specific on the line (becomes CudaOom unless the line says host,
    /// pinned, HIP or Metal).
    OomWord,
    /// The failure happened while building the context: compute buffers, KV cache, the allocation pool.
    ContextPhase,
    /// The failure happened while loading weights.
    LoadPhase,
    /// PyTorch's OutOfMemoryError (CUDA, HIP or the cudaMallocAsync wording).
    TorchOom,
    /// ComfyUI/PyTorch "would exceed allowed memory" format.
    AllowedMemory,
    HipOom,
    AmdMarker,
    MetalOom,
    MetalMarker,
    VllmKv,
    HostKilled,
    HostAlloc,
    WinPagefile,
    Timeout,
    PagingHint,
    Offloaded,
    SlowHint,
    NotMemory,
    PinnedFail,
    Recover,
    Progress,
    Numbers,
    NoProcesses,
    RunnerCrash,
    /// A device line: name, total, free (read as a timeline event).
    DeviceCue,
    /// vLLM's startup check: free memory below what gpu_memory_utilization asks for.
    VllmStartup,
    /// A buffer the load placed on a device ("CUDA0 model buffer size = …").
    BufferCue,
    /// Context / batch size.
    CtxCue,
    /// An allocation over the device's per-buffer limit.
    BufferLimit,
    /// The process ended: exit code, signal, segfault.
    ExitCue,
    /// A process id the log names as its own.
    PidCue,
    /// An allocation failed on a line that names no device (llama.cpp's "failed to allocate buffer for kv
    /// cache", "failed to allocate compute buffers", "unable to allocate backend buffer"): the device is read
    /// from the rest of the log (`verdict::name_unnamed_failure`).
    AllocUnnamed,
    /// The GPU context itself is being created (cuCtxCreate, cuDevicePrimaryCtxRetain): nothing of this
    /// process is on the GPU yet.
    CtxCreate,
    /// llama.cpp's automatic fit (`-fit`, on by default since late 2025) changed the settings to fit the
    /// free memory: context reduced, layers overflowing to system RAM, or it could not fit them.
    FitCue,
    /// llama.cpp's decode returned -3: the graph's compute failed (GGML_STATUS_FAILED). CUDA aborts with its
    /// own message instead; Metal returns a failed command buffer this way, out of memory most often.
    ComputeFailed,
    /// A note the runtime prints by design that people take for a problem (llama.cpp keeping the token
    /// embedding table on the CPU). Read only when nothing else is found.
    BenignNote,
    /// A package or extension build that failed (pip's "Failed building wheel", ninja stopped). Read only when
    /// nothing else is found: a compiler killed for RAM prints it too, after the kill.
    BuildFailed,
    /// A Python traceback begins: the process raised an exception from this point on.
    Traceback,
    /// Python's "Exception ignored in: <object>": an error in a destructor or at exit, printed and dropped;
    /// the exception on the next lines is not what ended the run.
    IgnoredException,
    /// A line naming the error a program stopped on ("RuntimeError: shape … is invalid", "main: error: …",
    /// "SYCL error: …", "Assertion failed") and no memory: read only when nothing else failed.
    NamedError,
    // Context: which runtime and OS wrote the log (counted, not shown as evidence).
    RtLlamaCpp,
    RtOllama,
    RtPytorch,
    RtTransformers,
    RtVllm,
    RtSglang,
    RtKobold,
    RtTextgen,
    RtComfy,
    RtLmStudio,
    RtMlx,
    RtVulkan,
    RtSycl,
    RtExllama,
    RtTgi,
    RtJan,
    RtLlamafile,
    RtRamalama,
    RtLocalai,
    RtTensorflow,
    OsWindows,
    OsWsl,
    OsMac,
    OsLinux,
}

impl Sig {
    /// Context-only signals (runtime / OS markers).
    pub fn is_context(self) -> bool {
        self >= Self::RtLlamaCpp
    }
}

const PATTERNS: &[(&str, Sig)] = &[
    ("cudamalloc failed", Sig::CudaOom),
    ("cuda error: out of memory", Sig::CudaOom),
    ("out of memory", Sig::OomWord),
    // The same said of the card ("ran out of GPU memory", "out of VRAM"): apps' own messages and people's.
    ("out of gpu memory", Sig::OomWord),
    ("out of vram", Sig::OomWord),
    ("out of video memory", Sig::OomWord),
    ("cudaerrormemoryallocation", Sig::CudaOom),
    ("cuda_error_out_of_memory", Sig::CudaOom),
    ("unable to allocate cuda", Sig::CudaOom),
    ("failed to allocate cuda", Sig::CudaOom),
    ("cuda out of memory", Sig::CudaOom),
    ("out of memory allocating", Sig::CudaOom),
    ("ggml_cuda_pool_malloc", Sig::ContextPhase),
    // ggml-cuda's virtual-memory pool grows with cuMemCreate while computing (the legacy pool's
    // ggml_cuda_pool_malloc): activations, not weights.
    ("cumemcreate", Sig::ContextPhase),
    ("ggml_cuda_device_malloc", Sig::ContextPhase),
    ("cumemsetaccess", Sig::ContextPhase),
    ("failed to allocate compute buffers", Sig::ContextPhase),
    // llama.cpp's summaries of a failed buffer: the device-naming line before them may be cut from a paste.
    ("failed to allocate compute", Sig::AllocUnnamed),
    // llama.cpp's automatic fit (common/fit.cpp): what it changed before the load.
    ("context size reduced from", Sig::FitCue),
    // llama_decode's return value for a failed compute ("failed to decode, ret = -3"; the server's
    // "failed to decode the batch … ret = -3").
    (", ret = -3", Sig::ComputeFailed),
    // LM Studio's MLX engine fits the context to Metal's working set the same way ("Model context auto-fit:
    // … max=262,144 fitted=152,576").
    ("model context auto-fit", Sig::FitCue),
    // LM Studio's guardrail prices a smaller context than was asked for ("… using '8192' as context length
    // for the calculation. Original context length: '74252'").
    ("as context length for the calculation", Sig::FitCue),
    ("overflowing),", Sig::FitCue),
    ("failed to fit params to free device memory", Sig::FitCue),
    ("failed to allocate buffer for kv", Sig::AllocUnnamed),
    ("unable to allocate backend buffer", Sig::AllocUnnamed),
    // llama.cpp's context creation failed (Ollama passes it on): almost always the KV cache or compute
    // buffers not fitting; a stated cause beside it (a cache type needing flash attention) wins.
    ("failed to create context with model", Sig::AllocUnnamed),
    ("failed to create context with model", Sig::ContextPhase),
    // llama-cpp-python's wrapper of the same failure.
    ("failed to create llama_context", Sig::AllocUnnamed),
    ("failed to create llama_context", Sig::ContextPhase),
    // Jan and others state it in words.
    ("not enough vram", Sig::CudaOom),
    // ExLlamaV2 / TabbyAPI / text-generation-webui announce the load.
    ("loading model:", Sig::LoadPhase),
    // llamafile / ggml-cuda built without this card's architecture.
    ("has no device code compatible", Sig::NotMemory),
    // vLLM captures CUDA graphs after the weights and the KV cache are in place; transformers warns of the
    // input's length as it generates: a failure after either is past the load.
    ("capturing the model for cuda graphs", Sig::ContextPhase),
    ("is bigger than 0.9 * max_length", Sig::ContextPhase),
    // Ollama: the failure came while generating, after the load.
    ("encountered while running the model", Sig::ContextPhase),
    // llama.cpp refuses a quantized V cache without flash attention (llama-context.cpp).
    ("v cache quantization requires flash_attn", Sig::NotMemory),
    // Ollama's engine panics with every allocation it tried, the failed one marked "F" (read below).
    (
        "insufficient memory - required allocations",
        Sig::AllocUnnamed,
    ),
    // llama.cpp names the buffer type of the failed allocation ("unable to allocate ROCm0 buffer"); every GPU
    // backend's is a device allocation (ROCm reads as AMD through its own name).
    ("allocate rocm", Sig::CudaOom),
    ("unable to allocate sycl", Sig::CudaOom),
    ("unable to allocate vulkan", Sig::CudaOom),
    ("allocate musa", Sig::CudaOom),
    ("allocate cann", Sig::CudaOom),
    ("allocate opencl", Sig::CudaOom),
    ("compute buffer", Sig::ContextPhase),
    ("ggml_gallocr_reserve_n", Sig::ContextPhase),
    ("kv self size", Sig::ContextPhase),
    ("kv buffer size", Sig::ContextPhase),
    ("llama_kv_cache", Sig::ContextPhase),
    ("processing prompt", Sig::ContextPhase),
    ("prompt processing", Sig::ContextPhase),
    ("scaled_dot_product_attention", Sig::ContextPhase),
    ("attention_mask", Sig::ContextPhase),
    ("in generate", Sig::ContextPhase),
    // ONNX Runtime failing inside Run() ("Non-zero status code returned while running ReduceSum node"): the
    // session and its weights were loaded; the inputs' buffers were not.
    ("status code returned while running", Sig::ContextPhase),
    ("load_tensors", Sig::LoadPhase),
    ("llama_model_load", Sig::LoadPhase),
    ("error loading model", Sig::LoadPhase),
    ("error while loading stable-diffusion model", Sig::LoadPhase),
    ("error while loading the model", Sig::LoadPhase),
    // Stable Diffusion web UIs name the failed load in words after the traceback.
    ("model failed to load", Sig::LoadPhase),
    ("model buffer", Sig::LoadPhase),
    ("from_pretrained", Sig::LoadPhase),
    ("set_module_tensor_to_device", Sig::LoadPhase),
    ("loading checkpoint shards", Sig::LoadPhase),
    ("load_state_dict", Sig::LoadPhase),
    ("load_checkpoint", Sig::LoadPhase),
    // A Python frame in a loader function (ExLlamaV2's model.load, load_autosplit, …).
    (", in load", Sig::LoadPhase),
    ("pipe.to(", Sig::LoadPhase),
    ("model.to(", Sig::LoadPhase),
    // The same move of the weights to the GPU, spelled .cuda().
    ("pipe.cuda(", Sig::LoadPhase),
    ("model.cuda(", Sig::LoadPhase),
    // Moving a whole module or pipeline component onto the device: the weights.
    ("component.to(", Sig::LoadPhase),
    (".to(device)", Sig::LoadPhase),
    ("for shard", Sig::LoadPhase),
    ("outofmemoryerror", Sig::TorchOom),
    ("cuda out of memory. tried to allocate", Sig::TorchOom),
    ("tried to allocate", Sig::TorchOom),
    ("would exceed allowed memory", Sig::AllowedMemory),
    // PyTorch's cudaMallocAsync backend words its OOM this way, with no numbers.
    ("allocation on device", Sig::TorchOom),
    ("hip out of memory", Sig::HipOom),
    // PyTorch on ROCm ("RuntimeError: HIP error: out of memory") and ggml's ROCm build, whose error lines
    // carry the backend's name ("ROCm error: out of memory").
    ("hip error: out of memory", Sig::HipOom),
    ("rocm error: out of memory", Sig::HipOom),
    ("hiperroroutofmemory", Sig::HipOom),
    ("hipmalloc failed", Sig::HipOom),
    ("rocm model arena alloc failed", Sig::HipOom),
    (AMD_CARDS[0], Sig::AmdMarker),
    ("amd radeon", Sig::AmdMarker),
    (AMD_CARDS[1], Sig::AmdMarker),
    (AMD_CARDS[2], Sig::AmdMarker),
    ("gfx9", Sig::AmdMarker),
    ("gfx10", Sig::AmdMarker),
    ("gfx11", Sig::AmdMarker),
    ("gfx12", Sig::AmdMarker),
    ("ggml_hip", Sig::AmdMarker),
    ("hipblas", Sig::AmdMarker),
    // AMD's deep-learning kernel library (TensorFlow and PyTorch on ROCm): its refusal "Memory not available to
    // allocate buffer" is the card's memory running out.
    ("miopen", Sig::AmdMarker),
    ("memory not available to allocate", Sig::HipOom),
    // Radeon cards by model ("RX 6750 XT", "7900 XTX").
    (AMD_CARDS[3], Sig::AmdMarker),
    (AMD_CARDS[4], Sig::AmdMarker),
    (AMD_CARDS[5], Sig::AmdMarker),
    (AMD_CARDS[6], Sig::AmdMarker),
    (AMD_CARDS[7], Sig::AmdMarker),
    // DirectML (torch-directml) refusing a tensor: "Could not allocate tensor with 1032884736 bytes. There is
    // not enough GPU video memory available!"
    ("not enough gpu video memory", Sig::CudaOom),
    // XLA (JAX, TensorFlow, PyTorch/XLA on GPU and TPU): "RESOURCE_EXHAUSTED: Error allocating device buffer:
    // Attempting to allocate 129.50M. That was not possible. There are 78.17M free."
    ("error allocating device buffer", Sig::CudaOom),
    ("kiogpucommandbuffercallbackerroroutofmemory", Sig::MetalOom),
    ("mps backend out of memory", Sig::MetalOom),
    ("failed to allocate metal buffer", Sig::MetalOom),
    // Metal's validation layer refusing a buffer it cannot map (iOS / macOS, a buffer past the device's limit).
    ("failed assertion `buffer validation", Sig::MetalOom),
    // MLX aborting on a failed Metal command buffer (its "Insufficient Memory" case, as crash reports show it).
    ("mlx::core::gpu::check_error", Sig::MetalOom),
    (
        "greater than the recommended max working set size",
        Sig::MetalOom,
    ),
    // ggml-metal: a command buffer ended with MTLCommandBufferStatusError (5) and ggml asserts; past the
    // working-set limit that error is the GPU running out of memory.
    ("failed with status 5", Sig::MetalOom),
    ("ggml_metal", Sig::MetalMarker),
    ("recommendedmaxworkingsetsize", Sig::MetalMarker),
    ("metal", Sig::MetalMarker),
    // PyTorch's Metal backend (MPS): its per-buffer cap reads "Invalid buffer size".
    ("mps", Sig::MetalMarker),
    ("invalid buffer size", Sig::BufferLimit),
    // ggml-metal wrapping mapped model memory in a Metal buffer failed.
    ("buffer_from_ptr: error: failed to allocate", Sig::MetalOom),
    ("no available memory for the cache blocks", Sig::VllmKv),
    (
        "larger than the maximum number of tokens that can be stored in kv cache",
        Sig::VllmKv,
    ),
    ("less than desired gpu memory utilization", Sig::VllmStartup),
    // vLLM's profiling check: free memory changed under it because other processes on the GPU allocate or
    // release memory (worker.py "Error in memory profiling").
    ("error in memory profiling", Sig::VllmStartup),
    // SGLang compares free memory across its GPUs at startup and says so when others hold some.
    ("occupied by other processes", Sig::VllmStartup),
    // vLLM's scheduler preempts a sequence when the KV cache is short and recomputes it later: a slowdown,
    // not a failure.
    ("is preempted by preemptionmode", Sig::Recover),
    ("please try to increase --mem-fraction-static", Sig::VllmKv),
    ("is larger than the available kv cache memory", Sig::VllmKv),
    ("insufficient memory for kv cache", Sig::VllmKv),
    // Hybrid (Mamba) models: each running sequence needs a state block, and fewer fit than max_num_seqs.
    ("exceeds available mamba cache blocks", Sig::VllmKv),
    ("out of memory: killed process", Sig::HostKilled),
    ("oom-kill", Sig::HostKilled),
    // Ray's memory monitor ends workers (vLLM rollouts, actors) when the node's RAM passes its threshold.
    ("killed due to memory pressure", Sig::HostKilled),
    ("node running low on memory", Sig::HostKilled),
    // Its advice line ("how to address the out of memory issue: …ray-oom-prevention.html") is about RAM too.
    ("ray-oom-prevention", Sig::HostKilled),
    // Its older monitor raised an error instead ("RayOutOfMemoryError: More than 95% of the memory on node …").
    ("rayoutofmemoryerror", Sig::HostKilled),
    ("oom_kill_process", Sig::HostKilled),
    ("signal: killed", Sig::HostKilled),
    ("exit code 137", Sig::HostKilled),
    ("exit status 137", Sig::HostKilled),
    ("exited with code 137", Sig::HostKilled),
    ("sigkill", Sig::HostKilled),
    ("model requires more system memory", Sig::HostAlloc),
    // Caffe's SyncedMemory: "Check failed: *ptr host allocation of size 172800000 failed".
    ("host allocation of size", Sig::HostAlloc),
    // ggml_init's malloc of its context buffer returned NULL: system RAM.
    ("ctx->mem_buffer != null", Sig::HostAlloc),
    // The Linux kernel failing to find pages for an allocation under memory pressure (warn_alloc).
    ("page allocation failure", Sig::HostAlloc),
    // Ollama refusing a load that would not fit RAM and VRAM together.
    ("model request too large for system", Sig::HostAlloc),
    ("cpu_buffer_type_alloc_buffer: failed", Sig::HostAlloc),
    ("failed to allocate cpu buffer", Sig::HostAlloc),
    ("std::bad_alloc", Sig::HostAlloc),
    ("cannot allocate memory", Sig::HostAlloc),
    ("memoryerror", Sig::HostAlloc),
    ("unable to allocate cpu", Sig::HostAlloc),
    // gperftools' allocator reporting a single host allocation of gigabytes ("tcmalloc: large alloc
    // 34359738368 bytes == 0x5d32000"): Colab and notebooks print it just before the RAM runs out.
    ("tcmalloc: large alloc", Sig::HostAlloc),
    ("winerror 1455", Sig::WinPagefile),
    ("os error 1455", Sig::WinPagefile),
    ("error 1455", Sig::WinPagefile),
    ("paging file is too small", Sig::WinPagefile),
    // Windows' commit limit (RAM + page file): STATUS_COMMITMENT_LIMIT, and WinError 8.
    ("0xc000012d", Sig::WinPagefile),
    ("commitment limit", Sig::WinPagefile),
    (
        "not enough memory resources are available",
        Sig::WinPagefile,
    ),
    ("auslagerungsdatei ist zu klein", Sig::WinPagefile),
    ("fichier de pagination est insuffisant", Sig::WinPagefile),
    (
        "archivo de paginación es demasiado pequeño",
        Sig::WinPagefile,
    ),
    ("file di paging è troppo piccolo", Sig::WinPagefile),
    ("arquivo de paginação é muito pequeno", Sig::WinPagefile),
    ("页面文件太小", Sig::WinPagefile),
    ("ページング ファイルが小さすぎ", Sig::WinPagefile),
    ("файл подкачки слишком мал", Sig::WinPagefile),
    ("timed out waiting for llama runner", Sig::Timeout),
    ("context deadline exceeded", Sig::Timeout),
    ("timed out", Sig::Timeout),
    ("not responding", Sig::Timeout),
    ("hangs", Sig::Timeout),
    ("frozen", Sig::Timeout),
    ("microsoft-standard", Sig::PagingHint),
    ("wsl", Sig::PagingHint),
    ("kswapd", Sig::PagingHint),
    ("memory pressure", Sig::PagingHint),
    ("swapping", Sig::PagingHint),
    ("swap", Sig::PagingHint),
    ("page fault", Sig::PagingHint),
    ("pagefile", Sig::PagingHint),
    ("vmmem", Sig::PagingHint),
    ("thrash", Sig::PagingHint),
    ("layers to gpu", Sig::Offloaded),
    ("layers.offload=", Sig::Offloaded),
    ("tokens per second", Sig::SlowHint),
    ("tokens/s", Sig::SlowHint),
    ("eval rate", Sig::SlowHint),
    ("tok/s", Sig::SlowHint),
    ("driver version is insufficient", Sig::NotMemory),
    // Windows could not load a DLL (a missing or mismatched CUDA/PyTorch library).
    ("the specified module could not be found", Sig::NotMemory),
    // PyTorch's check of the installed driver against the one it was built for.
    ("driver on your system is too old", Sig::NotMemory),
    ("cuda error: operation not supported", Sig::NotMemory),
    // A GPU kernel that does not build on this driver: Vulkan shaders, Metal pipelines.
    ("shader compilation failed", Sig::NotMemory),
    ("createcomputepipeline", Sig::NotMemory),
    ("load pipeline error", Sig::NotMemory),
    ("compiler encountered an internal error", Sig::NotMemory),
    // Metal's shader library that does not build for this GPU or macOS (a static_assert in its headers).
    ("failed to initialize the metal library", Sig::NotMemory),
    (
        "unsupported display driver / cuda driver combination",
        Sig::NotMemory,
    ),
    ("no kernel image is available", Sig::NotMemory),
    ("illegal memory access", Sig::NotMemory),
    ("invalid device function", Sig::NotMemory),
    ("failed to find free space in the kv cache", Sig::NotMemory),
    ("no cuda-capable device", Sig::NotMemory),
    ("forward compatibility was attempted", Sig::NotMemory),
    ("unsupported op", Sig::NotMemory),
    // Runtimes' own messages for an operation missing in this build or for this dtype (PyTorch's
    // "\"addmm_impl_cpu_\" not implemented for 'Half'", ggml's missing kernels): phrases to read in a log.
    ("not implemented for", Sig::NotMemory),
    ("kernel not implemented", Sig::NotMemory),
    ("\"not implemented\"", Sig::NotMemory),
    ("not supported on this device", Sig::NotMemory),
    // A memory figure within a few MiB of 2^64 bytes (or 2^44 MiB) is a negative count printed unsigned:
    // the tool's bookkeeping underflowed (GPU-sharing layers, drivers' counters), nothing that big exists.
    (UNDERFLOW[0], Sig::NotMemory),
    (UNDERFLOW[1], Sig::NotMemory),
    ("of pinned memory", Sig::PinnedFail),
    ("ggml_cuda_host_malloc: failed", Sig::PinnedFail),
    ("in function ggml_cuda_host_malloc", Sig::PinnedFail),
    ("got an oom, unloading", Sig::Recover),
    ("falling back to", Sig::Recover),
    ("retrying with", Sig::Recover),
    ("llama_perf", Sig::Progress),
    ("llama_print_timings", Sig::Progress),
    ("prompt eval time", Sig::Progress),
    ("eval time", Sig::Progress),
    ("slot release", Sig::Progress),
    ("total time", Sig::Progress),
    ("it/s]", Sig::Progress),
    ("sampling time", Sig::Progress),
    ("server is listening", Sig::Progress),
    ("llama runner started", Sig::Progress),
    // Ollama 0.30+ runs llama-server itself and says when it is up.
    ("llama-server started in", Sig::Progress),
    ("currently allocated", Sig::Numbers),
    // PyTorch's process list ("Process 4242 has 31.5 GiB memory in use"), also where a console wraps it.
    (" memory in use", Sig::Numbers),
    ("gib memory in", Sig::Numbers),
    ("mib memory in", Sig::Numbers),
    // PyTorch's message wrapped onto its own lines (quoted, or printed by a logger line by line).
    ("reserved by pytorch but unallocated", Sig::Numbers),
    ("requested ", Sig::Numbers),
    ("device limit", Sig::Numbers),
    ("free (according to cuda)", Sig::Numbers),
    ("mib free", Sig::Numbers),
    ("mib / ", Sig::Numbers),
    ("total_gpu_memory", Sig::Numbers),
    ("memory.available", Sig::Numbers),
    ("memory.weights.total", Sig::Numbers),
    ("memory.required.partial", Sig::Numbers),
    ("memory.required.full", Sig::Numbers),
    ("free_swap=", Sig::Numbers),
    ("no running processes found", Sig::NoProcesses),
    // nvidia-smi's process table: who holds GPU memory ("… python3   18000MiB |").
    ("mib |", Sig::Numbers),
    // Other runtimes' allocation failures: Vulkan, SYCL / Level Zero, TensorFlow, TGI, MLX.
    ("erroroutofdevicememory", Sig::CudaOom),
    ("device memory allocation of size", Sig::CudaOom),
    ("out_of_device_memory", Sig::CudaOom),
    ("pi_error_out_of_resources", Sig::CudaOom),
    ("out_of_host_memory", Sig::CudaOom),
    ("failed to allocate sycl", Sig::CudaOom),
    ("failed to allocate vulkan", Sig::CudaOom),
    // ncnn's Vulkan allocator (Real-ESRGAN, waifu2x, Upscayl, RIFE): "vkAllocateMemory failed -2".
    ("vkallocatememory failed", Sig::CudaOom),
    ("resourceexhaustederror", Sig::CudaOom),
    ("oom when allocating tensor", Sig::CudaOom),
    // TensorFlow names the op that was running: its gradient ops ("gradients/…/Tanh_grad/TanhGrad") belong to a
    // training step, so the weights were already in place. XLA's "Execution of replica 0 failed" is a compiled
    // step being run, likewise past the load.
    ("node gradients", Sig::ContextPhase),
    ("_grad/", Sig::ContextPhase),
    ("execution of replica", Sig::ContextPhase),
    // XLA compiling a step whose buffers do not fit ("Compilation failure: Ran out of memory in memory space
    // hbm. Used 8.38G of 8.00G hbm"; on TPUs also vmem): the program's temporaries (activations, the batch, a
    // kernel's tiles) are what overflow, so a smaller batch or chunk fits.
    ("ran out of memory in memory space", Sig::ContextPhase),
    // TensorFlow's BFC allocator warns with this when a request it can do without fails ("The caller indicates
    // that this is not a failure"); its fatal failure is ResourceExhaustedError / "OOM when allocating tensor".
    ("ran out of memory trying to allocate", Sig::Recover),
    ("this is not a failure", Sig::Recover),
    // The same allocator's fatal line names the op that needed the memory and dumps its state after it
    // ("…trying to allocate 765.00MiB (rounded to 802160640)requested by op …", "…See logs for memory
    // state."): the failure itself, not a warning.
    (BFC_FATAL[0], Sig::CudaOom),
    (BFC_FATAL[1], Sig::CudaOom),
    ("not enough memory to handle", Sig::CudaOom),
    ("prefill tokens", Sig::ContextPhase),
    // TGI's KV-cache budget (`--max-batch-total-tokens`): the server cannot reserve the cache it was asked
    // for, as vLLM's gpu_memory_utilization refusal.
    ("decrease `--max-batch-total-tokens`", Sig::VllmKv),
    ("decrease --max-batch-total-tokens", Sig::VllmKv),
    // SGLang's profile of the KV pool after the weights: no room left ("… larger than the profiled value
    // -561981").
    ("is larger than the profiled value", Sig::VllmKv),
    (
        "command buffer execution failed: insufficient memory",
        Sig::MetalOom,
    ),
    // Metal's command buffer failing on its own (a GPU fault or watchdog), not for memory: that one says
    // "Insufficient Memory".
    (
        "command buffer execution failed: internal error",
        Sig::NotMemory,
    ),
    ("exceeds device memory allocation limit", Sig::BufferLimit),
    // Intel's PyTorch extension on Arc: one allocation may not exceed 4 GB, whatever is free.
    (
        "allocate memory block with size larger than",
        Sig::BufferLimit,
    ),
    ("exceeds device buffer size limit", Sig::BufferLimit),
    ("exceeds the maximum buffer", Sig::BufferLimit),
    (
        "greater than the maximum allowed buffer size",
        Sig::BufferLimit,
    ),
    ("maximum buffer length", Sig::BufferLimit),
    // OpenVINO's and OpenCL's cap on one memory object (CL_DEVICE_MAX_MEM_ALLOC_SIZE).
    ("max size of memory object allocation", Sig::BufferLimit),
    // Metal's own name for the per-buffer cap (MTLDevice.maxBufferLength).
    ("maxbufferlength", Sig::BufferLimit),
    ("failed to find kv cache slot", Sig::NotMemory),
    // llama-server: the context's cells are all used ("KV cache is full - try increasing it via the context
    // size"), or the request is longer than the context: a setting, not a lack of memory.
    ("try increasing it via the context size", Sig::NotMemory),
    ("context size has been exceeded", Sig::NotMemory),
    // The context filled and this model's cache cannot be shifted (DeepSeek's MLA in llama.cpp): an abort
    // at a logical limit.
    ("does not support k-shift", Sig::NotMemory),
    // ggml-alloc's own assert: the graph needed more of a buffer it had measured itself (a mis-measurement
    // in that build, fixed by an update), not a device or system running out.
    ("not enough space in the buffer", Sig::NotMemory),
    // SGLang: the weights leave no room for the KV pool under its memory fraction.
    ("leave no gpu memory for the kv cache", Sig::VllmKv),
    ("unknown model architecture", Sig::NotMemory),
    ("0xc000001d", Sig::NotMemory),
    ("could not find a kv cache slot", Sig::NotMemory),
    (
        "compiled without support for the current gpu architecture",
        Sig::NotMemory,
    ),
    ("os call failed or operation not supported", Sig::NotMemory),
    ("shared object initialization failed", Sig::NotMemory),
    ("failed to get device context", Sig::NotMemory),
    ("rocblaslt error: could not load", Sig::NotMemory),
    ("failed to mlock", Sig::PinnedFail),
    // The same warning on Windows; its reason is the OS's ("The paging file is too small…"), and the load
    // carries on unlocked.
    ("failed to virtuallock", Sig::PinnedFail),
    ("failed to munlock", Sig::PinnedFail),
    ("available kv cache memory: -", Sig::VllmKv),
    ("hip_error_outofmemory", Sig::HipOom),
    ("failed to fit params to free device memory", Sig::CudaOom),
    ("opencl_buffer_type_alloc_buffer: failed", Sig::CudaOom),
    ("cuda oom", Sig::CudaOom),
    ("kv pool", Sig::ContextPhase),
    ("buffer for kv cache", Sig::ContextPhase),
    ("failed to initialize the context", Sig::ContextPhase),
    ("warmup", Sig::ContextPhase),
    ("warming up", Sig::ContextPhase),
    (", in _apply", Sig::LoadPhase),
    ("modelloader", Sig::LoadPhase),
    ("load_model", Sig::LoadPhase),
    ("retract", Sig::Recover),
    // Optional speed-ups unavailable, in the runtimes' own warnings (PyTorch inductor, vLLM's attention backend
    // selector, xFormers, ComfyUI's Triton check): the run goes on without them.
    ("not enough sms to use max_autotune", Sig::Recover),
    ("cannot use flashattention", Sig::Recover),
    ("xformers can't load c++/cuda extensions", Sig::Recover),
    ("triton is not available", Sig::Recover),
    // vLLM's warning about the CPU swap space it reserves: advice, not a failure.
    ("possibly too large swap space", Sig::Recover),
    // TensorRT's builder tries kernels ("tactics") and skips those whose workspace does not fit: the engine
    // still builds with another.
    ("skipping tactic", Sig::Recover),
    ("insufficient to use tactic", Sig::Recover),
    // Older TensorRT runs the state name into it ("UNSUPPORTED_STATESkipping tactic …").
    ("due to insufficient memory on requested size", Sig::Recover),
    // ONNX Runtime's warning that its optional provider bridge (CUDA/TensorRT plug-ins) did not load: the run
    // goes on with the providers it has.
    ("init provider bridge failed", Sig::Recover),
    // Ollama found too little VRAM for even one layer and runs the whole model on the CPU.
    ("insufficient vram to load any model layers", Sig::Offloaded),
    // Ollama's scheduler waits for VRAM to come back after a runner stops; the timeout is a warning only.
    ("didn't recover within timeout", Sig::Recover),
    ("error executing method initialize_cache", Sig::VllmKv),
    ("while processing method initialize_cache", Sig::VllmKv),
    // vLLM's profile left no room for a single KV block: "# GPU blocks: 0", concurrency 0.00x.
    ("# gpu blocks: 0,", Sig::VllmKv),
    ("tokens per request: 0.00x", Sig::VllmKv),
    ("ggml_assert", Sig::NotMemory),
    ("no space left for", Sig::VllmKv),
    ("layers.model=", Sig::Offloaded),
    // ComfyUI (comfy/model_management.py) keeps part of the weights in RAM: "loaded partially", lowvram mode.
    ("loaded partially", Sig::Offloaded),
    // accelerate's device_map="auto" put what did not fit on the CPU or the disk.
    ("because they were offloaded to the", Sig::Offloaded),
    // DeepSpeed: PyTorch's caching allocator freed its cache to satisfy allocations (its OOM retry); the
    // step went on.
    ("allocator cache flushes since last step", Sig::Recover),
    ("cudnn_status_alloc_failed", Sig::CudaOom),
    // PyTorch's CPU allocator (c10/core/impl/alloc_cpu.cpp): system RAM.
    ("defaultcpuallocator", Sig::HostAlloc),
    // Intel MKL's allocator (PyTorch/CTranslate2 on the CPU): system RAM refused a buffer.
    ("mkl_malloc: failed to allocate", Sig::HostAlloc),
    // NumPy's MemoryError: "Unable to allocate 3.60 GiB for an array with shape (1, 1200623, 201)".
    ("for an array with shape", Sig::HostAlloc),
    // torch.nn.Module._apply moves or converts every parameter (.to(), .cuda(), .half()): the weights' load.
    ("self._apply(", Sig::LoadPhase),
    // Module.to()'s per-parameter convert: "return t.to(device, dtype if t.is_floating_point() …)".
    ("return t.to(device", Sig::LoadPhase),
    // A Python frame in a model's forward pass: the weights are loaded, activations are being computed.
    (", in forward", Sig::ContextPhase),
    // A module being called ("return forward_call(*args, **kwargs)") or a forward pass named: the model is
    // running, its weights already placed.
    ("forward_call(", Sig::ContextPhase),
    ("forward pass", Sig::ContextPhase),
    // transformers' generation loop and attention internals: the weights are placed, tokens are computed.
    (", in _sample", Sig::ContextPhase),
    (", in sample", Sig::ContextPhase),
    (", in greedy_search", Sig::ContextPhase),
    (", in beam_search", Sig::ContextPhase),
    ("past_key_value", Sig::ContextPhase),
    ("causal_mask", Sig::ContextPhase),
    ("repeat_kv", Sig::ContextPhase),
    ("lm_head(", Sig::ContextPhase),
    ("logits.float()", Sig::ContextPhase),
    // The serving loop and its steps: TGI's prefill span ("prefill{id=1 size=1}"), vLLM's engine loop, a
    // decoder's next-token step with its KV cache.
    ("prefill{", Sig::ContextPhase),
    ("run_engine_loop", Sig::ContextPhase),
    ("decode_next_token", Sig::ContextPhase),
    // TensorFlow's kernel for a convolution or a matrix product failing to allocate its output: the
    // activations of a forward pass ("OP_REQUIRES failed at conv_ops_3d.cc:167 : RESOURCE_EXHAUSTED").
    ("failed at conv_ops", Sig::ContextPhase),
    ("failed at matmul_op", Sig::ContextPhase),
    // ggml-cuda's memory pools (legacy and VMM) and cuBLAS's handle serve the graph's temporaries.
    ("ggml_cuda_pool", Sig::ContextPhase),
    ("ggml_backend_cuda_synchronize", Sig::ContextPhase),
    ("ggml_cuda_cpy", Sig::ContextPhase),
    ("cpy_tensor_async", Sig::ContextPhase),
    ("cublascreate", Sig::ContextPhase),
    ("attn_weights", Sig::ContextPhase),
    // vLLM's worker after the weights: the profiling run, sampler warm-up and CUDA graph capture size the
    // activations and KV cache; "load_weights" is the load itself.
    ("profile_run", Sig::ContextPhase),
    ("_dummy_run", Sig::ContextPhase),
    ("_dummy_sampler_run", Sig::ContextPhase),
    ("capture_model", Sig::ContextPhase),
    ("determine_num_available_blocks", Sig::ContextPhase),
    ("determine_available_memory", Sig::ContextPhase),
    ("load_weights", Sig::LoadPhase),
    // TGI's and others' weight loaders ("weights.get_multi_weights_col", "weights.get_tensor").
    ("weights.get_", Sig::LoadPhase),
    // vLLM and SGLang announce the weight load and its end; what fails after the end is KV cache, profiling
    // or CUDA-graph capture.
    ("starting to load model", Sig::LoadPhase),
    ("safetensors checkpoint shards", Sig::LoadPhase),
    ("load weight begin", Sig::LoadPhase),
    ("loading model weights took", Sig::ContextPhase),
    ("model loading took", Sig::ContextPhase),
    ("load weight end", Sig::ContextPhase),
    ("% cpu/gpu", Sig::Offloaded),
    // `ollama ps` with the model whole on the CPU: the column padding tells the table from prose ("100% CPU
    // usage").
    ("100% cpu   ", Sig::Offloaded),
    ("illegal instruction", Sig::NotMemory),
    // Windows' crash reports name it as the exception code.
    ("exception_illegal_instruction", Sig::NotMemory),
    // A TensorRT engine (plan) built with another TensorRT version than the one loading it.
    ("deserialization call on a newer plan", Sig::NotMemory),
    ("plan file is not compatible", Sig::NotMemory),
    // huggingface_hub's check of a download's size: the file is incomplete.
    ("consistency check failed", Sig::NotMemory),
    // The same as a supervisor reports it (s6's "exited with code 256 (by signal 4)"): SIGILL, a binary built
    // for CPU instructions (AVX) this CPU lacks.
    ("(by signal 4)", Sig::NotMemory),
    ("sigill", Sig::NotMemory),
    (
        "not enough space in the context's memory pool",
        Sig::NotMemory,
    ),
    ("unsupported model architecture", Sig::NotMemory),
    ("not within the file bounds", Sig::NotMemory),
    ("invalid magic", Sig::NotMemory),
    ("file is corrupt", Sig::NotMemory),
    ("failed to find a memory slot", Sig::NotMemory),
    ("cudamallochost", Sig::PinnedFail),
    ("cudahostalloc", Sig::PinnedFail),
    ("failed to allocate pinned memory", Sig::PinnedFail),
    // TensorFlow's host allocator: "failed to alloc 4294967296 bytes on host: CUDA_ERROR_OUT_OF_MEMORY" and
    // "could not allocate pinned host memory of size: …", each retried smaller; page-locked RAM, not VRAM.
    ("bytes on host: cuda_error_out_of_memory", Sig::PinnedFail),
    ("could not allocate pinned host memory", Sig::PinnedFail),
    ("retrying without", Sig::Recover),
    // accelerate's find_executable_batch_size, lm-evaluation-harness: an OOM caught, the batch halved.
    ("decreasing batch size to", Sig::Recover),
    // A full disk (downloads, caches, checkpoints); /dev/shm full is shared memory, read apart below.
    ("no space left on device", Sig::NotMemory),
    ("reducing batch size", Sig::Recover),
    // PyTorch Lightning's batch-size finder after a caught OOM ("Batch size 256 failed, trying batch size 128").
    ("failed, trying batch size", Sig::Recover),
    // XLA (JAX, TensorFlow) warns that it kept more memory than it aimed for, and carries on.
    ("by rematerialization", Sig::Recover),
    // The same recovery in other words: the batch halved, the batch skipped, a smaller buffer used instead.
    ("halving to", Sig::Recover),
    ("halving the batch", Sig::Recover),
    ("halving batch", Sig::Recover),
    ("skipping batch", Sig::Recover),
    ("skipping this batch", Sig::Recover),
    ("using a smaller", Sig::Recover),
    ("continuing without", Sig::Recover),
    ("will be disabled", Sig::Recover),
    ("fallback to", Sig::Recover),
    // ExLlamaV2's converter: one device full, the work moved on to the next ("Out of memory (H), moving to
    // device 1").
    ("moving to device", Sig::Recover),
    ("starting the main loop", Sig::Progress),
    ("main: model loaded", Sig::Progress),
    ("all slots are idle", Sig::Progress),
    ("uvicorn running on", Sig::Progress),
    // vLLM's server up ("Starting vLLM API server on http://…").
    ("starting vllm api server", Sig::Progress),
    ("avg generation throughput", Sig::Progress),
    // Errors that name a bug, a missing kernel, a driver watchdog or a model the build does not know — not
    // memory (CUDA runtime / cuBLAS status names, ROCm's HIP and HSA messages, llama.cpp's loader checks,
    // transformers' AutoConfig).
    ("device-side assert triggered", Sig::NotMemory),
    ("unspecified launch failure", Sig::NotMemory),
    ("cudaerrorlaunchfailure", Sig::NotMemory),
    ("misaligned address", Sig::NotMemory),
    ("memory access fault by gpu", Sig::NotMemory),
    ("aperture_violation", Sig::NotMemory),
    ("hiperrornobinaryforgpu", Sig::NotMemory),
    (
        "unable to find code object for all current devices",
        Sig::NotMemory,
    ),
    ("launch timed out and was terminated", Sig::NotMemory),
    ("cublas_status_not_supported", Sig::NotMemory),
    ("cublas_status_execution_failed", Sig::NotMemory),
    ("invalid device ordinal", Sig::NotMemory),
    ("has wrong shape", Sig::NotMemory),
    ("wrong number of tensors", Sig::NotMemory),
    ("unknown pre-tokenizer type", Sig::NotMemory),
    ("does not recognize this architecture", Sig::NotMemory),
    (
        "provided ptx was compiled with an unsupported toolchain",
        Sig::NotMemory,
    ),
    ("busy or unavailable", Sig::NotMemory),
    ("not permitted when stream is capturing", Sig::NotMemory),
    ("invalid configuration argument", Sig::NotMemory),
    // A library the runtime needs is missing or broken: an install problem.
    ("cannot open shared object file", Sig::NotMemory),
    ("error while loading shared libraries", Sig::NotMemory),
    ("modulenotfounderror", Sig::NotMemory),
    // ggml-metal's buffer allocation failed (older ggml_metal_add_buffer, newer buffer-type allocator).
    ("metal_buffer_type_alloc_buffer: error", Sig::MetalOom),
    ("ggml_metal_add_buffer: error", Sig::MetalOom),
    // cuBLAS could not allocate its workspace: GPU memory.
    ("cublas_status_alloc_failed", Sig::CudaOom),
    // Servers that came up: vLLM / SGLang's uvicorn startup, SGLang's ready line.
    ("application startup complete", Sig::Progress),
    ("fired up and ready to roll", Sig::Progress),
    // koboldcpp, text-generation-webui, TGI's shards, TabbyAPI / LM Studio, mlx-lm's generation summary.
    ("load text model ok", Sig::Progress),
    ("please connect to custom endpoint", Sig::Progress),
    ("loaded the model in", Sig::Progress),
    ("shard ready in", Sig::Progress),
    ("successfully loaded", Sig::Progress),
    ("loaded successfully", Sig::Progress),
    ("tokens-per-sec", Sig::Progress),
    // macOS: a watchdog panic is a machine that stopped responding; the memory compressor and
    // memoryPressure are the kernel paging under memory pressure.
    ("watchdog timeout", Sig::Timeout),
    ("memorypressure", Sig::PagingHint),
    ("compressor", Sig::PagingHint),
    ("using device ", Sig::DeviceCue),
    ("compute capability", Sig::DeviceCue),
    ("inference compute", Sig::DeviceCue),
    ("existing loaded models", Sig::DeviceCue),
    ("llama_memory_breakdown_print", Sig::DeviceCue),
    ("total capacity", Sig::DeviceCue),
    // PyTorch 2.1 printed "total capacty".
    ("total capacty", Sig::DeviceCue),
    ("recommendedmaxworkingsetsize", Sig::DeviceCue),
    ("gpu name:", Sig::DeviceCue),
    ("found device:", Sig::DeviceCue),
    ("ggml_vulkan: 0 =", Sig::DeviceCue),
    ("ggml_vulkan: 1 =", Sig::DeviceCue),
    ("buffer size =", Sig::BufferCue),
    ("vram used:", Sig::BufferCue),
    ("msg=\"model weights\"", Sig::BufferCue),
    ("msg=\"kv cache\"", Sig::BufferCue),
    ("msg=\"compute graph\"", Sig::BufferCue),
    ("n_ctx ", Sig::CtxCue),
    ("n_ctx=", Sig::CtxCue),
    ("n_batch ", Sig::CtxCue),
    ("max_model_len=", Sig::CtxCue),
    ("exit code", Sig::ExitCue),
    ("exit status", Sig::ExitCue),
    ("exited with", Sig::ExitCue),
    ("segmentation fault", Sig::ExitCue),
    ("sigsegv", Sig::ExitCue),
    ("core dumped", Sig::ExitCue),
    ("0xc0000005", Sig::ExitCue),
    // Windows' name for the same bad pointer (Python's ctypes: "OSError: exception: access violation").
    ("access violation", Sig::ExitCue),
    // Apple's name for it (Xcode, macOS/iOS crash reports): EXC_BAD_ACCESS (SIGSEGV/SIGBUS).
    ("exc_bad_access", Sig::ExitCue),
    // .NET's (System.AccessViolationException: "Attempted to read or write protected memory").
    ("accessviolationexception", Sig::ExitCue),
    ("pid=", Sig::PidCue),
    ("pid: ", Sig::PidCue),
    ("mlx_lm", Sig::RtMlx),
    ("mlx-lm", Sig::RtMlx),
    ("mlx.core", Sig::RtMlx),
    ("[metal::malloc]", Sig::RtMlx),
    ("mlx::", Sig::RtMlx),
    ("ggml_vulkan", Sig::RtVulkan),
    ("vulkan0", Sig::RtVulkan),
    ("ggml_sycl", Sig::RtSycl),
    ("sycl0", Sig::RtSycl),
    ("level_zero", Sig::RtSycl),
    ("exllamav2", Sig::RtExllama),
    ("exllamav3", Sig::RtExllama),
    ("tabbyapi", Sig::RtExllama),
    ("exui", Sig::RtExllama),
    ("text_generation_launcher", Sig::RtTgi),
    ("text_generation_server", Sig::RtTgi),
    ("text_generation_router", Sig::RtTgi),
    ("text-generation-inference", Sig::RtTgi),
    ("cortex.llamacpp", Sig::RtJan),
    ("cortex-cpp", Sig::RtJan),
    ("jan.ai", Sig::RtJan),
    ("\\jan\\", Sig::RtJan),
    ("/jan/", Sig::RtJan),
    ("llamafile", Sig::RtLlamafile),
    ("ramalama", Sig::RtRamalama),
    // LocalAI runs each model in a gRPC backend process and lists every backend it may try (vLLM, exllama…)
    // by name: the wrapper, not those engines, is what ran.
    ("localai", Sig::RtLocalai),
    ("local-ai", Sig::RtLocalai),
    ("with all the available backends", Sig::RtLocalai),
    ("tensorflow", Sig::RtTensorflow),
    ("bfc_allocator", Sig::RtTensorflow),
    ("0xc0000409", Sig::RunnerCrash),
    // The same abort status printed as numbers (LM Studio's "Exit code: 18446744072635812000", signed and
    // unsigned 32-bit forms).
    ("18446744072635812000", Sig::RunnerCrash),
    ("-1073740791", Sig::RunnerCrash),
    ("3221226505", Sig::RunnerCrash),
    ("llama_", Sig::RtLlamaCpp),
    ("ggml_", Sig::RtLlamaCpp),
    ("llama-server", Sig::RtLlamaCpp),
    ("llama-cli", Sig::RtLlamaCpp),
    // Its backends' source files, named in their error lines ("CUDA error 2 at ggml-cuda.cu:1241").
    ("ggml-cuda", Sig::RtLlamaCpp),
    ("ggml-metal", Sig::RtLlamaCpp),
    ("ggml-vulkan", Sig::RtLlamaCpp),
    ("ggml-sycl", Sig::RtLlamaCpp),
    ("ollama", Sig::RtOllama),
    ("source=server.go", Sig::RtOllama),
    ("source=sched.go", Sig::RtOllama),
    ("torch", Sig::RtPytorch),
    ("transformers", Sig::RtTransformers),
    ("accelerate", Sig::RtTransformers),
    ("vllm", Sig::RtVllm),
    // vLLM's V1 engine process, and its memory knob (SGLang's is mem-fraction-static).
    ("enginecore", Sig::RtVllm),
    ("gpu memory utilization", Sig::RtVllm),
    ("gpu_memory_utilization", Sig::RtVllm),
    ("sglang", Sig::RtSglang),
    ("mem-fraction-static", Sig::RtSglang),
    ("koboldcpp", Sig::RtKobold),
    ("oobabooga", Sig::RtTextgen),
    ("text-generation-webui", Sig::RtTextgen),
    ("textgen", Sig::RtTextgen),
    ("comfyui", Sig::RtComfy),
    ("got prompt", Sig::RtComfy),
    ("requested to load", Sig::RtComfy),
    ("loaded partially", Sig::RtComfy),
    ("lm studio", Sig::RtLmStudio),
    ("lmstudio", Sig::RtLmStudio),
    // Its command-line tool and its MLX engine's name in the runtime log.
    ("lms log stream", Sig::RtLmStudio),
    ("~ > lms ", Sig::RtLmStudio),
    ("$ lms ", Sig::RtLmStudio),
    ("mlx-llm-", Sig::RtLmStudio),
    (":\\", Sig::OsWindows),
    ("windows", Sig::OsWindows),
    ("winerror", Sig::OsWindows),
    (".exe", Sig::OsWindows),
    ("\\users\\", Sig::OsWindows),
    ("microsoft-standard", Sig::OsWsl),
    ("wsl2", Sig::OsWsl),
    ("wsl ", Sig::OsWsl),
    ("macos", Sig::OsMac),
    ("darwin", Sig::OsMac),
    ("apple m", Sig::OsMac),
    ("/users/", Sig::OsMac),
    ("linux", Sig::OsLinux),
    ("ubuntu", Sig::OsLinux),
    ("/home/", Sig::OsLinux),
    ("systemd", Sig::OsLinux),
    ("debian", Sig::OsLinux),
    // The GPU was never used: no driver, no GPU build, no device found. Whatever follows (a slow CPU run, a
    // CPU-side failure) is not a shortage of VRAM (Ollama's discovery, llama.cpp's arg parser and
    // ggml_cuda_init, PyTorch's lazy CUDA init, nvidia-smi, llamafile's AMD toolchain probe).
    ("no compatible gpus were discovered", Sig::NotMemory),
    ("not compiled with gpu offload support", Sig::NotMemory),
    ("failed to initialize cuda", Sig::NotMemory),
    ("cuda driver is a stub library", Sig::NotMemory),
    ("torch not compiled with cuda enabled", Sig::NotMemory),
    ("found no nvidia driver", Sig::NotMemory),
    (
        "couldn't communicate with the nvidia driver",
        Sig::NotMemory,
    ),
    ("unable to load cuda driver library", Sig::NotMemory),
    ("for amd gpu detection", Sig::NotMemory),
    // Ollama's GPU discovery turning a card down, and llama.cpp finding none: everything runs on the CPU.
    ("no usable gpu found", Sig::NotMemory),
    ("unable to locate gpu dependency libraries", Sig::NotMemory),
    ("amdgpu is not supported", Sig::NotMemory),
    ("amdgpu too old", Sig::NotMemory),
    ("no compatible amdgpu devices", Sig::NotMemory),
    // TensorFlow without the CUDA libraries it was built against runs on the CPU.
    ("could not load dynamic library 'libcud", Sig::NotMemory),
    // The card dropped off the PCIe bus (NVRM Xid 79): hardware, power or driver, not memory.
    ("fallen off the bus", Sig::NotMemory),
    // Weights kept in host RAM because the GPU had no room: a runtime's own "fallback" wording, and the
    // NVIDIA driver's system-memory fallback on Windows (VRAM overflow into shared GPU memory).
    ("host ram fallback", Sig::Offloaded),
    ("fallback to host memory", Sig::Offloaded),
    ("sysmem fallback", Sig::Offloaded),
    ("shared gpu memory", Sig::Offloaded),
    // More errors that are not memory, in the runtimes' own words: a tensor on the wrong device, a checkpoint
    // that does not match the model, numerical blow-ups, a GPU too old or too new for the build, a lost device
    // (Vulkan / SYCL: driver reset or hardware), a missing DLL, a container without GPU access, a CLI typo,
    // a model the installed version does not know, a port already taken, and Python's non-memory exceptions.
    (
        "expected all tensors to be on the same device",
        Sig::NotMemory,
    ),
    ("size mismatch for", Sig::NotMemory),
    ("error(s) in loading state_dict", Sig::NotMemory),
    ("probability tensor contains", Sig::NotMemory),
    ("only supports ampere", Sig::NotMemory),
    (
        "only supported on gpus with compute capability",
        Sig::NotMemory,
    ),
    (
        "is not compatible with the current pytorch installation",
        Sig::NotMemory,
    ),
    ("no longer supports this gpu", Sig::NotMemory),
    ("kernel image is invalid", Sig::NotMemory),
    ("nokernelimagefordevice", Sig::NotMemory),
    ("cuda error: invalid argument", Sig::NotMemory),
    ("driver initialization failed", Sig::NotMemory),
    ("hsa_status_error_invalid_isa", Sig::NotMemory),
    ("tensilelibrary", Sig::NotMemory),
    ("errordevicelost", Sig::NotMemory),
    ("error_device_lost", Sig::NotMemory),
    ("errorincompatibledriver", Sig::NotMemory),
    ("errorextensionnotpresent", Sig::NotMemory),
    ("errorinitializationfailed", Sig::NotMemory),
    ("unable to load kernel", Sig::NotMemory),
    ("unable to build metal library", Sig::NotMemory),
    // The logical context or batch is full (llama-server), not the memory behind it.
    ("exceeds the available context size", Sig::NotMemory),
    // The OpenAI-compatible servers' refusal (vLLM, SGLang, llama-server): a request longer than the context.
    ("model's maximum context length is", Sig::NotMemory),
    // llama-cpp-python's refusal of a prompt longer than n_ctx.
    ("exceed context window of", Sig::NotMemory),
    ("context shift is disabled", Sig::NotMemory),
    // LM Studio's refusal when a chat outgrows the context it was loaded with: a setting, not memory.
    ("reached context length of", Sig::NotMemory),
    ("context size exceeded", Sig::NotMemory),
    // llama_decode's 1 is "no KV slot for the batch": the logical context is full (its memory failures are
    // negative: -3 for the compute graph).
    ("failed to decode, ret = 1", Sig::NotMemory),
    ("could not find a kv slot", Sig::NotMemory),
    // LM Studio's refusal when the prompt kept on overflow outgrows the context the model was loaded with.
    ("loaded with context length of only", Sig::NotMemory),
    // EMFILE: the process ran out of file descriptors, not memory.
    ("too many open files", Sig::NotMemory),
    // A model converted with another version of its toolkit (rkllm: "please use the latest toolkit to
    // reconvert the model").
    ("reconvert the model", Sig::NotMemory),
    // LM Studio's engine card when its runtime found no usable GPU: detection, not memory.
    ("gpu survey unsuccessful", Sig::NotMemory),
    // A proxy in front of the server gave up waiting (Cloudflare's 524 after 100 s, a gateway's 504): the
    // request took longer than the proxy allows; the server behind it did not fail for memory.
    ("status code 524", Sig::NotMemory),
    ("504 gateway time", Sig::NotMemory),
    // A client's own request timeout (axios and the tools built on it: "timeout of 300000ms exceeded").
    ("ms exceeded", Sig::NotMemory),
    // An app's own token count refusing the prompt (Dify's "Query or prefix prompt is too long"): a limit of
    // tokens, checked before anything is allocated.
    ("prompt is too long", Sig::NotMemory),
    // onnxruntime's CUDA provider could not load its libraries ("CUDA_PATH is set but CUDA wasnt able to be
    // loaded. Please install the correct version of CUDA and cuDNN").
    ("cuda wasnt able to be loaded", Sig::NotMemory),
    ("cuda wasn't able to be loaded", Sig::NotMemory),
    ("increase the physical batch size", Sig::NotMemory),
    // Ollama cut a prompt longer than num_ctx and went on.
    ("truncating input prompt", Sig::Recover),
    ("0xc0000135", Sig::NotMemory),
    ("could not select device driver", Sig::NotMemory),
    ("error: invalid argument", Sig::NotMemory),
    ("error: unknown argument", Sig::NotMemory),
    ("not supported by your version", Sig::NotMemory),
    ("newer version of ollama", Sig::NotMemory),
    ("pull model manifest", Sig::NotMemory),
    ("address already in use", Sig::NotMemory),
    (PYTHON_EXCEPTIONS[0], Sig::NotMemory),
    (PYTHON_EXCEPTIONS[1], Sig::NotMemory),
    (PYTHON_EXCEPTIONS[2], Sig::NotMemory),
    (PYTHON_EXCEPTIONS[3], Sig::NotMemory),
    (PYTHON_EXCEPTIONS[4], Sig::NotMemory),
    // More CUDA runtime / driver statuses that are not a lack of memory, hardware faults (ECC, Xid, AMD ring
    // timeouts), libraries that do not match (undefined symbol, missing glibc), a model file or download
    // that is broken, and an x86 build on Apple Silicon.
    ("invalid resource handle", Sig::NotMemory),
    ("cuda error: unknown error", Sig::NotMemory),
    ("system not yet initialized", Sig::NotMemory),
    ("peer access is not supported", Sig::NotMemory),
    ("uncorrectable ecc error", Sig::NotMemory),
    ("nvrm: xid", Sig::NotMemory),
    ("ring gfx timeout", Sig::NotMemory),
    // amdgpu's GPU page fault (a kernel touched an unmapped address): a driver or runtime bug, not exhaustion.
    // amdgpu's command submission refused for lack of memory (-ENOMEM): the buffers do not fit VRAM/GTT.
    ("failed to process the buffer list -12", Sig::CudaOom),
    ("protection_fault_status", Sig::NotMemory),
    ("[gfxhub] page fault", Sig::NotMemory),
    ("[mmhub] page fault", Sig::NotMemory),
    ("undefined symbol", Sig::NotMemory),
    // The same as a runtime loader words it ("cudaGetErrorString symbol not found"), and a library the
    // program was built against that is not the one installed (TensorFlow's "Loaded runtime CuDNN library:
    // 7.5.0 but source was compiled with: 7.6.0"), or not installed at all (Windows' LoadLibrary error 126,
    // "Could not load library cudnn_ops_infer64_8.dll").
    ("symbol not found", Sig::NotMemory),
    ("but source was compiled with", Sig::NotMemory),
    ("error code 126", Sig::NotMemory),
    ("winerror 126", Sig::NotMemory),
    ("could not load library", Sig::NotMemory),
    // CTranslate2 (faster-whisper) names the cuDNN/cuBLAS DLL it did not find for the installed CUDA.
    ("could not locate cudnn", Sig::NotMemory),
    ("could not locate cublas", Sig::NotMemory),
    // A CUDA toolkit other than the one PyTorch was built with (DeepSpeed's op builder, torch's extension
    // builder), and bitsandbytes finding no usable CUDA library: the install, not memory.
    ("cudamismatchexception", Sig::NotMemory),
    (
        "does not match the version torch was compiled with",
        Sig::NotMemory,
    ),
    (
        "mismatches the version that was used to compile pytorch",
        Sig::NotMemory,
    ),
    (
        "cuda setup failed despite gpu being available",
        Sig::NotMemory,
    ),
    // ptxas refusing an instruction this card's architecture lacks ("Feature '.bf16' requires .target sm_80").
    ("requires .target sm_", Sig::NotMemory),
    ("not found (required by", Sig::NotMemory),
    ("error loading model vocabulary", Sig::NotMemory),
    ("failed to read magic", Sig::NotMemory),
    ("invalid ggml type", Sig::NotMemory),
    ("key not found in model", Sig::NotMemory),
    ("digest mismatch", Sig::NotMemory),
    ("max retries exceeded", Sig::NotMemory),
    // A download or hub request that never reached the server.
    ("couldn't connect to 'http", Sig::NotMemory),
    ("failed to establish a new connection", Sig::NotMemory),
    ("illegal hardware instruction", Sig::NotMemory),
    // DirectX on Windows (DirectML, ONNX Runtime's DML provider): the device removed or hung by the driver's
    // watchdog is not memory; E_OUTOFMEMORY is.
    ("887a0005", Sig::NotMemory),
    ("887a0006", Sig::NotMemory),
    ("dxgi_error_device_removed", Sig::NotMemory),
    ("dxgi_error_device_hung", Sig::NotMemory),
    ("e_outofmemory", Sig::CudaOom),
    // Intel XPU (IPEX / PyTorch XPU), ONNX Runtime's arena, ROCm's HSA runtime out of resources.
    ("xpu out of memory", Sig::CudaOom),
    (
        "failed to allocate memory for requested buffer",
        Sig::CudaOom,
    ),
    ("hsa_status_error_out_of_resources", Sig::HipOom),
    // A Vulkan device without a feature the backend needs.
    ("does not support 16-bit storage", Sig::NotMemory),
    // Triton's kernel asking for more on-chip shared memory per block than the GPU has (KBs, not VRAM).
    ("out of resource: shared memory", Sig::NotMemory),
    // More not-memory failures around a load: a tensor the file lacks, a model not pulled, a gated or
    // missing hub repository, a corrupt safetensors or PyTorch checkpoint, no ROCm / Vulkan device, a
    // container without the NVIDIA runtime.
    ("missing tensor", Sig::NotMemory),
    ("try pulling it first", Sig::NotMemory),
    ("gated repo", Sig::NotMemory),
    ("repositorynotfounderror", Sig::NotMemory),
    ("error while deserializing header", Sig::NotMemory),
    ("failed finding central directory", Sig::NotMemory),
    ("hiperrornodevice", Sig::NotMemory),
    ("ggml_vulkan: no devices found", Sig::NotMemory),
    // Its errors ("nvidia-container-cli: initialization error: …"), not the binary named in a file listing.
    ("nvidia-container-cli:", Sig::NotMemory),
    // transformers / accelerate refusing a load because the GPU cannot hold the (quantized) model.
    ("make sure you have enough gpu ram", Sig::CudaOom),
    ("dispatched on the cpu or the disk", Sig::LoadPhase),
    // llamafile's GPU module missing; the ranks of a multi-GPU run losing each other (gloo / NCCL transport).
    (
        "was explicitly requested, but it wasn't available",
        Sig::NotMemory,
    ),
    ("gloo/transport", Sig::NotMemory),
    ("ncclremoteerror", Sig::NotMemory),
    ("ncclsystemerror", Sig::NotMemory),
    ("notimplementederror", Sig::NotMemory),
    // ggml-cuda's CUDA_CHECK names the function the error came from ("in function X at ggml-cuda.cu:N"):
    // graph compute, matmul and attention kernels run after the weights and the KV cache are placed.
    ("ggml_backend_cuda_graph_compute", Sig::ContextPhase),
    ("ggml_cuda_compute_forward", Sig::ContextPhase),
    ("ggml_cuda_mul_mat", Sig::ContextPhase),
    ("ggml_cuda_op_", Sig::ContextPhase),
    ("ggml_cuda_flash_attn", Sig::ContextPhase),
    // CUDA-graph capture and evaluation, and speculative drafting, run the model on tokens.
    ("ggml_cuda_graph_evaluate", Sig::ContextPhase),
    ("common_speculative", Sig::ContextPhase),
    // SYCL names the op that failed (graph compute): "ggml_sycl_op_mul_mat", "Error OP MUL_MAT".
    ("ggml_sycl_op_", Sig::ContextPhase),
    ("error op ", Sig::ContextPhase),
    // …and llama.cpp's loader reading tensor data into the buffers is the load.
    ("load_all_data", Sig::LoadPhase),
    // More ways the OS ends a process for memory: containers (Docker / Kubernetes OOMKilled, cgroup OOM),
    // older kernels' wording, the OOM reaper, systemd-oomd, macOS jetsam, a process ended by signal 9, and
    // Windows' ERROR_NO_SYSTEM_RESOURCES (1450).
    ("oomkilled", Sig::HostKilled),
    ("memory cgroup out of memory", Sig::HostKilled),
    ("out of memory: kill process", Sig::HostKilled),
    ("oom_reaper", Sig::HostKilled),
    ("systemd-oomd", Sig::HostKilled),
    ("jetsam", Sig::HostKilled),
    // The JetsamEvent report itself (its JSON names the largest process when memory ran short).
    ("\"largestprocess\"", Sig::HostKilled),
    ("exit code -9", Sig::HostKilled),
    // The same in other wrappers' words: torch.distributed's elastic agent ("failed (exitcode: -9) local_rank:
    // 0"), a launcher's "exitcode -9", a job queue's "waitpid returned 9 (signal 9)".
    ("exitcode: -9", Sig::HostKilled),
    ("exitcode -9", Sig::HostKilled),
    ("(signal 9)", Sig::HostKilled),
    ("killed by signal 9", Sig::HostKilled),
    // nvcc's front end ended by SIGKILL ("'cicc' died due to signal 9 (Kill signal)"): the OOM killer during a
    // parallel CUDA build.
    ("died due to signal 9", Sig::HostKilled),
    ("insufficient system resources exist", Sig::WinPagefile),
    // Windows' resource-exhaustion detector in the event log ("Windows successfully diagnosed a low virtual
    // memory condition"; in Chinese "虚拟内存不足"): commit ran out, as with a small paging file.
    ("low virtual memory condition", Sig::WinPagefile),
    ("虚拟内存不足", Sig::WinPagefile),
    // LM Studio's load guardrail: its estimate of the model and context exceeds the RAM (and VRAM) it sees,
    // so it refuses before allocating.
    ("model loading guardrails", Sig::HostAlloc),
    // Windows' Resource-Exhaustion-Detector event: the commit limit (RAM + page file) was reached.
    ("low virtual memory condition", Sig::WinPagefile),
    ("due to insufficient system resources", Sig::HostAlloc),
    // MLX's allocator on unified memory.
    ("[malloc_or_wait] unable to allocate", Sig::MetalOom),
    ("[metal::malloc] unable to allocate", Sig::MetalOom),
    // llama-server's slot loop: requests served by a model already loaded. (Ollama's access log is not
    // progress: Ollama loads another model for the next request.)
    ("update_slots", Sig::Progress),
    // Work finished after the line in question: koboldcpp, SGLang. (ComfyUI's "Prompt executed in" and
    // text-generation-webui's "Output generated in" are printed after a failed request too: not progress.)
    ("ctxlimit:", Sig::Progress),
    ("decode batch", Sig::Progress),
    // A decode or a prediction that failed runs the model on tokens: the weights were placed already
    // (llama.cpp's llama_decode, LM Studio's "Failed to predict", a chat completion being served).
    ("llama_decode", Sig::ContextPhase),
    ("failed to predict", Sig::ContextPhase),
    ("running chat completion", Sig::ContextPhase),
    // ExLlamaV2's cache (ExLlamaV2Cache, _Q4, _Q8, _8bit) is the KV cache, allocated after the weights for
    // max_seq_len tokens: its failure is the context's even inside a load call.
    ("exllamav2cache", Sig::ContextPhase),
    // faster-whisper / CTranslate2 transcribing: the model is loaded, the audio's batches are computed.
    (", in transcribe", Sig::ContextPhase),
    (".transcribe(", Sig::ContextPhase),
    (", in generate_segments", Sig::ContextPhase),
    // An app that could not load its inference engine (Jan's cortex engines, LM Studio's runtimes).
    ("could not load engine", Sig::NotMemory),
    ("failed to load engine", Sig::NotMemory),
    // Metal command buffers stopped by the GPU watchdog (too long for an interactive GPU) or a hang, an
    // Objective-C call the GPU (a VM's paravirtual device) does not implement, and Metal's cap on the number
    // of live buffers (MLX: "[metal::malloc] Resource limit (499000) exceeded") — none is a lack of bytes.
    ("impacting interactivity", Sig::NotMemory),
    ("gpu timeout error", Sig::NotMemory),
    ("gpu hang error", Sig::NotMemory),
    ("unrecognized selector", Sig::NotMemory),
    ("resource limit (", Sig::NotMemory),
    // A process ended by SIGKILL reported as a code, in any wording ("error code 137", "return code 137").
    ("code 137", Sig::HostKilled),
    // …or as the negative signal number launchers print: DeepSpeed's "exits with return code = -9",
    // torchrun's "exitcode  : -9", subprocess's "exit status -9".
    ("return code = -9", Sig::HostKilled),
    ("return code -9", Sig::HostKilled),
    ("exitcode  : -9", Sig::HostKilled),
    ("exitcode: -9", Sig::HostKilled),
    ("exit status -9", Sig::HostKilled),
    // Google Colab ends the session when the VM's RAM is used up.
    ("after using all available ram", Sig::HostKilled),
    // The same notice in Colab's Korean interface.
    ("사용 가능한 ram을 모두 사용한 후", Sig::HostKilled),
    // Kubernetes evicts a pod when the node's memory runs low; YARN kills a container over its memory limit.
    ("low on resource: memory", Sig::HostKilled),
    ("for exceeding memory limits", Sig::HostKilled),
    // PBS and HTCondor end (or hold) a job over the memory it asked for.
    ("exceeded mem usage hard limit", Sig::HostKilled),
    ("has gone over memory limit", Sig::HostKilled),
    // PyTorch's DataLoader workers share tensors through /dev/shm, NCCL its transport: a container's /dev/shm
    // (64 MB by default in Docker) too small is a setting (--shm-size, --ipc=host), not RAM running out.
    ("insufficient shared memory", Sig::NotMemory),
    (
        "please try to raise your shared memory limit",
        Sig::NotMemory,
    ),
    ("error while creating shared memory segment", Sig::NotMemory),
    // std::bad_alloc as MSVC's runtime words it ("RuntimeError: bad allocation"): system RAM refused.
    ("bad allocation", Sig::HostAlloc),
    // Creating the GPU context fails when the card is already full: CUDA driver API and its wrappers.
    ("cuctxcreate", Sig::CtxCreate),
    ("primaryctxretain", Sig::CtxCreate),
    // Metal's running total of GPU buffers: "allocated buffer, size = X MiB, (Y / Z)".
    ("allocated buffer, size", Sig::BufferCue),
    // mlx-lm: "Generating with a model that requires 39000 MB which is close to the maximum recommended size
    // of 21845 MB" (Metal's working set).
    ("close to the maximum recommended size", Sig::BufferCue),
    ("ggml_metal_add_buffer: allocated", Sig::BufferCue),
    ("maximum allowed buffer size", Sig::BufferLimit),
    // An optional allocation refused and the feature skipped, in the runtime's words (cuDNN's redzone check).
    ("this is benign", Sig::Recover),
    // llama.cpp keeps a tensor whose op the GPU's host buffer cannot serve (the token embedding table's
    // get_rows) on the CPU: a note at load, by design, not a fallback from a failure.
    (NOTES[0].0, Sig::BenignNote),
    (NOTES[1].0, Sig::BenignNote),
    (NOTES[2].0, Sig::BenignNote),
    (NOTES[3].0, Sig::BenignNote),
    (NOTES[4].0, Sig::BenignNote),
    (NOTES[5].0, Sig::BenignNote),
    (NOTES[6].0, Sig::BenignNote),
    (NOTES[7].0, Sig::BenignNote),
    (NOTES[8].0, Sig::BenignNote),
    (NOTES[9].0, Sig::BenignNote),
    (NOTES[10].0, Sig::BenignNote),
    ("skipping this check", Sig::Recover),
    ("traceback (most recent call last)", Sig::Traceback),
    ("exception ignored in", Sig::IgnoredException),
    // Kept only on a line that names the error (`names_an_error`).
    ("error:", Sig::NamedError),
    ("exception:", Sig::NamedError),
    (NAMES_ITSELF[0], Sig::NamedError),
    (NAMES_ITSELF[1], Sig::NamedError),
    (NAMES_ITSELF[2], Sig::NamedError),
    (NAMES_ITSELF[3], Sig::NamedError),
    // Allocators that say whose memory ran out. PaddlePaddle's CPU allocator (posix_memalign refused):
    // "ResourceExhaustedError: Fail to alloc memory of 5060694016 size"; its GPU one says "on GPU".
    ("fail to alloc memory of", Sig::HostAlloc),
    // LLVM's own allocator, in a compiler or JIT running on the CPU (numba, Triton's compile step).
    ("llvm error: out of memory", Sig::HostAlloc),
    // The TH allocator of Lua Torch and early PyTorch: "$ Torch: not enough memory: you tried to allocate
    // 417GB. Buy new RAM!".
    ("buy new ram", Sig::HostAlloc),
    // Dask's nanny ends a worker that passed its share of the machine's RAM: "Worker exceeded 95% memory
    // budget. Restarting".
    ("% memory budget. restarting", Sig::HostKilled),
    // SLURM ends a job past the memory it was given: "slurmstepd: error: Job 7518 exceeded memory limit
    // (626359956 > 512000000), being killed", "Exceeded job memory limit".
    ("exceeded memory limit", Sig::HostKilled),
    ("exceeded job memory limit", Sig::HostKilled),
    // RAPIDS' memory manager on the device ("RMM failure at: …/rmm/mr/device/pool_memory_resource.hpp:
    // Maximum pool size exceeded"), whatever std::bad_alloc carries it: the GPU's memory.
    ("rmm/mr/device/", Sig::CudaOom),
    // A kernel's on-chip shared memory (per multiprocessor, tens of KiB) too small for this sequence or
    // tile: a limit of the kernel on this GPU, not the card's memory ("Sequence Length is too long for the
    // MMHA kernel (not enough shared memory)").
    ("not enough shared memory", Sig::NotMemory),
    // Jetson's NvMap, the GPU's share of unified memory, refusing an allocation: "NvMapMemAllocInternalTagged:
    // 1075072515 error 12" (ENOMEM; checked on the line).
    ("nvmapmemallocinternaltagged", Sig::CudaOom),
    ("failed building wheel for", Sig::BuildFailed),
    ("could not build wheels for", Sig::BuildFailed),
    ("error compiling objects for extension", Sig::BuildFailed),
    ("ninja: build stopped", Sig::BuildFailed),
    // ComfyUI's error report names the node that failed (`Node Type: CheckpointLoaderSimple`).
    ("node type:", Sig::RtComfy),
    ("llama runner process has terminated", Sig::RunnerCrash),
    // Ollama's newer wording for the same crash.
    ("model runner has unexpectedly stopped", Sig::RunnerCrash),
    ("llama runner process no longer running", Sig::RunnerCrash),
];

/// A full DFA, used as its concrete type: the `AhoCorasick` wrapper dispatches through a trait object on
/// every byte, which costs several times the DFA's one table lookup per byte.
fn build(patterns: impl Iterator<Item = &'static str>) -> Option<DFA> {
    aho_corasick::dfa::Builder::new()
        .ascii_case_insensitive(true)
        .match_kind(MatchKind::Standard)
        // Hundreds of patterns leave a prefilter nothing rare to skip to; calling it at every return to the
        // start state costs more than the DFA's lookups.
        .prefilter(false)
        .build(patterns)
        .ok()
}

/// Failure/phase phrases (checked on every line) split by whether they hold a digit, the digit phrases'
/// shapes (see `ShapeCache`), and runtime/OS markers (context only, so sampled).
struct Matchers {
    main: DFA,
    main_sigs: Vec<(&'static str, Sig)>,
    digits: DFA,
    digits_sigs: Vec<(&'static str, Sig)>,
    /// The digit phrases with each digit as a 0 byte, searched in a line's shape.
    skeletons: DFA,
    context: DFA,
    context_sigs: Vec<(&'static str, Sig)>,
}

fn matchers() -> Option<&'static Matchers> {
    static M: OnceLock<Option<Matchers>> = OnceLock::new();
    M.get_or_init(|| {
        let (context_sigs, phrases): (Vec<_>, Vec<_>) =
            PATTERNS.iter().copied().partition(|(_, s)| s.is_context());
        let (digits_sigs, main_sigs): (Vec<_>, Vec<_>) = phrases
            .into_iter()
            .partition(|(p, _)| p.bytes().any(|b| b.is_ascii_digit()));
        let skeletons = aho_corasick::dfa::Builder::new()
            .ascii_case_insensitive(true)
            .prefilter(false)
            .build(digits_sigs.iter().map(|(p, _)| shape_of(p.as_bytes())))
            .ok()?;
        Some(Matchers {
            main: build(main_sigs.iter().map(|(p, _)| *p))?,
            digits: build(digits_sigs.iter().map(|(p, _)| *p))?,
            context: build(context_sigs.iter().map(|(p, _)| *p))?,
            skeletons,
            main_sigs,
            digits_sigs,
            context_sigs,
        })
    })
    .as_ref()
}

/// A line's shape: every ASCII digit becomes a 0 byte (no other byte of a text line is 0 after cleaning).
fn shape_of(bytes: &[u8]) -> Vec<u8> {
    bytes
        .iter()
        .map(|&b| if b.is_ascii_digit() { 0 } else { b })
        .collect()
}

/// The hash of a line's shape, eight bytes at a time: the digits of each word are masked without a branch
/// (a byte is a digit when it is ASCII and at least '0' and not above '9').
fn shape_hash(bytes: &[u8]) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    fn masked(w: u64) -> u64 {
        let low = w & LOW7;
        let at_least_0 = low + 0x5050_5050_5050_5050;
        let above_9 = low + 0x4646_4646_4646_4646;
        let digit = at_least_0 & !above_9 & !w & HIGH;
        w & !((digit >> 7) * 0xff)
    }
    fn mix(h: u64, w: u64) -> u64 {
        let x = u128::from(h ^ w ^ 0x2d35_8dcc_aa6c_78a5) * 0x9e37_79b9_7f4a_7c15;
        (x as u64) ^ ((x >> 64) as u64)
    }
    let mut h = bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let mut w = [0u8; 8];
        w.copy_from_slice(word);
        h = mix(h, masked(u64::from_le_bytes(w)));
    }
    let tail = words.remainder();
    if !tail.is_empty() {
        let mut w = [0u8; 8];
        w[..tail.len()].copy_from_slice(tail);
        h = mix(h, masked(u64::from_le_bytes(w)));
    }
    h
}

/// Lines of a big log repeat a few templates with other numbers (timestamps, token counts, sizes). A phrase
/// without a digit is found in a line exactly when it is found in the line's shape (a digit and a 0 byte
/// both differ from every byte of the phrase, and neither starts a word), so what those phrases found is
/// remembered per shape and a repeated template costs one hash instead of a search through the large
/// automaton. The phrases with a digit are searched again, but only in shapes that hold one's skeleton.
const SHAPES: usize = 16384;
const SHAPE_SIGS: usize = 6;
/// An empty way (no shape's hash is trusted to differ from 0).
const NOT_STORED: u8 = u8::MAX;

#[derive(Clone, Copy)]
struct Shape {
    /// The shape's hash (the line's length is part of it).
    key: u64,
    digits: bool,
    count: u8,
    sigs: [Sig; SHAPE_SIGS],
}

const NO_SHAPE: Shape = Shape {
    key: 0,
    digits: false,
    count: NOT_STORED,
    sigs: [Sig::Numbers; SHAPE_SIGS],
};

/// The remembered shapes of one reader (direct-mapped by hash), empty until the first is stored, and a
/// buffer for the shape of a line not seen yet. A short text is searched line by line: `Shapes::default()`
/// remembers nothing.
#[derive(Default)]
pub struct Shapes {
    remember: bool,
    slots: Vec<Shape>,
    shape: Vec<u8>,
}

impl Shapes {
    pub fn remembers(&self) -> bool {
        self.remember
    }

    /// Remembers the shapes it sees (for a big log: one per worker, kept across its blocks).
    pub fn remembering() -> Self {
        Self {
            remember: true,
            ..Self::default()
        }
    }
}

/// What one reader of lines keeps between lines: the signals of the last line and the shapes seen.
#[derive(Default)]
pub struct LineWork {
    pub sigs: Vec<Sig>,
    pub shapes: Shapes,
}

/// The failure/phase signals of `line` (what `collect` finds with both phrase sets), through the cache.
fn collect_phrases(m: &Matchers, line: &str, out: &mut Vec<Sig>, shapes: &mut Shapes) {
    let bytes = line.as_bytes();
    if !shapes.remember {
        collect(&m.main, &m.main_sigs, line, out, true);
        collect(&m.digits, &m.digits_sigs, line, out, false);
        return;
    }
    let key = shape_hash(bytes);
    // Two ways per set (one cache line), the newer first: shapes that share a set take turns only when
    // three of them are in use at once.
    let set = (key as usize) % (SHAPES / 2) * 2;
    let known = shapes
        .slots
        .get(set..set + 2)
        .and_then(|ways| ways.iter().find(|s| s.key == key && s.count != NOT_STORED));
    let digits = match known {
        Some(shape) => {
            out.extend_from_slice(&shape.sigs[..usize::from(shape.count)]);
            shape.digits
        }
        None => {
            collect(&m.main, &m.main_sigs, line, out, true);
            let digits = bytes.iter().any(u8::is_ascii_digit) && {
                let buf = &mut shapes.shape;
                buf.clear();
                buf.extend(
                    bytes
                        .iter()
                        .map(|&b| if b.is_ascii_digit() { 0 } else { b }),
                );
                matches!(
                    m.skeletons.try_find(&Input::new(buf.as_slice())),
                    Ok(Some(_))
                )
            };
            if out.len() <= SHAPE_SIGS {
                let mut sigs = [Sig::Numbers; SHAPE_SIGS];
                sigs[..out.len()].copy_from_slice(out);
                if shapes.slots.is_empty() {
                    shapes.slots.resize(SHAPES, NO_SHAPE);
                }
                shapes.slots[set + 1] = shapes.slots[set];
                shapes.slots[set] = Shape {
                    key,
                    digits,
                    count: out.len() as u8,
                    sigs,
                };
            }
            digits
        }
    };
    if digits {
        collect(&m.digits, &m.digits_sigs, line, out, false);
    }
}

thread_local! {
    /// Whether each of the last 32 lines this thread searched held a phrase (one bit per line).
    static RECENT_MATCHES: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// `adaptive`: this automaton is searched on every line, so the recent match rate may pick the strategy.
fn collect(
    dfa: &DFA,
    table: &[(&'static str, Sig)],
    line: &str,
    out: &mut Vec<Sig>,
    adaptive: bool,
) {
    // The plain search is cheaper per byte than the overlapping one, and most lines of a big log match
    // nothing: reject those first, and search a line that matches again, overlapping. Where most recent
    // lines matched (a log dense in phrases), the first pass would only be repeated: go straight to the
    // overlapping one. (A DFA search cannot fail on an unanchored input; an error reads as no match.)
    let recent = if adaptive {
        RECENT_MATCHES.with(std::cell::Cell::get)
    } else {
        0
    };
    let from = if recent.count_ones() >= 16 {
        0
    } else {
        let Ok(Some(first)) = dfa.try_find(&Input::new(line)) else {
            if adaptive {
                RECENT_MATCHES.with(|r| r.set(recent << 1));
            }
            return;
        };
        // The plain search reports the match that ends first; a longer pattern may start before it ("ran
        // out of memory trying…" around "out of memory"): the overlapping pass starts a pattern's length
        // earlier.
        first.end().saturating_sub(dfa.max_pattern_len())
    };
    let bytes = line.as_bytes();
    let before = out.len();
    let rest = Input::new(line).span(from..line.len());
    let mut state = OverlappingState::start();
    loop {
        if dfa.try_find_overlapping(&rest, &mut state).is_err() {
            break;
        }
        let Some(m) = state.get_match() else {
            break;
        };
        let (pattern, sig) = table[m.pattern().as_usize()];
        // Word phrases must start a word: "MemoryError" inside "OutOfMemoryError" is not Python's MemoryError.
        let starts_word = pattern
            .as_bytes()
            .first()
            .is_some_and(u8::is_ascii_alphanumeric);
        // The exception's type ends where "Error:" does: "RuntimeError:" names an error.
        if starts_word
            && sig != Sig::NamedError
            && m.start() > 0
            && bytes[m.start() - 1].is_ascii_alphabetic()
        {
            continue;
        }
        if !out.contains(&sig) {
            out.push(sig);
        }
    }
    if adaptive {
        let matched = out.len() > before;
        RECENT_MATCHES.with(|r| r.set((recent << 1) | u32::from(matched)));
    }
}

/// TensorFlow's BFC allocator's fatal out-of-memory line, worded like its warning ("ran out of memory trying
/// to allocate …") but naming the op or pointing at the memory dump that follows it.
pub(super) const BFC_FATAL: [&str; 2] = ["requested by op", "see logs for memory state"];

/// Where `w` occurs at the start of a word: after a letter or digit it is inside another word ("/dev/shm"
/// starts one). A word of a script without spaces (CJK) counts anywhere.
pub(super) fn at_word_start<'a>(t: &'a str, w: &'a str) -> impl Iterator<Item = usize> + 'a {
    let b = t.as_bytes();
    t.match_indices(w).map(|(i, _)| i).filter(move |&i| {
        !w.starts_with(|c: char| c.is_ascii_alphabetic())
            || i == 0
            || !b[i - 1].is_ascii_alphanumeric()
    })
}

/// `line` is the BFC allocator's fatal line (see `BFC_FATAL`).
pub(super) fn bfc_fatal(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    BFC_FATAL.iter().any(|w| l.contains(w))
}

/// The words that make a line's bare out-of-memory (`Sig::OomWord`).
pub(super) const OOM_PHRASES: [&str; 4] = [
    "out of memory",
    "out of gpu memory",
    "out of vram",
    "out of video memory",
];

/// The phase a TensorFlow tensor's shape implies ("OOM when allocating tensor with shape[16,128,98,98]",
/// "… of shape [3,3,1024,2048]"): rank 4 or more is a convolution's kernel (weights, the load) when its first two
/// dimensions are a small window, otherwise activations (the work). Lower ranks say nothing: a matrix can be
/// either.
fn tensor_shape_phase(line: &str) -> Option<Sig> {
    let at = line.find("allocating tensor")?;
    let rest = &line[at..];
    let open = rest.find('[')?;
    // The shape follows the words closely; a bracket further on is something else.
    if open > 40 {
        return None;
    }
    let inner = &rest[open + 1..];
    let dims: Vec<u64> = inner[..inner.find(']')?]
        .split(',')
        .map(|d| d.trim().parse::<u64>())
        .collect::<Result<_, _>>()
        .ok()?;
    if dims.len() < 4 {
        return None;
    }
    Some(if dims[0] <= 11 && dims[1] <= 11 {
        Sig::LoadPhase
    } else {
        Sig::ContextPhase
    })
}

/// A person's "no out of memory in the log", "without an out of memory error", "probably out of VRAM": every
/// out-of-memory phrase on the line is denied or guessed at by one of the two words before it. Runtimes never
/// write it so; a sentence does.
fn only_negated_oom(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    let mut any = false;
    for phrase in OOM_PHRASES {
        for (i, _) in l.match_indices(phrase) {
            any = true;
            if !denied_by(&l[..i]) && !hedged(&l[..i]) {
                return false;
            }
        }
    }
    any
}

/// The line puts the work in system RAM ("I am trying to use the CPU, I only have 32 GB of RAM", "system
/// memory") and names nothing of a GPU's. RAM named only as a capacity ("I have 64 GB of RAM") does not say
/// which memory ran out.
fn names_ram_only(line: &str) -> bool {
    let l = line.to_ascii_lowercase();
    let b = l.as_bytes();
    let ram = l.match_indices("ram").any(|(i, _)| {
        (i == 0 || !b[i - 1].is_ascii_alphabetic())
            && b.get(i + 3).is_none_or(|c| !c.is_ascii_alphabetic())
    }) && l.contains("cpu")
        || ["system memory", "host memory", "cpu memory"]
            .iter()
            .any(|w| l.contains(w));
    ram && ![
        "gpu", "vram", "cuda", "device", "video", "graphics", "card", "hip", "rocm", "metal", "mps",
    ]
    .iter()
    .any(|w| l.contains(w))
}

/// Python's exception types that say the program stopped on an error other than memory, read as such on a
/// line of their own (on the failure's own line they only wrap it: `verdict`).
pub(super) const PYTHON_EXCEPTIONS: [&str; 5] = [
    "importerror:",
    "attributeerror:",
    "typeerror:",
    "keyerror:",
    "valueerror:",
];

/// llama.cpp's note that a tensor (the token embedding table) stays on the CPU by design.
pub(super) const EMBEDDING_ON_CPU_NOTE: &str = "cannot be used with preferred buffer type";

/// llama-quantize's note that a tensor whose rows do not split into the chosen type's blocks is quantized to
/// another type: by design, and the quantization goes on.
pub(super) const QUANT_FALLBACK_NOTE: &str = "using fallback quantization";

/// Notes runtimes print by design on runs that go on, with what each means: a performance hint, a
/// conversion or a placement, not a failure. The first a log carries is the one explained.
pub(super) const NOTES: [(&str, &str); 11] = [
    (
        QUANT_FALLBACK_NOTE,
        "llama-quantize stores a tensor whose rows do not divide into the chosen type's blocks (256 values for the K-quants) in a fallback type instead. The quantization goes on and the file is usable; the line is a note, not an error, and nothing in this text failed.",
    ),
    (
        "was not compiled with flash attention",
        "PyTorch's Windows builds come without the flash-attention kernel, and this warning says attention runs with another kernel instead. The run goes on; nothing in this text failed.",
    ),
    (
        "do not support efficient float16 computation",
        "CTranslate2 found the model saved in float16 on a device without fast float16 and converted the weights to another compute type as it loaded them. The run goes on; the line is a notice, not an error.",
    ),
    (
        "memcpy nodes are added to the graph",
        "ONNX Runtime added copies between CPU and GPU nodes for operators the GPU provider does not run: a hint that it may be slower, not an error. The run goes on; nothing in this text failed.",
    ),
    (
        "tactics do not have sufficient workspace memory",
        "TensorRT skipped some kernel choices (tactics) that needed more scratch workspace than the builder was allowed, and built the engine with the others. The build goes on; a larger workspace may make the engine a little faster, and nothing in this text failed.",
    ),
    (
        "token indices sequence length is longer than the specified maximum",
        "The tokenizer counted more tokens in this text than the length it was configured with (model_max_length) and warns that a model given all of them could index past its positions. Nothing failed: the text is cut, split or fed in windows by the code that uses it; only if those tokens reach the model at once does the run fail.",
    ),
    (
        "no module 'xformers'. proceeding without it",
        "The web UI looked for the optional xformers package, did not find it, and uses its built-in attention instead. It starts and generates as usual; nothing failed. xformers only saves some VRAM and time.",
    ),
    (
        "did not reach requested beam in determinize-lattice",
        "Kaldi's decoder (Vosk uses it) capped the lattice it keeps for one utterance at its size limit and pruned it harder instead. Recognition goes on with that utterance's result; the warning is about search width, not the machine's memory.",
    ),
    (
        "raising pool_size_limit_",
        "TensorFlow's pool of page-locked host buffers saw many requests evict each other and grows its limit (an I line, information). The run goes on at the same speed; nothing in this text failed.",
    ),
    (
        EMBEDDING_ON_CPU_NOTE,
        "llama.cpp keeps a tensor on the CPU when the GPU's host buffer type cannot serve its operation — the token embedding table, read one row per token, stays in system RAM by design. The line is a note at load, not a fallback from a failure; nothing in this text failed.",
    ),
    (
        "ok to ignore the error above",
        "The program says itself that the error above can be ignored: it skipped an optional step (SAM 2's hole-filling post-processing, a compiled extension it could not build) and goes on with its plain path. The results come out as usual; nothing in this text failed for memory.",
    ),
];

/// An AMD GPU by its stack, family or model ("ROCm", "Radeon", "RX 6750 XT", "7900 XTX"); read in logs and in
/// people's words alike.
pub(super) const AMD_CARDS: [&str; 8] = [
    "rocm", "radeon", "amdgpu", "rx 5", "rx 6", "rx 7", "rx 9", "xtx",
];

/// The leading digits of 2^64 bytes and of 2^44 MiB, where a small negative count printed unsigned lands.
pub(super) const UNDERFLOW: [&str; 2] = ["1844674407370", "17592186044"];

/// An underflowed count given as a memory figure ("OOM 18446744073707737660 / 24146608128", "usage
/// 17592186044134MiB"), not as a timer's "no limit" or an exit code. `l` is lower-case.
pub(super) fn underflowed_figure(l: &str) -> bool {
    UNDERFLOW.iter().any(|u| l.contains(u))
        && ["oom", "memory", "mib", "alloc", "usage", "used"]
            .iter()
            .any(|w| l.contains(w))
}

/// A guess, not a report: "probably running out of VRAM", "maybe out of memory".
pub(super) fn hedged(before: &str) -> bool {
    last_words_include(before, 2, &["probably", "maybe", "perhaps", "possibly"])
        // "Most likely due to out of memory", "likely caused by running out of memory".
        || last_words_include(before, 4, &["likely"])
}

/// The text before a word denies it: "no", "not", "without", "never" or "nor" among its last two words
/// ("no out of memory", "without an OOM"). Chinese writes the denial onto the word ("并没有被杀掉", "was not
/// killed"; "未被占用"), with no space: the last characters before it decide.
pub(super) fn denied_by(before: &str) -> bool {
    last_words_include(before, 2, &["no", "not", "without", "never", "nor"])
        || ["没有", "没", "未", "不", "沒有", "沒"]
            .iter()
            .any(|w| before.trim_end().ends_with(w))
}

/// One of `words` is among the last `n` words of `before` (the text ahead of a phrase).
pub(super) fn last_words_include(before: &str, n: usize, words: &[&str]) -> bool {
    before
        .split_whitespace()
        .rev()
        .take(n)
        .any(|w| words.contains(&w))
}

/// Every signal in `line` (each at most once), appended to `out`. Context markers (runtime, OS) are looked
/// for only when `with_context` is set: they are counted, not shown, so a sample of the lines is enough.
pub fn signals_sampled(line: &str, work: &mut LineWork, with_context: bool) {
    let LineWork { sigs: out, shapes } = work;
    out.clear();
    let Some(m) = matchers() else {
        return;
    };
    collect_phrases(m, line, out, shapes);
    if with_context {
        collect(&m.context, &m.context_sigs, line, out, false);
    }
    // A bare "out of memory" is a GPU allocation failure unless the line names another kind.
    if let Some(i) = out.iter().position(|s| *s == Sig::OomWord) {
        out.remove(i);
        let specific = [
            Sig::CudaOom,
            Sig::TorchOom,
            Sig::HipOom,
            Sig::MetalOom,
            Sig::HostKilled,
            Sig::HostAlloc,
            Sig::PinnedFail,
            Sig::AllowedMemory,
            // The line itself says the runtime carries on (a warning, a retry, a fallback).
            Sig::Recover,
        ];
        if !out.iter().any(|s| specific.contains(s)) && !only_negated_oom(line) {
            // "Running out of memory, I am trying to use CPU, I only have 32 GB of RAM": a line that puts
            // the work on the CPU and names RAM, and nothing of a GPU's, is about RAM.
            out.push(if names_ram_only(line) {
                Sig::HostAlloc
            } else {
                Sig::CudaOom
            });
        }
    }
    if out.contains(&Sig::AllocUnnamed)
        && let Some((on_gpu, field, device)) = ollama_failed_allocation(line)
    {
        out.retain(|s| *s != Sig::AllocUnnamed);
        let kind = if !on_gpu {
            Sig::HostAlloc
        } else if device.eq_ignore_ascii_case("metal") {
            Sig::MetalOom
        } else {
            Sig::CudaOom
        };
        out.push(kind);
        out.push(if field == "Weights" {
            Sig::LoadPhase
        } else {
            Sig::ContextPhase
        });
    }
    // PyTorch writes "Tried to allocate 20.00 MiB": the words without a size after them are a person's
    // sentence ("why has the engine tried to allocate the whole file?"), not the allocator's message.
    if let Some(i) = out.iter().position(|s| *s == Sig::TorchOom) {
        let l = line.to_ascii_lowercase();
        let sized = l.match_indices("tried to allocate").any(|(at, w)| {
            l[at + w.len()..]
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit())
        });
        if !sized
            && !OOM_PHRASES
                .into_iter()
                .chain(["outofmemoryerror", "allocation on device"])
                .any(|w| l.contains(w))
        {
            out.remove(i);
        }
    }
    // RAPIDS' device memory resources are the card's memory: the std::bad_alloc / MemoryError carrying the
    // message is C++'s and Python's wording, not the host's. What they hold is data (data frames, a
    // training matrix), the work a model is tiny beside: not weights being loaded.
    if out.contains(&Sig::CudaOom) && line.contains("rmm/mr/device/") {
        out.retain(|s| *s != Sig::HostAlloc);
        if !out.contains(&Sig::ContextPhase) {
            out.push(Sig::ContextPhase);
        }
    }
    // TensorFlow prints the shape of the tensor it could not allocate: a convolution kernel ([3,3,1024,2048],
    // its window first) is a weight; a batch of feature maps ([16,128,98,98]) is the work of a step.
    if out.contains(&Sig::CudaOom)
        && let Some(phase) = tensor_shape_phase(line)
        && !out.contains(&phase)
    {
        out.push(phase);
    }
    // NvMap's other errors (a bad handle, a permission) are not memory running out.
    if out.contains(&Sig::CudaOom) {
        let l = line.to_ascii_lowercase();
        if l.contains("nvmapmemallocinternaltagged")
            && !(l.contains("error 12") || l.contains("enomem"))
        {
            out.retain(|s| *s != Sig::CudaOom);
        }
    }
    if out.contains(&Sig::NamedError) && !names_an_error(line) {
        out.retain(|s| *s != Sig::NamedError);
    }
    // A line naming system RAM (PyTorch's CPU allocator, a CPU buffer) is that, whatever "out of memory"
    // words it also has. So is a "CUDA_Host" (or ROCm_Host, Vulkan_Host) buffer: when pinning it fails
    // llama.cpp falls back to plain RAM (ggml_backend_cuda_host_buffer_type_alloc_buffer), so its failure is
    // RAM running out.
    if let Some(i) = out.iter().position(|s| *s == Sig::CudaOom)
        && (out.contains(&Sig::HostAlloc) || line.to_ascii_lowercase().contains("_host buffer"))
    {
        out.remove(i);
        if !out.contains(&Sig::HostAlloc) {
            out.push(Sig::HostAlloc);
        }
    }
    // A progress line that reports the failure ("at 25% | 16/63 [00:04<00:13, 3.49it/s], a CUDA out-of-memory
    // error occurred") is where the run stopped, not a sign it went on: the work was under way, past the load.
    if let Some(i) = out.iter().position(|s| *s == Sig::Progress) {
        let l = line.to_ascii_lowercase();
        if [
            "out of memory",
            "out-of-memory",
            "error",
            "crash",
            "fail",
            "killed",
        ]
        .iter()
        .any(|w| l.contains(w))
        {
            out.remove(i);
            if l.contains("it/s]") && !l.contains("?it/s]") && !out.contains(&Sig::ContextPhase) {
                out.push(Sig::ContextPhase);
            }
        }
    }
    // A recovery asked about ("Any way to use cpu offload or a trick like reducing batch size?") is a wish,
    // not the runtime's retry.
    if let Some(i) = out.iter().position(|s| *s == Sig::Recover) {
        let l = line.trim_start().to_ascii_lowercase();
        if [
            "anyway to",
            "any way to",
            "is there a way",
            "is there any way",
            "how can i",
            "how do i",
            "how to",
            "can i",
            "should i",
        ]
        .iter()
        .any(|w| l.starts_with(w))
        {
            out.remove(i);
        }
    }
    // "No space left on device" on /dev/shm (a container's shared memory, PyTorch's DataLoader workers) is
    // memory, not a full disk.
    if out.contains(&Sig::NotMemory) {
        let l = line.to_ascii_lowercase();
        if l.contains("no space left on device")
            && (l.contains("shm") || l.contains("shared memory"))
        {
            out.retain(|s| *s != Sig::NotMemory);
        }
    }
    // An assertion about a buffer or an allocation follows a failed allocation; other assertions are bugs.
    if out.contains(&Sig::NotMemory) {
        let l = line.to_ascii_lowercase();
        if l.contains("ggml_assert")
            && ["buf", "alloc", "null", "mem"]
                .iter()
                .any(|w| l.contains(w))
            && let Some(i) = out.iter().position(|s| *s == Sig::NotMemory)
        {
            out.remove(i);
        }
    }
    // A line that states a GPU allocation failure is that failure, whatever exception class carries it
    // ("ValueError: … Make sure you have enough GPU RAM …").
    if out.iter().any(|s| {
        matches!(
            s,
            Sig::CudaOom
                | Sig::TorchOom
                | Sig::HipOom
                | Sig::MetalOom
                | Sig::AllowedMemory
                | Sig::AllocUnnamed
        )
    }) {
        out.retain(|s| *s != Sig::NotMemory);
    }
    // llama-cpp-python's "Failed to load model from file" follows any load failure (a missing file, an
    // unknown architecture, an allocation): the exception carrying it says nothing of the cause.
    if out.contains(&Sig::NotMemory)
        && line
            .to_ascii_lowercase()
            .contains("failed to load model from file")
    {
        out.retain(|s| *s != Sig::NotMemory);
    }
    // A pinned / mlock'ed buffer refused ("cannot allocate memory") is its own kind, not the OS out of RAM.
    if out.contains(&Sig::PinnedFail)
        && let Some(i) = out.iter().position(|s| *s == Sig::HostAlloc)
    {
        out.remove(i);
    }
    if out.contains(&Sig::PinnedFail)
        && let Some(i) = out.iter().position(|s| *s == Sig::WinPagefile)
    {
        out.remove(i);
    }
    // The underflowed figure counts only as a memory figure ("OOM 18446744073707737660 / 24146608128", "usage
    // 17592186044134MiB"); the same digits as a timer's "no limit" or an exit code are no memory at all.
    if out.contains(&Sig::NotMemory) {
        let l = line.to_ascii_lowercase();
        if UNDERFLOW.iter().any(|u| l.contains(u)) && !underflowed_figure(&l) {
            out.retain(|s| *s != Sig::NotMemory);
        }
    }
    // ggml-metal's "command buffer 0 failed with status 5" is the error status 5; "failed with status 500" is
    // an HTTP answer.
    if out.contains(&Sig::MetalOom) {
        let l = line.to_ascii_lowercase();
        let w = "failed with status 5";
        if l.contains(w)
            && l.match_indices(w).all(|(i, _)| {
                l.as_bytes()
                    .get(i + w.len())
                    .is_some_and(u8::is_ascii_digit)
            })
            && !["metal", "mps", "mlx", "insufficient memory", "outofmemory"]
                .iter()
                .any(|m| l.contains(m))
        {
            out.retain(|s| *s != Sig::MetalOom);
        }
    }
    // TensorFlow names the CUDA error of a host allocation ("failed to alloc … bytes on host:
    // CUDA_ERROR_OUT_OF_MEMORY"): the refusal is page-locked RAM, and the card did not run out.
    if out.contains(&Sig::PinnedFail) && line.to_ascii_lowercase().contains("bytes on host:") {
        out.retain(|s| *s != Sig::CudaOom);
    }
    // A bare "Killed" is how a shell reports SIGKILL (the OOM killer) for the foreground process; with a job
    // it reads "line 12: 4242 Killed   python serve.py"; bash in a Chinese locale says "已杀死". (Checked only on
    // lines with the word in them: this runs on every line of a big log.)
    static KILLED: OnceLock<[memchr::memmem::Finder<'static>; 2]> = OnceLock::new();
    let finders =
        KILLED.get_or_init(|| SHELL_KILLED.map(|w| memchr::memmem::Finder::new(w.as_bytes())));
    if finders.iter().zip(SHELL_KILLED).any(|(f, word)| {
        f.find(line.as_bytes()).is_some()
            && shell_killed(line.trim().trim_matches('`').trim(), word)
    }) {
        out.push(Sig::HostKilled);
    }
    // ComfyUI's failing node: loader nodes (CheckpointLoaderSimple, UNETLoader, …ModelLoader) put weights on
    // the GPU; samplers, decoders and encoders compute activations for the weights already there.
    if out.contains(&Sig::RtComfy) {
        let l = line.to_ascii_lowercase();
        if let Some(node) = l.split("node type:").nth(1) {
            if node.contains("load") {
                out.push(Sig::LoadPhase);
            } else if ["sampler", "decode", "encode", "upscale"]
                .iter()
                .any(|w| node.contains(w))
            {
                out.push(Sig::ContextPhase);
            }
        }
    }
    // The dynamic loader's "cannot allocate memory in static TLS block" is a library loaded too late for its
    // thread-local storage (libgomp imported after others; LD_PRELOAD it), not memory running out.
    if out.contains(&Sig::HostAlloc) && line.to_ascii_lowercase().contains("static tls block") {
        out.retain(|s| *s != Sig::HostAlloc);
        out.push(Sig::NotMemory);
    }
    // A tokenizer or processor read with from_pretrained is a few MiB of vocabulary, not the weights: the line
    // is a load only if another load phrase is on it too.
    if out.contains(&Sig::LoadPhase) && line.contains("from_pretrained") {
        let l = line.to_ascii_lowercase();
        let weights = l
            .match_indices("from_pretrained")
            .any(|(i, _)| !NOT_WEIGHTS.iter().any(|w| l[..i].ends_with(w)))
            || PATTERNS
                .iter()
                .any(|(p, sig)| *sig == Sig::LoadPhase && *p != "from_pretrained" && l.contains(p));
        if !weights {
            out.retain(|s| *s != Sig::LoadPhase);
        }
    }
}

/// Ollama's `ErrNoMem`: "insufficient memory - required allocations: {InputWeights:…A CPU:{Name:CPU …
/// Weights:[…] Cache:[…] Graph:…U} GPUs:[{… Name:CUDA0 … Weights:[…A …] Cache:[…] Graph:1258291200F}]}".
/// Each size ends in A (allocated), F (failed) or U (not tried). Returns whether the failed one was on a
/// GPU, which part it was (Weights, Cache, Graph) and the device's name.
fn ollama_failed_allocation(line: &str) -> Option<(bool, &'static str, &str)> {
    let start = line.find("required allocations")?;
    let text = &line[start..];
    let b = text.as_bytes();
    let failed = (1..b.len()).find(|&i| {
        b[i] == b'F'
            && b[i - 1].is_ascii_digit()
            && b.get(i + 1).is_none_or(|c| !c.is_ascii_alphanumeric())
    })?;
    let before = &text[..failed];
    let on_gpu = before.contains("GPUs:[");
    let field = ["InputWeights:", "Weights:", "Cache:", "Graph:"]
        .iter()
        .filter_map(|f| before.rfind(f).map(|i| (i, *f)))
        .max_by_key(|(i, f)| (*i, f.len()))
        .map(|(_, f)| match f {
            "Cache:" => "Cache",
            "Graph:" => "Graph",
            _ => "Weights",
        })?;
    let device = before
        .rfind("Name:")
        .map(|i| {
            let rest = &before[i + 5..];
            &rest[..rest.find([' ', '}', ']']).unwrap_or(rest.len())]
        })
        .unwrap_or("");
    Some((on_gpu, field, device))
}

/// Whether a line names the error its program stopped on, in the program's own words: an exception type or a
/// program's prefix before "error:" ("RuntimeError: …", "dmlc::Error: …", "main: error: …", "[Error] [physx]
/// PhysX error: …", "common.hpp:107: SYCL error: …"), or a failed assertion. Not a person's sentence ("I get
/// this error:"), not memory (read by its own rules), not a crash or an exit (read as such), and not a message
/// that only wraps a failure printed elsewhere ("Failed to load model", "see root cause above").
/// Lines that name their error whatever comes before them: a failed assertion, and a C++ runtime ending on
/// an exception it names (libc++ "uncaught exception of type std::out_of_range:", libstdc++ "throwing an
/// instance of 'std::invalid_argument'"); std::bad_alloc is memory, read as such (`NOT_NAMED`).
const NAMES_ITSELF: [&str; 4] = [
    "assertion failed",
    "assert failed",
    "exception of type std::",
    "instance of 'std::",
];

fn names_an_error(line: &str) -> bool {
    // Memory (read by its own rules), a crash or an exit (read as such), and wrappers that name no cause.
    const NOT_NAMED: [&str; 37] = [
        "memory",
        "alloc",
        "oom",
        "vram",
        " ram",
        "killed",
        "exhaust",
        "insufficient",
        "too large",
        "too big",
        "page file",
        "paging file",
        "swap",
        "segmentation",
        "access violation",
        "core dumped",
        "failed to load",
        "unable to load",
        "error loading",
        "could not load",
        "failed to create",
        "root cause",
        "see above",
        "unknown error",
        "exit status",
        "exit code",
        "terminated",
        "unexpectedly",
        "internal server error",
        "status code",
        "warning",
        "traceback",
        "cancelled",
        "canceled",
        "device lost",
        "device was lost",
        "/dev/shm",
    ];
    // Words a person's sentence puts before "error:", never a program's prefix.
    const PROSE: [&str; 22] = [
        "i",
        "get",
        "got",
        "this",
        "the",
        "following",
        "an",
        "a",
        "same",
        "and",
        "with",
        "see",
        "my",
        "it",
        "says",
        "shows",
        "gives",
        "giving",
        "there",
        "is",
        "below",
        "like",
    ];
    let l = line
        .trim()
        .trim_start_matches(['`', '>', '-', '*', '#', ' '])
        .to_ascii_lowercase();
    if NOT_NAMED.iter().any(|w| l.contains(w)) {
        return false;
    }
    if NAMES_ITSELF.iter().any(|w| l.contains(w)) {
        return true;
    }
    let Some(at) = ["error:", "exception:"]
        .iter()
        .filter_map(|m| l.find(m).map(|i| (i, m.len())))
        .min()
    else {
        return false;
    };
    let (prefix, message) = (&l[..at.0], l[at.0 + at.1..].trim());
    let words: Vec<&str> = prefix.split_whitespace().collect();
    // An exception type ("torch.distributed.DistBackendError:") names the error after any logger's prefix
    // (time, level, process, file), however long.
    let typed = prefix
        .chars()
        .last()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    message.len() >= 8
        && (words.len() <= 4 || typed)
        && !words
            .iter()
            .any(|w| PROSE.contains(&w.trim_matches(|c: char| !c.is_alphanumeric())))
}

/// The shell's word for a process it saw killed (SIGKILL), in English and in bash's zh_CN locale.
const SHELL_KILLED: [&str; 2] = ["Killed", "已杀死"];

/// What `from_pretrained` reads besides a model's weights.
const NOT_WEIGHTS: [&str; 5] = [
    "tokenizer.",
    "processor.",
    "config.",
    "feature_extractor.",
    "tokenizerfast.",
];

fn shell_killed(t: &str, word: &str) -> bool {
    let mut prev = "";
    t == word
        || t.ends_with(&format!(" {word}")) && t.chars().count() < 40
        || t.split_whitespace().any(|w| {
            let hit = w == word && !prev.is_empty() && prev.bytes().all(|b| b.is_ascii_digit());
            prev = w;
            hit
        })
}

/// A row of the Linux kernel's OOM-killer task dump (`dump_tasks`): `[  pid]   uid  tgid total_vm      rss
/// pgtables_bytes swapents oom_score_adj name`, after an optional dmesg timestamp in brackets.
pub fn is_oom_task_row(line: &str) -> bool {
    // memrchr: this runs on every line of a big log.
    let Some(i) = memchr::memrchr(b']', line.as_bytes()) else {
        return false;
    };
    // The pid itself is the last bracket: "[ 2665]".
    let Some(open) = memchr::memrchr(b'[', &line.as_bytes()[..i]) else {
        return false;
    };
    if !line[open + 1..i].trim().bytes().all(|b| b.is_ascii_digit())
        || line[open + 1..i].trim().is_empty()
    {
        return false;
    }
    // Seven numbers, then the command name (no allocation: most log lines have brackets).
    let mut words = line[i + 1..].split_whitespace();
    let numbers = words
        .by_ref()
        .take(7)
        .take_while(|w| {
            let d = w.trim_start_matches('-');
            !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
        })
        .count();
    numbers == 7 && words.next().is_some()
}

/// Every signal in `line`, context markers included.
pub fn signals(line: &str, out: &mut Vec<Sig>) {
    let mut work = LineWork::default();
    signals_sampled(line, &mut work, true);
    *out = work.sigs;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every phrase is found in any case inside a line, and lines without one give nothing.
    #[test]
    fn phrases_found_in_any_case_and_plain_lines_give_nothing() {
        let m = matchers().expect("matchers");
        for (p, sig) in &m.main_sigs {
            let line = format!(
                "2025-01-01 12:00:00 INFO x: {} (tail)",
                p.to_ascii_uppercase()
            );
            let mut sigs = Vec::new();
            collect(&m.main, &m.main_sigs, &line, &mut sigs, false);
            assert!(sigs.contains(sig), "{p}: {sigs:?}");
        }
        for plain in [
            "print_info: n_embd           = 4096",
            "srv  log_server_r: request: GET /health 127.0.0.1 200",
        ] {
            let mut sigs = Vec::new();
            collect(&m.main, &m.main_sigs, plain, &mut sigs, false);
            assert!(sigs.is_empty(), "{plain}: {sigs:?}");
        }
    }
}

#[cfg(test)]
mod shape_tests {
    use super::*;

    fn read(lines: &[String], work: &mut LineWork) -> Vec<Vec<Sig>> {
        lines
            .iter()
            .map(|l| {
                signals_sampled(l, work, false);
                let mut v = work.sigs.clone();
                v.sort();
                v
            })
            .collect()
    }

    /// Remembering shapes changes nothing that is found: every phrase (with and without digits) in lines that
    /// share their shape with lines holding other digits, read in both orders.
    #[test]
    fn remembered_shapes_find_what_a_search_finds() {
        let m = matchers().expect("matchers");
        let mut lines = Vec::new();
        for (p, _) in m.main_sigs.iter().chain(&m.digits_sigs) {
            let other: String = p
                .chars()
                .map(|c| match c {
                    '0'..='8' => char::from(c as u8 + 1),
                    '9' => '0',
                    c => c,
                })
                .collect();
            lines.push(format!("12:00:01 worker 7: {p} (41)"));
            lines.push(format!("12:00:02 worker 8: {other} (42)"));
            lines.push(format!("12:00:03 worker 9: {p} (43)"));
        }
        lines.push("process exited with exit code 0".into());
        lines.push("process exited with exit code 137".into());
        lines.push("process exited with exit code 1".into());
        let plain = read(&lines, &mut LineWork::default());
        let mut work = LineWork {
            sigs: Vec::new(),
            shapes: Shapes::remembering(),
        };
        assert_eq!(read(&lines, &mut work), plain);
        let reversed: Vec<String> = lines.iter().rev().cloned().collect();
        let mut plain_rev = plain.clone();
        plain_rev.reverse();
        assert_eq!(read(&reversed, &mut work), plain_rev);
        let last = plain.len() - 1;
        assert!(plain[last - 1].contains(&Sig::HostKilled));
        assert!(
            !plain[last].contains(&Sig::HostKilled) && !plain[last - 2].contains(&Sig::HostKilled)
        );
    }

    /// A line's shape ignores its digits and nothing else.
    #[test]
    fn shape_hash_masks_digits_only() {
        let h = |s: &str| shape_hash(s.as_bytes());
        assert_eq!(
            h("eval time = 12.34 ms / 100 runs"),
            h("eval time = 98.76 ms / 555 runs")
        );
        assert_ne!(h("eval time = 12.34 ms"), h("eval time = 12.345 ms"));
        assert_ne!(h("exit code 137"), h("exit code 13x"));
        assert_ne!(h("a"), h("b"));
        assert_ne!(h(""), h("0"));
    }
}

#[cfg(test)]
mod adaptive_tests {
    use super::*;

    /// After a run of matching lines the search skips its first pass; what it finds is the same.
    #[test]
    fn dense_and_sparse_strategies_find_the_same() {
        let lines = [
            "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 9000.00 MiB on device 0: cudaMalloc failed: out of memory",
            "`ran out of memory trying to allocate 975.59MiB`",
            "print_info: n_embd           = 4096",
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.",
        ];
        let expected: Vec<Vec<Sig>> = lines
            .iter()
            .map(|l| {
                let mut v = Vec::new();
                signals(l, &mut v);
                v
            })
            .collect();
        // Make the recent lines dense, then read the same lines again.
        for _ in 0..40 {
            signals(lines[0], &mut Vec::new());
        }
        assert!(RECENT_MATCHES.with(std::cell::Cell::get).count_ones() >= 16);
        for (l, want) in lines.iter().zip(&expected) {
            let mut v = Vec::new();
            signals(l, &mut v);
            assert_eq!(&v, want, "{l}");
        }
    }
}
