//! The check the `tool_call` fuzz target (`fuzz/fuzz_targets/tool_call.rs`) runs on arbitrary bytes: the
//! `params` of a `tools/call` request, decoded and answered the way `server.rs` does, on the sample
//! solution (`examples/Bookstore.sln`). Here so that the committed corpus and every crash the fuzzer found
//! replay on stable in `cargo test` (`fuzz_corpus` below).

use std::{path::Path, sync::Arc, sync::OnceLock};

use serde_json::Value;

use crate::{
    args::JsonObject,
    state::{IndexState, ServerState},
    tools,
};

/// Decodes `data` as `tools/call` params (`{"name": .., "arguments": {..}}`) and runs the tool: whatever
/// the arguments, the answer is a result or a tool error with an `errorCode`, never a panic. Inputs that are not such params are refused before any tool runs (by rmcp,
/// in the server) and are ignored here.
pub fn check_tool_call(data: &[u8]) {
    let Ok(Value::Object(params)) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let Some(tool) = params
        .get("name")
        .and_then(Value::as_str)
        .and_then(tools::find)
    else {
        return;
    };
    let arguments = match params.get("arguments") {
        None | Some(Value::Null) => JsonObject::new(),
        Some(Value::Object(arguments)) => arguments.clone(),
        Some(_) => return,
    };
    let state = sample_workspace();
    let snapshot = state.snapshot().expect("the sample solution is loaded");
    let (answer, is_error) = tool
        .call(state, &snapshot, &arguments)
        .expect("nothing cancels a fuzz query");
    let success = answer.get("success").and_then(Value::as_bool);
    assert_eq!(success, Some(!is_error), "{answer}");
    if is_error {
        assert!(answer["errorCode"].is_string(), "{answer}");
    }
}

/// The sample solution, loaded once per process.
fn sample_workspace() -> &'static Arc<ServerState> {
    static STATE: OnceLock<Arc<ServerState>> = OnceLock::new();
    STATE.get_or_init(|| {
        let solution = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/Bookstore.sln");
        let state = ServerState::new(
            std::fs::canonicalize(&solution).expect("the sample solution is in the repository"),
            crate::IndexCacheConfig::Disabled,
        );
        state.load();
        // The reference assemblies come in as a change of their own, which would cancel a query
        // that started before them: answers wait for them, as the server's do.
        loop {
            match &*state.index.borrow() {
                IndexState::Ready => break,
                IndexState::Failed(why) => panic!("the sample solution did not load: {why}"),
                _ => {}
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        state
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn fuzz_corpus_and_regressions() {
        let replayed = ide::fuzz::replay_corpus("tool_call", super::check_tool_call);
        eprintln!("{replayed} inputs replayed");
    }
}
