//! `new` in all its forms (objects, arrays, `stackalloc`, anonymous objects), object and collection
//! initializers (a collection initializer's elements are calls of `Add`), and `with` expressions.

use smol_str::SmolStr;
use syntax::{
    Field, HasField, SyntaxElement, SyntaxKind, SyntaxNode,
    ast::{self, AstElement, AstNode, Expression},
};

use super::{Ctx, Expr, ExprId, access::member_name, field, identifier, lower_type};
use crate::{
    body::{Arg, AssignOp},
    type_ref::TypeRef,
};

impl Ctx {
    /// `new T(args) { init }` and `new(args) { init }`.
    pub(super) fn lower_object_creation(&mut self, node: &SyntaxNode) -> ExprId {
        let full = node.text_range();
        let ty_el = field(node, Field::Type);
        let focus = match &ty_el {
            Some(t) => t.text_range(),
            None => node.first_token().map_or(full, |t| t.text_range()),
        };
        let ty = ty_el.map(|t| lower_type(&t));
        let args = node
            .children()
            .find(|c| c.kind() == SyntaxKind::ARGUMENT_LIST)
            .map(|l| self.lower_args(&l))
            .unwrap_or_default();
        let initializer = node
            .children()
            .find_map(ast::InitializerExpression::cast)
            .map(|init| self.lower_object_initializer(&init))
            .unwrap_or_default();
        let new = Expr::New {
            ty,
            args,
            initializer,
        };
        self.alloc_expr(new, full, focus)
    }

    /// `new T[n] { .. }`, `new[] { .. }`, `stackalloc T[n]`: the element type, sizes and elements.
    pub(super) fn lower_array_creation(&mut self, node: &SyntaxNode) -> ExprId {
        let elem = field(node, Field::Type).map(|t| match lower_type(&t) {
            TypeRef::Array { element, .. } => *element,
            other => other,
        });
        // Sizes sit in the rank specifiers of the type (`new Bin[Count(n)]`).
        let mut sizes = Vec::new();
        if let Some(ty) = field(node, Field::Type).and_then(SyntaxElement::into_node) {
            for rank in ty
                .descendants()
                .filter(|n| n.kind() == SyntaxKind::ARRAY_RANK_SPECIFIER)
            {
                sizes.extend(self.lower_sub_exprs(&rank));
            }
        }
        let mut elements = Vec::new();
        for child in node.children() {
            if let Some(init) = ast::InitializerExpression::cast(child.clone()) {
                for element in init.syntax().children_with_tokens() {
                    if Expression::can_cast_element(element.kind()) {
                        elements.push(self.lower_expr(&element));
                    }
                }
            } else if child.field() != Some(Field::Type) {
                sizes.extend(self.lower_sub_exprs(&child));
            }
        }
        let new = Expr::ArrayNew {
            elem,
            sizes,
            elements,
        };
        self.alloc_at(node, new)
    }

    /// `new { Name = x, y.Count }`: the members, named or projected.
    pub(super) fn lower_anonymous_object(&mut self, node: &SyntaxNode) -> ExprId {
        let mut members = Vec::new();
        let mut pending: Option<SmolStr> = None;
        let children: Vec<SyntaxElement> = node.children_with_tokens().collect();
        for (i, child) in children.iter().enumerate() {
            let next_is_eq = children[i + 1..]
                .iter()
                .find(|c| !c.kind().is_trivia())
                .is_some_and(|c| c.kind() == SyntaxKind::EQ);
            if child.kind() == SyntaxKind::IDENTIFIER && next_is_eq {
                pending = Some(identifier(child));
            } else if Expression::can_cast_element(child.kind()) {
                let expr = self.lower_expr(child);
                let name = pending.take().unwrap_or_else(|| projection_name(child));
                members.push((name, expr));
            }
        }
        self.alloc_at(node, Expr::AnonymousObject { members })
    }

    /// `x with { P = v, .. }`.
    pub(super) fn lower_with(&mut self, with: &ast::WithExpression) -> ExprId {
        let node = with.syntax();
        let receiver = self.lower_first_expr(node);
        let mut initializer = Vec::new();
        for item in with.with_initializers() {
            let item = item.syntax();
            let Some(name) = item
                .children_with_tokens()
                .find(|c| c.kind() == SyntaxKind::IDENTIFIER)
            else {
                continue;
            };
            let value = match item
                .children_with_tokens()
                .skip_while(|c| c.kind() != SyntaxKind::EQ)
                .find(|c| Expression::can_cast_element(c.kind()))
            {
                Some(v) => self.lower_expr(&v),
                None => self.missing(item),
            };
            let member = Expr::InitMember {
                name: identifier(&name),
                value,
            };
            initializer.push(self.alloc_expr(member, item.text_range(), name.text_range()));
        }
        let with = Expr::With {
            receiver,
            initializer,
        };
        self.alloc_at(node, with)
    }

