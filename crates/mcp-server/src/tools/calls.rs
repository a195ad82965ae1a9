//! What `find_callers` and `get_outgoing_calls` share: which symbols have calls, call sites with their
//! line text, coverage, the unresolved sites (paged on their own) and what an answer left out.

use std::collections::HashMap;

use ide::{
    CallKind, Cancellable, Coverage, FileId, SymbolInfo, SymbolKey, SymbolKind, SymbolQuery,
    TextRange, UnresolvedCall, UnresolvedReason,
};
use serde_json::{Value, json};

use super::{Call, Failure, budget, kind, schema, symbol};
use crate::{
    error::{ErrorCode, ToolError},
    paging::{PageRequest, Paging},
    scope::Scope,
};

/// Call sites listed per caller or callee; `callSiteCount` gives the full number.
pub(super) const MAX_SITES_PER_GROUP: usize = 50;
/// Unresolved sites on one page by default, and at most (`unresolvedTake`).
const DEFAULT_UNRESOLVED_TAKE: usize = 50;
const MAX_UNRESOLVED_TAKE: usize = 500;
/// Long lines (minified or generated code) are cut to this many characters.
const MAX_LINE_TEXT: usize = 200;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Direction {
    Incoming,
    Outgoing,
}

/// Members that run code: their callers are calls of them (accessors for properties, indexers and
/// events), their callees are the calls in their bodies. A field has callees (its initializer) but
/// is never called.
fn accepts(direction: Direction, kind: SymbolKind) -> bool {
    match kind {
        SymbolKind::Method
        | SymbolKind::Constructor
        | SymbolKind::Destructor
        | SymbolKind::Property
        | SymbolKind::Indexer
        | SymbolKind::Event
        | SymbolKind::Operator
        | SymbolKind::Conversion => true,
        SymbolKind::Field => direction == Direction::Outgoing,
        _ => false,
    }
}

fn accepted_kinds(direction: Direction) -> String {
    let fields = match direction {
        Direction::Incoming => "",
        Direction::Outgoing => ", field (its initializer)",
    };
    format!(
        "method, constructor, destructor, property, indexer, event, operator, conversion{fields}"
    )
}

/// A type key gets its constructors as suggestions: calls of a type are its instantiations.
pub(super) fn check_kind(
    call: &Call<'_>,
    info: &SymbolInfo,
    direction: Direction,
) -> Result<(), Failure> {
    if accepts(direction, info.kind) {
        return Ok(());
    }
    let mut error = ToolError::new(
        ErrorCode::WrongSymbolKind,
        "symbolKey",
        format!(
            "{} is a {}; accepted kinds: {}",
            info.full_name,
            kind::name(info.kind),
            accepted_kinds(direction)
        ),
    );
    if info.kind.is_type() {
        for ctor in constructors(call, info)? {
            error = error.suggest(format!(
                "Use the constructor {} with symbolKey {}",
                ctor.full_name,
                symbol::key_of(&ctor)
            ));
        }
        error = error.suggest(
            "For another member, search_symbols with kinds ['method', ...] and the member's name.",
        );
    } else if info.kind == SymbolKind::Field && direction == Direction::Incoming {
        error = error
            .suggest("A field is read and written, not called; csnav does not list its reads.");
    } else {
        error = error.suggest(format!(
            "Pass the key of one of: {}.",
            accepted_kinds(direction)
        ));
    }
    Err(error.into())
}

fn constructors(call: &Call<'_>, ty: &SymbolInfo) -> Cancellable<Vec<SymbolInfo>> {
    let query = SymbolQuery {
        text: ty.name.split('<').next().unwrap_or(&ty.name).to_owned(),
        kinds: Some(vec![SymbolKind::Constructor]),
        projects: ty.project().map(|p| vec![p]),
        include_external: ty.is_external(),
        limit: 50,
    };
    let analysis = &call.snapshot.analysis;
    let mut found = analysis.search_symbols(&query)?;
    found.retain(|c| c.container_name.as_deref() == Some(ty.full_name.as_str()));
    // The compiler-given parameterless constructor is not indexed by name, but has a well-known id.
    if found.is_empty()
        && let Some(type_id) = ty.documentation_id.strip_prefix("T:")
    {
        found = analysis.symbols_by_documentation_id(&format!("M:{type_id}.#ctor"))?;
        found.retain(|c| c.key.project == ty.key.project);
    }
    found.truncate(5);
    Ok(found)
}

pub(super) fn kind_name(kind: CallKind) -> &'static str {
    match kind {
        CallKind::Call => "call",
        CallKind::Ctor => "constructor",
        CallKind::Get => "get",
        CallKind::Set => "set",
        CallKind::EventAdd => "eventAdd",
        CallKind::EventRemove => "eventRemove",
        CallKind::Operator => "operator",
        CallKind::DelegateInvoke => "delegateInvoke",
        CallKind::MethodGroup => "methodGroup",
        CallKind::LateBound => "lateBound",
    }
}

