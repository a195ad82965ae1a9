//! A compact, versioned byte encoding of assembly models, to ship or cache framework surfaces
//! without the DLLs: a magic header, a format version, the payload's length, then the models as
//! postcard (serde with varints and no field names) compressed with deflate (`miniz_oxide`: pure
//! Rust, one tiny dependency). On eleven framework assemblies (2.2 MB of DLLs, 3.6 MB of postcard)
//! deflate gives 0.45 MB where LZ4 gives 0.73 MB (0.52 MB in its slow HC mode), and decoding it
//! takes ~40 ms; zstd would save another quarter, at the price of a C library or a larger, younger
//! pure-Rust crate.

use crate::error::{Error, Result};
use crate::model::Assembly;

const MAGIC: &[u8; 8] = b"CSNVMETA";
/// Bump whenever the model (`model.rs`) changes shape: postcard is not self-describing.
const FORMAT_VERSION: u32 = 2;
/// Decoded payloads larger than this are refused, so a hostile length cannot exhaust memory.
const MAX_PAYLOAD: u64 = 1 << 30;

pub fn encode(assemblies: &[Assembly]) -> Vec<u8> {
    // Serializing plain owned data into a Vec cannot fail: every sequence has a known length.
    let payload = postcard::to_allocvec(assemblies).expect("postcard serializes plain data");
    let compressed = miniz_oxide::deflate::compress_to_vec(&payload, 6);
    let mut out = Vec::with_capacity(MAGIC.len() + 12 + compressed.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&compressed);
    out
}

pub fn decode(bytes: &[u8]) -> Result<Vec<Assembly>> {
    let rest = bytes
        .strip_prefix(MAGIC)
        .ok_or(Error::Surface("no CSNVMETA magic"))?;
    let (version, rest) = rest
        .split_first_chunk::<4>()
        .ok_or(Error::Surface("truncated header"))?;
    if u32::from_le_bytes(*version) != FORMAT_VERSION {
        return Err(Error::Surface("unsupported format version"));
    }
    let (len, compressed) = rest
        .split_first_chunk::<8>()
        .ok_or(Error::Surface("truncated header"))?;
    let len = u64::from_le_bytes(*len);
    if len > MAX_PAYLOAD {
        return Err(Error::Surface("payload too large"));
    }
    let payload = miniz_oxide::inflate::decompress_to_vec_with_limit(compressed, len as usize)
        .map_err(|_| Error::Surface("corrupt compressed payload"))?;
    if payload.len() as u64 != len {
        return Err(Error::Surface("payload length mismatch"));
    }
    postcard::from_bytes(&payload).map_err(|_| Error::Surface("corrupt payload"))
}
