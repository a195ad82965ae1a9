//! Syntax → [`Body`], with the source map, in one walk over a member's declaration.

mod generic_call_casts;
mod prefix_chains;
mod query;

use smol_str::SmolStr;
use syntax::{
    Field, HasField, SyntaxElement, SyntaxKind, SyntaxNode, TextRange,
    ast::{AstElement, Expression, Statement},
};

use super::{
    Arg, ArgModifier, AssignOp, Body, BodyRoot, BodySourceMap, Enumeration, Expr, ExprId,
    ExprRange, Literal, Local, LocalId, LocalKind, Part, RootKind, Stmt, StmtId, Subpattern,
};
use crate::{
    base_db::{Db, parse},
    item_tree::{
        MemberOrigin, Modifiers, TypeKind, file_item_tree, item_source_map,
        lower::{element_text, field, identifier_text as identifier, lower_type},
    },
    symbols::{MemberId, member_loc},
    type_ref::{Predefined, TypeRef},
};

pub(super) fn lower_member(db: &dyn Db, member: MemberId) -> Option<(Body, BodySourceMap)> {
    let loc = member_loc(db, member)?;
    let file = db.source_file(loc.file)?;
    let range = item_source_map(db, file).member_range(loc.idx)?;
    let root = parse(db, file).syntax_node();
    let tree = file_item_tree(db, file);
    let data = tree.member(loc.idx)?;
    let owner = &tree.types[loc.decl];
    let mut ctx = Ctx::default();
    ctx.scopes.push(Vec::new());
    match data.origin {
        MemberOrigin::TopLevelStatements => {
            ctx.lower_top_level_statements(&root);
            return Some((ctx.body, ctx.map));
        }
        MemberOrigin::PrimaryConstructor => {
            let node = root.covering_element(range.full).into_node()?;
            ctx.lower_primary_constructor(&node);
            return Some((ctx.body, ctx.map));
        }
        MemberOrigin::Declared => {}
        // The constructor a class that declares none gets calls `base()` (C# §15.11.5), written
        // nowhere: its site is the class's name, so the base's constructor lists the class as a
        // caller (a struct's calls nothing).
        MemberOrigin::DefaultConstructor => {
            if matches!(owner.kind, TypeKind::Class | TypeKind::RecordClass) {
                let expr = ctx.alloc_expr(Expr::ImplicitBaseCtor, range.name, range.name);
                ctx.push_root(RootKind::CtorInitializer, Stmt::Expr(expr));
            }
            return Some((ctx.body, ctx.map));
        }
        MemberOrigin::RecordProperty | MemberOrigin::DelegateInvoke => {
            return Some((ctx.body, ctx.map));
        }
    }
    let mut node = root.covering_element(range.full).into_node()?;
    while !is_member_declaration(node.kind()) {
        node = node.parent().filter(|p| p.text_range() == range.full)?;
    }
    // A C# 12 primary constructor's parameters are in scope in every member of a class or struct; a
    // record's only in initializers (elsewhere the name is the generated property).
    let is_initializer = matches!(
        node.kind(),
        SyntaxKind::FIELD_DECLARATION | SyntaxKind::PROPERTY_DECLARATION
    );
    if let Some(params) = &owner.primary_ctor
        && (!owner.kind.is_record() || is_initializer)
    {
        for param in params {
            ctx.declare(param.name.clone(), Some(param.ty.clone()), LocalKind::Param);
        }
    }
    match node.kind() {
        SyntaxKind::FIELD_DECLARATION | SyntaxKind::EVENT_FIELD_DECLARATION => {
            let declarator = node
                .descendants()
                .filter(|d| d.kind() == SyntaxKind::VARIABLE_DECLARATOR)
                .find(|d| field(d, Field::Name).is_some_and(|n| n.text_range() == range.name))?;
            if let Some(init) = initializer_of_declarator(&declarator) {
                let expr = ctx.lower_expr(&init);
                ctx.push_root(RootKind::Initializer, Stmt::Return(Some(expr)));
            }
        }
        SyntaxKind::PROPERTY_DECLARATION
        | SyntaxKind::INDEXER_DECLARATION
        | SyntaxKind::EVENT_DECLARATION => {
            ctx.lower_params(&node);
            ctx.lower_accessors(&node);
        }
        _ => {
            ctx.lower_params(&node);
            if let Some(init) = node
                .children()
                .find(|c| c.kind() == SyntaxKind::CONSTRUCTOR_INITIALIZER)
            {
                let is_base = init
                    .children_with_tokens()
                    .any(|t| t.kind() == SyntaxKind::BASE_KW);
                let keyword = init
                    .children_with_tokens()
                    .find(|t| matches!(t.kind(), SyntaxKind::BASE_KW | SyntaxKind::THIS_KW))
                    .map_or(init.text_range(), |t| t.text_range());
                let args = init
                    .children()
                    .find(|c| c.kind() == SyntaxKind::ARGUMENT_LIST)
                    .map(|list| ctx.lower_args(&list))
                    .unwrap_or_default();
                let expr = ctx.alloc_expr(
                    Expr::CtorInitializer { is_base, args },
                    init.text_range(),
                    keyword,
                );
                ctx.push_root(RootKind::CtorInitializer, Stmt::Expr(expr));
            } else if node.kind() == SyntaxKind::CONSTRUCTOR_DECLARATION
                && !data.modifiers.contains(Modifiers::STATIC)
            {
                // No initializer means `: base()` (C# §15.11.2), written nowhere: its site is the
                // constructor's name.
                let name = field(&node, Field::Name).map_or(range.name, |n| n.text_range());
                let expr = ctx.alloc_expr(Expr::ImplicitBaseCtor, name, name);
                ctx.push_root(RootKind::CtorInitializer, Stmt::Expr(expr));
            }
            if let Some(body) = field(&node, Field::Body).and_then(SyntaxElement::into_node) {
                let stmt = ctx.lower_function_body(&body);
                ctx.body.roots.push(BodyRoot {
                    kind: RootKind::Body,
                    stmt,
                });
            }
        }
    }
    Some((ctx.body, ctx.map))
}

impl Ctx {
    /// The statements of a file outside any type, as one block: local functions are visible in all.
    fn lower_top_level_statements(&mut self, root: &SyntaxNode) {
        self.declare(
            SmolStr::new_static("args"),
            Some(TypeRef::Array {
                element: Box::new(TypeRef::Predefined(Predefined::String)),
                rank: 1,
            }),
            LocalKind::Param,
        );
        let globals: Vec<SyntaxNode> = root
            .children()
            .filter(|c| c.kind() == SyntaxKind::GLOBAL_STATEMENT)
            .collect();
        for global in &globals {
            self.declare_local_functions(global);
        }
        let mut stmts = Vec::new();
        for global in &globals {
            for child in global.children_with_tokens() {
                if Statement::can_cast_element(child.kind()) {
                    self.lower_stmt(&child, &mut stmts);
                }
            }
        }
        self.push_root(RootKind::Body, Stmt::Block(stmts));
    }

