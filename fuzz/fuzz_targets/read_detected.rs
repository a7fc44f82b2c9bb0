//! The input read as every command reads it by default, each record's format detected, under small limits; see `src/formats.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stepwise_fuzz::formats::detected(data));
