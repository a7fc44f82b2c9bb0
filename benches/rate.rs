//! Throughput of `rate` (logical solve + rating) per shared set, on one core and on all cores,
//! beside a baseline measured in the same run on the same puzzles: the complete solver's
//! uniqueness check, which `rate` also performs first (so `rate/check` is what the human-style
//! path costs on top of merely validating the puzzle).
//!
//! Run: `cargo bench --bench rate` (the se, hodoku and extended profiles), or with arguments
//! after `--`: `--profile se|hodoku|extended` for one profile, `--quick` for smaller sets (a tenth, at least 50
//! puzzles; no 11+ puzzles), `--jobs N` for the all-cores pass (default: every core),
//! `--only TEXT` for the sets whose label contains TEXT.
//!
//! Columns: µs per puzzle for the check and for `rate` on one core (wall clock, then the
//! thread's own CPU time, which a busy shared machine does not inflate); `rate/chk`, the CPU
//! time of `rate` over the check's; puzzles per second on one core and with N threads (each
//! thread takes the next puzzle in turn); the speed-up of N threads over one; the slowest
//! puzzle on one core; the mean ER. Sets that take under a second are timed up to seven times
//! and the best pass is printed.

#[path = "common/args.rs"]
mod bench_args;
use bench_args::value_of;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options};
use stepwise::rating::rate;
use stepwise::solver::count_solutions;

#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

#[path = "../src/allocator.rs"]
mod allocator;

/// The allocator the `stepwise` binary ships with, set as the binary sets it, so these figures
/// are the CLI's.
#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;
#[path = "../src/purge_delay.rs"]
mod purge_delay;

/// A set: file, how many puzzles to take, and the most Sudoku Explainer's own ER (tsv column
/// 2 of a rated file) may be, if only the easy puzzles are kept.
struct Set {
    label: &'static str,
    file: &'static str,
    limit: usize,
    max_er: Option<f64>,
}

const SETS: &[Set] = &[
    // Easy as Sudoku Explainer rates it: singles only (ER up to 2.3, SE's own ratings).
    // Kaggle's "Beginner" and "Easy" labels are not: SE rates some of them 7 to 8.
    Set {
        label: "easy (se121 ER <= 2.3)",
        file: "rated/se121.tsv",
        limit: 975,
        max_er: Some(2.3),
    },
    Set {
        label: "rated/se121.tsv",
        file: "rated/se121.tsv",
        limit: 975,
        max_er: None,
    },
    Set {
        label: "labeled/kaggle-5000.tsv",
        file: "labeled/kaggle-5000.tsv",
        limit: 5000,
        max_er: None,
    },
    Set {
        label: "17-clue.txt",
        file: "17-clue.txt",
        limit: 2000,
        max_er: None,
    },
    Set {
        label: "top1465.txt",
        file: "top1465.txt",
        limit: 1465,
        max_er: None,
    },
    // Nested forcing chains take seconds per puzzle of this list.
    Set {
        label: "forum-hardest-11plus.txt",
        file: "forum-hardest-11plus.txt",
        limit: 5,
        max_er: None,
    },
];

/// CPU time of the calling thread in seconds, so one-core figures do not count time lost to
/// other processes on a shared machine; `None` off Linux.
#[cfg(target_os = "linux")]
fn thread_cpu_seconds() -> Option<f64> {
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanos: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec {
        seconds: 0,
        nanos: 0,
    };
    // SAFETY: clock_gettime writes one timespec through a valid pointer to a local.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    (status == 0).then(|| time.seconds as f64 + time.nanos as f64 / 1e9)
}

#[cfg(not(target_os = "linux"))]
fn thread_cpu_seconds() -> Option<f64> {
    None
}

fn puzzles_of(text: &str, set: &Set, limit: usize) -> Vec<[u8; 81]> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter(|l| {
            set.max_er.is_none_or(|most| {
                l.split('\t')
                    .nth(1)
                    .and_then(|er| er.parse::<f64>().ok())
                    .is_some_and(|er| er <= most)
            })
        })
        .take(limit)
        .map(puzzle_line::cells)
        .collect()
}

/// Runs `f` and returns its value, wall-clock seconds and this thread's CPU seconds (the wall
/// clock where CPU time is not available).
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64, f64) {
    let cpu_start = thread_cpu_seconds();
    let start = Instant::now();
    let value = f();
    let wall = start.elapsed().as_secs_f64();
    let cpu = cpu_start
        .zip(thread_cpu_seconds())
        .map_or(wall, |(a, b)| b - a);
    (value, wall, cpu)
}

