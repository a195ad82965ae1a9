//! Tables → the C# model: which types and members C# code outside the assembly can see, what kind
//! each type is, generic parameters and constraints, members with signatures, accessors tied to
//! their properties and events, `ref`/`out`/`in` parameters, constants and the well-known
//! attributes. Rules follow how Roslyn imports metadata (`PENamedTypeSymbol`, `PEMethodSymbol`,
//! `PEParameterSymbol`).

use crate::attributes::Known;
use crate::constant;
use crate::error::{Error, Result};
use crate::image::{Image, MAX_DEPTH, OwnedImage};
use crate::model::*;
use crate::signature::{self, SigParam};
use crate::tables::{Coded, TableId};
use smol_str::{SmolStr, format_smolstr};
use std::sync::Arc;

/// TypeAttributes (II.23.1.15).
mod type_flags {
    pub(super) const VISIBILITY_MASK: u32 = 0x07;
    pub(super) const INTERFACE: u32 = 0x20;
    pub(super) const ABSTRACT: u32 = 0x80;
    pub(super) const SEALED: u32 = 0x100;
}

/// Field and method access (II.23.1.5, II.23.1.10 share the encoding).
const MEMBER_ACCESS_MASK: u32 = 0x07;

/// FieldAttributes (II.23.1.5).
mod field_flags {
    pub(super) const STATIC: u32 = 0x10;
    pub(super) const INIT_ONLY: u32 = 0x20;
    pub(super) const LITERAL: u32 = 0x40;
    pub(super) const RT_SPECIAL_NAME: u32 = 0x400;
}

/// MethodAttributes (II.23.1.10).
mod method_flags {
    pub(super) const STATIC: u32 = 0x10;
    pub(super) const FINAL: u32 = 0x20;
    pub(super) const VIRTUAL: u32 = 0x40;
    pub(super) const NEW_SLOT: u32 = 0x100;
    pub(super) const ABSTRACT: u32 = 0x400;
    pub(super) const SPECIAL_NAME: u32 = 0x800;
}

/// ParamAttributes (II.23.1.13).
mod param_flags {
    pub(super) const IN: u32 = 0x1;
    pub(super) const OUT: u32 = 0x2;
    pub(super) const OPTIONAL: u32 = 0x10;
}

/// GenericParamAttributes (II.23.1.7).
mod generic_flags {
    pub(super) const VARIANCE_MASK: u32 = 0x3;
    pub(super) const REFERENCE_TYPE: u32 = 0x4;
    pub(super) const VALUE_TYPE: u32 = 0x8;
    pub(super) const DEFAULT_CTOR: u32 = 0x10;
}

/// MethodSemanticsAttributes (II.23.1.12).
mod semantics {
    pub(super) const SETTER: u16 = 0x1;
    pub(super) const GETTER: u16 = 0x2;
    pub(super) const ADD_ON: u16 = 0x8;
    pub(super) const REMOVE_ON: u16 = 0x10;
}

/// TypeAttributes.Forwarder on an ExportedType row (II.23.1.15).
const FORWARDER: u32 = 0x0020_0000;

pub(crate) fn assembly(owned: &Arc<OwnedImage>) -> Result<Assembly> {
    let image = owned.borrow_dependent();
    let t = &image.tables;
    if t.rows(TableId::Assembly) == 0 {
        return Err(Error::Unsupported(
            "a module without an Assembly row (a .netmodule)",
        ));
    }
    let a = t.assembly(1)?;
    let references = (1..=t.rows(TableId::AssemblyRef))
        .map(|row| {
            let r = t.assembly_ref(row)?;
            Ok(AssemblyRefName {
                name: image.heaps.string(r.name)?.into(),
                version: version([r.major, r.minor, r.build, r.revision]),
            })
        })
        .collect::<Result<_>>()?;
    let forwarders = (1..=t.rows(TableId::ExportedType))
        .map(|row| forwarder(image, row, 0))
        .filter_map(Result::transpose)
        .collect::<Result<_>>()?;
    Ok(Assembly {
        name: image.heaps.string(a.name)?.into(),
        version: version([a.major, a.minor, a.build, a.revision]),
        references,
        types: Types::new(owned)?.lower()?,
        forwarders,
    })
}

