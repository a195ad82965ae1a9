//! Patterns: the variables they declare (typed as the pattern's type), their constants, and the
//! members property patterns read; also the patterns tree-sitter parses as expressions (`case
//! Point(0, var y):`, `x is T(..)`), which are positional patterns.

use syntax::{
    Field, SyntaxElement, SyntaxKind, SyntaxNode,
    ast::{self, AstElement, AstNode, Expression, Pattern},
};

use super::{
    Ctx, Expr, ExprId, LocalId, LocalKind, access::member_name, field, identifier, lower_type,
};
use crate::{
    body::{Part, Subpattern},
    type_ref::TypeRef,
};

impl Ctx {
    /// Declares a pattern's variable (typed as the pattern's type) and lowers its constants.
    pub(super) fn lower_pattern(&mut self, element: &SyntaxElement, parts: &mut Vec<Part>) {
        let Some(node) = element.as_node() else {
            if Expression::can_cast_element(element.kind()) {
                parts.push(Part::Expr(self.lower_expr(element)));
            }
            return;
        };
        match Pattern::cast_element(element.clone()) {
            Some(
                Pattern::DeclarationPattern(_)
                | Pattern::RecursivePattern(_)
                | Pattern::VarPattern(_),
            ) => self.lower_designating_pattern(node, parts),
            Some(Pattern::ConstantPattern(_)) => {
                // An invocation or a tuple is never a constant: tree-sitter reads `case Point(0,
                // var y):` and `(1, var z) =>` as those, and they are positional patterns.
                match super::first_expr(node) {
                    Some(inner) if is_misread_positional_pattern(&inner) => {
                        self.lower_expr_as_pattern(&inner, parts)
                    }
                    _ => self.lower_parts(node, parts),
                }
            }
            Some(Pattern::ListPattern(list)) => {
                let expr = self.lower_list_pattern(&list);
                parts.push(Part::Expr(expr));
            }
            _ => self.lower_nested_patterns(node, parts),
        }
    }

    /// The patterns among `node`'s children.
    fn lower_nested_patterns(&mut self, node: &SyntaxNode, parts: &mut Vec<Part>) {
        for child in node.children_with_tokens() {
            if Pattern::can_cast_element(child.kind()) {
                self.lower_pattern(&child, parts);
            }
        }
    }

    /// `T x`, `var x`, `T(..) { .. } x`: the designation, then the subpatterns' designations and
    /// constants; the members a property pattern names are read from the tested value.
    fn lower_designating_pattern(&mut self, node: &SyntaxNode, parts: &mut Vec<Part>) {
        let ty = field(node, Field::Type)
            .map(|t| lower_type(&t))
            .filter(|t| *t != TypeRef::Implicit);
        if let Some(name) = field(node, Field::Name).filter(|n| n.kind() == SyntaxKind::IDENTIFIER)
        {
            let local = self.declare(identifier(&name), ty.clone(), LocalKind::Pattern);
            if ty.is_none() {
                let range = name.text_range();
                parts.push(Part::Expr(self.alloc_expr(
                    Expr::PatternVar(local),
                    range,
                    range,
                )));
            }
        }
        for clause in node.children() {
            if let Some(clause) = ast::PositionalPatternClause::cast(clause.clone()) {
                let expr = self.lower_positional_clause(ty.clone(), &clause);
                parts.push(Part::Expr(expr));
            } else if let Some(clause) = ast::PropertyPatternClause::cast(clause) {
                self.lower_property_clause(ty.clone(), &clause, parts);
            }
        }
    }

    /// `(p, q)` of a recursive pattern.
    fn lower_positional_clause(
        &mut self,
        ty: Option<TypeRef>,
        clause: &ast::PositionalPatternClause,
    ) -> ExprId {
        let elements = clause
            .syntax()
            .children()
            .filter_map(ast::Subpattern::cast)
            .map(|sub| {
                let mut nested = Vec::new();
                self.lower_nested_patterns(sub.syntax(), &mut nested);
                nested
            })
            .collect();
        let range = clause.syntax().text_range();
        self.alloc_expr(Expr::PositionalPattern { ty, elements }, range, range)
    }

