//! A `foreach` variable of a generic type with one named type argument, `foreach (List<Token> t in
//! lists)`.
//!
//! tree-sitter-c-sharp reads the declaration as two comparisons, `(List < Token) > t`, the expression
//! form its grammar allows there (with `int` or a second argument it reads the type). C# has no such
//! form: a `foreach` declares a type and an identifier, or deconstructs (§13.9.5), so an expression
//! of comparisons is always a type read wrongly, and the lowering reads it back as `List<Token>` and
//! `t`.

use syntax::{Field, SyntaxElement, SyntaxKind};

use super::{field, generic_call_casts::split_type_argument, lower_type};
use crate::type_ref::{Path, TypeRef};

/// The type and the variable of a `foreach` declaration tree-sitter read as `(A < B) > name`.
pub(super) fn misread_declaration(left: &SyntaxElement) -> Option<(TypeRef, SyntaxElement)> {
    let (generic, argument, name) = split_type_argument(left.as_node()?)?;
    if name.kind() != SyntaxKind::IDENTIFIER {
        return None;
    }
    let mut path = name_path(&generic)?;
    let argument = match name_path(&argument) {
        Some(path) => TypeRef::Path(path),
        None => lower_type(&argument),
    };
    if argument == TypeRef::Error {
        return None;
    }
    path.segments.last_mut()?.args.push(argument);
    Some((TypeRef::Path(path), name))
}

/// A name written as an expression (`A`, `A.B`, `A<C>.B`) as the type path it spells.
fn name_path(element: &SyntaxElement) -> Option<Path> {
    match element.kind() {
        SyntaxKind::IDENTIFIER | SyntaxKind::GENERIC_NAME | SyntaxKind::QUALIFIED_NAME => {
            match lower_type(element) {
                TypeRef::Path(path) => Some(path),
                _ => None,
            }
        }
        SyntaxKind::MEMBER_ACCESS_EXPRESSION => {
            let node = element.as_node()?;
            let mut path = name_path(&field(node, Field::Expression)?)?;
            let TypeRef::Path(last) = lower_type(&field(node, Field::Name)?) else {
                return None;
            };
            path.segments.extend(last.segments);
            Some(path)
        }
        _ => None,
    }
}
