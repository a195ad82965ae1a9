//! Symbols of C# fixtures: documentation ids of every member kind, search ranking, lookup by full
//! name and documentation id.

use expect_test::{Expect, expect};

use crate::{AnalysisHost, FileId, SymbolQuery};

/// Every symbol of the fixture: kind, documentation id, full name, container.
fn check_symbols(fixture: &str, expect: Expect) {
    let (host, _) = AnalysisHost::from_fixture(fixture);
    let analysis = host.analysis();
    let index_query = SymbolQuery {
        text: String::new(),
        limit: usize::MAX,
        ..Default::default()
    };
    let _ = index_query;
    let mut lines = Vec::new();
    for name in fixture_names(fixture) {
        let query = SymbolQuery {
            text: name,
            limit: usize::MAX,
            ..Default::default()
        };
        for s in analysis.search_symbols(&query).unwrap() {
            let line = format!(
                "{:?} {} | {} | in {}",
                s.kind,
                s.documentation_id,
                s.full_name,
                s.container_name.unwrap_or_default()
            );
            if !lines.contains(&line) {
                lines.push(line);
            }
        }
    }
    lines.sort();
    expect.assert_eq(&(lines.join("\n") + "\n"));
}

/// The identifiers of a fixture, as queries that find every symbol.
fn fixture_names(fixture: &str) -> Vec<String> {
    let mut names: Vec<String> = fixture
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| w.chars().next().is_some_and(char::is_uppercase))
        .map(str::to_owned)
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn documentation_ids_of_every_member_kind() {
    check_symbols(
        r#"
using System.Collections.Generic;
namespace N
{
    public interface IHandler<T> { void Handle(T item); }
    public class Outer<T>
    {
        public class Inner<U> { public void Take(T t, U u, List<U> list) { } }
    }
    public class Thing : IHandler<int>
    {
        public const int Max = 3;
        public static readonly string Name = "";
        public event System.EventHandler Changed;
        public int this[int i, string key] => i;
        public Thing() { }
        static Thing() { }
        ~Thing() { }
        public T Get<T>(T[] items, int[,] grid, ref int count, out string text, params object[] rest) { text = ""; return items[0]; }
        public int? Maybe(int? x, string? s) => x;
        void IHandler<int>.Handle(int item) { }
        public static Thing operator +(Thing a, Thing b) => a;
        public static Thing operator -(Thing a) => a;
        public static explicit operator int(Thing t) => 0;
        public (int Count, string Label) Pair() => (0, "");
    }
    public enum Color { Red, Green }
    public delegate bool Check(Thing t);
    public record Point(int X, int Y);
    public static class Extensions { public static int Twice(this Thing t) => 2; }
    public class Range<V> where V : struct
    {
        public V? Lowest<W, X>(V? a, W? b, X? c) where W : struct, System.IComparable where X : class => a;
    }
}
"#,
        expect![[r#"
            Class T:N.Extensions | N.Extensions | in N
            Class T:N.Outer`1 | N.Outer<T> | in N
            Class T:N.Outer`1.Inner`1 | N.Outer<T>.Inner<U> | in N.Outer<T>
            Class T:N.Range`1 | N.Range<V> | in N
            Class T:N.Thing | N.Thing | in N
            Constant F:N.Thing.Max | N.Thing.Max | in N.Thing
            Constructor M:N.Point.#ctor(System.Int32,System.Int32) | N.Point.Point(int, int) | in N.Point
            Constructor M:N.Thing.#cctor | N.Thing.Thing() | in N.Thing
            Constructor M:N.Thing.#ctor | N.Thing.Thing() | in N.Thing
            Conversion M:N.Thing.op_Explicit(N.Thing)~System.Int32 | N.Thing.op_Explicit(Thing) | in N.Thing
            Delegate T:N.Check | N.Check | in N
            Destructor M:N.Thing.Finalize | N.Thing.~Thing() | in N.Thing
            Enum T:N.Color | N.Color | in N
            EnumMember F:N.Color.Green | N.Color.Green | in N.Color
            EnumMember F:N.Color.Red | N.Color.Red | in N.Color
            Event E:N.Thing.Changed | N.Thing.Changed | in N.Thing
            Field F:N.Thing.Name | N.Thing.Name | in N.Thing
            Indexer P:N.Thing.Item(System.Int32,System.String) | N.Thing.this[int, string] | in N.Thing
            Interface T:N.IHandler`1 | N.IHandler<T> | in N
            Method M:N.Check.BeginInvoke(N.Thing,System.AsyncCallback,System.Object) | N.Check.BeginInvoke(Thing, AsyncCallback, object) | in N.Check
            Method M:N.Check.EndInvoke(System.IAsyncResult) | N.Check.EndInvoke(IAsyncResult) | in N.Check
            Method M:N.Check.Invoke(N.Thing) | N.Check.Invoke(Thing) | in N.Check
            Method M:N.Extensions.Twice(N.Thing) | N.Extensions.Twice(this Thing) | in N.Extensions
            Method M:N.IHandler`1.Handle(`0) | N.IHandler<T>.Handle(T) | in N.IHandler<T>
            Method M:N.Outer`1.Inner`1.Take(`0,`1,System.Collections.Generic.List{`1}) | N.Outer<T>.Inner<U>.Take(T, U, List<U>) | in N.Outer<T>.Inner<U>
            Method M:N.Range`1.Lowest``2(System.Nullable{`0},System.Nullable{``0},``1) | N.Range<V>.Lowest<W, X>(V?, W?, X?) | in N.Range<V>
            Method M:N.Thing.Get``1(``0[],System.Int32[0:,0:],System.Int32@,System.String@,System.Object[]) | N.Thing.Get<T>(T[], int[,], ref int, out string, params object[]) | in N.Thing
            Method M:N.Thing.Maybe(System.Nullable{System.Int32},System.String) | N.Thing.Maybe(int?, string?) | in N.Thing
            Method M:N.Thing.N#IHandler{System#Int32}#Handle(System.Int32) | N.Thing.Handle(int) | in N.Thing
            Method M:N.Thing.Pair | N.Thing.Pair() | in N.Thing
            Operator M:N.Thing.op_Addition(N.Thing,N.Thing) | N.Thing.op_Addition(Thing, Thing) | in N.Thing
            Operator M:N.Thing.op_UnaryNegation(N.Thing) | N.Thing.op_UnaryNegation(Thing) | in N.Thing
            Property P:N.Point.X | N.Point.X | in N.Point
            Property P:N.Point.Y | N.Point.Y | in N.Point
            Record T:N.Point | N.Point | in N
        "#]],
    );
}

