//! Fuzz target: `mcp_server::fuzz::check_tool_call` on every input. The check lives in its crate, so
//! the corpus replays in `cargo test`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_server::fuzz::check_tool_call(data));
