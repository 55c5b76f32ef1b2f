//! Numbers in OOM messages: sizes in every unit spelling (GiB/MiB/KiB/GB/MB/KB/bytes, decimal commas),
//! device ids, layer counts. Each runtime's message format has its own pattern; all run only on the few lines
//! that carried a signal, so their cost does not grow with the log.

use std::sync::OnceLock;

use regex::Regex;

use crate::units::unit_multiplier;

/// What one log's lines said, in bytes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Found {
    pub requested: Option<u64>,
    pub total: Option<u64>,
    pub free: Option<u64>,
    pub allocated: Option<u64>,
    pub reserved: Option<u64>,
    /// PyTorch: "X is reserved by PyTorch but unallocated".
    pub reserved_unallocated: Option<u64>,
    /// PyTorch: "Including non-PyTorch memory, this process has X".
    pub this_process: Option<u64>,
    /// PyTorch: "Process P has X memory in use" (pid, bytes).
    pub processes: Vec<(u64, u64)>,
    pub device: Option<String>,
    pub layers: Option<(u32, u32)>,
    /// vLLM: (max_model_len, tokens that fit in the KV cache).
    pub kv_tokens: Option<(u64, u64)>,
    /// Ollama's offload plan: weights in total and the part placed on GPUs.
    pub ollama_weights: Option<u64>,
    pub ollama_gpu_part: Option<u64>,
    pub ollama_full: Option<u64>,
    /// Ollama's view of system memory: free RAM and free swap.
    pub host_free: Option<u64>,
    pub host_free_swap: Option<u64>,
    /// Ollama's offload plan, read separately (its log wraps the line): layers in the model and on GPUs.
    pub ollama_layers_model: Option<u32>,
    pub ollama_layers_offload: Option<u32>,
    /// `ollama ps`: the CPU share of a loaded model ("42%/58% CPU/GPU").
    pub cpu_share: Option<u32>,
    /// Process ids the log names as its own (a listed process with one of them is the failing one).
    pub own_pids: Vec<u64>,
}

const SIZE: &str = r"(\d+(?:[.,]\d+)?)\s*(GiB|MiB|KiB|GB|MB|KB|kB|B|bytes|G|M)\b";

struct Patterns {
    torch_new: Regex,
    torch_total: Regex,
    torch_free: Regex,
    torch_process: Regex,
    torch_this: Regex,
    torch_alloc: Regex,
    torch_ru: Regex,
    torch_gpu: Regex,
    torch_old: Regex,
    mps: Regex,
    llama_alloc: Regex,
    buffer_of_size: Regex,
    offloaded: Regex,
    ollama_offload: Regex,
    ollama_layers_model: Regex,
    ollama_layers_offload: Regex,
    cpu_gpu: Regex,
    ps_all_cpu: Regex,
    ollama_sysmem: Regex,
    ollama_gpu: Regex,
    metal_ws: Regex,
    metal_total: Regex,
    metal_fail: Regex,
    comfy: Regex,
    dmesg: Regex,
    smi: Regex,
    vllm_len: Regex,
    ollama_weights: Regex,
    ollama_partial: Regex,
    ollama_full: Regex,
    ollama_host_free: Regex,
    ollama_swap: Regex,
}

