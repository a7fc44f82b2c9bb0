//! Time per step of one puzzle's Sudoku Explainer solve: which steps (and techniques) the
//! time goes to. Run: `cargo run --release --example step_timing -- PUZZLE [MIN_SECONDS]`.

use std::time::Instant;

#[path = "../src/allocator.rs"]
mod allocator;

/// The allocator the `stepwise` binary ships with, so these times are the CLI's.
#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;

use stepwise::grid::Grid;
use stepwise::pipeline::{apply, next_step, Options};

#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(line) = args.next() else {
        eprintln!("usage: step_timing PUZZLE [MIN_SECONDS]");
        std::process::exit(2);
    };
    let min: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(0.05);
    let cells = puzzle_line::cells(&line);
    let mut grid = Grid::from_puzzle(&cells);
    let options = Options::sudoku_explainer();
    let started = Instant::now();
    let mut count = 0;
    while !grid.is_solved() {
        let t = Instant::now();
        let Some(step) = next_step(&grid, &options) else {
            println!("stuck after {count} steps");
            break;
        };
        let seconds = t.elapsed().as_secs_f64();
        if seconds >= min {
            println!(
                "step {count}: {seconds:.2} s, {} {:.1}",
                step.technique,
                step.rating()
            );
        }
        apply(&mut grid, &step);
        count += 1;
    }
    println!(
        "total {:.2} s, {count} steps",
        started.elapsed().as_secs_f64()
    );
}
