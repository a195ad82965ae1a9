//! Call edges of every corpus member against the calls the Roslyn compiler emitted.
//!
//! An edge is (caller, callee) between source members, the callee mapped to the member that introduced
//! its virtual slot (as IL names virtual calls). Accessor calls are compared as the accessor methods
//! (`get_X`, `set_Item`, `add_E`). Left out on the oracle side: calls into the framework, compiler
//! plumbing (`synthetic`), implicit calls no text shows (`textMatch: false`), calls no source line
//! holds (the base call of an implicit default constructor) and method-group references (`ldftn`).
//! Left out on csnav's side: method-group references and calls out of the sources.

use std::collections::BTreeSet;

use ide::{CallKind, CalleeInfo, SymbolKey};

type Edge = (String, String);

/// The compared edges, those of them that call accessors, and the real calls the oracle could not
/// match to the text (`textMatch: false` on a call that is not implicit: a statement spanning lines),
/// which count on neither side.
fn oracle_edges(oracle: &serde_json::Value) -> (BTreeSet<Edge>, BTreeSet<Edge>, BTreeSet<Edge>) {
    let mut all = BTreeSet::new();
    let mut accessors = BTreeSet::new();
    let mut unattested = BTreeSet::new();
    for call in oracle["calls"].as_array().expect("calls[]") {
        let s = |k: &str| call[k].as_str();
        if call["internal"] != true
            || !call["synthetic"].is_null()
            || call["line"].is_null()
            || matches!(s("op"), Some("ldftn" | "ldvirtftn"))
        {
            continue;
        }
        let (Some(caller), Some(callee)) = (s("callerMember").or(s("caller")), s("calleeRoot"))
        else {
            continue;
        };
        let callee = invoke_without_params(callee);
        let edge = (caller.to_owned(), callee.to_owned());
        if call["textMatch"] == false {
            unattested.insert(edge);
            continue;
        }
        if matches!(s("calleeKind"), Some("getter" | "setter")) {
            accessors.insert(edge.clone());
        }
        all.insert(edge);
    }
    let unattested = unattested.difference(&all).cloned().collect();
    (all, accessors, unattested)
}

/// Delegate `Invoke` is compared without its parameters (the delegate type is the identity).
fn invoke_without_params(callee: &str) -> &str {
    match callee.find(".Invoke(") {
        Some(i) => &callee[..i + ".Invoke".len()],
        None => callee,
    }
}

/// `P:T.Name` read through `get` is the method `M:T.get_Name`; indexer setters add the value's type.
fn accessor_id(property_id: &str, kind: CallKind, value_type: Option<&str>) -> String {
    let body = property_id.get(2..).unwrap_or_default();
    let (path, params) = match body.find('(') {
        Some(i) => (&body[..i], &body[i + 1..body.len() - 1]),
        None => (body, ""),
    };
    let (ty, name) = path.rsplit_once('.').unwrap_or(("", path));
    let (prefix, extra) = match kind {
        CallKind::Get => ("get_", None),
        CallKind::Set => ("set_", value_type),
        CallKind::EventAdd => ("add_", value_type),
        _ => ("remove_", value_type),
    };
    let mut all: Vec<&str> = params.split(',').filter(|p| !p.is_empty()).collect();
    all.extend(extra);
    let params = if all.is_empty() {
        String::new()
    } else {
        format!("({})", all.join(","))
    };
    format!("M:{ty}.{prefix}{name}{params}")
}

