//! Tests of the parser and the typed AST. Through `parse` (with the preprocessor) unless a test is
//! about the conversion alone.

mod accessors;
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
