//! Signature blobs (II.23.2) → `TypeSig`: method, property and field signatures, TypeSpecs, and
//! coded TypeDefOrRef columns (which may point at a TypeSpec). Custom modifiers are dropped, except
//! that `modreq(InAttribute)` on a by-ref parameter or return is reported, since it marks `in`
//! parameters and `ref readonly` returns of virtual methods.

use crate::bytes::Cursor;
use crate::error::{Error, Result};
use crate::image::{Image, MAX_DEPTH};
use crate::model::{NamedType, Primitive, TypeSig};
use crate::tables::{Coded, TableId};

/// Element types (II.23.1.16).
mod element {
    pub(super) const VOID: u8 = 0x01;
    pub(super) const PTR: u8 = 0x0F;
    pub(super) const BYREF: u8 = 0x10;
    pub(super) const VALUETYPE: u8 = 0x11;
    pub(super) const CLASS: u8 = 0x12;
    pub(super) const VAR: u8 = 0x13;
    pub(super) const ARRAY: u8 = 0x14;
    pub(super) const GENERICINST: u8 = 0x15;
    pub(super) const TYPEDBYREF: u8 = 0x16;
    pub(super) const FNPTR: u8 = 0x1B;
    pub(super) const SZARRAY: u8 = 0x1D;
    pub(super) const MVAR: u8 = 0x1E;
    pub(super) const CMOD_REQD: u8 = 0x1F;
    pub(super) const CMOD_OPT: u8 = 0x20;
    pub(super) const SENTINEL: u8 = 0x41;
    pub(super) const PINNED: u8 = 0x45;
}

/// Calling convention bits of a signature's first byte (II.23.2.1–3).
const GENERIC: u8 = 0x10;
const KIND_MASK: u8 = 0x0F;
const FIELD: u8 = 0x06;
const PROPERTY: u8 = 0x08;

/// A parameter or return type with its by-ref wrapper taken off.
#[derive(Debug)]
pub(crate) struct SigParam {
    pub(crate) ty: TypeSig,
    pub(crate) by_ref: bool,
    /// `modreq(System.Runtime.InteropServices.InAttribute)` before or after the `&`.
    pub(crate) in_modreq: bool,
}

#[derive(Debug)]
pub(crate) struct MethodSig {
    pub(crate) ret: SigParam,
    pub(crate) params: Vec<SigParam>,
}

pub(crate) fn method_sig(image: &Image<'_>, blob: &[u8]) -> Result<MethodSig> {
    let mut r = SigReader {
        image,
        c: Cursor::new(blob, "method signature"),
        depth: 0,
    };
    r.method()
}

pub(crate) fn property_sig(image: &Image<'_>, blob: &[u8]) -> Result<MethodSig> {
    let mut r = SigReader {
        image,
        c: Cursor::new(blob, "property signature"),
        depth: 0,
    };
    let first = r.c.u8()?;
    if first & KIND_MASK != PROPERTY {
        return Err(Error::Malformed("property signature kind"));
    }
    let count = r.c.compressed_u32()?;
    let ret = r.param()?;
    let params = r.params(count)?;
    Ok(MethodSig { ret, params })
}

pub(crate) fn field_sig(image: &Image<'_>, blob: &[u8]) -> Result<TypeSig> {
    let mut r = SigReader {
        image,
        c: Cursor::new(blob, "field signature"),
        depth: 0,
    };
    if r.c.u8()? != FIELD {
        return Err(Error::Malformed("field signature kind"));
    }
    r.skip_mods()?;
    r.ty()
}

/// A coded TypeDefOrRef column (a base type, interface, constraint or event type).
pub(crate) fn type_def_or_ref(image: &Image<'_>, coded: u32) -> Result<Option<TypeSig>> {
    let Some((table, row)) = Coded::TypeDefOrRef.decode(coded) else {
        return Ok(None);
    };
    SigReader {
        image,
        c: Cursor::new(&[], "type spec"),
        depth: 0,
    }
    .type_ref(table, row, false)
    .map(Some)
}

struct SigReader<'i, 'a> {
    image: &'i Image<'a>,
    c: Cursor<'a>,
    /// Nesting of types and TypeSpecs, bounded so hostile blobs cannot overflow the stack.
    depth: u32,
}

