//! Outgoing and incoming calls over C# fixtures (`check_outgoing`, `check_incoming`): how each
//! call form binds, and which bodies an edit re-binds. Framework and assembly cases live in `tests/`.

use std::sync::Arc;

use expect_test::{Expect, expect};
use hir::Change;

use crate::{
    AnalysisHost, CalleeInfo, FileId, OutgoingCalls,
    fixture::{Fixture, FixtureExt},
};

/// Renders the outgoing calls of the member at `$0`: one line per callee and site kind.
fn check_outgoing(fixture: &str, expect: Expect) {
    let (host, fixture) = AnalysisHost::from_fixture(fixture);
    let analysis = host.analysis();
    let symbol = fixture.cursor_symbol(&analysis);
    let calls = analysis
        .outgoing_calls(&symbol.key, 1, 100)
        .unwrap()
        .expect("not a member");
    expect.assert_eq(&render(&calls));
    for file in &fixture.files {
        let missing = analysis.unaccounted_sites(FileId(file.id)).unwrap();
        assert!(
            missing.is_empty(),
            "neither bound nor unresolved: {missing:?}"
        );
    }
}

fn render(calls: &OutgoingCalls) -> String {
    let mut out = String::new();
    for callee in &calls.callees {
        let name = match &callee.callee {
            CalleeInfo::Source { symbol, root, .. } => match root {
                Some(root) => format!(
                    "{} (root {})",
                    symbol.documentation_id, root.documentation_id
                ),
                None => symbol.documentation_id.clone(),
            },
            CalleeInfo::External { full_name, .. } => format!("external {full_name}"),
        };
        let kinds: Vec<String> = callee
            .sites
            .iter()
            .map(|s| format!("{:?}", s.kind))
            .collect();
        out.push_str(&format!("{name} [{}]\n", kinds.join(", ")));
    }
    for u in &calls.unresolved {
        out.push_str(&format!("unresolved {} ({:?})\n", u.name, u.reason));
    }
    let c = calls.coverage;
    out.push_str(&format!(
        "coverage {}/{}/{}/{}\n",
        c.examined, c.resolved, c.ambiguous, c.unresolved
    ));
    out
}