fn patterns() -> Option<&'static Patterns> {
    static P: OnceLock<Option<Patterns>> = OnceLock::new();
    P.get_or_init(|| {
        let r = |s: &str| Regex::new(&s.replace("SIZE", SIZE)).ok();
        Some(Patterns {
            torch_new: r(r"(?i)tried to allocate SIZE")?,
            torch_total: r(r"(?i)total capac(?:i)?ty of SIZE")?,
            torch_free: r(r"(?i)of which SIZE is free")?,
            torch_process: r(r"(?i)process (\d+) has SIZE memory")?,
            torch_this: r(r"(?i)this process has SIZE memory in use")?,
            torch_alloc: r(r"(?i)SIZE is allocated by pytorch")?,
            torch_ru: r(r"(?i)SIZE is reserved by pytorch but unallocated")?,
            torch_gpu: r(r"(?i)\bGPU (\d+)")?,
            torch_old: r(
                r"(?i)\(GPU (\d+); SIZE total capacity; SIZE already allocated; SIZE free; SIZE reserved in total",
            )?,
            mps: r(r"(?i)MPS allocated: SIZE, other allocations: SIZE, max allowed: SIZE\)\. Tried to allocate SIZE")?,
            llama_alloc: r(r"(?i)allocating SIZE on device (\d+)")?,
            buffer_of_size: r(r"(?i)failed to allocate (\w+)? ?buffer(?: of size|, size =) (\d+(?:\.\d+)?)\s*(MiB|MB|GiB)?")?,
            offloaded: r(r"(?i)offloaded (\d+)/(\d+) layers")?,
            ollama_offload: r(r"(?i)layers\.model=(\d+) layers\.offload=(\d+)")?,
            ollama_layers_model: r(r"(?i)layers\.model=(\d+)")?,
            ollama_layers_offload: r(r"(?i)layers\.offload=(\d+)")?,
            cpu_gpu: r(r"(?i)(\d+)%/(\d+)% CPU/GPU")?,
            // A row of `ollama ps` with the model whole on the CPU: "8.1 GB    100% CPU     9 minutes from now".
            ps_all_cpu: r(r"(?i)\d(?:\.\d+)?\s?[GM]B\s+100% CPU {3}")?,
            ollama_sysmem: r(r"(?i)requires more system memory \(SIZE\) than is available \(SIZE\)")?,
            ollama_gpu: r(r"(?i)(\d+) MiB, (\d+) MiB Free")?,
            metal_ws: r(r"(?i)recommendedMaxWorkingSetSize\s*=\s*(\d+(?:\.\d+)?)\s*(MiB|MB)")?,
            metal_total: r(r"\(\s*(\d+(?:\.\d+)?)\s*/\s*(\d+(?:\.\d+)?)\)")?,
            metal_fail: r(r"(?i)failed to allocate buffer, size = SIZE")?,
            comfy: r(r"(?i)(currently allocated|requested|device limit|free \(according to cuda\))\s*:\s*SIZE")?,
            dmesg: r(r"(?i)killed process (\d+) \(([^)]*)\) total-vm:(\d+)kB, anon-rss:(\d+)kB")?,
            smi: r(r"(\d+)MiB\s*/\s*(\d+)MiB")?,
            ollama_weights: r(r#"memory\.weights\.total="SIZE""#)?,
            ollama_full: r(r#"memory\.required\.full="SIZE""#)?,
            ollama_partial: r(r#"memory\.required\.partial="SIZE""#)?,
            ollama_host_free: r(r#"\bfree="SIZE""#)?,
            ollama_swap: r(r#"free_swap="SIZE""#)?,
            vllm_len: r(r"(?i)max seq len \((\d+)\) is larger than the maximum number of tokens that can be stored in KV cache \((\d+)\)")?,
        })
    })
    .as_ref()
}

/// "7,50" + "GiB" → bytes.
fn bytes(num: &str, unit: &str) -> Option<u64> {
    let value: f64 = num.replace(',', ".").parse().ok()?;
    let mult = match unit {
        "kB" => 1024,
        "G" => 1 << 30,
        "M" => 1 << 20,
        u => unit_multiplier(u)?,
    };
    Some((value * mult as f64).round() as u64)
}

fn cap_bytes(c: &regex::Captures<'_>, i: usize) -> Option<u64> {
    bytes(c.get(i)?.as_str(), c.get(i + 1)?.as_str())
}

fn set(slot: &mut Option<u64>, v: Option<u64>) {
    if v.is_some() {
        *slot = v;
    }
}

impl Found {
    /// PyTorch's reserve it cannot hand out: stated, or reserved minus allocated.
    pub fn unallocated_reserve(&self) -> Option<u64> {
        self.reserved_unallocated
            .or_else(|| Some(self.reserved?.saturating_sub(self.allocated?)))
    }

    /// The reserve is about the request's size (four fifths or more): only then can fragmentation explain a
    /// failed request of `req` bytes; a reserve far smaller than the request does not.
    pub fn reserve_covers(&self, req: u64) -> Option<bool> {
        Some(self.unallocated_reserve()?.saturating_mul(5) >= req.saturating_mul(4))
    }

    /// The reserve is a large share of what the allocator holds (a third or more): the cache split into
    /// pieces, not the few MiB of slack every cache keeps.
    fn reserve_is_large(&self) -> Option<bool> {
        let ru = self.unallocated_reserve()?;
        let held = self
            .reserved
            .or_else(|| Some(self.allocated?.saturating_add(ru)))?;
        Some(ru.saturating_mul(3) >= held)
    }

    /// The figures rule fragmentation out for a request of `req` bytes: the reserve is far smaller than the
    /// request, or only the slack any cache keeps.
    pub fn split_ruled_out(&self, req: Option<u64>) -> bool {
        req.and_then(|r| self.reserve_covers(r)) == Some(false)
            || self.reserve_is_large() == Some(false)
    }

    /// Reads what `line` says; later lines overwrite earlier values (the last failure is the one that counts).
    pub fn read(&mut self, line: &str) {
        let Some(p) = patterns() else {
            return;
        };
        if let Some(c) = p.torch_old.captures(line) {
            self.device = c.get(1).map(|m| format!("GPU {}", m.as_str()));
            set(&mut self.total, cap_bytes(&c, 2));
            set(&mut self.allocated, cap_bytes(&c, 4));
            set(&mut self.free, cap_bytes(&c, 6));
            set(&mut self.reserved, cap_bytes(&c, 8));
        }
        if let Some(c) = p.mps.captures(line) {
            set(&mut self.allocated, cap_bytes(&c, 1));
            set(&mut self.total, cap_bytes(&c, 5));
            set(&mut self.requested, cap_bytes(&c, 7));
            let other = cap_bytes(&c, 3).unwrap_or(0);
            if let (Some(t), Some(a)) = (self.total, self.allocated) {
                self.free = Some(t.saturating_sub(a + other));
            }
            self.device = Some("MPS".into());
            return;
        }
        if let Some(c) = p.torch_new.captures(line) {
            set(&mut self.requested, cap_bytes(&c, 1));
            if let Some(g) = p.torch_gpu.captures(line) {
                self.device = g.get(1).map(|m| format!("GPU {}", m.as_str()));
            }
        }
        if let Some(c) = p.torch_total.captures(line) {
            set(&mut self.total, cap_bytes(&c, 1));
        }
        if let Some(c) = p.torch_free.captures(line) {
            set(&mut self.free, cap_bytes(&c, 1));
        }
        if p.torch_process.is_match(line) {
            self.processes.clear();
            for c in p.torch_process.captures_iter(line) {
                if let (Some(pid), Some(b)) = (
                    c.get(1).and_then(|m| m.as_str().parse().ok()),
                    cap_bytes(&c, 2),
                ) {
                    self.processes.push((pid, b));
                }
            }
        }
        if let Some(c) = p.torch_this.captures(line) {
            set(&mut self.this_process, cap_bytes(&c, 1));
        }
        if let Some(c) = p.torch_alloc.captures(line) {
            set(&mut self.allocated, cap_bytes(&c, 1));
        }
        if let Some(c) = p.torch_ru.captures(line) {
            set(&mut self.reserved_unallocated, cap_bytes(&c, 1));
            if let (Some(a), Some(r)) = (self.allocated, self.reserved_unallocated) {
                self.reserved = Some(a + r);
            }
        }
        if let Some(c) = p.llama_alloc.captures(line) {
            set(&mut self.requested, cap_bytes(&c, 1));
            self.device = c.get(3).map(|m| format!("device {}", m.as_str()));
        }
        if let Some(c) = p.buffer_of_size.captures(line) {
            let unit = c.get(3).map_or("B", |m| m.as_str());
            set(
                &mut self.requested,
                c.get(2).and_then(|m| bytes(m.as_str(), unit)),
            );
            if let Some(dev) = c
                .get(1)
                .map(|m| m.as_str())
                .filter(|d| !d.eq_ignore_ascii_case("to"))
            {
                self.device = Some(dev.to_owned());
            }
        }
        if let Some(c) = p.offloaded.captures(line) {
            let n = |i: usize| c.get(i).and_then(|m| m.as_str().parse().ok());
            if let (Some(x), Some(y)) = (n(1), n(2)) {
                self.layers = Some((x, y));
            }
        }
        if let Some(c) = p.ollama_offload.captures(line) {
            let n = |i: usize| c.get(i).and_then(|m| m.as_str().parse().ok());
            if let (Some(y), Some(x)) = (n(1), n(2)) {
                self.layers = Some((x, y));
            }
        }
        let n = |r: &Regex| {
            r.captures(line)
                .and_then(|c| c.get(1)?.as_str().parse::<u32>().ok())
        };
        if let Some(m) = n(&p.ollama_layers_model) {
            self.ollama_layers_model = Some(m);
        }
        if let Some(o) = n(&p.ollama_layers_offload) {
            self.ollama_layers_offload = Some(o);
        }
        if self.layers.is_none()
            && let (Some(y), Some(x)) = (self.ollama_layers_model, self.ollama_layers_offload)
        {
            self.layers = Some((x, y));
        }
        if let Some(cpu) = n(&p.cpu_gpu) {
            self.cpu_share = Some(cpu);
        } else if p.ps_all_cpu.is_match(line) {
            self.cpu_share = Some(100);
        }
        if let Some(c) = p.ollama_sysmem.captures(line) {
            set(&mut self.requested, cap_bytes(&c, 1));
            set(&mut self.free, cap_bytes(&c, 3));
            self.device = Some("system RAM".into());
        }
        if let Some(c) = p.ollama_gpu.captures(line) {
            set(
                &mut self.total,
                c.get(1).and_then(|m| bytes(m.as_str(), "MiB")),
            );
            set(
                &mut self.free,
                c.get(2).and_then(|m| bytes(m.as_str(), "MiB")),
            );
        }
        if let Some(c) = p.metal_ws.captures(line) {
            set(
                &mut self.total,
                c.get(1).and_then(|m| bytes(m.as_str(), "MiB")),
            );
        }
        if line.contains("ggml_metal")
            && let Some(c) = p.metal_total.captures(line)
        {
            set(
                &mut self.allocated,
                c.get(1).and_then(|m| bytes(m.as_str(), "MiB")),
            );
            set(
                &mut self.total,
                c.get(2).and_then(|m| bytes(m.as_str(), "MiB")),
            );
        }
        if let Some(c) = p.metal_fail.captures(line) {
            set(&mut self.requested, cap_bytes(&c, 1));
        }
        for c in p.comfy.captures_iter(line) {
            let v = cap_bytes(&c, 2);
            match c.get(1).map(|m| m.as_str().to_ascii_lowercase()).as_deref() {
                Some("currently allocated") => set(&mut self.allocated, v),
                Some("requested") => set(&mut self.requested, v),
                Some("device limit") => set(&mut self.total, v),
                _ => set(&mut self.free, v),
            }
        }
        if let Some(c) = p.dmesg.captures(line) {
            set(
                &mut self.allocated,
                c.get(4).and_then(|m| bytes(m.as_str(), "KiB")),
            );
            self.device = Some("system RAM".into());
        }
        if let Some(c) = p.smi.captures(line) {
            set(
                &mut self.allocated,
                c.get(1).and_then(|m| bytes(m.as_str(), "MiB")),
            );
            set(
                &mut self.total,
                c.get(2).and_then(|m| bytes(m.as_str(), "MiB")),
            );
        }
        if let Some(c) = p.ollama_weights.captures(line) {
            self.ollama_weights = cap_bytes(&c, 1);
        }
        if let Some(c) = p.ollama_full.captures(line) {
            self.ollama_full = cap_bytes(&c, 1);
        }
        if let Some(c) = p.ollama_partial.captures(line) {
            self.ollama_gpu_part = cap_bytes(&c, 1);
        }
        if let Some(c) = p.ollama_swap.captures(line) {
            self.host_free_swap = cap_bytes(&c, 1);
        }
        if let Some(c) = p.ollama_host_free.captures(line) {
            self.host_free = cap_bytes(&c, 1);
        }
        if let Some(c) = p.vllm_len.captures(line) {
            let n = |i: usize| c.get(i).and_then(|m| m.as_str().parse().ok());
            if let (Some(a), Some(b)) = (n(1), n(2)) {
                self.kv_tokens = Some((a, b));
            }
        }
    }

    /// Memory held by processes other than the failing one (PyTorch's process list): a listed process is the
    /// failing one when its usage matches what this process's allocator holds.
    pub fn held_by_others(&self) -> u64 {
        let own = self
            .this_process
            .or_else(|| Some(self.allocated? + self.reserved_unallocated.unwrap_or(0)));
        let others: Vec<&(u64, u64)> = self
            .processes
            .iter()
            .filter(|(pid, _)| !self.own_pids.contains(pid))
            .collect();
        let named_own = others.len() < self.processes.len();
        // Without the "this process has" line (or a listed pid the log names as its own), the one process
        // whose use matches the allocator's total (within 1 GiB for the CUDA context and non-PyTorch memory,
        // or 10 %) is this one; only that one.
        let this_one = match own {
            Some(o) if self.this_process.is_none() && !named_own => others
                .iter()
                .enumerate()
                .filter(|(_, (_, b))| b.abs_diff(o) <= (1 << 30).max(o / 10))
                .min_by_key(|(_, (_, b))| b.abs_diff(o))
                .map(|(i, _)| i)
                .or_else(|| self.listed_is_this_one(&others, o)),
            _ => None,
        };
        others
            .iter()
            .enumerate()
            .filter(|(i, _)| Some(*i) != this_one)
            .map(|(_, (_, b))| b)
            .sum()
    }
}

impl Found {
    /// The listed processes and this one's allocator cannot all fit in what is in use on the card (total −
    /// free, with 512 MiB of slack): one of them is this process, holding more than its allocator counts
    /// (CUDA graphs, NCCL, cuBLAS workspaces). It is the smallest that holds at least the allocator's total.
    fn listed_is_this_one(&self, others: &[&(u64, u64)], own: u64) -> Option<usize> {
        let in_use = self.total?.saturating_sub(self.free.unwrap_or(0));
        let listed: u64 = others.iter().map(|(_, b)| *b).sum();
        if own == 0 || listed.saturating_add(own) <= in_use.saturating_add(512 << 20) {
            return None;
        }
        others
            .iter()
            .enumerate()
            .filter(|(_, (_, b))| *b >= own)
            .min_by_key(|(_, (_, b))| *b)
            .map(|(i, _)| i)
    }

    /// Ollama planned to keep (nearly) more in system RAM than RAM and swap had free: the kernel will kill it.
    /// What stays on the host is Ollama's full requirement minus the part it placed on GPUs; the OS, the page
    /// cache of the mmap'd file and the runner need headroom (2 GiB, or 5 % of the free RAM if more).
    pub fn host_overcommitted(&self) -> Option<(u64, u64)> {
        let full = self.ollama_full.or(self.ollama_weights)?;
        let on_host = full.saturating_sub(self.ollama_gpu_part?);
        let room = self.host_free? + self.host_free_swap.unwrap_or(0);
        let headroom = (2u64 << 30).max(self.host_free? / 20);
        (on_host + headroom > room).then_some((on_host, room))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pytorch_2_1_format() {
        let mut f = Found::default();
        f.read("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.50 GiB. GPU 0 has a total capacity of 21.99 GiB of which 6.62 GiB is free. Process 1234 has 15.35 GiB memory in use. Of the allocated memory 6.15 GiB is allocated by PyTorch, and 8.71 GiB is reserved by PyTorch but unallocated.");
        let g = |x: f64| (x * (1u64 << 30) as f64).round() as u64;
        assert_eq!(f.requested, Some(g(7.5)));
        assert_eq!(f.total, Some(g(21.99)));
        assert_eq!(f.free, Some(g(6.62)));
        assert_eq!(f.reserved_unallocated, Some(g(8.71)));
        assert_eq!(f.device.as_deref(), Some("GPU 0"));
        // 15.35 GiB ≈ 6.15 + 8.71: the listed process is the failing one.
        assert_eq!(f.held_by_others(), 0);
    }

    #[test]
    fn old_pytorch_llama_cpp_and_decimal_commas() {
        let mut f = Found::default();
        f.read("CUDA out of memory. Tried to allocate 448.00 MiB (GPU 7; 79.32 GiB total capacity; 78.58 GiB already allocated; 259.56 MiB free; 78.58 GiB reserved in total by PyTorch)");
        assert_eq!(f.device.as_deref(), Some("GPU 7"));
        assert_eq!(f.free, Some(272_168_387));
        let mut f = Found::default();
        f.read("ggml_backend_cuda_buffer_type_alloc_buffer: allocating 144817.04 MiB on device 0: cudaMalloc failed: out of memory");
        assert_eq!(f.requested, Some(151_851_672_535));
        f.read("load_tensors: offloaded 5/37 layers to GPU");
        assert_eq!(f.layers, Some((5, 37)));
        let mut f = Found::default();
        f.read("Tried to allocate 1,5 GiB");
        assert_eq!(f.requested, Some(1_610_612_736));
    }
}
