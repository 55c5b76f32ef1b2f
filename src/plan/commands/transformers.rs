//! Hugging Face transformers: a Python snippet with `from_pretrained(..., torch_dtype=torch.bfloat16,
//! device_map="auto", max_memory={0: "…GiB", "cpu": "…GiB"})` and, for smaller weights, `BitsAndBytesConfig`
//! (8-bit, or 4-bit NF4 with bf16 compute), following the transformers and accelerate docs on big-model
//! inference. `max_memory` per GPU = what the GPU has minus the margin (activations and the KV cache grow into
//! it); `cpu` = the offload budget in system RAM.

use super::{Written, model_argument};
use crate::plan::{PlanError, Setup, Situation};
use crate::units::GIB;

/// How the weights are loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precision {
    Bf16,
    Int8,
    Nf4,
}

impl Precision {
    /// From a quant name in a [`Setup`]: 8-bit names → Int8, 2–6-bit names → NF4, anything else bf16.
    pub fn from_quant(quant: Option<&str>) -> Self {
        let q = quant.unwrap_or("").to_ascii_uppercase();
        if q.contains("8") {
            Self::Int8
        } else if ["Q2", "Q3", "Q4", "Q5", "Q6", "IQ", "NF4", "INT4", "4BIT"]
            .iter()
            .any(|p| q.contains(p))
        {
            Self::Nf4
        } else {
            Self::Bf16
        }
    }

    /// Bytes per parameter (bitsandbytes NF4 ≈ 0.5 + block scales).
    pub fn bytes_per_param(self) -> f64 {
        match self {
            Self::Bf16 => 2.0,
            Self::Int8 => 1.0,
            Self::Nf4 => 0.56,
        }
    }

    pub fn setup_quant(self) -> &'static str {
        match self {
            Self::Bf16 => "BF16",
            Self::Int8 => "INT8",
            Self::Nf4 => "NF4",
        }
    }
}

/// A Python string literal for any text (single quotes, backslash escapes).
pub fn python_str(value: &str) -> String {
    let mut out = String::from("'");
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\0' => out.push_str("\\x00"),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

fn gib_floor(bytes: u64) -> u64 {
    bytes / GIB
}

/// The loading snippet.
pub fn snippet(sit: &Situation, setup: &Setup, model: &str) -> String {
    let precision = Precision::from_quant(setup.quant.as_deref());
    let mut max_memory: Vec<String> = sit
        .gpus
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let usable = g
                .total_bytes
                .saturating_sub(g.used_by_others_bytes)
                .saturating_sub(sit.margin_bytes);
            format!("{i}: \"{}GiB\"", gib_floor(usable).max(1))
        })
        .collect();
    let cpu = if setup.cpu_offload_bytes > 0 {
        Some(setup.cpu_offload_bytes)
    } else {
        sit.host
            .ram_available_bytes
            .map(|a| a.saturating_sub(4 * GIB))
    };
    if let Some(cpu) = cpu {
        max_memory.push(format!("\"cpu\": \"{}GiB\"", gib_floor(cpu).max(1)));
    }
    let mut py =
        String::from("import torch\nfrom transformers import AutoModelForCausalLM, AutoTokenizer");
    if precision != Precision::Bf16 {
        py.push_str(", BitsAndBytesConfig");
    }
    py.push_str(&format!("\n\nmodel_id = {}\n", python_str(model)));
    match precision {
        Precision::Bf16 => {}
        Precision::Int8 => py.push_str("quantization = BitsAndBytesConfig(load_in_8bit=True)\n"),
        Precision::Nf4 => py.push_str(
            "quantization = BitsAndBytesConfig(\n    load_in_4bit=True,\n    bnb_4bit_quant_type=\"nf4\",\n    \
             bnb_4bit_compute_dtype=torch.bfloat16,\n    bnb_4bit_use_double_quant=True,\n)\n",
        ),
    }
    py.push_str("model = AutoModelForCausalLM.from_pretrained(\n    model_id,\n    torch_dtype=torch.bfloat16,\n    device_map=\"auto\",\n");
    if !max_memory.is_empty() {
        py.push_str(&format!("    max_memory={{{}}},\n", max_memory.join(", ")));
    }
    if precision != Precision::Bf16 {
        py.push_str("    quantization_config=quantization,\n");
    }
    py.push_str(")\ntokenizer = AutoTokenizer.from_pretrained(model_id)\n");
    py.push_str("print(model.hf_device_map)\nprint(f\"GPU memory allocated: {torch.cuda.memory_allocated() / 2**30:.2f} GiB\")\n");
    py
}

pub fn launch(sit: &Situation, setup: &Setup) -> Result<Written, PlanError> {
    let mut w = Written::default();
    let model = model_argument(sit).unwrap_or("YOUR_MODEL_ID");
    if model_argument(sit).is_none() {
        w.note("Replace YOUR_MODEL_ID with your model's Hugging Face id or folder.");
    }
    w.file("load_model.py", snippet(sit, setup, model));
    if Precision::from_quant(setup.quant.as_deref()) != Precision::Bf16 {
        w.cmd(
            sit.shell,
            sit.shell
                .command("pip", &["install", "-U", "bitsandbytes", "accelerate"])?,
        );
    }
    w.cmd(sit.shell, sit.shell.command("python", &["load_model.py"])?);
    Ok(w)
}

/// In-process release of cached blocks (a notebook that still holds an old model).
pub const EMPTY_CACHE: &str = "import gc, torch\ndel model  # drop every reference to the old model first\ngc.collect()\ntorch.cuda.empty_cache()\n";

pub fn verify(sit: &Situation) -> Result<Written, PlanError> {
    let mut w = Written::default();
    w.note("`load_model.py` prints the device map (which layers landed on \"cpu\") and the allocated GPU memory; after generating, `torch.cuda.max_memory_allocated()` shows the peak.");
    super::free_vram::query(sit, &mut w);
    Ok(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_literals_are_inert() {
        assert_eq!(python_str("it's $(rm -rf ~)"), "'it\\'s $(rm -rf ~)'");
        assert_eq!(python_str("a\\b\nc"), "'a\\\\b\\nc'");
        assert_eq!(Precision::from_quant(Some("Q4_K_M")), Precision::Nf4);
        assert_eq!(Precision::from_quant(Some("INT8")), Precision::Int8);
        assert_eq!(Precision::from_quant(Some("BF16")), Precision::Bf16);
    }
}
