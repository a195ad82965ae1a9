//! Type declarations: kind, name, generics (parameters, variance, constraints), bases, primary
//! constructor, and the members the language implies (primary constructors, records' positional
//! properties, default constructors, a delegate's `Invoke`).

use smol_str::SmolStr;
use syntax::{
    Field, HasField, SyntaxElement, SyntaxKind, SyntaxNode, TextRange,
    ast::{self, AstElement, AstNode},
};

use super::{Ctx, field, identifier_text, lower_type, modifiers, params::lower_params};
use crate::{
    item_tree::{
        Accessors, ItemParent, ItemRange, Member, MemberKind, MemberOrigin, Modifiers, Param,
        ParamModifier, TypeIdx, TypeItem, TypeKind, TypeParamBound, Variance,
    },
    type_ref::{Path, PathQualifier, PathSegment, Predefined, TypeRef},
};

impl Ctx {
    pub(super) fn lower_type(&mut self, node: &SyntaxNode, parent: ItemParent) -> TypeIdx {
        let kind = match ast::TypeDeclaration::cast_element(SyntaxElement::Node(node.clone())) {
            Some(ast::TypeDeclaration::StructDeclaration(_)) => TypeKind::Struct,
            Some(ast::TypeDeclaration::InterfaceDeclaration(_)) => TypeKind::Interface,
            Some(ast::TypeDeclaration::EnumDeclaration(_)) => TypeKind::Enum,
            Some(ast::TypeDeclaration::DelegateDeclaration(_)) => TypeKind::Delegate,
            Some(ast::TypeDeclaration::RecordDeclaration(record)) if record.is_struct() => {
                TypeKind::RecordStruct
            }
            Some(ast::TypeDeclaration::RecordDeclaration(_)) => TypeKind::RecordClass,
            _ => TypeKind::Class,
        };
        let name_el = field(node, Field::Name);
        let name = name_el.as_ref().map(identifier_text).unwrap_or_default();
        // `: Base(args), IFoo`: the types; a primary constructor's arguments are body code.
        let bases = node
            .children()
            .find_map(ast::BaseList::cast)
            .map(|list| {
                list.entries()
                    .iter()
                    .map(|entry| lower_type(&entry.ty.syntax_element()))
                    .collect()
            })
            .unwrap_or_default();
        let primary_ctor = match kind {
            TypeKind::Delegate | TypeKind::Enum | TypeKind::Interface => None,
            _ => node
                .children()
                .find(|c| c.kind() == SyntaxKind::PARAMETER_LIST && c.field().is_none())
                .map(|list| lower_params(&list)),
        };
        let (delegate_return, delegate_params) = if kind == TypeKind::Delegate {
            (
                field(node, Field::Type).map(|t| lower_type(&t)),
                field(node, Field::Parameters)
                    .and_then(SyntaxElement::into_node)
                    .map(|p| lower_params(&p))
                    .unwrap_or_default(),
            )
        } else {
            (None, Vec::new())
        };
        let idx = self.tree.types.alloc(TypeItem {
            name,
            kind,
            parent,
            type_params: type_params(node),
            variances: variances(node),
            bounds: bounds(node),
            modifiers: modifiers(node),
            bases,
            primary_ctor,
            members: Vec::new(),
            nested: Vec::new(),
            delegate_return,
            delegate_params,
        });
        self.map.types.push(ItemRange {
            full: node.text_range(),
            name: name_el.map_or(node.text_range(), |n| n.text_range()),
        });
        if let Some(body) = field(node, Field::Body).and_then(SyntaxElement::into_node) {
            self.lower_members(&body, idx);
        }
        let name_range = self.map.types[idx.into_raw().into_u32() as usize].name;
        self.add_implied_members(idx, node.text_range(), name_range);
        idx
    }

    /// Members the language implies: primary constructors, records' positional properties, the
    /// default constructor of a class without constructors, a delegate's `Invoke`. They navigate to the
    /// type's name. (Which partial declaration's default constructor survives is decided with all
    /// declarations in view: `symbols::type_members`.)
    pub(super) fn add_implied_members(&mut self, owner: TypeIdx, full: TextRange, name: TextRange) {
        let item = &self.tree.types[owner];
        let kind = item.kind;
        let implied = |name: SmolStr, kind: MemberKind, origin: MemberOrigin| Member {
            name,
            kind,
            type_params: Vec::new(),
            bounds: Vec::new(),
            params: Vec::new(),
            ty: None,
            modifiers: Modifiers::PUBLIC,
            explicit_interface: None,
            accessors: Accessors::default(),
            initializer: None,
            origin,
            extension: None,
            has_body: false,
            conditions: Vec::new(),
        };
        let mut members = Vec::new();
        if let Some(params) = &item.primary_ctor {
            let mut ctor = implied(
                item.name.clone(),
                MemberKind::Constructor,
                MemberOrigin::PrimaryConstructor,
            );
            ctor.params = params.clone();
            members.push(ctor);
            if kind.is_record() {
                for param in params {
                    let declared = item
                        .members
                        .iter()
                        .any(|&m| self.tree.members[m].name == param.name);
                    if !declared {
                        let mut prop = implied(
                            param.name.clone(),
                            MemberKind::Property,
                            MemberOrigin::RecordProperty,
                        );
                        prop.ty = Some(param.ty.clone());
                        let settable = kind == TypeKind::RecordStruct;
                        prop.accessors = Accessors {
                            get: true,
                            set: settable,
                            init: !settable,
                            ..Accessors::default()
                        };
                        members.push(prop);
                    }
                }
            }
        } else if matches!(kind, TypeKind::Class | TypeKind::RecordClass)
            && !item.modifiers.contains(Modifiers::STATIC)
            && !item.members.iter().any(|&m| {
                let m = &self.tree.members[m];
                m.kind == MemberKind::Constructor && !m.modifiers.contains(Modifiers::STATIC)
            })
        {
            let modifiers = if item.modifiers.contains(Modifiers::ABSTRACT) {
                Modifiers::PROTECTED
            } else {
                Modifiers::PUBLIC
            };
            let mut ctor = implied(
                item.name.clone(),
                MemberKind::Constructor,
                MemberOrigin::DefaultConstructor,
            );
            ctor.modifiers = modifiers;
            members.push(ctor);
        }
        if kind == TypeKind::Delegate {
            let mut invoke = implied(
                SmolStr::new_static("Invoke"),
                MemberKind::Method,
                MemberOrigin::DelegateInvoke,
            );
            invoke.params = item.delegate_params.clone();
            invoke.ty = item.delegate_return.clone();
            members.push(invoke);
            members.extend(async_pattern(item, |name| {
                implied(name, MemberKind::Method, MemberOrigin::DelegateAsync)
            }));
        }
        for member in members {
            self.push_member(owner, member, full, name);
        }
    }
}