    /// `class C(int x) : Base(x)`: the parameters, and the base constructor call of the base list.
    fn lower_primary_constructor(&mut self, type_decl: &SyntaxNode) {
        if let Some(list) = type_decl
            .children()
            .find(|c| c.kind() == SyntaxKind::PARAMETER_LIST)
        {
            let params = self.declare_params(&list, LocalKind::Param);
            self.body.params = params;
        }
        // Records wrap `Base(args)` in a node; classes leave the argument list flat in the base list.
        let Some(list) = type_decl
            .children()
            .find(|c| c.kind() == SyntaxKind::BASE_LIST)
        else {
            return;
        };
        let (base, args) = match list
            .children()
            .find(|c| c.kind() == SyntaxKind::PRIMARY_CONSTRUCTOR_BASE_TYPE)
        {
            Some(base) => {
                let args = base
                    .children()
                    .find(|c| c.kind() == SyntaxKind::ARGUMENT_LIST);
                (
                    field(&base, Field::Type).map_or(base.text_range(), |t| t.text_range()),
                    args,
                )
            }
            None => (
                list.children_with_tokens()
                    .find(|c| c.kind() != SyntaxKind::COLON && !c.kind().is_trivia())
                    .map_or(list.text_range(), |t| t.text_range()),
                list.children()
                    .find(|c| c.kind() == SyntaxKind::ARGUMENT_LIST),
            ),
        };
        let Some(args) = args else {
            // `class C(int x) : Base`: the primary constructor calls `Base()`.
            let expr = self.alloc_expr(Expr::ImplicitBaseCtor, base, base);
            self.push_root(RootKind::CtorInitializer, Stmt::Expr(expr));
            return;
        };
        let full = TextRange::new(base.start(), args.text_range().end());
        let args = self.lower_args(&args);
        let expr = self.alloc_expr(
            Expr::CtorInitializer {
                is_base: true,
                args,
            },
            full,
            base,
        );
        self.push_root(RootKind::CtorInitializer, Stmt::Expr(expr));
    }
}

fn is_member_declaration(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SyntaxKind::METHOD_DECLARATION
            | SyntaxKind::CONSTRUCTOR_DECLARATION
            | SyntaxKind::DESTRUCTOR_DECLARATION
            | SyntaxKind::OPERATOR_DECLARATION
            | SyntaxKind::CONVERSION_OPERATOR_DECLARATION
            | SyntaxKind::PROPERTY_DECLARATION
            | SyntaxKind::INDEXER_DECLARATION
            | SyntaxKind::EVENT_DECLARATION
            | SyntaxKind::FIELD_DECLARATION
            | SyntaxKind::EVENT_FIELD_DECLARATION
            | SyntaxKind::ENUM_MEMBER_DECLARATION
    )
}

#[derive(Default)]
struct Ctx {
    body: Body,
    map: BodySourceMap,
    /// Lexical scopes, innermost last.
    scopes: Vec<Vec<(SmolStr, LocalId)>>,
    /// Operators moved out of a `?.` chain, each with the operand lowered in its place (see
    /// [`prefix_chains`]).
    hoisted: Vec<(SyntaxNode, SyntaxElement)>,
}

impl Ctx {
    fn alloc_expr(&mut self, expr: Expr, full: TextRange, focus: TextRange) -> ExprId {
        let id = self.body.exprs.alloc(expr);
        self.map.exprs.insert(id, ExprRange { full, focus });
        id
    }

    fn alloc_stmt(&mut self, stmt: Stmt) -> StmtId {
        self.body.stmts.alloc(stmt)
    }

    fn push_root(&mut self, kind: RootKind, stmt: Stmt) {
        let stmt = self.alloc_stmt(stmt);
        self.body.roots.push(BodyRoot { kind, stmt });
    }

    fn declare(&mut self, name: SmolStr, ty: Option<TypeRef>, kind: LocalKind) -> LocalId {
        let ty = ty.filter(|t| *t != TypeRef::Implicit);
        let id = self.body.locals.alloc(Local {
            name: name.clone(),
            ty,
            kind,
        });
        if let Some(scope) = self.scopes.last_mut() {
            scope.push((name, id));
        }
        id
    }

    fn lookup(&self, name: &str) -> Option<LocalId> {
        self.scopes
            .iter()
            .rev()
            .flat_map(|s| s.iter().rev())
            .find(|(n, _)| n == name)
            .map(|(_, id)| *id)
    }

    fn scoped<T>(&mut self, f: impl FnOnce(&mut Ctx) -> T) -> T {
        self.scopes.push(Vec::new());
        let out = f(self);
        self.scopes.pop();
        out
    }

    /// The member's parameters (a parameter list or an indexer's bracketed one).
    fn lower_params(&mut self, node: &SyntaxNode) {
        let Some(list) = field(node, Field::Parameters).and_then(SyntaxElement::into_node) else {
            return;
        };
        let params = self.declare_params(&list, LocalKind::Param);
        self.body.params = params;
    }

    fn declare_params(&mut self, list: &SyntaxNode, kind: LocalKind) -> Vec<LocalId> {
        let mut out = Vec::new();
        for param in list
            .children()
            .filter(|c| c.kind() == SyntaxKind::PARAMETER)
        {
            let Some(name) = field(&param, Field::Name) else {
                continue;
            };
            let ty = field(&param, Field::Type).map(|t| lower_type(&t));
            out.push(self.declare(identifier(&name), ty, kind));
        }
        // `params T[] rest`: its parts sit directly in the list.
        if list
            .children_with_tokens()
            .any(|c| c.kind() == SyntaxKind::PARAMS_KW)
            && let Some(name) = field(list, Field::Name)
        {
            let ty = field(list, Field::Type).map(|t| lower_type(&t));
            out.push(self.declare(identifier(&name), ty, kind));
        }
        out
    }

    fn lower_accessors(&mut self, node: &SyntaxNode) {
        match field(node, Field::Value).and_then(SyntaxElement::into_node) {
            Some(value) if value.kind() == SyntaxKind::ARROW_EXPRESSION_CLAUSE => {
                let stmt = self.lower_function_body(&value);
                self.body.roots.push(BodyRoot {
                    kind: RootKind::Get,
                    stmt,
                });
            }
            Some(value) => {
                let expr = self.lower_expr(&SyntaxElement::Node(value));
                self.push_root(RootKind::Initializer, Stmt::Return(Some(expr)));
            }
            None => {}
        }
        let Some(list) = field(node, Field::Accessors).and_then(SyntaxElement::into_node) else {
            return;
        };
        for accessor in list
            .children()
            .filter(|c| c.kind() == SyntaxKind::ACCESSOR_DECLARATION)
        {
            let kind = match field(&accessor, Field::Name).map(|n| n.kind()) {
                Some(SyntaxKind::GET_KW) => RootKind::Get,
                Some(SyntaxKind::SET_KW | SyntaxKind::INIT_KW) => RootKind::Set,
                Some(SyntaxKind::ADD_KW) => RootKind::Add,
                Some(SyntaxKind::REMOVE_KW) => RootKind::Remove,
                _ => continue,
            };
            let Some(body) = field(&accessor, Field::Body).and_then(SyntaxElement::into_node)
            else {
                continue;
            };
            let stmt = self.scoped(|ctx| {
                if kind != RootKind::Get {
                    let value = ctx.declare(SmolStr::new_static("value"), None, LocalKind::Value);
                    ctx.body.params.push(value);
                }
                ctx.lower_function_body(&body)
            });
            self.body.roots.push(BodyRoot { kind, stmt });
        }
    }

