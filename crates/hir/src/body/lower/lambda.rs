//! Lambdas and anonymous methods: their parameters in a scope of their own, and the body (a block,
//! or an expression as its return).

use syntax::{
    Field, SyntaxElement, SyntaxKind, SyntaxNode,
    ast::{self, AstNode},
};

use super::{Ctx, Expr, LocalKind, Stmt, field, identifier};
use crate::item_tree::lower::element_text;

impl Ctx {
    /// `async (a, b) => ..`, `x => ..`, `delegate (int a) { .. }`.
    pub(super) fn lower_lambda(&mut self, node: &SyntaxNode) -> Expr {
        // `async` is a modifier token of the lambda.
        let is_async = node
            .children_with_tokens()
            .any(|c| c.kind() == SyntaxKind::MODIFIER && element_text(&c) == "async");
        self.scopes.push(Vec::new());
        let params = match field(node, Field::Parameters) {
            Some(SyntaxElement::Node(list)) => self.declare_params(&list, LocalKind::LambdaParam),
            Some(token) => vec![self.declare(identifier(&token), None, LocalKind::LambdaParam)],
            None => Vec::new(),
        };
        // An anonymous method's block has no field.
        let body = field(node, Field::Body).or_else(|| {
            node.children()
                .find_map(ast::Block::cast)
                .map(|b| SyntaxElement::Node(b.syntax().clone()))
        });
        let body = match body {
            Some(SyntaxElement::Node(b)) if b.kind() == SyntaxKind::BLOCK => {
                self.lower_stmt_one(&SyntaxElement::Node(b))
            }
            Some(e) => {
                let expr = self.lower_expr(&e);
                self.alloc_stmt(Stmt::Return(Some(expr)))
            }
            None => self.alloc_stmt(Stmt::Missing),
        };
        self.scopes.pop();
        Expr::Lambda {
            params,
            body,
            is_async,
        }
    }
}