    /// `{ Title: var title, Price.Amount: > 0 }`: a subpattern per named member; a subpattern
    /// without a member (an error) adds its parts to `parts`.
    fn lower_property_clause(
        &mut self,
        ty: Option<TypeRef>,
        clause: &ast::PropertyPatternClause,
        parts: &mut Vec<Part>,
    ) {
        let mut subpatterns = Vec::new();
        for sub in clause.syntax().children().filter_map(ast::Subpattern::cast) {
            let member = sub
                .syntax()
                .children_with_tokens()
                .find(|c| {
                    matches!(
                        c.kind(),
                        SyntaxKind::IDENTIFIER | SyntaxKind::MEMBER_ACCESS_EXPRESSION
                    )
                })
                .map(|name| self.lower_pattern_member(&name));
            let mut nested = Vec::new();
            self.lower_nested_patterns(sub.syntax(), &mut nested);
            match member {
                Some(member) => subpatterns.push(Subpattern {
                    member,
                    pattern: nested,
                }),
                None => parts.extend(nested),
            }
        }
        if !subpatterns.is_empty() {
            let range = clause.syntax().text_range();
            let expr = self.alloc_expr(Expr::PropertyPattern { ty, subpatterns }, range, range);
            parts.push(Part::Expr(expr));
        }
    }

    /// `[first, .. var rest]`: the elements' patterns, a slice's own pattern among them.
    fn lower_list_pattern(&mut self, list: &ast::ListPattern) -> ExprId {
        let mut elements = Vec::new();
        for child in list.syntax().children_with_tokens() {
            if Pattern::can_cast_element(child.kind()) {
                self.lower_pattern(&child, &mut elements);
            } else if let Some(slice) = child.as_node() {
                self.lower_nested_patterns(slice, &mut elements);
            }
        }
        let range = list.syntax().text_range();
        self.alloc_expr(Expr::ListPattern(elements), range, range)
    }

    /// The pattern an expression that tree-sitter parsed in a pattern's place stands for (see
    /// [`is_misread_positional_pattern`]): `T(..)` and `(..)` are positional patterns whose
    /// arguments are patterns, `var x` / `T x` declare, `_` discards, anything else is a constant.
    fn lower_expr_as_pattern(&mut self, element: &SyntaxElement, parts: &mut Vec<Part>) {
        let Some(node) = element.as_node() else {
            let is_discard = element.kind() == SyntaxKind::IDENTIFIER
                && identifier(element) == "_"
                && self.lookup("_").is_none();
            if !is_discard {
                parts.push(Part::Expr(self.lower_expr(element)));
            }
            return;
        };
        match node.kind() {
            SyntaxKind::DECLARATION_EXPRESSION => {
                let Some(name) =
                    field(node, Field::Name).filter(|n| n.kind() == SyntaxKind::IDENTIFIER)
                else {
                    return;
                };
                let ty = field(node, Field::Type)
                    .map(|t| lower_type(&t))
                    .filter(|t| *t != TypeRef::Implicit);
                let untyped = ty.is_none();
                let local = self.declare(identifier(&name), ty, LocalKind::Pattern);
                if untyped {
                    let range = name.text_range();
                    let expr = self.alloc_expr(Expr::PatternVar(local), range, range);
                    parts.push(Part::Expr(expr));
                }
            }
            _ if is_misread_positional_pattern(element) => {
                let (ty, list) = match node.kind() {
                    SyntaxKind::INVOCATION_EXPRESSION => (
                        field(node, Field::Function)
                            .map(|f| lower_type(&f))
                            .filter(|t| *t != TypeRef::Error),
                        field(node, Field::Arguments).and_then(SyntaxElement::into_node),
                    ),
                    _ => (None, Some(node.clone())),
                };
                if let Some(list) = list {
                    parts.push(Part::Expr(self.lower_positional_arguments(ty, &list)));
                }
            }
            _ => parts.push(Part::Expr(self.lower_expr(element))),
        }
    }

    /// `(p, q)` of a positional pattern that tree-sitter read as an argument list or a tuple.
    pub(super) fn lower_positional_arguments(
        &mut self,
        ty: Option<TypeRef>,
        list: &SyntaxNode,
    ) -> ExprId {
        let elements = list
            .children()
            .filter_map(ast::Argument::cast)
            .map(|arg| {
                let mut nested = Vec::new();
                if let Some(inner) = argument_value(&arg) {
                    self.lower_expr_as_pattern(&inner, &mut nested);
                }
                nested
            })
            .collect();
        let range = list.text_range();
        self.alloc_expr(Expr::PositionalPattern { ty, elements }, range, range)
    }

    /// `Total` / `Price.Amount` in a property pattern: member accesses on the tested value.
    fn lower_pattern_member(&mut self, element: &SyntaxElement) -> ExprId {
        let range = element.text_range();
        let (receiver, name, focus) = match element.as_node() {
            Some(node) => {
                let receiver = match field(node, Field::Expression) {
                    Some(inner) => self.lower_pattern_member(&inner),
                    None => self.missing(node),
                };
                let (name, _, focus) = member_name(node);
                (receiver, name, focus)
            }
            None => {
                let receiver = self.alloc_expr(Expr::ImplicitReceiver, range, range);
                (receiver, identifier(element), range)
            }
        };
        self.alloc_expr(
            Expr::Member {
                receiver,
                name,
                type_args: Vec::new(),
                conditional: false,
            },
            range,
            focus,
        )
    }

