//! The HTTP API's request bodies, posted to the server's own code running in this process.
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

use std::net::{TcpListener, TcpStream};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

#[allow(dead_code, unused_imports)]
#[path = "../../src/cli/mod.rs"]
mod cli;
#[allow(dead_code, unused_imports)]
#[path = "../../src/server/mod.rs"]
mod server;

/// The address of the server this process runs, started on the first input.
fn server_addr() -> &'static str {
    static ADDR: OnceLock<String> = OnceLock::new();
    ADDR.get_or_init(|| {
        // A free port, taken from the system and handed to the server.
        let addr = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free loopback port");
        let config = server::Config {
            addr,
            workers: 1,
            queue: 4,
            // Small, so that an input that starts a long search costs a tenth of a second.
            timeout: Duration::from_millis(100),
            cache_bytes: Some(16 << 20),
            max_connections: 16,
            read_timeout: Duration::from_secs(5),
        };
        std::thread::spawn(move || server::serve(config));
        let start = Instant::now();
        while TcpStream::connect(addr).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the server did not start"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        addr.to_string()
    })
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| stepwise_fuzz::http_request::run(server_addr(), data));
