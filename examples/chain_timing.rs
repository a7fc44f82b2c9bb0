//! Time per puzzle of the logical solve with Sudoku Explainer's profile over a corpus: how many
//! puzzles are solved, the median and worst time, and the slowest puzzles with their ER.
//! Run: `cargo run --release --example chain_timing -- FILE [COUNT] [--up-to SLUG]
//! [--stride N]` (`--up-to dynamic-forcing-chains-plus` leaves out the techniques after that
//! one; `--extended` times the extended profile instead; `--stride N` takes every N-th puzzle,
//! `--skip K` starts at the K-th, so runs with the same stride and other offsets cover the rest).
//! Both wall time and the thread's CPU time are reported: on a shared machine the CPU time is
//! what one core would need.

use std::time::Instant;

#[path = "../src/allocator.rs"]
mod allocator;

/// The allocator the `stepwise` binary ships with, so these times are the CLI's.
#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;

use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options, Status};
use stepwise::rating::rate;
use stepwise::technique::Technique;

#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .cloned()
        .unwrap_or_else(|| "../shared/data/top1465.txt".into());
    let count: usize = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(usize::MAX);
    let mut options = if args.iter().any(|a| a == "--extended") {
        Options::extended()
    } else {
        Options::sudoku_explainer()
    };
    if let Some(i) = args.iter().position(|a| a == "--up-to") {
        let last = Technique::parse(&args[i + 1]).expect("a technique slug");
        options = options.up_to(last);
    }
    // The number after a flag, or `default`.
    let number_after = |flag: &str, default: usize| -> usize {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(default)
    };
    let stride = number_after("--stride", 1);
    let skip = number_after("--skip", 0);
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: {path} not found");
        return;
    };
    let mut times = Vec::new();
    let mut solved = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .skip(skip)
        .step_by(stride.max(1))
        .take(count)
    {
        let cells = puzzle_line::cells(line);
        let start = Instant::now();
        let cpu_start = thread_cpu_seconds();
        let trace = solve(&Grid::from_puzzle(&cells), &options);
        let seconds = start.elapsed().as_secs_f64();
        let cpu = thread_cpu_seconds() - cpu_start;
        let done = trace.status == Status::Solved;
        solved += done as usize;
        let r = rate(&trace);
        times.push((seconds, cpu));
        eprintln!(
            "{seconds:8.3}s wall {cpu:8.2}s cpu  ER {:4.1}  {}  {}",
            r.er,
            if done { "solved" } else { "NOT SOLVED" },
            &line[..81.min(line.len())]
        );
    }
    let summary = |values: Vec<f64>| {
        let mut sorted = values;
        sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
        let worst = sorted.last().copied().unwrap_or(0.0);
        let total: f64 = sorted.iter().sum();
        format!("median {median:.3} s, worst {worst:.3} s, total {total:.1} s")
    };
    println!(
        "{path}: {} puzzles, {solved} solved; wall: {}; cpu: {}",
        times.len(),
        summary(times.iter().map(|t| t.0).collect()),
        summary(times.iter().map(|t| t.1).collect())
    );
}

/// CPU time this thread has used (Linux: user + system ticks of /proc/thread-self/stat, at
/// the usual 100 ticks a second; 0 elsewhere).
fn thread_cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/thread-self/stat") else {
        return 0.0;
    };
    // Fields after the command name (which is in parentheses and may hold spaces).
    let Some((_, rest)) = stat.rsplit_once(')') else {
        return 0.0;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) / 100.0
}
