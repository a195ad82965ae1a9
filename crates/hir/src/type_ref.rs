//! Types as written in a declaration, before name resolution.

use serde::{Deserialize, Serialize};
use smol_str::SmolStr;

/// A type reference exactly as the source spells it (minus trivia). Resolution turns it into a
/// [`crate::Ty`] in the scope of its declaration.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TypeRef {
    Path(Path),
    Predefined(Predefined),
    Array {
        element: Box<TypeRef>,
        rank: u8,
    },
    Nullable(Box<TypeRef>),
    Pointer(Box<TypeRef>),
    Ref(Box<TypeRef>),
    Tuple(Vec<TupleElement>),
    FunctionPointer,
    /// `var`, or an implicitly typed lambda parameter.
    Implicit,
    /// Syntax the parser could not make sense of.
    Error,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TupleElement {
    pub ty: TypeRef,
    pub name: Option<SmolStr>,
}

/// `global::A.B<C>.D` or `alias::E`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Path {
    pub qualifier: PathQualifier,
    pub segments: Vec<PathSegment>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PathQualifier {
    None,
    /// `global::`
    Global,
    /// `alias::` (an extern alias or a using alias)
    Alias(SmolStr),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PathSegment {
    pub name: SmolStr,
    /// Type arguments; an unbound generic (`Dictionary<,>`) has `TypeRef::Error` placeholders so the
    /// arity is still right.
    pub args: Vec<TypeRef>,
}

impl PathSegment {
    pub fn arity(&self) -> u32 {
        self.args.len() as u32
    }
}

impl Path {
    pub fn simple(name: impl Into<SmolStr>) -> Path {
        Path {
            qualifier: PathQualifier::None,
            segments: vec![PathSegment {
                name: name.into(),
                args: Vec::new(),
            }],
        }
    }

    /// The dotted text without type arguments, e.g. `System.Collections.Generic`.
    pub fn dotted(&self) -> String {
        let mut out = String::new();
        for (i, seg) in self.segments.iter().enumerate() {
            if i > 0 {
                out.push('.');
            }
            out.push_str(&seg.name);
        }
        out
    }
}

/// The C# keywords that name types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Predefined {
    Bool,
    Byte,
    SByte,
    Char,
    Decimal,
    Double,
    Float,
    Int,
    UInt,
    NInt,
    NUInt,
    Long,
    ULong,
    Short,
    UShort,
    Object,
    String,
    Void,
    Dynamic,
}

impl Predefined {
    pub fn from_keyword(text: &str) -> Option<Predefined> {
        Some(match text {
            "bool" => Predefined::Bool,
            "byte" => Predefined::Byte,
            "sbyte" => Predefined::SByte,
            "char" => Predefined::Char,
            "decimal" => Predefined::Decimal,
            "double" => Predefined::Double,
            "float" => Predefined::Float,
            "int" => Predefined::Int,
            "uint" => Predefined::UInt,
            "nint" => Predefined::NInt,
            "nuint" => Predefined::NUInt,
            "long" => Predefined::Long,
            "ulong" => Predefined::ULong,
            "short" => Predefined::Short,
            "ushort" => Predefined::UShort,
            "object" => Predefined::Object,
            "string" => Predefined::String,
            "void" => Predefined::Void,
            "dynamic" => Predefined::Dynamic,
            _ => return None,
        })
    }

    /// The framework type the keyword stands for (`int` is `System.Int32`). `dynamic` is `object` at
    /// run time, which is also what documentation ids use.
    pub fn full_name(self) -> &'static str {
        match self {
            Predefined::Bool => "System.Boolean",
            Predefined::Byte => "System.Byte",
            Predefined::SByte => "System.SByte",
            Predefined::Char => "System.Char",
            Predefined::Decimal => "System.Decimal",
            Predefined::Double => "System.Double",
            Predefined::Float => "System.Single",
            Predefined::Int => "System.Int32",
            Predefined::UInt => "System.UInt32",
            Predefined::NInt => "System.IntPtr",
            Predefined::NUInt => "System.UIntPtr",
            Predefined::Long => "System.Int64",
            Predefined::ULong => "System.UInt64",
            Predefined::Short => "System.Int16",
            Predefined::UShort => "System.UInt16",
            Predefined::Object | Predefined::Dynamic => "System.Object",
            Predefined::String => "System.String",
            Predefined::Void => "System.Void",
        }
    }

    /// The keyword for a framework type name (`System.Int32` → `int`).
    pub fn from_full_name(name: &str) -> Option<Predefined> {
        const ALL: [Predefined; 18] = [
            Predefined::Bool,
            Predefined::Byte,
            Predefined::SByte,
            Predefined::Char,
            Predefined::Decimal,
            Predefined::Double,
            Predefined::Float,
            Predefined::Int,
            Predefined::UInt,
            Predefined::NInt,
            Predefined::NUInt,
            Predefined::Long,
            Predefined::ULong,
            Predefined::Short,
            Predefined::UShort,
            Predefined::Object,
            Predefined::String,
            Predefined::Void,
        ];
        ALL.into_iter().find(|p| p.full_name() == name)
    }

    pub fn keyword(self) -> &'static str {
        match self {
            Predefined::Bool => "bool",
            Predefined::Byte => "byte",
            Predefined::SByte => "sbyte",
            Predefined::Char => "char",
            Predefined::Decimal => "decimal",
            Predefined::Double => "double",
            Predefined::Float => "float",
            Predefined::Int => "int",
            Predefined::UInt => "uint",
            Predefined::NInt => "nint",
            Predefined::NUInt => "nuint",
            Predefined::Long => "long",
            Predefined::ULong => "ulong",
            Predefined::Short => "short",
            Predefined::UShort => "ushort",
            Predefined::Object => "object",
            Predefined::String => "string",
            Predefined::Void => "void",
            Predefined::Dynamic => "dynamic",
        }
    }
}
