//! The load test of `stepwise serve`: the release binary on an ephemeral loopback
//! port, driven by client threads over keep-alive HTTP/1.1 connections (a small client over
//! `TcpStream`, written here), for `POST /api/hint` (level `full`; on the puzzle as given, and
//! as `hint-hs` on the pencilmark grid just before the hodoku path's hardest step) and
//! `POST /api/explain`, at 1, 4 and 16 concurrent clients, on 20 puzzles of each HoDoKu level and on 20 of the forum's
//! hardest. Beside each row, the same work done in-process through the library on this thread
//! in the same run (parse, `next_hint_with` or `explain`, JSON serialization of the answer),
//! so `p50/lib` is what HTTP, the server's queue and the pool add.
//!
//! Run: `cargo bench --bench serve_load` (about 3-5 minutes), or with arguments after `--`:
//! `--quick` (about a minute), `--only TEXT` (rows whose `endpoint set` label contains TEXT,
//! e.g. `hint`, `Unfair`, `explain forum`), `--requests N` and `--seconds T` (each row's bounds:
//! no new request after N requests or T seconds; defaults 5000 and 4, quick 1000 and 1),
//! `--clients 1,4,16`, `--workers W` (the server's workers; default its own, one per core),
//! `--profile P` (the hints' and explain's profile; default hodoku).
//!
//! Puzzles: the first 20 of each level of `../shared/data/rated/hodoku.tsv` and the first 20
//! of `forum-hardest-11plus.txt`; without `../shared`, each level from the server's own
//! `/api/generate` with a fixed seed and a few literal forum-hardest puzzles.
//!
//! Every row is bounded in count and time and the run stops by itself; the server is killed
//! when the run ends (or panics). Memory: the server's VmRSS sampled every 50 ms (the most per
//! row) and its VmHWM at the end, from `/proc/PID/status` (Linux).

#[path = "common/args.rs"]
mod bench_args;
use bench_args::value_of;

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use stepwise::budget::Budget;
use stepwise::format::{parse_puzzle, to_pencilmark};
use stepwise::grid::Grid;
use stepwise::hint::HintLevel;
use stepwise::pipeline::{apply, solve, Options};
use stepwise::profile::{HintSettings, Profile, RateSettings};

#[path = "../tests/common/http_client.rs"]
mod http_client;
#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;
#[path = "../tests/common/server.rs"]
mod server;

use http_client::{status_kb, Connection};

use server::Server;

#[path = "../src/allocator.rs"]
mod allocator;

/// The allocator the `stepwise` binary ships with, so the in-process baseline is the binary's.
#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;

const LEVELS: [&str; 5] = ["Easy", "Medium", "Hard", "Unfair", "Extreme"];
const PER_SET: usize = 20;
/// Used when `../shared/data` is absent.
const FALLBACK_HARDEST: &[&str] = &[
    "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
    "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
    "98.7..6..5...9..7...7..4...4...327....65...9.......3.11...8.5...2.........54...8.",
];
/// The targets for hint p99: Easy to Unfair, and the forum's hardest.
const HINT_TARGET_EASY: Duration = Duration::from_millis(20);
const HINT_TARGET_HARDEST: Duration = Duration::from_millis(1500);
/// The time each request (and each in-process call) may take: the server's default.
const REQUEST_TIME: Duration = Duration::from_secs(10);

// ---------------------------------------------------------------------------------------
// The server

/// Starts the server with `--queue` slots and, when given, `workers` threads.
fn start_server(workers: Option<usize>, queue: usize) -> Server {
    let queue = queue.to_string();
    let workers = workers.map(|w| w.to_string());
    let mut args = vec!["--queue", queue.as_str()];
    if let Some(workers) = &workers {
        args.extend(["--workers", workers.as_str()]);
    }
    Server::start(env!("CARGO_BIN_EXE_stepwise"), &args)
}

// ---------------------------------------------------------------------------------------
// Puzzle sets

