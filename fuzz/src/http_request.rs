//! The HTTP API targets' requests: the first byte picks a JSON endpoint (one of the Sudoku
//! side's for `http_api`, of Kakuro's for `kakuro_api`), the rest is the body, posted as
//! `application/json` to a `stepwise serve` on loopback over plain HTTP/1.1. The answer must
//! come, and must never be 500: the server answers 500 only when a request's work panicked
//! (its pool catches the panic), so a 500 is a crash in the library or the server. A Kakuro
//! answer of 200 must also be a JSON object (the command's `--json` record).
//!
//! [`server_once`] starts the targets' in-process server: the target hands it the function
//! that serves on a given port.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

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

/// The Kakuro endpoints (`src/server/kakuro.rs`), all reading a JSON body.
pub const KAKURO_ENDPOINTS: [&str; 6] = [
    "/api/kakuro/check",
    "/api/kakuro/solve",
    "/api/kakuro/explain",
    "/api/kakuro/hint",
    "/api/kakuro/rate",
    "/api/kakuro/generate",
];

/// How long an answer may take: far above the server's per-request time the target sets.
const ANSWER_WITHIN: Duration = Duration::from_secs(20);

/// The endpoint among `endpoints` and the body a fuzz input stands for; `None` for an empty
/// input.
pub fn request<'a>(endpoints: &[&'static str], data: &'a [u8]) -> Option<(&'static str, &'a [u8])> {
    let (&pick, body) = data.split_first()?;
    Some((endpoints[pick as usize % endpoints.len()], body))
}

/// Posts one input to one of the Sudoku side's endpoints at `addr` and checks the answer.
pub fn run(addr: &str, data: &[u8]) {
    let Some((path, body)) = request(&ENDPOINTS, data) else {
        return;
    };
    check(path, body, post(addr, path, body).0);
}

/// Posts one input to one of the Kakuro endpoints at `addr` and checks the answer: never 500,
/// and a 200 holds a JSON object.
pub fn run_kakuro(addr: &str, data: &[u8]) {
    let Some((path, body)) = request(&KAKURO_ENDPOINTS, data) else {
        return;
    };
    let (status, answer) = post(addr, path, body);
    check(path, body, status);
    if status == 200 {
        let parsed: Result<serde_json::Value, _> = serde_json::from_str(&answer);
        assert!(
            parsed.as_ref().is_ok_and(serde_json::Value::is_object),
            "POST {path} answered 200 with no JSON object: {answer:?}"
        );
    }
}

/// An answer came with a status, and it is not 500.
fn check(path: &str, body: &[u8], status: u16) {
    assert!(
        status != 500,
        "POST {path} answered 500 (a panic in the request's work): {}",
        String::from_utf8_lossy(body)
    );
    assert!((200..600).contains(&status), "POST {path}: status {status}");
}

/// The address of the server this process runs, started by `serve` (given a free loopback
/// port) in a thread on the first call; later calls return the same address.
pub fn server_once(serve: fn(SocketAddr)) -> &'static str {
    static ADDR: OnceLock<String> = OnceLock::new();
    ADDR.get_or_init(|| {
        // A free port, taken from the system and handed to the server.
        let addr = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free loopback port");
        std::thread::spawn(move || serve(addr));
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

/// Posts `body` to `path` on a new connection and returns the answer's status code and body.
pub fn post(addr: &str, path: &str, body: &[u8]) -> (u16, String) {
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
    let status = text
        .strip_prefix("HTTP/1.1 ")
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("POST {path}: not an HTTP answer: {text:?}"));
    // The body after the head (the server sends it whole, with Content-Length).
    let body = text
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, body)| body.to_string());
    (status, body)
}
