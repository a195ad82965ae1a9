//! Generates the typed AST: a struct per concrete named node type (through the `ast_node!` /
//! `ast_token!` macros of `syntax::ast`), an enum per supertype, and an accessor per field and per
//! kind of unfielded child — of these only what [`USED`] reaches, so no unused code is generated.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use anyhow::{Context, Result, bail};

use super::camel_case;
use super::grammar::{Children, Grammar, NodeType, Shape, TypeRef};
use super::kinds::{Kind, kind_name, kinds};

/// Named types only the directive grammar produces (`#if !A`); the preprocessor blanks every
/// directive before tree-sitter runs, so accessors skip them, like every `preproc_*` type.
const DIRECTIVE_ONLY: &[&str] = &["unary_expression"];

/// Unfielded children that `node-types.json` lists as "multiple" (because their siblings repeat) but
/// that occur at most once: these get a singular accessor.
const SINGULAR_CHILDREN: &[(&str, &str)] = &[
    ("anonymous_method_expression", "block"),
    ("catch_clause", "catch_declaration"),
    ("catch_clause", "catch_filter_clause"),
    ("class_declaration", "base_list"),
    ("class_declaration", "parameter_list"),
    ("class_declaration", "type_parameter_list"),
    ("constructor_declaration", "constructor_initializer"),
    (
        "conversion_operator_declaration",
        "explicit_interface_specifier",
    ),
    ("enum_declaration", "base_list"),
    ("event_declaration", "explicit_interface_specifier"),
    ("event_field_declaration", "variable_declaration"),
    ("field_declaration", "variable_declaration"),
    ("fixed_statement", "statement"),
    ("fixed_statement", "variable_declaration"),
    ("generic_name", "identifier"),
    ("generic_name", "type_argument_list"),
    ("implicit_object_creation_expression", "argument_list"),
    (
        "implicit_object_creation_expression",
        "initializer_expression",
    ),
    ("indexer_declaration", "explicit_interface_specifier"),
    ("interface_declaration", "base_list"),
    ("labeled_statement", "identifier"),
    ("labeled_statement", "statement"),
    ("local_declaration_statement", "variable_declaration"),
    ("lock_statement", "expression"),
    ("lock_statement", "statement"),
    ("method_declaration", "explicit_interface_specifier"),
    ("operator_declaration", "explicit_interface_specifier"),
    ("parameter", "expression"),
    ("property_declaration", "explicit_interface_specifier"),
    ("record_declaration", "base_list"),
    ("record_declaration", "parameter_list"),
    ("record_declaration", "type_parameter_list"),
    ("struct_declaration", "base_list"),
    ("struct_declaration", "parameter_list"),
    ("struct_declaration", "type_parameter_list"),
    ("switch_expression", "expression"),
    ("try_statement", "finally_clause"),
    ("type_parameter_constraints_clause", "identifier"),
    ("using_statement", "expression"),
    ("using_statement", "variable_declaration"),
    ("variable_declarator", "bracketed_argument_list"),
    ("variable_declarator", "expression"),
    ("variable_declarator", "tuple_pattern"),
    ("with_expression", "expression"),
];

/// Names for the enums of fields whose types no supertype covers, keyed by their first use.
const UNION_NAMES: &[(&str, &str)] = &[
    ("accessor_declaration.body", "FunctionBody"),
    ("for_statement.initializer", "ForInitializer"),
    ("foreach_statement.left", "ForeachLeft"),
    ("invocation_expression.function", "InvocationFunction"),
    ("lambda_expression.body", "LambdaBody"),
    ("lambda_expression.parameters", "LambdaParameters"),
    (
        "member_access_expression.expression",
        "MemberAccessReceiver",
    ),
    ("property_declaration.value", "PropertyValue"),
];

/// Method names the AST traits already use.
const RESERVED: &[&str] = &[
    "syntax",
    "cast",
    "can_cast",
    "text",
    "cast_element",
    "can_cast_element",
    "syntax_element",
];