struct PuzzleSet {
    label: String,
    puzzles: Vec<String>,
    /// The forum's hardest (the 1.5 s target, and explain's time).
    hardest: bool,
}

fn shared_sets() -> Option<Vec<PuzzleSet>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    let rated = std::fs::read_to_string(dir.join("rated/hodoku.tsv")).ok()?;
    let hardest = std::fs::read_to_string(dir.join("forum-hardest-11plus.txt")).ok()?;
    let mut sets: Vec<PuzzleSet> = LEVELS
        .iter()
        .map(|level| PuzzleSet {
            label: level.to_string(),
            puzzles: rated
                .lines()
                .filter(|l| !l.starts_with('#'))
                .filter(|l| l.split('\t').nth(1) == Some(level))
                .take(PER_SET)
                .map(|l| l.split('\t').next().unwrap_or("").to_string())
                .collect(),
            hardest: false,
        })
        .collect();
    sets.push(PuzzleSet {
        label: "forum-hardest".to_string(),
        puzzles: hardest
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .take(PER_SET)
            .map(|l| l.trim().to_string())
            .collect(),
        hardest: true,
    });
    Some(sets)
}

/// Each level from the server's own generator (fixed seeds), and the literal hardest.
fn generated_sets(addr: &str) -> Vec<PuzzleSet> {
    let mut connection = Connection::new(addr);
    let mut sets = Vec::new();
    for (i, level) in LEVELS.iter().enumerate() {
        let request =
            json!({"count": PER_SET, "level": level.to_ascii_lowercase(), "seed": 22 + i});
        let puzzles: Vec<String> = connection
            .post("/api/generate", request.to_string().as_bytes())
            .ok()
            .and_then(|(_, body)| serde_json::from_slice::<Value>(&body).ok())
            .and_then(|v| {
                v["puzzles"].as_array().map(|ps| {
                    ps.iter()
                        .filter_map(|p| p["puzzle"].as_str().map(String::from))
                        .collect()
                })
            })
            .unwrap_or_default();
        println!(
            "  generated {} {level} puzzles (seed {})",
            puzzles.len(),
            22 + i
        );
        sets.push(PuzzleSet {
            label: format!("{level} (gen)"),
            puzzles,
            hardest: false,
        });
    }
    sets.push(PuzzleSet {
        label: "forum-hardest".to_string(),
        puzzles: FALLBACK_HARDEST.iter().map(|s| s.to_string()).collect(),
        hardest: true,
    });
    sets
}

// ---------------------------------------------------------------------------------------
// Measuring

#[derive(Clone, Copy, PartialEq, Eq)]
enum Endpoint {
    /// `/api/hint` on the puzzle as given (its first step).
    Hint,
    /// `/api/hint` on the pencilmark grid just before the hodoku path's hardest step: where
    /// a stuck player asks, and the hint engine must search up to that technique.
    HintStuck,
    Explain,
}

