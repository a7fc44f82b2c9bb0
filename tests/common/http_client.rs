//! A small HTTP/1.1 client over `TcpStream` with keep-alive, and the server's memory read
//! from `/proc`, for the load and soak benchmarks (included by path).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// How long a client waits for an answer before giving up on the connection: three times the
/// server's default time per request.
const READ_TIMEOUT: Duration = Duration::from_secs(30);

/// A field of `/proc/PID/status` in kB (`VmRSS`, `VmHWM`); `None` off Linux.
pub fn status_kb(pid: u32, field: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// One keep-alive connection; reconnects when the server has closed it.
pub struct Connection {
    addr: String,
    stream: Option<BufReader<TcpStream>>,
}

impl Connection {
    pub fn new(addr: &str) -> Connection {
        let mut connection = Connection {
            addr: addr.to_string(),
            stream: None,
        };
        // Connected before the clock starts; a failure here is retried on the first request.
        let _ = connection.open();
        connection
    }

    fn open(&mut self) -> std::io::Result<&mut BufReader<TcpStream>> {
        if self.stream.is_none() {
            let stream = TcpStream::connect(&self.addr)?;
            stream.set_nodelay(true)?;
            stream.set_read_timeout(Some(READ_TIMEOUT))?;
            self.stream = Some(BufReader::new(stream));
        }
        Ok(self.stream.as_mut().expect("just opened"))
    }

    /// POSTs a JSON body; the status and the body. A kept connection the server closed is
    /// opened again and the request sent once more.
    pub fn post(&mut self, path: &str, body: &[u8]) -> std::io::Result<(u16, Vec<u8>)> {
        let mut request = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        )
        .into_bytes();
        request.extend_from_slice(body);
        let mut attempt = 0;
        loop {
            attempt += 1;
            let result = self.exchange(&request);
            match result {
                Ok((status, body, close)) => {
                    if close {
                        self.stream = None;
                    }
                    return Ok((status, body));
                }
                Err(e) => {
                    self.stream = None;
                    if attempt == 2 {
                        return Err(e);
                    }
                }
            }
        }
    }

    fn exchange(&mut self, request: &[u8]) -> std::io::Result<(u16, Vec<u8>, bool)> {
        let stream = self.open()?;
        stream.get_mut().write_all(request)?;
        let bad = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what);
        let mut line = String::new();
        if stream.read_line(&mut line)? == 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                "the connection was closed",
            ));
        }
        let status: u16 = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("no status line"))?;
        let (mut length, mut chunked, mut close) = (None, false, false);
        loop {
            line.clear();
            if stream.read_line(&mut line)? == 0 {
                return Err(bad("the headers end early"));
            }
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':') {
                let (name, value) = (name.trim().to_ascii_lowercase(), value.trim());
                match name.as_str() {
                    "content-length" => length = value.parse::<usize>().ok(),
                    "transfer-encoding" => chunked = value.contains("chunked"),
                    "connection" => close = value.eq_ignore_ascii_case("close"),
                    _ => {}
                }
            }
        }
        let mut body = Vec::new();
        if chunked {
            loop {
                line.clear();
                stream.read_line(&mut line)?;
                let size =
                    usize::from_str_radix(line.trim(), 16).map_err(|_| bad("a bad chunk size"))?;
                let mut chunk = vec![0; size + 2];
                stream.read_exact(&mut chunk)?;
                if size == 0 {
                    break;
                }
                body.extend_from_slice(&chunk[..size]);
            }
        } else if let Some(length) = length {
            body.resize(length, 0);
            stream.read_exact(&mut body)?;
        } else {
            stream.read_to_end(&mut body)?;
            close = true;
        }
        Ok((status, body, close))
    }
}
