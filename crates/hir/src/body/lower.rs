//! Syntax → [`Body`], with the source map, in one walk over a member's declaration.
//!
//! This module holds the entry point and the lowering context [`Ctx`] (arenas, lexical scopes);
//! each concern lowers in a module of its own, mostly on the typed AST (`syntax::ast`):
//! - `member`: a member's roots (parameters, accessors, constructor initializers, top-level
//!   statements, primary constructors);
//! - `stmt`: statements and the parts of compound ones (`foreach_types`: a generic variable type
//!   tree-sitter reads as comparisons); `pattern` and `deconstruction`: the
//!   variables patterns and deconstructions declare;
//! - `expr`: the expression dispatcher and operators; `access`: member and element access,
//!   invocations and argument lists; `creation`: `new` in all forms, initializers, `with`;
//!   `lambda`, `literal`, and `query` (query expressions) and `prefix_chains` (operators tree-sitter
//!   binds inside a `?.` chain), which undo parses C# reads differently.

mod access;
mod creation;
mod deconstruction;
mod expr;
mod foreach_types;
mod generic_call_casts;
mod generic_creations;
mod lambda;
mod literal;
mod member;
mod pattern;
mod prefix_chains;
mod query;
mod stmt;

use smol_str::SmolStr;
use syntax::{Field, SyntaxElement, SyntaxKind, SyntaxNode, TextRange, ast::AstElement};

use super::{
    Body, BodyRoot, BodySourceMap, Expr, ExprId, ExprRange, Local, LocalId, LocalKind, RootKind,
    Stmt, StmtId,
};
use crate::{
    base_db::{Db, parse},
    item_tree::{
        MemberOrigin, TypeKind, file_item_tree, item_source_map,
        lower::{field, identifier_text as identifier, lower_type},
    },
    symbols::{MemberId, member_loc},
    type_ref::TypeRef,
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
        MemberOrigin::TopLevelStatements => ctx.lower_top_level_statements(&root),
        MemberOrigin::PrimaryConstructor => {
            let node = root.covering_element(range.full).into_node()?;
            ctx.lower_primary_constructor(&node);
        }
        MemberOrigin::Declared => {
            let mut node = root.covering_element(range.full).into_node()?;
            while !is_member_declaration(node.kind()) {
                node = node.parent().filter(|p| p.text_range() == range.full)?;
            }
            ctx.lower_declared(&node, data, owner, range)?;
        }
        // The constructor a class that declares none gets calls `base()` (C# §15.11.5), written
        // nowhere: its site is the class's name, so the base's constructor lists the class as a
        // caller (a struct's calls nothing).
        MemberOrigin::DefaultConstructor => {
            if matches!(owner.kind, TypeKind::Class | TypeKind::RecordClass) {
                let expr = ctx.alloc_expr(Expr::ImplicitBaseCtor, range.name, range.name);
                ctx.push_root(RootKind::CtorInitializer, Stmt::Expr(expr));
            }
        }
        MemberOrigin::RecordProperty
        | MemberOrigin::DelegateInvoke
        | MemberOrigin::DelegateAsync => {}
    }
    Some((ctx.body, ctx.map))
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

/// The lowering context: the body and source map being built, and the locals in scope.
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

    /// The parameters of a parameter list (or an indexer's bracketed one), declared.
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

    fn missing(&mut self, node: &SyntaxNode) -> ExprId {
        self.alloc_expr(Expr::Missing, node.text_range(), node.text_range())
    }

    /// The first expression among `node`'s children (any field), or a missing one.
    fn lower_first_expr(&mut self, node: &SyntaxNode) -> ExprId {
        match first_expr(node) {
            Some(e) => self.lower_expr(&e),
            None => self.missing(node),
        }
    }

    /// The child in field `f` lowered as an expression, or a missing one.
    fn lower_opt(&mut self, node: &SyntaxNode, f: Field) -> ExprId {
        match field(node, f) {
            Some(e) => self.lower_expr(&e),
            None => self.missing(node),
        }
    }
}

/// The first child of `node` that is an expression, whatever its field.
fn first_expr(node: &SyntaxNode) -> Option<SyntaxElement> {
    node.children_with_tokens()
        .find(|c| syntax::ast::Expression::can_cast_element(c.kind()))
}
