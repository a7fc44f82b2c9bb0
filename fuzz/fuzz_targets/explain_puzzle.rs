//! Explain and rate a puzzle under a 50 ms budget; see `src/explain_puzzle.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stepwise_fuzz::explain_puzzle::run(data));
