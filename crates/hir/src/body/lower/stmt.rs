//! Statements: blocks with their scopes, local declarations and functions, `foreach` with its
//! implicit enumeration calls, and the parts of compound statements (loops, `try`, `switch`, …)
//! in order.

use syntax::{
    Field, HasField, SyntaxElement, SyntaxKind, SyntaxNode, TextRange,
    ast::{self, AstElement, AstNode, Expression, Pattern, Statement},
};

use super::{Ctx, Expr, ExprId, LocalKind, Stmt, StmtId, field, identifier, lower_type};
use crate::{
    body::{AssignOp, Enumeration, Part},
    item_tree::lower::element_text,
    type_ref::TypeRef,
};

impl Ctx {
    /// A block, or `=> expr` (as a return of the expression).
    pub(super) fn lower_function_body(&mut self, body: &SyntaxNode) -> StmtId {
        if let Some(arrow) = ast::ArrowExpressionClause::cast(body.clone()) {
            let Some(expr) = super::first_expr(arrow.syntax()) else {
                return self.alloc_stmt(Stmt::Missing);
            };
            let expr = self.lower_expr(&expr);
            return self.alloc_stmt(Stmt::Return(Some(expr)));
        }
        self.lower_stmt_one(&SyntaxElement::Node(body.clone()))
    }

    /// One statement as one [`StmtId`] (a declaration of several variables as a block).
    pub(super) fn lower_stmt_one(&mut self, element: &SyntaxElement) -> StmtId {
        let mut out = Vec::new();
        self.lower_stmt(element, &mut out);
        match out.as_slice() {
            [one] => *one,
            _ => self.alloc_stmt(Stmt::Block(out)),
        }
    }

    pub(super) fn lower_stmt(&mut self, element: &SyntaxElement, out: &mut Vec<StmtId>) {
        let Some(node) = element.as_node() else {
            // A statement position holding a bare expression token (`yield return x` keeps it inline).
            if Expression::can_cast_element(element.kind()) {
                let expr = self.lower_expr(element);
                out.push(self.alloc_stmt(Stmt::Expr(expr)));
            }
            return;
        };
        let stmt = match Statement::cast_element(element.clone()) {
            Some(Statement::Block(block)) => self.lower_block(&block),
            Some(Statement::LocalDeclarationStatement(decl)) => {
                // `const int x = 1;`: a constant, whose value binding needs (§10.2.11).
                let kind = if node
                    .children_with_tokens()
                    .any(|c| c.kind() == SyntaxKind::MODIFIER && element_text(&c) == "const")
                {
                    LocalKind::Constant
                } else {
                    LocalKind::Variable
                };
                if let Some(decl) = decl.variable_declaration() {
                    self.lower_variable_declaration(&decl, kind, out);
                }
                return;
            }
            Some(Statement::ExpressionStatement(_)) => {
                let expr = self.lower_first_expr(node);
                self.alloc_stmt(Stmt::Expr(expr))
            }
            Some(Statement::ReturnStatement(_)) => {
                let expr = super::first_expr(node).map(|e| self.lower_expr(&e));
                self.alloc_stmt(Stmt::Return(expr))
            }
            Some(Statement::ForeachStatement(foreach)) => self.lower_foreach(&foreach),
            Some(Statement::LocalFunctionStatement(function)) => {
                match self.lower_local_function(&function) {
                    Some(stmt) => stmt,
                    None => return,
                }
            }
            Some(Statement::YieldStatement(_))
                if node
                    .children_with_tokens()
                    .any(|c| c.kind() == SyntaxKind::RETURN_KW) =>
            {
                let expr = self.lower_first_expr(node);
                self.alloc_stmt(Stmt::YieldReturn(expr))
            }
            Some(Statement::SwitchStatement(switch)) => self.lower_switch(&switch),
            Some(Statement::ThrowStatement(_)) => {
                let expr = super::first_expr(node).map(|e| self.lower_expr(&e));
                self.alloc_stmt(Stmt::Throw(expr))
            }
            Some(Statement::IfStatement(if_)) => self.lower_if(&if_),
            _ => {
                // Loops, `using`, `lock`, `try`, `yield`, `throw`, …: their parts in order, in a
                // scope of their own.
                let parts = self.scoped(|ctx| {
                    let mut parts = Vec::new();
                    ctx.lower_parts(node, &mut parts);
                    parts
                });
                self.alloc_stmt(Stmt::Compound(parts))
            }
        };
        out.push(stmt);
    }

