//! An object creation of a generic type with one argument and an initializer,
//! `new Hash<T>(comparer) { count = n }`.
//!
//! tree-sitter-c-sharp reads it as two comparisons, `(new Hash < T) > ((comparer) { count = n })`,
//! whose right side is a cast of the initializer to the argument. After `new` C# reads a type
//! (§12.8.17.2), so the `<` opens its type argument list; the lowering reads it back that way. Other
//! misreadings of a `new` (an argument that is no simple name, several type arguments) stay
//! `MisreadCreation`, reported unresolved.

use syntax::{
    Field, SyntaxElement, SyntaxKind, SyntaxNode,
    ast::{self, AstNode},
};

use super::{Ctx, Expr, ExprId, generic_call_casts::split_type_argument};
use crate::body::Arg;
use crate::item_tree::lower::{field, lower_type};
use crate::type_ref::TypeRef;

/// The parts of `new name<arg>(value) { init }` as tree-sitter split them.
pub(super) struct MisparsedCreation {
    name: SyntaxElement,
    type_arg: SyntaxElement,
    value: SyntaxElement,
    initializer: ast::InitializerExpression,
}

/// `node` when it is a misread generic creation (see the module doc).
pub(super) fn misparsed_generic_creation(node: &SyntaxNode) -> Option<MisparsedCreation> {
    let (creation, type_arg, cast) = split_type_argument(node)?;
    let creation = creation.into_node().filter(|n| {
        n.kind() == SyntaxKind::OBJECT_CREATION_EXPRESSION
            && field(n, Field::Arguments).is_none()
            && field(n, Field::Initializer).is_none()
    })?;
    let name = field(&creation, Field::Type).filter(|t| {
        matches!(
            t.kind(),
            SyntaxKind::IDENTIFIER | SyntaxKind::QUALIFIED_NAME
        )
    })?;
    if !matches!(
        type_arg.kind(),
        SyntaxKind::IDENTIFIER | SyntaxKind::GENERIC_NAME | SyntaxKind::QUALIFIED_NAME
    ) {
        return None;
    }
    let cast = cast
        .into_node()
        .filter(|n| n.kind() == SyntaxKind::CAST_EXPRESSION)?;
    // A parenthesized simple name reads as a type; any other argument does not come out as a cast.
    let value = field(&cast, Field::Type).filter(|v| v.kind() == SyntaxKind::IDENTIFIER)?;
    let initializer = field(&cast, Field::Value)
        .and_then(SyntaxElement::into_node)
        .and_then(ast::InitializerExpression::cast)?;
    Some(MisparsedCreation {
        name,
        type_arg,
        value,
        initializer,
    })
}

impl Ctx {
    /// `New { name<arg>, [value], init }` for a misread generic creation.
    pub(super) fn lower_misparsed_creation(
        &mut self,
        node: &SyntaxNode,
        creation: MisparsedCreation,
    ) -> ExprId {
        let mut ty = lower_type(&creation.name);
        if let TypeRef::Path(path) = &mut ty
            && let Some(last) = path.segments.last_mut()
        {
            last.args = vec![lower_type(&creation.type_arg)];
        }
        let args = vec![Arg::positional(self.lower_expr(&creation.value))];
        let initializer = self.lower_object_initializer(&creation.initializer);
        let focus = creation
            .name
            .text_range()
            .cover(creation.type_arg.text_range());
        let new = Expr::New {
            ty: Some(ty),
            args,
            initializer,
        };
        self.alloc_expr(new, node.text_range(), focus)
    }
}
