//! The preprocessor line by line: which lines are directives, inactive or active, the errors, and
//! the invariants every result keeps (offsets unchanged).

use std::{fmt::Write, ops::Range};

use expect_test::{Expect, expect};

use super::{Preprocessed, preprocess};
use crate::{Defines, TextRange};

/// Renders each input line as `<marker>|<line>`, the marker being `#` for a directive line, `-` for an
/// inactive line and `+` for active text, then the errors with their text. Also checks the
/// invariants every result must keep.
fn check(text: &str, defines: &[&str], expect: Expect) {
    let preprocessed = preprocess(text, &Defines::new(defines.iter().copied()));
    check_invariants(text, &preprocessed);
    let overlaps = |ranges: &[TextRange], line: &Range<usize>| {
        ranges
            .iter()
            .any(|r| usize::from(r.start()) < line.end && line.start < usize::from(r.end()))
    };
    let mut out = String::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let range = start..start + line.len();
        start = range.end;
        let marker = if overlaps(&preprocessed.directives, &range) {
            '#'
        } else if overlaps(&preprocessed.inactive, &range) {
            '-'
        } else {
            '+'
        };
        let line = line
            .trim_end_matches(['\r', '\n'])
            .replace('\u{FEFF}', "<BOM>");
        writeln!(out, "{marker}|{line}").unwrap();
    }
    for error in &preprocessed.errors {
        writeln!(
            out,
            "error {:?} {:?}: {}",
            error.range, &text[error.range], error.message
        )
        .unwrap();
    }
    expect.assert_eq(&out);
}

fn check_invariants(text: &str, preprocessed: &Preprocessed) {
    let ranges = |ranges: &[TextRange]| -> Vec<Range<usize>> {
        ranges
            .iter()
            .map(|r| r.start().into()..r.end().into())
            .collect()
    };
    let directives = ranges(&preprocessed.directives);
    let inactive = ranges(&preprocessed.inactive);
    for list in [&directives, &inactive] {
        assert!(
            list.windows(2).all(|w| w[0].end <= w[1].start),
            "not sorted and disjoint: {list:?}"
        );
    }
    let mut all: Vec<_> = directives.iter().chain(&inactive).cloned().collect();
    all.sort_by_key(|r| r.start);
    assert!(
        all.windows(2).all(|w| w[0].end <= w[1].start),
        "directives overlap inactive: {all:?}"
    );

    let (input, output) = (text.as_bytes(), preprocessed.text.as_bytes());
    assert_eq!(input.len(), output.len());
    for (i, (&before, &after)) in input.iter().zip(output).enumerate() {
        let blanked = all.iter().any(|r| r.contains(&i)) && before != b'\n' && before != b'\r';
        assert_eq!(after, if blanked { b' ' } else { before }, "byte {i}");
    }
}

