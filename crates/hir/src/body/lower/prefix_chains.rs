//! Casts, prefix operators, `await` and binary operators in front of a `?.` chain.
//!
//! tree-sitter-c-sharp binds them tighter than `?.`: `(T)ctx?.Instance` comes as `((T)ctx)?.Instance`,
//! `!list?.Any()` as `(!list)?.Any()`, `uri != parent?.Uri` as `(uri != parent)?.Uri`. In C# a
//! conditional access is a primary expression like any other member access (§12.8.8), so the operator
//! applies to the whole chain: `(T)(ctx?.Instance)`, `uri != (parent?.Uri)`. Read as parsed, the member
//! would be looked up on the cast's or the comparison's type. The lowering re-associates: it lowers the
//! left operands of the binary operators (in source order, so `out var` locals they declare are in
//! scope), then the chain with the innermost operand in the operators' place, then applies the
//! operators to it.

use syntax::{
    Field, SyntaxElement, SyntaxKind, SyntaxNode,
    ast::{AstElement, Expression},
};

use super::{Ctx, Expr, ExprId};
use crate::item_tree::lower::{element_text, field, lower_type};
use crate::type_ref::TypeRef;

/// The operators tree-sitter misplaces inside the chain `node` heads, outermost first, and the
/// operand they really apply to; `None` when the chain's spine reaches no `?.` whose receiver is
/// such an operator.
pub(super) fn misparsed_prefixes(node: &SyntaxNode) -> Option<(Vec<SyntaxNode>, SyntaxElement)> {
    let mut current = node.clone();
    loop {
        let spine = match current.kind() {
            SyntaxKind::MEMBER_ACCESS_EXPRESSION | SyntaxKind::ELEMENT_ACCESS_EXPRESSION => {
                field(&current, Field::Expression)
            }
            SyntaxKind::INVOCATION_EXPRESSION => field(&current, Field::Function),
            SyntaxKind::POSTFIX_UNARY_EXPRESSION => first_expr(&current),
            SyntaxKind::CONDITIONAL_ACCESS_EXPRESSION => {
                let condition = field(&current, Field::Condition)?;
                let mut prefixes = Vec::new();
                let mut operand = condition.clone();
                while let Some(prefix) = operand.as_node().filter(|n| is_prefix(n)).cloned() {
                    operand = prefix_operand(&prefix)?;
                    prefixes.push(prefix);
                }
                if !prefixes.is_empty() {
                    return Some((prefixes, operand));
                }
                Some(condition)
            }
            _ => None,
        }?;
        current = spine.into_node()?;
    }
}

/// An operator tree-sitter ranks above `?.`: every binary one (`??` included) ranks above its
/// `CONDITIONAL` precedence, the prefix ones above all binary ones.
fn is_prefix(node: &SyntaxNode) -> bool {
    matches!(
        node.kind(),
        SyntaxKind::CAST_EXPRESSION
            | SyntaxKind::PREFIX_UNARY_EXPRESSION
            | SyntaxKind::AWAIT_EXPRESSION
            | SyntaxKind::BINARY_EXPRESSION
    )
}

/// The operand the `?.` really continues: a binary operator's right one.
fn prefix_operand(prefix: &SyntaxNode) -> Option<SyntaxElement> {
    match prefix.kind() {
        SyntaxKind::CAST_EXPRESSION => field(prefix, Field::Value),
        SyntaxKind::BINARY_EXPRESSION => field(prefix, Field::Right),
        _ => first_expr(prefix),
    }
}

fn first_expr(node: &SyntaxNode) -> Option<SyntaxElement> {
    node.children_with_tokens()
        .find(|c| Expression::can_cast_element(c.kind()))
}

impl Ctx {
    /// `element` (a chain `misparsed_prefixes` found operators in) lowered as C# reads it.
    pub(super) fn lower_reassociated(
        &mut self,
        element: &SyntaxElement,
        prefixes: Vec<SyntaxNode>,
        operand: SyntaxElement,
    ) -> ExprId {
        let full = element.text_range();
        let left_operands: Vec<Option<ExprId>> = prefixes
            .iter()
            .map(|prefix| {
                (prefix.kind() == SyntaxKind::BINARY_EXPRESSION)
                    .then(|| self.lower_opt(prefix, Field::Left))
            })
            .collect();
        self.hoisted.push((prefixes[0].clone(), operand));
        let mut expr = self.lower_expr(element);
        self.hoisted.pop();
        for (prefix, lhs) in prefixes.iter().zip(left_operands).rev() {
            let (lowered, focus) = match prefix.kind() {
                SyntaxKind::BINARY_EXPRESSION => {
                    let operator = field(prefix, Field::Operator);
                    let focus = operator.as_ref().map_or(full, |o| o.text_range());
                    let op = operator
                        .map(|o| element_text(&o).into())
                        .unwrap_or_default();
                    let lhs = lhs.unwrap_or_else(|| self.missing(prefix));
                    (Expr::Binary { op, lhs, rhs: expr }, focus)
                }
                SyntaxKind::CAST_EXPRESSION => {
                    let ty = field(prefix, Field::Type).map_or(TypeRef::Error, |t| lower_type(&t));
                    (Expr::Cast { ty, expr }, full)
                }
                SyntaxKind::AWAIT_EXPRESSION => (Expr::Await(expr), full),
                _ => match prefix
                    .children_with_tokens()
                    .find(|c| c.as_token().is_some() && !c.kind().is_trivia())
                {
                    Some(op) => (
                        Expr::Unary {
                            op: element_text(&op).into(),
                            operand: expr,
                        },
                        op.text_range(),
                    ),
                    None => continue,
                },
            };
            expr = self.alloc_expr(lowered, full, focus);
        }
        expr
    }

    /// The operand to lower in place of an operator [`Ctx::lower_reassociated`] moved out.
    pub(super) fn hoisted_operand(&self, element: &SyntaxElement) -> Option<SyntaxElement> {
        let node = element.as_node()?;
        self.hoisted
            .iter()
            .find(|(prefix, _)| prefix == node)
            .map(|(_, operand)| operand.clone())
    }

    /// Whether the chain's operators are already being moved out (the chain is lowered again
    /// from inside [`Ctx::lower_reassociated`]).
    pub(super) fn is_hoisting(&self, prefix: &SyntaxNode) -> bool {
        self.hoisted.iter().any(|(p, _)| p == prefix)
    }
}
