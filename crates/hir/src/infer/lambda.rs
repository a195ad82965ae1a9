//! Lambdas: bound against their target delegate's parameter types, what their bodies give back
//! (before binding, for overload resolution), and speculative typing for method type inference.

use smol_str::SmolStr;

use super::{Ctx, Frame, conversion::is_null, known, overload::LambdaReturn};
use crate::lookup::lookup_members;
use crate::{
    body::{Expr, ExprId, Part, Stmt, StmtId},
    library::KnownType,
    symbols::{MemberId, member_signature},
    ty::Ty,
};

impl Ctx<'_> {
    /// The type a lambda's body gives with these parameter types, leaving no trace: everything the
    /// pass recorded (sites, unresolved entries, field accesses, synthesized and omitted calls,
    /// expression and local types, tuple names, library field reads, pending method groups) is put
    /// back as it was, since other parameter types may bind the body otherwise (the lambda is bound
    /// for real once its call is). Nested speculation is bounded: each level may try every overload
    /// again.
    pub(super) fn speculative_lambda(&mut self, lambda: ExprId, params: &[Ty]) -> Option<Ty> {
        let key = (lambda, params.to_vec());
        if let Some(result) = self.lambda_results.get(&key) {
            return result.clone();
        }
        if self.speculation_depth >= 3 {
            return None;
        }
        self.speculation_depth += 1;
        let sites = self.result.sites.len();
        let unresolved = self.result.unresolved.len();
        let fields = self.result.field_accesses.len();
        let expr_tys = self.expr_tys.len();
        let pending = self.pending_groups.len();
        // Small per body, and edited in place (an omitted call removes what it holds): copied.
        let synthesized = self.result.synthesized.clone();
        let omitted = self.result.omitted.clone();
        let locals = self.local_tys.clone();
        let tuple_names = self.local_tuple_names.clone();
        let tuple_inits = self.tuple_inits.clone();
        let library_fields = self.library_fields.clone();
        let result = self.infer_lambda(lambda, params, None);
        self.result.sites.truncate(sites);
        self.result.unresolved.truncate(unresolved);
        self.result.field_accesses.truncate(fields);
        self.result.synthesized = synthesized;
        self.result.omitted = omitted;
        self.expr_tys.truncate(expr_tys);
        self.pending_groups.truncate(pending);
        self.local_tys = locals;
        self.local_tuple_names = tuple_names;
        self.tuple_inits = tuple_inits;
        self.library_fields = library_fields;
        self.speculation_depth -= 1;
        self.lambda_results.insert(key, result.clone());
        result
    }

    /// What a lambda body gives back, without binding it (see [`LambdaReturn`]). An expression body
    /// counts as `void` only when it calls a method of the enclosing types by its simple name and every
    /// method of that name returns `void`.
    pub(super) fn lambda_return(&self, body: StmtId) -> LambdaReturn {
        match &self.body.stmts[body] {
            Stmt::Return(Some(expr)) => match &self.body.exprs[*expr] {
                Expr::Invoke { callee, .. } => match &self.body.exprs[*callee] {
                    Expr::Name { name, .. } => self.simple_name_return(name),
                    // `(t, args) => entryAction()` with `Action entryAction`: the delegate's result.
                    Expr::Local(local) => match &self.body.locals[*local].ty {
                        Some(declared) => {
                            match known::delegate_shape(&self.sdb, &self.resolver.resolve(declared))
                            {
                                Some((_, ret)) if ret.is_known(self.db, KnownType::Void) => {
                                    LambdaReturn::Void
                                }
                                Some((_, Ty::Unknown)) | None => LambdaReturn::Unknown,
                                Some(_) => LambdaReturn::ExpressionValue,
                            }
                        }
                        None => LambdaReturn::Unknown,
                    },
                    _ => LambdaReturn::Unknown,
                },
                Expr::Assign { .. } | Expr::Unary { .. } | Expr::New { .. } => {
                    LambdaReturn::ExpressionValue
                }
                Expr::Literal(_)
                | Expr::Binary { .. }
                | Expr::Local(_)
                | Expr::Member { .. }
                | Expr::Await(_) => LambdaReturn::ExpressionValue,
                _ => LambdaReturn::Unknown,
            },
            Stmt::Block(stmts) => {
                if stmts.iter().any(|&s| self.returns_value(s)) {
                    LambdaReturn::BlockValue
                } else if stmts
                    .last()
                    .is_some_and(|&s| matches!(self.body.stmts[s], Stmt::Throw(_)))
                {
                    LambdaReturn::Throws
                } else {
                    LambdaReturn::Void
                }
            }
            _ => LambdaReturn::Unknown,
        }
    }

    /// Whether a statement (not a nested lambda or local function) holds `return expr;`.
    pub(super) fn is_block(&self, stmt: StmtId) -> bool {
        matches!(self.body.stmts[stmt], Stmt::Block(_))
    }

    pub(super) fn returns_value(&self, stmt: StmtId) -> bool {
        match &self.body.stmts[stmt] {
            Stmt::Return(value) => value.is_some(),
            Stmt::Block(stmts) => stmts.iter().any(|&s| self.returns_value(s)),
            Stmt::Foreach { body, .. } => body.is_some_and(|b| self.returns_value(b)),
            Stmt::Compound(parts) => self.parts_return_value(parts),
            Stmt::Expr(e) => match &self.body.exprs[*e] {
                Expr::Switch { arms, .. } => self.parts_return_value(arms),
                _ => false,
            },
            Stmt::Let { .. }
            | Stmt::LocalFunction { .. }
            | Stmt::YieldReturn(_)
            | Stmt::Throw(_)
            | Stmt::Missing => false,
        }
    }

    pub(super) fn parts_return_value(&self, parts: &[Part]) -> bool {
        parts
            .iter()
            .any(|p| matches!(p, Part::Stmt(s) if self.returns_value(*s)))
    }

    pub(super) fn simple_name_return(&self, name: &SmolStr) -> LambdaReturn {
        let found = lookup_members(&self.sdb, &self.self_ty, name);
        let methods: Vec<MemberId> = found
            .groups
            .iter()
            .flat_map(|(_, members)| members.iter().copied())
            .collect();
        if methods.is_empty() {
            return LambdaReturn::Unknown;
        }
        let void = Ty::known(self.db, KnownType::Void);
        let returns: Vec<bool> = methods
            .iter()
            .map(|&m| {
                member_signature(self.db, m)
                    .ty
                    .as_ref()
                    .is_some_and(|t| *t != void)
            })
            .collect();
        if returns.iter().all(|&r| !r) {
            LambdaReturn::Void
        } else if returns.iter().all(|&r| r) {
            LambdaReturn::ExpressionValue
        } else {
            LambdaReturn::Unknown
        }
    }

    /// Infers a lambda's body with its parameters typed; returns the type of what it returns.
    pub(super) fn infer_lambda(
        &mut self,
        lambda: ExprId,
        param_tys: &[Ty],
        ret: Option<Ty>,
    ) -> Option<Ty> {
        let Expr::Lambda {
            params,
            body,
            is_async,
        } = &self.body.exprs[lambda]
        else {
            return None;
        };
        for (i, &local) in params.iter().enumerate() {
            if self.body.locals[local].ty.is_none() {
                self.local_tys
                    .insert(local, param_tys.get(i).cloned().unwrap_or(Ty::Unknown));
            }
        }
        let expected = ret.map(|r| {
            if *is_async {
                known::unwrap_task(self.db, &r)
            } else {
                r
            }
        });
        self.frames.push(Frame {
            expected,
            returns: Vec::new(),
        });
        self.infer_stmt(*body);
        let frame = self.frames.pop()?;
        // A body of type `void` (`() => action()`) has no inferred return type (C# §12.6.3.13): it
        // fixes no type argument, and `Func<.., TResult>` does not take it; it is typed `void`, which
        // converts to nothing (an unknown body gives `None`).
        let void = Ty::known(self.db, KnownType::Void);
        let gives_void = frame.returns.contains(&void);
        let result = frame
            .returns
            .into_iter()
            .find(|t| *t != Ty::Unknown && !is_null(t) && *t != void);
        let result = match result {
            Some(result) => result,
            None if gives_void && !*is_async => return Some(void),
            None => return None,
        };
        Some(if *is_async {
            KnownType::TaskOfT.ty(self.db, vec![result])
        } else {
            result
        })
    }

    /// A lambda used as a value: bound against the delegate type the context expects, if any.
    pub(super) fn infer_lambda_expr(&mut self, expr: ExprId, expected: Option<&Ty>) {
        let shape = expected.and_then(|t| known::delegate_shape(&self.sdb, t));
        let (params, ret) = shape.map_or((Vec::new(), None), |(p, r)| (p, Some(r)));
        self.infer_lambda(expr, &params, ret);
    }
}
