//! Syntax → item tree, plus the ranges of every item (the source map), in one walk.

use smol_str::SmolStr;
use syntax::{
    Field, HasField, SyntaxElement, SyntaxKind, SyntaxNode, SyntaxToken, TextRange,
    ast::{self, AstNode},
};

use super::{
    Accessors, CtorInitializer, ExtensionBlock, ItemParent, ItemRange, ItemRef, ItemSourceMap,
    ItemTree, Member, MemberIdx, MemberKind, MemberOrigin, Modifiers, Namespace, NamespaceIdx,
    Param, ParamModifier, TypeIdx, TypeItem, TypeKind, TypeParamBound, Using, UsingIdx, UsingKind,
    Variance,
};
use crate::type_ref::{Path, PathQualifier, PathSegment, Predefined, TupleElement, TypeRef};

pub(crate) fn lower_file(root: &ast::CompilationUnit) -> (ItemTree, ItemSourceMap) {
    let mut ctx = Ctx {
        tree: ItemTree::default(),
        map: ItemSourceMap::default(),
        file_end: root.syntax().text_range(),
    };
    let mut scope = Scope {
        usings: Vec::new(),
        items: Vec::new(),
        parent: ItemParent::TopLevel,
    };
    ctx.lower_children(root.syntax(), &mut scope);
    if let Some(program) = ctx.lower_top_level_statements(root.syntax()) {
        scope.items.push(ItemRef::Type(program));
    }
    ctx.tree.top_usings = scope.usings;
    ctx.tree.top_items = scope.items;
    (ctx.tree, ctx.map)
}

struct Ctx {
    tree: ItemTree,
    map: ItemSourceMap,
    file_end: TextRange,
}

/// Where lowered usings and items go: the file, a namespace, or (items only) a type.
struct Scope {
    usings: Vec<UsingIdx>,
    items: Vec<ItemRef>,
    parent: ItemParent,
}

fn is_type_declaration(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SyntaxKind::CLASS_DECLARATION
            | SyntaxKind::STRUCT_DECLARATION
            | SyntaxKind::INTERFACE_DECLARATION
            | SyntaxKind::ENUM_DECLARATION
            | SyntaxKind::RECORD_DECLARATION
            | SyntaxKind::DELEGATE_DECLARATION
    )
}

impl Ctx {
    /// The declarations directly in a compilation unit or namespace body. A file-scoped namespace
    /// is a sibling of the declarations it contains, so everything after it goes into it.
    fn lower_children(&mut self, node: &SyntaxNode, scope: &mut Scope) {
        let mut file_scoped: Option<(NamespaceIdx, Scope)> = None;
        for child in node.children() {
            if child.kind() == SyntaxKind::FILE_SCOPED_NAMESPACE_DECLARATION
                && file_scoped.is_none()
            {
                let parent = match scope.parent {
                    ItemParent::Namespace(ns) => Some(ns),
                    _ => None,
                };
                let idx = self.alloc_namespace(&child, parent, true);
                scope.items.push(ItemRef::Namespace(idx));
                let inner = Scope {
                    usings: Vec::new(),
                    items: Vec::new(),
                    parent: ItemParent::Namespace(idx),
                };
                file_scoped = Some((idx, inner));
                continue;
            }
            let target = match &mut file_scoped {
                Some((_, inner)) => inner,
                None => &mut *scope,
            };
            match child.kind() {
                SyntaxKind::USING_DIRECTIVE => {
                    if let Some(using) = self.lower_using(&child) {
                        target.usings.push(using);
                    }
                }
                SyntaxKind::NAMESPACE_DECLARATION => {
                    let idx = self.lower_namespace(&child, target.parent);
                    target.items.push(ItemRef::Namespace(idx));
                }
                SyntaxKind::GLOBAL_STATEMENT => self.tree.has_top_level_statements = true,
                kind if is_type_declaration(kind) => {
                    let idx = self.lower_type(&child, target.parent);
                    target.items.push(ItemRef::Type(idx));
                }
                // Error recovery may wrap declarations: keep what is inside.
                SyntaxKind::ERROR | SyntaxKind::DECLARATION_LIST => {
                    self.lower_children(&child, target)
                }
                _ => {}
            }
        }
        if let Some((idx, inner)) = file_scoped {
            self.tree.namespaces[idx].usings = inner.usings;
            self.tree.namespaces[idx].items = inner.items;
        }
    }