/// Rates every puzzle on `jobs` threads, each taking the next puzzle in turn; the wall time.
fn rate_on_threads(puzzles: &[[u8; 81]], options: &Options, jobs: usize) -> f64 {
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(p) = puzzles.get(i) else { break };
                std::hint::black_box(rate(&solve(&Grid::from_puzzle(p), options)));
            });
        }
    });
    start.elapsed().as_secs_f64()
}

fn main() {
    purge_delay::give_memory_back_sooner();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let only = value_of(&args, "--only");
    let option = |flag: &str| value_of(&args, flag);
    let profiles: Vec<(&str, Options)> = match option("--profile").as_deref() {
        Some("se") => vec![("se", Options::sudoku_explainer())],
        Some("extended") => vec![("extended", Options::extended())],
        Some("hodoku") => vec![("hodoku", Options::hodoku())],
        _ => vec![
            ("se", Options::sudoku_explainer()),
            ("hodoku", Options::hodoku()),
            ("extended", Options::extended()),
        ],
    };
    let jobs = option("--jobs")
        .and_then(|j| j.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    for (profile, options) in &profiles {
        println!("\nprofile {profile}; baseline = uniqueness check on the same puzzles, same run");
        println!(
            "{:<28} {:>7} {:>9} {:>10} {:>10} {:>9} {:>11} {:>8} {:>10} {:>9} {:>7}",
            "set",
            "puzzles",
            "check µs",
            "rate µs",
            "rate cpu µs",
            "rate/chk",
            "1 core p/s",
            format!("{jobs} cores"),
            "speed-up",
            "worst ms",
            "mean ER"
        );
        for set in SETS {
            if quick && set.limit <= 5
                || only
                    .as_ref()
                    .is_some_and(|o| !set.label.contains(o.as_str()))
            {
                continue;
            }
            let Ok(text) = std::fs::read_to_string(dir.join(set.file)) else {
                println!("{:<28} skipped: ../shared/data not found", set.label);
                continue;
            };
            let limit = if quick {
                (set.limit / 10).max(50)
            } else {
                set.limit
            };
            let puzzles = puzzles_of(&text, set, limit);
            let n = puzzles.len() as f64;

            // Short sets are timed several times and the best pass kept (a shared machine
            // only ever adds time); one pass of a set that takes seconds is enough.
            let (mut check, mut check_cpu) = (f64::MAX, f64::MAX);
            let (mut serial, mut cpu) = (f64::MAX, f64::MAX);
            let (mut er_sum, mut worst) = (0.0, 0.0f64);
            let mut spent = 0.0;
            let mut passes = 0;
            while passes == 0 || (passes < 7 && spent < 1.0) {
                passes += 1;
                let (unique, wall, thread) = timed(|| {
                    puzzles
                        .iter()
                        .filter(|p| count_solutions(p, 2).count == 1)
                        .count()
                });
                assert_eq!(
                    unique,
                    puzzles.len(),
                    "{}: every puzzle is unique",
                    set.label
                );
                check = check.min(wall);
                check_cpu = check_cpu.min(thread);
                let ((sum, slowest), wall, thread) = timed(|| {
                    let (mut sum, mut slowest) = (0.0, 0.0f64);
                    for p in &puzzles {
                        let one = Instant::now();
                        sum += rate(&solve(&Grid::from_puzzle(p), options)).er;
                        slowest = slowest.max(one.elapsed().as_secs_f64());
                    }
                    (sum, slowest)
                });
                (er_sum, worst) = (
                    sum,
                    if passes == 1 {
                        slowest
                    } else {
                        worst.min(slowest)
                    },
                );
                serial = serial.min(wall);
                cpu = cpu.min(thread);
                spent += wall;
            }
            let mut parallel = f64::MAX;
            for _ in 0..passes {
                parallel = parallel.min(rate_on_threads(&puzzles, options, jobs));
            }
            println!(
                "{:<28} {:>7} {:>9.1} {:>10.1} {:>10.1} {:>9.1} {:>11.1} {:>8.1} {:>10.2} {:>9.1} {:>7.2}",
                set.label,
                puzzles.len(),
                check / n * 1e6,
                serial / n * 1e6,
                cpu / n * 1e6,
                cpu / check_cpu,
                n / serial,
                n / parallel,
                serial / parallel,
                worst * 1e3,
                er_sum / n
            );
        }
    }
}
