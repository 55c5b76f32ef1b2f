//! The timeline reading (issue 13): runtimes' own message formats, the rules that reason from events and
//! numbers, inputs that are not logs, and descriptions in a user's words. Messages are written from the
//! runtimes' sources and docs (ggml-vulkan.cpp, ggml-sycl, mlx's metal allocator, vLLM's worker, TGI's
//! launcher, TensorFlow's BFC allocator), not from the dev logs.

use vram_doctor::triage::{Diagnosis, EventKind, Label, diagnose_reader, diagnose_str};
use vram_doctor::units::{GIB, MIB};

fn check(log: &str, label: Label, runtime: &str) -> Diagnosis {
    let d = diagnose_str(log);
    assert_eq!(d.label, label, "{log}\n{}", d.to_text());
    assert_eq!(d.runtime.as_deref(), Some(runtime), "{}", d.to_text());
    d
}

#[test]
fn mlx_metal_failures() {
    check(
        "  File \"/opt/homebrew/lib/python3.12/site-packages/mlx_lm/generate.py\", line 352, in generate_step\n    mx.async_eval(y)\n\
         libc++abi: terminating due to uncaught exception of type std::runtime_error: [METAL] Command buffer execution failed: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)\n",
        Label::AppleMetalOom,
        "MLX",
    );
    let d = check(
        "  File \"/Users/me/.venv/lib/python3.12/site-packages/mlx_lm/generate.py\", line 332, in generate_step\n\
         RuntimeError: [metal::malloc] Attempting to allocate 135383101952 bytes which is greater than the maximum allowed buffer size of 86586540032 bytes.\n",
        Label::AppleMetalOom,
        "MLX",
    );
    assert!(d.explanation.contains("126.09 GiB"), "{}", d.explanation);
    assert_eq!(d.os.as_deref(), Some("macos"));
}

#[test]
fn vulkan_out_of_memory_and_buffer_limit() {
    let oom = "ggml_vulkan: Found 1 Vulkan devices:\n\
        ggml_vulkan: 0 = AMD Radeon RX 7900 XTX (RADV NAVI31) (radv) | uma: 0 | fp16: 1 | warp size: 64\n\
        load_tensors: offloaded 49/49 layers to GPU\n\
        load_tensors:      Vulkan0 model buffer size = 20000.00 MiB\n\
        llama_kv_cache:    Vulkan0 KV buffer size =  3072.00 MiB\n\
        ggml_vulkan: Device memory allocation of size 2166360064 failed.\n\
        ggml_vulkan: vk::Device::allocateMemory: ErrorOutOfDeviceMemory\n\
        ggml_gallocr_reserve_n: failed to allocate Vulkan0 buffer of size 2166360064\n\
        llama_init_from_model: failed to initialize the context: failed to allocate compute pp buffers\n";
    let d = check(oom, Label::VramOomContext, "llama.cpp (Vulkan)");
    assert_eq!(d.gpu_name.as_deref(), Some("AMD Radeon RX 7900 XTX"));
    let limit = "llama_model_load_from_file_impl: using device Vulkan0 (Intel(R) Arc(TM) A770 Graphics) - 15800 MiB free\n\
        ggml_vulkan: 0 = Intel(R) Arc(TM) A770 Graphics (Intel open-source Mesa driver) | uma: 0 | fp16: 1\n\
        ggml_vulkan: Device memory allocation of size 4400000000 failed.\n\
        ggml_vulkan: Requested buffer size exceeds device memory allocation limit: ErrorOutOfDeviceMemory\n\
        ggml_gallocr_reserve_n: failed to allocate Vulkan0 buffer of size 4400000000\n";
    let d = check(limit, Label::NotMemory, "llama.cpp (Vulkan)");
    assert!(d.explanation.contains("15.43 GiB"), "{}", d.explanation);
}

#[test]
fn sycl_out_of_device_memory() {
    let log = "ggml_sycl_init: found 1 SYCL devices:\n\
        llama_model_load_from_file_impl: using device SYCL0 (Intel(R) Arc(TM) B580 Graphics) - 11800 MiB free\n\
        Native API failed. Native API returns: 39 (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)\n\
        Exception caught at file:ggml-sycl.cpp, line:370, func:operator()\n\
        SYCL error: CHECK_TRY_ERROR(ptr = (void *)sycl::malloc_device(size, *stream)): Exception caught in this line of code.\n\
        llama_model_load: error loading model: unable to allocate SYCL0 buffer\n";
    let d = check(log, Label::VramOomLoad, "llama.cpp (SYCL)");
    assert_eq!(
        d.gpu_name.as_deref(),
        Some("Intel(R) Arc(TM) B580 Graphics")
    );
}

