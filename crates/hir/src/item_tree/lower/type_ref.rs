//! Types as written → [`TypeRef`]: names and paths (qualified, alias-qualified, generic), arrays,
//! nullable, pointer, `ref` and tuple types.

use syntax::{
    Field, SyntaxElement, SyntaxKind, SyntaxNode,
    ast::{AstElement, Type},
};

use super::{element_text, field, identifier_text};
use crate::type_ref::{Path, PathQualifier, PathSegment, Predefined, TupleElement, TypeRef};

/// Lowers a type as written (a token such as `int` or `Foo`, or a node such as `List<Foo>[]`).
pub fn lower_type(element: &SyntaxElement) -> TypeRef {
    match element.kind() {
        SyntaxKind::IDENTIFIER => TypeRef::Path(Path::simple(identifier_text(element))),
        SyntaxKind::PREDEFINED_TYPE => Predefined::from_keyword(element_text(element).trim())
            .map_or(TypeRef::Error, TypeRef::Predefined),
        SyntaxKind::IMPLICIT_TYPE => TypeRef::Implicit,
        SyntaxKind::FUNCTION_POINTER_TYPE => TypeRef::FunctionPointer,
        SyntaxKind::GENERIC_NAME
        | SyntaxKind::QUALIFIED_NAME
        | SyntaxKind::ALIAS_QUALIFIED_NAME => element
            .as_node()
            .and_then(lower_path)
            .map_or(TypeRef::Error, TypeRef::Path),
        SyntaxKind::ARRAY_TYPE => {
            let Some(node) = element.as_node() else {
                return TypeRef::Error;
            };
            let rank = field(node, Field::Rank)
                .and_then(SyntaxElement::into_node)
                .map_or(1, |r| {
                    1 + r
                        .children_with_tokens()
                        .filter(|c| c.kind() == SyntaxKind::COMMA)
                        .count() as u8
                });
            TypeRef::Array {
                element: Box::new(inner_type(node)),
                rank,
            }
        }
        SyntaxKind::NULLABLE_TYPE => element.as_node().map_or(TypeRef::Error, |n| {
            TypeRef::Nullable(Box::new(inner_type(n)))
        }),
        SyntaxKind::POINTER_TYPE => element.as_node().map_or(TypeRef::Error, |n| {
            TypeRef::Pointer(Box::new(inner_type(n)))
        }),
        SyntaxKind::REF_TYPE => element
            .as_node()
            .map_or(TypeRef::Error, |n| TypeRef::Ref(Box::new(inner_type(n)))),
        SyntaxKind::SCOPED_TYPE => element.as_node().map_or(TypeRef::Error, inner_type),
        SyntaxKind::TUPLE_TYPE => {
            let Some(node) = element.as_node() else {
                return TypeRef::Error;
            };
            TypeRef::Tuple(
                node.children()
                    .filter(|c| c.kind() == SyntaxKind::TUPLE_ELEMENT)
                    .map(|e| TupleElement {
                        ty: field(&e, Field::Type).map_or(TypeRef::Error, |t| lower_type(&t)),
                        name: field(&e, Field::Name).map(|n| identifier_text(&n)),
                    })
                    .collect(),
            )
        }
        _ => TypeRef::Error,
    }
}

pub(super) fn inner_type(node: &SyntaxNode) -> TypeRef {
    field(node, Field::Type)
        .or_else(|| {
            node.children_with_tokens()
                .find(|c| Type::can_cast_element(c.kind()))
        })
        .map_or(TypeRef::Error, |t| lower_type(&t))
}

/// `A.B<C>.D`, `global::A`, `alias::B`, `Foo<int>`.
pub(super) fn lower_path(node: &SyntaxNode) -> Option<Path> {
    match node.kind() {
        SyntaxKind::GENERIC_NAME => Some(Path {
            qualifier: PathQualifier::None,
            segments: vec![generic_segment(node)],
        }),
        SyntaxKind::QUALIFIED_NAME => {
            let qualifier = field(node, Field::Qualifier)?;
            let mut path = match qualifier.kind() {
                SyntaxKind::IDENTIFIER => Path::simple(identifier_text(&qualifier)),
                _ => lower_path(qualifier.as_node()?)?,
            };
            path.segments.push(segment(&field(node, Field::Name)?));
            Some(path)
        }
        SyntaxKind::ALIAS_QUALIFIED_NAME => {
            let alias = identifier_text(&field(node, Field::Alias)?);
            let qualifier = if alias == "global" {
                PathQualifier::Global
            } else {
                PathQualifier::Alias(alias)
            };
            Some(Path {
                qualifier,
                segments: vec![segment(&field(node, Field::Name)?)],
            })
        }
        _ => None,
    }
}

pub(super) fn segment(element: &SyntaxElement) -> PathSegment {
    match element.as_node() {
        Some(node) if node.kind() == SyntaxKind::GENERIC_NAME => generic_segment(node),
        _ => PathSegment {
            name: identifier_text(element),
            args: Vec::new(),
        },
    }
}

pub(super) fn generic_segment(node: &SyntaxNode) -> PathSegment {
    let name = node
        .children_with_tokens()
        .find(|c| c.kind() == SyntaxKind::IDENTIFIER)
        .map(|n| identifier_text(&n))
        .unwrap_or_default();
    let args = node
        .children()
        .find(|c| c.kind() == SyntaxKind::TYPE_ARGUMENT_LIST)
        .map(|list| {
            let types: Vec<TypeRef> = list
                .children_with_tokens()
                .filter(|c| Type::can_cast_element(c.kind()))
                .map(|t| lower_type(&t))
                .collect();
            if types.is_empty() {
                // `Dictionary<,>`: an unbound generic, arity from the commas.
                let commas = list
                    .children_with_tokens()
                    .filter(|c| c.kind() == SyntaxKind::COMMA)
                    .count();
                vec![TypeRef::Error; commas + 1]
            } else {
                types
            }
        })
        .unwrap_or_default();
    PathSegment { name, args }
}
