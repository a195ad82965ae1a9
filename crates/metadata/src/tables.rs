//! The `#~` stream (II.24.2.6, II.22): row counts, the width of every column (heap and table indices
//! are 2 or 4 bytes depending on sizes), and typed, bounds-checked row access. Row numbers are
//! 1-based as in metadata; 0 is "null".

use crate::bytes::{Cursor, slice};
use crate::error::{Error, Result};
use std::ops::Range;

/// Metadata tables, numbered as in II.22. Tables past `GenericParamConstraint` belong to portable
/// PDBs and never appear in an assembly's `#~`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(
    dead_code,
    reason = "the variants number the tables as II.22 does; only some are named"
)]
pub(crate) enum TableId {
    Module,
    TypeRef,
    TypeDef,
    FieldPtr,
    Field,
    MethodPtr,
    MethodDef,
    ParamPtr,
    Param,
    InterfaceImpl,
    MemberRef,
    Constant,
    CustomAttribute,
    FieldMarshal,
    DeclSecurity,
    ClassLayout,
    FieldLayout,
    StandAloneSig,
    EventMap,
    EventPtr,
    Event,
    PropertyMap,
    PropertyPtr,
    Property,
    MethodSemantics,
    MethodImpl,
    ModuleRef,
    TypeSpec,
    ImplMap,
    FieldRva,
    EncLog,
    EncMap,
    Assembly,
    AssemblyProcessor,
    AssemblyOs,
    AssemblyRef,
    AssemblyRefProcessor,
    AssemblyRefOs,
    File,
    ExportedType,
    ManifestResource,
    NestedClass,
    GenericParam,
    MethodSpec,
    GenericParamConstraint,
}

const TABLE_COUNT: usize = TableId::GenericParamConstraint as usize + 1;

/// Coded indices (II.24.2.6): a tag in the low bits picks the table, the rest is the row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Coded {
    TypeDefOrRef,
    HasConstant,
    HasCustomAttribute,
    HasFieldMarshal,
    HasDeclSecurity,
    MemberRefParent,
    HasSemantics,
    MethodDefOrRef,
    MemberForwarded,
    Implementation,
    CustomAttributeType,
    ResolutionScope,
    TypeOrMethodDef,
}

impl Coded {
    /// The tables by tag; `None` marks tags the spec reserves.
    fn tables(self) -> &'static [Option<TableId>] {
        use TableId::*;
        match self {
            Coded::TypeDefOrRef => &[Some(TypeDef), Some(TypeRef), Some(TypeSpec)],
            Coded::HasConstant => &[Some(Field), Some(Param), Some(Property)],
            Coded::HasCustomAttribute => &[
                Some(MethodDef),
                Some(Field),
                Some(TypeRef),
                Some(TypeDef),
                Some(Param),
                Some(InterfaceImpl),
                Some(MemberRef),
                Some(Module),
                Some(DeclSecurity),
                Some(Property),
                Some(Event),
                Some(StandAloneSig),
                Some(ModuleRef),
                Some(TypeSpec),
                Some(Assembly),
                Some(AssemblyRef),
                Some(File),
                Some(ExportedType),
                Some(ManifestResource),
                Some(GenericParam),
                Some(GenericParamConstraint),
                Some(MethodSpec),
            ],
            Coded::HasFieldMarshal => &[Some(Field), Some(Param)],
            Coded::HasDeclSecurity => &[Some(TypeDef), Some(MethodDef), Some(Assembly)],
            Coded::MemberRefParent => &[
                Some(TypeDef),
                Some(TypeRef),
                Some(ModuleRef),
                Some(MethodDef),
                Some(TypeSpec),
            ],
            Coded::HasSemantics => &[Some(Event), Some(Property)],
            Coded::MethodDefOrRef => &[Some(MethodDef), Some(MemberRef)],
            Coded::MemberForwarded => &[Some(Field), Some(MethodDef)],
            Coded::Implementation => &[Some(File), Some(AssemblyRef), Some(ExportedType)],
            Coded::CustomAttributeType => &[None, None, Some(MethodDef), Some(MemberRef), None],
            Coded::ResolutionScope => &[
                Some(Module),
                Some(ModuleRef),
                Some(AssemblyRef),
                Some(TypeRef),
            ],
            Coded::TypeOrMethodDef => &[Some(TypeDef), Some(MethodDef)],
        }
    }

    fn tag_bits(self) -> u32 {
        usize::BITS - (self.tables().len() - 1).leading_zeros()
    }

    /// The table and row a coded value names; `None` for a reserved tag or a null row.
    pub(crate) fn decode(self, value: u32) -> Option<(TableId, u32)> {
        let bits = self.tag_bits();
        let table = (*self.tables().get((value & ((1 << bits) - 1)) as usize)?)?;
        let row = value >> bits;
        (row != 0).then_some((table, row))
    }

    /// The coded value for `(table, row)`, to look rows up by parent.
    pub(crate) fn encode(self, table: TableId, row: u32) -> u32 {
        let tag = self
            .tables()
            .iter()
            .position(|t| *t == Some(table))
            .unwrap_or(0) as u32;
        row << self.tag_bits() | tag
    }
}

