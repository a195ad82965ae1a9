//! The rowan tree for C#: its language, node and token types, fields, and a debug dump.

use std::fmt::Write;

use rowan::{NodeOrToken, WalkEvent};

use crate::{Field, SyntaxKind};

/// rowan's `Language` for C#: raw kinds are `SyntaxKind`s with the field id in their high bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CSharp {}

impl rowan::Language for CSharp {
    type Kind = SyntaxKind;

    fn kind_from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::from_raw(raw)
    }

    fn kind_to_raw(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.to_raw(None)
    }
}

pub type SyntaxNode = rowan::SyntaxNode<CSharp>;
pub type SyntaxToken = rowan::SyntaxToken<CSharp>;
pub type SyntaxElement = rowan::SyntaxElement<CSharp>;
pub type SyntaxNodeChildren = rowan::SyntaxNodeChildren<CSharp>;
pub type SyntaxElementChildren = rowan::SyntaxElementChildren<CSharp>;
pub type PreorderWithTokens = rowan::api::PreorderWithTokens<CSharp>;

/// The grammar field a node or token fills in its parent (`name` in `class Foo`), if any.
pub trait HasField {
    fn field(&self) -> Option<Field>;
}

impl HasField for SyntaxNode {
    fn field(&self) -> Option<Field> {
        Field::from_raw(self.green().kind())
    }
}

impl HasField for SyntaxToken {
    fn field(&self) -> Option<Field> {
        Field::from_raw(self.green().kind())
    }
}

impl HasField for SyntaxElement {
    fn field(&self) -> Option<Field> {
        match self {
            NodeOrToken::Node(node) => node.field(),
            NodeOrToken::Token(token) => token.field(),
        }
    }
}

/// The first child, node or token, that fills field `f` of `node`. The search reads the green
/// children, so no cursor is made for the children passed over (trivia included), and only the
/// one found is materialized: a cursor per child walked was a tenth of lowering a body.
pub fn field_child(node: &SyntaxNode, f: Field) -> Option<SyntaxElement> {
    field_child_where(node, f, |_| true)
}

/// [`field_child`] of a kind `accept` takes.
pub(crate) fn field_child_where(
    node: &SyntaxNode,
    f: Field,
    accept: impl Fn(SyntaxKind) -> bool,
) -> Option<SyntaxElement> {
    let mut offset = node.text_range().start();
    for child in node.green().children() {
        let len = child.text_len();
        if Field::from_raw(child.kind()) == Some(f) && accept(SyntaxKind::from_raw(child.kind())) {
            return if len == 0.into() {
                // An empty child shares its range with a neighbour: found by walking instead.
                node.children_with_tokens()
                    .find(|c| c.field() == Some(f) && accept(c.kind()))
            } else {
                node.child_or_token_at_range(rowan::TextRange::at(offset, len))
            };
        }
        offset += len;
    }
    None
}

/// An indented dump of the tree, one element a line: `KIND@start..end`, a token's text in quotes, the
/// field first when there is one (`name: IDENTIFIER@6..9 "Foo"`).
pub fn debug_dump(node: &SyntaxNode) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for event in node.preorder_with_tokens() {
        let element = match event {
            WalkEvent::Enter(element) => element,
            WalkEvent::Leave(_) => {
                depth = depth.saturating_sub(1);
                continue;
            }
        };
        out.extend(std::iter::repeat_n("  ", depth));
        if let Some(field) = element.field() {
            let _ = write!(out, "{}: ", field.name());
        }
        let _ = write!(out, "{:?}@{:?}", element.kind(), element.text_range());
        match element {
            NodeOrToken::Node(_) => depth += 1,
            NodeOrToken::Token(token) => {
                let _ = write!(out, " {:?}", token.text());
                // Tokens get a Leave event too: keep the depth balanced.
                depth += 1;
            }
        }
        out.push('\n');
    }
    out
}
