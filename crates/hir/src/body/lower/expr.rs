//! Expressions: the dispatcher over [`ast::Expression`], operators, conditionals, tuples,
//! interpolated strings, declaration expressions and `switch` expressions; the other kinds live
//! in the sibling modules the dispatcher calls.

use smol_str::SmolStr;
use syntax::{
    Field, HasField, SyntaxElement, SyntaxKind, SyntaxNode,
    ast::{self, AstElement, AstNode, Expression},
};

use super::{
    Ctx, Expr, ExprId, LocalKind, Stmt, field, generic_call_casts, generic_creations, identifier,
    lower_type, prefix_chains,
};
use crate::{
    body::{AssignOp, Literal, Part},
    item_tree::lower::element_text,
    type_ref::TypeRef,
};

impl Ctx {
    pub(super) fn lower_expr(&mut self, element: &SyntaxElement) -> ExprId {
        if let Some(operand) = self.hoisted_operand(element) {
            return self.lower_expr(&operand);
        }
        if let Some(node) = element.as_node()
            && let Some((prefixes, operand)) = prefix_chains::misparsed_prefixes(node)
            && !self.is_hoisting(&prefixes[0])
        {
            return self.lower_reassociated(element, prefixes, operand, None);
        }
        if let Some(node) = element.as_node()
            && let Some(call) = generic_call_casts::misparsed_generic_call(node)
            && let Some(cast) = self.lower_generic_call_cast(node, call)
        {
            return cast;
        }
        if let Some(node) = element.as_node()
            && let Some(creation) = generic_creations::misparsed_generic_creation(node)
        {
            return self.lower_misparsed_creation(node, creation);
        }
        let node = match element {
            SyntaxElement::Token(token) => return self.lower_token_expr(token, element),
            SyntaxElement::Node(node) => node,
        };
        let Some(expr) = Expression::cast_element(element.clone()) else {
            return self.lower_non_expression(node);
        };
        match expr {
            // `ref e` (a ref local's initializer, `return ref e;`) is the variable `e` (§12.21.3,
            // C# 7): the value and the calls of `e`.
            Expression::ParenthesizedExpression(_)
            | Expression::CheckedExpression(_)
            | Expression::RefExpression(_) => self.lower_first_expr(node),
            Expression::GenericName(_) => self.lower_generic_name(node),
            Expression::Literal(literal) => {
                let expr = match literal {
                    ast::Literal::StringLiteral(_)
                    | ast::Literal::VerbatimStringLiteral(_)
                    | ast::Literal::RawStringLiteral(_) => Expr::Literal(Literal::String),
                    // A node, not a token: its content and escape sequences are children.
                    ast::Literal::CharacterLiteral(_) => Expr::Literal(Literal::Char(
                        super::literal::char_value(&node.text().to_string()),
                    )),
                    _ => Expr::Other(self.lower_sub_exprs(node)),
                };
                self.alloc_at(node, expr)
            }
            Expression::MemberAccessExpression(access) => self.lower_member_access(&access),
            Expression::ConditionalAccessExpression(access) => {
                self.lower_conditional_access(&access)
            }
            Expression::InvocationExpression(call) => self.lower_invocation(&call),
            Expression::ElementAccessExpression(access) => self.lower_element_access(&access),
            Expression::ObjectCreationExpression(_)
            | Expression::ImplicitObjectCreationExpression(_) => self.lower_object_creation(node),
            Expression::ArrayCreationExpression(_)
            | Expression::ImplicitArrayCreationExpression(_)
            | Expression::StackallocExpression(_)
            | Expression::ImplicitStackallocExpression(_) => self.lower_array_creation(node),
            Expression::AnonymousObjectCreationExpression(_) => self.lower_anonymous_object(node),
            Expression::WithExpression(with) => self.lower_with(&with),
            Expression::AssignmentExpression(assign) => self.lower_assignment(&assign),
            Expression::BinaryExpression(binary) => self.lower_binary(&binary),
            Expression::PrefixUnaryExpression(_) | Expression::PostfixUnaryExpression(_) => {
                self.lower_unary(node)
            }
            Expression::CastExpression(cast) => {
                let ty = cast
                    .ty()
                    .map_or(TypeRef::Error, |t| lower_type(&t.syntax_element()));
                let expr = self.lower_opt(node, Field::Value);
                self.alloc_at(node, Expr::Cast { ty, expr })
            }
            Expression::AsExpression(_) => {
                let expr = self.lower_opt(node, Field::Left);
                let ty = field(node, Field::Right).map_or(TypeRef::Error, |t| lower_type(&t));
                self.alloc_at(node, Expr::As { expr, ty })
            }
            Expression::IsExpression(_) => {
                let expr = self.lower_opt(node, Field::Left);
                let ty = field(node, Field::Right).map(|t| lower_type(&t));
                let is = Expr::Is {
                    expr,
                    ty,
                    binding: None,
                    rest: Vec::new(),
                };
                self.alloc_at(node, is)
            }
            Expression::IsPatternExpression(is) => {
                let expr = self.lower_is_pattern(&is);
                self.alloc_at(node, expr)
            }
            Expression::ConditionalExpression(_) => {
                let cond = self.lower_opt(node, Field::Condition);
                let then = self.lower_opt(node, Field::Consequence);
                let else_ = self.lower_opt(node, Field::Alternative);
                self.alloc_at(node, Expr::Conditional { cond, then, else_ })
            }
            Expression::AwaitExpression(_) => {
                let operand = self.lower_first_expr(node);
                self.alloc_at(node, Expr::Await(operand))
            }
            Expression::ThrowExpression(_) => {
                let operand = self.lower_first_expr(node);
                self.alloc_at(node, Expr::Throw(operand))
            }
            Expression::LambdaExpression(_) | Expression::AnonymousMethodExpression(_) => {
                let lambda = self.lower_lambda(node);
                self.alloc_at(node, lambda)
            }
            Expression::TypeofExpression(typeof_) => {
                let ty = typeof_
                    .ty()
                    .map_or(TypeRef::Error, |t| lower_type(&t.syntax_element()));
                self.alloc_at(node, Expr::TypeOf(ty))
            }
            Expression::DefaultExpression(default) => {
                let ty = default.ty().map(|t| lower_type(&t.syntax_element()));
                self.alloc_at(node, Expr::Default(ty))
            }
            Expression::TupleExpression(tuple) => self.lower_tuple(&tuple),
            Expression::InterpolatedStringExpression(string) => {
                let parts = string
                    .interpolations()
                    .map(|i| self.lower_first_expr(i.syntax()))
                    .collect();
                self.alloc_at(node, Expr::InterpolatedString(parts))
            }
            Expression::QueryExpression(_) => self.lower_query(node),
            Expression::SwitchExpression(switch) => self.lower_switch_expression(&switch),
            _ => {
                let parts = self.lower_sub_exprs(node);
                self.alloc_at(node, Expr::Other(parts))
            }
        }
    }

