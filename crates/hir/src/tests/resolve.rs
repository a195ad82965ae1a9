//! Name resolution of the types declarations name (§7.6 namespace and type names): namespaces
//! searched from the innermost out, usings, using aliases, `using static`, nested and inherited
//! nested types, generic arity, per-file usings of partial types, project references.

use expect_test::{Expect, expect};

use crate::{MemberKind, member_data, member_signature, type_members};

/// The resolved type of every field of the source type `probe` (full name with type parameters),
/// one line each: `name: origin full name`.
fn check(fixture: &str, probe: &str, expect: Expect) {
    let (db, _) = super::load(fixture);
    expect.assert_eq(&field_types(&db, probe, ""));
}

/// [`check`] of several types in one database, in order, each line prefixed with its type: what
/// one type's members resolve is memoized for the others that see the same namespace levels, which
/// must still see their own type parameters and nested types first.
fn check_in_turn(fixture: &str, probes: &[&str], expect: Expect) {
    let (db, _) = super::load(fixture);
    let out: String = probes
        .iter()
        .map(|probe| field_types(&db, probe, &format!("{probe}.")))
        .collect();
    expect.assert_eq(&out);
}

fn field_types(db: &crate::RootDatabase, probe: &str, prefix: &str) -> String {
    let id = super::source_type(db, probe);
    let mut out = String::new();
    for member in type_members(db, id) {
        let data = member_data(db, member).expect("a member of this revision");
        if data.kind != MemberKind::Field {
            continue;
        }
        let ty = member_signature(db, member)
            .ty
            .clone()
            .expect("a field has a type");
        out.push_str(&format!(
            "{prefix}{}: {}\n",
            data.name,
            super::render_ty(db, &ty)
        ));
    }
    out
}

