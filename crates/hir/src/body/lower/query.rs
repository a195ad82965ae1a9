//! Query expressions, lowered as the compiler translates them (C# §12.20.3): into calls of
//! `Select`, `SelectMany`, `Where`, `OrderBy`/`ThenBy`(`Descending`), `Join`, `GroupJoin`, `GroupBy`
//! and `Cast` on the source, with lambdas for the clauses. The binder then binds them like any call
//! (instance methods, then extension methods — LINQ's, or a library's own `SelectMany` over its
//! parser type), so a query's calls are call sites and its range variables get the types the
//! chosen methods give them.
//!
//! Transparent identifiers: after a second range variable the element is an anonymous object of
//! all of them (`new { x, y }`), and each later lambda takes that object as its one parameter. The
//! clauses' code keeps naming the range variables' own locals, which the binder has typed by then
//! (each was a lambda parameter or `let` variable of an earlier, already bound call).

use smol_str::SmolStr;
use syntax::{
    SyntaxElement, SyntaxKind, SyntaxNode, TextRange,
    ast::{AstElement, Expression},
};

use super::{Ctx, Expr, ExprId, LocalId, LocalKind, Stmt};
use crate::body::Arg;
use crate::{
    item_tree::lower::{field, identifier_text as identifier, lower_type},
    type_ref::TypeRef,
};
use syntax::{Field, HasField};

/// Where a clause's synthesized calls are reported: the clause, focused on its keyword.
#[derive(Clone, Copy)]
struct At {
    full: TextRange,
    focus: TextRange,
}

impl At {
    fn of(clause: &SyntaxNode) -> At {
        let focus = clause
            .children_with_tokens()
            .find(|c| c.as_token().is_some() && !c.kind().is_trivia())
            .map_or(clause.text_range(), |t| t.text_range());
        At {
            full: clause.text_range(),
            focus,
        }
    }
}

/// The query being translated: the calls so far and the range variables in scope.
struct Chain {
    current: ExprId,
    vars: Vec<(SmolStr, LocalId)>,
    /// Whether a call follows the first `from`: a final `select x` of the range variable is then
    /// left out (a degenerate select, §12.20.3.3).
    transformed: bool,
}

/// A `from` or `join` clause's parts: its type (when written), its range variable and the
/// expressions after `in` (the source; for a `join` also the two keys).
fn range_clause(clause: &SyntaxNode) -> (Option<TypeRef>, SmolStr, Vec<SyntaxElement>) {
    let ty = field(clause, Field::Type).map(|t| lower_type(&t));
    let mut name = SmolStr::default();
    let mut exprs = Vec::new();
    let mut seen_in = false;
    for part in clause.children_with_tokens() {
        match part.kind() {
            SyntaxKind::IN_KW => seen_in = true,
            SyntaxKind::IDENTIFIER if !seen_in && part.field() != Some(Field::Type) => {
                name = identifier(&part)
            }
            kind if seen_in
                && part.field() != Some(Field::Type)
                && Expression::can_cast_element(kind) =>
            {
                exprs.push(part)
            }
            _ => {}
        }
    }
    (ty, name, exprs)
}