/// A delegate's `BeginInvoke` and `EndInvoke` (§20.2; what the compiler declares beside `Invoke`):
/// `BeginInvoke` takes `Invoke`'s parameters then an `AsyncCallback` and an `object` and gives an
/// `IAsyncResult`; `EndInvoke` takes the `ref` and `out` ones then the `IAsyncResult` and gives
/// what `Invoke` does.
fn async_pattern(item: &TypeItem, implied: impl Fn(SmolStr) -> Member) -> [Member; 2] {
    let system = |name: &'static str| {
        TypeRef::Path(Path {
            qualifier: PathQualifier::Global,
            segments: ["System", name]
                .into_iter()
                .map(|n| PathSegment {
                    name: SmolStr::new_static(n),
                    args: Vec::new(),
                })
                .collect(),
        })
    };
    let param = |name: &'static str, ty: TypeRef| Param {
        name: SmolStr::new_static(name),
        ty,
        modifier: ParamModifier::None,
        has_default: false,
    };
    let mut begin = implied(SmolStr::new_static("BeginInvoke"));
    begin.params = item.delegate_params.clone();
    begin
        .params
        .push(param("callback", system("AsyncCallback")));
    begin
        .params
        .push(param("object", TypeRef::Predefined(Predefined::Object)));
    begin.ty = Some(system("IAsyncResult"));
    let mut end = implied(SmolStr::new_static("EndInvoke"));
    end.params = item
        .delegate_params
        .iter()
        .filter(|p| p.modifier != ParamModifier::None && p.modifier != ParamModifier::Params)
        .cloned()
        .collect();
    end.params.push(param("result", system("IAsyncResult")));
    end.ty = item.delegate_return.clone();
    [begin, end]
}

pub(super) fn type_params(node: &SyntaxNode) -> Vec<SmolStr> {
    type_parameters(node)
        .filter_map(|p| field(p.syntax(), Field::Name))
        .map(|n| identifier_text(&n))
        .collect()
}

pub(super) fn variances(node: &SyntaxNode) -> Vec<Variance> {
    type_parameters(node)
        .map(|p| {
            let keyword = p
                .syntax()
                .children_with_tokens()
                .find_map(|c| match c.kind() {
                    SyntaxKind::OUT_KW => Some(Variance::Covariant),
                    SyntaxKind::IN_KW => Some(Variance::Contravariant),
                    _ => None,
                });
            keyword.unwrap_or(Variance::None)
        })
        .collect()
}

/// The type parameters of a declaration's `<..>` list.
fn type_parameters(node: &SyntaxNode) -> impl Iterator<Item = ast::TypeParameter> {
    node.children()
        .find_map(ast::TypeParameterList::cast)
        .into_iter()
        .flat_map(|list| list.type_parameters())
}

pub(super) fn bounds(node: &SyntaxNode) -> Vec<TypeParamBound> {
    node.children()
        .filter_map(ast::TypeParameterConstraintsClause::cast)
        .filter_map(|clause| {
            let clause = clause.syntax();
            let param = clause
                .children_with_tokens()
                .find(|c| c.kind() == SyntaxKind::IDENTIFIER)
                .map(|n| identifier_text(&n))?;
            let constraints: Vec<SyntaxNode> = clause
                .children()
                .filter(|c| c.kind() == SyntaxKind::TYPE_PARAMETER_CONSTRAINT)
                .collect();
            let value_type = constraints.iter().any(|c| {
                c.children_with_tokens()
                    .any(|t| t.kind() == SyntaxKind::STRUCT_KW)
                    || field(c, Field::Type).is_some_and(|t| t.to_string().trim() == "unmanaged")
            });
            let reference_type = constraints.iter().any(|c| {
                c.children_with_tokens()
                    .any(|t| t.kind() == SyntaxKind::CLASS_KW)
            });
            let types = constraints
                .iter()
                .filter_map(|c| field(c, Field::Type))
                .map(|t| lower_type(&t))
                .filter(|t| !matches!(t, TypeRef::Path(p) if p.segments.len() == 1 && p.segments[0].name == "unmanaged"))
                .collect();
            Some(TypeParamBound {
                param,
                types,
                value_type,
                reference_type,
            })
        })
        .collect()
}
