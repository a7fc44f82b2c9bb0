//! Grids of other sizes and Latin squares, with or without a forced shape; see `src/other_formats.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stepwise_fuzz::other_formats::shaped(data));