#[test]
fn no_directives() {
    check(
        "class C { string s = \"#\"; }",
        &[],
        expect![[r##"
            +|class C { string s = "#"; }
        "##]],
    );
    let text = "class C {}\n";
    assert_eq!(
        preprocess(text, &Defines::default()),
        Preprocessed {
            text: text.into(),
            directives: vec![],
            inactive: vec![],
            errors: vec![],
            defines: Defines::default(),
        }
    );
}

#[test]
fn if_else_endif() {
    let text = "a\n#if DEBUG\nb\n#else\nc\n#endif\nd\n";
    check(
        text,
        &["DEBUG"],
        expect![[r#"
            +|a
            #|#if DEBUG
            +|b
            #|#else
            -|c
            #|#endif
            +|d
        "#]],
    );
    check(
        text,
        &[],
        expect![[r#"
            +|a
            #|#if DEBUG
            -|b
            #|#else
            +|c
            #|#endif
            +|d
        "#]],
    );
}

#[test]
fn blanked_text_and_ranges() {
    let preprocessed = preprocess("a\n  #if X // c\nb\n\n#endif\nc", &Defines::default());
    expect![[r#"
        Preprocessed {
            text: "a\n            \n \n\n      \nc",
            directives: [
                4..14,
                18..24,
            ],
            inactive: [
                15..18,
            ],
            errors: [],
            defines: Defines(
                [],
            ),
        }
    "#]]
    .assert_debug_eq(&preprocessed);
}

#[test]
fn elif_chain_takes_the_first_true_branch() {
    let text = "#if A\na\n#elif B\nb\n#elif C\nc\n#else\nd\n#endif";
    check(
        text,
        &["B", "C"],
        expect![[r#"
            #|#if A
            -|a
            #|#elif B
            +|b
            #|#elif C
            -|c
            #|#else
            -|d
            #|#endif
        "#]],
    );
    check(
        text,
        &[],
        expect![[r#"
            #|#if A
            -|a
            #|#elif B
            -|b
            #|#elif C
            -|c
            #|#else
            +|d
            #|#endif
        "#]],
    );
}

#[test]
fn nested_ifs_in_inactive_code_are_not_evaluated() {
    check(
        "#if A\n#if B\na\n#else\nb\n#endif\n#elif C\nc\n#if D\n#else\nd\n#endif\n#endif\n",
        &["B", "C"],
        expect![[r#"
            #|#if A
            -|#if B
            -|a
            -|#else
            -|b
            -|#endif
            #|#elif C
            +|c
            #|#if D
            #|#else
            +|d
            #|#endif
            #|#endif
        "#]],
    );
}

#[test]
fn nested_ifs_in_active_code() {
    check(
        "#if A\n  #if B\n  a\n  #else\n  b\n  #endif\n#endif",
        &["A"],
        expect![[r#"
            #|#if A
            #|  #if B
            -|  a
            #|  #else
            +|  b
            #|  #endif
            #|#endif
        "#]],
    );
}

#[test]
fn operators_and_precedence() {
    let cases = [
        "true",
        "false",
        "A",
        "!A",
        "!!A",
        "B",
        "A && B",
        "A || B",
        "!A || B",
        "A == B",
        "A != B",
        "A == true",
        "!(A && B)",
        "B || A && B",
        "(B || A) && B",
        "!B == A",
        "A != B == false",
        "B || B || A",
        "(((A)))",
    ];
    let mut out = String::new();
    for condition in cases {
        let text = format!("#if {condition}\nyes\n#endif");
        let preprocessed = preprocess(&text, &Defines::new(["A"]));
        assert!(
            preprocessed.errors.is_empty(),
            "{condition}: {:?}",
            preprocessed.errors
        );
        writeln!(out, "{condition} => {}", preprocessed.inactive.is_empty()).unwrap();
    }
    expect![[r##"
        true => true
        false => false
        A => true
        !A => false
        !!A => true
        B => false
        A && B => false
        A || B => true
        !A || B => false
        A == B => false
        A != B => true
        A == true => true
        !(A && B) => true
        B || A && B => false
        (B || A) && B => false
        !B == A => true
        A != B == false => false
        B || B || A => true
        (((A))) => true
    "##]]
    .assert_eq(&out);
}

#[test]
fn malformed_conditions_are_false() {
    check(
        "#if\na\n#endif\n#if (A\nb\n#endif\n#if A B\nc\n#endif\n#if A &&\nd\n#endif\n#if A & B\ne\n#endif\n#if A /* c */\nf\n#endif\n#if A // fine\ng\n#endif",
        &["A", "B"],
        expect![[r##"
            #|#if
            -|a
            #|#endif
            #|#if (A
            -|b
            #|#endif
            #|#if A B
            -|c
            #|#endif
            #|#if A &&
            -|d
            #|#endif
            #|#if A & B
            -|e
            #|#endif
            #|#if A /* c */
            -|f
            #|#endif
            #|#if A // fine
            +|g
            #|#endif
            error 3..3 "": expected a symbol, `true`, `false` or `(`
            error 19..19 "": expected `)`
            error 35..36 "B": expected `&&`, `||` or end of line
            error 54..54 "": expected a symbol, `true`, `false` or `(`
            error 70..71 "&": expected `&&`, `||` or end of line
            error 89..96 "/* c */": expected `&&`, `||` or end of line
        "##]],
    );
}

#[test]
fn deeply_nested_parentheses_do_not_overflow() {
    let text = format!(
        "#if {}A{}\na\n#endif",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    let preprocessed = preprocess(&text, &Defines::new(["A"]));
    expect![["parentheses nested too deeply"]].assert_eq(&preprocessed.errors[0].message);
    assert_eq!(preprocessed.inactive.len(), 1);
    let text = format!("#if {}A\na\n#endif", "!".repeat(100_001));
    assert_eq!(preprocess(&text, &Defines::new(["A"])).inactive.len(), 1);
}

#[test]
fn define_and_undef() {
    check(
        "#define X\n#undef A\n// comment\n#if X && !A\na\n#endif\n#define Y // ok\n#undef X\n#if X || Y\nb\n#endif",
        &["A"],
        expect![[r##"
            #|#define X
            #|#undef A
            +|// comment
            #|#if X && !A
            +|a
            #|#endif
            #|#define Y // ok
            #|#undef X
            #|#if X || Y
            +|b
            #|#endif
            error 51..66 "#define Y // ok": `#define` and `#undef` must come before the first token of the file
            error 67..75 "#undef X": `#define` and `#undef` must come before the first token of the file
        "##]],
    );
}

#[test]
fn file_based_program_directives_come_before_code() {
    check(
        "#!/usr/bin/env dotnet\n#:sdk Microsoft.NET.Sdk.Web\n# :package Foo@1.0\n#if A\n#:property X=1\n#endif\nusing System;\n#:package Late@1.0",
        &["A"],
        expect![[r##"
            #|#!/usr/bin/env dotnet
            #|#:sdk Microsoft.NET.Sdk.Web
            #|# :package Foo@1.0
            #|#if A
            #|#:property X=1
            #|#endif
            +|using System;
            #|#:package Late@1.0
            error 50..68 "# :package Foo@1.0": expected a directive name after `#`
            error 75..89 "#:property X=1": `#!` and `#:` directives must come before the first token and any `#if`
            error 111..129 "#:package Late@1.0": `#!` and `#:` directives must come before the first token and any `#if`
        "##]],
    );
}

#[test]
fn malformed_defines() {
    check(
        "#define\n#define true\n#undef 1\n#define A B\n#if A\na\n#endif",
        &[],
        expect![[r##"
            #|#define
            #|#define true
            #|#undef 1
            #|#define A B
            #|#if A
            +|a
            #|#endif
            error 0..7 "#define": expected a symbol name
            error 16..20 "true": cannot define or undefine `true`
            error 28..29 "1": expected a symbol name
            error 40..41 "B": expected end of line
        "##]],
    );
}

#[test]
fn defines_in_inactive_code_are_ignored() {
    check(
        "#if false\n#define A\n#endif\n#if A\na\n#endif",
        &[],
        expect![[r##"
        #|#if false
        -|#define A
        #|#endif
        #|#if A
        -|a
        #|#endif
    "##]],
    );
}

#[test]
fn directives_inside_comments_and_strings_are_text() {
    check(
        "/* a\n#if X\n*/ b = @\"\n#if X\n\"; c = \"\"\"\n  #if X\n  \"\"\"; d = $@\"{e}\n#if X\n\"; f = $\"\"\"\n  {g}\n  #if X\n  \"\"\";\n#if X\nh\n#endif",
        &[],
        expect![[r#"
            +|/* a
            +|#if X
            +|*/ b = @"
            +|#if X
            +|"; c = """
            +|  #if X
            +|  """; d = $@"{e}
            +|#if X
            +|"; f = $"""
            +|  {g}
            +|  #if X
            +|  """;
            #|#if X
            -|h
            #|#endif
        "#]],
    );
}

#[test]
fn directives_after_line_comments_and_single_line_strings_are_directives() {
    check(
        "a = \"#if X\"; // #if X\n#if X\nb\n#endif\nc = '#'; /* one line */\n  #if X\nd\n  #endif",
        &[],
        expect![[r##"
            +|a = "#if X"; // #if X
            #|#if X
            -|b
            #|#endif
            +|c = '#'; /* one line */
            #|  #if X
            -|d
            #|  #endif
        "##]],
    );
}

#[test]
fn inactive_sections_ignore_comments_and_strings() {
    check(
        "#if X\n/* a\n@\"\n#else\nb\n#endif\nc",
        &[],
        expect![[r##"
            #|#if X
            -|/* a
            -|@"
            #|#else
            +|b
            #|#endif
            +|c
        "##]],
    );
}

#[test]
fn crlf_and_lone_cr() {
    let text = "a\r\n#if X\r\nb\r\n#endif\r\nc\r#if X\rd\r#endif\re";
    let preprocessed = preprocess(text, &Defines::default());
    check_invariants(text, &preprocessed);
    expect![[r#"
        Preprocessed {
            text: "a\r\n     \r\n \r\n      \r\nc\r     \r \r      \re",
            directives: [
                3..8,
                13..19,
                23..28,
                31..37,
            ],
            inactive: [
                10..13,
                29..31,
            ],
            errors: [],
            defines: Defines(
                [],
            ),
        }
    "#]]
    .assert_debug_eq(&preprocessed);
}

#[test]
fn bom_and_non_ascii() {
    check(
        "\u{FEFF}#if X\nvar größe = \"naïve 名前\"; // ü\n#else\nvar ok = \"€\";\n#endif\n\u{A0}#if Y\n名前\n#endif",
        &[],
        expect![[r##"
            #|<BOM>#if X
            -|var größe = "naïve 名前"; // ü
            #|#else
            +|var ok = "€";
            #|#endif
            #| #if Y
            -|名前
            #|#endif
        "##]],
    );
    let text = "\u{FEFF}#if X\nä€😀\n#endif";
    let preprocessed = preprocess(text, &Defines::default());
    assert_eq!(preprocessed.text, "\u{FEFF}     \n         \n      ");
}

#[test]
fn unbalanced_directives() {
    check(
        "#endif\n#else\n#elif A\na\n#if A\nb\n#else\nc\n#else\nd\n#elif B\ne\n#endif\n#if B\nf",
        &["A"],
        expect![[r##"
            #|#endif
            #|#else
            #|#elif A
            +|a
            #|#if A
            +|b
            #|#else
            -|c
            #|#else
            -|d
            #|#elif B
            -|e
            #|#endif
            #|#if B
            -|f
            error 0..6 "#endif": `#endif` without `#if`
            error 7..12 "#else": `#else` without `#if`
            error 13..20 "#elif A": `#elif` without `#if`
            error 39..44 "#else": second `#else`
            error 47..54 "#elif B": `#elif` after `#else`
            error 64..69 "#if B": `#if` without `#endif`
        "##]],
    );
}

#[test]
fn other_directives() {
    check(
        "#region Fields // of C\n#pragma warning disable CS0168\n#nullable enable\n#line 200 \"x\"\n#line default\n#warning careful\n#error stop here\n# endregion\n#endregion\n# \n#foo bar\n#else garbage\n#endif // ok",
        &[],
        expect![[r##"
            #|#region Fields // of C
            #|#pragma warning disable CS0168
            #|#nullable enable
            #|#line 200 "x"
            #|#line default
            #|#warning careful
            #|#error stop here
            #|# endregion
            #|#endregion
            #|# 
            #|#foo bar
            #|#else garbage
            #|#endif // ok
            error 116..132 "#error stop here": #error: stop here
            error 145..155 "#endregion": `#endregion` without `#region`
            error 156..158 "# ": expected a directive name after `#`
            error 159..167 "#foo bar": unknown preprocessor directive `#foo`
            error 168..181 "#else garbage": `#else` without `#if`
            error 174..181 "garbage": expected end of line
            error 182..194 "#endif // ok": `#endif` without `#if`
        "##]],
    );
}

#[test]
fn if_splits_a_base_list() {
    let text = "public class JsonReader : IDisposable\n#if HAVE_ASYNC\n    , IAsyncDisposable\n#endif\n{\n}\n";
    check(
        text,
        &[],
        expect![[r#"
            +|public class JsonReader : IDisposable
            #|#if HAVE_ASYNC
            -|    , IAsyncDisposable
            #|#endif
            +|{
            +|}
        "#]],
    );
    let preprocessed = preprocess(text, &Defines::default());
    expect![[r##"
        public class JsonReader : IDisposable
                      
                              
              
        {
        }
    "##]]
    .assert_eq(&preprocessed.text);
}

#[test]
fn if_splits_a_method_signature() {
    check(
        "    public static\n#if NET6_0_OR_GREATER\n        async ValueTask<int> ReadAsync(Memory<byte> buffer)\n#else\n        async Task<int> ReadAsync(byte[] buffer)\n#endif\n    {\n        return await Inner.ReadAsync(buffer);\n    }",
        &["NET6_0_OR_GREATER", "NET5_0_OR_GREATER"],
        expect![[r#"
            +|    public static
            #|#if NET6_0_OR_GREATER
            +|        async ValueTask<int> ReadAsync(Memory<byte> buffer)
            #|#else
            -|        async Task<int> ReadAsync(byte[] buffer)
            #|#endif
            +|    {
            +|        return await Inner.ReadAsync(buffer);
            +|    }
        "#]],
    );
}

#[test]
fn if_splits_a_statement() {
    check(
        "var x = Compute(a,\n#if NETSTANDARD2_0\n    b.ToArray());\n#else\n    b);\n#endif\nUse(x);",
        &[],
        expect![[r#"
            +|var x = Compute(a,
            #|#if NETSTANDARD2_0
            -|    b.ToArray());
            #|#else
            +|    b);
            #|#endif
            +|Use(x);
        "#]],
    );
}

#[test]
fn missing_endif_leaves_the_rest_inactive() {
    check(
        "a\n#if X\nb\n#if Y\nc\n#endif\n",
        &[],
        expect![[r##"
            +|a
            #|#if X
            -|b
            -|#if Y
            -|c
            -|#endif
            error 2..7 "#if X": `#if` without `#endif`
        "##]],
    );
}

#[test]
fn the_file_defines_and_undefines_change_the_code_symbols() {
    let text = "#define LOCAL\n#undef DEBUG\nclass C {}\n";
    let preprocessed = preprocess(text, &Defines::new(["DEBUG", "TRACE"]));
    let symbols: Vec<&str> = preprocessed.defines.iter().collect();
    assert_eq!(symbols, ["LOCAL", "TRACE"]);
}