impl Endpoint {
    fn name(self) -> &'static str {
        match self {
            Endpoint::Hint => "hint",
            Endpoint::HintStuck => "hint-hs",
            Endpoint::Explain => "explain",
        }
    }

    fn path(self) -> &'static str {
        match self {
            Endpoint::Hint | Endpoint::HintStuck => "/api/hint",
            Endpoint::Explain => "/api/explain",
        }
    }

    /// What each request sends as its puzzle: the line, or the state before the hardest step.
    fn states(self, set: &PuzzleSet) -> Vec<String> {
        match self {
            Endpoint::Hint | Endpoint::Explain => set.puzzles.clone(),
            Endpoint::HintStuck => set.puzzles.iter().map(|p| before_hardest(p)).collect(),
        }
    }

    fn body(self, puzzle: &str, profile: &str) -> Vec<u8> {
        let request = match self {
            Endpoint::Hint | Endpoint::HintStuck => {
                json!({"puzzle": puzzle, "level": "full", "profile": profile})
            }
            Endpoint::Explain => json!({"puzzle": puzzle, "profile": profile}),
        };
        request.to_string().into_bytes()
    }

    /// The same work in-process: parse, the library's call, the answer as JSON.
    fn in_process(self, puzzle: &str, profile: Profile) -> usize {
        let input = parse_puzzle(puzzle, None).expect("a puzzle the library reads");
        let budget = Budget {
            time: Some(REQUEST_TIME),
            cache_bytes: None,
        };
        let json = match self {
            Endpoint::Hint | Endpoint::HintStuck => {
                let settings = HintSettings::select(Some(profile), &[], false).with_budget(budget);
                let hint = stepwise::next_hint_with(&input, None, HintLevel::Full, &settings)
                    .expect("a hint");
                serde_json::to_vec(&hint)
            }
            Endpoint::Explain => {
                let settings = RateSettings::select(Some(profile), &[], false).with_budget(budget);
                serde_json::to_vec(&stepwise::explain(&input, &settings))
            }
        };
        json.expect("the answer serializes").len()
    }
}

/// The pencilmark grid of `puzzle` just before the hardest step (the first of the highest
/// rating) of its hodoku path; the puzzle itself when that step is the first.
fn before_hardest(puzzle: &str) -> String {
    let cells = puzzle_line::cells(puzzle);
    let mut grid = Grid::from_puzzle(&cells);
    let trace = solve(&grid, &Options::hodoku());
    let mut hardest = 0;
    for (i, step) in trace.steps.iter().enumerate() {
        if step.rating() > trace.steps[hardest].rating() {
            hardest = i;
        }
    }
    for step in trace.steps.iter().take(hardest) {
        apply(&mut grid, step);
    }
    to_pencilmark(grid.values(), &grid.candidate_masks())
}

/// Rounds: stop taking new requests after `requests` or `time`.
#[derive(Clone, Copy)]
struct Bounds {
    requests: usize,
    time: Duration,
}

/// The `p`-quantile (nearest rank) of sorted durations.
fn quantile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

/// The in-process p50 over the set, requests taken in turn within the bounds.
fn baseline(endpoint: Endpoint, states: &[String], profile: Profile, bounds: Bounds) -> Duration {
    // One untimed pass over a few puzzles warms the caches, as the server's workers are.
    for p in states.iter().take(2) {
        std::hint::black_box(endpoint.in_process(p, profile));
    }
    let start = Instant::now();
    let mut times = Vec::new();
    for i in 0..bounds.requests {
        if start.elapsed() >= bounds.time {
            break;
        }
        let one = Instant::now();
        std::hint::black_box(endpoint.in_process(&states[i % states.len()], profile));
        times.push(one.elapsed());
    }
    times.sort();
    quantile(&times, 0.5)
}

struct Outcome {
    /// Sorted latencies of every request.
    latencies: Vec<Duration>,
    /// Non-200 answers by status (0: no answer).
    errors: Vec<(u16, usize)>,
    wall: Duration,
}

fn load(addr: &str, path: &str, bodies: &[Vec<u8>], clients: usize, bounds: Bounds) -> Outcome {
    let next = AtomicUsize::new(0);
    let start_line = Barrier::new(clients + 1);
    let mut start = Instant::now();
    let results: Vec<Vec<(Duration, u16)>> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..clients)
            .map(|_| {
                let (next, start_line) = (&next, &start_line);
                scope.spawn(move || {
                    let mut connection = Connection::new(addr);
                    start_line.wait();
                    let deadline = Instant::now() + bounds.time;
                    let mut seen = Vec::new();
                    while Instant::now() < deadline {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= bounds.requests {
                            break;
                        }
                        let one = Instant::now();
                        let status = match connection.post(path, &bodies[i % bodies.len()]) {
                            Ok((status, _)) => status,
                            Err(_) => 0,
                        };
                        seen.push((one.elapsed(), status));
                    }
                    seen
                })
            })
            .collect();
        start_line.wait();
        start = Instant::now();
        threads
            .into_iter()
            .map(|t| t.join().expect("a client thread"))
            .collect()
    });
    let wall = start.elapsed();
    let mut latencies = Vec::new();
    let mut errors: Vec<(u16, usize)> = Vec::new();
    for (latency, status) in results.into_iter().flatten() {
        latencies.push(latency);
        if status != 200 {
            match errors.iter_mut().find(|(s, _)| *s == status) {
                Some((_, n)) => *n += 1,
                None => errors.push((status, 1)),
            }
        }
    }
    latencies.sort();
    Outcome {
        latencies,
        errors,
        wall,
    }
}

