//! Constant values of integral type (C# §12.23) and the implicit constant expression conversions
//! they allow (§10.2.11): an `int` constant converts to `sbyte`, `byte`, `short`, `ushort`, `uint`
//! or `ulong` when its value is in range, a `long` constant to `ulong` when it is not negative. So
//! `WriteByte(eh_table | fat_format)` over two `const byte` locals (an `int` constant) applies to
//! `WriteByte(byte)` and `WriteByte(sbyte)`, and `new Row<short, int>(NoData, ..)` with `const int
//! NoData = -1` to `Row(short, int)`; a non-constant `int` converts to neither.
//!
//! Values come from literals (`char` and `bool` ones too), `const` locals, `const` fields and enum
//! members of the sources (their initializers, evaluated here without binding them; an enum member
//! without one is the previous plus one) and `const` fields of the assemblies (their metadata
//! values), through unary and binary operators, `?:` over a constant condition, casts and
//! parentheses (and `checked`/`unchecked`, which lowering makes transparent). An enum member is a
//! constant of its enum type, not of an integral one: only a cast (or `E - E`, §12.10.5) makes it one.

use metadata::{Constant, Primitive, TypeSig};

use super::{
    Ctx,
    conversion::{Conv, conv, is_null},
};
use crate::{
    base_db::Db,
    body::{Body, Expr, ExprId, Literal, LocalKind, RootKind, Stmt, body},
    def_map::type_header,
    infer::Callee,
    item_tree::{MemberKind, TypeKind},
    library::{KnownType, LibMember, LibraryDefs, ScopedDb, library_members, library_scope},
    lookup::type_kind,
    members::type_members,
    resolve::{Resolver, enum_underlying},
    symbols::{MemberId, member_ref, member_signature},
    ty::Ty,
    type_ref::{Path, PathQualifier, PathSegment, TypeRef},
};

use crate::lookup::lookup_members;
use KnownType::*;

/// The integral types, `char` among them.
const INTEGRAL: [KnownType; 9] = [
    SByte, Byte, Int16, UInt16, Int32, UInt32, Int64, UInt64, Char,
];

/// How deep constants may refer to constants: a cycle (`const int A = B, B = A;`, which does not
/// compile) ends there.
const MAX_DEPTH: u32 = 16;

/// How many of the latest field accesses a constant's name is looked for in: more than one
/// constant expression reads.
const RECENT_ACCESSES: usize = 64;

/// The types of the constants folded here: the integral ones and `bool` (as 0 or 1).
const CONSTANT_TYPES: [KnownType; 10] = [
    SByte, Byte, Int16, UInt16, Int32, UInt32, Int64, UInt64, Char, Boolean,
];

/// A constant of integral (or `bool`) type: its value and its type; of an enum type, its
/// underlying type and `enum_typed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct IntConst {
    value: i128,
    ty: KnownType,
    enum_typed: bool,
}

impl IntConst {
    fn of(value: i128, ty: KnownType) -> IntConst {
        IntConst {
            value,
            ty,
            enum_typed: false,
        }
    }
}

/// Where the names of a constant expression lead: a body being bound knows what each name bound to;
/// a constant field's initializer resolves its names on its own.
trait ConstScope {
    /// What both kinds of scope read the same way.
    fn input(&self) -> ConstInput<'_>;
    /// The value of a name or member access naming a constant.
    fn named(&self, expr: ExprId, depth: u32) -> Option<IntConst>;
}

/// The database, the body holding the expression and the resolver of its type names.
struct ConstInput<'a> {
    db: &'a dyn Db,
    body: &'a Body,
    resolver: &'a Resolver<'a>,
}

impl Ctx<'_> {
    /// The value of an argument that is a constant expression of type `int` or `long`, the two an
    /// implicit constant expression conversion starts from.
    pub(super) fn integral_constant(&self, expr: ExprId) -> Option<i64> {
        let c = eval(self, expr, 0)?;
        (matches!(c.ty, Int32 | Int64) && !c.enum_typed)
            .then(|| i64::try_from(c.value).ok())
            .flatten()
    }

    /// The type of `cond ? then : else_` whose branches have the types `a` and `b` (§12.18): the
    /// one the other converts to, by a constant conversion too (`length == 0 ? 0 : start` with a
    /// `uint start` is a `uint`).
    pub(super) fn conditional_type(&self, then: ExprId, a: Ty, else_: ExprId, b: Ty) -> Ty {
        if a == Ty::Unknown || is_null(&a) {
            return b;
        }
        if b == Ty::Unknown || is_null(&b) || a == b {
            return a;
        }
        let converts = |expr: ExprId, from: &Ty, to: &Ty| {
            conv(&self.sdb, from, to) >= Conv::Implicit
                || self
                    .integral_constant(expr)
                    .is_some_and(|v| constant_fits(self.db, v, from, to))
        };
        match (converts(then, &a, &b), converts(else_, &b, &a)) {
            (true, false) => b,
            _ => a,
        }
    }
}