pub(crate) fn reason_name(reason: UnresolvedReason) -> &'static str {
    match reason {
        UnresolvedReason::UnknownReceiver => "unknownReceiver",
        UnresolvedReason::NotFound => "notFound",
        UnresolvedReason::Ambiguous => "ambiguous",
        UnresolvedReason::MissingMetadata => "missingMetadata",
        UnresolvedReason::DynamicReceiver => "dynamicReceiver",
        UnresolvedReason::MisreadSyntax => "misreadSyntax",
    }
}

pub(super) fn coverage(coverage: &Coverage) -> Value {
    json!({
        "examined": coverage.examined,
        "resolved": coverage.resolved,
        "ambiguous": coverage.ambiguous,
        "unresolved": coverage.unresolved,
    })
}

/// Turns sites into `{filePath, lineNumber, column, lineText}`, fetching each file's lines once.
pub(super) struct Sites<'c, 'a> {
    call: &'c Call<'a>,
    lines: HashMap<FileId, symbol::Lines>,
    symbols: HashMap<SymbolKey, Value>,
}

impl<'c, 'a> Sites<'c, 'a> {
    pub(super) fn new(call: &'c Call<'a>) -> Self {
        Sites {
            call,
            lines: HashMap::new(),
            symbols: HashMap::new(),
        }
    }

    pub(super) fn site(&mut self, file: FileId, range: TextRange) -> Cancellable<Value> {
        let lines = match self.lines.get(&file) {
            Some(lines) => lines.clone(),
            None => {
                let lines = symbol::Lines::of(self.call, file)?;
                self.lines.insert(file, lines.clone());
                lines
            }
        };
        let (line, column) = lines.line_column(range.start());
        let line_text = lines.line_text(line).unwrap_or_default().trim();
        let line_text: String = match line_text.char_indices().nth(MAX_LINE_TEXT) {
            Some((cut, _)) => format!("{}…", &line_text[..cut]),
            None => line_text.to_owned(),
        };
        let world = &self.call.snapshot.world;
        Ok(json!({
            "filePath": world.root.display(world.path(file), self.call.options.path_style),
            "lineNumber": line,
            "column": column,
            "lineText": line_text,
        }))
    }

    /// `{name, fullName, kind, symbolKey}` of a symbol known by key only; `null` if it is gone.
    pub(super) fn symbol_ref(&mut self, key: &SymbolKey) -> Cancellable<Value> {
        if let Some(value) = self.symbols.get(key) {
            return Ok(value.clone());
        }
        let value = match self.call.snapshot.analysis.symbol_info(key)? {
            Some(info) => brief(&info),
            None => Value::Null,
        };
        self.symbols.insert(key.clone(), value.clone());
        Ok(value)
    }

    /// The page of the sites of `unresolved` in scope that `unresolvedSkip`/`unresolvedTake` ask for,
    /// within its share of the answer budget; `paging.total` counts all of them.
    pub(super) fn unresolved(
        &mut self,
        unresolved: &[UnresolvedCall],
        scope: &Scope,
    ) -> Result<(Vec<Value>, Paging), Failure> {
        let page = PageRequest::parse(
            self.call.args,
            "unresolvedSkip",
            "unresolvedTake",
            DEFAULT_UNRESOLVED_TAKE,
            MAX_UNRESOLVED_TAKE,
        )?;
        let world = &self.call.snapshot.world;
        let in_scope: Vec<&UnresolvedCall> = unresolved
            .iter()
            .filter(|u| scope.includes(&u.caller.project, std::iter::once(world.path(u.file))))
            .collect();
        let (listed, paging, _) =
            budget::page(in_scope, page, budget::UNRESOLVED_PAGE_CHARS, |u| {
                let mut value = self.site(u.file, u.range)?;
                value["name"] = json!(u.name);
                value["reason"] = json!(reason_name(u.reason));
                value["caller"] = self.symbol_ref(&u.caller)?;
                Ok(value)
            })?;
        Ok((listed, paging))
    }
}

/// A symbol named without its location: for symbols that are not the answer's subject.
pub(super) fn brief(info: &SymbolInfo) -> Value {
    json!({
        "name": info.name,
        "fullName": info.full_name,
        "kind": kind::name(info.kind),
        "symbolKey": symbol::key_of(info),
    })
}

pub(super) fn site_schema(extra: Value) -> Value {
    let mut properties = json!({
        "filePath": {"type": "string"},
        "lineNumber": {"type": "integer", "description": "1-based"},
        "column": {"type": "integer", "description": "1-based, in characters, at the invoked name"},
        "lineText": {"type": "string", "description": "The trimmed source line."},
        "kind": {"type": "string", "enum": ["call", "constructor", "get", "set", "eventAdd", "eventRemove",
                                            "operator", "delegateInvoke", "methodGroup", "lateBound"],
                 "description": "get/set: property or indexer accessor; methodGroup: a reference, not a call; lateBound: a call with a dynamic argument, bound at run time to one of the methods listed at the same site."},
    });
    if let (Some(properties), Value::Object(extra)) = (properties.as_object_mut(), extra) {
        properties.extend(extra);
    }
    json!({"type": "object", "properties": properties,
           "required": ["filePath", "lineNumber", "column", "lineText", "kind"]})
}

