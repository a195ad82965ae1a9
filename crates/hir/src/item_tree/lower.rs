//! Syntax → item tree, plus the ranges of every item (the source map), in one walk.
//!
//! This module walks the file and its namespaces (usings, top-level statements) and holds the
//! context; `types` lowers type declarations (with their generics, bases and the members the
//! language implies), `members` the members, `params` parameter lists, and `type_ref` types as
//! written (`TypeRef`), which body lowering uses too.

mod members;
mod params;
mod type_ref;
mod types;

use smol_str::SmolStr;
use syntax::{
    Field, HasField, SyntaxElement, SyntaxKind, SyntaxNode, TextRange,
    ast::{self, AstElement, AstNode},
};

pub(crate) use self::members::operator_name;
pub use self::type_ref::lower_type;
use super::{
    Accessors, ItemParent, ItemRange, ItemRef, ItemSourceMap, ItemTree, Member, MemberIdx,
    MemberKind, MemberOrigin, Modifiers, Namespace, NamespaceIdx, Param, ParamModifier, TypeIdx,
    TypeItem, TypeKind, Using, UsingIdx, UsingKind,
};
use crate::type_ref::{Predefined, TypeRef};

pub(crate) fn lower_file(root: &ast::CompilationUnit) -> (ItemTree, ItemSourceMap) {
    let mut ctx = Ctx {
        tree: ItemTree::default(),
        map: ItemSourceMap::default(),
        file_end: root.syntax().text_range(),
    };
    let mut scope = Scope {
        usings: Vec::new(),
        items: Vec::new(),
        parent: ItemParent::TopLevel,
    };
    ctx.lower_children(root.syntax(), &mut scope);
    if let Some(program) = ctx.lower_top_level_statements(root.syntax()) {
        scope.items.push(ItemRef::Type(program));
    }
    ctx.tree.top_usings = scope.usings;
    ctx.tree.top_items = scope.items;
    (ctx.tree, ctx.map)
}

/// The lowering context: the tree and source map being built.
struct Ctx {
    tree: ItemTree,
    map: ItemSourceMap,
    file_end: TextRange,
}

/// Where lowered usings and items go: the file, a namespace, or (items only) a type.
struct Scope {
    usings: Vec<UsingIdx>,
    items: Vec<ItemRef>,
    parent: ItemParent,
}

impl Ctx {
    /// The declarations directly in a compilation unit or namespace body. A file-scoped namespace
    /// is a sibling of the declarations it contains, so everything after it goes into it.
    fn lower_children(&mut self, node: &SyntaxNode, scope: &mut Scope) {
        let mut file_scoped: Option<(NamespaceIdx, Scope)> = None;
        for child in node.children() {
            if child.kind() == SyntaxKind::FILE_SCOPED_NAMESPACE_DECLARATION
                && file_scoped.is_none()
            {
                let parent = match scope.parent {
                    ItemParent::Namespace(ns) => Some(ns),
                    _ => None,
                };
                let idx = self.alloc_namespace(&child, parent, true);
                scope.items.push(ItemRef::Namespace(idx));
                let inner = Scope {
                    usings: Vec::new(),
                    items: Vec::new(),
                    parent: ItemParent::Namespace(idx),
                };
                file_scoped = Some((idx, inner));
                continue;
            }
            let target = match &mut file_scoped {
                Some((_, inner)) => inner,
                None => &mut *scope,
            };
            match child.kind() {
                SyntaxKind::USING_DIRECTIVE => {
                    if let Some(using) = self.lower_using(&child) {
                        target.usings.push(using);
                    }
                }
                SyntaxKind::NAMESPACE_DECLARATION => {
                    let idx = self.lower_namespace(&child, target.parent);
                    target.items.push(ItemRef::Namespace(idx));
                }
                SyntaxKind::GLOBAL_STATEMENT => self.tree.has_top_level_statements = true,
                kind if ast::TypeDeclaration::can_cast_element(kind) => {
                    let idx = self.lower_type(&child, target.parent);
                    target.items.push(ItemRef::Type(idx));
                }
                // Error recovery may wrap declarations: keep what is inside.
                SyntaxKind::ERROR | SyntaxKind::DECLARATION_LIST => {
                    self.lower_children(&child, target)
                }
                _ => {}
            }
        }
        if let Some((idx, inner)) = file_scoped {
            self.tree.namespaces[idx].usings = inner.usings;
            self.tree.namespaces[idx].items = inner.items;
        }
    }

