//! `[Conditional]` calls (§22.5.3): omitted with their arguments where none of their symbols is
//! defined, from the framework surface's metadata and from source attributes.

use expect_test::expect;

use super::check_outgoing;

#[test]
fn a_debug_call_and_its_arguments_are_omitted_without_debug() {
    check_outgoing(
        r#"
//- /Test.cs framework:netcore
using System.Diagnostics;
class C
{
    string Name => "";
    string Describe() => "";
    void M$0()
    {
        Debug.WriteLine($"{Name} {Describe()}");
        Trace.WriteLine(Describe());
        Debug.Assert(Name != null, Describe());
        Describe();
    }
}
"#,
        expect![[r#"
            M:C.Describe [Call]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn defined_symbols_keep_the_call_from_the_project_or_the_file() {
    check_outgoing(
        r#"
//- /Test.cs framework:netcore defines:TRACE
#define DEBUG
using System.Diagnostics;
class C
{
    string Name => "";
    void M$0()
    {
        Debug.WriteLine(Name);
        Trace.WriteLine(Name);
    }
}
"#,
        expect![[r#"
            P:C.Name [Get, Get]
            external System.Diagnostics.Debug.WriteLine [Call]
            external System.Diagnostics.Trace.WriteLine [Call]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn a_source_method_marked_conditional_is_omitted_unless_its_symbol_is_defined() {
    check_outgoing(
        r#"
//- /Test.cs defines:VERBOSE
#undef LOCAL
using System.Diagnostics;
class Log
{
    [Conditional("LOCAL")]
    public static void Local(string message) { }
    [Conditional("LOCAL"), System.Diagnostics.ConditionalAttribute("VERBOSE")]
    public static void Verbose(string message) { }
}
class C
{
    string Text() => "";
    void M$0()
    {
        Log.Local(Text());
        Log.Verbose(Text());
    }
}
"#,
        expect![[r#"
            M:C.Text [Call]
            M:Log.Verbose(System.String) [Call]
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn a_call_of_an_override_is_omitted_as_one_of_the_conditional_method_it_overrides() {
    check_outgoing(
        r#"
//- /Test.cs
using System.Diagnostics;
class Base
{
    [Conditional("DEBUG")]
    public virtual void Log(string s) { }
}
class Derived : Base
{
    public override void Log(string s) { }
}
class Deeper : Derived
{
    public override void Log(string s) { }
}
class C
{
    string Text() => "";
    void M$0(Derived d, Deeper e)
    {
        d.Log(Text());
        e.Log(Text());
        Text();
    }
}
"#,
        expect![[r#"
            M:C.Text [Call]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn a_symbol_of_a_method_up_the_chain_keeps_the_call_of_an_override() {
    check_outgoing(
        r#"
//- /Test.cs defines:TRACE
using System.Diagnostics;
class Base
{
    [Conditional("TRACE")]
    public virtual void Log(string s) { }
}
class Derived : Base
{
    public override void Log(string s) { }
}
class C
{
    void M$0(Derived d) { d.Log(""); }
}
"#,
        expect![[r#"
            M:Derived.Log(System.String) (root M:Base.Log(System.String)) [Call]
            coverage 1/1/0/0
        "#]],
    );
}
