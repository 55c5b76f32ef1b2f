//! GGUF v2/v3 header reader: metadata (every value type, nested arrays), tensor infos, alignment and data
//! offset — never tensor data. Reads buffered and streamed (a 262k-token vocabulary makes a header of several
//! MB), and treats the file as hostile: every count and length is checked against the bytes that remain
//! before anything is allocated, nesting is limited, and huge arrays keep only their length and a few items.
//! Split models (`name-00001-of-00003.gguf`) are read shard by shard. Format: ggml/docs/gguf.md.

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

use super::ggml;

/// Arrays longer than this keep only their first items (the vocabulary, merges, scores).
const ARRAY_KEEP: u64 = 4096;
const ARRAY_HEAD: usize = 16;
/// Nested arrays deeper than this are refused (no real model nests at all).
const MAX_DEPTH: u32 = 4;
/// ggml tensors have at most 4 dimensions; allow a little slack, refuse nonsense.
const MAX_DIMS: u32 = 8;
const DEFAULT_ALIGNMENT: u64 = 32;

#[derive(Debug, thiserror::Error)]
pub enum GgufError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: not a GGUF file (it starts with {magic:?}, not \"GGUF\")")]
    NotGguf { path: PathBuf, magic: String },
    #[error("{path}: GGUF version {version} is not supported (versions 2 and 3 are)")]
    Version { path: PathBuf, version: u32 },
    #[error("{path}: corrupt header at byte {offset}: {what}")]
    Corrupt {
        path: PathBuf,
        offset: u64,
        what: String,
    },
    /// llama.cpp (`gguf_init_from_file_impl`) refuses a tensor whose element count does not fit in int64.
    #[error(
        "{path}: tensor {tensor:?} claims dimensions {dims:?}, more than 2^63 elements: not a valid model (llama.cpp refuses it)"
    )]
    TensorTooLarge {
        path: PathBuf,
        tensor: String,
        dims: Vec<u64>,
    },
    #[error("{path}: shard {shard} of this split model is missing: {missing}")]
    MissingShard {
        path: PathBuf,
        shard: u32,
        missing: PathBuf,
    },
}

/// A metadata value.
#[derive(Debug, Clone, PartialEq)]
pub enum MetaValue {
    U8(u8),
    I8(i8),
    U16(u16),
    I16(i16),
    U32(u32),
    I32(i32),
    F32(f32),
    Bool(bool),
    Str(String),
    U64(u64),
    I64(i64),
    F64(f64),
    /// `len` is the real length; `items` holds all of them, or only the first few for long arrays.
    Array {
        len: u64,
        items: Vec<MetaValue>,
    },
}

impl MetaValue {
    pub fn as_u64(&self) -> Option<u64> {
        match *self {
            Self::U8(v) => Some(v.into()),
            Self::U16(v) => Some(v.into()),
            Self::U32(v) => Some(v.into()),
            Self::U64(v) => Some(v),
            Self::I8(v) => u64::try_from(v).ok(),
            Self::I16(v) => u64::try_from(v).ok(),
            Self::I32(v) => u64::try_from(v).ok(),
            Self::I64(v) => u64::try_from(v).ok(),
            Self::Bool(v) => Some(v.into()),
            _ => None,
        }
    }

    pub fn as_u32(&self) -> Option<u32> {
        self.as_u64().and_then(|v| u32::try_from(v).ok())
    }

    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            Self::F32(v) => Some(v.into()),
            Self::F64(v) => Some(v),
            _ => self.as_u64().map(|v| v as f64),
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Self::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Self::Bool(b) => Some(b),
            _ => self.as_u64().map(|v| v != 0),
        }
    }

    /// For arrays: all items when complete (`None` when the array was summarized or this is a scalar).
    pub fn full_items(&self) -> Option<&[MetaValue]> {
        match self {
            Self::Array { len, items } if *len == items.len() as u64 => Some(items),
            _ => None,
        }
    }

    /// JSON for `inspect --json`; long arrays are summarized.
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::Value;
        match self {
            Self::U8(v) => (*v).into(),
            Self::I8(v) => (*v).into(),
            Self::U16(v) => (*v).into(),
            Self::I16(v) => (*v).into(),
            Self::U32(v) => (*v).into(),
            Self::I32(v) => (*v).into(),
            Self::F32(v) => {
                serde_json::Number::from_f64((*v).into()).map_or(Value::Null, Value::Number)
            }
            Self::F64(v) => serde_json::Number::from_f64(*v).map_or(Value::Null, Value::Number),
            Self::Bool(v) => (*v).into(),
            Self::Str(s) => s.clone().into(),
            Self::U64(v) => (*v).into(),
            Self::I64(v) => (*v).into(),
            Self::Array { len, items } => {
                if *len <= 64 && *len == items.len() as u64 {
                    Value::Array(items.iter().map(Self::to_json).collect())
                } else {
                    serde_json::json!({
                        "array_len": len,
                        "first": items.iter().take(8).map(Self::to_json).collect::<Vec<_>>(),
                    })
                }
            }
        }
    }
}

