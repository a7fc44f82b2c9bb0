//! The Kakuro endpoints' request bodies (`/api/kakuro/{check,solve,explain,hint,rate,generate}`),
//! posted to the server's own code running in this process, as `http_api` does for the Sudoku
//! endpoints (the same setup, the same server; only the endpoints differ): each 200 answer must
//! also be a JSON object.
//!
//! What follows is `http_api`'s account of the setup:
//!
//! The server is binary-only code (`src/server/`, behind the `server` feature, reached from
//! `src/main.rs`), so this target compiles the binary's `cli` and `server` modules as they are,
//! by path, and runs `server::serve` on a loopback port in a thread of the fuzzing process.
//! Each input is then a real HTTP request (`src/http_request.rs`): the body goes through hyper,
//! axum's extractors, the request's deserialization, the endpoint's reading of its puzzle and
//! options, the worker pool and the library, and libFuzzer sees the coverage of all of it (its
//! counters are the process's, whatever the thread). Nothing in the server is changed or
//! stubbed for the fuzzer; a panic in a request's work is caught by the server's pool and
//! answered 500, which the target turns back into a crash.
#![no_main]

include!("in_process_server.rs");

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    stepwise_fuzz::http_request::run_kakuro(stepwise_fuzz::http_request::server_once(serve), data)
});
