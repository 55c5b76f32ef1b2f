//! Command writers: a [`Setup`] for a runtime becomes the commands, files and GUI settings that run it, in
//! the user's shell. One file per runtime (`llama`, `ollama`, `lmstudio`, `transformers`, `vllm`, `textgen`),
//! plus `free_vram` (nvidia-smi and ending processes) and `rpc` (llama.cpp across machines).
//!
//! Flags are the runtimes' own spellings (llama.cpp `tools/server/README.md` and `common/arg.cpp`, Ollama
//! `docs/modelfile.md` and `docs/faq.md`, LM Studio `lms load` docs, vLLM engine arguments, transformers
//! `from_pretrained`/`BitsAndBytesConfig`, text-generation-webui `modules/shared.py`). Every user value goes
//! through `shell` quoting or the file writer's own escaping; writers never guess a value they do not have.

pub mod free_vram;
pub mod llama;
pub mod lmstudio;
pub mod ollama;
pub mod rpc;
pub mod textgen;
pub mod transformers;
pub mod vllm;

use super::{Command, FileToWrite, PlanError, Runtime, Setup, Shell, Situation};

/// What a writer produced for one step.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Written {
    pub commands: Vec<Command>,
    pub files: Vec<FileToWrite>,
    pub settings: Vec<String>,
    pub notes: Vec<String>,
}

impl Written {
    pub fn cmd(&mut self, shell: Shell, text: impl Into<String>) {
        self.commands.push(Command {
            shell,
            text: text.into(),
        });
    }

    pub fn file(&mut self, path: impl Into<String>, content: impl Into<String>) {
        self.files.push(FileToWrite {
            path: path.into(),
            content: content.into(),
        });
    }

    pub fn note(&mut self, text: impl Into<String>) {
        self.notes.push(text.into());
    }

    pub fn setting(&mut self, text: impl Into<String>) {
        self.settings.push(text.into());
    }

    pub fn extend(&mut self, other: Written) {
        self.commands.extend(other.commands);
        self.files.extend(other.files);
        self.settings.extend(other.settings);
        self.notes.extend(other.notes);
    }
}

/// The model argument to use in commands (the situation's, else a stand-in the user must replace is NOT
/// invented: `None` means the writer prints settings only).
pub fn model_argument(sit: &Situation) -> Option<&str> {
    sit.model
        .as_ref()
        .map(|m| m.argument.as_str())
        .filter(|a| !a.trim().is_empty())
}

/// Commands that run the model with `setup` on the situation's runtime.
pub fn launch(sit: &Situation, setup: &Setup) -> Result<Written, PlanError> {
    match sit.runtime {
        Runtime::LlamaServer | Runtime::LlamaCli => llama::launch(sit, setup),
        Runtime::Ollama => ollama::launch(sit, setup),
        Runtime::LmStudio => lmstudio::launch(sit, setup),
        Runtime::Transformers => transformers::launch(sit, setup),
        Runtime::Vllm => vllm::launch(sit, setup),
        Runtime::TextGenWebui => textgen::launch(sit, setup),
    }
}

/// Commands that check a setup worked: what to run and what to look for.
pub fn verify(sit: &Situation, setup: &Setup) -> Result<Written, PlanError> {
    match sit.runtime {
        Runtime::LlamaServer | Runtime::LlamaCli => llama::verify(sit, setup),
        Runtime::Ollama => ollama::verify(sit, setup),
        Runtime::LmStudio => lmstudio::verify(sit, setup),
        Runtime::Transformers => transformers::verify(sit),
        Runtime::Vllm => vllm::verify(sit),
        Runtime::TextGenWebui => textgen::verify(sit),
    }
}

/// The file name part of a path (either separator).
pub fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// Ollama's tag spelling of a quant: the type prefix in lower case (`Q3_K_M` → `q3_K_M`, `Q8_0` → `q8_0`).
pub fn ollama_style(name: &str) -> String {
    match name.split_once('_') {
        Some((head, rest)) => format!("{}_{rest}", head.to_ascii_lowercase()),
        None => name.to_ascii_lowercase(),
    }
}

/// Replaces the quant token in a GGUF file name (`Llama-3.3-70B-Instruct-Q4_K_M.gguf` → `…-Q3_K_M.gguf`),
/// case-insensitively; `None` when the name does not contain the current quant.
pub fn swap_quant_in_name(argument: &str, from: &str, to: &str) -> Option<String> {
    let lower = argument.to_ascii_lowercase();
    let needle = from.to_ascii_lowercase();
    let at = lower.rfind(&needle)?;
    // Keep the name's own case style: Q4_K_M (Hugging Face files), q4_k_m, or Ollama's q4_K_M tags.
    let found = &argument[at..at + from.len()];
    let replacement = if found == ollama_style(from) && found != from {
        ollama_style(to)
    } else if found.chars().any(|c| c.is_ascii_lowercase()) {
        to.to_ascii_lowercase()
    } else {
        to.to_owned()
    };
    Some(format!(
        "{}{}{}",
        &argument[..at],
        replacement,
        &argument[at + from.len()..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quant_swaps_in_file_names() {
        assert_eq!(
            swap_quant_in_name("/m/Llama-3.3-70B-Instruct-Q4_K_M.gguf", "Q4_K_M", "Q3_K_M")
                .as_deref(),
            Some("/m/Llama-3.3-70B-Instruct-Q3_K_M.gguf")
        );
        assert_eq!(
            swap_quant_in_name("qwen2.5-7b-instruct-q4_k_m.gguf", "Q4_K_M", "IQ4_XS").as_deref(),
            Some("qwen2.5-7b-instruct-iq4_xs.gguf")
        );
        assert_eq!(swap_quant_in_name("model.gguf", "Q4_K_M", "Q3_K_M"), None);
        assert_eq!(
            swap_quant_in_name("qwen2.5:32b-instruct-q6_K", "Q6_K", "Q4_K_M").as_deref(),
            Some("qwen2.5:32b-instruct-q4_K_M")
        );
        assert_eq!(file_name("C:\\m\\a.gguf"), "a.gguf");
    }
}
