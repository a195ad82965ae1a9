//! The PE/COFF layer (ECMA-335 II.25): from a file's bytes to its metadata root, through the DOS
//! header, the PE and optional headers, the section table (to map RVAs to file offsets) and the CLI
//! header. Only what locating the metadata needs is read.

use crate::bytes::{slice, u16_at, u32_at};
use crate::error::{Error, Result};

/// The CLI header is data directory 14 (II.25.2.3.3).
const CLI_HEADER_DIRECTORY: u32 = 14;

struct Section {
    virtual_address: u32,
    virtual_size: u32,
    raw_size: u32,
    raw_offset: u32,
}

/// The bytes of the metadata root (the `BSJB` blob the CLI header points to).
pub(crate) fn metadata_root(file: &[u8]) -> Result<&[u8]> {
    if file.get(..2) != Some(b"MZ") {
        return Err(Error::NotPe("no MZ signature"));
    }
    let pe =
        u32_at(file, 0x3C, "e_lfanew").map_err(|_| Error::NotPe("truncated DOS header"))? as usize;
    if slice(file, pe, 4, "PE signature").ok() != Some(b"PE\0\0") {
        return Err(Error::NotPe("no PE signature"));
    }
    let coff = pe + 4;
    let section_count = u16_at(file, coff + 2, "COFF header")?;
    let optional_size = u16_at(file, coff + 16, "COFF header")? as usize;
    let optional = coff + 20;
    // The data directories follow the standard and Windows-specific fields, whose size depends on
    // whether addresses are 32 or 64 bits wide (II.25.2.3).
    let directories = match u16_at(file, optional, "optional header")? {
        0x10B => optional + 96,
        0x20B => optional + 112,
        _ => return Err(Error::NotPe("unknown optional header magic")),
    };
    let directory_count = u32_at(file, directories - 4, "optional header")?;
    if directory_count <= CLI_HEADER_DIRECTORY {
        return Err(Error::NotDotNet);
    }
    let cli_dir = directories + 8 * CLI_HEADER_DIRECTORY as usize;
    if cli_dir + 8 > optional + optional_size {
        return Err(Error::NotDotNet);
    }
    let cli_rva = u32_at(file, cli_dir, "data directory")?;
    if cli_rva == 0 {
        return Err(Error::NotDotNet);
    }

    let sections_at = optional + optional_size;
    let sections = (0..usize::from(section_count))
        .map(|i| {
            let at = sections_at + 40 * i;
            Ok(Section {
                virtual_size: u32_at(file, at + 8, "section header")?,
                virtual_address: u32_at(file, at + 12, "section header")?,
                raw_size: u32_at(file, at + 16, "section header")?,
                raw_offset: u32_at(file, at + 20, "section header")?,
            })
        })
        .collect::<Result<Vec<_>>>()?;

    let cli = at_rva(file, &sections, cli_rva, 72, "CLI header")?;
    let metadata_rva = u32_at(cli, 8, "CLI header")?;
    let metadata_size = u32_at(cli, 12, "CLI header")?;
    at_rva(
        file,
        &sections,
        metadata_rva,
        metadata_size,
        "metadata root",
    )
}

/// The `len` bytes at `rva`, which must lie in one section's file-backed part.
fn at_rva<'a>(
    file: &'a [u8],
    sections: &[Section],
    rva: u32,
    len: u32,
    what: &'static str,
) -> Result<&'a [u8]> {
    let section = sections
        .iter()
        .find(|s| {
            rva >= s.virtual_address && rva - s.virtual_address < s.virtual_size.max(s.raw_size)
        })
        .ok_or(Error::Malformed(what))?;
    let within = rva - section.virtual_address;
    if u64::from(within) + u64::from(len) > u64::from(section.raw_size) {
        return Err(Error::Malformed(what));
    }
    let at = (section.raw_offset as usize)
        .checked_add(within as usize)
        .ok_or(Error::Malformed(what))?;
    slice(file, at, len as usize, what)
}