    fn lower_block(&mut self, block: &ast::Block) -> StmtId {
        let stmts = self.scoped(|ctx| {
            ctx.declare_local_functions(block.syntax());
            let mut stmts = Vec::new();
            for child in block.syntax().children_with_tokens() {
                if Statement::can_cast_element(child.kind()) {
                    ctx.lower_stmt(&child, &mut stmts);
                }
            }
            stmts
        });
        self.alloc_stmt(Stmt::Block(stmts))
    }

    fn lower_foreach(&mut self, foreach: &ast::ForeachStatement) -> StmtId {
        let node = foreach.syntax();
        let source = self.lower_opt(node, Field::Right);
        let enumeration = self.enumeration_sites(node);
        self.scoped(|ctx| {
            let ty = field(node, Field::Type).map(|t| lower_type(&t));
            let left = field(node, Field::Left);
            let misread = left
                .as_ref()
                .filter(|_| ty.is_none())
                .and_then(super::foreach_types::misread_declaration);
            let (local, deconstruction) = match (misread, left) {
                (Some((ty, name)), _) => (
                    Some(ctx.declare(identifier(&name), Some(ty), LocalKind::Element)),
                    None,
                ),
                (None, Some(left)) if left.kind() == SyntaxKind::IDENTIFIER => (
                    Some(ctx.declare(identifier(&left), ty, LocalKind::Element)),
                    None,
                ),
                // `foreach (var (k, v) in ...)`, `foreach ((string k, var v) in ...)`.
                (None, Some(SyntaxElement::Node(pattern))) => {
                    (None, ctx.lower_deconstruction_target(&pattern))
                }
                _ => (None, None),
            };
            let body = field(node, Field::Body).map(|b| ctx.lower_stmt_one(&b));
            ctx.alloc_stmt(Stmt::Foreach {
                local,
                deconstruction,
                source,
                body,
                enumeration,
            })
        })
    }

    /// The placeholders of a `foreach` statement's implicit calls: `in` for `MoveNext`, the iteration
    /// variable (with its type) for `Current`.
    fn enumeration_sites(&mut self, node: &SyntaxNode) -> Option<Enumeration> {
        let in_kw = node
            .children_with_tokens()
            .find(|c| c.kind() == SyntaxKind::IN_KW)?
            .text_range();
        let left = field(node, Field::Left).map_or(in_kw, |l| l.text_range());
        let variable = match field(node, Field::Type) {
            Some(ty) => TextRange::new(ty.text_range().start(), left.end()),
            None => left,
        };
        let is_await = node
            .children_with_tokens()
            .any(|c| c.kind() == SyntaxKind::AWAIT_KW);
        Some(Enumeration {
            move_next: self.alloc_expr(Expr::Missing, in_kw, in_kw),
            current: self.alloc_expr(Expr::Missing, variable, variable),
            is_await,
        })
    }

    fn lower_local_function(&mut self, function: &ast::LocalFunctionStatement) -> Option<StmtId> {
        let node = function.syntax();
        let name = identifier(&field(node, Field::Name)?);
        let local = self
            .lookup(&name)
            .unwrap_or_else(|| self.declare(name, None, LocalKind::LocalFunction));
        let return_ty = field(node, Field::Type).map(|t| lower_type(&t));
        let stmt = self.scoped(|ctx| {
            let params = field(node, Field::Parameters)
                .and_then(SyntaxElement::into_node)
                .map(|list| ctx.declare_params(&list, LocalKind::Param))
                .unwrap_or_default();
            let body = field(node, Field::Body)
                .and_then(SyntaxElement::into_node)
                .map(|b| ctx.lower_function_body(&b));
            Stmt::LocalFunction {
                local,
                params,
                return_ty,
                generic: field(node, Field::TypeParameters).is_some(),
                body,
            }
        });
        Some(self.alloc_stmt(stmt))
    }

