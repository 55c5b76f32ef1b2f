//! Beyond one machine. llama.cpp RPC (tools/rpc/README.md): each extra host runs `rpc-server` (llama.cpp built
//! with `-DGGML_RPC=ON`), the main host adds `--rpc host:port,…`; llama.cpp then splits layers over all
//! devices in proportion to their memory. vLLM: `--tensor-parallel-size` over the GPUs of one node,
//! `--pipeline-parallel-size` across nodes (Ray).

use super::{Written, model_argument};
use crate::plan::{PlanError, Runtime, Setup, Shell, Situation};

/// Default `rpc-server` port.
pub const RPC_PORT: u16 = 50052;

/// `host` → `host:50052`; `host:port` kept.
pub fn endpoint(host: &str) -> String {
    let h = host.trim();
    if h.rsplit_once(':')
        .is_some_and(|(_, p)| p.parse::<u16>().is_ok())
    {
        h.to_owned()
    } else {
        format!("{h}:{RPC_PORT}")
    }
}

pub fn write(sit: &Situation, setup: &Setup) -> Result<Written, PlanError> {
    let mut w = Written::default();
    if sit.runtime == Runtime::Vllm {
        let mut s = setup.clone();
        s.tensor_parallel = u32::try_from(sit.gpus.len()).unwrap_or(1).max(2);
        w.extend(super::vllm::launch(sit, &s)?);
        w.note("Across several machines: start a Ray cluster and add --pipeline-parallel-size with the number of nodes.");
        return Ok(w);
    }
    if !sit.runtime.is_llama_family() || sit.rpc_hosts.is_empty() {
        return Ok(w);
    }
    let endpoints: Vec<String> = sit.rpc_hosts.iter().map(|h| endpoint(h)).collect();
    for ep in &endpoints {
        let port = ep
            .rsplit_once(':')
            .map_or(RPC_PORT.to_string(), |(_, p)| p.to_owned());
        w.cmd(
            Shell::Bash,
            Shell::Bash.command(
                "rpc-server",
                &["--host", "0.0.0.0", "--port", port.as_str()],
            )?,
        );
    }
    w.note(format!(
        "Run rpc-server on each of: {} (only on a trusted network: RPC has no authentication).",
        sit.rpc_hosts.join(", ")
    ));
    if let Some(model) = model_argument(sit) {
        let mut args = vec!["-m".to_owned(), model.to_owned()];
        args.extend(super::llama::flags(setup, &sit.setup));
        args.extend(["--rpc".to_owned(), endpoints.join(",")]);
        w.cmd(sit.shell, sit.shell.command("llama-server", &args)?);
    }
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints() {
        assert_eq!(endpoint("192.168.1.20"), "192.168.1.20:50052");
        assert_eq!(endpoint("box:6000"), "box:6000");
    }
}
