//! `check_types` tests (rust-analyzer's hir-ty tests): a `test-fixture` fixture (C# against the
//! .NET Core surface), and, per body, the type inference gave each local and each expression
//! statement, `return` value and local initializer.

use std::fmt::Write;

use expect_test::{Expect, expect};

use crate::{
    ProjectId,
    body::{ExprId, Stmt, body, body_source_map},
    def_map::{def_map, type_name},
    infer::infer,
    symbols::{member_ref, type_members},
};

/// Every body of the fixture's one file in declaration order: `Type.Member`, then `name: Type` for each local
/// and `text: Type` for each expression statement, `return` value and initializer (`?` where
/// inference knows no type).
fn check_types(fixture: &str, expect: Expect) {
    let (db, fixture) = crate::tests::load(fixture);
    let text = &fixture.files[0].text;
    let mut out = String::new();
    for (ty, _) in def_map(&db, ProjectId(0)).types() {
        for member in type_members(&db, ty) {
            let body = body(&db, member);
            if body.roots.is_empty() {
                continue;
            }
            let map = body_source_map(&db, member);
            let result = infer(&db, member);
            let name = member_ref(&db, member).map_or_else(Default::default, |d| d.name.clone());
            writeln!(out, "{}.{name}", type_name(&db, ty)).unwrap();
            let shown = |ty: Option<&crate::ty::Ty>| ty.map_or("?".to_owned(), |t| t.display(&db));
            for (local, data) in body.locals.iter() {
                let ty = shown(result.type_of_local(local));
                writeln!(out, "  {}: {ty}", data.name).unwrap();
            }
            for expr in shown_exprs(&body) {
                let Some(range) = map.expr_range(expr) else {
                    continue;
                };
                let source = text[range.full].split_whitespace().collect::<Vec<_>>();
                let ty = shown(result.type_of_expr(expr));
                writeln!(out, "  `{}`: {ty}", source.join(" ")).unwrap();
            }
        }
    }
    expect.assert_eq(&out);
}

/// The expressions a snapshot shows: those of expression statements, `return`s and initializers.
fn shown_exprs(body: &crate::body::Body) -> Vec<ExprId> {
    let mut exprs: Vec<ExprId> = body
        .stmts
        .iter()
        .filter_map(|(_, stmt)| match stmt {
            Stmt::Expr(e) | Stmt::Return(Some(e)) => Some(*e),
            Stmt::Let { init, .. } => *init,
            _ => None,
        })
        .collect();
    exprs.sort();
    exprs
}