/// A column's kind; its width follows from the heap and table sizes.
#[derive(Debug, Clone, Copy)]
enum Col {
    U16,
    U32,
    Str,
    Guid,
    Blob,
    Index(TableId),
    Coded(Coded),
}

struct Layout {
    /// Offset of the first row within `#~`.
    start: usize,
    rows: u32,
    row_size: usize,
    /// (offset within the row, width) of each column.
    cols: Vec<(usize, usize)>,
}

pub(crate) struct Tables<'a> {
    data: &'a [u8],
    layouts: Vec<Layout>,
}

/// One row's bytes and its table's column layout.
pub(crate) struct Row<'t> {
    bytes: &'t [u8],
    cols: &'t [(usize, usize)],
}

impl Row<'_> {
    /// The column values in order.
    fn values(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.cols.len()).map(|c| self.get(c))
    }

    fn get(&self, col: usize) -> u32 {
        // The layout was computed from the same schema the row types use, so `col` and the
        // column's extent are always inside the row.
        let (offset, width) = self.cols[col];
        let b = &self.bytes[offset..offset + width];
        if width == 2 {
            u32::from(u16::from_le_bytes([b[0], b[1]]))
        } else {
            u32::from_le_bytes([b[0], b[1], b[2], b[3]])
        }
    }
}

const HEAP_STRINGS_WIDE: u8 = 0x01;
const HEAP_GUID_WIDE: u8 = 0x02;
const HEAP_BLOB_WIDE: u8 = 0x04;
/// `#-` streams written by edit-and-continue may carry 4 extra bytes after the row counts.
const HEAP_EXTRA_DATA: u8 = 0x40;

impl<'a> Tables<'a> {
    pub(crate) fn parse(data: &'a [u8]) -> Result<Tables<'a>> {
        let mut c = Cursor::new(data, "#~ header");
        let _reserved = c.u32()?;
        let _major = c.u8()?;
        let _minor = c.u8()?;
        let heap_sizes = c.u8()?;
        let _reserved = c.u8()?;
        let valid = c.u64()?;
        let _sorted = c.u64()?;
        if valid >> TABLE_COUNT != 0 {
            return Err(Error::Unsupported(
                "metadata table past GenericParamConstraint",
            ));
        }
        let mut rows = [0u32; TABLE_COUNT];
        for (i, r) in rows.iter_mut().enumerate() {
            if valid & (1 << i) != 0 {
                *r = c.u32()?;
            }
        }
        if heap_sizes & HEAP_EXTRA_DATA != 0 {
            c.u32()?;
        }
        let mut start = data.len() - c.rest().len();

        let width = |col: Col| -> usize {
            let wide = |flag: u8| if heap_sizes & flag != 0 { 4 } else { 2 };
            match col {
                Col::U16 => 2,
                Col::U32 => 4,
                Col::Str => wide(HEAP_STRINGS_WIDE),
                Col::Guid => wide(HEAP_GUID_WIDE),
                Col::Blob => wide(HEAP_BLOB_WIDE),
                Col::Index(t) => {
                    if rows[t as usize] < 1 << 16 {
                        2
                    } else {
                        4
                    }
                }
                Col::Coded(k) => {
                    let max = k.tables().iter().flatten().map(|t| rows[*t as usize]).max();
                    if max.unwrap_or(0) < 1 << (16 - k.tag_bits()) {
                        2
                    } else {
                        4
                    }
                }
            }
        };
        let mut layouts = Vec::with_capacity(TABLE_COUNT);
        for (i, &count) in rows.iter().enumerate() {
            let mut cols = Vec::new();
            let mut row_size = 0;
            for &col in SCHEMA[i] {
                let w = width(col);
                cols.push((row_size, w));
                row_size += w;
            }
            let len = row_size
                .checked_mul(count as usize)
                .ok_or(Error::Malformed("row count"))?;
            slice(data, start, len, "tables extend past the #~ stream")?;
            layouts.push(Layout {
                start,
                rows: count,
                row_size,
                cols,
            });
            start += len;
        }
        Ok(Tables { data, layouts })
    }

    pub(crate) fn rows(&self, table: TableId) -> u32 {
        self.layouts[table as usize].rows
    }

    fn row(&self, table: TableId, row: u32) -> Result<Row<'_>> {
        let layout = &self.layouts[table as usize];
        if row == 0 || row > layout.rows {
            return Err(Error::Malformed("row index out of range"));
        }
        let at = layout.start + (row as usize - 1) * layout.row_size;
        Ok(Row {
            bytes: slice(self.data, at, layout.row_size, "row")?,
            cols: &layout.cols,
        })
    }

