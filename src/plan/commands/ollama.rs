//! Ollama: a Modelfile (`FROM`, `PARAMETER num_gpu`, `num_ctx`, `num_batch`) + `ollama create`, and the
//! server-wide environment variables (`OLLAMA_FLASH_ATTENTION`, `OLLAMA_KV_CACHE_TYPE`, `OLLAMA_NUM_PARALLEL`)
//! set the way Ollama's FAQ says per OS: a systemd drop-in on Linux/WSL2, user environment (`setx` /
//! `[Environment]::SetEnvironmentVariable`) on Windows, `launchctl setenv` on macOS, then a server restart.
//! Verify with `ollama ps` (the PROCESSOR column shows "100% GPU" or a CPU/GPU split) and `--verbose` eval rate.

use super::{Written, model_argument};
use crate::plan::{Os, PlanError, Setup, Shell, Situation};

/// The name `ollama create` gets: the model name, lower-case, `:` → `-`, plus `-fit`.
pub fn derived_name(model: &str) -> String {
    let base = super::file_name(model).trim_end_matches(".gguf");
    let cleaned: String = base
        .chars()
        .map(|c| {
            let c = c.to_ascii_lowercase();
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    let cleaned = cleaned.trim_matches('-');
    format!("{}-fit", if cleaned.is_empty() { "model" } else { cleaned })
}

/// A Modelfile line value must stay on one line.
fn modelfile_value(value: &str) -> Result<&str, PlanError> {
    if value.contains(['\n', '\r', '\0']) || value.trim().is_empty() {
        return Err(PlanError::UnwritableValue {
            file: "Modelfile",
            value: value.to_owned(),
            reason: "a FROM value must be one non-empty line",
        });
    }
    Ok(value)
}

/// The Modelfile for a setup; `num_batch` only when it differs from what the user ran with.
pub fn modelfile(model: &str, setup: &Setup, before: &Setup) -> Result<String, PlanError> {
    let mut text = format!("FROM {}\n", modelfile_value(model)?);
    if let Some(n) = setup.n_gpu_layers {
        text.push_str(&format!("PARAMETER num_gpu {n}\n"));
    }
    text.push_str(&format!("PARAMETER num_ctx {}\n", setup.n_ctx));
    if setup.n_batch != before.n_batch {
        // Ollama's num_batch is llama.cpp's n_batch (512 by default in Ollama).
        text.push_str(&format!("PARAMETER num_batch {}\n", setup.n_batch));
    }
    Ok(text)
}

/// Server-wide variables a setup needs (flash attention, KV cache type, parallel requests).
pub fn env_for(setup: &Setup) -> Vec<(&'static str, String)> {
    let mut vars = Vec::new();
    let kv_quantized = !setup.cache_type_k.eq_ignore_ascii_case("f16");
    if setup.flash_attn || kv_quantized {
        vars.push(("OLLAMA_FLASH_ATTENTION", "1".to_owned()));
    }
    if kv_quantized {
        vars.push((
            "OLLAMA_KV_CACHE_TYPE",
            setup.cache_type_k.to_ascii_lowercase(),
        ));
    }
    if setup.parallel >= 1 {
        vars.push(("OLLAMA_NUM_PARALLEL", setup.parallel.to_string()));
    }
    vars
}

/// Sets Ollama server variables persistently for the OS, and restarts the server.
pub fn set_server_env(
    sit: &Situation,
    vars: &[(&'static str, String)],
) -> Result<Written, PlanError> {
    let mut w = Written::default();
    if vars.is_empty() {
        return Ok(w);
    }
    match sit.os {
        Os::Linux | Os::Wsl2 => {
            let path = "/etc/systemd/system/ollama.service.d/vram-doctor.conf";
            let mut content = String::from("[Service]\n");
            for (name, value) in vars {
                content.push_str(&format!("Environment=\"{name}={value}\"\n"));
            }
            let sh = Shell::Bash;
            w.cmd(sh, "sudo mkdir -p /etc/systemd/system/ollama.service.d");
            w.cmd(
                sh,
                format!(
                    "printf '%s' {} | sudo tee {path} >/dev/null",
                    sh.quote(&content)?
                ),
            );
            w.cmd(
                sh,
                "sudo systemctl daemon-reload && sudo systemctl restart ollama",
            );
            w.file(path, content);
            w.note("If you start `ollama serve` by hand instead of the systemd service, export the variables in that shell.");
        }
        Os::Windows => {
            for (name, value) in vars {
                let text = match sit.shell {
                    Shell::PowerShell => format!(
                        "[Environment]::SetEnvironmentVariable({}, {}, 'User')",
                        crate::plan::shell::powershell_string(name)?,
                        crate::plan::shell::powershell_string(value)?
                    ),
                    shell => shell.command("setx", &[*name, value.as_str()])?,
                };
                w.cmd(sit.shell, text);
            }
            w.note("Quit Ollama from the system tray and start it again so the server reads the new variables.");
        }
        Os::Macos => {
            for (name, value) in vars {
                w.cmd(
                    Shell::Bash,
                    Shell::Bash.command("launchctl", &["setenv", name, value.as_str()])?,
                );
            }
            w.cmd(
                Shell::Bash,
                "osascript -e 'quit app \"Ollama\"' && open -a Ollama",
            );
        }
    }
    Ok(w)
}

/// Removes what [`set_server_env`] set (the undo of the step).
pub fn unset_server_env(os: Os, shell: Shell, names: &[&str]) -> String {
    match os {
        Os::Linux | Os::Wsl2 => {
            "sudo rm /etc/systemd/system/ollama.service.d/vram-doctor.conf && sudo systemctl \
                                 daemon-reload && sudo systemctl restart ollama"
                .to_owned()
        }
        Os::Windows => names
            .iter()
            .map(|n| match shell {
                Shell::PowerShell => {
                    format!("[Environment]::SetEnvironmentVariable('{n}', $null, 'User')")
                }
                _ => format!("reg delete HKCU\\Environment /v {n} /f"),
            })
            .collect::<Vec<_>>()
            .join("; "),
        Os::Macos => names
            .iter()
            .map(|n| format!("launchctl unsetenv {n}"))
            .collect::<Vec<_>>()
            .join("; "),
    }
}

pub fn launch(sit: &Situation, setup: &Setup) -> Result<Written, PlanError> {
    let mut w = Written::default();
    // Server variables first, with or without a model to name: the restarted server must be running when
    // the model is created and run. A quantized KV cache needs flash attention in Ollama, whatever the user
    // had before: say both.
    let kv_quantized = !setup.cache_type_k.eq_ignore_ascii_case("f16");
    let changed_env: Vec<_> = env_for(setup)
        .into_iter()
        .filter(|(n, v)| {
            (kv_quantized && *n == "OLLAMA_FLASH_ATTENTION")
                || env_for(&sit.setup)
                    .iter()
                    .all(|(on, ov)| on != n || ov != v)
        })
        .collect();
    w.extend(set_server_env(sit, &changed_env)?);
    let Some(model) = model_argument(sit) else {
        w.note(format!(
            "In your Modelfile: PARAMETER num_ctx {}{}",
            setup.n_ctx,
            setup
                .n_gpu_layers
                .map(|n| format!(", PARAMETER num_gpu {n}"))
                .unwrap_or_default()
        ));
        return Ok(w);
    };
    // A Hugging Face GGUF runs in Ollama as hf.co/OWNER/REPO:QUANT.
    let hf = model.strip_prefix("hf:").map(|r| format!("hf.co/{r}"));
    let model = hf.as_deref().unwrap_or(model);
    let content = modelfile(model, setup, &sit.setup)?;
    let name = derived_name(model);
    w.file("Modelfile", content);
    w.cmd(
        sit.shell,
        sit.shell
            .command("ollama", &["create", name.as_str(), "-f", "Modelfile"])?,
    );
    w.cmd(
        sit.shell,
        sit.shell
            .command("ollama", &["run", name.as_str(), "--verbose"])?,
    );
    Ok(w)
}

pub fn verify(sit: &Situation, setup: &Setup) -> Result<Written, PlanError> {
    let mut w = Written::default();
    w.cmd(sit.shell, "ollama ps");
    if let Some(model) = model_argument(sit) {
        let name = derived_name(model);
        w.cmd(
            sit.shell,
            sit.shell.command(
                "ollama",
                &[
                    "run",
                    name.as_str(),
                    "--verbose",
                    "Say hello in five words.",
                ],
            )?,
        );
    }
    w.note(format!(
        "`ollama ps` should show the model at CONTEXT {} with PROCESSOR \"100% GPU\" (or the CPU/GPU split you chose); \
         `--verbose` prints the eval rate in tokens/s.",
        setup.n_ctx
    ));
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modelfile_and_names() {
        let setup = Setup {
            n_gpu_layers: Some(40),
            n_ctx: 8192,
            ..Setup::default()
        };
        let before = Setup {
            n_batch: 512,
            ..Setup::default()
        };
        let m = modelfile("llama3.3:70b", &setup, &before).unwrap();
        assert_eq!(
            m,
            "FROM llama3.3:70b\nPARAMETER num_gpu 40\nPARAMETER num_ctx 8192\nPARAMETER num_batch 2048\n"
        );
        let m = modelfile("llama3.3:70b", &setup, &setup).unwrap();
        assert_eq!(
            m,
            "FROM llama3.3:70b\nPARAMETER num_gpu 40\nPARAMETER num_ctx 8192\n"
        );
        assert_eq!(derived_name("llama3.3:70b"), "llama3.3-70b-fit");
        assert_eq!(derived_name("/m/It's a model.gguf"), "it-s-a-model-fit");
        assert!(modelfile("a\nPARAMETER evil 1", &setup, &setup).is_err());
    }
}