/// One tensor of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TensorInfo {
    pub name: String,
    pub dims: Vec<u64>,
    /// ggml type id as stored (may be unknown to this build).
    pub ggml_type: u32,
    /// Offset within the data section.
    pub offset: u64,
    /// Bytes of tensor data (from the type's block size, or from neighbouring offsets for unknown types).
    pub bytes: u64,
}

impl TensorInfo {
    pub fn elements(&self) -> u64 {
        self.dims
            .iter()
            .try_fold(1u64, |a, &d| a.checked_mul(d))
            .unwrap_or(u64::MAX)
    }
}

/// One GGUF file (or shard).
#[derive(Debug, Clone, PartialEq)]
pub struct GgufFile {
    pub path: PathBuf,
    pub version: u32,
    pub metadata: Vec<(String, MetaValue)>,
    pub tensors: Vec<TensorInfo>,
    pub alignment: u64,
    /// Where tensor data starts.
    pub data_offset: u64,
    pub file_bytes: u64,
    /// Tensor ids this build does not know (sizes derived from neighbouring offsets).
    pub unknown_types: Vec<u32>,
}

impl GgufFile {
    pub fn get(&self, key: &str) -> Option<&MetaValue> {
        self.metadata.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn get_u32(&self, key: &str) -> Option<u32> {
        self.get(key).and_then(MetaValue::as_u32)
    }

    pub fn get_str(&self, key: &str) -> Option<&str> {
        self.get(key).and_then(MetaValue::as_str)
    }

    /// Bytes the tensor table says the data section holds (end of the last tensor).
    pub fn data_bytes(&self) -> u64 {
        self.tensors
            .iter()
            .map(|t| t.offset.saturating_add(t.bytes))
            .max()
            .unwrap_or(0)
    }

    /// How many bytes are missing when the file is shorter than its tensor table says.
    pub fn missing_bytes(&self) -> u64 {
        self.data_offset
            .saturating_add(self.data_bytes())
            .saturating_sub(self.file_bytes)
    }
}

/// A byte reader that knows how much of the file remains, so lengths can be checked before allocating.
struct Cursor<R> {
    inner: R,
    pos: u64,
    len: u64,
    path: PathBuf,
}

impl<R: Read> Cursor<R> {
    fn corrupt(&self, what: impl Into<String>) -> GgufError {
        GgufError::Corrupt {
            path: self.path.clone(),
            offset: self.pos,
            what: what.into(),
        }
    }

    fn remaining(&self) -> u64 {
        self.len.saturating_sub(self.pos)
    }

    fn bytes<const N: usize>(&mut self) -> Result<[u8; N], GgufError> {
        let mut buf = [0u8; N];
        self.inner.read_exact(&mut buf).map_err(|e| {
            if e.kind() == std::io::ErrorKind::UnexpectedEof {
                self.corrupt("the header ends early (file truncated inside the header)")
            } else {
                GgufError::Io {
                    path: self.path.clone(),
                    source: e,
                }
            }
        })?;
        self.pos += N as u64;
        Ok(buf)
    }

    fn u32(&mut self) -> Result<u32, GgufError> {
        Ok(u32::from_le_bytes(self.bytes()?))
    }

    fn u64(&mut self) -> Result<u64, GgufError> {
        Ok(u64::from_le_bytes(self.bytes()?))
    }

