//! The left side of a deconstruction (`var (a, b) = ..`, `(x, y) = ..`, `foreach (var (k, v) in
//! ..)`): the variables it declares and the places it assigns.

use syntax::{
    Field, SyntaxElement, SyntaxKind, SyntaxNode,
    ast::{self, AstNode},
};

use super::{Ctx, Expr, ExprId, LocalKind, field, identifier, pattern::argument_value};

impl Ctx {
    /// The left side of a deconstruction: `(a, b)` / `(a, (b, _))` of a `var (..)` designation, or
    /// a tuple expression assigned to (`(x, y) = ..`, `(int a, var b) = ..`); `None` for anything
    /// else. Declares the variables it designates.
    pub(super) fn lower_deconstruction_target(&mut self, node: &SyntaxNode) -> Option<ExprId> {
        let range = node.text_range();
        let elements = match node.kind() {
            SyntaxKind::TUPLE_PATTERN => node
                .children_with_tokens()
                .filter_map(|child| match child.kind() {
                    SyntaxKind::IDENTIFIER => {
                        let local = self.declare(identifier(&child), None, LocalKind::Variable);
                        let r = child.text_range();
                        Some(self.alloc_expr(Expr::Declaration(local), r, r))
                    }
                    SyntaxKind::DISCARD => {
                        let r = child.text_range();
                        Some(self.alloc_expr(Expr::Missing, r, r))
                    }
                    SyntaxKind::TUPLE_PATTERN => self.lower_deconstruction_target(child.as_node()?),
                    _ => None,
                })
                .collect(),
            SyntaxKind::TUPLE_EXPRESSION => node
                .children()
                .filter_map(ast::Argument::cast)
                .map(|arg| self.lower_tuple_target_element(&arg))
                .collect(),
            // `(var (a, b), c) = ..`: tree-sitter reads the element as a call of `var`; a method
            // named `var` cannot be assigned to, so it is the designation.
            SyntaxKind::INVOCATION_EXPRESSION => {
                let function = field(node, Field::Function)?;
                if function.kind() != SyntaxKind::IDENTIFIER || identifier(&function) != "var" {
                    return None;
                }
                let list = field(node, Field::Arguments).and_then(SyntaxElement::into_node)?;
                return self.lower_var_designation(&list);
            }
            // `var (a, b)` as an element of a tuple: `(var (a, b), c) = ..`.
            SyntaxKind::DECLARATION_EXPRESSION => {
                let pattern = node
                    .children()
                    .find(|c| c.kind() == SyntaxKind::TUPLE_PATTERN)?;
                return self.lower_deconstruction_target(&pattern);
            }
            _ => return None,
        };
        Some(self.alloc_expr(Expr::Deconstruction(elements), range, range))
    }

    /// An element of a tuple assigned to: a nested target, a discard, or a place.
    fn lower_tuple_target_element(&mut self, arg: &ast::Argument) -> ExprId {
        let Some(element) = argument_value(arg) else {
            return self.missing(arg.syntax());
        };
        let nested = element
            .as_node()
            .filter(|n| {
                matches!(
                    n.kind(),
                    SyntaxKind::TUPLE_EXPRESSION
                        | SyntaxKind::DECLARATION_EXPRESSION
                        | SyntaxKind::INVOCATION_EXPRESSION
                )
            })
            .and_then(|n| self.lower_deconstruction_target(n));
        let is_discard = element.kind() == SyntaxKind::IDENTIFIER
            && identifier(&element) == "_"
            && self.lookup("_").is_none();
        match nested {
            Some(nested) => nested,
            None if is_discard => {
                let r = element.text_range();
                self.alloc_expr(Expr::Missing, r, r)
            }
            None => self.lower_expr(&element),
        }
    }

    /// `(a, (b, _))` after a `var` that tree-sitter read as a call: every name is a new variable.
    fn lower_var_designation(&mut self, list: &SyntaxNode) -> Option<ExprId> {
        let range = list.text_range();
        let mut elements = Vec::new();
        for arg in list.children().filter_map(ast::Argument::cast) {
            let inner = super::first_expr(arg.syntax())?;
            let r = inner.text_range();
            let element = match inner.kind() {
                SyntaxKind::IDENTIFIER if identifier(&inner) == "_" => {
                    self.alloc_expr(Expr::Missing, r, r)
                }
                SyntaxKind::IDENTIFIER => {
                    let local = self.declare(identifier(&inner), None, LocalKind::Variable);
                    self.alloc_expr(Expr::Declaration(local), r, r)
                }
                SyntaxKind::TUPLE_EXPRESSION => self.lower_var_designation(inner.as_node()?)?,
                _ => return None,
            };
            elements.push(element);
        }
        Some(self.alloc_expr(Expr::Deconstruction(elements), range, range))
    }
}
