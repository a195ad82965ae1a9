//! The text each rule hands tree-sitter: what is rewritten, what is left alone, and that no offset
//! moves. (The trees these texts give are in `crate::tests::trees`.)

use super::hide_grammar_gaps;

#[track_caller]
fn check(text: &str, hidden: &str) {
    let result = hide_grammar_gaps(text);
    assert_eq!(result.text, hidden);
    assert_eq!(result.text.len(), text.len());
}

#[test]
fn async_as_an_identifier_is_hidden_and_the_modifier_is_not() {
    check(
        "async Task F(bool async) { x = async; G(async: true); var f = async () => 1; asyncs = 1; if (async && y) {} }",
        "async Task F(bool _sync) { x = _sync; G(_sync: true); var f = async () => 1; asyncs = 1; if (_sync && y) {} }",
    );
    // Comments and literals are not code.
    check(
        "/* async; */ s = \"async;\"; // async;",
        "/* async; */ s = \"async;\"; // async;",
    );
}

#[test]
fn attribute_target_words_opening_a_collection_are_identifiers() {
    check(
        "return [type]; M([field, x]); y = [ method ]; z = [param, property, typevar];",
        "return [_ype]; M([_ield, x]); y = [ _ethod ]; z = [_aram, property, typevar];",
    );
    // Real targets, and the words elsewhere, stay.
    check(
        "[type: Obsolete] [return: X] [field:NonSerialized] x = [a, type]; type = 1;",
        "[type: Obsolete] [return: X] [field:NonSerialized] x = [a, type]; type = 1;",
    );
}

#[test]
fn extension_blocks_are_shown_as_classes() {
    let text = "static class E { extension(string s) { } extension<T>(List<T> l) where T : class { } ; extension (int) { } }";
    let result = hide_grammar_gaps(text);
    assert_eq!(
        result.text,
        "static class E { class ext(string s) { } class ext<T>(List<T> l) where T : class { } ; class ext (int) { } }"
    );
    for (at, _) in text.match_indices("extension") {
        assert_eq!(result.marks.extension_keyword_end(at), Some(at + 9));
    }
    // Calls and declarations named `extension` are not blocks.
    check(
        "void M() { extension(x); x = extension(y) { }; } void extension(int a) { } int extension;",
        "void M() { extension(x); x = extension(y) { }; } void extension(int a) { } int extension;",
    );
}

#[test]
fn assigned_calls_are_shown_as_element_and_member_accesses() {
    let text = "Unsafe.AsRef(in this) = default; GetRef(ref x) += 5; F() = 1; a.G<int>() ??= 2; (H(y)) = 3; I(x) >>>= 1; J(K(z)) = 4; L(m)(n) = 5;";
    let result = hide_grammar_gaps(text);
    assert_eq!(
        result.text,
        "Unsafe.AsRef[in this] = default; GetRef[ref x] += 5; F.a = 1; a.G<int>.a ??= 2; (H[y]) = 3; I[x] >>>= 1; J[K[z]] = 4; L(m)[n] = 5;"
    );
    let at = |needle: &str| text.find(needle).unwrap();
    assert!(result.marks.is_call_bracket(at("(in")) && result.marks.is_call_bracket(at(") =")));
    assert!(result.marks.is_empty_call(at("()")));
    // Not assignments, or not calls.
    check(
        "F(x) == 1; F(x) <= 1; F(x) >= 1; G(x) => 1; var (a, b) = t; return (c) = 5; if (d) e = 1; (f, g) = t; F(x) + = 1; M() => (h, i) = (i, h); if (j) (k, l) = t;",
        "F(x) == 1; F(x) <= 1; F(x) >= 1; G(x) => 1; var (a, b) = t; return (c) = 5; if (d) e = 1; (f, g) = t; F(x) + = 1; M() => (h, i) = (i, h); if (j) (k, l) = t;",
    );
}

#[test]
fn and_or_variables_after_a_generic_type_are_identifiers() {
    check(
        "Vector128<byte> and = F(); List<int> or; b = x is List<int> or null;",
        "Vector128<byte> _nd = F(); List<int> _r; b = x is List<int> or null;",
    );
}

#[test]
fn prefix_dereferences_of_parentheses_are_shown_as_minus() {
    let text = "a = *(int*)&v; F(*(p + 1), b * (c), d++ * (e)); return *(T*)q; f = (float)*(double*)&x; g = (h)*(i);";
    let result = hide_grammar_gaps(text);
    assert_eq!(
        result.text,
        "a = -(int*)&v; F(-(p + 1), b * (c), d++ * (e)); return -(T*)q; f = (float)-(double*)&x; g = (h)*(i);"
    );
    assert!(result.marks.is_star(4) && !result.marks.is_star(text.find("* (c)").unwrap()));
}

#[test]
fn empty_and_quoted_interpolated_strings() {
    let text = r#"F($"", $@"""{a}"" ""{b:N2}""", @$"{$@"x""{c}"}""", @"""d""", $"""{e}""");"#;
    let result = hide_grammar_gaps(text);
    assert_eq!(
        result.text,
        r#"F(@"", $@"''{a}'' ''{b:N2}''", @$"{$@"x''{c}"}''", @"""d""", $"""{e}""");"#
    );
    assert!(result.marks.is_empty_interpolation(2));
}

#[test]
fn brace_escapes_next_to_holes_are_content() {
    // Escapes in regular and verbatim interpolated strings; none in raw ones, plain literals or
    // format specifiers.
    check(
        r#"F($"{{{name}}}", $@"{{{a}}} ""{{", $"{{x}}", $$"""{{{b}}}""", "{{c}}", $"{d:{{}");"#,
        r#"F($"''{name}''", $@"''{a}'' ''''", $"''x''", $$"""{{{b}}}""", "{{c}}", $"{d:{{}");"#,
    );
}