#[test]
fn exllama_sglang_tgi() {
    check(
        "  File \"/app/exllamav2/model.py\", line 300, in load\n\
         torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 112.00 MiB. GPU 0 has a total capacity of 23.65 GiB of which 40.00 MiB is free. Including non-PyTorch memory, this process has 23.60 GiB memory in use. Of the allocated memory 23.10 GiB is allocated by PyTorch, and 50.00 MiB is reserved by PyTorch but unallocated.\n",
        Label::VramOomLoad,
        "ExLlamaV2",
    );
    check(
        "[2025-01-01 10:00:00 TP0] Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=1.20 GB\n\
         RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.\n\
         sglang.launch_server exited\n",
        Label::VllmKvInsufficient,
        "SGLang",
    );
    check(
        "2024-05-01T10:00:00.000000Z  INFO text_generation_launcher: Starting shard rank=0\n\
         2024-05-01T10:01:00.000000Z ERROR text_generation_launcher: Method Warmup encountered an error.\n\
         RuntimeError: Not enough memory to handle 4096 prefill tokens. You need to decrease `--max-batch-prefill-tokens`\n",
        Label::VramOomContext,
        "TGI",
    );
}

#[test]
fn llama_cpp_wrappers_jan_llamafile_ramalama() {
    let fail = "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 14000.00 MiB on device 0: cudaMalloc failed: out of memory\n\
        llama_model_load: error loading model: unable to allocate CUDA0 buffer\n";
    check(
        &format!("[cortex.llamacpp] loading model C:\\Users\\me\\jan\\models\\qwen.gguf\n{fail}"),
        Label::VramOomLoad,
        "Jan",
    );
    check(
        &format!("./llamafile -m mistral.gguf -ngl 999\n{fail}"),
        Label::VramOomLoad,
        "llamafile",
    );
    check(
        &format!("$ ramalama serve llama3.1:70b\n{fail}"),
        Label::VramOomLoad,
        "RamaLama",
    );
}

#[test]
fn tensorflow_on_rocm_and_comfyui() {
    check(
        "2024-03-01 10:00:00.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1926] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 15000 MB memory:  -> device: 0, name: AMD Radeon RX 6800 XT, pci bus id: 0000:03:00.0 (ROCm)\n\
         2024-03-01 10:00:05.000000: W tensorflow/tsl/framework/bfc_allocator.cc:485] Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.00GiB (rounded to 2147483648)requested by op MatMul\n\
         tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with shape[32768,16384] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc\n",
        Label::RocmOom,
        "TensorFlow",
    );
    check(
        "got prompt\nRequested to load SDXL\nloaded partially 5000.0 4900.0 0\n\
         !!! Exception during processing !!! Allocation on device\n\
         torch.OutOfMemoryError: Allocation on device\n",
        Label::VramOomContext,
        "ComfyUI",
    );
}

#[test]
fn memory_held_before_the_load_is_another_process() {
    let log = "llama_model_load_from_file_impl: using device CUDA0 (NVIDIA GeForce RTX 4090) - 1220 MiB free\n\
        load_tensors: offloaded 33/33 layers to GPU\n\
        ggml_backend_cuda_buffer_type_alloc_buffer: allocating 9000.00 MiB on device 0: cudaMalloc failed: out of memory\n\
        llama_model_load: error loading model: unable to allocate CUDA0 buffer\n";
    let d = check(log, Label::VramHeldByOther, "llama.cpp");
    assert!(d.explanation.contains("1.19 GiB free"), "{}", d.explanation);
    assert_eq!(d.gpu_name.as_deref(), Some("NVIDIA GeForce RTX 4090"));
    assert_eq!(d.numbers.free_bytes, Some(1220 * MIB));
    assert!(d.numbers.total_bytes.is_some_and(|t| t >= 23 * GIB));
    // The same failure with the card free at start is the model's own size.
    let own = log.replace("1220 MiB free", "23000 MiB free");
    assert_eq!(diagnose_str(&own).label, Label::VramOomLoad);

    let vllm = "INFO 05-01 10:00:00 [api_server.py:1043] vLLM API server version 0.9.0\n\
        ValueError: Free memory on device cuda:0 (3.25/23.43 GiB) on startup is less than desired GPU memory utilization (0.96, 22.49 GiB). Decrease GPU memory utilization or reduce GPU memory used by other processes.\n";
    let d = check(vllm, Label::VramHeldByOther, "vLLM");
    assert!(d.explanation.contains("3.25 GiB"), "{}", d.explanation);
}