impl Ctx {
    pub(super) fn lower_query(&mut self, node: &SyntaxNode) -> ExprId {
        self.scopes.push(Vec::new());
        let clauses: Vec<SyntaxElement> = node.children_with_tokens().collect();
        let mut chain: Option<Chain> = None;
        let mut i = 0;
        while i < clauses.len() {
            let element = &clauses[i];
            i += 1;
            if element.kind() == SyntaxKind::INTO_KW {
                // `select .. into z` / `group .. into z`: a new query over the result so far.
                let Some(name) = clauses[i..]
                    .iter()
                    .find(|c| c.kind() == SyntaxKind::IDENTIFIER)
                else {
                    break;
                };
                if let Some(c) = chain.as_mut() {
                    let local = self.declare(identifier(name), None, LocalKind::LambdaParam);
                    c.vars = vec![(identifier(name), local)];
                    c.transformed = false;
                }
                i += clauses[i..]
                    .iter()
                    .position(|c| c.kind() == SyntaxKind::IDENTIFIER)
                    .map_or(0, |p| p + 1);
                continue;
            }
            let Some(clause) = element.as_node() else {
                continue;
            };
            let at = At::of(clause);
            chain = match (clause.kind(), chain.take()) {
                (SyntaxKind::FROM_CLAUSE, None) => Some(self.query_start(clause, at)),
                (_, None) => {
                    // A clause before any `from`: not a query the compiler accepts.
                    self.lower_sub_exprs(clause);
                    None
                }
                (SyntaxKind::FROM_CLAUSE, Some(c)) => {
                    Some(self.query_from(clause, c, at, &clauses, &mut i))
                }
                (SyntaxKind::LET_CLAUSE, Some(c)) => Some(self.query_let(clause, c, at)),
                (SyntaxKind::WHERE_CLAUSE, Some(c)) => Some(self.query_where(clause, c, at)),
                (SyntaxKind::ORDER_BY_CLAUSE, Some(c)) => Some(self.query_order_by(clause, c, at)),
                (SyntaxKind::JOIN_CLAUSE, Some(c)) => {
                    Some(self.query_join(clause, c, at, &clauses, &mut i))
                }
                (SyntaxKind::GROUP_CLAUSE, Some(c)) => Some(self.query_group(clause, c, at)),
                (SyntaxKind::SELECT_CLAUSE, Some(c)) => Some(self.query_select(clause, c, at)),
                (_, Some(c)) => {
                    self.lower_sub_exprs(clause);
                    Some(c)
                }
            };
        }
        self.scopes.pop();
        match chain {
            Some(c) => c.current,
            None => self.missing(node),
        }
    }

    /// The first `from`: the source (cast when typed) and its range variable.
    fn query_start(&mut self, clause: &SyntaxNode, at: At) -> Chain {
        let (ty, name, source) = self.lower_from_clause(clause);
        let source = self.cast(source, ty, at);
        let local = self.declare(name.clone(), None, LocalKind::LambdaParam);
        Chain {
            current: source,
            vars: vec![(name, local)],
            transformed: false,
        }
    }

    /// A second `from`: `SelectMany` (with the `select` that follows folded in).
    fn query_from(
        &mut self,
        clause: &SyntaxNode,
        mut c: Chain,
        at: At,
        clauses: &[SyntaxElement],
        i: &mut usize,
    ) -> Chain {
        let (ty, name, source) = self.lower_from_clause(clause);
        let source = self.cast(source, ty, at);
        let param = self.element_param(&c);
        let selector = self.lambda(vec![param], source, at);
        let local = self.declare(name.clone(), None, LocalKind::LambdaParam);
        let selected = self.take_select(clauses, i);
        let result = match selected {
            Some(value) => value,
            None => self.transparent(&c.vars, (name.clone(), local), at),
        };
        let result = self.lambda(vec![param, local], result, at);
        c.current = self.call(
            c.current,
            "SelectMany",
            Vec::new(),
            vec![selector, result],
            at,
        );
        if selected.is_none() {
            c.vars.push((name, local));
        }
        c.transformed = true;
        c
    }

    /// `let x = e`: a `Select` into a transparent identifier.
    fn query_let(&mut self, clause: &SyntaxNode, mut c: Chain, at: At) -> Chain {
        let name = clause
            .children_with_tokens()
            .find(|c| c.kind() == SyntaxKind::IDENTIFIER)
            .map(|n| identifier(&n))
            .unwrap_or_default();
        let init = clause
            .children_with_tokens()
            .skip_while(|c| c.kind() != SyntaxKind::EQ)
            .find(|c| Expression::can_cast_element(c.kind()))
            .map(|e| self.lower_expr(&e));
        let param = self.element_param(&c);
        let local = self.declare(name.clone(), None, LocalKind::Variable);
        let value = self.transparent(&c.vars, (name.clone(), local), at);
        let let_stmt = self.alloc_stmt(Stmt::Let { local, init });
        let ret = self.alloc_stmt(Stmt::Return(Some(value)));
        let body = self.alloc_stmt(Stmt::Block(vec![let_stmt, ret]));
        let lambda = self.alloc_expr(
            Expr::Lambda {
                params: vec![param],
                body,
                is_async: false,
            },
            at.full,
            at.full,
        );
        c.current = self.call(c.current, "Select", Vec::new(), vec![lambda], at);
        c.vars.push((name, local));
        c.transformed = true;
        c
    }

