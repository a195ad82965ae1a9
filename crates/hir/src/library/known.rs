//! The types the language itself names (C# §8.2, §12, §13: `object`, `string`, the numeric types,
//! `System.Enum`, `Delegate`, `Nullable<T>`, `Task<T>`, `IEnumerable<T>`, `ValueTuple<..>` …), as
//! rust-analyzer's lang items or ty's `KnownClass`: one table from each to its metadata name. Their
//! identity is the name, known without any assembly; what they declare is found like any library
//! type's, in the assemblies a project sees.

use crate::{base_db::Db, library::LibTypeId, ty::Ty, type_ref::Predefined};

/// Declares [`KnownType`] and its table from one list: each variant with its metadata name (the
/// `` `N`` arity suffix), which is the type's identity.
macro_rules! known_types {
    ($($(#[$doc:meta])* $variant:ident => $name:literal,)*) => {
        /// A type the language names. The variant says the arity where a generic and a non-generic
        /// type share a name (`Task` and `Task<T>`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub(crate) enum KnownType {
            $($(#[$doc])* $variant,)*
        }

        impl KnownType {
            /// The metadata name (`` `N`` arity suffix), the type's identity.
            pub(crate) fn metadata_name(self) -> &'static str {
                match self {
                    $(KnownType::$variant => $name,)*
                }
            }

            /// Every known type, in declaration order (so `k as usize` indexes it).
            const ALL: &'static [KnownType] = &[$(KnownType::$variant,)*];
        }
    };
}

known_types! {
    Object => "System.Object",
    String => "System.String",
    Void => "System.Void",
    Boolean => "System.Boolean",
    Char => "System.Char",
    SByte => "System.SByte",
    Byte => "System.Byte",
    Int16 => "System.Int16",
    UInt16 => "System.UInt16",
    Int32 => "System.Int32",
    UInt32 => "System.UInt32",
    Int64 => "System.Int64",
    UInt64 => "System.UInt64",
    Single => "System.Single",
    Double => "System.Double",
    Decimal => "System.Decimal",
    IntPtr => "System.IntPtr",
    UIntPtr => "System.UIntPtr",
    TypedReference => "System.TypedReference",
    /// The one struct the compiler treats as its keyword types without a keyword (see
    /// [`KnownType::DEVIRTUALIZED`]).
    DateTime => "System.DateTime",
    Type => "System.Type",
    Array => "System.Array",
    ValueType => "System.ValueType",
    Enum => "System.Enum",
    Delegate => "System.Delegate",
    MulticastDelegate => "System.MulticastDelegate",
    Nullable => "System.Nullable`1",
    IEquatable => "System.IEquatable`1",
    IEnumerable => "System.Collections.IEnumerable",
    IEnumerator => "System.Collections.IEnumerator",
    IEnumerableOfT => "System.Collections.Generic.IEnumerable`1",
    IEnumeratorOfT => "System.Collections.Generic.IEnumerator`1",
    IAsyncEnumerableOfT => "System.Collections.Generic.IAsyncEnumerable`1",
    IAsyncEnumeratorOfT => "System.Collections.Generic.IAsyncEnumerator`1",
    IListOfT => "System.Collections.Generic.IList`1",
    IReadOnlyListOfT => "System.Collections.Generic.IReadOnlyList`1",
    Task => "System.Threading.Tasks.Task",
    TaskOfT => "System.Threading.Tasks.Task`1",
    ValueTask => "System.Threading.Tasks.ValueTask",
    ValueTaskOfT => "System.Threading.Tasks.ValueTask`1",
    Expression => "System.Linq.Expressions.Expression`1",
    /// What a query's `group … by` gives.
    IGrouping => "System.Linq.IGrouping`2",
}

impl KnownType {
    /// The known type a C# full name with `arity` type arguments names: the language's types are
    /// those types even where no assembly was loaded.
    pub(crate) fn by_name(name: &str, arity: u32) -> Option<KnownType> {
        KnownType::ALL.iter().copied().find(|k| {
            let (own, n) = match k.metadata_name().split_once('`') {
                Some((own, n)) => (own, n.parse().unwrap_or(0)),
                None => (k.metadata_name(), 0),
            };
            own == name && n == arity
        })
    }

    /// The type a keyword names (`dynamic` is `object` to metadata): read from the table of known
    /// ids, not interned by name at every keyword a body writes.
    pub(crate) fn of_predefined(p: Predefined) -> KnownType {
        match p {
            Predefined::Bool => KnownType::Boolean,
            Predefined::Byte => KnownType::Byte,
            Predefined::SByte => KnownType::SByte,
            Predefined::Char => KnownType::Char,
            Predefined::Decimal => KnownType::Decimal,
            Predefined::Double => KnownType::Double,
            Predefined::Float => KnownType::Single,
            Predefined::Int => KnownType::Int32,
            Predefined::UInt => KnownType::UInt32,
            Predefined::NInt => KnownType::IntPtr,
            Predefined::NUInt => KnownType::UIntPtr,
            Predefined::Long => KnownType::Int64,
            Predefined::ULong => KnownType::UInt64,
            Predefined::Short => KnownType::Int16,
            Predefined::UShort => KnownType::UInt16,
            Predefined::Object | Predefined::Dynamic => KnownType::Object,
            Predefined::String => KnownType::String,
            Predefined::Void => KnownType::Void,
        }
    }

    pub(crate) fn id(self, db: &dyn Db) -> LibTypeId {
        salsa::plumbing::FromId::from_id(known_type_ids(db)[self as usize])
    }

    /// The type with `args` (which must match its arity).
    pub(crate) fn ty(self, db: &dyn Db, args: Vec<Ty>) -> Ty {
        Ty::Library(self.id(db), args)
    }

    /// The structs whose own overrides of `object`'s methods the compiler calls directly
    /// (`call System.Char::ToString()` for `c.ToString()`), where on any other value it calls the
    /// method the slot was introduced by (`constrained. callvirt System.Object::ToString()`): the
    /// non-generic struct types among Roslyn's special types (`SpecialType.CanOptimizeBehavior`),
    /// whose overrides it trusts not to move.
    pub(crate) const DEVIRTUALIZED: [KnownType; 16] = [
        KnownType::Boolean,
        KnownType::Char,
        KnownType::SByte,
        KnownType::Byte,
        KnownType::Int16,
        KnownType::UInt16,
        KnownType::Int32,
        KnownType::UInt32,
        KnownType::Int64,
        KnownType::UInt64,
        KnownType::Decimal,
        KnownType::Single,
        KnownType::Double,
        KnownType::IntPtr,
        KnownType::UIntPtr,
        KnownType::DateTime,
    ];

    /// The predefined types C# writes with a keyword and the numeric conversions know (§8.3.1).
    pub(crate) const PREDEFINED: [KnownType; 16] = [
        KnownType::Boolean,
        KnownType::Byte,
        KnownType::SByte,
        KnownType::Char,
        KnownType::Decimal,
        KnownType::Double,
        KnownType::Single,
        KnownType::Int32,
        KnownType::UInt32,
        KnownType::Int64,
        KnownType::UInt64,
        KnownType::Int16,
        KnownType::UInt16,
        KnownType::Object,
        KnownType::String,
        KnownType::Void,
    ];
}

/// The metadata name of `ValueTuple<..>` without its arity: the family of types a tuple is.
pub(crate) const VALUE_TUPLE: &str = "System.ValueTuple";

/// The id of the `ValueTuple` with `arity` elements (`(int, string)` is ``System.ValueTuple`2``).
pub(crate) fn value_tuple_id(db: &dyn Db, arity: usize) -> LibTypeId {
    LibTypeId::from_metadata_name(db, &format!("{VALUE_TUPLE}`{arity}"))
}

/// Every known type's id, by the variant's position: interned once per database, so that telling
/// whether a type is `string` or `int` (which conversions ask all the time) compares ids only.
fn known_type_ids(db: &dyn Db) -> &[salsa::Id] {
    db.known_type_slots().get_or_init(|| {
        KnownType::ALL
            .iter()
            .map(|k| {
                salsa::plumbing::AsId::as_id(&LibTypeId::from_metadata_name(db, k.metadata_name()))
            })
            .collect()
    })
}

impl Ty {
    /// `object`.
    pub(crate) fn object(db: &dyn Db) -> Ty {
        KnownType::Object.ty(db, Vec::new())
    }

    /// A known type without type arguments (`int`, `string`, `void`).
    pub(crate) fn known(db: &dyn Db, known: KnownType) -> Ty {
        known.ty(db, Vec::new())
    }

    /// Whether this is the known type `known` (with any type arguments).
    pub(crate) fn is_known(&self, db: &dyn Db, known: KnownType) -> bool {
        self.known_args(db, known).is_some()
    }

    /// The type arguments, when this is the known type `known`.
    pub(crate) fn known_args(&self, db: &dyn Db, known: KnownType) -> Option<&[Ty]> {
        match self {
            Ty::Library(id, args) if *id == known.id(db) => Some(args),
            _ => None,
        }
    }

    /// The known type this is, if it is one of `of`.
    pub(crate) fn which_known(&self, db: &dyn Db, of: &[KnownType]) -> Option<KnownType> {
        let Ty::Library(id, _) = self else {
            return None;
        };
        // The table once, not a query per candidate: numeric conversions ask this of both sides
        // for every argument of every overload tried.
        let ids = known_type_ids(db);
        let id = salsa::plumbing::AsId::as_id(id);
        of.iter().copied().find(|&k| ids[k as usize] == id)
    }
}

#[cfg(test)]
mod tests {
    use super::KnownType;
    use crate::type_ref::Predefined;

    #[test]
    fn each_keyword_names_the_known_type_of_its_full_name() {
        let keywords = [
            "bool", "byte", "sbyte", "char", "decimal", "double", "float", "int", "uint", "nint",
            "nuint", "long", "ulong", "short", "ushort", "object", "string", "void", "dynamic",
        ];
        for keyword in keywords {
            let p = Predefined::from_keyword(keyword).expect("a keyword");
            assert_eq!(
                KnownType::of_predefined(p).metadata_name(),
                p.full_name(),
                "{keyword}"
            );
        }
    }

    #[test]
    fn the_table_lists_every_known_type_in_declaration_order() {
        for (i, k) in KnownType::ALL.iter().enumerate() {
            assert_eq!(*k as usize, i, "{k:?}");
        }
        assert_eq!(
            KnownType::by_name("System.Threading.Tasks.Task", 1),
            Some(KnownType::TaskOfT)
        );
        assert_eq!(
            KnownType::by_name("System.Threading.Tasks.Task", 0),
            Some(KnownType::Task)
        );
        assert_eq!(KnownType::by_name("System.Int32", 1), None);
    }
}