    fn string(&mut self) -> Result<String, GgufError> {
        let len = self.u64()?;
        if len > self.remaining() {
            return Err(self.corrupt(format!(
                "a string claims {len} bytes but only {} remain in the file",
                self.remaining()
            )));
        }
        let mut buf = vec![0u8; len as usize];
        self.inner.read_exact(&mut buf).map_err(|e| GgufError::Io {
            path: self.path.clone(),
            source: e,
        })?;
        self.pos += len;
        Ok(String::from_utf8_lossy(&buf).into_owned())
    }

    fn value(&mut self, vtype: u32, depth: u32) -> Result<MetaValue, GgufError> {
        Ok(match vtype {
            0 => MetaValue::U8(u8::from_le_bytes(self.bytes()?)),
            1 => MetaValue::I8(i8::from_le_bytes(self.bytes()?)),
            2 => MetaValue::U16(u16::from_le_bytes(self.bytes()?)),
            3 => MetaValue::I16(i16::from_le_bytes(self.bytes()?)),
            4 => MetaValue::U32(self.u32()?),
            5 => MetaValue::I32(i32::from_le_bytes(self.bytes()?)),
            6 => MetaValue::F32(f32::from_le_bytes(self.bytes()?)),
            7 => MetaValue::Bool(u8::from_le_bytes(self.bytes::<1>()?) != 0),
            8 => MetaValue::Str(self.string()?),
            9 => self.array(depth)?,
            10 => MetaValue::U64(self.u64()?),
            11 => MetaValue::I64(i64::from_le_bytes(self.bytes()?)),
            12 => MetaValue::F64(f64::from_le_bytes(self.bytes()?)),
            other => return Err(self.corrupt(format!("unknown metadata value type {other}"))),
        })
    }

