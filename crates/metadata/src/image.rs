//! An opened assembly image: its tables and heaps, plus what the model builder needs by row number
//! and reads many times: every TypeDef's and TypeRef's metadata full name, and reverse indexes for
//! the tables that point at their owner (NestedClass, GenericParam, InterfaceImpl, Constant,
//! MethodSemantics, PropertyMap, EventMap, CustomAttribute).

use crate::attributes::Attributes;
use crate::error::{Error, Result};
use crate::model::NamedType;
use crate::pe;
use crate::streams::{Heaps, read_streams};
use crate::tables::{Coded, TableId, Tables};
use rustc_hash::FxHashMap;
use smol_str::{SmolStr, format_smolstr};

self_cell::self_cell!(
    /// An image with the file bytes it reads: what lowers a type's members when they are first read
    /// (`members::Members`), long after the assembly was opened.
    pub(crate) struct OwnedImage {
        owner: Vec<u8>,
        #[covariant]
        dependent: Image,
    }
);

/// Nesting deeper than this is taken for a cycle (no real type nests 64 deep).
pub(crate) const MAX_DEPTH: u32 = 64;

pub(crate) struct Image<'a> {
    pub(crate) tables: Tables<'a>,
    pub(crate) heaps: Heaps<'a>,
    /// By TypeDef row - 1: "Ns.Outer`1+Inner".
    type_def_names: Vec<SmolStr>,
    /// By TypeRef row - 1: full name and the assembly the reference resolves to.
    type_ref_names: Vec<(SmolStr, Option<SmolStr>)>,
    /// Nested TypeDef row → enclosing TypeDef row.
    pub(crate) enclosing: FxHashMap<u32, u32>,
    /// Coded TypeOrMethodDef owner → GenericParam rows (in table order, which is by number).
    pub(crate) generic_params: FxHashMap<u32, Vec<u32>>,
    /// GenericParam row → coded TypeDefOrRef constraints.
    pub(crate) constraints: FxHashMap<u32, Vec<u32>>,
    /// TypeDef row → coded TypeDefOrRef interfaces.
    pub(crate) interfaces: FxHashMap<u32, Vec<u32>>,
    /// Coded HasConstant parent → (element type, value blob).
    pub(crate) constants: FxHashMap<u32, (u8, u32)>,
    /// Coded HasSemantics association → (semantics flags, MethodDef row).
    pub(crate) semantics: FxHashMap<u32, Vec<(u16, u32)>>,
    /// TypeDef row → PropertyMap row.
    pub(crate) property_maps: FxHashMap<u32, u32>,
    /// TypeDef row → EventMap row.
    pub(crate) event_maps: FxHashMap<u32, u32>,
    pub(crate) attributes: Attributes,
}

