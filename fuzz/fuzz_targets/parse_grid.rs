//! The input read as plain grids (`--input-format grid`); see `src/formats.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stepwise_fuzz::formats::grid(data));
