//! How many puzzles of each shared set each technique profile solves to the end, and how fast.
//! Run: `cargo run --release --example coverage [LIMIT]` (LIMIT puzzles per set, default 2000).

use std::time::Instant;

use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options, Status};
use stepwise::technique::{Family, Technique};

#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

fn main() {
    let limit: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    let basic = [
        Family::Singles,
        Family::Direct,
        Family::Intersections,
        Family::Subsets,
    ];
    let without_chains = |options: Options| Options {
        techniques: options
            .techniques
            .into_iter()
            .filter(|t| !matches!(t.family(), Family::Chains | Family::ForcingChains))
            .collect(),
        step_limit: None,
        choice: Default::default(),
        time_limit: None,
    };
    // Nested forcing chains (seconds to minutes a puzzle) are left out: `chain_timing` times
    // them on samples.
    let profiles: Vec<(&str, Options)> = vec![
        (
            "singles+LC+subsets (SE)",
            Options {
                techniques: Options::sudoku_explainer()
                    .techniques
                    .into_iter()
                    .filter(|t| basic.contains(&t.family()))
                    .collect(),
                step_limit: None,
                choice: Default::default(),
                time_limit: None,
            },
        ),
        ("SE, no chains", without_chains(Options::sudoku_explainer())),
        (
            "SE up to Dynamic (+)",
            Options::sudoku_explainer().up_to(Technique::DynamicForcingChainsPlus),
        ),
        ("extended, no chains", without_chains(Options::extended())),
        (
            "extended up to Dynamic (+)",
            Options::extended().up_to(Technique::DynamicForcingChainsPlus),
        ),
    ];
    let sets = [
        "rated/se121.tsv",
        "rated/hodoku.tsv",
        "rated/sukaku-exchange.tsv",
        "labeled/kaggle-5000.tsv",
        "top1465.txt",
        "17-clue.txt",
        "forum-hardest-11plus.txt",
    ];
    println!(
        "{:<28} {:>7}  {:<26} {:>8} {:>10}",
        "set", "puzzles", "profile", "solved", "µs/puzzle"
    );
    for set in sets {
        let Ok(text) = std::fs::read_to_string(dir.join(set)) else {
            println!("{set:<28} skipped: ../shared/data not found");
            continue;
        };
        let puzzles: Vec<[u8; 81]> = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .take(limit)
            .map(puzzle_line::cells)
            .collect();
        for (name, options) in &profiles {
            let start = Instant::now();
            let solved = puzzles
                .iter()
                .filter(|p| solve(&Grid::from_puzzle(p), options).status == Status::Solved)
                .count();
            let us = start.elapsed().as_secs_f64() * 1e6 / puzzles.len() as f64;
            println!(
                "{set:<28} {:>7}  {name:<26} {solved:>8} {us:>10.0}",
                puzzles.len()
            );
        }
    }
}
