//! The soak of `stepwise serve`: the release binary on a loopback port, driven for a
//! bounded time by many clients at once that mix every endpoint, about one request in ten
//! a bad one (bad JSON, unknown fields and names, bad puzzles, too big, wrong content type,
//! wrong method), a few slow clients that send their body a byte at a time (some slower
//! than the server's read timeout), and a few that ask for ten seconds of work (a generate
//! that cannot be met) and leave after 200 ms (then wait a second before the next). It checks that every answer is one the request
//! should get (the right 2xx or 4xx, 503 when the queue is full, 504 past a request's time, 408
//! for a body too slow), that latency and memory stay level from the first minute to the last,
//! and that the work of the clients that left stopped: once every client has stopped, the
//! server is idle (its CPU time over two seconds, a second after, is under 300 ms; the
//! abandoned work alone would keep every worker busy for up to ten seconds).
//!
//! Run: `cargo bench --bench serve_soak` (10 minutes, 64 clients), or with arguments after
//! `--`: `--quick` (one minute), `--seconds S`, `--clients N` (of which one in sixteen is
//! slow), `--workers W` and `--queue Q` (the server's; defaults: its own workers, a queue of 64
//! so that most requests are worked on rather than refused).
//!
//! Output: one line per period (a minute, or a tenth of a shorter run): requests, answers by
//! class, unexpected answers, p50/p99/max latency of the good requests that were worked on,
//! and the server's resident memory at the period's end; then a verdict: no unexpected answer,
//! the last period's p99 within twice the first's (plus 50 ms), and its memory within 1.5
//! times the first's (plus 20 MB).

#[path = "common/args.rs"]
mod bench_args;
use bench_args::value_of;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::json;

#[path = "../tests/common/http_client.rs"]
mod http_client;
#[path = "../tests/common/server.rs"]
mod server;

use http_client::{status_kb, Connection};
use server::Server;

/// Puzzles from singles to ER 9.0, and the empty grid (several solutions).
const GRADED: &str = include_str!("../examples/graded.txt");

/// What a request is, for the tally.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Good,
    Bad,
    Slow,
    /// Sent, then the connection dropped before the answer.
    Left,
}

/// One request the clients choose from, with the answers it may get.
struct Template {
    label: &'static str,
    method: &'static str,
    path: &'static str,
    content_type: &'static str,
    body: Vec<u8>,
    allowed: &'static [u16],
    kind: Kind,
}

/// Answers any request may get when the server is full or the request's time ran out.
const BUSY: [u16; 2] = [503, 504];

