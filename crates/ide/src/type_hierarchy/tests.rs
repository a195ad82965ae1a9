//! Type hierarchies (bases, interfaces, derived types) over C# fixtures.

use expect_test::{Expect, expect};

use crate::{AnalysisHost, DerivedRelation, TypeHierarchy, fixture::FixtureExt};

/// Renders the hierarchy of the type at `$0`.
fn check(fixture: &str, expect: Expect) {
    let (host, fixture) = AnalysisHost::from_fixture(fixture);
    let analysis = host.analysis();
    let symbol = fixture.cursor_symbol(&analysis);
    let hierarchy = analysis
        .type_hierarchy(&symbol.key)
        .unwrap()
        .expect("not a type");
    expect.assert_eq(&render(&hierarchy));
}

fn render(h: &TypeHierarchy) -> String {
    let mut out = format!(
        "{} ({:?}) {}\n",
        h.symbol.full_name, h.symbol.kind, h.symbol.documentation_id
    );
    for b in &h.base_types {
        out.push_str(&format!(
            "base {}{}\n",
            b.full_name,
            if b.is_external { " [external]" } else { "" }
        ));
    }
    for i in &h.interfaces {
        out.push_str(&format!(
            "interface {}{}{}\n",
            i.ty.full_name,
            if i.ty.is_external { " [external]" } else { "" },
            if i.declared_here { " [declared]" } else { "" }
        ));
    }
    for d in &h.derived {
        let rel = match d.relation {
            DerivedRelation::Subclass => "subclass",
            DerivedRelation::Implementation => "implementation",
            DerivedRelation::DerivedInterface => "derivedInterface",
        };
        out.push_str(&format!(
            "derived {} {rel}{}\n",
            d.symbol.full_name,
            if d.is_direct { " [direct]" } else { "" }
        ));
    }
    if h.cyclic {
        out.push_str("cyclic\n");
    }
    out
}

