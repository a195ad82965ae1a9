//! Binding rules measured wrong on real libraries first compared with the compiler in session 20
//! (Eto.Parse, LightInject, C5, FluentFTP), each checked against the Roslyn oracle: a constant zero
//! converts to any enum (§10.2.4, FluentFTP).

use expect_test::expect;

use super::check_outgoing;

#[test]
fn the_literal_zero_converts_to_any_enum() {
    // §10.2.4: the constant `0` converts implicitly to every enum type, so `List(string, Options)`
    // applies and beats `List(string, object)` (Options converts to object, not back).
    check_outgoing(
        r#"
namespace N
{
    [System.Flags] public enum Options { None = 0, All = 1 }
    public class C
    {
        int List(string path) { return List(path, 0); }
        int List$0(string path, Options options) { return List(path, 0); }
        int List(string path, object o) { return 0; }
    }
}
"#,
        expect![[r#"
            M:N.C.List(System.String,N.Options) [Call]
            coverage 1/1/0/0
        "#]],
    );
}