#[test]
fn call_edges_match_the_compiler() {
    let oracle = tests::corpus_oracle();
    let (oracle_all, oracle_accessors, unattested) = oracle_edges(&oracle);
    let value_types: std::collections::BTreeMap<String, String> = oracle["methods"]
        .as_array()
        .expect("methods[]")
        .iter()
        .filter_map(|m| {
            let member = m["member"].as_str()?;
            let id = m["id"].as_str()?;
            // `set_X(T)` / `add_E(T)`: the last parameter is the value's type.
            let value = id.strip_suffix(')')?.rsplit([',', '(']).next()?;
            matches!(m["kind"].as_str(), Some("set" | "add" | "remove"))
                .then(|| (member.to_owned(), value.to_owned()))
        })
        .collect();
    let (host, _) = tests::load_folder(&tests::corpus_dir(), "Corpus");
    let analysis = host.analysis();
    let callers: BTreeSet<String> = oracle["methods"]
        .as_array()
        .expect("methods[]")
        .iter()
        .filter_map(|m| m["member"].as_str().or(m["id"].as_str()).map(str::to_owned))
        .collect();
    let mut ours = BTreeSet::new();
    let mut ours_accessors = BTreeSet::new();
    let mut coverage = ide::Coverage::default();
    for caller in &callers {
        let key = SymbolKey {
            project: "Corpus".into(),
            documentation_id: caller.as_str().into(),
        };
        let Some(calls) = analysis
            .outgoing_calls(&key, 1, usize::MAX)
            .expect("not cancelled")
        else {
            continue;
        };
        coverage.examined += calls.coverage.examined;
        coverage.resolved += calls.coverage.resolved;
        coverage.ambiguous += calls.coverage.ambiguous;
        coverage.unresolved += calls.coverage.unresolved;
        for callee in &calls.callees {
            let id = match &callee.callee {
                CalleeInfo::Source { symbol, root } => {
                    root.as_ref().map_or(symbol.documentation_id.clone(), |r| {
                        r.documentation_id.to_string()
                    })
                }
                CalleeInfo::DelegateInvoke { ty } => {
                    format!("M:{}.Invoke", &ty.documentation_id[2..])
                }
                CalleeInfo::External { .. } => continue,
            };
            for site in &callee.sites {
                let callee_id = match site.kind {
                    CallKind::MethodGroup => continue,
                    CallKind::Get | CallKind::Set | CallKind::EventAdd | CallKind::EventRemove => {
                        accessor_id(&id, site.kind, value_types.get(&id).map(String::as_str))
                    }
                    _ => invoke_without_params(&id).to_owned(),
                };
                let edge = (caller.clone(), callee_id);
                if matches!(site.kind, CallKind::Get | CallKind::Set) {
                    ours_accessors.insert(edge.clone());
                }
                ours.insert(edge);
            }
        }
    }
    let ours: BTreeSet<Edge> = ours.difference(&unattested).cloned().collect();
    let report = |label: &str, ours: &BTreeSet<Edge>, theirs: &BTreeSet<Edge>| -> (f64, f64) {
        let hit = ours.intersection(theirs).count() as f64;
        let precision = hit / ours.len().max(1) as f64;
        let recall = hit / theirs.len().max(1) as f64;
        eprintln!(
            "{label}: precision {precision:.3} ({hit}/{}), recall {recall:.3} ({hit}/{})",
            ours.len(),
            theirs.len()
        );
        (precision, recall)
    };
    let (precision, recall) = report("all edges", &ours, &oracle_all);
    let without = |set: &BTreeSet<Edge>, acc: &BTreeSet<Edge>| -> BTreeSet<Edge> {
        set.difference(acc).cloned().collect()
    };
    report(
        "without accessors",
        &without(&ours, &ours_accessors),
        &without(&oracle_all, &oracle_accessors),
    );
    eprintln!("coverage: {coverage:?}");
    if std::env::var_os("CALL_GRAPH_DIFF").is_some() {
        for e in ours.difference(&oracle_all) {
            eprintln!("extra   {} -> {}", e.0, e.1);
        }
        for e in oracle_all.difference(&ours) {
            eprintln!("missing {} -> {}", e.0, e.1);
        }
    }
    assert!(precision >= 0.99, "precision {precision:.3}");
    assert!(recall >= 0.95, "recall {recall:.3}");
}