#[test]
fn search_ranks_exact_prefix_camel_humps_substring() {
    let (host, _) = AnalysisHost::from_fixture(
        r#"
namespace J
{
    public class JsonReader { }
    public class JsonReaderException { }
    public class JsonTextReader : JsonReader { }
    public class BsonReader { }
    public class Json { }
}
"#,
    );
    let analysis = host.analysis();
    let names = |text: &str| -> Vec<String> {
        let query = SymbolQuery {
            text: text.into(),
            limit: 10,
            ..Default::default()
        };
        analysis
            .search_symbols(&query)
            .unwrap()
            .into_iter()
            .map(|s| s.full_name)
            .collect()
    };
    expect![[r#"
        [
            [
                "J.JsonReader",
                "J.JsonReaderException",
                "J.JsonTextReader",
            ],
            [],
            [
                "J.JsonReader",
                "J.JsonTextReader",
                "J.JsonReaderException",
            ],
            [
                "J.JsonTextReader",
            ],
            [
                "J.BsonReader",
                "J.JsonReader",
                "J.JsonTextReader",
                "J.JsonReaderException",
            ],
        ]
    "#]]
    .assert_debug_eq(&[
        names("JsonReader"),
        names("jsnr"),
        names("JsnR"),
        names("JTR"),
        names("reader"),
    ]);
}

#[test]
fn lookup_by_full_name_and_documentation_id() {
    let (host, _) = AnalysisHost::from_fixture(
        r#"
namespace App.Data
{
    public class Repository<T> { public T Find(int id) => default; public T Find(string key) => default; }
    public interface IHandler<TRequest> { }
    public interface IHandler<TRequest, TResponse> { void Handle(TRequest r, System.Collections.Generic.List<TResponse> l); }
}
"#,
    );
    let analysis = host.analysis();
    let full = |name: &str| -> Vec<String> {
        analysis
            .symbols_by_full_name(name)
            .unwrap()
            .into_iter()
            .map(|s| s.documentation_id)
            .collect()
    };
    let doc = |id: &str| -> Vec<String> {
        analysis
            .symbols_by_documentation_id(id)
            .unwrap()
            .into_iter()
            .map(|s| s.full_name)
            .collect()
    };
    expect![[r#"
        [
            [
                "T:App.Data.Repository`1",
            ],
            [
                "T:App.Data.Repository`1",
            ],
            [
                "M:App.Data.Repository`1.Find(System.Int32)",
                "M:App.Data.Repository`1.Find(System.String)",
            ],
            [
                "M:App.Data.Repository`1.Find(System.Int32)",
            ],
            [
                "T:App.Data.IHandler`1",
                "T:App.Data.IHandler`2",
            ],
            [
                "T:App.Data.IHandler`2",
            ],
            [
                "T:App.Data.IHandler`2",
            ],
            [
                "T:App.Data.IHandler`1",
            ],
            [
                "M:App.Data.IHandler`2.Handle(`0,System.Collections.Generic.List{`1})",
            ],
            [
                "M:App.Data.IHandler`2.Handle(`0,System.Collections.Generic.List{`1})",
            ],
            [
                "App.Data.Repository<T>",
            ],
            [
                "App.Data.Repository<T>.Find(string)",
            ],
            [],
        ]
    "#]]
    .assert_debug_eq(&[
        full("App.Data.Repository"),
        full("App.Data.Repository<T>"),
        full("App.Data.Repository.Find"),
        full("App.Data.Repository<T>.Find(int)"),
        full("App.Data.IHandler"),
        full("App.Data.IHandler<TRequest, TResponse>"),
        full("App.Data.IHandler`2"),
        full("App.Data.IHandler<TRequest>"),
        full("App.Data.IHandler<TRequest, TResponse>.Handle(TRequest, List<TResponse>)"),
        full("App.Data.IHandler`2.Handle"),
        doc("T:App.Data.Repository`1"),
        doc("M:App.Data.Repository`1.Find(System.String)"),
        doc("M:App.Data.Repository`1.Nope"),
    ]);
}

#[test]
fn symbol_at_declarations_and_type_references() {
    let fixture = r#"
//- /Models.cs
namespace Shop.Models { public class Book { } public class Shelf<T> { public class Slot { } } }
//- /Service.cs
using Shop.Models;
namespace Shop
{
    public class Service : IService
    {
        private Shelf<Book>.Slot slot;
        public Book Find(int id) { return new Book(); }
    }
    public interface IService { }
}
"#;
    let (host, fixture_data) = AnalysisHost::from_fixture(fixture);
    let analysis = host.analysis();
    let service = fixture_data
        .files
        .iter()
        .find(|f| f.path == "/Service.cs")
        .expect("file");
    let mut out = String::new();
    for needle in [
        "Service :",
        "IService {",
        "Shelf<",
        "Book>",
        "Slot slot",
        "Find(",
        "Book()",
        "int id",
    ] {
        let offset = service.text.find(needle).expect("needle") as u32;
        let found = analysis
            .symbol_at(FileId(service.id), offset.into())
            .unwrap();
        out.push_str(&format!(
            "{needle:12} -> {}\n",
            found.map_or("-".to_owned(), |s| s.documentation_id)
        ));
    }
    expect![[r#"
        Service :    -> T:Shop.Service
        IService {   -> T:Shop.IService
        Shelf<       -> T:Shop.Models.Shelf`1
        Book>        -> T:Shop.Models.Book
        Slot slot    -> T:Shop.Models.Shelf`1.Slot
        Find(        -> M:Shop.Service.Find(System.Int32)
        Book()       -> M:Shop.Models.Book.#ctor
        int id       -> T:System.Int32
    "#]]
    .assert_eq(&out);
}

#[test]
fn symbol_at_member_uses_in_bodies() {
    let fixture = r#"
namespace Shop
{
    public class Store
    {
        public int Count { get; set; }
        public void Save(int n) { }
        public void Save(string s) { }
        public void Run() { Save(Count); Save("x"); Count = 2; new Store(); }
    }
}
"#;
    let (host, parsed) = AnalysisHost::from_fixture(fixture);
    let analysis = host.analysis();
    let file = &parsed.files[0];
    let mut out = String::new();
    for needle in [
        "Save(Count)",
        "Count);",
        "Save(\"x\")",
        "Count = 2",
        "Store()",
    ] {
        let offset = file.text.find(needle).expect("needle") as u32;
        let found = analysis.symbol_at(FileId(file.id), offset.into()).unwrap();
        out.push_str(&format!(
            "{needle:12} -> {}\n",
            found.map_or("-".to_owned(), |s| s.documentation_id)
        ));
    }
    expect![[r#"
        Save(Count)  -> M:Shop.Store.Save(System.Int32)
        Count);      -> P:Shop.Store.Count
        Save("x")    -> M:Shop.Store.Save(System.String)
        Count = 2    -> P:Shop.Store.Count
        Store()      -> M:Shop.Store.#ctor
    "#]]
    .assert_eq(&out);
}

/// A key names the symbols of its own project only: the same documentation id in two projects is
/// two keys, a duplicate definition in one project two symbols of one key, and a library key its
/// assembly's member; each as the whole workspace's lookup by documentation id finds them.
#[test]
fn symbols_with_a_key() {
    let (host, _) = AnalysisHost::from_fixture(
        r#"
//- /A/Run.cs project:A
namespace Shared { public class Job { public int Run(int a) => a; } }
//- /A/Again.cs project:A
namespace Shared { public class Job { public int Run(int a) => a; } }
//- /B/Run.cs project:B
namespace Shared { public class Job { public int Run(int a) => a; public int Score() => 1; } }
"#,
    );
    let analysis = host.analysis();
    let id = "M:Shared.Job.Run(System.Int32)";
    let with_key = |project: &str, documentation_id: &str| -> Vec<String> {
        let key = crate::SymbolKey {
            project: project.into(),
            documentation_id: documentation_id.into(),
        };
        analysis
            .symbols_with_key(&key)
            .unwrap()
            .into_iter()
            .map(|s| {
                assert_eq!(s.key, key);
                format!("{} {:?}", s.full_name, s.declarations[0].file)
            })
            .collect()
    };
    let everywhere: Vec<String> = analysis
        .symbols_by_documentation_id(id)
        .unwrap()
        .into_iter()
        .map(|s| format!("{} {:?}", s.key.project, s.declarations[0].file))
        .collect();
    let library = crate::SymbolKey::library("mscorlib", "M:System.String.Trim");
    let library: Vec<String> = analysis
        .symbols_with_key(&library)
        .unwrap()
        .into_iter()
        .map(|s| s.full_name)
        .collect();
    expect![[r#"
        (
            [
                "Shared.Job.Run(int) FileId(0)",
                "Shared.Job.Run(int) FileId(1)",
            ],
            [
                "Shared.Job.Run(int) FileId(2)",
            ],
            [
                "Shared.Job.Score() FileId(2)",
            ],
            [],
            [],
            [
                "A FileId(0)",
                "A FileId(1)",
                "B FileId(2)",
            ],
            [
                "System.String.Trim()",
            ],
        )
    "#]]
    .assert_debug_eq(&(
        with_key("A", id),
        with_key("B", id),
        with_key("B", "M:Shared.Job.Score"),
        with_key("C", id),
        with_key("A", "M:Shared.Job.Score"),
        everywhere,
        library,
    ));
}
