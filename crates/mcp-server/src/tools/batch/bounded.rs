//! A batch's answer within its two limits.
//!
//! Successful results fill the requested detail budget in order; from the first that does not fit on,
//! every successful operation carries a summary instead (its scalar fields, small objects and list
//! lengths), which an agent can act on without the details. Failures are always kept as a bounded
//! summary (errorCode, parameter, error and suggestions, each shortened to a fixed size) outside the
//! detail budget, because a failure's correction is what an agent needs most. The hard limit bounds
//! everything: past it, failures keep only errorCode and parameter and summaries only their size,
//! and `failureDetailsOmitted` names what each failure lost.

use serde_json::{Value, json};

use crate::args::JsonObject;

/// One operation's answer: the tool's `structuredContent`, `Ok` on success and `Err` on a tool error.
pub(super) struct Finished {
    pub(super) index: usize,
    pub(super) id: Option<Value>,
    pub(super) tool: String,
    pub(super) outcome: Result<JsonObject, JsonObject>,
}

#[derive(Clone, Copy)]
pub(super) struct Limits {
    /// What successful results may fill (the requested `maxDetailChars`).
    pub(super) detail_chars: usize,
    /// What the whole list of operations may fill.
    pub(super) hard_chars: usize,
}

pub(super) struct Assembled {
    pub(super) operations: Vec<Value>,
    pub(super) succeeded: usize,
    pub(super) failed: usize,
    pub(super) size_limited: bool,
}

/// Echoed client strings (a tool name nobody has) are cut to this.
pub(super) const ECHO_CHARS: usize = 100;
/// A failure's message in a batch.
const ERROR_CHARS: usize = 1_000;
const SUGGESTIONS: usize = 5;
const SUGGESTION_CHARS: usize = 500;
/// A string field kept in a summary.
const SUMMARY_STRING_CHARS: usize = 200;
/// An object field kept whole in a summary (paging, a symbol).
const SUMMARY_OBJECT_CHARS: usize = 600;
/// What marking an omission may add to an operation (`resultOmitted`, `resultChars` or
/// `failureDetailsOmitted`), reserved with its frame.
const MARK_CHARS: usize = 60;

pub(super) fn assemble(finished: Vec<Finished>, limits: Limits) -> Assembled {
    // Every operation's frame (index, id, tool, success; a failure's errorCode and parameter) is kept
    // whatever the limits, so it is set aside first and the rest share what is left.
    let framed: Vec<(JsonObject, Result<JsonObject, JsonObject>)> =
        finished.into_iter().map(frame).collect();
    let frames: usize = framed
        .iter()
        .map(|(entry, _)| Value::Object(entry.clone()).to_string().len() + 1 + MARK_CHARS)
        .sum();
    let mut hard_left = limits.hard_chars.saturating_sub(frames);
    let mut detail_left = limits.detail_chars;
    let mut detail_full = false;
    let mut assembled = Assembled {
        operations: Vec::with_capacity(framed.len()),
        succeeded: 0,
        failed: 0,
        size_limited: false,
    };
    for (mut entry, outcome) in framed {
        match outcome {
            Ok(result) => {
                assembled.succeeded += 1;
                let size = Value::Object(result.clone()).to_string().len();
                if !detail_full && size <= detail_left && size <= hard_left {
                    detail_left -= size;
                    hard_left -= size;
                    entry.insert("result".to_owned(), Value::Object(result));
                } else {
                    detail_full = true;
                    assembled.size_limited = true;
                    entry.insert("resultOmitted".to_owned(), json!(true));
                    entry.insert("resultChars".to_owned(), json!(size));
                    let summary = Value::Object(summarize(&result));
                    let summary_size = summary.to_string().len();
                    if summary_size <= hard_left {
                        hard_left -= summary_size;
                        entry.insert("summary".to_owned(), summary);
                    }
                }
            }
            Err(error) => {
                assembled.failed += 1;
                let omitted = add_failure(&mut entry, &error, &mut hard_left);
                if !omitted.is_empty() {
                    assembled.size_limited = true;
                    entry.insert("failureDetailsOmitted".to_owned(), json!(omitted));
                }
            }
        }
        assembled.operations.push(Value::Object(entry));
    }
    assembled
}

