//! The input read as JSON records (`--input-format json`); see `src/formats.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stepwise_fuzz::formats::json(data));
