//! Members of a type: methods, constructors, properties, indexers, events, operators and
//! conversions, fields (one member per declarator), enum members, and C# 14 extension blocks.

use smol_str::SmolStr;
use syntax::{
    Field, SyntaxElement, SyntaxKind, SyntaxNode,
    ast::{self, AstElement, AstNode},
};

use super::{
    Ctx, element_text, field, identifier_text, lower_type, modifiers,
    params::{lower_params, lower_receiver},
    types::{bounds, type_params},
};
use crate::item_tree::{
    Accessors, CtorInitializer, ExtensionBlock, ItemParent, Member, MemberKind, MemberOrigin,
    Modifiers, ParamModifier, TypeIdx,
};

impl Ctx {
    pub(super) fn lower_members(&mut self, body: &SyntaxNode, owner: TypeIdx) {
        for child in body.children() {
            let kind = child.kind();
            if ast::TypeDeclaration::can_cast_element(kind) {
                let nested = self.lower_type(&child, ItemParent::Type(owner));
                self.tree.types[owner].nested.push(nested);
                continue;
            }
            match kind {
                SyntaxKind::FIELD_DECLARATION | SyntaxKind::EVENT_FIELD_DECLARATION => {
                    self.lower_field(&child, owner)
                }
                SyntaxKind::ERROR => self.lower_members(&child, owner),
                SyntaxKind::EXTENSION_DECLARATION => self.lower_extension_block(&child, owner),
                _ => {
                    if let Some(member) = lower_member(&child) {
                        let name = field(&child, Field::Name)
                            .map_or(child.text_range(), |n| n.text_range());
                        self.push_member(owner, member, child.text_range(), name);
                    }
                }
            }
        }
    }

    /// The members of a C# 14 extension block are members of the enclosing static class, lowered as
    /// the compiler emits them for callers (see [`Member::extension`]).
    pub(super) fn lower_extension_block(&mut self, node: &SyntaxNode, owner: TypeIdx) {
        let Some(receiver) = node
            .children()
            .find(|c| c.kind() == SyntaxKind::PARAMETER_LIST)
            .and_then(|list| list.children().find(|c| c.kind() == SyntaxKind::PARAMETER))
            .map(|param| lower_receiver(&param))
        else {
            return;
        };
        let Some(body) = field(node, Field::Body).and_then(SyntaxElement::into_node) else {
            return;
        };
        let block_type_params = type_params(node);
        let block_bounds = bounds(node);
        let first = self.tree.members.len();
        self.lower_members(&body, owner);
        let block = ExtensionBlock {
            receiver,
            type_params: block_type_params.len(),
        };
        let owners = &self.tree.member_owners;
        for (idx, member) in self.tree.members.iter_mut().skip(first) {
            // A nested type (an error in a block) keeps its members to itself.
            if owners[idx.into_raw().into_u32() as usize] != owner {
                continue;
            }
            member
                .type_params
                .splice(0..0, block_type_params.iter().cloned());
            member.bounds.splice(0..0, block_bounds.iter().cloned());
            if member.kind == MemberKind::Method && !member.modifiers.contains(Modifiers::STATIC) {
                let mut this = block.receiver.clone();
                if this.modifier == ParamModifier::None {
                    this.modifier = ParamModifier::This;
                }
                member.params.insert(0, this);
                member.modifiers.insert(Modifiers::STATIC);
            }
            member.extension = Some(Box::new(block.clone()));
        }
    }

    /// `int a, b;` declares two fields; `event EventHandler A, B;` two events.
    pub(super) fn lower_field(&mut self, node: &SyntaxNode, owner: TypeIdx) {
        let is_event = node.kind() == SyntaxKind::EVENT_FIELD_DECLARATION;
        let mods = modifiers(node);
        let Some(decl) = node.children().find_map(ast::VariableDeclaration::cast) else {
            return;
        };
        let ty = field(decl.syntax(), Field::Type).map(|t| lower_type(&t));
        for declarator in decl.variable_declarators() {
            let Some(name_el) = field(declarator.syntax(), Field::Name) else {
                continue;
            };
            let kind = if is_event {
                MemberKind::Event
            } else if mods.contains(Modifiers::CONST) {
                MemberKind::Constant
            } else {
                MemberKind::Field
            };
            let member = Member {
                name: identifier_text(&name_el),
                kind,
                type_params: Vec::new(),
                bounds: Vec::new(),
                params: Vec::new(),
                ty: ty.clone(),
                modifiers: mods,
                explicit_interface: None,
                accessors: Accessors {
                    add: is_event,
                    remove: is_event,
                    ..Accessors::default()
                },
                initializer: None,
                origin: MemberOrigin::Declared,
                extension: None,
                has_body: false,
                conditions: Vec::new(),
            };
            self.push_member(owner, member, node.text_range(), name_el.text_range());
        }
    }
}

