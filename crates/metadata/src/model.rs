//! The C#-facing model of one .NET assembly: plain data (no salsa, no file handles), serde-serializable,
//! shaped for the binder rather than for the metadata tables. Names are metadata (reflection) names:
//! generic arity as a `` `N`` suffix on full names, nesting with `+`.

use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

pub use crate::members::{Members, TypeMembers};

/// One assembly: its identity, references, visible types and type forwarders.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assembly {
    /// The simple name, e.g. "mscorlib".
    pub name: SmolStr,
    pub version: [u16; 4],
    pub references: Vec<AssemblyRefName>,
    /// Every type visible outside the assembly (nested ones included), in TypeDef order.
    pub types: Vec<TypeDef>,
    /// ExportedType rows that forward a type to another assembly.
    pub forwarders: Vec<TypeForwarder>,
}

/// An AssemblyRef row: the identity of a referenced assembly.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AssemblyRefName {
    pub name: SmolStr,
    pub version: [u16; 4],
}

/// A type this assembly declares elsewhere: `[TypeForwardedTo]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypeForwarder {
    pub namespace: SmolStr,
    /// The metadata name, with the `` `N`` arity suffix; nested forwarders use `Outer+Inner`.
    pub name: SmolStr,
    /// The simple name of the assembly the type lives in.
    pub target: SmolStr,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypeDef {
    /// For a nested type, the outermost type's namespace.
    pub namespace: SmolStr,
    /// Without the `` `N`` arity suffix.
    pub name: SmolStr,
    /// The type's own generic parameters (not counting the enclosing types').
    pub arity: u32,
    /// Index in `Assembly::types` of the enclosing type.
    pub declaring: Option<u32>,
    pub kind: TypeKind,
    pub visibility: Visibility,
    pub is_abstract: bool,
    pub is_sealed: bool,
    /// A C# static class: an abstract and sealed class.
    pub is_static: bool,
    /// All generic parameters, the enclosing types' first (as metadata lists them).
    pub generic_params: Vec<GenericParam>,
    pub base: Option<TypeSig>,
    /// As InterfaceImpl lists them (directly declared ones; metadata usually flattens inherited ones in).
    pub interfaces: Vec<TypeSig>,
    /// Methods, properties, events and fields (see [`TypeMembers`]); a stored surface's are decoded
    /// when first read.
    pub members: Members,
    /// `[DefaultMember]`: the indexer's name, usually "Item".
    pub default_member: Option<SmolStr>,
    /// Has `[Extension]`: declares extension methods.
    pub is_extension_container: bool,
}

impl TypeDef {
    /// Visible methods: constructors (`.ctor`; `.cctor` is dropped), operators, accessors included,
    /// plus explicit interface implementations (private and virtual, `Visibility::Private`).
    pub fn methods(&self) -> &[Method] {
        &self.members.get().methods
    }

    pub fn properties(&self) -> &[Property] {
        &self.members.get().properties
    }

    pub fn events(&self) -> &[Event] {
        &self.members.get().events
    }

    /// Enum members are literal fields; `value__` is dropped.
    pub fn fields(&self) -> &[Field] {
        &self.members.get().fields
    }

    /// The metadata full name, as `NamedType::full_name` spells it: "Ns.Outer`1+Inner".
    pub fn full_name(&self, asm: &Assembly) -> SmolStr {
        let own = self.metadata_name();
        match self.declaring.and_then(|i| asm.types.get(i as usize)) {
            Some(outer) => SmolStr::from(format!("{}+{own}", outer.full_name(asm))),
            None if self.namespace.is_empty() => own,
            None => SmolStr::from(format!("{}.{own}", self.namespace)),
        }
    }

