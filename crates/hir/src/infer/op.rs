//! Operators: assignments (simple, compound, event `+=`/`-=`), binary and unary operators with the
//! user-defined operators of source and library types, and the implicit or explicit user-defined conversions
//! values go through.

use smol_str::SmolStr;

use super::{
    Access, CallKind, Callee, Ctx, UnresolvedReason, Val,
    conversion::{self, conv, is_enum},
    external, known,
    overload::{ArgInfo, ArgTy, CandMember, Candidate, Resolution, resolve_overloads},
};
use crate::{
    base_db::Db,
    body::{AssignOp, Expr, ExprId},
    def_map::TypeId,
    item_tree::{ParamModifier, lower::operator_name},
    library::{KnownType, LibMember, library_members, library_return},
    lookup::lookup_members,
    symbols::{MemberId, member_signature},
    ty::Ty,
    type_ref::TypeRef,
};

impl Ctx<'_> {
    pub(super) fn infer_assign(
        &mut self,
        expr: ExprId,
        op: AssignOp,
        lhs: ExprId,
        rhs: ExprId,
    ) -> Ty {
        if matches!(self.body.exprs[lhs], Expr::Deconstruction(_)) {
            let value = self.infer_expr(rhs, None);
            self.deconstruct(lhs, &value);
            return value;
        }
        let access = match op {
            AssignOp::Plain => Access::Write,
            AssignOp::Add => Access::Add,
            AssignOp::Sub => Access::Remove,
            AssignOp::Compound(_) | AssignOp::Other => Access::ReadWrite,
        };
        let lhs_ty = match self.infer_val(lhs, access, None) {
            Val::Value(t) => t,
            _ => Ty::Unknown,
        };
        let rhs_ty = self.infer_expr(rhs, Some(&lhs_ty).filter(|t| **t != Ty::Unknown));
        // A discard (`_ = e` where no `_` is in scope, §9.2.9.2) has the type of its value:
        // C5's `(_ = leftEnds[i]).Index`.
        if op == AssignOp::Plain
            && lhs_ty == Ty::Unknown
            && matches!(&self.body.exprs[lhs], Expr::Name { name, type_args } if name == "_" && type_args.is_empty())
        {
            return rhs_ty;
        }
        match op {
            AssignOp::Plain => self.coerce(rhs, &rhs_ty, &lhs_ty),
            AssignOp::Add | AssignOp::Sub
                if known::delegate_shape(&self.sdb, &lhs_ty).is_none() =>
            {
                let name = if op == AssignOp::Add {
                    "op_Addition"
                } else {
                    "op_Subtraction"
                };
                self.user_operator(expr, name, &[(lhs, lhs_ty.clone()), (rhs, rhs_ty)]);
            }
            // `x op= y` is `x = x op y` by the operator's overload resolution (§12.21.4).
            AssignOp::Compound(name) => {
                self.user_operator(expr, name, &[(lhs, lhs_ty.clone()), (rhs, rhs_ty)]);
            }
            _ => {}
        }
        lhs_ty
    }

    pub(super) fn infer_binary(
        &mut self,
        expr: ExprId,
        op: &str,
        lhs: ExprId,
        rhs: ExprId,
        expected: Option<&Ty>,
    ) -> Ty {
        let l = self.infer_expr(lhs, if op == "??" { expected } else { None });
        let r = if matches!(op, "==" | "!=") && known::delegate_shape(&self.sdb, &l).is_some() {
            // A method group compared with a delegate converts to the delegate's type (§12.12.9:
            // `rule == SelectLastRegisteredFactory`).
            match self.infer_val(rhs, Access::Read, Some(&l)) {
                Val::Value(ty) => ty,
                Val::Group(group) => {
                    self.method_group(rhs, &group, Some(&l));
                    l.clone()
                }
                Val::Type(_) | Val::Unknown => Ty::Unknown,
            }
        } else {
            self.infer_expr(
                rhs,
                if op == "??" {
                    Some(&l).filter(|t| **t != Ty::Unknown)
                } else {
                    None
                },
            )
        };
        let db = self.db;
        let bool_ = Ty::known(db, KnownType::Boolean);
        let name = match op {
            "&&" | "||" => return bool_,
            "??" => {
                return match l {
                    Ty::Nullable(inner) => *inner,
                    Ty::Unknown => r,
                    other => other,
                };
            }
            _ => match operator_name(op, 2) {
                Some(name) => name,
                None => return Ty::Unknown,
            },
        };
        let dynamic = l == Ty::Dynamic || r == Ty::Dynamic;
        if !dynamic && matches!(op, "==" | "!=") && self.delegate_equality(expr, name, &l, &r) {
            return bool_;
        }
        // An operation with a `dynamic` operand is bound at run time, and `dynamic` (§12.3.3); the
        // other operand's type may give operators it runs (`user_operator`).
        let ret = self.user_operator(expr, name, &[(lhs, l.clone()), (rhs, r.clone())]);
        if dynamic {
            return Ty::Dynamic;
        }
        if let Some(ret) = ret {
            return ret;
        }
        match op {
            "==" | "!=" | "<" | ">" | "<=" | ">=" => bool_,
            "+" if is_string(db, &l) || is_string(db, &r) => {
                // String concatenation takes `string` over `object` as the better conversion
                // target (C# §12.6.4.5), so an operand with an implicit conversion to `string`
                // is converted by it.
                let string = Ty::known(db, KnownType::String);
                for (operand, ty) in [(lhs, &l), (rhs, &r)] {
                    if !is_string(db, ty) {
                        self.coerce(operand, ty, &string);
                    }
                }
                string
            }
            // Enumeration addition and subtraction (C# §12.10.5, §12.10.6): `E + U`, `U + E` and
            // `E - U` are `E` (`(Kind) i + offset` is a `Kind`).
            "+" if is_enum(&self.sdb, &l) != is_enum(&self.sdb, &r) => {
                if is_enum(&self.sdb, &l) {
                    l
                } else {
                    r
                }
            }
            "-" if is_enum(&self.sdb, &l) && !is_enum(&self.sdb, &r) => l,
            // `E - E` is E's underlying type; a library enum's is not in the model: unknown.
            "-" if is_enum(&self.sdb, &l) && is_enum(&self.sdb, &r) => match &l {
                Ty::Source(id, _) => crate::resolve::enum_underlying(db, *id),
                _ => Ty::Unknown,
            },
            _ => numeric_result(db, &l, &r),
        }
    }

    /// A user-defined operator of the operands' types (§12.4.6: those the operand types and their
    /// base classes declare; `DateTime - DateTime` is `TimeSpan` by `DateTime.op_Subtraction`),
    /// recorded as a call when it applies, with the user-defined conversions its operands go
    /// through (`context < pointer` by `Pointer.op_LessThan` converts `context` by
    /// `Pointer.op_Implicit`). The keyword types' operators are the predefined ones.
    pub(super) fn user_operator(
        &mut self,
        expr: ExprId,
        name: &str,
        operands: &[(ExprId, Ty)],
    ) -> Option<Ty> {
        let db = self.db;
        let mut seen: Vec<TypeId> = Vec::new();
        let mut members: Vec<(Ty, MemberId)> = Vec::new();
        let mut library: Vec<(Ty, LibMember)> = Vec::new();
        let mut library_seen: Vec<&Ty> = Vec::new();
        for (_, ty) in operands {
            let ty = match ty {
                Ty::Nullable(inner) => inner,
                t => t,
            };
            if let Ty::Library(..) = ty {
                if !known::is_predefined(db, ty) && !library_seen.contains(&ty) {
                    library_seen.push(ty);
                    let index = self.libraries();
                    for (decl, found) in library_members(db, &index, ty, name) {
                        for m in found {
                            if !library.iter().any(|&(_, seen)| seen == m) {
                                library.push((decl.clone(), m));
                            }
                        }
                    }
                }
                continue;
            }
            let Ty::Source(id, _) = ty else { continue };
            if seen.contains(id) {
                continue;
            }
            seen.push(*id);
            // The candidates are the union of the operand types' operators (§12.4.6): a base
            // class both operand types derive from (`BnfTerm` of `BnfTerm | Terminal`) gives its
            // operators once, not twice to tie with themselves.
            for (decl_ty, found) in lookup_members(&self.sdb, ty, name).groups {
                for m in found {
                    if !members.iter().any(|&(_, seen)| seen == m) {
                        members.push((decl_ty.clone(), m));
                    }
                }
            }
        }
        if members.is_empty() && library.is_empty() {
            return None;
        }
        let infos: Vec<ArgInfo> = operands
            .iter()
            .map(|(_, t)| {
                let ty = if *t == Ty::Unknown {
                    ArgTy::Unknown
                } else {
                    ArgTy::Known(t.clone())
                };
                ArgInfo::implicit(ty, ParamModifier::None)
            })
            .collect();
        let has_source = !members.is_empty();
        let mut candidates: Vec<Candidate> = members
            .iter()
            .flat_map(|(decl_ty, m)| self.candidates(decl_ty, &[*m], false))
            .collect();
        candidates.extend(
            library
                .iter()
                .map(|(decl, m)| external::library_candidate(&self.sdb, decl, *m, false)),
        );
        // With a `dynamic` operand (`m + d`, `m += d`) the runtime binder picks among those that
        // apply (§12.4.5): each is a late-bound site, and the value `dynamic`.
        if self.late_bound_members(expr, &candidates, &[], &infos) {
            return Some(Ty::Dynamic);
        }
        match resolve_overloads(&self.sdb, &candidates, &infos, &[]) {
            Resolution::Bound(applied) => {
                let params = &candidates[applied.index].params;
                for ((operand, ty), param) in operands.iter().zip(params.iter()) {
                    self.coerce(*operand, ty, &param.ty);
                }
                self.bound_operator(expr, candidates[applied.index].member, &library)
            }
            // Among the assemblies' operators only, the call leaves the sources whichever it is.
            Resolution::Ambiguous if !has_source => None,
            Resolution::Ambiguous => {
                self.unresolved(expr, SmolStr::new(name), UnresolvedReason::Ambiguous);
                None
            }
            Resolution::NoneApplicable => None,
        }
    }

    /// `a == b` and `a != b` of delegates (§12.12.9): the predefined operators every delegate type
    /// has, which the compiler calls as `System.Delegate.op_Equality` / `op_Inequality`, also for
    /// `Delegate` and `MulticastDelegate` operands (never `MulticastDelegate`'s own operators);
    /// compared with `null`, a reference comparison, no call. Whether the operands were delegates.
    fn delegate_equality(&mut self, expr: ExprId, name: &str, l: &Ty, r: &Ty) -> bool {
        let db = self.db;
        let is_delegate = |t: &Ty| {
            known::delegate_shape(&self.sdb, t).is_some()
                || t.which_known(db, &[KnownType::Delegate, KnownType::MulticastDelegate])
                    .is_some()
        };
        match (is_delegate(l), is_delegate(r)) {
            (true, true) => {}
            (true, false) if conversion::is_null(r) => return true,
            (false, true) if conversion::is_null(l) => return true,
            _ => return false,
        }
        let delegate = Ty::known(db, KnownType::Delegate);
        let index = self.libraries();
        let operator = library_members(db, &index, &delegate, name)
            .into_iter()
            .next()
            .and_then(|(_, members)| members.first().copied());
        match operator {
            Some(operator) => self.site(expr, Callee::Library(operator), CallKind::Operator),
            None => self.unresolved(expr, SmolStr::new(name), UnresolvedReason::MissingMetadata),
        }
        true
    }

    /// The operator overload resolution chose, recorded as a call: its result type.
    fn bound_operator(
        &mut self,
        expr: ExprId,
        member: CandMember,
        library: &[(Ty, LibMember)],
    ) -> Option<Ty> {
        let db = self.db;
        match member {
            CandMember::Source(member) => {
                self.site(expr, Callee::Member(member), CallKind::Operator);
                member_signature(db, member).ty.clone()
            }
            CandMember::Library(member) => {
                self.site(expr, Callee::Library(member), CallKind::Operator);
                let decl = library.iter().find(|(_, m)| *m == member).map(|(d, _)| d);
                Some(library_return(db, decl.unwrap_or(&Ty::Unknown), member))
            }
        }
    }

    /// An implicit user-defined conversion from `from` to `to`, recorded as an operator call.
    pub(super) fn coerce(&mut self, expr: ExprId, from: &Ty, to: &Ty) {
        if *from == Ty::Unknown
            || *to == Ty::Unknown
            || conv(&self.sdb, from, to) >= conversion::Conv::Unknown
        {
            return;
        }
        self.conversion_operator(expr, from, to, false);
    }

    /// A boolean expression (§12.24): a value of a type that converts to `bool` only by a
    /// user-defined implicit conversion calls it; one that does not convert calls its type's
    /// `operator true` (`if (match)` with Eto.Parse's `Match`).
    pub(super) fn boolean_expression(&mut self, expr: ExprId, ty: &Ty) {
        if !matches!(ty, Ty::Source(..)) {
            return;
        }
        let boolean = Ty::known(self.db, KnownType::Boolean);
        match conv(&self.sdb, ty, &boolean) {
            conversion::Conv::UserDefined => self.conversion_operator(expr, ty, &boolean, false),
            conversion::Conv::No => {
                self.user_operator(expr, "op_True", &[(expr, ty.clone())]);
            }
            _ => {}
        }
    }

    pub(super) fn conversion_operator(&mut self, expr: ExprId, from: &Ty, to: &Ty, explicit: bool) {
        if from == to || *from == Ty::Unknown {
            return;
        }
        if let Some(op) = conversion::user_conversion(&self.sdb, from, to, explicit) {
            self.site(expr, Callee::Member(op), CallKind::Operator);
        }
    }
}

