//! One incoming line, judged before rmcp sees it: forwarded, answered with a JSON-RPC error, or
//! ignored (a notification nobody must answer).
//!
//! JSON-RPC 2.0 §5.1: a line that is not JSON is a `-32700` Parse error, JSON that is not a Request
//! object is a `-32600` Invalid Request; both carry `id: null` when the id cannot be read. MCP adds that
//! params are an object, ids are strings or integers (never null) and there are no batches (removed in
//! 2025-06-18). Params that a known method cannot use are `-32602`, with the request's id.

use rmcp::model::{
    CallToolRequest, ClientJsonRpcMessage, DiscoverRequest, InitializeRequest, ListToolsRequest,
    PingRequest,
};
use serde_json::{Value, json};

pub(crate) const PARSE_ERROR: i64 = -32700;
pub(crate) const INVALID_REQUEST: i64 = -32600;
pub(crate) const INVALID_PARAMS: i64 = -32602;

#[derive(Debug, PartialEq)]
pub(crate) enum Verdict {
    /// A well-formed message for rmcp; `Some(id)` for a request, whose id is then in use until it is
    /// answered.
    Forward(Option<Value>),
    /// The error response to write instead.
    Reply(Value),
    /// Nothing to do: an empty line, or a malformed notification (JSON-RPC never answers those).
    Ignore,
}

/// An error response; `id` is `null` when the message's id could not be read.
pub(crate) fn error_response(id: Value, code: i64, message: impl Into<String>) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message.into()}})
}

/// Judges one line (without its `\n`).
pub(crate) fn check(line: &[u8]) -> Verdict {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    // RFC 8259 §8.1 lets a parser ignore a byte order mark.
    let line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Verdict::Ignore;
    }
    // serde_json refuses invalid UTF-8, lone surrogates and nesting deeper than 128 levels.
    let value: Value = match serde_json::from_slice(line) {
        Ok(value) => value,
        Err(e) => {
            return Verdict::Reply(error_response(
                Value::Null,
                PARSE_ERROR,
                format!("Parse error: {e}; send one JSON-RPC message per line, as UTF-8 JSON"),
            ));
        }
    };
    let invalid = |id: Value, why: &str| {
        Verdict::Reply(error_response(
            id,
            INVALID_REQUEST,
            format!("Invalid Request: {why}"),
        ))
    };
    let object = match value {
        Value::Object(object) => object,
        Value::Array(items) if items.is_empty() => return invalid(Value::Null, "an empty array"),
        Value::Array(_) => {
            return invalid(
                Value::Null,
                "batches are not part of MCP (removed in 2025-06-18); send one message per line",
            );
        }
        _ => return invalid(Value::Null, "a message is a JSON object"),
    };
    let id = match object.get("id") {
        None => None,
        Some(id @ Value::String(_)) => Some(id.clone()),
        Some(id @ Value::Number(n)) if n.is_i64() => Some(id.clone()),
        Some(_) => {
            return invalid(Value::Null, "id must be a string or an integer");
        }
    };
    let reply_id = id.clone().unwrap_or(Value::Null);
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return invalid(reply_id, "jsonrpc must be \"2.0\"");
    }
    let method = match object.get("method") {
        Some(Value::String(method)) => method.clone(),
        Some(_) => return invalid(reply_id, "method must be a string"),
        None => return check_response(&object, id),
    };
    match object.get("params") {
        None | Some(Value::Object(_)) => {}
        Some(Value::Array(_)) if id.is_some() => {
            return Verdict::Reply(error_response(
                reply_id,
                INVALID_PARAMS,
                format!("Invalid params: {method} takes its params as an object"),
            ));
        }
        Some(_) if id.is_none() => return Verdict::Ignore,
        Some(_) => return invalid(reply_id, "params must be an object"),
    }
    let Some(id) = id else {
        return Verdict::Forward(None);
    };
    match typed_params_error(Value::Object(object), &method) {
        Some(why) => Verdict::Reply(error_response(
            id,
            INVALID_PARAMS,
            format!("Invalid params for {method}: {why}"),
        )),
        None => Verdict::Forward(Some(id)),
    }
}

/// A message without `method` is a response to one of the server's own requests.
fn check_response(object: &serde_json::Map<String, Value>, id: Option<Value>) -> Verdict {
    let outcome = object.contains_key("result") as u8 + object.contains_key("error") as u8;
    match (id, outcome) {
        (Some(_), 1) => Verdict::Forward(None),
        (id, _) => Verdict::Reply(error_response(
            id.unwrap_or(Value::Null),
            INVALID_REQUEST,
            "Invalid Request: method is required (a response carries exactly one of result and error)",
        )),
    }
}

/// rmcp reads a standard request whose params do not fit as a custom request and answers "method not
/// found"; this names what is wrong with them instead. A standard request is read as its typed
/// request alone: reading the whole message as rmcp's union of messages first (untagged enums,
/// buffered) was a tenth of a small request's time on the server.
fn typed_params_error(message: Value, method: &str) -> Option<String> {
    fn read<T: serde::de::DeserializeOwned>(request: Value) -> Option<String> {
        serde_json::from_value::<T>(request)
            .err()
            .map(|e| e.to_string())
    }
    let read: fn(Value) -> Option<String> = match method {
        "initialize" => read::<InitializeRequest>,
        "server/discover" => read::<DiscoverRequest>,
        "ping" => read::<PingRequest>,
        "tools/list" => read::<ListToolsRequest>,
        "tools/call" => read::<CallToolRequest>,
        // Any other method rmcp reads (as a custom request if nothing else) unless the message
        // itself is not one of its messages.
        _ => return read::<ClientJsonRpcMessage>(message),
    };
    let Value::Object(mut object) = message else {
        return None;
    };
    object.retain(|key, _| key == "method" || key == "params");
    read(Value::Object(object))
}

