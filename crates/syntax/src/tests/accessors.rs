//! The typed accessors the HIR relies on, one family per test.

use crate::{
    HasField, SyntaxKind,
    ast::{
        AstElement, AstNode, AstToken, ClassDeclaration, ConstructorDeclaration, Declaration,
        Expression, FunctionBody, MethodDeclaration, PropertyDeclaration, PropertyValue, Statement,
        Type, TypeDeclaration,
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

fn type_text(ty: &Type) -> String {
    ty.syntax_element().to_string()
}

#[test]
fn class_with_generics_and_base_list() {
    let class: ClassDeclaration = first(
        "[Serializable] public sealed partial class Repo<T, U>(int size) : Base<T>(size), IRepo<T>, IDisposable where T : class, new() { }",
    );
    assert_eq!(class.name().map(|n| n.name()).as_deref(), Some("Repo"));
    let modifiers: Vec<String> = class.modifiers().map(|m| m.text().to_owned()).collect();
    assert_eq!(modifiers, ["public", "sealed", "partial"]);
    assert_eq!(class.attribute_lists().count(), 1);
    let params: Vec<String> = class
        .type_parameter_list()
        .into_iter()
        .flat_map(|list| list.type_parameters())
        .filter_map(|p| p.name())
        .map(|n| n.text().to_owned())
        .collect();
    assert_eq!(params, ["T", "U"]);
    assert_eq!(
        class.parameter_list().map(|p| p.parameters().count()),
        Some(1)
    );
    let bases: Vec<(String, bool)> = class
        .base_list()
        .map(|list| list.entries())
        .unwrap_or_default()
        .iter()
        .map(|base| (type_text(&base.ty), base.arguments.is_some()))
        .collect();
    assert_eq!(
        bases,
        [
            ("Base<T>".to_owned(), true),
            ("IRepo<T>".to_owned(), false),
            ("IDisposable".to_owned(), false)
        ]
    );
    let clause = class
        .type_parameter_constraints_clauses()
        .next()
        .expect("where clause");
    assert_eq!(
        clause.identifier().map(|t| t.text().to_owned()).as_deref(),
        Some("T")
    );
    assert_eq!(clause.type_parameter_constraints().count(), 2);
}

#[test]
fn method_return_type_and_name() {
    let method: MethodDeclaration =
        first("class C { Foo Bar<T>(this Foo x, params int[] rest) => x; }");
    let Some(Type::Identifier(returns)) = method.returns() else {
        panic!("return type")
    };
    assert_eq!(returns.text(), "Foo");
    assert_eq!(method.name().map(|n| n.name()).as_deref(), Some("Bar"));
    assert_eq!(
        method
            .type_parameters()
            .map(|l| l.type_parameters().count()),
        Some(1)
    );
    let parameters = method.parameters().expect("parameters");
    let first = parameters.parameters().next().expect("first parameter");
    assert_eq!(
        first
            .modifiers()
            .map(|m| m.text().to_owned())
            .collect::<Vec<_>>(),
        ["this"]
    );
    let params = parameters.params_parameter().expect("params parameter");
    assert_eq!(params.name.map(|n| n.name()).as_deref(), Some("rest"));
    assert!(matches!(params.ty, Some(Type::ArrayType(_))));
    assert!(matches!(
        method.body(),
        Some(FunctionBody::ArrowExpressionClause(_))
    ));
    assert_eq!(
        method.name().and_then(|n| n.syntax().field()),
        Some(crate::Field::Name)
    );
}

#[test]
fn explicit_interface_implementation() {
    let method: MethodDeclaration = first("class C : I { void I.M() { } }");
    let specifier = method.explicit_interface_specifier().expect("specifier");
    assert_eq!(text(specifier.syntax()), "I.");
}

#[test]
fn property_forms() {
    let auto: PropertyDeclaration = first("class C { public int P { get; private set; } = 5; }");
    let accessors: Vec<String> = auto
        .accessors()
        .into_iter()
        .flat_map(|list| list.accessor_declarations())
        .filter_map(|a| a.name())
        .map(|name| name.text().to_owned())
        .collect();
    assert_eq!(accessors, ["get", "set"]);
    assert!(matches!(
        auto.value(),
        Some(PropertyValue::Expression(Expression::Literal(_)))
    ));

    let arrow: PropertyDeclaration = first("class C { int P => 1; }");
    assert!(matches!(
        arrow.value(),
        Some(PropertyValue::ArrowExpressionClause(_))
    ));
}

#[test]
fn constructor_initializer() {
    let ctor: ConstructorDeclaration = first("class C : B { C(int x) : base(x, 2) { } }");
    let init = ctor.constructor_initializer().expect("initializer");
    assert!(init.is_base());
    assert_eq!(init.argument_list().map(|a| a.arguments().count()), Some(2));
}

#[test]
fn file_scoped_namespace_is_a_sibling() {
    let parse =
        super::check_lossless("using System;\nnamespace A.B;\nclass C { }\ninterface I { }\n");
    let unit = parse.tree();
    let namespace = unit
        .file_scoped_namespace_declarations()
        .next()
        .expect("namespace");
    assert_eq!(
        namespace.name().map(|n| type_text(&n)).as_deref(),
        Some("A.B")
    );
    assert_eq!(
        namespace.syntax().children().count(),
        1,
        "only the name is inside"
    );
    let names: Vec<String> = namespace
        .type_declarations()
        .map(|decl| match decl {
            TypeDeclaration::ClassDeclaration(c) => c.name().map(|n| n.name().to_string()),
            TypeDeclaration::InterfaceDeclaration(i) => i.name().map(|n| n.name().to_string()),
            _ => None,
        })
        .map(Option::unwrap_or_default)
        .collect();
    assert_eq!(names, ["C", "I"]);
}

#[test]
fn using_directives() {
    let parse = super::check_lossless(
        "global using System;\nusing static System.Math;\nusing Json = Newtonsoft.Json.Linq;\nusing global::X.Y;\n",
    );
    let usings: Vec<_> = parse.tree().using_directives().collect();
    let summary: Vec<(bool, bool, Option<String>, String)> = usings
        .iter()
        .map(|u| {
            (
                u.is_global(),
                u.is_static(),
                u.alias().map(|a| a.text().to_owned()),
                u.ty().map(|t| type_text(&t)).unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (true, false, None, "System".to_owned()),
            (false, true, None, "System.Math".to_owned()),
            (
                false,
                false,
                Some("Json".to_owned()),
                "Newtonsoft.Json.Linq".to_owned()
            ),
            (false, false, None, "global::X.Y".to_owned()),
        ]
    );
    let Some(Type::QualifiedName(qualified)) = usings[3].ty() else {
        panic!("qualified name")
    };
    let Some(Type::AliasQualifiedName(global)) = qualified.qualifier() else {
        panic!("alias::")
    };
    assert_eq!(
        global.alias().map(|a| a.text().to_owned()).as_deref(),
        Some("global")
    );
}

#[test]
fn record_struct_and_namespace_members() {
    let parse = super::check_lossless("namespace N { public record struct P(int X); record R; }");
    let namespace = parse
        .tree()
        .namespace_declarations()
        .next()
        .expect("namespace");
    let members: Vec<bool> = namespace
        .body()
        .into_iter()
        .flat_map(|body| body.declarations())
        .filter_map(|decl| match decl {
            Declaration::RecordDeclaration(record) => Some(record.is_struct()),
            _ => None,
        })
        .collect();
    assert_eq!(members, [true, false]);
}

#[test]
fn bodies_calls_and_member_access() {
    let method: MethodDeclaration =
        first("class C { void M() { a?.B(1); this.x.Y<int>(); new D(); D d = new(); base.M(); } }");
    let Some(FunctionBody::Block(block)) = method.body() else {
        panic!("block body")
    };
    let mut callees = Vec::new();
    for statement in block.statements() {
        let Statement::ExpressionStatement(statement) = statement else {
            continue;
        };
        match statement.expression() {
            Some(Expression::InvocationExpression(call)) => callees.push(
                call.function()
                    .map(|f| f.syntax_element().to_string())
                    .unwrap_or_default(),
            ),
            Some(Expression::ObjectCreationExpression(new)) => callees.push(format!(
                "new {}",
                new.ty().map(|t| type_text(&t)).unwrap_or_default()
            )),
            _ => {}
        }
    }
    assert_eq!(callees, ["a?.B", "this.x.Y<int>", "new D", "base.M"]);
    let implicit = block
        .syntax()
        .descendants()
        .find(|n| n.kind() == SyntaxKind::IMPLICIT_OBJECT_CREATION_EXPRESSION);
    assert!(implicit.is_some());
}
