//! `find_references` over C# fixtures: every reference with its kind, the unbound sites, coverage.

use expect_test::{Expect, expect};

use crate::{
    AnalysisHost, FileId,
    fixture::{Fixture, FixtureExt},
};

/// Renders the references of the symbol at `$0`: one line each, `path:line:col kind (container)
/// | line text`, then the unbound sites and the coverage.
fn check(fixture: &str, expect: Expect) {
    let (host, fixture) = AnalysisHost::from_fixture(fixture);
    let symbol = fixture.cursor_symbol(&host.analysis());
    check_key(&host, &fixture, &symbol.key, expect);
}

/// Like [`check`], for the library symbol whose documentation id is `doc_id`.
fn check_library(fixture: &str, doc_id: &str, expect: Expect) {
    let (host, fixture) = AnalysisHost::from_fixture(fixture);
    let symbols = host
        .analysis()
        .library_symbols_by_documentation_id(doc_id)
        .unwrap();
    let [symbol] = &symbols[..] else {
        panic!("{doc_id} names {} library symbols", symbols.len());
    };
    check_key(&host, &fixture, &symbol.key, expect);
}

fn check_key(host: &AnalysisHost, fixture: &Fixture, key: &crate::SymbolKey, expect: Expect) {
    let refs = host
        .analysis()
        .find_references(key)
        .unwrap()
        .expect("no references answer");
    let mut out = String::new();
    let at = |f: &Fixture, file: FileId, range: syntax::TextRange| {
        let file = f
            .files
            .iter()
            .find(|x| FileId(x.id) == file)
            .expect("fixture file");
        let start = usize::from(range.start());
        let before = &file.text[..start];
        let line = before.matches('\n').count() + 1;
        let col = start - before.rfind('\n').map_or(0, |i| i + 1) + 1;
        let text = file.text.lines().nth(line - 1).unwrap_or_default().trim();
        format!("{}:{line}:{col}", file.path.trim_start_matches('/')) + &format!(" | {text}")
    };
    for r in &refs.references {
        let container = r
            .container
            .as_ref()
            .map_or("-".to_owned(), |c| c.documentation_id.to_string());
        let place = at(fixture, r.file, r.range);
        let (pos, text) = place.split_once(" | ").unwrap_or_default();
        out.push_str(&format!("{pos} {:?} ({container}) | {text}\n", r.kind));
    }
    for u in &refs.unbound {
        out.push_str(&format!(
            "unbound {} {:?} at {}\n",
            u.name,
            u.reason,
            at(fixture, u.file, u.range)
        ));
    }
    let c = refs.coverage;
    out.push_str(&format!(
        "coverage {}/{}/{}/{}\n",
        c.examined, c.resolved, c.ambiguous, c.unresolved
    ));
    expect.assert_eq(&out);
}