    /// `expr` allocated with `node`'s range as both its full and focus range.
    pub(super) fn alloc_at(&mut self, node: &SyntaxNode, expr: Expr) -> ExprId {
        let range = node.text_range();
        self.alloc_expr(expr, range, range)
    }

    /// A node in an expression's place that is no expression: a type (`Ns.T` in `Ns.T.M()`, `T[]`
    /// in `typeof`-like positions), a declaration expression, or anything else as the expressions
    /// it contains.
    fn lower_non_expression(&mut self, node: &SyntaxNode) -> ExprId {
        let expr = match node.kind() {
            SyntaxKind::QUALIFIED_NAME
            | SyntaxKind::ALIAS_QUALIFIED_NAME
            | SyntaxKind::ARRAY_TYPE
            | SyntaxKind::NULLABLE_TYPE => {
                Expr::Type(lower_type(&SyntaxElement::Node(node.clone())))
            }
            SyntaxKind::DECLARATION_EXPRESSION => match field(node, Field::Name) {
                Some(name) if name.kind() == SyntaxKind::IDENTIFIER => {
                    let ty = field(node, Field::Type).map(|t| lower_type(&t));
                    Expr::Declaration(self.declare(identifier(&name), ty, LocalKind::Variable))
                }
                _ => match self.lower_deconstruction_target(node) {
                    Some(target) => return target,
                    None => Expr::Other(Vec::new()),
                },
            },
            _ => Expr::Other(self.lower_sub_exprs(node)),
        };
        self.alloc_at(node, expr)
    }

