//! csnav against the oracle's JSON (what the Roslyn compiler emitted, see `shared/oracle`): call edges
//! and the type hierarchy, by the same rules for the bundled corpus and for any code base the oracle
//! compiled (`cargo xtask oracle-compare`).
//!
//! A call edge is (caller, callee) between source members, the callee mapped to the member that
//! introduced its virtual slot (as IL names virtual calls). Accessor calls are compared as the accessor
//! methods (`get_X`, `set_Item`, `add_E`). Left out on the oracle side: calls into the framework,
//! compiler plumbing (`synthetic`, except the implicit `base()` of a constructor without an
//! initializer), implicit calls no text shows (`textMatch: false`, except `foreach`'s enumeration
//! calls and deconstructions' `Deconstruct`: those count), calls no source line holds (the
//! base call of an implicit default constructor) and method-group references (`ldftn`).
//! Left out on csnav's side: method-group references and calls out of the sources.
//!
//! The oracle lists, per type, its base class and the interfaces its metadata names (those it declares
//! plus what they inherit, not those of its base classes). From that we derive, per type, the whole
//! interface closure and the derived types, and compare them with csnav's answers.

use std::{
    collections::{BTreeMap, BTreeSet},
    fmt,
    path::Path,
};

use ide::{Analysis, CallKind, CalleeInfo, Coverage, SymbolKey, UnresolvedReason};
use serde_json::Value;

/// (caller, callee) as documentation ids.
pub type Edge = (String, String);

/// Where a call is written: a path relative to the source folder and 1-based lines. The compiler
/// gives the range of the enclosing statement or declarator (`line..=end_line`: a field declaration
/// whose initializer is on its second line starts on the first); csnav a call's own line (both
/// the same).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Site {
    pub file: String,
    pub line: Option<u32>,
    pub end_line: Option<u32>,
}

impl Site {
    /// Whether `other`'s line lies inside this site's lines in the same file.
    fn covers(&self, other: &Site) -> bool {
        let (Some(start), Some(line)) = (self.line, other.line) else {
            return false;
        };
        let end = self.end_line.unwrap_or(start).max(start);
        self.file == other.file && (start..=end).contains(&line)
    }
}

impl fmt::Display for Site {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}", self.file),
            None => write!(f, "{}", self.file),
        }
    }
}

/// One side's call edges.
#[derive(Debug, Default)]
pub struct Edges {
    pub all: BTreeSet<Edge>,
    /// Those of `all` that call a property or indexer accessor.
    pub accessors: BTreeSet<Edge>,
    /// Where each edge's calls are written.
    pub sites: BTreeMap<Edge, BTreeSet<Site>>,
}

impl Edges {
    fn insert(&mut self, edge: Edge, is_accessor: bool, site: Site) {
        if is_accessor {
            self.accessors.insert(edge.clone());
        }
        self.sites.entry(edge.clone()).or_default().insert(site);
        self.all.insert(edge);
    }

    fn without_accessors(&self) -> BTreeSet<Edge> {
        self.all.difference(&self.accessors).cloned().collect()
    }
}

/// A call site csnav could not bind.
#[derive(Debug)]
pub struct Unresolved {
    pub caller: String,
    pub name: String,
    pub reason: UnresolvedReason,
    pub site: Site,
}

/// csnav's call edges next to the compiler's.
#[derive(Debug)]
pub struct CallGraph {
    pub ours: Edges,
    pub oracle: Edges,
    pub coverage: Coverage,
    pub unresolved: Vec<Unresolved>,
}

/// Precision and recall of one comparison.
#[derive(Debug, Clone, Copy)]
pub struct Score {
    pub hit: usize,
    pub ours: usize,
    pub oracle: usize,
}

impl Score {
    fn new(ours: &BTreeSet<Edge>, oracle: &BTreeSet<Edge>) -> Score {
        Score {
            hit: ours.intersection(oracle).count(),
            ours: ours.len(),
            oracle: oracle.len(),
        }
    }

