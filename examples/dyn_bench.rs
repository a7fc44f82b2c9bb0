//! Times SE's plain chaining searches that nested chains run inside (Forcing Chains & Cycles,
//! Multiple and Dynamic Forcing Chains) on the grid one hard puzzle reaches after STEPS steps
//! of SE's path, each run RUNS times.
//! Run: `cargo run --release --example dyn_bench -- PUZZLE [STEPS] [RUNS]`.

#[path = "../src/allocator.rs"]
mod allocator;

#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;

use std::time::Instant;

use stepwise::finders::forcing_chains::{search, Rule};
use stepwise::grid::Grid;
use stepwise::pipeline::{apply, next_step, Options};

#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let line = args.first().expect("a puzzle");
    let steps: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(40);
    let runs: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(300);
    let cells = puzzle_line::cells(line);
    let mut grid = Grid::from_puzzle(&cells);
    let options = Options::sudoku_explainer();
    for _ in 0..steps {
        let Some(step) = next_step(&grid, &options) else {
            break;
        };
        apply(&mut grid, &step);
    }
    for (name, rule) in [
        ("Forcing Chains & Cycles", Rule::FORCING_CHAINS_AND_CYCLES),
        ("Multiple Forcing Chains", Rule::MULTIPLE),
        ("Dynamic Forcing Chains", Rule::DYNAMIC),
    ] {
        let started = Instant::now();
        let mut hints = 0;
        for _ in 0..runs {
            hints += search(rule, &grid).len();
        }
        let each = started.elapsed().as_secs_f64() / runs as f64;
        println!(
            "{name}: {:.1} µs per search, {} hints",
            each * 1e6,
            hints / runs
        );
    }
}