fn version(parts: [u32; 4]) -> [u16; 4] {
    parts.map(|p| p as u16)
}

/// An ExportedType row as a forwarder, if it (or, for a nested one, its outermost type) forwards
/// to another assembly; nested types are named `Outer+Inner` in the outer's namespace.
fn forwarder(image: &Image<'_>, row: u32, depth: u32) -> Result<Option<TypeForwarder>> {
    if depth > MAX_DEPTH {
        return Err(Error::Malformed("cyclic ExportedType"));
    }
    let r = image.tables.exported_type(row)?;
    let name = image.heaps.string(r.name)?;
    Ok(match Coded::Implementation.decode(r.implementation) {
        Some((TableId::AssemblyRef, asm)) if r.flags & FORWARDER != 0 => Some(TypeForwarder {
            namespace: image.heaps.string(r.namespace)?.into(),
            name: name.into(),
            target: image
                .heaps
                .string(image.tables.assembly_ref(asm)?.name)?
                .into(),
        }),
        Some((TableId::ExportedType, outer)) => {
            forwarder(image, outer, depth + 1)?.map(|outer| TypeForwarder {
                name: format_smolstr!("{}+{name}", outer.name),
                ..outer
            })
        }
        _ => None,
    })
}

/// The TypeDef table with, per row, its index in `Assembly::types` if it is kept.
struct Types<'i> {
    owned: &'i Arc<OwnedImage>,
    index: Vec<Option<u32>>,
}

impl<'i> Types<'i> {
    fn new(owned: &'i Arc<OwnedImage>) -> Result<Self> {
        let image = owned.borrow_dependent();
        let mut index = Vec::new();
        let mut next = 0;
        for row in 1..=image.tables.rows(TableId::TypeDef) {
            let kept = visible_type(image, row, 0)?;
            index.push(kept.then(|| {
                next += 1;
                next - 1
            }));
        }
        Ok(Types { owned, index })
    }

    fn lower(&self) -> Result<Vec<TypeDef>> {
        (1..=self.index.len() as u32)
            .filter(|row| self.index[*row as usize - 1].is_some())
            .map(|row| self.type_def(row))
            .collect()
    }

    fn type_def(&self, row: u32) -> Result<TypeDef> {
        let image = self.owned.borrow_dependent();
        let t = &image.tables;
        let r = t.type_def(row)?;
        let enclosing = image.enclosing.get(&row).copied();
        let generic_params =
            generic_params(image, Coded::TypeOrMethodDef.encode(TableId::TypeDef, row))?;
        let outer_arity = match enclosing {
            Some(outer) => generic_param_count(image, TableId::TypeDef, outer),
            None => 0,
        };
        let arity = (generic_params.len() as u32).saturating_sub(outer_arity);
        let base = signature::type_def_or_ref(image, r.extends)?;
        let flags = r.flags;
        let kind = type_kind(image, row, flags, base.as_ref())?;
        let is_abstract = flags & type_flags::ABSTRACT != 0;
        let is_sealed = flags & type_flags::SEALED != 0;
        let interfaces = image
            .interfaces
            .get(&row)
            .into_iter()
            .flatten()
            .filter_map(|&i| signature::type_def_or_ref(image, i).transpose())
            .collect::<Result<_>>()?;

        Ok(TypeDef {
            namespace: outermost_namespace(image, row)?,
            name: strip_arity(image.heaps.string(r.name)?, arity),
            arity,
            declaring: enclosing.and_then(|e| {
                self.index
                    .get(e.wrapping_sub(1) as usize)
                    .copied()
                    .flatten()
            }),
            kind,
            visibility: type_visibility(flags),
            is_abstract,
            is_sealed,
            is_static: kind == TypeKind::Class && is_abstract && is_sealed,
            generic_params,
            base,
            interfaces,
            members: Members::lazy(self.owned.clone() as Arc<_>, row),
            default_member: image.attributes.default_member(row).cloned(),
            is_extension_container: image
                .attributes
                .has(TableId::TypeDef, row, Known::EXTENSION),
        })
    }
}

