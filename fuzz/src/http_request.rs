//! The HTTP API target's requests: the first byte picks a JSON endpoint, the rest is the body,
//! posted as `application/json` to a `stepwise serve` on loopback over plain HTTP/1.1. The
//! answer must come, and must never be 500: the server answers 500 only when a request's work
//! panicked (its pool catches the panic), so a 500 is a crash in the library or the server.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// The endpoints that read a JSON body (`src/server/mod.rs`'s router).
pub const ENDPOINTS: [&str; 9] = [
    "/api/check",
    "/api/solve",
    "/api/explain",
    "/api/rate",
    "/api/analyze",
    "/api/hint",
    "/api/generate",
    "/api/parse",
    "/solve",
];

/// How long an answer may take: far above the server's per-request time the target sets.
const ANSWER_WITHIN: Duration = Duration::from_secs(20);

/// The endpoint and body a fuzz input stands for; `None` for an empty input.
pub fn request(data: &[u8]) -> Option<(&'static str, &[u8])> {
    let (&pick, body) = data.split_first()?;
    Some((ENDPOINTS[pick as usize % ENDPOINTS.len()], body))
}

/// Posts one input to the server at `addr` and checks the answer.
pub fn run(addr: &str, data: &[u8]) {
    let Some((path, body)) = request(data) else {
        return;
    };
    let status = post(addr, path, body);
    assert!(
        status != 500,
        "POST {path} answered 500 (a panic in the request's work): {}",
        String::from_utf8_lossy(body)
    );
    assert!((200..600).contains(&status), "POST {path}: status {status}");
}

/// Posts `body` to `path` on a new connection and returns the answer's status code.
pub fn post(addr: &str, path: &str, body: &[u8]) -> u16 {
    let mut stream = TcpStream::connect(addr).expect("the server accepts connections");
    stream.set_read_timeout(Some(ANSWER_WITHIN)).unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    // The server may answer (413, say) and close before it has read the whole body.
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    if let Err(e) = stream.read_to_end(&mut answer) {
        assert!(
            !answer.is_empty(),
            "POST {path}: no answer ({e}): {}",
            String::from_utf8_lossy(body)
        );
    }
    let text = String::from_utf8_lossy(&answer);
    text.strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("POST {path}: not an HTTP answer: {text:?}"))
}
