//! Typed views of the rowan tree, rust-analyzer style: a struct per node type (`ClassDeclaration`),
//! an enum per supertype (`Type`, `Expression`, `Statement`, …), an accessor per grammar field.
//! `generated.rs` holds only the types and accessors the code uses (the generator's `USED` list,
//! `xtask/src/codegen/ast.rs`): a new use adds its type or accessor there and reruns
//! `cargo xtask codegen`.
//!
//! Some node types are tokens (`Identifier`, `Modifier`, `PredefinedType`, literals), so the enums
//! cast from a `SyntaxElement`: [`AstElement`] is what every typed view implements.

/// A struct for a node type, with its casts (what `generated.rs` writes for every node type).
macro_rules! ast_node {
    ($(#[$attr:meta])* $name:ident, $kind:ident) => {
        $(#[$attr])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name {
            pub(crate) syntax: SyntaxNode,
        }

        impl AstNode for $name {
            fn can_cast(kind: SyntaxKind) -> bool {
                kind == $kind
            }
            fn cast(syntax: SyntaxNode) -> Option<Self> {
                Self::can_cast(syntax.kind()).then_some($name { syntax })
            }
            fn syntax(&self) -> &SyntaxNode {
                &self.syntax
            }
        }

        impl AstElement for $name {
            fn can_cast_element(kind: SyntaxKind) -> bool {
                kind == $kind
            }
            fn cast_element(element: SyntaxElement) -> Option<Self> {
                element.into_node().and_then(<Self as AstNode>::cast)
            }
            fn syntax_element(&self) -> SyntaxElement {
                self.syntax.clone().into()
            }
        }
    };
}

/// A struct for a node type that is one token (`identifier`, `modifier`, literals), with its casts.
macro_rules! ast_token {
    ($(#[$attr:meta])* $name:ident, $kind:ident) => {
        $(#[$attr])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name {
            pub(crate) syntax: SyntaxToken,
        }

        impl AstToken for $name {
            fn can_cast(kind: SyntaxKind) -> bool {
                kind == $kind
            }
            fn cast(syntax: SyntaxToken) -> Option<Self> {
                Self::can_cast(syntax.kind()).then_some($name { syntax })
            }
            fn syntax(&self) -> &SyntaxToken {
                &self.syntax
            }
        }

        impl AstElement for $name {
            fn can_cast_element(kind: SyntaxKind) -> bool {
                kind == $kind
            }
            fn cast_element(element: SyntaxElement) -> Option<Self> {
                element.into_token().and_then(<Self as AstToken>::cast)
            }
            fn syntax_element(&self) -> SyntaxElement {
                self.syntax.clone().into()
            }
        }
    };
}

mod generated;
mod helpers;

use std::marker::PhantomData;

use crate::{
    Field, HasField, SyntaxElement, SyntaxElementChildren, SyntaxKind, SyntaxNode, SyntaxToken,
};

pub use self::generated::*;

/// A typed view of a node or a token.
pub trait AstElement: Sized {
    fn can_cast_element(kind: SyntaxKind) -> bool;
    fn cast_element(element: SyntaxElement) -> Option<Self>;
    fn syntax_element(&self) -> SyntaxElement;
}

/// A typed view of a node.
pub trait AstNode: Sized {
    fn can_cast(kind: SyntaxKind) -> bool;
    fn cast(syntax: SyntaxNode) -> Option<Self>;
    fn syntax(&self) -> &SyntaxNode;
}

/// A typed view of a token.
pub trait AstToken: Sized {
    fn can_cast(kind: SyntaxKind) -> bool;
    fn cast(syntax: SyntaxToken) -> Option<Self>;
    fn syntax(&self) -> &SyntaxToken;

    fn text(&self) -> &str {
        self.syntax().text()
    }
}

/// Any token: what accessors of keyword and operator fields return (`operator`, accessor names).
impl AstElement for SyntaxToken {
    fn can_cast_element(kind: SyntaxKind) -> bool {
        kind.is_token()
    }

    fn cast_element(element: SyntaxElement) -> Option<Self> {
        element.into_token()
    }

    fn syntax_element(&self) -> SyntaxElement {
        self.clone().into()
    }
}

/// The children of a node in one field (or in none) that are `T`s.
#[derive(Debug, Clone)]
pub struct AstChildren<T> {
    inner: SyntaxElementChildren,
    field: Option<Field>,
    ph: PhantomData<T>,
}

impl<T: AstElement> Iterator for AstChildren<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        let field = self.field;
        self.inner
            .by_ref()
            .filter(|child| child.field() == field)
            .find_map(T::cast_element)
    }
}

mod support {
    use super::*;

    pub(super) fn children<T: AstElement>(
        parent: &SyntaxNode,
        field: Option<Field>,
    ) -> AstChildren<T> {
        AstChildren {
            inner: parent.children_with_tokens(),
            field,
            ph: PhantomData,
        }
    }

    pub(super) fn child<T: AstElement>(parent: &SyntaxNode, field: Option<Field>) -> Option<T> {
        match field {
            Some(f) => crate::syntax_node::field_child_where(parent, f, T::can_cast_element)
                .and_then(T::cast_element),
            None => children(parent, field).next(),
        }
    }

    /// The first direct child token of `kind` (a keyword that tells a variant: `static`, `struct`).
    pub(super) fn token(parent: &SyntaxNode, kind: SyntaxKind) -> Option<SyntaxToken> {
        parent
            .children_with_tokens()
            .filter_map(SyntaxElement::into_token)
            .find(|t| t.kind() == kind)
    }
}