/// The typed AST the code uses, by Rust name: a struct with the accessors called on it, or an
/// enum. Only these are generated, with the types they reach (an accessor's return type, an
/// enum's members, without their accessors); a name the grammar lacks fails the generator.
const USED: &[(&str, &[&str])] = &[
    ("AccessorDeclaration", &["name"]),
    ("AccessorList", &["accessor_declarations"]),
    ("Argument", &[]),
    ("ArgumentList", &[]),
    ("ArrowExpressionClause", &[]),
    ("AssignmentExpression", &["operator"]),
    ("Attribute", &["attribute_argument_list"]),
    ("AttributeList", &["attributes"]),
    ("BaseList", &[]),
    ("BinaryExpression", &["operator"]),
    ("Block", &[]),
    ("CastExpression", &["ty"]),
    ("ClassDeclaration", &["name"]),
    ("CompilationUnit", &[]),
    ("ConditionalAccessExpression", &[]),
    ("ConstructorInitializer", &["argument_list"]),
    ("DeclarationExpression", &["ty"]),
    ("DefaultExpression", &["ty"]),
    ("DelegateDeclaration", &["name"]),
    ("ElementAccessExpression", &[]),
    ("EnumDeclaration", &["name"]),
    ("Expression", &[]),
    ("ForeachStatement", &[]),
    ("IfStatement", &[]),
    ("InitializerExpression", &[]),
    ("InterfaceDeclaration", &["name"]),
    ("InterpolatedStringExpression", &["interpolations"]),
    ("InvocationExpression", &["arguments"]),
    ("IsPatternExpression", &[]),
    ("ListPattern", &[]),
    ("Literal", &[]),
    ("LocalDeclarationStatement", &["variable_declaration"]),
    ("LocalFunctionStatement", &[]),
    ("MemberAccessExpression", &[]),
    ("MethodDeclaration", &["body", "name"]),
    ("ParameterList", &[]),
    ("Pattern", &[]),
    ("PointerType", &[]),
    ("PositionalPatternClause", &[]),
    ("PrimaryConstructorBaseType", &["argument_list", "ty"]),
    ("PropertyPatternClause", &[]),
    ("RecordDeclaration", &["name"]),
    ("ReturnStatement", &[]),
    ("Statement", &[]),
    ("StructDeclaration", &["name"]),
    ("Subpattern", &[]),
    ("SwitchExpression", &["switch_expression_arms"]),
    ("SwitchStatement", &[]),
    ("TupleExpression", &[]),
    ("Type", &[]),
    ("TypeDeclaration", &[]),
    ("TypeParameter", &[]),
    ("TypeParameterConstraintsClause", &[]),
    ("TypeParameterList", &["type_parameters"]),
    ("TypeofExpression", &["ty"]),
    ("UsingDirective", &[]),
    ("VariableDeclaration", &["variable_declarators"]),
    (
        "VariableDeclarator",
        &["expression", "name", "tuple_pattern"],
    ),
    ("WithExpression", &["with_initializers"]),
];

/// What an accessor returns for one child position.
enum ChildType {
    /// A plain token (keywords and operators in a field: `operator`, accessor names).
    Token,
    /// A struct, supertype enum or union enum, by Rust name.
    Typed(String),
}

struct Union {
    name: String,
    members: Vec<TypeRef>,
}

/// One accessor method of a node's struct.
struct Accessor {
    method: String,
    doc: String,
    ty: ChildType,
    multiple: bool,
    /// `Some(Field::…)` or `None`, as Rust source.
    field: String,
}

struct Generator<'a> {
    grammar: &'a Grammar,
    shapes: BTreeMap<TypeRef, Shape>,
    unions: BTreeMap<BTreeSet<TypeRef>, Union>,
}

pub(crate) fn generate(grammar: &Grammar) -> Result<String> {
    let kinds = kinds(grammar)?;
    let shapes = kinds
        .iter()
        .map(|kind| (kind.node.ty.clone(), kind.shape))
        .collect();
    let mut generator = Generator {
        grammar,
        shapes,
        unions: BTreeMap::new(),
    };

    // Every type the grammar has, with all its accessors; then only what `USED` reaches is written.
    let kinds: Vec<&Kind<'_>> = kinds
        .iter()
        .filter(|kind| kind.node.ty.named && !is_directive_only(&kind.node.ty))
        .collect();
    let mut structs = Vec::new();
    for kind in &kinds {
        let accessors = match kind.shape {
            Shape::Token => Vec::new(),
            Shape::Node => generator.accessors(kind.node)?,
        };
        structs.push((camel_case(&kind.node.ty.name), *kind, accessors));
    }
    let supertypes: Vec<(String, Vec<TypeRef>)> = grammar
        .node_types
        .iter()
        .filter(|node| !node.subtypes.is_empty() && grammar.canonical(&node.ty) == node.ty)
        .map(|node| {
            (
                camel_case(&node.ty.name),
                generator.supertype_members(&node.ty),
            )
        })
        .collect();
    let unions: Vec<(String, Vec<TypeRef>)> = std::mem::take(&mut generator.unions)
        .into_values()
        .map(|union| (union.name, union.members))
        .collect();
    let used = Used::reachable(&generator, &structs, supertypes.iter().chain(&unions))?;

    let mut out = String::new();
    writeln!(out, "#![allow(clippy::enum_variant_names)]")?;
    writeln!(out, "use crate::{{")?;
    writeln!(
        out,
        "Field, SyntaxElement, SyntaxKind::{{self, *}}, SyntaxNode, SyntaxToken,"
    )?;
    writeln!(
        out,
        "ast::{{AstChildren, AstElement, AstNode, AstToken, support}},"
    )?;
    writeln!(out, "}};\n")?;
    for (name, kind, accessors) in &structs {
        let Some(methods) = used.types.get(name) else {
            continue;
        };
        match kind.shape {
            Shape::Token => generator.token_struct(kind, &mut out)?,
            Shape::Node => {
                let accessors: Vec<&Accessor> = accessors
                    .iter()
                    .filter(|accessor| methods.contains(accessor.method.as_str()))
                    .collect();
                generator.node_struct(kind, &accessors, &mut out)?
            }
        }
    }
    for (name, members) in supertypes.iter().chain(&unions) {
        if used.types.contains_key(name) {
            generator.enum_type(name, members, &mut out)?;
        }
    }
    Ok(out)
}