pub(super) fn brief_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "name": {"type": "string"}, "fullName": {"type": "string"}, "kind": {"type": "string"},
            "symbolKey": {"type": "string"}
        },
        "required": ["name", "fullName"],
    })
}

/// `unresolvedSkip` and `unresolvedTake`, added to both tools' inputs.
pub(super) fn unresolved_input(properties: &mut Value) {
    properties["unresolvedSkip"] =
        schema::count("Unresolved call site paging offset.", 0, 1_000_000);
    properties["unresolvedTake"] = schema::count(
        "Unresolved call site page size; 0 when paging the main list and the sites were read already.",
        DEFAULT_UNRESOLVED_TAKE,
        MAX_UNRESOLVED_TAKE,
    );
}

/// What the answer left out and how to get it, one sentence each; `None` when nothing was left out.
/// `noun` names the main list ("callers", "callees"), `groups` are its listed entries.
pub(super) fn omitted(
    noun: &str,
    paging: &Paging,
    size_limited: bool,
    groups: &[Value],
    unresolved: &Paging,
) -> Option<Value> {
    let mut notes = Vec::new();
    notes.extend(next_page_note(paging, size_limited, &format!(" {noun}")));
    let capped = groups
        .iter()
        .filter(|g| {
            g["callSiteCount"].as_u64().unwrap_or(0)
                > g["callSites"].as_array().map_or(0, |s| s.len() as u64)
        })
        .count();
    if capped > 0 {
        notes.push(format!(
            "{capped} of the {noun} listed show only their first {MAX_SITES_PER_GROUP} call sites; callSiteCount has the full number."
        ));
    }
    notes.extend(unresolved_page_note(
        unresolved,
        "unresolved call sites",
        &format!(" (take 0 leaves out the {noun})"),
    ));
    (!notes.is_empty()).then(|| json!(notes))
}

/// "N more{what}: call again with skip K." when the main list has a next page; `what` starts with a
/// space (or is empty), and a page cut short by the answer budget says so.
pub(super) fn next_page_note(paging: &Paging, size_limited: bool, what: &str) -> Option<String> {
    let next = paging.next_skip?;
    let cut = if size_limited {
        " (this page was cut short to stay within the answer budget)"
    } else {
        ""
    };
    Some(format!(
        "{} more{what}{cut}: call again with skip {next}.",
        paging.total - next
    ))
}

/// "N more {what}: call again with unresolvedSkip K{hint}." when the sites that could not be bound
/// continue past this page (`unresolvedTake: 0` has no next page but still leaves them out).
pub(super) fn unresolved_page_note(unresolved: &Paging, what: &str, hint: &str) -> Option<String> {
    let next = unresolved.skip + unresolved.returned;
    (next < unresolved.total).then(|| {
        format!(
            "{} more {what}: call again with unresolvedSkip {next}{hint}.",
            unresolved.total - next
        )
    })
}

/// `coverage`, `unresolvedCallSites`, `unresolvedCallSiteCount`, `unresolvedPaging`, `sizeLimited` and
/// `omitted`.
pub(super) fn common_output(properties: &mut Value) {
    let common = json!({
        "coverage": {
            "type": "object",
            "description": "Candidate call sites examined, resolved, ambiguous (several overloads fit, or a late-bound call with a dynamic argument) and unresolved (receiver type or member unknown, or a dynamic receiver).",
            "properties": {
                "examined": {"type": "integer"}, "resolved": {"type": "integer"},
                "ambiguous": {"type": "integer"}, "unresolved": {"type": "integer"}
            },
            "required": ["examined", "resolved", "ambiguous", "unresolved"],
        },
        "unresolvedCallSites": schema::array_of(site_schema_unresolved()),
        "unresolvedCallSiteCount": {"type": "integer", "description": "All unresolved or ambiguous sites in scope (unresolvedPaging.total)."},
        "unresolvedPaging": schema::paging(),
        "sizeLimited": {"type": "boolean", "description": "The page was cut short to stay within the answer budget (about 20,000 tokens); continue at paging.nextSkip."},
        "omitted": schema::array_of(json!({"type": "string"})),
    });
    if let (Some(properties), Value::Object(common)) = (properties.as_object_mut(), common) {
        properties.extend(common);
    }
}

fn site_schema_unresolved() -> Value {
    json!({
        "type": "object",
        "properties": {
            "filePath": {"type": "string"}, "lineNumber": {"type": "integer"}, "column": {"type": "integer"},
            "lineText": {"type": "string"}, "name": {"type": "string", "description": "The invoked name."},
            "reason": {"type": "string", "enum": ["unknownReceiver", "notFound", "ambiguous", "missingMetadata", "dynamicReceiver", "misreadSyntax"]},
            "caller": brief_schema(),
        },
        "required": ["filePath", "lineNumber", "column", "lineText", "name", "reason"],
    })
}