    /// The name with its `` `N`` suffix when the type has own generic parameters.
    pub fn metadata_name(&self) -> SmolStr {
        if self.arity == 0 {
            self.name.clone()
        } else {
            SmolStr::from(format!("{}`{}", self.name, self.arity))
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TypeKind {
    Class,
    Struct,
    Interface,
    Enum,
    /// Derived from System.MulticastDelegate.
    Delegate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Visibility {
    Public,
    Protected,
    ProtectedInternal,
    Internal,
    PrivateProtected,
    Private,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenericParam {
    pub name: SmolStr,
    pub variance: Variance,
    pub constraints: Vec<TypeSig>,
    /// `where T : class`
    pub reference_type: bool,
    /// `where T : struct`
    pub value_type: bool,
    /// `where T : new()`
    pub default_ctor: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Variance {
    None,
    Covariant,
    Contravariant,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Method {
    /// The metadata name: ".ctor", "op_Addition", "get_Item", and explicit implementations keep theirs
    /// ("System.Collections.IEnumerable.GetEnumerator").
    pub name: SmolStr,
    pub visibility: Visibility,
    pub is_static: bool,
    pub is_virtual: bool,
    pub is_abstract: bool,
    pub is_final: bool,
    pub is_new_slot: bool,
    pub is_special_name: bool,
    /// Has `[Extension]`: an extension method.
    pub is_extension: bool,
    pub generic_params: Vec<GenericParam>,
    pub ret: TypeSig,
    /// `Ref` or `RefReadonly` for ref returns.
    pub ret_ref: RefKind,
    /// The return type's `[TupleElementNames]`: see [`Param::tuple_names`].
    pub ret_tuple_names: Vec<Option<SmolStr>>,
    pub params: Vec<Param>,
    /// `[Conditional("X")]` symbols: a call compiles only where one of them is defined (§22.5.3).
    pub conditions: Vec<SmolStr>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Param {
    pub name: SmolStr,
    /// Without the ByRef wrapper: that is in `ref_kind`.
    pub ty: TypeSig,
    pub ref_kind: RefKind,
    /// `params T[]`: has `[ParamArray]`.
    pub is_params: bool,
    pub is_optional: bool,
    pub default: Option<Constant>,
    /// `[TupleElementNames]`: one entry per tuple element of `ty`'s `ValueTuple` types, in pre-order
    /// (an outer tuple's elements before those of a tuple nested in it, an eighth `Rest` element's
    /// tuple continuing the list), `None` for an unnamed element; empty when no name is given.
    pub tuple_names: Vec<Option<SmolStr>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RefKind {
    None,
    Ref,
    /// `ref readonly` returns.
    RefReadonly,
    Out,
    /// `in` parameters.
    In,
}

/// A compile-time constant (Constant table): field values and parameter defaults.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Constant {
    Bool(bool),
    Char(u16),
    /// Every signed integer type (and enum members of signed underlying type).
    I64(i64),
    /// Every unsigned integer type except char.
    U64(u64),
    /// The bits of an `f32`, so the model stays `Eq`.
    F32(u32),
    /// The bits of an `f64`.
    F64(u64),
    String(SmolStr),
    Null,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Property {
    pub name: SmolStr,
    pub ty: TypeSig,
    /// An indexer's parameters.
    pub params: Vec<Param>,
    /// Index in `TypeDef::methods`.
    pub getter: Option<u32>,
    /// Index in `TypeDef::methods`.
    pub setter: Option<u32>,
    pub is_static: bool,
    /// `ty`'s `[TupleElementNames]`: see [`Param::tuple_names`].
    pub tuple_names: Vec<Option<SmolStr>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub name: SmolStr,
    pub ty: TypeSig,
    /// Index in `TypeDef::methods`.
    pub adder: Option<u32>,
    /// Index in `TypeDef::methods`.
    pub remover: Option<u32>,
    pub is_static: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Field {
    pub name: SmolStr,
    pub ty: TypeSig,
    pub visibility: Visibility,
    pub is_static: bool,
    /// `const` (and enum members).
    pub is_literal: bool,
    /// `readonly`
    pub is_init_only: bool,
    pub constant: Option<Constant>,
    /// `ty`'s `[TupleElementNames]`: see [`Param::tuple_names`].
    pub tuple_names: Vec<Option<SmolStr>>,
}

/// A type as a signature writes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum TypeSig {
    /// An element type written with its own signature code.
    Primitive(Primitive),
    /// A TypeDef or TypeRef, possibly a generic instantiation.
    Named(NamedType),
    /// `!n`: the enclosing type's generic parameter, an index into `TypeDef::generic_params`.
    TypeParam(u32),
    /// `!!n`: the method's generic parameter, an index into `Method::generic_params`.
    MethodParam(u32),
    /// `T[]`
    SzArray(Box<TypeSig>),
    /// `T[,]` with its rank.
    Array(Box<TypeSig>, u32),
    Pointer(Box<TypeSig>),
    ByRef(Box<TypeSig>),
    /// A function pointer; its signature is not modelled.
    FnPtr,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Primitive {
    Void,
    Boolean,
    Char,
    SByte,
    Byte,
    Int16,
    UInt16,
    Int32,
    UInt32,
    Int64,
    UInt64,
    Single,
    Double,
    String,
    Object,
    IntPtr,
    UIntPtr,
    TypedReference,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedType {
    /// The metadata name: "System.Collections.Generic.List`1",
    /// "System.Collections.Generic.Dictionary`2+KeyCollection".
    pub full_name: SmolStr,
    /// The assembly a TypeRef resolves to; `None` for this assembly's own TypeDefs.
    pub scope: Option<SmolStr>,
    /// Generic instantiation arguments (all of them, outermost type's first); empty if not instantiated.
    pub args: Vec<TypeSig>,
    /// Written as ELEMENT_TYPE_VALUETYPE rather than CLASS.
    pub is_value_type: bool,
}
