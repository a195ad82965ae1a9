//! The item tree: a file's declarations without bodies and without positions.
//!
//! It is the firewall between text and semantics: editing inside a method body or adding blank lines
//! leaves the item tree equal, so salsa backdates it and nothing item-level re-runs. Ranges live apart in
//! the [`ItemSourceMap`], which is produced by the same walk and indexed the same way.

pub(crate) mod lower;
mod persisted;

use std::sync::Arc;

use la_arena::{Arena, Idx};
pub use metadata::Variance;
use serde::{Deserialize, Serialize};
use smol_str::SmolStr;
use syntax::TextRange;

use crate::{
    base_db::{Db, SourceFile, file_defines, item_tree_key, parse},
    persist::{arena, idx, idx_opt, idx_vec},
    type_ref::{Path, TypeRef},
};

pub type NamespaceIdx = Idx<Namespace>;
pub type TypeIdx = Idx<TypeItem>;
pub type MemberIdx = Idx<Member>;
pub type UsingIdx = Idx<Using>;

#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemTree {
    #[serde(with = "arena")]
    pub namespaces: Arena<Namespace>,
    #[serde(with = "arena")]
    pub types: Arena<TypeItem>,
    #[serde(with = "arena")]
    pub members: Arena<Member>,
    /// The type each member is declared in, by member index: apart from [`Member`], so a member's
    /// data does not change when the types before it in the file move.
    #[serde(with = "idx_vec")]
    pub member_owners: Vec<TypeIdx>,
    #[serde(with = "arena")]
    pub usings: Arena<Using>,
    /// Usings at the top of the file (including `global using`s, which apply to the whole project).
    #[serde(with = "idx_vec")]
    pub top_usings: Vec<UsingIdx>,
    /// Namespaces and types declared outside any namespace block (a file-scoped namespace is one of these).
    pub top_items: Vec<ItemRef>,
    /// Top-level statements make the compiler synthesise a `Program` class with a `Main`.
    pub has_top_level_statements: bool,
}

impl ItemTree {
    /// The member at `idx`, or `None` for an index from another version of the file.
    pub fn member(&self, idx: MemberIdx) -> Option<&Member> {
        ((idx.into_raw().into_u32() as usize) < self.members.len()).then(|| &self.members[idx])
    }