impl ConstScope for Ctx<'_> {
    fn input(&self) -> ConstInput<'_> {
        ConstInput {
            db: self.db,
            body: self.body,
            resolver: &self.resolver,
        }
    }

    fn named(&self, expr: ExprId, depth: u32) -> Option<IntConst> {
        if let Some(&field) = self.library_fields.get(&expr) {
            return library_constant(&self.libraries, field);
        }
        // The expression was just bound: its field access is among the last ones recorded (the
        // bound keeps every argument's look-up cheap in bodies with thousands of accesses).
        let access = self
            .result
            .field_accesses
            .iter()
            .rev()
            .take(RECENT_ACCESSES)
            .find(|a| a.expr == expr)?;
        match access.field {
            Callee::Member(member) => source_constant(self.db, member, depth + 1),
            _ => None,
        }
    }
}

/// The implicit constant expression conversion (§10.2.11) of a constant of type `from` with this
/// value to `to` (or its nullable form).
pub(super) fn constant_fits(db: &dyn Db, value: i64, from: &Ty, to: &Ty) -> bool {
    let to = match to {
        Ty::Nullable(inner) => inner,
        t => t,
    };
    let value = i128::from(value);
    match from.which_known(db, &[Int32, Int64]) {
        Some(Int32) => to
            .which_known(db, &[SByte, Byte, Int16, UInt16, UInt32, UInt64])
            .is_some_and(|target| range(target).contains(&value)),
        Some(_) => to.is_known(db, UInt64) && value >= 0,
        None => false,
    }
}

fn eval(scope: &dyn ConstScope, expr: ExprId, depth: u32) -> Option<IntConst> {
    if depth > MAX_DEPTH {
        return None;
    }
    let body = scope.input().body;
    match &body.exprs[expr] {
        Expr::Literal(Literal::Int(v)) => {
            let value = i128::from(*v);
            let ty = [Int32, UInt32, Int64, UInt64]
                .into_iter()
                .find(|t| range(*t).contains(&value))?;
            Some(IntConst::of(value, ty))
        }
        Expr::Literal(Literal::Char(Some(v))) => Some(IntConst::of(i128::from(*v), Char)),
        Expr::Literal(Literal::Bool(b)) => Some(IntConst::of(i128::from(*b), Boolean)),
        Expr::Unary { op, operand } => {
            let c = eval(scope, *operand, depth + 1)?;
            if c.ty == Boolean {
                return (op == "!").then(|| IntConst::of(1 - c.value, Boolean));
            }
            if c.enum_typed {
                // `~E` is an `E` (§12.9.5); no other unary operator applies to one.
                return (op == "~").then(|| IntConst {
                    value: wrap(!c.value, c.ty),
                    ..c
                });
            }
            let ty = promote(c.ty);
            match op.as_str() {
                "+" => Some(IntConst::of(c.value, ty)),
                "-" => {
                    let ty = match ty {
                        UInt32 => Int64,
                        UInt64 => return None,
                        t => t,
                    };
                    Some(IntConst::of(wrap(-c.value, ty), ty))
                }
                "~" => Some(IntConst::of(wrap(!c.value, ty), ty)),
                _ => None,
            }
        }
        Expr::Binary { op, lhs, rhs } => {
            let (l, r) = (eval(scope, *lhs, depth + 1)?, eval(scope, *rhs, depth + 1)?);
            binary(op, l, r)
        }
        // `T ? 1 : 100000` over a constant condition is a constant of the branches' one type.
        Expr::Conditional { cond, then, else_ } => {
            let c = eval(scope, *cond, depth + 1)?;
            let (a, b) = (
                eval(scope, *then, depth + 1)?,
                eval(scope, *else_, depth + 1)?,
            );
            let same = a.ty == b.ty && a.enum_typed == b.enum_typed;
            (c.ty == Boolean && same).then_some(if c.value != 0 { a } else { b })
        }
        Expr::Cast { ty, expr: inner } => {
            let (target, enum_typed) = cast_target(scope, &scope.input().resolver.resolve(ty))?;
            let c = eval(scope, *inner, depth + 1)?;
            if (c.ty == Boolean) != (target == Boolean) {
                return None;
            }
            Some(IntConst {
                value: wrap(c.value, target),
                ty: target,
                enum_typed,
            })
        }
        Expr::Local(local) if body.locals[*local].kind == LocalKind::Constant => {
            let declared = body.locals[*local].ty.as_ref()?;
            let (declared, enum_typed) =
                cast_target(scope, &scope.input().resolver.resolve(declared))?;
            let init = body.stmts.iter().find_map(|(_, stmt)| match stmt {
                Stmt::Let { local: l, init } if l == local => *init,
                _ => None,
            })?;
            let c = eval(scope, init, depth + 1)?;
            range(declared).contains(&c.value).then_some(IntConst {
                value: c.value,
                ty: declared,
                enum_typed,
            })
        }
        Expr::Name { .. } | Expr::Member { .. } => scope.named(expr, depth),
        _ => None,
    }
}