    /// A `switch` statement, as a `switch` expression whose arms are its sections.
    fn lower_switch(&mut self, switch: &ast::SwitchStatement) -> StmtId {
        let node = switch.syntax();
        let scrutinee = self.lower_opt(node, Field::Value);
        let arms = self.scoped(|ctx| {
            let mut parts = Vec::new();
            if let Some(body) = field(node, Field::Body).and_then(SyntaxElement::into_node) {
                ctx.lower_parts(&body, &mut parts);
            }
            parts
        });
        let range = node.text_range();
        let expr = self.alloc_expr(Expr::Switch { scrutinee, arms }, range, range);
        self.alloc_stmt(Stmt::Expr(expr))
    }

    fn lower_if(&mut self, if_: &ast::IfStatement) -> StmtId {
        let node = if_.syntax();
        // Variables the condition declares (`if (!TryGet(out var x)) return;`) stay in scope
        // after the `if`, in the enclosing block; each branch has a scope of its own.
        let mut parts = Vec::new();
        if let Some(condition) = field(node, Field::Condition) {
            parts.push(Part::Expr(self.lower_condition(&condition)));
        }
        for branch in [Field::Consequence, Field::Alternative] {
            if let Some(branch) = field(node, branch) {
                let stmt = self.scoped(|ctx| ctx.lower_stmt_one(&branch));
                parts.push(Part::Stmt(stmt));
            }
        }
        self.alloc_stmt(Stmt::Compound(parts))
    }

    /// A statement's condition, recorded in [`Body::conditions`].
    fn lower_condition(&mut self, condition: &SyntaxElement) -> ExprId {
        let expr = self.lower_expr(condition);
        let conditions = &mut self.body.conditions;
        conditions.insert(conditions.partition_point(|&c| c < expr), expr);
        expr
    }

    /// Local functions are in scope in their whole block, also before their declaration.
    pub(super) fn declare_local_functions(&mut self, block: &SyntaxNode) {
        for function in block
            .children()
            .filter_map(ast::LocalFunctionStatement::cast)
        {
            if let Some(name) = field(function.syntax(), Field::Name) {
                self.declare(identifier(&name), None, LocalKind::LocalFunction);
            }
        }
    }