impl<'a> Image<'a> {
    pub(crate) fn open(file: &'a [u8]) -> Result<Image<'a>> {
        let streams = read_streams(pe::metadata_root(file)?)?;
        let tables = Tables::parse(streams.tables)?;
        let heaps = streams.heaps;

        let mut enclosing = FxHashMap::default();
        for row in 1..=tables.rows(TableId::NestedClass) {
            let r = tables.nested_class(row)?;
            enclosing.insert(r.nested, r.enclosing);
        }
        let mut generic_params: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
        for row in 1..=tables.rows(TableId::GenericParam) {
            generic_params
                .entry(tables.generic_param(row)?.owner)
                .or_default()
                .push(row);
        }
        // Rows are sorted by owner then number (II.22.20), but sorting again costs little and
        // keeps `!n` meaning the n-th parameter even in files that break the rule.
        for rows in generic_params.values_mut() {
            let mut numbered = rows
                .iter()
                .map(|&r| Ok((tables.generic_param(r)?.number, r)))
                .collect::<Result<Vec<_>>>()?;
            numbered.sort_unstable();
            *rows = numbered.into_iter().map(|(_, r)| r).collect();
        }
        let mut constraints: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
        for row in 1..=tables.rows(TableId::GenericParamConstraint) {
            let r = tables.generic_param_constraint(row)?;
            constraints.entry(r.owner).or_default().push(r.constraint);
        }
        let mut interfaces: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
        for row in 1..=tables.rows(TableId::InterfaceImpl) {
            let r = tables.interface_impl(row)?;
            interfaces.entry(r.class).or_default().push(r.interface);
        }
        let mut constants = FxHashMap::default();
        for row in 1..=tables.rows(TableId::Constant) {
            let r = tables.constant(row)?;
            constants.insert(r.parent, ((r.kind & 0xFF) as u8, r.value));
        }
        let mut semantics: FxHashMap<u32, Vec<(u16, u32)>> = FxHashMap::default();
        for row in 1..=tables.rows(TableId::MethodSemantics) {
            let r = tables.method_semantics(row)?;
            semantics
                .entry(r.association)
                .or_default()
                .push((r.semantics as u16, r.method));
        }
        let mut property_maps = FxHashMap::default();
        for row in 1..=tables.rows(TableId::PropertyMap) {
            property_maps.insert(tables.property_map(row)?.parent, row);
        }
        let mut event_maps = FxHashMap::default();
        for row in 1..=tables.rows(TableId::EventMap) {
            event_maps.insert(tables.event_map(row)?.parent, row);
        }

        let mut image = Image {
            tables,
            heaps,
            type_def_names: Vec::new(),
            type_ref_names: Vec::new(),
            enclosing,
            generic_params,
            constraints,
            interfaces,
            constants,
            semantics,
            property_maps,
            event_maps,
            attributes: Attributes::default(),
        };
        image.type_def_names = (1..=image.tables.rows(TableId::TypeDef))
            .map(|row| image.type_def_full_name(row, 0))
            .collect::<Result<_>>()?;
        image.type_ref_names = (1..=image.tables.rows(TableId::TypeRef))
            .map(|row| image.type_ref_full_name(row, 0))
            .collect::<Result<_>>()?;
        image.attributes = Attributes::read(&image)?;
        Ok(image)
    }

    fn type_def_full_name(&self, row: u32, depth: u32) -> Result<SmolStr> {
        if depth > MAX_DEPTH {
            return Err(Error::Malformed("cyclic NestedClass"));
        }
        let r = self.tables.type_def(row)?;
        let name = self.heaps.string(r.name)?;
        Ok(match self.enclosing.get(&row) {
            Some(&outer) => {
                format_smolstr!("{}+{name}", self.type_def_full_name(outer, depth + 1)?)
            }
            None => qualify(self.heaps.string(r.namespace)?, name),
        })
    }

    fn type_ref_full_name(&self, row: u32, depth: u32) -> Result<(SmolStr, Option<SmolStr>)> {
        if depth > MAX_DEPTH {
            return Err(Error::Malformed("cyclic TypeRef resolution scope"));
        }
        let r = self.tables.type_ref(row)?;
        let name = self.heaps.string(r.name)?;
        Ok(match Coded::ResolutionScope.decode(r.scope) {
            Some((TableId::TypeRef, outer)) => {
                let (outer, scope) = self.type_ref_full_name(outer, depth + 1)?;
                (format_smolstr!("{outer}+{name}"), scope)
            }
            Some((TableId::AssemblyRef, asm)) => {
                let asm = self.heaps.string(self.tables.assembly_ref(asm)?.name)?;
                (
                    qualify(self.heaps.string(r.namespace)?, name),
                    Some(asm.into()),
                )
            }
            // Module (this module), ModuleRef (another module of this assembly) or null (look
            // in ExportedType): the type lives in this assembly.
            _ => (qualify(self.heaps.string(r.namespace)?, name), None),
        })
    }

    /// The name of a TypeDef row, as `NamedType::full_name` spells it.
    pub(crate) fn type_def_name(&self, row: u32) -> Result<&SmolStr> {
        self.type_def_names
            .get(row.wrapping_sub(1) as usize)
            .ok_or(Error::Malformed("TypeDef index"))
    }

    /// A TypeDef or TypeRef as a not-instantiated `NamedType`; `None` for a TypeSpec.
    pub(crate) fn named(
        &self,
        table: TableId,
        row: u32,
        is_value_type: bool,
    ) -> Result<Option<NamedType>> {
        let (full_name, scope) = match table {
            TableId::TypeDef => (self.type_def_name(row)?.clone(), None),
            TableId::TypeRef => self
                .type_ref_names
                .get(row.wrapping_sub(1) as usize)
                .cloned()
                .ok_or(Error::Malformed("TypeRef index"))?,
            _ => return Ok(None),
        };
        Ok(Some(NamedType {
            full_name,
            scope,
            args: Vec::new(),
            is_value_type,
        }))
    }

    /// The full name of a coded TypeDefOrRef (TypeSpecs have none), to recognize attribute and
    /// modifier types whether referenced or defined (compilers embed their own
    /// `IsReadOnlyAttribute` when the framework lacks one).
    pub(crate) fn type_name(&self, table: TableId, row: u32) -> Option<&str> {
        match table {
            TableId::TypeDef => self.type_def_names.get(row.wrapping_sub(1) as usize),
            TableId::TypeRef => self
                .type_ref_names
                .get(row.wrapping_sub(1) as usize)
                .map(|n| &n.0),
            _ => None,
        }
        .map(|s| s.as_str())
    }
}

fn qualify(namespace: &str, name: &str) -> SmolStr {
    if namespace.is_empty() {
        name.into()
    } else {
        format_smolstr!("{namespace}.{name}")
    }
}
