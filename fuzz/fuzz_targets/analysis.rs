//! Fuzz target: `ide::fuzz::check_analysis` on every input. The check lives in its crate, so
//! the corpus replays in `cargo test`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ide::fuzz::check_analysis(data));