    /// `F<T>` in an expression: a name with type arguments.
    fn lower_generic_name(&mut self, node: &SyntaxNode) -> ExprId {
        let TypeRef::Path(path) = lower_type(&SyntaxElement::Node(node.clone())) else {
            return self.missing(node);
        };
        let Some(seg) = path.segments.into_iter().next() else {
            return self.missing(node);
        };
        let name = Expr::Name {
            name: seg.name,
            type_args: seg.args,
        };
        self.alloc_at(node, name)
    }

    /// `a = b`, `a += b`, …; a plain assignment to a tuple deconstructs.
    fn lower_assignment(&mut self, assign: &ast::AssignmentExpression) -> ExprId {
        let node = assign.syntax();
        let operator = assign.operator();
        let is_plain = operator.as_ref().map(|o| o.kind()) == Some(SyntaxKind::EQ);
        let lhs = match field(node, Field::Left) {
            Some(SyntaxElement::Node(left)) if is_plain => self
                .lower_deconstruction_target(&left)
                .unwrap_or_else(|| self.lower_expr(&SyntaxElement::Node(left))),
            _ => self.lower_opt(node, Field::Left),
        };
        let rhs = self.lower_opt(node, Field::Right);
        let focus = operator
            .as_ref()
            .map_or(node.text_range(), |o| o.text_range());
        let op = match operator.as_ref().map(|o| o.kind()) {
            Some(SyntaxKind::EQ) => AssignOp::Plain,
            Some(SyntaxKind::PLUS_EQ) => AssignOp::Add,
            Some(SyntaxKind::MINUS_EQ) => AssignOp::Sub,
            Some(kind) => compound_operator(kind).map_or(AssignOp::Other, AssignOp::Compound),
            None => AssignOp::Other,
        };
        self.alloc_expr(Expr::Assign { op, lhs, rhs }, node.text_range(), focus)
    }

    fn lower_binary(&mut self, binary: &ast::BinaryExpression) -> ExprId {
        let node = binary.syntax();
        if let Some(name) = misread_creation(node) {
            return self.alloc_at(node, Expr::MisreadCreation { name });
        }
        // `ready && list?.Count > 0`, parsed `(ready && list)?.Count > 0`: the `>` goes inside.
        if let Some(left) = field(node, Field::Left)
            && let Some(chain) = left.as_node()
            && let Some((prefixes, operand)) = prefix_chains::misparsed_prefixes(chain)
            && !self.is_hoisting(&prefixes[0])
        {
            let depth = prefix_chains::trailing_depth(node, &prefixes);
            if depth > 0 {
                return self.lower_reassociated(&left, prefixes, operand, Some((node, depth)));
            }
        }
        let lhs = self.lower_opt(node, Field::Left);
        let rhs = self.lower_opt(node, Field::Right);
        let operator = binary.operator();
        let focus = operator
            .as_ref()
            .map_or(node.text_range(), |o| o.text_range());
        let op = operator.map(|o| SmolStr::new(o.text())).unwrap_or_default();
        self.alloc_expr(Expr::Binary { op, lhs, rhs }, node.text_range(), focus)
    }

    /// `-x`, `!x`, `x++`, …; the null-forgiving `x!` is its operand.
    fn lower_unary(&mut self, node: &SyntaxNode) -> ExprId {
        let op = node.children_with_tokens().find(|c| {
            c.as_token().is_some()
                && !c.kind().is_trivia()
                && !Expression::can_cast_element(c.kind())
        });
        let operand = self.lower_first_expr(node);
        match op {
            Some(op)
                if op.kind() != SyntaxKind::BANG
                    || node.kind() == SyntaxKind::PREFIX_UNARY_EXPRESSION =>
            {
                let unary = Expr::Unary {
                    op: SmolStr::new(element_text(&op)),
                    operand,
                };
                self.alloc_expr(unary, node.text_range(), op.text_range())
            }
            _ => operand,
        }
    }

    /// `(a, Count: n)`, with the element names written or inferred (C# 7.1).
    fn lower_tuple(&mut self, tuple: &ast::TupleExpression) -> ExprId {
        let mut elements = Vec::new();
        let mut names = Vec::new();
        for arg in tuple.syntax().children().filter_map(ast::Argument::cast) {
            let value = arg
                .syntax()
                .children_with_tokens()
                .find(|c| c.field() != Some(Field::Name) && Expression::can_cast_element(c.kind()));
            // `(Count: n, ..)`, or the name C# 7.1 infers from `(a.Count, b)`.
            let name = field(arg.syntax(), Field::Name)
                .map(|n| identifier(&n))
                .or_else(|| value.as_ref().and_then(inferred_tuple_name));
            names.push(name);
            elements.push(match value {
                Some(value) => self.lower_expr(&value),
                None => self.missing(arg.syntax()),
            });
        }
        self.alloc_at(tuple.syntax(), Expr::Tuple { elements, names })
    }

