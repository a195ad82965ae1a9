//! Tests of the parser and the typed AST. Through `parse` (with the preprocessor) unless a test is
//! about the conversion alone.

mod accessors;
mod fuzz_corpus;
mod grammar_gaps;
mod lossless;
mod trees;

use crate::{Defines, Parse};

fn parse(text: &str) -> Parse {
    crate::parse(text, &Defines::new(["DEBUG"]))
}

/// Parses, and checks what must hold for every input.
#[track_caller]
fn check_lossless(text: &str) -> Parse {
    let parse = parse(text);
    let node = parse.syntax_node();
    assert_eq!(node.text().to_string(), text, "the tree lost text");
    assert_eq!(node.kind(), crate::SyntaxKind::COMPILATION_UNIT);
    parse
}

#[test]
fn every_visible_tree_sitter_kind_has_a_syntax_kind() {
    let language: tree_sitter::Language = tree_sitter_c_sharp::LANGUAGE.into();
    let unmapped: Vec<&str> = (0..language.node_kind_count())
        .filter_map(|id| u16::try_from(id).ok())
        .filter(|&id| language.node_kind_is_visible(id))
        .filter_map(|id| {
            let name = language.node_kind_for_id(id)?;
            let named = language.node_kind_is_named(id);
            crate::SyntaxKind::from_tree_sitter(name, named)
                .is_none()
                .then_some(name)
        })
        .collect();
    assert_eq!(unmapped, Vec::<&str>::new(), "run `cargo xtask codegen`");
}
