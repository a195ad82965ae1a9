//! The words a text's word index holds: its identifiers and the keywords naming a type, without other
//! keywords, comments and literals.

use expect_test::{Expect, expect};

use super::WordIndex;

fn check(text: &str, expect: Expect) {
    let index = WordIndex::new(text);
    let words: Vec<&str> = index.iter().collect();
    expect.assert_eq(&words.join(" "));
}

#[test]
fn identifiers_without_keywords() {
    check(
        "namespace N { public class C : IDisposable { void Dispose() { var x = y.Foo(1, 2.5e10, 0xFF); } } }",
        expect!["C Dispose Foo IDisposable N var x y"],
    );
}

#[test]
fn keywords_naming_a_type_are_words() {
    check(
        "class C { string S(int i, object o, void* p) => i.ToString() + (long)o + string.Empty; }",
        expect!["C Empty S ToString i int long o object p string"],
    );
}

#[test]
fn comments_are_not_words() {
    check(
        "a // b c\nd /* e\n f */ g /// <see cref=\"H\"/>\n/* unterminated i",
        expect!["a d g"],
    );
}

#[test]
fn string_and_char_literals_are_not_words() {
    check(
        r#"a = "b \" c"; d = 'e'; f = '\''; g = '\u0041'; h"#,
        expect!["a d f g h"],
    );
}

#[test]
fn verbatim_and_raw_strings_are_not_words() {
    check(
        "a = @\"b \"\" c\nd\"; e = \"\"\"f \"\" g\"\"\"; h = \"\"\"\"\n  i \"\"\" j\n  \"\"\"\"; k",
        expect!["a e h k"],
    );
}

#[test]
fn interpolation_holes_are_code() {
    check(
        r#"a = $"b {c} {{d}} {e.F(g):N2} {h,10} {(i ? j : k)} l"; m"#,
        expect!["F a c e g h i j k m"],
    );
}

#[test]
fn nested_interpolations() {
    check(
        r#"a = $"b {c($"d {e} f {g("h")}")} i {j}"; k"#,
        expect!["a c e g j k"],
    );
}

#[test]
fn verbatim_and_raw_interpolations() {
    check(
        "a = $@\"b {c} \"\" d\n{e}\"; f = @$\"{g}\"; h = $$\"\"\"{i} {{j}} {{{k}}}\"\"\"; l = $\"\"\"\n  {m}\n  \"\"\"; n",
        expect!["a c e f g h j k l m n"],
    );
}

#[test]
fn multi_line_hole() {
    check(
        "a = $\"{b switch\n{\n  C => d,\n  _ => e\n}}\"; f",
        expect!["C _ a b d e f"],
    );
}

#[test]
fn escaped_identifiers_are_normalised() {
    check(
        r"@class @if \u0041bc a\u0062c \U00000044ef @\u0067h @this_",
        expect!["Abc Def abc class gh if this_"],
    );
}

#[test]
fn non_ascii_identifiers() {
    check(
        "var größe = Ωmega + café_1 + 名前; // ünused",
        expect!["café_1 größe var Ωmega 名前"],
    );
}

#[test]
fn directive_lines_are_not_words() {
    check(
        "#region Some words\n#if DEBUG && TRACE\na\n#else\nb\n#endif\n  # pragma warning disable CS0168\nc #d",
        expect!["a b c d"],
    );
}

#[test]
fn unterminated_literals_recover_at_line_end() {
    check(
        "a = \"b c\nd = 'e\nf = $\"g {h\n}\" i\nj",
        expect!["a d e f h i j"],
    );
}

#[test]
fn unterminated_verbatim_string_runs_to_the_end() {
    check("a = @\"b\nc", expect!["a"]);
}

#[test]
fn lookup() {
    let index = WordIndex::new("Foo Bar foo Foo _baz");
    assert_eq!(index.len(), 4);
    assert!(index.contains("Foo") && index.contains("foo") && index.contains("_baz"));
    assert!(!index.contains("Fo") && !index.contains("Baz") && !index.contains(""));
    expect![[r#"{"Bar", "Foo", "_baz", "foo"}"#]].assert_eq(&format!("{index:?}"));
    assert!(WordIndex::new("// nothing").is_empty());
}

#[test]
fn an_index_is_rebuilt_from_its_words_and_only_from_sorted_distinct_ones() {
    let index = WordIndex::new("class Foo { int Bar(string @class) => Baz(Foo); }");
    assert_eq!(WordIndex::from_sorted_words(index.iter()), Some(index));
    assert_eq!(WordIndex::from_sorted_words([]), Some(WordIndex::new("")));
    assert_eq!(WordIndex::from_sorted_words(["b", "a"]), None);
    assert_eq!(WordIndex::from_sorted_words(["a", "a"]), None);
}