    /// The rows of `target` a list column owns (II.22: a run from this row's list start to the next
    /// row's), mapped through the `*Ptr` table when an uncompressed `#-` stream has one.
    pub(crate) fn list(
        &self,
        start: u32,
        next: Option<u32>,
        target: TableId,
    ) -> impl Iterator<Item = Result<u32>> + '_ {
        let end_of_table = self.rows(target) + 1;
        let end = next.unwrap_or(end_of_table).min(end_of_table);
        let range: Range<u32> = start.max(1)..end.max(start.max(1));
        let ptr = match target {
            TableId::Field => Some(TableId::FieldPtr),
            TableId::MethodDef => Some(TableId::MethodPtr),
            TableId::Param => Some(TableId::ParamPtr),
            TableId::Event => Some(TableId::EventPtr),
            TableId::Property => Some(TableId::PropertyPtr),
            _ => None,
        }
        .filter(|p| self.rows(*p) > 0);
        range.map(move |i| match ptr {
            Some(p) => Ok(self.row(p, i)?.get(0)),
            None => Ok(i),
        })
    }
}

/// Declares the row types of the tables the reader uses: one struct of raw column values per
/// table, its column kinds (the schema `Tables::parse` sizes columns with), and an accessor on
/// `Tables`. Fields named `_x` are columns that must be sized but are never read.
macro_rules! rows {
    ($($row:ident $accessor:ident($table:ident) { $($field:ident: $kind:expr),* $(,)? })*) => {
        $(
            #[derive(Debug, Clone, Copy)]
            pub(crate) struct $row { $(pub(crate) $field: u32),* }

            impl $row {
                const COLS: &'static [Col] = &[$($kind),*];
            }

            impl Tables<'_> {
                pub(crate) fn $accessor(&self, row: u32) -> Result<$row> {
                    let r = self.row(TableId::$table, row)?;
                    let mut values = r.values();
                    Ok($row { $($field: values.next().unwrap_or(0)),* })
                }
            }
        )*
    };
}

use Coded as C;
use Col::{Blob, Guid, Index, Str, U16, U32};

rows! {
    TypeRefRow type_ref(TypeRef) {
        scope: Col::Coded(C::ResolutionScope), name: Str, namespace: Str,
    }
    TypeDefRow type_def(TypeDef) {
        flags: U32, name: Str, namespace: Str, extends: Col::Coded(C::TypeDefOrRef),
        field_list: Index(TableId::Field), method_list: Index(TableId::MethodDef),
    }
    FieldRow field(Field) { flags: U16, name: Str, signature: Blob }
    MethodDefRow method_def(MethodDef) {
        _rva: U32, _impl_flags: U16, flags: U16, name: Str, signature: Blob,
        param_list: Index(TableId::Param),
    }
    ParamRow param(Param) { flags: U16, sequence: U16, name: Str }
    InterfaceImplRow interface_impl(InterfaceImpl) {
        class: Index(TableId::TypeDef), interface: Col::Coded(C::TypeDefOrRef),
    }
    MemberRefRow member_ref(MemberRef) {
        class: Col::Coded(C::MemberRefParent), _name: Str, _signature: Blob,
    }
    ConstantRow constant(Constant) {
        // The element type byte is followed by a padding byte.
        kind: U16, parent: Col::Coded(C::HasConstant), value: Blob,
    }
    CustomAttributeRow custom_attribute(CustomAttribute) {
        parent: Col::Coded(C::HasCustomAttribute), kind: Col::Coded(C::CustomAttributeType),
        value: Blob,
    }
    EventMapRow event_map(EventMap) {
        parent: Index(TableId::TypeDef), event_list: Index(TableId::Event),
    }
    EventRow event(Event) { _flags: U16, name: Str, kind: Col::Coded(C::TypeDefOrRef) }
    PropertyMapRow property_map(PropertyMap) {
        parent: Index(TableId::TypeDef), property_list: Index(TableId::Property),
    }
    PropertyRow property(Property) { _flags: U16, name: Str, signature: Blob }
    MethodSemanticsRow method_semantics(MethodSemantics) {
        semantics: U16, method: Index(TableId::MethodDef), association: Col::Coded(C::HasSemantics),
    }
    TypeSpecRow type_spec(TypeSpec) { signature: Blob }
    AssemblyRow assembly(Assembly) {
        _hash_alg: U32, major: U16, minor: U16, build: U16, revision: U16, _flags: U32,
        _public_key: Blob, name: Str, _culture: Str,
    }
    AssemblyRefRow assembly_ref(AssemblyRef) {
        major: U16, minor: U16, build: U16, revision: U16, _flags: U32, _public_key: Blob,
        name: Str, _culture: Str, _hash: Blob,
    }
    ExportedTypeRow exported_type(ExportedType) {
        flags: U32, _type_def_id: U32, name: Str, namespace: Str,
        implementation: Col::Coded(C::Implementation),
    }
    NestedClassRow nested_class(NestedClass) {
        nested: Index(TableId::TypeDef), enclosing: Index(TableId::TypeDef),
    }
    GenericParamRow generic_param(GenericParam) {
        number: U16, flags: U16, owner: Col::Coded(C::TypeOrMethodDef), name: Str,
    }
    GenericParamConstraintRow generic_param_constraint(GenericParamConstraint) {
        owner: Index(TableId::GenericParam), constraint: Col::Coded(C::TypeDefOrRef),
    }
}