    /// A block, or `=> expr` (as a return of the expression).
    fn lower_function_body(&mut self, body: &SyntaxNode) -> StmtId {
        if body.kind() == SyntaxKind::ARROW_EXPRESSION_CLAUSE {
            let Some(expr) = body
                .children_with_tokens()
                .find(|c| Expression::can_cast_element(c.kind()))
            else {
                return self.alloc_stmt(Stmt::Missing);
            };
            let expr = self.lower_expr(&expr);
            return self.alloc_stmt(Stmt::Return(Some(expr)));
        }
        self.lower_stmt_one(&SyntaxElement::Node(body.clone()))
    }

    fn lower_stmt_one(&mut self, element: &SyntaxElement) -> StmtId {
        let mut out = Vec::new();
        self.lower_stmt(element, &mut out);
        match out.as_slice() {
            [one] => *one,
            _ => self.alloc_stmt(Stmt::Block(out)),
        }
    }

    fn lower_stmt(&mut self, element: &SyntaxElement, out: &mut Vec<StmtId>) {
        let Some(node) = element.as_node() else {
            // A statement position holding a bare expression token (`yield return x` keeps it inline).
            if Expression::can_cast_element(element.kind()) {
                let expr = self.lower_expr(element);
                out.push(self.alloc_stmt(Stmt::Expr(expr)));
            }
            return;
        };
        match node.kind() {
            SyntaxKind::BLOCK => {
                let stmts = self.scoped(|ctx| {
                    ctx.declare_local_functions(node);
                    let mut stmts = Vec::new();
                    for child in node.children_with_tokens() {
                        if Statement::can_cast_element(child.kind()) {
                            ctx.lower_stmt(&child, &mut stmts);
                        }
                    }
                    stmts
                });
                out.push(self.alloc_stmt(Stmt::Block(stmts)));
            }
            SyntaxKind::LOCAL_DECLARATION_STATEMENT => {
                if let Some(decl) = node
                    .children()
                    .find(|c| c.kind() == SyntaxKind::VARIABLE_DECLARATION)
                {
                    // `const int x = 1;`: a constant, whose value binding needs (§10.2.11).
                    let kind = if node
                        .children_with_tokens()
                        .any(|c| c.kind() == SyntaxKind::MODIFIER && element_text(&c) == "const")
                    {
                        LocalKind::Constant
                    } else {
                        LocalKind::Variable
                    };
                    self.lower_variable_declaration(&decl, kind, out);
                }
            }
            SyntaxKind::EXPRESSION_STATEMENT => {
                let expr = self.lower_first_expr(node);
                out.push(self.alloc_stmt(Stmt::Expr(expr)));
            }
            SyntaxKind::RETURN_STATEMENT => {
                let expr = node
                    .children_with_tokens()
                    .find(|c| Expression::can_cast_element(c.kind()))
                    .map(|e| self.lower_expr(&e));
                out.push(self.alloc_stmt(Stmt::Return(expr)));
            }
            SyntaxKind::FOREACH_STATEMENT => {
                let source = self.lower_opt(node, Field::Right);
                let enumeration = self.enumeration_sites(node);
                let stmt = self.scoped(|ctx| {
                    let ty = field(node, Field::Type).map(|t| lower_type(&t));
                    let (local, deconstruction) = match field(node, Field::Left) {
                        Some(left) if left.kind() == SyntaxKind::IDENTIFIER => (
                            Some(ctx.declare(identifier(&left), ty, LocalKind::Element)),
                            None,
                        ),
                        // `foreach (var (k, v) in ...)`, `foreach ((string k, var v) in ...)`.
                        Some(SyntaxElement::Node(pattern)) => {
                            (None, ctx.lower_deconstruction_target(&pattern))
                        }
                        _ => (None, None),
                    };
                    let body = field(node, Field::Body).map(|b| ctx.lower_stmt_one(&b));
                    ctx.alloc_stmt(Stmt::Foreach {
                        local,
                        deconstruction,
                        source,
                        body,
                        enumeration,
                    })
                });
                out.push(stmt);
            }
            SyntaxKind::LOCAL_FUNCTION_STATEMENT => {
                let Some(name) = field(node, Field::Name) else {
                    return;
                };
                let name = identifier(&name);
                let local = self
                    .lookup(&name)
                    .unwrap_or_else(|| self.declare(name, None, LocalKind::LocalFunction));
                let return_ty = field(node, Field::Type).map(|t| lower_type(&t));
                let stmt = self.scoped(|ctx| {
                    let params = field(node, Field::Parameters)
                        .and_then(SyntaxElement::into_node)
                        .map(|list| ctx.declare_params(&list, LocalKind::Param))
                        .unwrap_or_default();
                    let body = field(node, Field::Body)
                        .and_then(SyntaxElement::into_node)
                        .map(|b| ctx.lower_function_body(&b));
                    Stmt::LocalFunction {
                        local,
                        params,
                        return_ty,
                        body,
                    }
                });
                out.push(self.alloc_stmt(stmt));
            }
            SyntaxKind::YIELD_STATEMENT
                if node
                    .children_with_tokens()
                    .any(|c| c.kind() == SyntaxKind::RETURN_KW) =>
            {
                let expr = self.lower_first_expr(node);
                out.push(self.alloc_stmt(Stmt::YieldReturn(expr)));
            }
            SyntaxKind::SWITCH_STATEMENT => {
                let scrutinee = self.lower_opt(node, Field::Value);
                let arms = self.scoped(|ctx| {
                    let mut parts = Vec::new();
                    if let Some(body) = field(node, Field::Body).and_then(SyntaxElement::into_node)
                    {
                        ctx.lower_parts(&body, &mut parts);
                    }
                    parts
                });
                let range = node.text_range();
                let expr = self.alloc_expr(Expr::Switch { scrutinee, arms }, range, range);
                out.push(self.alloc_stmt(Stmt::Expr(expr)));
            }
            SyntaxKind::IF_STATEMENT => {
                // Variables the condition declares (`if (!TryGet(out var x)) return;`) stay in scope
                // after the `if`, in the enclosing block; each branch has a scope of its own.
                let mut parts = Vec::new();
                if let Some(condition) = field(node, Field::Condition) {
                    parts.push(Part::Expr(self.lower_expr(&condition)));
                }
                for branch in [Field::Consequence, Field::Alternative] {
                    if let Some(branch) = field(node, branch) {
                        let stmt = self.scoped(|ctx| ctx.lower_stmt_one(&branch));
                        parts.push(Part::Stmt(stmt));
                    }
                }
                out.push(self.alloc_stmt(Stmt::Compound(parts)));
            }
            _ => {
                // Loops, `using`, `lock`, `try`, `switch`, `yield`, `throw`, …: their parts in order, in a
                // scope of their own.
                let parts = self.scoped(|ctx| {
                    let mut parts = Vec::new();
                    ctx.lower_parts(node, &mut parts);
                    parts
                });
                out.push(self.alloc_stmt(Stmt::Compound(parts)));
            }
        }
    }

