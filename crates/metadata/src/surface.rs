//! A compact, versioned byte encoding of assembly models, to ship or cache framework surfaces
//! without the DLLs: a magic header, a format version, then two sections, each its payload's
//! length, its compressed length and the payload as postcard (serde with varints and no field
//! names) compressed with LZ4 (`lz4_flex`'s block format: pure Rust, no dependencies):
//!
//! 1. the assemblies and their types (names, kinds, generic parameters, bases, interfaces) with the
//!    members of extension-method containers, which every project's index reads;
//! 2. every other type's members ([`crate::TypeMembers`]), each at a range its type names: the
//!    bulk of the bytes (Mono's 4.8 surface: 0.9 of 5.5 MB of postcard are types), inflated once
//!    on first use and decoded one type at a time (`members.rs`), so a workspace's first answer
//!    waits only for the types. A checksum of each compressed section, checked up front, keeps
//!    damaged bytes an `Err` of `decode` rather than members that vanish later.
//!
//! On eleven framework assemblies (2.2 MB of DLLs, 3.6 MB of postcard) deflate gives 0.45 MB where
//! LZ4 gives 0.73 MB; but inflating deflate's member sections of both built-in surfaces took 100
//! million instructions at every start (a twentieth of `csnav stats` on a 25k-line workspace), LZ4
//! about a tenth of that. The bytes are in the binary, not on the wire.

use std::sync::Arc;

use crate::error::{Error, Result};
use crate::members::{Members, Range, Section};
use crate::model::Assembly;

const MAGIC: &[u8; 8] = b"CSNVMETA";
/// Bump whenever the model (`model.rs`) or the layout changes shape: postcard is not
/// self-describing.
const FORMAT_VERSION: u32 = 4;
/// Decoded payloads larger than this are refused, so a hostile length cannot exhaust memory.
const MAX_PAYLOAD: u64 = 1 << 30;

pub fn encode(assemblies: &[Assembly]) -> Vec<u8> {
    let mut members = Vec::new();
    let mut types = assemblies.to_vec();
    for def in types.iter_mut().flat_map(|a| a.types.iter_mut()) {
        if def.is_extension_container {
            continue;
        }
        let start = members.len() as u32;
        // Serializing plain owned data into a Vec cannot fail: every sequence has a known length.
        members.extend(postcard::to_allocvec(def.members.get()).expect("postcard serializes"));
        let len = members.len() as u32 - start;
        def.members = Members::at(Range { start, len });
    }
    let types = postcard::to_allocvec(&types).expect("postcard serializes plain data");
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    for payload in [&types, &members] {
        let compressed = lz4_flex::block::compress(payload);
        out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        out.extend_from_slice(&(compressed.len() as u64).to_le_bytes());
        out.extend_from_slice(&checksum(&compressed).to_le_bytes());
        out.extend_from_slice(&compressed);
    }
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
    let (types_len, types, rest) = section(rest)?;
    let (members_len, members, rest) = section(rest)?;
    if !rest.is_empty() {
        return Err(Error::Surface("trailing bytes"));
    }
    let payload = lz4_flex::block::decompress(types, types_len)
        .map_err(|_| Error::Surface("corrupt compressed payload"))?;
    if payload.len() != types_len {
        return Err(Error::Surface("payload length mismatch"));
    }
    let mut assemblies: Vec<Assembly> =
        postcard::from_bytes(&payload).map_err(|_| Error::Surface("corrupt payload"))?;
    let members = Arc::new(Section::new(members, members_len));
    for def in assemblies.iter_mut().flat_map(|a| a.types.iter_mut()) {
        def.members.attach(&members);
    }
    Ok(assemblies)
}

/// Inflates the member section of `assemblies` (decoded by [`decode`]) now rather than on the
/// first read of a member: a loader calls it on a thread of its own once the types are in.
pub fn inflate_members<'a>(assemblies: impl IntoIterator<Item = &'a Assembly>) {
    let section = assemblies
        .into_iter()
        .flat_map(|a| &a.types)
        .find_map(|t| t.members.section());
    if let Some(section) = section {
        section.inflate();
    }
}

/// One section: its payload's length, then the compressed bytes, their length and checksum
/// checked; and what follows.
fn section(bytes: &[u8]) -> Result<(usize, &[u8], &[u8])> {
    let truncated = || Error::Surface("truncated header");
    let (len, rest) = bytes.split_first_chunk::<8>().ok_or_else(truncated)?;
    let (compressed_len, rest) = rest.split_first_chunk::<8>().ok_or_else(truncated)?;
    let (adler, rest) = rest.split_first_chunk::<4>().ok_or_else(truncated)?;
    let (len, compressed_len) = (
        u64::from_le_bytes(*len),
        u64::from_le_bytes(*compressed_len),
    );
    if len > MAX_PAYLOAD {
        return Err(Error::Surface("payload too large"));
    }
    if compressed_len > rest.len() as u64 {
        return Err(Error::Surface("truncated payload"));
    }
    let (compressed, rest) = rest.split_at(compressed_len as usize);
    if checksum(compressed) != u32::from_le_bytes(*adler) {
        return Err(Error::Surface("corrupt compressed payload"));
    }
    Ok((len as usize, compressed, rest))
}

/// FNV-1a over the compressed bytes: damage shows without inflating them.
fn checksum(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |hash: u32, &b| {
        (hash ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}
