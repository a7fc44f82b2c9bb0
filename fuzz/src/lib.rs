//! The fuzz targets' bodies, as plain functions of the fuzzer's bytes, so that
//! `tests/fuzz_regressions.rs` replays every crash found through the very same code on stable
//! (it includes these files by path). Each file depends on `stepwise`, `serde_json` and its
//! siblings only.

pub mod explain_puzzle;
pub mod formats;
pub mod hint_state;
pub mod http_request;
pub mod other_formats;
pub mod puzzles;