/// The types and accessors the written code uses: `USED` and every type they name or contain.
struct Used {
    /// By Rust name, the accessors kept (none for enums and tokens).
    types: BTreeMap<String, BTreeSet<&'static str>>,
}

impl Used {
    fn reachable<'a>(
        generator: &Generator<'_>,
        structs: &[(String, &Kind<'_>, Vec<Accessor>)],
        enums: impl Iterator<Item = &'a (String, Vec<TypeRef>)> + Clone,
    ) -> Result<Used> {
        let mut types: BTreeMap<String, BTreeSet<&'static str>> = BTreeMap::new();
        let mut queue: Vec<String> = Vec::new();
        for (name, methods) in USED {
            let Some((_, _, accessors)) = structs.iter().find(|(n, ..)| n == name) else {
                if enums.clone().any(|(n, _)| n == name) {
                    queue.push(name.to_string());
                    continue;
                }
                bail!("USED names `{name}`, which the grammar has no type for");
            };
            for method in *methods {
                let Some(accessor) = accessors.iter().find(|a| a.method == *method) else {
                    bail!("USED names `{name}::{method}`, which the grammar does not generate");
                };
                if let ChildType::Typed(ty) = &accessor.ty {
                    queue.push(ty.clone());
                }
            }
            types
                .entry(name.to_string())
                .or_default()
                .extend(methods.iter().copied());
        }
        while let Some(name) = queue.pop() {
            if types.contains_key(&name) {
                continue;
            }
            types.insert(name.clone(), BTreeSet::new());
            if let Some((_, members)) = enums.clone().find(|(n, _)| *n == name) {
                queue.extend(
                    members
                        .iter()
                        .filter(|member| member.named)
                        .map(|member| generator.rust_type(member)),
                );
            }
        }
        Ok(Used { types })
    }
}

fn is_directive_only(ty: &TypeRef) -> bool {
    ty.named && (ty.name.starts_with("preproc_") || DIRECTIVE_ONLY.contains(&ty.name.as_str()))
}

fn method_name(type_or_field: &str) -> String {
    match type_or_field {
        "type" => "ty".to_owned(),
        other => other.to_owned(),
    }
}

fn plural(name: &str) -> String {
    match name {
        "ty" => "types".to_owned(),
        _ => format!("{name}s"),
    }
}

impl Generator<'_> {
    fn is_token(&self, ty: &TypeRef) -> bool {
        self.shapes.get(ty) == Some(&Shape::Token)
    }

    fn rust_type(&self, ty: &TypeRef) -> String {
        if ty.named {
            camel_case(&self.grammar.canonical(ty).name)
        } else {
            "SyntaxToken".to_owned()
        }
    }

    /// The members of a supertype's enum: its subtypes, except that a supertype made only of
    /// supertypes (`expression` = `lvalue_expression` | `non_lvalue_expression`) is flattened.
    fn supertype_members(&self, ty: &TypeRef) -> Vec<TypeRef> {
        let Some(node) = self.grammar.node_type(ty) else {
            return Vec::new();
        };
        let flatten = node
            .subtypes
            .iter()
            .all(|sub| self.grammar.is_supertype(sub));
        let mut members = Vec::new();
        for sub in &node.subtypes {
            let expanded = if flatten {
                self.supertype_members(sub)
            } else {
                vec![sub.clone()]
            };
            for member in expanded {
                if !members.contains(&member) && !is_directive_only(&member) {
                    members.push(member);
                }
            }
        }
        members
    }

