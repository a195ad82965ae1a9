//! Member and element access (`x.M`, `x?.M`, `x[i]`, `x?[i]`), invocations (`nameof` and the
//! positional patterns tree-sitter reads as calls included) and argument lists.

use smol_str::SmolStr;
use syntax::{
    Field, HasField, SyntaxElement, SyntaxKind, SyntaxNode, TextRange,
    ast::{self, AstElement, AstNode, Expression},
};

use super::{Ctx, Expr, ExprId, field, identifier, lower_type};
use crate::{
    body::{Arg, ArgModifier},
    type_ref::TypeRef,
};

impl Ctx {
    pub(super) fn lower_member_access(&mut self, access: &ast::MemberAccessExpression) -> ExprId {
        let node = access.syntax();
        let receiver = self.lower_opt(node, Field::Expression);
        let (name, type_args, focus) = member_name(node);
        let member = Expr::Member {
            receiver,
            name,
            type_args,
            conditional: false,
        };
        self.alloc_expr(member, node.text_range(), focus)
    }

    /// `x?.M` / `x?[i]`: a member or an element of the receiver when it is not null.
    pub(super) fn lower_conditional_access(
        &mut self,
        access: &ast::ConditionalAccessExpression,
    ) -> ExprId {
        let node = access.syntax();
        let full = node.text_range();
        let receiver = self.lower_opt(node, Field::Condition);
        let binding = node.children().find(|c| {
            matches!(
                c.kind(),
                SyntaxKind::MEMBER_BINDING_EXPRESSION | SyntaxKind::ELEMENT_BINDING_EXPRESSION
            )
        });
        let (expr, focus) = match binding {
            Some(b) if b.kind() == SyntaxKind::MEMBER_BINDING_EXPRESSION => {
                let (name, type_args, focus) = member_name(&b);
                let member = Expr::Member {
                    receiver,
                    name,
                    type_args,
                    conditional: true,
                };
                (member, focus)
            }
            // tree-sitter names the bracketed argument list itself the element binding.
            Some(b) => (
                Expr::Index {
                    receiver,
                    args: self.lower_args(&b),
                },
                b.text_range(),
            ),
            None => (Expr::Other(vec![receiver]), full),
        };
        self.alloc_expr(expr, full, focus)
    }

    /// `f(args)`; `nameof(x)` (unless a local is called `nameof`); `x is T(..)` read as a call.
    pub(super) fn lower_invocation(&mut self, call: &ast::InvocationExpression) -> ExprId {
        let node = call.syntax();
        let function = field(node, Field::Function);
        let is_nameof = function
            .as_ref()
            .is_some_and(|f| f.kind() == SyntaxKind::IDENTIFIER && identifier(f) == "nameof")
            && self.lookup("nameof").is_none();
        let expr = if is_nameof {
            Expr::NameOf
        } else if let Some(is) = self.lower_misread_is_call(call) {
            is
        } else {
            let callee = self.lower_opt(node, Field::Function);
            let args = field(node, Field::Arguments)
                .and_then(SyntaxElement::into_node)
                .map(|l| self.lower_args(&l))
                .unwrap_or_default();
            Expr::Invoke { callee, args }
        };
        self.alloc_at(node, expr)
    }

    pub(super) fn lower_element_access(&mut self, access: &ast::ElementAccessExpression) -> ExprId {
        let node = access.syntax();
        let receiver = self.lower_opt(node, Field::Expression);
        let list = field(node, Field::Subscript).and_then(SyntaxElement::into_node);
        let focus = list.as_ref().map_or(node.text_range(), |l| l.text_range());
        let args = list.map(|l| self.lower_args(&l)).unwrap_or_default();
        self.alloc_expr(Expr::Index { receiver, args }, node.text_range(), focus)
    }

    /// The arguments of an argument list (or a bracketed one), with their names and modifiers.
    pub(super) fn lower_args(&mut self, list: &SyntaxNode) -> Vec<Arg> {
        list.children()
            .filter_map(ast::Argument::cast)
            .map(|arg| self.lower_arg(&arg))
            .collect()
    }

    fn lower_arg(&mut self, arg: &ast::Argument) -> Arg {
        let node = arg.syntax();
        let name = field(node, Field::Name).map(|n| identifier(&n));
        let modifier = node
            .children_with_tokens()
            .find_map(|t| match t.kind() {
                SyntaxKind::REF_KW => Some(ArgModifier::Ref),
                SyntaxKind::OUT_KW => Some(ArgModifier::Out),
                SyntaxKind::IN_KW => Some(ArgModifier::In),
                _ => None,
            })
            .unwrap_or(ArgModifier::None);
        let value = node.children_with_tokens().find(|c| {
            c.field() != Some(Field::Name)
                && (Expression::can_cast_element(c.kind())
                    || c.kind() == SyntaxKind::DECLARATION_EXPRESSION)
        });
        let expr = match value {
            Some(e) if modifier != ArgModifier::Out => match misparsed_product(&e) {
                Some((lhs, rhs)) => {
                    let (lhs, rhs) = (self.lower_expr(&lhs), self.lower_expr(&rhs));
                    let range = e.text_range();
                    let op = SmolStr::new_static("*");
                    self.alloc_expr(Expr::Binary { op, lhs, rhs }, range, range)
                }
                None => self.lower_expr(&e),
            },
            Some(e) => self.lower_expr(&e),
            None => self.missing(node),
        };
        Arg {
            name,
            expr,
            modifier,
        }
    }
}

/// The name of `x.Name` / `?.Name<T>` with its type arguments and range.
pub(super) fn member_name(node: &SyntaxNode) -> (SmolStr, Vec<TypeRef>, TextRange) {
    let Some(name) = field(node, Field::Name) else {
        return (SmolStr::default(), Vec::new(), node.text_range());
    };
    let range = name.text_range();
    match lower_type(&name) {
        TypeRef::Path(path) if name.kind() == SyntaxKind::GENERIC_NAME => {
            match path.segments.into_iter().next() {
                Some(seg) => (seg.name, seg.args, range),
                None => (SmolStr::default(), Vec::new(), range),
            }
        }
        _ => (identifier(&name), Vec::new(), range),
    }
}

/// `F(a * b)` parses as the declaration of a pointer variable `b` of type `a*`; in an argument without
/// `out` no declaration is possible, so it is the product it looks like. Returns its operands.
fn misparsed_product(element: &SyntaxElement) -> Option<(SyntaxElement, SyntaxElement)> {
    let declaration = ast::DeclarationExpression::cast(element.as_node()?.clone())?;
    let pointer = declaration.ty()?.syntax_element().into_node()?;
    let pointer = ast::PointerType::cast(pointer)?;
    let lhs = field(pointer.syntax(), Field::Type)?;
    let rhs = field(declaration.syntax(), Field::Name)?;
    (lhs.kind() == SyntaxKind::IDENTIFIER && rhs.kind() == SyntaxKind::IDENTIFIER)
        .then_some((lhs, rhs))
}