#[test]
fn recovered_optional_failure_and_not_vram_failures() {
    let pp = "llama_context: pipeline parallelism enabled (n_copies=4)\n\
        ggml_backend_cuda_buffer_type_alloc_buffer: allocating 9000.00 MiB on device 0: cudaMalloc failed: out of memory\n\
        ggml_gallocr_reserve_n: failed to allocate CUDA0 buffer of size 9437184000\n\
        graph_reserve: failed to allocate compute buffers\n\
        llama_context: compute buffer allocation failed, retrying without pipeline parallelism\n\
        llama_context:      CUDA0 compute buffer size =   400.00 MiB\n\
        main: server is listening on http://127.0.0.1:8080 - starting the main loop\n";
    let d = check(pp, Label::RecoveredNoFailure, "llama.cpp");
    assert!(d.events.iter().any(|e| e.kind == EventKind::Retry));
    assert!(d.events.iter().any(|e| e.kind == EventKind::Running));

    let pinned = "ggml_cuda_host_malloc: failed to allocate 4096.00 MiB of pinned memory: out of memory\n\
        Segmentation fault (core dumped)\n";
    let d = diagnose_str(pinned);
    assert_eq!(d.label, Label::NotMemory, "{}", d.to_text());
    assert!(d.explanation.contains("pinned"), "{}", d.explanation);

    // PyTorch lists the failing process itself: its pid is the one the log started.
    let own = "INFO worker pid=4242 loading model\n\
        torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 31.73 GiB of which 20.00 MiB is free. Process 4242 has 31.50 GiB memory in use. Of the allocated memory 20.00 GiB is allocated by PyTorch, and 200.00 MiB is reserved by PyTorch but unallocated.\n";
    let d = diagnose_str(own);
    assert_ne!(d.label, Label::VramHeldByOther, "{}", d.to_text());
}

#[test]
fn windows_commit_limit_is_system_memory() {
    let d = diagnose_str(
        "Error: llama runner process has terminated: exit status 0xc000012d\n\
         OSError: [WinError 8] Not enough memory resources are available to process this command\n",
    );
    assert_eq!(d.label, Label::HostOomKilled, "{}", d.to_text());
    assert!(d.events.iter().any(|e| e.kind == EventKind::OsKilled));
}

#[test]
fn weights_in_system_ram_with_slowness_is_cpu_spill() {
    let log = "time=2025-06-01T10:00:00 level=INFO source=server.go:100 msg=\"starting llama server\"\n\
        load_tensors:        CUDA0 model buffer size =  2000.00 MiB\n\
        load_tensors:    CUDA_Host model buffer size =  9830.40 MiB\n\
        eval rate:            2.10 tokens/s\n";
    let d = check(log, Label::CpuSpillSlow, "Ollama");
    assert!(d.explanation.contains("9.60 GiB"), "{}", d.explanation);
    assert!(d.explanation.contains("2.1 tokens/s"), "{}", d.explanation);
}

#[test]
fn not_a_log_is_named_with_no_evidence() {
    let mut gguf = b"GGUF\x03\x00\x00\x00".to_vec();
    gguf.extend((0..100_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8));
    let d = diagnose_reader(&gguf[..], |_| {}).expect("read");
    assert_eq!(d.label, Label::Unknown);
    assert!(
        d.title.contains("GGUF model file, not a log"),
        "{}",
        d.title
    );
    assert!(d.evidence.is_empty() && d.events.is_empty());

    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let random: Vec<u8> = (0..2_000_000)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 32) as u8
        })
        .collect();
    let d = diagnose_reader(&random[..], |_| {}).expect("read");
    assert_eq!(d.label, Label::Unknown);
    assert!(d.title.contains("binary data"), "{}", d.title);
    assert!(d.evidence.is_empty());
}

