//! The type hierarchy of every type of the oracle corpus against what the Roslyn compiler emitted.
//!
//! The oracle lists, per type, its base class and the interfaces its metadata names (those it declares
//! plus what they inherit, not those of its base classes). From that we derive, per type, the whole
//! interface closure and the derived types, and compare them with csnav's answers.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

struct OracleType {
    base: Option<String>,
    interfaces: BTreeSet<String>,
    declared: BTreeSet<String>,
}

fn oracle_types(oracle: &Value) -> BTreeMap<String, OracleType> {
    let strings = |v: &Value| -> BTreeSet<String> {
        v.as_array()
            .into_iter()
            .flatten()
            .filter_map(|s| s.as_str())
            .map(str::to_owned)
            .collect()
    };
    oracle["types"]
        .as_array()
        .expect("types[]")
        .iter()
        .filter_map(|t| {
            let id = t["id"].as_str()?.to_owned();
            // Compiler-generated types (closures, state machines) have no source declaration.
            if id.contains('<') {
                return None;
            }
            let ty = OracleType {
                base: t["baseId"].as_str().map(str::to_owned),
                interfaces: strings(&t["interfaceIds"]),
                declared: strings(&t["declaredInterfaceIds"]),
            };
            Some((id, ty))
        })
        .collect()
}

/// Interfaces of a type and of its bases, as far as the oracle knows them.
fn oracle_closure(types: &BTreeMap<String, OracleType>, id: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut current = Some(id.to_owned());
    let mut steps = 0;
    while let Some(t) = current.and_then(|c| types.get(&c)) {
        out.extend(t.interfaces.iter().cloned());
        current = t.base.clone();
        steps += 1;
        assert!(steps < 100, "oracle base chain loops at {id}");
    }
    out
}

fn oracle_derived(types: &BTreeMap<String, OracleType>, id: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut queue = vec![id.to_owned()];
    while let Some(current) = queue.pop() {
        for (derived, t) in types {
            let names_it =
                t.base.as_deref() == Some(current.as_str()) || t.declared.contains(&current);
            if names_it && out.insert(derived.clone()) {
                queue.push(derived.clone());
            }
        }
    }
    out
}

#[test]
fn hierarchy_matches_the_compiler() {
    let oracle = tests::corpus_oracle();
    let types = oracle_types(&oracle);
    let (host, _) = tests::load_folder(&tests::corpus_dir(), "Corpus");
    let analysis = host.analysis();

    let mut mismatches = Vec::new();
    for (id, expected) in &types {
        let symbols = analysis.symbols_by_documentation_id(id).unwrap();
        let [symbol] = symbols.as_slice() else {
            mismatches.push(format!("{id}: {} symbols", symbols.len()));
            continue;
        };
        let h = analysis
            .type_hierarchy(&symbol.key)
            .unwrap()
            .expect("a type");
        let base = h
            .base_types
            .first()
            .and_then(|b| b.documentation_id.clone());
        if base != expected.base {
            mismatches.push(format!("{id}: base {base:?}, compiler {:?}", expected.base));
        }
        let declared: BTreeSet<String> = h
            .interfaces
            .iter()
            .filter(|i| i.declared_here)
            .filter_map(|i| i.ty.documentation_id.clone())
            .collect();
        if declared != expected.declared {
            mismatches.push(format!(
                "{id}: declared interfaces {declared:?}, compiler {:?}",
                expected.declared
            ));
        }
        let all: BTreeSet<String> = h
            .interfaces
            .iter()
            .filter_map(|i| i.ty.documentation_id.clone())
            .collect();
        let expected_all = oracle_closure(&types, id);
        // The oracle sees only the metadata of source types: what a framework base class (`System.Enum`,
        // `System.MulticastDelegate`) implements is missing there, so csnav may add to it.
        let framework_base = h
            .base_types
            .iter()
            .any(|b| b.is_external && b.documentation_id.as_deref() != Some("T:System.Object"));
        let matches = if framework_base {
            expected_all.is_subset(&all)
        } else {
            all == expected_all
        };
        if !matches {
            mismatches.push(format!(
                "{id}: interfaces {all:?}, compiler {expected_all:?}"
            ));
        }
        let derived: BTreeSet<String> = h
            .derived
            .iter()
            .map(|d| d.symbol.documentation_id.clone())
            .collect();
        let expected_derived = oracle_derived(&types, id);
        if derived != expected_derived {
            mismatches.push(format!(
                "{id}: derived {derived:?}, compiler {expected_derived:?}"
            ));
        }
    }
    eprintln!(
        "hierarchy: {} types compared, {} mismatches",
        types.len(),
        mismatches.len()
    );
    assert!(
        types.len() > 50,
        "the corpus has too few types: {}",
        types.len()
    );
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