    pub fn precision(&self) -> f64 {
        self.hit as f64 / self.ours.max(1) as f64
    }

    pub fn recall(&self) -> f64 {
        self.hit as f64 / self.oracle.max(1) as f64
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "precision {:.3} ({}/{}), recall {:.3} ({}/{})",
            self.precision(),
            self.hit,
            self.ours,
            self.recall(),
            self.hit,
            self.oracle
        )
    }
}

impl CallGraph {
    pub fn all_edges(&self) -> Score {
        Score::new(&self.ours.all, &self.oracle.all)
    }

    pub fn without_accessors(&self) -> Score {
        Score::new(
            &self.ours.without_accessors(),
            &self.oracle.without_accessors(),
        )
    }

    /// Edges csnav reports that the compiler did not emit.
    pub fn extra(&self) -> impl Iterator<Item = &Edge> {
        self.ours.all.difference(&self.oracle.all)
    }

    /// Edges the compiler emitted that csnav does not report.
    pub fn missing(&self) -> impl Iterator<Item = &Edge> {
        self.oracle.all.difference(&self.ours.all)
    }
}

/// The elements of `json[key]`, none when it is not an array.
pub fn array<'a>(json: &'a Value, key: &str) -> &'a [Value] {
    json[key].as_array().map_or(&[], Vec::as_slice)
}

/// A path of the oracle's JSON relative to the folder it compiled: the oracle writes absolute paths,
/// the checked-in corpus JSON relative ones.
pub fn relative_path(source_dir: &Path, path: &str) -> String {
    Path::new(path)
        .strip_prefix(source_dir)
        .map_or_else(|_| path.to_owned(), |p| p.to_string_lossy().into_owned())
        .replace('\\', "/")
}

/// The compared edges of the oracle, and the real calls it could not match to the text of the
/// statement's first line (`textMatch: false`: a statement spanning lines, an implicit call such as a
/// collection initializer's `Add`). Those are calls the compiler made, so csnav's report of one is a
/// hit; but the text does not show them, so one csnav does not report is not counted as missed.
fn oracle_edges(oracle: &Value, source_dir: &Path) -> (Edges, Edges) {
    let mut edges = Edges::default();
    let mut unattested = Edges::default();
    let source_methods: BTreeSet<&str> = array(oracle, "methods")
        .iter()
        .filter_map(|m| m["id"].as_str())
        .collect();
    for call in array(oracle, "calls") {
        let s = |k: &str| call[k].as_str();
        // The `base()` call of a constructor without an initializer is a call no text shows, but one
        // the source line of the constructor holds: it counts.
        let implicit_base = s("synthetic") == Some("implicit-base-ctor");
        // The oracle takes some written calls of source methods for plumbing: one named like the
        // awaiter protocol (`OnCompleted`), one in the `finally` of an iterator. Their text shows
        // them: they count when csnav has them.
        let infrastructure_named =
            !call["synthetic"].is_null() && !implicit_base && call["textMatch"] == true;
        if call["internal"] != true
            || !(call["synthetic"].is_null() || implicit_base || infrastructure_named)
            || matches!(s("op"), Some("ldftn" | "ldvirtftn"))
        {
            continue;
        }
        // IL names a virtual call by the method that introduced the slot, so edges compare by
        // roots; a root outside the sources (a source override of `object.Equals` called through
        // `base.`) is no symbol csnav has: the source method called stands for it.
        let root = s("calleeRoot").filter(|r| source_methods.contains(r));
        let (Some(caller), Some(callee)) =
            (s("callerMember").or(s("caller")), root.or(s("callee")))
        else {
            continue;
        };
        let edge = (caller.to_owned(), callee.to_owned());
        let site = Site {
            file: relative_path(source_dir, s("file").unwrap_or_default()),
            line: call["line"].as_u64().and_then(|l| u32::try_from(l).ok()),
            end_line: call["endLine"].as_u64().and_then(|l| u32::try_from(l).ok()),
        };
        let is_accessor = matches!(s("calleeKind"), Some("getter" | "setter"));
        // A call without a line (the compiler hid its sequence point: a `finally` of an async
        // method) is real, but not attested by any source text: it counts only when csnav has it.
        let no_line = call["line"].is_null();
        if no_line
            || infrastructure_named
            || call["textMatch"] == false && !implicit_base && !is_implicit_statement_call(callee)
        {
            unattested.insert(edge, is_accessor, site);
        } else {
            edges.insert(edge, is_accessor, site);
        }
    }
    (edges, unattested)
}