    /// `x is <pattern>`: the tested value, the pattern's type, its designation and the rest of
    /// what it declares and tests.
    pub(super) fn lower_is_pattern(&mut self, is: &ast::IsPatternExpression) -> Expr {
        let node = is.syntax();
        let expr = self.lower_opt(node, Field::Expression);
        let mut parts = Vec::new();
        let before = self.body.locals.len();
        let pattern = field(node, Field::Pattern);
        let ty = pattern
            .as_ref()
            .and_then(|p| p.as_node())
            .filter(|p| {
                matches!(
                    p.kind(),
                    SyntaxKind::DECLARATION_PATTERN
                        | SyntaxKind::RECURSIVE_PATTERN
                        | SyntaxKind::TYPE_PATTERN
                )
            })
            .and_then(|p| field(p, Field::Type).or_else(|| p.children_with_tokens().next()))
            .map(|t| lower_type(&t));
        if let Some(p) = &pattern {
            self.lower_pattern(p, &mut parts);
        }
        // The pattern's own designation is declared first, before its subpatterns'.
        let designated = pattern
            .as_ref()
            .and_then(|p| p.as_node())
            .and_then(|p| field(p, Field::Name))
            .is_some_and(|n| n.kind() == SyntaxKind::IDENTIFIER);
        let binding = (designated && self.body.locals.len() > before)
            .then(|| LocalId::from_raw(la_arena::RawIdx::from_u32(before as u32)));
        let rest = parts
            .into_iter()
            .filter_map(|p| if let Part::Expr(e) = p { Some(e) } else { None })
            .collect();
        Expr::Is {
            expr,
            ty,
            binding,
            rest,
        }
    }

    /// `x is Point(var a, _)` without a designation: tree-sitter reads a call of `x is Point`,
    /// which a `bool` cannot be; it is a positional pattern. `None` for any other call.
    pub(super) fn lower_misread_is_call(
        &mut self,
        call: &ast::InvocationExpression,
    ) -> Option<Expr> {
        let function = field(call.syntax(), Field::Function)?.into_node()?;
        let (tested, ty) = misread_is_type(&function)?;
        let list = call.arguments()?;
        let expr = match tested {
            Some(tested) => self.lower_expr(&tested),
            None => self.missing(&function),
        };
        let ty = Some(lower_type(&ty));
        let pattern = self.lower_positional_arguments(ty.clone(), list.syntax());
        Some(Expr::Is {
            expr,
            ty,
            binding: None,
            rest: vec![pattern],
        })
    }
}

/// The first expression or declaration of an argument where a pattern or a deconstruction
/// target is read (a name there is an element, not a label).
pub(super) fn argument_value(arg: &ast::Argument) -> Option<SyntaxElement> {
    arg.syntax().children_with_tokens().find(|c| {
        Expression::can_cast_element(c.kind()) || c.kind() == SyntaxKind::DECLARATION_EXPRESSION
    })
}

/// An invocation (other than `nameof`) or a tuple where a pattern is expected.
fn is_misread_positional_pattern(element: &SyntaxElement) -> bool {
    match element.kind() {
        SyntaxKind::TUPLE_EXPRESSION => true,
        SyntaxKind::INVOCATION_EXPRESSION => element.as_node().is_some_and(|n| {
            !field(n, Field::Function)
                .is_some_and(|f| f.kind() == SyntaxKind::IDENTIFIER && identifier(&f) == "nameof")
        }),
        _ => false,
    }
}

/// The tested expression and the type of `x is T` (or `x is T` read as a constant pattern), when
/// tree-sitter parsed `x is T(..)` as a call of it.
fn misread_is_type(is: &SyntaxNode) -> Option<(Option<SyntaxElement>, SyntaxElement)> {
    let is_type_name = |e: &SyntaxElement| {
        matches!(
            e.kind(),
            SyntaxKind::IDENTIFIER | SyntaxKind::QUALIFIED_NAME | SyntaxKind::GENERIC_NAME
        )
    };
    match is.kind() {
        SyntaxKind::IS_EXPRESSION => Some((
            field(is, Field::Left),
            field(is, Field::Right).filter(is_type_name)?,
        )),
        SyntaxKind::IS_PATTERN_EXPRESSION => {
            let pattern = field(is, Field::Pattern)?.into_node()?;
            if pattern.kind() != SyntaxKind::CONSTANT_PATTERN {
                return None;
            }
            let mut children = pattern
                .children_with_tokens()
                .filter(|c| !c.kind().is_trivia());
            let ty = children.next().filter(is_type_name)?;
            children
                .next()
                .is_none()
                .then(|| (field(is, Field::Expression), ty))
        }
        _ => None,
    }
}