impl crate::members::LowerMembers for OwnedImage {
    fn type_members(&self, row: u32) -> std::result::Result<TypeMembers, String> {
        type_members(self.borrow_dependent(), row).map_err(|e| e.to_string())
    }
}

/// What TypeDef `row` declares besides its nested types: its visible methods, fields, properties
/// and events (`Members` lowers them when first read).
fn type_members(image: &Image<'_>, row: u32) -> Result<TypeMembers> {
    let t = &image.tables;
    let r = t.type_def(row)?;
    let next = |list: fn(&crate::tables::TypeDefRow) -> u32| -> Result<Option<u32>> {
        Ok(if row < t.rows(TableId::TypeDef) {
            Some(list(&t.type_def(row + 1)?))
        } else {
            None
        })
    };
    let mut methods = Vec::new();
    // MethodDef row → index in `methods`, for accessors.
    let mut method_index = rustc_hash::FxHashMap::default();
    for m in t.list(r.method_list, next(|r| r.method_list)?, TableId::MethodDef) {
        let m = m?;
        if let Some(method) = method(image, m)? {
            method_index.insert(m, methods.len() as u32);
            methods.push(method);
        }
    }
    let fields = t
        .list(r.field_list, next(|r| r.field_list)?, TableId::Field)
        .map(|f| field(image, f?))
        .filter_map(Result::transpose)
        .collect::<Result<_>>()?;
    let accessors = Accessors {
        image,
        methods: &methods,
        index: &method_index,
    };

    Ok(TypeMembers {
        properties: accessors.properties(row)?,
        events: accessors.events(row)?,
        methods,
        fields,
    })
}

/// Whether C# code in another assembly can name the type: public, or nested public, protected or
/// protected internal inside a visible type; never `<Module>` or other compiler-generated types
/// (unspeakable names), which include C# 14's `<G>$…`/`<M>$…` extension grouping and marker types.
fn visible_type(image: &Image<'_>, row: u32, depth: u32) -> Result<bool> {
    if depth > MAX_DEPTH {
        return Err(Error::Malformed("cyclic NestedClass"));
    }
    let r = image.tables.type_def(row)?;
    if image.heaps.string(r.name)?.contains('<') {
        return Ok(false);
    }
    let visible = matches!(
        type_visibility(r.flags),
        Visibility::Public | Visibility::Protected | Visibility::ProtectedInternal
    );
    Ok(visible
        && match image.enclosing.get(&row) {
            Some(&outer) => visible_type(image, outer, depth + 1)?,
            None => true,
        })
}

fn type_visibility(flags: u32) -> Visibility {
    match flags & type_flags::VISIBILITY_MASK {
        1 | 2 => Visibility::Public,
        3 => Visibility::Private,
        4 => Visibility::Protected,
        6 => Visibility::PrivateProtected,
        7 => Visibility::ProtectedInternal,
        _ => Visibility::Internal,
    }
}

fn member_visibility(flags: u32) -> Visibility {
    match flags & MEMBER_ACCESS_MASK {
        2 => Visibility::PrivateProtected,
        3 => Visibility::Internal,
        4 => Visibility::Protected,
        5 => Visibility::ProtectedInternal,
        6 => Visibility::Public,
        // 0 is "compiler controlled": not referenceable at all.
        _ => Visibility::Private,
    }
}

fn visible_member(visibility: Visibility) -> bool {
    matches!(
        visibility,
        Visibility::Public | Visibility::Protected | Visibility::ProtectedInternal
    )
}