/// `foreach`'s calls of the collection's `GetEnumerator` and the enumerator's `MoveNext` and
/// `Current`, and a deconstruction's `Deconstruct`: no text names them (`textMatch: false`), but
/// the statement holds them.
fn is_implicit_statement_call(callee: &str) -> bool {
    let name = callee.split('(').next().unwrap_or(callee);
    let name = name.rsplit('.').next().unwrap_or(name);
    matches!(
        name,
        "GetEnumerator"
            | "MoveNext"
            | "get_Current"
            | "GetAsyncEnumerator"
            | "MoveNextAsync"
            | "Deconstruct"
    )
}

/// `P:T.Name` read through `get` is the method `M:T.get_Name`; indexer setters add the value's type.
fn accessor_id(property_id: &str, kind: CallKind, value_type: Option<&str>) -> String {
    let body = property_id.get(2..).unwrap_or_default();
    let (path, params) = match body.find('(') {
        Some(i) => (
            &body[..i],
            body[i + 1..].strip_suffix(')').unwrap_or_default(),
        ),
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

/// Per property or event, the type of the value its setter or `add`/`remove` takes (the last
/// parameter of `set_X(T)` / `add_E(T)`).
fn value_types(oracle: &Value) -> BTreeMap<String, String> {
    array(oracle, "methods")
        .iter()
        .filter_map(|m| {
            let member = m["member"].as_str()?;
            let id = m["id"].as_str()?;
            let value = last_parameter(id)?;
            matches!(m["kind"].as_str(), Some("set" | "add" | "remove"))
                .then(|| (member.to_owned(), value.to_owned()))
        })
        .collect()
}

/// The last parameter of a method's documentation id: `set_X(A{B,C})` has one, `A{B,C}`.
fn last_parameter(id: &str) -> Option<&str> {
    let params = id.strip_suffix(')')?;
    let open = params.find('(')?;
    let mut depth = 0i32;
    let mut start = open + 1;
    for (i, c) in params[open + 1..].char_indices() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => depth -= 1,
            ',' if depth == 0 => start = open + i + 2,
            _ => {}
        }
    }
    params.get(start..).filter(|p| !p.is_empty())
}