#[test]
fn overloads_by_type_arity_named_and_params() {
    check_outgoing(
        r#"
class Tax
{
    static int F(int x) => x;
    static int F(string s) => 0;
    static int F(object o) => 1;
    static int G(int a, int b = 2) => a;
    static int G(params string[] rest) => 0;
    static void M$0(object unknown)
    {
        F(1);
        F("a");
        F(unknown);
        G(1);
        G(b: 3, a: 1);
        G("x", "y");
        var t = new Tax();
    }
}
"#,
        expect![[r#"
            M:Tax.F(System.Int32) [Call]
            M:Tax.F(System.String) [Call]
            M:Tax.F(System.Object) [Call]
            M:Tax.G(System.Int32,System.Int32) [Call, Call]
            M:Tax.G(System.String[]) [Call]
            M:Tax.#ctor [Ctor]
            coverage 7/7/0/0
        "#]],
    );
}

#[test]
fn extension_methods_in_both_forms_and_chained_generic_calls() {
    check_outgoing(
        r#"
//- /Ext.cs
namespace Lib
{
    public static class Ext
    {
        public static T Echo<T>(this T value) => value;
    }
    public class Repo<T> { public T Find(int id) => default(T); }
    public class User { public string Name { get; set; } public void Save() { } }
}
//- /App.cs
namespace App
{
    using Lib;
    class C
    {
        void M$0(Repo<User> users)
        {
            users.Find(1).Echo().Save();
            Ext.Echo(users.Find(2)).Name = "x";
        }
    }
}
"#,
        expect![[r#"
            M:Lib.Repo`1.Find(System.Int32) [Call, Call]
            M:Lib.Ext.Echo``1(``0) [Call, Call]
            M:Lib.User.Save [Call]
            P:Lib.User.Name [Set]
            coverage 6/6/0/0
        "#]],
    );
}

/// C# 14 extension blocks: an instance method is the classic extension method the compiler emits
/// (`static bool IsBlank(this string s)`, documentation id `M:Lib.Strings.IsBlank(System.String)`),
/// so both call forms bind to it; the block's type parameters come first. Extension properties and
/// static extension members are in the item tree (`Member::extension`), but the binder does not look
/// in blocks for them yet: `"x".Len` is no site and `string.Make()` is taken for a `System.String`
/// member.
#[test]
fn extension_block_members_are_the_methods_the_compiler_emits() {
    check_outgoing(
        r#"
//- /Strings.cs
using System.Collections.Generic;
namespace Lib
{
    public static class Strings
    {
        extension(string s)
        {
            public bool IsBlank() => s.Length == 0;
            public int Len => s.Length;
        }
        extension<T>(List<T> list) where T : class
        {
            public T FirstOr<U>(T fallback, U ignored) => fallback;
        }
        extension(string)
        {
            public static string Make() => "";
        }
    }
}
//- /App.cs
using System.Collections.Generic;
using Lib;
class C
{
    void M$0(List<C> cs)
    {
        "x".IsBlank();
        Strings.IsBlank("y");
        cs.FirstOr(this, 1);
        var n = "x".Len;
        string.Make();
    }
}
"#,
        expect![[r#"
            M:Lib.Strings.IsBlank(System.String) [Call, Call]
            M:Lib.Strings.FirstOr``2(System.Collections.Generic.List{``0},``0,``1) [Call]
            P:Lib.Strings.Len [Get]
            M:Lib.Strings.Make [Call]
            coverage 5/5/0/0
        "#]],
    );
}

#[test]
fn ctors_base_this_properties_indexers_events_delegates_and_method_groups() {
    check_outgoing(
        r#"
using System;
public delegate void Done(int code);
public class Base { public Base(int x) { } public virtual void Run() { } }
public class Derived : Base
{
    public event Action Changed;
    public Done OnDone;
    int[] items;
    public int this[int i] { get { return items[i]; } set { items[i] = value; } }
    public int Count { get; private set; }
    public Derived() : this(1) { }
    public Derived$0(int x) : base(x)
    {
        Changed += Handle;
        Changed -= () => Run();
        Count++;
        this[0] = this[1];
        OnDone(Count);
        base.Run();
    }
    void Handle() { }
    public override void Run() { }
}
"#,
        expect![[r#"
            M:Base.#ctor(System.Int32) [Ctor]
            E:Derived.Changed [EventAdd, EventRemove]
            M:Derived.Handle [MethodGroup]
            M:Derived.Run (root M:Base.Run) [Call]
            P:Derived.Count [Get, Set, Get]
            P:Derived.Item(System.Int32) [Set, Get]
            M:Done.Invoke(System.Int32) [DelegateInvoke]
            M:Base.Run [Call]
            coverage 11/11/0/0
        "#]],
    );
}

#[test]
fn lambdas_await_conditional_access_and_patterns() {
    check_outgoing(
        r#"
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
class Item { public int Weight { get; } public Item Next() => this; }
class Svc
{
    Task<Item> LoadAsync() => null;
    async Task M$0(List<Item> items, object o)
    {
        var heavy = items.Where(i => i.Weight > 3).Select(i => i.Next()).First();
        var loaded = await LoadAsync();
        loaded?.Next().Next();
        if (o is Item it) it.Next();
        foreach (var x in items) x.Next();
        dynamicThing.Go();
    }
}
"#,
        expect![[r#"
            external System.Linq.Enumerable.Where [Call]
            P:Item.Weight [Get]
            external System.Linq.Enumerable.Select [Call]
            M:Item.Next [Call, Call, Call, Call, Call]
            external System.Linq.Enumerable.First [Call]
            M:Svc.LoadAsync [Call]
            unresolved Go (UnknownReceiver)
            coverage 11/10/0/1
        "#]],
    );
}

#[test]
fn incoming_calls_mark_calls_through_the_base_as_indirect() {
    let (host, fixture) = AnalysisHost::from_fixture(
        r#"
interface IRun { void Run(); }
class A : IRun { public virtual void Run() { } }
class B : A { public override void R$0un() { } }
class User
{
    void M(A a, B b, IRun r) { a.Run(); b.Run(); r.Run(); }
}
"#,
    );
    let analysis = host.analysis();
    let (file, offset) = fixture.cursor.expect("$0");
    let symbol = analysis
        .symbol_at(FileId(file), offset)
        .unwrap()
        .expect("symbol");
    let incoming = analysis
        .incoming_calls(&symbol.key)
        .unwrap()
        .expect("member");
    let rendered: Vec<String> = incoming
        .callers
        .iter()
        .flat_map(|c| {
            c.sites
                .iter()
                .map(move |s| format!("{} direct={}", c.caller.documentation_id, s.is_direct))
        })
        .collect();
    expect![[r#"
        [
            "M:User.M(A,B,IRun) direct=false",
            "M:User.M(A,B,IRun) direct=true",
            "M:User.M(A,B,IRun) direct=false",
        ]
    "#]]
    .assert_debug_eq(&rendered);
}

#[test]
fn editing_one_body_rebinds_only_that_body() {
    let text = |body: &str| {
        format!(
            "class C {{\n    void A() {{ B(); }}\n    void B() {{ {body} }}\n    void D() {{ A(); }}\n}}\n"
        )
    };
    let (mut host, log) = AnalysisHost::with_event_log();
    let fixture = Fixture::parse(&text("A();"));
    host.apply_change(fixture.change());
    let analysis = host.analysis();
    for member in hir::file_members(&analysis.db, hir::FileId(0)) {
        hir::member_call_sites(&analysis.db, member);
    }
    drop(analysis);
    log.take();
    host.apply_change(Change {
        files: vec![(hir::FileId(0), Some(Arc::from(text("A(); D();"))))],
        project_graph: None,
        libraries: None,
    });
    let analysis = host.analysis();
    for member in hir::file_members(&analysis.db, hir::FileId(0)) {
        hir::member_call_sites(&analysis.db, member);
    }
    let reinferred: Vec<String> = log
        .take()
        .into_iter()
        .filter(|e| e.starts_with("infer_query"))
        .collect();
    assert_eq!(reinferred.len(), 1, "{reinferred:?}");
}

#[test]
fn members_of_type_parameters_through_their_bounds() {
    check_outgoing(
        r#"
namespace N
{
    public abstract class Entity { public int Id { get; } public virtual void Touch() { } }
    public interface INamed { string Name { get; } }
    public class Repository<T> where T : Entity, INamed
    {
        public string Describe$0(T item) { item.Touch(); return item.Name + item.Id; }
        public void Each<U>(U other) where U : T { other.Touch(); }
    }
}
"#,
        expect![[r#"
            M:N.Entity.Touch [Call]
            P:N.INamed.Name [Get]
            P:N.Entity.Id [Get]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn user_defined_conversions_make_overloads_applicable_and_are_calls() {
    check_outgoing(
        r#"
namespace N
{
    public struct Money
    {
        public Money(decimal amount) { }
        public static implicit operator Money(decimal amount) => new Money(amount);
    }
    public class Shop
    {
        public void Pay(Money m) { }
        public void Run$0() { Pay(10m); Money m = 5m; }
    }
}
"#,
        expect![[r#"
            M:N.Shop.Pay(N.Money) [Call]
            M:N.Money.op_Implicit(System.Decimal)~N.Money [Operator, Operator]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn array_sizes_and_products_that_parse_as_declarations() {
    check_outgoing(
        r#"
namespace N
{
    public class Grid
    {
        public int Width { get; }
        static int Count(int n) => n;
        static int Id(int n) => n;
        public int[] Build$0(int factor) { var cells = new int[Count(factor)]; return new[] { Id(Width * factor) }; }
    }
}
"#,
        expect![[r#"
            M:N.Grid.Count(System.Int32) [Call]
            P:N.Grid.Width [Get]
            M:N.Grid.Id(System.Int32) [Call]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn top_level_statements_are_the_body_of_program_main() {
    let (host, _) = AnalysisHost::from_fixture(
        r#"
//- /Program.cs
using Shop;
var catalog = new Catalog(new Repository());
catalog.Add("book");
Print(catalog.Count.Twice());
Extensions.Twice(3);
static void Print(int n) => System.Console.WriteLine(n);
//- /Shop.cs
namespace Shop
{
    public interface IRepository { void Save(string item); }
    public class Repository : IRepository { public void Save(string item) { } }
    public class Catalog(IRepository repository)
    {
        private readonly string _name = repository.ToString();
        public int Count { get; private set; }
        public void Add(string item) { repository.Save(item); Count++; }
    }
    public class Base(int size) { }
    public class Sized(int size) : Base(size * 2) { }
    public static class Extensions { public static int Twice(this int n) => n * 2; }
}
"#,
    );
    let analysis = host.analysis();
    let mut out = String::new();
    for (name, kind) in [
        ("<Main>$", None),
        ("Add", None),
        ("Sized", Some(crate::SymbolKind::Constructor)),
    ] {
        let query = crate::SymbolQuery {
            text: name.into(),
            limit: 1,
            kinds: kind.map(|k| vec![k]),
            ..Default::default()
        };
        let symbol = analysis.search_symbols(&query).unwrap().remove(0);
        let calls = analysis
            .outgoing_calls(&symbol.key, 1, 100)
            .unwrap()
            .expect("a member");
        out.push_str(&format!("{}\n{}", symbol.full_name, render(&calls)));
    }
    let twice = analysis
        .symbols_by_full_name("Shop.Extensions.Twice")
        .unwrap()
        .remove(0);
    let callers = analysis
        .incoming_calls(&twice.key)
        .unwrap()
        .expect("a member");
    for caller in &callers.callers {
        out.push_str(&format!(
            "caller of Twice: {} ({} sites)\n",
            caller.caller.full_name,
            caller.sites.len()
        ));
    }
    expect![[r#"
        Program.<Main>$(string[])
        M:Shop.Repository.#ctor [Ctor]
        M:Shop.Catalog.#ctor(Shop.IRepository) [Ctor]
        M:Shop.Catalog.Add(System.String) [Call]
        P:Shop.Catalog.Count [Get]
        M:Shop.Extensions.Twice(System.Int32) [Call, Call]
        external System.Console.WriteLine [Call]
        coverage 7/7/0/0
        Shop.Catalog.Add(string)
        M:Shop.IRepository.Save(System.String) [Call]
        P:Shop.Catalog.Count [Get, Set]
        coverage 3/3/0/0
        Shop.Sized.Sized(int)
        M:Shop.Base.#ctor(System.Int32) [Ctor]
        coverage 1/1/0/0
        caller of Twice: Program.<Main>$(string[]) (2 sites)
    "#]]
    .assert_eq(&out);
}

#[test]
fn incoming_calls_after_an_edit_rebind_only_the_edited_file() {
    let fixture = r#"
//- /Store.cs
namespace Shop { public class Store { public void Save() { } public void Load() { } } }
//- /Checkout.cs
namespace Shop { public class Checkout { public void Run(Store s) { s.Save(); } } }
//- /Audit.cs
namespace Shop { public class Audit { public void Log(Store s) { s.Save(); s.Load(); } } }
//- /Report.cs
namespace Shop { public class Report { public void Print() { System.Console.WriteLine(1); } } }
"#;
    let parsed = Fixture::parse(fixture);
    let (mut host, log) = AnalysisHost::with_event_log();
    host.apply_change(parsed.change());
    let save = host
        .analysis()
        .symbols_by_full_name("Shop.Store.Save")
        .unwrap()
        .remove(0);
    let callers = |host: &AnalysisHost| -> Vec<String> {
        let calls = host
            .analysis()
            .incoming_calls(&save.key)
            .unwrap()
            .expect("a member");
        calls
            .callers
            .iter()
            .map(|c| c.caller.full_name.clone())
            .collect()
    };
    assert_eq!(
        callers(&host),
        ["Shop.Checkout.Run(Store)", "Shop.Audit.Log(Store)"]
    );
    log.take();

    let audit = parsed.file("/Audit.cs");
    let edited = audit.text.replace("s.Load();", "s.Load(); s.Save();");
    host.apply_change(Change {
        files: vec![(FileId(audit.id), Some(Arc::from(edited)))],
        project_graph: None,
        libraries: None,
    });
    assert_eq!(
        callers(&host),
        ["Shop.Checkout.Run(Store)", "Shop.Audit.Log(Store)"]
    );
    let mut rerun: Vec<String> = log
        .take()
        .into_iter()
        .filter(|e| {
            e.starts_with("file_call_sites_query")
                || e.starts_with("infer_query")
                || e.starts_with("parse")
        })
        .map(|e| e.split('(').next().unwrap_or(&e).to_owned())
        .collect();
    rerun.sort();
    // Report.cs never mentions `Save` (word index), Checkout.cs did not change: only Audit.cs is bound
    // again, one body of it.
    expect![[r#"
        [
            "file_call_sites_query",
            "infer_query",
            "parse",
        ]
    "#]]
    .assert_debug_eq(&rerun);
}

#[test]
fn nullable_annotations_and_framework_types_do_not_make_overloads_ambiguous() {
    check_outgoing(
        r#"
namespace N
{
    public class Property
    {
        public Property(Property other) { }
        public Property(string name, params object[] content) { }
        public Property(string name, object? content) { }
    }
    public class Reader
    {
        public Reader(System.IO.Stream stream) { }
        public Reader(System.IO.BinaryReader reader) { }
    }
    public class App
    {
        public void Run$0()
        {
            new Property("name", "content");
            new Property("name");
            new Reader(new System.IO.MemoryStream());
        }
    }
}
"#,
        expect![[r#"
            M:N.Property.#ctor(System.String,System.Object) [Ctor]
            M:N.Property.#ctor(System.String,System.Object[]) [Ctor]
            external System.IO.MemoryStream.#ctor [Ctor]
            M:N.Reader.#ctor(System.IO.Stream) [Ctor]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn generic_methods_whose_type_arguments_cannot_be_inferred_do_not_apply() {
    check_outgoing(
        r#"
namespace N
{
    public class Actor { }
    public class Props
    {
        public static Props Create<T>(System.Func<T> factory) => null;
        public static Props Create<T>(params object[] args) => null;
        public static Props Create(System.Type type, params object[] args) => null;
    }
    public class App { public void Run$0() { Props.Create(() => new Actor()); Props.Create<Actor>(1, 2); } }
}
"#,
        expect![[r#"
            M:N.Props.Create``1(System.Func{``0}) [Call]
            M:N.Actor.#ctor [Ctor]
            M:N.Props.Create``1(System.Object[]) [Call]
            coverage 3/3/0/0
        "#]],
    );
}

/// C# 9–12 forms the oracle (C# 7.3) cannot compile; the expectations are checked by hand. Known gap:
/// the property pattern `{ Amount: > 0 }` calls `get_Amount`, which is not reported.
#[test]
fn newer_syntax_records_target_typed_new_switch_expressions_and_collection_expressions() {
    check_outgoing(
        r#"
namespace Shop;

public record Money(decimal Amount, string Currency)
{
    public Money Add(Money other) => this with { Amount = Amount + other.Amount };
}

public record struct Point(int X, int Y);

public class Pricing(Money basePrice)
{
    public Money Quote$0(int kind)
    {
        Money discount = new(1m, "EUR");
        Point origin = new(0, 0);
        var label = kind switch
        {
            0 => Describe(basePrice),
            _ => Describe(discount.Add(basePrice)),
        };
        int[] counts = [origin.X, origin.Y];
        return basePrice.Add(discount) is { Amount: > 0 } total ? total : basePrice;
    }

    private static string Describe(Money m) => m.Currency;
}

public class App { public void Run() { var p = new Pricing(new Money(2m, "EUR")); p.Quote(1); } }
"#,
        expect![[r#"
            M:Shop.Money.#ctor(System.Decimal,System.String) [Ctor]
            M:Shop.Point.#ctor(System.Int32,System.Int32) [Ctor]
            M:Shop.Pricing.Describe(Shop.Money) [Call, Call]
            M:Shop.Money.Add(Shop.Money) [Call, Call]
            P:Shop.Point.X [Get]
            P:Shop.Point.Y [Get]
            P:Shop.Money.Amount [Get]
            coverage 9/9/0/0
        "#]],
    );
}

#[test]
fn action_and_func_overloads_are_told_apart_by_what_the_lambda_returns() {
    check_outgoing(
        r#"
using System;
using System.Threading.Tasks;
namespace N
{
    public class Config
    {
        public void OnEntry(Action<int> action) { }
        public void OnEntry(Func<int, Task> action) { }
    }
    public class App
    {
        void Act() { }
        Task Work() => null;
        public void Go$0(Config c, Action callback)
        {
            c.OnEntry(t => Act());
            c.OnEntry(t => callback());
            c.OnEntry(t => { Act(); });
            c.OnEntry(t => Work());
            c.OnEntry(async t => await Work());
            c.OnEntry(t => { return Work(); });
        }
    }
}
"#,
        expect![[r#"
            M:N.Config.OnEntry(System.Action{System.Int32}) [Call, Call, Call]
            M:N.App.Act [Call, Call]
            external System.Action.Invoke [DelegateInvoke]
            M:N.Config.OnEntry(System.Func{System.Int32,System.Threading.Tasks.Task}) [Call, Call, Call]
            M:N.App.Work [Call, Call, Call]
            coverage 12/12/0/0
        "#]],
    );
}

#[test]
fn explicit_type_arguments_decide_overloads_and_reflection_chains_continue() {
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
namespace N
{
    public class Error { }
    public static class Result
    {
        public static int Succeed<TS, TM>(TS value, TM message) => 0;
        public static int Succeed<TS, TM>(TS value, IEnumerable<TM> messages) => 0;
    }
    public static class TypeExtensions { public static Array CreateEmptyArray(this Type type) => null; }
    public class C
    {
        public int Run$0(Type type)
        {
            var errors = new List<Error>();
            type.GetTypeInfo().GetGenericArguments()[0].CreateEmptyArray();
            return Result.Succeed<string, Error>("x", errors.AsEnumerable());
        }
    }
}
"#,
        expect![[r#"
            external System.Collections.Generic.List.#ctor [Ctor]
            external System.Reflection.IntrospectionExtensions.GetTypeInfo [Call]
            external System.Type.GetGenericArguments [Call]
            M:N.TypeExtensions.CreateEmptyArray(System.Type) [Call]
            external System.Linq.Enumerable.AsEnumerable [Call]
            M:N.Result.Succeed``2(``0,System.Collections.Generic.IEnumerable{``1}) [Call]
            coverage 6/6/0/0
        "#]],
    );
}

#[test]
fn of_type_and_try_get_value_type_what_follows() {
    check_outgoing(
        r#"
using System.Collections.Generic;
using System.Linq;
namespace N
{
    public class Behaviour { public int Destination { get; } }
    public class Reentry : Behaviour { public void Reenter() { } }
    public class C
    {
        public void Run$0(List<Behaviour> all, IDictionary<string, Reentry> map)
        {
            all.OfType<Reentry>().Select(r => r.Destination).ToList();
            if (map.TryGetValue("x", out var found)) found.Reenter();
        }
    }
}
"#,
        expect![[r#"
            external System.Linq.Enumerable.OfType [Call]
            external System.Linq.Enumerable.Select [Call]
            P:N.Behaviour.Destination [Get]
            external System.Linq.Enumerable.ToList [Call]
            external System.Collections.Generic.IDictionary.TryGetValue [Call]
            M:N.Reentry.Reenter [Call]
            coverage 6/6/0/0
        "#]],
    );
}

#[test]
fn property_reads_on_receivers_that_cannot_be_typed_are_listed_unresolved() {
    check_outgoing(
        r#"
using System.Collections.Generic;
using System.Linq;
class Row { public int Updated { get; set; } public Row Next() => this; }
class Report
{
    int M$0(List<Row> typed)
    {
        var rows = Load();
        var n = rows.Where(r => r.Updated > 0).Count();
        var m = typed.Count + rows.Total;
        return typed[0].Updated;
    }
}
"#,
        expect![[r#"
            external System.Collections.Generic.List.Count [Get]
            external System.Collections.Generic.List.Item [Get]
            P:Row.Updated [Get]
            unresolved Load (UnknownReceiver)
            unresolved Updated (UnknownReceiver)
            unresolved Where (UnknownReceiver)
            unresolved Count (UnknownReceiver)
            unresolved Total (UnknownReceiver)
            coverage 8/3/0/5
        "#]],
    );
}

/// Renders the callers of the member at `$0`: one line per caller with its sites' kinds and
/// directness, then the coverage.
fn check_incoming(fixture: &str, expect: Expect) {
    check_incoming_of(fixture, None, expect);
}

/// [`check_incoming`] of the member with documentation id `doc_id` (implied members, such as
/// primary constructors, have no name to put `$0` on), or else of the member at `$0`.
fn check_incoming_of(fixture: &str, doc_id: Option<&str>, expect: Expect) {
    let (host, fixture) = AnalysisHost::from_fixture(fixture);
    let analysis = host.analysis();
    let symbol = match doc_id {
        Some(id) => {
            let [symbol] = analysis
                .symbols_by_documentation_id(id)
                .unwrap()
                .try_into()
                .expect("one symbol with the id");
            symbol
        }
        None => fixture.cursor_symbol(&analysis),
    };
    let incoming = analysis
        .incoming_calls(&symbol.key)
        .unwrap()
        .expect("not a member");
    let mut out = String::new();
    for caller in &incoming.callers {
        let sites: Vec<String> = caller
            .sites
            .iter()
            .map(|s| {
                let line = analysis
                    .file_line_index(s.site.file)
                    .unwrap()
                    .line_col(s.site.range.start())
                    .line;
                let direct = if s.is_direct { "" } else { " indirect" };
                format!("{:?}@{}{direct}", s.site.kind, line + 1)
            })
            .collect();
        out.push_str(&format!(
            "{} [{}]\n",
            caller.caller.documentation_id,
            sites.join(", ")
        ));
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
    for file in &fixture.files {
        let missing = analysis.unaccounted_sites(FileId(file.id)).unwrap();
        assert!(
            missing.is_empty(),
            "neither bound nor unresolved: {missing:?}"
        );
    }
}

#[test]
fn constructors_without_an_initializer_call_the_base_parameterless_constructor() {
    check_incoming(
        r#"
class Root { public R$0oot() { } public Root(int x) { } }
class Mid : Root
{
    public Mid(string s) { }
    public Mid() : base(1) { }
    static Mid() { }
}
class Leaf : Mid
{
    public Leaf(int n)
    {
    }
}
class Primary(int n) : Root;
class WithArgs(int n) : Root(n);
record Rec(int N) : Base;
record Base;
struct Point { public Point(int x) { } }
class Plain { public Plain() { } }
class User
{
    void M() { new Root(); }
}
class Implied : Root { int[] cache = new int[3]; }
static class Helpers { }
struct NoCtor { }
"#,
        expect![[r#"
            M:Mid.#ctor(System.String) [Ctor@4]
            M:Primary.#ctor(System.Int32) [Ctor@14]
            M:User.M [Ctor@22]
            M:Implied.#ctor [Ctor@24]
            coverage 6/6/0/0
        "#]],
    );
}

#[test]
fn foreach_calls_get_enumerator_move_next_and_current_of_source_collections() {
    check_outgoing(
        r#"
using System.Collections;
using System.Collections.Generic;
using System.Threading.Tasks;
class Bag
{
    public Enumerator GetEnumerator() => new Enumerator();
    public struct Enumerator
    {
        public Item Current => null;
        public bool MoveNext() => false;
    }
}
class Item { public void Use() { } }
class Items : IEnumerable<Item>
{
    IEnumerator<Item> IEnumerable<Item>.GetEnumerator() => null;
    IEnumerator IEnumerable.GetEnumerator() => null;
}
class Stream
{
    public Cursor GetAsyncEnumerator() => null;
}
class Cursor
{
    public Item Current => null;
    public Task<bool> MoveNextAsync() => null;
}
class User
{
    async Task M$0(Bag bag, Items items, Stream stream, List<Item> list)
    {
        foreach (var x in bag) x.Use();
        foreach (var y in items) y.Use();
        await foreach (var z in stream) z.Use();
        foreach (var w in list) w.Use();
    }
}
"#,
        expect![[r#"
            M:Bag.GetEnumerator [Call]
            M:Bag.Enumerator.MoveNext [Call]
            P:Bag.Enumerator.Current [Get]
            M:Item.Use [Call, Call, Call, Call]
            external System.Collections.Generic.IEnumerable.GetEnumerator [Call]
            external System.Collections.Generic.IEnumerator.MoveNext [Call]
            external System.Collections.Generic.IEnumerator.Current [Get]
            M:Stream.GetAsyncEnumerator [Call]
            M:Cursor.MoveNextAsync [Call]
            P:Cursor.Current [Get]
            coverage 13/13/0/0
        "#]],
    );
}

#[test]
fn collection_initializers_call_add_and_index_initializers_the_indexer() {
    check_outgoing(
        r#"
using System.Collections.Generic;
class Bucket : IEnumerable<string>
{
    public void Add(string s) { }
    public void Add(string key, int value) { }
    public int this[string key] { get => 0; set { } }
    public Bucket Labels { get; } = new Bucket();
    public Holder Inner { get; set; }
    public IEnumerator<string> GetEnumerator() => null;
    System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => null;
}
class Holder { public int A { get; set; } }
class User
{
    Bucket M$0(string a)
    {
        return new Bucket
        {
            a,
            { "k", 1 },
            ["x"] = 2,
        };
    }
}
"#,
        expect![[r#"
            M:Bucket.#ctor [Ctor]
            M:Bucket.Add(System.String) [Call]
            M:Bucket.Add(System.String,System.Int32) [Call]
            P:Bucket.Item(System.String) [Set]
            coverage 4/4/0/0
        "#]],
    );
    check_outgoing(
        r#"
using System.Collections.Generic;
class Bucket
{
    public void Add(string s) { }
    public Bucket Labels { get; } = new Bucket();
    public Holder Inner { get; set; }
}
class Holder { public int A { get; set; } }
class User
{
    object N$0() => new[]
    {
        new Bucket { Labels = { "x" }, Inner = { A = 1 } },
        new List<string> { "y" },
    };
}
"#,
        expect![[r#"
            M:Bucket.#ctor [Ctor]
            P:Bucket.Labels [Get]
            M:Bucket.Add(System.String) [Call]
            P:Bucket.Inner [Get]
            P:Holder.A [Set]
            external System.Collections.Generic.List.#ctor [Ctor]
            external System.Collections.Generic.List.Add [Call]
            coverage 7/7/0/0
        "#]],
    );
}

#[test]
fn delegate_invocations_are_calls_of_the_delegates_invoke() {
    let (host, _) = AnalysisHost::from_fixture(
        r#"
//- /Handler.cs
public delegate int Handler(string s);
//- /User.cs
class User
{
    Handler _field;
    int M(Handler handler) => handler("x") + _field.Invoke("y");
    int N() { var h = _field; return h?.Invoke("z") ?? h("w"); }
}
"#,
    );
    let analysis = host.analysis();
    let [invoke] = analysis
        .symbols_by_documentation_id("M:Handler.Invoke(System.String)")
        .unwrap()
        .try_into()
        .expect("one Invoke");
    let incoming = analysis
        .incoming_calls(&invoke.key)
        .unwrap()
        .expect("member");
    let rendered: Vec<String> = incoming
        .callers
        .iter()
        .map(|c| {
            let kinds: Vec<String> = c
                .sites
                .iter()
                .map(|s| format!("{:?}", s.site.kind))
                .collect();
            format!("{} [{}]", c.caller.documentation_id, kinds.join(", "))
        })
        .collect();
    expect![[r#"
        [
            "M:User.M(Handler) [DelegateInvoke, Call]",
            "M:User.N [Call, DelegateInvoke]",
        ]
    "#]]
    .assert_debug_eq(&rendered);
}

#[test]
fn usings_inside_a_namespace_are_resolved_relative_to_it() {
    let fixture = r#"
//- /Internal.cs
namespace Acme.Internal
{
    public class HandlerWrapper<T> { public void Handle(T value) { } }
}
namespace N.Sub
{
    public class Tool { public static void Run() { } }
}
namespace Sub
{
    public class Tool { public static void Run() { } }
}
//- /Mediator.cs
namespace Acme;
using Internal;
using System.Linq;
public class Mediator
{
    public void Send/*1*/<T>(T value)
    {
        new HandlerWrapper<T>().Handle(value);
    }
}
//- /N.cs
namespace N
{
    using Sub;
    public static class Inner { public static void Use/*2*/() => Tool.Run(); }
}
"#;
    check_outgoing(
        &fixture.replace("/*1*/", "$0").replace("/*2*/", ""),
        expect![[r#"
            M:Acme.Internal.HandlerWrapper`1.#ctor [Ctor]
            M:Acme.Internal.HandlerWrapper`1.Handle(`0) [Call]
            coverage 2/2/0/0
        "#]],
    );
    check_outgoing(
        &fixture.replace("/*1*/", "").replace("/*2*/", "$0"),
        expect![[r#"
            M:N.Sub.Tool.Run [Call]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn static_members_of_a_constructed_generic_type() {
    check_outgoing(
        r#"
namespace Acme
{
    public static class Getter<T> { public static T Get(object p) => (T)p; public static int Count => 0; }
    public class Outer<A> { public static class Inner<B> { public static B Make() => default; } }
    public static class Reader
    {
        public static T Read$0<T>(object p) => Getter<T>.Get(p) ?? Acme.Getter<T>.Get(p) ?? (Getter<int>.Count > 0 ? Outer<T>.Inner<T>.Make() : default);
    }
}
"#,
        expect![[r#"
            M:Acme.Getter`1.Get(System.Object) [Call, Call]
            P:Acme.Getter`1.Count [Get]
            M:Acme.Outer`1.Inner`1.Make [Call]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn overloads_whose_constraints_fail_are_not_candidates() {
    check_outgoing(
        r#"
public interface ICommand { }
public interface ICommand<TResult> { }
public class Answer { }
public class Lookup : ICommand<Answer> { }
public class Plain : ICommand { }
public class Bus
{
    public TResult Dispatch<TResult>(ICommand<TResult> command) => default;
    public void Dispatch<TCommand>(TCommand command) where TCommand : ICommand { }
}
public class User
{
    void M$0(Bus bus, Lookup lookup)
    {
        bus.Dispatch(lookup);
        bus.Dispatch(new Plain());
    }
}
"#,
        expect![[r#"
            M:Bus.Dispatch``1(ICommand{``0}) [Call]
            M:Plain.#ctor [Ctor]
            M:Bus.Dispatch``1(``0) [Call]
            coverage 3/3/0/0
        "#]],
    );
}
#[test]
fn a_source_method_no_overload_of_which_applies_is_not_found_not_a_framework_call() {
    check_outgoing(
        r#"
using System.Collections.Generic;
class Repo : List<int> { public void Add(string s) { } }
class Bus { public void Send(string s) { } }
class User
{
    void M$0(Bus bus, Repo repo)
    {
        bus.Send(1);
        bus.ToString();
        repo.Add(3);
    }
}
"#,
        expect![[r#"
            external System.Object.ToString [Call]
            external System.Collections.Generic.List.Add [Call]
            unresolved Send (NotFound)
            coverage 3/2/0/1
        "#]],
    );
}
#[test]
fn literals_and_constant_conversions_decide_overloads() {
    check_outgoing(
        r#"
public class Bus
{
    public void Check(string s, int i) { }
    public void Check(char c) { }
    public void Small(byte b) { }
    public void Small(string s) { }
    public void Signed(sbyte b) { }
    public void Signed(string s) { }
    public void Unsigned(uint u) { }
    public void Unsigned(string s) { }
    public void Wide(long l) { }
    public void Wide(ulong u) { }
    public void Box(object o) { }
    public void Box(string s) { }
    public void Opt(int? x) { }
    public void Opt(string s) { }
}
public class User
{
    void M$0(Bus bus, bool? flag, System.Nullable<int> n)
    {
        bus.Check('%');
        bus.Small(5);
        bus.Small(0xFF);
        bus.Signed(-1);
        bus.Unsigned(7);
        bus.Wide(3_000_000_000);
        bus.Wide(10_000_000_000_000_000_000);
        bus.Box(flag);
        bus.Box(true);
        bus.Opt(n);
        bus.Opt(1);
    }
}
"#,
        expect![[r#"
            M:Bus.Check(System.Char) [Call]
            M:Bus.Small(System.Byte) [Call, Call]
            M:Bus.Signed(System.SByte) [Call]
            M:Bus.Unsigned(System.UInt32) [Call]
            M:Bus.Wide(System.Int64) [Call]
            M:Bus.Wide(System.UInt64) [Call]
            M:Bus.Box(System.Object) [Call, Call]
            M:Bus.Opt(System.Nullable{System.Int32}) [Call, Call]
            coverage 11/11/0/0
        "#]],
    );
}
#[test]
fn inaccessible_overloads_of_another_type_are_not_candidates() {
    check_outgoing(
        r#"
public class Store
{
    private Store(int capacity) { }
    public Store(object capacity) { }
    private void Put(int x) { }
    public void Put(object o) { }
    protected void Log(string s) { }
    public void Log(object o) { }
    internal void Tag(string s) { }
    public void Tag(object o) { }
    void Self() { Put(1); }
    public class Nested { void Use(Store s) => s.Put(2); }
}
public class Cache : Store
{
    public Cache() : base(3) { }
    void Derived() { Log("d"); }
}
public class User
{
    void M$0(Store s)
    {
        s.Put(1);
        s.Log("x");
        s.Tag("t");
        new Store(4);
    }
}
"#,
        expect![[r#"
            M:Store.Put(System.Object) [Call]
            M:Store.Log(System.Object) [Call]
            M:Store.Tag(System.String) [Call]
            M:Store.#ctor(System.Object) [Ctor]
            coverage 4/4/0/0
        "#]],
    );
    check_incoming(
        r#"
public class Store
{
    private void P$0ut(int x) { }
    public void Put(object o) { }
    void Self() { Put(1); }
    public class Nested { void Use(Store s) => s.Put(2); }
}
public class User { void M(Store s) => s.Put(3); }
"#,
        expect![[r#"
            M:Store.Self [Call@5]
            M:Store.Nested.Use(Store) [Call@6]
            coverage 3/3/0/0
        "#]],
    );
}
#[test]
fn an_override_is_no_candidate_beside_the_method_it_overrides() {
    check_outgoing(
        r#"
public class Channel
{
    public virtual void Send(string s) { }
    public virtual void Close() { }
}
public class Logging : Channel
{
    public override void Send(string s) { }
    public void Send(object o) { }
    public override void Close() { }
    public override string ToString() => "";
}
public class Audited : Logging { public override void Send(string s) { } }
public class User
{
    void M$0(Logging log, Audited audited, Channel channel)
    {
        log.Send("x");
        log.Close();
        log.ToString();
        audited.Send(1);
        channel.Send("y");
    }
}
"#,
        expect![[r#"
            M:Logging.Send(System.Object) [Call, Call]
            M:Logging.Close (root M:Channel.Close) [Call]
            M:Logging.ToString [Call]
            M:Channel.Send(System.String) [Call]
            coverage 5/5/0/0
        "#]],
    );
}

#[test]
fn generic_results_with_the_callers_type_parameters_and_implicit_array_elements() {
    check_outgoing(
        r#"
using System.Collections.Generic;
public interface IEntity { int Id { get; } void Touch(); }
public class Coll<T> { public void Delete(int id) { } public T First() => default; public U Map<U>(U u) => u; }
public class Db { public Coll<T> Collection<T>(string name) => null; }
public class Animal { public void Feed() { } }
public class Dog : Animal { }
public class Cat : Animal { }
public class Repo<T> where T : IEntity
{
    Db db;
    public void Remove$0<TItem>(TItem item, T entity, int id) where TItem : IEntity
    {
        db.Collection<T>("n").Delete(id);
        db.Collection<TItem>("n").Delete(id);
        db.Collection<TItem>("n").First().Touch();
        db.Collection<T>("n").Map(entity).Touch();
        item.Touch();
        entity.Touch();
        var pets = new[] { new Dog(), (Animal)new Cat() };
        pets[0].Feed();
        var dogs = new[] { new Dog(), new Dog() };
        dogs[0].Feed();
    }
}
"#,
        expect![[r#"
            M:Db.Collection``1(System.String) [Call, Call, Call, Call]
            M:Coll`1.Delete(System.Int32) [Call, Call]
            M:Coll`1.First [Call]
            M:IEntity.Touch [Call, Call, Call, Call]
            M:Coll`1.Map``1(``0) [Call]
            M:Dog.#ctor [Ctor, Ctor, Ctor]
            M:Cat.#ctor [Ctor]
            M:Animal.Feed [Call, Call]
            coverage 18/18/0/0
        "#]],
    );
}

#[test]
fn members_of_type_parameters_through_framework_bounds_and_object() {
    check_outgoing(
        r#"
using System;
public interface IEntity { int Id { get; } }
public class Holder<T, TKey> where TKey : IComparable<TKey>
{
    T value; TKey key;
    public int M$0(TKey other, object o)
    {
        value.ToString();
        key.CompareTo(other);
        var x = value.Missing;
        o.Nope();
        return o.GetHashCode();
    }
}
"#,
        expect![[r#"
            external System.Object.ToString [Call]
            external System.IComparable.CompareTo [Call]
            external System.Object.GetHashCode [Call]
            unresolved Missing (NotFound)
            unresolved Nope (NotFound)
            coverage 5/3/0/2
        "#]],
    );
}

#[test]
fn explicit_type_arguments_never_bind_a_non_generic_overload() {
    check_outgoing(
        r#"
using System.Threading.Tasks;
public class Checker
{
    public Task<bool> CheckAsync() => null;
    public Task<T> CheckAsync<T>() => null;
    public Task<T> CheckAsync<T>(string name) => null;
    async Task M$0(Checker other)
    {
        await CheckAsync<bool?>();
        await this.CheckAsync<bool?>();
        await other.CheckAsync<int?>("x");
        await CheckAsync();
        var r = await CheckAsync<bool?>() ?? false;
        if (await CheckAsync<bool?>() == true) { }
        var t = (await other.CheckAsync<bool?>()).HasValue;
    }
}
"#,
        expect![[r#"
            M:Checker.CheckAsync``1 [Call, Call, Call, Call, Call]
            M:Checker.CheckAsync``1(System.String) [Call]
            M:Checker.CheckAsync [Call]
            external System.Nullable.HasValue [Get]
            coverage 8/8/0/0
        "#]],
    );
}

#[test]
fn a_base_call_never_dispatches_to_an_override() {
    check_incoming(
        r#"
public class Shape
{
    public virtual double Area() => 0;
    public virtual string Name => "shape";
}
public class Square : Shape
{
    public override double Ar$0ea() => base.Area() + 1;
    public override string Name => base.Name + Area();
}
public class User { double M(Shape s, Square q) => s.Area() + q.Area(); }
"#,
        expect![[r#"
            P:Square.Name [Call@9]
            M:User.M(Shape,Square) [Call@11 indirect, Call@11]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn partial_methods_and_properties_are_one_symbol() {
    let (host, _) = AnalysisHost::from_fixture(
        r#"
//- /Gen.cs
public partial class Model
{
    partial void OnChanged(string name);
    public partial string Title { get; set; }
}
//- /Model.cs
public partial class Model
{
    string _title;
    partial void OnChanged(string name) { }
    public partial string Title { get => _title; set { _title = value; OnChanged(nameof(Title)); } }
}
class User { string M(Model m) { m.Title = "x"; return m.Title; } }
"#,
    );
    let analysis = host.analysis();
    let callers = |id: &str| -> Vec<String> {
        let symbols = analysis.symbols_by_documentation_id(id).unwrap();
        let [symbol] = symbols.as_slice() else {
            return vec![format!("{} symbols", symbols.len())];
        };
        let incoming = analysis
            .incoming_calls(&symbol.key)
            .unwrap()
            .expect("member");
        incoming
            .callers
            .iter()
            .map(|c| {
                let kinds: Vec<String> = c
                    .sites
                    .iter()
                    .map(|s| format!("{:?}", s.site.kind))
                    .collect();
                format!("{} [{}]", c.caller.documentation_id, kinds.join(", "))
            })
            .collect()
    };
    expect![[r#"
        [
            [
                "P:Model.Title [Call]",
            ],
            [
                "M:User.M(Model) [Set, Get]",
            ],
        ]
    "#]]
    .assert_debug_eq(&[
        callers("M:Model.OnChanged(System.String)"),
        callers("P:Model.Title"),
    ]);
}

#[test]
fn property_patterns_call_the_getters_they_name() {
    check_outgoing(
        r#"
public class Money { public decimal Amount { get; } }
public class Line { public int Count { get; } }
public class Order
{
    public Money Total { get; }
    public Line Lines { get; }
    public bool Ok => true;
}
public class User
{
    string M$0(object value, Order order)
    {
        if (order is { Total.Amount: > 100m, Lines: { Count: 1 } }) { }
        switch (value)
        {
            case Order { Ok: true } o when o.Lines.Count > 0:
                break;
        }
        return value switch
        {
            Order { Total: { Amount: 0 } } => "free",
            _ => "",
        };
    }
}
"#,
        expect![[r#"
            P:Order.Total [Get, Get]
            P:Money.Amount [Get, Get]
            P:Order.Lines [Get, Get]
            P:Line.Count [Get, Get]
            P:Order.Ok [Get]
            coverage 9/9/0/0
        "#]],
    );
}

#[test]
fn record_primary_constructors_and_with_expressions() {
    let fixture = r#"
public record Point(int X, int Y)
{
    public Point(int both) : this(both, both) { }
}
public record Point3(int X, int Y, int Z) : Point(X, Y);
public class Box(int size) { public int Size => size; }
public class User
{
    Point M$0()
    {
        var p = new Point(1, 2);
        Point q = new(3, 4);
        var b = new Box(
            5);
        return p with { X = 9 };
    }
}
"#;
    check_incoming_of(
        fixture,
        Some("M:Point.#ctor(System.Int32,System.Int32)"),
        expect![[r#"
            M:Point.#ctor(System.Int32) [Ctor@3]
            M:Point3.#ctor(System.Int32,System.Int32,System.Int32) [Ctor@5]
            M:User.M [Ctor@11, Ctor@12]
            coverage 4/4/0/0
        "#]],
    );
    check_outgoing(
        fixture,
        expect![[r#"
            M:Point.#ctor(System.Int32,System.Int32) [Ctor, Ctor]
            M:Box.#ctor(System.Int32) [Ctor]
            P:Point.X [Set]
            coverage 4/4/0/0
        "#]],
    );
}

#[test]
fn static_abstract_interface_members_through_a_type_parameter() {
    let fixture = r#"
public interface IParser<TSelf> where TSelf : IParser<TSelf>
{
    static abstract TSelf Parse(string s);
    static virtual bool Check(string s) => true;
}
public struct Code : IParser<Code>
{
    public static Code Pa/*p*/rse(string s) => default;
}
public static class Reader
{
    public static T Read/*r*/<T>(string s) where T : IParser<T>, System.IComparable<T>
    {
        if (T.Check(s) && T.Parse(s).CompareTo(default) == 0) { }
        return T
            .Parse(s);
    }
}
"#;
    check_outgoing(
        &fixture.replace("/*r*/", "$0").replace("/*p*/", ""),
        expect![[r#"
            M:IParser`1.Check(System.String) [Call]
            M:IParser`1.Parse(System.String) [Call, Call]
            external System.IComparable.CompareTo [Call]
            coverage 4/4/0/0
        "#]],
    );
    check_incoming(
        &fixture.replace("/*r*/", "").replace("/*p*/", "$0"),
        expect![[r#"
            M:Reader.Read``1(System.String) [Call@14 indirect, Call@16 indirect]
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn a_site_is_on_the_line_of_the_invoked_name() {
    check_incoming(
        r#"
public class Builder
{
    public Builder A$0dd(int x) => this;
    public string Build() => "";
}
public class User
{
    string M(Builder b) =>
        b
            .Add(1)
            .Add(
                2)
            .Build();
}
"#,
        expect![[r#"
            M:User.M(Builder) [Call@10, Call@11]
            coverage 2/2/0/0
        "#]],
    );
}

#[test]
fn list_patterns_call_the_length_and_the_indexer() {
    check_outgoing(
        r#"
public class Item { public int Weight { get; } }
public class Row
{
    public int Count => 0;
    public Item this[int i] => null;
    public Item this[string key] => null;
}
public class User
{
    bool M$0(Row row, int[] numbers) =>
        row is [{ Weight: > 1 }, _] || numbers is [1, .. var rest];
}
"#,
        expect![[r#"
            P:Row.Count [Get]
            P:Row.Item(System.Int32) [Get]
            P:Item.Weight [Get]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn lambda_arguments_prefer_the_delegate_whose_return_type_fits_the_body_best() {
    check_outgoing(
        r#"
public delegate R Fn<T, R>(T value);
public class Product { public int OnHand { get; } public decimal Price { get; } }
public static class Totals
{
    public static int Sum<T>(T[] items, Fn<T, int> f) => 0;
    public static long Sum<T>(T[] items, Fn<T, long> f) => 0;
    public static decimal Sum<T>(T[] items, Fn<T, decimal> f) => 0;
    public static int? Sum<T>(T[] items, Fn<T, int?> f) => 0;
    static void M$0(Product[] products)
    {
        Sum(products, p => p.OnHand);
        Sum(products, p => p.Price);
        Sum(products, p => (short)p.OnHand);
    }
}
"#,
        expect![[r#"
            M:Totals.Sum``1(``0[],Fn{``0,System.Int32}) [Call, Call]
            P:Product.OnHand [Get, Get]
            M:Totals.Sum``1(``0[],Fn{``0,System.Decimal}) [Call]
            P:Product.Price [Get]
            coverage 6/6/0/0
        "#]],
    );
}

#[test]
fn await_gives_what_the_awaiters_get_result_returns() {
    check_outgoing(
        r#"
using System.Threading.Tasks;
public class Report { public void Print() { } }
public class Job { public JobAwaiter GetAwaiter() => null; }
public class JobAwaiter
{
    public bool IsCompleted => true;
    public Report GetResult() => null;
    public void OnCompleted(System.Action next) { }
}
public class User
{
    async Task M$0(Job job, Task<Report> task)
    {
        (await job).Print();
        (await task.ConfigureAwait(false)).Print();
    }
}
"#,
        expect![[r#"
            M:Report.Print [Call, Call]
            external System.Threading.Tasks.Task.ConfigureAwait [Call]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn query_continuations_range_over_groupings_and_selected_values() {
    check_outgoing(
        r#"
using System.Linq;
public class Customer { public string Name { get; } }
public class Order { public Customer Customer { get; } public decimal Total { get; } }
public class Report
{
    object M$0(Order[] orders) =>
        from o in orders
        group o by o.Customer into byCustomer
        select byCustomer.Key.Name into name
        select name.Length;
}
"#,
        expect![[r#"
            external System.Linq.Enumerable.GroupBy [Call]
            P:Order.Customer [Get]
            external System.Linq.Enumerable.Select [Call, Call]
            external System.Linq.IGrouping.Key [Get]
            P:Customer.Name [Get]
            external System.String.Length [Get]
            coverage 7/7/0/0
        "#]],
    );
}

#[test]
fn string_concatenation_converts_an_operand_by_its_implicit_conversion_to_string() {
    check_outgoing(
        r#"
public struct Sku
{
    public static implicit operator string(Sku sku) => "";
}
public struct Plain { }
public class User
{
    string M$0(Sku sku, Plain plain) => "[" + sku + "]" + plain + 1;
}
"#,
        expect![[r#"
            M:Sku.op_Implicit(Sku)~System.String [Operator]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn initializers_are_typed_by_the_members_type() {
    check_outgoing(
        r#"
public delegate bool Filter(Order order);
public class Order { public decimal Total { get; } }
public class Service
{
    public Filter Prio$0rity { get; set; } = order => order.Total > 500m;
}
"#,
        expect![[r#"
            P:Order.Total [Get]
            coverage 1/1/0/0
        "#]],
    );
    check_outgoing(
        r#"
public struct Money
{
    public static implicit operator Money(decimal amount) => default;
}
public class Service
{
    Money _lim$0it = 500m;
}
"#,
        expect![[r#"
            M:Money.op_Implicit(System.Decimal)~Money [Operator]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn yield_return_converts_to_the_iterators_element_type() {
    check_outgoing(
        r#"
using System.Collections.Generic;
public struct Value
{
    public static implicit operator Value(int number) => default;
    public static implicit operator Value(bool flag) => default;
}
public class Item { public bool Ready { get; } }
public static class Values
{
    public static IEnumerable<Value> Ma$0p(IEnumerable<Item> items)
    {
        yield return 1;
        foreach (var item in items)
        {
            yield return item.Ready;
        }
        yield break;
    }
}
"#,
        expect![[r#"
            M:Value.op_Implicit(System.Int32)~Value [Operator]
            P:Item.Ready [Get]
            M:Value.op_Implicit(System.Boolean)~Value [Operator]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn the_most_specific_user_defined_conversion_applies() {
    check_outgoing(
        r#"
public struct Value
{
    public static implicit operator Value(int number) => default;
    public static implicit operator Value(long number) => default;
    public static implicit operator Value(double number) => default;
    public static implicit operator int(Value value) => 0;
}
public class User
{
    void M$0(byte small, long wide, Value value)
    {
        Value a = 5;
        Value b = wide;
        Value c = small;
        Value d = 1.5;
        long e = value;
    }
}
"#,
        expect![[r#"
            M:Value.op_Implicit(System.Int32)~Value [Operator, Operator]
            M:Value.op_Implicit(System.Int64)~Value [Operator]
            M:Value.op_Implicit(System.Double)~Value [Operator]
            M:Value.op_Implicit(Value)~System.Int32 [Operator]
            coverage 5/5/0/0
        "#]],
    );
}

#[test]
fn a_simple_name_with_type_arguments_is_no_property() {
    check_outgoing(
        r#"
public class ResultPredicates<T> { public static ResultPredicates<T> None => null; }
public class PolicyBase<TResult>
{
    protected ResultPredicates<TResult> ResultPredicates { get; }
    public PolicyBase$0(ResultPredicates<TResult> given)
        => ResultPredicates = given ?? ResultPredicates<TResult>.None;
}
"#,
        expect![[r#"
            P:ResultPredicates`1.None [Get]
            coverage 1/1/0/0
        "#]],
    );
}

#[test]
fn a_value_does_not_convert_to_the_callers_type_parameter() {
    check_outgoing(
        r#"
public class Context { }
public class Context<T> : Context { }
public interface IValidator { string Validate(object instance); string Validate(Context context); }
public interface IValidator<in T> : IValidator { string Validate(T instance); }
public static class Extensions
{
    public static string Check$0<T>(this IValidator<T> validator, T instance)
        => validator.Validate(new Context<T>()) + validator.Validate(instance);
}
"#,
        expect![[r#"
            M:Context`1.#ctor [Ctor]
            M:IValidator.Validate(Context) [Call]
            M:IValidator`1.Validate(`0) [Call]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn extension_methods_of_the_innermost_scope_win() {
    check_outgoing(
        r#"
namespace Outer
{
    public static class OuterExt { public static string Tag(this string s, object o) => s; }
}
namespace Outer.Inner
{
    public static class InnerExt { public static string Tag(this object s, string o) => ""; }
    class User { string M$0(string a) => a.Tag("x"); }
}
"#,
        expect![[r#"
            M:Outer.Inner.InnerExt.Tag(System.Object,System.String) [Call]
            coverage 1/1/0/0
        "#]],
    );
}

mod binding_rules;
mod binding_rules_fresh;
mod binding_rules_more;
mod conditional;
mod conversions;
mod deconstruction;
mod fixture_assemblies;
mod framework;
mod library_versions;
