//! Model files and what they say: GGUF and safetensors readers, local model stores, the built-in catalog,
//! and `ModelSpec`, the description every engine consumes.

pub mod spec;

pub use spec::{HParams, ModelFormat, ModelSpec, PerLayer, TensorSpec};
