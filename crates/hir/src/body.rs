//! Member bodies: the statements and expressions of a method, constructor, accessor, operator or
//! initializer, lowered into arenas.
//!
//! A [`Body`] is position-independent (names and types as written, no ranges), so a whitespace edit or
//! an edit in another member leaves it equal and salsa backdates it: inference over it does not re-run.
//! Ranges live apart in the [`BodySourceMap`], produced by the same walk.
//!
//! Local names are resolved while lowering (C# forbids a local from shadowing another local in an
//! enclosing scope, so a scope stack is exact): a use of a local is [`Expr::Local`], every other simple
//! name stays an [`Expr::Name`] for inference to look up among members, types and namespaces.

mod lower;

use std::sync::Arc;

use la_arena::{Arena, ArenaMap, Idx};
use smol_str::SmolStr;
use syntax::TextRange;

use crate::{base_db::Db, symbols::MemberId, type_ref::TypeRef};

pub type ExprId = Idx<Expr>;
pub type StmtId = Idx<Stmt>;
pub type LocalId = Idx<Local>;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Body {
    pub exprs: Arena<Expr>,
    pub stmts: Arena<Stmt>,
    pub locals: Arena<Local>,
    /// The parameters of the member (and `value` of a setter), in order.
    pub params: Vec<LocalId>,
    /// The code of the member, in source order: one entry per accessor, initializer or body.
    pub roots: Vec<BodyRoot>,
    /// The conditions of `if`, `while`, `do` and `for` statements, sorted: boolean
    /// expressions (§12.24), where a value of a type that does not convert to `bool` calls its
    /// `operator true`.
    pub conditions: Vec<ExprId>,
}

