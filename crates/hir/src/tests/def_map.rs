//! Def maps: the namespaces and type symbols of each project, partial declarations merged, nested
//! types under their parents, generic types told apart by arity.

use expect_test::{Expect, expect};

use crate::{Db, Symbol, full_name, item_tree::Modifiers};

/// Every project's namespaces (sorted) and types (in declaration order), with each type's kind,
/// namespace, parent, declarations (by file path) and merged modifiers.
fn check(fixture: &str, expect: Expect) {
    let (db, fixture) = super::load(fixture);
    let graph = db.workspace().graph(&db);
    let mut out = String::new();
    for (project, data) in graph.iter() {
        let map = crate::def_map(&db, project);
        out.push_str(&format!("project {}\n", data.name));
        let mut namespaces: Vec<&str> = map.namespace_names().map(|n| n.as_str()).collect();
        namespaces.sort();
        out.push_str(&format!("  namespaces: {namespaces:?}\n"));
        for (id, def) in map.types() {
            let decls: Vec<&str> = def
                .decls
                .iter()
                .map(|d| fixture.files[d.file.0 as usize].path.as_str())
                .collect();
            let parent = def
                .parent
                .map(|p| format!(" in {}", map.type_def(p).name))
                .unwrap_or_default();
            let modifiers: String = [
                "public", "internal", "static", "abstract", "sealed", "partial",
            ]
            .into_iter()
            .filter(|w| Modifiers::from_keyword(w).is_some_and(|m| def.modifiers.contains(m)))
            .map(|w| format!("; {w}"))
            .collect();
            out.push_str(&format!(
                "  {:?} {} arity {} (namespace {:?}{parent}{modifiers}) {decls:?}\n",
                def.kind,
                full_name(&db, Symbol::Type(id)),
                def.arity,
                def.namespace,
            ));
        }
    }
    expect.assert_eq(&out);
}

#[test]
fn partial_declarations_across_files_are_one_type() {
    check(
        r#"
//- /Order.cs
namespace Shop
{
    public partial class Order { public int Id; }
}
//- /Order.Lines.cs
namespace Shop
{
    partial class Order { public void AddLine() { } }
    static partial class Order2 { }
}
//- /Order.Static.cs
namespace Shop
{
    public static partial class Order2 { }
}
"#,
        expect![[r#"
            project Test
              namespaces: ["", "Shop"]
              Class Shop.Order arity 0 (namespace "Shop"; public; partial) ["/Order.cs", "/Order.Lines.cs"]
              Class Shop.Order2 arity 0 (namespace "Shop"; public; static; partial) ["/Order.Lines.cs", "/Order.Static.cs"]
        "#]],
    );
}

#[test]
fn nested_types_and_namespaces_by_every_prefix() {
    check(
        r#"
namespace Company.Product.Core
{
    public class Outer
    {
        public class Inner { private struct Deepest { } }
        public interface IInner<T> { }
    }
}
namespace Company
{
    namespace Tools { enum Mode { A } }
}
class Global { }
"#,
        expect![[r#"
            project Test
              namespaces: ["", "Company", "Company.Product", "Company.Product.Core", "Company.Tools"]
              Class Company.Product.Core.Outer arity 0 (namespace "Company.Product.Core"; public) ["/Test.cs"]
              Class Company.Product.Core.Outer.Inner arity 0 (namespace "Company.Product.Core" in Outer; public) ["/Test.cs"]
              Struct Company.Product.Core.Outer.Inner.Deepest arity 0 (namespace "Company.Product.Core" in Inner) ["/Test.cs"]
              Interface Company.Product.Core.Outer.IInner<T> arity 1 (namespace "Company.Product.Core" in Outer; public) ["/Test.cs"]
              Enum Company.Tools.Mode arity 0 (namespace "Company.Tools") ["/Test.cs"]
              Class Global arity 0 (namespace "") ["/Test.cs"]
        "#]],
    );
}

#[test]
fn generic_types_of_different_arity_are_different_types() {
    check(
        r#"
namespace Collections
{
    public class Bag { }
    public class Bag<T> { }
    public class Bag<TKey, TValue> { }
    public partial class Pair<A, B> { }
    public partial class Pair<A, B> { }
    public delegate void Callback<in T>(T value);
}
"#,
        expect![[r#"
            project Test
              namespaces: ["", "Collections"]
              Class Collections.Bag arity 0 (namespace "Collections"; public) ["/Test.cs"]
              Class Collections.Bag<T> arity 1 (namespace "Collections"; public) ["/Test.cs"]
              Class Collections.Bag<TKey, TValue> arity 2 (namespace "Collections"; public) ["/Test.cs"]
              Class Collections.Pair<A, B> arity 2 (namespace "Collections"; public; partial) ["/Test.cs", "/Test.cs"]
              Delegate Collections.Callback<T> arity 1 (namespace "Collections"; public) ["/Test.cs"]
        "#]],
    );
}

#[test]
fn each_project_maps_its_own_sources() {
    check(
        r#"
//- /Domain/Book.cs project:Domain
namespace Shop { public class Book { } }
//- /App/Program.cs project:App references:Domain
namespace Shop { class Program { Book b; } }
namespace Shop.App { class Main { } }
"#,
        expect![[r#"
            project Domain
              namespaces: ["", "Shop"]
              Class Shop.Book arity 0 (namespace "Shop"; public) ["/Domain/Book.cs"]
            project App
              namespaces: ["", "Shop", "Shop.App"]
              Class Shop.Program arity 0 (namespace "Shop") ["/App/Program.cs"]
              Class Shop.App.Main arity 0 (namespace "Shop.App") ["/App/Program.cs"]
        "#]],
    );
}
