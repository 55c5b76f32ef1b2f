//! The model a pasted command line names (`--model mistralai/Mistral-7B-v0.1 --dtype half`): a lower bound
//! on its weights from the parameter count in its name, to set against the card's total memory. PyTorch's
//! out-of-memory message does not say whether the weights or the activations were being allocated; a 7B model
//! in 16-bit on an 11 GB card cannot even hold its weights, whatever the context.

/// What a command line says about the model it serves.
#[derive(Debug, Clone, PartialEq)]
pub struct StatedModel {
    /// The model argument as written.
    pub name: String,
    /// Billions of parameters, from the name ("72B").
    pub params_b: f64,
    /// Bytes per parameter: 2 for 16-bit (what serving stacks load by default), 4 for float32.
    pub bytes_per_param: f64,
    /// GPUs the weights are split over (tensor × pipeline parallel size).
    pub gpus: u32,
}

impl StatedModel {
    /// The weights on each GPU, at least.
    pub fn bytes_per_gpu(&self) -> u64 {
        (self.params_b * 1e9 * self.bytes_per_param / f64::from(self.gpus.max(1))) as u64
    }
}

/// Where a command names its model.
const MODEL_KEYS: [&str; 7] = [
    "--model ",
    "--model=",
    "--model-path ",
    "--model_path ",
    "--model-id ",
    "model_name_or_path",
    "from_pretrained(",
];

/// Weights that are not 16-bit (or whose size the name does not give): nothing is concluded.
const QUANTIZED: [&str; 17] = [
    "awq",
    "gptq",
    "gguf",
    "exl2",
    "int4",
    "int8",
    "4bit",
    "8bit",
    "4-bit",
    "8-bit",
    "bnb",
    "fp8",
    "nf4",
    "quantiz",
    "load_in_",
    "device_map",
    "offload",
];

/// The model a text's command line serves, when its name gives the parameter count and nothing says the
/// weights are quantized or spread over the CPU.
pub fn stated_model(text: &str) -> Option<StatedModel> {
    let t = text.to_ascii_lowercase();
    let name = MODEL_KEYS.iter().find_map(|key| {
        // ASCII lower-casing keeps byte offsets: the name is taken from the text as written.
        let at = t.find(key)? + key.len();
        let rest = text[at..].trim_start_matches(['=', ' ', '"', '\'', ':', '(']);
        let token: String = rest
            .chars()
            .take_while(|c| !c.is_whitespace() && !matches!(c, '"' | '\'' | ',' | ')'))
            .collect();
        (!token.is_empty()).then_some(token)
    })?;
    if QUANTIZED.iter().any(|q| t.contains(q)) {
        return None;
    }
    let params_b = params_in_name(&name.to_ascii_lowercase())?;
    let bytes_per_param = if ["float32", "fp32", "--dtype float "]
        .iter()
        .any(|w| t.contains(w))
    {
        4.0
    } else {
        2.0
    };
    let tp = number_after(
        &t,
        &[
            "--tensor-parallel-size",
            "tensor_parallel_size",
            "-tp",
            "--tp",
        ],
    );
    let pp = number_after(
        &t,
        &["--pipeline-parallel-size", "pipeline_parallel_size", "-pp"],
    );
    Some(StatedModel {
        name,
        params_b,
        bytes_per_param,
        gpus: tp.unwrap_or(1).max(1) * pp.unwrap_or(1).max(1),
    })
}

/// "Qwen1.5-72B-Chat" → 72, "Mistral-7B-v0.1" → 7, "qwen3-30b-a3b" → 30; none for a mixture written as
/// "8x7B" (its total is not the product) or a name without a size.
fn params_in_name(name: &str) -> Option<f64> {
    let last = name.rsplit('/').next().unwrap_or(name);
    last.split(['-', '_', ' '])
        .filter_map(|seg| {
            let num = seg.strip_suffix('b')?;
            if num.contains('x') {
                return None;
            }
            num.parse::<f64>().ok()
        })
        .find(|v| *v >= 0.1 && *v <= 2000.0)
}

/// The number after the first of `keys` found ("--tensor-parallel-size 4", "tensor_parallel_size=2").
fn number_after(t: &str, keys: &[&str]) -> Option<u32> {
    keys.iter().find_map(|key| {
        let at = t.match_indices(key).find_map(|(i, _)| {
            let after = &t[i + key.len()..];
            // A whole flag: "-tp" is not the start of "-tpx".
            after.starts_with([' ', '=', '\t']).then_some(i + key.len())
        })?;
        let digits: String = t[at..]
            .trim_start_matches([' ', '=', '\t'])
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_model_the_command_serves() {
        let m = stated_model(
            "python -m vllm.entrypoints.openai.api_server --model mistralai/Mistral-7B-v0.1 --dtype half --max-model-len 4096",
        )
        .unwrap();
        assert_eq!(m.params_b, 7.0);
        assert_eq!(m.bytes_per_param, 2.0);
        assert_eq!(m.gpus, 1);
        let m = stated_model(
            "python -m vllm.entrypoints.openai.api_server --model qwen/Qwen1.5-72B-Chat --tensor-parallel-size 4",
        )
        .unwrap();
        assert_eq!((m.params_b, m.gpus), (72.0, 4));
        assert_eq!(
            stated_model("--model Qwen/Qwen3-30B-A3B").map(|m| m.params_b),
            Some(30.0)
        );
        assert_eq!(
            stated_model("--model Qwen/Qwen1.5-1.8B-Chat").map(|m| m.params_b),
            Some(1.8)
        );
        // Quantized, spread by accelerate, a mixture written as a product, or no size: nothing concluded.
        for t in [
            "--model TheBloke/Llama-2-70B-AWQ",
            "AutoModelForCausalLM.from_pretrained(\"meta-llama/Llama-2-13b-hf\", device_map=\"auto\")",
            "--model mistralai/Mixtral-8x7B-v0.1",
            "--model microsoft/phi-2",
            "llama-server -m model.gguf",
        ] {
            assert_eq!(stated_model(t), None, "{t}");
        }
    }
}
