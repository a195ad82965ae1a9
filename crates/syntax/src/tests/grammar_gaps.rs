//! Valid C# that tree-sitter-c-sharp 0.23 fails on, parsed through the grammar-gap pre-pass: no errors,
//! no `ERROR` node, and the tree the source has.

use expect_test::{Expect, expect};

use crate::{SyntaxElement, SyntaxKind};

#[track_caller]
fn check_valid(text: &str, expect: Expect) {
    let parse = super::check_lossless(text);
    let error_nodes: Vec<SyntaxElement> = parse
        .syntax_node()
        .descendants_with_tokens()
        .filter(|element| element.kind() == SyntaxKind::ERROR)
        .collect();
    assert_eq!(parse.errors(), &[], "{}", parse.debug_dump());
    assert_eq!(error_nodes, Vec::new(), "{}", parse.debug_dump());
    expect.assert_eq(&parse.debug_dump());
}

#[test]
fn extension_block_with_a_receiver() {
    check_valid(
        "static class E { extension(string s) { public bool IsBlank() => s.Length == 0; public int Len => s.Length; } }",
        expect![[r#"
            COMPILATION_UNIT@0..110
              CLASS_DECLARATION@0..110
                MODIFIER@0..6 "static"
                WHITESPACE@6..7 " "
                CLASS_KW@7..12 "class"
                WHITESPACE@12..13 " "
                name: IDENTIFIER@13..14 "E"
                WHITESPACE@14..15 " "
                body: DECLARATION_LIST@15..110
                  L_CURLY@15..16 "{"
                  WHITESPACE@16..17 " "
                  EXTENSION_DECLARATION@17..108
                    EXTENSION_KW@17..26 "extension"
                    PARAMETER_LIST@26..36
                      L_PAREN@26..27 "("
                      PARAMETER@27..35
                        type: PREDEFINED_TYPE@27..33 "string"
                        WHITESPACE@33..34 " "
                        name: IDENTIFIER@34..35 "s"
                      R_PAREN@35..36 ")"
                    WHITESPACE@36..37 " "
                    body: DECLARATION_LIST@37..108
                      L_CURLY@37..38 "{"
                      WHITESPACE@38..39 " "
                      METHOD_DECLARATION@39..78
                        MODIFIER@39..45 "public"
                        WHITESPACE@45..46 " "
                        returns: PREDEFINED_TYPE@46..50 "bool"
                        WHITESPACE@50..51 " "
                        name: IDENTIFIER@51..58 "IsBlank"
                        parameters: PARAMETER_LIST@58..60
                          L_PAREN@58..59 "("
                          R_PAREN@59..60 ")"
                        WHITESPACE@60..61 " "
                        body: ARROW_EXPRESSION_CLAUSE@61..77
                          FAT_ARROW@61..63 "=>"
                          WHITESPACE@63..64 " "
                          BINARY_EXPRESSION@64..77
                            left: MEMBER_ACCESS_EXPRESSION@64..72
                              expression: IDENTIFIER@64..65 "s"
                              DOT@65..66 "."
                              name: IDENTIFIER@66..72 "Length"
                            WHITESPACE@72..73 " "
                            operator: EQ2@73..75 "=="
                            WHITESPACE@75..76 " "
                            right: INTEGER_LITERAL@76..77 "0"
                        SEMICOLON@77..78 ";"
                      WHITESPACE@78..79 " "
                      PROPERTY_DECLARATION@79..106
                        MODIFIER@79..85 "public"
                        WHITESPACE@85..86 " "
                        type: PREDEFINED_TYPE@86..89 "int"
                        WHITESPACE@89..90 " "
                        name: IDENTIFIER@90..93 "Len"
                        WHITESPACE@93..94 " "
                        value: ARROW_EXPRESSION_CLAUSE@94..105
                          FAT_ARROW@94..96 "=>"
                          WHITESPACE@96..97 " "
                          MEMBER_ACCESS_EXPRESSION@97..105
                            expression: IDENTIFIER@97..98 "s"
                            DOT@98..99 "."
                            name: IDENTIFIER@99..105 "Length"
                        SEMICOLON@105..106 ";"
                      WHITESPACE@106..107 " "
                      R_CURLY@107..108 "}"
                  WHITESPACE@108..109 " "
                  R_CURLY@109..110 "}"
        "#]],
    );
}

#[test]
fn generic_and_nameless_extension_blocks() {
    check_valid(
        "static class E { extension<T>(List<T> list) where T : class { } extension(string) { } extension(int[]) { } extension(System.String) { } }",
        expect![[r#"
            COMPILATION_UNIT@0..137
              CLASS_DECLARATION@0..137
                MODIFIER@0..6 "static"
                WHITESPACE@6..7 " "
                CLASS_KW@7..12 "class"
                WHITESPACE@12..13 " "
                name: IDENTIFIER@13..14 "E"
                WHITESPACE@14..15 " "
                body: DECLARATION_LIST@15..137
                  L_CURLY@15..16 "{"
                  WHITESPACE@16..17 " "
                  EXTENSION_DECLARATION@17..63
                    EXTENSION_KW@17..26 "extension"
                    TYPE_PARAMETER_LIST@26..29
                      L_ANGLE@26..27 "<"
                      TYPE_PARAMETER@27..28
                        name: IDENTIFIER@27..28 "T"
                      R_ANGLE@28..29 ">"
                    PARAMETER_LIST@29..43
                      L_PAREN@29..30 "("
                      PARAMETER@30..42
                        type: GENERIC_NAME@30..37
                          IDENTIFIER@30..34 "List"
                          TYPE_ARGUMENT_LIST@34..37
                            L_ANGLE@34..35 "<"
                            IDENTIFIER@35..36 "T"
                            R_ANGLE@36..37 ">"
                        WHITESPACE@37..38 " "
                        name: IDENTIFIER@38..42 "list"
                      R_PAREN@42..43 ")"
                    WHITESPACE@43..44 " "
                    TYPE_PARAMETER_CONSTRAINTS_CLAUSE@44..59
                      WHERE_KW@44..49 "where"
                      WHITESPACE@49..50 " "
                      IDENTIFIER@50..51 "T"
                      WHITESPACE@51..52 " "
                      COLON@52..53 ":"
                      WHITESPACE@53..54 " "
                      TYPE_PARAMETER_CONSTRAINT@54..59
                        CLASS_KW@54..59 "class"
                    WHITESPACE@59..60 " "
                    body: DECLARATION_LIST@60..63
                      L_CURLY@60..61 "{"
                      WHITESPACE@61..62 " "
                      R_CURLY@62..63 "}"
                  WHITESPACE@63..64 " "
                  EXTENSION_DECLARATION@64..85
                    EXTENSION_KW@64..73 "extension"
                    PARAMETER_LIST@73..81
                      L_PAREN@73..74 "("
                      PARAMETER@74..80
                        type: PREDEFINED_TYPE@74..80 "string"
                      R_PAREN@80..81 ")"
                    WHITESPACE@81..82 " "
                    body: DECLARATION_LIST@82..85
                      L_CURLY@82..83 "{"
                      WHITESPACE@83..84 " "
                      R_CURLY@84..85 "}"
                  WHITESPACE@85..86 " "
                  EXTENSION_DECLARATION@86..106
                    EXTENSION_KW@86..95 "extension"
                    PARAMETER_LIST@95..102
                      L_PAREN@95..96 "("
                      PARAMETER@96..101
                        type: ARRAY_TYPE@96..101
                          type: PREDEFINED_TYPE@96..99 "int"
                          rank: ARRAY_RANK_SPECIFIER@99..101
                            L_BRACK@99..100 "["
                            R_BRACK@100..101 "]"
                      R_PAREN@101..102 ")"
                    WHITESPACE@102..103 " "
                    body: DECLARATION_LIST@103..106
                      L_CURLY@103..104 "{"
                      WHITESPACE@104..105 " "
                      R_CURLY@105..106 "}"
                  WHITESPACE@106..107 " "
                  EXTENSION_DECLARATION@107..135
                    EXTENSION_KW@107..116 "extension"
                    PARAMETER_LIST@116..131
                      L_PAREN@116..117 "("
                      PARAMETER@117..130
                        type: QUALIFIED_NAME@117..130
                          qualifier: IDENTIFIER@117..123 "System"
                          DOT@123..124 "."
                          name: IDENTIFIER@124..130 "String"
                      R_PAREN@130..131 ")"
                    WHITESPACE@131..132 " "
                    body: DECLARATION_LIST@132..135
                      L_CURLY@132..133 "{"
                      WHITESPACE@133..134 " "
                      R_CURLY@134..135 "}"
                  WHITESPACE@135..136 " "
                  R_CURLY@136..137 "}"
        "#]],
    );
}

#[test]
fn collection_expression_of_a_variable_named_type() {
    check_valid(
        "class C { object M() => [type]; void N() => M([field, other]); }",
        expect![[r#"
            COMPILATION_UNIT@0..64
              CLASS_DECLARATION@0..64
                CLASS_KW@0..5 "class"
                WHITESPACE@5..6 " "
                name: IDENTIFIER@6..7 "C"
                WHITESPACE@7..8 " "
                body: DECLARATION_LIST@8..64
                  L_CURLY@8..9 "{"
                  WHITESPACE@9..10 " "
                  METHOD_DECLARATION@10..31
                    returns: PREDEFINED_TYPE@10..16 "object"
                    WHITESPACE@16..17 " "
                    name: IDENTIFIER@17..18 "M"
                    parameters: PARAMETER_LIST@18..20
                      L_PAREN@18..19 "("
                      R_PAREN@19..20 ")"
                    WHITESPACE@20..21 " "
                    body: ARROW_EXPRESSION_CLAUSE@21..30
                      FAT_ARROW@21..23 "=>"
                      WHITESPACE@23..24 " "
                      COLLECTION_EXPRESSION@24..30
                        L_BRACK@24..25 "["
                        COLLECTION_ELEMENT@25..29
                          EXPRESSION_ELEMENT@25..29
                            IDENTIFIER@25..29 "type"
                        R_BRACK@29..30 "]"
                    SEMICOLON@30..31 ";"
                  WHITESPACE@31..32 " "
                  METHOD_DECLARATION@32..62
                    returns: PREDEFINED_TYPE@32..36 "void"
                    WHITESPACE@36..37 " "
                    name: IDENTIFIER@37..38 "N"
                    parameters: PARAMETER_LIST@38..40
                      L_PAREN@38..39 "("
                      R_PAREN@39..40 ")"
                    WHITESPACE@40..41 " "
                    body: ARROW_EXPRESSION_CLAUSE@41..61
                      FAT_ARROW@41..43 "=>"
                      WHITESPACE@43..44 " "
                      INVOCATION_EXPRESSION@44..61
                        function: IDENTIFIER@44..45 "M"
                        arguments: ARGUMENT_LIST@45..61
                          L_PAREN@45..46 "("
                          ARGUMENT@46..60
                            COLLECTION_EXPRESSION@46..60
                              L_BRACK@46..47 "["
                              COLLECTION_ELEMENT@47..52
                                EXPRESSION_ELEMENT@47..52
                                  IDENTIFIER@47..52 "field"
                              COMMA@52..53 ","
                              WHITESPACE@53..54 " "
                              COLLECTION_ELEMENT@54..59
                                EXPRESSION_ELEMENT@54..59
                                  IDENTIFIER@54..59 "other"
                              R_BRACK@59..60 "]"
                          R_PAREN@60..61 ")"
                    SEMICOLON@61..62 ";"
                  WHITESPACE@62..63 " "
                  R_CURLY@63..64 "}"
        "#]],
    );
}

#[test]
fn calls_assigned_to() {
    check_valid(
        "class C { void M() { Unsafe.AsRef(in this) = default; F() += 1; } }",
        expect![[r#"
            COMPILATION_UNIT@0..67
              CLASS_DECLARATION@0..67
                CLASS_KW@0..5 "class"
                WHITESPACE@5..6 " "
                name: IDENTIFIER@6..7 "C"
                WHITESPACE@7..8 " "
                body: DECLARATION_LIST@8..67
                  L_CURLY@8..9 "{"
                  WHITESPACE@9..10 " "
                  METHOD_DECLARATION@10..65
                    returns: PREDEFINED_TYPE@10..14 "void"
                    WHITESPACE@14..15 " "
                    name: IDENTIFIER@15..16 "M"
                    parameters: PARAMETER_LIST@16..18
                      L_PAREN@16..17 "("
                      R_PAREN@17..18 ")"
                    WHITESPACE@18..19 " "
                    body: BLOCK@19..65
                      L_CURLY@19..20 "{"
                      WHITESPACE@20..21 " "
                      EXPRESSION_STATEMENT@21..53
                        ASSIGNMENT_EXPRESSION@21..52
                          left: INVOCATION_EXPRESSION@21..42
                            function: MEMBER_ACCESS_EXPRESSION@21..33
                              expression: IDENTIFIER@21..27 "Unsafe"
                              DOT@27..28 "."
                              name: IDENTIFIER@28..33 "AsRef"
                            arguments: ARGUMENT_LIST@33..42
                              L_PAREN@33..34 "("
                              ARGUMENT@34..41
                                IN_KW@34..36 "in"
                                WHITESPACE@36..37 " "
                                THIS_KW@37..41 "this"
                              R_PAREN@41..42 ")"
                          WHITESPACE@42..43 " "
                          operator: EQ@43..44 "="
                          WHITESPACE@44..45 " "
                          right: DEFAULT_EXPRESSION@45..52
                            DEFAULT_KW@45..52 "default"
                        SEMICOLON@52..53 ";"
                      WHITESPACE@53..54 " "
                      EXPRESSION_STATEMENT@54..63
                        ASSIGNMENT_EXPRESSION@54..62
                          left: INVOCATION_EXPRESSION@54..57
                            function: IDENTIFIER@54..55 "F"
                            arguments: ARGUMENT_LIST@55..57
                              L_PAREN@55..56 "("
                              R_PAREN@56..57 ")"
                          WHITESPACE@57..58 " "
                          operator: PLUS_EQ@58..60 "+="
                          WHITESPACE@60..61 " "
                          right: INTEGER_LITERAL@61..62 "1"
                        SEMICOLON@62..63 ";"
                      WHITESPACE@63..64 " "
                      R_CURLY@64..65 "}"
                  WHITESPACE@65..66 " "
                  R_CURLY@66..67 "}"
        "#]],
    );
}

#[test]
fn dereference_of_a_cast_and_interpolated_strings() {
    check_valid(
        "unsafe class C { int M() { Vector128<byte> and = F($\"\"); return *(int*)&v + $@\"{x}\"\"\".Length; } }",
        expect![[r#"
            COMPILATION_UNIT@0..97
              CLASS_DECLARATION@0..97
                MODIFIER@0..6 "unsafe"
                WHITESPACE@6..7 " "
                CLASS_KW@7..12 "class"
                WHITESPACE@12..13 " "
                name: IDENTIFIER@13..14 "C"
                WHITESPACE@14..15 " "
                body: DECLARATION_LIST@15..97
                  L_CURLY@15..16 "{"
                  WHITESPACE@16..17 " "
                  METHOD_DECLARATION@17..95
                    returns: PREDEFINED_TYPE@17..20 "int"
                    WHITESPACE@20..21 " "
                    name: IDENTIFIER@21..22 "M"
                    parameters: PARAMETER_LIST@22..24
                      L_PAREN@22..23 "("
                      R_PAREN@23..24 ")"
                    WHITESPACE@24..25 " "
                    body: BLOCK@25..95
                      L_CURLY@25..26 "{"
                      WHITESPACE@26..27 " "
                      LOCAL_DECLARATION_STATEMENT@27..56
                        VARIABLE_DECLARATION@27..55
                          type: GENERIC_NAME@27..42
                            IDENTIFIER@27..36 "Vector128"
                            TYPE_ARGUMENT_LIST@36..42
                              L_ANGLE@36..37 "<"
                              PREDEFINED_TYPE@37..41 "byte"
                              R_ANGLE@41..42 ">"
                          WHITESPACE@42..43 " "
                          VARIABLE_DECLARATOR@43..55
                            name: IDENTIFIER@43..46 "and"
                            WHITESPACE@46..47 " "
                            EQ@47..48 "="
                            WHITESPACE@48..49 " "
                            INVOCATION_EXPRESSION@49..55
                              function: IDENTIFIER@49..50 "F"
                              arguments: ARGUMENT_LIST@50..55
                                L_PAREN@50..51 "("
                                ARGUMENT@51..54
                                  INTERPOLATED_STRING_EXPRESSION@51..54
                                    INTERPOLATION_START@51..52 "$"
                                    DOUBLE_QUOTE@52..53 "\""
                                    DOUBLE_QUOTE@53..54 "\""
                                R_PAREN@54..55 ")"
                        SEMICOLON@55..56 ";"
                      WHITESPACE@56..57 " "
                      RETURN_STATEMENT@57..93
                        RETURN_KW@57..63 "return"
                        WHITESPACE@63..64 " "
                        BINARY_EXPRESSION@64..92
                          left: PREFIX_UNARY_EXPRESSION@64..73
                            STAR@64..65 "*"
                            CAST_EXPRESSION@65..73
                              L_PAREN@65..66 "("
                              type: POINTER_TYPE@66..70
                                type: PREDEFINED_TYPE@66..69 "int"
                                STAR@69..70 "*"
                              R_PAREN@70..71 ")"
                              value: PREFIX_UNARY_EXPRESSION@71..73
                                AMP@71..72 "&"
                                IDENTIFIER@72..73 "v"
                          WHITESPACE@73..74 " "
                          operator: PLUS@74..75 "+"
                          WHITESPACE@75..76 " "
                          right: MEMBER_ACCESS_EXPRESSION@76..92
                            expression: INTERPOLATED_STRING_EXPRESSION@76..85
                              INTERPOLATION_START@76..78 "$@"
                              DOUBLE_QUOTE@78..79 "\""
                              INTERPOLATION@79..82
                                INTERPOLATION_BRACE@79..80 "{"
                                IDENTIFIER@80..81 "x"
                                INTERPOLATION_BRACE@81..82 "}"
                              STRING_CONTENT@82..84 "\"\""
                              DOUBLE_QUOTE@84..85 "\""
                            DOT@85..86 "."
                            name: IDENTIFIER@86..92 "Length"
                        SEMICOLON@92..93 ";"
                      WHITESPACE@93..94 " "
                      R_CURLY@94..95 "}"
                  WHITESPACE@95..96 " "
                  R_CURLY@96..97 "}"
        "#]],
    );
}