/// Compares the outgoing calls csnav finds for every member the oracle lists with the compiler's.
/// `files` are the paths of the host's file ids, relative to `source_dir`.
pub fn compare_calls(
    analysis: &Analysis,
    project: &str,
    files: &[String],
    oracle: &Value,
    source_dir: &Path,
) -> CallGraph {
    let (mut oracle_edges, unattested) = oracle_edges(oracle, source_dir);
    let value_types = value_types(oracle);
    let callers: BTreeSet<&str> = array(oracle, "methods")
        .iter()
        .filter_map(|m| m["member"].as_str().or(m["id"].as_str()))
        .collect();
    let site_of = |file: ide::FileId, offset: ide::TextSize| -> Site {
        let line = analysis
            .file_line_index(file)
            .ok()
            .map(|index| index.line_col(offset).line + 1);
        Site {
            file: files.get(file.0 as usize).cloned().unwrap_or_default(),
            line,
            end_line: line,
        }
    };
    let mut ours = Edges::default();
    let mut coverage = Coverage::default();
    let mut unresolved = Vec::new();
    for caller in callers {
        let key = SymbolKey {
            project: project.into(),
            documentation_id: caller.into(),
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
        unresolved.extend(calls.unresolved.iter().map(|u| Unresolved {
            caller: caller.to_owned(),
            name: u.name.clone(),
            reason: u.reason,
            site: site_of(u.file, u.range.start()),
        }));
        for callee in &calls.callees {
            // The compiler names a virtual call of an override by the framework member it
            // overrides (a call out of the sources), a non-virtual one (`base.Write(..)`) by the
            // override itself. csnav's sites do not tell which: such an edge counts when the
            // compiler has it, and is no extra when it has not.
            let mut only_if_attested = false;
            let id = match &callee.callee {
                CalleeInfo::Source {
                    external_root: Some(_),
                    symbol,
                    ..
                } => {
                    only_if_attested = true;
                    symbol.documentation_id.clone()
                }
                CalleeInfo::Source { symbol, root, .. } => {
                    root.as_ref().map_or(symbol.documentation_id.clone(), |r| {
                        r.documentation_id.to_string()
                    })
                }
                CalleeInfo::External { .. } => continue,
            };
            for site in &callee.sites {
                let callee_id = match site.kind {
                    // A reference, and a call the runtime binder makes: no call instruction.
                    CallKind::MethodGroup | CallKind::LateBound => continue,
                    CallKind::Get | CallKind::Set | CallKind::EventAdd | CallKind::EventRemove => {
                        accessor_id(&id, site.kind, value_types.get(&id).map(String::as_str))
                    }
                    _ => id.clone(),
                };
                let edge = (caller.to_owned(), callee_id);
                if only_if_attested && !oracle_edges.all.contains(&edge) {
                    continue;
                }
                if !oracle_edges.all.contains(&edge)
                    && let Some(sites) = unattested.sites.get(&edge)
                {
                    let is_accessor = unattested.accessors.contains(&edge);
                    for site in sites {
                        oracle_edges.insert(edge.clone(), is_accessor, site.clone());
                    }
                }
                let is_accessor = matches!(site.kind, CallKind::Get | CallKind::Set);
                ours.insert(edge, is_accessor, site_of(site.file, site.range.start()));
            }
        }
    }
    credit_initializers(
        analysis,
        project,
        &mut oracle_edges,
        &unattested,
        &mut ours,
        &site_of,
    );
    CallGraph {
        ours,
        oracle: oracle_edges,
        coverage,
        unresolved,
    }
}

/// csnav credits a call in a field or property initializer to that field or property (what an
/// agent edits); the compiler to the constructors that run the initializer. A compiler edge from a
/// constructor counts as found when csnav has the same callee called from an initializer inside
/// the lines of the compiler's site. The compiler's text check looks at the first line of a site
/// only, so a call on a later line of a multi-line initializer comes unattested (`textMatch:
/// false`): csnav's call inside its lines attests it, and it joins the compiler's edges.
fn credit_initializers(
    analysis: &Analysis,
    project: &str,
    oracle: &mut Edges,
    unattested: &Edges,
    ours: &mut Edges,
    site_of: &dyn Fn(ide::FileId, ide::TextSize) -> Site,
) {
    let is_ctor = |id: &str| {
        let name = id.split('(').next().unwrap_or(id);
        name.ends_with(".#ctor") || name.ends_with(".#cctor")
    };
    let candidates: Vec<(Edge, bool)> = oracle
        .all
        .iter()
        .map(|e| (e, true))
        .chain(
            unattested
                .all
                .iter()
                .filter(|e| !oracle.all.contains(*e))
                .map(|e| (e, false)),
        )
        .filter(|(e, _)| is_ctor(&e.0) && !ours.all.contains(*e))
        .map(|(e, attested)| (e.clone(), attested))
        .collect();
    let mut callers_of: BTreeMap<String, Vec<(String, Site)>> = BTreeMap::new();
    for (edge, attested) in candidates {
        let callee = &edge.1;
        let callers = callers_of.entry(callee.clone()).or_insert_with(|| {
            // An accessor is found through its property.
            let id = property_of_accessor(callee).unwrap_or_else(|| callee.clone());
            let key = SymbolKey {
                project: project.into(),
                documentation_id: id.as_str().into(),
            };
            let Ok(Some(calls)) = analysis.incoming_calls(&key) else {
                return Vec::new();
            };
            calls
                .callers
                .iter()
                .filter(|c| !c.caller.documentation_id.starts_with("M:"))
                .flat_map(|c| {
                    c.sites.iter().map(|s| {
                        (
                            c.caller.documentation_id.clone(),
                            site_of(s.site.file, s.site.range.start()),
                        )
                    })
                })
                .collect()
        });
        let from = if attested { &*oracle } else { unattested };
        let Some(sites) = from.sites.get(&edge).cloned() else {
            continue;
        };
        let is_accessor = from.accessors.contains(&edge);
        // One constructor runs the initializers of many fields and properties: every initializer
        // edge of csnav's at one of the constructor edge's sites is that edge, not an extra (an
        // auto-property is a caller the compiler also lists, for its accessors).
        for (member, site) in callers
            .iter()
            .filter(|(_, s)| sites.iter().any(|o| o.covers(s)))
        {
            if !attested && !oracle.all.contains(&edge) {
                for compiler_site in &sites {
                    oracle.insert(edge.clone(), is_accessor, compiler_site.clone());
                }
            }
            ours.insert(edge.clone(), is_accessor, site.clone());
            let credited = (member.clone(), edge.1.clone());
            ours.all.remove(&credited);
            ours.accessors.remove(&credited);
            ours.sites.remove(&credited);
        }
    }
}

/// `M:T.get_X` is read through `P:T.X`; `M:T.set_Item(System.Int32,V)` through
/// `P:T.Item(System.Int32)` (a setter's last parameter is the value).
fn property_of_accessor(id: &str) -> Option<String> {
    let body = id.strip_prefix("M:")?;
    let (path, params) = match body.find('(') {
        Some(i) => (&body[..i], Some(&body[i + 1..body.len() - 1])),
        None => (body, None),
    };
    let (ty, name) = path.rsplit_once('.')?;
    let (property, is_setter) = match (name.strip_prefix("get_"), name.strip_prefix("set_")) {
        (Some(p), _) => (p, false),
        (_, Some(p)) => (p, true),
        _ => return None,
    };
    let params = params.map(|p| {
        let value = if is_setter { last_parameter(id) } else { None };
        match value {
            Some(v) => p[..p.len() - v.len()].trim_end_matches(',').to_owned(),
            None => p.to_owned(),
        }
    });
    Some(match params.filter(|p| !p.is_empty()) {
        Some(p) => format!("P:{ty}.{property}({p})"),
        None => format!("P:{ty}.{property}"),
    })
}

/// A source type as the compiler emitted it.
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
    array(oracle, "types")
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
    let mut seen = BTreeSet::new();
    let mut current = Some(id.to_owned());
    while let Some(c) = current.filter(|c| seen.insert(c.clone())) {
        let Some(t) = types.get(&c) else { break };
        out.extend(t.interfaces.iter().cloned());
        current = t.base.clone();
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

/// csnav's type hierarchies against the compiler's.
#[derive(Debug)]
pub struct Hierarchy {
    /// Source types compared.
    pub types: usize,
    /// Types with at least one mismatch.
    pub mismatched_types: usize,
    /// One line per difference: `T:Id: what csnav says, compiler what it says`.
    pub mismatches: Vec<String>,
}

/// Compares base class, declared interfaces, interface closure and derived types of every source type
/// the oracle lists.
pub fn compare_hierarchy(analysis: &Analysis, oracle: &Value) -> Hierarchy {
    let types = oracle_types(oracle);
    let mut mismatches = Vec::new();
    let mut mismatched_types = 0;
    for (id, expected) in &types {
        let before = mismatches.len();
        compare_type(analysis, &types, id, expected, &mut mismatches);
        mismatched_types += usize::from(mismatches.len() > before);
    }
    Hierarchy {
        types: types.len(),
        mismatched_types,
        mismatches,
    }
}

fn compare_type(
    analysis: &Analysis,
    types: &BTreeMap<String, OracleType>,
    id: &str,
    expected: &OracleType,
    mismatches: &mut Vec<String>,
) {
    let symbols = analysis
        .symbols_by_documentation_id(id)
        .expect("not cancelled");
    let [symbol] = symbols.as_slice() else {
        mismatches.push(format!("{id}: {} symbols", symbols.len()));
        return;
    };
    let Some(h) = analysis.type_hierarchy(&symbol.key).expect("not cancelled") else {
        mismatches.push(format!("{id}: not a type"));
        return;
    };
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
    // IL lists every interface a type implements; the oracle keeps those no other one implies, so an
    // interface written out though another listed one already brings it (`I : IA, IB` where `IB : IA`)
    // is compared the same way.
    let implied: BTreeSet<String> = h
        .interfaces
        .iter()
        .filter(|i| i.declared_here)
        .filter_map(|i| i.ty.symbol.as_ref())
        .flat_map(|symbol| interface_closure(analysis, &symbol.key))
        .collect();
    let declared: BTreeSet<String> = declared.difference(&implied).cloned().collect();
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
    let expected_all = oracle_closure(types, id);
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
    let expected_derived = oracle_derived(types, id);
    if derived != expected_derived {
        mismatches.push(format!(
            "{id}: derived {derived:?}, compiler {expected_derived:?}"
        ));
    }
}

/// The interfaces csnav says a type (source or library) implements, by documentation id.
fn interface_closure(analysis: &Analysis, key: &SymbolKey) -> BTreeSet<String> {
    analysis
        .type_hierarchy(key)
        .expect("not cancelled")
        .map(|h| {
            h.interfaces
                .iter()
                .filter_map(|i| i.ty.documentation_id.clone())
                .collect()
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_value_parameter_is_the_last_one_at_the_top_level() {
        let last = |id| last_parameter(id);
        assert_eq!(last("M:T.set_X(System.Int32)"), Some("System.Int32"));
        assert_eq!(
            last("M:T.set_Item(System.Int32,System.String)"),
            Some("System.String")
        );
        assert_eq!(
            last("M:T`2.add_E(System.Action{T{`0,`1}.Transition})"),
            Some("System.Action{T{`0,`1}.Transition}")
        );
        assert_eq!(last("M:T.set_Item(System.Int32[0:,0:],A)"), Some("A"));
        assert_eq!(last("M:T.get_X"), None);
    }

    #[test]
    fn accessors_are_found_through_their_property() {
        let property = |id| property_of_accessor(id);
        assert_eq!(property("M:T.get_Total"), Some("P:T.Total".to_owned()));
        assert_eq!(
            property("M:T.set_Total(System.Int32)"),
            Some("P:T.Total".to_owned())
        );
        assert_eq!(
            property("M:T.set_Item(System.Int32,System.String)"),
            Some("P:T.Item(System.Int32)".to_owned())
        );
        assert_eq!(
            property("M:T`1.get_Item(`0)"),
            Some("P:T`1.Item(`0)".to_owned())
        );
        assert_eq!(property("M:T.Run"), None);
    }

    #[test]
    fn oracle_paths_are_absolute_or_relative_to_the_source_folder() {
        let dir = Path::new("/src/lib");
        assert_eq!(relative_path(dir, "/src/lib/A/B.cs"), "A/B.cs");
        assert_eq!(relative_path(dir, "A/B.cs"), "A/B.cs");
        assert_eq!(relative_path(dir, "/elsewhere/C.cs"), "/elsewhere/C.cs");
    }
}