    /// `x switch { p => v, .. }`: each arm in a scope of its own.
    fn lower_switch_expression(&mut self, switch: &ast::SwitchExpression) -> ExprId {
        let node = switch.syntax();
        let scrutinee = self.lower_first_expr(node);
        let mut arms = Vec::new();
        for arm in switch.switch_expression_arms() {
            let inner = self.scoped(|ctx| {
                let mut parts = Vec::new();
                ctx.lower_parts(arm.syntax(), &mut parts);
                parts
            });
            arms.push(Part::Stmt(self.alloc_stmt(Stmt::Compound(inner))));
        }
        self.alloc_at(node, Expr::Switch { scrutinee, arms })
    }

    /// Every expression among the children, and those nested in non-expression children.
    pub(super) fn lower_sub_exprs(&mut self, node: &SyntaxNode) -> Vec<ExprId> {
        let mut parts = Vec::new();
        self.lower_parts(node, &mut parts);
        let mut exprs = Vec::new();
        self.collect_exprs(&parts, &mut exprs);
        exprs
    }

    /// The expressions of `parts`, also those inside the compound parts an expression can hold (the
    /// arms of a `switch` expression); their locals were resolved while lowering.
    fn collect_exprs(&self, parts: &[Part], out: &mut Vec<ExprId>) {
        for part in parts {
            match *part {
                Part::Expr(e) => out.push(e),
                Part::Stmt(s) => {
                    if let Stmt::Compound(inner) = &self.body.stmts[s] {
                        self.collect_exprs(inner, out);
                    }
                }
            }
        }
    }
}

/// The element name C# 7.1 infers for a tuple element written as a name or a member access.
fn inferred_tuple_name(value: &SyntaxElement) -> Option<SmolStr> {
    match value.kind() {
        SyntaxKind::IDENTIFIER => Some(identifier(value)),
        SyntaxKind::MEMBER_ACCESS_EXPRESSION => {
            field(value.as_node()?, Field::Name).map(|n| identifier(&n))
        }
        _ => None,
    }
}

/// `F(x, new Dictionary<Type, Func<A, B>>(map))` comes from tree-sitter as the arguments `new
/// Dictionary < Type` and `Func<A, B> > (map)`. An object creation has an argument list or an
/// initializer (§12.8.17.2), so a `<` after one without either opens a type argument list: what it
/// "compares" are type names, not values to bind (`Type` would read as a `Type` property in scope).
/// The name of the type created, when `binary` is such a misread.
fn misread_creation(binary: &SyntaxNode) -> Option<SmolStr> {
    if field(binary, Field::Operator)?.kind() != SyntaxKind::L_ANGLE {
        return None;
    }
    let creation = field(binary, Field::Left)?.into_node().filter(|left| {
        left.kind() == SyntaxKind::OBJECT_CREATION_EXPRESSION
            && field(left, Field::Arguments).is_none()
            && field(left, Field::Initializer).is_none()
    })?;
    match lower_type(&field(&creation, Field::Type)?) {
        crate::type_ref::TypeRef::Path(path) => Some(path.segments.last()?.name.clone()),
        _ => None,
    }
}

/// The binary operator a compound assignment token applies, by its metadata name.
fn compound_operator(kind: SyntaxKind) -> Option<&'static str> {
    Some(match kind {
        SyntaxKind::STAR_EQ => "op_Multiply",
        SyntaxKind::SLASH_EQ => "op_Division",
        SyntaxKind::PERCENT_EQ => "op_Modulus",
        SyntaxKind::AMP_EQ => "op_BitwiseAnd",
        SyntaxKind::PIPE_EQ => "op_BitwiseOr",
        SyntaxKind::CARET_EQ => "op_ExclusiveOr",
        SyntaxKind::SHL_EQ => "op_LeftShift",
        SyntaxKind::SHR_EQ => "op_RightShift",
        SyntaxKind::USHR_EQ => "op_UnsignedRightShift",
        _ => return None,
    })
}
