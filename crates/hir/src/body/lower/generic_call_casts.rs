//! A cast of a generic method call, `(T)GetAdapter<R>(type, dictionary)`.
//!
//! tree-sitter-c-sharp reads it as two comparisons, `((T)GetAdapter < R) > (type, dictionary)`. C#
//! resolves that ambiguity by the token after the `>` (§6.2.5.2, grammar ambiguities): before a `(`
//! the type argument list is kept, so it is a call of `GetAdapter<R>` that is cast. The lowering
//! reads it back that way.

use syntax::{Field, SyntaxElement, SyntaxKind, SyntaxNode, TextRange};

use super::{Ctx, Expr, ExprId};
use crate::body::Arg;
use crate::item_tree::lower::{element_text, field, identifier_text as identifier, lower_type};

/// The parts of `(T)name<arg>(args)` as tree-sitter split them.
pub(super) struct MisparsedCall {
    cast: SyntaxNode,
    name: SyntaxElement,
    type_arg: SyntaxElement,
    args: SyntaxNode,
}

/// `(a < b) > c`, the two comparisons tree-sitter makes of a name with one type argument followed
/// by something (`a<b> c`): its parts `a`, `b` and `c`.
pub(super) fn split_type_argument(
    node: &SyntaxNode,
) -> Option<(SyntaxElement, SyntaxElement, SyntaxElement)> {
    let operator = |n: &SyntaxNode| field(n, Field::Operator).map(|o| element_text(&o));
    if node.kind() != SyntaxKind::BINARY_EXPRESSION || operator(node)? != ">" {
        return None;
    }
    let less = field(node, Field::Left)?
        .into_node()
        .filter(|n| n.kind() == SyntaxKind::BINARY_EXPRESSION)?;
    if operator(&less)? != "<" {
        return None;
    }
    Some((
        field(&less, Field::Left)?,
        field(&less, Field::Right)?,
        field(node, Field::Right)?,
    ))
}

/// `node` when it is a misread cast of a generic call (see the module doc).
pub(super) fn misparsed_generic_call(node: &SyntaxNode) -> Option<MisparsedCall> {
    let (cast, type_arg, args) = split_type_argument(node)?;
    let args = args.into_node().filter(|n| {
        matches!(
            n.kind(),
            SyntaxKind::TUPLE_EXPRESSION | SyntaxKind::PARENTHESIZED_EXPRESSION
        )
    })?;
    if !matches!(
        type_arg.kind(),
        SyntaxKind::IDENTIFIER
            | SyntaxKind::PREDEFINED_TYPE
            | SyntaxKind::GENERIC_NAME
            | SyntaxKind::QUALIFIED_NAME
    ) {
        return None;
    }
    let cast = cast
        .into_node()
        .filter(|n| n.kind() == SyntaxKind::CAST_EXPRESSION)?;
    let name = field(&cast, Field::Value).filter(|v| v.kind() == SyntaxKind::IDENTIFIER)?;
    Some(MisparsedCall {
        cast,
        name,
        type_arg,
        args,
    })
}

impl Ctx {
    /// `Cast { Invoke { Name<arg>, args } }` for a misread cast of a generic call; `None` when the
    /// name is a local (a delegate is never generic, so the comparisons stand).
    pub(super) fn lower_generic_call_cast(
        &mut self,
        node: &SyntaxNode,
        call: MisparsedCall,
    ) -> Option<ExprId> {
        let name = identifier(&call.name);
        if self.lookup(&name).is_some() {
            return None;
        }
        let name_range = call.name.text_range();
        let callee = self.alloc_expr(
            Expr::Name {
                name,
                type_args: vec![lower_type(&call.type_arg)],
            },
            name_range,
            name_range,
        );
        let args = match call.args.kind() {
            SyntaxKind::TUPLE_EXPRESSION => self.lower_args(&call.args),
            _ => vec![Arg::positional(self.lower_first_expr(&call.args))],
        };
        let invoke_range = TextRange::new(name_range.start(), node.text_range().end());
        let invoke = self.alloc_expr(Expr::Invoke { callee, args }, invoke_range, invoke_range);
        let ty = field(&call.cast, Field::Type)
            .map_or(crate::type_ref::TypeRef::Error, |t| lower_type(&t));
        Some(self.alloc_expr(
            Expr::Cast { ty, expr: invoke },
            node.text_range(),
            node.text_range(),
        ))
    }
}
