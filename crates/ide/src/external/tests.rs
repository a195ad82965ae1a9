//! Framework and package symbols over C# fixtures: their keys, search, hierarchies and the calls
//! into them.

use expect_test::{Expect, expect};

use crate::{
    AnalysisHost, CalleeInfo, FileId, SymbolInfo, SymbolKey, SymbolQuery, fixture::Fixture,
};

/// `kind docId [assembly]`, or `kind docId` for a source symbol.
fn describe(s: &SymbolInfo) -> String {
    match s.key.assembly() {
        Some(assembly) => format!("{:?} {} [{assembly}]", s.kind, s.documentation_id),
        None => format!("{:?} {}", s.kind, s.documentation_id),
    }
}

fn offset_of(fixture: &Fixture, needle: &str) -> (hir::FileId, syntax::TextSize) {
    let file = fixture
        .files
        .iter()
        .find(|f| f.text.contains(needle))
        .expect("needle in a file");
    let at = file.text.find(needle).expect("needle") as u32;
    (FileId(file.id), at.into())
}

#[test]
fn library_symbols_have_keys_that_resolve_back() {
    let (host, _) = AnalysisHost::from_fixture("class C { }");
    let analysis = host.analysis();
    let mut out = String::new();
    for doc_id in [
        "T:System.IO.Stream",
        "T:System.Collections.Generic.Dictionary`2.KeyCollection",
        "M:System.IO.File.ReadAllText(System.String)",
        "M:System.Collections.Generic.List`1.#ctor(System.Int32)",
        "M:System.Linq.Enumerable.Select``2(System.Collections.Generic.IEnumerable{``0},System.Func{``0,``1})",
        "P:System.Collections.Generic.List`1.Item(System.Int32)",
        "P:System.String.Length",
        "E:System.AppDomain.UnhandledException",
        "F:System.DayOfWeek.Friday",
        "M:System.Object.Finalize",
        "M:System.Decimal.op_Addition(System.Decimal,System.Decimal)",
        "T:System.NoSuchType",
        "M:System.IO.File.ReadAllText(System.Int32)",
    ] {
        let found = analysis
            .library_symbols_by_documentation_id(doc_id)
            .unwrap();
        let Some(info) = found.first() else {
            out.push_str(&format!("{doc_id} -> -\n"));
            continue;
        };
        assert_eq!(info.documentation_id, doc_id);
        // The key is the identity: it resolves to the same symbol.
        let again = analysis
            .symbol_info(&info.key)
            .unwrap()
            .expect("key resolves");
        assert_eq!(again, *info);
        out.push_str(&format!(
            "{} | {} | {} | in {}\n",
            describe(info),
            info.name,
            info.full_name,
            info.container_name.as_deref().unwrap_or("-")
        ));
    }
    expect![[r#"
        Class T:System.IO.Stream [mscorlib] | Stream | System.IO.Stream | in System.IO
        Class T:System.Collections.Generic.Dictionary`2.KeyCollection [mscorlib] | KeyCollection | System.Collections.Generic.Dictionary<TKey, TValue>.KeyCollection | in System.Collections.Generic.Dictionary<TKey, TValue>
        Method M:System.IO.File.ReadAllText(System.String) [mscorlib] | ReadAllText | System.IO.File.ReadAllText(string) | in System.IO.File
        Constructor M:System.Collections.Generic.List`1.#ctor(System.Int32) [mscorlib] | List | System.Collections.Generic.List<T>.List(int) | in System.Collections.Generic.List<T>
        Method M:System.Linq.Enumerable.Select``2(System.Collections.Generic.IEnumerable{``0},System.Func{``0,``1}) [System.Core] | Select<TSource, TResult> | System.Linq.Enumerable.Select<TSource, TResult>(this IEnumerable<TSource>, Func<TSource, TResult>) | in System.Linq.Enumerable
        Indexer P:System.Collections.Generic.List`1.Item(System.Int32) [mscorlib] | this | System.Collections.Generic.List<T>.this[int] | in System.Collections.Generic.List<T>
        Property P:System.String.Length [mscorlib] | Length | System.String.Length | in System.String
        Event E:System.AppDomain.UnhandledException [mscorlib] | UnhandledException | System.AppDomain.UnhandledException | in System.AppDomain
        EnumMember F:System.DayOfWeek.Friday [mscorlib] | Friday | System.DayOfWeek.Friday | in System.DayOfWeek
        Destructor M:System.Object.Finalize [mscorlib] | ~Object | System.Object.~Object() | in System.Object
        Operator M:System.Decimal.op_Addition(System.Decimal,System.Decimal) [mscorlib] | op_Addition | System.Decimal.op_Addition(decimal, decimal) | in System.Decimal
        T:System.NoSuchType -> -
        M:System.IO.File.ReadAllText(System.Int32) -> -
    "#]]
    .assert_eq(&out);
    // A key names its symbol by documentation id: the assembly part does not pin it (types move
    // between assemblies and keep their ids).
    let moved = SymbolKey::library("System.Runtime", "T:System.IO.Stream");
    let found = analysis.symbol_info(&moved).unwrap().expect("found by id");
    assert_eq!(found.key.assembly(), Some("mscorlib"));
}

#[test]
fn outgoing_calls_give_library_callees_their_keys() {
    let (host, fixture) = AnalysisHost::from_fixture(
        r#"
using System;
using System.Collections.Generic;
using System.IO;
class C
{
    void M$0(List<int> items)
    {
        Console.WriteLine(File.ReadAllText("a.txt"));
        items.Add(1);
        var n = items.Count;
        Missing.Call();
    }
}
"#,
    );
    let analysis = host.analysis();
    let (file, offset) = fixture.cursor.expect("cursor");
    let symbol = analysis
        .symbol_at(FileId(file), offset)
        .unwrap()
        .expect("symbol");
    let calls = analysis
        .outgoing_calls(&symbol.key, 1, 100)
        .unwrap()
        .expect("a member");
    let mut out = String::new();
    for callee in &calls.callees {
        let CalleeInfo::External { full_name, symbol } = &callee.callee else {
            continue;
        };
        let key = symbol.as_ref().map_or("no key".to_owned(), |s| {
            let again = analysis.symbol_info(&s.key).unwrap().expect("resolves");
            assert_eq!(again.key, s.key);
            describe(s)
        });
        out.push_str(&format!("{full_name} -> {key}\n"));
    }
    expect![[r#"
        System.IO.File.ReadAllText -> Method M:System.IO.File.ReadAllText(System.String) [mscorlib]
        System.Console.WriteLine -> Method M:System.Console.WriteLine(System.String) [mscorlib]
        System.Collections.Generic.List.Add -> Method M:System.Collections.Generic.List`1.Add(`0) [mscorlib]
        System.Collections.Generic.List.Count -> Property P:System.Collections.Generic.List`1.Count [mscorlib]
    "#]]
    .assert_eq(&out);
}

#[test]
fn overrides_of_framework_virtuals_name_the_member_that_introduced_the_slot() {
    let (host, fixture) = AnalysisHost::from_fixture(
        r#"
using System.IO;
class Log : MemoryStream
{
    public override void Flush() { }
    public override string ToString() => "";
    protected override void Dispose(bool disposing) { }
    public void Close2() { Dispose(true); }
}
class C { void M$0(Log l) { l.Flush(); l.ToString(); l.Close2(); } }
"#,
    );
    let analysis = host.analysis();
    let (file, offset) = fixture.cursor.expect("cursor");
    let symbol = analysis
        .symbol_at(FileId(file), offset)
        .unwrap()
        .expect("symbol");
    let calls = analysis
        .outgoing_calls(&symbol.key, 2, 100)
        .unwrap()
        .expect("a member");
    let mut out = String::new();
    for callee in &calls.callees {
        if let CalleeInfo::Source {
            symbol,
            library_root,
            ..
        } = &callee.callee
        {
            let root = library_root.as_deref().map_or("-".to_owned(), describe);
            out.push_str(&format!("{} -> {root}\n", symbol.documentation_id));
        }
    }
    expect![[r#"
        M:Log.Flush -> Method M:System.IO.Stream.Flush [mscorlib]
        M:Log.ToString -> Method M:System.Object.ToString [mscorlib]
        M:Log.Close2 -> -
        M:Log.Dispose(System.Boolean) -> Method M:System.IO.Stream.Dispose(System.Boolean) [mscorlib]
    "#]]
    .assert_eq(&out);
}

/// The callers of the library member `doc_id`: one line per site.
fn check_callers(fixture: &str, doc_id: &str, expect: Expect) {
    let (host, _) = AnalysisHost::from_fixture(fixture);
    let analysis = host.analysis();
    let target = analysis
        .library_symbols_by_documentation_id(doc_id)
        .unwrap()
        .pop()
        .expect("library member");
    let incoming = analysis
        .incoming_calls(&target.key)
        .unwrap()
        .expect("a member");
    let mut out = format!("{}\n", describe(&incoming.symbol));
    for caller in &incoming.callers {
        for site in &caller.sites {
            out.push_str(&format!(
                "{} {:?}{}\n",
                caller.caller.documentation_id,
                site.site.kind,
                if site.is_direct { "" } else { " [indirect]" }
            ));
        }
    }
    for u in &incoming.unresolved {
        out.push_str(&format!("unresolved {} ({:?})\n", u.name, u.reason));
    }
    let c = incoming.coverage;
    out.push_str(&format!(
        "coverage {}/{}/{}/{}\n",
        c.examined, c.resolved, c.ambiguous, c.unresolved
    ));
    expect.assert_eq(&out);
}

#[test]
fn callers_of_a_framework_method() {
    check_callers(
        r#"
//- /A.cs
using System;
class A
{
    void Log(string s) { Console.WriteLine(s); Console.WriteLine(1); }
    void WriteLine(string s) { }
    void Own() { WriteLine("x"); unknown.WriteLine("y"); }
}
//- /B.cs
class B { string f = System.IO.File.ReadAllText("x"); void M() { System.Console.WriteLine("b"); } }
"#,
        "M:System.Console.WriteLine(System.String)",
        expect![[r#"
            Method M:System.Console.WriteLine(System.String) [mscorlib]
            M:A.Log(System.String) Call
            M:B.M Call
            unresolved WriteLine (UnknownReceiver)
            coverage 5/4/0/1
        "#]],
    );
}

#[test]
fn callers_of_a_framework_virtual_include_overrides_and_the_members_it_overrides() {
    check_callers(
        r#"
using System.IO;
class Log : Stream
{
    public override void Write(byte[] buffer, int offset, int count) { }
    public override bool CanRead => false;
    public override bool CanSeek => false;
    public override bool CanWrite => true;
    public override long Length => 0;
    public override long Position { get; set; }
    public override void Flush() { }
    public override int Read(byte[] buffer, int offset, int count) => 0;
    public override long Seek(long offset, SeekOrigin origin) => 0;
    public override void SetLength(long value) { }
}
class Quiet : Log { public override void Write(byte[] buffer, int offset, int count) { } }
class User
{
    void M(Stream s, Log log, Quiet quiet, FileStream file, byte[] b)
    {
        s.Write(b, 0, 1);
        log.Write(b, 0, 1);
        quiet.Write(b, 0, 1);
        file.Write(b, 0, 1);
        s.WriteByte(1);
    }
}
"#,
        "M:System.IO.Stream.Write(System.Byte[],System.Int32,System.Int32)",
        expect![[r#"
            Method M:System.IO.Stream.Write(System.Byte[],System.Int32,System.Int32) [mscorlib]
            M:User.M(System.IO.Stream,Log,Quiet,System.IO.FileStream,System.Byte[]) Call
            M:User.M(System.IO.Stream,Log,Quiet,System.IO.FileStream,System.Byte[]) Call [indirect]
            M:User.M(System.IO.Stream,Log,Quiet,System.IO.FileStream,System.Byte[]) Call [indirect]
            M:User.M(System.IO.Stream,Log,Quiet,System.IO.FileStream,System.Byte[]) Call
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn callers_of_framework_constructors_properties_and_interface_members() {
    let fixture = r#"
//- /A.cs
using System;
using System.Collections.Generic;
class Bag : IDisposable
{
    public void Dispose() { }
}
class Base : Exception { public Base() : base("m") { } }
class User
{
    void M(List<int> xs, Bag bag, IDisposable d)
    {
        var l = new List<int>(4);
        List<string> t = new(4);
        var n = xs.Count;
        bag.Dispose();
        d.Dispose();
        using (var b = new Bag()) { }
    }
}
"#;
    check_callers(
        fixture,
        "M:System.Collections.Generic.List`1.#ctor(System.Int32)",
        expect![[r#"
            Constructor M:System.Collections.Generic.List`1.#ctor(System.Int32) [mscorlib]
            M:User.M(System.Collections.Generic.List{System.Int32},Bag,System.IDisposable) Ctor
            M:User.M(System.Collections.Generic.List{System.Int32},Bag,System.IDisposable) Ctor
            coverage 2/2/0/0
        "#]],
    );
    check_callers(
        fixture,
        "P:System.Collections.Generic.List`1.Count",
        expect![[r#"
            Property P:System.Collections.Generic.List`1.Count [mscorlib]
            M:User.M(System.Collections.Generic.List{System.Int32},Bag,System.IDisposable) Get
            coverage 1/1/0/0
        "#]],
    );
    check_callers(
        fixture,
        "M:System.IDisposable.Dispose",
        expect![[r#"
            Method M:System.IDisposable.Dispose [mscorlib]
            M:User.M(System.Collections.Generic.List{System.Int32},Bag,System.IDisposable) Call [indirect]
            M:User.M(System.Collections.Generic.List{System.Int32},Bag,System.IDisposable) Call
            coverage 2/2/0/0
        "#]],
    );
    check_callers(
        fixture,
        "M:System.Exception.#ctor(System.String)",
        expect![[r#"
            Constructor M:System.Exception.#ctor(System.String) [mscorlib]
            M:Base.#ctor Ctor
            coverage 1/1/0/0
        "#]],
    );
}

/// The hierarchy of the type `doc_id` (a library type) or of the type at `$0`.
fn check_hierarchy(fixture: &str, doc_id: Option<&str>, expect: Expect) {
    let (host, fixture) = AnalysisHost::from_fixture(fixture);
    let analysis = host.analysis();
    let key = match doc_id {
        Some(id) => {
            analysis
                .library_symbols_by_documentation_id(id)
                .unwrap()
                .pop()
                .expect("library type")
                .key
        }
        None => {
            let (file, offset) = fixture.cursor.expect("cursor");
            analysis
                .symbol_at(FileId(file), offset)
                .unwrap()
                .expect("symbol")
                .key
        }
    };
    let h = analysis.type_hierarchy(&key).unwrap().expect("a type");
    let mut out = format!("{}\n", describe(&h.symbol));
    let with_key = |t: &crate::TypeRefInfo| match &t.symbol {
        Some(s) => describe(s),
        None => format!("{} (no symbol)", t.full_name),
    };
    for b in &h.base_types {
        out.push_str(&format!("base {}\n", with_key(b)));
    }
    for i in &h.interfaces {
        out.push_str(&format!(
            "interface {}{}\n",
            with_key(&i.ty),
            if i.declared_here { " [declared]" } else { "" }
        ));
    }
    for d in &h.derived {
        out.push_str(&format!(
            "derived {} {:?}{}\n",
            d.symbol.full_name,
            d.relation,
            if d.is_direct { " [direct]" } else { "" }
        ));
    }
    expect.assert_eq(&out);
}

const STREAMS: &str = r#"
//- /Streams.cs
using System.IO;
namespace App
{
    public abstract class LogStream : Stream { }
    public class RollingLog : LogStream { }
    public class Capture : MemoryStream { }
    public class Reader : System.Collections.Generic.IEnumerable<int>, System.IDisposable { }
    public interface IChannel : System.IDisposable { }
    public class Channel : IChannel { }
}
"#;

#[test]
fn hierarchy_of_a_framework_class() {
    check_hierarchy(
        STREAMS,
        Some("T:System.IO.Stream"),
        expect![[r#"
            Class T:System.IO.Stream [mscorlib]
            base Class T:System.MarshalByRefObject [mscorlib]
            base Class T:System.Object [mscorlib]
            interface Interface T:System.IDisposable [mscorlib] [declared]
            derived App.LogStream Subclass [direct]
            derived App.Capture Subclass
            derived App.RollingLog Subclass
        "#]],
    );
}

#[test]
fn derived_library_types_when_asked() {
    let (host, _) = AnalysisHost::from_fixture(STREAMS);
    let analysis = host.analysis();
    let derived = |doc_id: &str| {
        let key = analysis
            .library_symbols_by_documentation_id(doc_id)
            .unwrap()
            .pop()
            .expect("library type")
            .key;
        let h = analysis
            .type_hierarchy_including_external(&key)
            .unwrap()
            .expect("a type");
        h.derived
            .iter()
            .filter(|d| !d.symbol.is_external() || d.symbol.full_name.starts_with("System.IO."))
            .map(|d| {
                format!(
                    "{} {:?}{}",
                    describe(&d.symbol),
                    d.relation,
                    if d.is_direct { " [direct]" } else { "" }
                )
            })
            .collect::<Vec<_>>()
    };
    expect![[r#"
        [
            "Class T:App.LogStream Subclass [direct]",
            "Class T:System.IO.BufferedStream [mscorlib] Subclass [direct]",
            "Class T:System.IO.Compression.DeflateStream [System] Subclass [direct]",
            "Class T:System.IO.Compression.GZipStream [System] Subclass [direct]",
            "Class T:System.IO.FileStream [mscorlib] Subclass [direct]",
            "Class T:System.IO.MemoryStream [mscorlib] Subclass [direct]",
            "Class T:System.IO.Pipes.PipeStream [System.Core] Subclass [direct]",
            "Class T:System.IO.UnmanagedMemoryStream [mscorlib] Subclass [direct]",
            "Class T:App.Capture Subclass",
            "Class T:App.RollingLog Subclass",
            "Class T:System.IO.IsolatedStorage.IsolatedStorageFileStream [mscorlib] Subclass",
            "Class T:System.IO.MemoryMappedFiles.MemoryMappedViewStream [System.Core] Subclass",
            "Class T:System.IO.Pipes.AnonymousPipeClientStream [System.Core] Subclass",
            "Class T:System.IO.Pipes.AnonymousPipeServerStream [System.Core] Subclass",
            "Class T:System.IO.Pipes.NamedPipeClientStream [System.Core] Subclass",
            "Class T:System.IO.Pipes.NamedPipeServerStream [System.Core] Subclass",
        ]
    "#]]
    .assert_debug_eq(&derived("T:System.IO.Stream"));
    expect![[r#"
        [
            "Class T:System.IO.StreamReader [mscorlib] Subclass [direct]",
            "Class T:System.IO.StringReader [mscorlib] Subclass [direct]",
        ]
    "#]]
    .assert_debug_eq(&derived("T:System.IO.TextReader"));
}

#[test]
fn source_controllers_derive_from_aspnet_core_controller_base() {
    check_hierarchy(
        r#"
//- /Web.cs framework:netcore
using Microsoft.AspNetCore.Mvc;
namespace Web
{
    public abstract class ApiController : ControllerBase { }
    public class UsersController : ApiController { public IActionResult Get() => Ok(); }
    public class HomeController : Controller { }
}
"#,
        Some("T:Microsoft.AspNetCore.Mvc.ControllerBase"),
        expect![[r#"
            Class T:Microsoft.AspNetCore.Mvc.ControllerBase [Microsoft.AspNetCore.Mvc.Core]
            base Class T:System.Object [System.Private.CoreLib]
            derived Web.ApiController Subclass [direct]
            derived Web.HomeController Subclass
            derived Web.UsersController Subclass
        "#]],
    );
}

#[test]
fn hierarchy_of_a_framework_interface() {
    check_hierarchy(
        STREAMS,
        Some("T:System.IDisposable"),
        expect![[r#"
            Interface T:System.IDisposable [mscorlib]
            derived App.IChannel DerivedInterface [direct]
            derived App.Reader Implementation [direct]
            derived App.Capture Implementation
            derived App.Channel Implementation
            derived App.LogStream Implementation
            derived App.RollingLog Implementation
        "#]],
    );
}

#[test]
fn hierarchy_of_a_source_type_names_its_library_bases() {
    check_hierarchy(
        r#"
using System.IO;
class Capture$0 : MemoryStream, System.Collections.Generic.IEnumerable<int> { }
"#,
        None,
        expect![[r#"
            Class T:Capture
            base Class T:System.IO.MemoryStream [mscorlib]
            base Class T:System.IO.Stream [mscorlib]
            base Class T:System.MarshalByRefObject [mscorlib]
            base Class T:System.Object [mscorlib]
            interface Interface T:System.Collections.Generic.IEnumerable`1 [mscorlib] [declared]
            interface Interface T:System.IDisposable [mscorlib]
            interface Interface T:System.Collections.IEnumerable [mscorlib]
        "#]],
    );
}

#[test]
fn search_finds_library_symbols_only_when_asked() {
    let (host, _) = AnalysisHost::from_fixture("namespace App { class StreamPump { } }");
    let analysis = host.analysis();
    let search = |text: &str, include_external: bool, kinds: Option<Vec<hir::SymbolKind>>| {
        let query = SymbolQuery {
            text: text.to_owned(),
            kinds,
            include_external,
            limit: 6,
            ..Default::default()
        };
        analysis
            .search_symbols(&query)
            .unwrap()
            .iter()
            .map(describe)
            .collect::<Vec<_>>()
    };
    let types = Some(vec![hir::SymbolKind::Class, hir::SymbolKind::Interface]);
    expect![[r#"
        [
            [
                "Class T:App.StreamPump",
            ],
            [],
        ]
    "#]]
    .assert_debug_eq(&[
        search("Stream", false, None),
        search("SReader", false, None),
    ]);
    expect![[r#"
        [
            [
                "Class T:System.IO.Stream [mscorlib]",
                "Class T:App.StreamPump",
                "Class T:System.IO.StreamReader [mscorlib]",
                "Class T:System.IO.StreamWriter [mscorlib]",
                "Class T:System.Net.Http.StreamContent [System.Net.Http]",
                "Interface T:System.Runtime.InteropServices.ComTypes.IStream [mscorlib]",
            ],
            [
                "Class T:System.IO.StreamReader [mscorlib]",
                "Class T:System.IO.StringReader [mscorlib]",
                "Interface T:System.Diagnostics.SymbolStore.ISymbolReader [mscorlib]",
                "Class T:System.Data.SqlClient.SqlDataReader [System.Data]",
                "Class T:System.Configuration.AppSettingsReader [System]",
                "Class T:System.Xml.Serialization.XmlSerializationReader [System.Xml]",
            ],
            [
                "Method M:System.IO.File.ReadAllText(System.String) [mscorlib]",
                "Method M:System.IO.File.ReadAllText(System.String,System.Text.Encoding) [mscorlib]",
            ],
        ]
    "#]]
    .assert_debug_eq(&[
        search("Stream", true, types.clone()),
        search("SReader", true, types.clone()),
        search("ReadAllText", true, None),
    ]);
    // A full name or a documentation id names its symbols, library ones without being asked.
    expect![[r#"
        [
            [
                "Class T:System.IO.Stream [mscorlib]",
            ],
            [
                "Class T:System.IO.Stream [mscorlib]",
            ],
            [
                "Class T:App.StreamPump",
            ],
            [],
        ]
    "#]]
    .assert_debug_eq(&[
        search("System.IO.Stream", false, None),
        search("T:System.IO.Stream", false, None),
        search("App.StreamPump", false, None),
        search("System.IO.File.ReadAllText", false, types.clone()),
    ]);
    let full = |name: &str| -> Vec<String> {
        analysis
            .library_symbols_by_full_name(name)
            .unwrap()
            .iter()
            .map(describe)
            .collect()
    };
    expect![[r#"
        [
            [
                "Class T:System.IO.Stream [mscorlib]",
            ],
            [
                "Method M:System.IO.File.ReadAllText(System.String) [mscorlib]",
                "Method M:System.IO.File.ReadAllText(System.String,System.Text.Encoding) [mscorlib]",
            ],
            [
                "Method M:System.IO.File.ReadAllText(System.String) [mscorlib]",
            ],
            [
                "Method M:System.Collections.Generic.List`1.Add(`0) [mscorlib]",
            ],
            [
                "Class T:System.Collections.Generic.List`1 [mscorlib]",
            ],
            [
                "Delegate T:System.Action`2 [mscorlib]",
            ],
            [
                "Delegate T:System.Action [mscorlib]",
                "Delegate T:System.Action`1 [mscorlib]",
                "Delegate T:System.Action`2 [mscorlib]",
                "Delegate T:System.Action`3 [mscorlib]",
                "Delegate T:System.Action`4 [mscorlib]",
                "Delegate T:System.Action`5 [mscorlib]",
                "Delegate T:System.Action`6 [mscorlib]",
                "Delegate T:System.Action`7 [mscorlib]",
                "Delegate T:System.Action`8 [mscorlib]",
                "Delegate T:System.Action`10 [System.Core]",
                "Delegate T:System.Action`11 [System.Core]",
                "Delegate T:System.Action`12 [System.Core]",
                "Delegate T:System.Action`13 [System.Core]",
                "Delegate T:System.Action`14 [System.Core]",
                "Delegate T:System.Action`15 [System.Core]",
                "Delegate T:System.Action`16 [System.Core]",
                "Delegate T:System.Action`9 [System.Core]",
            ],
        ]
    "#]]
    .assert_debug_eq(&[
        full("System.IO.Stream"),
        full("System.IO.File.ReadAllText"),
        full("System.IO.File.ReadAllText(string)"),
        full("System.Collections.Generic.List<T>.Add"),
        full("System.Collections.Generic.List`1"),
        full("System.Action`2"),
        full("System.Action"),
    ]);
}

#[test]
fn symbol_at_framework_references() {
    let (host, fixture) = AnalysisHost::from_fixture(
        r#"
using System;
using System.IO;
class C
{
    Stream s;
    void M(string[] lines)
    {
        Console.WriteLine(lines.Length);
        var t = new StringWriter();
        s.Flush();
    }
}
"#,
    );
    let analysis = host.analysis();
    let mut out = String::new();
    for needle in [
        "Stream s",
        "Console.",
        "WriteLine(",
        "Length)",
        "StringWriter()",
        "Flush()",
    ] {
        let (file, offset) = offset_of(&fixture, needle);
        let found = analysis.symbol_at(file, offset).unwrap();
        out.push_str(&format!(
            "{needle:16} -> {}\n",
            found.as_ref().map_or("-".to_owned(), describe)
        ));
    }
    expect![[r#"
        Stream s         -> Class T:System.IO.Stream [mscorlib]
        Console.         -> Class T:System.Console [mscorlib]
        WriteLine(       -> Method M:System.Console.WriteLine(System.Int32) [mscorlib]
        Length)          -> Property P:System.Array.Length [mscorlib]
        StringWriter()   -> Constructor M:System.IO.StringWriter.#ctor [mscorlib]
        Flush()          -> Method M:System.IO.Stream.Flush [mscorlib]
    "#]]
    .assert_eq(&out);
}

#[test]
fn callers_of_library_interface_members_and_their_library_implementations() {
    let fixture = r#"
//- /A.cs
using System;
using System.Collections;
using System.Collections.Generic;
using System.IO;
class User
{
    void M(Stream stream, FileStream file, List<int> list, IList items)
    {
        ((IDisposable)stream).Dispose();
        stream.Dispose();
        file.Dispose();
        list.Add(1);
        ((ICollection<int>)list).Add(2);
        items.Add(3);
    }
}
"#;
    check_callers(
        fixture,
        "M:System.IDisposable.Dispose",
        expect![[r#"
            Method M:System.IDisposable.Dispose [mscorlib]
            M:User.M(System.IO.Stream,System.IO.FileStream,System.Collections.Generic.List{System.Int32},System.Collections.IList) Call
            M:User.M(System.IO.Stream,System.IO.FileStream,System.Collections.Generic.List{System.Int32},System.Collections.IList) Call [indirect]
            M:User.M(System.IO.Stream,System.IO.FileStream,System.Collections.Generic.List{System.Int32},System.Collections.IList) Call [indirect]
            coverage 3/3/0/0
        "#]],
    );
    check_callers(
        fixture,
        "M:System.IO.Stream.Dispose",
        expect![[r#"
            Method M:System.IO.Stream.Dispose [mscorlib]
            M:User.M(System.IO.Stream,System.IO.FileStream,System.Collections.Generic.List{System.Int32},System.Collections.IList) Call [indirect]
            M:User.M(System.IO.Stream,System.IO.FileStream,System.Collections.Generic.List{System.Int32},System.Collections.IList) Call
            M:User.M(System.IO.Stream,System.IO.FileStream,System.Collections.Generic.List{System.Int32},System.Collections.IList) Call
            coverage 3/3/0/0
        "#]],
    );
    check_callers(
        fixture,
        "M:System.Collections.Generic.ICollection`1.Add(`0)",
        expect![[r#"
            Method M:System.Collections.Generic.ICollection`1.Add(`0) [mscorlib]
            M:User.M(System.IO.Stream,System.IO.FileStream,System.Collections.Generic.List{System.Int32},System.Collections.IList) Call [indirect]
            M:User.M(System.IO.Stream,System.IO.FileStream,System.Collections.Generic.List{System.Int32},System.Collections.IList) Call
            coverage 3/3/0/0
        "#]],
    );
    check_callers(
        fixture,
        "M:System.Collections.Generic.List`1.Add(`0)",
        expect![[r#"
            Method M:System.Collections.Generic.List`1.Add(`0) [mscorlib]
            M:User.M(System.IO.Stream,System.IO.FileStream,System.Collections.Generic.List{System.Int32},System.Collections.IList) Call
            M:User.M(System.IO.Stream,System.IO.FileStream,System.Collections.Generic.List{System.Int32},System.Collections.IList) Call [indirect]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn callers_of_a_framework_deconstruct_are_the_deconstructions() {
    check_callers(
        r#"
//- /A.cs framework:netcore
using System.Collections.Generic;
class User
{
    void M(Dictionary<string, int> counts, KeyValuePair<string, int> pair)
    {
        foreach (var (name, count) in counts) { }
        var (k, v) = pair;
    }
}
"#,
        "M:System.Collections.Generic.KeyValuePair`2.Deconstruct(`0@,`1@)",
        expect![[r#"
            Method M:System.Collections.Generic.KeyValuePair`2.Deconstruct(`0@,`1@) [System.Private.CoreLib]
            M:User.M(System.Collections.Generic.Dictionary{System.String,System.Int32},System.Collections.Generic.KeyValuePair{System.String,System.Int32}) Call
            M:User.M(System.Collections.Generic.Dictionary{System.String,System.Int32},System.Collections.Generic.KeyValuePair{System.String,System.Int32}) Call
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn each_project_binds_to_the_assemblies_it_references() {
    // The same code in a .NET Framework and a .NET Core project: each sees its own framework (the
    // same type names, other assemblies and other members), not the union of the workspace's.
    let code = |class: &str| {
        format!(
            r#"
using System;
class {class}
{{
    void M()
    {{
        Console.WriteLine("a");
        var h = HashCode.Combine(1, 2);
    }}
}}
"#
        )
    };
    let fixture = format!(
        "//- /Old/Old.cs project:Old framework:netfx\n{}//- /New/New.cs project:New framework:netcore\n{}",
        code("OldApp"),
        code("NewApp")
    );
    let (host, fixture) = AnalysisHost::from_fixture(&fixture);
    let analysis = host.analysis();
    let mut out = String::new();
    // A framework type in code is the one of the file's project.
    for file in &fixture.files {
        let at = file.text.find("Console").expect("Console") as u32;
        let symbol = analysis
            .symbol_at(FileId(file.id), at.into())
            .unwrap()
            .expect("a symbol");
        out.push_str(&format!("{}: {}\n", file.path, describe(&symbol)));
    }
    for doc_id in ["M:OldApp.M", "M:NewApp.M"] {
        let symbol = analysis
            .symbols_by_documentation_id(doc_id)
            .unwrap()
            .into_iter()
            .next()
            .expect("source method");
        let calls = analysis
            .outgoing_calls(&symbol.key, 1, 100)
            .unwrap()
            .expect("a member");
        out.push_str(&format!("{doc_id}\n"));
        for callee in &calls.callees {
            if let CalleeInfo::External { full_name, symbol } = &callee.callee {
                let key = symbol.as_ref().map_or("no key".to_owned(), |s| describe(s));
                out.push_str(&format!("  {full_name} -> {key}\n"));
            }
        }
        for site in &calls.unresolved {
            out.push_str(&format!("  unresolved {} ({:?})\n", site.name, site.reason));
        }
    }
    expect![[r#"
        /Old/Old.cs: Class T:System.Console [mscorlib]
        /New/New.cs: Class T:System.Console [System.Console]
        M:OldApp.M
          System.Console.WriteLine -> Method M:System.Console.WriteLine(System.String) [mscorlib]
          unresolved Combine (MissingMetadata)
        M:NewApp.M
          System.Console.WriteLine -> Method M:System.Console.WriteLine(System.String) [System.Console]
          System.HashCode.Combine -> Method M:System.HashCode.Combine``2(``0,``1) [System.Private.CoreLib]
    "#]].assert_eq(&out);
}