    /// `{ P = v, [k] = v, x, { k, v } }`: member and indexer assignments, collection elements.
    pub(super) fn lower_object_initializer(
        &mut self,
        init: &ast::InitializerExpression,
    ) -> Vec<ExprId> {
        let mut out = Vec::new();
        for child in init.syntax().children_with_tokens() {
            let assign = child
                .as_node()
                .cloned()
                .and_then(ast::AssignmentExpression::cast);
            let left = assign.as_ref().and_then(|a| field(a.syntax(), Field::Left));
            match (&assign, left) {
                (Some(assign), Some(left)) if left.kind() == SyntaxKind::IDENTIFIER => {
                    out.push(self.lower_member_initializer(assign, &left));
                }
                (Some(assign), Some(SyntaxElement::Node(left)))
                    if left.kind() == SyntaxKind::ELEMENT_BINDING_EXPRESSION =>
                {
                    out.push(self.lower_indexer_initializer(assign, &left));
                }
                _ if Expression::can_cast_element(child.kind()) => {
                    out.push(self.lower_collection_element(&child));
                }
                _ => {}
            }
        }
        out
    }

    /// `P = v` / `P = { .. }` in an object initializer.
    fn lower_member_initializer(
        &mut self,
        assign: &ast::AssignmentExpression,
        left: &SyntaxElement,
    ) -> ExprId {
        let node = assign.syntax();
        let right = field(node, Field::Right);
        let nested = right
            .as_ref()
            .and_then(|r| r.as_node().cloned())
            .and_then(ast::InitializerExpression::cast);
        let value = match (nested, right) {
            (Some(init), _) => {
                let range = init.syntax().text_range();
                let inner = self.lower_object_initializer(&init);
                self.alloc_expr(Expr::NestedInitializer(inner), range, range)
            }
            (None, Some(right)) => self.lower_expr(&right),
            (None, None) => self.missing(node),
        };
        let member = Expr::InitMember {
            name: identifier(left),
            value,
        };
        self.alloc_expr(member, node.text_range(), left.text_range())
    }

    /// `[key] = value` in an object initializer: the indexer of the object.
    fn lower_indexer_initializer(
        &mut self,
        assign: &ast::AssignmentExpression,
        left: &SyntaxNode,
    ) -> ExprId {
        let node = assign.syntax();
        let range = left.text_range();
        let receiver = self.alloc_expr(Expr::ImplicitReceiver, range, range);
        let args = self.lower_args(left);
        let lhs = self.alloc_expr(Expr::Index { receiver, args }, range, range);
        let rhs = self.lower_opt(node, Field::Right);
        let op = assign.operator().map_or(range, |o| o.text_range());
        let assign = Expr::Assign {
            op: AssignOp::Plain,
            lhs,
            rhs,
        };
        self.alloc_expr(assign, node.text_range(), op)
    }

    /// An element of a collection initializer, `x` or `{ k, v }`: a call of the collection's
    /// `Add(x)` / `Add(k, v)` (C# §12.8.17.3), whose site is the element.
    fn lower_collection_element(&mut self, element: &SyntaxElement) -> ExprId {
        let range = element.text_range();
        let values: Vec<ExprId> = match element.as_node() {
            Some(node) if node.kind() == SyntaxKind::INITIALIZER_EXPRESSION => node
                .children_with_tokens()
                .filter(|c| Expression::can_cast_element(c.kind()))
                .map(|c| self.lower_expr(&c))
                .collect(),
            _ => vec![self.lower_expr(element)],
        };
        let args = values.into_iter().map(Arg::positional).collect();
        let receiver = self.alloc_expr(Expr::ImplicitReceiver, range, range);
        let callee = self.alloc_expr(
            Expr::Member {
                receiver,
                name: SmolStr::new_static("Add"),
                type_args: Vec::new(),
                conditional: false,
            },
            range,
            range,
        );
        self.alloc_expr(Expr::Invoke { callee, args }, range, range)
    }
}

/// `new { x.Name }` names its member `Name`.
fn projection_name(element: &SyntaxElement) -> SmolStr {
    match element.as_node() {
        Some(node) if node.kind() == SyntaxKind::MEMBER_ACCESS_EXPRESSION => member_name(node).0,
        _ if element.kind() == SyntaxKind::IDENTIFIER => identifier(element),
        _ => SmolStr::default(),
    }
}
