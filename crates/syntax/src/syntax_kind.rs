//! `SyntaxKind` and `Field`, generated from the grammar, and how they share one raw rowan kind.

mod generated;

pub use self::generated::{Field, SyntaxKind};

use self::generated::KIND_BITS;

const KIND_MASK: u16 = (1 << KIND_BITS) - 1;

impl SyntaxKind {
    /// Text that carries no syntax: whitespace, comments, directive lines, code skipped by `#if`.
    pub fn is_trivia(self) -> bool {
        matches!(
            self,
            SyntaxKind::WHITESPACE
                | SyntaxKind::COMMENT
                | SyntaxKind::PREPROCESSOR_DIRECTIVE
                | SyntaxKind::INACTIVE_CODE
        )
    }

    pub(crate) fn from_raw(raw: rowan::SyntaxKind) -> SyntaxKind {
        SyntaxKind::ALL
            .get(usize::from(raw.0 & KIND_MASK))
            .copied()
            .unwrap_or(SyntaxKind::ERROR)
    }

    /// The raw rowan kind of an element of this kind in `field`: the field id above the kind bits,
    /// so fields cost no memory in the tree.
    pub(crate) fn to_raw(self, field: Option<Field>) -> rowan::SyntaxKind {
        let field = field.map_or(0, |field| field as u16);
        rowan::SyntaxKind(field << KIND_BITS | self as u16)
    }
}

impl Field {
    pub(crate) fn from_raw(raw: rowan::SyntaxKind) -> Option<Field> {
        let id = usize::from(raw.0 >> KIND_BITS);
        id.checked_sub(1)
            .and_then(|index| Field::ALL.get(index))
            .copied()
    }
}

impl From<SyntaxKind> for rowan::SyntaxKind {
    fn from(kind: SyntaxKind) -> rowan::SyntaxKind {
        kind.to_raw(None)
    }
}
