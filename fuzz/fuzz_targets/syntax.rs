//! Fuzz target: `syntax::fuzz::check_parser` on every input. The check lives in its crate, so
//! the corpus replays in `cargo test`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| syntax::fuzz::check_parser(data));