    /// `where e`: `Where`.
    fn query_where(&mut self, clause: &SyntaxNode, mut c: Chain, at: At) -> Chain {
        let condition = self.first_expr_of(clause);
        let param = self.element_param(&c);
        let lambda = self.lambda(vec![param], condition, at);
        c.current = self.call(c.current, "Where", Vec::new(), vec![lambda], at);
        c.transformed = true;
        c
    }

    /// `orderby k1, k2 descending`: `OrderBy`, then `ThenBy`(`Descending`) per key.
    fn query_order_by(&mut self, clause: &SyntaxNode, mut c: Chain, at: At) -> Chain {
        let mut first = true;
        let parts: Vec<SyntaxElement> = clause.children_with_tokens().collect();
        for (k, part) in parts.iter().enumerate() {
            if !Expression::can_cast_element(part.kind()) {
                continue;
            }
            let descending = parts[k + 1..]
                .iter()
                .take_while(|p| p.kind() != SyntaxKind::COMMA)
                .any(|p| p.kind() == SyntaxKind::DESCENDING_KW);
            let key = self.lower_expr(part);
            let param = self.element_param(&c);
            let lambda = self.lambda(vec![param], key, at);
            let name = match (first, descending) {
                (true, false) => "OrderBy",
                (true, true) => "OrderByDescending",
                (false, false) => "ThenBy",
                (false, true) => "ThenByDescending",
            };
            c.current = self.call(c.current, name, Vec::new(), vec![lambda], at);
            first = false;
        }
        c.transformed = true;
        c
    }

    /// `join x in e on k1 equals k2 [into g]`: `Join` or `GroupJoin` (with the `select` that follows folded in).
    fn query_join(
        &mut self,
        clause: &SyntaxNode,
        mut c: Chain,
        at: At,
        clauses: &[SyntaxElement],
        i: &mut usize,
    ) -> Chain {
        let (ty, name, exprs) = range_clause(clause);
        let into = clause
            .children()
            .find(|n| n.kind() == SyntaxKind::JOIN_INTO_CLAUSE)
            .and_then(|n| {
                n.children_with_tokens()
                    .find(|c| c.kind() == SyntaxKind::IDENTIFIER)
                    .map(|n| identifier(&n))
            });
        let [inner, outer_key, inner_key, ..] = exprs.as_slice() else {
            for e in &exprs {
                self.lower_expr(e);
            }
            return c;
        };
        let inner = self.lower_expr(inner);
        let inner = self.cast(inner, ty, at);
        let param = self.element_param(&c);
        let outer_key = self.lower_expr(outer_key);
        let outer_key = self.lambda(vec![param], outer_key, at);
        let local = self.declare(name.clone(), None, LocalKind::LambdaParam);
        let inner_key = self.lower_expr(inner_key);
        let inner_key = self.lambda(vec![local], inner_key, at);
        let (method, joined) = match into {
            Some(g) => (
                "GroupJoin",
                (g.clone(), self.declare(g, None, LocalKind::LambdaParam)),
            ),
            None => ("Join", (name, local)),
        };
        let selected = self.take_select(clauses, i);
        let result = match selected {
            Some(value) => value,
            None => self.transparent(&c.vars, joined.clone(), at),
        };
        let result = self.lambda(vec![param, joined.1], result, at);
        c.current = self.call(
            c.current,
            method,
            Vec::new(),
            vec![inner, outer_key, inner_key, result],
            at,
        );
        if selected.is_none() {
            c.vars.push(joined);
        }
        c.transformed = true;
        c
    }

    /// `group e by k`: `GroupBy`, with an element selector unless `e` is the range variable.
    fn query_group(&mut self, clause: &SyntaxNode, mut c: Chain, at: At) -> Chain {
        let exprs: Vec<SyntaxElement> = clause
            .children_with_tokens()
            .filter(|p| Expression::can_cast_element(p.kind()))
            .collect();
        let param = self.element_param(&c);
        let (element, key) = match exprs.as_slice() {
            [element, key, ..] => (self.lower_expr(element), self.lower_expr(key)),
            _ => {
                return c;
            }
        };
        let key = self.lambda(vec![param], key, at);
        let mut args = vec![key];
        if !self.is_range_variable(element, &c) {
            args.push(self.lambda(vec![param], element, at));
        }
        c.current = self.call(c.current, "GroupBy", Vec::new(), args, at);
        c.transformed = true;
        c
    }