    /// Top-level statements are the body of `Program.<Main>$(string[] args)`, in a `partial class
    /// Program` of the global namespace (the compiler's names, so a declared `partial class Program`
    /// merges with it).
    fn lower_top_level_statements(&mut self, root: &SyntaxNode) -> Option<TypeIdx> {
        let statements: Vec<SyntaxNode> = root
            .children()
            .filter(|c| c.kind() == SyntaxKind::GLOBAL_STATEMENT)
            .collect();
        let (first, last) = (statements.first()?, statements.last()?);
        let full = TextRange::new(first.text_range().start(), last.text_range().end());
        let name = TextRange::empty(full.start());
        let program = self.tree.types.alloc(TypeItem {
            name: SmolStr::new_static("Program"),
            kind: TypeKind::Class,
            parent: ItemParent::TopLevel,
            type_params: Vec::new(),
            variances: Vec::new(),
            bounds: Vec::new(),
            modifiers: Modifiers::INTERNAL.union(Modifiers::PARTIAL),
            bases: Vec::new(),
            primary_ctor: None,
            members: Vec::new(),
            nested: Vec::new(),
            delegate_return: None,
            delegate_params: Vec::new(),
        });
        self.map.types.push(ItemRange { full, name });
        let args = Param {
            name: SmolStr::new_static("args"),
            ty: TypeRef::Array {
                element: Box::new(TypeRef::Predefined(Predefined::String)),
                rank: 1,
            },
            modifier: ParamModifier::None,
            has_default: false,
        };
        let main = Member {
            name: SmolStr::new_static("<Main>$"),
            kind: MemberKind::Method,
            type_params: Vec::new(),
            bounds: Vec::new(),
            params: vec![args],
            ty: None,
            modifiers: Modifiers::PRIVATE.union(Modifiers::STATIC),
            explicit_interface: None,
            accessors: Accessors::default(),
            initializer: None,
            origin: MemberOrigin::TopLevelStatements,
            extension: None,
            has_body: true,
            conditions: Vec::new(),
        };
        self.push_member(program, main, full, name);
        Some(program)
    }

    fn alloc_namespace(
        &mut self,
        node: &SyntaxNode,
        parent: Option<NamespaceIdx>,
        file_scoped: bool,
    ) -> NamespaceIdx {
        let name_el = field(node, Field::Name);
        let name = match name_el.as_ref().map(lower_type) {
            Some(TypeRef::Path(path)) => path.segments.into_iter().map(|s| s.name).collect(),
            _ => Vec::new(),
        };
        let full = if file_scoped {
            TextRange::new(node.text_range().start(), self.file_end.end())
        } else {
            node.text_range()
        };
        let name_range = name_el.map_or(node.text_range(), |n| n.text_range());
        self.map.namespaces.push(ItemRange {
            full,
            name: name_range,
        });
        self.tree.namespaces.alloc(Namespace {
            name,
            parent,
            usings: Vec::new(),
            items: Vec::new(),
            file_scoped,
        })
    }

    fn lower_namespace(&mut self, node: &SyntaxNode, parent: ItemParent) -> NamespaceIdx {
        let parent = match parent {
            ItemParent::Namespace(ns) => Some(ns),
            _ => None,
        };
        let idx = self.alloc_namespace(node, parent, false);
        let mut scope = Scope {
            usings: Vec::new(),
            items: Vec::new(),
            parent: ItemParent::Namespace(idx),
        };
        if let Some(body) = field(node, Field::Body).and_then(SyntaxElement::into_node) {
            self.lower_children(&body, &mut scope);
        }
        self.tree.namespaces[idx].usings = scope.usings;
        self.tree.namespaces[idx].items = scope.items;
        idx
    }

    fn lower_using(&mut self, node: &SyntaxNode) -> Option<UsingIdx> {
        let tokens: Vec<SyntaxToken> = node
            .children_with_tokens()
            .filter_map(SyntaxElement::into_token)
            .collect();
        let is_global = tokens.iter().any(|t| t.kind() == SyntaxKind::GLOBAL_KW);
        let is_static = tokens.iter().any(|t| t.kind() == SyntaxKind::STATIC_KW);
        let alias = field(node, Field::Name).map(|n| identifier_text(&n));
        // The target is the one type-like child that is not the alias name.
        let target = node
            .children_with_tokens()
            .filter(|c| c.field() != Some(Field::Name))
            .find(|c| is_type_element(c.kind()))
            .map(|c| lower_type(&c))?;
        let kind = match (alias, is_static) {
            (Some(alias), _) => UsingKind::Alias(alias, target),
            (None, true) => UsingKind::Static(target),
            (None, false) => match target {
                TypeRef::Path(path) => UsingKind::Namespace(path),
                other => UsingKind::Static(other),
            },
        };
        Some(self.tree.usings.alloc(Using { is_global, kind }))
    }

