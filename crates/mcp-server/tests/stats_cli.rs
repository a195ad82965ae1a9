//! `csnav stats --json` on the bundled examples: the documented shape (docs/stats.md) and the counts,
//! never the timings.

use std::process::Command;

use expect_test::expect;
use serde_json::Value;

fn stats_json() -> Value {
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples");
    let output = Command::new(env!("CARGO_BIN_EXE_csnav"))
        .args(["stats", examples, "--json"])
        .output()
        .expect("csnav runs");
    assert!(
        output.status.success(),
        "csnav stats failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

#[test]
fn stats_json_shape_and_counts() {
    let stats = stats_json();
    assert_eq!(stats["schema"], "csnav-stats/1");
    assert_eq!(stats["workspace"]["kind"], "solution");
    assert!(stats["totalMs"].is_f64());
    assert!(stats["peakMemoryKb"].is_u64() || stats["peakMemoryKb"].is_null());

    let phases: Vec<&str> = stats["phases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|phase| {
            assert!(phase["ms"].as_f64().is_some_and(|ms| ms >= 0.0));
            phase["name"].as_str().unwrap()
        })
        .collect();
    expect![[r#"
        projectModel readFiles referenceAssemblies parse itemTrees defMaps symbolIndex typeHierarchies bodies"#]]
    .assert_eq(&phases.join(" "));

    // What the sources declare; binding counts move with the binder, so they are checked for
    // consistency below rather than pinned.
    let counts = &stats["counts"];
    let stable: Vec<String> = [
        "projects",
        "files",
        "bytes",
        "lines",
        "types",
        "members",
        "typeHierarchies",
        "derivedEntries",
    ]
    .iter()
    .map(|name| format!("{name}={}", counts[name]))
    .collect();
    expect!["projects=3 files=22 bytes=22656 lines=804 types=32 members=162 typeHierarchies=31 derivedEntries=17"]
    .assert_eq(&stable.join(" "));

    let binding = &stats["binding"];
    let total = |object: &Value, parts: &[&str]| {
        let sum: u64 = parts.iter().map(|p| object[p].as_u64().unwrap()).sum();
        assert_eq!(object["total"].as_u64(), Some(sum), "{object}");
        sum
    };
    let bound = total(&binding["bound"], &["source", "library", "external"]);
    let unresolved = total(
        &binding["unresolved"],
        &[
            "unknownReceiver",
            "notFound",
            "ambiguous",
            "missingMetadata",
            "dynamicReceiver",
            "lateBound",
        ],
    );
    assert_eq!(binding["callSites"], counts["callSites"]);
    assert_eq!(binding["callSites"].as_u64(), Some(bound + unresolved));
    assert!(bound > 0);
    for top in binding["topUnresolved"].as_array().unwrap() {
        assert!(top["name"].is_string() && top["count"].as_u64().is_some_and(|n| n > 0));
        assert!(binding["unresolved"][top["reason"].as_str().unwrap()].as_u64() > Some(0));
    }

    let errors = &stats["parseErrors"];
    assert_eq!(errors["errors"], 0);
    assert_eq!(errors["files"], 0);
    assert_eq!(errors["list"], Value::Array(Vec::new()));
}

#[test]
fn stats_lists_files_with_syntax_errors() {
    let dir = std::env::temp_dir().join(format!("csnav-stats-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("Good.cs"), "class Good { void M() { } }\n").unwrap();
    std::fs::write(dir.join("Bad.cs"), "class Bad {\n  void M( { }\n").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_csnav"))
        .args(["stats", "--json"])
        .arg(&dir)
        .output()
        .expect("csnav runs");
    std::fs::remove_dir_all(&dir).unwrap();
    let stats: Value = serde_json::from_slice(&output.stdout).expect("stdout is JSON");
    assert_eq!(stats["counts"]["files"], 2);
    let errors = &stats["parseErrors"];
    assert_eq!(errors["files"], 1);
    let first = errors["list"][0][0].as_str().unwrap();
    assert!(first.starts_with("Bad.cs:2: "), "{first}");
}