/// The constant type a cast (or a constant's declaration) names: an integral type or `bool`, or a
/// source enum (its underlying type, enum-typed).
fn cast_target(scope: &dyn ConstScope, ty: &Ty) -> Option<(KnownType, bool)> {
    let db = scope.input().db;
    if let Ty::Source(id, _) = ty
        && type_kind(db, *id) == TypeKind::Enum
    {
        return Some((enum_underlying(db, *id).which_known(db, &INTEGRAL)?, true));
    }
    Some((ty.which_known(db, &CONSTANT_TYPES)?, false))
}

/// A binary operator over two integral constants, after binary numeric promotion (§12.4.7.3);
/// shifts take the promoted left operand's type (§12.11); comparisons and the logical operators
/// give `bool`; over enum constants, the enumeration operators (§12.10.5, §12.11.6, §12.13.3).
fn binary(op: &str, l: IntConst, r: IntConst) -> Option<IntConst> {
    let compare = |a: i128, b: i128| match op {
        "==" => Some(a == b),
        "!=" => Some(a != b),
        "<" => Some(a < b),
        ">" => Some(a > b),
        "<=" => Some(a <= b),
        ">=" => Some(a >= b),
        _ => None,
    };
    if l.ty == Boolean || r.ty == Boolean {
        if l.ty != r.ty {
            return None;
        }
        let (a, b) = (l.value != 0, r.value != 0);
        let value = match op {
            "&&" | "&" => a && b,
            "||" | "|" => a || b,
            "^" | "!=" => a != b,
            "==" => a == b,
            _ => return None,
        };
        return Some(IntConst::of(i128::from(value), Boolean));
    }
    if let Some(result) = compare(l.value, r.value) {
        return (l.enum_typed == r.enum_typed).then(|| IntConst::of(i128::from(result), Boolean));
    }
    if l.enum_typed || r.enum_typed {
        return enum_binary(op, l, r);
    }
    if matches!(op, "<<" | ">>") {
        let ty = promote(l.ty);
        let bits = if matches!(ty, Int64 | UInt64) { 63 } else { 31 };
        let count = (r.value & bits) as u32;
        let value = match op {
            "<<" => l.value << count,
            _ => l.value >> count,
        };
        return Some(IntConst::of(wrap(value, ty), ty));
    }
    let ty = match (promote(l.ty), promote(r.ty)) {
        (UInt64, _) | (_, UInt64) => UInt64,
        (Int64, _) | (_, Int64) => Int64,
        (UInt32, Int32) | (Int32, UInt32) => Int64,
        (UInt32, _) | (_, UInt32) => UInt32,
        _ => Int32,
    };
    let (a, b) = (l.value, r.value);
    let value = match op {
        "+" => a + b,
        "-" => a - b,
        "*" => a.checked_mul(b)?,
        "/" if b != 0 => a / b,
        "%" if b != 0 => a % b,
        "&" => a & b,
        "|" => a | b,
        "^" => a ^ b,
        _ => return None,
    };
    Some(IntConst::of(wrap(value, ty), ty))
}