pub(super) fn lower_member(node: &SyntaxNode) -> Option<Member> {
    let mut member = Member {
        name: field(node, Field::Name)
            .map(|n| identifier_text(&n))
            .unwrap_or_default(),
        kind: MemberKind::Method,
        type_params: type_params(node),
        bounds: bounds(node),
        params: field(node, Field::Parameters)
            .and_then(SyntaxElement::into_node)
            .map(|p| lower_params(&p))
            .unwrap_or_default(),
        ty: None,
        modifiers: modifiers(node),
        explicit_interface: node
            .children()
            .find(|c| c.kind() == SyntaxKind::EXPLICIT_INTERFACE_SPECIFIER)
            .and_then(|spec| {
                spec.children_with_tokens()
                    .find(|c| ast::Type::can_cast_element(c.kind()))
            })
            .map(|t| lower_type(&t)),
        accessors: accessors(node),
        initializer: None,
        origin: MemberOrigin::Declared,
        extension: None,
        has_body: has_body(node),
        conditions: conditions(node),
    };
    match node.kind() {
        SyntaxKind::METHOD_DECLARATION => {
            member.ty = field(node, Field::Returns).map(|t| lower_type(&t));
        }
        SyntaxKind::CONSTRUCTOR_DECLARATION => {
            member.kind = MemberKind::Constructor;
            member.initializer = node
                .children()
                .find(|c| c.kind() == SyntaxKind::CONSTRUCTOR_INITIALIZER)
                .and_then(|init| {
                    init.children_with_tokens().find_map(|t| match t.kind() {
                        SyntaxKind::BASE_KW => Some(CtorInitializer::Base),
                        SyntaxKind::THIS_KW => Some(CtorInitializer::This),
                        _ => None,
                    })
                });
        }
        SyntaxKind::DESTRUCTOR_DECLARATION => member.kind = MemberKind::Destructor,
        SyntaxKind::PROPERTY_DECLARATION => {
            member.kind = MemberKind::Property;
            member.ty = field(node, Field::Type).map(|t| lower_type(&t));
        }
        SyntaxKind::INDEXER_DECLARATION => {
            member.kind = MemberKind::Indexer;
            member.name = SmolStr::new_static("this");
            member.ty = field(node, Field::Type).map(|t| lower_type(&t));
        }
        SyntaxKind::EVENT_DECLARATION => {
            member.kind = MemberKind::Event;
            member.ty = field(node, Field::Type).map(|t| lower_type(&t));
        }
        SyntaxKind::OPERATOR_DECLARATION => {
            member.kind = MemberKind::Operator;
            member.ty = field(node, Field::Type).map(|t| lower_type(&t));
            let op = field(node, Field::Operator)
                .map(|o| element_text(&o))
                .unwrap_or_default();
            member.name = SmolStr::new_static(
                operator_name(&op, member.params.len()).unwrap_or("op_Unknown"),
            );
        }
        SyntaxKind::CONVERSION_OPERATOR_DECLARATION => {
            member.kind = MemberKind::Conversion;
            member.ty = field(node, Field::Type).map(|t| lower_type(&t));
            let explicit = node
                .children_with_tokens()
                .any(|c| c.kind() == SyntaxKind::EXPLICIT_KW);
            member.name = SmolStr::new_static(if explicit {
                "op_Explicit"
            } else {
                "op_Implicit"
            });
        }
        SyntaxKind::ENUM_MEMBER_DECLARATION => {
            member.kind = MemberKind::EnumMember;
            member.modifiers = Modifiers::PUBLIC
                .union(Modifiers::STATIC)
                .union(Modifiers::CONST);
        }
        _ => return None,
    }
    Some(member)
}

