//! tree-sitter tree → rowan green tree.
//!
//! tree-sitter's tokens are copied from the original text; every byte gap between them becomes
//! trivia, classified by the preprocessor's ranges. The output position only moves forward and the
//! tail is always emitted, so the green tree's text is the input whatever tree-sitter reports.
//! Where the grammar-gap pre-pass showed tree-sitter another shape than the source has, `gaps` names the
//! nodes back.

mod gaps;

use std::sync::OnceLock;

use rowan::{GreenNode, GreenNodeBuilder};
use tree_sitter::{Node, TreeCursor};

use self::gaps::Remap;
use super::Bodies;
use crate::{
    Field, Preprocessed, SyntaxError, SyntaxKind, TextRange, TextSize, grammar_gaps::Marks,
};

/// Deeper trees are flattened: their deeper tokens go into the node at this depth. rowan drops,
/// compares and hashes trees recursively, and so will most consumers.
pub(crate) const MAX_DEPTH: usize = 1000;

pub(super) fn convert(
    text: &str,
    tree: Option<&tree_sitter::Tree>,
    preprocessed: &Preprocessed,
    marks: &Marks,
    bodies: Bodies,
) -> (GreenNode, Vec<SyntaxError>) {
    let mut converter = Converter::new(text, preprocessed, marks, bodies);
    converter
        .builder
        .start_node(SyntaxKind::COMPILATION_UNIT.into());
    if let Some(tree) = tree {
        let root = tree.root_node();
        let mut cursor = root.walk();
        let root_is_unit = tree_sitter_kind(&root) == Some(SyntaxKind::COMPILATION_UNIT);
        // The root compilation unit is the node opened above; anything else goes inside it.
        if !root_is_unit || cursor.goto_first_child() {
            converter.walk(&mut cursor);
        }
    }
    converter.emit_gap(text.len());
    converter.builder.finish_node();
    (converter.builder.finish(), converter.errors)
}

struct Frame {
    /// Whether the node opened a rowan node (it does not beyond `MAX_DEPTH`).
    opened: bool,
    is_error: bool,
    /// Text up to here that no child covers (tree-sitter skipped it, or it is a token the grammar
    /// leaves unnamed, like the `N2` of `{x:N2}`) is part of the node.
    end: usize,
    /// How the fields of the children change (the node is not what tree-sitter saw).
    remap: Remap,
}

struct Converter<'a> {
    text: &'a str,
    marks: &'a Marks,
    bodies: Bodies,
    /// Directive lines and inactive regions, sorted by start.
    special: Vec<(TextRange, SyntaxKind)>,
    /// The first of `special` that may still lie ahead of `pos`.
    next_special: usize,
    builder: GreenNodeBuilder<'static>,
    /// Bytes of `text` before `pos` are in the tree.
    pos: usize,
    /// The tree-sitter nodes being walked.
    stack: Vec<Frame>,
    /// Rowan nodes open.
    depth: usize,
    /// tree-sitter `ERROR` nodes around `pos`: errors inside them are not reported again.
    errors_open: usize,
    reported_depth: bool,
    errors: Vec<SyntaxError>,
}

