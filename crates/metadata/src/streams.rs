//! The metadata root (II.24.2.1) and its heaps (II.24.2.2–II.24.2.4): `#~` (the tables, read by
//! `tables`), `#Strings` and `#Blob`. Nothing here needs `#GUID` (module ids) or `#US` (user strings, only
//! method bodies use them).

use crate::bytes::{Cursor, slice};
use crate::error::{Error, Result};

pub(crate) struct Streams<'a> {
    /// `#~` (compressed) or `#-` (uncompressed, with `*Ptr` indirection tables).
    pub(crate) tables: &'a [u8],
    pub(crate) heaps: Heaps<'a>,
}

#[derive(Clone, Copy)]
pub(crate) struct Heaps<'a> {
    strings: &'a [u8],
    blobs: &'a [u8],
}

const METADATA_SIGNATURE: u32 = 0x424A_5342; // "BSJB"

pub(crate) fn read_streams(root: &[u8]) -> Result<Streams<'_>> {
    let mut c = Cursor::new(root, "metadata root");
    if c.u32()? != METADATA_SIGNATURE {
        return Err(Error::Malformed("no BSJB signature on the metadata root"));
    }
    let _major = c.u16()?;
    let _minor = c.u16()?;
    let _reserved = c.u32()?;
    let version_len = c.u32()? as usize;
    c.bytes(version_len)?;
    let _flags = c.u16()?;
    let count = c.u16()?;

    let (mut tables, mut strings, mut blobs) = (None, &[][..], &[][..]);
    for _ in 0..count {
        let offset = c.u32()? as usize;
        let size = c.u32()? as usize;
        let name_len = c
            .rest()
            .iter()
            .position(|&b| b == 0)
            .ok_or(Error::Malformed("stream name"))?;
        let name = c.bytes(name_len + 1)?;
        c.align4()?;
        let data = slice(root, offset, size, "stream extends past the metadata")?;
        match &name[..name_len] {
            b"#~" | b"#-" => tables = Some(data),
            b"#Strings" => strings = data,
            b"#Blob" => blobs = data,
            _ => {}
        }
    }
    Ok(Streams {
        tables: tables.ok_or(Error::Malformed("no #~ stream"))?,
        heaps: Heaps { strings, blobs },
    })
}

impl<'a> Heaps<'a> {
    /// The NUL-terminated UTF-8 string at `index` in `#Strings`; index 0 is the empty string.
    pub(crate) fn string(&self, index: u32) -> Result<&'a str> {
        let rest = self
            .strings
            .get(index as usize..)
            .ok_or(Error::Malformed("#Strings index"))?;
        let len = rest
            .iter()
            .position(|&b| b == 0)
            .ok_or(Error::Malformed("unterminated string"))?;
        std::str::from_utf8(&rest[..len]).map_err(|_| Error::Malformed("string is not UTF-8"))
    }

    /// The blob at `index` in `#Blob` (without its length prefix); index 0 is the empty blob.
    pub(crate) fn blob(&self, index: u32) -> Result<&'a [u8]> {
        let rest = self
            .blobs
            .get(index as usize..)
            .ok_or(Error::Malformed("#Blob index"))?;
        let mut c = Cursor::new(rest, "blob length");
        let len = c.compressed_u32()? as usize;
        c.bytes(len)
    }
}