/// Roslyn's rule: interfaces by flag; otherwise the base type decides, and System.Enum, though it
/// derives from System.ValueType, is a class.
fn type_kind(image: &Image<'_>, row: u32, flags: u32, base: Option<&TypeSig>) -> Result<TypeKind> {
    if flags & type_flags::INTERFACE != 0 {
        return Ok(TypeKind::Interface);
    }
    let Some(TypeSig::Named(base)) = base else {
        return Ok(TypeKind::Class);
    };
    Ok(match base.full_name.as_str() {
        "System.Enum" => TypeKind::Enum,
        "System.MulticastDelegate" => TypeKind::Delegate,
        "System.ValueType" if image.type_def_name(row)? != "System.Enum" => TypeKind::Struct,
        _ => TypeKind::Class,
    })
}

fn outermost_namespace(image: &Image<'_>, mut row: u32) -> Result<SmolStr> {
    for _ in 0..=MAX_DEPTH {
        match image.enclosing.get(&row) {
            Some(&outer) => row = outer,
            None => {
                return Ok(image
                    .heaps
                    .string(image.tables.type_def(row)?.namespace)?
                    .into());
            }
        }
    }
    Err(Error::Malformed("cyclic NestedClass"))
}

/// "List`1" → "List" when the suffix states the type's own arity; other names stay as written.
fn strip_arity(name: &str, arity: u32) -> SmolStr {
    match name.rsplit_once('`') {
        Some((base, n)) if arity > 0 && n.parse() == Ok(arity) => base.into(),
        _ => name.into(),
    }
}

fn generic_param_count(image: &Image<'_>, table: TableId, row: u32) -> u32 {
    let owner = Coded::TypeOrMethodDef.encode(table, row);
    image
        .generic_params
        .get(&owner)
        .map_or(0, |p| p.len() as u32)
}

fn generic_params(image: &Image<'_>, owner: u32) -> Result<Vec<GenericParam>> {
    use generic_flags::*;
    let Some(rows) = image.generic_params.get(&owner) else {
        return Ok(Vec::new());
    };
    rows.iter()
        .map(|&row| {
            let r = image.tables.generic_param(row)?;
            let value_type = r.flags & VALUE_TYPE != 0;
            let constraints = image
                .constraints
                .get(&row)
                .into_iter()
                .flatten()
                .filter_map(|&c| signature::type_def_or_ref(image, c).transpose())
                // `where T : struct` is also written as a System.ValueType constraint, which C#
                // does not show (Roslyn drops it).
                .filter(|c| {
                    !(value_type
                        && matches!(c, Ok(TypeSig::Named(n)) if n.full_name == "System.ValueType"))
                })
                .collect::<Result<_>>()?;
            Ok(GenericParam {
                name: image.heaps.string(r.name)?.into(),
                variance: match r.flags & VARIANCE_MASK {
                    1 => Variance::Covariant,
                    2 => Variance::Contravariant,
                    _ => Variance::None,
                },
                constraints,
                reference_type: r.flags & REFERENCE_TYPE != 0,
                value_type,
                // `struct` implies `new()`, which metadata spells out and C# does not.
                default_ctor: r.flags & DEFAULT_CTOR != 0 && !value_type,
            })
        })
        .collect()
}

fn field(image: &Image<'_>, row: u32) -> Result<Option<Field>> {
    use field_flags::*;
    let r = image.tables.field(row)?;
    let flags = r.flags;
    let visibility = member_visibility(flags);
    let name = image.heaps.string(r.name)?;
    // `value__` is an enum's underlying value, not a member.
    if !visible_member(visibility) || (flags & RT_SPECIAL_NAME != 0 && name == "value__") {
        return Ok(None);
    }
    Ok(Some(Field {
        name: name.into(),
        ty: signature::field_sig(image, image.heaps.blob(r.signature)?)?,
        visibility,
        is_static: flags & STATIC != 0,
        is_literal: flags & LITERAL != 0,
        is_init_only: flags & INIT_ONLY != 0,
        constant: constant_of(image, TableId::Field, row)?,
        tuple_names: image.attributes.tuple_names(TableId::Field, row),
    }))
}

fn constant_of(image: &Image<'_>, table: TableId, row: u32) -> Result<Option<Constant>> {
    match image.constants.get(&Coded::HasConstant.encode(table, row)) {
        Some(&(kind, blob)) => constant::decode(kind, image.heaps.blob(blob)?).map(Some),
        None => Ok(None),
    }
}

