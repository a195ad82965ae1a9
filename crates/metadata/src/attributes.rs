//! The few custom attributes the C# model depends on, found by their constructor's type name (so a
//! compiler-embedded copy counts like the framework's): `[Extension]`, `[ParamArray]`,
//! `[IsReadOnly]` (`in` parameters, `ref readonly` returns) and `[DefaultMember]` (the indexer name).

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

    fn by_name(full_name: &str) -> Option<Known> {
        Some(match full_name {
            "System.Runtime.CompilerServices.ExtensionAttribute" => Known::EXTENSION,
            "System.ParamArrayAttribute" => Known::PARAM_ARRAY,
            "System.Runtime.CompilerServices.IsReadOnlyAttribute" => Known::IS_READ_ONLY,
            "System.Reflection.DefaultMemberAttribute" => Known::DEFAULT_MEMBER,
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
}

/// The string of an attribute blob whose constructor takes one string (II.23.3: prolog 0x0001,
/// then a SerString: a compressed length and UTF-8, or 0xFF for null).
fn single_string_argument(blob: &[u8]) -> Result<Option<SmolStr>> {
    let mut c = Cursor::new(blob, "custom attribute blob");
    if c.u16()? != 1 {
        return Err(crate::Error::Malformed("custom attribute prolog"));
    }
    if c.peek_u8()? == 0xFF {
        return Ok(None);
    }
    let len = c.compressed_u32()? as usize;
    let text = std::str::from_utf8(c.bytes(len)?)
        .map_err(|_| crate::Error::Malformed("attribute string is not UTF-8"))?;
    Ok(Some(text.into()))
}