/// The symbols of a declaration's `[Conditional("X")]` attributes (`Conditional` or
/// `ConditionalAttribute`, qualified or not; a string literal argument).
pub(super) fn conditions(node: &SyntaxNode) -> Vec<SmolStr> {
    node.children()
        .filter_map(ast::AttributeList::cast)
        .flat_map(|list| list.attributes())
        .filter_map(|attribute| {
            let args = attribute.attribute_argument_list()?;
            let args = args.syntax();
            let text = attribute.syntax().text().to_string();
            let name = text[..text.find('(')?].trim();
            let simple = name.rsplit(['.', ':']).next()?.trim();
            if simple != "Conditional" && simple != "ConditionalAttribute" {
                return None;
            }
            let arg = args.text().to_string();
            let symbol = arg.trim().strip_prefix('(')?.strip_suffix(')')?.trim();
            let symbol = symbol.strip_prefix('"')?.strip_suffix('"')?;
            Some(SmolStr::from(symbol))
        })
        .collect()
}

/// The metadata name of a user-defined operator with `params` operands (`+` with one is
/// `op_UnaryPlus`, with two `op_Addition`).
pub(crate) fn operator_name(op: &str, params: usize) -> Option<&'static str> {
    let unary = params == 1;
    Some(match op {
        "+" if unary => "op_UnaryPlus",
        "-" if unary => "op_UnaryNegation",
        "+" => "op_Addition",
        "-" => "op_Subtraction",
        "*" => "op_Multiply",
        "/" => "op_Division",
        "%" => "op_Modulus",
        "&" => "op_BitwiseAnd",
        "|" => "op_BitwiseOr",
        "^" => "op_ExclusiveOr",
        "<<" => "op_LeftShift",
        ">>" => "op_RightShift",
        ">>>" => "op_UnsignedRightShift",
        "==" => "op_Equality",
        "!=" => "op_Inequality",
        "<" => "op_LessThan",
        ">" => "op_GreaterThan",
        "<=" => "op_LessThanOrEqual",
        ">=" => "op_GreaterThanOrEqual",
        "!" => "op_LogicalNot",
        "~" => "op_OnesComplement",
        "++" => "op_Increment",
        "--" => "op_Decrement",
        "true" => "op_True",
        "false" => "op_False",
        _ => return None,
    })
}

/// A block or `=>` body, or an accessor that has one.
pub(super) fn has_body(node: &SyntaxNode) -> bool {
    let is_body = |c: &SyntaxNode| {
        matches!(
            c.kind(),
            SyntaxKind::BLOCK | SyntaxKind::ARROW_EXPRESSION_CLAUSE
        )
    };
    node.children().any(|c| is_body(&c))
        || field(node, Field::Accessors)
            .and_then(SyntaxElement::into_node)
            .and_then(ast::AccessorList::cast)
            .is_some_and(|list| {
                list.accessor_declarations()
                    .any(|a| a.syntax().children().any(|c| is_body(&c)))
            })
}

pub(super) fn accessors(node: &SyntaxNode) -> Accessors {
    let mut acc = Accessors::default();
    match field(node, Field::Accessors)
        .and_then(SyntaxElement::into_node)
        .and_then(ast::AccessorList::cast)
    {
        Some(list) => {
            for decl in list.accessor_declarations() {
                match decl.name().map(|n| n.kind()) {
                    Some(SyntaxKind::GET_KW) => acc.get = true,
                    Some(SyntaxKind::SET_KW) => acc.set = true,
                    Some(SyntaxKind::INIT_KW) => acc.init = true,
                    Some(SyntaxKind::ADD_KW) => acc.add = true,
                    Some(SyntaxKind::REMOVE_KW) => acc.remove = true,
                    _ => {}
                }
            }
        }
        // `int P => x;` is a get-only property.
        None => {
            acc.get = matches!(
                node.kind(),
                SyntaxKind::PROPERTY_DECLARATION | SyntaxKind::INDEXER_DECLARATION
            )
        }
    }
    acc
}