    /// The placeholders of a `foreach` statement's implicit calls: `in` for `MoveNext`, the iteration
    /// variable (with its type) for `Current`.
    fn enumeration_sites(&mut self, node: &SyntaxNode) -> Option<Enumeration> {
        let in_kw = node
            .children_with_tokens()
            .find(|c| c.kind() == SyntaxKind::IN_KW)?
            .text_range();
        let left = field(node, Field::Left).map_or(in_kw, |l| l.text_range());
        let variable = match field(node, Field::Type) {
            Some(ty) => TextRange::new(ty.text_range().start(), left.end()),
            None => left,
        };
        let is_await = node
            .children_with_tokens()
            .any(|c| c.kind() == SyntaxKind::AWAIT_KW);
        Some(Enumeration {
            move_next: self.alloc_expr(Expr::Missing, in_kw, in_kw),
            current: self.alloc_expr(Expr::Missing, variable, variable),
            is_await,
        })
    }

    /// Local functions are in scope in their whole block, also before their declaration.
    fn declare_local_functions(&mut self, block: &SyntaxNode) {
        for child in block
            .children()
            .filter(|c| c.kind() == SyntaxKind::LOCAL_FUNCTION_STATEMENT)
        {
            if let Some(name) = field(&child, Field::Name) {
                self.declare(identifier(&name), None, LocalKind::LocalFunction);
            }
        }
    }

    fn lower_parts(&mut self, node: &SyntaxNode, parts: &mut Vec<Part>) {
        for child in node.children_with_tokens() {
            let kind = child.kind();
            if matches!(child.field(), Some(Field::Name | Field::Type)) && kind != SyntaxKind::BLOCK
            {
                continue;
            }
            if Statement::can_cast_element(kind) {
                let mut stmts = Vec::new();
                self.lower_stmt(&child, &mut stmts);
                parts.extend(stmts.into_iter().map(Part::Stmt));
            } else if is_pattern(kind) {
                self.lower_pattern(&child, parts);
            } else if Expression::can_cast_element(kind) {
                parts.push(Part::Expr(self.lower_expr(&child)));
            } else if let Some(child) = child.as_node() {
                match kind {
                    SyntaxKind::VARIABLE_DECLARATION => {
                        let mut stmts = Vec::new();
                        self.lower_variable_declaration(child, LocalKind::Variable, &mut stmts);
                        parts.extend(stmts.into_iter().map(Part::Stmt));
                    }
                    SyntaxKind::CATCH_DECLARATION => {
                        if let Some(name) = field(child, Field::Name) {
                            let ty = field(child, Field::Type).map(|t| lower_type(&t));
                            self.declare(identifier(&name), ty, LocalKind::Catch);
                        }
                    }
                    SyntaxKind::SWITCH_SECTION
                    | SyntaxKind::CATCH_CLAUSE
                    | SyntaxKind::SWITCH_EXPRESSION_ARM => {
                        let inner = self.scoped(|ctx| {
                            let mut inner = Vec::new();
                            ctx.lower_parts(child, &mut inner);
                            inner
                        });
                        parts.push(Part::Stmt(self.alloc_stmt(Stmt::Compound(inner))));
                    }
                    _ => self.lower_parts(child, parts),
                }
            }
        }
    }

    /// Declares a pattern's variable (typed as the pattern's type) and lowers its constants.
    fn lower_pattern(&mut self, element: &SyntaxElement, parts: &mut Vec<Part>) {
        let Some(node) = element.as_node() else {
            if Expression::can_cast_element(element.kind()) {
                parts.push(Part::Expr(self.lower_expr(element)));
            }
            return;
        };
        match node.kind() {
            SyntaxKind::DECLARATION_PATTERN
            | SyntaxKind::RECURSIVE_PATTERN
            | SyntaxKind::VAR_PATTERN => {
                let ty = field(node, Field::Type)
                    .map(|t| lower_type(&t))
                    .filter(|t| *t != TypeRef::Implicit);
                if let Some(name) =
                    field(node, Field::Name).filter(|n| n.kind() == SyntaxKind::IDENTIFIER)
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
                // `{ Title: var title }`: the subpatterns' designations and constants; the members
                // a property pattern names are read from the tested value.
                for clause in node.children().filter(|c| {
                    matches!(
                        c.kind(),
                        SyntaxKind::PROPERTY_PATTERN_CLAUSE | SyntaxKind::POSITIONAL_PATTERN_CLAUSE
                    )
                }) {
                    if clause.kind() == SyntaxKind::POSITIONAL_PATTERN_CLAUSE {
                        let elements = clause
                            .children()
                            .filter(|c| c.kind() == SyntaxKind::SUBPATTERN)
                            .map(|sub| {
                                let mut nested = Vec::new();
                                for child in
                                    sub.children_with_tokens().filter(|c| is_pattern(c.kind()))
                                {
                                    self.lower_pattern(&child, &mut nested);
                                }
                                nested
                            })
                            .collect();
                        let range = clause.text_range();
                        let expr = self.alloc_expr(
                            Expr::PositionalPattern {
                                ty: ty.clone(),
                                elements,
                            },
                            range,
                            range,
                        );
                        parts.push(Part::Expr(expr));
                        continue;
                    }
                    let mut subpatterns = Vec::new();
                    for sub in clause
                        .children()
                        .filter(|c| c.kind() == SyntaxKind::SUBPATTERN)
                    {
                        let member = sub
                            .children_with_tokens()
                            .find(|c| {
                                matches!(
                                    c.kind(),
                                    SyntaxKind::IDENTIFIER | SyntaxKind::MEMBER_ACCESS_EXPRESSION
                                )
                            })
                            .map(|name| self.lower_pattern_member(&name));
                        let mut nested = Vec::new();
                        for child in sub.children_with_tokens().filter(|c| is_pattern(c.kind())) {
                            self.lower_pattern(&child, &mut nested);
                        }
                        match member {
                            Some(member) => subpatterns.push(Subpattern {
                                member,
                                pattern: nested,
                            }),
                            None => parts.extend(nested),
                        }
                    }
                    if !subpatterns.is_empty() {
                        let range = clause.text_range();
                        let expr = self.alloc_expr(
                            Expr::PropertyPattern {
                                ty: ty.clone(),
                                subpatterns,
                            },
                            range,
                            range,
                        );
                        parts.push(Part::Expr(expr));
                    }
                }
            }
            SyntaxKind::CONSTANT_PATTERN => {
                // An invocation or a tuple is never a constant: tree-sitter reads `case Point(0,
                // var y):` and `(1, var z) =>` as those, and they are positional patterns.
                match node
                    .children_with_tokens()
                    .find(|c| Expression::can_cast_element(c.kind()))
                {
                    Some(inner) if self.is_misread_positional_pattern(&inner) => {
                        self.lower_expr_as_pattern(&inner, parts)
                    }
                    _ => self.lower_parts(node, parts),
                }
            }
            SyntaxKind::LIST_PATTERN => {
                let mut elements = Vec::new();
                for child in node.children_with_tokens() {
                    if is_pattern(child.kind()) {
                        self.lower_pattern(&child, &mut elements);
                    } else if let Some(slice) = child.as_node() {
                        // `.. var rest`: the slice's own pattern.
                        for inner in slice
                            .children_with_tokens()
                            .filter(|c| is_pattern(c.kind()))
                        {
                            self.lower_pattern(&inner, &mut elements);
                        }
                    }
                }
                let range = node.text_range();
                let expr = self.alloc_expr(Expr::ListPattern(elements), range, range);
                parts.push(Part::Expr(expr));
            }
            _ => {
                for child in node.children_with_tokens() {
                    if is_pattern(child.kind()) {
                        self.lower_pattern(&child, parts);
                    }
                }
            }
        }
    }

