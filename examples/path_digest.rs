//! Every step the se, hodoku and extended profiles take on the first puzzles of a file, one line
//! each (puzzle, profile, a hash of the whole step, its notation), to check that a change meant
//! for speed alone leaves every path as it was: run it before and after and compare the
//! outputs (`cmp`). Run: `cargo run --release --example path_digest FILE [LIMIT] > out.txt`
//! (LIMIT defaults to 300); the number of steps goes to stderr.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options};

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
        let mut cells = [0u8; 81];
        for (k, ch) in line.chars().take(81).enumerate() {
            cells[k] = ch.to_digit(10).unwrap_or(0) as u8;
        }
        let grid = Grid::from_puzzle(&cells);
        for (name, options) in [
            ("se", Options::sudoku_explainer()),
            ("hodoku", Options::hodoku()),
            ("extended", Options::extended()),
        ] {
            let trace = solve(&grid, &options);
            println!("{i} {name} {:?}", trace.status);
            for step in &trace.steps {
                // The debug form holds every field: pattern, text, rating bonus.
                let mut hasher = DefaultHasher::new();
                format!("{step:?}").hash(&mut hasher);
                println!("{i} {name} {:016x} {}", hasher.finish(), step.notation());
                steps += 1;
            }
        }
    }
    eprintln!("{steps} steps");
}