    fn concrete(&self, ty: &TypeRef) -> BTreeSet<TypeRef> {
        self.grammar.concrete(ty)
    }

    fn child_type(&mut self, owner: &str, field: &str, children: &Children) -> Result<ChildType> {
        let types: Vec<&TypeRef> = children
            .types
            .iter()
            .filter(|ty| !is_directive_only(ty))
            .collect();
        let named: Vec<&TypeRef> = types.iter().copied().filter(|ty| ty.named).collect();
        if named.len() < types.len() && named.iter().all(|ty| self.is_token(ty)) {
            return Ok(ChildType::Token);
        }
        if let [single] = named.as_slice() {
            return Ok(ChildType::Typed(self.rust_type(single)));
        }
        if let Some(supertype) = self.covering_supertype(&named) {
            return Ok(ChildType::Typed(camel_case(&supertype.name)));
        }
        let mut members: Vec<TypeRef> = Vec::new();
        for ty in &named {
            let covered_by_other = named.iter().any(|other| {
                other != ty
                    && self.grammar.is_supertype(other)
                    && self.concrete(ty).is_subset(&self.concrete(other))
            });
            if !covered_by_other {
                members.push((*ty).clone());
            }
        }
        if let [single] = members.as_slice() {
            return Ok(ChildType::Typed(self.rust_type(single)));
        }
        let key: BTreeSet<TypeRef> = members.iter().cloned().collect();
        if let Some(union) = self.unions.get(&key) {
            return Ok(ChildType::Typed(union.name.clone()));
        }
        let site = format!("{owner}.{field}");
        let name = UNION_NAMES
            .iter()
            .find(|(at, _)| *at == site)
            .map(|(_, name)| name.to_string())
            .with_context(|| format!("name the enum for {site} ({members:?}) in UNION_NAMES"))?;
        // Concrete members first: a supertype member may also contain them.
        members.sort_by_key(|ty| self.grammar.is_supertype(ty));
        self.unions.insert(
            key,
            Union {
                name: name.clone(),
                members,
            },
        );
        Ok(ChildType::Typed(name))
    }

    /// The smallest supertype whose concrete types include all of `types`'.
    fn covering_supertype(&self, types: &[&TypeRef]) -> Option<&TypeRef> {
        let wanted: BTreeSet<TypeRef> = types.iter().flat_map(|ty| self.concrete(ty)).collect();
        self.grammar
            .node_types
            .iter()
            .filter(|node| !node.subtypes.is_empty() && self.grammar.canonical(&node.ty) == node.ty)
            .map(|node| (self.concrete(&node.ty), &node.ty))
            .filter(|(concrete, _)| wanted.is_subset(concrete))
            .min_by_key(|(concrete, _)| concrete.len())
            .map(|(_, supertype)| supertype)
    }

    fn token_struct(&self, kind: &Kind<'_>, out: &mut String) -> Result<()> {
        let name = camel_case(&kind.node.ty.name);
        writeln!(out, "ast_token! {{")?;
        writeln!(out, "    /// `{}` (a token).", kind.node.ty.name)?;
        writeln!(out, "    {name}, {}\n}}\n", kind.name)?;
        Ok(())
    }

    fn node_struct(
        &self,
        kind: &Kind<'_>,
        accessors: &[&Accessor],
        out: &mut String,
    ) -> Result<()> {
        let name = camel_case(&kind.node.ty.name);
        writeln!(out, "ast_node! {{")?;
        writeln!(out, "    /// `{}`.", kind.node.ty.name)?;
        writeln!(out, "    {name}, {}\n}}\n", kind.name)?;
        if !accessors.is_empty() {
            writeln!(out, "impl {name} {{")?;
            for accessor in accessors {
                write_accessor(out, accessor)?;
            }
            writeln!(out, "}}\n")?;
        }
        Ok(())
    }