    /// `(a, (b, _))` after a `var` that tree-sitter read as a call: every name is a new variable.
    fn lower_var_designation(&mut self, list: &SyntaxNode) -> Option<ExprId> {
        let range = list.text_range();
        let mut elements = Vec::new();
        for arg in list.children().filter(|c| c.kind() == SyntaxKind::ARGUMENT) {
            let inner = arg
                .children_with_tokens()
                .find(|c| Expression::can_cast_element(c.kind()))?;
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

    /// An invocation (other than `nameof`) or a tuple where a pattern is expected.
    fn is_misread_positional_pattern(&self, element: &SyntaxElement) -> bool {
        match element.kind() {
            SyntaxKind::TUPLE_EXPRESSION => true,
            SyntaxKind::INVOCATION_EXPRESSION => element.as_node().is_some_and(|n| {
                !field(n, Field::Function).is_some_and(|f| {
                    f.kind() == SyntaxKind::IDENTIFIER && identifier(&f) == "nameof"
                })
            }),
            _ => false,
        }
    }

    /// The pattern an expression that tree-sitter parsed in a pattern's place stands for (see
    /// [`Self::is_misread_positional_pattern`]): `T(..)` and `(..)` are positional patterns whose
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
            _ if self.is_misread_positional_pattern(element) => {
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
    fn lower_positional_arguments(&mut self, ty: Option<TypeRef>, list: &SyntaxNode) -> ExprId {
        let elements = list
            .children()
            .filter(|c| c.kind() == SyntaxKind::ARGUMENT)
            .map(|arg| {
                let mut nested = Vec::new();
                if let Some(inner) = arg.children_with_tokens().find(|c| {
                    Expression::can_cast_element(c.kind())
                        || c.kind() == SyntaxKind::DECLARATION_EXPRESSION
                }) {
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

    fn lower_variable_declaration(
        &mut self,
        decl: &SyntaxNode,
        kind: LocalKind,
        out: &mut Vec<StmtId>,
    ) {
        let ty = field(decl, Field::Type).map(|t| lower_type(&t));
        for declarator in decl
            .children()
            .filter(|c| c.kind() == SyntaxKind::VARIABLE_DECLARATOR)
        {
            let init = initializer_of_declarator(&declarator).map(|e| self.lower_expr(&e));
            match field(&declarator, Field::Name) {
                Some(name) if name.kind() == SyntaxKind::IDENTIFIER => {
                    let local = self.declare(identifier(&name), ty.clone(), kind);
                    out.push(self.alloc_stmt(Stmt::Let { local, init }));
                }
                _ => {
                    // `var (a, b) = value;`
                    let target = declarator
                        .children()
                        .find(|c| c.kind() == SyntaxKind::TUPLE_PATTERN)
                        .and_then(|p| self.lower_deconstruction_target(&p));
                    let expr = match (target, init) {
                        (Some(lhs), Some(rhs)) => {
                            let range = declarator.text_range();
                            let focus = self.map.exprs[lhs].focus;
                            self.alloc_expr(
                                Expr::Assign {
                                    op: AssignOp::Plain,
                                    lhs,
                                    rhs,
                                },
                                range,
                                focus,
                            )
                        }
                        (target, init) => match target.or(init) {
                            Some(expr) => expr,
                            None => continue,
                        },
                    };
                    out.push(self.alloc_stmt(Stmt::Expr(expr)));
                }
            }
        }
    }

    /// The left side of a deconstruction: `(a, b)` / `(a, (b, _))` of a `var (..)` designation, or
    /// a tuple expression assigned to (`(x, y) = ..`, `(int a, var b) = ..`); `None` for anything
    /// else. Declares the variables it designates.
    fn lower_deconstruction_target(&mut self, node: &SyntaxNode) -> Option<ExprId> {
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
                .filter(|c| c.kind() == SyntaxKind::ARGUMENT)
                .map(|arg| {
                    let Some(element) = arg.children_with_tokens().find(|c| {
                        Expression::can_cast_element(c.kind())
                            || c.kind() == SyntaxKind::DECLARATION_EXPRESSION
                    }) else {
                        return self.missing(&arg);
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
                })
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

    fn missing(&mut self, node: &SyntaxNode) -> ExprId {
        self.alloc_expr(Expr::Missing, node.text_range(), node.text_range())
    }

    fn lower_first_expr(&mut self, node: &SyntaxNode) -> ExprId {
        match node
            .children_with_tokens()
            .find(|c| Expression::can_cast_element(c.kind()))
        {
            Some(e) => self.lower_expr(&e),
            None => self.missing(node),
        }
    }

    fn lower_opt(&mut self, node: &SyntaxNode, f: Field) -> ExprId {
        match field(node, f) {
            Some(e) => self.lower_expr(&e),
            None => self.missing(node),
        }
    }

    fn lower_expr(&mut self, element: &SyntaxElement) -> ExprId {
        if let Some(operand) = self.hoisted_operand(element) {
            return self.lower_expr(&operand);
        }
        if let Some(node) = element.as_node()
            && let Some((prefixes, operand)) = prefix_chains::misparsed_prefixes(node)
            && !self.is_hoisting(&prefixes[0])
        {
            return self.lower_reassociated(element, prefixes, operand);
        }
        if let Some(node) = element.as_node()
            && let Some(call) = generic_call_casts::misparsed_generic_call(node)
            && let Some(cast) = self.lower_generic_call_cast(node, call)
        {
            return cast;
        }
        let full = element.text_range();
        let node = match element {
            SyntaxElement::Token(token) => {
                let expr = match token.kind() {
                    SyntaxKind::IDENTIFIER => {
                        let name = identifier(element);
                        match self.lookup(&name) {
                            Some(local) => Expr::Local(local),
                            None => Expr::Name {
                                name,
                                type_args: Vec::new(),
                            },
                        }
                    }
                    SyntaxKind::THIS_KW => Expr::This,
                    SyntaxKind::BASE_KW => Expr::Base,
                    SyntaxKind::PREDEFINED_TYPE => Expr::Type(lower_type(element)),
                    kind => match literal(kind, token.text()) {
                        Some(lit) => Expr::Literal(lit),
                        None => Expr::Missing,
                    },
                };
                return self.alloc_expr(expr, full, full);
            }
            SyntaxElement::Node(node) => node,
        };
        let mut focus = full;
        let expr = match node.kind() {
            SyntaxKind::PARENTHESIZED_EXPRESSION | SyntaxKind::CHECKED_EXPRESSION => {
                return self.lower_first_expr(node);
            }
            SyntaxKind::GENERIC_NAME => {
                let TypeRef::Path(path) = lower_type(element) else {
                    return self.missing(node);
                };
                let Some(seg) = path.segments.into_iter().next() else {
                    return self.missing(node);
                };
                Expr::Name {
                    name: seg.name,
                    type_args: seg.args,
                }
            }
            SyntaxKind::QUALIFIED_NAME
            | SyntaxKind::ALIAS_QUALIFIED_NAME
            | SyntaxKind::ARRAY_TYPE
            | SyntaxKind::NULLABLE_TYPE => Expr::Type(lower_type(element)),
            SyntaxKind::STRING_LITERAL
            | SyntaxKind::VERBATIM_STRING_LITERAL
            | SyntaxKind::RAW_STRING_LITERAL => Expr::Literal(Literal::String),
            // A node, not a token: its content and escape sequences are children.
            SyntaxKind::CHARACTER_LITERAL => Expr::Literal(Literal::Char),
            SyntaxKind::MEMBER_ACCESS_EXPRESSION => {
                let receiver = self.lower_opt(node, Field::Expression);
                let (name, type_args, name_range) = member_name(node);
                focus = name_range;
                Expr::Member {
                    receiver,
                    name,
                    type_args,
                    conditional: false,
                }
            }
            SyntaxKind::CONDITIONAL_ACCESS_EXPRESSION => {
                let receiver = self.lower_opt(node, Field::Condition);
                let binding = node.children().find(|c| {
                    matches!(
                        c.kind(),
                        SyntaxKind::MEMBER_BINDING_EXPRESSION
                            | SyntaxKind::ELEMENT_BINDING_EXPRESSION
                    )
                });
                match binding {
                    Some(b) if b.kind() == SyntaxKind::MEMBER_BINDING_EXPRESSION => {
                        let (name, type_args, name_range) = member_name(&b);
                        focus = name_range;
                        Expr::Member {
                            receiver,
                            name,
                            type_args,
                            conditional: true,
                        }
                    }
                    Some(b) => {
                        focus = b.text_range();
                        let args = b
                            .children()
                            .find(|c| c.kind() == SyntaxKind::BRACKETED_ARGUMENT_LIST)
                            .map(|l| self.lower_args(&l))
                            .unwrap_or_default();
                        Expr::Index { receiver, args }
                    }
                    None => Expr::Other(vec![receiver]),
                }
            }
            SyntaxKind::INVOCATION_EXPRESSION => {
                let function = field(node, Field::Function);
                if function.as_ref().is_some_and(|f| {
                    f.kind() == SyntaxKind::IDENTIFIER && identifier(f) == "nameof"
                }) && self.lookup("nameof").is_none()
                {
                    Expr::NameOf
                } else if let Some(SyntaxElement::Node(is)) = &function
                    && let Some((tested, ty)) = misread_is_type(is)
                    && let Some(list) =
                        field(node, Field::Arguments).and_then(SyntaxElement::into_node)
                {
                    // `x is Point(var a, _)` without a designation: tree-sitter reads a call of
                    // `x is Point`, which a `bool` cannot be; it is a positional pattern.
                    let expr = match tested {
                        Some(tested) => self.lower_expr(&tested),
                        None => self.missing(is),
                    };
                    let ty = Some(lower_type(&ty));
                    let pattern = self.lower_positional_arguments(ty.clone(), &list);
                    Expr::Is {
                        expr,
                        ty,
                        binding: None,
                        rest: vec![pattern],
                    }
                } else {
                    let callee = self.lower_opt(node, Field::Function);
                    let args = field(node, Field::Arguments)
                        .and_then(SyntaxElement::into_node)
                        .map(|l| self.lower_args(&l))
                        .unwrap_or_default();
                    Expr::Invoke { callee, args }
                }
            }
            SyntaxKind::ELEMENT_ACCESS_EXPRESSION => {
                let receiver = self.lower_opt(node, Field::Expression);
                let list = field(node, Field::Subscript).and_then(SyntaxElement::into_node);
                if let Some(list) = &list {
                    focus = list.text_range();
                }
                let args = list.map(|l| self.lower_args(&l)).unwrap_or_default();
                Expr::Index { receiver, args }
            }
            SyntaxKind::OBJECT_CREATION_EXPRESSION
            | SyntaxKind::IMPLICIT_OBJECT_CREATION_EXPRESSION => {
                let ty_el = field(node, Field::Type);
                focus = match &ty_el {
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
                    .find(|c| c.kind() == SyntaxKind::INITIALIZER_EXPRESSION)
                    .map(|init| self.lower_object_initializer(&init))
                    .unwrap_or_default();
                Expr::New {
                    ty,
                    args,
                    initializer,
                }
            }
            SyntaxKind::ARRAY_CREATION_EXPRESSION
            | SyntaxKind::IMPLICIT_ARRAY_CREATION_EXPRESSION
            | SyntaxKind::STACKALLOC_EXPRESSION
            | SyntaxKind::IMPLICIT_STACKALLOC_EXPRESSION => {
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
                    if child.kind() == SyntaxKind::INITIALIZER_EXPRESSION {
                        for element in child
                            .children_with_tokens()
                            .filter(|c| Expression::can_cast_element(c.kind()))
                        {
                            elements.push(self.lower_expr(&element));
                        }
                    } else if child.field() != Some(Field::Type) {
                        sizes.extend(self.lower_sub_exprs(&child));
                    }
                }
                Expr::ArrayNew {
                    elem,
                    sizes,
                    elements,
                }
            }
            SyntaxKind::INITIALIZER_EXPRESSION => Expr::Other(self.lower_sub_exprs(node)),
            SyntaxKind::ANONYMOUS_OBJECT_CREATION_EXPRESSION => {
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
                Expr::AnonymousObject { members }
            }
            SyntaxKind::ASSIGNMENT_EXPRESSION => {
                let is_plain =
                    field(node, Field::Operator).map(|o| o.kind()) == Some(SyntaxKind::EQ);
                let lhs = match field(node, Field::Left) {
                    Some(SyntaxElement::Node(left)) if is_plain => self
                        .lower_deconstruction_target(&left)
                        .unwrap_or_else(|| self.lower_expr(&SyntaxElement::Node(left))),
                    _ => self.lower_opt(node, Field::Left),
                };
                let rhs = self.lower_opt(node, Field::Right);
                let op_el = field(node, Field::Operator);
                if let Some(op) = &op_el {
                    focus = op.text_range();
                }
                let op = match op_el.map(|o| o.kind()) {
                    Some(SyntaxKind::EQ) => AssignOp::Plain,
                    Some(SyntaxKind::PLUS_EQ) => AssignOp::Add,
                    Some(SyntaxKind::MINUS_EQ) => AssignOp::Sub,
                    _ => AssignOp::Other,
                };
                Expr::Assign { op, lhs, rhs }
            }
            SyntaxKind::BINARY_EXPRESSION => {
                let lhs = self.lower_opt(node, Field::Left);
                let rhs = self.lower_opt(node, Field::Right);
                let op = field(node, Field::Operator);
                if let Some(op) = &op {
                    focus = op.text_range();
                }
                Expr::Binary {
                    op: op
                        .map(|o| SmolStr::new(element_text(&o)))
                        .unwrap_or_default(),
                    lhs,
                    rhs,
                }
            }
            SyntaxKind::PREFIX_UNARY_EXPRESSION | SyntaxKind::POSTFIX_UNARY_EXPRESSION => {
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
                        focus = op.text_range();
                        Expr::Unary {
                            op: SmolStr::new(element_text(&op)),
                            operand,
                        }
                    }
                    // `x!`: the null-forgiving operator changes nothing.
                    _ => return operand,
                }
            }
            SyntaxKind::CAST_EXPRESSION => {
                let ty = field(node, Field::Type).map_or(TypeRef::Error, |t| lower_type(&t));
                let expr = self.lower_opt(node, Field::Value);
                Expr::Cast { ty, expr }
            }
            SyntaxKind::AS_EXPRESSION => {
                let expr = self.lower_opt(node, Field::Left);
                let ty = field(node, Field::Right).map_or(TypeRef::Error, |t| lower_type(&t));
                Expr::As { expr, ty }
            }
            SyntaxKind::IS_EXPRESSION => {
                let expr = self.lower_opt(node, Field::Left);
                let ty = field(node, Field::Right).map(|t| lower_type(&t));
                Expr::Is {
                    expr,
                    ty,
                    binding: None,
                    rest: Vec::new(),
                }
            }
            SyntaxKind::IS_PATTERN_EXPRESSION => {
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
            SyntaxKind::CONDITIONAL_EXPRESSION => {
                let cond = self.lower_opt(node, Field::Condition);
                let then = self.lower_opt(node, Field::Consequence);
                let else_ = self.lower_opt(node, Field::Alternative);
                Expr::Conditional { cond, then, else_ }
            }
            SyntaxKind::AWAIT_EXPRESSION => Expr::Await(self.lower_first_expr(node)),
            SyntaxKind::THROW_EXPRESSION => Expr::Throw(self.lower_first_expr(node)),
            SyntaxKind::LAMBDA_EXPRESSION | SyntaxKind::ANONYMOUS_METHOD_EXPRESSION => {
                // `async` is a modifier token of the lambda.
                let is_async = node
                    .children_with_tokens()
                    .any(|c| c.kind() == SyntaxKind::MODIFIER && element_text(&c) == "async");
                self.scopes.push(Vec::new());
                let params = match field(node, Field::Parameters) {
                    Some(SyntaxElement::Node(list)) => {
                        self.declare_params(&list, LocalKind::LambdaParam)
                    }
                    Some(token) => {
                        vec![self.declare(identifier(&token), None, LocalKind::LambdaParam)]
                    }
                    None => Vec::new(),
                };
                let body = field(node, Field::Body).or_else(|| {
                    node.children_with_tokens()
                        .find(|c| c.kind() == SyntaxKind::BLOCK)
                });
                let body = match body {
                    Some(SyntaxElement::Node(b)) if b.kind() == SyntaxKind::BLOCK => {
                        self.lower_stmt_one(&SyntaxElement::Node(b))
                    }
                    Some(e) => {
                        let expr = self.lower_expr(&e);
                        self.alloc_stmt(Stmt::Return(Some(expr)))
                    }
                    None => self.alloc_stmt(Stmt::Missing),
                };
                self.scopes.pop();
                Expr::Lambda {
                    params,
                    body,
                    is_async,
                }
            }
            SyntaxKind::TYPEOF_EXPRESSION => {
                Expr::TypeOf(field(node, Field::Type).map_or(TypeRef::Error, |t| lower_type(&t)))
            }
            SyntaxKind::DEFAULT_EXPRESSION => {
                Expr::Default(field(node, Field::Type).map(|t| lower_type(&t)))
            }
            SyntaxKind::TUPLE_EXPRESSION => {
                let mut elements = Vec::new();
                let mut names = Vec::new();
                for arg in node.children().filter(|c| c.kind() == SyntaxKind::ARGUMENT) {
                    let value = arg.children_with_tokens().find(|c| {
                        c.field() != Some(Field::Name) && Expression::can_cast_element(c.kind())
                    });
                    // `(Count: n, ..)`, or the name C# 7.1 infers from `(a.Count, b)`.
                    let name = field(&arg, Field::Name)
                        .map(|n| identifier(&n))
                        .or_else(|| value.as_ref().and_then(inferred_tuple_name));
                    names.push(name);
                    elements.push(match value {
                        Some(value) => self.lower_expr(&value),
                        None => self.missing(&arg),
                    });
                }
                Expr::Tuple { elements, names }
            }
            SyntaxKind::INTERPOLATED_STRING_EXPRESSION => {
                let parts = node
                    .children()
                    .filter(|c| c.kind() == SyntaxKind::INTERPOLATION)
                    .map(|i| self.lower_first_expr(&i))
                    .collect();
                Expr::InterpolatedString(parts)
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
            SyntaxKind::QUERY_EXPRESSION => return self.lower_query(node),
            SyntaxKind::WITH_EXPRESSION => {
                let receiver = match node
                    .children_with_tokens()
                    .find(|c| Expression::can_cast_element(c.kind()))
                {
                    Some(e) => self.lower_expr(&e),
                    None => self.missing(node),
                };
                let mut initializer = Vec::new();
                for item in node
                    .children()
                    .filter(|c| c.kind() == SyntaxKind::WITH_INITIALIZER)
                {
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
                        None => self.missing(&item),
                    };
                    initializer.push(self.alloc_expr(
                        Expr::InitMember {
                            name: identifier(&name),
                            value,
                        },
                        item.text_range(),
                        name.text_range(),
                    ));
                }
                Expr::With {
                    receiver,
                    initializer,
                }
            }
            SyntaxKind::SWITCH_EXPRESSION => {
                let scrutinee = match node
                    .children_with_tokens()
                    .find(|c| Expression::can_cast_element(c.kind()))
                {
                    Some(e) => self.lower_expr(&e),
                    None => self.missing(node),
                };
                let mut arms = Vec::new();
                for arm in node
                    .children()
                    .filter(|c| c.kind() == SyntaxKind::SWITCH_EXPRESSION_ARM)
                {
                    let inner = self.scoped(|ctx| {
                        let mut parts = Vec::new();
                        ctx.lower_parts(&arm, &mut parts);
                        parts
                    });
                    arms.push(Part::Stmt(self.alloc_stmt(Stmt::Compound(inner))));
                }
                Expr::Switch { scrutinee, arms }
            }
            _ => Expr::Other(self.lower_sub_exprs(node)),
        };
        self.alloc_expr(expr, full, focus)
    }

    /// Every expression among the children, and those nested in non-expression children.
    fn lower_sub_exprs(&mut self, node: &SyntaxNode) -> Vec<ExprId> {
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

    fn lower_object_initializer(&mut self, init: &SyntaxNode) -> Vec<ExprId> {
        let mut out = Vec::new();
        for child in init.children_with_tokens() {
            if child.kind() == SyntaxKind::ASSIGNMENT_EXPRESSION
                && let Some(assign) = child.as_node()
                && let Some(left) =
                    field(assign, Field::Left).filter(|l| l.kind() == SyntaxKind::IDENTIFIER)
            {
                let value = match field(assign, Field::Right) {
                    Some(SyntaxElement::Node(n))
                        if n.kind() == SyntaxKind::INITIALIZER_EXPRESSION =>
                    {
                        let inner = self.lower_object_initializer(&n);
                        let range = n.text_range();
                        self.alloc_expr(Expr::NestedInitializer(inner), range, range)
                    }
                    Some(right) => self.lower_expr(&right),
                    None => self.missing(assign),
                };
                let range = left.text_range();
                out.push(self.alloc_expr(
                    Expr::InitMember {
                        name: identifier(&left),
                        value,
                    },
                    assign.text_range(),
                    range,
                ));
            } else if child.kind() == SyntaxKind::ASSIGNMENT_EXPRESSION
                && let Some(assign) = child.as_node()
                && let Some(SyntaxElement::Node(left)) = field(assign, Field::Left)
                    .filter(|l| l.kind() == SyntaxKind::ELEMENT_BINDING_EXPRESSION)
            {
                // `[key] = value`: the indexer of the object.
                let range = left.text_range();
                let receiver = self.alloc_expr(Expr::ImplicitReceiver, range, range);
                let args = self.lower_args(&left);
                let lhs = self.alloc_expr(Expr::Index { receiver, args }, range, range);
                let rhs = self.lower_opt(assign, Field::Right);
                let op = field(assign, Field::Operator).map_or(range, |o| o.text_range());
                out.push(self.alloc_expr(
                    Expr::Assign {
                        op: AssignOp::Plain,
                        lhs,
                        rhs,
                    },
                    assign.text_range(),
                    op,
                ));
            } else if Expression::can_cast_element(child.kind()) {
                out.push(self.lower_collection_element(&child));
            }
        }
        out
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

    fn lower_args(&mut self, list: &SyntaxNode) -> Vec<Arg> {
        let mut args = Vec::new();
        for arg in list.children().filter(|c| c.kind() == SyntaxKind::ARGUMENT) {
            let name = field(&arg, Field::Name).map(|n| identifier(&n));
            let modifier = arg
                .children_with_tokens()
                .find_map(|t| match t.kind() {
                    SyntaxKind::REF_KW => Some(ArgModifier::Ref),
                    SyntaxKind::OUT_KW => Some(ArgModifier::Out),
                    SyntaxKind::IN_KW => Some(ArgModifier::In),
                    _ => None,
                })
                .unwrap_or(ArgModifier::None);
            let expr = match arg.children_with_tokens().find(|c| {
                c.field() != Some(Field::Name)
                    && (Expression::can_cast_element(c.kind())
                        || c.kind() == SyntaxKind::DECLARATION_EXPRESSION)
            }) {
                Some(e) if modifier != ArgModifier::Out => match misparsed_product(&e) {
                    Some((lhs, rhs)) => {
                        let (lhs, rhs) = (self.lower_expr(&lhs), self.lower_expr(&rhs));
                        let range = e.text_range();
                        self.alloc_expr(
                            Expr::Binary {
                                op: SmolStr::new_static("*"),
                                lhs,
                                rhs,
                            },
                            range,
                            range,
                        )
                    }
                    None => self.lower_expr(&e),
                },
                Some(e) => self.lower_expr(&e),
                None => self.missing(&arg),
            };
            args.push(Arg {
                name,
                expr,
                modifier,
            });
        }
        args
    }
}

fn initializer_of_declarator(declarator: &SyntaxNode) -> Option<SyntaxElement> {
    declarator
        .children_with_tokens()
        .skip_while(|c| c.kind() != SyntaxKind::EQ)
        .find(|c| Expression::can_cast_element(c.kind()))
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

fn is_pattern(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SyntaxKind::DECLARATION_PATTERN
            | SyntaxKind::RECURSIVE_PATTERN
            | SyntaxKind::VAR_PATTERN
            | SyntaxKind::CONSTANT_PATTERN
            | SyntaxKind::TYPE_PATTERN
            | SyntaxKind::AND_PATTERN
            | SyntaxKind::OR_PATTERN
            | SyntaxKind::NEGATED_PATTERN
            | SyntaxKind::PARENTHESIZED_PATTERN
            | SyntaxKind::RELATIONAL_PATTERN
            | SyntaxKind::LIST_PATTERN
            | SyntaxKind::DISCARD
    )
}

/// The name of `x.Name` / `?.Name<T>` with its type arguments and range.
fn member_name(node: &SyntaxNode) -> (SmolStr, Vec<TypeRef>, TextRange) {
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

/// `new { x.Name }` names its member `Name`.
fn projection_name(element: &SyntaxElement) -> SmolStr {
    match element.as_node() {
        Some(node) if node.kind() == SyntaxKind::MEMBER_ACCESS_EXPRESSION => member_name(node).0,
        _ if element.kind() == SyntaxKind::IDENTIFIER => identifier(element),
        _ => SmolStr::default(),
    }
}

fn literal(kind: SyntaxKind, text: &str) -> Option<Literal> {
    Some(match kind {
        SyntaxKind::INTEGER_LITERAL => {
            let lower = text.to_ascii_lowercase();
            if lower.ends_with("ul") || lower.ends_with("lu") {
                Literal::ULong
            } else if lower.ends_with('l') {
                Literal::Long
            } else if lower.ends_with('u') {
                Literal::UInt
            } else {
                Literal::Int(integer_value(&lower))
            }
        }
        SyntaxKind::REAL_LITERAL => match text.chars().last().map(|c| c.to_ascii_lowercase()) {
            Some('m') => Literal::Decimal,
            Some('f') => Literal::Float,
            _ => Literal::Double,
        },
        SyntaxKind::BOOLEAN_LITERAL => Literal::Bool,
        SyntaxKind::CHARACTER_LITERAL => Literal::Char,
        SyntaxKind::NULL_LITERAL => Literal::Null,
        SyntaxKind::STRING_LITERAL
        | SyntaxKind::VERBATIM_STRING_LITERAL
        | SyntaxKind::RAW_STRING_LITERAL => Literal::String,
        _ => return None,
    })
}

/// The value of an integer literal without suffix (`42`, `0x2A`, `0b10_1010`), saturated.
fn integer_value(text: &str) -> u64 {
    let digits: String = text.chars().filter(|&c| c != '_').collect();
    let (digits, radix) = match digits.get(..2) {
        Some("0x") => (&digits[2..], 16),
        Some("0b") => (&digits[2..], 2),
        _ => (digits.as_str(), 10),
    };
    u64::from_str_radix(digits, radix).unwrap_or(u64::MAX)
}

/// `F(a * b)` parses as the declaration of a pointer variable `b` of type `a*`; in an argument without
/// `out` no declaration is possible, so it is the product it looks like. Returns its operands.
fn misparsed_product(element: &SyntaxElement) -> Option<(SyntaxElement, SyntaxElement)> {
    let node = element
        .as_node()
        .filter(|n| n.kind() == SyntaxKind::DECLARATION_EXPRESSION)?;
    let pointer = field(node, Field::Type)?
        .into_node()
        .filter(|t| t.kind() == SyntaxKind::POINTER_TYPE)?;
    let lhs = field(&pointer, Field::Type)?;
    let rhs = field(node, Field::Name)?;
    (lhs.kind() == SyntaxKind::IDENTIFIER && rhs.kind() == SyntaxKind::IDENTIFIER)
        .then_some((lhs, rhs))
}
