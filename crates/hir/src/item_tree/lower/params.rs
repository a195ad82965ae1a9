//! Parameter lists: modifiers, types, defaults, the unwrapped `params` parameter, and an
//! extension block's receiver.

use smol_str::SmolStr;
use syntax::{Field, HasField, SyntaxKind, SyntaxNode};

use super::{element_text, field, identifier_text, lower_type};
use crate::{
    item_tree::{Param, ParamModifier},
    type_ref::{Path, TypeRef},
};

/// Parameters of a parameter list. `params T[] x` is not wrapped in a `PARAMETER` node by the grammar:
/// its keyword, type and name are children of the list.
pub(super) fn lower_params(list: &SyntaxNode) -> Vec<Param> {
    let mut out = Vec::new();
    let mut loose_params: Option<Param> = None;
    for child in list.children_with_tokens() {
        match child.kind() {
            SyntaxKind::PARAMETER => {
                if let Some(node) = child.as_node() {
                    out.push(lower_param(node));
                }
            }
            SyntaxKind::PARAMS_KW => {
                loose_params = Some(Param {
                    name: SmolStr::default(),
                    ty: TypeRef::Error,
                    modifier: ParamModifier::Params,
                    has_default: false,
                })
            }
            _ => {
                if let Some(param) = loose_params.as_mut() {
                    match child.field() {
                        Some(Field::Type) => param.ty = lower_type(&child),
                        Some(Field::Name) => {
                            param.name = identifier_text(&child);
                            out.extend(loose_params.take());
                        }
                        _ => {}
                    }
                }
            }
        }
    }
    out.extend(loose_params);
    out
}

pub(super) fn lower_param(node: &SyntaxNode) -> Param {
    let mut modifier = ParamModifier::None;
    for child in node.children_with_tokens() {
        let text = match child.kind() {
            SyntaxKind::MODIFIER => element_text(&child),
            SyntaxKind::PARAMS_KW => "params".to_owned(),
            _ => continue,
        };
        modifier = match (text.trim(), modifier) {
            ("readonly", ParamModifier::Ref) => ParamModifier::RefReadonly,
            ("ref", _) => ParamModifier::Ref,
            ("out", _) => ParamModifier::Out,
            ("in", _) => ParamModifier::In,
            ("params", _) => ParamModifier::Params,
            ("this", ParamModifier::None) => ParamModifier::This,
            (_, m) => m,
        };
    }
    Param {
        name: field(node, Field::Name)
            .map(|n| identifier_text(&n))
            .unwrap_or_default(),
        ty: field(node, Field::Type).map_or(TypeRef::Implicit, |t| lower_type(&t)),
        modifier,
        has_default: node
            .children_with_tokens()
            .any(|c| c.kind() == SyntaxKind::EQ),
    }
}

/// The receiver of an extension block. A type alone, `extension(Foo)`, is read by the grammar as a
/// parameter named `Foo`: it is the type.
pub(super) fn lower_receiver(node: &SyntaxNode) -> Param {
    let mut receiver = lower_param(node);
    if receiver.ty == TypeRef::Implicit && !receiver.name.is_empty() {
        receiver.ty = TypeRef::Path(Path::simple(std::mem::take(&mut receiver.name)));
    }
    receiver
}