    /// The type the member at `idx` is declared in.
    pub fn member_owner(&self, idx: MemberIdx) -> Option<TypeIdx> {
        self.member_owners
            .get(idx.into_raw().into_u32() as usize)
            .copied()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ItemRef {
    Namespace(#[serde(with = "idx")] NamespaceIdx),
    Type(#[serde(with = "idx")] TypeIdx),
}

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Namespace {
    /// `namespace A.B.C` gives `[A, B, C]`, relative to the enclosing namespace.
    pub name: Vec<SmolStr>,
    #[serde(with = "idx_opt")]
    pub parent: Option<NamespaceIdx>,
    #[serde(with = "idx_vec")]
    pub usings: Vec<UsingIdx>,
    pub items: Vec<ItemRef>,
    pub file_scoped: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Using {
    pub is_global: bool,
    pub kind: UsingKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UsingKind {
    /// `using A.B;`
    Namespace(Path),
    /// `using static A.B;`
    Static(TypeRef),
    /// `using X = A.B;` (a namespace or a type)
    Alias(SmolStr, TypeRef),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TypeKind {
    Class,
    Struct,
    Interface,
    Enum,
    Delegate,
    RecordClass,
    RecordStruct,
}

impl TypeKind {
    pub fn is_value_type(self) -> bool {
        matches!(
            self,
            TypeKind::Struct | TypeKind::RecordStruct | TypeKind::Enum
        )
    }

    pub fn is_record(self) -> bool {
        matches!(self, TypeKind::RecordClass | TypeKind::RecordStruct)
    }
}

/// Declaration modifiers as a bit set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modifiers(u32);

macro_rules! modifiers {
    ($($name:ident = $bit:expr, $kw:literal;)*) => {
        impl Modifiers {
            $(pub const $name: Modifiers = Modifiers(1 << $bit);)*

            pub fn from_keyword(kw: &str) -> Option<Modifiers> {
                match kw {
                    $($kw => Some(Modifiers::$name),)*
                    _ => None,
                }
            }
        }
    };
}

modifiers! {
    PUBLIC = 0, "public";
    PRIVATE = 1, "private";
    PROTECTED = 2, "protected";
    INTERNAL = 3, "internal";
    FILE = 4, "file";
    STATIC = 5, "static";
    ABSTRACT = 6, "abstract";
    SEALED = 7, "sealed";
    VIRTUAL = 8, "virtual";
    OVERRIDE = 9, "override";
    NEW = 10, "new";
    PARTIAL = 11, "partial";
    READONLY = 12, "readonly";
    CONST = 13, "const";
    EXTERN = 14, "extern";
    ASYNC = 15, "async";
    UNSAFE = 16, "unsafe";
    VOLATILE = 17, "volatile";
    REQUIRED = 18, "required";
    REF = 19, "ref";
    FIXED = 20, "fixed";
    IMPLICIT = 21, "implicit";
    EXPLICIT = 22, "explicit";
}

impl Modifiers {
    pub fn contains(self, other: Modifiers) -> bool {
        self.0 & other.0 == other.0
    }

    pub fn insert(&mut self, other: Modifiers) {
        self.0 |= other.0;
    }

    pub fn union(self, other: Modifiers) -> Modifiers {
        Modifiers(self.0 | other.0)
    }
}

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TypeItem {
    pub name: SmolStr,
    pub kind: TypeKind,
    pub parent: ItemParent,
    pub type_params: Vec<SmolStr>,
    /// The variance written on each type parameter (`out T`, `in T`: interfaces and delegates), one
    /// per entry of `type_params`.
    pub variances: Vec<Variance>,
    /// `where T : Base, IFoo` clauses: the types each type parameter is bound by.
    pub bounds: Vec<TypeParamBound>,
    pub modifiers: Modifiers,
    /// The base list as written: base class (if any) and interfaces in source order.
    pub bases: Vec<TypeRef>,
    /// Record and C# 12 primary constructor parameters.
    pub primary_ctor: Option<Vec<Param>>,
    #[serde(with = "idx_vec")]
    pub members: Vec<MemberIdx>,
    #[serde(with = "idx_vec")]
    pub nested: Vec<TypeIdx>,
    /// A delegate's signature.
    pub delegate_return: Option<TypeRef>,
    pub delegate_params: Vec<Param>,
}

/// What a type is declared in, inside one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ItemParent {
    TopLevel,
    Namespace(#[serde(with = "idx")] NamespaceIdx),
    Type(#[serde(with = "idx")] TypeIdx),
}

impl TypeItem {
    pub fn arity(&self) -> u32 {
        self.type_params.len() as u32
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum MemberKind {
    Method,
    Constructor,
    Destructor,
    Property,
    Indexer,
    Event,
    Field,
    Constant,
    EnumMember,
    Operator,
    Conversion,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// Operators and conversions carry their metadata name (`op_Addition`, `op_Implicit`); indexers
    /// `this`; constructors the type's name.
    pub name: SmolStr,
    pub kind: MemberKind,
    pub type_params: Vec<SmolStr>,
    pub bounds: Vec<TypeParamBound>,
    pub params: Vec<Param>,
    /// Return type, or the type of a property, indexer, event, field or constant.
    pub ty: Option<TypeRef>,
    pub modifiers: Modifiers,
    pub explicit_interface: Option<TypeRef>,
    pub accessors: Accessors,
    /// `: base(...)` / `: this(...)` on a constructor.
    pub initializer: Option<CtorInitializer>,
    pub origin: MemberOrigin,
    /// The C# 14 extension block the member is declared in. Such a member is lowered as what the
    /// compiler emits on the enclosing static class for callers (its implementation method), with the
    /// block's type parameters before the member's own and the block's bounds before its own:
    /// - an instance method becomes a classic extension method, `static bool IsBlank(this string s)`:
    ///   `STATIC`, the receiver as a first `this` parameter (or `ref`/`in`/`ref readonly`, as for
    ///   `this ref int x`), so `"x".IsBlank()` and `E.IsBlank("x")` bind like any extension method;
    /// - every other member (a static method `string.Make()`, an extension property `"x".Len` or a
    ///   static one, an operator) keeps its kind, parameters and modifiers, `STATIC` as declared
    ///   telling static from instance members: binding those needs the receiver kept here.
    pub extension: Option<Box<ExtensionBlock>>,
    /// The member's code is written here (a block, `=>`, accessor bodies): not for an abstract or
    /// interface member, nor for the defining declaration of a partial method or property.
    pub has_body: bool,
    /// A method's `[Conditional("X")]` symbols (the attribute found by its simple name): its calls
    /// compile only where one of them is defined (§22.5.3).
    pub conditions: Vec<SmolStr>,
}

/// `extension<T>(List<T> list) where T : class { … }`, as its members see it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ExtensionBlock {
    /// The receiver as declared: `List<T> list`, its modifier `None`, `Ref`, `In` or `RefReadonly`
    /// (never `This`). The name is empty for a type alone, `extension(string)`, whose block has only
    /// static members.
    pub receiver: Param,
    /// How many of the member's type parameters, the first ones, are the block's.
    pub type_params: usize,
}

/// Whether the member is written out, or implied by the language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MemberOrigin {
    Declared,
    /// The constructor of a record or of a C# 12 primary constructor (`class C(int x)`).
    PrimaryConstructor,
    /// A record's positional property (`record R(int X)` has a property `X`).
    RecordProperty,
    /// The parameterless constructor of a class that declares none.
    DefaultConstructor,
    /// A delegate's `Invoke`.
    DelegateInvoke,
    /// A delegate's `BeginInvoke` or `EndInvoke`.
    DelegateAsync,
    /// `Program.<Main>$`, the entry point the compiler makes of top-level statements.
    TopLevelStatements,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CtorInitializer {
    Base,
    This,
}

/// `where T : Base, IFoo<T>` (keyword constraints such as `new()` are left out: they bind no
/// members).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TypeParamBound {
    pub param: SmolStr,
    pub types: Vec<TypeRef>,
    /// `where T : struct` (or `unmanaged`): `T?` is `Nullable<T>`.
    pub value_type: bool,
    /// `where T : class`: `T` is a reference type, so variance converts through it (§18.2.3.3).
    pub reference_type: bool,
}

/// Which accessors a property, indexer or event declares.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Accessors {
    pub get: bool,
    pub set: bool,
    pub init: bool,
    pub add: bool,
    pub remove: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Param {
    pub name: SmolStr,
    pub ty: TypeRef,
    pub modifier: ParamModifier,
    pub has_default: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ParamModifier {
    None,
    Ref,
    Out,
    In,
    RefReadonly,
    Params,
    /// The first parameter of an extension method.
    This,
}

/// Where each item of an [`ItemTree`] is in the file: its whole declaration and its name.
#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemSourceMap {
    pub types: Vec<ItemRange>,
    pub members: Vec<ItemRange>,
    pub namespaces: Vec<ItemRange>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemRange {
    pub full: TextRange,
    pub name: TextRange,
}

impl ItemSourceMap {
    pub fn type_range(&self, idx: TypeIdx) -> Option<ItemRange> {
        self.types.get(idx.into_raw().into_u32() as usize).copied()
    }

    pub fn member_range(&self, idx: MemberIdx) -> Option<ItemRange> {
        self.members
            .get(idx.into_raw().into_u32() as usize)
            .copied()
    }

    pub fn namespace_range(&self, idx: NamespaceIdx) -> Option<ItemRange> {
        self.namespaces
            .get(idx.into_raw().into_u32() as usize)
            .copied()
    }
}

#[derive(Debug, PartialEq, Eq)]
pub struct ItemTreeWithSourceMap {
    pub tree: Arc<ItemTree>,
    pub source_map: Arc<ItemSourceMap>,
}

/// Both halves from one walk over the syntax tree. Changes with every edit (ranges move).
///
/// With a persisted cache, the halves of an unchanged file are decoded instead of parsed and lowered
/// (`persist.rs`): they are a pure function of the text and the defines, both read here, so salsa's
/// dependencies are the same either way.
#[salsa::tracked(returns(ref), no_eq)]
pub fn item_tree_with_source_map(db: &dyn Db, file: SourceFile) -> ItemTreeWithSourceMap {
    let lower = || {
        let (tree, source_map) = if db.transient_trees() {
            lower::lower_file(&syntax::parse_declarations(
                file.text(db),
                file_defines(db, file),
            ))
        } else {
            lower::lower_file(&parse(db, file).tree())
        };
        ItemTreeWithSourceMap {
            tree: Arc::new(tree),
            source_map: Arc::new(source_map),
        }
    };
    match db.artifacts() {
        Some(cache) => {
            let key = item_tree_key(db, file, file_defines(db, file));
            persisted::read_through(cache, key, lower)
        }
        None => lower(),
    }
}

/// The position-independent half: equal across body edits, so everything built on it is reused.
#[salsa::tracked(returns(clone))]
pub fn file_item_tree(db: &dyn Db, file: SourceFile) -> Arc<ItemTree> {
    item_tree_with_source_map(db, file).tree.clone()
}

#[salsa::tracked(returns(clone))]
pub fn item_source_map(db: &dyn Db, file: SourceFile) -> Arc<ItemSourceMap> {
    item_tree_with_source_map(db, file).source_map.clone()
}
