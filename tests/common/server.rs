//! A running `stepwise serve` on a free loopback port, for the server and browser tests and
//! the load benchmark (which includes this file by path).

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdout, Command, Stdio};

/// `stepwise serve --addr 127.0.0.1:0` with the caller's options; killed when dropped.
pub struct Server {
    child: Child,
    /// The address it bound, `127.0.0.1:PORT`, read from its first line of output.
    pub addr: String,
    /// Held so that the server's standard output stays open.
    _stdout: BufReader<ChildStdout>,
}

impl Server {
    /// Starts the binary `bin` (the tests' and bench's `CARGO_BIN_EXE_stepwise`) with `args`
    /// after `serve --addr 127.0.0.1:0`.
    pub fn start(bin: &str, args: &[&str]) -> Server {
        let mut child = Command::new(bin)
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the stepwise binary starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("a first line");
        let addr = line
            .trim()
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("the first line names the address: {line:?}"))
            .to_string();
        Server {
            child,
            addr,
            _stdout: stdout,
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