/// The part of an operation's entry that every answer carries.
fn frame(finished: Finished) -> (JsonObject, Result<JsonObject, JsonObject>) {
    let mut entry = JsonObject::new();
    entry.insert("index".to_owned(), json!(finished.index));
    if let Some(id) = finished.id {
        entry.insert("id".to_owned(), id);
    }
    entry.insert("tool".to_owned(), json!(finished.tool));
    entry.insert("success".to_owned(), json!(finished.outcome.is_ok()));
    if let Err(error) = &finished.outcome {
        let code = error
            .get("errorCode")
            .and_then(Value::as_str)
            .unwrap_or_default();
        entry.insert("errorCode".to_owned(), json!(code));
        let parameter = error
            .get("parameter")
            .and_then(Value::as_str)
            .map(|p| shorten(p, ECHO_CHARS).0);
        entry.insert("parameter".to_owned(), json!(parameter));
    }
    (entry, finished.outcome)
}

/// Adds the failure's bounded summary to `entry`; returns the fields left out or shortened.
fn add_failure(
    entry: &mut JsonObject,
    error: &JsonObject,
    hard_left: &mut usize,
) -> Vec<&'static str> {
    let text = |name: &str| error.get(name).and_then(Value::as_str).unwrap_or_default();
    let mut omitted = Vec::new();
    let (message, cut) = shorten(text("error"), ERROR_CHARS);
    if cut {
        omitted.push("error");
    }
    let all: Vec<&str> = error
        .get("suggestions")
        .and_then(Value::as_array)
        .map(|list| list.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut suggestions_cut = all.len() > SUGGESTIONS;
    let suggestions: Vec<String> = all
        .iter()
        .take(SUGGESTIONS)
        .map(|s| {
            let (s, cut) = shorten(s, SUGGESTION_CHARS);
            suggestions_cut |= cut;
            s
        })
        .collect();
    if suggestions_cut {
        omitted.push("suggestions");
    }
    let details = json!({"error": message, "suggestions": suggestions});
    let size = details.to_string().len();
    if size <= *hard_left {
        *hard_left -= size;
        if let Value::Object(details) = details {
            entry.extend(details);
        }
        omitted
    } else {
        vec!["error", "suggestions"]
    }
}

/// A result without its details: scalars (strings shortened), small objects whole, each list as its
/// length.
fn summarize(result: &JsonObject) -> JsonObject {
    result
        .iter()
        .filter_map(|(name, value)| {
            let kept = match value {
                Value::Null | Value::Bool(_) | Value::Number(_) => value.clone(),
                Value::String(s) => json!(shorten(s, SUMMARY_STRING_CHARS).0),
                Value::Array(items) => json!(items.len()),
                Value::Object(_) if value.to_string().len() <= SUMMARY_OBJECT_CHARS => {
                    value.clone()
                }
                Value::Object(_) => return None,
            };
            Some((name.clone(), kept))
        })
        .collect()
}