/// A method C# code outside the assembly can see, or an explicit interface implementation (private
/// but virtual: Roslyn imports those too, since interface mapping needs them). `.cctor` is dropped.
fn method(image: &Image<'_>, row: u32) -> Result<Option<Method>> {
    use method_flags::*;
    let t = &image.tables;
    let r = t.method_def(row)?;
    let flags = r.flags;
    let visibility = member_visibility(flags);
    let name = image.heaps.string(r.name)?;
    let explicit_impl = visibility == Visibility::Private && flags & VIRTUAL != 0;
    if !(visible_member(visibility) || explicit_impl) || name == ".cctor" {
        return Ok(None);
    }
    let sig = signature::method_sig(image, image.heaps.blob(r.signature)?)?;

    // Param rows by sequence: 0 is the return value, n the n-th parameter; rows may be missing.
    let next = if row < t.rows(TableId::MethodDef) {
        Some(t.method_def(row + 1)?.param_list)
    } else {
        None
    };
    let mut param_rows = vec![None; sig.params.len() + 1];
    for p in t.list(r.param_list, next, TableId::Param) {
        let p = p?;
        if let Some(slot) = param_rows.get_mut(t.param(p)?.sequence as usize) {
            *slot = Some(p);
        }
    }
    let ret_row = param_rows[0];
    let ret_readonly = sig.ret.in_modreq
        || ret_row.is_some_and(|p| image.attributes.has(TableId::Param, p, Known::IS_READ_ONLY));
    let ret_ref = match (sig.ret.by_ref, ret_readonly) {
        (false, _) => RefKind::None,
        (true, false) => RefKind::Ref,
        (true, true) => RefKind::RefReadonly,
    };
    let params = sig
        .params
        .into_iter()
        .zip(&param_rows[1..])
        .map(|(p, &row)| param(image, p, row))
        .collect::<Result<_>>()?;

    Ok(Some(Method {
        name: name.into(),
        visibility,
        is_static: flags & STATIC != 0,
        is_virtual: flags & VIRTUAL != 0,
        is_abstract: flags & ABSTRACT != 0,
        is_final: flags & FINAL != 0,
        is_new_slot: flags & NEW_SLOT != 0,
        is_special_name: flags & SPECIAL_NAME != 0,
        is_extension: image
            .attributes
            .has(TableId::MethodDef, row, Known::EXTENSION),
        generic_params: generic_params(
            image,
            Coded::TypeOrMethodDef.encode(TableId::MethodDef, row),
        )?,
        ret: sig.ret.ty,
        ret_ref,
        ret_tuple_names: ret_row
            .map(|p| image.attributes.tuple_names(TableId::Param, p))
            .unwrap_or_default(),
        params,
        conditions: image.attributes.conditions(TableId::MethodDef, row),
    }))
}

/// Roslyn's `PEParameterSymbol` rule: a by-ref parameter is `out` when flagged Out but not In,
/// `in` when marked `[IsReadOnly]` (or `modreq(InAttribute)`), and `ref` otherwise.
fn param(image: &Image<'_>, sig: SigParam, row: Option<u32>) -> Result<Param> {
    let (name, flags) = match row {
        Some(row) => {
            let r = image.tables.param(row)?;
            (SmolStr::from(image.heaps.string(r.name)?), r.flags)
        }
        None => (SmolStr::default(), 0),
    };
    let has = |known| row.is_some_and(|p| image.attributes.has(TableId::Param, p, known));
    let ref_kind = if !sig.by_ref {
        RefKind::None
    } else if flags & (param_flags::IN | param_flags::OUT) == param_flags::OUT {
        RefKind::Out
    } else if sig.in_modreq || has(Known::IS_READ_ONLY) {
        RefKind::In
    } else {
        RefKind::Ref
    };
    Ok(Param {
        name,
        ty: sig.ty,
        ref_kind,
        is_params: has(Known::PARAM_ARRAY),
        is_optional: flags & param_flags::OPTIONAL != 0,
        default: match row {
            Some(row) => constant_of(image, TableId::Param, row)?,
            None => None,
        },
        tuple_names: row
            .map(|p| image.attributes.tuple_names(TableId::Param, p))
            .unwrap_or_default(),
    })
}