impl<'a> Converter<'a> {
    fn new(
        text: &'a str,
        preprocessed: &Preprocessed,
        marks: &'a Marks,
        bodies: Bodies,
    ) -> Converter<'a> {
        let mut special: Vec<(TextRange, SyntaxKind)> = (preprocessed.directives.iter())
            .map(|&range| (range, SyntaxKind::PREPROCESSOR_DIRECTIVE))
            .chain(
                preprocessed
                    .inactive
                    .iter()
                    .map(|&range| (range, SyntaxKind::INACTIVE_CODE)),
            )
            .collect();
        special.sort_by_key(|(range, _)| range.start());
        Converter {
            text,
            marks,
            bodies,
            special,
            next_special: 0,
            builder: GreenNodeBuilder::new(),
            pos: 0,
            stack: Vec::new(),
            depth: 1,
            errors_open: 0,
            reported_depth: false,
            errors: Vec::new(),
        }
    }

    /// Converts the node under the cursor, its following siblings, and all their descendants.
    fn walk(&mut self, cursor: &mut TreeCursor<'_>) {
        let base = self.stack.len();
        // Per level entered below `base`: how many siblings follow the node under the cursor. A
        // node's `child_count` is what the cursor visits (visible children, hidden nodes looked
        // through), and a `goto_next_sibling` past the last child is tree-sitter's dearest step (it
        // walks up through the parents looking for one): the walk goes up without asking.
        let mut siblings_left: Vec<u32> = Vec::new();
        loop {
            let node = cursor.node();
            let field = cursor.field_id().and_then(|id| field_for_id(id.get()));
            if self.enter(node, field) {
                let children = node.child_count();
                if children > 0 && cursor.goto_first_child() {
                    siblings_left.push(children - 1);
                    continue;
                }
                self.leave();
            }
            loop {
                let stepped = match siblings_left.last_mut() {
                    Some(0) => false,
                    Some(left) => {
                        *left -= 1;
                        cursor.goto_next_sibling()
                    }
                    None => cursor.goto_next_sibling(),
                };
                if stepped {
                    break;
                }
                if self.stack.len() == base || !cursor.goto_parent() {
                    return;
                }
                siblings_left.pop();
                self.leave();
            }
        }
    }

    /// Emits what `node` starts with; returns whether its children must be walked (then the caller
    /// ends with `leave`).
    fn enter(&mut self, node: Node<'_>, field: Option<Field>) -> bool {
        let field = self.remap_field(&node, field);
        if node.is_missing() {
            let message = match node.is_named() {
                true => format!("expected {}", node.kind().replace('_', " ")),
                false => format!("expected `{}`", node.kind()),
            };
            let at = self.floor(node.start_byte());
            self.error(at..at, message);
            return false;
        }
        let kind_id = node.kind_id();
        // What `Node::is_error` compares, without a second call into tree-sitter for every node.
        if kind_id == ERROR_SYMBOL {
            if self.is_nameless_receiver(node) {
                self.open(node, SyntaxKind::PARAMETER, field, Remap::Receiver);
                return true;
            }
            if self.errors_open == 0 {
                let range = self.floor(node.start_byte())..self.floor(node.end_byte());
                self.error(
                    range,
                    format!("unexpected `{}`", self.first_token_text(node)),
                );
            }
            self.open(node, SyntaxKind::ERROR, None, Remap::None);
            return true;
        }
        let kind = kind_for_id(kind_id).unwrap_or(SyntaxKind::ERROR);
        if self.bodies == Bodies::Skipped
            && matches!(
                kind,
                SyntaxKind::BLOCK | SyntaxKind::ARROW_EXPRESSION_CLAUSE
            )
        {
            // The node keeps its place and text; what tree-sitter found inside is not walked.
            self.open(node, kind, field, Remap::None);
            self.emit(node.end_byte(), SyntaxKind::BODY_TEXT.into());
            self.leave();
            return false;
        }
        if kind.is_token() {
            self.emit_gap(node.start_byte());
            self.emit_token(node, kind, field);
            return false;
        }
        let (kind, remap) = self.retag(node, kind);
        self.open(node, kind, field, remap);
        true
    }

    fn open(&mut self, node: Node<'_>, kind: SyntaxKind, field: Option<Field>, remap: Remap) {
        self.emit_gap(node.start_byte());
        let opened = self.depth < MAX_DEPTH;
        if opened {
            self.builder.start_node(kind.to_raw(field));
            self.depth += 1;
        } else if !self.reported_depth {
            self.reported_depth = true;
            let at = self.pos;
            self.error(
                at..at,
                format!("nesting deeper than {MAX_DEPTH} levels is flattened"),
            );
        }
        let is_error = kind == SyntaxKind::ERROR;
        if is_error {
            self.errors_open += 1;
        }
        self.stack.push(Frame {
            opened,
            is_error,
            end: node.end_byte(),
            remap,
        });
    }

    fn leave(&mut self) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        self.emit_gap(frame.end);
        if frame.is_error {
            self.errors_open -= 1;
        }
        if frame.opened {
            self.builder.finish_node();
            self.depth -= 1;
        }
    }

    /// One token from `pos` to `end`.
    fn emit(&mut self, end: usize, raw: rowan::SyntaxKind) {
        let end = self.floor(end);
        if end > self.pos {
            self.builder.token(raw, &self.text[self.pos..end]);
            self.pos = end;
        }
    }

    /// Trivia from `pos` to `end`: directive lines, inactive code, whitespace between them.
    fn emit_gap(&mut self, end: usize) {
        let end = self.floor(end);
        while self.pos < end {
            while let Some(&(range, _)) = self.special.get(self.next_special) {
                if usize::from(range.end()) > self.pos {
                    break;
                }
                self.next_special += 1;
            }
            let (piece_end, kind) = match self.special.get(self.next_special) {
                Some(&(range, kind)) if usize::from(range.start()) <= self.pos => {
                    (usize::from(range.end()), kind)
                }
                Some(&(range, _)) => (usize::from(range.start()), SyntaxKind::WHITESPACE),
                None => (end, SyntaxKind::WHITESPACE),
            };
            let piece_end = self.floor(piece_end.min(end));
            if piece_end <= self.pos {
                // A range not on a char boundary: take the rest as whitespace-or-error.
                self.emit_unclassified(end);
                return;
            }
            match kind {
                SyntaxKind::WHITESPACE => self.emit_unclassified(piece_end),
                _ => self.emit(piece_end, kind.into()),
            }
        }
    }

    /// Text between tokens outside the preprocessor's ranges: whitespace; inside a node, text of a
    /// token the grammar does not name; else garbage tree-sitter stopped at (a NUL byte).
    fn emit_unclassified(&mut self, end: usize) {
        while self.pos < end {
            let rest = &self.text[self.pos..end];
            let blank = |c: char| c.is_whitespace() || c == '\u{feff}';
            let first_blank = rest.chars().next().is_some_and(blank);
            let len = rest
                .find(|c: char| blank(c) != first_blank)
                .unwrap_or(rest.len());
            let piece_end = self.pos + len;
            if first_blank {
                self.emit(piece_end, SyntaxKind::WHITESPACE.into());
            } else if self.errors_open == 0 && self.stack.last().is_some_and(|f| f.end >= piece_end)
            {
                self.emit(piece_end, SyntaxKind::TEXT.into());
            } else {
                if self.errors_open == 0 {
                    let message = format!("unexpected `{}`", abbreviate(&rest[..len]));
                    self.error(self.pos..piece_end, message);
                }
                self.emit(piece_end, SyntaxKind::ERROR.into());
            }
        }
    }

    /// The largest char boundary at or before `offset`, and not before `pos`.
    fn floor(&self, offset: usize) -> usize {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset.max(self.pos)
    }

    fn first_token_text(&self, node: Node<'_>) -> &'a str {
        let mut leaf = node;
        while let Some(child) = leaf.child(0) {
            leaf = child;
        }
        let text = self
            .text
            .get(leaf.start_byte()..leaf.end_byte())
            .unwrap_or_default();
        abbreviate(text)
    }

    fn error(&mut self, range: std::ops::Range<usize>, message: String) {
        let offset = |offset: usize| TextSize::try_from(offset).unwrap_or(TextSize::from(u32::MAX));
        let range = TextRange::new(offset(range.start), offset(range.end.max(range.start)));
        self.errors.push(SyntaxError { range, message });
    }
}

