//! A member's roots: its parameters, an initializer, the bodies of its accessors, its constructor
//! initializer (written, or the implied `: base()`), and the members written nowhere as one node
//! (top-level statements, primary constructors).

use smol_str::SmolStr;
use syntax::{
    Field, SyntaxElement, SyntaxKind, SyntaxNode, TextRange,
    ast::{self, AstElement, AstNode, AstToken, Statement},
};

use super::{BodyRoot, Ctx, Expr, LocalKind, RootKind, Stmt, field};
use crate::{
    item_tree::{ItemRange, Member, Modifiers, TypeItem},
    type_ref::{Predefined, TypeRef},
};

impl Ctx {
    /// A member declared by `node` (a method, property, field, … declaration) of `owner`.
    pub(super) fn lower_declared(
        &mut self,
        node: &SyntaxNode,
        data: &Member,
        owner: &TypeItem,
        range: ItemRange,
    ) -> Option<()> {
        // A C# 12 primary constructor's parameters are in scope in every member of a class or
        // struct; a record's only in initializers (elsewhere the name is the generated property).
        let is_initializer = matches!(
            node.kind(),
            SyntaxKind::FIELD_DECLARATION | SyntaxKind::PROPERTY_DECLARATION
        );
        if let Some(params) = &owner.primary_ctor
            && (!owner.kind.is_record() || is_initializer)
        {
            for param in params {
                self.declare(param.name.clone(), Some(param.ty.clone()), LocalKind::Param);
            }
        }
        match node.kind() {
            SyntaxKind::FIELD_DECLARATION | SyntaxKind::EVENT_FIELD_DECLARATION => {
                let declarator = node
                    .descendants()
                    .filter_map(ast::VariableDeclarator::cast)
                    .find(|d| {
                        d.name()
                            .is_some_and(|n| n.syntax().text_range() == range.name)
                    })?;
                if let Some(init) = declarator.expression() {
                    let expr = self.lower_expr(&init.syntax_element());
                    self.push_root(RootKind::Initializer, Stmt::Return(Some(expr)));
                }
            }
            // `B = A | 4`: the value constants read (§19.4), and what references find.
            SyntaxKind::ENUM_MEMBER_DECLARATION => {
                if let Some(value) = field(node, Field::Value) {
                    let expr = self.lower_expr(&value);
                    self.push_root(RootKind::Initializer, Stmt::Return(Some(expr)));
                }
            }
            SyntaxKind::PROPERTY_DECLARATION
            | SyntaxKind::INDEXER_DECLARATION
            | SyntaxKind::EVENT_DECLARATION => {
                self.lower_params(node);
                self.lower_accessors(node);
            }
            _ => {
                self.lower_params(node);
                self.lower_ctor_initializer(node, data, range);
                if let Some(body) = field(node, Field::Body).and_then(SyntaxElement::into_node) {
                    let stmt = self.lower_function_body(&body);
                    self.body.roots.push(BodyRoot {
                        kind: RootKind::Body,
                        stmt,
                    });
                }
            }
        }
        Some(())
    }

    /// `: base(..)` / `: this(..)` of a constructor, or the `: base()` an instance constructor
    /// without one calls.
    fn lower_ctor_initializer(&mut self, node: &SyntaxNode, data: &Member, range: ItemRange) {
        if let Some(init) = node.children().find_map(ast::ConstructorInitializer::cast) {
            let init_range = init.syntax().text_range();
            let keyword = init
                .syntax()
                .children_with_tokens()
                .find(|t| matches!(t.kind(), SyntaxKind::BASE_KW | SyntaxKind::THIS_KW));
            let is_base = init.is_base();
            let keyword = keyword.map_or(init_range, |t| t.text_range());
            let args = init
                .argument_list()
                .map(|list| self.lower_args(list.syntax()))
                .unwrap_or_default();
            let expr =
                self.alloc_expr(Expr::CtorInitializer { is_base, args }, init_range, keyword);
            self.push_root(RootKind::CtorInitializer, Stmt::Expr(expr));
        } else if node.kind() == SyntaxKind::CONSTRUCTOR_DECLARATION
            && !data.modifiers.contains(Modifiers::STATIC)
        {
            // No initializer means `: base()` (C# §15.11.2), written nowhere: its site is the
            // constructor's name.
            let name = field(node, Field::Name).map_or(range.name, |n| n.text_range());
            let expr = self.alloc_expr(Expr::ImplicitBaseCtor, name, name);
            self.push_root(RootKind::CtorInitializer, Stmt::Expr(expr));
        }
    }

    /// The statements of a file outside any type, as one block: local functions are visible in all.
    pub(super) fn lower_top_level_statements(&mut self, root: &SyntaxNode) {
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
    pub(super) fn lower_primary_constructor(&mut self, type_decl: &SyntaxNode) {
        if let Some(list) = type_decl.children().find_map(ast::ParameterList::cast) {
            let params = self.declare_params(list.syntax(), LocalKind::Param);
            self.body.params = params;
        }
        // Records wrap `Base(args)` in a node; classes leave the argument list flat in the base list.
        let Some(list) = type_decl.children().find_map(ast::BaseList::cast) else {
            return;
        };
        let list = list.syntax();
        let (base, args) = match list
            .children()
            .find_map(ast::PrimaryConstructorBaseType::cast)
        {
            Some(base) => (
                base.ty().map_or(base.syntax().text_range(), |t| {
                    t.syntax_element().text_range()
                }),
                base.argument_list(),
            ),
            None => (
                list.children_with_tokens()
                    .find(|c| c.kind() != SyntaxKind::COLON && !c.kind().is_trivia())
                    .map_or(list.text_range(), |t| t.text_range()),
                list.children().find_map(ast::ArgumentList::cast),
            ),
        };
        let Some(args) = args else {
            // `class C(int x) : Base`: the primary constructor calls `Base()`.
            let expr = self.alloc_expr(Expr::ImplicitBaseCtor, base, base);
            self.push_root(RootKind::CtorInitializer, Stmt::Expr(expr));
            return;
        };
        let full = TextRange::new(base.start(), args.syntax().text_range().end());
        let args = self.lower_args(args.syntax());
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

    /// The member's parameters (a parameter list or an indexer's bracketed one).
    fn lower_params(&mut self, node: &SyntaxNode) {
        let Some(list) = field(node, Field::Parameters).and_then(SyntaxElement::into_node) else {
            return;
        };
        let params = self.declare_params(&list, LocalKind::Param);
        self.body.params = params;
    }

    /// A property's, indexer's or event's `=> expr`, initializer and accessor bodies.
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
        let Some(list) = field(node, Field::Accessors)
            .and_then(SyntaxElement::into_node)
            .and_then(ast::AccessorList::cast)
        else {
            return;
        };
        for accessor in list.accessor_declarations() {
            let kind = match accessor.name().map(|n| n.kind()) {
                Some(SyntaxKind::GET_KW) => RootKind::Get,
                Some(SyntaxKind::SET_KW | SyntaxKind::INIT_KW) => RootKind::Set,
                Some(SyntaxKind::ADD_KW) => RootKind::Add,
                Some(SyntaxKind::REMOVE_KW) => RootKind::Remove,
                _ => continue,
            };
            let Some(body) =
                field(accessor.syntax(), Field::Body).and_then(SyntaxElement::into_node)
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
}
