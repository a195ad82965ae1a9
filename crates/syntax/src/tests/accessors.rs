//! The typed accessors and hand-written helpers the HIR's lowering relies on, one family per test.

use crate::{
    ast::{
        AccessorList, AstElement, AstNode, AstToken, AttributeList, BaseList, BinaryExpression,
        ConstructorInitializer, Expression, InvocationExpression, RecordDeclaration,
        SwitchExpression, TypeDeclaration, TypeParameterList, UsingDirective, VariableDeclaration,
        WithExpression,
    },
    syntax_node::SyntaxNode,
};

fn first<N: AstNode>(text: &str) -> N {
    let parse = super::check_lossless(text);
    assert_eq!(parse.errors(), &[], "{}", parse.debug_dump());
    let node = parse.syntax_node().descendants().find_map(N::cast);
    node.expect("no node of the wanted kind")
}

fn text(node: &SyntaxNode) -> String {
    node.text().to_string()
}

#[test]
fn base_lists_flat_and_wrapped() {
    // A class gives `Base<T>(size)` flat in the list; a record wraps it.
    for source in [
        "class Repo<T>(int size) : Base<T>(size), IRepo<T>, IDisposable { }",
        "record Repo<T>(int size) : Base<T>(size), IRepo<T>, IDisposable;",
    ] {
        let list: BaseList = first(source);
        let bases: Vec<(String, bool)> = list
            .entries()
            .iter()
            .map(|base| {
                (
                    base.ty.syntax_element().to_string(),
                    base.arguments.is_some(),
                )
            })
            .collect();
        assert_eq!(
            bases,
            [
                ("Base<T>".to_owned(), true),
                ("IRepo<T>".to_owned(), false),
                ("IDisposable".to_owned(), false)
            ],
            "{source}"
        );
    }
}

#[test]
fn type_declarations_and_records() {
    let parse = super::check_lossless("record struct P(int X);\nrecord R;\ninterface I { }\n");
    let kinds: Vec<String> = parse
        .syntax_node()
        .descendants()
        .filter_map(|node| TypeDeclaration::cast_element(node.into()))
        .map(|decl| match decl {
            TypeDeclaration::RecordDeclaration(r) if r.is_struct() => "record struct".to_owned(),
            TypeDeclaration::RecordDeclaration(_) => "record".to_owned(),
            TypeDeclaration::InterfaceDeclaration(_) => "interface".to_owned(),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(kinds, ["record struct", "record", "interface"]);
    let record: RecordDeclaration = first("record class C;");
    assert!(!record.is_struct());
}

#[test]
fn using_directives() {
    let parse = super::check_lossless(
        "global using System;\nusing static System.Math;\nusing Json = Newtonsoft.Json.Linq;\n",
    );
    let usings: Vec<(bool, bool)> = parse
        .syntax_node()
        .children()
        .filter_map(UsingDirective::cast)
        .map(|u| (u.is_global(), u.is_static()))
        .collect();
    assert_eq!(usings, [(true, false), (false, true), (false, false)]);
}

#[test]
fn generics_attributes_and_accessors() {
    let params: TypeParameterList = first("class C<in T, out U> { }");
    assert_eq!(params.type_parameters().count(), 2);
    let attributes: AttributeList = first("[Conditional(\"DEBUG\"), Obsolete] class C { }");
    let with_args: Vec<bool> = attributes
        .attributes()
        .map(|a| a.attribute_argument_list().is_some())
        .collect();
    assert_eq!(with_args, [true, false]);
    let accessors: AccessorList = first("class C { public int P { get; private set; } = 5; }");
    let names: Vec<String> = accessors
        .accessor_declarations()
        .filter_map(|a| a.name())
        .map(|name| name.text().to_owned())
        .collect();
    assert_eq!(names, ["get", "set"]);
}

#[test]
fn constructor_initializer() {
    let init: ConstructorInitializer = first("class C : B { C(int x) : base(x, 2) { } }");
    assert!(init.is_base());
    assert_eq!(
        init.argument_list().map(|a| text(a.syntax())).as_deref(),
        Some("(x, 2)")
    );
    let this: ConstructorInitializer = first("class C { C() : this(1) { } C(int x) { } }");
    assert!(!this.is_base());
}

#[test]
fn variable_declarators() {
    let decl: VariableDeclaration = first("class C { void M() { int a = 1, b; var (c, d) = t; } }");
    let declarators: Vec<(Option<String>, Option<String>)> = decl
        .variable_declarators()
        .map(|d| {
            let name = d.name().map(|n| n.text().to_owned());
            (name, d.expression().map(|e| e.syntax_element().to_string()))
        })
        .collect();
    assert_eq!(
        declarators,
        [
            (Some("a".to_owned()), Some("1".to_owned())),
            (Some("b".to_owned()), None)
        ]
    );
    let deconstruction: VariableDeclaration = first("class C { void M() { var (c, d) = t; } }");
    let declarator = deconstruction
        .variable_declarators()
        .next()
        .expect("declarator");
    assert_eq!(
        declarator
            .tuple_pattern()
            .map(|p| text(p.syntax()))
            .as_deref(),
        Some("(c, d)")
    );
}

#[test]
fn expressions() {
    let call: InvocationExpression = first("class C { void M() { a?.B(1, 2); } }");
    assert_eq!(
        call.arguments().map(|a| text(a.syntax())).as_deref(),
        Some("(1, 2)")
    );
    let binary: BinaryExpression = first("class C { int M() => 1 + 2; }");
    assert_eq!(
        binary.operator().map(|o| o.text().to_owned()).as_deref(),
        Some("+")
    );
    let with: WithExpression = first("class C { object M(R r) => r with { X = 1, Y = 2 }; }");
    assert_eq!(with.with_initializers().count(), 2);
    let switch: SwitchExpression =
        first("class C { int M(int x) => x switch { 1 => 2, _ => 3 }; }");
    assert_eq!(switch.switch_expression_arms().count(), 2);
    let Some(Expression::InterpolatedStringExpression(string)) =
        first::<crate::ast::ReturnStatement>("class C { string M() { return $\"{a} and {b}\"; } }")
            .syntax()
            .children_with_tokens()
            .find_map(Expression::cast_element)
    else {
        panic!("interpolated string")
    };
    assert_eq!(string.interpolations().count(), 2);
}
