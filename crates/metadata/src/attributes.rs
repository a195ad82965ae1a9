//! The few custom attributes the C# model depends on, found by their constructor's type name (so a
//! compiler-embedded copy counts like the framework's): `[Extension]`, `[ParamArray]`,
//! `[IsReadOnly]` (`in` parameters, `ref readonly` returns), `[DefaultMember]` (the indexer name),
//! `[Conditional]` (the symbols a call needs to be compiled at all, §22.5.3) and
//! `[TupleElementNames]` (the element names a signature gives its tuple types).

use crate::bytes::Cursor;
use crate::error::Result;
use crate::image::Image;
use crate::tables::{Coded, TableId};
use rustc_hash::FxHashMap;
use smol_str::SmolStr;

/// A set of well-known attributes, as bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Known(u8);

impl Known {
    pub(crate) const EXTENSION: Known = Known(1);
    pub(crate) const PARAM_ARRAY: Known = Known(2);
    pub(crate) const IS_READ_ONLY: Known = Known(4);
    const DEFAULT_MEMBER: Known = Known(8);
    const CONDITIONAL: Known = Known(16);
    const TUPLE_ELEMENT_NAMES: Known = Known(32);

    fn by_name(full_name: &str) -> Option<Known> {
        Some(match full_name {
            "System.Runtime.CompilerServices.ExtensionAttribute" => Known::EXTENSION,
            "System.ParamArrayAttribute" => Known::PARAM_ARRAY,
            "System.Runtime.CompilerServices.IsReadOnlyAttribute" => Known::IS_READ_ONLY,
            "System.Reflection.DefaultMemberAttribute" => Known::DEFAULT_MEMBER,
            "System.Diagnostics.ConditionalAttribute" => Known::CONDITIONAL,
            "System.Runtime.CompilerServices.TupleElementNamesAttribute" => {
                Known::TUPLE_ELEMENT_NAMES
            }
            _ => return None,
        })
    }
}

#[derive(Default)]
pub(crate) struct Attributes {
    /// Coded HasCustomAttribute parent → the well-known attributes on it.
    known: FxHashMap<u32, Known>,
    /// TypeDef row → `[DefaultMember("Item")]`'s argument.
    default_members: FxHashMap<u32, SmolStr>,
    /// Coded parent → the symbols of its `[Conditional("X")]` attributes (the attribute may repeat).
    conditions: FxHashMap<u32, Vec<SmolStr>>,
    /// Coded parent → its `[TupleElementNames]` array (`None` for an unnamed element).
    tuple_names: FxHashMap<u32, Vec<Option<SmolStr>>>,
}

impl Attributes {
    pub(crate) fn read(image: &Image<'_>) -> Result<Attributes> {
        let tables = &image.tables;
        // A MethodDef constructor's type is the TypeDef whose method list holds it: the last one
        // starting at or before it.
        let method_starts = (1..=tables.rows(TableId::TypeDef))
            .map(|row| Ok(tables.type_def(row)?.method_list))
            .collect::<Result<Vec<_>>>()?;
        let mut attributes = Attributes::default();
        for row in 1..=tables.rows(TableId::CustomAttribute) {
            let r = tables.custom_attribute(row)?;
            let attribute_type = match Coded::CustomAttributeType.decode(r.kind) {
                Some((TableId::MethodDef, method)) => {
                    let owner = method_starts.partition_point(|&start| start <= method) as u32;
                    Some((TableId::TypeDef, owner))
                }
                Some((TableId::MemberRef, member)) => {
                    Coded::MemberRefParent.decode(tables.member_ref(member)?.class)
                }
                _ => None,
            };
            let Some(known) = attribute_type
                .and_then(|(table, row)| image.type_name(table, row))
                .and_then(Known::by_name)
            else {
                continue;
            };
            let bits = attributes.known.entry(r.parent).or_default();
            bits.0 |= known.0;
            if known == Known::DEFAULT_MEMBER
                && let Some((TableId::TypeDef, type_def)) =
                    Coded::HasCustomAttribute.decode(r.parent)
                && let Some(name) = single_string_argument(image.heaps.blob(r.value)?)?
            {
                attributes.default_members.insert(type_def, name);
            }
            if known == Known::CONDITIONAL
                && let Some(symbol) = single_string_argument(image.heaps.blob(r.value)?)?
            {
                attributes
                    .conditions
                    .entry(r.parent)
                    .or_default()
                    .push(symbol);
            }
            if known == Known::TUPLE_ELEMENT_NAMES
                && let Some(names) = string_array_argument(image.heaps.blob(r.value)?)?
            {
                attributes.tuple_names.insert(r.parent, names);
            }
        }
        Ok(attributes)
    }

    pub(crate) fn has(&self, table: TableId, row: u32, which: Known) -> bool {
        let parent = Coded::HasCustomAttribute.encode(table, row);
        self.known.get(&parent).is_some_and(|k| k.0 & which.0 != 0)
    }

    pub(crate) fn default_member(&self, type_def: u32) -> Option<&SmolStr> {
        self.default_members.get(&type_def)
    }

    /// The `[Conditional]` symbols of a row (a MethodDef), empty when it has none.
    pub(crate) fn conditions(&self, table: TableId, row: u32) -> Vec<SmolStr> {
        let parent = Coded::HasCustomAttribute.encode(table, row);
        self.conditions.get(&parent).cloned().unwrap_or_default()
    }

    /// The `[TupleElementNames]` of a row (Param, Property or Field), empty when it has none.
    pub(crate) fn tuple_names(&self, table: TableId, row: u32) -> Vec<Option<SmolStr>> {
        let parent = Coded::HasCustomAttribute.encode(table, row);
        self.tuple_names.get(&parent).cloned().unwrap_or_default()
    }
}

fn prolog(c: &mut Cursor<'_>) -> Result<()> {
    if c.u16()? != 1 {
        return Err(crate::Error::Malformed("custom attribute prolog"));
    }
    Ok(())
}

/// A SerString (II.23.3): a compressed length and UTF-8, or 0xFF for null.
fn ser_string(c: &mut Cursor<'_>) -> Result<Option<SmolStr>> {
    if c.peek_u8()? == 0xFF {
        c.u8()?;
        return Ok(None);
    }
    let len = c.compressed_u32()? as usize;
    let text = std::str::from_utf8(c.bytes(len)?)
        .map_err(|_| crate::Error::Malformed("attribute string is not UTF-8"))?;
    Ok(Some(text.into()))
}

/// The string of an attribute blob whose constructor takes one string (II.23.3: prolog 0x0001,
/// then a SerString).
fn single_string_argument(blob: &[u8]) -> Result<Option<SmolStr>> {
    let mut c = Cursor::new(blob, "custom attribute blob");
    prolog(&mut c)?;
    ser_string(&mut c)
}

/// The array of an attribute blob whose constructor takes one `string[]` (II.23.3: prolog, then a
/// u32 element count, 0xFFFFFFFF for a null array, then that many SerStrings).
fn string_array_argument(blob: &[u8]) -> Result<Option<Vec<Option<SmolStr>>>> {
    let mut c = Cursor::new(blob, "custom attribute blob");
    prolog(&mut c)?;
    let count = c.u32()?;
    if count == u32::MAX {
        return Ok(None);
    }
    // Each element takes at least one byte, so a hostile count fails on the bytes, not the allocation.
    let mut names = Vec::with_capacity((count as usize).min(c.rest().len()));
    for _ in 0..count {
        names.push(ser_string(&mut c)?);
    }
    Ok(Some(names))
}
