//! Where the pipeline's time goes: runs each technique's finder at every state of the traces of
//! a shared set and sums the time per technique. Run:
//! `cargo run --release --example technique_time [FILE] [LIMIT] [se|hodoku]`.

use std::time::Instant;

use stepwise::finders::first;
use stepwise::grid::Grid;
use stepwise::pipeline::{apply, next_step, Options};

#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/data/top1465.txt".into());
    let limit: usize = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: {path} not found");
        return;
    };
    let options = match std::env::args().nth(3).as_deref() {
        Some("hodoku") => Options::hodoku(),
        _ => Options::sudoku_explainer(),
    };
    let mut totals = vec![0f64; options.techniques.len()];
    let mut calls = vec![0usize; options.techniques.len()];
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(limit)
    {
        let cells = puzzle_line::cells(line);
        let mut grid = Grid::from_puzzle(&cells);
        // Replays the pipeline, timing each technique tried at each state.
        while !grid.is_solved() {
            let mut found = None;
            for (i, &t) in options.techniques.iter().enumerate() {
                let start = Instant::now();
                let step = first(t, &grid);
                totals[i] += start.elapsed().as_secs_f64();
                calls[i] += 1;
                if step.is_some() {
                    found = step;
                    break;
                }
            }
            match found {
                Some(step) => apply(&mut grid, &step),
                None => break,
            }
        }
        let _ = next_step;
    }
    let sum: f64 = totals.iter().sum();
    for (i, t) in options.techniques.iter().enumerate() {
        println!(
            "{:<40} {:>9} calls {:>9.1} ms {:>5.1}%",
            t.to_string(),
            calls[i],
            totals[i] * 1e3,
            100.0 * totals[i] / sum
        );
    }
}