/// `E - E` is the underlying type; `E + U`, `U + E`, `E - U` and `E & E`, `E | E`, `E ^ E` are `E`.
fn enum_binary(op: &str, l: IntConst, r: IntConst) -> Option<IntConst> {
    let ty = l.ty;
    let (value, enum_typed) = match (op, l.enum_typed, r.enum_typed) {
        ("-", true, true) => (l.value - r.value, false),
        ("+", _, _) | ("-", true, false) if l.enum_typed != r.enum_typed => {
            let (e, u) = if l.enum_typed { (l, r) } else { (r, l) };
            let value = if op == "+" {
                e.value + u.value
            } else {
                e.value - u.value
            };
            return Some(IntConst {
                value: wrap(value, e.ty),
                ty: e.ty,
                enum_typed: true,
            });
        }
        ("&", true, true) => (l.value & r.value, true),
        ("|", true, true) => (l.value | r.value, true),
        ("^", true, true) => (l.value ^ r.value, true),
        _ => return None,
    };
    Some(IntConst {
        value: wrap(value, ty),
        ty,
        enum_typed,
    })
}

/// Unary numeric promotion (§12.4.7.2): the types narrower than `int` become `int`.
fn promote(ty: KnownType) -> KnownType {
    match ty {
        SByte | Byte | Int16 | UInt16 | Char => Int32,
        t => t,
    }
}

fn range(ty: KnownType) -> std::ops::RangeInclusive<i128> {
    let (min, max): (i128, i128) = match ty {
        SByte => (i8::MIN.into(), i8::MAX.into()),
        Byte => (0, u8::MAX.into()),
        Int16 => (i16::MIN.into(), i16::MAX.into()),
        UInt16 | Char => (0, u16::MAX.into()),
        Int32 => (i32::MIN.into(), i32::MAX.into()),
        UInt32 => (0, u32::MAX.into()),
        Int64 => (i64::MIN.into(), i64::MAX.into()),
        Boolean => (0, 1),
        _ => (0, u64::MAX.into()),
    };
    min..=max
}

/// The value modulo the type's width, as an unchecked conversion gives it.
fn wrap(value: i128, ty: KnownType) -> i128 {
    let r = range(ty);
    let width = r.end() - r.start() + 1;
    (value - r.start()).rem_euclid(width) + r.start()
}

/// The value of a `const` field or an enum member of the sources: its initializer, converted to its
/// type; an enum member without one is the previous member plus one, the first zero (§19.4).
fn source_constant(db: &dyn Db, member: MemberId, depth: u32) -> Option<IntConst> {
    if depth > MAX_DEPTH {
        return None;
    }
    let (declared, enum_typed) = match member_ref(db, member)?.kind {
        MemberKind::Constant => (
            member_signature(db, member)
                .ty
                .as_ref()?
                .which_known(db, &CONSTANT_TYPES)?,
            false,
        ),
        MemberKind::EnumMember => (
            enum_underlying(db, member.ty).which_known(db, &INTEGRAL)?,
            true,
        ),
        _ => return None,
    };
    let body = body(db, member);
    let init = body
        .roots
        .iter()
        .find_map(|root| match body.stmts[root.stmt] {
            Stmt::Return(Some(e)) if root.kind == RootKind::Initializer => Some(e),
            _ => None,
        });
    let Some(init) = init else {
        return enum_typed
            .then(|| implicit_enum_value(db, member, declared, depth))
            .flatten();
    };
    let scope = FieldScope {
        db,
        member,
        body: &body,
        resolver: Resolver::for_member(db, member)?,
        sdb: ScopedDb::project(db, member.ty.project),
    };
    let c = eval(&scope, init, depth + 1)?;
    range(declared).contains(&c.value).then_some(IntConst {
        value: c.value,
        ty: declared,
        enum_typed,
    })
}

/// An enum member without an initializer: the previous member's value plus one, or zero.
fn implicit_enum_value(
    db: &dyn Db,
    member: MemberId,
    underlying: KnownType,
    depth: u32,
) -> Option<IntConst> {
    let members = type_members(db, member.ty);
    let at = members.iter().position(|&m| m == member)?;
    let previous = members[..at]
        .iter()
        .rev()
        .find(|&&m| member_ref(db, m).is_some_and(|d| d.kind == MemberKind::EnumMember));
    let value = match previous {
        Some(&p) => source_constant(db, p, depth + 1)?.value + 1,
        None => 0,
    };
    range(underlying).contains(&value).then_some(IntConst {
        value,
        ty: underlying,
        enum_typed: true,
    })
}