fn templates() -> Vec<Template> {
    let puzzles: Vec<&str> = GRADED
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let easy = puzzles[0];
    let hard = puzzles[puzzles.len() - 1];
    let json_post = |label, path, body: serde_json::Value, allowed, kind| Template {
        label,
        method: "POST",
        path,
        content_type: "application/json",
        body: body.to_string().into_bytes(),
        allowed,
        kind,
    };
    let mut list = Vec::new();
    for (i, puzzle) in puzzles.iter().enumerate() {
        let level = ["nudge", "technique", "cells", "full"][i % 4];
        list.push(json_post(
            "check",
            "/api/check",
            json!({ "puzzle": puzzle }),
            &[200],
            Kind::Good,
        ));
        list.push(json_post(
            "solve",
            "/api/solve",
            json!({ "puzzle": puzzle }),
            &[200],
            Kind::Good,
        ));
        list.push(json_post(
            "hint",
            "/api/hint",
            json!({ "puzzle": puzzle, "level": level }),
            &[200],
            Kind::Good,
        ));
        list.push(json_post(
            "hint-hodoku",
            "/api/hint",
            json!({ "puzzle": puzzle, "level": "full", "profile": "hodoku", "svg": true }),
            &[200],
            Kind::Good,
        ));
        list.push(json_post(
            "rate",
            "/api/rate",
            json!({ "puzzle": puzzle }),
            &[200],
            Kind::Good,
        ));
        list.push(json_post(
            "explain",
            "/api/explain",
            json!({ "puzzle": puzzle, "profile": "hodoku" }),
            &[200],
            Kind::Good,
        ));
        list.push(json_post(
            "analyze",
            "/api/analyze",
            json!({ "puzzle": puzzle }),
            &[200],
            Kind::Good,
        ));
    }
    list.push(json_post(
        "explain-svg",
        "/api/explain",
        json!({ "puzzle": easy, "svg_step": 3 }),
        &[200],
        Kind::Good,
    ));
    list.push(json_post(
        "parse",
        "/api/parse",
        json!({ "puzzle": hard }),
        &[200],
        Kind::Good,
    ));
    list.push(json_post(
        "generate",
        "/api/generate",
        json!({ "level": "easy", "count": 1, "timeout": 2 }),
        &[200],
        Kind::Good,
    ));
    list.push(json_post(
        "solve-record",
        "/solve",
        json!({ "id": "soak", "board": easy.as_bytes().chunks(9).map(|row| row.iter().map(|&b| if b == b'.' { 0 } else { b - b'0' }).collect::<Vec<u8>>()).collect::<Vec<_>>() }),
        &[200],
        Kind::Good,
    ));
    for path in ["/healthz", "/api/techniques", "/api/techniques/x-wing", "/"] {
        list.push(Template {
            label: "get",
            method: "GET",
            path,
            content_type: "",
            body: Vec::new(),
            allowed: &[200],
            kind: Kind::Good,
        });
    }
    list
}

fn bad_templates() -> Vec<Template> {
    let raw = |label, path, content_type, body: &[u8], allowed| Template {
        label,
        method: "POST",
        path,
        content_type,
        body: body.to_vec(),
        allowed,
        kind: Kind::Bad,
    };
    let conflicting = format!("55{}", ".".repeat(79));
    vec![
        raw("bad-json", "/api/check", "application/json", b"{\"puzzle\": ", &[400]),
        raw("unknown-field", "/api/rate", "application/json", b"{\"puzzle\": \"1\", \"colour\": 1}", &[400]),
        raw("bad-char", "/api/check", "application/json", format!("{{\"puzzle\": \"{}x\"}}", ".".repeat(80)).as_bytes(), &[400, 422]),
        raw("conflict", "/api/hint", "application/json", format!("{{\"puzzle\": \"{conflicting}\"}}").as_bytes(), &[400, 422]),
        raw("no-solution", "/api/explain", "application/json", b"{\"puzzle\": \"12345678.........9.....................................................\"}", &[200, 400, 422]),
        raw("unknown-profile", "/api/explain", "application/json", b"{\"puzzle\": \"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\", \"profile\": \"expert\"}", &[400]),
        raw("unknown-technique", "/api/generate", "application/json", b"{\"hardest\": \"x-wingg\"}", &[400]),
        raw("too-big", "/api/check", "application/json", &vec![b' '; 70 << 10], &[413]),
        raw("content-type", "/api/check", "text/plain", b"{\"puzzle\": \"1\"}", &[415]),
        raw("array", "/api/check", "application/json", b"[[[[[[[[[[]]]]]]]]]]", &[400]),
        Template {
            label: "method",
            method: "GET",
            path: "/api/check",
            content_type: "",
            body: Vec::new(),
            allowed: &[405],
            kind: Kind::Bad,
        },
    ]
}

/// A small deterministic generator (xorshift64*), one per client.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// One answered (or failed) request.
struct Record {
    period: usize,
    kind: Kind,
    label: &'static str,
    status: u16,
    latency: Duration,
    expected: bool,
}

/// Sends one request the plain way, on a keep-alive connection.
fn send(connection: &mut Connection, addr: &str, t: &Template) -> u16 {
    if t.method == "POST" && t.content_type == "application/json" {
        return connection
            .post(t.path, &t.body)
            .map_or(0, |(status, _)| status);
    }
    // Other methods and content types: a connection of their own.
    one_shot(addr, t, None)
}

