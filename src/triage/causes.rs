//! Why a failure is not a lack of memory, in words: the cause named by the last non-memory line (a driver or
//! toolkit mismatch, a GPU never used, a broken file, a kernel bug…), with what to do about it.

use super::Scan;
use super::signals::Sig;

/// A memory figure near 2^64 bytes (see `signals::underflowed_figure`).
pub(super) const UNDERFLOW_CAUSE: &str = "the memory figure is within a few MiB of 2^64 bytes, far beyond any card: a negative count printed as unsigned, so the tool that counts the memory (a GPU-sharing layer such as HAMi, a driver or monitor) miscounted and refused on a false figure; update or restart that layer, the card itself is not full";

pub(super) fn not_memory_cause(scan: &Scan) -> String {
    let text = scan
        .hits(Sig::NotMemory)
        .and_then(|h| h.lines().last().map(|(_, t)| t.to_ascii_lowercase()))
        .unwrap_or_default();
    let cause = if text.contains("driver version is insufficient")
        || text.contains("driver on your system is too old")
        || text.contains("driver combination")
        || text.contains("forward compatibility")
    {
        "the NVIDIA driver is older than the CUDA runtime this build needs (driver/toolkit mismatch)"
    } else if text.contains("out of resource: shared memory") {
        "a Triton kernel needs more on-chip shared memory per block than this GPU has (the figures are kilobytes of the SM's shared memory, not VRAM): the kernel's block sizes or num_stages do not suit this card — update the runtime, pick another attention or kernel backend, or use a GPU it supports"
    } else if text.contains("device-side assert") {
        "a check inside a GPU kernel failed (device-side assert): usually an index out of range — a bug or bad input (token ids, labels), not a lack of memory"
    } else if super::signals::underflowed_figure(&text) {
        UNDERFLOW_CAUSE
    } else if text.contains("launch timed out") {
        "the display driver's watchdog stopped a GPU kernel that ran too long (Windows TDR): raise TdrDelay or use a GPU that drives no display, not a memory problem"
    } else if text.contains("unspecified launch failure")
        || text.contains("launchfailure")
        || text.contains("misaligned address")
        || text.contains("memory access fault")
        || text.contains("protection_fault")
        || text.contains("] page fault")
        || text.contains("aperture_violation")
    {
        "a GPU kernel crashed (bad address or launch failure): a bug in the runtime or driver for this model or settings, not a lack of memory"
    } else if text.contains("nobinaryforgpu") || text.contains("code object") {
        "the build has no GPU code for this card (ROCm: no code object for its gfx target; use a build for it, or HSA_OVERRIDE_GFX_VERSION where supported)"
    } else if text.contains("unsupported toolchain") {
        "the NVIDIA driver is older than the CUDA toolkit this build was compiled with (update the driver)"
    } else if text.contains("busy or unavailable") {
        "the GPU is in exclusive-process mode and taken, or unavailable to this process (nvidia-smi -c, container settings), not short of memory"
    } else if text.contains("cannot open shared object")
        || text.contains("shared libraries")
        || text.contains("able to be loaded")
        || text.contains("modulenotfounderror")
    {
        "a library the runtime needs is missing or does not match (reinstall the runtime and its CUDA / ROCm libraries)"
    } else if text.contains("invalid device ordinal") {
        "the process asked for a GPU index that is not visible to it (CUDA_VISIBLE_DEVICES, container settings or the device number)"
    } else if text.contains("cublas_status") {
        "cuBLAS refused an operation on this GPU (not supported or failed to execute): a build or driver problem, not memory"
    } else if text.contains("requires flash_attn") {
        "a quantized V cache (-ctv q8_0, q4_0…) needs flash attention, which is off: turn it on (-fa on) or keep the V cache at f16"
    } else if text.contains("wrong shape")
        || text.contains("wrong number of tensors")
        || text.contains("pre-tokenizer")
    {
        "the model file does not match what this runtime version expects (update the runtime, or use a file made for it)"
    } else if text.contains("no kernel image")
        || text.contains("invalid device function")
        || text.contains("no device code")
    {
        "the build has no GPU code for this card's compute capability (rebuild with its CUDA architecture, or use a build that supports it)"
    } else if text.contains("not enough space in the buffer") {
        "llama.cpp's graph allocator needed more of a buffer than it had measured for itself (needed vs largest block): a bug in that build's allocator, not a lack of memory — update llama.cpp"
    } else if text.contains("illegal memory access") {
        "a GPU kernel read or wrote out of bounds (illegal memory access): a bug in the runtime for this model or settings, not a lack of memory"
    } else if text.contains("gpu architecture") {
        "the build has no GPU code for this card's architecture (use a build or version that supports it)"
    } else if text.contains("os call failed") {
        "a CUDA call was blocked by the OS or container (CUDA error 304): a sandbox / seccomp or driver setting, not memory"
    } else if text.contains("shared object initialization") || text.contains("device context") {
        "the CUDA driver failed to set up the GPU (shared object / context initialisation): a driver or library problem, not memory"
    } else if text.contains("could not load") {
        "a GPU math library could not load its kernel files (check the install, and the open-file limit: ulimit -n)"
    } else if text.contains("0xc000001d")
        || text.contains("illegal instruction")
        || text.contains("illegal_instruction")
    {
        "the CPU does not support an instruction this build uses (illegal instruction): use a build for this CPU (no AVX-512 / AVX2)"
    } else if text.contains("context's memory pool") {
        "a fixed-size internal ggml context pool is too small for these settings: a sizing bug in the runtime, not a lack of RAM or VRAM"
    } else if text.contains("architecture") {
        "this build does not know the model's architecture (update the runtime to a version that supports this model)"
    } else if text.contains("not within the file bounds")
        || text.contains("invalid magic")
        || text.contains("corrupt")
        || text.contains("unexpected end of file")
        || text.contains("consistency check failed")
    {
        "the model file is incomplete or corrupt (download it again and compare its size or checksum)"
    } else if text.contains("available context size")
        || text.contains("exceed context window")
        || text.contains("maximum context length")
        || text.contains("context shift is disabled")
        || text.contains("context size has been exceeded")
        || text.contains("does not support k-shift")
        || text.contains("physical batch size")
    {
        "the request is longer than the context (or batch) the server was started with: a logical limit, not an allocation failure (raise -c / -b, or enable context shift)"
    } else if text.contains("free space in the kv cache")
        || text.contains("kv cache is full")
        || text.contains("kv cache slot")
        || text.contains("memory slot")
    {
        "the context window is full: every KV-cache slot is in use (a logical limit, not an allocation failure)"
    } else if [
        "no compatible gpus",
        "not compiled with gpu",
        "failed to initialize cuda",
        "stub library",
        "not compiled with cuda",
        "no nvidia driver",
        "communicate with the nvidia driver",
        "cuda driver library",
        "amd gpu detection",
        "dynamic library 'libcud",
        "no usable gpu",
        "gpu dependency libraries",
        "amdgpu is not supported",
        "amdgpu too old",
        "gpu survey unsuccessful",
        "compatible amdgpu",
    ]
    .iter()
    .any(|w| text.contains(w))
    {
        "the GPU was not used at all: no usable driver, GPU build or device was found, so everything ran on the CPU (install or fix the GPU driver, or use the runtime's GPU build); not a lack of VRAM"
    } else if text.contains("shared memory limit")
        || text.contains("insufficient shared memory")
        || text.contains("shared memory segment")
    {
        "the container's shared memory (/dev/shm, 64 MB by default in Docker) is too small for the DataLoader workers or NCCL: start it with --shm-size=8g or --ipc=host (or use fewer DataLoader workers); the RAM itself is not short"
    } else if text.contains("newer plan") || text.contains("plan file is not compatible") {
        "the TensorRT engine file was built with another TensorRT version (or for another GPU) than the one loading it: delete the engine and build it again with the installed TensorRT"
    } else if text.contains("static tls block") {
        "a shared library (most often libgomp, OpenMP's runtime) was loaded after the process's static thread-local storage was laid out: the dynamic loader refuses it, whatever the free RAM — import torch first, or LD_PRELOAD the library named, or reinstall the environment so one OpenMP runtime is used"
    } else if text.contains("prompt is too long") {
        "the application counted the prompt's tokens against the model's limit and refused it before anything ran: a limit of tokens, not memory; shorten the prompt (images count too), lower the answer's max tokens, or pick a model with a longer context"
    } else if text.contains("ms exceeded") {
        "the client calling the model server stopped waiting at its own request timeout (the figure is milliseconds); the server did not fail: raise the client's timeout, stream the answer, or give it a shorter task"
    } else if text.contains("status code 524") || text.contains("gateway time") {
        "a proxy in front of the server (Cloudflare gives up after 100 seconds with 524; nginx and other gateways answer 504) closed a request that took longer than it allows: stream the response, raise the proxy's timeout, or reach the server directly; the model server did not fail"
    } else if text.contains("same device") {
        "tensors ended up on different devices (a device_map / offload setting or a bug in the model code), not a lack of memory"
    } else if text.contains("size mismatch") || text.contains("loading state_dict") {
        "the checkpoint does not match the model definition (wrong file, config or version), not a lack of memory"
    } else if text.contains("probability tensor") {
        "the model produced inf/NaN values (fp16 overflow, a bad quantization or sampling settings), not a lack of memory"
    } else if text.contains("ampere")
        || text.contains("compute capability")
        || text.contains("current pytorch installation")
        || text.contains("no longer supports this gpu")
        || text.contains("kernel image")
        || text.contains("nokernelimage")
        || text.contains("invalid_isa")
        || text.contains("tensilelibrary")
    {
        "this build has no GPU code (or no feature support) for this card's architecture: use a build or version made for it, not a memory setting"
    } else if text.contains("device_lost") || text.contains("devicelost") {
        "the GPU device was lost (a driver reset, a timeout watchdog, overheating or power): a driver or hardware fault, not a lack of memory"
    } else if text.contains("incompatibledriver")
        || text.contains("extensionnotpresent")
        || text.contains("initializationfailed")
        || text.contains("driver initialization")
    {
        "the GPU driver could not be set up for this backend (missing or too old a Vulkan / CUDA driver): update or reinstall the driver"
    } else if text.contains("shader compilation")
        || text.contains("createcomputepipeline")
        || text.contains("pipeline error")
        || text.contains("compiler encountered an internal error")
    {
        "a GPU kernel (a Vulkan shader or Metal pipeline) failed to build on this driver: update the GPU driver or the runtime, not a memory setting"
    } else if text.contains("0xc0000135") || text.contains("specified module could not be found") {
        "Windows could not find a DLL the runtime needs (STATUS_DLL_NOT_FOUND): reinstall the runtime or the Visual C++ / CUDA runtime libraries"
    } else if text.contains("missing tensor")
        || text.contains("deserializing header")
        || text.contains("central directory")
    {
        "the model file is incomplete, corrupt or not the format this runtime expects (download it again and compare its size)"
    } else if text.contains("pulling it first")
        || text.contains("gated repo")
        || text.contains("repositorynotfound")
    {
        "the model is not there to load: not pulled yet, a gated repository without access (log in / accept the licence), or a wrong repository name"
    } else if text.contains("hiperrornodevice") || text.contains("no devices found") {
        "no usable GPU was found for this backend (driver not loaded, or the device hidden from the process), so nothing could be placed on it"
    } else if text.contains("could not select device driver")
        || text.contains("nvidia-container-cli")
    {
        "the container has no GPU access (install the NVIDIA Container Toolkit, run with --gpus all)"
    } else if text.contains("invalid argument") && text.contains("error: ")
        || text.contains("unknown argument")
    {
        "the command line has an option this version does not accept: check the spelling and the runtime's --help"
    } else if text.contains("your version")
        || text.contains("newer version")
        || text.contains("model manifest")
    {
        "this runtime version does not know the model (update the runtime, or check the model's name)"
    } else if text.contains("address already in use") {
        "the port is taken by another server (often an earlier instance still running): a port clash, not memory"
    } else if [
        "importerror",
        "attributeerror",
        "typeerror",
        "keyerror",
        "valueerror",
        "notimplementederror",
    ]
    .iter()
    .any(|w| text.contains(w))
    {
        "the program stopped on a Python error that is not about memory (a version mismatch between packages, or a bug): update or pin the packages the traceback names"
    } else if text.contains("explicitly requested") {
        "the GPU module was not available (llamafile could not build or load its CUDA / ROCm support), so everything ran on the CPU: install the GPU toolkit or use a build with GPU support, not a memory setting"
    } else if text.contains("gloo") || text.contains("nccl") {
        "the processes of a multi-GPU run lost their connection to each other (gloo / NCCL transport): a network or process failure, not a lack of memory"
    } else if text.contains("engine") {
        "the app could not load its inference engine (an install or configuration problem: reinstall or pick the engine / backend in its settings), not a lack of memory"
    } else if text.contains("impacting interactivity")
        || text.contains("gpu timeout error")
        || text.contains("gpu hang error")
    {
        "the GPU watchdog stopped a command buffer that ran too long (or hung): split the work into smaller steps (a smaller prefill / batch), not a memory setting"
    } else if text.contains("unrecognized selector") {
        "the GPU does not implement a call the runtime needs (a virtual machine's paravirtual GPU, or a too-old OS): run on the real GPU, not a memory setting"
    } else if text.contains("resource limit (") {
        "the runtime hit Metal's limit on the number of live GPU buffers (many small allocations, e.g. a quantized KV cache growing per token), not the bytes of memory"
    } else if text.contains("ecc error")
        || text.contains("xid")
        || text.contains("ring gfx timeout")
        || text.contains("system not yet initialized")
    {
        "the GPU reported a hardware or driver fault (ECC error, NVIDIA Xid, AMD ring timeout, fabric manager not running): check the driver, power and cooling, not a memory setting"
    } else if text.contains("undefined symbol") || text.contains("required by") {
        "the runtime's libraries do not match each other or the system (an undefined symbol, a missing glibc version): reinstall the runtime built for this system"
    } else if text.contains("vocabulary")
        || text.contains("magic")
        || text.contains("ggml type")
        || text.contains("key not found")
        || text.contains("digest mismatch")
    {
        "the model file is broken, incomplete or from a newer format than this runtime reads (download it again, or update the runtime)"
    } else if text.contains("max retries exceeded") {
        "the download of the model failed (network or registry), not a lack of memory"
    } else if text.contains("illegal hardware instruction") {
        "an x86 build is running on Apple Silicon (under Rosetta) or on a CPU without the instructions it needs: install the native arm64 build"
    } else if text.contains("invalid resource handle")
        || text.contains("unknown error")
        || text.contains("peer access")
    {
        "a CUDA call failed for a reason other than memory (a stale handle, an unknown driver error often fixed by a reboot or driver update, or GPUs that cannot reach each other's memory)"
    } else if text.contains("887a0005")
        || text.contains("887a0006")
        || text.contains("device_removed")
        || text.contains("device_hung")
    {
        "Windows' graphics driver removed or reset the GPU (DXGI device removed / hung: a driver crash or the timeout watchdog), not a lack of memory: update the driver, or raise TdrDelay for long kernels"
    } else if text.contains("16-bit storage") {
        "the Vulkan device lacks a feature this backend needs (16-bit storage): use another backend or a newer driver, not a memory setting"
    } else if text.contains("fallen off the bus") {
        "the GPU dropped off the PCIe bus (NVIDIA Xid 79): a hardware, power, overheating or driver fault, not a lack of memory"
    } else if text.contains("no cuda-capable device") {
        "no CUDA GPU is visible to the process (driver not loaded, or CUDA_VISIBLE_DEVICES / container settings hide it)"
    } else {
        "an operation this build or GPU does not support"
    };
    cause.to_owned()
}