    fn lower_type(&mut self, node: &SyntaxNode, parent: ItemParent) -> TypeIdx {
        let has = |kind| node.children_with_tokens().any(|c| c.kind() == kind);
        let kind = match node.kind() {
            SyntaxKind::STRUCT_DECLARATION => TypeKind::Struct,
            SyntaxKind::INTERFACE_DECLARATION => TypeKind::Interface,
            SyntaxKind::ENUM_DECLARATION => TypeKind::Enum,
            SyntaxKind::DELEGATE_DECLARATION => TypeKind::Delegate,
            SyntaxKind::RECORD_DECLARATION if has(SyntaxKind::STRUCT_KW) => TypeKind::RecordStruct,
            SyntaxKind::RECORD_DECLARATION => TypeKind::RecordClass,
            _ => TypeKind::Class,
        };
        let name_el = field(node, Field::Name);
        let name = name_el.as_ref().map(identifier_text).unwrap_or_default();
        let bases = node
            .children()
            .find(|c| c.kind() == SyntaxKind::BASE_LIST)
            .map(|list| lower_base_list(&list))
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
    fn add_implied_members(&mut self, owner: TypeIdx, full: TextRange, name: TextRange) {
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
        }
        for member in members {
            self.push_member(owner, member, full, name);
        }
    }

