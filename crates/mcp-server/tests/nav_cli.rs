//! `csnav search|hierarchy|callers|callees|refs` on the bundled examples: the tables people read, the
//! tools' JSON with `--json`, and names that need choosing.

use std::process::{Command, Output};

use expect_test::expect;
use serde_json::Value;

fn csnav(args: &[&str]) -> Output {
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples");
    let mut argv: Vec<&str> = args.to_vec();
    argv.insert(1, examples);
    Command::new(env!("CARGO_BIN_EXE_csnav"))
        .args(&argv)
        .output()
        .expect("csnav runs")
}

fn stdout_of(args: &[&str]) -> String {
    let output = csnav(args);
    assert!(
        output.status.success(),
        "csnav {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

#[test]
fn hierarchy_prints_bases_interfaces_and_derived_types() {
    expect![[r#"
        interface Bookstore.Domain.IReadRepository<T>  src/Bookstore.Domain/IEntity.cs:14:18

        Base types (0)

        Interfaces (0)

        Derived types (4)
          interface  Bookstore.Domain.IRepository<T>      src/Bookstore.Domain/IEntity.cs:24:18
          class      Bookstore.Data.BookRepository        src/Bookstore.Data/BookRepository.cs:6:14        (indirect)
          class      Bookstore.Data.CachedBookRepository  src/Bookstore.Data/CachedBookRepository.cs:6:25  (indirect)
          class      Bookstore.Data.RepositoryBase<T>     src/Bookstore.Data/RepositoryBase.cs:6:23        (indirect)
    "#]]
    .assert_eq(&stdout_of(&["hierarchy", "IReadRepository"]));
}

#[test]
fn callers_of_a_class_name_mean_its_constructor() {
    expect![[r#"
        constructor Bookstore.Data.RepositoryBase<T>.RepositoryBase(string)  src/Bookstore.Data/RepositoryBase.cs:10:15
        1 caller(s); call sites examined 1, resolved 1, ambiguous 0, unresolved 0

        CALLER                                                SITE                                        CODE
        Bookstore.Data.BookRepository.BookRepository(string)  src/Bookstore.Data/BookRepository.cs:14:11  : base(name)
    "#]]
    .assert_eq(&stdout_of(&["callers", "RepositoryBase"]));
}

#[test]
fn a_full_name_and_a_documentation_id_name_one_symbol() {
    let by_full_name = stdout_of(&["callees", "Bookstore.Data.BookRepository.ByGenre(Genre)"]);
    assert!(by_full_name.starts_with("method Bookstore.Data.BookRepository.ByGenre(Genre)"));
    assert!(by_full_name.contains("Bookstore.Domain.BookExtensions.InGenre"));
    let by_id = stdout_of(&["hierarchy", "T:Bookstore.Data.BookRepository"]);
    assert!(by_id.starts_with(
        "class Bookstore.Data.BookRepository  src/Bookstore.Data/BookRepository.cs:6:14"
    ));
}

#[test]
fn an_ambiguous_name_lists_its_candidates() {
    let output = csnav(&["callers", "Add"]);
    assert!(!output.status.success());
    expect![[r#"
        csnav: 'Add' is ambiguous: 2 symbols match; give one of these full names (or a documentation id):
          method  Bookstore.Domain.IRepository<T>.Add(T)   src/Bookstore.Domain/IEntity.cs:26:10
          method  Bookstore.Data.RepositoryBase<T>.Add(T)  src/Bookstore.Data/RepositoryBase.cs:25:17
    "#]]
    .assert_eq(&String::from_utf8_lossy(&output.stderr));
    let missing = csnav(&["hierarchy", "Nowhere"]);
    assert!(!missing.status.success());
    assert!(
        String::from_utf8_lossy(&missing.stderr)
            .starts_with("csnav: no symbol matches name 'Nowhere'")
    );
}

#[test]
fn json_prints_the_tools_answer() {
    let answer: Value =
        serde_json::from_str(&stdout_of(&["search", "BookRepository", "--json"])).expect("JSON");
    assert_eq!(answer["success"], true);
    assert_eq!(answer["query"], "BookRepository");
    assert_eq!(
        answer["symbols"][0]["fullName"],
        "Bookstore.Data.BookRepository"
    );
    assert_eq!(
        answer["symbols"][0]["filePath"],
        "src/Bookstore.Data/BookRepository.cs"
    );
}

/// `refs` runs find_references; a class named like its constructor means the class.
#[test]
fn refs_lists_the_references_of_a_type() {
    let table = stdout_of(&["refs", "RepositoryBase"]);
    expect![[r#"
        class Bookstore.Data.RepositoryBase<T>  src/Bookstore.Data/RepositoryBase.cs:6:23
        1 reference(s)

        KIND         SITE                                       CODE
        inheritance  src/Bookstore.Data/BookRepository.cs:6:31  public class BookRepository : RepositoryBase<Book>, IBookQueries
    "#]].assert_eq(&table);
    let output = csnav(&["refs", "Bookstore.Data.BookRepository", "--json"]);
    let answer: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(answer["success"], true);
}