/// `text` cut to `max` characters with an ellipsis; the flag says whether it was cut.
pub(super) fn shorten(text: &str, max: usize) -> (String, bool) {
    match text.char_indices().nth(max) {
        None => (text.to_owned(), false),
        Some((end, _)) => (format!("{}…", &text[..end]), true),
    }
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};

    use super::*;

    fn success(index: usize, items: usize, item_chars: usize) -> Finished {
        let list: Vec<String> = (0..items).map(|_| "x".repeat(item_chars)).collect();
        let result = json!({"success": true, "query": "Repo", "symbols": list,
                            "paging": {"skip": 0, "take": items, "returned": items, "total": items, "nextSkip": null}});
        Finished {
            index,
            id: Some(json!(format!("op{index}"))),
            tool: "search_symbols".to_owned(),
            outcome: Ok(result.as_object().cloned().unwrap_or_default()),
        }
    }

    fn failure(index: usize, message_chars: usize) -> Finished {
        let error = json!({"success": false, "errorCode": "invalid_symbol_key", "parameter": "symbolKey",
                           "error": "y".repeat(message_chars), "suggestions": ["Get a symbolKey from search_symbols."]});
        Finished {
            index,
            id: None,
            tool: "find_callers".to_owned(),
            outcome: Err(error.as_object().cloned().unwrap_or_default()),
        }
    }

    /// Each operation as `index: what it carries`, then the counts.
    fn check(finished: Vec<Finished>, limits: Limits, expect: Expect) {
        let assembled = assemble(finished, limits);
        let mut lines: Vec<String> = assembled
            .operations
            .iter()
            .map(|op| {
                let carried: Vec<String> = op
                    .as_object()
                    .into_iter()
                    .flatten()
                    .filter(|(k, _)| !["index", "id", "tool"].contains(&k.as_str()))
                    .map(|(k, v)| match v {
                        Value::Array(_) if k == "failureDetailsOmitted" => format!("{k}={v}"),
                        Value::Object(_) | Value::Array(_) => {
                            format!("{k}({} chars)", v.to_string().len())
                        }
                        Value::String(s) if s.len() > 40 => {
                            format!("{k}({} chars)", s.chars().count())
                        }
                        _ => format!("{k}={v}"),
                    })
                    .collect();
                format!("{}: {}", op["index"], carried.join(" "))
            })
            .collect();
        lines.push(format!(
            "succeeded={} failed={} sizeLimited={}",
            assembled.succeeded, assembled.failed, assembled.size_limited
        ));
        let total: usize = assembled
            .operations
            .iter()
            .map(|op| op.to_string().len())
            .sum();
        assert!(
            total <= limits.hard_chars,
            "{total} > {}",
            limits.hard_chars
        );
        expect.assert_eq(&lines.join("\n"));
    }

    #[test]
    fn within_the_detail_budget_every_result_is_whole() {
        check(
            vec![success(0, 3, 10), failure(1, 20), success(2, 2, 10)],
            Limits {
                detail_chars: 60_000,
                hard_chars: 80_000,
            },
            expect![[r#"
                0: success=true result(150 chars)
                1: success=false errorCode="invalid_symbol_key" parameter="symbolKey" error="yyyyyyyyyyyyyyyyyyyy" suggestions(40 chars)
                2: success=true result(137 chars)
                succeeded=2 failed=1 sizeLimited=false"#]],
        );
    }

    #[test]
    fn past_the_detail_budget_later_successes_are_summaries_and_failures_stay_whole() {
        // The second result does not fit, so the third, which would, is summarized too: results are
        // whole up to one point, in order.
        check(
            vec![
                success(0, 10, 100),
                success(1, 50, 100),
                success(2, 1, 10),
                failure(3, 20),
            ],
            Limits {
                detail_chars: 2_000,
                hard_chars: 80_000,
            },
            expect![[r#"
                0: success=true result(1144 chars)
                1: success=true resultOmitted=true resultChars=5264 summary(115 chars)
                2: success=true resultOmitted=true resultChars=124 summary(111 chars)
                3: success=false errorCode="invalid_symbol_key" parameter="symbolKey" error="yyyyyyyyyyyyyyyyyyyy" suggestions(40 chars)
                succeeded=3 failed=1 sizeLimited=true"#]],
        );
    }

    #[test]
    fn failures_are_bounded_and_the_hard_limit_omits_their_details() {
        // A long message is shortened (and said so); once the hard limit is spent, later failures keep
        // errorCode and parameter only.
        check(
            vec![
                failure(0, 5_000),
                success(1, 3, 1_000),
                failure(2, 20),
                failure(3, 20),
            ],
            Limits {
                detail_chars: 60_000,
                hard_chars: 4_900,
            },
            expect![[r#"
                0: success=false errorCode="invalid_symbol_key" parameter="symbolKey" error(1001 chars) suggestions(40 chars) failureDetailsOmitted=["error"]
                1: success=true result(3120 chars)
                2: success=false errorCode="invalid_symbol_key" parameter="symbolKey" error="yyyyyyyyyyyyyyyyyyyy" suggestions(40 chars)
                3: success=false errorCode="invalid_symbol_key" parameter="symbolKey" failureDetailsOmitted=["error","suggestions"]
                succeeded=1 failed=3 sizeLimited=true"#]],
        );
    }

    #[test]
    fn summaries_keep_scalars_small_objects_and_list_lengths() {
        let result = json!({"success": true, "query": "q".repeat(300), "symbols": [1, 2, 3],
                            "paging": {"skip": 0}, "symbol": {"doc": "d".repeat(1_000)}});
        let summary = summarize(result.as_object().unwrap_or(&JsonObject::new()));
        expect![[r#"{"success":true,"query":"qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq…","symbols":3,"paging":{"skip":0}}"#]]
            .assert_eq(&Value::Object(summary).to_string());
    }

    #[test]
    fn shorten_counts_characters_not_bytes() {
        assert_eq!(shorten("ééé", 2), ("éé…".to_owned(), true));
        assert_eq!(shorten("ab", 2), ("ab".to_owned(), false));
    }
}