    fn lower_members(&mut self, body: &SyntaxNode, owner: TypeIdx) {
        for child in body.children() {
            let kind = child.kind();
            if is_type_declaration(kind) {
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
    fn lower_extension_block(&mut self, node: &SyntaxNode, owner: TypeIdx) {
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

    fn push_member(
        &mut self,
        owner: TypeIdx,
        member: Member,
        full: TextRange,
        name: TextRange,
    ) -> MemberIdx {
        let idx = self.tree.members.alloc(member);
        self.tree.member_owners.push(owner);
        self.map.members.push(ItemRange { full, name });
        self.tree.types[owner].members.push(idx);
        idx
    }

    /// `int a, b;` declares two fields; `event EventHandler A, B;` two events.
    fn lower_field(&mut self, node: &SyntaxNode, owner: TypeIdx) {
        let is_event = node.kind() == SyntaxKind::EVENT_FIELD_DECLARATION;
        let mods = modifiers(node);
        let Some(decl) = node
            .children()
            .find(|c| c.kind() == SyntaxKind::VARIABLE_DECLARATION)
        else {
            return;
        };
        let ty = field(&decl, Field::Type).map(|t| lower_type(&t));
        for declarator in decl
            .children()
            .filter(|c| c.kind() == SyntaxKind::VARIABLE_DECLARATOR)
        {
            let Some(name_el) = field(&declarator, Field::Name) else {
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

/// The symbols of a declaration's `[Conditional("X")]` attributes (`Conditional` or
/// `ConditionalAttribute`, qualified or not; a string literal argument).
fn conditions(node: &SyntaxNode) -> Vec<SmolStr> {
    node.children()
        .filter(|c| c.kind() == SyntaxKind::ATTRIBUTE_LIST)
        .flat_map(|list| list.children())
        .filter(|a| a.kind() == SyntaxKind::ATTRIBUTE)
        .filter_map(|attribute| {
            let args = attribute
                .children()
                .find(|c| c.kind() == SyntaxKind::ATTRIBUTE_ARGUMENT_LIST)?;
            let text = attribute.text().to_string();
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

fn lower_member(node: &SyntaxNode) -> Option<Member> {
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
                    .find(|c| is_type_element(c.kind()))
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
fn has_body(node: &SyntaxNode) -> bool {
    let is_body = |c: &SyntaxNode| {
        matches!(
            c.kind(),
            SyntaxKind::BLOCK | SyntaxKind::ARROW_EXPRESSION_CLAUSE
        )
    };
    node.children().any(|c| is_body(&c))
        || field(node, Field::Accessors)
            .and_then(SyntaxElement::into_node)
            .is_some_and(|list| {
                list.children()
                    .filter(|c| c.kind() == SyntaxKind::ACCESSOR_DECLARATION)
                    .any(|a| a.children().any(|c| is_body(&c)))
            })
}

fn accessors(node: &SyntaxNode) -> Accessors {
    let mut acc = Accessors::default();
    match field(node, Field::Accessors).and_then(SyntaxElement::into_node) {
        Some(list) => {
            for decl in list
                .children()
                .filter(|c| c.kind() == SyntaxKind::ACCESSOR_DECLARATION)
            {
                match field(&decl, Field::Name).map(|n| n.kind()) {
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

fn modifiers(node: &SyntaxNode) -> Modifiers {
    let mut mods = Modifiers::default();
    for child in node.children_with_tokens() {
        if child.kind() == SyntaxKind::MODIFIER
            && let Some(m) = Modifiers::from_keyword(element_text(&child).trim())
        {
            mods.insert(m);
        }
    }
    mods
}

fn type_params(node: &SyntaxNode) -> Vec<SmolStr> {
    node.children()
        .find(|c| c.kind() == SyntaxKind::TYPE_PARAMETER_LIST)
        .map(|list| {
            list.children()
                .filter(|c| c.kind() == SyntaxKind::TYPE_PARAMETER)
                .filter_map(|p| field(&p, Field::Name))
                .map(|n| identifier_text(&n))
                .collect()
        })
        .unwrap_or_default()
}

fn variances(node: &SyntaxNode) -> Vec<Variance> {
    node.children()
        .find(|c| c.kind() == SyntaxKind::TYPE_PARAMETER_LIST)
        .map(|list| {
            list.children()
                .filter(|c| c.kind() == SyntaxKind::TYPE_PARAMETER)
                .map(|p| {
                    let keyword = p.children_with_tokens().find_map(|c| match c.kind() {
                        SyntaxKind::OUT_KW => Some(Variance::Covariant),
                        SyntaxKind::IN_KW => Some(Variance::Contravariant),
                        _ => None,
                    });
                    keyword.unwrap_or(Variance::None)
                })
                .collect()
        })
        .unwrap_or_default()
}

fn bounds(node: &SyntaxNode) -> Vec<TypeParamBound> {
    node.children()
        .filter(|c| c.kind() == SyntaxKind::TYPE_PARAMETER_CONSTRAINTS_CLAUSE)
        .filter_map(|clause| {
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
            })
        })
        .collect()
}

fn lower_base_list(list: &SyntaxNode) -> Vec<TypeRef> {
    let mut out = Vec::new();
    for child in list.children_with_tokens() {
        if child.kind() == SyntaxKind::PRIMARY_CONSTRUCTOR_BASE_TYPE {
            if let Some(node) = child.as_node()
                && let Some(ty) = field(node, Field::Type)
            {
                out.push(lower_type(&ty));
            }
        } else if is_type_element(child.kind()) {
            out.push(lower_type(&child));
        }
    }
    out
}

/// Parameters of a parameter list. `params T[] x` is not wrapped in a `PARAMETER` node by the grammar:
/// its keyword, type and name are children of the list.
fn lower_params(list: &SyntaxNode) -> Vec<Param> {
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

fn lower_param(node: &SyntaxNode) -> Param {
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
fn lower_receiver(node: &SyntaxNode) -> Param {
    let mut receiver = lower_param(node);
    if receiver.ty == TypeRef::Implicit && !receiver.name.is_empty() {
        receiver.ty = TypeRef::Path(Path::simple(std::mem::take(&mut receiver.name)));
    }
    receiver
}

fn is_type_element(kind: SyntaxKind) -> bool {
    matches!(
        kind,
        SyntaxKind::IDENTIFIER
            | SyntaxKind::GENERIC_NAME
            | SyntaxKind::QUALIFIED_NAME
            | SyntaxKind::ALIAS_QUALIFIED_NAME
            | SyntaxKind::PREDEFINED_TYPE
            | SyntaxKind::ARRAY_TYPE
            | SyntaxKind::NULLABLE_TYPE
            | SyntaxKind::POINTER_TYPE
            | SyntaxKind::TUPLE_TYPE
            | SyntaxKind::REF_TYPE
            | SyntaxKind::SCOPED_TYPE
            | SyntaxKind::FUNCTION_POINTER_TYPE
            | SyntaxKind::IMPLICIT_TYPE
    )
}

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

fn inner_type(node: &SyntaxNode) -> TypeRef {
    field(node, Field::Type)
        .or_else(|| {
            node.children_with_tokens()
                .find(|c| is_type_element(c.kind()))
        })
        .map_or(TypeRef::Error, |t| lower_type(&t))
}

/// `A.B<C>.D`, `global::A`, `alias::B`, `Foo<int>`.
fn lower_path(node: &SyntaxNode) -> Option<Path> {
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

fn segment(element: &SyntaxElement) -> PathSegment {
    match element.as_node() {
        Some(node) if node.kind() == SyntaxKind::GENERIC_NAME => generic_segment(node),
        _ => PathSegment {
            name: identifier_text(element),
            args: Vec::new(),
        },
    }
}

fn generic_segment(node: &SyntaxNode) -> PathSegment {
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
                .filter(|c| is_type_element(c.kind()))
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

pub(crate) fn field(node: &SyntaxNode, f: Field) -> Option<SyntaxElement> {
    node.children_with_tokens().find(|c| c.field() == Some(f))
}

pub(crate) fn element_text(element: &SyntaxElement) -> String {
    match element {
        SyntaxElement::Node(n) => n.text().to_string(),
        SyntaxElement::Token(t) => t.text().to_owned(),
    }
}

/// An identifier's name: `@class` is `class`.
pub(crate) fn identifier_text(element: &SyntaxElement) -> SmolStr {
    let text = element_text(element);
    let text = text.trim();
    SmolStr::new(text.strip_prefix('@').unwrap_or(text))
}
