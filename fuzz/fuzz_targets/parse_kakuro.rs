//! Kakuro files (text grids and JSON records); see `src/other_formats.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stepwise_fuzz::other_formats::kakuro(data));