    fn array(&mut self, depth: u32) -> Result<MetaValue, GgufError> {
        if depth >= MAX_DEPTH {
            return Err(self.corrupt(format!("arrays nested deeper than {MAX_DEPTH} levels")));
        }
        let etype = self.u32()?;
        let len = self.u64()?;
        // Every element takes at least one byte (strings at least their 8-byte length).
        let min_elem = match etype {
            0 | 1 | 7 => 1,
            2 | 3 => 2,
            4..=6 => 4,
            8 | 10..=12 => 8,
            9 => 12,
            other => return Err(self.corrupt(format!("unknown array element type {other}"))),
        };
        if len
            .checked_mul(min_elem)
            .is_none_or(|need| need > self.remaining())
        {
            return Err(self.corrupt(format!(
                "an array claims {len} elements but only {} bytes remain in the file",
                self.remaining()
            )));
        }
        let keep = if len > ARRAY_KEEP {
            ARRAY_HEAD
        } else {
            len as usize
        };
        let mut items = Vec::with_capacity(keep);
        for i in 0..len {
            let v = self.value(etype, depth + 1)?;
            if (i as usize) < keep {
                items.push(v);
            }
        }
        Ok(MetaValue::Array { len, items })
    }
}

/// Reads one GGUF file's header (no tensor data).
pub fn read_file(path: &Path) -> Result<GgufFile, GgufError> {
    let io = |source| GgufError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = File::open(path).map_err(io)?;
    let len = file.metadata().map_err(io)?.len();
    read_header(BufReader::with_capacity(1 << 16, file), len, path)
}

/// Reads a GGUF header from any byte stream positioned at the file's start; `len` is the whole file's size
/// (for a remote file, its size on the server), `path` names it in errors. The hub reader feeds this from
/// HTTP Range responses.
pub fn read_header<R: Read>(inner: R, len: u64, path: &Path) -> Result<GgufFile, GgufError> {
    let mut c = Cursor {
        inner,
        pos: 0,
        len,
        path: path.to_path_buf(),
    };
    let magic = c.bytes::<4>().map_err(|_| GgufError::NotGguf {
        path: path.to_path_buf(),
        magic: "(fewer than 4 bytes)".into(),
    })?;
    if &magic != b"GGUF" {
        return Err(GgufError::NotGguf {
            path: path.to_path_buf(),
            magic: String::from_utf8_lossy(&magic).into_owned(),
        });
    }
    let version = c.u32()?;
    if !(2..=3).contains(&version) {
        return Err(GgufError::Version {
            path: path.to_path_buf(),
            version,
        });
    }
    let n_tensors = c.u64()?;
    let n_kv = c.u64()?;
    // A key/value pair takes at least 8 (key length) + 4 (type) + 1 bytes; a tensor info at least 24.
    if n_kv.checked_mul(13).is_none_or(|n| n > c.remaining()) {
        return Err(c.corrupt(format!(
            "the header claims {n_kv} metadata entries, more than the file can hold"
        )));
    }
    if n_tensors.checked_mul(24).is_none_or(|n| n > c.remaining()) {
        return Err(c.corrupt(format!(
            "the header claims {n_tensors} tensors, more than the file can hold"
        )));
    }
    let mut metadata = Vec::with_capacity(n_kv.min(1024) as usize);
    for _ in 0..n_kv {
        let key = c.string()?;
        let vtype = c.u32()?;
        let value = c.value(vtype, 0)?;
        metadata.push((key, value));
    }
    let mut tensors = Vec::with_capacity(n_tensors.min(65_536) as usize);
    for _ in 0..n_tensors {
        let name = c.string()?;
        let n_dims = c.u32()?;
        if n_dims > MAX_DIMS {
            return Err(c.corrupt(format!("tensor {name:?} claims {n_dims} dimensions")));
        }
        let mut dims = Vec::with_capacity(n_dims as usize);
        for _ in 0..n_dims {
            dims.push(c.u64()?);
        }
        let ggml_type = c.u32()?;
        let offset = c.u64()?;
        // Every size below is a product of these dimensions: refuse what llama.cpp refuses (element count
        // past INT64_MAX) instead of letting it saturate into a nonsense tensor.
        let elements = dims
            .iter()
            .try_fold(1u64, |a, &d| a.checked_mul(d))
            .filter(|n| *n <= i64::MAX as u64);
        if elements.is_none() {
            return Err(GgufError::TensorTooLarge {
                path: path.to_path_buf(),
                tensor: name,
                dims,
            });
        }
        tensors.push(TensorInfo {
            name,
            dims,
            ggml_type,
            offset,
            bytes: 0,
        });
    }
    let alignment = metadata
        .iter()
        .find(|(k, _)| k == "general.alignment")
        .and_then(|(_, v)| v.as_u64())
        .filter(|a| *a > 0 && a.is_power_of_two())
        .unwrap_or(DEFAULT_ALIGNMENT);
    let data_offset = c.pos.div_ceil(alignment).saturating_mul(alignment);
    let unknown_types = size_tensors(&mut tensors, len.saturating_sub(data_offset));
    Ok(GgufFile {
        path: path.to_path_buf(),
        version,
        metadata,
        tensors,
        alignment,
        data_offset,
        file_bytes: len,
        unknown_types,
    })
}

/// Fills `bytes` of every tensor; unknown types take the distance to the next tensor's offset (or to the
/// end of the data). Returns the unknown type ids.
fn size_tensors(tensors: &mut [TensorInfo], data_len: u64) -> Vec<u32> {
    let mut unknown = Vec::new();
    let mut offsets: Vec<u64> = tensors.iter().map(|t| t.offset).collect();
    offsets.sort_unstable();
    for t in tensors.iter_mut() {
        let known = ggml::by_id(t.ggml_type).and_then(|ty| ty.bytes_for(t.elements()));
        t.bytes = match known {
            Some(b) => b,
            None => {
                if !unknown.contains(&t.ggml_type) {
                    unknown.push(t.ggml_type);
                }
                let next = offsets.iter().copied().find(|&o| o > t.offset);
                match next {
                    Some(n) => n - t.offset,
                    // The last tensor: whatever the file holds after it, or, for a truncated file, an
                    // estimate at 4.5 bits per weight rather than zero.
                    None if data_len > t.offset => data_len - t.offset,
                    None => t.elements().saturating_mul(9) / 16,
                }
            }
        };
    }
    unknown
}

/// `model-00002-of-00005.gguf` → (2, 5).
pub fn split_position(path: &Path) -> Option<(u32, u32)> {
    let stem = path.file_stem()?.to_str()?;
    let (head, count) = stem.rsplit_once("-of-")?;
    let (_, no) = head.rsplit_once('-')?;
    if no.len() != 5 || count.len() != 5 {
        return None;
    }
    Some((no.parse().ok()?, count.parse().ok()?))
}

/// Path of shard `no` of a split model given any shard's path.
fn shard_path(path: &Path, no: u32, count: u32) -> Option<PathBuf> {
    let name = path.file_name()?.to_str()?;
    let cut = name.rfind("-of-")?.checked_sub(6)?;
    let prefix = name.get(..cut)?;
    Some(path.with_file_name(format!("{prefix}-{no:05}-of-{count:05}.gguf")))
}

/// Reads a model: one file, or every shard of a split model when given any of them (shard 1 first).
pub fn read_model(path: &Path) -> Result<Vec<GgufFile>, GgufError> {
    let first = read_file(path)?;
    let count = first
        .get_u32("split.count")
        .or_else(|| split_position(path).map(|(_, c)| c))
        .unwrap_or(1);
    if count <= 1 {
        return Ok(vec![first]);
    }
    let this_no = first
        .get_u32("split.no")
        .map(|n| n + 1)
        .or_else(|| split_position(path).map(|(n, _)| n))
        .unwrap_or(1);
    let mut shards = Vec::with_capacity(count.min(1024) as usize);
    for no in 1..=count.min(1024) {
        if no == this_no {
            shards.push(first.clone());
            continue;
        }
        let Some(p) = shard_path(path, no, count) else {
            return Err(GgufError::Corrupt {
                path: path.to_path_buf(),
                offset: 0,
                what: format!(
                    "split model ({count} shards) whose file name does not say which shard it is"
                ),
            });
        };
        if !p.exists() {
            return Err(GgufError::MissingShard {
                path: path.to_path_buf(),
                shard: no,
                missing: p,
            });
        }
        shards.push(read_file(&p)?);
    }
    Ok(shards)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A GGUF v3 file with one tensor of the given dimensions (f32), header only.
    fn one_tensor(dims: &[u64]) -> Vec<u8> {
        let mut b = Vec::new();
        b.extend_from_slice(b"GGUF");
        b.extend_from_slice(&3u32.to_le_bytes());
        b.extend_from_slice(&1u64.to_le_bytes()); // tensors
        b.extend_from_slice(&1u64.to_le_bytes()); // metadata
        let key = b"general.architecture";
        b.extend_from_slice(&(key.len() as u64).to_le_bytes());
        b.extend_from_slice(key);
        b.extend_from_slice(&8u32.to_le_bytes());
        b.extend_from_slice(&5u64.to_le_bytes());
        b.extend_from_slice(b"llama");
        let name = b"token_embd.weight";
        b.extend_from_slice(&(name.len() as u64).to_le_bytes());
        b.extend_from_slice(name);
        b.extend_from_slice(&(dims.len() as u32).to_le_bytes());
        for d in dims {
            b.extend_from_slice(&d.to_le_bytes());
        }
        b.extend_from_slice(&0u32.to_le_bytes()); // f32
        b.extend_from_slice(&0u64.to_le_bytes()); // offset
        b
    }

    #[test]
    fn dimensions_past_2_pow_63_elements_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("huge.gguf");
        std::fs::write(&path, one_tensor(&[1 << 40; 4])).unwrap();
        let err = read_file(&path).unwrap_err();
        assert!(matches!(err, GgufError::TensorTooLarge { .. }), "{err}");
        assert!(err.to_string().contains("token_embd.weight"));
        // 2^62 elements is still a (truncated) tensor, not an error.
        std::fs::write(&path, one_tensor(&[1 << 31, 1 << 31])).unwrap();
        assert!(read_file(&path).is_ok());
    }

    #[test]
    fn split_names() {
        assert_eq!(
            split_position(Path::new("/m/Qwen3-235B-Q4_K_M-00002-of-00005.gguf")),
            Some((2, 5))
        );
        assert_eq!(split_position(Path::new("/m/model.gguf")), None);
        assert_eq!(
            shard_path(Path::new("/m/a-b-00002-of-00003.gguf"), 3, 3),
            Some(PathBuf::from("/m/a-b-00003-of-00003.gguf"))
        );
    }
}