#[test]
fn a_users_own_words_are_read_as_a_description() {
    let d = diagnose_str(
        "When I load the 70B model the whole PC freezes and the disk light stays on for minutes.",
    );
    assert_eq!(d.label, Label::PagingThrash, "{}", d.to_text());
    assert!(d.explanation.starts_with("Reading this as a description"));
    assert!(d.confidence <= 0.5);
    assert!(d.evidence.is_empty());
    let d = diagnose_str("It generates at 2 tok/s on my 3090, which seems far too slow.");
    assert_eq!(d.label, Label::CpuSpillSlow, "{}", d.to_text());
    assert!(d.explanation.contains("2.0 tokens/s"), "{}", d.explanation);
    let d = diagnose_str("It crashes after a few messages when the conversation gets long.");
    assert_eq!(d.label, Label::VramOomContext, "{}", d.to_text());
}

#[test]
fn descriptions_name_fragmentation_design_ample_memory_and_disk_speed() {
    let cases = [
        (
            "My training step OOMs although half the card is empty; I think the allocator cache is fragmented.",
            Label::VramFragmentation,
        ),
        (
            "My fine-tuning run stops after some steps with this error:\n\
             torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n\
             It only goes away when I call empty_cache between the batches.",
            Label::VramFragmentation,
        ),
        (
            "My server takes 90% of the VRAM right after start, but the maintainers said it preallocates the cache on purpose.",
            Label::RecoveredNoFailure,
        ),
        (
            "I see a warning that an allocation failed at startup, but the chat still works and answers normally.",
            Label::RecoveredNoFailure,
        ),
        (
            "It fails to load my 7B model on a 24 GB card, which should fit with plenty of room; it worked before the update.",
            Label::NotMemory,
        ),
        (
            "When I ask anything it takes about 5 minutes per token to answer on my laptop.",
            Label::PagingThrash,
        ),
        (
            "When I start it, it says I need 40 GB of RAM but my machine has 32 GB RAM.",
            Label::HostOomKilled,
        ),
        (
            "When my prompt gets long (num_ctx 32768) it runs out of memory after a few messages.",
            Label::VramOomContext,
        ),
        (
            "After changing the prompt my workflow still runs in lowvram mode and each image takes twice as long.",
            Label::CpuSpillSlow,
        ),
        (
            "Steps to reproduce:\n\
             1. Load a 70B model on my 4090\n\
             2. Ask a question\n\
             3. The GPU is barely used while it answers",
            Label::CpuSpillSlow,
        ),
    ];
    for (text, want) in cases {
        let d = diagnose_str(text);
        assert_eq!(d.label, want, "{text}\n{}", d.to_text());
        assert!(d.explanation.starts_with("Reading this as a description"));
        assert!(d.confidence <= 0.5);
    }
}

#[test]
fn a_load_after_the_server_listens_is_still_the_load() {
    // llama-server binds its port before it loads the model.
    let d = diagnose_str(
        "main: HTTP server is listening, hostname: 127.0.0.1, port: 8080, http threads: 7\n\
         main: loading model\n\
         llama_model_load_from_file_impl: using device CUDA0 (NVIDIA GeForce RTX 4090) - 23500 MiB free\n\
         load_tensors: offloaded 81/81 layers to GPU\n\
         cudaMalloc failed: out of memory\n",
    );
    assert_eq!(d.label, Label::VramOomLoad, "{}", d.to_text());
    // Module._apply (.cuda(), .to()) moves the weights: a failure inside it is the load's.
    let d = diagnose_str(
        "  File \"/env/lib/python3.11/site-packages/torch/nn/modules/module.py\", line 905, in <lambda>\n\
             return self._apply(lambda t: t.cuda(device))\n\
         torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 64.00 MiB (GPU 0; 8.00 GiB total capacity; 7.30 GiB already allocated; 0 bytes free; 7.31 GiB reserved in total by PyTorch)\n",
    );
    assert_eq!(d.label, Label::VramOomLoad, "{}", d.to_text());
}