    /// `select e`: `Select`, left out when degenerate (§12.20.3.3).
    fn query_select(&mut self, clause: &SyntaxNode, mut c: Chain, at: At) -> Chain {
        let value = self.first_expr_of(clause);
        if !(c.transformed && self.is_range_variable(value, &c)) {
            let param = self.element_param(&c);
            let lambda = self.lambda(vec![param], value, at);
            c.current = self.call(c.current, "Select", Vec::new(), vec![lambda], at);
        }
        c.transformed = true;
        c
    }

    /// A `from` clause's type (when written), range variable and source.
    fn lower_from_clause(&mut self, clause: &SyntaxNode) -> (Option<TypeRef>, SmolStr, ExprId) {
        let (ty, name, exprs) = range_clause(clause);
        let source = match exprs.first() {
            Some(s) => self.lower_expr(s),
            None => self.missing(clause),
        };
        (ty, name, source)
    }

    /// The value of the `select` clause that follows the clause before `clauses[*next]`, consumed
    /// (`*next` moves past it): a `from` or `join` followed by `select` folds it into its own
    /// result selector (§12.20.3.4).
    fn take_select(&mut self, clauses: &[SyntaxElement], next: &mut usize) -> Option<ExprId> {
        let offset = clauses[*next..]
            .iter()
            .position(|c| c.as_node().is_some())?;
        let select = clauses[*next + offset].as_node()?;
        if select.kind() != SyntaxKind::SELECT_CLAUSE {
            return None;
        }
        *next += offset + 1;
        Some(self.first_expr_of(select))
    }

    /// `from T x in e` ranges over `e.Cast<T>()`.
    fn cast(&mut self, source: ExprId, ty: Option<TypeRef>, at: At) -> ExprId {
        match ty {
            Some(ty) if ty != TypeRef::Implicit => {
                self.call(source, "Cast", vec![ty], Vec::new(), at)
            }
            _ => source,
        }
    }

    /// The parameter of a lambda over the current element: the range variable, or a transparent
    /// identifier once there are several.
    fn element_param(&mut self, chain: &Chain) -> LocalId {
        match chain.vars.as_slice() {
            [(_, only)] => *only,
            _ => self.body.locals.alloc(super::Local {
                name: SmolStr::new_static("<>h__TransparentIdentifier"),
                ty: None,
                kind: LocalKind::LambdaParam,
            }),
        }
    }

    /// `new { x, y, .., extra }`: the element after a clause that adds a range variable.
    fn transparent(
        &mut self,
        vars: &[(SmolStr, LocalId)],
        extra: (SmolStr, LocalId),
        at: At,
    ) -> ExprId {
        let members = vars
            .iter()
            .chain(std::iter::once(&extra))
            .map(|(name, local)| {
                let value = self.alloc_expr(Expr::Local(*local), at.full, at.focus);
                (name.clone(), value)
            })
            .collect();
        self.alloc_expr(Expr::AnonymousObject { members }, at.full, at.focus)
    }

    fn lambda(&mut self, params: Vec<LocalId>, value: ExprId, at: At) -> ExprId {
        let body = self.alloc_stmt(Stmt::Return(Some(value)));
        self.alloc_expr(
            Expr::Lambda {
                params,
                body,
                is_async: false,
            },
            at.full,
            at.full,
        )
    }

    fn call(
        &mut self,
        receiver: ExprId,
        name: &'static str,
        type_args: Vec<TypeRef>,
        args: Vec<ExprId>,
        at: At,
    ) -> ExprId {
        let callee = self.alloc_expr(
            Expr::Member {
                receiver,
                name: SmolStr::new_static(name),
                type_args,
                conditional: false,
            },
            at.full,
            at.focus,
        );
        let args = args.into_iter().map(Arg::positional).collect();
        self.alloc_expr(Expr::Invoke { callee, args }, at.full, at.focus)
    }

    fn first_expr_of(&mut self, clause: &SyntaxNode) -> ExprId {
        match clause
            .children_with_tokens()
            .find(|c| Expression::can_cast_element(c.kind()))
        {
            Some(e) => self.lower_expr(&e),
            None => self.missing(clause),
        }
    }

    /// Whether `expr` is the query's only range variable itself (`select x`, `group x by ..`).
    fn is_range_variable(&self, expr: ExprId, chain: &Chain) -> bool {
        matches!((&self.body.exprs[expr], chain.vars.as_slice()), (Expr::Local(l), [(_, only)]) if l == only)
    }
}
