//! Binding against the small assemblies of `crates/metadata/test-data`: signature details the
//! framework surfaces lack, such as tuple element names and `[Conditional]` on a library's methods.

use expect_test::expect;

use super::check_outgoing;

#[test]
fn tuple_element_names_come_from_a_library_signature() {
    check_outgoing(
        r#"
//- /Test.cs assemblies:Members
using Fixtures.Members;
class C
{
    void M$0()
    {
        var length = Attributed.Property.key.Length;
        var pair = Attributed.Pair((true, (1, 2)));
        var count = pair.count.CompareTo(0);
        var b = Attributed.Field.b.CompareTo(0);
        var nested = Attributed.Nested();
        var y = nested.at.y.Length;
        var c = Attributed.Nested().deep.inner.c.IsSurrogate();
        var l = nested.Item3.l.CompareTo(0L);
    }
}
"#,
        expect![[r#"
            external Fixtures.Members.Attributed.Property [Get]
            external System.String.Length [Get, Get]
            external Fixtures.Members.Attributed.Pair [Call]
            external System.Int32.CompareTo [Call, Call]
            external Fixtures.Members.Attributed.Nested [Call, Call]
            external System.Char.IsSurrogate [Call]
            external System.Int64.CompareTo [Call]
            coverage 10/10/0/0
        "#]],
    );
}

#[test]
fn a_library_method_marked_conditional_is_omitted_with_its_arguments() {
    check_outgoing(
        r#"
//- /Test.cs assemblies:Members defines:TRACE
using Fixtures.Members;
class C
{
    string Text() => "";
    void M$0()
    {
        Attributed.DebugOnly(Text());
        Attributed.Traced();
    }
}
"#,
        expect![[r#"
            external Fixtures.Members.Attributed.Traced [Call]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn a_call_of_an_override_of_a_conditional_library_method_is_omitted() {
    let fixture = |defines: &str| {
        format!(
            r#"
//- /Test.cs assemblies:Members{defines}
using Fixtures.Members;
class MyLogger : Logger
{{
    public override void Log(string message) {{ }}
}}
class C
{{
    string Text() => "";
    void M$0(MyLogger logger)
    {{
        logger.Log(Text());
    }}
}}
"#
        )
    };
    check_outgoing(
        &fixture(""),
        expect![[r#"
            coverage 0/0/0/0
        "#]],
    );
    check_outgoing(
        &fixture(" defines:TRACE"),
        expect![[r#"
            M:C.Text [Call]
            M:MyLogger.Log(System.String) [Call]
            coverage 2/2/0/0
        "#]],
    );
}