impl<'a> SigReader<'_, 'a> {
    fn method(&mut self) -> Result<MethodSig> {
        let first = self.c.u8()?;
        if first & GENERIC != 0 {
            // The count repeats the GenericParam rows, which carry the names.
            self.c.compressed_u32()?;
        }
        let count = self.c.compressed_u32()?;
        let ret = self.param()?;
        let params = self.params(count)?;
        Ok(MethodSig { ret, params })
    }

    fn params(&mut self, count: u32) -> Result<Vec<SigParam>> {
        // Each parameter takes at least one byte: a count larger than the blob is malformed, and
        // checking first keeps a hostile count from reserving memory.
        if count as usize > self.c.rest().len() {
            return Err(Error::Malformed("parameter count exceeds the signature"));
        }
        let mut params = Vec::with_capacity(count as usize);
        for _ in 0..count {
            // Vararg call sites mark where the optional arguments start.
            if self.c.peek_u8()? == element::SENTINEL {
                self.c.u8()?;
            }
            params.push(self.param()?);
        }
        Ok(params)
    }

    /// `CustomMod* [BYREF] CustomMod* Type` (returns and parameters, II.23.2.10–11).
    fn param(&mut self) -> Result<SigParam> {
        let mut in_modreq = self.skip_mods()?;
        let by_ref = self.c.peek_u8()? == element::BYREF;
        if by_ref {
            self.c.u8()?;
            in_modreq |= self.skip_mods()?;
        }
        Ok(SigParam {
            ty: self.ty()?,
            by_ref,
            in_modreq,
        })
    }

    /// Skips custom modifiers; true when one is `modreq(InAttribute)`.
    fn skip_mods(&mut self) -> Result<bool> {
        let mut in_modreq = false;
        loop {
            match self.c.peek_u8()? {
                kind @ (element::CMOD_REQD | element::CMOD_OPT) => {
                    self.c.u8()?;
                    let (table, row) = self.coded_type()?;
                    in_modreq |= kind == element::CMOD_REQD
                        && self.image.type_name(table, row)
                            == Some("System.Runtime.InteropServices.InAttribute");
                }
                element::PINNED => {
                    self.c.u8()?;
                }
                _ => return Ok(in_modreq),
            }
        }
    }

    /// A TypeDefOrRefOrSpecEncoded (II.23.2.8): the tag is in the low two bits.
    fn coded_type(&mut self) -> Result<(TableId, u32)> {
        Coded::TypeDefOrRef
            .decode(self.c.compressed_u32()?)
            .ok_or(Error::Malformed("type token in a signature"))
    }

    fn ty(&mut self) -> Result<TypeSig> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::Malformed("signature nests too deep"));
        }
        let ty = self.ty_inner();
        self.depth -= 1;
        ty
    }

    fn ty_inner(&mut self) -> Result<TypeSig> {
        use element::*;
        let b = self.c.u8()?;
        if let Some(p) = primitive(b) {
            return Ok(TypeSig::Primitive(p));
        }
        Ok(match b {
            PTR => {
                self.skip_mods()?;
                if self.c.peek_u8()? == VOID {
                    self.c.u8()?;
                    TypeSig::Pointer(Box::new(TypeSig::Primitive(Primitive::Void)))
                } else {
                    TypeSig::Pointer(Box::new(self.ty()?))
                }
            }
            BYREF => TypeSig::ByRef(Box::new(self.ty()?)),
            VALUETYPE | CLASS => {
                let (table, row) = self.coded_type()?;
                self.type_ref(table, row, b == VALUETYPE)?
            }
            VAR => TypeSig::TypeParam(self.c.compressed_u32()?),
            MVAR => TypeSig::MethodParam(self.c.compressed_u32()?),
            ARRAY => {
                let element = self.ty()?;
                let rank = self.c.compressed_u32()?;
                let sizes = self.c.compressed_u32()?;
                for _ in 0..sizes {
                    self.c.compressed_u32()?;
                }
                let bounds = self.c.compressed_u32()?;
                for _ in 0..bounds {
                    // Signed compressed integers share the unsigned encoding's lengths.
                    self.c.compressed_u32()?;
                }
                TypeSig::Array(Box::new(element), rank)
            }
            GENERICINST => {
                let kind = self.c.u8()?;
                if kind != VALUETYPE && kind != CLASS {
                    return Err(Error::Malformed("generic instantiation of a non-type"));
                }
                let (table, row) = self.coded_type()?;
                let count = self.c.compressed_u32()?;
                if count as usize > self.c.rest().len() {
                    return Err(Error::Malformed(
                        "generic argument count exceeds the signature",
                    ));
                }
                let args = (0..count).map(|_| self.ty()).collect::<Result<Vec<_>>>()?;
                match self.type_ref(table, row, kind == VALUETYPE)? {
                    TypeSig::Named(named) => TypeSig::Named(NamedType { args, ..named }),
                    _ => return Err(Error::Malformed("generic instantiation of a TypeSpec")),
                }
            }
            FNPTR => {
                self.method()?;
                TypeSig::FnPtr
            }
            SZARRAY => {
                self.skip_mods()?;
                TypeSig::SzArray(Box::new(self.ty()?))
            }
            CMOD_REQD | CMOD_OPT => {
                // A modifier inside a type (e.g. on a generic argument): skip it and read on.
                self.coded_type()?;
                self.ty_inner()?
            }
            _ => return Err(Error::Malformed("unknown element type in a signature")),
        })
    }

    /// A TypeDef or TypeRef as `Named`; a TypeSpec is decoded from its own blob.
    fn type_ref(&mut self, table: TableId, row: u32, is_value_type: bool) -> Result<TypeSig> {
        if let Some(named) = self.image.named(table, row, is_value_type)? {
            return Ok(TypeSig::Named(named));
        }
        let blob = self
            .image
            .heaps
            .blob(self.image.tables.type_spec(row)?.signature)?;
        let mut inner = SigReader {
            image: self.image,
            c: Cursor::new(blob, "type spec"),
            depth: self.depth + 1,
        };
        inner.ty()
    }
}

fn primitive(b: u8) -> Option<Primitive> {
    use Primitive::*;
    Some(match b {
        0x01 => Void,
        0x02 => Boolean,
        0x03 => Char,
        0x04 => SByte,
        0x05 => Byte,
        0x06 => Int16,
        0x07 => UInt16,
        0x08 => Int32,
        0x09 => UInt32,
        0x0A => Int64,
        0x0B => UInt64,
        0x0C => Single,
        0x0D => Double,
        0x0E => String,
        element::TYPEDBYREF => TypedReference,
        0x18 => IntPtr,
        0x19 => UIntPtr,
        0x1C => Object,
        _ => return None,
    })
}
