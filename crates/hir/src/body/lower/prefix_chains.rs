//! Casts, prefix operators, `await` and binary operators in front of a `?.` chain.
//!
//! tree-sitter-c-sharp binds them tighter than `?.`: `(T)ctx?.Instance` comes as `((T)ctx)?.Instance`,
//! `!list?.Any()` as `(!list)?.Any()`, `ready && list?.Count > 0` as `((ready && list)?.Count) > 0`
//! and `a?.X ?? b?.Y` as `(a?.X ?? b)?.Y`. In C# a conditional access is a primary expression like
//! any other member access (§12.8.8), so the operator applies to the whole chain: `(T)(ctx?.Instance)`,
//! `ready && (list?.Count > 0)`; a binary operator's right operand is the chain's receiver (an
//! unparenthesized binary expression never is one). Read as parsed, the member would be looked up on
//! the cast's (the `&&`'s) type. The lowering re-associates: it lowers the chain with the operand in
//! the operator's place, then applies the operators to it. A binary operator after the chain that
//! binds tighter than a misplaced one (`>` after `ready && list?.Count`, §12.4.2) goes inside it.

use smol_str::SmolStr;
use syntax::{
    Field, SyntaxElement, SyntaxKind, SyntaxNode, TextRange,
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

fn is_prefix(node: &SyntaxNode) -> bool {
    matches!(
        node.kind(),
        SyntaxKind::CAST_EXPRESSION
            | SyntaxKind::PREFIX_UNARY_EXPRESSION
            | SyntaxKind::AWAIT_EXPRESSION
            | SyntaxKind::BINARY_EXPRESSION
    )
}

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

/// A binary expression whose left operand is a chain with misplaced operators, when its own operator
/// binds tighter than the outermost of them: how many of the leading misplaced binary operators it
/// goes inside (`ready && list?.Count > 0` is `ready && (list?.Count > 0)`: one).
pub(super) fn trailing_depth(binary: &SyntaxNode, prefixes: &[SyntaxNode]) -> usize {
    let Some(outer) = field(binary, Field::Operator).map(|op| element_text(&op)) else {
        return 0;
    };
    prefixes
        .iter()
        .take_while(|prefix| {
            prefix.kind() == SyntaxKind::BINARY_EXPRESSION
                && field(prefix, Field::Operator)
                    .is_some_and(|op| binds_tighter(&outer, &element_text(&op)))
        })
        .count()
}

/// Whether binary operator `outer`, written after `inner`'s right operand, takes that operand
/// (C# §12.4.2: higher precedence, or the same right-associative `??`).
fn binds_tighter(outer: &str, inner: &str) -> bool {
    let (outer_rank, inner_rank) = (precedence(outer), precedence(inner));
    outer_rank > inner_rank || (outer == "??" && inner == "??")
}

/// The precedence rank of a binary operator, higher binding tighter (§12.4.2).
fn precedence(op: &str) -> u8 {
    match op {
        "*" | "/" | "%" => 10,
        "+" | "-" => 9,
        "<<" | ">>" | ">>>" => 8,
        "<" | ">" | "<=" | ">=" => 7,
        "==" | "!=" => 6,
        "&" => 5,
        "^" => 4,
        "|" => 3,
        "&&" => 2,
        "||" => 1,
        _ => 0,
    }
}

impl Ctx {
    /// `element` (a chain `misparsed_prefixes` found operators in) lowered as C# reads it. With
    /// `trailing` (the binary expression `element` is the left operand of, and its
    /// [`trailing_depth`]), that binary operator applies inside the first `depth` operators.
    pub(super) fn lower_reassociated(
        &mut self,
        element: &SyntaxElement,
        prefixes: Vec<SyntaxNode>,
        operand: SyntaxElement,
        trailing: Option<(&SyntaxNode, usize)>,
    ) -> ExprId {
        let full = element.text_range();
        // A binary operator's left operand comes before the chain in the text: lowered first.
        let lefts: Vec<Option<ExprId>> = prefixes
            .iter()
            .map(|prefix| {
                (prefix.kind() == SyntaxKind::BINARY_EXPRESSION).then(|| {
                    match field(prefix, Field::Left) {
                        Some(left) => self.lower_expr(&left),
                        None => self.missing(prefix),
                    }
                })
            })
            .collect();
        self.hoisted.push((prefixes[0].clone(), operand));
        let mut expr = self.lower_expr(element);
        self.hoisted.pop();
        for (i, (prefix, left)) in prefixes.iter().zip(lefts).enumerate().rev() {
            if let Some((binary, depth)) = trailing
                && i + 1 == depth
            {
                expr = self.lower_binary_after(binary, expr);
            }
            let (lowered, focus) = match (prefix.kind(), left) {
                (_, Some(lhs)) => binary_expr(prefix, lhs, expr, full),
                (SyntaxKind::CAST_EXPRESSION, None) => {
                    let ty = field(prefix, Field::Type).map_or(TypeRef::Error, |t| lower_type(&t));
                    (Expr::Cast { ty, expr }, full)
                }
                (SyntaxKind::AWAIT_EXPRESSION, None) => (Expr::Await(expr), full),
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

    /// `binary`'s operator applied to `lhs` (lowered in place of its left operand) and its right
    /// operand.
    fn lower_binary_after(&mut self, binary: &SyntaxNode, lhs: ExprId) -> ExprId {
        let rhs = match field(binary, Field::Right) {
            Some(right) => self.lower_expr(&right),
            None => self.missing(binary),
        };
        let (expr, focus) = binary_expr(binary, lhs, rhs, binary.text_range());
        self.alloc_expr(expr, binary.text_range(), focus)
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

/// The binary expression `node`'s operator applies to `lhs` and `rhs`, with its focus (the operator).
fn binary_expr(node: &SyntaxNode, lhs: ExprId, rhs: ExprId, full: TextRange) -> (Expr, TextRange) {
    let op = field(node, Field::Operator);
    let focus = op.as_ref().map_or(full, |op| op.text_range());
    let op = op
        .map(|op| SmolStr::new(element_text(&op)))
        .unwrap_or_default();
    (Expr::Binary { op, lhs, rhs }, focus)
}