#[test]
fn types_sharing_namespace_levels_keep_their_own_type_parameters_and_nested_types() {
    check_in_turn(
        r#"
//- /Lib.cs
namespace Shop { public class Item { } public class Box<T> { } }
//- /Probe.cs
namespace Shop
{
    class Plain { Item item; Box<Item> box; }
    class Nesting { class Item { } Item item; Box<Item> box; }
    class Derived : Nesting { Item item; Box<Item> box; }
    class Generic<Item> { Item item; Box<Item> box; }
    class Again { Item item; Box<Item> box; }
}
"#,
        &[
            "Shop.Plain",
            "Shop.Nesting",
            "Shop.Derived",
            "Shop.Generic<Item>",
            "Shop.Again",
        ],
        expect![[r#"
            Shop.Plain.item: source Shop.Item
            Shop.Plain.box: source Shop.Box<Shop.Item>
            Shop.Nesting.item: source Shop.Nesting.Item
            Shop.Nesting.box: source Shop.Box<Shop.Nesting.Item>
            Shop.Derived.item: source Shop.Nesting.Item
            Shop.Derived.box: source Shop.Box<Shop.Nesting.Item>
            Shop.Generic<Item>.item: type parameter Item
            Shop.Generic<Item>.box: source Shop.Box<Item>
            Shop.Again.item: source Shop.Item
            Shop.Again.box: source Shop.Box<Shop.Item>
        "#]],
    );
}

#[test]
fn namespaces_from_the_innermost_out_before_usings_of_outer_levels() {
    check(
        r#"
//- /Lib.cs
namespace Other { public class Item { } public class Only { } }
namespace Shop { public class Item { } }
namespace Shop.Orders { public class Line { } }
//- /Probe.cs
using Other;
namespace Shop
{
    namespace Orders.Sub
    {
        class Probe
        {
            Line line;
            Item item;
            Only only;
            Other.Item qualified;
            global::Other.Item global;
            Shop.Orders.Line full;
        }
    }
}
"#,
        "Shop.Orders.Sub.Probe",
        expect![[r#"
            line: source Shop.Orders.Line
            item: source Shop.Item
            only: source Other.Only
            qualified: source Other.Item
            global: source Other.Item
            full: source Shop.Orders.Line
        "#]],
    );
}

/// C# reports `Widget` ambiguous (CS0104: both usings import one) and binds neither; so does
/// csnav (an unknown type: picking one would bind its callers silently wrong). Written qualified,
/// or imported once, each name is itself.
#[test]
fn a_name_two_usings_import_is_ambiguous() {
    check(
        r#"
//- /Lib.cs
namespace A { public class Widget { } public class OnlyA { } }
namespace B { public class Widget { } }
//- /Probe.cs
using A;
using B;
class Probe
{
    Widget widget;
    OnlyA onlyA;
    A.Widget qualified;
}
"#,
        "Probe",
        expect![[r#"
            widget: constructed ?
            onlyA: source A.OnlyA
            qualified: source A.Widget
        "#]],
    );
}

#[test]
fn using_aliases_of_types_and_namespaces() {
    check(
        r#"
using Ints = System.Collections.Generic.List<int>;
using Generic = System.Collections.Generic;
using Book = Shop.Book;
using S = Shop;
namespace Shop { public class Book { } }
class Probe
{
    Ints ints;
    Generic.Dictionary<string, Book> map;
    Generic::List<int> list;
    Generic::Missing missing;
    Generic::KeyValuePair<int, int> pair;
    Book book;
    S::Book viaNamespaceAlias;
}
"#,
        "Probe",
        expect![[r#"
            ints: library System.Collections.Generic.List<System.Int32>
            map: library System.Collections.Generic.Dictionary<System.String, Shop.Book>
            list: library System.Collections.Generic.List<System.Int32>
            missing: unresolved System.Collections.Generic.Missing
            pair: library System.Collections.Generic.KeyValuePair<System.Int32, System.Int32>
            book: source Shop.Book
            viaNamespaceAlias: source Shop.Book
        "#]],
    );
}

#[test]
fn using_static_imports_nested_types() {
    check(
        r#"
using static Shop.Catalog;
namespace Shop
{
    public static class Catalog
    {
        public class Entry { }
        public enum Kind { Book }
    }
}
class Probe
{
    Entry entry;
    Kind kind;
}
"#,
        "Probe",
        expect![[r#"
            entry: source Shop.Catalog.Entry
            kind: source Shop.Catalog.Kind
        "#]],
    );
}

#[test]
fn nested_types_of_the_type_its_containers_and_its_bases() {
    check(
        r#"
namespace Shop
{
    public class Node { public class Child { } protected class Hidden { } }
    public class Tree
    {
        public class Leaf { }
        public class Branch : Node
        {
            Leaf leaf;
            Child child;
            Hidden hidden;
            Node.Child qualified;
            Tree.Leaf viaOuter;
        }
    }
}
"#,
        "Shop.Tree.Branch",
        expect![[r#"
            leaf: source Shop.Tree.Leaf
            child: source Shop.Node.Child
            hidden: source Shop.Node.Hidden
            qualified: source Shop.Node.Child
            viaOuter: source Shop.Tree.Leaf
        "#]],
    );
}

#[test]
fn generic_arity_picks_the_type_and_type_parameters_shadow_types() {
    check(
        r#"
namespace Shop
{
    public class Bag { }
    public class Bag<T> { }
    public class Bag<TKey, TValue> { }
    public class T { }
    class Probe<T>
    {
        Bag plain;
        Bag<int> one;
        Bag<int, string> two;
        Bag<Bag<T>> nested;
        T parameter;
        int[] ints;
        string? text;
        (int Id, Bag Name) pair;
        Missing missing;
    }
}
"#,
        "Shop.Probe<T>",
        expect![[r#"
            plain: source Shop.Bag
            one: source Shop.Bag<System.Int32>
            two: source Shop.Bag<System.Int32, System.String>
            nested: source Shop.Bag<Shop.Bag<T>>
            parameter: type parameter T
            ints: constructed System.Int32[]
            text: constructed System.String?
            pair: constructed (System.Int32, Shop.Bag)
            missing: unresolved Missing
        "#]],
    );
}

#[test]
fn each_part_of_a_partial_type_resolves_with_its_own_files_usings() {
    check(
        r#"
//- /Probe.A.cs
using System.Text;
partial class Probe { StringBuilder withUsing; }
//- /Probe.B.cs
partial class Probe { StringBuilder withoutUsing; System.Text.StringBuilder qualified; }
"#,
        "Probe",
        expect![[r#"
            withUsing: library System.Text.StringBuilder
            withoutUsing: unresolved StringBuilder
            qualified: library System.Text.StringBuilder
        "#]],
    );
}

#[test]
fn a_project_sees_the_types_of_the_projects_it_references_only() {
    check(
        r#"
//- /Domain/Book.cs project:Domain
namespace Shop { public class Book { } }
//- /Tools/Tool.cs project:Tools
namespace Shop { public class Tool { } }
//- /App/Probe.cs project:App references:Domain
namespace Shop { class Probe { Book book; Tool tool; } }
"#,
        "Shop.Probe",
        expect![[r#"
            book: source Shop.Book
            tool: unresolved Tool
        "#]],
    );
}