#[test]
fn type_references_by_kind_across_partial_parts() {
    check(
        r#"
//- /Shape.cs
namespace Geo
{
    public class Shape$0 { public static Shape Unit() => new Shape(); }
    public partial class Circle : Shape { }
    [System.AttributeUsage(System.AttributeTargets.All)]
    public class TagAttribute : System.Attribute { public TagAttribute(System.Type t) { } }
}
//- /Use.cs
using System.Collections.Generic;
namespace Geo
{
    public partial class Circle
    {
        [Tag(typeof(Shape))]
        Shape Field;
        List<Shape> All() { var s = (Shape)null; object o = s as Shape; return new List<Shape> { Shape.Unit() }; }
        string Name() => nameof(Shape);
        Geo.Shape Qualified;
    }
}
"#,
        expect![[r#"
            Shape.cs:3:40 TypeReference (M:Geo.Shape.Unit) | public class Shape { public static Shape Unit() => new Shape(); }
            Shape.cs:3:60 ObjectCreation (M:Geo.Shape.Unit) | public class Shape { public static Shape Unit() => new Shape(); }
            Shape.cs:4:35 Inheritance (T:Geo.Circle) | public partial class Circle : Shape { }
            Use.cs:6:21 Typeof (F:Geo.Circle.Field) | [Tag(typeof(Shape))]
            Use.cs:7:9 TypeReference (F:Geo.Circle.Field) | Shape Field;
            Use.cs:8:14 TypeArgument (M:Geo.Circle.All) | List<Shape> All() { var s = (Shape)null; object o = s as Shape; return new List<Shape> { Shape.Unit() }; }
            Use.cs:8:38 Cast (M:Geo.Circle.All) | List<Shape> All() { var s = (Shape)null; object o = s as Shape; return new List<Shape> { Shape.Unit() }; }
            Use.cs:8:66 TypeReference (M:Geo.Circle.All) | List<Shape> All() { var s = (Shape)null; object o = s as Shape; return new List<Shape> { Shape.Unit() }; }
            Use.cs:8:89 TypeArgument (M:Geo.Circle.All) | List<Shape> All() { var s = (Shape)null; object o = s as Shape; return new List<Shape> { Shape.Unit() }; }
            Use.cs:8:98 StaticAccess (M:Geo.Circle.All) | List<Shape> All() { var s = (Shape)null; object o = s as Shape; return new List<Shape> { Shape.Unit() }; }
            Use.cs:9:33 Nameof (M:Geo.Circle.Name) | string Name() => nameof(Shape);
            Use.cs:10:13 TypeReference (F:Geo.Circle.Qualified) | Geo.Shape Qualified;
            coverage 12/12/0/0
        "#]],
    );
}

#[test]
fn attribute_types_are_found_by_their_short_name() {
    check(
        r#"
//- /Tag.cs
public class TagAttribute$0 : System.Attribute { }
//- /Use.cs
[Tag] class A { [TagAttribute] void M() { } }
[Other] class B { }
"#,
        expect![[r#"
            Use.cs:1:2 Attribute (T:A) | [Tag] class A { [TagAttribute] void M() { } }
            Use.cs:1:18 Attribute (M:A.M) | [Tag] class A { [TagAttribute] void M() { } }
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn member_reads_writes_calls_method_groups_and_nameof() {
    check(
        r#"
//- /Counter.cs
public class Counter
{
    public int Count$0 { get; set; }
    public void Bump() { Count++; Count += 2; Count = Count + 1; }
    public string Name => nameof(Count);
}
//- /Use.cs
class Use
{
    int Count;
    void M(Counter c, Other o)
    {
        c.Count = 1;
        var n = c.Count;
        Count = 3;
        o.Count();
        var s = nameof(Counter.Count);
        var t = nameof(Use.Count);
    }
}
class Other { public void Count() { } }
"#,
        expect![[r#"
            Counter.cs:4:26 Write (M:Counter.Bump) | public void Bump() { Count++; Count += 2; Count = Count + 1; }
            Counter.cs:4:35 Write (M:Counter.Bump) | public void Bump() { Count++; Count += 2; Count = Count + 1; }
            Counter.cs:4:47 Write (M:Counter.Bump) | public void Bump() { Count++; Count += 2; Count = Count + 1; }
            Counter.cs:4:55 Read (M:Counter.Bump) | public void Bump() { Count++; Count += 2; Count = Count + 1; }
            Counter.cs:5:34 Nameof (P:Counter.Name) | public string Name => nameof(Count);
            Use.cs:6:11 Write (M:Use.M(Counter,Other)) | c.Count = 1;
            Use.cs:7:19 Read (M:Use.M(Counter,Other)) | var n = c.Count;
            Use.cs:10:32 Nameof (M:Use.M(Counter,Other)) | var s = nameof(Counter.Count);
            coverage 12/12/0/0
        "#]],
    );
}

#[test]
fn fields_generic_methods_and_unbound_sites() {
    check(
        r#"
//- /Box.cs
public class Box<T>
{
    public T Value$0;
    public static Box<T> Of(T v) { var b = new Box<T>(); b.Value = v; return b; }
}
//- /Use.cs
class Use
{
    void M(dynamic d)
    {
        var b = Box<int>.Of(1);
        b.Value += 2;
        System.Console.WriteLine(b.Value);
        d.Value = 1;
    }
}
"#,
        expect![[r#"
            Box.cs:4:60 Write (M:Box`1.Of(`0)) | public static Box<T> Of(T v) { var b = new Box<T>(); b.Value = v; return b; }
            Use.cs:6:11 Write (M:Use.M(System.Object)) | b.Value += 2;
            Use.cs:7:36 Read (M:Use.M(System.Object)) | System.Console.WriteLine(b.Value);
            unbound Value Binding(DynamicReceiver) at Use.cs:8:11 | d.Value = 1;
            coverage 4/3/0/1
        "#]],
    );
}

#[test]
fn a_call_with_a_dynamic_argument_is_a_late_bound_reference_to_each_candidate_counted_once() {
    check(
        r#"
//- /Log.cs
public class Log
{
    public void Write$0(string s) { }
    public void Write(int n) { }
}
//- /Use.cs
class Use
{
    void M(Log log, dynamic d)
    {
        log.Write(d);
        log.Write("a");
    }
}
"#,
        expect![[r#"
            Use.cs:5:13 LateBoundInvocation (M:Use.M(Log,System.Object)) | log.Write(d);
            Use.cs:6:13 Invocation (M:Use.M(Log,System.Object)) | log.Write("a");
            coverage 2/1/1/0
        "#]],
    );
}

#[test]
fn generic_method_calls_and_method_groups() {
    check(
        r#"
//- /Conv.cs
using System;
using System.Linq;
public static class Conv
{
    public static T Echo$0<T>(T value) => value;
    static void M(int[] xs)
    {
        Echo(1);
        Echo<string>("a");
        Func<int, int> f = Echo;
        xs.Select(Echo<int>);
    }
}
"#,
        expect![[r#"
            Conv.cs:8:9 Invocation (M:Conv.M(System.Int32[])) | Echo(1);
            Conv.cs:9:9 Invocation (M:Conv.M(System.Int32[])) | Echo<string>("a");
            Conv.cs:10:28 MethodGroup (M:Conv.M(System.Int32[])) | Func<int, int> f = Echo;
            Conv.cs:11:19 MethodGroup (M:Conv.M(System.Int32[])) | xs.Select(Echo<int>);
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn constructors_events_and_calls_through_an_explicit_implementation() {
    check(
        r#"
//- /Store.cs
public interface IStore { void Save(); event System.EventHandler Saved; }
public class Store : IStore
{
    public Store$0() { }
    public Store(int size) : this() { }
    void IStore.Save() { }
    public event System.EventHandler Saved;
}
class Special : Store { public Special() : base() { } }
//- /Use.cs
class Use
{
    void M(IStore s)
    {
        var a = new Store();
        Store b = new();
        var c = new Store(3);
        s.Save();
        s.Saved += (o, e) => { };
    }
}
"#,
        expect![[r#"
            Store.cs:5:30 ObjectCreation (M:Store.#ctor(System.Int32)) | public Store(int size) : this() { }
            Store.cs:9:44 ObjectCreation (M:Special.#ctor) | class Special : Store { public Special() : base() { } }
            Use.cs:5:21 ObjectCreation (M:Use.M(IStore)) | var a = new Store();
            Use.cs:6:19 ObjectCreation (M:Use.M(IStore)) | Store b = new();
            coverage 5/5/0/0
        "#]],
    );
    check(
        r#"
//- /Store.cs
public interface IStore { void Save(); event System.EventHandler Saved$0; }
class Use
{
    void M(IStore s, System.EventHandler h) { s.Saved += h; s.Saved -= h; }
}
"#,
        expect![[r#"
            Store.cs:4:49 EventAdd (M:Use.M(IStore,System.EventHandler)) | void M(IStore s, System.EventHandler h) { s.Saved += h; s.Saved -= h; }
            Store.cs:4:63 EventRemove (M:Use.M(IStore,System.EventHandler)) | void M(IStore s, System.EventHandler h) { s.Saved += h; s.Saved -= h; }
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn a_library_field_named_like_the_type_is_not_an_unbound_reference() {
    check(
        r#"
//- /Empty.cs
public class Empty$0 { }
class Use { string M() => string.Empty; Empty N() => null; }
"#,
        expect![[r#"
            Empty.cs:2:41 TypeReference (M:Use.N) | class Use { string M() => string.Empty; Empty N() => null; }
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn indexers_and_operators_name_no_member_at_their_uses() {
    check(
        r#"
//- /Grid.cs
public class Grid
{
    public int this$0[int i] { get => i; set { } }
    public static Grid operator +(Grid a, Grid b) => a;
}
//- /Use.cs
class Use { void M(Grid g) { g[1] = g[2]; g[3] += 1; var h = g + g; } }
"#,
        expect![[r#"
            Use.cs:1:31 Write (M:Use.M(Grid)) | class Use { void M(Grid g) { g[1] = g[2]; g[3] += 1; var h = g + g; } }
            Use.cs:1:38 Read (M:Use.M(Grid)) | class Use { void M(Grid g) { g[1] = g[2]; g[3] += 1; var h = g + g; } }
            Use.cs:1:44 Write (M:Use.M(Grid)) | class Use { void M(Grid g) { g[1] = g[2]; g[3] += 1; var h = g + g; } }
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn constants_in_attribute_arguments_parameter_defaults_and_enum_values() {
    check(
        r#"
//- /Limits.cs
public static class Limits { public const int Max$0 = 10; public const int Twice = Max * 2; }
public class SizeAttribute : System.Attribute { public SizeAttribute(int n) { } public int Max; }
//- /Use.cs
enum Level { Low = Limits.Max, High = Limits.Max + 1 }
class Use
{
    [Size(Limits.Max, Max = 3)]
    void M(int n = Limits.Max, int m = Other.Max, int k = x.Max) { }
}
class Other { public const int Max = 1; }
"#,
        expect![[r#"
            Limits.cs:1:82 Read (F:Limits.Twice) | public static class Limits { public const int Max = 10; public const int Twice = Max * 2; }
            Use.cs:1:27 Read (F:Level.Low) | enum Level { Low = Limits.Max, High = Limits.Max + 1 }
            Use.cs:1:46 Read (F:Level.High) | enum Level { Low = Limits.Max, High = Limits.Max + 1 }
            Use.cs:4:18 Read (M:Use.M(System.Int32,System.Int32,System.Int32)) | [Size(Limits.Max, Max = 3)]
            Use.cs:5:27 Read (M:Use.M(System.Int32,System.Int32,System.Int32)) | void M(int n = Limits.Max, int m = Other.Max, int k = x.Max) { }
            unbound Max OutsideCode at Use.cs:5:61 | void M(int n = Limits.Max, int m = Other.Max, int k = x.Max) { }
            coverage 8/7/0/1
        "#]],
    );
}

#[test]
fn using_alias_targets_and_the_alias_names_in_their_scope() {
    check(
        r#"
//- /Book.cs
namespace Shop { public class Book$0 { } }
//- /Use.cs
using B = Shop.Book;
using Books = System.Collections.Generic.List<Shop.Book>;
namespace App
{
    using Again = B;
    class Use { B One = new B(); Books All; Again Other; }
}
class Outside { B Two; }
//- /Other.cs
class NoAlias { B Three; }
//- /Global.cs
global using GB = Shop.Book;
//- /Static.cs
using static Shop.Book;
class ViaGlobal { GB Four; }
"#,
        expect![[r#"
            Use.cs:1:16 UsingDirective (-) | using B = Shop.Book;
            Use.cs:2:52 TypeArgument (-) | using Books = System.Collections.Generic.List<Shop.Book>;
            Use.cs:5:19 UsingDirective (-) | using Again = B;
            Use.cs:6:17 TypeReference (F:App.Use.One) | class Use { B One = new B(); Books All; Again Other; }
            Use.cs:6:29 ObjectCreation (F:App.Use.One) | class Use { B One = new B(); Books All; Again Other; }
            Use.cs:6:45 TypeReference (F:App.Use.Other) | class Use { B One = new B(); Books All; Again Other; }
            Use.cs:8:17 TypeReference (F:Outside.Two) | class Outside { B Two; }
            Global.cs:1:24 UsingDirective (-) | global using GB = Shop.Book;
            Static.cs:1:19 UsingDirective (-) | using static Shop.Book;
            Static.cs:2:19 TypeReference (F:ViaGlobal.Four) | class ViaGlobal { GB Four; }
            coverage 10/10/0/0
        "#]],
    );
}

#[test]
fn from_a_name_in_a_using_directive() {
    check(
        r#"
//- /Book.cs
namespace Shop { public class Book { } }
//- /Use.cs
using B = Shop.Bo$0ok;
class Use { B One; }
"#,
        expect![[r#"
            Use.cs:1:16 UsingDirective (-) | using B = Shop.Book;
            Use.cs:2:13 TypeReference (F:Use.One) | class Use { B One; }
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn a_project_files_using_alias_is_in_scope_in_the_project() {
    let fixture = Fixture::parse(
        r#"
//- /Book.cs
namespace Shop { public class Book { } }
//- /Use.cs
class Use { B One = new B(); }
"#,
    );
    let mut change = fixture.change();
    let graph = change.project_graph.as_mut().expect("a project graph");
    // `<Using Include="Shop.Book" Alias="B" />`
    graph.projects[0].global_usings.push(hir::GlobalUsing {
        target: "Shop.Book".into(),
        alias: Some("B".into()),
        is_static: false,
    });
    let mut host = AnalysisHost::new();
    host.apply_change(change);
    let [book] = &host
        .analysis()
        .symbols_by_documentation_id("T:Shop.Book")
        .unwrap()[..]
    else {
        panic!("one Shop.Book");
    };
    check_key(
        &host,
        &fixture,
        &book.key,
        expect![[r#"
            Use.cs:1:13 TypeReference (F:Use.One) | class Use { B One = new B(); }
            Use.cs:1:25 ObjectCreation (F:Use.One) | class Use { B One = new B(); }
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn a_generic_alias_names_the_generic_type() {
    check(
        r#"
//- /Bag.cs
public class Bag$0<T> { }
//- /Use.cs
using Ints = Bag<int>;
class Use { Ints A = new Ints(); Bag<string> B; }
"#,
        expect![[r#"
            Use.cs:1:14 UsingDirective (-) | using Ints = Bag<int>;
            Use.cs:2:13 TypeReference (F:Use.A) | class Use { Ints A = new Ints(); Bag<string> B; }
            Use.cs:2:26 ObjectCreation (F:Use.A) | class Use { Ints A = new Ints(); Bag<string> B; }
            Use.cs:2:34 TypeReference (F:Use.B) | class Use { Ints A = new Ints(); Bag<string> B; }
            coverage 4/4/0/0
        "#]],
    );
}

mod library;