fn is_string(db: &dyn Db, ty: &Ty) -> bool {
    ty.is_known(db, KnownType::String)
}

/// The type of a built-in arithmetic operation (binary numeric promotion).
fn numeric_result(db: &dyn Db, l: &Ty, r: &Ty) -> Ty {
    use KnownType::*;
    const ORDER: [KnownType; 7] = [Decimal, Double, Single, UInt64, Int64, UInt32, Int32];
    let rank = |t: &Ty| {
        t.which_known(db, &ORDER)
            .and_then(|k| ORDER.iter().position(|o| *o == k))
    };
    match (rank(l), rank(r)) {
        (Some(a), Some(b)) => Ty::known(db, ORDER[a.min(b)]),
        (Some(_), None) | (None, None) => {
            if l.which_known(db, &[Int16, UInt16, Byte, SByte, Char])
                .is_some()
            {
                Ty::known(db, Int32)
            } else {
                l.clone()
            }
        }
        (None, Some(_)) => r.clone(),
    }
}

impl Ctx<'_> {
    /// A unary operator: a user-defined one of the operand's source type, else the built-in one
    /// (`++`/`--` read and write their operand).
    pub(super) fn infer_unary(&mut self, expr: ExprId, op: &SmolStr, operand: ExprId) -> Ty {
        let is_step = matches!(op.as_str(), "++" | "--");
        let ty = match self.infer_val(
            operand,
            if is_step {
                Access::ReadWrite
            } else {
                Access::Read
            },
            None,
        ) {
            Val::Value(t) => t,
            _ => Ty::Unknown,
        };
        let name = operator_name(op, 1).unwrap_or_default();
        if ty == Ty::Dynamic {
            return Ty::Dynamic;
        }
        if let Some(ret) = self.user_operator(expr, name, &[(operand, ty.clone())]) {
            return ret;
        }
        if op == "!" {
            Ty::known(self.db, KnownType::Boolean)
        } else {
            ty
        }
    }

    /// `(T)e`: `e` converted to `T`, through a user-defined conversion when one applies.
    pub(super) fn infer_cast(&mut self, expr: ExprId, ty: &TypeRef, inner: ExprId) -> Ty {
        let target = self.resolver.resolve(ty);
        let from = self.infer_expr(inner, Some(&target));
        self.conversion_operator(expr, &from, &target, true);
        target
    }

    /// `c ? a : b`, typed by [`Ctx::conditional_type`] (§12.18). Without a target type, an operand
    /// without one of its own (a method group, a lambda, `default`) is converted to the other's:
    /// `less ? (Func<double, double>)Math.Floor : Math.Ceiling` picks `Ceiling(double)`.
    pub(super) fn infer_conditional(
        &mut self,
        cond: ExprId,
        then: ExprId,
        else_: ExprId,
        expected: Option<&Ty>,
    ) -> Ty {
        let cond_ty = self.infer_expr(cond, None);
        self.boolean_expression(cond, &cond_ty);
        let typed = |ty: &Ty| (*ty != Ty::Unknown && !conversion::is_null(ty)).then(|| ty.clone());
        let (a, b) = if expected.is_none() && self.may_lack_type(then) && !self.may_lack_type(else_)
        {
            let b = self.infer_expr(else_, None);
            (self.infer_expr(then, typed(&b).as_ref()), b)
        } else {
            let a = self.infer_expr(then, expected);
            let hint = expected.cloned().or_else(|| typed(&a));
            (a, self.infer_expr(else_, hint.as_ref()))
        };
        self.conditional_type(then, a, else_, b)
    }

    /// Whether `expr` may be an expression without a type (§12.2): a lambda, or a name or member
    /// access that may denote a method group.
    fn may_lack_type(&self, expr: ExprId) -> bool {
        matches!(
            self.body.exprs[expr],
            Expr::Lambda { .. } | Expr::Name { .. } | Expr::Member { .. }
        )
    }
}
