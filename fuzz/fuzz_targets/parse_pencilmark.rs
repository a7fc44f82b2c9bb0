//! The input read as pencilmark grids (`--input-format pencilmark`); see `src/formats.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stepwise_fuzz::formats::pencilmark(data));
