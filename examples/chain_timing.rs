//! Time per puzzle of the logical solve with Sudoku Explainer's profile over a corpus: how many
//! puzzles are solved, the median and worst time, and the slowest puzzles with their ER.
//! Run: `cargo run --release --example chain_timing -- FILE [COUNT] [--up-to SLUG]`
//! (`--up-to dynamic-forcing-chains-plus` leaves out the techniques after that one;
//! `--extended` times the extended profile instead).

use std::time::Instant;

use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options, Status};
use stepwise::rating::rate;
use stepwise::technique::Technique;

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
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: {path} not found");
        return;
    };
    let mut times = Vec::new();
    let mut solved = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(count)
    {
        let mut cells = [0u8; 81];
        for (i, ch) in line.chars().take(81).enumerate() {
            cells[i] = ch.to_digit(10).unwrap_or(0) as u8;
        }
        let start = Instant::now();
        let trace = solve(&Grid::from_puzzle(&cells), &options);
        let seconds = start.elapsed().as_secs_f64();
        solved += (trace.status == Status::Solved) as usize;
        let r = rate(&trace);
        times.push((seconds, r.er, line[..81.min(line.len())].to_string()));
        eprintln!(
            "{seconds:8.3}s  ER {:4.1}  {}",
            r.er,
            &line[..81.min(line.len())]
        );
    }
    let mut sorted: Vec<f64> = times.iter().map(|t| t.0).collect();
    sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
    let worst = sorted.last().copied().unwrap_or(0.0);
    let total: f64 = sorted.iter().sum();
    println!(
        "{path}: {} puzzles, {solved} solved; median {median:.3} s, worst {worst:.3} s, total {total:.1} s",
        times.len()
    );
}