#[test]
fn impossible_sizes_and_metal_warnings_are_not_memory() {
    // No GPU has a terabyte: a request that size is a wrong size, whatever the runtime calls it.
    let d = diagnose_str(
        "2024-03-02 10:00:00.000001: E external/local_xla/xla/stream_executor/rocm/rocm_driver.cc:612] failed to allocate 2.50TiB (2748779069440 bytes) from device: HIP_ERROR_OutOfMemory\n",
    );
    assert_eq!(d.label, Label::NotMemory, "{}", d.to_text());
    assert!(
        d.explanation.contains("2.50 TiB") || d.explanation.contains("2560"),
        "{}",
        d.explanation
    );
    // ggml-metal warns after an allocation that succeeded; the assertion that follows is its own failure.
    let warn = "ggml_metal_add_buffer: allocated 'kv              ' buffer, size =   512.00 MB, (17000.00 / 16384.00), warning: current allocated size is greater than the recommended max working set size\n";
    let d = diagnose_str(&format!(
        "{warn}GGML_ASSERT: llama.cpp:4242: n_tokens <= n_batch\n"
    ));
    assert_eq!(d.label, Label::NotMemory, "{}", d.to_text());
    // The same warning, then a command buffer that failed: Metal ran out of memory.
    let d = diagnose_str(&format!(
        "{warn}ggml_metal_graph_compute: command buffer 1 failed with status 5\nGGML_ASSERT: ggml-metal.m:2001: false\n"
    ));
    assert_eq!(d.label, Label::AppleMetalOom, "{}", d.to_text());
    let d = diagnose_str(
        "ggml_backend_metal_buffer_type_alloc_buffer: error: failed to allocate buffer, size = 40960.00 MiB\n\
         llama_model_load: error loading model: unable to allocate backend buffer\n",
    );
    assert_eq!(d.label, Label::AppleMetalOom, "{}", d.to_text());
}

#[test]
fn kernel_bugs_missing_code_and_model_mismatch_are_not_memory() {
    for (log, cause) in [
        (
            "RuntimeError: CUDA error: device-side assert triggered\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n",
            "device-side assert",
        ),
        (
            "Memory access fault by GPU node-1 (Agent handle: 0x55d0c2a0) on address 0x7f1c00000000. Reason: Page not present or supervisor privilege.\n",
            "kernel crashed",
        ),
        (
            "rocBLAS error: hipErrorNoBinaryForGpu: Unable to find code object for all current devices!\n",
            "no GPU code",
        ),
        (
            "llama_model_load: error loading model: check_tensor_dims: tensor 'blk.0.attn_q.weight' has wrong shape; expected  4096,  4096, got  4096,  5120\n",
            "does not match",
        ),
        (
            "CUDA error: the launch timed out and was terminated\n  current device: 0, in function ggml_backend_cuda_synchronize\n",
            "watchdog",
        ),
        (
            "./llama-server: error while loading shared libraries: libcudart.so.12: cannot open shared object file: No such file or directory\n",
            "library",
        ),
        (
            "CUDA error: the provided PTX was compiled with an unsupported toolchain.\n",
            "driver is older",
        ),
    ] {
        let d = diagnose_str(log);
        assert_eq!(d.label, Label::NotMemory, "{log}\n{}", d.to_text());
        assert!(d.explanation.contains(cause), "{cause}: {}", d.explanation);
    }
}

#[test]
fn weights_sent_to_ram_by_a_card_already_taken_is_another_holder() {
    // Ollama saw 1.5 of 24 GiB free before loading and kept most layers in RAM.
    let d = diagnose_str(
        "time=2025-03-01T10:00:00.000Z level=INFO source=types.go:131 msg=\"inference compute\" id=GPU-1 library=cuda variant=v12 compute=8.6 driver=12.4 name=\"NVIDIA GeForce RTX 3090\" total=\"24.0 GiB\" available=\"1.5 GiB\"\n\
         load_tensors: offloaded 3/49 layers to GPU\n\
         load_tensors:        CUDA0 model buffer size =  1200.00 MiB\n\
         load_tensors:   CPU_Mapped model buffer size = 15000.00 MiB\n\
         eval rate: 2.10 tokens/s\n",
    );
    assert_eq!(d.label, Label::VramHeldByOther, "{}", d.to_text());
    assert!(d.explanation.contains("1.50 GiB free"), "{}", d.explanation);
}

