//! Dev tool for the chain techniques: replays HoDoKu's own solving paths
//! (`../shared/data/rated/hodoku-paths.txt`) and, at each of HoDoKu's chain steps, compares
//! the first step of Stepwise's finder for the same technique with HoDoKu's deduction.
//!
//! Prints, per technique, how many of HoDoKu's steps Stepwise finds at all and how many as its
//! first step; with `--examples`, every state where the first steps agree and a near miss
//! exists (one candidate put back that no placed digit excludes, after which the finder finds
//! nothing), as pencilmark grids ready for a catalog page.
//!
//! Run: `cargo run --release --example hodoku_chains [-- --examples]`.

use std::collections::BTreeMap;

use stepwise::finders::{all, first};
use stepwise::format::to_pencilmark;
use stepwise::geometry::{cell_at, cell_name, peers};
use stepwise::grid::Grid;
use stepwise::step::Candidate;
use stepwise::technique::{Family, Technique};

#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

/// HoDoKu's step text split into its technique name, placements and eliminations.
fn hodoku_step(text: &str) -> Option<(String, Vec<Candidate>, Vec<Candidate>)> {
    let (name, rest) = text.split_once(": ").or_else(|| text.split_once(" => "))?;
    let deductions = rest.rsplit_once("=> ").map_or(rest, |(_, d)| d);
    let (mut placed, mut removed) = (Vec::new(), Vec::new());
    for group in deductions.split(", ") {
        let (cells, digits, target) = if let Some((c, d)) = group.split_once("<>") {
            (c, d, &mut removed)
        } else {
            let (c, d) = group.split_once('=')?;
            (c, d, &mut placed)
        };
        for part in cells.split(',') {
            let (rows, cols) = part.strip_prefix('r')?.split_once('c')?;
            for r in rows.chars() {
                for c in cols.chars() {
                    for d in digits.trim().chars() {
                        let (r, c, d) = (r.to_digit(10)?, c.to_digit(10)?, d.to_digit(10)?);
                        target.push(Candidate::new(
                            cell_at(r as usize - 1, c as usize - 1),
                            d as u8,
                        ));
                    }
                }
            }
        }
    }
    Some((name.to_string(), placed, removed))
}

/// The grid with `digit` put back into `cell`.
fn with_candidate(grid: &Grid, cell: usize, digit: u8) -> Grid {
    let mut masks = grid.candidate_masks();
    masks[cell] |= 1 << (digit - 1);
    Grid::from_pencilmarks(grid.values(), &masks)
}

fn main() {
    let examples = std::env::args().any(|a| a == "--examples");
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/rated/hodoku-paths.txt"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipped: {path} not found");
        return;
    };
    // technique -> (HoDoKu steps, found anywhere, found first)
    let mut tally: BTreeMap<Technique, (usize, usize, usize)> = BTreeMap::new();
    let mut grid = Grid::empty();
    let mut puzzle = String::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("puzzle: ") {
            puzzle = rest.split_whitespace().next().unwrap_or("").to_string();
            let cells = puzzle_line::cells(&puzzle);
            grid = Grid::from_puzzle(&cells);
            continue;
        }
        let Some((_, step_text)) = line.trim_start().split_once("] ") else {
            continue;
        };
        let Some((name, placed, removed)) = hodoku_step(step_text) else {
            continue;
        };
        if let Some(t) = Technique::parse(&name).filter(|t| t.family() == Family::Chains) {
            let mut wanted = removed.clone();
            wanted.sort();
            let entry = tally.entry(t).or_default();
            entry.0 += 1;
            let steps = all(t, &grid);
            entry.1 += steps.iter().any(|s| s.eliminations == wanted) as usize;
            let agrees = first(t, &grid).is_some_and(|s| s.eliminations == wanted);
            entry.2 += agrees as usize;
            if examples && agrees {
                let miss = (0..81)
                    .filter(|&c| grid.value(c) == 0)
                    .flat_map(|c| (1..=9u8).map(move |d| (c, d)))
                    .find(|&(c, d)| {
                        !grid.candidates(c).contains(d)
                            && !peers(c).iter().any(|p| grid.value(p) == d)
                            && all(t, &with_candidate(&grid, c, d)).is_empty()
                    });
                if let Some((c, d)) = miss {
                    println!("==== {t} (puzzle {puzzle})\nHoDoKu: {step_text}");
                    println!("{}", to_pencilmark(grid.values(), &grid.candidate_masks()));
                    println!("step: {}", steps[0]);
                    println!("text: {}", steps[0].text);
                    println!("near miss: put {d} back into {}", cell_name(c));
                    let near = with_candidate(&grid, c, d);
                    println!("{}", to_pencilmark(near.values(), &near.candidate_masks()));
                }
            }
        }
        for p in &placed {
            grid.place(p.cell, p.digit);
        }
        for e in &removed {
            grid.eliminate(e.cell, e.digit);
        }
    }
    println!("technique: HoDoKu steps, found by Stepwise, found as its first step");
    for (t, (n, found, first)) in tally {
        println!("{t}: {n}, {found}, {first}");
    }
}
