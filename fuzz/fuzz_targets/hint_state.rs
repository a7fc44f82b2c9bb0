//! A hint on a user's state made from a real puzzle; see `src/hint_state.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stepwise_fuzz::hint_state::run(data));
