//! Reads every reference assembly of Mono's .NET Framework 4.8 profile and checks facts about
//! mscorlib and netstandard. Without Mono the test is skipped with a message, unless
//! `CSNAV_REQUIRE_MONO` is set (CI sets it and installs mono-devel), when a missing Mono fails.

use metadata::{Assembly, TypeDef, TypeSig};
use std::path::{Path, PathBuf};

const API: &str = "/usr/lib/mono/4.8-api";

fn dlls(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("dll")))
        .collect();
    paths.sort();
    paths
}

fn find<'a>(asm: &'a Assembly, full_name: &str) -> &'a TypeDef {
    asm.types
        .iter()
        .find(|t| t.full_name(asm) == full_name)
        .unwrap_or_else(|| panic!("no {full_name}"))
}

fn named(sig: &TypeSig) -> &str {
    match sig {
        TypeSig::Named(n) => &n.full_name,
        other => panic!("not a named type: {other:?}"),
    }
}

#[test]
fn reads_the_framework_reference_assemblies() {
    let api = Path::new(API);
    if !api.is_dir() {
        assert!(
            std::env::var_os("CSNAV_REQUIRE_MONO").is_none(),
            "CSNAV_REQUIRE_MONO is set but {API} is missing: install mono-devel"
        );
        println!(
            "skipped: {API} is missing (install mono-devel, or set CSNAV_REQUIRE_MONO=1 to fail)"
        );
        return;
    }
    let mut paths = dlls(api);
    paths.extend(dlls(&api.join("Facades")));
    assert!(
        paths.len() > 200,
        "only {} assemblies in {API}",
        paths.len()
    );
    let mut assemblies = Vec::new();
    for path in &paths {
        match metadata::read_file(path) {
            Ok(asm) => assemblies.push(asm),
            Err(e) => panic!("{}: {e}", path.display()),
        }
    }

    let mscorlib = assemblies.iter().find(|a| a.name == "mscorlib").unwrap();
    let list = find(mscorlib, "System.Collections.Generic.List`1");
    assert_eq!((list.name.as_str(), list.arity), ("List", 1));
    let interfaces: Vec<&str> = list.interfaces.iter().map(named).collect();
    for expected in [
        "System.Collections.Generic.IList`1",
        "System.Collections.Generic.ICollection`1",
        "System.Collections.Generic.IEnumerable`1",
        "System.Collections.Generic.IReadOnlyList`1",
        "System.Collections.IList",
    ] {
        assert!(
            interfaces.contains(&expected),
            "List`1 lacks {expected}: {interfaces:?}"
        );
    }
    assert_eq!(list.default_member.as_deref(), Some("Item"));
    let count = list
        .properties()
        .iter()
        .find(|p| p.name == "Count")
        .unwrap();
    assert_eq!(
        list.methods()[count.getter.unwrap() as usize].name,
        "get_Count"
    );

    let string = find(mscorlib, "System.String");
    let is_null_or_white_space = string
        .methods()
        .iter()
        .find(|m| m.name == "IsNullOrWhiteSpace")
        .unwrap();
    assert!(is_null_or_white_space.is_static);
    assert!(string.is_sealed);

    let nullable = find(mscorlib, "System.Nullable`1");
    assert_eq!(nullable.kind, metadata::TypeKind::Struct);
    assert!(nullable.generic_params[0].value_type);
    let overloads = nullable
        .methods()
        .iter()
        .filter(|m| m.name == "GetValueOrDefault")
        .count();
    assert_eq!(overloads, 2);

    let key_collection = find(
        mscorlib,
        "System.Collections.Generic.Dictionary`2+KeyCollection",
    );
    assert_eq!(
        (key_collection.arity, key_collection.generic_params.len()),
        (0, 2)
    );
    assert_eq!(key_collection.namespace, "System.Collections.Generic");

    assert_eq!(
        find(mscorlib, "System.Enum").kind,
        metadata::TypeKind::Class
    );
    assert_eq!(
        find(mscorlib, "System.DayOfWeek").kind,
        metadata::TypeKind::Enum
    );
    assert_eq!(
        find(mscorlib, "System.Action`1").kind,
        metadata::TypeKind::Delegate
    );
    assert!(find(mscorlib, "System.Math").is_static);

    let linq = assemblies.iter().find(|a| a.name == "System.Core").unwrap();
    let enumerable = find(linq, "System.Linq.Enumerable");
    assert!(enumerable.is_extension_container);
    assert!(
        enumerable
            .methods()
            .iter()
            .any(|m| m.name == "Where" && m.is_extension)
    );

    let netstandard = assemblies.iter().find(|a| a.name == "netstandard").unwrap();
    let to_mscorlib = |name: &str| {
        netstandard
            .forwarders
            .iter()
            .any(|f| f.target == "mscorlib" && format!("{}.{}", f.namespace, f.name) == name)
    };
    assert!(to_mscorlib("System.Object"));
    assert!(to_mscorlib("System.Collections.Generic.List`1"));
    assert!(to_mscorlib(
        "System.Collections.Generic.Dictionary`2+KeyCollection"
    ));
}