/// Sends a request on a new connection and closes it after `wait`, before the answer.
fn leave_early(addr: &str, t: &Template, wait: Duration) {
    let Ok(mut stream) = TcpStream::connect(addr) else {
        return;
    };
    let request = format!(
        "POST {} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: {}\r\nContent-Length: {}\r\n\r\n",
        t.path,
        t.content_type,
        t.body.len()
    );
    if stream.write_all(request.as_bytes()).is_ok() && stream.write_all(&t.body).is_ok() {
        std::thread::sleep(wait);
    }
}

/// The CPU time a process has used so far (user and system), from `/proc` (Linux only).
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (in parentheses, which may hold spaces).
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // The kernel's USER_HZ, 100 on every Linux this runs on.
    Some(Duration::from_millis(ticks * 10))
}

/// Sends a request on a new connection; with `byte_gap`, its body a byte at a time.
fn one_shot(addr: &str, t: &Template, byte_gap: Option<Duration>) -> u16 {
    let Ok(mut stream) = TcpStream::connect(addr) else {
        return 0;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(40)));
    let mut head = format!(
        "{} {} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n",
        t.method, t.path
    );
    if !t.content_type.is_empty() {
        head.push_str(&format!("Content-Type: {}\r\n", t.content_type));
    }
    if t.method == "POST" {
        head.push_str(&format!("Content-Length: {}\r\n", t.body.len()));
    }
    head.push_str("\r\n");
    if stream.write_all(head.as_bytes()).is_err() {
        return 0;
    }
    match byte_gap {
        None => {
            // A server that refuses a body early may close before it is all written.
            let _ = stream.write_all(&t.body);
        }
        Some(gap) => {
            for byte in &t.body {
                if stream.write_all(&[*byte]).is_err() {
                    break;
                }
                std::thread::sleep(gap);
            }
        }
    }
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    std::str::from_utf8(&answer)
        .ok()
        .and_then(|a| a.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

fn quantile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let seconds: f64 = value_of(&args, "--seconds")
        .and_then(|s| s.parse().ok())
        .unwrap_or(if quick { 60.0 } else { 600.0 });
    let clients: usize = value_of(&args, "--clients")
        .and_then(|s| s.parse().ok())
        .unwrap_or(64)
        .max(1);
    let queue = value_of(&args, "--queue").unwrap_or_else(|| "64".to_string());
    let mut server_args = vec!["--queue".to_string(), queue.clone()];
    if let Some(workers) = value_of(&args, "--workers") {
        server_args.extend(["--workers".to_string(), workers]);
    }
    let server_args: Vec<&str> = server_args.iter().map(String::as_str).collect();
    let server = Server::start(env!("CARGO_BIN_EXE_stepwise"), &server_args);
    let duration = Duration::from_secs_f64(seconds);
    let period = if duration >= Duration::from_secs(120) {
        Duration::from_secs(60)
    } else {
        duration / 10
    };
    let periods = (duration.as_secs_f64() / period.as_secs_f64()).ceil() as usize;
    let good = templates();
    let bad = bad_templates();
    let slow_body = serde_json::to_vec(&json!({ "puzzle": GRADED.lines().find(|l| !l.starts_with('#')).and_then(|l| l.split_whitespace().next()) })).expect("json");
    let slow = Template {
        label: "slow",
        method: "POST",
        path: "/api/check",
        content_type: "application/json",
        body: slow_body,
        allowed: &[200, 408],
        kind: Kind::Slow,
    };
    // Ten seconds of work (the server's default limit) that no answer will be read for.
    let leaving = Template {
        label: "left",
        method: "POST",
        path: "/api/generate",
        content_type: "application/json",
        body: json!({ "count": 20, "er": [11.5, 12], "seed": 1, "timeout": 10 })
            .to_string()
            .into_bytes(),
        allowed: &[0],
        kind: Kind::Left,
    };
    println!(
        "soak: {seconds:.0} s, {clients} clients ({} slow, {} leaving), server queue {queue}, {} good and {} bad request kinds, periods of {:.0} s",
        clients.div_ceil(16),
        (clients + 8) / 16,
        good.len(),
        bad.len(),
        period.as_secs_f64()
    );

    let start = Instant::now();
    let stop = AtomicBool::new(false);
    let memory: Mutex<Vec<u64>> = Mutex::new(vec![0; periods]);
    let records: Vec<Record> = std::thread::scope(|scope| {
        // The server's resident memory, sampled every half second, the most per period.
        let sampler = scope.spawn(|| {
            while !stop.load(Ordering::Relaxed) {
                let at = (start.elapsed().as_secs_f64() / period.as_secs_f64()) as usize;
                if let Some(kb) = status_kb(server.pid(), "VmRSS") {
                    let mut memory = memory.lock().expect("the memory list");
                    if let Some(slot) = memory.get_mut(at.min(periods - 1)) {
                        *slot = (*slot).max(kb);
                    }
                }
                std::thread::sleep(Duration::from_millis(500));
            }
        });
        let threads: Vec<_> = (0..clients)
            .map(|c| {
                let (good, bad, slow, leaving, addr) =
                    (&good, &bad, &slow, &leaving, server.addr.as_str());
                scope.spawn(move || {
                    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ ((c as u64 + 1) * 0x1000_0001));
                    let mut connection = Connection::new(addr);
                    let mut seen = Vec::new();
                    let is_slow = c % 16 == 15;
                    let leaves = c % 16 == 7;
                    while start.elapsed() < duration {
                        if leaves {
                            let sent = Instant::now();
                            leave_early(addr, leaving, Duration::from_millis(200));
                            let at = (sent.duration_since(start).as_secs_f64()
                                / period.as_secs_f64())
                                as usize;
                            seen.push(Record {
                                period: at.min(periods - 1),
                                kind: Kind::Left,
                                label: leaving.label,
                                status: 0,
                                latency: sent.elapsed(),
                                expected: true,
                            });
                            // A client now and then, not a flood: the queue should hold the
                            // other clients' requests, not refuse them.
                            std::thread::sleep(Duration::from_secs(1));
                            continue;
                        }
                        let (template, gap) = if is_slow {
                            // Most slow bodies arrive within the read timeout; one in four
                            // takes 150 ms a byte, past it.
                            let gap = if rng.below(4) == 0 { 150 } else { 20 };
                            (slow, Some(Duration::from_millis(gap)))
                        } else if rng.below(10) == 0 {
                            (&bad[rng.below(bad.len())], None)
                        } else {
                            (&good[rng.below(good.len())], None)
                        };
                        let sent = Instant::now();
                        let status = match gap {
                            Some(gap) => one_shot(addr, template, Some(gap)),
                            None => send(&mut connection, addr, template),
                        };
                        let at = (sent.duration_since(start).as_secs_f64() / period.as_secs_f64())
                            as usize;
                        seen.push(Record {
                            period: at.min(periods - 1),
                            kind: template.kind,
                            label: template.label,
                            status,
                            latency: sent.elapsed(),
                            expected: template.allowed.contains(&status) || BUSY.contains(&status),
                        });
                    }
                    seen
                })
            })
            .collect();
        let records = threads
            .into_iter()
            .flat_map(|t| t.join().expect("a client thread"))
            .collect();
        stop.store(true, Ordering::Relaxed);
        sampler.join().expect("the sampler");
        records
    });

    // Every client has stopped: the server should be idle now, the work of the clients that
    // left included.
    std::thread::sleep(Duration::from_secs(1));
    let before = cpu_time(server.pid());
    std::thread::sleep(Duration::from_secs(2));
    let idle_cpu = before
        .zip(cpu_time(server.pid()))
        .map(|(a, b)| b.saturating_sub(a));

    let memory = memory.into_inner().expect("the memory list");
    println!(
        "\n{:>6} {:>8} {:>6} {:>6} {:>6} {:>6} {:>6} {:>10} {:>10} {:>10} {:>9}",
        "period",
        "requests",
        "2xx",
        "4xx",
        "503",
        "504",
        "unexp",
        "p50 ms",
        "p99 ms",
        "max ms",
        "RSS MB"
    );
    let mut p99s = Vec::new();
    for (p, rss) in memory.iter().enumerate() {
        let here: Vec<&Record> = records.iter().filter(|r| r.period == p).collect();
        let count = |f: &dyn Fn(&Record) -> bool| here.iter().filter(|r| f(r)).count();
        let mut worked: Vec<Duration> = here
            .iter()
            .filter(|r| r.kind == Kind::Good && r.status == 200)
            .map(|r| r.latency)
            .collect();
        worked.sort();
        let p99 = quantile(&worked, 0.99);
        p99s.push(p99);
        println!(
            "{:>6} {:>8} {:>6} {:>6} {:>6} {:>6} {:>6} {:>10.1} {:>10.1} {:>10.1} {:>9.1}",
            p + 1,
            here.len(),
            count(&|r| (200..300).contains(&r.status)),
            count(&|r| (400..500).contains(&r.status)),
            count(&|r| r.status == 503),
            count(&|r| r.status == 504),
            count(&|r| !r.expected),
            ms(quantile(&worked, 0.5)),
            ms(p99),
            ms(worked.last().copied().unwrap_or_default()),
            *rss as f64 / 1024.0
        );
    }
    let unexpected: Vec<&Record> = records.iter().filter(|r| !r.expected).collect();
    let mut by_label: Vec<(&str, u16, usize)> = Vec::new();
    for r in &unexpected {
        match by_label
            .iter_mut()
            .find(|(l, s, _)| *l == r.label && *s == r.status)
        {
            Some((_, _, n)) => *n += 1,
            None => by_label.push((r.label, r.status, 1)),
        }
    }
    let slow_done = records.iter().filter(|r| r.kind == Kind::Slow).count();
    let slow_cut = records
        .iter()
        .filter(|r| r.kind == Kind::Slow && r.status == 408)
        .count();
    println!(
        "\n{} requests; slow clients: {slow_done} bodies sent a byte at a time, {slow_cut} cut off with 408",
        records.len()
    );
    let left = records.iter().filter(|r| r.kind == Kind::Left).count();
    let idle = idle_cpu.is_none_or(|cpu| cpu < Duration::from_millis(300));
    println!(
        "clients that left: {left} requests for 10 s of work dropped after 200 ms; server CPU over 2 s after the last client stopped: {}",
        idle_cpu.map_or("unknown (no /proc)".to_string(), |cpu| format!(
            "{:.0} ms: {}",
            ms(cpu),
            if idle { "idle" } else { "STILL WORKING" }
        ))
    );
    let first_p99 = p99s.first().copied().unwrap_or_default();
    let last_p99 = p99s.last().copied().unwrap_or_default();
    let (first_mem, last_mem) = (
        memory[0] as f64 / 1024.0,
        memory[periods - 1] as f64 / 1024.0,
    );
    let latency_level = last_p99 <= first_p99 * 2 + Duration::from_millis(50);
    let memory_level = last_mem <= first_mem * 1.5 + 20.0;
    println!(
        "unexpected answers: {}{}",
        unexpected.len(),
        if by_label.is_empty() {
            String::new()
        } else {
            format!(
                " ({})",
                by_label
                    .iter()
                    .map(|(l, s, n)| format!("{l} -> {s}: {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    );
    println!(
        "p99 first {:.1} ms, last {:.1} ms: {}; memory first {first_mem:.1} MB, last {last_mem:.1} MB: {}",
        ms(first_p99),
        ms(last_p99),
        if latency_level { "level" } else { "GREW" },
        if memory_level { "level" } else { "GREW" }
    );
    let passed = unexpected.is_empty() && latency_level && memory_level && idle;
    println!("{}", if passed { "soak passed" } else { "soak FAILED" });
    if !passed {
        std::process::exit(1);
    }
}
