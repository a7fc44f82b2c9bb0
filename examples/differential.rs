//! Every puzzle of the shared corpora through every complete-solver engine and the logical
//! solver (`tests/common/differential.rs`), with the counts per corpus:
//!
//! ```sh
//! cargo run --release --example differential -- [N] [--logic-ms MS] [--jobs J] [--nodes K] [--engines A,B] [--corpora C,D]
//! ```
//!
//! `N`: at most this many puzzles from each corpus (default: all, about 127,000 in all);
//! `--nodes`: the classic engines' node limit per puzzle (default 2,000,000; a run past it is
//! counted as cut, and what it found is still checked); `--engines`: the engines compared with
//! the reference (default: all of `ENGINES`); `--corpora`: the corpora read (names as in
//! `CORPORA`, default all);
//! `--logic-ms`: the logical solver's time per puzzle (default 20; a puzzle past it counts as
//! `logic_timeout`, and the steps it took are still checked against the solutions);
//! `--jobs`: threads (default: every core). Exits 1 when anything disagrees.
//!
//! Runs of 2026-12-03 (a loaded 2-core machine), each over all 127,415 puzzles with 0
//! disagreements: none 0, unique 117,415, many 10,000 (all of multi-solution.txt).
//! - `--logic-ms 10 --jobs 2` (Stepwise's solver and the `sudoku` crate; 1,152 s): logic solved
//!   60,582, stopped 6, timeout 66,827 (all of forum-hardest-11plus and se-hardest, which need
//!   chains past 10 ms; the limit is wall time, so a loaded machine adds timeouts on easy
//!   corpora too).
//! - `--logic-ms 1 --jobs 1 --nodes 50000 --engines naive,backtrack,fc` (3,561 s): naive and
//!   backtrack decided 21,402 puzzles and were cut on 106,013 (nearly all of 17-clue and
//!   forum-hardest need more nodes than that); fc decided 27,697. Nothing they found disagreed.
//! - `--logic-ms 1 --jobs 1 --nodes 200000 --engines "sudoku crate,fc-mrv,fc-mrv-lcv,mac,cost,dlx,fast"`
//!   was split by corpora (`--corpora`) to finish in a session. All 127,415 puzzles, 0
//!   disagreements:
//!   - 17-clue: 49,158 puzzles in about 105 CPU minutes. `mac` and `cost` spend 20 to 30 ms a
//!     puzzle there. The run used a build that printed engine counts only at its end, and it
//!     was stopped after the corpus's row, so 17-clue's cut counts are not known.
//!   - forum-hardest-11plus: 48,765 puzzles, about 28 CPU minutes, every one decided by every
//!     engine.
//!   - The other nine corpora: 29,492 puzzles in 284 s. The `sudoku` crate, `dlx` and `fast`
//!     decided them all; `mac` all but 4; `fc-mrv`, `fc-mrv-lcv` and `cost` all but 54 (26, 30
//!     and 32 of those after finding the solution, which was checked).

#[path = "../tests/common/differential.rs"]
mod differential;
#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use differential::{check, Settings, Tally, CORPORA, ENGINES};

struct Args {
    limit: usize,
    corpora: Vec<&'static str>,
    settings: Settings,
    jobs: usize,
}

/// The names of a comma-separated `list`, each one of `known`; an unknown name stops the run.
fn pick(list: &str, flag: &str, known: &[&'static str]) -> Vec<&'static str> {
    list.split(',')
        .map(|name| {
            *known
                .iter()
                .find(|k| **k == name.trim())
                .unwrap_or_else(|| panic!("{flag}: no {name:?} (one of {known:?})"))
        })
        .collect()
}

fn args() -> Args {
    let mut args = Args {
        limit: usize::MAX,
        corpora: CORPORA.to_vec(),
        settings: Settings::all(Duration::from_millis(20), 2_000_000),
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut it = std::env::args().skip(1);
    let number = |value: Option<String>, what: &str| -> usize {
        value
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{what} takes a whole number"))
    };
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--logic-ms" => {
                args.settings.logic_limit =
                    Duration::from_millis(number(it.next(), "--logic-ms") as u64)
            }
            "--corpora" => {
                args.corpora = pick(&it.next().unwrap_or_default(), "--corpora", CORPORA)
            }
            "--nodes" => args.settings.node_limit = number(it.next(), "--nodes") as u64,
            "--engines" => {
                let known: Vec<&'static str> = ENGINES[1..].iter().map(|e| e.name).collect();
                let names = pick(&it.next().unwrap_or_default(), "--engines", &known);
                args.settings = args.settings.clone().only(&names);
            }
            "--jobs" => args.jobs = number(it.next(), "--jobs").max(1),
            n => args.limit = number(Some(n.to_string()), "N"),
        }
    }
    args
}

/// The first field of each puzzle line of a corpus, at most `limit`.
fn read_corpus(path: &PathBuf, limit: usize) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .take(limit)
        .collect()
}

/// Checks `puzzles` on `jobs` threads, each a contiguous share.
fn tally(puzzles: &[String], settings: &Settings, jobs: usize) -> Tally {
    let share = puzzles.len().div_ceil(jobs).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = puzzles
            .chunks(share)
            .map(|chunk| {
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    for line in chunk {
                        tally.add(&check(&puzzle_line::cells(line), settings), line);
                    }
                    tally
                })
            })
            .collect();
        let mut total = Tally::default();
        for worker in workers {
            total.merge(&worker.join().expect("a worker ends"));
        }
        total
    })
}

fn main() {
    let args = args();
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if !data.is_dir() {
        eprintln!("skipped: ../shared/data not found");
        return;
    }
    let engines: Vec<&str> = std::iter::once(ENGINES[0].name)
        .chain(args.settings.compared().map(|e| e.name))
        .collect();
    println!(
        "engines: {} (the first is the reference); classic engines to {} nodes; logic: extended profile, {} ms per puzzle; {} threads",
        engines.join(", "),
        args.settings.node_limit,
        args.settings.logic_limit.as_millis(),
        args.jobs
    );
    println!("{}", Tally::header());
    let start = Instant::now();
    let mut total = Tally::default();
    for name in &args.corpora {
        let puzzles = read_corpus(&data.join(name), args.limit);
        let tally = tally(&puzzles, &args.settings, args.jobs);
        println!("{}", tally.row(name));
        // Each corpus's engine counts as it ends, so that a run split by corpora adds up.
        for row in tally.engine_rows(&args.settings) {
            println!("  {name}: {row}");
        }
        total.merge(&tally);
    }
    println!("{}", total.row("total"));
    for row in total.engine_rows(&args.settings) {
        println!("{row}");
    }
    println!("time: {:.1} s", start.elapsed().as_secs_f64());
    for line in total.disagreements.iter().take(20) {
        println!("disagreement: {line}");
    }
    if !total.disagreements.is_empty() {
        std::process::exit(1);
    }
}
