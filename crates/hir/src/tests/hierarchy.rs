//! The type hierarchy: direct bases (declared on any part, or implied by the kind), the base-class
//! chain, and every interface, transitively, with generic arguments substituted.

use expect_test::{Expect, expect};

use crate::{all_interfaces, base_chain, type_bases};

/// For each named source type: its base class and declared interfaces, its base chain (and whether
/// it runs into a cycle), and all its interfaces (`*` on those it declares itself).
fn check(fixture: &str, types: &[&str], expect: Expect) {
    let (db, _) = super::load(fixture);
    let mut out = String::new();
    for name in types {
        let id = super::source_type(&db, name);
        let render = |tys: &mut dyn Iterator<Item = String>| tys.collect::<Vec<_>>().join(", ");
        let bases = type_bases(&db, id);
        let (chain, cycle) = base_chain(&db, id);
        out.push_str(&format!("{name}\n"));
        out.push_str(&format!(
            "  base: {}\n",
            bases
                .base_class
                .as_ref()
                .map_or("-".to_owned(), |b| super::render_ty(&db, b))
        ));
        out.push_str(&format!(
            "  declared interfaces: [{}]\n",
            render(&mut bases.interfaces.iter().map(|t| t.full_name(&db)))
        ));
        let cycle = if cycle { " (cycle)" } else { "" };
        out.push_str(&format!(
            "  chain: [{}]{cycle}\n",
            render(&mut chain.iter().map(|t| t.full_name(&db)))
        ));
        out.push_str(&format!(
            "  all interfaces: [{}]\n",
            render(&mut all_interfaces(&db, id).iter().map(|(t, declared)| {
                format!("{}{}", t.full_name(&db), if *declared { "*" } else { "" })
            }))
        ));
    }
    expect.assert_eq(&out);
}

#[test]
fn bases_the_kind_implies() {
    check(
        r#"
namespace Shop
{
    class Order { }
    struct Money { }
    enum State : byte { Open }
    delegate void Handler();
    interface IOrder { }
    record Receipt(int Id);
}
"#,
        &[
            "Shop.Order",
            "Shop.Money",
            "Shop.State",
            "Shop.Handler",
            "Shop.IOrder",
            "Shop.Receipt",
        ],
        expect![[r#"
            Shop.Order
              base: library System.Object
              declared interfaces: []
              chain: [System.Object]
              all interfaces: []
            Shop.Money
              base: library System.ValueType
              declared interfaces: []
              chain: [System.ValueType, System.Object]
              all interfaces: []
            Shop.State
              base: library System.Enum
              declared interfaces: []
              chain: [System.Enum, System.ValueType, System.Object]
              all interfaces: [System.IComparable, System.IConvertible, System.IFormattable]
            Shop.Handler
              base: library System.MulticastDelegate
              declared interfaces: []
              chain: [System.MulticastDelegate, System.Delegate, System.Object]
              all interfaces: [System.ICloneable, System.Runtime.Serialization.ISerializable]
            Shop.IOrder
              base: -
              declared interfaces: []
              chain: []
              all interfaces: []
            Shop.Receipt
              base: library System.Object
              declared interfaces: [System.IEquatable<Shop.Receipt>]
              chain: [System.Object]
              all interfaces: [System.IEquatable<Shop.Receipt>*]
        "#]],
    );
}

#[test]
fn the_base_lists_of_every_part_of_a_partial_type() {
    check(
        r#"
//- /Order.cs
namespace Shop
{
    public class Entity { }
    public interface IAudited { }
    public interface IPriced { }
    public partial class Order : Entity, IAudited { }
}
//- /Order.Pricing.cs
namespace Shop
{
    partial class Order : IPriced, IAudited { }
}
"#,
        &["Shop.Order"],
        expect![[r#"
            Shop.Order
              base: source Shop.Entity
              declared interfaces: [Shop.IAudited, Shop.IPriced]
              chain: [Shop.Entity, System.Object]
              all interfaces: [Shop.IAudited*, Shop.IPriced*]
        "#]],
    );
}

#[test]
fn interfaces_transitively_through_bases_and_interface_inheritance() {
    check(
        r#"
namespace Shop
{
    public interface IEntity { }
    public interface IKeyed<TKey> : IEntity { }
    public interface IRepository<T> : IKeyed<int> { }
    public interface IUnitOfWork { }
    public class User { }
    public abstract class RepositoryBase<T> : IUnitOfWork { }
    public class Repository<T> : RepositoryBase<T>, IRepository<T> { }
    public class UserRepository : Repository<User> { }
}
"#,
        &["Shop.Repository<T>", "Shop.UserRepository"],
        expect![[r#"
            Shop.Repository<T>
              base: source Shop.RepositoryBase<T>
              declared interfaces: [Shop.IRepository<T>]
              chain: [Shop.RepositoryBase<T>, System.Object]
              all interfaces: [Shop.IRepository<T>*, Shop.IUnitOfWork, Shop.IKeyed<System.Int32>, Shop.IEntity]
            Shop.UserRepository
              base: source Shop.Repository<Shop.User>
              declared interfaces: []
              chain: [Shop.Repository<Shop.User>, Shop.RepositoryBase<Shop.User>, System.Object]
              all interfaces: [Shop.IRepository<Shop.User>, Shop.IUnitOfWork, Shop.IKeyed<System.Int32>, Shop.IEntity]
        "#]],
    );
}

#[test]
fn library_bases_and_their_interfaces() {
    check(
        r#"
using System.Collections.Generic;
class Names : List<string>, System.IDisposable { public void Dispose() { } }
"#,
        &["Names"],
        expect![[r#"
            Names
              base: library System.Collections.Generic.List<System.String>
              declared interfaces: [System.IDisposable]
              chain: [System.Collections.Generic.List<System.String>, System.Object]
              all interfaces: [System.IDisposable*, System.Collections.Generic.ICollection<System.String>, System.Collections.Generic.IEnumerable<System.String>, System.Collections.Generic.IList<System.String>, System.Collections.Generic.IReadOnlyCollection<System.String>, System.Collections.Generic.IReadOnlyList<System.String>, System.Collections.ICollection, System.Collections.IEnumerable, System.Collections.IList]
        "#]],
    );
}

#[test]
fn a_base_list_sees_the_containing_types_nested_types() {
    check(
        r#"
namespace Shop
{
    class Helper { }
    class Outer
    {
        class Helper { }
        class Inner : Helper { }
    }
}
"#,
        &["Shop.Outer.Inner"],
        expect![[r#"
            Shop.Outer.Inner
              base: source Shop.Outer.Helper
              declared interfaces: []
              chain: [Shop.Outer.Helper, System.Object]
              all interfaces: []
        "#]],
    );
}

/// Invalid code (CS0146): the chain stops where it comes back and says so.
#[test]
fn a_cycle_of_base_classes_terminates() {
    check(
        r#"
class A : B { }
class B : C { }
class C : A { }
"#,
        &["A"],
        expect![[r#"
            A
              base: source B
              declared interfaces: []
              chain: [B, C] (cycle)
              all interfaces: []
        "#]],
    );
}