/// The value of a library constant of integral type, from its metadata.
fn library_constant(defs: &LibraryDefs, field: LibMember) -> Option<IntConst> {
    let field = defs.type_def(field.ty).fields().get(field.idx as usize)?;
    let TypeSig::Primitive(primitive) = field.ty else {
        return None;
    };
    let ty = match primitive {
        Primitive::SByte => SByte,
        Primitive::Byte => Byte,
        Primitive::Int16 => Int16,
        Primitive::UInt16 => UInt16,
        Primitive::Int32 => Int32,
        Primitive::UInt32 => UInt32,
        Primitive::Int64 => Int64,
        Primitive::UInt64 => UInt64,
        Primitive::Char => Char,
        Primitive::Boolean => Boolean,
        _ => return None,
    };
    let value = match field.constant.as_ref()? {
        Constant::I64(v) => i128::from(*v),
        Constant::U64(v) => i128::from(*v),
        Constant::Char(v) => i128::from(*v),
        Constant::Bool(b) => i128::from(*b),
        _ => return None,
    };
    Some(IntConst::of(value, ty))
}

/// A constant field's initializer: its names are constants of the enclosing types (`NoData + 1`)
/// or of a type named before them (`Mixin.NoData`, `int.MaxValue`).
struct FieldScope<'a> {
    db: &'a dyn Db,
    member: MemberId,
    body: &'a Body,
    resolver: Resolver<'a>,
    sdb: ScopedDb<'a>,
}

impl FieldScope<'_> {
    fn member_constant(&self, ty: &Ty, name: &str, depth: u32) -> Option<IntConst> {
        match ty {
            Ty::Source(..) => {
                let found = lookup_members(&self.sdb, ty, name);
                let (_, members) = found.groups.first()?;
                source_constant(self.db, *members.first()?, depth + 1)
            }
            Ty::Library(..) => {
                let index = library_scope(self.db, self.member.ty.project);
                let groups = library_members(self.db, &index, ty, name);
                let field = *groups.first()?.1.first()?;
                library_constant(&index, field)
            }
            _ => None,
        }
    }

    /// The type a receiver names (`Mixin`, `Acme.Mixin`, `int`).
    fn receiver_type(&self, expr: ExprId) -> Option<Ty> {
        let mut segments = Vec::new();
        let mut current = expr;
        loop {
            match &self.body.exprs[current] {
                Expr::Type(tr) => return Some(self.resolver.resolve(tr)),
                Expr::Name { name, type_args } if type_args.is_empty() => {
                    segments.push(name.clone());
                    break;
                }
                Expr::Member {
                    receiver,
                    name,
                    type_args,
                    ..
                } if type_args.is_empty() => {
                    segments.push(name.clone());
                    current = *receiver;
                }
                _ => return None,
            }
        }
        segments.reverse();
        let path = Path {
            qualifier: PathQualifier::None,
            segments: segments
                .into_iter()
                .map(|name| PathSegment {
                    name,
                    args: Vec::new(),
                })
                .collect(),
        };
        Some(self.resolver.resolve(&TypeRef::Path(path)))
    }
}

impl ConstScope for FieldScope<'_> {
    fn input(&self) -> ConstInput<'_> {
        ConstInput {
            db: self.db,
            body: self.body,
            resolver: &self.resolver,
        }
    }

    fn named(&self, expr: ExprId, depth: u32) -> Option<IntConst> {
        match &self.body.exprs[expr] {
            Expr::Name { name, type_args } if type_args.is_empty() => {
                // A member of the field's type or of a type enclosing it.
                let mut current = Some(self.member.ty);
                while let Some(id) = current {
                    let ty = Ty::Source(id, Resolver::identity_args(self.db, id));
                    if !lookup_members(&self.sdb, &ty, name).groups.is_empty() {
                        // In an enum member's initializer the enum's other members are of its
                        // underlying type (§19.4): `Y = X | 4`.
                        let c = self.member_constant(&ty, name, depth)?;
                        return Some(IntConst {
                            enum_typed: c.enum_typed && id != self.member.ty,
                            ..c
                        });
                    }
                    current = type_header(self.db, id).and_then(|h| h.parent);
                }
                None
            }
            Expr::Member { receiver, name, .. } => {
                let ty = self.receiver_type(*receiver)?;
                self.member_constant(&ty, name, depth)
            }
            _ => None,
        }
    }
}
