//! Expressions: the dispatch over [`Expr`] that gives each expression its [`Val`], delegating each
//! kind of expression to the module of its concern.

use super::{Access, Ctx, UnresolvedReason, Val, conversion::null_ty};
use crate::{
    base_db::Db,
    body::{Expr, ExprId, Literal, LocalKind},
    hierarchy::base_class_of,
    library::KnownType,
    ty::Ty,
};

impl Ctx<'_> {
    pub(super) fn infer_expr(&mut self, expr: ExprId, expected: Option<&Ty>) -> Ty {
        match self.infer_val(expr, Access::Read, expected) {
            Val::Value(ty) => ty,
            Val::Group(group) => {
                self.method_group(expr, &group, expected);
                Ty::Unknown
            }
            Val::Type(_) | Val::Unknown => Ty::Unknown,
        }
    }

    /// What `expr` denotes, accessed as `access` says, given the type the context expects of it
    /// (a lambda's delegate, a target-typed `new`, `default`); a value's type is recorded.
    pub(super) fn infer_val(&mut self, expr: ExprId, access: Access, expected: Option<&Ty>) -> Val {
        let val = self.denotation(expr, access, expected);
        if let Val::Value(ty) = &val
            && *ty != Ty::Unknown
        {
            self.expr_tys.push((expr, ty.clone()));
        }
        val
    }

    /// [`Ctx::infer_val`] before recording: each kind of expression is bound by the module of its
    /// concern.
    // ~150 lines: one flat arm per `Expr` kind, each a line or a call into its concern's module.
    fn denotation(&mut self, expr: ExprId, access: Access, expected: Option<&Ty>) -> Val {
        let db = self.db;
        match &self.body.exprs[expr] {
            Expr::Missing | Expr::Throw(_) if matches!(self.body.exprs[expr], Expr::Missing) => {
                Val::Unknown
            }
            Expr::Throw(e) => {
                self.infer_expr(*e, None);
                Val::Unknown
            }
            Expr::Literal(lit) => Val::Value(literal_ty(db, *lit)),
            Expr::Local(local) => {
                if self.body.locals[*local].kind == LocalKind::LocalFunction {
                    return Val::Unknown;
                }
                Val::Value(self.local_ty(*local))
            }
            Expr::Name { name, type_args } => {
                let type_args: Vec<Ty> =
                    type_args.iter().map(|t| self.resolver.resolve(t)).collect();
                self.resolve_name(expr, name, type_args, access)
            }
            Expr::Type(tr) => Val::Type(self.resolver.resolve(tr)),
            Expr::Member {
                receiver,
                name,
                type_args,
                ..
            } => self.infer_member_access(expr, *receiver, name, type_args, access),
            Expr::Invoke { callee, args } => self.infer_invoke(*callee, args),
            Expr::Index { receiver, args } => self.infer_index(expr, *receiver, args, access),
            Expr::New {
                ty,
                args,
                initializer,
            } => Val::Value(self.infer_new_expr(expr, ty.as_ref(), args, initializer, expected)),
            Expr::InitMember { value, .. } => {
                self.infer_expr(*value, None);
                Val::Unknown
            }
            Expr::With {
                receiver,
                initializer,
            } => {
                let ty = self.infer_expr(*receiver, None);
                self.infer_initializer(&ty, initializer);
                Val::Value(ty)
            }
            Expr::NestedInitializer(items) => {
                for &item in items {
                    self.infer_expr(item, None);
                }
                Val::Unknown
            }
            Expr::PropertyPattern { ty, subpatterns } => {
                self.infer_property_pattern(ty.as_ref(), subpatterns);
                Val::Unknown
            }
            Expr::PositionalPattern { ty, elements } => {
                self.infer_positional_pattern(expr, ty.as_ref(), elements);
                Val::Unknown
            }
            Expr::PatternVar(local) => Val::Value(self.infer_pattern_var(*local)),
            Expr::Deconstruction(elements) => {
                for &e in elements {
                    self.infer_expr(e, None);
                }
                Val::Unknown
            }
            Expr::ListPattern(elements) => {
                self.infer_list_pattern(expr, elements);
                Val::Unknown
            }
            Expr::Switch { scrutinee, arms } => {
                Val::Value(self.infer_switch(*scrutinee, arms, expected))
            }
            Expr::ImplicitReceiver => Val::Value(self.implicit_receiver()),
            Expr::CtorInitializer { is_base, args } => {
                self.infer_ctor_initializer(expr, *is_base, args);
                Val::Unknown
            }
            Expr::ImplicitBaseCtor => {
                self.infer_implicit_base_ctor(expr);
                Val::Unknown
            }
            Expr::ArrayNew {
                elem,
                sizes,
                elements,
            } => Val::Value(self.infer_array_new(elem.as_ref(), sizes, elements)),
            Expr::AnonymousObject { members } => {
                let members = members
                    .iter()
                    .map(|(name, e)| (name.clone(), self.infer_expr(*e, None)))
                    .collect();
                Val::Value(Ty::Anonymous(members))
            }
            Expr::Assign { op, lhs, rhs } => Val::Value(self.infer_assign(expr, *op, *lhs, *rhs)),
            Expr::Binary { op, lhs, rhs } => {
                Val::Value(self.infer_binary(expr, op, *lhs, *rhs, expected))
            }
            Expr::Unary { op, operand } => Val::Value(self.infer_unary(expr, op, *operand)),
            Expr::Cast { ty, expr: inner } => Val::Value(self.infer_cast(expr, ty, *inner)),
            Expr::As { expr: inner, ty } => {
                self.infer_expr(*inner, None);
                Val::Value(self.resolver.resolve(ty))
            }
            Expr::Is {
                expr: inner,
                rest,
                binding,
                ..
            } => Val::Value(self.infer_is(*inner, *binding, rest)),
            Expr::Conditional { cond, then, else_ } => {
                Val::Value(self.infer_conditional(*cond, *then, *else_, expected))
            }
            Expr::Await(inner) => {
                let ty = self.infer_expr(*inner, None);
                Val::Value(self.awaited(&ty))
            }
            Expr::Lambda { .. } => {
                self.infer_lambda_expr(expr, expected);
                Val::Unknown
            }
            Expr::This => Val::Value(self.self_ty.clone()),
            Expr::Base => base_class_of(&self.sdb, &self.self_ty).map_or(Val::Unknown, Val::Value),
            Expr::TypeOf(_) => Val::Value(Ty::known(db, KnownType::Type)),
            Expr::Default(ty) => match ty {
                Some(t) => Val::Value(self.resolver.resolve(t)),
                None => expected.cloned().map_or(Val::Unknown, Val::Value),
            },
            Expr::NameOf => Val::Value(Ty::known(db, KnownType::String)),
            Expr::Tuple { elements, .. } => {
                let tys = elements.iter().map(|&e| self.infer_expr(e, None)).collect();
                Val::Value(Ty::Tuple(tys))
            }
            Expr::InterpolatedString(parts) => {
                for &e in parts {
                    self.infer_expr(e, None);
                }
                Val::Value(Ty::known(db, KnownType::String))
            }
            Expr::Declaration(local) => Val::Value(self.local_ty(*local)),
            Expr::Other(children) => {
                for &e in children {
                    self.infer_expr(e, None);
                }
                Val::Unknown
            }
            Expr::Missing => Val::Unknown,
            Expr::MisreadCreation { name } => {
                self.unresolved(expr, name.clone(), UnresolvedReason::MisreadSyntax);
                Val::Unknown
            }
        }
    }
}

fn literal_ty(db: &dyn Db, lit: Literal) -> Ty {
    use KnownType::*;
    Ty::known(
        db,
        match lit {
            Literal::Int(v) if v <= i32::MAX as u64 => Int32,
            Literal::Int(v) if v <= u32::MAX as u64 => UInt32,
            Literal::Int(v) if v <= i64::MAX as u64 => Int64,
            Literal::Int(_) => UInt64,
            Literal::Long => Int64,
            Literal::UInt => UInt32,
            Literal::ULong => UInt64,
            Literal::Double => Double,
            Literal::Float => Single,
            Literal::Decimal => Decimal,
            Literal::Bool(_) => Boolean,
            Literal::Char(_) => Char,
            Literal::String => String,
            Literal::Null => return null_ty(),
        },
    )
}
