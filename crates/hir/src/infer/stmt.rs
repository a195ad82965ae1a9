//! Statements: locals declared with their initializers' types, `return` and `yield return` against
//! the enclosing function's result, `foreach` (its enumeration calls in `pattern_based.rs`), local
//! functions, and the parts of compound statements.

use super::{Ctx, Frame, known};
use crate::{
    body::{Part, Stmt, StmtId},
    ty::Ty,
};

impl Ctx<'_> {
    pub(super) fn infer_stmt(&mut self, stmt: StmtId) {
        match &self.body.stmts[stmt] {
            Stmt::Expr(e) | Stmt::Throw(Some(e)) => {
                self.infer_expr(*e, None);
            }
            Stmt::Throw(None) => {}
            Stmt::Let { local, init } => {
                let declared = self.body.locals[*local]
                    .ty
                    .as_ref()
                    .map(|t| self.resolver.resolve(t));
                let init_ty = init.map(|e| (e, self.infer_expr(e, declared.as_ref())));
                let ty = match (declared, init_ty) {
                    (Some(d), Some((e, it))) => {
                        self.coerce(e, &it, &d);
                        d
                    }
                    (Some(d), None) => d,
                    (None, Some((_, it))) => it,
                    (None, None) => Ty::Unknown,
                };
                if self.body.locals[*local].ty.is_none()
                    && let Some(init) = *init
                    && matches!(ty, Ty::Tuple(_))
                {
                    if let Some(names) = self.tuple_names(init) {
                        self.local_tuple_names.insert(*local, names);
                    }
                    self.tuple_inits.insert(*local, init);
                }
                self.local_tys.insert(*local, ty);
            }
            Stmt::Foreach {
                local,
                deconstruction,
                source,
                body,
                enumeration,
            } => {
                let source_ty = self.infer_expr(*source, None);
                let elem = enumeration
                    .and_then(|e| self.bind_enumeration(*source, &source_ty, e))
                    .unwrap_or_else(|| super::pattern_based::element_type(&self.sdb, &source_ty));
                if let Some(local) = *local
                    && self.body.locals[local].ty.is_none()
                {
                    self.local_tys.insert(local, elem);
                } else if let Some(target) = *deconstruction {
                    self.deconstruct(target, &elem);
                }
                if let Some(body) = body {
                    self.infer_stmt(*body);
                }
            }
            Stmt::Block(stmts) => {
                for &s in stmts {
                    self.infer_stmt(s);
                }
            }
            Stmt::Return(e) => {
                let expected = self.frames.last().and_then(|f| f.expected.clone());
                if let Some(e) = e {
                    let ty = self.infer_expr(*e, expected.as_ref());
                    if let Some(expected) = &expected {
                        self.coerce(*e, &ty, expected);
                    }
                    if let Some(frame) = self.frames.last_mut() {
                        frame.returns.push(ty);
                    }
                }
            }
            Stmt::YieldReturn(e) => {
                let expected = self
                    .frames
                    .last()
                    .and_then(|f| f.expected.as_ref())
                    .and_then(|t| known::iterator_element(self.db, t));
                let ty = self.infer_expr(*e, expected.as_ref());
                if let Some(expected) = &expected {
                    self.coerce(*e, &ty, expected);
                }
            }
            Stmt::LocalFunction { local, body, .. } => {
                let expected = self.local_fn_returns.get(*local).cloned();
                if let Some(body) = body {
                    self.frames.push(Frame {
                        expected,
                        returns: Vec::new(),
                    });
                    self.infer_stmt(*body);
                    self.frames.pop();
                }
            }
            Stmt::Compound(parts) => self.infer_parts(parts),
            Stmt::Missing => {}
        }
    }

    pub(super) fn infer_parts(&mut self, parts: &[Part]) {
        for part in parts {
            match *part {
                Part::Expr(e) => {
                    let ty = self.infer_expr(e, None);
                    if self.body.is_condition(e) {
                        self.boolean_expression(e, &ty);
                    }
                }
                Part::Stmt(s) => self.infer_stmt(s),
            }
        }
    }
}