#[test]
fn locals_and_expressions() {
    check_types(
        r#"
//- /Test.cs framework:netcore
using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;

namespace Shop
{
    public class Order
    {
        public int Id { get; set; }
        public decimal Total { get; set; }
        public string Customer { get; set; }
        public Order Next;
    }

    public static class Ext
    {
        public static T Pick<T>(this IEnumerable<T> items, Func<T, bool> keep) => items.First(keep);
    }

    public class Service
    {
        public Task<Order> LoadAsync(int id) => Task.FromResult(new Order { Id = id });

        public async Task Run(Order[] input, Order maybe)
        {
            var orders = new List<Order>();
            var first = orders.First();
            var ids = orders.Select(o => o.Id);
            var big = orders.Where(o => o.Total > 100m).ToList();
            var pair = (first, 1);
            var name = pair.Item1.Customer ?? "none";
            var either = ids.Any() ? first : null;
            var picked = orders.Pick(o => o.Id == 1);
            var loaded = await LoadAsync(2);
            var lookup = orders.ToDictionary(o => o.Id, o => o.Customer);
            foreach (var order in input) { var next = order.Next; }
            foreach (var (key, value) in lookup) { }
            if (maybe is Order { Total: var total } found) { }
            var count = orders.Count + 1;
            var text = $"{count}";
            var now = DateTime.Now;
            var elems = new[] { 1, 2, 3 };
            var anon = new { first.Id, Sum = 1m };
            var anonId = anon.Id;
            Func<Order, string> describe = o => o.Customer;
            var described = describe(first);
            int.TryParse("1", out var parsed);
            var len = name.Length;
            orders.Add(loaded);
        }
    }
}
"#,
        expect![[r#"
            Order.Order
              `Order`: ?
            Ext.Pick
              items: IEnumerable<T>
              keep: Func<T, bool>
              `items.First(keep)`: T
            Service.LoadAsync
              id: int
              `Task.FromResult(new Order { Id = id })`: Task<Order>
            Service.Run
              input: Order[]
              maybe: Order
              orders: List<Order>
              first: Order
              o: Order
              ids: IEnumerable<int>
              o: Order
              big: List<Order>
              pair: (Order, int)
              name: string
              either: Order
              o: Order
              picked: Order
              loaded: Order
              o: Order
              o: Order
              lookup: Dictionary<int, string>
              order: Order
              next: Order
              key: int
              value: string
              found: Order
              total: decimal
              count: int
              text: string
              now: DateTime
              elems: int[]
              anon: <anonymous type: int Id, decimal Sum>
              anonId: int
              o: Order
              describe: Func<Order, string>
              described: string
              parsed: int
              len: int
              `new List<Order>()`: List<Order>
              `orders.First()`: Order
              `o.Id`: int
              `orders.Select(o => o.Id)`: IEnumerable<int>
              `o.Total > 100m`: bool
              `orders.Where(o => o.Total > 100m).ToList()`: List<Order>
              `(first, 1)`: (Order, int)
              `pair.Item1.Customer ?? "none"`: string
              `ids.Any() ? first : null`: Order
              `o.Id == 1`: bool
              `orders.Pick(o => o.Id == 1)`: Order
              `await LoadAsync(2)`: Order
              `o.Id`: int
              `o.Customer`: string
              `orders.ToDictionary(o => o.Id, o => o.Customer)`: Dictionary<int, string>
              `order.Next`: Order
              `orders.Count + 1`: int
              `$"{count}"`: string
              `DateTime.Now`: DateTime
              `new[] { 1, 2, 3 }`: int[]
              `new { first.Id, Sum = 1m }`: <anonymous type: int Id, decimal Sum>
              `anon.Id`: int
              `o.Customer`: string
              `o => o.Customer`: ?
              `describe(first)`: string
              `int.TryParse("1", out var parsed)`: bool
              `name.Length`: int
              `orders.Add(loaded)`: void
            Service.Service
              `Service`: ?
        "#]],
    );
}

#[test]
fn generic_inference_patterns_and_queries() {
    check_types(
        r#"
//- /Test.cs framework:netcore
using System;
using System.Collections.Generic;
using System.Linq;

class Box<T>
{
    public T Value;
    public Box<U> Map<U>(Func<T, U> f) => new Box<U> { Value = f(Value) };
}

static class Program
{
    static T Id<T>(T value) => value;
    static (string Name, int Age) Person() => ("Ann", 3);

    static int Run(object shape, int? maybe, string[] args)
    {
        var box = new Box<int> { Value = 1 };
        var mapped = box.Map(v => v.ToString());
        var same = Id(mapped);
        var person = Person();
        var age = person.Age;
        var fallback = maybe ?? -1;
        var kind = shape switch { string s => s.Length, int n => n, _ => 0 };
        var query = from a in args where a.Length > 1 select a.ToUpper();
        var grouped = args.GroupBy(a => a.Length).Select(g => g.Key);
        Func<int, int> twice = x => { var doubled = x * 2; return doubled; };
        if (shape is IEnumerable<char> chars) { foreach (var c in chars) { } }
        return age;
    }
}
"#,
        expect![[r#"
            Box.Map
              f: Func<T, U>
              `new Box<U> { Value = f(Value) }`: Box<U>
            Box.Box
              `Box`: ?
            Program.Id
              value: T
              `value`: T
            Program.Person
              `("Ann", 3)`: (string, int)
            Program.Run
              shape: object
              maybe: int?
              args: string[]
              box: Box<int>
              v: int
              mapped: Box<string>
              same: Box<string>
              person: (string, int)
              age: int
              fallback: int
              s: string
              n: int
              kind: int
              a: string
              query: IEnumerable<string>
              a: string
              g: IGrouping<int, string>
              grouped: IEnumerable<int>
              x: int
              doubled: int
              twice: Func<int, int>
              chars: IEnumerable<char>
              c: char
              `new Box<int> { Value = 1 }`: Box<int>
              `v.ToString()`: string
              `box.Map(v => v.ToString())`: Box<string>
              `Id(mapped)`: Box<string>
              `Person()`: (string, int)
              `person.Age`: int
              `maybe ?? -1`: int
              `shape switch { string s => s.Length, int n => n, _ => 0 }`: int
              `a.Length > 1`: bool
              `a.ToUpper()`: string
              `select a.ToUpper()`: IEnumerable<string>
              `a.Length`: int
              `g.Key`: int
              `args.GroupBy(a => a.Length).Select(g => g.Key)`: IEnumerable<int>
              `x * 2`: int
              `doubled`: int
              `x => { var doubled = x * 2; return doubled; }`: ?
              `age`: int
        "#]],
    );
}