impl Body {
    pub fn is_condition(&self, expr: ExprId) -> bool {
        self.conditions.binary_search(&expr).is_ok()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyRoot {
    pub kind: RootKind,
    pub stmt: StmtId,
}

/// Which piece of a member a root is: calls in a getter are calls made by the property's getter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RootKind {
    /// A method, constructor, operator or destructor body, or an expression-bodied member.
    Body,
    Get,
    Set,
    Add,
    Remove,
    /// `: base(...)` / `: this(...)`.
    CtorInitializer,
    /// A field, property or event initializer, as `return value;`: the value is typed (and
    /// converted) by the member's type, as a lambda is by its delegate type.
    Initializer,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Local {
    pub name: SmolStr,
    /// The type as written; `None` when it comes from elsewhere (`var`, `foreach (var ...)`, lambda
    /// parameters without types, range variables, `out var`).
    pub ty: Option<TypeRef>,
    pub kind: LocalKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LocalKind {
    Param,
    /// `value` in a setter or an event accessor.
    Value,
    Variable,
    /// A `const` local: its initializer (the [`Stmt::Let`] declaring it) is a constant expression.
    Constant,
    /// A `foreach` variable: typed by the element type of its source.
    Element,
    Pattern,
    Catch,
    LambdaParam,
    /// A local function: calling it is not a call of a member.
    LocalFunction,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stmt {
    Expr(ExprId),
    /// One declarator of a local declaration (also `using (var x = ...)`, a `let` clause).
    Let {
        local: LocalId,
        init: Option<ExprId>,
    },
    /// `foreach (var x in source)`: `local` is typed by the element type;
    /// `foreach (var (k, v) in source)` deconstructs the element into `deconstruction` instead.
    Foreach {
        local: Option<LocalId>,
        /// An [`Expr::Deconstruction`].
        deconstruction: Option<ExprId>,
        source: ExprId,
        body: Option<StmtId>,
        /// Where a `foreach` statement's implicit calls are; `None` when it has no `in`.
        enumeration: Option<Enumeration>,
    },
    Block(Vec<StmtId>),
    Return(Option<ExprId>),
    /// `throw e;`, or `throw;` in a `catch`: its end is unreachable (a lambda block ending in one
    /// converts to any delegate, §10.7.1).
    Throw(Option<ExprId>),
    /// `yield return value;`: typed (and converted) by the iterator's element type.
    YieldReturn(ExprId),
    LocalFunction {
        local: LocalId,
        params: Vec<LocalId>,
        return_ty: Option<TypeRef>,
        /// Whether it declares type parameters (`T Pick<T>(T a)`).
        generic: bool,
        body: Option<StmtId>,
    },
    /// Control flow whose structure does not matter for binding (`if`, loops, `try`, `switch`, …):
    /// its parts in source order.
    Compound(Vec<Part>),
    Missing,
}

/// The calls a `foreach` statement makes without writing them (C# §13.9.5): `GetEnumerator` on the
/// collection (reported at the source expression), `MoveNext` at `in` and `Current` at the iteration
/// variable, where the compiler puts them too. Both are placeholder expressions (`Expr::Missing`) that
/// only carry the ranges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Enumeration {
    pub move_next: ExprId,
    pub current: ExprId,
    /// `await foreach`: `GetAsyncEnumerator` and `MoveNextAsync`.
    pub is_await: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Expr(ExprId),
    Stmt(StmtId),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    Missing,
    /// A `new` of the type `name` that tree-sitter split at its type argument list's commas (`F(x,
    /// new Dictionary<K, V>(m))` read as the arguments `new Dictionary < K` and `V > (m)`): its
    /// constructor is not known, and binding lists the site as unresolved, never guessing.
    MisreadCreation {
        name: SmolStr,
    },
    Literal(Literal),
    Local(LocalId),
    /// A simple name that is not a local: a member, a type or a namespace.
    Name {
        name: SmolStr,
        type_args: Vec<TypeRef>,
    },
    /// A type in expression position that can only be a type: `int.Parse`, `global::A.B`.
    Type(TypeRef),
    /// `receiver.name`, or `receiver?.name` when `conditional`.
    Member {
        receiver: ExprId,
        name: SmolStr,
        type_args: Vec<TypeRef>,
        conditional: bool,
    },
    Invoke {
        callee: ExprId,
        args: Vec<Arg>,
    },
    /// `receiver[args]`, or `receiver?[args]`.
    Index {
        receiver: ExprId,
        args: Vec<Arg>,
    },
    /// `new T(args) { initializer }`; `ty` is `None` for a target-typed `new(args)`.
    New {
        ty: Option<TypeRef>,
        args: Vec<Arg>,
        initializer: Vec<ExprId>,
    },
    /// `receiver with { P = value }` (C# 9): a copy whose members the initializer sets.
    With {
        receiver: ExprId,
        initializer: Vec<ExprId>,
    },
    /// `P = value` inside an object initializer: a member of the created object.
    InitMember {
        name: SmolStr,
        value: ExprId,
    },
    /// `P = { .. }` inside an object initializer: its items (member assignments, or the `Add` calls
    /// of a collection initializer) apply to the value of the member `P`.
    NestedInitializer(Vec<ExprId>),
    /// The object an initializer's items apply to (the created object, or the member of a nested
    /// initializer), or the value a pattern tests: the receiver of a collection initializer's
    /// implicit `Add(..)`, of an index initializer's `[k] = v` and of a property pattern's members.
    ImplicitReceiver,
    /// A positional pattern `T(p, q)` (C# 8): the tested value (of type `T` when written) is
    /// deconstructed as by a deconstruction (a tuple's elements, else a `Deconstruct` call with one
    /// `out` parameter per element, reported at this expression) and each element is tested with its
    /// parts.
    PositionalPattern {
        ty: Option<TypeRef>,
        elements: Vec<Vec<Part>>,
    },
    /// `var x` in a pattern: the variable takes the type of the value the pattern tests.
    PatternVar(LocalId),
    /// The property part of a recursive pattern, `T { A.B: p, C: q }` (C# 8, 10): reading each
    /// member calls its getter on the tested value, of type `T` when written.
    PropertyPattern {
        ty: Option<TypeRef>,
        subpatterns: Vec<Subpattern>,
    },
    /// A list pattern `[p, q, ..]` (C# 11): it reads the tested value's `Length` or `Count` and its
    /// elements through the indexer; the parts are the element patterns'.
    ListPattern(Vec<Part>),
    /// A `switch` statement or expression: the patterns of its sections or arms test `scrutinee`.
    Switch {
        scrutinee: ExprId,
        arms: Vec<Part>,
    },
    /// `: base(args)` / `: this(args)`.
    CtorInitializer {
        is_base: bool,
        args: Vec<Arg>,
    },
    /// The `base()` call of a constructor without an initializer.
    ImplicitBaseCtor,
    /// `new T[size] { elements }`, `new[] { elements }`, `stackalloc`.
    ArrayNew {
        elem: Option<TypeRef>,
        sizes: Vec<ExprId>,
        elements: Vec<ExprId>,
    },
    AnonymousObject {
        members: Vec<(SmolStr, ExprId)>,
    },
    Assign {
        op: AssignOp,
        lhs: ExprId,
        rhs: ExprId,
    },
    Binary {
        op: SmolStr,
        lhs: ExprId,
        rhs: ExprId,
    },
    /// Prefix or postfix; `++`/`--` read and write their operand.
    Unary {
        op: SmolStr,
        operand: ExprId,
    },
    Cast {
        ty: TypeRef,
        expr: ExprId,
    },
    As {
        expr: ExprId,
        ty: TypeRef,
    },
    /// `expr is T x` (`binding` is the pattern variable) or `expr is T`.
    Is {
        expr: ExprId,
        ty: Option<TypeRef>,
        binding: Option<LocalId>,
        rest: Vec<ExprId>,
    },
    Conditional {
        cond: ExprId,
        then: ExprId,
        else_: ExprId,
    },
    Await(ExprId),
    Lambda {
        params: Vec<LocalId>,
        body: StmtId,
        is_async: bool,
    },
    This,
    Base,
    TypeOf(TypeRef),
    Default(Option<TypeRef>),
    NameOf,
    Throw(ExprId),
    /// `(a, b)`, with each element's name: written (`(Count: n, ..)`) or inferred from a name or
    /// member access (`(x.Count, y)`, C# 7.1). Names are not part of the type (C# §8.3.11): they
    /// travel with the value (see `infer`'s tuple names).
    Tuple {
        elements: Vec<ExprId>,
        names: Vec<Option<SmolStr>>,
    },
    /// The left side of a deconstruction (`var (a, b) = v`, `(x, (y, _)) = v`, `foreach (var (k,
    /// v) in ..)`, the target of [`Expr::Assign`] or [`Stmt::Foreach`]): each element is assigned
    /// (an expression, an [`Expr::Declaration`]), a discard ([`Expr::Missing`]) or a nested
    /// deconstruction. A value that is not a tuple is deconstructed by a call of its `Deconstruct`
    /// method (C# §12.21.2), reported at this expression.
    Deconstruction(Vec<ExprId>),
    InterpolatedString(Vec<ExprId>),
    /// `out var x` / `out T x` as an argument.
    Declaration(LocalId),
    /// Syntax binding does not model: its subexpressions in order.
    Other(Vec<ExprId>),
}

/// `A.B: p` in a property pattern: the member read (accesses on [`Expr::ImplicitReceiver`]) and
/// the parts of the pattern its value is tested with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subpattern {
    pub member: ExprId,
    pub pattern: Vec<Part>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arg {
    pub name: Option<SmolStr>,
    pub expr: ExprId,
    pub modifier: ArgModifier,
}

impl Arg {
    /// An argument no source wrote as such: unnamed, without `ref`/`out`/`in` (the query translation's
    /// lambdas, a collection initializer's elements).
    pub(crate) fn positional(expr: ExprId) -> Arg {
        Arg {
            name: None,
            expr,
            modifier: ArgModifier::None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArgModifier {
    None,
    Ref,
    Out,
    In,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AssignOp {
    /// `=`
    Plain,
    /// `+=`
    Add,
    /// `-=`
    Sub,
    /// `*=`, `|=`, `<<=`, …: the binary operator it applies, by its metadata name (`op_BitwiseOr`).
    Compound(&'static str),
    /// `??=`, which no user-defined operator serves.
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Literal {
    /// An integer literal without a suffix, with its value (saturated): typed `int`, `uint`, `long`
    /// or `ulong`, the first that holds it (C# §6.4.5.3).
    Int(u64),
    Long,
    UInt,
    ULong,
    Double,
    Float,
    Decimal,
    Bool(bool),
    /// A character literal with its UTF-16 value (`None`: not one code unit, which does not compile).
    Char(Option<u16>),
    String,
    Null,
}

/// Where each expression of a [`Body`] is: its whole range and its focus (the invoked name for
/// member accesses, the type of a `new`, the operator of a binary expression, the keyword of
/// `base(...)`).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct BodySourceMap {
    pub exprs: ArenaMap<ExprId, ExprRange>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExprRange {
    pub full: TextRange,
    pub focus: TextRange,
}

impl BodySourceMap {
    pub fn expr_range(&self, expr: ExprId) -> Option<ExprRange> {
        self.exprs.get(expr).copied()
    }
}

#[derive(Debug, PartialEq, Eq)]
pub struct BodyWithSourceMap {
    pub body: Arc<Body>,
    pub source_map: Arc<BodySourceMap>,
}

/// A body's queries are keyed by its member (see `members::MemberKey`).
pub(crate) use crate::members::MemberKey as BodyKey;

/// Both halves from one walk. Re-runs on every edit of the file (the tree changed).
///
/// Bodies are most of what binding leaves behind, and once a file's call sites are gathered
/// (`file_call_sites`) no answer reads them again, so both halves are evicted when unused (an LRU
/// of 1,024 members, enforced at each new revision and when the server evicts between priming
/// chunks). An evicted memo keeps its dependencies, so it still verifies after edits elsewhere; the
/// cost is an edited file's members bound again on its first edit (their bodies re-run anyway,
/// the tree changed, and an evicted body cannot be backdated), and the next edits of it reuse them.
#[salsa::tracked(returns(ref), no_eq, lru = 1024)]
fn body_with_source_map_query<'db>(db: &'db dyn Db, key: BodyKey<'db>) -> BodyWithSourceMap {
    let (body, source_map) = lower::lower_member(db, key.id(db)).unwrap_or_default();
    BodyWithSourceMap {
        body: Arc::new(body),
        source_map: Arc::new(source_map),
    }
}

/// The position-independent half: equal across edits elsewhere, so inference over it is reused.
/// Evicted as the above is (it holds the same `Body`).
#[salsa::tracked(returns(clone), lru = 1024)]
fn body_query<'db>(db: &'db dyn Db, key: BodyKey<'db>) -> Arc<Body> {
    body_with_source_map_query(db, key).body.clone()
}

/// Sets both halves' LRU capacity, so that tests see eviction on a fixture's few members.
#[cfg(any(test, feature = "test-utils"))]
pub(crate) fn set_lru_capacity(db: &mut dyn Db, capacity: usize) {
    body_with_source_map_query::set_lru_capacity(db, capacity);
    body_query::set_lru_capacity(db, capacity);
}

pub fn body(db: &dyn Db, member: MemberId) -> Arc<Body> {
    body_query(db, member.key())
}

pub fn body_source_map(db: &dyn Db, member: MemberId) -> Arc<BodySourceMap> {
    body_with_source_map_query(db, member.key())
        .source_map
        .clone()
}