/// Properties and events of one type, tied to the kept accessor methods.
struct Accessors<'m, 'i, 'a> {
    image: &'i Image<'a>,
    methods: &'m [Method],
    /// MethodDef row → index in `methods`.
    index: &'m rustc_hash::FxHashMap<u32, u32>,
}

impl Accessors<'_, '_, '_> {
    /// The kept accessor of `association` with semantics `which`.
    fn accessor(&self, association: u32, which: u16) -> Option<u32> {
        self.image
            .semantics
            .get(&association)?
            .iter()
            .filter(|(s, _)| s & which != 0)
            .find_map(|(_, m)| self.index.get(m).copied())
    }

    /// The rows of `table` a PropertyMap or EventMap row owns.
    fn owned_rows(
        &self,
        map: Option<u32>,
        map_table: TableId,
        list_start: impl Fn(u32) -> Result<u32>,
        table: TableId,
    ) -> Result<Vec<u32>> {
        let t = &self.image.tables;
        let Some(map) = map else {
            return Ok(Vec::new());
        };
        let next = if map < t.rows(map_table) {
            Some(list_start(map + 1)?)
        } else {
            None
        };
        t.list(list_start(map)?, next, table).collect()
    }

    fn properties(&self, type_row: u32) -> Result<Vec<Property>> {
        let image = self.image;
        let mut properties = Vec::new();
        let map = image.property_maps.get(&type_row).copied();
        let list_start = |r| Ok(image.tables.property_map(r)?.property_list);
        for row in self.owned_rows(map, TableId::PropertyMap, list_start, TableId::Property)? {
            let association = Coded::HasSemantics.encode(TableId::Property, row);
            let getter = self.accessor(association, semantics::GETTER);
            let setter = self.accessor(association, semantics::SETTER);
            let Some(first) = getter.or(setter) else {
                continue;
            };
            let r = image.tables.property(row)?;
            let sig = signature::property_sig(image, image.heaps.blob(r.signature)?)?;
            // Names, defaults and `params` live on the accessors' Param rows; the setter's last
            // parameter is the value.
            let accessor = &self.methods[first as usize];
            let mut params = accessor.params.clone();
            if getter.is_none() {
                params.pop();
            }
            properties.push(Property {
                name: image.heaps.string(r.name)?.into(),
                ty: by_ref(sig.ret),
                params,
                getter,
                setter,
                is_static: accessor.is_static,
                tuple_names: image.attributes.tuple_names(TableId::Property, row),
            });
        }
        Ok(properties)
    }

    fn events(&self, type_row: u32) -> Result<Vec<Event>> {
        let image = self.image;
        let mut events = Vec::new();
        let map = image.event_maps.get(&type_row).copied();
        let list_start = |r| Ok(image.tables.event_map(r)?.event_list);
        for row in self.owned_rows(map, TableId::EventMap, list_start, TableId::Event)? {
            let association = Coded::HasSemantics.encode(TableId::Event, row);
            let adder = self.accessor(association, semantics::ADD_ON);
            let remover = self.accessor(association, semantics::REMOVE_ON);
            let Some(first) = adder.or(remover) else {
                continue;
            };
            let r = image.tables.event(row)?;
            let Some(ty) = signature::type_def_or_ref(image, r.kind)? else {
                return Err(Error::Malformed("event without a type"));
            };
            events.push(Event {
                name: image.heaps.string(r.name)?.into(),
                ty,
                adder,
                remover,
                is_static: self.methods[first as usize].is_static,
            });
        }
        Ok(events)
    }
}

/// A property's type keeps its `&` (`ref` properties): `Property` has no ref kind of its own.
fn by_ref(p: SigParam) -> TypeSig {
    if p.by_ref {
        TypeSig::ByRef(Box::new(p.ty))
    } else {
        p.ty
    }
}