// ---------------------------------------------------------------------------------------

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".to_string())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let only = value_of(&args, "--only");
    let bounds = Bounds {
        requests: value_of(&args, "--requests")
            .and_then(|s| s.parse().ok())
            .unwrap_or(if quick { 1000 } else { 5000 }),
        time: Duration::from_secs_f64(
            value_of(&args, "--seconds")
                .and_then(|s| s.parse().ok())
                .unwrap_or(if quick { 1.0 } else { 4.0 }),
        ),
    };
    let clients: Vec<usize> = value_of(&args, "--clients")
        .map(|s| s.split(',').filter_map(|c| c.trim().parse().ok()).collect())
        .unwrap_or_else(|| vec![1, 4, 16]);
    let workers = value_of(&args, "--workers").and_then(|s| s.parse().ok());
    let profile_name = value_of(&args, "--profile").unwrap_or_else(|| "hodoku".to_string());
    let profile: Profile = profile_name
        .parse()
        .expect("a profile: se, hodoku, extended...");
    let most_clients = clients.iter().copied().max().unwrap_or(1);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());

    // Room for every client waiting: no 503 from the load itself.
    let server = start_server(workers, most_clients.max(16) * 2);
    let pid = server.pid();
    let sets = shared_sets().unwrap_or_else(|| {
        println!("../shared/data not found: levels from /api/generate, 3 literal forum-hardest");
        generated_sets(&server.addr)
    });

    // The server's resident memory, sampled: the most over the whole run and over each row.
    let (peak_run, peak_row) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let stop = Arc::new(AtomicBool::new(false));
    let sampler = {
        let (peak_run, peak_row, stop) = (peak_run.clone(), peak_row.clone(), stop.clone());
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                if let Some(kb) = status_kb(pid, "VmRSS") {
                    peak_run.fetch_max(kb, Ordering::Relaxed);
                    peak_row.fetch_max(kb, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        })
    };

    println!(
        "stepwise serve on {} (pid {pid}), {} workers, queue {}; {cores} cores here, shared \
         with other work (load average {} at the start)",
        server.addr,
        workers.map_or("default".to_string(), |w| w.to_string()),
        most_clients.max(16) * 2,
        loadavg()
    );
    println!(
        "each row: no new request after {} requests or {:.1} s; keep-alive connections, one per \
         client; hint = level full, explain: both with profile {profile_name}",
        bounds.requests,
        bounds.time.as_secs_f64()
    );
    println!(
        "hint = the puzzle as given (its first step); hint-hs = the pencilmark grid just before \
         the hodoku path's hardest step (where a stuck player asks)\nlib p50 = the same request \
         in-process on one thread, same run (parse, library call, JSON); p50/lib = HTTP + queue \
         + pool on top of it\n"
    );
    println!(
        "{:<8} {:<14} {:>7} {:>5} {:>6} {:>8} {:>9} {:>9} {:>9} {:>9} {:>8} {:>7}",
        "endpoint",
        "set",
        "clients",
        "reqs",
        "errors",
        "req/s",
        "p50 ms",
        "p99 ms",
        "max ms",
        "lib p50",
        "p50/lib",
        "rss MB"
    );
    let mut verdicts = Vec::new();
    for endpoint in [Endpoint::Hint, Endpoint::HintStuck, Endpoint::Explain] {
        for set in &sets {
            let label = format!("{} {}", endpoint.name(), set.label);
            if only.as_ref().is_some_and(|o| !label.contains(o.as_str())) {
                continue;
            }
            if set.puzzles.is_empty() {
                println!(
                    "{:<8} {:<14} skipped: no puzzles",
                    endpoint.name(),
                    set.label
                );
                continue;
            }
            let states = endpoint.states(set);
            let lib = baseline(endpoint, &states, profile, bounds);
            let bodies: Vec<Vec<u8>> = states
                .iter()
                .map(|p| endpoint.body(p, &profile_name))
                .collect();
            for &n in &clients {
                peak_row.store(0, Ordering::Relaxed);
                let outcome = load(&server.addr, endpoint.path(), &bodies, n, bounds);
                // A row shorter than the sampler's period is read once at its end.
                if let Some(kb) = status_kb(pid, "VmRSS") {
                    peak_row.fetch_max(kb, Ordering::Relaxed);
                    peak_run.fetch_max(kb, Ordering::Relaxed);
                }
                let count = outcome.latencies.len();
                let errors: usize = outcome.errors.iter().map(|(_, n)| n).sum();
                let p50 = quantile(&outcome.latencies, 0.5);
                let p99 = quantile(&outcome.latencies, 0.99);
                let max = outcome.latencies.last().copied().unwrap_or_default();
                let statuses: Vec<String> = outcome
                    .errors
                    .iter()
                    .map(|(s, n)| format!("{s}x{n}"))
                    .collect();
                println!(
                    "{:<8} {:<14} {:>7} {:>5} {:>6} {:>8.1} {:>9.2} {:>9.2} {:>9.2} {:>9.2} {:>8.1} {:>7.1}{}",
                    endpoint.name(),
                    set.label,
                    n,
                    count,
                    errors,
                    count as f64 / outcome.wall.as_secs_f64(),
                    ms(p50),
                    ms(p99),
                    ms(max),
                    ms(lib),
                    p50.as_secs_f64() / lib.as_secs_f64().max(1e-9),
                    peak_row.load(Ordering::Relaxed) as f64 / 1024.0,
                    if statuses.is_empty() {
                        String::new()
                    } else {
                        format!("  ({})", statuses.join(", "))
                    }
                );
                if endpoint != Endpoint::Explain && !set.label.starts_with("Extreme") {
                    let target = if set.hardest {
                        HINT_TARGET_HARDEST
                    } else {
                        HINT_TARGET_EASY
                    };
                    verdicts.push((endpoint.name(), set.label.clone(), n, p99, target, errors));
                }
            }
        }
    }
    stop.store(true, Ordering::Relaxed);
    let _ = sampler.join();
    let hwm = status_kb(pid, "VmHWM");
    drop(server);

    println!(
        "\nserver memory: peak RSS {} (VmHWM), most sampled VmRSS {:.1} MB; load average {} at \
         the end",
        hwm.map_or("?".to_string(), |kb| format!(
            "{:.1} MB",
            kb as f64 / 1024.0
        )),
        peak_run.load(Ordering::Relaxed) as f64 / 1024.0,
        loadavg()
    );
    if !verdicts.is_empty() {
        println!("targets: hint p99 < 20 ms on Easy..Unfair, < 1.5 s on forum-hardest");
        for (endpoint, set, n, p99, target, errors) in verdicts {
            println!(
                "  {endpoint:<7} {set:<14} {n:>2} clients: p99 {:>9.2} ms vs {:>6.0} ms  {}",
                ms(p99),
                ms(target),
                if p99 < target && errors == 0 {
                    "met"
                } else if errors > 0 {
                    "MISSED (errors)"
                } else {
                    "MISSED"
                }
            );
        }
    }
}
