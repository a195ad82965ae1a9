//! The references of framework symbols (the built-in surface of reference assemblies), addressed by
//! a cursor on a use: members from the same bound sites `find_callers` reads, types by resolving
//! their same-named identifiers.

use expect_test::expect;

use super::{check, check_library};

#[test]
fn framework_method_invocations_method_groups_nameof_and_unbound_sites() {
    check(
        r#"
//- /Log.cs
using System;
using Serilog;
class Log2
{
    void M(string s)
    {
        Console.$0WriteLine(s);
        Console.WriteLine(1);
        Action<string> print = Console.WriteLine;
        var n = nameof(Console.WriteLine);
        Log.WriteLine(s);
    }
    void WriteLine(string s) { WriteLine(s); }
}
"#,
        expect![[r#"
            Log.cs:7:17 Invocation (M:Log2.M(System.String)) | Console.WriteLine(s);
            Log.cs:9:40 MethodGroup (M:Log2.M(System.String)) | Action<string> print = Console.WriteLine;
            Log.cs:10:32 Nameof (M:Log2.M(System.String)) | var n = nameof(Console.WriteLine);
            unbound WriteLine Binding(MissingMetadata) at Log.cs:11:13 | Log.WriteLine(s);
            coverage 6/5/0/1
        "#]],
    );
}

#[test]
fn framework_property_reads_and_writes() {
    check(
        r#"
//- /Bag.cs
using System.Collections.Generic;
class Bag
{
    List<int> items = new List<int>();
    int Size => items.Count;
    void Grow()
    {
        items.$0Capacity = 8;
        items.Capacity += items.Count;
        var c = items.Capacity;
    }
}
"#,
        expect![[r#"
            Bag.cs:8:15 Write (M:Bag.Grow) | items.Capacity = 8;
            Bag.cs:9:15 Write (M:Bag.Grow) | items.Capacity += items.Count;
            Bag.cs:10:23 Read (M:Bag.Grow) | var c = items.Capacity;
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn framework_fields_and_constants() {
    check_library(
        r#"
//- /Text.cs
class Text
{
    string s = string.Empty;
    bool IsEmpty(string t) => t == string.Empty || t == System.String.Empty;
    int Max = int.MaxValue;
}
"#,
        "F:System.String.Empty",
        expect![[r#"
            Text.cs:3:23 Read (F:Text.s) | string s = string.Empty;
            Text.cs:4:43 Read (M:Text.IsEmpty(System.String)) | bool IsEmpty(string t) => t == string.Empty || t == System.String.Empty;
            Text.cs:4:71 Read (M:Text.IsEmpty(System.String)) | bool IsEmpty(string t) => t == string.Empty || t == System.String.Empty;
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn framework_events_added_and_removed() {
    check(
        r#"
//- /Keys.cs
using System;
class Keys
{
    void On(object o, ConsoleCancelEventArgs e) { }
    void Start() { Console.$0CancelKeyPress += On; }
    void Stop() { Console.CancelKeyPress -= On; }
}
"#,
        expect![[r#"
            Keys.cs:5:28 EventAdd (M:Keys.Start) | void Start() { Console.CancelKeyPress += On; }
            Keys.cs:6:27 EventRemove (M:Keys.Stop) | void Stop() { Console.CancelKeyPress -= On; }
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn framework_constructors_from_creations_and_base_calls() {
    check(
        r#"
//- /Errors.cs
using System;
class AppError : Exception
{
    public AppError(string message) : base(message) { }
    public override string ToString() => nameof(Message) + Message;
    static Exception Make(string m) => new $0Exception(m);
    static Exception Plain() => new Exception();
}
"#,
        expect![[r#"
            Errors.cs:4:39 ObjectCreation (M:AppError.#ctor(System.String)) | public AppError(string message) : base(message) { }
            Errors.cs:6:44 ObjectCreation (M:AppError.Make(System.String)) | static Exception Make(string m) => new Exception(m);
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn framework_members_named_from_a_derived_source_type() {
    check(
        r#"
//- /Errors.cs
using System;
class AppError : Exception
{
    public override string ToString() => nameof(Message) + Message;
    string Again(Exception e) => e.$0Message;
}
"#,
        expect![[r#"
            Errors.cs:4:49 Nameof (M:AppError.ToString) | public override string ToString() => nameof(Message) + Message;
            Errors.cs:4:60 Read (M:AppError.ToString) | public override string ToString() => nameof(Message) + Message;
            Errors.cs:5:36 Read (M:AppError.Again(System.Exception)) | string Again(Exception e) => e.Message;
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn framework_interface_type_references_by_kind() {
    check(
        r#"
//- /Res.cs
using System;
using System.Collections.Generic;
namespace Res
{
    class Handle : $0IDisposable
    {
        public void Dispose() { }
        static IDisposable Wrap(object o) => (IDisposable)o;
        static Type Kind() => typeof(IDisposable);
        List<IDisposable> all = new List<IDisposable>();
        bool Is(object o) => o is System.IDisposable;
        string Name = nameof(IDisposable);
    }
    interface IDisposableSource { }
}
"#,
        expect![[r#"
            Res.cs:5:20 Inheritance (T:Res.Handle) | class Handle : IDisposable
            Res.cs:8:16 TypeReference (M:Res.Handle.Wrap(System.Object)) | static IDisposable Wrap(object o) => (IDisposable)o;
            Res.cs:8:47 Cast (M:Res.Handle.Wrap(System.Object)) | static IDisposable Wrap(object o) => (IDisposable)o;
            Res.cs:9:38 Typeof (M:Res.Handle.Kind) | static Type Kind() => typeof(IDisposable);
            Res.cs:10:14 TypeArgument (F:Res.Handle.all) | List<IDisposable> all = new List<IDisposable>();
            Res.cs:10:42 TypeArgument (F:Res.Handle.all) | List<IDisposable> all = new List<IDisposable>();
            Res.cs:11:42 TypeReference (M:Res.Handle.Is(System.Object)) | bool Is(object o) => o is System.IDisposable;
            Res.cs:12:30 Nameof (F:Res.Handle.Name) | string Name = nameof(IDisposable);
            coverage 8/8/0/0
        "#]],
    );
}

#[test]
fn framework_generic_and_attribute_types() {
    check(
        r#"
//- /Use.cs
using System;
using System.Collections.Generic;
class Use
{
    $0List<int> a = new List<int>();
    List<List<string>> b;
    Dictionary<int, string> c;
    class List { }
    List d;
}
"#,
        expect![[r#"
            Use.cs:5:5 TypeReference (F:Use.a) | List<int> a = new List<int>();
            Use.cs:5:23 ObjectCreation (F:Use.a) | List<int> a = new List<int>();
            Use.cs:6:5 TypeReference (F:Use.b) | List<List<string>> b;
            Use.cs:6:10 TypeArgument (F:Use.b) | List<List<string>> b;
            coverage 5/5/0/0
        "#]],
    );
    check_library(
        r#"
//- /Old.cs
using System;
class Old
{
    [Obsolete] void A() { }
    [ObsoleteAttribute("no")] void B() { }
    [System.Obsolete] void C() { }
}
"#,
        "T:System.ObsoleteAttribute",
        expect![[r#"
            Old.cs:4:6 Attribute (M:Old.A) | [Obsolete] void A() { }
            Old.cs:5:6 Attribute (M:Old.B) | [ObsoleteAttribute("no")] void B() { }
            Old.cs:6:13 Attribute (M:Old.C) | [System.Obsolete] void C() { }
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn a_framework_method_group_converted_to_its_one_fitting_overload() {
    check(
        r#"
//- /Parse.cs
using System;
class Parse
{
    Func<string, int> parse = int.Parse;
    int One(string s) => int.$0Parse(s) + int.Parse(s, null);
}
"#,
        expect![[r#"
            Parse.cs:4:35 MethodGroup (F:Parse.parse) | Func<string, int> parse = int.Parse;
            Parse.cs:5:30 Invocation (M:Parse.One(System.String)) | int One(string s) => int.Parse(s) + int.Parse(s, null);
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn framework_constants_outside_bound_code() {
    check_library(
        r#"
//- /Limits.cs
using System.ComponentModel;
enum Big { Top = int.MaxValue }
class Limits
{
    const int Max = int.MaxValue;
    [DefaultValue(int.MaxValue)] int Cap { get; set; }
    void Clamp(int to = int.MaxValue) { var n = nameof(int.MaxValue); }
    int MaxValue => long.MaxValue > 0 ? MaxValue : 0;
}
"#,
        "F:System.Int32.MaxValue",
        expect![[r#"
            Limits.cs:2:22 Read (F:Big.Top) | enum Big { Top = int.MaxValue }
            Limits.cs:5:25 Read (F:Limits.Max) | const int Max = int.MaxValue;
            Limits.cs:6:23 Read (P:Limits.Cap) | [DefaultValue(int.MaxValue)] int Cap { get; set; }
            Limits.cs:7:29 Read (M:Limits.Clamp(System.Int32)) | void Clamp(int to = int.MaxValue) { var n = nameof(int.MaxValue); }
            Limits.cs:7:60 Nameof (M:Limits.Clamp(System.Int32)) | void Clamp(int to = int.MaxValue) { var n = nameof(int.MaxValue); }
            coverage 7/7/0/0
        "#]],
    );
}

#[test]
fn a_framework_interface_member_is_referenced_by_calls_bound_to_it_not_to_its_implementations() {
    check_library(
        r#"
//- /Res.cs
using System;
class Handle : IDisposable
{
    public void Dispose() { }
    static void Close(IDisposable d, Handle h)
    {
        d.Dispose();
        h.Dispose();
        using (d) { }
    }
}
"#,
        "M:System.IDisposable.Dispose",
        expect![[r#"
            Res.cs:7:11 Invocation (M:Handle.Close(System.IDisposable,Handle)) | d.Dispose();
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn the_keyword_of_a_framework_type_is_a_reference_of_it() {
    check_library(
        r#"
//- /Text.cs
using System;
using System.Collections.Generic;
using Names = System.Collections.Generic.List<string>;
class Text
{
    string s = string.Empty;
    String Other;
    string[] Many(List<string> all, object o, int? n) => (string)o == default(string) ? new string[0] : all.ToArray();
    System.Type T() => typeof(string);
    string Join(string[] p) => string.Join(",", p);
    int Length(@string x) => 0;
}
class @string { }
"#,
        "T:System.String",
        expect![[r#"
            Text.cs:3:47 TypeArgument (-) | using Names = System.Collections.Generic.List<string>;
            Text.cs:6:5 TypeReference (F:Text.s) | string s = string.Empty;
            Text.cs:6:16 StaticAccess (F:Text.s) | string s = string.Empty;
            Text.cs:7:5 TypeReference (F:Text.Other) | String Other;
            Text.cs:8:5 TypeReference (M:Text.Many(System.Collections.Generic.List{System.String},System.Object,System.Nullable{System.Int32})) | string[] Many(List<string> all, object o, int? n) => (string)o == default(string) ? new string[0] : all.ToArray();
            Text.cs:8:24 TypeArgument (M:Text.Many(System.Collections.Generic.List{System.String},System.Object,System.Nullable{System.Int32})) | string[] Many(List<string> all, object o, int? n) => (string)o == default(string) ? new string[0] : all.ToArray();
            Text.cs:8:59 Cast (M:Text.Many(System.Collections.Generic.List{System.String},System.Object,System.Nullable{System.Int32})) | string[] Many(List<string> all, object o, int? n) => (string)o == default(string) ? new string[0] : all.ToArray();
            Text.cs:8:79 TypeReference (M:Text.Many(System.Collections.Generic.List{System.String},System.Object,System.Nullable{System.Int32})) | string[] Many(List<string> all, object o, int? n) => (string)o == default(string) ? new string[0] : all.ToArray();
            Text.cs:8:93 TypeReference (M:Text.Many(System.Collections.Generic.List{System.String},System.Object,System.Nullable{System.Int32})) | string[] Many(List<string> all, object o, int? n) => (string)o == default(string) ? new string[0] : all.ToArray();
            Text.cs:9:31 Typeof (M:Text.T) | System.Type T() => typeof(string);
            Text.cs:10:5 TypeReference (M:Text.Join(System.String[])) | string Join(string[] p) => string.Join(",", p);
            Text.cs:10:17 TypeReference (M:Text.Join(System.String[])) | string Join(string[] p) => string.Join(",", p);
            Text.cs:10:32 StaticAccess (M:Text.Join(System.String[])) | string Join(string[] p) => string.Join(",", p);
            coverage 13/13/0/0
        "#]],
    );
}

#[test]
fn int_parse_is_an_invocation_of_int32_parse_and_nint_names_intptr() {
    check_library(
        r#"
//- /Num.cs
class Num
{
    int A(string s) => int.Parse(s) + System.Int32.Parse(s);
    nint B(nint n) => n;
}
"#,
        "M:System.Int32.Parse(System.String)",
        expect![[r#"
            Num.cs:3:28 Invocation (M:Num.A(System.String)) | int A(string s) => int.Parse(s) + System.Int32.Parse(s);
            Num.cs:3:52 Invocation (M:Num.A(System.String)) | int A(string s) => int.Parse(s) + System.Int32.Parse(s);
            coverage 2/2/0/0
        "#]],
    );
    check_library(
        r#"
//- /Num.cs
class Num
{
    nint B(nint n) => n;
    System.IntPtr C;
    nint D => nint.MaxValue + (nint)1 + sizeof(nint);
}
"#,
        "T:System.IntPtr",
        expect![[r#"
            Num.cs:3:5 TypeReference (M:Num.B(System.IntPtr)) | nint B(nint n) => n;
            Num.cs:3:12 TypeReference (M:Num.B(System.IntPtr)) | nint B(nint n) => n;
            Num.cs:4:12 TypeReference (F:Num.C) | System.IntPtr C;
            Num.cs:5:5 TypeReference (P:Num.D) | nint D => nint.MaxValue + (nint)1 + sizeof(nint);
            Num.cs:5:15 StaticAccess (P:Num.D) | nint D => nint.MaxValue + (nint)1 + sizeof(nint);
            Num.cs:5:32 Cast (P:Num.D) | nint D => nint.MaxValue + (nint)1 + sizeof(nint);
            Num.cs:5:48 TypeReference (P:Num.D) | nint D => nint.MaxValue + (nint)1 + sizeof(nint);
            coverage 7/7/0/0
        "#]],
    );
}

#[test]
fn from_a_keyword_in_the_source() {
    check(
        r#"
//- /Flag.cs
class Flag
{
    bool On(b$0ool a, object o) => a && o is bool;
    System.Boolean Off;
}
"#,
        expect![[r#"
            Flag.cs:3:5 TypeReference (M:Flag.On(System.Boolean,System.Object)) | bool On(bool a, object o) => a && o is bool;
            Flag.cs:3:13 TypeReference (M:Flag.On(System.Boolean,System.Object)) | bool On(bool a, object o) => a && o is bool;
            Flag.cs:3:44 TypeReference (M:Flag.On(System.Boolean,System.Object)) | bool On(bool a, object o) => a && o is bool;
            Flag.cs:4:12 TypeReference (F:Flag.Off) | System.Boolean Off;
            coverage 4/4/0/0
        "#]],
    );
}
