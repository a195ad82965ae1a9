//! Metadata signatures to [`Ty`], and metadata names to the names C# code writes.

use metadata::{GenericParam, Method, NamedType, Primitive, TypeDef, TypeSig};
use smol_str::SmolStr;

use crate::{
    base_db::Db,
    library::{KnownType, LibType, LibTypeId, known, library_index},
    ty::{Ty, TypeParam},
};

/// `System.Collections.Generic.Dictionary`2+KeyCollection` → `System.Collections.Generic.Dictionary.
/// KeyCollection`: nesting with `.` and no arity suffixes, as C# names types.
pub(crate) fn hir_name(metadata_name: &str) -> SmolStr {
    if !metadata_name.contains(['`', '+']) {
        return SmolStr::new(metadata_name);
    }
    let mut out = String::with_capacity(metadata_name.len());
    for (i, part) in metadata_name.split('+').enumerate() {
        if i > 0 {
            out.push('.');
        }
        out.push_str(part.split_once('`').map_or(part, |(name, _)| name));
    }
    SmolStr::new(out)
}

/// The known type of a primitive signature type.
pub(crate) fn primitive_type(p: Primitive) -> KnownType {
    match p {
        Primitive::Void => KnownType::Void,
        Primitive::Boolean => KnownType::Boolean,
        Primitive::Char => KnownType::Char,
        Primitive::SByte => KnownType::SByte,
        Primitive::Byte => KnownType::Byte,
        Primitive::Int16 => KnownType::Int16,
        Primitive::UInt16 => KnownType::UInt16,
        Primitive::Int32 => KnownType::Int32,
        Primitive::UInt32 => KnownType::UInt32,
        Primitive::Int64 => KnownType::Int64,
        Primitive::UInt64 => KnownType::UInt64,
        Primitive::Single => KnownType::Single,
        Primitive::Double => KnownType::Double,
        Primitive::String => KnownType::String,
        Primitive::Object => KnownType::Object,
        Primitive::IntPtr => KnownType::IntPtr,
        Primitive::UIntPtr => KnownType::UIntPtr,
        Primitive::TypedReference => KnownType::TypedReference,
    }
}

/// Converts the signatures of one type (and, for a method's, of its method type parameters): type
/// parameters keep their names so that types display as declared.
pub(crate) struct LibraryTy<'a> {
    db: &'a dyn Db,
    type_params: &'a [GenericParam],
    method_params: &'a [GenericParam],
}

impl<'a> LibraryTy<'a> {
    pub(crate) fn new(
        db: &'a dyn Db,
        def: &'a TypeDef,
        method: Option<&'a Method>,
    ) -> LibraryTy<'a> {
        LibraryTy {
            db,
            type_params: &def.generic_params,
            method_params: method.map_or(&[], |m| &m.generic_params),
        }
    }

    pub(crate) fn convert(&self, sig: &TypeSig) -> Ty {
        match sig {
            TypeSig::Primitive(p) => Ty::known(self.db, primitive_type(*p)),
            TypeSig::Named(named) => self.named(named),
            TypeSig::TypeParam(i) => Ty::TypeParam(TypeParam {
                name: param_name(self.type_params, *i, "T"),
                index: *i,
                of_method: false,
            }),
            TypeSig::MethodParam(i) => Ty::TypeParam(TypeParam {
                name: param_name(self.method_params, *i, "TM"),
                index: *i,
                of_method: true,
            }),
            TypeSig::SzArray(elem) => Ty::Array(Box::new(self.convert(elem)), 1),
            TypeSig::Array(elem, rank) => {
                Ty::Array(Box::new(self.convert(elem)), (*rank).clamp(1, 32) as u8)
            }
            TypeSig::Pointer(elem) => Ty::Pointer(Box::new(self.convert(elem))),
            // A `ref` is in the parameter's modifier; the type is what it refers to.
            TypeSig::ByRef(elem) => self.convert(elem),
            TypeSig::FnPtr => Ty::Unknown,
        }
    }

    fn named(&self, named: &NamedType) -> Ty {
        let args: Vec<Ty> = named.args.iter().map(|a| self.convert(a)).collect();
        // The language writes these with their own syntax; source code resolves `int?` and
        // `(int, string)` to these variants, so metadata must too for the two to be equal.
        let name = named.full_name.as_str();
        let is_tuple = name
            .strip_prefix(known::VALUE_TUPLE)
            .is_some_and(|rest| rest.starts_with('`'));
        match (name, args.len()) {
            (name, 1) if name == KnownType::Nullable.metadata_name() => {
                Ty::Nullable(Box::new(args.into_iter().next().unwrap_or(Ty::Unknown)))
            }
            (_, 2..=7) if is_tuple => Ty::Tuple(args),
            // A type of an assembly the project does not see is still this type: its identity is
            // its name.
            (name, _) => Ty::Library(LibTypeId::from_metadata_name(self.db, name), args),
        }
    }
}

fn param_name(params: &[GenericParam], i: u32, fallback: &str) -> SmolStr {
    params.get(i as usize).map_or_else(
        || SmolStr::new(format!("{fallback}{i}")),
        |p| p.name.clone(),
    )
}

/// The library type as a [`Ty`] over its own type parameters (`List<T>`), as source types are seen
/// from inside.
pub fn library_type_ty(db: &dyn Db, id: LibType) -> Ty {
    let index = library_index(db);
    let def = index.type_def(id);
    let conv = LibraryTy::new(db, def, None);
    let args = (0..def.generic_params.len() as u32)
        .map(|i| conv.convert(&metadata::TypeSig::TypeParam(i)))
        .collect();
    Ty::Library(
        LibTypeId::from_metadata_name(db, &def.full_name(index.assembly(id))),
        args,
    )
}

#[cfg(test)]
mod tests {
    use super::hir_name;

    #[test]
    fn metadata_names_read_as_csharp_names() {
        assert_eq!(hir_name("System.String"), "System.String");
        assert_eq!(
            hir_name("System.Collections.Generic.List`1"),
            "System.Collections.Generic.List"
        );
        assert_eq!(
            hir_name("System.Collections.Generic.Dictionary`2+KeyCollection"),
            "System.Collections.Generic.Dictionary.KeyCollection"
        );
        assert_eq!(
            hir_name("System.Environment+SpecialFolder"),
            "System.Environment.SpecialFolder"
        );
    }
}
