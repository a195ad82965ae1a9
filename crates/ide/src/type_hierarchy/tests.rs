use expect_test::{Expect, expect};

use crate::{AnalysisHost, DerivedRelation, TypeHierarchy};

/// Renders the hierarchy of the type at `$0`.
fn check(fixture: &str, expect: Expect) {
    let (host, fixture) = AnalysisHost::from_fixture(fixture);
    let analysis = host.analysis();
    let (file, offset) = fixture.cursor.expect("fixture needs $0");
    let symbol = analysis.symbol_at(file, offset).unwrap().expect("no symbol at $0");
    let hierarchy = analysis.type_hierarchy(&symbol.key).unwrap().expect("not a type");
    expect.assert_eq(&render(&hierarchy));
}

fn render(h: &TypeHierarchy) -> String {
    let mut out = format!("{} ({:?}) {}\n", h.symbol.full_name, h.symbol.kind, h.symbol.documentation_id);
    for b in &h.base_types {
        out.push_str(&format!("base {}{}\n", b.full_name, if b.is_external { " [external]" } else { "" }));
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
        out.push_str(&format!("derived {} {rel}{}\n", d.symbol.full_name, if d.is_direct { " [direct]" } else { "" }));
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
