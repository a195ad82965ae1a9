//! Bounds-checked little-endian reads over untrusted bytes: every read returns `Err` instead of
//! panicking, so the layers above can index freely with `?`.

use crate::error::{Error, Result};

/// The `len` bytes at `at`; the fixed-size reads below are little-endian.
pub(crate) fn slice<'a>(
    bytes: &'a [u8],
    at: usize,
    len: usize,
    what: &'static str,
) -> Result<&'a [u8]> {
    at.checked_add(len)
        .and_then(|end| bytes.get(at..end))
        .ok_or(Error::Malformed(what))
}

pub(crate) fn u16_at(bytes: &[u8], at: usize, what: &'static str) -> Result<u16> {
    let b = slice(bytes, at, 2, what)?;
    Ok(u16::from_le_bytes([b[0], b[1]]))
}

pub(crate) fn u32_at(bytes: &[u8], at: usize, what: &'static str) -> Result<u32> {
    let b = slice(bytes, at, 4, what)?;
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// A forward cursor, for signature blobs and stream headers.
#[derive(Clone)]
pub(crate) struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
    what: &'static str,
}

impl<'a> Cursor<'a> {
    /// `what` names the structure in errors ("signature blob", "stream header").
    pub(crate) fn new(bytes: &'a [u8], what: &'static str) -> Self {
        Cursor {
            bytes,
            pos: 0,
            what,
        }
    }

    pub(crate) fn rest(&self) -> &'a [u8] {
        self.bytes.get(self.pos..).unwrap_or(&[])
    }

    pub(crate) fn bytes(&mut self, len: usize) -> Result<&'a [u8]> {
        let b = slice(self.bytes, self.pos, len, self.what)?;
        self.pos += len;
        Ok(b)
    }

    pub(crate) fn u8(&mut self) -> Result<u8> {
        Ok(self.bytes(1)?[0])
    }

    pub(crate) fn peek_u8(&self) -> Result<u8> {
        self.bytes
            .get(self.pos)
            .copied()
            .ok_or(Error::Malformed(self.what))
    }

    pub(crate) fn u16(&mut self) -> Result<u16> {
        let b = self.bytes(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    pub(crate) fn u32(&mut self) -> Result<u32> {
        let b = self.bytes(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    pub(crate) fn u64(&mut self) -> Result<u64> {
        let b = self.bytes(8)?;
        let mut a = [0; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }

    /// An ECMA-335 II.23.2 compressed unsigned integer (1, 2 or 4 bytes, big-endian).
    pub(crate) fn compressed_u32(&mut self) -> Result<u32> {
        let first = self.u8()?;
        if first & 0x80 == 0 {
            Ok(u32::from(first))
        } else if first & 0xC0 == 0x80 {
            Ok(u32::from(first & 0x3F) << 8 | u32::from(self.u8()?))
        } else if first & 0xE0 == 0xC0 {
            let b = self.bytes(3)?;
            Ok(u32::from(first & 0x1F) << 24
                | u32::from(b[0]) << 16
                | u32::from(b[1]) << 8
                | u32::from(b[2]))
        } else {
            Err(Error::Malformed(self.what))
        }
    }

    /// Skips to the next multiple of 4 from the start (stream headers are 4-byte aligned).
    pub(crate) fn align4(&mut self) -> Result<()> {
        let pad = (4 - self.pos % 4) % 4;
        self.bytes(pad).map(drop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compressed_integers_follow_ecma_examples() {
        // II.23.2: 0x03 → 03, 0x7F → 7F, 0x80 → 80 80, 0x2E57 → AE 57, 0x3FFF → BF FF,
        // 0x4000 → C0 00 40 00, 0x1FFFFFFF → DF FF FF FF.
        let bytes = [
            0x03, 0x7F, 0x80, 0x80, 0xAE, 0x57, 0xBF, 0xFF, 0xC0, 0x00, 0x40, 0x00, 0xDF, 0xFF,
            0xFF, 0xFF,
        ];
        let mut c = Cursor::new(&bytes, "test");
        let got: Vec<u32> = (0..7).map(|_| c.compressed_u32().unwrap()).collect();
        assert_eq!(got, [0x03, 0x7F, 0x80, 0x2E57, 0x3FFF, 0x4000, 0x1FFF_FFFF]);
        assert!(c.rest().is_empty());
        assert!(Cursor::new(&[0xE0], "test").compressed_u32().is_err());
        assert!(Cursor::new(&[0xC0, 0], "test").compressed_u32().is_err());
    }
}
