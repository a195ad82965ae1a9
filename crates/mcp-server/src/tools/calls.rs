//! What `find_callers` and `get_outgoing_calls` share: which symbols have calls, call sites with their
//! line text, coverage, the unresolved sites, and pages kept within a size budget.

use std::{collections::HashMap, sync::Arc};

use ide::{
    CallKind, Cancellable, Coverage, FileId, SymbolInfo, SymbolKey, SymbolKind, SymbolQuery,
    TextRange, UnresolvedCall, UnresolvedReason,
};
use serde_json::{Value, json};

use super::{Call, Failure, kind, schema, symbol};
use crate::{
    error::{ErrorCode, ToolError},
    paging::{PageRequest, Paging},
    scope::Scope,
};

/// Call sites listed per caller or callee; `callSiteCount` gives the full number.
pub(super) const MAX_SITES_PER_GROUP: usize = 50;
/// Unresolved sites listed; `unresolvedCallSiteCount` gives the full number.
const MAX_UNRESOLVED: usize = 50;
/// About 15,000 tokens: a page is cut short (`sizeLimited`) before it reaches a client's token limit.
const MAX_PAGE_CHARS: usize = 60_000;
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
    if kind::is_type(info.kind) {
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
    }
}

pub(crate) fn reason_name(reason: UnresolvedReason) -> &'static str {
    match reason {
        UnresolvedReason::UnknownReceiver => "unknownReceiver",
        UnresolvedReason::NotFound => "notFound",
        UnresolvedReason::Ambiguous => "ambiguous",
        UnresolvedReason::MissingMetadata => "missingMetadata",
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

/// Turns sites into `{filePath, lineNumber, column, lineText}`, reading each file's text once.
pub(super) struct Sites<'c, 'a> {
    call: &'c Call<'a>,
    texts: HashMap<FileId, Arc<str>>,
    symbols: HashMap<SymbolKey, Value>,
}

impl<'c, 'a> Sites<'c, 'a> {
    pub(super) fn new(call: &'c Call<'a>) -> Self {
        Sites {
            call,
            texts: HashMap::new(),
            symbols: HashMap::new(),
        }
    }

    pub(super) fn site(&mut self, file: FileId, range: TextRange) -> Cancellable<Value> {
        let text = match self.texts.get(&file) {
            Some(text) => text.clone(),
            None => {
                let text = self.call.snapshot.analysis.file_text(file)?;
                self.texts.insert(file, text.clone());
                text
            }
        };
        let (line, column) = symbol::line_column_in(&text, range.start());
        let line_text = text.lines().nth(line - 1).unwrap_or_default().trim();
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

    /// The first sites of `unresolved` in scope, and how many are in scope.
    pub(super) fn unresolved(
        &mut self,
        unresolved: &[UnresolvedCall],
        scope: &Scope,
    ) -> Result<(Vec<Value>, usize), Failure> {
        let world = &self.call.snapshot.world;
        let in_scope: Vec<&UnresolvedCall> = unresolved
            .iter()
            .filter(|u| scope.includes(&u.caller.project, std::iter::once(world.path(u.file))))
            .collect();
        let mut listed = Vec::new();
        for u in in_scope.iter().take(MAX_UNRESOLVED) {
            let mut value = self.site(u.file, u.range)?;
            value["name"] = json!(u.name);
            value["reason"] = json!(reason_name(u.reason));
            value["caller"] = self.symbol_ref(&u.caller)?;
            listed.push(value);
        }
        Ok((listed, in_scope.len()))
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

/// The page of `items` as JSON, cut short when it would exceed the size budget (at least one item is
/// kept); the flag says whether it was cut, and `paging.nextSkip` continues after the last item given.
pub(super) fn page_within_budget<T>(
    items: Vec<T>,
    page: PageRequest,
    mut to_json: impl FnMut(&T) -> Result<Value, Failure>,
) -> Result<(Vec<Value>, Paging, bool), Failure> {
    let (items, mut paging) = page.apply(items);
    let mut out = Vec::with_capacity(items.len());
    let mut size = 0;
    for item in &items {
        let value = to_json(item)?;
        size += value.to_string().len();
        if size > MAX_PAGE_CHARS && !out.is_empty() {
            break;
        }
        out.push(value);
    }
    let cut = out.len() < items.len();
    if cut {
        paging.returned = out.len();
        paging.next_skip = Some(paging.skip + out.len());
    }
    Ok((out, paging, cut))
}

pub(super) fn site_schema(extra: Value) -> Value {
    let mut properties = json!({
        "filePath": {"type": "string"},
        "lineNumber": {"type": "integer", "description": "1-based"},
        "column": {"type": "integer", "description": "1-based, in characters, at the invoked name"},
        "lineText": {"type": "string", "description": "The trimmed source line."},
        "kind": {"type": "string", "enum": ["call", "constructor", "get", "set", "eventAdd", "eventRemove",
                                            "operator", "delegateInvoke", "methodGroup"],
                 "description": "get/set: property or indexer accessor; methodGroup: a reference, not a call."},
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

/// `coverage`, `unresolvedCallSites`, `unresolvedCallSiteCount` and `sizeLimited`.
pub(super) fn common_output(properties: &mut Value) {
    let common = json!({
        "coverage": {
            "type": "object",
            "description": "Candidate call sites examined, resolved, ambiguous (several overloads fit) and unresolved (receiver type or member unknown).",
            "properties": {
                "examined": {"type": "integer"}, "resolved": {"type": "integer"},
                "ambiguous": {"type": "integer"}, "unresolved": {"type": "integer"}
            },
            "required": ["examined", "resolved", "ambiguous", "unresolved"],
        },
        "unresolvedCallSites": schema::array_of(site_schema_unresolved()),
        "unresolvedCallSiteCount": {"type": "integer", "description": format!("All unresolved or ambiguous sites in scope; at most {MAX_UNRESOLVED} are listed.")},
        "sizeLimited": {"type": "boolean", "description": "The page was cut short to stay within the response size limit; continue at paging.nextSkip."},
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
            "reason": {"type": "string", "enum": ["unknownReceiver", "notFound", "ambiguous", "missingMetadata"]},
            "caller": brief_schema(),
        },
        "required": ["filePath", "lineNumber", "column", "lineText", "name", "reason"],
    })
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;

    fn page(skip: usize, take: usize, item_chars: usize) -> String {
        let items: Vec<usize> = (0..100).collect();
        let (values, paging, cut) = page_within_budget(items, PageRequest { skip, take }, |_| {
            Ok(json!("x".repeat(item_chars)))
        })
        .unwrap_or_else(|_| panic!("no failure is raised"));
        format!(
            "{} {} cut={cut}",
            values.len(),
            serde_json::to_string(&paging).unwrap_or_default()
        )
    }

    #[test]
    fn pages_are_cut_at_the_size_budget_and_continue_after_the_last_item() {
        expect![[r#"10 {"skip":0,"take":10,"returned":10,"total":100,"nextSkip":10} cut=false"#]]
            .assert_eq(&page(0, 10, 1000));
        expect![[r#"29 {"skip":50,"take":50,"returned":29,"total":100,"nextSkip":79} cut=true"#]]
            .assert_eq(&page(50, 50, 2000));
        // One item larger than the budget is still given, so paging always advances.
        expect![[r#"1 {"skip":0,"take":5,"returned":1,"total":100,"nextSkip":1} cut=true"#]]
            .assert_eq(&page(0, 5, 100_000));
    }
}