#[test]
fn generic_base_and_interfaces() {
    check(
        r#"
//- /Models.cs
namespace App.Models { public class User : IEntity {} public interface IEntity { int Id { get; } } }
//- /Repo.cs
using App.Models;
using System.Collections.Generic;
namespace App.Data
{
    public interface IReadRepository<T> { T Find(int id); }
    public interface IRepository<T> : IReadRepository<T> where T : IEntity { void Save(T item); }
    public abstract class Repository<T> : IRepository<T>, IEnumerable<T> where T : class, IEntity {}
    public class UserRepository$0 : Repository<User> {}
    public sealed class CachedUserRepository : UserRepository {}
}
"#,
        expect![[r#"
            App.Data.UserRepository (Class) T:App.Data.UserRepository
            base App.Data.Repository<App.Models.User>
            base System.Object [external]
            interface App.Data.IRepository<App.Models.User>
            interface System.Collections.Generic.IEnumerable<App.Models.User> [external]
            interface App.Data.IReadRepository<App.Models.User>
            interface System.Collections.IEnumerable [external]
            derived App.Data.CachedUserRepository subclass [direct]
        "#]],
    );
}

#[test]
fn partial_class_across_files_appears_once() {
    check(
        r#"
//- /A.cs
namespace N { public partial class Order$0 : Entity {} public class Entity {} }
//- /B.cs
namespace N { public partial class Order : System.IComparable { } }
//- /C.cs
namespace N { public class SpecialOrder : Order {} public partial class Order {} }
"#,
        expect![[r#"
            N.Order (Class) T:N.Order
            base N.Entity
            base System.Object [external]
            interface System.IComparable [external] [declared]
            derived N.SpecialOrder subclass [direct]
        "#]],
    );
}

#[test]
fn records_primary_constructors_and_file_scoped_namespaces() {
    check(
        r#"
//- /Money.cs
namespace Shop.Pricing;
public abstract record Price(decimal Amount);
public record Money$0(decimal Amount, string Currency) : Price(Amount), IFormattable;
public record struct Point(int X, int Y);
public class Service(ILogger logger) : BaseService(logger) { }
public class BaseService(ILogger logger) { }
public interface ILogger { }
"#,
        expect![[r#"
            Shop.Pricing.Money (Record) T:Shop.Pricing.Money
            base Shop.Pricing.Price
            base System.Object [external]
            interface IFormattable [external] [declared]
            interface System.IEquatable<Shop.Pricing.Money> [external] [declared]
            interface System.IEquatable<Shop.Pricing.Price> [external]
        "#]],
    );
}

#[test]
fn interface_derived_types_include_implementers_through_bases() {
    check(
        r#"
namespace N
{
    public interface IShape$0 { }
    public interface ISolid : IShape { }
    public abstract class Shape : IShape { }
    public class Circle : Shape { }
    public class Cube : ISolid { }
    public struct Dot : IShape { }
    public class Unrelated { }
}
"#,
        expect![[r#"
            N.IShape (Interface) T:N.IShape
            derived N.Dot implementation [direct]
            derived N.ISolid derivedInterface [direct]
            derived N.Shape implementation [direct]
            derived N.Circle implementation
            derived N.Cube implementation
        "#]],
    );
}

#[test]
fn nested_types_and_inherited_nested_types() {
    check(
        r#"
namespace N
{
    public class Outer<T>
    {
        public class Node { }
        public class Inner : Node { }
    }
    public class Derived : Outer<int>
    {
        public class Leaf$0 : Node { }
    }
}
"#,
        expect![[r#"
            N.Derived.Leaf (Class) T:N.Derived.Leaf
            base N.Outer<System.Int32>.Node
            base System.Object [external]
        "#]],
    );
}

#[test]
fn usings_aliases_and_global_usings() {
    check(
        r#"
//- /Global.cs
global using Shop.Core;
//- /Core.cs
namespace Shop.Core { public class EntityBase { } public interface IAudited { } }
namespace Shop.Other { public class EntityBase { } }
//- /Order.cs
using Audit = Shop.Core.IAudited;
namespace Shop.Orders
{
    using System.Collections.Generic;
    public class Order$0 : EntityBase, Audit, IEnumerable<Order> { }
}
"#,
        expect![[r#"
            Shop.Orders.Order (Class) T:Shop.Orders.Order
            base Shop.Core.EntityBase
            base System.Object [external]
            interface Shop.Core.IAudited [declared]
            interface System.Collections.Generic.IEnumerable<Shop.Orders.Order> [external] [declared]
            interface System.Collections.IEnumerable [external]
        "#]],
    );
}

#[test]
fn external_names_resolve_through_a_single_candidate_namespace() {
    check(
        r#"
//- /Web.cs framework:netcore
using Microsoft.AspNetCore.Mvc;
using System;
namespace Web
{
    public class UsersController$0 : ControllerBase, IDisposable { public void Dispose() { } }
}
"#,
        expect![[r#"
            Web.UsersController (Class) T:Web.UsersController
            base Microsoft.AspNetCore.Mvc.ControllerBase [external]
            base System.Object [external]
            interface System.IDisposable [external] [declared]
        "#]],
    );
}

#[test]
fn cyclic_inheritance_terminates() {
    check(
        r#"
namespace N
{
    public class A$0 : B { }
    public class B : C { }
    public class C : A { }
}
"#,
        expect![[r#"
            N.A (Class) T:N.A
            base N.B
            base N.C
            derived N.C subclass [direct]
            derived N.B subclass
            cyclic
        "#]],
    );
}

#[test]
fn same_name_in_two_namespaces_follows_the_usings() {
    check(
        r#"
//- /Orders.cs
namespace Acme.Orders { public class Notifier { } }
//- /Billing.cs
namespace Acme.Billing { public class Notifier { } }
//- /Use.cs
using Acme.Billing;
namespace Acme.App { public class EmailNotifier$0 : Notifier { } }
"#,
        expect![[r#"
            Acme.App.EmailNotifier (Class) T:Acme.App.EmailNotifier
            base Acme.Billing.Notifier
            base System.Object [external]
        "#]],
    );
}

#[test]
fn projects_see_referenced_projects_only() {
    check(
        r#"
//- /Domain/Entity.cs project:Domain
namespace Shop { public class Entity { } }
//- /Other/Entity.cs project:Other
namespace Shop { public class Plugin { } }
//- /App/Order.cs project:App references:Domain
namespace Shop { public class Order$0 : Entity { } public class Thing : Plugin { } }
"#,
        expect![[r#"
            Shop.Order (Class) T:Shop.Order
            base Shop.Entity
            base System.Object [external]
        "#]],
    );
}

#[test]
fn a_polyfill_in_a_framework_namespace_does_not_hide_the_framework() {
    check(
        r#"
//- /Polyfill.cs
namespace System.Runtime.CompilerServices { internal static class IsExternalInit { } }
//- /Usings.cs
global using System;
//- /Handler.cs
namespace App { public class Handler$0 : IDisposable { public event EventHandler<string> Done; public void Dispose() { } } }
"#,
        expect![[r#"
            App.Handler (Class) T:App.Handler
            base System.Object [external]
            interface System.IDisposable [external] [declared]
        "#]],
    );
}

#[test]
fn partial_parts_repeating_the_base_class_do_not_make_it_an_interface() {
    check(
        r#"
//- /A.cs
using System.IO;
public partial class LiteStream$0 : Stream { }
//- /B.cs
using System.IO;
public partial class LiteStream : Stream, System.IDisposable { }
"#,
        expect![[r#"
            LiteStream (Class) T:LiteStream
            base System.IO.Stream [external]
            base System.MarshalByRefObject [external]
            base System.Object [external]
            interface System.IDisposable [external] [declared]
        "#]],
    );
}

#[test]
fn library_bases_are_those_of_the_version_the_project_references() {
    // `VersionOne.dll`'s `Widget : Shape, IDisposable`; `VersionTwo.dll`'s `Widget : Box`.
    let fixture = |cursor_in_one: bool| {
        let (one, two) = if cursor_in_one {
            ("$0", "")
        } else {
            ("", "$0")
        };
        format!(
            "//- /One/Mine.cs project:One assemblies:VersionOne\n\
             class Mine{one} : Fixtures.Versions.Widget {{ }}\n\
             //- /Two/Mine.cs project:Two assemblies:VersionTwo\n\
             class Mine{two} : Fixtures.Versions.Widget {{ }}\n"
        )
    };
    check(
        &fixture(true),
        expect![[r#"
            Mine (Class) T:Mine
            base Fixtures.Versions.Widget [external]
            base Fixtures.Versions.Shape [external]
            base System.Object [external]
            interface System.IDisposable [external]
        "#]],
    );
    check(
        &fixture(false),
        expect![[r#"
            Mine (Class) T:Mine
            base Fixtures.Versions.Widget [external]
            base Fixtures.Versions.Box [external]
            base System.Object [external]
        "#]],
    );
}
