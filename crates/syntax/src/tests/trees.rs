//! Dumps of small trees: fields, trivia, errors.

use expect_test::{Expect, expect};

use crate::parsing::parse_without_preprocessing;

fn check(text: &str, expect: Expect) {
    let parse = super::check_lossless(text);
    expect.assert_eq(&parse.debug_dump());
}

#[test]
fn method_return_type_and_name_are_both_identifiers() {
    check(
        "class C { Foo Bar() {} }",
        expect![[r#"
            COMPILATION_UNIT@0..24
              CLASS_DECLARATION@0..24
                CLASS_KW@0..5 "class"
                WHITESPACE@5..6 " "
                name: IDENTIFIER@6..7 "C"
                WHITESPACE@7..8 " "
                body: DECLARATION_LIST@8..24
                  L_CURLY@8..9 "{"
                  WHITESPACE@9..10 " "
                  METHOD_DECLARATION@10..22
                    returns: IDENTIFIER@10..13 "Foo"
                    WHITESPACE@13..14 " "
                    name: IDENTIFIER@14..17 "Bar"
                    parameters: PARAMETER_LIST@17..19
                      L_PAREN@17..18 "("
                      R_PAREN@18..19 ")"
                    WHITESPACE@19..20 " "
                    body: BLOCK@20..22
                      L_CURLY@20..21 "{"
                      R_CURLY@21..22 "}"
                  WHITESPACE@22..23 " "
                  R_CURLY@23..24 "}"
        "#]],
    );
}

#[test]
fn comments_and_trivia() {
    check(
        "// lead\nclass /* in */ C {}\r\n",
        expect![[r#"
            COMPILATION_UNIT@0..29
              COMMENT@0..7 "// lead"
              WHITESPACE@7..8 "\n"
              CLASS_DECLARATION@8..27
                CLASS_KW@8..13 "class"
                WHITESPACE@13..14 " "
                COMMENT@14..22 "/* in */"
                WHITESPACE@22..23 " "
                name: IDENTIFIER@23..24 "C"
                WHITESPACE@24..25 " "
                body: DECLARATION_LIST@25..27
                  L_CURLY@25..26 "{"
                  R_CURLY@26..27 "}"
              WHITESPACE@27..29 "\r\n"
        "#]],
    );
}

#[test]
fn directives_and_inactive_code_are_trivia() {
    check(
        "#if DEBUG\nclass A {}\n#else\nclass B {}\n#endif\n",
        expect![[r##"
            COMPILATION_UNIT@0..45
              PREPROCESSOR_DIRECTIVE@0..9 "#if DEBUG"
              WHITESPACE@9..10 "\n"
              CLASS_DECLARATION@10..20
                CLASS_KW@10..15 "class"
                WHITESPACE@15..16 " "
                name: IDENTIFIER@16..17 "A"
                WHITESPACE@17..18 " "
                body: DECLARATION_LIST@18..20
                  L_CURLY@18..19 "{"
                  R_CURLY@19..20 "}"
              WHITESPACE@20..21 "\n"
              PREPROCESSOR_DIRECTIVE@21..26 "#else"
              WHITESPACE@26..27 "\n"
              INACTIVE_CODE@27..38 "class B {}\n"
              PREPROCESSOR_DIRECTIVE@38..44 "#endif"
              WHITESPACE@44..45 "\n"
        "##]],
    );
}

#[test]
fn errors_are_reported_and_kept() {
    check(
        "class C { void M() { Foo(; } }",
        expect![[r#"
            COMPILATION_UNIT@0..30
              CLASS_DECLARATION@0..30
                CLASS_KW@0..5 "class"
                WHITESPACE@5..6 " "
                name: IDENTIFIER@6..7 "C"
                WHITESPACE@7..8 " "
                body: DECLARATION_LIST@8..30
                  L_CURLY@8..9 "{"
                  WHITESPACE@9..10 " "
                  METHOD_DECLARATION@10..28
                    returns: PREDEFINED_TYPE@10..14 "void"
                    WHITESPACE@14..15 " "
                    name: IDENTIFIER@15..16 "M"
                    parameters: PARAMETER_LIST@16..18
                      L_PAREN@16..17 "("
                      R_PAREN@17..18 ")"
                    WHITESPACE@18..19 " "
                    body: BLOCK@19..28
                      L_CURLY@19..20 "{"
                      WHITESPACE@20..21 " "
                      EXPRESSION_STATEMENT@21..26
                        INVOCATION_EXPRESSION@21..25
                          function: IDENTIFIER@21..24 "Foo"
                          arguments: ARGUMENT_LIST@24..25
                            L_PAREN@24..25 "("
                        SEMICOLON@25..26 ";"
                      WHITESPACE@26..27 " "
                      R_CURLY@27..28 "}"
                  WHITESPACE@28..29 " "
                  R_CURLY@29..30 "}"
            error 25..25: expected `)`
        "#]],
    );
}

#[test]
fn missing_semicolon() {
    check(
        "class C { int x }",
        expect![[r#"
            COMPILATION_UNIT@0..17
              CLASS_DECLARATION@0..17
                CLASS_KW@0..5 "class"
                WHITESPACE@5..6 " "
                name: IDENTIFIER@6..7 "C"
                WHITESPACE@7..8 " "
                body: DECLARATION_LIST@8..17
                  L_CURLY@8..9 "{"
                  WHITESPACE@9..10 " "
                  ERROR@10..15
                    VARIABLE_DECLARATION@10..15
                      type: PREDEFINED_TYPE@10..13 "int"
                      WHITESPACE@13..14 " "
                      VARIABLE_DECLARATOR@14..15
                        name: IDENTIFIER@14..15 "x"
                  WHITESPACE@15..16 " "
                  R_CURLY@16..17 "}"
            error 10..15: unexpected `int`
        "#]],
    );
}

#[test]
fn conversion_without_preprocessor_keeps_directives_as_tree_sitter_sees_them() {
    let text = "#region R\nclass A {}\n#endregion\n";
    let parse = parse_without_preprocessing(text);
    assert_eq!(parse.syntax_node().text().to_string(), text);
    expect![[r##"
        COMPILATION_UNIT@0..32
          PREPROC_REGION@0..10
            PP_REGION_KW@0..7 "#region"
            WHITESPACE@7..8 " "
            content: PREPROC_ARG@8..9 "R"
            WHITESPACE@9..10 "\n"
          CLASS_DECLARATION@10..20
            CLASS_KW@10..15 "class"
            WHITESPACE@15..16 " "
            name: IDENTIFIER@16..17 "A"
            WHITESPACE@17..18 " "
            body: DECLARATION_LIST@18..20
              L_CURLY@18..19 "{"
              R_CURLY@19..20 "}"
          WHITESPACE@20..21 "\n"
          PREPROC_ENDREGION@21..32
            PP_ENDREGION_KW@21..31 "#endregion"
            WHITESPACE@31..32 "\n"
    "##]]
    .assert_eq(&parse.debug_dump());
}