    /// Top-level statements are the body of `Program.<Main>$(string[] args)`, in a `partial class
    /// Program` of the global namespace (the compiler's names, so a declared `partial class Program`
    /// merges with it).
    fn lower_top_level_statements(&mut self, root: &SyntaxNode) -> Option<TypeIdx> {
        let statements: Vec<SyntaxNode> = root
            .children()
            .filter(|c| c.kind() == SyntaxKind::GLOBAL_STATEMENT)
            .collect();
        let (first, last) = (statements.first()?, statements.last()?);
        let full = TextRange::new(first.text_range().start(), last.text_range().end());
        let name = TextRange::empty(full.start());
        let program = self.tree.types.alloc(TypeItem {
            name: SmolStr::new_static("Program"),
            kind: TypeKind::Class,
            parent: ItemParent::TopLevel,
            type_params: Vec::new(),
            variances: Vec::new(),
            bounds: Vec::new(),
            modifiers: Modifiers::INTERNAL.union(Modifiers::PARTIAL),
            bases: Vec::new(),
            primary_ctor: None,
            members: Vec::new(),
            nested: Vec::new(),
            delegate_return: None,
            delegate_params: Vec::new(),
        });
        self.map.types.push(ItemRange { full, name });
        let args = Param {
            name: SmolStr::new_static("args"),
            ty: TypeRef::Array {
                element: Box::new(TypeRef::Predefined(Predefined::String)),
                rank: 1,
            },
            modifier: ParamModifier::None,
            has_default: false,
        };
        let main = Member {
            name: SmolStr::new_static("<Main>$"),
            kind: MemberKind::Method,
            type_params: Vec::new(),
            bounds: Vec::new(),
            params: vec![args],
            ty: None,
            modifiers: Modifiers::PRIVATE.union(Modifiers::STATIC),
            explicit_interface: None,
            accessors: Accessors::default(),
            initializer: None,
            origin: MemberOrigin::TopLevelStatements,
            extension: None,
            has_body: true,
            conditions: Vec::new(),
        };
        self.push_member(program, main, full, name);
        Some(program)
    }

    fn alloc_namespace(
        &mut self,
        node: &SyntaxNode,
        parent: Option<NamespaceIdx>,
        file_scoped: bool,
    ) -> NamespaceIdx {
        let name_el = field(node, Field::Name);
        let name = match name_el.as_ref().map(lower_type) {
            Some(TypeRef::Path(path)) => path.segments.into_iter().map(|s| s.name).collect(),
            _ => Vec::new(),
        };
        let full = if file_scoped {
            TextRange::new(node.text_range().start(), self.file_end.end())
        } else {
            node.text_range()
        };
        let name_range = name_el.map_or(node.text_range(), |n| n.text_range());
        self.map.namespaces.push(ItemRange {
            full,
            name: name_range,
        });
        self.tree.namespaces.alloc(Namespace {
            name,
            parent,
            usings: Vec::new(),
            items: Vec::new(),
            file_scoped,
        })
    }

    fn lower_namespace(&mut self, node: &SyntaxNode, parent: ItemParent) -> NamespaceIdx {
        let parent = match parent {
            ItemParent::Namespace(ns) => Some(ns),
            _ => None,
        };
        let idx = self.alloc_namespace(node, parent, false);
        let mut scope = Scope {
            usings: Vec::new(),
            items: Vec::new(),
            parent: ItemParent::Namespace(idx),
        };
        if let Some(body) = field(node, Field::Body).and_then(SyntaxElement::into_node) {
            self.lower_children(&body, &mut scope);
        }
        self.tree.namespaces[idx].usings = scope.usings;
        self.tree.namespaces[idx].items = scope.items;
        idx
    }

    fn lower_using(&mut self, node: &SyntaxNode) -> Option<UsingIdx> {
        let using = ast::UsingDirective::cast(node.clone())?;
        let (is_global, is_static) = (using.is_global(), using.is_static());
        let alias = field(node, Field::Name).map(|n| identifier_text(&n));
        // The target is the one type-like child that is not the alias name.
        let target = node
            .children_with_tokens()
            .filter(|c| c.field() != Some(Field::Name))
            .find(|c| ast::Type::can_cast_element(c.kind()))
            .map(|c| lower_type(&c))?;
        let kind = match (alias, is_static) {
            (Some(alias), _) => UsingKind::Alias(alias, target),
            (None, true) => UsingKind::Static(target),
            (None, false) => match target {
                TypeRef::Path(path) => UsingKind::Namespace(path),
                other => UsingKind::Static(other),
            },
        };
        Some(self.tree.usings.alloc(Using { is_global, kind }))
    }

    fn push_member(
        &mut self,
        owner: TypeIdx,
        member: Member,
        full: TextRange,
        name: TextRange,
    ) -> MemberIdx {
        let idx = self.tree.members.alloc(member);
        self.tree.member_owners.push(owner);
        self.map.members.push(ItemRange { full, name });
        self.tree.types[owner].members.push(idx);
        idx
    }
}

pub(crate) fn field(node: &SyntaxNode, f: Field) -> Option<SyntaxElement> {
    syntax::field_child(node, f)
}

pub(crate) fn element_text(element: &SyntaxElement) -> String {
    match element {
        SyntaxElement::Node(n) => n.text().to_string(),
        SyntaxElement::Token(t) => t.text().to_owned(),
    }
}

/// An identifier's name: `@class` is `class`.
pub(crate) fn identifier_text(element: &SyntaxElement) -> SmolStr {
    let text = element_text(element);
    let text = text.trim();
    SmolStr::new(text.strip_prefix('@').unwrap_or(text))
}

/// The modifiers written on a declaration (types and members alike).
fn modifiers(node: &SyntaxNode) -> Modifiers {
    let mut mods = Modifiers::default();
    for child in node.children_with_tokens() {
        if child.kind() == SyntaxKind::MODIFIER
            && let Some(m) = Modifiers::from_keyword(element_text(&child).trim())
        {
            mods.insert(m);
        }
    }
    mods
}