#[cfg(test)]
mod tests {
    use expect_test::{Expect, expect};

    use super::*;

    fn verdict(line: &[u8], expect: Expect) {
        let shown = match check(line) {
            Verdict::Forward(id) => format!("forward {}", id.unwrap_or(Value::Null)),
            Verdict::Reply(reply) => reply.to_string(),
            Verdict::Ignore => "ignore".to_owned(),
        };
        expect.assert_eq(&shown);
    }

    #[test]
    fn well_formed_messages_are_forwarded() {
        verdict(
            br#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
            expect!["forward 1"],
        );
        verdict(
            b"\xEF\xBB\xBF{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"tools/list\",\"params\":{}}\r",
            expect![[r#"forward "a""#]],
        );
        verdict(
            br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            expect!["forward null"],
        );
        verdict(
            br#"{"jsonrpc":"2.0","id":3,"result":{}}"#,
            expect!["forward null"],
        );
        verdict(
            br#"{"jsonrpc":"2.0","id":9,"method":"no/such"}"#,
            expect!["forward 9"],
        );
        verdict(b"   ", expect!["ignore"]);
    }

    #[test]
    fn invalid_json_is_a_parse_error_with_a_null_id() {
        verdict(
            br#"{"jsonrpc":"2.0","id":1,"method":"ping""#,
            expect![[
                r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: EOF while parsing an object at line 1 column 39; send one JSON-RPC message per line, as UTF-8 JSON"}}"#
            ]],
        );
        for line in [
            &b"hello"[..],
            b"\x00\x01\xff",
            b"{\"method\":\"\xff\"}",
            br#"{"x":"\ud800"}"#,
            b"{'a':1}",
        ] {
            assert!(
                matches!(check(line), Verdict::Reply(r) if r["error"]["code"] == PARSE_ERROR && r["id"].is_null())
            );
        }
        let deep = [vec![b'['; 100_000], vec![b']'; 100_000]].concat();
        assert!(matches!(check(&deep), Verdict::Reply(r) if r["error"]["code"] == PARSE_ERROR));
    }

    #[test]
    fn values_that_are_not_requests_are_invalid() {
        verdict(
            b"42",
            expect![[
                r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a message is a JSON object"}}"#
            ]],
        );
        verdict(
            b"[]",
            expect![[
                r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: an empty array"}}"#
            ]],
        );
        verdict(
            br#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#,
            expect![[
                r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: batches are not part of MCP (removed in 2025-06-18); send one message per line"}}"#
            ]],
        );
        verdict(
            b"{}",
            expect![[
                r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: jsonrpc must be \"2.0\""}}"#
            ]],
        );
    }

    #[test]
    fn wrong_shapes_are_invalid_with_the_id_when_it_can_be_read() {
        verdict(
            br#"{"jsonrpc":"1.0","id":4,"method":"ping"}"#,
            expect![[
                r#"{"jsonrpc":"2.0","id":4,"error":{"code":-32600,"message":"Invalid Request: jsonrpc must be \"2.0\""}}"#
            ]],
        );
        verdict(
            br#"{"jsonrpc":"2.0","id":5,"method":7}"#,
            expect![[
                r#"{"jsonrpc":"2.0","id":5,"error":{"code":-32600,"message":"Invalid Request: method must be a string"}}"#
            ]],
        );
        verdict(
            br#"{"jsonrpc":"2.0","id":6}"#,
            expect![[
                r#"{"jsonrpc":"2.0","id":6,"error":{"code":-32600,"message":"Invalid Request: method is required (a response carries exactly one of result and error)"}}"#
            ]],
        );
        verdict(
            br#"{"jsonrpc":"2.0","id":7,"method":"tools/list","params":"x"}"#,
            expect![[
                r#"{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"Invalid Request: params must be an object"}}"#
            ]],
        );
        verdict(
            br#"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":[1]}"#,
            expect![[
                r#"{"jsonrpc":"2.0","id":8,"error":{"code":-32602,"message":"Invalid params: tools/call takes its params as an object"}}"#
            ]],
        );
        verdict(
            br#"{"jsonrpc":"2.0","method":"notifications/initialized","params":3}"#,
            expect!["ignore"],
        );
    }

    #[test]
    fn ids_are_strings_or_integers() {
        for id in ["{}", "[1]", "true", "1.5", "null", "18446744073709551615"] {
            let line = format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"ping"}}"#);
            verdict(
                line.as_bytes(),
                expect![[
                    r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: id must be a string or an integer"}}"#
                ]],
            );
        }
    }

    #[test]
    fn params_a_known_method_cannot_use_are_invalid_params() {
        verdict(
            br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":5}}"#,
            expect![[
                r#"{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Invalid params for tools/call: invalid type: integer `5`, expected a string"}}"#
            ]],
        );
    }
}