#[test]
fn servers_that_came_up_after_a_failure_and_macos_watchdogs() {
    // koboldcpp reports the load finished after a failed allocation: the run went on.
    let d = diagnose_str(
        "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 1024.00 MiB on device 0: cudaMalloc failed: out of memory\n\
         llama_context: failed to allocate compute pp buffers\n\
         Load Text Model OK: True\n\
         Please connect to custom endpoint at http://localhost:5001\n",
    );
    assert_eq!(d.label, Label::RecoveredNoFailure, "{}", d.to_text());
    // A watchdog panic under memory pressure: the Mac stopped responding while paging.
    let d = diagnose_str(
        "panic(cpu 2 caller 0xfffffe0012345678): watchdog timeout: no checkins from watchdogd in 90 seconds\n\
         memoryStatus: {\"memoryPressure\":true, \"compressorSize\": 1900000}\n",
    );
    assert_eq!(d.label, Label::PagingThrash, "{}", d.to_text());
    let d = diagnose_str(
        "My browser keeps 4 GB of VRAM and then the model no longer fits on my 8 GB card and crashes.",
    );
    assert_eq!(d.label, Label::VramHeldByOther, "{}", d.to_text());
}

#[test]
fn old_llama_cpp_vram_used_means_the_weights_are_placed() {
    // 2023 llama.cpp printed the weights' VRAM once placed; what fails after it is the context's.
    let d = diagnose_str(
        "llm_load_tensors: offloaded 35/35 layers to GPU\n\
         llm_load_tensors: VRAM used: 7000.00 MiB\n\
         llama_new_context_with_model: n_ctx = 32768\n\
         CUDA error 2 at ggml-cuda.cu:6000: out of memory\n",
    );
    assert_eq!(d.label, Label::VramOomContext, "{}", d.to_text());
    let d = diagnose_str(
        "AssertionError: Error in memory profiling. Initial free memory 30.1 GiB, current free memory 31.5 GiB. This happens when other processes sharing the same container release GPU memory while vLLM is profiling during initialization.\n",
    );
    assert_eq!(d.label, Label::VramHeldByOther, "{}", d.to_text());
    let d = diagnose_str(
        "RuntimeError: The memory capacity is unbalanced. Some GPUs may be occupied by other processes. min_per_gpu_memory=10.2, local_gpu_memory=22.9, local_gpu_memory * 0.9 = 20.6\n",
    );
    assert_eq!(d.label, Label::VramHeldByOther, "{}", d.to_text());
    let d = diagnose_str(
        "WARNING 05-01 10:00:00 scheduler.py:1000] Sequence group 42 is preempted by PreemptionMode.RECOMPUTE mode because there is not enough KV cache space.\n\
         INFO 05-01 10:00:05 metrics.py:300] Avg prompt throughput: 0.0 tokens/s, Avg generation throughput: 310.2 tokens/s\n",
    );
    assert_eq!(d.label, Label::RecoveredNoFailure, "{}", d.to_text());
}

#[test]
fn vllm_worker_frames_tell_load_from_profiling() {
    let oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.10 GiB of which 1.20 GiB is free. Including non-PyTorch memory, this process has 77.80 GiB memory in use.\n";
    let d = diagnose_str(&format!(
        "  File \"/vllm/worker/model_runner.py\", line 1300, in profile_run\n{oom}"
    ));
    assert_eq!(d.label, Label::VramOomContext, "{}", d.to_text());
    let d = diagnose_str(&format!(
        "  File \"/vllm/model_executor/models/llama.py\", line 500, in load_weights\n{oom}"
    ));
    assert_eq!(d.label, Label::VramOomLoad, "{}", d.to_text());
}

#[test]
fn a_short_excerpt_without_a_failure_line_is_read_for_its_words() {
    let d = diagnose_str(
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\n\
         step=120 reserved=21.9GB allocated=9.8GB\n\
         step=121 reserved=23.4GB allocated=9.9GB\n",
    );
    assert_eq!(d.label, Label::VramFragmentation, "{}", d.to_text());
    assert!((d.confidence - 0.3).abs() < 1e-6);
    assert!(
        d.explanation.starts_with("No failure line"),
        "{}",
        d.explanation
    );
    let d = diagnose_str(
        "./llama-cli -m big.gguf --no-mmap -c 16384\n\
         Loading takes ages with heavy swapping in Activity Monitor\n",
    );
    assert_eq!(d.label, Label::PagingThrash, "{}", d.to_text());
    // Generic words and fields a log is full of are no symptom.
    for log in [
        "time=2025-01-01T10:00:00 level=ERROR source=server.go:100 msg=\"llama runner terminated\" error=\"exit status 1\"\n",
        "time=2025-01-01T10:00:00 level=INFO source=gpu.go:200 msg=\"system memory\" total=\"31.3 GiB\" free=\"20.1 GiB\" free_swap=\"8.0 GiB\"\n",
    ] {
        let d = diagnose_str(log);
        assert_eq!(d.label, Label::Unknown, "{}", d.to_text());
    }
}

