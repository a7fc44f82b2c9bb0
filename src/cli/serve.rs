//! `stepwise serve`'s options: where to listen and the server's limits. The binary's `main`
//! turns them into the server's configuration and hands over; this module knows nothing of the
//! server. A limit left out is the server's default, which the help text names.

use std::net::SocketAddr;
use std::time::Duration;

use clap::Args;

use super::{parse_jobs, parse_timeout, CacheArgs};

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on; port 0 takes a free port. The first line of standard output
    /// is `listening on http://ADDRESS`, the address bound. An address other than loopback
    /// opens the API to the network: see SECURITY.md.
    #[arg(long, value_name = "IP:PORT", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Requests worked on at once, each on a worker thread of its own (default: every
    /// available core).
    #[arg(long, value_name = "N", value_parser = parse_jobs)]
    pub workers: Option<usize>,
    /// Requests that may wait for a worker (0 to 4096, default 16); past that the answer is 503
    /// at once.
    #[arg(long, value_name = "N", value_parser = parse_queue)]
    pub queue: Option<usize>,
    /// Each request's time limit in seconds (a decimal number; default 10); a request may ask
    /// for less with its `timeout` field, never more. Past it the work stops and the answer is
    /// 504.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
    /// Connections open at once (1 to 65536, default 256); past it a new connection is
    /// answered 503 and closed.
    #[arg(long, value_name = "N", value_parser = parse_max_connections)]
    pub max_connections: Option<usize>,
    /// Seconds a client has to send a request's head, and then its body (a decimal number;
    /// default 10); past it the connection is closed, or the answer is 408.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub read_timeout: Option<Duration>,
    #[command(flatten)]
    pub cache: CacheArgs,
}

/// The most `--queue` takes: the queue's slots are allocated up front.
const MAX_QUEUE: usize = 4096;

fn parse_queue(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if n <= MAX_QUEUE => Ok(n),
        _ => Err(format!("'{s}' is not a queue length from 0 to {MAX_QUEUE}")),
    }
}

fn parse_max_connections(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if (1..=65536).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{s}' is not a number of connections from 1 to 65536"
        )),
    }
}
