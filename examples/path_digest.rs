//! Every step the se, hodoku and extended profiles take on the first puzzles of a file, one line
//! each (puzzle, profile, a hash of the step, its rating, its notation), to check that a change
//! meant for speed or structure alone leaves every path as it was: run it before and after and
//! compare the outputs (`cmp`). Run: `cargo run --release --example path_digest FILE [LIMIT] >
//! out.txt` (LIMIT defaults to 300); the number of steps goes to stderr.
//!
//! The hash covers what a step says, field by field (technique, placements, eliminations,
//! pattern, subject, sentence) and the exact bits of `Step::rating()`, not the step's debug
//! form: how a step stores what its rating rests on may change without changing a path.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options};
use stepwise::step::Step;

#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

/// A hash of everything a step tells a reader, its rating to the last bit included.
fn step_hash(step: &Step) -> u64 {
    let mut hasher = DefaultHasher::new();
    format!("{:?}", step.technique).hash(&mut hasher);
    format!("{:?}", step.placements).hash(&mut hasher);
    format!("{:?}", step.eliminations).hash(&mut hasher);
    format!("{:?}", step.pattern).hash(&mut hasher);
    step.subject.hash(&mut hasher);
    step.text.hash(&mut hasher);
    step.rating().to_bits().hash(&mut hasher);
    hasher.finish()
}

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: path_digest FILE [LIMIT]");
        std::process::exit(2);
    };
    let limit: usize = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            std::process::exit(1);
        }
    };
    let mut steps = 0;
    for (i, line) in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(limit)
        .enumerate()
    {
        let grid = Grid::from_puzzle(&puzzle_line::cells(line));
        for (name, options) in [
            ("se", Options::sudoku_explainer()),
            ("hodoku", Options::hodoku()),
            ("extended", Options::extended()),
        ] {
            let trace = solve(&grid, &options);
            println!("{i} {name} {:?}", trace.status);
            for step in &trace.steps {
                println!(
                    "{i} {name} {:016x} {:016x} {}",
                    step_hash(step),
                    step.rating().to_bits(),
                    step.notation()
                );
                steps += 1;
            }
        }
    }
    eprintln!("{steps} steps");
}