#[test]
fn a_cuda_error_in_the_pinned_allocation_is_not_vram() {
    let d = diagnose_str(
        "llama_model_load_from_file_impl: using device CUDA0 (NVIDIA GeForce RTX 4080) - 15000 MiB free\n\
         CUDA error: out of memory\n  current device: 0, in function ggml_cuda_host_malloc at ggml-cuda.cu:1100\n  cudaMallocHost(&ptr, size)\n",
    );
    assert_eq!(d.label, Label::NotMemory, "{}", d.to_text());
    assert!(d.explanation.contains("pinned"), "{}", d.explanation);
}

#[test]
fn a_request_refused_with_room_to_spare_is_not_memory() {
    let log = |gpu: &str, free: u32| {
        format!(
            "llama_model_load_from_file_impl: using device CUDA0 (NVIDIA GeForce {gpu}) - {free} MiB free\n\
             load_tensors: offloaded 33/33 layers to GPU\n\
             load_tensors:        CUDA0 model buffer size =  4000.00 MiB\n\
             ggml_backend_cuda_buffer_type_alloc_buffer: allocating 512.00 MiB on device 0: cudaMalloc failed: out of memory\n\
             llama_init_from_model: failed to initialize the context: failed to allocate buffer for kv cache\n"
        )
    };
    // 20 000 MiB free, 4 000 placed: about 15.6 GiB left for a 512 MiB request.
    let d = diagnose_str(&log("RTX 4090", 20000));
    assert_eq!(d.label, Label::NotMemory, "{}", d.to_text());
    assert!(d.explanation.contains("512.00 MiB"), "{}", d.explanation);
    // 4 600 MiB free on an 8 GB card: the KV cache really did not fit after the weights.
    let d = diagnose_str(&log("RTX 4060", 4600));
    assert_eq!(d.label, Label::VramOomContext, "{}", d.to_text());
}

#[test]
fn rocm_memory_listed_under_other_processes_is_another_holder() {
    let d = diagnose_str(
        "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.98 GiB of which 512.00 MiB is free. Process 4242 has 14.00 GiB memory in use. Process 5151 has 9.40 GiB memory in use. Of the allocated memory 8.90 GiB is allocated by PyTorch, and 300.00 MiB is reserved by PyTorch but unallocated.\n",
    );
    assert_eq!(d.label, Label::VramHeldByOther, "{}", d.to_text());
}

#[test]
fn json_keeps_its_fields_and_adds_events() {
    let d = diagnose_str(
        "llama_model_load_from_file_impl: using device CUDA0 (NVIDIA GeForce RTX 3090) - 23000 MiB free\n\
         ggml_backend_cuda_buffer_type_alloc_buffer: allocating 36341.02 MiB on device 0: cudaMalloc failed: out of memory\n",
    );
    let v: serde_json::Value = serde_json::to_value(&d).expect("json");
    for k in [
        "label",
        "confidence",
        "runtime",
        "os",
        "title",
        "explanation",
        "evidence",
        "numbers",
        "next_steps",
        "also",
        "events",
        "gpu_name",
    ] {
        assert!(v.get(k).is_some(), "{k} missing in {v}");
    }
    let events = v["events"].as_array().expect("events");
    let device = events
        .iter()
        .find(|e| e["kind"] == "device")
        .expect("device event");
    assert_eq!(device["line"], 1);
    assert_eq!(device["numbers"]["free_bytes"], 23000 * MIB);
    assert!(events.iter().any(|e| e["kind"] == "alloc_failed"));
    let back: Diagnosis = serde_json::from_value(v).expect("round trip");
    assert_eq!(back.events.len(), d.events.len());
}