    fn accessors(&mut self, node: &NodeType) -> Result<Vec<Accessor>> {
        let owner = &node.ty.name;
        let mut out = Vec::new();
        let mut methods: BTreeSet<String> = RESERVED.iter().map(|name| name.to_string()).collect();
        let mut add = |method: String| -> Result<String> {
            if !methods.insert(method.clone()) {
                bail!("two accessors of {owner} are both called `{method}`");
            }
            Ok(method)
        };
        for (field, children) in &node.fields {
            let ty = self.child_type(owner, field, children)?;
            let base = method_name(field);
            let method = add(if children.multiple {
                plural(&base)
            } else {
                base
            })?;
            out.push(Accessor {
                method,
                doc: format!("Field `{field}`."),
                ty,
                multiple: children.multiple,
                field: format!("Some(Field::{})", camel_case(field)),
            });
        }
        if let Some(children) = &node.children {
            let types: Vec<&TypeRef> = children
                .types
                .iter()
                .filter(|ty| !is_directive_only(ty))
                .collect();
            // One child of several possible types: one accessor if a supertype covers them all.
            if let (false, [_, _, ..], Some(supertype)) = (
                children.multiple,
                types.as_slice(),
                self.covering_supertype(&types),
            ) {
                out.push(Accessor {
                    method: add(method_name(&supertype.name))?,
                    doc: "The child without a field.".to_owned(),
                    ty: ChildType::Typed(camel_case(&supertype.name)),
                    multiple: false,
                    field: "None".to_owned(),
                });
                return Ok(out);
            }
            let types: BTreeSet<TypeRef> =
                types.iter().map(|ty| self.grammar.canonical(ty)).collect();
            for ty in &types {
                let singular = !children.multiple
                    || SINGULAR_CHILDREN.contains(&(owner.as_str(), ty.name.as_str()));
                let base = method_name(&ty.name);
                out.push(Accessor {
                    method: add(if singular { base } else { plural(&base) })?,
                    doc: format!("Child `{}` without a field.", ty.name),
                    ty: ChildType::Typed(self.rust_type(ty)),
                    multiple: !singular,
                    field: "None".to_owned(),
                });
            }
        }
        Ok(out)
    }

    fn enum_type(&self, name: &str, members: &[TypeRef], out: &mut String) -> Result<()> {
        writeln!(out, "#[derive(Debug, Clone, PartialEq, Eq, Hash)]")?;
        writeln!(out, "pub enum {name} {{")?;
        for member in members {
            writeln!(
                out,
                "{}({}),",
                camel_case(&member.name),
                self.rust_type(member)
            )?;
        }
        writeln!(out, "}}\n")?;

        let (nested, concrete): (Vec<&TypeRef>, Vec<&TypeRef>) = members
            .iter()
            .partition(|member| self.grammar.is_supertype(member));
        let kinds: Vec<String> = concrete.iter().map(|ty| kind_name(ty)).collect();
        let mut can_cast = Vec::new();
        if !kinds.is_empty() {
            can_cast.push(format!("matches!(kind, {})", kinds.join(" | ")));
        }
        for ty in &nested {
            can_cast.push(format!("{}::can_cast_element(kind)", camel_case(&ty.name)));
        }

        writeln!(out, "impl AstElement for {name} {{")?;
        writeln!(
            out,
            "fn can_cast_element(kind: SyntaxKind) -> bool {{ {} }}",
            can_cast.join(" || ")
        )?;
        writeln!(
            out,
            "fn cast_element(element: SyntaxElement) -> Option<Self> {{"
        )?;
        writeln!(out, "let kind = element.kind();\nmatch kind {{")?;
        for ty in &concrete {
            let variant = camel_case(&ty.name);
            let cast = if ty.named {
                format!("{variant}::cast_element(element)")
            } else {
                "element.into_token()".to_owned()
            };
            writeln!(out, "{} => {cast}.map(Self::{variant}),", kind_name(ty))?;
        }
        for ty in &nested {
            let variant = camel_case(&ty.name);
            writeln!(
                out,
                "_ if {variant}::can_cast_element(kind) => {variant}::cast_element(element).map(Self::{variant}),"
            )?;
        }
        writeln!(out, "_ => None,\n}}\n}}")?;
        writeln!(
            out,
            "fn syntax_element(&self) -> SyntaxElement {{\nmatch self {{"
        )?;
        for ty in members {
            let variant = camel_case(&ty.name);
            let element = if ty.named {
                "it.syntax_element()"
            } else {
                "it.clone().into()"
            };
            writeln!(out, "Self::{variant}(it) => {element},")?;
        }
        writeln!(out, "}}\n}}\n}}\n")?;
        Ok(())
    }
}

fn write_accessor(out: &mut String, accessor: &Accessor) -> Result<()> {
    let Accessor {
        method,
        doc,
        ty,
        multiple,
        field,
    } = accessor;
    let ty = match ty {
        ChildType::Token => "SyntaxToken",
        ChildType::Typed(name) => name,
    };
    writeln!(out, "/// {doc}")?;
    if *multiple {
        writeln!(
            out,
            "pub fn {method}(&self) -> AstChildren<{ty}> {{ support::children(&self.syntax, {field}) }}"
        )?;
    } else {
        writeln!(
            out,
            "pub fn {method}(&self) -> Option<{ty}> {{ support::child(&self.syntax, {field}) }}"
        )?;
    }
    Ok(())
}
