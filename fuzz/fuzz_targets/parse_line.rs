//! Every line read as a puzzle line (`--input-format line`); see `src/formats.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stepwise_fuzz::formats::line(data));
