//! Names back what the grammar-gap pre-pass (`grammar_gaps`) showed tree-sitter in another shape:
//! - the `class ext` of an extension block is an `EXTENSION_DECLARATION` with one `EXTENSION_KW`
//!   token over the nine bytes of `extension`; a receiver without a name (`extension(string)`), which
//!   tree-sitter wraps in an `ERROR` or gives a missing name, is a `PARAMETER` with only a type;
//! - an assigned-to call shown as `F[x]` or `F.a` is an `INVOCATION_EXPRESSION` with its `function`
//!   and its `arguments` in parentheses;
//! - a dereference shown as `-` is a `STAR`; `$""` shown as `@""` is an
//!   `INTERPOLATED_STRING_EXPRESSION`.

use tree_sitter::Node;

use super::{Converter, MAX_DEPTH, tree_sitter_kind};
use crate::{
    Field, SyntaxKind,
    ast::{AstElement, Type},
};

/// How the fields of a node's children change when the node is not what tree-sitter saw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Remap {
    None,
    /// A call seen as an element or member access: its `expression` is the `function`, its
    /// `subscript` the `arguments`.
    Call,
    /// A nameless extension receiver seen as an error: its type is the `type`.
    Receiver,
}

impl Converter<'_> {
    /// The kind a node of tree-sitter `kind` stands for, and how its children's fields change.
    pub(super) fn retag(&self, node: Node<'_>, kind: SyntaxKind) -> (SyntaxKind, Remap) {
        if self.marks.is_empty() {
            return (kind, Remap::None);
        }
        let child_start = |field: &str| node.child_by_field_name(field).map(|c| c.start_byte());
        match kind {
            SyntaxKind::CLASS_DECLARATION if self.is_extension_block(node) => {
                (SyntaxKind::EXTENSION_DECLARATION, Remap::None)
            }
            SyntaxKind::ELEMENT_ACCESS_EXPRESSION
                if child_start("subscript").is_some_and(|at| self.marks.is_call_bracket(at)) =>
            {
                (SyntaxKind::INVOCATION_EXPRESSION, Remap::Call)
            }
            SyntaxKind::BRACKETED_ARGUMENT_LIST
                if self.marks.is_call_bracket(node.start_byte()) =>
            {
                (SyntaxKind::ARGUMENT_LIST, Remap::None)
            }
            // `F.a` for `F()`: the fake name follows the `(` shown as `.`.
            SyntaxKind::MEMBER_ACCESS_EXPRESSION
                if child_start("name")
                    .is_some_and(|at| at > 0 && self.marks.is_empty_call(at - 1)) =>
            {
                (SyntaxKind::INVOCATION_EXPRESSION, Remap::Call)
            }
            _ => (kind, Remap::None),
        }
    }

    /// The field a child has in the node being built, which may not be the one tree-sitter gave.
    pub(super) fn remap_field(&self, node: &Node<'_>, field: Option<Field>) -> Option<Field> {
        match self.stack.last().map(|frame| frame.remap) {
            Some(Remap::Call) => match field {
                Some(Field::Expression) => Some(Field::Function),
                Some(Field::Subscript) => Some(Field::Arguments),
                other => other,
            },
            Some(Remap::Receiver)
                if field.is_none()
                    && tree_sitter_kind(node).is_some_and(Type::can_cast_element) =>
            {
                Some(Field::Type)
            }
            _ => field,
        }
    }

    /// Emits the token `node` of `kind` (its gap is emitted), as the source spells it.
    pub(super) fn emit_token(&mut self, node: Node<'_>, kind: SyntaxKind, field: Option<Field>) {
        let start = node.start_byte();
        let kind = match kind {
            SyntaxKind::CLASS_KW => {
                if let Some(end) = self.marks.extension_keyword_end(start) {
                    // The fake name after `class` is inside the keyword: it emits nothing.
                    self.emit(end, SyntaxKind::EXTENSION_KW.to_raw(field));
                    return;
                }
                kind
            }
            SyntaxKind::L_BRACK if self.marks.is_call_bracket(start) => SyntaxKind::L_PAREN,
            SyntaxKind::R_BRACK if self.marks.is_call_bracket(start) => SyntaxKind::R_PAREN,
            SyntaxKind::DOT if self.marks.is_empty_call(start) => {
                self.emit_empty_arguments(start);
                return;
            }
            SyntaxKind::MINUS if self.marks.is_star(start) => SyntaxKind::STAR,
            SyntaxKind::VERBATIM_STRING_LITERAL if self.marks.is_empty_interpolation(start) => {
                self.emit_empty_interpolation(start, field);
                return;
            }
            _ => kind,
        };
        self.emit(node.end_byte(), kind.to_raw(field));
    }

    /// The `()` at `at`, which tree-sitter saw as `.a`: an argument list of its own (the fake name
    /// that follows is inside it and emits nothing).
    fn emit_empty_arguments(&mut self, at: usize) {
        let opened = self.depth < MAX_DEPTH;
        if opened {
            self.builder
                .start_node(SyntaxKind::ARGUMENT_LIST.to_raw(Some(Field::Arguments)));
        }
        self.emit(at + 1, SyntaxKind::L_PAREN.into());
        self.emit(at + 2, SyntaxKind::R_PAREN.into());
        if opened {
            self.builder.finish_node();
        }
    }

    /// The `$""` at `at`, which tree-sitter saw as a verbatim string: an interpolated string of its own.
    fn emit_empty_interpolation(&mut self, at: usize, field: Option<Field>) {
        let opened = self.depth < MAX_DEPTH;
        if opened {
            self.builder
                .start_node(SyntaxKind::INTERPOLATED_STRING_EXPRESSION.to_raw(field));
        }
        self.emit(at + 1, SyntaxKind::INTERPOLATION_START.into());
        self.emit(at + 2, SyntaxKind::DOUBLE_QUOTE.into());
        self.emit(at + 3, SyntaxKind::DOUBLE_QUOTE.into());
        if opened {
            self.builder.finish_node();
        }
    }

    /// Whether the `ERROR` `node` is the receiver of an extension block with a type and no name.
    pub(super) fn is_nameless_receiver(&self, node: Node<'_>) -> bool {
        self.marks.has_extension_blocks()
            && node.named_child_count() == 1
            && node
                .named_child(0)
                .and_then(|child| tree_sitter_kind(&child))
                .is_some_and(Type::can_cast_element)
            && node.parent().is_some_and(|list| {
                list.kind() == "parameter_list"
                    && list
                        .parent()
                        .is_some_and(|decl| self.is_extension_block(decl))
            })
    }

    /// Whether `node` is the `class ext` tree-sitter was shown for an extension block.
    fn is_extension_block(&self, node: Node<'_>) -> bool {
        let mut cursor = node.walk();
        node.kind() == "class_declaration"
            && node
                .children(&mut cursor)
                .find(|child| child.kind() == "class" && !child.is_named())
                .is_some_and(|keyword| {
                    self.marks
                        .extension_keyword_end(keyword.start_byte())
                        .is_some()
                })
    }
}