/// Every table's columns in II.22 order; tables the reader never reads are listed only to be sized.
const SCHEMA: [&[Col]; TABLE_COUNT] = {
    use TableId as T;
    [
        &[U16, Str, Guid, Guid, Guid],                // Module
        TypeRefRow::COLS,                             // TypeRef
        TypeDefRow::COLS,                             // TypeDef
        &[Index(T::Field)],                           // FieldPtr
        FieldRow::COLS,                               // Field
        &[Index(T::MethodDef)],                       // MethodPtr
        MethodDefRow::COLS,                           // MethodDef
        &[Index(T::Param)],                           // ParamPtr
        ParamRow::COLS,                               // Param
        InterfaceImplRow::COLS,                       // InterfaceImpl
        MemberRefRow::COLS,                           // MemberRef
        ConstantRow::COLS,                            // Constant
        CustomAttributeRow::COLS,                     // CustomAttribute
        &[Col::Coded(C::HasFieldMarshal), Blob],      // FieldMarshal
        &[U16, Col::Coded(C::HasDeclSecurity), Blob], // DeclSecurity
        &[U16, U32, Index(T::TypeDef)],               // ClassLayout
        &[U32, Index(T::Field)],                      // FieldLayout
        &[Blob],                                      // StandAloneSig
        EventMapRow::COLS,                            // EventMap
        &[Index(T::Event)],                           // EventPtr
        EventRow::COLS,                               // Event
        PropertyMapRow::COLS,                         // PropertyMap
        &[Index(T::Property)],                        // PropertyPtr
        PropertyRow::COLS,                            // Property
        MethodSemanticsRow::COLS,                     // MethodSemantics
        &[
            Index(T::TypeDef),
            Col::Coded(C::MethodDefOrRef),
            Col::Coded(C::MethodDefOrRef),
        ], // MethodImpl
        &[Str],                                       // ModuleRef
        TypeSpecRow::COLS,                            // TypeSpec
        &[
            U16,
            Col::Coded(C::MemberForwarded),
            Str,
            Index(T::ModuleRef),
        ], // ImplMap
        &[U32, Index(T::Field)],                      // FieldRVA
        &[U32, U32],                                  // EncLog
        &[U32],                                       // EncMap
        AssemblyRow::COLS,                            // Assembly
        &[U32],                                       // AssemblyProcessor
        &[U32, U32, U32],                             // AssemblyOS
        AssemblyRefRow::COLS,                         // AssemblyRef
        &[U32, Index(T::AssemblyRef)],                // AssemblyRefProcessor
        &[U32, U32, U32, Index(T::AssemblyRef)],      // AssemblyRefOS
        &[U32, Str, Blob],                            // File
        ExportedTypeRow::COLS,                        // ExportedType
        &[U32, U32, Str, Col::Coded(C::Implementation)], // ManifestResource
        NestedClassRow::COLS,                         // NestedClass
        GenericParamRow::COLS,                        // GenericParam
        &[Col::Coded(C::MethodDefOrRef), Blob],       // MethodSpec
        GenericParamConstraintRow::COLS,              // GenericParamConstraint
    ]
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coded_indices_round_trip() {
        assert_eq!(Coded::HasCustomAttribute.tag_bits(), 5);
        assert_eq!(Coded::CustomAttributeType.tag_bits(), 3);
        assert_eq!(Coded::TypeDefOrRef.tag_bits(), 2);
        assert_eq!(Coded::HasSemantics.tag_bits(), 1);
        let v = Coded::HasCustomAttribute.encode(TableId::Param, 7);
        assert_eq!(
            Coded::HasCustomAttribute.decode(v),
            Some((TableId::Param, 7))
        );
        assert_eq!(Coded::CustomAttributeType.decode(1 << 3), None);
        assert_eq!(Coded::TypeDefOrRef.decode(3 | 4), None);
    }
}
