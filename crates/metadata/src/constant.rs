//! Constant table values (II.22.9, II.24.2.4): field values and parameter defaults.

use crate::bytes::Cursor;
use crate::error::{Error, Result};
use crate::model::Constant;

/// The value of a Constant row from its element type and blob.
pub(crate) fn decode(element_type: u8, blob: &[u8]) -> Result<Constant> {
    let mut c = Cursor::new(blob, "constant value");
    Ok(match element_type {
        0x02 => Constant::Bool(c.u8()? != 0),
        0x03 => Constant::Char(c.u16()?),
        0x04 => Constant::I64(i64::from(c.u8()? as i8)),
        0x05 => Constant::U64(u64::from(c.u8()?)),
        0x06 => Constant::I64(i64::from(c.u16()? as i16)),
        0x07 => Constant::U64(u64::from(c.u16()?)),
        0x08 => Constant::I64(i64::from(c.u32()? as i32)),
        0x09 => Constant::U64(u64::from(c.u32()?)),
        0x0A => Constant::I64(c.u64()? as i64),
        0x0B => Constant::U64(c.u64()?),
        0x0C => Constant::F32(c.u32()?),
        0x0D => Constant::F64(c.u64()?),
        0x0E => {
            if !blob.len().is_multiple_of(2) {
                return Err(Error::Malformed("string constant of odd length"));
            }
            let units: Vec<u16> = blob
                .chunks_exact(2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]))
                .collect();
            // Constants may hold lone surrogates ("\uD800" is a valid C# string literal).
            Constant::String(String::from_utf16_lossy(&units).into())
        }
        // ELEMENT_TYPE_CLASS with a 4-byte zero: `null` of a reference type.
        0x12 => Constant::Null,
        _ => return Err(Error::Malformed("constant element type")),
    })
}