    /// The statements, patterns and expressions among `node`'s children, in order, looking
    /// through the other nodes; sections, catch clauses and switch arms get a scope of their own.
    pub(super) fn lower_parts(&mut self, node: &SyntaxNode, parts: &mut Vec<Part>) {
        for child in node.children_with_tokens() {
            let kind = child.kind();
            if matches!(child.field(), Some(Field::Name | Field::Type)) && kind != SyntaxKind::BLOCK
            {
                continue;
            }
            if Statement::can_cast_element(kind) {
                let mut stmts = Vec::new();
                self.lower_stmt(&child, &mut stmts);
                parts.extend(stmts.into_iter().map(Part::Stmt));
            } else if Pattern::can_cast_element(kind) {
                self.lower_pattern(&child, parts);
            } else if Expression::can_cast_element(kind) && child.field() == Some(Field::Condition)
            {
                parts.push(Part::Expr(self.lower_condition(&child)));
            } else if Expression::can_cast_element(kind) {
                parts.push(Part::Expr(self.lower_expr(&child)));
            } else if let Some(child) = child.as_node() {
                match kind {
                    SyntaxKind::VARIABLE_DECLARATION => {
                        let mut stmts = Vec::new();
                        if let Some(decl) = ast::VariableDeclaration::cast(child.clone()) {
                            self.lower_variable_declaration(&decl, LocalKind::Variable, &mut stmts);
                        }
                        parts.extend(stmts.into_iter().map(Part::Stmt));
                    }
                    SyntaxKind::CATCH_DECLARATION => {
                        if let Some(name) = field(child, Field::Name) {
                            let ty = field(child, Field::Type).map(|t| lower_type(&t));
                            self.declare(identifier(&name), ty, LocalKind::Catch);
                        }
                    }
                    SyntaxKind::SWITCH_SECTION => {
                        let inner = self.lower_switch_section(child);
                        parts.push(Part::Stmt(self.alloc_stmt(Stmt::Compound(inner))));
                    }
                    SyntaxKind::CATCH_CLAUSE | SyntaxKind::SWITCH_EXPRESSION_ARM => {
                        let inner = self.scoped(|ctx| {
                            let mut inner = Vec::new();
                            ctx.lower_parts(child, &mut inner);
                            inner
                        });
                        parts.push(Part::Stmt(self.alloc_stmt(Stmt::Compound(inner))));
                    }
                    _ => self.lower_parts(child, parts),
                }
            }
        }
    }

    /// A section of a `switch` statement in a scope of its own, for the pattern variables of its
    /// labels; the locals its statements declare are in scope in the whole switch block (§13.8.3),
    /// so a later section may assign and use them (`case A: JValue v = ..; case B: v = ..;`).
    fn lower_switch_section(&mut self, section: &SyntaxNode) -> Vec<Part> {
        self.scopes.push(Vec::new());
        let mut inner = Vec::new();
        self.lower_parts(section, &mut inner);
        let declared = self.scopes.pop().unwrap_or_default();
        let locals = &self.body.locals;
        let block_wide = declared.into_iter().filter(|(_, id)| {
            matches!(
                locals[*id].kind,
                LocalKind::Variable | LocalKind::Constant | LocalKind::LocalFunction
            )
        });
        if let Some(block) = self.scopes.last_mut() {
            block.extend(block_wide);
        }
        inner
    }

    /// `T a = x, b;` as a `let` per variable; `var (a, b) = value;` as a deconstructing assignment.
    pub(super) fn lower_variable_declaration(
        &mut self,
        decl: &ast::VariableDeclaration,
        kind: LocalKind,
        out: &mut Vec<StmtId>,
    ) {
        // A ref local (`ref var e = ref slots[0];`, C# 7) is a variable of the referenced type.
        let ty = field(decl.syntax(), Field::Type).map(|t| match lower_type(&t) {
            TypeRef::Ref(referenced) => *referenced,
            other => other,
        });
        for declarator in decl.variable_declarators() {
            let init = declarator
                .expression()
                .map(|e| self.lower_expr(&e.syntax_element()));
            match field(declarator.syntax(), Field::Name) {
                Some(name) if name.kind() == SyntaxKind::IDENTIFIER => {
                    let local = self.declare(identifier(&name), ty.clone(), kind);
                    out.push(self.alloc_stmt(Stmt::Let { local, init }));
                }
                _ => {
                    // `var (a, b) = value;`
                    let target = declarator
                        .tuple_pattern()
                        .and_then(|p| self.lower_deconstruction_target(p.syntax()));
                    let expr = match (target, init) {
                        (Some(lhs), Some(rhs)) => {
                            let range = declarator.syntax().text_range();
                            let focus = self.map.exprs[lhs].focus;
                            self.alloc_expr(
                                Expr::Assign {
                                    op: AssignOp::Plain,
                                    lhs,
                                    rhs,
                                },
                                range,
                                focus,
                            )
                        }
                        (target, init) => match target.or(init) {
                            Some(expr) => expr,
                            None => continue,
                        },
                    };
                    out.push(self.alloc_stmt(Stmt::Expr(expr)));
                }
            }
        }
    }
}