/// The first line of `text`, at most 30 chars.
fn abbreviate(text: &str) -> &str {
    let line = text.trim().lines().next().unwrap_or_default();
    match line.char_indices().nth(30) {
        Some((end, _)) => &line[..end],
        None => line,
    }
}

/// tree-sitter's `ts_builtin_sym_error`: the symbol of an `ERROR` node.
const ERROR_SYMBOL: u16 = u16::MAX;

fn tree_sitter_kind(node: &Node<'_>) -> Option<SyntaxKind> {
    kind_for_id(node.kind_id())
}

fn kind_for_id(id: u16) -> Option<SyntaxKind> {
    static KINDS: OnceLock<Vec<Option<SyntaxKind>>> = OnceLock::new();
    let kinds = KINDS.get_or_init(|| {
        let language: tree_sitter::Language = tree_sitter_c_sharp::LANGUAGE.into();
        (0..language.node_kind_count())
            .map(|id| {
                let id = u16::try_from(id).ok()?;
                let name = language.node_kind_for_id(id)?;
                SyntaxKind::from_tree_sitter(name, language.node_kind_is_named(id))
            })
            .collect()
    });
    kinds.get(usize::from(id)).copied().flatten()
}

fn field_for_id(id: u16) -> Option<Field> {
    static FIELDS: OnceLock<Vec<Option<Field>>> = OnceLock::new();
    let fields = FIELDS.get_or_init(|| {
        let language: tree_sitter::Language = tree_sitter_c_sharp::LANGUAGE.into();
        (0..=language.field_count())
            .map(|id| {
                let id = u16::try_from(id).ok()?;
                Field::from_name(language.field_name_for_id(id)?)
            })
            .collect()
    });
    fields.get(usize::from(id)).copied().flatten()
}
